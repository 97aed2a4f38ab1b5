"""The coach as the play table uses it: ranked moves with reasons, one-line reasons for
the bots' moves, and the review of a finished hand.

``rummy_lab.coach`` is loaded on first use; each function also takes the coach to ask
as ``module`` (an object with the same ``hint``, ``explain``, ``review`` and
``HINT_SHOWN``, as a test's fake), and returns ``None`` when there is none: the table then
shows no hint, no reasons and no review. Nothing here decides a move: every hint and
reason comes from the coach.
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

_ASK = object()  # "the installed coach", as opposed to an explicit module or None


@lru_cache(maxsize=1)
def coach() -> ModuleType | None:
    """The coach module, or None when this installation has none."""
    try:
        return importlib.import_module("rummy_lab.coach")
    except ImportError:
        return None


def ranked_moves(
    game: Game, player: int, *, module: Any = _ASK
) -> list[tuple[Move, tuple[str, ...]]] | None:
    """The coach's best moves for ``player`` in ``game`` (``rl.coach.HINT_SHOWN`` of
    them) with their reasons, best first, valued as the end-of-hand review will value
    the decision (:func:`rummy_lab.coach.hint`): a hint followed is a move the review
    calls best, and any move shown is reviewed with the value shown (None: no coach, or
    not ``player``'s turn)."""
    module = coach() if module is _ASK else module
    if module is None or game.is_over or game.current_player != player:
        return None
    advice = module.hint(game)
    return [(a.move, tuple(a.reasons)) for a in advice[:int(module.HINT_SHOWN)]]


def explain(view: PlayerView, move: Move, bot: Any = None, *, module: Any = _ASK) -> str | None:
    """Why ``move`` was played from ``view``, worded about the player who moved: the
    coach's sentences joined by ``"; "`` (the move itself is not repeated), followed by
    the value the bot saw when it is an :class:`~rummy_lab.bots.ExpertBot` (None: no
    coach)."""
    module = coach() if module is _ASK else module
    if module is None:
        return None
    text = str(module.explain(view, move, voice="they"))
    prefix = f"{move}: "
    text = text[len(prefix):] if text.startswith(prefix) else ("" if text == str(move) else text)
    values = getattr(bot, "last_values", None)
    if values and values[0].move == move:
        worth = f"worth {values[0].value:+.1f} points over the rest of the hand"
        text = f"{text}; {worth}" if text else worth
    if not text and len(view.legal_moves) == 1:
        text = "the only legal move"
    return text or None


def review(game: Game, player: int, *, module: Any = _ASK) -> Any:
    """The coach's review of ``player``'s decisions in ``game`` (None: no coach)."""
    module = coach() if module is _ASK else module
    if module is None:
        return None
    return module.review(game, player)
