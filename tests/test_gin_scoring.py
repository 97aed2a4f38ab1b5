"""Gin scoring: the rulebook's examples, lay-offs against brute force, Oklahoma, Hollywood."""

from __future__ import annotations

import itertools
import random

import pytest

import rummy_lab as rl
from rummy_lab.engine.cards import make_deck, parse_cards
from rummy_lab.engine.melds import is_meld
from rummy_lab.engine.solver import best_partition, deadwood
from rummy_lab.gin import best_layoffs, game_totals, hollywood_totals, knock_limit, showdown


def brute_defender(knocker_melds, defender) -> int:
    """Lowest defender deadwood over every subset of cards that can be laid off."""
    best = deadwood(defender)
    cards = [
        c for c in defender
        if any(
            (m.kind == "run" and c.suit == m.cards[0].suit)
            or (m.kind == "set" and c.rank == m.cards[0].rank)
            for m in knocker_melds
        )
    ]
    for size in range(1, len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            for targets in itertools.product(range(len(knocker_melds)), repeat=size):
                ok = True
                for i, m in enumerate(knocker_melds):
                    extra = [c for c, t in zip(subset, targets, strict=True) if t == i]
                    if extra and not is_meld([*m.cards, *extra]):
                        ok = False
                        break
                if ok:
                    rest = [c for c in defender if c not in subset]
                    best = min(best, deadwood(rest))
                    break
    return best


def test_rulebook_layoff_example():
    # "if the knocker holds 4H 5H 6H, the opponent may lay off 3H or 7H"
    sd = showdown("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S", "3H 7H KD KC QS JS 10D 8C 8D 2S")
    assert sorted(c.code for c in sd.layoffs) == ["3H", "7H"]
    assert sd.defender_deadwood == 78 - 10 == 68
    assert (sd.kind, sd.winner, sd.points) == ("knock", "knocker", 68 - 5)


def test_chained_layoffs_and_sets():
    melds = best_partition("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S").melds
    plan = best_layoffs(melds, "7H 8H 9H KD QS JS 10D 8C 2S KC")
    assert sorted(c.code for c in plan.cards) == ["7H", "8H", "9H"]
    plan = best_layoffs(melds, "9H 2D 3D KD QS JS 10D 8C 2S KC")
    assert [c.code for c in plan.cards] == ["9H"]


def test_layoffs_match_brute_force():
    rng = random.Random(11)
    deck = make_deck()
    checked = 0
    while checked < 40:
        cards = rng.sample(deck, 20)
        k, d = cards[:10], cards[10:]
        kp = best_partition(k)
        if kp.deadwood_points > 10 or not kp.melds:
            continue
        plan = best_layoffs(kp.melds, d)
        assert plan.partition.deadwood_points == brute_defender(kp.melds, d)
        checked += 1


def test_knock_and_undercut_scoring():
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 8C", "AH AD AC 2H 2D 2C 9S 9H 9D 5C")
    assert (sd.kind, sd.winner, sd.points) == ("undercut", "defender", 3 + 25)
    # a tie is an undercut by default, scored 0 + 25
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 5S", "AH AD AC 2H 2D 2C 9S 9H 9D 5C")
    assert (sd.kind, sd.winner, sd.points) == ("undercut", "defender", 25)
    r = rl.get_rules("gin", tie_is_undercut=False)
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 5S", "AH AD AC 2H 2D 2C 9S 9H 9D 5C", r)
    assert (sd.kind, sd.winner, sd.points) == ("tie", None, 0)


D = "8H 9D KD KC QS JS 10D 8C 5D 2C"  # no melds, 82 points


def test_gin_and_big_gin():
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 7S", D)
    assert (sd.kind, sd.winner, sd.points, sd.layoffs) == ("gin", "knocker", 82 + 25, ())
    sd = showdown("AS 2S 3S 4S 4H 5H 6H 7D 7C 7H 7S", D)
    assert (sd.kind, sd.points) == ("big_gin", 82 + 31)
    with pytest.raises(rl.IllegalMove, match="big gin"):
        showdown("AS 2S 3S 4S 4H 5H 6H 7D 7C 7H 7S", D,
                 rl.get_rules("gin", big_gin_bonus=None))
    with pytest.raises(rl.IllegalMove, match="over the knock limit 10"):
        showdown("AS 2S 3S 4H 5H 6H 7D 7C KH QH", D)


def test_oklahoma_limit_and_spades():
    assert knock_limit("oklahoma", "4H") == 4
    with pytest.raises(rl.IllegalMove, match="limit 4"):
        showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 5S", D,
                 "oklahoma", upcard="4D")
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 3C", D,
                  "oklahoma", upcard="4D")
    assert (sd.kind, sd.points, sd.doubled) == ("knock", 82 - 3, False)
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 3C", D,
                  "oklahoma", upcard="4S")
    assert (sd.points, sd.doubled) == (2 * 79, True)
    # gin on a spade hand: the hand doubles, the bonus stays 25
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 7S", D,
                  "oklahoma", upcard="9S")
    assert sd.points == 2 * 82 + 25
    r = rl.get_rules("oklahoma", spade_doubles_bonuses=True)
    sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 7S", D, r,
                  upcard="9S")
    assert sd.points == 2 * 82 + 50


