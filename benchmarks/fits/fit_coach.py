"""The experiments that fixed the coach's constants, and the checks of its one-turn values.

    python benchmarks/fits/fit_coach.py stakes [--hands 300]
    python benchmarks/fits/fit_coach.py calibrate [--hands 300]
    python benchmarks/fits/fit_coach.py discards [--hands 200]
    python benchmarks/fits/fit_coach.py skips [--variants 500] [--hands 25]
    python benchmarks/fits/fit_coach.py goout [--variants basic,500] [--hands 400]
    python benchmarks/fits/fit_coach.py drawcheck [--variants 500] [--hands 40]
    python benchmarks/fits/fit_coach.py throwscale [--hands 60]
    python benchmarks/fits/fit_coach.py throws [--variants indian] [--hands 20] [--wild]
    python benchmarks/fits/fit_coach.py fitparts [--variants 500,indian] [--hands 300]
                                                 [--phase all|draw|discard]
                                                 [--seat0 greedy|random|both]
                                                 [--policy greedy|expert] [--near 4]
                                                 [--set module:NAME=value]

* ``stakes``: the stake of a decision, the scale of the review's labels
  (``rl.coach.STAKES``): a random bot's points lost to the expert per decision, on the
  deals of ``gap`` (no review needed: the decisions are counted), and beside it what a
  hand between two greedy bots is worth (mean absolute points).
* ``calibrate``: the coach's one-turn estimate (Basic, Rummy 500, Indian) against the
  hand's outcome: the least-squares factor should be near 1 (Basic's estimate carries
  ``BASIC_SCALE`` for that).
* ``discards``: Basic Rummy's throw. At every discard decision of seat 0 in greedy
  self-play, each legal throw is played out to the end of the hand by greedy bots, on the
  true deal and on three deals sampled from the belief; the mean outcome is fitted by
  least squares (within each decision) to the card's points, its partners left in hand
  and its danger: the weights of ``rl.coach.principle.BASIC_DISCARD_WEIGHTS``. Four
  folds (by hand) say what the fitted rule gains over the greedy bot's throw on hands it
  was not fitted to, and what a random throw loses.
* ``skips``: at the decisions of greedy self-play where the greedy bot melds or lays off
  (seat 0), what skipping that move (throwing the highest deadwood card instead) costs
  by greedy playouts to the end of the hand (true deal and three belief deals), against
  the coach's one-turn estimate of the same loss: where the estimate is off.
* ``drawcheck``: at the draws of ``gap --random-on draw`` where the random draw is not
  the expert's, the expert's draw against the random one by the review's values, by
  playouts with the greedy bot in the drawer's seat and with the expert in it (the true
  deal and three belief deals): how much of a draw's worth depends on the rest of the
  hand being played well.
* ``throwscale``: Basic Rummy's throws at the discard decisions of greedy self-play and
  of a random bot against the greedy bot: every deadwood throw played out to the end of
  the hand by greedy bots; the outcome per point of throw score, fitted by least squares
  within each decision in each cell of ``rl.coach.oneturn.BASIC_THROW_CELLS`` (how close
  the nearest opponent is to going out, how many cards the hand holds): the slopes of
  ``BASIC_THROW_POINT``; four folds by hand compare them with one slope.
* ``throws``: at every discard decision of seat 0 in greedy self-play, each legal throw
  valued by the coach (at a review's depth) and played out to the end of the hand by
  greedy bots (true deal and three belief deals); the least-squares factor from the
  coach's differences between throws to the playouts' (near 1: the one-turn values
  spread the throws as far apart as playouts do). ``--wild``: only decisions with a wild
  card to throw, and the extra cost of throwing one that the coach's values miss.
* ``fitparts``: the one-turn estimate's parts (Rummy 500: points on the table, melds
  and lay-offs in hand, the throw's danger, deadwood points by cards left in the stock;
  Basic: the race, held melds, the throw's danger). At every decision of seat 0 in
  greedy self-play, each legal move is played out to the end of the hand by greedy bots
  (the true deal and three belief deals, two playouts each); least squares within each
  decision give the weights (Rummy 500's are ``rl.coach.leaf.R500_WEIGHTS``), and
  four folds (by hand) say how much better the moves chosen by weights fitted on the
  other hands are than by the estimate's. ``--near K`` (Rummy 500) fits two more parts,
  the held melds and the deadwood again where the nearest opponent holds K cards or
  fewer (``rl.coach.leaf.R500_NEAR``), and compares with a fit without them. Indian:
  the points of a deal that ends in the turn, what the viewer may collect and pay by the
  race, the throw's danger, and two parts the estimate leaves out: the wild cards held,
  and the deadwood cards with a partner in hand.
* ``goout``: how often a player goes out in a turn of greedy self-play, by the deadwood
  cards it held at the turn's start (the estimate's count): the risk of holding melds
  and lay-offs one more turn (``rl.coach.leaf.GO_OUT``).

Every deal is seeded by its number and results are put back in deal order, so the
figures do not depend on the number of worker processes.

``benchmarks/fits/README.md`` says which constant in which module each fixed. The
helpers shared with the strength benchmark (the chunked runs, the playouts) are
``benchmarks/bench_strength.py``'s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import rummy_lab as rl
from rummy_lab.bots import ExpertBot, RandomBot, make_bot, play_hand
from rummy_lab.bots.playouts import playout
from rummy_lab.coach import hand_points

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_strength import (
    PartlyRandom,
    apply_settings,
    opponent_bot,
    phase_of,
    run_chunks,
    summary,
)


def _played(states: Sequence[Any], move: rl.moves.Move, policy: str, k: int) -> float:
    """The mean of ``k`` playouts of ``move`` on each state (:func:`playout`, seat 0)."""
    return statistics.fmean(playout(st, move, 0, 7919 * i + j, policy)
                            for i, st in enumerate(states) for j in range(k))


def _drawcheck_chunk(variant: str, start: int, stop: int
                     ) -> list[tuple[float, float, float]]:
    """At the draws of seat 0 playing ``gap --random-on draw`` (random draws, the expert
    elsewhere, against the greedy bot) where the expert would have drawn otherwise: what
    the expert's draw is worth more than the random one by the review's values, by
    playouts with the greedy bot in the drawer's seat, and by playouts with the expert
    in it (the true deal and three belief deals; the same seeds for both moves)."""
    from rummy_lab.coach import REVIEW_DEPTH
    from rummy_lab.coach.beliefs import deals, state_for
    from rummy_lab.coach.values import move_values

    out = []
    for h in range(start, stop):
        g = rl.new_game(variant, seed=6000 + h, dealer=h % 2)
        bots = [PartlyRandom(frozenset({"draw"})), opponent_bot("greedy", g.rules)]
        rng = random.Random(h)
        while not g.is_over:
            p = g.current_player
            v = g.view_for(p)
            move = bots[p].choose(v, rng)
            if p == 0 and phase_of(move) == "draw" and len(v.legal_moves) > 1:
                n = len(g.history)
                mine = ExpertBot().choose(v, random.Random(n))
                if mine != move:
                    states = [g.state] + [state_for(v, d) for d in
                                          deals(v, 3, random.Random(n), model="behaviour")]
                    vals = {mv.move: mv.value for mv in
                            move_values(v, [mine, move], None, h, depth=REVIEW_DEPTH)}
                    out.append((vals[mine] - vals[move],
                                _played(states, mine, "greedy", 2)
                                - _played(states, move, "greedy", 2),
                                _played(states, mine, "expert", 1)
                                - _played(states, move, "expert", 1)))
            g.play(move, player=p)
    return out


def cmd_drawcheck(args: argparse.Namespace) -> None:
    """What a draw the expert would not make costs, by the review and by playouts."""
    for variant in args.variants.split(","):
        t = time.perf_counter()
        rows = run_chunks(_drawcheck_chunk, (variant,), args.hands, args.workers, 2)
        print(f"{variant}: {len(rows)} random draws where the expert draws otherwise, "
              f"{args.hands} hands, {time.perf_counter() - t:.0f} s; the expert's draw "
              "worth more than the random one (standard error):", flush=True)
        for k, name in enumerate(("by the review's values", "by greedy playouts",
                                  "by expert playouts")):
            m, se, _, _ = summary([r[k] for r in rows])
            print(f"  {name:<24} {m:+7.2f} ({se:.2f})", flush=True)


# --------------------------------------------------------------------------- stakes


def _decisions(game: rl.Game, player: int) -> int:
    """How many of ``player``'s moves in ``game`` a review has a row for: those made with
    more than one legal move."""
    g = game.initial()
    n = 0
    for event in game.history:
        if event.player == player and len(g.view_for(player).legal_moves) > 1:
            n += 1
        g.play(event.move)
    return n


def _stake_chunk(variant: str, start: int, stop: int
                 ) -> list[tuple[float, float, int, float]]:
    """Per hand of the review benchmark's random-bot deals (those of ``gap``): the random
    bot's points against the greedy bot, the expert's on the same deal, the random bot's
    decisions; and what a hand between two greedy bots is worth (absolute points)."""
    out = []
    for h in range(start, stop):
        g = rl.new_game(variant, seed=6000 + h, dealer=h % 2)
        res = play_hand(g, [RandomBot(), make_bot("greedy", g.rules)], random.Random(h))
        e = rl.new_game(variant, seed=6000 + h, dealer=h % 2)
        eres = play_hand(e, [ExpertBot(), make_bot("greedy", e.rules)], random.Random(h))
        w = rl.new_game(variant, seed=20_000 + h, dealer=h % 2)
        wres = play_hand(w, [make_bot("greedy", w.rules), make_bot("greedy", w.rules)],
                         random.Random(h))
        out.append((hand_points(res, 0, g.rules), hand_points(eres, 0, e.rules),
                    _decisions(g, 0), abs(hand_points(wres, 0, w.rules))))
    return out


def cmd_stakes(args: argparse.Namespace) -> None:
    """The stake of a decision, the scale of the review's labels (``rl.coach.STAKES``):
    the points a random bot loses to the expert over a hand against the greedy bot, per
    decision of the random bot (the mean loss per decision of a review with exact values,
    by the performance difference identity; see ``gap``)."""
    from rummy_lab.coach import STAKES, thresholds

    print("stakes: a random bot's points lost to the expert per decision, against the "
          "greedy bot, 2 players, duplicate deals")
    for variant in args.variants.split(","):
        t = time.perf_counter()
        rows = run_chunks(_stake_chunk, (variant,), args.hands, args.workers, args.chunk)
        rnd, exp, n, worth = (list(x) for x in zip(*rows, strict=True))
        _, seg, _, _ = summary([b - a for a, b in zip(rnd, exp, strict=True)])
        per = (sum(exp) - sum(rnd)) / sum(n)
        key = rl.get_rules(variant).variant.value
        print(f"  {variant:<8} {len(rows)} hands, {sum(n)} decisions "
              f"({sum(n) / len(rows):.1f} per hand), {time.perf_counter() - t:.0f} s: "
              f"{per:.2f} +- {seg * len(rows) / sum(n):.2f} points per decision "
              f"(rl.coach.STAKES[{key!r}] = {STAKES[key]}: bounds {thresholds(variant)}); "
              f"a hand between greedy bots is worth {statistics.fmean(worth):.1f} points",
              flush=True)


# --------------------------------------------------------------------------- calibrate


def _calibrate_chunk(variant: str, start: int, stop: int) -> list[tuple[float, float]]:
    from rummy_lab.coach.leaf import leaf_value

    out: list[tuple[float, float]] = []
    for h in range(start, stop):
        g = rl.new_game(variant, seed=10_000 + h, dealer=h % 2)
        bots = [make_bot("greedy", g.rules), make_bot("greedy", g.rules)]
        rng = random.Random(h)
        estimates = []
        for _ in range(3000):
            if g.is_over:
                break
            if g.phase is rl.Phase.DRAW:
                estimates.append(leaf_value(g.state, 0))
            p = g.current_player
            g.play(bots[p].choose(g.view_for(p), rng))
        if g.result is None:
            continue
        y = hand_points(g.result, 0, g.rules)
        out.extend((x, y) for x in estimates)
    return out


def cmd_calibrate(args: argparse.Namespace) -> None:
    print("the one-turn estimate of Basic, Rummy 500 and Indian Rummy against the hand's "
          "outcome, greedy self-play, at every draw")
    for variant in args.variants.split(","):
        pairs = run_chunks(_calibrate_chunk, (variant,), args.hands, args.workers, 25)
        xs = [x for x, _ in pairs]
        ys = [y for _, y in pairs]
        sxx = sum(x * x for x in xs)
        factor = sum(x * y for x, y in pairs) / sxx if sxx else float("nan")
        corr = statistics.correlation(xs, ys) if len(xs) > 2 else float("nan")
        mse = statistics.fmean((x - y) ** 2 for x, y in pairs)
        print(f"  {variant:<8} {args.hands} hands, {len(pairs)} positions: least-squares "
              f"factor outcome/estimate {factor:.2f}, correlation {corr:.2f}, mean squared "
              f"error {mse:.1f} (outcome variance {statistics.pvariance(ys):.1f})", flush=True)


# --------------------------------------------------------------------------- skips


def _skips_chunk(variant: str, start: int, stop: int) -> list[tuple[str, float, float]]:
    """At seat 0's decisions of greedy self-play where the greedy bot melds or lays off:
    the hand's outcome after that move and after skipping it (throwing the highest
    deadwood card instead), each played to the end by greedy bots on the true deal and on
    three belief deals; beside it, the coach's one-turn loss of the skip."""
    from rummy_lab.coach import beliefs
    from rummy_lab.coach.beliefs import state_for
    from rummy_lab.coach.solved import best_partition
    from rummy_lab.coach.values import move_values
    from rummy_lab.engine.moves import Discard, LayOff, Meld

    out = []
    for h in range(start, stop):
        g = rl.new_game(variant, seed=7000 + h, dealer=h % 2)
        bots = [make_bot("greedy", g.rules) for _ in range(2)]
        rng = random.Random(h)
        for _ in range(3000):
            if g.is_over:
                break
            p = g.current_player
            v = g.view_for(p)
            move = bots[p].choose(v, rng)
            legal = v.legal_moves
            discards = [m for m in legal if isinstance(m, Discard)]
            if p == 0 and isinstance(move, Meld | LayOff) and discards:
                dead = [c for c in best_partition(list(v.hand), v.rules).deadwood
                        if Discard(c) in legal] or [m.card for m in discards]
                skip = Discard(max(dead, key=lambda c: (v.rules.card_value(c), c._index)))
                states = [g.state, *(state_for(v, d)
                                     for d in beliefs.deals(v, 3, random.Random(h)))]
                played = [playout(st, move, 0, 100 * h + k)
                          for k, st in enumerate(states)]
                skipped = [playout(st, skip, 0, 100 * h + k)
                           for k, st in enumerate(states)]
                est = move_values(v, [move, skip], None, h, depth=4)
                out.append((type(move).__name__,
                            statistics.fmean(played) - statistics.fmean(skipped),
                            est[0].value - est[1].value))
            g.play(move)
    return out


