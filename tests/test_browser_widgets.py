"""The widgets in a real browser: JupyterLab 4 on 127.0.0.1, Playwright driving Chromium.

The fixture notebook ``tests/browser_notebooks/widgets.ipynb`` displays a DealWidget (four
players), a PlayTable, a MeldExplorer, a ProbabilityExplorer, a TurnAnimator, a HandView,
an ``animate_game`` figure, a CardTracker, a finished hand's PlayTable with the review
of its decisions open, a Rummy 500 and an Indian PlayTable (a draw, then the hint), and
a hand of a Gin match at 80-60 twice: with the hint on, and finished with its review open
(values in match-winning chances).
At 1400 x 900, the one test runs every cell, clicks through the widgets, and checks what a
learner sees:

* the deal of four hands is at most 1,000 px tall and the probability explorer at most
  900 px; no plotly legend, axis title, toolbar or title overlaps another;
* a click redraws within 500 ms (median over the timed clicks, measured in the page from
  the click to the changed DOM); every wait is on a condition, never a fixed sleep;
* axe-core finds no serious or critical WCAG 2 A/AA violation in any widget's output
  area, in the light, the dark and the dark high-contrast theme (the charts follow the
  theme);
* screenshots of each widget in both themes go to ``test-artifacts/`` (``<name>.png`` is
  the light one); with ``UPDATE_SCREENSHOTS=1`` the light ones and ``play_table_dark.png``
  also refresh the README's pictures in ``docs/images/``.

Without ``/usr/bin/chromium`` the test is skipped locally, and fails under CI (``CI=true``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

import rummy_lab as rl

from .browser_support import (
    ALL_RAN,
    ARTIFACTS,
    IMAGES,
    RUN_ALL,
    require_chromium,
    serious_violations,
    serve_lab,
    set_lab_theme,
    write_lab_settings,
)

NOTEBOOK = Path(__file__).resolve().parent / "browser_notebooks" / "widgets.ipynb"
WIDGETS = {  # screenshot name -> the widget's root selector
    "deal_widget": ".rl-deal-widget",
    "play_table": ".rl-play-table:not(.rl-reviewed-table):not(.rl-variant-table)",
    "play_table_500": ".rl-play-table.rl-table-500",
    "play_table_indian": ".rl-play-table.rl-table-indian",
    "meld_explorer": ".rl-meld-explorer",
    "probability_explorer": ".rl-probability-explorer",
    "turn_animator": ".rl-turn-animator",
    "hand_view": ".rl-hand-widget:not(.rl-play-table .rl-hand-widget):has(.rl-joker)",
    "animate_game": ".js-plotly-plot:has(.updatemenu-container)",
    "card_tracker": ".rl-card-tracker",
    "review_panel": ".rl-reviewed-table > .rl-review",
    "hint_panel": ".rl-play-table:not(.rl-reviewed-table):not(.rl-variant-table) > .rl-hint",
    "match_line": ".rl-match-table > .rl-match",
    "match_hint_panel": ".rl-match-table > .rl-hint",
    "match_review_panel": ".rl-match-reviewed > .rl-review",
}
README = ("deal_widget", "play_table", "meld_explorer", "probability_explorer", "turn_animator")
README_DARK = "play_table"  # the one dark-theme picture in the README
SLOW_MS = 500.0
PRIMARY = re.compile(r"\bmod-primary\b")
MELD_HAND = "7S 7H 7D 4C 5C 6C 7C KD QH 2S"

pytestmark = pytest.mark.timeout(420)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A copy of the notebook (Lab autosaves) and private Jupyter dirs: no news toast, no
    "Select Kernel" dialog, no user settings or restored workspaces."""
    (tmp_path / "nb").mkdir()
    shutil.copy(NOTEBOOK, tmp_path / "nb" / "widgets.ipynb")
    write_lab_settings(tmp_path)
    return tmp_path


@pytest.fixture
def lab(root: Path) -> Iterator[str]:
    require_chromium()
    for url, _ in serve_lab(root, "widgets.ipynb"):
        yield url


