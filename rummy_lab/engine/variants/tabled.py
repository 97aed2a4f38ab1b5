"""Table-meld mechanics shared by Basic Rummy and Rummy 500.

In these games melds are laid face up on the table as they are made, and any player may
lay off cards on any meld there. This module holds what both variants share:

* arranging a new meld (:func:`arrange_meld`) and extending a table meld
  (:func:`extend_meld`). A printed joker on the table stands for one specific card: in
  a run, the card of its place, fixed when it is laid (a later lay-off never moves it);
  in a set, a card of the set's rank. A natural card whose place a joker holds cannot be
  laid off there (no joker swaps);
* enumerating every meld (:func:`meld_options`) and every lay-off
  (:func:`layoff_options`) a hand can make, bounded by the runs and sets actually
  present in the hand, so a learner can ask "what can I do now?";
* :class:`TableEngine`, the state machine on top: draw, then any number of melds and
  lay-offs, then a discard; emptying the hand (by a meld, a lay-off or the last discard)
  goes out and ends the hand at once;
* match scoring to a target (:func:`table_standing`).

>>> from rummy_lab.engine.rules import get_rules
>>> r = get_rules("basic", jokers=2)
>>> arrange_meld(parse_cards("5H 6H JK"), r)  # the joker is the 7H
((Card('5H'), Card('6H'), Card('JK')), 'run')
>>> arrange_meld(parse_cards("JK 5H 6H"), r)  # given in this order, it is the 4H
((Card('JK'), Card('5H'), Card('6H')), 'run')
>>> [" ".join(c.code for c in m) for m in meld_options(parse_cards("7S 7H 7D 8D 9D"), r)]
['7S 7H 7D', '7D 8D 9D']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import Card, Hand, parse_cards, remove_cards, rich_display  # noqa: F401 (doctests)
from ..errors import IllegalMove
from ..melds import _RANK_WORDS, _SUIT_WORDS, _plural, classify_meld
from ..moves import Discard, DrawDiscard, LayOff, Meld, Move, discard_of
from ..rules import Rules
from ..state import GameResult, GameState, Phase, TableMeld
from .base import Effect, VariantEngine

__all__ = [
    "JOKER",
    "TableEngine",
    "TableScore",
    "TableStanding",
    "arrange_meld",
    "can_place",
    "can_place_after_meld",
    "extend_meld",
    "layoff_options",
    "meld_options",
    "run_start",
    "table_standing",
]

JOKER = Card(0)
"""The printed joker."""


def _top(rules: Rules) -> int:
    """The highest place in a run: 14 (ace high) or 13."""
    return 14 if rules.ace_high else 13


def _places(card: Card, rules: Rules) -> tuple[int, ...]:
    """Where a natural card may sit in a run: its rank, and 14 for an ace played high."""
    if card.rank == 1 and rules.ace_high:
        return (1, 14)
    return (card.rank,)


def _place_card(place: int, card: Card) -> Card:
    """The natural card at ``place`` in ``card``'s suit (a joker's stand-in)."""
    return Card(1 if place == 14 else place, card.suit)


# --------------------------------------------------------------------------- arranging


def run_start(cards: Sequence[Card], rules: Rules) -> int | None:
    """The place (1..14) of the first card when ``cards``, in this order, form a run.

    Each joker stands for the card of its place; an ace is place 1, or 14 when played
    high (Q-K-A). ``None`` when the cards in this order are no run.

    >>> from rummy_lab.engine.rules import get_rules
    >>> run_start(parse_cards("JK QS KS AS"), get_rules("500"))
    11
    >>> run_start(parse_cards("KS AS 2S"), get_rules("500")) is None  # never K-A-2
    True
    """
    n = len(cards)
    if n < rules.min_meld or n > rules.max_run_length:
        return None
    suit = None
    starts: set[int] | None = None
    for i, c in enumerate(cards):
        if c.rank == 0:
            continue
        if suit is None:
            suit = c.suit
        elif c.suit is not suit:
            return None
        options = {p - i for p in _places(c, rules)}
        starts = options if starts is None else starts & options
        if not starts:
            return None
    if starts is None:
        return None
    top = _top(rules)
    valid = [s for s in starts if s >= 1 and s + n - 1 <= top]
    return valid[0] if len(valid) == 1 else None


def _set_ok(naturals: Sequence[Card], total: int, rules: Rules) -> bool:
    """True when ``naturals`` (two or more, one rank) plus jokers make ``total`` a set."""
    if len(naturals) < 2 or total < rules.min_meld:
        return False
    if rules.max_set_size is not None and total > rules.max_set_size:
        return False
    rank = naturals[0].rank
    if any(c.rank != rank for c in naturals):
        return False
    return not (rules.set_distinct_suits and len({c.suit for c in naturals}) != len(naturals))


def arrange_meld(cards: Sequence[Card], rules: Rules) -> tuple[Hand, str] | None:
    """How ``cards`` go on the table as a new meld: (cards in table order, kind), or None.

    * Cards that form a run in the order given stay in that order (so a player decides
      where a joker at the end of a run goes: ``JK 5H 6H`` makes it the 4H).
    * Else two or more natural cards of one rank (plus jokers) form a set.
    * Else, if the cards form a run in some order, they are put in rank order with
      spare jokers above the naturals (below only where the top is reached).

    A meld needs at least one natural card; one natural card with jokers is a run.

    >>> from rummy_lab.engine.rules import get_rules
    >>> arrange_meld(parse_cards("9C 7C 8C"), get_rules("basic"))
    ((Card('7C'), Card('8C'), Card('9C')), 'run')
    >>> arrange_meld(parse_cards("QS KS AS"), get_rules("basic")) is None  # ace low only
    True
    """
    hand = Hand(cards)
    naturals = [c for c in hand if c.rank != 0]
    if not naturals or len(hand) < rules.min_meld:
        return None
    if run_start(hand, rules) is not None:
        return hand, "run"
    if _set_ok(naturals, len(hand), rules):
        return hand, "set"
    m = classify_meld(hand, rules)
    if m is not None and m.kind == "run" and run_start(m.cards, rules) is not None:
        return Hand(m.cards), "run"
    return None


def _natural_rank(cards: Sequence[Card]) -> int:
    for c in cards:
        if c.rank:
            return c.rank
    return 0


def extend_meld(
    meld: TableMeld, cards: Sequence[Card], player: int, rules: Rules
) -> TableMeld | None:
    """``meld`` with ``cards`` laid off on it by ``player``, or None when they do not fit.

    Sets take cards of their rank (and jokers) up to ``max_set_size``. Runs keep every
    card, jokers included, at its place; new natural cards take their places, new
    jokers fill the gaps between them and the run, and spare jokers extend the run
    upward (downward once the top is reached). The result records who laid each card.

    >>> from rummy_lab.engine.rules import get_rules
    >>> r = get_rules("basic", jokers=2)
    >>> run = TableMeld(1, parse_cards("5H JK 7H"), "run", (1, 1, 1))
    >>> extend_meld(run, parse_cards("6H"), 0, r) is None  # the joker holds 6H's place
    True
    >>> m = extend_meld(run, parse_cards("9H JK"), 0, r)
    >>> m.cards.codes, m.laid_by
    ('5H JK 7H JK 9H', (1, 1, 1, 0, 0))
    """
    new = Hand(cards)
    if not new:
        return None
    naturals = sorted(c for c in new if c.rank != 0)
    jokers = len(new) - len(naturals)
    laid = meld.laid_by or (meld.owner,) * len(meld.cards)
    if meld.kind == "set":
        old = [c for c in meld.cards if c.rank != 0]
        rank = _natural_rank(meld.cards)
        if any(c.rank != rank for c in naturals):
            return None
        total = len(meld.cards) + len(new)
        if rules.max_set_size is not None and total > rules.max_set_size:
            return None
        allnat = old + naturals
        if rules.set_distinct_suits and len({c.suit for c in allnat}) != len(allnat):
            return None
        return TableMeld(meld.owner, Hand((*meld.cards, *new)), "set",
                         (*laid, *(player,) * len(new)))
    start = run_start(meld.cards, rules)
    if start is None:  # pragma: no cover - table runs are always valid
        return None
    n = len(meld.cards)
    end = start + n - 1
    suit = next(c.suit for c in meld.cards if c.rank != 0)
    if any(c.suit is not suit for c in naturals):
        return None
    top = _top(rules)
    best: tuple[int, tuple[int, ...]] | None = None
    for combo in itertools.product(*(_places(c, rules) for c in naturals)):
        if len(set(combo)) != len(combo) or any(start <= p <= end for p in combo):
            continue
        lo = min(start, *combo) if combo else start
        hi = max(end, *combo) if combo else end
        gaps = (hi - lo + 1) - n - len(combo)
        if gaps > jokers:
            continue
        spare = jokers - gaps
        up = min(spare, top - hi)
        lo -= spare - up
        hi += up
        if lo < 1 or hi - lo + 1 > rules.max_run_length:
            continue
        if best is None or gaps < best[0]:
            best = (gaps, combo)
    if best is None:
        return None
    combo = best[1]
    slots: dict[int, tuple[Card, int]] = {start + i: (meld.cards[i], laid[i]) for i in range(n)}
    for c, p in zip(naturals, combo, strict=True):
        slots[p] = (c, player)
    lo = min(slots)
    hi = max(slots)
    spare = jokers - ((hi - lo + 1) - len(slots))
    up = min(spare, top - hi)
    lo -= spare - up
    hi += up
    out_cards: list[Card] = []
    out_laid: list[int] = []
    for p in range(lo, hi + 1):
        c, who = slots.get(p, (JOKER, player))
        out_cards.append(c)
        out_laid.append(who)
    return TableMeld(meld.owner, Hand(out_cards), "run", tuple(out_laid))


def _new_cards(before: TableMeld, after: TableMeld, player: int) -> Hand:
    """The cards ``after`` adds to ``before``, in table order (for canonical lay-offs)."""
    if after.kind == "set":
        return Hand(after.cards[len(before.cards):])
    old = Counter(zip(before.cards, before.laid_by or (before.owner,) * len(before.cards),
                      strict=True))
    out: list[Card] = []
    for c, who in zip(after.cards, after.laid_by, strict=True):
        if old[(c, who)]:
            old[(c, who)] -= 1
        else:
            out.append(c)
    return Hand(out)


# --------------------------------------------------------------------------- enumerating


def meld_options(hand: Sequence[Card], rules: Rules) -> list[Hand]:
    """Every distinct new meld the cards can make, each in table order.

    Sets (two or more natural cards of a rank, then jokers) come first by rank, then
    runs by suit and place. Jokers may fill any place of a run, including the place of
    a natural card the hand holds. The count is bounded by the hand's actual sets and
    runs (at most a few hundred for 13 cards without jokers).

    >>> from rummy_lab.engine.rules import get_rules
    >>> [m.codes for m in meld_options(parse_cards("QS KS AS 2S 3S"), get_rules("500"))]
    ['AS 2S 3S', 'QS KS AS']
    """
    out: list[Hand] = []
    naturals = [c for c in hand if c.rank != 0]
    jokers = len(hand) - len(naturals)
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[Any, dict[int, Card]] = {}
    ace_high = rules.ace_high
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
        held = by_suit.setdefault(c.suit, {})
        held[c.rank] = c
        if c.rank == 1 and ace_high:
            held[14] = c
    max_set = rules.max_set_size
    for rank in sorted(by_rank):
        if len(by_rank[rank]) < 2:
            continue
        counts = Counter(by_rank[rank])
        distinct = sorted(counts)
        caps = [1 if rules.set_distinct_suits else counts[c] for c in distinct]
        for choice in itertools.product(*(range(k + 1) for k in caps)):
            nat = [c for c, k in zip(distinct, choice, strict=True) for _ in range(k)]
            if len(nat) < 2:
                continue
            for j in range(jokers + 1):
                total = len(nat) + j
                if max_set is not None and total > max_set:
                    break
                if total >= rules.min_meld and _set_ok(nat, total, rules):
                    out.append(Hand((*nat, *(JOKER,) * j)))
    top = _top(rules)
    for suit in sorted(by_suit, key=lambda s: s.order):
        held = by_suit[suit]
        if not jokers:
            out.extend(_plain_runs(held, rules))
            continue
        for s in range(1, top + 1):
            missing = 0
            for e in range(s, min(top, s + rules.max_run_length - 1) + 1):
                if e not in held:
                    missing += 1
                    if missing > jokers:
                        break
                if e - s + 1 < rules.min_meld:
                    continue
                places = range(s, e + 1)
                held_places = [p for p in places if p in held]
                if not held_places:
                    continue
                if 1 in held_places and 14 in held_places:
                    continue  # one ace cannot sit at both ends
                free = jokers - missing
                for k in range(min(free, len(held_places) - 1) + 1):
                    for sub in itertools.combinations(held_places, k):
                        out.append(Hand(
                            JOKER if (p not in held or p in sub) else held[p] for p in places
                        ))
    return out


def _plain_runs(held: dict[int, Card], rules: Rules) -> Iterator[Hand]:
    """The runs of one suit's held places without jokers (the common fast case)."""
    need = rules.min_meld
    longest = rules.max_run_length
    if len(held) < need:
        return
    top = _top(rules)
    s = 1
    while s <= top:
        if s not in held:
            s += 1
            continue
        b = s
        while b + 1 <= top and b + 1 in held:
            b += 1
        for a in range(s, b - need + 2):
            for e in range(a + need - 1, min(b, a + longest - 1) + 1):
                yield Hand([held[p] for p in range(a, e + 1)])
        s = b + 1


