"""How strong and how fast the expert bot is, and whether its reviews make sense.

    python benchmarks/bench_strength.py openspiel --deals 2000 [--workers 2] [--bot expert]
    python benchmarks/bench_strength.py eaai --games 2000 [--workers 2] [--bot expert] [--seed 0]
                                             [--set M:N=V]
    python benchmarks/bench_strength.py greedy --variants gin,basic,500,indian --deals 400
                                               [--players 3] [--opponent eaai-simple]
                                               [--first N] [--save FILE] [--against FILE]
                                               [--set M:N=V]
    python benchmarks/bench_strength.py drops [--deals 1000] [--opponent greedy] [--set M:N=V]
    python benchmarks/bench_strength.py hintbot --variants gin,basic,500,indian --deals 200
    python benchmarks/bench_strength.py speed [--hands 20] [--set M:N=V]
    python benchmarks/bench_strength.py review [--variants gin,basic,500,indian]
                                               [--opponent greedy|random|expert]
                                               [--resolutions 3,2,1] [--by-kind]
                                               [--first N]
                                               [--set M:N=V]
    python benchmarks/bench_strength.py reviewcheck [--variants 500] [--hands 12]
                                                   [--policy greedy|expert]
                                                   [--resolutions 3,2,1] [--bands 1,2,3]
    python benchmarks/bench_strength.py gap [--variants gin,basic,500,indian] [--hands 60]
                                            [--random-on all|draw|discard] [--opponent ...]

* ``openspiel``: Gin against OpenSpiel's ``make_simple_gin_rummy_bot`` in OpenSpiel's own
  engine (see ``benchmarks/openspiel_gin.py`` for the adapter and the rule differences),
  duplicate deals: each deal is played twice, the rummy_lab bot on seat 0, then on seat 1.
  Two scores of the same hands: first the fair one, both defenders laying off as the
  rules allow (our engine's showdown of the hands at the knock), then OpenSpiel's own
  returns, where OpenSpiel's simple bot defends without laying off (worth about 1.5
  points per hand to its opponent).
  ``--bot`` picks the rummy_lab side: ``expert`` (default), ``greedy`` or ``greedy0``
  (``GreedyGinBot(knock_at=0)``, which only goes gin), for comparison.
* ``eaai``: games to 100 against the EAAI Gin Rummy challenge's reference player
  (:class:`rummy_lab.bots.SimpleGinRummyPlayer`) under the challenge's rules
  (:data:`EAAI_RULES`), in mirrored pairs: the two games of a pair deal the same
  shuffles hand by hand (one match seed) from the same first dealer, with the seats
  swapped. Games won with a 95% interval by a bootstrap that resamples whole pairs (and
  Wilson's, which takes games as independent), points per hand (pair bootstrap), hands
  per game, and how the hands end for each side. ``--bot``: ``expert`` (default),
  ``greedy``, ``greedy0``, ``random`` or ``eaai-simple`` (a check: near 50%).
* ``greedy``: the expert against the variant's greedy bot in rummy_lab's engine, two
  players (``--players``: more, the expert on each seat in turn), duplicate deals, in
  :func:`rummy_lab.coach.hand_points` per deal. ``--opponent``: another bot on the other
  seats (``eaai-simple``: Gin's SimpleGinRummyPlayer); the variant ``eaai`` deals Gin
  hands under the EAAI challenge's rules (:data:`EAAI_RULES`). ``--save FILE`` keeps the
  per-deal points, and ``--against FILE`` prints the paired difference to such a run on
  the same deals: the seeds are the same, so two versions of the expert play each deal
  alike until their first different decision (``--first N``: deals N onwards, to extend
  a comparison on new deals). ``--set module:NAME=value`` sets a coach constant before
  any hand is played, for experiments.
* ``drops``: Indian Rummy, are the expert's drops right? At every drop the expert makes
  against ``--opponent``, the hand is played again from there with the expert's best
  other move, on the same deal: what the drop gained over playing on. And where the
  expert ranked a drop 1 but played on (a tie its rule of thumb breaks by playing), what
  dropping would have gained (the drop's price against the hand as it went).
* ``hintbot``: the play table's hint (:func:`rummy_lab.coach.hint`: the coach's choice
  at a review's depth) played as a bot against the expert bot, duplicate deals (the
  hint's bot on each seat in turn), in :func:`rummy_lab.coach.hand_points` per deal.
* ``speed``: ``ExpertBot.choose`` per decision (wall clock and CPU), and
  ``evaluate(view, budget=1.0)``, on positions from games against the greedy bot.
* ``review``: the expert's own decisions reviewed at the same budget (share labelled
  best or good), and a random bot's (share labelled mistake or blunder).
  ``--resolutions`` gives both shares again with the reviewed rows ranked at other
  resolutions (``rl.coach.ranking.RESOLUTION``; the games are not replayed).
  ``--by-kind`` counts the random bot's labels by the kind of move played and the
  coach's (a throw for a throw, a stock draw for a pick...).
* ``reviewcheck``: a random bot's reviewed decisions where the coach would have moved
  otherwise: the review's loss beside the loss by playouts to the end of the hand (true
  deal and belief deals), by kind of decision: how far the table variants' one-turn
  values are from playouts. The reviewed seat plays the rest of the hand by ``--policy``
  (the greedy bot, or the expert bot), the others by the greedy bot. ``--resolutions``
  ranks the rows again at those resolutions and gives the playouts' loss of the
  decisions each ties with the best and separates from it; ``--bands`` groups the
  decisions by the review's loss (the coach's lead over the move played), each band with
  its loss by playouts: whether a lead of that size is real.
* ``gap``: what a random bot's decisions cost without the coach's values: the expert's
  points less the random bot's on the same deals against the greedy bot, per reviewed
  decision (the performance difference identity), beside the review's mean loss.
  ``--random-on draw`` (or ``discard``): seat 0 plays at random in that phase only and
  as the expert elsewhere, which checks the review's losses of one phase; ``--opponent``
  (here and in ``review``): the bot on seat 1.

Every deal is seeded by its number and results are put back in deal order, so the
figures do not depend on the number of worker processes.

The experiments that fixed the coach's constants, and the checks of its one-turn values,
are in ``benchmarks/fits/fit_coach.py`` (``benchmarks/fits/README.md`` says which constant
each fixed, in which module, and the command).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import math
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import rummy_lab as rl
from rummy_lab.bots import (
    ExpertBot,
    GreedyGinBot,
    RandomBot,
    SimpleGinRummyPlayer,
    make_bot,
    play_hand,
    play_match,
)
from rummy_lab.bots.playouts import paired_playouts
from rummy_lab.coach import evaluate, hand_points, review

sys.path.insert(0, str(Path(__file__).resolve().parent))


# --------------------------------------------------------------------------- helpers


def summary(points: Sequence[float]) -> tuple[float, float, float, float]:
    """Mean, standard error and the 95% interval (normal approximation)."""
    n = len(points)
    m = statistics.fmean(points)
    se = statistics.stdev(points) / math.sqrt(n) if n > 1 else float("nan")
    return m, se, m - 1.96 * se, m + 1.96 * se


def run_chunks(
    fn: Callable[..., list[Any]], args: tuple[Any, ...], n: int, workers: int, chunk: int
) -> list[Any]:
    """``fn(*args, start, stop)`` over ``range(n)`` in chunks; results in index order."""
    bounds = [(s, min(n, s + chunk)) for s in range(0, n, chunk)]
    out: dict[int, list[Any]] = {}
    if workers <= 1:
        for s, e in bounds:
            out[s] = fn(*args, s, e)
            print(f"  {e}/{n}", file=sys.stderr, flush=True)
    else:
        with cf.ProcessPoolExecutor(workers) as pool:
            futures = {pool.submit(fn, *args, s, e): (s, e) for s, e in bounds}
            done = 0
            for fut in cf.as_completed(futures):
                s, e = futures[fut]
                out[s] = fut.result()
                done += e - s
                print(f"  {done}/{n}", file=sys.stderr, flush=True)
    return [x for s, _ in bounds for x in out[s]]


# --------------------------------------------------------------------------- openspiel


def _side(name: str, budget: float | None) -> Any:
    if name == "expert":
        return ExpertBot(budget=budget)
    if name == "greedy":
        return GreedyGinBot()
    if name == "greedy0":
        return GreedyGinBot(knock_at=0)
    raise SystemExit(f"unknown --bot {name!r}")


class _WallExpert:
    """The expert, with OpenSpiel's wall decision: knock when the best knock is worth
    more than the draw (0)."""

    def __init__(self, bot: ExpertBot) -> None:
        self.bot = bot

    def choose(self, view: rl.PlayerView, rng: random.Random) -> rl.moves.Move:
        return self.bot.choose(view, rng)

    def wall_knock(self, view: rl.PlayerView, rng: random.Random) -> rl.moves.Move | None:
        advice = evaluate(view, budget=self.bot.budget, seed=rng.getrandbits(32))
        finishes = [a for a in advice if isinstance(a.move, rl.moves.Knock | rl.moves.Gin)]
        if not finishes or finishes[0].value <= 0:
            return None
        return finishes[0].move


def _openspiel_chunk(bot_name: str, budget: float | None, start: int, stop: int
                     ) -> list[tuple[float, float, tuple[str, str], tuple[str, str]]]:
    """Per duplicate deal: the rummy_lab side's points per hand by our engine's showdown
    (both defenders lay off) and by OpenSpiel's returns (its bot never lays off), and
    the two hands' endings by each."""
    from openspiel_gin import deal_deck, play_openspiel_hand

    out = []
    for d in range(start, stop):
        deck = deal_deck(d)
        rec = []
        for seat in (0, 1):
            side = _side(bot_name, budget)
            if isinstance(side, ExpertBot):
                side = _WallExpert(side)
            rec.append(play_openspiel_hand(deck, side, seat, random.Random(f"{d} {seat}")))
        out.append(((rec[0].fair_points + rec[1].fair_points) / 2,
                    (rec[0].points + rec[1].points) / 2,
                    (rec[0].fair_kind, rec[1].fair_kind), (rec[0].kind, rec[1].kind)))
    return out


