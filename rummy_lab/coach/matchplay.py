"""Moves valued in match-winning chance: ``evaluate(view, objective="match")``.

Near the end of a match the move that wins the most points is not always the one that
wins the match most often: at 90-60 in Gin a small sure win is worth more than a bigger
risky one. For a view of a match hand (``view.match_scores``, set by
:func:`rummy_lab.new_match`) the coach values each move by the viewer's chance to win
the match.

Method. The moves are valued as for points (:func:`rummy_lab.coach.values.move_values`,
every move played on every deal), which gives each move's result on each sampled deal in
hand points; an exact value (a Gin knock late in the hand) gives its distribution over
every defender hand. Each result is turned into the match totals it leaves and the next
dealer, following the match rules (:mod:`rummy_lab.coach.match_equity`):

* Gin, Oklahoma and Basic Rummy: the hand's winner adds its points; Gin's winner deals
  next (the same dealer after a drawn hand), Basic Rummy's deal passes;
* Indian Pool: the loser adds its count (the winner 0); the deal passes;
* Rummy 500: both totals move; a value is one player's score less the other's, so each
  total moves by the measured mean change per hand of expert play, plus or minus half
  the value.

The chance to win from there is read off the match equity table
(:func:`rummy_lab.coach.match_equity_table`, 1 or 0 when the hand ends the match), and
the move's value is the mean over the deals. In Basic Rummy, Rummy 500 and Indian Rummy
the results are the one-turn estimate's points, not the hand's end (see
``docs/coach.md``), so their match values carry the estimate's error too. The moves are
ranked as for points, with no resolution margin (:mod:`rummy_lab.coach.ranking`).

>>> import rummy_lab as rl
>>> m = rl.new_match("gin", seed=4)
>>> g = m.current_game
>>> v = g.view_for(g.current_player)
>>> v.match_scores
(0, 0)
>>> advice = rl.coach.evaluate(v, objective="match")
>>> all(0.0 <= a.value <= 1.0 for a in advice)
True
>>> rl.coach.evaluate(rl.new_game("gin", seed=4).view_for(1), objective="match")
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: objective='match' needs a view of a match hand ... this view belongs to no match
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..engine.errors import quote
from ..engine.rules import Variant
from ..engine.state import PlayerView
from .match_equity import match_equity_table
from .principle import principle_move
from .values import MoveValue, Ranked, move_values

__all__ = ["OBJECTIVES", "check_objective", "match_chance_of", "match_values"]

OBJECTIVES: tuple[str, ...] = ("points", "match")
"""What a value may measure: points over the rest of the hand, or the chance to win the
match."""


def check_objective(objective: object, view: PlayerView) -> str:
    """``objective`` if the coach can value ``view``'s moves by it.

    :raises ValueError: for an unknown objective, and for ``"match"``: a view of no
        match, a match of more than two players, or a match format without match chances
        (Hollywood, Indian Deals and Points).
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(map(repr, OBJECTIVES))}, "
                         f"got {quote(objective)}")
    if objective == "match":
        if view.match_scores is None:
            raise ValueError(
                "objective='match' needs a view of a match hand "
                "(rl.new_match(...).current_game.view_for(player)); this view belongs to "
                "no match")
        if view.players != 2:
            raise ValueError(f"match chances are for two players; this match has "
                             f"{view.players}")
        match_equity_table(view.rules)  # raises for a format without match chances
    return str(objective)


def match_chance_of(view: PlayerView) -> Callable[[float], float]:
    """A function from the viewer's result of this hand (its points, as
    :func:`~rummy_lab.coach.value_types.hand_points` counts them) to its chance to win the
    match afterwards."""
    table = match_equity_table(view.rules)
    assert view.match_scores is not None
    me = view.player
    scores = view.match_scores
    dealer = view.dealer
    variant = view.rules.variant
    mean = table.mean_change() if variant is Variant.RUMMY500 else 0.0

    def chance(points: float) -> float:
        mine, theirs = scores[me], scores[1 - me]
        if variant is Variant.RUMMY500:
            mine_after = round(mine + mean + points / 2)
            theirs_after = round(theirs + mean - points / 2)
            nxt = 1 - dealer
        else:
            won = round(points)
            if table.format == "pool":  # the loser adds its count
                mine_after, theirs_after = mine + max(0, -won), theirs + max(0, won)
            else:  # the winner adds its points
                mine_after, theirs_after = mine + max(0, won), theirs + max(0, -won)
            if table.format == "gin":
                nxt = dealer if won == 0 else me if won > 0 else 1 - me
            else:
                nxt = 1 - dealer
        pair = (mine_after, theirs_after) if me == 0 else (theirs_after, mine_after)
        p0 = table.chance_after(pair[0], pair[1], nxt)
        return p0 if me == 0 else 1.0 - p0

    return chance


def _in_chances(mv: MoveValue, chance: Callable[[float], float]) -> MoveValue:
    if mv.per_deal:
        xs = tuple(chance(x) for x in mv.per_deal)
        return replace(mv, value=sum(xs) / len(xs), per_deal=xs, detail=dict(mv.detail),
                       outcomes=())
    outcomes = mv.outcomes or ((mv.value, 1.0),)
    value = sum(p * chance(x) for x, p in outcomes)
    return replace(mv, value=value, detail=dict(mv.detail), outcomes=tuple(
        (chance(x), p) for x, p in outcomes))


def match_values(view: PlayerView, budget: float | None, seed: int, *,
                 depth: int = 1, split: bool = False) -> Ranked:
    """Every legal move's value in the viewer's chance to win the match, sorted and
    ranked (:class:`~rummy_lab.coach.values.Ranked`). Every move is played on every
    deal (Gin's race is off), so each move's chances rest on the same deals.

    :raises ValueError: as :func:`check_objective` for ``"match"``.
    """
    check_objective("match", view)
    moves = list(view.legal_moves)
    principle = principle_move(view)
    points = move_values(view, moves, budget, seed, keep=(principle,), settle=False,
                         depth=depth, split=split, complete=moves)
    chance = match_chance_of(view)
    values = [_in_chances(mv, chance) for mv in points]
    order = {m: i for i, m in enumerate(moves)}
    return Ranked(sorted(values, key=lambda mv: (-mv.value, order[mv.move])), principle)

