"""Gin determinizations built the way a sensible opponent builds a hand.

An alternative to :func:`rummy_lab.coach._source.deals` for two-player Gin, chosen by
:data:`rummy_lab.coach._gincoach.GIN_DEALS`: a uniform deal of the hidden cards is first
*improved* as a player who keeps the best ten cards improves a hand (once per stock draw
the opponent made), then the guesses are *resampled by the evidence* of the opponent's
recent throws and passes (:class:`GinBelief`).

>>> import random
>>> from rummy_lab.engine.game import new_game
>>> v = new_game("gin", seed=3).view_for(1)
>>> [len(d.hands[0]) for d in GinBelief(v).sample_deals(2, random.Random(0))]
[10, 10]
"""

from __future__ import annotations

import math
import random
from functools import cached_property

from ..engine.cards import Card, Hand
from ..engine.moves import Discard, DrawDiscard, DrawStock, PassUpcard, TakeUpcard
from ..engine.state import PlayerView
from ._source import Determinization, unseen

__all__ = ["GinBelief"]

_DECK_CARDS = tuple(Card(i % 13 + 1, "SHDC"[i // 13]) for i in range(52))


class GinBelief:
    """Gin: the opponent's hand as a sensible player would have built it, checked against
    what the opponent was seen to do.

    Two steps, both cheap enough for every decision:

    1. *Improvement.* A uniform deal of the hidden cards is improved the way a player who
       keeps the best ten cards improves a hand: once per stock draw the opponent has
       made, a random card of the pool is drawn and the card that leaves the most deadwood
       is let go back into the pool (cards known to be in the hand are kept). A uniform
       guess would give a player who has drawn eight times a hand as poor as a fresh deal.
    2. *Evidence* (importance resampling). A player who throws a 7 rarely keeps an
       unmatched king, and one who passes a card rarely holds two cards it melds with.
       Each improved candidate hand ``H`` gets the weight ``exp(-beta * loss)`` for each of
       the opponent's recent throws ``d``, where ``loss`` is how much more deadwood ``H``
       keeps than the best throw from ``H + d`` would have (0 when ``d`` was a best
       throw), and a factor ``pass_factor`` for each recent card it declined (passed the
       upcard, or drew from the stock instead) that ``H`` would have melded. Older
       evidence counts less (``decay`` per turn back). ``k`` determinizations are
       resampled from ``3 k`` weighted candidates.
    """

    beta = 0.6
    pass_factor = 0.25
    decay = 0.7
    recent = 4

    def __init__(self, view: PlayerView) -> None:
        self.view = view

    def uniform_deals(self, k: int, rng: random.Random) -> list[Determinization]:
        """``k`` deals of the hidden cards, uniform among those consistent with the view."""
        v = self.view
        pool = list(unseen(v))
        out = []
        rand = rng.random
        for _ in range(k):
            pool = [c for _, c in sorted((rand(), c) for c in pool)]
            pos = 0
            hands: list[Hand] = []
            for q in range(v.players):
                if q == v.player:
                    hands.append(Hand(v.hand))
                    continue
                n = max(0, v.hand_sizes[q] - len(v.known[q]))
                hands.append(Hand((*v.known[q], *pool[pos:pos + n])))
                pos += n
            out.append(Determinization(tuple(hands), Hand(pool[pos:pos + v.stock_count])))
        return out

    @cached_property
    def evidence(self) -> tuple[tuple[tuple[int, float], ...], tuple[tuple[int, float], ...]]:
        """(throws, declined cards) of the next opponent, recent first, with weights."""
        v = self.view
        q = (v.player + 1) % v.players
        top: Card | None = v.upcard
        discards: list[Card] = []
        declined: list[Card] = []
        passes = 0
        for e in v.history:
            m = e.move
            if isinstance(m, Discard):
                if e.player == q:
                    discards.append(m.card)
                top = m.card
            elif isinstance(m, PassUpcard):
                passes += 1
                if e.player == q and top is not None:
                    declined.append(top)
            elif isinstance(m, DrawStock):
                if e.player == q and top is not None and not (passes == 2 and e.index == 2):
                    declined.append(top)
            elif isinstance(m, TakeUpcard | DrawDiscard):
                top = None
        n = self.recent
        d = tuple((c._index, self.decay ** i) for i, c in enumerate(reversed(discards[-n:])))
        p = tuple((c._index, self.decay ** i) for i, c in enumerate(reversed(declined[-n:])))
        return d, p

    def sample_deals(self, k: int, rng: random.Random) -> list[Determinization]:
        """``k`` determinizations: improved, then resampled by the evidence."""
        from ._gin import kit_for, mask_of

        discards, declined = self.evidence
        v = self.view
        q = (v.player + 1) % v.players
        kit = kit_for(v.rules)
        if not discards and not declined:
            return self._improved(k, rng, q)
        cands = self._improved(3 * k, rng, q)
        weights = []
        for det in cands:
            h = mask_of(det.hands[q])
            dw = kit.deadwood(h)
            logw = 0.0
            for card, w in discards:
                bit = 1 << card
                if h & bit:
                    continue
                _, best = kit.best_discard(h | bit)
                logw -= self.beta * w * (dw - best)
            for card, w in declined:
                bit = 1 << card
                if not h & bit and kit.is_melded(h | bit, card):
                    logw += w * math.log(self.pass_factor)
            weights.append(math.exp(logw))
        return _resample(cands, weights, k, rng)

    def _improved(self, n: int, rng: random.Random, q: int) -> list[Determinization]:
        """Uniform deals whose opponent hand is then improved (step 1 above)."""
        from ._gin import cards_of, kit_for, mask_of

        v = self.view
        kit = kit_for(v.rules)
        draws = sum(1 for e in v.history if e.player == q and isinstance(e.move, DrawStock))
        known = mask_of(v.known[q])
        out = []
        for det in self.uniform_deals(n, rng):
            hand = mask_of(det.hands[q])
            pool = [c._index for c in det.stock]
            for _ in range(draws if pool else 0):
                j = rng.randrange(len(pool))
                c = pool[j]
                card, _ = kit.best_discard(hand | 1 << c, known)
                if card != c:
                    hand = (hand | 1 << c) & ~(1 << card)
                    pool[j] = card
            hands = list(det.hands)
            hands[q] = Hand(cards_of(hand))
            out.append(Determinization(tuple(hands), Hand(_DECK_CARDS[i] for i in pool)))
        return out


def _resample(
    cands: list[Determinization], weights: list[float], k: int, rng: random.Random
) -> list[Determinization]:
    """Systematic resampling: ``k`` draws in proportion to the weights."""
    total = sum(weights)
    step = total / k
    u = rng.random() * step
    out: list[Determinization] = []
    acc = 0.0
    for det, w in zip(cands, weights, strict=True):
        acc += w
        while u < acc and len(out) < k:
            out.append(det)
            u += step
    while len(out) < k:  # rounding
        out.append(cands[-1])
    return out