def snap(locator: Locator, name: str) -> Path:
    """Save an element's screenshot to test-artifacts/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    locator.screenshot(path=str(path), animations="disabled")
    assert path.stat().st_size > 1000
    return path


def publish(name: str, theme: str) -> None:
    """With UPDATE_SCREENSHOTS=1, copy a screenshot to the README's pictures."""
    if os.environ.get("UPDATE_SCREENSHOTS") != "1" or name not in README:
        return
    IMAGES.mkdir(parents=True, exist_ok=True)
    source = ARTIFACTS / (f"{name}.png" if theme == "light" else f"{name}_dark.png")
    if theme == "light" or name == README_DARK:
        shutil.copy(source, IMAGES / source.name)


# A click and the redraw it causes, timed inside the page: from the click to the first
# animation frame where the condition holds.
TIMED_CLICK = """async ([button, probe, expected]) => {
  const t0 = performance.now();
  button.click();
  const deadline = t0 + 60000;
  while (performance.now() < deadline) {
    if (probe.textContent.includes(expected)) return performance.now() - t0;
    await new Promise(r => requestAnimationFrame(r));
  }
  return 1e9;
}"""


def timed_click(page: Page, button: Locator, probe: Locator, expected: str) -> float:
    """Milliseconds from clicking ``button`` until ``probe``'s text contains ``expected``.

    ``probe`` must be an element that stays (a widget's own element), not content that
    the redraw replaces."""
    ms = page.evaluate(TIMED_CLICK, [button.element_handle(), probe.element_handle(),
                                     expected])
    assert ms < 60_000, f"no redraw after clicking {button}: {probe.text_content()!r}"
    return float(ms)