def cmd_openspiel(args: argparse.Namespace) -> None:
    t = time.perf_counter()
    rows = run_chunks(_openspiel_chunk, (args.bot, args.budget), args.deals, args.workers,
                      args.chunk)
    print(f"Gin vs OpenSpiel simple bot, {args.bot} (budget {args.budget}), "
          f"{len(rows)} duplicate deals ({2 * len(rows)} hands), {time.perf_counter() - t:.0f} s")
    settings = (
        ("fair: both defenders lay off as the rules allow (our engine's showdown of the "
         "hands at the knock)", 0, 2),
        ("OpenSpiel's own post-knock play: its simple bot never lays off (OpenSpiel's "
         "returns)", 1, 3),
    )
    for title, at, kinds_at in settings:
        pts = [r[at] for r in rows]
        m, se, lo, hi = summary(pts)
        kinds = Counter(k for r in rows for k in r[kinds_at])
        print(f"  {title}")
        print(f"    points per hand: {m:+.2f} +- {se:.2f} (95% interval {lo:+.2f} .. {hi:+.2f})")
        print("    hand endings: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    m, se, lo, hi = summary([r[1] - r[0] for r in rows])
    print(f"  the OpenSpiel bot's missing lay-offs give {args.bot} {m:+.2f} +- {se:.2f} points "
          f"per hand (95% interval {lo:+.2f} .. {hi:+.2f})")


# --------------------------------------------------------------------------- eaai

EAAI_RULES = rl.get_rules("gin", name="eaai", gin_bonus=25, undercut_bonus=25,
                          tie_is_undercut=True, big_gin_bonus=None, game_bonus=0, box_bonus=0,
                          stock_end=2, knock_limit=10, target=100, alternate_deal=True)
"""The EAAI Gin Rummy challenge's games: to 100, gin and undercut bonus 25, a tie is an
undercut, no big gin, no game or box bonus, a hand whose stock is down to two cards is a
draw, and the first turn passes to the other player after every scored hand."""


def eaai_rules_text(r: rl.Rules) -> str:
    """The challenge's rules in words, from the rules object."""
    parts = [f"games to {r.target}", f"gin bonus {r.gin_bonus}",
             f"undercut bonus {r.undercut_bonus}"]
    parts.append("a tie is an undercut" if r.tie_is_undercut else "a tie scores nothing")
    parts.append("no big gin" if r.big_gin_bonus is None else f"big gin {r.big_gin_bonus}")
    parts.append(f"game bonus {r.game_bonus}, box bonus {r.box_bonus}")
    parts.append(f"knock at {r.knock_limit} or less")
    parts.append(f"a draw when the stock is down to {r.stock_end} cards")
    parts.append("the deal alternates" if r.alternate_deal else "the winner deals")
    return ", ".join(parts)


def _eaai_bot(name: str, budget: float | None) -> Any:
    if name == "expert":
        return ExpertBot(budget=budget)
    if name == "greedy0":
        return GreedyGinBot(knock_at=0)
    try:
        return make_bot(name, EAAI_RULES)
    except ValueError as exc:
        raise SystemExit(f"--bot: {exc}") from None


def _eaai_chunk(bot_name: str, budget: float | None, seed: int, start: int, stop: int
                ) -> list[tuple[tuple[bool, list[tuple[int, str, bool | None]]], ...]]:
    """Per mirrored pair ``k``: two games to 100 from one match seed (the same shuffle for
    every hand) and the same first dealer (``k % 2``), ``bot_name`` on seat 0 then on seat
    1, SimpleGinRummyPlayer on the other. Per game: whether ``bot_name`` won, and per hand
    its signed points, the ending and whether it knocked (``True``), the other did
    (``False``) or nobody (``None``)."""
    out = []
    for k in range(start, stop):
        match_seed = random.Random(f"rummy_lab eaai {seed} {k}").getrandbits(63)
        pair = []
        for seat in (0, 1):
            match = rl.new_match(EAAI_RULES, seed=match_seed, dealer=k % 2)
            bots: list[Any] = [SimpleGinRummyPlayer(), SimpleGinRummyPlayer()]
            bots[seat] = _eaai_bot(bot_name, budget)
            play_match(match, bots, random.Random(f"{match_seed} {seat}"))
            hands = []
            for r in match.results:
                sign = 0 if r.winner is None else (1 if r.winner == seat else -1)
                who = None if r.knocker is None else r.knocker == seat
                hands.append((sign * r.points, r.kind, who))
            pair.append((match.winner == seat, hands))
        out.append(tuple(pair))
    return out


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / n``."""
    if n == 0:
        return float("nan"), float("nan")
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def paired_bootstrap(units: Sequence[tuple[float, float]], rounds: int = 2000,
                     seed: int = 0) -> tuple[float, float]:
    """The 95% percentile interval of ``sum(a) / sum(b)`` when whole units (here the
    mirrored pairs of games) are resampled with replacement."""
    rng = random.Random(seed)
    n = len(units)
    stats = []
    for _ in range(rounds):
        pick = [units[rng.randrange(n)] for _ in range(n)]
        den = sum(b for _, b in pick)
        stats.append(sum(a for a, _ in pick) / den if den else float("nan"))
    stats.sort()
    return stats[int(0.025 * rounds)], stats[min(rounds - 1, int(0.975 * rounds))]


def cmd_eaai(args: argparse.Namespace) -> None:
    """Games to 100 under the EAAI challenge's rules against SimpleGinRummyPlayer."""
    apply_settings(args.set)
    if args.games < 2 or args.games % 2:
        raise SystemExit(f"--games must be an even number >= 2 (mirrored pairs), got {args.games}")
    t = time.perf_counter()
    pairs = run_chunks(_eaai_chunk, (args.bot, args.budget, args.seed), args.games // 2,
                       args.workers, args.chunk)
    games = [g for pair in pairs for g in pair]
    won = sum(g[0] for g in games)
    n = len(games)
    wlo, whi = wilson(won, n)
    blo, bhi = paired_bootstrap([(sum(g[0] for g in pair), 2) for pair in pairs])
    hands = [h for g in games for h in g[1]]
    per_pair = [(sum(h[0] for g in pair for h in g[1]), sum(len(g[1]) for g in pair))
                for pair in pairs]
    plo, phi = paired_bootstrap(per_pair)
    ppm = sum(h[0] for h in hands) / len(hands)
    hm, hse, _, _ = summary([len(g[1]) for g in games])
    print(f"EAAI Gin Rummy challenge ({eaai_rules_text(EAAI_RULES)}): {args.bot} (budget "
          f"{args.budget}) against SimpleGinRummyPlayer, {n} games in {n // 2} mirrored pairs "
          f"(same shuffles, seats swapped; seed {args.seed}), {time.perf_counter() - t:.0f} s")
    print(f"  games won by {args.bot}: {won} of {n} = {won / n:.1%}; 95% interval "
          f"{blo:.1%} .. {bhi:.1%} (paired bootstrap over the pairs), Wilson {wlo:.1%} .. "
          f"{whi:.1%} (games taken as independent)")
    print(f"  points per hand for {args.bot}: {ppm:+.2f} over {len(hands)} hands; 95% interval "
          f"{plo:+.2f} .. {phi:+.2f} (paired bootstrap over the pairs)")
    print(f"  hands per game: {hm:.2f} +- {hse:.2f} (standard error)")
    for side, label in ((True, args.bot), (False, "SimpleGinRummyPlayer")):
        mine = Counter(h[1] for h in hands if h[2] is side)
        knocked = sum(mine.values())
        print(f"  {label} ends {knocked} hands ({knocked / len(hands):.1%}): "
              + ", ".join(f"{_ENDINGS.get(kind, kind)} {c} ({c / len(hands):.1%})"
                          for kind, c in sorted(mine.items())))
    rest = Counter(h[1] for h in hands if h[2] is None)
    print("  nobody knocks: " + (", ".join(f"{kind} {c} ({c / len(hands):.1%})"
                                          for kind, c in sorted(rest.items())) or "never"))


_ENDINGS = {"knock": "knocks and wins", "gin": "goes gin", "big_gin": "goes big gin",
            "undercut": "knocks and is undercut", "tie": "knocks and ties"}


# --------------------------------------------------------------------------- greedy


def _duplicates_chunk(variant: str, tag: str, seat_bot: str, others: str,
                      budget: float | None, players: int, first: int, start: int, stop: int
                      ) -> list[tuple[float, float]]:
    """Per deal, ``seat_bot``'s points (:func:`hand_points`) averaged over the seats, and
    the share of the deal's hands it won: the deal is played once with it on each seat,
    ``others`` on the other seats (``expert``, ``hint`` or a :func:`make_bot` name;
    ``budget`` is the expert's)."""

    def bot(name: str, rules: rl.Rules) -> Any:
        if name == "expert":
            return ExpertBot(budget=budget)
        return _HintBot() if name == "hint" else make_bot(name, rules)

    out = []
    rules: rl.Rules | str = EAAI_RULES if variant == "eaai" else variant
    for d in range(first + start, first + stop):
        seed = random.Random(f"rummy_lab {tag} {variant} {d}").getrandbits(31)
        total = 0.0
        won = 0
        for seat in range(players):
            g = rl.new_game(rules, players=players, seed=seed, dealer=d % players)
            bots = [bot(others, g.rules) for _ in range(players)]
            bots[seat] = bot(seat_bot, g.rules)
            res = play_hand(g, bots, random.Random(seed ^ seat))
            total += hand_points(res, seat, g.rules)
            won += res.winner == seat
        out.append((total / players, won / players))
    return out


def _duplicates(args: argparse.Namespace, title: str, tag: str, seat_bot: str, others: str,
                budget: float | None = None) -> None:
    """Run :func:`_duplicates_chunk` for each of ``args.variants`` and print the points
    per deal with their 95% interval."""
    print(title)
    saved: dict[str, list[float]] = {}
    for variant in args.variants.split(","):
        t = time.perf_counter()
        rows = run_chunks(_duplicates_chunk,
                          (variant, tag, seat_bot, others, budget, args.players,
                           getattr(args, "first", 0)),
                          args.deals, args.workers, args.chunk)
        pts = [p for p, _ in rows]
        m, se, lo, hi = summary(pts)
        print(f"  {variant:<8} {len(pts)} deals: {m:+.2f} +- {se:.2f} points per deal "
              f"(95% interval {lo:+.2f} .. {hi:+.2f}), {time.perf_counter() - t:.0f} s",
              flush=True)
        w, _, wlo, whi = summary([share for _, share in rows])
        print(f"  {variant:<8} {seat_bot} wins {w:.1%} of the hands (95% interval {wlo:.1%} "
              f".. {whi:.1%}, deals as the unit; an even share is {1 / args.players:.1%})",
              flush=True)
        saved[variant] = pts
        if getattr(args, "save", None):
            import json

            Path(args.save).write_text(json.dumps({"opponent": others, "points": saved,
                                                   "first": getattr(args, "first", 0)}))
        base = _saved_points(getattr(args, "against", None), variant, others,
                             getattr(args, "first", 0))
        if base is not None:
            n = min(len(base), len(pts))
            m, se, lo, hi = summary([pts[i] - base[i] for i in range(n)])
            changed = sum(1 for i in range(n) if pts[i] != base[i])
            print(f"  {variant:<8} against the saved run, the same {n} deals ({changed} "
                  f"played differently): {m:+.2f} +- {se:.2f} points per deal (95% interval "
                  f"{lo:+.2f} .. {hi:+.2f})", flush=True)


def _saved_points(path: str | None, variant: str, others: str, first: int = 0
                  ) -> list[float] | None:
    """Per-deal points of ``variant`` saved by an earlier run's ``--save`` (``None``
    without a path), from deal ``first`` on. The saved run must have played the same
    opponent and include that deal."""
    if not path:
        return None
    import json

    data = json.loads(Path(path).read_text())
    if data.get("opponent") != others:
        raise SystemExit(f"--against {path}: saved against {data.get('opponent')!r}, "
                         f"not {others!r}")
    got = data["points"].get(variant)
    if got is None:
        raise SystemExit(f"--against {path}: no deals of {variant!r} saved")
    start = int(data.get("first", 0))
    if not start <= first < start + len(got):
        raise SystemExit(f"--against {path}: deal {first} not saved (deals {start} .. "
                         f"{start + len(got) - 1})")
    return [float(x) for x in got[first - start:]]


def apply_settings(settings: Sequence[str]) -> None:
    """``--set module:NAME=value`` for experiments: set a module constant (a Python
    literal) before any game is played, e.g.
    ``--set rummy_lab.coach.gin.values:DEFAULT_BATCH=12``."""
    import ast
    import importlib

    for item in settings:
        target, sep, text = item.partition("=")
        mod_name, colon, name = target.partition(":")
        if not sep or not colon:
            raise SystemExit(f"--set wants module:NAME=value, got {item!r}")
        mod = importlib.import_module(mod_name)
        if not hasattr(mod, name):
            raise SystemExit(f"--set: {mod_name} has no {name}")
        setattr(mod, name, ast.literal_eval(text))
        print(f"  set {mod_name}.{name} = {getattr(mod, name)!r}")


def cmd_greedy(args: argparse.Namespace) -> None:
    apply_settings(args.set)
    _duplicates(args, f"expert vs {args.opponent}, {args.players} players, duplicate deals "
                f"(budget {args.budget})", "strength", "expert", args.opponent, args.budget)


class _HintBot:
    """Plays the first move of :func:`rummy_lab.coach.hint`: the coach's choice valued
    as a review values it (:func:`rummy_lab.coach.review_values`), each decision seeded
    from ``rng`` as the expert's is."""

    def choose(self, view: rl.PlayerView, rng: random.Random) -> rl.moves.Move:
        from rummy_lab.coach import review_values

        return review_values(view, None, rng.getrandbits(32), split=False)[0].move


def _drops_chunk(opponent: str, start: int, stop: int) -> list[tuple[str, float, float]]:
    """Indian Rummy, the expert against ``opponent``, both seats of each deal: at every
    drop the expert makes, ``(kind, dropped, played on)``: the points of the hand as it
    went (the drop's price) and the points when the expert plays its best other move
    there instead and plays on (the same deal and the same seeds for the rest). And at
    every decision where the expert plays on though a drop is ranked 1 with the move it
    plays (a tie its rule of thumb breaks by playing on), ``("tied ...", the drop's
    price, the points of the hand as it went)``, split by whether the drop was valued
    above the move played."""
    from rummy_lab.coach.oneturn import drop_price
    from rummy_lab.engine.moves import DROP, Drop

    out = []
    for d in range(start, stop):
        seed = random.Random(f"rummy_lab drops indian {d}").getrandbits(31)
        for seat in range(2):
            g = rl.new_game("indian", seed=seed, dealer=d % 2)
            expert = ExpertBot()
            bots: list[Any] = [make_bot(opponent, g.rules), make_bot(opponent, g.rules)]
            bots[seat] = expert
            rng = random.Random(seed ^ seat)
            drawn = False
            tied: list[tuple[str, float]] = []
            while not g.is_over:
                p = g.current_player
                v = g.view_for(p)
                before, state = rng.getstate(), g.state.copy()
                move = bots[p].choose(v, rng)
                if p == seat and isinstance(move, Drop):
                    other = next(mv.move for mv in expert.last_values
                                 if not isinstance(mv.move, Drop))
                    alt = rl.Game(state, g.engine)
                    alt_rng = random.Random()
                    alt_rng.setstate(before)
                    alt_rng.getrandbits(32)  # the expert's draw for this decision
                    alt.play(other, player=p)
                    alt_bots: list[Any] = [make_bot(opponent, g.rules)] * 2
                    alt_bots[seat] = ExpertBot()
                    res = play_hand(alt, alt_bots, alt_rng)
                    g.play(move, player=p)
                    assert g.result is not None  # two players: a drop ends the hand
                    out.append(("middle" if drawn else "first",
                                hand_points(g.result, seat, g.rules),
                                hand_points(res, seat, g.rules)))
                    break
                if p == seat and not isinstance(move, Drop):
                    values = expert.last_values
                    ranks = getattr(values, "ranks", [])  # the values are ranked
                    if any(isinstance(mv.move, Drop) and k == 1
                           for mv, k in zip(values, ranks, strict=False)):
                        value = {mv.move: mv.value for mv in values}
                        above = value[DROP] > value[move]
                        tied.append((f"tied {'middle' if drawn else 'first'}, the drop "
                                     f"{'above' if above else 'below'}", -drop_price(v)))
                if p == seat and isinstance(move, rl.moves.DrawStock | rl.moves.DrawDiscard):
                    drawn = True
                g.play(move, player=p)
            if g.result is not None:  # the hand as it went, a later drop included
                out.extend((k, price, hand_points(g.result, seat, g.rules))
                           for k, price in tied)
    return out


def cmd_drops(args: argparse.Namespace) -> None:
    """Are the expert's drops right? Each against playing on, on the same deal."""
    apply_settings(args.set)
    t = time.perf_counter()
    rows = run_chunks(_drops_chunk, (args.opponent,), args.deals, args.workers, args.chunk)
    print(f"indian: the expert against {args.opponent}, {args.deals} deals, both seats: "
          f"{sum(not r[0].startswith('tied') for r in rows)} drops "
          f"({time.perf_counter() - t:.0f} s); what each drop gained over playing on with "
          "the expert's best other move (mean, 95% interval); and the drops the expert "
          "ranked 1 but did not make (tied): what dropping would have gained", flush=True)
    kinds = sorted({r[0] for r in rows}, key=lambda k: (k.startswith("tied"), k))
    for kind in [*kinds, "all"]:
        sub = [r for r in rows if kind == r[0] or (kind == "all" and r[0] in
                                                   ("first", "middle"))]
        if len(sub) > 1:
            m, se, lo, hi = summary([a - b for _, a, b in sub])
            print(f"  {kind:<6} {len(sub):>4}: {m:+.2f} +- {se:.2f} points "
                  f"({lo:+.2f} .. {hi:+.2f}); playing on scored "
                  f"{statistics.fmean(b for *_, b in sub):+.2f} a hand", flush=True)


def cmd_hintbot(args: argparse.Namespace) -> None:
    _duplicates(args, f"the hint's choice against the expert bot, {args.players} players, "
                "duplicate deals", "hint", "hint", "expert")


# --------------------------------------------------------------------------- speed


def _positions(variant: str, hands: int) -> list[rl.PlayerView]:
    """Views of seat 0's decisions in games of the expert against the greedy bot."""
    views = []
    for h in range(hands):
        g = rl.new_game(variant, seed=1000 + h, dealer=h % 2)
        rng = random.Random(h)
        greedy = make_bot("greedy", g.rules)
        expert = ExpertBot()
        while not g.is_over:
            p = g.current_player
            v = g.view_for(p)
            if p == 0:
                if len(v.legal_moves) > 1:
                    views.append(v)
                g.play(expert.choose(v, rng))
            else:
                g.play(greedy.choose(v, rng))
    return views


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _machine_reference() -> float:
    """Seconds for 10**7 additions in a Python loop: how fast this machine runs Python
    (times on shared machines differ several-fold; compare runs by this line)."""
    t = time.perf_counter()
    s = 0
    for i in range(10**7):
        s += i
    return time.perf_counter() - t


def cmd_speed(args: argparse.Namespace) -> None:
    apply_settings(args.set)
    print(f"machine reference: 10**7 Python additions in {_machine_reference():.2f} s",
          flush=True)
    for variant in args.variants.split(","):
        views = _positions(variant, args.hands)
        ExpertBot().choose(views[0], random.Random(0))  # warm: imports, tables
        wall: list[float] = []
        cpu: list[float] = []
        for i, v in enumerate(views):
            bot = ExpertBot()
            w, c = time.perf_counter(), time.process_time()
            bot.choose(v, random.Random(i))
            wall.append(time.perf_counter() - w)
            cpu.append(time.process_time() - c)
        print(f"{variant}: ExpertBot.choose over {len(views)} decisions: wall median "
              f"{1e3 * _pct(wall, 0.5):.1f} ms, p99 {1e3 * _pct(wall, 0.99):.1f} ms; CPU median "
              f"{1e3 * _pct(cpu, 0.5):.1f} ms, p99 {1e3 * _pct(cpu, 0.99):.1f} ms", flush=True)
        sample = views[:: max(1, len(views) // args.evaluations)][: args.evaluations]
        times = []
        for v in sample:
            w = time.perf_counter()
            evaluate(v, budget=1.0)
            times.append(time.perf_counter() - w)
        print(f"{variant}: evaluate(view, budget=1.0) over {len(times)} views: max "
              f"{max(times):.2f} s, median {_pct(times, 0.5):.2f} s", flush=True)


# --------------------------------------------------------------------------- review


def opponent_bot(name: str, rules: rl.Rules) -> Any:
    """The bot on the other seat: ``expert``, ``random`` or (anything else) the variant's
    greedy bot."""
    if name == "expert":
        return ExpertBot()
    if name == "random":
        return RandomBot()
    return make_bot("greedy", rules)


ReviewHand = tuple[Counter[str], Counter[str], float, float,
                   dict[float, tuple[int, int, int]], Counter[tuple[str, str, str]]]


def _review_chunk(variant: str, opponent: str, resolutions: tuple[float, ...],
                  depth: int | None, first: int, start: int, stop: int) -> list[ReviewHand]:
    """Per hand: the expert's labels, the random bot's labels, each review's accuracy
    times its decisions (so that the sums give the mean over all decisions), for
    each of ``resolutions``: the expert's decisions best or good, the random bot's
    mistake or blunder, and the random bot's decisions, with the rows ranked again at
    that resolution (:func:`relabel`), and the random bot's labels by the kind of move
    played and the coach's (:func:`by_kind`). ``depth``: the review's depth
    (``rummy_lab.coach.review.REVIEW_DEPTH``), None for the shipped one. The hands are
    ``first + start`` to ``first + stop``."""
    if depth is not None:
        import importlib

        vars(importlib.import_module("rummy_lab.coach.review"))["REVIEW_DEPTH"] = depth
    out = []
    for h in range(first + start, first + stop):
        g = rl.new_game(variant, seed=5000 + h, dealer=h % 2)
        play_hand(g, [ExpertBot(), opponent_bot(opponent, g.rules)], random.Random(h))
        rv = review(g, 0, seed=h)
        own = Counter(r.label for r in rv.rows)
        own_acc = rv.accuracy * len(rv.rows)
        own_rows = rv.rows
        g = rl.new_game(variant, seed=6000 + h, dealer=h % 2)
        play_hand(g, [RandomBot(), opponent_bot(opponent, g.rules)], random.Random(h))
        rv = review(g, 0, seed=h)
        rnd = Counter(r.label for r in rv.rows)
        again = {}
        for m in resolutions:
            good = sum(relabel(r, m, g.rules) in ("best", "good") for r in own_rows)
            bad = sum(relabel(r, m, g.rules) in ("mistake", "blunder") for r in rv.rows)
            again[m] = (good, bad, len(rv.rows))
        out.append((own, rnd, own_acc, rv.accuracy * len(rv.rows), again, by_kind(rv.rows)))
    return out


def by_kind(rows: Sequence[Any]) -> Counter[tuple[str, str, str]]:
    """Review rows counted by ``(kind of the move played, kind of the coach's move,
    label)``, the kinds being the moves' class names (``"Discard"``, ``"DrawStock"``...)."""
    return Counter((type(r.played).__name__, type(r.best).__name__, r.label) for r in rows)


def kind_lines(counts: Counter[tuple[str, str, str]]) -> list[str]:
    """One line per pair of kinds (most decisions first): the decisions, the share that
    are a mistake or blunder, and every label's count.

    >>> for line in kind_lines(Counter({("Discard", "Discard", "best"): 3,
    ...                                 ("Discard", "Discard", "blunder"): 1,
    ...                                 ("DrawStock", "DrawDiscard", "mistake"): 2})):
    ...     print(line)
      Discard for Discard: 4 decisions, 25.0% mistake or blunder (best 3, blunder 1)
      DrawStock for DrawDiscard: 2 decisions, 100.0% mistake or blunder (mistake 2)
    """
    from rummy_lab.coach import LABELS

    pairs: dict[tuple[str, str], Counter[str]] = {}
    for (played, best, label), n in counts.items():
        pairs.setdefault((played, best), Counter())[label] += n
    lines = []
    for (played, best), c in sorted(pairs.items(), key=lambda kv: (-sum(kv[1].values()),
                                                                    kv[0])):
        total = sum(c.values())
        bad = (c["mistake"] + c["blunder"]) / total
        labels = ", ".join(f"{k} {c[k]}" for k in LABELS if c[k])
        noun = "decision" if total == 1 else "decisions"
        lines.append(f"  {played} for {best}: {total} {noun}, {bad:.1%} mistake or "
                     f"blunder ({labels})")
    return lines


def relabel(row: Any, margin: float, rules: rl.Rules) -> str:
    """A review row's label with its values ranked at the resolution ``margin`` instead
    of the variant's: exact for the variants valued by the one-turn estimate (their values
    do not depend on the resolution), for Gin only approximate (its racing stops by the
    ranks). The expert's own play would change with the resolution too (its rule of
    thumb picks among the rank-1 moves), which this does not replay."""
    from rummy_lab.coach.review import label_for

    return label_for(row.loss, is_best=rank_at(row, margin) == 1, noise=row.noise,
                     variant=rules)


def rank_at(row: Any, margin: float) -> int:
    """The rank of a review row's move played with the row's values ranked at the
    resolution ``margin`` (:func:`relabel`)."""
    from rummy_lab.coach.ranking import ranks

    values = list(row.values)
    k = ranks(values, margin)
    return next((k[i] for i, mv in enumerate(values) if mv.move == row.played), 2)


def cmd_review(args: argparse.Namespace) -> None:
    apply_settings(args.set)
    resolutions = tuple(float(x) for x in args.resolutions.split(",") if x)
    for variant in args.variants.split(","):
        rows = run_chunks(_review_chunk, (variant, args.opponent, resolutions, args.depth,
                                          args.first), args.hands, args.workers, args.chunk)
        own: Counter[str] = Counter()
        rnd: Counter[str] = Counter()
        kinds: Counter[tuple[str, str, str]] = Counter()
        for a, b, _, _, _, k in rows:
            own.update(a)
            rnd.update(b)
            kinds.update(k)
        n_own, n_rnd = sum(own.values()), sum(rnd.values())
        good = (own["best"] + own["good"]) / max(1, n_own)
        bad = (rnd["mistake"] + rnd["blunder"]) / max(1, n_rnd)
        se_good = _share_se([(a["best"] + a["good"], sum(a.values()))
                             for a, *_ in rows])
        se_bad = _share_se([(b["mistake"] + b["blunder"], sum(b.values()))
                            for _, b, *_ in rows])
        acc_own = sum(r[2] for r in rows) / max(1, n_own)
        acc_rnd = sum(r[3] for r in rows) / max(1, n_rnd)
        print(f"{variant}: expert's decisions best or good {good:.1%} +- {se_good:.1%} of "
              f"{n_own} ({dict(own)}), accuracy {acc_own:.1f}; random bot's mistake or "
              f"blunder {bad:.1%} +- {se_bad:.1%} of {n_rnd} ({dict(rnd)}), accuracy "
              f"{acc_rnd:.1f}; {len(rows)} hands ({args.first} .. {args.first + len(rows) - 1}) "
              f"against the {args.opponent} bot, standard "
              "errors by hand; accuracy: the mean over the decisions", flush=True)
        if args.by_kind:
            print("  the random bot's decisions by the move played and the coach's move:")
            for line in kind_lines(kinds):
                print(line)
        for m in resolutions:
            per = [r[4][m] for r in rows]
            good_m = sum(x[0] for x in per) / max(1, n_own)
            bad_m = sum(x[1] for x in per) / max(1, n_rnd)
            se_m = _share_se([(x[1], x[2]) for x in per])
            print(f"  ranked at a resolution of {m:g} points: expert's best or good "
                  f"{good_m:.1%}, random bot's mistake or blunder {bad_m:.1%} +- {se_m:.1%}",
                  flush=True)


def _share_se(per_hand: list[tuple[int, int]]) -> float:
    """The standard error of a share of decisions pooled over hands, the hands being the
    independent units (a ratio estimate: decisions of one hand are not independent)."""
    hands = [(k, n) for k, n in per_hand if n]
    h = len(hands)
    if h < 2:
        return float("nan")
    total = sum(n for _, n in hands)
    share = sum(k for k, _ in hands) / total
    mean_n = total / h
    var = sum((k - share * n) ** 2 for k, n in hands) / (h - 1)
    return math.sqrt(var / h) / mean_n


def _check_chunk(variant: str, deals: int, policy: str, resolutions: tuple[float, ...],
                 start: int, stop: int
                 ) -> list[tuple[str, float, float, float, dict[float, int]]]:
    """A random bot's reviewed decisions where the coach would have moved otherwise: the
    review's loss beside the loss by playouts to the end of the hand (the true deal and
    ``deals - 1`` belief deals, two playouts each, the same seeds for both moves; the
    reviewed seat plays ``policy``, the others the greedy bot), by kind: the move played
    for the coach's (a throw of a card of the hand's best partition's melds apart), and
    the move played's rank at each of ``resolutions`` (:func:`rank_at`)."""
    from rummy_lab.coach.solved import best_partition

    out = []
    for h in range(start, stop):
        g = rl.new_game(variant, seed=6000 + h, dealer=h % 2)
        bots = [RandomBot(), make_bot("greedy", g.rules)]
        rng = random.Random(h)
        seen: dict[int, tuple[Any, rl.PlayerView]] = {}
        while g.state.result is None:
            p = g.state.current
            v = g.view_for(p)
            if p == 0 and len(v.legal_moves) > 1:
                seen[len(g.history)] = (g.state.copy(), v)
            g.play(bots[p].choose(v, rng), player=p)
        for r in review(g, 0, seed=h).rows:
            if r.played == r.best:
                continue
            st, v = seen[r.turn]
            diffs = paired_playouts(st, v, r.best, r.played, 0, deals,
                                    random.Random(1000 * h + r.turn), policy)
            played = type(r.played).__name__
            if isinstance(r.played, rl.moves.Discard) and r.played.card not in best_partition(
                    list(v.hand), v.rules).deadwood:
                played += " of a meld card"
            kind = f"{played} for {type(r.best).__name__}"
            out.append((kind, r.loss, statistics.fmean(diffs),
                        statistics.stdev(diffs) / math.sqrt(len(diffs)),
                        {m: rank_at(r, m) for m in resolutions}))
    return out


def cmd_reviewcheck(args: argparse.Namespace) -> None:
    """The review's losses against playouts to the end of the hand (``--policy``)."""
    resolutions = tuple(float(x) for x in args.resolutions.split(",") if x)
    for variant in args.variants.split(","):
        rows = run_chunks(_check_chunk, (variant, args.deals, args.policy, resolutions),
                          args.hands, args.workers, 2)
        print(f"{variant}: {len(rows)} decisions of a random bot where the coach would have "
              f"moved otherwise, {args.hands} hands; mean loss by the review, by playouts "
              f"({args.policy} for the reviewed seat) "
              f"(standard error of the mean):", flush=True)
        kinds = sorted({r[0] for r in rows}, key=lambda k: -sum(r[0] == k for r in rows))
        for kind in [*kinds, "all"]:
            sub = [r for r in rows if kind in ("all", r[0])]
            se = math.sqrt(sum(r[3] ** 2 for r in sub)) / len(sub)
            print(f"  {kind:<34} {len(sub):>4}: review {statistics.fmean(r[1] for r in sub):+7.2f}"
                  f", playouts {statistics.fmean(r[2] for r in sub):+7.2f} ({se:.2f})", flush=True)
        if args.bands:
            edges = [float(x) for x in args.bands.split(",")]
            print("  by the review's loss (the coach's lead over the move played): mean loss by "
                  "playouts (standard error), share of them above 0", flush=True)
            for lo, hi in zip([0.0, *edges], [*edges, math.inf], strict=True):
                sub = [r for r in rows if lo <= r[1] < hi]
                if sub:
                    print(f"    {lo:g} to {hi:g}: {_playout_summary(sub)}", flush=True)
        for m in resolutions:
            apart = [r for r in rows if r[4][m] > 1]
            tied = [r for r in rows if r[4][m] == 1]
            print(f"  ranked at a resolution of {m:g} points: ranked apart "
                  f"{_playout_summary(apart)}; tied {_playout_summary(tied)}", flush=True)


def _playout_summary(rows: Sequence[tuple[Any, ...]]) -> str:
    """Decisions of :func:`_check_chunk`: how many, the mean loss by the review and by
    playouts (its standard error), and the share lost by playouts."""
    if not rows:
        return "none"
    se = math.sqrt(sum(r[3] ** 2 for r in rows)) / len(rows)
    return (f"{len(rows)} decisions, review {statistics.fmean(r[1] for r in rows):+.2f}, "
            f"playouts {statistics.fmean(r[2] for r in rows):+.2f} ({se:.2f}), "
            f"{sum(r[2] > 0 for r in rows) / len(rows):.0%} above 0")


class PartlyRandom:
    """Plays a random legal move in the given phases and the expert's move elsewhere: the
    decisions of those phases are then the only ones that lose anything to the expert."""

    def __init__(self, phases: frozenset[str]) -> None:
        self.phases = phases
        self.random = RandomBot()
        self.expert = ExpertBot()

    def choose(self, view: rl.PlayerView, rng: random.Random) -> rl.moves.Move:
        phase = "draw" if view.phase is rl.Phase.UPCARD else view.phase.value
        if phase in self.phases:
            return self.random.choose(view, rng)
        return self.expert.choose(view, rng)


DRAWS = (rl.moves.DrawStock, rl.moves.DrawDiscard, rl.moves.TakeUpcard,
          rl.moves.PassUpcard)


def phase_of(move: rl.moves.Move) -> str:
    """The phase a reviewed move was played in (Gin's upcard counts as a draw)."""
    return "draw" if isinstance(move, DRAWS) else "discard"


def _gap_chunk(variant: str, phases: str, opponent: str, start: int, stop: int
               ) -> list[tuple[float, float, int, float, int]]:
    """Per hand of the review's random-bot deals: the random bot's points against the
    opponent, the expert's on the same deal (the same seat, dealer and seed), the
    random bot's reviewed decisions, the sum of their review losses, and how many the
    review labels mistake or blunder. With ``phases`` other than ``all``, seat 0 plays at
    random only in those phases (``draw``: Gin's upcard and every draw; ``discard``:
    the rest of the turn) and as the expert elsewhere, and only the decisions of those
    phases are counted."""
    out = []
    chosen = frozenset(("draw", "discard") if phases == "all" else phases.split("+"))
    for h in range(start, stop):
        g = rl.new_game(variant, seed=6000 + h, dealer=h % 2)
        seat0 = RandomBot() if phases == "all" else PartlyRandom(chosen)
        res = play_hand(g, [seat0, opponent_bot(opponent, g.rules)], random.Random(h))
        rows = [r for r in review(g, 0, seed=h).rows if phase_of(r.played) in chosen]
        e = rl.new_game(variant, seed=6000 + h, dealer=h % 2)
        eres = play_hand(e, [ExpertBot(), opponent_bot(opponent, e.rules)], random.Random(h))
        out.append((hand_points(res, 0, g.rules), hand_points(eres, 0, e.rules), len(rows),
                    sum(r.loss for r in rows),
                    sum(r.label in ("mistake", "blunder") for r in rows)))
    return out


def cmd_gap(args: argparse.Namespace) -> None:
    """What a random bot's decisions cost, measured without the coach's values.

    For a fixed opponent, the points a player P loses to the expert E over a hand are the
    sum, over P's decisions along its own play, of what each decision loses when the rest
    of the hand is played by E (the performance difference identity:
    ``V_E - V_P = E_P[sum_t Q_E(s_t, E's move) - Q_E(s_t, P's move)]``). So the expert's
    points less the random bot's on the same deals, divided by the random bot's
    decisions, is the mean loss per decision of a review whose values were exact
    expert playouts; its ratio to the review's own mean says how far the review's scale
    is off at a random bot's positions, and by Markov's inequality the share of
    decisions losing at least the mistake bound is at most the mean over that bound."""
    from rummy_lab.coach import thresholds

    for variant in args.variants.split(","):
        t = time.perf_counter()
        rows = run_chunks(_gap_chunk, (variant, args.random_on, args.opponent), args.hands,
                          args.workers, args.chunk)
        rnd, exp, n, loss, bad = (list(x) for x in zip(*rows, strict=True))
        gaps = [b - a for a, b in zip(rnd, exp, strict=True)]
        decisions = sum(n)
        mr, ser, _, _ = summary(rnd)
        me, see, _, _ = summary(exp)
        mg, seg, _, _ = summary(gaps)
        per = mg * len(gaps) / decisions
        per_se = seg * len(gaps) / decisions
        review_per = sum(loss) / decisions
        bound = thresholds(variant)["inaccuracy"]
        who = ("a random bot" if args.random_on == "all"
               else f"seat 0, at random in {args.random_on} only")
        print(f"{variant}: {len(rows)} hands, {decisions} reviewed decisions of {who} "
              f"({decisions / len(rows):.1f} per hand), {time.perf_counter() - t:.0f} s\n"
              f"  points per hand against the {args.opponent} bot: random {mr:+.2f} +- {ser:.2f}, "
              f"expert {me:+.2f} +- {see:.2f}, gap {mg:+.2f} +- {seg:.2f}\n"
              f"  loss per decision: by the gap {per:.2f} +- {per_se:.2f}, by the review "
              f"{review_per:.2f} (ratio {review_per / per:.2f})\n"
              f"  mistake or blunder (loss >= {bound:g}): review {sum(bad) / decisions:.1%}; "
              + (f"at most {per / bound:.1%} of decisions by Markov's inequality on the gap"
                 if per < bound else "the gap allows any share (the bound is under the mean)"),
              flush=True)


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = ap.add_subparsers(dest="cmd", required=True)
    workers = max(1, os.cpu_count() or 1)
    p = sub.add_parser("openspiel")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--bot", default="expert")
    p.add_argument("--budget", type=float, default=None)
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--chunk", type=int, default=25)
    p = sub.add_parser("eaai")
    p.add_argument("--games", type=int, default=2000, help="games, an even number (pairs)")
    p.add_argument("--bot", default="expert",
                   help="expert, greedy, greedy0, random or eaai-simple")
    p.add_argument("--budget", type=float, default=None)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--chunk", type=int, default=5, help="pairs per task")
    p.add_argument("--set", action="append", default=[],
                   help="module:NAME=value, set before any game (an experiment)")
    p = sub.add_parser("greedy")
    p.add_argument("--variants", default="gin,basic,500,indian")
    p.add_argument("--players", type=int, default=2,
                   help="players per deal (the expert on each seat in turn)")
    p.add_argument("--deals", type=int, default=400)
    p.add_argument("--budget", type=float, default=None)
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--chunk", type=int, default=20)
    p.add_argument("--opponent", default="greedy",
                   help="the other seats' bot: greedy, random or eaai-simple (Gin)")
    p.add_argument("--first", type=int, default=0,
                   help="the first deal's number (deals first .. first + deals - 1)")
    p.add_argument("--save", default=None, help="write the per-deal points (JSON) here")
    p.add_argument("--against", default=None,
                   help="a --save file of the same deals: print the paired difference")
    p.add_argument("--set", action="append", default=[],
                   help="module:NAME=value, a coach constant for an experiment")
    p = sub.add_parser("drops")
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--opponent", default="greedy")
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--chunk", type=int, default=50)
    p.add_argument("--set", action="append", default=[],
                   help="module:NAME=value, a coach constant for an experiment")
    p = sub.add_parser("hintbot")
    p.add_argument("--variants", default="gin,basic,500,indian")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--chunk", type=int, default=10)
    p = sub.add_parser("speed")
    p.add_argument("--variants", default="gin,basic,500,indian")
    p.add_argument("--hands", type=int, default=20)
    p.add_argument("--evaluations", type=int, default=10)
    p.add_argument("--set", action="append", default=[],
                   help="module:NAME=value, a coach constant for an experiment")
    p = sub.add_parser("review")
    p.add_argument("--set", action="append", default=[],
                   help="module:NAME=value, set before the hands (e.g. "
                        "rummy_lab.bots.expert:EXACT=True)")
    p.add_argument("--variants", default="gin")
    p.add_argument("--hands", type=int, default=30)
    p.add_argument("--opponent", choices=("greedy", "random", "expert"), default="greedy",
                   help="the bot on seat 1 in the games reviewed")
    p.add_argument("--resolutions", default="",
                   help="also rank the reviewed rows again at these resolutions (points, "
                        "comma-separated) and give the shares")
    p.add_argument("--depth", type=int, default=None,
                   help="review at this depth (times the bot's deals) instead of the "
                        "shipped rummy_lab.coach.review.REVIEW_DEPTH")
    p.add_argument("--first", type=int, default=0,
                   help="review hands from this one on (the first hand's number), to extend "
                        "an earlier run with new hands")
    p.add_argument("--by-kind", action="store_true",
                   help="also count the random bot's labels by the kind of move played "
                        "and the coach's")
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--chunk", type=int, default=5)
    p = sub.add_parser("reviewcheck")
    p.add_argument("--variants", default="500")
    p.add_argument("--hands", type=int, default=12)
    p.add_argument("--deals", type=int, default=16)
    p.add_argument("--policy", choices=("greedy", "expert"), default="greedy")
    p.add_argument("--resolutions", default="",
                   help="also rank the reviewed rows at these resolutions (points, "
                        "comma-separated): the playouts of the decisions ranked apart and tied")
    p.add_argument("--bands", default="",
                   help="edges (points, comma-separated) of bands of the review's loss: the "
                        "playouts' loss in each")
    p.add_argument("--workers", type=int, default=workers)
    p = sub.add_parser("gap")
    p.add_argument("--variants", default="gin,basic,500,indian")
    p.add_argument("--hands", type=int, default=60)
    p.add_argument("--random-on", default="all",
                   help="all (a random bot), or draw, discard: seat 0 plays at random "
                        "only in that phase and as the expert elsewhere")
    p.add_argument("--opponent", choices=("greedy", "random", "expert"), default="greedy")
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--chunk", type=int, default=5)
    args = ap.parse_args(argv)
    commands: dict[str, Callable[[argparse.Namespace], None]] = {
        "openspiel": cmd_openspiel, "eaai": cmd_eaai, "greedy": cmd_greedy, "hintbot": cmd_hintbot,
        "drops": cmd_drops,
        "speed": cmd_speed, "review": cmd_review, "reviewcheck": cmd_reviewcheck,
        "gap": cmd_gap,
    }
    commands[args.cmd](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
