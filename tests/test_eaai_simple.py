"""SimpleGinRummyPlayer (the EAAI Gin Rummy challenge's reference player) and the Gin
rule it needs for the challenge's games, ``alternate_deal``."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

import rummy_lab as rl
from rummy_lab.bots import SimpleGinRummyPlayer, make_bot, play_hand, play_match
from rummy_lab.bots.eaai import joins_meld, played_pairs
from rummy_lab.cli import main
from rummy_lab.engine.cards import Card, parse_cards
from rummy_lab.engine.game import Game, new_game
from rummy_lab.engine.moves import (
    BIG_GIN,
    DRAW_DISCARD,
    DRAW_STOCK,
    PASS_UPCARD,
    TAKE_UPCARD,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Move,
)
from rummy_lab.engine.state import Event, Phase, PlayerView

OTHER = "AC 2H 3D 6C 8C 10C JH QS KH 5C"  # melds with nothing below


def upcard_game(mine: str, upcard: str, rules: rl.RulesLike = "gin",
                stock: str | None = None) -> Game:
    """A Gin hand where ``mine`` belongs to player 1, the non-dealer, who has the first
    option on ``upcard``."""
    return new_game(rules, hands=[OTHER, mine], discard=upcard, seed=5, stock=stock)


def choose(game: Game, seed: int = 0) -> Move:
    p = game.current_player
    return SimpleGinRummyPlayer().choose(game.view_for(p), random.Random(seed))


C = Card.parse


# ----------------------------------------------------------------------------- drawing


def test_takes_an_upcard_that_makes_a_set_or_a_run() -> None:
    assert choose(upcard_game("5H 7H 9S 9D KC QD 2C 3S AD 4D", "6H")) == TAKE_UPCARD  # run
    assert choose(upcard_game("5H 7H 9S 9D KC QD 2C 3S AD 4D", "9H")) == TAKE_UPCARD  # set


def test_passes_an_upcard_that_melds_with_nothing() -> None:
    # 8H sits next to 7H only, 3C beside 2C and 3S, 4S beside 3S: two cards, no meld
    for upcard in ("8H", "3C", "4S"):
        assert choose(upcard_game("5H 7H 9S 9D KC QD 2C 3S AD 4D", upcard)) == PASS_UPCARD


def test_takes_a_card_that_melds_even_outside_the_best_arrangement() -> None:
    # 4D makes 4S 4H 4D, but the best arrangement keeps the run 2S-5S and leaves 4D dead:
    # the published test is "in some meld", not "in the best melds".
    mine = "2S 3S 4S 5S 4H KC QD JD 9C 7D"
    hand = parse_cards(mine)
    with_card = [*hand, C("4D")]
    assert C("4D") in rl.best_partition(with_card, rl.get_rules("gin")).deadwood
    assert choose(upcard_game(mine, "4D")) == TAKE_UPCARD


def test_takes_the_discard_only_when_it_melds() -> None:
    for thrown, expected in (("9H", DRAW_DISCARD), ("QS", DRAW_STOCK)):
        g = new_game("gin", hands=["5H 7H 9S 9D KC QD 2C 3S AD 4D",
                                   "AC 2H 3D 6C 8C 10C JH QS KH 9H"], discard="5C", seed=5)
        g.play("pass_upcard")
        g.play("pass_upcard")
        g.play("draw_stock")
        g.play(Discard(thrown))
        assert g.current_player == 0 and g.phase is Phase.DRAW
        assert choose(g) == expected


def test_joins_meld_follows_the_rules_ace() -> None:
    hand = parse_cards("QS KS 2H 5C 9D")
    assert not joins_meld(hand, C("AS"), rl.get_rules("gin"))
    assert joins_meld(hand, C("AS"), rl.get_rules("gin", ace="high_or_low"))
    assert not joins_meld(parse_cards("KS AS 5C"), C("2S"), rl.get_rules("gin", ace="high_or_low"))


# ----------------------------------------------------------------------------- discarding


def test_never_throws_the_card_it_just_took() -> None:
    # rules that would allow it; every card of the eleven is melded, so throwing 4S back
    # would tie the best discards (AS, 7D, 10D all leave no deadwood)
    rules = rl.get_rules("gin", no_discard_of_pickup=False)
    seen = set()
    for seed in range(40):
        g = upcard_game("AS 2S 3S 4H 5H 6H 7D 8D 9D 10D", "4S", rules)
        assert choose(g) == TAKE_UPCARD
        g.play("take_upcard")
        assert Gin(C("4S")) in g.legal_moves()
        move = choose(g, seed)
        assert isinstance(move, Gin) and move.card is not None
        seen.add(move.card.code)
    assert seen == {"AS", "7D", "10D"}


def test_discards_to_least_deadwood_with_random_ties() -> None:
    seen = set()
    for seed in range(40):
        g = upcard_game("5H 7H 9S 9D KC QD 2C 3S AD 4D", "6H")
        g.play("take_upcard")
        move = choose(g, seed)
        assert isinstance(move, Discard)
        seen.add(move.card.code)
    assert seen == {"KC", "QD"}  # each leaves 38, every other card more


def test_same_rng_same_choice() -> None:
    g = upcard_game("5H 7H 9S 9D KC QD 2C 3S AD 4D", "6H")
    g.play("take_upcard")
    assert len({choose(g, 7) for _ in range(5)}) == 1


def _with_earlier_pairs(view: PlayerView,
                        pairs: Sequence[tuple[Move, Card, Card]]) -> PlayerView:
    """``view`` with its player's (draw, drawn card, discarded card) turns put before the
    hand's real records."""
    me = view.player
    earlier: list[Event] = []
    for draw, drawn, thrown in pairs:
        if isinstance(draw, DrawStock):
            earlier.append(Event(len(earlier), me, draw, Phase.DRAW, (), drawn))
        else:
            earlier.append(Event(len(earlier), me, draw, Phase.DRAW, (drawn,)))
        earlier.append(Event(len(earlier), me, Discard(thrown), Phase.DISCARD, (thrown,)))
    return dataclasses.replace(view, history=(*earlier, *view.history))


