"""The coach: values, reasons, exactness, review; every number checked against the engine."""

from __future__ import annotations

import importlib
import itertools
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest

import rummy_lab as rl
from rummy_lab.bots import GreedyGinBot, GreedyIndianBot, RandomBot, make_bot, play_hand
from rummy_lab.coach import (
    NOISE_Z,
    REVIEW_DEPTH,
    STAKES,
    THRESHOLDS,
    Advice,
    Review,
    evaluate,
    explain,
    label_for,
    review,
    review_values,
    thresholds,
)
from rummy_lab.coach.beliefs import danger, unseen
from rummy_lab.engine.cards import parse_cards
from rummy_lab.engine.moves import (
    Discard,
    DrawStock,
    Drop,
    Gin,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from rummy_lab.probability import outs, p_draw_out

from .helpers import play, stacked_gin

REVIEW_MODULE = importlib.import_module("rummy_lab.coach.review")  # the name is the function

# Player 1 moves first (dealer 0). Its hand melds A-2-3♠, 4-5-6♥ and 7♦ 7♣ 7♥: deadwood K♠.
KNOCKER = "AS 2S 3S 4H 5H 6H 7D 7C 7H KS"
OTHER = "8H 9D KD KC QS JS 10D 8C 5C 2C"


def end_of_stock() -> rl.Game:
    """Both players pass the upcard, then draw and throw the card drawn, until player 1
    draws the third-last card (3♣): it may knock, or throw and draw the hand."""
    used = parse_cards(f"{KNOCKER} {OTHER} 4C 3C")
    filler = [c for c in rl.make_deck() if c not in used][:28]
    top = " ".join(c.code for c in filler) + " 3C"
    g = stacked_gin(OTHER, KNOCKER, "4C", top)
    play(g, "pass_upcard", "pass_upcard")
    while len(g.state.stock) > 2:
        ev = g.play("draw_stock")
        assert ev.drawn is not None
        if len(g.state.stock) == 2:
            break
        g.play(Discard(ev.drawn))
    assert g.current_player == 1 and g.phase is rl.Phase.DISCARD
    return g


def test_a_knock_at_the_end_of_the_stock_is_valued_exactly() -> None:
    """Twelve cards are unseen (the opponent's ten and the stock's two): the coach's value
    of each knock is the average showdown over all C(12, 10) = 66 hands, recomputed here
    with the engine's own rl.gin.showdown."""
    g = end_of_stock()
    view = g.view_for(1)
    hidden = unseen(view)
    assert len(hidden) == 12
    advice = {a.move: a for a in evaluate(view)}
    finishes = [m for m in view.legal_moves if isinstance(m, Knock | Gin)]
    assert finishes
    for move in finishes:
        kept = [c for c in view.hand if c != move.card]
        total = Fraction(0)
        hands = list(itertools.combinations(hidden, 10))
        assert len(hands) == 66
        for opp in hands:
            sd = rl.gin.showdown(kept, opp, g.rules)
            total += sd.points if sd.winner == "knocker" else -sd.points
        exact = total / len(hands)
        a = advice[move]
        assert a.exact and a.samples == 0
        assert a.value == pytest.approx(float(exact), abs=1e-9)
    # a plain throw at the stock end draws the hand: exactly 0
    throw = advice[Discard("3C")]
    assert throw.value == 0.0 and throw.exact


def test_a_knocks_split_at_the_end_of_the_stock_is_exact() -> None:
    """The parts of an exact knock by how the hand ends (won, undercut; gin) are the
    points and shares of those endings over all 66 defender hands, recounted with
    rl.gin.showdown; a throw that draws the hand has every part 0."""
    from rummy_lab.coach.gin.values import GIN_SPLIT
    from rummy_lab.coach.values import ranked_values

    g = end_of_stock()
    view = g.view_for(1)
    hands = list(itertools.combinations(unseen(view), 10))
    values = {mv.move: mv for mv in ranked_values(view, None, 0)}
    names = {"knock": "your knocks", "undercut": "your knocks undercut", "gin": "your gins"}
    for move in [m for m in view.legal_moves if isinstance(m, Knock | Gin)]:
        kept = [c for c in view.hand if c != move.card]
        points = dict.fromkeys(GIN_SPLIT, Fraction(0))
        count = dict.fromkeys(GIN_SPLIT, 0)
        for opp in hands:
            sd = rl.gin.showdown(kept, opp, g.rules)
            name = names[sd.kind]
            points[name] += sd.points if sd.winner == "knocker" else -sd.points
            count[name] += 1
        d = values[move].detail
        for i, name in enumerate(GIN_SPLIT):
            assert d[f"gin_split_{i}"] == pytest.approx(float(points[name] / 66), abs=1e-9)
            assert d[f"gin_share_{i}"] == pytest.approx(count[name] / 66, abs=1e-9)
        assert sum(d[f"gin_split_{i}"] for i in range(6)) == pytest.approx(values[move].value)
    throw = values[Discard("3C")].detail
    assert all(throw[f"gin_split_{i}"] == throw[f"gin_share_{i}"] == 0 for i in range(6))
    # the exact risk says so
    knock = next(m for m in view.legal_moves if isinstance(m, Knock) and m.card is not None
                 and rl.deadwood([c for c in view.hand if c != m.card], g.rules) > 0)
    words = next(a for a in evaluate(view) if a.move == knock).reasons[2]
    assert words.endswith("risk of an undercut (the opponent ending level or lower after "
                          "lay-offs, over all 66 hands the opponent may hold)")


def _before_the_knock() -> rl.PlayerView:
    """Two greedy bots (the Gin tutorial's sample hand): the view of the player about to
    knock with 10, too early for the defender's hands to be enumerated."""
    g = rl.new_game("gin", seed=2027)
    play_hand(g, [GreedyGinBot(), GreedyGinBot()], random.Random(2027))
    at = next(i for i, m in enumerate(g.moves()) if isinstance(m, Knock))
    return list(g.replay())[at].view_for(1)


def test_a_sampled_knocks_undercut_risk_rests_on_many_hands() -> None:
    """Where the defender's hands are too many to enumerate, the risk the hint quotes is
    the share of RISK_HANDS sampled hands that undercut the knock; it agrees with an
    independent count over 4,000 hands from the belief scored by rl.gin.showdown, and
    the words say what it rests on. The bot's values (no reasons) skip it."""
    from rummy_lab.coach.beliefs import deals
    from rummy_lab.coach.gin.values import RISK_HANDS
    from rummy_lab.coach.values import ranked_values

    view = _before_the_knock()
    knocks = [m for m in view.legal_moves if isinstance(m, Knock)]
    values = {mv.move: mv for mv in ranked_values(view, None, 0)}
    plain = {mv.move: mv for mv in ranked_values(view, None, 0, split=False)}
    hands = [d.hands[0] for d in deals(view, 4000, random.Random(99))]
    for knock in knocks:
        mv = values[knock]
        assert not mv.exact and mv.detail["undercut_hands"] == RISK_HANDS == 400
        kept = [c for c in view.hand if c != knock.card]
        lost = sum(rl.gin.showdown(kept, h, view.rules).winner == "defender" for h in hands)
        p = lost / len(hands)
        se = max(p * (1 - p), 0.01) ** 0.5 * (1 / 400 + 1 / 4000) ** 0.5
        assert abs(mv.detail["undercut"] - p) < 4 * se
        words = next(a for a in evaluate(view) if a.move == knock).reasons[2]
        assert words == (f"{round(100 * mv.detail['undercut'])}% risk of an undercut (the "
                         "opponent ending level or lower after lay-offs, over 400 sampled "
                         "hands the opponent may hold)")
        assert plain[knock].value == mv.value and "undercut_hands" not in plain[knock].detail
    assert any(values[k].detail["undercut"] > 0 for k in knocks)
    # where a tie is no undercut (OpenSpiel's rules), only a lower count undercuts
    from rummy_lab.coach.reasons import _undercut_words

    assert "(the opponent ending lower after lay-offs, over 400 sampled" in _undercut_words(
        values[knocks[0]], tie_is_undercut=False)


@pytest.mark.parametrize("variant", ["gin", "basic", "500", "indian"])
def test_advice_carries_the_numbers_of_its_split(variant: str) -> None:
    """Advice.against is the move the reasons compare with (the coach's choice; for the
    choice, the next move) and Advice.parts the split of the difference, largest first,
    adding up to it; the reason "where the difference from ..." quotes those numbers."""
    checked = 0
    for v in _random_bot_positions(variant, 6):
        advice = evaluate(v)
        by_move = {a.move: a for a in advice}
        for i, a in enumerate(advice):
            assert a.against == (advice[0].move if i else advice[1].move)
            if not a.parts:
                assert not any(r.startswith("where the difference") for r in a.reasons)
                continue
            checked += 1
            diff = a.value - by_move[a.against].value
            assert sum(x for _, x in a.parts) == pytest.approx(diff, abs=1e-9)
            assert [abs(x) for _, x in a.parts] == sorted((abs(x) for _, x in a.parts),
                                                          reverse=True)
            words = next((r for r in a.reasons if r.startswith("where the difference")), "")
            if round(abs(diff), 1):
                assert words.startswith(f"where the difference from {a.against} comes from")
                first = words.split(": ", 1)[1].split(", ")[0].split(" (")[0]
                assert first.endswith(f"{a.parts[0][1]:+.1f}")  # the largest part first
    assert checked


def test_a_gin_budget_is_used_whole() -> None:
    """With a budget the bot's Gin race does not stop once the choice is settled (the
    default does): the coach's choice gets more deals than the default schedule can
    give, so its values are more precise; the choice stays the same here. ``evaluate``
    with a budget says how many deals each value rests on."""
    from rummy_lab.coach.gin.values import DEFAULT_BATCH, DEFAULT_ROUNDS
    from rummy_lab.coach.values import ranked_values

    view = _before_the_knock()
    fast = ranked_values(view, None, 0)
    deep = ranked_values(view, 0.3, 0)
    assert fast.choice.samples <= DEFAULT_BATCH * DEFAULT_ROUNDS < deep.choice.samples
    assert fast.choice.move == deep.choice.move
    advice = evaluate(view, budget=0.3)
    assert all(f"(average of {a.samples} deals)" in a.reasons[0] for a in advice
               if not a.exact)


@pytest.mark.parametrize("variant", ["indian", "500", "basic"])
def test_a_table_budget_buys_more_deals_and_smaller_errors(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Basic, Rummy 500 and Indian Rummy: with a budget the one-turn estimate runs again
    on more deals before the playouts, and a value's standard error rests on all of them
    (before, on the default four deals whatever the budget)."""
    from rummy_lab.coach import oneturn
    from rummy_lab.coach.ranking import standard_error

    g = rl.new_game(variant, seed=3)
    g.play(next(m for m in g.legal_moves() if isinstance(m, DrawStock)))
    view = g.view_for(g.current_player)
    throws = [m for m in view.legal_moves if not isinstance(m, DrawStock | Drop)]
    assert len(throws) > 2

    def per_deal(budget: float | None) -> list[int]:
        got = oneturn.table_move_values(view, throws, budget, 5)
        return [len(mv.per_deal) for mv in got]

    assert set(per_deal(None)) == {oneturn.DEFAULT_DEALS}
    deep = oneturn.table_move_values(view, throws, 4.0, 5)
    sizes = {len(mv.per_deal) for mv in deep}
    assert len(sizes) == 1
    assert 2 * oneturn.DEFAULT_DEALS <= sizes.pop() <= oneturn.DEFAULT_DEALS * oneturn.MAX_DEEP
    # the standard error is the spread over the deals over the root of their number
    for mv in deep:
        xs = mv.per_deal
        mean = sum(xs) / len(xs)
        spread = (sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)) ** 0.5
        assert standard_error(mv) == pytest.approx(spread / len(xs) ** 0.5)
    monkeypatch.setattr(oneturn, "MAX_DEEP", 1)  # as before: the default deals only
    assert set(per_deal(4.0)) == {oneturn.DEFAULT_DEALS}


def test_gin_values_split_by_how_the_hand_ends() -> None:
    """A sampled Gin value splits into the points of the hands ending each way; the
    parts add up to the value (for moves that left the race early too, measured against
    the move with every deal); every deal's ending has the sign its points must have
    (your gins and knocks won, your undercuts: positive; the others negative); the
    shares are those of the deals the move was played on; and asking for the split
    changes no value."""
    from rummy_lab.coach.gin.values import GIN_SPLIT, GinEvaluation, gin_move_values

    positive = {"your gins", "your knocks", "your undercuts"}
    early = 0
    for v in _random_bot_positions("gin", 12):
        got = gin_move_values(v, v.legal_moves, None, 4)
        plain = gin_move_values(v, v.legal_moves, None, 4, split=False)
        assert [(mv.move, mv.value, mv.samples) for mv in got] == [
            (mv.move, mv.value, mv.samples) for mv in plain]
        assert not any(k.startswith("gin_") for mv in plain for k in mv.detail)
        most = max(mv.samples for mv in got)
        for mv in got:
            d = mv.detail
            assert sum(d[f"gin_split_{i}"] for i in range(6)) == pytest.approx(mv.value)
            shares = [d[f"gin_share_{i}"] for i in range(6)]
            assert all(0 <= x <= 1 for x in shares) and sum(shares) <= 1 + 1e-9
            if mv.samples:  # the shares of the deals the move was played on
                assert all(round(x * mv.samples, 9).is_integer() for x in shares)
            early += 0 < mv.samples < most
        # the recorded endings, deal by deal
        ev = GinEvaluation(v, v.legal_moves, 4, split=True)
        sampled = [m for m in v.legal_moves if m not in ev.exact]
        ev.add(sampled, 8)
        for m in sampled:
            assert len(ev.ends[m]) == len(ev.values[m]) == 8
            for end, pts in zip(ev.ends[m], ev.values[m], strict=True):
                if end < 0:
                    assert pts == 0
                else:
                    assert (pts > 0) == (GIN_SPLIT[end] in positive) and pts != 0
            if m == sampled[0]:
                means = [sum(p for e, p in zip(ev.ends[m], ev.values[m], strict=True)
                             if e == i) / 8 for i in range(6)]
                assert sum(means) == pytest.approx(sum(ev.values[m]) / 8)
    assert early  # some moves left the race: their parts are paired, and add up too


def _split_sentences(views: list[rl.PlayerView], moves: int
                     ) -> Iterator[tuple[rl.PlayerView, Any, Any, str]]:
    """For each view, the coach's choice and the next ``moves`` moves whose split is
    worded: (view, the move's value, the choice's value, the words), the words checked to
    begin as every split does."""
    from rummy_lab.coach.reasons import split_words
    from rummy_lab.coach.values import ranked_values

    for v in views:
        values = ranked_values(v, None, 0, decide=True)  # as evaluate values them
        best = values[0]
        for mv in values[1:moves + 1]:
            words = split_words(mv, best)
            if words is not None:
                assert words.startswith(f"where the difference from {best.move} comes from: ")
                yield v, mv, best, words


def test_gin_reasons_say_where_the_difference_comes_from() -> None:
    """The Gin hint names the endings that separate a move from the coach's choice, with
    their points (largest first, adding up to the difference) and shares of the deals."""
    import re

    from rummy_lab.coach.gin.values import GIN_SPLIT
    from rummy_lab.coach.reasons import split_parts

    seen = 0
    pattern = "|".join(re.escape(n) for n in GIN_SPLIT)
    for v, mv, best, words in _split_sentences(_random_bot_positions("gin", 10), 2):
        seen += 1
        found = re.findall(rf"({pattern}) ([+-]\d+\.\d)(?: \(in (\d+)% of the deals "
                           r"against (\d+)%\))?", words)
        parts = split_parts(mv, best)
        assert parts is not None and list(parts) == list(GIN_SPLIT)
        assert sum(parts.values()) == pytest.approx(mv.value - best.value)
        nums = [float(x) for _, x, _, _ in found]
        assert nums == sorted(nums, key=abs, reverse=True)
        assert sorted(nums) == sorted(round(x, 1) for x in parts.values() if abs(x) >= 0.05)
        for name, _, a, b in found:
            i = GIN_SPLIT.index(name)
            if a:
                assert (int(a), int(b)) == (round(100 * mv.detail[f"gin_share_{i}"]),
                                            round(100 * best.detail[f"gin_share_{i}"]))
        advice = next(a for a in evaluate(v) if a.move == mv.move)
        assert words in advice.reasons
    assert seen >= 5


def test_danger_matches_every_opponent_hand() -> None:
    """At the stock end the uniform danger of each card is the share of the 66 possible
    opponent hands holding two cards that meld with it (the coach's danger comes from
    rl.inference, whose uniform model is checked here against the enumeration)."""
    g = end_of_stock()
    view = g.view_for(1)
    hands = list(itertools.combinations(unseen(view), 10))
    b = rl.inference.belief(view, model="uniform")
    for card in view.hand:
        hits = sum(
            1 for opp in hands
            if any(rl.is_meld([card, x, y], g.rules) for x, y in itertools.combinations(opp, 2))
        )
        assert b.danger(card) == pytest.approx(hits / len(hands), abs=0.03)
    assert 0.0 <= danger(view, view.hand[0]) <= 1.0


def eleven() -> tuple[rl.Game, rl.PlayerView]:
    """Player 1 holds 7-8-9♠ and loose cards and has drawn J♠ (the draw_odds_table hand)."""
    g = stacked_gin("AH 2H 3D 6D 8D 10C KH QD 9H 6C", "7S 8S 9S 5H 5D KC QC 2D 3C 4H",
                    "AD", "JS")
    play(g, "pass_upcard", "pass_upcard", "draw_stock")
    return g, g.view_for(1)


def test_a_card_thrown_off_a_long_meld_leaves_the_rest_kept() -> None:
    """Throwing the end of a four-card run keeps a three-card run: the reasons name the
    three cards kept, not the four (the thrown card is no longer held)."""
    from rummy_lab.coach.reasons import facts, one_line

    g = stacked_gin("AH 2H 3D 6D 8D 10C KH QD 9H 6C", "7S 8S 9S 10S 5D KC QC 2D 3C 4H",
                    "AD", "JS")
    play(g, "pass_upcard", "pass_upcard", "draw_stock")
    view = g.view_for(1)
    end = Discard("JS")
    f = facts(view, end)
    assert f.kept == (tuple(parse_cards("7S 8S 9S 10S")),)
    assert "keeps 7♠ 8♠ 9♠ 10♠" in one_line(view, end)
    g2 = stacked_gin("AH 2H 3D 6D 8D 10C KH QD 9H 6C", "7S 8S 9S 10S 5D KC QC 2D 3C 4H",
                     "AD", "5C")
    play(g2, "pass_upcard", "pass_upcard", "draw_stock")
    v2 = g2.view_for(1)
    f = facts(v2, Discard("10S"))
    assert f.kept == (tuple(parse_cards("7S 8S 9S")),)
    assert "keeps 7♠ 8♠ 9♠;" in one_line(v2, Discard("10S")) + ";"
    assert "10♠" not in one_line(v2, Discard("10S")).split("keeps")[1].split(";")[0]


def test_reasons_quote_outs_and_odds_from_rl_probability() -> None:
    _, view = eleven()
    a = next(a for a in evaluate(view) if a.move == Discard("QC"))
    kept = [c for c in view.hand if c.code != "QC"]
    seen = [*view.discard_pile, parse_cards("QC")[0]]
    found = outs(kept, "gin", seen=seen)
    n = sum(found.values())
    unseen = 52 - len(kept) - len(seen)
    p = p_draw_out(n, unseen, 2)
    sentence = f"{n} outs ({' '.join(c.glyph for c in list(found)[:6])}"
    text = " | ".join(a.reasons)
    assert sentence in text
    assert f"{round(100 * float(p))}% to draw one in 2 draws" in text
    assert "leaves" in text and "deadwood" in text
    assert "that the opponent can meld Q♣" in text
    line = explain(view, "discard QC")
    assert line.startswith("discard Q♣: ") and f"{n} outs" in line


def test_breaking_a_meld_is_said() -> None:
    _, view = eleven()
    a = next(a for a in evaluate(view) if a.move == Discard("8S"))
    assert any(r.startswith("breaks 7♠ 8♠ 9♠") for r in a.reasons)
    b = next(a for a in evaluate(view) if a.move == Discard("KC"))
    assert any(r.startswith("keeps 7♠ 8♠ 9♠") for r in b.reasons)


def test_advice_covers_every_legal_move_best_first() -> None:
    _, view = eleven()
    advice = evaluate(view)
    assert all(isinstance(a, Advice) for a in advice)
    assert {a.move for a in advice} == set(view.legal_moves)
    values = [a.value for a in advice]
    assert values == sorted(values, reverse=True)  # by value, always
    assert all(a.reasons and a.reasons[0].startswith("worth ") for a in advice)
    last = advice[-1].reasons[0]
    assert (f"less than {advice[0].move}" in last) == (advice[-1].rank > 1)
    assert (f"as good as {advice[0].move}" in last) == (advice[-1].rank == 1)
    # a move valued above the choice is within the noise
    for a in advice[1:]:
        if round(a.value - advice[0].value, 1) > 0:
            assert "too little to tell apart" in a.reasons[0]
    # the coach keeps the run 7-8-9♠
    assert advice[0].move not in (Discard("7S"), Discard("8S"), Discard("9S"))


def test_a_move_below_the_first_says_its_rank() -> None:
    """A rank-1 move is "as good as" the first (with the gap unless it shows as 0.0); a
    lower rank says how much less it is worth."""
    from rummy_lab.coach.reasons import reasons
    from rummy_lab.coach.values import MoveValue

    _, view = eleven()
    best = MoveValue(Discard("KC"), 2.51, samples=24)
    cases = {(2.47, 1): "as good as discard K♣ at this precision",
             (2.31, 1): "as good as discard K♣ at this precision (0.2 less, within the noise)",
             (2.31, 2): "0.2 less than discard K♣"}
    for (value, rank), words in cases.items():
        head = reasons(view, MoveValue(Discard("8S"), value, samples=24), best, rank=rank)[0]
        assert head.startswith(f"worth {value:+.1f} points over the rest of the hand")
        assert head.endswith(words), head
    assert "within the noise" not in reasons(
        view, MoveValue(Discard("8S"), 2.47, samples=24), best, rank=1)[0]


def test_same_seed_same_values() -> None:
    _, view = eleven()
    a = [(x.move, x.value) for x in evaluate(view, seed=3)]
    b = [(x.move, x.value) for x in evaluate(view, seed=3)]
    assert a == b


def test_upcard_joining_a_set_is_taken() -> None:
    g = rl.new_game("gin", hands=["AS 2H 3C 9S 10D QC KH 4D 6S JC",
                                  "7S 7H 4C 5C KD QH 2S 9H 3D 8D"], discard="7D", seed=1)
    advice = evaluate(g.view_for(1))
    assert advice[0].move == TakeUpcard()
    assert "7♦ joins 7♠ 7♥ for the meld 7♠ 7♥ 7♦" in advice[0].reasons
    assert advice[1].move == PassUpcard()


@pytest.mark.parametrize("bad", [None, "view", 3])
def test_evaluate_needs_a_view(bad: object) -> None:
    with pytest.raises(ValueError, match="PlayerView"):
        evaluate(bad)  # type: ignore[arg-type]


def test_evaluate_refuses_finished_and_waiting_views_and_bad_budgets() -> None:
    g = end_of_stock()
    with pytest.raises(ValueError, match="not player 0's"):
        evaluate(g.view_for(0))
    with pytest.raises(ValueError, match="budget"):
        evaluate(g.view_for(1), budget=-1)
    with pytest.raises(ValueError, match="budget"):
        evaluate(g.view_for(1), budget="fast")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        evaluate(g.view_for(1), seed=1.5)  # type: ignore[arg-type]
    g.play(Discard("3C"))
    assert g.is_over
    with pytest.raises(ValueError, match="over"):
        evaluate(g.view_for(1))
    with pytest.raises(ValueError, match="not a legal move"):
        explain(end_of_stock().view_for(1), DrawStock())


def test_a_budget_gives_values_too() -> None:
    _, view = eleven()
    advice = evaluate(view, budget=0.05)
    assert {a.move for a in advice} == set(view.legal_moves)


@pytest.mark.parametrize("variant", ["basic", "500", "indian"])
def test_table_variants_are_valued_with_reasons(variant: str) -> None:
    g = rl.new_game(variant, seed=4)
    rng = random.Random(0)
    bot = GreedyIndianBot(drop=False) if variant == "indian" else make_bot("greedy", g.rules)
    for _ in range(7):
        g.play(bot.choose(g.view_for(g.current_player), rng))
    view = g.view_for(g.current_player)
    advice = evaluate(view)
    assert {a.move for a in advice} == set(view.legal_moves)
    assert all(len(a.reasons) >= 1 for a in advice)
    rest = [a.value for a in advice[1:]]
    assert rest == sorted(rest, reverse=True)


def test_indian_drop_is_priced_exactly() -> None:
    g = rl.new_game("indian", seed=3)
    view = g.view_for(g.current_player)
    drop = next(a for a in evaluate(view) if str(a.move) == "drop")
    assert drop.exact and drop.value == -g.rules.first_drop
    assert "dropping costs 20 points for sure" in drop.reasons
    assert any(r.startswith("playing on") for r in drop.reasons)


def test_indian_reasons_speak_of_the_pure_sequence() -> None:
    hands = ["5H 6H 8S 9S KD KC 2C 3D 4S JK QD AH 10C",
             "2S 5S 8S JS 3H 6H 9H QH 4D 7D 10D KD 7C"]
    g = rl.new_game("indian", hands=hands, wild_card="AD", discard="7H", seed=1)
    g.play("draw_stock")
    view = g.view_for(1)
    texts = [" ".join(a.reasons) for a in evaluate(view)]
    assert any("no pure sequence yet" in t for t in texts)


def test_rummy500_deep_pick_is_described() -> None:
    hands = ["7S 8S 2H 3D 9C JC KD", "QS QH 4C 5D 6H 10C AC"]
    used = parse_cards(" ".join(hands) + " 9S 4D QD")
    stock = ["4D", "QD"] + [c for c in rl.make_deck() if c not in used]
    g = rl.new_game("500", hands=hands, discard="9S", stock=stock, dealer=1)
    play(g, "draw_stock", "discard 4D", "draw_stock", "discard QD")
    view = g.view_for(0)
    pick = next(a for a in evaluate(view) if str(a.move) == "take 3 cards from the discard pile")
    text = " ".join(pick.reasons)
    assert "takes 3 cards (9♠ 4♦ Q♦); 9♠ must be melded this turn" in text


# --------------------------------------------------------------------------- review


def played_game(seed: int = 2) -> rl.Game:
    g = rl.new_game("gin", seed=seed)
    play_hand(g, [GreedyGinBot(), RandomBot()], random.Random(seed))
    return g


def test_review_rows_follow_the_decisions() -> None:
    g = played_game()
    rv = review(g, 1)
    assert isinstance(rv, Review) and rv.player == 1
    replay = g.initial()
    expected = []
    for e in g.history:
        if e.player == 1 and len(replay.legal_moves()) > 1:
            expected.append((e.index, e.move))
        replay.play(e.move)
    assert [(r.turn, r.played) for r in rv.rows] == expected
    for r in rv.rows:
        assert r.loss >= 0
        assert r.loss == pytest.approx(max(0.0, r.best_value - r.played_value))
        assert r.label == label_for(r.loss, is_best=r.rank == 1, noise=r.noise,
                                    variant=g.rules)
        assert r.reason and str(r.played) in r.reason
        assert r.played_value <= r.best_value  # the best is the highest value
        if r.played != r.best:
            level = round(r.loss, 1) == 0
            tied = f"is as good as {r.best} at the coach's precision"
            assert (tied in r.reason) == (r.rank == 1)
            if r.rank > 1:
                assert (f"as much as {r.best} to 0.1 points" in r.reason) == level
                assert (f"{r.loss:.1f} points less than {r.best}" in r.reason) == (not level)
    assert sum(rv.counts().values()) == len(rv.rows)


def test_review_summary_and_display() -> None:
    from collections import Counter

    from rummy_lab.coach.review import COLORS

    rv = review(played_game(), 1)
    text = rv.summary()
    assert text.startswith("player 1, ") and "points lost" in text
    html = rv._repr_html_()
    assert "<table>" in html and "<svg" in html
    assert html.count("<title>") == len(rv.rows)  # a bar per decision (the legend: none)
    # each label after a swatch of its colour, the name in the text colour
    for label, count in Counter(r.label for r in rv.rows).items():
        assert html.count(f'background:{COLORS[label]}"></span>{label}</td>') == count
    assert "color:#" not in html


def test_review_of_a_running_game_and_of_a_player_without_decisions() -> None:
    g = rl.new_game("gin", seed=9)
    rv = review(g, 0)
    assert rv.rows == () and "no decision" in rv.summary()


def test_review_refuses_bad_input() -> None:
    g = played_game()
    with pytest.raises(ValueError, match="Game"):
        review(g.view_for(0), 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        review(g, 2)
    with pytest.raises(ValueError, match="budget"):
        review(g, 0, budget=-0.5)


@pytest.mark.parametrize("variant", ["gin", "basic", "500", "indian", "oklahoma",
                                     "indian-pool-101"])
@pytest.mark.parametrize(("loss_share", "label"), [
    (0.0, "good"), (THRESHOLDS["good"] - 0.001, "good"), (THRESHOLDS["good"], "inaccuracy"),
    (THRESHOLDS["inaccuracy"], "mistake"), (THRESHOLDS["mistake"], "blunder"),
])
def test_label_thresholds_scale_with_the_stake(variant: str, loss_share: float,
                                               label: str) -> None:
    stake = STAKES[rl.get_rules(variant).variant.value]
    loss = round(loss_share * stake, 3)
    assert thresholds(variant)["good"] == pytest.approx(THRESHOLDS["good"] * stake, abs=1e-3)
    assert label_for(loss, variant=variant) == label
    assert label_for(loss, is_best=True, variant=variant) == "best"
    # a loss the coach cannot tell from zero is good, whatever its size
    assert label_for(loss, noise=loss / NOISE_Z + 1, variant=variant) == "good"


def test_a_decision_weighs_what_a_random_one_loses() -> None:
    """The stake is a decision's, not a hand's: a Rummy 500 round is worth four times a
    Gin hand, yet a random decision loses less in it; a blunder loses at least that."""
    assert STAKES["basic"] < STAKES["500"] < STAKES["gin"] < STAKES["indian"]
    for variant, stake in STAKES.items():
        assert label_for(stake, variant=variant) == "blunder"
        assert label_for(stake - 0.01, variant=variant) == "mistake"
    assert label_for(3.0, variant="gin") == "mistake"
    assert label_for(3.0, variant="500") == "blunder"
    assert label_for(3.0, variant="indian") == "inaccuracy"
    assert label_for(3.0, variant="basic") == "blunder"


def test_review_bounds_and_chart_follow_the_variant() -> None:
    g = rl.new_game("500", seed=4)
    play_hand(g, [make_bot("greedy", g.rules), RandomBot()], random.Random(4))
    rv = review(g, 1)
    assert rv.bounds == thresholds("500")
    for r in rv.rows:
        assert r.label == label_for(r.loss, is_best=r.rank == 1, noise=r.noise,
                                    variant="500")


def test_hand_points_per_variant() -> None:
    from rummy_lab.coach import hand_points

    g = rl.new_game("basic", seed=1)
    play_hand(g, [make_bot("greedy", g.rules)] * 2, random.Random(1))
    res = g.result
    assert res is not None and res.winner is not None
    w, lose = res.winner, 1 - res.winner
    assert hand_points(res, w, g.rules) == res.points
    assert hand_points(res, lose, g.rules) == -res.points  # two players: the loser's hand
    g = rl.new_game("indian", seed=3)
    g.play("drop")
    assert g.result is not None
    assert hand_points(g.result, 0, g.rules) == 20 and hand_points(g.result, 1, g.rules) == -20


def test_the_play_table_shows_the_coachs_advice() -> None:
    from rummy_lab.widgets import PlayTable
    from rummy_lab.widgets._coach import shown_moves

    pt = PlayTable("gin", seed=11)
    pt.hint_toggle.value = True
    assert pt.advice is not None
    # the coach's hint, valued as the end-of-hand review will value this decision: the
    # first moves by value, and the coach's pick
    hint = rl.coach.hint(pt.game)
    assert pt.advice == shown_moves(hint, rl.coach.HINT_SHOWN)
    assert pt.choice == hint.choice
    first = pt.advice[0].move
    assert first in pt.view.legal_moves
    assert "the coach" in pt.hint_view.value
    assert pt.advice[0].reasons[0].startswith("worth ")
    # each move: its value with its interval and what it does in view, the other
    # reasons (the value's sentence included) folded under a summary that counts them
    import html

    from rummy_lab.display import glyph_text
    from rummy_lab.widgets.play import HINT_HEADLINE

    items = pt.hint_view.value.split('<div class="rl-move-card')[1:]
    assert len(items) == len(pt.advice) >= 2
    for item, a in zip(items, pt.advice, strict=True):
        text = html.unescape(item)
        head, _, rest = text.partition('<details class="rl-why">')
        assert a.shown_value() in head
        assert glyph_text("; ".join(a.reasons[1:HINT_HEADLINE])) in head
        folded = [*a.reasons[:1], *a.reasons[HINT_HEADLINE:]]
        word = "reason" if len(folded) == 1 else "reasons"
        assert rest.startswith(f"<summary>{len(folded)} more {word}</summary>")
        assert glyph_text("; ".join(folded)) in rest


@pytest.mark.parametrize(("variant", "players", "seed"), [
    ("gin", 2, 31), ("oklahoma", 2, 36), ("basic", 2, 33), ("500", 3, 34), ("indian", 2, 35),
])
def test_a_hint_followed_is_reviewed_as_best(variant: str, players: int, seed: int) -> None:
    """Seat 0 plays the coach's choice of the hint at every turn; the review of its hand
    finds each decision "best", with the hint's values and the move the hint put first."""
    g = rl.new_game(variant, players=players, seed=seed)
    others = make_bot("greedy", g.rules)
    rng = random.Random(seed)
    hinted: dict[int, Advice] = {}
    while not g.is_over and len(hinted) < 40:
        if g.current_player == 0:
            advice = rl.coach.hint(g)
            assert sorted(map(str, (a.move for a in advice))) == sorted(
                map(str, g.legal_moves()))
            assert advice.choice.rank == 1
            hinted[len(g.history)] = advice
            g.play(advice.choice.move)
        else:
            g.play(others.choose(g.view_for(g.current_player), rng))
    REVIEW_MODULE.clear_measured()  # measured afresh, not the hint's values kept
    rows = review(g, 0).rows
    assert len(rows) >= 5
    for r in rows:
        advice = hinted[r.turn]
        assert (r.label, r.played, r.best) == ("best", advice.choice.move, advice[0].move)
        assert (r.best_value, r.played_value) == (advice[0].value, advice.choice.value)


@pytest.mark.parametrize(("variant", "seed"), [("gin", 41), ("oklahoma", 42), ("500", 43)])
def test_every_move_the_hint_shows_is_reviewed_with_its_value(variant: str, seed: int) -> None:
    """Play the hint's first, second or third move (what the play table shows) at each
    of seat 0's first decisions: the review's loss is the hint's difference, exactly."""
    g = rl.new_game(variant, seed=seed)
    others = make_bot("greedy", g.rules)
    rng = random.Random(seed)
    checked = 0
    while not g.is_over and checked < 12:
        if g.current_player != 0:
            g.play(others.choose(g.view_for(g.current_player), rng))
            continue
        if len(g.legal_moves()) == 1:  # a forced move is not a decision: no review row
            g.play(g.legal_moves()[0])
            continue
        advice = rl.coach.hint(g)
        for shown in advice[:rl.coach.HINT_SHOWN]:
            played = g.copy()
            played.play(shown.move)
            REVIEW_MODULE.clear_measured()  # measured afresh, not the hint's values kept
            row = review(played, 0).rows[-1]
            assert (row.played, row.best) == (shown.move, advice[0].move)
            assert (row.played_value, row.best_value) == (shown.value, advice[0].value)
            assert row.loss == max(0.0, advice[0].value - shown.value)
            checked += 1
        g.play(advice[0].move)
    assert checked >= 12


def test_a_gin_move_completed_after_the_race_has_the_value_it_would_have_kept() -> None:
    from rummy_lab.coach.gin.values import gin_move_values

    g = rl.new_game("gin", seed=44)
    while g.phase is not rl.Phase.DISCARD:
        g.play(g.legal_moves()[0])
    view = g.view_for(g.current_player)
    moves = list(view.legal_moves)
    raced = gin_move_values(view, moves, None, 5, settle=False, depth=2)
    most = max(mv.samples for mv in raced)
    behind = [mv.move for mv in raced if not mv.exact and mv.samples < most]
    assert behind  # some moves left the race
    kept = {mv.move: mv for mv in gin_move_values(view, moves, None, 5, keep=behind[:1],
                                                  settle=False, depth=2)}
    done = {mv.move: mv for mv in gin_move_values(view, moves, None, 5,
                                                  complete=behind[:1], settle=False, depth=2)}
    move = behind[0]
    assert done[move].samples == kept[move].samples == most
    assert done[move].per_deal == kept[move].per_deal


@pytest.mark.parametrize(("variant", "seed"), [("gin", 45), ("500", 46), ("indian", 47)])
def test_a_review_after_the_hint_takes_its_values_as_measured(
    variant: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0 plays the hint's first, second or third move in turn: the review measures
    no decision again, and its rows are those of a review measured afresh."""
    g = rl.new_game(variant, seed=seed)
    others = make_bot("greedy", g.rules)
    rng = random.Random(seed)
    REVIEW_MODULE.clear_measured()
    turn = 0
    while not g.is_over:
        if g.current_player == 0 and len(g.legal_moves()) > 1:
            advice = rl.coach.hint(g)
            g.play(advice[turn % min(len(advice), rl.coach.HINT_SHOWN)].move)
            turn += 1
        else:
            g.play(others.choose(g.view_for(g.current_player), rng)
                   if g.current_player else g.legal_moves()[0])
    measured = REVIEW_MODULE.ranked_values
    calls: list[object] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[0])
        return measured(*args, **kwargs)

    monkeypatch.setattr(REVIEW_MODULE, "ranked_values", counted)
    kept = review(g, 0)
    assert len(kept.rows) == turn >= 3 and calls == []  # every decision as the hint measured it
    REVIEW_MODULE.clear_measured()
    fresh = review(g, 0)
    assert len(calls) == turn and fresh == kept


def test_kept_values_serve_only_what_they_would_compute(monkeypatch: pytest.MonkeyPatch) -> None:
    """In Gin a move played that the hint's values hold on fewer deals than the best is
    measured again (the review plays it on every deal), and gets the fresh values; a
    budget in seconds keeps nothing; at most MEASURED_KEPT decisions are kept."""
    g = rl.new_game("gin", seed=44)
    while g.phase is not rl.Phase.DISCARD:
        g.play(g.legal_moves()[0])
    view = g.view_for(g.current_player)
    REVIEW_MODULE.clear_measured()
    hinted = review_values(view, None, 9)
    most = max(mv.samples for mv in hinted if not mv.exact)
    short = next(mv.move for mv in hinted if not mv.exact and mv.samples < most)
    full = next(mv.move for mv in hinted[1:] if not mv.exact and mv.samples == most)
    measured = REVIEW_MODULE.ranked_values
    calls: list[object] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs.get("complete"))
        return measured(*args, **kwargs)

    monkeypatch.setattr(REVIEW_MODULE, "ranked_values", counted)
    assert review_values(view, None, 9, played=full) == hinted and calls == []
    again = review_values(view, None, 9, played=short)
    assert calls == [(short,)]
    REVIEW_MODULE.clear_measured()
    assert review_values(view, None, 9, played=short) == again  # as measured afresh
    assert next(mv for mv in again if mv.move == short).samples == most
    assert review_values(view, None, 9, played=short) == again and len(calls) == 2
    review_values(view, None, 9, played=None)  # kept with `short` filled: measured again
    assert len(calls) == 3
    review_values(view, 0.01, 9)
    review_values(view, 0.01, 9)
    assert len(calls) == 5  # a budget in seconds: nothing kept
    monkeypatch.setattr(REVIEW_MODULE, "ranked_values", lambda *a, **k: hinted)
    monkeypatch.setattr(REVIEW_MODULE, "MEASURED_KEPT", 2)
    for s in (1, 2, 3):
        review_values(view, None, s)
    assert [key[1] for key in REVIEW_MODULE._measured] == [2, 3]


def test_a_hint_looks_as_deep_as_a_review() -> None:
    g = rl.new_game("500", seed=36)
    view = g.view_for(g.current_player)
    quick = {a.move: a for a in evaluate(view)}
    for a in rl.coach.hint(g):
        if not a.exact:
            assert a.samples == REVIEW_DEPTH * quick[a.move].samples
    assert g.history == () and g.current_player == view.player  # the game is untouched


def test_hint_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="hint needs a Game, got PlayerView"):
        rl.coach.hint(rl.new_game("gin", seed=1).view_for(0))  # type: ignore[arg-type]
    g = played_game()
    with pytest.raises(ValueError, match="the hand is over"):
        rl.coach.hint(g)
    with pytest.raises(ValueError, match=r"seed must be an integer, got 1\.5"):
        rl.coach.hint(rl.new_game("gin", seed=1), seed=1.5)  # type: ignore[arg-type]


def test_explain_speaks_about_the_player_who_moved_when_asked() -> None:
    g = rl.new_game("gin", hands=["AS 2H 3C 9S 10D QC KH 4D 6S JC",
                                  "7S 7H 4C 5C KD QH 2S 9H 3D 8D"], discard="KS", seed=1)
    view = g.view_for(1)
    mine = rl.coach.explain(view, "pass_upcard")
    theirs = rl.coach.explain(view, "pass_upcard", voice="they")
    assert "K♠ fits no meld of yours" in mine and "K♠ fits no meld of theirs" in theirs
    _ = g.play("pass_upcard")
    _ = g.play("pass_upcard")
    _ = g.play("draw_stock")
    v = g.view_for(1)
    throw = next(m for m in v.legal_moves if isinstance(m, rl.moves.Discard))
    said = rl.coach.explain(v, throw, voice="they")
    assert "the opponent" not in said and f"that you can meld {throw.card.glyph}" in said
    with pytest.raises(ValueError, match="voice must be"):
        rl.coach.explain(v, throw, voice="we")


def test_evaluate_shows_as_a_ranking_table() -> None:
    g = rl.new_game("gin", hands=["AS 2H 3C 9S 10D QC KH 4D 6S JC",
                                  "7S 7H 4C 5C KD QH 2S 9H 3D 8D"], discard="7D", seed=1)
    advice = evaluate(g.view_for(1))
    assert isinstance(advice, list) and len(advice) == 2
    html = advice._repr_html_()
    assert html.count("<tr>") == 3 and "take the upcard" in html
    assert advice[0].shown_value() in html and "7♦ joins 7♠ 7♥" in html
    assert "± is the half-width of a 95% interval" in html and html.count("± is") == 1


def test_a_known_stock_card_is_drawn_as_known() -> None:
    """Basic Rummy's stock is the discard pile turned over unshuffled: the viewer knows the
    card it will draw, so the coach values the stock draw on that card alone."""
    from rummy_lab.coach.beliefs import belief
    from rummy_lab.coach.oneturn import DEFAULT_DEALS, DRAW_SAMPLES
    from rummy_lab.engine.moves import DRAW_STOCK

    g = rl.new_game("basic", seed=2)
    bots = [make_bot("greedy", g.rules)] * 2
    rng = random.Random(2)
    while True:
        assert not g.is_over, "the hand ended before the stock was turned over"
        p = g.current_player
        v = g.view_for(p)
        if g.phase is rl.Phase.DRAW and len(v.legal_moves) > 1:
            top = belief(v).facts.stock
            if top and top[0] is not None:
                break
        g.play(bots[p].choose(v, rng))
    draw = next(a for a in evaluate(v) if a.move == DRAW_STOCK)
    assert draw.samples == DEFAULT_DEALS < DRAW_SAMPLES
    # before the turn-over the card is unknown and sampled
    fresh = rl.new_game("basic", seed=2)
    draw = next(a for a in evaluate(fresh.view_for(fresh.current_player))
                if a.move == DRAW_STOCK)
    assert draw.samples == DRAW_SAMPLES


def test_basic_principle_throws_by_points_partners_and_danger() -> None:
    """Basic Rummy's principle throws the deadwood card with the highest score: its points
    less the weights for partners left in hand and for its danger; the score is
    recomputed here from its parts."""
    from rummy_lab.coach.principle import (
        BASIC_DISCARD_WEIGHTS,
        basic_discard_score,
        principle_move,
    )

    # player 1 (to move) holds K♠ alone, 9♦ beside 9♣, and 4♠ 5♠ next to each other
    g = rl.new_game("basic", seed=3, discard="2C",
                    hands=["AS 2S 3S 4H 5H 6H 7C 8C 9H 10H", "KS QH 9D 9C 4S 5S AH 7D 3C JD"])
    g.play("draw_stock")
    v = g.view_for(1)
    w = BASIC_DISCARD_WEIGHTS
    for c in v.hand:
        rest = [o for o in v.hand if o is not c]
        want = (v.rules.card_value(c)
                - w["partner_rank"] * sum(o.rank == c.rank for o in rest)
                - w["partner_next"] * sum(o.suit is c.suit and abs(o.rank - c.rank) == 1
                                          for o in rest)
                - w["partner_gap"] * sum(o.suit is c.suit and abs(o.rank - c.rank) == 2
                                         for o in rest)
                - w["danger"] * danger(v, c))
        assert basic_discard_score(v, c) == pytest.approx(want)
    move = principle_move(v)
    assert isinstance(move, Discard)
    deadwood = rl.best_partition(list(v.hand), v.rules).deadwood
    best = max(deadwood, key=lambda c: (round(basic_discard_score(v, c), 6),
                                        v.rules.card_value(c), c.index))
    assert move.card == best
    # the lone K♠ goes; the 9♦, one point lower but beside the 9♣, is kept for a set
    nine, king = parse_cards("9D KS")
    assert move.card == king
    assert basic_discard_score(v, nine) <= 9 - w["partner_rank"]


def test_basic_throws_are_valued_by_the_throw_score() -> None:
    """In Basic Rummy every throw is valued at the principle's throw plus the slope of
    the view's cell (BASIC_THROW_POINT) times the difference of their throw scores, on
    each deal alike."""
    from rummy_lab.coach.oneturn import BASIC_THROW_POINT, basic_throw_cell
    from rummy_lab.coach.principle import basic_discard_score, principle_move
    from rummy_lab.coach.values import ranked_values

    g = rl.new_game("basic", seed=3, discard="2C",
                    hands=["AS 2S 3S 4H 5H 6H 7C 8C 9H 10H", "KS QH 9D 9C 4S 5S AH 7D 3C JD"])
    g.play("draw_stock")
    v = g.view_for(1)
    values = ranked_values(v, None, 0)
    throws = {mv.move.card: mv for mv in values if isinstance(mv.move, Discard)}
    top = principle_move(v)
    assert isinstance(top, Discard) and values[0].move == top
    anchor = throws[top.card]
    assert len(throws) == len(v.hand) > 2
    slope = BASIC_THROW_POINT[basic_throw_cell(v)]
    for card, mv in throws.items():
        gap = slope * (basic_discard_score(v, card) - basic_discard_score(v, top.card))
        assert mv.value == pytest.approx(anchor.value + gap)
        assert gap <= 0 and anchor.noise_against(mv) == pytest.approx(0.0, abs=1e-9)
    # throwing the 9♦ beside the 9♣ rather than the lone K♠ is at least an inaccuracy in
    # a review, even this early (a throw counts least while every opponent holds many)
    nine = parse_cards("9D")[0]
    assert anchor.value - throws[nine].value >= thresholds("basic")["good"]


def test_basic_throw_cell_reads_the_nearest_opponent_and_the_hand() -> None:
    """The cell of BASIC_THROW_POINT: whether the nearest opponent holds two cards or
    fewer, three or four, or more, and whether the hand holds at most 5, 6 or 7, or 8
    cards or more."""
    from dataclasses import replace

    from rummy_lab.coach.oneturn import BASIC_THROW_CELLS, basic_throw_cell

    g = rl.new_game("basic", seed=3, discard="2C",
                    hands=["AS 2S 3S 4H 5H 6H 7C 8C 9H 10H", "KS QH 9D 9C 4S 5S AH 7D 3C JD"])
    g.play("draw_stock")
    v = g.view_for(1)
    assert len(v.hand) == 11 and v.hand_sizes == (10, 11)
    assert len(BASIC_THROW_CELLS) == 9
    assert BASIC_THROW_CELLS[basic_throw_cell(v)] == (
        "every opponent holds 5 cards or more, hand of 8 or more")
    assert basic_throw_cell(replace(v, hand_sizes=(2, 11))) == 2
    assert basic_throw_cell(replace(v, hand=v.hand[:6], hand_sizes=(1, 6))) == 1
    assert basic_throw_cell(replace(v, hand=v.hand[:5], hand_sizes=(2, 5))) == 0
    assert basic_throw_cell(replace(v, hand=v.hand[:5], hand_sizes=(3, 5))) == 3
    assert basic_throw_cell(replace(v, hand=v.hand[:7], hand_sizes=(4, 7))) == 4
    assert basic_throw_cell(replace(v, hand_sizes=(4, 11))) == 5
    assert basic_throw_cell(replace(v, hand=v.hand[:5], hand_sizes=(5, 5))) == 6
    assert basic_throw_cell(replace(v, hand=v.hand[:6], hand_sizes=(9, 6))) == 7
    # more players: the nearest opponent counts, never the viewer itself
    assert basic_throw_cell(replace(v, hand_sizes=(7, 11, 2))) == 2
    assert basic_throw_cell(replace(v, hand=v.hand[:2], hand_sizes=(7, 2, 4))) == 3


def test_basic_throws_count_more_when_an_opponent_is_about_to_go_out() -> None:
    """At a real position of greedy play where the opponent holds two cards, the throws
    are spread by the slope of that cell, steeper than with every opponent holding five
    cards or more for the same hand size."""
    from rummy_lab.coach.oneturn import BASIC_THROW_POINT, basic_throw_cell
    from rummy_lab.coach.principle import basic_discard_score, basic_throw
    from rummy_lab.coach.values import ranked_values

    found = None
    for seed in range(200):
        g = rl.new_game("basic", seed=seed)
        bots = [make_bot("greedy", g.rules), make_bot("greedy", g.rules)]
        rng = random.Random(seed)
        while not g.is_over and found is None:
            p = g.current_player
            v = g.view_for(p)
            throws = [m for m in v.legal_moves if isinstance(m, Discard)]
            if (len(throws) > 2 and min(n for q, n in enumerate(v.hand_sizes) if q != p) <= 2
                    and len(v.hand) >= 6):
                found = v
            g.play(bots[p].choose(v, rng))
        if found is not None:
            break
    assert found is not None
    cell = basic_throw_cell(found)
    assert cell in (1, 2) and BASIC_THROW_POINT[cell] > BASIC_THROW_POINT[cell + 6]
    values = ranked_values(found, None, 0)
    throws = {mv.move.card: mv for mv in values if isinstance(mv.move, Discard)}
    score = {card: basic_discard_score(found, card) for card in throws}
    top = basic_throw(found, score)  # the throw every other is valued against
    dead = rl.best_partition(list(found.hand), found.rules).deadwood
    for card, mv in throws.items():
        gap = BASIC_THROW_POINT[cell] * (score[card] - score[top])
        if card not in dead and top in dead:
            gap = min(gap, 0.0)
        assert mv.value == pytest.approx(throws[top].value + gap)


def test_indian_fast_policy_declares_exactly_when_the_engine_allows_it() -> None:
    """The playout policy declares with its best throw when that throw leaves every card
    in melds; the engine lists a valid declaration at exactly those positions."""
    from rummy_lab.coach.policy import policy_move
    from rummy_lab.engine.moves import Declare
    from rummy_lab.engine.state import Phase
    from rummy_lab.engine.variants import engine_for
    from rummy_lab.engine.variants.indian import has_pure_sequence

    checked = declared = 0
    for seed in range(12):
        g = rl.new_game("indian", players=2 + seed % 3, seed=seed)
        play_hand(g, [rl.bots.make_bot("greedy", g.rules)] * g.players, random.Random(seed))
        engine = engine_for(g.rules)
        for step in g.replay():
            st = step.state
            if st.result is not None or st.phase is not Phase.DISCARD:
                continue
            if not has_pure_sequence(st.hands[st.current]):
                continue
            legal = engine.legal_moves(st)
            valid = [m for m in legal if isinstance(m, Declare)]
            move = policy_move(engine, st.copy())
            assert isinstance(move, Declare) == bool(valid)
            assert move in legal
            checked += 1
            declared += bool(valid)
    assert checked > 80 and declared >= 5


def test_held_melds_and_lay_offs_are_valued_by_the_risk_of_holding_them() -> None:
    """The one-turn estimate counts a player's melds in hand and cards that fit the table
    as going down at its next turn, unless the player about to move goes out first (the
    chance :data:`GO_OUT` gives by its deadwood cards): Rummy 500 scores them at
    ``1 - 2q`` of their points (the parts weighted by :data:`R500_WEIGHTS`), Basic Rummy
    charges ``q`` times their points."""
    from rummy_lab.coach.leaf import (
        GO_OUT,
        R500_NEAR,
        R500_WEIGHTS,
        hand_summary,
        leaf_estimate,
        r500_deadwood_weight,
    )
    from rummy_lab.engine.rules import Variant
    from rummy_lab.engine.state import TableMeld

    r500 = rl.get_rules("500")
    table = (TableMeld(1, tuple(parse_cards("9H 10H JH")), "run", (1, 1, 1)),)
    # a run held, 8♥ fits the table's run, K♣ and 4♦ are deadwood
    summ = hand_summary(parse_cards("2S 3S 4S 8H KC 4D"), table, r500, None)
    assert summ == (2, 10 + 4, 2 + 3 + 4, 8)
    g = rl.new_game("500", seed=1)
    st = g.state.copy()
    st.table = list(table)
    opp = (1, 5, 0, 0)
    for mover, q in ((1, GO_OUT[Variant.RUMMY500][1]), (0, 0.0)):
        st.current = mover
        got = leaf_estimate({0: summ, 1: opp}, st, 0)
        laid = 0 - (9 + 10 + 10)  # 9♥ 10♥ J♥ on their side
        held = (1 - 2 * q) * (9 + 8) - 0
        dead = 14 - 5
        w = R500_WEIGHTS
        assert got == pytest.approx(w["table"] * laid + w["held"] * held
                                    + r500_deadwood_weight(len(st.stock)) * dead)
        # the same hands with the opponent holding R500_NEAR cards: near going out, melds
        # held and deadwood weigh by the near entries too
        near = st.copy()
        near.hands[1] = near.hands[1][:R500_NEAR]
        got = leaf_estimate({0: summ, 1: opp}, near, 0)
        assert got == pytest.approx(
            w["table"] * laid + (w["held"] + w["held near"]) * held
            + (r500_deadwood_weight(len(st.stock)) + w["deadwood near"]) * dead)
        near.hands[1] = st.hands[1][:R500_NEAR + 1]  # one card more: not near
        assert leaf_estimate({0: summ, 1: opp}, near, 0) == pytest.approx(
            leaf_estimate({0: summ, 1: opp}, st, 0))
    assert 0 < GO_OUT[Variant.RUMMY500][1] < 1
    # near going out, a meld held is worth less and a deadwood point late about nothing
    assert w["held near"] < 0 and w["deadwood near"] < 0

    basic = rl.get_rules("basic")
    gb = rl.new_game("basic", seed=1)
    sb = gb.state.copy()
    sb.current = 1
    held = hand_summary(parse_cards("2S 3S 4S KC 4D"), (), basic, None)
    bare = (held[0], held[1], 0, 0)
    with_melds = leaf_estimate({0: held, 1: (3, 20, 0, 0)}, sb, 0)
    without = leaf_estimate({0: bare, 1: (3, 20, 0, 0)}, sb, 0)
    assert without - with_melds == pytest.approx(GO_OUT[Variant.BASIC][3] * 9)
    sb.current = 0  # the viewer moves first: it lays them down before anyone goes out
    assert leaf_estimate({0: held, 1: (3, 20, 0, 0)}, sb, 0) == pytest.approx(
        leaf_estimate({0: bare, 1: (3, 20, 0, 0)}, sb, 0))


def test_rummy500_draws_are_valued_with_the_draw_weights() -> None:
    """A Rummy 500 draw (the stock, the top card, a deep pick) is valued by the estimate
    with :data:`R500_DRAW_WEIGHTS`, every other move with :data:`R500_WEIGHTS`: each value
    is the mean over the coach's deals of the estimate after the turn less the throw's
    danger, with that move's weights."""
    from rummy_lab.coach.beliefs import deals, state_for
    from rummy_lab.coach.leaf import R500_DRAW_WEIGHTS, R500_WEIGHTS, leaf_value, r500_weights
    from rummy_lab.coach.oneturn import DEFAULT_DEALS, _danger_cost, table_move_values, turn_ends
    from rummy_lab.engine.variants import engine_for

    assert r500_weights(rl.moves.DrawStock()) is R500_DRAW_WEIGHTS
    assert r500_weights(rl.moves.DrawDiscard(3)) is R500_DRAW_WEIGHTS
    assert r500_weights(rl.moves.Discard(parse_cards("KS")[0])) is R500_WEIGHTS
    assert R500_DRAW_WEIGHTS != R500_WEIGHTS
    checked = set()
    for seed in range(30):
        g = rl.new_game("500", seed=seed)
        bots = [make_bot("greedy", g.rules) for _ in range(2)]
        rng = random.Random(seed)
        while not g.is_over and len(checked) < 2:
            p = g.current_player
            v = g.view_for(p)
            picks = [m for m in v.legal_moves if isinstance(m, rl.moves.DrawDiscard)
                     and m.depth > 1]
            phase = g.phase
            if p == 0 and (picks or phase is rl.Phase.DISCARD) and phase not in checked:
                moves = ([*picks[:1], rl.moves.DrawStock()] if phase is rl.Phase.DRAW
                         else [m for m in v.legal_moves if isinstance(m, rl.moves.Discard)][:2])
                got = table_move_values(v, moves, None, 5)
                states = [state_for(v, d) for d in deals(
                    v, DEFAULT_DEALS, random.Random("rummy_lab coach table 5"))]
                engine = engine_for(v.rules)
                for mv in got:
                    w = R500_DRAW_WEIGHTS if phase is rl.Phase.DRAW else R500_WEIGHTS
                    want = [leaf_value(st, 0, weights=w) - _danger_cost(v, st, 0, {}, weights=w)
                            for st in turn_ends(v, engine, states, mv.move)]
                    assert mv.value == pytest.approx(sum(want) / len(want))
                checked.add(phase)
            g.play(bots[p].choose(v, rng))
        if len(checked) == 2:
            return
    pytest.fail(f"no Rummy 500 deep pick and discard found (checked {checked})")


def test_rummy500_danger_of_a_card_that_fits_the_table_is_its_own_points() -> None:
    """A Rummy 500 throw that fits a table meld gives the next player its points (they lay
    it off); any other throw about three times its points (a meld of their own), each
    scaled by the fitted danger weight."""
    from rummy_lab.coach.beliefs import state_for
    from rummy_lab.coach.leaf import R500_WEIGHTS
    from rummy_lab.coach.oneturn import _danger_cost
    from rummy_lab.engine.variants.tabled import extend_meld

    rng = random.Random(3)
    for seed in range(40):
        g = rl.new_game("500", seed=seed)
        bots = [make_bot("greedy", g.rules) for _ in range(2)]
        while not g.is_over:
            p = g.current_player
            v = g.view_for(p)
            if p == 0 and g.phase is rl.Phase.DISCARD and g.state.table:
                fits = [c for c in v.hand if any(
                    extend_meld(tm, (c,), 1, g.rules) is not None for tm in g.state.table)]
                # a card that does not fit, which the next player may meld
                other = [c for c in v.hand if c not in fits and danger(v, c, 1) > 0]
                if fits and other:
                    break
            g.play(bots[p].choose(v, rng))
        else:
            continue
        st = state_for(v, rl.coach.beliefs.deals(v, 1, random.Random(0))[0])
        st.current = 1
        st.phase = rl.Phase.DRAW
        for card, times in ((fits[0], 1), (other[0], 3)):
            st.discard = [*v.discard_pile, card]
            risk = danger(v, card, 1)
            want = R500_WEIGHTS["danger"] * risk * times * g.rules.card_value(card)
            assert want > 0
            assert _danger_cost(v, st, 0, {}) == pytest.approx(want)
        return
    pytest.fail("no Rummy 500 position with a card that fits the table")



def knock_look_setup() -> tuple[Any, Discard, Knock]:
    """Early in a hand player 1 may knock with K♠ (deadwood 10 after the throw) or throw
    it and wait for gin: a GinEvaluation of just those two moves, no deals played yet."""
    from rummy_lab.coach.gin.values import GinEvaluation

    g = stacked_gin(OTHER, KNOCKER, "4C", "3C")
    play(g, "pass_upcard", "pass_upcard", "draw_stock")
    view = g.view_for(1)
    wait, knock = Discard("KS"), Knock("KS")
    assert {wait, knock} <= set(view.legal_moves)
    ev = GinEvaluation(view, [wait, knock], seed=0)
    assert knock not in ev.exact  # early: the defender's hands are too many to enumerate
    return ev, wait, knock


def feed(ev: Any, wait: Discard, knock: Knock, leads: list[float], later: float,
         calls: list[list[Any]]) -> None:
    """Give the two moves deals on which the knock leads by ``leads``, and make every
    further batch one where it leads by exactly ``later``."""
    ev.values[wait] = [10.0 * (i % 3) for i in range(len(leads))]
    ev.values[knock] = [w + d for w, d in zip(ev.values[wait], leads, strict=True)]

    def add(moves: list[Any], k: int) -> None:
        calls.append(list(moves))
        for i in range(k):
            ev.values[wait].append(10.0 * (i % 3))
            ev.values[knock].append(10.0 * (i % 3) + later)

    ev.add = add


@pytest.mark.parametrize(
    ("leads", "later", "batches"),
    [
        # +2 on 16 deals, SE 2.07: not clear (2 < 2 x 2.07 + 1); with 8 and 16 more deals
        # at +6 it is 4.00 against 2 x 1.08 + 1 = 3.16: two batches
        ([10.0, -6.0] * 8, 6.0, 2),
        # the same lead, and the further deals have it 3 behind: -0.50 after two batches
        ([10.0, -6.0] * 8, -3.0, 2),
        ([5.0, -7.0] * 8, 6.0, 0),  # behind (-1): declined at once
        ([5.0, 5.5] * 8, -3.0, 0),  # clearly ahead already (5.25, SE 0.07)
    ],
)
def test_a_knock_leading_within_the_noise_gets_a_second_look(
    leads: list[float], later: float, batches: int
) -> None:
    """The coach keeps waiting for gin unless a knock beats it by CHOICE_Z standard
    errors plus CHOICE_MARGIN; a knock that leads but not yet by that much gets more
    deals (both moves, the same deals) until the lead is clear or gone."""
    from rummy_lab.coach.gin import values as gc
    from rummy_lab.coach.principle import CHOICE_MARGIN, CHOICE_Z

    assert (CHOICE_Z, CHOICE_MARGIN) == (2.0, 1.0)  # the arithmetic above
    ev, wait, knock = knock_look_setup()
    calls: list[list[Any]] = []
    feed(ev, wait, knock, leads, later, calls)
    gc._knock_look(ev, [wait])
    assert calls == [[wait, knock]] * batches
    assert len(ev.values[wait]) == len(ev.values[knock]) == 16 + 8 * batches


def test_the_second_look_is_bounded_and_skips_a_knock_out_of_the_race() -> None:
    from rummy_lab.coach.gin import values as gc

    ev, wait, knock = knock_look_setup()
    calls: list[list[Any]] = []
    # every further deal alike at +0.5: the lead shrinks toward 0.5, never clear
    feed(ev, wait, knock, [10.0, -6.0] * 8, 0.5, calls)
    gc._knock_look(ev, [wait])
    assert len(calls) == gc.KNOCK_ROUNDS
    # a knock with fewer deals than the move kept (it left the race) is not looked at
    calls.clear()
    feed(ev, wait, knock, [10.0, -6.0] * 8, 6.0, calls)
    ev.values[knock] = ev.values[knock][:8]
    gc._knock_look(ev, [wait])
    assert calls == []


def test_the_bot_and_the_hint_take_the_second_look_and_a_review_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The look runs with ``settle`` (the bot) at the default budget only: a review and
    the hint (which values a decision as the review will) measure every move with the
    whole schedule."""
    from rummy_lab.coach.gin import values as gc

    seen: list[int] = []
    real = gc._knock_look

    def spy(ev: Any, keep: Any) -> None:
        seen.append(1)
        real(ev, keep)

    ev, wait, knock = knock_look_setup()
    view = ev.setup.view
    monkeypatch.setattr(gc, "_knock_look", spy)
    gc.gin_move_values(view, [wait, knock], None, 0, keep=[wait])
    assert seen == [1]
    gc.gin_move_values(view, [wait, knock], None, 0, keep=[wait], settle=False)
    gc.gin_move_values(view, [wait, knock], 0.05, 0, keep=[wait])
    assert seen == [1]


def _random_bot_positions(variant: str, count: int,
                          wanted: Callable[[rl.PlayerView], bool] | None = None,
                          ) -> list[rl.PlayerView]:
    """Views of a random bot's decisions (against the greedy bot) in ``variant``: those
    with more than one legal move, or those ``wanted`` accepts."""
    out: list[rl.PlayerView] = []
    for seed in range(30):
        g = rl.new_game(variant, seed=6000 + seed, dealer=seed % 2)
        bots = [RandomBot(), make_bot("greedy", g.rules)]
        rng = random.Random(seed)
        while not g.is_over and len(out) < count:
            p = g.current_player
            v = g.view_for(p)
            if p == 0 and (wanted(v) if wanted else len(v.legal_moves) > 1):
                out.append(v)
            g.play(bots[p].choose(v, rng))
        if len(out) >= count:
            break
    return out


def _r500_positions(count: int) -> list[rl.PlayerView]:
    """Views of a random bot's Rummy 500 decisions (against the greedy bot)."""
    return _random_bot_positions("500", count)


def test_rummy500_values_split_into_the_estimate_parts() -> None:
    """A Rummy 500 move's one-turn value is the sum of the estimate's weighted parts (the
    table, melds in hand, deadwood, less the throw's danger), each the mean over the deals
    of the part after the turn; the deadwood part is its weight times the points."""
    from rummy_lab.coach.beliefs import deals, state_for
    from rummy_lab.coach.leaf import (
        R500_NEAR,
        r500_deadwood_weight,
        r500_parts,
        r500_weights,
        summaries,
    )
    from rummy_lab.coach.oneturn import (
        DEFAULT_DEALS,
        R500_SPLIT,
        _danger_cost,
        table_move_values,
        turn_ends,
    )
    from rummy_lab.engine.variants import engine_for

    views = _r500_positions(12)
    assert any(v.phase is rl.Phase.DRAW for v in views)
    assert any(v.phase is not rl.Phase.DRAW for v in views)
    for v in views:
        got = table_move_values(v, v.legal_moves, None, 5)
        states = [state_for(v, d) for d in deals(
            v, DEFAULT_DEALS, random.Random("rummy_lab coach table 5"))]
        for mv in got[:6]:
            ends = list(turn_ends(v, engine_for(v.rules), states, mv.move))
            if any(st.result is not None for st in ends):
                assert not any(k in mv.detail for k in R500_SPLIT)
                continue
            d = mv.detail
            assert sum(d[k] for k in R500_SPLIT[:4]) == pytest.approx(mv.value, abs=1e-9)
            w = r500_weights(mv.move)
            parts = [r500_parts(summaries(st, None), st, 0) for st in ends]
            n = len(ends)
            # an opponent near going out: its hand size does not change in the viewer's turn
            near = min(v.hand_sizes[1:]) <= R500_NEAR
            assert d["r500_near"] == float(near)
            wh = w["held"] + (w.get("held near", 0.0) if near else 0.0)
            assert d["r500_held_weight"] == pytest.approx(wh)
            assert d["r500_table"] == pytest.approx(w["table"] * sum(p[0] for p in parts) / n)
            assert d["r500_held"] == pytest.approx(wh * sum(p[1] for p in parts) / n)
            assert d["r500_held"] == pytest.approx(wh * d["r500_held_points"])
            wd = r500_deadwood_weight(len(ends[0].stock), w) + (
                w.get("deadwood near", 0.0) if near else 0.0)
            assert d["r500_deadwood_weight"] == pytest.approx(wd)
            assert d["r500_deadwood"] == pytest.approx(wd * d["r500_deadwood_points"])
            assert d["r500_danger"] == pytest.approx(
                -sum(_danger_cost(v, st, 0, {}, weights=w) for st in ends) / n)


def test_rummy500_reasons_say_where_the_difference_comes_from() -> None:
    """The hint and the review say which parts of the estimate separate a move from the
    coach's choice, with their points; the parts shown add up to the difference (to the
    rounding of the parts left out, each under 0.05)."""
    import re

    from rummy_lab.coach.leaf import R500_NEAR
    from rummy_lab.coach.oneturn import R500_SPLIT
    from rummy_lab.coach.reasons import split_words

    seen = near_seen = 0
    for v, mv, best, words in _split_sentences(_r500_positions(16), 3):
        seen += 1
        nums = [float(x) for x in re.findall(r"(?:table|hand|kept|throw|after it) "
                                             r"([+-]\d+\.\d)",
                                             words)]
        diffs = [mv.detail[k] - best.detail[k] for k in R500_SPLIT[:4]]
        assert sorted(nums, key=abs, reverse=True) == nums  # the largest first
        assert sorted(nums) == sorted(round(d, 1) for d in diffs if abs(d) >= 0.05)
        assert nums and sum(nums) == pytest.approx(mv.value - best.value, abs=0.05 * 4 + 0.05)
        kept = mv.detail["r500_deadwood_points"] - best.detail["r500_deadwood_points"]
        if round(kept) and "deadwood kept" in words:
            n = round(abs(kept))
            assert (f"{n} point{'' if n == 1 else 's'} "
                    f"{'more' if kept > 0 else 'fewer'} kept") in words
        risk = mv.detail["r500_danger"] - best.detail["r500_danger"]
        if abs(risk) >= 0.05:
            after = " after it" if v.phase is rl.Phase.DRAW else ""
            assert (f"{'a safer' if risk > 0 else 'a riskier'} throw{after} "
                    f"{risk:+.1f}") in words
        # the hint says it too (why a kept point counts: once, for the choice)
        advice = next(a for a in evaluate(v) if a.move == mv.move)
        assert split_words(mv, best, explain=False) in advice.reasons
        w = mv.detail["r500_deadwood_weight"]
        dead_words = words.split("deadwood kept", 1)[-1].split(")", 1)[0]
        assert ("melded later" in words) == ("a point with" in dead_words and w > 0)
        # with an opponent near going out, the held part and the deadwood weight say so
        near = mv.detail["r500_near"] and best.detail["r500_near"]
        held = mv.detail["r500_held_points"] - best.detail["r500_held_points"]
        said = f"a point with an opponent holding {R500_NEAR} cards or fewer"
        if near and round(held) and "melds and lay-offs in hand" in words:
            near_seen += 1
            n = round(abs(held))
            assert (f"{n} point{'' if n == 1 else 's'} {'more' if held > 0 else 'fewer'} "
                    f"held, {mv.detail['r500_held_weight']:+.2f} {said}") in words
        if not near:
            assert said not in words and "cards or fewer" not in words
    assert seen >= 5 and near_seen >= 1


def test_rummy500_review_rows_carry_the_split() -> None:
    g = rl.new_game("500", seed=6003, dealer=1)
    play_hand(g, [RandomBot(), make_bot("greedy", g.rules)], random.Random(3))
    rows = [r for r in review(g, 0, seed=3).rows if r.played != r.best and r.loss >= 1]
    assert rows
    for r in rows:
        assert f"; where the difference from {r.best} comes from: " in r.reason
    # Gin's rows split by how the hand ends
    gin_rows = [r for r in review(played_game(), 1).rows if r.parts]
    assert gin_rows and all("; where the difference from " in r.reason for r in gin_rows)


@pytest.mark.parametrize(("variant", "seed"), [("500", 6003), ("basic", 6002),
                                               ("indian", 6000), ("gin", 6000)])
def test_a_review_says_where_the_points_went(variant: str, seed: int) -> None:
    """Each row's parts add up to its loss; the review's losses by part add up to the
    points lost, the rows without a split counted apart; the summary says them, largest
    part first."""
    from rummy_lab.coach import UNSPLIT

    g = rl.new_game(variant, seed=seed, dealer=1)
    play_hand(g, [RandomBot(), make_bot("greedy", g.rules)], random.Random(3))
    rv = review(g, 0, seed=3)
    for r in rv.rows:
        if r.parts:
            assert r.loss > 0 and r.played != r.best
            assert sum(x for _, x in r.parts) == pytest.approx(r.loss, abs=1e-9)
    by_part = rv.losses_by_part()
    assert any(r.parts for r in rv.rows)
    assert sum(by_part.values()) == pytest.approx(rv.total_loss, abs=1e-9)
    assert by_part.get(UNSPLIT, 0.0) == pytest.approx(
        sum(r.loss for r in rv.rows if not r.parts))
    split = [x for name, x in by_part.items() if name != UNSPLIT]
    assert split == sorted(split, reverse=True)
    line = next(x for x in rv.summary().splitlines() if x.startswith("where the points went: "))
    assert line == "where the points went: " + ", ".join(
        f"{name} {x:.1f}" for name, x in by_part.items() if round(x, 1))


def test_the_review_chart_draws_every_decision() -> None:
    """One bar per decision, its height in proportion to the loss, its colour the
    label's; a legend of every label; the bounds dashed; move numbers under the bars,
    clear of the caption; every text in the surrounding colour (light and dark themes)."""
    import xml.etree.ElementTree as ET

    from rummy_lab.coach.review import COLORS, LABELS

    rv = review(played_game(), 1)
    svg = ET.fromstring(rv.chart_svg())
    ns = "{http://www.w3.org/2000/svg}"
    bars = [r for r in svg.iter(f"{ns}rect") if r.find(f"{ns}title") is not None]
    assert len(bars) == len(rv.rows) >= 5
    top = max([r.loss for r in rv.rows] + [rv.bounds["mistake"]])
    tallest = max(float(b.get("height", 0)) for b in bars)
    for bar, row in zip(bars, rv.rows, strict=True):
        assert bar.get("fill") == COLORS[row.label]
        assert f"move {row.number}: {row.played} ({row.label}" in (bar.findtext(f"{ns}title") or "")
        if row.loss / top > 0.05:
            assert float(bar.get("height", 0)) / tallest == pytest.approx(
                row.loss / max(r.loss for r in rv.rows), rel=0.02)
    texts = list(svg.iter(f"{ns}text"))
    assert all(t.get("fill") == "currentColor" for t in texts)
    words = [t.text for t in texts]
    assert all(label in words for label in LABELS)
    assert [t.text for t in texts if t.text in {str(r.turn) for r in rv.rows}]
    dashed = [ln for ln in svg.iter(f"{ns}line") if ln.get("stroke-dasharray")]
    assert len(dashed) == 3
    caption = next(t for t in texts if (t.text or "").startswith("points lost per decision"))
    ticks = [t for t in texts if t.get("font-size") == "9"]
    assert len(ticks) == len(rv.rows)
    assert all(float(caption.get("y", 0)) - float(t.get("y", 0)) >= 10 for t in ticks)


def test_basic_draws_and_melds_split_into_the_race() -> None:
    """Basic moves valued by the estimate (draws, melds, lay-offs, the principle's throw)
    split into the race to go out, the deadwood paid if another goes out, the melds held
    and the throw's danger, adding up to the value; a throw valued by the throw score
    carries no such split."""
    from rummy_lab.coach.oneturn import BASIC_RACE_SPLIT, table_move_values
    from rummy_lab.coach.principle import basic_discard_score, basic_throw
    from rummy_lab.coach.reasons import split_words

    checked = draws = 0
    for v in _random_bot_positions("basic", 20):
        values = table_move_values(v, v.legal_moves, None, 5)
        throws = [mv for mv in values if isinstance(mv.move, Discard)]
        top = (basic_throw(v, {mv.move.card: basic_discard_score(v, mv.move.card)
                               for mv in throws}) if len(throws) > 1 else None)
        for mv in values:
            if isinstance(mv.move, Discard) and top is not None and mv.move.card != top:
                assert not any(k in mv.detail for k in BASIC_RACE_SPLIT)
                continue
            if not all(k in mv.detail for k in BASIC_RACE_SPLIT):
                continue  # the move ends the hand
            checked += 1
            assert sum(mv.detail[k] for k in BASIC_RACE_SPLIT[:4]) == pytest.approx(
                mv.value, abs=1e-9)
        stock = next((mv for mv in values if isinstance(mv.move, rl.moves.DrawStock)), None)
        pick = next((mv for mv in values if isinstance(mv.move, rl.moves.DrawDiscard)), None)
        if stock and pick and round(abs(stock.value - pick.value), 1):
            draws += 1
            words = split_words(pick, stock)
            assert words is not None
            assert words.startswith("where the difference from draw from the stock comes from")
            ca, cb = pick.detail["basic_count"], stock.detail["basic_count"]
            if round(ca) != round(cb):
                d = pick.detail["basic_pay"] - stock.detail["basic_pay"]
                assert (f"your deadwood if another goes out {d:+.1f} ({ca:.0f} deadwood "
                        f"points against {cb:.0f})") in words
    assert checked >= 20 and draws >= 3


def _basic_positions(count: int) -> list[rl.PlayerView]:
    """Views of a random bot's Basic Rummy throws (against the greedy bot) with more than
    two discards to choose from."""
    return _random_bot_positions(
        "basic", count, lambda v: sum(isinstance(m, Discard) for m in v.legal_moves) > 2)


def test_basic_throws_split_into_the_throw_score_terms() -> None:
    """Two Basic throws differ by the situation's slope times the difference of their
    throw scores: points, partners left in hand and danger, by their weights; the
    reasons name the partners and carry the numbers."""
    import re

    from rummy_lab.coach.oneturn import (
        BASIC_SPLIT,
        BASIC_THROW_CELLS,
        BASIC_THROW_POINT,
        basic_throw_cell,
    )
    from rummy_lab.coach.principle import BASIC_DISCARD_WEIGHTS, basic_discard_features
    from rummy_lab.coach.reasons import split_words
    from rummy_lab.coach.values import ranked_values

    w = BASIC_DISCARD_WEIGHTS
    seen = 0
    for v in _basic_positions(12):
        slope = BASIC_THROW_POINT[basic_throw_cell(v)]
        values = ranked_values(v, None, 0)
        throws = [mv for mv in values if isinstance(mv.move, Discard)]
        for mv in throws:
            f = basic_discard_features(v, mv.move.card)
            assert mv.detail["basic_points"] == pytest.approx(
                slope * v.rules.card_value(mv.move.card))
            assert mv.detail["basic_partners"] == pytest.approx(
                -slope * (w["partner_rank"] * f["partner_rank"] + w["partner_next"]
                          * f["partner_next"] + w["partner_gap"] * f["partner_gap"]))
            assert mv.detail["basic_danger"] == pytest.approx(-slope * w["danger"]
                                                              * f["danger"])
        free = [mv for mv in throws if "basic_capped" not in mv.detail]
        for a, b in itertools.pairwise(free):
            diff = sum(a.detail[k] - b.detail[k] for k in BASIC_SPLIT)
            assert diff == pytest.approx(a.value - b.value, abs=1e-9)
            words = split_words(a, b, view=v)
            if words is None:
                assert round(abs(diff), 1) == 0
                continue
            seen += 1
            nums = [float(x) for x in re.findall(r"(?:thrown|kept|throw) ([+-]\d+\.\d)", words)]
            parts = [a.detail[k] - b.detail[k] for k in BASIC_SPLIT]
            assert sorted(nums) == sorted(round(d, 1) for d in parts if abs(d) >= 0.05)
            cell = BASIC_THROW_CELLS[basic_throw_cell(v)]
            assert words.endswith(f"a card point thrown counts {slope:.3f} now ({cell})")
            if abs(parts[1]) >= 0.05:
                card = a.move.card
                mates = [c for c in v.hand if c is not card and (
                    c.rank == card.rank or (c.suit is card.suit
                                            and 0 < abs(c.rank - card.rank) <= 2))]
                said = (f"{card.glyph} leaves {' '.join(c.glyph for c in mates)}" if mates
                        else f"{card.glyph} none")
                assert f"partners given up: {said}" in words
    assert seen >= 10


def test_indian_kept_counts_wild_cards_and_partnered_deadwood() -> None:
    """The Indian estimate's kept part: wild cards and jokers, and deadwood cards with a
    partner (another of their rank, or of their suit within two ranks) after the best
    arrangement without the declaration's sequence rules."""
    from rummy_lab.coach.leaf import indian_kept

    r = rl.get_rules("indian")
    # 5H 6H 7H is a run; KS KD, 2C 4C are partners; 9S is alone
    assert indian_kept(parse_cards("5H 6H 7H KS KD 2C 4C 9S"), None, r) == (0, 4)
    # with 9 wild the nine counts as a wild card, and the two wild cards meld both
    # pairs (KS KD 9S, 2C JK 4C): nothing partnered is left in the deadwood
    assert indian_kept(parse_cards("5H 6H 7H KS KD 2C 4C 9S JK"), 9, r) == (2, 0)
    assert indian_kept(parse_cards("5H 6H 7H KS KD 2C 4C 8S JK"), 9, r) == (1, 2)


def _indian_throws_played(seed: int, k: int
                          ) -> tuple[rl.PlayerView, list[tuple[Any, list[Any]]]]:
    """Player 0's view after its stock draw in ``rl.new_game("indian", seed=seed,
    dealer=1)``, and the first ``k`` throws' one-turn values (seed 5), each with the
    positions its turn ends in on the coach's deals."""
    from rummy_lab.coach.beliefs import deals, state_for
    from rummy_lab.coach.oneturn import DEFAULT_DEALS, table_move_values, turn_ends
    from rummy_lab.engine.variants import engine_for

    g = rl.new_game("indian", seed=seed, dealer=1)
    assert g.current_player == 0  # left of the dealer
    g.play("draw_stock")
    v = g.view_for(0)
    throws = [m for m in v.legal_moves if isinstance(m, Discard)][:k]
    got = table_move_values(v, throws, None, 5)
    states = [state_for(v, d) for d in deals(
        v, DEFAULT_DEALS, random.Random("rummy_lab coach table 5"))]
    return v, [(mv, list(turn_ends(v, engine_for(v.rules), states, mv.move))) for mv in got]


def test_indian_weights_reach_every_part_of_the_value(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """With other :data:`INDIAN_WEIGHTS` the value still splits into its parts (collect,
    pay, kept, danger), each weighted, and the kept part is the weights times
    :func:`indian_kept` of the hand after the turn."""
    from rummy_lab.coach import leaf
    from rummy_lab.coach.oneturn import INDIAN_SPLIT, _danger_cost
    from rummy_lab.coach.solved import wild_rank

    w = {"collect": 0.9, "pay": 1.2, "danger": 1.5, "wild": 7.0, "partnered": 2.0}
    monkeypatch.setattr(leaf, "INDIAN_WEIGHTS", w)
    v, played = _indian_throws_played(6002, 6)
    kept_seen = set()
    for mv, ends in played:
        n = len(ends)
        d = mv.detail
        assert sum(d[k] for k in INDIAN_SPLIT[:4]) == pytest.approx(mv.value, abs=1e-9)
        races = [leaf.race(leaf.summaries(st, None), st, 0) for st in ends]
        assert d["indian_collect"] == pytest.approx(0.9 * sum(x[0] for x in races) / n)
        assert d["indian_pay"] == pytest.approx(-1.2 * sum(x[1] for x in races) / n)
        kept = [leaf.indian_kept(st.hands[0], wild_rank(st), st.rules) for st in ends]
        assert d["indian_held"] == pytest.approx(
            sum(7.0 * j + 2.0 * k for j, k in kept) / n)
        assert d["indian_danger"] == pytest.approx(
            -sum(_danger_cost(v, st, 0, {}) for st in ends) / n)
        kept_seen.add(round(d["indian_held"], 6))
    assert len(kept_seen) >= 2  # the throws keep different cards


def test_indian_values_split_into_the_race() -> None:
    """An Indian move's one-turn value is what the viewer may collect, less what it may
    pay, what its wild cards and partners kept are worth, less the throw's danger cost
    (each the mean over the deals of the estimate's race after the turn, weighted by
    ``INDIAN_WEIGHTS``); the reasons carry those numbers, the chance to declare first
    and the expected count."""
    import re

    from rummy_lab.coach.leaf import INDIAN_WEIGHTS, race, summaries
    from rummy_lab.coach.oneturn import INDIAN_SPLIT, _danger_cost
    from rummy_lab.coach.reasons import split_words

    seen = 0
    for seed in range(6):
        v, played = _indian_throws_played(6000 + seed, 5)
        got = [mv for mv, _ in played]
        for mv, ends in played:
            d = mv.detail
            assert sum(d[k] for k in INDIAN_SPLIT[:4]) == pytest.approx(mv.value, abs=1e-9)
            races = [race(summaries(st, None), st, 0) for st in ends]
            n = len(ends)
            w = INDIAN_WEIGHTS
            assert d["indian_collect"] == pytest.approx(
                w["collect"] * sum(x[0] for x in races) / n)
            assert d["indian_pay"] == pytest.approx(-w["pay"] * sum(x[1] for x in races) / n)
            assert d["indian_first"] == pytest.approx(sum(x[2] for x in races) / n)
            assert d["indian_danger"] == pytest.approx(
                -sum(_danger_cost(v, st, 0, {}) for st in ends) / n)
        best = max(got, key=lambda mv: mv.value)
        for mv in got:
            if mv is best:
                continue
            words = split_words(mv, best)
            if words is None:
                continue
            seen += 1
            nums = [float(x) for x in re.findall(
                r"(?:declare|first|throw|kept) ([+-]\d+\.\d)", words)]
            parts = [mv.detail[k] - best.detail[k] for k in INDIAN_SPLIT[:4]]
            assert sorted(nums) == sorted(round(p, 1) for p in parts if abs(p) >= 0.05)
            ca, cb = mv.detail["indian_count"], best.detail["indian_count"]
            if round(ca) != round(cb) and abs(parts[1]) >= 0.05:
                assert f"(expected {ca:.0f} points against {cb:.0f})" in words
    assert seen >= 5


def test_a_drop_says_its_price_in_a_caption_and_a_review_row() -> None:
    """Without playouts (a bot's caption, a review row) a drop still says what it costs:
    the first drop before the player's first draw, the middle drop after it."""
    g = rl.new_game("indian", seed=1)
    first = g.current_player
    r = g.rules
    assert rl.coach.explain(g.view_for(first), "drop") == (
        f"drop: dropping costs {r.first_drop} points for sure")
    for _ in range(2):  # each player draws and throws once
        g.play("draw_stock")
        g.play(f"discard {g.hand(g.current_player)[0].code}")
    assert g.current_player == first
    assert rl.coach.explain(g.view_for(first), "drop") == (
        f"drop: dropping costs {r.middle_drop} points for sure")
    g.play("drop")
    row = next(x for x in review(g, first).rows if isinstance(x.played, rl.moves.Drop))
    assert row.reason.startswith(f"drop (dropping costs {r.middle_drop} points for sure) is ")


def test_a_second_copy_of_a_melded_card_joins_no_new_meld() -> None:
    """With two decks, a card the hand already melds does not "join" that meld again:
    the reasons say a taken copy joins a meld only when it melds more copies."""
    from rummy_lab.coach.reasons import _joined
    from rummy_lab.engine.solver import best_partition

    rules = rl.get_rules("indian").replace(min_sequences=0, min_pure_sequences=0)

    def joined(hand: str, card: str) -> tuple[str, ...] | None:
        cards = parse_cards(hand)
        top = parse_cards(card)[0]
        part = best_partition([*cards, top], rules, wild_rank=None)
        got = _joined(cards, top, part, rules, None)
        return None if got is None else tuple(c.code for c in got)

    # A♦ A♠ A♣ already melded: the second A♦ adds nothing
    assert joined("AD AS AC 5H 9C KD", "AD") is None
    # no A♦ in hand: it joins A♠ A♣
    assert sorted(joined("AS AC 5H 9C KD", "AD") or ()) == ["AC", "AD", "AS"]
    # A♦ in a run and a set wants it too: the second copy joins (two copies melded)
    got = joined("AD 2D 3D AS AC 9C", "AD")
    assert got is not None and "AD" in got