def layoff_options(
    hand: Sequence[Card], table: Sequence[TableMeld], rules: Rules, player: int = 0
) -> list[tuple[int, Hand]]:
    """Every distinct lay-off ``(meld_index, cards)`` the hand can make on the table.

    Cards are listed in table order; several cards at once are allowed (8H 9H on
    5H 6H 7H, even when 9H alone would not fit).

    >>> from rummy_lab.engine.rules import get_rules
    >>> table = [TableMeld(1, parse_cards("5H 6H 7H"), "run", (1, 1, 1))]
    >>> [(i, c.codes) for i, c in layoff_options(parse_cards("4H 8H 9H KS"), table,
    ...                                           get_rules("basic"))]
    [(0, '4H'), (0, '8H'), (0, '4H 8H'), (0, '8H 9H'), (0, '4H 8H 9H')]
    """
    out: list[tuple[int, Hand]] = []
    naturals = [c for c in hand if c.rank != 0]
    jokers = len(hand) - len(naturals)
    ace_high = rules.ace_high
    for i, m in enumerate(table):
        seen: set[Hand] = set()
        if m.kind == "set":
            rank = _natural_rank(m.cards)
            counts = Counter(c for c in naturals if c.rank == rank)
            if not counts and not jokers:
                continue
            distinct = sorted(counts)
            caps = [1 if rules.set_distinct_suits else counts[c] for c in distinct]
            for choice in itertools.product(*(range(k + 1) for k in caps)):
                nat = [c for c, k in zip(distinct, choice, strict=True) for _ in range(k)]
                for j in range(jokers + 1):
                    if not nat and not j:
                        continue
                    cards = Hand((*nat, *(JOKER,) * j))
                    after = extend_meld(m, cards, player, rules)
                    if after is None:
                        if rules.max_set_size is not None and (
                            len(m.cards) + len(cards) > rules.max_set_size
                        ):
                            break
                        continue
                    if cards not in seen:
                        seen.add(cards)
                        out.append((i, cards))
            continue
        start = run_start(m.cards, rules)
        if start is None:  # pragma: no cover
            continue
        end = start + len(m.cards) - 1
        suit = next(c.suit for c in m.cards if c.rank != 0)
        if not jokers and not any(
            c.suit is suit and (
                c.rank in (start - 1, end + 1) or (c.rank == 1 and end == 13 and ace_high)
            )
            for c in naturals
        ):
            continue
        held: dict[int, Card] = {}
        for c in naturals:
            if c.suit is suit:
                for p in _places(c, rules):
                    if not start <= p <= end:
                        held[p] = c
        top = _top(rules)
        miss_up = 0
        for a in range(top - end + 1):
            if a and end + a not in held:
                miss_up += 1
                if miss_up > jokers:
                    break
            miss = miss_up
            for b in range(start):
                if b and start - b not in held:
                    miss += 1
                    if miss > jokers:
                        break
                if a == 0 and b == 0:
                    continue
                places = [*range(start - b, start), *range(end + 1, end + a + 1)]
                if len(places) + len(m.cards) > rules.max_run_length:
                    break
                held_places = [p for p in places if p in held]
                if 1 in held_places and 14 in held_places:
                    continue
                free = jokers - miss
                for k in range(min(free, len(held_places)) + 1):
                    for sub in itertools.combinations(held_places, k):
                        nat = [held[p] for p in held_places if p not in sub]
                        cards = Hand((*nat, *(JOKER,) * (miss + k)))
                        after = extend_meld(m, cards, player, rules)
                        if after is None:
                            continue
                        canon = _new_cards(m, after, player)
                        if canon not in seen:
                            seen.add(canon)
                            out.append((i, canon))
    return out


