"""Facts the notebooks state, pinned twice: the sentence in the markdown as committed, and
the number or list recomputed from ``rummy_lab``, so that the test fails if either drifts.

Where a code cell produces the number, the cell asserts it too (checked here as well).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import nbformat
import pytest

import rummy_lab as rl

ROOT = Path(__file__).resolve().parent.parent


def _notebook(name: str) -> nbformat.NotebookNode:
    nb: nbformat.NotebookNode = nbformat.read(  # type: ignore[no-untyped-call]
        ROOT / name, as_version=4)
    return nb


def _cell(nb: nbformat.NotebookNode, cell_id: str) -> nbformat.NotebookNode:
    found = [c for c in nb.cells if c.get("id") == cell_id]
    assert len(found) == 1, f"no single cell with id {cell_id!r}"
    cell: nbformat.NotebookNode = found[0]
    return cell


def _markdown(nb: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def _code(nb: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code")


# -- 04_indian_rummy ----------------------------------------------------------------------

INDIAN = "tutorials/04_indian_rummy.ipynb"
DECLARED_LOSER = "AH 4D 7C 10S QH 2S 5C 8H JD KC 3H 6S 9D"


def _melds_in(cards: str, wild_rank: int) -> list[rl.Meld]:
    hand = rl.parse_cards(cards)
    return [
        meld
        for k in range(3, len(hand) + 1)
        for group in itertools.combinations(hand, k)
        if (meld := rl.classify_meld(group, "indian", wild_rank=wild_rank)) is not None
    ]


def test_indian_loser_has_impure_sequences_not_no_meld() -> None:
    nb = _notebook(INDIAN)
    text = _markdown(nb)
    melds = _melds_in(DECLARED_LOSER, 8)
    # The engine: four melds, every one impure and every one built on the single wild 8♥.
    shown = [" ".join(map(str, m.cards)) for m in melds]
    assert shown == ["Q♥ 8♥ A♥", "A♥ 8♥ 3♥", "5♣ 8♥ 7♣", "9♦ 8♥ J♦"]
    assert not any(m.is_pure for m in melds)
    assert all(rl.parse_cards("8H")[0] in m.cards for m in melds)
    loser = rl.indian.explain_count(DECLARED_LOSER, wild_rank=8)
    assert (loser.tier, loser.raw, loser.points) == (1, 86, 80)
    # The prose: no "no meld at all", and the count of impure sequences as computed.
    assert "no meld at all" not in text
    assert "player 0 holds no pure sequence; what does player 0 pay?" in text
    number = {4: "four"}[len(melds)]
    assert "No pure sequence is not no meld." in text
    assert f"{number} impure sequences, each built on the one wild 8♥" in text
    # The cell lists them; the section's collapsed check asserts the same list.
    cell = _cell(nb, "c030a")
    assert "rl.classify_meld" in cell.source
    check = _cell(nb, "k-deal")
    assert "check" in check.metadata["tags"]
    assert f"for m in loser_melds] == {shown!r}".replace("'", '"') in check.source


def test_indian_printed_joker_rows_are_labelled_with_their_count() -> None:
    nb = _notebook(INDIAN)
    cell = _cell(nb, "c062")
    preset = rl.get_rules("indian")
    assert preset.printed_jokers == 4
    p = {
        j: float(rl.probability.p_natural_meld_with_jokers(
            "run", 13, rl.get_rules("indian", printed_jokers=j)))
        for j in (0, 2, 4)
    }
    assert p[4] == float(rl.probability.p_natural_meld_with_jokers("run", 13, "indian"))
    assert float(rl.probability.p_hand_contains("run", 13, "indian")) == pytest.approx(p[0])
    assert (round(p[2], 3), round(p[4], 3)) == (0.366, 0.350)
    # The cell computes both counts and asserts them; the row labels come from the rules.
    assert "the two printed jokers" not in cell.source
    assert "printed_jokers=j) for j in (2, indian.printed_jokers)" in cell.source
    # The section's collapsed check asserts both figures.
    check = _cell(nb, "k-prob")
    assert "check" in check.metadata["tags"]
    assert f"== ({round(p[2], 3)}, {round(p[4], 3):.3f})" in check.source
    assert 'f"with {r.printed_jokers} printed jokers"' in cell.source
    text = _markdown(nb)
    assert (
        f"with the preset's four printed jokers, holds a pure sequence {round(100 * p[4])} "
        f"times in 100 ({round(100 * p[2])} with two printed jokers"
    ) in text


# -- 02_gin_rummy -> probability_with_cards ----------------------------------------------

PROBABILITY = "notebooks/probability_with_cards.ipynb"


def _section_of(nb: nbformat.NotebookNode, needle: str) -> str:
    """The ``## `` heading above the first cell whose source holds ``needle``."""
    heading = ""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("## "):
                    heading = line[3:].strip()
        if needle in cell.source:
            return heading
    raise AssertionError(f"{needle!r} is in no cell")


