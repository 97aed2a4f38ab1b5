"""Exact rummy probabilities: counted, never sampled, returned as ``sympy.Rational``.

Why exact: a tutorial that says "a dealt gin happens about once in N deals" should be able
to show the fraction itself, and every Monte Carlo estimate needs a true value to be
checked against.

How hands are counted. A hand is a subset of the *physical* cards of the deck (with two
decks every card exists twice, 104 cards). Walking the ranks from ace to king, a hand shows
at each rank which suits are present and in how many copies; a small automaton follows
what matters for melds (the length of the current streak in each suit, whether the ace of a
suit is held for a Q-K-A run, ...). Each state carries a polynomial in the number of cards,
so one pass over the 13 ranks counts the hands of every size at once (a transfer-matrix
method). States that differ only by a permutation of the suits are merged.

>>> p_hand_contains("set", 3)  # 13 ranks x 4 ways to pick 3 suits, over C(52, 3)
1/425
>>> p_hand_contains("meld", 3, "gin") == sympy.Rational(13 * 4 + 4 * 11, 22100)
True
>>> p_draw_out(8, 31, 2)  # 1 - C(23, 2) / C(31, 2)
212/465
>>> p_hand_contains("flush", 3)
Traceback (most recent call last):
...
ValueError: kind must be one of 'set', 'run', 'meld', got 'flush'
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import sympy

from ..engine.cards import Card, CardsLike, Hand, clean_cards, make_deck
from ..engine.rules import Rules, RulesLike, get_rules
from ..engine.solver import deadwood

__all__ = [
    "KINDS",
    "CoefficientOf",
    "DrawOdds",
    "DrawOddsTable",
    "Formula",
    "complete_hand_count",
    "count_hands_without",
    "distinct_cards_distribution",
    "draw_odds_table",
    "duplicates_in_hand",
    "expected_deadwood_after_draw",
    "formula",
    "holds",
    "outs",
    "p_complete_hand",
    "p_dealt_gin",
    "p_draw_out",
    "p_hand_contains",
    "p_natural_meld_with_jokers",
    "toy_deck",
]

KINDS: tuple[str, ...] = ("set", "run", "meld")
"""What :func:`p_hand_contains` can look for."""

X = sympy.Symbol("x")
"""The variable of the generating polynomials (its power counts cards)."""

_ALL_RANKS: tuple[int, ...] = tuple(range(1, 14))

Poly = list[int]


# --------------------------------------------------------------------------- arguments


def _whole(name: str, value: object, lo: int, hi: int | None = None) -> int:
    """``value`` as an int in ``lo..hi``, else a ValueError naming the argument."""
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= lo
    if ok and hi is not None:
        ok = value <= hi  # type: ignore[operator]
    if not ok:
        rng = f">= {lo}" if hi is None else f"from {lo} to {hi}"
        raise ValueError(f"{name} must be a whole number {rng}, got {value!r}")
    assert isinstance(value, int)
    return value


def _check_kind(kind: object) -> str:
    if kind not in KINDS:
        raise ValueError(f"kind must be one of 'set', 'run', 'meld', got {kind!r}")
    assert isinstance(kind, str)
    return kind


def _rules_and_decks(
    rules: RulesLike, decks: int | None, players: int | None
) -> tuple[Rules, int]:
    """The rules object and the number of decks (``decks`` overrides the variant's)."""
    r = get_rules(rules)
    if decks is not None:
        return r, _whole("decks", decks, 1, 4)
    if players is None:
        players = r.min_players
    else:
        r.check_players(players)
    return r, r.decks_for(players)


def _check_ranks(ranks: Iterable[int] | None) -> tuple[int, ...]:
    if ranks is None:
        return _ALL_RANKS
    out = tuple(sorted(set(ranks)))
    if not out or any(
        isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 13 for x in out
    ):
        raise ValueError(f"ranks must be a non-empty collection of ranks 1..13, got {ranks!r}")
    return out


# --------------------------------------------------------------------------- polynomials


def _mul(a: Sequence[int], b: Sequence[int], degree: int) -> Poly:
    """Product of two coefficient lists, truncated above ``degree``."""
    out = [0] * min(len(a) + len(b) - 1, degree + 1)
    for i, ai in enumerate(a):
        if ai and i <= degree:
            for j, bj in enumerate(b[: degree + 1 - i]):
                out[i + j] += ai * bj
    return out


def _add_into(acc: Poly, p: Sequence[int], times: int = 1) -> None:
    if len(acc) < len(p):
        acc.extend([0] * (len(p) - len(acc)))
    for i, v in enumerate(p):
        acc[i] += times * v


def _coefficient(poly: Sequence[int], n: int) -> int:
    return poly[n] if n < len(poly) else 0


# --------------------------------------------------------------------------- containment DP


@dataclass(frozen=True)
class _Shape:
    """What decides the meld-free counts: the deck and the meld rules that matter."""

    ranks: tuple[int, ...]
    suits: int
    decks: int
    ace_high: bool
    min_meld: int
    distinct: bool
    sets_possible: bool
    runs_possible: bool


def _shape(rules: Rules, decks: int, ranks: tuple[int, ...], suits: int) -> _Shape:
    m = rules.min_meld
    distinct = rules.set_distinct_suits and decks > 1
    sets_possible = (rules.max_set_size is None or rules.max_set_size >= m) and (
        not distinct or m <= suits
    )
    runs_possible = m <= rules.max_run_length
    return _Shape(ranks, suits, decks, rules.ace_high, m, distinct, sets_possible, runs_possible)


_AVOID_CACHE: dict[tuple[str, _Shape], Poly] = {}


def _avoid_poly(kind: str, shape: _Shape, degree: int) -> Poly:
    """Number of hands with no ``kind``, by hand size 0..``degree`` (at least)."""
    key = (kind, shape)
    hit = _AVOID_CACHE.get(key)
    if hit is not None and len(hit) > degree:
        return hit
    degree = max(degree, 14)
    check_sets = kind in ("set", "meld") and shape.sets_possible
    check_runs = kind in ("run", "meld") and shape.runs_possible
    m = shape.min_meld
    suits = shape.suits
    # one suit present at a rank: 1..decks copies, C(decks, c) ways each
    w = [sympy.binomial(shape.decks, c) for c in range(shape.decks + 1)]
    w = [int(v) for v in w]
    w[0] = 0
    powers: list[Poly] = [[1]]
    for _ in range(suits):
        powers.append(_mul(powers[-1], w, degree))
    # weight of a rank where k suits are present (None: the rank would hold a set)
    weight: list[Poly | None] = []
    for k in range(suits + 1):
        if not check_sets:
            weight.append(powers[k])
        elif shape.distinct or shape.decks == 1:
            weight.append(powers[k] if k < m else None)
        else:  # duplicates count: fewer than m cards of the rank in all
            cut = powers[k][:m]
            weight.append(cut if any(cut) else None)
    # per-suit code: streak * 2 + (ace held, for Q-K-A); suits merged by sorting
    start = (0,) * suits
    table: dict[tuple[int, ...], Poly] = {start: [1]}
    steps: dict[tuple[tuple[int, ...], bool, bool], dict[tuple[tuple[int, ...], int], int]] = {}
    for rank in range(1, 14):
        in_deck = rank in shape.ranks
        is_ace = rank == 1 and shape.ace_high and check_runs
        new: dict[tuple[int, ...], Poly] = {}
        for state, poly in table.items():
            skey = (state, in_deck, is_ace)
            moves = steps.get(skey)
            if moves is None:
                moves = _contain_moves(state, in_deck, is_ace, check_runs, m, weight)
                steps[skey] = moves
            scaled: dict[int, Poly] = {}
            for (nxt, k), times in moves.items():
                part = scaled.get(k)
                if part is None:
                    wk = weight[k]
                    assert wk is not None
                    part = _mul(poly, wk, degree)
                    scaled[k] = part
                acc = new.get(nxt)
                if acc is None:
                    acc = new[nxt] = []
                _add_into(acc, part, times)
        table = new
    total: Poly = [0] * (degree + 1)
    for state, poly in table.items():
        # Q-K-A: a held ace extends the streak ending at the king
        if (
            shape.ace_high
            and check_runs
            and any(code & 1 and (code >> 1) + 1 >= m for code in state)
        ):
            continue
        _add_into(total, poly)
    _AVOID_CACHE[key] = total
    return total


def _contain_moves(
    state: tuple[int, ...],
    in_deck: bool,
    is_ace: bool,
    check_runs: bool,
    m: int,
    weight: Sequence[Poly | None],
) -> dict[tuple[tuple[int, ...], int], int]:
    """(next state, suits present) -> number of presence patterns leading there."""
    suits = len(state)
    out: dict[tuple[tuple[int, ...], int], int] = {}
    patterns = range(1 << suits) if in_deck else range(1)
    for pat in patterns:
        k = pat.bit_count()
        if weight[k] is None:
            continue
        codes = []
        dead = False
        for i, code in enumerate(state):
            streak, ace = code >> 1, code & 1
            if pat >> i & 1:
                if check_runs:
                    streak += 1
                    if streak >= m:
                        dead = True
                        break
                if is_ace:
                    ace = 1
            else:
                streak = 0
            codes.append(streak << 1 | ace)
        if dead:
            continue
        nxt = (tuple(sorted(codes)), k)
        out[nxt] = out.get(nxt, 0) + 1
    return out


def toy_deck(ranks: int = 6, suits: int = 3) -> tuple[Card, ...]:
    """A small deck for checking formulas by listing every hand: ace..``ranks`` in the
    first ``suits`` suits (spades, hearts, diamonds, clubs).

    >>> toy_deck(4, 2)
    (Card('AS'), Card('2S'), Card('3S'), Card('4S'), Card('AH'), Card('2H'), Card('3H'), Card('4H'))
    """
    ranks = _whole("ranks", ranks, 1, 13)
    suits = _whole("suits", suits, 1, 4)
    wanted = {s: i for i, s in enumerate(("S", "H", "D", "C")[:suits])}
    return tuple(sorted((c for c in make_deck() if c.suit is not None and c.rank <= ranks
                         and c.suit.value in wanted),
                        key=lambda c: (wanted[c.suit.value] if c.suit else 0, c.rank)))


def holds(cards: CardsLike, kind: str = "meld", rules: RulesLike = "gin") -> bool:
    """True when the cards include at least one ``kind`` (set, run or meld): the plain
    check, card by card, that the counting formulas are tested against.

    >>> holds("7S 7H 7D 2C", "set"), holds("7S 8S 9H 2C", "run"), holds("QS KS AS", "run", "500")
    (True, False, True)
    """
    kind = _check_kind(kind)
    r = get_rules(rules)
    hand = clean_cards(cards)
    m = r.min_meld
    if kind in ("set", "meld"):
        by_rank: dict[int, set[object] | list[object]] = {}
        for c in hand:
            if c.rank:
                bucket = by_rank.setdefault(c.rank, set() if r.set_distinct_suits else [])
                if isinstance(bucket, set):
                    bucket.add(c.suit)
                else:
                    bucket.append(c.suit)
        if any(len(v) >= m for v in by_rank.values()):
            return True
    if kind in ("run", "meld"):
        by_suit: dict[object, set[int]] = {}
        for c in hand:
            if c.rank:
                ranks = by_suit.setdefault(c.suit, set())
                ranks.add(c.rank)
                if c.rank == 1 and r.ace_high:
                    ranks.add(14)
        for ranks in by_suit.values():
            if any(all(x + i in ranks for i in range(m)) for x in ranks):
                return True
    return False


def count_hands_without(
    kind: str,
    n: int,
    rules: RulesLike = "gin",
    *,
    decks: int | None = None,
    ranks: Iterable[int] | None = None,
    suits: int = 4,
) -> int:
    """Number of ``n``-card hands holding no ``kind``, counted by the rank-by-rank DP.

    Why public: the same code path runs on reduced decks (fewer ranks or suits), small
    enough to check by listing every hand, and a tutorial can show the raw counts.

    >>> count_hands_without("set", 3)  # every 3-card hand but the 13 * 4 trips
    22048
    >>> count_hands_without("run", 3, ranks=range(1, 5), suits=1)  # A-4 of one suit
    2

    :param kind: ``"set"``, ``"run"`` or ``"meld"``.
    :param n: hand size.
    :param rules: a preset name or Rules (ace rule, set rule, minimum meld size).
    :param decks: number of decks; default the variant's for its fewest players.
    :param ranks: the ranks in the deck (default all 13; an absent rank breaks runs).
    :param suits: the number of suits in the deck (1..4).
    :return: the count (hands are subsets of the physical cards).
    :raises ValueError: for a bad kind, size, deck count, rank list or suit count.
    """
    kind = _check_kind(kind)
    r, d = _rules_and_decks(rules, decks, None)
    rk = _check_ranks(ranks)
    s = _whole("suits", suits, 1, 4)
    cards = len(rk) * s * d
    n = _whole("n", n, 0, cards)
    return _coefficient(_avoid_poly(kind, _shape(r, d, rk, s), n), n)


def p_hand_contains(
    kind: str,
    n: int,
    rules: RulesLike = "gin",
    *,
    decks: int | None = None,
    players: int | None = None,
) -> sympy.Rational:
    """Exact probability that a random ``n``-card hand holds at least one ``kind``.

    Why: how often a hand already holds a meld is the first question a learner asks, and
    the answer changes with the variant (ace high, two decks, distinct-suit sets).

    A *set* is ``min_meld`` (3) or more cards of one rank; with two decks duplicates count
    unless the rules need distinct suits (Indian Rummy). A *run* is ``min_meld`` or more
    consecutive ranks of one suit (Q-K-A too when the ace is high or low, never K-A-2).
    A *meld* is either. The deck is the variant's without jokers; hands are subsets of its
    physical cards (104 with two decks), all equally likely.

    >>> p_hand_contains("set", 3) == sympy.Rational(13 * 4, 22100)
    True
    >>> p_hand_contains("run", 3, "500")  # ace high: 12 runs per suit
    12/5525
    >>> round(float(p_hand_contains("meld", 14, "indian")), 4)  # two decks, 104 cards
    0.7289
    >>> p_hand_contains("run", 53)
    Traceback (most recent call last):
    ...
    ValueError: n must be a whole number from 0 to 52, got 53

    :param kind: ``"set"``, ``"run"`` or ``"meld"``.
    :param n: number of cards in the hand.
    :param rules: a preset name or Rules.
    :param decks: number of decks (overrides the variant's).
    :param players: players at the table (picks the deck count where it depends on it).
    :return: the probability as a fraction.
    :raises ValueError: for an unknown kind or a hand size that does not fit the deck.
    """
    kind = _check_kind(kind)
    r, d = _rules_and_decks(rules, decks, players)
    shape = _shape(r, d, _ALL_RANKS, 4)
    cards = 52 * d
    n = _whole("n", n, 0, cards)
    without = _coefficient(_avoid_poly(kind, shape, n), n)
    total = sympy.binomial(cards, n)
    return sympy.Rational(total - without, total)


# --------------------------------------------------------------------------- formulas


class CoefficientOf(sympy.Function):  # type: ignore[misc]
    """``[x^n] f(x)``: the coefficient of ``x**n`` in a polynomial, unevaluated until ``doit``.

    >>> c = CoefficientOf((1 + X) ** 4, X, 2)
    >>> sympy.latex(c), c.doit()
    ('\\\\left[x^{2}\\\\right] \\\\left(x + 1\\\\right)^{4}', 6)
    """

    nargs = 3

    @classmethod
    def eval(cls, expr: Any, var: Any, n: Any) -> None:
        return None

    def doit(self, deep: bool = True, **hints: Any) -> Any:
        expr, var, n = self.args
        if deep:
            expr = expr.doit(deep=deep, **hints)
        return sympy.expand(expr).coeff(var, int(n))

    def _latex(self, printer: Any) -> str:
        expr, var, n = self.args
        body = printer._print(expr)
        if isinstance(expr, sympy.Add | sympy.Sum):
            body = rf"\left({body}\right)"
        return rf"\left[{printer._print(var)}^{{{printer._print(n)}}}\right] {body}"


@dataclass(frozen=True)
class Formula:
    """A probability as a readable sympy expression, with its value and how it is counted.

    :ivar kind: ``"set"``, ``"run"`` or ``"meld"``.
    :ivar n: hand size.
    :ivar expr: an unevaluated sympy expression; ``expr.doit()`` equals ``value``.
    :ivar value: the exact probability.
    :ivar closed_form: True when ``expr`` spells the count out (binomial sums, coefficient
        of an explicit polynomial); False when the count of meld-free hands is the number
        found by the rank-by-rank DP, written in as an integer.
    :ivar description: a sentence or two on how the hands are counted.
    """

    kind: str
    n: int
    expr: Any
    value: sympy.Rational
    closed_form: bool
    description: str

    @property
    def latex(self) -> str:
        """The expression in LaTeX (for a notebook or a slide)."""
        return str(sympy.latex(self.expr, order="none"))

    def _repr_latex_(self) -> str:
        return f"$\\displaystyle P = {self.latex}$"


def formula(
    kind: str, n: int, rules: RulesLike = "gin", *, decks: int | None = None
) -> Formula:
    """:func:`p_hand_contains` as a formula a learner can read, where a closed form exists.

    Sets: the ranks are independent, so the meld-free hands are the coefficient of
    ``x**n`` in ``g(x)**13``, ``g`` being the ways to hold fewer than three of one rank;
    with one deck that is a binomial sum (``b`` ranks holding a pair, ``n - 2b`` a single).
    Runs with the ace low: the suits are independent and a suit's run-free holdings are
    counted by the classic "no three ones in a row" binomial sum. Runs with the ace high
    and melds of both kinds couple ranks and suits; the expression then holds the count
    found by the DP and ``description`` explains it.

    >>> f = formula("set", 3)
    >>> f.closed_form, f.value, f.expr.doit() == f.value
    (True, 1/425, True)
    >>> print(f.latex)  # doctest: +NORMALIZE_WHITESPACE
    1 - \\frac{\\sum_{b=0}^{1} 4^{3 - 2 b} 6^{b} {\\binom{13}{b}}
    {\\binom{13 - b}{3 - 2 b}}}{{\\binom{52}{3}}}
    >>> formula("meld", 10, "500").closed_form
    False

    :param kind: ``"set"``, ``"run"`` or ``"meld"``.
    :param n: hand size.
    :param rules: a preset name or Rules.
    :param decks: number of decks (overrides the variant's).
    :return: a :class:`Formula`.
    :raises ValueError: as :func:`p_hand_contains`.
    """
    value = p_hand_contains(kind, n, rules, decks=decks)
    r, d = _rules_and_decks(rules, decks, None)
    shape = _shape(r, d, _ALL_RANKS, 4)
    cards = 52 * d
    total = sympy.binomial(cards, n, evaluate=False)
    m = shape.min_meld
    w = sympy.expand((1 + X) ** d - 1)
    if kind == "set" or (kind == "meld" and not shape.runs_possible):
        if not shape.sets_possible:
            return Formula(kind, n, sympy.Integer(0), value, True, "No set is possible.")
        if d == 1 and m == 3:
            b = sympy.Symbol("b", integer=True, nonnegative=True)
            term = (
                sympy.binomial(13, b) * sympy.binomial(13 - b, n - 2 * b) * 6**b * 4 ** (n - 2 * b)
            )
            count = sympy.Sum(term, (b, 0, n // 2))
            desc = (
                "A set-free hand has at most two cards of each rank: choose the b ranks "
                "holding a pair (6 ways each) and the n - 2b ranks holding one card "
                "(4 ways each)."
            )
        else:
            if shape.distinct or d == 1:
                g = sum(sympy.binomial(4, k) * w**k for k in range(m))
                desc = (
                    f"Per rank, fewer than {m} distinct suits present, each in 1..{d} "
                    f"copies; the 13 ranks are independent."
                )
            else:
                g = sum(sympy.binomial(4 * d, k) * X**k for k in range(m))
                desc = f"Per rank, fewer than {m} of its {4 * d} cards; ranks independent."
            count = CoefficientOf(g**13, X, n)
        expr = 1 - count / total
        return Formula(kind, n, expr, value, True, desc)
    if kind == "run" and not shape.runs_possible:
        return Formula(kind, n, sympy.Integer(0), value, True, "No run is possible.")
    if kind == "run" and not shape.ace_high:
        j = sympy.Symbol("j", integer=True, nonnegative=True)
        i = sympy.Symbol("i", integer=True, nonnegative=True)
        no_streak = sympy.Sum(
            (-1) ** i * sympy.binomial(14 - j, i) * sympy.binomial(13 - m * i, 13 - j),
            (i, 0, 13 // m),
        )
        per_suit = sympy.Sum(no_streak * w**j, (j, 0, 13))
        expr = 1 - CoefficientOf(per_suit**4, X, n) / total
        desc = (
            f"Suits are independent. A suit holding j of the 13 ranks with no {m} in a row "
            f"puts j cards into the 14 - j gaps between absent ranks, fewer than {m} per gap "
            "(inclusion-exclusion over the gaps that overflow)."
        )
        return Formula(kind, n, expr, value, True, desc)
    without = count_hands_without(kind, n, r, decks=d)
    expr = 1 - sympy.Integer(without) / total
    desc = (
        f"The {without} hands without a {kind} come from a transfer-matrix DP over the "
        "ranks A..K: the state holds, per suit, the length of the current streak of "
        "consecutive ranks"
        + (" and whether its ace is held (for Q-K-A)" if shape.ace_high else "")
        + "; a rank may hold cards of any suits as long as no "
        + ("set or run" if kind == "meld" else kind)
        + " appears; states equal up to a change of suits are merged, and each carries a "
        "polynomial counting hands by size."
    )
    return Formula(kind, n, expr, value, False, desc)


# --------------------------------------------------------------------------- complete hands


def _complete_counts(
    ranks: tuple[int, ...],
    suits: int,
    ace_high: bool,
    m: int,
    set_sizes: tuple[int, ...],
    degree: int,
) -> Poly:
    """Hands (one deck) that split completely into melds, by size 0..degree.

    NFA state per suit: 0 = no open run, 1..m-1 = an open run of that length that must
    go on, m = a run of m or more that may stop or go on; plus a bit per suit for an ace
    kept back to end a Q-K-A run. The DFA state is the set of NFA states some reading of
    the cards so far reaches (subset construction), so each hand is counted once however
    many ways it splits. DFA states equal up to a permutation of suits are merged.
    """
    perms = list(itertools.permutations(range(suits)))
    nfa_cache: dict[tuple[tuple[int, ...], int, int, bool], frozenset[tuple[int, ...]]] = {}

    def nfa_step(st: tuple[int, ...], pending: int, pat: int, ace: bool) -> set[
        tuple[int, ...]
    ]:
        """Successors of one NFA state (per-suit states + pending mask last)."""
        out: set[tuple[int, ...]] = set()
        held = [i for i in range(suits) if pat >> i & 1]
        high_choices = (
            itertools.chain.from_iterable(
                itertools.combinations(held, k) for k in range(len(held) + 1)
            )
            if ace
            else [()]
        )
        for high in high_choices:
            low = [i for i in held if i not in high]
            pend = pending
            for i in high:
                pend |= 1 << i
            set_choices: list[tuple[int, ...]] = [()]
            for size in set_sizes:
                set_choices.extend(itertools.combinations(low, size))
            for grp in set_choices:
                per_suit: list[tuple[int, ...]] = []
                for i in range(suits):
                    j = st[i]
                    if i in low and i not in grp:  # the card goes into a run
                        opts = []
                        if j >= 1:
                            opts.append(min(j + 1, m))
                        if j in (0, m):
                            opts.append(1)
                        per_suit.append(tuple(opts))
                    else:  # no card in a run here: an open run must not be pending
                        per_suit.append((0,) if j in (0, m) else ())
                for combo in itertools.product(*per_suit):
                    out.add((*combo, pend))
        return out

    def step(dfa: frozenset[tuple[int, ...]], pat: int, ace: bool) -> frozenset[tuple[int, ...]]:
        nxt: set[tuple[int, ...]] = set()
        for nfa in dfa:
            key = (nfa, pat, pat, ace)
            hit = nfa_cache.get(key)
            if hit is None:
                hit = frozenset(nfa_step(nfa[:-1], nfa[-1], pat, ace))
                nfa_cache[key] = hit
            nxt |= hit
        return frozenset(nxt)

    canon_cache: dict[frozenset[tuple[int, ...]], frozenset[tuple[int, ...]]] = {}

    def canon(dfa: frozenset[tuple[int, ...]]) -> frozenset[tuple[int, ...]]:
        hit = canon_cache.get(dfa)
        if hit is not None:
            return hit
        best: tuple[tuple[int, ...], ...] | None = None
        for perm in perms:
            img = tuple(
                sorted(
                    (
                        *(nfa[perm[i]] for i in range(suits)),
                        sum(1 << i for i in range(suits) if nfa[-1] >> perm[i] & 1),
                    )
                    for nfa in dfa
                )
            )
            if best is None or img < best:
                best = img
        assert best is not None
        out = frozenset(best)
        canon_cache[dfa] = out
        return out

    start: frozenset[tuple[int, ...]] = frozenset({(0,) * suits + (0,)})
    table: dict[frozenset[tuple[int, ...]], Poly] = {start: [1]}
    trans: dict[tuple[frozenset[tuple[int, ...]], int, bool], frozenset[tuple[int, ...]]] = {}
    for rank in range(1, 14):
        patterns = range(1 << suits) if rank in ranks else range(1)
        ace = rank == 1 and ace_high
        new: dict[frozenset[tuple[int, ...]], Poly] = {}
        for dfa, poly in table.items():
            for pat in patterns:
                k = pat.bit_count()
                if k >= len(poly) + 0 and k > degree:
                    continue
                tkey = (dfa, pat, ace)
                nxt = trans.get(tkey)
                if nxt is None:
                    raw = step(dfa, pat, ace)
                    nxt = canon(raw) if raw else raw
                    trans[tkey] = nxt
                if not nxt:
                    continue
                shifted = [0] * k + poly[: degree + 1 - k]
                if not any(shifted):
                    continue
                acc = new.get(nxt)
                if acc is None:
                    new[nxt] = shifted
                else:
                    _add_into(acc, shifted)
        table = new

    def accepting(nfa: tuple[int, ...]) -> bool:
        pending = nfa[-1]
        for i in range(suits):
            j = nfa[i]
            if pending >> i & 1:
                if j < max(1, m - 1):
                    return False
            elif j not in (0, m):
                return False
        return True

    total: Poly = [0] * (degree + 1)
    for dfa, poly in table.items():
        if any(accepting(nfa) for nfa in dfa):
            _add_into(total, poly)
    return total


_COMPLETE_CACHE: dict[tuple[object, ...], Poly] = {}


def _complete_poly(r: Rules, ranks: tuple[int, ...], suits: int, degree: int) -> Poly:
    m = r.min_meld
    top = min(4, suits, r.max_set_size if r.max_set_size is not None else 4)
    set_sizes = tuple(range(m, top + 1))
    if r.max_run_length < 13:
        raise ValueError(
            f"complete-hand counts assume runs of any length; max_run_length is "
            f"{r.max_run_length}"
        )
    key = (ranks, suits, r.ace_high, m, set_sizes)
    hit = _COMPLETE_CACHE.get(key)
    if hit is not None and len(hit) > degree:
        return hit
    poly = _complete_counts(ranks, suits, r.ace_high, m, set_sizes, degree)
    _COMPLETE_CACHE[key] = poly
    return poly


def complete_hand_count(
    n: int,
    rules: RulesLike = "gin",
    *,
    ranks: Iterable[int] | None = None,
    suits: int = 4,
) -> int:
    """Number of ``n``-card one-deck hands that split completely into melds.

    Melds are sets of ``min_meld`` (3) up to ``max_set_size`` (4) cards of one rank and
    runs of ``min_meld`` or more consecutive cards of one suit (Q-K-A too when the ace is
    high or low). The count comes from the rank-by-rank subset-construction DP of
    :func:`p_dealt_gin`; ``ranks`` and ``suits`` shrink the deck, for checks by listing.

    >>> complete_hand_count(3)  # 13 * 4 sets + 4 * 11 runs
    96
    >>> complete_hand_count(3, "500")  # plus Q-K-A in each suit
    100
    >>> complete_hand_count(6, ranks=range(1, 7), suits=1)  # A..6 of one suit
    1

    :param n: hand size.
    :param rules: a preset name or Rules (ace rule, min_meld, max_set_size).
    :param ranks: the ranks in the deck (default all 13).
    :param suits: the number of suits (1..4).
    :return: the count.
    :raises ValueError: for a bad size, rank list or suit count.
    """
    r = get_rules(rules)
    rk = _check_ranks(ranks)
    s = _whole("suits", suits, 1, 4)
    n = _whole("n", n, 0, len(rk) * s)
    return _coefficient(_complete_poly(r, rk, s, n), n)


def p_complete_hand(n: int, rules: RulesLike = "gin") -> sympy.Rational:
    """Exact probability that a random ``n``-card hand (one deck) is all melds.

    >>> p_complete_hand(3)  # 96 of the 22,100 three-card hands
    24/5525

    :param n: hand size (0..52).
    :param rules: a preset name or Rules.
    :return: the probability.
    :raises ValueError: for a bad hand size.
    """
    n = _whole("n", n, 0, 52)
    return sympy.Rational(complete_hand_count(n, rules), sympy.binomial(52, n))


def p_dealt_gin(rules: RulesLike = "gin", *, hand_size: int = 10) -> sympy.Rational:
    """Exact probability that a dealt hand is gin: every card in a meld, no discard needed.

    Why: it is the rarest event in Gin Rummy and a classic question; the answer is exact
    and shows how much the ace rule matters. One deck, no jokers; sets of 3-4 cards and
    runs of 3 or more (Q-K-A also when the rules make the ace high or low).

    Counting: walk the ranks A..K; at each rank the hand holds some subset of the suits.
    Every reading of the cards so far (which cards are in sets, which continue or start
    a run, which aces wait to end a Q-K-A) leads to a per-suit run state; the DP state is
    the *set* of states some reading reaches, so hands, not arrangements, are counted.

    >>> p_dealt_gin(), p_dealt_gin(get_rules("gin", ace="high_or_low"))
    (68347/7910012110, 3078/304231235)
    >>> round(1 / float(p_dealt_gin()))  # about once in this many deals
    115733
    >>> p_dealt_gin(hand_size=3) == sympy.Rational(96, 22100)
    True

    :param rules: a preset name or Rules (only the meld rules matter).
    :param hand_size: cards dealt (10 in Gin Rummy).
    :return: the probability as a fraction.
    :raises ValueError: for a bad hand size.
    """
    return p_complete_hand(_whole("hand_size", hand_size, 0, 52), rules)


# --------------------------------------------------------------------------- draws


def p_natural_meld_with_jokers(
    kind: str,
    n: int,
    rules: RulesLike = "indian",
    *,
    decks: int | None = None,
    players: int | None = None,
) -> sympy.Rational:
    """Like :func:`p_hand_contains`, but dealt from the whole deck *with* its printed jokers,
    counting only melds of natural cards (a pure sequence, in Indian Rummy's words).

    Printed jokers take places in the hand but never join a natural meld, so by the law of
    total probability over the number ``j`` of jokers dealt::

        P = sum_j  C(J, j) C(N, n - j) / C(N + J, n)  *  p_hand_contains(kind, n - j)

    with ``J`` printed jokers and ``N`` other cards. (A wild-rank card at its own place keeps
    a sequence pure, so wild ranks change nothing here.)

    >>> round(float(p_natural_meld_with_jokers("run", 13, "indian")), 4)  # 108 cards
    0.3501
    >>> p_natural_meld_with_jokers("run", 10, "gin") == p_hand_contains("run", 10, "gin")
    True
    """
    kind = _check_kind(kind)
    r, d = _rules_and_decks(rules, decks, players)
    jokers = r.printed_jokers
    naturals = 52 * d
    n = _whole("n", n, 0, naturals + jokers)
    total = sympy.binomial(naturals + jokers, n)
    out = sympy.Integer(0)
    for j in range(0, min(jokers, n) + 1):
        if n - j > naturals:
            continue
        weight = sympy.binomial(jokers, j) * sympy.binomial(naturals, n - j)
        out += weight * p_hand_contains(kind, n - j, r, decks=d)
    return sympy.Rational(out, total)


def duplicates_in_hand(n: int, rules: RulesLike = "indian", *, decks: int | None = None,
                       players: int | None = None) -> tuple[sympy.Rational, sympy.Rational]:
    """With two (or more) decks: the expected number of duplicate pairs (two copies of the
    same card) in an ``n``-card hand, and the probability of none. Jokers aside.

    >>> pairs, none = duplicates_in_hand(13, "indian")   # 104 natural cards
    >>> round(float(pairs), 3), round(float(none), 3)
    (0.757, 0.425)
    """
    _, d = _rules_and_decks(rules, decks, players)
    cards = 52 * d
    n = _whole("n", n, 0, cards)
    if d < 2:
        return sympy.Integer(0), sympy.Integer(1)
    total = sympy.binomial(cards, n)
    # each of the 52 faces contributes C(d, 2) pairs if all its copies could be there
    pairs = 52 * sympy.binomial(d, 2) * sympy.binomial(cards - 2, n - 2) / total if n >= 2 \
        else sympy.Integer(0)
    # no duplicates: choose n distinct faces, then one of d copies of each
    none = sympy.binomial(52, n) * sympy.Integer(d) ** n / total if n <= 52 else sympy.Integer(0)
    return sympy.Rational(pairs), sympy.Rational(none)


def distinct_cards_distribution(n: int, rules: RulesLike = "indian", *, decks: int | None = None,
                                players: int | None = None) -> dict[int, sympy.Rational]:
    """With several decks: the probability that an ``n``-card hand holds exactly ``k``
    different cards (faces), for each ``k``. Jokers aside.

    Why: a two-deck hand of thirteen cards is, face by face, a one-deck hand of ``k``
    cards, so odds for two decks follow from one-deck odds by total probability.

    >>> dist = distinct_cards_distribution(13, "indian")
    >>> round(float(dist[13]), 3), round(float(dist[12]), 3), sum(dist.values())
    (0.425, 0.415, 1)
    """
    _, d = _rules_and_decks(rules, decks, players)
    cards = 52 * d
    n = _whole("n", n, 0, cards)
    total = sympy.binomial(cards, n)
    out: dict[int, sympy.Rational] = {}
    for k in range(0, min(n, 52) + 1):
        # choose k faces, then how many copies of each: a polynomial coefficient
        per_faces = sympy.Poly(((1 + X) ** d - 1) ** k, X).coeff_monomial(X**n)
        ways = sympy.binomial(52, k) * per_faces
        if ways:
            out[k] = sympy.Rational(ways, total)
    return out


def p_draw_out(outs: int, unseen: int, draws: int) -> sympy.Rational:
    """Probability of drawing at least one of ``outs`` cards in ``draws`` from ``unseen``.

    Hypergeometric: ``1 - C(unseen - outs, draws) / C(unseen, draws)``. Why: "how likely
    am I to hit in the next two turns" is the everyday use of outs.

    >>> p_draw_out(4, 40, 1)
    1/10
    >>> p_draw_out(0, 40, 3), p_draw_out(5, 5, 1)
    (0, 1)
    >>> p_draw_out(5, 4, 1)
    Traceback (most recent call last):
    ...
    ValueError: outs must be a whole number from 0 to unseen (4), got 5

    :param outs: cards that help (copies count separately).
    :param unseen: cards that could be drawn.
    :param draws: cards drawn.
    :return: the probability as a fraction.
    :raises ValueError: naming the argument that is not a whole number in range.
    """
    unseen = _whole("unseen", unseen, 0)
    if isinstance(outs, int) and not isinstance(outs, bool) and not 0 <= outs <= unseen:
        raise ValueError(f"outs must be a whole number from 0 to unseen ({unseen}), got {outs}")
    outs = _whole("outs", outs, 0, unseen)
    if isinstance(draws, int) and not isinstance(draws, bool) and not 0 <= draws <= unseen:
        raise ValueError(
            f"draws must be a whole number from 0 to unseen ({unseen}), got {draws}"
        )
    draws = _whole("draws", draws, 0, unseen)
    if draws == 0:
        return sympy.Rational(0)
    miss = sympy.binomial(unseen - outs, draws)
    return sympy.Rational(1) - sympy.Rational(miss, sympy.binomial(unseen, draws))


def _deck_copies(r: Rules, decks: int) -> dict[Card, int]:
    copies: dict[Card, int] = {}
    for c in make_deck(decks, r.printed_jokers):
        copies[c] = copies.get(c, 0) + 1
    return copies


def _unseen_copies(r: Rules, decks: int, known: Sequence[Card]) -> dict[Card, int]:
    """Copies of each card not among ``known`` (the hand and the seen cards)."""
    full = _deck_copies(r, decks)
    copies = dict(full)
    for c in known:
        copies[c] = copies.get(c, 0) - 1
    for c, left in copies.items():
        if left < 0:
            raise ValueError(
                f"{c.code} appears {full.get(c, 0) - left} times in the hand and seen cards, "
                f"more than the {full.get(c, 0)} in the deck"
            )
    return copies


def _meld_candidates(
    hand: Hand, r: Rules, wild_rank: int | None
) -> Callable[[Card], bool]:
    """A quick necessary test: could card ``c`` join a meld with cards of the hand?

    A card that cannot be in any meld of hand + c is never an out, so the exact (and
    slower) deadwood comparison is skipped for it.
    """
    jokers = sum(1 for c in hand if c.is_joker or c.rank == wild_rank)
    need = r.min_meld - 1
    by_rank: dict[int, set[object]] = {}
    by_rank_count: dict[int, int] = {}
    places: dict[object, set[int]] = {}
    for c in hand:
        if c.is_joker or c.rank == wild_rank:
            continue
        by_rank.setdefault(c.rank, set()).add(c.suit)
        by_rank_count[c.rank] = by_rank_count.get(c.rank, 0) + 1
        ps = places.setdefault(c.suit, set())
        ps.add(c.rank)
        if c.rank == 1 and r.ace_high:
            ps.add(14)

    def test(c: Card) -> bool:
        if c.is_joker or c.rank == wild_rank or jokers >= need:
            return True
        if r.set_distinct_suits:
            mates = len(by_rank.get(c.rank, set()) - {c.suit})
        else:
            mates = by_rank_count.get(c.rank, 0)
        if mates + jokers >= need:
            return True
        mine = places.get(c.suit, set())
        own = [c.rank] + ([14] if c.rank == 1 and r.ace_high else [])
        for p in own:
            for start in range(p - r.min_meld + 1, p + 1):
                window = range(start, start + r.min_meld)
                held = sum(1 for q in window if q != p and q in mine)
                if held + jokers >= need:
                    return True
        return False

    return test


_OUT_MEMO: OrderedDict[tuple[tuple[Card, ...], Rules, int | None], dict[Card, bool]] = (
    OrderedDict()
)
_OUT_MEMO_HANDS = 128


def _out_memo(hand: Hand, r: Rules, wild_rank: int | None) -> dict[Card, bool]:
    """Which cards were already found to be outs (or not) of this hand under these rules.

    Whether a card is an out depends on the hand only, not on how many copies are still
    unseen, so a hand looked at again (the cards kept after a discard, at the next draw)
    costs no solver call. The most recent hands are kept.
    """
    key = (tuple(sorted(hand)), r, wild_rank)
    memo = _OUT_MEMO.get(key)
    if memo is None:
        memo = _OUT_MEMO[key] = {}
        if len(_OUT_MEMO) > _OUT_MEMO_HANDS:
            _OUT_MEMO.popitem(last=False)
    else:
        _OUT_MEMO.move_to_end(key)
    return memo


def _outs_for(
    hand: Hand, r: Rules, wild_rank: int | None, unseen: dict[Card, int]
) -> dict[Card, int]:
    if r.min_sequences or r.min_pure_sequences:
        # melds count on their own here, whatever a declaration would need
        r = r.replace(min_sequences=0, min_pure_sequences=0)
    memo = _out_memo(hand, r, wild_rank)
    base: int | None = None
    out: dict[Card, int] = {}
    could_meld = _meld_candidates(hand, r, wild_rank)
    for c in sorted(unseen):
        k = unseen[c]
        if k <= 0 or not could_meld(c):
            continue
        is_out = memo.get(c)
        if is_out is None:
            if base is None:
                base = deadwood(hand, r, wild_rank=wild_rank)
            with_c = deadwood(Hand((*hand, c)), r, wild_rank=wild_rank)
            is_out = memo[c] = with_c < base + r.card_value(c, wild_rank)
        if is_out:
            out[c] = k
    return out


def outs(
    cards: CardsLike,
    rules: RulesLike = "gin",
    *,
    seen: CardsLike = (),
    wild_rank: int | None = None,
    decks: int | None = None,
) -> dict[Card, int]:
    """Live cards that would go into a meld if added to the hand, with their unseen copies.

    Definition: a card ``c`` is an *out* when the hand with ``c`` added has less deadwood
    than the hand itself plus ``c`` held as a loose card::

        deadwood(hand + c) < deadwood(hand) + value(c)

    That happens exactly when every best arrangement of ``hand + c`` puts ``c`` in a meld:
    it completes a new set or run (with loose cards), extends a meld, or lets the melds be
    rearranged for less deadwood. A card is *live* when some copy is unseen: the deck's
    copies minus those in the hand and in ``seen`` (the discard pile, cards shown).
    Deadwood here is plain: for Indian Rummy every meld counts, even before the hand has
    the sequences a declaration needs. Printed jokers and wild-rank cards can be outs.

    >>> outs("7S 8S KD QC 2H")
    {Card('6S'): 1, Card('9S'): 1}
    >>> outs("7S 8S 7H KD", seen="9S 7D")
    {Card('6S'): 1, Card('7C'): 1}
    >>> outs("7S 8S", "500", seen="9S 9S")  # Rummy 500 for 5+ players: two decks
    Traceback (most recent call last):
    ...
    ValueError: 9S appears 2 times in the hand and seen cards, more than the 1 in the deck

    :param cards: the hand.
    :param rules: a preset name or Rules.
    :param seen: cards known not to be drawable (discard pile, cards shown).
    :param wild_rank: Indian Rummy's wild-joker rank.
    :param decks: number of decks (default the variant's for its fewest players).
    :return: out card -> unseen copies, in deck order; cards with no copy left are left out.
    :raises ValueError: when the hand and seen cards use more copies than the deck has.
    """
    r, d = _rules_and_decks(rules, decks, None)
    hand = clean_cards(cards)
    seen_cards = clean_cards(seen)
    unseen = _unseen_copies(r, d, (*hand, *seen_cards))
    return _outs_for(hand, r, wild_rank, unseen)


@dataclass(frozen=True)
class DrawOdds:
    """One row of :func:`draw_odds_table`: a discard, what is kept, its outs and odds.

    :ivar discard: the card thrown (``None`` when the hand is evaluated as it is).
    :ivar kept: the hand after the discard.
    :ivar deadwood: its best deadwood points.
    :ivar outs: out card -> unseen copies (see :func:`outs`).
    :ivar out_count: unseen copies of all the outs.
    :ivar unseen: cards that could be drawn (deck minus hand minus seen).
    :ivar p_hit: draws -> probability of at least one out within that many draws.
    """

    discard: Card | None
    kept: Hand
    deadwood: int
    outs: dict[Card, int]
    out_count: int
    unseen: int
    p_hit: dict[int, sympy.Rational]

    def __str__(self) -> str:
        head = "keep" if self.discard is None else f"discard {self.discard.code}"
        odds = " ".join(f"{k}:{float(p):.3f}" for k, p in self.p_hit.items())
        names = " ".join(c.code for c in self.outs) or "-"
        return (
            f"{head}: deadwood {self.deadwood}, {self.out_count} outs ({names}) "
            f"of {self.unseen}; P(hit) by draws {odds}"
        )


class DrawOddsTable(list[DrawOdds]):
    """The rows of :func:`draw_odds_table` (a list), shown as a table in Jupyter."""

    def _repr_html_(self) -> str:
        from ..display import html_table

        draws = sorted({k for row in self for k in row.p_hit})
        header = ["discard", "deadwood after", "outs", "unseen",
                  *(f"P(out in {k} draw{'s' if k != 1 else ''})" for k in draws)]
        rows = [[("keep" if r.discard is None else r.discard.glyph), r.deadwood,
                 f"{r.out_count} ({' '.join(c.glyph for c in r.outs) or 'none'})", r.unseen,
                 *(f"{float(r.p_hit[k]):.1%}" if k in r.p_hit else "" for k in draws)]
                for r in self]
        return html_table(header, rows, caption="Discards, best first: what each leaves",
                          css_class="rl-draw-odds")


def draw_odds_table(
    cards: CardsLike,
    rules: RulesLike = "gin",
    *,
    seen: CardsLike = (),
    draws: Sequence[int] = (1, 2, 3),
    wild_rank: int | None = None,
    decks: int | None = None,
    players: int | None = None,
) -> DrawOddsTable:
    """For each possible discard of an over-size hand, the outs and the odds of hitting one.

    A hand larger than the variant's hand size (Gin: 11 cards after the draw) gets one row
    per distinct discard, the discard counting as seen; any other hand gets a single row
    for itself. The odds treat every unseen card (stock and opponents' hands alike) as
    equally likely to be drawn next. Rows come best first: lower deadwood, then more outs.

    >>> rows = draw_odds_table("7S 8S 9S 5H 5D KC QC 2D 3C 4H JS")
    >>> first = rows[0]
    >>> first.discard, first.deadwood, first.out_count, first.unseen
    (Card('JS'), 39, 7, 41)
    >>> " ".join(c.code for c in first.outs)
    '5S 6S 10S 3H 6H 5C JC'
    >>> first.p_hit[2]
    259/820

    :param cards: the hand.
    :param rules: a preset name or Rules.
    :param seen: cards known not to be drawable.
    :param draws: numbers of draws to give odds for.
    :param wild_rank: Indian Rummy's wild-joker rank.
    :param decks: number of decks (overrides the variant's).
    :param players: players at the table (hand size and deck count).
    :return: the rows.
    :raises ValueError: for bad draws or more copies than the deck has.
    """
    r, d = _rules_and_decks(rules, decks, players)
    size = r.hand_size_for(players if players is not None else r.min_players)
    hand = clean_cards(cards)
    seen_cards = clean_cards(seen)
    unseen = _unseen_copies(r, d, (*hand, *seen_cards))
    pool = sum(unseen.values())
    for k in draws:
        _whole("draws", k, 0, pool)
    if len(hand) > size:
        options: list[Card | None] = list(dict.fromkeys(hand))
    else:
        options = [None]
    rows: list[DrawOdds] = []
    for disc in options:
        kept = list(hand)
        if disc is not None:
            kept.remove(disc)
        kept_hand = Hand(kept)
        found = _outs_for(kept_hand, r, wild_rank, unseen)
        count = sum(found.values())
        rows.append(
            DrawOdds(
                discard=disc,
                kept=kept_hand,
                deadwood=deadwood(kept_hand, r, wild_rank=wild_rank),
                outs=found,
                out_count=count,
                unseen=pool,
                p_hit={k: p_draw_out(count, pool, k) for k in draws},
            )
        )
    rows.sort(
        key=lambda row: (
            row.deadwood,
            -row.out_count,
            -1 if row.discard is None else -r.card_value(row.discard, wild_rank),
            -1 if row.discard is None else row.discard.index,
        )
    )
    return DrawOddsTable(rows)


def expected_deadwood_after_draw(
    cards: CardsLike,
    rules: RulesLike = "gin",
    *,
    seen: CardsLike = (),
    wild_rank: int | None = None,
    decks: int | None = None,
) -> sympy.Rational:
    """Exact expected deadwood after drawing one unseen card and making the best discard.

    Every unseen physical card is equally likely (the stock and the opponents' hands are
    not told apart); after the draw the discard that leaves the least deadwood is made.

    >>> expected_deadwood_after_draw("7S 8S 9S 10S JS QS KS AH AD AC")  # gin stays gin
    0
    >>> expected_deadwood_after_draw("7S 8S 9S 10S JS QS KS AH AD 2C")  # (2*0 + 2 + 39*4)/42
    79/21

    :param cards: the hand before the draw (Gin: 10 cards).
    :param rules: a preset name or Rules.
    :param seen: cards known not to be drawable.
    :param wild_rank: Indian Rummy's wild-joker rank.
    :param decks: number of decks (overrides the variant's).
    :return: the expectation as a fraction.
    :raises ValueError: when no card is left to draw or copies exceed the deck.
    """
    r, d = _rules_and_decks(rules, decks, None)
    hand = clean_cards(cards)
    unseen = _unseen_copies(r, d, (*hand, *clean_cards(seen)))
    pool = sum(unseen.values())
    if pool == 0:
        raise ValueError("no unseen card is left to draw")
    total = 0
    for c, k in unseen.items():
        if k <= 0:
            continue
        full = [*hand, c]
        best: int | None = None
        for disc in dict.fromkeys(full):
            rest = list(full)
            rest.remove(disc)
            v = deadwood(Hand(rest), r, wild_rank=wild_rank)
            if best is None or v < best:
                best = v
        assert best is not None
        total += k * best
    return sympy.Rational(total, pool)
