"""scripts/build_puzzles.py: the cut that holds the greedy bot's share of a set (the
mining itself is tested through ``rummy_lab.practice.mining`` in test_practice)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rummy_lab.practice import Puzzle, shipped

from .helpers import load_script

bp = load_script("build_puzzles")


def _agrees(records: list[dict[str, Any]]) -> int:
    return sum(Puzzle.from_dict(d).greedy_agrees for d in records)


@pytest.fixture(scope="module")
def gin() -> list[dict[str, Any]]:
    records = list(shipped("gin"))
    assert 0 < _agrees(records) < len(records)
    return records


def test_a_set_within_the_share_is_kept_whole(gin: list[dict[str, Any]]) -> None:
    assert bp.cut_greedy(gin, 1.0, 10) == gin


def test_the_first_cut_is_the_last_greedy_puzzle_of_the_theme_with_most_of_them(
        gin: list[dict[str, Any]]) -> None:
    n, agreeing = len(gin), _agrees(gin)
    share = (agreeing - 1) / (n - 1) + 1e-9  # one puzzle over the share
    kept = bp.cut_greedy(gin, share, 10)
    assert len(kept) == n - 1
    (gone,) = [d for d in gin if d not in kept]
    assert Puzzle.from_dict(gone).greedy_agrees
    held = Counter(d["theme"] for d in gin)
    easy = Counter(d["theme"] for d in gin if Puzzle.from_dict(d).greedy_agrees)
    most = max((easy[t], held[t]) for t in easy if held[t] > 10)
    assert (easy[gone["theme"]], held[gone["theme"]]) == most
    same = [d for d in gin if d["theme"] == gone["theme"] and Puzzle.from_dict(d).greedy_agrees]
    assert same[-1] is gone


def test_the_cut_takes_the_greedy_bots_answers_evenly_and_keeps_both_kinds(
        gin: list[dict[str, Any]]) -> None:
    """A theme rich in puzzles the greedy bot gets wrong keeps some it gets right: the cut
    takes from the theme with the most of those, not from the largest theme."""
    wrong = [d for d in gin if not Puzzle.from_dict(d).greedy_agrees]
    right = [d for d in gin if Puzzle.from_dict(d).greedy_agrees]
    theme = Counter(d["theme"] for d in wrong).most_common(1)[0][0]
    # a set where one theme holds every wrong puzzle and 6 right ones, another 10 right
    big = [{**d, "theme": theme} for d in wrong] + [{**d, "theme": theme} for d in right[:6]]
    other = next(t for t in Counter(d["theme"] for d in gin) if t != theme)
    small = [{**d, "theme": other} for d in right[6:16]]
    records = big + small
    share = 12 / (len(records) - 4) + 1e-9  # four of the 16 right ones must go
    kept = bp.cut_greedy(records, share, 5)
    gone = [d for d in records if d not in kept]
    assert len(gone) == 4 and _agrees(kept) <= share * len(kept)
    # the small theme had the most (10 against 6) and gives them up until it is even
    assert [d["theme"] for d in gone] == [other] * 4
    assert sum(Puzzle.from_dict(d).greedy_agrees for d in kept if d["theme"] == theme) == 6


def test_a_deep_cut_keeps_the_order_and_every_themes_minimum(
        gin: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    kept = bp.cut_greedy(gin, 0.05, 10, "gin")
    it = iter(gin)
    assert all(any(d is e for e in it) for d in kept)  # a subsequence, in order
    assert all(Puzzle.from_dict(d).greedy_agrees for d in gin if d not in kept)
    before, after = Counter(d["theme"] for d in gin), Counter(d["theme"] for d in kept)
    assert all(after[t] >= min(10, before[t]) for t in before)
    assert len(kept) < len(gin)
    # 5% cannot be met: the cut stopped at the minimum, and said so
    assert _agrees(kept) > 0.05 * len(kept)
    assert "no theme can give one up without falling below 10" in capsys.readouterr().out
    themes = {d["theme"] for d in kept if Puzzle.from_dict(d).greedy_agrees}
    assert all(after[t] <= 10 for t in themes)


def test_a_minimum_above_every_theme_cuts_nothing(gin: list[dict[str, Any]],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert bp.cut_greedy(gin, 0.0, 1000, "gin") == gin
    assert f"the greedy bot answers {_agrees(gin)} of {len(gin)} puzzles" in (
        capsys.readouterr().out)


# ---------------------------------------------------------------- --greedy-wrong
# ``screen_and_validate(..., greedy_wrong=True)`` looks only for puzzles the greedy bot
# gets wrong. The coach's looks are replaced by a shipped puzzle's own advice (so the test
# is exact and fast) and counted: a decision the greedy bot answers is left after the
# first, quick look.


def _screen(d: dict[str, Any], greedy_wrong: bool, monkeypatch: pytest.MonkeyPatch
            ) -> tuple[Puzzle | None, int]:
    from rummy_lab.practice import mining

    p = Puzzle.from_dict(d)
    looks = []

    def evaluate(view: object, **kw: object) -> object:
        looks.append(kw.get("budget"))
        return p.advice

    monkeypatch.setattr(mining, "evaluate", evaluate)
    monkeypatch.setattr(mining, "agrees", lambda view, move, seed: True)
    bound = mining.mistake_bound(p.game.rules)
    got = mining.screen_and_validate(p.game, bound, 2.0, seed=int(d["hand"]),
                                     greedy_wrong=greedy_wrong)
    return got, len(looks)


def test_greedy_wrong_leaves_a_decision_the_greedy_bot_answers_after_one_look(
        monkeypatch: pytest.MonkeyPatch) -> None:
    d = next(d for d in shipped("indian") if Puzzle.from_dict(d).greedy_agrees)
    got, looks = _screen(d, False, monkeypatch)
    assert got is not None and got.greedy_agrees and looks == 2
    assert got.answers == Puzzle.from_dict(d).answers
    assert _screen(d, True, monkeypatch) == (None, 1)


def test_greedy_wrong_keeps_a_puzzle_the_greedy_bot_gets_wrong(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for d in shipped("gin"):
        p = Puzzle.from_dict(d)
        if p.greedy_agrees:
            continue
        got, looks = _screen(d, True, monkeypatch)
        assert got is not None and looks == 2, p.id
        assert not got.greedy_agrees and got.answers == p.answers and got.wrong == p.greedy


# ---------------------------------------------------------------- --recheck-seeds


def test_recheck_labels_say_how_many_seeds_were_passed() -> None:
    assert bp.recheck_label(6) == "4x-6seeds"
    assert bp.rechecked_seeds({"rechecked": bp.recheck_label(6)}) == 6
    assert bp.rechecked_seeds({"rechecked": "4x-3seeds"}) == 3
    for older in ({}, {"rechecked": True}, {"rechecked": "4x"}, {"rechecked": "2x-3seeds"}):
        assert bp.rechecked_seeds(older) == 0


def test_resume_rechecks_each_puzzle_with_the_seeds_it_has_not_passed(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    records = [dict(d) for d in shipped("gin")[:3]]
    records[0]["rechecked"] = "4x-6seeds"
    records[1]["rechecked"] = "4x-3seeds"
    records[2].pop("rechecked", None)
    ids = [d["id"] for d in records]
    seed = 2026
    (tmp_path / "puzzles_gin.json").write_text(json.dumps(
        {"format": "rummy_lab.puzzles", "version": 1, "variant": "gin", "seed": seed,
         "decisions_looked_at": 7, "next_hand": 0, "seconds": 0, "puzzles": records}),
        encoding="utf-8")
    asked: dict[str, list[int]] = {}

    def recheck(d: dict[str, Any], budget: float, ks: Any = range(1, 4)) -> bool:
        asked[d["id"]] = list(ks)
        return bool(d["id"] != ids[2])  # the one never rechecked fails

    monkeypatch.setattr(bp, "_recheck", recheck)
    monkeypatch.setattr(bp, "agrees", lambda view, move, seed: True)
    data = bp.build("gin", seed, target=3, per_theme=0, cap=24, budget=2.0, max_positions=7,
                    agree_share=1.0, resume=True, workers=1, out=tmp_path, max_greedy=1.0,
                    recheck_seeds=6)
    assert asked == {ids[0]: [], ids[1]: [4, 5, 6], ids[2]: [1, 2, 3, 4, 5, 6]}
    assert [d["id"] for d in data["puzzles"]] == ids[:2]
    assert {d["rechecked"] for d in data["puzzles"]} == {"4x-6seeds"}
    assert data["decisions_looked_at"] == 7


# ---------------------------------------------------------------- bench_puzzles --playouts


def test_the_playout_check_plays_the_answer_and_the_wrong_move_on_the_same_seeds() -> None:
    bench = load_script("bench_puzzles", "benchmarks")
    from rummy_lab.bots.playouts import playout

    index = next(i for i, d in enumerate(shipped("indian"))
                 if not Puzzle.from_dict(d).greedy_agrees)
    p = Puzzle.from_dict(shipped("indian")[index])
    assert p.wrong is not None
    pid, coach, mean, se = bench._playouts("indian", index, 1, "greedy")  # the true deal only
    me = p.game.current_player
    diffs = [playout(p.game.state, p.answers[0], me, j, "greedy")
             - playout(p.game.state, p.wrong, me, j, "greedy") for j in range(2)]
    assert pid == p.id and coach == p.advice[0].value - p.advice_for(p.wrong).value > 0
    assert mean == sum(diffs) / 2 and se >= 0


def test_the_playout_check_takes_the_puzzles_the_greedy_bot_gets_wrong_or_answers() -> None:
    bench = load_script("bench_puzzles", "benchmarks")
    agrees = [Puzzle.from_dict(d).greedy_agrees for d in shipped("500")]
    wrong = bench.selected("500", greedy_wrong=True)
    right = bench.selected("500", greedy_right=True)
    assert wrong == [i for i, a in enumerate(agrees) if not a] and wrong
    assert right == [i for i, a in enumerate(agrees) if a] and right
    assert bench.selected("500") == list(range(len(agrees)))
    assert bench.selected("500", greedy_right=True, limit=3) == right[:3]
    with pytest.raises(SystemExit):
        bench.main(["--playouts", "1", "--greedy-wrong", "--greedy-right"])


# ---------------------------------------------------------------- the build's playout check


def test_the_build_plays_the_answer_and_the_wrong_move_out_with_the_hands_seed() -> None:
    import random

    from rummy_lab.bots.playouts import lead, paired_playouts

    d = dict(next(d for d in shipped("indian") if not Puzzle.from_dict(d).greedy_agrees))
    p = Puzzle.from_dict(d)
    assert p.wrong is not None
    rec = bp.playout_record(d, 1)  # the true deal only, the expert for the player to move
    diffs = paired_playouts(p.game.state, p.view, p.answers[0], p.wrong,
                            p.game.current_player, 1, random.Random(30_000 + d["hand"]),
                            "expert")
    mean, se = lead(diffs)
    assert rec == {"deals": 1, "policy": "expert", "lead": round(mean, 2), "se": round(se, 2)}


def test_resume_with_playouts_plays_out_only_what_is_not_yet_and_drops_a_failure(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    records = [dict(d) for d in shipped("gin")[:3]]
    for d in records:
        d["rechecked"] = bp.recheck_label(3)
    records[0]["playouts"] = {"deals": 64, "policy": "expert", "lead": 12.0, "se": 3.0}
    records[1]["playouts"] = {"deals": 16, "policy": "expert", "lead": 12.0, "se": 3.0}
    records[2].pop("playouts", None)
    ids = [d["id"] for d in records]
    (tmp_path / "puzzles_gin.json").write_text(json.dumps(
        {"format": "rummy_lab.puzzles", "version": 1, "variant": "gin", "seed": 2026,
         "decisions_looked_at": 7, "next_hand": 0, "seconds": 0, "puzzles": records}),
        encoding="utf-8")
    played: list[str] = []

    def record(d: dict[str, Any], deals: int) -> dict[str, Any]:
        played.append(d["id"])
        # the second leads by less than half the bound, the third within 2 errors of 0
        lead, se = {ids[1]: (1.0, 0.2), ids[2]: (9.0, 5.0)}[d["id"]]
        return {"deals": deals, "policy": "expert", "lead": lead, "se": se}

    monkeypatch.setattr(bp, "playout_record", record)
    monkeypatch.setattr(bp, "_recheck", lambda d, budget, ks=(): True)
    monkeypatch.setattr(bp, "agrees", lambda view, move, seed: True)
    data = bp.build("gin", 2026, target=3, per_theme=0, cap=24, budget=2.0, max_positions=7,
                    agree_share=1.0, resume=True, workers=1, out=tmp_path, max_greedy=1.0,
                    playout_deals=64, playout_share=0.5)
    assert played == ids[1:]
    assert [d["id"] for d in data["puzzles"]] == ids[:1]
    # without the check, all three stay
    data = bp.build("gin", 2026, target=3, per_theme=0, cap=24, budget=2.0, max_positions=7,
                    agree_share=1.0, resume=True, workers=1, out=tmp_path, max_greedy=1.0)
    assert len(data["puzzles"]) == 3
