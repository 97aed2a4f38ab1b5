"""Bots for rummy_lab games: ``Bot.choose(view, rng) -> Move``, plus helpers to play hands.

>>> import random, rummy_lab as rl
>>> g = rl.new_game("gin", seed=4)
>>> rl.bots.play_hand(g, [rl.bots.RandomBot(), rl.bots.GreedyGinBot()], random.Random(1)).kind in (
...     "gin", "big_gin", "knock", "undercut", "draw", "max_turns")
True
"""

from __future__ import annotations

from .engine.bots import Bot, GreedyGinBot, RandomBot, play_hand, play_match
from .engine.bots_indian import GreedyIndianBot
from .engine.bots_table import GreedyTableBot

__all__ = [
    "Bot",
    "GreedyGinBot",
    "GreedyIndianBot",
    "GreedyTableBot",
    "RandomBot",
    "play_hand",
    "play_match",
]
