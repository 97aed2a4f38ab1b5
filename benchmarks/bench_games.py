"""Gin Rummy game-engine benchmark: rummy_lab against OpenSpiel and RLCard, plus
greedy-versus-greedy statistics.

Run with the ``bench`` extra installed (``make bench`` or ``pip install -e ".[bench]"``)::

    python benchmarks/bench_games.py [--hands 1000] [--greedy 20000] [--indian 2000]
        [--table 500] [--seed 0]

Part 1 plays ``--hands`` full Gin hands with uniformly random legal moves in each engine
(rummy_lab ``Game.play``; OpenSpiel ``gin_rummy`` with random legal actions and sampled
chance outcomes until terminal; RLCard ``gin-rummy`` with two random agents) and prints
hands per second and the ratios. Part 2 plays ``--greedy`` hands between two
``GreedyGinBot`` players (the dealer alternates) and prints, with standard errors, the
rates of gin, big gin, knock won, undercut and drawn hands, the mean number of draws per
hand and the first player's (non-dealer's) win rate. Part 3 plays ``--indian`` Indian
Rummy deals (two decks, four printed jokers, wild joker) with uniformly random legal
moves for 2 and for 6 players and prints deals per second (random players drop often,
as Drop is one of the three moves before each draw). Part 4 plays ``--table`` Basic Rummy
and Rummy 500 hands with uniformly random legal moves for 2 and for 6 players (every meld
and lay-off is a legal move, so random hands run long) and prints hands per second.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from typing import Any

from rummy_lab.bots import GreedyGinBot, play_hand
from rummy_lab.engine.game import new_game
from rummy_lab.engine.moves import DrawDiscard, DrawStock, Drop, TakeUpcard


def ours_random(hands: int, seed: int) -> tuple[float, float]:
    """Seconds for ``hands`` random-play hands, and moves per hand."""
    rng = random.Random(seed)
    moves = 0
    t = time.perf_counter()
    for i in range(hands):
        game = new_game("gin", seed=seed + i, dealer=i % 2)
        state = game.state
        while state.result is None:
            game.play(rng.choice(game.legal_moves()))
        moves += len(state.history)
    return time.perf_counter() - t, moves / hands


def openspiel_random(hands: int, seed: int) -> tuple[float, float] | None:
    """Seconds for ``hands`` OpenSpiel random-play hands, and actions per hand."""
    try:
        import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    actions = 0
    t = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    return time.perf_counter() - t, actions / hands


def rlcard_random(hands: int, seed: int) -> tuple[float, float] | None:
    """Seconds for ``hands`` RLCard random-agent hands, and steps per hand."""
    try:
        import rlcard  # type: ignore[import-untyped, import-not-found, unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    env: Any = rlcard.make("gin-rummy", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(2)])
    steps = 0
    t = time.perf_counter()
    for _ in range(hands):
        trajectories, _ = env.run(is_training=False)
        steps += sum((len(tr) - 1) // 2 for tr in trajectories)
    return time.perf_counter() - t, steps / hands


def part_random(hands: int, seed: int) -> dict[str, float]:
    print(f"Random play, {hands} full Gin hands per engine (hands/s, higher is better)")
    results: dict[str, tuple[float, float] | None] = {
        "rummy_lab": ours_random(hands, seed),
        "OpenSpiel": openspiel_random(hands, seed),
        "RLCard": rlcard_random(hands, seed),
    }
    rates: dict[str, float] = {}
    for name, res in results.items():
        if res is None:
            print(f"  {name:<10} not installed (pip install -e '.[bench]')")
            continue
        secs, per_hand = res
        rates[name] = hands / secs
        print(f"  {name:<10} {hands / secs:9.1f} hands/s  {secs / hands * 1e3:7.3f} ms/hand  "
              f"{per_hand:6.1f} moves/hand")
    ours = rates["rummy_lab"]
    for name, rate in rates.items():
        if name != "rummy_lab":
            print(f"  rummy_lab / {name}: {ours / rate:5.2f}x")
    return rates


def _rate(k: int, n: int) -> str:
    p = k / n
    return f"{p:7.4f} ± {math.sqrt(p * (1 - p) / n):.4f}"


def part_greedy(hands: int, seed: int) -> Counter[str]:
    print(f"\nGreedyGinBot vs GreedyGinBot, {hands} hands (rate ± standard error)")
    bots = [GreedyGinBot(), GreedyGinBot()]
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    draws: list[int] = []
    first_wins = 0
    t = time.perf_counter()
    for i in range(hands):
        game = new_game("gin", seed=seed + i, dealer=i % 2)
        result = play_hand(game, bots, rng)
        kind = result.kind
        kinds["draw" if kind == "max_turns" else kind] += 1
        kinds["max_turns"] += kind == "max_turns"
        draws.append(sum(isinstance(e.move, (DrawStock, DrawDiscard, TakeUpcard))
                         for e in game.state.history))
        first_wins += result.winner == (game.dealer + 1) % 2
    secs = time.perf_counter() - t
    n = hands
    for label, key in (("gin", "gin"), ("big gin", "big_gin"), ("knock won", "knock"),
                       ("undercut", "undercut"), ("draw (stock end)", "draw")):
        print(f"  {label:<18} {_rate(kinds[key], n)}")
    if kinds["max_turns"]:
        print(f"  (of the draws, {kinds['max_turns']} stopped at max_turns)")
    mean = sum(draws) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in draws) / max(n - 1, 1))
    print(f"  {'draws per hand':<18} {mean:7.2f} ± {sd / math.sqrt(n):.2f}")
    print(f"  {'non-dealer wins':<18} {_rate(first_wins, n)}")
    print(f"  ({n / secs:.0f} greedy hands/s)")
    return kinds


def _indian_deals(
    deals: int, players: int, seed: int, choose: Any
) -> tuple[float, float, Counter[str]]:
    """Seconds for ``deals`` Indian deals played by ``choose(game, rng) -> move``, moves per
    deal, and how they ended."""
    rng = random.Random(seed)
    moves = 0
    kinds: Counter[str] = Counter()
    t = time.perf_counter()
    for i in range(deals):
        game = new_game("indian", players=players, seed=seed + i, dealer=i % players)
        state = game.state
        while state.result is None:
            game.play(choose(game, rng))
        moves += len(state.history)
        kinds[state.result.kind] += 1
    return time.perf_counter() - t, moves / deals, kinds


def indian_random(deals: int, players: int, seed: int) -> tuple[float, float, Counter[str]]:
    """Random legal moves (random players drop in almost every deal)."""
    return _indian_deals(deals, players, seed, lambda g, rng: rng.choice(g.legal_moves()))


def indian_no_drop(deals: int, players: int, seed: int) -> tuple[float, float, Counter[str]]:
    """Random play that never drops: whole deals, to the stock reshuffles and max_turns."""
    return _indian_deals(deals, players, seed, lambda g, rng: rng.choice(
        [m for m in g.legal_moves() if not isinstance(m, Drop)]))


def indian_greedy(deals: int, players: int, seed: int) -> tuple[float, float, Counter[str]]:
    """Greedy Indian bots at every seat."""
    from rummy_lab.bots.indian import GreedyIndianBot

    bot = GreedyIndianBot()
    return _indian_deals(deals, players, seed, lambda g, rng: bot.choose(
        g.view_for(g.current_player), rng))


def part_indian(deals: int, seed: int) -> dict[int, float]:
    rates: dict[int, float] = {}
    runs = (
        ("random play (drops allowed)", indian_random, deals),
        ("random play, never dropping (whole deals)", indian_no_drop, max(1, deals // 10)),
        ("greedy vs greedy", indian_greedy, max(1, deals // 10)),
    )
    for label, fn, n in runs:
        print(f"\nIndian Rummy {label}, {n} deals per table size (deals/s, higher is better)")
        for players in (2, 6):
            secs, per_deal, kinds = fn(n, players, seed)
            if fn is indian_random:
                rates[players] = n / secs
            ends = ", ".join(f"{k} {v / n:.0%}" for k, v in kinds.most_common())
            print(f"  {players} players {n / secs:9.1f} deals/s  "
                  f"{secs / n * 1e3:7.3f} ms/deal  "
                  f"{per_deal:6.1f} moves/deal  ({ends})")
    return rates


def table_random(
    variant: str, hands: int, players: int, seed: int
) -> tuple[float, float, Counter[str]]:
    """Seconds for ``hands`` random-play hands of a table-meld variant, moves per hand,
    and how they ended."""
    rng = random.Random(seed)
    moves = 0
    kinds: Counter[str] = Counter()
    t = time.perf_counter()
    for i in range(hands):
        game = new_game(variant, players=players, seed=seed + i, dealer=i % players)
        state = game.state
        while state.result is None:
            game.play(rng.choice(game.legal_moves()))
        moves += len(state.history)
        kinds[state.result.kind] += 1
    return time.perf_counter() - t, moves / hands, kinds


def part_table(hands: int, seed: int) -> dict[tuple[str, int], float]:
    print(f"\nBasic Rummy and Rummy 500 random play, {hands} hands per table size "
          "(hands/s, higher is better)")
    rates: dict[tuple[str, int], float] = {}
    for variant, label in (("basic", "Basic Rummy"), ("500", "Rummy 500")):
        for players in (2, 6):
            secs, per_hand, kinds = table_random(variant, hands, players, seed)
            rates[variant, players] = hands / secs
            ends = ", ".join(f"{k} {v / hands:.0%}" for k, v in kinds.most_common())
            print(f"  {label:<11} {players} players {hands / secs:8.1f} hands/s  "
                  f"{secs / hands * 1e3:7.3f} ms/hand  {per_hand:6.1f} moves/hand  ({ends})")
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=1000, help="random-play hands per engine")
    parser.add_argument("--greedy", type=int, default=20000, help="greedy-vs-greedy hands")
    parser.add_argument("--indian", type=int, default=2000,
                        help="Indian Rummy random-play deals for 2 and for 6 players")
    parser.add_argument("--table", type=int, default=500,
                        help="Basic Rummy and Rummy 500 random-play hands for 2 and 6 players")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.hands > 0:
        part_random(args.hands, args.seed)
    if args.greedy > 0:
        part_greedy(args.greedy, args.seed)
    if args.indian > 0:
        part_indian(args.indian, args.seed)
    if args.table > 0:
        part_table(args.table, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
