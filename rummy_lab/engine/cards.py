"""Cards, decks and card notation.

Vocabulary used throughout rummy_lab (defined once, here):

* **stock**: the face-down pile players draw from.
* **discard pile** (Indian Rummy: *open pile*): the face-up pile; its top card is last.
* **meld**: a *set* (three or more cards of one rank) or a *run* (three or more
  consecutive cards of one suit; Indian Rummy calls it a *sequence*, *pure* when no
  joker stands in for a card, *impure* otherwise).
* **deadwood**: cards in a hand that are not part of any meld, and their point total.
* **knock** / **gin** (Gin Rummy): ending a hand with little or no deadwood.
* **lay off**: adding a card to a meld already on the table.
* **declare** (Indian Rummy): showing a complete hand to win the deal.
* **printed joker** (``JK``) and **wild joker** (every card of the deal's wild rank).

Hands are multisets (two-deck games hold duplicate cards), so they are tuples, never
Python sets.

>>> parse_cards("10h Th 7♠ qc JK")
(Card('10H'), Card('10H'), Card('7S'), Card('QC'), Card('JK'))
>>> str(Card.parse("7s")), Card.parse("7s").code
('7♠', '7S')
>>> Card.parse("11H")
Traceback (most recent call last):
...
rummy_lab.engine.errors.CardError: bad card token '11H': rank must be one of A 2-9 10 T J Q K
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import IntEnum, StrEnum
from typing import Any, ClassVar, TypeAlias

from .errors import CardError, quote

__all__ = [
    "SUITS",
    "Card",
    "CardsLike",
    "Hand",
    "Rank",
    "Suit",
    "card_counts",
    "clean_cards",
    "format_cards",
    "make_deck",
    "parse_cards",
    "remove_cards",
    "shuffled_deck",
]


class Suit(StrEnum):
    """The four suits, valued in card notation (``Suit("S") is Suit.SPADES``)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def glyph(self) -> str:
        """The suit symbol: ``♠ ♥ ♦ ♣``."""
        return _GLYPHS[self.value]

    @property
    def order(self) -> int:
        """Position in the fixed deck order S, H, D, C (0..3)."""
        return _SUIT_ORDER[self.value]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.value in "HD"


_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(IntEnum):
    """Card ranks: ``JOKER`` is 0, ``ACE`` 1 ... ``KING`` 13 (ace low by number)."""

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """Rank in card notation: ``A 2 ... 10 J Q K`` (``JK`` for the joker)."""
        return RANK_SYMBOLS[self.value]


RANK_SYMBOLS = ("JK", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_TOKENS = {sym: i for i, sym in enumerate(RANK_SYMBOLS) if i}
_RANK_TOKENS["T"] = 10
_SUIT_TOKENS = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}
_JOKER_TOKENS = frozenset({"JK", "JOKER", "🃏"})
_SPLIT = re.compile(r"\s*,\s*|\s+")


