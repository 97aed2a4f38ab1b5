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
* **Ranks.** The moves are listed by value, highest first, always. Each value carries
  its standard error (``Advice.se``); moves that cannot be told apart from the first at
  this precision share rank 1, the next group rank 2, and so on
  (:mod:`rummy_lab.coach.ranking`). Of the rank-1 moves the coach (and the expert bot)
  plays the one a simple principle picks (least deadwood, take only a card that melds,
  ...), and its reasons say so.
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
>>> [a.rank for a in advice] == sorted(a.rank for a in advice)
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
from .match_equity import match_equity_table, match_win_interval, match_win_probability
from .matchplay import OBJECTIVES, check_objective, match_values
from .ranking import INTERVAL_NOTE, format_value, standard_error
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
    objective_for,
    review,
    review_values,
    thresholds,
)
from .values import Ranked, check_budget, check_view, hand_points, ranked_values

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = [
    "HINT_SHOWN",
    "LABELS",
    "MEASURED_KEPT",
    "NOISE_Z",
    "OBJECTIVES",
    "REVIEW_DEPTH",
    "STAKES",
    "THRESHOLDS",
    "UNSPLIT",
    "Advice",
    "AdviceList",
    "Review",
    "ReviewRow",
    "advise",
    "clear_measured",
    "decision_seed",
    "evaluate",
    "explain",
    "hand_points",
    "hint",
    "label_for",
    "match_equity_table",
    "match_win_interval",
    "match_win_probability",
    "objective_for",
    "review",
    "review_values",
    "thresholds",
]


@dataclass(frozen=True)
class Advice:
    """One legal move with its value, its precision, its rank and the reasons.

    :ivar move: the move.
    :ivar value: estimated points for the viewer over the rest of the hand, in the
        variant's scoring (larger is better); with ``objective="match"``, the viewer's
        chance to win the match (0..1).
    :ivar reasons: plain sentences: the value with its 95% interval first, then what the
        move does.
    :ivar samples: determinizations behind the value (0 when exact).
    :ivar exact: True when the value is exact.
    :ivar against: the move this one is compared with in its reasons: the first move,
        or for the first the next move (None when there is no other move).
    :ivar parts: where the difference ``value - <against's value>`` comes from, part by
        part, largest first (they add up to it): the numbers behind the reason that
        begins "where the difference from"; empty when the values do not split (see
        ``docs/coach.md``, Reasons).
    :ivar se: the standard error of ``value`` (0 when exact).
    :ivar rank: 1 for the first move and every move the coach cannot tell apart from it,
        then 2, 3... for the next groups (:mod:`rummy_lab.coach.ranking`).
    :ivar choice: True for the move the coach plays: of the rank-1 moves, the one its
        rule of thumb picks (else the first).
    :ivar objective: what ``value`` measures: ``"points"`` or ``"match"``.

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
    se: float = 0.0
    rank: int = 1
    choice: bool = False
    objective: str = "points"

    @property
    def interval(self) -> tuple[float, float]:
        """The value's 95% interval (a single point when exact)."""
        from .ranking import Z95

        return (self.value - Z95 * self.se, self.value + Z95 * self.se)

    def shown_value(self) -> str:
        """The value with its 95% interval, rounded to what the interval supports:
        ``"+5.9 ± 0.4"`` (points), ``"53% ± 3%"`` (a chance to win the match)."""
        return format_value(self.value, self.se, percent=self.objective == "match")

    def __str__(self) -> str:
        rest = "; ".join(self.reasons[1:3])
        return f"{self.move}: {self.shown_value()}" + (f" ({rest})" if rest else "")


