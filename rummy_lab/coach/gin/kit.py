"""Gin on bitmasks: the arithmetic behind the coach's Gin rollouts and knock values.

A one-deck hand without jokers is a 52-bit integer (bit ``suit * 13 + rank - 1``, suits in
deck order S H D C). Deadwood and the best discard come from the engine's bitmask kernel
(:mod:`rummy_lab.engine.masks`: the table of the best runs of every 13-bit suit holding
plus the few set choices of ranks held three or four times), memoised here by hand, so
one evaluation is a handful of look-ups:
about twenty times faster than building :class:`~rummy_lab.engine.solver.Partition`
objects, which is what lets the coach play thousands of Gin hands out per decision.

Everything here is checked against the engine in the tests: :meth:`GinKit.deadwood`
against :func:`~rummy_lab.engine.solver.deadwood` and :meth:`GinKit.showdown` against
:func:`rummy_lab.gin.showdown` on random hands.

>>> from rummy_lab.engine.cards import parse_cards
>>> from rummy_lab.engine.rules import get_rules
>>> kit = GinKit(get_rules("gin"))
>>> kit.deadwood(mask_of(parse_cards("7S 7H 7D 4C 5C 6C 7C KD QH 2S")))
22
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ...engine.cards import Card
from ...engine.masks import kernel
from ...engine.rules import Rules
from ...engine.solver import set_variants as _set_variants_with_sets

__all__ = ["GinKit", "Outcome", "bits_of", "cards_of", "kit_for", "mask_of"]

M13 = 0x1FFF
BIG = 128  # objective = points * BIG + unmelded cards, as in the solver


def mask_of(cards: Iterable[Card]) -> int:
    """The 52-bit mask of distinct one-deck cards."""
    m = 0
    for c in cards:
        m |= 1 << c._index
    return m


_DECK = tuple(Card(i % 13 + 1, "SHDC"[i // 13]) for i in range(52))


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in deck order.

    >>> [c.code for c in cards_of(0b101)]
    ['AS', '3S']
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(_DECK[low.bit_length() - 1])
        mask ^= low
    return out


def bits_of(mask: int) -> list[int]:
    """The card indices (0..51) of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class Outcome:
    """How a Gin hand ended, from the knocker's side.

    :ivar kind: ``gin``, ``big_gin``, ``knock``, ``undercut``, ``tie`` or ``draw``.
    :ivar knocker_points: points to the knocker (negative when the defender scores).
    :ivar knocker_deadwood: the knocker's deadwood.
    :ivar defender_deadwood: the defender's deadwood after lay-offs.
    :ivar layoffs: mask of the cards the defender laid off.
    """

    kind: str
    knocker_points: int
    knocker_deadwood: int
    defender_deadwood: int
    layoffs: int = 0


