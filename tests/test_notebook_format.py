"""How the notebooks teach, as files: exercises in nbgrader's format, checks out of the way.

The conventions (``docs/teaching.md`` explains them to a teacher):

* An **exercise** is a question in prose, then an *answer cell* (tag ``solution``; nbgrader
  ``solution: true``; the instructor's answer between ``### BEGIN SOLUTION`` and
  ``### END SOLUTION``; its source collapsed so that a reader tries first), then a *graded
  test cell* (tag ``exercise-test``; nbgrader ``grade: true`` with points; checks that would
  give the answer away between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS``).
* A **self-check** that pins a claim of the notebook is a code cell tagged ``check``,
  collapsed (``jupyter.source_hidden``), never inside an exercise. No other cell asserts.
* A **practice** cell (tags ``practice`` and ``solution``) is where a learner answers a
  puzzle or a guided decision; the test suite answers there only when
  ``rl.practice.solutions_enabled()``. It is not an nbgrader cell: a student copy keeps it.
* Words are defined before they are used: ``00_start_here`` has the glossary and every other
  notebook links to it; ``±`` is said once per notebook to be the half-width of a 95% interval.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(
    p
    for d in ("tutorials", "notebooks")
    for p in (ROOT / d).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)
IDS = [str(p.relative_to(ROOT)) for p in NOTEBOOKS]
START = ROOT / "tutorials" / "00_start_here.ipynb"
GUIDED = {"05_first_game"}  # the guided hand: practice cells, no graded exercise
VARIANT_TUTORIALS = sorted(
    p for p in (ROOT / "tutorials").glob("0[1-4]*.ipynb")
)
GLOSSARY = ("meld", "set", "run", "sequence", "deadwood", "knock", "gin", "undercut",
            "lay off", "outs", "danger", "upcard", "stock", "discard pile", "wild joker", "drop")
MAX_CELLS = 100
NBGRADER_KEYS = {"grade", "grade_id", "locked", "schema_version", "solution", "task"}


def _cells(path: Path) -> list[nbformat.NotebookNode]:
    return list(nbformat.read(path, as_version=4).cells)


def _tags(cell: nbformat.NotebookNode) -> list[str]:
    return list(cell.metadata.get("tags", []))


def _nbgrader(cell: nbformat.NotebookNode) -> dict[str, object]:
    return dict(cell.metadata.get("nbgrader", {}))


def _asserts(source: str) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return "assert" in source
    return any(isinstance(n, ast.Assert) for n in ast.walk(tree))


def _practice(cell: nbformat.NotebookNode) -> bool:
    return "practice" in _tags(cell)


def _hidden(cell: nbformat.NotebookNode) -> bool:
    return bool(cell.metadata.get("jupyter", {}).get("source_hidden", False))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_answer_cells_are_nbgrader_solutions(path: Path) -> None:
    cells = _cells(path)
    ids: list[str] = []
    for i, cell in enumerate(cells):
        meta = _nbgrader(cell)
        if meta:
            assert set(meta) >= NBGRADER_KEYS, f"{path.name} cell {i}: nbgrader keys missing"
            assert meta["schema_version"] == 3, f"{path.name} cell {i}: schema version 3"
            ids.append(str(meta["grade_id"]))
        if "solution" not in _tags(cell):
            assert not meta.get("solution"), f"{path.name} cell {i}: tag an answer 'solution'"
            continue
        if _practice(cell):
            assert not meta, f"{path.name} cell {i}: a practice cell is not an nbgrader cell"
            assert "solutions_enabled()" in cell.source, (
                f"{path.name} cell {i}: a practice cell answers only when solutions are on")
            continue
        assert cell.cell_type == "code", f"{path.name} cell {i}: answers are code"
        assert meta.get("solution") is True and meta.get("grade") is False
        src = cell.source
        assert "### BEGIN SOLUTION" in src and "### END SOLUTION" in src, (
            f"{path.name} cell {i}: the answer sits between BEGIN/END SOLUTION")
        assert src.index("### BEGIN SOLUTION") < src.index("### END SOLUTION")
        assert _hidden(cell), f"{path.name} cell {i}: the answer is collapsed until wanted"
        assert not _asserts(src), f"{path.name} cell {i}: an answer cell asserts"
        test = next((c for c in cells[i + 1:] if c.cell_type == "code"), None)
        assert test is not None and _nbgrader(test).get("grade") is True, (
            f"{path.name} cell {i}: the next code cell is the exercise's graded test")
        tmeta = _nbgrader(test)
        assert tmeta.get("solution") is False and tmeta.get("locked") is True
        points = tmeta.get("points")
        assert isinstance(points, int | float) and points > 0
        assert "exercise-test" in _tags(test)
        assert _asserts(test.source), f"{path.name}: a graded test cell that tests nothing"
        hidden = re.search(r"### BEGIN HIDDEN TESTS(.*?)### END HIDDEN TESTS", test.source, re.S)
        visible = test.source if hidden is None else test.source.replace(hidden.group(0), "")
        assert "rl." not in visible, (
            f"{path.name}: a visible test computes with the package: hide it")
    assert len(ids) == len(set(ids)), f"{path.name}: grade ids repeat"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_every_notebook_has_an_exercise(path: Path) -> None:
    answers = [c for c in _cells(path) if "solution" in _tags(c) and not _practice(c)]
    if path.stem in GUIDED:
        assert any(_practice(c) for c in _cells(path))
    else:
        assert answers, f"{path.name}: no exercise"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_only_checks_and_graded_tests_assert(path: Path) -> None:
    for i, cell in enumerate(_cells(path)):
        if cell.cell_type != "code" or not _asserts(cell.source):
            continue
        if _nbgrader(cell).get("grade") is True:
            continue
        assert "check" in _tags(cell), (
            f"{path.name} cell {i}: a cell that asserts is tagged 'check': {cell.source[:60]!r}")
        assert _hidden(cell), f"{path.name} cell {i}: a check cell is collapsed"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_checks_stay_out_of_exercises(path: Path) -> None:
    """Between an exercise's answer cell and its graded test there is no self-check."""
    cells = _cells(path)
    for i, cell in enumerate(cells):
        if "solution" not in _tags(cell) or _practice(cell):
            continue
        for later in cells[i + 1:]:
            if _nbgrader(later).get("grade") is True:
                break
            assert "check" not in _tags(later), f"{path.name} cell {i}: a check inside an exercise"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_check_cells_only_check(path: Path) -> None:
    """A collapsed check shows nothing a reader needs: it displays at most a short verdict."""
    for cell in _cells(path):
        if "check" in _tags(cell):
            assert cell.cell_type == "code"
            last = ast.parse(cell.source).body[-1]
            assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Constant), (
                f"{path.name}: a check cell ends in a plain verdict string, not a display")


