"""Import hygiene: the engine and the top-level package load no heavy or UI libraries."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("ipywidgets", "plotly", "IPython", "numpy", "sympy")


def _modules_after(statement: str) -> set[str]:
    """Top-level names in sys.modules after running ``statement`` in a fresh interpreter."""
    code = (
        f"{statement}\n"
        "import json, sys\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "statement",
    [
        "import rummy_lab.engine",
        "import rummy_lab",
        "import rummy_lab as rl; rl.parse_cards('7S 8S 9S')",
        "from rummy_lab import display; from rummy_lab.engine import melds, solver",
        "import rummy_lab.cli",
    ],
)
def test_no_heavy_modules(statement: str) -> None:
    loaded = _modules_after(statement)
    assert "rummy_lab" in loaded
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_rendering_loads_nothing_heavy() -> None:
    loaded = _modules_after(
        "from rummy_lab.engine.solver import best_partition\n"
        "assert best_partition('7S 7H 7D 4C 5C 6C KD')._repr_html_().startswith('<div')\n"
        "from rummy_lab.engine.cards import parse_cards\n"
        "assert 'rl-card' in parse_cards('7S JK')._repr_html_()"
    )
    assert not loaded & set(HEAVY)


def _rummy_modules_after(statement: str) -> set[str]:
    """The ``rummy_lab`` modules in sys.modules after ``statement`` in a fresh interpreter."""
    code = (
        f"{statement}\n"
        "import json, sys\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'rummy_lab')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


TOP_LEVEL_ENGINE = {
    "rummy_lab",
    "rummy_lab.engine",
    *(f"rummy_lab.engine.{m}" for m in (
        "bigdp", "cards", "dealing", "errors", "game", "masks", "match", "melds", "moves",
        "partition", "rulebook", "rules", "scoring", "scoring.gin", "scoring.indian",
        "search", "serialize", "solver", "state", "variants", "variants.base",
        "variants.indian",
    )),
    "rummy_lab.display",
    *(f"rummy_lab.display.{m}" for m in (
        "cards", "hands", "layout", "partitions", "results", "style", "tables", "text",
    )),
}
"""What ``import rummy_lab`` loads: the engine behind the top-level names and the display
package that draws its objects as cards (standard library only), nothing above."""

LAZY_LAYERS = ("bots", "simulation", "coach", "probability", "inference", "viz", "widgets",
               "app", "cli")


def test_import_rummy_lab_loads_the_engine_only() -> None:
    loaded = _rummy_modules_after("import rummy_lab")
    assert loaded == TOP_LEVEL_ENGINE, (sorted(loaded - TOP_LEVEL_ENGINE),
                                        sorted(TOP_LEVEL_ENGINE - loaded))
    for layer in LAZY_LAYERS:
        assert not {m for m in loaded if m.split(".")[1:2] == [layer]}, layer


def test_every_public_name_resolves_and_lazy_names_load_on_first_use() -> None:
    loaded = _rummy_modules_after(
        "import rummy_lab as rl\n"
        "assert set(rl.__all__) <= set(dir(rl)), set(rl.__all__) - set(dir(rl))\n"
        "missing = [n for n in rl.__all__ if getattr(rl, n, None) is None]\n"
        "assert not missing, missing\n"
        "from rummy_lab.simulation import simulate\n"
        "assert rl.simulate is simulate\n"
        "assert {'bots', 'coach', 'viz', 'widgets'} <= set(dir(rl))"
    )
    assert {"rummy_lab.simulation", "rummy_lab.bots"} <= loaded
    # the bots play the coach's greedy Gin policy, so the coach comes with them; the views
    # do not
    assert "rummy_lab.widgets" not in loaded and "rummy_lab.viz" not in loaded


@pytest.mark.parametrize("layer", ["bots", "coach", "probability", "inference", "viz",
                                   "widgets", "simulation"])
def test_a_layer_loads_on_first_use(layer: str) -> None:
    loaded = _rummy_modules_after(f"import rummy_lab as rl\nrl.{layer}")
    assert f"rummy_lab.{layer}" in loaded


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    import rummy_lab as rl

    with pytest.raises(AttributeError, match="no attribute 'nonesuch'"):
        _ = rl.nonesuch  # type: ignore[attr-defined]
