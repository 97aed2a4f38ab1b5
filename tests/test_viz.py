"""rummy_lab.viz: figures carry the engine's exact numbers, in the traces and frames shown."""

from __future__ import annotations

import random

import numpy as np
import plotly.graph_objects as go
import pytest
import sympy

import rummy_lab as rl
from rummy_lab import viz
from rummy_lab.bots import GreedyGinBot, play_hand
from rummy_lab.engine.game import Game
from rummy_lab.probability import (
    deal_deadwood,
    outs,
    p_draw_out,
    p_hand_contains,
    running_estimates,
)


@pytest.fixture(scope="module")
def played() -> Game:
    """A Gin hand played to its end by two greedy bots."""
    g = rl.new_game("gin", seed=3)
    play_hand(g, [GreedyGinBot(), GreedyGinBot()], random.Random(0))
    return g


# --------------------------------------------------------------------------- meld odds


def test_meld_probability_lines_hold_exact_values() -> None:
    fig = viz.meld_probability_figure("meld", range(3, 11), ["gin", "500", ("indian", 2)])
    assert isinstance(fig, go.Figure)
    assert [t.name for t in fig.data] == ["gin", "500", "indian-points, 2 decks"]
    for trace, (rules, decks) in zip(fig.data, [("gin", None), ("500", None), ("indian", 2)],
                                     strict=True):
        assert list(trace.x) == list(range(3, 11))
        for n, y, (frac, _) in zip(trace.x, trace.y, trace.customdata, strict=True):
            exact = p_hand_contains("meld", n, rules, decks=decks)
            assert y == pytest.approx(float(exact))
            assert sympy.Rational(frac) == exact  # hover shows the exact fraction
        assert "customdata[0]" in trace.hovertemplate


def test_rule_choices_compare_ace_and_decks() -> None:
    choices = viz.rule_choices("gin")
    assert [(c.rules.ace, c.decks) for c in choices] == [
        ("low", 1), ("low", 2), ("high_or_low", 1), ("high_or_low", 2)]
    fig = viz.meld_probability_figure("run", [10], choices, mark=10)
    ys = [t.y[0] for t in fig.data[:4]]
    assert ys[2] > ys[0]  # Q-K-A adds runs
    assert ys[1] < ys[0]  # two decks: duplicates take places that could extend a run
    mark = fig.data[-1]
    assert mark.name == "hand size 10" and list(mark.y) == ys


def test_meld_probability_mapping_labels_and_errors() -> None:
    fig = viz.meld_probability_figure("set", [3], {"one deck": ("gin", 1), "two": ("gin", 2)})
    assert [t.name for t in fig.data] == ["one deck", "two"]
    with pytest.raises(ValueError, match="kind"):
        viz.meld_probability_figure("flush")
    with pytest.raises(ValueError, match="decks"):
        viz.meld_probability_figure("set", [3], [("gin", 9)])
    with pytest.raises(ValueError, match="n must be"):
        viz.meld_probability_figure("set", [60], ["gin"])


# --------------------------------------------------------------------------- draws, outs


def test_draw_odds_figure_matches_p_draw_out() -> None:
    fig = viz.draw_odds_figure([4, 8], 31, max_draws=5, mark=2)
    assert [t.name for t in fig.data] == ["4 outs", "8 outs", "2 draws"]
    for trace, o in zip(fig.data[:2], (4, 8), strict=True):
        assert list(trace.x) == [1, 2, 3, 4, 5]
        assert [sympy.Rational(c[0]) for c in trace.customdata] == [
            p_draw_out(o, 31, k) for k in range(1, 6)]
    assert fig.data[2].customdata[1][0] == "212/465"
    assert viz.draw_odds_figure(1, 2, max_draws=10).data[0].x == (1, 2)  # capped at unseen
    with pytest.raises(ValueError):
        viz.draw_odds_figure(5, 4)


def test_outs_heatmap_grid(gin_hand: rl.Hand) -> None:
    found = outs(gin_hand, seen="8C")
    fig = viz.outs_heatmap(found, hand=gin_hand, seen="8C")
    heat = fig.data[0]
    assert np.array(heat.z).shape == (4, 13)
    assert sum(map(sum, heat.z)) == sum(found.values())
    for card, copies in found.items():
        assert heat.z[card.suit.order][card.rank - 1] == copies
        assert card.glyph in heat.text[card.suit.order][card.rank - 1]
    in_hand, seen = fig.data[1], fig.data[2]
    assert len(in_hand.x) == len(set(gin_hand)) and list(seen.x) == ["8"]
    assert f"{len(found)} cards" in fig.layout.title.text


