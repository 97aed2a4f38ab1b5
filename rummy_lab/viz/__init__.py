"""Plotly views: engine and probability values in, ``go.Figure`` out, nothing displayed.

Why a layer of its own: notebooks, widgets and tests build the same figures from the same
numbers; a widget only decides *when* to redraw, never *what* a chart means. Figures follow
the page's light or dark theme (:mod:`rummy_lab.viz.theme`).

>>> import rummy_lab as rl
>>> fig = rl.viz.draw_odds_figure(8, 31, max_draws=2)
>>> fig.data[0].customdata[1][0]
'212/465'
"""

from __future__ import annotations

from .figures import (
    COLORS,
    PERCENT_TICKS,
    RuleChoice,
    convergence_figure,
    deadwood_by_turn_figure,
    deadwood_histogram,
    draw_odds_figure,
    fraction_text,
    meld_probability_figure,
    outcome_bars,
    outs_heatmap,
    rule_choices,
)
from .game import (
    TableFrame,
    animate_game,
    deadwood_by_turn,
    event_caption,
    held_partition,
    meld_positions,
    move_caption,
    name_players,
    replay_views,
    table_frame,
    table_rows,
    view_wild_rank,
)
from .inference import belief_heatmap, probability_heatmap, reliability_figure
from .match import match_equity_heatmap
from .scores import pool_chart
from .theme import (
    THEMES,
    ThemeColors,
    note_page_theme,
    page_theme,
    set_theme,
    template,
    theme_colors,
)

__all__ = [
    "COLORS",
    "PERCENT_TICKS",
    "THEMES",
    "RuleChoice",
    "TableFrame",
    "ThemeColors",
    "animate_game",
    "belief_heatmap",
    "convergence_figure",
    "deadwood_by_turn",
    "deadwood_by_turn_figure",
    "deadwood_histogram",
    "draw_odds_figure",
    "event_caption",
    "fraction_text",
    "held_partition",
    "match_equity_heatmap",
    "meld_positions",
    "meld_probability_figure",
    "move_caption",
    "name_players",
    "note_page_theme",
    "outcome_bars",
    "outs_heatmap",
    "page_theme",
    "pool_chart",
    "probability_heatmap",
    "reliability_figure",
    "replay_views",
    "rule_choices",
    "set_theme",
    "table_frame",
    "table_rows",
    "template",
    "theme_colors",
    "view_wild_rank",
]
