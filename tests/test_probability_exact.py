"""Exact probability tests: known numbers, brute force (full and reduced decks), Monte Carlo."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rummy_lab as rl
from rummy_lab.engine.cards import SUITS, Card, make_deck, parse_cards
from rummy_lab.engine.melds import is_meld
from rummy_lab.engine.rules import Rules, get_rules
from rummy_lab.engine.solver import best_discard, best_partition, deadwood
from rummy_lab.probability import (
    complete_hand_count,
    count_hands_without,
    draw_odds_table,
    expected_deadwood_after_draw,
    formula,
    outs,
    p_complete_hand,
    p_dealt_gin,
    p_draw_out,
    p_hand_contains,
)
from rummy_lab.probability.batch import deal_deadwood

GIN = get_rules("gin")
GIN_HIGH = get_rules("gin", ace="high_or_low")
R500 = get_rules("500")
INDIAN = get_rules("indian")
BASIC = get_rules("basic")  # two decks from 5 players, duplicates allowed in sets


def c(n: int, k: int) -> int:
    return math.comb(n, k)


# --------------------------------------------------------------------------- references


def set_and_run(hand: Sequence[tuple[int, int]], rules: Rules) -> tuple[bool, bool]:
    """Naive check on (rank, suit) pairs: does a set, a run, of min_meld cards exist?"""
    m = rules.min_meld
    by_rank: dict[int, list[int]] = {}
    places: list[set[int]] = [set(), set(), set(), set()]
    for r, s in hand:
        by_rank.setdefault(r, []).append(s)
        places[s].add(r)
        if r == 1 and rules.ace_high:
            places[s].add(14)
    has_set = any(
        (len(set(suits)) if rules.set_distinct_suits else len(suits)) >= m
        for suits in by_rank.values()
    )
    has_run = any(
        all(p in held for p in range(lo, lo + m)) for held in places for lo in held
    )
    return has_set, has_run


def has_kind(hand: Sequence[tuple[int, int]], kind: str, rules: Rules) -> bool:
    has_set, has_run = set_and_run(hand, rules)
    return {"set": has_set, "run": has_run, "meld": has_set or has_run}[kind]


def physical(ranks: Sequence[int], suits: int, decks: int) -> list[tuple[int, int]]:
    return [(r, s) for _ in range(decks) for s in range(suits) for r in ranks]


# --------------------------------------------------------------------------- known numbers


def test_known_three_card_numbers() -> None:
    total = c(52, 3)
    assert p_hand_contains("set", 3) == sympy.Rational(13 * c(4, 3), total)
    assert p_hand_contains("run", 3) == sympy.Rational(4 * 11, total)
    assert p_hand_contains("run", 3, "500") == sympy.Rational(4 * 12, total)
    assert p_hand_contains("meld", 3, GIN_HIGH) == sympy.Rational(52 + 48, total)
    # two decks, 104 cards: a set needs three distinct suits in Indian Rummy ...
    total2 = c(104, 3)
    assert p_hand_contains("set", 3, "indian") == sympy.Rational(13 * c(4, 3) * 8, total2)
    # ... while duplicates count in Basic Rummy with two decks: any 3 of the rank's 8 cards
    assert p_hand_contains("set", 3, "basic", decks=2) == sympy.Rational(13 * c(8, 3), total2)
    assert p_hand_contains("run", 3, "indian") == sympy.Rational(4 * 12 * 8, total2)


def test_edges_and_types() -> None:
    for kind in ("set", "run", "meld"):
        assert p_hand_contains(kind, 0) == 0
        assert p_hand_contains(kind, 2) == 0
        assert isinstance(p_hand_contains(kind, 7), sympy.Rational)
    assert p_hand_contains("set", 27) == 1  # pigeonhole: 13 ranks x 2
    assert p_hand_contains("set", 26) < 1
    assert p_hand_contains("run", 52) == 1
    assert p_hand_contains("meld", 104, "indian") == 1


def test_monotone_in_hand_size() -> None:
    for rules in ("gin", "500", "indian"):
        for kind in ("set", "run", "meld"):
            vals = [p_hand_contains(kind, n, rules) for n in range(2, 15)]
            assert vals == sorted(vals)
            meld = p_hand_contains("meld", 10, rules)
            assert meld >= max(p_hand_contains("set", 10, rules), p_hand_contains("run", 10, rules))


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="kind"):
        p_hand_contains("pair", 3)
    with pytest.raises(ValueError, match="n must"):
        p_hand_contains("set", -1)
    with pytest.raises(ValueError, match="n must"):
        p_hand_contains("set", 105, "indian")
    with pytest.raises(ValueError, match="decks"):
        p_hand_contains("set", 3, decks=0)
    with pytest.raises(ValueError, match="players"):
        p_hand_contains("set", 3, "gin", players=5)
    with pytest.raises(ValueError, match="suits"):
        count_hands_without("set", 3, suits=5)
    with pytest.raises(ValueError, match="ranks"):
        count_hands_without("set", 3, ranks=[0, 1])


def test_decks_follow_players_and_override() -> None:
    one = p_hand_contains("meld", 7, "500")
    assert p_hand_contains("meld", 7, "500", players=4) == one
    two = p_hand_contains("meld", 7, "500", players=6)
    assert two == p_hand_contains("meld", 7, "500", decks=2) != one
    assert p_hand_contains("run", 13, "indian", decks=1) == p_hand_contains("run", 13, "500")


def test_api_access() -> None:
    assert rl.probability.p_hand_contains("set", 3) == sympy.Rational(1, 425)
    assert rl.probability.p_dealt_gin("gin") == p_dealt_gin()


# --------------------------------------------------------------------------- brute force


def _meld_triples(rules: Rules, decks: int) -> dict[tuple[Card, ...], bool]:
    deck = make_deck()
    triples = (
        itertools.combinations(deck, 3)
        if decks == 1
        else itertools.combinations_with_replacement(deck, 3)
    )
    # a card at most once per deck: three copies of a card are no hand of two decks
    return {t: is_meld(t, rules) for t in triples if max(Counter(t).values()) <= decks}


@pytest.mark.parametrize("rules", [GIN, R500], ids=["ace-low", "ace-high"])
def test_full_deck_brute_force_three_and_four(rules: Rules) -> None:
    """Every 3- and 4-card hand of the real deck, melds judged by the engine's is_meld."""
    melds = _meld_triples(rules, 1)
    deck = make_deck()
    three = sum(melds.values())
    assert p_hand_contains("meld", 3, rules) == sympy.Rational(three, c(52, 3))
    four = 0
    for hand in itertools.combinations(deck, 4):
        if any(melds[t] for t in itertools.combinations(hand, 3)):
            four += 1
    assert p_hand_contains("meld", 4, rules) == sympy.Rational(four, c(52, 4))


