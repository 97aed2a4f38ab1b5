"""The learner's record of practice puzzles: attempts, accuracy, rating and reviews.

:class:`Progress` keeps one JSON file (by default ``progress.json`` in the user data
directory, :func:`platformdirs.user_data_path`), saved after every attempt, and answers
from it: the attempts (:class:`Attempt`), the share solved, a Glicko-2 rating per variant
(:class:`Rating`), the current streak and the missed puzzles due for review.
Every question reads the file afresh, so attempts recorded by another session (another
notebook, another process) are seen at once.

File format
-----------
A JSON object::

    {"format": "rummy_lab.progress", "version": 1,
     "attempts": [
        {"puzzle": "gin-0042", "variant": "gin", "theme": "knock", "correct": false,
         "loss": 2.5, "label": "mistake", "move": "D KS", "rating": 1610.0, "rd": 80.0,
         "hints": 1, "time": "2026-12-06T02:30:00.123456+00:00"},
        ...],
     "puzzles": {"gin-0042": {...the puzzle's to_dict()...}, ...}}

``attempts`` are in the order they were recorded (the time is taken while the file is
locked, so it is also time order); ``rating`` and ``rd`` are the puzzle's Glicko-2
rating and rating deviation when it was attempted; ``hints`` how many hint levels the
learner had opened before answering (0 to 3; a file written before hints were recorded
has none, read as 0); ``time`` is ISO-8601 in UTC.

Hints
-----
A hint helps, so it counts. An attempt is *solved* when its answer is correct and the
learner had not opened the third hint level, which gives the answer
(:data:`ANSWER_HINT`); a correct answer after it is recorded as correct but counts as a
miss everywhere else: in the accuracy, the streak, the review schedule (the puzzle
comes back) and the rating. Its *score* in the rating is 1 for a solve without hints,
less :data:`HINT_COST` for each hint level opened (0.75, 0.5), and 0 when not solved:
Glicko-2 takes a game's result between 0 and 1, as a draw is scored 0.5.
``puzzles`` holds the ``to_dict()`` of every attempted puzzle that is not from the shipped
set and of every puzzle ever missed, so that :meth:`Progress.due` can rebuild it with the
loader. A file with another ``format``, a newer ``version`` or attempts of the wrong
shape is refused (:class:`ValueError`) and never written over.

Saving is atomic and safe against other sessions: under a lock file (``<path>.lock``)
the file is read again, the attempt appended, and the whole written to a temporary file
in the same directory, flushed to disk and moved over the old one (:func:`os.replace`).

Review schedule
---------------
A missed puzzle comes back after 1, then 3, then 7 further attempts of *other* puzzles
of its variant. When it is missed (at any time, due or not, even after it was retired)
it is due once 1 more attempt of another puzzle of its variant has been made. Answered
correctly while due, it is next due after 3 further attempts; correct again, after 7;
correct again, it is retired. Missed again, it starts over at 1. A correct answer
before it is due changes nothing. "Correct" here means solved (see Hints). Answering a
due puzzle is recording an attempt of it (:meth:`Progress.record`); :meth:`Progress.due`
lists the due puzzles, most overdue (most further attempts beyond its interval) first.
"""

from __future__ import annotations

import contextlib
import html
import importlib
import json
import math
import os
import stat
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import filelock
import platformdirs

__all__ = [
    "ANSWER_HINT", "FORMAT", "HINT_COST", "LABELS", "REVIEW_INTERVALS", "START", "VARIANTS",
    "VERSION", "Attempt", "MoveLike", "Progress", "PuzzleLike", "Rating", "VerdictLike",
]

FORMAT = "rummy_lab.progress"
"""The ``"format"`` field of a progress file."""

VERSION = 1
"""The file format version this module writes and reads."""

VARIANTS: tuple[str, ...] = ("gin", "basic", "500", "indian")
"""The variants practice puzzles come in."""

LABELS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
"""A verdict's labels, from the best move to the worst (the coach's labels)."""

REVIEW_INTERVALS: tuple[int, ...] = (1, 3, 7)
"""Further attempts of other puzzles of its variant before a missed puzzle is due again:
after the miss, then after each correct answer while due; past the last it is retired."""

START = (1500.0, 350.0, 0.06)
"""Glicko-2 rating, rating deviation and volatility before any attempt."""