def test_gin_tutorial_points_to_the_section_with_the_meld_count() -> None:
    p_meld_10 = float(rl.probability.p_hand_contains("meld", 10, "gin"))
    assert round(p_meld_10, 2) == 0.40
    target = _notebook(PROBABILITY)
    # Where the ten-card meld chance really is: the sentence and the cell that pins it.
    sentence = f"a ten-card Gin hand about {round(100 * p_meld_10)} %"
    heading = _section_of(target, sentence)
    assert heading == _section_of(target, "round(as_decimals[(\"meld\", 10)], 2) == 0.40")
    number, title = heading.split(". ", 1)
    assert (number, title) == ("1", "Counting hands")
    gin = _markdown(_notebook("tutorials/02_gin_rummy.ipynb"))
    assert f"holds a meld only about {round(100 * p_meld_10)} % of the time" in gin
    assert f"(section {number}, *{title}*, of `{PROBABILITY}` shows the count)" in gin
    assert "section 6 of" not in gin


# -- probability_with_cards: the pick-up's likelihood ratios ---------------------------


def test_pickup_likelihood_ratio_range_matches_the_table() -> None:
    import random

    hand = rl.new_game("gin", seed=11)
    rl.bots.play_hand(hand, [rl.bots.GreedyGinBot()] * 2, random.Random(0))
    view = list(hand.replay())[20].view_for(0)
    prior = rl.inference.belief(view, model="uniform")
    posterior = rl.inference.belief(view, model="greedy")
    ratios = []
    for nine in rl.parse_cards("9S 9D 9C"):
        before, after = prior.p(nine), posterior.p(nine)
        ratios.append(round((after / (1 - after)) / (before / (1 - before)), 2))
    low, high = min(ratios), max(ratios)
    assert (low, high) == (2.15, 3.6)
    nb = _notebook(PROBABILITY)
    text = _markdown(nb)
    assert f"multiplies the odds of each other nine by {low} to {high} (" in text
    assert "2.5 to 4" not in text
    # The cell computes the ratios; its collapsed check asserts the range quoted.
    assert "nine_ratios = " in _cell(nb, "1360e84b").source
    check = _cell(nb, "k-bayes")
    assert "check" in check.metadata["tags"]
    assert f"assert (min(nine_ratios), max(nine_ratios)) == ({low}, {high})" in check.source


# -- 03_rummy_500: the ace in a low run -----------------------------------------------

RUMMY_500 = "tutorials/03_rummy_500.ipynb"


