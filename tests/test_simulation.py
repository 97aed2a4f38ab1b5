"""rl.simulate: reproducible whatever the executor, rates with standard errors."""

from __future__ import annotations

import concurrent.futures as cf
import math
import re

import pytest

import rummy_lab as rl
from rummy_lab.bots import RandomBot


def test_same_report_inline_thread_and_process_pools():
    kw = {"bots": ("greedy", "random"), "seed": 11, "progress": False}
    inline = rl.simulate("gin", 24, executor="inline", **kw)
    with cf.ThreadPoolExecutor(2) as ex:
        threads = rl.simulate("gin", 24, executor=ex, batch_size=5, **kw)
    with cf.ProcessPoolExecutor(2) as ex:
        procs = rl.simulate("gin", 24, executor=ex, batch_size=7, **kw)
    assert inline == threads == procs
    assert [r.index for r in inline.records] == list(range(24))


def test_same_report_on_dask():
    import distributed  # part of the test extra
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        on_dask = rl.simulate("gin", 16, bots=("greedy", "greedy"), seed=2, progress=False,
                              executor=client.get_executor(), batch_size=4)
    local = rl.simulate("gin", 16, bots=("greedy", "greedy"), seed=2, progress=False,
                        executor="inline")
    assert on_dask == local


def test_rates_add_up_and_have_standard_errors():
    rep = rl.simulate("gin", 60, bots=("greedy", "greedy"), seed=0, executor="inline",
                      progress=False)
    kinds = rep.kind_rates()
    assert math.isclose(sum(r.value for r in kinds.values()), 1.0)
    assert set(kinds) <= {"gin", "big_gin", "knock", "undercut", "draw", "max_turns"}
    wins = rep.win_rates()
    assert math.isclose(sum(w.value for w in wins) + rep.draw_rate.value, 1.0)
    for rate in (*wins, rep.first_player_win_rate):
        assert 0 <= rate.stderr <= 0.5
    m, se = rep.mean_draws
    assert m > 0 and se > 0
    assert "seat 0 (greedy)" in rep.summary()


def test_different_seeds_differ_and_bot_objects_work():
    a = rl.simulate("gin", 10, bots=(RandomBot(), "random"), seed=1, executor="inline",
                    progress=False)
    b = rl.simulate("gin", 10, bots=(RandomBot(), "random"), seed=2, executor="inline",
                    progress=False)
    assert a.records != b.records
    assert a.bots == ("RandomBot", "random")


def test_bad_arguments():
    with pytest.raises(ValueError, match="games"):
        rl.simulate("gin", -1)
    with pytest.raises(ValueError, match="one bot per seat"):
        rl.simulate("gin", 5, bots=("random",))
    with pytest.raises(ValueError, match="unknown bot"):
        rl.simulate("gin", 5, bots=("random", "clever"))
    with pytest.raises(ValueError, match="players"):
        rl.simulate("gin", 5, players=3)
    with pytest.raises(ValueError, match="unknown rules preset"):
        rl.simulate("poker", 5)


def test_cli_simulate(capsys):
    from rummy_lab.cli import main

    assert main(["simulate", "gin", "--games", "12", "--workers", "1", "--no-progress",
                 "--bots", "greedy,random", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "12 gin hands" in out and "seat 1 (random)" in out
    assert main(["simulate", "gin", "--games", "12", "--workers", "2", "--no-progress",
                 "--bots", "greedy,random", "--seed", "4"]) == 0
    assert capsys.readouterr().out == out  # same numbers with two processes
    assert main(["simulate", "gin", "--bots", "random", "--no-progress"]) == 2
    assert "one bot per seat" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 1.5}, "games must be a whole number from 0 to 10,000,000 (MAX_GAMES), got 1.5"),
        ({"games": 10_000_001}, "games must be a whole number from 0 to 10,000,000"),
        ({"games": True}, "games must be a whole number"),
        ({"seed": "abc"}, "seed must be a whole number of at most 256 bits (MAX_SEED), got 'abc'"),
        ({"seed": 1.5}, "seed must be a whole number of at most 256 bits (MAX_SEED), got 1.5"),
        ({"seed": True}, "seed must be a whole number of at most 256 bits (MAX_SEED), got True"),
        ({"seed": -(2**256)}, "seed must be a whole number of at most 256 bits"),
        ({"batch_size": 0}, "batch_size must be a whole number >= 1 or None, got 0"),
        ({"batch_size": -1}, "batch_size must be a whole number >= 1 or None, got -1"),
        ({"batch_size": 2.0}, "batch_size must be"),
        ({"executor": "threads"}, "executor must be an Executor"),
        ({"executor": 5}, "executor must be an Executor"),
        ({"bots": "greedy"}, "bots must be a list with one bot per seat"),
        ({"bots": ("foo",)}, "unknown bot 'foo'"),
        ({"bots": ("random", 5)}, "a bot needs a choose"),
        ({"players": True}, "players"),
        ({"rules": {"knock_limt": 5}}, "knock_limt"),
    ],
)
def test_each_bad_parameter_is_named(kwargs, message):
    args = {"games": 3, "executor": "inline", "progress": False, **kwargs}
    games = args.pop("games")
    with pytest.raises(ValueError, match=re.escape(message)):
        rl.simulate("gin", games, **args)


def test_zero_games_is_an_empty_report():
    rep = rl.simulate("gin", 0, executor="inline", progress=False)
    assert rep.games == 0 and rep.records == ()
