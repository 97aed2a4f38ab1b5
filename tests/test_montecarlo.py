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
