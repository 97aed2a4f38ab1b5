"""Deadwood of many one-deck hands at once, vectorised with numpy.

Why: Monte Carlo questions ("how much deadwood does a dealt Gin hand carry?") need
millions of hands; the exact solver takes microseconds per hand, this takes well under
one per hand and gives the same numbers.

How: a hand becomes four 13-bit suit masks. With no sets, the best deadwood is the sum of
four look-ups in the bitmask kernel's per-suit run table (:func:`suit_run_table`). A rank holding
three or four cards may instead give a set (three of them, or all four); the rows that
have such ranks try every choice, vectorised over the rows, and keep the minimum.

>>> import numpy as np
>>> from rummy_lab import parse_cards
>>> hands = np.array([[c.index for c in parse_cards(h)] for h in
...     ("7S 7H 7D 4C 5C 6C 7C KD QH 2S", "AS 2S 3S 4H 5H 6H 9D 9C 9H KH")])
>>> batch_deadwood(hands)
array([22, 10], dtype=int32)
>>> deal_deadwood(5, seed=1).shape
(5,)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..engine.masks import BIG, kernel, suit_run_table
from ..engine.rules import Rules, RulesLike, get_rules

__all__ = ["batch_deadwood", "deal_deadwood", "deal_hands", "hands_to_masks"]

_RANK_BITS = 13
_FULL = (1 << _RANK_BITS) - 1


@lru_cache(maxsize=16)
def _table(rules: Rules) -> npt.NDArray[np.int32]:
    """The per-suit run table as a read-only numpy array (built once per rules)."""
    arr = np.asarray(suit_run_table(rules), dtype=np.int32)
    arr.setflags(write=False)
    return arr


def _check_rules(rules: RulesLike) -> Rules:
    r = get_rules(rules)
    if r.min_sequences or r.min_pure_sequences:
        raise ValueError(
            f"batch deadwood covers plain deadwood counting; rules {r.name!r} require "
            "sequences (Indian Rummy counting), use rummy_lab.engine.solver.deadwood"
        )
    return r


def hands_to_masks(hands: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Per-suit 13-bit masks, shape (N, 4), from card indices or a 0/1 card matrix.

    ``hands`` is either an (N, k) integer array of card indices 0..51 (one deck: suit
    S H D C times rank A..K, as ``Card.index``), or an (N, 52) 0/1 (or boolean) matrix.

    >>> hands_to_masks([[0, 1, 2, 13]]).tolist()  # AS 2S 3S AH
    [[7, 1, 0, 0]]
    >>> hands_to_masks([[0, 0, 5]])
    Traceback (most recent call last):
    ...
    ValueError: hand 0 holds a card twice (one deck, no duplicates)

    :raises ValueError: for a wrong shape, an index outside 0..51 or a repeated card.
    """
    arr = np.asarray(hands)
    if arr.ndim != 2:
        raise ValueError(f"hands must be a 2-D array (N, k) or (N, 52), got shape {arr.shape}")
    if arr.dtype == np.bool_ or (
        arr.shape[1] == 52 and arr.size and bool(((arr == 0) | (arr == 1)).all())
    ):
        if arr.shape[1] != 52:
            raise ValueError(f"a 0/1 hand matrix needs 52 columns, got {arr.shape[1]}")
        weights = (1 << np.arange(_RANK_BITS, dtype=np.int32)).astype(np.int32)
        m = arr.astype(np.int32).reshape(arr.shape[0], 4, _RANK_BITS)
        summed: npt.NDArray[np.int32] = (m * weights).sum(axis=2, dtype=np.int32)
        return summed
    if not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"card indices must be integers, got dtype {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise ValueError("card indices must be 0..51 (one deck, no jokers)")
    idx = arr.astype(np.int64)
    bits = np.left_shift(np.uint64(1), idx.astype(np.uint64))
    word = np.bitwise_or.reduce(bits, axis=1) if arr.shape[1] else np.zeros(len(arr), np.uint64)
    if arr.shape[1] and not np.array_equal(word, bits.sum(axis=1, dtype=np.uint64)):
        bad = int(np.nonzero(word != bits.sum(axis=1, dtype=np.uint64))[0][0])
        raise ValueError(f"hand {bad} holds a card twice (one deck, no duplicates)")
    out = np.empty((len(arr), 4), dtype=np.int32)
    for s in range(4):
        out[:, s] = ((word >> np.uint64(_RANK_BITS * s)) & np.uint64(_FULL)).astype(np.int32)
    return out


def _set_sizes(r: Rules) -> tuple[int, ...]:
    top = min(4, r.max_set_size if r.max_set_size is not None else 4)
    return tuple(range(r.min_meld, top + 1))


_COMBO_LIMIT = 20_000
"""Rows whose set choices exceed this many combinations go to the per-row rank DP."""


