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