@pytest.mark.parametrize("name", ["indian", "500"])
def test_two_deck_brute_force_three(name: str) -> None:
    """All C(104, 3) physical triples of two decks, judged by is_meld."""
    rules = get_rules(name)
    melds = _meld_triples(rules, 2)
    count = 0
    for t, ok in melds.items():
        if ok:
            count += math.prod(c(2, k) for k in Counter(t).values())
    assert p_hand_contains("meld", 3, rules, decks=2) == sympy.Rational(count, c(104, 3))


REDUCED = [
    # (rules, ranks, suits, decks, sizes)
    (GIN, (1, 2, 3, 4, 5, 6), 4, 1, (3, 4, 5, 6)),
    (GIN, (1, 2, 3, 5, 6, 7, 8), 3, 1, (4, 6, 7)),
    (R500, (1, 2, 3, 11, 12, 13), 4, 1, (3, 5, 6)),
    (R500, (1, 2, 12, 13), 3, 2, (3, 4, 5, 6)),
    (INDIAN, (1, 2, 3, 12, 13), 3, 2, (3, 4, 5)),
    (INDIAN, (1, 2, 3, 4), 4, 2, (3, 4, 5)),
    (BASIC, (4, 5, 6, 7), 3, 2, (3, 4, 5, 6)),
]


