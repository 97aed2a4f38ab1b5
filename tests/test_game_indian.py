"""Indian Rummy played through the state machine: scripted deals, drops, declarations
(valid and wrong), jokers and the wild rank, the cap, Points/Pool/Deals matches, JSON,
views, bots and random-play properties."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummy_lab as rl
from rummy_lab.bots import RandomBot, play_hand, play_match
from rummy_lab.bots.indian import GreedyIndianBot, pure_draws
from rummy_lab.engine.cards import Card, make_deck, parse_cards
from rummy_lab.engine.game import Game, new_game
from rummy_lab.engine.match import IndianMatch, new_match
from rummy_lab.engine.moves import Declare, Discard, DrawDiscard, DrawStock, Drop, Knock, Move
from rummy_lab.engine.rules import get_rules
from rummy_lab.engine.solver import best_discard, deadwood
from rummy_lab.engine.state import Phase
from rummy_lab.engine.variants import engine_for
from rummy_lab.engine.variants.indian import IndianDeal, IndianEngine
from rummy_lab.indian import (
    DealsStanding,
    PointsStanding,
    PoolStanding,
    check_declaration,
    count_points,
    deals_standings,
    points_standings,
    pool_standings,
)
from tests.helpers import move_universe, play, rest_of_deck

C = Card.parse
DECK = Counter(make_deck(2, 4))

# Player 1 (first to move when player 0 deals) holds three pure sequences, a set and 4D:
# drawing QS makes 10S JS QS, and 4D goes to the finish slot.
WINNER = "2C 3C 4C 5H 6H 7H 8H KS KD KC 10S JS 4D"
# Wild rank 9: 9H and 9C are jokers; best arrangement 7S 7D 7C 9C, AS 2S 3S, QH KH 9H.
LOSER = "AS 2S 3S 7D 7C 7S 9H 9C KH QH JC 5D 6C"  # counts 5D 6C JC = 21
HIGH = "KS QH JD 10C 9S 8H KD QC JS 5H 4S AC 3D"  # no pure sequence: 109, capped at 80
OTHER = "AD 2D 3D 5C 6C 7C JH KH 2H 4S 8D 10S 3S"


def deal(
    hands: list[str],
    wild: str,
    open_card: str,
    top: str = "",
    *,
    dealer: int = 0,
    rules: str = "indian",
    **overrides: object,
) -> Game:
    """A stacked Indian deal: hands by seat, the wild card, the open card, the stock's first
    cards (then the rest of the deck in deck order)."""
    r = get_rules(rules, **overrides)
    used = " ".join(hands) + f" {wild} {open_card}"
    stock = rest_of_deck(used, top, r)
    return new_game(r, players=len(hands), hands=hands, stock=stock, discard=open_card,
                    wild_card=wild, dealer=dealer)


def intact(game: Game) -> bool:
    return Counter(game.state.all_cards()) == Counter(
        make_deck(game.rules.decks_for(game.players), game.rules.printed_jokers))


def detail(game: Game) -> IndianDeal:
    assert game.result is not None and isinstance(game.result.detail, IndianDeal)
    return game.result.detail


# --------------------------------------------------------------------------- the deal


@pytest.mark.parametrize(("players", "stock"), [(2, 80), (4, 54), (6, 28)])
def test_seeded_deal_two_decks_four_jokers_wild_card_and_open_card(
    players: int, stock: int
) -> None:
    g = new_game("indian", seed=11, players=players)
    assert g == new_game("indian", seed=11, players=players)
    assert [len(h) for h in g.hands] == [13] * players
    assert len(g.stock) == stock and len(g.discard_pile) == 1 and g.wild_card is not None
    assert sum(DECK.values()) == 108 and Counter(g.state.all_cards()) == DECK
    assert g.phase is Phase.DRAW and g.current_player == 1
    engine = engine_for(g.rules)
    assert isinstance(engine, IndianEngine)
    assert engine.wild_rank(g.state) == rl.indian.wild_rank_of(g.wild_card)
    assert g.legal_moves() == [DrawStock(), DrawDiscard(), Drop()]


def test_the_wild_card_is_turned_after_the_hands_and_before_the_open_card() -> None:
    rules = get_rules("indian")
    engine = engine_for(rules)
    deck = engine.deck(rules, 3)
    random.Random(5).shuffle(deck)
    d = engine.deal(rules, 3, 2, random.Random(5))
    assert d.hands[0][0] == deck[0] and d.hands[1][0] == deck[1] and d.hands[2][0] == deck[2]
    assert d.wild_card == deck[39] and d.discard == (deck[40],) and d.stock[0] == deck[41]


def test_one_deck_is_an_option_for_two_players_only() -> None:
    g = new_game("indian", seed=2, rules={"decks": 1})
    assert len(g.state.all_cards()) == 56 and intact(g) and len(g.stock) == 28
    with pytest.raises(ValueError, match=r"single deck \(decks=1\) is for two players"):
        new_game("indian", seed=2, players=3, rules={"decks": 1})


def test_stacked_deal_is_exact_and_checked() -> None:
    g = deal([LOSER, WINNER], "9D", "4H", "QS")
    assert g.hand(1) == parse_cards(WINNER) and g.stock[0] == C("QS")
    assert g.wild_card == C("9D") and g.discard_pile == (C("4H"),) and intact(g)
    with pytest.raises(ValueError, match="player 1 is dealt 12 cards; indian-points deals 13"):
        new_game("indian", hands=[LOSER, WINNER[3:]], wild_card="9D", discard="4H", seed=1)
    # no wild card given: it comes from the seed, like the rest
    h = new_game("indian", hands=[LOSER, WINNER], seed=4)
    assert h.wild_card is not None and intact(h)


# --------------------------------------------------------------------------- declarations


def test_valid_declaration_wins_and_losers_pay_their_count() -> None:
    g = deal([LOSER, WINNER], "9D", "4H", "QS")
    play(g, "draw_stock")
    assert Declare("4D") in g.legal_moves()
    assert [m for m in g.legal_moves() if isinstance(m, Declare)] == [Declare("4D")]
    ev = g.play(Declare("4D"))
    r = g.result
    assert r is not None and (r.kind, r.winner, r.scores, r.points) == ("declare", 1, (21, 0), 21)
    assert count_points(LOSER, wild_rank=9) == 21
    assert ev.shown == tuple(g.hand(1)) and len(g.hand(1)) == 13
    assert C("4D") in g.state.set_aside and intact(g)  # the finish slot
    d = detail(g)
    assert d.outcomes == ("count", "won") and d.counts == (21, None) and d.wild_rank == 9
    assert d.declaration is not None and d.declaration.valid and d.winnings == 21
    assert g.state.revealed is not None and g.view_for(1).revealed == g.state.revealed
    assert "player 1 declared a valid hand" in r.reason and "player 0 counts 21" in r.reason


def test_points_winnings_use_the_point_value() -> None:
    g = deal([LOSER, WINNER, HIGH], "9D", "4H", "QS", point_value=5)
    play(g, "draw_stock", "declare 4D")
    d = detail(g)
    assert g.result is not None and g.result.scores == (21, 0, 80)
    assert d.winnings == 505 and d.net == (-105, 505, -400)
    assert "winnings 505" in g.result.reason
    s = points_standings([g.result], g.rules)
    assert s.winner == 1 and s.winnings == d.net and s.finished


@pytest.mark.parametrize(
    ("shown", "wild", "why"),
    [
        # no pure sequence: both sequences lean on a printed joker
        ("5H 6H JK 8C 9C JK KS KD KC QS QD QH QC", "2D", "no pure sequence"),
        # a set with two cards of one suit (two decks make duplicates possible)
        ("2C 3C 4C 5H 6H 7H 8H 7S 7S 7D 9D 9C 9H", "10D", "a set needs different suits"),
        # K-A-2 does not wrap
        ("2C 3C 4C 5H 6H 7H 8H KS AS 2S 9D 9C 9H", "10D", "the ace is high or low, never both"),
    ],
)
def test_wrong_declaration_costs_80_and_hands_two_player_deal_to_the_other(
    shown: str, wild: str, why: str
) -> None:
    assert not check_declaration(shown, wild_rank=rl.indian.wild_rank_of(wild))
    g = deal([OTHER, shown], wild, "4H", "4D")
    play(g, "draw_stock")
    assert not [m for m in g.legal_moves() if isinstance(m, Declare)]  # not offered...
    assert g.can_play(Declare("4D"))  # ...yet playable, as a wrong declaration
    g.play(Declare("4D"))
    r = g.result
    assert r is not None and (r.kind, r.winner, r.scores) == ("wrong_declaration", 0, (0, 80))
    assert g.state.data["out"] == [None, "wrong_declaration"]
    (p, card, reason), = g.state.data["wrong_declarations"]
    assert (p, card) == (1, "4D") and why in reason
    assert detail(g).outcomes == ("won", "wrong_declaration") and intact(g)


def test_wrong_declaration_with_three_players_play_continues_for_the_others() -> None:
    bad = "5H 6H JK 8C 9C JK KS KD KC QS QD QH QC"
    g = deal([LOSER, bad, WINNER], "2D", "4H", "10D JD")
    play(g, "draw_stock", "declare 10D")
    assert not g.is_over and g.current_player == 2 and g.phase is Phase.DRAW
    assert g.state.data["out"] == [None, "wrong_declaration", None]
    for viewer in (0, 2):  # the 13 shown cards stay face up for everyone
        assert Counter(g.view_for(viewer).known[1]) == Counter(parse_cards(bad))
    assert len(g.hand(1)) == 13 and intact(g)
    play(g, "draw_stock", "discard JD", "draw_stock")  # player 2 plays, player 1 is skipped
    assert g.current_player == 0
    play(g, "discard 2S")
    assert g.current_player == 2
    play(g, "drop")  # player 2 has drawn before: a middle drop leaves player 0 alone
    r = g.result
    assert r is not None and (r.kind, r.winner, r.scores) == ("drop", 0, (0, 80, 40))
    assert "declared wrongly (80)" in r.reason and "dropped in the middle (40)" in r.reason


def test_valid_declaration_after_a_wrong_one_charges_the_wrong_declarer_80() -> None:
    bad = "5H 6H JK 8C 9C JK KS KD KC QS QD QH QC"
    g = deal([LOSER, bad, WINNER], "2D", "4H", "10D QS")
    play(g, "draw_stock", "declare 10D", "draw_stock", "declare 4D")
    r = g.result
    assert r is not None and (r.kind, r.winner) == ("declare", 2)
    assert r.scores == (count_points(LOSER, wild_rank=2), 80, 0)
    assert detail(g).outcomes == ("count", "wrong_declaration", "won")


def test_the_loser_count_is_capped_at_80() -> None:
    g = deal([HIGH, WINNER], "2D", "4H", "QS")
    play(g, "draw_stock", "declare 4D")
    assert g.result is not None and g.result.scores == (80, 0)
    assert detail(g).counts == (109, None) and "capped from 109" in g.result.reason
    h = deal([HIGH, WINNER], "2D", "4H", "QS", max_points=120)
    play(h, "draw_stock", "declare 4D")
    assert h.result is not None and h.result.scores == (109, 0)


# --------------------------------------------------------------------------- jokers, wild rank


def test_a_wild_card_at_its_natural_place_keeps_a_sequence_pure() -> None:
    # wild rank 7: 6H 7H 8H is the only pure sequence; 7C stands in for 5C in 4C 7C 6C
    hand = "6H 7H 8H 4C 7C 6C KS KD KC AS AD AH 2D"
    g = deal([LOSER, hand], "7D", "4H", "AC")
    play(g, "draw_stock")
    assert Declare("2D") in g.legal_moves()
    play(g, "declare 2D")
    assert g.result is not None and g.result.kind == "declare" and g.result.winner == 1
    melds = detail(g).declaration.partition.melds  # type: ignore[union-attr]
    pure = [m for m in melds if m.kind == "run" and m.is_pure]
    assert [str(m) for m in pure] == ["6H 7H 8H"]
    # the same cards with wild rank 5: no wild card, and 4C 6C 7C is no sequence
    assert not check_declaration(hand.replace("2D", "AC"), wild_rank=5)


def test_a_printed_joker_as_wild_card_makes_aces_wild() -> None:
    hand = "QS KS 2D 3D AH 9C 9D 9H 5S 6S 7S 8S 10C"
    g = deal([LOSER, hand], "JK", "4H", "AS")
    assert engine_for(g.rules).wild_rank(g.state) == 1  # type: ignore[attr-defined]
    play(g, "draw_stock")  # AS: QS KS AS is pure (an ace at its own place), AH fills 4D
    assert Declare("10C") in g.legal_moves()
    play(g, "declare 10C")
    assert g.result is not None and g.result.winner == 1


def test_jokers_and_wild_cards_count_zero_for_losers() -> None:
    loser = "JK 9H 9C 9S KD QD 5C 2H 3S 7D 8C 4H 6S"
    g = deal([loser, WINNER], "9D", "4D", "QS")
    play(g, "draw_stock", "declare 4D")
    assert g.result is not None
    assert g.result.scores[0] == count_points(loser, wild_rank=9)
    assert g.result.scores[0] == min(80, 10 + 10 + 5 + 2 + 3 + 7 + 8 + 4 + 6)


# --------------------------------------------------------------------------- drops


def test_first_drop_before_drawing_costs_20() -> None:
    g = deal([LOSER, WINNER, HIGH], "9D", "4H", "QS")
    play(g, "drop")
    assert not g.is_over and g.current_player == 2 and g.state.data["out"][1] == "first_drop"
    play(g, "drop")
    r = g.result
    assert r is not None and (r.kind, r.winner, r.scores) == ("drop", 0, (0, 20, 20))
    assert detail(g).outcomes == ("won", "first_drop", "first_drop") and intact(g)


def test_middle_drop_after_drawing_costs_40_and_pool_201_uses_25_50() -> None:
    g = deal([LOSER, WINNER], "9D", "4H", "QS")
    play(g, "draw_stock", "discard 4D", "drop")  # player 0 has not drawn yet: first drop
    assert g.result is not None and g.result.scores == (20, 0)
    h = deal([LOSER, WINNER], "9D", "4H", "QS 2H")
    play(h, "draw_stock", "discard 4D", "draw_stock", "discard 2H", "drop")
    assert h.result is not None and (h.result.winner, h.result.scores) == (0, (0, 40))
    k = deal([LOSER, WINNER], "9D", "4H", "QS 2H", rules="indian-pool-201")
    play(k, "drop")
    assert k.result is not None and k.result.scores == (0, 25)
    k2 = deal([LOSER, WINNER], "9D", "4H", "QS 2H", rules="indian-pool-201")
    play(k2, "draw_stock", "discard 4D", "draw_stock", "discard 2H", "drop")
    assert k2.result is not None and k2.result.scores == (0, 50)


def test_taking_the_open_card_counts_as_a_draw_for_the_middle_drop() -> None:
    g = deal([LOSER, WINNER], "9D", "4H", "QS 2H")
    play(g, "draw_discard", "discard 4D", "draw_stock", "discard QS", "drop")
    assert g.result is not None and g.result.scores == (0, 40)


def test_dropping_after_drawing_this_turn_is_refused() -> None:
    g = deal([LOSER, WINNER], "9D", "4H", "QS")
    play(g, "draw_stock")
    with pytest.raises(rl.IllegalMove, match="drops at the start of a turn, before drawing"):
        g.play(Drop())


# --------------------------------------------------------------------------- rules and errors


def test_error_messages_name_the_rule() -> None:
    g = deal([LOSER, WINNER], "9D", "4H", "QS")
    with pytest.raises(rl.IllegalMove, match="must draw first"):
        g.play(Declare("4D"))
    with pytest.raises(rl.IllegalMove, match="knocking is Gin Rummy"):
        g.play(Knock("4D"))
    with pytest.raises(rl.IllegalMove, match="upcard option is Gin Rummy"):
        g.play("take_upcard")
    play(g, "draw_discard")
    with pytest.raises(rl.IllegalMove, match="4H was taken from the open pile this turn"):
        g.play(Declare("4H"))
    with pytest.raises(rl.IllegalMove, match="cannot be discarded"):
        g.play(Discard("4H"))
    with pytest.raises(rl.IllegalMove, match="AH is not in player 1's hand"):
        g.play(Declare("AH"))
    with pytest.raises(rl.IllegalMove, match="only the top card"):
        deal([LOSER, WINNER], "9D", "4H").play(DrawDiscard(2))
    over = play(deal([LOSER, WINNER], "9D", "4H"), "drop")
    with pytest.raises(rl.IllegalMove, match="the hand is over"):
        over.play("draw_stock")


def _samples() -> list[Game]:
    three = [LOSER, WINNER, "5H 6H JK 8C 9C JK KS KD KC QS QD QH QC"]
    return [
        deal([LOSER, WINNER], "9D", "4H", "QS"),
        play(deal([LOSER, WINNER], "9D", "4H", "QS"), "draw_stock"),
        play(deal([LOSER, WINNER], "9D", "4H", "QS"), "draw_discard"),
        play(deal([LOSER, WINNER], "9D", "4H", "QS"), "draw_stock", "discard 4D"),
        play(deal([LOSER, WINNER], "9D", "4H", "QS"), "draw_stock", "declare 4D"),
        play(deal(three, "2D", "4H", "2S 10D"), "draw_stock", "discard 2S", "draw_stock",
             "declare 10D"),
        play(deal(three, "2D", "4H", "2S"), "drop", "draw_stock"),
        play(deal([LOSER, WINNER], "9D", "4H", max_turns=2), "draw_stock", "discard 4D",
             "draw_stock", "discard 2S"),
    ]


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_legal_moves_are_the_verified_ones_except_wrong_declarations(game: Game) -> None:
    legal = game.legal_moves()
    assert len(set(legal)) == len(legal)
    wild = engine_for(game.rules).wild_rank(game.state)  # type: ignore[attr-defined]
    hand = game.hand(game.current_player)
    for m in move_universe(game):
        if isinstance(m, Declare) and game.can_play(m) and m not in legal:
            rest = list(hand)
            rest.remove(m.card)
            assert not check_declaration(rest, wild_rank=wild).valid  # a wrong declaration
            continue
        assert game.can_play(m) == (m in legal), m
    for m in legal:
        if isinstance(m, Declare):
            rest = list(hand)
            rest.remove(m.card)
            assert check_declaration(rest, wild_rank=wild).valid


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_illegal_moves_change_nothing(game: Game) -> None:
    before = game.to_json()
    for m in move_universe(game):
        if game.can_play(m):
            continue
        snapshot = copy.deepcopy(game)
        with pytest.raises(rl.IllegalMove):
            game.play(m)
        assert game == snapshot, m
    for p in range(game.players):
        if p != game.current_player or game.is_over:
            snapshot = copy.deepcopy(game)
            with pytest.raises(rl.IllegalMove):
                game.play(Drop(), player=p)
            assert game == snapshot
    assert game.to_json() == before


def test_max_turns_makes_the_deal_void_and_says_so() -> None:
    g = play(deal([LOSER, WINNER], "9D", "4H", max_turns=2), "draw_stock", "discard 4D",
             "draw_stock", "discard 2S")
    r = g.result
    assert r is not None and (r.kind, r.winner, r.scores) == ("max_turns", None, (0, 0))
    assert "max_turns=2" in r.reason and detail(g).outcomes == ("void", "void")


def test_an_empty_stock_is_refilled_from_the_open_pile_except_its_top_card() -> None:
    g = new_game("indian", seed=9)
    while not g.state.data["reshuffles"]:
        assert len(g.stock) + len(g.discard_pile) == 81
        drawn = g.play("draw_stock").drawn
        assert drawn is not None
        g.play(Discard(drawn))
    # the stock ran out on the last draw: the open pile, but its top, became the stock
    assert g.state.data["reshuffles"] == 1 and len(g.discard_pile) == 1
    assert len(g.stock) == 80 and intact(g) and g.phase is Phase.DRAW
    again = new_game("indian", seed=9)
    for m in g.moves():
        again.play(m)
    assert again == g  # the reshuffle is seeded: replays give the same stock
    assert Game.from_json(g.to_json()) == g


# --------------------------------------------------------------------------- views and JSON


def _hidden_spots(game: Game, viewer: int) -> list[tuple[list[Card], int]]:
    st = game.state
    spots = [(st.stock, i) for i in range(len(st.stock))]
    spots += [(st.set_aside, i) for i in range(len(st.set_aside))]
    if st.revealed is None:
        for p in range(st.players):
            if p != viewer:
                unknown = Counter(st.hands[p]) - Counter(st.known[p])
                spots += [(st.hands[p], i) for i, c in enumerate(st.hands[p]) if unknown[c]]
    return spots


def _pile_in(copy_game: Game, game: Game, pile: list[Card]) -> list[Card]:
    st, cst = game.state, copy_game.state
    if pile is st.stock:
        return cst.stock
    if pile is st.set_aside:
        return cst.set_aside
    return cst.hands[next(i for i, h in enumerate(st.hands) if h is pile)]


def assert_no_leak(game: Game) -> None:
    """Swapping any two cards a viewer cannot see leaves that viewer's view unchanged."""
    for viewer in range(game.players):
        view = game.view_for(viewer)
        assert view.wild_card == game.wild_card  # public
        spots = _hidden_spots(game, viewer)
        pairs = list(zip(spots[::2], spots[1::2], strict=False))[:6]
        if len(spots) > 2:
            pairs.append((spots[0], spots[-1]))
        for (la, ia), (lb, ib) in pairs:
            other = game.copy()
            pa, pb = _pile_in(other, game, la), _pile_in(other, game, lb)
            pa[ia], pb[ib] = pb[ib], pa[ia]
            assert other.view_for(viewer) == view
        for e in view.history:
            assert e.player == viewer or e.drawn is None


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_views_hide_other_hands_and_the_stock_but_show_the_wild_card(game: Game) -> None:
    assert_no_leak(game)
    v = game.view_for(0)
    assert v.hand == game.hand(0) and v.stock_count == len(game.stock)
    assert v.wild_card == game.wild_card and v.hand_sizes == tuple(len(h) for h in game.hands)


