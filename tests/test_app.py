"""The learner app without a browser: its choices, the page widget, the command line.

The real-browser test (Voila in Chromium) is in tests/test_browser_app.py.
"""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

import rummy_lab as rl
from rummy_lab.app import CHOICES, NOTEBOOK, LearnerApp, variant_choice
from rummy_lab.app.serve import AppError, app_command, check_port
from rummy_lab.cli import main


def test_every_choice_is_a_preset_and_every_preset_a_choice() -> None:
    offered = {preset for schools in CHOICES.values() for _, preset in schools}
    assert offered == set(rl.PRESETS) - {"indian-points"}
    for preset in offered:
        assert variant_choice(preset)[1] == preset
    assert variant_choice("INDIAN-POINTS") == ("Indian Rummy", "indian")
    with pytest.raises(ValueError, match="unknown variant 'canasta'; choose one of gin"):
        variant_choice("canasta")


def test_the_app_deals_the_chosen_game_and_follows_the_dropdowns() -> None:
    app = LearnerApp("500-pagat", seed=3)
    assert (app.game_choice.value, app.variant.value) == ("Rummy 500", "500-pagat")
    assert app.table.game.rules.name == "500-pagat" and len(app.table.game.hand(0)) == 13
    assert "Rummy 500 (pagat school)" in app.rules_view.value
    app.game_choice.value = "Indian Rummy"
    assert app.variant.value == "indian" and app.table.game.rules.name == "indian-points"
    labels = [label for label, _ in app.variant.options]
    assert labels == ["Points", "Pool 101", "Pool 201", "Deals"]
    assert "wild" in app.rules_view.value
    app.variant.value = "indian-deals"
    assert app.table.game.rules.indian_format == "deals"
    first = app.table
    app.new_hand.click()
    assert app.table is not first and app.seed == 4
    assert app.table_box.children == (app.table,)
    assert "<table" in app.compare_view.value


def test_the_opponent_is_a_real_bot() -> None:
    app = LearnerApp("gin", opponent="greedy", seed=1)
    assert type(app.table.bot).__name__ == "GreedyGinBot"
    app.opponent.value = "random"
    assert type(app.table.bot).__name__ == "RandomBot"
    with pytest.raises(ValueError, match="unknown opponent 'shark'"):
        LearnerApp("gin", opponent="shark")


def test_the_notebook_shows_only_the_app() -> None:
    import nbformat

    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) == 1 and "LearnerApp.from_environment()" in code[0].source
    assert nb.metadata.kernelspec["name"] == "python3"


def test_app_command_hides_the_code() -> None:
    cmd = app_command("indian-deals", port=9999, open_browser=False, theme="dark")
    assert cmd[:4] == [sys.executable, "-m", "voila", str(NOTEBOOK)]
    assert {"--port=9999", "--strip_sources=True", "--no-browser", "--theme=dark"} <= set(cmd)
    with pytest.raises(AppError, match="unknown variant"):
        app_command("poker")
    with pytest.raises(AppError, match="--theme must be light or dark"):
        app_command("gin", theme="sepia")


def test_a_port_in_use_is_named() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        with pytest.raises(AppError, match=f"port {port} is in use; choose another with --port"):
            check_port(port)
    check_port(port)  # free again


def test_cli_refuses_bad_input_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["app", "--variant", "canasta", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("rummy-lab app: error: unknown variant")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["app", "--port", str(port), "--no-browser"]) == 2
    assert f"port {port} is in use" in capsys.readouterr().err
    assert main(["app", "--port", "70000", "--no-browser"]) == 2
    assert "--port must be from 1 to 65535" in capsys.readouterr().err
    assert main(["app", "--dry-run", "--variant", "basic", "--no-browser"]) == 0
    assert "voila" in capsys.readouterr().out


def test_the_console_script_exits_2_without_a_traceback() -> None:
    out = subprocess.run([sys.executable, "-m", "rummy_lab", "app", "--variant", "x"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip().startswith("rummy-lab app: error: unknown variant 'x'")