LOCK_TIMEOUT = 60.0
"""Seconds to wait for another session's lock on the file before giving up."""

_ATTEMPT_KEYS = ("puzzle", "variant", "theme", "correct", "loss", "label", "move", "rating",
                 "rd", "time")

ANSWER_HINT = 3
"""The hint level that gives the answer: a correct answer after it is not a solve."""

HINT_COST = 0.25
"""What each hint level opened takes off a solve's score in the rating (1, 0.75, 0.5)."""


@runtime_checkable
class MoveLike(Protocol):
    """A move as a verdict carries it: only its code is recorded."""

    @property
    def code(self) -> str: ...


@runtime_checkable
class PuzzleLike(Protocol):
    """What :class:`Progress` needs of a puzzle.

    :ivar id: a stable, unique key (``"gin-0042"``).
    :ivar variant: one of :data:`VARIANTS`.
    :ivar theme: what the puzzle practises.
    :ivar rating: the puzzle's own Glicko-2 rating. :ivar rating_deviation: its deviation.
    :ivar shipped: True when it comes from the shipped set (found again by its id).
    """

    @property
    def id(self) -> str: ...
    @property
    def variant(self) -> str: ...
    @property
    def theme(self) -> str: ...
    @property
    def rating(self) -> float: ...
    @property
    def rating_deviation(self) -> float: ...
    @property
    def shipped(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict the loader rebuilds the puzzle from."""
        ...


@runtime_checkable
class VerdictLike(Protocol):
    """What :class:`Progress` needs of the verdict on an answer.

    :ivar correct: whether the answer solves the puzzle.
    :ivar loss: points lost against the best move (0 when correct).
    :ivar label: one of :data:`LABELS`. :ivar move: the move answered (its ``code``).
    """

    @property
    def correct(self) -> bool: ...
    @property
    def loss(self) -> float: ...
    @property
    def label(self) -> str: ...
    @property
    def move(self) -> MoveLike: ...


@dataclass(frozen=True)
class Attempt:
    """One recorded attempt of a puzzle.

    :ivar puzzle: the puzzle's id. :ivar variant: its variant. :ivar theme: its theme.
    :ivar correct: whether the answer was right. :ivar loss: points lost.
    :ivar label: the verdict. :ivar move: the code of the move answered.
    :ivar rating: the puzzle's rating then. :ivar rd: its rating deviation then.
    :ivar time: when it was recorded (UTC).
    :ivar hints: the hint levels opened before answering (0 to 3).
    """

    puzzle: str
    variant: str
    theme: str
    correct: bool
    loss: float
    label: str
    move: str
    rating: float
    rd: float
    time: datetime
    hints: int = 0

    @property
    def solved(self) -> bool:
        """Right without the hint that gives the answer (:data:`ANSWER_HINT`)."""
        return self.correct and self.hints < ANSWER_HINT

    @property
    def score(self) -> float:
        """The attempt's result for the rating: 1 less :data:`HINT_COST` per hint level
        opened when solved, else 0.

        >>> from datetime import datetime, UTC
        >>> a = Attempt("gin-1", "gin", "upcard", True, 0.0, "best", "T", 1500.0, 350.0,
        ...             datetime.now(UTC), hints=2)
        >>> a.solved, a.score
        (True, 0.5)
        """
        return max(0.0, 1.0 - HINT_COST * self.hints) if self.solved else 0.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: about 95% of the time the true strength lies within two
    deviations of it.

    >>> str(Rating(1532.4, 61.0))
    '1532 ± 122'
    """

    rating: float
    deviation: float

    def __str__(self) -> str:
        return f"{self.rating:.0f} ± {2 * self.deviation:.0f}"


@dataclass(frozen=True)
class _Record:
    attempts: tuple[Attempt, ...]
    puzzles: Mapping[str, dict[str, Any]]
    data: dict[str, Any]  # the file's JSON as read, rewritten with what it holds


@dataclass
class _Slot:
    """A missed puzzle in review: its interval and the other attempts made since."""

    interval: int
    others: int
    since: int  # index (among the variant's attempts) of the attempt that set it


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(
        value)


def _check_variant(variant: object) -> str:
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}: the known ones are "
                         f"{', '.join(repr(v) for v in VARIANTS)}")
    return str(variant)


