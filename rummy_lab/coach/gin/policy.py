"""The greedy Gin policy on bitmasks: the rules the greedy bot
(:class:`rummy_lab.bots.GreedyGinBot`), the coach's playouts (:func:`.playout.playout`)
and the coach's principle (:func:`rummy_lab.coach.principle.principle_move`) all play by.

The greedy player

* throws the card leaving the least deadwood, of equal ones the higher card value, then
  the higher deck index, never the card just taken
  (:meth:`~.kit.GinKit.best_discard`);
* goes gin whenever it can, and knocks as soon as its deadwood after the throw is
  within the limit and its own threshold (:func:`ends_hand`; :data:`ASAP`: whatever the
  limit allows, :data:`GIN_ONLY`: never). The bot knocks with the throw of
  :func:`knock_throw`, best by deadwood points alone; the playouts with the best throw
  above, best by the solver's objective (points, then cards left unmelded): the two
  differ when two throws leave the same points but one leaves a card fewer unmelded
  (about one knock in 100,000 positions of greedy play);
* takes the upcard or the top discard when the card goes into a meld. "Goes into a meld"
  is read in two ways, which disagree on about one position in 600 (random hands; a card
  that could sit in a meld or be left over for the same deadwood):

  - the bot's (:func:`melds_after_throw`): the card is melded in every best
    arrangement of the hand left after the best throw, best by deadwood points;
  - the coach's (:func:`melds_in_hand`): the card is melded in every best arrangement
    of the hand with it, best by the solver's objective (points, then cards left
    unmelded). In playouts a player also takes a card that lets it knock at once
    (:func:`takes`); the principle does not.

  Both are kept as they are: the bot's games and the coach's values stay what they were.

>>> from rummy_lab.engine.cards import parse_cards
>>> from rummy_lab.engine.rules import get_rules
>>> from .kit import kit_for, mask_of
>>> kit = kit_for(get_rules("gin"))
>>> hand = parse_cards("7S 8S 9S 2H 2D 2C KD QH JC 5S")
>>> ten = parse_cards("10S")[0]._index
>>> melds_in_hand(kit, mask_of(hand), ten), melds_after_throw(kit, [c._index for c in hand], ten)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from .kit import BIG, GinKit

__all__ = [
    "ASAP", "GIN_ONLY", "big_gin", "ends_hand", "knock_throw", "melds_after_throw",
    "melds_in_hand", "takes",
]

ASAP: tuple[int, ...] = (99,) * 64
"""A knock threshold by stock size that knocks as soon as the limit allows."""

GIN_ONLY: tuple[int, ...] = (0,) * 64
"""A knock threshold by stock size that never knocks: it waits for gin (the coach's own
rule in its playouts, as its principle: a knock is made when its value beats playing
on)."""


def melds_in_hand(kit: GinKit, hand: int, card: int) -> bool:
    """The coach's reading: ``card`` goes into a meld in every best arrangement of
    ``hand`` with it (by the solver's objective)."""
    return kit.obj(hand | 1 << card) < kit.obj(hand) + kit.cost[card]


def melds_after_throw(kit: GinKit, hand: Sequence[int], card: int) -> bool:
    """The bot's reading: ``card`` goes into a meld in every best arrangement (by
    deadwood points) of the hand left after taking it and throwing the card of ``hand``
    that leaves the least deadwood (of equal ones, the first in ``hand``'s order)."""
    mask = 0
    for x in hand:
        mask |= 1 << x
    with_card = mask | 1 << card
    best = -1
    throw = -1
    for x in hand:
        d = kit.deadwood(with_card ^ 1 << x)
        if best < 0 or d < best:
            best, throw = d, x
    if throw < 0:
        return False
    return best < kit.deadwood(mask ^ 1 << throw) + kit.values[card]


def takes(kit: GinKit, hand: int, card: int, limit: int, threshold: int) -> bool:
    """The playouts' draw: take ``card`` when it goes into a meld
    (:func:`melds_in_hand`), or when, with the best throw after it (never ``card``),
    the player could knock at once (deadwood within ``limit`` and ``threshold``)."""
    bit = 1 << card
    with_card = hand | bit
    o = kit.obj(with_card)
    if o < kit.obj(hand) + kit.cost[card]:
        return True
    if o // BIG - 10 <= min(limit, threshold):
        _, after = kit.best_discard(with_card, bit)
        return after <= limit and after <= threshold
    return False


def knock_throw(kit: GinKit, hand: int, cards: Sequence[int]) -> tuple[int, int]:
    """The bot's knock: of ``cards`` (the throws a knock may be made with), the one
    leaving the least deadwood points in ``hand``, of equal ones the higher card value,
    then the higher deck index; ``(card, deadwood after)``."""
    values = kit.values
    best = min(cards, key=lambda c: (kit.deadwood(hand ^ 1 << c), -values[c], -c))
    return best, kit.deadwood(hand ^ 1 << best)


def ends_hand(after: int, limit: int, threshold: int) -> bool:
    """True when a player left with ``after`` deadwood by its best throw goes gin
    (``after`` 0) or knocks (within the ``limit`` and its ``threshold``)."""
    return after == 0 or (after <= limit and after <= threshold)


def big_gin(kit: GinKit, hand: int) -> bool:
    """True when the eleven cards of ``hand`` are all melded: big gin, where the rules
    have it (the caller checks that)."""
    return hand.bit_count() == 11 and kit.obj(hand) < BIG
