"""Move values: the numbers behind :func:`rummy_lab.coach.evaluate`, for every variant.

:func:`move_values` returns, for every legal move of a view, its estimated points for
the viewer over the rest of the hand (see :func:`hand_points` for what "points" means in
each variant) and how that estimate was made. Gin goes to :mod:`._gincoach`; the other
variants to :mod:`._table`.

Budgets. ``budget=None`` is the fast default: a fixed schedule of determinizations, so
the values depend only on the view and the seed. A number is seconds of thinking: the
evaluation adds batches of determinizations until the time is used (at least the first
batch), so values computed with a budget depend on the speed of the machine too.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.moves import Move
from ..engine.rules import Rules, Variant
from ..engine.state import GameResult, PlayerView

__all__ = [
    "MoveValue", "Schedule", "check_budget", "check_view", "hand_points", "move_values",
    "ranked_values",
]


@dataclass
class MoveValue:
    """One move's estimate.

    :ivar move: the move.
    :ivar value: points for the viewer over the rest of the hand.
    :ivar samples: determinizations behind the value (0 when it is exact).
    :ivar exact: True when the value is exact (every hidden deal enumerated, or the move
        ends the hand with a known score).
    :ivar detail: numbers the reasons quote (undercut risk, playout outcomes...).
    :ivar per_deal: the value on each determinization, in order (moves share the
        determinizations, so two moves' lists can be compared pairwise).
    """

    move: Move
    value: float
    samples: int = 0
    exact: bool = False
    detail: dict[str, float] = field(default_factory=dict)
    per_deal: tuple[float, ...] = ()

    def noise_against(self, other: MoveValue) -> float:
        """Standard error of ``other.value - self.value`` from their paired values (0 when
        both are exact)."""
        a, b = self.per_deal, other.per_deal
        if not a and not b:
            return 0.0
        if not a or not b:
            xs = a or b
            n = len(xs)
            if n < 2:
                return 0.0
            m = sum(xs) / n
            return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
        n = min(len(a), len(b))
        if n < 2:
            return 0.0
        d = [b[i] - a[i] for i in range(n)]
        m = sum(d) / n
        return math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)


@dataclass(frozen=True)
class Schedule:
    """How many determinizations: ``rounds`` batches of ``batch`` (fixed), or as many
    batches as fit in ``seconds`` (at least ``min_rounds``)."""

    batch: int
    rounds: int
    seconds: float | None = None
    min_rounds: int = 1

    def more(self, done: int, start: float) -> bool:
        """True while another batch should be played."""
        if done < self.min_rounds:
            return True
        if self.seconds is None:
            return done < self.rounds
        return time.perf_counter() - start < self.seconds * 0.8


def check_view(view: object) -> PlayerView:
    """The view, if it is a PlayerView of the player to move in a running hand.

    :raises ValueError: otherwise, saying what is wrong.
    """
    if not isinstance(view, PlayerView):
        raise ValueError(f"the coach needs a PlayerView (game.view_for(player)), "
                         f"got {type(view).__name__}")
    if view.is_over:
        raise ValueError("the hand is over: there is no move to evaluate")
    if not view.legal_moves:
        raise ValueError(
            f"it is player {view.current_player}'s turn, not player {view.player}'s: "
            "the view has no legal moves"
        )
    return view


def check_budget(budget: object) -> float | None:
    """``None`` or a non-negative number of seconds.

    :raises ValueError: for a negative or non-numeric budget.
    """
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, int | float) or math.isnan(budget):
        raise ValueError(f"budget must be None or a number of seconds >= 0, got {budget!r}")
    if budget < 0:
        raise ValueError(f"budget must be None or a number of seconds >= 0, got {budget!r}")
    return float(budget)


def hand_points(result: GameResult, player: int, rules: Rules) -> float:
    """What a finished hand was worth to ``player``, in the variant's points.

    * Gin: the hand points won, or minus the points the opponent won.
    * Basic Rummy: the winner's points; a loser loses the points its own hand gave the
      winner.
    * Rummy 500: the player's round score minus the average of the others'.
    * Indian Rummy: the winner's take; a loser loses its count, drop or wrong
      declaration penalty (the deal's net, in points).

    With two players these are zero-sum: one player's gain is the other's loss.

    >>> from rummy_lab.engine.rules import get_rules
    >>> r = GameResult("knock", 1, (0, 14), 14)
    >>> hand_points(r, 0, get_rules("gin")), hand_points(r, 1, get_rules("gin"))
    (-14.0, 14.0)
    """
    scores = result.scores
    n = len(scores)
    detail = result.detail
    variant = rules.variant
    if variant is Variant.INDIAN and detail is not None:
        pv = detail.point_value or 1
        return float(detail.net[player]) / pv
    if variant is Variant.BASIC and detail is not None:
        if result.winner is None:
            return 0.0
        if result.winner == player:
            return float(scores[player])
        mult = rules.rummy_multiplier if detail.rummy else 1
        return -float(detail.in_hand[player] * mult)
    if variant is Variant.RUMMY500:
        others = [scores[q] for q in range(n) if q != player]
        return float(scores[player]) - (sum(others) / len(others) if others else 0.0)
    if result.winner is None:
        return 0.0
    if result.winner == player:
        return float(result.points)
    return -float(result.points)


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
    (:func:`rummy_lab.coach._reasons.split_words`), which a bot does not need."""
    if view.rules.variant is Variant.GIN:
        from ._gincoach import gin_move_values

        return gin_move_values(view, moves, budget, seed, keep=keep, settle=settle,
                               depth=depth, split=split, complete=complete,
                               complete_top=complete_top)
    from ._table import table_move_values

    return table_move_values(view, moves, budget, seed, depth=depth, split=split)


def ranked_values(
    view: PlayerView, budget: float | None, seed: int, *, keep: Sequence[Move] = (),
    settle: bool = True, depth: int = 1, split: bool = True,
    complete: Sequence[Move] = (), complete_top: int = 0,
) -> list[MoveValue]:
    """Every legal move's :class:`MoveValue`: the coach's choice first
    (:func:`rummy_lab.coach._principle.coach_choice`), then by value (ties keep the
    order of ``view.legal_moves``)."""
    from ._principle import choice_margin, coach_choice, principle_move

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
