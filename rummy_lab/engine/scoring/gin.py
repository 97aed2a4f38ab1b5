"""Gin Rummy scoring: the knock showdown with lay-offs, Oklahoma limits, game and Hollywood totals.

>>> sd = showdown("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S", "3H 7H KD KC QS JS 10D 8C 8D 2S")
>>> sd.kind, sd.winner, sd.points, [c.code for c in sd.layoffs]
('knock', 'knocker', 63, ['3H', '7H'])
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..cards import Card, CardsLike, Suit, clean_cards, rich_display
from ..errors import IllegalMove
from ..melds import Meld
from ..rules import Rules, RulesLike, Variant, get_rules
from ..solver import Partition, all_best_partitions, best_partition, deadwood

__all__ = [
    "GameTotals",
    "HollywoodTotals",
    "LayOffPlan",
    "Showdown",
    "best_layoffs",
    "game_totals",
    "hollywood_totals",
    "knock_limit",
    "showdown",
]


def _gin_rules(rules: RulesLike) -> Rules:
    r = get_rules(rules)
    if r.variant is not Variant.GIN:
        raise ValueError(f"gin scoring needs Gin rules (gin, oklahoma, hollywood), got {r.name!r}")
    return r


def knock_limit(rules: RulesLike = "gin", upcard: Card | str | None = None) -> int:
    """The most deadwood a player may knock with.

    Oklahoma: the point value of the first upcard (ace 1, or 0 = gin only when
    ``oklahoma_ace="gin_only"``; 10 and faces 10). Otherwise ``rules.knock_limit``.

    >>> knock_limit("gin"), knock_limit("oklahoma", "4S"), knock_limit("oklahoma", "KD")
    (10, 4, 10)
    >>> gin_only = get_rules("oklahoma", oklahoma_ace="gin_only")
    >>> knock_limit("oklahoma", "AS"), knock_limit(gin_only, "AS")
    (1, 0)
    >>> knock_limit("oklahoma")
    Traceback (most recent call last):
    ...
    ValueError: Oklahoma Gin needs the first upcard to set the knock limit
    """
    r = get_rules(rules)
    if not r.oklahoma:
        return r.knock_limit
    if upcard is None:
        raise ValueError("Oklahoma Gin needs the first upcard to set the knock limit")
    card = Card.parse(upcard) if isinstance(upcard, str) else upcard
    if card.is_joker:
        raise ValueError("the upcard cannot be a joker in Gin")
    if card.rank == 1:
        return 1 if r.oklahoma_ace == "one" else 0
    return min(card.rank, 10)


@dataclass(frozen=True)
class LayOffPlan:
    """The defender's best use of the knocker's melds.

    :ivar layoffs: (card, index of the knocker's meld) pairs, in laying order.
    :ivar partition: the defender's own melds and deadwood after laying off.
    """

    layoffs: tuple[tuple[Card, int], ...]
    partition: Partition

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for c, _ in self.layoffs)


def _layoff_choices(
    melds: Sequence[Meld], cards: Sequence[Card]
) -> list[tuple[tuple[Card, int], ...]]:
    """Every consistent way to lay cards off on the melds (runs chain as they grow)."""
    have = set(cards)
    per_meld: list[list[tuple[tuple[Card, int], ...]]] = []
    for i, m in enumerate(melds):
        opts: list[tuple[tuple[Card, int], ...]] = [()]
        if m.kind == "set":
            rank = m.cards[0].rank
            for s in Suit:
                c = Card(rank, s)
                if c in have and c not in m.cards:
                    opts.append(((c, i),))
        else:
            suit = m.cards[0].suit
            ranks = sorted(c.rank for c in m.cards)
            down: list[Card] = []
            r = ranks[0] - 1
            while r >= 1 and Card(r, suit) in have:
                down.append(Card(r, suit))
                r -= 1
            up: list[Card] = []
            r = ranks[-1] + 1
            while r <= 13 and Card(r, suit) in have:
                up.append(Card(r, suit))
                r += 1
            for a in range(len(down) + 1):
                for b in range(len(up) + 1):
                    if a or b:
                        opts.append(tuple((c, i) for c in down[:a] + up[:b]))
        per_meld.append(opts)
    out = []
    for combo in itertools.product(*per_meld):
        flat = [x for part in combo for x in part]
        if len({c for c, _ in flat}) == len(flat):
            out.append(tuple(flat))
    return out


def best_layoffs(
    knocker_melds: Sequence[Meld], defender: CardsLike, rules: RulesLike = "gin"
) -> LayOffPlan:
    """The defender's arrangement (own melds plus lay-offs) with the lowest deadwood.

    Lay-offs chain onto growing runs (7H then 8H onto 4H-5H-6H) and go onto sets.

    >>> k = best_partition("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S").melds
    >>> plan = best_layoffs(k, "3H 7H 8H KD KC QS JS 10D 8C 2S")
    >>> [c.code for c in plan.cards], plan.partition.deadwood_points
    (['3H', '7H', '8H'], 60)
    """
    r = get_rules(rules)
    cards = clean_cards(defender)
    best: LayOffPlan | None = None
    best_key: tuple[int, int, int] | None = None
    for choice in _layoff_choices(knocker_melds, cards):
        rest = list(cards)
        for c, _ in choice:
            rest.remove(c)
        dw = deadwood(rest, r)
        key = (dw, -len(choice), 0)
        if best_key is None or key < best_key:
            best_key = key
            best = LayOffPlan(choice, best_partition(rest, r))
    assert best is not None
    return best


@dataclass(frozen=True)
class Showdown:
    """The outcome of a knock, gin or big gin.

    :ivar kind: ``"gin" "big_gin" "knock" "undercut"`` (and ``"tie"``, no score, when
        ``tie_is_undercut`` is off and the deadwoods are equal).
    :ivar winner: ``"knocker"`` or ``"defender"`` (None for a tie).
    :ivar points: hand points to the winner, bonuses included.
    :ivar layoffs: the cards the defender laid off.
    """

    kind: str
    winner: str | None
    points: int
    layoffs: tuple[Card, ...]
    knocker_partition: Partition
    defender_partition: Partition
    knocker_deadwood: int
    defender_deadwood: int
    limit: int
    doubled: bool = False
    layoff_targets: tuple[tuple[Card, int], ...] = field(default=(), compare=False)
    bonus: int = 0

    def explain(self) -> str:
        """A sentence a learner can follow.

        >>> sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 7S", "8H 9D KD KC QS JS 10D 8C 5D 2C",
        ...               "oklahoma", upcard="9S")
        >>> sd.explain()
        'gin: 2 x 82 deadwood (spade upcard doubles) + 25 bonus = 189 to the knocker'
        """
        base = (
            f"knocker {self.knocker_deadwood} vs defender {self.defender_deadwood} deadwood"
        )
        lay = ""
        if self.layoffs:
            lay = "; defender laid off " + " ".join(c.code for c in self.layoffs)
        times = "2 x " if self.doubled else ""
        why = " (spade upcard doubles)" if self.doubled else ""
        bonus = f" + {self.bonus} bonus" if self.bonus else ""
        if self.kind in ("gin", "big_gin"):
            what = "big gin" if self.kind == "big_gin" else "gin"
            return (
                f"{what}: {times}{self.defender_deadwood} deadwood{why}{bonus} = "
                f"{self.points} to the knocker"
            )
        if self.kind == "tie":
            return f"tie: {base}{lay}; nobody scores"
        if self.kind == "undercut":
            diff = self.knocker_deadwood - self.defender_deadwood
            return (
                f"undercut: {base}{lay}; defender scores {times}{diff}{why}{bonus} = "
                f"{self.points}"
            )
        diff = self.defender_deadwood - self.knocker_deadwood
        return f"knock: {base}{lay}; knocker scores {times}{diff}{why} = {self.points}"

    def _repr_html_(self) -> str | None:
        return rich_display(self)


def showdown(
    knocker: CardsLike,
    defender: CardsLike,
    rules: RulesLike = "gin",
    *,
    upcard: Card | str | None = None,
    knocker_partition: Partition | None = None,
) -> Showdown:
    """Score a knock, gin or big gin, with the defender's best lay-offs.

    ``knocker`` is the knocker's 10 cards after the knock discard (11 for big gin) and
    ``defender`` the other 10 (with another ``hand_size``, that many and one more).
    Among the knocker's equally good arrangements the one that
    gives the defender the fewest lay-off points is used, unless ``knocker_partition``
    names one.

    >>> showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H KS", "2H 3H 8H 9D 9C JC QC QD 10S 5C").kind
    'knock'
    >>> sd = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 8C", "AH AD AC 2H 2D 2C 9S 9H 9D 5C")
    >>> sd.kind, sd.winner, sd.points  # 8 against 5: undercut, 3 + 25
    ('undercut', 'defender', 28)
    >>> showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H KS", "2H 3H 8H 9D 9C JC QC QD 10S 5C",
    ...          "oklahoma", upcard="4S")
    Traceback (most recent call last):
    ...
    rummy_lab.engine.errors.IllegalMove: knocker's deadwood 10 is over the knock limit 4

    :raises IllegalMove: when the knocker's deadwood is over the limit.
    :raises ValueError: for malformed cards, wrong hand sizes or shared cards.
    """
    r = _gin_rules(rules)
    kc = clean_cards(knocker)
    dc = clean_cards(defender)
    n = r.hand_size_for(2)
    if len(kc) not in (n, n + 1):
        raise ValueError(f"the knocker shows {n} cards ({n + 1} for big gin), got {len(kc)}")
    if len(dc) != n:
        raise ValueError(f"the defender shows {n} cards, got {len(dc)}")
    shared = set(kc) & set(dc)
    if shared or len(set(kc)) != len(kc) or len(set(dc)) != len(dc):
        dup = sorted(shared) or [c for c in (*kc, *dc) if (*kc, *dc).count(c) > 1]
        raise ValueError(
            "a card appears twice in a one-deck game: " + " ".join(c.code for c in dup)
        )
    if any(c.is_joker for c in (*kc, *dc)):
        raise ValueError("Gin is played without jokers")
    limit = knock_limit(r, upcard)
    up = (Card.parse(upcard) if isinstance(upcard, str) else upcard) if upcard else None
    doubled = bool(r.oklahoma and r.spade_doubles and up is not None and up.suit is Suit.SPADES)
    mult = 2 if doubled else 1

    def bonus_of(b: int) -> int:
        return b * mult if r.spade_doubles_bonuses else b

    if knocker_partition is not None:
        kp = knocker_partition
        if sorted(kp.cards) != sorted(kc):
            raise ValueError("knocker_partition does not use exactly the knocker's cards")
        candidates = [kp]
    else:
        candidates = all_best_partitions(kc, r, limit=200)
        kp = candidates[0]
    k_dw = kp.deadwood_points

    if len(kc) == n + 1:
        if r.big_gin_bonus is None:
            raise IllegalMove("big gin is not allowed under these rules (big_gin_bonus is None)")
        if k_dw != 0 or kp.deadwood:
            raise IllegalMove(f"big gin needs all {n + 1} cards melded; deadwood is {k_dw}")
        dp = best_partition(dc, r)
        b = bonus_of(r.big_gin_bonus)
        return Showdown(
            "big_gin", "knocker", dp.deadwood_points * mult + b, (), kp, dp, 0,
            dp.deadwood_points, limit, doubled, (), b,
        )
    if k_dw > limit:
        raise IllegalMove(f"knocker's deadwood {k_dw} is over the knock limit {limit}")
    if k_dw == 0:
        dp = best_partition(dc, r)
        b = bonus_of(r.gin_bonus)
        return Showdown(
            "gin", "knocker", dp.deadwood_points * mult + b, (), kp, dp, 0,
            dp.deadwood_points, limit, doubled, (), b,
        )
    # Knock: choose the knocker's arrangement that leaves the defender the most deadwood.
    best: tuple[int, Partition, LayOffPlan] | None = None
    for cand in candidates:
        plan = best_layoffs(cand.melds, dc, r)
        score = plan.partition.deadwood_points
        if best is None or score > best[0]:
            best = (score, cand, plan)
    assert best is not None
    d_dw, kp, plan = best
    if k_dw == d_dw and not r.tie_is_undercut:
        return Showdown(
            "tie", None, 0, plan.cards, kp, plan.partition, k_dw, d_dw, limit, doubled,
            plan.layoffs, 0,
        )
    if k_dw < d_dw:
        pts = (d_dw - k_dw) * mult
        return Showdown(
            "knock", "knocker", pts, plan.cards, kp, plan.partition, k_dw, d_dw, limit,
            doubled, plan.layoffs, 0,
        )
    b = bonus_of(r.undercut_bonus)
    return Showdown(
        "undercut", "defender", (k_dw - d_dw) * mult + b, plan.cards, kp, plan.partition,
        k_dw, d_dw, limit, doubled, plan.layoffs, b,
    )


# --------------------------------------------------------------------------- match scoring

HandOutcome = tuple[int | None, int]


@dataclass(frozen=True)
class GameTotals:
    """A Gin game's score sheet (two or more columns, one per player).

    :ivar hand_points: points from hands won.
    :ivar boxes: hands won (each a box), per player.
    :ivar box_bonus: box points per player (settled when the game ends).
    :ivar game_bonus: the game bonus per player (winner only; doubled on a shutout).
    :ivar totals: hand points plus, once finished, boxes and game bonus.
    :ivar winner: index of the winner once finished, else None.
    """

    hand_points: tuple[int, ...]
    boxes: tuple[int, ...]
    box_bonus: tuple[int, ...]
    game_bonus: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None
    finished: bool
    hands_played: int = 0
    shutout: bool = False

    def table_rows(self) -> list[list[object]]:
        """The score sheet's rows, label first, one column per player."""
        return [["hand points", *self.hand_points], ["boxes (hands won)", *self.boxes],
                ["box bonus", *self.box_bonus], ["game bonus", *self.game_bonus],
                ["total", *self.totals]]

    def _repr_html_(self) -> str | None:
        return rich_display(self)


