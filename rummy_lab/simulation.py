"""Simulate many hands with chosen bots, on one core, a process pool, or a Dask cluster.

Every game ``i`` gets its own seed derived from ``(seed, i)``, and games are split into
batches whose results are put back in game order, so a report depends only on the
variant, bots, rules, number of games and seed, never on the executor or its workers.

>>> rep = simulate("gin", 20, bots=("greedy", "random"), seed=3, executor="inline",
...                progress=False)
>>> rep.games, len(rep.records), rep == simulate("gin", 20, bots=("greedy", "random"),
...                 seed=3, executor="inline", progress=False)
(20, 20, True)
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import os
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import BotSpec, make_bot, play_hand
from .engine.dealing import resolve_rules
from .engine.errors import quote
from .engine.game import new_game
from .engine.moves import DrawDiscard, DrawStock, TakeUpcard
from .engine.rules import Rules, RulesLike

Z95 = 1.96
"""Standard errors in the half-width of a 95% interval: ``±`` always means that half-width."""

__all__ = ["MAX_GAMES", "MAX_SEED", "GameRecord", "Mean", "Rate", "Report", "make_bot", "simulate"]

@dataclass(frozen=True)
class GameRecord:
    """One simulated hand.

    :ivar index: the game's number in the run.
    :ivar dealer: the dealer's seat.
    :ivar winner: the winner's seat, None for a draw.
    :ivar kind: how it ended (the variant's own word: gin, knock, undercut, draw...).
    :ivar scores: the result's scores per seat.
    :ivar moves: moves played.
    :ivar draws: cards drawn (stock or discard pile).
    """

    index: int
    dealer: int
    winner: int | None
    kind: str
    scores: tuple[int, ...]
    moves: int
    draws: int


@dataclass(frozen=True)
class Rate:
    """A proportion with its standard error.

    Printed as ``value ± half-width of the 95% interval`` (1.96 standard errors), the one
    meaning ± has everywhere in rummy_lab; the standard error itself is ``stderr``.

    >>> str(Rate(0.25, 0.01, 25, 100))
    '0.2500 ± 0.0196'
    """

    value: float
    stderr: float
    count: int
    total: int

    def __str__(self) -> str:
        return f"{self.value:.4f} ± {Z95 * self.stderr:.4f}"


@dataclass(frozen=True)
class Mean:
    """A mean with its standard error (points per hand, draws per hand).

    Printed as ``value ± half-width of the 95% interval`` (1.96 standard errors):

    >>> str(Mean(2.5, 0.25, 100)), Mean(2.5, 0.25, 100).interval()
    ('2.50 ± 0.49', (2.01, 2.99))
    """

    value: float
    stderr: float
    count: int

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The normal-approximation interval (95% by default), rounded to 2 decimals."""
        return (round(self.value - z * self.stderr, 2), round(self.value + z * self.stderr, 2))

    def __str__(self) -> str:
        return f"{self.value:.2f} ± {Z95 * self.stderr:.2f}"


def _rate(count: int, total: int) -> Rate:
    if total == 0:
        return Rate(math.nan, math.nan, 0, 0)
    p = count / total
    return Rate(p, math.sqrt(p * (1 - p) / total), count, total)


@dataclass(frozen=True)
class Report:
    """What a simulation found: per-game records and summary rates with standard errors."""

    variant: str
    players: int
    bots: tuple[str, ...]
    seed: int
    records: tuple[GameRecord, ...] = field(repr=False)

    @property
    def games(self) -> int:
        return len(self.records)

    def kind_rates(self) -> dict[str, Rate]:
        """Share of hands ending each way (gin, knock, undercut, draw, ...)."""
        counts = Counter(r.kind for r in self.records)
        return {k: _rate(v, self.games) for k, v in sorted(counts.items())}

    def win_rates(self) -> tuple[Rate, ...]:
        """Each seat's share of hands won (draws count as not won)."""
        return tuple(
            _rate(sum(r.winner == p for r in self.records), self.games)
            for p in range(self.players)
        )

    @property
    def draw_rate(self) -> Rate:
        """Share of hands with no winner."""
        return _rate(sum(r.winner is None for r in self.records), self.games)

    @property
    def first_player_win_rate(self) -> Rate:
        """Share of decided hands won by the player who moves first (left of the dealer)."""
        decided = [r for r in self.records if r.winner is not None]
        wins = sum(r.winner == (r.dealer + 1) % self.players for r in decided)
        return _rate(wins, len(decided))

    @property
    def mean_draws(self) -> tuple[float, float]:
        """Mean cards drawn per hand and its standard error."""
        xs = [r.draws for r in self.records]
        return _mean(xs)

    @property
    def mean_moves(self) -> tuple[float, float]:
        """Mean moves per hand and its standard error."""
        return _mean([r.moves for r in self.records])

    def mean_points(self, seat: int) -> Mean:
        """Mean of the seat's hand score (the variant's own sense: Gin counts the points
        won, Rummy 500 the round score) with its standard error."""
        self._check_seat(seat)
        return Mean(*_mean([r.scores[seat] for r in self.records]), self.games)

    def net_points(self, seat: int) -> Mean:
        """Mean points per hand for ``seat`` minus the mean of the other seats' points.

        With two players this is what decides a match: in Gin, the points won minus the
        points lost per hand.
        """
        self._check_seat(seat)
        others = self.players - 1
        xs = [r.scores[seat] - sum(r.scores[q] for q in range(self.players) if q != seat) / others
              for r in self.records]
        return Mean(*_mean(xs), self.games)

    def paired_difference(self, other: Report, seat: int = 0) -> Mean:
        """Net points per hand of ``seat`` here minus in ``other``, deal by deal.

        Two reports with the same variant, seed and number of games played the very same
        deals (game ``i`` is seeded from ``(seed, i)``); comparing them deal by deal removes
        the luck of the cards from the comparison, so the difference has a much smaller
        standard error than the two means apart.

        :raises ValueError: when the reports did not play the same deals.
        """
        self._check_seat(seat)
        if (self.variant, self.seed, self.games, self.players) != (
                other.variant, other.seed, other.games, other.players):
            raise ValueError(
                "paired_difference needs reports of the same deals (variant, seed, games and "
                f"players): {self.variant}/{self.seed}/{self.games}/{self.players} against "
                f"{other.variant}/{other.seed}/{other.games}/{other.players}")
        others = self.players - 1

        def net(r: GameRecord) -> float:
            return r.scores[seat] - sum(r.scores[q] for q in range(self.players)
                                        if q != seat) / others

        xs = [net(a) - net(b) for a, b in zip(self.records, other.records, strict=True)]
        return Mean(*_mean(xs), self.games)

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, got {quote(seat)}")

    def summary(self) -> str:
        """A plain-text table of the rates."""
        lines = [
            f"{self.games} {self.variant} hands, {self.players} players, bots "
            f"{', '.join(self.bots)}, seed {self.seed}",
        ]
        for p, rate in enumerate(self.win_rates()):
            lines.append(f"  seat {p} ({self.bots[p]}) wins   {rate}")
        for k, rate in self.kind_rates().items():
            lines.append(f"  ended by {k:<12} {rate}")
        fp = self.first_player_win_rate
        lines.append(f"  first player wins  {fp}")
        m, se = self.mean_draws
        lines.append(f"  draws per hand     {m:.2f} ± {Z95 * se:.2f}")
        lines.append("  (± is the half-width of a 95% interval)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        from .display import html_table

        seats = [f"seat {p} ({b})" for p, b in enumerate(self.bots)]
        rows: list[list[object]] = [
            ["hands won", *(str(r) for r in self.win_rates())],
            ["net points per hand", *(str(self.net_points(p)) for p in range(self.players))],
        ]
        kinds: list[list[object]] = [
            [f"ended by {k}", str(rate), *([""] * (self.players - 1))]
            for k, rate in self.kind_rates().items()
        ]
        m, se = self.mean_draws
        return html_table(
            ["", *seats], rows + kinds,
            caption=f"{self.games:,} {self.variant} hands, seed {self.seed}",
            css_class="rl-report",
            note=f"first player wins {self.first_player_win_rate}; "
                 f"{m:.1f} ± {Z95 * se:.1f} draws per hand; "
                 "± is the half-width of a 95% interval (1.96 SE)",
        )


def _mean(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return math.nan, math.nan
    m = sum(xs) / n
    if n == 1:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


MAX_GAMES = 10_000_000
"""The most hands one :func:`simulate` call plays (at a few thousand hands a second per
core, a run at the limit takes about an hour on two cores; split longer runs)."""

MAX_SEED = 2**256 - 1
"""The largest seed :func:`simulate` takes (and the most negative is ``-MAX_SEED``)."""


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _game_seed(seed: int, index: int) -> int:
    """Independent, reproducible seed for game ``index`` (string seeding hashes with SHA-512)."""
    return random.Random(f"rummy_lab:{seed}:{index}").getrandbits(63)


def _run_batch(
    variant: str,
    rules: Rules,
    players: int,
    bots: Sequence[BotSpec],
    seed: int,
    start: int,
    stop: int,
) -> list[GameRecord]:
    """Play games ``start..stop-1``; a top-level function so process pools can pickle it."""
    seat_bots = [make_bot(b, rules) for b in bots]
    out = []
    for i in range(start, stop):
        gseed = _game_seed(seed, i)
        dealer = i % players
        game = new_game(variant, players=players, seed=gseed, rules=rules, dealer=dealer)
        result = play_hand(game, seat_bots, random.Random(gseed ^ 0x5DEECE66D))
        draws = sum(isinstance(e.move, DrawStock | DrawDiscard | TakeUpcard) for e in game.history)
        out.append(
            GameRecord(i, dealer, result.winner, result.kind, tuple(result.scores),
                       len(game.history), draws)
        )
    return out


def _bot_name(spec: BotSpec) -> str:
    return spec if isinstance(spec, str) else type(spec).__name__


def simulate(
    variant: RulesLike,
    games: int,
    *,
    players: int = 2,
    bots: Sequence[BotSpec] | None = None,
    seed: int = 0,
    executor: cf.Executor | str | None = None,
    rules: RulesLike | Mapping[str, Any] | None = None,
    batch_size: int | None = None,
    progress: bool = True,
) -> Report:
    """Play ``games`` hands with the given bots and report outcome rates with standard errors.

    :param variant: preset name or Rules (``gin``, ``oklahoma``, ``500``, ``indian`` ...).
    :param games: number of hands, from 0 to :data:`MAX_GAMES` (10,000,000).
    :param players: seats at the table.
    :param bots: one bot per seat: ``"random"``, ``"greedy"``, ``"expert"``, (Gin)
        ``"eaai-simple"`` or a Bot object (default: greedy for every seat where the
        variant has one, else random).
    :param seed: the run's seed, a whole number of at most 256 bits (:data:`MAX_SEED`);
        game ``i`` is seeded from ``(seed, i)``.
    :param executor: any ``concurrent.futures.Executor`` (a Dask ``Client.get_executor()``
        too); ``"inline"`` runs in this process; ``None`` uses a process pool with one
        worker per core (in-process for small runs). Results do not depend on it.
    :param rules: Rules or field overrides.
    :param batch_size: games per task (default: about four tasks per worker).
    :param progress: show a tqdm progress bar (terminal or notebook).
    :raises ValueError: naming the parameter, for a bad count, seed, batch size, bot,
        executor or variant.
    """
    if not _whole(games) or not 0 <= games <= MAX_GAMES:
        raise ValueError(
            f"games must be a whole number from 0 to {MAX_GAMES:,} (MAX_GAMES), "
            f"got {quote(games)}")
    if not _whole(seed) or abs(seed) > MAX_SEED:
        raise ValueError(
            f"seed must be a whole number of at most 256 bits (MAX_SEED), got {quote(seed)}")
    if batch_size is not None and (not _whole(batch_size) or batch_size < 1):
        raise ValueError(
            f"batch_size must be a whole number >= 1 or None, got {quote(batch_size)}")
    if not (executor is None or executor == "inline" or isinstance(executor, cf.Executor)):
        raise ValueError(
            f"executor must be an Executor, 'inline' or None, got {quote(executor)}")
    r = resolve_rules(variant, rules)
    r.check_players(players)
    if bots is None:
        specs: list[BotSpec] = []
        for _ in range(players):
            try:
                make_bot("greedy", r)
                specs.append("greedy")
            except ValueError:
                specs.append("random")
        bots = specs
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise ValueError(
            "bots must be a list with one bot per seat, like ('greedy', 'random'), "
            f"got {quote(bots)}"
        )
    for b in bots:
        make_bot(b, r)  # fail early on a bad name, naming it
    if len(bots) != players:
        raise ValueError(f"need one bot per seat ({players}), got {len(bots)}")
    name = variant if isinstance(variant, str) else variant.name
    workers = os.cpu_count() or 1
    own_pool = False
    inline = executor == "inline" or (executor is None and (games < 200 or workers == 1))
    if batch_size is None:
        batch_size = max(1, math.ceil(games / (4 * workers)))
    bounds = [(s, min(games, s + batch_size)) for s in range(0, games, batch_size)]
    bar = _progress(games, name) if progress else None
    results: dict[int, list[GameRecord]] = {}
    try:
        if inline:
            for s, e in bounds:
                results[s] = _run_batch(name, r, players, bots, seed, s, e)
                if bar is not None:
                    bar.update(e - s)
        else:
            pool: cf.Executor
            if executor is None:
                pool = cf.ProcessPoolExecutor(max_workers=workers)
                own_pool = True
            else:
                assert not isinstance(executor, str)
                pool = executor
            try:
                futures = {
                    pool.submit(_run_batch, name, r, players, list(bots), seed, s, e): (s, e)
                    for s, e in bounds
                }
                for fut in cf.as_completed(futures):
                    s, e = futures[fut]
                    results[s] = fut.result()
                    if bar is not None:
                        bar.update(e - s)
            finally:
                if own_pool:
                    pool.shutdown(wait=True)
    finally:
        if bar is not None:
            bar.close()
    records = tuple(rec for s, _ in bounds for rec in results[s])
    return Report(name, players, tuple(_bot_name(b) for b in bots), seed, records)


def _progress(total: int, name: str) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=f"simulating {name}", unit="hand")


