"""The bitmask kernel: melds and minimum deadwood of one-deck jokerless hands.

A one-deck hand without jokers is a 52-bit mask: bit ``13 * suit + rank - 1`` holds the
card (suits in deck order S H D C, :attr:`Card.index`), so suit ``s`` is the 13-bit
*holding* ``mask >> 13 * s & 0x1FFF``. The kernel answers everything about such hands with
integer operations and table look-ups; the solver, the batch evaluator, the belief model and the
coach build on it.

The algorithm, for one rules object (:class:`Kernel`, built once by :func:`kernel`):

* **Runs are per suit.** For each of the 8,192 holdings the best run-only arrangement is
  found by a search over the lowest card: it is deadwood, or (ace high or low) the ace
  moves to the place above the king, or it starts a run of ``min_meld`` to
  ``max_run_length`` consecutive cards. The search is memoised over the 16,384 holdings
  of 14 places, so the whole table costs some tens of milliseconds once, and the runs of
  the first optimal arrangement (in that search order) and every distinct optimal
  arrangement are kept too. Values are ``points * 128 + unmelded cards`` (:data:`BIG`):
  among equal points, the arrangement melding more cards wins.
* **Sets join the suits.** Only a rank held in three or four suits can form a set (the
  ``trip`` mask). A hand without one costs four look-ups. Otherwise every choice of sets
  at those ranks (no set, the three-card set, each of the four three-card sets and the
  four-card set) is priced by four look-ups of what each suit keeps for runs; hands with
  more than :data:`COMBO_LIMIT` choices go to a DP over the ranks (:meth:`Kernel.rank_dp`)
  whose state is each suit's open run, so set-rich hands cannot blow up.
* **Discards.** Every set choice of a hand less one card is a set choice of the hand that
  leaves that card free, so one pass over the hand's set choices prices all its discards
  (:meth:`Kernel.best_discard`).

Nothing here depends on the hand seen before: the tables are complete for every holding
and built once per rules object, so a fresh hand costs its own work only.

The public API: :func:`card_bit`, :func:`cards_mask`, :func:`mask_cards`,
:func:`suit_masks`, :func:`trip_ranks`, :func:`run_mask`; :func:`kernel` for a rules
object, whose :meth:`~Kernel.objective` / :meth:`~Kernel.deadwood` give the minimum
deadwood of a mask, :meth:`~Kernel.best_discard` the best card to throw,
:meth:`~Kernel.arrangements` the optimal melds as masks, :meth:`~Kernel.candidate_melds`
every meld the rules allow, :meth:`~Kernel.choices` the set choices of a hand and
:meth:`~Kernel.rank_dp` the DP for set-rich hands; :func:`suit_run_table` and
:func:`set_variants` for the per-suit table and the set choices as masks.

>>> from rummy_lab.engine.cards import parse_cards
>>> k = kernel("gin")
>>> m = cards_mask(parse_cards("7S 7H 7D 4C 5C 6C 7C KD QH 2S"))
>>> k.deadwood(m)
22
>>> k.sets_and_runs(m)[0]  # one set: the sevens of spades, hearts and diamonds
((6, 7),)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .cards import SUITS, Card
from .rules import Rules, RulesLike, get_rules

__all__ = [
    "BIG",
    "COMBO_LIMIT",
    "DECK",
    "SUIT_MASK",
    "Kernel",
    "Run",
    "SetGroup",
    "SetVariant",
    "card_bit",
    "cards_mask",
    "kernel",
    "kernel_eligible",
    "mask_cards",
    "run_mask",
    "set_variants",
    "suit_masks",
    "suit_run_table",
    "trip_ranks",
]

BIG = 128
"""Objective scale: ``points * BIG + unmelded cards`` (ties: meld more cards)."""
SUIT_MASK = 0x1FFF
"""The 13 bits of one suit's holding."""
INF = 1 << 60
COMBO_LIMIT = 256
"""Above this many set choices a hand is priced by the rank DP instead of enumeration."""

DECK: tuple[Card, ...] = tuple(Card(r, su) for su in SUITS for r in range(1, 14))
"""The 52 cards by bit (``DECK[i]`` is the card of bit ``i``)."""

