"""The DP over places for big hands (30-40 cards from two decks with jokers).

Such hands offer too many combinations of sets for the set-by-set search of
:mod:`.search`. Here the places (ranks, ace low to ace high) are walked in order: the state is
each suit's open runs by length, the jokers used and the set being gathered, so the work
grows with the places, not with the set combinations. States that another state dominates
are dropped. A narrow first pass (a beam of the cheapest states) gives a good partition;
exact passes then look only for cheaper ones, dropping every state whose cost so far plus
a lower bound on the places ahead (from relaxed searches of the later places) is too
much.
"""

from __future__ import annotations

import heapq
import itertools
import operator
from collections.abc import Sequence
from typing import cast

from .cards import Card
from .melds import Meld, _as_run, _as_set
from .partition import Partition
from .rules import Rules
from .search import BIG, INF, _Ctx, _models, _Move, _place_card, _set_jokers, _set_options

# --------------------------------------------------------------------------- big hands


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

    >>> from rummy_lab.engine.cards import clean_cards
    >>> from rummy_lab.engine.rules import get_rules
    >>> from rummy_lab.engine.search import _ctx
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


def _dp_solve(
    ctx: _Ctx, counts: list[list[int]], jokers: int
) -> tuple[int, list[tuple[object, ...]]]:
    """Best objective of a hand and the steps of one optimum (see :func:`_dp_search`).

    A narrow first pass (the cheapest thousand states at each step) finds a good
    partition quickly. When it melds every card it is optimal. Otherwise exact passes
    look only for something strictly cheaper than a target, dropping every state whose
    cost so far plus a lower bound on the places ahead (:func:`_dp_rest`) reaches it:
    first for a partition that melds every card (with that target the bounds rule out
    almost every state at once on hands that cannot), then for anything cheaper than the
    first pass's partition, which is optimal when nothing is found.
    """
    bound, steps = _dp_search(ctx, counts, jokers, beam=_DP_BEAM)
    if bound == 0:
        return bound, steps  # every card melded: nothing can be better
    for target in (1, bound):
        rest = _dp_rest(ctx, counts, jokers, target)
        better, better_steps = _dp_search(ctx, counts, jokers, bound=target, rest=rest)
        if better < target:
            return better, better_steps
    return bound, steps


_DP_BEAM = 1000

_REST_EVERY = 3
"""Places between the relaxed searches of :func:`_dp_rest` (each costs about as much as
the exact pass over the places it covers; the places between take the bound above)."""


def _dp_rest(ctx: _Ctx, counts: list[list[int]], jokers: int, bound: int) -> list[list[int]]:
    """Lower bounds on the cost of the places ahead, by place and jokers used so far.

    ``rest[q][k]`` is at most what any state entering place ``q`` with ``k`` jokers used
    still pays at places ``q`` and after. It is the value of a relaxed search from place
    ``q`` whose entry state has, in every suit, as many long runs (no padding needed,
    free to end) as could go on at ``q`` (the suit's cards there plus the jokers), and,
    with the ace high, every ace of the suit kept back for the ace-high place, where a
    kept ace left over costs nothing: whatever a real state's open runs and kept aces
    do, these can do at no more cost. A relaxed search from an earlier place can do
    whatever one from a later place can, so the bounds only grow towards place 0, and a
    place between two searched ones takes the bound of the next one up. Values are
    capped at ``bound``, all the exact pass needs; the relaxed searches, from the last
    place down, prune with the bounds already found.
    """
    m = ctx.min_meld
    sb = 4 * (m + 1)  # bits per suit state (see _dp_places)
    rest = [[0] * (jokers + 1) for _ in range(ctx.top + 1)]
    for q in range(ctx.top - 1, 0, -1):
        if (ctx.top - 1 - q) % _REST_EVERY:
            rest[q] = rest[q + 1]
            continue
        entry = 0
        for s in range(4):
            aces = counts[s][0] if ctx.ace_high else 0
            here = counts[s][q] if q < 13 else aces
            entry |= ((here + jokers) << (4 * (m - 1)) | aces << (4 * m)) << (s * sb)
        ends, _ = _dp_places(
            ctx, counts, jokers, q, {entry: 0}, bound=bound, rest=rest, free_aces=True
        )
        best = [bound] * (jokers + 1)  # by jokers used from place q on
        for key, cost in ends.items():
            end = _dp_end(ctx, jokers, key, cost)
            if end is not None and end[0] < best[end[1]]:
                best[end[1]] = end[0]
        row = rest[q]
        low = bound
        for used in range(jokers + 1):
            low = min(low, best[used])
            row[jokers - used] = low
    return rest


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
    ctx: _Ctx,
    counts: list[list[int]],
    jokers: int,
    *,
    beam: int = 0,
    bound: int = INF,
    rest: list[list[int]] | None = None,
) -> tuple[int, list[tuple[object, ...]]]:
    """Best objective of a hand by a DP over the places, and the steps of one optimum.

    With ``beam`` only that many cheapest states go on at each step (a quick feasible
    value; INF if that narrow pass runs into a dead end). With ``bound``, only
    partitions cheaper than it are looked for: a state goes when its cost plus the
    lower bound ``rest`` gives for the places ahead (see :func:`_dp_rest`; none: 0)
    reaches it, and the value is INF when no such partition exists.

    Places are visited low to high (with ``ace_high``, place 13 is the ace again); at
    each place the four suits are decided one after another and then the rank's set.
    The state is small (open runs by length per suit, jokers used, the set being
    gathered), so the search grows with the number of places, not with the number of
    ways to pick sets. A state is packed in one integer: per suit ``4 * (m + 1)`` bits of
    counts, then jokers used, the spare-joker flag, the set's cards and, when a set needs
    distinct suits, the most copies of one suit in it.
    """
    states, backs = _dp_places(ctx, counts, jokers, 0, {0: 0}, beam=beam, bound=bound,
                               rest=rest)
    best = INF
    best_key = -1
    for key, cost in states.items():
        end = _dp_end(ctx, jokers, key, cost)
        if end is not None and end[0] < min(best, bound):
            best, best_key = end[0], key
    steps: list[tuple[object, ...]] = []
    if best_key < 0:
        assert beam or bound < INF, "no partition found"
        return INF, steps
    key = best_key
    for back in reversed(backs):
        if not back:
            steps.append(())
            continue
        key, desc = back[key]
        steps.append(cast(tuple[object, ...], desc))
    steps.reverse()
    return best, steps


