"""The practice widget without a browser: its controller and its buttons.

Puzzles come from reviewed hands (a random bot against the greedy bot: real mistakes),
so every verdict, hint and number checked here is the puzzle's own. No test is timed.
The real-browser test is in tests/test_browser_practice.py.
"""

from __future__ import annotations

import math
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import rummy_lab as rl
from rummy_lab.bots import RandomBot, make_bot, play_hand
from rummy_lab.coach.ranking import format_gap
from rummy_lab.engine.moves import Discard, Move
from rummy_lab.engine.state import Phase
from rummy_lab.practice import Puzzle, from_review
from rummy_lab.viz.game import held_partition
from rummy_lab.widgets import PracticeWidget
from rummy_lab.widgets.practice import PALETTES, practice_css
from rummy_lab.widgets.practice_controller import (
    PracticeController,
    ProgressFigures,
    SessionRecord,
    progress_figures,
)


@cache
def _puzzles(variant: str, seed: int) -> tuple[Puzzle, ...]:
    g = rl.new_game(variant, seed=seed)
    play_hand(g, [RandomBot(), make_bot("greedy", g.rules)], random.Random(seed))
    return tuple(from_review(rl.coach.review(g, 0)))


def _throw() -> Puzzle:
    """A Gin puzzle of which card to throw, whose wrong move is a discard."""
    return next(p for p in _puzzles("gin", 5)
                if p.view.phase is Phase.DISCARD and isinstance(p.wrong, Discard))


def _draw() -> Puzzle:
    """A puzzle decided before the draw (no card to click)."""
    return next(p for p in _puzzles("gin", 5) if p.view.phase is not Phase.DISCARD)


def _state(c: PracticeController) -> tuple[Any, ...]:
    return (c.puzzle.id, c.number, c.move, c.verdict, c.first, c.answers, list(c.hints),
            c.revealed, c.session.attempts())


