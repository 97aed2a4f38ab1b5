"""Widgets, headless: set control values, click, and check state, HTML and figure data."""

from __future__ import annotations

import random
from unittest.mock import Mock

import pytest
import sympy
import traitlets

import rummy_lab as rl
from rummy_lab.bots import GreedyGinBot, play_hand
from rummy_lab.engine.game import Game
from rummy_lab.probability import (
    draw_odds_table,
    formula,
    p_draw_out,
    p_hand_contains,
)
from rummy_lab.viz import deadwood_by_turn
from rummy_lab.widgets import (
    DealWidget,
    HandView,
    MeldExplorer,
    PlayTable,
    ProbabilityExplorer,
    TurnAnimator,
    playable_variants,
)

FOURTEEN = "7S 7H 7D 4C 5C 6C 7C KD QH 2S AS 2H 3D 4S"


def enabled(table: PlayTable) -> set[str]:
    return {name for name, b in table.buttons.items() if not b.disabled}


def stacked_knock_game() -> Game:
    """Player 1 (first to move) draws AS from the stock and can knock at once."""
    hands = ["3H 7H KD KC QS JS 10D 8C 8D 2S", "4H 5H 6H 9C 9D 9S 2C 3C 4C 5S"]
    used = set(rl.parse_cards(" ".join(hands) + " AD AS"))
    stock = ["AS"] + [c.code for c in rl.make_deck() if c not in used]
    return rl.new_game("gin", hands=hands, discard="AD", stock=" ".join(stock))


# --------------------------------------------------------------------------- HandView


def test_hand_view_outlines_melds_and_dims_deadwood() -> None:
    view = HandView(FOURTEEN)
    part = rl.best_partition(FOURTEEN)
    assert view.partition == part and len(view.toggles) == 14
    pictures = [s.children[0].value for s in view.slots[:14]]
    assert sum("rl-highlight" in p for p in pictures) == part.melded_count
    assert sum("rl-dim" in p for p in pictures) == len(part.deadwood)
    melded = [s for s in view.slots if "rl-in-meld" in s._dom_classes]
    assert len(melded) == part.melded_count
    assert f'data-deadwood-points="{part.deadwood_points}"' in view.points.value
    assert [t.description for t in view.toggles] == [c.glyph for c in rl.parse_cards(FOURTEEN)]


def test_hand_view_selection_is_a_trait() -> None:
    view = HandView("7S 8S 9S KD QH 2C")
    spy = Mock()
    view.observe(spy, names="selected")
    view.toggles[3].value = True
    view.toggles[5].value = True
    assert view.selected == (3, 5) and view.selected_cards == rl.parse_cards("KD 2C")
    assert spy.call_count == 2 and spy.call_args.args[0]["new"] == (3, 5)
    assert "rl-selected" in view.slots[3].children[0].value
    assert view.toggles[3].button_style == "info"
    view.toggles[3].value = False
    assert view.selected == (5,)
    view.selected = (0, 1)  # set from code: the toggles follow
    assert [t.value for t in view.toggles[:6]] == [True, True, False, False, False, False]
    with pytest.raises(traitlets.TraitError, match="positions"):
        view.selected = (9,)
    view.set_hand("AS 2S 3S")
    assert view.selected == () and len(view._row.children) == 3


def test_hand_view_two_deck_duplicates() -> None:
    view = HandView("7S 7S 7H 8S 9S 10S", "500")
    assert view.partition.deadwood_points == 0
    assert all("rl-in-meld" in s._dom_classes for s in view.slots[:6])
    view.toggles[1].value = True
    assert view.selected_cards == rl.parse_cards("7S")
    assert 'data-index="1"' in view.slots[1].children[0].value


def test_hand_view_given_partition_and_not_selectable() -> None:
    hand = "5S 6S 7S 6H 6D"
    ties = rl.all_best_partitions(hand)
    view = HandView(hand, partition=ties[1], selectable=False)
    assert view.partition == ties[1] and all(t.disabled for t in view.toggles[:5])