def test_outs_heatmap_two_decks_and_jokers() -> None:
    found = outs("5H 6H 9S 9D", "indian", wild_rank=2)
    fig = viz.outs_heatmap(found, hand="5H 6H 9S 9D")
    assert "printed joker" in fig.layout.title.text
    assert max(max(row) for row in fig.data[0].z) == 2  # two unseen copies of a card


# --------------------------------------------------------------------------- deadwood, MC


def test_deadwood_histogram_from_deal_deadwood() -> None:
    values = deal_deadwood(2000, seed=5)
    other = deal_deadwood(2000, seed=6)
    exact = {0: sympy.Rational(1, 10), 5: sympy.Rational(9, 10)}
    fig = viz.deadwood_histogram(values, exact=exact, simulated=other)
    bars, line, step = fig.data
    assert sum(bars.y) == pytest.approx(1.0)
    counts = np.bincount(values)
    assert list(bars.x) == [int(x) for x in np.nonzero(counts)[0]]
    assert bars.y[0] == pytest.approx(counts[bars.x[0]] / 2000)
    assert line.name == "exact" and list(line.customdata) == ["1/10", "9/10"]
    assert step.line.shape == "hvh"
    assert fig.layout.shapes[0].x0 == pytest.approx(float(values.mean()))
    with pytest.raises(ValueError, match="whole"):
        viz.deadwood_histogram([1.5])
    with pytest.raises(ValueError, match="at least one"):
        viz.deadwood_histogram([])


def test_convergence_band_from_running_estimates() -> None:
    hits = np.random.default_rng(0).random(5000) < 0.3
    ns, means, ses = running_estimates(hits, points=40)
    fig = viz.convergence_figure(means, ses, samples=ns, exact=sympy.Rational(3, 10))
    upper, lower, est, exact = fig.data
    assert lower.fill == "tonexty" and list(est.x) == ns.tolist()
    assert np.allclose(upper.y, means + 1.96 * ses) and np.allclose(lower.y, means - 1.96 * ses)
    assert list(exact.y) == [0.3, 0.3] and "3/10" in exact.hovertemplate
    with pytest.raises(ValueError, match="standard errors"):
        viz.convergence_figure([0.1, 0.2], [0.1])


def test_outcome_bars_error_bars() -> None:
    fig = viz.outcome_bars({"gin": (0.1, 0.01), "knock": (0.7, 0.02), "undercut": (0.2, 0.015)},
                           z=2)
    bar = fig.data[0]
    assert list(bar.x) == ["gin", "knock", "undercut"]
    assert list(bar.y) == [0.1, 0.7, 0.2]
    assert list(bar.error_y.array) == pytest.approx([0.02, 0.04, 0.03])


def test_deadwood_by_turn_figure() -> None:
    fig = viz.deadwood_by_turn_figure([[30, 25, None], [40, 40, 33]], names=["you", "bot"],
                                      turn=2)
    assert [t.name for t in fig.data] == ["you", "bot"]
    assert list(fig.data[0].y) == [30, 25, None] and fig.layout.shapes[0].x0 == 2
    with pytest.raises(ValueError, match="names"):
        viz.deadwood_by_turn_figure([[1]], names=["a", "b"])


# --------------------------------------------------------------------------- games


def test_deadwood_by_turn_follows_the_replay(played: Game) -> None:
    dw = viz.deadwood_by_turn(played)
    steps = len(played.history) + 1
    assert [len(x) for x in dw] == [steps, steps]
    first = [rl.deadwood(played.initial().hand(p)) for p in range(2)]
    assert [dw[0][0], dw[1][0]] == first
    hidden = viz.deadwood_by_turn(played, player=0)
    assert hidden[0] == dw[0]
    assert hidden[1][:-1] == [None] * (steps - 1) and hidden[1][-1] is not None  # showdown


