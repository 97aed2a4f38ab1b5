"""Cards: notation (every form in API.md), errors that quote the token, value semantics, decks."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_lab.engine.cards import (
    Card,
    Hand,
    Rank,
    Suit,
    clean_cards,
    format_cards,
    make_deck,
    parse_cards,
)
from rummy_lab.engine.errors import CardError, RummyError

# ----------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("10h", 10, Suit.HEARTS),
        ("10H", 10, Suit.HEARTS),
        ("Th", 10, Suit.HEARTS),
        ("tH", 10, Suit.HEARTS),
        ("7♠", 7, Suit.SPADES),
        ("7♥", 7, Suit.HEARTS),
        ("7♦", 7, Suit.DIAMONDS),
        ("7♣", 7, Suit.CLUBS),
        ("qc", 12, Suit.CLUBS),
        ("QC", 12, Suit.CLUBS),
        ("As", 1, Suit.SPADES),
        ("aS", 1, Suit.SPADES),
        ("2d", 2, Suit.DIAMONDS),
        ("9C", 9, Suit.CLUBS),
        ("jH", 11, Suit.HEARTS),
        ("K♦", 13, Suit.DIAMONDS),
        ("k♣", 13, Suit.CLUBS),
    ],
)
def test_parse_each_notation(token: str, rank: int, suit: Suit) -> None:
    card = Card.parse(token)
    assert (card.rank, card.suit, card.is_joker) == (rank, suit, False)
    assert card is Card(rank, suit)
    assert parse_cards(token) == (card,)


@pytest.mark.parametrize("token", ["JK", "jk", "Jk"])
def test_parse_printed_joker(token: str) -> None:
    card = Card.parse(token)
    assert card.is_joker
    assert card.rank == 0
    assert card.rank == Rank.JOKER
    assert card.suit is None
    assert card.code == "JK"
    assert str(card) == "JK"


def test_every_rank_symbol_and_both_suit_notations() -> None:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    for value, symbol in enumerate(ranks, start=1):
        for letter, glyph in zip("SHDC", "♠♥♦♣", strict=True):
            by_letter = Card.parse(symbol + letter)
            assert by_letter is Card.parse(symbol.lower() + letter.lower())
            assert by_letter is Card.parse(symbol + glyph)
            assert by_letter.rank == value and by_letter.suit == Suit(letter)
            assert by_letter.code == symbol + letter
            assert str(by_letter) == symbol + glyph


@pytest.mark.parametrize(
    "text",
    ["7S,8S,9S", "7S, 8S, 9S", "7S ,8S , 9S", "7S 8S 9S", " 7S  8S\t9S\n", "7s,8♠ 9S"],
)
def test_separators_spaces_and_commas(text: str) -> None:
    assert parse_cards(text) == (Card(7, "S"), Card(8, "S"), Card(9, "S"))


def test_parse_keeps_order_and_duplicates() -> None:
    hand = parse_cards("KS 7S KS JK JK")
    assert [c.code for c in hand] == ["KS", "7S", "KS", "JK", "JK"]
    assert isinstance(hand, Hand) and isinstance(hand, tuple)


def test_api_example() -> None:
    assert parse_cards("10h Th 7♠ qc JK") == (
        Card(10, "H"), Card(10, "H"), Card(7, "S"), Card(12, "C"), Card(0),
    )


def test_empty_text_is_no_cards() -> None:
    assert parse_cards("") == ()
    assert parse_cards("   ") == ()


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("1S", "1S"),
        ("11H", "11H"),
        ("7X", "7X"),
        ("7S7H", "7S7H"),
        ("7S,,8S", ""),
        ("0H", "0H"),
        ("7", "7"),
        ("S", "S"),
        ("10", "10"),
        ("JKS", "JKS"),
        ("7S 8S ZZ", "ZZ"),
        ("7S, 8Q", "8Q"),
    ],
)
def test_malformed_tokens_raise_card_error_quoting_token(text: str, token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert repr(token) in str(info.value)


@pytest.mark.parametrize("token", ["1S", "11H", "7X", "", "7S7H", "  "])
def test_card_parse_malformed(token: str) -> None:
    with pytest.raises(CardError, match="bad card token") as info:
        Card.parse(token)
    assert repr(token) in str(info.value)


def test_card_error_is_value_error() -> None:
    assert issubclass(CardError, RummyError)
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError, match="'7X'"):
        parse_cards("7S 7X")


def test_run_together_cards_get_a_hint() -> None:
    with pytest.raises(CardError, match="separate cards with spaces or commas"):
        parse_cards("7S7H")


@pytest.mark.parametrize("bad", [None, 7, ["7S"], b"7S"])
def test_non_string_input(bad: object) -> None:
    with pytest.raises(CardError):
        parse_cards(bad)  # type: ignore[arg-type]


def test_bad_constructor_arguments() -> None:
    with pytest.raises(CardError, match="rank"):
        Card(14, "S")
    with pytest.raises(CardError, match="suit"):
        Card(7, "X")
    with pytest.raises(CardError, match="suit"):
        Card(7)
    with pytest.raises(CardError, match="joker"):
        Card(0, "S")


def test_clean_cards_accepts_every_form() -> None:
    seven = Card.parse("7S")
    assert clean_cards("7S 8S") == clean_cards(["7S", "8S"]) == clean_cards(parse_cards("7S 8S"))
    assert clean_cards(seven) == (seven,)
    with pytest.raises(CardError):
        clean_cards([seven, 3])  # type: ignore[list-item]


# ----------------------------------------------------------------------------- value semantics


def test_card_is_immutable() -> None:
    card = Card.parse("QD")
    with pytest.raises(AttributeError):
        card.rank = 3
    with pytest.raises(AttributeError):
        card.suit = Suit.SPADES
    with pytest.raises(AttributeError):
        del card.rank
    assert card.rank == 12 and card.suit is Suit.DIAMONDS


def test_card_hash_and_equality() -> None:
    a, b = Card.parse("10h"), Card.parse("Th")
    assert a == b and a is b and hash(a) == hash(b)
    assert len({a, b, Card.parse("10♥")}) == 1
    assert {a: 1}[Card(10, Suit.HEARTS)] == 1
    assert Card.parse("7S") != Card.parse("7H")
    assert Card.parse("7S") != "7S"


def test_card_order_suit_then_rank_jokers_last() -> None:
    cards = parse_cards("JK KC 2H AS KS AC 2D")
    assert [c.code for c in sorted(cards)] == ["AS", "KS", "2H", "2D", "AC", "KC", "JK"]
    assert Card.parse("AS") < Card.parse("2S") < Card.parse("AH")
    assert Card.parse("KC") <= Card.parse("KC") and Card.parse("JK") > Card.parse("KC")
    assert Card.parse("2H") >= Card.parse("KS")
    with pytest.raises(TypeError):
        _ = Card.parse("7S") < "7H"  # type: ignore[operator]


def test_copy_and_pickle_keep_identity() -> None:
    card = Card.parse("9D")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert pickle.loads(pickle.dumps(Card.parse("JK"))) is Card.parse("JK")


def test_code_str_repr_format() -> None:
    card = Card.parse("10s")
    assert card.code == "10S"
    assert str(card) == "10♠"
    assert repr(card) == "Card('10S')"
    assert f"{card}" == "10S" and f"{card:glyph}" == "10♠"


# ----------------------------------------------------------------------------- decks


def test_make_deck_counts() -> None:
    one = make_deck()
    assert len(one) == 52 and len(set(one)) == 52
    assert one[:2] == [Card.parse("AS"), Card.parse("2S")] and one[-1] == Card.parse("KC")
    big = make_deck(2, 4)
    assert len(big) == 108
    assert sum(c.is_joker for c in big) == 4
    assert all(big.count(c) == 2 for c in one)
    for decks in (1, 2, 3, 4):
        for jokers in (0, 2, 8):
            deck = make_deck(decks, jokers)
            assert len(deck) == 52 * decks + jokers


def test_make_deck_fixed_order() -> None:
    assert make_deck(2, 1) == make_deck(2, 1)
    assert make_deck(2) == make_deck() + make_deck()
    assert make_deck(1, 2)[-2:] == [Card(0), Card(0)]


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"decks": 0}, "decks"),
        ({"decks": 5}, "decks"),
        ({"decks": True}, "decks"),
        ({"decks": 1.5}, "decks"),
        ({"jokers": -1}, "jokers"),
        ({"jokers": 9}, "jokers"),
        ({"jokers": "2"}, "jokers"),
    ],
)
def test_make_deck_errors(kwargs: dict[str, object], name: str) -> None:
    with pytest.raises(ValueError, match=name):
        make_deck(**kwargs)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- properties

_FULL = make_deck(2, 4)


@st.composite
def _sub_multisets(draw: st.DrawFn) -> list[Card]:
    """Any sub-multiset of the 108-card deck, in any order."""
    picks = draw(st.lists(st.integers(0, len(_FULL) - 1), unique=True, max_size=40))
    return [_FULL[i] for i in picks]


@given(_sub_multisets(), st.sampled_from([" ", ",", ", "]))
@settings(max_examples=200, deadline=None)
def test_format_parse_round_trip(cards: list[Card], sep: str) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(format_cards(cards, glyphs=True)) == tuple(cards)
    assert parse_cards(format_cards(cards, sep=sep)) == tuple(cards)


_ALPHABET = "AaTtJjQqKkXx0123456789SHDCshdc♠♥♦♣♤♡♢♧🃏 ,-\t\ufe0fßıİ"


def _check_token(token: str) -> None:
    try:
        card = Card.parse(token)
    except CardError as exc:
        assert repr(token) in str(exc) or "token" in str(exc)
        return
    assert Card.parse(card.code) is card
    assert Card.parse(str(card)) is card


@given(st.text(alphabet=_ALPHABET, max_size=6))
@settings(max_examples=600, deadline=None)
def test_garbage_tokens_from_card_alphabet(token: str) -> None:
    _check_token(token)


@given(st.text(max_size=8))
@settings(max_examples=400, deadline=None)
def test_garbage_tokens_any_text(token: str) -> None:
    _check_token(token)
    try:
        hand = parse_cards(token)
    except CardError:
        return
    assert parse_cards(format_cards(hand)) == hand
