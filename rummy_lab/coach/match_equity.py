"""Match-winning chances: each player's chance to win a two-player match from its totals.

Why: near the end of a match the move that wins the most points is often not the move
that wins the match most often (Gin at 90-60, Pool Rummy at 95). A learner needs the
match's stakes as a number: at these totals, with this dealer, how often does each player
go on to win?

Method (like backgammon's match equity tables; the details are in ``docs/coach.md``):

* **One hand's result** is a measured distribution: two-player hands of the expert bot
  against itself, counted by how each player's match total moved and who won, with the
  dealer's role kept apart (the non-dealer moves first). ``scripts/measure_hand_outcomes.py``
  measures it; the counts ship in ``rummy_lab/coach/data/hand_outcomes.json``.
* **The match** is a Markov chain on ``(total 0, total 1, next dealer)`` that follows the
  engine's match rules exactly (:mod:`rummy_lab.engine.match` and the variants' hooks):
  who deals next (Gin: the hand's winner, or with ``alternate_deal`` the other player,
  the same dealer after a drawn hand; the other variants: the deal passes), how a hand
  moves the totals and when the match ends. The chance of winning from every state is
  computed once per rules object by value iteration over the whole table
  (:class:`MatchEquityTable`), then looked up.

The match formats:

* **Gin, Oklahoma** (``game_totals``): the hand's winner adds its points; the first to
  reach ``rules.target`` wins. Totals are whole numbers ``0 .. target - 1``.
* **Basic Rummy** (``basic_standing``): the player who goes out adds the hand's points;
  the first to reach the target wins. Totals ``0 .. target - 1``.
* **Rummy 500** (``match_totals``): both players add their net score every round, so
  totals can go down. The match ends after a round in which someone reaches the target:
  the higher total wins, an exact tie plays another round (so ``(t, t)`` with ``t`` at or
  past the target is a state of a running match). The table works in steps of 5 points
  (totals and each hand's changes are rounded to the nearest multiple of 5) and is bounded
  below at ``-target / 2`` (-250): a total below it counts as -250 (a player that far
  behind almost never wins; the bound changes chances by far less than the measurement's
  own error).
* **Indian Pool 101 / 201** (``pool_standings``): the loser of a deal adds its count (or
  its drop, or the wrong-declaration penalty), the winner adds 0; a player at the pool
  limit or above is out and, with two players, the other wins (a rejoin needs a third
  player still in). Totals ``0 .. pool_limit - 1``; lower is better.

Hollywood is not covered: its state is three games' points plus which games each player
has entered, and its winner is decided by the combined totals with box and game bonuses,
so two totals do not describe a Hollywood match. Indian Deals is not covered either: its
state needs the number of deals left, which the totals do not hold. Indian Points is one
deal, not a match.

>>> import rummy_lab as rl
>>> p0, p1 = rl.coach.match_win_probability("gin", (90, 60), dealer=1)
>>> round(p0, 2), abs(p0 + p1 - 1) < 1e-9
(0.75, True)
>>> rl.coach.match_win_probability("gin", (100, 60))
Traceback (most recent call last):
...
ValueError: the match is over at (100, 60): player 0 has reached the target of 100
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

if TYPE_CHECKING:  # numpy loads when a table is first solved, not with the coach
    import numpy as np
    import numpy.typing as npt

from ..engine.errors import quote
from ..engine.rules import PRESETS, Rules, RulesLike, Variant, get_rules

__all__ = [
    "PRECISION_EVERY",
    "PRECISION_RESAMPLES",
    "HandOutcomes",
    "MatchEquityTable",
    "expert_outcomes",
    "match_equity_table",
    "match_win_interval",
    "match_win_probability",
    "resampled_se",
]

DATA_FILE = Path(__file__).resolve().parent / "data" / "hand_outcomes.json"
"""The measured expert hand outcomes (written by ``scripts/measure_hand_outcomes.py``)."""

Winner = Literal["dealer", "other"] | None
Format = Literal["gin", "table", "pool"]
FloatArray: TypeAlias = "npt.NDArray[np.float64]"

_TOLERANCE = 1e-12  # value iteration stops when no chance moves by more than this
_MAX_SWEEPS = 5000
_STEP_500 = 5

PRECISION_RESAMPLES = 40
"""Resamples of the measured hands behind a table's precision (:func:`resampled_se`)."""

