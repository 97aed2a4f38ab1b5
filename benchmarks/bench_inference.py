"""Reading the opponent: calibration and speed of rl.inference.belief, by turn and by opponent.

    python benchmarks/bench_inference.py            # a few minutes: 100 Gin hands
    python benchmarks/bench_inference.py --fast     # about a minute: the smallest useful run
    python benchmarks/bench_inference.py --full     # the issue's run: 500 Gin hands
    python benchmarks/bench_inference.py --fit      # refit the behaviour weights
    python benchmarks/bench_inference.py --fit-kinds  # refit the expert and simple kinds
    python benchmarks/bench_inference.py --opponent random   # where the model is wrong
    python benchmarks/bench_inference.py --kinds expert,greedy,eaai-simple,random --gin 40

Greedy bots (rl.bots.GreedyGinBot, GreedyTableBot, GreedyIndianBot) play two-player hands
(seeds 0, 1, ...). At every decision of each player once four turns have been played
(``view.turn_count >= 4``), every card whose place that player does not know (not in
their hand, not face up, not known to be in the opponent's hand) is predicted under both
models and scored against the opponent's real hand: Brier score, log loss and expected
calibration error over 10 bins, overall and per turn bucket (turns 4-7, 8-11, 12 and
later). Per decision, the opponent-hand measures of Francis, Just and Neller (Gin Rummy
hand inference, EAAI): the mean squared difference between the predicted probability
vector and the true 0/1 hand vector over the unknown cards (MSD, averaged over
decisions), and top-N accuracy: the share of the opponent's unknown cards among the N
cards rated most likely, N the number of the opponent's cards the player does not know
(ties at the N-th place share it: the expected share under a random tie-break, so the
uniform model scores exactly N/U). The speed of the default (behaviour) model is timed at
every Gin decision point. Targets (Gin): behaviour Brier at most 0.95 x uniform Brier,
ECE at most 0.03 for both models, median at most 50 ms and 99th percentile at most 500 ms.
Rummy 500 and Indian Rummy figures are reported alongside.

The behaviour weights were fitted on other seeds (10000 and up, see ``--fit``), so the
evaluation hands are not the fitting hands. ``--opponent NAME`` (``random``, ``expert``:
:class:`rummy_lab.bots.ExpertBot`, ``eaai-simple``: the EAAI challenge's
:class:`rummy_lab.bots.SimpleGinRummyPlayer`, Gin only, or ``patient``: a greedy player who
only goes for gin) seats that player at seat 1 and scores only seat 0's (the greedy bot's)
beliefs about it. ``--kinds`` runs several opponents one after the other and prints a
table per opponent kind. ``--compare`` also scores the single-kind behaviour model (the
model of greedy play alone, no mixture over kinds): before and after. ``--exact N``
also scores ``belief(view, model="exact", histories=N)``, the greedy kind's posterior
computed without the product form (importance sampling of whole histories with N
guesses): how much the fast approximation loses.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

import rummy_lab as rl
from rummy_lab.bots import (
    Bot,
    ExpertBot,
    GreedyGinBot,
    GreedyIndianBot,
    GreedyTableBot,
    RandomBot,
    make_bot,
    play_hand,
)
from rummy_lab.engine.rules import Rules
from rummy_lab.inference import Calibration, belief, calibration, sampling
from rummy_lab.inference.fit import fit_behaviour
from rummy_lab.inference.sampling import HISTORIES

BOTS = {"gin": GreedyGinBot, "500": GreedyTableBot, "indian": GreedyIndianBot,
        "basic": GreedyTableBot}
FIT_SEEDS = range(10_000, 10_200)
BUCKETS = ((4, 7, "turns 4-7"), (8, 11, "turns 8-11"), (12, 10**9, "turns 12+"))
"""Turn buckets (inclusive ``view.turn_count`` ranges) of the per-turn tables."""


def bucket_of(turn: int) -> int:
    """The index in :data:`BUCKETS` of a turn count (-1 before the first bucket)."""
    for k, (lo, hi, _) in enumerate(BUCKETS):
        if lo <= turn <= hi:
            return k
    return -1


def top_n_share(p: np.ndarray, truth: np.ndarray, n: int) -> float:
    """Expected share of the true cards among the ``n`` most likely ones (ties at the
    ``n``-th place broken at random, in expectation).

    >>> top_n_share(np.array([0.9, 0.5, 0.5, 0.1]), np.array([1, 0, 1, 0]), 2)
    0.75
    """
    if n <= 0:
        return float("nan")
    order = np.sort(p)[::-1]
    t = order[min(n, len(p)) - 1]
    tol = 1e-12
    above = p > t + tol
    tied = np.abs(p - t) <= tol
    r = n - int(above.sum())
    hits = float(truth[above].sum()) + r * float(truth[tied].sum()) / max(int(tied.sum()), 1)
    return hits / n


@dataclass
class Scores:
    """One model's predictions in one run."""

    preds: list[float] = field(default_factory=list)
    outs: list[int] = field(default_factory=list)
    buckets: list[int] = field(default_factory=list)
    msd: list[tuple[int, float]] = field(default_factory=list)  # (bucket, value)
    top: list[tuple[int, float]] = field(default_factory=list)