def _relevant(card: Card, pool: Sequence[Card]) -> list[Card]:
    """The cards of ``pool`` that could share a meld with ``card``."""
    if card.rank == 0:
        return list(pool)
    return [c for c in pool if c.rank == 0 or c.rank == card.rank or c.suit is card.suit]


def can_place(
    card: Card, pool: Sequence[Card], table: Sequence[TableMeld], rules: Rules
) -> bool:
    """True when ``card`` can be melded with cards of ``pool`` or laid off on the table
    (with cards of ``pool`` bridging the gap if needed), all in one turn.

    >>> from rummy_lab.engine.rules import get_rules
    >>> r = get_rules("500")
    >>> table = [TableMeld(0, parse_cards("5H 6H 7H"), "run", (0, 0, 0))]
    >>> can_place(Card.parse("9H"), parse_cards("8H 2C"), table, r)
    True
    >>> can_place(Card.parse("9H"), parse_cards("9C 2C"), table, r)
    False
    """
    if card.rank != 0:
        return _can_place_natural(card, pool, table, rules)
    return _can_place_by_search(card, pool, table, rules)


def can_place_after_meld(
    card: Card, pool: Sequence[Card], table: Sequence[TableMeld], rules: Rules
) -> bool:
    """:func:`can_place` for a player who may lay off only once they have melded
    (``layoff_before_first_meld=False``): in a new meld with cards of ``pool``, or laid
    off after a meld of other cards of ``pool`` made first in the same turn.

    >>> from rummy_lab.engine.rules import get_rules
    >>> r = get_rules("500", layoff_before_first_meld=False)
    >>> table = [TableMeld(1, parse_cards("5H 6H 7H"), "run", (1, 1, 1))]
    >>> can_place_after_meld(Card.parse("8H"), parse_cards("2C KS"), table, r)
    False
    >>> can_place_after_meld(Card.parse("8H"), parse_cards("2C 2D 2S"), table, r)
    True
    """
    if can_place(card, pool, (), rules):
        return True
    if not table:
        return False
    for m in meld_options(pool, rules):
        arranged = arrange_meld(m, rules)
        rest = remove_cards(pool, m)
        if arranged is None or rest is None:  # pragma: no cover - options are melds
            continue
        first = TableMeld(0, arranged[0], arranged[1], (0,) * len(m))
        if can_place(card, rest, [*table, first], rules):
            return True
    return False


