"""Rules cards and the variant comparison are written from Rules and worked by the engine."""

from __future__ import annotations

import pytest

import rummy_lab as rl
from rummy_lab.engine.rulebook import compare_variants, rules_card


@pytest.mark.parametrize("name", sorted(rl.PRESETS))
def test_every_preset_has_a_card_with_worked_examples(name: str) -> None:
    card = rl.rules_card(name)
    assert card.rules == rl.get_rules(name)
    assert [h for h, _ in card.sections] == ["Cards and melds", "A turn", "Going out", "Scoring"]
    assert card.examples and all(ex.result for ex in card.examples)
    html = card._repr_html_()
    assert html.startswith('<div class="rl-rules-card"') and "var(--jp-ui-font-color1" in html
    assert card.title in str(card)


def test_the_card_follows_the_knobs() -> None:
    five = rules_card(rl.get_rules("gin", knock_limit=5))
    assert "at most 5 points" in five.lines("Going out")[0]
    no_big = rules_card(rl.get_rules("gin", big_gin_bonus=None))
    assert not any("Big gin" in line for line in no_big.lines("Going out"))
    tie = rules_card(rl.get_rules("gin", tie_is_undercut=False)).lines("Scoring")[1]
    assert "a tie scores nothing" in tie
    strict = rules_card(rl.get_rules("indian", min_pure_sequences=2)).lines("Going out")[0]
    assert "2 of them pure" in strict
    assert "worth 1" in rules_card(rl.get_rules("500", ace_value=1)).lines("Cards and melds")[1]


def test_worked_examples_are_the_engines_numbers() -> None:
    gin = {ex.caption: ex.result for ex in rules_card("gin").examples}
    knock = rl.gin.showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 3C", "8H 9D KD KC QS JS 10D 8C 5D 2C")
    said = gin["Knock with 3 against 82 points of deadwood"]
    assert said == f"knock: the knocker scores {knock.points}"
    assert knock.points == 79
    under = gin["Knock with 8 against 5: undercut"]
    assert under == "undercut: the defender scores 28"
    # the same example under other knobs scores differently, because it is computed
    bigger = {ex.caption: ex.result
              for ex in rules_card(rl.get_rules("gin", undercut_bonus=20)).examples}
    assert bigger["Knock with 8 against 5: undercut"] == "undercut: the defender scores 23"
    # Oklahoma with a 4 up: the undercut example (knock with 8) is not shown, it is illegal
    okla = [ex.caption for ex in rules_card("oklahoma").examples]
    assert "Knock with 8 against 5: undercut" not in okla
    r500 = rules_card("500").examples[0].result
    assert r500 == "scores 64 (cards laid); player 1 scores -44 (cards in hand)"
    basic = rules_card("basic").examples[0].result
    assert basic == "player 1 scores 132 (going rummy)"
    plain = rules_card(rl.get_rules("basic", rummy_multiplier=1)).examples[0].result
    assert plain == "player 1 scores 66"
    pagat = rules_card("500-pagat").examples[0].result
    assert pagat == "the first scores 64 (cards laid); the other -44 (cards in hand)"


def test_compare_variants_reads_the_rules() -> None:
    table = compare_variants(["basic", "gin", "500", "indian"])
    assert table.names == ("basic", "gin", "500", "indian-points")
    assert table.row("cards dealt") == ("10 (2 players), 7 (3-4 players), 6 (5-6 players)",
                                        "10", "7", "13")
    assert table.row("ace worth") == ("1", "1", "15", "10")
    assert table.row("decks")[3] == "2 + 4 jokers"
    assert compare_variants([rl.get_rules("gin", knock_limit=7)]).row("how you go out") == (
        "knock (deadwood <= 7) or gin",)
    assert "<table" in table._repr_html_() and "Rummy 500" in str(table)
    with pytest.raises(KeyError, match="rows: players"):
        table.row("colour")
    with pytest.raises(ValueError, match="at least one"):
        compare_variants([])
