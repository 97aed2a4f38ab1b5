"""The practice widget in a real browser: JupyterLab 4 on 127.0.0.1, Playwright driving
Chromium.

A fresh notebook shows three PracticeWidgets, one per look (light, dark, high contrast),
on the puzzles of a reviewed Gin hand (a random bot's mistakes against the greedy bot),
the first a throw. The test runs every cell and, with JupyterLab in the matching theme
for each widget:

* light: clicks the card of the wrong answer, sees the verdict at once (its label, the
  loss with its interval, the answer hidden), then asks for a hint;
* dark: clicks a card of the right answer and sees *Correct*;
* high contrast: answers wrong, then shows the answer and opens the coach's ranking;

then checks that axe-core finds no serious or critical WCAG 2 A/AA violation in each
widget's output area, and saves each widget's picture to ``test-artifacts/``
(``practice_light.png``, ``practice_dark.png``, ``practice_high_contrast.png``). Last,
the learner app after a hand played at random and reviewed: **Practise your mistakes**
opens the Practice tab on them, a click answers the first (``practice_app.png``, axe-core
again).
No timing is asserted.

Without ``/usr/bin/chromium`` the test is skipped locally, and fails under CI (``CI=true``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

import rummy_lab as rl
from rummy_lab.bots import RandomBot, make_bot, play_hand
from rummy_lab.engine.moves import Discard
from rummy_lab.engine.state import Phase
from rummy_lab.practice import Puzzle, from_review

from .browser_support import (
    ALL_RAN,
    ARTIFACTS,
    REPO,
    RUN_ALL,
    require_chromium,
    serious_violations,
    serve_lab,
    set_lab_theme,
    write_lab_settings,
)

pytestmark = pytest.mark.timeout(420)

SEED = 5
LOOKS = ("light", "dark", "high-contrast")
CELL = f"""import sys
sys.path.insert(0, {str(REPO)!r})  # the tree under test
import random
import rummy_lab as rl
from rummy_lab.bots import RandomBot, make_bot, play_hand
from rummy_lab.engine.state import Phase
from rummy_lab.widgets import PracticeWidget
g = rl.new_game("gin", seed={SEED})
play_hand(g, [RandomBot(), make_bot("greedy", g.rules)], random.Random({SEED}))
ps = rl.practice.from_review(rl.coach.review(g, 0))
ps.sort(key=lambda p: p.view.phase is not Phase.DISCARD)  # a throw first
"""
SHOW = "PracticeWidget(puzzles=ps, theme_name={look!r})"
APP = """from rummy_lab.app import LearnerApp
app = LearnerApp("gin", opponent="greedy", seed=5)
rng = random.Random(5)
while not app.table.view.is_over:  # a hand played at random, then reviewed
    app.table.play(rng.choice(app.table.view.legal_moves))
app.table.review_button.click()
app
"""


def _puzzle() -> Puzzle:
    """The first puzzle the notebook shows, computed here the same way."""
    g = rl.new_game("gin", seed=SEED)
    play_hand(g, [RandomBot(), make_bot("greedy", g.rules)], random.Random(SEED))
    ps = from_review(rl.coach.review(g, 0))
    ps.sort(key=lambda p: p.view.phase is not Phase.DISCARD)
    return ps[0]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    cells = [nbformat.v4.new_code_cell(CELL)] + [
        nbformat.v4.new_code_cell(SHOW.format(look=look)) for look in LOOKS] + [
        nbformat.v4.new_code_cell(APP)]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3",
                              "language": "python"}
    (tmp_path / "nb").mkdir()
    nbformat.write(nb, tmp_path / "nb" / "practice.ipynb")
    write_lab_settings(tmp_path)
    return tmp_path


@pytest.fixture
def lab(root: Path) -> Iterator[str]:
    require_chromium()
    for url, _ in serve_lab(root, "practice.ipynb"):
        yield url


def _widget(page: Page, look: str) -> Locator:
    return page.locator(f".rl-practice.rl-theme-{look}")


def _output(widget: Locator) -> Locator:
    area = "contains(concat(' ', @class, ' '), ' jp-OutputArea-output ')"
    return widget.locator(f"xpath=ancestor-or-self::div[{area}][1]")


def _card(widget: Locator, move: object) -> Locator:
    """The button of the card a card move plays (its title says the move)."""
    return widget.locator(f'.rl-card-toggle[title="answer: {move}"]')


def check_app(page: Page) -> list[dict[str, object]]:
    """The app after a reviewed hand: Practise your mistakes opens the Practice tab on
    them; a click answers the first; axe-core's serious and critical violations."""
    set_lab_theme(page, "light")
    app = page.locator(".rl-app")
    button = app.locator(".rl-app-mistakes")
    expect(button).to_be_enabled(timeout=60_000)
    expect(app.locator(".rl-app-mistakes-note")).to_contain_text("puzzle")
    button.click()
    practice = app.locator(".rl-app-practice .rl-practice.rl-theme-auto")
    expect(practice).to_be_visible()
    expect(app.locator(".rl-app-practice-note")).to_contain_text("Your mistakes and blunders")
    expect(practice.locator(".rl-puzzle-head")).to_contain_text("from your game")
    moves = practice.locator(".rl-move-button")
    if moves.count():
        moves.first.click()
    else:
        practice.locator('.rl-card-toggle[title^="answer:"]').first.click()
    expect(practice.locator(".rl-verdict .rl-correct, .rl-verdict .rl-wrong")).to_have_count(1)
    found = serious_violations(page, _output(app))
    app.screenshot(path=str(ARTIFACTS / "practice_app.png"), animations="disabled")
    return found