@lru_cache(maxsize=8)
def _position_options(sizes: tuple[int, ...], count: int) -> tuple[tuple[int, ...], ...]:
    """Set choices at a rank holding ``count`` cards, as subsets of card positions 0..count-1.

    The empty choice (no set) comes first.
    """
    out: list[tuple[int, ...]] = [()]
    for size in sizes:
        if size <= count:
            out.extend(itertools.combinations(range(count), size))
    return tuple(out)


@lru_cache(maxsize=8)
def _suit_bits(sizes: tuple[int, ...], count: int) -> npt.NDArray[np.int32]:
    """(16, options) table: suits (4-bit mask) a position choice takes, per presence pattern."""
    opts = _position_options(sizes, count)
    table = np.zeros((16, len(opts)), dtype=np.int32)
    for pattern in range(16):
        suits = [s for s in range(4) if pattern >> s & 1]
        if len(suits) != count:
            continue
        for o, positions in enumerate(opts):
            table[pattern, o] = sum(1 << suits[k] for k in positions)
    return table


def _objective(masks: npt.NDArray[np.int32], r: Rules) -> npt.NDArray[np.int32]:
    """Best objective (points * 128 + unmelded cards) per row of suit masks."""
    table = _table(r)
    best = table[masks[:, 0]] + table[masks[:, 1]] + table[masks[:, 2]] + table[masks[:, 3]]
    sizes = _set_sizes(r)
    if not sizes or not len(masks):
        return best
    ranks = np.arange(_RANK_BITS, dtype=np.int32)
    bits = [(masks[:, s : s + 1] >> ranks) & 1 for s in range(4)]  # 4 x (N, 13)
    counts = (bits[0] + bits[1] + bits[2] + bits[3]).astype(np.int8)
    pattern = bits[0] | bits[1] << 1 | bits[2] << 2 | bits[3] << 3  # (N, 13) suits held
    eligible = counts >= sizes[0]
    n_sets = eligible.sum(axis=1)
    for j in range(1, int(n_sets.max()) + 1):
        rows_j = np.nonzero(n_sets == j)[0]
        if not len(rows_j):
            continue
        # the j set ranks of each row, fullest first (so rows group by their counts)
        set_ranks = np.nonzero(eligible[rows_j])[1].reshape(len(rows_j), j)
        set_counts = np.take_along_axis(counts[rows_j], set_ranks, axis=1)
        order = np.argsort(-set_counts, axis=1, kind="stable")
        set_ranks = np.take_along_axis(set_ranks, order, axis=1)
        set_counts = np.take_along_axis(set_counts, order, axis=1)
        keys, group = np.unique(set_counts, axis=0, return_inverse=True)
        for g, key in enumerate(keys):
            sel = np.nonzero(group.ravel() == g)[0]
            rows = rows_j[sel]
            slot_ranks = set_ranks[sel]
            slot_opts = [_position_options(sizes, int(c)) for c in key]
            if math.prod(len(o) for o in slot_opts) > _COMBO_LIMIT:
                for i in rows:
                    best[i] = _row_objective(tuple(int(x) for x in masks[i]), r)
                continue
            m = masks[rows]
            held = np.take_along_axis(pattern[rows], slot_ranks, axis=1)
            slot_bits = [_suit_bits(sizes, int(c))[held[:, t]] for t, c in enumerate(key)]
            rank_bit = (1 << slot_ranks).astype(np.int32)
            sub_best = best[rows]
            for combo in itertools.product(*(range(len(o)) for o in slot_opts)):
                if not any(combo):
                    continue
                cleared = m.copy()
                for t, o in enumerate(combo):
                    if not o:
                        continue
                    take = slot_bits[t][:, o]
                    for s in range(4):
                        cleared[:, s] &= ~np.where(take >> s & 1, rank_bit[:, t], 0)
                v = (
                    table[cleared[:, 0]]
                    + table[cleared[:, 1]]
                    + table[cleared[:, 2]]
                    + table[cleared[:, 3]]
                )
                np.minimum(sub_best, v, out=sub_best)
            best[rows] = sub_best
    return best


_INF = 1 << 40


def _row_objective(masks: tuple[int, ...], r: Rules) -> int:
    """One hand's best objective by the kernel's rank-by-rank DP (no combinatorial blow-up)."""
    return kernel(r).rank_dp(masks)[0]


