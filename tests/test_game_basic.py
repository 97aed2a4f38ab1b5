"""Basic (Straight) Rummy played through the state machine: scripted deals, rules,
exact legal moves, views, JSON and random-play properties.

The helpers at the top are shared with ``test_game_500.py``.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummy_lab as rl
from rummy_lab.bots import Bot, RandomBot, play_hand, play_match
from rummy_lab.bots.table import GreedyTableBot
from rummy_lab.engine.cards import Card, CardsLike, Hand, clean_cards, make_deck, parse_cards
from rummy_lab.engine.game import Game, new_game
from rummy_lab.engine.match import new_match
from rummy_lab.engine.moves import (
    Discard,
    DrawDiscard,
    DrawStock,
    EndRound,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    PassUpcard,
    TakeUpcard,
)
from rummy_lab.engine.rules import get_rules
from rummy_lab.engine.state import Phase, TableMeld
from rummy_lab.engine.variants.basic import BasicEngine, basic_standing
from rummy_lab.engine.variants.tabled import (
    _new_cards,
    arrange_meld,
    extend_meld,
)
from tests.helpers import play_out_randomly

C = Card.parse

# --------------------------------------------------------------------------- helpers


def deal(
    variant: str,
    hands: Sequence[CardsLike],
    upcard: str,
    top: CardsLike = "",
    *,
    dealer: int = 0,
    **overrides: Any,
) -> Game:
    """A stacked deal: the hands, the upcard, the stock's first cards, then the rest of
    the deck in deck order."""
    r = get_rules(variant, **overrides)
    n = len(hands)
    given = [c for h in hands for c in clean_cards(h)]
    given += [*clean_cards(upcard), *clean_cards(top)]
    rest = Counter(make_deck(r.decks_for(n), r.printed_jokers))
    rest.subtract(given)
    assert all(v >= 0 for v in rest.values()), "a card is used more often than the deck has it"
    stock = [*clean_cards(top), *rest.elements()]
    return new_game(r, players=n, hands=hands, discard=upcard, stock=stock, dealer=dealer)


def play(game: Game, *moves: Move | str) -> Game:
    """Play the moves in order; return the game."""
    for m in moves:
        game.play(m)
    return game


def deck_of(game: Game) -> Counter[Card]:
    r = game.rules
    return Counter(make_deck(r.decks_for(game.players), r.printed_jokers))


def conserved(game: Game) -> bool:
    """Hands + stock + discard pile + table melds are exactly the deck."""
    return Counter(game.state.all_cards()) == deck_of(game)


def _submultisets(cards: Sequence[Card], most: int) -> Iterator[list[Card]]:
    ordered = sorted(cards)
    for k in range(1, most + 1):
        yield from (list(sub) for sub in dict.fromkeys(itertools.combinations(ordered, k)))


def move_universe(game: Game, most: int = 5) -> list[Move]:
    """Candidate moves for legality checks: every sub-multiset of the hand (up to
    ``most`` cards) as a meld and as a lay-off on every table meld (in the engine's
    canonical order when valid), every discard, every draw."""
    st_ = game.state
    hand = st_.hands[st_.current]
    rules = game.rules
    out: list[Move] = [DrawStock(), EndRound(), TakeUpcard(), PassUpcard(), Gin()]
    out += [DrawDiscard(d) for d in range(1, len(st_.discard) + 2)]
    for c in sorted(set(make_deck(1, 1))):
        out += [Discard(c), Knock(c)]
    for sub in _submultisets(hand, most):
        arranged = arrange_meld(sub, rules)
        if len(sub) >= 3:
            out.append(Meld(arranged[0] if arranged else sub))
        for i in range(len(st_.table) + 1):
            after = extend_meld(st_.table[i], sub, st_.current, rules) if i < len(
                st_.table) else None
            out.append(LayOff(_new_cards(st_.table[i], after, st_.current) if after else sub,
                              i))
    return list(dict.fromkeys(out))


def assert_exact_legal_moves(game: Game, most: int = 5) -> None:
    """Every listed move verifies; every verified candidate (canonical form) is listed."""
    legal = game.legal_moves()
    assert len(set(legal)) == len(legal)
    for m in legal:
        game.verify(m)
    for m in move_universe(game, most):
        assert game.can_play(m) == (m in legal), m


def assert_illegal_change_nothing(game: Game, most: int = 4) -> None:
    legal = set(game.legal_moves())
    before = game.to_json()
    for m in move_universe(game, most):
        if m in legal:
            continue
        snapshot = copy.deepcopy(game)
        with pytest.raises(rl.IllegalMove):
            game.play(m)
        assert game == snapshot, m
    assert game.to_json() == before


def _hidden_spots(game: Game, viewer: int) -> list[tuple[list[Card], int]]:
    st_ = game.state
    spots: list[tuple[list[Card], int]] = [(st_.stock, i) for i in range(len(st_.stock))]
    if st_.revealed is None:
        for p in range(st_.players):
            if p == viewer:
                continue
            unknown = Counter(st_.hands[p]) - Counter(st_.known[p])
            spots += [(st_.hands[p], i) for i, c in enumerate(st_.hands[p]) if unknown[c]]
    return spots


def assert_no_leak(game: Game) -> None:
    """Swapping cards a player cannot see (stock, others' unknown cards) leaves that
    player's view unchanged, and others' stock draws never show the card."""
    st_ = game.state
    for viewer in range(game.players):
        view = game.view_for(viewer)
        spots = _hidden_spots(game, viewer)
        pairs = list(zip(spots[::2], spots[1::2], strict=False))[:5]
        if len(spots) >= 2:
            pairs.append((spots[0], spots[-1]))
        for (la, ia), (lb, ib) in pairs:
            other = game.copy()
            ost = other.state

            def same(pile: list[Card], ost: Any = ost) -> list[Card]:
                if pile is st_.stock:
                    return ost.stock  # type: ignore[no-any-return]
                seat = next(i for i, h in enumerate(st_.hands) if h is pile)
                return ost.hands[seat]  # type: ignore[no-any-return]

            pa, pb = same(la), same(lb)
            pa[ia], pb[ib] = pb[ib], pa[ia]
            assert other.view_for(viewer) == view
        for e in view.history:
            if e.player != viewer:
                assert e.drawn is None


HAND_0 = "KS QH JD 10S 9H 8D 6C 5C 4C 2H"  # 74 points
RUMMY_1 = "AS 2S 3S 7H 7D 7C 9C 10C JC KH"


# --------------------------------------------------------------------------- the deal


@pytest.mark.parametrize(("players", "size", "decks"),
                         [(2, 10, 1), (3, 7, 1), (4, 7, 1), (5, 6, 2), (6, 6, 2)])
def test_deal_sizes_and_decks_by_player_count(players: int, size: int, decks: int) -> None:
    g = new_game("basic", players=players, seed=players)
    assert [len(h) for h in g.hands] == [size] * players
    assert len(g.state.all_cards()) == 52 * decks and conserved(g)
    assert len(g.stock) == 52 * decks - size * players - 1 and len(g.discard_pile) == 1
    assert g.phase is Phase.DRAW and g.current_player == 1
    assert g.legal_moves() == [DrawStock(), DrawDiscard()]
    assert isinstance(g.engine, BasicEngine)
    with pytest.raises(ValueError, match="2 to 6 players"):
        new_game("basic", players=7)


def test_stacked_deal_is_exact() -> None:
    g = deal("basic", [HAND_0, RUMMY_1], "KD", "QC 4S")
    assert g.hand(0) == parse_cards(HAND_0) and g.hand(1) == parse_cards(RUMMY_1)
    assert g.stock[:2] == parse_cards("QC 4S") and g.discard_pile == parse_cards("KD")
    assert g.upcard == C("KD") and g.view_for(0).upcard == C("KD")


# --------------------------------------------------------------------------- melds and lay-offs


def table_deal(**overrides: Any) -> Game:
    return deal("basic", ["7S 7H 7D 2C 9D 10D QH 4H 5H 6S", "AS 2S 3S 4S 5S 6H 8H 9H JC QC"],
                "KD", "10H JH", **overrides)


def test_melds_go_on_the_table_and_anyone_lays_off_on_any_meld() -> None:
    g = table_deal()
    play(g, "draw_stock", "meld 10H 9H 8H")
    assert g.state.table == [TableMeld(1, parse_cards("8H 9H 10H"), "run", (1, 1, 1))]
    assert g.history[-1].shown == parse_cards("8H 9H 10H") and len(g.hand(1)) == 8
    play(g, "meld AS 2S 3S 4S 5S", "discard QC", "draw_stock")
    assert g.current_player == 0
    play(g, "lay_off 0 JH", "lay_off 1 6S", "meld 7S 7H 7D")
    run, spades, sevens = g.state.table
    assert run.cards == parse_cards("8H 9H 10H JH") and run.laid_by == (1, 1, 1, 0)
    assert spades.cards.codes == "AS 2S 3S 4S 5S 6S" and spades.laid_by == (1,) * 5 + (0,)
    assert sevens.owner == 0 and sevens.kind == "set"
    play(g, "discard 10D")
    assert g.current_player == 1 and len(g.hand(0)) == 5 and conserved(g)
    assert g.state.data["melded"] == [True, True]


def test_several_cards_laid_off_at_once_and_at_either_end() -> None:
    g = table_deal()
    play(g, "draw_stock", "meld 8H 9H 10H", "discard QC", "draw_stock")
    with pytest.raises(rl.IllegalMove, match="run continues only with 7H or JH"):
        g.play(LayOff("4H 5H", 0))  # 4H 5H do not reach 8H
    assert LayOff("7H JH QH", 0) in g.legal_moves()
    play(g, "lay_off 0 QH 7H JH")  # any order; both ends at once
    run = g.state.table[0]
    assert run.cards.codes == "7H 8H 9H 10H JH QH" and run.laid_by == (0, 1, 1, 1, 0, 0)


def test_layoff_before_first_meld_can_be_forbidden() -> None:
    g = table_deal(layoff_before_first_meld=False)
    play(g, "draw_stock", "meld 8H 9H 10H", "discard QC", "draw_stock")
    assert not [m for m in g.legal_moves() if isinstance(m, LayOff)]
    snapshot = g.to_json()
    with pytest.raises(rl.IllegalMove, match="must make a meld of their own before laying off"):
        g.play("lay_off 0 JH")
    assert g.to_json() == snapshot
    play(g, "meld 7S 7H 7D", "lay_off 0 JH")  # allowed once they have melded
    assert g.state.table[0].laid_by[-1] == 0
    assert table_deal().rules.layoff_before_first_meld  # default: allowed


# --------------------------------------------------------------------------- going out


def test_going_out_by_laying_off_the_last_card_needs_no_discard() -> None:
    g = deal("basic", [HAND_0, RUMMY_1], "KD", "4S 5D QC")
    play(g, "draw_stock", "meld AS 2S 3S", "meld 7H 7D 7C", "discard KH")
    play(g, "draw_stock", "discard 5D", "draw_stock", "meld 9C 10C JC QC")
    assert g.hand(1) == parse_cards("4S") and not g.is_over
    g.play("lay_off 0 4S")
    r = g.result
    assert g.is_over and g.phase is Phase.OVER and r is not None
    assert (r.kind, r.winner, r.points, r.scores) == ("out", 1, 74, (0, 74))
    assert "went out" in r.reason and r.detail.in_hand == (74, 0)
    assert g.state.revealed == (parse_cards(HAND_0), ()) and conserved(g)
    assert g.legal_moves() == []
    with pytest.raises(rl.IllegalMove, match="the hand is over"):
        g.play("draw_stock")


def test_going_out_by_discarding_the_last_card() -> None:
    g = deal("basic", [HAND_0, RUMMY_1], "KD", "4S 5D QC")
    play(g, "draw_stock", "meld AS 2S 3S", "meld 7H 7D 7C", "discard KH")
    play(g, "draw_stock", "discard 5D", "draw_stock", "meld 9C 10C JC QC")
    assert [str(m) for m in g.legal_moves()] == ["lay off 4♠ on meld 0", "discard 4♠"]
    assert g.describe_moves()[-1][1] == "discard 4♠ and go out"
    g.play("discard 4S")
    assert g.result is not None and (g.result.kind, g.result.points) == ("out", 74)
    assert g.discard_pile[-1] == C("4S") and g.state.turn_count == 3


def test_going_rummy_with_a_discard_doubles_the_score() -> None:
    g = deal("basic", [HAND_0, RUMMY_1], "KD", "QC")
    play(g, "draw_stock", "meld AS 2S 3S", "meld 7H 7D 7C", "meld 9C 10C JC QC", "discard KH")
    r = g.result
    assert r is not None and (r.kind, r.winner, r.points, r.scores) == ("rummy", 1, 148, (0, 148))
    assert r.detail.rummy and "went rummy" in r.reason


def test_going_rummy_without_a_discard_and_the_multiplier_knob() -> None:
    hand = "AS 2S 3S 7H 7D 7C 9C 10C JC QC"
    g = deal("basic", [HAND_0, hand], "KD", "KC", rummy_multiplier=3)
    play(g, "draw_stock", "meld AS 2S 3S", "meld 7H 7D 7C", "meld 9C 10C JC QC KC")
    assert g.result is not None and (g.result.kind, g.result.points) == ("rummy", 222)
    assert g.discard_pile == parse_cards("KD")  # no discard was needed


def test_no_rummy_after_an_earlier_meld() -> None:
    g = deal("basic", [HAND_0, RUMMY_1], "KD", "4S 5D QC")
    play(g, "draw_stock", "meld AS 2S 3S", "discard 4S", "draw_stock", "discard 5D")
    play(g, "draw_stock", "meld 7H 7D 7C", "meld 9C 10C JC QC", "discard KH")
    assert g.result is not None and (g.result.kind, g.result.points) == ("out", 74)


def test_card_values_ace_one_faces_ten() -> None:
    g = deal("basic", ["AH AD KS QS JS 10H 2D 3C 5H 9S", RUMMY_1], "KD", "QC")
    play(g, "draw_stock", "meld AS 2S 3S", "meld 7H 7D 7C", "meld 9C 10C JC QC")
    g.play("discard KH")
    assert g.result is not None and g.result.points == 2 * (1 + 1 + 30 + 10 + 2 + 3 + 5 + 9)


# --------------------------------------------------------------------------- the stock runs out


def test_exhausted_stock_turns_the_discard_pile_over_without_shuffling() -> None:
    g = deal("basic", [HAND_0, RUMMY_1], "KD")
    discards: list[Card] = [C("KD")]
    for _ in range(31):
        g.play("draw_stock")
        card = g.state.hands[g.current_player][-1]
        g.play(Discard(card))
        discards.append(card)
        assert conserved(g)
    # 31 stock cards went through the discard pile; all but the top card are the new stock
    assert len(discards) == 32 and g.state.data["restocks"] == 1
    assert g.discard_pile == (discards[-1],)
    assert g.stock == tuple(discards[:-1])  # the first card discarded is the new top
    assert g.stock[0] == C("KD") and g.legal_moves() == [DrawStock(), DrawDiscard()]
    e = g.play("draw_stock")
    assert e.drawn == C("KD") and g.hand(g.current_player)[-1] == C("KD")


# --------------------------------------------------------------------------- jokers


def test_jokers_are_wild_and_stand_for_a_fixed_card() -> None:
    g = deal("basic", [HAND_0, "5H 6H JK 9S 9D 2D 3D 4D QD KD"], "KH", "JK 7H 8H", jokers=2)
    assert len(g.state.all_cards()) == 54 and conserved(g)
    g.play("draw_stock")
    melds = {m.cards.codes for m in g.legal_moves() if isinstance(m, Meld)}
    assert {"5H 6H JK", "JK 5H 6H", "9S 9D JK", "9S 9D JK JK", "2D 3D 4D JK"} <= melds
    said = dict(g.describe_moves())
    assert said[Meld("5H 6H JK")] == "meld 5♥ 6♥ JK: run in hearts (joker for 7♥)"
    assert said[Meld("JK 5H 6H")] == "meld JK 5♥ 6♥: run in hearts (joker for 4♥)"
    play(g, "meld 5H 6H JK", "meld 9S 9D JK", "discard KD", "draw_stock")
    assert g.hand(0)[-1] == C("7H")
    with pytest.raises(rl.IllegalMove, match="jokers hold their places"):
        g.play("lay_off 0 7H")  # the joker is the 7H
    play(g, "discard 7H")
    run = g.state.table[0]
    assert run.cards.codes == "5H 6H JK"
    after = extend_meld(run, parse_cards("8H"), 0, g.rules)
    assert after is not None and after.cards.codes == "5H 6H JK 8H"
    low = extend_meld(run, parse_cards("4H"), 0, g.rules)
    assert low is not None and low.cards.codes == "4H 5H 6H JK"


def test_joker_placed_low_by_the_order_given() -> None:
    g = deal("basic", [HAND_0, "5H 6H JK 9S 9D 2D 3D 4D QD KD"], "KH", "AD", jokers=1)
    play(g, "draw_stock", "meld JK 5H 6H")
    run = g.state.table[0]
    assert run.cards.codes == "JK 5H 6H"
    assert extend_meld(run, parse_cards("3H"), 0, g.rules) is not None  # the joker is 4H
    assert extend_meld(run, parse_cards("4H"), 0, g.rules) is None
    g2 = deal("basic", [HAND_0, "5H 6H JK 9S 9D 2D 3D 4D QD KD"], "KH", "AD", jokers=1)
    play(g2, "draw_stock", "meld 6H JK 5H")  # not a run in this order: rank order, joker on top
    assert g2.state.table[0].cards.codes == "5H 6H JK"


def test_joker_left_in_hand_counts_joker_value() -> None:
    g = deal("basic", ["JK KS QH JD 10S 9H 8D 6C 5C 2H", RUMMY_1], "KD", "QC", jokers=1)
    play(g, "draw_stock", "meld AS 2S 3S", "meld 7H 7D 7C", "meld 9C 10C JC QC", "discard KH")
    assert g.result is not None and g.result.points == 2 * (15 + 40 + 9 + 8 + 6 + 5 + 2)


# --------------------------------------------------------------------------- errors


def test_error_messages_name_the_rule_and_change_nothing() -> None:
    g = table_deal()
    cases: list[tuple[str, str]] = [
        ("meld 8H 9H 10H", "must draw first"),
        ("discard 8H", "must draw first"),
        ("draw_discard 2", "only the top card of the discard pile may be taken"),
        ("end_round", "basic rummy never ends for lack of cards"),
        ("knock 8H", "basic rummy has no knock"),
        ("declare 8H", "declaring is Indian Rummy"),
        ("take_upcard", "no upcard option"),
    ]
    for move, message in cases:
        before = g.to_json()
        with pytest.raises(rl.IllegalMove, match=message):
            g.play(move)
        assert g.to_json() == before
    play(g, "draw_discard")
    for move, message in [
        ("discard KD", "KD was taken from the discard pile this turn"),
        ("meld 8H 9H 10H", "10H is not in player 1's hand"),
        ("meld AS 2S", "at least 3 cards"),
        ("meld QC KD AS", "not a meld"),
        ("meld 8H 9H JC", r"8H 9H JC is not a meld: a run needs consecutive cards of one suit"),
        ("lay_off 0 8H", "there is no table meld 0; the table has 0 melds"),
        ("draw_stock", "has already drawn this turn; now meld, lay off or discard"),
    ]:
        before = g.to_json()
        with pytest.raises(rl.IllegalMove, match=message):
            g.play(move)
        assert g.to_json() == before
    assert g.can_play("meld 8H 9H 6H") is False


def test_only_cards_just_taken_left_may_be_discarded() -> None:
    g = deal("basic", [HAND_0, RUMMY_1], "KD", "4S 5D")
    play(g, "draw_stock", "meld AS 2S 3S", "meld 7H 7D 7C", "discard KH")
    play(g, "draw_stock", "discard 5D", "draw_discard", "meld 9C 10C JC")
    assert g.hand(1) == parse_cards("4S 5D") and Discard("5D") not in g.legal_moves()
    g.play("lay_off 0 4S")  # only 5D, just taken, is left: it may go, or the turn could not end
    assert g.legal_moves() == [Discard("5D")]
    g.play("discard 5D")
    assert g.result is not None and g.result.kind == "out"


# --------------------------------------------------------------------------- exact legal moves


def _samples() -> list[Game]:
    out = [table_deal()]
    out.append(play(table_deal(), "draw_stock"))
    out.append(play(table_deal(), "draw_stock", "meld 8H 9H 10H"))
    out.append(play(table_deal(), "draw_stock", "meld 8H 9H 10H", "discard QC"))
    out.append(play(table_deal(), "draw_stock", "meld 8H 9H 10H", "discard QC", "draw_stock"))
    out.append(play(table_deal(layoff_before_first_meld=False), "draw_stock",
                    "meld 8H 9H 10H", "discard QC", "draw_stock"))
    out.append(play(table_deal(), "draw_discard"))
    jk = deal("basic", [HAND_0, "5H 6H JK 9S 9D 2D 3D 4D QD KD"], "KH", "JK 8H", jokers=2)
    out.append(play(jk, "draw_stock"))
    out.append(play(jk.copy(), "meld 5H 6H JK JK"))
    out.append(play(deal("basic", [HAND_0, RUMMY_1], "KD", "QC"), "draw_stock",
                    "meld AS 2S 3S", "meld 7H 7D 7C", "meld 9C 10C JC QC", "discard KH"))
    five = new_game("basic", players=5, seed=9)
    out.append(play(five, "draw_stock"))
    return out


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_legal_moves_are_exactly_the_verified_ones(game: Game) -> None:
    assert_exact_legal_moves(game)


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_illegal_moves_change_nothing(game: Game) -> None:
    assert_illegal_change_nothing(game)


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_views_leak_nothing_hidden(game: Game) -> None:
    assert_no_leak(game)


def test_views_show_the_table_and_known_cards() -> None:
    g = play(table_deal(), "draw_discard", "discard QC")
    v0 = g.view_for(0)
    assert v0.known[1] == parse_cards("KD") and v0.table == ()
    assert v0.hand_sizes == (10, 10) and v0.is_my_turn
    play(g, "draw_stock", "discard 2C", "draw_stock", "meld AS 2S 3S")
    v0 = g.view_for(0)
    assert v0.table == tuple(g.state.table) and v0.hand_sizes[1] == 8


# --------------------------------------------------------------------------- JSON


def test_json_round_trip_through_a_whole_hand() -> None:
    g = deal("basic", [HAND_0, RUMMY_1], "KD", "4S 5D QC")
    moves = ["draw_stock", "meld AS 2S 3S", "meld 7H 7D 7C", "discard KH", "draw_stock",
             "discard 5D", "draw_stock", "meld 9C 10C JC QC", "lay_off 0 4S"]
    for m in moves:
        g.play(m)
        back = Game.from_json(g.to_json())
        assert back == g and back.to_json() == g.to_json()
    assert back.result is not None and back.result.points == 74


def test_json_rejects_a_tampered_table() -> None:
    g = play(table_deal(), "draw_stock", "meld 8H 9H 10H", "discard QC", "draw_stock",
             "lay_off 0 JH")
    text = g.to_json()
    with pytest.raises(ValueError, match=r"state\.table does not match"):
        Game.from_json(text.replace('"laid_by": [1, 1, 1, 0]', '"laid_by": [1, 1, 1, 1]'))
    with pytest.raises(ValueError, match=r"state\.data does not match"):
        Game.from_json(text.replace('"melded": [false, true]', '"melded": [true, true]'))


# --------------------------------------------------------------------------- matches and bots


def test_match_to_target_with_greedy_bots() -> None:
    m = new_match("basic", players=3, seed=4)
    play_match(m, [GreedyTableBot()] * 3, random.Random(1))
    assert m.is_over and m.winner is not None
    totals = [0, 0, 0]
    for i, g in enumerate(m.games):
        assert g.dealer == i % 3  # the deal passes to the left
        assert g.result is not None
        for p, s in enumerate(g.result.scores):
            totals[p] += s
    assert m.totals == tuple(totals) and max(totals) >= 100 == m.rules.target
    assert m.totals[m.winner] == max(totals)


def test_basic_standing_first_to_target() -> None:
    s = basic_standing([(0, 40), (70, 0), (0, 64)], 2, 100)
    assert (s.totals, s.winner, s.finished) == ((70, 104), 1, True)
    assert not basic_standing([(0, 40)], 2, 100).finished
    with pytest.raises(ValueError, match="needs 2 scores"):
        basic_standing([(1, 2, 3)], 2, 100)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_greedy_bot_beats_random_bots(players: int) -> None:
    wins = 0
    for seed in range(12):
        g = new_game("basic", players=players, seed=seed, dealer=seed % players)
        bots: list[Bot] = [GreedyTableBot(), *[RandomBot()] * (players - 1)]
        r = play_hand(g, bots, random.Random(seed))
        wins += r.winner == 0
    assert wins >= 9


def test_greedy_bot_takes_the_discard_only_to_meld() -> None:
    g = deal("basic", ["7H 8H KS QD 2C 3D 5S 6C JC 4D", "AS AH AD 2S 2H 3S 4C 5C 6D 9S"],
             "9H", dealer=1)
    assert GreedyTableBot().choose(g.view_for(0), random.Random(0)) == DrawDiscard()
    play(g, "draw_discard")
    bot = GreedyTableBot()
    assert bot.choose(g.view_for(0), random.Random(0)) == Meld("7H 8H 9H")
    play(g, "meld 7H 8H 9H")
    assert bot.choose(g.view_for(0), random.Random(0)) == Discard("JC")  # highest, last


# --------------------------------------------------------------------------- properties


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), jokers=st.sampled_from([0, 0, 2]))
def test_random_play_conserves_cards_and_ends(seed: int, players: int, jokers: int) -> None:
    rng = random.Random(seed)
    g = new_game("basic", players=players, seed=seed, rules={"jokers": jokers},
                 dealer=seed % players)
    play_out_randomly(g, rng, check=assert_no_leak, every=97)
    r = g.result
    assert r is not None and r.kind in ("out", "rummy", "max_turns")
    if r.kind == "max_turns":
        assert r.winner is None and "max_turns=1000" in r.reason
        assert g.state.turn_count == 1000
    else:
        assert r.points == sum(r.detail.in_hand) * (2 if r.kind == "rummy" else 1)
        assert r.winner is not None and not g.hand(r.winner)
    assert_no_leak(g)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_max_turns_safeguard_is_reported(seed: int, players: int) -> None:
    rng = random.Random(seed)
    g = new_game("basic", players=players, seed=seed, rules={"max_turns": 12})
    while not g.is_over:
        legal = g.legal_moves()
        discards = [m for m in legal if isinstance(m, (Discard, DrawStock))]
        g.play(rng.choice(discards or legal))
    assert g.result is not None and g.result.kind == "max_turns"
    assert g.result.scores == (0,) * players and "ends as a draw" in g.result.reason


def test_top_level_api() -> None:
    g = rl.new_game("basic", players=4, seed=1)
    assert isinstance(g, rl.Game) and len(g.hand(0)) == 7
    assert isinstance(rl.new_match("basic", seed=1), rl.Match)
    assert Hand(parse_cards("7S")) == (C("7S"),)
