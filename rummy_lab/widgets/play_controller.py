"""PlayController: the play table's game logic, without a widget.

Why: what a hand at the table *means* (whose turn it is, what the bots reply, what a
button does with the selected cards, which moves are legal, the coach's hint and review,
which reasons may be shown) is separate from how it is drawn, so it can be tested and
reused without ipywidgets. :class:`~rummy_lab.widgets.PlayTable` is the view that draws a
controller and turns clicks into its calls. Nothing here decides what is legal: the
engine's ``legal_moves``, ``can_play`` and ``verify`` do; every hint and reason comes
from the coach.

>>> c = PlayController("gin", seed=3)
>>> c.view.player, c.names, c.actions()
(0, ['You', 'Bot'], ['take_upcard', 'pass_upcard', 'draw_stock', 'draw_discard', \
'discard', 'knock', 'gin'])
>>> c.what_to_do()
'take the 6♠ (the upcard) or pass.'
>>> sorted(n for n, s in c.button_states(()).items() if s.primary)
['pass_upcard', 'take_upcard']
>>> c.move_for("discard", ())
'Select exactly one card to discard.'
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bots import Bot, make_bot
from ..display import glyph_text
from ..engine.cards import Card
from ..engine.errors import IllegalMove
from ..engine.game import Game, new_game
from ..engine.match import Match, new_match
from ..engine.moves import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    EndRound,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    PassUpcard,
    TakeUpcard,
)
from ..engine.rules import Rules
from ..engine.scoring.indian import check_declaration, wild_rank_of
from ..engine.state import Event, Phase, PlayerView
from . import _coach

if TYPE_CHECKING:
    from ..coach import Advice

__all__ = [
    "ACTIONS", "DRAWS", "ButtonState", "LogEntry", "PlayController", "move_cards", "seat_names",
]

ACTIONS: dict[str, tuple[str, type[Move], str]] = {
    "take_upcard": ("Take the upcard", TakeUpcard, ""),
    "pass_upcard": ("Pass", PassUpcard, ""),
    "draw_stock": ("Draw from the stock", DrawStock, ""),
    "draw_discard": ("Take the discard", DrawDiscard, ""),
    "meld": ("Meld", Meld, "many"),
    "lay_off": ("Lay off", LayOff, "many"),
    "discard": ("Discard", Discard, "one"),
    "knock": ("Knock", Knock, "one"),
    "gin": ("Gin", Gin, "optional"),
    "declare": ("Declare", Declare, "one"),
    "drop": ("Drop out of this deal", Drop, ""),
    "end_round": ("End the round", EndRound, ""),
}
"""Action (button) name -> (its plain label, the move type it plays, the cards it needs:
``""`` none, ``"one"``, ``"many"`` or ``"optional"`` (Gin: a card to throw, or none for
big gin)), in the order the table shows them."""

DRAWS = ("take_upcard", "pass_upcard", "draw_stock", "draw_discard")
"""The actions that start a turn (shown first, in one group)."""

_DEFAULT = object()


@dataclass(frozen=True)
class ButtonState:
    """How one action's button looks now.

    :ivar visible: the move is possible in this phase (else the button is hidden).
    :ivar enabled: a click would play a move the engine accepts.
    :ivar primary: the move, with the selected cards, is one of the listed legal moves.
    :ivar label: what a click does (*Discard the 7♥*, *Knock: select a card*).
    :ivar tooltip: why it cannot be played, or why an accepted move is not listed.
    """

    visible: bool
    enabled: bool
    primary: bool
    label: str
    tooltip: str


@dataclass(frozen=True)
class LogEntry:
    """One line of the table's log of moves.

    :ivar event: the move as you saw it (a bot's stock draw without its card).
    :ivar reason: the coach's reason for a bot's move, less the parts that name cards you
        cannot see yet (then ending with *more when the hand is over*); ``""`` for none.
    :ivar fresh: a bot's move played by your last click (the table shows it in bold).
    """

    event: Event
    reason: str
    fresh: bool


class PlayController:
    """One hand of any implemented variant against bots, driven move by move.

    You sit at ``human`` (player 0 by default) and are called *You*; the others are
    *Bot* (*Bot 1*, *Bot 2* ... with more players). The bots move as soon as it is their
    turn (on creation, after each of your moves and after :meth:`new_hand`), and the
    coach's one-line reason for each bot move is kept in :attr:`reasons`.

    :param variant: the rules preset (ignored when ``game`` is given).
    :param seed: the deal's seed (the bots' choices are seeded from it too); each
        :meth:`new_hand` adds one.
    :param human: your seat.
    :param bot: the opponents' bot (default: the variant's greedy bot).
    :param players: seats at the table (ignored when ``game`` is given).
    :param game: a hand to continue instead of a new deal.
    :param match: play a two-player match instead of single hands: ``True`` starts one
        (:func:`rummy_lab.new_match` of ``variant``, seeded with ``seed``), or give a
        :class:`~rummy_lab.engine.match.Match` to continue (its current hand is played;
        ``game`` must then be None). :meth:`new_hand` deals the match's next hand once
        this one is over, and starts a new match once the match is decided.
    :param coach: what supplies hints, reasons and reviews: an object with ``hint``,
        ``explain``, ``review`` and ``HINT_SHOWN`` like :mod:`rummy_lab.coach` (the
        default), or None for none.
    :raises ValueError: when ``human`` is not a seat of the game, or a match is asked for
        with more than two players or together with ``game``.

    :ivar game: the hand being played.
    :ivar match: the match being played, or None for single hands.
    :ivar view: your view of it, as of the last move.
    :ivar names: the seats' names.
    :ivar reasons: history index -> the one-line reason of a bot's move.
    :ivar last_events: the moves of the last :meth:`play` (yours, then the bots' as you
        see them), or the bots' opening moves.
    :ivar advice: the moves the last :meth:`hint` shows, or None: the coach's
        :class:`~rummy_lab.coach.Advice` (move, value, standard error, rank, reasons,
        whether it is the coach's pick), highest value first (:func:`_coach.shown_moves`:
        the first ``HINT_SHOWN``, and the coach's pick when it is further down).
    :ivar ranked: every legal move's advice from the last :meth:`hint` (what
        :attr:`advice` is taken from), or None.
    """

    def __init__(
        self,
        variant: str = "gin",
        *,
        seed: int | None = None,
        human: int = 0,
        bot: Bot | None = None,
        players: int = 2,
        game: Game | None = None,
        coach: Any = _DEFAULT,
        match: bool | Match = False,
    ) -> None:
        if match is not False and game is not None:
            raise ValueError("give either game= or match=, not both")
        self.match: Match | None = None
        if isinstance(match, Match):
            self.match = match
        elif match is True:
            self.match = new_match(variant, players=players, seed=seed)
        elif match is not False:
            raise ValueError(f"match must be True, False or a Match, got {match!r}")
        if self.match is not None:
            if self.match.players != 2:
                raise ValueError("the table plays matches of two players, got "
                                 f"{self.match.players}")
            game = self.match.current_game
        self.seed = seed
        self.human = human
        self.advice: list[Advice] | None = None
        self.ranked: list[Advice] | None = None
        self.last_events: list[Event] = []
        self.reasons: dict[int, str] = {}
        self._bot = bot
        self._coach = _coach.coach() if coach is _DEFAULT else coach
        self._rng = random.Random(seed)
        self.game: Game = game if game is not None else new_game(
            variant, players=players, seed=seed)
        self.variant = variant if game is None else self.game.rules.name
        self.players = self.game.players
        if not 0 <= human < self.game.players:
            raise ValueError(f"human must be a seat 0..{self.game.players - 1}, got {human!r}")
        self.names = seat_names(self.game.players, human)
        self.view: PlayerView = self.game.view_for(human)
        self.last_events = self._bots_move()

    # ------------------------------------------------------------------ the game
    @property
    def bot(self) -> Bot:
        """The opponents' bot: the one given, else the variant's greedy bot."""
        if self._bot is None:
            self._bot = _default_bot(self.game.rules)
        return self._bot

    @property
    def has_coach(self) -> bool:
        """Whether hints, reasons and reviews are available."""
        return self._coach is not None

    def refresh(self) -> PlayerView:
        """Your view of the game as it is now (kept in :attr:`view`)."""
        self.view = self.game.view_for(self.human)
        return self.view

    def _bots_move(self) -> list[Event]:
        events = []
        game = self.game
        while not game.is_over and game.current_player != self.human:
            seat = game.current_player
            view = game.view_for(seat)
            move = self.bot.choose(view, self._rng)
            event = game.play(move, player=seat)
            reason = _coach.explain(view, move, self.bot, module=self._coach)
            if reason:
                self.reasons[event.index] = reason
            events.append(event.redacted())
        self.refresh()
        return events

    def play(self, move: Move) -> list[Event]:
        """Play ``move`` for you, then let the bots reply; return the moves played.

        :raises IllegalMove: (from the engine) when the move is not legal; nothing changes.
        """
        events = [self.game.play(move, player=self.human)]
        events.extend(self._bots_move())
        self.last_events = events
        return events

    def new_hand(self) -> None:
        """Deal the next hand with the same rules (the seed moves on by one) and let the
        bots open it. In a match: the match's next hand, once this one is over; a new
        match (seeded with the next seed) once the match is decided.

        :raises IllegalMove: in a match whose hand is still being played (a match hand
            cannot be abandoned); nothing changes.
        """
        match = self.match
        if match is not None and not self.game.is_over:
            raise IllegalMove("finish this hand first: a hand of a match cannot be "
                              "abandoned")
        self.seed = None if self.seed is None else self.seed + 1
        self._rng = random.Random(self.seed)
        if match is None:
            self.game = new_game(self.game.rules, players=self.players, seed=self.seed)
        elif match.is_over:
            self.match = new_match(match.rules, players=2, seed=self.seed)
            self.game = self.match.current_game
        else:
            self.game = match.next_hand()
        self.reasons = {}
        self.clear_hint()
        self.last_events = self._bots_move()

    # ------------------------------------------------------------------ what a click means
    def actions(self) -> list[str]:
        """The names of the actions this variant has (its buttons), in table order."""
        kinds = set(self.game.move_types())
        return [name for name, (_, kind, _) in ACTIONS.items() if kind in kinds]

    def move_for(
        self, name: str, cards: Sequence[Card], *, depth: int = 1, meld_index: int = 0
    ) -> Move | str:
        """The move action ``name`` means with the selected ``cards`` (the engine judges
        it), or a note on what to select.

        :param depth: how deep a discard-pile draw takes (Rummy 500).
        :param meld_index: the table meld a lay-off extends.
        """
        _, kind, needs = ACTIONS[name]
        verb = name.replace("_", " ")
        if needs == "one":
            if len(cards) != 1:
                return f"Select exactly one card to {verb}."
            return kind(cards[0])  # type: ignore[call-arg]
        if needs == "many":
            if not cards:
                return f"Select the cards to {verb}."
            if kind is LayOff:
                return LayOff(tuple(cards), meld_index)
            return Meld(tuple(cards))
        if kind is DrawDiscard:
            return DrawDiscard(depth)
        if needs == "optional":
            if len(cards) > 1:
                return "Select one card to discard with gin, or none for big gin."
            return Gin(cards[0]) if cards else Gin()
        return kind()

    def is_listed(self, move: Move) -> bool:
        """Whether ``move`` is one of your listed legal moves (a meld's cards in any order)."""
        key = _move_key(move)
        return any(_move_key(m) == key for m in self.view.legal_moves)

    def accepted_kinds(self, listed: set[type[Move]]) -> set[type[Move]]:
        """Card moves the engine would still play though it lists none (Indian Rummy's
        wrong declaration: legal, with its penalty)."""
        view = self.view
        if not view.is_my_turn or view.phase is not Phase.DISCARD:
            return set()
        out = set()
        for name in self.actions():
            _, kind, needs = ACTIONS[name]
            if needs == "one" and kind not in listed and any(
                self.game.can_play(kind(c), player=self.human)  # type: ignore[call-arg]
                for c in dict.fromkeys(view.hand)
            ):
                out.add(kind)
        return out

    def button_states(
        self, cards: Sequence[Card], *, depth: int = 1, meld_index: int = 0
    ) -> dict[str, ButtonState]:
        """Every action's button with ``cards`` selected: shown when its move is possible
        now, primary when the move is a listed legal one, enabled when the engine would
        accept it (a card move the engine accepts but does not list, a wrong declaration,
        stays enabled in the plain style, its tooltip saying why). With more than one
        depth to take from the discard pile, its button says *Take from the discard pile*.
        """
        view = self.view
        kinds = {type(m) for m in view.legal_moves}
        accepted = self.accepted_kinds(kinds)
        top = view.discard_top
        deep_choices = len(self.discard_depths()) > 1
        out = {}
        for name in self.actions():
            label, kind, needs = ACTIONS[name]
            available = kind in kinds or kind in accepted
            ready = primary = available
            tip = ""
            if available and needs:
                move = self.move_for(name, cards, depth=depth, meld_index=meld_index)
                primary = ready = not isinstance(move, str) and self.is_listed(move)
                if isinstance(move, str):
                    tip = move
                elif not ready and self.game.can_play(move, player=self.human):
                    ready, tip = True, self.not_recommended(move)
                elif not ready:
                    tip = self.why_not(move)
                label = _label(name, cards, ready, primary)
            elif name in ("take_upcard", "draw_discard") and top is not None:
                label = (f"Take the {top.glyph}" if name == "take_upcard" or not deep_choices
                         else "Take from the discard pile")
            out[name] = ButtonState(available, ready, primary, label, tip or label)
        return out

    def not_recommended(self, move: Move) -> str:
        """Why an accepted move is not listed: for a declaration, the engine's verdict on
        the cards that would be shown."""
        view = self.view
        wild = _wild_rank(view)
        if isinstance(move, Declare) and wild is not None:
            rest = list(view.hand)
            rest.remove(move.card)
            verdict = check_declaration(rest, wild_rank=wild, rules=view.rules)
            return glyph_text(f"Not a valid declaration ({verdict.reason}): it is played as "
                              "a wrong declaration.")
        return "Allowed, but not one of the listed legal moves."

    def why_not(self, move: Move) -> str:
        """The engine's reason why ``move`` is illegal now (``""`` when it is legal)."""
        try:
            self.game.verify(move, player=self.human)
        except IllegalMove as err:
            return glyph_text(str(err))
        return ""

    def discard_depths(self) -> list[int]:
        """How deep you may take from the discard pile now (Rummy 500), shallowest first."""
        return sorted({m.depth for m in self.view.legal_moves if isinstance(m, DrawDiscard)})

    def layoff_targets(self, cards: Sequence[Card]) -> list[int]:
        """The table melds the selected ``cards`` may be laid off on, as legal moves."""
        return [m.meld_index for m in self.view.legal_moves
                if isinstance(m, LayOff) and sorted(m.cards) == sorted(cards)]

    def what_to_do(self) -> str:
        """What the legal moves let you do now, in a sentence."""
        view = self.view
        kinds = {type(m) for m in view.legal_moves}
        top = view.discard_top
        top_name = top.glyph if top is not None else "discard"
        if view.phase is Phase.UPCARD:
            return f"take the {top_name} (the upcard) or pass."
        if view.phase is Phase.DRAW:
            options = []
            if DrawStock in kinds:
                options.append("draw from the stock")
            if DrawDiscard in kinds:
                deep = len(self.discard_depths())
                options.append(f"take the {top_name}" + (
                    " (or dig deeper into the discard pile)" if deep > 1 else ""))
            if EndRound in kinds:
                options.append("end the round")
            text = " or ".join(options) if options else "draw"
            if Drop in kinds:
                text += "; you may also drop out of this deal"
            return text + "."
        parts = []
        if Meld in kinds or LayOff in kinds:
            parts.append("meld or lay off if you can, then")
        if Discard in kinds:
            parts.append("select a card and discard it")
        elif Meld in kinds:
            parts.append("select the cards of a meld")
        extra = []
        if Knock in kinds:
            limit = f" (deadwood {view.knock_limit} or less)" if view.knock_limit else ""
            extra.append(f"knock{limit}")
        if Gin in kinds:
            extra.append("go gin")
        if Declare in kinds:
            extra.append("declare (your hand is complete)")
        text = " ".join(parts)
        if extra:
            text += ", or " + " or ".join(extra) + " with the card you select"
        if view.pickup and view.rules.no_discard_of_pickup and Discard in kinds:
            taken = " ".join(c.glyph for c in view.pickup)
            text += f" (not the {taken} you just took)"
        return text + "."

    # ------------------------------------------------------------------ the coach
    def hint(self) -> list[Advice] | None:
        """The moves the hint shows you now (kept in :attr:`advice`; every legal move's
        advice in :attr:`ranked`), highest value first, valued as the review will value
        the decision; None when the hand is over, it is not your turn, or there is no
        coach."""
        self.clear_hint()
        if not self.view.is_over:
            self.ranked = _coach.ranked_moves(self.game, self.human, module=self._coach)
        if self.ranked:
            shown = int(getattr(self._coach, "HINT_SHOWN", 3))
            self.advice = _coach.shown_moves(self.ranked, shown)
        return self.advice

    @property
    def choice(self) -> Advice | None:
        """The coach's pick among the last hint's moves (the move it plays: its rule of
        thumb's move among the rank-1 moves, else the first), or None without a hint."""
        return _coach.choice_of(self.ranked) if self.ranked else None

    def clear_hint(self) -> None:
        """Forget the last hint."""
        self.advice = None
        self.ranked = None

    def match_chance(self) -> float | None:
        """Your chance to win the match when this hand was dealt
        (:func:`rummy_lab.coach.match_win_probability` from the match totals, with this
        hand's dealer), for a hand of a two-player match whose format has match chances;
        else None."""
        scores = self.game.match_scores
        if scores is None or self.players != 2:
            return None
        return self._chance(scores, self.game.dealer)

    def _chance(self, scores: Sequence[int], dealer: int) -> float | None:
        """Your chance to win the match from ``scores`` with ``dealer`` dealing next, from
        the coach's match table; None without one (no coach, Hollywood, Deals)."""
        win = getattr(self._coach, "match_win_probability", None)
        if win is None:
            return None
        try:
            chances = win(self.game.rules, tuple(scores), dealer=dealer)
        except ValueError:  # a format without match chances (Hollywood, Deals)
            return None
        return float(chances[self.human])

    def match_totals(self) -> tuple[int, ...] | None:
        """The match totals now (after this hand, once it is over), or None outside a
        match played at this table."""
        return None if self.match is None else self.match.totals

    def match_chance_now(self) -> float | None:
        """Once a hand of this table's match is over: your chance to win the match from
        the totals now (1 or 0 once it is decided), with the next hand's dealer; None
        during a hand, outside a match, or for a format without match chances."""
        match = self.match
        if match is None or not self.game.is_over:
            return None
        if match.is_over:
            return 1.0 if match.winner == self.human else 0.0
        return self._chance(match.totals, match.engine.next_dealer(self.game.state))

    def match_chance_range(self) -> tuple[float, float] | None:
        """The 95% range of :meth:`match_chance`
        (:func:`rummy_lab.coach.match_win_interval`), or None where there is no chance
        or the table has no measured precision."""
        if self.match_chance() is None:
            return None
        rng = getattr(self._coach, "match_win_interval", None)
        if rng is None:
            return None
        try:
            ranges = rng(self.game.rules, self.game.match_scores, dealer=self.game.dealer)
        except ValueError:  # a target other than the preset's: no measured precision
            return None
        lo, hi = ranges[self.human]
        return float(lo), float(hi)

    def review(self) -> Any:
        """The coach's review of your decisions in this hand (None without a coach)."""
        return _coach.review(self.game, self.human, module=self._coach)

    def move_count(self) -> int:
        """How many moves you have made in this hand."""
        return sum(1 for e in self.game.history if e.player == self.human)

    # ------------------------------------------------------------------ the log
    def log_entries(self, last: int = 8) -> list[LogEntry]:
        """The last ``last`` moves with the reasons you may read now: a sentence naming
        a card you cannot see waits for the end of the hand."""
        view = self.view
        recent = {e.index for e in self.last_events}
        public = self.public_cards()
        out = []
        for e in view.history[-last:]:
            why = self.reasons.get(e.index)
            reason = ""
            if why:
                parts = glyph_text(why).split("; ")
                shown = parts if view.is_over else [
                    p for p in parts if _named_cards(p) <= public]
                reason = "; ".join(shown)
                if len(shown) < len(parts):
                    reason += ("; " if reason else "") + "more when the hand is over"
            out.append(LogEntry(e, reason, e.index in recent and e.player != self.human))
        return out

    def public_cards(self) -> set[Card]:
        """Every card you have seen: your hand, the piles, the table, what moves showed."""
        view = self.view
        seen = set(view.hand) | set(view.discard_pile)
        seen |= {c for m in view.table for c in m.cards}
        seen |= {c for cards in view.known for c in cards}
        seen |= {c for e in view.history for c in e.shown}
        if view.wild_card is not None:
            seen.add(view.wild_card)
        return seen


def seat_names(players: int, human: int | None) -> list[str]:
    """Names for the seats: ``You`` and ``Bot`` (``Bot 1``, ``Bot 2`` ... with more bots);
    without a human, ``player 0``, ``player 1`` ...

    >>> seat_names(2, 0), seat_names(3, 1), seat_names(2, None)
    (['You', 'Bot'], ['Bot 1', 'You', 'Bot 2'], ['player 0', 'player 1'])
    """
    if human is None:
        return [f"player {p}" for p in range(players)]
    if players == 2:
        return ["You" if p == human else "Bot" for p in range(players)]
    out, k = [], 0
    for p in range(players):
        if p == human:
            out.append("You")
        else:
            k += 1
            out.append(f"Bot {k}")
    return out


_CARD_NAME = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([♠♥♦♣])|\bJK\b")


def _named_cards(text: str) -> set[Card]:
    """The cards a sentence names (in glyphs), printed jokers included."""
    return {Card.parse(m.group(0)) for m in _CARD_NAME.finditer(text)}


def _move_key(move: Move) -> tuple[Any, ...]:
    """A move compared as the engine lists it (cards of a meld or lay-off in any order)."""
    cards = getattr(move, "cards", None)
    if cards is not None:
        return (type(move), tuple(sorted(cards)), getattr(move, "meld_index", None))
    return (type(move), getattr(move, "card", None), getattr(move, "depth", None))


def move_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move takes from the hand: a throw's, a meld's or a lay-off's.

    >>> move_cards(Discard(Card.parse("7H"))), move_cards(DrawStock())
    ((Card('7H'),), ())
    """
    card = getattr(move, "card", None)
    if isinstance(card, Card):
        return (card,)
    cards = getattr(move, "cards", None)
    return tuple(cards) if isinstance(cards, tuple) else ()


def _label(name: str, cards: Sequence[Card], ready: bool, listed: bool = True) -> str:
    """A card move's button label: what it would do with the selected cards."""
    shown = " ".join(c.glyph for c in cards)
    if name == "declare" and ready and not listed:
        return f"Declare anyway, finishing with the {shown}"
    if name == "gin":
        if not cards:
            return "Big gin" if ready else "Gin: select the card to throw"
        return f"Gin, throwing the {shown}"
    if not cards or (ACTIONS[name][2] == "one" and len(cards) != 1):
        what = "a card" if ACTIONS[name][2] == "one" else "cards"
        return f"{ACTIONS[name][0]}: select {what}"
    return {
        "discard": f"Discard the {shown}",
        "knock": f"Knock, throwing the {shown}",
        "declare": f"Declare, finishing with the {shown}",
        "meld": f"Meld {shown}",
        "lay_off": f"Lay off {shown}",
    }[name]


def _wild_rank(view: PlayerView) -> int | None:
    """The wild rank in force for a view (Indian Rummy's wild-joker card), else None."""
    if view.wild_card is None or not view.rules.wild_joker:
        return None
    return wild_rank_of(view.wild_card)


def _default_bot(rules: Rules) -> Bot:
    """The variant's greedy bot (:func:`rummy_lab.bots.make_bot`)."""
    return make_bot("greedy", rules)
