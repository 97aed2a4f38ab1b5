"""Basic Rummy, Rummy 500 and Indian Rummy: move values one turn deep, playouts with a budget.

Method. For every legal move the coach finishes the turn the move starts with its fast
policy (melds, lay-offs, then a discard; see :func:`policy_move`) and scores the position
with :func:`leaf_value`, an estimate of the points over the rest of the hand. Hidden
cards come from the belief's determinizations: a stock draw is valued over many
possible cards, and the opponents' hands set how far each of them is from going out.
Throwing a card the next player can use costs the belief's danger of that card times
what one card closer to going out is worth to that player (read off the same estimate;
Rummy 500: three times the card's points, a meld of their own, or its points when it
fits a table meld, times the fitted danger weight).

With a budget (seconds) the coach also plays each move out on determinizations with the
fast policy for every player, for as many rounds of turns as the budget allows, and
scores the hand's end exactly (:func:`~rummy_lab.coach._values.hand_points`) or the
horizon with :func:`leaf_value`.

The estimate (:func:`leaf_value`). Each player's hand is split by the exact solver into
melds and deadwood; deadwood that fits a table meld is set apart (it can be laid off).
``C`` is the number of other deadwood cards (cards the player must still get rid of),
``D`` their points. The chance that player ``p`` finishes first is ``exp(-C_p / tau)``
normalised over the players (the player about to move counts half a card less), where
``tau = TAU + stock / TURNS_PER_TAU``: early in the hand, with many draws to come,
today's count says less about who finishes first. Then, for the viewer ``v``:

* Basic: ``BASIC_SCALE * (P_v * sum(D_q) - sum(P_q) * D_v)`` over the opponents ``q``
  (the loser of a Basic hand pays for the cards it still holds when the winner goes out,
  far fewer than its deadwood now: :data:`BASIC_SCALE` is the least-squares factor from
  this estimate to the hand's outcome over greedy self-play), less ``o_v * H_v``: ``H_p``
  is the points of the melds ``p`` holds and of its cards that fit a table meld, which
  it pays for if someone goes out before its next turn (chance ``o_p``, from
  :data:`GO_OUT` by the deadwood cards of the players who move first), plus what the
  viewer collects the same way from the opponents' ``H_q``;
* Rummy 500: from three parts, each the viewer's less the opponents' mean: ``table_p``,
  the points ``p`` has on the table, ``(1 - 2 o_p) * H_p``, its melds and lay-offs in
  hand (they go down at its next turn unless someone goes out first), and ``D_p``, its
  deadwood points; weighted by :data:`R500_WEIGHTS`, fitted to playouts to the end of
  the hand. The deadwood weight is positive (a card held is more often melded later than
  paid for), most of all while many cards are left in the stock; with an opponent near
  going out (:data:`R500_NEAR` cards or fewer) a deadwood card late in the round is
  worth about nothing and melds held are worth less. (The round's score as if it ended
  now, ``table + held - D``, chose moves worse by 7 to 10 points per decision by those
  playouts, and overstated the losses.)
* Indian: like Basic with each count capped at ``max_points``, and a hand without the
  sequences a declaration needs counts every card.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Mapping, Sequence

from ..engine.cards import Card
from ..engine.moves import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    EndRound,
    LayOff,
    Meld,
    Move,
    discard_of,
)
from ..engine.rules import Rules, Variant
from ..engine.solver import Partition
from ..engine.solver import best_discard as _best_discard
from ..engine.solver import best_partition as _best_partition
from ..engine.solver import deadwood as _deadwood
from ..engine.state import Deal, GameState, Phase, PlayerView, TableMeld
from ..engine.variants import VariantEngine, engine_for
from ..engine.variants.indian import has_pure_sequence
from ..engine.variants.tabled import arrange_meld, extend_meld
from ._source import Determinization, belief, danger, deals
from ._values import MoveValue, hand_points

__all__ = [
    "TAU", "drop_price", "leaf_value", "policy_move", "r500_weights", "state_for",
    "table_move_values",
]

TAU = 2.0
"""How sharply fewer deadwood cards raise the chance to finish first, at the stock's end."""

TURNS_PER_TAU = 8
"""Every this many cards left in the stock flatten that chance by one more unit of TAU."""

BASIC_SCALE = 0.13
"""Basic Rummy: the outcome of a hand per point of the unscaled estimate, fitted by least
squares over 300 hands of greedy self-play (``python benchmarks/bench_strength.py
calibrate``; the Indian estimate needs no factor: it fits at 0.88; Rummy 500's parts
carry :data:`R500_WEIGHTS`)."""

BASIC_THROW_CELLS: tuple[str, ...] = tuple(
    f"{near}, hand of {size}"
    for near in ("an opponent holds 2 cards or fewer", "the nearest opponent holds 3 or 4",
                 "every opponent holds 5 cards or more")
    for size in ("5 or fewer", "6 or 7", "8 or more"))
