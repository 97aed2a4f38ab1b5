"""The exact meld solver: optimal partitions of a hand into melds and deadwood.

Why exact: every highlight in the views, every bot decision and every probability rests
on "what is the best this hand can do", so a greedy answer is never good enough.

How it works. A hand is split into *natural* cards and *jokers* (printed jokers, and
wild-rank cards that play as jokers). Sets are chosen rank by rank; whatever natural cards
are left fall apart by suit, and each suit's best arrangement into runs is a small
memoised search over that suit's cards with a joker budget. The per-suit answers are
tables indexed by the number of jokers used and, for Indian Rummy, by how many pure and
impure sequences they contain; tables are combined by a min-plus product. For one-deck
hands without jokers the per-suit table is precomputed for all 8,192 suit holdings, so a
Gin hand costs a handful of table look-ups; its partition is put together from per-suit
pieces (runs, deadwood, points) built once per suit holding, and so are its ties.

Big hands (30-40 cards from two decks with jokers, as a Rummy 500 deep pick can give) offer
too many combinations of sets for that search. They go to a DP over the places instead
(:func:`_dp_search`): the open runs of each suit by length, the jokers used and the set
being gathered make a small state, so the work grows with the places, not with the set
combinations.

The objective is the deadwood points, then (on ties) the number of unmelded cards, so
that among equally good partitions the one melding more cards wins.

>>> p = best_partition("7S 7H 7D 4C 5C 6C 7C KD QH 2S", "gin")
>>> p.deadwood_points, [str(m) for m in p.melds]
(22, ['7S 7H 7D', '4C 5C 6C 7C'])
>>> best_partition("7h 8h 9h Kc Kd Ks 2c", "gin").deadwood_points
2
"""

from __future__ import annotations

import heapq
import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from . import masks
from .cards import SUITS, Card, CardsLike, Hand, clean_cards, rich_display
from .errors import CardError
from .masks import set_variants, suit_run_table
from .melds import Meld, _as_run, _as_set, _check_wild_rank
from .rules import Rules, RulesLike, get_rules

__all__ = [
    "BIG",
    "Partition",
    "all_best_partitions",
    "best_discard",
    "best_partition",
    "deadwood",
    "deadwood_points",
    "set_variants",
    "suit_run_table",
]

INF = 1 << 60

Table = tuple[int, ...]
"""A suit's (or merged suits') best objective per joker count and flag state. Kept as a
tuple: the memos hold hundreds of thousands of them, and tuples of ints drop out of the
cyclic garbage collector's scans (lists would make a full collection take a second)."""
BIG = 128  # objective = points * BIG + unmelded card count (tie-break: meld more cards)


@dataclass(frozen=True)
class Partition:
    """A split of a hand into disjoint valid melds plus deadwood.

    :ivar melds: the melds, sets and runs.
    :ivar deadwood: the cards left over (for Indian Rummy: the cards that count).
    :ivar deadwood_points: their point total under the rules.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand: the melds' cards, then the deadwood."""
        return tuple(c for m in self.melds for c in m.cards) + self.deadwood

    @property
    def melded_count(self) -> int:
        """Number of cards in melds."""
        return sum(len(m.cards) for m in self.melds)

    @property
    def is_complete(self) -> bool:
        """True when every card is in a meld (gin, going out, a full declaration)."""
        return not self.deadwood

    def _key(self) -> tuple[object, ...]:
        return (
            tuple(sorted((m.kind, tuple(sorted(m.cards))) for m in self.melds)),
            tuple(sorted(self.deadwood)),
        )

    def __str__(self) -> str:
        parts = ["[" + " ".join(c.code for c in m.cards) + "]" for m in self.melds]
        if self.deadwood:
            parts.append("deadwood " + " ".join(c.code for c in self.deadwood))
        parts.append(f"= {self.deadwood_points}")
        return " ".join(parts)

    def explain(self, rules: RulesLike = "gin", *, wild_rank: int | None = None) -> list[str]:
        """One line per meld and one for the deadwood sum, for learners."""
        r = get_rules(rules)
        lines = [m.describe(wild_rank) for m in self.melds]
        if self.deadwood:
            terms = " + ".join(
                f"{c.code}({r.card_value(c, wild_rank)})" for c in self.deadwood
            )
            lines.append(f"deadwood: {terms} = {self.deadwood_points}")
        else:
            lines.append("no deadwood: every card is melded")
        return lines

    def _repr_html_(self) -> str | None:
        return rich_display("partition", self)


# --------------------------------------------------------------------------- context


@dataclass(frozen=True, eq=False)
class _Ctx:
    """Per (rules, wild rank) constants and memo tables of the search."""

    values: tuple[int, ...]  # by place 0..13 (0 = ace low, 13 = ace high)
    ace_high: bool
    top: int  # number of places usable: 13 (ace low) or 14
    maxlen: int
    min_meld: int
    max_set: int | None
    distinct: bool
    all_wild: bool
    need_pure: int
    need_runs: int
    nflags: int
    joker_value: int
    wild_value: int
    wild_rank: int | None
    memo: dict[tuple[tuple[int, ...], int], Table]
    set_memo: dict[tuple[tuple[int, ...], int], list[_SetPick]]
    dp_memo: dict[tuple[int, int, int, int, bool, bool], list[_Move]]
    merge_memo: dict[tuple[object, ...], Table]
    flag_comb: tuple[tuple[int, ...], ...]
    run_flag: tuple[int, ...]  # flags after adding an impure run to state f
    pure_flag: tuple[int, ...]  # flags after adding a pure run to state f
    kernel: bool  # the bitmask kernel covers one-deck jokerless hands of these rules


@lru_cache(maxsize=64)
def _ctx(rules: Rules, wild_rank: int | None) -> _Ctx:
    vals = list(rules.rank_values[1:14])  # ranks 1..13 -> places 0..12
    if wild_rank is not None:
        vals[wild_rank - 1] = rules.wild_value
    vals.append(vals[0])  # place 13 = ace high
    need_pure = min(rules.min_pure_sequences, 2)
    need_runs = min(max(rules.min_sequences, need_pure), 3)
    constrained = need_pure > 0 or need_runs > 0
    np_cap = need_pure if constrained else 0
    nr_cap = need_runs if constrained else 0
    nflags = (np_cap + 1) * (nr_cap + 1)

    def enc(p: int, r: int) -> int:
        return min(p, np_cap) * (nr_cap + 1) + min(r, nr_cap)

    def dec(f: int) -> tuple[int, int]:
        return divmod(f, nr_cap + 1)

    comb = tuple(
        tuple(enc(dec(a)[0] + dec(b)[0], dec(a)[1] + dec(b)[1]) for b in range(nflags))
        for a in range(nflags)
    )
    run_flag = tuple(enc(dec(a)[0], dec(a)[1] + 1) for a in range(nflags))
    pure_flag = tuple(enc(dec(a)[0] + 1, dec(a)[1] + 1) for a in range(nflags))
    return _Ctx(
        values=tuple(vals),
        ace_high=rules.ace_high,
        top=14 if rules.ace_high else 13,
        maxlen=rules.max_run_length,
        min_meld=rules.min_meld,
        max_set=rules.max_set_size,
        distinct=rules.set_distinct_suits,
        all_wild=rules.allow_all_wild,
        need_pure=np_cap,
        need_runs=nr_cap,
        nflags=nflags,
        joker_value=rules.joker_value,
        wild_value=rules.wild_value,
        wild_rank=wild_rank,
        memo={},
        set_memo={},
        dp_memo={},
        merge_memo={},
        flag_comb=comb,
        run_flag=run_flag,
        pure_flag=pure_flag,
        kernel=masks.kernel_eligible(rules) and rules.min_meld == 3
        and (rules.max_set_size is None or rules.max_set_size >= 4),
    )


def _goal_flag(ctx: _Ctx) -> int:
    return ctx.need_pure * (ctx.need_runs + 1) + ctx.need_runs


# --------------------------------------------------------------------------- per suit


def _run_choices(
    ctx: _Ctx, counts: tuple[int, ...], p: int, budget: int
) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """Runs whose lowest natural card is at place ``p``.

    Yields (places, min_jokers, max_jokers) for each set of natural places.
    """
    top = ctx.top
    maxlen = ctx.maxlen
    mm = ctx.min_meld
    stack: list[tuple[tuple[int, ...], int]] = [((p,), 0)]
    while stack:
        places, gaps = stack.pop()
        n = len(places)
        lo_j = max(gaps, mm - n)
        hi_j = min(budget, maxlen - n, top - n)
        if lo_j <= hi_j:
            yield places, lo_j, hi_j
        last = places[-1]
        for q in range(last + 1, min(top, last + 2 + budget - gaps)):
            if counts[q] and q - p + 1 <= maxlen:
                stack.append(((*places, q), gaps + q - last - 1))


