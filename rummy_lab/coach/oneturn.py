"""Basic Rummy, Rummy 500 and Indian Rummy: move values one turn deep, playouts with a budget.

Method. For every legal move the coach finishes the turn the move starts with its fast
policy (melds, lay-offs, then a discard; see
:func:`~rummy_lab.coach.policy.policy_move`) and scores the position
with :func:`leaf_value`, an estimate of the points over the rest of the hand. Hidden
cards come from the belief's determinizations: a stock draw is valued over many
possible cards, and the opponents' hands set how far each of them is from going out.
Throwing a card the next player can use costs the belief's danger of that card times
what one card closer to going out is worth to that player (read off the same estimate;
Rummy 500: three times the card's points, a meld of their own, or its points when it
fits a table meld, times the fitted danger weight; Indian: times the danger weight of
:data:`~.leaf.INDIAN_WEIGHTS`, fitted at 0).

With a budget (seconds) the coach first values every move again one turn deep on more
deals (:data:`DEEP_SHARE` of the budget, up to :data:`MAX_DEEP` times the default deals,
so the standard errors shrink with the budget), then plays each move out on
determinizations with the fast policy for every player, for two more rounds of turns
while the budget lasts, and scores the hand's end exactly
(:func:`~rummy_lab.coach.value_types.hand_points`) or the horizon with
:func:`leaf_value`; a move's value is the mean of its one-turn estimate and its
playouts' mean.

The estimate is :func:`rummy_lab.coach.leaf.leaf_value`; the fast policy
:func:`rummy_lab.coach.policy.policy_move`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping, Sequence

from ..engine.cards import Card
from ..engine.moves import Discard, DrawDiscard, DrawStock, Drop, Move
from ..engine.rules import Variant
from ..engine.state import GameState, PlayerView
from ..engine.variants import VariantEngine, engine_for
from ..engine.variants.tabled import extend_meld
from . import leaf
from .beliefs import belief, danger, deals, state_for
from .leaf import (
    BASIC_SCALE,
    R500_WEIGHTS,
    Summary,
    basic_held,
    in_deal,
    indian_held,
    leaf_estimate,
    leaf_value,
    r500_deadwood_weight,
    r500_held_weight,
    r500_near,
    r500_parts,
    r500_weights,
    race,
    summaries,
)
from .policy import finish_turn, play_rounds
from .principle import (
    BASIC_DISCARD_WEIGHTS,
    basic_discard_features,
    basic_discard_score,
    basic_throw,
)
from .solved import best_partition, wild_rank
from .value_types import MoveValue

__all__ = [
    "BASIC_RACE_SPLIT", "BASIC_SPLIT", "BASIC_THROW_CELLS", "BASIC_THROW_POINT",
    "DEFAULT_DEALS", "DRAW_SAMPLES", "INDIAN_DRAW_SAMPLES", "INDIAN_SPLIT", "R500_SPLIT",
    "basic_throw_cell", "drop_price", "table_move_values", "turn_ends",
]

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
(:func:`~rummy_lab.coach.principle.basic_discard_score`), in each cell of
:data:`BASIC_THROW_CELLS`: least squares within each decision over greedy playouts of
every deadwood throw to the end of the hand, at the discard decisions of greedy self-play
and of a random bot against the greedy bot (``python benchmarks/fits/fit_coach.py
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



DEFAULT_DEALS = 4

DEEP_SHARE = 0.5
"""With a budget, the share of it spent on more deals for the one-turn estimate (the rest
goes to playouts, :func:`_deepen`)."""

MAX_DEEP = 32
"""With a budget, at most this many times the default deals."""
DRAW_SAMPLES = 12
INDIAN_DRAW_SAMPLES = 6
"""Stock draws valued per decision (Indian hands of fourteen cards are slower to solve)."""



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
        # deeper one-turn estimates first (more deals: the standard errors shrink), with
        # DEEP_SHARE of the budget, at the pace of the first
        took = time.perf_counter() - start
        more = min(MAX_DEEP, int(DEEP_SHARE * 0.75 * budget / max(took, 1e-3)))
        if more >= 2:
            deeper = depth * more
            dets = deals(view, DEFAULT_DEALS * deeper, rng)
            states = [state_for(view, d) for d in dets]
            out = [_one_ply(view, engine, states, move, me, cache, deeper, split)
                   for move in moves]
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
"""Basic Rummy: the keys of a throw's :attr:`~.value_types.MoveValue.detail` that split the
difference between two throws (:func:`_basic_throws`): the slope of the situation
(:data:`BASIC_THROW_POINT`, also under ``"basic_slope"``; the situation's index under
``"basic_cell"``) times each term of the throw score
(:func:`~rummy_lab.coach.principle.basic_discard_score`): the card's points, less its
partners left in hand and its danger, by their weights. Between two throws neither of
which is ``"basic_capped"`` (a meld card valued level with the principle's deadwood
throw) the differences of the three add up to the difference of the values."""


R500_SPLIT: tuple[str, ...] = (
    "r500_table", "r500_held", "r500_deadwood", "r500_danger",
    "r500_table_points", "r500_deadwood_points", "r500_deadwood_weight", "r500_stock",
    "r500_held_points", "r500_held_weight", "r500_near",
)
"""Rummy 500: the keys of a move's :attr:`~.value_types.MoveValue.detail` that split its
one-turn value into the estimate's parts (:func:`r500_parts`), each averaged over the
deals: the weighted points on the table, melds and lay-offs in hand, deadwood, less the
danger cost of the throw (the four add up to the value), then the unweighted table and
deadwood points (relative to the opponents' mean), the deadwood weight, the cards left in
the stock, the unweighted points held (less what holding them risks), their weight, and
1 when an opponent is near going out (:func:`r500_near`), else 0. Absent when a deal's
turn ends the hand (its value is then exact) or playouts (a budget) changed the value."""


INDIAN_SPLIT: tuple[str, ...] = (
    "indian_collect", "indian_pay", "indian_held", "indian_danger", "indian_first",
    "indian_count",
)
"""Indian Rummy: the keys of a move's :attr:`~.value_types.MoveValue.detail` that split its
one-turn value (:func:`race`), each averaged over the deals: what the viewer may collect
(its chance to declare first times the others' counts), less what it may pay (the
others' chance times its count), what its wild cards and partnered deadwood are worth
(:func:`~.leaf.indian_held`), less the danger cost of the throw (the four add up to the
value; each weighted by :data:`~.leaf.INDIAN_WEIGHTS`), then its chance to declare first
and its count. Absent when a deal's turn ends the deal or playouts (a budget) changed the
value."""


BASIC_RACE_SPLIT: tuple[str, ...] = (
    "basic_collect", "basic_pay", "basic_held", "basic_race_danger", "basic_first",
    "basic_count",
)
"""Basic Rummy: the keys of a move's :attr:`~.value_types.MoveValue.detail` that split its
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
    summ = summaries(state, cache)
    variant = state.rules.variant
    if variant in (Variant.INDIAN, Variant.BASIC):
        if len(summ) < 2:
            return None
        win, lose, first = race(summ, state, viewer)
        if variant is Variant.INDIAN:
            w = leaf.INDIAN_WEIGHTS  # looked up now: experiments may replace it
            acc.append((w["collect"] * win, -w["pay"] * lose, indian_held(state, viewer),
                        -cost, first, float(summ[viewer][1])))
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
                 weights: Mapping[str, float] = R500_WEIGHTS,
                 indian_weight: float | None = None) -> float:
    """What the card just thrown may give the next player: its danger times the value
    of one deadwood card fewer for that player (Indian: times ``indian_weight``, by
    default the ``"danger"`` weight of :data:`~.leaf.INDIAN_WEIGHTS`)."""
    if state.result is not None or state.current == me or not state.discard:
        return 0.0
    if indian_weight is None:
        indian_weight = leaf.INDIAN_WEIGHTS["danger"]
    if state.rules.variant is Variant.INDIAN and not indian_weight:
        return 0.0
    card = state.discard[-1]
    try:
        risk = danger(view, card, state.current)
    except ValueError:
        return 0.0
    if risk <= 0:
        return 0.0
    wild = wild_rank(state)
    if state.rules.variant is Variant.RUMMY500:
        # the card goes into a meld on their side of the table (about three times its
        # points; its own points when it fits a table meld: they lay it off), shared
        # among the opponents in the comparison
        others = max(1, len(in_deal(state)) - 1)
        q = state.current
        may_lay = state.rules.layoff_before_first_meld or any(
            tm.owner == q for tm in state.table)
        lays_off = may_lay and any(extend_meld(tm, (card,), q, state.rules) is not None
                                   for tm in state.table)
        return (weights["danger"] * risk * (1 if lays_off else 3)
                * state.rules.card_value(card, None) / others)
    summ = summaries(state, cache)
    q = state.current
    before = leaf_estimate(summ, state, me)
    c, d, m, fits = summ[q]
    summ[q] = (max(0, c - 1), max(0, d - state.rules.card_value(card, wild)), m, fits)
    after = leaf_estimate(summ, state, me)
    return indian_weight * risk * max(0.0, before - after)


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