@pytest.mark.parametrize("game", _samples(), ids=repr)
def test_json_round_trip_keeps_the_wild_card_and_everything_else(game: Game) -> None:
    text = game.to_json()
    back = Game.from_json(text)
    assert back == game and back.wild_card == game.wild_card
    assert json.loads(text)["deal"]["wild_card"] == game.wild_card.code  # type: ignore[union-attr]
    if game.result is not None:
        assert back.result is not None and back.result.detail == game.result.detail


def test_json_with_a_tampered_wild_card_is_rejected() -> None:
    g = play(deal([LOSER, WINNER], "9D", "4H", "QS"), "draw_stock")
    doc = json.loads(g.to_json())
    doc["deal"]["wild_card"] = "9S"
    with pytest.raises(ValueError, match="deal does not add up"):
        Game.from_json(json.dumps(doc))
    doc = json.loads(g.to_json())
    doc["state"]["data"]["out"] = [None, "first_drop"]
    with pytest.raises(ValueError, match=r"state\.data does not match"):
        Game.from_json(json.dumps(doc))


# --------------------------------------------------------------------------- properties


def _random_move(game: Game, rng: random.Random, drop_rate: float, wrong_rate: float) -> Move:
    legal = game.legal_moves()
    st = game.state
    if st.phase is Phase.DISCARD and rng.random() < wrong_rate:
        options = [c for c in st.hands[st.current] if c not in st.pickup]
        return Declare(rng.choice(options))  # valid or (much more likely) wrong
    moves = [m for m in legal if not isinstance(m, Drop)] or legal
    if Drop() in legal and rng.random() < drop_rate:
        return Drop()
    return rng.choice(moves)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6),
       max_turns=st.sampled_from([40, 400]), drop_rate=st.sampled_from([0.0, 0.02, 0.3]))
