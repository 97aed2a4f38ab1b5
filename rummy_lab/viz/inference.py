"""Figures for reading the opponent: the belief heatmap and the reliability diagram.

Why: a 4 x 13 grid of probabilities reads like the deck laid out on the table ("the
hearts around my 8 are hot"), and a reliability diagram shows whether the probabilities
are honest (the points on the diagonal) and how many predictions stand behind each point.
Both are pure: values in, ``go.Figure`` out.

>>> import rummy_lab as rl
>>> b = rl.inference.belief(rl.new_game("gin", seed=3).view_for(1), model="uniform")
>>> fig = belief_heatmap(b)
>>> fig.data[0].type, len(fig.data[0].z), len(fig.data[0].z[0])
('heatmap', 4, 13)
>>> c = rl.inference.calibration([0.1, 0.15, 0.8, 0.9], [0, 0, 1, 1])
>>> reliability_figure(c).data[1].name
'predictions'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..engine.cards import RANK_SYMBOLS, SUITS, Card, CardsLike, clean_cards
from ..inference.belief import Belief
from ..inference.calibration import Calibration
from .theme import template, theme_colors

__all__ = ["belief_heatmap", "probability_heatmap", "reliability_figure"]

_SCALE = [[0.35, "#fdd49e"], [0.7, "#fc8d59"], [1.0, "#b30000"]]  # 0: the theme's empty cell
_RANKS = list(RANK_SYMBOLS[1:])
_SUIT_NAMES = [f"{s.glyph} {s.value}" for s in SUITS]


def _grid(values: Mapping[Card, float]) -> list[list[float]]:
    z = [[0.0] * 13 for _ in SUITS]
    for card, v in values.items():
        if card.suit is not None:
            z[card.suit.order][card.rank - 1] = float(v)
    return z


def probability_heatmap(
    probabilities: Mapping[Card, float],
    *,
    known: CardsLike = (),
    seen: CardsLike = (),
    second: Mapping[Card, float] | None = None,
    title: str = "Probability the opponent holds each card",
    theme: str | None = None,
) -> go.Figure:
    """A 4 x 13 heatmap of card probabilities (suits by ranks), known and seen cards marked.

    ``second`` adds a second grid below (with two decks: the probability of holding both
    copies). Hovering a cell shows the exact value.

    >>> fig = probability_heatmap({Card.parse("7H"): 0.5}, known="8H", seen="9H")
    >>> fig.data[0].z[1][6], [t.name for t in fig.data[1:]]
    (0.5, ['known', 'seen'])

    :param probabilities: card -> probability (cards left out are 0).
    :param known: cards known to be in the hand (outlined with a star).
    :param seen: cards the viewer holds or sees (crossed).
    :param second: an optional second grid of probabilities.
    :param title: the figure title.
    :return: the figure.
    """
    rows = 2 if second is not None else 1
    fig = make_subplots(
        rows=rows, cols=1, vertical_spacing=0.12,
        subplot_titles=(("at least one copy", "both copies") if second is not None else None),
    )
    grids = [probabilities] + ([second] if second is not None else [])
    for row, values in enumerate(grids, start=1):
        z = _grid(values)
        text = [[f"{v:.0%}" if v else "" for v in r] for r in z]
        hover = [[f"{RANK_SYMBOLS[r + 1]}{s.glyph}: {z[i][r]:.1%}" for r in range(13)]
                 for i, s in enumerate(SUITS)]
        fig.add_trace(
            go.Heatmap(
                z=z, x=_RANKS, y=_SUIT_NAMES, text=text, texttemplate="%{text}",
                customdata=hover, hovertemplate="%{customdata}<extra></extra>",
                colorscale=[[0.0, theme_colors(theme).empty], *_SCALE], zmin=0, zmax=1,
                xgap=2, ygap=2,
                colorbar={"title": {"text": "probability"}, "tickformat": ".0%"},
                showscale=row == 1, name="probability",
            ),
            row=row, col=1,
        )
    for name, cards, symbol, color in (
        ("known", clean_cards(known), "star-open", theme_colors(theme).series[0]),
        ("seen", clean_cards(seen), "x-thin-open", theme_colors(theme).muted),
    ):
        pts = [c for c in dict.fromkeys(cards) if c.suit is not None]
        fig.add_trace(
            go.Scatter(
                x=[RANK_SYMBOLS[c.rank] for c in pts],
                y=[_SUIT_NAMES[c.suit.order] for c in pts if c.suit is not None],
                mode="markers", name=name,
                marker={"symbol": symbol, "size": 22, "color": color, "line": {"width": 2.5}},
                hovertext=[f"{c.glyph}: {name}" for c in pts], hoverinfo="text",
            ),
            row=1, col=1,
        )
    fig.update_yaxes(autorange="reversed")
    fig.update_layout(
        template=template(theme), title={"text": title}, height=260 * rows + 60,
        margin={"l": 60, "r": 20, "t": 70, "b": 40},
        legend={"orientation": "h", "yanchor": "bottom", "y": -0.25 if rows == 1 else -0.12,
                "x": 0},
    )
    return fig


def belief_heatmap(belief: Belief, player: int | None = None, *, title: str | None = None,
                   theme: str | None = None) -> go.Figure:
    """The heatmap of a :class:`~rummy_lab.inference.Belief` for one opponent.

    Known cards are starred; the cards the viewer holds or sees face up are crossed. With
    two decks a second grid shows the chance of holding both copies.

    >>> import rummy_lab as rl
    >>> g = rl.new_game("gin", seed=3)
    >>> _ = g.play("take_upcard")
    >>> fig = belief_heatmap(rl.inference.belief(g.view_for(0)))
    >>> list(fig.data[1].x) == [g.upcard.code[:-1]], fig.layout.title.text[:9]
    (True, 'Player 1:')

    :param belief: the belief.
    :param player: which opponent (default: the next one).
    :param title: the figure title (default: says whose hand and which model).
    :param theme: ``"light"`` or ``"dark"`` (None: the page's, :mod:`rummy_lab.viz.theme`).
    :return: the figure.
    """
    view = belief.view
    seat = belief._seat(player)
    probs = belief.probabilities(seat)
    decks = view.rules.decks_for(view.players)
    second = None
    if decks > 1:
        second = {c: max(0.0, belief.expected(c, seat) - p) for c, p in probs.items()}
    seen: list[Card] = [*view.hand, *view.discard_pile]
    for m in view.table:
        seen.extend(m.cards)
    if view.wild_card is not None:
        seen.append(view.wild_card)
    seen = [c for c in seen if probs.get(c, 0.0) == 0.0]
    if title is None:
        title = (
            f"Player {seat}: {len(belief.known(seat))} known, {belief.facts.hidden[seat]} "
            f"unknown cards ({belief.model} model, as player {view.player} sees it)"
        )
    return probability_heatmap(probs, known=belief.known(seat), seen=seen, second=second,
                               title=title, theme=theme)


def reliability_figure(
    calibrations: Calibration | Mapping[str, Calibration],
    *,
    title: str = "Reliability: predicted probability against observed frequency",
    theme: str | None = None,
) -> go.Figure:
    """A reliability diagram: each bin's mean prediction against how often it came true.

    Points on the diagonal are honest probabilities; each point's hover and size show how
    many predictions it stands for, and bars at the bottom show the counts per bin.
    Several calibrations (a mapping name -> calibration) are drawn side by side.

    >>> import rummy_lab as rl
    >>> c = rl.inference.calibration([0.1, 0.15, 0.8, 0.9], [0, 0, 1, 1])
    >>> fig = reliability_figure({"uniform": c, "behaviour": c})
    >>> [t.name for t in fig.data]
    ['perfectly calibrated', 'uniform', 'uniform: count', 'behaviour', 'behaviour: count']

    :param calibrations: one :class:`~rummy_lab.inference.Calibration`, or several by name.
    :param title: the figure title.
    :param theme: ``"light"`` or ``"dark"`` (None: the page's, :mod:`rummy_lab.viz.theme`).
    :return: the figure.
    """
    named: Iterable[tuple[str, Calibration]]
    if isinstance(calibrations, Calibration):
        named = [("predictions", calibrations)]
    else:
        named = list(calibrations.items())
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, row_heights=[0.75, 0.25],
                        vertical_spacing=0.05)
    fig.add_trace(
        go.Scatter(x=[0, 1], y=[0, 1], mode="lines", name="perfectly calibrated",
                   line={"dash": "dash", "color": theme_colors(theme).muted},
                   hoverinfo="skip"),
        row=1, col=1,
    )
    several = not isinstance(calibrations, Calibration)
    for i, (name, cal) in enumerate(named):
        bins = [b for b in cal.bins if b.count]
        series = theme_colors(theme).series
        color = series[i % len(series)]
        biggest = max((b.count for b in bins), default=1)
        label = f"{name}: Brier {cal.brier:.4f}, ECE {cal.ece:.4f}"
        fig.add_trace(
            go.Scatter(
                x=[b.predicted for b in bins], y=[b.observed for b in bins],
                mode="lines+markers", name=name if several or name else "predictions",
                line={"color": color},
                marker={"size": [8 + 14 * (b.count / biggest) ** 0.5 for b in bins],
                        "color": color},
                customdata=[[b.count, b.lower, b.upper] for b in bins],
                hovertemplate=(
                    "predicted %{x:.3f}, observed %{y:.3f}<br>%{customdata[0]} predictions "
                    "in [%{customdata[1]:.1f}, %{customdata[2]:.1f})<extra>" + label
                    + "</extra>"
                ),
            ),
            row=1, col=1,
        )
        fig.add_trace(
            go.Bar(
                x=[(b.lower + b.upper) / 2 for b in cal.bins], y=[b.count for b in cal.bins],
                width=[(b.upper - b.lower) / (len(named) + 0.5) for b in cal.bins],
                offset=None, name=f"{name}: count", marker={"color": color}, opacity=0.6,
                showlegend=False, hovertemplate="%{y} predictions<extra></extra>",
            ),
            row=2, col=1,
        )
    fig.update_layout(
        template=template(theme), title={"text": title}, height=520, barmode="group",
        margin={"l": 60, "r": 20, "t": 60, "b": 50},
        legend={"orientation": "v", "x": 1.02, "xanchor": "left", "y": 1, "yanchor": "top"},
    )
    fig.update_xaxes(range=[0, 1], row=1, col=1)
    fig.update_xaxes(range=[0, 1], title_text="predicted probability", row=2, col=1)
    fig.update_yaxes(range=[0, 1], title_text="observed frequency", row=1, col=1)
    fig.update_yaxes(title_text="count", row=2, col=1)
    return fig
