"""Indian Rummy (Points, Pool and Deals) on the shared state machine.

What Indian Rummy adds to the base mechanics (draw from the stock or the top of the open
pile, then discard):

* **The deal.** Two decks and four printed jokers (108 cards; ``decks=1`` is an option for
  two players), 13 cards each. Then one card is turned face up under the stock: its rank
  is the deal's wild-joker rank (a printed joker makes aces wild). The next card starts the
  open (discard) pile. ``new_game(..., wild_card="7D")`` fixes the wild card of a stacked
  deal. In a Pool match a player out of the pool is dealt nothing and sits the deal out.
* **Drop.** At the start of a turn, before drawing, a player may leave the deal for a
  fixed penalty: ``first_drop`` (20) before their first draw of the deal, ``middle_drop``
  (40) once they have drawn (201 Pool: 25 and 50).
* **Declare.** After drawing (14 cards) a player puts one card in the finish slot
  (``Declare(card)``) and shows the other 13, checked with
  :func:`rummy_lab.indian.check_declaration`. A valid declaration wins the deal; every
  other player still in it pays their count (:func:`rummy_lab.indian.count_points`: on
  their best arrangement, capped at ``max_points``). A wrong declaration costs the
  declarer ``wrong_declaration`` (80); their 13 cards stay face up and they are out of the
  deal, and play goes on for the others.
* **Endings.** A valid declaration; or only one player left in the deal (the others
  dropped or declared wrongly: with two players a wrong declaration hands the deal to the
  other player). A deal running past ``max_turns`` is void (a draw, nobody scores),
  reported as ``kind == "max_turns"``.

Legal moves and wrong declarations: :meth:`IndianEngine.legal_moves` lists
``Declare(card)`` only for the finish cards that leave a valid declaration, so a bot that
picks among legal moves never declares wrongly by accident. Yet ``play(Declare(card))``
with a hand that is not valid is *accepted*: a wrong declaration is a real move of the
game (a foolish one), and it is played out with its penalty. ``Declare`` of a card the
player does not hold, or of the card just taken from the open pile, or before drawing, is
illegal as usual.

Stock exhaustion (the rulebooks do not say): when the stock runs out, the open pile except
its top card is shuffled into a new stock, with a random stream seeded from the cards as
dealt and the count of reshuffles, so replays and saved games give the same cards (a saved
game records the deal; the seed only decides the deal, so editing it cannot change them).

Result (:class:`~rummy_lab.engine.state.GameResult`): ``kind`` is ``"declare"``,
``"drop"`` or ``"wrong_declaration"`` (the move that left one player standing) or
``"max_turns"``; ``scores`` are each player's points for the deal (the winner 0, the
others their capped count, drop penalty or wrong-declaration penalty); ``points`` is their
sum, the winner's take; ``detail`` is an :class:`IndianDeal` with each player's outcome
and, for Points Rummy, the winnings (points x ``point_value``).

>>> from rummy_lab.engine.game import new_game
>>> g = new_game("indian", seed=3)
>>> [len(h) for h in g.hands], len(g.stock), len(g.discard_pile), g.wild_card is not None
([13, 13], 80, 1, True)
>>> [str(m) for m in g.legal_moves()]
['draw from the stock', 'take the discard', 'drop']
>>> _ = g.play("drop")
>>> g.result.kind, g.result.winner, g.result.scores
('drop', 0, (0, 20))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card, Hand
from ..errors import IllegalMove
from ..moves import DROP, Declare, DrawDiscard, Drop, Move
from ..rules import Rules, Variant
from ..scoring.indian import (
    Declaration,
    check_declaration,
    count_points,
    match_standing,
    wild_rank_of,
)
from ..solver import deadwood
from ..state import Deal, GameResult, GameState, Phase
from . import register_variant
from .base import Effect, MatchStanding, VariantEngine, check_multiset

__all__ = ["ENGINE", "OUTCOMES", "IndianDeal", "IndianEngine", "has_pure_sequence"]

OUTCOMES = (
    "won", "count", "first_drop", "middle_drop", "wrong_declaration", "sitting_out", "void",
)
"""What a deal meant for each player (:attr:`IndianDeal.outcomes`)."""

_OUT = "out"  # state.data keys (JSON-able; saved with the game)
_DRAWN = "has_drawn"
_RESHUFFLES = "reshuffles"
_WRONG = "wrong_declarations"


@dataclass(frozen=True)
class IndianDeal:
    """The scoring record of an Indian deal (``GameResult.detail``).

    :ivar outcomes: per player, one of :data:`OUTCOMES`: ``won``; ``count`` (a loser
        counted on their cards); ``first_drop``/``middle_drop``; ``wrong_declaration``;
        ``sitting_out`` (out of the pool, dealt nothing); ``void`` (a ``max_turns`` deal).
    :ivar scores: per player, the points for the deal (as ``GameResult.scores``).
    :ivar counts: per player, the uncapped count of a counted loser, else ``None``.
    :ivar wild_card: the card turned under the stock (``None`` with ``wild_joker=False``).
    :ivar wild_rank: the wild-joker rank it set (1..13), or ``None``.
    :ivar declaration: the winner's checked declaration (``None`` when the deal ended
        otherwise).
    :ivar point_value: the rules' value of a point (Points Rummy).
    :ivar winnings: the winner's take in money: the losers' points x ``point_value``.

    >>> d = IndianDeal(("won", "count", "first_drop"), (0, 35, 20), (None, 35, None), None,
    ...                7, None, 2, 110)
    >>> d.net
    (110, -70, -40)
    """

    outcomes: tuple[str, ...]
    scores: tuple[int, ...]
    counts: tuple[int | None, ...]
    wild_card: Card | None
    wild_rank: int | None
    declaration: Declaration | None
    point_value: int
    winnings: int

    @property
    def net(self) -> tuple[int, ...]:
        """Money won (the winner, positive) or paid (negative) by each player."""
        out = []
        for o, s in zip(self.outcomes, self.scores, strict=True):
            out.append(self.winnings if o == "won" else -s * self.point_value)
        return tuple(out)


def has_pure_sequence(cards: Iterable[Card]) -> bool:
    """True when three of the cards are consecutive in one suit (ace low or high).

    Wild-rank cards count at their natural place (that keeps a sequence pure); printed
    jokers never do. A quick test used before asking the solver.

    >>> from ..cards import parse_cards
    >>> has_pure_sequence(parse_cards("QS KS AS 5H")), has_pure_sequence(parse_cards("KS AS 2S"))
    (True, False)
    """
    masks = [0, 0, 0, 0]
    for c in cards:
        if c.suit is not None:
            bit = 1 << c.rank
            if c.rank == 1:
                bit |= 1 << 14
            masks[c.suit.order] |= bit
    return any(m & (m >> 1) & (m >> 2) for m in masks)


class IndianEngine(VariantEngine):
    """Indian Rummy for 2-6 players: wild joker, drops, declarations, capped counts.

    A declaration that is not valid is not offered, but it may be played, at its price:

    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("indian", seed=3)
    >>> _ = g.play("draw_stock")
    >>> finish = Declare(g.hand(1)[0])
    >>> finish in g.legal_moves(), g.can_play(finish)
    (False, True)
    >>> _ = g.play(finish)
    >>> g.result.kind, g.result.winner, g.result.scores
    ('wrong_declaration', 0, (0, 80))
    """

    name = "indian rummy"

    # ------------------------------------------------------------------ dealing
    def deal(self, rules: Rules, players: int, dealer: int, rng: random.Random) -> Deal:
        """Shuffle and deal 13 cards to every player, then the wild card and the open card."""
        return self.deal_seats(rules, players, dealer, rng, range(players))

    def deal_seats(
        self, rules: Rules, players: int, dealer: int, rng: random.Random, seats: Iterable[int]
    ) -> Deal:
        """Deal only to ``seats`` (the others sit the deal out with no cards).

        One card at a time from the dealer's left, skipping seats not dealt in; then the
        wild-joker card turned under the stock (unless ``wild_joker`` is off), then the
        first open card; the rest is the stock (top card first).

        :raises ValueError: when the deck cannot serve that many players (a single deck
            is for two players).
        """
        seated = sorted(set(seats))
        _check_table(rules, players, len(seated))
        deck = self.deck(rules, players)
        rng.shuffle(deck)
        size = rules.hand_size_for(players)
        hands: list[list[Card]] = [[] for _ in range(players)]
        order = [(dealer + i) % players for i in range(1, players + 1)]
        order = [p for p in order if p in seated]
        pos = 0
        for _ in range(size):
            for p in order:
                hands[p].append(deck[pos])
                pos += 1
        wild = None
        if rules.wild_joker:
            wild = deck[pos]
            pos += 1
        up = deck[pos : pos + self.upcards]
        pos += self.upcards
        return Deal(tuple(Hand(h) for h in hands), Hand(deck[pos:]), Hand(up), wild, dealer)

    def check_deal(self, rules: Rules, players: int, deal: Deal) -> None:
        """A stacked deal: 13 cards to each player (or none to a player sitting out), one
        open card and a wild card; all together exactly the deck."""
        size = rules.hand_size_for(players)
        if len(deal.hands) != players:
            raise ValueError(f"hands must give {players} hands, got {len(deal.hands)}")
        for p, h in enumerate(deal.hands):
            if h and len(h) != size:
                raise ValueError(
                    f"player {p} is dealt {len(h)} cards; {rules.name} deals {size} "
                    "(or none to a player sitting out)"
                )
        seated = sum(1 for h in deal.hands if h)
        if seated < 2:
            raise ValueError(f"at least two players must be dealt in, got {seated}")
        _check_table(rules, players, seated)
        if len(deal.discard) != self.upcards:
            raise ValueError(
                f"the open pile must start with {self.upcards} card, got {len(deal.discard)}"
            )
        if rules.wild_joker and deal.wild_card is None:
            raise ValueError(f"{rules.name} needs a wild_card (the card turned under the stock)")
        if not rules.wild_joker and deal.wild_card is not None:
            raise ValueError(
                f"{rules.name} has no wild joker (wild_joker=False), got wild_card "
                f"{deal.wild_card.code}"
            )
        check_multiset(deal.cards(), self.deck(rules, players), "the deal")

    def start(self, state: GameState) -> None:
        """The player to the dealer's left (skipping anyone sitting out) moves first."""
        n = state.players
        state.data[_OUT] = [None if h else "sitting_out" for h in state.hands]
        state.data[_DRAWN] = [False] * n
        state.data[_RESHUFFLES] = 0
        state.data[_WRONG] = []
        state.phase = Phase.DRAW
        state.current = self._next_in(state, state.dealer)

    # ------------------------------------------------------------------ queries
    def wild_rank(self, state: GameState) -> int | None:
        """The deal's wild-joker rank (from the card under the stock); ``None`` when the
        rules turn no wild card (``wild_joker=False``)."""
        cache = state.cache
        if "wild_rank" not in cache:
            card = state.wild_card
            cache["wild_rank"] = None if card is None else wild_rank_of(card)
        rank: int | None = cache["wild_rank"]
        return rank

    def in_deal(self, state: GameState) -> list[int]:
        """Seats still playing this deal (not dropped, not wrong-declared, not sitting out)."""
        out = state.data[_OUT]
        return [p for p in range(state.players) if out[p] is None]

    def _next_in(self, state: GameState, seat: int) -> int:
        out = state.data[_OUT]
        n = state.players
        for i in range(1, n + 1):
            q = (seat + i) % n
            if out[q] is None:
                return q
        return seat  # pragma: no cover - a deal always has two players in

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self, state: GameState) -> list[Move]:
        """Draws and the drop; after drawing, discards then valid declarations.

        ``Declare(card)`` is listed only when the 13 cards left form a valid declaration
        (see the module docstring: an invalid one is still playable, as a wrong
        declaration).
        """
        moves = super().legal_moves(state)  # the draws, or the discards
        if state.result is not None:
            return moves
        if state.phase is Phase.DRAW:
            moves.append(DROP)
        elif state.phase is Phase.DISCARD:
            moves.extend(self.valid_declarations(state, moves))
        return moves

    def valid_declarations(self, state: GameState, discards: Sequence[Move]) -> list[Move]:
        """``Declare(card)`` for each allowed finish card that leaves a valid declaration."""
        hand = state.hands[state.current]
        if not has_pure_sequence(hand):
            return []
        rules = state.rules
        wild = self.wild_rank(state)
        # A valid 13 plus the finish card c is a 14-card arrangement with deadwood <= value(c).
        floor = deadwood(hand, rules, wild_rank=wild)
        out: list[Move] = []
        for m in discards:
            card = m.card  # type: ignore[attr-defined]
            if rules.card_value(card, wild) < floor:
                continue
            rest = hand[:]
            rest.remove(card)
            if check_declaration(rest, wild_rank=wild, rules=rules).valid:
                out.append(Declare(card))
        return out

    # ------------------------------------------------------------------ checks
    def finish_hint(self) -> str:
        return "discard or declare"

    def unsupported_reason(self, move: Move) -> str:
        reasons = {
            "knock": "knocking is Gin Rummy; in Indian Rummy declare (Declare(card)) with "
            "13 cards in sequences and sets",
            "gin": "going gin is Gin Rummy; in Indian Rummy declare (Declare(card))",
            "meld": "in Indian Rummy melds stay in the hand until the declaration; there is "
            "no Meld move",
            "lay_off": "Indian Rummy has no lay-offs",
            "take_upcard": "the upcard option is Gin Rummy; in Indian Rummy take the open "
            "card with DrawDiscard()",
            "pass_upcard": "the upcard option is Gin Rummy; Indian Rummy has no pass",
        }
        return reasons.get(move.verb, super().unsupported_reason(move))

    # ------------------------------------------------------------------ draws
    def apply_draw_stock(self, state: GameState, move: Move) -> Effect:
        state.data[_DRAWN][state.current] = True
        return super().apply_draw_stock(state, move)

    def apply_draw_discard(self, state: GameState, move: DrawDiscard) -> Effect:
        state.data[_DRAWN][state.current] = True
        return super().apply_draw_discard(state, move)

    # ------------------------------------------------------------------ drop
    def verify_drop(self, state: GameState, move: Drop) -> None:
        if state.phase is Phase.DISCARD:
            raise IllegalMove(
                f"a player drops at the start of a turn, before drawing; player "
                f"{state.current} has drawn this turn: now discard or declare"
            )
        self.require_phase(state, Phase.DRAW, move)

    def apply_drop(self, state: GameState, move: Drop) -> Effect:
        p = state.current
        state.data[_OUT][p] = "middle_drop" if state.data[_DRAWN][p] else "first_drop"
        state.turn_count += 1
        self._after_leaving(state, "drop")
        return (), None

    # ------------------------------------------------------------------ declare
    def verify_declare(self, state: GameState, move: Declare) -> None:
        self.require_phase(state, Phase.DISCARD, move)
        self.require_in_hand(state, move.card)
        if move.card in state.pickup and state.rules.no_discard_of_pickup:
            raise IllegalMove(
                f"{move.card.code} was taken from the open pile this turn and cannot go to "
                "the finish slot"
            )

    def apply_declare(self, state: GameState, move: Declare) -> Effect:
        p = state.current
        card = move.card
        hand = state.hands[p]
        hand.remove(card)
        known = state.known[p]
        if card in known:
            known.remove(card)
        state.set_aside.append(card)  # the finish slot, face down
        state.pickup = ()
        state.turn_count += 1
        verdict = check_declaration(hand, wild_rank=self.wild_rank(state), rules=state.rules)
        shown = tuple(hand)
        if verdict.valid:
            self._settle(state, p, "declare", verdict)
            return shown, None
        state.data[_OUT][p] = "wrong_declaration"
        state.data[_WRONG].append([p, card.code, verdict.reason])
        state.known[p] = hand[:]  # shown face up
        self._after_leaving(state, "wrong_declaration")
        return shown, None

    # ------------------------------------------------------------------ turn flow
    def end_turn(self, state: GameState) -> None:
        """After a discard (or a drop / wrong declaration that leaves two or more in):
        stop at ``max_turns``, refill an empty stock, pass to the next player in."""
        if state.turn_count >= state.rules.max_turns:
            self.end_hand(
                state,
                GameResult(
                    "max_turns", None, (0,) * state.players,
                    reason=(
                        f"the deal reached max_turns={state.rules.max_turns} turns and is "
                        "void (a draw: nobody scores)"
                    ),
                    detail=self._record(state, None, ["void"] * state.players,
                                        [0] * state.players, [None] * state.players, None),
                ),
            )
            return
        if not state.stock:
            self._reshuffle(state)
        state.current = self._next_in(state, state.current)
        state.phase = Phase.DRAW

    def _reshuffle(self, state: GameState) -> None:
        """The open pile except its top card becomes the new stock, shuffled (seeded)."""
        pile = state.discard
        if len(pile) < 2:
            return
        k = state.data[_RESHUFFLES] + 1
        state.data[_RESHUFFLES] = k
        cards = pile[:-1]
        deal = state.deal
        dealt = " ".join(c.code for c in deal.cards())
        random.Random(f"rummy_lab indian reshuffle {deal.dealer} {dealt} {k}").shuffle(cards)
        del pile[:-1]
        state.stock[:] = cards

    def _after_leaving(self, state: GameState, kind: str) -> None:
        """A player dropped or declared wrongly: one left wins, else play goes on."""
        left = self.in_deal(state)
        if len(left) == 1:
            self._settle(state, left[0], kind, None)
        else:
            self.end_turn(state)

    def _settle(
        self, state: GameState, winner: int, kind: str, verdict: Declaration | None
    ) -> None:
        rules = state.rules
        wild = self.wild_rank(state)
        out = state.data[_OUT]
        n = state.players
        outcomes: list[str] = []
        scores: list[int] = []
        counts: list[int | None] = []
        for q in range(n):
            o = out[q]
            c: int | None = None
            if q == winner:
                o, s = "won", 0
            elif o is None:
                o = "count"
                c = deadwood(state.hands[q], rules, wild_rank=wild)
                s = count_points(state.hands[q], wild_rank=wild, rules=rules)
            elif o == "sitting_out":
                s = 0
            else:
                s = {"first_drop": rules.first_drop, "middle_drop": rules.middle_drop,
                     "wrong_declaration": rules.wrong_declaration}[o]
            outcomes.append(o)
            scores.append(s)
            counts.append(c)
        record = self._record(state, winner, outcomes, scores, counts, verdict)
        result = GameResult(
            kind, winner, tuple(scores), sum(scores), _reason(winner, kind, record, rules),
            tuple(c or 0 for c in counts), winner if kind == "declare" else None, record,
        )
        self.end_hand(state, result, reveal=kind == "declare")

    def _record(
        self,
        state: GameState,
        winner: int | None,
        outcomes: Sequence[str],
        scores: Sequence[int],
        counts: Sequence[int | None],
        verdict: Declaration | None,
    ) -> IndianDeal:
        value = state.rules.point_value
        return IndianDeal(
            tuple(outcomes), tuple(scores), tuple(counts), state.wild_card,
            self.wild_rank(state), verdict, value, sum(scores) * value if winner is not None
            else 0,
        )

    # ------------------------------------------------------------------ matches
    def next_dealer(self, state: GameState) -> int:
        """The deal passes to the left (a Pool match skips players out of the pool)."""
        return (state.dealer + 1) % state.players

    def match_standing(
        self, rules: Rules, players: int, results: Sequence[GameResult]
    ) -> MatchStanding:
        """Points, Pool or Deals standing (:func:`rummy_lab.indian.match_standing`)."""
        return match_standing(results, rules, players=players)


