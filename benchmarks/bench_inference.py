"""Reading the opponent: calibration and speed of rl.inference.belief on greedy self-play.

    python benchmarks/bench_inference.py            # a few minutes: 100 Gin hands
    python benchmarks/bench_inference.py --full     # the issue's run: 500 Gin hands
    python benchmarks/bench_inference.py --fit      # refit the behaviour weights
    python benchmarks/bench_inference.py --opponent random   # where the model is wrong

Greedy bots (rl.bots.GreedyGinBot, GreedyTableBot, GreedyIndianBot) play two-player hands
(seeds 0, 1, ...). At every decision of each player once four turns have been played
(``view.turn_count >= 4``), every card whose place that player does not know (not in
their hand, not face up, not known to be in the opponent's hand) is predicted under both
models and scored against the opponent's real hand: Brier score, log loss and expected
calibration error over 10 bins. The speed of the default (behaviour) model is timed at
every Gin decision point. Targets (Gin): behaviour Brier at most 0.95 x uniform Brier,
ECE at most 0.03 for both models, median at most 50 ms and 99th percentile at most 500 ms.
Rummy 500 and Indian Rummy figures are reported alongside.

The behaviour weights were fitted on other seeds (10000 and up, see ``--fit``), so the
evaluation hands are not the fitting hands. ``--opponent random`` (or ``patient``: a
greedy player who only goes for gin; or ``expert``: :class:`rummy_lab.bots.ExpertBot`)
seats that player at seat 1 of the Gin hands and scores only seat 0's beliefs about it:
the behaviour model assumes greedy-like choices.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

import rummy_lab as rl
from rummy_lab.bots import (
    ExpertBot,
    GreedyGinBot,
    GreedyIndianBot,
    GreedyTableBot,
    RandomBot,
    play_hand,
)
from rummy_lab.inference import Calibration, belief, calibration, sampling
from rummy_lab.inference.fit import fit_behaviour
from rummy_lab.inference.sampling import HISTORIES

BOTS = {"gin": GreedyGinBot, "500": GreedyTableBot, "indian": GreedyIndianBot,
        "basic": GreedyTableBot}
FIT_SEEDS = range(10_000, 10_200)


@dataclass
class Run:
    """Predictions and timings of one variant."""

    variant: str
    hands: int = 0
    decisions: int = 0
    scores: dict[str, tuple[list[float], list[int]]] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    cold: list[float] = field(default_factory=list)


OPPONENTS = {"greedy": None, "random": RandomBot, "patient": lambda: GreedyGinBot(knock_at=0),
             "expert": ExpertBot}


def evaluate(variant: str, hands: int, seed: int, from_turn: int, timed: bool,
             opponent: str = "greedy", histories: int = HISTORIES) -> Run:
    """Play ``hands`` greedy hands and score both models at every decision."""
    run = Run(variant)
    run.scores = {"uniform": ([], []), "behaviour": ([], [])}
    bot = BOTS[variant]()
    other = OPPONENTS[opponent]
    seats = {0, 1} if other is None else {0}
    for k in range(hands):
        game = rl.new_game(variant, seed=seed + k)
        play_hand(game, [bot, bot if other is None else other()], random.Random(seed + k))
        run.hands += 1
        for state in game.replay():
            if state.is_over:
                break
            if len(state.legal_moves()) < 2:
                continue
            seat = state.current_player
            if seat not in seats:
                continue
            view = state.view_for(seat)
            scored = view.turn_count >= from_turn
            if not (scored or timed):
                continue
            t = time.perf_counter()
            b = belief(view, model="behaviour", seed=0, histories=histories)
            if timed:
                run.times.append(time.perf_counter() - t)
                # cold: without the posterior kept from the turn's earlier decision
                kept = list(sampling._POSTERIORS.items())
                sampling.clear_posteriors()
                t = time.perf_counter()
                belief(view, model="behaviour", seed=0, histories=histories)
                run.cold.append(time.perf_counter() - t)
                sampling._POSTERIORS.clear()
                sampling._POSTERIORS.update(kept)
            if not scored:
                continue
            run.decisions += 1
            opp = b.opponents[0]
            truth = state.hand(opp)
            cards = sorted(set(b.facts.unseen))
            u = belief(view, model="uniform")
            for name, model_belief in (("uniform", u), ("behaviour", b)):
                preds, outs = run.scores[name]
                for c in cards:
                    preds.append(model_belief.p(c, opp))
                    outs.append(int(c in truth))
    return run


def _row(variant: str, model: str, run: Run, c: Calibration) -> str:
    return (f"{variant:<8} {model:<10} {run.hands:>6} {run.decisions:>9} {c.count:>12} "
            f"{c.brier:>8.4f} {c.log_loss:>9.4f} {c.ece:>7.4f}")


def fit(per_variant: int) -> None:
    """Refit the discard and take weights on greedy self-play and print them."""
    for variant in ("gin", "basic", "500", "indian"):
        bot = BOTS[variant]()
        games = []
        for s in list(FIT_SEEDS)[:per_variant]:
            g = rl.new_game(variant, seed=s)
            play_hand(g, [bot, bot], random.Random(s))
            games.append(g)
        print(f"{variant}: {fit_behaviour(games)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--gin", type=int, default=100, help="Gin hands (default 100)")
    ap.add_argument("--r500", type=int, default=40, help="Rummy 500 hands (default 40)")
    ap.add_argument("--indian", type=int, default=20, help="Indian Rummy hands (default 20)")
    ap.add_argument("--full", action="store_true",
                    help="the issue's run: 500 Gin, 200 Rummy 500 and 100 Indian hands")
    ap.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    ap.add_argument("--histories", type=int, default=HISTORIES,
                    help=f"behaviour model histories (default {HISTORIES}; the coach uses 1024)")
    ap.add_argument("--from-turn", type=int, default=4,
                    help="score decisions once turn_count >= this (default 4)")
    ap.add_argument("--opponent", choices=sorted(OPPONENTS), default="greedy",
                    help="Gin only: who sits at seat 1 (only seat 0's beliefs are scored "
                         "unless greedy)")
    ap.add_argument("--fit", action="store_true", help="refit the behaviour weights and stop")
    args = ap.parse_args(argv)
    if args.fit:
        fit(len(FIT_SEEDS))
        return 0
    if args.opponent != "greedy":
        args.r500 = args.indian = 0
    if args.full:
        args.gin, args.r500, args.indian = max(args.gin, 500), max(args.r500, 200), max(
            args.indian, 100)
    who = ("greedy self-play" if args.opponent == "greedy"
           else f"Gin: greedy (seat 0) against {args.opponent} (seat 1)")
    print(f"rl.inference calibration on {who} (seeds {args.seed}..), scoring "
          f"decisions with turn_count >= {args.from_turn}", flush=True)
    runs: list[Run] = []
    started = time.perf_counter()
    for variant, hands in (("gin", args.gin), ("500", args.r500), ("indian", args.indian)):
        if hands <= 0:
            continue
        t = time.perf_counter()
        runs.append(evaluate(variant, hands, args.seed, args.from_turn, variant == "gin",
                             args.opponent if variant == "gin" else "greedy",
                             args.histories))
        print(f"  {variant}: {hands} hands in {time.perf_counter() - t:.0f} s", flush=True)
    print()
    header = (f"{'variant':<8} {'model':<10} {'hands':>6} {'decisions':>9} {'predictions':>12} "
              f"{'Brier':>8} {'log loss':>9} {'ECE':>7}")
    print(header)
    print("-" * len(header))
    results: dict[tuple[str, str], Calibration] = {}
    for run in runs:
        for model in ("uniform", "behaviour"):
            c = calibration(*run.scores[model])
            results[run.variant, model] = c
            print(_row(run.variant, model, run, c))
        ratio = results[run.variant, "behaviour"].brier / results[run.variant, "uniform"].brier
        print(f"{'':<8} {'ratio':<10} behaviour / uniform Brier = {ratio:.3f}")
    checks: list[tuple[bool, str]] = []
    gin = next((r for r in runs if r.variant == "gin"), None)
    if gin is not None:
        cu, cb = results["gin", "uniform"], results["gin", "behaviour"]
        checks.append((cb.brier <= 0.95 * cu.brier,
                       f"Gin: behaviour Brier {cb.brier:.4f} <= 0.95 x uniform "
                       f"{cu.brier:.4f} = {0.95 * cu.brier:.4f}"))
        checks.append((cu.ece <= 0.03, f"Gin: uniform ECE {cu.ece:.4f} <= 0.03"))
        checks.append((cb.ece <= 0.03, f"Gin: behaviour ECE {cb.ece:.4f} <= 0.03"))
        checks.append((gin.hands >= 500, f"Gin: {gin.hands} hands >= 500 (use --full)"))
        times = sorted(gin.times)
        median = statistics.median(times) * 1000
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))] * 1000
        print(f"\nSpeed of belief(view) (behaviour model) at {len(times)} Gin decision points: "
              f"median {median:.1f} ms, p99 {p99:.1f} ms, max {times[-1] * 1000:.1f} ms")
        cold = sorted(gin.cold)
        print(f"  the same points cold (no posterior kept from the turn's earlier decision): "
              f"median {statistics.median(cold) * 1000:.1f} ms, p99 "
              f"{cold[min(len(cold) - 1, int(0.99 * len(cold)))] * 1000:.1f} ms")
        checks.append((median <= 50, f"speed: median {median:.1f} ms <= 50 ms"))
        checks.append((p99 <= 500, f"speed: p99 {p99:.1f} ms <= 500 ms"))
    print("\nTargets")
    for ok, text in checks:
        print(f"  [{'PASS' if ok else 'FAIL'}] {text}")
    print(f"\n{time.perf_counter() - started:.0f} s in all", flush=True)
    return 0 if all(ok for ok, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