class AdviceList(list[Advice]):
    """What :func:`evaluate` and :func:`hint` return: the advice, highest value first (a
    list), shown as a table in Jupyter: the rank, the move, its value with its interval,
    and why. ``objective`` is what the values measure (``"points"`` or ``"match"``)."""

    objective: str = "points"

    @property
    def choice(self) -> Advice:
        """The move the coach plays (:attr:`Advice.choice`)."""
        return next((a for a in self if a.choice), self[0])

    def _repr_html_(self) -> str:
        from ..display import html_table

        match = self.objective == "match"
        rows = []
        for a in self:
            rank = f"{a.rank}" + (" (equal)" if sum(b.rank == a.rank for b in self) > 1
                                  else "")
            rows.append([rank, str(a.move) + (" (coach's pick)" if a.choice and a is not
                                               self[0] else ""),
                         a.shown_value(), "; ".join(a.reasons[1:4])])
        what = ("the chance to win the match for the player to move" if match else
                "points over the rest of the hand for the player to move")
        note = f"values are {what}"
        if any(not a.exact for a in self):
            note += f", averaged over sampled deals; {INTERVAL_NOTE}"
        note += "; moves of equal rank cannot be told apart at this precision"
        return html_table(["rank", "move", "win chance" if match else "value", "why"], rows,
                          caption="The coach's ranking", css_class="rl-advice", note=note)


def _seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return seed


def evaluate(view: PlayerView, *, budget: float | None = None, seed: int = 0,
             objective: str = "points") -> AdviceList:
    """Every legal move of ``view``, sorted by value, highest first, with its standard
    error, its rank and reasons.

    Moves that cannot be told apart from the first at this precision share rank 1 (see
    :mod:`rummy_lab.coach.ranking`); of those, the coach plays the one its rule of thumb
    picks (:attr:`Advice.choice`), and says why in that move's reasons.

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
    :param objective: ``"points"`` (the points over the rest of the hand) or ``"match"``
        (the chance to win the match, for a view of a match hand: see
        :mod:`rummy_lab.coach.matchplay`).
    :return: one :class:`Advice` per legal move, highest value first.
    :raises ValueError: for something that is not a PlayerView, a finished hand, a view
        of a player who is not to move, a negative budget, an unknown objective, or
        ``objective="match"`` for a view that belongs to no match.
    """
    v = check_view(view)
    b = check_budget(budget)
    obj = check_objective(objective, v)
    sd = _seed(seed)
    if obj == "match":
        return _advise(v, match_values(v, b, sd), objective=obj)
    return _advise(v, ranked_values(v, b, sd, decide=True))


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
    :return: one :class:`Advice` per legal move of the player to move, highest value
        first.
    :raises ValueError: for something that is not a Game, a finished hand or a seed that
        is not an integer.
    """
    from ..engine.game import Game

    if not isinstance(game, Game):
        raise ValueError(f"hint needs a Game, got {type(game).__name__}")
    if game.is_over:
        raise ValueError("the hand is over: there is no move to evaluate")
    v = check_view(game.view_for(game.current_player))
    sd = decision_seed(_seed(seed), len(game.history))
    if objective_for(game) == "match":
        return _advise(v, match_values(v, None, sd, depth=REVIEW_DEPTH), objective="match")
    return _advise(v, review_values(v, None, sd))


def advise(view: PlayerView, values: Ranked, *, objective: str = "points") -> AdviceList:
    """The :class:`Advice` for values already measured (a review row's
    :attr:`~rummy_lab.coach.review.ReviewRow.values`), with the reasons, as
    :func:`evaluate` would give them for the same values.

    :raises ValueError: for a bad view or an unknown objective.
    """
    v = check_view(view)
    if objective not in ("points", "match"):
        raise ValueError(f"objective must be 'points' or 'match', got {objective!r}")
    return _advise(v, values, objective=objective)


def _advise(v: PlayerView, values: Ranked, *, objective: str = "points") -> AdviceList:
    """The :class:`Advice` for ranked ``values`` of ``v``'s moves, with the reasons."""
    best = values[0]
    # counting outs with two decks and jokers is slow: Indian Rummy counts them for the
    # three first moves and the coach's choice only
    many = v.rules.variant is not Variant.INDIAN
    out = AdviceList()
    out.objective = objective
    for i, (mv, rank) in enumerate(zip(values, values.ranks, strict=True)):
        rival = compared_with(mv, best, values)
        split = (split_parts(mv, rival) if rival is not None and objective == "points"
                 else None)
        chosen = mv is values.choice
        out.append(Advice(
            mv.move, mv.value,
            reasons(v, mv, best, with_outs=many or i < 3 or chosen, values=values, rank=rank,
                    choice=values.choice, objective=objective),
            mv.samples, mv.exact, None if rival is None else rival.move,
            tuple(sorted(split.items(), key=lambda p: -abs(p[1]))) if split else (),
            standard_error(mv), rank, chosen, objective))
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