"""Basic Rummy: the situations a throw's worth depends on (:func:`basic_throw_cell`): how
close the nearest opponent is to going out, and how many cards the thrower holds (with
the card drawn)."""

BASIC_THROW_POINT: tuple[float, ...] = (0.047, 0.114, 0.182, 0.062, 0.138, 0.062, 0.025,
                                        0.012, 0.027)
"""Basic Rummy: points of the hand's outcome per point of the throw score
(:func:`~rummy_lab.coach._principle.basic_discard_score`), in each cell of
:data:`BASIC_THROW_CELLS`: least squares within each decision over greedy playouts of
every deadwood throw to the end of the hand, at the discard decisions of greedy self-play
and of a random bot against the greedy bot (``python benchmarks/bench_strength.py
throwscale``). A throw counts most when an opponent is about to go out and the hand is
still full: the points kept are then likely to be paid. Basic throws are valued by it
(:func:`_basic_throws`)."""


def basic_throw_cell(view: PlayerView) -> int:
    """The index in :data:`BASIC_THROW_CELLS` of the viewer's situation."""
    others = [n for p, n in enumerate(view.hand_sizes) if p != view.player]
    nearest = min(others, default=99)
    near = 0 if nearest <= 2 else (1 if nearest <= 4 else 2)
    size = len(view.hand)
    return 3 * near + (0 if size <= 5 else (1 if size <= 7 else 2))


LONE_BONUS = 3
"""Basic Rummy: a lone card (no partner near) is thrown before a card up to this many
points higher that may still make a meld."""

GO_OUT: dict[Variant, tuple[float, ...]] = {
    Variant.RUMMY500: (1.0, 0.242, 0.057, 0.076, 0.0),
    Variant.BASIC: (1.0, 0.027, 0.036, 0.085, 0.005, 0.0),
}
"""The chance a player goes out in a turn, by the deadwood cards it holds at the turn's
start (the estimate's count ``C``; the last entry for that many or more): how often it
happened in greedy self-play (``python benchmarks/bench_strength.py goout``). Melds and
lay-offs held one more turn risk this much."""

R500_NEAR = 4
"""Rummy 500: an opponent holding this many cards or fewer is near going out; the
estimate's weights of melds held and of deadwood change then (the ``near`` entries of
:data:`R500_WEIGHTS`)."""

R500_WEIGHTS: dict[str, float] = {
    "table": 0.857, "held": 1.026, "danger": 1.313,
    "deadwood>24": 1.316, "deadwood>12": 0.735, "deadwood": 0.651,
    "held near": -0.346, "deadwood near": -0.648,
}
"""Rummy 500: the weights of the estimate's parts (:func:`r500_parts`), fitted by least
squares to greedy playouts of every legal move to the end of the hand, within each
decision (``python benchmarks/bench_strength.py fitparts --near 4``). The deadwood weight
depends on the cards left in the stock (more than 24, more than 12, fewer) and is
positive: a card held with many turns to come is more often melded later than paid for at
the round's end. With an opponent near going out (:data:`R500_NEAR` cards or fewer) the
``near`` entries are added: melds held are worth less (they count against the player if
the opponent goes out first) and a deadwood card late in the round is worth about
nothing."""


R500_DRAW_WEIGHTS: dict[str, float] = {
    "table": 0.701, "held": 3.037, "danger": 0.852,
    "deadwood>24": 0.862, "deadwood>12": 0.308, "deadwood": 0.144,
}
"""Rummy 500: the weights of the same parts for the draws (the stock, the top card, a deep
pick; each followed by the rest of the turn), fitted as :data:`R500_WEIGHTS` are but at
the draw decisions only, of greedy self-play and of a random bot against the greedy bot
(``python benchmarks/bench_strength.py fitparts --variants 500 --phase draw --seat0
both``). With :data:`R500_WEIGHTS` a deep pick taken where a learner would take it was
valued several times above what playouts give it: the points it lays down weigh less
than a throw's, and so does the danger of the throw after a stock draw."""


def r500_weights(move: Move) -> Mapping[str, float]:
    """Rummy 500: the estimate's weights for the position after ``move``'s turn."""
    return R500_DRAW_WEIGHTS if isinstance(move, DrawStock | DrawDiscard) else R500_WEIGHTS


def r500_deadwood_weight(stock: int, weights: Mapping[str, float] = R500_WEIGHTS,
                         near: bool = False) -> float:
    """Rummy 500: the estimate's weight of the viewer's deadwood points (relative to the
    opponents') with ``stock`` cards left to draw (by :data:`R500_WEIGHTS`, or
    ``weights``), and an opponent ``near`` going out (:func:`r500_near`) or not."""
    if stock > 24:
        w = weights["deadwood>24"]
    else:
        w = weights["deadwood>12"] if stock > 12 else weights["deadwood"]
    return w + (weights.get("deadwood near", 0.0) if near else 0.0)


