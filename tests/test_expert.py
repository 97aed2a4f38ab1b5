"""The expert bot: legal moves in every variant, replays, names, reasons."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import rummy_lab as rl
from rummy_lab.bots import ExpertBot, make_bot, play_hand
from rummy_lab.engine.moves import Move


class Checked:
    """Wraps a bot and checks every move it makes is among the view's legal moves."""

    def __init__(self, bot: ExpertBot) -> None:
        self.bot = bot
        self.moves = 0

    def choose(self, view: rl.PlayerView, rng: random.Random) -> Move:
        move = self.bot.choose(view, rng)
        assert move in view.legal_moves
        assert self.bot.last_reason.startswith(str(move))
        self.moves += 1
        return move


CASES = [("gin", 2), ("oklahoma", 2), ("hollywood", 2)] + [
    (v, n) for v in ("basic", "500", "indian") for n in (2, 3, 4)
]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_expert_plays_legal_moves_to_the_end(variant: str, players: int) -> None:
    g = rl.new_game(variant, players=players, seed=21, dealer=players - 1)
    expert = Checked(ExpertBot())
    others = [make_bot("greedy", g.rules) for _ in range(players - 1)]
    res = play_hand(g, [expert, *others], random.Random(3))
    assert g.is_over and res is g.result
    assert expert.moves > 0


def test_a_seeded_game_replays_exactly() -> None:
    def play() -> list[Move]:
        g = rl.new_game("gin", seed=8)
        play_hand(g, [ExpertBot(), make_bot("greedy", g.rules)], random.Random(5))
        return g.moves()

    assert play() == play()


def test_expert_by_name() -> None:
    assert isinstance(make_bot("expert", rl.get_rules("gin")), ExpertBot)
    assert "expert" in rl.bots.BOT_NAMES
    rep = rl.simulate("gin", 2, bots=("expert", "greedy"), executor="inline", progress=False)
    assert rep.bots == ("expert", "greedy") and rep.games == 2


def test_expert_on_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rummy_lab", "simulate", "gin", "--games", "2", "--bots",
         "expert,greedy", "--workers", "1", "--no-progress"],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "seat 0 (expert) wins" in done.stdout


def test_last_advice_and_reason() -> None:
    g = rl.new_game("gin", hands=["AS 2H 3C 9S 10D QC KH 4D 6S JC",
                                  "7S 7H 4C 5C KD QH 2S 9H 3D 8D"], discard="7D", seed=1)
    bot = ExpertBot()
    assert bot.last_advice() == []
    move = bot.choose(g.view_for(1), random.Random(0))
    advice = bot.last_advice()
    assert advice[0].move == move
    assert "7♦ joins 7♠ 7♥" in bot.last_reason


@pytest.mark.parametrize("budget", [-1, "soon", float("nan")])
def test_budget_must_be_seconds(budget: object) -> None:
    with pytest.raises(ValueError, match="budget"):
        ExpertBot(budget=budget)  # type: ignore[arg-type]


def test_no_move_no_choice() -> None:
    g = rl.new_game("gin", seed=1)
    with pytest.raises(ValueError, match="no legal move"):
        ExpertBot().choose(g.view_for(0), random.Random(0))


def test_the_bot_reads_fast_unless_asked_for_the_exact_belief(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """By default the bot reads a Gin opponent as the coach's hints do, with the product
    form; ``exact=True`` reads it with the exact belief. Either way its reason and advice
    come from the same reading as its choice, and the setting survives pickling. In the
    other variants ``exact`` changes nothing, and the default bot keeps a reading asked
    for around it."""
    import pickle

    from rummy_lab.coach import beliefs

    g = rl.new_game("gin", seed=5)
    rng = random.Random(5)
    greedy = make_bot("greedy", g.rules)
    while len(g.history) < 8:
        g.play(greedy.choose(g.view_for(g.current_player), rng))
    view = g.view_for(g.current_player)
    assert not g.is_over and len(view.legal_moves) > 1
    asked: list[str] = []
    real = beliefs.belief

    def spy(v: rl.PlayerView, *, model: str | None = None, seed: int = 0) -> object:
        asked.append(model or beliefs.model_for(v))
        return real(v, model=model, seed=seed)

    monkeypatch.setattr(beliefs, "belief", spy)
    fast, exact = ExpertBot(), ExpertBot(exact=True)
    fast.choose(view, random.Random(0))
    _ = fast.last_reason, fast.last_advice()
    assert asked and set(asked) == {beliefs.MODEL}
    asked.clear()
    exact.choose(view, random.Random(0))
    _ = exact.last_reason, exact.last_advice()
    assert asked and set(asked) == {"exact"}
    asked.clear()
    rl.coach.evaluate(view)  # the hints: the product form in Gin too
    assert set(asked) == {beliefs.GIN_MODEL} == {"greedy"}
    assert beliefs.model_for(view) == "greedy"  # nothing left switched
    asked.clear()
    with beliefs.reading("exact"):  # a reading asked for around the default bot
        fast.choose(view, random.Random(0))
    assert set(asked) == {"exact"}
    table = rl.new_game("500", seed=5)
    while len(table.history) < 6 or len(table.view_for(table.current_player).legal_moves) < 2:
        table.play(make_bot("greedy", table.rules).choose(
            table.view_for(table.current_player), rng))
    asked.clear()
    exact.choose(table.view_for(table.current_player), random.Random(0))
    assert beliefs.MODEL in asked and "exact" not in asked
    assert (repr(fast), repr(exact)) == ("ExpertBot()", "ExpertBot(exact=True)")
    assert fast != exact and pickle.loads(pickle.dumps(exact)) == exact
    with pytest.raises(ValueError, match="exact must be True or False, got 'yes'"):
        ExpertBot(exact="yes")  # type: ignore[arg-type]
