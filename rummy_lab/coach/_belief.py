"""A uniform belief about the hidden cards: the coach's stand-in for ``rl.inference``.

The coach needs two things from a belief: *determinizations* (every player's full hand
and the stock in order, drawn consistently with what the viewer saw) and the *danger* of
a discard (the chance the next player can meld it or lay it off). This module gives both
under the uniform model: every hidden card is equally likely to be in any hidden place;
the only facts used are the hard ones (the viewer's hand, the discard pile, the table,
the wild card, and cards known to be in a hand because they were taken from the pile).

It follows the call shape of ``rl.inference.belief(view, *, model=..., seed=...)``, so the
coach switches to the inference package by changing the one import in
:mod:`rummy_lab.coach._source`.

>>> from rummy_lab.engine.game import new_game
>>> v = new_game("gin", seed=3).view_for(1)
>>> b = belief(v)
>>> [len(d.hands[0]) for d in b.sample_deals(2, random.Random(0))]
[10, 10]
>>> round(b.p(v.hand[0]), 3), round(b.p(v.discard_pile[0]), 3)
(0.0, 0.0)
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from ..engine.cards import Card, Hand, make_deck
from ..engine.moves import Discard, DrawDiscard, DrawStock, PassUpcard, TakeUpcard
from ..engine.rules import Rules, Variant
from ..engine.state import PlayerView
from ..engine.variants.tabled import can_place

__all__ = ["Determinization", "UniformBelief", "belief"]


@dataclass(frozen=True)
class Determinization:
    """One complete guess of the hidden cards, consistent with a view.

    :ivar hands: every player's full hand (the viewer's own as it is), sizes as in
        ``view.hand_sizes``.
    :ivar stock: the remaining unseen cards in a random order, top card first, as many
        as ``view.stock_count``.
    """

    hands: tuple[Hand, ...]
    stock: Hand


class UniformBelief:
    """Hard facts only: each hidden card is equally likely to be anywhere hidden.

    :param view: the viewer's :class:`~rummy_lab.engine.state.PlayerView`.
    """

    def __init__(self, view: PlayerView) -> None:
        self.view = view

    # ------------------------------------------------------------------ the hidden cards
    @cached_property
    def unseen(self) -> tuple[Card, ...]:
        """Physical cards the viewer has not seen where they are, in deck order."""
        v = self.view
        r = v.rules
        left = Counter(make_deck(r.decks_for(v.players), r.printed_jokers))
        seen: list[Card] = [*v.hand, *v.discard_pile]
        for m in v.table:
            seen.extend(m.cards)
        for q, known in enumerate(v.known):
            if q != v.player:
                seen.extend(known)
        if v.wild_card is not None:
            seen.append(v.wild_card)
        for c in seen:
            if left[c] > 0:
                left[c] -= 1
        return tuple(c for c in sorted(left) for _ in range(left[c]))

    @cached_property
    def hidden(self) -> tuple[int, ...]:
        """Per player, the number of cards in that hand the viewer cannot place."""
        v = self.view
        out = []
        for q in range(v.players):
            if q == v.player:
                out.append(0)
            else:
                out.append(max(0, v.hand_sizes[q] - len(v.known[q])))
        return tuple(out)

    def next_opponent(self, player: int | None = None) -> int:
        """``player``, or by default the next player in turn order after the viewer."""
        v = self.view
        if player is None:
            return (v.player + 1) % v.players
        if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < v.players
        ) or player == v.player:
            raise ValueError(f"player must be an opponent seat of 0..{v.players - 1}, "
                             f"not the viewer {v.player}; got {player!r}")
        return player

    def sample_deals(self, k: int, rng: random.Random) -> list[Determinization]:
        """``k`` determinizations drawn uniformly among those consistent with the view."""
        v = self.view
        pool = list(self.unseen)
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
                n = self.hidden[q]
                hands.append(Hand((*v.known[q], *pool[pos:pos + n])))
                pos += n
            stock = Hand(pool[pos:pos + v.stock_count])
            out.append(Determinization(tuple(hands), stock))
        return out

    # ------------------------------------------------------------------ questions
    def p(self, card: Card, player: int | None = None) -> float:
        """Probability that ``player`` holds at least one copy of ``card``."""
        q = self.next_opponent(player)
        if card in self.view.known[q]:
            return 1.0
        u = len(self.unseen)
        k = self.unseen.count(card)
        n = self.hidden[q]
        if not u or not k or not n:
            return 0.0
        return 1.0 - math.comb(u - k, n) / math.comb(u, n)

    def expected(self, card: Card, player: int | None = None) -> float:
        """Expected number of copies of ``card`` in ``player``'s hand."""
        q = self.next_opponent(player)
        u = len(self.unseen)
        known = self.view.known[q].count(card)
        if not u:
            return float(known)
        return known + self.unseen.count(card) * self.hidden[q] / u

    def known(self, player: int | None = None) -> tuple[Card, ...]:
        """Cards known to be in ``player``'s hand."""
        return tuple(self.view.known[self.next_opponent(player)])

    def danger(self, card: Card, player: int | None = None) -> float:
        """Probability that ``player`` could meld ``card`` with cards they hold, or lay it
        off on the table, if it were thrown now (in Rummy 500 the discard pile's cards
        count as theirs too: a deep pick brings them along).

        Exact under the uniform model: only the cards that could share a meld with
        ``card`` matter, and the chance of each subset of them being in the hand is
        hypergeometric.
        """
        q = self.next_opponent(player)
        v = self.view
        r = v.rules
        wild = _wild_rank(v)
        if card.is_joker or (wild is not None and card.rank == wild):
            return 1.0
        if v.table and r.variant in (Variant.BASIC, Variant.RUMMY500) and (
            can_place(card, (), v.table, r)
        ):
            return 1.0
        known = list(v.known[q])
        if r.variant is Variant.RUMMY500:
            known.extend(v.discard_pile)  # a deep pick brings the pile's cards with it
        relevant = [c for c in self.unseen if _related(card, c, wild)]
        n = self.hidden[q]
        u = len(self.unseen)
        if len(relevant) > 12:  # many copies (two decks): a seeded estimate
            return _danger_by_sampling(card, known, self.unseen, n, r, wild)
        total = 0.0
        denom = math.comb(u, n) if n <= u else 0
        if not denom:
            return 1.0 if _can_meld(card, known, r, wild) else 0.0
        rest = u - len(relevant)
        for size in range(min(n, len(relevant)) + 1):
            ways = math.comb(rest, n - size)
            if not ways:
                continue
            for held in itertools.combinations(relevant, size):
                if _can_meld(card, [*known, *held], r, wild):
                    total += ways
        return total / denom


