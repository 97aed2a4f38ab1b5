"""Meld solver benchmark on fresh hands: rummy_lab against OpenSpiel and RLCard.

Run with the ``bench`` extra installed (``make bench`` or ``pip install -e ".[bench]"``)::

    python benchmarks/bench_solver.py                  # 7 rounds, 15-25 s
    python benchmarks/bench_solver.py --rounds 11 --json out.json   # what the report quotes

How it times (so that work is timed, not memo hits):

* every round runs in a fresh Python process, on new random hands drawn for that round
  (seed ``--seed`` plus the round number); nothing is shared between rounds;
* in that process each implementation first runs untimed on a few *other* hands (imports,
  tables built once per rules object, the interpreter's own warm-up);
* every timed hand is solved exactly once by every implementation, and the peers get the
  very same hands (converted to their own card format outside the timed region, as their
  users would hold them);
* CPU time of the thread (``time.thread_time``) around a batch of ``--batch`` single
  calls, the implementations taking turns batch by batch (rotating who goes first); a
  batch's time divided by its size is a per-hand time, and a round reports the median of
  its batches; the garbage collector stays on, as for a user;
* the figures printed are medians over the rounds; a ratio is the median over rounds of
  that round's ``ours / peer`` (below 1x we are faster);
* big hands (30-40 cards, two decks, 4 jokers) and Indian hands are timed one by one with
  every solver cache cleared before each hand (no table or memo survives from the hand
  before), and report median and worst CPU time over all rounds.

Every peer's answer is checked against ours before a time counts.

Families: ``deadwood`` against OpenSpiel's ``min_deadwood`` (random 10-card Gin hands);
``best_partition`` against our own ``deadwood`` on the same hands; ``all_best_partitions``
against RLCard's ``get_best_meld_clusters`` (which also returns every optimal
arrangement); 11-card ``best_discard`` against the minimum of OpenSpiel's ``min_deadwood``
over the eleven discards; the numpy batch evaluator against ``min_deadwood``; Indian
14-card hands with 0-4 printed jokers (ours alone); Rummy 500 hands of 30, 35 and 40
cards from two decks with four jokers (``best_partition``, ours alone).

``--json FILE`` writes the ratios (``deadwood_vs_openspiel``, ``best_partition_vs_deadwood``,
``all_best_vs_rlcard``, ``best_discard_vs_openspiel``, ``batch_vs_openspiel``) and the big
hands' median and worst seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

Impl = tuple[Callable[[Any], Any], list[Any]]
"""A function solving one hand, and the hands in the form it takes."""


# --------------------------------------------------------------------------- the worker


def _clear_caches() -> None:
    """Forget every table and memo the solver keeps (the next call starts cold)."""
    from rummy_lab.engine import solver

    clear = getattr(solver, "clear_caches", None)
    if clear is not None:
        clear()
        return
    # An older solver without clear_caches: every lru_cache and every module memo table.
    for name, obj in list(vars(solver).items()):
        if hasattr(obj, "cache_clear"):
            obj.cache_clear()
        elif isinstance(obj, dict) and name.startswith("_") and name[1:].isupper():
            obj.clear()


def _race(impls: dict[str, Impl], batch: int) -> tuple[dict[str, float], dict[str, list[Any]]]:
    """Median per-hand CPU seconds of each implementation, and every answer.

    The implementations take turns batch by batch, the first to go rotating; each hand
    is solved once by each implementation.
    """
    names = list(impls)
    n = len(next(iter(impls.values()))[1])
    times: dict[str, list[float]] = {name: [] for name in names}
    out: dict[str, list[Any]] = {name: [] for name in names}
    clock = time.thread_time
    for b, start in enumerate(range(0, n, batch)):
        order = names[b % len(names):] + names[: b % len(names)]
        for name in order:
            fn, data = impls[name]
            part = data[start : start + batch]
            got = []
            t = clock()
            for x in part:
                got.append(fn(x))
            took = clock() - t
            times[name].append(took / len(part))
            out[name].extend(got)
    return {name: statistics.median(ts) for name, ts in times.items()}, out


def _openspiel() -> Any:
    import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]

    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def _rlcard() -> tuple[Any, Any]:
    from rlcard.games.gin_rummy.utils import melding, utils  # type: ignore[import-untyped, import-not-found, unused-ignore]

    return melding, utils


def _rl_deadwood(melding: Any, utils: Any, cards: list[Any]) -> int:
    clusters = melding.get_best_meld_clusters(cards)
    if not clusters:
        return sum(utils.get_deadwood_value(c) for c in cards)
    return int(utils.get_deadwood_count(cards, clusters[0]))


def worker(seed: int, hands: int, batch: int, big: int, indian: int, peers: bool) -> dict[str, Any]:
    """One round: fresh hands, fresh process; per-hand medians (seconds) by family."""
    from rummy_lab.engine.cards import Card, make_deck
    from rummy_lab.engine.rules import get_rules
    from rummy_lab.engine.solver import (
        all_best_partitions,
        best_discard,
        best_partition,
        deadwood,
    )

    rng = random.Random(seed)
    deck = make_deck()
    res: dict[str, Any] = {}
    os_utils = _openspiel() if peers else None
    rl = _rlcard() if peers else None

    def fresh(size: int, n: int) -> list[list[Card]]:
        return [rng.sample(deck, size) for _ in range(n)]

    # Untimed warm-up on other hands: every function we time, and the peers.
    for h in fresh(10, 30):
        deadwood(h)
        best_partition(h)
        all_best_partitions(h)
        if os_utils is not None:
            os_utils.min_deadwood([c.index for c in h])
    for h in fresh(11, 30):
        best_discard(h)
    if rl is not None:
        melding, utils = rl
        for h in fresh(10, 5):
            melding.get_best_meld_clusters([utils.card_from_text(c.code.replace("10", "T"))
                                            for c in h])

    # deadwood vs OpenSpiel's min_deadwood
    tens = fresh(10, hands)
    impls: dict[str, Impl] = {"deadwood": (deadwood, tens)}
    if os_utils is not None:
        impls["openspiel"] = (os_utils.min_deadwood, [[c.index for c in h] for h in tens])
    t, out = _race(impls, batch)
    if os_utils is not None:
        assert out["openspiel"] == out["deadwood"], "OpenSpiel disagrees on deadwood"
    res["deadwood"] = t

    # best_partition vs deadwood (new hands)
    tens = fresh(10, hands)
    t, out = _race({"best_partition": (best_partition, tens), "deadwood": (deadwood, tens)},
                   batch)
    assert [p.deadwood_points for p in out["best_partition"]] == out["deadwood"]
    res["best_partition"] = t

    # all_best_partitions vs RLCard (RLCard is slow: a quarter of the hands)
    tens = fresh(10, max(4, hands // 4))
    impls = {"all_best_partitions": (all_best_partitions, tens)}
    if rl is not None:
        melding, utils = rl
        rcards = [[utils.card_from_text(c.code.replace("10", "T")) for c in h] for h in tens]
        impls["rlcard"] = (melding.get_best_meld_clusters, rcards)
    t, out = _race(impls, max(1, batch // 4))
    if rl is not None:
        melding, utils = rl
        theirs = [_rl_deadwood(melding, utils, c) for c in rcards]
        assert theirs == [ps[0].deadwood_points for ps in out["all_best_partitions"]], (
            "RLCard disagrees"
        )
    res["all_best_partitions"] = t

    # 11-card best_discard vs OpenSpiel's min over the eleven discards
    elevens = fresh(11, max(4, hands // 2))
    impls = {"best_discard": (lambda h: best_discard(h)[1].deadwood_points, elevens)}
    if os_utils is not None:
        md = os_utils.min_deadwood
        impls["openspiel"] = (
            lambda h: min(md(h[:i] + h[i + 1:]) for i in range(len(h))),
            [[c.index for c in h] for h in elevens],
        )
    t, out = _race(impls, max(1, batch // 2))
    if os_utils is not None:
        assert out["openspiel"] == out["best_discard"], "OpenSpiel disagrees on the discard"
    res["best_discard"] = t

    # numpy batch evaluator: one call on the whole array vs OpenSpiel hand by hand
    try:
        import numpy as np

        from rummy_lab.probability.batch import batch_deadwood
    except ImportError:  # pragma: no cover - numpy is a core dependency
        pass
    else:
        batch_deadwood(np.array([[c.index for c in h] for h in fresh(10, 50)]))
        tens = fresh(10, hands * 4)
        arr = np.array([[c.index for c in h] for h in tens], dtype=np.int64)
        t0 = time.thread_time()
        got = batch_deadwood(arr)
        per = (time.thread_time() - t0) / len(tens)
        res["batch"] = {"batch_deadwood": per}
        if os_utils is not None:
            idx = [[c.index for c in h] for h in tens]
            t0 = time.thread_time()
            theirs = [os_utils.min_deadwood(h) for h in idx]
            res["batch"]["openspiel"] = (time.thread_time() - t0) / len(tens)
            assert theirs == got.tolist(), "batch disagrees with OpenSpiel"

    # Indian 14-card hands and big two-deck Rummy 500 hands: one by one, caches cleared
    def cold(hs: Sequence[tuple[list[Card], int | None]], rules: Any) -> list[float]:
        times = []
        for hand, wild in hs:
            _clear_caches()
            t0 = time.thread_time()
            best_partition(hand, rules, wild_rank=wild)
            times.append(time.thread_time() - t0)
        return times

    indian_rules = get_rules("indian")
    naturals = make_deck(2)
    for jokers in range(5):
        hs: list[tuple[list[Card], int | None]] = [
            (rng.sample(naturals, 14 - jokers) + [Card.parse("JK")] * jokers,
             rng.randint(1, 13))
            for _ in range(indian)
        ]
        res[f"indian_{jokers}"] = cold(hs, indian_rules)
    big_rules = get_rules("500", decks=2, printed_jokers=4)
    big_deck = make_deck(2, 4)
    for size in (30, 35, 40):
        res[f"big_{size}"] = cold([(rng.sample(big_deck, size), None) for _ in range(big)],
                                  big_rules)
    return res


# --------------------------------------------------------------------------- the parent


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:9.2f} us"


TARGETS: list[tuple[str, str, str, str, float, bool]] = [
    # (json key, family, ours, peer, limit, strict)
    ("deadwood_vs_openspiel", "deadwood", "deadwood", "openspiel", 1.3, False),
    ("best_partition_vs_deadwood", "best_partition", "best_partition", "deadwood", 4.0, False),
    ("all_best_vs_rlcard", "all_best_partitions", "all_best_partitions", "rlcard", 1.0, True),
    ("best_discard_vs_openspiel", "best_discard", "best_discard", "openspiel", 0.9, False),
    ("batch_vs_openspiel", "batch", "batch_deadwood", "openspiel", float("inf"), False),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--rounds", type=int, default=7, help="rounds, each in a fresh process")
    ap.add_argument("--hands", type=int, default=1000,
                    help="10-card hands per family and round (a quarter for RLCard, a half "
                         "for the 11-card family)")
    ap.add_argument("--batch", type=int, default=20, help="single calls per timed batch")
    ap.add_argument("--big", type=int, default=5, help="big hands per size and round")
    ap.add_argument("--indian", type=int, default=10, help="Indian hands per joker count and round")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", metavar="FILE", help="write the ratios to FILE")
    ap.add_argument("--no-peers", action="store_true", help="ours alone (no OpenSpiel/RLCard)")
    ap.add_argument("--worker", type=int, metavar="SEED", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    peers = not args.no_peers
    if args.worker is not None:
        got = worker(args.worker, args.hands, args.batch, args.big, args.indian, peers)
        json.dump(got, sys.stdout)
        return 0

    rounds: list[dict[str, Any]] = []
    for r in range(args.rounds):
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", str(args.seed * 1000 + r),
               "--hands", str(args.hands), "--batch", str(args.batch), "--big", str(args.big),
               "--indian", str(args.indian)] + (["--no-peers"] if not peers else [])
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode:
            sys.stderr.write(done.stderr)
            return 1
        rounds.append(json.loads(done.stdout))

    print(f"python {sys.version.split()[0]}, {args.rounds} rounds in fresh processes, "
          f"{args.hands} new hands per family and round, CPU time per hand "
          "(median of batches, then median over rounds); ours / peer below 1x: ours is faster")
    ratios: dict[str, float] = {}
    for key, fam, ours, peer, _limit, _strict in TARGETS:
        if peer not in rounds[0].get(fam, {}):
            continue
        a = statistics.median(r[fam][ours] for r in rounds)
        b = statistics.median(r[fam][peer] for r in rounds)
        ratio = statistics.median(r[fam][ours] / r[fam][peer] for r in rounds)
        ratios[key] = ratio
        print(f"  {fam:<20} {ours:<20} {_us(a)}   {peer:<14} {_us(b)}   "
              f"ours / peer = {ratio:5.2f}x")
    print("Indian 14-card hands, best_partition, random wild rank, caches cleared per hand")
    for j in range(5):
        ts = sorted(t for r in rounds for t in r[f"indian_{j}"])
        print(f"  {j} printed jokers: median {statistics.median(ts) * 1e3:8.3f} ms   "
              f"worst {ts[-1] * 1e3:8.3f} ms   ({len(ts)} hands)")
    print("Rummy 500, two decks and 4 jokers, best_partition, caches cleared per hand")
    big: dict[str, float] = {}
    for size in (30, 35, 40):
        ts = sorted(t for r in rounds for t in r[f"big_{size}"])
        big[f"big_{size}_median_s"] = statistics.median(ts)
        big[f"big_{size}_worst_s"] = ts[-1]
        print(f"  {size} cards: median {statistics.median(ts):7.4f} s   worst {ts[-1]:7.4f} s"
              f"   ({len(ts)} hands)")

    print("targets (issue 39), from this run")
    rows: list[tuple[bool, str, str]] = []
    for key, _fam, ours, peer, limit, strict in TARGETS:
        if limit == float("inf"):
            continue
        text = f"{ours} / {peer} {'<' if strict else '<='} {limit}x"
        if key not in ratios:
            rows.append((False, text, "not measured (peer missing)"))
            continue
        ok = ratios[key] < limit if strict else ratios[key] <= limit
        rows.append((ok, text, f"{ratios[key]:.2f}x"))
    all_big = sorted(t for r in rounds for size in (30, 35, 40) for t in r[f"big_{size}"])
    med, worst = statistics.median(all_big), all_big[-1]
    rows.append((med <= 0.1, "30-40 card two-deck hands with jokers: median <= 0.1 s",
                 f"{med:.4f} s"))
    rows.append((worst <= 0.5, "30-40 card two-deck hands with jokers: worst <= 0.5 s",
                 f"{worst:.4f} s"))
    for ok, text, value in rows:
        print(f"  {'PASS' if ok else 'FAIL'}  {text:<58} {value}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({**ratios, **big, "big_median_s": med, "big_worst_s": worst,
                       "rounds": args.rounds, "hands": args.hands}, fh, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