def test_random_play_conserves_all_108_cards_and_always_ends(
    seed: int, players: int, max_turns: int, drop_rate: float
) -> None:
    rng = random.Random(seed)
    g = new_game("indian", seed=seed, players=players, dealer=seed % players,
                 rules={"max_turns": max_turns})
    steps = 0
    while not g.is_over:
        assert Counter(g.state.all_cards()) == DECK
        assert g.legal_moves()
        g.play(_random_move(g, rng, drop_rate, 0.01))
        steps += 1
        if steps % 25 == 0:
            assert_no_leak(g)
    assert Counter(g.state.all_cards()) == DECK
    assert steps <= 2 * max_turns + players
    r = g.result
    assert r is not None and r.kind in ("declare", "drop", "wrong_declaration", "max_turns")
    if r.kind == "max_turns":
        assert r.winner is None and g.state.turn_count == max_turns and "max_turns" in r.reason
    else:
        assert r.winner is not None and r.scores[r.winner] == 0 and r.points == sum(r.scores)
    assert_no_leak(g)
    assert Game.from_json(g.to_json()) == g


# --------------------------------------------------------------------------- matches


def indian_match(preset: str, players: int = 2, seed: int = 0, **rules: object) -> IndianMatch:
    m = new_match(preset, players=players, seed=seed, rules=rules or None)
    assert isinstance(m, IndianMatch)
    return m