def cmd_skips(args: argparse.Namespace) -> None:
    """What skipping a meld or a lay-off costs, by playouts and by the coach's estimate."""
    from rummy_lab.coach import thresholds

    for variant in args.variants.split(","):
        rows = run_chunks(_skips_chunk, (variant,), args.hands, args.workers, 5)
        bound = thresholds(variant)["inaccuracy"]
        for kind in ("Meld", "LayOff"):
            sub = [r for r in rows if r[0] == kind]
            if not sub:
                continue
            print(f"{variant} {kind}: {len(sub)} decisions; skipping it costs "
                  f"{statistics.fmean(r[1] for r in sub):+.2f} points by playouts to the end "
                  f"(median {statistics.median(r[1] for r in sub):+.2f}), "
                  f"{statistics.fmean(r[2] for r in sub):+.2f} by the coach's one-turn "
                  f"estimate; a mistake or worse ({bound} points or more): "
                  f"{sum(r[1] >= bound for r in sub) / len(sub):.0%} by playouts, "
                  f"{sum(r[2] >= bound for r in sub) / len(sub):.0%} by the estimate",
                  flush=True)


# --------------------------------------------------------------------------- goout


def _goout_chunk(variant: str, start: int, stop: int) -> list[tuple[int, bool]]:
    """At the start of every turn of greedy self-play: the deadwood cards the mover must
    still get rid of (the one-turn estimate's count) and whether it went out that turn."""
    from rummy_lab.coach.leaf import hand_summary
    from rummy_lab.coach.solved import wild_rank

    out = []
    for h in range(start, stop):
        g = rl.new_game(variant, seed=30_000 + h, dealer=h % 2)
        bots = [make_bot("greedy", g.rules) for _ in range(2)]
        rng = random.Random(h)
        st = g.state
        for _ in range(3000):
            if g.is_over:
                break
            p = st.current
            count = hand_summary(st.hands[p], tuple(st.table), g.rules, wild_rank(st))[0]
            while not g.is_over and st.current == p:
                g.play(bots[p].choose(g.view_for(p), rng))
            out.append((count, bool(g.is_over and not st.hands[p])))
    return out


