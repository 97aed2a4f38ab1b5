"""Indian Rummy scoring, the public face: declarations, the losers' count, and the Points,
Pool and Deals standings.

The code lives in :mod:`rummy_lab.engine.scoring.indian` (the Indian engine needs it to
judge a declaration); every name here is the same object.

>>> import rummy_lab as rl
>>> rl.indian.count_points("2C 3C 4C 5H 6H 9S 9D KD KH KS QS QH JH", wild_rank=7)
59
"""

from __future__ import annotations

from .engine.scoring.indian import (
    CountExplanation,
    DealScores,
    DealsStanding,
    Declaration,
    PointsStanding,
    PoolStanding,
    check_declaration,
    count_note,
    count_points,
    deals_standings,
    explain_count,
    match_standing,
    points_standings,
    pool_standings,
    rejoin_limit,
    wild_rank_of,
)

__all__ = [
    "CountExplanation",
    "DealScores",
    "DealsStanding",
    "Declaration",
    "PointsStanding",
    "PoolStanding",
    "check_declaration",
    "count_note",
    "count_points",
    "deals_standings",
    "explain_count",
    "match_standing",
    "points_standings",
    "pool_standings",
    "rejoin_limit",
    "wild_rank_of",
]