def _suit_table(ctx: _Ctx, counts: tuple[int, ...], budget: int) -> Table:
    """Best objective for one suit's cards using exactly k jokers, per flag state.

    Index ``k * nflags + f``.
    """
    key = (counts, budget)
    memo = ctx.memo
    hit = memo.get(key)
    if hit is not None:
        return hit
    S = ctx.nflags
    size = (budget + 1) * S
    res = [INF] * size
    p = 0
    while p < 14 and not counts[p]:
        p += 1
    if p == 14:
        res[0] = 0
        memo[key] = table = tuple(res)
        return table
    lst = list(counts)
    lst[p] -= 1
    rest = tuple(lst)
    # 1. the card is deadwood
    cost = ctx.values[p] * BIG + 1
    sub = _suit_table(ctx, rest, budget)
    for i in range(size):
        v = sub[i] + cost
        if v < res[i]:
            res[i] = v
    if p == 0 and ctx.ace_high:
        # 2. the ace plays high: move it to place 13
        lst2 = list(rest)
        lst2[13] += 1
        sub = _suit_table(ctx, tuple(lst2), budget)
        for i in range(size):
            if sub[i] < res[i]:
                res[i] = sub[i]
    if p < 13 or not ctx.ace_high:
        # 3. the card is the lowest natural card of a run
        comb_pure = ctx.pure_flag
        comb_run = ctx.run_flag
        for places, lo_j, hi_j in _run_choices(ctx, counts, p, budget):
            lst3 = list(counts)
            for q in places:
                lst3[q] -= 1
            remain = tuple(lst3)
            for kr in range(lo_j, hi_j + 1):
                sub = _suit_table(ctx, remain, budget - kr)
                flag_map = comb_pure if kr == 0 else comb_run
                for k2 in range(budget - kr + 1):
                    base = k2 * S
                    out = (k2 + kr) * S
                    for f in range(S):
                        v = sub[base + f]
                        if v < INF:
                            j = out + flag_map[f]
                            if v < res[j]:
                                res[j] = v
    memo[key] = table = tuple(res)
    return table


MERGE_MEMO = 200_000
"""Merged suit tables kept per context (then the memo starts again)."""


def _merged(ctx: _Ctx, suits: tuple[tuple[int, ...], ...], tables: Sequence[Table],
            budget: int) -> Table:
    """The four suits' tables merged (suits 0 and 1, then 2, then 3), each prefix kept:
    hands that differ in one suit (a hand and the same hand less a card) share the
    merges of the suits before it."""
    memo = ctx.merge_memo
    if len(memo) > MERGE_MEMO:
        memo.clear()
    acc = tables[0]
    for k in range(1, 4):
        key = (suits[: k + 1], budget)
        got = memo.get(key)
        if got is None:
            got = memo[key] = _merge(ctx, acc, tables[k], budget)
        acc = got
    return acc


def _merge(ctx: _Ctx, a: Table, b: Table, budget: int) -> Table:
    S = ctx.nflags
    res = [INF] * ((budget + 1) * S)
    comb = ctx.flag_comb
    for k1 in range(budget + 1):
        for f1 in range(S):
            v1 = a[k1 * S + f1]
            if v1 >= INF:
                continue
            row = comb[f1]
            for k2 in range(budget - k1 + 1):
                base = k2 * S
                out = (k1 + k2) * S
                for f2 in range(S):
                    v2 = b[base + f2]
                    if v2 < INF:
                        j = out + row[f2]
                        v = v1 + v2
                        if v < res[j]:
                            res[j] = v
    return tuple(res)


# --------------------------------------------------------------------------- hand model


@dataclass(frozen=True)
class _Model:
    """A hand as natural card counts by suit and place, plus jokers."""

    suits: tuple[tuple[int, ...], ...]  # 4 x 14 counts (place 13 unused here)
    jokers: tuple[Card, ...]  # sorted by value, highest first
    joker_values: tuple[int, ...]  # same order


def _split(hand: Sequence[Card], ctx: _Ctx) -> tuple[list[list[int]], list[Card], list[Card]]:
    suits = [[0] * 14 for _ in range(4)]
    printed: list[Card] = []
    wild: list[Card] = []
    for c in hand:
        if c.rank == 0:
            printed.append(c)
        elif ctx.wild_rank is not None and c.rank == ctx.wild_rank:
            wild.append(c)
        else:
            assert c.suit is not None
            suits[c.suit.order][c.rank - 1] += 1
    return suits, printed, wild


def _models(hand: Sequence[Card], ctx: _Ctx) -> Iterator[_Model]:
    """Every way of playing the wild-rank cards: as natural cards or as jokers."""
    suits, printed, wild = _split(hand, ctx)
    by_suit: dict[int, list[Card]] = {}
    for c in wild:
        assert c.suit is not None
        by_suit.setdefault(c.suit.order, []).append(c)
    keys = sorted(by_suit)
    ranges = [range(len(by_suit[s]) + 1) for s in keys]
    for choice in itertools.product(*ranges):
        ss = [row[:] for row in suits]
        jok = list(printed)
        for s, as_joker in zip(keys, choice, strict=True):
            cards = by_suit[s]
            jok.extend(cards[:as_joker])
            ss[s][cards[0].rank - 1] += len(cards) - as_joker
        vals = [ctx.joker_value if c.rank == 0 else ctx.wild_value for c in jok]
        order = sorted(range(len(jok)), key=lambda i: -vals[i])
        yield _Model(
            tuple(tuple(row) for row in ss),
            tuple(jok[i] for i in order),
            tuple(vals[i] for i in order),
        )


# --------------------------------------------------------------------------- set options


@dataclass(frozen=True)
class _SetPick:
    rank_place: int
    used: tuple[int, ...]  # copies per suit put into sets
    groups: int
    need: int  # jokers needed
    cap: int  # extra jokers the groups could absorb


def _set_options(ctx: _Ctx, suits: tuple[tuple[int, ...], ...], place: int) -> list[_SetPick]:
    """Ways to put cards of one rank into sets (not counting 'no set')."""
    have = (suits[0][place], suits[1][place], suits[2][place], suits[3][place])
    key = (have, place)
    hit = ctx.set_memo.get(key)
    if hit is not None:
        return hit
    out = ctx.set_memo[key] = _set_options_for(ctx, have, place)
    return out