Run = tuple[int, int]
"""A run of one suit as (lowest place, length); places 0..12 are ace..king, 13 the ace
played high."""
SetGroup = tuple[int, int]
"""A set as (rank place 0..12, suits as a 4-bit mask: bit ``s`` for suit ``s``)."""
SetVariant = tuple[tuple[int, int, int, int], tuple[int, ...]]
"""Suit holdings left after a choice of sets, and the sets chosen (52-bit meld masks)."""
Arrangement = tuple[tuple[Run, ...], int]
"""One suit's runs (joined where they continue each other, by lowest card) and the
13-bit mask of its deadwood."""


def card_bit(card: Card) -> int:
    """The card's bit (``1 << card.index``).

    :raises ValueError: for a joker (it has no bit).
    """
    if card.is_joker:
        raise ValueError("a joker has no bit in a one-deck mask")
    return card._bit


def cards_mask(cards: Iterable[Card]) -> int:
    """The 52-bit mask of one-deck cards without jokers.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> bin(cards_mask(parse_cards("AS 2S KC")))
    '0b1000000000000000000000000000000000000000000000000011'

    :raises ValueError: for a joker or a card given twice.
    """
    m = 0
    for c in cards:
        bit = card_bit(c)
        if m & bit:
            raise ValueError(f"card {c.code} given twice: a mask holds one deck")
        m |= bit
    return m


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask, in deck order.

    >>> [c.code for c in mask_cards(0b101)]
    ['AS', '3S']
    """
    if mask < 0 or mask >> 52:
        raise ValueError(f"a card mask has 52 bits, got {mask:#x}")
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def suit_masks(mask: int) -> tuple[int, int, int, int]:
    """The four 13-bit suit holdings of a 52-bit mask."""
    return mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39


def trip_ranks(s0: int, s1: int, s2: int, s3: int) -> int:
    """Bit ``r`` set when rank place ``r`` is held in three or four suits."""
    return (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))


def kernel_eligible(rules: Rules) -> bool:
    """True when the kernel's counting is the rules' counting: plain deadwood, without
    Indian Rummy's sequence requirements."""
    return not rules.min_sequences and not rules.min_pure_sequences


def _set_options(sizes: Sequence[int], pattern: int, backwards: bool) -> tuple[int, ...]:
    """The set choices at a rank held by the suits of ``pattern`` (4-bit mask), as suit
    masks: no set first, then the sets of each allowed size (suits in combinations order,
    or the reverse of it with ``backwards``)."""
    suits = [su for su in range(4) if pattern >> su & 1]
    out = [0]
    for size in sizes:
        combos = [sum(1 << su for su in c) for c in itertools.combinations(suits, size)]
        out.extend(reversed(combos) if backwards else combos)
    return tuple(out)


_OPTIONS = lru_cache(maxsize=512)(_set_options)


def _pattern(masks: Sequence[int], r: int) -> int:
    return (masks[0] >> r & 1) | (masks[1] >> r & 1) << 1 | (masks[2] >> r & 1) << 2 | (
        masks[3] >> r & 1) << 3


def _ranks(trip: int) -> list[int]:
    return [r for r in range(13) if trip >> r & 1]


def set_choices(
    masks: Sequence[int], trip: int, sizes: Sequence[int] = (3, 4), backwards: bool = False
) -> list[tuple[SetGroup, ...]]:
    """Every choice of sets of the given sizes at the ranks of ``trip``, in search order
    (no set first; ``backwards`` lists each size's sets in the reverse order).

    Each choice is a tuple of (rank place, suit bits) for the ranks given a set.
    """
    per_rank = [
        [(r, bits) for bits in _OPTIONS(tuple(sizes), _pattern(masks, r), backwards)]
        for r in _ranks(trip)
    ]
    return [tuple(g for g in combo if g[1]) for combo in itertools.product(*per_rank)]


def without_sets(masks: Sequence[int], groups: Iterable[SetGroup]) -> list[int]:
    """The suit holdings left once the cards of ``groups`` form sets."""
    out = list(masks)
    for r, bits in groups:
        for su in range(4):
            if bits >> su & 1:
                out[su] &= ~(1 << r)
    return out


