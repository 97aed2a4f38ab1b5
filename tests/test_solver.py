"""Solver tests: exactness against brute force, properties, rulebook cases, regressions."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummy_lab as rl
from rummy_lab.engine import bigdp, masks
from rummy_lab.engine.cards import Card, make_deck, parse_cards
from rummy_lab.engine.errors import CardError
from rummy_lab.engine.melds import classify_meld, is_meld
from rummy_lab.engine.rules import get_rules
from rummy_lab.engine.solver import (
    all_best_partitions,
    best_discard,
    best_partition,
    deadwood,
)
from rummy_lab.engine.solver import set_variants as solver_set_variants
from rummy_lab.engine.solver import suit_run_table as solver_suit_run_table

from .reference import brute_all_best, brute_best, meld_readings

GIN = get_rules("gin")
R500 = get_rules("500")
INDIAN = get_rules("indian")
BASIC_J = get_rules("basic", jokers=2)


def _check_partition(hand, p, rules, wild_rank=None):
    """Melds valid, disjoint, drawn from the hand, deadwood points consistent."""
    pool = list(hand)
    for m in p.melds:
        assert meld_readings(m.cards, rules, wild_rank), f"invalid meld {m}"
        for c in m.cards:
            pool.remove(c)
    for c in p.deadwood:
        pool.remove(c)
    assert pool == []
    assert p.deadwood_points == sum(rules.card_value(c, wild_rank) for c in p.deadwood)


@pytest.mark.parametrize(
    ("rules", "deck", "sizes"),
    [
        (GIN, make_deck(), (6, 7, 8)),
        (R500, make_deck(), (6, 7, 8)),
        (R500, make_deck(2), (6, 7, 8)),
        (BASIC_J, make_deck(1, 2), (6, 7)),
    ],
    ids=["gin", "500", "500-two-decks", "basic-jokers"],
)
def test_matches_brute_force(rules, deck, sizes):
    rng = random.Random(12345)
    for size in sizes:
        for _ in range(60):
            hand = rng.sample(deck, size)
            p = best_partition(hand, rules)
            _check_partition(hand, p, rules)
            assert (p.deadwood_points, len(p.deadwood)) == brute_best(hand, rules), hand
            assert deadwood(hand, rules) == p.deadwood_points


def test_meld_rich_hands_match_brute_force():
    """Hands drawn from a few consecutive ranks have many overlapping melds."""
    rng = random.Random(7)
    for rules in (GIN, R500):
        for _ in range(60):
            lo = rng.randint(1, 9)
            pool = [c for c in make_deck() if lo <= c.rank < lo + 4]
            hand = rng.sample(pool, 8)
            p = best_partition(hand, rules)
            _check_partition(hand, p, rules)
            assert (p.deadwood_points, len(p.deadwood)) == brute_best(hand, rules), hand


def test_indian_matches_brute_force():
    rng = random.Random(99)
    deck = make_deck(2, 4)
    for size in (6, 7, 8):
        for _ in range(40):
            hand = rng.sample(deck, size)
            wild = rng.randint(1, 13)
            p = best_partition(hand, INDIAN, wild_rank=wild)
            _check_partition(hand, p, INDIAN, wild)
            assert (p.deadwood_points, len(p.deadwood)) == brute_best(hand, INDIAN, wild), (
                hand,
                wild,
            )


def test_indian_joker_rich_hands_match_brute_force():
    rng = random.Random(5)
    deck = make_deck(2, 4)
    jokers = [c for c in deck if c.is_joker]
    naturals = [c for c in deck if not c.is_joker and 4 <= c.rank <= 9]
    for _ in range(40):
        hand = rng.sample(jokers, rng.randint(1, 3)) + rng.sample(naturals, 5)
        wild = rng.choice([5, 6, 7, 13])
        p = best_partition(hand, INDIAN, wild_rank=wild)
        _check_partition(hand, p, INDIAN, wild)
        assert (p.deadwood_points, len(p.deadwood)) == brute_best(hand, INDIAN, wild), (hand, wild)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(make_deck()), min_size=3, max_size=11, unique=True), st.randoms())
def test_deadwood_ignores_order(cards, rnd):
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert deadwood(cards) == deadwood(shuffled)
    p = best_partition(shuffled)
    _check_partition(shuffled, p, GIN)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(make_deck()), min_size=10, max_size=10, unique=True),
       st.sampled_from(make_deck()))
def test_adding_a_card_never_raises_after_discard_minimum(cards, extra):
    if extra in cards:
        return
    _, p = best_discard([*cards, extra])
    assert p.deadwood_points <= deadwood(cards)


def test_best_discard_exact_on_ties():
    # OpenSpiel's 11-card routine reports 5 on this hand; the truth is 4.
    _card, p = best_discard("5D 7H 4S 4D 6D 7C 4C 7S 5C 6H 6C")
    assert p.deadwood_points == 4
    hand = list(parse_cards("5D 7H 4S 4D 6D 7C 4C 7S 5C 6H 6C"))
    brute = min(
        brute_best([c for j, c in enumerate(hand) if j != i], GIN)[0] for i in range(11)
    )
    assert brute == 4


def test_rulebook_examples():
    assert is_meld("7S 7H 7D") and is_meld("4C 5C 6C 7C")
    assert not is_meld("KS AS 2S") and not is_meld("KS AS 2S", "500")
    assert not is_meld("QS KS AS", "gin") and is_meld("QS KS AS", "500")
    assert is_meld("AS 2S 3S", "500")
    # Indian: duplicate suits make no set; a wild card at its own place keeps a run pure.
    assert not is_meld("7S 7S 7H", "indian", wild_rank=2)
    m = classify_meld("5H 6H 7H", "indian", wild_rank=7)
    assert m is not None and m.is_pure
    m = classify_meld("5H 6H 7S", "indian", wild_rank=7)
    assert m is not None and not m.is_pure and m.kind == "run"


def test_regressions_of_other_implementations():
    # K-K-A is not a meld; 5-card run is one meld, not two overlapping 3-runs.
    assert not is_meld("KS KH AS")
    p = best_partition("3H 4H 5H 6H 7H 9C 9D 2S 8D KD")
    assert [len(m.cards) for m in p.melds] == [5]
    assert p.deadwood_points == 9 + 9 + 2 + 8 + 10
    # greedy melding fails here: taking the four 7s strands 5-6 of spades and diamonds (22)
    p = best_partition("5S 6S 7S 7H 7D 7C 5D 6D")
    assert p.deadwood_points == 11 == brute_best(parse_cards("5S 6S 7S 7H 7D 7C 5D 6D"), GIN)[0]
    assert len(all_best_partitions("5S 6S 7S 7H 7D 7C 5D 6D")) == 2  # 5S-7S or 5D-7D run


def test_two_deck_duplicate_sets_in_500():
    p = best_partition("7S 7S 7H 9C 9C 9D 2D", "500")
    assert p.deadwood_points == 2
    assert all(m.kind == "set" for m in p.melds)


def test_all_best_partitions_lists_every_tie():
    ps = all_best_partitions("5S 6S 7S 6H 6D")
    assert sorted(str(p) for p in ps) == [
        "[5S 6S 7S] deadwood 6H 6D = 12",
        "[6S 6H 6D] deadwood 5S 7S = 12",
    ]
    for p in ps:
        _check_partition(parse_cards("5S 6S 7S 6H 6D"), p, GIN)


def test_indian_tiers():
    # no pure sequence: every card counts (jokers count 0)
    hand = "5H 6H JK 9S 9D 9C 2C 4C KD KH KS QS QD"
    p = best_partition(hand, "indian", wild_rank=7)
    assert p.melds == ()
    assert p.deadwood_points == 5 + 6 + 27 + 6 + 30 + 20
    # a pure sequence but no second one: only it is excluded
    hand = "2C 3C 4C 9S 9D 9C KD KH KS QS QD 5S 8H"
    p = best_partition(hand, "indian", wild_rank=7)
    assert [str(m) for m in p.melds] == ["2C 3C 4C"]
    assert p.deadwood_points == 27 + 30 + 20 + 5 + 8


def test_bad_input():
    with pytest.raises(CardError, match="7X"):
        best_partition("7S 7X")
    with pytest.raises(ValueError, match="wild_rank"):
        best_partition("7S", "indian", wild_rank=14)
    with pytest.raises(ValueError, match="unknown rules preset"):
        best_partition("7S", "poker")


def test_cards_are_kept_as_given():
    hand = [Card.parse(c) for c in ["7S", "7S", "7H", "9C"]]
    p = best_partition(hand, "500")
    assert sorted(p.cards) == sorted(hand)


def test_fast_path_agrees_with_general_search():
    """One-deck hands take a table-driven path; the general search must agree with it."""
    from rummy_lab.engine import solver

    rng = random.Random(3)
    for rules in (GIN, R500):
        ctx = solver._ctx(rules, None)
        for size in (7, 10, 11):
            for _ in range(150):
                hand = rng.sample(make_deck(), size)
                general = solver._solve_value(hand, ctx, None)[0]
                assert masks.kernel(rules).objective(masks.cards_mask(hand)) == general
                p = best_partition(hand, rules)
                _check_partition(hand, p, rules)
                assert p.deadwood_points * solver.BIG + len(p.deadwood) == general
        for _ in range(100):
            hand = rng.sample(make_deck(), 11)
            card, p = best_discard(hand, rules)
            rest = list(hand)
            rest.remove(card)
            _check_partition(rest, p, rules)
            assert p.deadwood_points == min(
                deadwood([c for c in hand if c != d], rules) for d in hand
            )


@pytest.mark.parametrize("variant", ["indian", "500-jokers", "basic-2decks"])
def test_best_discard_matches_every_discard_solved(variant: str) -> None:
    """The general search prunes discards by a bound (a card more costs at most its own
    deadwood); its choice must be the definition's: least objective after the throw
    (deadwood points, then unmelded cards), then the higher value, then the higher index."""
    from rummy_lab.engine import solver
    from rummy_lab.engine.rules import get_rules

    if variant == "indian":
        rules, decks, jokers, size = get_rules("indian"), 2, 2, 14
    elif variant == "500-jokers":
        rules, decks, jokers, size = get_rules("500", jokers=2), 1, 2, 8
    else:
        rules, decks, jokers, size = get_rules("basic", decks=2), 2, 0, 11
    rng = random.Random(11)
    deck = make_deck(decks, jokers)
    for trial in range(120):
        # half the hands are built around runs and sets, where melded cards compete
        pool = list(deck)
        hand = []
        if trial % 2:
            suit, start = rng.choice("SHDC"), rng.randint(1, 9)
            names = {1: "A", 11: "J", 12: "Q", 13: "K"}
            hand = parse_cards(" ".join(f"{names.get(r, r)}{suit}"
                                        for r in range(start, start + 4)))
            for c in hand:
                pool.remove(c)
        hand = [*hand, *rng.sample(pool, size - len(hand))]
        wild = rng.randint(2, 13) if variant == "indian" else None
        exclude = (hand[-1],) if trial % 3 == 0 else ()
        card, p = best_discard(hand, rules, wild_rank=wild, exclude=exclude)
        _, r, ctx = solver._prepare(hand, rules, wild)
        best = None
        for c in dict.fromkeys(hand):
            if c in exclude:
                continue
            rest = list(hand)
            rest.remove(c)
            key = (solver._objective(rest, ctx, r), -r.card_value(c, wild), -c.index)
            best = key if best is None or key < best else best
        assert best is not None
        rest = list(hand)
        rest.remove(card)
        assert (solver._objective(rest, ctx, r), -r.card_value(card, wild), -card.index) == best
        assert p.deadwood_points == best[0] // solver.BIG


def test_best_discard_can_exclude_cards():
    hand = parse_cards("AS 2S 3S 4H 5H 6H 7D 7C 7H KS QD")
    card, _ = best_discard(hand)
    assert card.code in ("KS", "QD")
    other, p = best_discard(hand, exclude=[card])
    assert {card.code, other.code} == {"KS", "QD"} and p.deadwood_points == 10
    card, p = best_discard(hand, "indian", wild_rank=9, exclude=["KS", "QD"])
    assert card.code not in ("KS", "QD")
    with pytest.raises(CardError, match="may be discarded"):
        best_discard("AS", exclude="AS")


def test_large_one_deck_hands_use_the_rank_dp():
    """Hands with many four-of-a-kinds would need millions of set combinations."""
    import time

    from rummy_lab.engine import solver

    rng = random.Random(8)
    deck = make_deck()
    for size in (24, 32, 40):
        for _ in range(3):
            hand = rng.sample(deck, size)
            t = time.perf_counter()
            p = best_partition(hand)
            _check_partition(hand, p, GIN)
            assert deadwood(hand) == p.deadwood_points
            assert time.perf_counter() - t < 5
    # the DP agrees with plain enumeration where both are feasible
    ctx = solver._ctx(GIN, None)
    for _ in range(200):
        hand = rng.sample(deck, rng.randint(8, 20))
        holdings = masks.suit_masks(masks.cards_mask(hand))
        want = solver._solve_value(hand, ctx, None)[0]
        assert masks.kernel(GIN).rank_dp(holdings)[0] == want


def test_set_size_rules_are_respected():
    r4 = get_rules("gin", min_meld=4)
    p = best_partition("7S 7H 7D KC", r4)
    assert p.melds == () and p.deadwood_points == 31
    assert deadwood("7S 7H 7D 7C KC", r4) == 10
    r3 = get_rules("gin", max_set_size=3)
    p = best_partition("7S 7H 7D 7C", r3)
    assert p.deadwood_points == 7 and [len(m.cards) for m in p.melds] == [3]
    for rules in (r4, r3):
        rng = random.Random(4)
        for _ in range(30):
            hand = rng.sample(make_deck(), 7)
            assert deadwood(hand, rules) == brute_best(hand, rules)[0]


# --------------------------------------------------------------------------- issue 13


@pytest.mark.parametrize(
    ("cards", "rules", "named"),
    [
        ("JK JK JK 5H", "gin", "3 x JK"),
        ("7S 7S 7S 5H", "gin", "3 x 7S"),
        ("7S 7S 8S 9S 10S", "oklahoma", "2 x 7S"),
        ("7S 7S 7S 8D", "500", "3 x 7S"),
        ("QS KS AS JK", "basic", "JK"),
        ("JK JK JK JK JK 2C 3C", "indian", "5 x JK"),
    ],
)
@pytest.mark.parametrize("call", ["best_partition", "all_best_partitions", "deadwood",
                                  "best_discard", "is_meld"])
def test_cards_outside_the_deck_are_refused_by_name(
    cards: str, rules: str, named: str, call: str
) -> None:
    fn = getattr(rl, call) if call != "deadwood" else deadwood
    wild = 7 if rules == "indian" else None
    with pytest.raises(CardError, match=re.escape(named)):
        fn(cards, rules, wild_rank=wild)
    with pytest.raises(CardError, match=re.escape(named)):
        fn(list(parse_cards(cards)), rl.get_rules(rules), wild_rank=wild)


def test_cards_of_the_deck_still_analyse() -> None:
    assert deadwood("7S 7S 7H 8D", "500") == 8
    assert deadwood("QS KS AS JK", rl.get_rules("basic", jokers=1)) == 1  # ace low
    assert rl.best_partition("JK JK JK JK 2C 3C 5D", "indian", wild_rank=9).deadwood_points == 10


def _key(p):
    return (
        tuple(sorted((m.kind, tuple(sorted(m.cards))) for m in p.melds)),
        tuple(sorted(p.deadwood)),
    )


@pytest.mark.parametrize(
    ("rules", "deck"),
    [(GIN, make_deck()), (R500, make_deck()), (R500, make_deck(2))],
    ids=["gin", "500", "500-two-decks"],
)
def test_all_best_partitions_are_every_optimal_split(rules, deck):
    """The ties, as a set, are exactly the optimal splits a brute force enumerates."""
    rng = random.Random(21)
    for size in (5, 6, 7, 8):
        for _ in range(25):
            lo = rng.randint(1, 9)
            pool = [c for c in deck if lo <= c.rank < lo + 4]  # rich in ties
            hand = rng.sample(pool, size)
            ps = all_best_partitions(hand, rules)
            keys = [_key(p) for p in ps]
            assert len(set(keys)) == len(keys), hand
            assert set(keys) == brute_all_best(hand, rules), hand
            best = best_partition(hand, rules)
            assert _key(best) in set(keys)
            for p in ps:
                _check_partition(hand, p, rules)
                assert (p.deadwood_points, len(p.deadwood)) == (
                    best.deadwood_points, len(best.deadwood)
                )


def test_all_best_partitions_limit_and_input_forms():
    hand = parse_cards("10H 10D JH 10S QH JS QS 10C")
    every = all_best_partitions(hand)
    assert len(every) == 3
    assert all_best_partitions(hand, limit=2) == every[:2]
    for form in (list(hand), tuple(hand), " ".join(c.code for c in hand)):
        assert all_best_partitions(form) == every


BIG_500 = get_rules("500", decks=2, printed_jokers=4)
PLACE_RULES = [
    (BIG_500, make_deck(2, 4)),
    (get_rules("500"), make_deck(1, 2)),
    (get_rules("basic", jokers=2), make_deck(2, 2)),
    (get_rules("basic", jokers=2, ace="high_or_low"), make_deck(2, 2)),
    # Gin's meld rules (distinct-suit sets, aces low) on decks Gin itself never uses
    (get_rules("basic", decks=2, set_distinct_suits=True), make_deck(2)),
    (get_rules("basic", decks=2, jokers=1, set_distinct_suits=True, min_meld=4), make_deck(2, 1)),
    (get_rules("basic", decks=2, jokers=1, set_distinct_suits=True, max_set_size=3),
     make_deck(2, 1)),
    (get_rules("500", set_distinct_suits=True, max_set_size=4), make_deck(2, 2)),
    (get_rules("500", allow_all_wild=False), make_deck(1, 4)),
    (get_rules("basic", decks=4, jokers=2, set_distinct_suits=True), make_deck(4, 2)),
    (get_rules("500", max_run_length=6), make_deck(2, 1)),
]
PLACE_IDS = ["500-2d-4j", "500-1d-2j", "basic-2d", "basic-ace-high", "gin-2d", "meld-4",
             "set-3", "distinct", "no-all-wild", "gin-4d", "short-runs"]


@pytest.mark.parametrize(("rules", "deck"), PLACE_RULES, ids=PLACE_IDS)
def test_place_search_matches_brute_force(rules, deck):
    """The place-by-place search (big hands) on small hands, against the brute force."""
    from rummy_lab.engine import solver

    ctx = solver._ctx(rules, None)
    rng = random.Random(77)
    checked = 0
    for size in (4, 5, 6, 7):
        for _ in range(40):
            lo = rng.randint(1, 9)
            pool = [c for c in deck if c.is_joker or lo <= c.rank < lo + 5]
            hand = rng.sample(pool if rng.random() < 0.6 else deck, size)
            if not bigdp._dp_eligible(ctx, sum(c.is_joker for c in hand)):
                continue
            p = bigdp._dp_partition(hand, ctx, rules)
            _check_partition(hand, p, rules)
            assert (p.deadwood_points, len(p.deadwood)) == brute_best(hand, rules), hand
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(("rules", "deck"), PLACE_RULES, ids=PLACE_IDS)
def test_place_search_bounds_keep_the_optimum(rules, deck, monkeypatch):
    """The lower bounds on the places ahead never exceed what an optimum still pays there:
    asked for anything cheaper than the optimum plus one (the tightest bound), the
    pruned search still finds it, and asked for anything cheaper than the optimum it
    finds nothing. With a first pass of one state (a poor first value), the partition
    is still optimal."""
    from rummy_lab.engine import solver

    monkeypatch.setattr(bigdp, "_DP_BEAM", 1)
    ctx = solver._ctx(rules, None)
    rng = random.Random(81)
    checked = 0
    for size in (5, 6, 7, 8, 10):
        for _ in range(40):
            lo = rng.randint(1, 8)
            pool = [c for c in deck if c.is_joker or lo <= c.rank < lo + 6 or c.rank == 1]
            hand = rng.sample(pool if rng.random() < 0.7 else deck, size)
            jokers = sum(c.is_joker for c in hand)
            if not bigdp._dp_eligible(ctx, jokers):
                continue
            counts, _ = bigdp._dp_counts(hand)
            best = bigdp._dp_search(ctx, counts, jokers)[0]
            for bound, want in ((best + 1, best), (best, solver.INF)):
                rest = bigdp._dp_rest(ctx, counts, jokers, bound)
                got = bigdp._dp_search(ctx, counts, jokers, bound=bound, rest=rest)[0]
                assert got == want, (hand, bound)
            p = bigdp._dp_partition(hand, ctx, rules)
            _check_partition(hand, p, rules)
            assert p.deadwood_points * solver.BIG + len(p.deadwood) == best
            checked += 1
    assert checked > 150


@pytest.mark.parametrize(("rules", "deck"), PLACE_RULES, ids=PLACE_IDS)
def test_place_search_matches_set_search(rules, deck):
    """On mid-size hands both exact searches give the same best value."""
    from rummy_lab.engine import solver

    ctx = solver._ctx(rules, None)
    rng = random.Random(78)
    for size in (9, 12, 15):
        for _ in range(12):
            hand = rng.sample(deck, size)
            if not bigdp._dp_eligible(ctx, sum(c.is_joker for c in hand)):
                continue
            want = solver._solve_value(hand, ctx, None, want_plans=False)[0]
            assert bigdp._dp_value(hand, ctx) == want, hand
            p = bigdp._dp_partition(hand, ctx, rules)
            _check_partition(hand, p, rules)
            assert p.deadwood_points * solver.BIG + len(p.deadwood) == want


def test_big_two_deck_hands_with_jokers():
    """30-40 card Rummy 500 hands (a deep discard pick) take the place-by-place search."""
    from rummy_lab.engine import solver

    ctx = solver._ctx(BIG_500, None)
    deck = make_deck(2, 4)
    rng = random.Random(79)
    used = 0
    for size in (28, 34, 40):
        for _ in range(3):
            hand = rng.sample(deck, size)
            used += bigdp._use_dp(hand, ctx)
            p = best_partition(hand, BIG_500)
            _check_partition(hand, p, BIG_500)
            assert deadwood(hand, BIG_500) == p.deadwood_points
            assert sorted(p.cards) == sorted(hand)
    assert used >= 6
    # where the set-by-set search is still quick enough, both agree
    for _ in range(3):
        hand = rng.sample(deck, 26)
        want = solver._solve_value(hand, ctx, None, want_plans=False)[0]
        p = best_partition(hand, BIG_500)
        assert p.deadwood_points * solver.BIG + len(p.deadwood) == want


def test_place_search_spare_jokers_and_long_runs():
    """Spare jokers join a run (cut in two when full); a run never passes the ace twice."""
    from rummy_lab.engine import solver

    ctx = solver._ctx(BIG_500, None)
    full = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    for extra in ("JK", "JK JK", "AH", "AH JK JK JK"):
        hand = parse_cards(f"{full} {extra}")
        p = bigdp._dp_partition(hand, ctx, BIG_500)
        _check_partition(hand, p, BIG_500)
        assert p.deadwood == () and p.deadwood_points == 0
        assert all(len(m.cards) <= BIG_500.max_run_length for m in p.melds)
    short = get_rules("500", max_run_length=5)
    hand = parse_cards(f"{full} AH 2H 3H")
    p = bigdp._dp_partition(hand, solver._ctx(short, None), short)
    _check_partition(hand, p, short)
    assert p.deadwood == () and max(len(m.cards) for m in p.melds) <= 5
    lone = parse_cards("KS JK JK JK")  # all four melded, as a run
    p = bigdp._dp_partition(lone, ctx, BIG_500)
    _check_partition(lone, p, BIG_500)
    assert p.deadwood == ()
    no_wild = get_rules("500", allow_all_wild=False)
    p = bigdp._dp_partition(parse_cards("2S 9H JK JK"), solver._ctx(no_wild, None), no_wild)
    assert (p.deadwood_points, len(p.deadwood)) == brute_best(parse_cards("2S 9H JK JK"), no_wild)


def test_one_deck_fast_paths_agree_with_the_general_search():
    """Partitions, ties and discards of one-deck hands come from per-suit pieces; the
    general search (validated against the brute force above) must give the same."""
    from rummy_lab.engine import solver

    rng = random.Random(80)
    deck = make_deck()
    for rules in (GIN, R500, get_rules("gin", max_run_length=5)):
        ctx = solver._ctx(rules, None)
        for size in (6, 9, 10, 11, 12):
            for _ in range(40):
                if rng.random() < 0.5:
                    lo = rng.randint(1, 8)
                    hand = rng.sample([c for c in deck if lo <= c.rank < lo + 5], size)
                else:
                    hand = rng.sample(deck, size)
                general = {}
                for p in solver._partitions(parse_cards(" ".join(c.code for c in hand)),
                                            rules, ctx, None):
                    sp = solver._canonical(p, rules, ctx)
                    general.setdefault(sp._key(), sp)
                fast = all_best_partitions(hand, rules, limit=None)
                assert [p._key() for p in fast] == list(general), hand
                assert fast == list(general.values())
                best = best_partition(hand, rules)
                assert best in fast
                assert best.deadwood_points == deadwood(hand, rules)
                for form in (tuple(hand), " ".join(c.code for c in hand)):
                    assert best_partition(form, rules) == best
                    assert all_best_partitions(form, rules, limit=None) == fast
                card, p = best_discard(hand, rules)
                assert best_discard(tuple(hand), rules) == (card, p)
                assert p.deadwood_points == min(
                    deadwood([c for c in hand if c is not d], rules) for d in hand
                )


def test_solver_memo_tables_drop_out_of_the_garbage_collectors_scans() -> None:
    """The suit and merged tables the solver keeps (hundreds of thousands in a long
    session) are tuples of ints, which the cyclic collector stops tracking: as lists, a
    full collection took about a second in the middle of a budgeted evaluation."""
    import gc

    from rummy_lab.engine import solver

    rules = rl.get_rules("indian")
    rng = random.Random(5)
    deck = make_deck(decks=2, jokers=2)
    for _ in range(30):
        rl.best_partition(rng.sample(deck, 14), rules, wild_rank=rng.randint(1, 13))
    tables = [t for ctx in (solver._ctx(rules, w) for w in range(1, 14))
              for t in (*ctx.memo.values(), *ctx.merge_memo.values())]
    assert len(tables) > 100
    gc.collect()
    assert all(isinstance(t, tuple) for t in tables)
    assert not any(gc.is_tracked(t) for t in tables)


# --------------------------------------------------------------------------- the bitmask kernel


def _set_rich_hand(rng: random.Random, size: int) -> list[Card]:
    """A one-deck hand whose cards crowd a few ranks (sets, four-suit ranks, ties)."""
    lo = rng.randint(1, 9)
    pool = [c for c in make_deck() if lo <= c.rank < lo + rng.randint(3, 5)]
    return rng.sample(pool, min(size, len(pool)))


@pytest.mark.parametrize("rules_name", ["gin", "500", "basic"])
def test_kernel_against_brute_force(rules_name: str) -> None:
    """The kernel's objective, best partition, every optimal partition and best discard
    agree with exhaustive search on random and set-rich one-deck hands."""
    rules = get_rules(rules_name)
    kern = masks.kernel(rules)
    rng = random.Random(39)
    for n in range(60):
        size = rng.randint(3, 11)
        hand = _set_rich_hand(rng, size) if n % 2 else rng.sample(make_deck(), size)
        m = masks.cards_mask(hand)
        want = brute_best(hand, rules)
        assert divmod(kern.objective(m), masks.BIG) == want, hand
        p = best_partition(hand, rules)
        _check_partition(hand, p, rules)
        assert (p.deadwood_points, len(p.deadwood)) == want, hand
        keys = [(tuple(sorted((x.kind, tuple(sorted(x.cards))) for x in q.melds)),
                 tuple(sorted(q.deadwood))) for q in all_best_partitions(hand, rules)]
        assert len(keys) == len(set(keys))
        assert set(keys) == brute_all_best(hand, rules), hand
        if size >= 2:
            banned = [hand[0]] if n % 3 == 0 else []
            card, left = best_discard(hand, rules, exclude=banned)
            assert card not in banned
            options = {
                c: brute_best([x for x in hand if x != c], rules)
                for c in hand if c not in banned
            }
            best_key = min((options[c], -rules.card_value(c), -c.index) for c in options)
            assert (options[card], -rules.card_value(card), -card.index) == best_key, hand
            assert (left.deadwood_points, len(left.deadwood)) == options[card]
            _check_partition([x for x in hand if x != card], left, rules)


def test_kernel_public_api() -> None:
    hand = parse_cards("AS 2S 3S 7H 7D 7C KC")
    m = masks.cards_mask(hand)
    assert masks.mask_cards(m) == tuple(sorted(hand))
    assert masks.suit_masks(m) == (0b111, 1 << 6, 1 << 6, 1 << 6 | 1 << 12)
    assert masks.trip_ranks(*masks.suit_masks(m)) == 1 << 6
    kern = masks.kernel("gin")
    assert kern.deadwood(m) == 10
    sets, runs, dead = kern.sets_and_runs(m)
    assert sets == ((6, 0b1110),) and runs[0] == ((0, 3),) and dead == (0, 0, 0, 1 << 12)
    i, left, groups = kern.best_discard(m)
    assert masks.DECK[i].code == "KC" and groups == ((6, 0b1110),) and left == 0
    assert kern.arrangements(m) == [(masks.cards_mask(parse_cards("7H 7D 7C")),
                                     masks.cards_mask(parse_cards("AS 2S 3S")))]
    cands = kern.candidate_melds()
    assert masks.cards_mask(parse_cards("7S 7H 7D 7C")) in cands
    assert masks.run_mask(0, (0, 3)) in cands and masks.run_mask(0, (11, 3)) not in cands
    assert masks.run_mask(0, (11, 3)) in masks.kernel("500").candidate_melds()
    # every candidate is a meld, and every 3-card meld of the deck is a candidate
    for c in cands:
        assert is_meld(masks.mask_cards(c), GIN)
    assert sum(1 for c in cands if c.bit_count() == 3) == 4 * 11 + 13 * 4
    with pytest.raises(ValueError, match="no card"):
        kern.best_discard(m, banned=m)
    with pytest.raises(ValueError, match="twice"):
        masks.cards_mask(parse_cards("AS AS"))
    with pytest.raises(ValueError, match="joker"):
        masks.cards_mask(parse_cards("AS JK"))
    with pytest.raises(ValueError, match="52 bits"):
        masks.mask_cards(1 << 52)
    with pytest.raises(ValueError, match="sequences"):
        masks.kernel("indian")
    # Q-K-A is a run where the ace plays high, and only there
    qka = masks.cards_mask(parse_cards("QS KS AS"))
    assert masks.kernel("500").deadwood(qka) == 0 and kern.deadwood(qka) == 21
    # the solver re-exports the names the coach imports
    assert solver_set_variants is masks.set_variants
    assert solver_suit_run_table is masks.suit_run_table


def test_kernel_rank_dp_and_odd_set_sizes() -> None:
    """The rank DP (set-rich hands) and set sizes other than 3-4 agree with brute force."""
    rng = random.Random(7)
    for rules in (GIN, get_rules("gin", min_meld=4), get_rules("basic", max_set_size=3)):
        kern = masks.kernel(rules)
        for _ in range(40):
            hand = _set_rich_hand(rng, rng.randint(6, 12))
            holdings = masks.suit_masks(masks.cards_mask(hand))
            want = brute_best(hand, rules)
            assert divmod(kern.rank_dp(holdings)[0], masks.BIG) == want, hand
            assert divmod(kern.objective(masks.cards_mask(hand)), masks.BIG) == want, hand
            assert deadwood(hand, rules) == want[0]


def test_clear_caches_starts_cold() -> None:
    from rummy_lab.engine import solver

    hand = parse_cards("7S 7H 7D 4C 5C 6C 7C KD QH 2S")
    assert deadwood(hand) == 22
    solver.clear_caches()
    assert not solver._QUICK and masks._kernel.cache_info().currsize == 0
    assert deadwood(hand) == 22 and str(best_partition(hand)).endswith("= 22")