@dataclass
class Run:
    """Predictions and timings of one variant against one opponent."""

    variant: str
    opponent: str = "greedy"
    hands: int = 0
    decisions: int = 0
    scores: dict[str, Scores] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    cold: list[float] = field(default_factory=list)
    exact: list[float] = field(default_factory=list)  # seconds per exact belief (--exact)
    kinds: list[dict[str, float]] = field(default_factory=list)  # last reading per hand


OPPONENTS: dict[str, Callable[[Rules], Bot] | None] = {
    "greedy": None,
    "random": lambda rules: RandomBot(),
    "patient": lambda rules: GreedyGinBot(knock_at=0),
    "expert": lambda rules: ExpertBot(),
    "eaai-simple": lambda rules: make_bot("eaai-simple", rules),
}
GIN_ONLY = {"patient", "eaai-simple"}


def _single_kind(view: rl.PlayerView, histories: int) -> rl.inference.Belief:
    """The behaviour model of greedy play alone (no mixture over kinds)."""
    return belief(view, model="greedy", seed=0, histories=histories)


def evaluate(variant: str, hands: int, seed: int, from_turn: int, timed: bool,
             opponent: str = "greedy", histories: int = HISTORIES,
             compare: bool = False, exact: int = 0) -> Run:
    """Play ``hands`` hands and score the models at every decision (``exact``: also
    the exact model with that many guesses)."""
    run = Run(variant, opponent)
    names = (["uniform", "behaviour"] + (["single"] if compare else [])
             + (["exact"] if exact else []))
    run.scores = {name: Scores() for name in names}
    bot = BOTS[variant]()
    other = OPPONENTS[opponent]
    seats = {0, 1} if other is None else {0}
    for k in range(hands):
        game = rl.new_game(variant, seed=seed + k)
        play_hand(game, [bot, bot if other is None else other(game.rules)],
                  random.Random(seed + k))
        run.hands += 1
        last: dict[str, float] | None = None
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
            if seat == 0:
                last = b.kinds(opp)
            truth_hand = state.hand(opp)
            cards = sorted(set(b.facts.unseen))
            truth = np.array([int(c in truth_hand) for c in cards])
            n_unknown = b.facts.hidden[opp]
            bk = bucket_of(view.turn_count)
            models: dict[str, rl.inference.Belief] = {
                "uniform": belief(view, model="uniform"), "behaviour": b}
            if compare:
                models["single"] = _single_kind(view, histories)
            if exact:
                t = time.perf_counter()
                models["exact"] = belief(view, model="exact", seed=0, histories=exact)
                run.exact.append(time.perf_counter() - t)
            for name, model_belief in models.items():
                s = run.scores[name]
                p = np.array([model_belief.p(c, opp) for c in cards])
                s.preds.extend(p.tolist())
                s.outs.extend(truth.tolist())
                s.buckets.extend([bk] * len(cards))
                if len(cards):
                    s.msd.append((bk, float(np.mean((p - truth) ** 2))))
                if n_unknown > 0:  # top-N needs an unknown card to find
                    s.top.append((bk, top_n_share(p, truth, n_unknown)))
        if last is not None:
            run.kinds.append(last)
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


KIND_FITS = (("gin", "eaai-simple", 200), ("gin", "expert", 40), ("500", "expert", 100),
             ("indian", "expert", 10))
"""The kinds' self-play behind their shipped weights: variant, bot, hands (seeds 10000..)."""


def fit_kinds() -> None:
    """Refit the weights of the other kinds of player (rummy_lab.inference.model) on each
    kind's self-play and print them."""
    for variant, name, hands in KIND_FITS:
        games = []
        t = time.perf_counter()
        for s in list(FIT_SEEDS)[:hands]:
            g = rl.new_game(variant, seed=s)
            play_hand(g, [make_bot(name, g.rules), make_bot(name, g.rules)], random.Random(s))
            games.append(g)
        print(f"{variant} {name} ({hands} hands, {time.perf_counter() - t:.0f} s): "
              f"{fit_behaviour(games)}", flush=True)


