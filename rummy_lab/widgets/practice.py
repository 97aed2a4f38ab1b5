"""PracticeWidget: solve practice puzzles by clicking, graded at once, hinted, recorded.

Why: a puzzle is a position from real play where one decision matters. The widget
draws it as the play table draws a hand (your cards grouped into melds, the discard
pile, what is known of the opponent's hand), asks the puzzle's question, and takes the
answer as a click: a card to throw it (or go out with it), a button for any other legal
move. The verdict comes at once, with the loss and its interval and the reason; a wrong
answer keeps the answer hidden until the third hint or **Show answer**, so that **Try
again** is still a puzzle. **Next** puts the first answer on the learner's record.

This module draws; :class:`~rummy_lab.widgets.practice_controller.PracticeController`
holds the puzzle, the answer, the hints and the record, and is tested without widgets.

>>> from rummy_lab.practice.mining import mine
>>> w = PracticeWidget(puzzles=mine("gin", n=1, budget=0.2, seed=1), theme_name="dark")
>>> "rl-theme-dark" in w._dom_classes, w.controller.number
(True, 1)
>>> w.click_answer(w.controller.puzzle.answers[0])
>>> "Correct" in w.verdict_view.value
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as W

from ..display import THEME, glyph_text
from ..engine.cards import Card
from ..engine.moves import Discard, Move
from ..engine.solver import best_partition
from ..practice import HINT_LEVELS, Puzzle
from ..viz.game import view_wild_rank
from ._common import set_status, style_sheet, styled
from ._seats_and_piles import piles_html, seat_html
from .hand import HandView
from .practice_controller import BATCH, PracticeController, Recorder

__all__ = ["PALETTES", "THEME_NAMES", "PracticeWidget", "practice_css"]

THEME_NAMES: tuple[str, ...] = ("light", "dark", "high-contrast", "auto")
"""The widget's looks: its own light, dark and high-contrast colours, or ``"auto"``
(the page's JupyterLab theme)."""

PALETTES: dict[str, dict[str, str]] = {
    "light": {
        "layout-color0": "#ffffff", "layout-color1": "#ffffff", "layout-color2": "#ececec",
        "layout-color3": "#c4c4c4", "content-font-color0": "#000000",
        "content-font-color1": "#1f1f1f", "content-font-color2": "#4d4d4d",
        "content-font-color3": "#616161", "ui-font-color0": "#000000",
        "ui-font-color1": "#1f1f1f", "ui-font-color2": "#4d4d4d",
        "ui-font-color3": "#616161", "ui-inverse-font-color0": "#ffffff",
        "ui-inverse-font-color1": "#ffffff", "border-color0": "#757575",
        "border-color1": "#9e9e9e", "border-color2": "#e0e0e0",
        "brand-color0": "#0d47a1", "brand-color1": "#1565c0", "brand-color2": "#1976d2",
        "success-color0": "#1b5e20", "success-color1": "#2e7d32",
        "error-color0": "#b71c1c", "error-color1": "#c62828",
        "warn-color0": "#bf360c", "warn-color1": "#e65100", "rl-focus": "#1565c0",
    },
    "dark": {
        "layout-color0": "#111111", "layout-color1": "#1e1e1e", "layout-color2": "#333333",
        "layout-color3": "#4a4a4a", "content-font-color0": "#ffffff",
        "content-font-color1": "#f2f2f2", "content-font-color2": "#c8c8c8",
        "content-font-color3": "#b0b0b0", "ui-font-color0": "#ffffff",
        "ui-font-color1": "#f2f2f2", "ui-font-color2": "#c8c8c8",
        "ui-font-color3": "#b0b0b0", "ui-inverse-font-color0": "#000000",
        "ui-inverse-font-color1": "#111111", "border-color0": "#9e9e9e",
        "border-color1": "#8a8a8a", "border-color2": "#3d3d3d",
        "brand-color0": "#bbdefb", "brand-color1": "#90caf9", "brand-color2": "#64b5f6",
        "success-color0": "#a5d6a7", "success-color1": "#66bb6a",
        "error-color0": "#ffcdd2", "error-color1": "#ef5350",
        "warn-color0": "#ffe0b2", "warn-color1": "#ffa726", "rl-focus": "#90caf9",
    },
    "high-contrast": {
        "layout-color0": "#000000", "layout-color1": "#000000", "layout-color2": "#1a1a1a",
        "layout-color3": "#3a3a3a", "content-font-color0": "#ffffff",
        "content-font-color1": "#ffffff", "content-font-color2": "#ffffff",
        "content-font-color3": "#e0e0e0", "ui-font-color0": "#ffffff",
        "ui-font-color1": "#ffffff", "ui-font-color2": "#ffffff",
        "ui-font-color3": "#e0e0e0", "ui-inverse-font-color0": "#000000",
        "ui-inverse-font-color1": "#000000", "border-color0": "#ffffff",
        "border-color1": "#ffffff", "border-color2": "#bdbdbd",
        "brand-color0": "#ffea00", "brand-color1": "#ffd600", "brand-color2": "#ffd600",
        "success-color0": "#69f0ae", "success-color1": "#00e676",
        "error-color0": "#ff8a80", "error-color1": "#ff5252",
        "warn-color0": "#ffd180", "warn-color1": "#ffab40", "rl-focus": "#ffd600",
    },
}
"""Per look, the JupyterLab CSS variables the widget sets on itself (``rl-focus``: the
keyboard focus ring). Every colour of the widget, its buttons and the shared drawings
(:data:`rummy_lab.display.THEME`) reads these variables, so one set of values restyles
all of it; text keeps a WCAG AA contrast of at least 4.5:1 on its background."""


def practice_css() -> str:
    """The widget's style sheet: a look per :data:`PALETTES` entry (scoped to
    ``.rl-practice.rl-theme-<name>``) and the practice panels."""
    rules = []
    for name, colors in PALETTES.items():
        scope = f".rl-practice.rl-theme-{name}"
        decl = ";".join(f"--{k if k.startswith('rl-') else 'jp-' + k}:{v}"
                        for k, v in colors.items())
        rules.append(
            f"{scope}{{{decl};background:var(--jp-layout-color0);"
            "color:var(--jp-content-font-color1);padding:8px 12px;border-radius:8px}"
            f"{scope} .widget-html-content,{scope} .widget-label,{scope} .widget-html"
            "{color:var(--jp-content-font-color1)}"
        )
    rules.append(
        ".rl-practice .jupyter-button:focus-visible{outline:3px solid "
        "var(--rl-focus,var(--jp-brand-color1,#1565c0));outline-offset:2px}"
        ".rl-practice.rl-theme-high-contrast .jupyter-button{border:1px solid #ffffff}"
        ".rl-practice.rl-theme-high-contrast .rl-group.rl-deadwood-group"
        "{border-color:#ffffff}"
        ".rl-practice .rl-question{font-size:17px;font-weight:700;margin:2px 0 4px}"
        ".rl-practice .rl-puzzle-head{font-size:13px}"
        ".rl-practice .rl-verdict-box{border-left:6px solid var(--jp-border-color1);"
        "background:var(--jp-layout-color1);padding:6px 10px;margin:4px 0;"
        "font-size:14px}"
        ".rl-practice .rl-verdict-box.rl-correct{border-left-color:var(--jp-success-color1)}"
        ".rl-practice .rl-verdict-box.rl-wrong{border-left-color:var(--jp-error-color1)}"
        ".rl-practice .rl-verdict-head{font-size:17px;font-weight:700}"
        ".rl-practice .rl-hint-list{margin:4px 0 4px 20px;padding:0}"
        ".rl-practice .rl-hint-list li{margin:0 0 4px}"
        ".rl-practice .rl-progress-line{font-size:13px;padding:4px 0;"
        "font-variant-numeric:tabular-nums}"
        ".rl-practice .rl-advice-view table{color:var(--jp-content-font-color1)}"
        ".rl-practice .rl-advice-view td:nth-child(-n+3){white-space:nowrap}"
        ".rl-practice .rl-moves-label{font-size:13px;margin-right:6px}"
    )
    return "<style>" + "".join(rules) + "</style>"


class _PuzzleHand(HandView):
    """The hand of a puzzle: each card's toggle is a push button that answers with it."""

    def __init__(self, **kwargs: Any) -> None:
        self.on_card: Callable[[int], None] | None = None
        self.tip: Callable[[Card], str] | None = None
        super().__init__(**kwargs)

    def card_tooltip(self, card: Card) -> str:
        return self.tip(card) if self.tip is not None else super().card_tooltip(card)

    def _on_toggle_change(self, change: dict[str, Any]) -> None:
        if self._syncing or not change["new"]:
            return
        toggle = change["owner"]
        self._syncing = True
        try:
            toggle.value = False  # a push button: nothing stays selected
        finally:
            self._syncing = False
        if self.on_card is not None:
            self.on_card(toggle.position)


class PracticeWidget(W.VBox):  # type: ignore[misc]
    """Practice puzzles, one at a time: click your answer, read the verdict.

    The puzzle's question heads the board, then the opponent's hand (backs, and the
    cards everyone has seen face up), the stock and the discard pile, and your hand
    grouped into melds. **Click a card** to throw it (or, when that is its only legal
    use, to knock, declare or go gin with it); the buttons under the hand offer every
    other legal move (take or pass the upcard, draw, drop, knock, gin, declare, meld, lay
    off), each labelled with the move. Cards and buttons are buttons: Tab reaches them,
    Enter or Space answers.

    The verdict shows at once: correct or not, the coach's label, the loss with its 95%
    interval and the explanation. After a wrong answer the best move stays hidden until
    the third **Hint** or **Show answer**; **Try again** clears the verdict (only the
    first answer counts); **Hint** gives one level per click, the hints accumulating;
    after a wrong first answer, **Coach's ranking** opens every move ranked with its value.
    **Next** records the first answer and deals the next puzzle. The progress line gives
    the streak, the rating ± two deviations (when the record keeps one), the reviews due
    and the accuracy.

    :param variant: the variant to deal (``rl.practice.puzzles``); ignored with
        ``puzzles``.
    :param theme: a puzzle theme (:data:`rummy_lab.practice.THEMES`), None for any.
    :param progress: the learner's record (:class:`rummy_lab.practice.Progress` or any
        object with ``record(puzzle, verdict, hints=n)``); None keeps the session's in memory.
    :param puzzles: puzzles to use instead of the shipped set (e.g.
        :func:`rummy_lab.practice.from_review`).
    :param seed: the dealing seed.
    :param theme_name: the look: ``"light"``, ``"dark"``, ``"high-contrast"`` or
        ``"auto"`` (the page's theme) (:data:`THEME_NAMES`).
    :param size: card width in pixels.
    :raises ValueError: for a bad look, and as :class:`PracticeController` does.

    CSS hooks: ``rl-practice``, ``rl-theme-<look>``, ``rl-puzzle-head``, ``rl-question`` (in
    ``rl-puzzle-head-view`` and ``rl-question-view``),
    ``rl-opponent``, ``rl-piles-view``, ``rl-hand-widget``, ``rl-card-toggle``,
    ``rl-move-buttons``, ``rl-move-button``, ``rl-status``, ``rl-verdict``
    (``rl-correct`` / ``rl-wrong`` inside), ``rl-try-again``, ``rl-hint-button``,
    ``rl-show-answer``, ``rl-ranking-toggle``, ``rl-next``, ``rl-hints``,
    ``rl-advice-view``, ``rl-progress``.

    :ivar controller: the :class:`PracticeController` (the puzzle, answer, hints, record).
    """

    def __init__(
        self,
        variant: str = "gin",
        theme: str | None = None,
        progress: Recorder | None = None,
        *,
        puzzles: Sequence[Puzzle] | None = None,
        seed: int = 0,
        theme_name: str = "light",
        size: int = 60,
        batch: int = BATCH,
        **kwargs: Any,
    ) -> None:
        self._check_look(theme_name)
        self.controller = PracticeController(variant, theme, progress, puzzles=puzzles,
                                             seed=seed, batch=batch)
        super().__init__(**kwargs)
        self.size = size
        self._theme_name = theme_name
        self._make_controls()
        self.children = [
            style_sheet(), W.HTML(practice_css(), layout=W.Layout(display="none")),
            self.head, self.question, self.opponents, self.piles, self.hand_view,
            self.moves_box, self.status, self.verdict_view,
            W.HBox([self.try_button, self.hint_button, self.show_button,
                    self.ranking_toggle, self.next_button],
                   layout=W.Layout(flex_flow="row wrap")),
            self.hints_view, self.advice_view, self.progress_view,
        ]
        styled(self, "rl-practice", "rl-root", f"rl-theme-{theme_name}")
        self._render_board()

    # ------------------------------------------------------------------ building
    @staticmethod
    def _check_look(name: object) -> str:
        if name not in THEME_NAMES:
            raise ValueError(f"theme_name must be one of {', '.join(THEME_NAMES)}, got "
                             f"{name!r}")
        return str(name)

    def _make_controls(self) -> None:
        self.head = styled(W.HTML(), "rl-puzzle-head-view")
        self.question = styled(W.HTML(), "rl-question-view")
        self.opponents = styled(W.HTML(), "rl-opponent")
        self.piles = styled(W.HTML(), "rl-piles-view")
        self.hand_view = _PuzzleHand(size=self.size, mark_label="your answer")
        self.hand_view.on_card = self._on_card
        self.hand_view.tip = self._card_tip
        self.moves_box = styled(W.HBox(layout=W.Layout(flex_flow="row wrap",
                                                       align_items="center")),
                                "rl-move-buttons")
        self.move_buttons: list[W.Button] = []
        self.status = styled(W.HTML(), "rl-status")
        self.verdict_view = styled(W.HTML(), "rl-verdict")
        self.try_button = styled(W.Button(description="Try again", icon="undo",
                                          tooltip="clear the verdict and answer again"),
                                 "rl-try-again")
        self.hint_button = styled(W.Button(description="Hint", icon="lightbulb-o"),
                                  "rl-hint-button")
        self.show_button = styled(W.Button(description="Show answer", icon="eye",
                                           tooltip="show the best move"), "rl-show-answer")
        self.ranking_toggle = styled(W.ToggleButton(value=False, description="Coach's ranking",
                                                    icon="list-ol"), "rl-ranking-toggle")
        self.next_button = styled(W.Button(description="Next", icon="arrow-right",
                                           button_style="primary"), "rl-next")
        self.hints_view = styled(W.HTML(), "rl-hints")
        self.advice_view = styled(W.HTML(), "rl-advice-view")
        self.progress_view = styled(W.HTML(), "rl-progress")
        self.try_button.on_click(self._on_try_again)
        self.hint_button.on_click(self._on_hint)
        self.show_button.on_click(self._on_show_answer)
        self.next_button.on_click(self._on_next)
        self.ranking_toggle.observe(self._on_ranking, names="value")

    # ------------------------------------------------------------------ the look
    @property
    def theme_name(self) -> str:
        """The look (:data:`THEME_NAMES`); setting it restyles the widget."""
        return self._theme_name

    @theme_name.setter
    def theme_name(self, name: str) -> None:
        self._check_look(name)
        self.remove_class(f"rl-theme-{self._theme_name}")
        self.add_class(f"rl-theme-{name}")
        self._theme_name = name

    # ------------------------------------------------------------------ the state
    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on the board."""
        return self.controller.puzzle

    def card_button(self, card: Card | str) -> W.ToggleButton:
        """The button of a card of the hand (its toggle).

        :raises ValueError: for a card not in the hand.
        """
        c = Card.parse(card) if isinstance(card, str) else card
        for i, held in enumerate(self.hand_view.cards):
            if held == c:
                return self.hand_view.toggles[i]
        raise ValueError(f"{card!r} is not a card of the hand")

    def answer_button(self, move: Move) -> Any:
        """The control that answers ``move``: its button, or for a card move the card's.

        :raises ValueError: for a move no control offers.
        """
        for b in self.move_buttons:
            if b.move == move:
                return b
        card = getattr(move, "card", None)
        if isinstance(card, Card) and self.controller.card_move(card) == move:
            return self.card_button(card)
        raise ValueError(f"no button answers {move}")

    def click_answer(self, move: Move) -> None:
        """Press the control that answers ``move``, as a learner does (a card's button for
        a card move, else the move's button).

        :raises ValueError: for a move no control offers.
        """
        control = self.answer_button(move)
        if isinstance(control, W.ToggleButton):
            control.value = True
        else:
            control.click()

    # ------------------------------------------------------------------ drawing
    def _render_board(self) -> None:
        """Draw a new puzzle: the heading, question, seats, piles, hand and move
        buttons; then the answer's parts."""
        c = self.controller
        p = c.puzzle
        view = p.view
        names = ["You" if s == view.player else ("Opponent" if view.players == 2
                                                  else f"Player {s}")
                 for s in range(view.players)]
        source = {"review": "from your game", "shipped": "shipped",
                  "mined": "from play"}.get(p.source, p.source)
        extra = " · a missed puzzle back for review" if c.due_again else ""
        rounds = f" · round {c.round}" if c.round > 1 else ""
        self.head.value = (
            f'<div class="rl-puzzle-head" style="color:{THEME["ink"]}"><b>Puzzle {c.number}'
            f"</b> ({escape(p.variant)}, {escape(source)}{rounds}{extra}) · "
            f"<b>{escape(p.theme.replace('_', ' '))}</b>: {escape(c.theme_text)} · "
            f"puzzle rating {p.rating:.0f}</div>")
        self.question.value = (f'<div class="rl-question" style="color:{THEME["ink"]}">'
                               f"{escape(p.question)}</div>")
        small = round(self.size * 0.7)
        self.opponents.value = "".join(seat_html(view, s, size=small, names=names)
                                       for s in range(view.players) if s != view.player)
        self.piles.value = piles_html(view, size=self.size, names=names)
        # the melds of the whole hand, as the play table groups them, but no card set
        # apart "to throw": that would be the solver's answer to the puzzle
        wild = view_wild_rank(view)
        self.hand_view.set_hand(view.hand, rules=view.rules, wild_rank=wild,
                                partition=best_partition(view.hand, view.rules,
                                                         wild_rank=wild))
        self.move_buttons = []
        for move in c.buttons():
            b = styled(W.Button(description=str(move), tooltip=f"answer: {move}",
                                layout=W.Layout(width="auto")),
                       "rl-move-button")
            b.move = move
            b.on_click(self._on_move_button)
            self.move_buttons.append(b)
        label = W.HTML('<span class="rl-moves-label">Or play:</span>' if any(
            isinstance(m, Discard) for m in view.legal_moves) else
            '<span class="rl-moves-label">Your move:</span>')
        self.moves_box.children = [label, *self.move_buttons] if self.move_buttons else []
        self.moves_box.layout.display = None if self.move_buttons else "none"
        set_status(self.status)
        self.ranking_toggle.value = False
        self._render_answer()

    def _render_answer(self) -> None:
        """Draw what the answer changes: the verdict, the marked card, the hints, the
        buttons' states, the ranking and the progress line."""
        c = self.controller
        self.verdict_view.value = self._verdict_html()
        answered = c.answered
        card = getattr(c.move, "card", None) if c.move is not None else None
        marked: tuple[int, ...] = ()
        if isinstance(card, Card) and card in self.hand_view.cards:
            marked = (list(self.hand_view.cards).index(card),)
        self.hand_view.marked = marked
        for t in self.hand_view.toggles:
            t.disabled = answered
        for b in self.move_buttons:
            b.disabled = answered
            b.button_style = "info" if answered and b.move == c.move else ""
        self.try_button.disabled = not answered
        levels = len(HINT_LEVELS)
        self.hint_button.disabled = c.hint_level >= levels
        self.hint_button.description = (f"Hint {c.hint_level + 1} of {levels}"
                                        if c.hint_level < levels else "No more hints")
        self.hint_button.tooltip = ("the next hint" if c.hint_level < levels
                                    else f"all {levels} hints are shown")
        wrong = c.verdict is not None and not c.verdict.correct
        self.show_button.layout.display = None if wrong and not c.answer_shown else "none"
        self.ranking_toggle.disabled = not c.can_show_ranking
        self.ranking_toggle.tooltip = (
            "every legal move ranked, with its value" if c.can_show_ranking else
            "opens after a wrong first answer")
        self.hints_view.value = self._hints_html()
        self._render_ranking()
        self.progress_view.value = (
            f'<div class="rl-progress-line" style="color:{THEME["ink"]}">'
            f"<b>Progress</b>: {escape(c.progress_text())}</div>")

    def _verdict_html(self) -> str:
        c = self.controller
        v = c.verdict
        if v is None:
            tried = (f" Answer {c.answers + 1}: only the first counts for your record."
                     if c.answers else "")
            return (f'<div class="rl-verdict-box rl-waiting" style="color:{THEME["ink"]}">'
                    f"Click a card to throw it, or a button for another move.{tried}</div>")
        p = c.puzzle
        unit = "the chance to win the match" if p.unit == "match" else "points"
        rank_of = max(a.rank for a in p.advice)
        if v.correct:
            head = "✓ Correct"
            body = (f"{v.move}: rank 1 of {rank_of}, nothing lost "
                    f"(worth {p.advice_for(v.move).shown_value()} {unit}).")
            cls = "rl-correct"
        else:
            head = f"✗ Not the best: {v.label}"
            body = (f"{v.move}: rank {v.rank} of {rank_of}; you lose {c.loss_text(v)} "
                    "against the best move.")
            cls = "rl-wrong"
        why = c.explanation()
        answer = ""
        if not v.correct:
            answer = (f'<div class="rl-answer"><b>'
                      f"{escape(glyph_text(c.puzzle.hint(len(HINT_LEVELS))))}</b></div>"
                      if c.answer_shown else
                      "<div><i>The answer stays hidden: press Hint for a clue, Show answer "
                      "to see it, or Try again.</i></div>")
        return (f'<div class="rl-verdict-box {cls}" data-correct="{str(v.correct).lower()}" '
                f'data-label="{escape(v.label)}" style="color:{THEME["ink"]}">'
                f'<div class="rl-verdict-head">{escape(head)}</div>'
                f"<div>{escape(glyph_text(body))}</div>"
                f'<div class="rl-explanation">{escape(glyph_text(why))}</div>{answer}</div>')

    def _hints_html(self) -> str:
        hints = self.controller.hints
        if not hints:
            return ""
        items = "".join(f'<li data-level="{i + 1}">{escape(glyph_text(h))}</li>'
                        for i, h in enumerate(hints))
        return (f'<div class="rl-panel"><b>Hints</b> ({len(hints)} of {len(HINT_LEVELS)})'
                f'<ol class="rl-hint-list">{items}</ol></div>')

    def _render_ranking(self) -> None:
        c = self.controller
        show = self.ranking_toggle.value and c.can_show_ranking
        if not show:
            self.advice_view.value = ""
            return
        # the advice's own table: its caption, every legal move with its rank, value
        # and 95% interval, and the note on what the values are
        self.advice_view.value = f'<div class="rl-panel">{c.puzzle.advice._repr_html_()}</div>'


    # ------------------------------------------------------------------ handlers
    def _card_tip(self, card: Card) -> str:
        try:
            return f"answer: {self.controller.card_move(card)}"
        except ValueError:
            return f"{card.glyph}: not a move now"

    def _answer(self, act: Callable[[], object]) -> None:
        try:
            act()
        except (ValueError, OSError) as err:  # OSError: the record could not save
            set_status(self.status, str(err), error=True)
            return
        set_status(self.status)
        self._render_answer()

    def _on_card(self, position: int) -> None:
        card = self.hand_view.cards[position]
        self._answer(lambda: self.controller.click_card(card))

    def _on_move_button(self, button: W.Button) -> None:
        self._answer(lambda: self.controller.answer(button.move))

    def _on_try_again(self, _: W.Button) -> None:
        self._answer(self.controller.try_again)

    def _on_hint(self, _: W.Button) -> None:
        self._answer(self.controller.hint)

    def _on_show_answer(self, _: W.Button) -> None:
        self._answer(self.controller.show_answer)

    def _on_ranking(self, change: dict[str, Any]) -> None:
        if change["new"] and self.controller.can_show_ranking:
            self.controller.revealed = True  # the ranking names the answer
            self._render_answer()
        else:
            self._render_ranking()

    def _on_next(self, _: W.Button) -> None:
        try:
            self.controller.next()
        except ValueError as err:
            set_status(self.status, str(err), error=True)
            self._render_answer()
            return
        self._render_board()
