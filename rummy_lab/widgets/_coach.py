"""The coach as the play table uses it: ranked moves with reasons, one-line reasons for
the bots' moves, and the review of a finished hand.

``rummy_lab.coach`` is loaded when it is installed with the package; without it these
functions return ``None`` and the table falls back on its own hint (the best discard and
its draw odds). Nothing here decides a move: every reason comes from the coach.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType
from typing import Any

from ..engine.game import Game
from ..engine.moves import Move
from ..engine.state import PlayerView

__all__ = ["coach", "explain", "ranked_moves", "review"]


@lru_cache(maxsize=1)
def coach() -> ModuleType | None:
    """The coach module, or None when this installation has none."""
    try:
        return importlib.import_module("rummy_lab.coach")
    except ImportError:
        return None


def ranked_moves(view: PlayerView, limit: int = 3) -> list[tuple[Move, tuple[str, ...]]] | None:
    """The coach's best moves for ``view`` with their reasons, best first (None: no coach)."""
    module = coach()
    if module is None or not view.legal_moves:
        return None
    advice = module.evaluate(view)
    return [(a.move, tuple(a.reasons)) for a in advice[:limit]]


def explain(view: PlayerView, move: Move, bot: Any = None) -> str | None:
    """One line saying why ``move`` was played from ``view``: the bot's own reason when
    it gives one (``last_reason``), else the coach's, else None."""
    reason = getattr(bot, "last_reason", None)
    if isinstance(reason, str) and reason:
        return reason
    module = coach()
    if module is None:
        return None
    text = module.explain(view, move)
    return str(text) if text else None


def review(game: Game, player: int) -> Any:
    """The coach's review of ``player``'s decisions in ``game`` (None: no coach)."""
    module = coach()
    if module is None:
        return None
    return module.review(game, player)