def _mean(xs: list[float]) -> float:
    return float(np.mean(xs)) if xs else float("nan")


def detail(run: Run) -> None:
    """Per turn bucket: Brier (and the ratio to uniform), log loss, ECE, MSD, top-N."""
    names = list(run.scores)
    print(f"\n{run.variant} against {run.opponent}: {run.hands} hands, "
          f"{run.decisions} decisions")
    head = (f"  {'turns':<11} {'model':<10} {'predictions':>11} {'Brier':>7} {'ratio':>6} "
            f"{'log loss':>8} {'ECE':>6} {'MSD':>7} {'top-N':>6}")
    print(head)
    groups = [(k, label) for k, (_, _, label) in enumerate(BUCKETS)] + [(None, "all")]
    for k, label in groups:
        uni: float | None = None
        for name in names:
            s = run.scores[name]
            pick = [i for i, b in enumerate(s.buckets) if k is None or b == k]
            if not pick:
                continue
            c = calibration([s.preds[i] for i in pick], [s.outs[i] for i in pick])
            if name == "uniform":
                uni = c.brier
            ratio = c.brier / uni if uni else float("nan")
            msd = _mean([v for b, v in s.msd if k is None or b == k])
            top = _mean([v for b, v in s.top if k is None or b == k])
            print(f"  {label:<11} {name:<10} {c.count:>11} {c.brier:>7.4f} {ratio:>6.3f} "
                  f"{c.log_loss:>8.4f} {c.ece:>6.3f} {msd:>7.4f} {top:>6.3f}")
    if run.kinds:
        kinds = sorted({k for d in run.kinds for k in d})
        avg = {k: _mean([d.get(k, 0.0) for d in run.kinds]) for k in kinds}
        first = {k: sum(max(d, key=d.__getitem__) == k for d in run.kinds) for k in kinds}
        print("  the reading of the opponent's kind at its last scored decision, mean over "
              "hands: " + ", ".join(f"{k} {avg[k]:.2f} (most likely in {first[k]})"
                                    for k in kinds))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--gin", type=int, default=100, help="Gin hands (default 100)")
    ap.add_argument("--r500", type=int, default=40, help="Rummy 500 hands (default 40)")
    ap.add_argument("--indian", type=int, default=20, help="Indian Rummy hands (default 20)")
    ap.add_argument("--full", action="store_true",
                    help="the issue's run: 500 Gin, 200 Rummy 500 and 100 Indian hands")
    ap.add_argument("--fast", action="store_true",
                    help="a quick look: 20 Gin, 6 Rummy 500 and 4 Indian hands per opponent")
    ap.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    ap.add_argument("--histories", type=int, default=HISTORIES,
                    help=f"behaviour model histories (default {HISTORIES}; the coach uses 1024)")
    ap.add_argument("--from-turn", type=int, default=4,
                    help="score decisions once turn_count >= this (default 4)")
    ap.add_argument("--opponent", choices=sorted(OPPONENTS), default="greedy",
                    help="who sits at seat 1 (only seat 0's beliefs are scored unless "
                         "greedy); patient and eaai-simple play Gin only")
    ap.add_argument("--kinds", default=None,
                    help="comma-separated opponents to run in turn (e.g. "
                         "expert,greedy,eaai-simple,random); overrides --opponent")
    ap.add_argument("--compare", action="store_true",
                    help="also score the single-kind behaviour model (before the mixture)")
    ap.add_argument("--exact", type=int, default=0, metavar="GUESSES",
                    help="also score belief(view, model='exact') with this many guesses "
                         "(8192 is its default; about 0.2 s a decision): the greedy kind's "
                         "posterior without the product form")
    ap.add_argument("--fit", action="store_true", help="refit the behaviour weights and stop")
    ap.add_argument("--fit-kinds", action="store_true",
                    help="refit the expert and simple kinds' weights on their self-play and stop")
    args = ap.parse_args(argv)
    if args.fit:
        fit(len(FIT_SEEDS))
        return 0
    if args.fit_kinds:
        fit_kinds()
        return 0
    kinds = [args.opponent] if args.kinds is None else [k.strip() for k in args.kinds.split(",")]
    for k in kinds:
        if k not in OPPONENTS:
            ap.error(f"unknown opponent {k!r}; choose from {', '.join(sorted(OPPONENTS))}")
    if args.fast:
        args.gin, args.r500, args.indian = 20, 6, 4
    if args.full:
        args.gin, args.r500, args.indian = max(args.gin, 500), max(args.r500, 200), max(
            args.indian, 100)
    if args.kinds is None and args.opponent != "greedy" and not args.fast:
        args.r500 = args.indian = 0
    print(f"rl.inference calibration (seeds {args.seed}..), scoring decisions with "
          f"turn_count >= {args.from_turn}; opponents: {', '.join(kinds)}", flush=True)
    runs: list[Run] = []
    started = time.perf_counter()
    for opponent in kinds:
        for variant, hands in (("gin", args.gin), ("500", args.r500), ("indian", args.indian)):
            if hands <= 0 or (opponent in GIN_ONLY and variant != "gin"):
                continue
            t = time.perf_counter()
            runs.append(evaluate(variant, hands, args.seed, args.from_turn, variant == "gin",
                                 opponent, args.histories, args.compare, args.exact))
            print(f"  {variant} against {opponent}: {hands} hands in "
                  f"{time.perf_counter() - t:.0f} s", flush=True)
    print()
    header = (f"{'variant':<8} {'model':<10} {'hands':>6} {'decisions':>9} {'predictions':>12} "
              f"{'Brier':>8} {'log loss':>9} {'ECE':>7}")
    results: dict[tuple[str, str, str], Calibration] = {}
    for opponent in kinds:
        mine = [r for r in runs if r.opponent == opponent]
        if not mine:
            continue
        print(f"against {opponent}" + (" (self-play)" if opponent == "greedy" else ""))
        print(header)
        print("-" * len(header))
        for run in mine:
            for model in run.scores:
                c = calibration(run.scores[model].preds, run.scores[model].outs)
                results[run.variant, model, opponent] = c
                print(_row(run.variant, model, run, c))
            uni = results[run.variant, "uniform", opponent].brier
            ratio = results[run.variant, "behaviour", opponent].brier / uni
            text = f"behaviour / uniform Brier = {ratio:.3f}"
            if "single" in run.scores:
                text += (f" (single kind: "
                         f"{results[run.variant, 'single', opponent].brier / uni:.3f})")
            if "exact" in run.scores:
                text += (f" (exact: "
                         f"{results[run.variant, 'exact', opponent].brier / uni:.3f})")
            print(f"{'':<8} {'ratio':<10} {text}")
        print()
    for run in runs:
        detail(run)
    checks: list[tuple[bool, str]] = []
    first = kinds[0]
    gin = next((r for r in runs if r.variant == "gin" and r.opponent == first), None)
    if gin is not None:
        cu, cb = results["gin", "uniform", first], results["gin", "behaviour", first]
        checks.append((cb.brier <= 0.95 * cu.brier,
                       f"Gin ({first}): behaviour Brier {cb.brier:.4f} <= 0.95 x uniform "
                       f"{cu.brier:.4f} = {0.95 * cu.brier:.4f}"))
        checks.append((cu.ece <= 0.03, f"Gin ({first}): uniform ECE {cu.ece:.4f} <= 0.03"))
        checks.append((cb.ece <= 0.03, f"Gin ({first}): behaviour ECE {cb.ece:.4f} <= 0.03"))
        checks.append((gin.hands >= 500, f"Gin: {gin.hands} hands >= 500 (use --full)"))
    times = sorted(t for r in runs if r.variant == "gin" for t in r.times)
    if times:
        median = statistics.median(times) * 1000
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))] * 1000
        print(f"\nSpeed of belief(view) (behaviour model) at {len(times)} Gin decision points: "
              f"median {median:.1f} ms, p99 {p99:.1f} ms, max {times[-1] * 1000:.1f} ms")
        cold = sorted(t for r in runs if r.variant == "gin" for t in r.cold)
        print(f"  the same points cold (no posterior kept from the turn's earlier decision): "
              f"median {statistics.median(cold) * 1000:.1f} ms, p99 "
              f"{cold[min(len(cold) - 1, int(0.99 * len(cold)))] * 1000:.1f} ms")
        checks.append((median <= 50, f"speed: median {median:.1f} ms <= 50 ms"))
        checks.append((p99 <= 500, f"speed: p99 {p99:.1f} ms <= 500 ms"))
    for run in runs:
        if run.exact:
            ex = sorted(run.exact)
            print(f"belief(view, model='exact') at the scored decisions, {run.variant} against "
                  f"{run.opponent}: median {statistics.median(ex) * 1000:.0f} ms, p99 "
                  f"{ex[min(len(ex) - 1, int(0.99 * len(ex)))] * 1000:.0f} ms")
    print("\nTargets")
    for ok, text in checks:
        print(f"  [{'PASS' if ok else 'FAIL'}] {text}")
    print(f"\n{time.perf_counter() - started:.0f} s in all", flush=True)
    return 0 if all(ok for ok, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
