"""Rules presets: every name in API.md, every default in RULES.md, validation and aliases."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from rummy_lab.engine.cards import Card, make_deck, parse_cards
from rummy_lab.engine.errors import CardError
from rummy_lab.engine.game import new_game
from rummy_lab.engine.rules import PRESETS, Rules, Variant, get_rules

API_NAMES = [
    "basic", "gin", "oklahoma", "hollywood", "500", "indian", "indian-points",
    "indian-pool-101", "indian-pool-201", "indian-deals",
]

# Defaults every variant shares (RULES.md, "All variants").
COMMON: dict[str, Any] = {"no_discard_of_pickup": True, "max_turns": 1000}

GIN: dict[str, Any] = {
    "variant": Variant.GIN, "min_players": 2, "max_players": 2, "hand_size": 10, "decks": 1,
    "printed_jokers": 0, "ace": "low", "ace_value": 1, "face_value": 10,
    "knock_limit": 10, "undercut_bonus": 25, "tie_is_undercut": True, "gin_bonus": 25,
    "big_gin_bonus": 31, "stock_end": 2, "target": 100, "game_bonus": 100, "box_bonus": 25,
    "shutout": "double_game_bonus", "oklahoma": False, "hollywood": False,
}

INDIAN: dict[str, Any] = {
    "variant": Variant.INDIAN, "min_players": 2, "max_players": 6, "decks": 2,
    "printed_jokers": 4, "hand_size": 13, "ace": "high_or_low", "ace_value": 10,
    "face_value": 10, "joker_value": 0, "wild_value": 0, "wild_joker": True,
    "set_distinct_suits": True, "max_set_size": 4, "allow_all_wild": True,
    "min_sequences": 2, "min_pure_sequences": 1, "wrong_declaration": 80, "max_points": 80,
    "first_drop": 20, "middle_drop": 40, "point_value": 1, "rejoin": False, "deals": 2,
}

EXPECTED: dict[str, dict[str, Any]] = {
    "basic": {
        "variant": Variant.BASIC, "min_players": 2, "max_players": 6, "ace": "low",
        "printed_jokers": 0, "ace_value": 1, "face_value": 10,
        "layoff_before_first_meld": True, "rummy_multiplier": 2, "target": 100,
    },
    "gin": GIN,
    "oklahoma": {**GIN, "oklahoma": True, "oklahoma_ace": "one", "spade_doubles": True,
                 "spade_doubles_bonuses": False},
    "hollywood": {**GIN, "hollywood": True, "hollywood_games": 3, "target": 100,
                  "hollywood_carry_shutout": False},
    "500": {
        "variant": Variant.RUMMY500, "min_players": 2, "max_players": 8, "hand_size": 7,
        "ace": "high_or_low", "ace_value": 15, "face_value": 10, "target": 500,
        "discard_pick_must_meld": "any", "set_distinct_suits": False,
    },
    "indian": {**INDIAN, "indian_format": "points"},
    "indian-points": {**INDIAN, "indian_format": "points"},
    "indian-pool-101": {**INDIAN, "indian_format": "pool", "pool_limit": 101},
    "indian-pool-201": {**INDIAN, "indian_format": "pool", "pool_limit": 201,
                        "first_drop": 25, "middle_drop": 50},
    "indian-deals": {**INDIAN, "indian_format": "deals", "deals": 2},
}


def test_every_api_name_exists() -> None:
    for name in API_NAMES:
        assert name in PRESETS
        rules = get_rules(name)
        assert isinstance(rules, Rules)


@pytest.mark.parametrize("name", API_NAMES)
def test_documented_defaults_field_by_field(name: str) -> None:
    rules = get_rules(name)
    for field, value in {**COMMON, **EXPECTED[name]}.items():
        assert getattr(rules, field) == value, f"{name}.{field}"


def test_indian_is_indian_points() -> None:
    assert get_rules("indian") == get_rules("indian-points")
    assert get_rules("indian").variant is Variant.INDIAN


def test_pagat_school_for_500() -> None:
    pagat = get_rules("500-pagat")
    assert pagat.hand_size_for(2) == 13
    assert pagat.discard_pick_must_meld == "deep_only"
    assert pagat.ace_value == 15 and pagat.target == 500


def test_names_are_case_and_space_insensitive() -> None:
    assert get_rules(" Gin ") == get_rules("gin")
    assert get_rules("INDIAN-POOL-101").pool_limit == 101


def test_rules_object_passes_through() -> None:
    rules = get_rules("oklahoma")
    assert get_rules(rules) is rules
    assert get_rules(rules, knock_limit=7).knock_limit == 7


# ----------------------------------------------------------------------------- deal sizes


@pytest.mark.parametrize(
    ("name", "players", "decks", "hand"),
    [
        ("basic", 2, 1, 10), ("basic", 3, 1, 7), ("basic", 4, 1, 7),
        ("basic", 5, 2, 6), ("basic", 6, 2, 6),
        ("gin", 2, 1, 10), ("oklahoma", 2, 1, 10), ("hollywood", 2, 1, 10),
        ("500", 2, 1, 7), ("500", 3, 1, 7), ("500", 4, 1, 7),
        ("500", 5, 2, 7), ("500", 8, 2, 7),
        ("indian", 2, 2, 13), ("indian", 6, 2, 13), ("indian-pool-201", 4, 2, 13),
        ("indian-deals", 3, 2, 13),
    ],
)
def test_decks_and_hand_size_per_player_count(
    name: str, players: int, decks: int, hand: int
) -> None:
    rules = get_rules(name)
    rules.check_players(players)
    assert rules.decks_for(players) == decks
    assert rules.hand_size_for(players) == hand


def test_indian_deck_is_108_cards() -> None:
    rules = get_rules("indian")
    assert len(make_deck(rules.decks_for(2), rules.printed_jokers)) == 108


@pytest.mark.parametrize(("name", "players"), [("gin", 3), ("gin", 1), ("basic", 7),
                                                ("500", 9), ("indian", 7)])
def test_player_counts_outside_the_variant(name: str, players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        get_rules(name).check_players(players)


# ----------------------------------------------------------------------------- values


def test_card_values() -> None:
    ace, king, seven, joker = (Card.parse(t) for t in ("AS", "KS", "7H", "JK"))
    gin, r500, indian = get_rules("gin"), get_rules("500"), get_rules("indian")
    assert [gin.card_value(c) for c in (ace, king, seven)] == [1, 10, 7]
    assert [r500.card_value(c) for c in (ace, king, seven)] == [15, 10, 7]
    assert [indian.card_value(c) for c in (ace, king, seven, joker)] == [10, 10, 7, 0]
    assert indian.card_value(seven, wild_rank=7) == 0


# ----------------------------------------------------------------------------- overrides


def test_overrides_and_aliases() -> None:
    assert get_rules("gin", gin_bonus=20).gin_bonus == 20
    basic = get_rules("basic", jokers=2)
    assert basic.printed_jokers == 2 and basic.jokers == 2
    assert get_rules("basic", joker_count=1).printed_jokers == 1
    assert get_rules("basic", target_score=500).target == 500
    assert get_rules("gin").replace(knock_limit=5).knock_limit == 5
    assert get_rules("gin").jokers == 0


def test_presets_are_frozen() -> None:
    rules = get_rules("gin")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.knock_limit = 5  # type: ignore[misc]
    assert get_rules("gin").knock_limit == 10
    assert hash(get_rules("gin")) == hash(get_rules("gin"))


def test_unknown_name_is_named() -> None:
    with pytest.raises(ValueError, match="'canasta'"):
        get_rules("canasta")
    with pytest.raises(ValueError):
        get_rules(42)  # type: ignore[arg-type]


def test_unknown_field_is_named() -> None:
    with pytest.raises(ValueError, match="'knock_limt'"):
        get_rules("gin", knock_limt=5)
    with pytest.raises(ValueError, match="'foo', 'bar'"):
        get_rules("gin", foo=1, bar=2)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("knock_limit", -1),
        ("knock_limit", "10"),
        ("gin_bonus", 2.5),
        ("ace", "both"),
        ("oklahoma", 1),
        ("oklahoma_ace", "eleven"),
        ("discard_pick_must_meld", "never"),
        ("indian_format", "tournament"),
        ("shutout", "triple"),
        ("hand_size", 0),
        ("decks", 5),
        ("printed_jokers", 9),
        ("max_players", 9),
        ("target", 0),
        ("max_turns", 0),
        ("variant", "canasta"),
        ("tie_is_undercut", "yes"),
        ("big_gin_bonus", -31),
    ],
)
def test_invalid_value_is_named(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=field):
        get_rules("gin", **{field: value})


def test_optional_fields_accept_none() -> None:
    assert get_rules("gin", big_gin_bonus=None).big_gin_bonus is None
    with pytest.raises(ValueError, match="hand_size"):
        get_rules("gin", hand_size=None)  # no per-player table to fall back on


def test_min_players_not_above_max() -> None:
    with pytest.raises(ValueError, match="min_players"):
        get_rules("basic", min_players=7, max_players=6)


# ----------------------------------------------------------------------------- issue 13:
# every bad value is refused with a ValueError naming the field and what is allowed


def test_preset_variants_table_matches_the_presets() -> None:
    from rummy_lab.engine.rules import _PRESET_VARIANTS

    assert {k: v.variant for k, v in PRESETS.items()} == _PRESET_VARIANTS


@pytest.mark.parametrize("junk", [None, "x", 1.5, True, [], {}, 10**16, -1])
@pytest.mark.parametrize("field", [f.name for f in dataclasses.fields(Rules)])
def test_every_field_refuses_junk_by_name(field: str, junk: object) -> None:
    base = get_rules("gin")
    if getattr(base, field) == junk and type(getattr(base, field)) is type(junk):
        return
    try:
        r = get_rules("gin", **{field: junk})
    except ValueError as exc:
        assert field in str(exc)
        assert "must" in str(exc) or "cannot" in str(exc) or "disagree" in str(exc)
        return
    except Exception as exc:  # pragma: no cover - the bug this test guards against
        pytest.fail(f"{field}={junk!r} raised {type(exc).__name__}: {exc}")
    # accepted: only values that make sense for the field (None for optional fields,
    # a label for the name, True/False for switches)
    have = getattr(r, field)
    assert have == junk or (isinstance(junk, list | dict) and not junk and not have)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"extra": 5}, "extra must be a mapping"),
        ({"extra": {"f": object()}}, "extra must be a mapping"),
        ({"extra": {1: 2}}, "extra must be a mapping"),
        ({"hand_size_by_players": 5}, "hand_size_by_players must be (players, cards) pairs"),
        ({"hand_size_by_players": ((2, -5),)}, "hand_size_by_players must be"),
        ({"hand_size_by_players": ((4, 7), (2, 10))}, "players rising"),
        ({"hand_size_by_players": ((2, 10, 1),)}, "hand_size_by_players must be"),
        ({"name": ""}, "name must be a short label"),
        ({"name": 5}, "name must be a short label"),
        ({"name": "500"}, "name '500' is a 500 preset, but variant is gin"),
        ({"variant": "indian"}, "variant is gin for the 'gin' rules and cannot be changed"),
        ({"jokers": 2, "printed_jokers": 3}, "jokers=2 and printed_jokers=3 disagree"),
        ({"target": 50, "target_score": 500}, "target=50 and target_score=500 disagree"),
        ({"face_value": 10**16}, "face_value must be a whole number from 0 to 100"),
        ({"knock_limit": 1001}, "knock_limit must be a whole number from 0 to 1000"),
        ({"max_turns": 10**6}, "max_turns must be a whole number from 1 to 100000"),
        ({"gin_bonus": 10**9}, "gin_bonus must be a whole number from 0 to 10000"),
        ({"decks": 2}, "gin rummy is played with one deck: decks must be 1"),
        ({"decks": None, "two_decks_from": 2}, "gin rummy is played with one deck"),
        ({"printed_jokers": 2}, "gin rummy is played without jokers"),
        ({"max_players": 3}, "gin rummy is for two players"),
        ({"wild_joker": True}, "wild_joker (a card turned under the stock makes its rank"),
        ({"hand_size": 21}, "hand_size must be a whole number from 1 to 20"),
        ({"min_meld": 5, "max_set_size": 4}, "max_set_size (4) must be at least min_meld"),
        ({"min_meld": 5, "max_run_length": 4}, "max_run_length (4) must be at least min_meld"),
    ],
)
def test_gin_overrides_refused_with_the_field_named(
    overrides: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        get_rules("gin", **overrides)


@pytest.mark.parametrize(
    ("preset", "overrides", "message"),
    [
        ("indian", {"min_pure_sequences": 2, "min_sequences": 1},
         "min_pure_sequences (2) must not exceed min_sequences (1)"),
        ("indian", {"min_sequences": 4}, "min_sequences must be a whole number from 0 to 3"),
        ("gin", {"min_sequences": 1}, "Indian Rummy rules; they must be 0 for gin, got 1 and 0"),
        ("basic", {"min_pure_sequences": 1, "min_sequences": 1},
         "they must be 0 for basic, got 1 and 1"),
        ("indian", {"hand_size": 5}, "min_sequences=2 sequences of min_meld=3 cards"),
        ("indian", {"hand_size": None, "hand_size_by_players": ((6, 13),)},
         "Indian Rummy deals a fixed number of cards"),
        ("basic", {"wild_joker": True}, "it must be False for basic"),
        ("500", {"variant": "gin"}, "variant is 500 for the '500' rules"),
        ("basic", {"hand_size": 20, "min_players": 6},
         "6 players x 20 cards (hand_size) + the upcard + a stock of at least 1 need 122"),
    ],
)
def test_other_presets_refuse_combinations(
    preset: str, overrides: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        get_rules(preset, **overrides)


def test_name_may_be_overridden_with_a_label() -> None:
    r = get_rules("gin", name="x")
    assert r.name == "x" and r.variant is Variant.GIN
    assert get_rules("gin", name="oklahoma").name == "oklahoma"  # a preset of the variant
    with pytest.raises(ValueError, match="name 'indian' is a indian preset"):
        Rules(name="indian", variant="gin")


def test_aliases_that_agree_are_fine() -> None:
    assert get_rules("basic", jokers=2, printed_jokers=2).printed_jokers == 2
    assert get_rules("gin", variant="gin").variant is Variant.GIN


def test_hand_size_table_accepts_lists() -> None:
    r = get_rules("basic", hand_size_by_players=[[2, 10], [6, 6]])
    assert r.hand_size_by_players == ((2, 10), (6, 6))
    assert r.hand_size_for(5) == 6 and hash(r) == hash(get_rules("basic").replace(
        hand_size_by_players=((2, 10), (6, 6))))


@pytest.mark.parametrize(
    ("preset", "overrides", "players", "message"),
    [
        ("500", {"decks": 1}, 8, "8 players x 7 cards (hand_size) + the upcard + a stock"),
        ("basic", {"hand_size": 20}, 6, "6 players x 20 cards (hand_size)"),
        ("basic", {"decks": 1, "hand_size": 9}, 6, "(decks=1, printed_jokers=0)"),
    ],
)
def test_the_deck_must_cover_the_deal(
    preset: str, overrides: dict[str, Any], players: int, message: str
) -> None:
    r = get_rules(preset, **overrides)
    with pytest.raises(ValueError, match=re.escape(message)):
        r.check_players(players)
    with pytest.raises(ValueError, match=re.escape(message)):
        new_game(preset, players=players, rules=overrides)
    r.check_players(r.min_players)


def test_max_copies_and_check_cards() -> None:
    assert get_rules("gin").max_copies == 1
    assert get_rules("500").max_copies == 2  # two decks from five players
    assert get_rules("500", max_players=4).max_copies == 1
    assert get_rules("indian").max_copies == 2
    get_rules("indian").check_cards(parse_cards("7S 7S JK JK JK JK"))
    with pytest.raises(CardError, match=r"cards outside the indian-points deck .*: 5 x JK"):
        get_rules("indian").check_cards(parse_cards("JK JK JK JK JK"))
    with pytest.raises(CardError, match=r"3 x 7S"):
        get_rules("500").check_cards(parse_cards("7S 7S 7S"))
