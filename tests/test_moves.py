"""Moves: construction, normalisation, notation round trips and errors."""

from __future__ import annotations

import dataclasses

import pytest

import rummy_lab as rl
from rummy_lab.engine.cards import Card, parse_cards
from rummy_lab.engine.moves import discard_of, gin_of, knock_of
from rummy_lab.moves import (
    MOVE_TYPES,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    EndRound,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    PassUpcard,
    TakeUpcard,
    clean_move,
    parse_move,
)

C = Card.parse

EXAMPLES: list[tuple[Move, str, str]] = [
    (DrawStock(), "draw_stock", "draw from the stock"),
    (DrawDiscard(), "draw_discard", "take the discard"),
    (DrawDiscard(3), "draw_discard 3", "take 3 cards from the discard pile"),
    (TakeUpcard(), "take_upcard", "take the upcard"),
    (PassUpcard(), "pass_upcard", "pass the upcard"),
    (Discard("8H"), "discard 8H", "discard 8♥"),
    (Meld("7S 8S 9S"), "meld 7S 8S 9S", "meld 7♠ 8♠ 9♠"),
    (LayOff("7H 8H", 2), "lay_off 2 7H 8H", "lay off 7♥ 8♥ on meld 2"),
    (Knock("10C"), "knock 10C", "knock, discarding 10♣"),
    (Gin("QD"), "gin QD", "gin, discarding Q♦"),
    (Gin(), "gin", "big gin"),
    (Declare("JK"), "declare JK", "declare, finishing with JK"),
    (Drop(), "drop", "drop"),
    (EndRound(), "end_round", "end the round"),
]


@pytest.mark.parametrize(("move", "code", "caption"), EXAMPLES, ids=lambda x: str(x))
def test_code_caption_and_round_trip(move: Move, code: str, caption: str) -> None:
    assert move.code == code and str(move) == caption
    assert parse_move(code) == move and parse_move(code.upper()) == move
    assert clean_move(code) == move and clean_move(move) is move
    assert hash(parse_move(code)) == hash(move)


def test_every_move_type_is_covered() -> None:
    assert {type(m) for m, _, _ in EXAMPLES} == set(MOVE_TYPES)
    assert rl.moves.Knock is Knock


def test_cards_are_normalised_to_card_objects() -> None:
    assert Discard("8h") == Discard(C("8H")) == Discard("8♥")
    assert Discard("8h").card is C("8H")
    assert Meld(["7S", C("8S"), "9s"]).cards == parse_cards("7S 8S 9S")
    assert LayOff("7H", 0).cards == (C("7H"),)
    assert Gin("t♣").card == C("10C") and Gin(None).card is None


def test_moves_are_frozen_hashable_and_typed() -> None:
    m = Knock("3C")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.card = C("4C")  # type: ignore[misc]
    assert Knock("3C") != Discard("3C") != Gin("3C")
    assert DrawStock() != PassUpcard() and DrawStock() == DrawStock()
    assert len({Knock("3C"), Knock("3c"), Discard("3C")}) == 2
    assert discard_of(C("3C")) == Discard("3C") and discard_of(C("3C")) is discard_of(C("3C"))
    assert knock_of(C("3C")) == Knock("3C") and gin_of(C("3C")) == Gin("3C")


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (lambda: Discard("8H 9H"), rl.CardError, "Discard takes exactly one card"),
        (lambda: Discard("XX"), rl.CardError, "bad card token 'XX'"),
        (lambda: Knock(7), rl.CardError, "Knock takes a card"),  # type: ignore[arg-type]
        (lambda: Gin(""), rl.CardError, "Gin takes exactly one card"),
        (lambda: Meld(""), rl.CardError, "Meld needs at least one card"),
        (lambda: Meld("7S 8Z"), rl.CardError, "Meld: bad card token '8Z'"),
        (lambda: LayOff("7H", -1), ValueError, "meld_index must be a whole number >= 0"),
        (lambda: LayOff("7H", True), ValueError, "meld_index"),
        (lambda: DrawDiscard(0), ValueError, "depth must be a whole number >= 1"),
        (lambda: DrawDiscard(1.5), ValueError, "depth"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_raise_value_errors(build: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        build()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move text"),
        ("shuffle", "unknown move 'shuffle'"),
        ("draw_stock 3", "draw_stock takes no arguments"),
        ("draw_discard x", "takes a depth"),
        ("discard", "discard needs a card"),
        ("lay_off 7H", "lay_off takes a meld index then cards"),
        ("discard 8H 9H", "exactly one card"),
    ],
)
def test_parse_move_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_move(text)


def test_clean_move_rejects_other_types() -> None:
    with pytest.raises(ValueError, match="a move must be a Move or a string"):
        clean_move(3)  # type: ignore[arg-type]
    assert parse_move("layoff 0 7h") == LayOff("7H", 0)