def _text(html: str) -> str:
    """An HTML fragment's text, entities decoded."""
    import html as h

    inline = re.sub(r"</?(?:b|i|span)\b[^>]*>", "", html)
    return " ".join(h.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


# ---------------------------------------------------------------------- the controller


def test_a_card_click_throws_the_card_and_the_verdict_is_the_puzzles() -> None:
    p = _throw()
    c = PracticeController(puzzles=[p])
    assert p.wrong is not None
    card = p.wrong.card  # type: ignore[attr-defined]
    v = c.click_card(card)
    assert v == p.check(Discard(card)) and not v.correct
    assert c.move == Discard(card) and c.first == v and c.answers == 1
    mine, best = p.advice_for(p.wrong), next(a for a in p.advice if a.rank == 1)
    assert c.loss_text(v) == format_gap(v.loss, math.hypot(mine.se, best.se)) + " points"
    # the answer stays hidden: no rank-1 move is named until it is asked for
    assert not c.answer_shown
    hidden = c.explanation()
    assert all(str(m) not in hidden for m in p.answers)
    assert str(p.wrong) in hidden
    c.show_answer()
    assert c.answer_shown and c.explanation() == v.explanation


def test_every_answer_of_rank_1_is_correct_by_click_or_by_code() -> None:
    p = _throw()
    for move in p.answers:
        c = PracticeController(puzzles=[p])
        v = c.answer(move.code)
        assert v.correct and v.loss == 0 and c.answer_shown
        assert c.explanation() == v.explanation and str(move) in v.explanation
        assert not c.can_show_ranking  # the ranking opens after a wrong first answer


def test_invalid_actions_give_a_message_and_change_nothing() -> None:
    throw, draw = _throw(), _draw()
    c = PracticeController(puzzles=[draw, throw])
    before = _state(c)
    with pytest.raises(ValueError, match="here you draw first: choose one of the buttons"):
        c.click_card(draw.view.hand[0])
    with pytest.raises(ValueError, match="not a card of your hand"):
        c.click_card(next(x for x in rl.parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
                          if x not in draw.view.hand))
    with pytest.raises(ValueError, match="not a legal move here"):
        c.answer(Discard(draw.view.hand[0]))
    with pytest.raises(ValueError, match="no answer to try again"):
        c.try_again()
    assert _state(c) == before
    c.next()
    # a card that may not be thrown (the card just taken from the pile)
    banned = [x for x in throw.view.hand if Discard(x) not in throw.view.legal_moves]
    assert banned, "the throw puzzle was chosen after a pick-up from the pile"
    before = _state(c)
    with pytest.raises(ValueError, match="is not a legal move here; the legal moves are"):
        c.click_card(banned[0])
    assert _state(c) == before
    c.click_card(throw.answers[0].card)  # type: ignore[attr-defined]
    before = _state(c)
    with pytest.raises(ValueError, match="you have answered this puzzle"):
        c.click_card(throw.view.hand[0])
    for _ in range(3):
        c.hint()
    before = _state(c)
    with pytest.raises(ValueError, match="no more hints: all 3 are shown"):
        c.hint()
    assert _state(c) == before


def test_hints_accumulate_a_level_at_a_time_and_the_third_gives_the_answer() -> None:
    p = _throw()
    c = PracticeController(puzzles=[p])
    assert p.wrong is not None
    c.answer(p.wrong)
    for level in (1, 2, 3):
        assert not c.answer_shown
        assert c.hint() == p.hint(level)
        assert c.hints == [p.hint(k) for k in range(1, level + 1)]
    assert c.answer_shown and str(p.answers[0]) in c.explanation()


def test_try_again_clears_the_verdict_and_only_the_first_answer_counts() -> None:
    p = _throw()
    c = PracticeController(puzzles=[p, _draw()])
    assert p.wrong is not None
    wrong = c.answer(p.wrong)
    c.hint()
    c.try_again()
    assert c.verdict is None and c.move is None and c.first == wrong
    assert c.hints == [p.hint(1)]  # the hints stay
    assert c.answer(p.answers[0]).correct and c.answers == 2 and c.first == wrong
    assert c.can_show_ranking
    c.next()
    assert c.session.attempts() == [False]  # the first answer, wrong
    assert c.figures().attempted == 1 and c.figures().correct == 0
    assert c.progress_text() == "streak 0 · accuracy 0% (0 of 1)"
    c.answer(c.puzzle.answers[0])
    c.next()  # back to the first puzzle: round 2
    assert c.round == 2 and c.puzzle is p and c.number == 3
    assert c.progress_text() == "streak 1 · accuracy 50% (1 of 2)"
    c.next()  # not answered: nothing recorded
    assert c.session.attempts() == [False, True]


def test_next_records_in_a_given_progress_object_by_duck_typing() -> None:
    class Notebook:  # a progress object of another shape: a rating pair, a due count
        def __init__(self) -> None:
            self.seen: list[tuple[str, bool]] = []
            self.hints: list[int] = []

        def record(self, puzzle: Puzzle, verdict: Any, *, hints: int = 0) -> None:
            self.seen.append((puzzle.id, verdict.correct))
            self.hints.append(hints)

        def attempts(self) -> list[bool]:
            return [ok for _, ok in self.seen]

        def rating(self, variant: str) -> tuple[float, float]:
            return 1400.0 + 10 * len(self.seen), 80.0

        def due(self, variant: str) -> int:
            return sum(not ok for _, ok in self.seen)

    book = Notebook()
    ps = _puzzles("gin", 5)
    c = PracticeController(progress=book, puzzles=ps)
    assert c.progress_text() == "rating 1400 ± 160 · 0 reviews due · no puzzle recorded yet"
    first = ps[0]
    assert first.wrong is not None
    c.answer(first.wrong)
    c.try_again()
    c.answer(first.answers[0])
    c.next()
    assert book.seen == [(first.id, False)] and book.hints == [0]
    second = c.puzzle
    c.hint()
    c.hint()  # two levels opened before the first answer: recorded with it
    c.answer(second.answers[0])
    assert book.seen[-1] == (second.id, True) and book.hints == [0, 2]
    c.hint()  # after the answer: the record keeps the count it had
    assert book.hints == [0, 2]
    c.next()
    c.hint()
    c.hint()
    c.hint()  # the answer itself
    c.answer(c.puzzle.answers[0])
    assert book.hints == [0, 2, 3] and c.session.attempts()[-1] is False  # not a solve
    book.seen, book.hints = book.seen[:1], book.hints[:1]
    assert c.progress_text() == ("rating 1410 ± 160 · 1 review due · accuracy 0% (0 of 1) · "
                                 "this session 1 of 3")  # the hinted answer to the end is a miss
    with pytest.raises(ValueError, match="progress must have a record"):
        PracticeController(progress=object(), puzzles=ps)  # type: ignore[arg-type]


def test_the_real_progress_record_and_its_reviews(tmp_path: Path) -> None:
    progress = rl.practice.Progress(tmp_path / "progress.json")
    ps = _puzzles("gin", 5) + _puzzles("gin", 7)
    assert len(ps) >= 3
    c = PracticeController(progress=progress, puzzles=ps)
    missed = c.puzzle
    assert missed.wrong is not None
    c.answer(missed.wrong)
    c.next()
    c.answer(c.puzzle.answers[0])
    c.next()
    attempts = progress.attempts("gin")
    assert [(a.puzzle, a.correct) for a in attempts] == [(missed.id, False),
                                                          (ps[1].id, True)]
    f = c.figures()
    r = progress.rating("gin")
    assert (f.attempted, f.correct, f.streak) == (2, 1, 1)
    assert (f.rating, f.deviation) == (r.rating, r.deviation)
    assert f.due == len(progress.due("gin")) == 1
    assert f"rating {r}" in c.progress_text() and "1 review due" in c.progress_text()
    assert "accuracy 50% (1 of 2)" in c.progress_text()


def test_dealing_is_lazy_seeded_n_at_a_time_and_due_reviews_come_first() -> None:
    pool = list(_puzzles("gin", 5) + _puzzles("gin", 7) + _puzzles("basic", 5))
    gin = [p for p in pool if p.variant == "gin"]
    calls: list[tuple[str, str | None, int, int]] = []

    def deal(variant: str, *, theme: str | None = None, n: int = 20, seed: int = 0
             ) -> list[Puzzle]:
        calls.append((variant, theme, n, seed))
        got = [p for p in pool if p.variant == variant]
        return random.Random(seed).sample(got, min(n, len(got)))

    c = PracticeController("gin", batch=2, seed=9, deal=deal)
    assert calls == [("gin", None, 2, 9)]
    ids = [c.puzzle.id]
    for _ in range(len(gin) - 1):
        c.next()
        ids.append(c.puzzle.id)
    assert len(set(ids)) == len(gin) and {p.id for p in gin} == set(ids)
    assert [s for *_, s in calls] == list(range(9, 9 + len(calls)))
    assert all(n == 2 for _, _, n, _ in calls)

    class Due:
        def __init__(self) -> None:
            self.back: list[Puzzle] = []

        def record(self, puzzle: Puzzle, verdict: Any, *, hints: int = 0) -> None: ...

        def due(self, variant: str) -> list[Puzzle]:
            return self.back

    due = Due()
    c = PracticeController("gin", progress=due, deal=deal)
    back = next(p for p in gin if p.id != c.puzzle.id)
    due.back = [c.puzzle, back]  # the puzzle on the board is not dealt again at once
    c.next()
    if c.puzzle.id != back.id or not c.due_again:
        pytest.fail("a due puzzle should come before the dealt ones")


def test_dealing_from_the_shipped_set(monkeypatch: pytest.MonkeyPatch) -> None:
    import rummy_lab.practice as practice

    ps = list(_puzzles("gin", 5))
    monkeypatch.setattr(practice, "shipped", lambda variant, theme=None: [
        p.to_dict() for p in ps if theme is None or p.theme == theme])
    asked: list[tuple[str, str | None, int, int]] = []

    def puzzles(variant: str, *, theme: str | None = None, n: int = 20,
                seed: int = 0) -> list[Puzzle]:
        asked.append((variant, theme, n, seed))
        return [p for p in ps if theme is None or p.theme == theme][:n]

    monkeypatch.setattr(practice, "puzzles", puzzles)
    theme = ps[0].theme
    c = PracticeController("gin", theme=theme, seed=4)
    assert asked == [("gin", theme, len([p for p in ps if p.theme == theme]), 4)]
    assert c.puzzle.theme == theme
    monkeypatch.setattr(practice, "shipped", lambda variant, theme=None: [])
    with pytest.raises(ValueError, match="the shipped set has no indian puzzles yet"):
        PracticeController("indian")


def test_bad_arguments_are_refused_by_name() -> None:
    p = _throw()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"variant": "poker"}, "unknown variant"),
        ({"variant": "gin", "theme": "luck"}, "unknown theme 'luck' for gin"),
        ({"puzzles": []}, "puzzles is empty"),
        ({"puzzles": [p, "x"]}, "got a str in it"),
        ({"puzzles": "abc"}, "puzzles must be a list of Puzzle"),
        ({"puzzles": [p], "seed": 1.5}, "seed must be an integer"),
        ({"puzzles": [p], "batch": 0}, "batch must be a whole number"),
    ]
    for kwargs, words in cases:
        with pytest.raises(ValueError, match=words):
            PracticeController(**kwargs)
    with pytest.raises(ValueError, match="theme_name must be one of light, dark"):
        PracticeWidget(puzzles=[p], theme_name="sepia")


