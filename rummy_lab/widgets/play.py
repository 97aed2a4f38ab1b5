"""PlayTable: play a hand against a bot, with legal-move buttons and a hint.

Why: playing is where the lessons meet. The widget never decides what is legal: its
buttons are enabled from ``game.legal_moves()``, a click plays the move through
``game.play`` and an illegal try shows the engine's own message.

>>> pt = PlayTable("gin", seed=3)
>>> pt.view.player, pt.view.is_my_turn or pt.game.is_over
(0, True)
>>> enabled = sorted(n for n, b in pt.buttons.items() if not b.disabled)
>>> enabled in (["draw_discard", "draw_stock"], ["pass_upcard", "take_upcard"])
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as W

from ..bots import Bot, make_bot
from ..engine.cards import Card
from ..engine.errors import IllegalMove
from ..engine.game import Game, new_game
from ..engine.moves import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    PassUpcard,
    TakeUpcard,
)
from ..engine.rules import Rules
from ..engine.solver import deadwood
from ..engine.state import Event, PlayerView
from ..probability.exact import DrawOdds, draw_odds_table
from ..viz.game import held_partition, view_wild_rank
from ._common import set_status, styled
from ._table import piles_html, seat_html
from .hand import HandView
from .tracker import TrackerPanel

__all__ = ["PlayTable", "hint_row"]

# button name -> (label, move type, needs cards)
_ACTIONS: dict[str, tuple[str, type[Move], str]] = {
    "take_upcard": ("Take upcard", TakeUpcard, ""),
    "pass_upcard": ("Pass", PassUpcard, ""),
    "draw_stock": ("Draw from stock", DrawStock, ""),
    "draw_discard": ("Take discard", DrawDiscard, ""),
    "discard": ("Discard selected", Discard, "one"),
    "meld": ("Meld selected", Meld, "many"),
    "lay_off": ("Lay off selected", LayOff, "many"),
    "knock": ("Knock with selected", Knock, "one"),
    "gin": ("Gin", Gin, "optional"),
    "declare": ("Declare with selected", Declare, "one"),
    "drop": ("Drop", Drop, ""),
}


class PlayTable(W.VBox):  # type: ignore[misc]
    """Play one hand of any implemented variant against a bot.

    You sit at ``human`` (player 0 by default). Select cards with the toggles under your
    hand, then use the buttons: each is enabled only when the engine lists a move of
    that kind (draw, take or pass the upcard, discard, meld, lay off, knock, gin,
    declare, drop). The bot moves as soon as it is its turn. **Hint** shows the best
    discard and its draw odds (from :func:`rummy_lab.probability.draw_odds_table`). At
    the end the result, the scores and the opponent's hand are shown.

    CSS hooks: ``rl-play-table``, ``rl-action`` plus ``rl-action-<name>`` per button,
    ``rl-status``, ``rl-hint``, ``rl-opponent``, ``rl-piles-view``, ``rl-result``,
    ``rl-log``, ``rl-new-hand``, ``rl-discard-depth`` (Rummy 500: how deep to take from
    the discard pile), ``rl-layoff-target``.

    :ivar game: the hand being played (also :attr:`state`).
    :ivar view: your view of it (what the widget draws from).
    :ivar hand_view: your hand (a :class:`HandView`).
    :ivar buttons: action name -> button.
    :ivar hint: the last hint row (a :class:`~rummy_lab.probability.DrawOdds`), or None.
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
        self.variant = variant
        self.seed = seed
        self.human = human
        self.players = players
        self.size = size
        self.hint: DrawOdds | None = None
        self.last_events: list[Event] = []
        self._bot = bot
        self._rng = random.Random(seed)
        self.game: Game = game if game is not None else new_game(
            variant, players=players, seed=seed)
        if not 0 <= human < self.game.players:
            raise ValueError(f"human must be a seat 0..{self.game.players - 1}, got {human!r}")
        self.view: PlayerView = self.game.view_for(human)

        self.buttons: dict[str, W.Button] = {}
        for name, (label, _, _) in _ACTIONS.items():
            b = styled(W.Button(description=label, layout=W.Layout(width="auto")),
                       "rl-action", f"rl-action-{name}")
            b.action = name
            b.on_click(self._on_action_click)
            self.buttons[name] = b
        self.discard_depth = styled(W.Dropdown(options=[("top card", 1)], value=1,
                                               description="take",
                                               layout=W.Layout(width="220px")),
                                    "rl-discard-depth")
        self.layoff_target = styled(W.Dropdown(options=[], description="on meld",
                                               layout=W.Layout(width="160px")),
                                    "rl-layoff-target")
        self.hint_toggle = styled(W.ToggleButton(value=False, description="Hint",
                                                 icon="lightbulb-o"), "rl-hint-toggle")
        self.new_button = styled(W.Button(description="New hand", icon="refresh"),
                                 "rl-new-hand")
        self.status = styled(W.HTML(), "rl-status")
        self.hint_view = styled(W.HTML(), "rl-hint")
        self.opponents = styled(W.HTML(), "rl-opponent")
        self.piles = styled(W.HTML(), "rl-piles-view")
        self.result_view = styled(W.HTML(), "rl-result")
        self.log_view = styled(W.HTML(), "rl-log")
        self.hand_view = HandView(size=size)
        self.hint_toggle.observe(self._on_hint_change, names="value")
        self.new_button.on_click(self._on_new_click)
        self.hand_view.observe(self._on_selected_change, names="selected")
        b = self.buttons
        self.children = [
            self.opponents,
            self.piles,
            self.hand_view,
            W.HBox([b["take_upcard"], b["pass_upcard"], b["draw_stock"], b["draw_discard"],
                    self.discard_depth]),
            W.HBox([b["discard"], b["knock"], b["gin"], b["declare"], b["drop"]]),
            W.HBox([b["meld"], b["lay_off"], self.layoff_target]),
            W.HBox([self.hint_toggle, self.new_button]),
            self.status,
            self.hint_view,
            self.result_view,
            self.log_view,
        ]
        self.tracker: TrackerPanel | None = None
        if tracker:  # opt-in: what you can infer about the next opponent's hand
            self.tracker = TrackerPanel()
            self.children = [*self.children, self.tracker]
        styled(self, "rl-play-table")
        self._bots_move()
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
            move = self.bot.choose(game.view_for(seat), self._rng)
            events.append(game.play(move, player=seat))
        return events

    def play(self, move: Move) -> list[Event]:
        """Play ``move`` for you, then let the bots reply; return the moves played.

        :raises IllegalMove: (from the engine) when the move is not legal; nothing changes.
        """
        events = [self.game.play(move, player=self.human)]
        events.extend(self._bots_move())
        self.last_events = [e if e.player == self.human else e.redacted() for e in events]
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

    # ------------------------------------------------------------------ drawing
    def _render(self) -> None:
        """Redraw everything from your view: hand, piles, opponents, buttons, hint, result."""
        view = self.view = self.game.view_for(self.human)
        wild = view_wild_rank(view)
        self.hand_view.set_hand(view.hand, rules=view.rules, wild_rank=wild,
                                partition=held_partition(view, view.hand),
                                keep_selection=True)
        self.opponents.value = "".join(
            seat_html(view, seat, size=round(self.size * 0.7))
            for seat in range(view.players) if seat != self.human
        )
        self.piles.value = piles_html(view, size=self.size)
        kinds = {type(m) for m in view.legal_moves}
        for name, b in self.buttons.items():
            b.disabled = _ACTIONS[name][1] not in kinds
        pile = view.discard_pile
        depths = sorted({m.depth for m in view.legal_moves if isinstance(m, DrawDiscard)})
        self.discard_depth.options = [
            ("top card" if d == 1 else f"{pile[-d].glyph} and the {_above(d - 1)}", d)
            for d in depths
        ] or [("top card", 1)]
        self.discard_depth.disabled = len(depths) < 2
        self.layoff_target.options = [
            (f"meld {i}: {' '.join(c.code for c in m.cards)}", i) for i, m in enumerate(view.table)
        ]
        self.layoff_target.disabled = not view.table
        self._render_hint()
        self._render_result()
        self.log_view.value = _log_html(view)
        if self.tracker is not None:
            self.tracker.show(view)

    def _render_hint(self) -> None:
        self.hint = None
        if not self.hint_toggle.value or self.view.is_over:
            self.hint_view.value = ""
            return
        row = hint_row(self.view)
        if row is None:
            self.hint_view.value = ""
            return
        self.hint = row
        odds = ", ".join(f"{k} draw{'s' * (k > 1)}: {float(p):.1%} ({p})"
                         for k, p in row.p_hit.items())
        outs = " ".join(c.glyph for c in row.outs) or "none"
        head = (f"Best discard: <b>{row.discard.glyph}</b>, keeping {row.deadwood} deadwood. "
                if row.discard is not None else f"Your deadwood: {row.deadwood}. ")
        self.hint_view.value = (
            f'<div style="font-size:13px;background:#f3f8fc;padding:6px;border-radius:6px">'
            f"{head}Outs: {escape(outs)} ({row.out_count} of {row.unseen} unseen cards). "
            f"Chance to draw one within {odds}.</div>"
        )

    def _render_result(self) -> None:
        view = self.view
        res = view.result
        if res is None:
            self.result_view.value = ""
            return
        who = "Nobody" if res.winner is None else (
            "You" if res.winner == self.human else f"Player {res.winner}")
        scores = ", ".join(
            f"player {p}{' (you)' if p == self.human else ''}: {s}"
            for p, s in enumerate(res.scores)
        )
        revealed = "".join(
            seat_html(view, seat, size=round(self.size * 0.8))
            for seat in range(view.players) if seat != self.human
        )
        self.result_view.value = (
            f'<div class="rl-result-box" data-kind="{escape(res.kind)}" style="font-size:14px;'
            f'border:2px solid #009E73;border-radius:8px;padding:6px;margin-top:6px">'
            f"<b>{escape(who)} won</b> ({escape(res.kind)}). {escape(res.reason)}<br>"
            f"Scores: {escape(scores)}{revealed}</div>"
        )

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

    def _on_new_click(self, _: W.Button) -> None:
        self.seed = None if self.seed is None else self.seed + 1
        self._rng = random.Random(self.seed)
        self.game = new_game(self.variant, players=self.players, seed=self.seed)
        self.last_events = [e.redacted() for e in self._bots_move()]
        set_status(self.status)
        self.hand_view.clear_selection()
        self._render()


HINT_CANDIDATES = 3
"""How many equally good discards a hint compares by their outs."""


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


def _log_html(view: PlayerView, last: int = 6) -> str:
    events = view.history[-last:]
    if not events:
        return ""
    items = "".join(f"<li>{escape(e.caption())}</li>" for e in events)
    return (
        '<details class="rl-log-box" open><summary style="font-size:12px">last moves</summary>'
        f'<ol start="{len(view.history) - len(events) + 1}" style="font-size:12px;margin:2px 0">'
        f"{items}</ol></details>"
    )
