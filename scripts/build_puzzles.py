"""Build the shipped puzzle sets: ``rummy_lab/practice/data/puzzles_<variant>.json``.

Usage::

    python scripts/build_puzzles.py [--variants gin,basic,500,indian] [--seed 2026]
                                    [--target 66] [--per-theme 10] [--cap 24]
                                    [--budget 2.0] [--agree-share 0.4] [--workers 2]
                                    [--max-greedy 0.6] [--resume] [--out DIR]
                                    [--first-turns] [--themes T1,T2]
                                    [--greedy-wrong] [--drop ID1,ID2]
                                    [--recheck-seeds 3] [--playout-deals 0]
                                    [--playout-share 0.5]

The shipped sets: ``--variants gin,basic,500``, then ``--variants basic --resume
--agree-share 0.7 --target 60`` (Basic's meld-or-hold and lay-off puzzles are ones the
greedy bot answers), then ``--variants 500 --resume --max-positions 6695 --drop ..`` and
``--variants basic --resume --agree-share 0.7 --target 60 --max-positions 6053 --drop
..`` (puzzles whose answer trailed by more than two standard errors when played out by
``bench_puzzles.py --playouts 16 --policy expert``, and one Rummy 500 puzzle it found
tied: ``docs/practice.md`` lists them), and ``--variants indian --agree-share 1
--max-greedy 1`` (in Indian Rummy the greedy bot plays the answer of almost every
decision that makes a puzzle: ``docs/practice.md``), then ``--variants indian --resume
--first-turns --themes drop_or_play --cap 12 --target 200 --agree-share 1 --max-greedy
1`` (a drop is decided on a seat's first turn: only those decisions are looked at, until
the theme holds 12), then ``--variants indian --resume --greedy-wrong --target 200 --cap
60 --agree-share 0.2 --max-greedy 1`` (the greedy bot's mistakes, looked for alone) and,
to close the set, the same with ``--max-greedy 0.6 --max-positions 11994 --recheck-seeds
6 --drop indian-c9930fcf39c6``, then with ``--drop indian-803ed6d6090e`` (puzzles
``bench_puzzles.py`` found tied with its seeds 20000 and 30000), and last the same with
``--max-positions 19080 --playout-deals 64`` (every puzzle played out; the set mined on
until it held the puzzles the greedy bot gets wrong that it needs), then with
``--max-positions 20527 --drop indian-873f471de328`` (tied with seed 20000).

For each variant, decisions from real play (:func:`rummy_lab.practice.mining.positions`:
the expert against the greedy, random and expert bots, every seat) are screened and
validated (:func:`rummy_lab.practice.mining.screen_and_validate`) until the set holds
``--target`` puzzles with at least ``--per-theme`` of every theme (no theme over
``--cap``; at most ``--agree-share`` of ``--target`` where the greedy bot plays the
answer, overall and in a theme's ``--cap``), or ``--max-positions`` decisions were
looked at (the script then says which themes fell short). ``--themes`` mines only
puzzles of those themes (it stops when each is at ``--cap``); ``--first-turns`` looks
only at the decisions of each seat's first turn of a hand (the same hands and seeds).
Every puzzle is evaluated again at four times its budget with three other seeds
(``--recheck-seeds``) before it is taken, and left out if, with any of them, the best
move is not its answer or another move ties with it (``benchmarks/bench_puzzles.py``
checks the answers with yet other seeds); with ``--resume``, a puzzle rechecked with
fewer seeds is rechecked with the ones it has not passed. With ``--playout-deals N``,
a puzzle is also played out (:func:`playout_record`): its answer and its wrong move are
each played to the end of the hand, the player to move by the expert bot and every other
seat by the greedy bot, on the true deal and ``N - 1`` deals of the coach's belief, and
the puzzle is kept only if the answer leads by at least ``--playout-share`` of the
"mistake" bound and by more than two standard errors (:func:`playouts_pass`; with
``--resume``, a puzzle played out on fewer deals is played out again). The coach's
values are a one-turn estimate in the table variants, and this is the check that the
lead it found is there when the hand is played to its end. Last, where the greedy
bot's move is the answer of more than ``--max-greedy`` (60%) of the set, the last
such puzzles are dropped, from the theme with the most of them first and never below
``--per-theme``. The file records the settings it was built with (``settings``, and
``builds``: every run's, in order, with ``--resume``). With ``--workers`` above 1, a
variant's decisions are looked at by that many processes, ahead and in order, and their
results taken in the same order, so the set is the one a single process finds; the
variants are built one after another. The positions are the same for a seed on every
machine; the validation runs at a budget in seconds, so a position at the margin of a
tie can fall on either side on a faster or slower machine.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import random
import re
import sys
import time
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rummy_lab.bots.playouts import lead, paired_playouts  # noqa: E402
from rummy_lab.coach import AdviceList, evaluate  # noqa: E402
from rummy_lab.engine.moves import Move  # noqa: E402
from rummy_lab.engine.rules import get_rules  # noqa: E402
from rummy_lab.practice.mining import (  # noqa: E402
    agrees,
    positions,
    screen_and_validate,
)
from rummy_lab.practice.puzzle import Puzzle, mistake_bound  # noqa: E402
from rummy_lab.practice.themes import (  # noqa: E402
    THEMES,
    possible_themes,
    theme_of,
    variant_key,
)

OUT = ROOT / "rummy_lab" / "practice" / "data"


def build(variant: str, seed: int, target: int, per_theme: int, cap: int, budget: float,
          max_positions: int, agree_share: float, resume: bool = False, workers: int = 1,
          out: Path = OUT, max_greedy: float | None = None, first_turns: bool = False,
          themes: Sequence[str] | None = None, meta: dict[str, Any] | None = None,
          greedy_wrong: bool = False, drop: Sequence[str] = (),
          recheck_seeds: int | None = None, playout_deals: int = 0,
          playout_share: float | None = None) -> dict[str, Any]:
    """Mine the set of ``variant`` (the module's docstring); ``meta`` goes into every save
    of the file (how it is being built), so that a run stopped midway leaves its record."""
    if max_greedy is None:
        max_greedy = MAX_GREEDY
    if recheck_seeds is None:
        recheck_seeds = RECHECK_SEEDS
    if playout_share is None:
        playout_share = PLAYOUT_SHARE
    key = variant_key(variant)
    mined = set(THEMES[key]) if themes is None else set(themes)
    if not mined <= set(THEMES[key]):
        raise SystemExit(f"{key} has no theme {sorted(mined - set(THEMES[key]))}; its themes: "
                         f"{', '.join(THEMES[key])}")
    bound = mistake_bound(get_rules(variant))
    counts: Counter[str] = Counter()
    agree_in: Counter[str] = Counter()
    found: list[dict[str, Any]] = []
    ids: set[str] = set()
    looked = agreeing = 0
    first_hand = 0
    start = time.perf_counter()
    path = out / f"puzzles_{key}.json"
    pool = cf.ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    if resume and path.exists():
        # keep the puzzles that still pass the checks (the expert bot's agreement may
        # have been asked with fewer seeds, the recheck may have been a weaker one), and
        # mine on from the hand after the last
        old = json.loads(path.read_text(encoding="utf-8"))
        if old.get("seed") != seed:
            raise SystemExit(f"{path.name} was built with seed {old.get('seed')}, not {seed}")
        looked = int(old.get("decisions_looked_at", 0))
        start -= float(old.get("seconds", 0))  # the build's seconds, every run's together
        first_hand = int(old.get("next_hand", 0))  # dropped puzzles are not mined again
        olds = []
        for d in old["puzzles"]:
            first_hand = max(first_hand, int(d["hand"]) + 1)
            if d["id"] in drop:
                print(f"{key}: dropped {d['id']} (named by --drop)", flush=True)
                continue
            olds.append(d)
        # the seeds of the recheck each puzzle has not passed yet, looked at by the workers
        todo = [range(rechecked_seeds(d) + 1, recheck_seeds + 1) for d in olds]
        passed = (list(pool.map(_recheck, olds, [budget] * len(olds), todo))
                  if pool is not None else
                  [_recheck(d, budget, k) for d, k in zip(olds, todo, strict=True)])
        if playout_deals:
            # the playout check of every puzzle not yet played out on as many deals
            again = [d for d in olds if _playout_deals(d) < playout_deals]
            for d, rec in zip(again, (pool.map(playout_record, again,
                                               [playout_deals] * len(again))
                                      if pool is not None else
                                      (playout_record(d, playout_deals) for d in again)),
                              strict=True):
                d["playouts"] = rec
        for d, ok in zip(olds, passed, strict=True):
            p = Puzzle.from_dict(d)
            assert p.wrong is not None
            d["theme"] = theme_of(p.view, p.answers[0], p.wrong)  # as the themes are now
            p = Puzzle.from_dict(d)
            if not agrees(p.view, p.answers[0], int(d["hand"])):
                print(f"{key}: dropped {p.id} (the expert bot does not agree with every "
                      "seed)", flush=True)
                continue
            if not ok:
                print(f"{key}: dropped {p.id} ({RECHECK_FAILED})", flush=True)
                continue
            if playout_deals and not playouts_pass(d, playout_deals, playout_share, bound):
                print(f"{key}: dropped {p.id} ({playout_words(d)})", flush=True)
                continue
            d["rechecked"] = recheck_label(max(recheck_seeds, rechecked_seeds(d)))
            agreeing = _take(d, p, found, ids, counts, agree_in, agreeing)
        print(f"{key}: resumed with {len(found)} of {len(old['puzzles'])} puzzles "
              f"{dict(counts)}, from hand {first_hand}", flush=True)
    next_hand = first_hand
    pending: deque[tuple[Any, int, cf.Future[dict[str, Any] | None] | None]] = deque()
    in_flight = 0
    last_beat = looked
    source = positions(variant, seed, start=first_hand, first_turns=first_turns)

    def open_themes() -> set[str]:
        """The themes a decision could still add to (they only shrink as puzzles come)."""
        short = {t for t in mined if counts[t] < per_theme}
        return short if len(found) >= target else {t for t in mined if counts[t] < cap}

    try:
        while True:
            # keep the workers busy: decisions are looked at ahead, in order, and the
            # results taken in the same order, so the set is the same with any --workers
            while pool is not None and in_flight < 2 * workers and len(pending) < 500:
                game, h = next(source)
                wanted = open_themes()
                if possible_themes(game.view_for(game.current_player)) & wanted:
                    pending.append((game, h, pool.submit(_examine, game, bound, budget, h,
                                                         frozenset(wanted), greedy_wrong,
                                                         recheck_seeds, playout_deals)))
                    in_flight += 1
                else:
                    pending.append((game, h, None))
            if pending:
                game, h, job = pending.popleft()
            else:
                game, h = next(source)
                job = None
            short = [t for t in mined if counts[t] < per_theme]
            if ((len(found) >= target and not short) or looked >= max_positions
                    or all(counts[t] >= cap for t in mined)):
                break
            if h != next_hand - 1 and looked - last_beat >= HEARTBEAT:
                last_beat = looked
                # a hand is done: say how far the search is, and keep it for --resume
                print(f"{key}: {looked} decisions looked at, hand {h}, "
                      f"{time.perf_counter() - start:.0f} s", flush=True)
                _save(path, {**_record(key, seed, budget, looked, start, counts, agreeing,
                                       found, THEMES[key], per_theme, h), **(meta or {})})
            next_hand = h + 1
            looked += 1
            open_ = open_themes()
            if not possible_themes(game.view_for(game.current_player)) & open_:
                if job is not None:
                    job.cancel()
                    in_flight -= 1
                continue
            if job is not None:
                d = job.result()
                in_flight -= 1
            else:
                d = _examine(game, bound, budget, h, frozenset(open_), greedy_wrong,
                             recheck_seeds, playout_deals)
            if d is None:
                continue
            p = Puzzle.from_dict(d)
            if p.id in ids or counts[p.theme] >= cap or p.theme not in mined:
                continue
            if p.greedy_agrees and (agreeing >= agree_share * target
                                    or agree_in[p.theme] >= agree_share * cap):
                continue
            if len(found) >= target and p.theme not in short:
                continue
            if rechecked_seeds(d) < recheck_seeds:
                print(f"{key}: left out {p.id} ({RECHECK_FAILED})", flush=True)
                continue
            if playout_deals and not playouts_pass(d, playout_deals, playout_share, bound):
                print(f"{key}: left out {p.id} ({playout_words(d)})", flush=True)
                continue
            agreeing = _take(d, p, found, ids, counts, agree_in, agreeing)
            print(f"{key}: {len(found)} puzzles {dict(counts)} ({looked} decisions, hand "
                  f"{h}, {time.perf_counter() - start:.0f} s)", flush=True)
            _save(path, {**_record(key, seed, budget, looked, start, counts, agreeing, found,
                                   THEMES[key], per_theme, next_hand), **(meta or {})})
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    kept = cut_greedy(found, max_greedy, per_theme, key)
    counts = Counter(d["theme"] for d in kept)
    agreeing = sum(Puzzle.from_dict(d).greedy_agrees for d in kept)
    return _record(key, seed, budget, looked, start, counts, agreeing, kept, THEMES[key],
                   per_theme, next_hand)


def cut_greedy(found: Sequence[dict[str, Any]], max_greedy: float, per_theme: int,
               key: str = "") -> list[dict[str, Any]]:
    """The set ``found`` (puzzle records, in the order found) with puzzles the greedy bot
    answers taken out until it answers at most ``max_greedy`` of it: the last such puzzle
    of the theme with the most of them goes first (of two such themes, the one with more
    puzzles), so that a theme keeps answers of both kinds where it can, and a theme is
    never taken below ``per_theme`` (when no theme can give one up, the cut stops and
    says so)."""
    kept = list(found)
    agrees = {d["id"]: Puzzle.from_dict(d).greedy_agrees for d in kept}
    agreeing = sum(agrees.values())
    while kept and agreeing > max_greedy * len(kept):
        held = Counter(d["theme"] for d in kept)
        easy = Counter(d["theme"] for d in kept if agrees[d["id"]])
        last = max((i for i, d in enumerate(kept) if agrees[d["id"]]
                    and held[d["theme"]] > per_theme),
                   key=lambda i: (easy[kept[i]["theme"]], held[kept[i]["theme"]], i),
                   default=None)
        if last is None:
            print(f"{key}: the greedy bot answers {agreeing} of {len(kept)} puzzles, and "
                  f"no theme can give one up without falling below {per_theme}", flush=True)
            break
        d = kept.pop(last)
        agreeing -= 1
        print(f"{key}: dropped {d['id']} (the greedy bot would answer more than "
              f"{max_greedy:.0%} of the set)", flush=True)
    return kept


def _take(d: dict[str, Any], p: Puzzle, found: list[dict[str, Any]], ids: set[str],
          counts: Counter[str], agree_in: Counter[str], agreeing: int) -> int:
    """Put the puzzle ``p`` (saved as ``d``) in the set and its counts; the new number of
    puzzles the greedy bot answers."""
    ids.add(p.id)
    counts[p.theme] += 1
    agree_in[p.theme] += p.greedy_agrees
    found.append(d)
    return agreeing + p.greedy_agrees


def _examine(game: Any, bound: float, budget: float, h: int, wanted: frozenset[str],
             greedy_wrong: bool = False, recheck_seeds: int = 3, playout_deals: int = 0
             ) -> dict[str, Any] | None:
    """The puzzle this decision of hand ``h`` makes, as a record (None if it makes
    none), rechecked (:func:`_recheck`) when its theme is among ``wanted``, and then,
    with ``playout_deals``, played out (:func:`playout_record`); with ``greedy_wrong``,
    only a puzzle the greedy bot gets wrong."""
    p = screen_and_validate(game, bound, budget, seed=h, greedy_wrong=greedy_wrong)
    if p is None:
        return None
    d = p.to_dict()
    d["hand"] = h
    d["source"] = "shipped"
    if p.theme in wanted and _recheck(d, budget, range(1, recheck_seeds + 1)):
        d["rechecked"] = recheck_label(recheck_seeds)
        if playout_deals:
            d["playouts"] = playout_record(d, playout_deals)
    return d


PLAYOUT_POLICY = "expert"
"""Who plays the rest of the hand for the player to move in the playout check (the
other seats: the greedy bot)."""

PLAYOUT_SHARE = 0.5
"""The default of ``--playout-share``: by playouts, the answer must lead the move marked
wrong by at least this share of the "mistake" bound (and by more than two standard
errors)."""


def playout_record(d: dict[str, Any], deals: int) -> dict[str, Any]:
    """The playout check of the puzzle record ``d``: its answer and its wrong move played
    to the end of the hand (:func:`rummy_lab.bots.playouts.paired_playouts`, the player
    to move by :data:`PLAYOUT_POLICY`) on the true deal and ``deals - 1`` deals of the
    coach's belief (drawn with the seed ``30_000 + hand``), twice per deal; the
    answer's mean lead in points and its standard error."""
    p = Puzzle.from_dict(d)
    assert p.wrong is not None
    diffs = paired_playouts(p.game.state, p.view, p.answers[0], p.wrong,
                            p.game.current_player, deals,
                            random.Random(30_000 + int(d["hand"])), PLAYOUT_POLICY)
    mean, se = lead(diffs)
    return {"deals": deals, "policy": PLAYOUT_POLICY, "lead": round(mean, 2),
            "se": round(se, 2)}


def _playout_deals(d: dict[str, Any]) -> int:
    rec = d.get("playouts")
    return int(rec["deals"]) if isinstance(rec, dict) else 0


def playouts_pass(d: dict[str, Any], deals: int, share: float, bound: float) -> bool:
    """True when the record ``d`` was played out on at least ``deals`` deals and its
    answer led the wrong move by at least ``share`` of ``bound`` and by more than two
    standard errors.

    >>> rec = {"playouts": {"deals": 64, "policy": "expert", "lead": 6.0, "se": 2.5}}
    >>> playouts_pass(rec, 64, 0.5, 8.67), playouts_pass(rec, 64, 0.75, 8.67)
    (True, False)
    >>> playouts_pass(rec, 128, 0.5, 8.67), playouts_pass({}, 64, 0.5, 8.67)
    (False, False)
    """
    rec = d.get("playouts")
    if not isinstance(rec, dict) or _playout_deals(d) < deals:
        return False
    return bool(rec["lead"] >= share * bound and rec["lead"] > 2 * rec["se"])


def playout_words(d: dict[str, Any]) -> str:
    """Why a puzzle failed the playout check, with its numbers."""
    rec = d.get("playouts") or {}
    return (f"by playouts on {rec.get('deals')} deals the answer leads the wrong move by "
            f"{rec.get('lead', float('nan')):+.2f} +- {rec.get('se', float('nan')):.2f}")


HEARTBEAT = 200
"""About every this many decisions, at the start of a hand, the build says how far it is
and saves the set with the hand to go on from (``--resume``)."""

MAX_GREEDY = 0.6
"""The greedy bot's move may be the answer of at most this share of a set (the default
of ``--max-greedy``)."""

RECHECK = 4
"""Each puzzle is evaluated again at this many times its budget, with other seeds."""


RECHECK_FAILED = ("at 4x the budget, with one of the recheck's seeds, another move ties "
                  "with the answer or the best move is not the answer")

RECHECK_SEEDS = 3
"""How many times (each with its own seed) a puzzle is evaluated again at
:data:`RECHECK` times its budget by default (``--recheck-seeds``); its answer must be
ranked alone every time."""


def recheck_label(seeds: int) -> str:
    """What a puzzle's ``rechecked`` field holds once it passed :func:`_recheck` with the
    seeds ``k`` = 1.. ``seeds``.

    >>> recheck_label(3)
    '4x-3seeds'
    """
    return f"{RECHECK}x-{seeds}seeds"


def rechecked_seeds(d: dict[str, Any]) -> int:
    """How many of the recheck's seeds the puzzle record ``d`` has passed (0 when it has
    not been rechecked, or by an older test).

    >>> rechecked_seeds({"rechecked": "4x-6seeds"}), rechecked_seeds({})
    (6, 0)
    """
    m = re.fullmatch(rf"{RECHECK}x-(\d+)seeds", str(d.get("rechecked", "")))
    return int(m.group(1)) if m else 0


def _recheck(d: dict[str, Any], budget: float, ks: Iterable[int] = range(1, RECHECK_SEEDS + 1)
             ) -> bool:
    """True when, at :data:`RECHECK` times the budget, with each of the seeds
    ``10_000 * k + hand`` for ``k`` in ``ks``, the coach ranks the answer alone at rank
    1 (:func:`alone`). ``evaluate`` stops once one move is ranked alone, so a single look
    tests a lead just where it crosses the rank test; several looks leave out more of the
    puzzles at that margin."""
    p = Puzzle.from_dict(d)
    return all(alone(evaluate(p.view, budget=RECHECK * budget,
                              seed=10_000 * k + int(d["hand"])), p.answers)
               for k in ks)


def alone(advice: AdviceList, answers: Sequence[Move]) -> bool:
    """True when the first move is an answer and no move that is not an answer shares
    its rank 1."""
    return advice[0].move in answers and all(
        a.move in answers for a in advice if a.rank == 1)


def _record(key: str, seed: int, budget: float, looked: int, start: float,
            counts: Counter[str], agreeing: int, found: list[dict[str, Any]],
            themes: dict[str, str], per_theme: int, next_hand: int) -> dict[str, Any]:
    short = {t: counts[t] for t in themes if counts[t] < per_theme}
    return {"format": "rummy_lab.puzzles", "version": 1, "variant": key, "seed": seed,
            "budget": budget, "decisions_looked_at": looked, "next_hand": next_hand,
            "seconds": round(time.perf_counter() - start), "short_themes": short,
            "greedy_agrees": agreeing, "puzzles": found}


def _save(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n",
                   encoding="utf-8")
    tmp.replace(path)


def _builds(path: Path) -> list[dict[str, Any]]:
    """The settings of every run that built the set at ``path`` (none if it is absent)."""
    if not path.exists():
        return []
    old = json.loads(path.read_text(encoding="utf-8"))
    if "builds" in old:
        return list(old["builds"])
    return [old["settings"]] if "settings" in old else []


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default="gin,basic,500,indian")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--target", type=int, default=66)
    ap.add_argument("--per-theme", type=int, default=10)
    ap.add_argument("--cap", type=int, default=24)
    ap.add_argument("--budget", type=float, default=2.0)
    ap.add_argument("--max-positions", type=int, default=20_000)
    ap.add_argument("--agree-share", type=float, default=0.4,
                    help="at most this share of --target where the greedy bot's move is "
                         "the answer")
    ap.add_argument("--max-greedy", type=float, default=MAX_GREEDY,
                    help="at the end, drop the last puzzles the greedy bot answers until it "
                         "answers at most this share of the set")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=str(OUT),
                    help="the folder of the puzzle files (the package's data by default)")
    ap.add_argument("--first-turns", action="store_true",
                    help="look only at the decisions of each seat's first turn (Indian "
                         "Rummy's first drop)")
    ap.add_argument("--themes", default=None,
                    help="comma-separated: mine only puzzles of these themes (the set's "
                         "other themes are kept as they are)")
    ap.add_argument("--greedy-wrong", action="store_true",
                    help="look only for puzzles the greedy bot gets wrong (a decision where "
                         "it plays the quick look's first move is left at once)")
    ap.add_argument("--drop", default="",
                    help="comma-separated puzzle ids to leave out of the resumed set (say "
                         "why in docs/practice.md: e.g. a tie bench_puzzles.py found)")
    ap.add_argument("--recheck-seeds", type=int, default=RECHECK_SEEDS,
                    help="evaluate every puzzle again at 4x its budget with this many seeds; "
                         "with --resume, a puzzle rechecked with fewer is rechecked with the "
                         "seeds it has not passed")
    ap.add_argument("--playout-deals", type=int, default=0,
                    help="play every puzzle's answer and wrong move out to the end of the "
                         "hand on this many deals (the expert bot for the player to move) "
                         "and keep it only if the answer leads clearly (0: no such check)")
    ap.add_argument("--playout-share", type=float, default=PLAYOUT_SHARE,
                    help="with --playout-deals: the least lead by playouts, as a share of "
                         "the mistake bound")
    ap.add_argument("--resume", action="store_true",
                    help="keep the puzzles of the existing files that still pass, and "
                         "mine on from the hand after their last")
    args = ap.parse_args(argv)
    if args.recheck_seeds < 1:
        ap.error(f"--recheck-seeds must be at least 1, got {args.recheck_seeds}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    variants = args.variants.split(",")
    for v in variants:  # one variant at a time, its decisions looked at by the workers
        earlier = _builds(out / f"puzzles_{variant_key(v)}.json") if args.resume else []
        # how the set was built, so that it can be built again
        settings: dict[str, Any] = {"target": args.target, "per_theme": args.per_theme,
                                    "cap": args.cap, "agree_share": args.agree_share,
                                    "max_greedy": args.max_greedy,
                                    "max_positions": args.max_positions}
        if args.first_turns or args.themes:
            settings.update(first_turns=args.first_turns, themes=args.themes)
        if args.greedy_wrong:
            settings["greedy_wrong"] = True
        if args.recheck_seeds != RECHECK_SEEDS:
            settings["recheck_seeds"] = args.recheck_seeds
        if args.playout_deals:
            settings.update(playout_deals=args.playout_deals,
                            playout_share=args.playout_share)
        drop = [i for i in args.drop.split(",") if i]
        if drop:
            if not args.resume:
                raise SystemExit("--drop leaves puzzles out of an existing set: use it "
                                 "with --resume")
            settings["drop"] = drop
        meta = {"settings": settings, "builds": [*earlier, settings]}  # every run's, in order
        data = build(v, args.seed, args.target, args.per_theme, args.cap, args.budget,
                     args.max_positions, args.agree_share, args.resume, max(1, args.workers),
                     out, args.max_greedy, args.first_turns,
                     args.themes.split(",") if args.themes else None, meta,
                     args.greedy_wrong, drop, args.recheck_seeds, args.playout_deals,
                     args.playout_share)
        data.update(meta)
        path = out / f"puzzles_{data['variant']}.json"
        _save(path, data)
        print(f"wrote {path}: {len(data['puzzles'])} puzzles, "
              f"{data['decisions_looked_at']} decisions in {data['seconds']} s; "
              f"themes short of {args.per_theme}: {data['short_themes'] or 'none'}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