class GinKit:
    """Deadwood, best discards, melds and showdowns of Gin hands given as masks.

    One kit per :class:`~rummy_lab.engine.rules.Rules` (see :func:`kit_for`); it holds
    the run table and the card values, and memoises deadwood by hand.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> from rummy_lab.engine.rules import get_rules
    >>> kit = kit_for(get_rules("gin"))
    >>> h = mask_of(parse_cards("5D 7H 4S 4D 6D 7C 4C 7S 5C 6H 6C"))
    >>> card, dw = kit.best_discard(h)
    >>> cards_of(1 << card)[0].code, dw
    ('6H', 4)
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._kernel = kernel(rules)
        self._objective = self._kernel.objective
        self.table: tuple[int, ...] = self._kernel.table
        vals = rules.rank_values
        self.values: tuple[int, ...] = tuple(vals[i % 13 + 1] for i in range(52))
        self.cost: tuple[int, ...] = tuple(v * BIG + 1 for v in self.values)
        self._memo: dict[int, int] = {}
        self._discards: dict[int, tuple[int, int]] = {}
        self._runs = _run_segments(self.table, tuple(vals[r + 1] for r in range(13)))

    # ------------------------------------------------------------------ deadwood
    def obj(self, m: int) -> int:
        """The solver's objective of a hand: deadwood points * 128 + unmelded cards."""
        v = self._memo.get(m)
        if v is not None:
            return v
        v = self._objective(m)
        if len(self._memo) > 400_000:
            self._memo.clear()
        self._memo[m] = v
        return v

    def deadwood(self, m: int) -> int:
        """Deadwood points of the best arrangement."""
        return self.obj(m) // BIG

    def best_discard(self, m: int, forbid: int = 0) -> tuple[int, int]:
        """``(card index, deadwood after)`` of the discard leaving the least deadwood.

        Ties go to the higher card value, then the higher deck index (the greedy bots'
        rule). ``forbid`` masks cards that may not be thrown (the card just picked up).
        """
        key = m | forbid << 52
        hit = self._discards.get(key)
        if hit is not None:
            return hit
        found = self._best_discard(m, forbid)
        if len(self._discards) > 200_000:
            self._discards.clear()
        self._discards[key] = found
        return found

    def _best_discard(self, m: int, forbid: int) -> tuple[int, int]:
        card, left, _ = self._kernel.best_discard(m, forbid)
        return card, left // BIG

    # ------------------------------------------------------------------ melds
    def arrangements(self, m: int) -> list[tuple[int, ...]]:
        """Every best arrangement as a tuple of meld masks (sets first, then runs).

        Arrangements differ in how sets are chosen (the 7♣ in a set or in a run); runs
        within a suit are taken as the table builds them, merged where they touch.
        """
        t = self.table
        masks = ((m & M13), (m >> 13) & M13, (m >> 26) & M13, (m >> 39) & M13)
        trip = (masks[0] & masks[1] & (masks[2] | masks[3])) | (
            masks[2] & masks[3] & (masks[0] | masks[1]))
        best = self.obj(m)
        out: list[tuple[int, ...]] = []
        for variant, sets in _set_variants_with_sets(masks, trip):
            if t[variant[0]] + t[variant[1]] + t[variant[2]] + t[variant[3]] != best:
                continue
            melds = list(sets)
            for s in range(4):
                for seg in self._runs[variant[s]]:
                    melds.append(seg << (13 * s))
            out.append(tuple(melds))
        return out

    # ------------------------------------------------------------------ showdown
    def layoff_options(self, melds: tuple[int, ...], defender: int) -> list[int]:
        """Every consistent set of defender cards laid off on the knocker's melds (masks)."""
        per: list[list[int]] = []
        for mm in melds:
            opts = [0]
            s0 = mm & M13
            s1 = (mm >> 13) & M13
            s2 = (mm >> 26) & M13
            s3 = (mm >> 39) & M13
            suits_held = (s0 != 0) + (s1 != 0) + (s2 != 0) + (s3 != 0)
            if suits_held > 1:  # a set: the missing suit of its rank
                rank_bits = s0 | s1 | s2 | s3
                for s in range(4):
                    bit = rank_bits << (13 * s)
                    if not mm & bit and defender & bit:
                        opts.append(bit)
            else:
                s = 0 if s0 else 1 if s1 else 2 if s2 else 3
                seg = mm >> (13 * s)
                lo = (seg & -seg).bit_length() - 1
                hi = seg.bit_length() - 1
                base = 13 * s
                down = []
                r = lo - 1
                while r >= 0 and defender >> (base + r) & 1:
                    down.append(1 << (base + r))
                    r -= 1
                up = []
                r = hi + 1
                while r <= 12 and defender >> (base + r) & 1:
                    up.append(1 << (base + r))
                    r += 1
                dsum = [0]
                for b in down:
                    dsum.append(dsum[-1] | b)
                usum = [0]
                for b in up:
                    usum.append(usum[-1] | b)
                for a in dsum:
                    for b in usum:
                        if a | b:
                            opts.append(a | b)
            per.append(opts)
        if all(len(o) == 1 for o in per):
            return [0]
        out = []
        for combo in itertools.product(*per):
            acc = 0
            ok = True
            for x in combo:
                if acc & x:
                    ok = False
                    break
                acc |= x
            if ok:
                out.append(acc)
        return out

    def defender_deadwood(self, melds: tuple[int, ...], defender: int) -> tuple[int, int]:
        """``(deadwood, laid-off mask)`` of the defender's best arrangement with lay-offs."""
        best = -1
        laid = 0
        obj = self.obj
        for lay in self.layoff_options(melds, defender):
            d = obj(defender & ~lay) // BIG
            if best < 0 or d < best or (d == best and lay.bit_count() > laid.bit_count()):
                best, laid = d, lay  # ties: lay off more cards, as the engine does
        return best, laid

    def showdown(self, knocker: int, defender: int, *, mult: int = 1) -> Outcome:
        """Score a knock or gin of ``knocker`` (10 cards, or 11 for big gin) against
        ``defender``, as :func:`rummy_lab.gin.showdown` does.

        :param mult: 2 when an Oklahoma spade upcard doubles the hand.
        """
        r = self.rules
        k_dw = self.deadwood(knocker)
        d_plain = self.deadwood(defender)
        bonus_mult = mult if r.spade_doubles_bonuses else 1
        if knocker.bit_count() == 11:
            assert r.big_gin_bonus is not None
            return Outcome("big_gin", d_plain * mult + r.big_gin_bonus * bonus_mult, 0, d_plain)
        if k_dw == 0:
            return Outcome("gin", d_plain * mult + r.gin_bonus * bonus_mult, 0, d_plain)
        best: tuple[int, int] | None = None
        for melds in self.arrangements(knocker):
            d, lay = self.defender_deadwood(melds, defender)
            if best is None or d > best[0]:
                best = (d, lay)
        assert best is not None
        d_dw, lay = best
        if k_dw == d_dw and not r.tie_is_undercut:
            return Outcome("tie", 0, k_dw, d_dw, lay)
        if k_dw < d_dw:
            return Outcome("knock", (d_dw - k_dw) * mult, k_dw, d_dw, lay)
        pts = (k_dw - d_dw) * mult + r.undercut_bonus * bonus_mult
        return Outcome("undercut", -pts, k_dw, d_dw, lay)

    def knock_points(self, knocker: int, defender: int, mult: int = 1) -> int:
        """Points to the knocker of a showdown (negative when undercut)."""
        return self.showdown(knocker, defender, mult=mult).knocker_points


