"""Fitting the behaviour model's weights to recorded games (maximum likelihood).

Why: the weights of :class:`~rummy_lab.inference.model.BehaviourParams` say how strongly a
player protects melds and partners, how much they prefer to throw high cards, and when
they take a discard. Rather than guess them, we read them off games where every hand is
known: each recorded discard is a choice among the cards then held (a conditional logit),
each take-or-draw a yes/no choice (a logistic regression). A small ridge penalty keeps the
weights finite when a player is (nearly) deterministic, as the greedy bots are.

The shipped weights come from the greedy bots' self-play (``python
benchmarks/bench_inference.py --fit``); fit your own players' games to model them instead.

>>> import random, rummy_lab as rl
>>> games = []
>>> for seed in range(4):
...     g = rl.new_game("gin", seed=seed)
...     _ = rl.bots.play_hand(g, [rl.bots.GreedyGinBot()] * 2, random.Random(seed))
...     games.append(g)
>>> data = choice_data(games)
>>> len(data.discards) > 10, len(data.draws) > 10
(True, True)
>>> fit_behaviour(games).keep_meld > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.rules import Rules
from .model import (
    BehaviourParams,
    _card_features,
    feature_table,
    layoff_array,
    meld_features,
    params_for,
)
from .sampling import counts_of
from .tracking import (
    DECIDE,
    DRAW,
    OUT,
    REVEAL,
    TAKE,
    DiscardChoice,
    DrawChoice,
    replay,
)

__all__ = ["ChoiceData", "choice_data", "fit_behaviour"]

Floats = npt.NDArray[np.float64]


@dataclass
class ChoiceData:
    """Feature rows of recorded choices, ready to fit.

    :ivar discards: per discard, (candidate features: cards x 4, chosen row). Columns:
        in a meld, partner only, points / 10, joker (the keep-score terms).
    :ivar draws: per take-or-draw, (features: 1, melds, partner only, fits the table,
        points / 10, joker) and whether the card was taken.
    """

    discards: list[tuple[Floats, int]] = field(default_factory=list)
    draws: list[tuple[Floats, bool]] = field(default_factory=list)


def _true_hands(game: Game, seat: int) -> ChoiceData:
    """Walk ``seat``'s history backwards from its true hand, recording each choice."""
    n = game.players
    viewer = (seat + 1) % n
    facts = replay(game.view_for(viewer))
    rules = game.rules
    table = feature_table(rules, facts.wild_rank)
    hid = counts_of(game.hand(seat)) - counts_of(facts.known[seat])
    known = counts_of(facts.known[seat])
    data = ChoiceData()
    history = game.history
    for step in reversed(facts.steps[seat]):
        kind = step[0]
        if kind == OUT:
            card = step[1]
            assert isinstance(card, Card)
            (hid if step[2] else known)[card.index] += 1
        elif kind == TAKE:
            for c in step[1]:  # type: ignore[attr-defined]
                if known[c.index] > 0:
                    known[c.index] -= 1
                else:
                    hid[c.index] -= 1
        elif kind == REVEAL:
            card = step[1]
            assert isinstance(card, Card)
            known[card.index] -= 1
            hid[card.index] += 1
        elif kind == DRAW:
            at = step[2]
            assert isinstance(at, int)
            drawn = history[at].drawn
            assert drawn is not None
            if hid[drawn.index] > 0:
                hid[drawn.index] -= 1
            else:
                known[drawn.index] -= 1
        elif kind == DECIDE:
            hand = (hid + known)[None, :].astype(np.int16)
            choice = step[1]
            if isinstance(choice, DiscardChoice):
                data.discards.append(_discard_row(hand, choice, table))
            elif isinstance(choice, DrawChoice):
                data.draws.append(_draw_row(hand, choice, table, rules))
    return data


def _discard_row(
    hand: npt.NDArray[np.int16], choice: DiscardChoice, table: object
) -> tuple[Floats, int]:
    from .model import FeatureTable

    assert isinstance(table, FeatureTable)
    melds, near = meld_features(hand, table, in_hand=True)
    held = hand[0] > 0
    for c in choice.banned:
        held[c.index] = False
    held[choice.card.index] = True
    idx = np.nonzero(held)[0]
    feats = np.stack(
        [
            melds[0, idx].astype(float),
            (near[0, idx] & ~melds[0, idx]).astype(float),
            table.values[idx] / 10.0,
            table.joker[idx].astype(float),
        ],
        axis=1,
    )
    return feats, int(np.nonzero(idx == choice.card.index)[0][0])


