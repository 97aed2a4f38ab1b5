"""Robustness properties, checked with hypothesis on fixed (derandomized) cases.

Every accepted rule set plays, every bad input is refused with a clear error: rule
overrides for every preset, mutated saved games, cards outside the deck given to the
solver, bad arguments to ``rl.simulate`` and to the command line. The cases and the
checks live in :mod:`tests.fuzz`; ``python -m tests.fuzz --cases N`` runs more of them
and counts the problems.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import rummy_lab as rl
from rummy_lab.engine.moves import parse_move
from tests.fuzz import (
    RulesCase,
    SaveCase,
    SolverCase,
    check_cli_case,
    check_rules_case,
    check_save_case,
    check_simulate_case,
    check_solver_case,
    cli_args,
    rules_cases,
    save_cases,
    simulate_cases,
    solver_cases,
)

FIXED = settings(derandomize=True, database=None, deadline=None, print_blob=True,
                 suppress_health_check=list(HealthCheck))


def cases(n: int) -> settings:
    """``n`` fixed cases: the same ones on every run, so the suite is never flaky."""
    return settings(FIXED, max_examples=n)


@cases(500)
@given(rules_cases)
def test_rule_overrides_are_refused_by_name_or_play_to_the_end(case: RulesCase) -> None:
    check_rules_case(case)


@cases(1200)
@given(save_cases)
def test_mutated_saves_are_refused_or_load_as_the_same_game(case: SaveCase) -> None:
    check_save_case(case)


@cases(300)
@given(solver_cases)
def test_solver_refuses_cards_outside_the_deck(case: SolverCase) -> None:
    check_solver_case(case)


@cases(150)
@given(simulate_cases())
def test_simulate_refuses_bad_arguments_by_name(case: dict[str, tuple[Any, bool]]) -> None:
    check_simulate_case(case)


@cases(250)
@given(cli_args())
def test_bad_command_lines_exit_2_with_one_line(argv: list[str]) -> None:
    check_cli_case(argv)


# --------------------------------------------------------------------------- huge inputs

HUGE = 100_000
"""Characters of a huge input: an error quotes at most about QUOTE_LIMIT of them."""


def _refusal(call: Callable[[], object]) -> str:
    """The message of the ValueError ``call`` raises (it must raise one)."""
    with pytest.raises(ValueError) as info:
        call()
    return str(info.value)


def _short(message: str, name: str) -> None:
    """A refusal of a huge input: short, and saying how long the input was."""
    assert len(message) < 1_000, (name, len(message))
    assert f"{HUGE:,}" in message, (name, message[:300])


_ALNUM = "Q7" * (HUGE // 2)
_HUGE_CALLS: dict[str, Callable[[], object]] = {
    "card token": lambda: rl.parse_cards(_ALNUM),
    "card token in a list": lambda: rl.clean_cards(["7S", _ALNUM]),
    "Card.parse": lambda: rl.Card.parse("x" * HUGE),
    "preset name": lambda: rl.get_rules("g" * HUGE),
    "rules field name": lambda: rl.get_rules("gin", **{"k" * HUGE: 1}),
    "rules field value": lambda: rl.get_rules("gin", ace="h" * HUGE),
    "rules name": lambda: rl.get_rules("gin", name="n" * HUGE),
    "move text": lambda: parse_move("m" * HUGE),
    "move argument": lambda: parse_move("discard " + "7" * HUGE),
    "lay_off argument": lambda: parse_move("lay_off " + "x" * HUGE),
    "bot name": lambda: rl.simulate("gin", 1, bots=("b" * HUGE, "random"), progress=False),
    "saved move": lambda: rl.Game.from_json(_save_with_move("z" * HUGE)),
    "saved rules field": lambda: rl.Game.from_json(_save_with_rules_field("f" * HUGE)),
}


def _save_with_move(code: str) -> str:
    doc = json.loads(rl.new_game("gin", seed=1).to_json())
    doc["moves"] = [code]
    return json.dumps(doc)


def _save_with_rules_field(name: str) -> str:
    doc = json.loads(rl.new_game("gin", seed=1).to_json())
    doc["rules"][name] = 1
    return json.dumps(doc)


@pytest.mark.parametrize("name", sorted(_HUGE_CALLS))
def test_a_huge_input_is_quoted_short(name: str) -> None:
    _short(_refusal(_HUGE_CALLS[name]), name)


def test_many_unknown_rules_fields_are_listed_short() -> None:
    message = _refusal(lambda: rl.get_rules("gin", **{f"f{i}": 1 for i in range(HUGE)}))
    assert len(message) < 1_000 and f"and {HUGE - 5:,} more" in message


def test_a_huge_number_is_quoted_by_its_digits() -> None:
    message = _refusal(lambda: rl.get_rules("gin", knock_limit=10**5000))
    assert len(message) < 1_000 and "5,001 digits" in message


def test_simulate_refuses_more_games_than_its_maximum() -> None:
    from rummy_lab.simulation import MAX_GAMES, MAX_SEED

    message = _refusal(lambda: rl.simulate("gin", 9999999999999999999999999, progress=False))
    assert f"{MAX_GAMES:,}" in message and "games" in message
    assert "seed" in _refusal(lambda: rl.simulate("gin", 1, seed=MAX_SEED + 1, progress=False))


@pytest.mark.parametrize(("argv", "needle"), [
    (["simulate", "gin", "--games", "9999999999999999999999999"],
     "--games must be from 0 to 10,000,000"),
    (["simulate", "gin", "--games", "1", "--players", "9999999999999999999999999"], "players"),
    (["simulate", "gin", "--games", "1", "--workers", "9999999999999999999999999"],
     "--workers must be from 1 to 256"),
    (["simulate", "gin", "--games", "1", "--seed", "9" * 100], "at most 256 bits"),
    (["analyze", "7S", "--limit", "9999999999999999999999999"],
     "--limit must be from 1 to 10,000"),
    (["simulate", "gin", "--games", "1" * 5000], "invalid int value"),
    (["simulate", "g" * HUGE, "--games", "1"], "unknown rules preset"),
    (["simulate", "gin", "--games", "1", "--bots", "b" * HUGE], "unknown bot"),
    (["analyze", "Q7" * HUGE], "bad card token"),
    (["analyze", "7S", "--rules", "r" * HUGE], "unknown rules preset"),
    (["analyze", "7S", "-o", "f" * HUGE + "=1"], "unknown rules field"),
    (["analyze", "7S", "-o", "ace=" + "v" * HUGE], "ace must be one of"),
    (["analyze", "7S", "-o", "v" * HUGE], "--option expects FIELD=VALUE"),
    (["analyze", "7S", "--wild", "w" * HUGE], "--wild must be a rank"),
    (["analyze", "7S", "--frob" + "x" * HUGE], "unrecognized arguments"),
    (["app", "--dry-run", "--variant", "v" * HUGE], "unknown variant"),
    (["app", "--dry-run", "--theme", "t" * HUGE], "--theme must be light or dark"),
    (["app", "--dry-run", "--port", "70000"], "--port must be from 1 to 65535, got 70000"),
    (["lab", "--dry-run", "--port", "9" * 30], "--port must be from 1 to 65535"),
])
def test_the_command_line_refuses_huge_values_in_one_short_line(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from rummy_lab.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and needle in err and len(err) < 1_000, err[:400]