class GinBehaviourBelief(UniformBelief):
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
        for det in super().sample_deals(n, rng):
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


def belief(view: PlayerView, *, model: str = "behaviour", seed: int = 0) -> UniformBelief:
    """The coach's stand-in for ``rl.inference.belief``.

    ``model="uniform"``: hard facts only. ``model="behaviour"`` (the default): in two-player
    Gin, uniform candidates reweighted by the opponent's recent discards and passes
    (:class:`GinBehaviourBelief`); in the other variants, uniform.

    :raises ValueError: for something that is not a PlayerView or an unknown model.
    """
    if not isinstance(view, PlayerView):
        raise ValueError(f"belief needs a PlayerView, got {type(view).__name__}")
    if model not in ("uniform", "behaviour"):
        raise ValueError(f"model must be 'uniform' or 'behaviour', got {model!r}")
    if model == "behaviour" and view.rules.variant is Variant.GIN and view.players == 2:
        return GinBehaviourBelief(view)
    return UniformBelief(view)


# --------------------------------------------------------------------------- helpers


def _wild_rank(view: PlayerView) -> int | None:
    if view.wild_card is None:
        return None
    return 1 if view.wild_card.is_joker else view.wild_card.rank


def _related(card: Card, other: Card, wild: int | None) -> bool:
    """True when ``other`` could share a meld with ``card``."""
    if other.is_joker or (wild is not None and other.rank == wild):
        return True
    if other.rank == card.rank:
        return True
    if other.suit is not card.suit:
        return False
    d = abs(other.rank - card.rank)
    return d <= 2 or d >= 11  # the ace next to the king (Q-K-A) where allowed


def _can_meld(card: Card, held: Sequence[Card], rules: Rules, wild: int | None) -> bool:
    """True when ``card`` and two or more of ``held`` make a set or a run."""
    jokers = sum(1 for c in held if c.is_joker or (wild is not None and c.rank == wild))
    need = rules.min_meld - 1
    if jokers >= need:
        return True
    same = {c.suit for c in held if c.rank == card.rank and c.suit is not card.suit} if (
        rules.set_distinct_suits) else [c for c in held if c.rank == card.rank]
    if len(same) + jokers >= need:
        return True
    places = {c.rank for c in held if c.suit is card.suit and not c.is_joker
              and not (wild is not None and c.rank == wild)}
    if rules.ace_high and 1 in places:
        places.add(14)
    own = [card.rank] + ([14] if card.rank == 1 and rules.ace_high else [])
    top = 14 if rules.ace_high else 13
    for p in own:
        for start in range(p - rules.min_meld + 1, p + 1):
            if start < 1 or start + rules.min_meld - 1 > top:
                continue
            window = range(start, start + rules.min_meld)
            missing = sum(1 for x in window if x != p and x not in places)
            if missing <= jokers:
                return True
    return False


def _danger_by_sampling(
    card: Card, known: list[Card], unseen: Sequence[Card], n: int, rules: Rules,
    wild: int | None, samples: int = 400,
) -> float:
    rng = random.Random(f"danger {card.code} {n} {len(unseen)}")
    pool = list(unseen)
    hits = 0
    for _ in range(samples):
        held = rng.sample(pool, min(n, len(pool)))
        if _can_meld(card, [*known, *held], rules, wild):
            hits += 1
    return hits / samples


_DECK_CARDS = tuple(Card(i % 13 + 1, "SHDC"[i // 13]) for i in range(52))