def r500_held_weight(weights: Mapping[str, float] = R500_WEIGHTS,
                     near: bool = False) -> float:
    """Rummy 500: the estimate's weight of the melds and lay-offs the viewer holds
    (relative to the opponents'), with an opponent ``near`` going out or not."""
    return weights["held"] + (weights.get("held near", 0.0) if near else 0.0)


def r500_near(state: GameState, viewer: int) -> bool:
    """Rummy 500: whether an opponent of ``viewer`` in ``state`` holds :data:`R500_NEAR`
    cards or fewer."""
    return any(len(state.hands[q]) <= R500_NEAR for q in _in_deal(state) if q != viewer)


DEFAULT_DEALS = 4
DRAW_SAMPLES = 12
INDIAN_DRAW_SAMPLES = 6
"""Stock draws valued per decision (Indian hands of fourteen cards are slower to solve)."""


# --------------------------------------------------------------------------- solver memo

_MEMO: dict[tuple[object, ...], object] = {}


def _memo(key: tuple[object, ...], make: object) -> object:
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) > 50_000:
            _MEMO.clear()
        got = _MEMO[key] = make()  # type: ignore[operator]
    return got


def deadwood(hand: Sequence[Card], rules: Rules, *, wild_rank: int | None = None) -> int:
    """:func:`rummy_lab.engine.solver.deadwood`, memoised by hand."""
    key = ("d", tuple(sorted(hand)), rules, wild_rank)
    out = _memo(key, lambda: _deadwood(list(hand), rules, wild_rank=wild_rank))
    assert isinstance(out, int)
    return out


def best_partition(hand: Sequence[Card], rules: Rules, *, wild_rank: int | None = None
                   ) -> Partition:
    """:func:`rummy_lab.engine.solver.best_partition`, memoised by hand."""
    key = ("p", tuple(sorted(hand)), rules, wild_rank)
    out = _memo(key, lambda: _best_partition(list(hand), rules, wild_rank=wild_rank))
    assert isinstance(out, Partition)
    return out


def best_discard(hand: Sequence[Card], rules: Rules, *, wild_rank: int | None = None,
                 exclude: Sequence[Card] = ()) -> tuple[Card, Partition]:
    """:func:`rummy_lab.engine.solver.best_discard`, memoised by hand."""
    key = ("b", tuple(sorted(hand)), rules, wild_rank, tuple(sorted(exclude)))
    got = _MEMO.get(key)
    if got is None:
        card, part = _best_discard(list(hand), rules, wild_rank=wild_rank,
                                   exclude=tuple(exclude))
        got = _memo(key, lambda: (card, part))
        # the hand left is solved too: its partition and deadwood for later look-ups
        rest = list(hand)
        rest.remove(card)
        after = tuple(sorted(rest))
        _memo(("p", after, rules, wild_rank), lambda: part)
        _memo(("d", after, rules, wild_rank), lambda: part.deadwood_points)
    return got  # type: ignore[return-value]


# --------------------------------------------------------------------------- states


def wild_rank(view_or_state: PlayerView | GameState) -> int | None:
    """Indian Rummy's wild rank (``None`` elsewhere)."""
    card = view_or_state.wild_card
    if card is None:
        return None
    return 1 if card.is_joker else card.rank


def state_for(view: PlayerView, det: Determinization) -> GameState:
    """An engine state equal to the real one wherever the view can see, with the hidden
    cards as ``det`` places them. Variant bookkeeping is rebuilt from the history."""
    r = view.rules
    n = view.players
    data: dict[str, object] = {}
    first_laid: list[int | None] = [None] * n
    melded = [False] * n
    out: list[str | None] = [None if view.hand_sizes[q] or q == view.player else "sitting_out"
                             for q in range(n)]
    drawn = [False] * n
    turns = 0
    for e in view.history:
        m = e.move
        if isinstance(m, Meld | LayOff) and first_laid[e.player] is None:
            first_laid[e.player] = turns
        if isinstance(m, Meld):
            melded[e.player] = True
        if isinstance(m, DrawStock | DrawDiscard):
            drawn[e.player] = True
        if isinstance(m, Drop):
            out[e.player] = "middle_drop" if drawn[e.player] else "first_drop"
        if isinstance(m, Declare) and e is not view.history[-1]:
            out[e.player] = "wrong_declaration"
        if isinstance(m, Discard | Drop | Declare):
            turns += 1
    if r.variant in (Variant.BASIC, Variant.RUMMY500):
        data["first_laid"] = first_laid
        data["melded"] = melded
        if r.variant is Variant.BASIC:
            data["restocks"] = 0
        else:
            need = None
            if view.pickup and view.phase is Phase.DISCARD and (
                len(view.pickup) > 1 or r.discard_pick_must_meld == "any"
            ) and view.pickup[0] in view.hand:
                need = view.pickup[0].code
            data["must_meld"] = need
    elif r.variant is Variant.INDIAN:
        data["out"] = out
        data["has_drawn"] = drawn
        data["reshuffles"] = 0
        data["wrong_declarations"] = []
    deal = Deal(det.hands, det.stock, view.discard_pile, view.wild_card, view.dealer)
    return GameState(
        rules=r, players=n, deal=deal, seed=None,
        hands=[list(h) for h in det.hands], stock=list(reversed(det.stock)),
        discard=list(view.discard_pile), phase=view.phase, current=view.current_player,
        upcard=view.upcard, wild_card=view.wild_card, table=list(view.table),
        known=[list(k) for k in view.known], pickup=view.pickup,
        turn_count=view.turn_count, history=list(view.history), data=data,
    )


