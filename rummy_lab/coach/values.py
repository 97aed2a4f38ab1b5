"""Move values: the numbers behind :func:`rummy_lab.coach.evaluate`, for every variant.

:func:`move_values` returns, for every legal move of a view, its estimated points for
the viewer over the rest of the hand (see :func:`hand_points` for what "points" means in
each variant) and how that estimate was made. Gin goes to :mod:`.gin.values`; the other
variants to :mod:`.oneturn`. :func:`ranked_values` sorts them and ranks them
(:mod:`.ranking`); the coach's choice is the principle's move when it has rank 1, else the
first.

Budgets. ``budget=None`` is the fast default: a fixed schedule of determinizations, so
the values depend only on the view and the seed. A number is seconds of thinking: the
evaluation adds batches of determinizations until the time is used (at least the first
batch), so values computed with a budget depend on the speed of the machine too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..engine.moves import Move
from ..engine.rules import Variant
from ..engine.state import PlayerView
from .gin.values import gin_move_values
from .oneturn import table_move_values
from .principle import principle_move
from .ranking import ranks, resolution
from .value_types import MoveValue, Schedule, check_budget, check_view, hand_points

__all__ = [
    "MoveValue", "Ranked", "Schedule", "check_budget", "check_view", "hand_points",
    "move_values", "ranked_values",
]


class Ranked(list[MoveValue]):
    """Every legal move's :class:`MoveValue`, sorted by value, highest first (a list),
    with their ranks (:func:`rummy_lab.coach.ranking.ranks`) and the coach's choice.

    :ivar ranks: the dense rank of each value, in order (1 for the first).
    :ivar principle: the move of the variant's rule of thumb
        (:func:`rummy_lab.coach.principle.principle_move`).
    :ivar choice: the move the coach (and the expert bot) plays: the rule of thumb's
        move when it has rank 1 (it cannot be told apart from the first), else the first.
    """

    def __init__(self, values: list[MoveValue], principle: Move, margin: float = 0.0) -> None:
        super().__init__(values)
        self.margin = margin
        self.ranks: list[int] = ranks(values, margin)
        self.principle = principle
        self.choice: MoveValue = next(
            (mv for mv, k in zip(values, self.ranks, strict=True)
             if k == 1 and mv.move == principle), values[0])

    def copy_values(self) -> Ranked:
        """A copy whose values (and their details) are new objects."""
        return Ranked([replace(mv, detail=dict(mv.detail)) for mv in self], self.principle,
                      self.margin)

    def rank_of(self, move: Move) -> int:
        """The rank of ``move`` (:class:`ValueError` for a move not listed)."""
        for mv, k in zip(self, self.ranks, strict=True):
            if mv.move == move:
                return k
        raise ValueError(f"{move} is not among the ranked moves")


def move_values(
    view: PlayerView, moves: Sequence[Move], budget: float | None, seed: int,
    *, keep: Sequence[Move] = (), settle: bool = True, depth: int = 1, split: bool = True,
    complete: Sequence[Move] = (), complete_top: int = 0, decide: bool = False,
) -> list[MoveValue]:
    """Every move's :class:`MoveValue` (same order as ``moves``); moves in ``keep`` get
    as many determinizations as the best one. ``complete`` and ``complete_top`` (Gin,
    whose moves race): after the race, those moves and the ``complete_top`` of highest
    value are played on every deal (a review completes the move played, and both the
    hint and a review the moves the hint shows). ``depth``
    multiplies the deals of the default schedule (a review looks deeper than the bot).
    ``split=False`` leaves out the parts the reasons quote
    (:func:`rummy_lab.coach.reasons.split_words`), which a bot does not need. ``decide``
    (Gin) spends the deals the race saves on the moves still tied for rank 1
    (:func:`rummy_lab.coach.gin.values.gin_move_values`)."""
    if view.rules.variant is Variant.GIN:
        return gin_move_values(view, moves, budget, seed, keep=keep, settle=settle,
                               depth=depth, split=split, complete=complete,
                               complete_top=complete_top, decide=decide)
    return table_move_values(view, moves, budget, seed, depth=depth, split=split)


def ranked_values(
    view: PlayerView, budget: float | None, seed: int, *, keep: Sequence[Move] = (),
    settle: bool = True, depth: int = 1, split: bool = True,
    complete: Sequence[Move] = (), complete_top: int = 0, decide: bool = False,
) -> Ranked:
    """Every legal move's :class:`MoveValue`, sorted by value, highest first (ties keep
    the order of ``view.legal_moves``), with their ranks and the coach's choice
    (:class:`Ranked`)."""
    moves = list(view.legal_moves)
    principle = principle_move(view)
    values = move_values(view, moves, budget, seed, keep=(*keep, principle), settle=settle,
                         depth=depth, split=split, complete=complete,
                         complete_top=complete_top, decide=decide)
    order = {m: i for i, m in enumerate(moves)}
    return Ranked(sorted(values, key=lambda mv: (-mv.value, order[mv.move])), principle,
                  resolution(view.rules.variant))
