"""Gin move values: determinized playouts on bitmasks, exact showdowns for knocks.

For every legal move of a Gin view, :func:`gin_move_values` returns its value in hand
points for the viewer, averaged over determinizations (the same ones for every move, so
the moves are compared on the same cards), moves clearly worse than the best dropping out
of the race after a few batches:

* a knock or gin ends the hand at once: its value on a determinization is the exact
  showdown against that determinization's defender hand (lay-offs included), and when the
  defender's possible hands are few (late in the hand) they are all enumerated, which
  makes the value exact;
* any other move is played, then the hand is played out by :func:`.playout.playout`
  (the opponent knocking as soon as it may, the viewer waiting for gin).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.cards import Suit
from ...engine.moves import (
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Move,
    PassUpcard,
    TakeUpcard,
)
from ...engine.state import Phase, PlayerView
from ..beliefs import deals
from ..beliefs import unseen as unseen_cards
from ..principle import CHOICE_MARGIN, CHOICE_Z
from ..ranking import RESOLUTION, ranks
from ..value_types import MoveValue, Schedule
from .kit import GinKit, kit_for, mask_of
from .playout import DISCARD, DRAW, UPCARD, GinPos, playout
from .policy import ASAP, GIN_ONLY

__all__ = [
    "GIN_ONLY",
    "GIN_SPLIT",
    "RISK_HANDS",
    "GinEvaluation",
    "GinSetup",
    "exact_knock_value",
    "gin_move_values",
    "gin_setup",
    "undercut_risk",
]

EXACT_LIMIT = 400
"""Knock values are exact (every defender hand enumerated) up to this many hands."""


GIN_SPLIT: tuple[str, ...] = (
    "your gins", "your knocks", "your knocks undercut", "the opponent's gins",
    "the opponent's knocks", "your undercuts",
)
"""How a Gin hand can end, from the viewer's side: the parts a Gin value splits into.

A move's value is the mean over the deals of the points the hand ends with; its part for
one way of ending is the mean of those points over the deals where the hand ended that
way (0 on the others), so the parts add up to the value (a hand drawn at the stock end,
or a tie, scores 0). The detail of a :class:`~rummy_lab.coach.value_types.MoveValue` carries them as
``gin_split_<i>`` (points) and ``gin_share_<i>`` (the share of the deals ending that way),
``i`` indexing this tuple."""


def end_index(mine: bool, kind: str) -> int:
    """The :data:`GIN_SPLIT` index of a hand ended by a showdown of ``kind`` (``mine``:
    the viewer knocked or went gin); -1 for a tie or a draw, which score 0.

    >>> GIN_SPLIT[end_index(True, "big_gin")], GIN_SPLIT[end_index(False, "undercut")]
    ('your gins', 'your undercuts')
    """
    base = 0 if mine else 3
    if kind in ("gin", "big_gin"):
        return base
    if kind == "knock":
        return base + 1
    if kind == "undercut":
        return base + 2
    return -1


@dataclass
class GinSetup:
    """What the Gin evaluation needs from a view, computed once."""

    view: PlayerView
    kit: GinKit
    me: int
    opp: int
    limit: int
    mult: int
    base: GinPos
    unseen: tuple[int, ...]
    opp_known: int
    opp_hidden: int


def gin_setup(view: PlayerView) -> GinSetup:
    """Masks and constants of a Gin view."""
    r = view.rules
    me = view.player
    opp = 1 - me
    limit = view.knock_limit if view.knock_limit is not None else r.knock_limit
    mult = 2 if (r.oklahoma and r.spade_doubles and view.upcard is not None
                 and view.upcard.suit is Suit.SPADES) else 1
    phase = {Phase.UPCARD: UPCARD, Phase.DRAW: DRAW}.get(view.phase, DISCARD)
    top = view.discard_top._index if view.discard_top is not None else -1
    hands = [0, 0]
    hands[me] = mask_of(view.hand)
    base = GinPos(hands, [[], []], view.stock_count, top, view.current_player, phase,
                  view.dealer,
                  stock_only=view.phase is Phase.DRAW and view.turn_count == 0,
                  pickup=mask_of(view.pickup))
    unseen = tuple(c._index for c in unseen_cards(view))
    opp_known = mask_of(view.known[opp])
    hidden = view.hand_sizes[opp] - len(view.known[opp])
    return GinSetup(view, kit_for(r), me, opp, limit, mult, base, unseen, opp_known, hidden)


def _positions(setup: GinSetup, k: int, rng: random.Random) -> list[GinPos]:
    """``k`` determinized positions from the belief: the opponent's hand and the stock."""
    out = []
    for det in deals(setup.view, k, rng):
        pos = setup.base.copy()
        pos.hands[setup.opp] = mask_of(det.hands[setup.opp])
        stock = [c._index for c in det.stock]
        other = stock[:]
        rng.shuffle(other)
        pos.draws = [stock[::-1], other] if setup.me == 0 else [other, stock[::-1]]
        pos.left = len(stock)
        out.append(pos)
    return out


