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
from collections.abc import Sequence
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..coach.ranking import format_value, standard_error
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.state import PlayerView

if TYPE_CHECKING:
    from ..coach import Advice

__all__ = ["choice_of", "coach", "explain", "interval_words", "ranked_moves", "review",
           "shown_moves"]

_ASK = object()  # "the installed coach", as opposed to an explicit module or None


@lru_cache(maxsize=1)
def coach() -> ModuleType | None:
    """The coach module, or None when this installation has none."""
    try:
        return importlib.import_module("rummy_lab.coach")
    except ImportError:
        return None


def ranked_moves(game: Game, player: int, *, module: Any = _ASK) -> list[Advice] | None:
    """Every legal move of ``player`` in ``game`` as the coach ranks it
    (:func:`rummy_lab.coach.hint`): highest value first, each with its standard error,
    rank, reasons and whether it is the coach's pick, valued as the end-of-hand review
    will value the decision (a hint followed is a move the review calls best, and any
    move the hint shows is reviewed with the value shown). None: no coach, the hand is
    over, or it is not ``player``'s turn."""
    module = coach() if module is _ASK else module
    if module is None or game.is_over or game.current_player != player:
        return None
    return list(module.hint(game))


def choice_of(advice: Sequence[Advice]) -> Advice:
    """The move the coach plays among ``advice`` (the one marked ``choice``: its rule of
    thumb's move among the rank-1 moves), else the first."""
    return next((a for a in advice if getattr(a, "choice", False)), advice[0])


def shown_moves(advice: Sequence[Advice], shown: int) -> list[Advice]:
    """The moves a hint shows: the first ``shown`` (highest value first), and the coach's
    pick when it is further down (a tie of many rank-1 moves), in value order."""
    out = list(advice[:shown])
    pick = choice_of(advice) if advice else None
    if pick is not None and all(a is not pick for a in out):
        out.append(pick)
    return out


def interval_words(value: float, se: float, *, percent: bool = False, unit: str = "") -> str:
    """A value (and its ``unit``) with its 95% interval in words, rounded as
    :func:`rummy_lab.coach.ranking.format_value` rounds it: ``"+5.9 points (95% interval
    +5.5 to +6.3)"``; an exact value alone (``"+5.0 points"``).

    >>> interval_words(5.912, 0.21, unit=" points"), interval_words(5.0, 0.0)
    ('+5.9 points (95% interval +5.5 to +6.3)', '+5.0')
    >>> interval_words(0.7123, 0.012, percent=True)
    '71% (95% interval 69% to 73%)'
    """
    text = format_value(value, se, percent=percent)
    if " ± " not in text:
        return text + unit
    shown, half_text = text.split(" ± ")
    digits = half_text.rstrip("%")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    half = float(digits) / (100 if percent else 1)
    if percent:
        lo, hi = (f"{100 * x:.{decimals}f}%" for x in (value - half, value + half))
    else:
        lo, hi = (f"{x:+.{decimals}f}" for x in (value - half, value + half))
    return f"{shown}{unit} (95% interval {lo} to {hi})"


def explain(view: PlayerView, move: Move, bot: Any = None, *, module: Any = _ASK) -> str | None:
    """Why ``move`` was played from ``view``, worded about the player who moved: the
    coach's sentences joined by ``"; "`` (the move itself is not repeated), followed by
    the value the bot saw with its 95% interval in words when it is an
    :class:`~rummy_lab.bots.ExpertBot` and ``move`` is its choice (None: no coach)."""
    module = coach() if module is _ASK else module
    if module is None:
        return None
    text = str(module.explain(view, move, voice="they"))
    prefix = f"{move}: "
    text = text[len(prefix):] if text.startswith(prefix) else ("" if text == str(move) else text)
    values = getattr(bot, "last_values", None)
    chosen = getattr(values, "choice", None) if values else None
    if chosen is not None and chosen.move == move:
        shown = interval_words(chosen.value, standard_error(chosen),
                               unit=" points over the rest of the hand")
        worth = f"worth {shown}"
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
