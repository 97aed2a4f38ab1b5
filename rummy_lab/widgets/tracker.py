"""CardTracker: what you can infer about the opponent's hand, turn by turn.

Why: watching the probabilities move as the opponent takes, passes and throws is how a
learner sees Bayes' rule at work, and the danger of each card in your own hand is the
question behind every discard. The widget draws what :func:`rummy_lab.inference.belief`
computes from one player's view; it never sees the hidden cards.

>>> import random, rummy_lab as rl
>>> g = rl.new_game("gin", seed=3)
>>> _ = rl.bots.play_hand(g, [rl.bots.GreedyGinBot()] * 2, random.Random(0))
>>> ct = CardTracker(g, player=0, step=4)
>>> ct.step, ct.panel.belief.view.player, len(ct.panel.figure.data[0].z)
(4, 0, 4)
>>> ct.slider.value = 6; ct.step
6
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.state import PlayerView
from ..inference import Belief, belief
from ..viz.inference import belief_heatmap
from ._common import ThemeProbe, figure_widget, refresh_figure, styled

__all__ = ["CardTracker", "TrackerPanel", "danger_rows"]

_MODELS = [("behaviour (reads choices)", "behaviour"),
           ("greedy kind (as the coach reads)", "greedy"),
           ("uniform (hard facts only)", "uniform")]


def danger_rows(b: Belief, player: int | None = None) -> list[tuple[Card, float]]:
    """The danger of each distinct card in the viewer's hand, most dangerous first.

    >>> import rummy_lab as rl
    >>> b = rl.inference.belief(rl.new_game("gin", seed=3).view_for(0), model="uniform")
    >>> rows = danger_rows(b)
    >>> len(rows) == len(set(b.view.hand)), rows[0][1] >= rows[-1][1]
    (True, True)
    """
    cards = sorted(set(b.view.hand))
    rows = [(c, b.danger(c, player)) for c in cards]
    return sorted(rows, key=lambda r: (-r[1], r[0]))


class TrackerPanel(W.VBox):  # type: ignore[misc]
    """The belief of one view: the heatmap of an opponent's hand and your cards' danger.

    Call :meth:`show` with a view (PlayTable and TurnAnimator do on every redraw). A
    finished hand shows the revealed cards.

    CSS hooks: ``rl-tracker-panel``, ``rl-tracker-head``, ``rl-tracker-figure``,
    ``rl-tracker-danger``.

    :ivar belief: the belief shown (None before the first :meth:`show`).
    :ivar danger: the danger rows of the last view (card, probability).
    :ivar figure: the heatmap (a ``FigureWidget``).
    """

    def __init__(self, *, model: str = "behaviour", seed: int = 0, opponent: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.model = model
        self.seed = seed
        self.opponent = opponent
        self.belief: Belief | None = None
        self.danger: list[tuple[Card, float]] = []
        self.head = styled(W.HTML(), "rl-tracker-head")
        self.figure = figure_widget(320, "rl-tracker-figure")
        self.danger_view = styled(W.HTML(), "rl-tracker-danger")
        self.probe = ThemeProbe()  # the heatmap follows the page's light or dark theme
        self.probe.observe(self._on_theme_change, names="theme")
        self.children = [self.probe, self.head, self.figure, self.danger_view]
        styled(self, "rl-tracker-panel", "rl-root")

    def show(self, view: PlayerView) -> Belief:
        """Compute and draw the belief of ``view``; return it."""
        b = belief(view, model=self.model, seed=self.seed)
        self.belief = b
        opponents = b.opponents
        if not opponents:
            self.head.value = "<i>No other hand holds cards.</i>"
            self.danger = []
            self.danger_view.value = ""
            return b
        seat = self.opponent if self.opponent in opponents else opponents[0]
        theme = str(self.probe.theme)
        refresh_figure(self.figure, belief_heatmap(b, seat, theme=theme), theme)
        self.danger = danger_rows(b, seat)
        known = " ".join(c.glyph for c in b.known(seat)) or "none"
        self.head.value = (
            f'<div style="font-size:13px;color:var(--jp-ui-font-color1)">Player {seat} holds '
            f"{view.hand_sizes[seat]} cards; known: {escape(known)}.</div>"
        )
        self.danger_view.value = _danger_html(self.danger, seat)
        return b

    def _on_theme_change(self, _: dict[str, Any]) -> None:
        if self.belief is not None:
            self.show(self.belief.view)


def _danger_html(rows: list[tuple[Card, float]], seat: int) -> str:
    if not rows:
        return ""
    cells = "".join(
        f'<tr><td style="padding:1px 8px">{c.glyph}</td><td style="padding:1px 8px;'
        f'text-align:right">{d:.0%}</td><td style="padding:1px 8px"><div style="height:8px;'
        f'width:{d * 80:.0f}px;background:#D55E00"></div></td></tr>'
        for c, d in rows
    )
    return (
        '<div style="font-size:12px;color:var(--jp-ui-font-color1)">'
        f"<div>Danger of each of your cards: the chance player {seat} could meld it (or lay "
        "it off) if you threw it now.</div>"
        f'<table class="rl-danger-table" style="color:inherit">{cells}</table></div>'
    )


class CardTracker(W.VBox):  # type: ignore[misc]
    """Step through a game from one player's seat and watch the belief about a hand.

    The slider chooses the move (0 is the deal); the heatmap shows the chosen opponent's
    card probabilities (known cards starred, cards you see crossed) and a table gives the
    danger of each card in your hand. Switch between the behaviour and the uniform model
    to see what the opponent's choices add. For a game that is still being played, call
    :meth:`refresh` after moves: the slider follows the latest move when it was there.

    CSS hooks: ``rl-card-tracker``, ``rl-tracker-step``, ``rl-tracker-model``,
    ``rl-tracker-opponent``, plus those of :class:`TrackerPanel`.

    :param game: the game (finished or running).
    :param player: whose view (default: player 0).
    :param model: ``"behaviour"``, ``"greedy"`` or ``"uniform"``.
    :param seed: the belief's seed.
    :param step: the move to show first (default: the latest).
    :ivar panel: the :class:`TrackerPanel` drawing the belief.
    """

    def __init__(self, game: Game, *, player: int = 0, model: str = "behaviour", seed: int = 0,
                 step: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not isinstance(game, Game):
            raise ValueError(f"CardTracker needs a Game, got {type(game).__name__}")
        if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < game.players
        ):
            raise ValueError(f"player must be a seat 0..{game.players - 1}, got {player!r}")
        self.game = game
        self.player = player
        self._views: list[PlayerView] = []
        last = len(game.history)
        self.slider = styled(W.IntSlider(value=last if step is None else step, min=0, max=last,
                                         description="Move", continuous_update=False,
                                         layout=W.Layout(width="420px")), "rl-tracker-step")
        self.model_choice = styled(W.Dropdown(options=_MODELS, value=model, description="Model",
                                              layout=W.Layout(width="300px")),
                                   "rl-tracker-model")
        others = [(f"player {p}", p) for p in range(game.players) if p != player]
        self.opponent_choice = styled(W.Dropdown(options=others, value=others[0][1],
                                                 description="Opponent",
                                                 layout=W.Layout(width="200px")),
                                      "rl-tracker-opponent")
        self.caption = styled(W.HTML(), "rl-tracker-caption")
        self.panel = TrackerPanel(model=model, seed=seed, opponent=others[0][1])
        self.slider.observe(self._on_slider_change, names="value")
        self.model_choice.observe(self._on_model_change, names="value")
        self.opponent_choice.observe(self._on_opponent_change, names="value")
        self.children = [
            W.HBox([self.slider, self.model_choice, self.opponent_choice]),
            self.caption,
            self.panel,
        ]
        styled(self, "rl-card-tracker", "rl-root")
        self._render()

    @property
    def state(self) -> Game:
        """The game being tracked."""
        return self.game

    @property
    def step(self) -> int:
        """The move shown (0 is the deal)."""
        return int(self.slider.value)

    @property
    def view(self) -> PlayerView:
        """The tracked player's view at :attr:`step`."""
        views = self._views
        if len(views) != len(self.game.history) + 1:
            views = self._views = list(self.game.replay_views(self.player))
        return views[self.step]

    def refresh(self) -> None:
        """Pick up moves played since the last redraw (the slider follows the end)."""
        at_end = self.slider.value == self.slider.max
        self.slider.max = len(self.game.history)
        if at_end:
            self.slider.value = self.slider.max
        self._render()

    def _render(self) -> None:
        view = self.view
        step = self.step
        move = "the deal" if step == 0 else f"after move {step}: " + escape(
            self.game.history[step - 1].redacted().caption()
            if self.game.history[step - 1].player != self.player
            else self.game.history[step - 1].caption()
        )
        self.caption.value = (
            f'<div style="font-size:13px;color:var(--jp-ui-font-color1)">Player '
            f"{self.player}'s view, {move}</div>"
        )
        self.panel.show(view)

    # ------------------------------------------------------------------ handlers
    def _on_slider_change(self, _: dict[str, Any]) -> None:
        self._render()

    def _on_model_change(self, change: dict[str, Any]) -> None:
        self.panel.model = change["new"]
        self._render()

    def _on_opponent_change(self, change: dict[str, Any]) -> None:
        self.panel.opponent = change["new"]
        self._render()