@pytest.mark.parametrize(("rules", "ranks", "suits", "decks", "sizes"), REDUCED)
def test_reduced_deck_brute_force(
    rules: Rules, ranks: tuple[int, ...], suits: int, decks: int, sizes: tuple[int, ...]
) -> None:
    """The DP on a reduced deck against listing every hand of physical cards."""
    deck = physical(ranks, suits, decks)
    for n in sizes:
        counts = dict.fromkeys(("set", "run", "meld"), 0)
        for hand in itertools.combinations(deck, n):
            has_set, has_run = set_and_run(hand, rules)
            counts["set"] += not has_set
            counts["run"] += not has_run
            counts["meld"] += not (has_set or has_run)
        for kind, expected in counts.items():
            got = count_hands_without(kind, n, rules, decks=decks, ranks=ranks, suits=suits)
            assert got == expected, (kind, n)


def test_set_closed_form_by_hand() -> None:
    """One deck: set-free hands pick b pair ranks and n - 2b single ranks."""
    for n in range(0, 15):
        free = sum(
            c(13, b) * c(13 - b, n - 2 * b) * 6**b * 4 ** (n - 2 * b) for b in range(n // 2 + 1)
        )
        assert count_hands_without("set", n) == free


def test_monte_carlo_indian_meld() -> None:
    """Seeded sampling of 13-card Indian hands lands within 4 standard errors."""
    rng = np.random.default_rng(2024)
    deck = physical(range(1, 14), 4, 2)
    samples = 20_000
    hits = 0
    for _ in range(samples):
        pick = rng.choice(104, 13, replace=False)
        hits += has_kind([deck[i] for i in pick], "meld", INDIAN)
    p = float(p_hand_contains("meld", 13, "indian"))
    se = math.sqrt(p * (1 - p) / samples)
    assert abs(hits / samples - p) < 4 * se


# --------------------------------------------------------------------------- formulas


@pytest.mark.parametrize(
    ("kind", "rules", "decks", "closed"),
    [
        ("set", "gin", None, True),
        ("set", "indian", None, True),
        ("set", "500", 2, True),
        ("run", "gin", None, True),
        ("run", "basic", 2, True),
        ("run", "indian", 1, False),
        ("run", "500", None, False),
        ("meld", "gin", None, False),
        ("meld", "indian", None, False),
    ],
)
def test_formula_evaluates_to_value(
    kind: str, rules: str, decks: int | None, closed: bool
) -> None:
    for n in (3, 7, 10):
        f = formula(kind, n, rules, decks=decks)
        assert f.closed_form is closed
        assert f.value == p_hand_contains(kind, n, rules, decks=decks)
        assert sympy.simplify(f.expr.doit() - f.value) == 0
        assert f.latex and "\\" in f.latex
        assert f.description
        assert f._repr_latex_().startswith("$")


# --------------------------------------------------------------------------- dealt gin


def test_dealt_gin_values() -> None:
    low = p_dealt_gin()
    high = p_dealt_gin(GIN_HIGH)
    assert low == sympy.Rational(68347, 7910012110)
    assert high == sympy.Rational(3078, 304231235)
    assert low * c(52, 10) == 136694
    assert p_dealt_gin("500") == high  # only the meld rules matter
    assert high > low


@pytest.mark.parametrize(
    ("rules", "ranks", "suits", "sizes"),
    [
        (GIN, (1, 2, 3, 4, 5, 6), 4, (3, 4, 5, 6, 7)),
        (GIN, (1, 2, 3, 4, 5, 6), 3, (6, 9, 10, 12)),
        (GIN, (1, 2, 3, 5, 6, 7, 8), 3, (6, 7, 9)),
        (GIN_HIGH, (1, 2, 3, 11, 12, 13), 4, (3, 4, 6, 7)),
        (GIN_HIGH, (1, 2, 3, 4, 10, 11, 12, 13), 2, (6, 8, 9, 10)),
        (GIN_HIGH, (1, 2, 12, 13), 4, (3, 6, 7, 8)),
    ],
)
def test_complete_hands_brute_force(
    rules: Rules, ranks: tuple[int, ...], suits: int, sizes: tuple[int, ...]
) -> None:
    """The dealt-gin DP on reduced decks against listing hands with the solver."""
    deck = [Card(r, SUITS[s]) for s in range(suits) for r in ranks]
    for n in sizes:
        expected = sum(1 for h in itertools.combinations(deck, n) if deadwood(h, rules) == 0)
        assert complete_hand_count(n, rules, ranks=ranks, suits=suits) == expected, n


def test_complete_hand_small_numbers() -> None:
    assert complete_hand_count(3) == 13 * 4 + 4 * 11
    assert complete_hand_count(3, GIN_HIGH) == 13 * 4 + 4 * 12
    assert complete_hand_count(4) == 13 + 4 * 10  # four of a kind, four-card runs
    assert complete_hand_count(52) == 1
    assert complete_hand_count(1) == complete_hand_count(2) == 0
    assert p_complete_hand(3) == sympy.Rational(96, c(52, 3))


def test_dealt_gin_monte_carlo_solver() -> None:
    """Six-card hands (two melds needed), sampled and solved one by one."""
    rng = random.Random(99)
    deck = make_deck()
    for rules in (GIN, GIN_HIGH):
        p = float(p_complete_hand(6, rules))
        samples = 20_000
        hits = sum(deadwood(rng.sample(deck, 6), rules) == 0 for _ in range(samples))
        se = math.sqrt(p * (1 - p) / samples)
        assert abs(hits / samples - p) < 4 * se, (hits, p * samples)


def test_dealt_gin_monte_carlo_ten_cards() -> None:
    """Ten-card deals through the batch evaluator (itself checked against the solver)."""
    samples = 3_000_000
    for rules in (GIN, GIN_HIGH):
        p = float(p_dealt_gin(rules))
        hits = int((deal_deadwood(samples, rules=rules, seed=7) == 0).sum())
        se = math.sqrt(p * (1 - p) / samples)
        assert abs(hits / samples - p) < 4 * se, (hits, p * samples)


# --------------------------------------------------------------------------- draws


def test_p_draw_out_values() -> None:
    assert p_draw_out(4, 40, 1) == sympy.Rational(1, 10)
    assert p_draw_out(8, 31, 2) == 1 - sympy.Rational(c(23, 2), c(31, 2))
    assert p_draw_out(0, 10, 5) == 0
    assert p_draw_out(3, 10, 8) == 1
    assert p_draw_out(3, 10, 0) == 0


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 60).flatmap(lambda u: st.tuples(st.just(u), st.integers(0, u),
                                                        st.integers(0, u))))