# --------------------------------------------------------------------------- the policy


def _value(card: Card, rules: Rules, wild: int | None) -> int:
    return rules.card_value(card, wild)


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
    wild = _wild_of(state)
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
        for c in sorted(part.deadwood, key=lambda c: -_value(c, r, None)):
            for i, tm in enumerate(state.table):
                if extend_meld(tm, (c,), p, r) is not None:
                    return LayOff((c,), i)
    options = [c for c in hand if c not in state.pickup] or list(hand)
    dead = [c for c in part.deadwood if c in options] or options
    # a lone card (no partner of its rank, nor of its suit within two ranks) first, then
    # the highest: pairs and near-runs are kept for the melds they may become
    if r.variant is Variant.BASIC:
        card = max(dead, key=lambda c: (_value(c, r, None) + LONE_BONUS * _alone(c, hand),
                                        c._index))
    else:
        card = max(dead, key=lambda c: (_alone(c, hand), _value(c, r, None), c._index))
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
        return (0 if near else 1, _value(c, r, wild), c._index)

    return discard_of(max(options, key=keep_score))


def free_rules(rules: Rules) -> Rules:
    """Indian rules without the declaration's sequence requirement (melds as melds)."""
    got = _FREE.get(rules)
    if got is None:
        got = _FREE[rules] = rules.replace(min_sequences=0, min_pure_sequences=0)
    return got


_FREE: dict[Rules, Rules] = {}


def _pure_draw(hand: Sequence[Card]) -> bool:
    """True when two natural cards of a suit are within two ranks (one card from a pure
    sequence)."""
    masks = [0, 0, 0, 0]
    for c in hand:
        if c.suit is not None:
            bit = 1 << c.rank | (1 << 14 if c.rank == 1 else 0)
            masks[c.suit.order] |= bit
    return any(m & (m >> 1) or m & (m >> 2) for m in masks)


def _wild_of(state: GameState) -> int | None:
    return wild_rank(state)


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


# --------------------------------------------------------------------------- the estimate


Summary = tuple[int, int, int, int]
"""``(deadwood cards C, deadwood points D, meld points M, lay-off points L)`` of a hand:
the cards the player must still get rid of and their points, the points of its melds,
and of its other cards that fit a meld on the table (not in C or D)."""


def _summary(hand: Sequence[Card], table: Sequence[TableMeld], rules: Rules,
             wild: int | None) -> Summary:
    """The :data:`Summary` of a hand."""
    if not hand:
        return 0, 0, 0, 0
    if rules.variant is Variant.INDIAN:
        d = deadwood(list(hand), rules, wild_rank=wild)
        part = best_partition(list(hand), free_rules(rules), wild_rank=wild)
        count = len(part.deadwood)
        cap = rules.max_points
        if not has_pure_sequence(hand):
            # every card counts until a pure sequence is made: weigh the count the hand
            # would have with one against the capped count, by how near one is
            near = _pure_draw(hand)
            count += 1 if near else 2
            share = 0.5 if near else 0.25
            d = round(share * min(part.deadwood_points, cap) + (1 - share) * min(d, cap))
        sequences = sum(1 for m in part.melds if m.kind == "run")
        if sequences < rules.min_sequences:
            count += 1
        return count, min(d, rules.max_points), 0, 0
    part = best_partition(list(hand), rules)
    dead = list(part.deadwood)
    fits = 0
    if table:
        for c in part.deadwood:
            if any(extend_meld(tm, (c,), 0, rules) is not None for tm in table):
                dead.remove(c)
                fits += _value(c, rules, None)
    m_points = sum(_value(c, rules, None) for m in part.melds for c in m.cards)
    return len(dead), sum(_value(c, rules, None) for c in dead), m_points, fits


def leaf_value(state: GameState, viewer: int, cache: dict[object, Summary] | None
               = None, *, weights: Mapping[str, float] = R500_WEIGHTS) -> float:
    """The estimated points for ``viewer`` over the rest of the hand (module docstring);
    ``weights``: Rummy 500's in place of :data:`R500_WEIGHTS`."""
    r = state.rules
    if state.result is not None:
        return hand_points(state.result, viewer, r)
    return _estimate(_summaries(state, cache), state, viewer, weights)