def cmd_goout(args: argparse.Namespace) -> None:
    """How often a player with ``C`` deadwood cards at the start of its turn goes out in
    that turn (greedy self-play): ``rl.coach.leaf.GO_OUT``."""
    for variant in args.variants.split(","):
        rows = run_chunks(_goout_chunk, (variant,), args.hands, args.workers, 25)
        by: dict[int, list[bool]] = {}
        for c, went in rows:
            by.setdefault(min(c, 6), []).append(went)
        parts = [f"{c}{'+' if c == 6 else ''}: {sum(v) / len(v):.3f} of {len(v)}"
                 for c, v in sorted(by.items())]
        print(f"{variant}: went out that turn, by deadwood cards at the turn's start: "
              + "; ".join(parts), flush=True)


# --------------------------------------------------------------------------- discards

_FEATURES = ("value", "partner_rank", "partner_next", "partner_gap", "danger")


def _discard_features(view: rl.PlayerView, card: rl.Card) -> list[float]:
    from rummy_lab.coach.principle import basic_discard_features

    f = basic_discard_features(view, card)
    return [float(view.rules.card_value(card)), *(f[k] for k in _FEATURES[1:])]


def _discards_chunk(start: int, stop: int) -> list[tuple[int, list[tuple[bool, float,
                                                                            list[float]]]]]:
    out = []
    for h in range(start, stop):
        for v, move, throws, states in _throw_decisions("basic", 40_000 + h, h):
            cands = []
            for m in throws:
                outs = [playout(s, m, 0, i) for i, s in enumerate(states())]
                cands.append((m == move, statistics.fmean(outs),
                              _discard_features(v, m.card)))
            out.append((h, cands))
    return out