def test_p_draw_out_matches_sequential_draws(args: tuple[int, int, int]) -> None:
    unseen, outs_, draws = args
    miss = Fraction(1)
    for i in range(draws):
        miss *= Fraction(unseen - outs_ - i, unseen - i)
    assert p_draw_out(outs_, unseen, draws) == sympy.Rational(1 - miss)


@pytest.mark.parametrize(
    ("args", "name"),
    [
        ((5, 4, 1), "outs"),
        ((-1, 4, 1), "outs"),
        ((1, 4, 5), "draws"),
        ((1, 4, -1), "draws"),
        ((1, -4, 1), "unseen"),
        ((True, 4, 1), "outs"),
        ((1, 4.0, 1), "unseen"),
    ],
)
def test_p_draw_out_rejects(args: tuple[object, object, object], name: str) -> None:
    with pytest.raises(ValueError, match=name):
        p_draw_out(*args)  # type: ignore[arg-type]


def test_outs_examples() -> None:
    assert set(outs("7S 8S")) == {Card.parse("6S"), Card.parse("9S")}
    assert set(outs("5H 5D")) == set(parse_cards("5S 5C"))
    # extending a meld counts: 4S and 8S lengthen 5-6-7S, 7H/7D/7C would not be melded
    assert set(outs("5S 6S 7S KD")) == set(parse_cards("4S 8S"))
    # gin hands have outs too: anything that extends or joins a meld
    gin = "AS 2S 3S 4H 5H 6H 7D 8D 9D KC"
    assert set(outs(gin)) == set(parse_cards("4S 3H 7H 6D 10D"))
    # ace high: K can join Q-K... only with the ace
    assert Card.parse("AS") in outs("QS KS", "500")
    assert Card.parse("AS") not in outs("QS KS", "gin")


