"""Interactive views (ipywidgets 8): thin controls around engine values.

Each widget composes standard controls, calls the engine or the probability functions
when a control changes, and redraws in one ``_render()``. No rule lives here: what is a
meld, what is legal and what scores comes from :mod:`rummy_lab.engine`.
"""

from __future__ import annotations

from .animator import TurnAnimator
from .deal import DealWidget, playable_variants
from .hand import HandView
from .meld_explorer import MeldExplorer
from .play import PlayTable
from .probability_explorer import ProbabilityExplorer
from .tracker import CardTracker, TrackerPanel

__all__ = [
    "CardTracker",
    "DealWidget",
    "HandView",
    "MeldExplorer",
    "PlayTable",
    "ProbabilityExplorer",
    "TrackerPanel",
    "TurnAnimator",
    "playable_variants",
]
