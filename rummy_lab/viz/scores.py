"""Score charts: a Pool match's running totals against its limit.

>>> import rummy_lab as rl
>>> fig = rl.viz.pool_chart([(0, (0, 80, 40)), (2, (20, 30, 0)), (0, (0, 0, 62))])
>>> [list(t.y) for t in fig.data[:3]]
[[0, 0, 20, 20], [0, 80, 110, 110], [0, 40, 40, 102]]
>>> fig.layout.shapes[0].y0
101
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import plotly.graph_objects as go

from ..engine.rules import RulesLike, get_rules
from ..engine.scoring.indian import DealScores, pool_standings
from .figures import _base_layout, _color

__all__ = ["pool_chart"]


def pool_chart(
    deals: Iterable[DealScores],
    rules: RulesLike = "indian-pool-101",
    *,
    names: Sequence[str] | None = None,
    title: str | None = None,
    theme: str | None = None,
) -> go.Figure:
    """Each player's running Pool total by deal, with the line that puts a player out.

    :param deals: the deals in order, each ``(winner, points per seat)`` or a deal result.
    :param rules: a Pool preset (101 or 201) or Rules.
    :param names: a label per seat (default ``player 0``, ...).
    :param theme: ``"light"`` or ``"dark"`` (None: the page's, :mod:`rummy_lab.viz.theme`).
    :raises ValueError: for rules that are not Indian Pool rules, or bad deals.
    """
    r = get_rules(rules)
    if r.indian_format != "pool":
        raise ValueError(f"pool_chart needs Pool rules (indian-pool-101, -201), got {r.name!r}")
    played = list(deals)
    if not played:
        raise ValueError("pool_chart needs at least one deal")
    first = played[0]
    players = len(first[1] if isinstance(first, tuple) else first.scores)
    history = [pool_standings(played[:k], r, players=players) for k in range(len(played) + 1)]
    labels = list(names) if names is not None else [f"player {p}" for p in range(players)]
    if len(labels) != players:
        raise ValueError(f"names must give {players} labels, got {len(labels)}")
    fig = go.Figure()
    xs = list(range(len(history)))
    for p in range(players):
        ys = [st.totals[p] for st in history]
        out = [st.totals[p] >= r.pool_limit for st in history]
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines+markers", name=labels[p],
            line={"color": _color(p, theme), "width": 3},
            marker={"size": [12 if o else 8 for o in out],
                    "symbol": ["x" if o else "circle" for o in out]},
            hovertemplate=f"{labels[p]}" + " after deal %{x}: %{y} points<extra></extra>",
        ))
    final = history[-1]
    winner = f"{labels[final.winner]} wins" if final.winner is not None else "the pool goes on"
    fig.add_hline(y=r.pool_limit, line_dash="dash", line_width=2,
                  annotation_text=f"{r.pool_limit}: out of the pool",
                  annotation_position="top left")
    top = max(max(st.totals) for st in history)
    _base_layout(fig, title or f"{r.pool_limit} Pool: running totals ({winner})",
                 "deal", "points", theme=theme, yaxis={"range": [0, max(top, r.pool_limit) * 1.12]},
                 xaxis={"dtick": 1})
    return fig