def set_variants(masks: Sequence[int], trip: int) -> list[SetVariant]:
    """Every choice of sets at the ranks of ``trip`` (held in three or four suits) of a
    one-deck hand given as four 13-bit suit masks: ``(suit masks left, set masks)``, the
    choice of no set first.

    >>> variants = set_variants((0b1, 0b1, 0b1, 0), 0b1)  # the ace in three suits
    >>> [left for left, _ in variants]
    [(1, 1, 1, 0), (0, 0, 0, 0)]
    """
    out: list[SetVariant] = []
    for groups in set_choices(masks, trip):
        left = without_sets(masks, groups)
        sets = tuple(_set_mask(r, bits) for r, bits in groups)
        out.append(((left[0], left[1], left[2], left[3]), sets))
    return out


def _set_mask(r: int, bits: int) -> int:
    return sum(1 << (13 * su + r) for su in range(4) if bits >> su & 1)


def run_mask(suit: int, run: Run) -> int:
    """The 52-bit mask of a run of a suit (the ace played high is the ace's bit)."""
    return _run_mask13(run) << 13 * suit


def _run_mask13(run: Run) -> int:
    start, length = run
    m = ((1 << length) - 1) << start
    return (m & SUIT_MASK) | (m >> 13 & 1)  # place 13 is the ace's bit 0


