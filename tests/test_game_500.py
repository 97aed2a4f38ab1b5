"""Rummy 500 played through the state machine: deep discard picks, scoring as laid,
stock exhaustion, match totals, exact legal moves, views, JSON and random play."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummy_lab as rl
from rummy_lab.bots import Bot, RandomBot, play_hand, play_match
from rummy_lab.bots.table import GreedyTableBot, plan_value
from rummy_lab.engine.cards import Card, parse_cards
from rummy_lab.engine.game import Game, new_game
from rummy_lab.engine.match import new_match
from rummy_lab.engine.moves import Discard, DrawDiscard, DrawStock, EndRound, LayOff, Meld
from rummy_lab.engine.state import GameResult, Phase, TableMeld
from rummy_lab.engine.variants.rummy500 import Rummy500Engine, match_totals
from rummy_lab.engine.variants.tabled import table_standing
from tests.helpers import play_out_randomly
from tests.test_game_basic import (
    assert_exact_legal_moves,
    assert_illegal_change_nothing,
    assert_no_leak,
    conserved,
    deal,
    play,
)

C = Card.parse

P0 = "7S 8S 2H 3D 9C JC KD"
P1 = "QS QH 3C 4C 6H 10C AC"


def five_deep(**overrides: Any) -> Game:
    """Player 1 to draw; the discard pile is 2C 4H 5S 10D JH (JH on top) and player 1
    holds AC 3C 4C, so only the bottom card can be taken (five cards deep)."""
    g = deal("500", [P0, P1], "2C", "4H 5S 10D JH", **overrides)
    return play(g, "draw_stock", "discard 4H", "draw_stock", "discard 5S",
                "draw_stock", "discard 10D", "draw_stock", "discard JH")


# --------------------------------------------------------------------------- the deal


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (4, 1), (5, 2), (8, 2)])
def test_deal_seven_cards_two_decks_from_five(players: int, decks: int) -> None:
    g = new_game("500", players=players, seed=players)
    assert [len(h) for h in g.hands] == [7] * players and conserved(g)
    assert len(g.state.all_cards()) == 52 * decks and isinstance(g.engine, Rummy500Engine)
    assert len(g.stock) == 52 * decks - 7 * players - 1
    pagat = new_game("500-pagat", seed=1)
    assert [len(h) for h in pagat.hands] == [13, 13]
    assert [len(h) for h in new_game("500-pagat", players=3, seed=1).hands] == [7, 7, 7]


# --------------------------------------------------------------------------- deep picks


def test_deep_pick_takes_five_cards_and_melds_the_bottom_one() -> None:
    g = five_deep()
    assert g.discard_pile.codes == "2C 4H 5S 10D JH" and g.current_player == 1
    assert g.legal_moves() == [DrawStock(), DrawDiscard(5)]
    said = dict(g.describe_moves())
    assert said[DrawDiscard(5)] == ("take 2♣ 4♥ 5♠ 10♦ J♥ from the discard pile: "
                                    "2♣ must be melded or laid off this turn")
    e = g.play(DrawDiscard(5))
    assert e.shown == parse_cards("2C 4H 5S 10D JH") and g.discard_pile == ()
    assert len(g.hand(1)) == 12 and g.state.data["must_meld"] == "2C"
    assert g.view_for(0).known[1] == parse_cards("2C 4H 5S 10D JH")
    # the discard waits until 2C is on the table
    assert not [m for m in g.legal_moves() if isinstance(m, Discard)]
    assert {m.code for m in g.legal_moves()} == {"meld AC 2C 3C", "meld AC 2C 3C 4C",
                                                 "meld 2C 3C 4C"}
    before = g.to_json()
    with pytest.raises(rl.IllegalMove, match="2C was taken from the discard pile this turn and "
                                             "must be melded or laid off before the discard"):
        g.play("discard 6H")
    with pytest.raises(rl.IllegalMove, match="4H was taken from the discard pile"):
        g.play("discard 4H")
    assert g.to_json() == before
    g.play("meld 2C 3C 4C")
    assert g.state.data["must_meld"] is None and g.view_for(0).known[1] == parse_cards(
        "4H 5S 10D JH")
    legal = g.legal_moves()
    assert Discard("6H") in legal and Discard("4H") not in legal  # the others stay picked
    assert LayOff("AC", 0) in legal
    g.play("discard 6H")
    assert g.current_player == 0 and g.discard_pile == parse_cards("6H") and conserved(g)


def test_a_pick_whose_card_cannot_be_melded_is_refused_and_changes_nothing() -> None:
    g = five_deep()
    before = g.to_json()
    for move, message in [
        (DrawDiscard(4), "4H \\(the card at depth 4 of the discard pile\\) cannot be melded "
                         "or laid off with player 1's cards and the table, so it may not be "
                         "taken"),
        (DrawDiscard(1), "JH \\(the top card of the discard pile\\) cannot be melded"),
        (DrawDiscard(6), "the discard pile holds 5 cards; depth 6 is not there"),
        (EndRound(), "only once the stock is exhausted; it holds 33 cards"),
    ]:
        with pytest.raises(rl.IllegalMove, match=message):
            g.play(move)
        assert g.to_json() == before and not g.can_play(move)


def test_deep_only_frees_the_top_card() -> None:
    g = five_deep(discard_pick_must_meld="deep_only")
    assert g.legal_moves() == [DrawStock(), DrawDiscard(1), DrawDiscard(5)]
    g.play(DrawDiscard(1))
    assert g.state.data["must_meld"] is None
    assert Discard("6H") in g.legal_moves() and Discard("JH") not in g.legal_moves()
    said = dict(five_deep(discard_pick_must_meld="deep_only").describe_moves())
    assert said[DrawDiscard(1)] == "take J♥ from the discard pile"


def test_the_top_card_must_be_melded_too_by_default() -> None:
    g = deal("500", ["7S 8S 8H 8D 2H 3H 4H", P1], "KC", "9S")
    play(g, "draw_stock", "discard 9S")
    assert g.rules.discard_pick_must_meld == "any" and DrawDiscard(1) in g.legal_moves()
    g.play(DrawDiscard(1))
    assert g.state.data["must_meld"] == "9S"
    legal = {m.code for m in g.legal_moves()}
    # 8S 8H 8D would strand 9S (7S alone cannot hold it); 2H 3H 4H leaves it placeable
    assert "meld 7S 8S 9S" in legal and "meld 2H 3H 4H" in legal
    assert "meld 8S 8H 8D" not in legal
    before = g.to_json()
    with pytest.raises(rl.IllegalMove, match=r"would leave 9S .* impossible to meld; meld it or "
                                             "lay it off first"):
        g.play("meld 8S 8H 8D")
    assert g.to_json() == before
    play(g, "meld 2H 3H 4H", "meld 7S 8S 9S", "discard 8H")
    assert [m.cards.codes for m in g.state.table] == ["2H 3H 4H", "7S 8S 9S"]


def test_the_picked_card_may_go_onto_a_meld_made_this_turn() -> None:
    g = deal("500", ["6S 7S 8S 2H 3H 4H KD", P1], "KC", "9S")
    play(g, "draw_stock", "discard 9S", "draw_discard")
    assert Meld("6S 7S 8S") in g.legal_moves()
    play(g, "meld 6S 7S 8S")
    assert g.legal_moves() == [Meld("2H 3H 4H"), LayOff("9S", 0)]  # no discard yet
    play(g, "lay_off 0 9S", "discard KD")
    assert g.state.table[0].cards.codes == "6S 7S 8S 9S"


def test_can_pick_answers_for_another_player_without_changing_the_state() -> None:
    """``can_pick(state, depth, player)`` asks whether ``player`` could take the pile
    down to ``depth`` were it to draw now, by its own hand."""
    g = new_game("500", seed=1)
    st = g.state
    st.table = []
    st.discard = parse_cards("QS 7H 2C KD")
    st.hands[0] = parse_cards("8H 9H 4S 5D JC")
    st.hands[1] = parse_cards("3S 6D QH QC AD")
    engine = Rummy500Engine()
    before = st.copy()
    assert st.current == 1
    assert engine.can_pick(st, 3, player=0) and not engine.can_pick(st, 3)
    assert engine.can_pick(st, 4) and not engine.can_pick(st, 4, player=0)
    assert not engine.can_pick(st, 2, player=0) and not engine.can_pick(st, 2, player=1)
    assert st == before


# --------------------------------------------------------------------------- melds, aces, scoring


def test_ace_high_or_low_never_around_the_corner() -> None:
    g = deal("500", ["QS KS AS 2H 3H 4H 9D", "AD 2D 3D 7C 8C 10H JH"], "5C", "JS", dealer=1)
    g.play("draw_stock")
    melds = {m.cards.codes for m in g.legal_moves() if isinstance(m, Meld)}
    assert {"QS KS AS", "JS QS KS AS", "2H 3H 4H"} <= melds
    with pytest.raises(rl.IllegalMove, match="K-A-2 never wraps"):
        g.play("meld KS AS 2H")
    play(g, "meld JS QS KS AS", "discard 9D", "draw_stock", "meld AD 2D 3D")
    assert [m.cards.codes for m in g.state.table][-1] == "AD 2D 3D"
    assert g.rules.card_value(C("AS")) == 15


def test_two_decks_allow_duplicate_sets() -> None:
    hands = ["7S 7S 7H 2C 3C 9D KD", "4H 5H 6H 8C 8D JS QS", "AS AH 2S 3S 4S 9C 10C",
             "KH QH 5D 6D 7D 2D 3D", "5S 6S 9S 10S JH JD JC"]
    g = deal("500", hands, "4D", "8S", dealer=4)
    assert g.players == 5 and len(g.state.all_cards()) == 104
    g.play("draw_stock")
    assert Meld("7S 7S 7H") in g.legal_moves()
    play(g, "meld 7S 7S 7H", "discard KD")
    g2 = deal("500", hands, "4D", "8S", dealer=4)
    g2.play("draw_stock")
    with pytest.raises(rl.IllegalMove, match="holds fewer 7S than the move uses"):
        g2.play("meld 7S 7S 7S 7H")


def test_going_out_with_a_discard_ends_the_round_and_scores_as_laid() -> None:
    g = deal("500", ["7S 8S 9S KD KH KC 4D", P1], "2D", "KS", dealer=1)
    play(g, "draw_stock", "meld 7S 8S 9S", "meld KD KH KC KS")
    assert not g.is_over
    g.play("discard 4D")
    r = g.result
    assert r is not None and g.phase is Phase.OVER
    assert (r.kind, r.winner, r.scores, r.points) == ("out", 0, (64, -58), 64)
    assert r.detail.on_table == (64, 0) and r.detail.in_hand == (0, 58)
    assert r.detail.went_out == 0 and "player 0 went out" in r.reason
    assert g.state.revealed is not None and g.legal_moves() == []


def test_going_out_without_a_discard() -> None:
    g = deal("500", ["7S 8S 9S 10S KD KH KC", P1], "2D", "JS", dealer=1)
    play(g, "draw_stock", "meld 7S 8S 9S 10S JS", "meld KD KH KC")
    r = g.result
    assert r is not None and (r.kind, r.scores) == ("out", (74, -58))
    assert g.discard_pile == parse_cards("2D")


def test_lay_offs_score_for_the_player_who_laid_them() -> None:
    # player 1 melds 2C 3C 4C (9 points); player 0 lays 5C off on it (5 points)
    g2 = deal("500", [P0, P1], "2C", "4H 5S 10D JH 5C")
    play(g2, "draw_stock", "discard 4H", "draw_stock", "discard 5S", "draw_stock",
          "discard 10D", "draw_stock", "discard JH", DrawDiscard(5), "meld 2C 3C 4C",
          "discard 6H", "draw_stock", "lay_off 0 5C")
    m = g2.state.table[0]
    assert m.owner == 1 and m.cards.codes == "2C 3C 4C 5C" and m.laid_by == (1, 1, 1, 0)
    engine = g2.engine
    assert isinstance(engine, Rummy500Engine)
    assert engine.on_table(g2.state) == (5, 9)


# --------------------------------------------------------------------------- the stock runs out


EXHAUST_0 = "4C 6C 9H QD KH 2D 7S"
EXHAUST_1 = "2S 5H 8D JC KS 3D 6S"


def exhausted() -> Game:
    """Every stock card drawn and discarded at once; player 0 is to draw from an empty
    stock with the whole deal's rest in the discard pile (5C at the bottom)."""
    g = deal("500", [EXHAUST_0, EXHAUST_1], "5C")
    while g.stock:
        g.play("draw_stock")
        g.play(Discard(g.state.hands[g.current_player][-1]))
    return g