class Card:
    """A playing card: frozen, hashable and ordered (suit S H D C, then rank, jokers last).

    Cards are interned: ``Card.parse("7S") is Card(7, Suit.SPADES)``. Why: a deal creates
    and compares many cards, and identity makes that cheap.

    >>> c = Card.parse("Q♦")
    >>> c.rank, c.suit, c.code, c.is_joker
    (12, <Suit.DIAMONDS: 'D'>, 'QD', False)
    >>> Card.parse("jk").is_joker, Card.parse("JK").rank
    (True, 0)
    >>> sorted(parse_cards("KS 2H AS JK"))
    [Card('AS'), Card('KS'), Card('2H'), Card('JK')]
    >>> c.rank = 3
    Traceback (most recent call last):
    ...
    AttributeError: Card is immutable

    :param rank: 1 (ace) to 13 (king), or 0 for a printed joker.
    :param suit: a :class:`Suit` (or its letter), ``None`` for a printed joker.
    :raises CardError: for a rank/suit pair that is not a card.
    """

    __slots__ = ("_bit", "_code", "_hash", "_index", "rank", "suit")
    _cache: ClassVar[dict[tuple[int, str | None], Card]] = {}

    rank: int
    suit: Suit | None
    _index: int
    _bit: int
    _code: str
    _hash: int

    def __new__(cls, rank: int, suit: Suit | str | None = None) -> Card:
        key = (int(rank), None if suit is None else str(suit))
        cached = cls._cache.get(key)
        if cached is not None:
            return cached
        r, s = key
        if r == 0:
            if s is not None:
                raise CardError(f"a printed joker has no suit, got suit {quote(s)}")
            suit_obj: Suit | None = None
            index = 52
            code = "JK"
        else:
            if not 1 <= r <= 13:
                raise CardError(f"rank must be 1..13 (or 0 for a joker), got {quote(rank)}")
            if s is None or s not in _SUIT_ORDER:
                raise CardError(f"suit must be one of S H D C, got {quote(suit)}")
            suit_obj = Suit(s)
            index = suit_obj.order * 13 + r - 1
            code = RANK_SYMBOLS[r] + s
        self = object.__new__(cls)
        object.__setattr__(self, "rank", r)
        object.__setattr__(self, "suit", suit_obj)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_bit", 1 << index)
        object.__setattr__(self, "_code", code)
        object.__setattr__(self, "_hash", hash(("Card", index)))
        cls._cache[key] = self
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (int(self.rank), None if self.suit is None else self.suit.value))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card token: ``"7S"``, ``"10h"``, ``"Th"``, ``"7♠"``, ``"qc"``, ``"JK"``.

        >>> Card.parse("Th") is Card.parse("10H")
        True
        >>> Card.parse("7X")
        Traceback (most recent call last):
        ...
        rummy_lab.engine.errors.CardError: bad card token '7X': suit must be one of ...

        :param token: the card in notation, any case.
        :return: the card.
        :raises CardError: quoting the token when it is not exactly one card.
        """
        if not isinstance(token, str):
            raise CardError(f"a card token must be a string, got {quote(token)}")
        cached = _TOKEN_CACHE.get(token)
        if cached is not None:
            return cached
        card = _parse_token(token)
        if len(_TOKEN_CACHE) < 4096:
            _TOKEN_CACHE[token] = card
        return card

    @property
    def is_joker(self) -> bool:
        """True for a printed joker."""
        return self.rank == 0

    @property
    def code(self) -> str:
        """ASCII notation: ``"7S"``, ``"10S"``, ``"JK"``."""
        return self._code

    @property
    def index(self) -> int:
        """Position in a single fixed-order deck: suit S H D C x rank A..K (0..51), joker 52."""
        return self._index

    @property
    def glyph(self) -> str:
        """Notation with the suit symbol: ``"7♠"`` (``"JK"`` for a joker)."""
        if self.suit is None:
            return "JK"
        return RANK_SYMBOLS[self.rank] + self.suit.glyph

    def __str__(self) -> str:
        return self.glyph

    def __repr__(self) -> str:
        return f"Card({self._code!r})"

    def __format__(self, spec: str) -> str:
        if spec in ("", "code"):
            return self._code
        if spec == "glyph":
            return self.glyph
        return format(self._code, spec)

    def __hash__(self) -> int:
        return self._hash

    # Cards are interned (construction, parsing, copying and unpickling all return the one
    # instance per card), so equality is identity: object.__eq__, which runs in C.

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index < other._index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index <= other._index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index > other._index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index >= other._index

    def _repr_svg_(self) -> str | None:
        return rich_display(self, "image/svg+xml")

    def _repr_html_(self) -> str | None:
        return rich_display(self)


# --------------------------------------------------------------------------- rich display

RICH_RENDERERS: dict[tuple[str, str], Callable[[Any], str]] = {}
"""Jupyter renderers by (MIME type, class path).

A key is like ``("text/html", "rummy_lab.engine.partition.Partition")``.