def _after_taking_6h() -> PlayerView:
    # after taking 6H: KC leaves 36, uniquely best; 9S or 9D leave 37
    g = upcard_game("5H 7H 9S 9D KC 8S 2C 3S AD 4D", "6H")
    g.play("take_upcard")
    return g.view_for(1)


def test_loop_guard_skips_a_pair_already_played() -> None:
    bot = SimpleGinRummyPlayer()
    view = _after_taking_6h()
    assert bot.choose(view, random.Random(0)) == Discard("KC")
    # took 6H and threw KC earlier this hand: not again
    guarded = _with_earlier_pairs(view, [(DrawDiscard(), C("6H"), C("KC"))])
    assert played_pairs(guarded.history, 1) == {frozenset((C("6H"), C("KC")))}
    thrown = {bot.choose(guarded, random.Random(s)) for s in range(20)}
    assert thrown == {Discard("9S"), Discard("9D")}
    # the published guard stores the pair as a card set: drawing KC and throwing 6H earlier
    # rules out drawing 6H and throwing KC as well
    reverse = _with_earlier_pairs(view, [(DrawStock(), C("KC"), C("6H"))])
    assert bot.choose(reverse, random.Random(0)) in (Discard("9S"), Discard("9D"))
    # a pair with another drawn card does not count
    other = _with_earlier_pairs(view, [(DrawStock(), C("QH"), C("KC"))])
    assert bot.choose(other, random.Random(0)) == Discard("KC")


def test_loop_guard_falls_back_when_every_card_repeats() -> None:
    view = _after_taking_6h()
    everything = [(DrawDiscard(), C("6H"), c) for c in view.hand if c != C("6H")]
    blocked = _with_earlier_pairs(view, everything)
    assert len(played_pairs(blocked.history, 1)) == 10
    # every candidate repeats: the guard is dropped, the least deadwood wins again
    assert SimpleGinRummyPlayer().choose(blocked, random.Random(0)) == Discard("KC")


# ----------------------------------------------------------------------------- ending