def _selfplay(variant: str, seed: int, h: int, seat0: str = "greedy") -> Iterator[
        tuple[int, Any, int, rl.PlayerView, rl.moves.Move]]:
    """A hand of greedy self-play (two players; ``seat0`` names another bot for seat 0),
    one decision at a time: its number (from 1), the game, the player, its view and the
    bot's move, which is played when the next decision is asked for (at most 3,000)."""
    g = rl.new_game(variant, seed=seed, dealer=h % 2)
    bots = [make_bot(seat0, g.rules), make_bot("greedy", g.rules)]
    rng = random.Random(h)
    n = 0
    while not g.is_over and n < 3000:
        n += 1
        p = g.current_player
        v = g.view_for(p)
        move = bots[p].choose(v, rng)
        yield n, g, p, v, move
        g.play(move)


def _throw_decisions(variant: str, seed: int, h: int, seat0: str = "greedy") -> Iterator[
        tuple[rl.PlayerView, rl.moves.Move, list[rl.moves.Discard], Callable[[], list[Any]]]]:
    """Seat 0's discard decisions with more than one throw in a hand of greedy self-play
    (``seat0``: another bot on seat 0): the view, the throw made, the legal throws, and a
    function giving the states to play them out on (the true deal and three deals from
    the belief)."""
    from rummy_lab.coach.beliefs import deals, state_for

    for k, g, p, v, move in _selfplay(variant, seed, h, seat0):
        throws = [m for m in v.legal_moves if isinstance(m, rl.moves.Discard)]
        if p == 0 and isinstance(move, rl.moves.Discard) and len(throws) > 1:
            state = g.state

            def states(state: Any = state, v: rl.PlayerView = v, k: int = k) -> list[Any]:
                return [state] + [state_for(v, d) for d in
                                  deals(v, 3, random.Random(k), model="behaviour")]

            yield v, move, throws, states


def _fit_discards(rows: Sequence[tuple[int, list[tuple[bool, float, list[float]]]]]
                  ) -> list[float]:
    import numpy as np

    xs, ys = [], []
    for _, cands in rows:
        x = np.array([c[2] for c in cands])
        y = np.array([c[1] for c in cands])
        xs.append(x - x.mean(axis=0))
        ys.append(y - y.mean())
    w, *_ = np.linalg.lstsq(np.vstack(xs), np.concatenate(ys), rcond=None)
    return [float(v) for v in w]


def _gain(rows: Sequence[tuple[int, list[tuple[bool, float, list[float]]]]],
          w: Sequence[float]) -> list[float]:
    gains = []
    for _, cands in rows:
        greedy = next(c[1] for c in cands if c[0])
        best = max(cands, key=lambda c: (sum(a * b for a, b in zip(w, c[2], strict=True)),
                                         c[2][0]))
        gains.append(best[1] - greedy)
    return gains


