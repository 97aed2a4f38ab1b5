"""Games: one hand as a state machine, and matches of hands with the variant's scoring.

A :class:`Game` wraps a :class:`~rummy_lab.engine.state.GameState` and the variant's
engine (:mod:`rummy_lab.engine.variants`): it lists legal moves, verifies and plays moves
(an illegal move raises :class:`IllegalMove` and changes nothing), keeps the history,
builds per-player views and saves to / loads from JSON.

>>> from rummy_lab.engine.cards import make_deck, parse_cards
>>> hands = ["3H 7H KD KC QS JS 10D 8C 8D 2S", "4H 5H 6H 9C 9D 9S 2C 3C 4C 5S"]
>>> used = parse_cards(" ".join(hands) + " AD AS")
>>> stock = ["AS"] + [c for c in make_deck() if c not in used]  # AS on top
>>> g = new_game("gin", hands=hands, discard="AD", stock=stock)
>>> g.current_player, g.phase.value
(1, 'upcard')
>>> for m in ("pass_upcard", "pass_upcard", "draw_stock"):
...     _ = g.play(m)
>>> [str(m) for m in g.legal_moves() if not isinstance(m, Discard)]
['knock, discarding A♠', 'knock, discarding 5♠']
>>> _ = g.play("knock AS")
>>> g.result.kind, g.result.winner, g.result.points, g.result.scores
('knock', 1, 63, (0, 63))
>>> g.play("draw_stock")
Traceback (most recent call last):
...
rummy_lab.engine.errors.IllegalMove: the hand is over (player 1 knocked with 5 deadwood ...
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .cards import Card, CardsLike, Hand, clean_cards
from .dealing import resolve_rules, stacked_deal, start_state
from .errors import IllegalMove, quote
from .moves import Declare as DeclareMove
from .moves import (
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Gin,
    Knock,
    LayOff,
    Move,
    MoveLike,
    PassUpcard,
    TakeUpcard,
    clean_move,
)
from .moves import Meld as MeldMove
from .rules import Rules, RulesLike
from .serialize import state_from_json, state_to_json
from .state import Event, GameResult, GameState, Phase, PlayerView
from .variants import VariantEngine, engine_for

__all__ = ["Game", "new_game"]




class Game:
    """One hand (deal) of a rummy variant.

    Build it with :func:`new_game`. ``play(move)`` is the one way to change it; every
    other method only reads. ``Game`` objects compare equal when their states are equal
    (cards, phase, history, result), which the tests use to show that a rejected move
    changed nothing.

    >>> g = new_game("gin", seed=3)
    >>> g.play("pass_upcard").move
    PassUpcard()
    >>> g.can_play("take_upcard"), g.can_play("draw_stock")
    (True, False)
    """

    __slots__ = ("_legal", "engine", "match_scores", "state")

    def __init__(self, state: GameState, engine: VariantEngine,
                 match_scores: tuple[int, ...] | None = None) -> None:
        self.state = state
        self.engine = engine
        self._legal: list[Move] | None = None
        #: the match totals when this hand was dealt (``None`` outside a match): set by
        #: :class:`~rummy_lab.engine.match.Match`, carried by every view of the hand
        self.match_scores = match_scores

    # ------------------------------------------------------------------ reading
    @property
    def rules(self) -> Rules:
        """The rules of this hand."""
        return self.state.rules

    @property
    def players(self) -> int:
        """Number of players."""
        return self.state.players

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.state.deal.dealer

    @property
    def current_player(self) -> int:
        """Whose move it is (after the hand: who moved last)."""
        return self.state.current

    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`."""
        return self.state.phase

    @property
    def is_over(self) -> bool:
        """True once the hand has ended."""
        return self.state.result is not None

    @property
    def result(self) -> GameResult | None:
        """How the hand ended, or ``None`` while it goes on."""
        return self.state.result

    @property
    def history(self) -> tuple[Event, ...]:
        """Every move so far, with the cards it showed (and the stock card drawn)."""
        return tuple(self.state.history)

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Every player's cards (the whole truth; views show less)."""
        return tuple(Hand(h) for h in self.state.hands)

    def hand(self, player: int) -> Hand:
        """One player's cards."""
        return Hand(self.state.hands[self._seat(player)])

    @property
    def stock(self) -> Hand:
        """The stock, top card first."""
        return Hand(reversed(self.state.stock))

    @property
    def discard_pile(self) -> Hand:
        """The discard pile, top card last."""
        return Hand(self.state.discard)

    @property
    def upcard(self) -> Card | None:
        """The first upcard of the hand."""
        return self.state.upcard

    @property
    def wild_card(self) -> Card | None:
        """Indian Rummy's wild-joker card."""
        return self.state.wild_card

    @property
    def seed(self) -> int | None:
        """The seed of a shuffled deal (``None`` for a stacked one)."""
        return self.state.seed

    @property
    def knock_limit(self) -> int | None:
        """Gin: this hand's knock limit."""
        return self.engine.knock_limit(self.state)

    def _seat(self, player: int) -> int:
        if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < self.state.players
        ):
            raise ValueError(f"player must be 0..{self.state.players - 1}, got {quote(player)}")
        return player

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[Move]:
        """Exactly the current player's legal moves (empty once the hand is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.engine.legal_moves(self.state)
        return legal[:]

    def describe_moves(self) -> list[tuple[Move, str]]:
        """Every legal move of the current player with a sentence saying what it does.

        Lessons list these to answer "what can I do now?": table variants say which meld
        a card joins or what a lay-off extends.

        >>> g = new_game("basic", hands=["7S 7H 7D 2C 9D 10D KS 4H 5H 6S",
        ...                              "AS 2S 3S 4S 5S 6H 8H 9H JC QC"], discard="KD", seed=1)
        >>> _ = g.play("draw_discard")
        >>> [text for _, text in g.describe_moves()][:2]
        ['meld A♠ 2♠ 3♠: run in spades', 'meld A♠ 2♠ 3♠ 4♠: run in spades']
        """
        state, engine = self.state, self.engine
        return [(m, engine.describe(state, m)) for m in self.legal_moves()]

    def move_types(self) -> tuple[type[Move], ...]:
        """The kinds of move this variant has at all, legal now or not.

        >>> [m.verb for m in new_game("indian", seed=1).move_types()]
        ['draw_stock', 'draw_discard', 'discard', 'declare', 'drop']
        """
        return self.engine.move_types()

    def verify(self, move: MoveLike, *, player: int | None = None) -> Move:
        """Raise :class:`IllegalMove` naming the rule unless ``move`` is legal now.

        :param player: who tries the move; if given and not the current player, it is
            refused ("it is player 1's turn").
        :return: the move, normalised.
        """
        m = clean_move(move)
        state = self.state
        if player is not None and player != state.current:
            self._seat(player)
            if state.result is not None:
                raise IllegalMove(f"the hand is over ({state.result.reason}); no more moves")
            raise IllegalMove(f"it is player {state.current}'s turn, not player {player}'s")
        self.engine.verify(state, m)
        return m

    def can_play(self, move: MoveLike, *, player: int | None = None) -> bool:
        """True when :meth:`verify` would accept the move."""
        try:
            self.verify(move, player=player)
        except ValueError:
            return False
        return True

    def play(self, move: MoveLike, *, player: int | None = None) -> Event:
        """Verify, then play a move for the current player; return its history record.

        ``move`` is a :mod:`~rummy_lab.engine.moves` object or its text (``"discard 8H"``).

        :raises IllegalMove: naming the broken rule; the game is then unchanged.
        :raises ValueError: for move text that is not a move.
        """
        m = self.verify(move, player=player)
        event = self.engine.play(self.state, m, verified=True)
        self._legal = None
        return event

    # verbs, as in the style guide (each returns the record)
    def draw_stock(self) -> Event:
        """Play :class:`DrawStock`."""
        return self.play(DrawStock())

    def draw_discard(self, depth: int = 1) -> Event:
        """Play :class:`DrawDiscard`."""
        return self.play(DrawDiscard(depth))

    def take_upcard(self) -> Event:
        """Play :class:`TakeUpcard`."""
        return self.play(TakeUpcard())

    def pass_upcard(self) -> Event:
        """Play :class:`PassUpcard`."""
        return self.play(PassUpcard())

    def discard(self, card: Card | str) -> Event:
        """Play :class:`Discard`."""
        return self.play(Discard(card))

    def meld(self, cards: CardsLike) -> Event:
        """Play :class:`~rummy_lab.engine.moves.Meld`."""
        return self.play(MeldMove(clean_cards(cards)))

    def lay_off(self, cards: CardsLike, meld_index: int) -> Event:
        """Play :class:`LayOff`."""
        return self.play(LayOff(clean_cards(cards), meld_index))

    def knock(self, card: Card | str) -> Event:
        """Play :class:`Knock`."""
        return self.play(Knock(card))

    def gin(self, card: Card | str | None = None) -> Event:
        """Play :class:`Gin` (no card: big gin)."""
        return self.play(Gin(card))

    def declare(self, card: Card | str) -> Event:
        """Play :class:`~rummy_lab.engine.moves.Declare`."""
        return self.play(DeclareMove(card))

    def drop(self) -> Event:
        """Play :class:`Drop`."""
        return self.play(Drop())

    # ------------------------------------------------------------------ views
    def view_for(self, player: int) -> PlayerView:
        """What ``player`` may see: own hand, public piles and records, known cards.

        Other players' stock draws appear without the card; their hands appear only as
        sizes and the cards known to be there, until a showdown reveals them.
        """
        p = self._seat(player)
        st = self.state
        engine = self.engine
        history = self._history_for(p)
        legal = tuple(self.legal_moves()) if st.result is None and st.current == p else ()
        return PlayerView(
            player=p,
            players=st.players,
            rules=st.rules,
            phase=st.phase,
            current_player=st.current,
            dealer=st.deal.dealer,
            hand=Hand(st.hands[p]),
            discard_pile=Hand(st.discard),
            stock_count=len(st.stock),
            hand_sizes=tuple(len(h) for h in st.hands),
            known=tuple(Hand(k) for k in st.known),
            table=tuple(st.table),
            pickup=st.pickup,
            upcard=st.upcard,
            wild_card=st.wild_card,
            turn_count=st.turn_count,
            legal_moves=legal,
            history=history,
            result=st.result,
            revealed=st.revealed,
            knock_limit=engine.knock_limit(st),
            match_scores=self.match_scores,
        )

    def _history_for(self, player: int) -> tuple[Event, ...]:
        """The history as ``player`` sees it, redacted once per record and cached."""
        st = self.state
        views: list[list[Event]] | None = st.cache.get("history_views")
        if views is None:
            views = st.cache["history_views"] = [[] for _ in range(st.players)]
        seen = views[player]
        if len(seen) < len(st.history):
            engine = self.engine
            for e in st.history[len(seen):]:
                seen.append(
                    e if e.player == player or e.drawn is None else engine.history_event(e, player)
                )
        return tuple(seen)

    # ------------------------------------------------------------------ replay
    def moves(self) -> list[Move]:
        """The moves played so far, in order."""
        return [e.move for e in self.state.history]

    def initial(self) -> Game:
        """A fresh game at this hand's deal (same rules, same cards)."""
        st = self.state
        return Game(start_state(st.rules, self.engine, st.players, st.deal, st.seed), self.engine,
                    self.match_scores)

    def replay(self) -> Iterator[Game]:
        """The state at the deal and after each move, as independent games.

        The moves are played again through the rules engine, so animations show exactly
        what the engine did.
        """
        g = self.initial()
        yield g.copy()
        for m in self.moves():
            g.play(m)
            yield g.copy()

    states = replay

    def replay_views(self, player: int) -> Iterator[PlayerView]:
        """``view_for(player)`` at the deal and after each move (for animations)."""
        self._seat(player)
        for g in self.replay():
            yield g.view_for(player)

    def view_at_draw(self, player: int, draw: int) -> PlayerView:
        """``player``'s view just after their ``draw``-th draw of the hand (1 = the first).

        A draw is taking from the stock, the discard pile or the upcard; lessons use it to
        stop a recorded hand at a decision ("what would you throw now?").

        >>> g = new_game("gin", seed=3)
        >>> for m in ("pass_upcard", "pass_upcard", "draw_stock"):
        ...     _ = g.play(m)
        >>> v = g.view_at_draw(1, 1)
        >>> len(v.hand), v.phase.value, v.is_my_turn
        (11, 'discard', True)

        :raises ValueError: when the player made fewer draws than that.
        """
        p = self._seat(player)
        if isinstance(draw, bool) or not isinstance(draw, int) or draw < 1:
            raise ValueError(f"draw must be a whole number >= 1, got {quote(draw)}")
        count = 0
        for i, e in enumerate(self.state.history):
            if e.player == p and isinstance(e.move, DrawStock | DrawDiscard | TakeUpcard):
                count += 1
                if count == draw:
                    return next(v for j, v in enumerate(self.replay_views(p)) if j == i + 1)
        raise ValueError(f"player {p} made {count} draw{'s' if count != 1 else ''} in this "
                         f"hand, not {draw}")

    def copy(self) -> Game:
        """An independent copy of the game."""
        return Game(self.state.copy(), self.engine, self.match_scores)

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The game as JSON text: rules, the deal, the moves, and a state summary."""
        return state_to_json(self.state)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game from :meth:`to_json` text, checking every part.

        :raises ValueError: for corrupt or tampered input (bad JSON, unknown cards, cards
            missing or duplicated beyond the deck, wrong phase names or types, illegal
            moves, a state that the moves do not produce); nothing is built then.
        """
        state = state_from_json(text)
        return cls(state, engine_for(state.rules))

    # ------------------------------------------------------------------ dunder
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.state == other.state

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        st = self.state
        status = st.result.kind if st.result is not None else st.phase.value
        return (
            f"<Game {st.rules.name} players={st.players} dealer={st.deal.dealer} "
            f"turn={st.turn_count} player={st.current} {status}>"
        )




