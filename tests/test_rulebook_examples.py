"""Every example and scoring statement of the two rulebooks, traced to one check each.

The Almanac (Gin, Oklahoma, Hollywood, Rummy 500, Indian Rummy) and the Basic Rummy page
are the project's source of truth; each test below quotes the passage it checks. Deeper
scripted-game versions live in the per-variant test modules.
"""

from __future__ import annotations

import pytest

import rummy_lab as rl
from rummy_lab.gin import game_totals, hollywood_totals, knock_limit, showdown
from rummy_lab.indian import (
    check_declaration,
    count_points,
    deals_standings,
    points_standings,
    pool_standings,
)

# A defender with no melds, worth 82 points, sharing no card with the knockers below.
DEFENDER = "8H 9D KD KC QS JS 10D 8C 5D 2C"


# --------------------------------------------------------------------------- Gin Rummy
def test_gin_deck_values_and_melds():
    # "Aces are always low (valued at 1). Face cards (Jack, Queen, King) are worth 10 points"
    gin = rl.get_rules("gin")
    assert [gin.card_value(rl.Card.parse(c)) for c in ("AS", "7S", "10S", "JS", "QS", "KS")] == [
        1, 7, 10, 10, 10, 10]
    # "Sets: Three or four cards of the same rank. Example: 7♠ 7♥ 7♦."
    assert rl.is_meld("7♠ 7♥ 7♦") and rl.is_meld("7♠ 7♥ 7♦ 7♣")
    # "Runs: ... Example: 4♣ 5♣ 6♣ 7♣ ... runs cannot wrap around (K-A-2 is not valid)."
    assert rl.is_meld("4♣ 5♣ 6♣ 7♣") and not rl.is_meld("K♣ A♣ 2♣")
    assert not rl.is_meld("Q♣ K♣ A♣")  # ace low only


def test_gin_deal():
    # "Ten cards are dealt to each player ... The top card of the stock is turned face up"
    g = rl.new_game("gin", seed=1)
    assert [len(g.hand(p)) for p in range(2)] == [10, 10]
    assert len(g.discard_pile) == 1 and len(g.stock) == 31


def test_gin_knock_layoff_example():
    # "if the knocker holds 4♥ 5♥ 6♥, the opponent may lay off 3♥ or 7♥ from their deadwood"
    sd = showdown("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S", "3H 7H KD KC QS JS 10D 8C 8D 2S")
    assert sorted(c.code for c in sd.layoffs) == ["3H", "7H"]


def test_gin_knock_scoring():
    # "If the knocker's deadwood is lower, the knocker scores the difference."
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 3C", DEFENDER)
    assert (sd.kind, sd.winner, sd.points) == ("knock", "knocker", 82 - 3)
    # "If the opponent's deadwood equals or is less than the knocker's (the undercut), the
    # opponent scores the difference plus a 25-point undercut bonus."
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 8C", "AH AD AC 2H 2D 2C 9S 9H 9D 5C")
    assert (sd.kind, sd.winner, sd.points) == ("undercut", "defender", 8 - 5 + 25)
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 5S", "AH AD AC 2H 2D 2C 9S 9H 9D 5C")
    assert (sd.kind, sd.winner, sd.points) == ("undercut", "defender", 0 + 25)
    # "A player may knock when their deadwood total is 10 points or fewer"
    with pytest.raises(rl.IllegalMove, match="limit 10"):
        showdown("AS 2S 3S 4H 5H 6H 7D 7C KH QH", DEFENDER)


def test_gin_and_big_gin_scoring():
    # "The gin player scores the opponent's full deadwood total plus a 25-point gin bonus"
    # and "The opponent may NOT lay off any cards" (4S would fit the knocker's A-2-3S).
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 7S", "4S 9D KD KC QS JS 10D 8C 5D 2C")
    assert (sd.kind, sd.points, sd.layoffs) == ("gin", 78 + 25, ())
    # "Big Gin ... hold all 11 cards ... The bonus is typically 31 points"
    sd = showdown("AS 2S 3S 4S 4H 5H 6H 7D 7C 7H 7S", DEFENDER)
    assert (sd.kind, sd.points) == ("big_gin", 82 + 31)


