"""The coach's value types, at the bottom of the package: what a move's estimate is
(:class:`MoveValue`), how many deals an evaluation plays (:class:`Schedule`), what a
finished hand is worth (:func:`hand_points`), and what may be valued at all
(:func:`check_view`, :func:`check_budget`). Everything else in the coach builds on these.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from ..engine.moves import Move
from ..engine.rules import Rules, Variant
from ..engine.state import GameResult, PlayerView

__all__ = ["MoveValue", "Schedule", "check_budget", "check_view", "hand_points"]


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
    :ivar outcomes: for an exact value, the points it averages and their probabilities
        (``((points, probability), ...)``; empty when the value is one sure number).
    """

    move: Move
    value: float
    samples: int = 0
    exact: bool = False
    detail: dict[str, float] = field(default_factory=dict)
    per_deal: tuple[float, ...] = ()
    outcomes: tuple[tuple[float, float], ...] = ()

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
