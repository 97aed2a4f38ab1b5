"""The practice record: file format, refusing corrupt files, safe saving under
concurrency, the 1/3/7 review schedule and Glicko-2 ratings."""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import sys
import threading
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import glicko2
import pytest

from rummy_lab.practice import HINT_LEVELS
from rummy_lab.practice.progress import (
    ANSWER_HINT,
    LABELS,
    REVIEW_INTERVALS,
    START,
    VARIANTS,
    Attempt,
    Progress,
    PuzzleLike,
    Rating,
    VerdictLike,
)

# --------------------------------------------------------------------------- fakes


@dataclass(frozen=True)
class FakeMove:
    code: str


@dataclass(frozen=True)
class FakePuzzle:
    id: str
    variant: str = "gin"
    theme: str = "knock"
    rating: float = 1500.0
    rating_deviation: float = 60.0
    shipped: bool = True

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FakePuzzle:
        return cls(**data)


@dataclass(frozen=True)
class FakeVerdict:
    correct: bool
    loss: float
    label: str
    move: FakeMove


def right(code: str = "D KS") -> FakeVerdict:
    return FakeVerdict(True, 0.0, "best", FakeMove(code))


def wrong(loss: float = 2.0, label: str = "mistake", code: str = "D 2C") -> FakeVerdict:
    return FakeVerdict(False, loss, label, FakeMove(code))


def opened(path: Path) -> Progress:
    return Progress(path, loader=FakePuzzle.from_dict)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "progress.json"


@pytest.fixture
def prog(path: Path) -> Progress:
    return opened(path)


def test_fakes_are_puzzles_and_verdicts() -> None:
    assert isinstance(FakePuzzle("gin-1"), PuzzleLike)
    assert isinstance(right(), VerdictLike)
    assert not isinstance("gin-1", PuzzleLike)


def test_labels_are_the_coachs() -> None:
    from rummy_lab.coach.review import LABELS as COACH_LABELS

    assert COACH_LABELS == LABELS


# --------------------------------------------------------------------------- empty and saving


def test_a_missing_file_is_an_empty_record_and_is_not_created(path: Path) -> None:
    prog = opened(path)
    assert prog.attempts() == [] and prog.accuracy() is None and prog.streak() == 0
    assert prog.due("gin") == []
    assert prog.rating("gin") == Rating(START[0], START[1])
    assert "no attempts" in repr(prog)
    assert not path.exists() and list(path.parent.iterdir()) == []


def test_record_saves_the_documented_format(prog: Progress, path: Path) -> None:
    before = datetime.now(UTC)
    prog.record(FakePuzzle("gin-0042", theme="knock", rating=1610.0, rating_deviation=80.0),
                wrong(2.5, "mistake", "D KS"))
    after = datetime.now(UTC)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "rummy_lab.progress" and data["version"] == 1
    (entry,) = data["attempts"]
    stamp = datetime.fromisoformat(entry.pop("time"))
    assert stamp.utcoffset() == timedelta(0) and before <= stamp <= after
    assert entry == {"puzzle": "gin-0042", "variant": "gin", "theme": "knock",
                     "correct": False, "loss": 2.5, "label": "mistake", "move": "D KS",
                     "rating": 1610.0, "rd": 80.0, "hints": 0}
    # missed, so stored even though shipped
    assert data["puzzles"] == {"gin-0042": FakePuzzle(
        "gin-0042", theme="knock", rating=1610.0, rating_deviation=80.0).to_dict()}
    (attempt,) = prog.attempts()
    assert attempt == Attempt("gin-0042", "gin", "knock", False, 2.5, "mistake", "D KS",
                              1610.0, 80.0, stamp)
    assert attempt.time.tzinfo is not None


def test_puzzle_dicts_stored_for_unshipped_and_missed_only(prog: Progress, path: Path) -> None:
    prog.record(FakePuzzle("gin-1", shipped=True), right())
    prog.record(FakePuzzle("review-3f2a", shipped=False, theme="review"), right())
    prog.record(FakePuzzle("gin-2", shipped=True), wrong())
    stored = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    assert sorted(stored) == ["gin-2", "review-3f2a"]
    assert FakePuzzle.from_dict(stored["review-3f2a"]) == FakePuzzle(
        "review-3f2a", shipped=False, theme="review")


