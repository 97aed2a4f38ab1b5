"""The estimate of the points to come from a position of Basic Rummy, Rummy 500 or Indian
Rummy: the leaf of the coach's one-turn values (:mod:`rummy_lab.coach.oneturn`).

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
  sequences a declaration needs counts every card; the collect and pay parts, the
  throw's danger and the viewer's wild cards and partnered deadwood kept
  (:func:`indian_kept`) are weighted by :data:`INDIAN_WEIGHTS`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ..engine.cards import Card
from ..engine.moves import DrawDiscard, DrawStock, Move
from ..engine.rules import Rules, Variant
from ..engine.state import GameState, TableMeld
from ..engine.variants.indian import has_pure_sequence
from ..engine.variants.tabled import extend_meld
from .policy import _alone
from .solved import best_partition, deadwood, free_rules, wild_rank
from .value_types import hand_points

__all__ = [
    "BASIC_SCALE", "GO_OUT", "INDIAN_WEIGHTS", "R500_DRAW_WEIGHTS", "R500_NEAR",
    "R500_WEIGHTS", "TAU", "TURNS_PER_TAU", "Summary", "basic_held", "hand_summary",
    "in_deal", "indian_held", "indian_kept", "leaf_estimate", "leaf_value",
    "r500_deadwood_weight", "r500_held_weight", "r500_near", "r500_parts", "r500_weights",
    "race", "summaries",
]

TAU = 2.0
"""How sharply fewer deadwood cards raise the chance to finish first, at the stock's end."""

TURNS_PER_TAU = 8
"""Every this many cards left in the stock flatten that chance by one more unit of TAU."""

BASIC_SCALE = 0.13
"""Basic Rummy: the outcome of a hand per point of the unscaled estimate, fitted by least
squares over 300 hands of greedy self-play (``python benchmarks/fits/fit_coach.py
calibrate``; the Indian estimate needs no factor: it fits at 0.88; Rummy 500's parts
carry :data:`R500_WEIGHTS`)."""

GO_OUT: dict[Variant, tuple[float, ...]] = {
    Variant.RUMMY500: (1.0, 0.242, 0.057, 0.076, 0.0),
    Variant.BASIC: (1.0, 0.027, 0.036, 0.085, 0.005, 0.0),
}
"""The chance a player goes out in a turn, by the deadwood cards it holds at the turn's
start (the estimate's count ``C``; the last entry for that many or more): how often it
happened in greedy self-play (``python benchmarks/fits/fit_coach.py goout``). Melds and
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
decision (``python benchmarks/fits/fit_coach.py fitparts --near 4``). The deadwood weight
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
(``python benchmarks/fits/fit_coach.py fitparts --variants 500 --phase draw --seat0
both``). With :data:`R500_WEIGHTS` a deep pick taken where a learner would take it was
valued several times above what playouts give it: the points it lays down weigh less
than a throw's, and so does the danger of the throw after a stock draw."""


INDIAN_WEIGHTS: dict[str, float] = {
    "collect": 0.5, "pay": 1.04, "danger": 0.0, "wild": 9.18, "partnered": 0.14,
}
"""Indian Rummy: the weights of the estimate's parts: what the viewer may collect and pay
by the race (:func:`race`), the danger cost of a throw, and per wild card or joker and per
partnered deadwood card the viewer keeps (:func:`indian_kept`). Fitted by least squares
within each decision to greedy playouts of every legal move to the end of the deal, at
the decisions of greedy self-play and of a random bot against the greedy bot (``python
benchmarks/fits/fit_coach.py fitparts --variants indian --hands 30 --seat0 both``: 524
decisions, 3,981 moves). A wild card or joker kept is worth about 9 points beyond the
melds it makes today (it fills whichever meld the hand needs later); the opponents'
counts weigh half, the viewer's own in full, and the danger of a throw adds nothing the
playouts see (the weight came out at -0.05). The weights before, 1, 1, 1, 0 and 0,
valued throwing a wild card at what it melds today, and their moves were worse by
+0.02 to +1.40 points per decision on four folds of hands."""