@dataclass(frozen=True, eq=False)
class Kernel:
    """The bitmask tables of one rules object (build with :func:`kernel`).

    :ivar rules: the rules.
    :ivar sizes: the set sizes allowed (``(3, 4)`` in most games).
    :ivar options: the set choices at a rank by the 4-bit pattern of suits holding it, as
        suit masks, no set first: in search order, and (``options[1]``) with each size's
        sets the other way round, the order :func:`all_best_partitions` lists them in.
    :ivar values: points of rank place 0..13 (13: the ace played high).
    :ivar table: best run-only objective of each 13-bit holding.
    :ivar runs: the runs of the first optimal arrangement of each holding.
    """

    rules: Rules
    sizes: tuple[int, ...]
    options: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    values: tuple[int, ...]
    table: tuple[int, ...]
    runs: tuple[tuple[Run, ...], ...]
    _solve: Callable[[int], int] = field(repr=False)
    _ties: list[tuple[Arrangement, ...]] = field(default_factory=list, repr=False)
    _drops: list[tuple[int, int, int]] = field(default_factory=list, repr=False)

    # ------------------------------------------------------------------ values
    def objective(self, mask: int) -> int:
        """Best ``points * BIG + unmelded cards`` of a hand given as a 52-bit mask."""
        t = self.table
        s0 = mask & SUIT_MASK
        s1 = mask >> 13 & SUIT_MASK
        s2 = mask >> 26 & SUIT_MASK
        s3 = mask >> 39
        base = t[s0] + t[s1] + t[s2] + t[s3]
        trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
        if not trip:
            return base
        if self.sizes != (3, 4):
            return self.best_sets((s0, s1, s2, s3), self.trip((s0, s1, s2, s3)))[0]
        if not trip & (trip - 1):  # one rank with a set (the common case): inline
            keep = ~trip
            u0 = t[s0 & keep]
            u1 = t[s1 & keep]
            u2 = t[s2 & keep]
            u3 = t[s3 & keep]
            best = min(base, u0 + u1 + u2 + u3)
            if s0 & s1 & s2 & s3 & trip:
                t0, t1, t2, t3 = t[s0], t[s1], t[s2], t[s3]
                best = min(best, t0 + u1 + u2 + u3, u0 + t1 + u2 + u3, u0 + u1 + t2 + u3,
                           u0 + u1 + u2 + t3)
            return best
        return self.best_sets((s0, s1, s2, s3), trip)[0]

    def trip(self, masks: Sequence[int]) -> int:
        """Bit ``r`` set when rank place ``r`` is held in enough suits for a set."""
        s0, s1, s2, s3 = masks
        if not self.sizes:
            return 0
        if self.sizes[0] == 4:
            return s0 & s1 & s2 & s3
        return trip_ranks(s0, s1, s2, s3)

    def choices(
        self, masks: Sequence[int], trip: int, backwards: bool = False
    ) -> list[tuple[tuple[SetGroup, ...], int, int, int, int]]:
        """Every choice of sets at the ranks of ``trip`` in search order (the first rank
        varying slowest, no set first), each with the four holdings it leaves for runs."""
        opts = self.options[backwards]
        s0, s1, s2, s3 = masks
        out: list[tuple[tuple[SetGroup, ...], int, int, int, int]] = [((), s0, s1, s2, s3)]
        for r in range(trip.bit_length()):
            if not trip >> r & 1:
                continue
            bit = 1 << r
            pattern = (s0 >> r & 1) | (s1 >> r & 1) << 1 | (s2 >> r & 1) << 2 | (
                s3 >> r & 1) << 3
            grown = []
            for g, a, b, c, d in out:
                for bits in opts[pattern]:
                    if not bits:
                        grown.append((g, a, b, c, d))
                        continue
                    grown.append((
                        (*g, (r, bits)),
                        a & ~bit if bits & 1 else a,
                        b & ~bit if bits & 2 else b,
                        c & ~bit if bits & 4 else c,
                        d & ~bit if bits & 8 else d,
                    ))
            out = grown
        return out

    def count_choices(self, masks: Sequence[int], trip: int) -> int:
        """How many set choices :meth:`choices` would list."""
        n = 1
        for r in range(trip.bit_length()):
            if trip >> r & 1:
                n *= len(self.options[0][_pattern(masks, r)])
        return n

    def deadwood(self, mask: int) -> int:
        """Minimum deadwood points of a hand given as a 52-bit mask."""
        return self.objective(mask) // BIG

    def best_sets(self, masks: Sequence[int], trip: int) -> tuple[int, tuple[SetGroup, ...]]:
        """Best objective and the sets of the first optimal set choice (search order)."""
        if self.count_choices(masks, trip) > COMBO_LIMIT:
            return self.rank_dp(masks)
        t = self.table
        best = INF
        pick: tuple[SetGroup, ...] = ()
        for groups, a, b, c, d in self.choices(masks, trip):
            v = t[a] + t[b] + t[c] + t[d]
            if v < best:
                best, pick = v, groups
        return best, pick

    def sets_and_runs(self, mask: int) -> tuple[tuple[SetGroup, ...], tuple[tuple[Run, ...], ...],
                                                 tuple[int, ...]]:
        """One optimal partition: its sets, each suit's runs and each suit's deadwood mask.

        The sets are the first optimal set choice in search order, the runs each suit's
        first optimal arrangement (runs that continue each other joined).
        """
        masks = suit_masks(mask)
        trip = self.trip(masks)
        groups: tuple[SetGroup, ...] = ()
        if trip:
            groups = self.best_sets(masks, trip)[1]
            masks = tuple(without_sets(masks, groups))  # type: ignore[assignment]
        runs = tuple(self.runs[h] for h in masks)
        dead = tuple(h & ~sum(_run_mask13(r) for r in rs) for h, rs in zip(masks, runs,
                                                                          strict=True))
        return groups, runs, dead

    def ties(self, holding: int) -> tuple[Arrangement, ...]:
        """Every distinct optimal run arrangement of a holding, in search order."""
        if not self._ties:
            self._ties.extend(_all_ties(self))
        return self._ties[holding]

    def all_best(self, mask: int) -> list[tuple[tuple[SetGroup, ...], list[int]]] | None:
        """Every optimal set choice with the holdings it leaves for runs (None: more than
        :data:`COMBO_LIMIT` set choices)."""
        masks = suit_masks(mask)
        trip = self.trip(masks)
        if not trip:
            return [((), list(masks))]
        if self.count_choices(masks, trip) > COMBO_LIMIT:
            return None
        t = self.table
        best = INF
        plans: list[tuple[tuple[SetGroup, ...], list[int]]] = []
        for groups, a, b, c, d in self.choices(masks, trip, backwards=True):
            v = t[a] + t[b] + t[c] + t[d]
            if v < best:
                best, plans = v, []
            if v == best:
                plans.append((groups, [a, b, c, d]))
        return plans

    def best_discard(
        self, mask: int, banned: int = 0
    ) -> tuple[int, int, tuple[SetGroup, ...]]:
        """The best card to throw from a hand (a 52-bit mask): its bit index, the objective
        of the hand left and that hand's sets. Cards of ``banned`` (a mask) may not go.

        Best: lowest objective left, then the higher-valued card, then the higher index.
        The hand less a card has as set choices exactly the hand's set choices that leave
        the card free, so one pass over the hand's set choices prices every discard: for
        a choice, the best card to drop from a suit's holding is a table look-up
        (:meth:`drop`; when that card is banned, the best free card of the holding), and
        the choice's best discard the best of its four suits.
        """
        t = self.table
        vals = self.values
        masks = list(suit_masks(mask))
        trip = self.trip(masks)
        free = mask & ~banned
        if not free:
            raise ValueError("no card of the hand may be discarded")
        if self.count_choices(masks, trip) > COMBO_LIMIT:
            key = min((self.objective(mask & ~(1 << i)), -vals[i % 13], -i)
                      for i in range(52) if free >> i & 1)
            return -key[2], key[0], self.sets_and_runs(mask & ~(1 << -key[2]))[0]
        drop = self.drop
        best_key: tuple[int, int, int] | None = None
        pick_groups: tuple[SetGroup, ...] = ()
        for groups, *m in self.choices(masks, trip):
            base = t[m[0]] + t[m[1]] + t[m[2]] + t[m[3]]
            for su in range(4):
                h = m[su]
                if h:
                    v, neg_value, neg_r = drop(h)
                    if banned >> (13 * su - neg_r) & 1:  # the best card may not go
                        h_free = h & ~(banned >> 13 * su)
                        if not h_free:
                            continue
                        v, neg_value, neg_r = min(
                            (t[h & ~(1 << r)], -vals[r], -r)
                            for r in range(13) if h_free >> r & 1)
                    key = (base - t[h] + v, neg_value, neg_r - 13 * su)
                    if best_key is None or key < best_key:
                        best_key, pick_groups = key, groups
        assert best_key is not None
        return -best_key[2], best_key[0], pick_groups

    def drop(self, holding: int) -> tuple[int, int, int]:
        """The best card to drop from a non-empty holding: (run-only objective left,
        -card value, -rank place), the least such key over the holding's cards (built for
        all holdings on first use)."""
        if not self._drops:
            t = self.table
            vals = self.values
            self._drops.append((INF, 0, 0))
            for h in range(1, 1 << 13):
                self._drops.append(min((t[h & ~(1 << r)], -vals[r], -r)
                                       for r in range(13) if h >> r & 1))
        return self._drops[holding]

    def arrangements(self, mask: int) -> list[tuple[int, ...]]:
        """Every optimal choice of sets of a hand, each with the first optimal runs of what
        the suits keep, as 52-bit meld masks (sets first, then runs by suit). A hand with
        more than :data:`COMBO_LIMIT` set choices gives its first optimum only."""
        plans = self.all_best(mask)
        if plans is None:
            groups, runs, _ = self.sets_and_runs(mask)
            return [(*(_set_mask(r, b) for r, b in groups),
                     *(_run_mask13(run) << 13 * su for su, rs in enumerate(runs) for run in rs))]
        return [
            (*(_set_mask(r, b) for r, b in groups),
             *(_run_mask13(run) << 13 * su for su, h in enumerate(holdings)
               for run in self.runs[h]))
            for groups, holdings in plans
        ]

    def candidate_melds(self) -> tuple[int, ...]:
        """Every meld the rules allow in one deck, as 52-bit masks: the runs of each suit
        (every start and allowed length, ace high where it may be), then the sets of each
        rank (every allowed choice of suits)."""
        rules = self.rules
        top = 14 if rules.ace_high else 13
        runs = [
            _run_mask13((start, length)) << 13 * su
            for su in range(4) for start in range(top)
            for length in range(rules.min_meld, rules.max_run_length + 1)
            if start + length <= top and not (start == 0 and length == 14)
        ]
        sets = [_set_mask(r, bits) for r in range(13) for bits in self.options[0][15] if bits]
        return tuple(dict.fromkeys(runs + sets))

    # ------------------------------------------------------------------ the rank DP
    def rank_dp(self, masks: Sequence[int]) -> tuple[int, tuple[SetGroup, ...]]:
        """Best objective of a hand by a min-cost DP over the ranks, and the sets of one
        optimal solution.

        No combinatorial blow-up however many sets the hand holds. State per suit:
        ``(j, high)``: ``j`` is 0 (no run open), 1..m-1 (an open run that must go on) or
        m (a run of m or more that may stop); ``high`` marks an ace kept back to end a
        Q-K-A run. Each card at a rank is deadwood, in the rank's set, or in a run.
        """
        rules = self.rules
        m = rules.min_meld
        sizes = self.sizes
        ace_high = rules.ace_high
        RunState = tuple[tuple[int, int], ...]
        states: dict[RunState, int] = {((0, 0),) * 4: 0}
        parents: list[dict[RunState, tuple[RunState, int]]] = []
        for place in range(13):
            bit = 1 << place
            cost = self.values[place] * BIG + 1
            high_ok = place == 0 and ace_high
            new: dict[RunState, int] = {}
            back: dict[RunState, tuple[RunState, int]] = {}
            for st, base in states.items():
                per_suit: list[list[tuple[tuple[int, int], int, int]]] = []
                for su in range(4):
                    j, high = st[su]
                    closed = j in (0, m)
                    opts: list[tuple[tuple[int, int], int, int]] = []
                    if masks[su] & bit:
                        if closed:
                            opts.append(((0, high), cost, 0))  # deadwood
                            opts.append(((0, high), 0, 1))  # in the rank's set
                            opts.append(((1, high), 0, 0))  # starts a run
                            if high_ok:
                                opts.append(((0, 1), 0, 0))  # kept back to end Q-K-A
                        if j >= 1:
                            opts.append(((min(j + 1, m), high), 0, 0))  # the run goes on
                    elif closed:
                        opts.append(((0, high), 0, 0))
                    if not opts:
                        break
                    per_suit.append(opts)
                else:
                    for combo in itertools.product(*per_suit):
                        in_set = combo[0][2] + combo[1][2] + combo[2][2] + combo[3][2]
                        if in_set and in_set not in sizes:
                            continue
                        nxt = (combo[0][0], combo[1][0], combo[2][0], combo[3][0])
                        total = base + combo[0][1] + combo[1][1] + combo[2][1] + combo[3][1]
                        if total < new.get(nxt, INF):
                            new[nxt] = total
                            back[nxt] = (st, sum(combo[su][2] << su for su in range(4)))
            states = new
            parents.append(back)
        best, state = min(
            ((total, st) for st, total in states.items()
             if all((j >= max(1, m - 1)) if high else j in (0, m) for j, high in st)),
            key=lambda x: x[0],
        )
        groups: list[SetGroup] = []
        for place in range(12, -1, -1):
            state, bits = parents[place][state]
            if bits:
                groups.append((place, bits))
        return best, tuple(groups)