def test_another_sessions_writes_are_seen(path: Path) -> None:
    first, second = opened(path), opened(path)
    first.record(FakePuzzle("gin-1"), right())
    assert [a.puzzle for a in second.attempts()] == ["gin-1"]
    second.record(FakePuzzle("gin-2"), wrong())
    assert [a.puzzle for a in first.attempts()] == ["gin-1", "gin-2"]


def test_unknown_fields_of_the_file_are_kept(path: Path) -> None:
    prog = opened(path)
    prog.record(FakePuzzle("gin-1"), right())
    data = json.loads(path.read_text(encoding="utf-8"))
    data["note"] = {"kept": [1, 2]}
    data["attempts"][0]["hint"] = "used"
    path.write_text(json.dumps(data), encoding="utf-8")
    prog.record(FakePuzzle("gin-2"), right())
    again = json.loads(path.read_text(encoding="utf-8"))
    assert again["note"] == {"kept": [1, 2]} and again["attempts"][0]["hint"] == "used"
    assert len(again["attempts"]) == 2


def test_default_path_is_in_the_user_data_directory(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def user_data_path(appname: str) -> Path:
        asked.append(appname)
        return tmp_path / "data" / appname

    monkeypatch.setattr("platformdirs.user_data_path", user_data_path)
    prog = Progress(loader=FakePuzzle.from_dict)
    assert asked == ["rummy_lab"]
    assert prog.path == tmp_path / "data" / "rummy_lab" / "progress.json"
    assert not (tmp_path / "data").exists()
    prog.record(FakePuzzle("gin-1"), right())  # creates the directories
    assert len(json.loads(prog.path.read_text(encoding="utf-8"))["attempts"]) == 1


def test_the_real_default_path_is_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.setattr(Path, "read_text", _missing)  # never touch the real file
    assert Progress().path == platformdirs.user_data_path("rummy_lab") / "progress.json"


def _missing(*args: object, **kwargs: object) -> str:
    raise FileNotFoundError


# --------------------------------------------------------------------------- queries


def _random_session(prog: Progress, seed: int, n: int) -> list[tuple[str, str, bool]]:
    rng = random.Random(seed)
    done = []
    for i in range(n):
        variant = rng.choice(VARIANTS)
        theme = rng.choice(["knock", "discard", "lay off"])
        correct = rng.random() < 0.6
        prog.record(FakePuzzle(f"{variant}-{i}", variant=variant, theme=theme),
                    right() if correct else wrong())
        done.append((variant, theme, correct))
    return done


def test_attempts_accuracy_and_streak_match_what_was_recorded(prog: Progress) -> None:
    done = _random_session(prog, seed=5, n=40)
    assert [(a.variant, a.theme, a.correct) for a in prog.attempts()] == done
    for variant in (None, *VARIANTS):
        for theme in (None, "knock", "discard", "lay off", "no such theme"):
            chosen = [c for v, t, c in done
                      if variant in (None, v) and theme in (None, t)]
            assert [a.correct for a in prog.attempts(variant, theme)] == chosen
            expected = sum(chosen) / len(chosen) if chosen else None
            assert prog.accuracy(variant, theme) == expected
        outcomes = [c for v, _, c in done if variant in (None, v)]
        run = len(outcomes) - max((i + 1 for i, c in enumerate(outcomes) if not c), default=0)
        assert prog.streak(variant) == run


def test_streak_counts_the_latest_run(prog: Progress) -> None:
    for verdict in (right(), wrong(), right(), right()):
        prog.record(FakePuzzle("gin-1"), verdict)
    prog.record(FakePuzzle("500-1", variant="500"), wrong())
    assert prog.streak("gin") == 2 and prog.streak("500") == 0 and prog.streak() == 0
    prog.record(FakePuzzle("basic-1", variant="basic"), right())
    assert prog.streak() == 1 and prog.streak("basic") == 1 and prog.streak("indian") == 0


@pytest.mark.parametrize("call", ["attempts", "accuracy", "due", "rating", "streak"])
def test_an_unknown_variant_lists_the_known_ones(prog: Progress, call: str) -> None:
    with pytest.raises(ValueError, match="'poker'") as info:
        getattr(prog, call)("poker")
    assert all(repr(v) in str(info.value) for v in VARIANTS)


# --------------------------------------------------------------------------- corrupt files

GOOD_ATTEMPT = {"puzzle": "gin-1", "variant": "gin", "theme": "knock", "correct": True,
                "loss": 0.0, "label": "best", "move": "D KS", "rating": 1500.0, "rd": 60.0,
                "time": "2026-12-06T02:30:00+00:00"}


def _file(attempts: list[Any] | None = None, **top: Any) -> str:
    data: dict[str, Any] = {"format": "rummy_lab.progress", "version": 1,
                            "attempts": [GOOD_ATTEMPT] if attempts is None else attempts,
                            "puzzles": {}}
    data.update(top)
    return json.dumps(data)


def _with(**changes: Any) -> str:
    entry = {**GOOD_ATTEMPT, **changes}
    return _file([GOOD_ATTEMPT, {k: v for k, v in entry.items() if v is not _DROP}])


_DROP = object()

CORRUPT: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "not JSON"),
    "truncated": (_file().encode()[:-20], "not JSON"),
    "binary": (b"\xff\xfe\x00garbage", "not UTF-8"),
    "a list": (b"[1, 2, 3]", "JSON list, not an object"),
    "foreign json": (json.dumps({"name": "notebook settings", "theme": "dark"}).encode(),
                     "'format' is None"),
    "other format": (_file(format="rummy_lab.match").encode(), "'rummy_lab.match'"),
    "future version": (_file(version=2).encode(), "version 2 is newer"),
    "version text": (_file(version="1").encode(), "version '1'"),
    "version true": (_file(version=True).encode(), "version True"),
    "attempts object": (_file(attempts={"0": GOOD_ATTEMPT}).encode(), "'attempts' is dict"),  # type: ignore[arg-type]
    "puzzles list": (_file(puzzles=[]).encode(), "'puzzles' is list"),
    "stored puzzle text": (_file(puzzles={"gin-1": "x"}).encode(), "stored puzzle 'gin-1'"),
    "attempt number": (_file([GOOD_ATTEMPT, 7]).encode(), "attempt 2 of 2 is a int"),
    "missing key": (_with(label=_DROP, move=_DROP).encode(), "attempt 2 of 2 lacks label, move"),
    "correct text": (_with(correct="yes").encode(), "'correct' is 'yes'"),
    "loss text": (_with(loss="2").encode(), "'loss' is '2'"),
    "loss negative": (_with(loss=-1.0).encode(), "'loss' -1.0 is negative"),
    "nan rd": (_file().replace('"rd": 60.0', '"rd": NaN').encode(), "NaN is not a JSON number"),
    "rd zero": (_with(rd=0).encode(), "'rd' 0 is not positive"),
    "bad label": (_with(label="brilliant").encode(), "'label' 'brilliant'"),
    "bad variant": (_with(variant="poker").encode(), "'variant' 'poker'"),
    "bad time": (_with(time="yesterday").encode(), "'time' 'yesterday'"),
    "naive time": (_with(time="2026-12-06T02:30:00").encode(), "no time zone"),
    "missed not stored": (_with(correct=False).encode(), "missed puzzle 'gin-1' is not stored"),
}


