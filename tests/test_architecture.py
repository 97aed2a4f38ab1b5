"""The layers point one way, and no module of the package is in an import loop.

Every import of a ``rummy_lab`` module is found by reading the source (AST): at module
level, inside functions, under ``if TYPE_CHECKING:`` and through ``importlib`` calls with a
constant or f-string name. Each top-level part of the package may import only the parts
below it (``docs/architecture.md`` draws the same picture), and the import graph of the
whole package, every kind of import counted, has no loop.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rummy_lab"

# Each layer and what it may import (besides itself). Public faces (gin, indian, moves)
# only re-export engine names.
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "display": {"engine"},
    "gin": {"engine"},
    "indian": {"engine"},
    "moves": {"engine"},
    "probability": {"engine", "display"},
    "inference": {"engine", "display", "probability"},
    "coach": {"engine", "display", "probability", "inference"},
    "bots": {"engine", "display", "probability", "inference", "coach"},
    "simulation": {"engine", "display", "bots"},
    "viz": {"engine", "display", "probability", "inference", "coach", "bots", "simulation"},
    "practice": {"engine", "display", "probability", "inference", "coach", "bots"},
    "widgets": {"engine", "display", "probability", "inference", "coach", "bots", "simulation",
                "viz", "practice"},
    "app": {"engine", "display", "probability", "inference", "coach", "bots", "simulation",
            "viz", "widgets", "gin", "indian", "moves", "practice"},
    "classroom": set(),  # nbgrader course directories: the standard library only
    "cli": {"engine", "display", "probability", "inference", "coach", "bots", "simulation",
            "viz", "app", "classroom", "__init__"},
    "__main__": {"cli"},
    "__init__": set(),  # the package root re-exports and loads the rest lazily
}


@dataclass(frozen=True)
class Import:
    source: str  # dotted module name
    target: str  # dotted module (or package) name
    line: int
    runtime: bool  # False under ``if TYPE_CHECKING:``
    top_level: bool  # at module level (not inside a function or class body)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: str, is_package: bool, level: int, name: str | None) -> str:
    if not level:
        return name or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _is_module(dotted: str) -> bool:
    path = ROOT / Path(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _importlib_target(call: ast.Call) -> tuple[str, str | None] | None:
    """``importlib.import_module("x", package)`` -> ("x", package or None)."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name not in ("import_module", "__import__") or not call.args:
        return None
    arg = call.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        text = arg.value
    elif isinstance(arg, ast.JoinedStr):  # f".{module}": keep the constant head
        head = arg.values[0] if arg.values else None
        text = head.value if isinstance(head, ast.Constant) and isinstance(head.value, str) else ""
        text += "*"
    else:
        return None
    return text, "package" if len(call.args) > 1 or call.keywords else None


def _imports(path: Path, module: str | None = None) -> Iterator[Import]:
    module = module or _module_name(path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only.update(id(n) for n in ast.walk(node))
    top = {id(n) for n in tree.body}
    top.update(id(n) for stmt in tree.body if isinstance(stmt, ast.If) for n in stmt.body)
    for node in ast.walk(tree):
        runtime = id(node) not in type_only
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node.level, node.module)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.append(sub if _is_module(sub) else base)
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.Call):
            found = _importlib_target(node)
            if found is not None:
                text, package = found
                if text.startswith("."):
                    level = len(text) - len(text.lstrip("."))
                    targets.append(_resolve(module, is_package, level, text.lstrip(".") or None))
                elif package is None:
                    targets.append(text)
        for target in targets:
            if target.split(".")[0] == "rummy_lab":
                yield Import(module, target.rstrip("*").rstrip("."), node.lineno, runtime,
                             id(node) in top)


def _layer(dotted: str) -> str:
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


ALL_IMPORTS = [imp for p in sorted(PACKAGE.rglob("*.py")) for imp in _imports(p)]


def test_the_scanner_sees_every_kind_of_import() -> None:
    """The scan finds module-level, function-level, TYPE_CHECKING and importlib imports."""
    kinds = {(imp.runtime, imp.top_level) for imp in ALL_IMPORTS}
    assert (True, True) in kinds and (True, False) in kinds and (False, True) in kinds
    assert any(imp.source == "rummy_lab" and imp.target.startswith("rummy_lab")
               and not imp.top_level for imp in ALL_IMPORTS)  # the lazy __getattr__
    assert {_layer(imp.source) for imp in ALL_IMPORTS} >= {"engine", "widgets", "viz"}


@pytest.mark.parametrize("layer", sorted(set(ALLOWED) - {"__init__"}))
def test_imports_point_down(layer: str) -> None:
    """(The package root, ``rummy_lab/__init__.py``, may load any part on demand.)"""
    bad = [
        f"{imp.source}:{imp.line} imports {imp.target}"
        for imp in ALL_IMPORTS
        if _layer(imp.source) == layer
        and _layer(imp.target) != layer
        and _layer(imp.target) not in ALLOWED[layer]
    ]
    assert bad == [], f"{layer} may import only {sorted(ALLOWED[layer])}: " + "; ".join(bad)


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {_layer(_module_name(p)) for p in PACKAGE.rglob("*.py")}
    assert parts - set(ALLOWED) == set(), "add the new part to ALLOWED and docs/architecture.md"


