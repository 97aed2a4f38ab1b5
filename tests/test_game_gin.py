"""Gin Rummy played through the state machine: scripted deals, rules, properties."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummy_lab as rl
from rummy_lab.engine.cards import Card, Hand, make_deck, parse_cards
from rummy_lab.engine.game import Game, new_game
from rummy_lab.engine.match import new_match
from rummy_lab.engine.moves import Discard, DrawDiscard, DrawStock, Gin, Knock, PassUpcard
from rummy_lab.engine.solver import deadwood
from rummy_lab.engine.state import Phase
from rummy_lab.engine.variants import VariantEngine, engine_for, register_variant
from rummy_lab.gin import game_totals, hollywood_totals
from tests.helpers import (
    DEFENDER,
    KNOCKER,
    deck_intact,
    move_universe,
    play,
    random_playout,
    rest_of_deck,
    stacked_gin,
)

C = Card.parse


def knock_deal(upcard: str = "AD", top: str = "AS", **kw: Any) -> Game:
    """Dealer 0 holds DEFENDER, player 1 (first to move) KNOCKER; ``top`` tops the stock."""
    return stacked_gin(DEFENDER, KNOCKER, upcard, top, **kw)


# --------------------------------------------------------------------------- the deal


def test_seeded_deal_is_reproducible_and_complete() -> None:
    g = new_game("gin", seed=42)
    assert g == new_game("gin", seed=42)
    assert g != new_game("gin", seed=43)
    assert [len(h) for h in g.hands] == [10, 10]
    assert len(g.stock) == 31 and g.discard_pile == (g.upcard,)
    assert deck_intact(g)
    assert g.phase is Phase.UPCARD and g.current_player == 1 and g.dealer == 0
    assert new_game("gin", seed=42, dealer=1).current_player == 0


def test_stacked_deal_is_exact() -> None:
    stock = rest_of_deck(f"{DEFENDER} {KNOCKER} AD", "AS KH")
    g = new_game("gin", hands=[DEFENDER, KNOCKER], stock=stock, discard="AD")
    assert g.hand(0) == parse_cards(DEFENDER) and g.hand(1) == parse_cards(KNOCKER)
    assert g.stock == stock and g.stock[:2] == parse_cards("AS KH")
    assert g.discard_pile == parse_cards("AD") and g.upcard == C("AD")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s[1:], "missing KH"),  # a card short
        (lambda s: [C("AS"), *s[1:]], "extra AS (2 copies, the deck has 1)"),
        (lambda s: [C("JK"), *s[1:]], "JK (not in the deck)"),
    ],
)
def test_stacked_deal_must_be_the_deck(change: object, message: str) -> None:
    stock = list(rest_of_deck(f"{DEFENDER} {KNOCKER} AD", "KH"))
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        new_game("gin", hands=[DEFENDER, KNOCKER], stock=change(stock), discard="AD")  # type: ignore[operator]


def test_stacked_deal_checks_sizes_and_players() -> None:
    stock = rest_of_deck(f"{DEFENDER} {KNOCKER}")
    with pytest.raises(ValueError, match="player 1 is dealt 9 cards; gin deals 10"):
        new_game("gin", hands=[DEFENDER, KNOCKER[3:]], stock=stock)
    with pytest.raises(ValueError, match="upcard"):
        new_game("gin", hands=[DEFENDER, KNOCKER], stock=stock[2:], discard=stock[:2])
    with pytest.raises(ValueError, match="exactly 2 players"):
        new_game("gin", players=3)
    with pytest.raises(ValueError, match="dealer"):
        new_game("gin", dealer=2)
    with pytest.raises(ValueError, match="for the 500 variant"):
        new_game("gin", rules="500")


def test_partial_stacked_deal_fills_the_rest_from_the_seed() -> None:
    a = new_game("gin", hands=[DEFENDER, KNOCKER], seed=1)
    b = new_game("gin", hands=[DEFENDER, KNOCKER], seed=1)
    assert a == b and deck_intact(a) and a.hand(1) == parse_cards(KNOCKER)


def test_rules_overrides_and_unimplemented_variants(monkeypatch: pytest.MonkeyPatch) -> None:
    assert new_game("gin", rules={"knock_limit": 5}).rules.knock_limit == 5
    assert new_game("oklahoma", seed=1).rules.oklahoma
    from rummy_lab.engine import variants

    monkeypatch.setattr(variants, "_ENGINES", {})  # as if no 500 engine were written
    monkeypatch.setattr(variants, "_BUILTIN", {})
    with pytest.raises(NotImplementedError, match="no game engine for the '500' variant"):
        new_game("500")


# --------------------------------------------------------------------------- first turn


def test_non_dealer_takes_the_upcard() -> None:
    g = knock_deal()
    g.play("take_upcard")
    assert g.phase is Phase.DISCARD and g.current_player == 1
    assert g.state.pickup == (C("AD"),) and g.view_for(0).known[1] == (C("AD"),)
    assert Discard("AD") not in g.legal_moves()
    with pytest.raises(rl.IllegalMove, match="AD was taken from the discard pile this turn"):
        g.play(Discard("AD"))
    g.play("discard 5S")
    assert g.phase is Phase.DRAW and g.current_player == 0
    assert g.legal_moves() == [DrawStock(), DrawDiscard()]


def test_dealer_takes_after_a_pass_then_normal_play() -> None:
    g = play(knock_deal(), "pass_upcard")
    assert g.phase is Phase.UPCARD and g.current_player == 0
    play(g, "take_upcard", "discard KD")
    assert g.current_player == 1 and g.legal_moves() == [DrawStock(), DrawDiscard()]


def test_both_pass_non_dealer_must_draw_from_the_stock() -> None:
    g = play(knock_deal(), "pass_upcard", "pass_upcard")
    assert g.phase is Phase.DRAW and g.current_player == 1
    assert g.legal_moves() == [DrawStock()]
    with pytest.raises(rl.IllegalMove, match="both players passed the upcard"):
        g.play(DrawDiscard())
    g.play(DrawStock())
    assert g.hand(1)[-1] == C("AS")


# --------------------------------------------------------------------------- endings


def test_knock_win_with_the_rulebook_layoffs() -> None:
    g = play(knock_deal(), "pass_upcard", "pass_upcard", "draw_stock")
    assert [m for m in g.legal_moves() if not isinstance(m, Discard)] == [Knock("AS"), Knock("5S")]
    g.play(Knock("AS"))
    r = g.result
    assert r is not None and g.is_over and g.phase is Phase.OVER
    assert (r.kind, r.winner, r.knocker, r.points, r.scores) == ("knock", 1, 1, 63, (0, 63))
    assert sorted(r.detail.layoffs) == [C("3H"), C("7H")]
    assert r.deadwood == (68, 5)
    assert g.discard_pile[-1] == C("AS") and g.legal_moves() == []
    assert g.view_for(0).revealed == g.hands
    with pytest.raises(rl.IllegalMove, match="the hand is over"):
        g.play(DrawStock())


def test_layoffs_chain_onto_a_growing_run() -> None:
    g = stacked_gin("7H 8H KD KC QS JS 10D 7C 6D 2D", KNOCKER, "AD", "AS")
    play(g, "pass_upcard", "pass_upcard", "draw_stock", "knock AS")
    assert g.result is not None and sorted(g.result.detail.layoffs) == [C("7H"), C("8H")]


def test_undercut_and_tie_counts_as_undercut() -> None:
    knocker = "AS 2S 3S 4H 5H 6H 7D 7C 7H 8C"  # deadwood 8
    g = stacked_gin("AH AD AC 2H 2D 2C 9S 9H 9D 5C", knocker, "KH", "KD")
    play(g, "pass_upcard", "pass_upcard", "draw_stock", "knock KD")
    r = g.result
    assert r is not None and (r.kind, r.winner, r.points, r.scores) == ("undercut", 0, 28, (28, 0))
    tie = stacked_gin("AH AD AC 2H 2D 2C 9S 9H 9D 8S", knocker, "KH", "KD")
    play(tie, "pass_upcard", "pass_upcard", "draw_stock", "knock KD")
    assert tie.result is not None
    assert (tie.result.kind, tie.result.winner, tie.result.points) == ("undercut", 0, 25)
    school = stacked_gin("AH AD AC 2H 2D 2C 9S 9H 9D 8S", knocker, "KH", "KD",
                         tie_is_undercut=False)
    play(school, "pass_upcard", "pass_upcard", "draw_stock", "knock KD")
    assert school.result is not None
    assert (school.result.kind, school.result.winner, school.result.points) == ("tie", None, 0)


def test_gin_scores_deadwood_plus_25() -> None:
    g = stacked_gin("2H 3H 8H 9D 9C JC QC QD 10S 5C", "AS 2S 3S 4S 4H 5H 6H 7D 7C KC", "KH", "7H")
    play(g, "pass_upcard", "pass_upcard", "draw_stock")
    legal = g.legal_moves()
    assert Gin("KC") in legal and Knock("KC") not in legal
    with pytest.raises(rl.IllegalMove, match="that is gin, play Gin"):
        g.play(Knock("KC"))
    g.play(Gin("KC"))
    r = g.result
    assert r is not None and (r.kind, r.winner, r.points) == ("gin", 1, 76 + 25)
    assert r.detail.layoffs == ()


def test_big_gin_scores_deadwood_plus_31() -> None:
    g = stacked_gin("2H 3H 8H 9D 9C JC QC QD 10S 5C", "AS 2S 3S 4S 4H 5H 6H 7D 7C 7H", "KH", "5S")
    play(g, "pass_upcard", "pass_upcard", "draw_stock")
    assert Gin() in g.legal_moves() and Gin("AS") in g.legal_moves()
    g.play(Gin())
    r = g.result
    assert r is not None and (r.kind, r.winner, r.points) == ("big_gin", 1, 76 + 31)
    assert len(g.hand(1)) == 11 and g.discard_pile == parse_cards("KH")
    off = stacked_gin("2H 3H 8H 9D 9C JC QC QD 10S 5C", "AS 2S 3S 4S 4H 5H 6H 7D 7C 7H", "KH",
                      "5S", big_gin_bonus=None)
    play(off, "pass_upcard", "pass_upcard", "draw_stock")
    assert Gin() not in off.legal_moves()
    with pytest.raises(rl.IllegalMove, match="big gin is not allowed"):
        off.play(Gin())


def test_oklahoma_four_upcard_sets_limit_four_even_when_taken() -> None:
    g = knock_deal(upcard="4D", rules="oklahoma")
    assert g.knock_limit == 4 and g.view_for(0).knock_limit == 4
    g.play("take_upcard")  # 4D: discarding 5S leaves 4 (4D)
    assert [m for m in g.legal_moves() if isinstance(m, Knock)] == [Knock("5S")]
    play(g, "knock 5S")
    assert g.result is not None and g.result.kind == "knock" and g.result.points == 68 - 4
    h = knock_deal(upcard="4D", rules="oklahoma")
    play(h, "pass_upcard", "pass_upcard", "draw_stock")  # AS: best knock leaves 1... or 5
    with pytest.raises(rl.IllegalMove, match="deadwood 5 is over the knock limit 4"):
        h.play(Knock("AS"))
    assert Knock("5S") in h.legal_moves()


def test_oklahoma_spade_upcard_doubles_the_hand() -> None:
    g = knock_deal(upcard="8S", rules="oklahoma")
    play(g, "pass_upcard", "pass_upcard", "draw_stock", "knock AS")
    assert g.result is not None and g.knock_limit == 8
    assert (g.result.kind, g.result.points) == ("knock", (68 - 5) * 2)
    plain = knock_deal(upcard="8S")
    play(plain, "pass_upcard", "pass_upcard", "draw_stock", "knock AS")
    assert plain.result is not None and plain.result.points == 63


def _play_to_stock_end(g: Game) -> Game:
    """Both players draw from the stock and throw the card drawn, down to 2 stock cards
    (before the last throw)."""
    play(g, "pass_upcard", "pass_upcard")
    while True:
        ev = g.play(DrawStock())
        if len(g.stock) == 2:
            return g
        assert ev.drawn is not None
        g.play(Discard(ev.drawn))


def test_stock_end_is_a_draw_unless_the_drawer_knocks() -> None:
    g = _play_to_stock_end(knock_deal(top=""))
    assert g.current_player == 1 and Knock("5S") in g.legal_moves()
    g.play(Discard(g.hand(1)[-1]))
    r = g.result
    assert r is not None and (r.kind, r.winner, r.scores) == ("draw", None, (0, 0))
    assert "stock is down to 2 cards" in r.reason and g.view_for(0).revealed is None
    assert len(g.stock) == 2 and deck_intact(g)
    k = _play_to_stock_end(knock_deal(top=""))
    k.play(Knock("5S"))
    assert k.result is not None and k.result.kind == "knock"


def test_max_turns_ends_the_hand_as_a_reported_draw() -> None:
    g = knock_deal(max_turns=3)
    play(g, "take_upcard", "discard 5S", "draw_discard", "discard KD", "draw_discard", "discard AD")
    r = g.result
    assert r is not None and r.kind == "max_turns" and r.winner is None
    assert "max_turns=3" in r.reason


# --------------------------------------------------------------------------- errors


def test_error_messages_name_the_rule() -> None:
    g = play(knock_deal(), "pass_upcard", "pass_upcard")
    with pytest.raises(rl.IllegalMove, match="it is player 1's turn, not player 0's"):
        g.play(DrawStock(), player=0)
    with pytest.raises(rl.IllegalMove, match="must draw first"):
        g.play(Discard("5S"))
    with pytest.raises(rl.IllegalMove, match="upcard may only be taken or passed on the first"):
        g.play(PassUpcard())
    g.play(DrawStock())
    with pytest.raises(rl.IllegalMove, match="KS is not in player 1's hand"):
        g.play(Discard("KS"))
    with pytest.raises(rl.IllegalMove, match="already drawn this turn"):
        g.play(DrawStock())
    with pytest.raises(rl.IllegalMove, match="deadwood 24 is over the knock limit 10"):
        g.play(Knock("9S"))
    with pytest.raises(rl.IllegalMove, match="gin needs 0 deadwood; discarding AS leaves 5"):
        g.play(Gin("AS"))
    with pytest.raises(rl.IllegalMove, match="melds stay in the hand"):
        g.play("meld 4H 5H 6H")
    with pytest.raises(rl.IllegalMove, match="Indian Rummy"):
        g.play("drop")
    with pytest.raises(ValueError, match="unknown move"):
        g.play("shuffle")
    h = play(knock_deal(), "take_upcard", "discard 5S")
    with pytest.raises(rl.IllegalMove, match="only the top card"):
        h.play(DrawDiscard(2))
    with pytest.raises(rl.IllegalMove, match="must first take the upcard"):
        knock_deal().play(DrawStock())


def _phase_samples() -> list[Game]:
    """A game in every phase and situation the Gin engine has."""
    out = [knock_deal(), play(knock_deal(), "pass_upcard"),
           play(knock_deal(), "pass_upcard", "pass_upcard"),
           play(knock_deal(), "pass_upcard", "pass_upcard", "draw_stock"),
           play(knock_deal(), "take_upcard"),
           play(knock_deal(), "take_upcard", "discard 5S"),
           play(knock_deal(), "take_upcard", "discard 5S", "draw_discard"),
           play(knock_deal(), "pass_upcard", "pass_upcard", "draw_stock", "knock AS"),
           play(knock_deal(), "pass_upcard", "pass_upcard", "draw_stock", "knock 5S")]
    stock_end = _play_to_stock_end(knock_deal(top=""))
    out.append(stock_end)
    out.append(play(stock_end.copy(), Discard(stock_end.hand(1)[-1])))
    gin = stacked_gin("2H 3H 8H 9D 9C JC QC QD 10S 5C", "AS 2S 3S 4S 4H 5H 6H 7D 7C 7H", "KH",
                      "5S")
    out.append(play(gin, "pass_upcard", "pass_upcard", "draw_stock"))
    out.append(play(gin.copy(), "gin"))
    out.append(play(knock_deal(max_turns=1), "take_upcard", "discard 5S"))
    return out


@pytest.mark.parametrize("game", _phase_samples(), ids=lambda g: repr(g))
def test_legal_moves_are_exactly_the_verified_ones(game: Game) -> None:
    legal = game.legal_moves()
    assert len(set(legal)) == len(legal)
    for m in move_universe(game):
        assert game.can_play(m) == (m in legal), m


@pytest.mark.parametrize("game", _phase_samples(), ids=lambda g: repr(g))
def test_illegal_moves_change_nothing(game: Game) -> None:
    legal = game.legal_moves()
    before_json = game.to_json()
    for m in move_universe(game):
        if m in legal:
            continue
        snapshot = copy.deepcopy(game)
        with pytest.raises(rl.IllegalMove):
            game.play(m)
        assert game == snapshot, m
    for p in range(2):
        if p != game.current_player or game.is_over:
            snapshot = copy.deepcopy(game)
            for m in legal[:3]:
                with pytest.raises(rl.IllegalMove):
                    game.play(m, player=p)
            assert game == snapshot
    assert game.to_json() == before_json


def test_legal_moves_list_is_a_copy() -> None:
    g = knock_deal()
    g.legal_moves().clear()
    assert len(g.legal_moves()) == 2


# --------------------------------------------------------------------------- history and views


def test_history_records_what_became_public() -> None:
    g = play(knock_deal(), "take_upcard", "discard 5S", "draw_stock")
    e0, e1, e2 = g.history
    assert (e0.index, e0.player, e0.phase, e0.shown) == (0, 1, Phase.UPCARD, (C("AD"),))
    assert (e1.player, e1.move, e1.shown) == (1, Discard("5S"), (C("5S"),))
    assert e2.player == 0 and e2.drawn == C("AS") and e2.shown == ()
    mine, theirs = g.view_for(0).history[2], g.view_for(1).history[2]
    assert mine.drawn == C("AS") and theirs.drawn is None and theirs.is_hidden_draw
    assert theirs.caption() == "player 0: draw from the stock"


def test_views_show_own_hand_known_cards_and_sizes() -> None:
    g = play(knock_deal(), "take_upcard", "discard 5S", "draw_discard")
    v0, v1 = g.view_for(0), g.view_for(1)
    assert v0.hand == g.hand(0) and v1.hand == g.hand(1)
    assert v1.known == ((C("5S"),), (C("AD"),)) == v0.known
    assert v0.hand_sizes == (11, 10) and v0.stock_count == 31
    assert v0.legal_moves and not v1.legal_moves and v0.is_my_turn and not v1.is_my_turn
    assert v0.pickup == (C("5S"),) and v0.discard_top is None and v0.discard_pile == ()
    play(g, "discard KD", "draw_stock", "discard AD")
    assert g.view_for(0).known == ((C("5S"),), ())  # AD went back to the discard pile


def test_replay_yields_every_state_through_the_engine() -> None:
    g = play(knock_deal(), "pass_upcard", "pass_upcard", "draw_stock", "knock AS")
    states = list(g.replay())
    assert len(states) == len(g.history) + 1
    assert states[0] == g.initial() and states[-1] == g
    assert [s.phase for s in states] == [Phase.UPCARD, Phase.UPCARD, Phase.DRAW, Phase.DISCARD,
                                         Phase.OVER]
    views = list(g.replay_views(0))
    assert views[3].hand == g.hand(0) and views[3].history[-1].drawn is None


def _hidden_swaps(game: Game, viewer: int) -> list[tuple[list[Card], int, list[Card], int]]:
    """Pairs of positions holding cards the viewer cannot see."""
    st = game.state
    spots: list[tuple[list[Card], int]] = [(st.stock, i) for i in range(len(st.stock))]
    if st.revealed is None:
        for p in range(st.players):
            if p == viewer:
                continue
            unknown = Counter(st.hands[p]) - Counter(st.known[p])
            spots += [(st.hands[p], i) for i, c in enumerate(st.hands[p]) if unknown[c]]
    if len(spots) < 2:
        return []
    pairs = [(a[0], a[1], b[0], b[1]) for a, b in zip(spots[::2], spots[1::2], strict=False)]
    return [*pairs[:4], (spots[0][0], spots[0][1], spots[-1][0], spots[-1][1])]


def _assert_no_leak(game: Game) -> None:
    for viewer in range(game.players):
        view = game.view_for(viewer)
        for la, ia, lb, ib in _hidden_swaps(game, viewer):
            other = game.copy()
            pile_a = _same_pile(other, game, la)
            pile_b = _same_pile(other, game, lb)
            pile_a[ia], pile_b[ib] = pile_b[ib], pile_a[ia]
            assert other.view_for(viewer) == view
        for e in view.history:
            if e.player != viewer:
                assert e.drawn is None


def _same_pile(copy_game: Game, game: Game, pile: list[Card]) -> list[Card]:
    st, cst = game.state, copy_game.state
    if pile is st.stock:
        return cst.stock
    return cst.hands[next(i for i, h in enumerate(st.hands) if h is pile)]


@pytest.mark.parametrize("game", _phase_samples(), ids=lambda g: repr(g))
def test_views_leak_nothing_hidden_in_any_phase(game: Game) -> None:
    _assert_no_leak(game)


# --------------------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(["gin", "oklahoma", "hollywood"]))
def test_random_play_conserves_cards_and_ends(seed: int, variant: str) -> None:
    deck = Counter(make_deck())
    steps = 0
    for game in random_playout(seed, variant):
        assert Counter(game.state.all_cards()) == deck
        assert game.is_over or game.legal_moves()
        steps += 1
        if steps % 7 == 0:
            _assert_no_leak(game)
    assert game.is_over and steps <= 2 * game.rules.max_turns + 4
    _assert_no_leak(game)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_endless_discard_loops_stop_at_max_turns(seed: int) -> None:
    rng = random.Random(seed)
    g = new_game("gin", seed=seed, rules={"max_turns": 40})
    while not g.is_over:
        legal = g.legal_moves()
        draws = [m for m in legal if isinstance(m, DrawDiscard)]
        g.play(draws[0] if draws else rng.choice(legal))
    assert g.result is not None and g.result.kind in ("max_turns", "draw", "knock", "gin",
                                                      "undercut", "big_gin")
    assert g.state.turn_count <= 40


# --------------------------------------------------------------------------- matches


def test_match_plays_to_a_game_total_with_winner_dealing_next() -> None:
    from rummy_lab.bots import GreedyGinBot, play_hand

    m = new_match("gin", seed=5)
    bots = [GreedyGinBot(), GreedyGinBot()]
    rng = random.Random(0)
    with pytest.raises(rl.IllegalMove, match="not over"):
        m.next_hand()
    while True:
        game = m.current_game
        play_hand(game, bots, rng)
        if m.is_over:
            break
        nxt = m.next_hand()
        r = game.result
        assert r is not None
        assert nxt.dealer == (r.winner if r.winner is not None else game.dealer)
    outcomes = [(r.winner, r.points) if r.winner is not None else (None, 0) for r in m.results]
    assert m.standing == game_totals(outcomes, "gin")
    assert m.winner == m.standing.winner is not None and m.totals == m.standing.totals
    with pytest.raises(rl.IllegalMove, match="match is over"):
        m.next_hand()


def test_hollywood_match_uses_hollywood_totals() -> None:
    from rummy_lab.bots import GreedyGinBot, play_match

    m = play_match(new_match("hollywood", seed=2), [GreedyGinBot(), GreedyGinBot()],
                   random.Random(1))
    outcomes = [(r.winner, r.points) if r.winner is not None else (None, 0) for r in m.results]
    assert m.is_over and m.standing == hollywood_totals(outcomes, "hollywood")
    assert new_match("gin", seed=9).current_game == new_match("gin", seed=9).current_game


def test_match_play_delegates_to_the_current_hand() -> None:
    m = new_match("gin", seed=1)
    ev = m.play("pass_upcard")
    assert ev.move == PassUpcard() and m.current_game.history == (ev,)


# --------------------------------------------------------------------------- plugging in


def test_a_variant_plugs_in_through_the_registry() -> None:
    class Tiny(VariantEngine):
        name = "tiny"

    gin_engine = engine_for(rl.get_rules("gin"))
    try:
        register_variant("basic", Tiny())
        g = new_game("basic", seed=3, players=4)
        assert [len(h) for h in g.hands] == [7] * 4 and g.phase is Phase.DRAW
        g.play(DrawStock())
        card = g.hand(1)[0]
        g.play(Discard(card))
        assert g.current_player == 2 and g.discard_pile[-1] == card and deck_intact(g)
        with pytest.raises(rl.IllegalMove, match="tiny has no knock move"):
            g.play(Knock(g.hand(2)[0]))
    finally:
        from rummy_lab.engine import variants

        variants._ENGINES.pop(rl.Variant.BASIC, None)
    assert engine_for(rl.get_rules("gin")) is gin_engine


@pytest.mark.parametrize(("preset", "players", "cards"), [("500", 6, 104), ("indian", 4, 108)])
def test_base_mechanics_with_two_decks_jokers_and_a_wild_card(
    preset: str, players: int, cards: int
) -> None:
    """A bare engine on the base hooks: duplicates, printed jokers, the wild card, JSON."""

    class Bare(VariantEngine):
        name = "bare"

    variant = rl.get_rules(preset).variant
    try:
        register_variant(variant, Bare())
        g = new_game(preset, seed=4, players=players, rules={"max_turns": 60})
        assert len(g.state.all_cards()) == cards and deck_intact(g)
        assert (g.wild_card is not None) == (preset == "indian")
        rng = random.Random(1)
        while not g.is_over:
            legal = g.legal_moves()
            assert len(set(legal)) == len(legal)
            g.play(rng.choice(legal))
            assert deck_intact(g)
        assert g.result is not None and g.result.kind == "max_turns"
        assert Game.from_json(g.to_json()) == g
        _assert_no_leak(g)
        dup = Counter(g.state.all_cards()).most_common(1)[0]
        assert dup[1] >= 2  # two decks
    finally:
        from rummy_lab.engine import variants

        variants._ENGINES.pop(variant, None)


def test_oklahoma_ace_upcard_gin_only_school() -> None:
    g = knock_deal(upcard="AD", rules="oklahoma", oklahoma_ace="gin_only")
    play(g, "pass_upcard", "pass_upcard", "draw_stock")
    assert g.knock_limit == 0 and not [m for m in g.legal_moves() if isinstance(m, Knock)]
    with pytest.raises(rl.IllegalMove, match="over the knock limit 0 after discarding AS"):
        g.play(Knock("AS"))
    assert knock_deal(upcard="AD", rules="oklahoma").knock_limit == 1


def test_top_level_names() -> None:
    g = rl.new_game("gin", seed=1)
    assert isinstance(g, rl.Game) and g.phase is rl.Phase.UPCARD
    assert rl.moves.PassUpcard() in g.legal_moves()
    assert list(g.states()) == [g]
    assert isinstance(rl.new_match("gin", seed=1), rl.Match)


def test_deadwood_of_stacked_hands_matches_the_solver() -> None:
    assert deadwood(KNOCKER) == 5 and deadwood(DEFENDER) == 78
    assert Hand(parse_cards(KNOCKER)).codes == KNOCKER


# --------------------------------------------------------------------------- issue 13


@pytest.mark.parametrize("hand_size", [1, 3, 5, 13, 20])
def test_other_hand_sizes_play_every_listed_knock(hand_size: int) -> None:
    """Each listed knock or gin plays (the showdown takes the rules' hand size)."""
    from rummy_lab.bots import GreedyGinBot, play_hand

    for seed in range(6):
        g = new_game("gin", seed=seed, rules={"hand_size": hand_size})
        play_hand(g, [GreedyGinBot(), GreedyGinBot()], random.Random(seed))
        assert g.is_over and deck_intact(g)
        assert Game.from_json(g.to_json()) == g


def test_the_issue_hand_size_5_knock_plays() -> None:
    from rummy_lab.bots import GreedyGinBot, play_hand

    g = new_game("gin", seed=0, rules={"hand_size": 5})
    result = play_hand(g, [GreedyGinBot(), GreedyGinBot()], random.Random(0))
    assert result.kind in ("knock", "gin", "undercut", "big_gin", "draw")
    assert Game.from_json(g.to_json()) == g


def test_showdown_takes_the_hand_size_of_the_rules() -> None:
    r = rl.get_rules("gin", hand_size=3)
    sd = rl.gin.showdown("AS 2S 3S", "KD QD 5C", r)
    assert (sd.kind, sd.points) == ("gin", 25 + 25)
    assert rl.gin.showdown("AS 2S 3S 4S", "KD QD 5C", r).kind == "big_gin"
    with pytest.raises(ValueError, match="the knocker shows 3 cards"):
        rl.gin.showdown("AS 2S", "KD QD 5C", r)


class _Broken(type(engine_for(rl.get_rules("gin")))):  # type: ignore[misc]
    """Gin whose knock fails halfway through (a stand-in for an engine bug)."""

    def apply_knock(self, state: Any, move: Any) -> Any:
        self.put_on_discard(state, move.card)
        state.turn_count += 1
        raise RuntimeError("bug in the middle of a knock")


def test_a_move_failing_halfway_leaves_the_game_unchanged() -> None:
    g = stacked_gin(DEFENDER, KNOCKER, "AD", "AS")
    play(g, "pass_upcard", "pass_upcard", "draw_stock")
    broken = Game(g.state, _Broken())
    before = g.copy()
    with pytest.raises(RuntimeError, match="bug in the middle") as info:
        broken.play("knock AS")
    assert g == before and g.legal_moves() == before.legal_moves()
    assert any("restored" in note for note in info.value.__notes__)
    g.play("knock AS")  # the real engine still plays it
    assert g.is_over