def mask_of_indices(indices: Sequence[int]) -> int:
    """The mask of card indices."""
    m = 0
    for i in indices:
        m |= 1 << i
    return m


@dataclass(frozen=True)
class ExactKnock:
    """A knock's value over every possible defender hand.

    :ivar value: the mean points. :ivar undercut: the share of hands that undercut it.
    :ivar parts: per :data:`GIN_SPLIT` index, ``(points, share)`` of the hands ending
        that way (the points add up to ``value``).
    :ivar hands: how many defender hands were enumerated.
    :ivar outcomes: ``(points, share)`` of the hands, by points.
    """

    value: float
    undercut: float
    parts: dict[int, tuple[float, float]]
    hands: int = 0
    outcomes: tuple[tuple[float, float], ...] = ()


def exact_knock_value(setup: GinSetup, move: Knock | Gin) -> ExactKnock | None:
    """A knock's (or gin's) value averaged over every possible defender hand, or None
    when there are more than :data:`EXACT_LIMIT` of them."""
    n = setup.opp_hidden
    u = len(setup.unseen)
    if math.comb(u, n) > EXACT_LIMIT:
        return None
    mine = _after_finish(setup, move)
    total = 0
    lost = 0
    count = 0
    ends: dict[int, list[int]] = {}
    by_points: dict[int, int] = {}
    for hidden in itertools.combinations(setup.unseen, n):
        opp = setup.opp_known | mask_of_indices(hidden)
        end = setup.kit.showdown(mine, opp, mult=setup.mult)
        pts = end.knocker_points
        total += pts
        lost += pts < 0
        count += 1
        by_points[pts] = by_points.get(pts, 0) + 1
        tally = ends.setdefault(end_index(True, end.kind), [0, 0])
        tally[0] += pts
        tally[1] += 1
    return ExactKnock(total / count, lost / count,
                      {i: (p / count, k / count) for i, (p, k) in ends.items() if i >= 0},
                      count, tuple((float(p), k / count) for p, k in sorted(by_points.items())))


RISK_HANDS = 400
"""Opponent hands sampled for the undercut risk the reasons quote when the hands cannot
all be enumerated: a showdown is cheap, so the risk rests on many more hands than the
knock's value (whose deals are shared with the playouts of the other moves)."""


def undercut_risk(setup: GinSetup, moves: Sequence[Move], seed: int) -> dict[Move, float]:
    """The share of :data:`RISK_HANDS` defender hands, sampled from the belief as the
    value's deals are, that undercut each knock of ``moves`` (one sample for them all)."""
    rng = random.Random(f"rummy_lab coach gin risk {seed}")
    hands = [mask_of(d.hands[setup.opp]) for d in deals(setup.view, RISK_HANDS, rng)]
    out: dict[Move, float] = {}
    for m in moves:
        if isinstance(m, Knock | Gin):
            mine = _after_finish(setup, m)
            lost = sum(1 for h in hands
                       if setup.kit.showdown(mine, h, mult=setup.mult).knocker_points < 0)
            out[m] = lost / len(hands)
    return out


