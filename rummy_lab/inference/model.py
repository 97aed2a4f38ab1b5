"""The behaviour model: how likely each observed choice is, given the hand it was made with.

Why: a discard, a take or a pass says something about the cards behind it only through a
model of how players choose. This one is deliberately simple, so a learner can state it in
a sentence and check it against play:

* **Discards.** Each card the player holds gets a *keep score*: high when it sits in a meld
  with their other cards (a set, or a run of three), lower when it only has a partner (a
  pair, or a card of its suit one or two ranks away), lower still the more points it
  would count as deadwood; jokers and Indian wild cards are kept. The player throws card
  ``x`` with probability proportional to ``exp(-keep(x))`` (a softmax whose temperature
  is folded into the weights): usually the least useful card, sometimes another.
* **Taking a discard** (or the upcard) instead of drawing blind: a logistic choice,
  likely when the card melds with their cards (or can be laid off on the table), less so
  when it only makes a pair, unlikely otherwise.
* **Basic Rummy and Rummy 500:** a player who stops melding and laying off to discard is
  unlikely to be holding a meld or a card that fits a table meld.
* **Gin:** a player who discards without knocking is unlikely to have been able to knock
  (deadwood at most the knock limit after the discard).

The weights of each variant family were fitted by maximum likelihood to the choices of the
bundled greedy bots in self-play (``python benchmarks/bench_inference.py --fit``); the
features are what such players look at, so the model fits them well. It is wrong, and
the docs show how, for players who keep a card to bait a discard, throw a card next to
their run on purpose, or collect high cards for points: its inferences are then confident
and off.

Everything is vectorised with numpy over many hypothetical hands at once (one row per
hand, one column per card type), which is what keeps inference fast.

>>> params_for(get_rules("gin")).knock
0.98
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..engine.cards import Card
from ..engine.masks import kernel, suit_run_table
from ..engine.rules import Rules, Variant, get_rules  # noqa: F401 (doctests)
from ..engine.state import TableMeld
from ..engine.variants.tabled import extend_meld
from .tracking import CARD_TYPES

__all__ = [
    "KINDS",
    "BehaviourParams",
    "FeatureTable",
    "HandTracker",
    "Masks",
    "discard_loglik",
    "draw_loglik",
    "feature_table",
    "gin_deadwood",
    "hand_features",
    "hand_masks",
    "keep_at",
    "keep_scores",
    "kind_params",
    "layoff_array",
    "layoff_mask",
    "meld_features",
    "offer_melds",
    "params_for",
    "stay_loglik",
    "stop_loglik",
    "take_logit",
    "usable",
]

Counts = npt.NDArray[np.int16]
M13 = 0x1FFF
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class BehaviourParams:
    """The weights of the behaviour model for one variant family.

    Discard keep score: ``keep_meld * in_meld + keep_near * partner_only
    - keep_value * points / 10 + keep_joker * is_joker``. Take: the log-odds
    ``take_bias + take_meld * melds + take_near * partner_only + take_layoff * fits_table
    + take_value * points / 10 + take_joker * is_joker``. Stopping (table variants):
    log-probability ``-(stop_meld * cards_in_melds + stop_layoff * cards_that_fit)``. Gin:
    a player who may knock does so with probability ``knock``.

    >>> BehaviourParams().keep_meld > BehaviourParams().keep_near > 0
    True
    """

    keep_meld: float = 4.0
    keep_near: float = 1.2
    keep_value: float = 2.0
    keep_joker: float = 6.0
    take_bias: float = -3.0
    take_meld: float = 4.5
    take_near: float = 0.8
    take_layoff: float = 4.0
    take_value: float = 0.0
    take_joker: float = 4.0
    stop_meld: float = 3.0
    stop_layoff: float = 3.0
    knock: float = 0.98


_FITTED: dict[Variant, BehaviourParams] = {
    # Fitted to the greedy bots' self-play, 200 two-player hands each (seeds 10000-10199):
    # python benchmarks/bench_inference.py --fit
    Variant.GIN: BehaviourParams(
        keep_meld=8.108, keep_near=0.511, keep_value=13.314, keep_joker=0.0,
        take_bias=-3.718, take_meld=6.855, take_near=-1.952, take_layoff=0.0,
        take_value=-1.002, take_joker=0.0,
    ),
    Variant.BASIC: BehaviourParams(
        keep_meld=0.0, keep_near=0.61, keep_value=14.466, keep_joker=0.0,
        take_bias=-4.111, take_meld=8.561, take_near=-1.075, take_layoff=0.0,
        take_value=-1.891, take_joker=0.0,
    ),
    Variant.RUMMY500: BehaviourParams(
        keep_meld=0.0, keep_near=0.475, keep_value=20.368, keep_joker=0.0,
        take_bias=-4.275, take_meld=9.368, take_near=0.052, take_layoff=5.78,
        take_value=-0.866, take_joker=0.0,
    ),
    Variant.INDIAN: BehaviourParams(
        keep_meld=2.119, keep_near=0.641, keep_value=2.544, keep_joker=4.049,
        take_bias=-2.474, take_meld=2.504, take_near=1.097, take_layoff=0.0,
        take_value=-0.324, take_joker=4.064,
    ),
}


KINDS = ("expert", "greedy", "simple", "random")
"""The kinds of player the behaviour model tells apart (``"simple"``: Gin only)."""

_KIND_FITTED: dict[Variant, dict[str, BehaviourParams]] = {
    # Fitted to each kind's self-play (seeds 10000 and up), as the greedy weights are:
    # the EAAI challenge's SimpleGinRummyPlayer over 200 Gin hands, ExpertBot over 40 Gin
    # hands (it is slow to play): python benchmarks/bench_inference.py --fit-kinds
    Variant.RUMMY500: {  # ExpertBot, 100 hands: it keeps high cards for their points
        "expert": BehaviourParams(
            keep_meld=0.022, keep_near=-0.004, keep_value=-2.11, keep_joker=0.0,
            take_bias=-4.985, take_meld=6.923, take_near=-0.158, take_layoff=4.34,
            take_value=0.807, take_joker=0.0,
        ),
    },
    Variant.INDIAN: {  # ExpertBot, 10 hands
        "expert": BehaviourParams(
            keep_meld=1.413, keep_near=0.421, keep_value=2.219, keep_joker=1.311,
            take_bias=-0.895, take_meld=0.011, take_near=-0.399, take_layoff=0.0,
            take_value=-0.106, take_joker=0.578,
        ),
    },
    Variant.GIN: {
        "expert": BehaviourParams(
            keep_meld=6.999, keep_near=0.983, keep_value=5.413, keep_joker=0.0,
            take_bias=-2.523, take_meld=4.711, take_near=-0.642, take_layoff=0.0,
            take_value=-0.941, take_joker=0.0,
        ),
        "simple": BehaviourParams(
            keep_meld=7.138, keep_near=0.304, keep_value=12.874, keep_joker=0.0,
            take_bias=-2.891, take_meld=8.405, take_near=-2.052, take_layoff=0.0,
            take_value=-1.892, take_joker=0.0, knock=0.995,
        ),
    },
}


def kind_params(rules: Rules) -> tuple[tuple[str, BehaviourParams | None], ...]:
    """The kinds of player the behaviour model weighs for a variant, with their weights.

    Each kind's discard and take weights were fitted to that kind's own self-play;
    ``None`` is a player who picks a legal move at random (its choices say nothing about
    its cards). A kind not fitted for a variant is left out (the EAAI challenge's simple
    player plays Gin only).

    >>> [name for name, _ in kind_params(get_rules("gin"))]
    ['expert', 'greedy', 'simple', 'random']
    >>> [name for name, _ in kind_params(get_rules("indian"))]
    ['expert', 'greedy', 'random']
    >>> [name for name, _ in kind_params(get_rules("basic"))]
    ['greedy', 'random']
    """
    fitted = _KIND_FITTED.get(rules.variant, {})
    out: list[tuple[str, BehaviourParams | None]] = []
    for name in KINDS:
        if name == "greedy":
            out.append((name, params_for(rules)))
        elif name == "random":
            out.append((name, None))
        elif name in fitted:
            out.append((name, fitted[name]))
    return tuple(out)


def params_for(rules: Rules) -> BehaviourParams:
    """The fitted behaviour weights for a variant.

    >>> params_for(get_rules("500")) == params_for(get_rules("500-pagat"))
    True
    """
    return _FITTED[rules.variant]


# --------------------------------------------------------------------------- card tables


@dataclass(frozen=True, eq=False)
class FeatureTable:
    """Per card type, what the features need: suit, grid column, value, joker flag.

    :ivar values: deadwood points by card type (wild cards 0 in Indian Rummy).
    :ivar joker: True for printed jokers and, in Indian Rummy, the wild rank.
    :ivar ace_high: whether Q-K-A is a run.
    :ivar distinct: whether a set needs distinct suits.
    :ivar jokers_in_play: whether any card plays as a joker.
    """

    values: Floats
    joker: Bools
    ace_high: bool
    distinct: bool
    jokers_in_play: bool


@lru_cache(maxsize=64)
def feature_table(rules: Rules, wild_rank: int | None) -> FeatureTable:
    """The card-type table for ``rules`` (cached).

    >>> t = feature_table(get_rules("indian"), 7)
    >>> bool(t.joker[52]), bool(t.joker[6]), float(t.values[6]), float(t.values[0])
    (True, True, 0.0, 10.0)
    """
    values = np.zeros(CARD_TYPES)
    joker = np.zeros(CARD_TYPES, dtype=bool)
    for i in range(CARD_TYPES):
        card = Card(0) if i == 52 else Card(i % 13 + 1, "SHDC"[i // 13])
        values[i] = rules.card_value(card, wild_rank)
        joker[i] = card.is_joker or (wild_rank is not None and card.rank == wild_rank)
    jokers_in_play = bool(rules.printed_jokers) or wild_rank is not None
    return FeatureTable(values, joker, rules.ace_high, rules.set_distinct_suits, jokers_in_play)


_BITS = (1 << np.arange(1, 14, dtype=np.int64))[None, None, :]
_WEIGHTS = (1 << np.arange(1, 14)).astype(np.float64)
_EXPAND = ((np.arange(1 << 14)[:, None] >> np.arange(1, 14)) & 1).astype(bool)
"""Bit pattern (ranks at bits 1..13) -> 13 booleans, by table look-up."""


@dataclass(frozen=True)
class Masks:
    """Many hands as per-suit bitmasks (bit ``r`` for rank ``r``; bit 14 an ace played
    high): what the meld features are computed from.

    :ivar present: (hands, 4) suits' masks of the natural cards held (jokers apart).
    :ivar counts: (hands, 4, 13) natural card counts, for sets that may repeat a card.
    :ivar jokers: (hands,) cards that play as jokers.
    """

    present: npt.NDArray[np.int64]
    counts: Counts
    jokers: Counts


def hand_masks(counts: Counts, table: FeatureTable) -> Masks:
    """The :class:`Masks` of card-count rows (hands x 53).

    >>> from rummy_lab.engine.cards import parse_cards
    >>> m = hand_masks(_rows("AS 2S KS JK"), feature_table(get_rules("500", jokers=2), None))
    >>> bin(int(m.present[0, 0])), int(m.jokers[0])
    ('0b110000000000110', 1)
    """
    n = counts.shape[0]
    if table.jokers_in_play:
        jokers = counts[:, table.joker].sum(axis=1).astype(np.int16)
        nat = np.where(table.joker[None, :52], 0, counts[:, :52]).reshape(n, 4, 13)
    else:
        jokers = np.zeros(n, dtype=np.int16)
        nat = counts[:, :52].reshape(n, 4, 13)
    present = ((nat > 0).astype(np.float64) @ _WEIGHTS).astype(np.int64)
    if table.ace_high:
        present |= (present & 2) << 13
    return Masks(present, nat, jokers)


class HandTracker:
    """Many hands' card counts and :class:`Masks`, kept up to date card by card.

    The backward pass over a player's history (:func:`rummy_lab.inference.sampling.
    history_loglik`) changes one card of every hand per step; updating the suit masks
    of that card alone is far cheaper than rebuilding them from the counts each step.

    >>> t = feature_table(get_rules("gin"), None)
    >>> trk = HandTracker(_rows("7S 8S|KD 2C"), t)
    >>> trk.change(Card.parse("9S").index, 1)
    >>> gone = np.array([Card.parse("7S").index, Card.parse("2C").index])
    >>> trk.change_rows(np.arange(2), gone, -1)
    >>> [bin(int(x)) for x in trk.masks().present[:, 0]], trk.masks().present[1, 3]
    (['0b1100000000', '0b1000000000'], np.int64(0))
    """

    def __init__(self, counts: Counts, table: FeatureTable) -> None:
        self.counts = counts
        self.table = table
        first = hand_masks(counts, table)
        self.present = first.present.copy()
        self.jokers = first.jokers.astype(np.int16)
        self._bits, self._suits = _type_bits(table)

    def change(self, card: int, delta: int) -> None:
        """Add ``delta`` copies of card type ``card`` to every hand."""
        self.counts[:, card] += delta
        if self.table.joker[card]:
            self.jokers += delta
            return
        su, bit = int(self._suits[card]), int(self._bits[card])
        col = self.present[:, su]
        self.present[:, su] = np.where(self.counts[:, card] > 0, col | bit, col & ~bit)

    def change_rows(self, rows: npt.NDArray[np.int64], cards: npt.NDArray[np.int64],
                    delta: int) -> None:
        """Add ``delta`` copies of ``cards[i]`` to hand ``rows[i]`` (distinct rows)."""
        self.counts[rows, cards] += delta
        bits = self._bits[cards]
        suits = self._suits[cards]
        cur = self.present[rows, suits]
        self.present[rows, suits] = np.where(self.counts[rows, cards] > 0, cur | bits,
                                             cur & ~bits)
        if self.table.jokers_in_play:
            self.jokers[rows] += (delta * self.table.joker[cards]).astype(np.int16)

    def masks(self) -> Masks:
        """The hands' :class:`Masks` now (valid until the next change)."""
        n = self.counts.shape[0]
        if self.table.jokers_in_play:
            nat = np.where(self.table.joker[None, :52], 0, self.counts[:, :52]).reshape(n, 4, 13)
        else:
            nat = self.counts[:, :52].reshape(n, 4, 13)
        return Masks(self.present, nat, self.jokers)


@lru_cache(maxsize=64)
def _type_bits(table: FeatureTable) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Per card type: its bit in its suit's mask (both ace bits when aces play high; 0
    for a card playing as a joker) and its suit."""
    bits = np.zeros(CARD_TYPES, dtype=np.int64)
    suits = np.zeros(CARD_TYPES, dtype=np.int64)
    for i in range(52):
        suits[i] = i // 13
        if not table.joker[i]:
            rank = i % 13 + 1
            bits[i] = 1 << rank | (1 << 14 if rank == 1 and table.ace_high else 0)
    return bits, suits


def _expand(bits: npt.NDArray[np.int64]) -> Bools:
    """(hands, 4) masks -> (hands, 52) booleans (ranks 1..13 per suit)."""
    out: Bools = _EXPAND[bits].reshape(bits.shape[0], 52)
    return out


def _features_from(
    masks: Masks, table: FeatureTable, *, in_hand: bool
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(melds, partner) as (hands, 4) bitmasks over ranks 1..13."""
    m = masks.present
    up1, dn1, up2, dn2 = m << 1, m >> 1, m << 2, m >> 2
    run3 = (up1 & dn1) | (up1 & up2) | (dn1 & dn2)
    near = up1 | dn1 | up2 | dn2
    if table.ace_high:  # the ace's high place (bit 14) counts for the ace (bit 1)
        run3 |= (run3 >> 13) & 2
        near |= (near >> 13) & 2
    if table.distinct:
        a, b, c, d = m[:, 0], m[:, 1], m[:, 2], m[:, 3]
        others = [(b, c, d), (a, c, d), (a, b, d), (a, b, c)]
        two = np.stack([(x & y) | (x & z) | (y & z) for x, y, z in others], axis=1)
        one = np.stack([x | y | z for x, y, z in others], axis=1)
    else:
        total = masks.counts.sum(axis=1, keepdims=True) - (1 if in_hand else 0)
        two = ((total >= 2) * _BITS).sum(axis=2).repeat(4, axis=1)
        one = ((total >= 1) * _BITS).sum(axis=2).repeat(4, axis=1)
    melds = run3 | two
    near = near | one
    if table.jokers_in_play:
        j = masks.jokers[:, None]
        melds = np.where(j >= 2, -1, np.where(j >= 1, melds | near, melds))
    full = (1 << 14) - 2
    return melds & full, near & full


def meld_features(
    counts: Counts, table: FeatureTable, *, in_hand: bool
) -> tuple[Bools, Bools]:
    """For every natural card type and every hand: (melds, has a partner).

    ``melds``: the card would be in a meld with the other cards of the hand (a set of
    three, a run of three, or a pair or connector completed by a joker). ``has a
    partner``: a card of its rank (another suit where sets need distinct suits), or a card
    of its suit one or two ranks away. ``in_hand`` says the card is one of the hand's own
    cards (its own copy is then not its partner). Joker columns are False.

    >>> gin = feature_table(get_rules("gin"), None)
    >>> melds, near = meld_features(_rows("7S 8S 9S KD KC 2H"), gin, in_hand=True)
    >>> [bool(melds[0, Card.parse(t).index]) for t in ("8S", "KD", "2H", "10S")]
    [True, False, False, True]
    >>> [bool(near[0, Card.parse(t).index]) for t in ("KD", "2H", "JS")]
    [True, False, True]
    """
    masks = hand_masks(counts, table)
    melds, near = _features_from(masks, table, in_hand=in_hand)
    n = counts.shape[0]
    out_m = np.zeros((n, CARD_TYPES), dtype=bool)
    out_n = np.zeros((n, CARD_TYPES), dtype=bool)
    out_m[:, :52] = _expand(melds)
    out_n[:, :52] = _expand(near)
    out_m[:, table.joker] = False
    out_n[:, table.joker] = False
    return out_m, out_n


def hand_features(
    masks: Masks, table: FeatureTable
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(melds, partner) suit masks (hands x 4) of the hands' own cards: what
    :func:`discard_loglik` and :func:`stop_loglik` read, computed once for several
    kinds of player.

    >>> t = feature_table(get_rules("gin"), None)
    >>> m, n = hand_features(hand_masks(_rows("7S 8S 9S"), t), t)
    >>> [r for r in range(1, 14) if m[0, 0] >> r & 1]
    [6, 7, 8, 9, 10]
    """
    return _features_from(masks, table, in_hand=True)


def offer_melds(counts: Counts, table: FeatureTable) -> npt.NDArray[np.int64]:
    """Per hand, (hands, 4) suit masks (bit ``r`` for rank ``r``) of the natural cards
    that would make a meld with the hand if offered: :func:`usable` for every natural
    card at once.

    >>> m = offer_melds(_rows("7S 8S"), feature_table(get_rules("gin"), None))
    >>> [r for r in range(1, 14) if m[0, 0] >> r & 1]
    [6, 9]
    """
    melds, _ = _features_from(hand_masks(counts, table), table, in_hand=False)
    return melds


def _card_features(
    counts: Counts, card: int, table: FeatureTable
) -> tuple[Bools, Bools]:
    """:func:`meld_features` of one natural card that is not in the hand (offered)."""
    masks = hand_masks(counts, table)
    melds, near = _features_from(masks, table, in_hand=False)
    suit, bit = divmod(card, 13)
    shift = bit + 1
    return ((melds[:, suit] >> shift) & 1).astype(bool), ((near[:, suit] >> shift) & 1).astype(
        bool
    )


def _rows(text: str) -> Counts:
    """Doctest helper: one count row per ``|``-separated hand."""
    from ..engine.cards import parse_cards

    hands = text.split("|")
    out = np.zeros((len(hands), CARD_TYPES), dtype=np.int16)
    for row, h in enumerate(hands):
        for c in parse_cards(h):
            out[row, c.index] += 1
    return out


def usable(counts: Counts, card: Card, table: FeatureTable, fits: bool) -> Bools:
    """Per hand: could the holder meld ``card`` with their cards (or lay it off: ``fits``)?

    A joker is usable with any partnered pair of naturals or another joker.

    >>> usable(_rows("7S 8S|7H 8S"), Card.parse("9S"), feature_table(get_rules("gin"), None),
    ...        False).tolist()
    [True, False]
    """
    n = counts.shape[0]
    if fits:
        return np.ones(n, dtype=bool)
    i = card.index
    if table.joker[i]:
        _, near = meld_features(counts, table, in_hand=True)
        held = counts > 0
        pair = (near & held).any(axis=1)
        others = counts[:, table.joker].sum(axis=1) >= 1
        out: Bools = pair | others
        return out
    melds, _ = _card_features(counts, i, table)
    return melds


# --------------------------------------------------------------------------- table lay-offs


@lru_cache(maxsize=512)
def layoff_mask(table_melds: tuple[TableMeld, ...], rules: Rules) -> tuple[bool, ...]:
    """Per card type: can one card of that type be laid off on some table meld?

    >>> from rummy_lab.engine.cards import parse_cards
    >>> m = TableMeld(1, parse_cards("5H 6H 7H"), "run", (1, 1, 1))
    >>> mask = layoff_mask((m,), get_rules("basic"))
    >>> mask[Card.parse("8H").index], mask[Card.parse("9H").index]
    (True, False)
    """
    out = [False] * CARD_TYPES
    for m in table_melds:
        naturals = [c for c in m.cards if not c.is_joker]
        if not naturals:
            continue
        if m.kind == "set":
            rank = naturals[0].rank
            candidates = [Card(rank, s) for s in "SHDC"]
        else:
            suit = naturals[0].suit
            candidates = [Card(r, suit) for r in range(1, 14)]
        if rules.printed_jokers:
            candidates.append(Card(0))
        for c in candidates:
            if not out[c.index] and extend_meld(m, (c,), 0, rules) is not None:
                out[c.index] = True
    return tuple(out)


def layoff_array(table_melds: tuple[TableMeld, ...], rules: Rules, allowed: bool) -> Bools:
    """:func:`layoff_mask` as a boolean array; all False when laying off is not allowed.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> m = TableMeld(1, parse_cards("5H 6H 7H"), "run", (1, 1, 1))
    >>> int(layoff_array((m,), get_rules("basic"), True).sum()), bool(
    ...     layoff_array((m,), get_rules("basic"), False).any())
    (2, False)
    """
    if not allowed or not table_melds:
        return np.zeros(CARD_TYPES, dtype=bool)
    return np.array(layoff_mask(table_melds, rules), dtype=bool)


# --------------------------------------------------------------------------- likelihoods


def _log_sigmoid(z: Floats) -> Floats:
    out: Floats = -np.logaddexp(0.0, -z)
    return out


_FULL = (1 << 14) - 2  # bits 1..13
_POPCOUNT = np.array([bin(i).count("1") for i in range(1 << 14)], dtype=np.int64)


def _popcount(bits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    out: npt.NDArray[np.int64] = _POPCOUNT[bits & _FULL]
    return out


def _suit_bits(cards: Bools) -> npt.NDArray[np.int64]:
    """A 53-long boolean card vector -> 4 suit masks (bits 1..13)."""
    out: npt.NDArray[np.int64] = (
        cards[:52].reshape(4, 13).astype(np.float64) @ _WEIGHTS
    ).astype(np.int64)
    return out


def draw_loglik(
    counts: Counts,
    card: Card,
    above: Sequence[Card],
    took: bool,
    fits: bool,
    table: FeatureTable,
    params: BehaviourParams,
    masks: Masks | None = None,
) -> Floats:
    """Log-probability per hand of taking (or not taking) ``card`` from the discard pile.

    ``counts`` are the hands before the draw; ``above`` the cards taken with it (Rummy
    500 deep picks); ``fits`` whether it could be laid off on the table.

    >>> p = np.exp(draw_loglik(_rows("7S 8S|7H 8S"), Card.parse("9S"), (), True, False,
    ...                        feature_table(get_rules("gin"), None), params_for(get_rules("gin"))))
    >>> bool(p[0] > 0.5 > p[1])
    True
    """
    if above:
        counts = counts.copy()
        for c in above:
            counts[:, c.index] += 1
        masks = None
    z = take_logit(masks or hand_masks(counts, table), card, fits, table, params)
    return _log_sigmoid(z if took else -z)


def take_logit(
    masks: Masks, card: Card, fits: bool, table: FeatureTable, params: BehaviourParams
) -> Floats:
    """The log-odds per hand of taking ``card`` rather than drawing blind.

    >>> t, gin = feature_table(get_rules("gin"), None), get_rules("gin")
    >>> z = take_logit(hand_masks(_rows("7S 8S|KD 2C"), t), Card.parse("9S"), False, t,
    ...                params_for(gin))
    >>> bool(z[0] > 0 > z[1])
    True
    """
    i = card.index
    rows = masks.present.shape[0]
    if table.joker[i]:
        return np.full(rows, params.take_bias + params.take_joker + params.take_layoff * fits)
    melds, near = _features_from(masks, table, in_hand=False)
    suit, bit = divmod(i, 13)
    m = (melds[:, suit] >> (bit + 1)) & 1
    nb = ((near[:, suit] >> (bit + 1)) & 1) & (1 - m)
    out: Floats = (
        params.take_bias
        + params.take_meld * m
        + params.take_near * nb
        + params.take_layoff * fits
        + params.take_value * table.values[i] / 10.0
    )
    return out


def keep_scores(masks: Masks, table: FeatureTable, params: BehaviourParams) -> Floats:
    """The discard model's keep score of every card type for each hand (hands x 53).

    >>> t = feature_table(get_rules("gin"), None)
    >>> k = keep_scores(hand_masks(_rows("7S 8S 9S KD 2H"), t), t, params_for(get_rules("gin")))
    >>> [round(float(k[0, Card.parse(c).index]), 2) for c in ("8S", "2H", "KD")]
    [-2.54, -2.66, -13.31]
    """
    every = np.broadcast_to(np.arange(CARD_TYPES), (masks.present.shape[0], CARD_TYPES))
    return keep_at(masks, table, params, every)


def keep_at(masks: Masks, table: FeatureTable, params: BehaviourParams,
            cards: npt.NDArray[np.int64]) -> Floats:
    """The keep scores (:func:`keep_scores`) of the card types ``cards`` (hands x k) only:
    what the loose, partner or meld features and the card's value and joker terms give.

    >>> t, gin = feature_table(get_rules("gin"), None), get_rules("gin")
    >>> m, p = hand_masks(_rows("7S 8S 9S KD 2H"), t), params_for(gin)
    >>> cols = np.array([[Card.parse(c).index for c in ("8S", "2H", "KD")]])
    >>> bool((keep_at(m, t, p, cols) == np.take_along_axis(keep_scores(m, t, p), cols, 1)).all())
    True
    """
    melds, near = _features_from(masks, table, in_hand=True)
    rows = np.arange(cards.shape[0])[:, None]
    suit, bit = np.divmod(np.minimum(cards, 51), 13)
    m = (melds[rows, suit] >> (bit + 1)) & 1
    nb = ((near[rows, suit] >> (bit + 1)) & 1) & (1 - m)
    natural = (cards < 52) & ~table.joker[cards]
    features = np.where(natural, params.keep_meld * m + params.keep_near * nb, 0.0)
    out: Floats = features + (-params.keep_value * table.values[cards] / 10.0
                              + params.keep_joker * table.joker[cards])
    return out


@dataclass(frozen=True, eq=False)
class _DiscardFactors:
    code: Floats  # exp(-keep) by feature code: 0 loose, 1 partner only, 2 in a meld
    column: Floats  # exp(value and joker terms) by card type
    suit_sums: Floats  # (4, 2**14): sum of ``column`` over the ranks of a suit mask
    joker_types: npt.NDArray[np.int64]  # the card types that play as jokers


@lru_cache(maxsize=64)
def _discard_factors(table: FeatureTable, params: BehaviourParams) -> _DiscardFactors:
    code = np.exp(-np.array([0.0, params.keep_near, params.keep_meld]))
    column = np.exp(params.keep_value * table.values / 10.0 - params.keep_joker * table.joker)
    natural = np.where(table.joker[:52], 0.0, column[:52]).reshape(4, 13)
    bits = (np.arange(1 << 14)[:, None] >> np.arange(1, 14)) & 1  # (2**14, 13)
    suit_sums: Floats = (bits.astype(np.float64) @ natural.T).T  # (4, 2**14)
    return _DiscardFactors(code, column, suit_sums, np.nonzero(table.joker)[0])


def discard_loglik(
    counts: Counts,
    card: Card,
    banned: Sequence[Card],
    table: FeatureTable,
    params: BehaviourParams,
    masks: Masks | None = None,
    features: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None = None,
) -> Floats:
    """Log-probability per hand of throwing ``card`` (the softmax over held cards).

    ``counts`` are the hands just before the discard (they hold ``card``); ``banned``
    cards could not be thrown (taken from the pile this turn). ``features``: the hands'
    in-hand meld features (:func:`hand_features`), when already computed.

    >>> gin = get_rules("gin")
    >>> p = np.exp(discard_loglik(_rows("KD 7S 8S 9S 2H|KD KS KH 3C 2H"), Card.parse("KD"), (),
    ...                           feature_table(gin, None), params_for(gin)))
    >>> bool(p[0] > 0.5 > p[1])
    True
    """
    if masks is None:
        masks = hand_masks(counts, table)
    f = _discard_factors(table, params)
    melds, near = features or _features_from(masks, table, in_hand=True)
    held = masks.present & _FULL
    joker_held = counts[:, f.joker_types] > 0
    if banned:
        ban = np.zeros(CARD_TYPES, dtype=bool)
        for c in banned:
            ban[c.index] = True
        bits = _suit_bits(ban)[None, :]
        jok = ban[f.joker_types][None, :]
        left = ((held & ~bits) != 0).any(axis=1) | (joker_held & ~jok).any(axis=1)
        held = np.where(left[:, None], held & ~bits, held)
        joker_held = np.where(left[:, None], joker_held & ~jok, joker_held)
    sums = f.suit_sums
    s = np.arange(4)[None, :]
    total = (
        f.code[0] * sums[s, held & ~near & ~melds]
        + f.code[1] * sums[s, held & near & ~melds]
        + f.code[2] * sums[s, held & melds]
    ).sum(axis=1)
    if f.joker_types.size:
        total = total + (joker_held * f.column[f.joker_types][None, :]).sum(axis=1)
    i = card.index
    if table.joker[i]:
        chosen = np.full(counts.shape[0], f.column[i])
    else:
        suit, bit = divmod(i, 13)
        m = (melds[:, suit] >> (bit + 1)) & 1
        nb = ((near[:, suit] >> (bit + 1)) & 1) & (1 - m)
        chosen = f.code[np.where(m == 1, 2, nb)] * f.column[i]
    out: Floats = np.log(chosen) - np.log(total)
    return out


def stop_loglik(
    counts: Counts,
    fits: Bools,
    table: FeatureTable,
    params: BehaviourParams,
    masks: Masks | None = None,
    features: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None = None,
) -> Floats:
    """Log-probability per hand of stopping to discard while holding these cards.

    Every held card type in a meld, or that fits a table meld (``fits``), counts against.

    >>> t = feature_table(get_rules("basic"), None)
    >>> ll = stop_loglik(_rows("7S 8S 9S 2H|7S 8S KD 2H"), np.zeros(53, dtype=bool), t,
    ...                  params_for(get_rules("basic")))
    >>> bool(ll[0] < ll[1] == 0)
    True
    """
    if masks is None:
        masks = hand_masks(counts, table)
    melds, _ = features or _features_from(masks, table, in_hand=True)
    held = masks.present & _FULL
    n_meld = _popcount(held & melds).sum(axis=1)
    n_fit = _popcount(held & _suit_bits(fits)[None, :] & ~melds).sum(axis=1)
    out: Floats = -(params.stop_meld * n_meld + params.stop_layoff * n_fit)
    return out


# --------------------------------------------------------------------------- gin deadwood


@lru_cache(maxsize=8)
def _gin_table(rules: Rules) -> npt.NDArray[np.int64]:
    return np.array(suit_run_table(rules), dtype=np.int64)


def gin_deadwood(
    counts: Counts, rules: Rules, limit: int | None = None,
    *, suit_masks: npt.NDArray[np.int64] | None = None,
) -> npt.NDArray[np.int64]:
    """Exact deadwood of many one-deck jokerless hands at once (Gin).

    Runs come from the bitmask kernel's per-suit table (:mod:`rummy_lab.engine.masks`); a
    rank held in three or four suits is tried as a set the way the kernel does, vectorised,
    and the rare hand with two such ranks is handed to the kernel itself. With ``limit``, only
    whether each deadwood is at most the limit is exact (enough for knock checks).

    >>> gin_deadwood(_rows("7S 7H 7D 4C 5C 6C 7C KD QH 2S"), get_rules("gin")).tolist()
    [22]
    """
    table = _gin_table(rules)
    if suit_masks is not None:  # the same masks, already at hand
        masks = suit_masks
    else:
        pres = (counts[:, :52] > 0).reshape(-1, 4, 13).astype(np.float64)
        masks = (pres @ (_WEIGHTS / 2)).astype(np.int64)  # (hands, 4), bit r-1 for rank r
    s0, s1, s2, s3 = masks[:, 0], masks[:, 1], masks[:, 2], masks[:, 3]
    t = table[masks]
    base = t.sum(axis=1)
    trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    best = base.copy()
    single = (trip != 0) & ((trip & (trip - 1)) == 0)
    if single.any():
        idx = np.nonzero(single)[0]
        bit = trip[idx][:, None]
        m = masks[idx]
        has = (m & bit) != 0
        t_in = t[idx]
        u = np.where(has, table[m & ~bit], t_in)
        all_in = u.sum(axis=1)
        cand = np.minimum(best[idx], all_in)
        four = has.all(axis=1)
        for su in range(4):  # leave one suit out of a four-card set
            alt = all_in - u[:, su] + t_in[:, su]
            cand = np.where(four, np.minimum(cand, alt), cand)
        best[idx] = cand
    out: npt.NDArray[np.int64] = best // 128
    multi = (trip != 0) & ~single
    if limit is not None:
        multi &= out > limit  # runs alone already within the limit: nothing to refine
        if multi.any():  # sets take out at most the cards of those ranks
            multi &= out - _rank_points(rules)[masks & trip[:, None]].sum(axis=1) <= limit
    if multi.any():
        idx = np.nonzero(multi)[0]
        out[idx] = _multi_sets(masks[idx], trip[idx], table) // 128
        rest = idx[(trip[idx] & ~_lowest_bits(trip[idx], 3)) != 0]
        for i, row in zip(rest.tolist(), masks[rest].tolist(), strict=True):
            out[i] = _sets_deadwood(tuple(row), rules) // 128  # four ranks of sets
    return out


_SET_OPTIONS = np.array([[False] * 4, [True] * 4, *(np.arange(4) != s for s in range(4))])
"""Per rank that could make a set, which held suits go into it: none, all, or all but
one suit (the last four only when all four are held)."""


@lru_cache(maxsize=8)
def _rank_points(rules: Rules) -> npt.NDArray[np.int64]:
    """Points of the cards of one suit held, by 13-bit mask (bit r-1 for rank r)."""
    table = _gin_table(rules)
    single = table[1 << np.arange(13)] // 128
    bits = (np.arange(1 << 13)[:, None] >> np.arange(13)) & 1
    out: npt.NDArray[np.int64] = bits @ single
    return out


def _lowest_bits(x: npt.NDArray[np.int64], k: int) -> npt.NDArray[np.int64]:
    """The ``k`` lowest set bits of each value."""
    out = np.zeros_like(x)
    rest = x.copy()
    for _ in range(k):
        low = rest & -rest
        out |= low
        rest &= ~low
    return out


def _multi_sets(masks: npt.NDArray[np.int64], trip: npt.NDArray[np.int64],
                table: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Best objective of hands (suit masks) with several ranks held in three or four suits:
    every choice of a set (or none) at up to three such ranks, the rest in runs, at once
    (the kernel's own search, vectorised)."""
    n = len(masks)
    removal = np.zeros((n, 1, 4), dtype=np.int64)
    rest = trip.copy()
    ranks = max(bin(int(t)).count("1") for t in np.unique(trip))
    for _ in range(min(ranks, 3)):
        bit = rest & -rest  # 0 once the ranks are used up: every option removes nothing
        rest &= ~bit
        held = (masks & bit[:, None]) != 0  # (n, 4)
        four = held.all(axis=1)
        opts = _SET_OPTIONS[None, :, :] & held[:, None, :]  # (n, 6, 4)
        opts[:, 2:, :] &= four[:, None, None]  # all but one suit: only from four
        rem = np.where(opts, bit[:, None, None], 0)
        removal = (removal[:, :, None, :] | rem[:, None, :, :]).reshape(n, -1, 4)
    got: npt.NDArray[np.int64] = table[masks[:, None, :] & ~removal].sum(axis=2).min(axis=1)
    return got


def _sets_deadwood(masks: tuple[int, ...], rules: Rules) -> int:
    """Best objective of a one-deck hand given as suit masks (bit r-1 for rank r), by the
    bitmask kernel (every choice of sets at the ranks held in three or four suits)."""
    s0, s1, s2, s3 = masks
    return kernel(rules).objective(s0 | s1 << 13 | s2 << 26 | s3 << 39)


def stay_loglik(counts: Counts, limit: int, rules: Rules, params: BehaviourParams,
                masks: Masks | None = None) -> Floats:
    """Gin: log-probability per hand (after its discard) of not having knocked.

    >>> hands = _rows("7S 8S 9S 2H 2D 2C 5C 6C 7C AD|KS QH JD 9C 7D 5S 3H 2C AH 4D")
    >>> gin = get_rules("gin")
    >>> np.round(np.exp(stay_loglik(hands, 10, gin, params_for(gin))), 2)
    array([0.02, 1.  ])
    """
    suits = None
    if masks is not None and not rules.ace_high:
        suits = (masks.present >> 1) & M13
    can = gin_deadwood(counts, rules, limit, suit_masks=suits) <= limit
    out: Floats = np.where(can, np.log1p(-params.knock), 0.0)
    return out
