"""Match-winning chances: the dynamic program against exact hand calculations, its
symmetries, the shipped expert tables and the errors."""

from __future__ import annotations

import time
from functools import cache

import numpy as np
import pytest

import rummy_lab as rl
from rummy_lab.coach.match_equity import (
    HandOutcomes,
    MatchEquityTable,
    expert_outcomes,
    match_equity_table,
    match_win_probability,
)
from rummy_lab.engine.rules import get_rules

SHIPPED = ("gin", "oklahoma", "basic", "500", "indian-pool-101", "indian-pool-201")


# ------------------------------------------------------------------ exact small cases


def _gin_exact(target: int, rows: list[tuple[int, int, str | None, float]],
               s0: int, s1: int, dealer: int) -> float:
    """Player 0's chance by plain recursion: the hand's winner deals next, a drawn hand is
    dealt again by the same dealer (its chance divided out), first to ``target`` wins."""

    @cache
    def v(a: int, b: int, d: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        total = 0.0
        drawn = 0.0
        for dc, oc, w, p in rows:
            if w is None:
                drawn += p
                continue
            x = [0, 0]
            x[d], x[1 - d] = dc, oc
            nxt = d if w == "dealer" else 1 - d
            total += p * v(a + x[0], b + x[1], nxt)
        return total / (1 - drawn)

    return v(s0, s1, dealer)


def test_gin_dp_matches_an_exact_recursion_on_a_small_distribution() -> None:
    rows = [(1, 0, "dealer", 0.3), (0, 2, "other", 0.5), (0, 0, None, 0.2)]
    rules = get_rules("gin", target=5)
    table = match_equity_table(rules, outcomes=HandOutcomes.from_counts(
        [(d, o, w, int(p * 10)) for d, o, w, p in rows]))
    for s0 in range(5):
        for s1 in range(5):
            for dealer in (0, 1):
                got = table.win_probability((s0, s1), dealer=dealer)[0]
                assert got == pytest.approx(_gin_exact(5, rows, s0, s1, dealer), abs=1e-10)


def test_pool_dp_matches_an_exact_recursion() -> None:
    # the loser adds its count; the deal passes; at the limit (10) a player is out
    rows = [(0, 4, "dealer", 0.5), (6, 0, "other", 0.3), (0, 0, None, 0.2)]

    @cache
    def v(a: int, b: int, d: int, depth: int = 0) -> float:
        if a >= 10:
            return 0.0
        if b >= 10:
            return 1.0
        if depth > 60:  # void deals only: their chance is below 0.2 ** 60
            return 0.0
        total = 0.0
        for dc, oc, _, p in rows:
            x = [0, 0]
            x[d], x[1 - d] = dc, oc
            total += p * v(a + x[0], b + x[1], 1 - d,
                           depth + 1 if x == [0, 0] else 0)
        return total

    rules = get_rules("indian-pool-101", pool_limit=10)
    table = match_equity_table(rules, outcomes=HandOutcomes.from_counts(
        [(d, o, w, int(p * 10)) for d, o, w, p in rows]))
    for s0 in range(10):
        for s1 in range(10):
            for dealer in (0, 1):
                got = table.win_probability((s0, s1), dealer=dealer)[0]
                assert got == pytest.approx(v(s0, s1, dealer), abs=1e-10)


def test_rummy_500_ties_at_the_target_play_on_and_totals_may_fall() -> None:
    # both score every round; dealer +10 / other -5, or both +5 (a tie stays a tie)
    out = HandOutcomes.from_counts([(10, -5, "dealer", 1), (5, 5, "other", 1)])
    table = match_equity_table(get_rules("500", target=20), outcomes=out)
    assert table.low == -10 and table.step == 5
    # from a tie at or past the target, the next dealer wins unless the round is even;
    # an even round passes the deal: t0 = 1/2 + 1/2 * t1 and t1 = 1/2 * t0
    t0, t1 = table.tie_chances
    assert t0 == pytest.approx(2 / 3) and t1 == pytest.approx(1 / 3)
    assert table.win_probability((25, 25), dealer=0)[0] == pytest.approx(2 / 3)
    # (15, 15), player 0 deals: +10/-5 wins outright; +5/+5 makes a tie at 20 with
    # player 1 dealing
    assert table.win_probability((15, 15), dealer=0)[0] == pytest.approx(0.5 + 0.5 / 3)


def test_determined_ends_are_one_and_zero() -> None:
    # the dealer always wins 60 points and deals again
    table = match_equity_table(get_rules("gin"), outcomes=HandOutcomes.from_counts(
        [(60, 0, "dealer", 1)]))
    assert table.win_probability((50, 0), dealer=0) == (1.0, 0.0)
    assert table.win_probability((50, 0), dealer=1) == (0.0, 1.0)
    assert table.win_probability((50, 0)) == (0.5, 0.5)


# ------------------------------------------------------------------ the shipped tables


@pytest.mark.parametrize("name", SHIPPED)
def test_equal_totals_with_the_dealer_averaged_are_even(name: str) -> None:
    table = match_equity_table(name)
    for k in (0, len(table.totals) // 2, len(table.totals) - 1):
        s = table.totals[k]
        p0, p1 = match_win_probability(name, (s, s))
        assert p0 == pytest.approx(0.5, abs=1e-9) and p0 + p1 == pytest.approx(1.0)


@pytest.mark.parametrize("name", SHIPPED)
def test_seats_swap_with_the_dealer(name: str) -> None:
    table = match_equity_table(name)
    chances = table.chances
    # player 0's chance at (a, b) with dealer d is player 1's at (b, a) with dealer 1 - d
    assert np.allclose(chances[0], 1 - chances[1].T, atol=1e-9)


@pytest.mark.parametrize("name", SHIPPED)
def test_chances_are_monotone_in_each_total(name: str) -> None:
    table = match_equity_table(name)
    sign = -1 if table.format == "pool" else 1  # in Pool a lower total is better
    for dealer in (0, 1):
        grid = sign * table.chances[dealer]
        assert (np.diff(grid, axis=0) >= -1e-9).all()  # player 0's own total
        assert (np.diff(grid, axis=1) <= 1e-9).all()  # the opponent's
        assert (table.chances[dealer] >= 0).all() and (table.chances[dealer] <= 1).all()


def test_the_leader_near_the_end_is_a_big_favourite() -> None:
    assert match_win_probability("gin", (95, 0))[0] > 0.85
    assert match_win_probability("indian-pool-101", (100, 0))[0] < 0.15
    assert match_win_probability("500", (480, -100))[0] > 0.9


def test_dealer_matters_in_gin() -> None:
    a = match_win_probability("gin", (60, 60), dealer=0)[0]
    b = match_win_probability("gin", (60, 60), dealer=1)[0]
    assert a != b and (a + b) / 2 == pytest.approx(0.5)


def test_rules_with_another_target_use_the_same_hands() -> None:
    table = match_equity_table(get_rules("gin", target=150))
    assert table.chances.shape == (2, 150, 150)
    assert table.outcomes == expert_outcomes("gin")
    assert expert_outcomes("indian-pool-201") != expert_outcomes("indian-pool-101")


def test_rummy_500_rounds_to_fives_and_bounds_below() -> None:
    table = match_equity_table("500")
    assert table.step == 5 and table.low == -250 and table.totals[-1] == 495
    assert match_win_probability("500", (101, 50)) == match_win_probability("500", (100, 50))
    assert (match_win_probability("500", (-900, 50))
            == match_win_probability("500", (-250, 50)))
    p = match_win_probability("500", (510, 510), dealer=1)
    assert p[0] == pytest.approx(table.tie_chances[1])


def test_a_call_after_the_first_is_fast() -> None:
    match_win_probability("500", (0, 0))
    start = time.perf_counter()
    for k in range(200):
        match_win_probability("500", (k, 2 * k), dealer=k % 2)
    assert (time.perf_counter() - start) / 200 < 0.005


def test_public_names_and_display() -> None:
    assert rl.coach.match_win_probability is match_win_probability
    table = rl.coach.match_equity_table("gin")
    assert isinstance(table, MatchEquityTable) and table is match_equity_table("gin")
    md = table._repr_markdown_()
    assert "player 0's chance" in md and md.count("\n|") >= 11
    fig = rl.viz.match_equity_heatmap("indian-pool-201", dealer=1)
    assert len(fig.data[0].z) == 201 and "pool limit 201" in fig.layout.title.text


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(("rules", "scores", "dealer", "message"), [
    ("gin", (100, 60), None, r"the match is over at \(100, 60\): player 0 has reached"),
    ("gin", (100, 120), None, "no gin match reaches"),
    ("gin", (-5, 10), None, "totals start at 0 and never go down, player 0 has -5"),
    ("gin", (10, 20, 30), None, "two players: scores must hold 2 totals, got 3"),
    ("gin", (10.0, 20), None, r"whole numbers, got \(10.0, 20\)"),
    ("gin", (True, 20), None, "whole numbers"),
    ("gin", "10 20", None, "a pair of match totals, got '10 20'"),
    ("gin", 7, None, "a pair of match totals, got 7"),
    ("gin", (10, 20), 2, "dealer must be 0, 1 or None .* got 2"),
    ("gin", (10, 20), True, "dealer must be 0, 1 or None"),
    ("basic", (100, 100), None, "only one player scores in a hand"),
    ("500", (520, 510), None, "the match is over at .* player 0 is ahead"),
    ("indian-pool-101", (20, 101), None, "player 1 has reached the pool limit of 101"),
    ("indian-pool-101", (120, 101), None, "at most one of two players out"),
    ("hollywood", (10, 20), None, "not Hollywood"),
    ("indian-deals", (10, 20), None, "number of deals left"),
    ("indian", (10, 20), None, "a Points match is a single deal"),
    ("500-pagat", (10, 20), None, "no measured hand outcomes for the rules '500-pagat'"),
    (get_rules("gin", knock_limit=5), (10, 20), None, "no measured hand outcomes"),
])
def test_bad_input_is_a_value_error_naming_it(rules: object, scores: object, dealer: object,
                                              message: str) -> None:
    with pytest.raises(ValueError, match=message):
        match_win_probability(rules, scores, dealer=dealer)  # type: ignore[arg-type]


def test_hand_outcomes_are_checked() -> None:
    with pytest.raises(ValueError, match="at least one hand"):
        HandOutcomes.from_counts([])
    with pytest.raises(ValueError, match="winner must be"):
        HandOutcomes.from_counts([(1, 0, "me", 1)])
    with pytest.raises(ValueError, match="dealer_change, other_change, winner, count"):
        HandOutcomes.from_counts([(1, 0, "dealer")])
    bad_gin = HandOutcomes.from_counts([(10, 5, "dealer", 1)])
    with pytest.raises(ValueError, match="adds points to its winner only"):
        match_equity_table("gin", outcomes=bad_gin)
    with pytest.raises(ValueError, match="never move a total towards the target"):
        match_equity_table("500", outcomes=HandOutcomes.from_counts([(-5, 0, "dealer", 1)]))


# ---------------------------------------------------------------------- precision


def test_the_shipped_tables_give_each_chance_a_range_that_holds_it() -> None:
    from rummy_lab.coach import match_win_interval

    for name, scores in (("gin", (90, 60)), ("oklahoma", (40, 70)), ("basic", (50, 80)),
                         ("500", (300, 400)), ("indian-pool-101", (30, 90)),
                         ("indian-pool-201", (120, 180))):
        p0, p1 = match_win_probability(name, scores)
        (lo0, hi0), (lo1, hi1) = match_win_interval(name, scores)
        assert 0 <= lo0 < p0 < hi0 <= 1 and 0 <= lo1 < p1 < hi1 <= 1, name
        assert lo1 == pytest.approx(1 - hi0) and hi1 == pytest.approx(1 - lo0)
        # mid-match, a few hundred measured hands pin a chance to within 15 points
        assert 0.005 < hi0 - lo0 < 0.30, (name, lo0, hi0)
        for dealer in (0, 1):
            lo, hi = match_win_interval(name, scores, dealer=dealer)[0]
            assert lo < match_win_probability(name, scores, dealer=dealer)[0] < hi


def test_a_range_is_the_resampled_spread_at_the_nearest_grid_point() -> None:
    from rummy_lab.coach.match_equity import match_equity_table

    t = match_equity_table("gin")
    assert t.precision is not None
    every = t.precision["every"]
    se = t.precision["se"][1][90 // every][60 // every]
    p = t.win_probability((90, 60), dealer=1)[0]
    assert t.interval((90, 60), dealer=1) == pytest.approx((p - 1.96 * se, p + 1.96 * se))


def test_resampling_measures_the_spread_and_refuses_hand_made_outcomes() -> None:
    from rummy_lab.coach.match_equity import (
        HandOutcomes,
        MatchEquityTable,
        resampled_se,
    )

    rules = get_rules("gin", target=5)
    few = HandOutcomes.from_counts([(3, 0, "dealer", 6), (0, 2, "other", 4)])
    rec = resampled_se(rules, few, resamples=8, seed=1, every=2)
    t = MatchEquityTable(rules, few, precision=rec)
    assert len(rec["se"]) == 2 and len(rec["se"][0]) == (len(t.totals) + 1) // 2
    assert all(x >= 0 for grid in rec["se"] for row in grid for x in row)
    assert max(x for grid in rec["se"] for row in grid for x in row) > 0
    lo, hi = t.interval((1, 1))
    assert lo < t.win_probability((1, 1))[0] < hi
    hand_made = HandOutcomes(((3, 0, "dealer", 0.6), (0, 2, "other", 0.4)))
    with pytest.raises(ValueError, match="needs measured outcomes"):
        resampled_se(rules, hand_made)
    with pytest.raises(ValueError, match="resamples must be"):
        resampled_se(rules, few, resamples=1)
    with pytest.raises(ValueError, match="grid must be"):
        MatchEquityTable(rules, few, precision={"every": 1, "se": rec["se"]})
    with pytest.raises(ValueError, match="no measured precision"):
        MatchEquityTable(rules, few).interval((1, 1))
    # the shipped precision belongs to the preset's target only
    with pytest.raises(ValueError, match="no measured precision"):
        rl.coach.match_win_interval(get_rules("gin", target=150), (90, 60))