def test_exhausted_stock_play_goes_on_from_the_discard_pile() -> None:
    g = exhausted()
    assert g.current_player == 0 and not g.is_over and len(g.discard_pile) == 38
    legal = g.legal_moves()
    assert DrawStock() not in legal and EndRound() in legal and DrawDiscard(38) in legal
    play(g, DrawDiscard(38), "meld 4C 5C 6C")
    assert len(g.hand(0)) == 42 and conserved(g)
    g.play("discard 9H")  # player 1 cannot place 9H: the round ends at once
    r = g.result
    assert r is not None and r.kind == "stock_out" and r.detail.went_out is None
    assert "player 1 cannot take from the discard pile" in r.reason
    assert r.scores == tuple(t - h for t, h in zip(r.detail.on_table, r.detail.in_hand,
                                                   strict=True))
    assert r.detail.on_table == (15, 0) and r.winner == 1


def test_exhausted_stock_a_player_may_refuse_and_end_the_round() -> None:
    g = exhausted()
    said = dict(g.describe_moves())
    assert said[EndRound()] == "end the round: the stock is exhausted and you take nothing"
    g.play(EndRound())
    r = g.result
    assert r is not None and r.kind == "stock_out" and "player 0 chose not to take" in r.reason
    assert r.scores == (-(4 + 6 + 9 + 10 + 10 + 2 + 7), -(2 + 5 + 8 + 10 + 10 + 3 + 6))
    assert r.winner == 1 and Game.from_json(g.to_json()) == g


