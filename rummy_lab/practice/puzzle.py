"""A puzzle: a position from real play, the coach's ranked moves, and what a learner's
answer is worth.

A :class:`Puzzle` holds the game at the moment of a decision (the player to move is the
learner), the coach's advice for it (:func:`rummy_lab.coach.evaluate`, ranked with
intervals) and the plausible wrong move it was chosen for. Every rank-1 move is an
answer (:attr:`Puzzle.answers`); :meth:`Puzzle.check` grades any legal move with its
loss, the review's label and an explanation computed from the two moves' numbers;
:meth:`Puzzle.hint` leads in three steps without telling, then tells.

Puzzles save to and load from plain JSON (:meth:`Puzzle.to_dict`,
:meth:`Puzzle.from_dict`): the game as :meth:`rummy_lab.Game.to_json` writes it and the
advice move by move, so that a shipped puzzle needs no thinking to be shown.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from dataclasses import dataclass, field
from typing import Any

from ..coach import Advice, AdviceList, label_for, thresholds
from ..coach.ranking import format_gap
from ..coach.reasons import Facts, contrast, facts, glyphs, one_line
from ..engine.errors import quote
from ..engine.game import Game
from ..engine.moves import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    PassUpcard,
    TakeUpcard,
    clean_move,
    parse_move,
)
from ..engine.rules import Variant
from ..engine.state import Phase, PlayerView
from .themes import THEMES, variant_key

__all__ = ["FORMAT", "HINT_LEVELS", "Puzzle", "Verdict", "advice_from_dict",
           "advice_to_dict", "mistake_bound", "question"]

FORMAT = "rummy_lab.puzzle"
"""The ``"format"`` tag of a saved puzzle."""

HINT_LEVELS = (1, 2, 3)
"""The hint levels: 1 names what to look at, 2 gives the numbers of the candidate moves,
3 gives the answer."""

_DRAWS = (DrawStock, DrawDiscard, TakeUpcard, PassUpcard)


@dataclass(frozen=True)
class Verdict:
    """What a learner's answer to a puzzle is worth.

    :ivar move: the move answered.
    :ivar correct: True for a rank-1 move (:attr:`Puzzle.answers`).
    :ivar loss: the best value less the move's (0 for a correct answer), in the
        advice's unit: points, or the chance to win the match for a match hand.
    :ivar label: the review's label (:func:`rummy_lab.coach.label_for`): ``"best"`` for
        a correct answer.
    :ivar explanation: what the move does beside what the best does, from their numbers.
    :ivar rank: the move's rank in the coach's ranking.
    """

    move: Move
    correct: bool
    loss: float
    label: str
    explanation: str
    rank: int

    def __str__(self) -> str:
        return ("Correct. " if self.correct else f"Not the best ({self.label}). ") + \
            self.explanation

    def _repr_html_(self) -> str:
        from html import escape

        from ..coach.review import COLORS

        mark = "✓ Correct" if self.correct else f"✗ Not the best: {self.label}"
        more = "" if self.correct else (" Try again: the position is unchanged; a hint "
                                        "is one call away.")
        return (f'<div class="rl-verdict" role="status"><p><span aria-hidden="true" '
                f'style="display:inline-block;width:0.75em;height:0.75em;border-radius:2px;'
                f'margin-right:0.35em;background:{COLORS[self.label]}"></span>'
                f"<b>{escape(mark)}</b></p><p>{escape(self.explanation)}{escape(more)}</p>"
                "</div>")


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One decision to make, with the coach's answer.

    :ivar id: a stable key (``"gin-0012"`` for a shipped puzzle, ``"review-..."`` for one
        made from a review).
    :ivar theme: a tag of :data:`rummy_lab.practice.THEMES` for the variant.
    :ivar game: the game at the decision; the player to move is the learner.
    :ivar advice: the coach's ranked moves for the position, highest value first.
    :ivar wrong: the plausible wrong move the puzzle was chosen for (the greedy bot's, or
        for a puzzle from a review, the move played); ``None`` if unknown.
    :ivar budget: the seconds of thinking the advice was computed with (``None``: the
        coach's default).
    :ivar rating: the puzzle's Glicko-2 rating (harder puzzles rate higher).
    :ivar rating_deviation: its rating deviation.
    :ivar source: ``"shipped"``, ``"mined"`` or ``"review"``.
    :ivar greedy: the greedy bot's move in the position (``None`` if not recorded).
    :ivar playouts: the build's playout check of a shipped puzzle, ``(deals, lead, se)``:
        the answer's mean lead over :attr:`wrong`, in points, when both are played to the
        end of the hand by the expert bot on that many deals, and its standard error
        (``None`` if the puzzle was not played out).
    """

    id: str
    theme: str
    game: Game
    advice: AdviceList
    wrong: Move | None = None
    budget: float | None = None
    rating: float = 1500.0
    rating_deviation: float = 100.0
    source: str = "mined"
    greedy: Move | None = None
    playouts: tuple[int, float, float] | None = None
    _view: PlayerView = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game):
            raise ValueError(f"a puzzle needs a Game, got {type(self.game).__name__}")
        if self.game.is_over:
            raise ValueError("a puzzle needs a running hand: this one is over")
        view = self.game.view_for(self.game.current_player)
        if not self.advice or {a.move for a in self.advice} != set(view.legal_moves):
            raise ValueError("the advice must value every legal move of the position, and "
                             "only those")
        theme_list = THEMES[variant_key(self.game.rules)]
        if self.theme not in theme_list:
            raise ValueError(f"unknown theme {self.theme!r}; use one of "
                             f"{', '.join(theme_list)}")
        object.__setattr__(self, "_view", view)

    # ------------------------------------------------------------------ reading
    @property
    def view(self) -> PlayerView:
        """The position as the player to move sees it."""
        return self._view

    @property
    def variant(self) -> str:
        """The variant's name in :data:`rummy_lab.practice.VARIANTS`."""
        return variant_key(self.game.rules)

    @property
    def shipped(self) -> bool:
        """True for a puzzle of the shipped set."""
        return self.source == "shipped"

    @property
    def greedy_agrees(self) -> bool:
        """True when the greedy bot's move is an answer (it would solve the puzzle)."""
        return self.greedy is not None and self.greedy in self.answers

    @property
    def answers(self) -> tuple[Move, ...]:
        """Every rank-1 move: any of them is a correct answer."""
        return tuple(a.move for a in self.advice if a.rank == 1)

    @property
    def best(self) -> Advice:
        """The advice of the move of highest value."""
        return self.advice[0]

    @property
    def unit(self) -> str:
        """What the values count: ``"points"`` or ``"match"`` (the chance to win)."""
        return self.advice.objective

    def advice_for(self, move: Move | str) -> Advice:
        """The advice for a legal move.

        :raises ValueError: for a malformed move or one that is not legal here.
        """
        m = self._legal(move)
        return next(a for a in self.advice if a.move == m)

    def _legal(self, move: object) -> Move:
        if isinstance(move, str):
            said = _said(move, self.view.legal_moves)
            if said is not None:
                return said
        try:
            m = clean_move(move)  # type: ignore[arg-type]
        except (ValueError, TypeError) as exc:
            raise ValueError(f"not a move: {quote(move)} ({exc})") from None
        if m not in self.view.legal_moves:
            legal = ", ".join(str(x) for x in self.view.legal_moves)
            raise ValueError(f"{m} is not a legal move here; the legal moves are: {legal}")
        return m

    # ------------------------------------------------------------------ the question
    @property
    def question(self) -> str:
        """One sentence: what happened, and the decision to make."""
        return question(self.view)

    # ------------------------------------------------------------------ answering
    def check(self, move: Move | str) -> Verdict:
        """Grade an answer: any rank-1 move is correct.

        :param move: a :class:`~rummy_lab.engine.moves.Move`, the words it prints as
            (``"take the upcard"``, ``"discard 7♥"``, any case), its code
            (``"discard 7h"``), or a bare card for its discard (``"7h"``).
        :raises ValueError: for a malformed move, or one that is not legal in the
            position (the message lists the legal moves); no verdict is given then.
        """
        m = self._legal(move)
        mine = next(a for a in self.advice if a.move == m)
        best = self.best
        correct = mine.rank == 1
        loss = 0.0 if correct else max(0.0, best.value - mine.value)
        match = self.unit == "match"
        label = label_for(loss, is_best=correct,
                          variant="match" if match else self.game.rules)
        return Verdict(m, correct, loss, label, self._explain(mine, correct, loss),
                       mine.rank)

    def _explain(self, mine: Advice, correct: bool, loss: float) -> str:
        view = self.view
        match = self.unit == "match"
        does = _does(mine)
        if correct:
            others = [a.move for a in self.advice if a.rank == 1 and a.move != mine.move]
            text = f"{mine.move} is right: {does}" if does else f"{mine.move} is right"
            if others:
                text += "; " + " and ".join(str(o) for o in others) + \
                    (" is" if len(others) == 1 else " are") + " as good at the coach's " \
                    "precision"
            return text + "."
        best = next(a for a in self.advice if a.rank == 1)
        se = math.hypot(mine.se, best.se)
        unit = "" if match else " points"
        text = (f"{mine.move} loses {format_gap(loss, se, percent=match)}{unit} against "
                f"{best.move}")
        numbers = contrast(view, mine.move, best.move)
        if numbers:
            text += f": {numbers}"
        parts = [(name, v) for name, v in mine.parts if abs(v) >= 0.05] \
            if mine.against == best.move else []
        if parts and not match:
            words = ", ".join(f"{name} {v:+.1f}" for name, v in parts[:3])
            text += f"; where the difference comes from: {words}"
        best_does = _does(best)
        if best_does:
            text += f". {best.move}: {best_does}"
        if self.playouts is not None and mine.move == self.wrong and not match:
            deals, lead, se = self.playouts
            text += (f". Played to the end of the hand by the expert bot ({deals} deals), "
                     f"{best.move} leads by {format_gap(lead, se)} points")
        return text + "."

    # ------------------------------------------------------------------ hints
    def hint(self, level: int) -> str:
        """A hint, one step at a time.

        * 1: what to look at (the candidate moves and the numbers that decide);
        * 2: those numbers for each candidate (deadwood, outs, danger, what a card
          joins);
        * 3: the answer, with why.

        :raises ValueError: for a level other than 1, 2 or 3.
        """
        if isinstance(level, bool) or not isinstance(level, int) or level not in HINT_LEVELS:
            raise ValueError(f"hint level must be 1, 2 or 3, got {quote(level)}")
        if level == 3:
            best = next(a for a in self.advice if a.rank == 1)
            does = _does(best)
            others = [str(a.move) for a in self.advice if a.rank == 1 and a is not best]
            text = f"The answer: {best.move}" + (f" (or {', '.join(others)})" if others
                                                   else "")
            return text + (f". {does[0].upper()}{does[1:]}." if does else ".")
        cands = self.candidates()
        if level == 1:
            return _look_at(self.view, self.theme, cands)
        lines = [_numbers(self.view, m) for m in cands]
        return "; ".join(lines) + "."

    def candidates(self) -> list[Move]:
        """The moves a hint compares: the answers, the plausible wrong move and the next
        best moves, at most four, in the order of the legal moves (which does not give
        the answer away)."""
        pick: list[Move] = list(self.answers[:2])
        if self.wrong is not None and self.wrong not in pick:
            pick.append(self.wrong)
        for a in self.advice:
            if len(pick) >= 4:
                break
            if a.move not in pick:
                pick.append(a.move)
        order = {m: i for i, m in enumerate(self.view.legal_moves)}
        return sorted(pick, key=lambda m: order[m])

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-able data (:meth:`from_dict` reads it back)."""
        return {
            "format": FORMAT, "version": 1, "id": self.id, "theme": self.theme,
            "source": self.source, "budget": self.budget, "rating": self.rating,
            "rating_deviation": self.rating_deviation,
            "wrong": None if self.wrong is None else self.wrong.code,
            "greedy": None if self.greedy is None else self.greedy.code,
            "game": json.loads(self.game.to_json()),
            "advice": advice_to_dict(self.advice),
            **({} if self.playouts is None else {"playouts": {
                "deals": self.playouts[0], "policy": "expert", "lead": self.playouts[1],
                "se": self.playouts[2]}}),
        }

    @classmethod
    def from_dict(cls, data: object) -> Puzzle:
        """Rebuild a puzzle from :meth:`to_dict` data, checking every part.

        :raises ValueError: for data that is not a saved puzzle, naming what is wrong.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a saved puzzle (no 'format': {FORMAT!r}): {quote(data)}")
        if data.get("version") != 1:
            raise ValueError(f"unknown puzzle version {quote(data.get('version'))}")
        try:
            game = Game.from_json(json.dumps(data["game"]))
            advice = advice_from_dict(data["advice"])
            wrong = None if data.get("wrong") is None else parse_move(str(data["wrong"]))
            greedy = (None if data.get("greedy") is None
                      else parse_move(str(data["greedy"])))
            budget = data.get("budget")
            po = data.get("playouts")
            playouts = None if po is None else (int(po["deals"]), float(po["lead"]),
                                                float(po["se"]))
            return cls(str(data["id"]), str(data["theme"]), game, advice, wrong,
                       None if budget is None else float(budget), float(data["rating"]),
                       float(data["rating_deviation"]), str(data.get("source", "mined")),
                       greedy, playouts)
        except KeyError as exc:
            raise ValueError(f"saved puzzle {quote(data.get('id'))} lacks {exc}") from None
        except (TypeError, ValueError) as exc:
            raise ValueError(f"saved puzzle {quote(data.get('id'))} is corrupt: {exc}"
                             ) from None

    @staticmethod
    def make_id(prefix: str, game: Game) -> str:
        """A stable key from the position: ``prefix`` and a hash of the game's JSON."""
        digest = hashlib.sha1(game.to_json().encode(), usedforsecurity=False).hexdigest()
        return f"{prefix}-{digest[:12]}"

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        return f"<Puzzle {self.id} ({self.variant}, {self.theme}): {self.question}>"

    def _repr_html_(self) -> str:
        from html import escape

        from ..display import cards_html, grouped_hand_html
        from ..engine.solver import best_partition

        view = self.view
        wild = None if view.wild_card is None else 1 if view.wild_card.is_joker \
            else view.wild_card.rank  # the printed joker's cut makes aces wild
        part = best_partition(list(view.hand), view.rules, wild_rank=wild)
        word = "count" if view.rules.variant is Variant.INDIAN else "deadwood"
        pile = view.discard_pile[-4:] if view.rules.variant is Variant.RUMMY500 \
            else view.discard_pile[-1:]
        pile_html = cards_html(list(pile), size="small") if pile else "empty"
        who = [f"player {i}: {n} cards" + (f", known {glyphs(view.known[i])}"
                                           if view.known[i] else "")
               for i, n in enumerate(view.hand_sizes) if i != view.player]
        legal = ", ".join(str(m) for m in view.legal_moves)
        return (f'<div class="rl-puzzle" role="group" aria-label="puzzle {escape(self.id)}">'
                f"<p><b>{escape(self.question)}</b></p>"
                f"<p>Your hand, melds first ({word} "
                f"{part.deadwood_points}):</p>"
                f"{grouped_hand_html(list(view.hand), part, wild_rank=wild)}"
                f"<p>Discard pile (top {'cards' if len(pile) > 1 else 'card'}, last on "
                f"top): {pile_html} &middot; stock: {view.stock_count} cards &middot; "
                f"{escape('; '.join(who))}</p>"
                f"<p>Your moves: {escape(legal)}.</p>"
                f"<p><small>Theme: {escape(THEMES[self.variant][self.theme])}</small></p>"
                "</div>")


