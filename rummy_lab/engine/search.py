"""The general meld search: jokers, wild cards, one to four decks, sequence requirements.

What :mod:`.solver` runs for hands the bitmask kernel (:mod:`.masks`) does not cover.
A hand is split into *natural* cards (counts by suit and place) and *jokers* (printed
jokers, and wild-rank cards that play as jokers). Sets are chosen rank by rank
(:func:`_set_plans`, cheapest plans first, pruned by a lower bound); whatever natural
cards are left fall apart by suit, and each suit's best arrangement into runs is a
memoised search over the suit's lowest card (deadwood, the ace moved high, or the lowest
card of a run, with jokers filling gaps) under a joker budget (:func:`_suit_table`). The
per-suit answers are tables indexed by the number of jokers used and, for Indian Rummy,
by how many pure and impure sequences they contain; tables are combined by a min-plus
product (:func:`_merge`). The search keeps per-suit tables and merged prefixes in the
context's memos (a hand and the same hand less one card share most of them, which is what
``best_discard`` asks). Partitions are rebuilt from the tables (:func:`_build_partitions`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import masks
from .cards import SUITS, Card
from .melds import Meld, _as_run, _as_set
from .partition import Partition
from .rules import Rules

INF = 1 << 60

_Move = tuple[int, int, int, int, bool, tuple[object, ...]]
"""New suit state (packed), jokers used, cards left as deadwood, cards given to the set,
whether a run was closed, and what was done (for rebuilding the melds)."""


Table = tuple[int, ...]
"""A suit's (or merged suits') best objective per joker count and flag state. Kept as a
tuple: the memos hold hundreds of thousands of them, and tuples of ints drop out of the
cyclic garbage collector's scans (lists would make a full collection take a second)."""
BIG = 128  # objective = points * BIG + unmelded card count (tie-break: meld more cards)



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


def _set_jokers(ctx: _Ctx, n: int, most: int) -> tuple[int, int, int]:
    """(groups, jokers needed, extra jokers they could take; INF: any) for ``n`` natural
    cards of one rank, at most ``most`` copies of one suit (as :func:`_set_options_for`
    counts them)."""
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


def _set_options_for(ctx: _Ctx, have: tuple[int, ...], place: int) -> list[_SetPick]:
    out = []
    for used in itertools.product(*(range(h + 1) for h in have)):
        n = sum(used)
        if n < 2:  # one natural card plus jokers is never better as a set than as a run
            continue
        g, need, cap = _set_jokers(ctx, n, max(used))
        out.append(_SetPick(place, tuple(used), g, need, cap))
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
