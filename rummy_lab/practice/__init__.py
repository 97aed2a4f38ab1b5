"""Practice: positions to solve, graded at once, explained, and brought back when missed.

* :func:`puzzles` deals puzzles of a variant (and a theme, :data:`THEMES`) from the
  shipped set of validated positions (``rummy_lab/practice/data``, built by
  ``python scripts/build_puzzles.py``), or mines fresh ones (``fresh=True``,
  :func:`rummy_lab.practice.mining.mine`).
* :func:`from_review` turns a learner's mistakes and blunders in a reviewed hand into
  puzzles ("learn from your mistakes").
* :class:`Puzzle` asks (:attr:`Puzzle.question`), grades (:meth:`Puzzle.check`, any
  rank-1 move is right) and hints (:meth:`Puzzle.hint`, three levels).
* :class:`GuidedHand` walks a learner through a hand, every decision theirs, graded at
  once; :func:`ask` grades a notebook's answer cell (or asks for an answer).
* :class:`Progress` keeps the learner's record: accuracy, a Glicko-2 rating per variant,
  and missed puzzles brought back after 1, 3 and 7 further puzzles.

>>> import rummy_lab as rl
>>> p = rl.practice.puzzles("gin", n=1, seed=3)[0]
>>> p.check(p.answers[0]).correct
True
"""

from __future__ import annotations

import functools
import json
import random
import warnings
from importlib import resources
from typing import TYPE_CHECKING, Any

from .guided import GuidedHand, Prompt, ask, solutions_enabled
from .puzzle import HINT_LEVELS, Puzzle, Verdict
from .themes import THEMES, VARIANTS, check_theme, theme_of, variant_key

if TYPE_CHECKING:
    from ..coach.review import Review
    from .progress import Progress as Progress

__all__ = ["HINT_LEVELS", "THEMES", "VARIANTS", "GuidedHand", "Progress", "Prompt", "Puzzle",
           "ShortSetWarning", "Verdict", "ask", "from_review", "puzzles", "shipped",
           "solutions_enabled"]

class ShortSetWarning(UserWarning):
    """:func:`puzzles` was asked for more puzzles than the shipped set holds, and dealt
    all it has."""


MAX_PUZZLES = 10_000
"""The most puzzles one call deals."""


def __getattr__(name: str) -> Any:
    if name == "Progress":  # filelock and glicko2 load with the record, not before
        from .progress import Progress

        return Progress
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.cache
def _shipped_data(variant: str) -> tuple[dict[str, Any], ...]:
    path = resources.files(__package__).joinpath("data", f"puzzles_{variant}.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return ()
    if not isinstance(data, dict) or data.get("format") != "rummy_lab.puzzles":
        raise ValueError(f"the shipped puzzle file for {variant} is not a puzzle set")
    return tuple(data["puzzles"])


def shipped(variant: str = "gin", *, theme: str | None = None) -> list[dict[str, Any]]:
    """The shipped puzzles of a variant (and theme) as saved data, in their file's
    order (:meth:`Puzzle.from_dict` reads one)."""
    key = variant_key(variant)
    check_theme(key, theme)
    return [d for d in _shipped_data(key) if theme is None or d["theme"] == theme]


def puzzles(variant: str = "gin", *, theme: str | None = None, n: int = 20, seed: int = 0,
            fresh: bool = False) -> list[Puzzle]:
    """``n`` puzzles of ``variant`` (any theme, or ``theme``), deterministic for ``seed``.

    By default they come from the shipped set at once: a seeded sample, in a seeded order.
    ``fresh=True`` mines new ones from real play at the validation budget (seconds per
    position: slow; :func:`rummy_lab.practice.mining.mine`).

    Where the shipped set holds fewer than ``n`` (of the theme asked for), all of them
    are dealt, in a seeded order, with a :class:`ShortSetWarning` that says how many
    there are (the default ``n=20`` with a theme of a dozen puzzles is not an error).

    :raises ValueError: for an unknown variant or theme, or a bad ``n`` or ``seed``.
    """
    key = variant_key(variant)
    check_theme(key, theme)
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_PUZZLES:
        raise ValueError(f"n must be a whole number from 0 to {MAX_PUZZLES}, got {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if fresh:
        from .mining import mine

        return mine(key, n=n, seed=seed, theme=theme)
    pool = shipped(key, theme=theme)
    if n > len(pool):
        what = f"{key} puzzles" + (f" of theme {theme!r}" if theme else "")
        warnings.warn(f"the shipped set has {len(pool)} {what}, fewer than n={n}: all "
                      f"{len(pool)} are dealt; pass fresh=True to mine new ones",
                      ShortSetWarning, stacklevel=2)
        n = len(pool)
    picked = random.Random(seed).sample(pool, n)
    return [Puzzle.from_dict(d) for d in picked]


def from_review(review: Review) -> list[Puzzle]:
    """The reviewed player's mistakes and blunders as puzzles, in the order played: the
    position they decided from, the review's own values (no thinking again), every
    rank-1 move an answer and the move played as the wrong one.

    :raises ValueError: for something that is not a review, or a review whose rows do not
        carry their positions (rows built by hand).
    """
    from ..coach import advise
    from ..coach.review import Review
    from .mining import puzzle_rating
    from .puzzle import mistake_bound

    if not isinstance(review, Review):
        raise ValueError(f"from_review needs a Review (rl.coach.review(game, player)), "
                         f"got {type(review).__name__}")
    out: list[Puzzle] = []
    for row in review.rows:
        if row.label not in ("mistake", "blunder"):
            continue
        if row.view is None or row.game is None or row.values is None:
            raise ValueError(f"review row {row.number} does not carry its position; "
                             "review the game again with rl.coach.review")
        advice = advise(row.view, row.values, objective=review.objective)
        best = advice[0]
        second = advice[1].value if len(advice) > 1 else best.value
        match = review.objective == "match"
        stake = mistake_bound("match" if match else row.game.rules)
        out.append(Puzzle(
            Puzzle.make_id("review", row.game), theme_of(row.view, best.move, row.played),
            row.game, advice, row.played, None, puzzle_rating(best.value - second, stake),
            100.0, "review"))
    return out
