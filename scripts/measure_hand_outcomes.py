"""Measure the distribution of one two-player hand's result, for the match-equity tables.

:func:`rummy_lab.coach.match_win_probability` computes a player's chance to win a match
by dynamic programming over the running totals; the one input it needs is how a single
hand moves those totals. This script measures it: it plays ``--hands`` two-player hands
per variant with the same bot in both seats (the dealer alternates between the seats), and
records for every hand the dealer's and the non-dealer's change of match total and who
won (the dealer, the non-dealer or nobody). Identical results are counted together.

Usage (the shipped file, expert against expert, about 17 minutes on one core)::

    python scripts/measure_hand_outcomes.py                      # every variant
    python scripts/measure_hand_outcomes.py --bot greedy --out greedy.json --hands 2000
    python scripts/measure_hand_outcomes.py --variants gin 500 --hands 50
    python scripts/measure_hand_outcomes.py --precision-only     # the bootstrap only

Each variant's record also gets the table's precision: the measured hands are resampled
(:data:`~rummy_lab.coach.match_equity.PRECISION_RESAMPLES` times) and the standard error of
the chance kept on a grid (:func:`~rummy_lab.coach.match_equity.resampled_se`), which
``rl.coach.match_win_interval`` reads.

Hand ``i`` of a variant is dealt with ``seed + i`` by seat ``i % 2`` and the bots draw
their own random numbers from ``random.Random(seed + i)``, so a run depends only on the
variant, the bot, the number of hands and the seed. The default counts (per variant) are
in :data:`DEFAULT_HANDS`; the default seed is 2026. The output is JSON (see
``rummy_lab/coach/data/README.md`` for its fields), by default
``rummy_lab/coach/data/hand_outcomes.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from rummy_lab.bots import make_bot
from rummy_lab.coach.match_equity import PRECISION_RESAMPLES, HandOutcomes, resampled_se
from rummy_lab.engine.game import new_game
from rummy_lab.engine.rules import Rules, Variant, get_rules

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "rummy_lab" / "coach" / "data" / "hand_outcomes.json"

DEFAULT_HANDS: dict[str, int] = {
    "gin": 180,
    "oklahoma": 100,
    "basic": 200,
    "500": 100,
    "indian-pool-101": 180,
    "indian-pool-201": 180,
}
"""Hands played per variant for the shipped expert file (sized to about 17 minutes)."""

SEED = 2026

TAKEOVER = 400
"""Moves after which the greedy bot plays both seats to the end of the hand.

Why: two expert bots sometimes reach a Basic Rummy stalemate (each picks up what the
other throws, the stock is turned over again and again) that runs to the rules'
``max_turns`` at a growing cost per move, minutes per hand. No Gin hand comes near 400
moves; the count of hands finished so is recorded (``taken_over``)."""


def hand_changes(rules: Rules, winner: int | None, points: int,
                 scores: tuple[int, ...]) -> tuple[int, int]:
    """Each seat's change of match total after one hand, as the match scoring counts it.

    Gin and Oklahoma count ``(winner, points)`` (a drawn hand: nothing); Basic Rummy,
    Rummy 500 and Indian Pool add each seat's score of the hand.
    """
    if rules.variant is Variant.GIN:
        out = [0, 0]
        if winner is not None:
            out[winner] = points
        return out[0], out[1]
    return int(scores[0]), int(scores[1])


def measure(rules: Rules, bot: str, hands: int, seed: int,
            progress: bool = False, takeover: int = TAKEOVER) -> dict[str, Any]:
    """Play ``hands`` hands of ``rules`` with ``bot`` in both seats; the counted outcomes.

    After ``takeover`` moves the greedy bot plays both seats to the end of the hand
    (:data:`TAKEOVER`).

    :return: a JSON-able record: ``rules`` (the preset's name), ``bot``, ``hands``,
        ``seed``, ``seconds``, ``takeover``, ``taken_over`` (hands finished by the greedy
        bot) and ``outcomes``, a list of ``[dealer_change,
        other_change, winner, count]`` with ``winner`` ``"dealer"``, ``"other"`` or
        ``None``, sorted.
    """
    bots = [make_bot(bot, rules), make_bot(bot, rules)]
    tail = [make_bot("greedy", rules), make_bot("greedy", rules)]
    taken_over = 0
    counts: Counter[tuple[int, int, str | None]] = Counter()
    start = time.perf_counter()
    for i in range(hands):
        dealer = i % 2
        game = new_game(rules, players=2, seed=seed + i, dealer=dealer)
        rng = random.Random(seed + i)
        state = game.state
        while state.result is None:
            p = state.current
            late = len(state.history) >= takeover
            game.play((tail if late else bots)[p].choose(game.view_for(p), rng), player=p)
        taken_over += len(state.history) > takeover
        result = state.result
        change = hand_changes(rules, result.winner, result.points, tuple(result.scores))
        won = (None if result.winner is None
               else "dealer" if result.winner == dealer else "other")
        counts[(change[dealer], change[1 - dealer], won)] += 1
        if progress and (i + 1) % 20 == 0:
            print(f"  {rules.name}: {i + 1}/{hands} hands, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    outcomes = sorted(([d, o, w, n] for (d, o, w), n in counts.items()),
                      key=lambda row: (str(row[2]), row[0], row[1]))
    return {"rules": rules.name, "bot": bot, "hands": hands, "seed": seed,
            "seconds": round(time.perf_counter() - start, 1), "takeover": takeover,
            "taken_over": taken_over, "outcomes": outcomes}


def dumps(data: dict[str, Any]) -> str:
    """``data`` as indented JSON with each outcome row on one line."""
    text = json.dumps(data, indent=1)
    return re.sub(r"\[\s+([^\[\]{}]*?)\s+\]",
                  lambda m: "[" + " ".join(m.group(1).split()) + "]", text) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", nargs="*", default=list(DEFAULT_HANDS),
                        help="rules presets to measure (default: all of them)")
    parser.add_argument("--bot", default="expert", help="bot in both seats (default expert)")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands per variant (default: DEFAULT_HANDS)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--precision-only", action="store_true",
                        help="keep the measured hands and only compute each table's "
                             "precision (the bootstrap behind match_win_interval)")
    args = parser.parse_args(argv)
    data: dict[str, Any] = {
        "format": 1,
        "about": ("one two-player hand's change of each player's match total, by the "
                  "dealer's role; counts of identical results"),
        "command": ("python scripts/measure_hand_outcomes.py --variants NAME --hands HANDS "
                    "--seed SEED --bot BOT  (each variant's record holds its values)"),
        "variants": {},
    }
    if args.out.exists():  # measuring some variants keeps the others already measured
        old = json.loads(args.out.read_text())
        if old.get("format") == 1:
            data["variants"].update(old.get("variants", {}))
    for name in args.variants:
        rules = get_rules(name)
        if args.precision_only:
            rec = data["variants"][rules.name]
        else:
            n = args.hands if args.hands is not None else DEFAULT_HANDS.get(name, 100)
            rec = measure(rules, args.bot, n, args.seed, progress=True)
            print(f"{rules.name}: {n} hands in {rec['seconds']} s", file=sys.stderr,
                  flush=True)
        t = time.perf_counter()
        outcomes = HandOutcomes.from_counts(rec["outcomes"], bot=str(rec["bot"]))
        rec["precision"] = resampled_se(rules, outcomes, seed=args.seed)
        print(f"{rules.name}: precision from {PRECISION_RESAMPLES} resamples in "
              f"{time.perf_counter() - t:.0f} s", file=sys.stderr, flush=True)
        data["variants"][rules.name] = rec
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(dumps(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