@pytest.mark.parametrize("kind", sorted(CORRUPT))
def test_a_corrupt_file_is_refused_and_kept(path: Path, kind: str) -> None:
    content, fragment = CORRUPT[kind]
    path.write_bytes(content)
    with pytest.raises(ValueError) as info:
        opened(path)
    assert str(path) in str(info.value) and fragment in str(info.value), str(info.value)
    assert path.read_bytes() == content
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.json"]


@pytest.mark.parametrize("kind", ["truncated", "foreign json", "future version",
                                  "missing key", "missed not stored"])
def test_a_file_broken_after_opening_is_never_written_over(path: Path, kind: str) -> None:
    prog = opened(path)
    prog.record(FakePuzzle("gin-1"), right())
    content, fragment = CORRUPT[kind]
    path.write_bytes(content)
    for query in (prog.attempts, prog.accuracy, prog.streak):
        with pytest.raises(ValueError, match="progress"):
            query()
    with pytest.raises(ValueError) as info:
        prog.record(FakePuzzle("gin-2"), right())
    assert str(path) in str(info.value) and fragment in str(info.value)
    with pytest.raises(ValueError):
        prog.record(FakePuzzle("gin-3"), wrong())
    assert path.read_bytes() == content
    assert "unreadable" in repr(prog) and "unreadable" in prog._repr_html_()
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_version_1_file_written_by_hand_is_read(path: Path) -> None:
    missed = {**GOOD_ATTEMPT, "puzzle": "gin-2", "correct": False, "loss": 3,
              "label": "blunder", "time": "2026-12-06T03:30:00+01:00"}
    path.write_text(_file([GOOD_ATTEMPT, missed],
                          puzzles={"gin-2": FakePuzzle("gin-2").to_dict()}), encoding="utf-8")
    prog = opened(path)
    first, second = prog.attempts()
    assert second.loss == 3.0 and isinstance(second.loss, float)
    assert second.time == datetime(2026, 12, 6, 2, 30, tzinfo=UTC)
    assert second.time.utcoffset() == timedelta(0)
    assert first.correct and not second.correct and prog.accuracy() == 0.5


