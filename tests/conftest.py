"""Small shared fixtures: the documented example hands and a clean display state."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator

import pytest

from rummy_lab.display import reset_display
from rummy_lab.engine.cards import Hand, parse_cards

# The hand used across the docs: 7S 7H 7D + 4C 5C 6C (+7C either way), deadwood KD QH 2S = 22.
GIN_HAND = "7S 7H 7D 4C 5C 6C 7C KD QH 2S"
# Eleven gin cards (after a draw): discarding 6H leaves deadwood 4.
GIN_ELEVEN = "5D 7H 4S 4D 6D 7C 4C 7S 5C 6H 6C"


@pytest.fixture
def gin_hand() -> Hand:
    """Ten gin cards with two optimal partitions of 22 deadwood points."""
    return parse_cards(GIN_HAND)


@pytest.fixture
def gin_eleven() -> Hand:
    """Eleven gin cards: one over the deal, so there is a best discard."""
    return parse_cards(GIN_ELEVEN)


@pytest.fixture
def clean_display() -> Iterator[None]:
    """Display settings reset before and after the test (they are module state)."""
    reset_display()
    yield
    reset_display()


# --------------------------------------------------------------------------- real browser
# One Playwright and one Chromium for the whole session, shared by every browser test
# (two sync Playwright instances cannot run at once).


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    from .browser_support import ARGS, CHROMIUM, require_chromium

    require_chromium()
    with sync_playwright() as p:  # launch() uses a fresh throw-away profile, closed on exit
        yield p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A page that aborts off-site requests (recorded in ``page.offsite``) and fails the
    test on any JavaScript page error."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 1400})  # type: ignore[attr-defined]
    ctx.set_default_timeout(60_000)
    pg, errors = ctx.new_page(), []
    offsite: list[str] = []
    pg.offsite = offsite
    ctx.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"),
              lambda r: (offsite.append(r.request.url), r.abort()))
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert errors == []


@pytest.fixture(autouse=True)
def _page_theme_unknown() -> Iterator[None]:
    """Figures default to the light look unless a test says otherwise (the theme a widget
    reports is module state)."""
    yield
    theme = sys.modules.get("rummy_lab.viz.theme")
    if theme is not None:
        theme.set_theme("auto")
        theme.note_page_theme(None)