def test_rummy_500_low_run_ace_rule_is_said_to_be_unmodelled() -> None:
    import dataclasses

    # The engine: no field for an ace in a low run; the A♠ of a melded A-2-3 counts 15.
    ace_fields = [f.name for f in dataclasses.fields(rl.Rules)
                  if f.name == "ace" or f.name.startswith("ace_") or f.name.endswith("_ace")]
    assert ace_fields == ["ace", "ace_value", "oklahoma_ace"]
    r500 = rl.get_rules("500")
    game = rl.new_game("500", hands=["AS 2S 3S 7H 8H 9H 10H", "QS QH 4C 5D 6H 10C AC"],
                       discard="9S", stock_top="KD", dealer=1, seed=5)
    for move in ("draw_stock", "meld AS 2S 3S", "meld 7H 8H 9H 10H", "discard KD"):
        game.play(move)
    result = game.result
    assert result is not None, "melding the last cards ends the round"
    on_table = result.detail.on_table[0]
    assert on_table == r500.ace_value + 2 + 3 + 7 + 8 + 9 + 10 == 54
    nb = _notebook(RUMMY_500)
    text = _markdown(nb)
    assert "That rule is **not modelled**: no rules field sets it apart" in text
    ace = r500.ace_value
    assert f"{on_table} = {ace} + 2 + 3 + 34: the A♠ counts {ace} in the low run" in text
    assert "Some count the ace 1 in a low run; the `ace_value` field sets" not in text
    # The cell plays the round; the section's collapsed check asserts the count.
    assert '"meld AS 2S 3S", "meld 7H 8H 9H 10H"' in _cell(nb, "c033a").source
    check = _cell(nb, "c036k")
    assert "check" in check.metadata["tags"]
    assert "low_run.result.detail.on_table[0] == r500.ace_value + 2 + 3 + 7 + 8 + 9 + 10 == 54" in (
        check.source)


# -- hand_analysis: the expected deadwood after the next draw --------------------------

HAND_ANALYSIS = "notebooks/hand_analysis.ipynb"


def test_expected_deadwood_is_averaged_over_the_41_unseen_cards() -> None:
    p = rl.probability
    hand = rl.parse_cards("7S 8S 9S 5H 5D KC QC 2D 3C 4H JS")
    rows = p.draw_odds_table(hand, "gin")[:3]
    averages = {}
    for row in rows:
        assert row.discard is not None
        exact = p.expected_deadwood_after_draw(row.kept, "gin", seen=[row.discard])
        # The thrown card is not drawable: 52 - 10 kept - 1 thrown, as the draw odds count.
        assert row.unseen == 52 - len(row.kept) - 1 == 41 == exact.q
        averages[str(row.discard)] = round(float(exact), 2)
        # Over 42 cards (the thrown card counted as unseen) the average is another number.
        wrong = p.expected_deadwood_after_draw(row.kept, "gin")
        assert round(float(wrong), 2) != averages[str(row.discard)]
    assert averages == {"J♠": 33.12, "Q♣": 33.49, "K♣": 33.49}
    nb = _notebook(HAND_ANALYSIS)
    text = _markdown(nb)
    assert "the average runs over the same 41 cards as the draw odds above" in text
    assert "(52 − 10 kept − 1 thrown)" in text
    assert (f"averaged over the 41 cards unseen once it is thrown: {averages['J♠']} after "
            f"throwing the J♠, {averages['Q♣']} after the Q♣ or the K♣") in text
    assert "33.26" not in text and "33.62" not in text
    source = _cell(nb, "c016").source
    assert "seen=[row.discard]" in source
    # The section's collapsed check asserts the averages quoted.
    check = _cell(nb, "k-outs")
    assert "check" in check.metadata["tags"]
    assert f"after_next_draw == {averages!r}".replace("'", '"') in check.source
    assert "seen=[rows[0].discard]" in _cell(nb, "c014").source


# -- strategy_lab: what the bars measure ------------------------------------------------

STRATEGY = "notebooks/strategy_lab.ipynb"


