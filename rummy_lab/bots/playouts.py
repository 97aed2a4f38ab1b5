"""Playing a move out to the end of the hand with bots: a second opinion on the coach.

The coach values a move by a one-turn estimate (Basic Rummy, Rummy 500, Indian Rummy) or
by playouts with a fast greedy policy (Gin). :func:`paired_playouts` checks such a value
another way: both moves are played to the end of the hand, from the true deal and from
deals of the coach's belief about the hidden cards, by a chosen bot for the player to move
and the greedy bot for everyone else, on the same seeds for both moves (so the difference
is measured on the same cards and the same later draws where the moves allow it).

>>> import random, rummy_lab as rl
>>> g = rl.new_game("gin", seed=3)
>>> v = g.view_for(g.current_player)
>>> a, b = v.legal_moves[:2]
>>> diffs = paired_playouts(g.state, v, a, b, g.current_player, 2, random.Random(0))
>>> len(diffs)  # two deals (the true one and one of the belief), twice each
4
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

from ..engine.moves import Move
from ..engine.state import PlayerView
from .registry import make_bot

__all__ = ["lead", "paired_playouts", "playout"]

MAX_PLAYOUT_MOVES = 3000
"""A playout stops after this many moves (and counts 0 points if the hand is not over)."""


def playout(state: Any, move: Move, me: int, seed: int, policy: str = "greedy") -> float:
    """The points for ``me`` (:func:`rummy_lab.coach.hand_points`) after ``move`` is played
    on ``state`` and the hand is played out: every other seat by the greedy bot, ``me`` by
    ``policy`` (a :func:`rummy_lab.bots.make_bot` name: ``greedy`` or ``expert``), every
    bot with ``random.Random(seed)``."""
    from ..coach.value_types import hand_points
    from ..engine.game import Game
    from ..engine.variants import engine_for

    engine = engine_for(state.rules)
    st = state.copy()
    engine.play(st, move)
    g = Game(st, engine)
    bots = [make_bot(policy if p == me else "greedy", g.rules) for p in range(g.players)]
    rng = random.Random(seed)
    for _ in range(MAX_PLAYOUT_MOVES):
        if g.is_over:
            break
        p = g.current_player
        g.play(bots[p].choose(g.view_for(p), rng))
    return 0.0 if g.result is None else hand_points(g.result, me, g.rules)


def paired_playouts(state: Any, view: PlayerView, a: Move, b: Move, me: int, deals: int,
                    rng: random.Random, policy: str = "greedy") -> list[float]:
    """``a``'s points minus ``b``'s for ``me`` (:func:`playout`), on the true ``state``
    and ``deals - 1`` deals of the coach's belief from ``view`` (drawn with ``rng``),
    twice per deal with the same seeds for both moves (``7919 * deal + 0`` and ``+ 1``)."""
    from ..coach import beliefs
    from ..coach.beliefs import state_for

    states = [state, *(state_for(view, d) for d in beliefs.deals(view, deals - 1, rng))]
    return [playout(s, a, me, 7919 * k + j, policy) - playout(s, b, me, 7919 * k + j, policy)
            for k, s in enumerate(states) for j in range(2)]


def lead(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error (0 for one difference).

    >>> mean, se = lead([1.0, 3.0, 5.0])
    >>> mean, round(se, 4)
    (3.0, 1.1547)
    """
    if not diffs:
        raise ValueError("no differences to average")
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), se
