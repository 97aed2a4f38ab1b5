"""PlayTable: play a hand against the bots, guided at every step.

Why: playing is where the lessons meet. The table shows only the variant's own controls,
makes the legal next moves stand out, says in a line whose turn it is and what to do, and
at the end puts the result on top with the winner's hand laid out meld by meld. It never
decides what is legal: the buttons follow ``game.legal_moves()``, a click plays the move
through ``game.play`` and an illegal try shows the engine's own message.

>>> pt = PlayTable("gin", seed=3)
>>> pt.view.player, pt.names
(0, ['You', 'Bot'])
>>> sorted(pt.buttons)  # Gin's controls only
['discard', 'draw_discard', 'draw_stock', 'gin', 'knock', 'pass_upcard', 'take_upcard']
>>> sorted(n for n, b in pt.buttons.items() if b.button_style == "primary")
['pass_upcard', 'take_upcard']
>>> pt.turn_line.value.count("Your turn")
1
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as W

from ..bots import Bot, make_bot
from ..display import THEME, count_words, glyph_text
from ..engine.cards import Card
from ..engine.errors import IllegalMove
from ..engine.game import Game, new_game
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
from ..engine.rules import Rules, Variant
from ..engine.scoring.indian import check_declaration
from ..engine.solver import deadwood
from ..engine.state import Event, Phase, PlayerView
from ..probability.exact import DrawOdds, draw_odds_table
from ..viz.game import event_caption, held_partition, view_wild_rank
from . import _coach
from ._common import set_status, style_sheet, styled
from ._table import piles_html, result_html, seat_html, seat_names
from .hand import HandView
from .tracker import TrackerPanel

__all__ = ["PlayTable", "hint_row"]

# button name -> (label, move type, cards it needs: "", "one", "many" or "optional")
_ACTIONS: dict[str, tuple[str, type[Move], str]] = {
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
_DRAWS = ("take_upcard", "pass_upcard", "draw_stock", "draw_discard")


class PlayTable(W.VBox):  # type: ignore[misc]
    """Play one hand of any implemented variant against bots.

    You sit at ``human`` (player 0 by default) and are called *You*; the others are
    *Bot* (*Bot 1*, *Bot 2* ... with more players). Only the controls of the variant are
    there (no Knock in Basic Rummy, no upcard or lay-off in Indian Rummy). A line says
    whose turn it is and what to do; the buttons of the legal next moves are primary
    (highlighted); moves that need cards are enabled once the selected cards make a legal
    move (the button then names them: *Discard 7♥*); moves not possible now are hidden.
    The bots move as soon as it is their turn; their moves are listed with a one-line
    reason when the coach is installed. **Hint** marks the cards of the coach's choice in
    your hand (the card to throw, or every card of a meld or lay-off) and shows the
    coach's best moves with their reasons (each move's value and what it does; the other
    reasons, :data:`HINT_HEADLINE` on, fold under a line a click opens), valued as
    **Review this hand** will value the decision (:func:`rummy_lab.coach.hint`: a hint
    followed is reviewed as best; without the coach: the best discard and the chance to
    draw a card that helps). At the end the
    result sits on top: who won, the scores, the winner's hand meld by meld, with
    lay-offs drawn on the melds they extend; **Review this hand** (with the coach) rates
    your decisions.

    CSS hooks: ``rl-play-table``, ``rl-turn-line``, ``rl-action`` plus
    ``rl-action-<name>`` per button, ``rl-status``, ``rl-hint``, ``rl-opponent``,
    ``rl-piles-view``, ``rl-result``, ``rl-log``, ``rl-new-hand``, ``rl-discard-depth``
    (Rummy 500: how deep to take from the discard pile), ``rl-layoff-target``,
    ``rl-review-button``, ``rl-review``.

    :ivar game: the hand being played (also :attr:`state`).
    :ivar view: your view of it (what the widget draws from).
    :ivar names: the seats' names (``You``, ``Bot`` ...).
    :ivar hand_view: your hand (a :class:`HandView`).
    :ivar buttons: action name -> button, for the variant's moves only.
    :ivar hint: the last hint row (a :class:`~rummy_lab.probability.DrawOdds`), or None.
    :ivar advice: the coach's ranked moves with reasons shown by the hint, or None.
    :ivar reasons: history index -> the one-line reason of a bot's move.
    :ivar last_events: the moves played by the last click (yours, then the bots' as you
        see them: their stock draws without the card).
    :ivar tracker: with ``tracker=True``, a :class:`~rummy_lab.widgets.TrackerPanel`
        under the table showing what you can infer about the next opponent's hand and
        the danger of your cards, redrawn with the table; else None.
    """

    def __init__(
        self,
        variant: str = "gin",
        *,
        seed: int | None = None,
        human: int = 0,
        bot: Bot | None = None,
        players: int = 2,
        size: int = 60,
        game: Game | None = None,
        tracker: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.seed = seed
        self.human = human
        self.size = size
        self.hint: DrawOdds | None = None
        self.advice: list[tuple[Move, tuple[str, ...]]] | None = None
        self.last_events: list[Event] = []
        self.reasons: dict[int, str] = {}
        self._bot = bot
        self._rng = random.Random(seed)
        self.game: Game = game if game is not None else new_game(
            variant, players=players, seed=seed)
        self.variant = variant if game is None else self.game.rules.name
        self.players = self.game.players
        if not 0 <= human < self.game.players:
            raise ValueError(f"human must be a seat 0..{self.game.players - 1}, got {human!r}")
        self.names = seat_names(self.game.players, human)
        self.view: PlayerView = self.game.view_for(human)

        kinds = set(self.game.move_types())
        self.buttons: dict[str, W.Button] = {}
        for name, (label, kind, _) in _ACTIONS.items():
            if kind not in kinds:
                continue
            b = styled(W.Button(description=label, layout=W.Layout(width="auto")),
                       "rl-action", f"rl-action-{name}")
            b.action = name
            b.on_click(self._on_action_click)
            self.buttons[name] = b
        self.discard_depth = styled(W.Dropdown(options=[("top card", 1)], value=1,
                                               description="take",
                                               layout=W.Layout(width="260px")),
                                    "rl-discard-depth")
        self.layoff_target = styled(W.Dropdown(options=[], description="on meld",
                                               layout=W.Layout(width="300px")),
                                    "rl-layoff-target")
        self.hint_toggle = styled(W.ToggleButton(value=False, description="Hint",
                                                 icon="lightbulb-o",
                                                 tooltip="mark the card to throw and "
                                                         "show the best moves"),
                                  "rl-hint-toggle")
        self.new_button = styled(W.Button(description="New hand", icon="refresh"),
                                 "rl-new-hand")
        self.review_button = styled(W.Button(description="Review this hand",
                                             icon="search"), "rl-review-button")
        self.turn_line = styled(W.HTML(), "rl-turn")
        self.status = styled(W.HTML(), "rl-status")
        self.hint_view = styled(W.HTML(), "rl-hint")
        self.opponents = styled(W.HTML(), "rl-opponent")
        self.piles = styled(W.HTML(), "rl-piles-view")
        self.result_view = styled(W.HTML(), "rl-result")
        self.log_view = styled(W.HTML(), "rl-log")
        self.review_view = styled(W.HTML(), "rl-review")
        self.hand_view = HandView(size=size)
        self.hint_toggle.observe(self._on_hint_change, names="value")
        self.new_button.on_click(self._on_new_click)
        self.review_button.on_click(self._on_review_click)
        self.hand_view.observe(self._on_selected_change, names="selected")
        self.layoff_target.observe(self._on_target_change, names="value")
        b = self.buttons
        draws = [b[n] for n in _DRAWS if n in b]
        finish = [b[n] for n in _ACTIONS if n in b and n not in _DRAWS]
        if "draw_discard" in b and self.game.rules.variant is Variant.RUMMY500:
            draws.append(self.discard_depth)
        if "lay_off" in b:
            finish.insert(finish.index(b["lay_off"]) + 1, self.layoff_target)
        self._actions = styled(W.HBox(draws + finish, layout=W.Layout(flex_flow="row wrap",
                                                                        align_items="center")),
                               "rl-actions")
        self.children = [
            style_sheet(),
            self.result_view,
            self.turn_line,
            self.opponents,
            self.piles,
            self.hand_view,
            self._actions,
            self.status,
            W.HBox([self.hint_toggle, self.new_button, self.review_button]),
            self.hint_view,
            self.review_view,
            self.log_view,
        ]
        self.tracker: TrackerPanel | None = None
        if tracker:  # opt-in: what you can infer about the next opponent's hand
            self.tracker = TrackerPanel()
            self.children = [*self.children, self.tracker]
        styled(self, "rl-play-table", "rl-root")
        self.last_events = self._bots_move()
        self._render()

    # ------------------------------------------------------------------ engine calls
    @property
    def state(self) -> Game:
        """The hand being played."""
        return self.game

    @property
    def bot(self) -> Bot:
        """The opponents' bot: the one given, else the variant's greedy bot."""
        if self._bot is None:
            self._bot = _default_bot(self.game.rules)
        return self._bot

    def _bots_move(self) -> list[Event]:
        events = []
        game = self.game
        while not game.is_over and game.current_player != self.human:
            seat = game.current_player
            view = game.view_for(seat)
            move = self.bot.choose(view, self._rng)
            event = game.play(move, player=seat)
            reason = _coach.explain(view, move, self.bot)
            if reason:
                self.reasons[event.index] = reason
            events.append(event.redacted())
        return events

    def play(self, move: Move) -> list[Event]:
        """Play ``move`` for you, then let the bots reply; return the moves played.

        :raises IllegalMove: (from the engine) when the move is not legal; nothing changes.
        """
        events = [self.game.play(move, player=self.human)]
        events.extend(self._bots_move())
        self.last_events = events
        self.hand_view.clear_selection()
        self._render()
        return events

    def _move_for(self, name: str, cards: Sequence[Card]) -> Move | str:
        """The move a button means with the selected cards (the engine judges it), or a
        note on what to select."""
        _, kind, needs = _ACTIONS[name]
        verb = name.replace("_", " ")
        if needs == "one":
            if len(cards) != 1:
                return f"Select exactly one card to {verb}."
            return kind(cards[0])  # type: ignore[call-arg]
        if needs == "many":
            if not cards:
                return f"Select the cards to {verb}."
            if kind is LayOff:
                return LayOff(tuple(cards), int(self.layoff_target.value or 0))
            return Meld(tuple(cards))
        if kind is DrawDiscard:
            return DrawDiscard(int(self.discard_depth.value or 1))
        if needs == "optional":
            if len(cards) > 1:
                return "Select one card to discard with gin, or none for big gin."
            return Gin(cards[0]) if cards else Gin()
        return kind()

    def _is_legal(self, move: Move) -> bool:
        key = _move_key(move)
        return any(_move_key(m) == key for m in self.view.legal_moves)

    # ------------------------------------------------------------------ drawing
    def _render(self) -> None:
        """Redraw everything from your view: hand, piles, seats, buttons, turn line, hint,
        result and the log."""
        view = self.view = self.game.view_for(self.human)
        wild = view_wild_rank(view)
        self.hand_view.set_hand(view.hand, rules=view.rules, wild_rank=wild,
                                partition=held_partition(view, view.hand),
                                keep_selection=True)
        over = view.result is not None
        self.opponents.value = "" if over else "".join(
            seat_html(view, seat, size=round(self.size * 0.7), names=self.names)
            for seat in range(view.players) if seat != self.human
        )
        self.piles.value = piles_html(view, size=self.size, names=self.names)
        pile = view.discard_pile
        depths = sorted({m.depth for m in view.legal_moves if isinstance(m, DrawDiscard)})
        self.discard_depth.options = [
            ("the top card" if d == 1 else f"{pile[-d].glyph} and the {_above(d - 1)}", d)
            for d in depths
        ] or [("the top card", 1)]
        self.discard_depth.disabled = len(depths) < 2
        self.layoff_target.options = [
            (f"meld {i + 1}: {' '.join(c.glyph for c in m.cards)}", i)
            for i, m in enumerate(view.table)
        ]
        self._update_buttons()
        self.turn_line.value = self._turn_html()
        self._render_hint()
        self.result_view.value = (
            result_html(view, human=self.human, names=self.names,
                        size=round(self.size * 0.8)) if over else "")
        self.result_view.layout.display = None if over else "none"
        self.review_button.layout.display = (
            None if over and _coach.coach() is not None else "none")
        if not over:
            self.review_view.value = ""
        self.log_view.value = self._log_html()
        if self.tracker is not None:
            self.tracker.show(view)

    def _accepted_kinds(self, listed: set[type[Move]]) -> set[type[Move]]:
        """Card moves the engine would still play though it lists none (Indian Rummy's
        wrong declaration: legal, with its penalty)."""
        view = self.view
        if not view.is_my_turn or view.phase is not Phase.DISCARD:
            return set()
        out = set()
        for name in self.buttons:
            _, kind, needs = _ACTIONS[name]
            if needs == "one" and kind not in listed and any(
                self.game.can_play(kind(c), player=self.human)  # type: ignore[call-arg]
                for c in dict.fromkeys(view.hand)
            ):
                out.add(kind)
        return out

    def _update_buttons(self) -> None:
        """Show the buttons of the moves possible now; make the listed legal moves primary.

        A card move the engine accepts but does not list (a wrong declaration) stays
        enabled in the plain style, its tooltip saying why the hand is not complete."""
        view = self.view
        kinds = {type(m) for m in view.legal_moves}
        accepted = self._accepted_kinds(kinds)
        cards = self.hand_view.selected_cards
        top = view.discard_top
        for name, b in self.buttons.items():
            label, kind, needs = _ACTIONS[name]
            available = kind in kinds or kind in accepted
            b.layout.display = None if available else "none"
            ready = primary = available
            tip = ""
            if available and needs:
                move = self._move_for(name, cards)
                primary = ready = not isinstance(move, str) and self._is_legal(move)
                if isinstance(move, str):
                    tip = move
                elif not ready and self.game.can_play(move, player=self.human):
                    ready, tip = True, self._not_recommended(move)
                elif not ready:
                    tip = self._why_not(move)
                label = _label(name, cards, ready, primary)
            elif name in ("take_upcard", "draw_discard") and top is not None:
                label = f"Take the {top.glyph}" if name == "take_upcard" or len(
                    self.discard_depth.options) < 2 else "Take from the discard pile"
            b.description = label
            b.tooltip = tip or label
            b.disabled = not ready
            b.button_style = "primary" if primary else ""
        self.discard_depth.layout.display = (
            None if DrawDiscard in kinds and not self.discard_depth.disabled else "none")
        self.layoff_target.layout.display = None if LayOff in kinds else "none"

    def _not_recommended(self, move: Move) -> str:
        """Why an accepted move is not listed: for a declaration, the engine's verdict on
        the cards that would be shown."""
        view = self.view
        wild = view_wild_rank(view)
        if isinstance(move, Declare) and wild is not None:
            rest = list(view.hand)
            rest.remove(move.card)
            verdict = check_declaration(rest, wild_rank=wild, rules=view.rules)
            return glyph_text(f"Not a valid declaration ({verdict.reason}): it is played as "
                              "a wrong declaration.")
        return "Allowed, but not one of the listed legal moves."

    def _why_not(self, move: Move) -> str:
        try:
            self.game.verify(move, player=self.human)
        except IllegalMove as err:
            return glyph_text(str(err))
        return ""

    def _turn_html(self) -> str:
        view = self.view
        if view.result is not None:
            return ('<div class="rl-turn-line rl-over"><b>The hand is over.</b> '
                    "The result is at the top; press <b>New hand</b> to play again.</div>")
        if view.current_player != self.human:
            who = self.names[view.current_player]
            return f'<div class="rl-turn-line"><b>{escape(who)}</b> is playing.</div>'
        return f'<div class="rl-turn-line"><b>Your turn:</b> {escape(self._what_to_do())}</div>'

    def _what_to_do(self) -> str:
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
                deep = len({m.depth for m in view.legal_moves if isinstance(m, DrawDiscard)})
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

    def _render_hint(self) -> None:
        self.hint = None
        self.advice = None
        if not self.hint_toggle.value or self.view.is_over:
            self.hint_view.value = ""
            self._show_throw(None)
            self.hand_view.marked = ()
            return
        view = self.view
        advice = _coach.ranked_moves(self.game, self.human)
        if advice:
            self.advice = advice
            first = advice[0][0]
            self._show_throw(first.card if isinstance(first, Discard | Knock | Gin | Declare)
                             else None)
            cards = self._mark(*_move_cards(first))
            shown = " ".join(c.glyph for c in cards)
            marked = ("" if not cards else
                      f"; its card, the <b>{shown}</b>, is marked in your hand"
                      if len(cards) == 1 else
                      f"; its cards, the <b>{shown}</b>, are marked in your hand")
            items = "".join(_advice_item(m, r) for m, r in advice)
            self.hint_view.value = (
                f'<div class="rl-panel"><b>Hint</b>: the coach\'s choice first{marked}'
                f'<ol style="margin:4px 0 0 18px;padding:0">{items}</ol></div>'
            )
            return
        row = hint_row(view)
        self._show_throw(None if row is None else row.discard)
        if row is None:
            self.hint_view.value = ""
            self.hand_view.marked = ()
            return
        self.hint = row
        self._mark(row.discard)
        helps = " ".join(c.glyph for c in row.outs)
        chances = ", ".join(
            f"{float(p):.0%} within {count_words(k, 'draw')}" for k, p in row.p_hit.items())
        if row.discard is not None:
            head = (f"Throw the <b>{row.discard.glyph}</b> (marked in your hand): that "
                    f"leaves {row.deadwood} deadwood.")
        else:
            head = f"Your deadwood is {row.deadwood}."
            top = view.discard_top
            takes = {DrawDiscard, TakeUpcard} & {type(m) for m in view.legal_moves}
            if top is not None and takes:
                head += (f" The <b>{top.glyph}</b> on the discard pile makes or extends a "
                         "meld: take it." if top in row.outs else
                         f" The <b>{top.glyph}</b> on the discard pile does not help you: "
                         "draw from the stock.")
        body = (
            f" Cards that would make or extend a meld: {escape(helps)} "
            f"({row.out_count} of {count_words(row.unseen, 'unseen card')}); "
            f"the chance to draw one: {chances}." if row.outs else
            " No single card would make a new meld now."
        )
        self.hint_view.value = f'<div class="rl-panel"><b>Hint</b>: {head}{body}</div>'

    def _show_throw(self, card: Card | None) -> None:
        """Lay the hand out for throwing ``card`` when that leaves the least deadwood too
        (several throws often tie), so the hand and the hint name the same card; with
        ``card`` None, the solver's own choice among the ties."""
        view = self.view
        part = held_partition(view, view.hand, throw=card)
        if part != self.hand_view.partition:
            self.hand_view.set_hand(view.hand, wild_rank=view_wild_rank(view), partition=part,
                                    keep_selection=True, marked=self.hand_view.marked)

    def _mark(self, *cards: Card | None) -> tuple[Card, ...]:
        """Mark ``cards`` in the hand (one position each: two decks may hold a card twice)
        and return those found there."""
        hand = list(self.view.hand)
        found: list[Card] = []
        places: list[int] = []
        for card in cards:
            at = next((i for i, c in enumerate(hand) if c == card and i not in places), None)
            if card is not None and at is not None:
                places.append(at)
                found.append(card)
        self.hand_view.marked = tuple(sorted(places))
        return tuple(found)

    def _log_html(self, last: int = 8) -> str:
        events = self.view.history[-last:]
        if not events:
            return ""
        items = []
        recent = {e.index for e in self.last_events}
        public = self._public_cards()
        for e in events:
            text = glyph_text(event_caption(e, self.names))
            why = self.reasons.get(e.index)
            reason = ""
            if why:
                parts = glyph_text(why).split("; ")
                # a sentence naming a card you cannot see waits for the end of the hand
                shown = parts if self.view.is_over else [
                    p for p in parts if _named_cards(p) <= public]
                reason = "; ".join(shown)
                if len(shown) < len(parts):
                    reason += ("; " if reason else "") + "more when the hand is over"
            weight = "font-weight:600;" if e.index in recent and e.player != self.human else ""
            line = escape(text) + (f' — <span class="rl-reason">{escape(reason)}</span>'
                                   if reason else "")
            items.append(f'<li style="{weight}">{line}</li>')
        return (
            '<details class="rl-log-box" open><summary style="font-size:13px">'
            f'Last moves</summary><ol start="{len(self.view.history) - len(events) + 1}" '
            f'style="font-size:13px;margin:2px 0;color:{THEME["ink"]}">'
            f"{''.join(items)}</ol></details>"
        )

    def _public_cards(self) -> set[Card]:
        """Every card you have seen: your hand, the piles, the table, what moves showed."""
        view = self.view
        seen = set(view.hand) | set(view.discard_pile)
        seen |= {c for m in view.table for c in m.cards}
        seen |= {c for cards in view.known for c in cards}
        seen |= {c for e in view.history for c in e.shown}
        if view.wild_card is not None:
            seen.add(view.wild_card)
        return seen

    # ------------------------------------------------------------------ handlers
    def _on_action_click(self, button: W.Button) -> None:
        move = self._move_for(button.action, self.hand_view.selected_cards)
        if isinstance(move, str):
            set_status(self.status, move, error=True)
            return
        try:
            self.play(move)
        except IllegalMove as err:
            set_status(self.status, str(err), error=True)
            return
        set_status(self.status)

    def _on_hint_change(self, _: dict[str, Any]) -> None:
        self._render_hint()

    def _on_selected_change(self, _: dict[str, Any]) -> None:
        set_status(self.status)
        cards = self.hand_view.selected_cards
        if cards and "lay_off" in self.buttons:
            targets = [m.meld_index for m in self.view.legal_moves
                       if isinstance(m, LayOff) and sorted(m.cards) == sorted(cards)]
            if targets and self.layoff_target.value not in targets:
                self.layoff_target.value = targets[0]
        self._update_buttons()

    def _on_target_change(self, _: dict[str, Any]) -> None:
        self._update_buttons()

    def _on_new_click(self, _: W.Button) -> None:
        self.seed = None if self.seed is None else self.seed + 1
        self._rng = random.Random(self.seed)
        self.game = new_game(self.game.rules, players=self.players, seed=self.seed)
        self.reasons = {}
        self.last_events = self._bots_move()
        set_status(self.status)
        self.hand_view.clear_selection()
        self._render()

    def _on_review_click(self, _: W.Button) -> None:
        mine = sum(1 for e in self.game.history if e.player == self.human)
        # shown while the coach works (a kernel sends it at once): a Gin hand played
        # without the hint takes a second or two, one played with it next to nothing
        self.review_view.value = (
            f'<div class="rl-panel rl-working"><b>Review of your decisions</b>: measuring '
            f"your {count_words(mine, 'move')}…</div>")
        self.review_button.disabled = True
        try:
            found = _coach.review(self.game, self.human)
        finally:
            self.review_button.disabled = False
        if found is None:
            self.review_view.value = ""
            return
        html = getattr(found, "_repr_html_", None)
        body = html() if callable(html) else f"<pre>{escape(str(found))}</pre>"
        self.review_view.value = (
            f'<div class="rl-panel"><b>Review of your decisions</b>{body}</div>')


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