def _check_hands(hands: Iterable[HandOutcome], players: int) -> list[HandOutcome]:
    out: list[HandOutcome] = []
    for i, h in enumerate(hands):
        try:
            w, pts = h
        except (TypeError, ValueError):
            raise ValueError(
                f"hand {i + 1}: expected (winner_index, points) or (None, 0), got {h!r}"
            ) from None
        if w is None:
            if pts != 0:
                raise ValueError(f"hand {i + 1}: a drawn hand scores 0, got {pts!r}")
        elif isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < players:
            raise ValueError(f"hand {i + 1}: winner must be a player index 0..{players - 1}")
        if isinstance(pts, bool) or not isinstance(pts, int) or pts < 0:
            raise ValueError(f"hand {i + 1}: points must be a whole number >= 0, got {pts!r}")
        out.append((w, pts))
    return out


def _settle(
    r: Rules, points: list[int], boxes: list[int], played: int, winner: int | None
) -> GameTotals:
    n = len(points)
    if winner is None:
        zeros = (0,) * n
        return GameTotals(tuple(points), tuple(boxes), zeros, zeros, tuple(points), None, False,
                          played)
    box_bonus = tuple(b * r.box_bonus for b in boxes)
    shutout = all(points[i] == 0 for i in range(n) if i != winner)
    gb = [0] * n
    gb[winner] = r.game_bonus
    totals = [points[i] + box_bonus[i] + gb[i] for i in range(n)]
    if shutout:
        if r.shutout == "double_game_bonus":
            gb[winner] *= 2
            totals[winner] += r.game_bonus
        else:
            totals[winner] *= 2
    return GameTotals(tuple(points), tuple(boxes), box_bonus, tuple(gb), tuple(totals), winner,
                      True, played, shutout)