def test_gin_final_scoring_example():
    # "Player A: 3 wins x 25 = 75 box bonus + 100 game bonus + hand totals"
    # "Player B: scored zero -> Player A's game bonus doubles to 200."
    t = game_totals([(0, 30), (0, 40), (0, 35)])
    assert t.boxes == (3, 0) and t.box_bonus == (75, 0)
    assert t.game_bonus == (200, 0) and t.totals == (105 + 75 + 200, 0)
    t = game_totals([(0, 30), (1, 5), (0, 40), (0, 35)])  # B scored: no shutout
    assert t.game_bonus == (100, 0) and t.totals == (105 + 75 + 100, 5 + 25)


def test_oklahoma():
    # "If the upcard is a 4, players may only knock with 4 or fewer deadwood points."
    assert knock_limit("oklahoma", "4D") == 4
    with pytest.raises(rl.IllegalMove):
        showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 5C", DEFENDER, "oklahoma", upcard="4D")
    # "If the upcard is a spade, all scores for that hand are doubled. Gin and undercut
    # bonuses remain standard."
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 3C", DEFENDER, "oklahoma", upcard="4S")
    assert sd.points == 2 * (82 - 3)
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 7S", DEFENDER, "oklahoma", upcard="9S")
    assert (sd.kind, sd.points) == ("gin", 2 * 82 + 25)


def test_hollywood():
    # "A player's first win is recorded in Game 1. The second win in both Games 1 and 2.
    # The third in all three. Each game ends when one player reaches 100."
    t = hollywood_totals([(0, 10), (0, 20), (0, 30)])
    assert [g.hand_points[0] for g in t.games] == [60, 50, 30]


# --------------------------------------------------------------------------- Rummy 500
def test_rummy_500_values_aces_and_deal():
    r = rl.get_rules("500")
    # "Ace: 15 points (high or low in runs) - Face cards (J, Q, K): 10 points each"
    assert [r.card_value(rl.Card.parse(c)) for c in ("AS", "KS", "5S")] == [15, 10, 5]
    # "Ace may be high (Q-K-A) or low (A-2-3) but not both simultaneously."
    assert rl.is_meld("QS KS AS", "500") and rl.is_meld("AS 2S 3S", "500")
    assert not rl.is_meld("KS AS 2S", "500")
    # "With two to four players, use one standard 52-card deck. With five or more, use two"
    assert [r.decks_for(n) for n in (2, 4, 5, 8)] == [1, 1, 2, 2]
    # "Each player receives: 7 cards"
    assert r.hand_size_for(2) == r.hand_size_for(8) == 7


def test_rummy_500_round_and_match_scoring():
    from rummy_lab.engine.variants.rummy500 import match_totals

    # "Each player counts the point value of all melded cards in front of them (positive).
    # Each player subtracts the point value of all cards remaining in hand (negative)."
    hands = ["7S 8S 9S KD KH KC 4D", "2H 3C 5D 6H 8C 10D JC"]
    used = [c for h in hands for c in rl.parse_cards(h)] + list(rl.parse_cards("2D KS"))
    rest = [c for c in rl.make_deck() if c not in used]
    g = rl.new_game("500", hands=hands, discard="2D", stock=["KS", *rest], dealer=1)
    for move in ("draw_stock", "meld 7S 8S 9S", "meld KD KH KC KS", "discard 4D"):
        g.play(move)
    in_hand = 2 + 3 + 5 + 6 + 8 + 10 + 10
    assert g.result is not None and g.result.scores == (7 + 8 + 9 + 40, -in_hand)
    # "The first player to reach 500 points (cumulative) wins. If multiple players cross
    # 500 in the same round, the highest total wins."
    standing = match_totals([(300, 250), (220, 280)])
    assert standing.finished and standing.totals == (520, 530) and standing.winner == 1


# --------------------------------------------------------------------------- Indian Rummy
def test_indian_melds_and_values():
    r = rl.get_rules("indian")
    # "Two standard 52-card decks plus four printed jokers are shuffled together (108 cards)"
    assert len(rl.make_deck(r.decks_for(2), r.printed_jokers)) == 108 and r.hand_size == 13
    # "Ace: 10 points - Face cards (J, Q, K): 10 points each - Jokers (printed): 0 points"
    assert [r.card_value(rl.Card.parse(c)) for c in ("AS", "KS", "JK", "6S")] == [10, 10, 0, 6]
    # "Pure Sequence ... Example: 5♦ 6♦ 7♦." / "Impure Sequence ... Example: 8♣ [Joker] 10♣."
    pure = rl.classify_meld("5♦ 6♦ 7♦", "indian", wild_rank=2)
    impure = rl.classify_meld("8♣ JK 10♣", "indian", wild_rank=2)
    assert pure is not None and pure.kind == "run" and pure.is_pure
    assert impure is not None and impure.kind == "run" and not impure.is_pure
    # "Set: ... Example: K♠ K♥ K♦ ... duplicate suits within a set are not permitted"
    assert rl.is_meld("K♠ K♥ K♦", "indian", wild_rank=2)
    assert not rl.is_meld("K♠ K♠ K♦", "indian", wild_rank=2)
    # "Wild jokers ... All four suits of that rank are wild."
    assert rl.is_meld("8♣ 4S 10♣", "indian", wild_rank=4)


