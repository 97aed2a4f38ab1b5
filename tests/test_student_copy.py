"""scripts/make_student_copy.py: a wrapper of ``rummy-lab assignment`` that finds the
exercise notebooks in folders (the nbgrader round itself is tested in test_assignment)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rummy_lab import classroom

from .helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_student_copy.py"


msc = load_script("make_student_copy")


def _notebook(path: Path, graded: bool) -> Path:
    cells: list[dict[str, Any]] = [{"cell_type": "code", "source": "x = 1", "metadata": {},
                                    "outputs": [], "execution_count": None}]
    if graded:
        cells.append({"cell_type": "code", "source": "assert x == 1", "outputs": [],
                      "execution_count": None,
                      "metadata": {"nbgrader": {"grade": True, "grade_id": "t", "points": 1,
                                                "locked": True, "solution": False,
                                                "task": False, "schema_version": 3}}})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}), encoding="utf-8")
    return path


def _capture(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[Path], Path]]:
    calls: list[tuple[list[Path], Path]] = []

    def fake(notebooks: list[Path], course: Path) -> list[Any]:
        calls.append((list(notebooks), course))
        return []

    monkeypatch.setattr(msc, "make_assignments", fake)
    return calls


def test_default_sources_are_the_exercise_notebooks(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _capture(monkeypatch)
    assert msc.main([]) == 0
    ((notebooks, course),) = calls
    assert course == Path("student")
    expected = classroom.exercise_notebooks([ROOT / "tutorials", ROOT / "notebooks"])
    assert notebooks == expected and notebooks
    for nb in notebooks:
        assert classroom.exercises(nb), nb


def test_folders_give_only_notebooks_with_graded_cells(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graded = _notebook(tmp_path / "src" / "b.ipynb", graded=True)
    _notebook(tmp_path / "src" / "a.ipynb", graded=False)
    _notebook(tmp_path / "src" / ".ipynb_checkpoints" / "b-checkpoint.ipynb", graded=True)
    calls = _capture(monkeypatch)
    assert msc.main([str(tmp_path / "out"), str(tmp_path / "src")]) == 0
    assert calls == [([graded], tmp_path / "out")]


def test_bad_sources_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert msc.main([str(tmp_path / "out"), str(tmp_path / "missing.ipynb")]) == 2
    assert "no notebook or folder" in capsys.readouterr().err
    _notebook(tmp_path / "plain" / "a.ipynb", graded=False)
    assert msc.main([str(tmp_path / "out"), str(tmp_path / "plain")]) == 2
    assert "no exercise notebook" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(not classroom.nbgrader_available(), reason="needs the [teach] extra")
def test_command_line_writes_a_release(tmp_path: Path) -> None:
    src = _notebook(tmp_path / "src" / "lesson.ipynb", graded=True)
    done = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path / "out"), str(src)],
                          capture_output=True, text=True, cwd=tmp_path, check=False,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    release = tmp_path / "out" / "release" / "lesson" / "lesson.ipynb"
    assert done.stdout.split() == [str(release.resolve())]
    assert release.is_file()