def test_knocker_arrangement_minimises_layoffs():
    # 3S 4S 5S 4H 4D melds as a run (dead 4H 4D) or a set (dead 3S 5S): 8 either way.
    # As a run the defender would lay off 2S and 6S; as a set nothing.
    k = parse_cards("3S 4S 5S 4H 4D 9C 10C JC QC KC")
    d = "6S 2S KD KH QD JH 10D 8H 8D 2C"
    sd = showdown(k, d)
    assert sd.layoffs == () and sd.defender_deadwood == 76 and sd.points == 68
    run_way = next(p for p in rl.all_best_partitions(k) if any(len(m.cards) == 3
                   and m.kind == "run" and m.cards[0].code == "3S" for m in p.melds))
    sd = showdown(k, d, knocker_partition=run_way)
    assert sorted(c.code for c in sd.layoffs) == ["2S", "6S"] and sd.points == 60


def test_bad_showdown_input():
    with pytest.raises(ValueError, match="appears twice"):
        showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 3C", "AS 9H KD KC QS JS 10D 8C 8D 2C")
    with pytest.raises(ValueError, match="10 cards"):
        showdown("AS 2S 3S", "AH 9H KD KC QS JS 10D 8C 8D 2C")
    with pytest.raises(ValueError, match="Gin rules"):
        showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 3C", D, "500")


def test_rulebook_final_scoring_example():
    # Player A wins 3 hands (3 boxes = 75) and the game (100); B scored nothing: 200.
    t = game_totals([(0, 40), (0, 35), (0, 30)])
    assert t.finished and t.winner == 0 and t.shutout
    assert t.boxes == (3, 0) and t.box_bonus == (75, 0)
    assert t.game_bonus == (200, 0)
    assert t.totals == (105 + 75 + 200, 0)
    t = game_totals([(0, 40), (1, 10), (None, 0), (0, 35), (0, 30)])
    assert t.boxes == (3, 1) and t.game_bonus == (100, 0) and not t.shutout
    assert t.totals == (105 + 75 + 100, 10 + 25)
    t = game_totals([(0, 40)])
    assert not t.finished and t.winner is None and t.totals == (40, 0)
    t = game_totals([(0, 40), (0, 70)], rl.get_rules("gin", shutout="double_total", box_bonus=20))
    assert t.totals == (2 * (110 + 40 + 100), 0)


def test_bad_hand_outcomes():
    with pytest.raises(ValueError, match="hand 1"):
        game_totals([(2, 10)])
    with pytest.raises(ValueError, match="drawn hand"):
        game_totals([(None, 5)])
    with pytest.raises(ValueError, match="points"):
        game_totals([(0, -5)])


def test_hollywood_sheet_worked_by_hand():
    hands = [(0, 20), (1, 15), (0, 30), (0, 60), (1, 90), (0, 25), (1, 40), (0, 50)]
    # hand 1 A 20 -> g1 | 2 B 15 -> g1 | 3 A 30 -> g1 g2 | 4 A 60 -> g1 (110, closed) g2 g3
    # 5 B 90 -> g2 | 6 A 25 -> g2 (115, closed) g3 | 7 B 40 -> g3 | 8 A 50 -> g3 (135, closed)
    t = hollywood_totals(hands)
    g1, g2, g3 = t.games
    assert g1.hand_points == (110, 15) and g1.winner == 0 and g1.boxes == (3, 1)
    assert g2.hand_points == (115, 90) and g2.winner == 0 and g2.boxes == (3, 1)
    assert g3.hand_points == (135, 40) and g3.winner == 0 and g3.boxes == (3, 1)
    assert t.finished and t.unscored == (0, 0) and t.winner == 0
    assert g1.game_bonus == (100, 0) and g1.box_bonus == (75, 25)
    assert g1.totals == (110 + 75 + 100, 15 + 25)
    assert t.totals == tuple(sum(g.totals[i] for g in t.games) for i in range(2))
    with pytest.raises(ValueError, match="after all 3 games closed"):
        hollywood_totals([*hands, (1, 10)])


def test_hollywood_carry_shutout_option():
    hands = [(0, 100), (1, 10)]  # B's first win: game 1 is closed
    t = hollywood_totals(hands)
    assert [g.hand_points for g in t.games] == [(100, 0), (0, 0), (0, 0)]
    assert t.unscored == (0, 10)
    t = hollywood_totals(hands, rl.get_rules("hollywood", hollywood_carry_shutout=True))
    assert [g.hand_points for g in t.games] == [(100, 0), (0, 10), (0, 0)]