def _after_finish(setup: GinSetup, move: Knock | Gin) -> int:
    mine = setup.base.hands[setup.me]
    if move.card is not None:
        mine ^= 1 << move.card._index
    return mine


OWN_KNOCK_AT = 0
"""The most deadwood the viewer knocks with in its own playouts; 0: it waits for gin
(:data:`~.policy.GIN_ONLY`), which measured best: knocking there as soon as the limit
allows (10) played worse against SimpleGinRummyPlayer and the greedy bot on the same 50
duplicate deals (-1.40 and -1.21 points per deal), and so did knocking only once the
stock is down to 12 cards (-2.51 and -0.94; ``docs/coach.md``, "Stronger Gin play")."""
OWN_KNOCK_STOCK = 63
"""With :data:`OWN_KNOCK_AT` above 0, the viewer knocks in its playouts only once the
stock holds at most this many cards."""


def own_threshold() -> tuple[int, ...]:
    """The viewer's knock threshold by stock size in its playouts (``knock_at[n]`` for
    ``n`` cards left in the stock), from :data:`OWN_KNOCK_AT` and
    :data:`OWN_KNOCK_STOCK`.

    >>> own_threshold() == GIN_ONLY
    True
    """
    if OWN_KNOCK_AT <= 0:
        return GIN_ONLY
    return tuple(OWN_KNOCK_AT if n <= OWN_KNOCK_STOCK else 0 for n in range(64))


class GinEvaluation:
    """Values of Gin moves, built up in batches of determinizations.

    Every batch draws new determinizations and plays each move still under
    consideration on all of them, so moves are compared on the same cards. Knocks and
    gins are exact when every defender hand can be enumerated.
    """

    def __init__(self, view: PlayerView, moves: Sequence[Move], seed: int,
                 *, own_knock: tuple[int, ...] | None = None, split: bool = False) -> None:
        self.setup = s = gin_setup(view)
        self.moves = list(moves)
        self.rng = random.Random(f"rummy_lab coach gin {seed}")
        mine = own_knock if own_knock is not None else own_threshold()
        self.knock_at = (mine, ASAP) if s.me == 0 else (ASAP, mine)
        self.rules = view.rules
        self.values: dict[Move, list[float]] = {m: [] for m in self.moves}
        self.played: list[GinPos] = []  # every determinization so far, in order
        self.exact: dict[Move, float] = {}
        self.undercut: dict[Move, float] = {}
        # with ``split``: how the hand ended on each deal (a GIN_SPLIT index, -1 for a
        # draw or a tie), and for exact moves their parts
        self.split = split
        self.ends: dict[Move, list[int]] = {m: [] for m in self.moves}
        self.exact_parts: dict[Move, dict[int, tuple[float, float]]] = {}
        self.exact_hands: dict[Move, int] = {}
        self.exact_outcomes: dict[Move, tuple[tuple[float, float], ...]] = {}
        stock_end = view.stock_count <= view.rules.stock_end
        for m in self.moves:
            if isinstance(m, Knock | Gin):
                v = exact_knock_value(s, m)
                if v is not None:
                    self.exact[m], self.undercut[m] = v.value, v.undercut
                    self.exact_parts[m] = v.parts
                    self.exact_hands[m] = v.hands
                    self.exact_outcomes[m] = v.outcomes
            elif stock_end and isinstance(m, Discard):
                self.exact[m] = 0.0  # a plain throw at the stock end draws the hand
                self.exact_parts[m] = {}

    def add(self, moves: Sequence[Move], k: int) -> None:
        """Play ``moves`` on ``k`` new determinizations."""
        positions = _positions(self.setup, k, self.rng)
        self.played.extend(positions)
        for move in moves:
            self._play(move, positions)

    def fill(self, moves: Sequence[Move]) -> None:
        """Play each of ``moves`` on the determinizations it missed (it left the race),
        so that its value rests on every deal played: the value it would have had had it
        stayed in the race to the end."""
        for move in moves:
            self._play(move, self.played[len(self.values[move]):])

    def _play(self, move: Move, positions: Sequence[GinPos]) -> None:
        s = self.setup
        k = len(positions)
        if k:
            vals = self.values[move]
            if move in self.exact:
                vals.extend([self.exact[move]] * k)
                return
            ends = self.ends[move]
            if isinstance(move, Knock | Gin):
                after = _after_finish(s, move)
                for pos in positions:
                    end = s.kit.showdown(after, pos.hands[s.opp], mult=s.mult)
                    vals.append(end.knocker_points)
                    if self.split:
                        ends.append(end_index(True, end.kind))
                self.undercut[move] = sum(1 for x in vals if x < 0) / len(vals)
                return
            for pos in positions:
                p = pos.copy()
                done = _apply(s, p, move)
                r = self.rules
                vals.append(done if done is not None else playout(
                    s.kit, p, s.me, self.knock_at, limit=s.limit, mult=s.mult,
                    stock_end=r.stock_end, no_pickup_discard=r.no_discard_of_pickup))
                if self.split:
                    ends.append(end_index(p.finisher == s.me, p.outcome)
                                if p.finisher >= 0 else -1)

    def mean(self, move: Move) -> float:
        """The move's value so far (its exact value when known)."""
        if move in self.exact:
            return self.exact[move]
        vals = self.values[move]
        return sum(vals) / len(vals) if vals else 0.0


