"""The coach: every legal move valued in points, with reasons; game reviews.

Why: the solver says what is optimal for one hand as it stands; a learner also wants to
know what a move is worth over the rest of the hand, and why. The coach answers both,
for every variant, and reviews a played game decision by decision.

Method (the details are in ``docs/coach.md``):

* **Values.** A move's value is the viewer's expected points over the rest of the hand
  in the variant's own scoring (:func:`hand_points`). The hidden cards (the other hands
  and the stock order) are sampled from a belief about them (*determinizations*,
  :mod:`rummy_lab.coach.beliefs`); on each determinization the move is played and the
  hand is played out by a fast policy for every player; the values are averaged. All
  moves of a view are played on the same determinizations, so differences between
  moves are measured on the same cards.
* **The coach's choice** (the first :class:`Advice`) is the move of a simple principle
  (least deadwood, take only a card that melds, ...) unless another move's value beats
  it by more than the noise of the estimate.
* **Gin** is played out to the end of the hand on bitmasks (thousands of playouts per
  second); knocks and gins are scored exactly against each sampled defender hand, and
  late in the hand, when the defender's possible hands are few enough, against every one
  of them, so the value of a knock is then exact. Moves that are clearly worse than the
  best after a batch of determinizations stop getting more (a race).
* **Basic Rummy, Rummy 500 and Indian Rummy** are valued one turn deep at the default
  budget (the turn finished by the policy, the position scored by an estimate of the
  points to come, the danger of feeding the next player taken off); a budget adds
  playouts of the following turns.
* **Reasons** are sentences built from the engine's numbers: melds kept or broken,
  deadwood, outs with the exact odds of drawing one (:mod:`rummy_lab.probability`), the
  danger of a discard, the undercut risk of a knock, a pure sequence, a drop's price.

>>> import rummy_lab as rl
>>> g = rl.new_game("gin", seed=5)
>>> advice = rl.coach.evaluate(g.view_for(g.current_player))
>>> sorted(type(a.move).__name__ for a in advice)
['PassUpcard', 'TakeUpcard']
>>> advice[0].reasons[0].startswith("worth ")
True
>>> rl.coach.evaluate(g.view_for(0))
Traceback (most recent call last):
...
ValueError: it is player 1's turn, not player 0's: the view has no legal moves
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.moves import Move, MoveLike, clean_move
from ..engine.rules import Variant
from ..engine.state import PlayerView
from .match_equity import match_equity_table, match_win_probability
from .reasons import compared_with, one_line, reasons, split_parts
from .review import (
    HINT_SHOWN,
    LABELS,
    MEASURED_KEPT,
    NOISE_Z,
    REVIEW_DEPTH,
    STAKES,
    THRESHOLDS,
    UNSPLIT,
    Review,
    ReviewRow,
    clear_measured,
    decision_seed,
    label_for,
    review,
    review_values,
    thresholds,
)
from .values import MoveValue, check_budget, check_view, hand_points, ranked_values

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = [
    "HINT_SHOWN",
    "LABELS",
    "MEASURED_KEPT",
    "NOISE_Z",
    "REVIEW_DEPTH",
    "STAKES",
    "THRESHOLDS",
    "UNSPLIT",
    "Advice",
    "AdviceList",
    "Review",
    "ReviewRow",
    "clear_measured",
    "decision_seed",
    "evaluate",
    "explain",
    "hand_points",
    "hint",
    "label_for",
    "match_equity_table",
    "match_win_probability",
    "review",
    "review_values",
    "thresholds",
]


@dataclass(frozen=True)
class Advice:
    """One legal move with its value and the reasons.

    :ivar move: the move.
    :ivar value: estimated points for the viewer over the rest of the hand, in the
        variant's scoring (larger is better).
    :ivar reasons: plain sentences: the value first, then what the move does.
    :ivar samples: determinizations behind the value (0 when exact).
    :ivar exact: True when the value is exact.
    :ivar against: the move this one is compared with in its reasons: the coach's choice,
        or for the choice the next move (None when there is no other move).
    :ivar parts: where the difference ``value - <against's value>`` comes from, part by
        part, largest first (they add up to it): the numbers behind the reason that
        begins "where the difference from"; empty when the values do not split (see
        ``docs/coach.md``, Reasons).

    >>> from rummy_lab.engine.moves import Drop
    >>> str(Advice(Drop(), -20.0, ("worth -20.0", "dropping costs 20 points for sure"),
    ...            exact=True))
    'drop: -20.0 (dropping costs 20 points for sure)'
    """

    move: Move
    value: float
    reasons: tuple[str, ...]
    samples: int = 0
    exact: bool = False
    against: Move | None = None
    parts: tuple[tuple[str, float], ...] = ()

    def __str__(self) -> str:
        rest = "; ".join(self.reasons[1:3])
        return f"{self.move}: {self.value:+.1f}" + (f" ({rest})" if rest else "")


class AdviceList(list[Advice]):
    """What :func:`evaluate` returns: the advice, best first (a list), shown as a table in
    Jupyter: the move, its value and why."""

    def _repr_html_(self) -> str:
        from ..display import html_table

        rows = [[str(a.move), f"{a.value:+.1f}", "; ".join(a.reasons[1:4])] for a in self]
        note = ("values are points over the rest of the hand for the player to move, "
                "averaged over sampled deals" if any(not a.exact for a in self) else None)
        return html_table(["move", "value", "why"], rows, caption="The coach's ranking",
                          css_class="rl-advice", note=note)


def _seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return seed


def evaluate(view: PlayerView, *, budget: float | None = None, seed: int = 0) -> list[Advice]:
    """Every legal move of ``view``, the coach's choice first, with its value and reasons.

    The coach's choice is the move of a simple principle (least deadwood, take only a
    card that melds, ...) unless another move's value beats it by more than the noise of
    the estimate; the other moves follow by value.

    >>> import rummy_lab as rl
    >>> g = rl.new_game("gin", hands=["AS 2H 3C 9S 10D QC KH 4D 6S JC",
    ...                              "7S 7H 4C 5C KD QH 2S 9H 3D 8D"], discard="7D", seed=1)
    >>> best = rl.coach.evaluate(g.view_for(1))[0]
    >>> str(best.move), best.reasons[1]
    ('take the upcard', '7♦ joins 7♠ 7♥ for the meld 7♠ 7♥ 7♦')

    :param view: the player to move's :class:`~rummy_lab.engine.state.PlayerView`.
    :param budget: seconds of thinking; ``None`` is the fast default (a fixed number of
        determinizations, so the result depends only on the view and the seed).
    :param seed: seeds the determinizations.
    :return: one :class:`Advice` per legal move, the coach's choice first.
    :raises ValueError: for something that is not a PlayerView, a finished hand, a view
        of a player who is not to move, a negative budget.
    """
    v = check_view(view)
    b = check_budget(budget)
    return _advise(v, ranked_values(v, b, _seed(seed)))


def hint(game: Game, *, seed: int = 0) -> AdviceList:
    """The coach's advice for the player to move in ``game``, valued exactly as
    :func:`review` (at its default budget, with the same ``seed``) values this decision
    once it is played: a learner who plays the first move finds it reviewed as "best",
    with the same value and the same move preferred; one who plays another of the first
    :data:`HINT_SHOWN` moves (those the play table shows) finds the loss the hint's
    difference between the two.

    It looks as deep as a review does (:data:`REVIEW_DEPTH` times the deals of
    :func:`evaluate` at its default budget, every move measured with the whole schedule),
    so it is slower than :func:`evaluate` and its values are more precise; the play
    table's hint uses it.

    >>> import rummy_lab as rl
    >>> g = rl.new_game("gin", seed=5)
    >>> advice = rl.coach.hint(g)
    >>> player = g.current_player
    >>> _ = g.play(advice[0].move)
    >>> row = rl.coach.review(g, player).rows[0]
    >>> row.label, row.played == advice[0].move, row.best_value == advice[0].value
    ('best', True, True)

    :param game: a :class:`~rummy_lab.engine.game.Game` whose hand is not over.
    :param seed: the seed :func:`review` will be given.
    :return: one :class:`Advice` per legal move of the player to move, the coach's
        choice first.
    :raises ValueError: for something that is not a Game, a finished hand or a seed that
        is not an integer.
    """
    from ..engine.game import Game

    if not isinstance(game, Game):
        raise ValueError(f"hint needs a Game, got {type(game).__name__}")
    if game.is_over:
        raise ValueError("the hand is over: there is no move to evaluate")
    v = check_view(game.view_for(game.current_player))
    return _advise(v, review_values(v, None, decision_seed(_seed(seed), len(game.history))))


def _advise(v: PlayerView, values: list[MoveValue]) -> AdviceList:
    """The :class:`Advice` for ranked ``values`` of ``v``'s moves, with the reasons."""
    best = values[0]
    # counting outs with two decks and jokers is slow: Indian Rummy counts them for the
    # three first moves only
    many = v.rules.variant is not Variant.INDIAN
    out = AdviceList()
    for i, mv in enumerate(values):
        rival = compared_with(mv, best, values)
        split = split_parts(mv, rival) if rival is not None else None
        out.append(Advice(
            mv.move, mv.value, reasons(v, mv, best, with_outs=many or i < 3, values=values),
            mv.samples, mv.exact, None if rival is None else rival.move,
            tuple(sorted(split.items(), key=lambda p: -abs(p[1]))) if split else ()))
    return out


def explain(view: PlayerView, move: MoveLike, *, voice: str = "you") -> str:
    """One line saying what ``move`` does, from the engine's numbers (no playouts).

    Cheap enough for a caption under every bot move.

    >>> import rummy_lab as rl
    >>> g = rl.new_game("gin", hands=["AS 2H 3C 9S 10D QC KH 4D 6S JC",
    ...                              "7S 7H 4C 5C KD QH 2S 9H 3D 8D"], discard="7D", seed=1)
    >>> rl.coach.explain(g.view_for(1), "pass_upcard")
    'pass the upcard: leaves 7♦ although it would join 7♠ 7♥'

    ``voice="they"`` words the line about the player who moved (a bot's move in a log):
    ``'pass the upcard: leaves 7♦ although it would join 7♠ 7♥'`` reads the same, while
    ``'K♠ fits no meld of yours'`` becomes ``'K♠ fits no meld of theirs'``.

    :raises ValueError: for a bad view, a move that is not legal in it, or an unknown voice.
    """
    v = check_view(view)
    m = clean_move(move)
    if m not in v.legal_moves:
        raise ValueError(f"{m} is not a legal move of player {v.player} now")
    return one_line(v, m, voice=voice)