def batch_deadwood(hands: npt.ArrayLike, rules: RulesLike = "gin") -> npt.NDArray[np.int32]:
    """Best deadwood points of each hand, equal to :func:`~rummy_lab.engine.solver.deadwood`.

    One deck, no jokers, plain deadwood counting (Gin, Basic, Rummy 500 rules; not
    Indian Rummy's sequence requirements).

    >>> batch_deadwood([[0, 1, 2, 13, 14, 15, 26, 27, 39, 51]])  # AS 2S 3S AH 2H 3H AD 2D AC KC
    array([14], dtype=int32)
    >>> batch_deadwood([[0, 12, 11]], "500")  # Q-K-A of spades is a run in Rummy 500
    array([0], dtype=int32)

    :param hands: (N, k) card indices 0..51 or an (N, 52) 0/1 matrix.
    :param rules: a preset name or Rules.
    :return: int32 array of N deadwood totals.
    :raises ValueError: for malformed hands or Indian Rummy rules.
    """
    r = _check_rules(rules)
    masks = hands_to_masks(hands)
    return (_objective(masks, r) // BIG).astype(np.int32)


def _check_deal(n_hands: int, hand_size: int, chunk: int) -> None:
    for name, value, lo, hi in (
        ("n_hands", n_hands, 0, None),
        ("hand_size", hand_size, 0, 52),
        ("chunk", chunk, 1, None),
    ):
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < lo
            or (hi is not None and value > hi)
        ):
            rng_text = f">= {lo}" if hi is None else f"from {lo} to {hi}"
            raise ValueError(f"{name} must be a whole number {rng_text}, got {value!r}")


def _deal_blocks(
    n_hands: int, hand_size: int, seed: int | np.random.Generator | None, chunk: int
) -> Iterator[npt.NDArray[np.int8]]:
    """Random hands (card indices) in blocks of ``chunk`` rows.

    Each hand takes 52 uniform keys and keeps the cards with the ``hand_size`` smallest:
    a uniformly random subset. The keys are drawn in order from one generator, so the hands
    do not depend on ``chunk``.
    """
    gen = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    done = 0
    while done < n_hands:
        size = min(chunk, n_hands - done)
        keys = gen.random((size, 52))
        if hand_size == 0:
            idx = np.empty((size, 0), dtype=np.int8)
        elif hand_size == 52:
            idx = np.argsort(keys, axis=1).astype(np.int8)
        else:
            idx = np.argpartition(keys, hand_size - 1, axis=1)[:, :hand_size].astype(np.int8)
        yield idx
        done += size


def deal_hands(
    n_hands: int,
    hand_size: int = 10,
    seed: int | np.random.Generator | None = 0,
    chunk: int = 100_000,
) -> npt.NDArray[np.int8]:
    """Random one-deck hands as an (n_hands, hand_size) array of card indices 0..51.

    Every hand is a uniformly random subset of the deck (the order of its cards is not
    meaningful). ``numpy.random.default_rng(seed)`` drives it, so a seed replays.

    >>> h = deal_hands(3, 5, seed=2)
    >>> h.shape, bool((np.sort(h, axis=1)[:, 1:] != np.sort(h, axis=1)[:, :-1]).all())
    ((3, 5), True)

    :param n_hands: number of hands.
    :param hand_size: cards per hand (0..52).
    :param seed: an int seed, a numpy Generator, or None for fresh entropy.
    :param chunk: hands drawn per block (memory bound; results do not depend on it).
    :return: int8 array of card indices.
    :raises ValueError: for bad sizes.
    """
    _check_deal(n_hands, hand_size, chunk)
    blocks = list(_deal_blocks(n_hands, hand_size, seed, chunk))
    if not blocks:
        return np.empty((0, hand_size), dtype=np.int8)
    return np.concatenate(blocks)


def deal_deadwood(
    n_hands: int,
    hand_size: int = 10,
    rules: RulesLike = "gin",
    seed: int | np.random.Generator | None = 0,
    chunk: int = 100_000,
) -> npt.NDArray[np.int32]:
    """Deal ``n_hands`` random hands and return their deadwood, ``chunk`` hands at a time.

    The same hands as :func:`deal_hands` with the same seed, evaluated by
    :func:`batch_deadwood` without keeping them, so memory stays bounded.

    >>> a = deal_deadwood(1000, seed=3); b = deal_deadwood(1000, seed=3, chunk=64)
    >>> bool((a == b).all()), a.dtype
    (True, dtype('int32'))
    >>> bool((a == batch_deadwood(deal_hands(1000, seed=3))).all())
    True
    >>> deal_deadwood(10, hand_size=53)
    Traceback (most recent call last):
    ...
    ValueError: hand_size must be a whole number from 0 to 52, got 53

    :param n_hands: number of hands.
    :param hand_size: cards per hand.
    :param rules: a preset name or Rules.
    :param seed: an int seed, a numpy Generator, or None for fresh entropy.
    :param chunk: hands dealt per block.
    :return: int32 array of deadwood totals.
    :raises ValueError: for bad sizes or Indian Rummy rules.
    """
    _check_deal(n_hands, hand_size, chunk)
    r = _check_rules(rules)
    out = np.empty(n_hands, dtype=np.int32)
    done = 0
    for idx in _deal_blocks(n_hands, hand_size, seed, chunk):
        out[done : done + len(idx)] = _objective(hands_to_masks(idx), r) // BIG
        done += len(idx)
    return out