# --------------------------------------------------------------------------- tables


def _run_options(rules: Rules, h: int, p: int) -> list[tuple[Run, int]]:
    """Runs whose lowest card is at place ``p`` of the 14-place holding ``h``, shortest
    first: (run, the holding without it)."""
    top = 14 if rules.ace_high else 13
    out = []
    for length in range(rules.min_meld, rules.max_run_length + 1):
        if p + length > top:
            break
        bits = ((1 << length) - 1) << p
        if h & bits != bits:
            break
        out.append(((p, length), h & ~bits))
    return out


def _build(rules: Rules) -> Kernel:
    vals = [rules.rank_values[r] for r in range(1, 14)]
    values = (*vals, vals[0])
    ace_high = rules.ace_high
    best: dict[int, int] = {0: 0}

    def solve(h: int) -> int:
        """Best objective of a 14-place holding (bit 13: the ace played high)."""
        got = best.get(h)
        if got is not None:
            return got
        p = (h & -h).bit_length() - 1
        v = solve(h & ~(1 << p)) + values[p] * BIG + 1  # the lowest card is deadwood
        if p == 0 and ace_high:
            v = min(v, solve((h & ~1) | 1 << 13))  # the ace plays high
        if p < 13 or not ace_high:
            for _run, rest in _run_options(rules, h, p):
                v = min(v, solve(rest))
        best[h] = v
        return v

    def first(h: int) -> list[Run]:
        """The runs of the first optimal arrangement, in search order."""
        if not h:
            return []
        target = solve(h)
        p = (h & -h).bit_length() - 1
        rest = h & ~(1 << p)
        if solve(rest) + values[p] * BIG + 1 == target:
            return first(rest)
        if p == 0 and ace_high and solve(rest | 1 << 13) == target:
            return first(rest | 1 << 13)
        for run, rest in _run_options(rules, h, p):
            if solve(rest) == target:
                return [run, *first(rest)]
        raise AssertionError("no optimal arrangement")  # pragma: no cover

    table = tuple(solve(h) for h in range(1 << 13))
    runs = tuple(_joined(rules, first(h)) for h in range(1 << 13))
    top = min(4, rules.max_set_size if rules.max_set_size is not None else 4)
    sizes = tuple(range(rules.min_meld, top + 1))
    options = (tuple(_set_options(sizes, p, False) for p in range(16)),
               tuple(_set_options(sizes, p, True) for p in range(16)))
    return Kernel(rules, sizes, options, values, table, runs, solve)


