"""Melds (sets and runs) and their validity under each variant's rules.

A *set* is three or more cards of one rank; a *run* (Indian Rummy: *sequence*) is three
or more consecutive cards of one suit. Printed jokers, and in Indian Rummy every card of
the deal's wild rank, may stand in for a missing card. A run is *pure* when no card
stands in for another (a wild-rank card at its own natural place keeps it pure).

>>> is_meld("7S 7H 7D")
True
>>> is_meld("KS AS 2S")  # K-A-2 never wraps
False
>>> is_meld("QS KS AS", "500")  # ace high is allowed in Rummy 500
True
>>> m = classify_meld("5H 6H JK", "indian", wild_rank=9)
>>> m.kind, m.is_pure, m.stands_for
('run', False, (Card('7H'),))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card, CardsLike, Hand, Suit, clean_cards, rich_display
from .errors import quote
from .rules import Rules, RulesLike, get_rules

__all__ = ["Meld", "MeldKind", "classify_meld", "is_meld", "layoff_options"]

MeldKind = str  # "set" or "run"


@dataclass(frozen=True)
class Meld:
    """A valid set or run.

    :ivar cards: the cards, runs in rank order with each joker at the place it fills.
    :ivar kind: ``"set"`` or ``"run"``.
    :ivar is_pure: True when no joker or wild card stands in for another card.
    :ivar stands_for: the natural cards the jokers/wild cards represent, in order (for a
        run with spare jokers at an end, the place they take; for a set, empty).
    """

    cards: tuple[Card, ...]
    kind: MeldKind
    is_pure: bool = True
    stands_for: tuple[Card, ...] = field(default=(), compare=False)

    @property
    def is_set(self) -> bool:
        return self.kind == "set"

    @property
    def is_run(self) -> bool:
        return self.kind == "run"

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(c.code for c in self.cards)

    def describe(self, wild_rank: int | None = None) -> str:
        """One line a learner can read: what the meld is and why it is valid."""
        names = " ".join(c.code for c in self.cards)
        if self.kind == "set":
            ranks = {c.rank for c in self.cards if not _is_wildcard(c, wild_rank)}
            rank = next(iter(ranks)) if ranks else None
            what = f"set of {_plural(_RANK_WORDS[rank])}" if rank else "group of jokers"
        else:
            suits = {
                c.suit for c in self.cards if c.suit is not None and not _is_wildcard(c, wild_rank)
            }
            suit = next(iter(suits)) if len(suits) == 1 else None
            what = f"run in {_SUIT_WORDS[suit]}" if suit else "run of jokers"
            if wild_rank is not None:
                what = ("pure " if self.is_pure else "impure ") + what
        extra = ""
        if self.stands_for:
            extra = " (joker for " + ", ".join(c.code for c in self.stands_for) + ")"
        return f"{names}: {what}{extra}"

    def _repr_html_(self) -> str | None:
        return rich_display(self)


_RANK_WORDS = {
    None: "joker", 1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
_SUIT_WORDS: dict[Suit | None, str] = {
    Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs", None: "jokers",
}


def _plural(word: str) -> str:
    return word + "es" if word.endswith(("x", "s")) else word + "s"


def _is_wildcard(card: Card, wild_rank: int | None) -> bool:
    return card.rank == 0 or (wild_rank is not None and card.rank == wild_rank)


def _check_wild_rank(wild_rank: int | None) -> None:
    if wild_rank is not None and (
        isinstance(wild_rank, bool) or not isinstance(wild_rank, int) or not 1 <= wild_rank <= 13
    ):
        raise ValueError(
            f"wild_rank must be a rank from 1 (ace) to 13 (king), got {quote(wild_rank)}")


def _as_run(
    naturals: Sequence[Card], jokers: Sequence[Card], rules: Rules
) -> Meld | None:
    """Try to arrange naturals (one suit, distinct places) plus jokers as a run."""
    n_j = len(jokers)
    total = len(naturals) + n_j
    if total < rules.min_meld or total > rules.max_run_length:
        return None
    if not naturals:
        return None
    suits = {c.suit for c in naturals}
    if len(suits) != 1:
        return None
    suit = next(iter(suits))
    assert suit is not None
    options = [sorted(c.rank for c in naturals)]
    if rules.ace_high and any(c.rank == 1 for c in naturals):
        options.append(sorted(14 if c.rank == 1 else c.rank for c in naturals))
    top_place = 14 if rules.ace_high else 13
    for places in options:
        if len(set(places)) != len(places):
            continue
        lo, hi = places[0], places[-1]
        span = hi - lo + 1
        if span > total:
            continue
        # Spare jokers extend upward first, then downward, inside 1..top_place.
        spare = total - span
        up = min(spare, top_place - hi)
        down = spare - up
        start = lo - down
        if start < 1:
            continue
        end = hi + up
        if end - start + 1 > rules.max_run_length:
            continue
        by_place: dict[int, Card] = {}
        for c in naturals:
            p = 14 if (c.rank == 1 and 14 in places and 1 not in places) else c.rank
            by_place[p] = c
        ordered: list[Card] = []
        stands: list[Card] = []
        joker_iter = iter(jokers)
        for p in range(start, end + 1):
            if p in by_place:
                ordered.append(by_place[p])
            else:
                ordered.append(next(joker_iter))
                stands.append(Card(1 if p == 14 else p, suit))
        return Meld(tuple(ordered), "run", is_pure=not jokers, stands_for=tuple(stands))
    return None


def _as_set(naturals: Sequence[Card], jokers: Sequence[Card], rules: Rules) -> Meld | None:
    total = len(naturals) + len(jokers)
    if total < rules.min_meld:
        return None
    if rules.max_set_size is not None and total > rules.max_set_size:
        return None
    if not naturals:
        return None
    if len({c.rank for c in naturals}) != 1:
        return None
    if rules.set_distinct_suits and len({c.suit for c in naturals}) != len(naturals):
        return None
    return Meld(tuple(naturals) + tuple(jokers), "set", is_pure=not jokers)


def classify_meld(
    cards: CardsLike, rules: RulesLike = "gin", *, wild_rank: int | None = None
) -> Meld | None:
    """The meld these cards form under the rules, or ``None`` if they form none.

    Wild-rank cards are used at their natural place when that makes a valid (pure) meld,
    and as jokers otherwise. A group made only of jokers is a valid impure run when
    ``rules.allow_all_wild`` is set.

    >>> classify_meld("7S 8S 9S 10S").kind
    'run'
    >>> classify_meld("7S 7S 7H", "indian", wild_rank=2) is None  # duplicate suit in a set
    True
    >>> classify_meld("7S 7S 7H", "500").kind  # two decks: duplicates allowed
    'set'
    """
    _check_wild_rank(wild_rank)
    r = get_rules(rules)
    hand = clean_cards(cards)
    r.check_cards(hand)
    if len(hand) < r.min_meld:
        return None
    printed = [c for c in hand if c.rank == 0]
    wilds = [c for c in hand if c.rank != 0 and c.rank == wild_rank]
    plain = [c for c in hand if c.rank != 0 and c.rank != wild_rank]
    # Try every split of the wild-rank cards into natural / joker; prefer pure, then runs.
    best: Meld | None = None
    n_w = len(wilds)
    for mask in range(1 << n_w):
        nat = plain + [wilds[i] for i in range(n_w) if not mask >> i & 1]
        jok = printed + [wilds[i] for i in range(n_w) if mask >> i & 1]
        if not nat:
            if r.allow_all_wild and len(jok) >= r.min_meld and len(jok) <= r.max_run_length:
                cand: Meld | None = Meld(tuple(jok), "run", is_pure=False)
            else:
                cand = None
        else:
            cand = _as_run(nat, jok, r) or _as_set(nat, jok, r)
        if cand is not None and (best is None or (cand.is_pure and not best.is_pure)):
            best = cand
            if best.is_pure:
                break
    return best


def is_meld(cards: CardsLike, rules: RulesLike = "gin", *, wild_rank: int | None = None) -> bool:
    """True when the cards form one valid set or run under the rules.

    >>> is_meld("AS 2S 3S"), is_meld("QS KS AS"), is_meld("8C 9C JK", get_rules("basic", jokers=2))
    (True, False, True)
    >>> is_meld("8C 9C JK", "basic")  # the preset deals no jokers
    Traceback (most recent call last):
    ...
    rummy_lab.engine.errors.CardError: cards outside the basic deck (2 decks, no printed jokers): JK

    :raises CardError: for cards the variant's deck does not hold.
    """
    return classify_meld(cards, rules, wild_rank=wild_rank) is not None


def layoff_options(
    meld: Meld, cards: CardsLike, rules: RulesLike = "gin", *, wild_rank: int | None = None
) -> list[Card]:
    """Cards among ``cards`` that could be laid off on ``meld`` one at a time."""
    r = get_rules(rules)
    out = []
    for c in dict.fromkeys(clean_cards(cards)):
        if classify_meld(Hand((*meld.cards, c)), r, wild_rank=wild_rank) is not None:
            out.append(c)
    return out
