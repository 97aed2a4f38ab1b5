"""The coach's rule of thumb for each variant, and how it meets the values.

Sampled values are noisy: two moves a point apart at the default budget may well be equal.
Of the moves the coach cannot tell apart from the best (rank 1,
:mod:`rummy_lab.coach.ranking`), it plays the one a simple, teachable principle
recommends, when that move is among them:

* Gin: go gin when you can; take the discard or the upcard only when it goes into a meld;
  throw the card that leaves the least deadwood (of equal ones, the higher card). The
  principle never knocks: a knock is made when its value (exact late in the hand)
  clearly beats playing on.
* Basic Rummy, Rummy 500 and Indian Rummy: the coach's fast policy (lay down melds, lay
  off, take the discard only when it is melded, throw the highest deadwood; Indian: a
  pure sequence first, declare when valid, never drop), except that of the deadwood
  cards nearly as high as the one it would throw, the one least likely to feed the next
  player goes. Basic Rummy weighs the throw further (:func:`basic_discard_score`): a
  card's points, less what its partners in hand and its danger to the next player are
  worth.

>>> import rummy_lab as rl
>>> g = rl.new_game("gin", hands=["AS 2H 3C 9S 10D QC KH 4D 6S JC",
...                              "7S 7H 4C 5C KD QH 2S 9H 3D 8D"], discard="7D", seed=1)
>>> str(principle_move(g.view_for(1)))
'take the upcard'
"""

from __future__ import annotations

import random

from ..engine.cards import Card
from ..engine.moves import (
    DRAW_DISCARD,
    DRAW_STOCK,
    PASS_UPCARD,
    TAKE_UPCARD,
    Discard,
    Gin,
    Move,
    discard_of,
)
from ..engine.rules import Variant
from ..engine.state import Phase, PlayerView
from ..engine.variants import engine_for
from .beliefs import danger, deals, state_for
from .gin.kit import cards_of, kit_for, mask_of
from .gin.policy import melds_in_hand
from .policy import policy_move
from .solved import best_partition, free_rules

__all__ = [
    "BASIC_DISCARD_WEIGHTS", "CHOICE_MARGIN", "CHOICE_Z", "basic_discard_features",
    "basic_discard_score", "basic_throw", "principle_move",
]

CHOICE_Z = 2.0
"""Standard errors by which a Gin knock must beat waiting for gin before the race stops
looking at it (:func:`rummy_lab.coach.gin.values.gin_move_values`)."""

CHOICE_MARGIN = 1.0
"""Points by which a Gin knock must beat waiting for gin, on top of the noise, before
the race stops looking at it."""

SAFE_SLACK = 0
"""A throw may be this many points lower than the policy's to be a safer one."""

BASIC_DISCARD_WEIGHTS: dict[str, float] = {
    "partner_rank": 23.5, "partner_next": 23.5, "partner_gap": 5.5, "danger": 136.0,
}
"""Basic Rummy's throw, in card points (:func:`basic_discard_score`): what keeping a card
with a partner of its rank, a neighbour of its suit (one rank away), a card two ranks away
in its suit, and what a danger of 1 (the next player surely uses it) are worth. Fitted by
least squares to the outcomes of 3,818 discard decisions of 200 hands, each candidate
played out to the end of the hand by greedy bots on the true deal and three sampled ones
(``python benchmarks/fits/fit_coach.py discards``). The points of the card thrown weigh
little: in Basic Rummy going out first is what counts, and a partner or a card the next
player can use decides it."""


def principle_move(view: PlayerView) -> Move:
    """The rule-of-thumb move of ``view`` (one of its legal moves)."""
    legal = view.legal_moves
    if view.rules.variant is Variant.GIN:
        return _gin_principle(view)
    det = deals(view, 1, random.Random(0), model="uniform")[0]
    move = policy_move(engine_for(view.rules), state_for(view, det))
    if isinstance(move, Discard):
        if view.rules.variant is Variant.BASIC:
            move = _basic_discard(view, move)
        else:
            move = _safer_discard(view, move)
    return move if move in legal else legal[0]