def _set_options_for(ctx: _Ctx, have: tuple[int, ...], place: int) -> list[_SetPick]:
    out = []
    for used in itertools.product(*(range(h + 1) for h in have)):
        n = sum(used)
        if n < 2:  # one natural card plus jokers is never better as a set than as a run
            continue
        if ctx.distinct:
            g = max(max(used), -(-n // (ctx.max_set or 4)))
        elif ctx.max_set is not None:
            g = -(-n // ctx.max_set)
        else:
            g = 1
        need = max(0, ctx.min_meld * g - n)
        cap = INF if ctx.max_set is None else ctx.max_set * g - n - need
        if ctx.distinct:
            cap = min(cap, 4 * g - n - need)
        out.append(_SetPick(place, tuple(used), g, need, max(0, cap)))
    return out


def _set_plans(
    ctx: _Ctx, suits: tuple[tuple[int, ...], ...], budget: int
) -> Iterator[tuple[tuple[_SetPick, ...], int, int]]:
    """Every combination of set picks over the ranks within the joker budget.

    Yields (picks, jokers needed, absorb capacity).
    """
    per_rank: list[list[_SetPick]] = []
    for place in range(13):
        total = sum(suits[s][place] for s in range(4))
        if total >= 2:
            opts = [o for o in _set_options(ctx, suits, place) if o.need <= budget]
            if opts:
                per_rank.append(opts)

    def rec(i: int, picks: tuple[_SetPick, ...], need: int, cap: int) -> Iterator[
        tuple[tuple[_SetPick, ...], int, int]
    ]:
        if i == len(per_rank):
            yield picks, need, cap
            return
        yield from rec(i + 1, picks, need, cap)
        for o in per_rank[i]:
            if need + o.need <= budget:
                yield from rec(i + 1, (*picks, o), need + o.need, cap + o.cap)

    yield from rec(0, (), 0, 0)


def _leftover_options(
    ctx: _Ctx, model: _Model, left: int, cap: int, f: int
) -> list[tuple[int, int, int]]:
    """(objective, flag, mode) choices for ``left`` unused jokers.

    Mode 0: absorb what the sets can take, the rest is deadwood; mode 1: the jokers
    form a group of their own (an impure sequence, when ``allow_all_wild``).
    """
    if left == 0:
        return [(0, f, 0)]
    rest = left - min(left, cap)
    # unused jokers are the lowest valued ones (the list is sorted high to low)
    vals = model.joker_values[len(model.joker_values) - rest :] if rest else ()
    out = [(sum(vals) * BIG + rest, f, 0)]
    if ctx.all_wild and ctx.min_meld <= left <= ctx.maxlen:
        out.append((0, ctx.run_flag[f], 1))
    return out


# --------------------------------------------------------------------------- search


@dataclass(frozen=True)
class _Plan:
    model: _Model
    picks: tuple[_SetPick, ...]
    set_jokers: int
    cap: int
    suit_rest: tuple[tuple[int, ...], ...]
    suit_jokers: tuple[int, ...]
    suit_flags: tuple[int, ...]
    left_mode: int
    flag: int


def _plan_value(
    ctx: _Ctx, model: _Model, goal: int | None, want_plans: bool = True
) -> tuple[int, list[_Plan]]:
    """Best objective for one model and (when wanted) every plan achieving it."""
    J = len(model.jokers)
    best = INF
    plans: list[_Plan] = []
    S = ctx.nflags
    for picks, need, cap in _set_plans(ctx, model.suits, J):
        if picks:
            rest = [list(row) for row in model.suits]
            for pk in picks:
                for su in range(4):
                    rest[su][pk.rank_place] -= pk.used[su]
            rest_t = tuple(tuple(row) for row in rest)
        else:
            rest_t = model.suits
        budget = J - need
        t0, t1, t2, t3 = (_suit_table(ctx, rest_t[su], budget) for su in range(4))
        if budget == 0 and S == 1:
            # no jokers to share out: the suits simply add up
            tot = t0[0] + t1[0] + t2[0] + t3[0]
            if tot < best:
                best = tot
                plans = []
            if want_plans and tot == best and tot < INF:
                plans.append(_Plan(model, picks, need, cap, rest_t, (0,), (0,), 0, 0))
            continue
        acc = _merged(ctx, rest_t, (t0, t1, t2, t3), budget)
        for k in range(budget + 1):
            for f in range(S):
                v = acc[k * S + f]
                if v >= INF:
                    continue
                for extra, f2, mode in _leftover_options(ctx, model, budget - k, cap, f):
                    if goal is not None and f2 != goal:
                        continue
                    tot = v + extra
                    if tot < best:
                        best = tot
                        plans = []
                    if want_plans and tot == best:
                        plans.append(
                            _Plan(model, picks, need, cap, rest_t, (k,), (f,), mode, f2)
                        )
    return best, plans


def _solve_value(
    hand: Sequence[Card], ctx: _Ctx, goal: int | None, want_plans: bool = True
) -> tuple[int, list[_Plan]]:
    best = INF
    plans: list[_Plan] = []
    for model in _models(hand, ctx):
        v, ps = _plan_value(ctx, model, goal, want_plans)
        if v < best:
            best, plans = v, ps
        elif v == best and v < INF:
            plans.extend(ps)
    return best, plans


# --------------------------------------------------------------------------- reconstruction


def _suit_arrangements(
    ctx: _Ctx, counts: tuple[int, ...], budget: int, k: int, f: int
) -> Iterator[tuple[tuple[tuple[tuple[int, ...], int], ...], tuple[int, ...]]]:
    """All optimal run arrangements of one suit for (k jokers, flag f).

    Yields (runs as (places, jokers), deadwood places).
    """
    S = ctx.nflags
    table = _suit_table(ctx, counts, budget)
    target = table[k * S + f]
    if target >= INF:
        return
    p = 0
    while p < 14 and not counts[p]:
        p += 1
    if p == 14:
        if k == 0 and f == 0:
            yield (), ()
        return
    lst = list(counts)
    lst[p] -= 1
    rest = tuple(lst)
    cost = ctx.values[p] * BIG + 1
    sub = _suit_table(ctx, rest, budget)
    if sub[k * S + f] + cost == target:
        for runs, dead in _suit_arrangements(ctx, rest, budget, k, f):
            yield runs, (p, *dead)
    if p == 0 and ctx.ace_high:
        lst2 = list(rest)
        lst2[13] += 1
        moved = tuple(lst2)
        sub = _suit_table(ctx, moved, budget)
        if sub[k * S + f] == target:
            yield from _suit_arrangements(ctx, moved, budget, k, f)
    if p < 13 or not ctx.ace_high:
        for places, lo_j, hi_j in _run_choices(ctx, counts, p, budget):
            lst3 = list(counts)
            for q in places:
                lst3[q] -= 1
            remain = tuple(lst3)
            for kr in range(lo_j, min(hi_j, k) + 1):
                flag_map = ctx.pure_flag if kr == 0 else ctx.run_flag
                sub = _suit_table(ctx, remain, budget - kr)
                for f0 in range(S):
                    if flag_map[f0] != f:
                        continue
                    if sub[(k - kr) * S + f0] == target:
                        for runs, dead in _suit_arrangements(
                            ctx, remain, budget - kr, k - kr, f0
                        ):
                            yield ((places, kr), *runs), dead


def _merge_splits(
    ctx: _Ctx, tables: list[Table], budget: int, k: int, f: int, value: int
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every (k_s, f_s) per suit whose sum achieves ``value`` at (k, f)."""
    S = ctx.nflags

    def rec(i: int, k_left: int, f_acc: int, v_acc: int) -> Iterator[tuple[tuple[int, int], ...]]:
        if i == 4:
            if k_left == 0 and f_acc == f and v_acc == value:
                yield ()
            return
        t = tables[i]
        for ks in range(k_left + 1):
            for fs in range(S):
                v = t[ks * S + fs]
                if v >= INF or v_acc + v > value:
                    continue
                for tail in rec(i + 1, k_left - ks, ctx.flag_comb[f_acc][fs], v_acc + v):
                    yield ((ks, fs), *tail)

    yield from rec(0, k, 0, 0)


_DECK: tuple[Card, ...] = tuple(Card(r, su) for su in SUITS for r in range(1, 14))


def _place_card(place: int, suit_index: int) -> Card:
    return _DECK[suit_index * 13 + (0 if place == 13 else place)]


def _build_partitions(
    ctx: _Ctx, rules: Rules, plan: _Plan, limit: int | None
) -> Iterator[Partition]:
    model = plan.model
    J = len(model.jokers)
    budget = J - plan.set_jokers
    S = ctx.nflags
    tables = [_suit_table(ctx, plan.suit_rest[s], budget) for s in range(4)]
    k_total = plan.suit_jokers[0]
    f_total = plan.suit_flags[0]
    acc = tables[0]
    for s in range(1, 4):
        acc = _merge(ctx, acc, tables[s], budget)
    value = acc[k_total * S + f_total]
    count = 0
    for split in _merge_splits(ctx, tables, budget, k_total, f_total, value):
        per_suit = [
            list(_suit_arrangements(ctx, plan.suit_rest[s], budget, ks, fs))
            for s, (ks, fs) in enumerate(split)
        ]
        for combo in itertools.product(*per_suit):
            yield _assemble(ctx, rules, plan, combo)
            count += 1
            if limit is not None and count >= limit:
                return


def _assemble(
    ctx: _Ctx,
    rules: Rules,
    plan: _Plan,
    combo: tuple[tuple[tuple[tuple[tuple[int, ...], int], ...], tuple[int, ...]], ...],
) -> Partition:
    jokers = list(plan.model.jokers)  # highest value first: melded first
    melds: list[Meld] = []
    deadwood: list[Card] = []
    # sets
    set_melds: list[tuple[list[Card], list[Card]]] = []
    for pk in plan.picks:
        groups: list[list[Card]] = [[] for _ in range(pk.groups)]
        gi = 0
        for s in range(4):
            for _ in range(pk.used[s]):
                card = Card(pk.rank_place + 1, SUITS[s])
                if ctx.distinct:
                    # place in the first group lacking this suit, keeping sizes balanced
                    order = sorted(range(pk.groups), key=lambda i: len(groups[i]))
                    for i in order:
                        if card not in groups[i] and len(groups[i]) < (ctx.max_set or 99):
                            groups[i].append(card)
                            break
                else:
                    groups[gi % pk.groups].append(card)
                    gi += 1
        for g in groups:
            need = max(0, ctx.min_meld - len(g))
            set_melds.append((g, [jokers.pop(0) for _ in range(need)]))
    # runs
    runs: list[tuple[list[Card], list[Card]]] = []
    for s, (suit_runs, dead) in enumerate(combo):
        for places, kr in suit_runs:
            nat = [_place_card(q, s) for q in places]
            runs.append((nat, [jokers.pop(0) for _ in range(kr)]))
        for q in dead:
            deadwood.append(_place_card(q, s))
    # leftover jokers: their own group, or absorbed by sets, or deadwood
    melds_extra: list[Meld] = []
    if jokers and plan.left_mode == 1:
        melds_extra.append(Meld(tuple(jokers), "run", is_pure=False))
        jokers = []
    absorb = min(len(jokers), plan.cap)
    for nat, jk in set_melds:
        size_cap = min(ctx.max_set or 99, 4 if ctx.distinct else 99)
        while absorb and len(nat) + len(jk) < size_cap:
            jk.append(jokers.pop(0))
            absorb -= 1
    deadwood.extend(jokers)
    for nat, jk in set_melds:
        m = _as_set(nat, jk, rules)
        if m is None:  # pragma: no cover - internal consistency
            raise AssertionError(f"solver built an invalid set {nat} + {jk}")
        melds.append(m)
    for nat, jk in runs:
        m = _as_run(nat, jk, rules)
        if m is None:  # pragma: no cover - internal consistency
            raise AssertionError(f"solver built an invalid run {nat} + {jk}")
        melds.append(m)
    melds.extend(melds_extra)
    points = sum(rules.card_value(c, ctx.wild_rank) for c in deadwood)
    return Partition(tuple(melds), tuple(deadwood), points)

# --------------------------------------------------------------------------- big hands


_Move = tuple[int, int, int, int, bool, tuple[object, ...]]
"""New suit state (packed), jokers used, cards left as deadwood, cards given to the set,
whether a run was closed, and what was done (for rebuilding the melds)."""

_DP_MIN_PLANS = 30_000
"""From this many combinations of set choices, the place-by-place search takes over."""


def _dp_eligible(ctx: _Ctx, jokers: int) -> bool:
    """True when the place-by-place search is exact for these rules and jokers.

    It needs plain deadwood counting, no wild rank, and runs that can always take every
    spare joker: any run, cut in two if long, must have room for all of them, which
    holds when ``min(max_run_length, places) >= 2 * min_meld - 1 + jokers``.
    """
    return (
        ctx.nflags == 1
        and ctx.wild_rank is None
        and min(ctx.maxlen, ctx.top) >= 2 * ctx.min_meld - 1 + jokers
    )


def _use_dp(hand: Sequence[Card], ctx: _Ctx) -> bool:
    """True when the place-by-place search should solve this hand.

    The set-by-set search is quick while the hand offers few combinations of sets (its
    work grows with their number); past :data:`_DP_MIN_PLANS` of them, as in 30-40 card
    two-deck hands, the place-by-place search is much faster.

    >>> r = get_rules("500", decks=2, printed_jokers=4)
    >>> _use_dp(clean_cards("7S 8S 9S 9H 9D JK"), _ctx(r, None))
    False
    >>> deck = clean_cards(" ".join(f"{rank}{suit}" for suit in "SHDC" for rank in "A23456789TJQK"))
    >>> _use_dp(deck[:36] + deck[10:14] + clean_cards("JK"), _ctx(r, None))
    True
    """
    if ctx.nflags != 1 or ctx.wild_rank is not None:
        return False
    model = next(_models(hand, ctx))
    jokers = len(model.jokers)
    if not _dp_eligible(ctx, jokers):
        return False
    plans = 1
    for place in range(13):
        if sum(model.suits[s][place] for s in range(4)) >= 2:
            opts = _set_options(ctx, model.suits, place)
            plans *= 1 + sum(1 for o in opts if o.need <= jokers)
            if plans >= _DP_MIN_PLANS:
                return True
    return False


def _dp_moves(
    m: int, code: int, n: int, jmax: int, kind: int, gap_ok: bool, set_ok: bool
) -> list[_Move]:
    """Every way one suit's open runs and its ``n`` cards at a place can go on.

    Each open run takes the next card (a natural card or a joker) or ends, a run shorter
    than ``m`` ending with jokers to make up ``m``. Each card left over is deadwood, goes
    to the rank's set or starts a run. With the ace high, an ace at place 0 (``kind`` 1)
    is never deadwood there: it is kept back for the ace-high place (``kind`` 2), where
    it goes on a run or is deadwood, which spares the search a state per choice. A joker
    goes on a run only when a natural card of the suit can follow within reach
    (``gap_ok``): a joker at the end of a run is no better than a spare one.

    Moves that another move beats outright are left out: ending a run (or running on
    with a joker) while a card of the place is deadwood, and ending a run while a card
    of the place starts a new one (the card can go on the ending run instead).

    ``code`` packs the suit's state four bits a field: open runs of length 1 .. m (the
    last: m or more), then the aces kept back; new states come packed the same way.
    """
    kept = code >> (4 * m)
    per: list[list[tuple[int, int, int, int]]] = []
    for i in range(m):
        ci = (code >> (4 * i)) & 15
        opts = []
        for x in range(min(ci, n) + 1):
            for y in range(ci - x + 1 if gap_ok else 1):
                close = ci - x - y
                opts.append((x, y, close, close * (m - 1 - i)))
        per.append(opts)
    out: list[_Move] = []
    for combo in itertools.product(*per):
        taken = 0
        jokers = 0
        closed = False
        on_joker = False
        new = [0] * m
        for i, (x, y, close, pad) in enumerate(combo):
            taken += x
            jokers += y + pad
            closed = closed or close > 0
            on_joker = on_joker or y > 0
            new[min(i + 1, m - 1)] += x + y
        if taken > n or jokers > jmax:
            continue
        left = n - taken
        xy = tuple((x, y) for x, y, _, _ in combo)
        if kind == 2:
            if not left or not (closed or on_joker):
                out.append((_pack(new, 0), jokers, left, 0, closed, (xy, left, 0, 0, 0)))
            continue
        for u in range(1 if kind == 1 else left + 1):
            if u and (closed or on_joker):
                continue  # the dead card could go on that run instead
            for v in range(left - u + 1 if set_ok else 1):
                rest = left - u - v
                for z in range(rest + 1 if kind == 1 else 1):
                    w = rest - z
                    if w and closed:
                        continue  # the new run's card could go on the run that ends
                    ns = list(new)
                    ns[0] += w
                    out.append(
                        (_pack(ns, kept + z), jokers, u, v, closed, (xy, u, v, w, z))
                    )
    return out


def _pack(runs: list[int], kept: int) -> int:
    """A suit state packed four bits a field (see :func:`_dp_moves`)."""
    code = kept << (4 * len(runs))
    for i, c in enumerate(runs):
        code |= c << (4 * i)
    return code


def _set_jokers(ctx: _Ctx, n: int, most: int) -> tuple[int, int, int]:
    """(groups, jokers needed, extra jokers they could take; INF: any) for ``n`` natural
    cards of one rank, at most ``most`` copies of one suit (as :func:`_set_options_for`)."""
    if ctx.distinct:
        g = max(most, -(-n // (ctx.max_set or 4)))
    elif ctx.max_set is not None:
        g = -(-n // ctx.max_set)
    else:
        g = 1
    need = max(0, ctx.min_meld * g - n)
    cap = INF if ctx.max_set is None else ctx.max_set * g - n - need
    if ctx.distinct:
        cap = min(cap, 4 * g - n - need)
    return g, need, max(0, cap)


def _dp_solve(
    ctx: _Ctx, counts: list[list[int]], jokers: int
) -> tuple[int, list[tuple[object, ...]]]:
    """Best objective of a hand and the steps of one optimum (see :func:`_dp_search`).

    A narrow first pass (the cheapest few hundred states at each step) finds a good
    partition quickly. When it melds every card it is optimal; otherwise its value
    bounds the exact pass, which then drops every state already worse (costs only grow
    along a path, so nothing optimal is lost).
    """
    bound, steps = _dp_search(ctx, counts, jokers, beam=_DP_BEAM)
    if bound == 0:
        return bound, steps  # every card melded: nothing can be better
    return _dp_search(ctx, counts, jokers, bound=bound)


_DP_BEAM = 1000


def _second(item: tuple[int, int]) -> int:
    return item[1]


def _dominant(states: dict[int, int], ks: int, hbit: int) -> dict[int, int]:
    """The states not dominated by one that differs only in jokers used and the flag.

    ``ks`` is the shift of the jokers-used field (4 bits), ``hbit`` the flag "a meld
    takes any spare joker". (cost, k, h) dominates (cost', k', h') when cost <= cost',
    k <= k', h >= h' and (h or k == k'): whatever the second can still do, the first
    can too, and its extra jokers cost nothing.
    """
    rest_mask = ~((15 << ks) | hbit)
    groups: dict[int, list[int]] = {}
    for key in states:
        groups.setdefault(key & rest_mask, []).append(key)
    if len(groups) == len(states):
        return states
    out: dict[int, int] = {}
    for keys in groups.values():
        if len(keys) == 1:
            out[keys[0]] = states[keys[0]]
            continue
        keys.sort(key=lambda key: (states[key], (key >> ks) & 15, not key & hbit))
        kept: list[tuple[int, int]] = []  # (k, h)
        for key in keys:
            k = (key >> ks) & 15
            h = key & hbit
            if any(k0 <= k and h0 >= h and (h0 or k0 == k) for k0, h0 in kept):
                continue
            kept.append((k, h))
            out[key] = states[key]
    return out


def _dp_search(
    ctx: _Ctx, counts: list[list[int]], jokers: int, *, beam: int = 0, bound: int = INF
) -> tuple[int, list[tuple[object, ...]]]:
    """Best objective of a hand by a DP over the places, and the steps of one optimum.

    With ``beam`` only that many cheapest states go on at each step (a quick feasible
    value; INF if that narrow pass runs into a dead end); ``bound`` drops states that
    cost more. After each place, states that another one dominates are dropped
    (:func:`_dominant`).

    Places are visited low to high (with ``ace_high``, place 13 is the ace again); at
    each place the four suits are decided one after another and then the rank's set.
    The state is small (open runs by length per suit, jokers used, the set being
    gathered), so the search grows with the number of places, not with the number of
    ways to pick sets. A state is packed in one integer: per suit ``4 * (m + 1)`` bits of
    counts, then jokers used, the spare-joker flag, the set's cards and, when a set needs
    distinct suits, the most copies of one suit in it.
    """
    m = ctx.min_meld
    sb = 4 * (m + 1)  # bits per suit state
    smask = (1 << sb) - 1
    ks = 4 * sb  # jokers used
    hs = ks + 4  # a meld takes any spare joker
    ns_ = hs + 1  # natural cards gathered for the rank's set
    ms = ns_ + 5  # most copies of one suit among them
    hbit = 1 << hs
    joker_cost = ctx.joker_value * BIG + 1
    saturate = m if not ctx.distinct and ctx.max_set is None else 31
    distinct = ctx.distinct
    runs = (1 << (4 * m)) - 1  # the run counts of a suit state
    states: dict[int, int] = {0: 0}
    backs: list[dict[int, tuple[int, object]]] = []
    moves_memo = ctx.dp_memo
    nat_places = [
        [q for q in range(13) if counts[s][q]] + ([13] if ctx.ace_high and counts[s][0] else [])
        for s in range(4)
    ]
    for p in range(ctx.top):
        kind = 2 if p == 13 else (1 if p == 0 and ctx.ace_high else 0)
        set_ok = kind != 2 and sum(counts[s][p] for s in range(4)) >= 2
        unit = ctx.values[p] * BIG + 1
        for s in range(4):
            shift = s * sb
            here = counts[s][p] if p < 13 else 0
            if not here and kind != 2 and not any(key & (runs << shift) for key in states):
                backs.append({})  # nothing happens in this suit here
                continue
            ahead = next((q - p for q in nat_places[s] if q > p), INF)
            local: dict[int, list[tuple[int, int, int, object, int]]] = {}
            new_states: dict[int, int] = {}
            back: dict[int, tuple[int, object]] = {}
            get = new_states.get
            for key, cost in states.items():
                ck = ((key >> shift) & smask) | (((key >> ks) & 15) << sb)
                lst = local.get(ck)
                if lst is None:
                    code = ck & smask
                    n = code >> (4 * m) if kind == 2 else here
                    jmax = jokers - (ck >> sb)
                    mk = (code, n, jmax, kind, ahead <= jmax, set_ok)
                    moves = moves_memo.get(mk)
                    if moves is None:
                        moves = moves_memo[mk] = _dp_moves(m, code, n, jmax, kind, ahead <= jmax,
                                                           set_ok)
                    lst = local[ck] = sorted(
                        (
                            (u * unit, ((ncode - code) << shift) + (dj << ks) + (v << ns_),
                             hbit if closed else 0, desc, v)
                            for ncode, dj, u, v, closed, desc in moves
                        ),
                        key=operator.itemgetter(0),
                    )
                for uc, delta, hb, desc, v in lst:
                    c = cost + uc
                    if c > bound:
                        break
                    nk = (key + delta) | hb
                    if v:
                        got = (nk >> ns_) & 31
                        if got > saturate:
                            nk -= (got - saturate) << ns_
                        if distinct and v > (nk >> ms) & 7:
                            nk += (v - ((nk >> ms) & 7)) << ms
                    if c < get(nk, INF):
                        new_states[nk] = c
                        back[nk] = (key, desc)
            states = new_states
            if beam and len(states) > beam:
                states = dict(heapq.nsmallest(beam, states.items(), key=_second))
            backs.append(back)
        if set_ok:
            new_states = {}
            back = {}
            clear = ~((31 << ns_) | (7 << ms))
            for key, cost in states.items():
                n = (key >> ns_) & 31
                if n == 1:
                    continue
                base = key & clear
                if n == 0:
                    options = [(base, 0)]
                else:
                    _, need, cap = _set_jokers(ctx, n, (key >> ms) & 7)
                    k = ((key >> ks) & 15) + need
                    if k > jokers:
                        continue
                    base += need << ks
                    if cap >= INF:
                        options = [(base | hbit, need)]
                    else:
                        options = [
                            (base + (e << ks), need + e) for e in range(min(cap, jokers - k) + 1)
                        ]
                for nk, used in options:
                    if cost < new_states.get(nk, INF):
                        new_states[nk] = cost
                        back[nk] = (key, ("set", used))
            states = new_states
            backs.append(back)
        if jokers:
            states = _dominant(states, ks, hbit)
    best = INF
    best_key = -1
    for key, cost in states.items():
        pad = 0
        runs = False
        for s in range(4):
            code = key >> (s * sb)
            for i in range(m):
                c = (code >> (4 * i)) & 15
                pad += c * (m - 1 - i)
                runs = runs or c > 0
        k = ((key >> ks) & 15) + pad
        if k > jokers:
            continue
        left = jokers - k
        if left and not (key & hbit or runs) and not (ctx.all_wild and m <= left <= ctx.maxlen):
            cost += left * joker_cost
        if cost < best:
            best, best_key = cost, key
    steps: list[tuple[object, ...]] = []
    if best_key < 0:
        assert beam, "no partition found"
        return best, steps
    key = best_key
    for back in reversed(backs):
        if not back:
            steps.append(())
            continue
        key, desc = back[key]
        steps.append(cast(tuple[object, ...], desc))
    steps.reverse()
    return best, steps


def _dp_counts(hand: Sequence[Card]) -> tuple[list[list[int]], list[Card]]:
    """Natural cards as counts by suit and place (aces at place 0), and the jokers."""
    counts = [[0] * 14 for _ in range(4)]
    jokers: list[Card] = []
    for c in hand:
        if c.rank == 0:
            jokers.append(c)
        else:
            assert c.suit is not None
            counts[c.suit.order][c.rank - 1] += 1
    return counts, jokers


def _dp_value(hand: Sequence[Card], ctx: _Ctx) -> int:
    counts, jokers = _dp_counts(hand)
    return _dp_solve(ctx, counts, len(jokers))[0]


_RunCards = list[tuple[int, Card]]  # (place, card), low to high


def _dp_partition(hand: Sequence[Card], ctx: _Ctx, rules: Rules) -> Partition:
    """An optimal partition from :func:`_dp_search`: replay its steps, then place jokers.

    Runs are rebuilt from their natural cards; each takes the jokers its gaps and the
    minimum length need, and spare jokers go to a set that takes any number or to runs
    (a run with no room is cut in two, which the search's room condition allows).

    >>> r = get_rules("500", decks=2, printed_jokers=4)
    >>> hand = clean_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK 7S 7D")
    >>> str(_dp_partition(hand, _ctx(r, None), r))
    '[7S 7H 7D JK] [AH 2H 3H 4H 5H 6H] [8H 9H 10H JH QH KH AH] = 0'
    """
    counts, jokers = _dp_counts(hand)
    value, steps = _dp_solve(ctx, counts, len(jokers))
    m = ctx.min_meld
    lcap = min(ctx.maxlen, ctx.top)
    it = iter(steps)
    open_runs: list[list[list[_RunCards]]] = [[[] for _ in range(m)] for _ in range(4)]
    runs: list[_RunCards] = []
    dead: list[Card] = []
    sets: list[tuple[list[list[Card]], list[int], bool]] = []  # groups, jokers, takes any
    for p in range(ctx.top):
        kind = 2 if p == 13 else (1 if p == 0 and ctx.ace_high else 0)
        set_ok = kind != 2 and sum(counts[s][p] for s in range(4)) >= 2
        pool: list[Card] = []
        for s in range(4):
            desc = next(it)
            if not desc:
                continue
            xy, u, v, w, _z = cast(tuple[tuple[tuple[int, int], ...], int, int, int, int], desc)
            card = _place_card(p, s)
            new_open: list[list[_RunCards]] = [[] for _ in range(m)]
            for i, (x, y) in enumerate(xy):
                group = open_runs[s][i]
                for run in group[:x]:
                    run.append((p, card))
                new_open[min(i + 1, m - 1)].extend(group[: x + y])
                runs.extend(group[x + y :])
            dead.extend([card] * u)
            pool.extend([card] * v)
            new_open[0].extend([[(p, card)] for _ in range(w)])
            open_runs[s] = new_open
        if set_ok:
            desc = next(it)
            if pool:
                _, used = cast(tuple[str, int], desc)
                most = max(pool.count(c) for c in pool)
                sets.append(_dp_set(ctx, pool, most, used))
    for s in range(4):
        for group in open_runs[s]:
            runs.extend(group)
    runs = [piece for run in runs for piece in _cut_long(run, lcap, m)]
    spare = len(jokers) - sum(sum(j) for _, j, _ in sets) - sum(_run_need(r, m) for r in runs)
    extra = [0] * len(runs)
    left_over: list[Card] = []
    group_of_jokers = False
    if spare:
        any_set = next((st for st in sets if st[2]), None)
        if any_set is not None:
            any_set[1][0] += spare
        elif runs:
            spare = _absorb(runs, extra, spare, m, lcap)
            assert spare == 0
        elif ctx.all_wild and m <= spare <= ctx.maxlen:
            group_of_jokers = True
        else:
            left_over = jokers[:spare]
    pool_j = list(jokers)
    melds: list[Meld] = []
    for groups, njs, _ in sets:
        for g, nj in zip(groups, njs, strict=True):
            meld = _as_set(g, [pool_j.pop() for _ in range(nj)], rules)
            assert meld is not None, f"solver built an invalid set {g}"
            melds.append(meld)
    for run, more in zip(runs, extra, strict=True):
        nat = [c for _, c in run]
        meld = _as_run(nat, [pool_j.pop() for _ in range(_run_need(run, m) + more)], rules)
        assert meld is not None, f"solver built an invalid run {nat}"
        melds.append(meld)
    if group_of_jokers:
        melds.append(Meld(tuple(pool_j), "run", is_pure=False))
    dead.extend(left_over)
    points = sum(rules.card_value(c) for c in dead)
    assert points * BIG + len(dead) == value, "place search and rebuilt partition disagree"
    return Partition(tuple(melds), tuple(dead), points)


def _run_need(run: _RunCards, m: int) -> int:
    """Jokers a run's natural cards need: its gaps, and enough to be ``m`` long."""
    return max(run[-1][0] - run[0][0] + 1, m) - len(run)


def _cut_long(run: _RunCards, lcap: int, m: int) -> list[_RunCards]:
    """A run longer than the rules allow cut into runs of ``m`` to ``lcap`` places.

    Each piece starts at a natural card and the last one ends at one, and no piece
    needs more jokers than its share of the long run had (``lcap >= 2 * m - 1``).

    >>> run = [(q, _place_card(q, 1)) for q in range(1, 13)]
    >>> [[c.code for _, c in piece] for piece in _cut_long(run, 5, 3)]
    [['2H', '3H', '4H', '5H', '6H'], ['7H', '8H', '9H', '10H'], ['JH', 'QH', 'KH']]
    """
    pieces = []
    while run[-1][0] - run[0][0] + 1 > lcap:
        span = run[-1][0] - run[0][0] + 1
        cut = run[0][0] + min(lcap, span - m)
        pieces.append([e for e in run if e[0] < cut])
        run = [e for e in run if e[0] >= cut]
    pieces.append(run)
    return pieces


def _absorb(runs: list[_RunCards], extra: list[int], spare: int, m: int, lcap: int) -> int:
    """Give spare jokers to runs with room, cutting a full long run in two if needed."""
    while spare:
        for i, run in enumerate(runs):
            room = lcap - (max(run[-1][0] - run[0][0] + 1, m) + extra[i])
            take = min(room, spare)
            if take > 0:
                extra[i] += take
                spare -= take
                if not spare:
                    return 0
        longest = max(range(len(runs)), key=lambda i: runs[i][-1][0] - runs[i][0][0])
        run = runs[longest]
        if run[-1][0] - run[0][0] + 1 < 2 * m:
            return spare  # pragma: no cover - excluded by _dp_eligible
        cut = run[0][0] + m
        spare += extra[longest]
        runs[longest : longest + 1] = [
            [e for e in run if e[0] < cut], [e for e in run if e[0] >= cut]
        ]
        extra[longest : longest + 1] = [0, 0]
    return 0


def _dp_set(
    ctx: _Ctx, pool: list[Card], most: int, used: int
) -> tuple[list[list[Card]], list[int], bool]:
    """One rank's set cards split into groups, with the jokers each group gets."""
    g, _, cap = _set_jokers(ctx, len(pool), most)
    size_cap = min(ctx.max_set or 99, 4 if ctx.distinct else 99)
    groups: list[list[Card]] = [[] for _ in range(g)]
    gi = 0
    for card in pool:
        if ctx.distinct:
            for i in sorted(range(g), key=lambda i: len(groups[i])):
                if card not in groups[i] and len(groups[i]) < size_cap:
                    groups[i].append(card)
                    break
        else:
            groups[gi % g].append(card)
            gi += 1
    njs = [max(0, ctx.min_meld - len(grp)) for grp in groups]
    more = used - sum(njs)
    for i, grp in enumerate(groups):
        take = min(more, size_cap - len(grp) - njs[i])
        if take > 0:
            njs[i] += take
            more -= take
    assert more == 0
    return groups, njs, cap >= INF


# ----------------------------------------------------------------------- preparation, counting


def _prepare(
    cards: CardsLike, rules: RulesLike, wild_rank: int | None
) -> tuple[Hand, Rules, _Ctx]:
    """The hand parsed and checked, the rules and the search context.

    A one-deck jokerless hand under rules the kernel covers also registers the rules
    argument for the unchecked path of later calls (:func:`_quick`).
    """
    _check_wild_rank(wild_rank)
    r = get_rules(rules)
    hand = clean_cards(cards)
    if len(hand) > 40:
        raise CardError(f"a hand of {len(hand)} cards is too large to analyse (at most 40)")
    r.check_cards(hand)
    ctx = _ctx(r, wild_rank)
    if (ctx.kernel and wild_rank is None and len(_QUICK) < 64 and rules not in _QUICK
            and _quick_mask(hand) >= 0):
        _QUICK[rules] = _one_deck(r)
        _QUICK_TABLE[rules] = _QUICK[rules].kernel.table
    return hand, r, ctx


def _constrained(ctx: _Ctx) -> bool:
    return ctx.nflags > 1


def _objective(hand: Sequence[Card], ctx: _Ctx, rules: Rules) -> int:
    """Best objective (points * BIG + unmelded count) under the variant's counting."""
    m = _kernel_mask(hand, ctx)
    if m >= 0:
        return _one_deck(rules).kernel.objective(m)
    if not _constrained(ctx):
        if _use_dp(hand, ctx):
            return _dp_value(hand, ctx)
        return _solve_value(hand, ctx, None, want_plans=False)[0]
    return _tiered(hand, ctx, rules, want_plans=False)[0]


def _all_cards_code(hand: Sequence[Card], rules: Rules, ctx: _Ctx) -> int:
    return sum(rules.card_value(c, ctx.wild_rank) * BIG + 1 for c in hand)


def _pure_runs(hand: Sequence[Card], ctx: _Ctx) -> list[tuple[int, tuple[Card, ...]]]:
    """Every pure run (natural cards, distinct places) with its objective saving."""
    out: list[tuple[int, tuple[Card, ...]]] = []
    by_suit: dict[int, set[int]] = {}
    for c in hand:
        if c.rank == 0:
            continue
        assert c.suit is not None
        by_suit.setdefault(c.suit.order, set()).add(c.rank - 1)
        if c.rank == 1 and ctx.ace_high:
            by_suit[c.suit.order].add(13)
    for s, places in by_suit.items():
        for lo in range(ctx.top):
            if lo not in places:
                continue
            hi = lo
            while hi + 1 in places and hi + 1 < ctx.top and hi + 1 - lo + 1 <= ctx.maxlen:
                hi += 1
                if hi - lo + 1 >= ctx.min_meld:
                    run = tuple(_place_card(q, s) for q in range(lo, hi + 1))
                    save = sum(ctx.values[q] * BIG + 1 for q in range(lo, hi + 1))
                    out.append((save, run))
    return out


def _tiered(
    hand: Sequence[Card], ctx: _Ctx, rules: Rules, want_plans: bool = True
) -> tuple[int, str, object]:
    """Indian Rummy count: full melds only with the required sequences, else tiers."""
    total = _all_cards_code(hand, rules, ctx)
    best: tuple[int, str, object] = (total, "none", None)
    pures = _pure_runs(hand, ctx)
    if pures:
        save, run = max(pures, key=lambda t: t[0])
        if total - save < best[0]:
            best = (total - save, "pure", run)
        full, plans = _solve_value(hand, ctx, _goal_flag(ctx), want_plans)
        if full < INF and full <= best[0]:
            best = (full, "full", plans)
    return best


def _partitions(
    hand: Hand, rules: Rules, ctx: _Ctx, limit: int | None
) -> Iterator[Partition]:
    if not _constrained(ctx):
        _, plans = _solve_value(hand, ctx, None)
        for plan in plans:
            yield from _build_partitions(ctx, rules, plan, limit)
        return
    value, tier, payload = _tiered(hand, ctx, rules)
    if tier == "full":
        assert isinstance(payload, list)
        for plan in payload:
            yield from _build_partitions(ctx, rules, plan, limit)
    if tier == "pure" or (tier == "full" and value == _tiered_pure_value(hand, ctx, rules)):
        total = _all_cards_code(hand, rules, ctx)
        for save, run in _pure_runs(hand, ctx):
            if total - save == value:
                rest = list(hand)
                for c in run:
                    rest.remove(c)
                pts = sum(rules.card_value(c, ctx.wild_rank) for c in rest)
                meld = Meld(run, "run", is_pure=True)
                yield Partition((meld,), tuple(rest), pts)
    if tier == "none" or value == _all_cards_code(hand, rules, ctx):
        pts = sum(rules.card_value(c, ctx.wild_rank) for c in hand)
        yield Partition((), tuple(hand), pts)


def _tiered_pure_value(hand: Sequence[Card], ctx: _Ctx, rules: Rules) -> int:
    pures = _pure_runs(hand, ctx)
    if not pures:
        return INF
    return _all_cards_code(hand, rules, ctx) - max(p[0] for p in pures)


def _run_places(m: Meld, ace_high: bool) -> list[int]:
    ranks = sorted(c.rank for c in m.cards)
    if ace_high and 1 in ranks and 13 in ranks:
        ranks = sorted(14 if r == 1 else r for r in ranks)
    return ranks


def _merge_runs(melds: list[Meld], rules: Rules) -> list[Meld]:
    """Join pure runs of one suit that continue each other (A-2-3 + 4-5-6 = A..6)."""
    changed = True
    while changed:
        changed = False
        runs = [m for m in melds if m.kind == "run" and m.is_pure]
        for a, b in itertools.permutations(runs, 2):
            if a.cards[0].suit != b.cards[0].suit:
                continue
            pa, pb = _run_places(a, rules.ace_high), _run_places(b, rules.ace_high)
            if pa[-1] + 1 == pb[0] and len(pa) + len(pb) <= rules.max_run_length:
                joined = _as_run(list(a.cards) + list(b.cards), [], rules)
                if joined is not None:
                    melds = [m for m in melds if m is not a and m is not b] + [joined]
                    changed = True
                    break
    return melds


def _canonical(p: Partition, rules: Rules, ctx: _Ctx) -> Partition:
    melds = list(p.melds)
    if not _constrained(ctx):
        melds = _merge_runs(melds, rules)
    ordered = tuple(
        sorted(melds, key=lambda m: (m.kind != "set", min(m.cards), len(m.cards)))
    )
    return Partition(ordered, tuple(sorted(p.deadwood)), p.deadwood_points)
# --------------------------------------------------------------------------- one-deck hands


_SuitPart = tuple[tuple[Meld, ...], tuple[Card, ...], int]
"""One suit's share of a partition: its runs (by lowest card), its deadwood (sorted), points."""


class _OneDeck:
    """A bitmask kernel (:mod:`.masks`) with the card objects its answers turn into.

    Why: a one-deck jokerless hand is four 13-bit suit holdings, so its best partition is
    put together from per-suit pieces: the runs and deadwood of every holding's first
    optimal arrangement (``parts``, built in full for all 8,192 holdings of each suit)
    and, for :func:`all_best_partitions`, of every optimal arrangement (``ties``, built in
    full on first use). Nothing depends on the hands seen before.
    """

    def __init__(self, kern: masks.Kernel) -> None:
        self.kernel = kern
        self.rules = kern.rules
        self._runs: dict[tuple[int, masks.Run], Meld] = {}
        self.sets = {
            (r, bits): Meld(tuple(masks.DECK[13 * su + r] for su in range(4) if bits >> su & 1),
                            "set")
            for r in range(13) for bits in range(16) if bits.bit_count() >= 3
        }
        self.parts = tuple(
            tuple(self._part(su, kern.runs[h], h) for h in range(1 << 13)) for su in range(4)
        )
        self._ties: list[tuple[tuple[_SuitPart, ...], ...]] = []

    def run(self, su: int, run: masks.Run) -> Meld:
        m = self._runs.get((su, run))
        if m is None:
            start, length = run
            m = self._runs[(su, run)] = Meld(
                tuple(masks.DECK[13 * su + q % 13] for q in range(start, start + length)), "run"
            )
        return m

    def _part(self, su: int, runs: tuple[masks.Run, ...], holding: int) -> _SuitPart:
        dead = holding
        for start, length in runs:
            for q in range(start, start + length):
                dead &= ~(1 << q % 13)
        cards = masks.mask_cards(dead << 13 * su)
        return (tuple(self.run(su, r) for r in runs), cards,
                sum(self.rules.rank_values[c.rank] for c in cards))

    def ties(self, su: int, holding: int) -> tuple[_SuitPart, ...]:
        if not self._ties:
            self._ties.extend(
                tuple(
                    tuple(self._part(s, runs, runs_holding(runs) | dead) for runs, dead in
                          self.kernel.ties(h))
                    for h in range(1 << 13)
                )
                for s in range(4)
            )
        return self._ties[su][holding]

    def partition(self, sets: Iterable[masks.SetGroup], holdings: Sequence[int],
                  parts: Sequence[_SuitPart] | None = None) -> Partition:
        """The partition of these sets and the best runs of what each suit keeps."""
        if parts is None:
            parts = [self.parts[su][h] for su, h in enumerate(holdings)]
        a, b, c, d = parts
        set_melds = tuple(self.sets[g] for g in sorted(sets, key=_set_order))
        return Partition(set_melds + a[0] + b[0] + c[0] + d[0], a[1] + b[1] + c[1] + d[1],
                         a[2] + b[2] + c[2] + d[2])

    def best(self, mask: int) -> Partition:
        holdings = masks.suit_masks(mask)
        trip = masks.trip_ranks(*holdings)
        if not trip:
            return self.partition((), holdings)
        groups = self.kernel.best_sets(holdings, trip)[1]
        return self.partition(groups, masks.without_sets(holdings, groups))

    def all_best(self, mask: int, limit: int | None) -> list[Partition] | None:
        plans = self.kernel.all_best(mask)
        if plans is None:
            return None
        out: list[Partition] = []
        for groups, holdings in plans:
            for parts in itertools.product(*(self.ties(su, h) for su, h in enumerate(holdings))):
                out.append(self.partition(groups, holdings, parts))
                if limit is not None and len(out) >= limit:
                    return out
        return out

    def best_discard(self, mask: int, hand: Sequence[Card], banned: int) -> tuple[Card,
                                                                                  Partition]:
        kern = self.kernel
        t = kern.table
        s0, s1, s2, s3 = holdings = masks.suit_masks(mask)
        if not banned and not masks.trip_ranks(s0, s1, s2, s3):
            # No set anywhere: throwing a card changes its suit's look-up only. Keys are
            # (objective left, -value, -index) packed into one integer.
            now = (t[s0], t[s1], t[s2], t[s3])
            vals = kern.values
            best = None
            for c in hand:
                i = c._index
                su, r = divmod(i, 13)
                key = ((t[holdings[su] & ~(1 << r)] - now[su]) << 13) - (vals[r] << 6) - i
                if best is None or key < best:
                    best = key
                    pick = c
            i = pick._index
            left = list(holdings)
            left[i // 13] &= ~(1 << i % 13)
            return pick, self.partition((), left)
        candidates = [c._index for c in hand if not banned >> c._index & 1]
        i, groups = self.kernel.best_discard(mask, candidates)
        left = masks.without_sets(masks.suit_masks(mask & ~(1 << i)), groups)
        return masks.DECK[i], self.partition(groups, left)


def runs_holding(runs: Iterable[masks.Run]) -> int:
    """The 13-bit holding of a suit's runs (place 13 is the ace)."""
    h = 0
    for start, length in runs:
        for q in range(start, start + length):
            h |= 1 << q % 13
    return h


def _set_order(group: masks.SetGroup) -> int:
    r, bits = group
    return ((bits & -bits).bit_length() - 1) * 13 + r


_ONE_DECK: dict[Rules, _OneDeck] = {}


def _one_deck(rules: Rules) -> _OneDeck:
    got = _ONE_DECK.get(rules)
    if got is None:
        got = _ONE_DECK[rules] = _OneDeck(masks.kernel(rules))
    return got


def _kernel_mask(hand: Sequence[Card], ctx: _Ctx) -> int:
    """The hand's 52-bit mask when the kernel covers it, else -1.

    The kernel covers one-deck hands without jokers or a wild rank under rules without
    sequence requirements and with sets of three or four.
    """
    if ctx.nflags != 1 or ctx.wild_rank is not None or not ctx.kernel:
        return -1
    return _quick_mask(hand)


def _quick_mask(cards: Sequence[Card]) -> int:
    """52-bit mask of one-deck jokerless cards, or -1. The sum of the cards' bits has as
    many 1s as there are cards exactly when no card repeats (a repeat carries into
    another bit); a joker sets bit 52."""
    m: int = sum(map(_BIT_OF, cards))
    return m if m.bit_count() == len(cards) and not m >> 52 else -1


_BIT_OF = operator.attrgetter("_bit")
_SEQUENCES = frozenset({list, tuple, Hand})
_QUICK: dict[RulesLike, _OneDeck] = {}
_QUICK_TABLE: dict[RulesLike, tuple[int, ...]] = {}
"""The kernel by the rules argument a caller passed (a name or a Rules object), filled
by :func:`_prepare` for rules the kernel covers: a list of cards under rules seen before
goes to the kernel without parsing or checking (cards are valid; a joker or a repeat is
caught by the mask)."""


def _quick(cards: CardsLike, rules: RulesLike) -> tuple[_OneDeck, int] | None:
    """The kernel and the hand's mask when a list of at most 40 one-deck jokerless cards
    comes under rules seen before (else None: the caller takes the checked path)."""
    if type(cards) not in _SEQUENCES:
        return None
    try:
        one = _QUICK.get(rules)
        if one is None:
            return None
        m: int = sum(map(_BIT_OF, cards))  # type: ignore[arg-type]
    except (TypeError, AttributeError):
        return None
    if m.bit_count() != len(cards) or m >> 52 or len(cards) > 40:  # type: ignore[arg-type]
        return None
    return one, m


def clear_caches() -> None:
    """Forget every table and memo (the next call starts cold; for benchmarks and tests)."""
    _ctx.cache_clear()
    _ONE_DECK.clear()
    _QUICK.clear()
    _QUICK_TABLE.clear()
    masks.clear_caches()


# --------------------------------------------------------------------------- public API


def best_partition(
    cards: CardsLike, rules: RulesLike = "gin", *, wild_rank: int | None = None
) -> Partition:
    """An optimal partition of the cards into disjoint valid melds plus deadwood.

    Lowest deadwood points first; among equally good partitions, the one melding more
    cards. For Indian Rummy (``wild_rank`` set, printed jokers wild) the deadwood is what
    the hand would count: all cards without a pure sequence, everything but the pure
    sequence without a second sequence, otherwise only the unmelded cards.

    >>> str(best_partition("AS 2S 3S 4S 5S 6S 9D 9C 9H KH", "gin"))
    '[9H 9D 9C] [AS 2S 3S 4S 5S 6S] deadwood KH = 10'
    >>> str(best_partition("5H 6H JK 9S 9D 9C 2C 3C 4C KD KH KS QS", "indian", wild_rank=7))
    '[9S 9D 9C] [KS KH KD] [5H 6H JK] [2C 3C 4C] deadwood QS = 10'
    >>> best_partition("7S 7X")
    Traceback (most recent call last):
    ...
    rummy_lab.engine.errors.CardError: bad card token '7X': suit must be one of S H D C or ♠ ♥ ♦ ♣

    :param cards: the hand (string or cards); duplicates allowed for two-deck games.
    :param rules: a preset name or Rules.
    :param wild_rank: Indian Rummy's wild-joker rank (1..13), or None.
    :return: the partition.
    :raises CardError: for malformed cards. :raises ValueError: for a bad wild rank.
    """
    got = _quick(cards, rules) if wild_rank is None else None
    if got is not None:
        return got[0].best(got[1])
    hand, r, ctx = _prepare(cards, rules, wild_rank)
    m = _kernel_mask(hand, ctx)
    if m >= 0:
        return _one_deck(r).best(m)
    if _use_dp(hand, ctx):
        return _canonical(_dp_partition(hand, ctx, r), r, ctx)
    for p in _partitions(hand, r, ctx, 1):
        return _canonical(p, r, ctx)
    raise AssertionError("no partition found")  # pragma: no cover


def all_best_partitions(
    cards: CardsLike, rules: RulesLike = "gin", *, wild_rank: int | None = None,
    limit: int | None = 1000,
) -> list[Partition]:
    """Every distinct optimal partition (same deadwood points and melded count).

    Pure runs that continue each other are reported joined (A-2-3 plus 4-5-6 of one suit
    is the run A..6), so arrangements that differ only in where a long run is cut count
    once; in Indian Rummy, where the number of sequences matters, runs are never joined.

    >>> ps = all_best_partitions("7S 7H 7D 7C 8S 9S", "gin")
    >>> sorted(str(p) for p in ps)
    ['[7H 7D 7C] [7S 8S 9S] = 0']
    >>> sorted(str(p) for p in all_best_partitions("5S 6S 7S 6H 6D"))
    ['[5S 6S 7S] deadwood 6H 6D = 12', '[6S 6H 6D] deadwood 5S 7S = 12']

    :param limit: stop after this many (None for all).
    """
    got = _quick(cards, rules) if wild_rank is None else None
    if got is not None:
        found = got[0].all_best(got[1], limit)
        if found is not None:
            return found
    hand, r, ctx = _prepare(cards, rules, wild_rank)
    m = _kernel_mask(hand, ctx)
    if m >= 0:
        found = _one_deck(r).all_best(m, limit)
        if found is not None:
            return found
    seen: dict[tuple[object, ...], Partition] = {}
    for p in _partitions(hand, r, ctx, None):
        sp = _canonical(p, r, ctx)
        seen.setdefault(sp._key(), sp)
        if limit is not None and len(seen) >= limit:
            break
    return list(seen.values())


def deadwood(cards: CardsLike, rules: RulesLike = "gin", *, wild_rank: int | None = None) -> int:
    """Minimum deadwood points of the hand (the fast path of :func:`best_partition`).

    >>> deadwood("7S 7H 7D 4C 5C 6C 7C KD QH 2S")
    22
    """
    if wild_rank is None and type(cards) in _SEQUENCES:
        # The hot path of bots: :func:`_quick` written out (it pays a fifth of the time).
        try:
            t = _QUICK_TABLE[rules]
            m: int = sum(map(_BIT_OF, cards))  # type: ignore[arg-type]
        except (KeyError, TypeError, AttributeError):
            pass
        else:
            if m.bit_count() == len(cards) and not m >> 52:  # type: ignore[arg-type]
                s0, s1, s2, s3 = m & 0x1FFF, m >> 13 & 0x1FFF, m >> 26 & 0x1FFF, m >> 39
                if (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
                    return _QUICK[rules].kernel.objective(m) // BIG
                return (t[s0] + t[s1] + t[s2] + t[s3]) // BIG
    hand, r, ctx = _prepare(cards, rules, wild_rank)
    return _objective(hand, ctx, r) // BIG



deadwood_points = deadwood


def best_discard(
    cards: CardsLike,
    rules: RulesLike = "gin",
    *,
    wild_rank: int | None = None,
    exclude: CardsLike = (),
) -> tuple[Card, Partition]:
    """For a hand one card over its size, the discard leaving the lowest deadwood.

    Ties go to the discard that leaves more cards melded, then to the higher-valued card.
    ``exclude`` names cards that may not be discarded (the card just taken from the
    discard pile).

    >>> card, p = best_discard("5D 7H 4S 4D 6D 7C 4C 7S 5C 6H 6C")
    >>> p.deadwood_points
    4
    """
    got = _quick(cards, rules) if wild_rank is None and not exclude else None
    if got is not None and cards:
        return got[0].best_discard(got[1], cast("Sequence[Card]", cards), 0)
    hand, r, ctx = _prepare(cards, rules, wild_rank)
    banned = set(clean_cards(exclude)) if exclude else set()
    if not hand or (banned and all(c in banned for c in hand)):
        raise CardError("best_discard needs at least one card that may be discarded")
    m = _kernel_mask(hand, ctx)
    if m >= 0:
        banned_mask = sum(c._bit for c in banned if not c.is_joker)
        return _one_deck(r).best_discard(m, hand, banned_mask)
    # Branch and bound. Holding one card more costs at most that card as deadwood
    # (value * BIG + 1), so the whole hand's objective less a card's cost is a lower
    # bound of the objective after throwing it. Candidates go by that bound (highest
    # card first; ties: the higher index, as the tie-break prefers); once a bound
    # reaches the best found, no later card can beat it, nor win its tie.
    whole = _objective(hand, ctx, r)
    cands = sorted(
        (c for c in dict.fromkeys(hand) if c not in banned),
        key=lambda c: (-r.card_value(c, wild_rank), -c.index),
    )
    best_key: tuple[int, int, int] | None = None
    best_card: Card | None = None
    for c in cands:
        value = r.card_value(c, wild_rank)
        if best_key is not None and whole - (value * BIG + 1) >= best_key[0]:
            break
        rest = list(hand)
        rest.remove(c)
        v = _objective(rest, ctx, r)
        key = (v, -value, -c.index)
        if best_key is None or key < best_key:
            best_key, best_card = key, c
    assert best_card is not None
    rest = list(hand)
    rest.remove(best_card)
    return best_card, best_partition(Hand(rest), r, wild_rank=wild_rank)
