"""rl.simulate scaling: random-play Gin hands with 1, 2, ... worker processes.

    python benchmarks/bench_simulate.py [--games 10000] [--bots random,random]

Prints wall time and hands per second per worker count, and checks that every run
produced the identical report (the result never depends on the executor).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import time

import rummy_lab as rl


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--variant", default="gin")
    ap.add_argument("--bots", default="random,random")
    ap.add_argument("--max-workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    bots = args.bots.split(",")
    reports = []
    print(f"{args.games} {args.variant} hands, bots {bots}, {os.cpu_count()} cores")
    for workers in range(1, args.max_workers + 1):
        t = time.perf_counter()
        if workers == 1:
            rep = rl.simulate(args.variant, args.games, bots=bots, executor="inline",
                              progress=False)
        else:
            with cf.ProcessPoolExecutor(workers) as ex:
                rep = rl.simulate(args.variant, args.games, bots=bots, executor=ex,
                                  progress=False)
        dt = time.perf_counter() - t
        reports.append(rep)
        print(f"  workers {workers}: {dt:7.2f} s  {args.games / dt:9.0f} hands/s")
    assert all(r == reports[0] for r in reports), "reports differ between executors"
    print("  identical reports for every worker count")
    print(reports[0].summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
