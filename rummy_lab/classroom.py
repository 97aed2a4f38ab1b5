"""The classroom kit: student copies of the exercise notebooks, made and graded by nbgrader.

Why: teachers who use Jupyter with a class hand out, collect and grade notebooks with
nbgrader. The exercises in ``tutorials/`` and ``notebooks/`` are already in its format (an
answer cell with ``solution: true`` and the instructor's lines between ``### BEGIN
SOLUTION`` and ``### END SOLUTION``; a graded test cell with ``grade: true``, its
``points`` and ``### BEGIN HIDDEN TESTS``); this module turns any such notebook into an
nbgrader *course directory* and runs ``nbgrader generate_assignment`` on it, offline.

A course directory made here holds::

    nbgrader_config.py        course id, the sqlite gradebook and the exchange in this folder
    gradebook.db              nbgrader's gradebook (made by nbgrader on first use)
    source/<assignment>/      the instructor's notebook, copied
    release/<assignment>/     the student copy: answers and hidden tests removed

Each notebook is one assignment named after its file (``01_basic_rummy``) unless a name is
given, which puts every notebook in that one assignment. A folder that already is a
course directory made by rummy-lab takes more assignments (one made again is replaced);
any other folder that is not empty is refused, so nothing of a teacher's is overwritten.

nbgrader is an optional extra: ``pip install 'rummy_lab[teach]'`` (``make test`` installs
it). Reading a notebook's exercises needs only the standard library:

>>> from pathlib import Path
>>> nb = Path(__file__).resolve().parent.parent / "tutorials" / "01_basic_rummy.ipynb"
>>> exercises(nb)[0]
Exercise(grade_id='ex1-test', points=1.0, hidden=True)
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "BEGIN_HIDDEN",
    "BEGIN_SOLUTION",
    "CONFIG_MARKER",
    "END_HIDDEN",
    "END_SOLUTION",
    "Assignment",
    "Exercise",
    "NbgraderError",
    "NbgraderMissing",
    "exercise_notebooks",
    "exercises",
    "hidden_lines",
    "make_assignments",
    "nbgrader_available",
    "read_notebook",
]

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
BEGIN_HIDDEN = "### BEGIN HIDDEN TESTS"
END_HIDDEN = "### END HIDDEN TESTS"

CONFIG_MARKER = "# course directory made by rummy-lab assignment"
"""The first line of the ``nbgrader_config.py`` this module writes: a folder whose config
starts with it takes more assignments."""

EXTRA = "teach"
"""The optional extra that installs nbgrader."""

GENERATE_TIMEOUT = 600
"""Seconds ``nbgrader generate_assignment`` may take before it is stopped."""

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


class NbgraderMissing(RuntimeError):
    """nbgrader is not installed in this Python."""


class NbgraderError(RuntimeError):
    """nbgrader ran and failed; the message ends with its last lines of output."""


@dataclass(frozen=True)
class Exercise:
    """One graded test cell of a notebook.

    :ivar grade_id: nbgrader's id of the test cell (``ex1-test``).
    :ivar points: what the cell is worth.
    :ivar hidden: whether it holds ``### BEGIN HIDDEN TESTS``.
    """

    grade_id: str
    points: float
    hidden: bool


@dataclass(frozen=True)
class Assignment:
    """An assignment generated in a course directory.

    :ivar name: the assignment's name (its folder under ``source/`` and ``release/``).
    :ivar course: the course directory.
    :ivar sources: the instructor's notebooks in ``source/<name>/``.
    :ivar releases: the student copies in ``release/<name>/``.
    :ivar exercises: the graded cells of each notebook, by the notebook's file name.
    :ivar seconds: how long ``nbgrader generate_assignment`` took.
    """

    name: str
    course: Path
    sources: tuple[Path, ...]
    releases: tuple[Path, ...]
    exercises: dict[str, tuple[Exercise, ...]]
    seconds: float

    @property
    def points(self) -> float:
        """The assignment's total points."""
        return sum(e.points for cells in self.exercises.values() for e in cells)

    def summary(self) -> str:
        """One line per student copy: its path, exercises and points.

        :return: the lines joined by newlines.
        """
        lines = []
        for path in self.releases:
            cells = self.exercises[path.name]
            pts = sum(e.points for e in cells)
            lines.append(f"{self.name}: {path} ({len(cells)} graded cell"
                         f"{'' if len(cells) == 1 else 's'}, {pts:g} point"
                         f"{'' if pts == 1 else 's'}; made in {self.seconds:.1f} s)")
        return "\n".join(lines)


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def read_notebook(path: str | Path) -> dict[str, Any]:
    """The notebook at ``path`` as JSON, checked to be an exercise notebook in nbgrader's
    format.

    :param path: an ``.ipynb`` file.
    :return: the notebook's JSON.
    :raises ValueError: when there is no such file, it is not a notebook, it has no
        nbgrader cells, two cells share a ``grade_id``, or an answer cell lacks its
        ``### BEGIN SOLUTION``/``### END SOLUTION`` pair.
    """
    p = Path(path)
    if not p.is_file():
        raise ValueError(f"no notebook at {p}")
    if p.suffix != ".ipynb":
        raise ValueError(f"{p} is not a notebook (.ipynb)")
    try:
        nb = json.loads(p.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{p} is not a notebook: {exc}") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise ValueError(f"{p} is not a notebook: it has no list of cells")
    ids: dict[str, int] = {}
    graded = 0
    for i, cell in enumerate(nb["cells"]):
        meta = cell.get("metadata", {}).get("nbgrader")
        if not meta:
            continue
        gid = meta.get("grade_id")
        if not gid:
            raise ValueError(f"{p}: cell {i} has nbgrader metadata but no grade_id")
        if gid in ids:
            raise ValueError(f"{p}: cells {ids[gid]} and {i} share the grade_id {gid!r}")
        ids[gid] = i
        src = _source(cell)
        if meta.get("solution") and cell.get("cell_type") == "code" and (
                BEGIN_SOLUTION not in src or END_SOLUTION not in src):
            raise ValueError(f"{p}: answer cell {gid!r} (cell {i}) lacks the "
                             f"{BEGIN_SOLUTION!r} ... {END_SOLUTION!r} lines")
        graded += bool(meta.get("grade"))
    if not graded:
        raise ValueError(f"{p} has no graded nbgrader cells (grade: true): not an "
                         "exercise notebook")
    return nb


def exercises(path: str | Path) -> list[Exercise]:
    """The graded cells of an exercise notebook, in order.

    :param path: an ``.ipynb`` file in nbgrader's format.
    :return: one :class:`Exercise` per cell with ``grade: true``.
    :raises ValueError: as :func:`read_notebook`.
    """
    nb = read_notebook(path)
    out = []
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader") or {}
        if meta.get("grade"):
            out.append(Exercise(str(meta["grade_id"]), float(meta.get("points", 0)),
                                BEGIN_HIDDEN in _source(cell)))
    return out


def hidden_lines(path: str | Path) -> list[str]:
    """The lines a student copy must not hold: the instructor's lines between the solution
    markers and the hidden tests, stripped, blank lines left out.

    :param path: an ``.ipynb`` file in nbgrader's format.
    :return: the lines, in notebook order.
    :raises ValueError: as :func:`read_notebook`.
    """
    nb = read_notebook(path)
    out: list[str] = []
    for cell in nb["cells"]:
        if not cell.get("metadata", {}).get("nbgrader"):
            continue
        inside = False
        for line in _source(cell).splitlines():
            mark = line.strip()
            if mark in (BEGIN_SOLUTION, BEGIN_HIDDEN):
                inside = True
            elif mark in (END_SOLUTION, END_HIDDEN):
                inside = False
            elif inside and mark:
                out.append(mark)
    return out


def exercise_notebooks(sources: Sequence[str | Path]) -> list[Path]:
    """The exercise notebooks among ``sources``: notebooks as given, folders searched
    recursively (``.ipynb_checkpoints`` skipped) for notebooks with graded nbgrader cells.

    :param sources: notebooks or folders.
    :return: the notebooks, folders' in sorted order.
    :raises ValueError: for a source that is neither a notebook nor a folder.
    """
    found: list[Path] = []
    for src in map(Path, sources):
        if src.is_dir():
            for p in sorted(src.rglob("*.ipynb")):
                if ".ipynb_checkpoints" in p.parts:
                    continue
                try:
                    read_notebook(p)
                except ValueError:
                    continue  # no exercises to hand out
                found.append(p)
        elif src.suffix == ".ipynb" and src.is_file():
            found.append(src)
        else:
            raise ValueError(f"no notebook or folder at {src}")
    return found


def nbgrader_available() -> bool:
    """Whether nbgrader can be imported by this Python."""
    return importlib.util.find_spec("nbgrader") is not None


def _config_text() -> str:
    return f'''{CONFIG_MARKER}
"""nbgrader's settings for this course directory: everything stays in this folder."""
import os

c = get_config()  # noqa: F821 (nbgrader defines it)
_here = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.root = _here
c.CourseDirectory.course_id = "rummy_lab"
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(_here, "gradebook.db")
c.Exchange.root = os.path.join(_here, "exchange")
c.ExecutePreprocessor.timeout = 300
'''


def _check_course(course: Path) -> bool:
    """True when ``course`` is a course directory made here, False when it is to be made.

    :raises ValueError: for a file, or a folder with other content.
    """
    if not course.exists():
        return False
    if not course.is_dir():
        raise ValueError(f"{course} is a file, not a folder for the course directory")
    config = course / "nbgrader_config.py"
    if config.is_file():
        first = config.read_text(encoding="utf-8").split("\n", 1)[0]
        if first == CONFIG_MARKER:
            return True
        raise ValueError(f"{course} holds an nbgrader_config.py not made by rummy-lab: "
                         "choose an empty or new folder")
    if any(course.iterdir()):
        raise ValueError(f"{course} is not empty and not a course directory made by "
                         "rummy-lab: choose an empty or new folder")
    return False


def _unhide_answer_cells(path: Path) -> None:
    """Open the answer cells of a student copy (the instructor's notebook collapses them so
    the answer is not seen at a glance; the student copy has only the stub)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    changed = False
    for cell in nb["cells"]:
        meta = cell.get("metadata", {})
        if (meta.get("nbgrader") or {}).get("solution") and "jupyter" in meta:
            meta["jupyter"].pop("source_hidden", None)
            if not meta["jupyter"]:
                del meta["jupyter"]
            changed = True
    if changed:
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _tail(text: str, lines: int = 6) -> str:
    return " | ".join(line for line in text.strip().splitlines()[-lines:] if line.strip())


def make_assignments(
    notebooks: Sequence[str | Path],
    course: str | Path,
    *,
    name: str | None = None,
    timeout: float = GENERATE_TIMEOUT,
) -> list[Assignment]:
    """Prepare (or extend) an nbgrader course directory and generate student copies.

    Every input is checked before anything is written. Each notebook becomes the
    assignment named after its file, or all of them the one assignment ``name``.

    :param notebooks: exercise notebooks in nbgrader's format.
    :param course: the course directory: new, empty, or one made here before.
    :param name: one assignment name for all the notebooks (letters, digits, ``_.-``).
    :param timeout: seconds each ``nbgrader generate_assignment`` may take.
    :return: the generated assignments, in order.
    :raises ValueError: for a missing or non-exercise notebook, two notebooks with the
        same file name in one assignment, a bad name, or a course folder that is a file or
        holds something else.
    :raises NbgraderMissing: when nbgrader is not installed.
    :raises NbgraderError: when nbgrader fails (its last lines are in the message).
    """
    if not notebooks:
        raise ValueError("no notebook given")
    paths = [Path(nb) for nb in notebooks]
    found = {p: exercises(p) for p in paths}
    if name is not None and not _NAME.match(name):
        raise ValueError(f"assignment name {name!r} must be letters, digits, '_', '.' or "
                         "'-', starting with a letter or digit")
    groups: dict[str, list[Path]] = {}
    for p in paths:
        key = name if name is not None else p.stem
        if not _NAME.match(key):
            raise ValueError(f"{p}: its file name {p.stem!r} cannot name an assignment; "
                             "give one with --name")
        if any(q.name == p.name for q in groups.get(key, [])):
            raise ValueError(f"two notebooks named {p.name} in assignment {key!r}")
        groups.setdefault(key, []).append(p)
    root = Path(course).resolve()
    existing = _check_course(root)
    if not nbgrader_available():
        raise NbgraderMissing(
            f"nbgrader is not installed in this Python ({sys.executable}): install the "
            f"'{EXTRA}' extra (pip install -e '.[{EXTRA}]', or run 'make test' or "
            "'make assignments', which install it)")
    root.mkdir(parents=True, exist_ok=True)
    if not existing:
        (root / "nbgrader_config.py").write_text(_config_text(), encoding="utf-8")
    out = []
    for key, members in groups.items():
        src_dir = root / "source" / key
        if src_dir.exists():
            shutil.rmtree(src_dir)
        src_dir.mkdir(parents=True)
        sources = []
        for p in members:
            shutil.copyfile(p, src_dir / p.name)
            sources.append(src_dir / p.name)
        seconds, _ = _nbgrader(root, ["generate_assignment", key, "--force"], timeout)
        releases = []
        for s in sources:
            r = root / "release" / key / s.name
            if not r.is_file():
                raise NbgraderError(f"nbgrader generate_assignment made no {r}")
            _unhide_answer_cells(r)
            releases.append(r)
        out.append(Assignment(key, root, tuple(sources), tuple(releases),
                              {p.name: tuple(found[p]) for p in members}, seconds))
    return out


def _nbgrader(course: Path, args: list[str], timeout: float) -> tuple[float, str]:
    """Run ``python -m nbgrader ARGS`` in ``course``; its duration and output.

    :raises NbgraderError: on a non-zero exit or a timeout.
    """
    cmd = [sys.executable, "-m", "nbgrader", *args]
    # nbgrader runs its database migrations with the ``alembic`` command: this Python's
    # scripts folder goes first on PATH, so a venv works without being activated
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, cwd=course, capture_output=True, text=True,
                              timeout=timeout, check=False, env=env)
    except subprocess.TimeoutExpired:
        raise NbgraderError(f"nbgrader {args[0]} took more than {timeout:g} s") from None
    seconds = time.perf_counter() - start
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise NbgraderError(f"nbgrader {' '.join(args)} failed (exit {done.returncode}): "
                            f"{_tail(output)}")
    return seconds, output