# ---------------------------------------------------------------------- sentences


def _words(text: str) -> str:
    return " ".join(text.lower().replace(",", " ").split())


def _said(text: str, legal: tuple[Move, ...]) -> Move | None:
    """The legal move ``text`` names in words, as the moves print (``"take the upcard"``,
    ``"knock, discarding 3♥"``, any case), or a bare card for its discard (``"8c"``,
    ``"8♣"``); None if it names none (the move notation is tried next)."""
    want = _words(text)
    for m in legal:
        if _words(str(m)) == want:
            return m
    from ..engine.cards import parse_cards

    try:
        cards = parse_cards(text.strip())
    except ValueError:
        return None
    if len(cards) != 1:
        return None
    return next((m for m in legal if isinstance(m, Discard) and m.card == cards[0]), None)



def _does(a: Advice) -> str:
    """What a move does, from its advice's reasons (after the value's own sentence, and
    without the split of its difference from another move)."""
    return "; ".join(r for r in a.reasons[1:3] if not r.startswith("where the difference"))


def question(view: PlayerView) -> str:
    """The question a position asks of the player to move, from what they know."""
    moves = view.legal_moves
    kinds = {type(m) for m in moves}
    top = view.discard_top
    indian = view.rules.variant is Variant.INDIAN
    pile = "the open card" if indian else "the upcard" if view.rules.variant is \
        Variant.GIN else "the top of the discard pile"
    if view.phase is Phase.UPCARD:
        card = view.upcard or top
        return (f"Your turn, first of the hand: the upcard is "
                f"{card.glyph if card else 'gone'}. Do you take it or pass?")
    if view.phase is Phase.DRAW:
        options = ["draw from the " + ("closed deck" if indian else "stock")]
        if DrawDiscard in kinds and top is not None:
            deep = max((m.depth for m in moves if isinstance(m, DrawDiscard)), default=1)
            options.insert(0, f"take {top.glyph}" if deep == 1 else
                           "pick up from the pile (how deep?)")
        if Drop in kinds:
            options.append("drop")
        what = f"{pile} is {top.glyph}" if top is not None else "the pile is empty"
        return (f"Your turn: {what}, {view.stock_count} cards left in the "
                f"{'closed deck' if indian else 'stock'}. Do you " +
                ", ".join(options[:-1]) + f" or {options[-1]}?")
    drawn = _just_drawn(view)
    start = f"Your turn: you {drawn}. " if drawn else "Your turn. "
    if Gin in kinds and Knock in kinds:
        ask = "Do you go gin, knock, or throw a card and play on?"
    elif Gin in kinds:
        ask = "Do you go gin, or throw a card and play on?"
    elif Knock in kinds:
        ask = "Do you knock, or throw a card and play on?"
    elif Declare in kinds:
        ask = "Do you declare, or throw a card and play on?"
    elif Meld in kinds or LayOff in kinds:
        ask = ("Do you meld, lay off, or throw a card?" if LayOff in kinds and Meld in kinds
               else "Do you lay off, or throw a card?" if LayOff in kinds
               else "Do you meld, or throw a card?")
    else:
        ask = "Which card do you throw?"
    return start + ask


