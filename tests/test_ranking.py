"""Rankings that agree with their numbers, intervals, match-winning values, review figures."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import rummy_lab as rl
from rummy_lab.bots import ExpertBot, RandomBot, make_bot, play_hand
from rummy_lab.coach.matchplay import match_chance_of
from rummy_lab.coach.ranking import RANK_Z, format_value, ranks, standard_error
from rummy_lab.coach.review import Review, ReviewRow
from rummy_lab.coach.value_types import MoveValue
from rummy_lab.coach.values import ranked_values
from rummy_lab.engine.moves import Discard, DrawStock, PassUpcard, TakeUpcard

VARIANTS = ("gin", "basic", "500", "indian")


def decisions(variant: str, hands: int, seed: int = 0) -> Iterator[rl.PlayerView]:
    """Views of every decision (more than one legal move) in greedy-bot hands."""
    for h in range(hands):
        g = rl.new_game(variant, seed=seed + h, dealer=h % 2)
        bot = make_bot("greedy", g.rules)
        rng = random.Random(h)
        while not g.is_over:
            v = g.view_for(g.current_player)
            if len(v.legal_moves) > 1:
                yield v
            g.play(bot.choose(v, rng))


def mv(move: object, value: float, deals: tuple[float, ...] = (), exact: bool = False
       ) -> MoveValue:
    return MoveValue(move, value, len(deals), exact, per_deal=deals)  # type: ignore[arg-type]


# ----------------------------------------------------------------------- ranks
def test_ranks_are_dense_and_follow_the_paired_noise() -> None:
    a = mv(DrawStock(), 2.0, (1.0, 3.0, 2.0, 2.0))
    b = mv(TakeUpcard(), 1.5, (0.0, 3.0, 2.0, 1.0))  # lead 0.5, paired se 0.29: tied
    c = mv(PassUpcard(), -5.0, (-5.0, -5.1, -4.9, -5.0))  # far below
    assert ranks([a, b, c]) == [1, 1, 2]
    # the lead over b must exceed RANK_Z paired standard errors to split them
    se = a.noise_against(b)
    assert RANK_Z * se >= 0.5
    # exact values are tied only when equal
    assert ranks([mv(Discard("KC"), 1.0, exact=True), mv(Discard("QC"), 1.0, exact=True),
                  mv(Discard("JC"), 0.9, exact=True)]) == [1, 1, 2]
    # with a resolution margin, a lead within it ties
    assert ranks([mv(Discard("KC"), 3.0, exact=True), mv(Discard("QC"), 0.5, exact=True)],
                 3.0) == [1, 1]


def test_a_move_between_two_tied_moves_is_tied_too() -> None:
    """Ranks never decrease down the list: a precise middle move below a noisy tied one
    still shares its rank."""
    top = mv(DrawStock(), 10.0, (10.0, 10.0, 10.0, 10.0))
    middle = mv(TakeUpcard(), 9.0, (9.0, 9.0, 9.0, 9.0))  # told apart from the top alone
    noisy = mv(PassUpcard(), 8.0, (0.0, 16.0, 0.0, 16.0))  # tied with the top
    assert ranks([top, middle]) == [1, 2]
    assert ranks([top, middle, noisy]) == [1, 1, 1]


def test_ranks_need_sorted_values() -> None:
    with pytest.raises(ValueError, match="sorted highest first"):
        ranks([mv(DrawStock(), 1.0, exact=True), mv(TakeUpcard(), 2.0, exact=True)])


def test_values_print_to_what_their_interval_supports() -> None:
    assert format_value(5.912, 0.21) == "+5.9 ± 0.4"
    assert format_value(5.9, 1.1) == "+6 ± 2"
    assert format_value(-3.14159, 0.01) == "-3.14 ± 0.02"
    assert format_value(5.0, 0.0) == "+5.0"
    assert format_value(0.7123, 0.012, percent=True) == "71% ± 2%"
    assert format_value(0.5, 0.0, percent=True) == "50%"
    assert standard_error(mv(DrawStock(), 2.0, (1.0, 3.0))) == pytest.approx(1.0)
    assert standard_error(mv(DrawStock(), 2.0, exact=True)) == 0.0


@pytest.mark.parametrize("variant", VARIANTS)
def test_evaluate_lists_moves_by_value_with_ranks(variant: str) -> None:
    """In every variant: highest value first, always; ranks start at 1, dense, never
    decreasing; the coach's pick has rank 1 and its reasons say why when it is not the
    first; a standard error is 0 exactly when the value is exact."""
    for i, v in enumerate(decisions(variant, 2)):
        if i >= 14:
            break
        advice = rl.coach.evaluate(v, seed=i)
        values = [a.value for a in advice]
        assert values == sorted(values, reverse=True)
        rk = [a.rank for a in advice]
        assert rk[0] == 1 and rk == sorted(rk)
        assert set(rk) == set(range(1, max(rk) + 1))
        picks = [a for a in advice if a.choice]
        assert len(picks) == 1 and picks[0].rank == 1 and advice.choice is picks[0]
        for a in advice:
            assert a.se >= 0 and (a.se == 0) == (a.exact or a.samples < 2)
            assert a.reasons[0].startswith("worth " + a.shown_value())
        if picks[0] is not advice[0]:
            assert any(r.startswith(f"the coach prefers {picks[0].move} to {advice[0].move}")
                       for r in picks[0].reasons)
            assert f"as good as {advice[0].move} at this precision" in picks[0].reasons[0]


def test_expert_bot_plays_the_coachs_pick() -> None:
    for i, v in enumerate(decisions("gin", 1)):
        if i >= 8:
            break
        bot = ExpertBot()
        move = bot.choose(v, random.Random(i))
        assert move == bot.last_values.choice.move
        assert bot.last_values.rank_of(move) == 1


def test_deciding_spends_the_race_s_deals_on_the_tied_moves() -> None:
    """``evaluate`` (which decides) ends with a single rank-1 move at least as often as
    the bot's race over the same Gin decisions, and never with more rank-1 moves on
    average."""
    views = [v for i, v in zip(range(30), decisions("gin", 3, seed=50), strict=False)]
    single = {True: 0, False: 0}
    size = {True: 0, False: 0}
    for i, v in enumerate(views):
        for decide in (True, False):
            r = ranked_values(v, None, i, decide=decide, split=False)
            single[decide] += r.ranks.count(1) == 1
            size[decide] += r.ranks.count(1)
    assert single[True] > single[False]
    assert size[True] <= size[False]


# ----------------------------------------------------------------------- match
def test_views_carry_the_match_scores() -> None:
    assert rl.new_game("gin", seed=1).view_for(0).match_scores is None
    m = rl.new_match("gin", seed=3)
    assert m.current_game.view_for(0).match_scores == (0, 0)
    play_hand(m.current_game, [make_bot("greedy", m.rules)] * 2, random.Random(0))
    m.next_hand()
    g = m.current_game
    assert g.view_for(1).match_scores == m.totals == g.initial().view_for(0).match_scores
    assert g.copy().match_scores == m.totals


def test_match_objective_needs_a_match_view_and_a_known_objective() -> None:
    v = rl.new_game("gin", seed=4).view_for(1)
    with pytest.raises(ValueError, match="belongs to no match"):
        rl.coach.evaluate(v, objective="match")
    with pytest.raises(ValueError, match="objective must be one of 'points', 'match'"):
        rl.coach.evaluate(v, objective="chips")
    m = rl.new_match("hollywood", seed=2)
    g = m.current_game
    with pytest.raises(ValueError):
        rl.coach.evaluate(g.view_for(g.current_player), objective="match")


def test_a_hands_result_moves_the_match_chance_as_the_table_says() -> None:
    g = rl.new_match("gin", seed=5).current_game
    me = g.current_player
    g.match_scores = (90, 60) if me == 0 else (60, 90)  # the player to move has 90
    v = g.view_for(me)
    chance = match_chance_of(v)
    assert chance(10) == 1.0  # 90 + 10 reaches the target
    assert chance(-40) == 0.0  # the opponent reaches 100
    table = rl.coach.match_equity_table("gin")
    scores = [90, 60] if me == 0 else [60, 90]
    scores[me] += 5
    p0 = table.chance_after(scores[0], scores[1], me)  # the winner deals next
    assert chance(5) == pytest.approx(p0 if me == 0 else 1 - p0)
    # More points are better with the same dealer next: a win of 2 or 5 (you deal), a loss
    # of 10 or a drawn hand (the opponent deals; a drawn hand is dealt again by the same
    # dealer). Across dealers the table may say otherwise: near the end the deal is worth
    # more than a few points (at 90-60, 95-60 dealing is below 90-60 not dealing).
    assert chance(2) < chance(5) and chance(-10) < chance(0)


def test_match_values_are_chances_and_rank_like_points() -> None:
    g = rl.new_match("gin", seed=6).current_game
    g.match_scores = (90, 60)
    v = g.view_for(g.current_player)
    advice = rl.coach.evaluate(v, objective="match")
    assert advice.objective == "match" and all(a.objective == "match" for a in advice)
    assert all(0.0 <= a.value <= 1.0 for a in advice)
    assert [a.value for a in advice] == sorted((a.value for a in advice), reverse=True)
    assert advice[0].reasons[0].startswith(f"a {advice[0].shown_value()} chance to win")
    assert "%" in advice[0].shown_value()
    assert "win chance" in advice._repr_html_()


def test_a_match_hand_is_reviewed_in_match_chance() -> None:
    m = rl.new_match("gin", seed=7)
    g = m.current_game
    g.match_scores = (80, 85)
    play_hand(g, [make_bot("greedy", g.rules), RandomBot()], random.Random(7))
    rv = rl.coach.review(g, 1)
    assert rv.objective == "match" == rl.coach.objective_for(g)
    assert rv.bounds == rl.coach.thresholds("match")
    assert rv.rows and all(0.0 <= r.played_value <= 1.0 for r in rv.rows)
    assert all(r.loss == pytest.approx(max(0.0, r.best_value - r.played_value))
               for r in rv.rows)
    assert "chance to win the match lost" in rv.summary()
    plain = rl.coach.review(g, 1, objective="points")
    assert plain.objective == "points" and plain.bounds == rl.coach.thresholds("gin")


# ----------------------------------------------------------------------- review figures
def _row(turn: int, loss: float, rank: int, swing: float = 0.0) -> ReviewRow:
    return ReviewRow(turn, DrawStock(), PassUpcard(), loss, "good", "", rank=rank,
                     swing=swing)


def test_error_rate_accuracy_and_key_moments() -> None:
    stake = rl.coach.thresholds("gin")["mistake"]
    rows = (_row(1, 0.0, 1, 2.0), _row(3, stake, 2), _row(5, 0.4, 1, 9.0),
            _row(7, 2 * stake, 3))
    rv = Review(0, "gin", rows, rl.coach.thresholds("gin"))
    assert rv.error_rate == pytest.approx((3 * stake + 0.4) / 4)
    # rank-1 rows count no loss; a whole stake scores 50, two stakes 25
    assert rv.accuracy == pytest.approx((100 + 50 + 100 + 25) / 4)
    assert [r.turn for r in rv.key_moments()] == [7, 3, 5]
    assert [r.turn for r in rv.key_moments(1)] == [7]
    with pytest.raises(ValueError, match="whole number"):
        rv.key_moments(-1)
    best = Review(0, "gin", (_row(1, 0.0, 1), _row(2, 0.3, 1)), rl.coach.thresholds("gin"))
    assert best.accuracy == 100.0
    assert Review(0, "gin", ()).accuracy == 100.0 and Review(0, "gin", ()).error_rate == 0.0
    # the map falls as a loss grows
    assert (Review.decision_accuracy(1.0, stake) > Review.decision_accuracy(2.0, stake)
            > Review.decision_accuracy(9.0, stake))


def test_a_review_row_contrasts_the_move_played_with_the_best() -> None:
    g = rl.new_game("gin", seed=2)
    play_hand(g, [make_bot("greedy", g.rules), RandomBot()], random.Random(2))
    rv = rl.coach.review(g, 1)
    worse = [r for r in rv.rows if r.rank > 1]
    assert worse
    for r in worse:
        assert f"less than {r.best}" in r.reason or f"as much as {r.best}" in r.reason
    throws = [r for r in worse if isinstance(r.played, Discard) and isinstance(r.best, Discard)]
    assert any(f"{r.played} leaves " in r.reason or "chance of a meld" in r.reason
               for r in throws)
    text = rv.summary()
    assert f"accuracy {rv.accuracy:.0f} of 100" in text and "error rate" in text
    html = rv._repr_html_()
    assert "± is the half-width of a 95% interval" in html and "<th>rank</th>" in html
