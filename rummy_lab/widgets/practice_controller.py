"""PracticeController: the practice widget's logic, without a widget.

Why: what a click on a practice puzzle *means* (which move a card stands for, the verdict,
the hints one level at a time, what Try again and Next do, which answer goes on the
learner's record, the progress figures) is separate from how it is drawn, so it can be
tested and reused without ipywidgets, as :class:`~rummy_lab.widgets.play_controller.
PlayController` is for the play table. :class:`~rummy_lab.widgets.PracticeWidget` draws a
controller and turns clicks into its calls. Nothing here grades: the puzzle does
(:meth:`rummy_lab.practice.Puzzle.check`), and every number comes from its advice.

>>> import rummy_lab as rl
>>> from rummy_lab.practice.mining import mine
>>> c = PracticeController(puzzles=mine("gin", n=1, budget=0.2, seed=1))
>>> c.number, c.verdict is None, c.hint_level
(1, True, 0)
>>> c.answer(c.puzzle.answers[0]).correct
True
>>> c.answer(c.puzzle.answers[0])
Traceback (most recent call last):
...
ValueError: you have answered this puzzle (...); press Try again to answer again, or Next
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..coach.ranking import format_gap
from ..coach.reasons import one_line
from ..display import glyph_text
from ..engine.cards import Card
from ..engine.errors import quote
from ..engine.moves import Declare, Discard, Gin, Knock, Move
from ..engine.state import Phase
from ..practice import HINT_LEVELS, Puzzle, Verdict
from ..practice.themes import THEMES, check_theme, variant_key

__all__ = [
    "BATCH", "CARD_MOVES", "PracticeController", "ProgressFigures", "Recorder",
    "SessionRecord",
    "progress_figures",
]

BATCH = 20
"""Puzzles dealt from the shipped set at a time (``rl.practice.puzzles(n=BATCH)``)."""

STALE_BATCHES = 8
"""Batches in a row with no puzzle not yet seen, from a dealer whose pool size is not
known, after which a new round starts (the puzzles seen may come again)."""

CARD_MOVES: tuple[type[Move], ...] = (Discard, Knock, Declare, Gin)
"""The moves a click on a card may stand for, in the order tried: a card click throws
the card (a discard), else goes out with it (knock, declare, gin) when that is the only
way to play it."""


# ---------------------------------------------------------------------- the record


class Recorder(Protocol):
    """What a progress object must have: ``record(puzzle, verdict, hints=n)`` (the rest is
    read by duck typing, :func:`progress_figures`)."""

    def record(self, puzzle: Puzzle, verdict: Verdict, *, hints: int = 0) -> object:
        """Note the first answer to ``puzzle``, given after ``hints`` hint levels."""


class SessionRecord:
    """The learner's record for one session, kept in memory (used when no progress
    object is given): every recorded first answer, by variant.

    >>> r = SessionRecord()
    >>> r.streak("gin"), r.accuracy("gin")
    (0, None)
    """

    def __init__(self) -> None:
        self._results: list[tuple[str, bool]] = []

    def record(self, puzzle: Puzzle, verdict: Verdict, *, hints: int = 0) -> None:
        """Note an answer to ``puzzle``: solved when right without the last hint level,
        which gives the answer (as :class:`rummy_lab.practice.Progress` counts it)."""
        self._results.append((puzzle.variant,
                              bool(verdict.correct) and hints < max(HINT_LEVELS)))

    def _of(self, variant: str | None) -> list[bool]:
        return [ok for v, ok in self._results if variant is None or v == variant]

    def attempts(self, variant: str | None = None) -> list[bool]:
        """Whether each recorded answer (of ``variant``, all when None) was correct."""
        return self._of(variant)

    def accuracy(self, variant: str | None = None) -> float | None:
        """The share of correct answers (0 to 1), None before any."""
        got = self._of(variant)
        return sum(got) / len(got) if got else None

    def streak(self, variant: str | None = None) -> int:
        """Correct answers in a row, latest first."""
        run = 0
        for ok in reversed(self._of(variant)):
            if not ok:
                break
            run += 1
        return run


@dataclass(frozen=True)
class ProgressFigures:
    """What the progress line shows; a figure the record does not keep is None.

    :ivar attempted: puzzles recorded (of the variant).
    :ivar correct: of them, answered correctly the first time.
    :ivar streak: correct answers in a row.
    :ivar rating: the learner's rating in the variant; :ivar deviation: its deviation.
    :ivar due: missed puzzles due for review.
    """

    attempted: int
    correct: int | None
    streak: int | None
    rating: float | None
    deviation: float | None
    due: int | None

    @property
    def accuracy(self) -> float | None:
        """``correct / attempted`` (None before any attempt or without the count)."""
        if not self.attempted or self.correct is None:
            return None
        return self.correct / self.attempted


def _call(obj: object, name: str, variant: str) -> Any:
    """``obj.<name>(variant)``, else ``obj.<name>()``; None when it has no such method."""
    method = getattr(obj, name, None)
    if not callable(method):
        return None
    try:
        return method(variant)
    except TypeError:
        return method()


def _number(x: object) -> float | None:
    if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
        return None
    return float(x)


def progress_figures(record: object, variant: str) -> ProgressFigures:
    """The figures of ``record`` for ``variant``, read by duck typing: a
    :class:`SessionRecord`, a :class:`rummy_lab.practice.Progress` or any object with some
    of ``attempts``, ``accuracy``, ``streak``, ``rating`` and ``due`` (each called with the
    variant when it takes it). ``rating`` may give an object with ``rating`` and
    ``deviation``, a ``(rating, deviation)`` pair or a number; ``due`` a list or a count;
    ``attempts`` a list of objects with ``correct`` (or of booleans)."""
    got = _call(record, "attempts", variant)
    attempts = list(got) if isinstance(got, Sequence) else []
    flags = [a if isinstance(a, bool) else getattr(a, "correct", None) for a in attempts]
    correct: int | None = sum(1 for f in flags if f is True) if all(
        isinstance(f, bool) for f in flags) else None
    if correct is None or not attempts:
        share = _number(_call(record, "accuracy", variant))
        if share is not None and attempts:
            correct = round(share * len(attempts))
    streak = _call(record, "streak", variant)
    rating = deviation = None
    r = _call(record, "rating", variant)
    if r is not None:
        if isinstance(r, tuple) and len(r) == 2:
            rating, deviation = _number(r[0]), _number(r[1])
        elif _number(r) is not None:
            rating = _number(r)
        else:
            rating = _number(getattr(r, "rating", None))
            deviation = _number(getattr(r, "deviation", None))
    due = _call(record, "due", variant)
    due_count = len(due) if isinstance(due, Sequence) else (
        int(due) if _number(due) is not None else None)
    return ProgressFigures(len(attempts), correct,
                           int(streak) if _number(streak) is not None else None,
                           rating, deviation, due_count)


# ---------------------------------------------------------------------- the controller


class PracticeController:
    """A run of practice puzzles, answered one click at a time.

    :param variant: the variant to deal from the shipped set (``rl.practice.puzzles``);
        ignored when ``puzzles`` is given (each puzzle has its own).
    :param theme: deal only puzzles of this theme (:data:`rummy_lab.practice.THEMES`);
        ignored with ``puzzles``.
    :param progress: the learner's record (:class:`rummy_lab.practice.Progress` or any
        object with ``record(puzzle, verdict, hints=n)``, read by duck typing:
        :func:`progress_figures`); None keeps a :class:`SessionRecord` in memory. With a
        record that has ``due``, the missed puzzles it brings back come first when
        dealing from the shipped set.
    :param puzzles: the puzzles to use, in order (after the last, the first again),
        instead of dealing from the shipped set.
    :param seed: the seed of the first batch dealt; each further batch takes the next.
    :param batch: puzzles dealt at a time.
    :param deal: the dealer (``rl.practice.puzzles`` by default; tests may pass another
        with the same signature).
    :raises ValueError: for an unknown variant or theme, puzzles that are not a non-empty
        list of :class:`~rummy_lab.practice.Puzzle`, a progress object without
        ``record``, a bad seed or batch, or (from the dealer) no shipped puzzle to deal.

    :ivar puzzle: the puzzle on the board.
    :ivar number: how many puzzles have been on the board (1 for the first).
    :ivar round: 1, then 2, 3... each time the puzzles start over.
    :ivar due_again: True when the puzzle on the board is a missed one the record brought
        back for review.
    :ivar move: the move answered, until Try again or Next (None before an answer).
    :ivar verdict: its :class:`~rummy_lab.practice.Verdict` (None before an answer).
    :ivar first: the verdict on the first answer to this puzzle (the one recorded).
    :ivar answers: how many answers this puzzle has had.
    :ivar hints: the hints given, one per level (``hint_level`` of them).
    :ivar revealed: True once the answer was asked for (Show answer, the ranking).
    :ivar session: the session's own record (every first answer, recorded at once).
    """

    def __init__(
        self,
        variant: str = "gin",
        theme: str | None = None,
        progress: Recorder | None = None,
        *,
        puzzles: Sequence[Puzzle] | None = None,
        seed: int = 0,
        batch: int = BATCH,
        deal: Callable[..., list[Puzzle]] | None = None,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, got {quote(seed)}")
        if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
            raise ValueError(f"batch must be a whole number >= 1, got {quote(batch)}")
        if progress is not None and not callable(getattr(progress, "record", None)):
            raise ValueError(f"progress must have a record(puzzle, verdict, hints=n) method (like "
                             f"rl.practice.Progress), got {type(progress).__name__}")
        self._given: tuple[Puzzle, ...] | None = None
        if puzzles is not None:
            if isinstance(puzzles, str | bytes) or not isinstance(puzzles, Sequence):
                raise ValueError(f"puzzles must be a list of Puzzle, got "
                                 f"{type(puzzles).__name__}")
            bad = [type(p).__name__ for p in puzzles if not isinstance(p, Puzzle)]
            if bad:
                raise ValueError(f"puzzles must be a list of Puzzle, got a {bad[0]} in it")
            if not puzzles:
                raise ValueError("puzzles is empty: give at least one puzzle, or None to "
                                 "deal from the shipped set")
            self._given = tuple(puzzles)
            self.variant = self._given[0].variant
            self.theme: str | None = None
        else:
            self.variant = variant_key(variant)
            self.theme = check_theme(self.variant, theme)
        self.seed = seed
        self.batch = batch
        self.progress = progress
        self.session = SessionRecord()
        self._deal_fn = deal
        self._queue: list[Puzzle] = []
        self._seen: set[str] = set()
        self._batches = 0
        self._at = -1
        self.round = 1
        self.number = 0
        self.due_again = False
        self.puzzle: Puzzle = self._next_puzzle()
        self._fresh()

    # ------------------------------------------------------------------ dealing
    def _fresh(self) -> None:
        self.number += 1
        self.move: Move | None = None
        self.verdict: Verdict | None = None
        self.first: Verdict | None = None
        self.answers = 0
        self.hints: list[str] = []
        self.revealed = False

    def _dealer(self) -> Callable[..., list[Puzzle]]:
        if self._deal_fn is not None:
            return self._deal_fn
        from .. import practice

        return practice.puzzles

    def _pool_size(self) -> int | None:
        if self._deal_fn is not None:
            return None
        from .. import practice

        return len(practice.shipped(self.variant, theme=self.theme))

    def _next_puzzle(self) -> Puzzle:
        """The next puzzle: from the given list (round after round), else a due review
        from the record, else the next of the shipped set (a batch dealt when needed)."""
        if self._given is not None:
            self._at += 1
            if self._at == len(self._given):
                self._at = 0
                self.round += 1
            return self._given[self._at]
        due = self._due()
        if due is not None:
            self.due_again = True
            return due
        self.due_again = False
        stale = 0
        while not self._queue:
            pool = self._pool_size()
            n = self.batch if pool is None else min(self.batch, pool)
            if pool == 0:
                what = f"{self.variant} puzzles" + (
                    f" of theme {self.theme!r}" if self.theme else "")
                raise ValueError(f"the shipped set has no {what} yet; pass puzzles= "
                                 "(rl.practice.from_review, rl.practice.mining.mine)")
            dealt = self._dealer()(self.variant, theme=self.theme, n=n,
                                   seed=self.seed + self._batches)
            self._batches += 1
            if not dealt:
                raise ValueError(f"no {self.variant} puzzles to deal")
            fresh = [p for p in dealt if p.id not in self._seen]
            stale = 0 if fresh else stale + 1
            if not fresh and (len(self._seen) >= pool if pool is not None
                              else stale >= STALE_BATCHES):
                self._seen.clear()  # every puzzle seen: a new round
                self.round += 1
                fresh = list(dealt)
            self._queue = fresh
        p = self._queue.pop(0)
        self._seen.add(p.id)
        return p

    def _due(self) -> Puzzle | None:
        """A missed puzzle the record brings back now (not the one on the board), of
        the theme asked for; None without one."""
        if self.progress is None or self.number == 0:
            return None
        due = _call(self.progress, "due", self.variant)
        if not isinstance(due, Sequence):
            return None
        for p in due:
            if (isinstance(p, Puzzle) and p.id != self.puzzle.id
                    and (self.theme is None or p.theme == self.theme)):
                return p
        return None

    # ------------------------------------------------------------------ reading
    @property
    def theme_text(self) -> str:
        """What the puzzle's theme trains, in a line."""
        return THEMES[self.puzzle.variant][self.puzzle.theme]

    @property
    def answered(self) -> bool:
        """True while an answer's verdict is on the board."""
        return self.verdict is not None

    @property
    def hint_level(self) -> int:
        """The hints given so far (0 to 3)."""
        return len(self.hints)

    @property
    def answer_shown(self) -> bool:
        """True when the answer may be shown: a correct answer, the third hint, or Show
        answer (or the ranking) asked for."""
        return (self.verdict is not None and self.verdict.correct) or self.revealed or \
            self.hint_level >= len(HINT_LEVELS)

    @property
    def can_show_ranking(self) -> bool:
        """The coach's ranked moves may be opened: after a wrong first answer."""
        return self.first is not None and not self.first.correct

    def card_move(self, card: Card | str) -> Move:
        """The move a click on ``card`` stands for: throwing it (a discard), else going
        out with it (knock, declare, gin) when that is its only legal use.

        :raises ValueError: for a card not in the hand, or when the card is no move now
            (before the draw; a card that may not be thrown), naming the legal moves.
        """
        c = Card.parse(card) if isinstance(card, str) else card
        view = self.puzzle.view
        if not isinstance(c, Card) or c not in view.hand:
            raise ValueError(f"{quote(card)} is not a card of your hand")
        legal = view.legal_moves
        if view.phase is not Phase.DISCARD:
            options = ", ".join(str(m) for m in legal)
            raise ValueError(glyph_text(
                f"a card click throws that card, but here you draw first: choose one of "
                f"the buttons ({options})"))
        for kind in CARD_MOVES:
            found = [m for m in legal if isinstance(m, kind) and getattr(m, "card", None) == c]
            if found:
                return found[0]
        # not legal: the puzzle's own message, which lists the legal moves
        self.puzzle.check(Discard(c))
        raise AssertionError("unreachable: a legal discard was found above")  # pragma: no cover

    def buttons(self) -> list[Move]:
        """The legal moves a button offers: every legal move that is not a discard (a
        card click plays those), in the order of the legal moves."""
        return [m for m in self.puzzle.view.legal_moves if not isinstance(m, Discard)]

    # ------------------------------------------------------------------ answering
    def answer(self, move: Move | str) -> Verdict:
        """Answer the puzzle with ``move`` (a move or its code) and keep the verdict. The
        first answer to a puzzle goes on the record at once (the progress object saves
        it then); later answers, after Try again, do not.

        :raises ValueError: when an answer's verdict is already on the board (press Try
            again), or for a malformed or illegal move (the puzzle's message); nothing
            changes then.
        :raises OSError: when the progress object cannot save the first answer (a
            :class:`~rummy_lab.practice.Progress` whose file cannot be written, or whose
            lock another session holds: ``TimeoutError``); nothing changes then.
        """
        self._check_open()
        verdict = self.puzzle.check(move)
        if self.first is None:
            if self.progress is not None:  # first: if it cannot record, nothing changes
                self.progress.record(self.puzzle, verdict, hints=self.hint_level)
            self.session.record(self.puzzle, verdict, hints=self.hint_level)
        self.move = verdict.move
        self.verdict = verdict
        self.answers += 1
        if self.first is None:
            self.first = verdict
        return verdict

    def _check_open(self) -> None:
        """Refuse a second answer while a verdict is on the board."""
        if self.verdict is not None:
            raise ValueError(glyph_text(
                f"you have answered this puzzle ({self.verdict.move}); press Try again to "
                "answer again, or Next"))

    def click_card(self, card: Card | str) -> Verdict:
        """Answer with the move a click on ``card`` stands for (:meth:`card_move`).

        :raises ValueError: as :meth:`card_move` and :meth:`answer`; nothing changes.
        """
        self._check_open()
        return self.answer(self.card_move(card))

    def try_again(self) -> None:
        """Clear the verdict to answer the same puzzle again (the hints stay; only the
        first answer goes on the record).

        :raises ValueError: before any answer.
        """
        if self.verdict is None:
            raise ValueError("there is no answer to try again: choose a move first")
        self.move = None
        self.verdict = None

    def hint(self) -> str:
        """The next hint (level 1, 2, then 3, which gives the answer); the hints
        accumulate in :attr:`hints`.

        :raises ValueError: after the third hint.
        """
        level = self.hint_level + 1
        if level > len(HINT_LEVELS):
            raise ValueError(f"no more hints: all {len(HINT_LEVELS)} are shown")
        text = self.puzzle.hint(level)
        self.hints.append(text)
        return text

    def show_answer(self) -> str:
        """Reveal the answer (after a wrong answer, or to give up): the third hint's
        sentence."""
        self.revealed = True
        return self.puzzle.hint(len(HINT_LEVELS))

    def next(self) -> Puzzle:
        """Put the next puzzle on the board (the first answer to this one is already on
        the record).

        :raises ValueError: from the dealer when there is no puzzle left to deal.
        """
        self.puzzle = self._next_puzzle()
        self._fresh()
        return self.puzzle

    # ------------------------------------------------------------------ words
    def loss_text(self, verdict: Verdict) -> str:
        """The verdict's loss with the advice's 95% interval (the two moves' standard
        errors combined), in the advice's unit."""
        p = self.puzzle
        mine = p.advice_for(verdict.move)
        best = next(a for a in p.advice if a.rank == 1)
        match = p.unit == "match"
        se = 0.0 if verdict.correct else math.hypot(mine.se, best.se)
        gap = format_gap(verdict.loss, se, percent=match)
        return gap if match else f"{gap} points"

    def explanation(self) -> str:
        """The verdict's explanation; for a wrong answer while the answer is hidden, what
        the move does and where its loss comes from, without naming the best move."""
        v = self.verdict
        if v is None:
            return ""
        if v.correct or self.answer_shown:
            return v.explanation
        p = self.puzzle
        mine = p.advice_for(v.move)
        best = next(a for a in p.advice if a.rank == 1)
        text = one_line(p.view, v.move)
        parts = [(n, x) for n, x in mine.parts if abs(x) >= 0.05] \
            if mine.against == best.move and p.unit != "match" else []
        if parts:
            text += "; where the loss comes from: " + ", ".join(
                f"{n} {x:+.1f}" for n, x in parts[:3])
        return text + "."

    def figures(self) -> ProgressFigures:
        """The progress line's figures for the puzzle's variant: from the progress
        object when one was given, else from the session."""
        return progress_figures(self.progress if self.progress is not None
                                else self.session, self.puzzle.variant)

    def progress_text(self) -> str:
        """The progress line: streak, rating ± deviation, reviews due, accuracy."""
        f = self.figures()
        bits = []
        if f.streak is not None:
            bits.append(f"streak {f.streak}")
        if f.rating is not None:
            bits.append(f"rating {f.rating:.0f}" + (
                f" ± {2 * f.deviation:.0f}" if f.deviation is not None else ""))
        if f.due is not None:
            bits.append(f"{f.due} review{'s' if f.due != 1 else ''} due")
        acc = f.accuracy
        if acc is not None and f.correct is not None:
            bits.append(f"accuracy {100 * acc:.0f}% ({f.correct} of {f.attempted})")
        else:
            bits.append("no puzzle recorded yet")
        if self.progress is not None:
            got = self.session.attempts()
            if got:
                bits.append(f"this session {sum(got)} of {len(got)}")
        return " · ".join(bits)
