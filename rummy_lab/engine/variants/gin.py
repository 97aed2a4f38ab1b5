"""Gin Rummy (with Oklahoma and Hollywood scoring) on the shared state machine.

What Gin adds to the base mechanics: the first-turn upcard option, knock and gin (big
gin too) ending the hand with :func:`rummy_lab.gin.showdown`, the two-card stock end,
winner-deals-next and the game / Hollywood match scoring of :mod:`rummy_lab.gin`.

Phases: ``upcard`` (non-dealer, then dealer, take or pass) -> ``draw`` -> ``discard``
-> ``draw`` ... -> ``over``. After both players pass the upcard the non-dealer's first
draw must come from the stock.

>>> from rummy_lab.engine.game import new_game
>>> g = new_game("gin", seed=1)
>>> g.phase, g.current_player, [str(m) for m in g.legal_moves()]
(<Phase.UPCARD: 'upcard'>, 1, ['take the upcard', 'pass the upcard'])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..errors import IllegalMove
from ..moves import (
    BIG_GIN,
    DRAW_DISCARD,
    DRAW_STOCK,
    PASS_UPCARD,
    TAKE_UPCARD,
    DrawDiscard,
    Gin,
    Knock,
    Move,
    PassUpcard,
    TakeUpcard,
    gin_of,
    knock_of,
)
from ..rules import Rules, Variant
from ..scoring.gin import Showdown, game_totals, hollywood_totals, knock_limit, showdown
from ..solver import deadwood
from ..state import GameResult, GameState, Phase
from . import register_variant
from .base import Effect, MatchStanding, VariantEngine

__all__ = ["GinEngine"]

_STOCK_ONLY: list[Move] = [DRAW_STOCK]
_UPCARD_MOVES: list[Move] = [TAKE_UPCARD, PASS_UPCARD]


class GinEngine(VariantEngine):
    """Gin Rummy for two players: knock, gin, big gin, Oklahoma limits, stock end."""

    name = "gin rummy"

    def start(self, state: GameState) -> None:
        """The non-dealer has the first option on the upcard."""
        state.phase = Phase.UPCARD
        state.current = (state.dealer + 1) % state.players
        state.upcard = state.discard[-1]

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self, state: GameState) -> list[Move]:
        """Discards, then knocks (deadwood within the limit), then gins (no deadwood).

        ``Knock(card)`` is listed only when the discard leaves deadwood from 1 to the
        limit and ``Gin(card)`` only when it leaves none, so each ending has one move.
        """
        if state.result is not None:
            return []
        phase = state.phase
        if phase is Phase.DRAW:
            if state.turn_count == 0:  # both players passed the upcard
                return _STOCK_ONLY[:]
            return [DRAW_STOCK, DRAW_DISCARD] if state.stock else [DRAW_DISCARD]
        if phase is Phase.UPCARD:
            return _UPCARD_MOVES[:]
        if phase is not Phase.DISCARD:
            return []
        moves = self.legal_discards(state)
        rules = state.rules
        hand = state.hands[state.current]
        full = deadwood(hand, rules)
        limit = self.knock_limit(state)
        values = rules.rank_values
        knocks: list[Move] = []
        gins: list[Move] = []
        for m in moves:
            card = m.card  # type: ignore[attr-defined]
            # Discarding a card of value v lowers the best deadwood by at most v.
            if full - values[card.rank] > limit:
                continue
            rest = hand[:]
            rest.remove(card)
            d = deadwood(rest, rules)
            if d == 0:
                gins.append(gin_of(card))
            elif d <= limit:
                knocks.append(knock_of(card))
        moves.extend(knocks)
        moves.extend(gins)
        if full == 0 and rules.big_gin_bonus is not None:
            moves.append(BIG_GIN)
        return moves

    def knock_limit(self, state: GameState) -> int:
        """This hand's knock limit (Oklahoma: from the original upcard)."""
        limit: int | None = state.cache.get("knock_limit")
        if limit is None:
            limit = state.cache["knock_limit"] = knock_limit(state.rules, state.upcard)
        return limit

    # ------------------------------------------------------------------ checks
    def require_phase(self, state: GameState, phase: Phase, move: Move) -> None:
        if state.phase is Phase.UPCARD and phase is not Phase.UPCARD:
            raise IllegalMove(
                f"player {state.current} must first take the upcard (TakeUpcard()) "
                "or pass it (PassUpcard())"
            )
        if phase is Phase.UPCARD and state.phase is not Phase.UPCARD:
            raise IllegalMove(
                "the upcard may only be taken or passed on the first turn, before anyone draws"
            )
        super().require_phase(state, phase, move)

    def finish_hint(self) -> str:
        return "discard, knock or go gin"

    def unsupported_reason(self, move: Move) -> str:
        reasons = {
            "meld": "in gin rummy melds stay in the hand until the knock; there is no Meld move",
            "lay_off": "in gin rummy only the defender lays off, automatically at the "
            "showdown after a knock",
            "declare": "declaring is Indian Rummy; in gin rummy knock or go gin",
            "drop": "dropping is Indian Rummy; gin rummy has no drops",
        }
        return reasons.get(move.verb, super().unsupported_reason(move))

    def _deadwood_after(self, state: GameState, card: Card) -> int:
        rest = state.hands[state.current][:]
        rest.remove(card)
        return deadwood(rest, state.rules)

    def _limit_note(self, state: GameState) -> str:
        if state.rules.oklahoma and state.upcard is not None:
            return f" (Oklahoma: the upcard {state.upcard.code} sets the limit)"
        return ""

    # ------------------------------------------------------------------ upcard
    def verify_take_upcard(self, state: GameState, move: TakeUpcard) -> None:
        self.require_phase(state, Phase.UPCARD, move)

    def apply_take_upcard(self, state: GameState, move: TakeUpcard) -> Effect:
        return self.take_from_discard(state, 1), None

    def verify_pass_upcard(self, state: GameState, move: PassUpcard) -> None:
        self.require_phase(state, Phase.UPCARD, move)

    def apply_pass_upcard(self, state: GameState, move: PassUpcard) -> Effect:
        if state.current != state.dealer:
            state.current = state.dealer
        else:  # both passed: the non-dealer draws from the stock
            state.current = (state.dealer + 1) % state.players
            state.phase = Phase.DRAW
        return (), None

    # ------------------------------------------------------------------ draws
    def verify_draw_discard(self, state: GameState, move: DrawDiscard) -> None:
        if state.phase is Phase.DRAW and state.turn_count == 0:
            raise IllegalMove(
                f"both players passed the upcard, so player {state.current} must draw "
                "from the stock"
            )
        super().verify_draw_discard(state, move)

    # ------------------------------------------------------------------ endings
    def verify_knock(self, state: GameState, move: Knock) -> None:
        self.require_phase(state, Phase.DISCARD, move)
        card = move.card
        self.require_in_hand(state, card)
        self.require_not_pickup(state, card)
        d = self._deadwood_after(state, card)
        if d == 0:
            raise IllegalMove(
                f"discarding {card.code} leaves no deadwood: that is gin, play Gin('{card.code}')"
            )
        limit = self.knock_limit(state)
        if d > limit:
            raise IllegalMove(
                f"deadwood {d} is over the knock limit {limit} after discarding "
                f"{card.code}{self._limit_note(state)}"
            )

    def apply_knock(self, state: GameState, move: Knock) -> Effect:
        return self._showdown(state, move.card)

    def verify_gin(self, state: GameState, move: Gin) -> None:
        self.require_phase(state, Phase.DISCARD, move)
        card = move.card
        if card is None:
            if state.rules.big_gin_bonus is None:
                raise IllegalMove(
                    "big gin is not allowed under these rules (big_gin_bonus is None); "
                    "discard and go gin with Gin(card)"
                )
            d = deadwood(state.hands[state.current], state.rules)
            if d:
                raise IllegalMove(
                    f"big gin needs all {len(state.hands[state.current])} cards melded; "
                    f"deadwood is {d}"
                )
            return
        self.require_in_hand(state, card)
        self.require_not_pickup(state, card)
        d = self._deadwood_after(state, card)
        if d:
            raise IllegalMove(f"gin needs 0 deadwood; discarding {card.code} leaves {d}")

    def apply_gin(self, state: GameState, move: Gin) -> Effect:
        return self._showdown(state, move.card)

    def _showdown(self, state: GameState, card: Card | None) -> Effect:
        p = state.current
        q = (p + 1) % state.players
        if card is not None:
            self.put_on_discard(state, card)
        state.turn_count += 1
        sd = showdown(state.hands[p], state.hands[q], state.rules, upcard=state.upcard)
        winner = None if sd.winner is None else p if sd.winner == "knocker" else q
        scores = [0] * state.players
        if winner is not None:
            scores[winner] = sd.points
        dw = [0] * state.players
        dw[p], dw[q] = sd.knocker_deadwood, sd.defender_deadwood
        result = GameResult(
            sd.kind, winner, tuple(scores), sd.points, _reason(sd, p, q), tuple(dw), p, sd
        )
        self.end_hand(state, result, reveal=True)
        return ((card,) if card is not None else ()), None

    def end_turn(self, state: GameState) -> None:
        """A plain discard with the stock down to ``stock_end`` cards draws the hand."""
        left = len(state.stock)
        if left <= state.rules.stock_end:
            self.end_hand(
                state,
                GameResult(
                    "draw", None, (0,) * state.players,
                    reason=f"the stock is down to {left} cards and nobody knocked: "
                    "the hand is a draw",
                ),
            )
            return
        super().end_turn(state)

    # ------------------------------------------------------------------ matches
    def next_dealer(self, state: GameState) -> int:
        """The winner of a hand deals the next (``rules.alternate_deal``: the other player
        deals the next); after a draw the same dealer deals again."""
        if state.result is not None and state.result.winner is not None:
            if state.rules.alternate_deal:
                return (state.dealer + 1) % state.players
            return state.result.winner
        return state.dealer

    def match_standing(
        self, rules: Rules, players: int, results: Sequence[GameResult]
    ) -> MatchStanding:
        """Gin/Oklahoma: :func:`rummy_lab.gin.game_totals`; Hollywood: ``hollywood_totals``."""
        hands = [(r.winner, r.points) if r.winner is not None else (None, 0) for r in results]
        if rules.hollywood:
            return hollywood_totals(hands, rules, players=players)
        return game_totals(hands, rules, players=players)


def _reason(sd: Showdown, p: int, q: int) -> str:
    pts = sd.points
    laid = ""
    if sd.layoffs:
        laid = " after laying off " + " ".join(c.code for c in sd.layoffs)
    if sd.kind == "big_gin":
        return (
            f"player {p} went big gin against {sd.defender_deadwood} deadwood: "
            f"{pts} points to player {p}"
        )
    if sd.kind == "gin":
        return (
            f"player {p} went gin against {sd.defender_deadwood} deadwood: "
            f"{pts} points to player {p}"
        )
    if sd.kind == "tie":
        return (
            f"player {p} knocked with {sd.knocker_deadwood} deadwood and player {q} tied"
            f"{laid}: nobody scores"
        )
    if sd.kind == "undercut":
        return (
            f"player {p} knocked with {sd.knocker_deadwood} deadwood; player {q} undercut with "
            f"{sd.defender_deadwood}{laid}: {pts} points to player {q}"
        )
    return (
        f"player {p} knocked with {sd.knocker_deadwood} deadwood against {sd.defender_deadwood}"
        f"{laid}: {pts} points to player {p}"
    )


register_variant(Variant.GIN, GinEngine())