def _summaries(state: GameState, cache: dict[object, Summary] | None
               ) -> dict[int, Summary]:
    wild = _wild_of(state)
    table = tuple(state.table)
    summ: dict[int, Summary] = {}
    for p in _in_deal(state):
        key = (tuple(sorted(state.hands[p])), table)
        got = cache.get(key) if cache is not None else None
        if got is None:
            got = _summary(state.hands[p], table, state.rules, wild)
            if cache is not None:
                cache[key] = got
        summ[p] = got
    return summ


def _estimate(summ: dict[int, Summary], state: GameState, viewer: int,
              weights: Mapping[str, float] = R500_WEIGHTS) -> float:
    r = state.rules
    if len(summ) < 2:
        return 0.0
    if r.variant is Variant.RUMMY500:
        laid, in_hand, dead = r500_parts(summ, state, viewer)
        near = r500_near(state, viewer)
        return (weights["table"] * laid + r500_held_weight(weights, near) * in_hand
                + r500_deadwood_weight(len(state.stock), weights, near) * dead)
    win, lose, _ = race(summ, state, viewer)
    if r.variant is Variant.BASIC:
        gain, risk = basic_held(summ, state, viewer)
        return BASIC_SCALE * (win - lose) + gain - risk
    return win - lose


def race(summ: dict[int, Summary], state: GameState, viewer: int
         ) -> tuple[float, float, float]:
    """``(win, lose, P_v)``: what the viewer may collect (its chance ``P_v`` to finish
    first times the opponents' deadwood points) and what it may pay (the opponents'
    chance to finish first times its own), by the module docstring's race."""
    players = list(summ)
    mover = state.current
    # the more turns are left, the less today's count decides who finishes first
    tau = TAU + len(state.stock) / TURNS_PER_TAU
    odds = {}
    for p in players:
        c = summ[p][0] - (0.5 if p == mover else 0.0)
        odds[p] = math.exp(-c / tau)
    total = sum(odds.values())
    prob = {p: w / total for p, w in odds.items()}
    others = [q for q in players if q != viewer]
    d_v = summ[viewer][1]
    win = prob[viewer] * sum(summ[q][1] for q in others)
    lose = sum(prob[q] for q in others) * d_v
    return win, lose, prob[viewer]


def basic_held(summ: dict[int, Summary], state: GameState, viewer: int
               ) -> tuple[float, float]:
    """Basic Rummy: what the viewer may collect for the melds and lay-offs the opponents
    still hold (it goes out before their next turn), and what it risks paying for its
    own (someone goes out before its next turn)."""
    players = list(summ)
    held = {p: summ[p][2] + summ[p][3] for p in players}
    risk = _out_first(summ, state, viewer) * held[viewer]
    gain = sum(_goes_out_before(summ, state, viewer, q) * held[q] for q in players
               if q != viewer)
    return gain, risk


def r500_parts(summ: dict[int, Summary], state: GameState, viewer: int
               ) -> tuple[float, float, float]:
    """Rummy 500: the viewer's points on the table, its melds and lay-offs in hand (less
    what holding them risks) and its deadwood points, each less the opponents' mean."""
    r = state.rules
    players = list(summ)
    others = [q for q in players if q != viewer]
    on_table = [0] * state.players
    for tm in state.table:
        laid = tm.laid_by or (tm.owner,) * len(tm.cards)
        for card, who in zip(tm.cards, laid, strict=True):
            on_table[who] += _value(card, r, None)
    # melds and lay-offs still in hand go down at the player's next turn, unless someone
    # goes out first: then they count against it
    held = {p: (1 - 2 * _out_first(summ, state, p)) * (summ[p][2] + summ[p][3])
            for p in players}

    def rel(x: dict[int, float] | list[int]) -> float:
        return x[viewer] - sum(x[q] for q in others) / len(others)

    return rel(on_table), rel(held), rel({p: float(summ[p][1]) for p in players})


def _order(state: GameState, players: Sequence[int], p: int) -> list[int]:
    """The players who move before ``p``'s next turn starts, in order (none when ``p``
    is to move)."""
    n = state.players
    out: list[int] = []
    q = state.current
    for _ in range(n):
        if q == p:
            return out
        if q in players:
            out.append(q)
        q = (q + 1) % n
    return out


def _go_out(summ: dict[int, Summary], state: GameState, q: int) -> float:
    """The chance ``q`` goes out in its next turn, by its deadwood cards (:data:`GO_OUT`)."""
    table = GO_OUT.get(state.rules.variant)
    if table is None:
        return 0.0
    return table[min(summ[q][0], len(table) - 1)]


def _out_first(summ: dict[int, Summary], state: GameState, p: int) -> float:
    """The chance someone goes out before ``p``'s next turn."""
    stay = 1.0
    for q in _order(state, list(summ), p):
        stay *= 1 - _go_out(summ, state, q)
    return 1 - stay


