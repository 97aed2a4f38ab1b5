"""Independent brute-force references for the solver tests.

Deliberately naive and written apart from the solver: a group of cards is a meld if some
window of places and some reading of the jokers makes it one; a hand is split by trying
every group that contains its first card.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

from rummy_lab.engine.cards import Card
from rummy_lab.engine.rules import Rules


def meld_readings(
    group: Sequence[Card], rules: Rules, wild_rank: int | None
) -> set[tuple[str, bool]]:
    """Every (kind, pure) reading of a group of cards as one meld."""
    out: set[tuple[str, bool]] = set()
    n = len(group)
    if n < rules.min_meld:
        return out
    flexible = [i for i, c in enumerate(group) if c.rank != 0 and c.rank == wild_rank]
    for mask in range(1 << len(flexible)):
        as_joker = {flexible[j] for j in range(len(flexible)) if mask >> j & 1}
        nat = [c for i, c in enumerate(group) if c.rank != 0 and i not in as_joker]
        jok = n - len(nat)
        pure = jok == 0
        if not nat:
            if rules.allow_all_wild and n <= rules.max_run_length:
                out.add(("run", False))
                if rules.max_set_size is None or n <= rules.max_set_size:
                    out.add(("set", False))
            continue
        # set
        if len({c.rank for c in nat}) == 1 and (
            rules.max_set_size is None or n <= rules.max_set_size
        ) and (not rules.set_distinct_suits or len({c.suit for c in nat}) == len(nat)):
            out.add(("set", pure))
        # run: a window of n places inside 1..13 (or 1..14 with the ace high)
        if len({c.suit for c in nat}) == 1 and n <= rules.max_run_length:
            top = 14 if rules.ace_high else 13
            for start in range(1, top - n + 2):
                window = set(range(start, start + n))
                used: set[int] = set()
                ok = True
                for c in nat:
                    places = [c.rank] + ([14] if c.rank == 1 and rules.ace_high else [])
                    free = [p for p in places if p in window and p not in used]
                    if not free:
                        ok = False
                        break
                    used.add(free[0])
                if ok and not (1 in used and 14 in used):
                    out.add(("run", pure))
    return out


def brute_best(
    hand: Sequence[Card], rules: Rules, wild_rank: int | None = None
) -> tuple[int, int]:
    """(points, unmelded count) of the best split under the variant's counting."""
    cards = tuple(sorted(hand))

    def value(c: Card) -> int:
        return rules.card_value(c, wild_rank)

    need_pure = rules.min_pure_sequences
    need_runs = rules.min_sequences

    @cache
    def rec(rest: tuple[Card, ...], pure: int, runs: int) -> tuple[int, int]:
        """Best (points, count) for ``rest``, given sequence counts so far, meeting needs."""
        if not rest:
            if pure >= need_pure and runs >= need_runs:
                return (0, 0)
            return (1 << 40, 0)
        first, others = rest[0], rest[1:]
        p, n = rec(others, pure, runs)
        best = (p + value(first), n + 1)
        idx = range(len(others))
        for size in range(rules.min_meld - 1, len(others) + 1):
            for combo in itertools.combinations(idx, size):
                group = (first, *(others[i] for i in combo))
                readings = meld_readings(group, rules, wild_rank)
                if not readings:
                    continue
                left = tuple(c for i, c in enumerate(others) if i not in combo)
                for kind, is_pure in readings:
                    np_ = min(pure + (kind == "run" and is_pure), 2)
                    nr = min(runs + (kind == "run"), 3)
                    cand = rec(left, np_, nr)
                    if cand < best:
                        best = cand
        return best

    if need_pure == 0 and need_runs == 0:
        return rec(cards, 0, 0)
    # Indian Rummy tiers: all cards count; or only one pure sequence excluded; or full melds.
    total = (sum(value(c) for c in cards), len(cards))
    best = total
    for size in range(rules.min_meld, len(cards) + 1):
        for combo in itertools.combinations(range(len(cards)), size):
            group = [cards[i] for i in combo]
            if ("run", True) in meld_readings(group, rules, wild_rank):
                cand = (total[0] - sum(value(c) for c in group), total[1] - size)
                best = min(best, cand)
                full = rec(cards, 0, 0)
                best = min(best, full)
    return best


def brute_all_best(
    hand: Sequence[Card], rules: Rules
) -> set[tuple[tuple[tuple[str, tuple[Card, ...]], ...], tuple[Card, ...]]]:
    """Every optimal split of a jokerless hand with plain deadwood counting.

    Each split is a key (sorted (kind, sorted cards) groups, sorted deadwood), with pure
    runs of one suit that continue each other joined while the joined run is allowed
    (A-2-3 plus 4-5-6 is A..6), the form ``all_best_partitions`` reports.
    """
    cards = tuple(sorted(hand))
    found: list[tuple[tuple[int, int], list[tuple[str, tuple[Card, ...]]], list[Card]]] = []

    def rec(rest: tuple[Card, ...], groups: list[tuple[str, tuple[Card, ...]]],
            dead: list[Card]) -> None:
        if not rest:
            found.append(((sum(rules.card_value(c) for c in dead), len(dead)),
                          list(groups), list(dead)))
            return
        first, others = rest[0], rest[1:]
        rec(others, groups, [*dead, first])
        for size in range(rules.min_meld - 1, len(others) + 1):
            for combo in itertools.combinations(range(len(others)), size):
                group = (first, *(others[i] for i in combo))
                for kind, _pure in meld_readings(group, rules, None):
                    left = tuple(c for i, c in enumerate(others) if i not in combo)
                    rec(left, [*groups, (kind, tuple(sorted(group)))], dead)

    rec(cards, [], [])
    best = min(f[0] for f in found)
    out = set()
    for value, groups, dead in found:
        if value == best:
            out.add((tuple(sorted(_join_runs(groups, rules))), tuple(sorted(dead))))
    return out


def _places(cards: Sequence[Card], rules: Rules) -> list[int]:
    ranks = sorted(c.rank for c in cards)
    if rules.ace_high and 1 in ranks and 13 in ranks:
        ranks = sorted(14 if r == 1 else r for r in ranks)
    return ranks


def _join_runs(
    groups: list[tuple[str, tuple[Card, ...]]], rules: Rules
) -> list[tuple[str, tuple[Card, ...]]]:
    groups = list(groups)
    joined = True
    while joined:
        joined = False
        for a, b in itertools.permutations(range(len(groups)), 2):
            (ka, ca), (kb, cb) = groups[a], groups[b]
            if ka != "run" or kb != "run" or ca[0].suit != cb[0].suit:
                continue
            pa, pb = _places(ca, rules), _places(cb, rules)
            if pa[-1] + 1 == pb[0] and len(ca) + len(cb) <= rules.max_run_length:
                merged = ("run", tuple(sorted(ca + cb)))
                groups = [g for i, g in enumerate(groups) if i not in (a, b)] + [merged]
                joined = True
                break
    return groups
