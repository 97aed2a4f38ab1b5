"""Seeded Monte Carlo runs for the probability widget, built on rummy_lab.probability.

Hand questions use :func:`rummy_lab.probability.estimate_p_hand_contains`; its
seeded samples are nested (the first k hands of a larger run are the k hands of a smaller
one), so estimates at growing sample counts trace one run's convergence. Draw questions
sample the number of outs among the drawn cards directly (hypergeometric).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..engine.rules import RulesLike
from ..probability.montecarlo import (
    Estimate,
    estimate,
    estimate_p_hand_contains,
    running_estimates,
)

__all__ = ["Run", "run_draw_out", "run_hand_contains"]


@dataclass(frozen=True)
class Run:
    """A Monte Carlo run: the final estimate and its running estimates.

    :ivar estimate: the estimate from every sample.
    :ivar samples: sample counts at the checkpoints.
    :ivar values: running estimates there.
    :ivar stderrs: their standard errors.
    """

    estimate: Estimate
    samples: npt.NDArray[np.int64]
    values: npt.NDArray[np.float64]
    stderrs: npt.NDArray[np.float64]


def _checkpoints(samples: int, points: int) -> npt.NDArray[np.int64]:
    lo = max(10, min(100, samples // 100))
    return np.unique(np.geomspace(lo, samples, num=points).astype(np.int64))


def run_hand_contains(
    kind: str,
    n: int,
    rules: RulesLike,
    *,
    samples: int,
    seed: int,
    points: int = 14,
    decks: int | None = None,
) -> Run:
    """Estimate the chance that an ``n``-card hand holds a ``kind``, with checkpoints.

    >>> r = run_hand_contains("set", 3, "gin", samples=2000, seed=1)
    >>> r.estimate.samples, int(r.samples[-1]), bool(r.values[-1] == r.estimate.value)
    (2000, 2000, True)
    """
    ns = _checkpoints(samples, points)
    ests = [
        estimate_p_hand_contains(kind, n, rules, decks=decks, samples=int(k), seed=seed)
        for k in ns
    ]
    return Run(
        ests[-1], ns, np.array([e.value for e in ests]), np.array([e.stderr for e in ests])
    )


def run_draw_out(outs: int, unseen: int, draws: int, *, samples: int, seed: int) -> Run:
    """Estimate the chance of at least one out in ``draws`` cards drawn from ``unseen``.

    >>> r = run_draw_out(4, 40, 1, samples=20_000, seed=0)
    >>> r.estimate.contains(0.1)
    True
    """
    rng = np.random.default_rng(seed)
    if draws == 0:
        hits = np.zeros(samples, dtype=np.bool_)
    else:
        hits = rng.hypergeometric(outs, unseen - outs, draws, size=samples) > 0
    ns, values, stderrs = running_estimates(hits, points=60)
    return Run(estimate(hits), ns, values, stderrs)
