"""Basic (Straight) Rummy on the shared state machine.

What Basic Rummy adds to the table mechanics of :mod:`.tabled`: the player who goes out
scores the point value of every other hand (A=1, J/Q/K=10, jokers ``joker_value``),
multiplied by ``rules.rummy_multiplier`` when they went *rummy* (melded the whole hand in
one turn with nothing laid on the table before); when the stock runs out, the discard
pile except its top card is turned over, without shuffling, as the new stock; a match
is played to ``rules.target`` (100).

Deal: 10 cards each for 2 players, 7 for 3-4, 6 for 5-6 (two decks for 5-6). Phases:
``draw`` -> ``discard`` (melds and lay-offs, then a discard) -> ``draw`` ... -> ``over``.

>>> from rummy_lab.engine.game import new_game
>>> g = new_game("basic", players=3, seed=2)
>>> [len(h) for h in g.hands], g.current_player, [str(m) for m in g.legal_moves()]
([7, 7, 7], 1, ['draw from the stock', 'take the discard'])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..moves import Move
from ..rules import Rules, Variant
from ..state import GameResult, GameState
from . import register_variant
from .base import MatchStanding
from .tabled import TableEngine, TableScore, TableStanding, table_standing

__all__ = ["ENGINE", "BasicEngine", "basic_standing"]


class BasicEngine(TableEngine):
    """Basic Rummy for 2-6 players: melds on the table, going out, going rummy."""

    name = "basic rummy"

    def start(self, state: GameState) -> None:
        super().start(state)
        state.data["restocks"] = 0

    def unsupported_reason(self, move: Move) -> str:
        if move.verb == "end_round":
            return (
                "basic rummy never ends for lack of cards: when the stock runs out the "
                "discard pile is turned over as the new stock"
            )
        return super().unsupported_reason(move)

    def end_turn(self, state: GameState) -> None:
        """Pass the turn; an empty stock is rebuilt from the discard pile but its top card.

        The pile is turned over face down without shuffling, so the first card
        discarded becomes the top of the new stock.
        """
        super().end_turn(state)
        pile = state.discard
        if state.result is None and not state.stock and len(pile) > 1:
            state.stock[:] = pile[-2::-1]
            del pile[:-1]
            state.data["restocks"] += 1

    # ------------------------------------------------------------------ scoring
    def score_hand(self, state: GameState, went_out: int | None, rummy: bool) -> TableScore:
        """The player who went out scores every other hand's points (times the rummy
        multiplier when they went rummy)."""
        in_hand = self.in_hand(state)
        scores = [0] * state.players
        if went_out is not None:
            points = sum(v for q, v in enumerate(in_hand) if q != went_out)
            if rummy:
                points *= state.rules.rummy_multiplier
            scores[went_out] = points
        return TableScore(went_out, rummy, self.on_table(state), in_hand, tuple(scores))

    def result_of(self, state: GameState, score: TableScore, kind: str) -> GameResult:
        p = score.went_out
        assert p is not None
        points = score.scores[p]
        left = ", ".join(
            f"player {q} {v}" for q, v in enumerate(score.in_hand) if q != p
        )
        how = "went rummy (the whole hand in one turn)" if score.rummy else "went out"
        times = f" x {state.rules.rummy_multiplier}" if score.rummy else ""
        reason = f"player {p} {how}: the other hands hold {left}{times} = {points} points"
        return GameResult(
            "rummy" if score.rummy else "out", p, score.scores, points, reason,
            score.in_hand, p, score,
        )

    # ------------------------------------------------------------------ matches
    def match_standing(
        self, rules: Rules, players: int, results: Sequence[GameResult]
    ) -> MatchStanding:
        """Totals to ``rules.target``: :func:`basic_standing`."""
        return basic_standing([r.scores for r in results], players, rules.target)


def basic_standing(
    hand_scores: Sequence[Sequence[int]], players: int = 2, target: int = 100
) -> TableStanding:
    """Basic Rummy match totals: the first to ``target`` wins.

    >>> basic_standing([(0, 40), (70, 0)], 2, 100).winner is None
    True
    >>> basic_standing([(0, 40), (70, 0), (0, 64)], 2, 100).winner
    1
    """
    return table_standing(hand_scores, players, target)


ENGINE = BasicEngine()
register_variant(Variant.BASIC, ENGINE)
