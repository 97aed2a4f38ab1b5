"""scripts/make_student_copy.py: solution cells blanked, everything else kept, outputs gone."""

from __future__ import annotations

import doctest
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_student_copy.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_student_copy", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


msc = _load()


def _notebook() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    question = nbformat.v4.new_markdown_cell("**Exercise 1.** How much deadwood?")
    answer = nbformat.v4.new_code_cell("answer_1 = 31  # K + Q + 5 + 6\nanswer_1")
    answer.metadata["tags"] = ["solution"]
    answer.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "31"},
                                             execution_count=2)]
    answer.execution_count = 2
    check = nbformat.v4.new_code_cell('assert answer_1 == 31\n"correct"')
    prose = nbformat.v4.new_markdown_cell("The answer: K, Q, 5 and 6 are left over.")
    prose.metadata["tags"] = ["solution"]
    nb.cells = [nbformat.v4.new_code_cell("import rummy_lab as rl\nrl.__version__"),
                question, answer, check, prose]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    return nb


def _write(path: Path, nb: nbformat.NotebookNode) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def test_solution_cells_are_blanked_and_the_rest_kept(tmp_path: Path) -> None:
    src = _write(tmp_path / "src" / "lesson.ipynb", _notebook())
    written = msc.make_student_copy(tmp_path / "out", [tmp_path / "src"])
    assert len(written) == 1
    copy = nbformat.read(written[0], as_version=4)
    nbformat.validate(copy)
    original = nbformat.read(src, as_version=4)
    assert len(copy.cells) == len(original.cells)
    answer = copy.cells[2]
    assert answer.metadata["tags"] == ["solution"]
    assert "31" not in answer.source
    assert all(line.startswith("#") for line in answer.source.splitlines())
    assert "answer_1" in answer.source  # the hint names what the check cell needs
    assert answer.outputs == [] and answer.execution_count is None
    assert copy.cells[4].source == msc.MARKDOWN_PLACEHOLDER
    for i in (0, 1, 3):
        assert copy.cells[i].source == original.cells[i].source
    assert copy.metadata["kernelspec"] == original.metadata["kernelspec"]
    # the teacher's file is untouched
    assert "answer_1 = 31" in nbformat.read(src, as_version=4).cells[2].source


def test_command_line_default_folder_and_paths(tmp_path: Path) -> None:
    _write(tmp_path / "tutorials" / "a.ipynb", _notebook())
    _write(tmp_path / "tutorials" / ".ipynb_checkpoints" / "a-checkpoint.ipynb", _notebook())
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path / "student"), str(tmp_path / "tutorials")],
        capture_output=True, text=True, cwd=tmp_path, check=False,
    )
    assert done.returncode == 0, done.stderr
    out = sorted(p.relative_to(tmp_path / "student") for p in
                 (tmp_path / "student").rglob("*.ipynb"))
    assert out == [Path("tutorials/a.ipynb")]


def test_default_output_folder_is_student(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Path, object]] = []
    monkeypatch.setattr(msc, "make_student_copy",
                        lambda out, sources=None: calls.append((out, sources)) or [])
    assert msc.main([]) == 0
    assert calls == [(Path("student"), None)]


def test_bad_source_and_output_over_source(tmp_path: Path) -> None:
    assert msc.main([str(tmp_path / "out"), str(tmp_path / "missing.ipynb")]) == 2
    (tmp_path / "src").mkdir()
    with pytest.raises(ValueError, match="source folder"):
        msc.make_student_copy(tmp_path / "src", [tmp_path / "src"])


def test_repository_notebooks(tmp_path: Path) -> None:
    """Every repository notebook copies cleanly; no solution source survives."""
    sources = [ROOT / d for d in msc.DEFAULT_SOURCES if (ROOT / d).is_dir()]
    assert sources, "no tutorials/ or notebooks/ folder"
    written = msc.make_student_copy(tmp_path / "student", sources)
    assert written
    for path in written:
        rel = path.relative_to(tmp_path / "student")
        teacher = nbformat.read(ROOT / rel, as_version=4)
        student = nbformat.read(path, as_version=4)
        for t_cell, s_cell in zip(teacher.cells, student.cells, strict=True):
            if msc.is_solution(t_cell):
                assert s_cell.source != t_cell.source
                assert s_cell.source.startswith(("#", "*"))
            else:
                assert s_cell.source == t_cell.source
            if s_cell.cell_type == "code":
                assert s_cell.outputs == []


def test_doctests() -> None:
    failures, _ = doctest.testmod(msc)
    assert failures == 0
