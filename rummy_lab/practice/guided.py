"""A guided hand: the learner makes every decision of one seat, the coach grades each at
once, and the hand moves on only with a move the coach ranks first.

>>> import rummy_lab as rl
>>> lesson = rl.practice.GuidedHand("gin", seed=28)
>>> lesson.answer(...).text.startswith("Type your move")
True
>>> v = lesson.answer(lesson.puzzle.answers[0])
>>> v.correct, lesson.decisions[0].solved, lesson.decisions[0].first is v
(True, True, True)

Each decision is a :class:`~rummy_lab.practice.puzzle.Puzzle` made from the coach's hint
for the position (:func:`rummy_lab.coach.hint`: the values a review gives the same
decision): any rank-1 move is right. A wrong answer shows its loss and explanation and
leaves the position as it was, to try again; :meth:`GuidedHand.hint` leads one level
at a time. The first answer to each decision is what counts: :meth:`GuidedHand.summary`
gives the first-try accuracy, the points lost and the key moments.

Notebooks answer in a cell of their own (``answer_1 = ...``): :meth:`GuidedHand.answer`
with ``...``, ``None`` or an empty string asks for a move instead of grading one.
:data:`SOLUTIONS_ENV` set to ``1`` lets a notebook's cells tagged ``solution`` answer
for the learner (the test suite runs the tutorials that way: :func:`solutions_enabled`).
"""

from __future__ import annotations

import html
import os
import random
from dataclasses import dataclass, field

from ..bots import make_bot
from ..coach import hint
from ..engine.game import Game, new_game
from ..engine.moves import Move
from .puzzle import Puzzle, Verdict
from .themes import THEMES, theme_of, variant_key

__all__ = ["SOLUTIONS_ENV", "Decision", "GuidedHand", "Prompt", "Step", "Summary", "ask",
           "solutions_enabled"]

SOLUTIONS_ENV = "RUMMY_LAB_SOLUTIONS"
"""The environment variable that lets notebook cells tagged ``solution`` answer."""


def solutions_enabled() -> bool:
    """True when :data:`SOLUTIONS_ENV` is ``"1"`` (the test suite sets it)."""
    return os.environ.get(SOLUTIONS_ENV) == "1"


@dataclass(frozen=True)
class Prompt:
    """What an empty answer gets: a request for a move, with the legal ones."""

    text: str

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return f'<p class="rl-prompt" role="status">✎ {html.escape(self.text)}</p>'


def _empty(move: object) -> bool:
    return move is ... or move is None or (isinstance(move, str) and not move.strip())


def ask(puzzle: Puzzle, move: object) -> Verdict | Prompt:
    """Grade ``move`` for ``puzzle``, or ask for one if it is empty (``...``, ``None``,
    ``""``): what a notebook's answer cell calls.

    :raises ValueError: for a malformed or illegal move (the message lists the legal
        moves).
    """
    if _empty(move):
        legal = "; ".join(str(m) for m in puzzle.view.legal_moves)
        return Prompt(f"Type your move in the answer cell above (in quotes), then run it "
                      f"again: one of {legal}.")
    return puzzle.check(move)  # type: ignore[arg-type]


@dataclass
class Decision:
    """One decision of a guided hand: the puzzle, the learner's answers in order, and
    the hint levels seen before the first right answer."""

    puzzle: Puzzle
    answers: list[Verdict] = field(default_factory=list)
    hints: int = 0

    @property
    def first(self) -> Verdict | None:
        """The first answer (the one that counts), or None before any."""
        return self.answers[0] if self.answers else None

    @property
    def solved(self) -> bool:
        """True once a right answer was given."""
        return any(v.correct for v in self.answers)

    @property
    def swing(self) -> float:
        """The best move's value less the worst's: how much the decision could move."""
        return self.puzzle.advice[0].value - self.puzzle.advice[-1].value