def new_game(
    variant: RulesLike = "gin",
    *,
    players: int = 2,
    seed: int | None = None,
    rules: RulesLike | Mapping[str, Any] | None = None,
    hands: Sequence[CardsLike] | None = None,
    stock: CardsLike | None = None,
    discard: CardsLike | None = None,
    wild_card: Card | str | None = None,
    dealer: int = 0,
    stock_top: CardsLike | None = None,
) -> Game:
    """Deal a new hand, shuffled with ``random.Random(seed)`` or stacked as given.

    >>> g = new_game("gin", seed=7)
    >>> len(g.hand(0)), len(g.stock), g.discard_pile == (g.upcard,), g.current_player
    (10, 31, True, 1)
    >>> new_game("gin", seed=7) == g
    True
    >>> new_game("gin", hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "AH 2H 3H 4H 5H 6H 7H 8H 9H 9H"])
    Traceback (most recent call last):
    ...
    ValueError: the deal does not add up to the deck: extra 9H (2 copies, the deck has 1)

    :param variant: a preset name (``gin oklahoma hollywood basic 500 indian ...``) or Rules.
    :param players: number of players (the variant's range).
    :param seed: seed of the shuffle (a stacked deal ignores it unless it leaves gaps).
    :param rules: Rules, a preset name, or a mapping of field overrides.
    :param hands: stacked deal: each player's cards.
    :param stock: stacked deal: the stock, top card first. Left out: the cards not given
        elsewhere, shuffled with ``seed``.
    :param stock_top: stacked deal for lessons: just the top cards of the stock, top card
        first; the rest of the deck (the cards given nowhere else) goes under them,
        shuffled with ``seed``. Give ``stock`` or ``stock_top``, not both.
    :param discard: stacked deal: the discard pile, top card last (the upcard). Left out:
        taken from the shuffled remaining cards.
    :param wild_card: stacked deal, Indian Rummy: the card turned under the stock.
    :param dealer: the dealer's seat; the player to the dealer's left moves first.
    :raises ValueError: for bad rules, player counts, or a stacked deal that is not the
        variant's deck (the message names the missing and extra cards).
    :raises NotImplementedError: for a variant without a game engine yet.
    """
    r = resolve_rules(variant, rules)
    r.check_players(players)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0..{players - 1}, got {quote(dealer)}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be an integer or None, got {quote(seed)}")
    engine = engine_for(r)
    rng = random.Random(seed)
    if hands is None and stock is None and stock_top is None and discard is None and (
        wild_card is None
    ):
        deal = engine.deal(r, players, dealer, rng)
    else:
        deal = stacked_deal(r, engine, players, dealer, rng, hands, stock=stock,
                            discard=discard, wild_card=wild_card, stock_top=stock_top)
    return Game(start_state(r, engine, players, deal, seed), engine)
