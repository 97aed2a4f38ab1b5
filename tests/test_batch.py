"""Batch deadwood: equal to the single-hand solver on every hand, plus input handling."""

from __future__ import annotations

import numpy as np
import pytest

from rummy_lab.engine.cards import make_deck, parse_cards
from rummy_lab.engine.rules import Rules, get_rules
from rummy_lab.engine.solver import deadwood
from rummy_lab.probability import batch
from rummy_lab.probability.batch import (
    batch_deadwood,
    deal_deadwood,
    deal_hands,
    hands_to_masks,
)

DECK = make_deck()
RULES = [get_rules("gin"), get_rules("500", decks=1)]
IDS = ["gin-ace-low", "500-ace-high"]


def _solver(hands: np.ndarray, rules: Rules) -> np.ndarray:
    return np.array([deadwood([DECK[i] for i in row], rules) for row in hands])


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@pytest.mark.parametrize("size", [7, 8, 9, 10, 11])
def test_random_hands_match_solver(rules: Rules, size: int) -> None:
    hands = deal_hands(1500, size, seed=size)
    assert (batch_deadwood(hands, rules) == _solver(hands, rules)).all()


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_set_heavy_hands_match_solver(rules: Rules) -> None:
    """Hands drawn from few ranks: several sets and four-of-a-kinds per hand."""
    rng = np.random.default_rng(7)
    for size in (7, 9, 10, 11):
        for ranks in ((0, 1, 2, 3), (0, 1, 2, 11, 12), (4, 5, 6, 7, 8), (9, 10, 11, 12)):
            cards = np.array([s * 13 + r for s in range(4) for r in ranks])
            if size > len(cards):
                continue
            hands = np.array([rng.choice(cards, size, replace=False) for _ in range(300)])
            assert (batch_deadwood(hands, rules) == _solver(hands, rules)).all()


def test_mask_matrix_input_matches_indices() -> None:
    hands = deal_hands(500, 10, seed=1)
    matrix = np.zeros((500, 52), dtype=np.int8)
    np.put_along_axis(matrix, hands.astype(np.int64), 1, axis=1)
    assert (batch_deadwood(matrix) == batch_deadwood(hands)).all()
    assert (batch_deadwood(matrix.astype(bool)) == batch_deadwood(hands)).all()


def test_known_hands() -> None:
    rows = [
        [c.index for c in parse_cards(h)]
        for h in (
            "7S 7H 7D 4C 5C 6C 7C KD QH 2S",  # 7C to the run or the set: 22 either way
            "QS KS AS 2H 3H 4H 9D 9C 9H 9S",  # Q-K-A only with the ace high
        )
    ]
    assert batch_deadwood(rows).tolist() == [22, 21]
    assert batch_deadwood(rows, "500").tolist() == [22, 0]
    assert batch_deadwood(np.empty((0, 10), dtype=np.int64)).shape == (0,)
    assert batch_deadwood(np.empty((3, 0), dtype=np.int64)).tolist() == [0, 0, 0]


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="twice"):
        batch_deadwood([[0, 1, 1]])
    with pytest.raises(ValueError, match=r"0\.\.51"):
        batch_deadwood([[0, 1, 52]])
    with pytest.raises(ValueError, match="2-D"):
        batch_deadwood([0, 1, 2])
    with pytest.raises(ValueError, match="integers"):
        batch_deadwood([[0.0, 1.0, 2.0]])
    with pytest.raises(ValueError, match="52 columns"):
        hands_to_masks(np.zeros((2, 10), dtype=bool))
    with pytest.raises(ValueError, match="sequences"):
        batch_deadwood([[0, 1, 2]], "indian")


def test_deal_is_seeded_and_uniform() -> None:
    a = deal_hands(20_000, 10, seed=4)
    assert (a == deal_hands(20_000, 10, seed=4, chunk=777)).all()
    assert not (a == deal_hands(20_000, 10, seed=5)).all()
    srt = np.sort(a, axis=1)
    assert (srt[:, 1:] > srt[:, :-1]).all()  # no repeated card
    freq = np.bincount(a.ravel(), minlength=52) / a.size
    assert np.abs(freq - 1 / 52).max() < 0.002
    dw = deal_deadwood(20_000, 10, seed=4, chunk=3000)
    assert (dw == batch_deadwood(a)).all()
    assert deal_hands(0).shape == (0, 10)
    assert deal_deadwood(3, 52).tolist() == [0, 0, 0]
    with pytest.raises(ValueError, match="n_hands"):
        deal_deadwood(-1)
    with pytest.raises(ValueError, match="chunk"):
        deal_deadwood(5, chunk=0)


def test_generator_seed() -> None:
    gen = np.random.default_rng(9)
    first = deal_deadwood(100, seed=gen)
    second = deal_deadwood(100, seed=gen)
    assert not (first == second).all()  # the generator advances
    assert (first == deal_deadwood(100, seed=np.random.default_rng(9))).all()


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_rank_dp_fallback_matches_solver(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the combination limit at 0 every set row goes through the per-row rank DP."""
    monkeypatch.setattr(batch, "_COMBO_LIMIT", 0)
    rng = np.random.default_rng(3)
    cards = np.array([s * 13 + r for s in range(4) for r in (0, 1, 2, 3, 10, 11, 12)])
    for size in (7, 9, 11, 14):
        hands = np.array([rng.choice(cards, size, replace=False) for _ in range(60)])
        assert (batch_deadwood(hands, rules) == _solver(hands, rules)).all()
    hands = deal_hands(100, 12, seed=8)
    assert (batch_deadwood(hands, rules) == _solver(hands, rules)).all()


def test_large_hands_do_not_blow_up() -> None:
    """Thirteen four-of-a-kinds would be 6**13 set choices; the rank DP answers at once."""
    assert deal_deadwood(3, 52).tolist() == [0, 0, 0]
    full = np.arange(52).reshape(1, 52)
    drop = np.delete(full, [5, 18, 31], axis=1)  # the three sixes S H D: 6C is loose
    assert batch_deadwood(drop).tolist() == [0]  # 6C joins 5C-7C
    rng = np.random.default_rng(12)
    hands = np.array([rng.choice(52, 24, replace=False) for _ in range(3)])
    assert (batch_deadwood(hands) == _solver(hands, get_rules("gin"))).all()