def test_progress_figures_read_what_a_record_has() -> None:
    assert progress_figures(SessionRecord(), "gin") == ProgressFigures(0, 0, 0, None, None,
                                                                        None)
    assert progress_figures(object(), "gin") == ProgressFigures(0, 0, None, None, None, None)

    class Share:
        def attempts(self) -> list[object]:
            return [object()] * 4  # no ``correct``: the share gives the count

        def accuracy(self) -> float:
            return 0.75

        def rating(self, variant: str) -> float:
            return 1612.4

    f = progress_figures(Share(), "gin")
    assert (f.attempted, f.correct, f.rating, f.deviation) == (4, 3, 1612.4, None)


# ---------------------------------------------------------------------- the view


def _card_click(w: PracticeWidget, card: rl.Card) -> None:
    """Click a card's button as the browser does (the toggle turns on)."""
    w.card_button(card).value = True


def test_the_board_draws_the_puzzle_and_offers_its_moves() -> None:
    p = _throw()
    w = PracticeWidget(puzzles=[p, _draw()])
    assert p.question in _text(w.question.value)
    assert "rl-seat rl-hidden" in w.opponents.value  # the opponent's hand: backs
    assert f'data-top="{p.view.discard_top.code}"' in w.piles.value  # type: ignore[union-attr]
    assert sorted(w.hand_view.cards) == sorted(p.view.hand)
    # grouped into melds as the play table groups a hand, but with no card set apart to
    # throw (the solver's throw would give the answer away)
    assert len(p.view.hand) == 11 and w.hand_view.partition == rl.best_partition(p.view.hand)
    assert held_partition(p.view, p.view.hand) != w.hand_view.partition
    assert not any("to throw" in cap.value for cap in w.hand_view._captions)
    assert "once you throw" not in w.hand_view.points.value
    # a button for every legal move that is not a discard, labelled with the move
    others: list[Move] = [m for m in p.view.legal_moves if not isinstance(m, Discard)]
    assert [b.description for b in w.move_buttons] == [str(m) for m in others]
    for card in p.view.hand:
        tip = w.card_button(card).tooltip
        assert tip == (f"answer: discard {card.glyph}" if Discard(card) in p.view.legal_moves
                       else f"{card.glyph}: not a move now")
    assert w.try_button.disabled and w.ranking_toggle.disabled
    assert w.show_button.layout.display == "none"
    w.next_button.click()
    d = w.puzzle
    assert [b.description for b in w.move_buttons] == [str(m) for m in d.view.legal_moves]
    assert "Your move:" in w.moves_box.children[0].value