def _joined(rules: Rules, runs: Iterable[Run]) -> tuple[Run, ...]:
    """Runs that continue each other joined (up to the longest run allowed), sorted by
    lowest card (an ace-high run's lowest card is its ace)."""
    out: list[list[int]] = []
    for start, length in sorted(runs):
        if out and out[-1][0] + out[-1][1] == start and out[-1][1] + length <= rules.max_run_length:
            out[-1][1] += length
        else:
            out.append([start, length])
    return tuple(sorted(((s, n) for s, n in out), key=_run_order))


def _run_order(run: Run) -> tuple[int, int]:
    start, length = run
    return (0 if start + length == 14 else start), length


def _all_ties(kern: Kernel) -> list[tuple[Arrangement, ...]]:
    """Every distinct optimal arrangement of every holding, in search order."""
    rules = kern.rules
    values = kern.values
    ace_high = rules.ace_high
    solve = kern._solve
    memo: dict[int, list[tuple[tuple[Run, ...], int]]] = {0: [((), 0)]}

    def every(h: int) -> list[tuple[tuple[Run, ...], int]]:
        got = memo.get(h)
        if got is not None:
            return got
        target = solve(h)
        p = (h & -h).bit_length() - 1
        rest = h & ~(1 << p)
        out: list[tuple[tuple[Run, ...], int]] = []
        if solve(rest) + values[p] * BIG + 1 == target:
            out.extend((rs, d | 1 << (p % 13)) for rs, d in every(rest))
        if p == 0 and ace_high and solve(rest | 1 << 13) == target:
            out.extend(every(rest | 1 << 13))
        if p < 13 or not ace_high:
            for run, left in _run_options(rules, h, p):
                if solve(left) == target:
                    out.extend(((run, *rs), d) for rs, d in every(left))
        memo[h] = out
        return out

    tables = []
    for h in range(1 << 13):
        seen: dict[Arrangement, None] = {}
        for rs, dead in every(h):
            seen.setdefault((_joined(rules, rs), dead), None)
        tables.append(tuple(seen))
    return tables


