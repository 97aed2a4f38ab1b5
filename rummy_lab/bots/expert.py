"""The expert bot: plays the coach's first choice, in every variant.

It asks :mod:`rummy_lab.coach` for the value of every legal move of its view and plays
the best one, so its strength is the coach's (see ``docs/coach.md``). It reads the
opponent's hidden cards as the coach's hints do; ``exact=True`` reads a Gin opponent with
the exact belief instead (about twice the time per decision, and no measurable gain in
strength: ``docs/coach.md``, "The exact belief").
After each choice :attr:`ExpertBot.last_reason` holds one line saying why, for captions
and logs.

>>> import random, rummy_lab as rl
>>> g = rl.new_game("gin", hands=["AS 2H 3C 9S 10D QC KH 4D 6S JC",
...                              "7S 7H 4C 5C KD QH 2S 9H 3D 8D"], discard="7D", seed=1)
>>> bot = ExpertBot()
>>> str(bot.choose(g.view_for(1), random.Random(0)))
'take the upcard'
>>> bot.last_reason.startswith("take the upcard: 7♦ joins 7♠ 7♥ for the meld 7♠ 7♥ 7♦")
True
"""

from __future__ import annotations

import math
import random
from contextlib import AbstractContextManager, nullcontext

from ..coach import Advice, evaluate
from ..coach.beliefs import reading
from ..coach.ranking import INTERVAL_NOTE, format_value, standard_error
from ..coach.reasons import one_line
from ..coach.values import MoveValue, ranked_values
from ..engine.moves import Move
from ..engine.rules import Variant
from ..engine.state import PlayerView

__all__ = ["ExpertBot"]


EXACT = False
"""``ExpertBot``'s default for ``exact``."""


class ExpertBot:
    """Plays the coach's choice: the move the coach values highest, or of the moves it
    cannot tell apart from that one (rank 1), the variant's rule of thumb's move.

    :param budget: the coach's budget per decision in seconds (``None``: the fast
        default, a fixed number of determinizations per decision).
    :param exact: read a Gin opponent's hidden cards with the exact belief
        (``rl.inference.belief(view, model="exact")`` with the coach's ``EXACT_``
        settings, :mod:`rummy_lab.coach.beliefs`): about twice the time per Gin decision,
        and over 1,200 duplicate deals against the greedy bot +0.67 ± 0.45 points per
        deal, not told from 0. By default (:data:`EXACT`, ``False``) the bot reads as the
        coach's hints do (:func:`rummy_lab.coach.beliefs.model_for`: the fast product
        form). The other variants read the same either way.
    :raises ValueError: for a negative budget or an ``exact`` that is not True or False.

    Each decision is seeded from the ``rng`` passed to :meth:`choose`, so a seeded game
    replays exactly (with ``budget=None``).
    """

    def __init__(self, budget: float | None = None, *, exact: bool | None = None) -> None:
        if budget is not None and (
            isinstance(budget, bool) or not isinstance(budget, int | float)
            or math.isnan(budget) or budget < 0
        ):
            raise ValueError(f"budget must be None or a number of seconds >= 0, got {budget!r}")
        if exact is not None and not isinstance(exact, bool):
            raise ValueError(f"exact must be True or False, got {exact!r}")
        self.budget = None if budget is None else float(budget)
        self.exact = EXACT if exact is None else exact
        self._reason: str = ""
        self._pending: tuple[PlayerView, Move, str] | None = None
        self.last_values: list[MoveValue] = []
        self._last_view: PlayerView | None = None
        self._last_seed = 0

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The coach's best move for ``view``."""
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"player {view.player} has no legal move now")
        seed = rng.getrandbits(32)
        self._last_view, self._last_seed = view, seed
        if len(legal) == 1:
            self.last_values = []
            self._reason, self._pending = f"{legal[0]}: the only legal move", None
            return legal[0]
        with self._reading(view):
            values = ranked_values(view, self.budget, seed, split=False, decide=True)
        self.last_values = values
        best = values.choice
        self._reason, self._pending = "", (view, best.move, format_value(
            best.value, standard_error(best)))
        return best.move

    @property
    def last_reason(self) -> str:
        """One line saying why the last move was chosen (worded when first asked for:
        simulations that never read it do not pay for it)."""
        if self._pending is not None:
            view, move, value = self._pending
            with self._reading(view):
                line = one_line(view, move)
            self._reason, self._pending = f"{line} (worth {value} points; {INTERVAL_NOTE})", None
        return self._reason

    def _reading(self, view: PlayerView) -> AbstractContextManager[None]:
        """The coach's reading of ``view`` for this bot: the exact belief in Gin with
        ``exact``, else whatever reading is in force (:func:`rummy_lab.coach.beliefs.reading`;
        by default the hints')."""
        if self.exact and view.rules.variant is Variant.GIN:
            return reading("exact")
        return nullcontext()

    def last_advice(self) -> list[Advice]:
        """The coach's full advice for the last decision (recomputed with its seed)."""
        if self._last_view is None or not self._last_view.legal_moves:
            return []
        with self._reading(self._last_view):
            return evaluate(self._last_view, budget=self.budget, seed=self._last_seed)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ExpertBot) and other.budget == self.budget
                and other.exact == self.exact)

    def __hash__(self) -> int:
        return hash(("ExpertBot", self.budget, self.exact))

    def __repr__(self) -> str:
        args = [] if self.budget is None else [f"budget={self.budget}"]
        if self.exact:
            args.append("exact=True")
        return f"ExpertBot({', '.join(args)})"

    def __getstate__(self) -> dict[str, object]:
        return {"budget": self.budget, "exact": self.exact}

    def __setstate__(self, state: dict[str, object]) -> None:
        exact = state.get("exact", False)
        self.__init__(state["budget"], exact=exact if isinstance(exact, bool) else None)  # type: ignore[misc]
