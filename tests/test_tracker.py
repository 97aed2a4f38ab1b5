"""CardTracker and the tracker panels of PlayTable and TurnAnimator, headless, plus the
inference figures."""

from __future__ import annotations

import random

import pytest

import rummy_lab as rl
from rummy_lab.bots import GreedyGinBot, GreedyTableBot, play_hand
from rummy_lab.engine.game import new_game
from rummy_lab.inference import belief, calibration
from rummy_lab.viz import belief_heatmap, probability_heatmap, reliability_figure
from rummy_lab.widgets import CardTracker, PlayTable, TrackerPanel, TurnAnimator

from .helpers import play, stacked_gin


def _finished(variant: str = "gin", players: int = 2, seed: int = 3) -> rl.Game:
    game = new_game(variant, players=players, seed=seed)
    bot = GreedyGinBot() if variant == "gin" else GreedyTableBot()
    play_hand(game, [bot] * players, random.Random(seed))
    return game


def test_card_tracker_steps_through_a_game() -> None:
    game = _finished()
    ct = CardTracker(game, player=1, step=3)
    assert ct.step == 3 and ct.state is game
    b = ct.panel.belief
    assert b is not None and b.view.player == 1 and len(b.view.history) == 3
    ct.slider.value = 7
    b = ct.panel.belief
    assert b is not None and len(b.view.history) == 7
    assert ct.panel.figure.data[0].type == "heatmap"
    # the danger table lists every distinct card of player 1's hand at that step
    assert {c for c, _ in ct.panel.danger} == set(b.view.hand)
    assert all(0.0 <= d <= 1.0 for _, d in ct.panel.danger)
    assert "Danger" in ct.panel.danger_view.value
    assert "after move 7" in ct.caption.value


def test_card_tracker_model_switch_changes_the_belief() -> None:
    game = stacked_gin("AS 2S 3S 5H 6H 9C 9D QS QH 4D", "7H 9H KC 2C 3D 4S 5S JD JC 10D",
                       "8H", stock_top="6S")
    play(game, "take_upcard", "discard KC")
    ct = CardTracker(game, player=0)
    b = ct.panel.belief
    assert b is not None and b.model == "behaviour"
    z_behaviour = [list(r) for r in ct.panel.figure.data[0].z]
    ct.model_choice.value = "uniform"
    b = ct.panel.belief
    assert b is not None and b.model == "uniform"
    assert [list(r) for r in ct.panel.figure.data[0].z] != z_behaviour
    known = ct.panel.figure.data[1]
    assert known.name == "known" and list(known.x) == ["8"]
    assert "8♥" in ct.panel.head.value


def test_card_tracker_follows_a_running_game() -> None:
    game = new_game("gin", seed=5)
    ct = CardTracker(game, player=0)
    assert ct.step == 0
    bots = [GreedyGinBot()] * 2
    rng = random.Random(1)
    for _ in range(5):
        p = game.current_player
        game.play(bots[p].choose(game.view_for(p), rng), player=p)
    ct.refresh()
    assert ct.step == 5 == ct.slider.max
    b = ct.panel.belief
    assert b is not None and len(b.view.history) == 5


def test_card_tracker_chooses_the_opponent() -> None:
    game = _finished("500", players=3, seed=2)
    ct = CardTracker(game, player=0, step=6)
    assert [v for _, v in ct.opponent_choice.options] == [1, 2]
    ct.opponent_choice.value = 2
    assert "Player 2:" in ct.panel.figure.layout.title.text
    assert "Player 2 holds" in ct.panel.head.value


def test_card_tracker_bad_input() -> None:
    with pytest.raises(ValueError, match="CardTracker needs a Game"):
        CardTracker("gin")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player must be a seat"):
        CardTracker(new_game("gin", seed=1), player=2)


def test_play_table_tracker_panel() -> None:
    plain = PlayTable("gin", seed=3)
    assert plain.tracker is None
    pt = PlayTable("gin", seed=3, tracker=True)
    assert isinstance(pt.tracker, TrackerPanel) and pt.tracker in pt.children
    first = pt.tracker.belief
    assert first is not None and first.view == pt.view
    name = next(n for n in ("pass_upcard", "draw_stock") if not pt.buttons[n].disabled)
    pt.buttons[name].click()
    b = pt.tracker.belief
    assert b is not None and b.view == pt.view and b is not first


def test_turn_animator_tracker_panel() -> None:
    game = _finished()
    ta = TurnAnimator(game, player=1, tracker=True)
    assert ta.tracker is not None and ta.tracker in ta.children
    ta.forward_button.click()
    ta.forward_button.click()
    b = ta.tracker.belief
    assert b is not None and b.view.player == 1 and len(b.view.history) == 2
    ta.viewpoint.value = 0
    b = ta.tracker.belief
    assert b is not None and b.view.player == 0
    assert TurnAnimator(game).tracker is None


# --------------------------------------------------------------------------- figures


def test_belief_heatmap_marks_known_and_seen_cards() -> None:
    game = stacked_gin("AS 2S 3S 5H 6H 9C 9D QS QH 4D", "7H 9H KC 2C 3D 4S 5S JD JC 10D",
                       "8H", stock_top="6S")
    play(game, "take_upcard", "discard KC")
    b = belief(game.view_for(0))
    fig = belief_heatmap(b)
    z = fig.data[0].z
    assert z[1][7] == 1.0  # 8H known
    assert z[0][0] == 0.0  # AS in player 0's hand
    assert z[1][6] == pytest.approx(b.p("7H"))
    seen = fig.data[2]
    assert seen.name == "seen" and "A" in list(seen.x)


def test_two_deck_heatmap_has_a_second_grid() -> None:
    fig = belief_heatmap(belief(new_game("indian", seed=4).view_for(0), model="uniform"))
    heatmaps = [t for t in fig.data if t.type == "heatmap"]
    assert len(heatmaps) == 2
    assert max(max(r) for r in heatmaps[1].z) < max(max(r) for r in heatmaps[0].z)


def test_probability_heatmap_values() -> None:
    fig = probability_heatmap({rl.Card.parse("KC"): 0.25}, title="t")
    assert fig.data[0].z[3][12] == 0.25 and fig.layout.title.text == "t"
    assert fig.data[0].customdata[3][12] == "K♣: 25.0%"


def test_reliability_figure_bins_and_counts() -> None:
    c = calibration([0.05, 0.05, 0.42, 0.47, 0.93], [0, 0, 1, 0, 1])
    fig = reliability_figure(c)
    points = fig.data[1]
    assert list(points.x) == pytest.approx([0.05, 0.445, 0.93])
    assert list(points.y) == pytest.approx([0.0, 0.5, 1.0])
    assert [d[0] for d in points.customdata] == [2, 2, 1]
    bars = fig.data[2]
    assert bars.type == "bar" and sum(bars.y) == 5
    assert fig.data[0].name == "perfectly calibrated"
