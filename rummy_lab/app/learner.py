"""The app's page: choose a game and its rule school, play against a bot, read the rules.

Why a widget of its own: Voila shows widgets and hides code, so the whole app is one
:class:`LearnerApp` that a one-cell notebook displays. It holds no rule: the table is a
:class:`~rummy_lab.widgets.PlayTable`, the bots come from :func:`rummy_lab.bots.make_bot`,
the rules card from :func:`rummy_lab.rules_card`.
"""

from __future__ import annotations

import os
from html import escape
from typing import Any

import ipywidgets as W

from ..bots import BOT_NAMES, make_bot
from ..display import rules_card_html, variant_table_html
from ..engine.errors import quote
from ..engine.rulebook import compare_variants, rules_card
from ..engine.rules import PRESETS, get_rules
from ..widgets import PlayTable
from .choices import CHOICES, ENV_VARIANT, variant_choice

__all__ = ["OPPONENTS", "LearnerApp"]

OPPONENTS: tuple[tuple[str, str], ...] = tuple(
    (label, name) for label, name in (("Expert bot", "expert"), ("Greedy bot", "greedy"),
                                      ("Random bot", "random"))
    if name in BOT_NAMES
)
"""The opponents offered, strongest first (only the bots that exist)."""


class LearnerApp(W.VBox):  # type: ignore[misc]
    """The whole app: a header with the choices, then tabs for playing and for the rules.

    CSS hooks: ``rl-app``, ``rl-app-game``, ``rl-app-school``, ``rl-app-opponent``,
    ``rl-app-new-hand``, ``rl-app-tabs``, ``rl-app-rules``, ``rl-app-compare``.

    :param variant: the preset to start with (see :func:`variant_choice`).
    :param opponent: a bot name from :data:`OPPONENTS`.
    :param seed: the first hand's seed; each new hand takes the next one.
    :ivar table: the current :class:`~rummy_lab.widgets.PlayTable`.
    """

    def __init__(self, variant: str = "gin", *, opponent: str | None = None,
                 seed: int = 1, **kwargs: Any) -> None:
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
        self.new_hand = W.Button(description="New hand", button_style="primary",
                                 tooltip="deal a new hand with these choices")
        for widget, css in ((self.game_choice, "rl-app-game"), (self.variant, "rl-app-school"),
                            (self.opponent, "rl-app-opponent"),
                            (self.new_hand, "rl-app-new-hand")):
            widget.add_class(css)
        self.rules_view = W.HTML().add_class("rl-app-rules")
        self.compare_view = W.HTML().add_class("rl-app-compare")
        self.table_box = W.Box()
        self.tabs = W.Tab(children=[self.table_box, self.rules_view, self.compare_view])
        for i, title in enumerate(("Play", "Rules of this game", "All variants")):
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
        self.children = [title, W.HBox([self.game_choice, self.variant, self.opponent,
                                        self.new_hand], layout=W.Layout(flex_flow="row wrap",
                                                                        align_items="center")),
                         self.tabs]
        self.add_class("rl-app")
        self.table: PlayTable = self._deal()
        self._show_rules()
        self.compare_view.value = variant_table_html(compare_variants(
            [schools[0][1] for schools in CHOICES.values()]))
        self.game_choice.observe(self._on_game_choice_change, names="value")
        self.variant.observe(self._on_variant_change, names="value")
        self.opponent.observe(self._on_variant_change, names="value")
        self.new_hand.on_click(self._on_new_hand_click)

    @classmethod
    def from_environment(cls) -> LearnerApp:
        """The app as ``rummy-lab app --variant V`` asked for it (default: Gin)."""
        return cls(os.environ.get(ENV_VARIANT, "gin"))

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

    def _on_new_hand_click(self, _: Any) -> None:
        self.seed += 1
        self.table = self._deal()

    # ------------------------------------------------------------------ drawing
    def _deal(self) -> PlayTable:
        preset = str(self.variant.value)
        rules = get_rules(preset)
        bot = make_bot(str(self.opponent.value), rules)
        table = PlayTable(preset, seed=self.seed, bot=bot, tracker=True)
        self.table_box.children = [table]
        return table

    def _show_rules(self) -> None:
        preset = str(self.variant.value)
        if preset not in PRESETS:  # pragma: no cover - the dropdown offers presets only
            self.rules_view.value = f"<p>No rules card for {escape(preset)}.</p>"
            return
        self.rules_view.value = rules_card_html(rules_card(preset))