# --------------------------------------------------------------------------- bad arguments


class NoTheme:
    id, variant, rating, rating_deviation, shipped = "gin-1", "gin", 1500.0, 60.0, True

    def to_dict(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class SetPuzzle(FakePuzzle):
    def to_dict(self) -> dict[str, Any]:
        return {"cards": {"KS", "QS"}}


BAD_ARGUMENTS: dict[str, tuple[object, object, type[Exception], str]] = {
    "puzzle is text": ("gin-1", right(), TypeError, "puzzle has no 'id'"),
    "puzzle lacks theme": (NoTheme(), right(), TypeError, "puzzle has no 'theme'"),
    "empty id": (FakePuzzle(""), right(), ValueError, "puzzle id is empty"),
    "id number": (FakePuzzle(7), right(), TypeError, "puzzle id is 7"),  # type: ignore[arg-type]
    "unknown variant": (FakePuzzle("x-1", variant="poker"), right(), ValueError, "'poker'"),
    "nan rating": (FakePuzzle("gin-1", rating=math.nan), right(), ValueError, "rating is nan"),
    "rd zero": (FakePuzzle("gin-1", rating_deviation=0.0), right(), ValueError,
                "rating_deviation 0.0 is not positive"),
    "shipped text": (FakePuzzle("gin-1", shipped="yes"), right(), TypeError,  # type: ignore[arg-type]
                     "shipped is 'yes'"),
    "dict not JSON": (SetPuzzle("gin-1"), right(), ValueError, "not JSON-able"),
    "verdict is text": (FakePuzzle("gin-1"), "best", TypeError, "verdict has no 'correct'"),
    "verdict swapped": (right(), FakePuzzle("gin-1"), TypeError, "has no"),
    "correct text": (FakePuzzle("gin-1"), FakeVerdict("yes", 0.0, "best", FakeMove("D KS")),  # type: ignore[arg-type]
                     TypeError, "correct is 'yes'"),
    "loss negative": (FakePuzzle("gin-1"), wrong(loss=-1.0), ValueError, "loss is -1.0"),
    "loss inf": (FakePuzzle("gin-1"), wrong(loss=math.inf), ValueError, "loss is inf"),
    "bad label": (FakePuzzle("gin-1"), wrong(label="oops"), ValueError, "label 'oops'"),
    "move without code": (FakePuzzle("gin-1"), FakeVerdict(True, 0.0, "best", "D KS"),  # type: ignore[arg-type]
                          TypeError, "move has no 'code'"),
}


@pytest.mark.parametrize("kind", sorted(BAD_ARGUMENTS))
def test_bad_arguments_are_refused_and_nothing_is_written(path: Path, kind: str) -> None:
    puzzle, verdict, error, fragment = BAD_ARGUMENTS[kind]
    prog = opened(path)
    with pytest.raises(error) as info:
        prog.record(puzzle, verdict)  # type: ignore[arg-type]
    assert fragment in str(info.value), str(info.value)
    assert list(path.parent.iterdir()) == []
    prog.record(FakePuzzle("gin-1"), right())
    content = path.read_bytes()
    with pytest.raises(error):
        prog.record(puzzle, verdict)  # type: ignore[arg-type]
    assert path.read_bytes() == content and len(prog.attempts()) == 1


def test_a_loader_that_is_not_callable_is_refused(path: Path) -> None:
    with pytest.raises(TypeError, match="loader is str"):
        Progress(path, loader="Puzzle.from_dict")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- atomic saving


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir()
                  if p.name not in ("progress.json", "progress.json.lock"))