def test_outs_counts_copies() -> None:
    assert outs("7S 8S", seen="9S") == {Card.parse("6S"): 1}
    two = outs("7S 8S 7S", "basic", decks=2)
    assert two[Card.parse("9S")] == 2 and two[Card.parse("6S")] == 2
    assert Card.parse("7S") not in two  # both copies held
    assert two[Card.parse("7H")] == 2  # duplicates allowed: 7S 7S 7H
    indian = outs("7S 7S 7H", "indian", wild_rank=2)
    assert Card.parse("7H") not in indian and Card.parse("7D") in indian
    with pytest.raises(ValueError, match="7S"):
        outs("7S 8S", seen="7S")


def test_outs_definition_property() -> None:
    """An out is melded in every best arrangement; a non-out is loose in one of them."""
    rng = random.Random(5)
    deck = make_deck()
    for rules in (GIN, R500):
        for _ in range(25):
            cards = rng.sample(deck, 10)
            hand = cards[:8]
            seen = cards[8:]
            found = outs(hand, rules, seen=seen)
            base = deadwood(hand, rules)
            for card in deck:
                if card in hand or card in seen:
                    assert card not in found
                    continue
                with_card = best_partition([*hand, card], rules)
                melded = card not in with_card.deadwood
                if card in found:
                    assert melded
                    assert with_card.deadwood_points < base + rules.card_value(card)
                    assert found[card] == 1
                else:
                    assert deadwood([*hand, card], rules) == base + rules.card_value(card)


def test_draw_odds_table_rows() -> None:
    hand = parse_cards("7S 8S 9S 5H 5D KC QC 2D 3C 4H JS")
    rows = draw_odds_table(hand, seen="2C")
    assert len(rows) == 11
    assert {r.discard for r in rows} == set(hand)
    for row in rows:
        assert row.unseen == 52 - 11 - 1
        assert row.outs == outs(row.kept, seen=(row.discard, Card.parse("2C")))
        assert row.out_count == sum(row.outs.values())
        assert row.deadwood == deadwood(row.kept)
        for k, p in row.p_hit.items():
            assert p == p_draw_out(row.out_count, row.unseen, k)
    keys = [(r.deadwood, -r.out_count) for r in rows]
    assert keys == sorted(keys)
    single = draw_odds_table(hand[:10], draws=(1, 5))
    assert len(single) == 1 and single[0].discard is None and set(single[0].p_hit) == {1, 5}
    assert "deadwood" in str(single[0])
    with pytest.raises(ValueError, match="draws"):
        draw_odds_table(hand, draws=(50,))


def test_expected_deadwood_after_draw_reference() -> None:
    rng = random.Random(11)
    deck = make_deck()
    for rules in (GIN, R500):
        for _ in range(3):
            cards = rng.sample(deck, 14)
            hand, seen = cards[:10], cards[10:]
            unseen = [x for x in deck if x not in cards]
            ref = sum(best_discard([*hand, x], rules)[1].deadwood_points for x in unseen)
            got = expected_deadwood_after_draw(hand, rules, seen=seen)
            assert got == sympy.Rational(ref, len(unseen))
    with pytest.raises(ValueError, match="no unseen"):
        expected_deadwood_after_draw(deck[:10], seen=deck[10:])


def test_outs_prefilter_never_drops_an_out(monkeypatch):
    """The quick 'could it meld?' test is only a shortcut: outs are the same without it."""
    import random as _random

    from rummy_lab.engine.cards import make_deck as _deck
    from rummy_lab.probability import exact as _exact

    rng = _random.Random(21)
    cases = []
    for rules, deck, size, wild in (
        ("gin", _deck(), 10, None),
        ("500", _deck(), 8, None),
        ("indian", _deck(2, 4), 13, 7),
    ):
        for _ in range(8):
            cases.append((rng.sample(deck, size), rules, wild))
    fast = [_exact.outs(h, r, wild_rank=w) for h, r, w in cases]
    monkeypatch.setattr(_exact, "_meld_candidates", lambda *a: (lambda c: True))
    slow = [_exact.outs(h, r, wild_rank=w) for h, r, w in cases]
    assert fast == slow