def test_strategy_lab_bars_of_means_name_their_axis() -> None:
    import ast

    labels = []
    for cell in _notebook(STRATEGY).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "rl.viz.outcome_bars":
                kw = {k.arg: k.value for k in node.keywords}
                if "percent" in kw and ast.literal_eval(kw["percent"]) is False:
                    labels.append(ast.literal_eval(kw["value_label"]))
    assert labels == ["cards drawn per hand", "net points per hand (seat 0)"]
    fig = rl.viz.outcome_bars({"limit 10": (9.0, 0.2)}, percent=False, value_label=labels[0])
    assert fig.layout.yaxis.title.text == labels[0] != "rate"


def test_strategy_lab_quotes_the_first_player_half_widths() -> None:
    seed = 7
    nb = _notebook(STRATEGY)
    assert f"SEED = {seed}\n" in nb.cells[1].source
    assert 'RUN = dict(executor="inline", progress=False)' in nb.cells[1].source
    sizes = {"gin": 1_500, "indian": 60}
    for name, games in sizes.items():
        assert f'"{name}": rl.simulate("{name}", {games:_}, seed=SEED, **RUN)' in _code(nb)
    half = {
        name: round(100 * 1.96 * rl.simulate(name, games, seed=seed, executor="inline",
                                            progress=False)
                    .first_player_win_rate.stderr, 1)
        for name, games in sizes.items()
    }
    assert half == {"gin": 2.5, "indian": 12.4}
    text = " ".join(_markdown(nb).split())
    assert "The half-width of each 95 % interval is 1.96 standard errors" in text
    assert (f"1,500 Gin hands pin the rate to ±{half['gin']} percentage points; sixty Indian "
            f"deals only to ±{half['indian']}.") in text
    assert "±13" not in text
    assert "half_widths = " in _cell(nb, "c024").source
    # The section's collapsed check asserts the half-widths quoted.
    check = _cell(nb, "k-first")
    assert "check" in check.metadata["tags"]
    assert f"assert half_widths == {half!r}".replace("'", '"') in check.source


# -- 02_gin_rummy and 02b_oklahoma_hollywood: the rule schools, both numbers ---------------

GIN = "tutorials/02_gin_rummy.ipynb"
OKLAHOMA_HOLLYWOOD = "tutorials/02b_oklahoma_hollywood.ipynb"


def test_gin_tie_is_scored_in_both_schools() -> None:
    import random

    tie = ("AS 2S 3S 4H 5H 6H 7D 7C 7H 8C", "AH AD AC 2H 2D 2C 9S 9H 9D 8D")
    almanac = rl.gin.showdown(*tie, "gin")
    openspiel = rl.gin.showdown(*tie, rl.get_rules("gin", tie_is_undercut=False))
    assert almanac.knocker_deadwood == almanac.defender_deadwood == 8
    assert (almanac.kind, almanac.points, openspiel.kind, openspiel.points) == (
        "undercut", 25, "tie", 0)
    # The sample hand: two greedy bots tie at 10; the same moves score 0 in OpenSpiel's school.
    seed = 2027
    game = rl.new_game("gin", seed=seed)
    result = rl.bots.play_hand(game, [rl.bots.GreedyGinBot(), rl.bots.GreedyGinBot()],
                               random.Random(seed))
    replay = rl.new_game("gin", rules={"tie_is_undercut": False}, seed=seed)
    for move in game.moves():
        replay.play(move)
    rescored = replay.result
    assert rescored is not None, "the same moves end the hand"
    assert (result.kind, result.points, rescored.kind, rescored.points) == (
        "undercut", 25, "tie", 0)
    nb = _notebook(GIN)
    text = _markdown(nb)
    assert "A tie is an undercut too\n  in the Almanac's rules; OpenSpiel scores a tie 0" in text
    assert (f"the defender wins {almanac.points} (0 difference + the 25 bonus) in the Almanac's "
            f"rules, 20 with the smaller bonus, and nobody scores in OpenSpiel's") in text
    assert "In the Almanac's rules a tie is an undercut: 25 points to player 0." in text
    code = _code(nb)
    assert 'rl.get_rules("gin", tie_is_undercut=False)' in code
    assert ('assert (same_moves.result.kind, same_moves.result.winner, '
            'same_moves.result.points) == ("tie", None, 0)') in code
    assert "Oklahoma" not in "\n".join(c.source for c in nb.cells[:-1] if c.cell_type == "code")