class GuidedHand:
    """One hand in which the learner decides for ``seat`` and the bots play the rest.

    :param variant: a rules preset name or Rules (any variant).
    :param seat: the learner's seat.
    :param opponent: the bot on the other seats (a name for ``rl.bots.make_bot``).
    :param seed: seeds the deal (with ``hands``... a stacked deal as ``rl.new_game``
        takes it), the bots and the coach.
    :raises ValueError: for a bad variant, seat, opponent or deal.
    """

    def __init__(self, variant: object = "gin", *, seat: int = 0, opponent: str = "greedy",
                 seed: int = 0, hands: object = None, discard: object = None,
                 stock_top: object = None, dealer: int | None = None) -> None:
        kwargs: dict[str, object] = {"seed": seed}
        if hands is not None:
            kwargs["hands"] = hands
        if discard is not None:
            kwargs["discard"] = discard
        if stock_top is not None:
            kwargs["stock_top"] = stock_top
        if dealer is not None:
            kwargs["dealer"] = dealer
        game = new_game(variant, **kwargs)  # type: ignore[arg-type]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0 to {game.players - 1}, got {seat!r}")
        self.game: Game = game
        self.seat = seat
        self.seed = seed
        self._bot = make_bot(opponent, game.rules)
        self._rng = random.Random(seed)
        self.decisions: list[Decision] = []
        self._current: Decision | None = None
        self._advance()

    # ------------------------------------------------------------------ the hand
    @property
    def is_over(self) -> bool:
        """True when the hand has ended."""
        return self.game.is_over

    @property
    def puzzle(self) -> Puzzle:
        """The decision to make now.

        :raises ValueError: when the hand is over.
        """
        if self._current is None:
            raise ValueError("the hand is over: there is no decision to make")
        return self._current.puzzle

    def _advance(self) -> None:
        """Let the bots (and forced moves) play until the learner has a choice."""
        g = self.game
        while not g.is_over:
            p = g.current_player
            view = g.view_for(p)
            if p != self.seat:
                g.play(self._bot.choose(view, self._rng), player=p)
                continue
            if len(view.legal_moves) == 1:
                g.play(view.legal_moves[0], player=p)
                continue
            advice = hint(g, seed=self.seed + len(g.history))
            other = advice[1].move if len(advice) > 1 else advice[0].move
            theme = theme_of(view, advice[0].move, other)
            assert theme in THEMES[variant_key(g.rules)]
            snapshot = g.copy()
            self._current = Decision(Puzzle(Puzzle.make_id("guided", snapshot), theme,
                                            snapshot, advice, None, None, source="guided"))
            self.decisions.append(self._current)
            return
        self._current = None

    def position(self) -> Puzzle | Prompt:
        """The decision to make now (shown with its question), or a line saying the hand
        is over."""
        if self._current is None:
            assert self.game.result is not None
            return Prompt(f"The hand is over: {self.game.result.reason}.")
        return self._current.puzzle

    def answer(self, move: Move | str | object | None) -> Verdict | Prompt:
        """Answer the decision: a right answer (any rank-1 move) is played and the bots
        answer until your next decision; a wrong one is graded and the position stays,
        to try again. An empty answer asks for one.

        :raises ValueError: for a malformed or illegal move, or when the hand is over;
            nothing changes then.
        """
        if self._current is None:
            raise ValueError("the hand is over: there is no decision to answer")
        verdict = ask(self._current.puzzle, move)
        if isinstance(verdict, Prompt):
            return verdict
        self._current.answers.append(verdict)
        if verdict.correct:
            self.game.play(verdict.move, player=self.seat)
            self._advance()
        return verdict

    def step(self, move: Move | str | object | None) -> Step:
        """:meth:`answer`, shown with what comes next: the verdict (or the request for a
        move), then the decision to make now (the same one after a wrong answer, the
        next after a right one) or the hand's end. What a notebook's check cell shows;
        once the hand is over it says so (no error).

        :raises ValueError: for a malformed or illegal move.
        """
        if self._current is None:
            assert self.game.result is not None
            over = Prompt(f"The hand is over: {self.game.result.reason}.")
            return Step(over, over)
        verdict = self.answer(move)
        return Step(verdict, self.position())

    def hint(self) -> str:
        """The next hint for the decision (level 1, then 2, then 3, the answer).

        :raises ValueError: when the hand is over.
        """
        if self._current is None:
            raise ValueError("the hand is over: there is no decision to hint at")
        d = self._current
        if not d.solved:
            d.hints = min(3, d.hints + 1)
        return d.puzzle.hint(max(1, d.hints))

    # ------------------------------------------------------------------ the end
    def key_moments(self, n: int = 3) -> list[Decision]:
        """The decisions that cost the most on the first try, then those that could
        swing the value the most."""
        done = [d for d in self.decisions if d.first is not None]
        return sorted(done, key=lambda d: (-(d.first.loss if d.first else 0.0),
                                           -d.swing))[:n]

    def summary(self) -> Summary:
        """First-try accuracy, points lost on first tries, and the key moments."""
        return Summary(self)


@dataclass(frozen=True)
class Step:
    """An answer's verdict (or a request for one) and the position that follows."""

    verdict: Verdict | Prompt
    next: Puzzle | Prompt

    def __str__(self) -> str:
        nxt = self.next.question if isinstance(self.next, Puzzle) else str(self.next)
        return f"{self.verdict}\nNext: {nxt}"

    def _repr_html_(self) -> str:
        return (f'<div class="rl-step">{self.verdict._repr_html_()}<hr>'
                f"{self.next._repr_html_()}</div>")


class Summary:
    """A guided hand's summary (shown as text or HTML)."""

    def __init__(self, hand: GuidedHand) -> None:
        self.hand = hand
        firsts = [d.first for d in hand.decisions if d.first is not None]
        self.decisions = len(firsts)
        self.right_first = sum(v.correct for v in firsts)
        self.lost = sum(v.loss for v in firsts)
        self.hints = sum(d.hints for d in hand.decisions)
        self.moments = hand.key_moments()

    def lines(self) -> list[str]:
        """The summary, a line each."""
        h = self.hand
        if not self.decisions:
            return ["No decision answered yet: answer the decisions above, then look "
                    "again."]
        out = [f"{self.right_first} of {self.decisions} decisions right at the first try, "
               f"{self.lost:.1f} points lost on first tries, {self.hints} hint"
               f"{'s' if self.hints != 1 else ''} used."]
        if h.game.result is not None:
            out.append(f"The hand: {h.game.result.reason}.")
        for i, d in enumerate(self.moments, 1):
            v = d.first
            assert v is not None
            best = d.puzzle.advice[0]
            what = ("right at once" if v.correct else
                    f"first {v.move} ({v.label}, {v.loss:.1f} points)")
            out.append(f"Key moment {i}: {d.puzzle.question} {what}; the best was "
                       f"{best.move} ({best.shown_value()}), and the choice could swing "
                       f"{d.swing:.1f} points.")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    __repr__ = __str__

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(s)}</li>" for s in self.lines()[1:])
        return (f'<div class="rl-summary"><p><b>{html.escape(self.lines()[0])}</b></p>'
                f"<ul>{items}</ul></div>")
