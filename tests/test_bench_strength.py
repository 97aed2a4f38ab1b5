"""The strength benchmark's bookkeeping: a run compared with a saved one pairs the same
deals, wherever either started (``--first``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import load_script


def test_saved_points_pair_the_same_deals(tmp_path: Path) -> None:
    bench = load_script("bench_strength", "benchmarks")
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"opponent": "greedy", "points": {"gin": [0, 1, 2, 3, 4]}}))
    assert bench._saved_points(str(path), "gin", "greedy") == [0, 1, 2, 3, 4]
    assert bench._saved_points(str(path), "gin", "greedy", 3) == [3, 4]
    later = tmp_path / "later.json"  # a run saved from deal 10 on
    later.write_text(json.dumps({"opponent": "greedy", "first": 10,
                                 "points": {"gin": [10, 11, 12]}}))
    assert bench._saved_points(str(later), "gin", "greedy", 11) == [11, 12]
    assert bench._saved_points(None, "gin", "greedy") is None
    with pytest.raises(SystemExit, match="deal 5 not saved"):
        bench._saved_points(str(later), "gin", "greedy", 5)
    with pytest.raises(SystemExit, match="saved against 'greedy', not 'eaai-simple'"):
        bench._saved_points(str(path), "gin", "eaai-simple")
    with pytest.raises(SystemExit, match="no deals of '500' saved"):
        bench._saved_points(str(path), "500", "greedy")


def test_review_by_kind_counts_each_pair_of_moves() -> None:
    from collections import Counter
    from types import SimpleNamespace

    import rummy_lab as rl

    bench = load_script("bench_strength", "benchmarks")
    stock, pick = rl.moves.DrawStock(), rl.moves.DrawDiscard()
    throw = rl.moves.Discard("KS")
    rows = [SimpleNamespace(played=stock, best=stock, label="best"),
            SimpleNamespace(played=pick, best=stock, label="best"),
            SimpleNamespace(played=pick, best=stock, label="mistake"),
            SimpleNamespace(played=throw, best=rl.moves.Discard("2C"), label="blunder")]
    counts = bench.by_kind(rows)
    assert counts == Counter({("DrawStock", "DrawStock", "best"): 1,
                              ("DrawDiscard", "DrawStock", "best"): 1,
                              ("DrawDiscard", "DrawStock", "mistake"): 1,
                              ("Discard", "Discard", "blunder"): 1})
    assert bench.kind_lines(counts) == [
        "  DrawDiscard for DrawStock: 2 decisions, 50.0% mistake or blunder "
        "(best 1, mistake 1)",
        "  Discard for Discard: 1 decision, 100.0% mistake or blunder (blunder 1)",
        "  DrawStock for DrawStock: 1 decision, 0.0% mistake or blunder (best 1)",
    ]


def test_review_from_a_first_hand_reviews_those_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    bench = load_script("bench_strength", "benchmarks")
    dealt: list[tuple[int, int]] = []

    def new_game(variant: str, *, seed: int, dealer: int) -> object:
        dealt.append((seed, dealer))
        return SimpleNamespace(rules=SimpleNamespace())

    monkeypatch.setattr(bench.rl, "new_game", new_game)
    monkeypatch.setattr(bench, "play_hand", lambda *a: None)
    monkeypatch.setattr(bench, "opponent_bot", lambda *a: None)
    monkeypatch.setattr(bench, "review", lambda *a, **k: SimpleNamespace(rows=[], accuracy=100.0))
    out = bench._review_chunk("basic", "greedy", (), None, 240, 0, 2)
    assert len(out) == 2
    # the expert's hand then the random bot's, for hands 240 and 241
    assert dealt == [(5240, 0), (6240, 0), (5241, 1), (6241, 1)]