def game_totals(
    hands: Iterable[HandOutcome], rules: RulesLike = "gin", *, players: int = 2
) -> GameTotals:
    """Score a Gin game from its hand outcomes in order.

    The first player to reach ``rules.target`` wins: game bonus (doubled on a shutout),
    plus the box bonus to each player for every hand they won.

    >>> t = game_totals([(0, 30), (0, 40), (0, 35)])  # the rulebook's shutout example
    >>> t.winner, t.boxes, t.game_bonus, t.totals
    (0, (3, 0), (200, 0), (380, 0))
    >>> game_totals([(0, 100), (1, 5)])
    Traceback (most recent call last):
    ...
    ValueError: hand 2 was played after the game ended at hand 1
    """
    r = _gin_rules(rules)
    hs = _check_hands(hands, players)
    points = [0] * players
    boxes = [0] * players
    winner: int | None = None
    for i, (w, pts) in enumerate(hs):
        if winner is not None:
            raise ValueError(f"hand {i + 1} was played after the game ended at hand {i}")
        if w is None:
            continue
        points[w] += pts
        boxes[w] += 1
        if points[w] >= r.target:
            winner = w
    return _settle(r, points, boxes, len(hs), winner)


@dataclass(frozen=True)
class HollywoodTotals:
    """Three Gin games scored at once (Hollywood).

    :ivar games: a :class:`GameTotals` per game.
    :ivar finished: True once every game is closed.
    :ivar totals: sum of the games' totals per player.
    """

    games: tuple[GameTotals, ...]
    finished: bool
    totals: tuple[int, ...]
    unscored: tuple[int, ...] = ()

    @property
    def winner(self) -> int | None:
        """The player with the highest combined total once finished."""
        if not self.finished:
            return None
        best = max(self.totals)
        leaders = [i for i, t in enumerate(self.totals) if t == best]
        return leaders[0] if len(leaders) == 1 else None

    def _repr_html_(self) -> str | None:
        return rich_display(self)


