"""The app's page: choose a game and its rule school, play against a bot, practise
puzzles, read the rules.

Why a widget of its own: Voila shows widgets and hides code, so the whole app is one
:class:`LearnerApp` that a one-cell notebook displays. It holds no rule: the table is a
:class:`~rummy_lab.widgets.PlayTable`, the bots come from :func:`rummy_lab.bots.make_bot`,
the rules card from :func:`rummy_lab.rules_card`, the puzzles of the Practice tab from
:mod:`rummy_lab.practice` (shown by a :class:`~rummy_lab.widgets.PracticeWidget`).
"""

from __future__ import annotations

import os
from html import escape
from typing import Any

import ipywidgets as W

from ..bots import BOT_NAMES, make_bot
from ..coach.review import Review
from ..display import rules_card_html, variant_table_html
from ..engine.errors import quote
from ..engine.rulebook import compare_variants, rules_card
from ..engine.rules import PRESETS, get_rules
from ..practice import THEMES, VARIANTS, from_review
from ..widgets import PlayTable, PracticeWidget
from .choices import CHOICES, ENV_VARIANT, variant_choice

__all__ = ["OPPONENTS", "PRACTICE_VARIANTS", "LearnerApp"]

OPPONENTS: tuple[tuple[str, str], ...] = tuple(
    (label, name) for label, name in (("Expert bot", "expert"), ("Greedy bot", "greedy"),
                                      ("Random bot", "random"))
    if name in BOT_NAMES
)
"""The opponents offered, strongest first (only the bots that exist)."""

PRACTICE_VARIANTS: tuple[tuple[str, str], ...] = tuple(
    (label, key) for label, key in (("Gin Rummy", "gin"), ("Basic Rummy", "basic"),
                                    ("Rummy 500", "500"), ("Indian Rummy", "indian"))
    if key in VARIANTS
)
"""The Practice tab's variants, ``(label, rl.practice.VARIANTS name)``."""

_ANY = "any"
"""The theme menu's value for puzzles of every theme."""

_BAD = ("mistake", "blunder")
"""The review labels the mistakes button practises."""


