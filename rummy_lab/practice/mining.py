"""Finding puzzles in real play.

:func:`mine` plays hands between the expert bot and the greedy and random bots (and, in
Gin, the Gin field's simple player), every seat in turn, and looks at every decision of
every seat (a turn with more than one legal move). A decision becomes a puzzle when it
matters:

1. **Screen** (the coach's default budget): the plausible wrong move loses at least half
   the variant's "mistake" bound. It is the greedy bot's move where the coach ranks it
   below rank 1, else (the greedy bot plays the coach's move) the best move below rank 1.
2. **Validate** (``budget`` seconds, :data:`VALIDATION_BUDGET` by default): the coach's
   evaluation at that budget ranks one move alone at rank 1 (no tie), and the plausible
   wrong move, found again at this budget, loses at least the variant's "mistake" bound
   (``rl.coach.thresholds(variant)["mistake"]``, a decision's whole stake).
3. **Agree**: the expert bot (``rl.bots.ExpertBot()``: the coach's quick look, at its
   default budget, with its rule of thumb among the moves it cannot tell apart) plays the
   answer, with each of :data:`AGREE_SEEDS` seeds (its sampled deals differ by seed). A
   position where the quick and the slow look disagree is left out: the slow look's
   playouts finish the hand with the greedy policy, and a lead it finds over the
   rule of thumb can be that policy's bias rather than the truth (a Gin position where
   the 2-second answer throws a 4♠ that leaves more deadwood, fewer outs and a more
   dangerous card than the rule of thumb's K♣ is one such).

The screen only saves time: every kept puzzle passed the validation. A puzzle's rating
(:func:`puzzle_rating`) grows as the answer's lead over the next move shrinks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator

from ..bots import ExpertBot, make_bot
from ..coach import Advice, AdviceList, evaluate
from ..engine.game import Game, new_game
from ..engine.moves import Move
from ..engine.rules import Variant, get_rules
from ..engine.state import PlayerView
from .puzzle import Puzzle, mistake_bound
from .themes import THEMES, check_theme, theme_of, variant_key

__all__ = ["AGREE_SEEDS", "GIN_OPPONENTS", "MAX_MOVES", "OPPONENTS", "VALIDATION_BUDGET",
           "agrees", "mine", "opponents", "positions", "puzzle_rating", "screen_and_validate"]

VALIDATION_BUDGET = 2.0
"""Seconds of thinking a puzzle is validated with."""

OPPONENTS: tuple[str, ...] = ("greedy", "random", "expert")
"""The bots the expert plays against while puzzles are mined, hand by hand in turn."""

GIN_OPPONENTS: tuple[str, ...] = ("greedy", "eaai-simple", "random", "expert")
"""The same for Gin, Oklahoma and Hollywood, with the Gin field's reference player
(:class:`rummy_lab.bots.SimpleGinRummyPlayer`, which plays Gin rules only)."""


def opponents(variant: str) -> tuple[str, ...]:
    """The bots the expert meets, hand by hand in turn, when ``variant`` is mined.

    >>> opponents("gin"), opponents("indian")
    (('greedy', 'eaai-simple', 'random', 'expert'), ('greedy', 'random', 'expert'))
    """
    return GIN_OPPONENTS if get_rules(variant).variant is Variant.GIN else OPPONENTS

AGREE_SEEDS = 8
"""The expert bot must play a puzzle's answer with this many seeds (see :func:`agrees`)."""

MAX_MOVES = 300
"""A mined hand stops after this many moves (two experts can stall a Basic hand)."""


def puzzle_rating(lead: float, stake: float) -> float:
    """A puzzle's starting Glicko-2 rating from the answer's lead over the next move,
    in stakes of a decision: 1500 for a lead of one stake, 200 more for each halving of
    the lead, 200 less for each doubling (clamped to 900..2100).

    >>> puzzle_rating(3.52, 3.52), puzzle_rating(1.76, 3.52), puzzle_rating(14.08, 3.52)
    (1500.0, 1700.0, 1100.0)
    """
    if lead <= 0:
        return 2100.0
    return float(min(2100.0, max(900.0, round(1500.0 - 200.0 * math.log2(lead / stake), 1))))


