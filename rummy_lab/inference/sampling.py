"""Hidden worlds: where every unknown card might be, sampled, scored and combined.

Why: under the behaviour model the posterior over the opponents' unknown cards has no
closed form, but one complete guess (which unknown cards each opponent holds today, and
which of them came from which unseen stock draw) is easy to *score*: undo the opponent's
history step by step and ask the model how likely each recorded choice was with the hand
the guess implies.

**Guesses consistent with every hard fact** are built backwards from now. Today's unknown
cards are dealt at random over the unknown places (each opponent's unknown cards and the
unknown stock; after an Indian reshuffle the stock only takes cards of the reshuffled
pile). Then each opponent's history is undone: a card they threw goes back into their
hand, a card they took from the pile leaves it, and an unseen stock draw takes back one
of their unknown cards at random (which card they drew is unknown, and under the hard
facts alone every one is equally likely). Every such backward path is equally likely
given the hard facts, so these guesses are a sample of the uniform model's posterior over
whole histories.

**Combining the evidence (the default).** For each recorded choice and each card, the
sample gives the choice's average likelihood over guesses where the opponent holds that
card today, against its average over all guesses: a likelihood ratio, the card's evidence
from that choice. The posterior takes each card's odds to be its uniform odds times the
product of its ratios (the choices' evidence combined as if independent: naive Bayes),
with the hand size enforced exactly: a product-form distribution over hands (conditional
Poisson sampling), whose marginals come exactly from elementary symmetric polynomials.
This averages every choice over all guesses, so it does not suffer from the weight
degeneracy that plain importance sampling over long histories does; what it misses are
correlations between cards (a take says "a pair of partners", not "each partner
separately"). :func:`importance_posterior` runs the exact computation (importance
sampling with this product form as the proposal, then Metropolis-Hastings moves) for
comparison.

**Kinds of player.** Every choice is scored under each kind's weights on the same
backward histories (:func:`~rummy_lab.inference.model.kind_params`); each kind gets its own
product form, Bayes' rule over the kinds' likelihoods of the whole history says how
likely each kind is (:func:`kind_posterior`), and the posterior is the mixture
(:class:`MixtureForm`; with several opponents, each opponent's log odds averaged over its
kinds). ``mixture=False`` keeps the greedy kind alone (the model before the mixture:
``rl.inference.belief(view, model="greedy")``).

**Exact enumeration** replaces both when the possible hands are few (late in Basic Rummy
or Rummy 500): every possible assignment of the unseen cards is scored (averaged over a
few draw attributions when the opponent drew blind).

Everything is vectorised with numpy, one row per guess; a seed fixes every draw.

>>> import rummy_lab as rl
>>> from rummy_lab.inference.tracking import replay
>>> f = replay(rl.new_game("gin", seed=3).view_for(1))
>>> post = behaviour_posterior(f, seed=0)
>>> p, e = post.marginals(np.random.default_rng(0))
>>> round(float(e[0].sum()), 6)
10.0
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..engine.cards import Card
from ..engine.moves import DrawStock
from ..engine.rules import Rules, Variant
from .model import (
    BehaviourParams,
    FeatureTable,
    HandTracker,
    discard_loglik,
    draw_loglik,
    feature_table,
    hand_features,
    keep_at,
    kind_params,
    layoff_array,
    params_for,
    stay_loglik,
    stop_loglik,
)
from .tracking import (
    CARD_TYPES,
    DECIDE,
    DRAW,
    OUT,
    REVEAL,
    TAKE,
    DiscardChoice,
    DrawChoice,
    Facts,
    StayChoice,
    StopChoice,
)

__all__ = [
    "Layout",
    "MixtureForm",
    "ProductForm",
    "WeightedHands",
    "anchor_layout",
    "behaviour_posterior",
    "card_evidence",
    "clear_posteriors",
    "counts_of",
    "enumerate_posterior",
    "exact_posterior",
    "history_loglik",
    "importance_posterior",
    "kind_posterior",
    "layout",
    "uniform_hands",
]

Counts = npt.NDArray[np.int16]
Floats = npt.NDArray[np.float64]

HISTORIES = 2048
"""Backward histories sampled to score the choices (the default behaviour model)."""
ENUMERATE_LIMIT = 512
"""Enumerate every possible assignment of the unseen cards when there are at most this many."""
ENUMERATE_ROWS = 4096
"""Histories scored when enumerating: each assignment gets ``ENUMERATE_ROWS // assignments``
draw attributions (between 8 and 256) when an opponent drew blind from the stock."""
SMOOTHING = 5.0
"""Pseudo-guesses that pull a choice's per-card evidence towards none when few guesses
explain the choice (its likelihood's effective sample size is small)."""
MARGINAL_SAMPLES = 4096
"""Samples behind the marginals when they are not computed exactly (several opponents)."""


@dataclass(frozen=True)
class Layout:
    """The unknown places of a view, as arrays.

    :ivar unseen: the unseen cards as card-type indices (deck order, with repeats).
    :ivar seats: the opponents with unknown cards, in seat order.
    :ivar sizes: how many unknown cards each of them holds.
    :ivar stock: unknown stock places.
    :ivar eligible: after an Indian reshuffle, which ``unseen`` entries may be in the
        stock (``None``: any).
    :ivar known: per seat (every seat), the counts of its known cards.
    """

    unseen: npt.NDArray[np.int64]
    seats: tuple[int, ...]
    sizes: tuple[int, ...]
    stock: int
    eligible: npt.NDArray[np.bool_] | None
    known: tuple[Counts, ...]

    @property
    def simple(self) -> bool:
        """One opponent with unknown cards and no stock pool: exact formulas apply."""
        return len(self.seats) == 1 and (self.eligible is None or not self.stock)


def counts_of(cards: Iterable[Card]) -> Counts:
    """Card-type counts (length 53) of an iterable of cards.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> int(counts_of(parse_cards("7S 7S JK"))[6]), int(counts_of(parse_cards("JK"))[52])
    (2, 1)
    """
    out = np.zeros(CARD_TYPES, dtype=np.int16)
    for c in cards:
        out[c.index] += 1
    return out


def layout(facts: Facts) -> Layout:
    """The arrays of :class:`Layout` for ``facts``.

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> lay = layout(replay(rl.new_game("gin", seed=3).view_for(1)))
    >>> len(lay.unseen), lay.seats, lay.sizes, lay.stock
    (41, (0,), (10,), 31)
    """
    unseen = np.array([c.index for c in facts.unseen], dtype=np.int64)
    seats = tuple(p for p in range(facts.players) if facts.hidden[p] > 0)
    eligible = None
    if facts.stock_pool is not None:
        left = counts_of(facts.stock_pool).astype(np.int64)
        eligible = np.zeros(len(unseen), dtype=bool)
        for k, i in enumerate(unseen):
            if left[i] > 0:
                eligible[k] = True
                left[i] -= 1
    return Layout(
        unseen=unseen,
        seats=seats,
        sizes=tuple(facts.hidden[p] for p in seats),
        stock=facts.stock_hidden,
        eligible=eligible,
        known=tuple(counts_of(k) for k in facts.known),
    )


def _bincount_rows(cards: npt.NDArray[np.int64]) -> Counts:
    """(rows, k) card indices -> (rows, 53) counts."""
    rows = cards.shape[0]
    if cards.shape[1] == 0:
        return np.zeros((rows, CARD_TYPES), dtype=np.int16)
    flat = (np.arange(rows, dtype=np.int64)[:, None] * CARD_TYPES + cards).ravel()
    out: Counts = np.bincount(flat, minlength=rows * CARD_TYPES).reshape(
        rows, CARD_TYPES
    ).astype(np.int16)
    return out


def uniform_hands(lay: Layout, n: int, gen: np.random.Generator) -> Counts:
    """``n`` uniform draws of every opponent's unknown cards: shape (n, seats, 53).

    Each draw deals the unseen cards at random over the unknown places (the stock too),
    respecting a reshuffled stock's pool.

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> lay = layout(replay(rl.new_game("500", players=3, seed=1).view_for(0)))
    >>> hands = uniform_hands(lay, 5, np.random.default_rng(0))
    >>> hands.shape, hands.sum(axis=2).tolist()[0]
    ((5, 2, 53), [7, 7])
    """
    size = len(lay.unseen)
    keys = gen.random((n, size))
    if lay.eligible is not None and lay.stock:
        stock_keys = np.where(lay.eligible[None, :], keys, 2.0)
        in_stock = np.argsort(stock_keys, axis=1)[:, : lay.stock]
        np.put_along_axis(keys, in_stock, 3.0, axis=1)
    order = np.argsort(keys, axis=1)
    cards = lay.unseen[order]
    out = np.zeros((n, len(lay.seats), CARD_TYPES), dtype=np.int16)
    start = 0
    for k, m in enumerate(lay.sizes):
        out[:, k, :] = _bincount_rows(cards[:, start : start + m])
        start += m
    return out


def _to_index(counts: Counts) -> npt.NDArray[np.int64]:
    """(rows, 53) counts with equal row totals -> (rows, total) card indices."""
    rows = counts.shape[0]
    total = int(counts[0].sum()) if rows else 0
    most = int(counts.max()) if counts.size else 0
    if total == 0:
        return np.zeros((rows, 0), dtype=np.int64)
    layers = np.concatenate([counts >= k for k in range(1, max(most, 1) + 1)], axis=1)
    cols = np.nonzero(layers)[1].reshape(rows, total)
    out: npt.NDArray[np.int64] = cols % CARD_TYPES
    return out


def history_loglik(
    facts: Facts,
    seat: int,
    hidden_now: Counts,
    gen: np.random.Generator,
    per_choice: list[Floats] | None = None,
    *,
    guided: bool = True,
    kinds: Sequence[BehaviourParams | None] | None = None,
) -> tuple[Floats, Floats]:
    """Log-likelihood of ``seat``'s recorded choices for each guess of its unknown cards.

    With ``kinds`` (the weights of several kinds of player, ``None`` for one who plays at
    random: :func:`~rummy_lab.inference.model.kind_params`), the log-likelihood is
    computed under each of them on the same backward histories: the first array returned
    and each ``per_choice`` column then have one column per kind (guesses x kinds).

    ``hidden_now`` (guesses x 53) are the seat's unknown cards today; the history is
    undone step by step as the module docstring explains. When ``per_choice`` is a list,
    each choice's own log-likelihood column is appended to it (latest choice first).

    Which unknown card an unseen stock draw brought is not drawn uniformly: a card whose
    presence would have clashed with the player's previous discard (one they would
    rather have thrown than the card they threw) is proposed as the drawn one with odds
    ``1 + exp(keep(thrown) - keep(card))``, since players often throw what they just
    drew. The second array returned, the log of (uniform probability / proposal
    probability) of the draws made, turns this back into an exact importance weight.
    With ``guided=False`` the draws are uniform (and that weight is 0).

    :return: (log-likelihood of the choices, log attribution weight), one per guess.

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> g = rl.new_game("gin", seed=3)
    >>> for m in ("pass_upcard", "pass_upcard", "draw_stock", f"discard {g.hand(1)[0].code}"):
    ...     _ = g.play(m)
    >>> f = replay(g.view_for(0))
    >>> hands = uniform_hands(layout(f), 4, np.random.default_rng(0))[:, 0, :]
    >>> ll, attr = history_loglik(f, 1, hands, np.random.default_rng(0))
    >>> ll.shape, bool((ll < 0).all()), attr.tolist()
    ((4,), True, [0.0, 0.0, 0.0, 0.0])
    """
    rules = facts.rules
    table = feature_table(rules, facts.wild_rank)
    params = params_for(rules)
    rows = hidden_now.shape[0]
    steps = facts.steps[seat]
    h = int(hidden_now[0].sum()) if rows else 0
    cap = h
    previous: dict[int, Card] = {}  # DRAW step position -> the discard before it
    last: Card | None = None
    for pos, step in enumerate(steps):
        if (step[0] == OUT and step[2]) or step[0] == REVEAL:
            cap += 1
        elif step[0] == DECIDE and isinstance(step[1], DiscardChoice):
            last = step[1].card
        elif step[0] == DRAW and last is not None:
            previous[pos] = last
    idx = np.zeros((rows, cap), dtype=np.int64)
    idx[:, :h] = _to_index(hidden_now)
    known = counts_of(facts.known[seat]).astype(np.int16)
    # the hand (unknown cards and known ones) at the step being undone, kept up to date
    trk = HandTracker((hidden_now + known[None, :]).astype(np.int16), table)
    hand = trk.counts
    plist: list[BehaviourParams | None] = list(kinds) if kinds is not None else [params]
    loglik = np.zeros((rows, len(plist)))
    log_attr = np.zeros(rows)
    pools = [None, *(_pool_mask(p) for p in facts.pools)]
    gin = rules.variant is Variant.GIN
    r = np.arange(rows)
    for pos in range(len(steps) - 1, -1, -1):
        step = steps[pos]
        kind = step[0]
        if kind == OUT:
            card = step[1]
            assert isinstance(card, Card)
            if step[2]:
                idx[:, h] = card.index
                h += 1
            else:
                known[card.index] += 1
            trk.change(card.index, 1)
        elif kind == TAKE:
            for c in step[1]:  # type: ignore[attr-defined]
                known[c.index] -= 1
                trk.change(c.index, -1)
        elif kind == REVEAL:
            card = step[1]
            assert isinstance(card, Card)
            known[card.index] -= 1
            idx[:, h] = card.index
            h += 1
        elif kind == DRAW:
            pool_id = step[1]
            assert isinstance(pool_id, int)
            pool = pools[pool_id]
            if h == 0:  # pragma: no cover - a draw always left a card to undo
                continue
            thrown = previous.get(pos) if guided else None
            if thrown is None and pool is None:
                # every unknown card equally likely to be the one drawn
                pick = gen.integers(0, h, size=rows)
                trk.change_rows(r, idx[r, pick], -1)
                idx[r, pick] = idx[:, h - 1]
                h -= 1
                continue
            odds = np.ones((rows, h))
            if thrown is not None:
                kt = (-params.keep_value * table.values[thrown.index] / 10.0
                      + params.keep_joker * table.joker[thrown.index])
                kc = keep_at(trk.masks(), table, params, idx[:, :h])
                odds = 1.0 + np.exp(np.minimum(kt - kc, 30.0))
            if pool is not None:
                allowed = pool[idx[:, :h]]
                odds = np.where(allowed.any(axis=1, keepdims=True), odds * allowed, odds)
            j = _gumbel_pick(odds, gen)
            chosen = odds[r, j]
            log_attr += np.log(odds.sum(axis=1) / h) - np.log(chosen)
            trk.change_rows(r, idx[r, j], -1)
            idx[r, j] = idx[:, h - 1]
            h -= 1
        elif kind == DECIDE:
            choice = step[1]
            shared: dict[str, object] = {}
            cols = [_choice_loglik(choice, hand, trk, table, rules, p, gin, shared)
                    for p in plist]
            if cols[0] is not None:
                ll = np.stack([c if c is not None else np.zeros(rows) for c in cols], axis=1)
                loglik += ll
                if per_choice is not None:
                    per_choice.append(ll if kinds is not None else ll[:, 0])
    return (loglik if kinds is not None else loglik[:, 0]), log_attr


def _choice_loglik(
    choice: object, hand: Counts, trk: HandTracker, table: FeatureTable, rules: Rules,
    params: BehaviourParams | None, gin: bool, shared: dict[str, object] | None = None,
) -> Floats | None:
    """Log-likelihood per hand of one recorded choice under one kind's weights (``None``:
    a player who picks a legal move at random); ``None`` for a choice the model ignores.
    ``shared`` keeps what every kind reads the same way (the hands' meld features, Gin's
    knock check) for the next kind scored on the same step."""
    shared = {} if shared is None else shared
    rows = hand.shape[0]
    if params is None:  # the same for every hand: one legal move among the options
        if isinstance(choice, DiscardChoice):
            options = int(hand[0].sum()) - len(choice.banned) if rows else 1
            return np.full(rows, -np.log(max(options, 1)))
        if isinstance(choice, DrawChoice):
            return np.full(rows, -np.log(2.0))
        if isinstance(choice, StopChoice) or (isinstance(choice, StayChoice) and gin):
            return np.zeros(rows)
        return None
    masks = trk.masks()
    if isinstance(choice, (DiscardChoice, StopChoice)):
        feats = shared.get("features")
        if feats is None:
            feats = shared["features"] = hand_features(masks, table)
        assert isinstance(feats, tuple)
        if isinstance(choice, DiscardChoice):
            return discard_loglik(hand, choice.card, choice.banned, table, params, masks,
                                  feats)
        fits_all = layoff_array(choice.table, rules, choice.may_lay_off)
        return stop_loglik(hand, fits_all, table, params, masks, feats)
    if isinstance(choice, DrawChoice):
        fits = bool(layoff_array(choice.table, rules, choice.may_lay_off)[choice.card.index])
        return draw_loglik(hand, choice.card, choice.above, choice.took, fits, table, params,
                           masks)
    if isinstance(choice, StayChoice) and gin:
        can = shared.get("can")
        if can is None:  # whether each hand could have knocked: the same for every kind
            can = shared["can"] = stay_loglik(hand, choice.limit, rules, _KNOCK_ALWAYS,
                                              masks) < 0
        assert isinstance(can, np.ndarray)
        out: Floats = np.where(can, np.log1p(-params.knock), 0.0)
        return out
    return None


_KNOCK_ALWAYS = BehaviourParams(knock=0.5)
"""Weights whose only use is :func:`stay_loglik`'s knock check (log(1 - 0.5) < 0)."""


def _pool_mask(cards: Iterable[Card]) -> npt.NDArray[np.bool_]:
    return counts_of(cards) > 0


def _normalise(logw: Floats) -> tuple[Floats, float]:
    top = float(logw.max())
    w = np.exp(logw - top)
    w /= w.sum()
    return w, float(1.0 / np.square(w).sum())




def _seat_logliks(
    facts: Facts,
    lay: Layout,
    hands: Counts,
    gen: np.random.Generator,
    per_choice: list[list[Floats]] | None = None,
    attribution: list[Floats] | None = None,
    *,
    guided: bool = True,
    kinds: Sequence[BehaviourParams | None] | None = None,
) -> Floats:
    """Per guess and opponent: log-likelihood of its choices plus its draws' log
    attribution weight (an importance weight of the whole history guess). With
    ``kinds``: per guess, opponent and kind (guesses x seats x kinds)."""
    shape: tuple[int, ...] = (hands.shape[0], len(lay.seats))
    if kinds is not None:
        shape = (*shape, len(kinds))
    out = np.zeros(shape)
    for k, seat in enumerate(lay.seats):
        cols: list[Floats] | None = [] if per_choice is not None else None
        attr = np.zeros(hands.shape[0])
        if facts.steps[seat]:
            ll, attr = history_loglik(facts, seat, hands[:, k, :], gen, cols, guided=guided,
                                      kinds=kinds)
            out[:, k] = ll + (attr[:, None] if kinds is not None else attr)
        if per_choice is not None and cols is not None:
            per_choice.append(cols)
        if attribution is not None:
            attribution.append(attr)
    return out


def card_evidence(
    lay: Layout,
    hands: Counts,
    per_choice: list[list[Floats]],
    attribution: list[Floats] | None = None,
) -> Floats:
    """Per opponent and card type: the summed log likelihood ratios of its choices.

    For a choice with likelihood column ``L`` over the guesses and a card held today
    marked by ``X``, the ratio is ``E[L X] / (E[L] E[X])`` (expectations over the hard
    facts' distribution, estimated with each guess's attribution weight): how much more
    likely the choice is when the card is held than on average. When few guesses explain
    the choice, the estimate is pulled towards no evidence (:data:`SMOOTHING`).

    >>> lay = Layout(np.arange(4), (1,), (2,), 2, None, ())
    >>> hands = np.zeros((4, 1, 53), dtype=np.int16)
    >>> for row, (a, b) in enumerate(((0, 1), (0, 2), (1, 3), (2, 3))):
    ...     hands[row, 0, [a, b]] = 1
    >>> ev = card_evidence(lay, hands, [[np.log(np.array([0.9, 0.9, 0.1, 0.1]))]])
    >>> bool(ev[0, 0] > 0 > ev[0, 3])  # the choice is likely with card 0, not card 3
    True
    """
    out = np.zeros((len(lay.seats), CARD_TYPES))
    for k, cols in enumerate(per_choice):
        held = (hands[:, k, :] > 0).astype(np.float64)
        la = attribution[k] if attribution is not None else np.zeros(len(held))
        a = np.exp(la - la.max())
        freq = np.maximum((a @ held) / a.sum(), 1e-12)
        for ll in cols:
            z = ll + la
            lik = np.exp(z - z.max())
            total = lik.sum()
            ess = total * total / np.square(lik).sum()
            weighted = (lik @ held) / total
            shrunk = (ess * weighted + SMOOTHING * freq) / (ess + SMOOTHING)
            out[k] += np.log(np.clip(shrunk / freq, 1e-6, 1e6))
    return out


# --------------------------------------------------------------------------- product form


def _esp_prefix(w: Floats, need: int) -> Floats:
    """Row i: the elementary symmetric polynomials e_0..e_need of w[:i]."""
    out = np.zeros((len(w) + 1, need + 1))
    out[0, 0] = 1.0
    for i, x in enumerate(w):
        out[i + 1] = out[i]
        out[i + 1, 1:] += x * out[i, :-1]
    return out


def _conditional_poisson(
    weights: Floats, need: int, gen: np.random.Generator
) -> tuple[npt.NDArray[np.bool_], Floats]:
    """Draw ``need`` items per row with probability proportional to the product of their
    weights (conditional Poisson sampling); zero-weight items are never drawn.

    ``weights`` is (rows, items). Returns the chosen items and, per row, the log of the
    normaliser ``e_need`` (the elementary symmetric polynomial of the row's weights).
    Exact: scanning the items from the last, item ``i`` is taken with probability
    ``w_i e_{k-1}(w[:i]) / e_k(w[:i+1])`` while ``k`` items are still needed.
    """
    rows, size = weights.shape
    shared = rows > 0 and bool((weights == weights[:1]).all())
    width = 1 if shared else rows
    w = weights[:width]
    e = np.zeros((width, size + 1, need + 1))
    e[:, 0, 0] = 1.0
    for i in range(size):
        e[:, i + 1, :] = e[:, i, :]
        e[:, i + 1, 1:] += w[:, i, None] * e[:, i, :-1]
    if shared:
        e = np.broadcast_to(e, (rows, size + 1, need + 1))
    r = np.arange(rows)
    left = np.full(rows, need)
    chosen = np.zeros((rows, size), dtype=bool)
    draws = gen.random((rows, size))
    for i in range(size - 1, -1, -1):
        k = np.maximum(left, 1)
        p = weights[:, i] * e[r, i, k - 1] / np.maximum(e[r, i + 1, k], 1e-300)
        take = (left > 0) & (draws[:, i] < p)
        chosen[:, i] = take
        left -= take
    log_norm: Floats = np.log(np.maximum(e[:, size, need], 1e-300))
    return chosen, log_norm


def _sequential_draws(
    take: Floats, need: int, k: int, gen: np.random.Generator
) -> npt.NDArray[np.bool_]:
    """``k`` rows of conditional Poisson sampling from its table of take chances (see
    :meth:`ProductForm._take_table`): exactly ``need`` items per row."""
    size = take.shape[0]
    left = np.full(k, need)
    chosen = np.zeros((k, size), dtype=bool)
    draws = gen.random((k, size))
    for i in range(size - 1, -1, -1):
        hit = (draws[:, i] < take[i, left]) | (left > i)  # the last items: all of them
        chosen[:, i] = hit
        left -= hit
    return chosen


@dataclass(frozen=True)
class WeightedHands:
    """Weighted guesses of the opponents' unknown cards (exact enumerations, samples).

    :ivar lay: the unknown places.
    :ivar hands: unknown-card counts, shape (guesses, seats, 53).
    :ivar weights: normalised weights.
    :ivar exact: True when ``hands`` lists every possibility with its exact weight.

    >>> lay = Layout(np.arange(3), (1,), (1,), 2, None, (np.zeros(53, np.int16),) * 2)
    >>> hands = np.zeros((3, 1, 53), dtype=np.int16)
    >>> hands[[0, 1, 2], 0, [0, 1, 2]] = 1
    >>> w = WeightedHands(lay, hands, np.array([0.5, 0.25, 0.25]))
    >>> p, e = w.marginals(np.random.default_rng(0))
    >>> p[0, :3].tolist()
    [0.5, 0.25, 0.25]
    """

    lay: Layout
    hands: Counts
    weights: Floats
    exact: bool = False
    kinds: Floats | None = field(default=None, compare=False, repr=False)

    @property
    def ess(self) -> float:
        """The effective sample size, ``1 / sum(w^2)``."""
        return float(1.0 / np.square(self.weights).sum())

    def marginals(self, gen: np.random.Generator) -> tuple[Floats, Floats]:
        """Per seat of ``lay.seats``: P(at least one copy), expected copies (53 each)."""
        known = np.stack([self.lay.known[s] for s in self.lay.seats]).astype(np.float64)
        e = np.einsum("m,msc->sc", self.weights, self.hands) + known
        held = (self.hands + known[None, :, :].astype(np.int16)) > 0
        p = np.einsum("m,msc->sc", self.weights, held.astype(np.float64))
        p = np.where(known > 0, 1.0, np.clip(p, 0.0, 1.0))
        return p, e

    def sample(self, k: int, gen: np.random.Generator) -> Counts:
        """``k`` guesses drawn by weight (with repeats)."""
        pick = gen.choice(len(self.weights), size=k, p=self.weights)
        out: Counts = self.hands[pick]
        return out


@dataclass(frozen=True)
class ProductForm:
    """The product-form posterior: P(hands) proportional to the product of each held
    card's odds ``exp(log_odds[seat, card])``, with every opponent's unknown-card count
    fixed (and a reshuffled stock holding only its pool's cards).

    With one opponent (and no pool), its marginals are exact; otherwise they come from
    weighted samples (each opponent in turn by conditional Poisson sampling over the cards
    not yet placed, weighted back to the product form).

    :ivar lay: the unknown places.
    :ivar log_odds: (seats, 53) log odds per opponent and card type (all 0: the uniform
        model).

    >>> lay = Layout(np.arange(3), (1,), (1,), 2, None, (np.zeros(53, np.int16),) * 2)
    >>> odds = np.zeros((1, 53)); odds[0, 0] = np.log(2.0)  # card 0 twice as likely
    >>> p, e = ProductForm(lay, odds).marginals(np.random.default_rng(0))
    >>> [round(float(x), 4) for x in p[0, :3]]
    [0.5, 0.25, 0.25]
    """

    lay: Layout
    log_odds: Floats
    _tables: dict[str, Floats] = field(default_factory=dict, compare=False, repr=False)
    kinds: Floats | None = field(default=None, compare=False, repr=False)

    @property
    def simple(self) -> bool:
        """One opponent with unknown cards and no stock pool: exact formulas apply."""
        return self.lay.simple

    def _item_weights(self, seat: int) -> Floats:
        lo = self.log_odds[seat][self.lay.unseen]
        lo = np.clip(lo - lo.mean(), -12.0, 12.0) if len(lo) else lo
        out: Floats = np.exp(lo)
        return out

    def marginals(self, gen: np.random.Generator) -> tuple[Floats, Floats]:
        """Per seat of ``lay.seats``: P(at least one copy), expected copies (53 each)."""
        lay = self.lay
        if not lay.seats:
            return np.zeros((0, CARD_TYPES)), np.zeros((0, CARD_TYPES))
        if not self.simple:
            return self.weighted(MARGINAL_SAMPLES, gen).marginals(gen)
        seat = lay.seats[0]
        need = lay.sizes[0]
        w = self._item_weights(0)
        size = len(w)
        pre = _esp_prefix(w, need)
        suf = _esp_prefix(w[::-1], need)[::-1]  # row i: polynomials of w[i:]
        total = pre[size, need]
        p = np.zeros(CARD_TYPES)
        e = np.zeros(CARD_TYPES)
        types = lay.unseen
        start = 0
        while start < size:
            end = start
            while end < size and types[end] == types[start]:
                end += 1
            c = types[start]
            none = (pre[start, : need + 1] * suf[end, need::-1]).sum() / total
            p[c] = 1.0 - none
            for i in range(start, end):
                inc = w[i] * (pre[i, :need] * suf[i + 1, need - 1 :: -1]).sum() / total
                e[c] += inc
            start = end
        known = lay.known[seat].astype(np.float64)
        p = np.where(known > 0, 1.0, p)
        return p[None, :], (e + known)[None, :]

    def sample(self, k: int, gen: np.random.Generator) -> Counts:
        """``k`` independent draws of the opponents' unknown cards, (k, seats, 53)."""
        if not self.lay.seats:
            return np.zeros((k, 0, CARD_TYPES), dtype=np.int16)
        if self.simple:
            chosen = _sequential_draws(self._take_table(), self.lay.sizes[0], k, gen)
            out = np.zeros((k, 1, CARD_TYPES), dtype=np.int16)
            out[:, 0, :] = _chosen_counts(chosen, self.lay.unseen)
            return out
        return self.weighted(4 * k, gen).sample(k, gen)

    def _take_table(self) -> Floats:
        """The simple case's chance of taking item ``i`` while ``k`` items are still
        needed, scanning from the last item: ``w_i e_{k-1}(w[:i]) / e_k(w[:i+1])``
        (computed once per posterior: every sample reads it)."""
        got = self._tables.get("take")
        if got is None:
            w = self._item_weights(0)
            need = self.lay.sizes[0]
            e = _esp_prefix(w, need)
            k = np.arange(need + 1)
            got = np.zeros((len(w), need + 1))
            got[:, 1:] = (w[:, None] * e[:-1, k[1:] - 1]) / np.maximum(e[1:, k[1:]], 1e-300)
            self._tables["take"] = got
        return got

    def weighted(self, k: int, gen: np.random.Generator) -> WeightedHands:
        """``k`` weighted draws (sequential conditional Poisson, weighted back)."""
        lay = self.lay
        size = len(lay.unseen)
        avail = np.ones((k, size), dtype=bool)
        if lay.eligible is not None and lay.stock:
            keys = np.where(lay.eligible[None, :], gen.random((k, size)), 2.0)
            in_stock = np.argsort(keys, axis=1)[:, : lay.stock]
            np.put_along_axis(avail, in_stock, False, axis=1)
        hands = np.zeros((k, len(lay.seats), CARD_TYPES), dtype=np.int16)
        log_w = np.zeros(k)
        for s, need in enumerate(lay.sizes):
            w = np.where(avail, self._item_weights(s)[None, :], 0.0)
            chosen, log_norm = _conditional_poisson(w, need, gen)
            log_w += log_norm
            avail &= ~chosen
            hands[:, s, :] = _chosen_counts(chosen, lay.unseen)
        weights, _ = _normalise(log_w)
        return WeightedHands(lay, hands, weights)


@dataclass(frozen=True)
class MixtureForm:
    """One opponent's posterior as a mixture over the kinds of player it may be: each
    kind's product form (:class:`ProductForm`), weighted by the posterior probability of
    that kind given the opponent's choices (Bayes over kinds).

    :ivar lay: the unknown places (one opponent, no stock pool: ``simple``).
    :ivar components: one product form per kind.
    :ivar weights: the kinds' posterior probabilities (sum 1).
    :ivar kinds: (seats, kinds): the same weights, as every posterior reports them.

    >>> lay = Layout(np.arange(3), (1,), (1,), 2, None, (np.zeros(53, np.int16),) * 2)
    >>> odds = np.zeros((1, 53)); odds[0, 0] = np.log(4.0)
    >>> mix = MixtureForm(lay, (ProductForm(lay, odds), ProductForm(lay, np.zeros((1, 53)))),
    ...                   np.array([0.5, 0.5]), np.array([[0.5, 0.5]]))
    >>> p, e = mix.marginals(np.random.default_rng(0))
    >>> [round(float(x), 4) for x in p[0, :3]], round(float(e.sum()), 6)
    ([0.5, 0.25, 0.25], 1.0)
    """

    lay: Layout
    components: tuple[ProductForm, ...]
    weights: Floats
    kinds: Floats

    @property
    def simple(self) -> bool:
        """Exact marginals (each component's, mixed)."""
        return all(c.simple for c in self.components)

    def marginals(self, gen: np.random.Generator) -> tuple[Floats, Floats]:
        """Per seat of ``lay.seats``: P(at least one copy), expected copies (53 each)."""
        p = np.zeros((len(self.lay.seats), CARD_TYPES))
        e = np.zeros_like(p)
        for w, comp in zip(self.weights.tolist(), self.components, strict=True):
            pk, ek = comp.marginals(gen)
            p += w * pk
            e += w * ek
        return np.clip(p, 0.0, 1.0), e

    def sample(self, k: int, gen: np.random.Generator) -> Counts:
        """``k`` independent draws: a kind by its weight, then hands from its product form."""
        per = gen.multinomial(k, self.weights)
        parts = [c.sample(int(n), gen) for c, n in zip(self.components, per, strict=True) if n]
        out: Counts = (np.concatenate(parts, axis=0) if parts
                       else np.zeros((0, len(self.lay.seats), CARD_TYPES), dtype=np.int16))
        return out[gen.permutation(k)]

    def weighted(self, k: int, gen: np.random.Generator) -> WeightedHands:
        """``k`` equally weighted draws (:meth:`sample`)."""
        return WeightedHands(self.lay, self.sample(k, gen), np.full(k, 1.0 / max(k, 1)),
                             kinds=self.kinds)


def _chosen_counts(chosen: npt.NDArray[np.bool_], unseen: npt.NDArray[np.int64]) -> Counts:
    rows = chosen.shape[0]
    flat = (np.nonzero(chosen)[0] * CARD_TYPES + unseen[np.nonzero(chosen)[1]])
    out: Counts = np.bincount(flat, minlength=rows * CARD_TYPES).reshape(
        rows, CARD_TYPES
    ).astype(np.int16)
    return out


# --------------------------------------------------------------------------- exact enumeration


def configurations(lay: Layout, limit: int = ENUMERATE_LIMIT) -> Counts | None:
    """Every assignment of the unseen cards to the opponents' unknown places (the rest to
    the stock), as counts (assignments, seats, 53); ``None`` when there are more than
    ``limit``. Copies of a card count as different cards, so each row has equal prior
    weight.

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> configurations(layout(replay(rl.new_game("gin", seed=3).view_for(1)))) is None
    True
    """
    size = len(lay.unseen)
    total = 1
    left = size
    for need in lay.sizes:
        total *= comb(left, need)
        left -= need
        if total > limit:
            return None
    items = list(range(size))
    rows: list[tuple[tuple[int, ...], ...]] = []

    def place(k: int, free: tuple[int, ...], acc: tuple[tuple[int, ...], ...]) -> None:
        if k == len(lay.sizes):
            if lay.eligible is not None and lay.stock and not all(lay.eligible[i] for i in free):
                return
            rows.append(acc)
            return
        for pick in itertools.combinations(free, lay.sizes[k]):
            rest = tuple(i for i in free if i not in pick)
            place(k + 1, rest, (*acc, pick))

    place(0, tuple(items), ())
    out = np.zeros((len(rows), len(lay.sizes), CARD_TYPES), dtype=np.int16)
    for m, row in enumerate(rows):
        for s, pick in enumerate(row):
            for i in pick:
                out[m, s, lay.unseen[i]] += 1
    return out


def enumerate_posterior(
    facts: Facts, lay: Layout, gen: np.random.Generator, limit: int = ENUMERATE_LIMIT,
    *, kinds: Sequence[BehaviourParams | None] | None = None,
) -> WeightedHands | None:
    """The behaviour posterior by scoring every possible assignment, or ``None`` if too many.

    Each assignment's likelihood is exact when no opponent drew blind from the stock;
    otherwise it is an importance-sampling average over guided draw attributions
    (:data:`ENUMERATE_ROWS`).

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> f = replay(rl.new_game("gin", seed=3).view_for(1))
    >>> enumerate_posterior(f, layout(f), np.random.default_rng(0)) is None  # C(41, 10)
    True
    """
    hands = configurations(lay, limit)
    if hands is None:
        return None
    m = hands.shape[0]
    blind = any(step[0] == DRAW for seat in lay.seats for step in facts.steps[seat])
    repeats = min(256, max(8, ENUMERATE_ROWS // m)) if blind else 1
    rows = np.repeat(hands, repeats, axis=0)
    if kinds is not None:
        return _enumerate_kinds(lay, hands, _seat_logliks(facts, lay, rows, gen, kinds=kinds),
                                repeats, exact=not blind)
    ll = _seat_logliks(facts, lay, rows, gen).sum(axis=1).reshape(m, repeats)
    top = ll.max()
    if not np.isfinite(top):
        return None  # no assignment explains the choices: the sampled posterior decides
    with np.errstate(divide="ignore"):  # an impossible assignment: log 0, weight 0
        log_w = np.log(np.exp(ll - top).mean(axis=1)) + top
    weights, _ = _normalise(log_w)
    return WeightedHands(lay, hands, weights, exact=not blind)


def _enumerate_kinds(
    lay: Layout, hands: Counts, ll: Floats, repeats: int, *, exact: bool
) -> WeightedHands | None:
    """Exact Bayes over assignments and kinds: ``ll`` is (assignments x repeats, seats,
    kinds); each seat's kind is unknown, a priori every kind equally likely."""
    m, n_seats, n_kinds = hands.shape[0], ll.shape[1], ll.shape[2]
    ll = ll.reshape(m, repeats, n_seats, n_kinds)
    top = ll.max(axis=(0, 1, 3), keepdims=True)  # per seat
    if not np.isfinite(top).all():
        return None
    with np.errstate(divide="ignore"):  # an impossible assignment: log 0, weight 0
        lk = np.log(np.exp(ll - top).mean(axis=1)) + top[:, 0]  # (m, seats, kinds)
    lk = lk - np.log(n_kinds)  # the uniform prior over kinds
    seat_mix = _logsumexp(lk, axis=2)  # (m, seats)
    log_w = seat_mix.sum(axis=1)
    if not np.isfinite(log_w.max()):
        return None
    weights, _ = _normalise(log_w)
    with np.errstate(invalid="ignore"):
        others = np.where(np.isfinite(seat_mix), log_w[:, None] - seat_mix, -np.inf)
    kind_post = np.zeros((n_seats, n_kinds))
    for k in range(n_seats):
        kind_post[k], _ = _normalise(_logsumexp(lk[:, k, :] + others[:, k, None], axis=0))
    return WeightedHands(lay, hands, weights, exact=exact, kinds=kind_post)


def _logsumexp(x: Floats, axis: int) -> Floats:
    top = np.max(x, axis=axis, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    with np.errstate(divide="ignore"):
        out: Floats = np.log(np.exp(x - top).sum(axis=axis)) + np.squeeze(top, axis=axis)
    return out


def behaviour_posterior(
    facts: Facts, *, seed: int = 0, histories: int = HISTORIES, mixture: bool = True
) -> ProductForm | WeightedHands | MixtureForm:
    """The behaviour model's posterior over the opponents' unknown cards.

    Exact enumeration when the possible assignments are few, else the product form of
    each choice's evidence (module docstring).

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> g = rl.new_game("gin", seed=3)
    >>> _ = g.play("take_upcard"); _ = g.play(f"discard {g.hand(1)[0].code}")
    >>> post = behaviour_posterior(replay(g.view_for(0)), seed=1, histories=256)
    >>> type(post).__name__, post.simple  # one opponent: a mixture over kinds of player
    ('MixtureForm', True)

    :param facts: the hard facts.
    :param seed: seeds every draw.
    :param histories: backward histories sampled to score the choices.
    :param mixture: weigh every kind of player (:func:`~rummy_lab.inference.model.kind_params`)
        by Bayes; ``False`` models every opponent as the greedy kind alone (the model
        before the mixture, which the coach still uses: :mod:`rummy_lab.coach.beliefs`).
    """
    lay = layout(facts)
    if not lay.seats:
        return ProductForm(lay, np.zeros((0, CARD_TYPES)))
    anchor, drawn = anchor_layout(facts, lay)
    got = _anchor_kept(facts, anchor, seed, histories, mixture)
    if isinstance(got, WeightedHands):
        if not drawn:
            return got
        conditioned = _condition(got, lay)
        if conditioned is not None:
            return conditioned
        # every enumerated hand held a card the viewer has since drawn: score afresh
        fresh = _anchor_posterior(facts, lay, seed, histories, mixture)
        return fresh if isinstance(fresh, WeightedHands) else _from_anchor(lay, fresh)
    return _from_anchor(lay, got)


KIND_FLOOR = 1e-4
"""Kinds whose posterior probability is below this are left out of the mixture's
components (they could not move any probability by more than this)."""

_Mixed = tuple[Floats, Floats]
"""Per kind the product form's log odds (kinds, seats, 53), and per seat the kinds'
posterior probabilities (seats, kinds)."""


def _from_anchor(lay: Layout, got: Floats | _Mixed) -> ProductForm | MixtureForm:
    """The posterior at ``lay`` from the evidence scored at the anchor."""
    if isinstance(got, np.ndarray):
        return ProductForm(lay, got)
    odds, kinds = got
    if lay.simple:
        use = np.nonzero(kinds[0] >= KIND_FLOOR)[0]
        if len(use) == 0:
            use = np.array([int(kinds[0].argmax())])
        w = kinds[0][use] / kinds[0][use].sum()
        return MixtureForm(lay, tuple(ProductForm(lay, odds[k]) for k in use), w, kinds)
    # several opponents: each one's log odds averaged over its kinds (a geometric mixture)
    return ProductForm(lay, np.einsum("sk,ksc->sc", kinds, odds), kinds=kinds)


POSTERIOR_CACHE = 16
"""Posteriors kept (by their anchor, :func:`anchor_layout`), so the decisions of one turn
share the opponents' evidence instead of scoring their histories again."""

_POSTERIORS: OrderedDict[tuple[object, ...], WeightedHands | Floats | _Mixed] = OrderedDict()


def _kept(tag: tuple[object, ...], facts: Facts, anchor: Layout,
          compute: Callable[[], WeightedHands | Floats | _Mixed]
          ) -> WeightedHands | Floats | _Mixed:
    """The posterior kept for ``tag`` (model, seed, size) at ``anchor``, computed and
    kept (the last :data:`POSTERIOR_CACHE`) when it is not there yet."""
    key = (*tag, facts.rules, facts.wild_rank, tuple(anchor.unseen.tolist()),
           anchor.sizes, anchor.stock, tuple(facts.steps[s] for s in anchor.seats),
           tuple(tuple(k.tolist()) for k in anchor.known))
    got = _POSTERIORS.get(key)
    if got is None:
        got = _POSTERIORS[key] = compute()
        while len(_POSTERIORS) > POSTERIOR_CACHE:
            _POSTERIORS.popitem(last=False)
    else:
        _POSTERIORS.move_to_end(key)
    return got


def clear_posteriors() -> None:
    """Forget the kept posteriors (results do not change: timing a cold start)."""
    _POSTERIORS.clear()


def _anchor_posterior(
    facts: Facts, lay: Layout, seed: int, histories: int, mixture: bool
) -> WeightedHands | Floats | _Mixed:
    """The posterior at ``lay``: exact enumeration, or the product form's log odds (per
    kind of player, with the kinds' posterior, with ``mixture``)."""
    gen = np.random.default_rng(seed)
    kinds = [p for _, p in kind_params(facts.rules)] if mixture else None
    exact = enumerate_posterior(facts, lay, gen, kinds=kinds)
    if exact is not None:
        return exact
    odds, post, choices = _evidence(facts, lay, histories, gen, kinds)
    if post is None:
        single: Floats = odds[0]
        return single
    boost = np.array([evidence_scale(n, facts.rules.variant) for n in choices])
    return odds * boost[None, :, None], post


def _evidence(facts: Facts, lay: Layout, n: int, gen: np.random.Generator,
              kinds: Sequence[BehaviourParams | None] | None
              ) -> tuple[Floats, Floats | None, list[int]]:
    """The product form's evidence scored on ``n`` uniform guesses: the log odds per kind
    (kinds, seats, 53; one kind without ``kinds``), the kinds' posterior (seats, kinds;
    ``None`` without ``kinds``) and each opponent's number of recorded choices."""
    hands = uniform_hands(lay, n, gen)
    per_choice: list[list[Floats]] = []
    _seat_logliks(facts, lay, hands, gen, per_choice, guided=False, kinds=kinds)
    choices = [len(cols) for cols in per_choice]
    if kinds is None:
        return card_evidence(lay, hands, per_choice)[None], None, choices
    odds = np.zeros((len(kinds), len(lay.seats), CARD_TYPES))
    for k, params in enumerate(kinds):
        if params is not None:  # a random player's choices say nothing about its cards
            odds[k] = card_evidence(lay, hands, [[c[:, k] for c in cols] for cols in per_choice])
    return odds, kind_posterior(per_choice, len(kinds)), choices


def _anchor_kept(facts: Facts, anchor: Layout, seed: int, histories: int, mixture: bool
                 ) -> WeightedHands | Floats | _Mixed:
    """:func:`_anchor_posterior`, kept (:func:`_kept`): shared by the product form and the
    exact model's proposal."""
    return _kept((mixture, seed, histories), facts, anchor,
                 lambda: _anchor_posterior(facts, anchor, seed, histories, mixture))


EARLY_BOOST: dict[Variant, tuple[float, int]] = {Variant.GIN: (1.5, 45)}
"""Per variant, (boost, choices): the evidence of an opponent's first choices counts up to
``1 + boost`` times, falling to its face value after ``choices`` recorded choices
(:func:`evidence_scale`). Measured on greedy self-play with seeds apart from the
benchmark's (12 Gin hands, seeds 10000 and up; boosts 1 to 2 over 20 to 45 choices
tried, this one best: ECE 0.043 to 0.016, Brier 0.887 to 0.875 x uniform): the product
form is too timid early in a Gin hand (each choice's evidence is smoothed towards none,
:data:`SMOOTHING`) and about right late. In Rummy 500 a boost made it worse (ECE 0.014
to 0.023), so only Gin is boosted."""


def evidence_scale(choices: int, variant: Variant) -> float:
    """The factor on the log odds of an opponent who has made ``choices`` recorded choices:
    ``1 + boost * max(0, 1 - choices / n)`` with ``(boost, n)`` from :data:`EARLY_BOOST`
    (1 for a variant without a boost).

    >>> evidence_scale(0, Variant.GIN) > evidence_scale(10, Variant.GIN) > 1.0
    True
    >>> evidence_scale(100, Variant.GIN), evidence_scale(0, Variant.RUMMY500)
    (1.0, 1.0)
    """
    boost, n = EARLY_BOOST.get(variant, (0.0, 1))
    return 1.0 + boost * max(0.0, 1.0 - choices / n)


def kind_posterior(per_choice: list[list[Floats]], n_kinds: int) -> Floats:
    """Per opponent, the posterior probability of each kind of player given its choices.

    A kind's likelihood of the opponent's whole history is the average, over the
    backward guesses of the hidden cards (the hard facts' distribution), of the product
    of its choices' likelihoods under that kind: the importance-sampling estimate of
    the marginal likelihood, with the same guesses for every kind. Bayes' rule from a
    uniform prior over the kinds turns them into probabilities. (Averaging each choice
    apart instead would favour the kinds with the loosest weights: a choice that is
    hard to explain with one hand is easy to explain on average over many.)
    ``per_choice`` holds, per opponent, one (guesses x kinds) log-likelihood column per
    choice.

    >>> ll = [[np.log(np.array([[0.9, 0.1], [0.7, 0.1]]))] * 3]  # 3 choices, 2 guesses
    >>> np.round(kind_posterior(ll, 2), 3).tolist()  # (0.9^3 + 0.7^3) / 2 against 0.1^3
    [[0.998, 0.002]]
    """
    out = np.zeros((len(per_choice), n_kinds))
    for s, cols in enumerate(per_choice):
        if not cols:
            out[s] = 1.0 / n_kinds
            continue
        total = np.sum(cols, axis=0)  # (guesses, kinds): each guess's whole history
        out[s], _ = _normalise(_logsumexp(total, axis=0))
    return out


def anchor_layout(facts: Facts, lay: Layout) -> tuple[Layout, tuple[int, ...]]:
    """The unknown places as they were after the opponents' last move, and the card types
    the viewer has drawn from the stock since (blind draws: unseen until then).

    The opponents' evidence is scored at this anchor, so every decision of the viewer's
    turn (the draw, melds, the discard) reads the same evidence; the viewer's own draws
    then condition it (a card the viewer drew is in no opponent's hand). When the stock
    holds cards the viewer knows or a reshuffled pool, the anchor is the view itself.

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> g = rl.new_game("gin", seed=3)
    >>> for m in ("pass_upcard", "pass_upcard", "draw_stock"):
    ...     _ = g.play(m)
    >>> f = replay(g.view_for(1))
    >>> anchor, drawn = anchor_layout(f, layout(f))
    >>> len(anchor.unseen) - len(layout(f).unseen), anchor.stock - f.stock_hidden, len(drawn)
    (1, 1, 1)
    """
    if facts.stock_pool is not None or facts.pools or any(c is not None for c in facts.stock):
        return lay, ()
    me = facts.viewer
    drawn: list[int] = []
    for e in reversed(facts.view.history):
        if e.player != me:
            break
        if isinstance(e.move, DrawStock) and e.drawn is not None:
            drawn.append(e.drawn.index)
    if not drawn:
        return lay, ()
    unseen = np.sort(np.concatenate([lay.unseen, np.array(drawn, dtype=np.int64)]))
    anchor = Layout(unseen, lay.seats, lay.sizes, lay.stock + len(drawn), None, lay.known)
    return anchor, tuple(drawn)


def _condition(post: WeightedHands, lay: Layout) -> WeightedHands | None:
    """``post`` (at the anchor) given that only ``lay.unseen`` is still unseen: the hands
    that leave the viewer's drawn cards out, weights renormalised; ``None`` if none do."""
    most = counts_of_array(lay.unseen)
    fits = (post.hands.sum(axis=1) <= most[None, :]).all(axis=1)
    w = np.where(fits, post.weights, 0.0)
    total = float(w.sum())
    if total <= 0.0:
        return None
    return WeightedHands(lay, post.hands[fits], w[fits] / total, post.exact, kinds=post.kinds)


def uniform_posterior(facts: Facts) -> ProductForm:
    """The uniform model as a product form (all odds equal): for sampling.

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> post = uniform_posterior(replay(rl.new_game("gin", seed=3).view_for(1)))
    >>> p, e = post.marginals(np.random.default_rng(0))
    >>> round(float(p.max()), 6), round(float(e.sum()), 6)
    (0.243902, 10.0)
    """
    lay = layout(facts)
    return ProductForm(lay, np.zeros((len(lay.seats), CARD_TYPES)))


# --------------------------------------------------------------------------- reference


def importance_posterior(
    facts: Facts, *, particles: int = 4096, seed: int = 0, moves: int = 4
) -> WeightedHands:
    """The behaviour posterior without the product-form approximation (slow; a reference).

    Importance sampling of whole histories, proposing today's hands from the product form
    (mixed with the uniform model, so nothing is left out) and weighing them by the full
    likelihood of every choice; then the guesses are resampled and each takes ``moves``
    Metropolis-Hastings swaps to restore their variety.

    :param facts: the hard facts.
    :param particles: guesses.
    :param seed: seeds every draw.
    :param moves: Metropolis-Hastings steps per guess after resampling.
    :return: the weighted (after moves: equally weighted) guesses.

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> g = rl.new_game("gin", seed=3)
    >>> _ = g.play("take_upcard"); _ = g.play(f"discard {g.hand(1)[0].code}")
    >>> w = importance_posterior(replay(g.view_for(0)), particles=64, moves=1)
    >>> w.hands.shape, round(float(w.weights.sum()), 6)
    ((64, 1, 53), 1.0)
    """
    return _importance(facts, layout(facts), particles, seed, moves)


def _importance(facts: Facts, lay: Layout, particles: int, seed: int, moves: int,
                kinds: Sequence[BehaviourParams | None] | None = None, *,
                guided: bool = True, proposal: int | None = None,
                moved: int | None = None) -> WeightedHands:
    """:func:`importance_posterior` at the unknown places ``lay`` (the view's, or the
    anchor's: :func:`anchor_layout`).

    With ``kinds`` (the mixture over kinds of player), one opponent's posterior is
    computed kind by kind: each kind's own posterior by importance sampling (its product
    form as the proposal; a random player's is the uniform model), mixed by the kinds'
    posterior (:func:`kind_posterior`, the behaviour model's reading). Sampling each kind
    apart keeps a kind that explains a few guesses far better than the rest from taking
    over the sample. Several opponents, each of its own kind, are weighed by the mixture
    over kinds of each one's likelihood instead.

    ``guided=False`` attributes the unseen draws uniformly in the weights and moves
    (:func:`history_loglik`; still exact, with noisier weights, and faster).
    ``proposal``: the product form comes from the posterior
    :func:`behaviour_posterior` keeps for that many histories (shared with it) instead
    of a first pass over ``particles`` uniform guesses. ``moved``: how many guesses the
    weighted ones are resampled to before the moves (default all of them; the greedy
    kind alone, without ``kinds``)."""
    gen = np.random.default_rng(seed)
    if not lay.seats:
        return WeightedHands(lay, np.zeros((1, 0, CARD_TYPES), dtype=np.int16), np.ones(1))
    odds, post = _proposal_odds(facts, lay, particles, seed, gen, kinds, proposal)
    if kinds is None:
        return _sampled(facts, lay, particles, moves, gen, odds[0], None, guided, moved)
    assert post is not None
    if len(lay.seats) > 1:
        out = _sampled(facts, lay, particles, moves, gen,
                       np.einsum("sk,ksc->sc", post, odds), kinds, guided)
        return WeightedHands(lay, out.hands, out.weights, kinds=post)
    parts_h: list[Counts] = []
    parts_w: list[Floats] = []
    for k, n in _allocate(particles, post[0]).items():
        share, params = float(post[0, k]), kinds[k]
        if params is None:  # a random player: its posterior is the uniform model's
            got = WeightedHands(lay, uniform_hands(lay, n, gen), np.full(n, 1.0 / n))
        else:
            got = _sampled(facts, lay, n, moves, gen, odds[k], [params], guided)
        parts_h.append(got.hands)
        parts_w.append(got.weights * share)
    weights = np.concatenate(parts_w)
    return WeightedHands(lay, np.concatenate(parts_h, axis=0), weights / weights.sum(),
                         kinds=post)


def _proposal_odds(facts: Facts, lay: Layout, particles: int, seed: int,
                   gen: np.random.Generator, kinds: Sequence[BehaviourParams | None] | None,
                   proposal: int | None) -> tuple[Floats, Floats | None]:
    """The product form's log odds per kind (kinds, seats, 53; one kind without
    ``kinds``) and the kinds' posterior (seats, kinds; ``None`` without ``kinds``):
    scored on ``particles`` uniform guesses, or (``proposal``) kept from
    :func:`behaviour_posterior` with that many histories."""
    if proposal is not None:
        got = _anchor_kept(facts, lay, seed, proposal, kinds is not None)
        if isinstance(got, np.ndarray):
            return got[None], None
        if isinstance(got, tuple):
            return got[0], got[1]
        # (enumerated: the caller only samples when enumeration fails, so never here)
    odds, post, _ = _evidence(facts, lay, particles, gen, kinds)
    return odds, post


EXACT_MIN_GUESSES = 512
"""The fewest guesses the exact model gives one kind of player (however unlikely)."""


def _allocate(total: int, shares: Floats) -> dict[int, int]:
    """``total`` guesses shared among the kinds at least :data:`KIND_FLOOR` likely: each
    at least :data:`EXACT_MIN_GUESSES` (less if too few guesses), the rest by share.

    >>> _allocate(8192, np.array([0.02, 0.9, 0.0, 0.08]))
    {0: 645, 1: 6503, 3: 1044}
    """
    use = [k for k in range(len(shares)) if shares[k] >= KIND_FLOOR] or [int(shares.argmax())]
    floor = min(EXACT_MIN_GUESSES, total // len(use))
    rest = total - floor * len(use)
    weight = float(sum(shares[k] for k in use))
    out = {k: floor + int(rest * shares[k] / weight) for k in use}
    out[max(use, key=lambda k: shares[k])] += total - sum(out.values())
    return out


def _sampled(facts: Facts, lay: Layout, particles: int, moves: int,
             gen: np.random.Generator, bias: Floats,
             kinds: Sequence[BehaviourParams | None] | None,
             guided: bool = True, moved: int | None = None) -> WeightedHands:
    """Importance sampling from the product form with log odds ``bias`` (a quarter of
    the guesses uniform), weighed by the likelihood of every choice (under the greedy
    kind, or the mixture over ``kinds``), then resampled (to ``moved`` guesses, default
    as many) and moved ``moves`` times."""
    hands, log_ratio = _proposal_hands(lay, particles, gen, bias)
    by_kind = _seat_logliks(facts, lay, hands, gen, kinds=kinds, guided=guided)
    lls = _mix_kinds(by_kind) if kinds is not None else by_kind
    w, _ = _normalise(lls.sum(axis=1) - log_ratio)
    if moves <= 0:
        return WeightedHands(lay, hands, w)
    kept = particles if moved is None else moved
    pick = _systematic(w, kept, gen)
    hands, lls = hands[pick].copy(), lls[pick].copy()
    by_kind = by_kind[pick].copy()
    for step in range(moves):
        _move(facts, lay, hands, lls, bias, step, gen, kinds,
              by_kind if kinds is not None else None, guided)
    return WeightedHands(lay, hands, np.full(kept, 1.0 / kept))


def _mix_kinds(by_kind: Floats) -> Floats:
    """(guesses, seats, kinds) log-likelihoods -> (guesses, seats): each seat's mixture
    over the kinds, a uniform prior."""
    out: Floats = _logsumexp(by_kind, axis=2) - np.log(by_kind.shape[2])
    return out


EXACT_GUESSES = 8192
"""Guesses of :func:`exact_posterior` (``rl.inference.belief(view, model="exact")``)."""
EXACT_MOVES = 2
"""Metropolis-Hastings moves per guess in :func:`exact_posterior`."""


def exact_posterior(
    facts: Facts, *, seed: int = 0, guesses: int = EXACT_GUESSES, mixture: bool = True,
    moves: int | None = None, guided: bool = True, proposal: int | None = None,
    moved: int | None = None,
) -> ProductForm | WeightedHands:
    """The behaviour posterior without the product form: exact enumeration when the
    possible hands are few, else importance sampling of whole histories with
    ``guesses`` guesses and Metropolis-Hastings moves (:func:`importance_posterior`),
    each opponent's likelihood the mixture over the kinds of player (``mixture=False``:
    the greedy kind alone). With ``mixture=False``, ``moved`` resamples the weighted
    guesses to that many before the moves (cheaper moves; default all of them).

    :raises ValueError: for a ``moved`` that is not ``None`` or a whole number >= 1.

    Like :func:`behaviour_posterior` it is computed at the anchor (the places as they
    were after the opponents' last move) and kept, so the decisions of one turn share
    it; the viewer's draws since then condition it.

    >>> import rummy_lab as rl
    >>> from rummy_lab.inference.tracking import replay
    >>> g = rl.new_game("gin", seed=3)
    >>> _ = g.play("take_upcard"); _ = g.play(f"discard {g.hand(1)[0].code}")
    >>> post = exact_posterior(replay(g.view_for(0)), guesses=256)
    >>> type(post).__name__, post.hands.shape, round(float(post.weights.sum()), 6)
    ('WeightedHands', (256, 1, 53), 1.0)
    """
    if moved is not None and (isinstance(moved, bool) or not isinstance(moved, int)
                              or moved < 1):
        raise ValueError(f"moved must be None or a whole number of guesses >= 1, got {moved!r}")
    lay = layout(facts)
    if not lay.seats:
        return ProductForm(lay, np.zeros((0, CARD_TYPES)))
    how = _How(EXACT_MOVES if moves is None else moves, guided, proposal, moved)
    anchor, drawn = anchor_layout(facts, lay)
    got = _kept(("exact", mixture, seed, guesses, how), facts, anchor,
                lambda: _exact_at(facts, anchor, seed, guesses, mixture, how))
    assert isinstance(got, WeightedHands)
    if not drawn:
        return got
    conditioned = _condition(got, lay)
    return (conditioned if conditioned is not None
            else _exact_at(facts, lay, seed, guesses, mixture, how))


class _How(NamedTuple):
    """How :func:`exact_posterior` samples (its ``moves``, ``guided``, ``proposal`` and
    ``moved``)."""

    moves: int
    guided: bool
    proposal: int | None
    moved: int | None


def _exact_at(facts: Facts, lay: Layout, seed: int, guesses: int, mixture: bool,
              how: _How) -> WeightedHands:
    kinds = [p for _, p in kind_params(facts.rules)] if mixture else None
    got = enumerate_posterior(facts, lay, np.random.default_rng(seed), kinds=kinds)
    if got is None:
        got = _importance(facts, lay, guesses, seed, how.moves, kinds, guided=how.guided,
                          proposal=how.proposal, moved=how.moved)
    if mixture:
        return got
    # the greedy kind alone: every opponent read as that kind
    names = [name for name, _ in kind_params(facts.rules)]
    one = np.zeros((len(lay.seats), len(names)))
    one[:, names.index("greedy")] = 1.0
    return WeightedHands(got.lay, got.hands, got.weights, got.exact, kinds=one)


def _proposal_hands(
    lay: Layout, n: int, gen: np.random.Generator, log_odds: Floats, mix: float = 0.25
) -> tuple[Counts, Floats]:
    """Guesses from the product form (or, with probability ``mix``, uniform ones), with
    log(proposal / uniform) per guess for the importance weights."""
    from_product, from_uniform = gen.multinomial(n, [1.0 - mix, mix])
    uniform = uniform_hands(lay, n, gen)
    drawn = ([ProductForm(lay, log_odds).weighted(int(from_product), gen).sample(
        int(from_product), gen)] if from_product else [])
    hands = np.concatenate([*drawn, uniform[:from_uniform]], axis=0)[gen.permutation(n)]

    def log_ratio(h: Counts) -> Floats:  # log(product form / uniform), up to a constant
        out = np.zeros(h.shape[0])
        for s in range(len(lay.seats)):
            lo = np.clip(log_odds[s] - log_odds[s][lay.unseen].mean(), -12.0, 12.0)
            out += h[:, s, :] @ lo
        return out

    ref = log_ratio(uniform)  # E_uniform[exp(ratio)] is the product form's normaliser
    top = ref.max()
    norm = np.log(np.exp(ref - top).mean()) + top
    terms = [np.full(n, np.log(mix)), np.log(1.0 - mix) + log_ratio(hands) - norm]
    log_q: Floats = _logsumexp(np.stack(terms, axis=1), axis=1)
    return hands, log_q


def _gumbel_pick(weights: Floats, gen: np.random.Generator) -> npt.NDArray[np.int64]:
    """One column per row, with probability proportional to ``weights`` (rows x cols)."""
    # the Gumbel-max trick, argmax(log w - log(-log u)), taken as argmax(w / -log u)
    out: npt.NDArray[np.int64] = (weights / -np.log(gen.random(weights.shape))).argmax(axis=1)
    return out


def _systematic(weights: Floats, n: int, gen: np.random.Generator) -> npt.NDArray[np.int64]:
    """``n`` indices drawn by systematic resampling."""
    positions = (gen.random() + np.arange(n)) / n
    out: npt.NDArray[np.int64] = np.minimum(
        np.searchsorted(np.cumsum(weights), positions), len(weights) - 1
    )
    return out


def _move(
    facts: Facts,
    lay: Layout,
    hands: Counts,
    lls: Floats,
    bias: Floats,
    step: int,
    gen: np.random.Generator,
    kinds: Sequence[BehaviourParams | None] | None = None,
    by_kind: Floats | None = None,
    guided: bool = True,
) -> float:
    """One Metropolis-Hastings swap per guess; returns the acceptance rate.

    A card of one opponent's unknown cards trades places with an unseen card elsewhere:
    with the stock (cards picked with odds from the per-card scores, corrected in the
    acceptance ratio) or, every other step with several opponents, with another
    opponent's unknown card (picked uniformly). The likelihood of a proposal is a fresh
    estimate (new draw attributions): a pseudo-marginal sampler, exact in the limit.
    """
    n, seats = hands.shape[0], len(lay.seats)
    k = step % seats
    rows = np.arange(n)
    total = counts_of_array(lay.unseen)
    with_stock = lay.stock > 0 and (seats == 1 or step % 2 == 0)
    if not with_stock and seats == 1:
        return 0.0
    new = hands.copy()
    hk = hands[:, k, :].astype(np.float64)
    log_q = np.zeros(n)
    if with_stock:
        out = (total[None, :] - hands.sum(axis=1)).astype(np.float64)
        eb = np.exp(np.clip(bias[k], -12.0, 12.0))
        z_out, z_in = hk @ (1.0 / eb), out @ eb
        a = _gumbel_pick(hk / eb[None, :], gen)
        b = _gumbel_pick(out * eb[None, :], gen)
        ea, eb_ = eb[a], eb[b]
        z_out2 = z_out - 1.0 / ea + 1.0 / eb_
        z_in2 = z_in - eb_ + ea
        log_q = 2 * (np.log(ea) - np.log(eb_)) + np.log(z_out) + np.log(z_in) - np.log(
            z_out2
        ) - np.log(z_in2)
        new[rows, k, a] -= 1
        new[rows, k, b] += 1
        if lay.eligible is not None:
            pool = counts_of_array(lay.unseen[lay.eligible])
            stock_after = total[None, :] - new.sum(axis=1)
            bad = (stock_after > pool[None, :]).any(axis=1)
            log_q = np.where(bad, -np.inf, log_q)
        changed = [k]
    else:
        j = (k + 1 + step // 2 % (seats - 1)) % seats
        a = _gumbel_pick(hk, gen)
        b = _gumbel_pick(hands[:, j, :].astype(np.float64), gen)
        new[rows, k, a] -= 1
        new[rows, k, b] += 1
        new[rows, j, b] -= 1
        new[rows, j, a] += 1
        changed = [k, j]
    proposal = lls.copy()
    prop_kinds = by_kind.copy() if by_kind is not None else None
    for c in changed:
        seat = lay.seats[c]
        if facts.steps[seat]:
            ll, attr = history_loglik(facts, seat, new[:, c, :], gen, kinds=kinds,
                                      guided=guided)
            if kinds is not None and prop_kinds is not None:
                prop_kinds[:, c] = ll + attr[:, None]
                proposal[:, c] = _mix_kinds(prop_kinds[:, c:c + 1])[:, 0]
            else:
                proposal[:, c] = ll + attr
    log_alpha = proposal.sum(axis=1) - lls.sum(axis=1) + log_q
    accept = np.log(gen.random(n)) < log_alpha
    hands[accept] = new[accept]
    lls[accept] = proposal[accept]
    if by_kind is not None and prop_kinds is not None:
        by_kind[accept] = prop_kinds[accept]
    return float(accept.mean())




def counts_of_array(indices: npt.NDArray[np.int64]) -> Counts:
    """Card-type counts of an array of card indices.

    >>> int(counts_of_array(np.array([6, 6, 52]))[6])
    2
    """
    out: Counts = np.bincount(indices, minlength=CARD_TYPES).astype(np.int16)
    return out