# --------------------------------------------------------------------------- MeldExplorer


def test_meld_explorer_steps_through_ties(gin_hand: rl.Hand) -> None:
    ex = MeldExplorer(gin_hand)
    ties = rl.all_best_partitions(gin_hand)
    assert len(ex.partitions) == len(ties) == 2
    assert ex.prev_button.disabled and not ex.next_button.disabled
    ex.next_button.click()
    assert ex.tie_index == 1 and ex.partition == ex.partitions[1]
    assert ex.next_button.disabled and "<b>2</b> of 2" in ex.tie_label.value
    assert ex.explanation == ex.partition.explain("gin")
    assert all(line in ex.partition_view.value for line in ex.explanation)
    assert "rl-explanation" in ex.partition_view.value
    assert ex.hand_view.partition == ex.partitions[1]
    ex.prev_button.click()
    assert ex.tie_index == 0


def test_meld_explorer_typed_cards_and_errors() -> None:
    ex = MeldExplorer("AS 2S 3S")
    spy = Mock()
    ex.text.observe(spy, names="value")
    ex.text.value = "7s, 8s 9s kd"
    assert ex.cards == rl.parse_cards("7S 8S 9S KD") and ex.partition.deadwood_points == 10
    ex.text.value = "7S 11H"
    assert "11H" in ex.status.value and "rl-error" in ex.status._dom_classes
    assert ex.cards == rl.parse_cards("7S 8S 9S KD")  # the last good hand stays
    ex.text.value = "7S 8S 9S"
    assert ex.status.value == "" and spy.call_count == 3


def test_meld_explorer_picker_counts_by_decks() -> None:
    ex = MeldExplorer("", "gin")
    seven = rl.Card.parse("7S")
    ex.picker_buttons[seven].click()
    assert ex.cards == (seven,) and ex.text.value == "7S"
    assert ex.picker_buttons[seven].button_style == "info"
    ex.picker_buttons[seven].click()  # one deck: a second click removes it
    assert ex.cards == ()
    assert ex.picker_buttons[rl.Card.parse("JK")].disabled  # no jokers in Gin
    ex.preset.value = "500"
    assert ex.decks.value == 2
    for _ in range(2):
        ex.picker_buttons[seven].click()
    assert ex.counts[seven] == 2 and ex.picker_buttons[seven].description == "7♠×2"
    ex.picker_buttons[seven].click()
    assert seven not in ex.counts
    ex.preset.value = "indian"
    assert not ex.picker_buttons[rl.Card.parse("JK")].disabled


def test_meld_explorer_rule_knobs_change_the_answer() -> None:
    ex = MeldExplorer("QS KS AS 5D")
    assert ex.partition.deadwood_points == 26  # ace low: Q-K-A is no run
    ex.preset.value = "500"
    assert ex.ace.value == "high_or_low" and ex.rules.ace_high
    assert ex.partition.deadwood_points == 5
    ex.ace.value = "low"
    assert not ex.rules.ace_high and ex.partition.deadwood_points == 5 + 15 + 10 + 10
    assert ex.wild.disabled
    ex.text.value = "5H 6H 9S 9D 9C 2C 3C 4C KD KH KS QS 8D"
    ex.preset.value = "indian"
    assert not ex.wild.disabled and ex.wild_rank is None
    before = ex.partition.deadwood_points
    ex.wild.value = 8  # the 8D becomes a wild joker: 5H 6H 8D is an impure sequence
    assert ex.wild_rank == 8 and ex.partition.deadwood_points < before
    assert ex.partition == rl.best_partition(ex.cards, "indian", wild_rank=8)
    assert ex.comparison["indian"] == rl.deadwood(ex.cards, "indian", wild_rank=8)
    assert ex.comparison["gin"] == rl.deadwood(ex.cards, "gin")
    assert "wild rank 8" in ex.compare_view.value


# --------------------------------------------------------------------------- ProbabilityExplorer