def _draw_row(
    hand: npt.NDArray[np.int16], choice: DrawChoice, table: object, rules: Rules
) -> tuple[Floats, bool]:
    from .model import FeatureTable

    assert isinstance(table, FeatureTable)
    counts = hand.copy()
    for c in choice.above:
        counts[0, c.index] += 1
    i = choice.card.index
    fits = float(layoff_array(choice.table, rules, choice.may_lay_off)[i])
    if table.joker[i]:
        row = np.array([1.0, 0.0, 0.0, fits, table.values[i] / 10.0, 1.0])
    else:
        melds, near = _card_features(counts, i, table)
        m, nb = bool(melds[0]), bool(near[0])
        row = np.array([1.0, float(m), float(nb and not m), fits, table.values[i] / 10.0, 0.0])
    return row, choice.took


def choice_data(games: Sequence[Game]) -> ChoiceData:
    """Every recorded discard and take-or-draw choice of finished (or running) games.

    :param games: games of one variant; every seat's choices are used.
    :return: the feature rows.
    """
    out = ChoiceData()
    for g in games:
        for seat in range(g.players):
            d = _true_hands(g, seat)
            out.discards.extend(d.discards)
            out.draws.extend(d.draws)
    return out


def _newton(
    loss_grad_hess: object, size: int, iterations: int = 50
) -> Floats:
    theta = np.zeros(size)
    f = loss_grad_hess  # returns (loss, grad, hess) of the penalised negative log-likelihood
    for _ in range(iterations):
        loss, grad, hess = f(theta)  # type: ignore[operator]
        step = np.linalg.solve(hess, grad)
        t = 1.0
        while t > 1e-6:
            new = theta - t * step
            if f(new)[0] <= loss:  # type: ignore[operator]
                break
            t /= 2
        theta = new
        if np.abs(t * step).max() < 1e-8:
            break
    return theta


def _fit_discards(rows: list[tuple[Floats, int]], ridge: float) -> Floats:
    # utility = -k_meld*m - k_near*n + k_value*v - k_joker*j  ->  signs folded in
    sign = np.array([-1.0, -1.0, 1.0, -1.0])
    feats = [f * sign for f, _ in rows]
    chosen = [k for _, k in rows]

    def f(theta: Floats) -> tuple[float, Floats, Floats]:
        loss = 0.5 * ridge * float(theta @ theta)
        grad = ridge * theta
        hess = ridge * np.eye(len(theta))
        for x, k in zip(feats, chosen, strict=True):
            u = x @ theta
            u -= u.max()
            p = np.exp(u)
            p /= p.sum()
            loss -= float(np.log(max(p[k], 1e-300)))
            mu = p @ x
            grad -= x[k] - mu
            hess += (x * p[:, None]).T @ x - np.outer(mu, mu)
        return loss, grad, hess

    return _newton(f, 4)


def _fit_draws(rows: list[tuple[Floats, bool]], ridge: float) -> Floats:
    x = np.stack([r for r, _ in rows])
    y = np.array([float(t) for _, t in rows])

    def f(theta: Floats) -> tuple[float, Floats, Floats]:
        z = x @ theta
        p = 1.0 / (1.0 + np.exp(-z))
        loss = float(np.sum(np.logaddexp(0.0, z) - y * z)) + 0.5 * ridge * float(theta @ theta)
        grad = x.T @ (p - y) + ridge * theta
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(theta))
        return loss, grad, hess

    return _newton(f, x.shape[1])


def fit_behaviour(
    games: Sequence[Game], *, ridge: float = 1.0, base: BehaviourParams | None = None
) -> BehaviourParams:
    """The behaviour weights that make the recorded choices most likely.

    Only the discard and take weights are fitted; the others (stopping to discard in the
    table variants, Gin's knock probability) come from ``base``.

    :param games: games of one variant.
    :param ridge: the L2 penalty on the weights (keeps them finite).
    :param base: weights to start from (default: the shipped ones for the variant).
    :return: the fitted weights.
    :raises ValueError: without games, or with no choice recorded in them.
    """
    if not games:
        raise ValueError("fit_behaviour needs at least one game")
    data = choice_data(games)
    if not data.discards or not data.draws:
        raise ValueError("the games record no discard or no take-or-draw choice to fit")
    start = base if base is not None else params_for(games[0].rules)
    k = _fit_discards(data.discards, ridge)
    d = _fit_draws(data.draws, ridge)
    return replace(
        start,
        keep_meld=round(float(k[0]), 3),
        keep_near=round(float(k[1]), 3),
        keep_value=round(float(k[2]), 3),
        keep_joker=round(float(k[3]), 3),
        take_bias=round(float(d[0]), 3),
        take_meld=round(float(d[1]), 3),
        take_near=round(float(d[2]), 3),
        take_layoff=round(float(d[3]), 3),
        take_value=round(float(d[4]), 3),
        take_joker=round(float(d[5]), 3),
    )

