"""Monte Carlo estimators: seeded, with standard errors and confidence intervals.

Each estimator returns an :class:`Estimate` (value, standard error, samples) so that a
teacher can put a simulated number next to the exact one and show that the exact value
lies inside the interval.

>>> e = estimate_p_hand_contains("set", 3, samples=20_000, seed=1)
>>> round(e.value, 3), e.samples
(0.002, 20000)
>>> e.contains(1 / 425, z=4)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..engine.cards import Card, make_deck
from ..engine.rules import Rules, RulesLike, Variant, get_rules
from ..engine.solver import deadwood
from .batch import batch_deadwood, deal_hands

__all__ = [
    "Estimate",
    "Proportion",
    "deadwood_distribution",
    "estimate",
    "estimate_p_dealt_gin",
    "estimate_p_hand_contains",
    "proportion",
    "running_estimates",
]


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate of a probability or mean.

    :ivar value: the sample mean.
    :ivar stderr: its standard error.
    :ivar samples: number of samples.
    """

    value: float
    stderr: float
    samples: int

    def interval(self, level: float = 0.95) -> tuple[float, float]:
        """Normal-approximation confidence interval at ``level`` (default 95 %)."""
        if not 0 < level < 1:
            raise ValueError(f"level must be between 0 and 1, got {level!r}")
        z = _z(level)
        return (self.value - z * self.stderr, self.value + z * self.stderr)

    def contains(self, exact: float, *, z: float = 4.0) -> bool:
        """True when ``exact`` lies within ``z`` standard errors."""
        return abs(float(exact) - self.value) <= z * self.stderr + 1e-15

    def __str__(self) -> str:
        lo, hi = self.interval()
        half = (hi - lo) / 2
        return (f"{self.value:.6f} ± {half:.6f} (95% interval {lo:.6f}..{hi:.6f}; "
                f"SE {self.stderr:.6f}, n={self.samples})")


def _z(level: float) -> float:
    # inverse normal CDF by bisection on erf: no scipy needed
    target = 0.5 + level / 2
    lo, hi = 0.0, 10.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if 0.5 * (1 + math.erf(mid / math.sqrt(2))) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


@dataclass(frozen=True)
class Proportion:
    """A count of hits among trials, with an exact (Clopper-Pearson) or Wilson interval.

    Why: for rare events (a dealt gin is 1 in 115,733) the normal interval of
    :class:`Estimate` can dip below zero or be zero-width after 0 hits; these do not.

    >>> p = proportion(9, 1_000_000)
    >>> p.one_in, [round(x * 1e6, 2) for x in p.interval()]
    (111111, [4.12, 17.08])
    >>> [round(x * 1e6, 2) for x in proportion(9, 1_000_000, method="wilson").interval()]
    [4.74, 17.11]
    >>> proportion(0, 1000).interval()[0], round(proportion(0, 1000).interval()[1], 5)
    (0.0, 0.00368)
    """

    hits: int
    trials: int
    level: float = 0.95
    method: str = "clopper-pearson"

    @property
    def value(self) -> float:
        """The observed share, hits / trials."""
        return self.hits / self.trials

    @property
    def one_in(self) -> int | None:
        """The share as "1 in N" (N rounded), None after 0 hits."""
        return round(self.trials / self.hits) if self.hits else None

    def contains(self, exact: float) -> bool:
        """True when ``exact`` lies inside the interval."""
        lo, hi = self.interval()
        return lo <= float(exact) <= hi

    def interval(self) -> tuple[float, float]:
        """The interval at :attr:`level`: exact (Clopper-Pearson) or Wilson score."""
        k, n, alpha = self.hits, self.trials, 1 - self.level
        if self.method == "wilson":
            z = _z(self.level)
            phat = k / n
            centre = (phat + z * z / (2 * n)) / (1 + z * z / n)
            half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / (1 + z * z / n)
            return (max(0.0, centre - half), min(1.0, centre + half))
        lo = 0.0 if k == 0 else _binomial_bound(k, n, alpha / 2, upper=False)
        hi = 1.0 if k == n else _binomial_bound(k, n, alpha / 2, upper=True)
        return (lo, hi)

    def __str__(self) -> str:
        lo, hi = self.interval()
        one = f", 1 in {self.one_in:,}" if self.one_in else ""
        return (f"{self.hits:,} in {self.trials:,} ({self.value:.3g}{one}); "
                f"{self.level:.0%} {self.method} interval {lo:.3g}..{hi:.3g}")