PRECISION_EVERY = 5
"""The precision is kept for every this many rows and columns of a table."""


@dataclasses.dataclass(frozen=True)
class HandOutcomes:
    """The distribution of one two-player hand's result, by the dealer's role.

    :ivar rows: ``(dealer_change, other_change, winner, probability)``: how the dealer's
        and the other player's match totals move, who won the hand (``"dealer"``,
        ``"other"`` or ``None`` for no winner) and how often; the probabilities add up
        to 1.
    :ivar hands: the hands measured (0 for a hand-made distribution).
    :ivar bot: the bot that played both seats (empty for a hand-made distribution).

    >>> h = HandOutcomes.from_counts([(10, 0, "dealer", 3), (0, 20, "other", 1)])
    >>> h.rows[1], h.hands
    ((0, 20, 'other', 0.25), 4)
    """

    rows: tuple[tuple[int, int, Winner, float], ...]
    hands: int = 0
    bot: str = ""

    @classmethod
    def from_counts(cls, counts: Iterable[Sequence[Any]], *, bot: str = "") -> HandOutcomes:
        """Outcomes from ``(dealer_change, other_change, winner, count)`` rows.

        :raises ValueError: for a malformed row, a negative count or no hands at all.
        """
        parsed: list[tuple[int, int, Winner, float]] = []
        for row in counts:
            if isinstance(row, str) or not isinstance(row, Sequence) or len(row) != 4:
                raise ValueError(
                    "an outcome row is (dealer_change, other_change, winner, count), "
                    f"got {quote(row)}")
            d, o, w, n = row
            if not all(_whole(x) for x in (d, o, n)) or n < 0:
                raise ValueError(f"changes and counts must be whole numbers (count >= 0), "
                                 f"got {quote(row)}")
            if w not in ("dealer", "other", None):
                raise ValueError(f"winner must be 'dealer', 'other' or None, got {quote(w)}")
            if n:
                parsed.append((int(d), int(o), w, float(n)))
        total = sum(r[3] for r in parsed)
        if total <= 0:
            raise ValueError("hand outcomes need at least one hand with a count above 0")
        rows = tuple((d, o, w, n / total) for d, o, w, n in parsed)
        return cls(rows, int(total) if total == int(total) else 0, bot)


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# ------------------------------------------------------------------ rules and formats

_SUPPORTED = ("gin", "oklahoma", "basic", "500", "indian-pool-101", "indian-pool-201")
_MATCH_FIELDS = ("name", "target", "pool_limit", "rejoin", "game_bonus", "box_bonus",
                 "shutout", "deals")


def _format(rules: Rules) -> Format:
    """The match format of ``rules``, or a ValueError saying why it has none here."""
    if rules.variant is Variant.GIN:
        if rules.hollywood:
            raise ValueError(
                "match chances cover Gin and Oklahoma, not Hollywood: three games at once "
                "need more than two totals to describe the match")
        return "gin"
    if rules.variant in (Variant.BASIC, Variant.RUMMY500):
        return "table"
    if rules.indian_format == "pool":
        return "pool"
    raise ValueError(
        f"match chances cover Indian Pool (101, 201), not {rules.indian_format} rummy "
        f"({rules.name}): " + ("a Points match is a single deal" if
                              rules.indian_format == "points" else
                              "a Deals match also needs the number of deals left"))


def _preset_for(rules: Rules) -> str | None:
    """The supported preset whose hands ``rules`` plays (only match fields may differ)."""
    for name in _SUPPORTED:
        preset = PRESETS[name]
        if preset.variant is not rules.variant:
            continue
        try:
            same = dataclasses.replace(
                rules, **{f: getattr(preset, f) for f in _MATCH_FIELDS}) == preset
        except ValueError:
            same = False
        if same:
            return name
    return None


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return data


def expert_outcomes(rules: RulesLike) -> HandOutcomes:
    """The shipped expert-against-expert hand outcomes for ``rules``.

    :raises ValueError: when no measurement fits these rules (naming the ones there are).
    """
    r = get_rules(rules)
    _format(r)
    name = _preset_for(r)
    variants: dict[str, Any] = _shipped()["variants"]
    if name is None or name not in variants:
        raise ValueError(
            f"no measured hand outcomes for the rules {quote(r.name)}: the measurements "
            f"cover {', '.join(sorted(variants))} (only match fields such as the target "
            "may differ)")
    rec = variants[name]
    return HandOutcomes.from_counts(rec["outcomes"], bot=str(rec.get("bot", "")))


