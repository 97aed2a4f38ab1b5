"""The classroom kit: ``rummy-lab assignment`` makes student copies with nbgrader, and
nbgrader grades them: the instructor's answers score full marks, an untouched copy zero.

One real tutorial goes through the whole round (generate, fill, autograde, export), as a
teacher following ``docs/teaching.md`` would do it.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from rummy_lab import classroom
from rummy_lab.cli import main

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "tutorials" / "01_basic_rummy.ipynb"

needs_nbgrader = pytest.mark.skipif(
    not classroom.nbgrader_available(),
    reason="nbgrader is not installed (the [teach] extra; make test installs it)")


def _nbgrader(course: Path, *args: str) -> str:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.pop("RUMMY_LAB_SOLUTIONS", None)  # a student's kernel: practice cells do not answer
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _text(cell: dict[str, Any]) -> str:
    """A cell's source and the text of its outputs."""
    parts = ["".join(cell.get("source", ""))]
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        parts.extend("".join(v) if isinstance(v, list) else str(v)
                     for v in out.get("data", {}).values())
    return "\n".join(parts)


def _grade_id(cell: dict[str, Any]) -> str | None:
    meta = cell.get("metadata", {}).get("nbgrader") or {}
    gid = meta.get("grade_id")
    return str(gid) if gid else None


def _fill_with_answers(release: Path, source: Path, target: Path) -> int:
    """The student copy with each answer cell's source set to the instructor's; returns how
    many cells were filled."""
    teacher = {_grade_id(c): c["source"] for c in _cells(source) if _grade_id(c)}
    nb = json.loads(release.read_text(encoding="utf-8"))
    filled = 0
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader") or {}
        if meta.get("solution"):
            cell["source"] = teacher[meta["grade_id"]]
            filled += 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return filled


@needs_nbgrader
def test_generate_and_autograde_one_tutorial(tmp_path: Path) -> None:
    course = tmp_path / "course"
    start = time.perf_counter()
    (made,) = classroom.make_assignments([NOTEBOOK], course)
    generate_s = time.perf_counter() - start
    name = NOTEBOOK.stem
    assert made.name == name and made.course == course.resolve()
    (release,) = made.releases
    assert release == course.resolve() / "release" / name / NOTEBOOK.name
    exercises = classroom.exercises(NOTEBOOK)
    total = sum(e.points for e in exercises)
    assert exercises and made.points == total > 0

    # nothing of the answers or of the hidden tests reaches the student copy (a line that
    # the notebook also shows outside its nbgrader cells is not a secret)
    student_cells = _cells(release)
    text = "\n".join(_text(c) for c in student_cells)
    public = "\n".join(_text(c) for c in _cells(NOTEBOOK) if not _grade_id(c))
    secret = [line for line in classroom.hidden_lines(NOTEBOOK) if line not in public]
    assert secret, "the tutorial has no solution lines to hide"
    leaked = [line for line in secret if line in text]
    assert leaked == []
    for marker in (classroom.BEGIN_SOLUTION, classroom.BEGIN_HIDDEN):
        assert marker not in text
    teacher_ids = [g for g in map(_grade_id, _cells(NOTEBOOK)) if g]
    assert [g for g in map(_grade_id, student_cells) if g] == teacher_ids
    for cell in student_cells:
        assert cell.get("outputs", []) == []
        if (cell["metadata"].get("nbgrader") or {}).get("solution"):
            assert "source_hidden" not in cell["metadata"].get("jupyter", {})

    # two submissions: the instructor's answers, and the copy as handed out
    submitted = course / "submitted"
    filled = _fill_with_answers(release, made.sources[0],
                                submitted / "teacher" / name / NOTEBOOK.name)
    assert filled == sum(1 for c in student_cells
                         if (c["metadata"].get("nbgrader") or {}).get("solution"))
    (submitted / "blank" / name).mkdir(parents=True)
    shutil.copyfile(release, submitted / "blank" / name / NOTEBOOK.name)

    start = time.perf_counter()
    _nbgrader(course, "autograde", name)
    autograde_s = time.perf_counter() - start
    _nbgrader(course, "export", "--to", "grades.csv")
    with (course / "grades.csv").open(encoding="utf-8") as fh:
        rows = {row["student_id"]: row for row in csv.DictReader(fh)}
    assert set(rows) == {"teacher", "blank"}
    assert float(rows["teacher"]["max_score"]) == total
    assert float(rows["teacher"]["score"]) == total
    assert float(rows["blank"]["score"]) == 0
    print(f"\ngenerate_assignment {generate_s:.1f} s, autograde of 2 submissions "
          f"{autograde_s:.1f} s ({len(exercises)} graded cells, {total:g} points)")


