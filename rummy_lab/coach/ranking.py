"""Ranks: which moves the coach can tell apart at its precision, and how to print a value.

A sampled value is an average over deals, so two moves' values differ by their true
difference plus noise. The coach sorts the moves by value, highest first, and groups them
into ranks (:func:`ranks`):

* the first move has rank 1, and so has every move that cannot be told apart from it:
  the first move's lead over it is at most :data:`RANK_Z` standard errors of the *paired*
  difference (the two moves were played on the same deals, so the noise of the deals
  themselves cancels; :meth:`~rummy_lab.coach.value_types.MoveValue.noise_against`) plus
  the estimate's resolution in the variant (:data:`RESOLUTION`), and
  every move listed above such a move (a move between two equal ones is equal too, so
  ranks never decrease down the list);
* the first move not in the group starts rank 2, grouped the same way, and so on (dense
  ranks: 1, 1, 2, 3, 3...).

The resolution is the estimate's own error, which more deals do not remove: in Gin the
bias of the greedy policy that finishes the playouts (0.5 points), in Basic Rummy, Rummy 500
and Indian Rummy the error of the one-turn estimate of the points to come
(:mod:`rummy_lab.coach.oneturn`); a lead smaller than it ties, whatever the number of
deals.

Exact values (no noise) are equal only when they are equal. With 2 standard errors, two
moves of truly equal value are told apart (wrongly) about 5% of the time.

A value is printed with its 95% interval (``±`` 1.96 standard errors) and rounded to
what the interval supports (:func:`format_value`): "+5.9 ± 0.4", "+6 ± 2", "+6.0" when
exact.

>>> from rummy_lab.engine.moves import DRAW_STOCK, DRAW_DISCARD
>>> from rummy_lab.coach.value_types import MoveValue
>>> a = MoveValue(DRAW_STOCK, 2.0, 4, per_deal=(1.0, 3.0, 2.0, 2.0))
>>> b = MoveValue(DRAW_DISCARD, 1.5, 4, per_deal=(0.0, 3.0, 2.0, 1.0))
>>> ranks([a, b])
[1, 1]
>>> format_value(a.value, standard_error(a))
'+2.0 ± 0.8'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from .value_types import MoveValue

__all__ = [
    "INTERVAL_NOTE", "RANK_Z", "RESOLUTION", "Z95", "format_gap", "format_value", "ranks",
    "resolution",
    "standard_error", "tied",
]

RANK_Z = 2.0
"""Standard errors of the paired difference within which a move ties the leader of its
rank."""

RESOLUTION: dict[str, float] = {"gin": 0.5, "basic": 0.4, "500": 3.0, "indian": 3.0}
"""Points by which a move must lead another, on top of the noise, to rank above it, per
variant (``Rules.variant.value``): the estimate's own error, which more deals do not
remove.

* Gin, 0.5 points: the playouts finish the hand with a greedy policy, and their values
  carry its bias. Measured: an expert bot that plays the highest value among the moves
  tied at its precision (no resolution) scored +3.46 ± 1.48 points per deal against the
  greedy bot, one that plays the rule of thumb's move among them +6.05 ± 1.02 (200
  duplicate deals each, ``python benchmarks/bench_strength.py greedy --variants gin
  --deals 200``): the playouts' small leads are not all worth following. Reviewed with
  ``python benchmarks/bench_strength.py review --variants gin --hands 40``, the expert's
  own decisions are best or good 87.5% of the time with no resolution, 91.6% with 0.5
  and 95.2% with 1 point, and a random bot's are mistakes or blunders 45.9%, 41.4% and
  33.8% of the time: half a point keeps both the expert's play and a random move's cost
  readable.