def _move_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move takes from the hand: a throw's, a meld's or a lay-off's."""
    card = getattr(move, "card", None)
    if isinstance(card, Card):
        return (card,)
    cards = getattr(move, "cards", None)
    return tuple(cards) if isinstance(cards, tuple) else ()


HINT_HEADLINE = 2
"""Reasons the hint shows for each move; the rest fold under a summary a click opens."""


def _advice_item(move: Move, reasons: Sequence[str]) -> str:
    """One ranked move of the hint: its first :data:`HINT_HEADLINE` reasons (its value
    and what it does), the rest folded (outs, odds, danger, where the difference from
    the best comes from)."""
    head, rest = reasons[:HINT_HEADLINE], reasons[HINT_HEADLINE:]
    text = f"<li><b>{escape(_move_text(move))}</b>"
    if head:
        text += f": {escape(glyph_text('; '.join(head)))}"
    if rest:
        text += (f'<details class="rl-why"><summary>{count_words(len(rest), "more reason")}'
                 f"</summary>{escape(glyph_text('; '.join(rest)))}</details>")
    return text + "</li>"


def _move_text(move: Move) -> str:
    text = str(move)
    return text[:1].upper() + text[1:]


def _label(name: str, cards: Sequence[Card], ready: bool, listed: bool = True) -> str:
    """A card move's button label: what it would do with the selected cards."""
    shown = " ".join(c.glyph for c in cards)
    if name == "declare" and ready and not listed:
        return f"Declare anyway, finishing with the {shown}"
    if name == "gin":
        if not cards:
            return "Big gin" if ready else "Gin: select the card to throw"
        return f"Gin, throwing the {shown}"
    if not cards or (_ACTIONS[name][2] == "one" and len(cards) != 1):
        what = "a card" if _ACTIONS[name][2] == "one" else "cards"
        return f"{_ACTIONS[name][0]}: select {what}"
    return {
        "discard": f"Discard the {shown}",
        "knock": f"Knock, throwing the {shown}",
        "declare": f"Declare, finishing with the {shown}",
        "meld": f"Meld {shown}",
        "lay_off": f"Lay off {shown}",
    }[name]