def indian_kept(hand: Sequence[Card], wild: int | None, rules: Rules) -> tuple[int, int]:
    """Indian Rummy: ``(wild cards and jokers, deadwood cards with a partner)`` in
    ``hand``: a partner is another card of its rank, or of its suit within two ranks; the
    deadwood is that of the best arrangement without the declaration's sequence rules."""
    jokers = sum(1 for c in hand if c.is_joker or (wild is not None and c.rank == wild))
    loose = best_partition(list(hand), free_rules(rules), wild_rank=wild).deadwood
    return jokers, sum(1 for c in loose if not _alone(c, hand))


def indian_held(state: GameState, viewer: int) -> float:
    """Indian Rummy: what the viewer's wild cards and partnered deadwood are worth by
    :data:`INDIAN_WEIGHTS` (0 while both weights are 0)."""
    w = INDIAN_WEIGHTS
    if not (w["wild"] or w["partnered"]):
        return 0.0
    jokers, partnered = indian_kept(state.hands[viewer], wild_rank(state), state.rules)
    return w["wild"] * jokers + w["partnered"] * partnered


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
    return any(len(state.hands[q]) <= R500_NEAR for q in in_deal(state) if q != viewer)



def _pure_draw(hand: Sequence[Card]) -> bool:
    """True when two natural cards of a suit are within two ranks (one card from a pure
    sequence)."""
    masks = [0, 0, 0, 0]
    for c in hand:
        if c.suit is not None:
            bit = 1 << c.rank | (1 << 14 if c.rank == 1 else 0)
            masks[c.suit.order] |= bit
    return any(m & (m >> 1) or m & (m >> 2) for m in masks)



Summary = tuple[int, int, int, int]
"""``(deadwood cards C, deadwood points D, meld points M, lay-off points L)`` of a hand:
the cards the player must still get rid of and their points, the points of its melds,
and of its other cards that fit a meld on the table (not in C or D)."""


def hand_summary(hand: Sequence[Card], table: Sequence[TableMeld], rules: Rules,
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
                fits += rules.card_value(c, None)
    m_points = sum(rules.card_value(c, None) for m in part.melds for c in m.cards)
    return len(dead), sum(rules.card_value(c, None) for c in dead), m_points, fits


def leaf_value(state: GameState, viewer: int, cache: dict[object, Summary] | None
               = None, *, weights: Mapping[str, float] = R500_WEIGHTS) -> float:
    """The estimated points for ``viewer`` over the rest of the hand (module docstring);
    ``weights``: Rummy 500's in place of :data:`R500_WEIGHTS`."""
    r = state.rules
    if state.result is not None:
        return hand_points(state.result, viewer, r)
    return leaf_estimate(summaries(state, cache), state, viewer, weights)


def summaries(state: GameState, cache: dict[object, Summary] | None
               ) -> dict[int, Summary]:
    wild = wild_rank(state)
    table = tuple(state.table)
    summ: dict[int, Summary] = {}
    for p in in_deal(state):
        key = (tuple(sorted(state.hands[p])), table)
        got = cache.get(key) if cache is not None else None
        if got is None:
            got = hand_summary(state.hands[p], table, state.rules, wild)
            if cache is not None:
                cache[key] = got
        summ[p] = got
    return summ


def leaf_estimate(summ: dict[int, Summary], state: GameState, viewer: int,
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
    w = INDIAN_WEIGHTS
    return w["collect"] * win - w["pay"] * lose + indian_held(state, viewer)


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
            on_table[who] += r.card_value(card, None)
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


def in_deal(state: GameState) -> list[int]:
    if state.rules.variant is Variant.INDIAN:
        out = state.data["out"]
        assert isinstance(out, list)
        return [p for p in range(state.players) if out[p] is None]
    return list(range(state.players))