def test_glossary_defines_every_word() -> None:
    text = "\n".join(c.source for c in _cells(START) if c.cell_type == "markdown")
    assert re.search(r"^#+ .*Glossary", text, re.M), "00_start_here has a Glossary section"
    for word in GLOSSARY:
        assert re.search(rf"\*\*{re.escape(word)}\*\*", text, re.I), f"glossary: {word!r}"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p != START],
                         ids=[i for p, i in zip(NOTEBOOKS, IDS, strict=True) if p != START])
def test_notebooks_link_the_glossary(path: Path) -> None:
    text = "\n".join(c.source for c in _cells(path) if c.cell_type == "markdown")
    assert re.search(r"00_start_here\.ipynb#glossary", text), f"{path.name}: link the glossary"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_plus_minus_said_once(path: Path) -> None:
    """± is the half-width of a 95% interval, said in prose; a standard error is 'SE'."""
    md = [c.source for c in _cells(path) if c.cell_type == "markdown"]
    said = [s for s in md if re.search(r"±[^\n]*half-width[^\n]*95\s?% interval", s)]
    assert said, f"{path.name}: say once what ± means (the half-width of a 95% interval)"
    for s in md:
        assert not re.search(r"±\s*1\.96 standard errors?|± (?:one|1) standard error", s), (
            f"{path.name}: ± is never a standard error")


@pytest.mark.parametrize("path", VARIANT_TUTORIALS, ids=[p.stem for p in VARIANT_TUTORIALS])
def test_variant_tutorials_end_with_what_you_can_do(path: Path) -> None:
    md = [c.source for c in _cells(path) if c.cell_type == "markdown"]
    assert any(re.search(r"^#+ .*What you can now do", s, re.M | re.I) for s in md[-4:]), (
        f"{path.name}: end with a 'What you can now do' list")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebooks_are_not_too_long(path: Path) -> None:
    assert len(_cells(path)) <= MAX_CELLS, f"{path.name}: {len(_cells(path))} cells; split it"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_practice_cells_are_tagged_solution(path: Path) -> None:
    """The executed notebook answers its puzzles through cells tagged ``solution``."""
    for i, cell in enumerate(_cells(path)):
        if _practice(cell):
            assert "solution" in _tags(cell), f"{path.name} cell {i}: tag it 'solution' too"