# --------------------------------------------------------------------------- matches


def test_match_two_players_past_500_in_one_round_highest_wins() -> None:
    s = match_totals([(300, 320), (250, 190)], 2, 500)
    assert (s.totals, s.winner, s.finished) == ((550, 510), 0, True)
    s = match_totals([(300, 320), (230, 210)], 2, 500)
    assert (s.totals, s.winner, s.finished, s.tied) == ((530, 530), None, False, True)
    s = match_totals([(300, 320), (230, 210), (-5, 40)], 2, 500)
    assert (s.totals, s.winner, s.finished) == ((525, 570), 1, True)
    assert not match_totals([(100, 480)]).finished
    three = table_standing([(600, 600, 10)], 3, 500)
    assert three.tied and not three.finished


def test_match_standing_from_round_results() -> None:
    engine = Rummy500Engine()
    rules = rl.get_rules("500")
    rounds = [GameResult("out", 0, (300, 320)), GameResult("stock_out", 1, (230, 210))]
    assert not engine.match_standing(rules, 2, rounds).finished
    rounds.append(GameResult("out", 0, (40, -20)))
    s = engine.match_standing(rules, 2, rounds)
    assert s.finished and s.winner == 0 and s.totals == (570, 510)


def test_match_to_500_with_greedy_bots() -> None:
    m = new_match("500", players=3, seed=2)
    play_match(m, [GreedyTableBot()] * 3, random.Random(3))
    assert m.is_over and m.winner is not None
    totals = [sum(g.result.scores[p] for g in m.games if g.result) for p in range(3)]
    assert m.totals == tuple(totals) and totals[m.winner] == max(totals) >= 500
    assert totals.count(max(totals)) == 1