def test_clicking_a_card_shows_the_verdict_at_once() -> None:
    p = _throw()
    assert p.wrong is not None
    w = PracticeWidget(puzzles=[p])
    card = p.wrong.card  # type: ignore[attr-defined]
    _card_click(w, card)
    v = w.controller.verdict
    assert v is not None and not v.correct
    html = _text(w.verdict_view.value)
    assert f"Not the best: {v.label}" in html
    assert f"rank {v.rank} of {max(a.rank for a in p.advice)}" in html
    assert f"you lose {w.controller.loss_text(v)} against the best move" in html
    assert "The answer stays hidden" in html
    assert all(str(m) not in html for m in p.answers)
    assert 'data-correct="false"' in w.verdict_view.value
    # the card answered is marked, and nothing more can be answered until Try again
    assert [w.hand_view.cards[i] for i in w.hand_view.marked] == [card]
    assert all(t.disabled for t in w.hand_view.toggles[:len(p.view.hand)])
    assert not w.try_button.disabled and not w.ranking_toggle.disabled
    assert w.show_button.layout.display is None
    assert not w.card_button(card).value  # a push button: not left pressed


def test_show_answer_hint_and_ranking_through_the_buttons() -> None:
    p = _throw()
    assert p.wrong is not None
    w = PracticeWidget(puzzles=[p])
    w.hint_button.click()
    assert w.hint_button.description == "Hint 2 of 3"
    assert _text(w.hints_view.value).count("Compare") == 1
    w.click_answer(p.wrong)
    w.hint_button.click()
    hints = _text(w.hints_view.value)
    assert "Hints (2 of 3)" in hints and p.hint(2).split(":")[0] in hints
    w.show_button.click()
    html = _text(w.verdict_view.value)
    assert html.count("The answer:") == 1
    assert p.hint(3) in html and w.show_button.layout.display == "none"
    w.ranking_toggle.value = True
    table = _text(w.advice_view.value)
    assert w.advice_view.value.count("<tr>") == len(p.advice) + 1  # a row per legal move
    assert all(a.shown_value() in table for a in p.advice)
    w.ranking_toggle.value = False
    assert w.advice_view.value == ""
    w.hint_button.click()
    assert w.hint_button.disabled and w.hint_button.description == "No more hints"


