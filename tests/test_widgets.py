"""Widgets, headless: set control values, click, and check state, HTML and figure data."""

from __future__ import annotations

import random
import re
from unittest.mock import Mock

import ipywidgets as W
import pytest
import sympy
import traitlets

import rummy_lab as rl
from rummy_lab.bots import GreedyGinBot, play_hand
from rummy_lab.display import glyph_text
from rummy_lab.engine.game import Game
from rummy_lab.probability import (
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
from rummy_lab.widgets.probability_explorer import latex_number

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


def _group_cards(view: HandView) -> list[list[str]]:
    """The cards of each group on screen, in order (codes)."""
    return [[view.cards[s.children[2].position].code for s in group.children[0].children]
            for group in view._row.children]


def test_hand_view_groups_melds_then_sorted_deadwood() -> None:
    view = HandView(FOURTEEN)
    part = rl.best_partition(FOURTEEN)
    assert view.partition == part and len(view.toggles) == 14
    groups = _group_cards(view)
    assert groups[:-1] == [[c.code for c in m.cards] for m in part.melds]  # meld order
    dead = sorted(part.deadwood, key=rl.display.deadwood_sort_key)
    assert groups[-1] == [c.code for c in dead]  # by suit (♠ ♥ ♣ ♦), then rank
    boxes = view._row.children
    assert "rl-meld-color-0" in boxes[0]._dom_classes
    assert "rl-deadwood-group" in boxes[-1]._dom_classes
    captions = [view._captions[k].value for k in range(len(boxes))]
    assert captions[0] in ("set", "run") and captions[-1] == f"deadwood {part.deadwood_points}"
    assert [view.cards[i] for i in view.shown_order] == [
        c for m in part.melds for c in m.cards] + dead


def test_hand_view_deadwood_at_full_contrast_with_a_mark() -> None:
    view = HandView(FOURTEEN)
    part = view.partition
    pictures = [p.value for p in view._pictures[:14]]
    assert sum("rl-highlight" in p for p in pictures) == part.melded_count
    assert sum("rl-deadwood-mark" in p for p in pictures) == len(part.deadwood)
    assert not any(re.search(r"<svg[^>]*opacity", p) for p in pictures)  # never faded
    melded = [s for s in view.slots if "rl-in-meld" in s._dom_classes]
    assert len(melded) == part.melded_count
    assert f'data-deadwood-points="{part.deadwood_points}"' in view.points.value
    assert "2 melds holding 7 cards" in view.points.value
    assert [t.description for t in view.toggles] == [c.glyph for c in rl.parse_cards(FOURTEEN)]


def test_hand_view_order_control_switches_to_dealt_order() -> None:
    view = HandView(FOURTEEN)
    assert view.order_toggle.value == "melds"
    view.order_toggle.value = "dealt"
    assert view.order == "dealt" and view.shown_order == list(range(14))
    (plain,) = view._row.children
    assert "rl-plain" in plain._dom_classes
    assert _group_cards(view) == [FOURTEEN.split()]
    view.order = "melds"  # from code: the control follows
    assert view.order_toggle.value == "melds" and len(view._row.children) == 3
    with pytest.raises(traitlets.TraitError, match="order"):
        view.order = "suits"
    assert HandView("AS", show_order=False).order_toggle.layout.display == "none"


def test_hand_view_selection_is_a_trait() -> None:
    view = HandView("7S 8S 9S KD QH 2C")
    spy = Mock()
    view.observe(spy, names="selected")
    view.toggles[3].value = True
    view.toggles[5].value = True
    assert view.selected == (3, 5) and view.selected_cards == rl.parse_cards("KD 2C")
    assert spy.call_count == 2 and spy.call_args.args[0]["new"] == (3, 5)
    assert "rl-selected" in view._pictures[3].value
    assert view.toggles[3].value
    view.toggles[3].value = False
    assert view.selected == (5,)
    view.selected = (0, 1)  # set from code: the toggles follow
    assert [t.value for t in view.toggles[:6]] == [True, True, False, False, False, False]
    with pytest.raises(traitlets.TraitError, match="positions"):
        view.selected = (9,)
    view.set_hand("AS 2S 3S")
    assert view.selected == () and _group_cards(view) == [["AS", "2S", "3S"]]


def test_hand_view_marks_a_card() -> None:
    view = HandView("7S 8S 9S KD QH 2C")
    view.marked = (3,)
    assert "▼ hint" in view._tags[3].value and "rl-hinted" in view.slots[3]._dom_classes
    assert "rl-none" in view._tags[0].value and "rl-hinted" not in view.slots[0]._dom_classes
    view.marked = ()
    assert "rl-hinted" not in view.slots[3]._dom_classes


def test_hand_view_two_deck_duplicates() -> None:
    view = HandView("7S 7S 7H 8S 9S 10S", "500")
    assert view.partition.deadwood_points == 0
    assert all("rl-in-meld" in s._dom_classes for s in view.slots[:6])
    view.toggles[1].value = True
    assert view.selected_cards == rl.parse_cards("7S")
    assert 'data-index="1"' in view._pictures[1].value
    assert sorted(view.shown_order) == list(range(6))


def test_hand_view_names_the_card_to_throw_and_shows_it_last() -> None:
    """One card over the partition (a given partition of all cards but one): the deadwood
    caption names the card left out, and it is drawn last in the deadwood, also when a
    second deck holds the same card among the deadwood."""
    hand = rl.parse_cards("KD 7S 7H 7D 2C KD")
    view = HandView(hand, "500")
    view.set_hand(hand, partition=rl.best_partition(hand[:5], "500"))
    last = len(view._row.children) - 1
    assert view._captions[last].value == "deadwood 12 + K♦ to throw"
    dead = list(view._group_rows[last].children)
    assert dead == [view.slots[4], view.slots[0], view.slots[5]]  # 2♣, K♦, then the throw
    view.set_hand(hand)  # the solver's partition of all six: nothing to throw
    assert view._captions[len(view._row.children) - 1].value == "deadwood 22"


def test_hand_view_given_partition_and_not_selectable() -> None:
    hand = "5S 6S 7S 6H 6D"
    ties = rl.all_best_partitions(hand)
    view = HandView(hand, partition=ties[1], selectable=False)
    assert view.partition == ties[1] and view.toggles == []  # no toggles that do nothing
    picture = view._picture.value
    assert picture.count('class="rl-card') == 5 and 'class="rl-meld ' in picture
    view.order = "dealt"
    assert 'data-order="dealt"' in view._picture.value


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
    assert all(glyph_text(line) in ex.partition_view.value for line in ex.explanation)
    assert "rl-explanation" in ex.partition_view.value
    melds = [" ".join(c.code for c in m.cards) for m in ex.partitions[1].melds]
    assert all(f'data-cards="{m}"' in ex.partition_view.value for m in melds)
    ex.prev_button.click()
    assert ex.tie_index == 0


def test_meld_explorer_draws_the_hand_once(gin_hand: rl.Hand) -> None:
    ex = MeldExplorer(gin_hand)
    html = ex.partition_view.value
    assert html.count('class="rl-card') == len(gin_hand)  # once, melds first
    assert not any(isinstance(w, HandView) for w in ex.children)
    assert html.index('data-card="7S"') < html.index('data-card="2S"')  # a meld first
    ex.order.value = "dealt"
    assert 'data-order="dealt"' in ex.partition_view.value
    assert ex.partition_view.value.count('class="rl-card') == len(gin_hand)


def test_an_indian_hand_says_which_melds_still_count() -> None:
    """Indian Rummy's hand line says "Count" and names the melds held that count until
    the hand has its sequences, in the engine's words (rl.indian.count_note), rather
    than "no melds yet"; for the hand one card over, it speaks of the hand after the
    throw."""
    no_pure = "7S 7D 7C 4H 6H JK QS QC 2C 5D 8D 10S KH"
    hv = HandView(no_pure, "indian", wild_rank=9)
    text = re.sub("<[^>]+>", "", hv.points.value)
    note = glyph_text(rl.indian.count_note(no_pure, wild_rank=9))
    assert note and "without a pure sequence every card counts" in note
    assert text.startswith("Count: ") and note in text and "no melds yet" not in text
    one_pure = "2C 3C 4C 6S 6H 6D KS KH KD 9D 10D 5H 8C"  # sets count: one sequence only
    text = re.sub("<[^>]+>", "", HandView(one_pure, "indian", wild_rank=7).points.value)
    assert glyph_text(rl.indian.count_note(one_pure, wild_rank=7)) in text
    assert "second sequence" in text
    declared = "2C 3C 4C 5C 5H 6H 7H 9S 9D 9C KD KH KS"  # every meld spared: no note
    text = re.sub("<[^>]+>", "", HandView(declared, "indian", wild_rank=11).points.value)
    assert "count as deadwood" not in text and "4 melds holding 13 cards" in text
    # the table after a draw: the note speaks of the thirteen cards kept
    table = PlayTable("indian", seed=5)
    table.play(rl.moves.DrawStock())
    view = table.hand_view
    part = view.partition
    kept = [*(c for m in part.melds for c in m.cards), *part.deadwood]
    assert len(kept) == 13 and len(view.cards) == 14
    text = re.sub("<[^>]+>", "", view.points.value)
    assert text.startswith("Count once you throw the best card: ")
    caption = view._captions[len(view._row.children) - 1].value
    (thrown,) = _left_out(view.cards, part)
    assert caption == f"count {part.deadwood_points} + {thrown.glyph} to throw"
    assert view.cards[view.shown_order[-1]] == thrown  # the card to throw comes last
    assert glyph_text(rl.indian.count_note(kept, wild_rank=view.wild_rank)) in text
    # Gin keeps its word
    assert re.sub("<[^>]+>", "", HandView("7S 7H 7D KS", "gin").points.value).startswith(
        "Deadwood: ")


def test_meld_explorer_explains_indian_sets_from_the_engine() -> None:
    hand = "6S 6H 6D KS KH KD 2C 3C 4C 9D 10D 5H 8C"
    ex = MeldExplorer(hand, "indian", wild_rank=7)
    assert ex.partition.melds == rl.best_partition(hand, "indian", wild_rank=7).melds
    held = rl.indian.count_note(hand, wild_rank=7)
    assert "6S 6H 6D" in held and "KS KH KD" in held  # computed, not canned
    reason = rl.indian.check_declaration(hand, wild_rank=7).reason
    assert glyph_text(held) in ex.note and glyph_text(reason) in ex.note
    assert "6♠ 6♥ 6♦" in ex.note_view.value and "second sequence" in ex.note_view.value
    ex.text.value = "2C 3C 4C 5C 5H 6H 7H 9S 9D 9C KD KH KS"  # two sequences: sets count
    assert "Declaring this hand: valid." in ex.note
    ex.preset.value = "gin"
    assert ex.note == "" and ex.note_view.value == ""


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
    assert ex.picker_buttons[seven].button_style == "primary"  # readable in every theme
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
    assert latex_number(sympy.latex(pe.exact)) in pe.exact_view.value
    assert "1{,}074{,}209" in pe.exact_view.value  # thousands separators in the maths
    assert rl.viz.fraction_text(pe.exact) in pe.exact_view.value  # and in the words
    assert "a random 7-card hand holds a run" in pe.exact_view.value
    shown, *_, mark = pe.figure.data
    assert shown.name.endswith("(your choice)") and len(pe.figure.data) == 5
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
    assert pe.estimate is None and "Press <b>Estimate</b>" in pe.mc_result.value
    assert pe.mc_figure.layout.annotations[0].text.startswith("Press")
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
    assert "100,000 samples" in pe.mc_result.value


def test_probability_explorer_no_outs_in_plain_words() -> None:
    pe = ProbabilityExplorer(mode="draw")
    pe.outs.value = 0
    assert pe.exact == 0 and pe.latex == ""
    html = pe.exact_view.value
    assert "no card can help" in html and "$$" not in html
    assert "= 0 =" not in html and "0.000000" not in html
    assert "0 outs" in html
    pe.unseen.value, pe.outs.value, pe.draws.value = 5, 4, 2  # every pair of draws hits
    assert pe.exact == 1 and "certain" in pe.exact_view.value
    pe.outs.value = 1
    assert "1 out " in pe.exact_view.value  # "1 out", never "1 outs"


def test_probability_explorer_layout_and_theme() -> None:
    pe = ProbabilityExplorer()
    row = pe.children[-1]
    controls, charts = row.children
    assert "rl-controls" in controls._dom_classes and "rl-charts" in charts._dom_classes
    assert pe.figure in charts.children and pe.mc_figure in charts.children  # beside
    sliders = [pe.size, pe.outs, pe.unseen, pe.draws]
    assert all(s.layout.width == "100%" for s in sliders)
    assert len({id(s.layout) for s in sliders}) == 4  # each its own layout
    widths = {w.style.description_width for w in [*sliders, pe.kind, pe.ace, pe.decks,
                                                  pe.preset, pe.samples]}
    assert widths == {"96px"}  # one label column
    assert pe.figure._config["displaylogo"] is False  # a slim toolbar
    assert pe.figure.layout.template.layout.font.color == "#1f1f1f"
    pe.probe.theme = "dark"
    assert pe.figure.layout.template.layout.font.color == "#f2f2f2"
    assert pe.mc_figure.layout.template.layout.font.color == "#f2f2f2"
    assert pe.figure.data[-1].marker.color == "#f2f2f2"  # the marked point shows on dark
    assert rl.viz.page_theme() == "dark"  # static figures drawn later follow the page


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
        assert f"player {p}" in dw._titles[p].value
        assert f'data-deadwood-points="{hv.partition.deadwood_points}"' in hv.points.value
        assert hv.toggles == [] and not hv.selectable  # no toggles that do nothing
        assert 'class="rl-meld ' in hv._picture.value or not hv.partition.melds
    assert "dealer" in dw._titles[game.dealer].value
    assert 'data-count="31"' in dw.info.value
    assert f'data-top="{game.discard_pile[-1].code}"' in dw.info.value
    first = dw.hand_views[0].cards
    dw.again_button.click()
    assert dw.seed.value == 6 and dw.game is not None and dw.game.seed == 6
    assert dw.hand_views[0].cards != first
    assert len(dw.hands.children) == 2
    with pytest.raises(ValueError, match="no game engine"):
        DealWidget("canasta")


def test_deal_widget_hands_in_a_grid_with_one_order_control() -> None:
    dw = DealWidget("basic", players=4, seed=3, deal=True)
    assert isinstance(dw.hands, W.GridBox) and len(dw.hands.children) == 4
    assert "minmax" in (dw.hands.layout.grid_template_columns or "")  # side by side
    assert [len(hv.cards) for hv in dw.hand_views] == [7, 7, 7, 7]
    assert all(hv.order_toggle.layout.display == "none" for hv in dw.hand_views)
    dw.order.value = "dealt"
    assert all('data-order="dealt"' in hv._picture.value for hv in dw.hand_views)
    dw.order.value = "melds"
    assert all('data-order="melds"' in hv._picture.value for hv in dw.hand_views)


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
    assert played.result is not None and glyph_text(played.result.reason) in ta.caption.value
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


def test_turn_animator_readable_hands_names_and_theme(played: Game) -> None:
    ta = TurnAnimator(played, names=["You", "Bot"], player=0)
    hand = played.initial().hand(0)
    part = rl.best_partition(hand)
    html = ta.table.value
    you = html[: html.index('class="rl-piles"')]  # the viewer's seat comes first
    shown = re.findall(r'data-card="(\w+)"', you)
    assert shown == [hand[i].code for i in rl.display.display_order(hand, part)]
    assert "You" in you and "Bot" in html and "player 0" not in html
    assert [o[0] for o in ta.viewpoint.options] == [
        "all hands face up", "what you see", "what Bot sees"]
    ta.order.value = "dealt"
    you = ta.table.value[: ta.table.value.index('class="rl-piles"')]
    assert re.findall(r'data-card="(\w+)"', you) == [c.code for c in hand]
    ta.forward_button.click()
    assert "You: " in ta.caption.value or "Bot: " in ta.caption.value
    assert [t.name for t in ta.figure.data] == ["You", "Bot"]
    ta.probe.theme = "dark"
    assert ta.figure.layout.template.layout.font.color == "#f2f2f2"
    assert ta.figure.layout.shapes[0].x0 == 1  # the marker survives the redraw
    with pytest.raises(ValueError, match="names"):
        TurnAnimator(played, names=["solo"])


# --------------------------------------------------------------------------- PlayTable


def visible(table: PlayTable) -> set[str]:
    return {name for name, b in table.buttons.items() if b.layout.display != "none"}


def primary(table: PlayTable) -> set[str]:
    return {name for name, b in table.buttons.items()
            if b.button_style == "primary" and not b.disabled and b.layout.display != "none"}


@pytest.mark.parametrize(("variant", "controls"), [
    ("gin", {"take_upcard", "pass_upcard", "draw_stock", "draw_discard", "discard", "knock",
             "gin"}),
    ("oklahoma", {"take_upcard", "pass_upcard", "draw_stock", "draw_discard", "discard",
                  "knock", "gin"}),
    ("basic", {"draw_stock", "draw_discard", "discard", "meld", "lay_off"}),
    ("500", {"draw_stock", "draw_discard", "discard", "meld", "lay_off", "end_round"}),
    ("indian", {"draw_stock", "draw_discard", "discard", "declare", "drop"}),
])
def test_play_table_shows_only_the_variants_controls(variant: str, controls: set[str]) -> None:
    pt = PlayTable(variant, seed=2)
    assert set(pt.buttons) == controls
    assert {m.verb for m in pt.game.move_types()} == controls
    shown = [w for w in pt._actions.children if isinstance(w, W.Button)]
    assert {b.action for b in shown} == controls
    assert ("knock" in pt.buttons) == (variant in ("gin", "oklahoma"))
    assert (pt.discard_depth in pt._actions.children) == (variant == "500")
    assert (pt.layoff_target in pt._actions.children) == (variant in ("basic", "500"))


def test_play_table_legal_moves_stand_out() -> None:
    pt = PlayTable(game=stacked_knock_game(), human=1)
    assert pt.view.phase.value == "upcard"
    assert visible(pt) == primary(pt) == enabled(pt) == {"take_upcard", "pass_upcard"}
    assert pt.buttons["take_upcard"].description == "Take the A♦"
    assert "Your turn:</b> take the A♦ (the upcard) or pass." in pt.turn_line.value
    pt.buttons["pass_upcard"].click()
    assert [e.player for e in pt.last_events] == [1, 0]  # the bot answered
    assert visible(pt) == primary(pt) == {"draw_stock"}
    assert "Your turn:</b> draw from the stock." in pt.turn_line.value
    pt.buttons["draw_stock"].click()
    assert rl.Card.parse("AS") in pt.view.hand
    assert visible(pt) == {"discard", "knock"} and primary(pt) == set()  # nothing selected
    assert pt.buttons["discard"].description == "Discard: select a card"
    assert "select a card and discard it, or knock (deadwood 10 or less)" in pt.turn_line.value
    pt.hand_view.selected = (pt.view.hand.index(rl.Card.parse("AS")),)
    assert primary(pt) == {"discard", "knock"}
    assert pt.buttons["discard"].description == "Discard the A♠"
    assert pt.buttons["knock"].description == "Knock, throwing the A♠"
    pt.hand_view.selected = (pt.view.hand.index(rl.Card.parse("4H")),)
    assert primary(pt) == {"discard"} and pt.buttons["knock"].disabled
    assert "over the knock limit" in pt.buttons["knock"].tooltip  # the engine's reason
    assert "4♥" in pt.buttons["knock"].tooltip


def test_play_table_turn_lines_name_the_cards() -> None:
    pt = PlayTable("indian", seed=3)
    line = pt.turn_line.value
    top = pt.view.discard_top
    assert top is not None and f"draw from the stock or take the {top.glyph}" in line
    assert "drop out of this deal" in line
    pt.buttons["draw_stock"].click()
    declarable = any(isinstance(m, rl.moves.Declare) for m in pt.view.legal_moves)
    assert declarable == ("declare (your hand" in pt.turn_line.value)
    assert "declare" in visible(pt)  # a wrong declaration is legal too (see below)
    assert "select a card and discard it" in pt.turn_line.value
    game = rl.new_game("basic", hands=["7S 7H 7D 2C 9D 10D KS 4H 5H 6S",
                                       "AS 2S 3S 4S 5S 6H 8H 9H JC QC"], discard="KD", seed=1)
    basic = PlayTable(game=game, human=1)
    basic.buttons["draw_stock"].click()
    assert "meld or lay off if you can, then select a card and discard it" in (
        basic.turn_line.value)
    assert visible(basic) == {"meld", "discard"} and primary(basic) == set()
    basic.hand_view.selected = tuple(basic.view.hand.index(rl.Card.parse(c))
                                     for c in ("AS", "2S", "3S"))
    assert primary(basic) == {"meld"} and basic.buttons["meld"].description == "Meld A♠ 2♠ 3♠"
    basic.buttons["meld"].click()
    assert len(basic.view.table) == 1 and "meld 1 · You" in basic.piles.value


def test_play_table_offers_a_wrong_declaration_plainly() -> None:
    """Indian Rummy: the engine lists only valid declarations, yet plays a wrong one with
    its penalty; the button is there, plain (not primary), and says why it is wrong."""
    pt = PlayTable("indian", seed=3)
    pt.buttons["draw_stock"].click()
    assert not any(isinstance(m, rl.moves.Declare) for m in pt.view.legal_moves)
    assert "declare" in visible(pt) and pt.buttons["declare"].disabled  # nothing selected
    pt.hand_view.selected = (0,)
    b = pt.buttons["declare"]
    assert not b.disabled and b.button_style == "" and "declare" not in primary(pt)
    assert b.description.startswith("Declare anyway, finishing with the ")
    assert b.tooltip.startswith("Not a valid declaration (") and "wrong declaration" in b.tooltip
    b.click()
    declared = pt.game.history[-1] if pt.game.is_over else next(
        e for e in pt.game.history if isinstance(e.move, rl.moves.Declare))
    assert isinstance(declared.move, rl.moves.Declare) and pt.status.value == ""


def test_play_table_shows_engine_messages() -> None:
    pt = PlayTable(game=stacked_knock_game(), human=1)
    pt.buttons["pass_upcard"].click()
    pt.buttons["draw_stock"].click()
    pt.buttons["discard"].click()  # disabled, clicked from code: a note on what to select
    assert "Select exactly one card" in pt.status.value
    before = pt.game.copy()
    pt.hand_view.selected = (0,)  # 4H: knocking with it leaves too much deadwood
    pt.buttons["knock"].click()
    with pytest.raises(rl.IllegalMove) as err:
        before.play("knock 4H")
    assert glyph_text(str(err.value)) in pt.status.value.replace("&#x27;", "'")
    assert pt.game == before  # the refused move changed nothing
    pt.buttons["draw_stock"].click()  # hidden, but clicked from code: the engine refuses
    assert "rl-error" in pt.status._dom_classes and pt.game == before


def test_play_table_result_on_top_with_lay_offs_on_their_meld() -> None:
    pt = PlayTable(game=stacked_knock_game(), human=1)
    assert pt.names == ["Bot", "You"]
    pt.buttons["pass_upcard"].click()
    pt.buttons["draw_stock"].click()
    ace = pt.view.hand.index(rl.Card.parse("AS"))
    pt.hand_view.selected = (ace,)
    pt.buttons["knock"].click()
    res = pt.game.result
    assert res is not None and res.kind == "knock" and res.winner == 1
    assert enabled(pt) == set() and visible(pt) == set()
    kids = list(pt.children)
    assert kids.index(pt.result_view) < kids.index(pt.turn_line) < kids.index(pt.hand_view)
    assert pt.result_view.layout.display is None
    html = pt.result_view.value
    assert "You won!" in html and "(knock)" in html and f"You: {res.scores[1]}" in html
    assert "You knocked with 5 deadwood against 68 after laying off 3♥ 7♥" in html
    assert html.index('data-seat="1"') < html.index('data-seat="0"')  # the winner first
    winner = html[html.index('data-seat="1"'):html.index('data-seat="0"')]
    assert 'class="rl-meld ' in winner and 'class="rl-laid-off"' in winner
    assert 'data-cards="3H 7H"' in winner and "laid off by Bot" in winner
    bot_hand = pt.game.hand(0)
    assert all(f'data-card="{c.code}"' in html for c in bot_hand)
    assert "The hand is over" in pt.turn_line.value and pt.opponents.value == ""


def test_play_table_names_and_log() -> None:
    pt = PlayTable("gin", seed=5)
    if "pass_upcard" in visible(pt):
        pt.buttons["pass_upcard"].click()
    log = pt.log_view.value
    assert "You: " in log or "Bot: " in log
    assert "player 0" not in log and "player 1" not in log
    assert "Bot" in pt.opponents.value and "10 cards" in pt.opponents.value
    three = PlayTable("basic", players=3, seed=1)
    assert three.names == ["You", "Bot 1", "Bot 2"]


class DiscardCoach:
    """A coach at the table's boundary whose hint puts the solver's best discard first
    (else the first legal move), fast enough to follow through a whole hand."""

    HINT_SHOWN = 3

    def hint(self, game: Game) -> list[rl.coach.Advice]:
        moves = list(game.legal_moves())
        view = game.view_for(game.current_player)
        if any(isinstance(m, rl.moves.Discard) for m in moves):
            card, _ = rl.best_discard(view.hand, view.rules)
            best = next((m for m in moves if getattr(m, "card", None) == card
                         and isinstance(m, rl.moves.Knock)), rl.moves.Discard(card))
            moves = [best, *(m for m in moves if m != best)]
        return [rl.coach.Advice(m, -i, (f"worth {-i}", f"reason {i}"), rank=i + 1,
                                choice=i == 0) for i, m in enumerate(moves)]

    def explain(self, view: object, move: object, voice: str = "you") -> str:
        return f"{move}"

    def review(self, game: Game, player: int) -> object:
        return None


def test_play_table_hint_marks_the_card_in_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_lab.widgets import _coach

    monkeypatch.setattr(_coach, "coach", lambda: DiscardCoach())
    pt = PlayTable("gin", seed=11)
    pt.hint_toggle.value = True
    throws = 0
    for _ in range(60):
        if pt.game.is_over:
            break
        moves = visible(pt)
        if "take_upcard" in moves:
            pt.buttons["pass_upcard"].click()
        elif "draw_stock" in moves:
            pt.buttons["draw_stock"].click()
        else:
            assert pt.advice is not None and pt.choice is not None
            best = pt.choice.move
            card = best.card
            view = pt.view
            assert card == rl.best_discard(view.hand, view.rules)[0]
            where = view.hand.index(card)
            assert pt.hand_view.marked == (where,)
            assert "rl-hinted" in pt.hand_view.slots[where]._dom_classes
            assert f"its card, the <b>{card.glyph}</b>, is marked in your hand" in (
                pt.hint_view.value)
            pt.hand_view.selected = (where,)
            pt.buttons["knock" if isinstance(best, rl.moves.Knock) else "discard"].click()
            assert pt.status.value == ""
            throws += 1
    assert throws and pt.game.is_over and pt.result_view.value and pt.hand_view.marked == ()
    assert pt.advice is None and pt.hint_view.value == ""
    assert all(e.drawn is None for e in pt.last_events if e.player != pt.human)
    pt.new_button.click()
    assert not pt.game.is_over and pt.game.seed == 12 and pt.result_view.value == ""
    assert pt.result_view.layout.display == "none"


def test_play_table_without_a_coach_shows_no_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_lab.widgets import _coach

    monkeypatch.setattr(_coach, "coach", lambda: None)
    pt = PlayTable("gin", seed=11)
    pt.buttons["pass_upcard"].click()
    pt.hint_toggle.value = True
    assert pt.advice is None and pt.hint_view.value == "" and pt.hand_view.marked == ()


def _left_out(hand: rl.Hand, part: rl.Partition) -> list[rl.Card]:
    """The cards of ``hand`` a partition leaves out (the card to throw)."""
    rest = list(hand)
    for c in [*part.deadwood, *(c for m in part.melds for c in m.cards)]:
        rest.remove(c)
    return rest


@pytest.mark.parametrize("variant", ["gin", "basic", "500", "indian"])
def test_the_hand_is_laid_out_for_the_hinted_throw(variant: str) -> None:
    """When the coach's throw leaves the least deadwood too, the hand leaves that card out
    (the caption and the hint name the same card); otherwise the solver's throw stays."""
    pt = PlayTable(variant, seed=5)
    pt.hint_toggle.value = True
    size, rules = pt.view.rules.hand_size_for(pt.view.players), pt.view.rules
    checked = ties = 0
    while checked < 4 or (ties == 0 and checked < 16):
        if pt.game.is_over:
            pt.new_button.click()  # the next deal
        assert pt.choice is not None
        view, best = pt.view, pt.choice.move  # the coach's pick: the move it plays
        card = getattr(best, "card", None)
        if len(view.hand) > size and isinstance(card, rl.Card):
            wild = pt.hand_view.wild_rank
            least = rl.best_discard(view.hand, rules, wild_rank=wild)[1].deadwood_points
            part = pt.hand_view.partition
            assert part.deadwood_points == least  # never a worse layout than the solver's
            rest = list(view.hand)
            rest.remove(card)
            if rl.deadwood(rest, rules, wild_rank=wild) == least:
                assert _left_out(view.hand, part) == [card]
                ties += 1
            checked += 1
        pt.play(best)
    assert checked >= 4 and ties >= 1
    if variant == "indian":  # the solver alone throws a Q♣; the coach throws the J♦
        pt = PlayTable("indian", seed=5)
        pt.buttons["draw_stock"].click()
        assert _left_out(pt.view.hand, pt.hand_view.partition) == [rl.Card.parse("QC")]
        pt.hint_toggle.value = True
        assert pt.choice is not None and str(pt.choice.move) == "discard J♦"
        assert _left_out(pt.view.hand, pt.hand_view.partition) == [rl.Card.parse("JD")]
        assert "Q♠ Q♣ JK (a set with a joker)" in pt.hand_view.points.value
        pt.hint_toggle.value = False
        assert _left_out(pt.view.hand, pt.hand_view.partition) == [rl.Card.parse("QC")]
        assert "4♥ JK 6♥ (an impure sequence)" in pt.hand_view.points.value


def test_coach_hint_marks_every_card_of_a_meld() -> None:
    """When the coach's choice lays down a meld, the hint marks each of its cards in the
    hand and says so; a throw marks its one card."""
    pt = PlayTable("500", seed=5)
    pt.buttons["draw_stock"].click()
    pt.hint_toggle.value = True
    assert pt.choice is not None
    best = pt.choice.move
    assert isinstance(best, rl.moves.Meld) and len(best.cards) == 3  # K♥ K♦ K♣
    hand = pt.view.hand
    assert pt.hand_view.marked == tuple(sorted(hand.index(c) for c in best.cards))
    for i, slot in enumerate(pt.hand_view.slots[:len(hand)]):
        assert ("rl-hinted" in slot._dom_classes) == (i in pt.hand_view.marked)
    shown = " ".join(c.glyph for c in best.cards)
    assert f"its cards, the <b>{shown}</b>, are marked in your hand" in pt.hint_view.value
    # lay the meld down: the next hint is a throw and marks one card
    pt.hand_view.selected = pt.hand_view.marked
    pt.buttons["meld"].click()
    assert pt.status.value == ""
    assert pt.choice is not None
    card = pt.choice.move.card
    assert pt.hand_view.marked == (pt.view.hand.index(card),)
    assert f"its card, the <b>{card.glyph}</b>, is marked in your hand" in pt.hint_view.value


class FakeCoach:
    """What the play table needs from ``rummy_lab.coach`` (the real one slots in)."""

    def __init__(self) -> None:
        self.reviewed: list[int] = []
        self.table: PlayTable | None = None
        self.while_reviewing: list[tuple[str, bool]] = []

    HINT_SHOWN = 3

    def hint(self, game: Game) -> list[rl.coach.Advice]:
        moves = game.legal_moves()
        return [rl.coach.Advice(m, -i, (f"worth {-i}", f"reason {i} for {m}"), se=0.5,
                                rank=i + 1, choice=i == 0) for i, m in enumerate(moves)]

    def explain(self, view: object, move: object, voice: str = "you") -> str:
        assert voice == "they"  # a bot's move is told about the bot
        return f"{move}: because of {move}"

    def review(self, game: Game, player: int) -> object:
        from types import SimpleNamespace

        self.reviewed.append(player)
        if self.table is not None:  # what the table shows while the coach works
            self.while_reviewing = [(self.table.review_view.value,
                                     self.table.review_button.disabled)]
        return SimpleNamespace(_repr_html_=lambda: "<table class='fake-review'></table>")


def test_play_table_uses_the_coach_when_there_is_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_lab.widgets import _coach

    fake = FakeCoach()
    monkeypatch.setattr(_coach, "coach", lambda: fake)
    pt = PlayTable(game=stacked_knock_game(), human=1)
    pt.buttons["pass_upcard"].click()
    bot_move = next(e for e in pt.game.history if e.player == 0)
    assert pt.reasons[bot_move.index] == f"because of {bot_move.move}"
    assert f'Bot: {bot_move.move} — <span class="rl-reason">because of' in pt.log_view.value
    pt.buttons["draw_stock"].click()
    pt.hint_toggle.value = True
    assert pt.advice is not None and len(pt.advice) == 3
    best = pt.advice[0].move
    assert f"{str(best)[:1].upper()}{str(best)[1:]}" in pt.hint_view.value
    assert "reason 0" in pt.hint_view.value and "the coach" in pt.hint_view.value
    card = getattr(best, "card", None)
    assert pt.hand_view.marked == ((pt.view.hand.index(card),) if card else ())
    assert (f"the <b>{card.glyph}</b>, is marked in your hand" in pt.hint_view.value
            ) == (card is not None)
    assert pt.review_button.layout.display == "none"  # only once the hand is over
    pt.hand_view.selected = (pt.view.hand.index(rl.Card.parse("AS")),)
    pt.buttons["knock"].click()
    assert pt.review_button.layout.display is None
    fake.table = pt
    pt.review_button.click()
    assert fake.reviewed == [1] and "fake-review" in pt.review_view.value
    mine = sum(1 for e in pt.game.history if e.player == 1)
    ((working, disabled),) = fake.while_reviewing
    assert f"measuring your {mine} moves…" in working and disabled
    assert not pt.review_button.disabled  # ready again once the review is shown


def test_play_table_without_a_coach_hides_the_review(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_lab.widgets import _coach

    monkeypatch.setattr(_coach, "coach", lambda: None)
    pt = PlayTable(game=stacked_knock_game(), human=1)
    pt.buttons["pass_upcard"].click()
    assert pt.reasons == {} and " — " not in pt.log_view.value
    pt.buttons["draw_stock"].click()
    pt.hand_view.selected = (pt.view.hand.index(rl.Card.parse("AS")),)
    pt.buttons["knock"].click()
    assert pt.review_button.layout.display == "none"


def play_with_buttons(table: PlayTable, rng: random.Random, limit: int = 600) -> int:
    """Play random legal moves through the buttons (selecting their cards first)."""
    from rummy_lab.widgets.play_controller import ACTIONS

    for turn in range(limit):
        if table.game.is_over:
            return turn
        move = rng.choice(list(table.view.legal_moves))
        name = next(n for n, (_, kind, _) in ACTIONS.items() if type(move) is kind)
        assert table.buttons[name].layout.display != "none", (name, move)
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
        button = table.buttons[name]
        assert not button.disabled and button.button_style == "primary", (name, move)
        button.click()
        assert table.status.value == "", (move, table.status.value)
    return limit


@pytest.mark.parametrize(("variant", "players"), [
    ("gin", 2), ("oklahoma", 2), ("basic", 3), ("500", 3), ("500", 2), ("indian", 3)])
def test_play_table_plays_every_variant(variant: str, players: int) -> None:
    pt = PlayTable(variant, seed=7, players=players, bot=rl.bots.RandomBot())
    play_with_buttons(pt, random.Random(2))
    assert pt.game.is_over and pt.game.result is not None
    reason = rl.viz.name_players(glyph_text(pt.game.result.reason), pt.names)
    assert reason in pt.result_view.value.replace("&#x27;", "'")
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
    assert not pt.discard_depth.disabled and pt.discard_depth.layout.display is None
    assert pt.buttons["draw_discard"].description == "Take from the discard pile"
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


def test_hand_view_one_card_over_says_what_the_deadwood_means() -> None:
    pt = PlayTable(game=stacked_knock_game(), human=1)
    pt.buttons["pass_upcard"].click()
    pt.buttons["draw_stock"].click()  # eleven cards: the partition keeps the best ten
    hv = pt.hand_view
    assert len(hv.cards) == 11 and hv._spare() == 1
    assert "Deadwood once you throw the best card: <b>1</b> point (1 card)" in hv.points.value
    (thrown,) = _left_out(hv.cards, hv.partition)
    assert hv._captions[len(hv._row.children) - 1].value == f"deadwood 1 + {thrown.glyph} to throw"
    dead = list(hv._group_rows[len(hv._row.children) - 1].children)
    assert dead[-1] is hv.slots[hv.cards.index(thrown)]  # named, and shown last


def test_play_table_new_hand_keeps_the_rules_of_a_given_game() -> None:
    game = rl.new_game("oklahoma", seed=4, rules={"gin_bonus": 20})
    pt = PlayTable(game=game)
    pt.new_button.click()
    assert pt.game.rules == game.rules and pt.game is not game


def test_meld_explorer_keeps_the_hand_inside_the_decks_cards() -> None:
    """Issue 13: the solver refuses cards outside the deck, so the explorer never asks."""
    ex = MeldExplorer("7S 7S 8S JK", "indian", wild_rank=9)
    assert ex.comparison["gin"] is None and ex.comparison["indian"] is not None
    assert "not its deck" in ex.compare_view.value
    ex.preset.value = "gin"
    assert ex.cards == rl.parse_cards("7S 8S") and ex.text.value == "7S 8S"
    assert "not in the gin deck, taken out of the hand: 7♠ JK" in ex.status.value  # glyphs
    ex.text.value = "KS KS"
    assert "cards outside the gin deck" in ex.status.value
    assert ex.cards == rl.parse_cards("7S 8S")
    ex.decks.value = 2
    ex.picker_buttons[rl.Card.parse("8S")].click()  # Gin has one deck whatever the menu
    assert ex.cards == rl.parse_cards("7S")


def test_play_table_keeps_a_bots_reason_back_while_it_names_hidden_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A reason is worked out from the bot's own view; one naming cards you cannot see
    (the bot's K♦ K♣) waits for the end of the hand, so the log never leaks a hand."""
    from rummy_lab.widgets import _coach

    class Telling(FakeCoach):
        def explain(self, view: object, move: object, voice: str = "you") -> str:
            return f"{move}: keeps K♦ K♣ together; the upcard is public"

    monkeypatch.setattr(_coach, "coach", lambda: Telling())
    pt = PlayTable(game=stacked_knock_game(), human=1)
    pt.buttons["pass_upcard"].click()
    assert "K♦ K♣" not in pt.log_view.value
    assert "the upcard is public; more when the hand is over" in pt.log_view.value
    pt.buttons["draw_stock"].click()
    pt.hand_view.selected = (pt.view.hand.index(rl.Card.parse("AS")),)
    pt.buttons["knock"].click()
    assert pt.game.is_over
    bot_moves = [e for e in pt.game.history[-8:] if e.player == 0]
    assert bot_moves and "keeps K♦ K♣ together" in pt.log_view.value


# --------------------------------------------------------------------------- ranks and values


def _cards_of(html: str) -> list[str]:
    """The move cards of a hint panel, in order."""
    return re.findall(r'<div class="rl-move-card[^"]*".*?</details></div>|'
                      r'<div class="rl-move-card[^"]*".*?</div></div>', html)


def test_the_hint_ranks_the_moves_and_marks_the_coachs_pick() -> None:
    """The first Gin discard where the coach cannot tell its pick from the highest value
    (a tie at rank 1, the pick not first): the hint lists both under rank 1, side by side
    and marked equal, each with its value and interval, frames the pick, marks its card
    and lays the hand out for it; the meaning of ± is said once."""
    from rummy_lab.coach.ranking import INTERVAL_NOTE

    for seed in range(5, 60):
        pt = PlayTable("gin", seed=seed)
        pt.play(pt.view.legal_moves[0])
        pt.hint_toggle.value = True
        pick = pt.choice
        if (pt.advice and pick is not None and pick is not pt.advice[0]
                and isinstance(pick.move, rl.moves.Discard)):
            break
    else:
        pytest.fail("no Gin deal with a tie at rank 1 and the pick below the first move")
    advice, ranked = pt.advice, pt.controller.ranked
    assert advice is not None and ranked is not None
    assert [a.value for a in ranked] == sorted((a.value for a in ranked), reverse=True)
    assert [a.rank for a in advice] == sorted(a.rank for a in advice)
    assert advice[0].rank == pick.rank == 1 and pick is not advice[0]  # a tie
    assert pick.choice and not advice[0].choice
    html = pt.hint_view.value
    shown_pick = glyph_text(str(pick.move))
    assert (f"the coach&#x27;s pick is <b>{shown_pick[0].upper() + shown_pick[1:]}</b>"
            in html.replace("'", "&#x27;"))
    # the hand marks and lays out the pick, not the first move
    card = pick.move.card
    assert pt.hand_view.marked == (pt.view.hand.index(card),)
    assert _left_out(pt.view.hand, pt.hand_view.partition) == [card]
    assert f"its card, the <b>{card.glyph}</b>, is marked in your hand" in html
    # ranks: the tied moves in one group, marked equal; the next rank in its own group
    groups = re.findall(r'<div class="rl-rank-group" data-rank="(\d+)">'
                        r'<div class="rl-rank-label">([^<]*)</div>', html)
    tied = sum(a.rank == 1 for a in ranked)
    listed = sum(a.rank == 1 for a in advice)
    assert groups[0] == ("1", f"Rank 1 · equal: {tied} moves the coach cannot tell apart"
                         + (f" ({tied - listed} not shown)" if tied > listed else ""))
    assert [int(k) for k, _ in groups] == sorted({a.rank for a in advice})
    cards = _cards_of(html)
    assert len(cards) == len(advice)
    for a, shown in zip(advice, cards, strict=True):  # value order, each with its interval
        assert glyph_text(str(a.move))[1:] in shown and a.shown_value() in shown
        assert " ± " in a.shown_value()
        assert ("rl-pick" in shown.split(">")[0]) == (a is pick)
        assert ("coach's pick" in shown) == (a is pick)
    assert html.count(INTERVAL_NOTE) == 1
    assert "points over the rest of the hand" in html


class TiedCoach(FakeCoach):
    """Five moves of rank 1 (values with intervals), the rule of thumb's pick the fifth."""

    def hint(self, game: Game) -> list[rl.coach.Advice]:
        moves = game.legal_moves()
        return [rl.coach.Advice(m, 10.0 - i / 10, (f"worth {10 - i / 10}", f"does {i}"),
                                se=1.0, rank=1 if i < 5 else 2, choice=i == 4)
                for i, m in enumerate(moves)]


def test_a_pick_further_down_a_tie_is_shown_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_lab.widgets import _coach

    monkeypatch.setattr(_coach, "coach", lambda: TiedCoach())
    pt = PlayTable(game=stacked_knock_game(), human=1)
    pt.buttons["pass_upcard"].click()
    pt.buttons["draw_stock"].click()
    pt.hint_toggle.value = True
    ranked, advice = pt.controller.ranked, pt.advice
    assert ranked is not None and advice is not None and pt.choice is ranked[4]
    assert advice == [*ranked[:3], ranked[4]]  # the first three, then the pick
    html = pt.hint_view.value
    assert "Rank 1 · equal: 5 moves the coach cannot tell apart (1 not shown)" in html
    assert html.count("rl-move-card rl-pick") == 1 and html.count("rl-pick-tag") == 1
    assert f"{len(ranked) - 4} other legal moves not shown" in html
    assert "+10 ± 2" in html and html.count("± is the half-width of a 95% interval") == 1
    card = getattr(ranked[4].move, "card", None)
    assert pt.hand_view.marked == ((pt.view.hand.index(card),) if card else ())


def test_an_exact_hint_needs_no_interval_note(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_lab.widgets import _coach

    monkeypatch.setattr(_coach, "coach", lambda: DiscardCoach())
    pt = PlayTable("gin", seed=11)
    pt.buttons["pass_upcard"].click()
    pt.hint_toggle.value = True
    html = pt.hint_view.value
    assert "±" not in html and "Rank 1</div>" in html and "Rank 2</div>" in html
    assert "equal" not in html


def _finished_gin_table() -> PlayTable:
    """The browser fixture's finished hand: a random bot (you) against the greedy bot."""
    finished = rl.new_game("gin", seed=6000, dealer=1)
    play_hand(finished, [rl.bots.RandomBot(), rl.bots.make_bot("greedy", finished.rules)],
              random.Random(3))
    return PlayTable(game=finished, human=0)


def test_the_review_panel_shows_accuracy_error_rate_key_moments_and_intervals() -> None:
    from rummy_lab.coach.ranking import INTERVAL_NOTE, format_value

    pt = _finished_gin_table()
    pt.review_button.click()
    html = pt.review_view.value
    review = rl.coach.review(pt.game, 0)  # the table's review (the values are cached)
    assert f'accuracy <span class="rl-big">{review.accuracy:.0f}</span> of 100' in html
    assert (f'error rate <span class="rl-big">{review.error_rate:.1f}</span> points lost per '
            "decision" in html)
    assert f"{len(review.rows)} decisions: " in html
    moments = re.search(r'<div class="rl-key-moments">.*?</ol>', html)
    assert moments is not None
    items = re.findall(r"<li><b>move (\d+): ", moments.group(0))
    assert [int(t) for t in items] == [r.number for r in review.key_moments(3)] and len(items) == 3
    top = review.key_moments(1)[0]
    assert top.loss > 0 and f"{top.loss:.1f} lost" in moments.group(0)
    assert (f"worth {format_value(top.played_value, top.played_se)} against "
            f"{format_value(top.best_value, top.best_se)}") in moments.group(0)
    table = re.findall(r"<tr><td class=\"rl-num\">(\d+)</td>.*?</tr>", html)
    assert [int(t) for t in table] == [r.number for r in review.rows]
    for r in review.rows:  # every decision: its rank, the values played and best with ±
        row = re.search(rf'<tr><td class="rl-num">{r.number}</td>.*?</tr>', html)
        assert row is not None
        assert f'<td class="rl-num">{r.rank}</td>' in row.group(0)
        assert f'<td class="rl-num">{format_value(r.played_value, r.played_se)}</td>' in (
            row.group(0))
        assert f'<td class="rl-num">{format_value(r.best_value, r.best_se)}</td>' in (
            row.group(0))
    assert "±" in html and html.count(INTERVAL_NOTE) == 1
    assert "svg" in html and "where the points went: " in html


def test_a_match_hand_shows_the_scores_and_values_in_match_chances() -> None:
    """A hand of a Gin match at 80-60: the table says the totals and the chance to win
    the match; the hint's values are chances with their intervals; the review gives each
    decision's chance before (the best move) and after (the move played)."""
    from rummy_lab.coach.ranking import format_value

    match = rl.new_match("gin", seed=4)
    game = match.current_game
    game.match_scores = (80, 60)
    pt = PlayTable(game=game, human=0, bot=rl.bots.RandomBot())
    chance = rl.coach.match_win_probability(game.rules, (80, 60), dealer=game.dealer)[0]
    assert pt.controller.match_chance() == pytest.approx(chance)
    line = pt.match_view.value
    assert pt.match_view.layout.display is None
    assert "first to 100 wins" in line and "You 80, Bot 60" in line
    assert f"about <b>{100 * chance:.0f}%</b>" in line
    (lo, hi), _ = rl.coach.match_win_interval(game.rules, (80, 60), dealer=game.dealer)
    assert pt.controller.match_chance_range() == pytest.approx((lo, hi))
    assert f"95% range {100 * lo:.0f}-{100 * hi:.0f}%" in line
    pt.hint_toggle.value = True
    assert pt.advice is not None and all(a.objective == "match" for a in pt.advice)
    html = pt.hint_view.value
    assert all(a.shown_value() in html and a.shown_value().endswith("%") for a in pt.advice)
    assert "your chance to win the match after each move" in html
    pt.hint_toggle.value = False
    play_with_buttons(pt, random.Random(1))
    pt.review_button.click()
    review = rl.coach.review(pt.game, 0)
    assert review.objective == "match"
    html = pt.review_view.value
    assert "win chance before → after" in html and "of match-winning chance lost" in html
    for r in review.rows:
        before = format_value(r.best_value, r.best_se, percent=True)
        after = format_value(r.played_value, r.played_se, percent=True)
        assert f"{before} → {after}" in html
    plain = PlayTable("gin", seed=4)
    assert plain.match_view.value == "" and plain.match_view.layout.display == "none"
    assert plain.controller.match_chance() is None


def test_a_hollywood_match_shows_its_totals_without_a_chance() -> None:
    game = rl.new_match("hollywood", seed=2).current_game
    pt = PlayTable(game=game)
    assert "You 0, Bot 0" in pt.match_view.value and "chance" not in pt.match_view.value
    assert pt.controller.match_chance() is None


def test_an_expert_bots_reason_gives_its_value_with_the_interval_in_words() -> None:
    from rummy_lab.coach.ranking import standard_error
    from rummy_lab.widgets import _coach

    bot = rl.bots.ExpertBot()
    game = rl.new_game("gin", seed=8)
    view = game.view_for(game.current_player)
    move = bot.choose(view, random.Random(0))
    chosen = bot.last_values.choice  # type: ignore[attr-defined]
    text = _coach.explain(view, move, bot)
    assert text is not None and move == chosen.move
    worth = _coach.interval_words(chosen.value, standard_error(chosen),
                                  unit=" points over the rest of the hand")
    assert f"worth {worth}" in text
    assert ("95% interval" in text) == (standard_error(chosen) > 0)
    other = next(m for m in view.legal_moves if m != move)
    assert "worth" not in (_coach.explain(view, other, bot) or "")