def gin_move_values(
    view: PlayerView, moves: Sequence[Move], budget: float | None, seed: int,
    *, keep: Sequence[Move] = (), settle: bool = True, depth: int = 1, split: bool = True,
    complete: Sequence[Move] = (), complete_top: int = 0, decide: bool = False,
) -> list[MoveValue]:
    """Racing evaluation: every move on the first batch of determinizations, then only
    the moves not yet clearly worse than the best (paired difference over ``RACE_Z``
    standard errors plus ``RACE_SLACK`` points) on each further batch. With ``settle``
    the race stops as soon as more deals could not change the choice; a review turns it
    off to measure the move played against the choice with the whole schedule. A budget
    (seconds) is always used whole, as the other variants' playouts use it: more deals,
    more precise values and reasons. With
    ``split`` each value's detail carries its parts by how the hand ends
    (:data:`GIN_SPLIT`), and a sampled knock's undercut risk rests on
    :data:`RISK_HANDS` hands (:func:`undercut_risk`); the values are the same without.
    After the race, the ``complete_top`` moves of highest value and the moves in
    ``complete`` are played on the deals they missed (:meth:`GinEvaluation.fill`): the
    hint and a review do so for the moves the hint shows and the move played, which then
    have the same values in both, whichever of them is played.

    ``decide`` (what :func:`rummy_lab.coach.evaluate` asks for) spends the effort where it
    decides the ranking (:func:`_decide`): at the default budget, once the race stops, the
    deals the moves that left it did not use go to the moves still tied with the first
    (rank 1), a batch at a time, until one move is ranked alone or the schedule's deals
    are used; with a budget in seconds, each batch after the first goes to the rank-1
    moves only, and the evaluation stops early once one move is ranked alone."""
    if budget is None:
        sched = Schedule(batch=DEFAULT_BATCH, rounds=DEFAULT_ROUNDS * depth)
    else:
        sched = Schedule(batch=DEFAULT_BATCH, rounds=0, seconds=budget)
    start = time.perf_counter()
    ev = GinEvaluation(view, moves, seed, split=split)
    alive = [m for m in moves if m not in ev.exact]
    done = 0
    while alive and sched.more(done, start):
        ev.add(alive, sched.batch)
        done += 1
        alive = _survivors(ev, alive, done, keep)
        if decide and budget is not None:
            group = _rank_one(ev)
            if len(group) <= 1 or not any(m not in ev.exact for m in group):
                break
            ev.fill([m for m in group if m not in ev.exact])
            alive = [m for m in group if m not in ev.exact]
        if (settle and budget is None and (done >= MIN_ROUNDS or len(alive) == 1)
                and _settled(ev, alive, keep)):
            break
    if settle and budget is None:
        _knock_look(ev, keep)
    if decide and budget is None:
        _decide(ev, sched.batch * sched.rounds * sum(1 for m in moves if m not in ev.exact),
                sched.batch)
    if complete_top or complete:
        _complete(ev, complete_top, complete)
    out = []
    ref = _reference(ev)
    risk = (undercut_risk(ev.setup, [m for m in moves if m in ev.undercut
                                     and m not in ev.exact], seed) if split else {})
    for m in moves:
        detail: dict[str, float] = {}
        if m in ev.undercut:
            detail["undercut"] = ev.undercut[m]
        if split:
            detail.update(_split_detail(ev, m, ref))
            if m in risk:
                detail["undercut"], detail["undercut_hands"] = risk[m], RISK_HANDS
            elif m in ev.exact_hands:
                detail["undercut_hands"] = ev.exact_hands[m]
        if m in ev.exact:
            out.append(MoveValue(m, ev.exact[m], 0, True, detail,
                                 outcomes=ev.exact_outcomes.get(m, ())))
        else:
            out.append(MoveValue(m, _paired_mean(ev, m, ref), len(ev.values[m]), False,
                                 detail, tuple(ev.values[m])))
    return out


