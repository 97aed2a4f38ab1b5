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
        for n, y, (frac, _, shown) in zip(trace.x, trace.y, trace.customdata, strict=True):
            exact = p_hand_contains("meld", n, rules, decks=decks)
            assert y == pytest.approx(float(exact))
            assert sympy.Rational(frac) == exact
            assert shown == viz.fraction_text(exact)  # hover: the fraction, separated
        assert "customdata[2]" in trace.hovertemplate


def test_rule_choices_compare_ace_and_decks() -> None:
    choices = viz.rule_choices("gin")
    assert [(c.rules.ace, c.decks) for c in choices] == [
        ("low", 1), ("low", 2), ("high_or_low", 1), ("high_or_low", 2)]
    fig = viz.meld_probability_figure("run", [10], choices, mark=10)
    ys = [t.y[0] for t in fig.data[:4]]
    assert ys[2] > ys[0]  # Q-K-A adds runs
    assert ys[1] < ys[0]  # two decks: duplicates take places that could extend a run
    mark = fig.data[-1]
    assert mark.name == "hand of 10 cards" and list(mark.y) == ys


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
    assert rl.display.count_words(len(found), "card") in fig.layout.title.text
    one = viz.outs_heatmap({rl.Card.parse("6S"): 1})
    assert one.layout.title.text == "Outs: 1 card, 1 unseen copy"  # never "1 cards"


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
    assert np.allclose(upper.y, np.minimum(means + 1.96 * ses, 1))
    assert np.allclose(lower.y, np.maximum(means - 1.96 * ses, 0))  # a probability's band
    assert min(lower.y) >= 0 and max(upper.y) <= 1
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
    assert fig.layout.yaxis.title.text == "rate" and bar.name == "rate"


def test_outcome_bars_names_what_the_numbers_are() -> None:
    means = {"limit 10": (9.2, 0.3), "limit 0": (14.8, 0.5)}
    fig = viz.outcome_bars(means, percent=False, value_label="cards drawn per hand")
    assert fig.layout.yaxis.title.text == "cards drawn per hand"
    assert fig.data[0].name == "cards drawn per hand" and fig.layout.yaxis.tickformat is None
    shares = viz.outcome_bars({"gin": (0.5, 0.01)}, value_label="share of hands won")
    assert shares.layout.yaxis.title.text == "share of hands won"
    assert shares.layout.yaxis.tickformat is not None
    with pytest.raises(ValueError, match=r"percent=False.*value_label="):
        viz.outcome_bars(means, percent=False)
    with pytest.raises(ValueError, match="non-blank"):
        viz.outcome_bars(means, percent=False, value_label="  ")


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


def _trace(frame: go.Frame, name: str) -> go.Scatter:
    return next(t for t in frame.data if t.name == name)


def _glyphs(frame: go.Frame) -> list[str]:
    """The cards face up in a frame, as glyphs (labels are "rank<br>suit")."""
    return [t.replace("<b>", "").replace("</b>", "").replace("<br>", "")
            for t in _trace(frame, "cards").text]


def test_animate_game_frames(played: Game) -> None:
    fig = viz.animate_game(played)
    steps = len(played.history) + 1
    assert len(fig.frames) == steps
    assert [f.name for f in fig.frames] == [str(i) for i in range(steps)]
    assert len({len(f.data) for f in fig.frames}) == 1  # the same traces in every frame
    first = fig.frames[0]
    assert first.layout.title.text == "the deal"
    dealt = sorted(c.glyph for p in range(2) for c in played.initial().hand(p))
    upcard = played.initial().discard_pile[-1].glyph
    assert sorted(_glyphs(first)) == sorted([*dealt, upcard])
    labels = " ".join(_trace(first, "labels").text)
    assert "stock 31" in labels and "deadwood" in labels
    for i, event in enumerate(played.history, start=1):
        caption = fig.frames[i].layout.title.text.replace("<br>", " ")
        assert viz.event_caption(event) in caption
    assert played.result is not None
    assert played.result.reason in fig.frames[-1].layout.title.text.replace("<br>", " ")
    menu = fig.layout.updatemenus[0]
    assert [b.label for b in menu.buttons] == ["▶ Play", "❚❚ Pause"]
    assert menu.buttons[0].args[1]["frame"]["duration"] == 800
    assert [s.args[0][0] for s in fig.layout.sliders[0].steps] == [str(i) for i in range(steps)]
    html = fig.to_html(include_plotlyjs=False, full_html=False)
    assert "Plotly.addFrames" in html or '"frames"' in html  # animates without a kernel


