"""The public interface of API.md, called exactly as documented."""

from __future__ import annotations

import inspect
import random
import subprocess
import sys

import pytest
import sympy

import rummy_lab as rl


def test_cards_api():
    cards = rl.parse_cards("7S, 8s 9♠ 10h Th qc JK")
    assert [c.code for c in cards] == ["7S", "8S", "9S", "10H", "10H", "QC", "JK"]
    c = rl.Card.parse("7S")
    assert (c.rank, c.suit, c.is_joker, c.code, str(c)) == (7, rl.Suit("S"), False, "7S", "7♠")
    assert rl.Card.parse("JK").rank == 0 and rl.Card.parse("JK").suit is None
    assert hash(c) == hash(rl.Card.parse("7s")) and c < rl.Card.parse("8S")
    with pytest.raises(rl.CardError, match="7X"):
        rl.parse_cards("7S 7X")
    assert issubclass(rl.CardError, ValueError) and issubclass(rl.IllegalMove, ValueError)
    assert len(rl.make_deck()) == 52 and len(rl.make_deck(decks=2, jokers=4)) == 108
    assert rl.make_deck() == rl.make_deck()


@pytest.mark.parametrize("name", ["basic", "gin", "oklahoma", "hollywood", "500", "indian",
                                  "indian-points", "indian-pool-101", "indian-pool-201",
                                  "indian-deals"])
def test_every_preset(name):
    r = rl.get_rules(name)
    assert isinstance(r, rl.Rules)
    with pytest.raises(ValueError, match="nonsense"):
        rl.get_rules(name, nonsense=1)


def test_meld_analysis_api():
    p = rl.best_partition("7S 7H 7D 4C 5C 6C 7C KD QH 2S", "gin")
    assert isinstance(p, rl.Partition) and p.deadwood_points == 22
    assert all(m.kind in ("set", "run") and isinstance(m.is_pure, bool) for m in p.melds)
    assert len(rl.all_best_partitions("7S 7H 7D 4C 5C 6C 7C KD QH 2S", "gin")) == 2
    card, after = rl.best_discard("5D 7H 4S 4D 6D 7C 4C 7S 5C 6H 6C", "gin")
    assert isinstance(card, rl.Card) and after.deadwood_points == 4
    assert rl.is_meld("QS KS AS", "500") and not rl.is_meld("KS AS 2S", "500")
    p = rl.best_partition("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH KS 8S", "indian", wild_rank=8)
    assert p.deadwood_points == 0
    r = rl.get_rules("gin")
    assert rl.best_partition(rl.parse_cards("AS 2S 3S"), r).deadwood_points == 0


def test_gin_api():
    sd = rl.gin.showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 8C", "AH AD AC 2H 2D 2C 9S 9H 9D 5C")
    assert (sd.kind, sd.winner, sd.points) == ("undercut", "defender", 28)
    assert isinstance(sd.layoffs, tuple)
    assert sd.knocker_partition.deadwood_points == 8 and sd.defender_partition is not None
    sd = rl.gin.showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 3C", "8H 9D KD KC QS JS 10D 8C 5D 2C",
                         "oklahoma", upcard="4S")
    assert sd.points == 2 * 79
    with pytest.raises(rl.IllegalMove):
        rl.gin.showdown("AS 2S 3S 4H 5H 6H 7D 7C KH QH", "8H 9D KD KC QS JS 10D 8C 5D 2C")
    t = rl.gin.game_totals([(0, 40), (None, 0), (0, 70)])
    assert (t.winner, t.finished) == (0, True)
    assert len(t.hand_points) == len(t.boxes) == len(t.game_bonus) == len(t.totals) == 2
    h = rl.gin.hollywood_totals([(0, 40), (1, 20)], "hollywood")
    assert len(h.games) == 3 and all(isinstance(g, rl.gin.GameTotals) for g in h.games)


def test_indian_api():
    d = rl.indian.check_declaration("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH KS 8S", wild_rank=8)
    assert d.valid and d.reason == "" and d.partition is not None
    d = rl.indian.check_declaration("5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS", wild_rank=8,
                                    rules="indian")
    assert not d.valid and d.reason
    assert rl.indian.count_points("5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS", wild_rank=8) == 80


@pytest.mark.parametrize("variant", ["gin", "oklahoma", "hollywood", "basic", "500",
                                     "indian", "indian-pool-101", "indian-deals"])
