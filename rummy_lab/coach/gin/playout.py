"""Gin playouts on bitmasks: a compact position and the fast policy that plays it out.

The coach values a Gin move by playing the hand out from many determinizations. Both
players then follow the greedy policy of :mod:`.policy`, the simple player the coach
assumes:

* take the top of the discard pile (or the upcard) when it goes into a meld, or when it
  lets the player knock at once; otherwise draw from the stock (:func:`.policy.takes`);
* throw the card leaving the least deadwood (ties: the higher card), never the card
  just taken;
* go gin whenever possible; knock when the deadwood after the discard is at most the
  player's knock threshold for the current stock size (``knock_at``); otherwise discard
  (:func:`.policy.ends_hand`).

>>> from rummy_lab.engine.rules import get_rules
>>> from rummy_lab.engine.cards import parse_cards
>>> from .kit import kit_for, mask_of
>>> kit = kit_for(get_rules("gin"))
>>> me = mask_of(parse_cards("AS 2S 3S 4H 5H 6H 7D 7C 7H KS"))
>>> opp = mask_of(parse_cards("2H 3H 8H 9D 9C JC QC QD 10S 5C"))
>>> stock = [c._index for c in parse_cards("KD QH JS 10H 9S 8S 4C 3C")]  # next first
>>> pos = GinPos([me, opp], [stock[::-1], stock[::-1]], len(stock), -1, 0, DRAW, 1)
>>> playout(kit, pos, 0, (ASAP, ASAP), limit=10)  # draws KD, throws it, knocks with 10
61
>>> pos.finisher, pos.outcome
(0, 'knock')
"""

from __future__ import annotations

from dataclasses import dataclass

from .kit import GinKit
from .policy import ASAP, big_gin, ends_hand, takes

__all__ = ["ASAP", "DISCARD", "DRAW", "UPCARD", "GinPos", "playout"]

UPCARD, DRAW, DISCARD = 0, 1, 2


@dataclass
class GinPos:
    """A Gin position on masks (mutable; :meth:`copy` before playing out).

    The stock is drawn through two sequences, one per player: a player drawing from the
    stock takes the next card of their own sequence not yet drawn by the other. Both are
    random orders of the same unseen cards, so every card drawn is, as with one shuffled
    stock, uniform among those left; but a player's future draws no longer shift when
    somebody takes from the discard pile instead, which makes the playouts of two
    different moves on one determinization much more alike (common random numbers).

    :ivar hands: both players' cards as 52-bit masks.
    :ivar draws: per player, the order in which that player meets the stock cards, next
        card *last* (``pop()``).
    :ivar left: cards left in the stock.
    :ivar top: the card on top of the discard pile (its index), -1 when there is none.
    :ivar cur: the player to move.
    :ivar phase: :data:`UPCARD`, :data:`DRAW` or :data:`DISCARD`.
    :ivar dealer: the dealer's seat (the upcard option goes non-dealer, then dealer).
    :ivar stock_only: the first draw after both players passed the upcard.
    :ivar pickup: mask of the card taken this turn (it may not be thrown).
    :ivar used: mask of the stock cards drawn so far.
    :ivar finisher: set by :func:`playout` when a player knocks or goes gin: that
        player's seat (-1 while nobody has, and for a hand drawn at the stock end).
    :ivar outcome: the showdown's kind then (``"gin"``, ``"big_gin"``, ``"knock"``,
        ``"undercut"``, ``"tie"``); ``""`` otherwise.
    """

    hands: list[int]
    draws: list[list[int]]
    left: int
    top: int
    cur: int
    phase: int
    dealer: int
    stock_only: bool = False
    pickup: int = 0
    used: int = 0
    finisher: int = -1
    outcome: str = ""

    def copy(self) -> GinPos:
        """An independent copy."""
        return GinPos(self.hands[:], [self.draws[0][:], self.draws[1][:]], self.left,
                      self.top, self.cur, self.phase, self.dealer, self.stock_only,
                      self.pickup, self.used)

    def draw(self, player: int) -> int:
        """Draw the next stock card for ``player``; its index."""
        seq = self.draws[player]
        c = seq.pop()
        while self.used >> c & 1:
            c = seq.pop()
        self.used |= 1 << c
        self.left -= 1
        return c


def playout(
    kit: GinKit,
    pos: GinPos,
    viewer: int,
    knock_at: tuple[tuple[int, ...], tuple[int, ...]],
    *,
    limit: int,
    mult: int = 1,
    stock_end: int = 2,
    no_pickup_discard: bool = True,
) -> int:
    """Play ``pos`` to the end of the hand with the fast policy; points for ``viewer``.

    ``pos`` is changed; how the hand ended is left in ``pos.finisher`` and
    ``pos.outcome``. ``knock_at[p][n]`` is the most deadwood player ``p`` knocks with
    when ``n`` cards are left in the stock. A hand that reaches the stock end without a
    knock is a draw (0).
    """
    best_discard = kit.best_discard
    big = kit.rules.big_gin_bonus is not None
    hands = pos.hands
    top = pos.top
    cur = pos.cur
    phase = pos.phase
    pickup = pos.pickup
    passes = 0 if phase != UPCARD or cur != pos.dealer else 1
    stock_only = pos.stock_only
    while True:
        h = hands[cur]
        if phase != DISCARD:
            if top >= 0 and not stock_only and takes(kit, h, top, limit,
                                                      knock_at[cur][pos.left]):
                h |= 1 << top
                pickup = 1 << top
                top = -1
            elif phase == UPCARD:
                passes += 1
                if passes == 1:
                    cur = pos.dealer
                    continue
                cur = (pos.dealer + 1) % 2
                phase = DRAW
                stock_only = True
                continue
            else:
                if not pos.left:
                    return 0  # pragma: no cover - the stock end comes first
                h |= 1 << pos.draw(cur)
                pickup = 0
            stock_only = False
        # discard, knock or gin
        if big and big_gin(kit, h):
            end = kit.showdown(h, hands[1 - cur], mult=mult)
            pos.finisher, pos.outcome = cur, end.kind
            return end.knocker_points if cur == viewer else -end.knocker_points
        card, after = best_discard(h, pickup if no_pickup_discard else 0)
        if ends_hand(after, limit, knock_at[cur][pos.left]):
            end = kit.showdown(h ^ (1 << card), hands[1 - cur], mult=mult)
            pos.finisher, pos.outcome = cur, end.kind
            return end.knocker_points if cur == viewer else -end.knocker_points
        hands[cur] = h ^ (1 << card)
        top = card
        pickup = 0
        if pos.left <= stock_end:
            return 0
        cur = 1 - cur
        phase = DRAW
