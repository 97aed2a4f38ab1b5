"""Are the shipped puzzles right? Re-evaluated at four times their budget, and answered by
the greedy and expert bots.

Usage::

    python benchmarks/bench_puzzles.py [--variants gin,basic,500,indian] [--factor 4]
                                       [--limit 0] [--workers 2] [--skip-recheck]

For every shipped puzzle (``rl.practice.shipped``):

* **recheck**: the coach evaluates the position again at ``--factor`` times the budget
  the puzzle was validated at, with other seeds (``--seed``; the build's own recheck
  used 10,000 + the hand's number). Counted: the share of puzzles whose best
  move at the higher budget is among ``.answers`` (target: at least 95%), and the puzzles
  where a move marked wrong ties with the best at the higher budget (rank 1 there: "within
  noise of the best"; target: none).
* **bots**: the share of puzzles the variant's greedy bot answers correctly (target: at
  most 60%) and the expert bot (``rl.bots.ExpertBot()``, its default budget; target: at
  least 95%).

``--playouts N`` checks the answers another way instead: for each puzzle (with
``--greedy-wrong``, only those the greedy bot gets wrong; with ``--greedy-right``, only
those it answers), the answer and the move marked
wrong are each played to the end of the hand from the true deal and ``N - 1`` deals of
the coach's belief about the hidden cards, twice per deal with the same seeds for both
moves; the player to move plays ``--policy`` (``greedy`` or ``expert``), every other
seat the greedy bot (``rummy_lab.bots.playouts.paired_playouts``). Reported: per
puzzle, the answer's lead over the wrong move by playouts (± one standard error) beside
the coach's, and how many leads are above 0.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_lab.bots import ExpertBot, make_bot
from rummy_lab.bots.playouts import lead, paired_playouts
from rummy_lab.coach import evaluate
from rummy_lab.practice import Puzzle, shipped


def _one(variant: str, index: int, factor: float, recheck: bool, seed: int
         ) -> tuple[str, bool, bool, bool, bool, list[str]]:
    """(id, best-at-higher-budget among answers, a wrong move ties the best, greedy
    right, expert right, the wrong-marked moves tied with the best)."""
    p = Puzzle.from_dict(shipped(variant)[index])
    view = p.view
    greedy = make_bot("greedy", view.rules).choose(view, random.Random(index))
    expert = ExpertBot().choose(view, random.Random(index))
    ok, tied = True, []
    if recheck:
        assert p.budget is not None
        again = evaluate(view, budget=factor * p.budget, seed=seed + index)
        ok = again[0].move in p.answers
        tied = [str(a.move) for a in again if a.rank == 1 and a.move not in p.answers]
    return p.id, ok, bool(tied), greedy in p.answers, expert in p.answers, tied


def _playouts(variant: str, index: int, deals: int, policy: str
              ) -> tuple[str, float, float, float]:
    """(id, the coach's lead of the answer over the move marked wrong, the lead by
    playouts, its standard error): see the module's docstring."""
    p = Puzzle.from_dict(shipped(variant)[index])
    assert p.wrong is not None
    diffs = paired_playouts(p.game.state, p.view, p.answers[0], p.wrong,
                            p.game.current_player, deals, random.Random(index), policy)
    mean, se = lead(diffs)
    return p.id, p.advice[0].value - p.advice_for(p.wrong).value, mean, se


def selected(variant: str, greedy_wrong: bool = False, greedy_right: bool = False,
             limit: int = 0) -> list[int]:
    """The indices of ``variant``'s shipped puzzles that the ``--playouts`` check plays:
    all, those the greedy bot gets wrong, or those it answers; the first ``limit``."""
    agrees = [Puzzle.from_dict(d).greedy_agrees for d in shipped(variant)]
    idx = [i for i, a in enumerate(agrees)
           if not (greedy_wrong and a) and not (greedy_right and not a)]
    return idx[:limit] if limit else idx