def test_natural_melds_with_printed_jokers_by_total_probability() -> None:
    from rummy_lab.probability.exact import duplicates_in_hand, p_natural_meld_with_jokers

    # brute force on every 4-card hand of a 52-card deck plus 2 jokers (316,251 hands):
    # a hand counts when its natural cards hold 3 consecutive ranks of one suit
    rules = rl.get_rules("basic", jokers=2)
    deck = [(c.rank, c.suit) for c in rl.make_deck(1, 2)]
    hits = 0
    for hand in itertools.combinations(range(len(deck)), 4):
        natural = {deck[i] for i in hand if deck[i][0]}
        hits += any((r + 1, s) in natural and (r + 2, s) in natural for r, s in natural)
    exact = p_natural_meld_with_jokers("run", 4, rules)
    assert exact == sympy.Rational(hits, math.comb(54, 4))
    assert p_natural_meld_with_jokers("run", 2, rules) == 0
    # Indian Rummy: the jokers only take places, so the chance is a little lower
    p = p_natural_meld_with_jokers("run", 13, "indian")
    assert 0.34 < float(p) < float(rl.probability.p_hand_contains("run", 13, "indian"))
    # duplicates: the expectation in closed form, P(none) against a seeded simulation
    pairs, none = duplicates_in_hand(13, "indian")
    assert math.isclose(float(pairs), 52 * 13 * 12 / (104 * 103))
    two = rl.make_deck(2, 0)
    rng = random.Random(7)
    hands = [rng.sample(two, 13) for _ in range(20_000)]
    share_none = sum(len(set(h)) == 13 for h in hands) / len(hands)
    assert abs(share_none - float(none)) < 4 * math.sqrt(0.25 / len(hands))
    assert duplicates_in_hand(13, "gin") == (0, 1)


def test_two_deck_odds_follow_from_one_deck_odds_by_distinct_cards() -> None:
    from rummy_lab.probability.exact import distinct_cards_distribution

    dist = distinct_cards_distribution(13, "indian")
    assert sum(dist.values()) == 1 and min(dist) == 7 and max(dist) == 13
    two = rl.probability.p_hand_contains("run", 13, "indian")
    weighted = sum(p * rl.probability.p_hand_contains("run", k, "indian", decks=1)
                   for k, p in dist.items())
    assert weighted == two
    assert distinct_cards_distribution(4, "gin") == {4: 1}


@pytest.mark.parametrize("kind", ["set", "run", "meld"])
def test_toy_deck_listing_matches_the_counting(kind: str) -> None:
    """Every hand of the 3-suit, 6-rank toy deck, checked card by card against the DP."""
    from rummy_lab.probability.exact import holds, toy_deck

    deck = toy_deck(6, 3)
    assert len(deck) == 18 and len(set(deck)) == 18
    for n in (3, 4, 5):
        listed = sum(not holds(h, kind) for h in itertools.combinations(deck, n))
        counted = rl.probability.count_hands_without(kind, n, ranks=range(1, 7), suits=3)
        assert listed == counted, (kind, n)


def test_outs_of_a_hand_seen_again_match_a_fresh_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand looked at again takes its outs from the memo: same answer, no solver calls,
    and the copies still unseen are counted afresh."""
    import rummy_lab.probability.exact as exact

    hand = "5H 6H JK 9S 9D 2C 3C 4C KD KH QS 8D 7S"
    first = rl.probability.outs(hand, "indian", wild_rank=7)
    calls = []
    monkeypatch.setattr(exact, "deadwood", lambda *a, **k: calls.append(a) or 0)
    again = rl.probability.outs(hand, "indian", wild_rank=7, seen="6S 6S 10S")
    assert calls == []  # no solver call
    assert set(again) <= set(first)
    assert all(again[c] == first[c] - ["6S", "6S", "10S"].count(c.code) for c in again)
    assert rl.Card.parse("6S") not in again  # both copies seen