def _module_of(dotted: str) -> str:
    """The nearest enclosing module of a dotted name (``pkg.mod.Name`` -> ``pkg.mod``)."""
    while dotted and not _is_module(dotted):
        dotted = dotted.rpartition(".")[0]
    return dotted


def import_graph(imports: Iterable[Import]) -> dict[str, set[str]]:
    """Module -> the modules it imports: every import counts (module level, inside
    functions, under ``TYPE_CHECKING``, relative ones); a package's ``__init__`` is a
    module of its own, and a module naming its own enclosing package is no edge (Python
    has already run that package's ``__init__`` by then)."""
    graph: dict[str, set[str]] = {}
    for imp in imports:
        target = _module_of(imp.target)
        graph.setdefault(imp.source, set())
        if target and target != imp.source and not imp.source.startswith(target + "."):
            graph[imp.source].add(target)
            graph.setdefault(target, set())
    return graph


def import_loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    loops: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                loops.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return loops


def test_no_import_loops_anywhere() -> None:
    """No strongly connected component of more than one module in the whole package's
    import graph (:func:`import_graph`: every kind of import counts)."""
    loops = import_loops(import_graph(ALL_IMPORTS))
    assert loops == [], "import loops: " + "; ".join(" <-> ".join(c) for c in loops)


def test_the_loop_finder_finds_a_loop_hidden_in_a_function(tmp_path: Path) -> None:
    """Two planted coach modules importing each other, one of them inside a function and
    one under TYPE_CHECKING, make a loop; the package's own ``__init__`` does not."""
    first = tmp_path / "first.py"
    first.write_text("def f():\n    from .values import x\n    return x\n", encoding="utf-8")
    second = tmp_path / "second.py"
    second.write_text("from typing import TYPE_CHECKING\nfrom . import review\n"
                      "if TYPE_CHECKING:\n    from .principle import y\n", encoding="utf-8")
    planted = [*_imports(first, "rummy_lab.coach.principle"),
               *_imports(second, "rummy_lab.coach.values")]
    assert import_loops(import_graph(planted)) == [
        ["rummy_lab.coach.principle", "rummy_lab.coach.values"]]
    assert import_loops(import_graph(_imports(second, "rummy_lab.coach.values"))) == []


# An opening or closing tag of HTML or SVG: ``<div``, ``</span>``, ``<svg ...``, ``<b>``.
_TAGS = (
    "a|b|br|caption|circle|code|details|div|em|g|h[1-6]|i|img|li|ol|p|path|polygon|pre|"
    "rect|small|span|strong|style|sub|summary|sup|svg|table|tbody|td|text|th|thead|title|"
    "tr|ul"
)
MARKUP = re.compile(rf"</?(?:{_TAGS})(?=[\s/>])", re.IGNORECASE)


def _markup(text: str) -> list[str]:
    """``line: tag`` for each piece of markup in ``text``."""
    return [f"{n}: {m.group(0)}" for n, line in enumerate(text.splitlines(), 1)
            for m in MARKUP.finditer(line)]


def test_the_markup_check_can_fail() -> None:
    assert _markup('x = f\'<div class="a">{y}</div>\'\nz = "<svg xmlns=1>"\n<b>hi</b>') == [
        "1: <div", "1: </div", "2: <svg", "3: <b", "3: </b"]
    assert _markup("if a < b and c > d: pass  # <Rank.ACE: 1> <class 'int'>") == []


def test_the_engine_holds_no_markup() -> None:
    """HTML and SVG live in ``rummy_lab/display``: no file under ``rummy_lab/engine`` holds
    a tag, in code, strings or docstrings."""
    found = [f"{path.relative_to(ROOT)}:{hit}"
             for path in sorted((PACKAGE / "engine").rglob("*"))
             if path.is_file() and path.suffix in (".py", ".pyi", ".txt", ".md", ".json")
             for hit in _markup(path.read_text(encoding="utf-8"))]
    assert found == [], "markup in the engine: " + "; ".join(found)


def test_the_display_sits_between_the_engine_and_the_rest() -> None:
    """The engine never imports the display; the display imports only the engine."""
    assert not [imp for imp in ALL_IMPORTS
                if _layer(imp.source) == "engine" and _layer(imp.target) == "display"]
    assert {_layer(imp.target) for imp in ALL_IMPORTS
            if _layer(imp.source) == "display"} <= {"display", "engine"}


def test_scanner_catches_an_upward_import(tmp_path: Path) -> None:
    """A planted upward import inside a function is reported (the check can fail)."""
    planted = tmp_path / "planted.py"
    planted.write_text(
        "import importlib\n"
        "def f():\n    from ..widgets import HandView\n    return HandView\n"
        "def g():\n    return importlib.import_module('rummy_lab.coach')\n",
        encoding="utf-8",
    )
    found = list(_imports(planted, "rummy_lab.engine.planted"))
    assert [(i.target, i.top_level) for i in found] == [
        ("rummy_lab.widgets", False), ("rummy_lab.coach", False)
    ]
    assert all(_layer(i.target) not in ALLOWED["engine"] for i in found)