def height(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return float(box["height"])


def overlaps(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    if a is None or b is None:
        return False
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def check_chart_layout(page: Page, chart: Locator) -> None:
    """No overlap between a plotly chart's legend, x-axis title, title and toolbar."""
    chart.hover()  # the toolbar shows on hover
    parts = {name: chart.locator(sel).first.bounding_box() if chart.locator(sel).count()
             else None for name, sel in (("legend", ".legend"), ("xtitle", ".g-xtitle"),
                                          ("title", ".g-gtitle"), ("toolbar", ".modebar"))}
    for a, b in (("legend", "xtitle"), ("legend", "title"), ("toolbar", "title"),
                 ("toolbar", "legend")):
        assert not overlaps(parts[a], parts[b]), (a, b, parts[a], parts[b])
    for axis in (".xtick text", ".ytick text"):  # no tick label twice ("1%", "1%")
        labels = [t for t in chart.locator(axis).all_text_contents() if t]
        assert len(labels) == len(set(labels)), labels


def output_of(page: Page, selector: str) -> Locator:
    """The output area holding a widget (what axe checks)."""
    area = "contains(concat(' ', @class, ' '), ' jp-OutputArea-output ')"
    return page.locator(selector).first.locator(f"xpath=ancestor-or-self::div[{area}][1]")


# --------------------------------------------------------------------------- the widgets


def check_deal(page: Page, times: list[float]) -> None:
    widget = page.locator(".rl-deal-widget")
    deal = widget.locator(".rl-deal-button")
    expect(deal).to_be_visible(timeout=120_000)
    expect(widget.locator(".rl-table-info")).to_contain_text("Press Deal")
    expect(widget.locator("svg.rl-card")).to_have_count(0)
    deal.click()
    hands = widget.locator(".rl-hands")
    expect(hands.locator("svg.rl-card")).to_have_count(28)  # four hands of seven (seed 12)
    expect(widget.locator(".rl-table-info .rl-stock")).to_have_attribute("data-count", "23")
    assert widget.locator(".rl-card-toggle").count() == 0  # no toggles that do nothing
    info = widget.locator(".rl-table-info")  # the widget's element: its content is replaced
    for seed in range(13, 16):  # seed 15: three of the four hands hold a meld
        times.append(timed_click(page, widget.locator(".rl-deal-again"), info, f"seed {seed}"))
    expect(hands.locator(".rl-meld")).to_have_count(3)  # melds grouped, outlined
    expect(hands.locator(".rl-deadwood svg.rl-deadwood-card").first).to_be_visible()
    # four hands side by side, two a row: the deal fits a screen
    boxes = [hands.locator(".rl-seat-box").nth(i).bounding_box() for i in range(4)]
    assert all(b is not None for b in boxes)
    assert len({round(b["y"]) for b in boxes if b is not None}) == 2, boxes
    assert height(widget) <= 1000, height(widget)
    widget.locator(".rl-order .widget-toggle-button, .rl-order button").nth(1).click()
    expect(hands.locator('[data-order="dealt"]')).to_have_count(4)
    widget.locator(".rl-order .widget-toggle-button, .rl-order button").nth(0).click()
    expect(hands.locator('[data-order="melds"]')).to_have_count(4)


def check_play(page: Page, times: list[float]) -> None:
    table = page.locator(WIDGETS["play_table"])
    slots = table.locator(".rl-card-slot svg.rl-card")
    expect(slots).to_have_count(10, timeout=60_000)
    turn = table.locator(".rl-turn")
    expect(turn).to_contain_text("Your turn")
    expect(table.locator(".rl-action-knock")).to_be_hidden()  # not now: hidden
    if table.locator(".rl-action-pass_upcard").is_visible():  # Gin's first-turn option
        expect(table.locator(".rl-action-pass_upcard")).to_have_class(PRIMARY)
        times.append(timed_click(page, table.locator(".rl-action-pass_upcard"), turn,
                                 "draw from the stock"))
    draw = table.locator(".rl-action-draw_stock")
    expect(draw).to_be_enabled()
    expect(draw).to_have_class(PRIMARY)
    times.append(timed_click(page, draw, turn, "discard it"))
    expect(slots).to_have_count(11)
    discard = table.locator(".rl-action-discard")
    expect(discard).to_be_disabled()  # until a card is selected
    table.locator(".rl-hint-toggle").click()
    hint = table.locator(".rl-hint")
    expect(hint).to_contain_text("marked in your hand", timeout=60_000)
    marked = table.locator(".rl-card-slot.rl-hinted")
    expect(marked).to_have_count(1)
    expect(marked.locator(".rl-hint-tag")).to_contain_text("hint")
    glyph = marked.locator("svg.rl-card title").text_content()
    marked.locator(".rl-card-toggle").click()
    expect(discard).to_be_enabled()
    expect(discard).to_contain_text(f"Discard the {glyph}")
    times.append(timed_click(page, discard, table.locator(".rl-log"), f"You: discard {glyph}"))
    expect(slots).to_have_count(10)
    expect(table.locator(".rl-log")).to_contain_text("Bot: ")
    expect(table.locator(".rl-card-slot.rl-in-meld").first).to_be_attached()
    expect(table.locator(".rl-group.rl-meld-color-0")).to_be_visible()
    assert table.locator(".rl-action-take_upcard").is_hidden()
    times.append(timed_click(page, draw, turn, "discard it"))  # the pictures: a hint marked
    expect(hint).to_contain_text("marked in your hand", timeout=60_000)
    expect(marked).to_have_count(1)


def check_meld(page: Page, times: list[float]) -> None:
    meld = page.locator(".rl-meld-explorer")
    view = meld.locator(".rl-partition-view")
    expect(view.locator(".rl-meld")).to_have_count(2)
    expect(view.locator("svg.rl-card")).to_have_count(10)  # the hand drawn once
    times.append(timed_click(page, meld.locator(".rl-next-button"),
                             meld.locator(".rl-tie-label"), "2 of 2"))
    hand = rl.parse_cards(MELD_HAND)
    for card in ("KS", "KH", "KH", "KS"):  # add, add, then remove both (one deck)
        c = rl.Card.parse(card)
        hand = rl.Hand([*hand, c]) if c not in hand else rl.Hand(h for h in hand if h != c)
        p = rl.best_partition(hand)
        text = f"Deadwood: {p.deadwood_points} points ({len(p.deadwood)} cards)"
        times.append(timed_click(page, meld.locator(f".rl-pick-{card}"),
                                 view, text))
    expect(view.locator("svg.rl-card")).to_have_count(10)


def check_probability(page: Page, times: list[float]) -> None:
    prob = page.locator(".rl-probability-explorer")
    chart = prob.locator(".rl-figure.js-plotly-plot")
    expect(chart).to_be_visible(timeout=60_000)
    exact = prob.locator(".rl-exact")
    expect(exact).to_contain_text("1,573,725,206/3,955,006,055")  # thousands separated
    box_controls = prob.locator(".rl-controls").bounding_box()
    box_chart = chart.bounding_box()
    assert box_controls and box_chart and box_chart["x"] >= box_controls["x"] + (
        box_controls["width"] - 1)  # the controls beside the chart
    track = prob.locator(".rl-size-slider .slider-container").bounding_box()
    whole = prob.locator(".rl-size-slider").bounding_box()
    assert track and whole and box_controls
    assert whole["width"] >= 0.95 * box_controls["width"]  # the slider spans the column
    assert track["width"] >= 200, track  # a 40 px drag moves a few steps, not the range
    assert height(prob) <= 900, height(prob)
    check_chart_layout(page, chart)
    times.append(timed_click(page, prob.locator(".rl-mode button").nth(1), exact,
                             "unseen cards"))
    expect(exact).not_to_contain_text("= 0 =")
    times.append(timed_click(page, prob.locator(".rl-mc-button"), prob.locator(
        ".rl-mc-result"), "Simulation"))
    expect(prob.locator(".rl-mc-figure .scatterlayer .trace")).to_have_count(4)
    check_chart_layout(page, prob.locator(".rl-mc-figure.js-plotly-plot"))
    assert height(prob) <= 900, height(prob)


def check_animator(page: Page, times: list[float]) -> None:
    anim = page.locator(".rl-turn-animator")
    caption = anim.locator(".rl-move-caption")
    expect(caption).to_contain_text("The deal")
    for step in range(1, 5):
        times.append(timed_click(page, anim.locator(".rl-step-forward"), caption,
                                 f"Move {step}"))
    expect(anim.locator(".rl-deadwood-figure.js-plotly-plot")).to_be_visible()
    check_chart_layout(page, anim.locator(".rl-deadwood-figure.js-plotly-plot"))


def check_variant_tables(page: Page, times: list[float]) -> None:
    """The Rummy 500 and Indian tables: draw, then the hint ranks the moves, marks the
    cards of the coach's choice (Rummy 500: a meld of three kings, the opponent holding
    four cards; Indian: a throw) and says where the difference between two moves comes
    from."""
    for name, marked in (("play_table_500", 3), ("play_table_indian", 1)):
        table = page.locator(WIDGETS[name])
        turn = table.locator(".rl-turn")
        expect(turn).to_contain_text("Your turn", timeout=60_000)
        times.append(timed_click(page, table.locator(".rl-action-draw_stock"), turn,
                                 "discard"))
        table.locator(".rl-hint-toggle").click()
        hint = table.locator(".rl-hint")
        expect(hint).to_contain_text("marked in your hand", timeout=60_000)
        expect(hint).to_contain_text("where the difference from ")
        expect(hint).to_contain_text("its cards, the" if marked > 1 else "its card, the")
        expect(table.locator(".rl-card-slot.rl-hinted")).to_have_count(marked)


def check_review(page: Page) -> None:
    """A finished hand's table with its review open: the accuracy and the error rate, the
    three key moments, the chart (a bar per decision) and the table of decisions, each
    with its rank and values with their intervals, the meaning of ± said once; for the
    match hand, the chance to win the match before and after each decision."""
    for name, phrase in (("review_panel", "points lost per decision"),
                         ("match_review_panel", "of match-winning chance lost per decision")):
        panel = page.locator(WIDGETS[name])
        expect(panel).to_contain_text("Review of your decisions", timeout=60_000)
        expect(panel.locator(".rl-review-stat").first).to_contain_text("accuracy")
        expect(panel).to_contain_text(phrase)
        expect(panel.locator(".rl-key-moments li")).to_have_count(3)
        chart = panel.locator("svg.rl-review-chart")
        expect(chart).to_be_visible()
        rows = panel.locator("table.rl-review-table tbody tr")
        expect(chart.locator("rect title")).to_have_count(rows.count())
        assert rows.count() >= 5
        assert (panel.text_content() or "").count("± is the half-width of a 95% interval") == 1
        expect(rows.first).to_contain_text("±")
    expect(page.locator(WIDGETS["review_panel"])).to_contain_text("where the points went: ")
    expect(page.locator(WIDGETS["match_review_panel"]).locator("thead")).to_contain_text(
        "win chance before → after")


def check_hints(page: Page) -> None:
    """The Gin table's hint and the match hand's: ranks, each value with its interval,
    one coach's pick framed, the meaning of ± said once; the match hand's totals and
    chance to win the match above its cards."""
    for name in ("hint_panel", "match_hint_panel"):
        hint = page.locator(WIDGETS[name])
        expect(hint.locator(".rl-rank-group").first).to_contain_text("Rank 1")
        expect(hint.locator(".rl-move-card.rl-pick")).to_have_count(1)
        expect(hint.locator(".rl-move-card .rl-value").first).to_contain_text("±")
        assert (hint.text_content() or "").count("± is the half-width of a 95% interval") == 1
    expect(page.locator(WIDGETS["match_hint_panel"]).locator(".rl-value").first
           ).to_contain_text("%")
    expect(page.locator(".rl-match-table > .rl-match")).to_contain_text(
        "your chance to win the match then")


REVIEW_INK = """el => [getComputedStyle(el.querySelector('svg.rl-review-chart text')).fill,
  getComputedStyle(el).color]"""


def chart_ink(page: Page, selector: str) -> str:
    """The fill of a plotly chart's title text (its ink)."""
    return str(page.locator(f"{selector} .g-gtitle text").first.evaluate(
        "el => getComputedStyle(el).fill"))


# --------------------------------------------------------------------------- the test


def test_jupyterlab_widgets(lab: str, page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(lab)
    page.locator(".jp-NotebookPanel").wait_for()
    page.evaluate(RUN_ALL)
    page.wait_for_function(ALL_RAN, timeout=300_000)
    times: dict[str, list[float]] = {}
    for name, check in (("deal", check_deal), ("play", check_play), ("meld", check_meld),
                        ("probability", check_probability), ("animator", check_animator),
                        ("variants", check_variant_tables)):
        times[name] = []
        check(page, times[name])
    check_review(page)
    check_hints(page)
    expect(page.locator(f"{WIDGETS['hand_view']} svg.rl-joker")).to_have_count(1)
    expect(page.locator(WIDGETS["animate_game"])).to_be_visible()

    report: dict[str, Any] = {"click_ms": times, "axe": {}}
    page.set_viewport_size({"width": 1400, "height": 1600})  # whole widgets on screen
    for theme in ("light", "dark", "high-contrast"):
        set_lab_theme(page, theme)
        ink = "rgb(31, 31, 31)" if theme == "light" else "rgb(242, 242, 242)"
        for chart in (".rl-figure", ".rl-mc-figure", ".rl-deadwood-figure",
                      ".rl-tracker-figure"):
            page.wait_for_function(
                "([sel, ink]) => { const t = document.querySelector(sel + ' .g-gtitle text');"
                " return t && getComputedStyle(t).fill === ink; }", arg=[chart, ink],
                timeout=60_000)  # the charts follow the theme
        # the review chart's text is in the panel's own colour, which follows the theme
        chart_fill, panel_color = page.locator(WIDGETS["review_panel"]).evaluate(REVIEW_INK)
        assert chart_fill == panel_color, (theme, chart_fill, panel_color)
        for name, selector in WIDGETS.items():
            area = output_of(page, selector)
            found = serious_violations(page, area)
            report["axe"][f"{name}/{theme}"] = found
            if theme != "high-contrast":  # pictures of the light and the dark theme
                snap(page.locator(selector).first,
                     name if theme == "light" else f"{name}_dark")
                publish(name, theme)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    medians = {k: statistics.median(v) for k, v in times.items()}
    report["median_ms"] = medians
    report["median_all_ms"] = statistics.median([t for v in times.values() for t in v])
    (ARTIFACTS / "browser_widgets.json").write_text(json.dumps(report, indent=1))
    page.screenshot(path=str(ARTIFACTS / "jupyterlab.png"))
    problems = {k: v for k, v in report["axe"].items() if v}
    assert problems == {}, json.dumps(problems, indent=1)
    assert all(m <= SLOW_MS for m in medians.values()), medians
    assert page.offsite == []  # type: ignore[attr-defined]  # widgets and plotly need no CDN