def positions(variant: str, seed: int, *, start: int = 0, first_turns: bool = False
              ) -> Iterator[tuple[Game, int]]:
    """Decisions from real play, forever: hand ``h`` pits the expert against
    ``bots[h % k]`` of the ``k`` bots :func:`opponents` names for the variant, the expert on
    seat ``h // k % 2``; every decision of every seat
    is yielded as (a copy of the game at the decision, the hand's number), from hand
    ``start`` on (each hand is dealt and played the same whatever the start).

    With ``first_turns``, only the decisions of each seat's first turn are yielded (the
    same decisions, of the same hands), and a hand is left once every seat has had its
    first turn: the openings, where an Indian Rummy player decides to drop or play.

    >>> from itertools import islice
    >>> [(g.current_player, len(g.history), h)
    ...  for g, h in islice(positions("indian", 1, first_turns=True), 4)]
    [(1, 0, 0), (1, 1, 0), (0, 2, 0), (0, 0, 1)]
    """
    rules = get_rules(variant)
    field = opponents(variant)
    h = start
    while True:
        other = field[h % len(field)]
        seat = (h // len(field)) % 2
        g = new_game(rules, seed=seed * 1_000_003 + h, dealer=h % 2)
        bots = [ExpertBot(), make_bot(other, rules)]
        if seat:
            bots.reverse()
        rng = random.Random(seed * 7919 + h)
        moves = 0
        turns = 0  # turns ended (a discard, a drop, a declaration...)
        while not g.is_over and moves < MAX_MOVES:
            if first_turns and turns >= g.players:
                break
            p = g.current_player
            view = g.view_for(p)
            if len(view.legal_moves) > 1:
                yield g.copy(), h
            g.play(bots[p].choose(view, rng), player=p)
            moves += 1
            turns += g.current_player != p
        h += 1


def mine(variant: str = "gin", *, n: int = 20, seed: int = 0, theme: str | None = None,
         budget: float = VALIDATION_BUDGET, quota: dict[str, int] | None = None,
         max_positions: int = 100_000,
         report: Callable[[str], None] | None = None) -> list[Puzzle]:
    """Mine ``n`` fresh puzzles from real play (see the module's docstring).

    :param theme: keep only puzzles of this theme.
    :param budget: the validation budget in seconds (at least 2 is advised).
    :param quota: at most this many puzzles per theme (a theme not named is not capped).
    :param max_positions: stop after looking at this many decisions.
    :param report: called with a line per puzzle found.
    :raises ValueError: for an unknown variant or theme, or a bad ``n`` or budget.
    """
    key = variant_key(variant)
    check_theme(key, theme)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number >= 0, got {n!r}")
    if isinstance(budget, bool) or not isinstance(budget, int | float) or budget <= 0:
        raise ValueError(f"budget must be a number of seconds > 0, got {budget!r}")
    rules = get_rules(variant)
    bound = mistake_bound(rules)
    counts = dict.fromkeys(THEMES[key], 0)
    out: list[Puzzle] = []
    seen: set[str] = set()
    looked = 0
    for game, h in positions(variant, seed):
        if len(out) >= n or looked >= max_positions:
            break
        looked += 1
        puzzle = screen_and_validate(game, bound, budget, seed=h)
        if puzzle is None or puzzle.id in seen:
            continue
        if theme is not None and puzzle.theme != theme:
            continue
        if quota is not None and counts[puzzle.theme] >= quota.get(puzzle.theme, n):
            continue
        seen.add(puzzle.id)
        counts[puzzle.theme] += 1
        out.append(puzzle)
        if report is not None:
            report(f"{puzzle.id} {puzzle.theme} (hand {h}, {looked} decisions looked at)")
    return out


def screen_and_validate(game: Game, bound: float, budget: float, *, seed: int,
                        greedy_wrong: bool = False) -> Puzzle | None:
    """The puzzle this decision makes, or None (see the module's docstring).

    The plausible wrong move is the greedy bot's where the coach ranks it below rank 1;
    where the greedy bot plays the coach's move, it is the best of the other moves (the
    puzzle then records that the greedy bot answers it: :attr:`Puzzle.greedy_agrees`).

    With ``greedy_wrong``, only a puzzle the greedy bot gets wrong is looked for: the
    screen also asks that the greedy bot's move is not the first of the quick look and
    trails it by at least half the "mistake" bound (a decision where the greedy bot
    plays the quick look's answer is left at once, without the slower looks)."""
    view = game.view_for(game.current_player)
    greedy = make_bot("greedy", game.rules).choose(view, random.Random(seed))
    quick = evaluate(view, seed=seed)
    if greedy_wrong:
        mine = next(a for a in quick if a.move == greedy)
        if mine is quick[0] or quick[0].value - mine.value < bound / 2:
            return None
    wrong = _wrong(quick, greedy)
    if wrong is None or quick[0].value - wrong.value < bound / 2:
        return None
    advice = evaluate(view, budget=budget, seed=seed)
    if sum(a.rank == 1 for a in advice) != 1:
        return None
    if greedy_wrong and advice[0].move == greedy:
        return None
    wrong = _wrong(advice, greedy)
    if wrong is None or advice[0].value - wrong.value < bound:
        return None
    if not agrees(view, advice[0].move, seed):
        return None
    lead = advice[0].value - advice[1].value
    return Puzzle(Puzzle.make_id(variant_key(game.rules), game),
                  theme_of(view, advice[0].move, wrong.move), game, advice, wrong.move,
                  budget, puzzle_rating(lead, bound), 100.0, "mined", greedy)


def agrees(view: PlayerView, answer: Move, seed: int) -> bool:
    """True when the expert bot plays ``answer`` with each of the seeds ``seed``,
    ``seed + 1``... (:data:`AGREE_SEEDS` of them)."""
    return all(ExpertBot().choose(view, random.Random(seed + k)) == answer
               for k in range(AGREE_SEEDS))


def _wrong(advice: AdviceList, greedy: Move) -> Advice | None:
    """The plausible wrong move: the greedy bot's if it is not ranked 1, else the best
    move below rank 1 (None when every move ties at rank 1)."""
    mine = next(a for a in advice if a.move == greedy)
    if mine.rank > 1:
        return mine
    return next((a for a in advice if a.rank > 1), None)