def _drop_deal(m: IndianMatch, droppers: int) -> None:
    """The first ``droppers`` players to move drop (first drop)."""
    for _ in range(droppers):
        m.play(Drop())


def test_points_match_is_one_deal() -> None:
    m = indian_match("indian", 3, 4, point_value=2)
    assert isinstance(m, IndianMatch) and m.totals == (0, 0, 0) and not m.is_over
    _drop_deal(m, 2)
    assert m.is_over and m.winner == 0 and m.totals == (0, 20, 20)
    st = m.standing
    assert isinstance(st, PointsStanding) and st.winnings == (80, -40, -40)
    with pytest.raises(rl.IllegalMove, match="match is over"):
        m.next_hand()


def test_points_match_deals_again_after_a_void_deal() -> None:
    m = indian_match("indian", 2, 4, max_turns=1)
    m.play("draw_stock")
    m.play(Discard(m.current_game.hand(1)[0]))
    assert m.current_game.result is not None and m.current_game.result.kind == "max_turns"
    assert not m.is_over
    m.next_hand()
    _drop_deal(m, 1)
    assert m.is_over and len(m.results) == 2


def test_pool_match_to_elimination_with_a_rejoin() -> None:
    m = indian_match("indian-pool-101", 3, 7, rejoin=True)
    # deal 1 (dealer 0; 1, 2, 0 move): player 1 declares wrongly, player 2 drops
    m.play("draw_stock")
    m.play(Declare(m.current_game.hand(1)[0]))
    assert m.current_game.result is None  # play goes on
    m.play("drop")
    assert m.totals == (0, 80, 20)
    # deal 2 (dealer 1): player 2 plays a turn, players 0 and 1 drop first
    m.next_hand()
    m.play("draw_stock")
    m.play(Discard(m.current_game.hand(2)[0]))
    _drop_deal(m, 2)
    assert m.totals == (20, 100, 20) and m.standing.remaining == (0, 1, 2)  # type: ignore[union-attr]
    # deal 3 (dealer 2): player 0 plays a turn, player 1 drops (120: out), player 2 drops
    m.next_hand()
    m.play("draw_stock")
    m.play(Discard(m.current_game.hand(0)[0]))
    _drop_deal(m, 2)
    st = m.standing
    assert isinstance(st, PoolStanding)
    assert m.totals == (20, 120, 40) and st.eliminated == (1,) and not m.is_over
    # deal 4: player 1 sits out (dealt nothing); the deal skips the seat
    assert m.seats_for_next_deal() == (0, 2)
    g = m.next_hand()
    assert g.dealer == 0 and m.seats == (0, 2) and len(g.hand(1)) == 0
    assert g.current_player == 2 and intact(g)
    with pytest.raises(rl.IllegalMove, match="between deals"):
        m.rejoin(1)
    _drop_deal(m, 1)
    assert m.totals == (20, 120, 60) and g.result is not None and g.result.scores[1] == 0
    # rejoin: nobody remaining is above 79, so player 1 comes back at 60 + 1
    assert m.can_rejoin(1) and not m.can_rejoin(0)
    with pytest.raises(rl.IllegalMove, match="player 0 is still in the pool"):
        m.rejoin(0)
    assert m.rejoin(1) == 61 and m.rejoins == ((4, 1),)
    assert m.totals == (20, 61, 60)
    g = m.next_hand()
    assert list(m.seats) == [0, 1, 2] and [len(h) for h in g.hands] == [13, 13, 13]
    # play on with drops until one player is left
    while not m.is_over:
        _drop_deal(m, len(m.seats) - 1)
        st = m.standing
        assert isinstance(st, PoolStanding)
        assert st == pool_standings(m.results, m.rules, players=3, rejoins=m.rejoins)
        if st.eliminated and not st.finished and max(m.totals[p] for p in st.remaining) > 79:
            assert not m.can_rejoin(st.eliminated[0])
            with pytest.raises(rl.IllegalMove, match="rejoining is closed"):
                m.rejoin(st.eliminated[0])
        if not m.is_over:
            m.next_hand()
    st = m.standing
    assert isinstance(st, PoolStanding) and st.finished and st.remaining == (m.winner,)
    assert all(m.totals[p] >= 101 for p in st.eliminated)


