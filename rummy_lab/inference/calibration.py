"""Calibration: are the probabilities honest?

Why: a belief that says 30% should be right about 30% of the time. Scoring many
predictions against what the hidden cards really were measures that: the Brier score
(mean squared error), the log loss, the expected calibration error over 10 bins and the
bins themselves (for a reliability diagram, :func:`rummy_lab.viz.reliability_figure`).

>>> c = calibration([0.1, 0.9, 0.8, 0.3], [0, 1, 1, 0])
>>> round(c.brier, 4), c.count, len(c.bins)
(0.0375, 4, 10)
>>> calibration([0.5], [2])
Traceback (most recent call last):
...
ValueError: observed outcomes must be 0 or 1 (False or True), got 2 at position 0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..engine.game import Game
from .belief import belief

__all__ = ["Calibration", "ReliabilityBin", "calibration", "game_predictions"]

EPSILON = 1e-6
"""Probabilities are clipped to [EPSILON, 1 - EPSILON] in the log loss."""


@dataclass(frozen=True)
class ReliabilityBin:
    """One bin of a reliability diagram.

    :ivar lower: the bin's lowest predicted probability.
    :ivar upper: its highest (exclusive, except 1.0 in the last bin).
    :ivar count: predictions in the bin.
    :ivar predicted: their mean predicted probability (``nan`` when empty).
    :ivar observed: how often the event happened among them (``nan`` when empty).
    """

    lower: float
    upper: float
    count: int
    predicted: float
    observed: float


@dataclass(frozen=True)
class Calibration:
    """Scores of probabilistic predictions against outcomes.

    :ivar count: number of predictions.
    :ivar brier: mean of (predicted - outcome) squared; 0 is perfect.
    :ivar log_loss: mean of -log(probability given to what happened).
    :ivar ece: expected calibration error: the count-weighted mean gap between predicted
        and observed frequency over the bins.
    :ivar bins: the reliability bins.

    >>> calibration([0.25] * 4, [1, 0, 0, 0]).ece
    0.0
    """

    count: int
    brier: float
    log_loss: float
    ece: float
    bins: tuple[ReliabilityBin, ...]

    def summary(self) -> str:
        """One line with the scores.

        >>> calibration([0.25] * 4, [1, 0, 0, 0]).summary()
        '4 predictions: Brier 0.1875, log loss 0.5623, ECE 0.0000'
        """
        return (
            f"{self.count} predictions: Brier {self.brier:.4f}, log loss "
            f"{self.log_loss:.4f}, ECE {self.ece:.4f}"
        )

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{b.lower:.1f}–{b.upper:.1f}</td><td>{b.count}</td>"
            f"<td>{'' if b.count == 0 else f'{b.predicted:.3f}'}</td>"
            f"<td>{'' if b.count == 0 else f'{b.observed:.3f}'}</td></tr>"
            for b in self.bins
        )
        return (
            '<div style="color:var(--jp-ui-font-color1);font-size:12px">'
            f"<div>{self.summary()}</div>"
            '<table><tr><th>bin</th><th>count</th><th>predicted</th><th>observed</th></tr>'
            f"{rows}</table></div>"
        )


def calibration(
    predicted: Iterable[float], observed: Iterable[bool | int], *, bins: int = 10
) -> Calibration:
    """Score probabilistic predictions against 0/1 outcomes.

    >>> c = calibration([0.05, 0.15, 0.95], [False, False, True], bins=2)
    >>> [(b.count, round(b.predicted, 2), b.observed) for b in c.bins]
    [(2, 0.1, 0.0), (1, 0.95, 1.0)]

    :param predicted: probabilities in [0, 1].
    :param observed: outcomes, 0/1 or booleans, one per prediction.
    :param bins: equal-width bins for the ECE and the diagram.
    :return: the scores.
    :raises ValueError: for different lengths, no predictions, a probability outside
        [0, 1], an outcome that is not 0/1, or a bad bin count.
    """
    preds = [float(p) for p in predicted]
    outs = list(observed)
    if isinstance(bins, bool) or not isinstance(bins, int) or bins < 1:
        raise ValueError(f"bins must be a whole number >= 1, got {bins!r}")
    if len(preds) != len(outs):
        raise ValueError(
            f"predicted and observed differ in length: {len(preds)} and {len(outs)}"
        )
    if not preds:
        raise ValueError("calibration needs at least one prediction")
    ys: list[int] = []
    for i, y in enumerate(outs):
        if y is True or y is False or (isinstance(y, int) and y in (0, 1)):
            ys.append(int(y))
        else:
            raise ValueError(
                f"observed outcomes must be 0 or 1 (False or True), got {y!r} at position {i}"
            )
    for i, p in enumerate(preds):
        if not 0.0 <= p <= 1.0 or math.isnan(p):
            raise ValueError(f"predicted probabilities must be in [0, 1], got {p} at position {i}")
    n = len(preds)
    brier = sum((p - y) ** 2 for p, y in zip(preds, ys, strict=True)) / n
    loss = 0.0
    for p, y in zip(preds, ys, strict=True):
        q = min(max(p if y else 1.0 - p, EPSILON), 1.0)
        loss -= math.log(q)
    sums = [[0, 0.0, 0] for _ in range(bins)]
    for p, y in zip(preds, ys, strict=True):
        k = min(int(p * bins), bins - 1)
        sums[k][0] += 1
        sums[k][1] += p
        sums[k][2] += y
    out_bins = []
    ece = 0.0
    for k, (count, total, hits) in enumerate(sums):
        pred = total / count if count else math.nan
        obs = hits / count if count else math.nan
        if count:
            ece += count / n * abs(pred - obs)
        out_bins.append(ReliabilityBin(k / bins, (k + 1) / bins, int(count), pred, obs))
    return Calibration(n, brier, loss / n, ece, tuple(out_bins))


def game_predictions(
    game: Game,
    *,
    model: str = "behaviour",
    seed: int = 0,
    from_turn: int = 4,
    seats: Sequence[int] | None = None,
) -> tuple[list[float], list[int]]:
    """Replay a recorded game and score the belief at each decision of each seat.

    At every decision of a seat (its turn, more than one legal move) once
    ``view.turn_count >= from_turn``, every card whose place that seat does not know is
    predicted for the next opponent: (``p``, whether the opponent really held it).

    >>> import random, rummy_lab as rl
    >>> g = rl.new_game("gin", seed=1)
    >>> _ = rl.bots.play_hand(g, [rl.bots.GreedyGinBot()] * 2, random.Random(1))
    >>> pred, obs = game_predictions(g, model="uniform")
    >>> len(pred) == len(obs) > 0, sum(obs) <= len(obs)
    (True, True)

    :param game: a recorded game (finished or not).
    :param model: the belief model.
    :param seed: its seed.
    :param from_turn: the first ``turn_count`` scored.
    :param seats: the seats whose decisions are scored (default: all).
    :return: the predictions and outcomes, in order.
    """
    preds: list[float] = []
    outs: list[int] = []
    chosen = set(range(game.players) if seats is None else seats)
    for g in game.replay():
        if g.is_over:
            break
        seat = g.current_player
        if seat not in chosen or len(g.legal_moves()) < 2:
            continue
        view = g.view_for(seat)
        if view.turn_count < from_turn:
            continue
        b = belief(view, model=model, seed=seed)
        if not b.opponents:
            continue
        opp = b.opponents[0]
        truth = g.hand(opp)
        for card in sorted(set(b.facts.unseen)):
            preds.append(b.p(card, opp))
            outs.append(int(card in truth))
    return preds, outs