def _binomial_tail(k: int, n: int, p: float, *, at_least: bool) -> float:
    """P(X >= k) (``at_least``) or P(X <= k) for X ~ Binomial(n, p), summed in logs."""
    if p <= 0:
        return 0.0 if at_least and k > 0 else 1.0
    if p >= 1:
        return 1.0 if at_least or k >= n else 0.0
    lp, lq = math.log(p), math.log1p(-p)
    lgn = math.lgamma(n + 1)

    def term(i: int) -> float:
        return math.exp(lgn - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * lp + (n - i) * lq)

    if at_least:  # 1 - P(X <= k - 1), summed on the short side
        return max(0.0, 1.0 - sum(term(i) for i in range(k)))
    return min(1.0, sum(term(i) for i in range(k + 1)))


def _binomial_bound(k: int, n: int, tail: float, *, upper: bool) -> float:
    """The Clopper-Pearson end: p with P(X >= k) = tail (lower) or P(X <= k) = tail (upper)."""
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if upper:
            too_low = _binomial_tail(k, n, mid, at_least=False) > tail
        else:
            too_low = _binomial_tail(k, n, mid, at_least=True) < tail
        if too_low:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def proportion(hits: int, trials: int, *, level: float = 0.95,
               method: str = "clopper-pearson") -> Proportion:
    """A :class:`Proportion` after checking its arguments.

    :param method: ``"clopper-pearson"`` (exact, the default) or ``"wilson"``.
    :raises ValueError: for counts that are not whole numbers with 0 <= hits <= trials,
        trials >= 1, a level outside (0, 1), or an unknown method.
    """
    for name, v in (("hits", hits), ("trials", trials)):
        if isinstance(v, bool) or not isinstance(v, int | np.integer) or v < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {v!r}")
    if trials < 1 or hits > trials:
        raise ValueError(f"need 0 <= hits <= trials and trials >= 1, got {hits} of {trials}")
    if not 0 < level < 1:
        raise ValueError(f"level must be between 0 and 1, got {level!r}")
    if method not in ("clopper-pearson", "wilson"):
        raise ValueError(f"method must be 'clopper-pearson' or 'wilson', got {method!r}")
    return Proportion(int(hits), int(trials), level, method)


def estimate(values: npt.ArrayLike) -> Estimate:
    """Mean and standard error of a sample (0/1 outcomes or numbers).

    >>> estimate([0, 1, 1, 0]).value
    0.5
    """
    arr = np.asarray(values, dtype=np.float64).ravel()
    n = int(arr.size)
    if n == 0:
        raise ValueError("an estimate needs at least one sample")
    mean = float(arr.mean())
    sd = float(arr.std(ddof=1)) if n > 1 else 0.0
    return Estimate(mean, sd / math.sqrt(n), n)