def test_animate_game_is_readable_from_the_back_of_a_room(played: Game) -> None:
    """Large labels on white cards, on the figure's own table colour (any page theme)."""
    fig = viz.animate_game(played, names=["You", "Bot"])
    assert fig.layout.paper_bgcolor == fig.layout.plot_bgcolor != "rgba(0,0,0,0)"
    frame = fig.frames[0]
    cards = _trace(frame, "cards")
    assert cards.textfont.size >= 20 and all(t.startswith("<b>") for t in cards.text)
    assert _trace(frame, "card faces").fillcolor == "#ffffff"
    labels = _trace(frame, "labels")
    assert labels.textfont.color == "#ffffff" and labels.textfont.size >= 14
    assert any("You" in t for t in labels.text) and any("Bot" in t for t in labels.text)
    assert "You: " in fig.frames[1].layout.title.text or "Bot: " in fig.frames[1].layout.title.text
    # the viewer's hand: melds first, then the deadwood sorted by suit and rank
    hand = played.initial().hand(0)
    part = rl.best_partition(hand)
    row = sorted((x, t) for x, y, t in zip(cards.x, cards.y, _glyphs(frame), strict=True)
                 if round(y) == 0)
    expected = [hand[i].glyph for i in rl.display.display_order(hand, part)]
    assert [t for _, t in row] == expected
    marks = _trace(frame, "deadwood marks")
    dead = sum(len(rl.best_partition(played.initial().hand(p)).deadwood) for p in range(2))
    assert len([x for x in marks.x if x is not None]) == 2 * dead  # one bar per deadwood card


def test_animate_game_hides_what_a_player_cannot_see(played: Game) -> None:
    fig = viz.animate_game(played, player=0, by="turn")
    assert len(fig.frames) < len(played.history) + 1
    start = fig.frames[0]
    opponent = {c.glyph for c in played.initial().hand(1)}
    assert not opponent & set(_glyphs(start))
    backs = [x for x in _trace(start, "card backs").x if x is not None]
    assert len(backs) == (10 + 1) * 9  # ten backs and the stock, nine outline points each
    end = fig.frames[-1]
    assert {c.glyph for c in played.hand(1)} <= set(_glyphs(end))  # revealed at the showdown
    with pytest.raises(ValueError, match="player"):
        viz.animate_game(played, player=5)
    with pytest.raises(ValueError, match="by"):
        viz.animate_game(played, by="round")
    with pytest.raises(ValueError, match="names"):
        viz.animate_game(played, names=["only one"])


def test_meld_positions_with_duplicates() -> None:
    hand = rl.parse_cards("7S 7S 7H 7D 8S 9S")
    part = rl.best_partition(hand, "500")
    where = viz.meld_positions(hand, part)
    assert sorted(where) == list(range(6)) or len(where) == part.melded_count
    assert len(set(where)) == part.melded_count


def test_animate_game_table_melds_stay_on_the_table() -> None:
    g = rl.new_game("500", players=3, seed=5)
    play_hand(g, [rl.simulation.make_bot("greedy", g.rules) for _ in range(3)],
              random.Random(0))
    views = viz.replay_views(g)
    assert max(len(v[0].table) for v in views) >= 6  # the melds need rows of their own
    rows = max(viz.table_rows(v[0]) for v in views)
    assert rows >= 2
    hand_rows: set[float] = set()
    table_rows: set[float] = set()
    for step, vs in enumerate(views):
        frame = viz.table_frame(vs, step, meld_rows=rows)
        melded = {c for tm in vs[0].table for c in tm.cards}
        for x, y, card, _, _ in frame.faces:
            if x >= 4.5 and card in melded:
                table_rows.add(y)
            elif x < 4.5 and y != 2.0:
                hand_rows.add(y)
    assert not hand_rows & table_rows  # table melds never land on a hand's row
    assert len(hand_rows) == 3  # and the hands stay put while the table fills
    fig = viz.animate_game(g, by="turn")
    lo, hi = fig.layout.xaxis.range
    bottom, top = fig.layout.yaxis.range
    for f in fig.frames:
        cards = _trace(f, "cards")
        assert all(lo < x < hi for x in cards.x) and all(bottom < y < top for y in cards.y)