def _can_place_by_search(
    card: Card, pool: Sequence[Card], table: Sequence[TableMeld], rules: Rules
) -> bool:
    """:func:`can_place` by enumerating every meld and lay-off (the reference)."""
    cands = _relevant(card, pool)
    with_card = [*cands, card]
    for m in meld_options(with_card, rules):
        if card in m:
            return True
    return any(card in cards for _, cards in layoff_options(with_card, table, rules))


def _can_place_natural(
    card: Card, pool: Sequence[Card], table: Sequence[TableMeld], rules: Rules
) -> bool:
    """:func:`can_place` for a natural card, without enumerating (the hot path of
    Rummy 500's discard picks)."""
    jokers = 0
    same_rank: list[Card] = []
    held: set[int] = set()
    suit = card.suit
    for c in pool:
        if c.rank == 0:
            jokers += 1
            continue
        if c.rank == card.rank:
            same_rank.append(c)
        if c.suit is suit:
            held.update(_places(c, rules))
    need = rules.min_meld
    # a new set: the card, another natural of its rank, jokers or more naturals
    if same_rank:
        others = [c for c in same_rank if not (rules.set_distinct_suits and c.suit is suit)]
        if rules.set_distinct_suits:
            others = list({c.suit: c for c in others}.values())
        if others and (rules.max_set_size is None or rules.max_set_size >= need) and (
            1 + len(others) + jokers >= need
        ):
            return True
    top = _top(rules)
    places = _places(card, rules)
    # a new run: some window of min_meld places around the card, gaps filled by jokers
    for p in places:
        for s in range(p - need + 1, p + 1):
            e = s + need - 1
            if s < 1 or e > top or need > rules.max_run_length:
                continue
            missing = sum(1 for q in range(s, e + 1) if q != p and q not in held)
            if missing <= jokers:
                return True
    # a lay-off, bridged by the pool's cards and jokers
    for m in table:
        if m.kind == "set":
            if _natural_rank(m.cards) != card.rank:
                continue
            if rules.max_set_size is not None and len(m.cards) >= rules.max_set_size:
                continue
            if rules.set_distinct_suits and any(c.suit is suit for c in m.cards if c.rank):
                continue
            return True
        nat = next(c for c in m.cards if c.rank)
        if nat.suit is not suit:
            continue
        first = run_start(m.cards, rules)
        if first is None:  # pragma: no cover
            continue
        last = first + len(m.cards) - 1
        for p in places:
            if last < p <= top:
                gap = range(last + 1, p)
                length = p - first + 1
            elif 1 <= p < first:
                gap = range(p + 1, first)
                length = last - p + 1
            else:
                continue
            if length > rules.max_run_length:
                continue
            if sum(1 for q in gap if q not in held) <= jokers:
                return True
    return False


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class TableScore:
    """How a Basic Rummy or Rummy 500 hand was scored (``GameResult.detail``).

    :ivar went_out: who went out (``None`` when the hand ended otherwise).
    :ivar rummy: Basic Rummy: the hand went out all at once (score multiplied).
    :ivar on_table: points of the cards each player put on the table (melds and lay-offs).
    :ivar in_hand: points of the cards left in each hand.
    :ivar scores: the hand's points per player, as in ``GameResult.scores``.

    >>> TableScore(0, False, (30, 5), (0, 12), (30, -7)).scores
    (30, -7)
    """

    went_out: int | None
    rummy: bool
    on_table: tuple[int, ...]
    in_hand: tuple[int, ...]
    scores: tuple[int, ...]

    def _repr_html_(self) -> str | None:
        return rich_display(self)


