"""The order a view shows a hand in: each meld together, then the deadwood sorted.

No markup here: positions and sort keys, shared by the HTML of this package, the plotly
figures (:mod:`rummy_lab.viz`) and the widgets. It is display logic (the engine never
needs to know where a card is drawn), so it lives with the display, not the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.cards import Card, Suit

if TYPE_CHECKING:
    from ..engine.solver import Partition

__all__ = ["HAND_ORDERS", "deadwood_sort_key", "display_order", "meld_positions"]


# --------------------------------------------------------------------------- order

HAND_ORDERS: tuple[str, ...] = ("melds", "dealt")
"""How a hand is laid out: ``"melds"`` (each meld together, in meld order, then the
deadwood sorted by suit and rank) or ``"dealt"`` (the order the cards are held in)."""

_SUIT_SORT = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}


def deadwood_sort_key(card: Card) -> tuple[int, int, int]:
    """Sort key for loose cards: by suit (♠ ♥ ♣ ♦, colours alternating), then rank, jokers last.

    >>> from rummy_lab.engine.cards import clean_cards
    >>> [c.glyph for c in sorted(clean_cards("KD 2H JK 9S 3H 4C"), key=deadwood_sort_key)]
    ['9♠', '2♥', '3♥', '4♣', 'K♦', 'JK']
    """
    if card.suit is None:
        return (1, 0, 0)
    return (0, _SUIT_SORT[card.suit], card.rank)


def _meld_slots(hand: Sequence[Card], partition: Partition) -> list[list[int]]:
    """For each meld, the positions in ``hand`` of its cards, in meld order."""
    used: set[int] = set()
    out: list[list[int]] = []
    for m_i, meld in enumerate(partition.melds):
        slots = []
        for c in meld.cards:
            pos = next((i for i, h in enumerate(hand) if h == c and i not in used), None)
            if pos is None:
                raise ValueError(f"{c.code} of meld {m_i} is not in the hand")
            used.add(pos)
            slots.append(pos)
        out.append(slots)
    return out


def meld_positions(hand: Sequence[Card], partition: Partition) -> dict[int, int]:
    """Which meld each card of ``hand`` belongs to, by position (deadwood positions absent).

    Duplicates (two-deck games) are matched to positions in hand order, so every
    position is used at most once. ``hand`` may hold cards the partition leaves out
    (the card a player is about to discard); they count as deadwood.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> from rummy_lab.engine.solver import best_partition
    >>> hand = parse_cards("KD 7S 8S 9S 7H 7D 7C")
    >>> meld_positions(hand, best_partition(hand))
    {4: 0, 5: 0, 6: 0, 1: 1, 2: 1, 3: 1}

    :param hand: the cards in the order shown.
    :param partition: a partition of these cards (or of all but some of them).
    :return: position -> meld index.
    :raises ValueError: when a meld card is not in the hand.
    """
    return {pos: m_i for m_i, slots in enumerate(_meld_slots(hand, partition)) for pos in slots}


def _groups(
    hand: Sequence[Card], partition: Partition
) -> tuple[list[list[int]], list[int]]:
    melds = _meld_slots(hand, partition)
    in_meld = {p for slots in melds for p in slots}
    dead = sorted((i for i in range(len(hand)) if i not in in_meld),
                  key=lambda i: (deadwood_sort_key(hand[i]), i))
    return melds, dead


def display_order(
    hand: Sequence[Card], partition: Partition, order: str = "melds"
) -> list[int]:
    """The positions of ``hand`` in the order a view shows them.

    ``"melds"``: the cards of each meld together, melds in the partition's order, then the
    deadwood sorted by suit and rank (:func:`deadwood_sort_key`); ``"dealt"``: as held.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> from rummy_lab.engine.solver import best_partition
    >>> hand = parse_cards("KD 7S 8S 9S 2H 7H 7D 7C")
    >>> [hand[i].code for i in display_order(hand, best_partition(hand))]
    ['7H', '7D', '7C', '7S', '8S', '9S', '2H', 'KD']
    >>> display_order(hand, best_partition(hand), "dealt")
    [0, 1, 2, 3, 4, 5, 6, 7]
    >>> display_order(hand, best_partition(hand), "suits")
    Traceback (most recent call last):
    ...
    ValueError: order must be one of 'melds', 'dealt', got 'suits'

    :param hand: the cards as held. :param partition: their partition (see
        :func:`meld_positions`). :param order: ``"melds"`` or ``"dealt"``.
    :return: positions, each once.
    :raises ValueError: for an unknown order or a meld card missing from the hand.
    """
    _check_order(order)
    if order == "dealt":
        return list(range(len(hand)))
    melds, dead = _groups(hand, partition)
    return [p for slots in melds for p in slots] + dead


def _check_order(order: str) -> None:
    if order not in HAND_ORDERS:
        raise ValueError(
            f"order must be one of {', '.join(repr(o) for o in HAND_ORDERS)}, got {order!r}"
        )