class LearnerApp(W.VBox):  # type: ignore[misc]
    """The whole app: a header with the choices, then tabs for playing, practising
    puzzles and the rules.

    The **Practice** tab deals puzzles of a variant (and a theme, or any) into a
    :class:`~rummy_lab.widgets.PracticeWidget`, built the first time the tab is opened.
    Under the table, once **Review this hand** has run, **Practise your mistakes** opens
    the Practice tab on the reviewed hand's mistakes and blunders
    (:func:`rummy_lab.practice.from_review`); without any it is disabled and says why.

    CSS hooks: ``rl-app``, ``rl-app-game``, ``rl-app-school``, ``rl-app-opponent``,
    ``rl-app-match``, ``rl-app-new-hand``, ``rl-app-tabs``, ``rl-app-rules``, ``rl-app-compare``,
    ``rl-app-practice``, ``rl-app-practice-variant``, ``rl-app-practice-theme``,
    ``rl-app-practice-note``, ``rl-app-mistakes``, ``rl-app-mistakes-note``.

    :param variant: the preset to start with (see :func:`variant_choice`).
    :param opponent: a bot name from :data:`OPPONENTS`.
    :param seed: the first hand's seed; each new hand takes the next one.
    :param progress: the learner's practice record (:class:`rummy_lab.practice.Progress`),
        or None to keep the session's in memory.
    :param match: start with **Play a match** ticked: the table plays a two-player
        match hand after hand (its **Next hand** button), showing the totals and your
        chance to win the match after each hand; the header's button then starts a new
        match.
    :ivar table: the current :class:`~rummy_lab.widgets.PlayTable`.
    :ivar practice: the Practice tab's :class:`~rummy_lab.widgets.PracticeWidget`, or
        None before the tab is opened (or when there is no puzzle to deal: the tab's
        note says why).
    """

    def __init__(self, variant: str = "gin", *, opponent: str | None = None,
                 seed: int = 1, progress: Any = None, match: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        game, preset = variant_choice(variant)
        names = [n for _, n in OPPONENTS]
        opponent = opponent if opponent is not None else names[0]
        if opponent not in names:
            raise ValueError(
                f"unknown opponent {quote(opponent)}; choose one of {', '.join(names)}")
        self.seed = seed
        self.game_choice = W.Dropdown(options=list(CHOICES), value=game, description="Game",
                                      layout=W.Layout(width="16em"))
        self.variant = W.Dropdown(options=self._schools(game), value=preset,
                                  description="Rules", layout=W.Layout(width="16em"))
        self.opponent = W.Dropdown(options=list(OPPONENTS), value=opponent,
                                   description="Opponent", layout=W.Layout(width="16em"))
        self.match_mode = W.Checkbox(value=match, description="Play a match",
                                     indent=False, layout=W.Layout(width="auto"))
        self.new_hand = W.Button(description="New match" if match else "New hand",
                                 button_style="primary",
                                 tooltip="deal a new hand with these choices")
        for widget, css in ((self.game_choice, "rl-app-game"), (self.variant, "rl-app-school"),
                            (self.opponent, "rl-app-opponent"),
                            (self.match_mode, "rl-app-match"),
                            (self.new_hand, "rl-app-new-hand")):
            widget.add_class(css)
        self.rules_view = W.HTML().add_class("rl-app-rules")
        self.compare_view = W.HTML().add_class("rl-app-compare")
        self.progress = progress
        self.practice: PracticeWidget | None = None
        self._make_practice_controls(game)
        self.table_box = W.Box()
        self.play_box = W.VBox([self.table_box, self.mistakes_row])
        self.tabs = W.Tab(children=[self.play_box, self.practice_tab, self.rules_view,
                                    self.compare_view])
        for i, title in enumerate(("Play", "Practice", "Rules of this game",
                                   "All variants")):
            self.tabs.set_title(i, title)
        self.tabs.add_class("rl-app-tabs")
        title = W.HTML(
            # the tab labels of ipywidgets' Tab are grey on grey in the light theme
            # (contrast 4.4:1, under WCAG AA's 4.5:1): the app draws them in full ink
            "<style>.rl-app .lm-TabBar-tab .lm-TabBar-tabLabel"
            "{color:var(--jp-ui-font-color1,#1a1a1a)}</style>"
            '<h2 style="margin:.2em 0;color:var(--jp-ui-font-color1,inherit)">'
            "rummy_lab: learn to play rummy</h2>"
            '<div style="color:var(--jp-ui-font-color1,inherit)">Choose a game, play a hand '
            "against the bot, ask for a hint when you are stuck, and read the rules card.</div>"
        )
        header = W.HBox([self.game_choice, self.variant, self.opponent, self.match_mode,
                         self.new_hand],
                        layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.children = [title, header, self.tabs]
        self.add_class("rl-app")
        self.table: PlayTable = self._deal()
        self._show_rules()
        self.compare_view.value = variant_table_html(compare_variants(
            [schools[0][1] for schools in CHOICES.values()]))
        self.game_choice.observe(self._on_game_choice_change, names="value")
        self.variant.observe(self._on_variant_change, names="value")
        self.opponent.observe(self._on_variant_change, names="value")
        self.match_mode.observe(self._on_match_mode_change, names="value")
        self.new_hand.on_click(self._on_new_hand_click)
        self.tabs.observe(self._on_tab_change, names="selected_index")

    @classmethod
    def from_environment(cls) -> LearnerApp:
        """The app as ``rummy-lab app --variant V`` asked for it (default: Gin), its
        practice recorded in the learner's progress file (``rl.practice.Progress()``;
        in memory when that file cannot be read)."""
        progress: Any = None
        try:
            from ..practice.progress import Progress

            progress = Progress()
        except (OSError, ValueError):
            progress = None
        return cls(os.environ.get(ENV_VARIANT, "gin"), progress=progress)

    def _make_practice_controls(self, game: str) -> None:
        """The Practice tab (variant and theme menus, a note, the widget's place) and the
        Play tab's mistakes button."""
        start = {"Gin Rummy": "gin", "Basic Rummy": "basic", "Rummy 500": "500",
                 "Indian Rummy": "indian"}.get(game, PRACTICE_VARIANTS[0][1])
        self.practice_variant = W.Dropdown(options=list(PRACTICE_VARIANTS), value=start,
                                           description="Game", layout=W.Layout(width="16em"))
        self.practice_theme = W.Dropdown(options=self._theme_options(start), value=_ANY,
                                         description="Theme",
                                         layout=W.Layout(width="30em"))
        self.practice_note = W.HTML()
        self.practice_box = W.Box()
        self.practice_tab = W.VBox([
            W.HBox([self.practice_variant, self.practice_theme],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.practice_note, self.practice_box])
        self.mistakes_button = W.Button(
            description="Practise your mistakes", icon="graduation-cap",
            layout=W.Layout(width="auto"))
        self.mistakes_note = W.HTML()
        self.mistakes_row = W.HBox([self.mistakes_button, self.mistakes_note],
                                   layout=W.Layout(align_items="center", display="none"))
        for widget, css in ((self.practice_tab, "rl-app-practice"),
                            (self.practice_variant, "rl-app-practice-variant"),
                            (self.practice_theme, "rl-app-practice-theme"),
                            (self.practice_note, "rl-app-practice-note"),
                            (self.mistakes_button, "rl-app-mistakes"),
                            (self.mistakes_note, "rl-app-mistakes-note")):
            widget.add_class(css)
        self._review: Review | None = None
        self.practice_variant.observe(self._on_practice_variant_change, names="value")
        self.practice_theme.observe(self._on_practice_theme_change, names="value")
        self.mistakes_button.on_click(self._on_mistakes_click)

    @staticmethod
    def _theme_options(variant: str) -> list[tuple[str, str]]:
        """The theme menu: any theme, then the variant's themes by name."""
        return [("any theme", _ANY)] + [
            (key.replace("_", " "), key) for key in THEMES[variant]]

    # ------------------------------------------------------------------ callbacks
    @staticmethod
    def _schools(game: str) -> list[tuple[str, str]]:
        return list(CHOICES[game])

    def _on_game_choice_change(self, change: dict[str, Any]) -> None:
        schools = self._schools(change["new"])
        self.variant.unobserve(self._on_variant_change, names="value")
        self.variant.options = schools
        self.variant.value = schools[0][1]
        self.variant.observe(self._on_variant_change, names="value")
        self._on_variant_change({})

    def _on_variant_change(self, change: dict[str, Any]) -> None:
        self.table = self._deal()
        self._show_rules()

    def _on_match_mode_change(self, change: dict[str, Any]) -> None:
        on = bool(change["new"])
        self.new_hand.description = "New match" if on else "New hand"
        self.new_hand.tooltip = ("start a new match with these choices" if on else
                                 "deal a new hand with these choices")
        self.table = self._deal()

    def _on_new_hand_click(self, _: Any) -> None:
        self.seed += 1
        self.table = self._deal()

    # ------------------------------------------------------------------ drawing
    def _deal(self) -> PlayTable:
        preset = str(self.variant.value)
        rules = get_rules(preset)
        bot = make_bot(str(self.opponent.value), rules)
        table = PlayTable(preset, seed=self.seed, bot=bot, tracker=True,
                          match=bool(self.match_mode.value))
        self.table_box.children = [table]
        table.review_view.observe(self._on_review_change, names="value")
        table.new_button.on_click(self._on_table_new_hand)
        self._show_mistakes(None)
        return table

    # ------------------------------------------------------------------ practice
    def _on_tab_change(self, change: dict[str, Any]) -> None:
        if change["new"] == 1 and self.practice is None:
            self.show_practice()

    def _on_practice_variant_change(self, change: dict[str, Any]) -> None:
        self.practice_theme.unobserve(self._on_practice_theme_change, names="value")
        self.practice_theme.options = self._theme_options(str(change["new"]))
        self.practice_theme.value = _ANY
        self.practice_theme.observe(self._on_practice_theme_change, names="value")
        self.show_practice()

    def _on_practice_theme_change(self, _: dict[str, Any]) -> None:
        self.show_practice()

    def show_practice(self, puzzles: list[Any] | None = None, note: str = "") -> None:
        """Put a new PracticeWidget in the Practice tab: ``puzzles`` if given, else the
        menus' variant and theme dealt from the shipped set. When there is nothing to
        deal, the tab's note says why and :attr:`practice` is None."""
        theme = self.practice_theme.value
        try:
            widget = PracticeWidget(
                str(self.practice_variant.value), None if theme == _ANY else str(theme),
                self.progress, puzzles=puzzles, seed=self.seed, theme_name="auto")
        except ValueError as err:
            self.practice = None
            self.practice_box.children = []
            self.practice_note.value = (
                f'<p style="color:var(--jp-ui-font-color1,inherit)">No puzzles to show: '
                f"{escape(self._why_none(err))}.</p>")
            return
        self.practice = widget
        self.practice_box.children = [widget]
        self.practice_note.value = (
            f'<p style="color:var(--jp-ui-font-color1,inherit)">{escape(note)}</p>'
            if note else "")

    def _why_none(self, err: ValueError) -> str:
        """Why the Practice tab has nothing to deal, in the app's words (no code)."""
        from .. import practice

        variant = str(self.practice_variant.value)
        theme = self.practice_theme.value
        theme = None if theme == _ANY else str(theme)
        try:
            have = len(practice.shipped(variant, theme=theme))
        except ValueError:
            have = -1
        if have == 0:
            label = dict((v, k) for k, v in PRACTICE_VARIANTS).get(variant, variant)
            what = f"{label} puzzles" + (f" of the theme {theme.replace('_', ' ')}"
                                         if theme else "")
            return (f"the app has no {what} installed yet; play a hand on the Play tab, "
                    "press Review this hand, then Practise your mistakes")
        return str(err)

    def _on_review_change(self, _: dict[str, Any]) -> None:
        review = getattr(self.table, "last_review", None)
        self._show_mistakes(review if isinstance(review, Review) else None)

    def _on_table_new_hand(self, _: Any) -> None:
        self._show_mistakes(None)

    def _show_mistakes(self, review: Review | None) -> None:
        """Show the mistakes button after a review: enabled with the number of puzzles it
        makes, or disabled with the reason."""
        self._review = review
        if review is None:
            self.mistakes_row.layout.display = "none"
            return
        bad = [r for r in review.rows if r.label in _BAD]
        self.mistakes_row.layout.display = None
        self.mistakes_button.disabled = not bad
        if bad:
            counts = review.counts()
            what = " and ".join(f"{counts[k]} {k}{'s' if counts[k] != 1 else ''}"
                                for k in _BAD if counts.get(k))
            text = f"{what} in the hand you reviewed: {len(bad)} " + (
                "puzzle" if len(bad) == 1 else "puzzles")
        else:
            shown = ", ".join(f"{v} {k}" for k, v in review.counts().items() if v)
            text = (f"nothing to practise: no mistake or blunder among your "
                    f"{len(review.rows)} decisions ({shown})")
        self.mistakes_button.tooltip = text
        self.mistakes_note.value = (
            f'<span style="color:var(--jp-ui-font-color1,inherit);margin-left:8px">'
            f"{escape(text[:1].upper() + text[1:])}.</span>")

    def _on_mistakes_click(self, _: Any) -> None:
        review = self._review
        if review is None:
            return
        try:
            puzzles = from_review(review)
        except ValueError as err:
            self.mistakes_note.value = f"<span>{escape(str(err))}</span>"
            return
        if not puzzles:
            return
        variant = puzzles[0].variant
        for menu, handler in ((self.practice_variant, self._on_practice_variant_change),
                              (self.practice_theme, self._on_practice_theme_change)):
            menu.unobserve(handler, names="value")
        self.practice_variant.value = variant
        self.practice_theme.options = self._theme_options(variant)
        self.practice_theme.value = _ANY
        self.practice_variant.observe(self._on_practice_variant_change, names="value")
        self.practice_theme.observe(self._on_practice_theme_change, names="value")
        n = len(puzzles)
        self.show_practice(puzzles, note=(
            f"Your mistakes and blunders from the hand you reviewed: {n} "
            f"{'puzzle' if n == 1 else 'puzzles'}, in the order played. Choose a game or "
            "a theme above to practise the shipped puzzles instead."))
        self.tabs.selected_index = 1

    def _show_rules(self) -> None:
        preset = str(self.variant.value)
        if preset not in PRESETS:  # pragma: no cover - the dropdown offers presets only
            self.rules_view.value = f"<p>No rules card for {escape(preset)}.</p>"
            return
        self.rules_view.value = rules_card_html(rules_card(preset))
