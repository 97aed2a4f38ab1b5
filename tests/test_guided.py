"""A guided hand: every decision the learner's, graded at once, retried until right."""

from __future__ import annotations

import pytest

import rummy_lab as rl
from rummy_lab.practice import GuidedHand, Prompt, ask, solutions_enabled
from rummy_lab.practice.guided import SOLUTIONS_ENV, Step

DEAL = {"hands": ["3D 2D 5H QD 4C JD 7D 7S 6C 10C", "7H 3H 6H QH 6D 8C 8H AS JH 3C"],
        "discard": "9H", "stock_top": "4H 6S 5S 10H"}


def _lesson() -> GuidedHand:
    return GuidedHand("gin", seat=1, seed=28, **DEAL)  # type: ignore[arg-type]


def test_an_empty_answer_asks_for_one_and_changes_nothing() -> None:
    lesson = _lesson()
    before = len(lesson.game.history)
    for empty in (..., None, "", "   "):
        got = lesson.answer(empty)
        assert isinstance(got, Prompt)
        assert got.text.startswith("Type your move") and "take the upcard" in got.text
    assert len(lesson.game.history) == before and lesson.decisions[0].answers == []


def test_a_wrong_answer_is_graded_and_the_position_stays() -> None:
    lesson = _lesson()
    p = lesson.puzzle
    wrong = next(a.move for a in p.advice if a.rank > 1)
    before = lesson.game.to_json()
    v = lesson.answer(wrong)
    assert isinstance(v, rl.practice.Verdict) and not v.correct and v.loss > 0
    assert lesson.game.to_json() == before and lesson.puzzle is p
    # a right answer then moves the hand on; the first answer is the one that counts
    v2 = lesson.answer(p.answers[0])
    assert isinstance(v2, rl.practice.Verdict) and v2.correct
    assert lesson.decisions[0].first is v and lesson.decisions[0].solved
    assert lesson.puzzle is not p and len(lesson.game.history) >= 1


def test_illegal_answers_raise_and_change_nothing() -> None:
    lesson = _lesson()
    before = lesson.game.to_json()
    with pytest.raises(ValueError, match="not a legal move here"):
        lesson.answer("discard AS")
    with pytest.raises(ValueError, match="not a move"):
        lesson.answer("fold")
    assert lesson.game.to_json() == before and lesson.decisions[0].answers == []


def test_hints_go_one_level_at_a_time_and_stop_at_the_answer() -> None:
    lesson = _lesson()
    p = lesson.puzzle
    assert [lesson.hint() for _ in range(4)] == [p.hint(1), p.hint(2), p.hint(3), p.hint(3)]
    assert lesson.decisions[0].hints == 3


def test_a_hand_answered_by_the_coach_ends_all_right_with_its_key_moments() -> None:
    lesson = _lesson()
    lesson.answer("pass the upcard")  # a wrong first answer at decision 1
    while not lesson.is_over:
        step = lesson.step(lesson.puzzle.answers[0])
        assert isinstance(step, Step) and isinstance(step.verdict, rl.practice.Verdict)
        assert step.verdict.correct
    s = lesson.summary()
    assert s.decisions == len(lesson.decisions) and s.right_first == s.decisions - 1
    assert s.lost == pytest.approx(lesson.decisions[0].first.loss)  # type: ignore[union-attr]
    assert lesson.key_moments(1)[0] is lesson.decisions[0]
    assert lesson.game.result is not None
    assert lesson.game.result.reason in str(s)
    assert "Key moment 1" in str(s) and "<li>" in s._repr_html_()
    # once over: a line, not an error, from position and step; answer and hint refuse
    assert isinstance(lesson.position(), Prompt)
    assert isinstance(lesson.step("take the upcard").verdict, Prompt)
    with pytest.raises(ValueError, match="the hand is over"):
        lesson.answer("take the upcard")
    with pytest.raises(ValueError, match="the hand is over"):
        lesson.hint()


def test_the_learner_decides_only_where_there_is_a_choice() -> None:
    lesson = GuidedHand("indian", seat=0, seed=3)
    for _ in range(4):
        if lesson.is_over:
            break
        assert len(lesson.puzzle.view.legal_moves) > 1
        assert lesson.puzzle.view.player == 0
        lesson.answer(lesson.puzzle.answers[0])


def test_bad_seats_are_refused() -> None:
    for seat in (-1, 2, True, "0"):
        with pytest.raises(ValueError, match="seat must be 0 to 1"):
            GuidedHand("gin", seat=seat, seed=1)  # type: ignore[arg-type]


def test_ask_grades_or_asks() -> None:
    lesson = _lesson()
    p = lesson.puzzle
    assert isinstance(ask(p, None), Prompt)
    assert ask(p, "take the upcard") == p.check("take the upcard")


def test_solutions_follow_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SOLUTIONS_ENV, "1")
    assert solutions_enabled()
    monkeypatch.setenv(SOLUTIONS_ENV, "0")
    assert not solutions_enabled()
    monkeypatch.delenv(SOLUTIONS_ENV)
    assert not solutions_enabled()