def _goes_out_before(summ: dict[int, Summary], state: GameState, v: int, q: int) -> float:
    """The chance ``v`` goes out before ``q``'s next turn (and nobody before ``v``)."""
    stay = 1.0
    for x in _order(state, list(summ), q):
        if x == v:
            return stay * _go_out(summ, state, v)
        stay *= 1 - _go_out(summ, state, x)
    return 0.0


def _in_deal(state: GameState) -> list[int]:
    if state.rules.variant is Variant.INDIAN:
        out = state.data["out"]
        assert isinstance(out, list)
        return [p for p in range(state.players) if out[p] is None]
    return list(range(state.players))


# --------------------------------------------------------------------------- values


def table_move_values(
    view: PlayerView, moves: Sequence[Move], budget: float | None, seed: int,
    *, depth: int = 1, split: bool = True,
) -> list[MoveValue]:
    """Values of Basic, Rummy 500 and Indian moves (module docstring); ``split``: with
    the parts the reasons quote (:data:`R500_SPLIT`, :data:`INDIAN_SPLIT`,
    :data:`BASIC_RACE_SPLIT`, :data:`BASIC_SPLIT`)."""
    start = time.perf_counter()
    rng = random.Random(f"rummy_lab coach table {seed}")
    engine = engine_for(view.rules)
    me = view.player
    dets = deals(view, DEFAULT_DEALS * depth, rng)
    states = [state_for(view, d) for d in dets]
    cache: dict[object, Summary] = {}
    out: list[MoveValue] = []
    for move in moves:
        out.append(_one_ply(view, engine, states, move, me, cache, depth, split))
    if budget is not None and budget > 0:
        # a quarter of the budget is left for what a playout cannot foresee (a full
        # garbage collection, a busy machine) and for the reasons
        _deepen(view, engine, moves, out, start + 0.75 * budget, rng)
    if view.rules.variant is Variant.BASIC:
        _basic_throws(view, out, split)
    return out


def _basic_throws(view: PlayerView, values: list[MoveValue], split: bool = True) -> None:
    """Basic Rummy: value the throws against each other by the fitted throw score.

    The one-turn estimate tells Basic throws apart poorly (in one turn it sees the points
    thrown, not the partners kept), while the throw score is fitted to playouts of every
    throw to the end of the hand. So the throw the principle makes (the deadwood card of
    highest score) keeps its estimated value, and every other throw is valued at that
    plus :data:`BASIC_THROW_POINT` (of the view's cell) times its score's difference, on
    each deal alike (the difference between two throws carries no sampling noise). A
    throw out of a meld is never valued above the principle's: the fit saw deadwood
    throws only."""
    from ._principle import (
        BASIC_DISCARD_WEIGHTS,
        basic_discard_features,
        basic_discard_score,
        basic_throw,
    )

    throws = [(mv, mv.move.card) for mv in values if isinstance(mv.move, Discard)]
    if len(throws) < 2:
        return
    feats = {card: basic_discard_features(view, card) for _, card in throws}
    score = {card: basic_discard_score(view, card, f) for card, f in feats.items()}
    top = basic_throw(view, score)
    dead = best_partition(list(view.hand), view.rules).deadwood
    anchor = next(mv for mv, card in throws if card == top)
    cell = basic_throw_cell(view)
    slope = BASIC_THROW_POINT[cell]
    w = BASIC_DISCARD_WEIGHTS
    for mv, card in throws:
        if split:
            f = feats[card]
            mv.detail.update({
                "basic_points": slope * view.rules.card_value(card),
                "basic_partners": -slope * sum(w[k] * f[k] for k in w if k != "danger"),
                "basic_danger": -slope * w["danger"] * f["danger"],
                "basic_slope": slope, "basic_cell": float(cell),
            })
        if mv is anchor:
            continue
        for key in BASIC_RACE_SPLIT:  # its value is the throw score's, not the race's
            mv.detail.pop(key, None)
        shift = slope * (score[card] - score[top])
        if card not in dead and top in dead and shift > 0:
            shift = 0.0
            mv.detail["basic_capped"] = 1.0  # valued level with the principle's throw
        mv.value = anchor.value + shift
        mv.per_deal = tuple(x + shift for x in anchor.per_deal)
        mv.samples = anchor.samples


def _one_ply(
    view: PlayerView, engine: VariantEngine, states: list[GameState], move: Move, me: int,
    cache: dict[object, Summary], depth: int = 1, split: bool = True,
) -> MoveValue:
    r = view.rules
    if isinstance(move, Drop):
        penalty = drop_price(view)
        return MoveValue(move, -penalty, 0, True, {"penalty": penalty})
    vals = []
    last: GameState | None = None
    w = r500_weights(move)  # used by Rummy 500 only
    keys = {Variant.RUMMY500: R500_SPLIT, Variant.INDIAN: INDIAN_SPLIT,
            Variant.BASIC: BASIC_RACE_SPLIT}.get(r.variant) if split else None
    parts: list[tuple[float, ...]] | None = [] if keys else None
    for st in turn_ends(view, engine, states, move, depth):
        cost = _danger_cost(view, st, me, cache, weights=w)
        vals.append(leaf_value(st, me, cache, weights=w) - cost)
        if parts is not None:
            parts = _split(st, me, cache, w, cost, parts)
        last = st
    detail: dict[str, float] = {}
    if parts and keys:
        detail.update(zip(keys, (sum(x) / len(parts) for x in zip(*parts, strict=True)),
                          strict=True))
    if isinstance(move, DrawStock):
        return MoveValue(move, sum(vals) / len(vals), len(vals), False, detail, tuple(vals))
    if last is not None and last.result is None and last.discard:
        detail["discard_index"] = float(last.discard[-1]._index)
    return MoveValue(move, sum(vals) / len(vals), len(vals), False, detail, tuple(vals))