@lru_cache(maxsize=16)
def _kernel(rules: Rules) -> Kernel:
    return _build(rules)


def kernel(rules: RulesLike = "gin") -> Kernel:
    """The kernel of a rules object (built once per rules, then cached).

    :raises ValueError: for rules whose counting the kernel does not cover
        (:func:`kernel_eligible`).
    """
    r = get_rules(rules)
    if not kernel_eligible(r):
        raise ValueError(
            f"rules {r.name!r} require sequences (Indian Rummy counting); the bitmask "
            "kernel covers plain deadwood counting"
        )
    return _kernel(r)


def suit_run_table(rules: RulesLike = "gin") -> tuple[int, ...]:
    """Best run-only deadwood for every one-deck suit holding, indexed by 13-bit mask.

    Bit ``r`` of the mask is the card of rank ``r + 1``. Each entry is
    ``points * 128 + unmelded cards``.

    >>> t = suit_run_table("gin")
    >>> t[0b111] // 128, t[0b1011] // 128  # A-2-3 melds; A-2-4 all deadwood
    (0, 7)
    """
    return _kernel(get_rules(rules)).table


def clear_caches() -> None:
    """Forget every kernel built (the next :func:`kernel` call builds its tables anew)."""
    _kernel.cache_clear()
    _OPTIONS.cache_clear()