@dataclass(frozen=True)
class TableStanding:
    """Match totals to a target (Basic Rummy, Rummy 500).

    :ivar totals: each player's running total.
    :ivar winner: the winner once decided.
    :ivar finished: True once decided.
    :ivar target: the target total.
    :ivar hands: the hand scores counted, in order.
    :ivar tied: True while players tie for the lead at or past the target (another hand
        is played).
    """

    totals: tuple[int, ...]
    winner: int | None
    finished: bool
    target: int
    hands: tuple[tuple[int, ...], ...] = ()
    tied: bool = False

    def _repr_html_(self) -> str | None:
        return rich_display(self)


def table_standing(
    hand_scores: Iterable[Sequence[int]], players: int, target: int
) -> TableStanding:
    """Running totals; the match ends after the first hand in which someone reaches
    ``target``: the highest total wins, an exact tie for it plays another hand.

    >>> s = table_standing([(120, -20), (300, 90), (100, 430)], 2, 500)
    >>> s.totals, s.winner, s.finished
    ((520, 500), 0, True)
    >>> table_standing([(250, 250), (260, 260)], 2, 500).tied
    True
    """
    totals = [0] * players
    counted: list[tuple[int, ...]] = []
    tied = False
    for scores in hand_scores:
        row = tuple(int(x) for x in scores)
        if len(row) != players:
            raise ValueError(f"each hand needs {players} scores, got {len(row)}")
        counted.append(row)
        for i, x in enumerate(row):
            totals[i] += x
        best = max(totals)
        if best >= target:
            leaders = [i for i, t in enumerate(totals) if t == best]
            if len(leaders) == 1:
                return TableStanding(tuple(totals), leaders[0], True, target, tuple(counted))
            tied = True
        else:
            tied = False
    return TableStanding(tuple(totals), None, False, target, tuple(counted), tied)


