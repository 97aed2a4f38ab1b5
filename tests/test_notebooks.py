"""The tutorials and topic notebooks as committed: clean, uniform, and following STYLE section 8.

Running them is nbmake's job (``make test``); these checks are about the files themselves.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
NOTEBOOKS = sorted(
    p
    for d in ("tutorials", "notebooks")
    if (ROOT / d).is_dir()
    for p in (ROOT / d).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)
VARIANT_TUTORIALS = ("01_basic_rummy", "02_gin_rummy", "02b_oklahoma_hollywood", "03_rummy_500",
                     "04_indian_rummy")

pytestmark = pytest.mark.skipif(not NOTEBOOKS, reason="no notebooks yet")


def _ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(ROOT)) for p in paths]


def _read(path: Path) -> nbformat.NotebookNode:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    return nb


def _code(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_committed_without_outputs(path: Path) -> None:
    for cell in _code(_read(path)):
        assert cell.outputs == [], f"{path.name}: a cell has outputs (strip them)"
        assert cell.execution_count is None, f"{path.name}: a cell has an execution count"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_kernelspec(path: Path) -> None:
    assert dict(_read(path).metadata.get("kernelspec", {})) == KERNELSPEC


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_first_cell_imports_rummy_lab_and_seeds(path: Path) -> None:
    cells = _code(_read(path))
    assert cells, f"{path.name} has no code"
    first = cells[0].source
    assert "import rummy_lab as rl" in first
    assert "SEED" in first, "the first cell seeds the notebook (SEED = ...)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_code_cells_end_in_an_expression(path: Path) -> None:
    for cell in _code(_read(path)):
        tree = ast.parse(cell.source)
        assert tree.body, f"{path.name}: empty code cell"
        last = tree.body[-1]
        assert isinstance(last, ast.Expr), (
            f"{path.name}: cell ending {cell.source.splitlines()[-1]!r} should end in a bare "
            "expression that displays"
        )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_no_function_definitions_in_cells(path: Path) -> None:
    """Engine logic lives in the package: cells call it, they never define functions."""
    for cell in _code(_read(path)):
        for node in ast.walk(ast.parse(cell.source)):
            assert not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda), (
                f"{path.name}: a cell defines a function; put it in rummy_lab instead"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_every_cell_has_a_unique_id(path: Path) -> None:
    """nbformat 4.5 cell ids (a missing one is a warning today, an error in nbformat's
    future versions); read as plain JSON, since nbformat fills in missing ids."""
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    ids = [cell.get("id") for cell in cells]
    missing = [i for i, got in enumerate(ids) if not got]
    assert not missing, f"{path.name}: cells {missing} have no id"
    assert len(set(ids)) == len(ids), f"{path.name}: cell ids repeat"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_markdown_between_code_cells(path: Path) -> None:
    """Prose between ideas: never more than three code cells in a row (collapsed
    self-checks, tagged ``check``, do not count)."""
    run = 0
    for cell in _read(path).cells:
        if "check" in cell.metadata.get("tags", []):
            continue
        run = run + 1 if cell.cell_type == "code" else 0
        assert run <= 3, f"{path.name}: more than three code cells without prose"


def _private_uses(source: str) -> list[str]:
    """Imports of engine modules and names starting with an underscore in one cell."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("rummy_lab.engine"):
                found.append(f"from {node.module} import ...")
            found += [a.name for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("rummy_lab.engine")]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not (
            node.attr.startswith("__") and node.attr.endswith("__")
        ):
            found.append(f".{node.attr}")
    return found


def test_private_use_finder_flags_what_it_should() -> None:
    cell = (
        "from rummy_lab.engine.variants.tabled import describe_legal_moves\n"
        "import rummy_lab.engine.solver\nfrom rummy_lab.gin import _gin_rules\n"
        "x = card._index\nrl.__version__\n"
    )
    assert _private_uses(cell) == [
        "from rummy_lab.engine.variants.tabled import ...", "rummy_lab.engine.solver",
        "_gin_rules", "._index",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebooks_use_only_public_names(path: Path) -> None:
    """Lessons call the documented surface: no engine modules, no underscore names."""
    for cell in _code(_read(path)):
        assert _private_uses(cell.source) == [], f"{path.name}: {cell.source[:80]!r}"