def test_probability_explorer_meld_values_and_formula() -> None:
    pe = ProbabilityExplorer()
    spy = Mock()
    pe.size.observe(spy, names="value")
    pe.kind.value = "run"
    pe.size.value = 7
    assert spy.call_count == 1
    assert pe.exact == p_hand_contains("run", 7, "gin", decks=1)
    assert pe.latex == formula("run", 7, "gin", decks=1).latex
    assert sympy.latex(pe.exact) in pe.exact_view.value
    assert f"{float(pe.exact):.6f}" in pe.exact_view.value
    shown, *_, mark = pe.figure.data
    assert shown.name.endswith("(shown)") and len(pe.figure.data) == 5
    assert list(mark.x) == [7] * 4
    assert mark.y[0] == pytest.approx(float(pe.exact))
    pe.preset.value = "indian"
    assert pe.decks.value == 2 and pe.ace.value == "high_or_low"
    assert pe.exact == p_hand_contains("run", 7, "indian", decks=2)
    pe.ace.value = "low"
    assert pe.exact == p_hand_contains("run", 7, rl.get_rules("indian", ace="low"), decks=2)


def test_probability_explorer_monte_carlo() -> None:
    pe = ProbabilityExplorer()
    pe.size.value = 8
    pe.samples.value = 10_000
    pe.mc_button.click()
    est = pe.estimate
    assert est is not None and est.samples == 10_000
    assert est.contains(float(pe.exact), z=4)
    assert pe.run is not None and int(pe.run.samples[-1]) == 10_000
    assert [t.name for t in pe.mc_figure.data] == ["upper", "lower", "estimate", "exact"]
    assert pe.mc_figure.data[2].y[-1] == pytest.approx(est.value)
    assert "rl-mc-inside" in pe.mc_result.value or "rl-mc-outside" in pe.mc_result.value
    pe.seed.value = 3  # a new seed drops the old estimate
    assert pe.estimate is None and pe._mc_box.layout.display == "none"
    pe.decks.value = 2  # two decks: the estimator deals the 104 physical cards
    assert not pe.mc_button.disabled
    pe.mc_button.click()
    assert pe.estimate is not None and pe.estimate.contains(float(pe.exact), z=4)


def test_probability_explorer_draw_mode() -> None:
    pe = ProbabilityExplorer(mode="draw")
    assert pe._meld_box.layout.display == "none" and pe._draw_box.layout.display is None
    pe.unseen.value = 40
    pe.outs.value = 4
    pe.draws.value = 3
    assert pe.exact == p_draw_out(4, 40, 3)
    assert r"\binom{36}{3}" in pe.latex and r"\binom{40}{3}" in pe.latex
    assert [t.name for t in pe.figure.data] == ["2 outs", "4 outs", "8 outs", "3 draws"]
    pe.unseen.value = 3  # outs and draws are clamped to what can be drawn
    assert pe.outs.value <= 3 and pe.draws.value <= 3
    assert pe.exact == p_draw_out(pe.outs.value, 3, pe.draws.value)
    pe.unseen.value, pe.outs.value, pe.draws.value = 31, 8, 2
    pe.samples.value = 100_000
    pe.mc_button.click()
    assert pe.estimate is not None and pe.estimate.contains(212 / 465, z=4)


# --------------------------------------------------------------------------- DealWidget


def test_deal_widget_deals_and_shows_partitions() -> None:
    assert set(playable_variants()) == set(rl.PRESETS)  # every preset can be dealt
    dw = DealWidget("gin", seed=5)
    assert dw.game is None and "Press Deal" in dw.info.value
    spy = Mock()
    dw.deal_button.on_click(spy)
    dw.deal_button.click()
    spy.assert_called_once()
    game = dw.state
    assert isinstance(game, Game) and game.seed == 5
    for p, hv in enumerate(dw.hand_views):
        assert hv.cards == game.view_for(p).hand
        assert hv.partition == rl.best_partition(hv.cards, game.rules)
        assert f"deadwood {hv.partition.deadwood_points}" in dw._titles[p].value
    assert 'data-count="31"' in dw.info.value
    assert f'data-top="{game.discard_pile[-1].code}"' in dw.info.value
    first = dw.hand_views[0].cards
    dw.again_button.click()
    assert dw.seed.value == 6 and dw.game is not None and dw.game.seed == 6
    assert dw.hand_views[0].cards != first
    assert len(dw.hands.children) == 2
    with pytest.raises(ValueError, match="no game engine"):
        DealWidget("canasta")