def running_estimates(
    values: npt.ArrayLike, points: int = 100
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Running mean and standard error after n samples, at ``points`` checkpoints.

    For convergence plots: returns (n, mean, stderr) arrays.
    """
    arr = np.asarray(values, dtype=np.float64).ravel()
    if arr.size < 2:
        raise ValueError("running estimates need at least two samples")
    ns = np.unique(np.linspace(2, arr.size, num=min(points, arr.size - 1)).astype(np.int64))
    c1 = np.cumsum(arr)
    c2 = np.cumsum(arr * arr)
    s1 = c1[ns - 1]
    s2 = c2[ns - 1]
    mean = s1 / ns
    var = np.maximum(s2 / ns - mean * mean, 0.0) * ns / (ns - 1)
    return ns, mean, np.sqrt(var / ns)


def _rng(seed: int | np.random.Generator | None) -> np.random.Generator:
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def _one_deck(rules: RulesLike) -> Rules:
    return get_rules(rules)


def _hits_contains(
    kind: str, counts: npt.NDArray[np.int64], r: Rules
) -> npt.NDArray[np.bool_]:
    """Row-wise: does the hand (copies per suit x rank) hold a set / run / meld?"""
    present = counts > 0
    if r.set_distinct_suits:
        has_set = present.sum(axis=1).max(axis=1) >= r.min_meld
    else:
        has_set = counts.sum(axis=1).max(axis=1) >= r.min_meld
    ranks = present
    if r.ace_high:
        ranks = np.concatenate([present, present[:, :, :1]], axis=2)  # the ace above the king
    m = r.min_meld
    width = ranks.shape[2] - m + 1
    run = ranks[:, :, :width].copy()
    for k in range(1, m):
        run &= ranks[:, :, k : k + width]
    has_run = run.any(axis=(1, 2))
    out = has_set if kind == "set" else has_run if kind == "run" else has_set | has_run
    return np.asarray(out, dtype=np.bool_)


def estimate_p_hand_contains(
    kind: str,
    n: int,
    rules: RulesLike = "gin",
    *,
    decks: int | None = None,
    samples: int = 100_000,
    seed: int | np.random.Generator | None = 0,
) -> Estimate:
    """Simulated chance that a random ``n``-card hand holds a ``kind``.

    ``kind`` is ``"set"``, ``"run"`` or ``"meld"``, as for
    :func:`rummy_lab.probability.p_hand_contains`; the deck is the variant's (one or two
    decks, no jokers) unless ``decks`` says otherwise, and sets follow the rules' suit rule.
    """
    if kind not in ("set", "run", "meld"):
        raise ValueError(f"kind must be 'set', 'run' or 'meld', got {kind!r}")
    r = _one_deck(rules)
    d = r.decks_for(r.min_players) if decks is None else decks
    if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 4:
        raise ValueError(f"decks must be 1 to 4, got {decks!r}")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 52 * d:
        raise ValueError(f"n must be a hand size from 1 to {52 * d}, got {n!r}")
    gen = _rng(seed)
    hits = np.empty(samples, dtype=np.bool_)
    chunk = 50_000
    for start in range(0, samples, chunk):
        rows = min(chunk, samples - start)
        # a uniformly random n-subset of the 52*d physical cards, row by row
        keys = gen.random((rows, 52 * d))
        picks = np.argpartition(keys, n - 1, axis=1)[:, :n] % 52
        counts = np.zeros((rows, 52), dtype=np.int64)
        np.add.at(counts, (np.arange(rows)[:, None], picks), 1)
        hits[start : start + rows] = _hits_contains(kind, counts.reshape(rows, 4, 13), r)
    return estimate(hits)


def estimate_p_dealt_gin(
    rules: RulesLike = "gin",
    *,
    samples: int = 200_000,
    seed: int | np.random.Generator | None = 0,
) -> Estimate:
    """Simulated chance that a dealt 10-card hand has no deadwood (is gin)."""
    hands = deal_hands(samples, 10, seed=_rng(seed))
    return estimate(batch_deadwood(hands, rules) == 0)


def deadwood_distribution(
    rules: RulesLike = "gin",
    *,
    hand_size: int | None = None,
    samples: int = 100_000,
    seed: int | np.random.Generator | None = 0,
) -> npt.NDArray[np.int64]:
    """Deadwood of ``samples`` freshly dealt hands (an array, one value per hand).

    One-deck jokerless rules use the vectorised batch evaluator; two-deck games with
    jokers (Indian Rummy: 13 cards, printed jokers, a random wild rank per deal) are
    dealt from the full deck and solved hand by hand, so keep ``samples`` modest there.
    """
    r = get_rules(rules)
    size = hand_size if hand_size is not None else r.hand_size_for(2)
    gen = _rng(seed)
    decks = r.decks_for(2)
    if decks == 1 and r.printed_jokers == 0 and r.variant is not Variant.INDIAN:
        return np.asarray(batch_deadwood(deal_hands(samples, size, seed=gen), r), dtype=np.int64)
    deck: Sequence[Card] = make_deck(decks, r.printed_jokers)
    out = np.empty(samples, dtype=np.int64)
    for i in range(samples):
        idx = gen.choice(len(deck), size=size, replace=False)
        hand = [deck[j] for j in idx]
        wild = int(gen.integers(1, 14)) if r.wild_joker else None
        out[i] = deadwood(hand, r, wild_rank=wild)
    return out

