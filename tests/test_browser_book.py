"""The rendered book (``make docs``) in real headless Chromium: every page loads from a
local web server with no console error and no request leaving the machine, figures are
drawn (plotly), cards are SVG, widgets show their state with the line saying they are
live in JupyterLab, and the search finds a word.

The book is built once per test session, as ``make docs`` builds it, into
``docs/_build/html`` (a lock keeps parallel workers from building twice); executed
notebooks are cached in ``docs/_build/.jupyter_cache``, so only changed notebooks run again.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock

from .browser_support import REPO

BUILD = REPO / "docs" / "_build"
HTML = BUILD / "html"
NOTEBOOKS = sorted(p.relative_to(REPO) for folder in ("tutorials", "notebooks")
                   for p in (REPO / folder).glob("*.ipynb"))
DOCS = sorted(p.relative_to(REPO) for p in (REPO / "docs").glob("*.md"))

pytestmark = [
    pytest.mark.timeout(1800),
    # one worker takes every page (make test runs pytest with --dist loadgroup), so the
    # other does not wait for the build
    pytest.mark.xdist_group("book"),
    pytest.mark.skipif(importlib.util.find_spec("myst_nb") is None,
                       reason="the [docs] extra is not installed (make test installs it)"),
]

BUILD_SECONDS: list[float] = []


@pytest.fixture(scope="session")
def book() -> Path:
    """The built site: ``sphinx-build`` as ``make docs`` runs it (incremental)."""
    BUILD.mkdir(parents=True, exist_ok=True)
    with FileLock(str(BUILD / "test-build.lock")):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "sphinx", "-b", "html", "-j", "2", "-q", "-c", "docs",
             "-d", str(BUILD / "doctrees"), ".", str(HTML)],
            cwd=REPO, capture_output=True, text=True, timeout=1500, check=False)
        BUILD_SECONDS.append(time.perf_counter() - start)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    print(f"\nbook built in {BUILD_SECONDS[-1]:.1f} s")
    return HTML


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(book: Path) -> Iterator[str]:
    """The book served on 127.0.0.1, as any static host would serve it."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(book)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _pages() -> list[str]:
    """Every page the book must have: one per notebook and per docs page, the README."""
    pages = [f"{p.with_suffix('.html').as_posix()}" for p in NOTEBOOKS + DOCS]
    return ["index.html", "README.html", *pages]


def _source_uses(rel: str, *needles: str) -> bool:
    path = REPO / Path(rel).with_suffix(".ipynb")
    if not path.is_file():
        return False
    code = "\n".join("".join(c["source"]) for c in
                     json.loads(path.read_text(encoding="utf-8"))["cells"]
                     if c["cell_type"] == "code")
    return any(n in code for n in needles)


def _graded_cells(rel: str) -> int:
    """How many nbgrader cells (answers and tests) the page's notebook holds."""
    cells = json.loads((REPO / Path(rel).with_suffix(".ipynb")).read_text(encoding="utf-8"))
    return sum(1 for c in cells["cells"] if c["metadata"].get("nbgrader"))


def _open(page: Any, url: str) -> list[str]:
    """Load ``url``; the console errors and failed requests seen while it loads."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
            if m.type == "error" else None)
    page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, url
    page.wait_for_load_state("networkidle")
    return problems


def test_the_book_has_every_page(book: Path) -> None:
    missing = [p for p in _pages() if not (book / p).is_file()]
    assert missing == []
    assert (book / "searchindex.js").is_file()
    # the site root sends a visitor to the book's front page
    assert "docs/index.html" in (book / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("rel", _pages())
def test_page_loads_clean_and_shows_its_figures(site: str, page: Any, rel: str) -> None:
    problems = _open(page, f"{site}/{rel}")
    assert problems == [] and page.offsite == []
    assert page.locator("h1").count() >= 1
    # plotly: every figure div is drawn by the page's own plotly.js
    divs = page.locator("div.plotly-graph-div")
    n = divs.count()
    if rel.startswith(("tutorials/", "notebooks/")) and _source_uses(rel, "rl.viz.", "go.Figure"):
        assert n > 0, f"{rel} makes figures but shows none"
    if n:
        page.wait_for_function(
            "n => document.querySelectorAll('div.plotly-graph-div .main-svg').length >= n",
            arg=n, timeout=60_000)
    # formulas (markdown math, sympy's LaTeX) are MathML, drawn by the browser itself
    formulas = page.locator(".math")
    assert formulas.count() == page.locator(".math > math").count()
    assert page.locator(".math-error").count() == 0
    if formulas.count():
        box = formulas.first.locator("math").bounding_box()
        assert box is not None and box["height"] > 5 and box["width"] > 5
    if rel.startswith(("tutorials/", "notebooks/")):
        cards = page.locator(".cell_output svg").count()
        if _source_uses(rel, "parse_cards", "rl.deal", "new_game", "best_partition"):
            assert cards > 0, f"{rel} shows no card SVG"
        if _source_uses(rel, "rl.widgets."):
            widgets = page.locator(".rl-static-widget")
            assert widgets.count() > 0, f"{rel} shows no widget state"
            caption = widgets.first.locator(".rl-static-caption").inner_text()
            assert "live in JupyterLab" in caption
        # the exercise answers and the hidden tests are folded away, closed
        folded = page.locator("details.above-input")
        assert folded.count() == _graded_cells(rel)
        assert page.locator("details.above-input[open]").count() == 0


def test_search_finds_a_word(site: str, page: Any) -> None:
    problems = _open(page, f"{site}/search.html?q=deadwood")
    page.wait_for_function(
        "() => document.querySelectorAll('#search-results li').length > 0", timeout=60_000)
    assert problems == [] and page.offsite == []
    hits = page.locator("#search-results li a").evaluate_all("els => els.map(e => e.href)")
    assert any(re.search(r"/tutorials/\d\d_", h) for h in hits), hits

