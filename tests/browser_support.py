"""Shared pieces of the real-browser tests: Chromium, a JupyterLab server, the run-all call.

Proven recipe: JupyterLab 4 on 127.0.0.1 with a token, Playwright driving Debian's
Chromium; see the browser-testing recipe of the project.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from playwright.sync_api import expect

CHROMIUM = Path("/usr/bin/chromium")
REPO = Path(__file__).resolve().parents[1]
IMAGES = REPO / "docs" / "images"
ARTIFACTS = REPO / "test-artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]
expect.set_options(timeout=30_000)
RUN_ALL = """async () => { const app = window.jupyterapp, panel = app.shell.currentWidget;
  await panel.sessionContext.ready; await panel.sessionContext.session.kernel.info;
  await app.commands.execute('notebook:run-all-cells'); }"""  # resolves once every cell has run
ALL_RAN = """() => { const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const failed = cells.some(c => c.model.outputs.toJSON().some(o => o.output_type === 'error'));
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return failed || (kernel && kernel.status === 'idle'
                    && cells.every(c => c.model.executionCount !== null)); }"""
"""True once every code cell has run and the kernel is idle (or a cell raised): on a
loaded machine run-all can settle before the last cell is done."""


def require_chromium() -> None:
    """Skip without Chromium locally; under CI a missing browser is a failure."""
    if CHROMIUM.exists():
        return
    if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (CI must run this test)")
    pytest.skip(f"{CHROMIUM} is not installed (set CI=true to make this a failure)")


def serve(root: Path, cmd: list[str], probe: str, url: str) -> Iterator[str]:
    env = dict(os.environ, **{k: f"{root}/{k}" for k in (
        "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR", "JUPYTER_RUNTIME_DIR",
        "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR")})
    with open(root / "server.log", "w") as log:  # a file, never PIPE: a full pipe hangs the server
        proc = psutil.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 90
            while True:
                assert proc.poll() is None and time.monotonic() < deadline, (
                    (root / "server.log").read_text())
                with contextlib.suppress(OSError):
                    urllib.request.urlopen(probe, timeout=2).close()
                    break
                time.sleep(0.2)
            yield url
        finally:
            with contextlib.suppress(psutil.NoSuchProcess):
                family = [proc, *proc.children(recursive=True)]  # kernels: their own session
                proc.terminate()  # SIGTERM: the server shuts its kernels down
                for p in psutil.wait_procs(family, timeout=15)[1]:
                    p.kill()


def serve_lab(root: Path, path: str = "") -> Iterator[tuple[str, str]]:
    """JupyterLab on ``root/nb`` (private settings under ``root``), yielding its base URL
    and token once it answers; ``path`` (a notebook under ``nb``) is what the yielded URL
    opens when given."""
    port, token, url = endpoint()
    for _ in serve(root, [sys.executable, "-m", "jupyterlab", "--no-browser",
                          "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
                          "--ServerApp.port_retries=0", f"--ServerApp.root_dir={root}/nb",
                          f"--IdentityProvider.token={token}", "--ServerApp.allow_root=True",
                          "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None"],
                   f"{url}/api/status?token={token}", url):
        yield (f"{url}/lab/tree/{path}?token={token}" if path else url), token


def endpoint() -> tuple[int, str, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return port, secrets.token_hex(16), f"http://127.0.0.1:{port}"




def write_lab_settings(root: Path) -> None:
    """Private JupyterLab settings under ``root``: no news toast, no "Select Kernel" dialog,
    and every cell drawn. JupyterLab's default windowing (``contentVisibility``) skips the
    layout of cells out of view, so a widget below the fold has no visible cards until it
    is scrolled to, and a later output can push it out of view again."""
    for name, cfg in {"apputils-extension/notification": {"fetchNews": "false",
                                                          "checkForUpdates": False},
                      "notebook-extension/tracker": {"autoStartDefaultKernel": True,
                                                         "windowingMode": "none"}}.items():
        p = root / f"JUPYTERLAB_SETTINGS_DIR/@jupyterlab/{name}.jupyterlab-settings"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(cfg))


# --------------------------------------------------------------------------- themes, axe

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark",
          "high-contrast": "JupyterLab Dark High Contrast"}


def set_lab_theme(page: Any, theme: str) -> None:
    """Switch JupyterLab's theme from the page and wait until the page shows it (the body
    names the theme once its style sheet is in)."""
    page.evaluate("name => window.jupyterapp.commands.execute('apputils:change-theme', "
                  "{theme: name})", THEMES[theme])
    page.wait_for_function("name => document.body.dataset.jpThemeName === name",
                           arg=THEMES[theme], timeout=60_000)


def axe_script() -> Path:
    """axe.min.js as shipped by the axe-playwright-python package."""
    import axe_playwright_python

    return Path(axe_playwright_python.__file__).parent / "axe.min.js"


AXE_RUN = """async (el) => {
  const out = await axe.run(el, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]},
                                resultTypes: ["violations"]});
  const ran = [...out.passes, ...out.violations, ...out.incomplete]
    .some(r => r.id === "color-contrast");
  return {contrastChecked: ran, violations: out.violations.map(v => ({id: v.id,
    impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary}))}))};
}"""


# True when an element holds text outside SVG (axe's colour-contrast rule does not apply
# to SVG text, so a chart alone is not checked for it)
HTML_TEXT = """el => {
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.textContent.trim() && !n.parentElement.closest('svg')) return true;
  }
  return false;
}"""


def serious_violations(page: Any, locator: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical WCAG 2 A/AA violations inside ``locator``.

    JupyterLab gives the body zero height (its panels are positioned absolutely), which
    makes axe skip the colour-contrast rule as "clipped"; the body gets a minimum height
    first (nothing moves on screen), and the element is scrolled into view. An element
    with text outside SVG must have had its contrast checked.
    """
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script()))
    page.evaluate("() => { document.body.style.minHeight = '100vh'; }")
    locator.scroll_into_view_if_needed()
    found = locator.evaluate(AXE_RUN)
    if locator.evaluate(HTML_TEXT) and not found["contrastChecked"]:
        # JupyterLab draws a cell scrolled into view a frame or two later (its windowed
        # list renders on demand): look again once it has been drawn
        page.wait_for_timeout(500)
        locator.scroll_into_view_if_needed()
        found = locator.evaluate(AXE_RUN)
        assert found["contrastChecked"], "axe skipped the colour-contrast rule"
    return [v for v in found["violations"] if v["impact"] in ("serious", "critical")]
