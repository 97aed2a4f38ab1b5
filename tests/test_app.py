"""The learner app without a browser: its choices, the page widget, the command line.

The real-browser test (Voila in Chromium) is in tests/test_browser_app.py.
"""

from __future__ import annotations

import random
import socket
import subprocess
import sys

import pytest

import rummy_lab as rl
from rummy_lab.app import CHOICES, NOTEBOOK, LearnerApp, variant_choice
from rummy_lab.app.serve import AppError, app_command, check_port
from rummy_lab.bots import make_bot
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


# ---------------------------------------------------------------------- practice


def _review_puzzles(variant: str, seed: int) -> list[rl.practice.Puzzle]:
    import random

    from rummy_lab.bots import RandomBot, make_bot, play_hand

    g = rl.new_game(variant, seed=seed)
    play_hand(g, [RandomBot(), make_bot("greedy", g.rules)], random.Random(seed))
    return rl.practice.from_review(rl.coach.review(g, 0))


@pytest.fixture
def shipped_set(monkeypatch: pytest.MonkeyPatch) -> list[rl.practice.Puzzle]:
    """A small stand-in for the shipped puzzle set: reviewed Gin and Basic hands."""
    import rummy_lab.practice as practice

    pool = _review_puzzles("gin", 5) + _review_puzzles("basic", 5)

    def chosen(variant: str, theme: str | None) -> list[rl.practice.Puzzle]:
        return [p for p in pool if p.variant == variant and theme in (None, p.theme)]

    monkeypatch.setattr(practice, "shipped", lambda variant, theme=None: [
        p.to_dict() for p in chosen(variant, theme)])
    monkeypatch.setattr(practice, "puzzles", lambda variant, theme=None, n=20, seed=0:
                        chosen(variant, theme)[:n])
    return pool


def test_the_practice_tab_deals_the_chosen_variant_and_theme(
        shipped_set: list[rl.practice.Puzzle]) -> None:
    app = LearnerApp("gin", seed=2)
    titles = [app.tabs.get_title(i) for i in range(len(app.tabs.children))]
    assert titles == ["Play", "Practice", "Rules of this game", "All variants"]
    assert app.practice is None  # built when the tab is first opened
    app.tabs.selected_index = 1
    assert app.practice is not None and app.practice_box.children == (app.practice,)
    assert app.practice.puzzle.variant == "gin" and app.practice.controller.theme is None
    assert [v for _, v in app.practice_theme.options] == ["any", *rl.practice.THEMES["gin"]]
    theme = next(p.theme for p in shipped_set if p.variant == "gin")
    app.practice_theme.value = theme
    assert app.practice.controller.theme == theme and app.practice.puzzle.theme == theme
    app.practice_variant.value = "basic"
    assert [v for _, v in app.practice_theme.options] == ["any", *rl.practice.THEMES["basic"]]
    assert app.practice_theme.value == "any" and app.practice.puzzle.variant == "basic"
    assert app.practice.theme_name == "auto"  # the page's theme (Voila's --theme)


def test_the_practice_tab_says_why_when_there_is_nothing_to_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import rummy_lab.practice as practice

    monkeypatch.setattr(practice, "shipped", lambda variant, theme=None: [])
    app = LearnerApp("indian", seed=2)
    assert app.practice_variant.value == "indian"
    app.tabs.selected_index = 1
    assert app.practice is None and app.practice_box.children == ()
    assert ("No puzzles to show: the app has no Indian Rummy puzzles installed yet; play a "
            "hand on the Play tab, press Review this hand, then Practise your mistakes"
            ) in app.practice_note.value


def _play_out(app: LearnerApp, seed: int) -> None:
    """Play the table's hand to its end with random legal moves, then review it."""
    import random

    rng = random.Random(seed)
    table = app.table
    while not table.view.is_over:
        table.play(rng.choice(table.view.legal_moves))
    table.review_button.click()


def test_practise_your_mistakes_opens_the_practice_tab_on_them() -> None:
    app = LearnerApp("gin", opponent="greedy", seed=5)
    assert app.mistakes_row.layout.display == "none"
    _play_out(app, 5)
    review = app.table.last_review
    assert review is not None
    bad = [r for r in review.rows if r.label in ("mistake", "blunder")]
    assert bad, "random play makes mistakes"
    assert app.mistakes_row.layout.display is None and not app.mistakes_button.disabled
    n = len(bad)
    assert f"{n} puzzle" in app.mistakes_note.value
    app.mistakes_button.click()
    assert app.tabs.selected_index == 1 and app.practice is not None
    expected = rl.practice.from_review(review)
    shown = [app.practice.puzzle.id]
    for _ in range(n - 1):
        app.practice.next_button.click()
        shown.append(app.practice.puzzle.id)
    assert shown == [p.id for p in expected]
    assert app.practice.puzzle.source == "review"
    assert f"{n} puzzle" in app.practice_note.value
    app.table.new_button.click()  # a new hand: nothing reviewed yet
    assert app.mistakes_row.layout.display == "none"


def test_practise_your_mistakes_is_disabled_with_a_reason_without_any() -> None:
    import dataclasses

    app = LearnerApp("gin", opponent="greedy", seed=5)
    _play_out(app, 5)
    review = app.table.last_review
    assert review is not None
    clean = dataclasses.replace(review, rows=tuple(
        r for r in review.rows if r.label not in ("mistake", "blunder")))
    app.table.last_review = clean
    app.table.review_view.value += " "  # the panel redrawn: the app looks again
    assert app.mistakes_button.disabled
    why = f"no mistake or blunder among your {len(clean.rows)} decisions"
    assert why in app.mistakes_button.tooltip and why in app.mistakes_note.value
    app.mistakes_button.click()  # disabled in the browser; here it changes nothing
    assert app.tabs.selected_index == 0 and app.practice is None


def test_play_a_match_in_the_app() -> None:
    app = LearnerApp("gin", opponent="greedy", seed=2)
    assert app.table.controller.match is None and app.new_hand.description == "New hand"
    app.match_mode.value = True
    table = app.table
    match = table.controller.match
    assert match is not None and app.new_hand.description == "New match"
    assert table.new_button.description == "Next hand" and table.new_button.disabled
    assert "totals when this hand was dealt: You 0, Bot 0" in table.match_view.value
    rng = random.Random(3)
    bot = make_bot("greedy", table.game.rules)
    while not table.game.is_over:
        table.controller.play(bot.choose(table.view, rng))
    table._render()
    after = ", ".join(f"{n} {s}" for n, s in zip(table.names, match.totals, strict=True))
    assert f"After this hand: {after}" in table.match_view.value
    assert not table.new_button.disabled and "press <b>Next hand</b>" in table.turn_line.value
    table.new_button.click()
    assert len(match.games) == 2 and table.game is match.current_game
    assert f"totals when this hand was dealt: {after}" in table.match_view.value
    app.new_hand.click()  # the header's button: a new match
    assert app.table.controller.match is not match
    app.match_mode.value = False
    assert app.table.controller.match is None and app.new_hand.description == "New hand"
