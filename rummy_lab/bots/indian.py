"""A greedy Indian Rummy bot (the random bot is :class:`~rummy_lab.bots.RandomBot`).

Like every bot it sees only a :class:`~rummy_lab.engine.state.PlayerView` (the wild card is
public) and chooses among ``view.legal_moves``, which list ``Declare(card)`` only for valid
declarations, so it never declares wrongly.

>>> import random
>>> from rummy_lab.bots import play_hand
>>> from rummy_lab.engine.game import new_game
>>> g = new_game("indian", seed=5, players=3)
>>> r = play_hand(g, [GreedyIndianBot()] * 3, random.Random(0))
>>> r.kind in ("declare", "drop", "wrong_declaration", "max_turns")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.moves import (
    DRAW_DISCARD,
    DRAW_STOCK,
    DROP,
    Declare,
    DrawDiscard,
    DrawStock,
    Move,
    discard_of,
)
from ..engine.rules import Rules
from ..engine.scoring.indian import wild_rank_of
from ..engine.solver import best_discard, best_partition, deadwood
from ..engine.state import Phase, PlayerView
from ..engine.variants.indian import has_pure_sequence

__all__ = ["GreedyIndianBot", "hand_key", "loose_points", "pure_draws"]


def loose_points(cards: Sequence[Card], rules: Rules, wild_rank: int | None) -> int:
    """Points of the natural cards with no same-suit card within two ranks (ace low or
    high): the cards that help no pure sequence. Jokers and wild cards are worth 0.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> from rummy_lab.engine.rules import get_rules
    >>> loose_points(parse_cards("QS KS 5H 9D 9C JK"), get_rules("indian"), 7)
    23
    """
    masks = [0, 0, 0, 0]
    for c in cards:
        if c.suit is not None:
            masks[c.suit.order] |= _bits(c.rank)
    total = 0
    for c in cards:
        if c.suit is None or c.rank == wild_rank:
            continue
        near = 0
        for r in (c.rank, 14 if c.rank == 1 else c.rank):
            for d in (-2, -1, 1, 2):
                if 1 <= r + d <= 14:
                    near |= 1 << (r + d)
        # an ace is "near" itself through rank 14, so drop the card's own bits
        if masks[c.suit.order] & near & ~_bits(c.rank):
            continue
        total += rules.card_value(c, wild_rank)
    return total


def pure_draws(cards: Sequence[Card]) -> int:
    """Pairs of cards of one suit within two ranks (A-2, 7-8, 7-9, Q-A...): each needs one
    card to become a pure sequence. Duplicates count once; printed jokers never.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> pure_draws(parse_cards("7H 8H 9H QS AS 4D 4D"))
    4
    """
    n = 0
    masks = [0, 0, 0, 0]
    for c in cards:
        if c.suit is not None:
            masks[c.suit.order] |= _bits(c.rank)
    for m in masks:
        n += (m & (m >> 1)).bit_count() + (m & (m >> 2)).bit_count()
    return n


def _bits(rank: int) -> int:
    return (1 << rank) | (1 << 14) if rank == 1 else 1 << rank


def hand_key(cards: Sequence[Card], rules: Rules, wild_rank: int | None) -> tuple[int, int]:
    """How good a 13-card hand is for a greedy player (lower is better).

    ``(0, count)`` with a pure sequence (the count on the best arrangement, uncapped);
    ``(1, loose points)`` without one, so any hand with a pure sequence beats any hand
    without, and without one the cards that can still make one are kept: the Almanac's
    "pure sequence first".

    >>> from rummy_lab.engine.cards import parse_cards
    >>> from rummy_lab.engine.rules import get_rules
    >>> r = get_rules("indian")
    >>> hand_key(parse_cards("5H 6H 7H KS KD 2C"), r, 9), hand_key(parse_cards("5H 6H KS"), r, 9)
    ((0, 22), (1, 10))
    """
    if has_pure_sequence(cards):
        return (0, deadwood(list(cards), rules, wild_rank=wild_rank))
    return (1, loose_points(cards, rules, wild_rank))


class GreedyIndianBot:
    """A simple Indian Rummy player: pure sequence first, then the lowest count.

    * Declares whenever a valid declaration is among the legal moves.
    * On its first turn, drops (first drop) a very poor hand: no pure sequence, at most
      ``drop_draws`` pairs that could become one (:func:`pure_draws`), no joker or wild
      card, and a count at the cap (about 4% of two-deck deals).
    * Takes the open card only when that improves its hand (:func:`hand_key`, after the
      best discard other than that card) and the card itself is put to use (melded, or
      a joker, or without a pure sequence yet: next to a card of its suit); else draws
      from the stock.
    * Discards, with a pure sequence in hand, the card whose removal leaves the lowest
      count (the solver's :func:`~rummy_lab.engine.solver.best_discard` with the wild
      rank); without one, the highest card that helps no pure sequence.

    :param drop: set False for a bot that never drops.
    :param drop_draws: the most :func:`pure_draws` a hand it drops may hold.

    >>> from rummy_lab.engine.game import new_game
    >>> hands = ["5H 6H 8S 9S KD KC 2C 3D 4S JK QD AH 10C",
    ...          "2S 5S 8S JS 3H 6H 9H QH 4D 7D 10D KD 7C"]
    >>> g = new_game("indian", hands=hands, wild_card="AD", discard="7H", seed=1)
    >>> bot = GreedyIndianBot()
    >>> str(bot.choose(g.view_for(1), random.Random(0)))  # no pure sequence in reach
    'drop'
    >>> g = new_game("indian", hands=hands[::-1], wild_card="AD", discard="7H", seed=1)
    >>> str(bot.choose(g.view_for(1), random.Random(0)))  # 7H makes 5H 6H 7H pure
    'take the discard'
    """

    def __init__(self, *, drop: bool = True, drop_draws: int = 3) -> None:
        self.drop = drop
        self.drop_draws = drop_draws

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The greedy move for this view."""
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"player {view.player} has no legal move now")
        rules = view.rules
        wild = wild_rank_of(view.wild_card) if view.wild_card is not None else None
        if view.phase is Phase.DRAW:
            if DROP in legal and self.drop and self.should_drop(view, wild):
                return DROP
            top = view.discard_top
            if DRAW_DISCARD in legal and top is not None and self._improves(view, top, wild):
                return DRAW_DISCARD
            for draw in (DRAW_STOCK, DRAW_DISCARD):
                if draw in legal:
                    return draw
            return legal[0]
        for m in legal:
            if isinstance(m, Declare):
                return m
        card = self.pick_discard(view, rules, wild)
        move = discard_of(card)
        return move if move in legal else legal[0]

    # ------------------------------------------------------------------ decisions
    def should_drop(self, view: PlayerView, wild: int | None) -> bool:
        """First turn only: no pure sequence and few in reach, no joker, count capped."""
        me = view.player
        if any(e.player == me and isinstance(e.move, DrawStock | DrawDiscard)
               for e in view.history):
            return False
        hand = view.hand
        rules = view.rules
        if any(c.is_joker or c.rank == wild for c in hand):
            return False
        if has_pure_sequence(hand) or pure_draws(hand) > self.drop_draws:
            return False
        return deadwood(list(hand), rules, wild_rank=wild) >= rules.max_points

    def _improves(self, view: PlayerView, card: Card, wild: int | None) -> bool:
        rules = view.rules
        hand = list(view.hand)
        now = hand_key(hand, rules, wild)
        with_card = [*hand, card]
        best: tuple[tuple[int, int], int, list[Card]] | None = None
        for x in dict.fromkeys(hand):
            rest = with_card[:]
            rest.remove(x)
            k = hand_key(rest, rules, wild)
            if best is None or k < best[0]:
                best = (k, k[0], rest)
        if best is None or best[0] >= now:
            return False
        if best[1] == 1:  # still no pure sequence: the card must help make one
            return loose_points([*hand, card], rules, wild) <= loose_points(hand, rules, wild)
        if card.is_joker or card.rank == wild:
            return True
        # the card must be melded, not just a lower card swapped into the count
        return card not in best_partition(best[2], rules, wild_rank=wild).deadwood

    def pick_discard(self, view: PlayerView, rules: Rules, wild: int | None) -> Card:
        """The card to discard (never one just taken from the open pile)."""
        hand = list(view.hand)
        pickup = view.pickup
        if has_pure_sequence(hand):
            card, _ = best_discard(hand, rules, wild_rank=wild)
            if card not in pickup:
                return card
        options = [c for c in dict.fromkeys(hand) if c not in pickup]

        def after(c: Card) -> tuple[int, int, int, int]:
            rest = hand[:]
            rest.remove(c)
            k = hand_key(rest, rules, wild)
            return (k[0], k[1], -rules.card_value(c, wild), -c.index)

        return min(options, key=after)

    def __repr__(self) -> str:
        if self.drop and self.drop_draws == 3:
            return "GreedyIndianBot()"
        return f"GreedyIndianBot(drop={self.drop}, drop_draws={self.drop_draws})"