def cmd_discards(args: argparse.Namespace) -> None:
    from rummy_lab.coach.principle import BASIC_DISCARD_WEIGHTS

    t = time.perf_counter()
    rows = run_chunks(_discards_chunk, (), args.hands, args.workers, max(1, args.hands // 16))
    w = _fit_discards(rows)
    print(f"Basic Rummy throws: {args.hands} hands of greedy self-play, {len(rows)} discard "
          f"decisions, {time.perf_counter() - t:.0f} s")
    print("  least-squares weights in card points (keep a card for): " + ", ".join(
        f"{name} {-x / w[0]:.1f}" for name, x in zip(_FEATURES[1:], w[1:], strict=True))
          + f" (outcome per card point thrown: {w[0]:+.3f})")
    used = [1.0] + [-BASIC_DISCARD_WEIGHTS[k] for k in _FEATURES[1:]]
    print("  the principle's weights: " + ", ".join(
        f"{k} {BASIC_DISCARD_WEIGHTS[k]}" for k in _FEATURES[1:]))
    loss = [next(c[1] for c in cands if c[0]) - c[1] for _, cands in rows for c in cands
            if not c[0]]
    print(f"  a throw other than the greedy bot's loses {statistics.fmean(loss):.2f} points "
          f"on average; {sum(x >= 0.12 * 5.7 for x in loss) / len(loss):.0%} lose 12% of "
          "Basic's stake or more")
    hands = sorted({h for h, _ in rows})
    for k in range(4):
        fold = set(hands[k::4])
        fit = _fit_discards([r for r in rows if r[0] not in fold])
        m, se, _, _ = summary(_gain([r for r in rows if r[0] in fold], fit))
        print(f"  fold {k}: fitted on the other hands, the rule gains {m:+.3f} +- {se:.3f} "
              "points per decision over the greedy throw")
    m, se, _, _ = summary(_gain(rows, used))
    print(f"  the principle's weights on all decisions: {m:+.3f} +- {se:.3f} points per "
          "decision over the greedy throw")


# --------------------------------------------------------------------------- throwscale


def _throwscale_chunk(start: int, stop: int
                      ) -> list[tuple[str, int, int, list[tuple[float, float]]]]:
    """Per discard decision of seat 0 with two deadwood throws or more (greedy self-play:
    hands ``start..stop``; a random bot against the greedy bot: the same numbers): its
    kind, hand, cell (:func:`~rummy_lab.coach.oneturn.basic_throw_cell`) and, for each
    deadwood throw, its throw score and its mean by greedy playouts to the end of the
    hand (the true deal and three belief deals, two playouts each)."""
    from rummy_lab.coach.oneturn import basic_throw_cell
    from rummy_lab.coach.principle import basic_discard_score
    from rummy_lab.coach.solved import best_partition

    out = []
    for h in range(start, stop):
        for kind, source in (("greedy", _throw_decisions("basic", 40_000 + h, h)),
                             ("random", _throw_decisions("basic", 70_000 + h, h, "random"))):
            for v, _, throws, states in source:
                dead = best_partition(list(v.hand), v.rules).deadwood
                cands = [m for m in throws if m.card in dead]
                if len(cands) < 2:
                    continue
                sts = states()
                out.append((kind, h, basic_throw_cell(v), [
                    (basic_discard_score(v, m.card), statistics.fmean(
                        playout(s, m, 0, 7 * i + j) for i, s in enumerate(sts)
                        for j in range(2))) for m in cands]))
    return out


def _throw_slopes(rows: Sequence[tuple[str, int, int, list[tuple[float, float]]]],
                  cells: int) -> list[float]:
    """Least squares within each decision, one slope per cell: the playouts' outcome per
    point of throw score."""
    num = [0.0] * cells
    den = [0.0] * cells
    for _, _, cell, cands in rows:
        ms = statistics.fmean(c[0] for c in cands)
        my = statistics.fmean(c[1] for c in cands)
        num[cell] += sum((c[0] - ms) * (c[1] - my) for c in cands)
        den[cell] += sum((c[0] - ms) ** 2 for c in cands)
    return [n / d if d else 0.0 for n, d in zip(num, den, strict=True)]


def _throw_mse(rows: Sequence[tuple[str, int, int, list[tuple[float, float]]]],
               slopes: Sequence[float]) -> float:
    se = 0.0
    n = 0
    for _, _, cell, cands in rows:
        ms = statistics.fmean(c[0] for c in cands)
        my = statistics.fmean(c[1] for c in cands)
        se += sum((slopes[cell] * (c[0] - ms) - (c[1] - my)) ** 2 for c in cands)
        n += len(cands)
    return se / n if n else float("nan")


def cmd_throwscale(args: argparse.Namespace) -> None:
    """Basic Rummy: what a point of throw score is worth, by the table's situation."""
    from rummy_lab.coach.oneturn import BASIC_THROW_CELLS, BASIC_THROW_POINT

    t = time.perf_counter()
    rows = run_chunks(_throwscale_chunk, (), args.hands, args.workers, 2)
    cells = len(BASIC_THROW_CELLS)
    slopes = _throw_slopes(rows, cells)
    print(f"Basic Rummy throws: {args.hands} hands of greedy self-play and {args.hands} of a "
          f"random bot against the greedy bot, {len(rows)} decisions with two deadwood throws "
          f"or more, {time.perf_counter() - t:.0f} s")
    print("  outcome per point of throw score (greedy playouts), by cell:")
    for k, name in enumerate(BASIC_THROW_CELLS):
        n = {kind: sum(r[2] == k and r[0] == kind for r in rows) for kind in ("greedy", "random")}
        only = [_throw_slopes([r for r in rows if r[0] == kind], cells)[k]
                for kind in ("greedy", "random")]
        print(f"    {name:<57} {slopes[k]:.3f} ({n['greedy']} greedy, {n['random']} random "
              f"decisions; greedy only {only[0]:.3f}, random only {only[1]:.3f}; in use "
              f"{BASIC_THROW_POINT[k]:.3f})")
    hands = sorted({r[1] for r in rows})
    for kind in ("greedy", "random"):
        cv, one, used = [], [], []
        for k in range(4):
            fold = set(hands[k::4])
            train = [r for r in rows if r[1] not in fold]
            test = [r for r in rows if r[1] in fold and r[0] == kind]
            cv.append(_throw_mse(test, _throw_slopes(train, cells)))
            single = _throw_slopes([(a, b, 0, c) for a, b, _, c in train], 1)[0]
            one.append(_throw_mse([(a, b, 0, c) for a, b, _, c in test], [single]))
            used.append(_throw_mse(test, BASIC_THROW_POINT))
        print(f"  {kind} positions, four folds by hand: mean squared error per throw "
              f"{statistics.fmean(cv):.2f} with slopes by cell fitted on the other hands, "
              f"{statistics.fmean(one):.2f} with one slope, {statistics.fmean(used):.2f} with "
              "the slopes in use")


# --------------------------------------------------------------------------- throws


def _throws_chunk(variant: str, wild_only: bool, start: int, stop: int
                  ) -> list[list[tuple[float, float, bool]]]:
    """At seat 0's discard decisions of greedy self-play: every legal throw's value by
    the coach (its review's depth) beside its mean by greedy playouts to the end of the
    hand (the true deal and three belief deals), and whether the card is wild. With
    ``wild_only`` only decisions with a wild card or joker to throw (Indian)."""
    from rummy_lab.coach import REVIEW_DEPTH
    from rummy_lab.coach.solved import wild_rank
    from rummy_lab.coach.values import move_values
    from rummy_lab.engine.melds import _is_wildcard

    out = []
    for h in range(start, stop):
        for v, _, throws, states in _throw_decisions(variant, 50_000 + h, h):
            w = wild_rank(v)
            wild: dict[rl.moves.Move, bool] = {m: _is_wildcard(m.card, w) for m in throws}
            if wild_only and not any(wild.values()):
                continue
            sts = states()
            values = move_values(v, throws, None, h, depth=REVIEW_DEPTH)
            out.append([(mv.value, statistics.fmean(
                playout(s, mv.move, 0, i) for i, s in enumerate(sts)),
                wild[mv.move]) for mv in values])
    return out


def cmd_throws(args: argparse.Namespace) -> None:
    """How the coach's throw values spread against playouts: the least-squares factor
    from the coach's difference between two throws of one decision to the playouts'."""
    import numpy as np

    for variant in args.variants.split(","):
        t = time.perf_counter()
        rows = run_chunks(_throws_chunk, (variant, args.wild), args.hands, args.workers, 2)
        xs, ys = [], []
        for cands in rows:
            x = np.array([[a, float(w)] for a, _, w in cands])
            y = np.array([b for _, b, _ in cands])
            xs.append(x - x.mean(axis=0))
            ys.append(y - y.mean())
        x_all, y_all = np.vstack(xs), np.concatenate(ys)
        factor = float(x_all[:, 0] @ y_all / (x_all[:, 0] @ x_all[:, 0]))
        wilds = sum(w for c in rows for *_, w in c)
        print(f"{variant}: {len(rows)} discard decisions of {args.hands} hands of greedy "
              f"self-play, {len(y_all)} throws ({wilds} of wild cards), "
              f"{time.perf_counter() - t:.0f} s: playout difference per point of the "
              f"coach's difference {factor:.3f}", flush=True)
        if args.wild:
            (a, b), *_ = np.linalg.lstsq(x_all, y_all, rcond=None)
            print(f"  with a term for throwing a wild card: playouts = {a:.3f} * coach's "
                  f"difference {b:+.2f} points for a wild card thrown", flush=True)


# --------------------------------------------------------------------------- fitparts

_STOCK_BANDS = (24, 12)


"""Rummy 500 stock sizes that split the deadwood weight's fit (more than 24, 13 to 24,
12 or fewer cards left)."""


_PART_NAMES = {
    "500": ("table", "held", "danger", "deadwood@stock>24", "deadwood@stock13-24",
            "deadwood@stock<=12"),
    "basic": ("race", "collect", "risk", "danger"),
    "indian": ("ended", "collect", "pay", "danger", "wild held", "deadwood partnered"),
}


_PILE_PARTS = ("pick", "pick deadwood", "their pick", "their pick deadwood")


"""``fitparts --pile``: the viewer's best deep pick at its next turn and the next
player's now (:func:`_pile_pick`), the estimate's weights being 0."""


def _band(stock: int) -> int:
    return next((i for i, b in enumerate(_STOCK_BANDS) if stock > b), len(_STOCK_BANDS))


def _weights_now(variant: str, phase: str = "all", near: bool = False) -> list[float]:
    """The estimate's weights of :data:`_PART_NAMES` (the fitted parts' signs); Rummy 500's
    draws (``phase`` ``draw``) have their own; with ``near``, Rummy 500's two more
    (``fitparts --near``)."""
    from rummy_lab.coach.leaf import BASIC_SCALE, R500_DRAW_WEIGHTS, R500_WEIGHTS

    if variant == "500":
        W = R500_DRAW_WEIGHTS if phase == "draw" else R500_WEIGHTS
        return ([W["table"], W["held"], -W["danger"], W["deadwood>24"], W["deadwood>12"],
                 W["deadwood"]]
                + ([W.get("held near", 0.0), W.get("deadwood near", 0.0)] if near else []))
    if variant == "indian":
        from rummy_lab.coach import leaf

        w = leaf.INDIAN_WEIGHTS
        return [1.0, w["collect"], w["pay"], w["danger"], w["wild"], w["partnered"]]
    return [BASIC_SCALE, 1.0, -1.0, -1.0]


def _coach_states(view: rl.PlayerView, seed: int) -> list[Any]:
    """The coach's deals for ``view`` as :func:`rummy_lab.coach.oneturn.table_move_values`
    makes them (the bot's depth)."""
    from rummy_lab.coach.beliefs import deals, state_for
    from rummy_lab.coach.oneturn import DEFAULT_DEALS

    rng = random.Random(f"rummy_lab coach table {seed}")
    return [state_for(view, d) for d in deals(view, DEFAULT_DEALS, rng)]


def _pile_pick(state: Any, player: int, base: tuple[int, int, int, int]) -> tuple[int, int]:
    """Rummy 500: the best deep pick (two cards or more, the bottom one melded at once) the
    discard pile offers ``player`` were it to draw now, as ``(points, deadwood)``: the
    points of melds and lay-offs it adds to the hand and the change in the hand's deadwood
    points; the best is the one of most points less deadwood, ``(0, 0)`` when none gains.
    ``base`` is the hand's :data:`~rummy_lab.coach.leaf.Summary` before the pick. A part
    ``fitparts --pile`` tries (the estimate does not use it)."""
    from rummy_lab.coach.leaf import hand_summary
    from rummy_lab.engine.variants.rummy500 import Rummy500Engine

    pile = state.discard
    engine = Rummy500Engine()
    hand, table = list(state.hands[player]), tuple(state.table)
    _, dead0, meld0, lay0 = base
    best, top = (0, 0), 0
    for depth in range(2, len(pile) + 1):
        if engine.can_pick(state, depth, player):
            _, dead, meld, lay = hand_summary([*hand, *pile[len(pile) - depth:]], table,
                                          state.rules, None)
            gain, more = meld + lay - meld0 - lay0, dead - dead0
            if gain - more > top:
                best, top = (gain, more), gain - more
    return best


def _parts(view: rl.PlayerView, states: Sequence[Any], move: rl.moves.Move,
           pile: bool = False, taken: bool = False) -> list[float]:
    """The parts of the coach's one-turn value of ``move``, each averaged over the coach's
    deals ``states`` (:func:`_coach_states`), unweighted.
    Rummy 500: points on the table, melds and lay-offs in hand, the throw's danger, and
    the deadwood points in one column per stock band (:data:`_STOCK_BANDS`); with
    ``pile``, four more: the viewer's best deep pick of the discard pile at its next turn
    (points, deadwood) and the next player's now (:func:`_pile_pick`). Basic: the
    race (``P_v * sum(D_q) - sum(P_q) * D_v``), what the viewer may collect of the
    others' held melds, what it risks on its own, the throw's danger. Indian: the points
    of a deal that ends in the turn, what the viewer may collect (``P_v * sum(D_q)``),
    less what it may pay (``sum(P_q) * D_v``), less the throw's danger cost, and two parts
    the estimate does not use: the wild cards and jokers it holds, and its deadwood cards
    with a partner in hand (of their rank, or of their suit within two ranks). A hand that ends
    counts its points in the first column."""
    from rummy_lab.coach.leaf import (
        BASIC_SCALE,
        R500_WEIGHTS,
        basic_held,
        indian_kept,
        leaf_estimate,
        r500_parts,
        race,
        summaries,
    )
    from rummy_lab.coach.oneturn import _danger_cost, turn_ends
    from rummy_lab.coach.solved import wild_rank
    from rummy_lab.engine.variants import engine_for

    engine = engine_for(view.rules)
    r500 = view.rules.variant is rl.Variant.RUMMY500
    indian = view.rules.variant is rl.Variant.INDIAN
    band = _band(view.stock_count)
    acc = [0.0] * ((10 if pile else 6) if r500 else (6 if indian else 4))
    runs = 0
    for st in turn_ends(view, engine, states, move):
        runs += 1
        cache: dict[object, Any] = {}
        if st.result is not None:
            acc[0] += hand_points(st.result, 0, st.rules)
            continue
        summ = summaries(st, cache)
        risk = _danger_cost(view, st, 0, cache, indian_weight=1.0)  # unweighted
        if r500:
            laid, held, dead = r500_parts(summ, st, 0)
            acc[0] += laid
            acc[1] += held
            acc[2] += risk / R500_WEIGHTS["danger"]
            acc[3 + band] += dead
            if pile:
                others = max(1, len(summ) - 1)
                mine = _pile_pick(st, 0, summ[0])
                theirs = (_pile_pick(st, st.current, summ[st.current]) if st.current != 0
                          else (0, 0))
                for i in range(2):
                    acc[6 + i] += mine[i]
                    acc[8 + i] += theirs[i] / others
        elif indian:
            if len(summ) < 2:  # the others dropped: nothing left to race for
                continue
            win, lose, _ = race(summ, st, 0)
            acc[1] += win
            acc[2] -= lose
            acc[3] -= risk
            jokers, partnered = indian_kept(st.hands[0], wild_rank(st), st.rules)
            acc[4] += jokers
            acc[5] += partnered
        else:
            gain, loss = basic_held(summ, st, 0)
            acc[0] += (leaf_estimate(summ, st, 0) - gain + loss) / BASIC_SCALE
            acc[1] += gain
            acc[2] += loss
            acc[3] += risk
    out = [x / runs for x in acc]
    if taken:  # Rummy 500's draws: the cards taken from the pile below its top card
        out.append(float(move.depth - 1) if isinstance(move, rl.moves.DrawDiscard) else 0.0)
    return out


def _fitparts_chunk(variant: str, pile: bool, phase: str, seat0: str, taken: bool,
                    policy: str, near: int, start: int, stop: int
                    ) -> list[tuple[int, str, list[tuple[str, float, list[float]]], bool]]:
    """At every decision of seat 0 with more than one legal move in greedy self-play:
    each legal move's parts of the one-turn value (:func:`_parts`) and its mean outcome
    by greedy playouts to the end of the hand (the true deal and three belief deals, two
    playouts each, the same seeds for every move). Basic throws are valued by the throw
    score, not the estimate: of them only the one the score picks takes part. With
    ``phase`` ``draw`` or ``discard``, only the decisions of that phase; with ``seat0``
    ``random``, at the decisions of a random bot against the greedy bot; with ``taken``,
    one more part (:func:`_parts`); with ``policy`` ``expert``, seat 0 plays the rest of
    the hand in the playouts as the expert (one playout per deal); with ``near`` (Rummy
    500) above 0, two more parts: the held and the deadwood parts again where the nearest
    opponent holds ``near`` cards or fewer at the decision, 0 elsewhere."""
    from rummy_lab.coach.beliefs import deals, state_for
    from rummy_lab.coach.principle import basic_discard_score, basic_throw

    out = []
    for h in range(start, stop):
        for n, g, p, v, _ in _selfplay(variant, 70_000 + h, h, seat0):
            if phase != "all" and v.phase.value != phase:
                continue
            moves = list(v.legal_moves)
            throws = [m for m in moves if isinstance(m, rl.moves.Discard)]
            if variant == "basic" and len(throws) > 1:
                top = basic_throw(v, {m.card: basic_discard_score(v, m.card) for m in throws})
                moves = [m for m in moves if not isinstance(m, rl.moves.Discard)
                         or m.card == top]
            if p == 0 and len(moves) > 1:
                states = [g.state] + [state_for(v, d) for d in
                                      deals(v, 3, random.Random(n), model="behaviour")]
                coach = _coach_states(v, h)
                cands = []
                close = near > 0 and min(v.hand_sizes[1:]) <= near
                for m in moves:
                    y = _played(states, m, policy, 2 if policy == "greedy" else 1)
                    parts = _parts(v, coach, m, pile, taken)
                    if near > 0:
                        dead = sum(parts[3:6])
                        parts += [parts[1], dead] if close else [0.0, 0.0]
                    cands.append((type(m).__name__, y, parts))
                out.append((h, g.phase.value, cands, close))
    return out


def cmd_fitparts(args: argparse.Namespace) -> None:
    """Fit the weights of the parts of the one-turn estimate to playouts."""
    import numpy as np

    for variant in args.variants.split(","):
        t = time.perf_counter()
        pile = args.pile and variant == "500"
        taken = variant == "500" and args.taken and args.phase == "draw"
        near = args.near if variant == "500" else 0
        extra = (2 if near > 0 else 0)
        rows = []
        n_near = 0
        for k, seat0 in enumerate(("greedy", "random") if args.seat0 == "both"
                                  else (args.seat0,)):
            got = run_chunks(_fitparts_chunk,
                             (variant, pile, args.phase, seat0, taken, args.policy, near),
                             args.hands, args.workers, 1)
            rows += [(h + 100_000 * k, ph, cands) for h, ph, cands, _ in got]
            n_near += sum(close for *_, close in got)
        names = (_PART_NAMES[variant] + (_PILE_PARTS if pile else ())
                 + (("cards taken",) if taken else ())
                 + ((f"held, opponent at {near} or fewer",
                     f"deadwood, opponent at {near} or fewer") if extra else ()))
        base = _weights_now(variant, args.phase)
        now = np.array(base
                       + [0.0] * (len(_PILE_PARTS) if pile else 0)  # no such part
                       + ([0.0] if taken else [])
                       + _weights_now(variant, args.phase, bool(extra))[len(base):])

        def stack(rs: Sequence[Any]) -> tuple[Any, Any]:
            xs, ys = [], []
            for _, _, cands in rs:
                x = np.array([c[2] for c in cands])
                y = np.array([c[1] for c in cands])
                xs.append(x - x.mean(axis=0))
                ys.append(y - y.mean())
            return np.vstack(xs), np.concatenate(ys)

        x, y = stack(rows)
        w, *_ = np.linalg.lstsq(x, y, rcond=None)
        print(f"{variant}: {args.hands} hands ({args.phase} decisions; seat 0: {args.seat0}; "
              f"playouts: {args.policy} in seat 0), "
              f"{len(rows)} decisions, {len(y)} moves, {time.perf_counter() - t:.0f} s")
        if extra:
            print(f"  decisions with an opponent at {near} cards or fewer: {n_near} of "
                  f"{len(rows)} ({n_near / max(1, len(rows)):.0%})")
        print("  least-squares weights: " + ", ".join(
            f"{k} {v:+.3f}" for k, v in zip(names, w, strict=True)))
        print("  the estimate's: " + ", ".join(
            f"{k} {v:+.3f}" for k, v in zip(names, now, strict=True)))
        for label, ws in (("the estimate's weights", now), ("fitted", w)):
            res = y - x @ ws
            print(f"  {label}: mean squared error {float(res @ res) / len(y):.1f} per move "
                  f"(of the outcomes about their decision's mean: {float(y @ y) / len(y):.1f})")
        hands = sorted({h for h, _, _ in rows})
        for k in range(4 if len(hands) >= 4 else 0):
            fold = set(hands[k::4])
            xt, yt = stack([r for r in rows if r[0] not in fold])
            wf, *_ = np.linalg.lstsq(xt, yt, rcond=None)
            if extra:  # the same fit without the extra parts, to compare with
                wb, *_ = np.linalg.lstsq(xt[:, :-extra], yt, rcond=None)
                wb = np.concatenate([wb, np.zeros(extra)])
            gains, over_base = [], []
            for _, _, cands in (r for r in rows if r[0] in fold):
                xs = np.array([c[2] for c in cands])
                ys = [c[1] for c in cands]
                gains.append(ys[int(np.argmax(xs @ wf))] - ys[int(np.argmax(xs @ now))])
                if extra:
                    over_base.append(ys[int(np.argmax(xs @ wf))]
                                     - ys[int(np.argmax(xs @ wb))])
            m, se, _, _ = summary(gains)
            print(f"  fold {k}: weights fitted on the other hands choose moves worth "
                  f"{m:+.3f} +- {se:.3f} points per decision ({args.policy} playouts) more than "
                  "the estimate's weights", flush=True)
            if extra:
                m, se, _, _ = summary(over_base)
                print(f"          and {m:+.3f} +- {se:.3f} more than weights fitted on the "
                      "same hands without the extra parts", flush=True)


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = ap.add_subparsers(dest="cmd", required=True)
    workers = max(1, os.cpu_count() or 1)
    p = sub.add_parser("stakes")
    p.add_argument("--variants", default="gin,basic,500,indian")
    p.add_argument("--hands", type=int, default=300)
    p.add_argument("--workers", type=int, default=workers)
    p.add_argument("--chunk", type=int, default=10)
    p = sub.add_parser("calibrate")
    p.add_argument("--variants", default="basic,500,indian")
    p.add_argument("--hands", type=int, default=300)
    p.add_argument("--workers", type=int, default=workers)
    p = sub.add_parser("discards")
    p.add_argument("--hands", type=int, default=200)
    p.add_argument("--workers", type=int, default=workers)
    p = sub.add_parser("skips")
    p.add_argument("--variants", default="500")
    p.add_argument("--hands", type=int, default=25)
    p.add_argument("--workers", type=int, default=workers)
    p = sub.add_parser("goout")
    p.add_argument("--variants", default="basic,500")
    p.add_argument("--hands", type=int, default=400)
    p.add_argument("--workers", type=int, default=workers)
    p = sub.add_parser("drawcheck")
    p.add_argument("--variants", default="500")
    p.add_argument("--hands", type=int, default=40)
    p.add_argument("--workers", type=int, default=workers)
    p = sub.add_parser("throwscale")
    p.add_argument("--hands", type=int, default=60)
    p.add_argument("--workers", type=int, default=workers)
    p = sub.add_parser("throws")
    p.add_argument("--variants", default="indian")
    p.add_argument("--wild", action="store_true",
                   help="only decisions with a wild card to throw, and fit its extra cost")
    p.add_argument("--hands", type=int, default=20)
    p.add_argument("--workers", type=int, default=workers)
    p = sub.add_parser("fitparts")
    p.add_argument("--variants", default="500")
    p.add_argument("--hands", type=int, default=300)
    p.add_argument("--pile", action="store_true",
                   help="Rummy 500: also fit the deep picks the discard pile offers")
    p.add_argument("--phase", choices=("all", "draw", "discard"), default="all",
                   help="fit the decisions of one phase only")
    p.add_argument("--taken", action="store_true",
                   help="Rummy 500's draws: also fit a weight per card taken below the top")
    p.add_argument("--seat0", choices=("greedy", "random", "both"), default="greedy",
                   help="whose decisions: greedy self-play's, a random bot's, or both")
    p.add_argument("--policy", choices=("greedy", "expert"), default="greedy",
                   help="who plays seat 0's rest of the hand in the playouts")
    p.add_argument("--near", type=int, default=0,
                   help="Rummy 500: also fit the held and deadwood parts where the nearest "
                   "opponent holds this many cards or fewer")
    p.add_argument("--set", action="append", default=[],
                   help="module:NAME=value, a coach constant for an experiment (as "
                   "bench_strength.py's --set)")
    p.add_argument("--workers", type=int, default=workers)
    args = ap.parse_args(argv)
    apply_settings(getattr(args, "set", []))
    commands: dict[str, Callable[[argparse.Namespace], None]] = {
        "stakes": cmd_stakes, "calibrate": cmd_calibrate, "discards": cmd_discards,
        "skips": cmd_skips, "goout": cmd_goout, "drawcheck": cmd_drawcheck,
        "throwscale": cmd_throwscale, "throws": cmd_throws, "fitparts": cmd_fitparts,
    }
    commands[args.cmd](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