HINT_CANDIDATES = 2
"""How many equally good discards a hint compares by their outs (the two highest cards:
counting the outs of a third took an Indian Rummy click past 150 ms at the 90th
percentile, see ``benchmarks/bench_widgets.py``)."""


def hint_row(view: PlayerView) -> DrawOdds | None:
    """The best legal discard for ``view`` with its draw odds, as a row of
    :func:`~rummy_lab.probability.draw_odds_table` (best first: lowest deadwood, then most
    outs, then the higher card); before a draw, the hand as it is.

    Only the discards that leave the lowest deadwood get their outs counted, and of
    those only the :data:`HINT_CANDIDATES` highest cards (ties are common when every card
    counts), which keeps a 14-card Indian Rummy hint fast. The deadwood is always the
    table's best; with few ties the row is exactly the one the full table puts first.

    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("gin", seed=2)
    >>> hint_row(g.view_for(g.current_player)).discard is None  # nothing to discard yet
    True
    """
    rules, wild = view.rules, view_wild_rank(view)
    seen = [*view.discard_pile]
    for seat in range(view.players):
        if seat != view.player:
            seen.extend(view.known[seat])
    if view.wild_card is not None:
        seen.append(view.wild_card)

    def table(cards: Sequence[Card], known: Sequence[Card]) -> list[DrawOdds]:
        return draw_odds_table(cards, rules, seen=known, draws=(1, 2, 3), wild_rank=wild,
                               players=view.players)

    legal = list(dict.fromkeys(m.card for m in view.legal_moves if isinstance(m, Discard)))
    if len(view.hand) != rules.hand_size_for(view.players) + 1 or not legal:
        rows = table(view.hand, seen)
        if legal:
            rows = [r for r in rows if r.discard is None or r.discard in legal]
        return rows[0] if rows else None
    kept: dict[Card, list[Card]] = {}
    for card in legal:
        rest = list(view.hand)
        rest.remove(card)
        kept[card] = rest
    left = {c: deadwood(rest, rules, wild_rank=wild) for c, rest in kept.items()}
    low = min(left.values())
    best = sorted((c for c in legal if left[c] == low),
                  key=lambda c: (-rules.card_value(c, wild), -c.index))[:HINT_CANDIDATES]
    rows = [replace(table(kept[c], [*seen, c])[0], discard=c) for c in best]
    ranks = {id(r): (-r.out_count, -rules.card_value(c, wild), -c.index)
             for r, c in zip(rows, best, strict=True)}
    return min(rows, key=lambda r: ranks[id(r)])


def _above(n: int) -> str:
    return "card above" if n == 1 else f"{n} cards above"


def _default_bot(rules: Rules) -> Bot:
    """The variant's greedy bot (:func:`rummy_lab.bots.make_bot`)."""
    return make_bot("greedy", rules)
