"""Game review: every decision of one player, the coach's move beside it, the points lost.

A *decision* is a turn where the player had more than one legal move (forced moves are
not reviewed). For each, the coach evaluates the position as the player saw it
(:func:`rummy_lab.coach.evaluate` on ``view_for(player)`` before the move), and the row
records the move played, the coach's best move, the loss (value of the best minus value
of the move played, never negative) and a label by the loss:

=========== ===============================================================
label       loss, as a share of the variant's stake of a decision (:data:`STAKES`)
=========== ===============================================================
best        the move played is the coach's first choice
good        under 15%, or within one standard error of 0
inaccuracy  15% to under 40%
mistake     40% to under 100%
blunder     100% or more: at least what a move picked at random loses on average
=========== ===============================================================

The *stake* of a decision is what a careless decision costs in the variant: the points a
random bot loses to the expert bot over a hand, on the same deals against the greedy bot
(two players, default rules), divided by the random bot's decisions. By the performance
difference identity this is the mean loss per decision that a review with exact values
would find, and it is measured without the coach's values (``python
benchmarks/fits/fit_coach.py stakes``). Decisions weigh differently in the variants, and
not in proportion to a hand's points: a Rummy 500 round is worth about 67 points but is
long and forgiving (a meld not laid down now goes down next turn), so a random decision
costs 2.9 points there, against 3.5 in Gin, whose hand is worth 15, 1.2 in two-player
Basic Rummy and 8.7 in Indian Rummy, where a wrong declaration costs 80. The shares are
:data:`THRESHOLDS`; :func:`thresholds` gives the bounds in points for a variant.

Values are averages over sampled deals, so a loss has a standard error (from the paired
values of the two moves on the same deals): a loss the coach cannot tell from zero at its
precision is "good", whatever its size. A review is not played against the clock: at the
default budget it uses :data:`REVIEW_DEPTH` times the bot's deals, and the move played
always gets as many deals as the coach's best move (the bot may stop early once its
choice is settled; a review does not).

In Basic Rummy, Rummy 500 and Indian Rummy the values are the coach's one-turn estimate
(:mod:`rummy_lab.coach.oneturn`), not playouts: ``docs/coach.md`` (Reviews, Limits) gives
how far its losses are from playouts to the end of the hand. Over a random bot's hands
the losses of a Gin, Basic or Indian review add up to within 10% of what it truly loses
to the expert (``python benchmarks/bench_strength.py gap``); a Rummy 500 review's to
about 2.5 times that, and its draws' to many times what they cost (``gap --random-on
draw``): read a Rummy 500 review's draw labels as the one-turn estimate's, not as
measured losses. A Rummy 500 row says where the loss comes from, by the estimate's parts
(points on the table, melds in hand, deadwood kept, the danger of the throw), and so do
an Indian row (the race to declare, the count, danger), a Basic throw against another
(points thrown, partners kept, danger) and a Gin row (the points of the hands ending in
your gins, your knocks, undercuts, the opponent's knocks and gins); see
:func:`rummy_lab.coach.reasons.split_words`.
Such a row keeps the numbers (:attr:`ReviewRow.parts`), and :meth:`Review.losses_by_part`
and the summary add them up over the hand: where the points went.

>>> import random, rummy_lab as rl
>>> g = rl.new_game("gin", seed=2)
>>> _ = rl.bots.play_hand(g, [rl.bots.GreedyGinBot(), rl.bots.RandomBot()], random.Random(0))
>>> rv = rl.coach.review(g, 1)
>>> all(row.loss >= 0 for row in rv.rows), rv.rows[0].label in rl.coach.LABELS
(True, True)
"""

from __future__ import annotations

import html
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.moves import Move
from ..engine.rules import Variant
from .beliefs import model_for
from .matchplay import check_objective, match_values
from .reasons import contrast, facts_line, level, split_parts, split_words
from .value_types import MoveValue, check_budget
from .values import Ranked, move_values, ranked_values

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import PlayerView

