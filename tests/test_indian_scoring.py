"""Indian Rummy declarations and counts."""

from __future__ import annotations

import pytest

import rummy_lab as rl
from rummy_lab.indian import check_declaration, count_points, wild_rank_of


def test_valid_declaration_two_sequences_one_pure():
    d = check_declaration("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH KS 8S", wild_rank=8)
    assert d.valid and d.reason == "" and not d.partition.deadwood
    runs = [m for m in d.partition.melds if m.kind == "run"]
    assert len(runs) >= 2 and any(m.is_pure for m in runs)


def test_wild_card_at_its_natural_place_keeps_a_sequence_pure():
    # 5H 6H 7H with 7 wild is pure; plus an impure run and sets
    d = check_declaration("5H 6H 7H 9C 10C JK QD QS QC 2S 2D 2H 2C", wild_rank=7)
    assert d.valid
    # the same cards without a natural pure run: 7S in 5H 6H 7S stands in for 7H
    d = check_declaration("5H 6H 7S 9C 10C JK QD QS QC 2S 2D 2H 2C", wild_rank=7)
    assert not d.valid and d.reason.startswith("no pure sequence")
    assert "7S stands in for" in d.reason


def test_wrong_declarations_explain_themselves():
    d = check_declaration("5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS", wild_rank=8)
    assert not d.valid and "no pure sequence" in d.reason and "JK stands in for 7H" in d.reason
    # a set with duplicate suits is not a set
    d = check_declaration("2C 3C 4C | 7S 7S 7H | 5H 6H JK | 9S 9D 9C 8S", wild_rank=8)
    assert not d.valid and "a set needs different suits" in d.reason
    # K-A-2 never wraps
    d = check_declaration("KS AS 2S 5H 6H 7H 9D 10D JD 3C 3D 3H 4S", wild_rank=8)
    assert not d.valid and "K-A-2" not in d.reason and "KS AS 2S is not a sequence" in d.reason
    # only one sequence
    d = check_declaration("2C 3C 4C 9S 9D 9C KD KH KS QS QD QH 5S", wild_rank=5)
    assert not d.valid and "only 1 sequence" in d.reason
    # wrong card count
    d = check_declaration("2C 3C 4C", wild_rank=5)
    assert not d.valid and "13 cards" in d.reason


def test_count_points_tiers_and_cap():
    # no pure sequence: every card counts, jokers and wild cards 0
    assert count_points("5H 6H JK 9S 9D 9C 2C 4C KD 3S 8S 8D 10H", wild_rank=8) == min(
        80, 5 + 6 + 27 + 2 + 4 + 10 + 3 + 10
    )
    assert count_points("5H 6H JK 2S 9D 3H 2C 4C 4D 3S 8S 8D 5D", wild_rank=8) == (
        5 + 6 + 2 + 9 + 3 + 2 + 4 + 4 + 3 + 5
    )
    # pure sequence but no second sequence: only the pure sequence is excluded (sets count)
    assert count_points("2C 3C 4C 9S 9D 9C 5D 6S 2D 3S 3H 4H 7H", wild_rank=11) == (
        27 + 5 + 6 + 2 + 3 + 3 + 4 + 7
    )
    # pure + another sequence: every meld is excluded
    assert count_points("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH QS 3D", wild_rank=8) == 33
    # cap
    assert count_points("KS KH QS QD JH JD 10S 9D 8C 7S 6H 5D 4C", wild_rank=2) == 80
    r = rl.get_rules("indian", max_points=60)
    assert count_points("KS KH QS QD JH JD 10S 9D 8C 7S 6H 5D 4C", wild_rank=2, rules=r) == 60


def test_printed_joker_makes_aces_wild():
    assert wild_rank_of("JK") == 1 and wild_rank_of("9D") == 9
    d = check_declaration("2C 3C 4C 5H 6H AS 9S 9D 9C KD KH KS AD", wild_rank=wild_rank_of("JK"))
    assert d.valid


def test_bad_input():
    with pytest.raises(ValueError, match="wild_rank"):
        count_points("2C 3C", wild_rank=0)
    with pytest.raises(ValueError, match="Indian rules"):
        count_points("2C 3C", wild_rank=3, rules="gin")
    with pytest.raises(rl.CardError, match="1C"):
        check_declaration("2C 1C", wild_rank=3)
