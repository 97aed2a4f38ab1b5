"""Gin: a particle filter over the opponent's hand, replaying everything they did.

Each particle is one possible story of the opponent's hand: its ten dealt cards, then,
move by move, the cards it drew from the stock. The story is scored by how likely a
sensible player holding those cards was to do what the opponent did (Bayes):

* taking the upcard or the discard: likely when the card goes into a meld (or lets the
  player knock), unlikely otherwise (:data:`TAKE_ODD`);
* passing the upcard, or drawing from the stock instead of the discard: unlikely when the
  card would have gone into a meld (:data:`PASS_ODD`);
* throwing a card: ``exp(-BETA * extra)`` where ``extra`` is how much more deadwood the
  throw kept than the best throw would have (0 for a best throw).

A stock draw is sampled together with the throw that follows it, among every card that
can have been in the stock then, in proportion to how well it explains the throw
(the filter's "optimal proposal"); a particle is weighted by how well the draws explain
the throws on average, and the particles are resampled when the weights grow uneven.

Cards the opponent can have drawn at a given moment are the cards the viewer still has
not seen, plus the opponent's own later throws; never the viewer's later stock draws.

The filter's randomness comes from the deal as the viewer saw it, never from the caller,
so its result is a function of the view alone, and it is kept (by history) between calls:
the next decision of the same hand only replays the new moves.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.moves import (
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from ..engine.state import PlayerView
from ._gin import GinKit, bits_of, kit_for, mask_of

__all__ = ["BETA", "PARTICLES", "PASS_ODD", "TAKE_ODD", "opponent_hands"]

PARTICLES = 200
BETA = 0.8
PASS_ODD = 0.15
TAKE_ODD = 0.25
ALL = (1 << 52) - 1


@dataclass
class _Filter:
    """Particles after a prefix of the history."""

    hands: list[int]
    weights: list[float]
    rng: random.Random
    done: int  # events processed
    pending: bool  # the opponent drew from the stock; its card comes with the throw


_CACHE: OrderedDict[tuple[object, ...], _Filter] = OrderedDict()
_CACHE_SIZE = 64


def _key(view: PlayerView, dealt: int, upto: int) -> tuple[object, ...]:
    """The viewer's information after ``upto`` moves: its dealt cards and the moves."""
    events = tuple((e.player, e.move, e.drawn) for e in view.history[:upto])
    return (view.rules, view.player, view.dealer, view.upcard, dealt, events)


def opponent_hands(view: PlayerView, k: int, rng: random.Random) -> list[int]:
    """``k`` opponent hands (masks) drawn from the filter's particles by weight."""
    f = _run(view)
    total = sum(f.weights)
    if total <= 0:
        return []
    step = total / k
    u = rng.random() * step
    out: list[int] = []
    acc = 0.0
    for h, w in zip(f.hands, f.weights, strict=True):
        acc += w
        while u < acc and len(out) < k:
            out.append(h)
            u += step
    while len(out) < k:
        out.append(f.hands[-1])
    rng.shuffle(out)
    return out


def _run(view: PlayerView) -> _Filter:
    hist = view.history
    ctx = _Context(view)
    # the longest prefix already filtered
    start: _Filter | None = None
    for upto in range(len(hist), -1, -1):
        key = _key(view, ctx.my_dealt, upto)
        got = _CACHE.get(key)
        if got is not None:
            _CACHE.move_to_end(key)
            start = _Filter(got.hands[:], got.weights[:], _copy_rng(got.rng), got.done,
                            got.pending)
            break
    f = start if start is not None else ctx.initial()
    while f.done < len(hist):
        ctx.step(f, f.done)
        f.done += 1
    _CACHE[_key(view, ctx.my_dealt, len(hist))] = _Filter(
        f.hands[:], f.weights[:], _copy_rng(f.rng), f.done, f.pending)
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return f


def _copy_rng(rng: random.Random) -> random.Random:
    r = random.Random()
    r.setstate(rng.getstate())
    return r