def test_try_again_and_next_through_the_buttons() -> None:
    p, d = _throw(), _draw()
    assert p.wrong is not None
    w = PracticeWidget(puzzles=[p, d])
    w.click_answer(p.wrong)
    w.try_button.click()
    assert w.controller.verdict is None and "Answer 2: only the first counts" in _text(
        w.verdict_view.value)
    assert not any(t.disabled for t in w.hand_view.toggles[:len(p.view.hand)])
    assert w.hand_view.marked == ()
    # the first answer (wrong) went on the record at once; the second does not count
    assert "Progress: streak 0 · accuracy 0% (0 of 1)" in _text(w.progress_view.value)
    w.click_answer(p.answers[0])
    assert "✓ Correct" in w.verdict_view.value and "nothing lost" in w.verdict_view.value
    assert "Progress: streak 0 · accuracy 0% (0 of 1)" in _text(w.progress_view.value)
    w.next_button.click()
    assert w.puzzle is d and w.controller.number == 2
    assert "Progress: streak 0 · accuracy 0% (0 of 1)" in _text(w.progress_view.value)
    assert "Puzzle 2" in _text(w.head.value)
    assert w.verdict_view.value.count("rl-waiting") == 1 and w.hints_view.value == ""
    w.click_answer(d.answers[0])
    w.next_button.click()
    assert "streak 1 · accuracy 50% (1 of 2)" in _text(w.progress_view.value)
    assert "round 2" in _text(w.head.value)


def test_an_answer_the_record_cannot_save_changes_nothing() -> None:
    class Full:
        def record(self, puzzle: Puzzle, verdict: Any, *, hints: int = 0) -> None:
            raise OSError(28, "No space left on device")

    p = _throw()
    w = PracticeWidget(progress=Full(), puzzles=[p, _draw()])
    before = _state(w.controller)
    w.click_answer(p.answers[0])
    assert "No space left on device" in w.status.value and "Not allowed" in w.status.value
    assert _state(w.controller) == before and w.puzzle is p
    assert w.controller.verdict is None and "✓ Correct" not in w.verdict_view.value


def test_an_invalid_click_in_the_view_shows_a_message_and_changes_nothing() -> None:
    d = _draw()
    w = PracticeWidget(puzzles=[d])
    before = (_state(w.controller), w.verdict_view.value, w.hints_view.value)
    _card_click(w, d.view.hand[0])
    assert "Not allowed:" in w.status.value and "draw first" in w.status.value
    assert (_state(w.controller), w.verdict_view.value, w.hints_view.value) == before
    w.click_answer(d.answers[0])
    assert w.status.value == ""  # a valid answer clears the message
    w.try_button.click()
    w.try_button.disabled = False  # a stale click after the verdict was cleared
    w.try_button.click()
    assert "no answer to try again" in w.status.value


def test_looks_keep_text_readable() -> None:
    def luminance(hex_color: str) -> float:
        rgb = [int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    def ratio(a: str, b: str) -> float:
        la, lb = sorted((luminance(a), luminance(b)), reverse=True)
        return (la + 0.05) / (lb + 0.05)

    for name, c in PALETTES.items():
        for ink, ground in (("content-font-color1", "layout-color0"),
                            ("content-font-color1", "layout-color1"),
                            ("ui-font-color1", "layout-color2"),
                            ("ui-inverse-font-color1", "brand-color1"),
                            ("content-font-color2", "layout-color0")):
            assert ratio(c[ink], c[ground]) >= 4.5, (name, ink, ground)
        assert f".rl-practice.rl-theme-{name}{{" in practice_css()
    w = PracticeWidget(puzzles=[_throw()], theme_name="high-contrast")
    assert "rl-theme-high-contrast" in w._dom_classes
    w.theme_name = "dark"
    assert "rl-theme-dark" in w._dom_classes and "rl-theme-high-contrast" not in w._dom_classes
    with pytest.raises(ValueError, match="theme_name must be one of"):
        w.theme_name = "neon"
    assert w.theme_name == "dark"
