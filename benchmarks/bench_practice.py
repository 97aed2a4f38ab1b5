"""Practice widget benchmark: time from a click on a card to the verdict drawn.

Run with::

    python benchmarks/bench_practice.py [--n 40] [--variants gin,basic,500,indian]
                                        [--source review|shipped] [--seed 0]

Each puzzle is fresh (a new :class:`~rummy_lab.widgets.PracticeWidget` on it, built
before the clock starts) and timed once: the click is the card's button turning on, as
the browser reports it, and the clock stops when the button's handler returns, the
verdict, the marked card, the buttons' states and the progress line all updated (the
verdict's HTML is checked to have changed). Only puzzles answered by a card (a throw)
are timed; the card clicked is the puzzle's plausible wrong move when it is a throw,
else its answer.

Puzzles come from reviewed hands (``--source review``: a random bot against the greedy
bot, its mistakes and blunders, :func:`rummy_lab.practice.from_review`, variants in
turn), or from the shipped set (``--source shipped``, once it is built). No browser is
attached: the widgets' comm is replaced by one that JSON-encodes every message it would
send, as a kernel does (``bench_widgets.py``), so the times include building and
encoding the updates; the browser's own drawing is not included. The figures printed
are the median, the 90th percentile and the worst time, with the command that made
them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator

from bench_widgets import CountingComm, install_comm

import rummy_lab as rl
from rummy_lab.bots import RandomBot, make_bot, play_hand
from rummy_lab.engine.moves import Discard, Move
from rummy_lab.engine.state import Phase
from rummy_lab.practice import Puzzle
from rummy_lab.widgets import PracticeWidget


def review_puzzles(variants: list[str], seed: int) -> Iterator[Puzzle]:
    """Puzzles from reviewed hands, variant after variant, forever."""
    hand = 0
    while True:
        variant = variants[hand % len(variants)]
        g = rl.new_game(variant, seed=seed * 1000 + hand)
        play_hand(g, [RandomBot(), make_bot("greedy", g.rules)], random.Random(hand))
        yield from rl.practice.from_review(rl.coach.review(g, 0))
        hand += 1


def shipped_puzzles(variants: list[str], seed: int, n: int) -> Iterator[Puzzle]:
    """Puzzles of the shipped set, ``n`` per variant."""
    for variant in variants:
        have = len(rl.practice.shipped(variant))
        yield from rl.practice.puzzles(variant, n=min(n, have), seed=seed)


def card_move(p: Puzzle) -> Move | None:
    """The throw to click: the plausible wrong move if it is one, else an answer that is
    one; None when the puzzle is not answered by a card."""
    if p.view.phase is not Phase.DISCARD:
        return None
    for m in (p.wrong, *p.answers):
        if isinstance(m, Discard):
            return m
    return None


def time_click(p: Puzzle, move: Move) -> tuple[float, int]:
    """Milliseconds from the card's click to the verdict drawn, and messages sent."""
    w = PracticeWidget(puzzles=[p])
    button = w.answer_button(move)
    before = w.verdict_view.value
    CountingComm.messages = 0
    t = time.perf_counter()
    button.value = True  # the browser's click on the card's button
    ms = (time.perf_counter() - t) * 1000
    if w.verdict_view.value == before or w.controller.verdict is None:
        raise RuntimeError(f"no verdict drawn for {move} in {p.id}")
    return ms, CountingComm.messages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=40, help="puzzles to time (default 40)")
    parser.add_argument("--variants", default="gin,basic,500,indian")
    parser.add_argument("--source", choices=("review", "shipped"), default="review")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    install_comm()
    source = (review_puzzles(variants, args.seed) if args.source == "review"
              else shipped_puzzles(variants, args.seed, args.n))
    times: list[float] = []
    msgs: list[int] = []
    per_variant: dict[str, int] = {}
    seen: set[str] = set()
    for p in source:
        if len(times) >= args.n:
            break
        move = card_move(p)
        if move is None or p.id in seen:
            continue
        seen.add(p.id)
        ms, sent = time_click(p, move)
        times.append(ms)
        msgs.append(sent)
        per_variant[p.variant] = per_variant.get(p.variant, 0) + 1
    if not times:
        print("no puzzle answered by a card was found")
        return 1
    cuts = (statistics.quantiles(times, n=10, method="inclusive") if len(times) > 1
            else times)
    p90 = cuts[-1]
    print("command: python benchmarks/bench_practice.py " + " ".join(
        sys.argv[1:] if argv is None else argv))
    print(f"puzzles timed: {len(times)} ("
          + ", ".join(f"{v} {k}" for v, k in per_variant.items()) + f"), source {args.source}")
    print(f"click on a card -> verdict drawn: median {statistics.median(times):.1f} ms, "
          f"p90 {p90:.1f} ms, worst {max(times):.1f} ms; "
          f"{statistics.median(msgs):.0f} messages per click (median)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
