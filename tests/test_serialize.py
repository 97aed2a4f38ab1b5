"""Saving and loading games: round trips in every phase, and corrupt input rejected."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import rummy_lab as rl
from rummy_lab.engine.game import Game, new_game
from rummy_lab.engine.serialize import rules_from_dict, rules_to_dict
from tests.helpers import DEFENDER, KNOCKER, play, random_playout, stacked_gin


def knock_deal(**kw: Any) -> Game:
    return stacked_gin(DEFENDER, KNOCKER, "AD", "AS", **kw)


def _games() -> list[Game]:
    """Games in every phase: upcard, draw (stock only and normal), discard, over (each end)."""
    out = [
        knock_deal(),
        play(knock_deal(), "pass_upcard"),
        play(knock_deal(), "pass_upcard", "pass_upcard"),
        play(knock_deal(), "take_upcard"),
        play(knock_deal(), "take_upcard", "discard 5S"),
        play(knock_deal(), "take_upcard", "discard 5S", "draw_discard"),
        play(knock_deal(), "pass_upcard", "pass_upcard", "draw_stock", "knock AS"),
        play(knock_deal(max_turns=1), "take_upcard", "discard 5S"),
        play(knock_deal(rules="oklahoma"), "pass_upcard", "pass_upcard", "draw_stock",
             "knock 5S"),
        new_game("hollywood", seed=3, dealer=1),
    ]
    for seed in (1, 2):
        *_, last = random_playout(seed)
        out.append(last)
    return out


@pytest.mark.parametrize("game", _games(), ids=repr)
def test_round_trip_in_every_phase(game: Game) -> None:
    text = game.to_json()
    back = Game.from_json(text)
    assert back == game and back.to_json() == text
    assert back.phase is game.phase and back.result == game.result
    assert back.legal_moves() == game.legal_moves()
    assert [back.view_for(p) for p in range(2)] == [game.view_for(p) for p in range(2)]


def test_round_trip_keeps_playing_identically() -> None:
    game = new_game("gin", seed=8)
    rng = random.Random(3)
    for _ in range(25):
        game.play(rng.choice(game.legal_moves()))
    back = Game.from_json(game.to_json())
    r1, r2 = random.Random(4), random.Random(4)
    while not game.is_over:
        game.play(r1.choice(game.legal_moves()))
        back.play(r2.choice(back.legal_moves()))
    assert back == game and back.seed == 8


def test_rules_round_trip() -> None:
    for name in ("gin", "oklahoma", "hollywood", "500", "indian-pool-201", "basic"):
        r = rl.get_rules(name)
        assert rules_from_dict(json.loads(json.dumps(rules_to_dict(r)))) == r


def _edit(game: Game, change: Callable[[dict[str, Any]], object]) -> str:
    doc = json.loads(game.to_json())
    change(doc)
    return json.dumps(doc)


def _swap_hand_and_stock(doc: dict[str, Any]) -> None:
    hands = doc["state"]["hands"][0].split()
    stock = doc["state"]["stock"].split()
    hands[0], stock[0] = stock[0], hands[0]
    doc["state"]["hands"][0] = " ".join(hands)
    doc["state"]["stock"] = " ".join(stock)


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        *head, last = path.split(".")
        obj: Any = doc
        for key in head:
            obj = obj[int(key)] if isinstance(obj, list) else obj[key]
        if isinstance(obj, list):
            obj[int(last)] = value
        else:
            obj[last] = value
    return change


def _replace_card(where: str, old: str, new: str) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        *head, last = where.split(".")
        obj: Any = doc
        for key in head:
            obj = obj[int(key)] if isinstance(obj, list) else obj[key]
        key: Any = int(last) if isinstance(obj, list) else last
        cards = obj[key].split()
        cards[cards.index(old)] = new
        obj[key] = " ".join(cards)
    return change


CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("unknown card in the deal", _replace_card("deal.hands.0", "3H", "3X"), "bad card token '3X'"),
    ("unknown card in the state", _replace_card("state.hands.1", "9C", "ZZ"),
     "bad card token 'ZZ'"),
    ("duplicated card in the deal", _replace_card("deal.hands.0", "3H", "4H"),
     r"extra 4H \(2 copies, the deck has 1\)"),
    ("duplicated card in the state", _replace_card("state.hands.0", "KD", "9C"),
     r"state does not add up to the deck: missing KD; extra 9C \(2 copies"),
    ("missing card", _replace_card("state.stock", "KH", ""), "missing KH"),
    ("wrong phase", _set("state.phase", "dicard"), "state.phase 'dicard' is not a phase"),
    ("phase of the wrong type", _set("state.phase", 3), "state.phase must be a string"),
    ("state phase differs", _set("state.phase", "over"), "state.phase does not match"),
    ("hidden cards swapped", _swap_hand_and_stock, "state.hands does not match"),
    ("players as text", _set("players", "2"), "players must be a whole number"),
    ("too many players", _set("players", 3), "exactly 2 players"),
    ("moves not a list", _set("moves", "draw_stock"), "moves must be a list"),
    ("move of the wrong type", _set("moves.0", 7), r"moves\[0\] must be a string"),
    ("illegal move", _set("moves.2", "draw_discard"), r"moves\[2\] 'draw_discard': both players"),
    ("unknown move", _set("moves.0", "fold"), "unknown move 'fold'"),
    ("unknown rules field", _set("rules.colour", "red"), "unknown rules field.*colour"),
    ("invalid rules value", _set("rules.knock_limit", -3), "knock_limit must be a whole number"),
    ("rules of the wrong type", _set("rules", []), "rules must be an object"),
    ("hand not a string", _set("deal.hands.0", ["3H"]), r"deal.hands\[0\] must be a string"),
    ("dealer out of range", _set("deal.dealer", 5), "deal.dealer must be a seat"),
    ("wrong format", _set("format", "chess"), "format must be 'rummy_lab.game'"),
    ("wrong version", _set("version", 99), "version 99 is not supported"),
    ("result tampered", _set("state.result", {"kind": "gin", "winner": 0, "scores": [99, 0],
                                              "points": 99}), "state.result does not match"),
    ("turn count tampered", _set("state.turn_count", 5), "state.turn_count does not match"),
    ("known cards tampered", _set("state.known.0", "KD"), "state.known does not match"),
]


@pytest.mark.parametrize(
    ("name", "change", "message"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS]
)
def test_corrupt_or_tampered_json_is_rejected(
    name: str, change: Callable[[dict[str, Any]], object], message: str
) -> None:
    game = play(knock_deal(), "pass_upcard", "pass_upcard", "draw_stock")
    with pytest.raises(ValueError, match=message):
        Game.from_json(_edit(game, change))


@pytest.mark.parametrize("cut", [0, 1, 10, 100, -1, -2])
def test_truncated_text_is_rejected(cut: int) -> None:
    text = play(knock_deal(), "take_upcard").to_json()
    with pytest.raises(ValueError, match="not valid JSON"):
        Game.from_json(text[:cut])


@pytest.mark.parametrize("text", ["[]", "3", "null", '"game"', "{}"])
def test_wrong_top_level_is_rejected(text: str) -> None:
    with pytest.raises(ValueError, match="saved game"):
        Game.from_json(text)


def test_non_text_is_rejected() -> None:
    with pytest.raises(ValueError, match="expected JSON text"):
        Game.from_json(None)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- issue 13


def test_a_missing_rules_field_takes_the_presets_value() -> None:
    game = new_game("500", seed=1)
    doc = json.loads(game.to_json())
    del doc["rules"]["target"]
    back = Game.from_json(json.dumps(doc))
    assert back.rules.target == 500 and back == game
    doc = json.loads(new_game("indian-pool-201", seed=2).to_json())
    del doc["rules"]["first_drop"]
    assert Game.from_json(json.dumps(doc)).rules.first_drop == 25


def test_rules_that_are_not_a_preset_must_be_complete() -> None:
    game = new_game(rl.Rules(name="house gin", knock_limit=7), seed=3)
    assert Game.from_json(game.to_json()) == game
    doc = json.loads(game.to_json())
    del doc["rules"]["knock_limit"]
    with pytest.raises(ValueError, match=r"saved game: rules\.knock_limit is missing"):
        Game.from_json(json.dumps(doc))
    doc = json.loads(game.to_json())
    del doc["rules"]["name"]
    with pytest.raises(ValueError, match=r"saved game: rules\.name is missing"):
        Game.from_json(json.dumps(doc))


@pytest.mark.parametrize("version", [1.0, True, "1", None, 2, [1]])
def test_the_version_must_be_the_whole_number_1(version: object) -> None:
    doc = json.loads(new_game("gin", seed=1).to_json())
    doc["version"] = version
    with pytest.raises(ValueError, match=r"^saved game: version .* is not supported"):
        Game.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda t: t.replace('"players": 2', '"players": ' + "9" * 5000), "not valid JSON"),
        (lambda t: t.replace('"turn_count": 0', '"turn_count": NaN'), "NaN is not a number"),
        (lambda t: t.replace('"version": 1', '"version": Infinity'), "Infinity is not"),
        (lambda t: t.encode()[:40] + b"\xff\xfe" + t.encode()[40:], "not UTF-8 text"),
        (lambda t: t.encode("utf-16"), "not UTF-8 text"),
        (lambda t: "[" * 100_000, "saved game"),
    ],
)
def test_every_damaged_text_is_refused_as_a_saved_game(
    damage: Callable[[str], str | bytes], message: str
) -> None:
    text = new_game("gin", seed=1).to_json()
    with pytest.raises(ValueError, match=r"^saved game: ") as info:
        Game.from_json(damage(text))  # type: ignore[arg-type]
    assert message in str(info.value)


def test_utf8_bytes_load() -> None:
    game = new_game("basic", seed=4)
    assert Game.from_json(game.to_json().encode()) == game
    assert Game.from_json(bytearray(game.to_json().encode())) == game  # type: ignore[arg-type]


def test_a_rules_alias_in_a_save_is_an_unknown_field() -> None:
    doc = json.loads(new_game("basic", seed=4).to_json())
    doc["rules"]["jokers"] = 2
    with pytest.raises(ValueError, match=r"saved game: unknown rules field.*jokers"):
        Game.from_json(json.dumps(doc))