def test_indian_declaration_rules():
    # "Hold at least two sequences, one of which must be a pure sequence. All 13 cards ..."
    assert check_declaration("5D 6D 7D 8C JK 10C KS KH KD 2S 2H 2C 9S", wild_rank=9).valid
    d = check_declaration("5D 6D JK 8C JK 10C KS KH KD 2S 2H 2C 4S", wild_rank=9)
    assert not d.valid and "pure sequence" in d.reason


def test_indian_scoring():
    # "jokers (wild or printed) always count 0. High cards (A, K, Q, J) count 10 each."
    assert count_points("AS KS QH JD 3C 5H 8S 9D JK 2S 4D 6C 10H", wild_rank=9) == (
        4 * 10 + 3 + 5 + 8 + 0 + 0 + 2 + 4 + 6 + 10)
    assert count_points("AS KS QH JD KD QC 8S 9D JK 2S 4D 6C 10H", wild_rank=9) == 80
    r = rl.get_rules("indian")
    # "a penalty of 80 points"; "cap ... 80 points per round"; drops 20 / 40
    assert (r.wrong_declaration, r.max_points, r.first_drop, r.middle_drop) == (80, 80, 20, 40)


def test_indian_formats():
    # Points: "The winner collects the sum of all opponents' points multiplied by the value"
    s = points_standings([(0, (0, 30, 45))], rl.get_rules("indian", point_value=2))
    assert s.winnings == (150, -60, -90)
    # Pool: "Players are eliminated when their cumulative total reaches ... 101 points"
    s = pool_standings([(0, (0, 80)), (0, (0, 21))], "indian-pool-101")
    assert s.finished and s.winner == 0 and s.eliminated == (1,)
    assert rl.get_rules("indian-pool-201").pool_limit == 201
    # Deals: "The loser of each deal pays their point count in chips to the winner. The
    # player with the most chips at the end wins."
    s = deals_standings([(0, (0, 30)), (0, (0, 10))], "indian-deals")
    assert s.finished and s.winner == 0 and s.totals == (160 + 40, 160 - 40)


# --------------------------------------------------------------------------- Basic Rummy
def test_basic_deck_and_deal():
    r = rl.get_rules("basic")
    # "One standard 52-card deck for two to four players; add a second deck for five or six."
    assert [r.decks_for(n) for n in (2, 3, 4, 5, 6)] == [1, 1, 1, 2, 2]
    # "Two players: 10 cards each. Three or four: 7 each. Five or six: 6 each."
    assert [r.hand_size_for(n) for n in (2, 3, 4, 5, 6)] == [10, 7, 7, 6, 6]
    # "Aces are low in straight rummy - A-2-3 is a valid run, Q-K-A is not."
    assert rl.is_meld("AH 2H 3H", "basic") and not rl.is_meld("QH KH AH", "basic")
    # "Set: three or four cards of the same rank - 7♥ 7♠ 7♦. Run: ... 4♣ 5♣ 6♣."
    assert rl.is_meld("7♥ 7♠ 7♦", "basic") and rl.is_meld("4♣ 5♣ 6♣", "basic")
    # "Jokers ... when included they act as wild cards."
    assert rl.is_meld("4♣ JK 6♣", rl.get_rules("basic", jokers=2))


def test_basic_layoff_and_scoring():
    # "adding the 8♣ to a 5-6-7♣ run"
    assert rl.is_meld("5♣ 6♣ 7♣ 8♣", "basic")
    # "Face cards (K, Q, J): 10 points each - Aces: 1 point - Number cards: face value"
    r = rl.get_rules("basic")
    assert [r.card_value(rl.Card.parse(c)) for c in ("KS", "QS", "JS", "AS", "9S")] == [
        10, 10, 10, 1, 9]
    # "going rummy ... traditionally doubles the score"; "commonly 100 or 500 points"
    assert r.rummy_multiplier == 2 and r.target == 100
