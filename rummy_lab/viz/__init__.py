"""Plotly views: engine and probability values in, ``go.Figure`` out, nothing displayed.

Why a layer of its own: notebooks, widgets and tests build the same figures from the same
numbers; a widget only decides *when* to redraw, never *what* a chart means.

>>> import rummy_lab as rl
>>> fig = rl.viz.draw_odds_figure(8, 31, max_draws=2)
>>> fig.data[0].customdata[1][0]
'212/465'
"""

from __future__ import annotations

from .figures import (
    COLORS,
    RuleChoice,
    convergence_figure,
    deadwood_by_turn_figure,
    deadwood_histogram,
    draw_odds_figure,
    meld_probability_figure,
    outcome_bars,
    outs_heatmap,
    rule_choices,
)
from .game import (
    TableFrame,
    animate_game,
    deadwood_by_turn,
    held_partition,
    meld_positions,
    move_caption,
    replay_views,
    table_frame,
    view_wild_rank,
)
from .inference import belief_heatmap, probability_heatmap, reliability_figure
from .scores import pool_chart

__all__ = [
    "COLORS",
    "RuleChoice",
    "TableFrame",
    "animate_game",
    "belief_heatmap",
    "convergence_figure",
    "deadwood_by_turn",
    "deadwood_by_turn_figure",
    "deadwood_histogram",
    "draw_odds_figure",
    "held_partition",
    "meld_positions",
    "meld_probability_figure",
    "move_caption",
    "outcome_bars",
    "outs_heatmap",
    "pool_chart",
    "probability_heatmap",
    "reliability_figure",
    "replay_views",
    "rule_choices",
    "table_frame",
    "view_wild_rank",
]