def _drawn(mine: str, card: str, rules: rl.RulesLike = "gin", upcard: str = "7S") -> Game:
    """Player 1 holds ``mine``, both pass ``upcard``, player 1 draws ``card``."""
    used = {*parse_cards(f"{OTHER} {mine} {upcard} {card}")}
    rest = " ".join(c.code for c in rl.make_deck() if c not in used)
    g = upcard_game(mine, upcard, rules, stock=f"{card} {rest}")
    for _ in range(2):
        assert choose(g) == PASS_UPCARD
        g.play("pass_upcard")
    assert choose(g) == DRAW_STOCK
    g.play("draw_stock")
    return g


def test_knocks_at_the_first_chance() -> None:
    g = _drawn("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "2D")
    assert choose(g) == Knock("KC")  # 2 deadwood left
    g = _drawn("AS 2S 3S 4H 5H 6H 7D 8D KC QD", "2D")
    assert choose(g) in (Discard("KC"), Discard("QD"))  # 27 left: no knock yet


def test_knock_limit_is_the_hands() -> None:
    # Oklahoma: the upcard 2C sets the limit to 2; after throwing KC, 3C is left
    g = _drawn("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "3C", "oklahoma", upcard="2C")
    assert g.view_for(1).knock_limit == 2
    assert choose(g) == Discard("KC")
    g = _drawn("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "2D", "oklahoma", upcard="2C")
    assert choose(g) == Knock("KC")


def test_goes_gin_with_a_discard_never_big_gin() -> None:
    g = _drawn("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "10D")
    assert choose(g) == Gin("KC")
    seen = set()
    for seed in range(30):
        g = _drawn("AS 2S 3S 4H 5H 6H 7D 8D 9D 10D", "4S")
        assert BIG_GIN in g.legal_moves()
        move = choose(g, seed)
        assert isinstance(move, Gin) and move.card is not None
        seen.add(move.card.code)
    assert seen == {"AS", "4S", "7D", "10D"}  # every discard that leaves none


def test_never_discards_when_it_could_knock_or_go_gin_with_that_card() -> None:
    bot = SimpleGinRummyPlayer()
    decisions = knocks = 0
    for h in range(25):
        g = new_game("gin", seed=100 + h, dealer=h % 2)
        rng = random.Random(h)
        greedy = rl.bots.GreedyGinBot()
        while not g.is_over:
            p = g.current_player
            view = g.view_for(p)
            if p == 0 and view.phase is Phase.DISCARD:
                move = bot.choose(view, rng)
                decisions += 1
                card = getattr(move, "card", None)
                assert card is not None and card not in view.pickup
                if isinstance(move, Discard):
                    assert Knock(card) not in view.legal_moves
                    assert Gin(card) not in view.legal_moves
                elif isinstance(move, Knock):
                    knocks += 1
                    assert Gin(card) not in view.legal_moves
            else:
                move = (bot if p == 0 else greedy).choose(view, rng)
            g.play(move)
    assert decisions > 100 and knocks > 3


# ----------------------------------------------------------------------------- as a bot


def test_one_object_plays_hand_after_hand_as_fresh_ones() -> None:
    bot = SimpleGinRummyPlayer()
    played = []
    for seed in (1, 2, 3):
        g = new_game("gin", seed=seed)
        play_hand(g, [bot, bot], random.Random(seed))
        played.append([e.move for e in g.history])
    for seed, moves in zip((1, 2, 3), played, strict=True):
        g = new_game("gin", seed=seed)
        play_hand(g, [SimpleGinRummyPlayer(), SimpleGinRummyPlayer()], random.Random(seed))
        assert [e.move for e in g.history] == moves


def test_by_name_and_for_gin_rules_only() -> None:
    for preset in ("gin", "oklahoma", "hollywood"):
        assert make_bot("eaai-simple", rl.get_rules(preset)) == SimpleGinRummyPlayer()
    assert "eaai-simple" in rl.bots.BOT_NAMES
    for preset, kind in (("500", "Rummy 500"), ("basic", "Basic Rummy"),
                         ("indian", "Indian Rummy")):
        with pytest.raises(ValueError, match=f"plays Gin rummy only .*are {kind}"):
            make_bot("eaai-simple", rl.get_rules(preset))
    g = new_game("500", seed=1)
    with pytest.raises(ValueError, match="plays Gin rummy only"):
        SimpleGinRummyPlayer().choose(g.view_for(g.current_player), random.Random(0))
    assert len(g.history) == 0


def test_in_simulate() -> None:
    rep = rl.simulate("gin", 40, bots=("eaai-simple", "greedy"), seed=2, executor="inline",
                      progress=False)
    assert rep.bots == ("eaai-simple", "greedy") and len(rep.records) == 40
    again = rl.simulate("gin", 40, bots=("eaai-simple", "greedy"), seed=2, executor="inline",
                        progress=False)
    assert again == rep
    with pytest.raises(ValueError, match="plays Gin rummy only"):
        rl.simulate("500", 4, bots=("eaai-simple", "greedy"), executor="inline",
                    progress=False)


def test_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "gin", "--games", "30", "--bots", "eaai-simple,random",
                 "--workers", "1", "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "30 gin hands, 2 players, bots eaai-simple, random" in out
    assert "seat 0 (eaai-simple) wins" in out
    code = main(["simulate", "500", "--games", "3", "--bots", "eaai-simple,greedy",
                 "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 2 and "plays Gin rummy only" in err and out == ""


# ----------------------------------------------------------------------------- alternate_deal


def _dealers(rules: rl.Rules, seed: int) -> tuple[list[int], list[int | None]]:
    m = rl.new_match(rules, seed=seed, dealer=1)
    play_match(m, [SimpleGinRummyPlayer(), SimpleGinRummyPlayer()], random.Random(seed))
    return [g.dealer for g in m.games], [r.winner for r in m.results]


def test_alternate_deal_passes_the_deal_after_every_scored_hand() -> None:
    rules = rl.get_rules("gin", alternate_deal=True, stock_end=10)  # more drawn hands
    draws = 0
    for seed in range(4):
        dealers, winners = _dealers(rules, seed)
        assert dealers[0] == 1
        for i, w in enumerate(winners[:-1]):
            draws += w is None
            assert dealers[i + 1] == (dealers[i] if w is None else 1 - dealers[i])
    assert draws > 0
    # the default: the winner deals the next hand
    dealers, winners = _dealers(rl.get_rules("gin"), 0)
    for i, w in enumerate(winners[:-1]):
        assert dealers[i + 1] == (dealers[i] if w is None else w)


def test_alternate_deal_is_a_gin_rule() -> None:
    assert rl.get_rules("oklahoma", alternate_deal=True).alternate_deal
    with pytest.raises(ValueError, match=r"alternate_deal \(.*\) is a Gin rule; it must be "
                                         r"False for 500"):
        rl.get_rules("500", alternate_deal=True)
    with pytest.raises(ValueError, match="alternate_deal must be True or False, got 'yes'"):
        rl.get_rules("gin", alternate_deal="yes")
    card = rl.rules_card(rl.get_rules("gin", alternate_deal=True)).lines("Scoring")
    assert any("passes to the other player after every scored hand" in x for x in card)
    assert not any("passes to the other player" in x
                   for x in rl.rules_card(rl.get_rules("gin")).lines("Scoring"))


def test_match_chances_follow_the_deal() -> None:
    from rummy_lab.coach.match_equity import HandOutcomes, MatchEquityTable

    outcomes = HandOutcomes.from_counts([(10, 0, "dealer", 1), (0, 10, "other", 1)])
    winner = MatchEquityTable(rl.get_rules("gin", target=30), outcomes)
    alternate = MatchEquityTable(rl.get_rules("gin", target=30, alternate_deal=True), outcomes)
    # winner deals: the dealer keeps winning and keeps the deal; alternating, it passes
    moves_w = winner._moves()[0]
    moves_a = alternate._moves()[0]
    assert {m[3] for m in moves_w if m[1] > 0} == {0}
    assert {m[3] for m in moves_a if m[1] > 0} == {1}


def test_saved_rules_from_before_alternate_deal_still_load() -> None:
    from rummy_lab.engine.serialize import rules_from_dict, rules_to_dict

    house = rl.get_rules("gin", name="house rules", knock_limit=7, alternate_deal=True)
    assert rules_from_dict(rules_to_dict(house)) == house
    old = rules_to_dict(house)
    del old["alternate_deal"]
    back = rules_from_dict(old)
    assert not back.alternate_deal and back.knock_limit == 7
    del old["knock_limit"]
    with pytest.raises(ValueError, match=r"rules\.knock_limit is missing"):
        rules_from_dict(old)