def test_games_api(variant):
    players = 3 if variant in ("basic", "500", "indian", "indian-pool-101") else 2
    g = rl.new_game(variant, players=players, seed=7)
    assert isinstance(g, rl.Game) and g.current_player in range(players)
    bots = [rl.bots.RandomBot() for _ in range(players)]
    import random

    rng = random.Random(0)
    while not g.is_over:
        moves = g.legal_moves()
        assert moves and all(isinstance(m, rl.moves.Move) for m in moves)
        g.play(bots[g.current_player].choose(g.view_for(g.current_player), rng))
    assert len(g.result.scores) == players and g.history
    text = g.to_json()
    assert rl.Game.from_json(text) == g
    with pytest.raises(ValueError):
        rl.Game.from_json(text[: len(text) // 2])
    m = rl.new_match(variant, players=players, seed=1)
    assert not m.is_over


def test_moves_and_stacked_deal():
    names = ["DrawStock", "DrawDiscard", "TakeUpcard", "PassUpcard", "Discard", "Meld",
             "LayOff", "Knock", "Gin", "Declare", "Drop"]
    for n in names:
        assert hasattr(rl.moves, n)
    assert rl.moves.Discard("7S") == rl.moves.Discard(rl.Card.parse("7S"))
    assert rl.moves.DrawDiscard().depth == 1 and rl.moves.Gin().card is None
    g = rl.new_game("gin", hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                                  "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"], discard="KD")
    before = g.to_json()
    with pytest.raises(rl.IllegalMove):
        g.play(rl.moves.Discard("KS"))
    assert g.to_json() == before
    with pytest.raises(ValueError):
        rl.new_game("gin", hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                                  "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H"])
    ind = rl.new_game("indian", players=2, seed=3, wild_card="7D")
    assert ind.wild_card == rl.Card.parse("7D")


def test_probability_api():
    assert rl.probability.p_hand_contains("set", 3) == sympy.Rational(1, 425)
    assert isinstance(rl.probability.p_hand_contains("meld", 14, "indian"), sympy.Rational)
    assert rl.probability.p_draw_out(8, 31, 2) == sympy.Rational(212, 465)
    o = rl.probability.outs("7S 8S 2H 2D KC", "gin", seen=("9S",))
    assert o[rl.Card.parse("6S")] == 1 and rl.Card.parse("9S") not in o
    assert rl.probability.p_dealt_gin("gin") == sympy.Rational(68347, 7910012110)


def test_simulate_api():
    sig = inspect.signature(rl.simulate)
    for name in ("players", "bots", "seed", "executor"):
        assert name in sig.parameters
    rep = rl.simulate("gin", 10, seed=0, executor="inline", progress=False)
    assert rep.games == 10


def test_console_script():
    out = subprocess.run(
        [sys.executable, "-m", "rummy_lab", "analyze", "7S 7H 7D 4C 5C 6C 7C KD QH 2S",
         "--rules", "gin"], capture_output=True, text=True, check=True,
    ).stdout
    assert "deadwood points: 22" in out


def test_coach_api():
    sig = inspect.signature(rl.coach.evaluate)
    assert list(sig.parameters) == ["view", "budget", "seed", "objective"]
    assert sig.parameters["budget"].kind is inspect.Parameter.KEYWORD_ONLY
    assert sig.parameters["budget"].default is None and sig.parameters["seed"].default == 0
    g = rl.new_game("gin", seed=6)
    advice = rl.coach.evaluate(g.view_for(g.current_player), budget=None, seed=0)
    assert isinstance(advice, list) and advice
    a = advice[0]
    assert a.move in g.legal_moves() and isinstance(a.value, float)
    assert isinstance(a.reasons, tuple) and all(isinstance(r, str) for r in a.reasons)
    sig = inspect.signature(rl.coach.review)
    assert list(sig.parameters) == ["game", "player", "budget", "seed", "objective"]
    rl.bots.play_hand(g, [rl.bots.ExpertBot(budget=None), rl.bots.RandomBot()],
                      random.Random(0))
    rv = rl.coach.review(g, 1, budget=None, seed=0)
    assert rv.rows
    for row in rv.rows:
        assert isinstance(row.turn, int) and row.played == g.history[row.turn].move
        assert row.best is not None and row.loss >= 0 and row.reason
        assert row.label in ("best", "good", "inaccuracy", "mistake", "blunder")
    assert isinstance(rv.summary(), str) and "<svg" in rv._repr_html_()
    assert "expert" in rl.bots.BOT_NAMES