# --------------------------------------------------------------------------- TurnAnimator


@pytest.fixture(scope="module")
def played() -> Game:
    g = rl.new_game("gin", seed=3)
    play_hand(g, [GreedyGinBot(), GreedyGinBot()], random.Random(0))
    return g


def test_turn_animator_steps_and_chart(played: Game) -> None:
    ta = TurnAnimator(played)
    assert ta.state is played and ta.slider.max == len(played.history)
    assert ta.step == 0 and "The deal" in ta.caption.value and ta.back_button.disabled
    dw = deadwood_by_turn(played)
    assert [list(t.y) for t in ta.figure.data] == dw
    spy = Mock()
    ta.slider.observe(spy, names="value")
    ta.forward_button.click()
    ta.forward_button.click()
    assert ta.step == 2 and spy.call_count == 2
    assert played.history[1].caption() in ta.caption.value
    assert ta.figure.layout.shapes[0].x0 == 2
    ta.play.value = 5  # the Play widget drives the slider (linked)
    assert ta.step == 5 and 'data-step="5"' in ta.caption.value
    ta.slider.value = ta.slider.max
    assert played.result is not None and played.result.reason in ta.caption.value
    assert ta.forward_button.disabled
    ta.speed.value = 200
    assert ta.play.interval == 200


def test_turn_animator_one_players_view(played: Game) -> None:
    ta = TurnAnimator(played, player=0)
    assert ta.table.value.count("rl-hidden") == 1 and ta.table.value.count("rl-face-up") == 1
    assert ta.figure.data[1].y[0] is None  # the opponent's deadwood is not known
    ta.slider.value = 3
    opponent_draw = played.history[2]
    assert opponent_draw.player == 1 and opponent_draw.drawn is not None
    assert opponent_draw.drawn.glyph not in ta.caption.value  # another's stock card stays hidden
    ta.slider.value = ta.slider.max
    assert ta.table.value.count("rl-face-up") == 2  # the showdown reveals both hands
    ta.viewpoint.value = ta.viewpoint.options[0][1]  # every hand face up
    assert ta.player is None
    assert ta.table.value.count("rl-face-up") == 2 and ta.figure.data[1].y[0] is not None


# --------------------------------------------------------------------------- PlayTable


def test_play_table_buttons_follow_legal_moves() -> None:
    pt = PlayTable(game=stacked_knock_game(), human=1)
    assert pt.view.phase.value == "upcard"
    assert enabled(pt) == {"take_upcard", "pass_upcard"}
    pt.buttons["pass_upcard"].click()
    assert [e.player for e in pt.last_events] == [1, 0]  # the bot answered
    assert enabled(pt) == {"draw_stock"}
    pt.buttons["draw_stock"].click()
    assert enabled(pt) == {"discard", "knock"} and rl.Card.parse("AS") in pt.view.hand
    assert "rl-in-meld" in pt.hand_view.slots[0]._dom_classes


def test_play_table_shows_engine_messages() -> None:
    pt = PlayTable(game=stacked_knock_game(), human=1)
    pt.buttons["pass_upcard"].click()
    pt.buttons["draw_stock"].click()
    pt.buttons["discard"].click()
    assert "Select exactly one card" in pt.status.value
    before = pt.game.copy()
    pt.hand_view.selected = (0,)  # 4H: knocking with it leaves too much deadwood
    pt.buttons["knock"].click()
    with pytest.raises(rl.IllegalMove) as err:
        before.play("knock 4H")
    assert str(err.value) in pt.status.value.replace("&#x27;", "'")
    assert pt.game == before  # the refused move changed nothing
    pt.buttons["draw_stock"].click()  # disabled, but clicked from code: the engine refuses
    assert "rl-error" in pt.status._dom_classes and pt.game == before


