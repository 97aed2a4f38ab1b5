"""Every tutorial and topic notebook, run top to bottom in a real JupyterLab in Chromium.

One JupyterLab server (module scope) serves copies of ``tutorials/`` and ``notebooks/``.
For each notebook the test opens it, runs every cell from the browser, saves it, and then
reads the saved file: every code cell ran and none raised. The widgets must have rendered
in the page, no page error may occur and no request may leave 127.0.0.1. Every rich output
(tables, cards, reviews, widgets: all but plain text, and formulas, which MathJax draws)
is then checked with axe-core in the light and the dark theme (one output of each kind,
the same element names and classes, once per test process): no serious or critical
WCAG 2 A/AA violation (JupyterLab's own editor and prompts are not ours to check).
Screenshots go to ``test-artifacts/``, the violations found to
``test-artifacts/axe-notebook-<name>.json``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from playwright.sync_api import Page, expect

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

NOTEBOOKS = sorted(
    p.relative_to(REPO)
    for folder in ("tutorials", "notebooks")
    for p in (REPO / folder).glob("*.ipynb")
)
# What an output is made of: the sorted element names and classes inside it.
OUTPUT_KIND = """el => [...new Set([el, ...el.querySelectorAll('*')].map(
  n => n.tagName.toLowerCase() + '.' + [...n.classList].sort().join('.')))].sort().join(' ')"""
CHECKED_KINDS: set[str] = set()
"""The kinds of output already checked with axe-core in this test process."""
SAVE = """async () => { await window.jupyterapp.commands.execute('docmanager:save'); }"""

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def notebook_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    require_chromium()
    root = tmp_path_factory.mktemp("lab")
    for rel in NOTEBOOKS:
        (root / "nb" / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / rel, root / "nb" / rel)
    write_lab_settings(root)
    for base, token in serve_lab(root):
        yield base, token, root


def test_there_are_notebooks_to_run() -> None:
    assert len(NOTEBOOKS) >= 8


@pytest.mark.parametrize("rel", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_in_jupyterlab(
    notebook_lab: tuple[str, str, Path], page: Page, rel: Path
) -> None:
    url, token, root = notebook_lab
    # a workspace of its own per notebook, so Lab does not reopen the previous one
    page.goto(f"{url}/lab/workspaces/{rel.stem}/tree/{rel.as_posix()}?reset&token={token}")
    page.locator(".jp-NotebookPanel").wait_for()
    page.wait_for_function(
        "path => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.context"
        " && window.jupyterapp.shell.currentWidget.context.path === path",
        arg=rel.as_posix(),
    )
    page.evaluate(RUN_ALL)
    page.wait_for_function(ALL_RAN, timeout=300_000)
    page.evaluate(SAVE)
    saved = nbformat.read(root / "nb" / rel, as_version=4)
    code = [c for c in saved.cells if c.cell_type == "code"]
    assert code and all(c.execution_count for c in code), "some cells did not run"
    errors = [
        f"cell {i}: {o.get('ename')}: {o.get('evalue')}"
        for i, c in enumerate(code)
        for o in c.outputs
        if o.output_type == "error"
    ]
    assert errors == []
    shown = {
        mime
        for c in code
        for o in c.outputs
        if o.output_type in ("display_data", "execute_result")
        for mime in o.get("data", {})
    }
    if "application/vnd.jupyter.widget-view+json" in shown:
        expect(page.locator(".jp-NotebookPanel .jupyter-widgets").first).to_be_attached()
    if "application/vnd.plotly.v1+json" in shown:
        expect(page.locator(".jp-NotebookPanel .js-plotly-plot").first).to_be_attached()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"notebook-{rel.stem}.png"))
    assert page.offsite == []  # type: ignore[attr-defined]
    rich = page.locator(".jp-NotebookPanel .jp-OutputArea-output"
                        ":not(.jp-RenderedText):not(.jp-RenderedLatex)")
    assert rich.count() > 0
    # One output of each kind is checked: outputs drawn by the same code carry the same
    # set of element names and classes (a table of other numbers, a hand of other cards),
    # and axe-core takes seconds an output, most of this test's time.
    kinds: dict[str, int] = {}
    for i in range(rich.count()):
        kinds.setdefault(rich.nth(i).evaluate(OUTPUT_KIND), i)
    assert kinds
    # a kind an earlier notebook showed (in this process) was checked there
    kinds = {kind: i for kind, i in kinds.items() if kind not in CHECKED_KINDS}
    CHECKED_KINDS.update(kinds)
    found: dict[str, Any] = {}
    for theme in ("light", "dark"):
        set_lab_theme(page, theme)
        for i in kinds.values():
            problems = serious_violations(page, rich.nth(i))
            if problems:
                found[f"{theme}, rich output {i}"] = problems
    (ARTIFACTS / f"axe-notebook-{rel.stem}.json").write_text(json.dumps(found, indent=1))
    assert found == {}, json.dumps(found, indent=1)[:3000]


def test_glossary_links_open_the_glossary(
    notebook_lab: tuple[str, str, Path], page: Page
) -> None:
    """With ``00_start_here`` open (``make lab`` opens it first), a word's link to
    ``00_start_here.ipynb#glossary`` in another notebook brings its Glossary into view: the
    link's fragment finds the anchor ``<a id="glossary">``, which JupyterLab keeps as
    ``data-jupyter-id``. (JupyterLab 4 resolves a fragment only among cells already drawn,
    so a first opening of the start notebook from a link lands at its top.)"""
    url, token, _ = notebook_lab
    start = "tutorials/00_start_here.ipynb"
    current = ("path => window.jupyterapp && window.jupyterapp.shell.currentWidget"
               " && window.jupyterapp.shell.currentWidget.context"
               " && window.jupyterapp.shell.currentWidget.context.path === path")
    page.goto(f"{url}/lab/workspaces/glossary/tree/{start}?reset&token={token}")
    drawn = """() => !!window.jupyterapp.shell.currentWidget.node
        .querySelector('[data-jupyter-id="glossary"]')"""
    page.wait_for_function(current, arg=start)
    page.wait_for_function(drawn, timeout=60_000)
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:open',"
                  " {path: 'tutorials/01_basic_rummy.ipynb'})")
    page.wait_for_function(current, arg="tutorials/01_basic_rummy.ipynb")
    link = page.locator('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown'
                        ' a[href*="00_start_here.ipynb"][href$="#glossary"]')
    link.first.click()
    page.wait_for_function(current, arg=start)
    in_view = """() => {
      const anchor = window.jupyterapp.shell.currentWidget.node
        .querySelector('[data-jupyter-id="glossary"]');
      if (!anchor) return false;
      // the Glossary cell is taller than the window: any part of it in view will do
      const box = anchor.closest('.jp-MarkdownCell').getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    }"""
    page.wait_for_function(in_view, timeout=30_000)