@needs_nbgrader
def test_an_existing_course_takes_another_assignment(tmp_path: Path) -> None:
    course = tmp_path / "course"
    first = classroom.make_assignments([NOTEBOOK], course)[0]
    again = classroom.make_assignments([NOTEBOOK], course, name="week2")[0]
    assert again.releases[0] == course.resolve() / "release" / "week2" / NOTEBOOK.name
    assert first.releases[0].is_file() and again.releases[0].is_file()


# --------------------------------------------------------------------------- bad input


def _plain_notebook(path: Path, cells: list[dict[str, Any]] | None = None) -> Path:
    nb = {"cells": cells or [{"cell_type": "code", "metadata": {}, "source": "1 + 1",
                              "outputs": [], "execution_count": None}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def _graded(gid: str, source: str, **meta: Any) -> dict[str, Any]:
    return {"cell_type": "code", "source": source, "outputs": [], "execution_count": None,
            "metadata": {"nbgrader": {"grade_id": gid, "schema_version": 3, **meta}}}


def test_cli_refuses_a_missing_notebook(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    out = tmp_path / "course"
    assert main(["assignment", str(tmp_path / "nope.ipynb"), str(out)]) == 2
    err = capsys.readouterr().err
    assert "no notebook at" in err and "nope.ipynb" in err
    assert not out.exists()


def test_cli_refuses_a_notebook_without_nbgrader_cells(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    nb = _plain_notebook(tmp_path / "plain.ipynb")
    out = tmp_path / "course"
    assert main(["assignment", str(nb), str(out)]) == 2
    assert "no graded nbgrader cells" in capsys.readouterr().err
    assert not out.exists()


def test_cli_needs_a_notebook_and_an_outdir(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["assignment", str(tmp_path / "course")]) == 2
    assert "required: OUTDIR" in capsys.readouterr().err
    assert main(["assignment", str(NOTEBOOK), str(NOTEBOOK)]) == 2
    assert "last argument is the OUTDIR" in capsys.readouterr().err


def test_cli_refuses_an_outdir_with_other_content(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "course"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["assignment", str(NOTEBOOK), str(out)]) == 2
    assert "not empty and not a course directory" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    target = tmp_path / "file"
    target.write_text("x", encoding="utf-8")
    assert main(["assignment", str(NOTEBOOK), str(target)]) == 2
    assert "is a file" in capsys.readouterr().err
    foreign = tmp_path / "other_course"
    foreign.mkdir()
    (foreign / "nbgrader_config.py").write_text("c = get_config()\n", encoding="utf-8")
    assert main(["assignment", str(NOTEBOOK), str(foreign)]) == 2
    assert "not made by rummy-lab" in capsys.readouterr().err


def test_bad_exercise_notebooks_are_named(tmp_path: Path) -> None:
    twice = _plain_notebook(tmp_path / "twice.ipynb", [
        _graded("a", "assert True", grade=True, points=1),
        _graded("a", "assert True", grade=True, points=1)])
    with pytest.raises(ValueError, match="share the grade_id 'a'"):
        classroom.read_notebook(twice)
    unmarked = _plain_notebook(tmp_path / "unmarked.ipynb", [
        _graded("ans", "x = 1", solution=True, grade=False),
        _graded("ans-test", "assert x == 1", grade=True, points=1)])
    with pytest.raises(ValueError, match=r"answer cell 'ans'.*BEGIN SOLUTION"):
        classroom.read_notebook(unmarked)
    broken = tmp_path / "broken.ipynb"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="is not a notebook"):
        classroom.read_notebook(broken)
    with pytest.raises(ValueError, match="assignment name"):
        classroom.make_assignments([NOTEBOOK], tmp_path / "c", name="../up")
    assert not (tmp_path / "c").exists()


def test_missing_nbgrader_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(classroom, "nbgrader_available", lambda: False)
    out = tmp_path / "course"
    assert main(["assignment", str(NOTEBOOK), str(out)]) == 1
    err = capsys.readouterr().err
    assert "nbgrader is not installed" in err and "'teach' extra" in err
    assert not out.exists()
