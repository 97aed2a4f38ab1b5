"""Match equity against simulated matches: is the dynamic program's chance the observed one?

``rl.coach.match_win_probability`` turns the measured distribution of one hand's result
into each player's chance to win a match from given totals. This check validates that
method with the greedy bots (cheap enough to play thousands of matches): per variant it

1. measures the greedy-against-greedy hand distribution (``--hands`` hands, the
   function of ``scripts/measure_hand_outcomes.py``, seed ``--seed``);
2. builds the match-equity table from it (``match_equity_table(rules, outcomes=...)``);
3. plays ``--matches`` greedy-against-greedy matches from each of 5 or 6 score pairs
   (with a given dealer), the match scored by the engine: from ``(0, 0)`` a real
   ``rl.new_match`` (its ``next_hand`` picks the dealer); from other totals hands dealt
   with ``new_game`` by the dealer the variant's ``next_dealer`` names, and the match
   standing computed by the engine's own scoring (``game_totals``, ``table_standing``,
   ``pool_standings``) with the starting totals entered as the first hands;
4. prints the predicted chance of player 0, the observed win rate with its 95% (Wilson)
   interval, and whether the prediction lies inside it.

The prediction carries its own sampling error (the measured hand distribution), so a
pair slightly outside its interval now and then is expected; a method error shows as
many pairs off in the same direction.

``--bootstrap B`` instead reports how precise the shipped expert chances are: it
resamples the shipped expert hands ``B`` times (each variant's measured hands drawn with
replacement), rebuilds the table each time and prints, at the same score pairs, the
shipped chance with the 2.5% and 97.5% points of the resampled ones (a few seconds per
resample and variant, no hands played).

Run (about 33 minutes on one shared core; the bootstrap about 4)::

    PYTHONPATH=. python benchmarks/bench_match.py
    PYTHONPATH=. python benchmarks/bench_match.py --bootstrap 100
    PYTHONPATH=. python benchmarks/bench_match.py --variants gin 500 --matches 500
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import rummy_lab as rl
from rummy_lab.bots import make_bot, play_hand
from rummy_lab.coach.match_equity import (
    HandOutcomes,
    MatchEquityTable,
    expert_outcomes,
    match_equity_table,
)
from rummy_lab.engine.game import new_game
from rummy_lab.engine.rules import Rules, Variant, get_rules
from rummy_lab.engine.scoring.gin import game_totals
from rummy_lab.engine.scoring.indian import pool_standings
from rummy_lab.engine.variants import engine_for
from rummy_lab.engine.variants.tabled import table_standing

ROOT = Path(__file__).resolve().parent.parent

# (player 0's total, player 1's total, dealer of the next hand)
PAIRS: dict[str, list[tuple[int, int, int]]] = {
    "gin": [(0, 0, 0), (50, 50, 1), (90, 60, 1), (60, 90, 0), (80, 95, 0), (30, 70, 1)],
    "oklahoma": [(0, 0, 1), (70, 40, 1), (90, 90, 0), (20, 85, 1), (95, 50, 0)],
    "basic": [(0, 0, 0), (50, 80, 1), (90, 60, 0), (95, 95, 1), (20, 60, 0)],
    "500": [(0, 0, 0), (300, 400, 1), (450, 450, 0), (-50, 200, 1), (480, 300, 0)],
    "indian-pool-101": [(0, 0, 0), (60, 80, 1), (95, 40, 0), (30, 90, 1), (80, 80, 0)],
    "indian-pool-201": [(0, 0, 1), (150, 100, 1), (190, 60, 0), (120, 180, 1),
                        (170, 170, 0)],
}
HANDS = {"gin": 20000, "oklahoma": 20000, "basic": 5000, "500": 5000,
         "indian-pool-101": 1000, "indian-pool-201": 1000}
MATCHES = {"gin": 2000, "oklahoma": 2000, "basic": 1000, "500": 1000,
           "indian-pool-101": 250, "indian-pool-201": 250}


def _measure_module() -> ModuleType:
    path = ROOT / "scripts" / "measure_hand_outcomes.py"
    spec = importlib.util.spec_from_file_location("measure_hand_outcomes", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _standing_winner(rules: Rules, start: tuple[int, int],
                     results: Sequence[tuple[int | None, int, tuple[int, ...]]]) -> int | None:
    """The engine's match winner after ``results`` (winner, points, scores), the starting
    totals entered as the first hands; None while the match goes on."""
    s0, s1 = start
    if rules.variant is Variant.GIN:
        first: list[tuple[int | None, int]] = [(p, s) for p, s in ((0, s0), (1, s1)) if s]
        hands = first + [(w, pts if w is not None else 0) for w, pts, _ in results]
        return game_totals(hands, rules).winner
    if rules.variant in (Variant.BASIC, Variant.RUMMY500):
        return table_standing([(s0, s1), *(sc for _, _, sc in results)], 2,
                              rules.target).winner
    deals = [(1, (s0, 0)), (0, (0, s1)), *((w, sc) for w, _, sc in results)]
    return pool_standings(deals, rules, players=2).winner


def play_from(rules: Rules, start: tuple[int, int, int], seed: int) -> int:
    """Play one greedy-against-greedy match from ``start``; the winner's seat."""
    s0, s1, dealer = start
    rng = random.Random(seed)
    bots = [make_bot("greedy", rules), make_bot("greedy", rules)]
    if (s0, s1) == (0, 0):  # a real match, as rl.new_match plays it
        match = rl.new_match(rules, seed=seed, dealer=dealer)
        while True:
            play_hand(match.current_game, bots, rng)
            if match.is_over:
                assert match.winner is not None
                return match.winner
            match.next_hand()
    engine = engine_for(rules)
    results: list[tuple[int | None, int, tuple[int, ...]]] = []
    while True:
        game = new_game(rules, players=2, seed=rng.getrandbits(63), dealer=dealer)
        r = play_hand(game, bots, rng)
        results.append((r.winner, r.points, tuple(r.scores)))
        winner = _standing_winner(rules, (s0, s1), results)
        if winner is not None:
            return winner
        dealer = engine.next_dealer(game.state)


