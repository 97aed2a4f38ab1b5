"""Bots: the protocol, random play, the greedy Gin player's decisions, whole hands."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rummy_lab as rl
from rummy_lab.bots import Bot, GreedyGinBot, RandomBot, play_hand, play_match
from rummy_lab.engine.cards import Card
from rummy_lab.engine.game import Game, new_game
from rummy_lab.engine.match import new_match
from rummy_lab.engine.moves import Discard, DrawDiscard, DrawStock, Gin, Knock, Move
from rummy_lab.engine.solver import best_discard, deadwood
from rummy_lab.engine.state import PlayerView
from tests.helpers import DEFENDER, KNOCKER, play, stacked_gin

C = Card.parse
GREEDY = GreedyGinBot()


def choose(game: Game, bot: Any = GREEDY) -> Move:
    move: Move = bot.choose(game.view_for(game.current_player), random.Random(0))
    return move


def test_bots_follow_the_protocol() -> None:
    assert isinstance(RandomBot(), Bot) and isinstance(GreedyGinBot(), Bot)
    assert rl.bots.GreedyGinBot is GreedyGinBot


def test_random_bot_picks_uniformly_among_legal_moves() -> None:
    g = play(stacked_gin(DEFENDER, KNOCKER, "AD", "AS"), "pass_upcard", "pass_upcard",
             "draw_stock")
    legal = g.legal_moves()
    rng = random.Random(5)
    picks = [RandomBot().choose(g.view_for(1), rng) for _ in range(2000)]
    assert set(picks) == set(legal)
    assert max(picks.count(m) for m in legal) < 2 * 2000 / len(legal)
    with pytest.raises(ValueError, match="no legal move"):
        RandomBot().choose(g.view_for(0), rng)


def test_greedy_takes_the_upcard_only_when_it_joins_a_meld() -> None:
    g = stacked_gin("7S 8S 9S 2H 2D 2C KD QH JC 5S", "AH 3D 4C 6H 8D 10C QD KS 9H 4S", "10S")
    assert str(choose(g)) == "pass the upcard"  # player 1: 10S is no use
    g.play("pass_upcard")
    assert str(choose(g)) == "take the upcard"  # player 0: 10S extends 7-8-9S


def test_greedy_draws_the_discard_only_when_it_joins_a_meld() -> None:
    g = play(stacked_gin(DEFENDER, KNOCKER, "AD", "KH"), "pass_upcard", "pass_upcard",
             "draw_stock", "discard KH")
    assert choose(g) == DrawDiscard()  # KH joins KD KC
    h = play(stacked_gin(DEFENDER, KNOCKER, "AD", "AS"), "take_upcard", "discard 2C")
    assert choose(h) == DrawStock()  # 2C would only pair 2S (though it lowers the count)
    assert deadwood([*h.hand(0)[1:], C("2C")]) < deadwood(h.hand(0))


def test_greedy_knocks_as_soon_as_it_may_with_the_best_discard() -> None:
    g = play(stacked_gin(DEFENDER, KNOCKER, "KH", "AS"), "pass_upcard", "pass_upcard",
             "draw_stock")
    assert choose(g) == Knock("5S")  # leaves 1 (AS) rather than 5


def test_greedy_goes_gin_and_big_gin() -> None:
    gin = stacked_gin("2H 3H 8H 9D 9C JC QC QD 10S 5C", "AS 2S 3S 4S 4H 5H 6H 7D 7C KC", "KH",
                      "7H")
    play(gin, "pass_upcard", "pass_upcard", "draw_stock")
    assert choose(gin) == Gin("KC")
    big = stacked_gin("2H 3H 8H 9D 9C JC QC QD 10S 5C", "AS 2S 3S 4S 4H 5H 6H 7D 7C 7H", "KH",
                      "5S")
    play(big, "pass_upcard", "pass_upcard", "draw_stock")
    assert choose(big) == Gin()


def test_greedy_discards_like_the_solver_but_never_the_pickup() -> None:
    g = new_game("gin", seed=21, rules={"knock_limit": 0})
    rng = random.Random(2)
    checked = 0
    while not g.is_over and checked < 40:
        view = g.view_for(g.current_player)
        move = GREEDY.choose(view, rng)
        if isinstance(move, Discard):
            assert move.card not in view.pickup
            if not view.pickup:
                assert move.card == best_discard(view.hand, view.rules)[0]
            checked += 1
        g.play(move)


def test_greedy_never_discards_what_it_just_picked_when_that_is_best() -> None:
    # Player 1 takes KH only to be shown the rule: the solver's best discard is KH itself.
    g = play(stacked_gin(DEFENDER, KNOCKER, "KH", "AS"), "take_upcard")
    view: PlayerView = g.view_for(1)
    assert best_discard(view.hand, view.rules)[0] == C("KH")
    move = GREEDY.choose(view, random.Random(0))
    assert move in g.legal_moves() and move != Discard("KH")


@pytest.mark.parametrize("seed", range(12))
def test_hands_between_bots_end_and_only_see_views(seed: int) -> None:
    g = new_game("oklahoma" if seed % 3 == 0 else "gin", seed=seed, dealer=seed % 2)
    result = play_hand(g, [GREEDY, RandomBot()] if seed % 2 else [GREEDY, GREEDY],
                       random.Random(seed))
    assert result is g.result and g.is_over
    assert result.kind in ("gin", "big_gin", "knock", "undercut", "draw", "max_turns")


def test_play_hand_checks_the_number_of_bots() -> None:
    with pytest.raises(ValueError, match="need 2 bots"):
        play_hand(new_game("gin", seed=1), [GREEDY], random.Random(0))


def test_seeded_bot_matches_replay_exactly() -> None:
    def run() -> list[tuple[int | None, int]]:
        m = play_match(new_match("gin", seed=4), [GREEDY, RandomBot()], random.Random(9))
        return [(r.winner, r.points) for r in m.results]

    assert run() == run()


def test_patient_gin_bot_waits_below_its_knock_threshold():
    g = new_game("gin", discard="2C", hands=["KD QD JH 9C 8H 6D 5C 3H 2D 10S",
                                             "AS 2S 3S 4H 5H 6H 7D 7C 7H 9S"])
    g.play("take_upcard", player=1)  # 11 cards: discarding 9S leaves deadwood 2
    view = g.view_for(1)
    assert any(isinstance(m, Knock) for m in view.legal_moves)
    rng = random.Random(0)
    assert isinstance(GreedyGinBot().choose(view, rng), Knock)
    assert isinstance(GreedyGinBot(knock_at=2).choose(view, rng), Knock)
    patient = GreedyGinBot(knock_at=0).choose(view, rng)
    assert isinstance(patient, Discard) and patient.card != Card.parse("2C")
    assert GreedyGinBot(knock_at=3) == GreedyGinBot(knock_at=3) != GreedyGinBot()
    assert repr(GreedyGinBot(knock_at=3)) == "GreedyGinBot(knock_at=3)"
    with pytest.raises(ValueError, match="knock_at"):
        GreedyGinBot(knock_at=-1)
