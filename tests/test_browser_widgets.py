"""The widgets in a real browser: JupyterLab 4 on 127.0.0.1, Playwright driving Chromium.

The fixture notebook ``tests/browser_notebooks/widgets.ipynb`` displays a DealWidget, a
PlayTable, a MeldExplorer, a ProbabilityExplorer and a TurnAnimator. The test runs every
cell, clicks Deal and a card, plays a move, checks that the DOM changed and that the
partition highlight (the ``rl-in-meld`` class and the cards' outlines) is present, and
saves screenshots to ``test-artifacts/``; with ``UPDATE_SCREENSHOTS=1`` it also refreshes
the README's pictures in ``docs/images/``.

Without ``/usr/bin/chromium`` the test is skipped locally, and fails under CI (``CI=true``).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .browser_support import (
    ARTIFACTS,
    IMAGES,
    RUN_ALL,
    endpoint,
    require_chromium,
    serve,
    write_lab_settings,
)

NOTEBOOK = Path(__file__).resolve().parent / "browser_notebooks" / "widgets.ipynb"

pytestmark = pytest.mark.timeout(300)


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
    port, token, url = endpoint()
    yield from serve(root, [sys.executable, "-m", "jupyterlab", "--no-browser",
                            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
                            "--ServerApp.port_retries=0", f"--ServerApp.root_dir={root}/nb",
                            f"--IdentityProvider.token={token}", "--ServerApp.allow_root=True",
                            "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None"],
                     f"{url}/api/status?token={token}",
                     f"{url}/lab/tree/widgets.ipynb?token={token}")


def snap(locator: object, name: str) -> None:
    """Save an element's screenshot to test-artifacts/ (and docs/images/ on request)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(ARTIFACTS / f"{name}.png"))  # type: ignore[attr-defined]
    assert (ARTIFACTS / f"{name}.png").stat().st_size > 1000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copy(ARTIFACTS / f"{name}.png", IMAGES / f"{name}.png")


def check_deal(page: Page) -> None:
    widget = page.locator(".rl-deal-widget")
    deal = widget.locator(".rl-deal-button")
    expect(deal).to_be_visible(timeout=90_000)
    expect(widget.locator(".rl-table-info")).to_contain_text("Press Deal")
    expect(widget.locator("svg.rl-card")).to_have_count(0)
    deal.click()
    cards = widget.locator(".rl-hands .rl-card-slot svg.rl-card")
    expect(cards).to_have_count(20)
    expect(widget.locator(".rl-table-info .rl-stock")).to_have_attribute("data-count", "31")
    # the partition highlight: melded cards carry rl-in-meld and an outlined card picture
    melded = widget.locator(".rl-hands .rl-in-meld")
    expect(melded.first).to_be_visible()
    expect(melded.first.locator("svg.rl-highlight")).to_have_count(1)
    expect(widget.locator(".rl-hands .rl-deadwood-card svg.rl-dim").first).to_be_visible()
    first = cards.first.get_attribute("data-card")
    widget.locator(".rl-deal-again").click()  # seed 6: another deal
    expect(widget.locator(".rl-table-info")).to_contain_text("seed 6")
    toggle = widget.locator(".rl-card-toggle").first
    toggle.click()  # select a card: its picture gets the selection mark
    expect(widget.locator("svg.rl-selected")).to_have_count(1)
    expect(widget.locator(".rl-card-toggle.mod-active")).to_have_count(1)
    assert first  # a card was there before the second deal
    snap(widget, "deal_widget")


def check_play(page: Page) -> None:
    table = page.locator(".rl-play-table")
    expect(table.locator(".rl-card-slot svg.rl-card")).to_have_count(10)
    if table.locator(".rl-action-pass_upcard").is_enabled():  # Gin's first-turn option
        table.locator(".rl-action-pass_upcard").click()
    draw = table.locator(".rl-action-draw_stock")
    expect(draw).to_be_enabled()
    draw.click()
    expect(table.locator(".rl-card-slot svg.rl-card")).to_have_count(11)
    expect(table.locator(".rl-action-discard")).to_be_enabled()
    slot = table.locator(".rl-card-slot").first
    card = slot.locator("svg.rl-card").get_attribute("aria-label")
    glyph = slot.locator("svg.rl-card title").text_content()
    slot.locator(".rl-card-toggle").click()
    expect(slot.locator("svg.rl-selected")).to_have_count(1)
    table.locator(".rl-action-discard").click()
    expect(table.locator(".rl-log")).to_contain_text(f"player 0: discard {glyph}")
    expect(table.locator(".rl-card-slot svg.rl-card")).to_have_count(10)
    expect(table.locator(".rl-card-slot.rl-in-meld").first).to_be_attached()
    table.locator(".rl-hint-toggle").click()
    expect(table.locator(".rl-hint")).to_contain_text("Outs")
    assert card
    snap(table, "play_table")


def check_explorers(page: Page) -> None:
    meld = page.locator(".rl-meld-explorer")
    expect(meld.locator(".rl-partition-view .rl-meld")).to_have_count(2)
    meld.locator(".rl-next-button").click()
    expect(meld.locator(".rl-tie-label")).to_contain_text("2 of 2")
    snap(meld, "meld_explorer")
    prob = page.locator(".rl-probability-explorer")
    expect(prob.locator(".rl-figure.js-plotly-plot")).to_be_visible()
    prob.locator(".rl-mc-button").click()
    expect(prob.locator(".rl-mc-result")).to_contain_text("Monte Carlo")
    expect(prob.locator(".rl-mc-figure.js-plotly-plot")).to_be_visible()
    snap(prob, "probability_explorer")
    anim = page.locator(".rl-turn-animator")
    expect(anim.locator(".rl-move-caption")).to_contain_text("The deal")
    anim.locator(".rl-step-forward").click()
    expect(anim.locator(".rl-move-caption")).to_contain_text("Move 1")
    expect(anim.locator(".rl-deadwood-figure.js-plotly-plot")).to_be_visible()
    snap(anim, "turn_animator")


def test_jupyterlab_widgets(lab: str, page: Page) -> None:
    page.goto(lab)
    page.locator(".jp-NotebookPanel").wait_for()
    page.evaluate(RUN_ALL)
    check_deal(page)
    check_play(page)
    check_explorers(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "jupyterlab.png"))
    assert page.offsite == []  # type: ignore[attr-defined]  # widgets and plotly need no CDN
