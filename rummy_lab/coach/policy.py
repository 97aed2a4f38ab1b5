"""The fast policy of Basic Rummy, Rummy 500 and Indian Rummy: how every player plays in
the coach's playouts and one-turn values (Gin's, on bitmasks, is in
:mod:`rummy_lab.coach.gin.policy`).

:func:`policy_move` is one move of the policy; :func:`finish_turn` plays the rest of a
turn with it and :func:`play_rounds` whole rounds of turns.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.moves import (
    Declare,
    DrawDiscard,
    DrawStock,
    EndRound,
    LayOff,
    Meld,
    Move,
    discard_of,
)
from ..engine.rules import Rules, Variant
from ..engine.state import GameState, Phase
from ..engine.variants import VariantEngine
from ..engine.variants.indian import has_pure_sequence
from ..engine.variants.tabled import arrange_meld, extend_meld
from .solved import best_discard, best_partition, deadwood, wild_rank

__all__ = ["LONE_BONUS", "finish_turn", "play_rounds", "policy_move"]

LONE_BONUS = 3
"""Basic Rummy: a lone card (no partner near) is thrown before a card up to this many
points higher that may still make a meld."""


def _improves(hand: list[Card], card: Card, rules: Rules, wild: int | None) -> bool:
    """True when ``card`` lowers the hand's deadwood after the best other discard."""
    if card.is_joker or (wild is not None and card.rank == wild):
        return True
    now = deadwood(hand, rules, wild_rank=wild)
    _, part = best_discard([*hand, card], rules, wild_rank=wild, exclude=(card,))
    return part.deadwood_points < now and card not in part.deadwood


def policy_move(engine: VariantEngine, state: GameState) -> Move:
    """The fast policy's move for the player to move (every player, in playouts).

    * Draw: take the top of the discard pile when it goes into a meld and lowers the
      deadwood (Indian: any joker too), else draw from the stock; never drop; with the
      stock exhausted (Rummy 500) take a legal pick or end the round.
    * Then (table variants) lay down the melds of the best partition, lay off what fits,
      and (Indian) declare when a valid declaration is possible.
    * Discard a lone deadwood card (no partner of its rank or suit close by) of highest
      value, else the highest deadwood card (never the card just taken); Indian: keep
      cards that may still make a pure sequence when there is none yet.
    """
    r = state.rules
    p = state.current
    hand = state.hands[p]
    wild = wild_rank(state)
    if state.phase is Phase.DRAW:
        top = state.discard[-1] if state.discard else None
        legal_draws: list[Move] | None = None
        if r.variant is Variant.RUMMY500:
            legal_draws = engine.legal_moves(state)
            can_top = DrawDiscard(1) in legal_draws
        else:
            can_top = top is not None
        if can_top and top is not None and _improves(hand, top, r, wild):
            return DrawDiscard(1)
        if state.stock:
            return DrawStock()
        if legal_draws is None:
            legal_draws = engine.legal_moves(state)
        picks = [m for m in legal_draws if isinstance(m, DrawDiscard)]
        if picks:
            return picks[0]
        ends = [m for m in legal_draws if isinstance(m, EndRound)]
        return ends[0] if ends else legal_draws[0]
    # after the draw
    if r.variant is Variant.INDIAN:
        return _indian_finish(state, hand, wild)
    need = engine.pending_card(state)  # type: ignore[attr-defined]
    if need is not None:
        moves = engine.legal_moves(state)
        holding = [m for m in moves if need in getattr(m, "cards", ())]
        if holding:
            return max(holding, key=lambda m: len(m.cards))  # type: ignore[attr-defined]
        return moves[0]
    part = best_partition(hand, r)
    for meld in part.melds:
        if arrange_meld(meld.cards, r) is not None:
            return Meld(meld.cards)
    melded = state.data["melded"]
    assert isinstance(melded, list)
    may_lay = r.layoff_before_first_meld or melded[p]
    if may_lay and state.table:
        for c in sorted(part.deadwood, key=lambda c: -r.card_value(c, None)):
            for i, tm in enumerate(state.table):
                if extend_meld(tm, (c,), p, r) is not None:
                    return LayOff((c,), i)
    options = [c for c in hand if c not in state.pickup] or list(hand)
    dead = [c for c in part.deadwood if c in options] or options
    # a lone card (no partner of its rank, nor of its suit within two ranks) first, then
    # the highest: pairs and near-runs are kept for the melds they may become
    if r.variant is Variant.BASIC:
        card = max(dead, key=lambda c: (r.card_value(c, None) + LONE_BONUS * _alone(c, hand),
                                        c._index))
    else:
        card = max(dead, key=lambda c: (_alone(c, hand), r.card_value(c, None), c._index))
    return discard_of(card)


def _alone(card: Card, hand: Sequence[Card]) -> bool:
    """True when no other card of ``hand`` could share a meld with ``card`` soon."""
    for o in hand:
        if o is card or o.is_joker:
            continue
        if o.rank == card.rank and o is not card:
            return False
        if o.suit is card.suit and 0 < abs(o.rank - card.rank) <= 2:
            return False
    return True


def _indian_finish(state: GameState, hand: list[Card], wild: int | None) -> Move:
    r = state.rules
    options = [c for c in dict.fromkeys(hand) if c not in state.pickup] or list(hand)
    if has_pure_sequence(hand):
        # the best throw leaves every card in melds exactly when a declaration is valid
        # (the engine's check; tests/test_coach.py compares them): declare with it
        card, part = best_discard(hand, r, wild_rank=wild, exclude=tuple(state.pickup))
        return Declare(card) if not part.deadwood else discard_of(card)
    # no pure sequence yet: throw the highest natural card with no suit neighbour
    def keep_score(c: Card) -> tuple[int, int, int]:
        if c.is_joker or (wild is not None and c.rank == wild):
            return (0, 0, 0)
        near = any(
            o is not c and o.suit is c.suit and not o.is_joker and (
                abs(o.rank - c.rank) <= 2 or abs(o.rank - c.rank) >= 11)
            for o in hand
        )
        return (0 if near else 1, r.card_value(c, wild), c._index)

    return discard_of(max(options, key=keep_score))



def finish_turn(engine: VariantEngine, state: GameState, player: int, limit: int = 40) -> None:
    """Let the fast policy finish ``player``'s turn (melds, lay-offs, the discard)."""
    for _ in range(limit):
        if state.result is not None or state.current != player or state.phase is Phase.DRAW:
            return
        engine.play(state, policy_move(engine, state))


def play_rounds(engine: VariantEngine, state: GameState, viewer: int, rounds: int) -> None:
    """Every player plays the fast policy until the viewer has drawn ``rounds`` more times
    (or the hand ends)."""
    seen = 0
    for _ in range(400 * max(1, rounds)):
        if state.result is not None:
            return
        if state.current == viewer and state.phase is Phase.DRAW:
            if seen >= rounds:
                return
            seen += 1
        engine.play(state, policy_move(engine, state))

