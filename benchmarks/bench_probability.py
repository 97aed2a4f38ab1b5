"""Benchmark of rummy_lab.probability: exact counts and batch deadwood.

Run: ``.venv/bin/python benchmarks/bench_probability.py [--hands 1000000]``.

Prints one table per part:

1. every ``p_hand_contains(kind, n, rules)`` for n = 3..14 under Gin, Rummy 500 and Indian
   Rummy rules (each from a cold cache, so the time is the full DP);
2. ``p_dealt_gin`` for the ace low and ace high-or-low rules;
3. one million dealt Gin hands through ``deal_deadwood``: time and peak memory (numpy
   allocations via tracemalloc, and the process's peak resident size).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc

import numpy as np

from rummy_lab.engine.rules import get_rules
from rummy_lab.probability import deal_deadwood, exact, p_dealt_gin, p_hand_contains

RULES = ("gin", "500", "indian")
KINDS = ("set", "run", "meld")
SIZES = range(3, 15)


def _cold() -> None:
    exact._AVOID_CACHE.clear()
    exact._COMPLETE_CACHE.clear()


def bench_contains() -> float:
    print("p_hand_contains(kind, n, rules): probability (time of a cold computation)")
    header = f"{'rules':7} {'kind':5} " + " ".join(f"{n:>13}" for n in SIZES)
    print(header)
    worst = 0.0
    for rules in RULES:
        for kind in KINDS:
            cells = []
            for n in SIZES:
                _cold()
                t0 = time.perf_counter()
                p = p_hand_contains(kind, n, rules)
                dt = time.perf_counter() - t0
                worst = max(worst, dt)
                cells.append(f"{float(p):.5f} {dt * 1e3:4.0f}ms")
            print(f"{rules:7} {kind:5} " + " ".join(f"{c:>13}" for c in cells))
    print(f"slowest single value: {worst * 1e3:.0f} ms")
    return worst


def bench_dealt_gin() -> None:
    print("\np_dealt_gin (10 cards, one deck)")
    print(f"{'ace rule':12} {'fraction':>22} {'decimal':>14} {'1 in':>9} {'time':>8}")
    for ace in ("low", "high_or_low"):
        _cold()
        t0 = time.perf_counter()
        p = p_dealt_gin(get_rules("gin", ace=ace))
        dt = time.perf_counter() - t0
        print(f"{ace:12} {p!s:>22} {float(p):14.6e} {1 / float(p):9.0f} {dt:7.2f}s")


def bench_batch(hands: int) -> None:
    print(f"\ndeal_deadwood: {hands:,} dealt Gin hands (10 cards)")
    deal_deadwood(1000)  # warm the run table
    tracemalloc.start()
    t0 = time.perf_counter()
    dw = deal_deadwood(hands, 10, "gin", seed=0)
    dt = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rss_mib = rss / 1024 if sys.platform != "darwin" else rss / 2**20
    print(f"{'time':28} {dt:8.2f} s  ({hands / dt:,.0f} hands/s)")
    print(f"{'peak traced allocations':28} {peak / 2**20:8.1f} MiB")
    print(f"{'peak resident (process)':28} {rss_mib:8.1f} MiB")
    print(
        f"{'mean / median deadwood':28} {dw.mean():8.2f} / {np.median(dw):.0f};"
        f" gin hands {int((dw == 0).sum())}, knockable (<=10) {float((dw <= 10).mean()):.4f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    args = parser.parse_args(argv)
    bench_contains()
    bench_dealt_gin()
    bench_batch(args.hands)


if __name__ == "__main__":
    main()