# ------------------------------------------------------------------ the table


class MatchEquityTable:
    """Player 0's chance to win a two-player match from every state, for one rules object.

    Built once (value iteration over the whole table), then every lookup is an index.

    :ivar rules: the match rules.
    :ivar outcomes: the hand-outcome distribution it was computed from.
    :ivar format: ``"gin"`` (Gin, Oklahoma), ``"table"`` (Basic, Rummy 500) or ``"pool"``.
    :ivar target: the total that ends the match (Pool: the pool limit, which puts a
        player out).
    :ivar step: the points between two rows of the table (5 for Rummy 500, else 1).
    :ivar low: the lowest total in the table (-250 for Rummy 500, else 0).
    :ivar totals: the totals of the table's rows and columns, lowest first.
    :ivar chances: ``chances[dealer, i, j]``: player 0's chance to win when the totals
        are ``(totals[i], totals[j])`` and ``dealer`` deals the next hand.
    :ivar tie_chances: Rummy 500: player 0's chance from a tie at or past the target, by
        dealer (another hand is played; an equal result again counts as a tie again).
    """

    def __init__(self, rules: Rules, outcomes: HandOutcomes,
                 precision: dict[str, Any] | None = None) -> None:
        self.rules = rules
        self.outcomes = outcomes
        self.format: Format = _format(rules)
        fmt = self.format
        self.target = rules.pool_limit if fmt == "pool" else rules.target
        self.step = _STEP_500 if rules.variant is Variant.RUMMY500 else 1
        _check_outcomes(fmt, outcomes)
        falls = any(min(d, o) < 0 for d, o, _, _ in outcomes.rows)
        self.low = -_round_to(self.target // 2, self.step) if falls else 0
        n = (self.target - self.low + self.step - 1) // self.step
        self.totals: tuple[int, ...] = tuple(self.low + k * self.step for k in range(n))
        self.tie_chances: tuple[float, float] = _tie_chances(outcomes, self.step)
        self.chances: FloatArray = self._solve()
        self.chances.setflags(write=False)
        self.precision: dict[str, Any] | None = None
        """The standard error of the chances on a grid (:func:`resampled_se`), when the
        table comes with one (the shipped expert tables do)."""
        if precision is not None:
            self.precision = _check_precision(precision, len(self.totals))

    # ---------------------------------------------------------------- solving
    def _moves(self) -> list[list[tuple[float, int, int, int]]]:
        """Per dealer: ``(probability, player 0's steps, player 1's steps, next dealer)``."""
        out: list[list[tuple[float, int, int, int]]] = []
        for dealer in (0, 1):
            merged: dict[tuple[int, int, int], float] = {}
            for d, o, w, p in self.outcomes.rows:
                x0, x1 = (d, o) if dealer == 0 else (o, d)
                if self.format == "gin" and self.rules.alternate_deal:
                    nxt = dealer if w is None else 1 - dealer
                elif self.format == "gin":
                    nxt = dealer if w in ("dealer", None) else 1 - dealer
                else:
                    nxt = 1 - dealer
                key = (_steps(x0, self.step), _steps(x1, self.step), nxt)
                merged[key] = merged.get(key, 0.0) + p
            out.append([(p, a, b, nxt) for (a, b, nxt), p in merged.items()])
        return out

    def _solve(self) -> FloatArray:
        import numpy as np

        n = len(self.totals)
        moves = self._moves()
        reach = max(max(max(a, b) for _, a, b, _ in m) for m in moves)
        pad = max(reach, 0) + 1
        idx = np.arange(n)
        # padded[nd][i, j]: player 0's chance at row i, column j (beyond n: the match is
        # over, or a tie at or past the target), the next dealer nd
        padded = [self._terminal(n, pad, nd) for nd in (0, 1)]
        gathers = [[(p, np.clip(idx + a, 0, None), np.clip(idx + b, 0, None), nxt)
                    for p, a, b, nxt in m] for m in moves]
        values = np.zeros((2, n, n))
        for _ in range(_MAX_SWEEPS):
            for nd in (0, 1):
                padded[nd][:n, :n] = values[nd]
            new = np.zeros((2, n, n))
            for dealer in (0, 1):
                acc = new[dealer]
                for p, ii, jj, nxt in gathers[dealer]:
                    acc += p * padded[nxt][ii[:, None], jj[None, :]]
            change = float(np.max(np.abs(new - values)))
            values = new
            if change < _TOLERANCE:
                return values
        raise ValueError(
            f"the match chances did not settle after {_MAX_SWEEPS} hands: these hand "
            "outcomes rarely move the totals towards the target")

    def _terminal(self, n: int, pad: int, nxt: int) -> FloatArray:
        """Player 0's chance in the cells past the table (the match just ended)."""
        import numpy as np

        size = n + pad
        arr = np.zeros((size, size))
        i = np.arange(size)[:, None]
        j = np.arange(size)[None, :]
        over0 = np.broadcast_to(i >= n, arr.shape)
        over1 = np.broadcast_to(j >= n, arr.shape)
        if self.format == "gin":  # only the hand's winner scores: one can be over
            arr = np.where(over0, 1.0, 0.0)
        elif self.format == "pool":  # at the limit a player is out; the other wins
            arr = np.where(over1 & ~over0, 1.0, np.where(over0 & over1, 0.5, 0.0))
        else:  # someone reached the target: the higher total wins, a tie plays on
            arr = np.where(i > j, 1.0, np.where(i < j, 0.0, self.tie_chances[nxt]))
            arr = np.where(over0 | over1, arr, 0.0)
        return np.ascontiguousarray(arr, dtype=np.float64)

    # ---------------------------------------------------------------- lookups
    def index(self, total: int) -> int:
        """The row of ``total`` (Rummy 500: the nearest multiple of 5; below -250: -250)."""
        k = _steps(total - self.low, self.step)
        return min(max(k, 0), len(self.totals) - 1)

    def win_probability(self, scores: object, *, dealer: object = None) -> tuple[float, float]:
        """Each player's chance to win from ``scores`` (see :func:`match_win_probability`)."""
        s0, s1 = self.check_scores(scores)
        dealers = _check_dealer(dealer)
        if s0 >= self.target or s1 >= self.target:  # a tie at or past the target
            p = sum(self.tie_chances[d] for d in dealers) / len(dealers)
        else:
            i, j = self.index(s0), self.index(s1)
            p = sum(float(self.chances[d, i, j]) for d in dealers) / len(dealers)
        p = min(max(p, 0.0), 1.0)
        return p, 1.0 - p

    def interval(self, scores: object, *, dealer: object = None) -> tuple[float, float]:
        """Player 0's chance with its 95% range, ``(low, high)``: the chance plus or minus
        1.96 standard errors of the table's precision (how much the chance moves when
        the measured hands are resampled; the nearest grid point's), clipped to 0..1.

        :raises ValueError: as :meth:`win_probability`, or for a table without a
            measured precision (one built from other outcomes, or for another target).
        """
        p, _ = self.win_probability(scores, dealer=dealer)
        if self.precision is None:
            raise ValueError(f"this {self.rules.name} table has no measured precision: only "
                             "the shipped expert tables at their preset target have one")
        s0, s1 = self.check_scores(scores)
        every = int(self.precision["every"])
        se_grid = self.precision["se"]
        i, j = self.index(s0) // every, self.index(s1) // every
        dealers = _check_dealer(dealer)
        se = sum(float(se_grid[d][i][j]) for d in dealers) / len(dealers)
        return max(0.0, p - _Z95 * se), min(1.0, p + _Z95 * se)

    def chance_after(self, s0: int, s1: int, next_dealer: int) -> float:
        """Player 0's chance once a hand has left the totals at ``(s0, s1)`` with
        ``next_dealer`` to deal: 1 or 0 when that hand ended the match (Rummy 500: the
        higher total at or past the target; a tie plays on), else the table's chance."""
        t = self.target
        if s0 >= t or s1 >= t:
            if self.format == "pool":
                return 0.0 if s0 >= t and s1 < t else 1.0 if s1 >= t > s0 else 0.5
            if self.format == "gin" or self.rules.variant is Variant.BASIC:
                return 1.0 if s0 >= s1 else 0.0
            if s0 != s1:
                return 1.0 if s0 > s1 else 0.0
            return self.tie_chances[next_dealer]
        return float(self.chances[next_dealer, self.index(s0), self.index(s1)])

    def mean_change(self) -> float:
        """The mean change of a player's total per hand (Rummy 500's totals both move)."""
        return sum(p * (d + o) / 2 for d, o, _, p in self.outcomes.rows)

    def check_scores(self, scores: object) -> tuple[int, int]:
        """``scores`` as two whole numbers of a running match.

        :raises ValueError: naming the problem: not two whole numbers, a total no match
            can reach, or the totals of a finished match.
        """
        if isinstance(scores, str | bytes) or not isinstance(scores, Sequence):
            raise ValueError(f"scores must be a pair of match totals, got {quote(scores)}")
        if len(scores) != 2:
            raise ValueError(f"match chances are for two players: scores must hold 2 totals, "
                             f"got {len(scores)}: {quote(scores)}")
        if not all(_whole(s) for s in scores):
            raise ValueError(f"match totals are whole numbers, got {quote(scores)}")
        s0, s1 = int(scores[0]), int(scores[1])
        pair = (s0, s1)
        name = self.rules.name
        if self.format != "table" or self.rules.variant is Variant.BASIC:
            for p, s in enumerate(pair):
                if s < 0:
                    raise ValueError(f"no {name} match reaches {quote(scores)}: totals start at "
                                     f"0 and never go down, player {p} has {s}")
        over = [p for p, s in enumerate(pair) if s >= self.target]
        if not over:
            return pair
        if self.format == "pool":
            if len(over) == 2:
                raise ValueError(f"no {name} match reaches {quote(scores)}: a deal puts at "
                                 "most one of two players out (the winner scores 0)")
            raise ValueError(f"the match is over at {quote(scores)}: player {over[0]} has "
                             f"reached the pool limit of {self.target} and is out")
        if self.format == "gin" or self.rules.variant is Variant.BASIC:
            if len(over) == 2:
                raise ValueError(f"no {name} match reaches {quote(scores)}: only one player "
                                 f"scores in a hand, and the first to {self.target} wins")
            raise ValueError(f"the match is over at {quote(scores)}: player {over[0]} has "
                             f"reached the target of {self.target}")
        if s0 == s1:
            return pair  # Rummy 500: a tie at or past the target plays another hand
        lead = 0 if s0 > s1 else 1
        raise ValueError(f"the match is over at {quote(scores)}: a total reached the "
                         f"target of {self.target} and player {lead} is ahead")

    def grid(self, *, dealer: object = None, every: int = 1) -> tuple[tuple[int, ...], FloatArray]:
        """Player 0's chance over the table: ``(totals, chances[i, j])``, every ``every``
        row, averaged over ``dealer`` (``None``: both equally)."""
        import numpy as np

        dealers = _check_dealer(dealer)
        if isinstance(every, bool) or not isinstance(every, int) or every < 1:
            raise ValueError(f"every must be a whole number >= 1, got {quote(every)}")
        avg = sum(self.chances[d] for d in dealers) / len(dealers)
        return self.totals[::every], np.asarray(avg[::every, ::every], dtype=np.float64)

    def __repr__(self) -> str:
        return (f"<MatchEquityTable {self.rules.name} to {self.target}: "
                f"{len(self.totals)}x{len(self.totals)} totals, "
                f"{self.outcomes.hands} hands of {self.outcomes.bot or 'hand-made'} play>")

    def _repr_markdown_(self) -> str:
        """Player 0's chance (%) at every tenth of the way to the target, dealer averaged."""
        every = max(1, len(self.totals) // 10)
        totals, grid = self.grid(every=every)
        better = "lower" if self.format == "pool" else "higher"
        head = ("| player 0 \\ player 1 | " + " | ".join(str(t) for t in totals) + " |\n"
                + "|---" * (len(totals) + 1) + "|\n")
        body = "".join(
            f"| **{t}** | " + " | ".join(f"{100 * grid[i, j]:.0f}" for j in range(len(totals)))
            + " |\n" for i, t in enumerate(totals))
        return (f"**{self.rules.name}: player 0's chance to win the match (%)**, "
                f"rows: player 0's total, columns: player 1's ({better} is better; "
                f"dealer averaged; from {self.outcomes.hands} measured hands)\n\n"
                + head + body)


_Z95 = 1.96


def _check_precision(precision: dict[str, Any], n: int) -> dict[str, Any]:
    """A precision record that fits a table of ``n`` totals a side."""
    every = precision.get("every")
    se = precision.get("se")
    if not isinstance(every, int) or isinstance(every, bool) or every < 1 \
            or not isinstance(se, list) or len(se) != 2:
        raise ValueError("a precision record needs 'every' (rows) and 'se' per dealer")
    size = (n + every - 1) // every
    for grid in se:
        if len(grid) != size or any(len(row) != size for row in grid):
            raise ValueError(f"the precision grid must be {size}x{size} for this table")
        if any(not isinstance(x, int | float) or not x >= 0 for row in grid for x in row):
            raise ValueError("the precision grid holds standard errors (numbers >= 0)")
    return precision


def resampled_se(rules: RulesLike, outcomes: HandOutcomes, *,
                 resamples: int = PRECISION_RESAMPLES, seed: int = 0,
                 every: int = PRECISION_EVERY) -> dict[str, Any]:
    """How precise a table built from measured hands is: the measured hands are drawn
    again with replacement ``resamples`` times, a table is built from each, and the
    standard deviation of player 0's chance over them is kept for every ``every``-th
    row and column, per dealer (a bootstrap). ``scripts/measure_hand_outcomes.py``
    stores it with the shipped measurements; :meth:`MatchEquityTable.interval` reads it.

    :raises ValueError: for outcomes that do not count their hands (hand-made ones), or
        a bad ``resamples`` or ``every``.
    """
    import numpy as np

    r = get_rules(rules)
    if outcomes.hands < 2:
        raise ValueError("a precision needs measured outcomes (at least 2 counted hands)")
    for name, v in (("resamples", resamples), ("every", every)):
        if not _whole(v) or int(v) < (2 if name == "resamples" else 1):
            raise ValueError(f"{name} must be a whole number >= "
                             f"{2 if name == 'resamples' else 1}, got {quote(v)}")
    hands: list[tuple[int, int, Winner]] = []
    for d, o, w, p in outcomes.rows:
        hands += [(d, o, w)] * round(p * outcomes.hands)
    rng = random.Random(seed)
    grids = []
    for _ in range(resamples):
        counts: dict[tuple[int, int, Winner], int] = {}
        for h in rng.choices(hands, k=len(hands)):
            counts[h] = counts.get(h, 0) + 1
        table = MatchEquityTable(r, HandOutcomes.from_counts(
            [(*h, n) for h, n in counts.items()]))
        grids.append(table.chances[:, ::every, ::every])
    se = np.std(np.stack(grids), axis=0, ddof=1)
    return {"every": every, "resamples": resamples, "seed": seed,
            "se": np.round(se, 4).tolist()}


def _check_outcomes(fmt: Format, outcomes: HandOutcomes) -> None:
    """Reject outcomes the match format cannot produce."""
    if not isinstance(outcomes, HandOutcomes):
        raise ValueError(f"outcomes must be HandOutcomes, got {quote(outcomes)}")
    for d, o, w, _ in outcomes.rows:
        won, lost = (d, o) if w == "dealer" else (o, d)
        if fmt == "gin" and (lost != 0 or won < 0 or (w is None and won != 0)):
            raise ValueError(f"a Gin hand adds points to its winner only, got "
                             f"{quote((d, o, w))}")
        if fmt == "pool" and (min(d, o) < 0 or (w is None and max(d, o) != 0)
                              or (w is not None and won != 0)):
            raise ValueError(f"a Pool deal adds points to its loser only, got "
                             f"{quote((d, o, w))}")
    if all(max(d, o) <= 0 for d, o, _, _ in outcomes.rows):
        raise ValueError("these hand outcomes never move a total towards the target")


def _round_to(x: int, step: int) -> int:
    return step * _steps(x, step)


def _steps(x: int, step: int) -> int:
    """``x / step`` rounded to the nearest whole number (halves away from zero)."""
    q = abs(x) / step
    k = math.floor(q + 0.5)
    return k if x >= 0 else -k


def _tie_chances(outcomes: HandOutcomes, step: int) -> tuple[float, float]:
    """Player 0's chance from a tie at or past the target, by next dealer: the next hand
    with a different change for each player decides it (the dealer alternates)."""
    won = [0.0, 0.0]
    same = [0.0, 0.0]
    for dealer in (0, 1):
        for d, o, _, p in outcomes.rows:
            x0, x1 = (d, o) if dealer == 0 else (o, d)
            a, b = _steps(x0, step), _steps(x1, step)
            if a > b:
                won[dealer] += p
            elif a == b:
                same[dealer] += p
    denom = 1.0 - same[0] * same[1]
    if denom <= 0:
        return 0.5, 0.5
    t0 = (won[0] + same[0] * won[1]) / denom
    t1 = (won[1] + same[1] * won[0]) / denom
    return t0, t1


def _check_dealer(dealer: object) -> tuple[int, ...]:
    if dealer is None:
        return (0, 1)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in (0, 1):
        raise ValueError(f"dealer must be 0, 1 or None (both equally), got {quote(dealer)}")
    return (dealer,)


@lru_cache(maxsize=16)
def _expert_table(rules: Rules) -> MatchEquityTable:
    table = MatchEquityTable(rules, expert_outcomes(rules))
    name = _preset_for(rules)
    if name is None:
        return table
    rec = _shipped()["variants"].get(name, {})
    precision = rec.get("precision")
    preset = get_rules(name)
    if precision is not None and rules.target == preset.target and \
            rules.pool_limit == preset.pool_limit:
        table.precision = _check_precision(precision, len(table.totals))
    return table


def match_equity_table(
    rules: RulesLike, *, outcomes: HandOutcomes | None = None
) -> MatchEquityTable:
    """Player 0's chance to win from every pair of totals, as a table (shown as a grid of
    percentages in Jupyter; ``rl.viz.match_equity_heatmap`` draws it as a heat map).

    >>> t = match_equity_table("gin")
    >>> t.totals[:3], t.chances.shape
    ((0, 1, 2), (2, 100, 100))

    :param rules: Gin, Oklahoma, Basic Rummy, Rummy 500 or Indian Pool rules (a name or
        Rules; the target or pool limit may be changed).
    :param outcomes: the hand-outcome distribution (default: the shipped measurement of
        the expert bot against itself). The expert table is computed once per rules.
    :raises ValueError: for rules without match chances (Hollywood, Points, Deals), rules
        with no measurement, or outcomes the match format cannot produce.
    """
    r = get_rules(rules)
    if outcomes is None:
        return _expert_table(r)
    return MatchEquityTable(r, outcomes)


def match_win_interval(
    rules: RulesLike, scores: Sequence[int], *, dealer: int | None = None
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Each player's chance to win (as :func:`match_win_probability`) as a 95% range,
    ``((low, high), (low, high))``: how far the chance moves when the measured expert
    hands behind the table are resampled (:func:`resampled_se`).

    >>> import rummy_lab as rl
    >>> (lo, hi), _ = rl.coach.match_win_interval("gin", (90, 60))
    >>> lo < rl.coach.match_win_probability("gin", (90, 60))[0] < hi
    True

    :raises ValueError: as :func:`match_win_probability`, or for rules whose table has
        no measured precision (a target other than the preset's).
    """
    lo, hi = match_equity_table(rules).interval(scores, dealer=dealer)
    return (lo, hi), (1.0 - hi, 1.0 - lo)


def match_win_probability(
    rules: RulesLike, scores: Sequence[int], *, dealer: int | None = None
) -> tuple[float, ...]:
    """Each player's chance to win a two-player match from ``scores``.

    ``scores`` are the running totals as :func:`rummy_lab.new_match` keeps them
    (``match.totals`` while the match runs): Gin and Oklahoma hand points toward the
    target, Basic Rummy and Rummy 500 totals, Indian Pool points toward the pool limit
    (lower is better). ``dealer`` deals the next hand (``None``: either, equally likely).
    The chances come from the expert bot's measured hand outcomes (see the module's
    notes); the two add up to 1 (every match ends with a winner).

    >>> import rummy_lab as rl
    >>> a = rl.coach.match_win_probability("indian-pool-101", (95, 30))
    >>> b = rl.coach.match_win_probability("indian-pool-101", (30, 95))
    >>> a[0] < 0.5 < b[0], abs(a[0] - b[1]) < 1e-9
    (True, True)

    :param rules: the match rules (a name or Rules).
    :param scores: the two players' totals.
    :param dealer: 0 or 1, the seat dealing the next hand, or ``None``.
    :return: ``(player 0's chance, player 1's chance)``.
    :raises ValueError: for rules without match chances, scores that are not two whole
        numbers, totals no match can reach (a negative Gin total) or the totals of a
        finished match (a total at the target, except a Rummy 500 tie, which plays on).
    """
    return match_equity_table(rules).win_probability(scores, dealer=dealer)