def test_name_players_and_captions() -> None:
    names = ["You", "Bot"]
    assert viz.name_players("player 1 went out; 12 points to player 1", names) == (
        "Bot went out; 12 points to Bot")
    assert viz.name_players("player 0's hand beats player 1", names) == (
        "Your hand beats Bot")


def test_figures_follow_the_theme() -> None:
    """Transparent backgrounds, the theme's ink; dark pages get light ink and marks."""
    for build in (
        lambda t: viz.meld_probability_figure("set", [3, 4], ["gin"], mark=3, theme=t),
        lambda t: viz.draw_odds_figure(4, 31, mark=2, theme=t),
        lambda t: viz.deadwood_histogram([1, 2, 2, 3], exact={2: 0.5}, theme=t),
        lambda t: viz.deadwood_by_turn_figure([[3, 2]], turn=1, theme=t),
        lambda t: viz.convergence_figure([0.5], [0.1], exact=0.5, theme=t),
        lambda t: viz.outcome_bars({"gin": (0.1, 0.01)}, theme=t),
        lambda t: viz.outs_heatmap({rl.Card.parse("6S"): 1}, theme=t),
    ):
        light, dark = build("light"), build("dark")
        for fig, ink in ((light, "#1f1f1f"), (dark, "#f2f2f2")):
            tpl = fig.layout.template.layout
            assert tpl.paper_bgcolor == tpl.plot_bgcolor == "rgba(0,0,0,0)"
            assert tpl.font.color == ink
            for trace in fig.data:  # nothing black on dark, nothing white on light
                colors = {getattr(getattr(trace, "marker", None), "color", None),
                          getattr(getattr(trace, "line", None), "color", None)}
                assert ("#111111" not in colors) and ("#000000" not in colors or fig is light)
    assert viz.draw_odds_figure(4, 31, mark=2, theme="dark").data[-1].marker.color == "#f2f2f2"
    with pytest.raises(ValueError, match="theme"):
        viz.draw_odds_figure(4, 31, theme="sepia")


def test_page_theme_follows_widgets_then_lab_settings(tmp_path: object, monkeypatch) -> None:
    from pathlib import Path

    settings = Path(str(tmp_path)) / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))
    viz.set_theme("auto")
    viz.note_page_theme(None)
    assert viz.page_theme() == "light"  # nothing known: light
    (settings / "themes.jupyterlab-settings").write_text(
        '{\n  // saved by JupyterLab\n  "theme": "JupyterLab Dark"\n}')
    assert viz.page_theme() == "dark"
    assert viz.meld_probability_figure("set", [3]).layout.template.layout.font.color == "#f2f2f2"
    viz.note_page_theme("light")  # a widget saw the page: that wins
    assert viz.page_theme() == "light"
    assert viz.set_theme("dark") == "dark"  # an explicit choice wins over both
    viz.set_theme("auto")
    viz.note_page_theme(None)


def test_axes_read_cleanly() -> None:
    """Percent axes never repeat a tick; the log axis has no bare minor labels."""
    hist = viz.deadwood_histogram(deal_deadwood(500, seed=1))
    assert hist.layout.yaxis.tickformat == viz.PERCENT_TICKS == ".2~%"
    conv = viz.convergence_figure([0.5, 0.4], [0.1, 0.05], samples=[10, 10_000])
    assert conv.layout.xaxis.type == "log" and conv.layout.xaxis.dtick == 1
    assert conv.layout.xaxis.tickformat == ",d"
    fig = viz.draw_odds_figure(8, 31)
    assert fig.layout.legend.x > 1 and fig.layout.legend.xanchor == "left"  # beside the plot
    assert fig.layout.title.x == 0 and fig.layout.title.xanchor == "left"
    big = viz.meld_probability_figure("meld", [10], ["gin"])
    assert big.data[0].customdata[0][2] == "1,573,725,206/3,955,006,055"


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
