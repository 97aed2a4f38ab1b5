"""Rummy 500 (500 Rum) on the shared state machine.

What Rummy 500 adds to the table mechanics of :mod:`.tabled`:

* Deep discard picks: ``DrawDiscard(depth)`` takes the card ``depth`` from the top of the
  discard pile together with every card above it, provided that card is melded or laid
  off in the same turn. With ``discard_pick_must_meld="any"`` (the Almanac's reading)
  this applies to the top card too; ``"deep_only"`` (the ``"500-pagat"`` preset) frees
  the top card. A pick whose card cannot be melded with the player's cards (those taken
  included) and the table is refused; after a pick, the discard is refused until the
  card is on the table, and no meld or lay-off may make it impossible to place.
* Every card on the table scores for the player who laid it (lay-offs included); cards
  left in hand count against their holder. Ace 15 (high or low, never K-A-2).
* Going out, with or without a final discard, ends the round at once.
* Stock exhausted: the player to draw may still take from the discard pile; when they
  cannot (no legal pick) or will not (:class:`~rummy_lab.engine.moves.EndRound`), the
  round ends and is scored.
* Match: to ``rules.target`` (500); several past it in one round: highest total; an exact
  tie for the lead plays another round (:func:`match_totals`).

>>> from rummy_lab.engine.cards import make_deck, parse_cards
>>> from rummy_lab.engine.game import new_game
>>> hands = ["7S 8S 2H 3D 9C JC KD", "QS QH 4C 5D 6H 10C AC"]
>>> used = parse_cards(" ".join(hands) + " 9S 4D QD")
>>> stock = ["4D", "QD"] + [c for c in make_deck() if c not in used]  # 4D on top
>>> g = new_game("500", hands=hands, discard="9S", stock=stock, dealer=1)
>>> for m in ("draw_stock", "discard 4D", "draw_stock", "discard QD"):
...     _ = g.play(m)
>>> g.current_player, g.discard_pile.codes, [str(m) for m in g.legal_moves()]
(0, '9S 4D QD', ['draw from the stock', 'take 3 cards from the discard pile'])
>>> g.engine.describe(g.state, g.legal_moves()[1])
'take 9♠ 4♦ Q♦ from the discard pile: 9♠ must be melded or laid off this turn'
>>> g.play("draw_discard 2")
Traceback (most recent call last):
...
rummy_lab.engine.errors.IllegalMove: 4D (the card at depth 2 of the discard pile) cannot be ...
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Hand
from ..errors import IllegalMove
from ..moves import DRAW_STOCK, END_ROUND, DrawDiscard, EndRound, Move
from ..rules import Rules, Variant
from ..state import GameResult, GameState, Phase
from . import register_variant
from .base import Effect, MatchStanding
from .tabled import (
    TableEngine,
    TableScore,
    TableStanding,
    can_place,
    can_place_after_meld,
    table_standing,
)

__all__ = ["ENGINE", "Rummy500Engine", "match_totals"]


class Rummy500Engine(TableEngine):
    """Rummy 500 for 2-8 players: deep discard picks, melds scored as laid."""

    name = "rummy 500"

    def start(self, state: GameState) -> None:
        super().start(state)
        state.data["must_meld"] = None

    def pending_card(self, state: GameState) -> Card | None:
        """The card taken from the discard pile this turn that must still be melded."""
        code = state.data.get("must_meld")
        return None if code is None else Card.parse(code)

    # ------------------------------------------------------------------ draws
    def pick_needs_meld(self, rules: Rules, depth: int) -> bool:
        """True when the card taken at ``depth`` must be melded this turn."""
        return depth > 1 or rules.discard_pick_must_meld == "any"

    def can_pick(self, state: GameState, depth: int, player: int | None = None) -> bool:
        """True when the current player (or ``player``, were it to draw now) may take the
        discard pile down to ``depth``."""
        pile = state.discard
        if not 1 <= depth <= len(pile):
            return False
        if not self.pick_needs_meld(state.rules, depth):
            return True
        p = state.current if player is None else player
        n = len(pile)
        card = pile[n - depth]
        pool = [*state.hands[p], *pile[n - depth + 1:]]
        if self._may_lay_off(state, p):
            return can_place(card, pool, state.table, state.rules)
        # lay-offs only after a meld of one's own: the pick must be placeable that way
        return can_place_after_meld(card, pool, state.table, state.rules)

    def legal_depths(self, state: GameState) -> list[int]:
        """Every depth the current player may take the discard pile down to."""
        return [d for d in range(1, len(state.discard) + 1) if self.can_pick(state, d)]

    def legal_draws(self, state: GameState) -> list[Move]:
        """The stock, every legal discard pick (top first), and, once the stock is
        exhausted, ending the round."""
        moves: list[Move] = [DRAW_STOCK] if state.stock else []
        moves.extend(DrawDiscard(d) for d in self.legal_depths(state))
        if not state.stock:
            moves.append(END_ROUND)
        return moves

    def verify_draw_discard(self, state: GameState, move: DrawDiscard) -> None:
        self.require_phase(state, Phase.DRAW, move)
        pile = state.discard
        if not pile:
            raise IllegalMove("the discard pile is empty")
        d = move.depth
        if d > len(pile):
            raise IllegalMove(
                f"the discard pile holds {len(pile)} card{'s' if len(pile) != 1 else ''}; "
                f"depth {d} is not there"
            )
        if not self.can_pick(state, d):
            card = pile[-d]
            where = "the top card" if d == 1 else f"the card at depth {d}"
            why = "" if self._may_lay_off(state, state.current) else (
                f" (player {state.current} may lay off only after a meld of their own: "
                "layoff_before_first_meld=False)"
            )
            raise IllegalMove(
                f"{card.code} ({where} of the discard pile) cannot be melded or laid off "
                f"with player {state.current}'s cards and the table, so it may not be taken"
                + why
            )

    def apply_draw_discard(self, state: GameState, move: DrawDiscard) -> Effect:
        taken = self.take_from_discard(state, move.depth)
        if self.pick_needs_meld(state.rules, move.depth):
            state.data["must_meld"] = taken[0].code
        return taken, None

    def apply_draw_stock(self, state: GameState, move: Move) -> Effect:
        state.data["must_meld"] = None
        return super().apply_draw_stock(state, move)

    def after_laid(self, state: GameState, cards: Hand) -> None:
        need = state.data["must_meld"]
        if need is not None and any(c.code == need for c in cards):
            state.data["must_meld"] = None

    # ------------------------------------------------------------------ the stock runs out
    def verify_end_round(self, state: GameState, move: EndRound) -> None:
        self.require_phase(state, Phase.DRAW, move)
        if state.stock:
            n = len(state.stock)
            raise IllegalMove(
                f"the round may be ended only once the stock is exhausted; it holds {n} "
                f"card{'s' if n != 1 else ''}"
            )

    def apply_end_round(self, state: GameState, move: EndRound) -> Effect:
        self._stock_out(state, f"player {state.current} chose not to take from the discard "
                               "pile")
        return (), None

    def end_turn(self, state: GameState) -> None:
        """Pass the turn; with the stock exhausted, the round ends when the next player
        cannot take from the discard pile."""
        super().end_turn(state)
        if state.result is None and not state.stock and not self.legal_depths(state):
            self._stock_out(
                state, f"player {state.current} cannot take from the discard pile"
            )

    def _stock_out(self, state: GameState, why: str) -> None:
        score = self.score_hand(state, None, False)
        result = self.result_of(state, score, "stock_out")
        reason = f"the stock is exhausted and {why}; {result.reason}"
        self.end_hand(
            state,
            GameResult(result.kind, result.winner, result.scores, result.points, reason,
                       result.deadwood, None, score),
            reveal=True,
        )

    # ------------------------------------------------------------------ scoring
    def score_hand(self, state: GameState, went_out: int | None, rummy: bool) -> TableScore:
        """Cards on the table count for whoever laid them; cards in hand count against."""
        on_table = self.on_table(state)
        in_hand = self.in_hand(state)
        scores = tuple(t - h for t, h in zip(on_table, in_hand, strict=True))
        return TableScore(went_out, False, on_table, in_hand, scores)

    def result_of(self, state: GameState, score: TableScore, kind: str) -> GameResult:
        """The round's best net score wins the round (``None`` on a tie for it)."""
        scores = score.scores
        best = max(scores)
        leaders = [i for i, s in enumerate(scores) if s == best]
        winner = leaders[0] if len(leaders) == 1 else None
        parts = ", ".join(
            f"player {i} {t} - {h} = {s:+d}"
            for i, (t, h, s) in enumerate(zip(score.on_table, score.in_hand, scores,
                                              strict=True))
        )
        head = f"player {score.went_out} went out; " if score.went_out is not None else ""
        return GameResult(
            kind, winner, scores, best if winner is not None else 0,
            f"{head}round scores (table - hand): {parts}", score.in_hand, score.went_out,
            score,
        )

    # ------------------------------------------------------------------ learners
    def describe(self, state: GameState, move: Move) -> str:
        if isinstance(move, DrawDiscard) and move.depth <= len(state.discard):
            taken = Hand(state.discard[-move.depth:])
            text = f"take {taken} from the discard pile"
            if self.pick_needs_meld(state.rules, move.depth):
                text += f": {taken[0].glyph} must be melded or laid off this turn"
            return text
        if isinstance(move, EndRound):
            return "end the round: the stock is exhausted and you take nothing"
        return super().describe(state, move)

    # ------------------------------------------------------------------ matches
    def match_standing(
        self, rules: Rules, players: int, results: Sequence[GameResult]
    ) -> MatchStanding:
        """Totals to ``rules.target``: :func:`match_totals`."""
        return match_totals([r.scores for r in results], players, rules.target)


def match_totals(
    round_scores: Sequence[Sequence[int]], players: int = 2, target: int = 500
) -> TableStanding:
    """Rummy 500 match totals from each round's net scores.

    The match ends after the first round in which someone reaches ``target``: the
    highest total wins; an exact tie for the highest plays another round.

    >>> s = match_totals([(300, 320), (230, 210)])  # both past 500: highest wins
    >>> s.totals, s.winner, s.finished
    ((530, 530), None, False)
    >>> match_totals([(300, 320), (230, 210), (15, -40)]).winner
    0
    """
    return table_standing(round_scores, players, target)


ENGINE = Rummy500Engine()
register_variant(Variant.RUMMY500, ENGINE)