def hollywood_totals(
    hands: Iterable[HandOutcome], rules: RulesLike = "hollywood", *, players: int = 2
) -> HollywoodTotals:
    """Score Hollywood Gin: a player's 1st win counts in game 1, 2nd in games 1-2, later in 1-3.

    A game closes when a player reaches the target and takes no more points; each game is
    settled on its own. With ``hollywood_carry_shutout`` a win that would score nowhere is
    entered as the player's first score in the next open game (Hoyle).

    >>> t = hollywood_totals([(0, 20), (1, 15), (0, 30)])
    >>> [g.hand_points for g in t.games]
    [(50, 15), (30, 0), (0, 0)]
    """
    r = _gin_rules(rules)
    hs = _check_hands(hands, players)
    n_games = r.hollywood_games
    pts = [[0] * players for _ in range(n_games)]
    boxes = [[0] * players for _ in range(n_games)]
    played = [0] * n_games
    winners: list[int | None] = [None] * n_games
    wins = [0] * players
    entered: list[set[int]] = [set() for _ in range(players)]
    unscored = [0] * players
    for i, (w, p) in enumerate(hs):
        if all(x is not None for x in winners):
            raise ValueError(f"hand {i + 1} was played after all {n_games} games closed")
        for g in range(n_games):
            if winners[g] is None:
                played[g] += 1
        if w is None:
            continue
        wins[w] += 1
        if wins[w] <= n_games:
            entered[w].add(wins[w] - 1)
        open_games = [g for g in sorted(entered[w]) if winners[g] is None]
        if not open_games and r.hollywood_carry_shutout:
            nxt = [g for g in range(n_games) if winners[g] is None and g not in entered[w]]
            if nxt:
                entered[w].add(nxt[0])
                open_games = [nxt[0]]
        if not open_games:
            unscored[w] += p
        for g in open_games:
            pts[g][w] += p
            boxes[g][w] += 1
            if pts[g][w] >= r.target:
                winners[g] = w
    games = tuple(_settle(r, pts[g], boxes[g], played[g], winners[g]) for g in range(n_games))
    totals = tuple(sum(g.totals[i] for g in games) for i in range(players))
    return HollywoodTotals(games, all(g.finished for g in games), totals, tuple(unscored))