BASIC_SPLIT: tuple[str, ...] = ("basic_points", "basic_partners", "basic_danger")
"""Basic Rummy: the keys of a throw's :attr:`~._values.MoveValue.detail` that split the
difference between two throws (:func:`_basic_throws`): the slope of the situation
(:data:`BASIC_THROW_POINT`, also under ``"basic_slope"``; the situation's index under
``"basic_cell"``) times each term of the throw score
(:func:`~rummy_lab.coach._principle.basic_discard_score`): the card's points, less its
partners left in hand and its danger, by their weights. Between two throws neither of
which is ``"basic_capped"`` (a meld card valued level with the principle's deadwood
throw) the differences of the three add up to the difference of the values."""


R500_SPLIT: tuple[str, ...] = (
    "r500_table", "r500_held", "r500_deadwood", "r500_danger",
    "r500_table_points", "r500_deadwood_points", "r500_deadwood_weight", "r500_stock",
    "r500_held_points", "r500_held_weight", "r500_near",
)
"""Rummy 500: the keys of a move's :attr:`~._values.MoveValue.detail` that split its
one-turn value into the estimate's parts (:func:`r500_parts`), each averaged over the
deals: the weighted points on the table, melds and lay-offs in hand, deadwood, less the
danger cost of the throw (the four add up to the value), then the unweighted table and
deadwood points (relative to the opponents' mean), the deadwood weight, the cards left in
the stock, the unweighted points held (less what holding them risks), their weight, and
1 when an opponent is near going out (:func:`r500_near`), else 0. Absent when a deal's
turn ends the hand (its value is then exact) or playouts (a budget) changed the value."""


INDIAN_SPLIT: tuple[str, ...] = (
    "indian_collect", "indian_pay", "indian_danger", "indian_first", "indian_count",
)
"""Indian Rummy: the keys of a move's :attr:`~._values.MoveValue.detail` that split its
one-turn value (:func:`race`), each averaged over the deals: what the viewer may collect
(its chance to declare first times the others' counts), less what it may pay (the
others' chance times its count), less the danger cost of the throw (the three add up to
the value), then its chance to declare first and its count. Absent when a deal's turn
ends the deal or playouts (a budget) changed the value."""


BASIC_RACE_SPLIT: tuple[str, ...] = (
    "basic_collect", "basic_pay", "basic_held", "basic_race_danger", "basic_first",
    "basic_count",
)
"""Basic Rummy: the keys of a move's :attr:`~._values.MoveValue.detail` that split its
one-turn value (:func:`race`, :func:`basic_held`), each averaged over the deals: what
the viewer may collect (its chance to go out first times the others' deadwood, scaled),
less what it may pay (scaled), what the melds held in hands may bring or cost, less the
danger cost of the throw (the four add up to the value), then its chance to go out first
and its deadwood points. Absent when a deal's turn ends the hand, playouts changed the
value, or the value of a throw is set by the throw score (every throw but the
principle's: :data:`BASIC_SPLIT` splits two throws)."""


def _split(state: GameState, viewer: int, cache: dict[object, Summary],
           weights: Mapping[str, float], cost: float,
           acc: list[tuple[float, ...]]) -> list[tuple[float, ...]] | None:
    """Add one deal's :data:`R500_SPLIT`, :data:`INDIAN_SPLIT` or
    :data:`BASIC_RACE_SPLIT` to ``acc`` (``None`` once a deal ends the hand)."""
    if state.result is not None:
        return None
    summ = _summaries(state, cache)
    variant = state.rules.variant
    if variant in (Variant.INDIAN, Variant.BASIC):
        if len(summ) < 2:
            return None
        win, lose, first = race(summ, state, viewer)
        if variant is Variant.INDIAN:
            acc.append((win, -lose, -cost, first, float(summ[viewer][1])))
        else:
            gain, risk = basic_held(summ, state, viewer)
            acc.append((BASIC_SCALE * win, -BASIC_SCALE * lose, gain - risk, -cost, first,
                        float(summ[viewer][1])))
        return acc
    laid, in_hand, dead = r500_parts(summ, state, viewer)
    near = r500_near(state, viewer)
    wd = r500_deadwood_weight(len(state.stock), weights, near)
    wh = r500_held_weight(weights, near)
    acc.append((weights["table"] * laid, wh * in_hand, wd * dead, -cost,
                laid, dead, wd, float(len(state.stock)), in_hand, wh, float(near)))
    return acc


