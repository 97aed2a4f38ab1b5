"""Bots for rummy_lab games: ``Bot.choose(view, rng) -> Move``, plus helpers to play hands.

Every bot lives in this package: the protocol and the random bot (:mod:`.base`), the
greedy players of each variant (:mod:`.gin`, :mod:`.table`, :mod:`.indian`), the EAAI
Gin Rummy challenge's reference player (:mod:`.eaai`), and the registry that turns a
name into a bot for given rules (:func:`make_bot`).

>>> import random, rummy_lab as rl
>>> g = rl.new_game("gin", seed=4)
>>> rl.bots.play_hand(g, [rl.bots.make_bot("random", g.rules), rl.bots.GreedyGinBot()],
...                   random.Random(1)).kind in ("gin", "big_gin", "knock", "undercut", "draw")
True
"""

from __future__ import annotations

from .base import Bot, RandomBot, play_hand, play_match, play_until_turn
from .eaai import SimpleGinRummyPlayer
from .expert import ExpertBot
from .gin import GreedyGinBot
from .indian import GreedyIndianBot
from .registry import BOT_NAMES, BotSpec, make_bot
from .table import GreedyTableBot

__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotSpec",
    "ExpertBot",
    "GreedyGinBot",
    "GreedyIndianBot",
    "GreedyTableBot",
    "RandomBot",
    "SimpleGinRummyPlayer",
    "make_bot",
    "play_hand",
    "play_match",
    "play_until_turn",
]