The engine holds no markup: :mod:`rummy_lab.display` fills this in when it is imported
(``import rummy_lab`` imports it), and the ``_repr_html_`` of the engine's value and result
types look their class up here, so they show as playing cards and tables: the dependency
points from the display to the engine, never back.
"""


def rich_display(obj: object, mime: str = "text/html") -> str | None:
    """``obj`` rendered by the renderer registered for its class (or a base class), if any.

    >>> isinstance(rich_display(Card.parse("7S"), "image/svg+xml"), str)
    True
    >>> rich_display(1) is None
    True
    """
    for cls in type(obj).__mro__:
        render = RICH_RENDERERS.get((mime, f"{cls.__module__}.{cls.__qualname__}"))
        if render is not None:
            return render(obj)
    return None


_TOKEN_CACHE: dict[str, Card] = {}


def _parse_token(token: str) -> Card:
    raw = token
    t = token.strip().replace("\ufe0f", "").upper()
    if not t:
        raise CardError(
            f"bad card token {quote(raw)}: empty token (cards are like 7S, 10H, QC, JK)")
    if t in _JOKER_TOKENS:
        return Card(0, None)
    suit_char = t[-1]
    rank_part = t[:-1]
    suit = _SUIT_TOKENS.get(suit_char)
    if suit is None:
        if len(t) > 3 and any(ch in _SUIT_TOKENS for ch in t[1:-1]):
            raise CardError(
                f"bad card token {quote(raw)}: looks like several cards run together; "
                "separate cards with spaces or commas"
            )
        raise CardError(f"bad card token {quote(raw)}: suit must be one of S H D C or ♠ ♥ ♦ ♣")
    rank = _RANK_TOKENS.get(rank_part)
    if rank is None:
        if len(rank_part) > 2 and any(ch in _SUIT_TOKENS for ch in rank_part):
            raise CardError(
                f"bad card token {quote(raw)}: looks like several cards run together; "
                "separate cards with spaces or commas"
            )
        raise CardError(f"bad card token {quote(raw)}: rank must be one of A 2-9 10 T J Q K")
    return Card(rank, suit)


class Hand(tuple[Card, ...]):
    """A tuple of cards that renders as playing cards in Jupyter.

    It is an ordinary tuple (a multiset in a fixed order); only display differs.

    >>> h = parse_cards("7S 8S 9S")
    >>> h == (Card.parse("7S"), Card.parse("8S"), Card.parse("9S")), str(h)
    (True, '7♠ 8♠ 9♠')
    """

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(c.glyph for c in self)

    @property
    def codes(self) -> str:
        """The cards in ASCII notation, space separated."""
        return format_cards(self)

    def _repr_html_(self) -> str | None:
        return rich_display(self)


CardsLike: TypeAlias = str | Card | Iterable[Card | str]


def parse_cards(text: str) -> Hand:
    """Parse cards separated by spaces and/or commas.

    >>> parse_cards("7S, 8s,9♠")
    (Card('7S'), Card('8S'), Card('9S'))
    >>> parse_cards("")
    ()
    >>> parse_cards("7S7H")
    Traceback (most recent call last):
    ...
    rummy_lab.engine.errors.CardError: bad card token '7S7H': looks like several cards run...

    :param text: card tokens; ranks ``A 2-9 10 T J Q K``, suits ``S H D C`` or glyphs, ``JK``.
    :return: the cards in the order given (duplicates kept).
    :raises CardError: quoting the first bad token (an empty token between commas too).
    """
    if not isinstance(text, str):
        raise CardError(f"parse_cards expects a string, got {type(text).__name__}")
    stripped = text.strip()
    if not stripped:
        return Hand(())
    return Hand(Card.parse(tok) for tok in _SPLIT.split(stripped))


def clean_cards(cards: CardsLike) -> Hand:
    """Normalise any card input (string, one card, iterable of cards or tokens) to a hand.

    >>> clean_cards(["7S", Card.parse("8S")])
    (Card('7S'), Card('8S'))

    :raises CardError: for anything that is not cards.
    """
    if isinstance(cards, Hand):
        return cards
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Card):
        return Hand((cards,))
    try:
        items = list(cards)
    except TypeError:
        raise CardError(f"expected cards, got {type(cards).__name__}: {quote(cards)}") from None
    out = []
    for item in items:
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            out.append(Card.parse(item))
        else:
            raise CardError(f"expected a card or card token, got {quote(item)}")
    return Hand(out)


def format_cards(cards: Iterable[Card], *, glyphs: bool = False, sep: str = " ") -> str:
    """Cards to text that :func:`parse_cards` reads back.

    >>> format_cards(parse_cards("10h qc JK"))
    '10H QC JK'
    >>> format_cards(parse_cards("10h qc"), glyphs=True)
    '10♥ Q♣'
    """
    return sep.join(c.glyph if glyphs else c.code for c in cards)


def make_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """A fresh deck in fixed order: for each deck S, H, D, C x A..K; then the printed jokers.

    >>> len(make_deck()), len(make_deck(2, 4)), make_deck()[:3]
    (52, 108, [Card('AS'), Card('2S'), Card('3S')])

    :param decks: number of 52-card decks (1 to 4).
    :param jokers: number of printed jokers (0 to 8).
    :raises ValueError: for a deck count or joker count out of range.
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 4:
        raise ValueError(f"decks must be an integer from 1 to 4, got {quote(decks)}")
    if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= 8:
        raise ValueError(f"jokers must be an integer from 0 to 8, got {quote(jokers)}")
    one = [Card(r, s) for s in SUITS for r in range(1, 14)]
    return one * decks + [Card(0, None)] * jokers


def shuffled_deck(rng: random.Random, decks: int = 1, jokers: int = 0) -> list[Card]:
    """A deck shuffled with an injected random generator, so a seed replays the deal.

    >>> a = shuffled_deck(random.Random(7)); b = shuffled_deck(random.Random(7))
    >>> a == b, sorted(a) == sorted(make_deck())
    (True, True)
    """
    deck = make_deck(decks, jokers)
    rng.shuffle(deck)
    return deck


def card_counts(cards: Iterable[Card]) -> dict[Card, int]:
    """Multiset counts of cards (a plain dict, card -> copies)."""
    out: dict[Card, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def remove_cards(pool: Sequence[Card], cards: Iterable[Card]) -> list[Card] | None:
    """``pool`` minus ``cards`` as multisets, or ``None`` if some card is missing."""
    rest = list(pool)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


def iter_codes(cards: Iterable[Card]) -> Iterator[str]:
    """The cards' codes one by one."""
    for c in cards:
        yield c.code
