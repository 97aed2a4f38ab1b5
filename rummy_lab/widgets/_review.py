"""The play table's review panel: the figures of a reviewed hand, its key moments, the
chart and every decision with its rank and values.

Why a view of its own (rather than the review's notebook table): the panel leads with
what a learner asks first (how well did I play? where did it go wrong?), puts each
value beside its 95% interval, and in a hand of a match reads the values as the chance
to win the match before the decision (playing the coach's best move) and after it (the
move played). Everything shown comes from :class:`~rummy_lab.coach.Review`.

>>> import random, rummy_lab as rl
>>> g = rl.new_game("gin", seed=2)
>>> _ = rl.bots.play_hand(g, [rl.bots.GreedyGinBot(), rl.bots.RandomBot()], random.Random(0))
>>> html = review_html(rl.coach.review(g, 1))
>>> "accuracy" in html and "Key moments" in html and html.count(INTERVAL_NOTE) == 1
True
"""

from __future__ import annotations

from html import escape

from ..coach.ranking import INTERVAL_NOTE, format_value
from ..coach.review import COLORS, Review, ReviewRow
from ..display import count_words, glyph_text

__all__ = ["FOLD_AT", "FOLD_MIN", "KEY_MOMENTS", "review_html"]

KEY_MOMENTS = 3
"""Key moments the panel lists (:meth:`~rummy_lab.coach.Review.key_moments`), each with
its whole reason."""

FOLD_AT = 140
"""Characters of a decision's reason the table shows; the rest, when it is at least
:data:`FOLD_MIN` more, folds under them (the key moments give theirs whole)."""

FOLD_MIN = 40
"""Characters a fold must hide to be worth a click."""


def review_html(review: Review) -> str:
    """The review panel's body for ``review``: the accuracy, the error rate and the label
    counts; where the points went (when the values split); the :data:`KEY_MOMENTS` key
    moments; the chart of the loss per decision; the table of decisions (rank, the value
    played and the best one with their intervals, or in a match hand the chance to win
    the match before and after the decision, the loss, the label, why); the note on
    ``±`` and ranks, once.

    CSS hooks: ``rl-review-view``, ``rl-review-stats``, ``rl-review-stat``,
    ``rl-key-moments``, ``rl-review-table``.
    """
    rows = review.rows
    match = review.objective == "match"
    if not rows:
        return (f'<div class="rl-review-view"><p>{escape(review.summary())}</p></div>')
    unit = "of match-winning chance" if match else "points"
    counts = ", ".join(f"{_swatch(k)}{v} {k}" for k, v in review.counts().items() if v)
    stats = (
        '<div class="rl-review-stats">'
        f'<div class="rl-review-stat">accuracy <span class="rl-big">{review.accuracy:.0f}'
        "</span> of 100 (100: every decision of rank 1)</div>"
        f'<div class="rl-review-stat">error rate <span class="rl-big">'
        f"{review.amount(review.error_rate)}</span> {unit} lost per decision "
        f"({review.amount(review.total_loss)} in all)</div>"
        f'<div class="rl-review-stat">{count_words(len(rows), "decision")}: {counts}</div>'
        "</div>"
    )
    parts = {name: x for name, x in review.losses_by_part().items() if round(x, 1)}
    where = ("" if not parts else '<p class="rl-review-parts">where the points went: '
             + escape(", ".join(f"{name} {x:.1f}" for name, x in parts.items())) + "</p>")
    moments = "".join(_moment(review, r) for r in review.key_moments(KEY_MOMENTS))
    key = (f'<div class="rl-key-moments"><b>Key moments</b> (the decisions that cost or '
           f"could swing the most)<ol>{moments}</ol></div>")
    head: tuple[str, ...]
    if match:
        head = ("move", "you played", "rank", "win chance before → after", "coach's best",
                "lost", "label", "why")
    else:
        head = ("move", "you played", "rank", "its value", "coach's best", "its value",
                "lost", "label", "why")
    body = "".join(_row(review, r) for r in rows)
    table = ('<div class="rl-review-scroll"><table class="rl-review-table"><thead><tr>'
             + "".join(f"<th>{escape(h)}</th>" for h in head)
             + f"</tr></thead><tbody>{body}</tbody></table></div>")
    what = ("Values are your chance to win the match: before a decision, playing the "
            "coach's best move; after it, the move played" if match else
            "Values are points over the rest of the hand for you")
    note = (f'<p class="rl-note">{escape(what)}; {escape(INTERVAL_NOTE)}; rank 1: the '
            "coach cannot tell the move from the best at its precision.</p>")
    return (f'<div class="rl-review-view">{stats}{where}{key}{review.chart_svg()}{table}'
            f"{note}</div>")


def _value(review: Review, value: float, se: float) -> str:
    return escape(format_value(value, se, percent=review.objective == "match"))


def _move(move: object) -> str:
    return escape(glyph_text(str(move)))


def _swatch(label: str) -> str:
    """A square of the label's colour (the chart's) before its name."""
    return (f'<span aria-hidden="true" style="display:inline-block;width:.75em;height:.75em;'
            f"margin:0 .3em 0 .2em;border-radius:2px;vertical-align:-.05em;"
            f'background:{COLORS[label]}"></span>')


def _moment(review: Review, r: ReviewRow) -> str:
    """One key moment: the move, its label and rank, the values compared, the reason."""
    played = _value(review, r.played_value, r.played_se)
    best = _value(review, r.best_value, r.best_se)
    if review.objective == "match":
        values = f"win chance {best} before, {played} after"
    elif r.played == r.best:
        values = f"worth {played}"
    else:
        values = f"worth {played} against {best} for {_move(r.best)}"
    cost = (f"{review.amount(r.loss)} lost" if r.loss > 0 else
            f"nothing lost; the moves here spanned {review.amount(r.swing)}")
    return (f"<li><b>move {r.number}: {_move(r.played)}</b> ({_swatch(r.label)}{r.label}, "
            f"rank {r.rank}): {values}; {cost}"
            f'<div class="rl-reason">{escape(glyph_text(r.reason))}</div></li>')


def _row(review: Review, r: ReviewRow) -> str:
    played = _value(review, r.played_value, r.played_se)
    best = _value(review, r.best_value, r.best_se)
    coach = "the same" if r.played == r.best else _move(r.best)
    if review.objective == "match":
        values = f'<td class="rl-num">{best} → {played}</td><td>{coach}</td>'
    else:
        values = (f'<td class="rl-num">{played}</td><td>{coach}</td>'
                  f'<td class="rl-num">{best}</td>')
    return (f'<tr><td class="rl-num">{r.number}</td><td>{_move(r.played)}</td>'
            f'<td class="rl-num">{r.rank}</td>{values}'
            f'<td class="rl-num">{review.amount(r.loss)}</td>'
            f'<td style="white-space:nowrap;font-weight:600">{_swatch(r.label)}{r.label}</td>'
            f"<td>{_folded(glyph_text(r.reason))}</td></tr>")


def _folded(text: str, keep: int = FOLD_AT) -> str:
    """``text`` escaped; past ``keep`` characters, its start (cut at a word) with the rest
    under a summary a click opens."""
    if len(text) <= keep + FOLD_MIN:
        return escape(text)
    cut = text.rfind(" ", 0, keep)
    cut = cut if cut > 0 else keep
    return (f'<details class="rl-why"><summary>{escape(text[:cut])} …</summary>'
            f"{escape(text[cut:].lstrip())}</details>")
