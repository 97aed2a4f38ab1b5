"""The rummy-lab command line: analyze output, error handling, lab without launching it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rummy_lab import cli
from rummy_lab.cli import COMMANDS, analyze, build_parser, lab_command, main, tutorials_dir

from .conftest import GIN_ELEVEN, GIN_HAND


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ----------------------------------------------------------------------------- analyze


def test_analyze_ten_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "analyze", GIN_HAND, "--rules", "gin")
    assert code == 0 and err == ""
    assert "deadwood points: 22" in out
    assert "2 optimal partitions" in out
    assert "7S 7H 7D: set of sevens" in out
    assert "4C 5C 6C 7C" in out and "7S 7H 7D 7C" in out  # both optimal partitions
    assert "deadwood: 2S QH KD" in out
    assert "Best discard" not in out  # ten cards: no discard to choose


def test_analyze_default_rules_and_split_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "analyze", *GIN_HAND.split())
    assert code == 0 and "rules: gin" in out and "deadwood points: 22" in out


def test_analyze_eleven_cards_shows_best_discard(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "analyze", GIN_ELEVEN, "--rules", "gin")
    assert code == 0
    assert "Best discard: 6H (leaves deadwood 4)" in out
    assert out.rstrip().endswith("deadwood: 4S(4) = 4")


def test_analyze_indian_with_wild(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "5H 6H JK 9S 9D 9C 2C 3C 4C KD KH KS QS 7D"  # 14 = 13 + 1 cards
    code, out, _ = _run(capsys, "analyze", hand, "--rules", "indian", "--wild", "7")
    assert code == 0
    assert "wild rank 7" in out
    assert "Best discard: QS (leaves deadwood 0)" in out
    # --wild-rank is the same option, named as the Python API's keyword.
    code, same, _ = _run(capsys, "analyze", hand, "--rules", "indian", "--wild-rank", "7")
    assert code == 0 and same == out
    # --variant is --rules, named as the app command's option.
    code, same, _ = _run(capsys, "analyze", hand, "--variant", "indian", "--wild", "7")
    assert code == 0 and same == out


def test_analyze_rule_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "analyze", "QS KS AS 5D", "-o", "ace=high_or_low")
    assert code == 0 and "deadwood points: 5" in out
    code, out, _ = _run(capsys, "analyze", "QS KS AS 5D")
    assert code == 0 and "deadwood points: 26" in out


def test_analyze_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "analyze", GIN_HAND, "--limit", "1")
    assert code == 0 and "more than 1 optimal partitions" in out
    assert out.count("deadwood points:") == 1


def test_analyze_function_matches_command(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, "analyze", GIN_HAND)
    assert out.rstrip("\n") == analyze(GIN_HAND, "gin")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["analyze", "7S 7X 8S"], "'7X'"),
        (["analyze", "7S,,8S"], "''"),
        (["analyze", "7S 11H"], "'11H'"),
        (["analyze", "7S", "--rules", "canasta"], "'canasta'"),
        (["analyze", "7S", "-o", "knock_limt=3"], "'knock_limt'"),
        (["analyze", "7S", "-o", "knock_limit=-3"], "knock_limit"),
        (["analyze", "7S", "-o", "noequals"], "FIELD=VALUE"),
        (["analyze", "7S", "--wild", "14"], "--wild"),
        (["analyze", "7S", "--limit", "0"], "--limit"),
        (["analyze", ""], "no cards"),
    ],
)
def test_bad_input_exits_2_with_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert needle in err
    assert "Traceback" not in err and out == ""


def test_bad_card_in_a_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from rummy_lab.cli import main; "
         "sys.exit(main(['analyze', '7S 7X']))"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 2
    assert "'7X'" in done.stderr and "Traceback" not in done.stderr


def test_usage_errors_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys)[0] == 2
    assert _run(capsys, "frobnicate")[0] == 2
    code, _, err = _run(capsys, "analyze", "7S", "--frob")
    assert code == 2 and "--frob" in err
    code, out, _ = _run(capsys, "--version")
    assert code == 0 and out.startswith("rummy-lab ")


# ----------------------------------------------------------------------------- lab


def test_lab_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "lab", "--help")
    assert code == 0
    assert "--no-browser" in out and "--port" in out


def test_top_level_help_lists_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--help")
    assert code == 0 and "lab" in out and "analyze" in out


def test_lab_command_line() -> None:
    args = build_parser().parse_args(["lab", "--no-browser", "--port", "8899", "--", "--debug"])
    cmd = lab_command(args)
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={tutorials_dir().parent}" in cmd
    assert "--LabApp.default_url=/lab/tree/tutorials/00_start_here.ipynb" in cmd
    assert "--no-browser" in cmd and "--ServerApp.port=8899" in cmd and cmd[-1] == "--debug"
    plain = lab_command(build_parser().parse_args(["lab"]))
    assert "--no-browser" not in plain and not any("port" in a for a in plain)


def test_lab_as_root_allows_root(monkeypatch: pytest.MonkeyPatch) -> None:
    args = build_parser().parse_args(["lab"])
    monkeypatch.setattr(cli, "_is_root", lambda: True)
    assert "--ServerApp.allow_root=True" in lab_command(args)
    monkeypatch.setattr(cli, "_is_root", lambda: False)
    assert "--ServerApp.allow_root=True" not in lab_command(args)


def test_tutorials_dir_prefers_repo_tutorials() -> None:
    repo_tutorials = Path(cli.__file__).resolve().parent.parent / "tutorials"
    expected = repo_tutorials if repo_tutorials.is_dir() else Path.cwd()
    assert tutorials_dir() == expected


def test_lab_runs_jupyterlab_without_launching(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[list[str]] = []

    def fake_call(cmd: list[str]) -> int:
        calls.append(cmd)
        return 0

    monkeypatch.setattr(subprocess, "call", fake_call)
    code, _, err = _run(capsys, "lab", "--no-browser", "--port", "8123")
    assert code == 0 and len(calls) == 1
    assert calls[0][1:3] == ["-m", "jupyterlab"] and "--ServerApp.port=8123" in calls[0]
    assert "JupyterLab" in err


def test_lab_dry_run_and_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "lab", "--dry-run")
    assert code == 0 and "-m jupyterlab" in out
    code, out, _ = _run(capsys, "lab", "--dry-run", "--ServerApp.token=abc")
    assert code == 0 and out.rstrip().endswith("--ServerApp.token=abc")
    code, _, err = _run(capsys, "lab", "--dry-run", "--port", "70000")
    assert code == 2 and "--port" in err


# ----------------------------------------------------------------------------- registry


def test_registry_holds_lab_and_analyze() -> None:
    assert list(COMMANDS)[:2] == ["lab", "analyze"]
    assert all(cmd.name == name for name, cmd in COMMANDS.items())


def test_register_command(capsys: pytest.CaptureFixture[str]) -> None:
    def configure(p: object) -> None:
        p.add_argument("--times", type=int, default=1)  # type: ignore[attr-defined]

    def run(args: object) -> int:
        print("hi " * args.times)  # type: ignore[attr-defined]
        return 3

    cli.register_command("hi", help="greet", configure=configure, run=run)
    try:
        code, out, _ = _run(capsys, "hi", "--times", "2")
        assert code == 3 and out.strip() == "hi hi"
    finally:
        del COMMANDS["hi"]


# ----------------------------------------------------------------------------- issue 13

ISSUE_HAND = "KS QH JD 2C 5C 9H 3D 4S 8C 7H"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["analyze", "7S 8S 9S", "-o", "extra=5"], "extra must be a mapping"),
        (["analyze", "7S 8S 9S", "-o", "hand_size_by_players=5"], "hand_size_by_players"),
        (["analyze", ISSUE_HAND, "-o", "face_value=10000000000000000"],
         "face_value must be a whole number from 0 to 100"),
        (["analyze", "7S 8S 9S", "-o", "name=500"], "name '500' is a 500 preset"),
        (["analyze", "JK JK JK 5H"], "cards outside the gin deck"),
        (["analyze", "7S 7S 7S 8S"], "3 x 7S"),
        (["analyze", "7S 7H 5D", "--wild", "5"], "the gin rules turn no wild card"),
        (["analyze", "7S 7H 5D", "--rules", "indian", "-o", "wild_joker=false", "--wild", "5"],
         "the indian-points rules turn no wild card"),
        (["simulate", "gin", "--bots", "foo", "--no-progress"], "unknown bot 'foo'"),
        (["simulate", "gin", "--bots", "greedy,foo", "--no-progress"], "unknown bot 'foo'"),
        (["simulate", "gin", "--games", "-1", "--no-progress"], "games must be"),
        (["simulate", "gin", "--games", "x"], "--games: invalid int value: 'x'"),
        (["simulate", "gin", "--seed", "1.5"], "--seed: invalid int value: '1.5'"),
        (["simulate", "gin", "--players", "3", "--no-progress"], "exactly 2 players"),
        (["simulate", "poker", "--no-progress"], "unknown rules preset 'poker'"),
        (["analyze", "7S", "--limit", "x"], "--limit: invalid int value"),
        (["analyze", "7S", "--rules"], "--rules/--variant: expected one argument"),
        (["lab", "--port", "x"], "--port: invalid int value"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        ([], "the following arguments are required"),
    ],
)
def test_every_refusal_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and needle in err and "Traceback" not in err


def test_a_custom_rules_name_is_fine(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "analyze", "7S 8S 9S", "-o", "name=x")
    assert code == 0 and err == "" and "rules: x" in out


def test_an_unexpected_error_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(args: object) -> int:
        raise TypeError("a bug")

    monkeypatch.setitem(COMMANDS, "analyze", cli.Command("analyze", "", lambda p: None, broken))
    monkeypatch.delenv("RUMMY_LAB_DEBUG", raising=False)
    code, out, err = _run(capsys, "analyze")
    assert code == 1 and out == "" and len(err.splitlines()) == 1
    assert "internal error: TypeError: a bug" in err
    monkeypatch.setenv("RUMMY_LAB_DEBUG", "1")
    with pytest.raises(TypeError, match="a bug"):
        main(["analyze"])


def test_bad_options_in_a_real_process() -> None:
    for argv in (["analyze", "7S 8S 9S", "-o", "extra=5"], ["simulate", "gin", "--bots", "foo"]):
        done = subprocess.run(
            [sys.executable, "-m", "rummy_lab", *argv], capture_output=True, text=True,
            timeout=120,
        )
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1
