"""Meld solver benchmark: rummy_lab against OpenSpiel and RLCard on the same seeded hands.

Run with the ``bench`` extra installed (``make bench`` or ``pip install -e ".[bench]"``)::

    python benchmarks/bench_solver.py [--hands 20000] [--seed 0]

For each hand family it checks that all implementations agree on the minimum deadwood and
prints microseconds per hand and the ratios. Families: random 10-card hands; random
11-card hands (best discard); meld-rich 10-card hands drawn from 5-7 consecutive ranks;
the numpy batch evaluator on 10-card hands; Indian 14-card hands with 0-4 printed jokers
and a wild rank (ours alone: median and worst case, cold caches).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from rummy_lab.engine.cards import Card, make_deck
from rummy_lab.engine.rules import get_rules
from rummy_lab.engine.solver import best_discard, best_partition, deadwood


def _timeit(fn: Callable[[], Any], repeat: int = 3) -> tuple[float, Any]:
    """Best wall time of ``repeat`` runs, and the last result."""
    best = float("inf")
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def _openspiel() -> Any | None:
    try:
        import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def _rlcard() -> tuple[Any, Any] | None:
    try:
        from rlcard.games.gin_rummy.utils import melding, utils  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    return melding, utils


def _rl_cards(hand: Sequence[Card], utils: Any) -> list[Any]:
    return [utils.card_from_text(c.code.replace("10", "T")) for c in hand]


def _rl_deadwood(melding: Any, utils: Any, cards: list[Any]) -> int:
    clusters = melding.get_best_meld_clusters(cards)
    if not clusters:
        return sum(utils.get_deadwood_value(c) for c in cards)
    return int(utils.get_deadwood_count(cards, clusters[0]))


def _report(name: str, n: int, times: dict[str, float]) -> None:
    ours = times["rummy_lab"]
    cols = [f"{name:<34}"]
    for k, v in times.items():
        cols.append(f"{k} {v / n * 1e6:9.2f} us")
    for k, v in times.items():
        if k != "rummy_lab":
            cols.append(f"{k}/ours {v / ours:6.2f}x")
    print("  ".join(cols))


def _meld_rich(rng: random.Random, deck: list[Card], size: int) -> list[Card]:
    width = rng.randint(5, 7)
    lo = rng.randint(1, 14 - width)
    pool = [c for c in deck if lo <= c.rank < lo + width]
    return rng.sample(pool, size)


def bench_single(hands: list[list[Card]], label: str, os_utils: Any, rl: Any) -> None:
    deadwood(hands[0])  # build the lookup tables once
    times: dict[str, float] = {}
    t, ours = _timeit(lambda: [deadwood(h) for h in hands])
    times["rummy_lab"] = t
    if os_utils is not None:
        idx = [[c.index for c in h] for h in hands]
        t, theirs = _timeit(lambda: [os_utils.min_deadwood(h) for h in idx])
        times["openspiel"] = t
        assert list(theirs) == ours, "OpenSpiel disagrees"
    if rl is not None:
        melding, utils = rl
        sub = hands[: max(1, len(hands) // 20)]  # RLCard is slow: time a twentieth
        rcards = [_rl_cards(h, utils) for h in sub]
        t, theirs = _timeit(lambda: [_rl_deadwood(melding, utils, c) for c in rcards], 1)
        times["rlcard"] = t * len(hands) / len(sub)
        assert theirs == ours[: len(sub)], "RLCard disagrees"
    _report(label, len(hands), times)


def bench_discard(hands: list[list[Card]], os_utils: Any) -> None:
    best_discard(hands[0])
    times: dict[str, float] = {}
    t, ours = _timeit(lambda: [best_discard(h)[1].deadwood_points for h in hands])
    times["rummy_lab"] = t
    if os_utils is not None:
        idx = [[c.index for c in h] for h in hands]

        def os_min() -> list[int]:
            return [
                min(os_utils.min_deadwood([x for x in h if x != d]) for d in h) for h in idx
            ]

        t, theirs = _timeit(os_min)
        times["openspiel"] = t
        assert theirs == ours, "OpenSpiel disagrees on the best discard"
    _report("11-card best discard", len(hands), times)


def bench_batch(hands: list[list[Card]], os_utils: Any) -> None:
    try:
        import numpy as np

        from rummy_lab.probability.batch import batch_deadwood
    except ImportError:
        print("batch: numpy/probability not available")
        return
    arr = np.array([[c.index for c in h] for h in hands], dtype=np.int64)
    batch_deadwood(arr[:10])
    t, out = _timeit(lambda: batch_deadwood(arr))
    line = f"{'batch (numpy) 10-card':<34}  rummy_lab {len(hands) / t:12,.0f} hands/s"
    if os_utils is not None:
        idx = [[c.index for c in h] for h in hands]
        t2, theirs = _timeit(lambda: [os_utils.min_deadwood(h) for h in idx])
        assert list(theirs) == out.tolist(), "batch disagrees with OpenSpiel"
        line += f"  openspiel {len(hands) / t2:12,.0f} hands/s  ours/openspiel {t2 / t:6.2f}x"
    print(line)


def bench_indian(rng: random.Random, n: int) -> None:
    from rummy_lab.engine import solver

    rules = get_rules("indian")
    naturals = make_deck(2)
    results: list[str] = []
    for jokers in range(5):
        times = []
        gc.collect()
        gc.disable()  # as timeit does: a collector pause is not the solver's time
        for _ in range(n):
            hand = rng.sample(naturals, 14 - jokers) + [Card.parse("JK")] * jokers
            wild = rng.randint(1, 13)
            solver._ctx.cache_clear()  # cold caches: every hand pays its own search
            t = time.perf_counter()
            best_partition(hand, rules, wild_rank=wild)
            times.append(time.perf_counter() - t)
        gc.enable()
        times.sort()
        results.append(
            f"  {jokers} printed jokers: median {statistics.median(times) * 1e3:6.3f} ms"
            f"  p99 {times[int(0.99 * (len(times) - 1))] * 1e3:6.2f} ms"
            f"  worst {times[-1] * 1e3:6.2f} ms"
        )
    print(f"Indian 14-card hands ({n} per row, random wild rank, cold caches, GC paused):")
    print("\n".join(results))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--indian", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    deck = make_deck()
    os_utils = _openspiel()
    rl = _rlcard()
    if os_utils is None or rl is None:
        print("note: install the bench extra for the OpenSpiel/RLCard columns", file=sys.stderr)
    print(f"python {sys.version.split()[0]}, {args.hands} hands per family, seed {args.seed}")
    tens = [rng.sample(deck, 10) for _ in range(args.hands)]
    bench_single(tens, "random 10-card hands", os_utils, rl)
    rich = [_meld_rich(rng, deck, 10) for _ in range(args.hands)]
    bench_single(rich, "meld-rich 10-card hands", os_utils, rl)
    elevens = [rng.sample(deck, 11) for _ in range(max(1, args.hands // 4))]
    bench_discard(elevens, os_utils)
    bench_batch(tens * 5, os_utils)
    bench_indian(rng, args.indian)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