def _rank_one(ev: GinEvaluation) -> list[Move]:
    """The moves ranked 1 on the deals played so far, as the final ranking will rank them
    (:mod:`rummy_lab.coach.ranking`, with Gin's resolution)."""
    ref = _reference(ev)
    values = sorted(
        (MoveValue(m, ev.exact[m], 0, True) if m in ev.exact else
         MoveValue(m, _paired_mean(ev, m, ref), len(ev.values[m]), False,
                   per_deal=tuple(ev.values[m]))
         for m in ev.moves if m in ev.exact or ev.values[m]),
        key=lambda mv: -mv.value)
    return [mv.move for mv, k in zip(values, ranks(values, RESOLUTION["gin"]), strict=True)
            if k == 1]


def _decide(ev: GinEvaluation, deals: int, batch: int) -> None:
    """Play the rank-1 moves on more deals while more than one move is ranked 1: first a
    rank-1 move that left the race early is played on the deals it missed (a move is
    never called equal to the first on a handful of deals only: that costs what it
    costs), then all of them on a new batch, while ``deals`` (playouts in all, the
    schedule's) allow."""
    spent = sum(len(v) for m, v in ev.values.items() if m not in ev.exact)
    for _ in range(len(ev.moves) * (deals // max(1, batch) + 1)):
        group = _rank_one(ev)
        sampled = [m for m in group if m not in ev.exact]
        if len(group) <= 1 or not sampled:
            return
        full = len(ev.played)
        short = [m for m in sampled if len(ev.values[m]) < full]
        if short:
            spent += sum(full - len(ev.values[m]) for m in short)
            ev.fill(short)
            continue
        if spent + batch * len(sampled) > deals:
            return
        ev.add(sampled, batch)
        spent += batch * len(sampled)


def _complete(ev: GinEvaluation, top: int, moves: Sequence[Move]) -> None:
    """Play the ``top`` moves of highest value, then ``moves``, on every deal played.
    A move filled in may rise into the top, so the top is filled until it holds."""
    full = len(ev.played)
    for _ in range(len(ev.moves) + 1):
        ref = _reference(ev)
        ranked = sorted(ev.moves, key=lambda m: -(ev.exact[m] if m in ev.exact
                                                   else _paired_mean(ev, m, ref)))
        short = [m for m in ranked[:top] if m not in ev.exact and len(ev.values[m]) < full]
        if not short:
            break
        ev.fill(short)
    ev.fill([m for m in moves if m in ev.values and m not in ev.exact])


def _split_detail(ev: GinEvaluation, move: Move, ref: Move | None) -> dict[str, float]:
    """``move``'s value split by how the hand ends (:data:`GIN_SPLIT`): each part measured
    as :func:`_paired_mean` measures the value, so the parts add up to it; each share is
    that of the deals the move was played on."""
    k = len(GIN_SPLIT)
    if move in ev.exact:
        got = ev.exact_parts.get(move, {})
        parts = [got.get(i, (0.0, 0.0)) for i in range(k)]
    else:
        parts = _end_means(ev, move)
        if ref is not None and move != ref and 0 < len(ev.values[move]) < len(ev.values[ref]):
            # the reference's parts on every deal, plus the paired difference on the
            # deals both were played on
            n = len(ev.values[move])
            theirs = _end_means(ev, ref, n)
            parts = [(a[0] + m[0] - t[0], m[1])
                     for a, m, t in zip(_end_means(ev, ref), parts, theirs, strict=True)]
    out: dict[str, float] = {}
    for i, (points, share) in enumerate(parts):
        out[f"gin_split_{i}"] = points
        out[f"gin_share_{i}"] = share
    return out


def _end_means(ev: GinEvaluation, move: Move, n: int | None = None
               ) -> list[tuple[float, float]]:
    """Per :data:`GIN_SPLIT` index, the mean points and share of ``move``'s first ``n``
    deals (all by default) ending that way."""
    vals, ends = ev.values[move], ev.ends[move]
    n = len(vals) if n is None else n
    points = [0.0] * len(GIN_SPLIT)
    count = [0] * len(GIN_SPLIT)
    for i in range(n):
        e = ends[i]
        if e >= 0:
            points[e] += vals[i]
            count[e] += 1
    return [(p / n, c / n) for p, c in zip(points, count, strict=True)] if n else [
        (0.0, 0.0)] * len(GIN_SPLIT)


KNOCK_ROUNDS = 16
"""Further batches a knock may get when it leads the kept move but not yet by the
choice's margin (:func:`_knock_look`)."""


def _knock_look(ev: GinEvaluation, keep: Sequence[Move]) -> None:
    """A second look at a knock the coach would decline only for want of deals.

    The coach's choice keeps the principle's move (wait for gin) unless another move
    beats it by :data:`~rummy_lab.coach.principle.CHOICE_Z` standard errors of their
    paired difference plus the margin. A knock's showdown against the sampled defender
    hands varies widely, so on the default schedule a knock worth a few points more than
    waiting is often declined although it leads. While the best knock leads the kept move
    and the lead is not yet clear, both get another batch, up to :data:`KNOCK_ROUNDS`:
    the lead then either clears the margin or shrinks within the noise."""
    base = next((m for m in keep if m in ev.values and m not in ev.exact
                 and not isinstance(m, Knock | Gin)), None)
    if base is None or not ev.values[base]:
        return
    # a knock that left the race has fewer deals than ``base``: more would not pair up
    knocks = [m for m in ev.moves if isinstance(m, Knock)
              and (m in ev.exact or len(ev.values[m]) == len(ev.values[base]))]
    if not knocks:
        return
    knock = max(knocks, key=lambda m: _paired_lead(ev, base, m)[0])
    for _ in range(KNOCK_ROUNDS):
        lead, se = _paired_lead(ev, base, knock)
        if lead <= 0 or lead > CHOICE_Z * se + CHOICE_MARGIN:
            return
        ev.add([base] if knock in ev.exact else [base, knock], DEFAULT_BATCH)


def _paired_lead(ev: GinEvaluation, base: Move, move: Move) -> tuple[float, float]:
    """``move``'s mean lead over ``base`` on the deals both were played on, and its
    standard error (an exact move is compared with ``base``'s every deal)."""
    b = ev.values[base]
    m = [ev.exact[move]] * len(b) if move in ev.exact else ev.values[move]
    n = min(len(b), len(m))
    if n < 2:
        return 0.0, 0.0
    d = [m[i] - b[i] for i in range(n)]
    mean = sum(d) / n
    return mean, math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)


def _reference(ev: GinEvaluation) -> Move | None:
    """The sampled move played on the most deals (the best of them): every deal so far."""
    sampled = [m for m in ev.moves if m not in ev.exact and ev.values[m]]
    if not sampled:
        return None
    return max(sampled, key=lambda m: (len(ev.values[m]), ev.mean(m)))


def _paired_mean(ev: GinEvaluation, move: Move, ref: Move | None) -> float:
    """A move's value on all the deals played: a move that left the race early is valued
    as the reference's mean plus their mean paired difference on the deals both were
    played on, so values rest on the same deals whatever the race did (a plain mean of a
    first batch could be luckier than the deals that followed)."""
    vals = ev.values[move]
    if ref is None or move == ref or not vals or len(vals) >= len(ev.values[ref]):
        return ev.mean(move)
    base = ev.values[ref]
    n = len(vals)
    return ev.mean(ref) + sum(vals[i] - base[i] for i in range(n)) / n


DEFAULT_BATCH = 8
DEFAULT_ROUNDS = 8
MIN_ROUNDS = 2
"""Batches before the race may stop because the choice is settled (one move left alive
stops it after any batch)."""
SETTLE_LEAD = 1.0
"""Points by which a move still racing may lead the kept moves when the race stops: the
choice margin (:data:`rummy_lab.coach.principle.CHOICE_MARGIN`); with a smaller lead
the coach's choice is the principle's move."""
RACE_FROM = 1
"""Batches after which moves clearly worse than the best start dropping out."""
RACE_Z = 2.5
RACE_SLACK = 0.5


def _settled(ev: GinEvaluation, alive: list[Move], keep: Sequence[Move]) -> bool:
    """True when more deals would not change the choice: no move still racing beats the
    moves kept for comparison (the principle's, a reviewed move), and no exact knock is
    within 3 points of the best."""
    kept = [m for m in alive if m in keep] or alive[:1]
    top = max(ev.mean(m) for m in kept)
    if any(ev.mean(m) > top + SETTLE_LEAD for m in alive if m not in kept):
        return False
    return not any(abs(v - top) < 3.0 for v in ev.exact.values())


def _survivors(ev: GinEvaluation, alive: list[Move], done: int, always: Sequence[Move]
               ) -> list[Move]:
    if done < RACE_FROM:
        return alive
    best = max(alive, key=ev.mean)
    bv = ev.values[best]
    keep = []
    for m in alive:
        if m == best or m in always:
            keep.append(m)
            continue
        mv = ev.values[m]
        n = min(len(mv), len(bv))
        d = [bv[i] - mv[i] for i in range(n)]
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, n - 1))
        if mean <= RACE_Z * sd / math.sqrt(n) + RACE_SLACK:
            keep.append(m)
    return keep


def _apply(s: GinSetup, p: GinPos, move: Move) -> float | None:
    """Play the viewer's ``move`` on ``p``; the hand's value if that ended it."""
    me = s.me
    if isinstance(move, TakeUpcard | DrawDiscard):
        bit = 1 << p.top
        p.hands[me] |= bit
        p.pickup = bit
        p.top = -1
        p.phase = DISCARD
    elif isinstance(move, PassUpcard):
        if p.cur != p.dealer:
            p.cur = p.dealer
        else:
            p.cur = 1 - p.dealer
            p.phase = DRAW
            p.stock_only = True
    elif isinstance(move, DrawStock):
        p.hands[me] |= 1 << p.draw(me)
        p.pickup = 0
        p.phase = DISCARD
        p.stock_only = False
    elif isinstance(move, Discard):
        bit = 1 << move.card._index
        p.hands[me] ^= bit
        p.top = move.card._index
        p.pickup = 0
        if p.left <= s.view.rules.stock_end:
            return 0.0
        p.cur = 1 - me
        p.phase = DRAW
    else:  # pragma: no cover - Gin has no other moves
        raise ValueError(f"not a Gin move: {move}")
    return None
