"""Stacked deals and small game helpers, so a test reads like a hand record."""

from __future__ import annotations

import importlib.util
import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

from rummy_lab.engine.cards import CardsLike, Hand, clean_cards, make_deck, remove_cards
from rummy_lab.engine.game import Game, new_game
from rummy_lab.engine.moves import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    PassUpcard,
    TakeUpcard,
)
from rummy_lab.engine.rules import RulesLike, get_rules

# The rulebook's lay-off example: the knocker holds 4H 5H 6H, the defender lays off 3H, 7H.
KNOCKER = "4H 5H 6H 9C 9D 9S 2C 3C 4C 5S"  # deadwood 5 (5S)
DEFENDER = "3H 7H KD KC QS JS 10D 8C 8D 2S"  # 78, or 68 after laying off 3H and 7H


def rest_of_deck(used: CardsLike, top: CardsLike = "", rules: RulesLike = "gin") -> Hand:
    """``top`` (in order), then every other card of the deck in deck order."""
    r = get_rules(rules)
    rest = remove_cards(make_deck(r.decks_for(2), r.printed_jokers),
                        [*clean_cards(used), *clean_cards(top)])
    if rest is None:
        raise ValueError("a card is used more often than the deck holds it")
    return Hand([*clean_cards(top), *rest])


def stacked_gin(
    hand0: CardsLike,
    hand1: CardsLike,
    upcard: str,
    stock_top: CardsLike = "",
    *,
    dealer: int = 0,
    rules: RulesLike = "gin",
    **overrides: object,
) -> Game:
    """A Gin deal: player 0's and player 1's hands, the upcard, the stock's first cards
    (then the rest of the deck in deck order)."""
    r = get_rules(rules, **overrides)
    stock = rest_of_deck(f"{_codes(hand0)} {_codes(hand1)} {upcard}", stock_top, r)
    return new_game(r, hands=[hand0, hand1], discard=upcard, stock=stock, dealer=dealer)


def _codes(cards: CardsLike) -> str:
    return " ".join(c.code for c in clean_cards(cards))


def play(game: Game, *moves: Move | str) -> Game:
    """Play the moves in order; return the game."""
    for m in moves:
        game.play(m)
    return game


def deck_intact(game: Game) -> bool:
    """True when hands + stock + discard pile + table (+ wild card) are exactly the deck."""
    st = game.state
    deck = make_deck(st.rules.decks_for(st.players), st.rules.printed_jokers)
    return Counter(st.all_cards()) == Counter(deck)


def move_universe(game: Game) -> list[Move]:
    """Every move shape with every card: the candidates for legality checks."""
    deck = sorted(set(make_deck()))
    out: list[Move] = [DrawStock(), DrawDiscard(), DrawDiscard(2), TakeUpcard(), PassUpcard(),
                       Gin(), Drop()]
    for c in deck:
        out += [Discard(c), Knock(c), Gin(c), Declare(c)]
    hand = game.state.hands[game.state.current]
    if len(hand) >= 3:
        out += [Meld(hand[:3]), LayOff(hand[:1], 0)]
    return out


def random_playout(seed: int, rules: RulesLike = "gin") -> Iterator[Game]:
    """A seeded deal played with uniformly random legal moves, yielding after each move."""
    rng = random.Random(seed)
    game = new_game(rules, seed=seed, dealer=seed % 2)
    yield game
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
        yield game


def play_out_randomly(
    game: Game,
    rng: random.Random,
    *,
    check: Callable[[Game], None] | None = None,
    every: int = 1,
) -> int:
    """Play uniformly random legal moves to the end of the hand, asserting after every
    move that hands + stock + discard pile + table melds are exactly the deck; ``check``
    runs every ``every`` moves (a leak test, say). Returns the number of moves played."""
    r = game.rules
    deck = Counter(make_deck(r.decks_for(game.players), r.printed_jokers))
    steps = 0
    while not game.is_over:
        legal = game.legal_moves()
        assert legal
        game.play(rng.choice(legal))
        assert Counter(game.state.all_cards()) == deck
        steps += 1
        if check is not None and steps % every == 0:
            check(game)
    return steps


def load_script(name: str, folder: str = "scripts") -> ModuleType:
    """The module of ``<folder>/<name>.py`` (the scripts and benchmarks are not
    packages)."""
    path = Path(__file__).resolve().parent.parent / folder / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