def _attempt_problem(entry: object, puzzles: Mapping[str, object]) -> str | None:
    """What is wrong with one stored attempt, or None."""
    if not isinstance(entry, dict):
        return f"is a {type(entry).__name__}, not an object"
    missing = [k for k in _ATTEMPT_KEYS if k not in entry]
    if missing:
        return f"lacks {', '.join(missing)}"
    for key in ("puzzle", "theme", "move", "time"):
        if not isinstance(entry[key], str):
            return f"{key!r} is {entry[key]!r}, not a string"
    if not entry["puzzle"]:
        return "'puzzle' is empty"
    if entry["variant"] not in VARIANTS:
        return f"'variant' {entry['variant']!r} is not one of {', '.join(VARIANTS)}"
    if not isinstance(entry["correct"], bool):
        return f"'correct' is {entry['correct']!r}, not true or false"
    if entry["label"] not in LABELS:
        return f"'label' {entry['label']!r} is not one of {', '.join(LABELS)}"
    for key in ("loss", "rating", "rd"):
        if not _is_number(entry[key]):
            return f"{key!r} is {entry[key]!r}, not a finite number"
    if entry["loss"] < 0:
        return f"'loss' {entry['loss']!r} is negative"
    if entry["rd"] <= 0:
        return f"'rd' {entry['rd']!r} is not positive"
    try:
        when = datetime.fromisoformat(entry["time"])
    except ValueError:
        return f"'time' {entry['time']!r} is not an ISO-8601 time"
    if when.tzinfo is None:
        return f"'time' {entry['time']!r} has no time zone"
    hints = entry.get("hints", 0)
    if not isinstance(hints, int) or isinstance(hints, bool) or not 0 <= hints <= ANSWER_HINT:
        return f"'hints' is {hints!r}, not a whole number 0 to {ANSWER_HINT}"
    if not (entry["correct"] and hints < ANSWER_HINT) and entry["puzzle"] not in puzzles:
        return f"missed puzzle {entry['puzzle']!r} is not stored under 'puzzles'"
    return None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _parse(text: str, path: Path) -> _Record:
    """The record in a file's text; :class:`ValueError` naming the path and the fault."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:
        raise ValueError(f"{path}: not a progress file: not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a progress file: JSON {type(data).__name__}, "
                         "not an object")
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a progress file: 'format' is "
                         f"{data.get('format')!r}, not {FORMAT!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError(f"{path}: unknown progress file version {version!r}")
    if version > VERSION:
        raise ValueError(f"{path}: progress file version {version} is newer than this "
                         f"rummy_lab reads ({VERSION}); update rummy_lab")
    attempts, puzzles = data.get("attempts"), data.get("puzzles")
    if not isinstance(attempts, list):
        raise ValueError(f"{path}: 'attempts' is {type(attempts).__name__}, not a list")
    if not isinstance(puzzles, dict):
        raise ValueError(f"{path}: 'puzzles' is {type(puzzles).__name__}, not an object")
    for key, value in puzzles.items():
        if not isinstance(value, dict):
            raise ValueError(f"{path}: stored puzzle {key!r} is "
                             f"{type(value).__name__}, not an object")
    parsed = []
    for i, entry in enumerate(attempts):
        problem = _attempt_problem(entry, puzzles)
        if problem is not None:
            raise ValueError(f"{path}: attempt {i + 1} of {len(attempts)} {problem}")
        parsed.append(Attempt(
            puzzle=entry["puzzle"], variant=entry["variant"], theme=entry["theme"],
            correct=entry["correct"], loss=float(entry["loss"]), label=entry["label"],
            move=entry["move"], rating=float(entry["rating"]), rd=float(entry["rd"]),
            time=datetime.fromisoformat(entry["time"]).astimezone(UTC),
            hints=entry.get("hints", 0),
        ))
    return _Record(tuple(parsed), puzzles, data)


def _attribute(obj: object, name: str, what: str) -> Any:
    try:
        return getattr(obj, name)
    except AttributeError:
        raise TypeError(f"{what} has no {name!r}: expected a practice {what}, got "
                        f"{type(obj).__name__}") from None


def _puzzle_fields(puzzle: object) -> tuple[dict[str, Any], dict[str, Any], bool]:
    """The attempt fields a puzzle gives, its dict, and whether it is shipped."""
    values = {name: _attribute(puzzle, name, "puzzle")
              for name in ("id", "variant", "theme", "rating", "rating_deviation", "shipped")}
    to_dict = _attribute(puzzle, "to_dict", "puzzle")
    for name in ("id", "theme"):
        if not isinstance(values[name], str):
            raise TypeError(f"puzzle {name} is {values[name]!r}, not a string")
    if not values["id"]:
        raise ValueError("puzzle id is empty")
    _check_variant(values["variant"])
    for name in ("rating", "rating_deviation"):
        if not _is_number(values[name]):
            raise ValueError(f"puzzle {values['id']!r}: {name} is {values[name]!r}, "
                             "not a finite number")
    if values["rating_deviation"] <= 0:
        raise ValueError(f"puzzle {values['id']!r}: rating_deviation "
                         f"{values['rating_deviation']!r} is not positive")
    if not isinstance(values["shipped"], bool):
        raise TypeError(f"puzzle {values['id']!r}: shipped is {values['shipped']!r}, "
                        "not True or False")
    if not callable(to_dict):
        raise TypeError(f"puzzle {values['id']!r}: to_dict is not callable")
    stored = to_dict()
    if not isinstance(stored, dict):
        raise TypeError(f"puzzle {values['id']!r}: to_dict() gave "
                        f"{type(stored).__name__}, not a dict")
    try:
        stored = json.loads(json.dumps(stored, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"puzzle {values['id']!r}: to_dict() is not JSON-able: "
                         f"{exc}") from None
    fields = {"puzzle": values["id"], "variant": values["variant"], "theme": values["theme"],
              "rating": float(values["rating"]), "rd": float(values["rating_deviation"])}
    return fields, stored, values["shipped"]


def _verdict_fields(verdict: object) -> dict[str, Any]:
    correct = _attribute(verdict, "correct", "verdict")
    loss = _attribute(verdict, "loss", "verdict")
    label = _attribute(verdict, "label", "verdict")
    move = _attribute(verdict, "move", "verdict")
    code = _attribute(move, "code", "verdict's move")
    if not isinstance(correct, bool):
        raise TypeError(f"verdict correct is {correct!r}, not True or False")
    if not _is_number(loss) or loss < 0:
        raise ValueError(f"verdict loss is {loss!r}, not a finite number of points >= 0")
    if label not in LABELS:
        raise ValueError(f"verdict label {label!r} is not one of {', '.join(LABELS)}")
    if not isinstance(code, str):
        raise TypeError(f"verdict move code is {code!r}, not a string")
    return {"correct": correct, "loss": float(loss), "label": label, "move": code}


def _schedule(attempts: Sequence[Attempt]) -> dict[str, _Slot]:
    """The puzzles in review after ``attempts`` (all of one variant, in order)."""
    slots: dict[str, _Slot] = {}
    for k, attempt in enumerate(attempts):
        for pid, other in slots.items():
            if pid != attempt.puzzle:
                other.others += 1
        slot = slots.get(attempt.puzzle)
        if not attempt.solved:
            slots[attempt.puzzle] = _Slot(REVIEW_INTERVALS[0], 0, k)
        elif slot is not None and slot.others >= slot.interval:
            step = REVIEW_INTERVALS.index(slot.interval) + 1
            if step == len(REVIEW_INTERVALS):
                del slots[attempt.puzzle]
            else:
                slots[attempt.puzzle] = _Slot(REVIEW_INTERVALS[step], 0, k)
    return slots


def _due_ids(attempts: Sequence[Attempt]) -> list[str]:
    slots = _schedule(attempts)
    due = [(slot.others - slot.interval, -slot.since, pid) for pid, slot in slots.items()
           if slot.others >= slot.interval]
    due.sort(key=lambda t: (-t[0], -t[1], t[2]))
    return [pid for _, _, pid in due]


def _glicko(attempts: Sequence[Attempt]) -> Rating:
    import glicko2

    player = glicko2.Player(*START)
    for attempt in attempts:
        player.update_player([attempt.rating], [attempt.rd], [attempt.score])
    return Rating(float(player.rating), float(player.rd))


def _streak(attempts: Sequence[Attempt]) -> int:
    run = 0
    for attempt in reversed(attempts):
        if not attempt.solved:
            break
        run += 1
    return run


def _default_loader(data: dict[str, Any]) -> PuzzleLike:
    puzzle = importlib.import_module("rummy_lab.practice.puzzle").Puzzle
    rebuilt: PuzzleLike = puzzle.from_dict(data)
    return rebuilt


class Progress:
    """The learner's record of practice puzzles, kept in a JSON file (see the module).

    :param path: the file; by default ``progress.json`` in the user data directory of
        ``rummy_lab``. A missing file is an empty record, created by the first
        :meth:`record` (with its directories).
    :param loader: rebuilds a puzzle from its stored dict (for :meth:`due`); by default
        ``Puzzle.from_dict`` of :mod:`rummy_lab.practice.puzzle`.
    :raises ValueError: if the file is not a progress file this version reads (not JSON,
        another format, a newer version, attempts of the wrong shape); the file is left
        as it is.
    :raises OSError: if the file cannot be read (the path is a directory, or under a
        file); :meth:`record` raises it when the file or its directory cannot be written.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 loader: Callable[[dict[str, Any]], PuzzleLike] | None = None) -> None:
        if path is None:
            path = platformdirs.user_data_path("rummy_lab") / "progress.json"
        if loader is not None and not callable(loader):
            raise TypeError(f"loader is {type(loader).__name__}, not callable")
        self._path = Path(path)
        self._loader = loader
        self._read()

    @property
    def path(self) -> Path:
        """The progress file."""
        return self._path

    # ------------------------------------------------------------------ file
    def _read(self) -> _Record:
        try:
            text = self._path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return _Record((), {}, {"format": FORMAT, "version": VERSION, "attempts": [],
                                    "puzzles": {}})
        except UnicodeDecodeError:
            raise ValueError(f"{self._path}: not a progress file: not UTF-8 text") from None
        return _parse(text, self._path)

    def _write(self, text: str) -> None:
        """Replace the file by ``text`` atomically (temporary file, fsync, rename)."""
        directory = self._path.parent
        fd, tmp = tempfile.mkstemp(prefix=f".{self._path.name}.", suffix=".tmp",
                                   dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            with contextlib.suppress(FileNotFoundError):
                os.chmod(tmp, stat.S_IMODE(os.stat(self._path).st_mode))
            os.replace(tmp, self._path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
            with contextlib.suppress(OSError):
                dir_fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
                try:
                    os.fsync(dir_fd)
                finally:
                    os.close(dir_fd)

    # ------------------------------------------------------------------ writing
    def record(self, puzzle: PuzzleLike, verdict: VerdictLike, *, hints: int = 0) -> None:
        """Record an attempt of ``puzzle`` judged by ``verdict`` and save it at once.

        The file is locked, read again (other sessions' attempts are kept), extended and
        replaced atomically. The puzzle's dict is stored when it is not shipped or was
        not solved.

        :param hints: the hint levels the learner opened before answering (0 to
            :data:`ANSWER_HINT`; see the module's Hints).
        :raises TypeError: if ``puzzle`` or ``verdict`` lacks what is needed.
        :raises ValueError: if one of their values is out of range (``hints`` included),
            or the file has become unreadable (it is not written over).
        :raises TimeoutError: if another session holds the lock for :data:`LOCK_TIMEOUT`
            seconds.
        """
        fields, stored, shipped = _puzzle_fields(puzzle)
        fields |= _verdict_fields(verdict)
        if not isinstance(hints, int) or isinstance(hints, bool) or not (
                0 <= hints <= ANSWER_HINT):
            raise ValueError(f"hints is {hints!r}, not a whole number 0 to {ANSWER_HINT}")
        fields["hints"] = hints
        keep_dict = not shipped or not (fields["correct"] and hints < ANSWER_HINT)
        self._path.parent.mkdir(parents=True, exist_ok=True)
        lock = filelock.FileLock(f"{self._path}.lock", timeout=LOCK_TIMEOUT)
        try:
            with lock:
                data = self._read().data
                entry = {key: fields.get(key) for key in _ATTEMPT_KEYS}
                entry["hints"] = hints
                entry["time"] = datetime.now(UTC).isoformat()
                data["attempts"].append(entry)
                if keep_dict:
                    data["puzzles"][fields["puzzle"]] = stored
                self._write(json.dumps(data, indent=1, allow_nan=False) + "\n")
        except filelock.Timeout:
            raise TimeoutError(f"{self._path}: another session held the lock "
                               f"{lock.lock_file} for {LOCK_TIMEOUT:g} s") from None

    # ------------------------------------------------------------------ reading
    def attempts(self, variant: str | None = None, theme: str | None = None) -> list[Attempt]:
        """The recorded attempts, oldest first, of ``variant`` and ``theme`` (all when None).

        :raises ValueError: for an unknown variant, or an unreadable file.
        """
        return _select(self._read().attempts, variant, theme)

    def accuracy(self, variant: str | None = None, theme: str | None = None) -> float | None:
        """The share (0 to 1) of the matching attempts solved (right without the hint
        that gives the answer); None when
        there are none.

        :raises ValueError: for an unknown variant, or an unreadable file.
        """
        chosen = self.attempts(variant, theme)
        if not chosen:
            return None
        return sum(a.solved for a in chosen) / len(chosen)

    def due(self, variant: str) -> list[PuzzleLike]:
        """The missed puzzles of ``variant`` due for review (see the module's schedule),
        most overdue first, rebuilt by the loader from their stored dicts.

        :raises ValueError: for an unknown variant, an unreadable file, or a stored
            puzzle the loader cannot rebuild.
        """
        record = self._read()
        ids = _due_ids(_select(record.attempts, variant, None))
        loader = self._loader or _default_loader
        puzzles = []
        for pid in ids:
            try:
                puzzles.append(loader(record.puzzles[pid]))
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"{self._path}: stored puzzle {pid!r} cannot be rebuilt: "
                                 f"{exc}") from exc
        return puzzles

    def rating(self, variant: str) -> Rating:
        """The learner's Glicko-2 rating in ``variant``: from :data:`START`, one rating
        period per attempt, in order, each a game against the puzzle's rating then, scored
        :attr:`Attempt.score` (1 for a solve without hints, less for hints, 0 unsolved).
        An unattempted variant has the starting rating.

        :raises ValueError: for an unknown variant, or an unreadable file.
        """
        return _glicko(_select(self._read().attempts, variant, None))

    def streak(self, variant: str | None = None) -> int:
        """How many of the latest attempts (of ``variant``; all when None) in a row were
        solved.

        :raises ValueError: for an unknown variant, or an unreadable file.
        """
        return _streak(self.attempts(variant))

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        try:
            record = self._read()
        except (OSError, ValueError) as exc:
            return f"Progress({str(self._path)!r}, unreadable: {exc})"
        n = len(record.attempts)
        if not n:
            return f"Progress({str(self._path)!r}, no attempts)"
        right = sum(a.solved for a in record.attempts)
        due = sum(len(_due_ids(_select(record.attempts, v, None))) for v in VARIANTS)
        return (f"Progress({str(self._path)!r}, {n} attempt{'s' * (n != 1)}, "
                f"{right / n:.0%} solved, {due} due)")

    def _repr_html_(self) -> str:
        from ..display import html_table

        try:
            record = self._read()
        except (OSError, ValueError) as exc:
            return (f"<p>{html.escape(str(self._path))}: unreadable: "
                    f"{html.escape(str(exc))}</p>")
        rows: list[list[object]] = []
        for variant in VARIANTS:
            chosen = _select(record.attempts, variant, None)
            right = sum(a.solved for a in chosen)
            rows.append([variant, len(chosen),
                         f"{right / len(chosen):.0%}" if chosen else "–",
                         str(_glicko(chosen)), len(_due_ids(chosen))])
        n = len(record.attempts)
        run = _streak(record.attempts)
        return html_table(
            ["variant", "attempts", "accuracy", "rating ± 2 RD", "due"], rows,
            caption=f"Practice: {n} puzzle attempt{'s' * (n != 1)}, "
                    f"{run} solved in a row",
            css_class="rl-progress",
            note=f"Glicko-2 ratings, from {START[0]:g} ± {2 * START[1]:g}; "
                 f"kept in {self._path}",
        )


def _select(attempts: Sequence[Attempt], variant: str | None,
            theme: str | None) -> list[Attempt]:
    if variant is not None:
        _check_variant(variant)
    if theme is not None and not isinstance(theme, str):
        raise TypeError(f"theme is {type(theme).__name__}, not a string")
    return [a for a in attempts
            if (variant is None or a.variant == variant) and (theme is None or a.theme == theme)]