__all__ = [
    "HINT_SHOWN", "LABELS", "MATCH_STAKE", "MEASURED_KEPT", "NOISE_Z", "REVIEW_DEPTH",
    "STAKES", "THRESHOLDS", "UNSPLIT", "Review", "ReviewRow", "clear_measured",
    "decision_seed", "label_for", "objective_for", "review", "review_values", "thresholds",
]

LABELS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The labels, from the best decision to the worst."""

THRESHOLDS: dict[str, float] = {"good": 0.15, "inaccuracy": 0.4, "mistake": 1.0}
"""Upper bounds (exclusive) of the loss for each label after "best", as shares of the
variant's stake of a decision (:data:`STAKES`); a loss at or above the "mistake" bound,
the whole stake, is a blunder."""

STAKES: dict[str, float] = {"gin": 3.52, "basic": 1.19, "500": 2.90, "indian": 8.67}
"""What a decision is worth, per variant, in points: what a random bot's decision loses
on average to the expert bot's, measured over whole hands against the greedy bot, two
players, default rules, without the coach's values (``python
benchmarks/fits/fit_coach.py stakes``: the expert's points less the random bot's on the
same deals, per reviewed decision of the random bot)."""

MATCH_STAKE = 0.05
"""The stake of a decision in a review valued in match-winning chance (a match hand):
5 percentage points of the chance to win the match. The label bounds are the same shares
of it as of a variant's stake in points (:data:`THRESHOLDS`): under 0.75 points "good",
under 2 an "inaccuracy", under 5 a "mistake", 5 or more a "blunder" (a single decision
that moves the match by 5 points of chance is about what a careless Gin decision, 3.5
hand points, moves it by at 80-80 to 100)."""

NOISE_Z = 1.0
"""A loss within this many standard errors of zero is "good"."""

UNSPLIT = "decisions without a split"
"""The name :meth:`Review.losses_by_part` gives the loss of rows without parts."""

HINT_SHOWN = 3
"""Moves the play table's hint shows. In Gin, whose moves race (a move clearly behind
stops getting deals), the hint and a review play these and the move played on every
deal, so a review's values of the hint's moves are the hint's, whichever is played."""

REVIEW_DEPTH = 4
"""At the default budget a review uses this many times the bot's deals per decision."""


def thresholds(variant: object = "gin") -> dict[str, float]:
    """The label bounds in points for a variant (a name, a preset or a Rules), or for
    ``"match"`` in match-winning chance (:data:`MATCH_STAKE`).

    >>> thresholds("gin")
    {'good': 0.528, 'inaccuracy': 1.408, 'mistake': 3.52}
    >>> thresholds("match")
    {'good': 0.0075, 'inaccuracy': 0.02, 'mistake': 0.05}
    """
    from ..engine.rules import Rules, get_rules

    if variant == "match":
        return {k: round(v * MATCH_STAKE, 4) for k, v in THRESHOLDS.items()}
    rules = variant if isinstance(variant, Rules) else get_rules(variant)  # type: ignore[arg-type]
    stake = STAKES[rules.variant.value]
    return {k: round(v * stake, 3) for k, v in THRESHOLDS.items()}


def _swatch(label: str) -> str:
    """A square of the label's colour before its name: the name stays in the text colour,
    readable in every theme, and the colour matches the chart's bars."""
    return (f'<span aria-hidden="true" style="display:inline-block;width:0.75em;'
            f'height:0.75em;margin-right:0.35em;border-radius:2px;vertical-align:-0.05em;'
            f'background:{COLORS[label]}"></span>')


COLORS: dict[str, str] = {
    "best": "#1b9e77", "good": "#66a61e", "inaccuracy": "#e6ab02", "mistake": "#d95f02",
    "blunder": "#a6111b",
}


