"""The learner app in a real browser: ``rummy-lab app`` serves it with Voila, Chromium plays.

The test starts the real command (``python -m rummy_lab app --no-browser --port P``) with
private Jupyter folders, loads the page, checks that no code is shown, plays a few moves
by clicking (the hint marks the card to throw), waits for the bot's reply with its
reason, runs axe-core on the page in the light and the dark theme, then presses Ctrl-C
(SIGINT) and checks that the server, Voila and its kernel are gone and the port is free.

Without ``/usr/bin/chromium`` the test is skipped locally, and fails under CI (``CI=true``).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import psutil
import pytest
from playwright.sync_api import expect

from .browser_support import ARTIFACTS, IMAGES, endpoint, require_chromium, serious_violations

pytestmark = pytest.mark.timeout(420)

JUPYTER_DIRS = ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR", "JUPYTER_RUNTIME_DIR")


def _start(tmp_path: Path, theme: str) -> tuple[psutil.Popen, str, int]:
    port, _, url = endpoint()
    env = dict(os.environ, **{k: str(tmp_path / k) for k in JUPYTER_DIRS})
    log = open(tmp_path / f"app-{theme}.log", "w")  # noqa: SIM115 - closed with the process
    proc = psutil.Popen(
        [sys.executable, "-m", "rummy_lab", "app", "--no-browser", "--port", str(port),
         "--variant", "gin", "--theme", theme],
        cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,  # like a terminal: SIGINT reaches it, not the test runner
    )
    deadline = time.monotonic() + 120
    while True:
        assert proc.poll() is None, (tmp_path / f"app-{theme}.log").read_text()
        assert time.monotonic() < deadline, "the app did not come up"
        with contextlib.suppress(OSError):
            urllib.request.urlopen(f"{url}/voila/static/voila.js", timeout=2).close()
            break
        time.sleep(0.3)
    return proc, url, port


def _stop_with_ctrl_c(proc: psutil.Popen, port: int) -> None:
    family = [proc, *proc.children(recursive=True)]
    assert any("voila" in " ".join(p.cmdline()) for p in family[1:]), "Voila is not running"
    proc.send_signal(signal.SIGINT)
    code = proc.wait(timeout=60)
    _, alive = psutil.wait_procs(family, timeout=30)
    assert alive == [], f"still running after Ctrl-C: {[p.cmdline() for p in alive]}"
    with socket.socket() as s:  # the port is free again
        s.bind(("127.0.0.1", port))
    assert code == 0


def _play_a_few_moves(page: Any, theme: str) -> None:
    app = page.locator(".rl-app")
    expect(app).to_be_visible(timeout=120_000)
    table = app.locator(".rl-play-table")
    expect(table.locator(".rl-card-slot svg.rl-card")).to_have_count(10, timeout=120_000)
    turn = table.locator(".rl-turn")
    expect(turn).to_contain_text("Your turn")
    if table.locator(".rl-action-pass_upcard").is_visible():
        table.locator(".rl-action-pass_upcard").click()
        expect(turn).to_contain_text("draw", timeout=60_000)
    table.locator(".rl-action-draw_stock").click()
    expect(table.locator(".rl-card-slot svg.rl-card")).to_have_count(11, timeout=60_000)
    table.locator(".rl-hint-toggle").click()
    marked = table.locator(".rl-card-slot.rl-hinted")
    expect(marked).to_have_count(1, timeout=60_000)
    # the hint ranks the moves, each value with its interval, the coach's pick framed,
    # the meaning of ± said once
    hint = table.locator(".rl-hint")
    expect(hint.locator(".rl-rank-group").first).to_contain_text("Rank 1")
    expect(hint.locator(".rl-move-card.rl-pick")).to_have_count(1)
    expect(hint.locator(".rl-value").first).to_contain_text("±")
    assert (hint.text_content() or "").count("± is the half-width of a 95% interval") == 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    hint.screenshot(path=str(ARTIFACTS / f"app_hint_{theme}.png"), animations="disabled")
    marked.locator(".rl-card-toggle").click()
    table.locator(".rl-action-discard").click()
    log = table.locator(".rl-log")
    expect(log).to_contain_text("Bot: ", timeout=60_000)
    # the bot's move comes with its reason, computed by the coach
    expect(log.locator(".rl-reason").first).not_to_be_empty(timeout=60_000)


def _start_a_match(page: Any, theme: str) -> None:
    """Tick Play a match: a fresh table shows the match line with its chance, and its
    Next hand waits for the hand to end."""
    app = page.locator(".rl-app")
    app.locator(".rl-app-match input[type=checkbox]").check()
    expect(app.locator(".rl-app-new-hand")).to_have_text("New match", timeout=60_000)
    line = app.locator(".rl-play-table .rl-match-line")
    expect(line).to_contain_text("first to 100 wins", timeout=120_000)
    expect(line).to_contain_text("your chance to win the match")
    expect(app.locator(".rl-play-table .rl-new-hand")).to_be_disabled()
    line.screenshot(path=str(ARTIFACTS / f"app_match_{theme}.png"), animations="disabled")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_app_plays_in_the_browser_and_stops_on_ctrl_c(
    tmp_path: Path, browser: Any, theme: str
) -> None:
    require_chromium()
    proc, url, port = _start(tmp_path, theme)
    try:
        ctx = browser.new_context(viewport={"width": 1400, "height": 900})
        ctx.set_default_timeout(60_000)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # Voila links Font Awesome from a CDN: offline, every off-site request is refused
        ctx.route("**/*", lambda r: r.abort() if not r.request.url.startswith(url)
                  else r.continue_())
        page.goto(url + "/", timeout=180_000)
        _play_a_few_moves(page, theme)
        assert page.locator(".jp-InputArea, .jp-CodeCell .cm-editor").count() == 0  # no code
        _start_a_match(page, theme)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / f"app_{theme}.png"
        page.screenshot(path=str(shot))
        if theme == "light" and os.environ.get("UPDATE_SCREENSHOTS") == "1":
            IMAGES.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(IMAGES / "app.png"), full_page=True)
        bad = serious_violations(page, page.locator(".rl-app"))
        assert bad == [], bad
        assert [e for e in errors if "setData is not a function" not in e] == []
        ctx.close()
        _stop_with_ctrl_c(proc, port)
    finally:
        with contextlib.suppress(psutil.NoSuchProcess):  # only after a failure above
            family = [proc, *proc.children(recursive=True)]
            proc.terminate()
            for left in psutil.wait_procs(family, timeout=15)[1]:
                left.kill()