# --------------------------------------------------------------------------- exact moves, views


def _samples() -> list[Game]:
    g = five_deep()
    out = [g, play(g.copy(), DrawDiscard(5)), play(g.copy(), DrawDiscard(5), "meld 2C 3C 4C"),
           play(g.copy(), "draw_stock"), five_deep(discard_pick_must_meld="deep_only")]
    pend = deal("500", ["7S 8S 8H 8D 2H 3H 4H", P1], "KC", "9S")
    out.append(play(pend, "draw_stock", "discard 9S", "draw_discard"))
    ex = exhausted()
    out += [ex, play(ex.copy(), DrawDiscard(38))]
    out.append(play(new_game("500", players=6, seed=3), "draw_stock"))
    jk = deal("500", ["7S 8S JK 8D 2H 3H 4H", P1], "KC", "9S JK", jokers=2)
    out.append(play(jk, "draw_stock", "discard 9S", "draw_stock"))
    return out


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_legal_moves_are_exactly_the_verified_ones(game: Game) -> None:
    big = len(game.hand(game.current_player)) > 13  # the whole pile taken: 45 cards
    assert_exact_legal_moves(game, most=2 if big else 4)


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_illegal_moves_change_nothing(game: Game) -> None:
    big = len(game.hand(game.current_player)) > 13
    assert_illegal_change_nothing(game, most=1 if big else 3)


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_views_leak_nothing_hidden(game: Game) -> None:
    assert_no_leak(game)


def test_json_round_trip_and_tampering() -> None:
    g = five_deep()
    for m in (DrawDiscard(5), "meld AC 2C 3C", "lay_off 0 4C", "discard 6H", "draw_stock"):
        g.play(m)
        assert Game.from_json(g.to_json()) == g
    text = play(five_deep(), DrawDiscard(5)).to_json()
    assert '"must_meld": "2C"' in text
    with pytest.raises(ValueError, match=r"state\.data does not match"):
        Game.from_json(text.replace('"must_meld": "2C"', '"must_meld": null'))
    with pytest.raises(ValueError, match="moves\\[8\\] 'draw_discard 4'"):
        Game.from_json(text.replace('"draw_discard 5"', '"draw_discard 4"'))


# --------------------------------------------------------------------------- bots