def label_for(loss: float, *, is_best: bool = False, noise: float = 0.0,
              variant: object = "gin") -> str:
    """The label of a decision by its loss in points, in ``variant`` (see
    :func:`thresholds`).

    ``noise`` is the standard error of the loss (the coach's values are averages over
    sampled deals): a loss within :data:`NOISE_Z` standard errors of zero cannot be told
    from the best move at the coach's precision, so it is "good" however large.

    >>> label_for(0.0, is_best=True), label_for(0.5), label_for(1), label_for(2), label_for(5)
    ('best', 'good', 'inaccuracy', 'mistake', 'blunder')
    >>> label_for(3, noise=4.0), label_for(3, variant="indian"), label_for(3, variant="500")
    ('good', 'inaccuracy', 'blunder')
    """
    if is_best:
        return "best"
    bounds = thresholds(variant)
    if loss < bounds["good"] or loss < NOISE_Z * noise:
        return "good"
    if loss < bounds["inaccuracy"]:
        return "inaccuracy"
    if loss < bounds["mistake"]:
        return "mistake"
    return "blunder"


@dataclass(frozen=True)
class ReviewRow:
    """One reviewed decision.

    :ivar turn: the index of the move in ``game.history``.
    :ivar played: the move played.
    :ivar best: the coach's move.
    :ivar loss: value of ``best`` minus value of ``played`` (points, >= 0).
    :ivar label: one of :data:`LABELS`.
    :ivar reason: one sentence.
    :ivar played_value: the value of the move played.
    :ivar best_value: the value of the coach's move.
    :ivar noise: the standard error of ``loss``.
    :ivar parts: where the loss comes from (Basic, Rummy 500 and Indian Rummy, when the
        two values split into the same parts and the loss is above 0): part name and
        points, adding up to ``loss`` (a part may be negative, a gain the others outweigh).
    :ivar rank: the rank of the move played among the legal moves (1: the coach cannot
        tell it apart from the best; :mod:`rummy_lab.coach.ranking`).
    :ivar swing: how much the decision could move the value: the best move's value less
        the worst's.
    :ivar played_se: the standard error of ``played_value``.
    :ivar best_se: the standard error of ``best_value``.
    :ivar view: the position the player decided from (``None`` for a row built by hand).
    :ivar game: the game just before the decision, a copy (``None`` likewise).
    :ivar values: every legal move's value as the review measured it, ranked, best
        first (``None`` likewise): :func:`rummy_lab.practice.from_review` turns a row
        into a puzzle with them, with no thinking again.
    """

    turn: int
    played: Move
    best: Move
    loss: float
    label: str
    reason: str
    played_value: float = 0.0
    best_value: float = 0.0
    noise: float = 0.0
    parts: tuple[tuple[str, float], ...] = ()
    rank: int = 1
    swing: float = 0.0
    played_se: float = 0.0
    best_se: float = 0.0
    view: PlayerView | None = field(default=None, repr=False, compare=False)
    game: Game | None = field(default=None, repr=False, compare=False)
    values: Ranked | None = field(default=None, repr=False, compare=False)

    @property
    def number(self) -> int:
        """The move's number in the hand, counting from 1 (as the play table's log and
        the review's table and chart do): ``turn + 1``."""
        return self.turn + 1