def test_practice_widget_in_jupyterlab(lab: str, page: Page) -> None:
    p = _puzzle()
    assert p.wrong is not None and isinstance(p.wrong, Discard)
    page.set_viewport_size({"width": 1400, "height": 1600})
    page.goto(lab)
    page.locator(".jp-NotebookPanel").wait_for()
    page.evaluate(RUN_ALL)
    page.wait_for_function(ALL_RAN, timeout=300_000)
    report: dict[str, object] = {}
    for look in LOOKS:
        set_lab_theme(page, look)
        w = _widget(page, look)
        expect(w.locator(".rl-question")).to_contain_text(p.question, timeout=120_000)
        # a notebook draws only the cells near the view: bring the widget into it first
        w.scroll_into_view_if_needed()
        expect(w.locator(".rl-card-toggle:visible")).to_have_count(len(p.view.hand),
                                                                   timeout=90_000)
        expect(w.locator(".rl-opponent .rl-seat.rl-hidden")).to_have_count(1)
        expect(w.locator(".rl-piles-view .rl-discard")).to_be_visible()
        verdict = w.locator(".rl-verdict")
        expect(verdict).to_contain_text("Click a card")
        if look == "dark":
            _card(w, p.answers[0]).focus()  # by keyboard: focus the card, press Enter
            page.keyboard.press("Enter")
            expect(verdict.locator(".rl-correct")).to_contain_text("Correct")
            expect(verdict).to_contain_text("nothing lost")
        else:
            _card(w, p.wrong).click()
            v = p.check(p.wrong)
            expect(verdict.locator(".rl-wrong")).to_contain_text(f"Not the best: {v.label}")
            expect(verdict).to_contain_text("against the best move")
            expect(verdict).to_contain_text("The answer stays hidden")
            assert str(p.answers[0]) not in (verdict.text_content() or "")
            expect(w.locator(".rl-card-slot.rl-hinted")).to_have_count(1)  # the card answered
            if look == "light":
                w.locator(".rl-hint-button").click()
                expect(w.locator(".rl-hints li")).to_have_count(1)
            else:
                w.locator(".rl-show-answer").click()
                expect(verdict.locator(".rl-answer")).to_contain_text(
                    f"The answer: {p.answers[0]}")
                w.locator(".rl-ranking-toggle").click()
                expect(w.locator(".rl-advice-view table tbody tr")).to_have_count(
                    len(p.advice))
        # the first answer goes on the record at once
        expect(w.locator(".rl-progress")).to_contain_text(
            "streak 1 · accuracy 100% (1 of 1)" if look == "dark" else
            "streak 0 · accuracy 0% (0 of 1)")
        found = serious_violations(page, _output(w))
        report[look] = found
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / f"practice_{look.replace('-', '_')}.png"
        w.screenshot(path=str(shot), animations="disabled")
        assert shot.stat().st_size > 1000
    report["app"] = check_app(page)
    (ARTIFACTS / "browser_practice.json").write_text(json.dumps(report, indent=1))
    problems = {k: v for k, v in report.items() if v}
    assert problems == {}, json.dumps(problems, indent=1)
    assert page.offsite == []  # type: ignore[attr-defined]
