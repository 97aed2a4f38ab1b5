"""Match equity as a heat map: player 0's chance to win the match over both totals.

>>> import rummy_lab as rl
>>> fig = rl.viz.match_equity_heatmap("gin", dealer=0)
>>> len(fig.data[0].x), len(fig.data[0].y), fig.data[0].zmin, fig.data[0].zmax
(100, 100, 0, 100)
>>> fig.data[0].z[90][60]  # player 0 at 90, player 1 at 60, player 0 deals: 68%
68.3
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from ..engine.rules import RulesLike
from .figures import _base_layout

if TYPE_CHECKING:  # the coach (numpy, its data file) loads when a heat map is drawn
    from ..coach.match_equity import MatchEquityTable

__all__ = ["match_equity_heatmap"]


def match_equity_heatmap(
    rules: RulesLike | MatchEquityTable,
    *,
    dealer: int | None = None,
    title: str | None = None,
    theme: str | None = None,
) -> go.Figure:
    """Player 0's chance (%) to win a two-player match, by player 0's total (rows, y) and
    player 1's total (columns, x), from :func:`rummy_lab.coach.match_equity_table`.

    The colours run from orange (player 0 rarely wins) through white (even) to blue
    (player 0 usually wins), the same scale in light and dark themes.

    :param rules: Gin, Oklahoma, Basic Rummy, Rummy 500 or Indian Pool rules, or a table
        already computed (e.g. from other hand outcomes).
    :param dealer: the seat dealing the next hand (``None``: either, equally likely).
    :param title: the title (default: names the rules and the dealer).
    :param theme: ``"light"`` or ``"dark"`` (None: the page's, :mod:`rummy_lab.viz.theme`).
    :raises ValueError: for rules without match chances or a bad dealer.
    """
    from ..coach.match_equity import MatchEquityTable, match_equity_table

    table = rules if isinstance(rules, MatchEquityTable) else match_equity_table(rules)
    totals, grid = table.grid(dealer=dealer)
    z = [[round(100 * float(v), 1) for v in row] for row in grid]
    better = "lower" if table.format == "pool" else "higher"
    deals = "dealer averaged" if dealer is None else f"player {dealer} deals next"
    fig = go.Figure(go.Heatmap(
        z=z, x=list(totals), y=list(totals), zmin=0, zmax=100,
        colorscale=[[0, "#D55E00"], [0.5, "#f7f7f7"], [1, "#0072B2"]],
        colorbar={"title": {"text": "player 0<br>wins (%)"}},
        hovertemplate=("player 0 at %{y}, player 1 at %{x}: "
                       "player 0 wins %{z:.0f}%<extra></extra>"),
        name="match equity",
    ))
    label = "pool limit" if table.format == "pool" else "target"
    span = [totals[0] - 0.5, totals[-1] + 0.5]
    _base_layout(
        fig, title or (f"{table.rules.name}: player 0's chance to win the match<br>"
                       f"<sup>{label} {table.target}, {better} totals are better; "
                       f"{deals}</sup>"),
        "player 1's total", "player 0's total", theme=theme,
        xaxis={"range": span, "constrain": "domain"},
        yaxis={"range": span, "scaleanchor": "x", "constrain": "domain"},
    )
    fig.update_layout(margin={"t": 72})
    return fig