def turn_ends(view: PlayerView, engine: VariantEngine, states: Sequence[GameState],
              move: Move, depth: int = 1) -> Iterator[GameState]:
    """The positions after ``move`` with the rest of the turn played by the fast policy:
    one per deal of ``states``; a stock draw over more possible cards (another unknown
    card of a deal's stock put on top), unless the viewer knows the card drawn."""
    me = view.player
    draws = len(states)
    known: Sequence[Card | None] = ()
    if isinstance(move, DrawStock):
        # places of the stock the viewer knows (Basic Rummy's stock turned over unshuffled)
        known = belief(view, model="uniform").facts.stock  # hard facts: any model
        if not (known and known[0] is not None):  # else one sample per deal
            draws = depth * (INDIAN_DRAW_SAMPLES if view.rules.variant is Variant.INDIAN
                             else DRAW_SAMPLES)
    for j in range(draws):
        st = states[j % len(states)].copy()
        k = j // len(states)
        if k and len(st.stock) > k and known[k] is None:
            st.stock[-1], st.stock[-1 - k] = st.stock[-1 - k], st.stock[-1]
        engine.play(st, move)
        finish_turn(engine, st, me)
        yield st


def drop_price(view: PlayerView) -> float:
    """What a drop costs the viewer now (Indian Rummy): the first drop before its first
    draw, the middle drop after it."""
    r = view.rules
    return float(r.middle_drop if _has_drawn(view) else r.first_drop)


def _has_drawn(view: PlayerView) -> bool:
    return any(e.player == view.player and isinstance(e.move, DrawStock | DrawDiscard)
               for e in view.history)


def _danger_cost(view: PlayerView, state: GameState, me: int,
                 cache: dict[object, Summary], *,
                 weights: Mapping[str, float] = R500_WEIGHTS) -> float:
    """What the card just thrown may give the next player: its danger times the value
    of one deadwood card fewer for that player."""
    if state.result is not None or state.current == me or not state.discard:
        return 0.0
    card = state.discard[-1]
    try:
        risk = danger(view, card, state.current)
    except ValueError:
        return 0.0
    if risk <= 0:
        return 0.0
    wild = _wild_of(state)
    if state.rules.variant is Variant.RUMMY500:
        # the card goes into a meld on their side of the table (about three times its
        # points; its own points when it fits a table meld: they lay it off), shared
        # among the opponents in the comparison
        others = max(1, len(_in_deal(state)) - 1)
        q = state.current
        may_lay = state.rules.layoff_before_first_meld or any(
            tm.owner == q for tm in state.table)
        lays_off = may_lay and any(extend_meld(tm, (card,), q, state.rules) is not None
                                   for tm in state.table)
        return (weights["danger"] * risk * (1 if lays_off else 3)
                * _value(card, state.rules, None) / others)
    summ = _summaries(state, cache)
    q = state.current
    before = _estimate(summ, state, me)
    c, d, m, fits = summ[q]
    summ[q] = (max(0, c - 1), max(0, d - _value(card, state.rules, wild)), m, fits)
    after = _estimate(summ, state, me)
    return risk * max(0.0, before - after)


def _deepen(view: PlayerView, engine: VariantEngine, moves: Sequence[Move],
            values: list[MoveValue], deadline: float, rng: random.Random) -> None:
    """Add playouts (every player on the fast policy, two more rounds of turns) until the
    deadline (a playout that would end after it, at the pace of the slowest so far, is not
    started); each move's value becomes the mean of its one-turn estimate and its
    playouts' mean."""
    me = view.player
    sums: dict[Move, list[float]] = {m: [] for m in moves}
    longest = 0.0  # the slowest playout so far: none is started that would overrun
    sampling = 0.0  # the slowest deal drawn from the belief so far, the same way
    while time.perf_counter() + sampling + longest < deadline:
        now = time.perf_counter()
        base = state_for(view, deals(view, 1, rng)[0])
        sampling = max(sampling, time.perf_counter() - now)
        for m in moves:
            now = time.perf_counter()
            if isinstance(m, Drop) or now + longest >= deadline:
                continue
            st = base.copy()
            engine.play(st, m)
            finish_turn(engine, st, me)
            play_rounds(engine, st, me, 2)
            sums[m].append(leaf_value(st, me))
            longest = max(longest, time.perf_counter() - now)
    for mv in values:
        got = sums.get(mv.move)
        if got:
            mv.value = (mv.value + sum(got) / len(got)) / 2
            mv.samples += len(got)
            # the split is the one-turn estimate's
            for key in (*R500_SPLIT, *INDIAN_SPLIT, *BASIC_RACE_SPLIT):
                mv.detail.pop(key, None)
