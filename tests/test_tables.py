"""Results display as labelled tables and pictures, with the engine's numbers in them."""

from __future__ import annotations

import random
import re

import pytest

import rummy_lab as rl


def _cells(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", html)]


def test_showdown_table() -> None:
    sd = rl.gin.showdown("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S", "3H 7H KD KC QS JS 10D 8C 8D 2S")
    html = sd._repr_html_()
    cells = _cells(html)
    assert cells[:3] == ["", "knocker", "defender"]
    assert cells[3:6] == ["deadwood", str(sd.knocker_deadwood), str(sd.defender_deadwood)]
    assert cells[6:9] == ["laid off", "", "3♥ 7♥"]
    assert cells[9:12] == ["points", "63", "0"]
    assert sd.explain() in html and html.count('class="rl-partition"') == 2


def test_game_and_hollywood_sheets() -> None:
    t = rl.gin.game_totals([(0, 30), (0, 40), (0, 35)])
    cells = _cells(t._repr_html_())
    assert cells[-3:] == ["total", "380", "0"]
    assert "player 0 wins" in t._repr_html_() and "shutout" in t._repr_html_()
    h = rl.gin.hollywood_totals([(0, 10), (0, 20), (0, 30)])
    cells = _cells(h._repr_html_())
    assert cells[:5] == ["", "game 1", "game 2", "game 3", "total"]
    assert cells[5:10] == ["player 0", *(str(g.totals[0]) for g in h.games), str(h.totals[0])]


def test_indian_standings_and_count_picture() -> None:
    pool = rl.indian.pool_standings([(0, (0, 80)), (0, (0, 21))], "indian-pool-101")
    cells = _cells(pool._repr_html_())
    assert cells[3:9] == ["player 0", "0", "in", "player 1", "101", "out"]
    deals = rl.indian.deals_standings([(0, (0, 30)), (0, (0, 10))])
    assert _cells(deals._repr_html_())[4:8] == ["player 0", "160", "200", "40"]
    pts = rl.indian.points_standings([(0, (0, 30, 45))], rl.get_rules("indian", point_value=2))
    assert _cells(pts._repr_html_())[3:6] == ["player 0", "0", "150"]
    e = rl.indian.explain_count("2C 3C 4C 9S 9D 9C KD KH KS QS QD 5S 8H", wild_rank=7)
    assert (e.tier, e.raw, e.points) == (2, 90, 80)
    assert e.points == rl.indian.count_points("2C 3C 4C 9S 9D 9C KD KH KS QS QD 5S 8H",
                                              wild_rank=7)
    html = e._repr_html_()
    assert "Count: 80" in html and html.count("&#9654;") == 1
    assert rl.indian.explain_count("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH QS 3D", wild_rank=8).tier == 3
    assert rl.indian.explain_count("5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS", wild_rank=8).tier == 1


def test_table_scores_and_draw_odds() -> None:
    g = rl.new_game("500", hands=["7S 8S 9S KD KH KC 4D", "2H 3C 5D 6H 8C 10D JC"],
                    discard="2D", stock_top="KS", dealer=1, seed=0)
    for m in ("draw_stock", "meld 7S 8S 9S", "meld KD KH KC KS", "discard 4D"):
        g.play(m)
    cells = _cells(g.result.detail._repr_html_())
    assert cells[4:8] == ["player 0", "64", "0", "64"]
    assert cells[8:12] == ["player 1", "0", "44", "-44"]
    rows = rl.probability.draw_odds_table("7S 8S 9S 5H 5D KC QC 2D 3C 4H JS")
    assert isinstance(rows, list) and rows[0].discard == rl.Card.parse("JS")
    cells = _cells(rows._repr_html_())
    first = cells[cells.index("J♠"):][:7]
    assert first[:2] == ["J♠", "39"] and first[2].startswith("7 (")
    assert first[5] == f"{float(rows[0].p_hit[2]):.1%}"


def test_report_table_and_points() -> None:
    rep = rl.simulate("gin", 60, bots=("greedy", "random"), seed=2, executor="inline",
                      progress=False)
    net = rep.net_points(0)
    diffs = [r.scores[0] - r.scores[1] for r in rep.records]
    assert net.value == pytest.approx(sum(diffs) / len(diffs)) and net.count == 60
    assert rep.net_points(1).value == pytest.approx(-net.value)
    assert rep.mean_points(0).value == pytest.approx(sum(r.scores[0] for r in rep.records) / 60)
    html = rep._repr_html_()
    assert "net points per hand" in html and str(net) in html and "60 gin hands" in html
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        rep.net_points(2)
    # the same deals with another seat-0 bot: paired deal by deal
    other = rl.simulate("gin", 60, bots=(rl.bots.GreedyGinBot(knock_at=0), "random"), seed=2,
                        executor="inline", progress=False)
    diff = rep.paired_difference(other)
    assert diff.value == pytest.approx(net.value - other.net_points(0).value)
    assert rep.paired_difference(rep).value == 0
    with pytest.raises(ValueError, match="same deals"):
        rep.paired_difference(rl.simulate("gin", 60, seed=3, executor="inline",
                                          progress=False))


def test_lesson_helpers() -> None:
    g = rl.new_game("gin", seed=5)
    played = rl.bots.play_until_turn(g, 0, rl.bots.GreedyGinBot(), random.Random(0))
    assert played and all(e.player == 1 for e in played) and g.current_player == 0
    assert all(e.drawn is None for e in played)  # as player 0 sees them
    rl.bots.play_hand(g, [rl.bots.GreedyGinBot()] * 2, random.Random(0))
    v = g.view_at_draw(0, 2)
    assert len(v.hand) == 11 and v.is_my_turn
    with pytest.raises(ValueError, match=r"made \d+ draws in this hand, not 99"):
        g.view_at_draw(0, 99)
    with pytest.raises(ValueError, match="need one bot or 2 bots"):
        rl.bots.play_until_turn(g, 0, [rl.bots.RandomBot()] * 3, random.Random(0))