@dataclass(frozen=True)
class Review:
    """A player's decisions in one hand, reviewed.

    :ivar player: the seat reviewed.
    :ivar variant: the rules' name.
    :ivar rows: one :class:`ReviewRow` per decision, in order.
    :ivar bounds: the label bounds in points (:func:`thresholds` of the game's rules).
    :ivar objective: what the values measure: ``"points"`` (over the rest of the hand)
        or ``"match"`` (the chance to win the match, for a hand of a match).
    """

    player: int
    variant: str
    rows: tuple[ReviewRow, ...]
    bounds: dict[str, float] = field(default_factory=thresholds)
    objective: str = "points"

    @property
    def total_loss(self) -> float:
        """Points lost over all decisions."""
        return sum(r.loss for r in self.rows)

    @property
    def stake(self) -> float:
        """What a decision is worth here (:data:`STAKES`, or :data:`MATCH_STAKE`): the
        "mistake" bound."""
        return float(self.bounds["mistake"])

    @property
    def error_rate(self) -> float:
        """The mean loss per decision, in the values' unit (points, or chance to win the
        match), unnormalised: the analogue of GNU Backgammon's error rate (0 with no
        decision)."""
        return self.total_loss / len(self.rows) if self.rows else 0.0

    @staticmethod
    def decision_accuracy(loss: float, stake: float, *, rank: int = 2) -> float:
        """One decision's accuracy, 0-100: ``100 * 2 ** (-loss / stake)``, where a move of
        rank 1 counts a loss of 0 (the coach cannot tell it from the best). A decision
        that loses a whole stake (what a random move loses on average) scores 50, two
        stakes 25; the map falls as the loss grows.

        >>> Review.decision_accuracy(0.0, 3.52), Review.decision_accuracy(3.52, 3.52)
        (100.0, 50.0)
        >>> Review.decision_accuracy(3.52, 3.52, rank=1)
        100.0
        """
        counted = 0.0 if rank == 1 else max(0.0, loss)
        return float(100.0 * 2.0 ** (-counted / stake))

    @property
    def accuracy(self) -> float:
        """0-100: the mean of :meth:`decision_accuracy` over the decisions (100 for
        all-best play, and with no decision)."""
        if not self.rows:
            return 100.0
        return sum(self.decision_accuracy(r.loss, self.stake, rank=r.rank)
                   for r in self.rows) / len(self.rows)

    def key_moments(self, n: int = 3) -> list[ReviewRow]:
        """The ``n`` decisions that cost the most (by loss), then, among decisions that
        cost nothing, those that could swing the value the most (:attr:`ReviewRow.swing`):
        where the hand was won or lost. Costliest first.

        :raises ValueError: for ``n`` that is not a whole number >= 0.
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"n must be a whole number >= 0, got {n!r}")
        ranked = sorted(self.rows, key=lambda r: (-r.loss, -r.swing, r.turn))
        return ranked[:n]

    def losses_by_part(self) -> dict[str, float]:
        """Points lost by part (:attr:`ReviewRow.parts`) over all decisions, largest first,
        then ``"decisions without a split"`` (some draws and melds): they add up to
        :attr:`total_loss`. Empty when no row has parts."""
        if not any(r.parts for r in self.rows):
            return {}
        out: dict[str, float] = {}
        rest = 0.0
        for r in self.rows:
            if r.parts:
                for name, x in r.parts:
                    out[name] = out.get(name, 0.0) + x
            else:
                rest += r.loss
        ranked = dict(sorted(out.items(), key=lambda kv: -kv[1]))
        if rest:
            ranked[UNSPLIT] = rest
        return ranked

    def counts(self) -> dict[str, int]:
        """How many decisions got each label (every label present, maybe 0)."""
        c = Counter(r.label for r in self.rows)
        return {lab: c.get(lab, 0) for lab in LABELS}

    def amount(self, x: float) -> str:
        """A loss in the values' unit: ``"1.4"`` points, or ``"2.1 percentage points"`` of
        the chance to win the match."""
        return f"{100 * x:.1f} percentage points" if self.objective == "match" else f"{x:.1f}"

    def summary(self) -> str:
        """A few lines: the label counts, the accuracy, the points lost (the error rate),
        the key moments."""
        n = len(self.rows)
        if not n:
            return f"player {self.player} had no decision to review ({self.variant})"
        counts = ", ".join(f"{v} {k}" for k, v in self.counts().items())
        what = ("chance to win the match lost" if self.objective == "match"
                else "points lost")
        lines = [
            f"player {self.player}, {n} decision{'s' if n != 1 else ''} ({self.variant}): "
            f"{counts}",
            f"accuracy {self.accuracy:.0f} of 100; {what}: {self.amount(self.total_loss)} "
            f"in all, {self.amount(self.error_rate)} per decision (the error rate)",
        ]
        by_part = self.losses_by_part()
        shown = {name: x for name, x in by_part.items() if round(x, 1)}
        if shown:
            lines.append("where the points went: " + ", ".join(
                f"{name} {x:.1f}" for name, x in shown.items()))
        for r in self.key_moments():
            if r.loss > 0:
                lines.append(f"key moment: move {r.number}, {r.played} ({r.label}, "
                             f"-{self.amount(r.loss)}): {r.reason}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def chart_svg(self, width: int = 560, height: int = 180) -> str:
        """The loss of each decision as an inline SVG bar chart, bars coloured by label.

        A legend of the label colours runs along the top; dashed lines mark the label
        bounds (:func:`thresholds`); each bar's move number is under it (up to 30 bars)
        and its tooltip names the move. Text takes the surrounding colour
        (``currentColor``), so the chart reads in a light and a dark theme alike.
        """
        n = max(1, len(self.rows))
        top = max([r.loss for r in self.rows] + [self.bounds["mistake"]])
        left, pad, legend_h = 36, 8, 16
        tick_h, caption_h = 12, 14
        plot_top = pad + legend_h
        plot_w = width - left - pad
        plot_h = height - plot_top - tick_h - caption_h - 4
        base = plot_top + plot_h
        bar = plot_w / n
        text = 'fill="currentColor"'
        unit = "match chance" if self.objective == "match" else "points"
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'role="img" aria-label="points lost per decision" class="rl-review-chart" '
            f'style="color:inherit">',
            f'<line x1="{left}" y1="{base}" x2="{width - pad}" y2="{base}" stroke="#888"/>',
            f'<text x="{left - 4}" y="{plot_top + 8}" font-size="10" text-anchor="end" '
            f'{text}>{f"{100 * top:.0f}%" if self.objective == "match" else f"{top:.0f}"}</text>',
            f'<text x="{left - 4}" y="{base}" font-size="10" text-anchor="end" {text}>0</text>',
            f'<text x="{left}" y="{height - 4}" font-size="10" {text}>{unit} lost per '
            'decision (move number below each bar; dashed lines: the label bounds)</text>',
        ]
        x = float(left)
        for label in LABELS:  # the legend
            parts.append(f'<rect x="{x:.0f}" y="{pad}" width="9" height="9" '
                         f'fill="{COLORS[label]}"/>'
                         f'<text x="{x + 12:.0f}" y="{pad + 8}" font-size="10" {text}>'
                         f'{label}</text>')
            x += 12 + 5.6 * len(label) + 12
        for key in ("good", "inaccuracy", "mistake"):
            y = base - self.bounds[key] / top * plot_h
            parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - pad}" y2="{y:.1f}" '
                         'stroke="#999" stroke-dasharray="3,3"/>')
        for i, r in enumerate(self.rows):
            h = max(1.0, r.loss / top * plot_h) if r.loss > 0 else 1.0
            x = left + i * bar + bar * 0.1
            title = html.escape(f"move {r.number}: {r.played} ({r.label}, -{self.amount(r.loss)})")
            parts.append(
                f'<rect x="{x:.1f}" y="{base - h:.1f}" width="{bar * 0.8:.1f}" '
                f'height="{h:.1f}" fill="{COLORS[r.label]}"><title>{title}</title></rect>'
            )
            if n <= 30:
                parts.append(f'<text x="{x + bar * 0.4:.1f}" y="{base + tick_h - 2}" '
                             f'font-size="9" text-anchor="middle" {text}>{r.number}</text>')
        parts.append("</svg>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        from .ranking import INTERVAL_NOTE, format_value

        match = self.objective == "match"
        cols = (("move", "played", "rank", "win chance: played / best" if match else
                 "value: played / best", "loss", "label", "why"))
        head = "".join(f"<th>{h}</th>" for h in cols)
        rows = []
        for r in self.rows:
            vals = (f"{format_value(r.played_value, r.played_se, percent=match)} / "
                    f"{format_value(r.best_value, r.best_se, percent=match)} "
                    f"({html.escape(str(r.best))})")
            rows.append(
                "<tr>"
                f"<td>{r.number}</td><td>{html.escape(str(r.played))}</td>"
                f"<td>{r.rank}</td><td>{vals}</td><td>{self.amount(r.loss)}</td>"
                f'<td style="font-weight:bold;white-space:nowrap">{_swatch(r.label)}'
                f"{r.label}</td>"
                f"<td>{html.escape(r.reason)}</td>"
                "</tr>"
            )
        summary = html.escape(self.summary()).replace("\n", "<br>")
        note = (f'<p class="rl-note">{INTERVAL_NOTE}; rank 1: the coach cannot tell the '
                "move from the best at its precision</p>")
        return (
            f'<div class="rl-review"><p>{summary}</p>{self.chart_svg()}'
            f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f"{note}</div>"
        )


def _row_reason(view: PlayerView, played: MoveValue, best: MoveValue, loss: float,
                values: Ranked, rank: int, objective: str) -> str:
    """One sentence contrasting the move played with the best one, from their numbers."""
    match = objective == "match"

    def amount(x: float) -> str:
        return f"{100 * x:.1f} percentage points of the chance to win the match" if match \
            else f"{x:.1f} points"

    what = facts_line(view, played.move)
    if played.move == best.move:
        return f"{played.move} was the coach's first choice" + (f": {what}" if what else "")
    text = f"{played.move}" + (f" ({what})" if what else "")
    if rank == 1:
        text += f" is as good as {best.move} at the coach's precision"
        if values.choice.move == played.move:
            text += " (and is the coach's pick)"
        elif not level(loss):
            text += f" ({amount(loss)} less, within the noise)"
    elif level(loss) and not match:
        text += f" is worth as much as {best.move} to 0.1 points"
    else:
        text += f" is worth {amount(loss)} less than {best.move}"
    why = contrast(view, played.move, best.move)
    if why:
        text += f": {why}"
    split = split_words(played, best, view=view) if not match else None
    if split:
        text += f"; {split}"
    return text


def decision_seed(seed: int, index: int) -> int:
    """The coach's seed for the decision at ``game.history[index]`` in a review seeded
    ``seed`` (and in :func:`rummy_lab.coach.hint`, which values that decision the same
    way)."""
    return seed * 7919 + index


MEASURED_KEPT = 128
"""Decisions whose values :func:`review_values` keeps (the least recently used is
dropped first): a review of a hand played with the hint on finds each decision the hint
measured already measured, and takes no time for it."""

_measured: OrderedDict[tuple[PlayerView, int, bool, str],
                       tuple[Move | None, Ranked]] = OrderedDict()


def review_values(view: PlayerView, budget: float | None, seed: int, *,
                  played: Move | None = None, split: bool = True) -> Ranked:
    """Every legal move's value as a review measures it, the coach's choice first:
    :data:`REVIEW_DEPTH` times the bot's deals at the default budget, every move through
    the whole schedule, and in Gin the :data:`HINT_SHOWN` moves of highest value and
    ``played`` on every deal. :func:`rummy_lab.coach.hint` values a decision with it
    too, which is why a review agrees with the hint.

    At the default budget the values are a function of ``view``, ``seed``, ``played`` and
    ``split``, and the last :data:`MEASURED_KEPT` decisions are kept: a call that would
    compute what a kept one computed gets a copy of its values (the same numbers, to the
    last digit) at once. With a budget in seconds nothing is kept (the deals played
    depend on the clock)."""
    key = (view, seed, split, model_for(view))  # the reading too: see beliefs.reading
    if budget is None and key in _measured:
        then, values = _measured[key]
        if _same_values(view, values, then, played):
            _measured.move_to_end(key)
            return _copy(values)
    values = ranked_values(view, budget, seed, complete=() if played is None else (played,),
                           complete_top=HINT_SHOWN, settle=False,
                           depth=REVIEW_DEPTH if budget is None else 1, split=split, decide=True)
    if budget is None:
        _measured[key] = (played, _copy(values))
        _measured.move_to_end(key)
        while len(_measured) > MEASURED_KEPT:
            _measured.popitem(last=False)
    return values


def _same_values(view: PlayerView, values: list[MoveValue], then: Move | None,
                 now: Move | None) -> bool:
    """Whether values computed with ``played=then`` are those ``played=now`` gives. Only
    Gin fills the move played in (the other variants play every move on every deal), and
    filling is a no-op for a move already played on every deal: values computed without
    a move played serve any move that holds every deal in them, or is exact, or is not
    listed."""
    if now == then or view.rules.variant is not Variant.GIN:
        return True
    if then is not None:  # its filling may have changed its own value
        return False
    got = next((mv for mv in values if mv.move == now), None)
    if got is None or got.exact:
        return True
    return got.samples == max(mv.samples for mv in values if not mv.exact)


def clear_measured() -> None:
    """Forget the decisions :func:`review_values` keeps (the next review measures each
    decision afresh, to the same values)."""
    _measured.clear()


def _copy(values: Ranked) -> Ranked:
    return values.copy_values()


def objective_for(game: Game) -> str:
    """``"match"`` for a two-player hand of a match whose format has match chances
    (:func:`rummy_lab.coach.match_win_probability`), else ``"points"``: what a review
    and a hint of ``game`` value moves by."""
    if game.match_scores is None:
        return "points"
    try:
        return check_objective("match", game.view_for(0))
    except ValueError:
        return "points"


def review(game: Game, player: int, *, budget: float | None = None, seed: int = 0,
           objective: str | None = None) -> Review:
    """Review ``player``'s decisions in ``game`` (finished or still running).

    :param game: a :class:`~rummy_lab.engine.game.Game`.
    :param player: the seat to review.
    :param budget: the coach's budget per decision (see :func:`rummy_lab.coach.evaluate`).
    :param seed: seeds the coach (each decision gets its own seed from it).
    :param objective: ``"points"`` or ``"match"``; ``None`` (the default) values a hand of
        a two-player match in match-winning chance and any other hand in points
        (:func:`objective_for`).
    :return: the :class:`Review`.
    :raises ValueError: for something that is not a Game, an unknown player, a negative
        budget, or an objective the game cannot be valued by.
    """
    from ..engine.game import Game

    if not isinstance(game, Game):
        raise ValueError(f"review needs a Game, got {type(game).__name__}")
    if isinstance(player, bool) or not isinstance(player, int) or not (
        0 <= player < game.players
    ):
        raise ValueError(f"player must be a seat 0..{game.players - 1}, got {player!r}")
    b = check_budget(budget)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    obj = objective_for(game) if objective is None else check_objective(
        objective, game.view_for(player))
    g = game.initial()
    rows: list[ReviewRow] = []
    for event in game.history:
        if event.player == player:
            view = g.view_for(player)
            if len(view.legal_moves) > 1:
                rows.append(_review_row(view, event.index, event.move, b,
                                        decision_seed(seed, event.index), obj, g))
        g.play(event.move)
    bounds = thresholds("match" if obj == "match" else game.rules)
    return Review(player, game.rules.name, tuple(rows), bounds, obj)


def _review_row(view: PlayerView, turn: int, move: Move, budget: float | None, seed: int,
                objective: str, game: Game | None = None) -> ReviewRow:
    from .ranking import standard_error

    if objective == "match":
        values = match_values(view, budget, seed, depth=REVIEW_DEPTH if budget is None else 1)
    else:
        values = review_values(view, budget, seed, played=move)
    best = values[0]
    played = next((mv for mv in values if mv.move == move), None)
    rank = values.rank_of(move) if played is not None else len(values) + 1
    if played is None:  # a move the engine accepts but does not list
        played = move_values(view, [move], budget, seed,
                             depth=REVIEW_DEPTH if budget is None else 1)[0]
    loss = max(0.0, best.value - played.value)
    is_best = rank == 1
    noise = played.noise_against(best)
    split = (split_parts(best, played) if loss > 0 and not is_best and objective == "points"
             else None)
    return ReviewRow(
        turn, move, best.move, loss,
        label_for(loss, is_best=is_best, noise=noise,
                  variant="match" if objective == "match" else view.rules),
        _row_reason(view, played, best, loss, values, rank, objective),
        played.value, best.value, noise, tuple(split.items()) if split else (),
        rank, best.value - values[-1].value, standard_error(played), standard_error(best),
        view, None if game is None else game.copy(), values,
    )
