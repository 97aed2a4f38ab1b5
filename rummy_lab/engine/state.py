"""The data of one hand (deal): phases, event records, results, the mutable state and
the frozen per-player view.

Why a separate module: the variant modules (:mod:`rummy_lab.engine.variants`) mutate a
:class:`GameState` and the :class:`~rummy_lab.engine.game.Game` wraps it; neither needs
the other's code, only these shapes.

>>> Phase("draw") is Phase.DRAW, [p.value for p in Phase]
(True, ['upcard', 'draw', 'discard', 'layoff', 'show', 'over'])
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import Card, Hand
from .moves import DrawStock, Move
from .rules import Rules

__all__ = ["Deal", "Event", "GameResult", "GameState", "Phase", "PlayerView", "TableMeld"]


class Phase(StrEnum):
    """Where a hand stands; the current player's legal moves depend on it.

    * ``upcard``: Gin's first-turn option to take or pass the upcard.
    * ``draw``: the current player must draw (stock or discard pile).
    * ``discard``: the current player has drawn; they meld or lay off (table variants),
      then discard, knock, go gin or declare.
    * ``layoff``: reserved for variants where players lay off one by one after a hand
      ends (Gin's lay-offs happen inside its showdown, so Gin never enters it).
    * ``show``: reserved for Indian Rummy's show after a declaration.
    * ``over``: the hand has ended; :attr:`GameState.result` says how.
    """

    UPCARD = "upcard"
    DRAW = "draw"
    DISCARD = "discard"
    LAYOFF = "layoff"
    SHOW = "show"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Event:
    """One move in a hand's history, with what it made public.

    :ivar index: position in the history (0, 1, ...).
    :ivar player: who moved.
    :ivar move: the move.
    :ivar phase: the phase the move was played in.
    :ivar shown: cards the move showed to everyone: the discard, the card(s) taken from
        the discard pile, melded or laid-off cards.
    :ivar drawn: the card drawn from the stock; only in the drawer's own records, ``None``
        in everybody else's view (they see "drew from the stock").
    """

    index: int
    player: int
    move: Move
    phase: Phase
    shown: tuple[Card, ...] = ()
    drawn: Card | None = None

    @property
    def is_hidden_draw(self) -> bool:
        """True for a stock draw whose card this record does not show."""
        return self.drawn is None and type(self.move) is DrawStock

    def redacted(self) -> Event:
        """This record as the other players see it (the stock card removed)."""
        if self.drawn is None:
            return self
        return Event(self.index, self.player, self.move, self.phase, self.shown, None)

    def caption(self) -> str:
        """A short line for animations: ``"player 0: discard 8♥"``.

        >>> from .moves import DrawStock
        >>> Event(0, 1, DrawStock(), Phase.DRAW, (), Card.parse("7H")).caption()
        'player 1: draw from the stock (7♥)'
        >>> Event(0, 1, DrawStock(), Phase.DRAW).caption()
        'player 1: draw from the stock'
        """
        text = f"player {self.player}: {self.move}"
        if self.drawn is not None:
            text += f" ({self.drawn.glyph})"
        return text


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table (Basic Rummy, Rummy 500).

    :ivar owner: the player who laid the meld.
    :ivar cards: its cards, in meld order.
    :ivar kind: ``"set"`` or ``"run"``.
    :ivar laid_by: for each card, the player who put it there (lay-off points belong to
        the player who laid the card).
    """

    owner: int
    cards: Hand
    kind: str
    laid_by: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameResult:
    """How a hand ended.

    :ivar kind: Gin: ``"gin" "big_gin" "knock" "undercut" "draw" "max_turns"``; other
        variants name their own endings.
    :ivar winner: the winning player, ``None`` for a draw.
    :ivar scores: points per player in the variant's own sense (Gin: hand points won).
    :ivar points: the winner's points (0 for a draw).
    :ivar reason: a sentence for learners.
    :ivar deadwood: deadwood per player at the end, when the variant counts it.
    :ivar knocker: Gin: who knocked or went gin.
    :ivar detail: the variant's scoring record (Gin: :class:`rummy_lab.gin.Showdown`).

    >>> GameResult("draw", None, (0, 0), reason="the stock ran out").is_draw
    True
    """

    kind: str
    winner: int | None
    scores: tuple[int, ...]
    points: int = 0
    reason: str = ""
    deadwood: tuple[int, ...] = ()
    knocker: int | None = None
    detail: Any = field(default=None, repr=False)

    @property
    def is_draw(self) -> bool:
        """True when nobody won the hand."""
        return self.winner is None


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: what :func:`~rummy_lab.engine.game.new_game` stacks or shuffles.

    :ivar hands: each player's cards.
    :ivar stock: the stock, top card first.
    :ivar discard: the discard pile, top card last (usually just the upcard).
    :ivar wild_card: Indian Rummy's wild-joker card turned under the stock.
    :ivar dealer: the dealer's seat.
    """

    hands: tuple[Hand, ...]
    stock: Hand
    discard: Hand
    wild_card: Card | None = None
    dealer: int = 0

    def cards(self) -> list[Card]:
        """Every card of the deal."""
        out = [c for h in self.hands for c in h]
        out.extend(self.stock)
        out.extend(self.discard)
        if self.wild_card is not None:
            out.append(self.wild_card)
        return out


@dataclass
class GameState:
    """The mutable state of one hand; variant modules read and change it.

    Card piles are lists: ``stock`` keeps its top card *last* (drawing is ``pop()``), as
    does ``discard``. ``data`` holds variant-specific JSON-able values (saved with the
    game); ``cache`` holds derived values and is neither compared nor saved.
    """

    rules: Rules
    players: int
    deal: Deal
    seed: int | None
    hands: list[list[Card]]
    stock: list[Card]
    discard: list[Card]
    phase: Phase
    current: int
    upcard: Card | None = None
    wild_card: Card | None = None
    table: list[TableMeld] = field(default_factory=list)
    set_aside: list[Card] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    pickup: tuple[Card, ...] = ()
    turn_count: int = 0
    history: list[Event] = field(default_factory=list)
    result: GameResult | None = None
    revealed: tuple[Hand, ...] | None = None
    data: dict[str, Any] = field(default_factory=dict)
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def dealt(cls, rules: Rules, players: int, deal: Deal, seed: int | None) -> GameState:
        """The cards of ``deal`` in place, before the variant sets the first phase."""
        return cls(
            rules=rules,
            players=players,
            deal=deal,
            seed=seed,
            hands=[list(h) for h in deal.hands],
            stock=list(reversed(deal.stock)),
            discard=list(deal.discard),
            phase=Phase.DRAW,
            current=(deal.dealer + 1) % players,
            wild_card=deal.wild_card,
            known=[[] for _ in range(players)],
        )

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.deal.dealer

    def all_cards(self) -> list[Card]:
        """Every card: hands, stock, discard pile, table melds, set-aside and wild card.

        The multiset always equals the deck (a property the tests check after every move).
        """
        out = [c for h in self.hands for c in h]
        out.extend(self.stock)
        out.extend(self.discard)
        for m in self.table:
            out.extend(m.cards)
        if self.wild_card is not None:
            out.append(self.wild_card)
        out.extend(self.set_aside)
        return out

    def copy(self) -> GameState:
        """An independent copy (events, cards and rules are immutable and shared)."""
        return GameState(
            rules=self.rules,
            players=self.players,
            deal=self.deal,
            seed=self.seed,
            hands=[h[:] for h in self.hands],
            stock=self.stock[:],
            discard=self.discard[:],
            phase=self.phase,
            current=self.current,
            upcard=self.upcard,
            wild_card=self.wild_card,
            table=self.table[:],
            set_aside=self.set_aside[:],
            known=[k[:] for k in self.known],
            pickup=self.pickup,
            turn_count=self.turn_count,
            history=self.history[:],
            result=self.result,
            revealed=self.revealed,
            data=copy.deepcopy(self.data),
        )


@dataclass(frozen=True)
class PlayerView:
    """Everything one player may see, and nothing more (frozen).

    Views are what bots and widgets read: the player's own hand, the public piles and
    records, and the cards known to be in other hands (taken from the discard pile and
    not yet let go). Stock cards and the unknown part of other hands never appear.

    :ivar player: whose view this is.
    :ivar hand: that player's cards, in the order held.
    :ivar discard_pile: the discard pile, top card last.
    :ivar stock_count: cards left in the stock.
    :ivar hand_sizes: every player's number of cards.
    :ivar known: per player, their cards everybody knows about.
    :ivar pickup: the card(s) the current player took from the discard pile this turn.
    :ivar legal_moves: this player's legal moves (empty unless it is their turn).
    :ivar history: the hand's records, stock draws of others without the card.
    :ivar revealed: every hand as shown at the end (Gin's showdown), else ``None``.
    :ivar knock_limit: Gin's knock limit for this hand (``None`` in other variants).
    :ivar match_scores: the match totals when the hand was dealt, for a hand of a match
        (:func:`rummy_lab.new_match`); ``None`` outside a match.

    >>> from rummy_lab.engine.game import new_game
    >>> v = new_game("gin", seed=3).view_for(0)
    >>> len(v.hand), v.stock_count, v.hand_sizes, v.is_my_turn, v.legal_moves
    (10, 31, (10, 10), False, ())
    """

    player: int
    players: int
    rules: Rules
    phase: Phase
    current_player: int
    dealer: int
    hand: Hand
    discard_pile: Hand
    stock_count: int
    hand_sizes: tuple[int, ...]
    known: tuple[Hand, ...]
    table: tuple[TableMeld, ...]
    pickup: tuple[Card, ...]
    upcard: Card | None
    wild_card: Card | None
    turn_count: int
    legal_moves: tuple[Move, ...]
    history: tuple[Event, ...]
    result: GameResult | None
    revealed: tuple[Hand, ...] | None
    knock_limit: int | None = None
    match_scores: tuple[int, ...] | None = None

    @property
    def is_my_turn(self) -> bool:
        """True when this player is to move."""
        return self.result is None and self.current_player == self.player

    @property
    def is_over(self) -> bool:
        """True once the hand has ended."""
        return self.result is not None

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None
