"""Indian Rummy: checking a declaration and counting a losing hand.

A declaration shows 13 cards, all in melds, with at least two sequences (runs) of which at
least one is pure. Losers count their cards on their best arrangement: without a pure
sequence every card counts; with a pure sequence but no second sequence only that pure
sequence is excluded; otherwise every meld is excluded. The count is capped at 80.

>>> d = check_declaration("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH KS QS QH JH", wild_rank=7)
>>> d.valid, d.reason
(False, 'a declaration shows 13 cards, got 15')
>>> d = check_declaration("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH KS 8S", wild_rank=8)
>>> d.valid
True
>>> check_declaration("5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS", wild_rank=8).reason
'no pure sequence: 5H 6H JK is impure because JK stands in for 7H;
 also 3S QS 2C 4C are not part of any meld'
>>> count_points("5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS", wild_rank=8)
80
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..cards import SUITS, Card, CardsLike, Hand, clean_cards, rich_display
from ..errors import CardError
from ..melds import Meld, _check_wild_rank, classify_meld
from ..rules import Rules, RulesLike, Variant, get_rules
from ..solver import Partition, best_partition

__all__ = [
    "CountExplanation",
    "DealScores",
    "DealsStanding",
    "Declaration",
    "PointsStanding",
    "PoolStanding",
    "check_declaration",
    "count_note",
    "count_points",
    "deals_standings",
    "explain_count",
    "match_standing",
    "points_standings",
    "pool_standings",
    "rejoin_limit",
    "wild_rank_of",
]


def _indian_rules(rules: RulesLike) -> Rules:
    r = get_rules(rules)
    if r.variant is not Variant.INDIAN:
        raise ValueError(f"Indian Rummy functions need Indian rules, got {r.name!r}")
    return r


def _need_wild_rank(wild_rank: int | None, r: Rules) -> None:
    """A wild rank 1..13 is required unless the rules turn no wild card."""
    _check_wild_rank(wild_rank)
    if wild_rank is None and r.wild_joker:
        raise ValueError(
            "wild_rank is required for Indian Rummy with a wild joker (1..13); it may be "
            "None only when the rules have wild_joker=False"
        )


def wild_rank_of(card: Card | str) -> int:
    """The wild-joker rank set by the card turned under the stock (a printed joker: aces).

    >>> wild_rank_of("7D"), wild_rank_of("JK")
    (7, 1)
    """
    c = Card.parse(card) if isinstance(card, str) else card
    return 1 if c.is_joker else c.rank


@dataclass(frozen=True)
class Declaration:
    """The verdict on a declaration.

    :ivar valid: True when the hand may be declared.
    :ivar reason: a sentence explaining what is wrong (empty when valid).
    :ivar partition: the arrangement checked (the best one found when none was given).
    """

    valid: bool
    reason: str
    partition: Partition

    def __bool__(self) -> bool:
        return self.valid


def _free_rules(r: Rules) -> Rules:
    return r.replace(min_sequences=0, min_pure_sequences=0)


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def _impure_note(m: Meld, wild_rank: int | None) -> str:
    jokers = [c for c in m.cards if c.is_joker or c.rank == wild_rank]
    if m.stands_for and jokers:
        pairs = ", ".join(
            f"{j.code} stands in for {s.code}" for j, s in zip(jokers, m.stands_for, strict=False)
        )
        return f"{_codes(m.cards)} is impure because {pairs}"
    return f"{_codes(m.cards)} is impure because it uses a joker"


def _leftover_hints(cards: Sequence[Card], wild_rank: int | None) -> list[str]:
    """Explain near-misses a learner often makes among unmelded cards."""
    hints = []
    naturals = [c for c in cards if not c.is_joker and c.rank != wild_rank]
    by_rank: dict[int, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
    for group in by_rank.values():
        suits = [c.suit for c in group]
        if len(group) >= 2 and len(set(suits)) < len(suits):
            hints.append(f"{_codes(group)} cannot be a set: a set needs different suits")
    for s in SUITS:
        have = {c.rank for c in naturals if c.suit is s}
        if {13, 1, 2} <= have:
            hints.append(
                f"K{s.value} A{s.value} 2{s.value} is not a sequence: "
                "the ace is high or low, never both"
            )
    return hints


def _check_groups(
    groups: Sequence[Sequence[Card]], r: Rules, wild_rank: int | None
) -> Declaration:
    melds: list[Meld] = []
    problems: list[str] = []
    for g in groups:
        m = classify_meld(Hand(g), r, wild_rank=wild_rank)
        if m is None:
            hint = _leftover_hints(g, wild_rank)
            extra = f" ({hint[0]})" if hint else ""
            problems.append(f"{_codes(g)} is not a valid set or sequence{extra}")
        else:
            melds.append(m)
    cards = tuple(c for g in groups for c in g)
    part = Partition(tuple(melds), (), 0)
    if len(cards) != r.hand_size:
        return Declaration(False, f"a declaration shows {r.hand_size} cards, got {len(cards)}",
                           part)
    if problems:
        return Declaration(False, "; ".join(problems), part)
    return _judge_complete(part, r, wild_rank)


def _judge_complete(part: Partition, r: Rules, wild_rank: int | None) -> Declaration:
    runs = [m for m in part.melds if m.kind == "run"]
    pure = [m for m in runs if m.is_pure]
    if len(pure) < r.min_pure_sequences:
        notes = [_impure_note(m, wild_rank) for m in runs if not m.is_pure]
        if not pure:
            reason = "no pure sequence"
        else:
            have = ", ".join(_codes(m.cards) for m in pure)
            reason = (
                f"{len(pure)} pure sequence ({have}); a declaration needs "
                f"{r.min_pure_sequences}"
            )
        if notes:
            reason += ": " + "; ".join(notes)
        return Declaration(False, reason, part)
    if len(runs) < r.min_sequences:
        have = ", ".join(_codes(m.cards) for m in runs) or "none"
        return Declaration(
            False,
            f"only {len(runs)} sequence{'s' * (len(runs) != 1)} ({have}); a declaration needs "
            f"{r.min_sequences} sequences, {r.min_pure_sequences} of them pure",
            part,
        )
    return Declaration(True, "", part)


def check_declaration(
    cards: CardsLike | Sequence[CardsLike],
    *,
    wild_rank: int | None,
    rules: RulesLike = "indian",
) -> Declaration:
    """Check whether a hand may be declared, and say why not in words a learner understands.

    ``cards`` is the 13 shown cards (the finish card already discarded). Give them as
    one string/iterable to let the engine find the best arrangement, or as groups
    (``"2C 3C 4C | 5H 6H JK | ..."`` or a list of card lists) to check a declared
    arrangement as laid out.

    >>> check_declaration("2C 3C 4C | 7S 7S 7H | 5H 6H JK | 9S 9D 9C 8S", wild_rank=8).reason
    '7S 7S 7H is not a valid set or sequence
    (7S 7S 7H cannot be a set: a set needs different suits)'

    :raises CardError: for malformed cards. :raises ValueError: for a bad wild rank/rules.
    """
    r = _indian_rules(rules)
    _need_wild_rank(wild_rank, r)
    if isinstance(cards, str) and "|" in cards:
        groups = [clean_cards(part) for part in cards.split("|")]
        return _check_groups(groups, r, wild_rank)
    if (
        not isinstance(cards, str | Card)
        and isinstance(cards, Sequence)
        and cards
        and all(not isinstance(g, str | Card) for g in cards)
    ):
        groups = [clean_cards(g) for g in cards]
        return _check_groups(groups, r, wild_rank)
    hand = clean_cards(cards)  # type: ignore[arg-type]
    if len(hand) != r.hand_size:
        return Declaration(
            False,
            f"a declaration shows {r.hand_size} cards, got {len(hand)}",
            Partition((), tuple(hand), 0),
        )
    p = best_partition(hand, r, wild_rank=wild_rank)
    if not p.deadwood and p.melds:
        return _judge_complete(p, r, wild_rank)
    # Not declarable: explain from the arrangement that melds the most.
    free = best_partition(hand, _free_rules(r), wild_rank=wild_rank)
    if not free.deadwood:
        verdict = _judge_complete(free, r, wild_rank)
        if not verdict.valid:
            return Declaration(False, verdict.reason, p)
    runs = [m for m in free.melds if m.kind == "run"]
    pure = [m for m in runs if m.is_pure]
    parts = []
    if len(pure) < max(1, r.min_pure_sequences):
        notes = [_impure_note(m, wild_rank) for m in runs if not m.is_pure]
        head = "no pure sequence" if not pure else (
            f"{len(pure)} pure sequence; a declaration needs {r.min_pure_sequences}"
        )
        parts.append(head + (": " + "; ".join(notes) if notes else ""))
    elif len(runs) < r.min_sequences:
        parts.append(
            f"the arrangement melding the most cards has only {len(runs)} sequence"
            f"{'s' * (len(runs) != 1)} ({', '.join(_codes(m.cards) for m in runs)}); "
            f"a declaration needs {r.min_sequences}"
        )
    left = tuple(sorted(free.deadwood or p.deadwood))
    if left:
        verb = "is" if len(left) == 1 else "are"
        parts.append(f"{_codes(left)} {verb} not part of any meld")
        parts.extend(_leftover_hints(left, wild_rank))
    reason = "; also ".join(parts[:2]) + ("; " + "; ".join(parts[2:]) if parts[2:] else "")
    return Declaration(False, reason, p)


def _meld_key(m: Meld) -> tuple[Card, ...]:
    return tuple(sorted(m.cards))


def _kind_words(m: Meld) -> str:
    if m.kind == "set":
        return "a set" if m.is_pure else "a set with a joker"
    return "a pure sequence" if m.is_pure else "an impure sequence"


def count_note(
    cards: CardsLike, *, wild_rank: int | None = None, rules: RulesLike = "indian"
) -> str:
    """Why melds a hand holds still count against it, in a sentence (empty when none do).

    Why: the count tiers surprise learners: a hand with 6-6-6 and K-K-K but one sequence
    counts both sets as deadwood. The sentence names the melds held back and the tier that
    holds them back, from the rules' ``min_sequences`` and ``min_pure_sequences``.

    >>> count_note("6S 6H 6D KS KH KD 2C 3C 4C 9D 10D 5H 8C", wild_rank=7)
    '6S 6H 6D (a set) and KS KH KD (a set) are melds, but they count as deadwood here: \
with 1 pure sequence (2C 3C 4C) and no second sequence only the pure sequence is left \
out of the count; the other melds count once the hand has 2 sequences, 1 of them pure'
    >>> count_note("5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS", wild_rank=8)
    '9S 9D 9C (a set), KS KH KD (a set) and 5H 6H JK (an impure sequence) are melds, but \
they count as deadwood here: without a pure sequence every card counts'
    >>> count_note("2C 3C 4C 5H 6H 7H 9S 9D 9C KD", wild_rank=8)
    ''

    :param cards: the hand. :param wild_rank: the wild rank (None: printed jokers only).
    :param rules: Indian rules.
    :return: the sentence, or ``""`` when every meld the hand holds is counted as a meld.
    :raises ValueError: for rules of another variant.
    """
    r = _indian_rules(rules)
    hand = clean_cards(cards)
    counted = best_partition(hand, r, wild_rank=wild_rank)
    free = best_partition(hand, _free_rules(r), wild_rank=wild_rank)
    kept = {_meld_key(m) for m in counted.melds}
    held = [m for m in free.melds if _meld_key(m) not in kept]
    if not held:
        return ""
    named = [f"{_codes(m.cards)} ({_kind_words(m)})" for m in held]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    verb = "is a meld, but it counts" if len(held) == 1 else "are melds, but they count"
    runs = [m for m in counted.melds if m.kind == "run"]
    pure = [m for m in runs if m.is_pure]
    if not pure:
        why = "without a pure sequence every card counts"
    else:
        have = ", ".join(_codes(m.cards) for m in pure)
        why = (
            f"with {len(pure)} pure sequence{'s' * (len(pure) != 1)} ({have}) and no "
            f"second sequence only the pure sequence is left out of the count; the other "
            f"melds count once the hand has {r.min_sequences} sequences, "
            f"{r.min_pure_sequences} of them pure"
        )
    return f"{listed} {verb} as deadwood here: {why}"


def count_points(
    cards: CardsLike, *, wild_rank: int | None, rules: RulesLike = "indian"
) -> int:
    """A losing hand's count on its best arrangement, capped at ``rules.max_points``.

    >>> count_points("2C 3C 4C 9S 9D 9C KD KH KS QS QD 5S 8H", wild_rank=7)  # one pure only
    80
    >>> count_points("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH QS 3D", wild_rank=8)
    33
    """
    r = _indian_rules(rules)
    _need_wild_rank(wild_rank, r)
    hand = clean_cards(cards)
    if not hand:
        raise CardError("count_points needs the loser's cards")
    return min(best_partition(hand, r, wild_rank=wild_rank).deadwood_points, r.max_points)


@dataclass(frozen=True)
class CountExplanation:
    """Why a losing hand counts what it does: the tier, the spared melds, the counted cards.

    :ivar partition: the best arrangement; its melds are the spared groups, its deadwood
        the cards that count.
    :ivar tier: 1 (no pure sequence: every card counts), 2 (a pure sequence but no second
        sequence: only the pure sequence is spared) or 3 (every meld is spared).
    :ivar raw: the count before the cap. :ivar points: after the cap.
    :ivar cap: the rules' cap (``max_points``).
    """

    partition: Partition
    tier: int
    raw: int
    points: int
    cap: int
    wild_rank: int | None

    @property
    def sentence(self) -> str:
        """The count in one sentence, with the numbers."""
        why = {
            1: "no pure sequence, so every card counts",
            2: "a pure sequence but no second sequence, so only the pure sequence is spared",
            3: "a pure sequence and a second sequence, so every meld is spared",
        }[self.tier]
        capped = f", capped at {self.cap}" if self.raw > self.cap else ""
        return f"{why}: {self.raw} points{capped} = {self.points}"

    def _repr_html_(self) -> str | None:
        return rich_display(self)


def explain_count(cards: CardsLike, *, wild_rank: int | None,
                  rules: RulesLike = "indian") -> CountExplanation:
    """The three-tier count of a losing hand, explained (see :func:`count_points`).

    >>> e = explain_count("2C 3C 4C 9S 9D 9C KD KH KS QS QD 5S 8H", wild_rank=7)
    >>> e.tier, e.raw, e.points
    (2, 90, 80)
    >>> e.sentence
    'a pure sequence but no second sequence, so only the pure sequence is spared: 90 ... = 80'
    """
    r = _indian_rules(rules)
    _need_wild_rank(wild_rank, r)
    hand = clean_cards(cards)
    if not hand:
        raise CardError("explain_count needs the loser's cards")
    part = best_partition(hand, r, wild_rank=wild_rank)
    runs = [m for m in part.melds if m.kind == "run"]
    pure = [m for m in runs if m.is_pure]
    if not pure:
        tier = 1
    elif len(runs) < max(r.min_sequences, 2):
        tier = 2
    else:
        tier = 3
    return CountExplanation(part, tier, part.deadwood_points,
                            min(part.deadwood_points, r.max_points), r.max_points, wild_rank)


# --------------------------------------------------------------------------- match scoring
#
# Pure functions over the sequence of deal outcomes, so the formats are easy to check by
# hand; the engine's matches (``new_match("indian-pool-101")``) call them.

DealScores = tuple[int | None, Sequence[int]]
"""One deal for match scoring: (winner's seat, or None for a void deal; points per seat).

A :class:`~rummy_lab.engine.state.GameResult` of an Indian deal works as well (its
``.winner`` and ``.scores``)."""


class _DealResult(Protocol):
    @property
    def winner(self) -> int | None: ...

    @property
    def scores(self) -> tuple[int, ...]: ...


_Row = tuple[int | None, tuple[int, ...]]


def _whole_number(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _rows(
    deals: Iterable[DealScores | _DealResult], players: int | None
) -> tuple[list[_Row], int]:
    """Validate deal outcomes: (winner or None, scores per seat), the winner scoring 0."""
    rows: list[_Row] = []
    for i, d in enumerate(deals):
        if isinstance(d, tuple | list):
            try:
                w, sc = d
            except ValueError:
                raise ValueError(
                    f"deal {i + 1}: expected (winner, scores), got {d!r}"
                ) from None
        else:
            w, sc = d.winner, d.scores
        if isinstance(sc, str) or not isinstance(sc, Sequence):
            raise ValueError(f"deal {i + 1}: scores must be a sequence of points per player")
        scores = tuple(sc)
        if players is None:
            players = len(scores)
        if len(scores) != players:
            raise ValueError(
                f"deal {i + 1}: expected {players} scores (one per player), got {len(scores)}"
            )
        if not all(_whole_number(x) and x >= 0 for x in scores):
            raise ValueError(f"deal {i + 1}: scores must be whole numbers >= 0, got {scores}")
        if w is None:
            if any(scores):
                raise ValueError(
                    f"deal {i + 1}: a void deal (no winner) scores nothing, got {scores}"
                )
        elif not _whole_number(w) or not 0 <= w < players:
            raise ValueError(f"deal {i + 1}: winner must be a seat 0..{players - 1}, got {w!r}")
        elif scores[w]:
            raise ValueError(f"deal {i + 1}: the winner (player {w}) scores 0, got {scores[w]}")
        rows.append((w, scores))
    n = 2 if players is None else players
    if not _whole_number(n) or n < 2:
        raise ValueError(f"a match needs at least 2 players, got {n!r}")
    return rows, n


def _format_rules(rules: RulesLike, fmt: str) -> Rules:
    r = _indian_rules(rules)
    if r.indian_format != fmt:
        raise ValueError(f"rules {r.name!r} are for {r.indian_format} rummy, not {fmt}")
    return r


@dataclass(frozen=True)
class PointsStanding:
    """Points Rummy: one deal; the winner collects every loser's points x ``point_value``.

    :ivar totals: each player's points for the deal (the winner 0).
    :ivar winnings: what each player wins (the winner, positive) or pays (negative), in
        money: points x ``point_value``.
    :ivar winner: the deal's winner, once played.
    :ivar finished: True after one deal with a winner (a void deal is dealt again).
    :ivar deals_played: deals scored, void ones included.
    """

    totals: tuple[int, ...]
    winnings: tuple[int, ...]
    winner: int | None
    finished: bool
    deals_played: int = 0

    def _repr_html_(self) -> str | None:
        return rich_display(self)


def points_standings(
    deals: Iterable[DealScores | _DealResult],
    rules: RulesLike = "indian-points",
    *,
    players: int | None = None,
) -> PointsStanding:
    """Score Points Rummy: a single deal, paid at ``rules.point_value`` per point.

    >>> s = points_standings([(1, (35, 0, 20))], get_rules("indian", point_value=5))
    >>> s.winner, s.totals, s.winnings
    (1, (35, 0, 20), (-175, 275, -100))
    >>> points_standings([(0, (0, 12)), (1, (30, 0))])
    Traceback (most recent call last):
    ...
    ValueError: deal 2 was played after the game ended at deal 1

    :param deals: the deal outcomes in order (a void deal, winner ``None``, is redealt).
    :param players: number of players (default: from the first deal, else 2).
    :raises ValueError: for malformed outcomes or deals after the end.
    """
    r = _format_rules(rules, "points")
    rows, n = _rows(deals, players)
    for i, (w, scores) in enumerate(rows):
        if w is None:
            continue
        if i + 1 < len(rows):
            raise ValueError(f"deal {i + 2} was played after the game ended at deal {i + 1}")
        pot = sum(scores) * r.point_value
        money = tuple(pot if p == w else -scores[p] * r.point_value for p in range(n))
        return PointsStanding(scores, money, w, True, len(rows))
    zeros = (0,) * n
    return PointsStanding(zeros, zeros, None, False, len(rows))


def rejoin_limit(rules: RulesLike = "indian-pool-101") -> int:
    """The highest score a remaining player may have for an eliminated player to rejoin.

    79 in 101 Pool and 174 in 201 Pool; for another ``pool_limit`` the same margin below
    the limit as those two (``pool_limit - first_drop - 2``).

    >>> rejoin_limit("indian-pool-101"), rejoin_limit("indian-pool-201")
    (79, 174)
    """
    r = _format_rules(rules, "pool")
    return {101: 79, 201: 174}.get(r.pool_limit, max(0, r.pool_limit - r.first_drop - 2))


@dataclass(frozen=True)
class PoolStanding:
    """Pool Rummy: cumulative points; reaching ``pool_limit`` puts a player out.

    :ivar totals: each player's cumulative points (a rejoin sets them to the highest
        remaining score plus one).
    :ivar remaining: seats still in the pool.
    :ivar eliminated: seats out of the pool, in seat order.
    :ivar winner: the last player left, once there is one.
    :ivar finished: True once one player is left.
    :ivar deals_played: deals scored, void ones included.
    :ivar pool_limit: 101 or 201 (or the rules' limit).
    :ivar rejoin_limit: the highest remaining score that still lets a player rejoin;
        ``None`` when the rules do not allow rejoining.
    :ivar rejoins: (deals played before, seat) for every rejoin so far.
    """

    totals: tuple[int, ...]
    remaining: tuple[int, ...]
    eliminated: tuple[int, ...]
    winner: int | None
    finished: bool
    deals_played: int
    pool_limit: int
    rejoin_limit: int | None
    rejoins: tuple[tuple[int, int], ...] = ()

    def _repr_html_(self) -> str | None:
        return rich_display(self)

    @property
    def rejoin_score(self) -> int:
        """The score a rejoining player re-enters at: the highest remaining score plus one."""
        return max(self.totals[p] for p in self.remaining) + 1

    def can_rejoin(self, player: int) -> bool:
        """True when ``player`` is out and may rejoin now.

        Needs rejoining allowed, the pool still going, and no remaining player above
        :attr:`rejoin_limit`.
        """
        return self.why_not_rejoin(player) == ""

    def why_not_rejoin(self, player: int) -> str:
        """Why ``player`` may not rejoin now (empty when they may)."""
        if not _whole_number(player) or not 0 <= player < len(self.totals):
            return f"player must be a seat 0..{len(self.totals) - 1}, got {player!r}"
        if self.rejoin_limit is None:
            return "these rules do not allow rejoining (rejoin=False)"
        if player not in self.eliminated:
            return f"player {player} is still in the pool"
        if self.finished:
            return f"the pool is over (winner: player {self.winner})"
        top = max(self.totals[p] for p in self.remaining)
        if top > self.rejoin_limit:
            return (
                f"a remaining player has {top} points, above {self.rejoin_limit}: "
                "rejoining is closed"
            )
        return ""


def pool_standings(
    deals: Iterable[DealScores | _DealResult],
    rules: RulesLike = "indian-pool-101",
    *,
    players: int | None = None,
    rejoins: Iterable[tuple[int, int]] = (),
) -> PoolStanding:
    """Score Pool Rummy (101 or 201): points add up; at ``pool_limit`` a player is out.

    The last player left wins. A player out of the pool takes no part in later deals and
    scores 0 in them. With ``rules.rejoin`` an eliminated player
    may rejoin while no remaining player is above :func:`rejoin_limit`, at the highest
    remaining score plus one; ``rejoins`` lists ``(k, seat)``: the seat rejoined after the
    first ``k`` deals.

    >>> pool = get_rules("indian-pool-101", rejoin=True)
    >>> s = pool_standings([(0, (0, 80, 40)), (2, (20, 30, 0))], pool)
    >>> s.totals, s.eliminated, s.remaining, s.can_rejoin(1), s.rejoin_score
    ((20, 110, 40), (1,), (0, 2), True, 41)
    >>> s = pool_standings([(0, (0, 80, 40)), (2, (20, 30, 0))], pool, rejoins=[(2, 1)])
    >>> s.totals, s.remaining
    ((20, 41, 40), (0, 1, 2))
    >>> pool_standings([(0, (0, 80, 40)), (0, (0, 30, 70))]).winner
    0
    >>> pool_standings([(0, (0, 80, 40)), (2, (20, 30, 0))], rejoins=[(2, 1)])
    Traceback (most recent call last):
    ...
    ValueError: player 1 cannot rejoin after deal 2: these rules do not allow rejoining ...

    :param deals: the deal outcomes in order; a void deal (winner ``None``) changes nothing.
    :param rules: a Pool preset (``indian-pool-101``, ``indian-pool-201``) or Rules.
    :param players: number of players (default: from the first deal, else 2).
    :param rejoins: ``(deals played before, seat)`` pairs.
    :raises ValueError: for malformed outcomes, points for a player out of the pool, a
        deal after the pool ended, or a rejoin the rules do not allow then.
    """
    r = _format_rules(rules, "pool")
    rows, n = _rows(deals, players)
    limit = rejoin_limit(r) if r.rejoin else None
    plan = sorted(rejoins, key=lambda kp: kp[0])
    for k, p in plan:
        if not (_whole_number(k) and 0 <= k <= len(rows) and _whole_number(p)):
            raise ValueError(f"a rejoin is (deals played before, seat), got {(k, p)!r}")
    totals = [0] * n
    out = [False] * n
    done: list[tuple[int, int]] = []
    winner: int | None = None

    def snapshot() -> PoolStanding:
        return PoolStanding(
            tuple(totals), tuple(p for p in range(n) if not out[p]),
            tuple(p for p in range(n) if out[p]), winner, winner is not None, len(rows),
            r.pool_limit, limit, tuple(done),
        )

    j = 0
    for i in range(len(rows) + 1):
        while j < len(plan) and plan[j][0] == i:
            k, p = plan[j]
            why = snapshot().why_not_rejoin(p)
            if why:
                raise ValueError(f"player {p} cannot rejoin after deal {k}: {why}")
            totals[p] = snapshot().rejoin_score
            out[p] = False
            done.append((k, p))
            j += 1
        if i == len(rows):
            break
        w, scores = rows[i]
        if winner is not None:
            raise ValueError(f"deal {i + 1} was played after the pool ended at deal {i}")
        if w is None:
            continue
        if out[w]:
            raise ValueError(f"deal {i + 1}: the winner, player {w}, is out of the pool")
        for p in range(n):
            if out[p] and scores[p]:
                raise ValueError(
                    f"deal {i + 1}: player {p} is out of the pool and cannot score {scores[p]}"
                )
            totals[p] += scores[p]
        for p in range(n):
            if not out[p] and totals[p] >= r.pool_limit:
                out[p] = True
        left = [p for p in range(n) if not out[p]]
        if len(left) == 1:
            winner = left[0]
    return snapshot()


@dataclass(frozen=True)
class DealsStanding:
    """Deals Rummy: a fixed number of deals played for chips.

    :ivar totals: each player's chips.
    :ivar start_chips: chips each player started with (``max_points`` x ``deals``, 80 x
        deals by default).
    :ivar deals: the number of deals scheduled.
    :ivar deals_played: deals with a winner so far (void deals are dealt again).
    :ivar winner: the player with the most chips, once the deals are played and the lead
        is not shared.
    :ivar finished: True once there is a winner.
    """

    totals: tuple[int, ...]
    start_chips: int
    deals: int
    deals_played: int
    winner: int | None
    finished: bool

    @property
    def extra_deals(self) -> int:
        """Deals played beyond the schedule to break a tie for the most chips."""
        return max(0, self.deals_played - self.deals)

    @property
    def leaders(self) -> tuple[int, ...]:
        """Seats holding the most chips."""
        top = max(self.totals)
        return tuple(p for p, c in enumerate(self.totals) if c == top)

    def _repr_html_(self) -> str | None:
        return rich_display(self)


def deals_standings(
    deals: Iterable[DealScores | _DealResult],
    rules: RulesLike = "indian-deals",
    *,
    players: int | None = None,
) -> DealsStanding:
    """Score Deals Rummy: each deal's losers pay their points in chips to the winner.

    Every player starts with ``80 x rules.deals`` chips (``max_points`` x deals); after
    ``rules.deals`` deals the most chips wins, and a tie for the most plays one more deal
    (all players), as often as needed.

    >>> s = deals_standings([(0, (0, 30)), (1, (30, 0))])
    >>> s.totals, s.finished, s.leaders
    ((160, 160), False, (0, 1))
    >>> s = deals_standings([(0, (0, 30)), (1, (30, 0)), (1, (5, 0))])
    >>> s.totals, s.winner, s.extra_deals
    ((155, 165), 1, 1)

    :param deals: the deal outcomes in order; a void deal (winner ``None``) is not counted.
    :param players: number of players (default: from the first deal, else 2).
    :raises ValueError: for malformed outcomes or a deal after the winner is known.
    """
    r = _format_rules(rules, "deals")
    rows, n = _rows(deals, players)
    start = r.max_points * r.deals
    chips = [start] * n
    played = 0
    winner: int | None = None
    for i, (w, scores) in enumerate(rows):
        if winner is not None:
            raise ValueError(f"deal {i + 1} was played after the game ended at deal {i}")
        if w is None:
            continue
        for p in range(n):
            chips[p] -= scores[p]
            chips[w] += scores[p]
        played += 1
        if played >= r.deals:
            top = max(chips)
            leaders = [p for p in range(n) if chips[p] == top]
            if len(leaders) == 1:
                winner = leaders[0]
    return DealsStanding(tuple(chips), start, r.deals, played, winner, winner is not None)


def match_standing(
    deals: Iterable[DealScores | _DealResult],
    rules: RulesLike = "indian",
    *,
    players: int | None = None,
    rejoins: Iterable[tuple[int, int]] = (),
) -> PointsStanding | PoolStanding | DealsStanding:
    """The standing in the rules' format (``rules.indian_format``: points, pool, deals).

    >>> match_standing([(0, (0, 45))], "indian-deals").totals
    (205, 115)
    """
    r = _indian_rules(rules)
    if r.indian_format == "pool":
        return pool_standings(deals, r, players=players, rejoins=rejoins)
    if tuple(rejoins):
        raise ValueError(f"rejoining is a Pool rule; {r.name!r} is {r.indian_format} rummy")
    if r.indian_format == "deals":
        return deals_standings(deals, r, players=players)
    return points_standings(deals, r, players=players)
