"""TurnAnimator: replay a recorded hand move by move, with a synced deadwood chart.

Why: watching a hand unfold (what was drawn, what was thrown, how the deadwood fell) is
how a learner studies a bot's or a classmate's play. The replay runs the recorded moves
through the rules engine again, so it shows exactly what the engine did.

>>> import random, rummy_lab as rl
>>> g = rl.new_game("gin", seed=3)
>>> _ = rl.bots.play_hand(g, [rl.bots.GreedyGinBot(), rl.bots.GreedyGinBot()], random.Random(0))
>>> ta = TurnAnimator(g)
>>> ta.slider.max == len(g.history), ta.caption.value.count("The deal")
(True, 1)
>>> ta.forward_button.click(); ta.step, ta.figure.layout.shapes[0].x0
(1, 1)
>>> ta.probe.theme = "dark"; ta.figure.layout.template.layout.font.color
'#f2f2f2'
>>> ta.probe.theme = "light"
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as W

from ..display import THEME, glyph_text
from ..engine.game import Game
from ..engine.state import PlayerView
from ..viz.figures import deadwood_by_turn_figure
from ..viz.game import deadwood_by_turn, move_caption, name_players, replay_views
from ._common import ThemeProbe, figure_widget, refresh_figure, style_sheet, styled
from ._seats_and_piles import table_html
from .hand import order_control
from .tracker import TrackerPanel

__all__ = ["TurnAnimator"]

_ALL = -1  # the viewpoint "every hand face up" (a dropdown shows None as blank)
_SPEEDS = [("0.5×", 1600), ("1×", 800), ("2×", 400), ("4×", 200)]


class TurnAnimator(W.VBox):  # type: ignore[misc]
    """Replays a recorded game: play/pause, step, slider, speed, viewpoint, deadwood chart.

    The table shows every hand face up (melds together and outlined, then the deadwood
    sorted by suit and rank; or as held) or one player's view (the others as card backs
    plus the cards everybody knows, until the showdown), the stock count, the discard
    pile, table melds and a caption for the move. The deadwood chart (a ``FigureWidget``)
    marks the step the slider shows and follows the page's light or dark theme.

    CSS hooks: ``rl-turn-animator``, ``rl-play``, ``rl-step-slider``, ``rl-step-back``,
    ``rl-step-forward``, ``rl-move-caption``, ``rl-table-view``, ``rl-deadwood-figure``,
    ``rl-order``.

    :ivar game: the recorded game (also :attr:`state`).
    :ivar views: every player's view at every step (``views[step][player]``).
    :ivar deadwood: deadwood per player per step for the current viewpoint.
    :ivar step: the step shown (0 = the deal).
    :ivar figure: the deadwood chart.
    :ivar names: the players' names (``player 0`` ... unless given).
    :ivar probe: reports the page's theme (the chart follows it).
    :ivar tracker: with ``tracker=True``, a :class:`~rummy_lab.widgets.TrackerPanel`
        showing the shown player's belief (player 0's with every hand face up), redrawn
        at each step; else None.
    """

    def __init__(
        self, game: Game, *, player: int | None = None, size: int = 48,
        names: Sequence[str] | None = None, tracker: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.size = size
        if names is not None and len(names) != game.players:
            raise ValueError(f"{len(names)} names for {game.players} players")
        self.names = list(names) if names is not None else [
            f"player {p}" for p in range(game.players)]
        self.views: list[tuple[PlayerView, ...]] = replay_views(game)
        last = len(self.views) - 1
        self.deadwood: list[list[int | None]] = []
        self.play = styled(W.Play(value=0, min=0, max=last, step=1, interval=800,
                                  description="play"), "rl-play")
        self.slider = styled(W.IntSlider(value=0, min=0, max=last, description="Move",
                                         continuous_update=True,
                                         layout=W.Layout(width="520px")), "rl-step-slider")
        W.link((self.play, "value"), (self.slider, "value"))
        self.back_button = styled(W.Button(description="◀", tooltip="previous move",
                                           layout=W.Layout(width="44px")), "rl-step-back")
        self.forward_button = styled(W.Button(description="▶", tooltip="next move",
                                              layout=W.Layout(width="44px")), "rl-step-forward")
        self.speed = styled(W.Dropdown(options=_SPEEDS, value=800, description="Speed",
                                       layout=W.Layout(width="170px")), "rl-speed")
        seats = [("all hands face up", _ALL)] + [
            (f"what {n} sees" if n != "You" else "what you see", p)
            for p, n in enumerate(self.names)
        ]
        self.viewpoint = styled(W.Dropdown(options=seats, value=_ALL if player is None else player,
                                           description="Show"), "rl-viewpoint")
        self.order = order_control()
        self.caption = styled(W.HTML(), "rl-move-caption")
        self.table = styled(W.HTML(), "rl-table-view")
        self.figure = figure_widget(280, "rl-deadwood-figure")
        self.probe = ThemeProbe()
        self.slider.observe(self._on_slider_change, names="value")
        self.speed.observe(self._on_speed_change, names="value")
        self.viewpoint.observe(self._on_viewpoint_change, names="value")
        self.order.observe(self._on_order_change, names="value")
        self.probe.observe(self._on_theme_change, names="theme")
        self.back_button.on_click(self._on_back_click)
        self.forward_button.on_click(self._on_forward_click)
        self.children = [
            style_sheet(),
            self.probe,
            W.HBox([self.play, self.back_button, self.slider, self.forward_button]),
            W.HBox([self.speed, self.viewpoint, self.order],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.caption,
            self.table,
            self.figure,
        ]
        self.tracker: TrackerPanel | None = None
        if tracker:  # opt-in: the shown player's belief about the next opponent's hand
            self.tracker = TrackerPanel()
            self.children = [*self.children, self.tracker]
        styled(self, "rl-turn-animator", "rl-root")
        self._redraw_chart()
        self._render()

    @property
    def state(self) -> Game:
        """The recorded game."""
        return self.game

    @property
    def step(self) -> int:
        """The step shown (0 is the deal, k is after the k-th move)."""
        return int(self.slider.value)

    # ------------------------------------------------------------------ drawing
    @property
    def player(self) -> int | None:
        """Whose view the table shows (None: every hand face up)."""
        seat = int(self.viewpoint.value)
        return None if seat == _ALL else seat

    def _redraw_chart(self, *, recount: bool = True) -> None:
        if recount:
            self.deadwood = deadwood_by_turn(self.game, player=self.player)
        theme = self.probe.theme
        refresh_figure(self.figure, deadwood_by_turn_figure(
            self.deadwood, turn=self.step, names=self.names, theme=theme), theme)

    def _render(self) -> None:
        """Redraw the caption, the table and the chart marker for :attr:`step`."""
        step = self.step
        views = self.views[step]
        player = self.player
        base = views[0 if player is None else player]
        names = self.names
        text = ("The deal" if step == 0
                else f"Move {step}: {move_caption(views, player, names)}")
        if base.result is not None:
            text += f" — {name_players(glyph_text(base.result.reason), names)}"
        self.caption.value = (
            f'<div class="rl-caption-text" data-step="{step}" style="font-size:16px;'
            f'padding:4px 0;color:{THEME["ink"]}">{escape(text)}</div>'
        )
        self.table.value = table_html(views, player=player, size=self.size, names=names,
                                      order=self.order.value)
        with self.figure.batch_update():
            shape = self.figure.layout.shapes[0]
            shape.x0 = shape.x1 = step
        self.back_button.disabled = step == 0
        self.forward_button.disabled = step == self.slider.max
        if self.tracker is not None:  # "all hands face up": player 0's belief
            self.tracker.show(views[0 if player is None else player])

    # ------------------------------------------------------------------ handlers
    def _on_slider_change(self, _: dict[str, Any]) -> None:
        self._render()

    def _on_speed_change(self, change: dict[str, Any]) -> None:
        self.play.interval = change["new"]

    def _on_viewpoint_change(self, _: dict[str, Any]) -> None:
        self._redraw_chart()
        self._render()

    def _on_order_change(self, _: dict[str, Any]) -> None:
        self._render()

    def _on_theme_change(self, _: dict[str, Any]) -> None:
        self._redraw_chart(recount=False)

    def _on_back_click(self, _: W.Button) -> None:
        if self.slider.value > 0:
            self.slider.value -= 1

    def _on_forward_click(self, _: W.Button) -> None:
        if self.slider.value < self.slider.max:
            self.slider.value += 1