class _Context:
    """What the filter needs to know about the whole hand, from the view."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.kit: GinKit = kit_for(view.rules)
        me = view.player
        self.me = me
        self.opp = 1 - me
        self.limit = view.knock_limit if view.knock_limit is not None else view.rules.knock_limit
        hist = view.history
        # the viewer's dealt hand, and stock cards the viewer drew
        mine = mask_of(view.hand)
        my_draws = 0
        for e in reversed(hist):
            if e.player != me:
                continue
            m = e.move
            if isinstance(m, DrawStock) and e.drawn is not None:
                mine &= ~(1 << e.drawn._index)
                my_draws |= 1 << e.drawn._index
            elif isinstance(m, TakeUpcard | DrawDiscard):
                for c in e.shown:
                    mine &= ~(1 << c._index)
            elif isinstance(m, Discard | Knock | Gin) and m.card is not None:
                mine |= 1 << m.card._index
        self.my_dealt = mine
        self.my_draws = my_draws
        up = view.upcard
        self.up = (1 << up._index) if up is not None else 0
        # unseen now
        seen = mask_of(view.hand) | mask_of(view.discard_pile) | mask_of(view.known[self.opp])
        if up is not None:
            seen |= self.up
        self.unseen_now = ALL & ~seen
        # the opponent's throws (index -> card bit) and which of them followed a pickup
        self.throws: list[tuple[int, int]] = []
        required = 0
        picked = 0
        last_pickup = False
        for e in hist:
            if e.player != self.opp:
                continue
            m = e.move
            if isinstance(m, TakeUpcard | DrawDiscard):
                last_pickup = True
                picked |= mask_of(e.shown)
            elif isinstance(m, DrawStock):
                last_pickup = False
            elif isinstance(m, Discard | Knock | Gin) and m.card is not None:
                bit = 1 << m.card._index
                self.throws.append((e.index, bit))
                if last_pickup and not picked & bit:
                    required |= bit  # held before this turn: dealt, in this story
        self.required = required
        self.picked = picked
        # the top of the discard pile before each event
        self.tops: list[int] = []
        top = self.up
        for e in hist:
            self.tops.append(top)
            m = e.move
            if isinstance(m, Discard):
                top = 1 << m.card._index
            elif isinstance(m, TakeUpcard | DrawDiscard):
                top = 0
        seed_text = f"gin filter {view.player} {view.dealer} {up} {mine}"
        self.seed = seed_text

    def initial(self) -> _Filter:
        rng = random.Random(self.seed)
        pool = bits_of(ALL & ~self.my_dealt & ~self.up & ~self.my_draws & ~self.required)
        need = 10 - self.required.bit_count()
        hands = []
        for _ in range(PARTICLES):
            h = self.required
            for i in rng.sample(pool, need):
                h |= 1 << i
            hands.append(h)
        return _Filter(hands, [1.0] * PARTICLES, rng, 0, False)

    def later_throws(self, index: int) -> int:
        out = 0
        for i, bit in self.throws:
            if i > index:
                out |= bit
        return out

    def wants(self, hand: int, card_bit: int) -> bool:
        """The policy: take a card that goes into a meld or lets the player knock."""
        i = card_bit.bit_length() - 1
        with_card = hand | card_bit
        kit = self.kit
        if kit.is_melded(with_card, i):
            return True
        if kit.obj(with_card) // 128 - 10 > self.limit:
            return False
        return kit.best_discard(with_card, card_bit)[1] <= self.limit

    def throw_odds(self, hand11: int, bit: int) -> float:
        """How likely the policy throws ``bit`` from these eleven cards."""
        if not hand11 & bit:
            return 0.0
        kit = self.kit
        best = kit.best_discard(hand11)[1]
        extra = kit.obj(hand11 ^ bit) // 128 - best
        return 1.0 if extra <= 0 else math.exp(-BETA * extra)

    def step(self, f: _Filter, index: int) -> None:
        e = self.view.history[index]
        if e.player == self.me:
            if isinstance(e.move, DrawStock) and e.drawn is not None:
                self._seen_in_stock(f, 1 << e.drawn._index, index)
            return
        if e.player != self.opp:
            return
        m = e.move
        hands, weights = f.hands, f.weights
        top = self.tops[index]
        if isinstance(m, PassUpcard):
            for j, h in enumerate(hands):
                if self.wants(h, self.up):
                    weights[j] *= PASS_ODD
        elif isinstance(m, TakeUpcard | DrawDiscard):
            bit = top if top else self.up
            for j, h in enumerate(hands):
                if not self.wants(h, bit):
                    weights[j] *= TAKE_ODD
                hands[j] = h | bit
            f.pending = False
        elif isinstance(m, DrawStock):
            forced = index == 2 and all(
                isinstance(self.view.history[i].move, PassUpcard) for i in (0, 1))
            if top and not forced:
                for j, h in enumerate(hands):
                    if self.wants(h, top):
                        weights[j] *= PASS_ODD
            f.pending = True
        elif isinstance(m, Discard):
            bit = 1 << m.card._index
            if f.pending:
                stock_now = (self.unseen_now | self.later_throws(index) | bit)
                for j, h in enumerate(hands):
                    cands = bits_of(stock_now & ~h)
                    odds = [self.throw_odds(h | (1 << c), bit) for c in cands]
                    total = sum(odds)
                    if total <= 0:
                        weights[j] = 0.0
                        continue
                    pick = f.rng.random() * total
                    acc = 0.0
                    chosen = cands[-1]
                    for c, o in zip(cands, odds, strict=True):
                        acc += o
                        if pick < acc:
                            chosen = c
                            break
                    weights[j] *= total / len(cands)
                    hands[j] = (h | (1 << chosen)) & ~bit
            else:
                for j, h in enumerate(hands):
                    weights[j] *= self.throw_odds(h, bit)
                    hands[j] = h & ~bit
                if not any(weights):  # no story holds the card: in each, it replaces
                    for j, h in enumerate(hands):  # a card the opponent was not seen taking
                        if h.bit_count() > 10:
                            drop = f.rng.choice(bits_of(h & ~self.picked))
                            hands[j] = h & ~(1 << drop)
                    f.weights = [1.0] * len(hands)
                    return
            f.pending = False
        else:
            return
        self._normalise(f)

    def _seen_in_stock(self, f: _Filter, bit: int, index: int) -> None:
        """The viewer drew ``bit`` from the stock: a story that gave it to the opponent
        gets another card that was still in the stock instead."""
        pool = self.unseen_now | self.later_throws(index)
        for j, h in enumerate(f.hands):
            if h & bit:
                options = bits_of(pool & ~h & ~bit)
                f.hands[j] = (h & ~bit) | (1 << f.rng.choice(options))

    def _normalise(self, f: _Filter) -> None:
        total = sum(f.weights)
        n = len(f.weights)
        if total <= 0:  # nothing explains the moves: keep the stories, equally weighted
            f.weights = [1.0] * n
            return
        f.weights = [w * n / total for w in f.weights]
        ess = n * n / sum(w * w for w in f.weights)
        if ess < n / 2:
            step = n / n
            u = f.rng.random() * step
            acc = 0.0
            new: list[int] = []
            for h, w in zip(f.hands, f.weights, strict=True):
                acc += w
                while u < acc and len(new) < n:
                    new.append(h)
                    u += step
            while len(new) < n:
                new.append(f.hands[-1])
            f.hands = new
            f.weights = [1.0] * n


_ = Card