def test_pool_without_rejoin_and_with_two_players_ends_at_the_first_elimination() -> None:
    m = indian_match("indian-pool-201", 2, 3)
    bots = [GreedyIndianBot(), GreedyIndianBot()]
    play_match(m, bots, random.Random(3))
    st = m.standing
    assert isinstance(st, PoolStanding) and m.is_over and st.rejoin_limit is None
    assert max(m.totals) >= 201 and m.totals[m.winner] < 201  # type: ignore[index]
    assert not m.can_rejoin(st.eliminated[0])


def test_deals_match_with_a_chip_tie_plays_an_extra_deal() -> None:
    m = indian_match("indian-deals", 2, 5)
    assert m.totals == (160, 160)  # 80 x 2 deals each
    _drop_deal(m, 1)  # dealer 0: player 1 drops first: 20 chips to player 0
    assert m.totals == (180, 140)
    m.next_hand()
    _drop_deal(m, 1)  # dealer 1: player 0 drops: 20 chips back
    st = m.standing
    assert isinstance(st, DealsStanding)
    assert m.totals == (160, 160) and st.deals_played == 2 and not m.is_over
    assert st.leaders == (0, 1)
    m.next_hand()  # the tie-breaking deal (dealer 0 again)
    m.play("draw_stock")
    m.play(Discard(m.current_game.hand(1)[0]))
    m.play("draw_stock")
    m.play(Discard(m.current_game.hand(0)[0]))
    m.play("drop")  # player 1, after drawing: middle drop, 40 chips to player 0
    st = m.standing
    assert isinstance(st, DealsStanding)
    assert m.is_over and m.winner == 0 and m.totals == (200, 120) and st.extra_deals == 1
    assert st == deals_standings(m.results, m.rules)