def _just_drawn(view: PlayerView) -> str | None:
    if view.pickup:
        return f"took {glyphs(view.pickup)} from the pile"
    for ev in reversed(view.history):
        if ev.player != view.player:
            break
        if isinstance(ev.move, DrawStock) and ev.drawn is not None:
            return f"drew the {ev.drawn.glyph}"
        if isinstance(ev.move, TakeUpcard | DrawDiscard) and ev.shown:
            return f"took the {glyphs(ev.shown)}"
    return None


def _look_at(view: PlayerView, theme: str, cands: list[Move]) -> str:
    """Level 1: what to look at, naming the moves to compare."""
    names = ", ".join(str(m) for m in cands)
    word = "count" if view.rules.variant is Variant.INDIAN else "deadwood"
    if any(isinstance(m, _DRAWS) for m in cands):
        top = view.discard_top
        if top is None:
            return f"Compare {names}."
        f = facts(view, TakeUpcard() if view.phase is Phase.UPCARD else DrawDiscard(),
                  with_outs=False)
        near = f"{top.glyph} would join {glyphs([c for c in f.joins if c != top])}" \
            if f.joins else f"{top.glyph} joins no meld of yours as it stands"
        extra = ""
        if any(isinstance(m, Drop) for m in cands):
            extra = "; dropping costs a fixed penalty, playing on risks your count"
        return (f"Compare {names}: {near}; a stock card is unknown, and a card taken "
                f"from the pile is seen by everyone{extra}. Which gives your hand more?")
    if theme in ("safe_discard",):
        return (f"Compare {names}: for each card, how likely is it that the opponent can "
                f"meld it, and what does it do to your {word}?")
    if theme in ("knock_or_play_on", "gin_or_knock"):
        return (f"Compare {names}: the {word} you would knock with, the "
                f"{view.stock_count} cards left in the stock, and how close the opponent "
                f"may be ({view.hand_sizes[1 - view.player] if view.players == 2 else '?'}"
                f" cards, {len(view.known[1 - view.player]) if view.players == 2 else 0} "
                f"of them known to you).")
    if theme in ("declare",):
        return (f"Compare {names}: can all your cards be shown in valid melds now, with "
                f"two sequences, one of them pure?")
    if theme == "pure_first":
        return (f"Compare {names}: which keeps you closest to a pure sequence (no "
                f"joker), the meld nothing counts without?")
    if theme in ("meld_or_hold", "lay_off_or_hold"):
        return (f"Compare {names}: the points on the table now against keeping the "
                f"cards in hand ({len(view.hand)} cards; your opponent holds "
                f"{min(s for i, s in enumerate(view.hand_sizes) if i != view.player)}).")
    return (f"Compare {names}: for each, count the {word} it leaves and the cards that "
            f"would complete what you keep.")