# --------------------------------------------------------------------------- the engine


class TableEngine(VariantEngine):
    """Draw, meld and lay off on the table, discard; going out ends the hand at once.

    ``state.data`` holds, per player, ``first_laid`` (the turn a player first put cards
    on the table, for going rummy) and ``melded`` (has made a meld, for
    ``layoff_before_first_meld``); Rummy 500 adds ``must_meld``. Subclasses score the
    hand (:meth:`score_hand`) and may add draw rules.
    """

    name = "table rummy"
    out_kind: ClassVar[str] = "out"

    def start(self, state: GameState) -> None:
        super().start(state)
        state.upcard = state.discard[-1] if state.discard else None
        n = state.players
        state.data["first_laid"] = [None] * n
        state.data["melded"] = [False] * n

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self, state: GameState) -> list[Move]:
        """Draws; after the draw every meld, then every lay-off, then every discard."""
        if state.result is not None:
            return []
        if state.phase is Phase.DRAW:
            return self.legal_draws(state)
        if state.phase is not Phase.DISCARD:
            return []
        p = state.current
        hand = state.hands[p]
        rules = state.rules
        moves: list[Move] = [Meld(m) for m in meld_options(hand, rules)]
        if self._may_lay_off(state, p):
            moves.extend(LayOff(c, i) for i, c in layoff_options(hand, state.table, rules, p))
        need = self.pending_card(state)
        if need is not None:
            return [m for m in moves if self._keeps_pending(state, m, need)]
        moves.extend(self.legal_discards(state))
        return moves

    def legal_draws(self, state: GameState) -> list[Move]:
        """The draw moves (base: the stock and the top of the discard pile)."""
        return super().legal_moves(state)

    def legal_discards(self, state: GameState) -> list[Move]:
        """Every card of the hand but those taken from the discard pile this turn; all
        of them when nothing else is left (else the turn could not end)."""
        if self.pending_card(state) is not None:
            return []
        hand = state.hands[state.current]
        moves = super().legal_discards(state)
        if not moves and hand:
            return [discard_of(c) for c in sorted(set(hand))]
        return moves

    def pending_card(self, state: GameState) -> Card | None:
        """A card taken from the discard pile that must still be melded (Rummy 500)."""
        return None

    def _may_lay_off(self, state: GameState, player: int) -> bool:
        return state.rules.layoff_before_first_meld or bool(state.data["melded"][player])

    def _keeps_pending(self, state: GameState, move: Move, need: Card) -> bool:
        """True when ``move`` melds ``need`` or leaves a way to meld it this turn."""
        cards: Hand = move.cards  # type: ignore[attr-defined]
        if need in cards:
            return True
        p = state.current
        rest = remove_cards(state.hands[p], cards)
        if rest is None or need not in rest:
            return False
        table = list(state.table)
        if isinstance(move, Meld):
            arranged = arrange_meld(cards, state.rules)
            if arranged is None:
                return False
            table.append(TableMeld(p, arranged[0], arranged[1], (p,) * len(cards)))
        else:
            assert isinstance(move, LayOff)
            after = extend_meld(table[move.meld_index], cards, p, state.rules)
            if after is None:
                return False
            table[move.meld_index] = after
        rest.remove(need)
        return can_place(need, rest, table, state.rules)

    # ------------------------------------------------------------------ messages
    def finish_hint(self) -> str:
        return "meld, lay off or discard"

    def unsupported_reason(self, move: Move) -> str:
        reasons = {
            "knock": f"{self.name} has no knock: go out by melding, laying off or "
            "discarding your last card",
            "gin": f"{self.name} has no gin: go out by melding, laying off or discarding "
            "your last card",
            "declare": f"declaring is Indian Rummy; in {self.name} go out by melding all "
            "your cards",
            "drop": f"dropping is Indian Rummy; {self.name} has no drops",
            "take_upcard": f"{self.name} has no upcard option; draw from the stock or the "
            "discard pile",
            "pass_upcard": f"{self.name} has no upcard option; draw from the stock or the "
            "discard pile",
        }
        return reasons.get(move.verb, super().unsupported_reason(move))

    def _require_cards(self, state: GameState, cards: Sequence[Card]) -> list[Card]:
        """The hand without ``cards``; raise naming a card the player does not hold."""
        p = state.current
        rest = state.hands[p][:]
        for c in cards:
            try:
                rest.remove(c)
            except ValueError:
                if c in state.hands[p]:
                    raise IllegalMove(
                        f"player {p} holds fewer {c.code} than the move uses"
                    ) from None
                raise IllegalMove(f"{c.code} is not in player {p}'s hand") from None
        return rest

    def _require_keeps_pending(self, state: GameState, move: Move) -> None:
        need = self.pending_card(state)
        if need is not None and not self._keeps_pending(state, move, need):
            raise IllegalMove(
                f"{move} would leave {need.code} (taken from the discard pile this turn) "
                f"impossible to meld; meld it or lay it off first"
            )

    # ------------------------------------------------------------------ meld
    def verify_meld(self, state: GameState, move: Meld) -> None:
        self.require_phase(state, Phase.DISCARD, move)
        self._require_cards(state, move.cards)
        if arrange_meld(move.cards, state.rules) is None:
            raise IllegalMove(_not_a_meld(move.cards, state.rules))
        self._require_keeps_pending(state, move)

    def apply_meld(self, state: GameState, move: Meld) -> Effect:
        arranged = arrange_meld(move.cards, state.rules)
        assert arranged is not None
        cards, kind = arranged
        p = state.current
        state.table.append(TableMeld(p, cards, kind, (p,) * len(cards)))
        state.data["melded"][p] = True
        return self._laid(state, cards)

    # ------------------------------------------------------------------ lay off
    def verify_lay_off(self, state: GameState, move: LayOff) -> None:
        self.require_phase(state, Phase.DISCARD, move)
        p = state.current
        self._require_cards(state, move.cards)
        i = move.meld_index
        if i >= len(state.table):
            n = len(state.table)
            raise IllegalMove(
                f"there is no table meld {i}; the table has {n} meld{'s' if n != 1 else ''}"
                + (f" (0..{n - 1})" if n else "")
            )
        if not self._may_lay_off(state, p):
            raise IllegalMove(
                f"player {p} must make a meld of their own before laying off "
                "(layoff_before_first_meld=False)"
            )
        meld = state.table[i]
        if extend_meld(meld, move.cards, p, state.rules) is None:
            raise IllegalMove(
                f"{move.cards.codes} cannot be laid off on meld {i} "
                f"({meld.cards.codes}, a {meld.kind}): {_layoff_hint(meld, state.rules)}"
            )
        self._require_keeps_pending(state, move)

    def apply_lay_off(self, state: GameState, move: LayOff) -> Effect:
        p = state.current
        i = move.meld_index
        after = extend_meld(state.table[i], move.cards, p, state.rules)
        assert after is not None
        state.table[i] = after
        return self._laid(state, move.cards)

    def _laid(self, state: GameState, cards: Hand) -> Effect:
        """Cards went from the hand to the table: bookkeeping, then maybe going out."""
        p = state.current
        hand = state.hands[p]
        for c in cards:
            hand.remove(c)
        if state.known[p]:
            self.forget_known(state, p, cards)
        first = state.data["first_laid"]
        if first[p] is None:
            first[p] = state.turn_count
        self.after_laid(state, cards)
        if not hand:
            state.turn_count += 1
            self.go_out(state)
        return cards, None

    def after_laid(self, state: GameState, cards: Hand) -> None:
        """Hook after cards reach the table (Rummy 500 clears its meld requirement)."""

    # ------------------------------------------------------------------ discard
    def require_not_pickup(self, state: GameState, card: Card) -> None:
        hand = state.hands[state.current]
        if all(c in state.pickup for c in hand):
            return  # only cards just taken are left: one of them must go
        super().require_not_pickup(state, card)

    def verify_discard(self, state: GameState, move: Discard) -> None:
        super().verify_discard(state, move)
        need = self.pending_card(state)
        if need is not None:
            raise IllegalMove(
                f"{need.code} was taken from the discard pile this turn and must be melded "
                "or laid off before the discard"
            )

    def apply_discard(self, state: GameState, move: Discard) -> Effect:
        if len(state.hands[state.current]) == 1:
            self.put_on_discard(state, move.card)
            state.turn_count += 1
            self.go_out(state)
            return (move.card,), None
        return super().apply_discard(state, move)

    # ------------------------------------------------------------------ ending
    def go_out(self, state: GameState) -> None:
        """The current player has no cards left: score and end the hand."""
        p = state.current
        first = state.data["first_laid"][p]
        rummy = first is not None and first == state.turn_count - 1
        score = self.score_hand(state, p, rummy)
        self.end_hand(state, self.result_of(state, score, self.out_kind), reveal=True)

    def score_hand(self, state: GameState, went_out: int | None, rummy: bool) -> TableScore:
        """The hand's points (variants override)."""
        raise NotImplementedError

    def result_of(self, state: GameState, score: TableScore, kind: str) -> GameResult:
        """The :class:`GameResult` for a scored hand (variants override)."""
        raise NotImplementedError

    def on_table(self, state: GameState) -> tuple[int, ...]:
        """Points each player has put on the table (lay-offs count for who laid them)."""
        out = [0] * state.players
        value = state.rules.card_value
        for m in state.table:
            laid = m.laid_by or (m.owner,) * len(m.cards)
            for c, who in zip(m.cards, laid, strict=True):
                out[who] += value(c)
        return tuple(out)

    def in_hand(self, state: GameState) -> tuple[int, ...]:
        """Points of the cards left in each hand."""
        value = state.rules.card_value
        return tuple(sum(value(c) for c in h) for h in state.hands)

    # ------------------------------------------------------------------ learners
    def describe(self, state: GameState, move: Move) -> str:
        """A sentence saying what ``move`` would do now (for "what can I do?" lists)."""
        p = state.current
        if isinstance(move, Meld):
            arranged = arrange_meld(move.cards, state.rules)
            if arranged is None:
                return f"meld {move.cards}: not a meld"
            cards, kind = arranged
            out = f"meld {cards}: {_kind_words(cards, kind, state.rules)}"
            return out + (" and go out" if len(cards) == len(state.hands[p]) else "")
        if isinstance(move, LayOff) and move.meld_index < len(state.table):
            m = state.table[move.meld_index]
            who = "your" if m.owner == p else f"player {m.owner}'s"
            out = f"lay off {move.cards} on meld {move.meld_index} ({who} {m.kind} {m.cards})"
            return out + (" and go out" if len(move.cards) == len(state.hands[p]) else "")
        if isinstance(move, Discard):
            last = len(state.hands[p]) == 1
            return f"discard {move.card.glyph}" + (" and go out" if last else "")
        if isinstance(move, DrawDiscard) and move.depth <= len(state.discard):
            taken = Hand(state.discard[-move.depth:])
            return f"take {taken} from the discard pile"
        return str(move)