def test_matches_deal_reproducibly_and_the_first_deal_is_new_game() -> None:
    a = new_match("indian-pool-101", players=4, seed=12, dealer=2)
    b = new_match("indian-pool-101", players=4, seed=12, dealer=2)
    assert a.current_game == b.current_game and a.current_game.dealer == 2
    g = a.current_game
    assert new_game("indian-pool-101", players=4, seed=g.seed, dealer=2) == g


def test_match_standings_from_the_engine_hook_match_the_pure_functions() -> None:
    m = new_match("indian-deals", players=3, seed=2)
    play_match(m, [GreedyIndianBot()] * 3, random.Random(2))
    engine = engine_for(m.rules)
    assert engine.match_standing(m.rules, 3, m.results) == m.standing
    assert m.standing.finished and m.standing.winner == m.winner


# --------------------------------------------------------------------------- bots


def test_greedy_bot_never_declares_wrongly_and_beats_random_play() -> None:
    wins = 0
    for seed in range(12):
        players = 2 + seed % 5
        g = new_game("indian", seed=seed, players=players, dealer=seed % players)
        bots = [GreedyIndianBot() for _ in range(players)]
        r = play_hand(g, bots, random.Random(seed))
        assert g.state.data["wrong_declarations"] == []
        assert r.kind in ("declare", "drop", "max_turns")
        h = new_game("indian", seed=seed)
        wins += play_hand(h, [GreedyIndianBot(), RandomBot()], random.Random(seed)).winner == 0
    assert wins >= 10


