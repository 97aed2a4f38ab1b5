"""The hooks a variant implements, with the mechanics most rummy games share.

A variant is a :class:`VariantEngine` subclass registered for a :class:`Variant` (see
:mod:`rummy_lab.engine.variants`). The :class:`~rummy_lab.engine.game.Game` calls:

* dealing: :meth:`~VariantEngine.deck`, :meth:`~VariantEngine.deal` (seeded),
  :meth:`~VariantEngine.check_deal` (stacked deals), :meth:`~VariantEngine.start`;
* play: :meth:`~VariantEngine.legal_moves`, :meth:`~VariantEngine.verify` (raises
  :class:`IllegalMove`, changes nothing), :meth:`~VariantEngine.apply` (changes the
  state, may end the hand by setting ``state.result``);
* views: :meth:`~VariantEngine.knock_limit` and friends;
* matches: :meth:`~VariantEngine.next_dealer`, :meth:`~VariantEngine.match_standing`.

``verify`` and ``apply`` dispatch on the move's verb to ``verify_<verb>`` and
``apply_<verb>``. The base class implements drawing from the stock, taking the top of
the discard pile and discarding (with the rule that a card taken from the discard pile
this turn cannot be discarded); a variant overrides what differs and adds the rest
(Gin: the upcard option, knock and gin; Rummy 500: deep discard picks, melds, lay-offs;
Indian Rummy: declare and drop).

>>> from rummy_lab.engine.rules import get_rules
>>> len(VariantEngine().deck(get_rules("indian"), 4))
108
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from ..cards import Card, Hand, card_counts, make_deck
from ..errors import IllegalMove, quote
from ..moves import (
    DRAW_DISCARD,
    DRAW_STOCK,
    MOVE_TYPES,
    Discard,
    DrawDiscard,
    Move,
    discard_of,
)
from ..rules import Rules
from ..state import Deal, Event, GameResult, GameState, Phase

__all__ = ["Effect", "MatchStanding", "VariantEngine"]

Effect = tuple[tuple[Card, ...], Card | None]
"""What :meth:`VariantEngine.apply` returns: (cards shown to all, card drawn privately)."""

_NOTHING: Effect = ((), None)


class MatchStanding(Protocol):
    """The match scoring object a variant returns (Gin: ``rummy_lab.gin.GameTotals``)."""

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def finished(self) -> bool: ...


class VariantEngine:
    """Base variant: draw from the stock or the top of the discard pile, then discard.

    Subclasses set :attr:`name` and override hooks; instances hold no state (one shared
    instance per variant), so copying a game shares its engine.
    """

    name: ClassVar[str] = "rummy"
    upcards: ClassVar[int] = 1
    """Cards turned face up to start the discard pile."""

    _dispatch: ClassVar[dict[type[Move], tuple[Any, Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._dispatch = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> VariantEngine:
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # ------------------------------------------------------------------ dealing
    def deck(self, rules: Rules, players: int) -> list[Card]:
        """The full deck for this many players, in fixed order."""
        return make_deck(rules.decks_for(players), rules.printed_jokers)

    def deal(self, rules: Rules, players: int, dealer: int, rng: random.Random) -> Deal:
        """Shuffle with ``rng`` and deal one card at a time from the dealer's left; then
        the wild-joker card (if the rules have one), the upcard(s), the rest is stock."""
        deck = self.deck(rules, players)
        rng.shuffle(deck)
        size = rules.hand_size_for(players)
        hands: list[list[Card]] = [[] for _ in range(players)]
        pos = 0
        for _ in range(size):
            for i in range(1, players + 1):
                hands[(dealer + i) % players].append(deck[pos])
                pos += 1
        wild = None
        if rules.wild_joker:
            wild = deck[pos]
            pos += 1
        up = deck[pos : pos + self.upcards]
        pos += self.upcards
        return Deal(tuple(Hand(h) for h in hands), Hand(deck[pos:]), Hand(up), wild, dealer)

    def check_deal(self, rules: Rules, players: int, deal: Deal) -> None:
        """Raise :class:`ValueError` unless a stacked deal is a proper deal of the deck.

        The message names every card missing or in excess.
        """
        size = rules.hand_size_for(players)
        if len(deal.hands) != players:
            raise ValueError(f"hands must give {players} hands, got {len(deal.hands)}")
        for p, h in enumerate(deal.hands):
            if len(h) != size:
                raise ValueError(
                    f"player {p} is dealt {len(h)} cards; {rules.name} deals {size} "
                    f"to each of {players} players"
                )
        if len(deal.discard) != self.upcards:
            raise ValueError(
                f"the discard pile must start with {self.upcards} card(s) (the upcard), "
                f"got {len(deal.discard)}"
            )
        if rules.wild_joker and deal.wild_card is None:
            raise ValueError(f"{rules.name} needs a wild_card (the card turned under the stock)")
        if not rules.wild_joker and deal.wild_card is not None:
            raise ValueError(f"{rules.name} has no wild card, got wild_card {deal.wild_card.code}")
        check_multiset(deal.cards(), self.deck(rules, players), "the deal")

    def start(self, state: GameState) -> None:
        """Set the first phase and player after the deal (base: left of the dealer draws)."""
        state.phase = Phase.DRAW
        state.current = (state.dealer + 1) % state.players

    # ------------------------------------------------------------------ play
    def legal_moves(self, state: GameState) -> list[Move]:
        """Every legal move of the current player, exactly (empty once the hand is over)."""
        if state.result is not None:
            return []
        if state.phase is Phase.DRAW:
            moves: list[Move] = []
            if state.stock:
                moves.append(DRAW_STOCK)
            if state.discard:
                moves.append(DRAW_DISCARD)
            return moves
        if state.phase is Phase.DISCARD:
            return self.legal_discards(state)
        return []

    def legal_discards(self, state: GameState) -> list[Move]:
        """``Discard`` moves for every distinct card the rules let the player discard,
        in deck order."""
        by_index = {c._index: c for c in state.hands[state.current]}
        if state.pickup and state.rules.no_discard_of_pickup:
            for c in state.pickup:
                by_index.pop(c._index, None)
        return [discard_of(by_index[i]) for i in sorted(by_index)]

    def verify(self, state: GameState, move: Move) -> None:
        """Raise :class:`IllegalMove` naming the rule unless ``move`` is legal now.

        Never changes the state.
        """
        if state.result is not None:
            raise IllegalMove(f"the hand is over ({state.result.reason}); no more moves")
        self._handlers(move)[0](self, state, move)

    def apply(self, state: GameState, move: Move) -> Effect:
        """Play a verified move; return what it showed to everyone and drew privately."""
        effect: Effect = self._handlers(move)[1](self, state, move)
        return effect

    def play(self, state: GameState, move: Move, *, verified: bool = False) -> Event:
        """Verify (unless ``verified``), apply ``move`` and record it in the history.

        ``verify`` checks everything ``apply`` needs; should ``apply`` fail all the same
        (a bug), the state is rebuilt as it was before the move and the error is raised,
        so a game is never left half-changed. The guard costs nothing when nothing fails.

        :return: the new history record.
        :raises IllegalMove: naming the rule; the state is then unchanged.
        """
        if not verified:
            self.verify(state, move)
        phase, who = state.phase, state.current
        try:
            shown, drawn = self.apply(state, move)
        except BaseException as exc:
            self.restore(state)
            exc.add_note(f"{move.code}: the game was restored to its state before the move")
            raise
        event = Event(len(state.history), who, move, phase, shown, drawn)
        state.history.append(event)
        return event

    @classmethod
    def move_types(cls) -> tuple[type[Move], ...]:
        """The kinds of move this variant has at all (a ``verify_``/``apply_`` pair each),
        in :data:`~rummy_lab.engine.moves.MOVE_TYPES` order.

        Why: a view offers only the variant's own controls (no Knock in Basic Rummy).

        >>> [m.verb for m in VariantEngine.move_types()]
        ['draw_stock', 'draw_discard', 'discard']
        """
        return tuple(
            m for m in MOVE_TYPES
            if callable(getattr(cls, f"verify_{m.verb}", None))
            and callable(getattr(cls, f"apply_{m.verb}", None))
        )

    def restore(self, state: GameState) -> None:
        """Put ``state`` back to what its deal and history give (after a failed move)."""
        fresh = GameState.dealt(state.rules, state.players, state.deal, state.seed)
        self.start(fresh)
        for event in state.history:
            self.play(fresh, event.move, verified=True)
        state.__dict__.update(fresh.__dict__)

    def describe(self, state: GameState, move: Move) -> str:
        """A sentence saying what ``move`` does now (base: the move's caption)."""
        return str(move)

    @classmethod
    def _handlers(cls, move: Move) -> tuple[Callable[..., Any], Callable[..., Any]]:
        pair = cls._dispatch.get(type(move))
        if pair is None:
            if not isinstance(move, Move):
                raise IllegalMove(f"not a move: {quote(move)}")
            v = getattr(cls, f"verify_{move.verb}", None)
            a = getattr(cls, f"apply_{move.verb}", None)
            pair = (_unsupported, _unsupported) if v is None or a is None else (v, a)
            cls._dispatch[type(move)] = pair
        return pair

    def unsupported_reason(self, move: Move) -> str:
        """The message for a move this variant does not have at all."""
        return f"{self.name} has no {move.verb.replace('_', ' ')} move"

    # -- shared checks
    def require_phase(self, state: GameState, phase: Phase, move: Move) -> None:
        """Raise unless the hand is in ``phase``; the message says what is due instead."""
        if state.phase is phase:
            return
        p = state.current
        if state.phase is Phase.DRAW:
            raise IllegalMove(f"player {p} must draw first (from the stock or the discard pile)")
        if state.phase is Phase.DISCARD:
            raise IllegalMove(f"player {p} has already drawn this turn; now {self.finish_hint()}")
        raise IllegalMove(f"{move} is not allowed in the {state.phase.value} phase")

    def finish_hint(self) -> str:
        """What a player does after drawing, for error messages."""
        return "discard"

    def require_in_hand(self, state: GameState, card: Card) -> None:
        """Raise unless the current player holds ``card``."""
        if card not in state.hands[state.current]:
            raise IllegalMove(f"{card.code} is not in player {state.current}'s hand")

    def require_not_pickup(self, state: GameState, card: Card) -> None:
        """Raise if ``card`` was taken from the discard pile this turn (when the rules say so)."""
        if card in state.pickup and state.rules.no_discard_of_pickup:
            raise IllegalMove(
                f"{card.code} was taken from the discard pile this turn and cannot be discarded"
            )

    # -- draw from the stock
    def verify_draw_stock(self, state: GameState, move: Move) -> None:
        self.require_phase(state, Phase.DRAW, move)
        if not state.stock:
            raise IllegalMove("the stock is empty")

    def apply_draw_stock(self, state: GameState, move: Move) -> Effect:
        card = state.stock.pop()
        state.hands[state.current].append(card)
        state.pickup = ()
        state.phase = Phase.DISCARD
        return (), card

    # -- take from the discard pile
    def verify_draw_discard(self, state: GameState, move: DrawDiscard) -> None:
        self.require_phase(state, Phase.DRAW, move)
        if not state.discard:
            raise IllegalMove("the discard pile is empty")
        if move.depth != 1:
            raise IllegalMove(
                f"in {self.name} only the top card of the discard pile may be taken "
                f"(depth 1), not depth {move.depth}"
            )

    def apply_draw_discard(self, state: GameState, move: DrawDiscard) -> Effect:
        return self.take_from_discard(state, move.depth), None

    def take_from_discard(self, state: GameState, depth: int) -> tuple[Card, ...]:
        """Move the top ``depth`` cards of the discard pile to the current hand."""
        pile = state.discard
        taken = tuple(pile[-depth:])
        del pile[-depth:]
        p = state.current
        state.hands[p].extend(taken)
        state.known[p].extend(taken)
        state.pickup = taken
        state.phase = Phase.DISCARD
        return taken

    # -- discard
    def verify_discard(self, state: GameState, move: Discard) -> None:
        self.require_phase(state, Phase.DISCARD, move)
        card = move.card
        self.require_in_hand(state, card)
        self.require_not_pickup(state, card)

    def apply_discard(self, state: GameState, move: Discard) -> Effect:
        self.put_on_discard(state, move.card)
        state.turn_count += 1
        self.end_turn(state)
        return (move.card,), None

    def put_on_discard(self, state: GameState, card: Card) -> None:
        """Move ``card`` from the current hand to the top of the discard pile."""
        p = state.current
        state.hands[p].remove(card)
        if state.known[p]:
            self.forget_known(state, p, (card,))
        state.discard.append(card)
        state.pickup = ()

    def forget_known(self, state: GameState, player: int, cards: Sequence[Card]) -> None:
        """Cards leaving ``player``'s hand in public (discarded, melded, laid off) are no
        longer known to be held there."""
        known = state.known[player]
        for c in cards:
            if c in known:
                known.remove(c)

    def end_turn(self, state: GameState) -> None:
        """After a discard: end the hand at the turn limit, else pass to the next player."""
        if state.turn_count >= state.rules.max_turns:
            self.end_hand(
                state,
                GameResult(
                    "max_turns", None, (0,) * state.players,
                    reason=(
                        f"the hand reached max_turns={state.rules.max_turns} turns "
                        "and ends as a draw"
                    ),
                ),
            )
            return
        state.current = self.next_player(state)
        state.phase = Phase.DRAW

    def next_player(self, state: GameState) -> int:
        """Who plays after the current player (base: the left neighbour; a variant with
        drops skips the players who dropped)."""
        return (state.current + 1) % state.players

    def end_hand(self, state: GameState, result: GameResult, *, reveal: bool = False) -> None:
        """Finish the hand with ``result``; ``reveal`` shows every hand (a showdown)."""
        state.result = result
        state.phase = Phase.OVER
        state.pickup = ()
        if reveal:
            state.revealed = tuple(Hand(h) for h in state.hands)

    # ------------------------------------------------------------------ views
    def knock_limit(self, state: GameState) -> int | None:
        """The hand's knock limit (Gin), else ``None``."""
        return None

    # ------------------------------------------------------------------ matches
    def next_dealer(self, state: GameState) -> int:
        """Who deals the next hand (base: the deal passes to the left)."""
        return (state.dealer + 1) % state.players

    def match_standing(
        self, rules: Rules, players: int, results: Sequence[GameResult]
    ) -> MatchStanding:
        """The match score after these hand results (variants override)."""
        raise NotImplementedError(f"{self.name} has no match scoring yet")

    def history_event(self, event: Event, viewer: int) -> Event:
        """A history record as ``viewer`` sees it (base: others' stock cards hidden)."""
        if event.player == viewer:
            return event
        return event.redacted()


def _unsupported(engine: VariantEngine, state: GameState, move: Move) -> Effect:
    raise IllegalMove(engine.unsupported_reason(move))


def _card_index(card: Card) -> int:
    return card._index


def check_multiset(cards: Sequence[Card], deck: Sequence[Card], what: str) -> None:
    """Raise :class:`ValueError` unless ``cards`` and ``deck`` are equal multisets.

    >>> check_multiset(make_deck()[1:] + [Card.parse("2S")], make_deck(), "the deal")
    Traceback (most recent call last):
    ...
    ValueError: the deal does not add up to the deck: missing AS; extra 2S (2 copies, the deck ...)
    """
    have = card_counts(cards)
    want = card_counts(deck)
    if have == want:
        return
    missing: list[str] = []
    extra: list[str] = []
    for c in sorted(set(have) | set(want), key=_card_index):
        h, w = have.get(c, 0), want.get(c, 0)
        if h < w:
            missing.append(c.code if w - h == 1 else f"{w - h} x {c.code}")
        elif h > w:
            if w == 0:
                extra.append(f"{c.code} (not in the deck)")
            else:
                extra.append(f"{c.code} ({h} copies, the deck has {w})")
    parts = []
    if missing:
        parts.append("missing " + ", ".join(missing))
    if extra:
        parts.append("extra " + ", ".join(extra))
    raise ValueError(f"{what} does not add up to the deck: " + "; ".join(parts))
