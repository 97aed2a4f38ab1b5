"""The greedy Gin Rummy bot: the classic simple player, and a patient variant for studies.

>>> from rummy_lab.engine.game import new_game
>>> from rummy_lab.bots.base import play_hand
>>> g = new_game("gin", seed=11)
>>> r = play_hand(g, [GreedyGinBot(), GreedyGinBot()], random.Random(0))
>>> r is g.result and g.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..coach.gin.kit import kit_for, mask_of
from ..coach.gin.policy import knock_throw, melds_after_throw
from ..engine.cards import Card
from ..engine.moves import (
    BIG_GIN,
    DRAW_DISCARD,
    DRAW_STOCK,
    PASS_UPCARD,
    TAKE_UPCARD,
    Discard,
    Gin,
    Knock,
    Move,
    discard_of,
)
from ..engine.state import Phase, PlayerView

__all__ = ["GreedyGinBot"]

class GreedyGinBot:
    """The classic simple Gin player.

    * Takes the upcard or the top discard only when the card joins a meld (in the best
      arrangement after the best discard), otherwise draws from the stock.
    * Goes big gin or gin whenever it can, else knocks as soon as it may (with the
      discard leaving the least deadwood).
    * Otherwise discards the card leaving the lowest deadwood (as the solver's
      :func:`~rummy_lab.engine.solver.best_discard`), never the card just picked up.

    These are the greedy Gin policy of :mod:`rummy_lab.coach.gin.policy`, the one the
    coach's playouts follow (it says where the two read "joins a meld" differently),
    played here on the view's cards.

    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("gin", discard="10S", hands=["7S 8S 9S 2H 2D 2C KD QH JC 5S",
    ...                                           "AH 3D 4C 6H 8D 10C QD KS 9H 4S"])
    >>> str(GreedyGinBot().choose(g.view_for(1), random.Random(0)))
    'pass the upcard'
    >>> _ = g.play("pass_upcard")
    >>> str(GreedyGinBot().choose(g.view_for(0), random.Random(0)))  # 10S joins 7-8-9S
    'take the upcard'

    ``knock_at`` makes a more patient player: it knocks only when its deadwood after the
    knock discard is at most ``knock_at`` (``knock_at=0`` plays for gin), within the
    rules' limit. A strategy study compares ``GreedyGinBot()`` with
    ``GreedyGinBot(knock_at=k)``.

    :param knock_at: the most deadwood this bot knocks with (None: whatever the rules allow).
    :raises ValueError: for a negative ``knock_at``.
    """

    def __init__(self, knock_at: int | None = None) -> None:
        if knock_at is not None and (
            isinstance(knock_at, bool) or not isinstance(knock_at, int) or knock_at < 0
        ):
            raise ValueError(f"knock_at must be a whole number >= 0 or None, got {knock_at!r}")
        self.knock_at = knock_at

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GreedyGinBot) and other.knock_at == self.knock_at

    def __hash__(self) -> int:
        return hash(("GreedyGinBot", self.knock_at))

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The greedy move for this view."""
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"player {view.player} has no legal move now")
        phase = view.phase
        if phase is Phase.UPCARD or phase is Phase.DRAW:
            take = TAKE_UPCARD if phase is Phase.UPCARD else DRAW_DISCARD
            top = view.discard_top
            if take in legal and top is not None and self._joins_meld(view, top):
                return take
            if phase is Phase.UPCARD:
                return PASS_UPCARD
            return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
        return self._finish(view, legal)

    def _joins_meld(self, view: PlayerView, card: Card) -> bool:
        """True when ``card``, taken with the best discard after it, is melded in every
        best arrangement (:func:`~rummy_lab.coach.gin.policy.melds_after_throw`)."""
        return melds_after_throw(kit_for(view.rules), [c._index for c in view.hand],
                                 card._index)

    def _finish(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        if BIG_GIN in legal:
            return BIG_GIN
        gins = [m for m in legal if isinstance(m, Gin)]
        if gins:
            return gins[0]
        knocks = [m for m in legal if isinstance(m, Knock)]
        if knocks:
            card, after = knock_throw(kit_for(view.rules), mask_of(view.hand),
                                      [m.card._index for m in knocks])
            if self.knock_at is None or after <= self.knock_at:
                return next(m for m in knocks if m.card._index == card)
        discards = [m for m in legal if isinstance(m, Discard)]
        if not discards:
            return legal[0]
        move = discard_of(self.best_discard(view))
        return move if move in discards else discards[0]

    def best_discard(self, view: PlayerView) -> Card:
        """The discard leaving the lowest deadwood, never a card picked up this turn."""
        card, _ = kit_for(view.rules).best_discard(mask_of(view.hand), mask_of(view.pickup))
        return next(c for c in view.hand if c._index == card)

    def __repr__(self) -> str:
        if self.knock_at is None:
            return "GreedyGinBot()"
        return f"GreedyGinBot(knock_at={self.knock_at})"