def test_play_table_knock_ends_with_scores_and_revealed_hand() -> None:
    pt = PlayTable(game=stacked_knock_game(), human=1)
    pt.buttons["pass_upcard"].click()
    pt.buttons["draw_stock"].click()
    ace = pt.view.hand.index(rl.Card.parse("AS"))
    pt.hand_view.selected = (ace,)
    pt.buttons["knock"].click()
    res = pt.game.result
    assert res is not None and res.kind == "knock" and res.winner == 1
    assert enabled(pt) == set()
    html = pt.result_view.value
    assert "You won" in html and res.reason in html and f"player 1 (you): {res.scores[1]}" in html
    bot_hand = pt.game.hand(0)
    assert all(f'data-card="{c.code}"' in html for c in bot_hand)


def test_play_table_hint_and_full_hand() -> None:
    pt = PlayTable("gin", seed=11)
    pt.hint_toggle.value = True
    for _ in range(60):
        if pt.game.is_over:
            break
        moves = enabled(pt)
        if "take_upcard" in moves:
            pt.buttons["pass_upcard"].click()
        elif "draw_stock" in moves:
            pt.buttons["draw_stock"].click()
        else:
            hint = pt.hint
            assert hint is not None and hint.discard is not None
            view = pt.view
            seen = [*view.discard_pile, *view.known[1]]
            rows = draw_odds_table(view.hand, "gin", seen=seen)
            legal = [r for r in rows if rl.moves.Discard(r.discard) in view.legal_moves]
            assert hint == legal[0]
            assert hint.discard.glyph in pt.hint_view.value
            pt.hand_view.selected = (view.hand.index(hint.discard),)
            pt.buttons["knock" if "knock" in moves else "discard"].click()
            assert pt.status.value == ""
    assert pt.game.is_over and pt.result_view.value
    assert all(e.drawn is None for e in pt.last_events if e.player != pt.human)
    pt.new_button.click()
    assert not pt.game.is_over and pt.game.seed == 12 and pt.result_view.value == ""


def play_with_buttons(table: PlayTable, rng: random.Random, limit: int = 600) -> int:
    """Play random legal moves through the buttons (selecting their cards first)."""
    from rummy_lab.widgets.play import _ACTIONS

    for turn in range(limit):
        if table.game.is_over:
            return turn
        move = rng.choice(list(table.view.legal_moves))
        name = next(n for n, (_, kind, _) in _ACTIONS.items() if type(move) is kind)
        assert not table.buttons[name].disabled, (name, move)
        cards = list(getattr(move, "cards", ()))
        if getattr(move, "card", None) is not None:
            cards = [move.card]
        if isinstance(move, rl.moves.LayOff):
            table.layoff_target.value = move.meld_index
        if isinstance(move, rl.moves.DrawDiscard):
            table.discard_depth.value = move.depth
        hand, used = list(table.view.hand), set()
        for c in cards:
            used.add(next(i for i, h in enumerate(hand) if h == c and i not in used))
        table.hand_view.selected = tuple(sorted(used))
        table.buttons[name].click()
        assert table.status.value == "", (move, table.status.value)
    return limit


@pytest.mark.parametrize(("variant", "players"), [
    ("gin", 2), ("oklahoma", 2), ("basic", 3), ("500", 3), ("500", 2), ("indian", 3)])
def test_play_table_plays_every_variant(variant: str, players: int) -> None:
    pt = PlayTable(variant, seed=7, players=players, bot=rl.bots.RandomBot())
    play_with_buttons(pt, random.Random(2))
    assert pt.game.is_over and pt.game.result is not None
    assert pt.game.result.reason in pt.result_view.value.replace("&#x27;", "'")
    assert enabled(pt) == set()