def test_greedy_bot_takes_the_deep_pick_and_melds_the_card() -> None:
    g = five_deep()
    bot = GreedyTableBot()
    rng = random.Random(0)
    assert bot.choose(g.view_for(1), rng) == DrawDiscard(5)
    g.play(DrawDiscard(5))
    assert bot.choose(g.view_for(1), rng) == Meld("AC 2C 3C 4C")
    table = [TableMeld(1, parse_cards("AC 2C 3C 4C"), "run", (1, 1, 1, 1))]
    assert plan_value(parse_cards("5C 9D"), table, g.rules) == 5 - 9


@pytest.mark.parametrize("variant", ["500", "500-pagat"])
def test_bots_finish_hands(variant: str) -> None:
    for players in (2, 5):
        for seed in range(4):
            g = new_game(variant, players=players, seed=seed)
            bots: list[Bot] = [GreedyTableBot(), RandomBot()] * 4
            r = play_hand(g, bots[:players], random.Random(seed))
            assert r.kind in ("out", "stock_out", "max_turns") and conserved(g)


# --------------------------------------------------------------------------- properties


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8),
       preset=st.sampled_from(["500", "500-pagat"]))
def test_random_play_conserves_cards_and_ends(seed: int, players: int, preset: str) -> None:
    rng = random.Random(seed)
    g = new_game(preset, players=players, seed=seed, dealer=seed % players)
    play_out_randomly(g, rng, check=assert_no_leak, every=23)
    r = g.result
    assert r is not None and r.kind in ("out", "stock_out", "max_turns")
    if r.kind == "max_turns":
        assert r.winner is None and "max_turns" in r.reason
    else:
        assert r.scores == tuple(t - h for t, h in zip(r.detail.on_table, r.detail.in_hand,
                                                       strict=True))
        assert sum(r.detail.on_table) == sum(
            g.rules.card_value(c) for m in g.state.table for c in m.cards)
    if r.kind == "out":
        assert r.detail.went_out is not None and not g.hand(r.detail.went_out)
    assert_no_leak(g)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_endless_pick_loops_stop_at_max_turns(seed: int) -> None:
    rng = random.Random(seed)
    g = new_game("500-pagat", seed=seed, rules={"max_turns": 30})
    while not g.is_over:
        legal = g.legal_moves()
        quiet = [m for m in legal if isinstance(m, (Discard, DrawDiscard, DrawStock))]
        g.play(rng.choice(quiet or legal))
    assert g.result is not None and g.state.turn_count <= 30
    if g.result.kind == "max_turns":
        assert g.result.scores == (0, 0) and "ends as a draw" in g.result.reason


# --------------------------------------------------------------------------- issue 13

ISSUE_13_MOVES = [
    "draw_stock", "discard 8H", "draw_stock", "discard 9H", "draw_stock", "discard 5H",
    "draw_discard 4", "meld 9H 10H JH", "discard 4S", "draw_stock", "discard JS",
    "draw_stock", "discard 8H", "draw_stock", "discard 10D", "draw_stock", "discard 6S",
]


def test_no_pick_justified_by_a_lay_off_not_yet_allowed() -> None:
    """The issue's deadlock: 8H could only be laid off, and player 1 has not melded."""
    g = new_game("500", seed=13, rules={"layoff_before_first_meld": False})
    for m in ISSUE_13_MOVES:
        g.play(m)
    assert DrawDiscard(3) not in g.legal_moves()
    before = g.copy()
    with pytest.raises(rl.IllegalMove, match="layoff_before_first_meld=False"):
        g.play("draw_discard 3")
    assert g == before and g.legal_moves()


def test_a_pick_placed_by_a_lay_off_after_a_first_meld_is_allowed() -> None:
    """Meld first (any meld), then the picked card may be laid off."""
    r = rl.get_rules("500", layoff_before_first_meld=False)
    table = [TableMeld(0, parse_cards("5H 6H 7H"), "run", (0, 0, 0))]
    from rummy_lab.engine.variants.tabled import can_place_after_meld

    assert can_place_after_meld(C("8H"), parse_cards("2C 2D 2S KD"), table, r)
    assert not can_place_after_meld(C("8H"), parse_cards("2C 2D KS KD"), table, r)
    assert can_place_after_meld(C("8H"), parse_cards("8C 8D KD"), table, r)


def test_random_hands_never_deadlock_without_early_lay_offs() -> None:
    for seed in range(60):
        g = new_game("500", seed=seed, rules={"layoff_before_first_meld": False})
        rng = random.Random(seed)
        while not g.is_over:
            legal = g.legal_moves()
            assert legal, f"seed {seed}: no legal move after {g.moves()}"
            g.play(rng.choice(legal))