def test_animate_game_frames(played: Game) -> None:
    fig = viz.animate_game(played)
    steps = len(played.history) + 1
    assert len(fig.frames) == steps
    assert [f.name for f in fig.frames] == [str(i) for i in range(steps)]
    assert [len(f.data) for f in fig.frames] == [3] * steps
    first = fig.frames[0]
    assert first.layout.title.text == "the deal"
    faces = first.data[0]
    dealt = [c.glyph for p in range(2) for c in played.initial().hand(p)]
    assert list(faces.text[:20]) == dealt
    labels = " ".join(first.data[2].text)
    assert "stock 31" in labels and "deadwood" in labels
    for i, event in enumerate(played.history, start=1):
        assert event.caption() in fig.frames[i].layout.title.text
    assert played.result is not None
    assert played.result.reason in fig.frames[-1].layout.title.text
    menu = fig.layout.updatemenus[0]
    assert [b.label for b in menu.buttons] == ["▶ Play", "❚❚ Pause"]
    assert menu.buttons[0].args[1]["frame"]["duration"] == 800
    assert [s.args[0][0] for s in fig.layout.sliders[0].steps] == [str(i) for i in range(steps)]
    html = fig.to_html(include_plotlyjs=False, full_html=False)
    assert "Plotly.addFrames" in html or '"frames"' in html  # animates without a kernel


def test_animate_game_hides_what_a_player_cannot_see(played: Game) -> None:
    fig = viz.animate_game(played, player=0, by="turn")
    assert len(fig.frames) < len(played.history) + 1
    start = fig.frames[0]
    opponent = {c.glyph for c in played.initial().hand(1)}
    assert not opponent & set(start.data[0].text)
    assert len(start.data[1].x) == 10 + 1  # ten backs + the stock
    end = fig.frames[-1]
    assert opponent <= set(end.data[0].text) or end.data[1].x == (0.0,)  # revealed at the end
    with pytest.raises(ValueError, match="player"):
        viz.animate_game(played, player=5)
    with pytest.raises(ValueError, match="by"):
        viz.animate_game(played, by="round")


def test_meld_positions_with_duplicates() -> None:
    hand = rl.parse_cards("7S 7S 7H 7D 8S 9S")
    part = rl.best_partition(hand, "500")
    where = viz.meld_positions(hand, part)
    assert sorted(where) == list(range(6)) or len(where) == part.melded_count
    assert len(set(where)) == part.melded_count


def test_animate_game_table_melds_stay_on_the_table() -> None:
    g = rl.new_game("basic", players=3, seed=4)
    play_hand(g, [rl.bots.RandomBot()] * 3, random.Random(0))
    assert any(views[0].table for views in viz.replay_views(g))  # melds were laid
    fig = viz.animate_game(g, by="turn")
    xs = [x for f in fig.frames for x in f.data[0].x]
    ys = [y for f in fig.frames for y in f.data[0].y]
    lo, hi = fig.layout.xaxis.range
    assert lo < min(xs) and max(xs) < hi
    assert fig.layout.yaxis.range[0] < min(ys)


def test_viz_is_pure_plotly() -> None:
    """viz never loads the widget layer (imports point widgets -> viz -> probability)."""
    import subprocess
    import sys

    code = ("import sys, rummy_lab.viz\n"
            "print(sorted({'ipywidgets', 'rummy_lab.widgets', 'IPython'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "[]"


def test_pool_chart_draws_the_limit_and_marks_who_is_out() -> None:
    import rummy_lab as rl

    deals = [(0, (0, 80, 40)), (2, (20, 30, 0)), (0, (0, 0, 62))]
    fig = rl.viz.pool_chart(deals, names=["Ann", "Bo", "Cy"])
    final = rl.indian.pool_standings(deals, "indian-pool-101")
    assert [t.name for t in fig.data] == ["Ann", "Bo", "Cy"]
    assert [t.y[-1] for t in fig.data] == list(final.totals)
    assert list(fig.data[1].marker.symbol) == ["circle", "circle", "x", "x"]  # out at 110
    assert fig.layout.shapes[0].y0 == 101 and "Ann wins" in fig.layout.title.text
    assert rl.viz.pool_chart(deals, "indian-pool-201").layout.shapes[0].y0 == 201
    with pytest.raises(ValueError, match="needs Pool rules"):
        rl.viz.pool_chart(deals, "indian")
    with pytest.raises(ValueError, match="at least one deal"):
        rl.viz.pool_chart([])