def test_saving_leaves_no_temporary_files(prog: Progress, path: Path) -> None:
    for i in range(5):
        prog.record(FakePuzzle(f"gin-{i}"), right() if i % 2 else wrong())
    assert _leftovers(path.parent) == []
    assert len(prog.attempts()) == 5


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failed_save_keeps_the_old_file_and_no_temporary(
        prog: Progress, path: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    prog.record(FakePuzzle("gin-1"), wrong())
    content = path.read_bytes()

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(f"os.{failing}", broken)
    with pytest.raises(OSError, match="No space left"):
        prog.record(FakePuzzle("gin-2"), right())
    monkeypatch.undo()
    assert path.read_bytes() == content and _leftovers(path.parent) == []
    prog.record(FakePuzzle("gin-3"), right())  # the lock was released
    assert [a.puzzle for a in prog.attempts()] == ["gin-1", "gin-3"]


def test_saving_keeps_the_files_permissions(prog: Progress, path: Path) -> None:
    prog.record(FakePuzzle("gin-1"), right())
    path.chmod(0o640)
    prog.record(FakePuzzle("gin-2"), right())
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_path_that_cannot_hold_the_file_fails_cleanly(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(NotADirectoryError):
        opened(blocker / "progress.json")
    with pytest.raises(IsADirectoryError):
        opened(tmp_path)
    assert blocker.read_text(encoding="utf-8") == "x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["not-a-directory"]


def test_a_directory_that_cannot_be_made_fails_cleanly(tmp_path: Path) -> None:
    prog = opened(tmp_path / "data" / "progress.json")
    blocker = tmp_path / "data"
    blocker.write_text("x", encoding="utf-8")  # appears after opening
    with pytest.raises(OSError):
        prog.record(FakePuzzle("gin-1"), right())
    assert blocker.read_text(encoding="utf-8") == "x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="needs POSIX permissions that apply (not root)")
def test_a_read_only_directory_is_read_but_not_written(tmp_path: Path) -> None:
    path = tmp_path / "ro" / "progress.json"
    path.parent.mkdir()
    opened(path).record(FakePuzzle("gin-1"), wrong())
    content = path.read_bytes()
    path.parent.chmod(0o500)
    try:
        prog = opened(path)
        assert [a.puzzle for a in prog.attempts()] == ["gin-1"]
        assert prog.due("gin") == []
        with pytest.raises(OSError):
            prog.record(FakePuzzle("gin-2"), right())
        assert path.read_bytes() == content
    finally:
        path.parent.chmod(0o700)


# --------------------------------------------------------------------------- concurrency


def test_two_objects_interleaving_lose_nothing(path: Path) -> None:
    first, second = opened(path), opened(path)
    expected = []
    for i in range(6):
        for name, prog in (("a", first), ("b", second)):
            prog.record(FakePuzzle(f"gin-{name}{i}"), right() if i % 3 else wrong())
            expected.append(f"gin-{name}{i}")
    assert [a.puzzle for a in first.attempts()] == expected
    assert [a.puzzle for a in second.attempts()] == expected
    times = [a.time for a in first.attempts()]
    assert times == sorted(times)


def test_threads_each_with_their_own_object_lose_nothing(path: Path) -> None:
    errors: list[BaseException] = []
    start = threading.Barrier(3)

    def work(name: str) -> None:
        try:
            prog = opened(path)
            start.wait()
            for i in range(15):
                prog.record(FakePuzzle(f"gin-{name}{i}"), right())
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in "abc"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    got = [a.puzzle for a in opened(path).attempts()]
    assert sorted(got) == sorted(f"gin-{n}{i}" for n in "abc" for i in range(15))
    for n in "abc":  # each thread's own attempts stay in its order
        assert [p for p in got if p.startswith(f"gin-{n}")] == [f"gin-{n}{i}" for i in range(15)]
    assert _leftovers(path.parent) == []


def _record_many(path: str, name: str, count: int, start: Any) -> None:
    prog = opened(Path(path))
    start.wait()
    for i in range(count):
        prog.record(FakePuzzle(f"gin-{name}{i}", shipped=i % 2 == 0),
                    right() if i % 3 else wrong())


def test_several_processes_lose_nothing(path: Path) -> None:
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx: Any = multiprocessing.get_context(method)
    names, count = "pqrs", 12
    start = ctx.Barrier(len(names))
    procs = [ctx.Process(target=_record_many, args=(str(path), n, count, start))
             for n in names]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * len(names)
    prog = opened(path)
    got = [a.puzzle for a in prog.attempts()]
    assert sorted(got) == sorted(f"gin-{n}{i}" for n in names for i in range(count))
    stored = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    # stored: every unshipped (odd i) and every missed (i divisible by 3)
    assert sorted(stored) == sorted(f"gin-{n}{i}" for n in names for i in range(count)
                                    if i % 2 or i % 3 == 0)
    assert _leftovers(path.parent) == []


# --------------------------------------------------------------------------- review schedule


def _ids(prog: Progress, variant: str = "gin") -> list[str]:
    return [p.id for p in prog.due(variant)]


def test_the_review_schedule_is_1_3_7_then_retired(prog: Progress) -> None:
    """The documented schedule, step by step (other puzzles are fillers, all correct)."""
    assert REVIEW_INTERVALS == (1, 3, 7)
    fill = iter(range(1000))

    def others(n: int) -> None:
        for _ in range(n):
            prog.record(FakePuzzle(f"gin-fill{next(fill)}"), right())

    target = FakePuzzle("gin-0042", theme="knock", rating=1650.0)
    prog.record(target, wrong())            # missed: due after 1 other attempt
    assert _ids(prog) == []
    others(1)
    assert prog.due("gin") == [target]      # rebuilt by the loader, equal to the original
    prog.record(target, right())            # correct when due: next after 3
    for _ in range(3):
        assert _ids(prog) == []
        others(1)
    assert _ids(prog) == ["gin-0042"]
    prog.record(target, right())            # correct again: next after 7
    others(6)
    assert _ids(prog) == []
    others(1)
    assert _ids(prog) == ["gin-0042"]
    others(4)                               # overdue stays due
    assert _ids(prog) == ["gin-0042"]
    prog.record(target, right())            # correct again: retired
    others(30)
    assert _ids(prog) == []
    prog.record(target, wrong())            # missed after retiring: back to 1
    others(1)
    assert _ids(prog) == ["gin-0042"]


def test_a_miss_when_due_starts_over_at_1(prog: Progress) -> None:
    target = FakePuzzle("gin-7")
    prog.record(target, wrong())
    prog.record(FakePuzzle("gin-a"), right())
    prog.record(target, right())            # now on the 3-interval
    for name in "bcd":
        prog.record(FakePuzzle(f"gin-{name}"), right())
    assert _ids(prog) == ["gin-7"]
    prog.record(target, wrong())            # missed when due: due after 1 again
    assert _ids(prog) == []
    prog.record(FakePuzzle("gin-e"), right())
    assert _ids(prog) == ["gin-7"]


def test_an_early_correct_answer_changes_nothing(prog: Progress) -> None:
    target = FakePuzzle("gin-7")
    prog.record(target, wrong())
    prog.record(FakePuzzle("gin-a"), right())
    prog.record(target, right())            # on the 3-interval
    prog.record(FakePuzzle("gin-b"), right())
    prog.record(target, right())            # early: not a review, and not an "other" attempt
    prog.record(FakePuzzle("gin-c"), right())
    assert _ids(prog) == []
    prog.record(FakePuzzle("gin-d"), right())
    assert _ids(prog) == ["gin-7"]          # still the 3-interval, counted from gin-b


def test_only_attempts_of_the_same_variant_count(prog: Progress) -> None:
    prog.record(FakePuzzle("gin-7"), wrong())
    for i in range(5):
        prog.record(FakePuzzle(f"500-{i}", variant="500"), right())
    assert _ids(prog, "gin") == [] and _ids(prog, "500") == []
    prog.record(FakePuzzle("gin-8"), right())
    assert _ids(prog, "gin") == ["gin-7"] and _ids(prog, "500") == []


def test_due_puzzles_come_most_overdue_first(prog: Progress) -> None:
    early = FakePuzzle("gin-early", shipped=False, theme="review")
    late = FakePuzzle("gin-late")
    spaced = FakePuzzle("gin-spaced")
    prog.record(early, wrong())
    prog.record(FakePuzzle("gin-a"), right())
    prog.record(spaced, wrong())
    prog.record(FakePuzzle("gin-b"), right())
    prog.record(spaced, right())            # spaced: on the 3-interval, 0 others so far
    prog.record(late, wrong())
    prog.record(FakePuzzle("gin-c"), right())
    # early: 6 others since its miss (5 overdue); late: 1 of 1 (0 overdue); spaced: 2 of 3
    assert _ids(prog) == ["gin-early", "gin-late"]
    prog.record(FakePuzzle("gin-d"), right())
    prog.record(FakePuzzle("gin-e"), right())
    # early: 8 of 1 (7 overdue); late: 3 of 1 (2 overdue); spaced: 4 of 3 (1 overdue)
    assert _ids(prog) == ["gin-early", "gin-late", "gin-spaced"]
    assert prog.due("gin")[0] == early      # rebuilt from its stored dict


def test_a_loader_that_fails_names_the_puzzle(path: Path) -> None:
    def loader(data: dict[str, Any]) -> FakePuzzle:
        raise KeyError("cards")

    prog = Progress(path, loader=loader)
    prog.record(FakePuzzle("gin-7"), wrong())
    prog.record(FakePuzzle("gin-8"), right())
    with pytest.raises(ValueError, match="stored puzzle 'gin-7' cannot be rebuilt"):
        prog.due("gin")


# --------------------------------------------------------------------------- Glicko-2

SCALE = 173.7178  # Glickman's conversion between the Glicko and Glicko-2 scales


def reference_glicko2(rating: float, rd: float, vol: float,
                      games: list[tuple[float, float, float]],
                      tau: float = 0.5) -> tuple[float, float, float]:
    """One rating period of Glicko-2, written from Glickman's paper ("Example of the
    Glicko-2 system", 2013), steps 2 to 8, independently of the glicko2 package."""
    mu, phi = (rating - 1500) / SCALE, rd / SCALE

    def g(p: float) -> float:
        return 1 / math.sqrt(1 + 3 * p * p / math.pi ** 2)

    opp = [((r - 1500) / SCALE, d / SCALE, s) for r, d, s in games]
    expect = [1 / (1 + math.exp(-g(pj) * (mu - mj))) for mj, pj, _ in opp]
    v = 1 / sum(g(pj) ** 2 * e * (1 - e) for (_, pj, _), e in zip(opp, expect, strict=True))
    total = sum(g(pj) * (s - e) for (_, pj, s), e in zip(opp, expect, strict=True))
    delta = v * total
    a = math.log(vol ** 2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
                - (x - a) / tau ** 2)

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_vol = math.exp(big_a / 2)
    phi_star = math.sqrt(phi ** 2 + new_vol ** 2)
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    new_mu = mu + new_phi ** 2 * total
    return 1500 + SCALE * new_mu, SCALE * new_phi, new_vol


PAPER_GAMES = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]


def test_the_reference_and_the_package_give_the_papers_example() -> None:
    # The paper: 1500/200 beats 1400/30, loses to 1550/100 and 1700/300 -> 1464.06/151.52
    # (its figures round the intermediate steps; exact arithmetic gives 1464.0507).
    rating, rd, vol = reference_glicko2(1500.0, 200.0, 0.06, PAPER_GAMES)
    assert rating == pytest.approx(1464.06, abs=0.02)
    assert rd == pytest.approx(151.52, abs=0.02)
    assert vol == pytest.approx(0.05999, abs=1e-5)
    player = glicko2.Player(1500, 200, 0.06)
    player.update_player(*(list(col) for col in zip(*PAPER_GAMES, strict=True)))
    assert player.rating == pytest.approx(rating, abs=0.01)
    assert player.rd == pytest.approx(rd, abs=0.01)


def test_the_rating_is_one_glicko2_period_per_attempt(prog: Progress) -> None:
    rng = random.Random(11)
    expected = START
    for i in range(20):
        puzzle = FakePuzzle(f"gin-{i}", rating=rng.uniform(1300, 1900),
                            rating_deviation=rng.uniform(40, 150))
        correct = rng.random() < 0.65
        prog.record(puzzle, right() if correct else wrong())
        expected = reference_glicko2(*expected, [(puzzle.rating, puzzle.rating_deviation,
                                                  float(correct))])
        got = prog.rating("gin")
        # the package's volatility step differs slightly from the paper's (it uses the
        # rating where the paper has the deviation); over 20 periods well under 0.05 points
        assert got.rating == pytest.approx(expected[0], abs=0.05)
        assert got.deviation == pytest.approx(expected[1], abs=0.05)
    assert prog.rating("500") == Rating(1500.0, 350.0)


def test_ratings_go_up_with_correct_answers_and_down_with_misses(path: Path) -> None:
    up, down = opened(path.with_name("up.json")), opened(path.with_name("down.json"))
    before_up = before_down = up.rating("indian")
    for i in range(8):
        puzzle = FakePuzzle(f"indian-{i}", variant="indian", rating=1500.0 + 20 * i)
        up.record(puzzle, right())
        down.record(puzzle, wrong())
        after_up, after_down = up.rating("indian"), down.rating("indian")
        assert after_up.rating > before_up.rating and after_down.rating < before_down.rating
        assert after_up.deviation < before_up.deviation
        assert after_down.deviation < before_down.deviation
        before_up, before_down = after_up, after_down
    # symmetric games around 1500-1640: the two end about as far above as below
    assert before_up.rating - 1500 > 200 and 1500 - before_down.rating > 150


def test_a_harder_puzzle_solved_is_worth_more(path: Path) -> None:
    easy, hard = opened(path.with_name("easy.json")), opened(path.with_name("hard.json"))
    easy.record(FakePuzzle("basic-1", variant="basic", rating=1300.0), right())
    hard.record(FakePuzzle("basic-2", variant="basic", rating=1800.0), right())
    gain_easy = easy.rating("basic").rating - 1500
    gain_hard = hard.rating("basic").rating - 1500
    assert 0 < gain_easy < gain_hard
    first = reference_glicko2(*START, [(1800.0, 60.0, 1.0)])
    assert hard.rating("basic").rating == pytest.approx(first[0], abs=0.01)


# --------------------------------------------------------------------------- display


def test_repr_and_html_are_computed_from_the_record(tmp_path: Path) -> None:
    path = tmp_path / "<b>&me" / "progress.json"
    prog = opened(path)
    prog.record(FakePuzzle("gin-1"), wrong())
    prog.record(FakePuzzle("gin-2"), right())
    prog.record(FakePuzzle("gin-3"), right())
    prog.record(FakePuzzle("500-1", variant="500"), right())
    text = repr(prog)
    assert "4 attempts" in text and "75% solved" in text and "1 due" in text
    page = prog._repr_html_()
    assert "<b>&me" not in page and "&lt;b&gt;&amp;me" in page
    assert "4 puzzle attempts, 3 solved in a row" in page
    gin = prog.rating("gin")
    row = page[page.index(">gin<"):page.index(">basic<")]
    assert ">3<" in row and "67%" in row and str(gin) in row and ">1<" in row
    assert str(gin) == f"{gin.rating:.0f} ± {2 * gin.deviation:.0f}"
    assert str(Rating(1500.0, 350.0)) in page[page.index(">basic<"):]


def test_hints_count_against_a_solve(prog: Progress, path: Path) -> None:
    """A right answer after the hint that gives the answer is a miss; earlier hints take
    a quarter each off the solve's score in the rating."""
    assert max(HINT_LEVELS) == ANSWER_HINT
    prog.record(FakePuzzle("gin-1"), right(), hints=1)
    prog.record(FakePuzzle("gin-2"), right(), hints=ANSWER_HINT)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [e["hints"] for e in data["attempts"]] == [1, ANSWER_HINT]
    assert list(data["puzzles"]) == ["gin-2"]  # not solved: kept for its review
    first, second = prog.attempts()
    assert (first.correct, first.solved, first.score) == (True, True, 0.75)
    assert (second.correct, second.solved, second.score) == (True, False, 0.0)
    assert prog.accuracy() == 0.5 and prog.streak() == 0
    assert [p.id for p in prog.due("gin")] == []  # due after one other attempt
    prog.record(FakePuzzle("gin-3"), right())
    assert [p.id for p in prog.due("gin")] == ["gin-2"]
    expected = START
    for puzzle, score in ((FakePuzzle("gin-1"), 0.75), (FakePuzzle("gin-2"), 0.0),
                          (FakePuzzle("gin-3"), 1.0)):
        expected = reference_glicko2(*expected, [(puzzle.rating, puzzle.rating_deviation,
                                                  score)])
    got = prog.rating("gin")
    assert got.rating == pytest.approx(expected[0], abs=0.05)
    assert got.deviation == pytest.approx(expected[1], abs=0.05)


@pytest.mark.parametrize("hints", [-1, 4, 1.5, True, "2"])
def test_a_bad_hint_count_is_refused_and_nothing_written(prog: Progress, path: Path,
                                                         hints: object) -> None:
    prog.record(FakePuzzle("gin-1"), right())
    before = path.read_bytes()
    with pytest.raises(ValueError, match="hints is"):
        prog.record(FakePuzzle("gin-2"), right(), hints=hints)  # type: ignore[arg-type]
    assert path.read_bytes() == before


def test_a_file_without_hints_reads_as_none_and_bad_hints_are_named(path: Path) -> None:
    prog = Progress(path, loader=FakePuzzle.from_dict)
    prog.record(FakePuzzle("gin-1"), right())
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["attempts"][0]["hints"]  # written before hints were recorded
    path.write_text(json.dumps(data), encoding="utf-8")
    assert prog.attempts()[0].hints == 0 and prog.accuracy() == 1.0
    data["attempts"][0]["hints"] = 7
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="attempt 1 of 1 'hints' is 7"):
        prog.attempts()
