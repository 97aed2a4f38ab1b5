"""PlayTable: play a hand against the bots, guided at every step.

Why: playing is where the lessons meet. The table shows only the variant's own controls,
makes the legal next moves stand out, says in a line whose turn it is and what to do, and
at the end puts the result on top with the winner's hand laid out meld by meld. It never
decides what is legal: the buttons follow ``game.legal_moves()``, a click plays the move
through ``game.play`` and an illegal try shows the engine's own message.

This module draws; :class:`~rummy_lab.widgets.play_controller.PlayController` drives the
hand (the game, the bots, what a click means, the coach's hint and review) and is
tested without widgets.

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

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..bots import Bot
from ..coach.ranking import INTERVAL_NOTE, format_value
from ..coach.review import Review
from ..display import THEME, count_words, glyph_text
from ..engine.cards import Card
from ..engine.errors import IllegalMove
from ..engine.game import Game
from ..engine.moves import Declare, Discard, DrawDiscard, Gin, Knock, LayOff, Move
from ..engine.rules import Rules, Variant
from ..engine.state import Event, PlayerView
from ..viz.game import event_caption, held_partition, view_wild_rank
from . import _coach
from ._common import set_status, style_sheet, styled
from ._review import review_html
from ._seats_and_piles import piles_html, result_html, seat_html
from .hand import HandView
from .play_controller import ACTIONS, DRAWS, PlayController, move_cards
from .tracker import TrackerPanel

if TYPE_CHECKING:
    from ..coach import Advice

__all__ = ["HINT_HEADLINE", "PlayTable", "hint_html"]

HINT_HEADLINE = 2
"""Reasons the hint shows for each move: its value (with its interval, beside the move)
and what it does; the rest, the value's sentence included, fold under a summary a click
opens."""


class PlayTable(W.VBox):  # type: ignore[misc]
    """Play one hand of any implemented variant against bots.

    You sit at ``human`` (player 0 by default) and are called *You*; the others are
    *Bot* (*Bot 1*, *Bot 2* ... with more players). Only the controls of the variant are
    there (no Knock in Basic Rummy, no upcard or lay-off in Indian Rummy). A line says
    whose turn it is and what to do; the buttons of the legal next moves are primary
    (highlighted); moves that need cards are enabled once the selected cards make a legal
    move (the button then names them: *Discard 7♥*); moves not possible now are hidden.
    The bots move as soon as it is their turn; their moves are listed with the coach's
    one-line reason (an expert bot's with the value it saw and its 95% interval).
    **Hint** shows the coach's moves highest value first (:func:`hint_html`): each with
    its rank, its value and 95% interval, and what it does (the other reasons fold under
    a line a click opens); the moves the coach cannot tell apart share a rank, side by
    side, marked "equal"; the coach's pick (the move it plays) is framed, its cards marked
    in your hand (the card to throw, or every card of a meld or lay-off) and the hand laid
    out for it. The values are those **Review this hand** will give the decision
    (:func:`rummy_lab.coach.hint`: a hint followed is reviewed as rank 1). At the end the
    result sits on top: who won, the scores, the winner's hand meld by meld, with
    lay-offs drawn on the melds they extend; **Review this hand** (with the coach) shows
    your accuracy, your error rate, the key moments and every decision with its rank and
    values (:func:`~rummy_lab.widgets._review.review_html`). A hand of a match
    (``game=rl.new_match(...).current_game``) shows the match totals and your chance to
    win the match, and its hint and review value moves by that chance. With
    ``match=True`` the table plays a whole two-player match: the button reads **Next
    hand** and deals the match's next hand once this one is over (a match hand cannot be
    abandoned), the match line gives the totals and your chance after each hand, and
    once the match is decided it says who won and the button starts a **New match**.
    Without it, **New hand** deals a single hand (outside any match).

    CSS hooks: ``rl-play-table``, ``rl-turn-line``, ``rl-match``, ``rl-action`` plus
    ``rl-action-<name>`` per button, ``rl-status``, ``rl-hint``, ``rl-opponent``,
    ``rl-piles-view``, ``rl-result``, ``rl-log``, ``rl-new-hand``, ``rl-discard-depth``
    (Rummy 500: how deep to take from the discard pile), ``rl-layoff-target``,
    ``rl-review-button``, ``rl-review``.

    :ivar controller: the :class:`~rummy_lab.widgets.play_controller.PlayController`
        driving the hand; ``game``, ``view``, ``names``, ``advice``, ``reasons``,
        ``last_events``, ``seed`` and ``bot`` read from it.
    :ivar game: the hand being played (also :attr:`state`).
    :ivar view: your view of it (what the widget draws from).
    :ivar names: the seats' names (``You``, ``Bot`` ...).
    :ivar hand_view: your hand (a :class:`HandView`).
    :ivar buttons: action name -> button, for the variant's moves only.
    :ivar advice: the moves the hint shows (:class:`~rummy_lab.coach.Advice`, highest
        value first), or None; :attr:`choice` is the coach's pick among them.
    :ivar reasons: history index -> the one-line reason of a bot's move.
    :ivar last_events: the moves played by the last click (yours, then the bots' as you
        see them: their stock draws without the card).
    :ivar last_review: the :class:`~rummy_lab.coach.Review` the last **Review this hand**
        showed (None before one, and after **New hand**); it is set before the review
        panel is drawn, so an observer of ``review_view`` finds it.
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
        match: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.controller = PlayController(variant, seed=seed, human=human, bot=bot,
                                         players=players, game=game, match=match)
        self.last_review: Review | None = None
        self.size = size
        self._make_controls()
        self._connect()
        self._actions = self._actions_row()
        self.children = [
            style_sheet(),
            self.result_view,
            self.turn_line,
            self.match_view,
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
        self._render()

    def _make_controls(self) -> None:
        """Your hand, the variant's action buttons, the menus, the toggles and the HTML
        outputs."""
        self.hand_view = HandView(size=self.size)
        self.buttons: dict[str, W.Button] = {}
        for name in self.controller.actions():
            b = styled(W.Button(description=ACTIONS[name][0], layout=W.Layout(width="auto")),
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
        self.match_view = styled(W.HTML(), "rl-match")
        self.status = styled(W.HTML(), "rl-status")
        self.hint_view = styled(W.HTML(), "rl-hint")
        self.opponents = styled(W.HTML(), "rl-opponent")
        self.piles = styled(W.HTML(), "rl-piles-view")
        self.result_view = styled(W.HTML(), "rl-result")
        self.log_view = styled(W.HTML(), "rl-log")
        self.review_view = styled(W.HTML(), "rl-review")

    def _connect(self) -> None:
        """Route the controls' events to the handlers."""
        self.hint_toggle.observe(self._on_hint_change, names="value")
        self.new_button.on_click(self._on_new_click)
        self.review_button.on_click(self._on_review_click)
        self.hand_view.observe(self._on_selected_change, names="selected")
        self.layoff_target.observe(self._on_target_change, names="value")

    def _actions_row(self) -> W.HBox:
        """The buttons: the draws first (with Rummy 500's depth menu), then the moves
        that finish a turn (the lay-off target menu after *Lay off*)."""
        b = self.buttons
        draws = [b[n] for n in DRAWS if n in b]
        finish = [b[n] for n in ACTIONS if n in b and n not in DRAWS]
        if "draw_discard" in b and self.game.rules.variant is Variant.RUMMY500:
            draws.append(self.discard_depth)
        if "lay_off" in b:
            finish.insert(finish.index(b["lay_off"]) + 1, self.layoff_target)
        return styled(W.HBox(draws + finish, layout=W.Layout(flex_flow="row wrap",
                                                             align_items="center")),
                      "rl-actions")

    # ------------------------------------------------------------------ the controller's state
    @property
    def game(self) -> Game:
        """The hand being played."""
        return self.controller.game

    @property
    def state(self) -> Game:
        """The hand being played."""
        return self.controller.game

    @property
    def view(self) -> PlayerView:
        """Your view of the hand (what the table draws from)."""
        return self.controller.view

    @property
    def names(self) -> list[str]:
        """The seats' names (``You``, ``Bot`` ...)."""
        return self.controller.names

    @property
    def reasons(self) -> dict[int, str]:
        """History index -> the one-line reason of a bot's move."""
        return self.controller.reasons

    @property
    def last_events(self) -> list[Event]:
        """The moves played by the last click (yours, then the bots' as you see them)."""
        return self.controller.last_events

    @property
    def advice(self) -> list[Advice] | None:
        """The moves the hint shows (:attr:`PlayController.advice`), highest value
        first, or None."""
        return self.controller.advice

    @property
    def choice(self) -> Advice | None:
        """The coach's pick in the hint (the move whose cards are marked), or None."""
        return self.controller.choice

    @property
    def seed(self) -> int | None:
        """The seed of the hand on the table (each new hand adds one)."""
        return self.controller.seed

    @property
    def human(self) -> int:
        """Your seat."""
        return self.controller.human

    @property
    def variant(self) -> str:
        """The rules preset's name."""
        return self.controller.variant

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.controller.players

    @property
    def bot(self) -> Bot:
        """The opponents' bot: the one given, else the variant's greedy bot."""
        return self.controller.bot

    def play(self, move: Move) -> list[Event]:
        """Play ``move`` for you, then let the bots reply; return the moves played.

        :raises IllegalMove: (from the engine) when the move is not legal; nothing changes.
        """
        events = self.controller.play(move)
        self.hand_view.clear_selection()
        self._render()
        return events

    def _selected_move(self, name: str) -> Move | str:
        """The move button ``name`` means with the selected cards and menus."""
        return self.controller.move_for(
            name, self.hand_view.selected_cards, depth=int(self.discard_depth.value or 1),
            meld_index=int(self.layoff_target.value or 0))

    # ------------------------------------------------------------------ drawing
    def _render(self) -> None:
        """Redraw everything from your view: hand, piles, seats, buttons, turn line, hint,
        result and the log."""
        view = self.controller.refresh()
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
        depths = self.controller.discard_depths()
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
        self.match_view.value = self._match_html()
        self.match_view.layout.display = None if self.match_view.value else "none"
        self._render_hint()
        self.result_view.value = (
            result_html(view, human=self.human, names=self.names,
                        size=round(self.size * 0.8)) if over else "")
        self.result_view.layout.display = None if over else "none"
        self.review_button.layout.display = (
            None if over and self.controller.has_coach else "none")
        self._update_new_button(over)
        if not over:
            self.review_view.value = ""
        self.log_view.value = self._log_html()
        if self.tracker is not None:
            self.tracker.show(view)

    def _update_buttons(self) -> None:
        """Show the buttons of the moves possible now; make the listed legal moves primary
        (the controller's :meth:`~PlayController.button_states`)."""
        states = self.controller.button_states(
            self.hand_view.selected_cards, depth=int(self.discard_depth.value or 1),
            meld_index=int(self.layoff_target.value or 0))
        for name, b in self.buttons.items():
            state = states[name]
            b.layout.display = None if state.visible else "none"
            b.description = state.label
            b.tooltip = state.tooltip
            b.disabled = not state.enabled
            b.button_style = "primary" if state.primary else ""
        kinds = {type(m) for m in self.view.legal_moves}
        self.discard_depth.layout.display = (
            None if DrawDiscard in kinds and not self.discard_depth.disabled else "none")
        self.layoff_target.layout.display = None if LayOff in kinds else "none"

    def _update_new_button(self, over: bool) -> None:
        """Single hands: **New hand**, always. A match: **Next hand**, enabled once the
        hand is over, then **New match** once the match is decided."""
        match = self.controller.match
        if match is None:
            self.new_button.description = "New hand"
            self.new_button.disabled = False
            self.new_button.tooltip = "deal a new hand"
            return
        self.new_button.description = "New match" if match.is_over else "Next hand"
        self.new_button.disabled = not over
        self.new_button.tooltip = (
            "start a new match" if match.is_over else
            "deal the match's next hand" if over else
            "finish this hand first: a hand of a match cannot be abandoned")

    def _turn_html(self) -> str:
        view = self.view
        if view.result is not None:
            button = self.new_button.description
            again = ("to play the match's next hand" if button == "Next hand" else
                     "to play again")
            return ('<div class="rl-turn-line rl-over"><b>The hand is over.</b> '
                    f"The result is at the top; press <b>{button}</b> {again}.</div>")
        if view.current_player != self.human:
            who = self.names[view.current_player]
            return f'<div class="rl-turn-line"><b>{escape(who)}</b> is playing.</div>'
        what = self.controller.what_to_do()
        return f'<div class="rl-turn-line"><b>Your turn:</b> {escape(what)}</div>'

    def _match_html(self) -> str:
        """For a hand of a match: the totals when it was dealt and, for a two-player
        format with match chances, your chance to win the match then; else ``""``."""
        scores = self.game.match_scores
        if scores is None:
            return ""
        rules = self.game.rules
        totals = ", ".join(f"{escape(self.names[p])} {s}" for p, s in enumerate(scores))
        goal = _match_goal(rules)
        text = (f"<b>Match</b>{f' ({goal})' if goal else ''}: totals when this hand was "
                f"dealt: {totals}")
        chance = self.controller.match_chance()
        if chance is not None:
            span = self.controller.match_chance_range()
            where = (f", 95% range {100 * span[0]:.0f}-{100 * span[1]:.0f}%: the spread of "
                     "the table over its measured hands" if span is not None else "")
            text += (f"; your chance to win the match then: about <b>{100 * chance:.0f}%</b> "
                     f"(from the match table of expert play{where}; the hint and the review "
                     "value moves by this chance)")
        text += self._match_after_html()
        return f'<div class="rl-panel rl-match-line">{text}.</div>'

    def _match_after_html(self) -> str:
        """Once a hand of the table's match is over: the totals now and your chance
        (or who won the match); ``""`` otherwise."""
        c = self.controller
        totals = c.match_totals()
        if totals is None or not self.game.is_over or c.match is None:
            return ""
        now = ", ".join(f"{escape(self.names[p])} {s}" for p, s in enumerate(totals))
        if c.match.is_over:
            winner = c.match.winner
            who = "You win" if winner == self.human else (
                f"{escape(self.names[winner])} wins" if winner is not None else "Nobody wins")
            return (f". <b>{who} the match</b>, {now}, after "
                    f"{count_words(len(c.match.games), 'hand')}")
        text = f". After this hand: {now}"
        chance = c.match_chance_now()
        if chance is not None:
            text += f"; your chance to win the match now: about <b>{100 * chance:.0f}%</b>"
        return text

    def _render_hint(self) -> None:
        """The coach's ranked moves (:func:`hint_html`), its pick's cards marked in the
        hand and the hand laid out for its throw."""
        advice = self.controller.hint() if self.hint_toggle.value else None
        pick = self.controller.choice
        if not advice or pick is None:
            self.controller.clear_hint()
            self.hint_view.value = ""
            self._show_throw(None)
            self.hand_view.marked = ()
            return
        move = pick.move
        self._show_throw(move.card if isinstance(move, Discard | Knock | Gin | Declare)
                         else None)
        cards = self._mark(*move_cards(move))
        self.hint_view.value = hint_html(advice, self.controller.ranked or advice, cards)

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
        entries = self.controller.log_entries(last)
        if not entries:
            return ""
        items = []
        for entry in entries:
            text = glyph_text(event_caption(entry.event, self.names))
            weight = "font-weight:600;" if entry.fresh else ""
            line = escape(text) + (
                f' — <span class="rl-reason">{escape(entry.reason)}</span>'
                if entry.reason else "")
            items.append(f'<li style="{weight}">{line}</li>')
        return (
            '<details class="rl-log-box" open><summary style="font-size:13px">'
            f'Last moves</summary><ol start="{len(self.view.history) - len(entries) + 1}" '
            f'style="font-size:13px;margin:2px 0;color:{THEME["ink"]}">'
            f"{''.join(items)}</ol></details>"
        )

    # ------------------------------------------------------------------ handlers
    def _on_action_click(self, button: W.Button) -> None:
        move = self._selected_move(button.action)
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
            targets = self.controller.layoff_targets(cards)
            if targets and self.layoff_target.value not in targets:
                self.layoff_target.value = targets[0]
        self._update_buttons()

    def _on_target_change(self, _: dict[str, Any]) -> None:
        self._update_buttons()

    def _on_new_click(self, _: W.Button) -> None:
        try:
            self.controller.new_hand()
        except IllegalMove as err:  # a match hand still being played
            set_status(self.status, str(err), error=True)
            return
        self.last_review = None
        set_status(self.status)
        self.hand_view.clear_selection()
        self._render()

    def _on_review_click(self, _: W.Button) -> None:
        mine = self.controller.move_count()
        # shown while the coach works (a kernel sends it at once): a Gin hand played
        # without the hint takes a second or two, one played with it next to nothing
        self.review_view.value = (
            f'<div class="rl-panel rl-working"><b>Review of your decisions</b>: measuring '
            f"your {count_words(mine, 'move')}…</div>")
        self.review_button.disabled = True
        try:
            found = self.controller.review()
        finally:
            self.review_button.disabled = False
        self.last_review = found if isinstance(found, Review) else None
        if found is None:
            self.review_view.value = ""
            return
        if isinstance(found, Review):
            body = review_html(found)
        else:  # another coach's review: its own rich display, else its text
            html = getattr(found, "_repr_html_", None)
            body = html() if callable(html) else f"<pre>{escape(str(found))}</pre>"
        self.review_view.value = (
            f'<div class="rl-panel"><b>Review of your decisions</b>{body}</div>')


def hint_html(advice: Sequence[Advice], ranked: Sequence[Advice],
              marked: Sequence[Card] = ()) -> str:
    """The hint panel: the coach's pick and its ``marked`` cards in a line, then the
    moves of ``advice`` (those shown, highest value first) grouped by rank, the moves of
    one rank side by side and marked "equal" when the coach cannot tell them apart
    (counted over ``ranked``, every legal move), each with its value and 95% interval, the
    pick marked; then one note saying what the values are and what ``±`` means.

    CSS hooks: ``rl-hint-panel``, ``rl-rank-group`` (``data-rank``), ``rl-rank-label``,
    ``rl-move-card`` (``rl-pick`` for the coach's pick), ``rl-value``, ``rl-pick-tag``.
    """
    pick = _coach.choice_of(ranked)
    shown = " ".join(c.glyph for c in marked)
    where = ("" if not marked else
             f"; its card, the <b>{shown}</b>, is marked in your hand" if len(marked) == 1
             else f"; its cards, the <b>{shown}</b>, are marked in your hand")
    match = _objective(ranked) == "match"
    groups: dict[int, list[Advice]] = {}
    for a in advice:
        groups.setdefault(_rank(a), []).append(a)
    blocks = []
    for rank, moves in groups.items():
        tied = sum(1 for a in ranked if _rank(a) == rank)
        label = f"Rank {rank}"
        if tied > 1:
            hidden = tied - len(moves)
            label += (f" · equal: {count_words(tied, 'move')} the coach cannot tell apart"
                      + (f" ({hidden} not shown)" if hidden else ""))
        cards = "".join(_advice_card(a, a is pick, match) for a in moves)
        blocks.append(f'<div class="rl-rank-group" data-rank="{rank}">'
                      f'<div class="rl-rank-label">{escape(label)}</div>'
                      f'<div class="rl-rank-moves">{cards}</div></div>')
    what = ("your chance to win the match after each move" if match
            else "points over the rest of the hand for you")
    note = f"Values: {what}"
    if any(_se(a) > 0 for a in advice):
        note += f", averaged over sampled deals; {INTERVAL_NOTE}"
    note += (". Moves of one rank cannot be told apart at the coach's precision (it "
             "compares moves on the same deals, so two values whose intervals overlap may "
             "still rank apart).")
    left = len(ranked) - len(advice)
    if left > 0:
        note += f" {count_words(left, 'other legal move')} not shown."
    return (
        f'<div class="rl-panel rl-hint-panel"><div><b>Hint</b>: the coach\'s pick is '
        f"<b>{escape(glyph_text(_move_text(pick.move)))}</b>{where}.</div>"
        f'{"".join(blocks)}<p class="rl-note">{escape(note)}</p></div>'
    )


def _rank(a: Advice) -> int:
    return int(getattr(a, "rank", 1))


def _se(a: Advice) -> float:
    return float(getattr(a, "se", 0.0))


def _objective(advice: Sequence[Advice]) -> str:
    return str(getattr(advice[0], "objective", "points")) if advice else "points"


def _advice_card(a: Advice, pick: bool, match: bool) -> str:
    """One move of the hint: its name, its value with its interval (and the pick's tag),
    then what it does (its first reason after the value); the rest, the value's sentence
    included, fold under a line a click opens (outs, odds, danger, where the difference
    from the best comes from)."""
    value = format_value(a.value, _se(a), percent=match)
    unit = "chance to win the match" if match else "points"
    reasons = list(a.reasons)
    head, rest = reasons[1:HINT_HEADLINE], [*reasons[:1], *reasons[HINT_HEADLINE:]]
    text = (f'<div class="rl-move-card{" rl-pick" if pick else ""}" data-rank="{_rank(a)}">'
            f'<div class="rl-move-head"><b>{escape(glyph_text(_move_text(a.move)))}</b> '
            f'<span class="rl-value" title="{unit}">{escape(value)}</span>'
            + (' <span class="rl-pick-tag">coach\'s pick</span>' if pick else "") + "</div>")
    if head:
        text += f'<div class="rl-move-why">{escape(glyph_text("; ".join(head)))}</div>'
    if rest:
        text += (f'<details class="rl-why"><summary>{count_words(len(rest), "more reason")}'
                 f"</summary>{escape(glyph_text('; '.join(rest)))}</details>")
    return text + "</div>"


def _match_goal(rules: Rules) -> str:
    """How a match of ``rules`` is won, in a few words (``""`` for Hollywood and Indian
    Deals, whose totals alone do not say it).

    >>> from rummy_lab.engine.rules import get_rules
    >>> [_match_goal(get_rules(v)) for v in ("gin", "500", "indian-pool-101", "hollywood")]
    ['first to 100 wins', 'it ends once a total reaches 500; the higher total wins', \
'reaching 101 puts a player out', '']
    """
    if rules.variant is Variant.INDIAN:
        return (f"reaching {rules.pool_limit} puts a player out"
                if rules.indian_format == "pool" else "")
    if rules.variant is Variant.RUMMY500:
        return f"it ends once a total reaches {rules.target}; the higher total wins"
    return "" if rules.hollywood else f"first to {rules.target} wins"


def _move_text(move: Move) -> str:
    text = str(move)
    return text[:1].upper() + text[1:]


def _above(n: int) -> str:
    return "card above" if n == 1 else f"{n} cards above"