def test_greedy_bot_takes_the_open_card_only_when_it_helps() -> None:
    bot = GreedyIndianBot()
    g = deal([LOSER, WINNER], "9D", "9S", "QS")  # 9S is wild: a joker always helps
    assert bot.choose(g.view_for(1), random.Random(0)) == DrawDiscard()
    g = deal([LOSER, WINNER], "9D", "QS")  # QS makes 10S JS QS
    assert bot.choose(g.view_for(1), random.Random(0)) == DrawDiscard()
    g = deal([LOSER, WINNER], "9D", "5D")  # 5D does nothing for player 1
    assert bot.choose(g.view_for(1), random.Random(0)) == DrawStock()


def test_greedy_bot_discards_by_the_solver_and_declares_when_it_can() -> None:
    bot = GreedyIndianBot()
    g = play(deal([LOSER, WINNER], "9D", "4H", "QS"), "draw_stock")
    assert bot.choose(g.view_for(1), random.Random(0)) == Declare("4D")
    h = play(deal([LOSER, WINNER], "9D", "4H", "2H"), "draw_stock")
    move = bot.choose(h.view_for(1), random.Random(0))
    hand = list(h.hand(1))
    assert isinstance(move, Discard) and move.card == best_discard(hand, h.rules, wild_rank=9)[0]

    def count_without(c: Card) -> int:
        rest = hand[:]
        rest.remove(c)
        return deadwood(rest, h.rules, wild_rank=9)

    assert count_without(move.card) == min(count_without(c) for c in hand) == 16


def test_greedy_bot_keeps_pure_sequence_draws_without_a_pure_sequence() -> None:
    bot = GreedyIndianBot()
    hand = "2S 5S 8S JS 3H 6H 9H QH 4D 7D 10D KD 7C"  # no two suited cards within two ranks
    g = deal([LOSER, hand], "AD", "KC")
    assert pure_draws(parse_cards(hand)) == 0
    assert bot.choose(g.view_for(1), random.Random(0)) == Drop()
    assert GreedyIndianBot(drop=False).choose(g.view_for(1), random.Random(0)) == DrawStock()
    g2 = play(deal([LOSER, "5H 6H 9S KD 2C 7D 10C JH 4S QC AD 3C 8D"], "AC", "4H", "KH"),
              "draw_stock")  # KH: no pure sequence yet
    # every card but 9S and 4S has a suit-mate within two ranks (KD: the wild AD): the
    # highest loose card goes, not a ten-point card that may still make a pure sequence
    move = GreedyIndianBot().choose(g2.view_for(1), random.Random(0))
    assert move == Discard("9S")


def test_simulate_plays_indian_with_greedy_bots() -> None:
    rep = rl.simulate("indian", 6, players=3, bots=("greedy", "greedy", "random"), seed=1,
                      executor="inline", progress=False)
    assert rep.games == 6 and len(rep.records) == 6


def test_top_level_names() -> None:
    assert rl.bots.GreedyIndianBot is GreedyIndianBot
    assert isinstance(rl.new_match("indian-deals", seed=1), IndianMatch)
    assert rl.indian.pool_standings is pool_standings


# --------------------------------------------------------------------------- pure scoring