def test_play_table_deep_discard_choices() -> None:
    pt = PlayTable("500", seed=1, bot=rl.bots.RandomBot())
    rng = random.Random(0)
    for _ in range(200):  # play until a deep pick is offered
        depths = {m.depth for m in pt.view.legal_moves if isinstance(m, rl.moves.DrawDiscard)}
        if len(depths) > 1 or pt.game.is_over:
            break
        play_with_buttons(pt, rng, limit=1)
    assert len(depths) > 1  # seed 1 offers one within a few turns
    assert [v for _, v in pt.discard_depth.options] == sorted(depths)
    assert not pt.discard_depth.disabled
    deep = max(depths)
    label = {v: k for k, v in pt.discard_depth.options}[deep]
    assert pt.view.discard_pile[-deep].glyph in label and "cards above" in label
    pt.discard_depth.value = deep
    pt.buttons["draw_discard"].click()  # taken deep: that card must be melded this turn
    assert pt.status.value == "" and len(pt.view.pickup) == deep


def test_deal_widget_indian_wild_card() -> None:
    dw = DealWidget("indian", players=3, seed=2, deal=True)
    game = dw.game
    assert game is not None and game.wild_card is not None
    wild = rl.indian.wild_rank_of(game.wild_card)
    assert "rl-wild-card" in dw.info.value
    assert all(hv.wild_rank == wild for hv in dw.hand_views)
    assert dw.partitions[0] == rl.best_partition(game.hand(0), "indian", wild_rank=wild)
    assert [len(hv.cards) for hv in dw.hand_views] == [13, 13, 13]
    dw.variant.value = "gin"
    assert (dw.players.min, dw.players.max, dw.players.value) == (2, 2, 2)


def test_hint_row_is_the_full_tables_first_legal_row() -> None:
    from rummy_lab.widgets.play import HINT_CANDIDATES, hint_row

    pt = PlayTable("indian", seed=3)
    pt.buttons["draw_stock"].click()
    view = pt.view
    assert len(view.hand) == 14
    wild = rl.indian.wild_rank_of(view.wild_card)
    seen = [*view.discard_pile, *view.known[1], view.wild_card]
    rows = draw_odds_table(view.hand, view.rules, seen=seen, wild_rank=wild, players=2)
    legal = [r for r in rows if rl.moves.Discard(r.discard) in view.legal_moves]
    hint = hint_row(view)
    assert hint is not None and hint in legal
    assert hint.deadwood == legal[0].deadwood
    tied = [r for r in legal if r.deadwood == hint.deadwood]
    if len(tied) <= HINT_CANDIDATES:
        assert hint == legal[0]
    else:  # the highest cards among the ties were compared by their outs
        top = sorted(tied, key=lambda r: (-view.rules.card_value(r.discard, wild),
                                          -r.discard.index))[:HINT_CANDIDATES]
        assert hint == min(top, key=lambda r: (-r.out_count,
                                               -view.rules.card_value(r.discard, wild),
                                               -r.discard.index))


def test_meld_explorer_keeps_the_hand_inside_the_decks_cards() -> None:
    """Issue 13: the solver refuses cards outside the deck, so the explorer never asks."""
    ex = MeldExplorer("7S 7S 8S JK", "indian", wild_rank=9)
    assert ex.comparison["gin"] is None and ex.comparison["indian"] is not None
    assert "not its deck" in ex.compare_view.value
    ex.preset.value = "gin"
    assert ex.cards == rl.parse_cards("7S 8S") and ex.text.value == "7S 8S"
    assert "not in the gin deck, taken out of the hand: 7S JK" in ex.status.value
    ex.text.value = "KS KS"
    assert "cards outside the gin deck" in ex.status.value
    assert ex.cards == rl.parse_cards("7S 8S")
    ex.decks.value = 2
    ex.picker_buttons[rl.Card.parse("8S")].click()  # Gin has one deck whatever the menu
    assert ex.cards == rl.parse_cards("7S")