def test_oklahoma_ace_upcard_in_both_schools() -> None:
    from fractions import Fraction

    schools = {"one": rl.get_rules("oklahoma"),
               "gin_only": rl.get_rules("oklahoma", oklahoma_ace="gin_only")}
    assert schools["one"].oklahoma_ace == "one"
    assert [rl.gin.knock_limit(r, "AS") for r in schools.values()] == [1, 0]
    deck = rl.make_deck()
    limits = {k: [rl.gin.knock_limit(r, c) for c in deck] for k, r in schools.items()}
    total = {k: sum(v) for k, v in limits.items()}
    assert total == {"one": 340, "gin_only": 336}
    assert {k: sum(x == 0 for x in v) for k, v in limits.items()} == {"one": 0, "gin_only": 4}
    assert {k: sum(x <= 4 for x in v) for k, v in limits.items()} == {"one": 16, "gin_only": 16}
    nb = _notebook(OKLAHOMA_HOLLYWOOD)
    text = " ".join(_markdown(nb).split())
    one, only = (float(Fraction(total[k], 52)) for k in ("one", "gin_only"))
    assert (f"an average limit of {one:.3f} ({total['one']}/52) against {only:.3f} "
            f"({total['gin_only']}/52)") in text
    assert ("in the gin-only school one hand in 13 (the 4 aces of 52 cards) cannot end in a "
            "knock") in text
    assert ("In Bicycle's rules and in OpenSpiel (`oklahoma_ace=\"gin_only\"`) an ace upcard means "
            "*gin only*") in text
    assert "assert (sum(one), sum(only), len(one)) == (340, 336, 52)" in _code(nb)
    # The tie under a spade upcard, in both schools of the tie.
    tie = ("AS 2S 3S 4H 5H 6H 7D 7C 7H 8C", "AH AD AC 2H 2D 2C 9S 9H 9D 8D")
    points = [rl.gin.showdown(*tie, r, upcard="9S").points
              for r in (schools["one"], rl.get_rules("oklahoma", tie_is_undercut=False))]
    assert points == [25, 0]
    assert (f"No: {points[0]} in the Almanac's school (the spade doubles the difference, which "
            "is 0, and the bonus stays single), nothing in OpenSpiel's.") in text


# -- 00_start_here: the first decision ------------------------------------------------------


def test_start_here_first_decision_numbers() -> None:
    hand = rl.parse_cards("7S 7H 4C 5C 6C KD QH 2S 9D 3H")
    eleven = [*hand, *rl.parse_cards("7D")]
    rows = {str(r.discard): r for r in rl.probability.draw_odds_table(eleven)}
    least = min(r.deadwood for r in rows.values())
    tied = sorted(k for k, r in rows.items() if r.deadwood == least)
    assert (least, tied, rl.deadwood(hand, "gin")) == (24, ["K♦", "Q♥"], 48)
    assert rows["9♦"].deadwood == least + 1 and rows["9♦"].out_count == rows["Q♥"].out_count - 1
    assert rows["Q♥"].unseen == 41 and rows["3♥"].deadwood == 31
    text = " ".join(_markdown(_notebook("tutorials/00_start_here.ipynb")).split())
    assert (f"The Q♥ and the K♦ tie for the least: each leaves {least} points of deadwood, half "
            "the 48 you held before the draw, and keeps three outs (8♦, 3♣, 7♣) among the 41 "
            "cards") in text
    assert "leaves only one point more but gives up an out" in text
    assert '<a id="glossary"></a>' in text
