"""How decisive and how fast the coach's values are: rank-1 shares, evaluate's speed.

    python benchmarks/bench_values.py ranks [--hands 12] [--budgets default,1.0]
                                            [--variants gin] [--race-only] [--no-deep]
    python benchmarks/bench_values.py speed [--hands 12] [--variants gin,basic,500,indian]

* ``ranks``: the share of decisions (Gin by default, ``--variants``) whose ranking has a
  single rank-1 move (the coach can tell the best move apart from every other), at the
  default budget and with ``budget=1.0``, with its standard error, and the median
  standard error of the best move's value. ``--no-deep`` measures Basic, Rummy 500 and
  Indian Rummy as they were before a budget bought more deals for the one-turn estimate
  (``rummy_lab.coach.oneturn.MAX_DEEP = 1``). ``--race-only`` measures the values as they
  were before ``evaluate`` spent its deals on the tied moves (the race alone:
  ``ranked_values(..., decide=False)``), ranked the same way: the "before" figure. The
  decisions are seat 0's in hands of the expert bot against the greedy bot (the same
  positions as ``bench_strength.py speed``),
  each evaluated once, fresh (no value is kept between decisions).
* ``speed``: ``rl.coach.evaluate(view)`` at the default budget (median and 99th
  percentile of wall-clock time per decision, each decision timed once) and
  ``ExpertBot.choose`` (median), per variant.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_strength import _positions

import rummy_lab as rl
from rummy_lab.bots import ExpertBot
from rummy_lab.coach.values import ranked_values


def _budget(text: str) -> float | None:
    return None if text == "default" else float(text)


def cmd_ranks(args: argparse.Namespace) -> None:
    if args.no_deep:
        from rummy_lab.coach import oneturn

        oneturn.MAX_DEEP = 1  # the one-turn estimate on the default deals only (before)
    for variant in args.variants.split(","):
        _ranks(variant, args)


def _ranks(variant: str, args: argparse.Namespace) -> None:
    views = _positions(variant, args.hands)
    how = "the race alone (before)" if args.race_only else "evaluate"
    if args.no_deep:
        how += ", one-turn estimate on the default deals only (before)"
    print(f"{variant}: {len(views)} decisions of seat 0 (expert against greedy, "
          f"{args.hands} hands), {how}")
    for text in args.budgets.split(","):
        budget = _budget(text)
        single = 0
        sizes: list[int] = []
        ses: list[float] = []
        start = time.perf_counter()
        for i, v in enumerate(views):
            if args.race_only:
                top = ranked_values(v, budget, i, decide=False, split=False).ranks.count(1)
            else:
                advice = rl.coach.evaluate(v, budget=budget, seed=i)
                top = sum(1 for a in advice if a.rank == 1)
                ses.append(advice[0].se)
            single += top == 1
            sizes.append(top)
        n = len(views)
        share = single / n
        se = math.sqrt(share * (1 - share) / n)
        spread = (f"; the best move's standard error: median {statistics.median(ses):.2f} "
                  "points" if ses else "")
        print(f"  budget={text}: a single rank-1 move in {share:.1%} +- {se:.1%} "
              f"({single}/{n}); rank-1 moves per decision: mean "
              f"{statistics.mean(sizes):.2f}{spread}; {time.perf_counter() - start:.1f} s",
              flush=True)


def _pct(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, math.ceil(q * len(ys)) - 1))]


def cmd_speed(args: argparse.Namespace) -> None:
    for variant in args.variants.split(","):
        views = _positions(variant, args.hands)
        rl.coach.evaluate(views[0])  # warm: imports, tables
        ev: list[float] = []
        for i, v in enumerate(views):
            t = time.perf_counter()
            rl.coach.evaluate(v, seed=i)
            ev.append(time.perf_counter() - t)
        ch: list[float] = []
        for i, v in enumerate(views):
            bot = ExpertBot()
            t = time.perf_counter()
            bot.choose(v, random.Random(i))
            ch.append(time.perf_counter() - t)
        print(f"{variant}: {len(views)} decisions; evaluate median "
              f"{statistics.median(ev) * 1e3:.0f} ms, p99 {_pct(ev, 0.99) * 1e3:.0f} ms; "
              f"ExpertBot.choose median {statistics.median(ch) * 1e3:.0f} ms, p99 "
              f"{_pct(ch, 0.99) * 1e3:.0f} ms", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("ranks", help="share of decisions with a single rank-1 move")
    r.add_argument("--variants", default="gin")
    r.add_argument("--hands", type=int, default=12)
    r.add_argument("--budgets", default="default,1.0")
    r.add_argument("--race-only", action="store_true",
                   help="the race alone, without deciding between tied moves (before)")
    r.add_argument("--no-deep", action="store_true",
                   help="Basic, Rummy 500 and Indian Rummy: with a budget, the one-turn "
                        "estimate on the default deals only, as before it took more (before)")
    s = sub.add_parser("speed", help="evaluate and ExpertBot.choose per decision")
    s.add_argument("--hands", type=int, default=12)
    s.add_argument("--variants", default="gin,basic,500,indian")
    args = ap.parse_args(argv)
    {"ranks": cmd_ranks, "speed": cmd_speed}[args.cmd](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
