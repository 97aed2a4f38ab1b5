"""Gin Rummy scoring, the public face: the knock showdown with lay-offs, Oklahoma limits,
game and Hollywood totals.

The code lives in :mod:`rummy_lab.engine.scoring.gin` (the Gin engine needs it to end a
hand); every name here is the same object.

>>> import rummy_lab as rl
>>> rl.gin.showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 8C", "AH AD AC 2H 2D 2C 9S 9H 9D 5C").kind
'undercut'
"""

from __future__ import annotations

from .engine.scoring.gin import (
    GameTotals,
    HollywoodTotals,
    LayOffPlan,
    Showdown,
    best_layoffs,
    game_totals,
    hollywood_totals,
    knock_limit,
    showdown,
)

__all__ = [
    "GameTotals",
    "HollywoodTotals",
    "LayOffPlan",
    "Showdown",
    "best_layoffs",
    "game_totals",
    "hollywood_totals",
    "knock_limit",
    "showdown",
]
