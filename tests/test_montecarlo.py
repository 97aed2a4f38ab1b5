"""Monte Carlo estimators land within 4 standard errors of the exact values."""

from __future__ import annotations

import numpy as np
import pytest

import rummy_lab as rl
from rummy_lab.probability import (
    deadwood_distribution,
    estimate,
    estimate_p_dealt_gin,
    estimate_p_hand_contains,
    p_dealt_gin,
    p_hand_contains,
    running_estimates,
)


@pytest.mark.parametrize("kind", ["set", "run", "meld"])
@pytest.mark.parametrize("rules", ["gin", "500"])
def test_hand_contains_estimates_match_exact(kind, rules):
    for n in (3, 7, 10):
        e = estimate_p_hand_contains(kind, n, rules, samples=40_000, seed=n)
        exact = float(p_hand_contains(kind, n, rules, decks=1))
        assert e.contains(exact, z=4), (kind, rules, n, e, exact)


def test_dealt_gin_estimate_matches_exact():
    e = estimate_p_dealt_gin("gin", samples=2_000_000, seed=5)
    assert e.value > 0  # about 17 gin hands expected in two million
    assert e.contains(float(p_dealt_gin("gin")), z=4)


def test_estimates_replay_with_a_seed():
    a = estimate_p_hand_contains("run", 7, samples=5000, seed=42)
    b = estimate_p_hand_contains("run", 7, samples=5000, seed=42)
    assert a == b


def test_estimate_and_interval():
    e = estimate([0, 1, 1, 1])
    assert e.value == 0.75 and e.samples == 4
    lo, hi = e.interval(0.95)
    assert lo < 0.75 < hi and abs((hi - 0.75) / e.stderr - 1.959964) < 1e-4
    with pytest.raises(ValueError, match="at least one"):
        estimate([])
    with pytest.raises(ValueError, match="level"):
        e.interval(1.5)


def test_running_estimates_converge_to_the_mean():
    rng = np.random.default_rng(0)
    values = rng.random(10_000) < 0.3
    ns, mean, se = running_estimates(values, points=50)
    assert ns[-1] == 10_000 and len(ns) == len(mean) == len(se)
    assert abs(mean[-1] - values.mean()) < 1e-12
    assert se[-1] < se[0]


def test_deadwood_distribution_gin_and_indian():
    d = deadwood_distribution("gin", samples=2000, seed=1)
    assert d.shape == (2000,) and d.min() >= 0 and d.max() <= 100
    hands = rl.probability.deal_hands(2000, 10, seed=1)
    assert (d == rl.probability.batch_deadwood(hands)).all()
    ind = deadwood_distribution("indian", samples=40, seed=2)
    assert ind.shape == (40,) and (ind >= 0).all()


def test_bad_arguments():
    with pytest.raises(ValueError, match="kind"):
        estimate_p_hand_contains("pair", 3)
    with pytest.raises(ValueError, match="n must be"):
        estimate_p_hand_contains("set", 0)


@pytest.mark.parametrize(("kind", "n"), [("meld", 13), ("set", 6), ("run", 8)])
def test_two_deck_estimates_match_exact(kind, n):
    e = estimate_p_hand_contains(kind, n, "indian", samples=30_000, seed=3)
    assert e.contains(float(p_hand_contains(kind, n, "indian")), z=4), e
    e = estimate_p_hand_contains(kind, n, "500", decks=2, samples=30_000, seed=4)
    assert e.contains(float(p_hand_contains(kind, n, "500", decks=2)), z=4), e


def test_proportion_intervals_cover_as_promised() -> None:
    """Clopper-Pearson never covers less than promised; Wilson is close; both stay in [0, 1]."""
    import math
    import random

    from rummy_lab.probability import proportion

    # exact coverage of the 95% Clopper-Pearson interval for n = 40 and a few p
    n = 40
    for p in (0.02, 0.1, 0.3, 0.5):
        covered = 0.0
        for k in range(n + 1):
            if proportion(k, n).contains(p):
                covered += math.comb(n, k) * p**k * (1 - p) ** (n - k)
        assert covered >= 0.95 - 1e-9, (p, covered)
    # against the chi-square form of the exact interval for 9 hits in a million
    lo, hi = proportion(9, 1_000_000).interval()
    assert abs(lo * 2e6 - 8.2308) < 1e-3 and abs(hi * 2e6 - 34.1696) < 1e-3
    assert proportion(0, 50).interval()[0] == 0 and proportion(50, 50).interval()[1] == 1
    w = proportion(3, 10, method="wilson").interval()
    assert 0 < w[0] < 0.3 < w[1] < 1
    # a seeded rare-event simulation: the exact value of a dealt set in 3 cards (1/425)
    rng = random.Random(3)
    hits = sum(rng.random() < 1 / 425 for _ in range(20_000))
    assert proportion(hits, 20_000).contains(1 / 425)
    for bad in ((-1, 5), (6, 5), (1, 0), (1.5, 5)):
        with pytest.raises(ValueError):
            proportion(*bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="method must be"):
        proportion(1, 5, method="normal")