def check_variant(name: str, hands: int, matches: int, seed: int) -> list[dict[str, object]]:
    """Predicted and observed chances at the variant's score pairs."""
    rules = get_rules(name)
    t = time.perf_counter()
    rec = _measure_module().measure(rules, "greedy", hands, seed)
    outcomes = HandOutcomes.from_counts(rec["outcomes"], bot="greedy")
    table: MatchEquityTable = match_equity_table(rules, outcomes=outcomes)
    print(f"\n{name}: {hands} greedy hands measured, table built in "
          f"{time.perf_counter() - t:.1f} s", flush=True)
    print("| totals | dealer | predicted P(player 0 wins) | observed | 95% interval | inside |")
    print("|---|---|---|---|---|---|")
    rows: list[dict[str, object]] = []
    for k, (s0, s1, dealer) in enumerate(PAIRS[name]):
        t = time.perf_counter()
        predicted = table.win_probability((s0, s1), dealer=dealer)[0]
        base = seed + 1_000_000 * (k + 1)
        wins = sum(play_from(rules, (s0, s1, dealer), base + i) == 0 for i in range(matches))
        lo, hi = wilson(wins, matches)
        inside = lo <= predicted <= hi
        rows.append({"variant": name, "totals": (s0, s1), "dealer": dealer,
                     "predicted": predicted, "observed": wins / matches, "low": lo,
                     "high": hi, "inside": inside, "matches": matches})
        print(f"| {s0}-{s1} | {dealer} | {predicted:.3f} | {wins / matches:.3f} "
              f"({wins}/{matches}) | {lo:.3f}-{hi:.3f} | {'yes' if inside else 'NO'} |"
              f"  <!-- {time.perf_counter() - t:.0f} s -->", flush=True)
    return rows


def bootstrap_variant(name: str, resamples: int, seed: int) -> None:
    """The shipped expert chances at the variant's pairs with resampled 95% ranges."""
    rules = get_rules(name)
    shipped = expert_outcomes(rules)
    table = match_equity_table(rules)
    hands: list[tuple[int, int, str | None]] = []
    for d, o, w, p in shipped.rows:
        hands += [(d, o, w)] * round(p * shipped.hands)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in PAIRS[name]]
    for _ in range(resamples):
        counts: dict[tuple[int, int, str | None], int] = {}
        for h in rng.choices(hands, k=len(hands)):
            counts[h] = counts.get(h, 0) + 1
        out = HandOutcomes.from_counts([(*h, n) for h, n in counts.items()])
        t = match_equity_table(rules, outcomes=out)
        for k, (s0, s1, dealer) in enumerate(PAIRS[name]):
            samples[k].append(t.win_probability((s0, s1), dealer=dealer)[0])
    print(f"\n{name}: expert chances from {shipped.hands} hands, {resamples} resamples")
    print("| totals | dealer | P(player 0 wins) | 95% bootstrap range |")
    print("|---|---|---|---|")
    for k, (s0, s1, dealer) in enumerate(PAIRS[name]):
        got = sorted(samples[k])
        lo, hi = got[int(0.025 * (len(got) - 1))], got[int(0.975 * (len(got) - 1))]
        p = table.win_probability((s0, s1), dealer=dealer)[0]
        print(f"| {s0}-{s1} | {dealer} | {p:.3f} | {lo:.3f}-{hi:.3f} |", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", nargs="*", default=list(PAIRS))
    parser.add_argument("--hands", type=int, default=None,
                        help="greedy hands measured per variant (default: HANDS)")
    parser.add_argument("--matches", type=int, default=None,
                        help="matches per score pair (default: MATCHES)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bootstrap", type=int, default=0,
                        help="resample the shipped expert hands this many times instead")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.bootstrap:
        for name in args.variants:
            bootstrap_variant(name, args.bootstrap, args.seed)
        return 0
    rows: list[dict[str, object]] = []
    for name in args.variants:
        if name not in PAIRS:
            parser.error(f"no score pairs for {name!r}; choose from {', '.join(PAIRS)}")
        rows += check_variant(name, args.hands or HANDS[name], args.matches or MATCHES[name],
                              args.seed)
    inside = sum(bool(r["inside"]) for r in rows)
    print(f"\n{inside} of {len(rows)} predictions inside the observed 95% interval "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
