"""docs/teaching.md cannot drift from the notebooks: every notebook has its section, and
each section's exercise table lists exactly the notebook's graded cells with their points,
read from the notebooks' nbgrader metadata when the test runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rummy_lab import classroom

ROOT = Path(__file__).resolve().parent.parent
TEACHING = ROOT / "docs" / "teaching.md"
NOTEBOOKS = sorted(p for folder in ("tutorials", "notebooks")
                   for p in (ROOT / folder).glob("*.ipynb"))
ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*([0-9.]+)\s*\|", re.M)


def _sections() -> dict[str, str]:
    """The page's ``### `folder/name``` sections, by notebook path without suffix."""
    text = TEACHING.read_text(encoding="utf-8")
    parts = re.split(r"^### `([^`]+)`\s*$", text, flags=re.M)
    return {parts[i]: parts[i + 1].split("\n## ")[0] for i in range(1, len(parts), 2)}


def _graded(nb: Path) -> dict[str, float]:
    try:
        return {e.grade_id: e.points for e in classroom.exercises(nb)}
    except ValueError:
        return {}  # no graded cells


def test_every_notebook_has_a_section() -> None:
    assert NOTEBOOKS
    names = {nb.relative_to(ROOT).with_suffix("").as_posix() for nb in NOTEBOOKS}
    sections = set(_sections())
    assert names - sections == set(), "add a section to docs/teaching.md"
    assert sections - names == set(), "docs/teaching.md names a notebook that is gone"


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_exercise_table_matches_the_notebook(nb: Path) -> None:
    section = _sections()[nb.relative_to(ROOT).with_suffix("").as_posix()]
    listed = {gid: float(points) for gid, points in ROW.findall(section)}
    assert listed == _graded(nb)
    assert "**Goals**" in section and "**Time**" in section
    if listed:
        # a wrong answer and what it reveals, for every exercise
        rows = [line for line in section.splitlines() if ROW.match(line)]
        assert all(line.rstrip().rstrip("|").split("|")[-1].strip() for line in rows)


def test_the_page_names_the_commands_it_teaches() -> None:
    text = TEACHING.read_text(encoding="utf-8")
    for command in ("make assignments", "rummy-lab assignment", "nbgrader autograde",
                    "nbgrader export", "make docs", "docs/_build/html"):
        assert command in text, command