def _numbers(view: PlayerView, move: Move) -> str:
    """Level 2: the numbers of one candidate move."""
    if not isinstance(move, Discard | Knock | Gin | Declare):
        return one_line(view, move)
    f: Facts = facts(view, move, with_outs=True)
    word = "count" if view.rules.variant is Variant.INDIAN else "deadwood"
    bits = []
    if f.deadwood is not None:
        bits.append(f"leaves {f.deadwood} {word}")
    n = sum(f.outs.values())
    if f.p_out is not None:
        bits.append(f"{n} out{'s' if n != 1 else ''} ({round(100 * f.p_out)}% to draw one "
                    f"in {f.draws} draw{'s' if f.draws != 1 else ''})")
    if f.danger is not None:
        who = "the opponent" if view.players == 2 else "the next player"
        bits.append(f"{round(100 * f.danger)}% that {who} can meld it")
    if f.broken:
        bits.append("breaks " + " and ".join(glyphs(m) for m in f.broken))
    return f"{move}: " + ", ".join(bits) if bits else one_line(view, move)


# ---------------------------------------------------------------------- advice as data


def advice_to_dict(advice: AdviceList) -> dict[str, Any]:
    """The advice as JSON-able data."""
    return {"objective": advice.objective, "moves": [{
        "move": a.move.code, "value": a.value, "se": a.se, "rank": a.rank,
        "choice": a.choice, "samples": a.samples, "exact": a.exact,
        "against": None if a.against is None else a.against.code,
        "parts": [[n, v] for n, v in a.parts], "reasons": list(a.reasons),
    } for a in advice]}