def basic_discard_score(view: PlayerView, card: Card,
                        features: dict[str, float] | None = None) -> float:
    """How much Basic Rummy's principle wants to throw ``card`` (the highest goes): its
    points, less :data:`BASIC_DISCARD_WEIGHTS` for each partner left in hand and for the
    chance that the next player can meld it or lay it off (``features``: those of
    :func:`basic_discard_features`, when already computed).

    >>> import rummy_lab as rl
    >>> g = rl.new_game("basic", seed=3, discard="2C",
    ...                 hands=["AS 2S 3S 4H 5H 6H 7C 8C 9H 10H", "KS QH 9D 9C 4S 5S AH 7D 3C JD"])
    >>> v = g.view_for(1)
    >>> ks, nine = rl.parse_cards("KS 9D")
    >>> basic_discard_score(v, ks) > basic_discard_score(v, nine)  # 9D has 9C beside it
    True
    """
    w = BASIC_DISCARD_WEIGHTS
    f = basic_discard_features(view, card) if features is None else features
    return view.rules.card_value(card) - sum(w[k] * f[k] for k in w)


def basic_discard_features(view: PlayerView, card: Card) -> dict[str, float]:
    """What :func:`basic_discard_score` weighs, for throwing ``card``: the partners left
    in hand (same rank, one rank away in its suit, two ranks away) and its danger."""
    rest = [c for c in view.hand if c is not card]
    try:
        risk = danger(view, card)
    except ValueError:
        risk = 0.0
    return {
        "partner_rank": float(sum(1 for c in rest if c.rank == card.rank)),
        "partner_next": float(sum(1 for c in rest
                                  if c.suit is card.suit and abs(c.rank - card.rank) == 1)),
        "partner_gap": float(sum(1 for c in rest
                                 if c.suit is card.suit and abs(c.rank - card.rank) == 2)),
        "danger": risk,
    }


def basic_throw(view: PlayerView, scores: dict[Card, float]) -> Card:
    """The throw Basic Rummy's principle makes among the cards of ``scores`` (their
    :func:`basic_discard_score`): a deadwood card if any, the highest score, of equal
    ones the higher card."""
    dead = best_partition(list(view.hand), view.rules).deadwood
    pool = [c for c in scores if c in dead] or list(scores)
    return max(pool, key=lambda c: (round(scores[c], 6), view.rules.card_value(c), c._index))


def _basic_discard(view: PlayerView, move: Discard) -> Move:
    """Basic Rummy: of the deadwood throws, the one :func:`basic_discard_score` rates
    highest (of equal ones the higher card)."""
    part = best_partition(list(view.hand), view.rules)
    options = [m for m in view.legal_moves if isinstance(m, Discard) and m.card in part.deadwood]
    if len(options) <= 1:
        return move
    return discard_of(basic_throw(view, {m.card: basic_discard_score(view, m.card)
                                         for m in options}))


def _safer_discard(view: PlayerView, move: Discard) -> Move:
    """Of the throws worth nearly as much as the policy's (within ``SAFE_SLACK`` points
    of card value, never a card of a meld), the one least likely to feed the next player."""
    r = view.rules
    wild = None if view.wild_card is None else (
        1 if view.wild_card.is_joker else view.wild_card.rank)
    top = r.card_value(move.card, wild)
    part = best_partition(list(view.hand), free_rules(r), wild_rank=wild)
    options = [m for m in view.legal_moves if isinstance(m, Discard)
               and m.card in part.deadwood and r.card_value(m.card, wild) >= top - SAFE_SLACK]
    if len(options) <= 1:
        return move

    def risk(m: Discard) -> tuple[float, int, int]:
        return (danger(view, m.card), -r.card_value(m.card, wild), -m.card._index)

    return min(options, key=risk)


def _gin_principle(view: PlayerView) -> Move:
    legal = view.legal_moves
    kit = kit_for(view.rules)
    hand = mask_of(view.hand)
    if view.phase in (Phase.UPCARD, Phase.DRAW):
        top = view.discard_top
        take = TAKE_UPCARD if view.phase is Phase.UPCARD else DRAW_DISCARD
        if top is not None and take in legal and melds_in_hand(kit, hand, top._index):
            return take
        for m in (PASS_UPCARD, DRAW_STOCK):
            if m in legal:
                return m
        return legal[0]
    gins = [m for m in legal if isinstance(m, Gin)]
    if gins:
        return gins[0]
    card, _ = kit.best_discard(hand, mask_of(view.pickup) if view.rules.no_discard_of_pickup
                               else 0)
    move = discard_of(cards_of(1 << card)[0])
    return move if move in legal else legal[0]
