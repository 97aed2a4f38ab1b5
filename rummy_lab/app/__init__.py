"""The learner-facing app: play and learn in the browser, no code.

``rummy-lab app`` serves :data:`NOTEBOOK` with Voila (sources hidden); its one cell
builds a :class:`LearnerApp` (loaded on first use: it needs the widgets). Everything on
the page is an ipywidget over the layers below: the variant and rule school come from the
presets, the table is a :class:`~rummy_lab.widgets.PlayTable`, the rules card is
:func:`rummy_lab.rules_card`.

>>> from rummy_lab.app import LearnerApp
>>> app = LearnerApp(variant="500", seed=1)
>>> app.variant.value, app.table.game.rules.name
('500', '500')
>>> app.game_choice.value = "Indian Rummy"; app.table.game.rules.name
'indian-points'
"""

from __future__ import annotations

from typing import Any

from .choices import CHOICES, ENV_VARIANT, NOTEBOOK, variant_choice

__all__ = ["CHOICES", "ENV_VARIANT", "NOTEBOOK", "LearnerApp", "variant_choice"]


def __getattr__(name: str) -> Any:
    if name in ("LearnerApp", "OPPONENTS"):
        from . import learner

        return getattr(learner, name)
    raise AttributeError(f"module 'rummy_lab.app' has no attribute {name!r}")