def playout_check(variant: str, deals: int, policy: str, greedy_wrong: bool, limit: int,
                  workers: int, greedy_right: bool = False) -> None:
    """Print the ``--playouts`` check of ``variant``'s shipped puzzles (those the greedy
    bot gets wrong, or answers, if asked). A puzzle's seeds come from its index in the
    file, so a puzzle's figures are the same whichever of them are asked for."""
    idx = selected(variant, greedy_wrong, greedy_right, limit)
    t = time.perf_counter()
    with cf.ProcessPoolExecutor(max_workers=max(1, workers)) as pool:
        rows = list(pool.map(_playouts, [variant] * len(idx), idx, [deals] * len(idx),
                             [policy] * len(idx)))
    which = ("the greedy bot gets wrong" if greedy_wrong else
             "the greedy bot answers" if greedy_right else "in the set")
    print(f"{variant}: {len(rows)} puzzles {which}, {deals} deals x 2 playouts each "
          f"({policy} for the player to move, greedy for the others), "
          f"{time.perf_counter() - t:.0f} s", flush=True)
    for pid, coach, mean, se in rows:
        print(f"  {pid}: the coach's lead {coach:+.1f}, by playouts {mean:+.1f} +- {se:.1f}",
              flush=True)
    if rows:
        leads = [r[2] for r in rows]
        m, sd = statistics.fmean(leads), (statistics.stdev(leads) if len(leads) > 1 else 0.0)
        print(f"  mean lead by playouts {m:+.2f} +- {sd / math.sqrt(len(leads)):.2f} "
              f"(the coach's {statistics.fmean(r[1] for r in rows):+.2f}); above 0 in "
              f"{sum(v > 0 for v in leads)} of {len(rows)}, more than 2 standard errors "
              f"above 0 in {sum(r[2] > 2 * r[3] for r in rows)}, more than 2 below in "
              f"{sum(r[2] < -2 * r[3] for r in rows)}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default="gin,basic,500,indian")
    ap.add_argument("--factor", type=float, default=4.0)
    ap.add_argument("--limit", type=int, default=0, help="at most this many per variant")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--skip-recheck", action="store_true")
    ap.add_argument("--seed", type=int, default=20_000,
                    help="the recheck's seeds are seed + the puzzle's index (the build's "
                         "own recheck uses 10,000 + the hand's number)")
    ap.add_argument("--playouts", type=int, default=0,
                    help="check the answers by playouts over this many deals instead")
    ap.add_argument("--policy", choices=("greedy", "expert"), default="expert")
    ap.add_argument("--greedy-wrong", action="store_true",
                    help="with --playouts: only the puzzles the greedy bot gets wrong")
    ap.add_argument("--greedy-right", action="store_true",
                    help="with --playouts: only the puzzles the greedy bot answers")
    args = ap.parse_args(argv)
    if args.greedy_wrong and args.greedy_right:
        ap.error("--greedy-wrong and --greedy-right leave no puzzle: give one of them")
    if args.playouts:
        print(f"python benchmarks/bench_puzzles.py --variants {args.variants} --playouts "
              f"{args.playouts} --policy {args.policy}"
              + (" --greedy-wrong" if args.greedy_wrong else "")
              + (" --greedy-right" if args.greedy_right else "")
              + (f" --limit {args.limit}" if args.limit else ""), flush=True)
        for variant in args.variants.split(","):
            playout_check(variant, args.playouts, args.policy, args.greedy_wrong, args.limit,
                          args.workers, args.greedy_right)
        return 0
    print(f"python benchmarks/bench_puzzles.py --variants {args.variants} --factor "
          f"{args.factor:g} --seed {args.seed}" + (f" --limit {args.limit}" if args.limit
                                                    else ""), flush=True)
    for variant in args.variants.split(","):
        n = len(shipped(variant))
        idx = list(range(n if not args.limit else min(n, args.limit)))
        t = time.perf_counter()
        with cf.ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
            rows = list(pool.map(_one, [variant] * len(idx), idx,
                                 [args.factor] * len(idx),
                                 [not args.skip_recheck] * len(idx), [args.seed] * len(idx)))
        k = len(rows)
        same = sum(r[1] for r in rows)
        ties = [(r[0], r[5]) for r in rows if r[2]]
        greedy = sum(r[3] for r in rows)
        expert = sum(r[4] for r in rows)
        budget = Puzzle.from_dict(shipped(variant)[0]).budget if n else None
        print(f"{variant}: {k} puzzles (validated at {budget} s, {time.perf_counter() - t:.0f}"
              f" s here)", flush=True)
        if not args.skip_recheck:
            print(f"  recheck at {args.factor:g}x: best among the answers {same}/{k} "
                  f"({same / max(1, k):.1%}; target >= 95%); a wrong-marked move tied with "
                  f"the best: {len(ties)} ({', '.join(f'{i}: {m}' for i, m in ties) or 'none'})",
                  flush=True)
        print(f"  greedy bot right {greedy}/{k} ({greedy / max(1, k):.1%}; target <= 60%); "
              f"expert bot right {expert}/{k} ({expert / max(1, k):.1%}; target >= 95%)",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