@lru_cache(maxsize=8)
def kit_for(rules: Rules) -> GinKit:
    """The shared :class:`GinKit` of these rules."""
    return GinKit(rules)


# --------------------------------------------------------------------------- set choices

def _run_segments(
    table: tuple[int, ...], values: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """For every 13-bit suit holding, the runs of a best run-only arrangement (masks of
    touching runs merged), agreeing with the solver's table on the objective."""
    cost = [v * BIG + 1 for v in values]
    out: list[tuple[int, ...]] = []
    for m in range(1 << 13):
        # f[i]: best objective of the cards at ranks i..12; choice[i]: run length at i or 0
        f = [0] * 14
        choice = [0] * 14
        for i in range(12, -1, -1):
            if not m >> i & 1:
                f[i] = f[i + 1]
                continue
            best = cost[i] + f[i + 1]
            pick = 0
            for length in (3, 4, 5):
                if i + length > 13:
                    break
                seg = ((1 << length) - 1) << i
                if m & seg != seg:
                    break
                v = f[i + length]
                if v < best:
                    best, pick = v, length
            f[i] = best
            choice[i] = pick
        if f[0] != table[m]:  # pragma: no cover - the two searches agree
            raise AssertionError(f"run table mismatch at suit mask {m:#x}")
        segs: list[int] = []
        i = 0
        while i < 13:
            if m >> i & 1 and choice[i]:
                seg = ((1 << choice[i]) - 1) << i
                if segs and segs[-1] >> (i - 1) & 1:
                    segs[-1] |= seg
                else:
                    segs.append(seg)
                i += choice[i]
            else:
                i += 1
        out.append(tuple(segs))
    return tuple(out)
