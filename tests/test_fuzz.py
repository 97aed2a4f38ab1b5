"""Robustness properties, checked with hypothesis on fixed (derandomized) cases.

Every accepted rule set plays, every bad input is refused with a clear error: rule
overrides for every preset, mutated saved games, cards outside the deck given to the
solver, bad arguments to ``rl.simulate`` and to the command line. The cases and the
checks live in :mod:`tests.fuzz`; ``python -m tests.fuzz --cases N`` runs more of them
and counts the problems.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings

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
