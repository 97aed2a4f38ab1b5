"""Move values: the numbers behind :func:`rummy_lab.coach.evaluate`, for every variant.

:func:`move_values` returns, for every legal move of a view, its estimated points for
the viewer over the rest of the hand (see :func:`hand_points` for what "points" means in
each variant) and how that estimate was made. Gin goes to :mod:`.gin.values`; the other
variants to :mod:`.oneturn`. The coach's choice among the values is the principle's
move unless another beats it clearly (:func:`.principle.coach_choice`).

Budgets. ``budget=None`` is the fast default: a fixed schedule of determinizations, so
the values depend only on the view and the seed. A number is seconds of thinking: the
evaluation adds batches of determinizations until the time is used (at least the first
batch), so values computed with a budget depend on the speed of the machine too.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.moves import Move
from ..engine.rules import Variant
from ..engine.state import PlayerView
from .gin.values import gin_move_values
from .oneturn import table_move_values
from .principle import choice_margin, coach_choice, principle_move
from .value_types import MoveValue, Schedule, check_budget, check_view, hand_points

__all__ = [
    "MoveValue", "Schedule", "check_budget", "check_view", "hand_points", "move_values",
    "ranked_values",
]


def move_values(
    view: PlayerView, moves: Sequence[Move], budget: float | None, seed: int,
    *, keep: Sequence[Move] = (), settle: bool = True, depth: int = 1, split: bool = True,
    complete: Sequence[Move] = (), complete_top: int = 0,
) -> list[MoveValue]:
    """Every move's :class:`MoveValue` (same order as ``moves``); moves in ``keep`` get
    as many determinizations as the best one. ``complete`` and ``complete_top`` (Gin,
    whose moves race): after the race, those moves and the ``complete_top`` of highest
    value are played on every deal (a review completes the move played, and both the
    hint and a review the moves the hint shows). ``depth``
    multiplies the deals of the default schedule (a review looks deeper than the bot).
    ``split=False`` leaves out the parts the reasons quote
    (:func:`rummy_lab.coach.reasons.split_words`), which a bot does not need."""
    if view.rules.variant is Variant.GIN:
        return gin_move_values(view, moves, budget, seed, keep=keep, settle=settle,
                               depth=depth, split=split, complete=complete,
                               complete_top=complete_top)
    return table_move_values(view, moves, budget, seed, depth=depth, split=split)


def ranked_values(
    view: PlayerView, budget: float | None, seed: int, *, keep: Sequence[Move] = (),
    settle: bool = True, depth: int = 1, split: bool = True,
    complete: Sequence[Move] = (), complete_top: int = 0,
) -> list[MoveValue]:
    """Every legal move's :class:`MoveValue`: the coach's choice first
    (:func:`rummy_lab.coach.principle.coach_choice`), then by value (ties keep the
    order of ``view.legal_moves``)."""
    moves = list(view.legal_moves)
    principle = principle_move(view)
    values = move_values(view, moves, budget, seed, keep=(*keep, principle), settle=settle,
                         depth=depth, split=split, complete=complete,
                         complete_top=complete_top)
    order = {m: i for i, m in enumerate(moves)}
    ranked = sorted(values, key=lambda mv: (-mv.value, order[mv.move]))
    margin = choice_margin(view.rules.variant)
    choice = coach_choice(ranked, principle, margin)
    return [choice, *(mv for mv in ranked if mv is not choice)]
