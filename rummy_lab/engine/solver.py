"""The exact meld solver: optimal partitions of a hand into melds and deadwood.

Why exact: every highlight in the views, every bot decision and every probability rests
on "what is the best this hand can do", so a greedy answer is never good enough.

The objective. A partition is scored ``points * BIG + unmelded cards`` (``BIG`` = 128):
lowest deadwood points first and, among equal points, the partition melding more cards.
Indian Rummy counts by tiers (no pure sequence: every card counts; a pure one but no
second sequence: all but that sequence; otherwise the unmelded cards), searched tier by
tier through flag states that count pure and impure sequences.

The algorithm, by the kind of hand (one entry point per question, each dispatching here):

1. **One deck, no jokers, plain counting** (Gin, Basic, Rummy 500; most calls) go to the
   bitmask kernel (:mod:`.masks`). Candidate melds are bitmasks: a suit's runs are found
   per 13-bit holding by a search over its lowest card (deadwood, the ace moved high, or
   the start of a run of 3..max cards), tabulated once for all 8,192 holdings; sets exist
   only at ranks held in three or four suits, and every choice of them is priced by four
   table look-ups of what each suit keeps (a DP over the ranks when there are more than
   256 choices). The partition is assembled from per-holding pieces built with the tables
   (the runs and deadwood of the first optimal arrangement, and every optimal
   arrangement for :func:`all_best_partitions`), so nothing depends on hands seen before.
   :func:`best_discard` prices every discard in one pass over the hand's set choices.
2. **Jokers, wild cards, several decks, sequence requirements** go to the general search
   (:mod:`.search`): set plans rank by rank, cheapest first and pruned by a lower bound;
   per-suit run tables indexed by jokers used (and sequence flags), merged by a min-plus
   product. Its memos (per-suit tables, merged prefixes) live in a context per (rules,
   wild rank): a hand and the same hand less one card share most of them.
3. **Big hands** (30-40 cards from two decks with jokers, where set plans explode) go to a
   DP over the places (:mod:`.bigdp`) whose state is each suit's open runs, the jokers
   used and the set being gathered.

Partitions are put in a canonical form (sets first, melds by lowest card; pure runs that
continue each other joined, except in Indian Rummy), so that :func:`all_best_partitions`
lists each distinct optimal partition once. :func:`clear_caches` forgets every table and
memo.

>>> p = best_partition("7S 7H 7D 4C 5C 6C 7C KD QH 2S", "gin")
>>> p.deadwood_points, [str(m) for m in p.melds]
(22, ['7S 7H 7D', '4C 5C 6C 7C'])
>>> best_partition("7h 8h 9h Kc Kd Ks 2c", "gin").deadwood_points
2
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence

from . import masks
from .bigdp import _dp_partition, _dp_value, _use_dp
from .cards import Card, CardsLike, Hand, clean_cards
from .errors import CardError
from .masks import set_variants, suit_run_table
from .melds import Meld, _as_run, _check_wild_rank
from .partition import Partition
from .rules import Rules, RulesLike, get_rules
from .search import BIG, INF, _build_partitions, _Ctx, _ctx, _goal_flag, _place_card, _solve_value

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
        s0 = mask & 0x1FFF
        s1 = mask >> 13 & 0x1FFF
        s2 = mask >> 26 & 0x1FFF
        s3 = mask >> 39
        if not (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
            # no rank held three times (most hands): the suits' pieces add up
            p0, p1, p2, p3 = self.parts
            a, b, c, d = p0[s0], p1[s1], p2[s2], p3[s3]
            return Partition(a[0] + b[0] + c[0] + d[0], a[1] + b[1] + c[1] + d[1],
                             a[2] + b[2] + c[2] + d[2])
        holdings = (s0, s1, s2, s3)
        groups = self.kernel.best_sets(holdings, masks.trip_ranks(*holdings))[1]
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

    def best_discard(self, mask: int, banned: int) -> tuple[Card, Partition]:
        i, _, groups = self.kernel.best_discard(mask, banned)
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
        # :func:`_quick` written out: the bots' hot path, 6% faster than the call
        try:
            one = _QUICK[rules]
            m: int = sum(map(_BIT_OF, cards))  # type: ignore[arg-type]
        except (KeyError, TypeError, AttributeError):
            pass
        else:
            if m.bit_count() == len(cards) and not m >> 52:  # type: ignore[arg-type]
                return one.kernel.objective(m) // BIG
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
        return got[0].best_discard(got[1], 0)
    hand, r, ctx = _prepare(cards, rules, wild_rank)
    banned = set(clean_cards(exclude)) if exclude else set()
    if not hand or (banned and all(c in banned for c in hand)):
        raise CardError("best_discard needs at least one card that may be discarded")
    m = _kernel_mask(hand, ctx)
    if m >= 0:
        banned_mask = sum(c._bit for c in banned if not c.is_joker)
        return _one_deck(r).best_discard(m, banned_mask)
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