def advice_from_dict(data: object) -> AdviceList:
    """Advice from :func:`advice_to_dict` data.

    :raises ValueError: for data of the wrong shape, or ranks that are not 1, 2, 3...
        never decreasing, or values not sorted highest first.
    """
    if not isinstance(data, dict) or not isinstance(data.get("moves"), list):
        raise ValueError("advice must be an object with a list of moves")
    out = AdviceList()
    objective = data.get("objective", "points")
    if objective not in ("points", "match"):
        raise ValueError(f"unknown objective {quote(objective)}")
    out.objective = objective
    for m in data["moves"]:
        if not isinstance(m, dict):
            raise ValueError(f"an advised move must be an object, got {quote(m)}")
        value, se = float(m["value"]), float(m["se"])
        if not (math.isfinite(value) and math.isfinite(se)) or se < 0:
            raise ValueError(f"bad value or standard error for {quote(m.get('move'))}")
        rank = m["rank"]
        if isinstance(rank, bool) or not isinstance(rank, int) or rank < 1:
            raise ValueError(f"bad rank {quote(rank)}")
        out.append(Advice(
            parse_move(str(m["move"])), value, tuple(str(r) for r in m["reasons"]),
            int(m["samples"]), bool(m["exact"]),
            None if m["against"] is None else parse_move(str(m["against"])),
            tuple((str(n), float(v)) for n, v in m["parts"]), se, rank, bool(m["choice"]),
            objective))
    if not out:
        raise ValueError("advice with no moves")
    ranks = [a.rank for a in out]
    if ranks[0] != 1 or any(b < a or b > a + 1 for a, b in itertools.pairwise(ranks)):
        raise ValueError(f"ranks must run 1, 2, 3... never decreasing, got {ranks}")
    if any(b.value > a.value for a, b in itertools.pairwise(out)):
        raise ValueError("advice must be sorted by value, highest first")
    return out


def mistake_bound(variant: object) -> float:
    """The loss a puzzle's plausible wrong move must reach: the variant's "mistake" bound
    (``rl.coach.thresholds(variant)["mistake"]``, a decision's whole stake)."""
    return thresholds(variant)["mistake"]