def test_pool_standings_by_hand() -> None:
    s = pool_standings([(0, (0, 60, 30)), (2, (45, 50, 0))], "indian-pool-101")
    assert s.totals == (45, 110, 30) and s.eliminated == (1,) and s.remaining == (0, 2)
    assert not s.finished and s.rejoin_limit is None and not s.can_rejoin(1)
    s = pool_standings([(0, (0, 60, 30)), (2, (45, 50, 0)), (2, (60, 0, 0))], "indian-pool-101")
    assert s.finished and s.winner == 2 and s.totals == (105, 110, 30)
    s201 = pool_standings([(1, (120, 0)), (None, (0, 0)), (1, (81, 0))], "indian-pool-201")
    assert s201.winner == 1 and s201.deals_played == 3


@pytest.mark.parametrize(
    ("deals", "rejoins", "message"),
    [
        ([(0, (0, 20))], [], "expected 3 scores"),
        ([(0, (5, 20, 0))], [], "the winner \\(player 0\\) scores 0"),
        ([(None, (0, 20, 0))], [], "a void deal"),
        ([(0, (0, 101, 0)), (0, (0, 5, 10))], [], "player 1 is out of the pool"),
        ([(0, (0, 101, 0)), (1, (5, 0, 10))], [], "the winner, player 1, is out"),
        ([(0, (0, 101, 0))], [(0, 1)], "player 1 is still in the pool"),
        ([(0, (0, 101, 80))], [(1, 1)], "above 79: rejoining is closed"),
        ([(0, (0, 101, 101)), (0, (0, 0, 0))], [], "played after the pool ended"),
    ],
)
def test_pool_standings_reject_impossible_sheets(
    deals: list[tuple[int | None, tuple[int, ...]]], rejoins: list[tuple[int, int]],
    message: str,
) -> None:
    with pytest.raises(ValueError, match=message):
        pool_standings(deals, get_rules("indian-pool-101", rejoin=True), players=3,
                       rejoins=rejoins)


def test_deals_and_points_standings_by_hand() -> None:
    s = deals_standings([(0, (0, 30, 45)), (2, (10, 80, 0))], players=3)
    assert s.totals == (225, 50, 205) and s.winner == 0 and s.start_chips == 160
    three = get_rules("indian-deals", deals=3)
    assert deals_standings([(0, (0, 30))], three).start_chips == 240
    with pytest.raises(ValueError, match="played after the game ended"):
        deals_standings([(0, (0, 30)), (0, (0, 30)), (1, (5, 0))])
    with pytest.raises(ValueError, match="rules 'indian-points' are for points rummy"):
        deals_standings([], "indian")
    assert points_standings([]).finished is False
    assert points_standings([(None, (0, 0)), (1, (7, 0))]).winnings == (-7, 7)


# --------------------------------------------------------------------------- issue 13


def test_without_the_wild_joker_no_wild_card_is_turned() -> None:
    g = new_game("indian", seed=1, rules={"wild_joker": False})
    assert g.wild_card is None and len(g.stock) == 81 and intact(g)
    assert g.engine.wild_rank(g.state) is None  # type: ignore[attr-defined]
    for seed in range(4):
        g = new_game("indian", seed=seed, players=3, rules={"wild_joker": False})
        play_hand(g, [GreedyIndianBot()] * 3, random.Random(seed))
        assert g.is_over and intact(g) and detail(g).wild_rank is None
        assert Game.from_json(g.to_json()) == g


def test_without_the_wild_joker_only_printed_jokers_are_wild() -> None:
    r = get_rules("indian", wild_joker=False)
    # 7H would be a joker with wild rank 7; here it is just a card
    hand = "2C 3C 4C 5H 6H 7H 9S 9D 9C KD KH KS 8S"
    assert not check_declaration(hand, wild_rank=None, rules=r).valid
    assert check_declaration(hand.replace("8S", "JK"), wild_rank=None, rules=r).valid
    assert count_points("2C 3C 4C 5H 6H 7H 9S 9D 9C KD KH QS 3D", wild_rank=None, rules=r) == 33
    with pytest.raises(ValueError, match="wild_rank is required for Indian Rummy with a wild"):
        check_declaration(hand, wild_rank=None)
    with pytest.raises(ValueError, match="has no wild joker"):
        deal([WINNER, LOSER], "9D", "4H", wild_joker=False)


def test_a_stacked_deal_without_the_wild_joker() -> None:
    r = get_rules("indian", wild_joker=False)
    used = f"{WINNER} {LOSER} 4H"
    g = new_game(r, hands=[WINNER, LOSER], discard="4H", stock=rest_of_deck(used, "", r))
    assert g.wild_card is None and intact(g)


def test_the_reshuffle_depends_on_the_deal_not_on_the_seed() -> None:
    """Editing the seed of a save cannot change the cards a later reshuffle brings."""
    g = new_game("indian", seed=9)
    while len(g.stock) > 1:
        g.play("draw_stock")
        g.play(Discard(g.hand(g.current_player)[0]))
    doc = json.loads(g.to_json())
    doc["seed"] = 10
    edited = Game.from_json(json.dumps(doc))
    assert edited.seed == 10
    for game in (g, edited):
        game.play("draw_stock")
        game.play(Discard(game.hand(game.current_player)[0]))
        assert game.state.data["reshuffles"] == 1
    assert edited.stock == g.stock and edited.hands == g.hands