def _kind_words(cards: Sequence[Card], kind: str, rules: Rules) -> str:
    if kind == "set":
        text = f"set of {_plural(_RANK_WORDS[_natural_rank(cards)])}"
        return text
    start = run_start(cards, rules)
    suit = next(c.suit for c in cards if c.rank)
    text = f"run in {_SUIT_WORDS[suit]}"
    if start is not None and any(c.rank == 0 for c in cards):
        nat = next(c for c in cards if c.rank)
        stands = [_place_card(start + i, nat).glyph for i, c in enumerate(cards) if c.rank == 0]
        text += " (joker for " + ", ".join(stands) + ")"
    return text


def _not_a_meld(cards: Sequence[Card], rules: Rules) -> str:
    codes = Hand(cards).codes
    if len(cards) < rules.min_meld:
        return f"{codes} is not a meld: a meld needs at least {rules.min_meld} cards"
    if all(c.rank == 0 for c in cards):
        return f"{codes} is not a meld: a meld needs at least one natural card"
    naturals = [c for c in cards if c.rank]
    if len({c.rank for c in naturals}) == 1:
        if rules.max_set_size is not None and len(cards) > rules.max_set_size:
            return f"{codes} is not a meld: a set holds at most {rules.max_set_size} cards"
        return f"{codes} is not a meld: a set needs cards of different suits here"
    ace = " (ace low only: Q-K-A is not a run)" if not rules.ace_high else (
        " (K-A-2 never wraps)"
    )
    return (
        f"{codes} is not a meld: a run needs consecutive cards of one suit{ace}, "
        "a set cards of one rank"
    )


def _layoff_hint(meld: TableMeld, rules: Rules) -> str:
    if meld.kind == "set":
        rank = _RANK_WORDS[_natural_rank(meld.cards)]
        limit = f" (at most {rules.max_set_size} cards)" if rules.max_set_size else ""
        return f"only {_plural(rank)} or jokers fit{limit}"
    start = run_start(meld.cards, rules)
    assert start is not None
    nat = next(c for c in meld.cards if c.rank)
    end = start + len(meld.cards) - 1
    ends = []
    if start > 1:
        ends.append(_place_card(start - 1, nat).code)
    if end < _top(rules):
        ends.append(_place_card(end + 1, nat).code)
    if not ends:
        return "the run is complete"
    return "the run continues only with " + " or ".join(ends) + " (jokers hold their places)"