def _check_table(rules: Rules, players: int, seated: int) -> None:
    decks = rules.decks_for(players)
    if decks == 1 and seated > 2:
        raise ValueError(
            f"a single deck (decks=1) is for two players; {seated} players need decks=2"
        )
    wild = 1 if rules.wild_joker else 0
    need = seated * rules.hand_size_for(players) + wild + 2
    have = 52 * decks + rules.printed_jokers
    if need > have:
        raise ValueError(
            f"{seated} hands of {rules.hand_size_for(players)} cards (hand_size), "
            f"{'the wild card, ' if wild else ''}the open card and a stock need more than "
            f"the {have} cards of the deck (decks={decks}, printed_jokers={rules.printed_jokers})"
        )


_LOSS_WORDS = {
    "first_drop": "dropped first",
    "middle_drop": "dropped in the middle",
    "wrong_declaration": "declared wrongly",
}


def _reason(winner: int, kind: str, record: IndianDeal, rules: Rules) -> str:
    if kind == "declare":
        head = f"player {winner} declared a valid hand"
    elif kind == "drop":
        head = f"player {winner} is the last player left after the others dropped or left"
    else:
        head = f"player {winner} is the last player left after a wrong declaration"
    parts = []
    for q, (o, s, c) in enumerate(zip(record.outcomes, record.scores, record.counts,
                                      strict=True)):
        if o == "count":
            capped = f" (capped from {c})" if c is not None and c > s else ""
            parts.append(f"player {q} counts {s}{capped}")
        elif o in _LOSS_WORDS:
            parts.append(f"player {q} {_LOSS_WORDS[o]} ({s})")
    text = head
    if parts:
        text += ": " + ", ".join(parts)
    text += f"; {sum(record.scores)} points to player {winner}"
    if rules.indian_format == "points" and rules.point_value != 1:
        text += f" (winnings {record.winnings})"
    return text


ENGINE = IndianEngine()
"""The registered engine (restored by ``engine_for`` if it was unregistered)."""
register_variant(Variant.INDIAN, ENGINE)
