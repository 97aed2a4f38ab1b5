"""Bots for the table-meld variants: Basic Rummy and Rummy 500.

:class:`~rummy_lab.bots.RandomBot` plays these variants as it is (it picks among
``view.legal_moves``). :class:`GreedyTableBot` is the simple strong-looking player a
learner meets first: it melds whatever it can, lays off, takes from the discard pile only
when the pick lets it meld, and discards its highest deadwood.

>>> import random
>>> from rummy_lab.bots import play_hand
>>> from rummy_lab.engine.game import new_game
>>> g = new_game("500", players=3, seed=4)
>>> r = play_hand(g, [GreedyTableBot()] * 3, random.Random(0))
>>> r is g.result and g.is_over
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.moves import DRAW_STOCK, Discard, DrawDiscard, EndRound, LayOff, Meld, Move
from ..engine.rules import Rules
from ..engine.solver import best_partition
from ..engine.state import Phase, PlayerView, TableMeld
from ..engine.variants.tabled import arrange_meld, extend_meld

__all__ = ["GreedyTableBot", "plan_value"]


def plan_value(cards: Sequence[Card], table: Sequence[TableMeld], rules: Rules) -> int:
    """Points the cards could put on the table now minus the points left in hand.

    The cards are split by the exact solver (:func:`~rummy_lab.engine.solver.best_partition`),
    the melds go on the table, and deadwood is laid off greedily on the table (the new
    melds included) until nothing more fits.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> from rummy_lab.engine.rules import get_rules
    >>> table = [TableMeld(1, parse_cards("5H 6H 7H"), "run", (1, 1, 1))]
    >>> plan_value(parse_cards("9S 9D 9C 8H KD"), table, get_rules("500"))  # 27 + 8 - 10
    25
    """
    if not cards:
        return 0
    part = best_partition(list(cards), rules)
    value = rules.card_value
    melds = list(table)
    score = 0
    for m in part.melds:
        score += sum(value(c) for c in m.cards)
        arranged = arrange_meld(m.cards, rules)
        if arranged is not None:
            melds.append(TableMeld(0, arranged[0], arranged[1], (0,) * len(m.cards)))
    dead = list(part.deadwood)
    changed = True
    while changed and dead:
        changed = False
        for c in dead[:]:
            for i, tm in enumerate(melds):
                after = extend_meld(tm, (c,), 0, rules)
                if after is not None:
                    melds[i] = after
                    dead.remove(c)
                    score += value(c)
                    changed = True
                    break
    return score - sum(value(c) for c in dead)


class GreedyTableBot:
    """The greedy Basic Rummy / Rummy 500 player.

    * Draw: takes from the discard pile (the deepest worthwhile legal pick in Rummy 500)
      when that raises :func:`plan_value` of its cards, else draws from the stock; with
      the stock exhausted it ends the round rather than take a losing pick.
    * After drawing: first melds a card it must meld (a Rummy 500 pick), then lays down
      every meld of its best partition, then lays off whatever fits, biggest first.
    * Then discards its highest-valued card (never one just picked up). Once the hand
      has gone on for more than ``patience`` turns (an unshuffled Basic Rummy stock can
      bring the same cards round forever), it discards a random card half the time.

    :param patience: turns before the loop-breaking random discards start.

    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("basic", discard="9H", seed=1,
    ...              hands=["7H 8H KS QD 2C 3D 5S 6C JC 4D", "AS AH AD 2S 2H 3S 4C 5C 6D 9S"])
    >>> str(GreedyTableBot().choose(g.view_for(1), random.Random(0)))  # 9H joins nothing
    'draw from the stock'
    >>> g = new_game("basic", discard="9H", seed=1, dealer=1,
    ...              hands=["7H 8H KS QD 2C 3D 5S 6C JC 4D", "AS AH AD 2S 2H 3S 4C 5C 6D 9S"])
    >>> str(GreedyTableBot().choose(g.view_for(0), random.Random(0)))  # 7H 8H 9H
    'take the discard'
    """

    def __init__(self, patience: int = 100) -> None:
        self.patience = patience

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The greedy move for this view."""
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"player {view.player} has no legal move now")
        if view.phase is Phase.DRAW:
            return self._draw(view, legal)
        return self._play(view, legal, rng)

    # ------------------------------------------------------------------ draw
    def _draw(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        picks = [m for m in legal if isinstance(m, DrawDiscard)]
        stock = DRAW_STOCK in legal
        if not picks:
            return DRAW_STOCK if stock else legal[0]
        rules = view.rules
        hand = list(view.hand)
        base = plan_value(hand, view.table, rules)
        pile = view.discard_pile
        best: tuple[int, int] | None = None
        for m in picks:
            taken = pile[len(pile) - m.depth:]
            gain = plan_value([*hand, *taken], view.table, rules) - base
            if best is None or gain > best[0] or (gain == best[0] and m.depth > best[1]):
                best = (gain, m.depth)
        assert best is not None
        if best[0] > 0 or (not stock and not any(isinstance(m, EndRound) for m in legal)):
            return next(m for m in picks if m.depth == best[1])
        if stock:
            return DRAW_STOCK
        return next(m for m in legal if isinstance(m, EndRound))

    # ------------------------------------------------------------------ meld, lay off, discard
    def _play(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        melds = [m for m in legal if isinstance(m, Meld)]
        layoffs = [m for m in legal if isinstance(m, LayOff)]
        discards = [m for m in legal if isinstance(m, Discard)]
        if not discards and (melds or layoffs):
            # a picked card must still be melded: play a move holding it, biggest first
            need = view.pickup[0] if view.pickup else None
            placing: list[Meld | LayOff] = [*melds, *layoffs]
            holding = [m for m in placing if need is not None and need in m.cards]
            return max(holding or placing, key=lambda m: len(m.cards))
        rules = view.rules
        if melds:
            part = best_partition(list(view.hand), rules)
            wanted = [Counter(m.cards) for m in part.melds]
            for m in sorted(melds, key=lambda m: -len(m.cards)):
                if Counter(m.cards) in wanted:
                    return m
        if layoffs:
            return max(layoffs, key=lambda m: (len(m.cards),
                                               sum(rules.card_value(c) for c in m.cards)))
        if not discards:
            return legal[0]
        if view.turn_count > self.patience and rng.random() < 0.5:
            pick: Move = rng.choice(discards)
            return pick
        return max(discards, key=lambda m: (rules.card_value(m.card), m.card.index))

    def __repr__(self) -> str:
        return "GreedyTableBot()" if self.patience == 100 else f"GreedyTableBot({self.patience})"
