"""Interactive views (ipywidgets 8): thin controls around engine values.

Each widget composes standard controls, calls the engine or the probability functions
when a control changes, and redraws in one ``_render()``. No rule lives here: what is a
meld, what is legal and what scores comes from :mod:`rummy_lab.engine`.

Each widget's module loads when the widget is first used (PEP 562), so
``from rummy_lab.widgets import HandView`` does not load the play table's bots and coach
or the explorers' plotly figures.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .animator import TurnAnimator
    from .deal import DealWidget, playable_variants
    from .hand import HandView
    from .meld_explorer import MeldExplorer
    from .play import PlayTable
    from .practice import PracticeWidget
    from .probability_explorer import ProbabilityExplorer
    from .tracker import CardTracker, TrackerPanel

__all__ = [
    "CardTracker",
    "DealWidget",
    "HandView",
    "MeldExplorer",
    "PlayTable",
    "PracticeWidget",
    "ProbabilityExplorer",
    "TrackerPanel",
    "TurnAnimator",
    "playable_variants",
]

_HOME = {
    "CardTracker": "tracker",
    "DealWidget": "deal",
    "HandView": "hand",
    "MeldExplorer": "meld_explorer",
    "PlayTable": "play",
    "PracticeWidget": "practice",
    "ProbabilityExplorer": "probability_explorer",
    "TrackerPanel": "tracker",
    "TurnAnimator": "animator",
    "playable_variants": "deal",
}
"""Public name -> the module of this package that holds it."""


def __getattr__(name: str) -> Any:
    """Load a widget's module on first use and keep the name (PEP 562)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'rummy_lab.widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Every public name, before its module is loaded."""
    return sorted(set(globals()) | set(__all__))
