"""Probability: exact counts (sympy) and vectorised evaluation of many hands (numpy).

Import from here; each submodule's ``__all__`` is re-exported, so a new module (Monte
Carlo estimators, simulation) only needs a line below and an entry in ``_SUBMODULES``.

>>> import rummy_lab as rl
>>> rl.probability.p_hand_contains("set", 3)
1/425
"""

from __future__ import annotations

from . import batch, exact, montecarlo
from .batch import *  # noqa: F403
from .exact import *  # noqa: F403
from .montecarlo import *  # noqa: F403

_SUBMODULES = (exact, batch, montecarlo)

__all__ = [name for module in _SUBMODULES for name in module.__all__]