def _dp_end(ctx: _Ctx, jokers: int, key: int, cost: int) -> tuple[int, int] | None:
    """A final state's objective and jokers used, once its short runs are padded and its
    spare jokers counted (None: not enough jokers to pad)."""
    m = ctx.min_meld
    sb = 4 * (m + 1)
    ks = 4 * sb
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
        return None
    left = jokers - k
    taken = key >> (ks + 4) & 1 or runs  # a meld takes any spare joker
    if left and not taken and not (ctx.all_wild and m <= left <= ctx.maxlen):
        cost += left * (ctx.joker_value * BIG + 1)
    return cost, k


def _dp_places(
    ctx: _Ctx,
    counts: list[list[int]],
    jokers: int,
    start: int,
    states: dict[int, int],
    *,
    beam: int = 0,
    bound: int = INF,
    rest: list[list[int]] | None = None,
    free_aces: bool = False,
) -> tuple[dict[int, int], list[dict[int, tuple[int, object]]]]:
    """The states after the last place, walking from place ``start`` with ``states``
    (packed state -> cost), and per step the way back from each new state (see
    :func:`_dp_search`). With ``free_aces`` (the relaxed searches of :func:`_dp_rest`),
    an ace kept back for the ace-high place costs nothing when left over there."""
    m = ctx.min_meld
    sb = 4 * (m + 1)  # bits per suit state
    smask = (1 << sb) - 1
    ks = 4 * sb  # jokers used
    hs = ks + 4  # a meld takes any spare joker
    ns_ = hs + 1  # natural cards gathered for the rank's set
    ms = ns_ + 5  # most copies of one suit among them
    hbit = 1 << hs
    saturate = m if not ctx.distinct and ctx.max_set is None else 31
    distinct = ctx.distinct
    runs = (1 << (4 * m)) - 1  # the run counts of a suit state
    ahead = rest or [[0] * (jokers + 1) for _ in range(ctx.top + 1)]
    backs: list[dict[int, tuple[int, object]]] = []
    moves_memo = ctx.dp_memo
    nat_places = [
        [q for q in range(13) if counts[s][q]] + ([13] if ctx.ace_high and counts[s][0] else [])
        for s in range(4)
    ]
    for p in range(start, ctx.top):
        kind = 2 if p == 13 else (1 if p == 0 and ctx.ace_high else 0)
        set_ok = kind != 2 and sum(counts[s][p] for s in range(4)) >= 2
        unit = 0 if kind == 2 and free_aces else ctx.values[p] * BIG + 1
        later = ahead[p + 1]  # lower bounds on the places after this one
        for s in range(4):
            shift = s * sb
            here = counts[s][p] if p < 13 else 0
            if not here and kind != 2 and not any(key & (runs << shift) for key in states):
                backs.append({})  # nothing happens in this suit here
                continue
            gap = next((q - p for q in nat_places[s] if q > p), INF)
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
                    mk = (code, n, jmax, kind, gap <= jmax, set_ok)
                    moves = moves_memo.get(mk)
                    if moves is None:
                        moves = moves_memo[mk] = _dp_moves(m, code, n, jmax, kind, gap <= jmax,
                                                           set_ok)
                    lst = local[ck] = sorted(
                        (
                            (u * unit, ((ncode - code) << shift) + (dj << ks) + (v << ns_),
                             hbit if closed else 0, desc, v)
                            for ncode, dj, u, v, closed, desc in moves
                        ),
                        key=operator.itemgetter(0),
                    )
                limit = bound - cost - later[(key >> ks) & 15]
                for uc, delta, hb, desc, v in lst:
                    if uc >= limit:
                        break
                    c = cost + uc
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
        if rest is not None:
            states = {
                key: cost for key, cost in states.items() if cost + later[(key >> ks) & 15] < bound
            }
    return states, backs


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

    >>> from rummy_lab.engine.cards import clean_cards
    >>> from rummy_lab.engine.rules import get_rules
    >>> from rummy_lab.engine.search import _ctx
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


