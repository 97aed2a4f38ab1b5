"""Moves: what a player may do on their turn, as frozen dataclasses.

One class per verb, shared by every variant; each variant decides which are legal when.
Cards are accepted as :class:`Card` objects or card tokens and normalised on creation, so
``Discard("8h") == Discard(Card.parse("8H"))``. ``str(move)`` is a short caption for
views; ``move.code`` is ASCII notation that :func:`parse_move` reads back (saved games
store moves this way).

>>> Discard("8h"), str(Discard("8h")), Discard("8h").code
(Discard(card=Card('8H')), 'discard 8♥', 'discard 8H')
>>> parse_move("knock 3c") == Knock("3C")
True
>>> [str(m) for m in (DrawStock(), DrawDiscard(), Gin(), LayOff("7H", 0))]
['draw from the stock', 'take the discard', 'big gin', 'lay off 7♥ on meld 0']
>>> Discard("8H 9H")
Traceback (most recent call last):
...
rummy_lab.engine.errors.CardError: Discard takes exactly one card, got '8H 9H'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from .cards import Card, CardsLike, Hand, clean_cards
from .errors import CardError, quote

__all__ = [
    "MOVE_TYPES",
    "Declare",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "EndRound",
    "Gin",
    "Knock",
    "LayOff",
    "Meld",
    "Move",
    "MoveLike",
    "PassUpcard",
    "TakeUpcard",
    "clean_move",
    "parse_move",
]


def _one_card(value: object, verb: str) -> Card:
    if type(value) is Card:
        return value
    if isinstance(value, str):
        cards = clean_cards(value)
    elif isinstance(value, Card):
        return value
    else:
        raise CardError(f"{verb} takes a card (a Card or a token like '8H'), got {quote(value)}")
    if len(cards) != 1:
        raise CardError(f"{verb} takes exactly one card, got {quote(value)}")
    return cards[0]


def _card_tuple(value: CardsLike, verb: str) -> Hand:
    if isinstance(value, Hand):
        return Hand(value)
    try:
        cards = clean_cards(value)
    except CardError as exc:
        raise CardError(f"{verb}: {exc}") from None
    if not cards:
        raise CardError(f"{verb} needs at least one card")
    return cards


def _whole(value: object, name: str, lo: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise ValueError(f"{name} must be a whole number >= {lo}, got {quote(value)}")
    return value


@dataclass(frozen=True, slots=True)
class Move:
    """Base class of every move. ``verb`` names it in :attr:`code` and in errors."""

    verb: ClassVar[str] = "move"

    @property
    def code(self) -> str:
        """ASCII notation, read back by :func:`parse_move`."""
        return self.verb

    def __str__(self) -> str:
        return self.verb.replace("_", " ")


@dataclass(frozen=True, slots=True)
class DrawStock(Move):
    """Draw the top card of the stock."""

    verb: ClassVar[str] = "draw_stock"

    def __str__(self) -> str:
        return "draw from the stock"


@dataclass(frozen=True, slots=True)
class DrawDiscard(Move):
    """Take from the discard pile: the top card, or (Rummy 500) the card ``depth`` from
    the top together with every card above it.

    >>> str(DrawDiscard(3)), DrawDiscard(3).code
    ('take 3 cards from the discard pile', 'draw_discard 3')
    """

    depth: int = 1
    verb: ClassVar[str] = "draw_discard"

    def __post_init__(self) -> None:
        _whole(self.depth, "DrawDiscard depth", 1)

    @property
    def code(self) -> str:
        return self.verb if self.depth == 1 else f"{self.verb} {self.depth}"

    def __str__(self) -> str:
        if self.depth == 1:
            return "take the discard"
        return f"take {self.depth} cards from the discard pile"


@dataclass(frozen=True, slots=True)
class TakeUpcard(Move):
    """Gin, first turn: take the upcard."""

    verb: ClassVar[str] = "take_upcard"

    def __str__(self) -> str:
        return "take the upcard"


@dataclass(frozen=True, slots=True)
class PassUpcard(Move):
    """Gin, first turn: refuse the upcard."""

    verb: ClassVar[str] = "pass_upcard"

    def __str__(self) -> str:
        return "pass the upcard"


@dataclass(frozen=True, slots=True, init=False)
class Discard(Move):
    """Put one card from the hand face up on the discard pile, ending the turn."""

    card: Card
    verb: ClassVar[str] = "discard"

    def __init__(self, card: Card | str) -> None:
        object.__setattr__(self, "card", card if type(card) is Card else _one_card(card, "Discard"))

    @property
    def code(self) -> str:
        return f"{self.verb} {self.card.code}"

    def __str__(self) -> str:
        return f"discard {self.card.glyph}"


@dataclass(frozen=True, slots=True, init=False)
class Meld(Move):
    """Lay a new meld (set or run) from the hand on the table (Basic Rummy, Rummy 500)."""

    cards: Hand
    verb: ClassVar[str] = "meld"

    def __init__(self, cards: CardsLike) -> None:
        object.__setattr__(self, "cards", _card_tuple(cards, "Meld"))

    @property
    def code(self) -> str:
        return f"{self.verb} {self.cards.codes}"

    def __str__(self) -> str:
        return f"meld {self.cards}"


@dataclass(frozen=True, slots=True, init=False)
class LayOff(Move):
    """Add cards from the hand to the table meld number ``meld_index``."""

    cards: Hand
    meld_index: int
    verb: ClassVar[str] = "lay_off"

    def __init__(self, cards: CardsLike, meld_index: int) -> None:
        object.__setattr__(self, "cards", _card_tuple(cards, "LayOff"))
        object.__setattr__(self, "meld_index", _whole(meld_index, "LayOff meld_index", 0))

    @property
    def code(self) -> str:
        return f"{self.verb} {self.meld_index} {self.cards.codes}"

    def __str__(self) -> str:
        return f"lay off {self.cards} on meld {self.meld_index}"


@dataclass(frozen=True, slots=True, init=False)
class Knock(Move):
    """Gin: discard ``card`` face down and end the hand with deadwood within the limit."""

    card: Card
    verb: ClassVar[str] = "knock"

    def __init__(self, card: Card | str) -> None:
        object.__setattr__(self, "card", card if type(card) is Card else _one_card(card, "Knock"))

    @property
    def code(self) -> str:
        return f"{self.verb} {self.card.code}"

    def __str__(self) -> str:
        return f"knock, discarding {self.card.glyph}"


@dataclass(frozen=True, slots=True, init=False)
class Gin(Move):
    """Gin: discard ``card`` and show ten melded cards; ``Gin()`` is big gin (all eleven
    cards melded, no discard)."""

    card: Card | None = None
    verb: ClassVar[str] = "gin"

    def __init__(self, card: Card | str | None = None) -> None:
        if card is not None and type(card) is not Card:
            card = _one_card(card, "Gin")
        object.__setattr__(self, "card", card)

    @property
    def code(self) -> str:
        return self.verb if self.card is None else f"{self.verb} {self.card.code}"

    def __str__(self) -> str:
        return "big gin" if self.card is None else f"gin, discarding {self.card.glyph}"


@dataclass(frozen=True, slots=True, init=False)
class Declare(Move):
    """Indian Rummy: put ``card`` on the finish slot and show a complete hand."""

    card: Card
    verb: ClassVar[str] = "declare"

    def __init__(self, card: Card | str) -> None:
        object.__setattr__(self, "card", card if type(card) is Card else _one_card(card, "Declare"))

    @property
    def code(self) -> str:
        return f"{self.verb} {self.card.code}"

    def __str__(self) -> str:
        return f"declare, finishing with {self.card.glyph}"


@dataclass(frozen=True, slots=True)
class Drop(Move):
    """Indian Rummy: leave the deal for a fixed penalty."""

    verb: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True)
class EndRound(Move):
    """Rummy 500, stock exhausted: refuse to take from the discard pile, ending the round.

    >>> str(EndRound()), EndRound().code
    ('end the round', 'end_round')
    """

    verb: ClassVar[str] = "end_round"

    def __str__(self) -> str:
        return "end the round"


MOVE_TYPES: tuple[type[Move], ...] = (
    DrawStock, DrawDiscard, TakeUpcard, PassUpcard, Discard, Meld, LayOff, Knock, Gin,
    Declare, Drop, EndRound,
)
_BY_VERB: dict[str, type[Move]] = {cls.verb: cls for cls in MOVE_TYPES}
_BY_VERB["layoff"] = LayOff

MoveLike: TypeAlias = Move | str


def parse_move(text: str) -> Move:
    """Read a move in :attr:`Move.code` notation (any case; cards as tokens or glyphs).

    >>> parse_move("DISCARD 10h"), parse_move("gin")
    (Discard(card=Card('10H')), Gin(card=None))
    >>> parse_move("lay_off 1 7H 8H")
    LayOff(cards=(Card('7H'), Card('8H')), meld_index=1)
    >>> parse_move("shuffle")
    Traceback (most recent call last):
    ...
    ValueError: unknown move 'shuffle'; moves are: draw_stock, draw_discard, ...

    :param text: a verb, then its arguments separated by spaces.
    :return: the move.
    :raises ValueError: for an unknown verb or bad arguments (a bad card: CardError).
    """
    if not isinstance(text, str):
        raise ValueError(f"a move must be a Move or a string, got {quote(text)}")
    words = text.split()
    if not words:
        raise ValueError("empty move text")
    verb, args = words[0].lower(), words[1:]
    cls = _BY_VERB.get(verb)
    if cls is None:
        verbs = ", ".join(c.verb for c in MOVE_TYPES)
        raise ValueError(f"unknown move {quote(words[0])}; moves are: {verbs}")
    rest = " ".join(args)
    if cls in (DrawStock, TakeUpcard, PassUpcard, Drop, EndRound):
        if args:
            raise ValueError(f"{cls.verb} takes no arguments, got {quote(rest)}")
        return cls()
    if cls is DrawDiscard:
        if not args:
            return DrawDiscard()
        if len(args) != 1 or not args[0].isdigit():
            raise ValueError(f"draw_discard takes a depth (a whole number), got {quote(rest)}")
        return DrawDiscard(int(args[0]))
    if cls is Gin:
        return Gin(rest) if args else Gin()
    if cls in (Discard, Knock, Declare):
        if not args:
            raise ValueError(f"{cls.verb} needs a card")
        return cls(rest)
    if cls is Meld:
        return Meld(clean_cards(rest))
    # LayOff: index then cards
    if len(args) < 2 or not args[0].isdigit():
        raise ValueError(
            f"lay_off takes a meld index then cards, e.g. 'lay_off 0 7H', got {quote(rest)}"
        )
    return LayOff(clean_cards(" ".join(args[1:])), int(args[0]))


def clean_move(move: MoveLike) -> Move:
    """A :class:`Move` as is, or a string read by :func:`parse_move`."""
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return parse_move(move)
    raise ValueError(f"a move must be a Move or a string, got {quote(move)}")


# Interned instances for the legal-move lists of the hot path, by card index.
_DISCARDS: list[Discard | None] = [None] * 53
_KNOCKS: list[Knock | None] = [None] * 53
_GINS: list[Gin | None] = [None] * 53
DRAW_STOCK = DrawStock()
DRAW_DISCARD = DrawDiscard()
TAKE_UPCARD = TakeUpcard()
PASS_UPCARD = PassUpcard()
BIG_GIN = Gin()
DROP = Drop()
END_ROUND = EndRound()


def discard_of(card: Card) -> Discard:
    """The (shared) ``Discard(card)`` instance."""
    m = _DISCARDS[card._index]
    if m is None:
        m = _DISCARDS[card._index] = Discard(card)
    return m


def knock_of(card: Card) -> Knock:
    """The (shared) ``Knock(card)`` instance."""
    m = _KNOCKS[card._index]
    if m is None:
        m = _KNOCKS[card._index] = Knock(card)
    return m


def gin_of(card: Card) -> Gin:
    """The (shared) ``Gin(card)`` instance."""
    m = _GINS[card._index]
    if m is None:
        m = _GINS[card._index] = Gin(card)
    return m
