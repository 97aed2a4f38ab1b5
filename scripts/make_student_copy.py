"""Write a student copy of the tutorials and notebooks, with the solution cells blanked.

A teacher's notebook marks each answer cell with the cell tag ``solution`` (in JupyterLab:
the Property Inspector in the right sidebar). The student copy keeps every other cell as
it is, replaces the source of each ``solution`` cell with a placeholder comment that names
the variables the following check cell expects, and drops all outputs, so nothing of the
answer is left in the file.

Usage::

    python scripts/make_student_copy.py            # writes student/tutorials, student/notebooks
    python scripts/make_student_copy.py handout/   # another folder
    python scripts/make_student_copy.py out/ tutorials/02_gin_rummy.ipynb   # chosen sources

Sources are notebooks or folders (searched recursively, ``.ipynb_checkpoints`` skipped);
each notebook keeps its path relative to the repository (or to the current folder for a
notebook outside it) under the output folder.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCES = ("tutorials", "notebooks")
SOLUTION_TAG = "solution"
MARKDOWN_PLACEHOLDER = "*Your answer here.*"


def assigned_names(source: str) -> list[str]:
    """Names a cell assigns at top level, in order (for the placeholder's hint).

    >>> assigned_names("answer_1 = 31\\nx, y = 1, 2\\nanswer_1")
    ['answer_1', 'x', 'y']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    names: list[str] = []

    def add(target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            if target.id not in names:
                names.append(target.id)
        elif isinstance(target, ast.Tuple | ast.List):
            for elt in target.elts:
                add(elt)

    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                add(target)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            add(node.target)
    return names


def placeholder(source: str) -> str:
    """The comment that replaces a solution cell's source."""
    lines = ["# Your solution here."]
    names = assigned_names(source)
    if names:
        lines.append("# The check cell below expects: " + ", ".join(names))
    return "\n".join(lines)


def is_solution(cell: nbformat.NotebookNode) -> bool:
    """True when the cell carries the ``solution`` tag."""
    return SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def student_notebook(nb: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, int]:
    """A copy of ``nb`` with solution cells blanked and every output removed.

    :return: the new notebook and the number of cells blanked.
    """
    out = nbformat.from_dict(nb)
    blanked = 0
    for cell in out.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        if is_solution(cell):
            blanked += 1
            if cell.cell_type == "code":
                cell.source = placeholder(cell.source)
            else:
                cell.source = MARKDOWN_PLACEHOLDER
    return out, blanked


def find_notebooks(sources: Iterable[Path]) -> list[Path]:
    """The notebooks among ``sources`` (files, or folders searched recursively)."""
    found: list[Path] = []
    for src in sources:
        if src.is_dir():
            found.extend(
                p for p in sorted(src.rglob("*.ipynb")) if ".ipynb_checkpoints" not in p.parts
            )
        elif src.suffix == ".ipynb" and src.is_file():
            found.append(src)
        else:
            raise FileNotFoundError(f"no notebook or folder at {src}")
    return found


def _relative(path: Path) -> Path:
    full = path.resolve()
    for base in (ROOT, Path.cwd().resolve()):
        if full.is_relative_to(base):
            return full.relative_to(base)
    return Path(path.name)


def make_student_copy(out_dir: Path, sources: Sequence[Path] | None = None) -> list[Path]:
    """Write the student copies under ``out_dir``; return the files written.

    :raises FileNotFoundError: for a source that is neither a notebook nor a folder.
    :raises ValueError: when the output folder is one of the sources (it would overwrite
        the teacher's notebooks).
    """
    if sources is None:
        sources = [ROOT / s for s in DEFAULT_SOURCES if (ROOT / s).is_dir()]
    out_dir = out_dir.resolve()
    for src in sources:
        if src.is_dir() and src.resolve() == out_dir:
            raise ValueError(f"the output folder {out_dir} is a source folder")
    written: list[Path] = []
    for path in find_notebooks(sources):
        if path.resolve().is_relative_to(out_dir):
            continue  # an earlier student copy inside a source folder
        nb = nbformat.read(path, as_version=4)
        copy, _ = student_notebook(nb)
        target = out_dir / _relative(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(copy, target)
        written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write a student copy of the notebooks with the solution cells blanked."
    )
    parser.add_argument("out", nargs="?", default="student",
                        help="output folder (default: student/)")
    parser.add_argument("sources", nargs="*", type=Path,
                        help="notebooks or folders (default: tutorials/ and notebooks/)")
    args = parser.parse_args(argv)
    try:
        written = make_student_copy(Path(args.out), args.sources or None)
    except (FileNotFoundError, ValueError) as err:
        print(f"make_student_copy: {err}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