* Rummy 500 and Indian Rummy, 3 points; Basic Rummy, 0.4: their values are a one-turn
  estimate of the points to come. 3 points are about a third of a random decision's cost
  in Indian Rummy and the cost of one in Rummy 500
  (:data:`rummy_lab.coach.review.STAKES`); Basic Rummy's 0.4 the same share of its smaller
  hands (about 6 points a hand against Gin's 15, Rummy 500's 67 and Indian Rummy's 31
  between greedy bots, by ``python benchmarks/fits/fit_coach.py stakes``)."""


def resolution(variant: object) -> float:
    """:data:`RESOLUTION` of a :class:`~rummy_lab.engine.rules.Variant` (or its value)."""
    return RESOLUTION[str(getattr(variant, "value", variant))]


Z95 = 1.96
"""Standard errors on either side of a value in its 95% interval."""

INTERVAL_NOTE = "± is the half-width of a 95% interval"
"""What ``±`` means, said once per view that shows values."""


def standard_error(mv: MoveValue) -> float:
    """The standard error of ``mv.value``: 0 when exact, else the spread of its values
    on the deals over the square root of their number."""
    xs = mv.per_deal
    n = len(xs)
    if mv.exact or n < 2:
        return 0.0
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


def tied(leader: MoveValue, other: MoveValue, margin: float = 0.0) -> bool:
    """True when ``leader``'s lead over ``other`` is within :data:`RANK_Z` standard
    errors of their paired difference plus ``margin`` (the variant's resolution)."""
    lead = leader.value - other.value
    return lead <= RANK_Z * leader.noise_against(other) + margin + 1e-9


def ranks(values: Sequence[MoveValue], margin: float = 0.0) -> list[int]:
    """The dense rank of each of ``values`` (sorted by value, highest first); ``margin``
    is the variant's resolution (:func:`resolution`).

    :raises ValueError: when ``values`` are not sorted by value.
    """
    for a, b in itertools.pairwise(values):
        if b.value > a.value + 1e-12:
            raise ValueError("ranks need values sorted highest first")
    out = [0] * len(values)
    start, rank = 0, 1
    while start < len(values):
        leader = values[start]
        end = start
        for i in range(start + 1, len(values)):
            if tied(leader, values[i], margin):
                end = i
        for i in range(start, end + 1):
            out[i] = rank
        start, rank = end + 1, rank + 1
    return out


def _decimals(half: float, *, most: int) -> int:
    if half <= 0:
        return min(1, most)
    return max(0, min(most, -math.floor(math.log10(half))))


def format_gap(gap: float, se: float, *, percent: bool = False) -> str:
    """A difference between two values (>= 0) with its 95% interval, unsigned, rounded as
    :func:`format_value` rounds (percentage points for chances).

    >>> format_gap(6.04, 0.4), format_gap(0.4, 0.0), format_gap(0.031, 0.005, percent=True)
    ('6.0 ± 0.8', '0.4', '3.1 ± 1.0 percentage points')
    """
    text = format_value(gap, se, percent=percent).lstrip("+")
    return text.replace("%", "") + " percentage points" if percent else text


def format_value(value: float, se: float, *, percent: bool = False) -> str:
    """``value`` with its 95% interval, rounded to what the interval supports (the
    interval's first significant digit; at most 2 decimals, 1 for an exact value).
    ``percent`` prints a chance (0..1) as a percentage.

    >>> format_value(5.912, 0.21), format_value(5.9, 1.1), format_value(5.0, 0.0)
    ('+5.9 ± 0.4', '+6 ± 2', '+5.0')
    >>> format_value(0.7123, 0.012, percent=True), format_value(0.5, 0.0, percent=True)
    ('71% ± 2%', '50%')
    """
    half = Z95 * se
    if percent:
        v, h = 100 * value, 100 * half
        d = _decimals(h, most=1) if h > 0 else 0
        return f"{v:.{d}f}%" + (f" ± {h:.{d}f}%" if h > 0 else "")
    d = _decimals(half, most=2)
    return f"{value:+.{d}f}" + (f" ± {half:.{d}f}" if half > 0 else "")
