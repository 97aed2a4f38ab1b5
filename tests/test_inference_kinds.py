"""The behaviour model's mixture over kinds of player: the reading of the kind follows
the play, the mixed belief keeps the hard facts, bad input is named."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rummy_lab.bots import GreedyGinBot, GreedyTableBot, make_bot, play_hand
from rummy_lab.engine.game import new_game
from rummy_lab.engine.state import PlayerView
from rummy_lab.inference import belief
from rummy_lab.inference.model import kind_params
from rummy_lab.inference.sampling import MixtureForm, kind_posterior

BOT_OF_KIND = {"expert": "expert", "greedy": "greedy", "simple": "eaai-simple",
               "random": "random"}


def _last_view(kind: str, seed: int, variant: str = "gin") -> PlayerView:
    """Seat 0's view at its last decision of a hand against a player of ``kind``."""
    game = new_game(variant, seed=seed)
    reader = GreedyGinBot() if variant == "gin" else GreedyTableBot()
    play_hand(game, [reader, make_bot(BOT_OF_KIND[kind], game.rules)], random.Random(seed))
    views = [s.view_for(0) for s in game.replay()
             if not s.is_over and s.current_player == 0 and len(s.legal_moves()) > 1]
    return views[-1]


@pytest.mark.parametrize(("kind", "seeds"), [
    ("expert", (0, 1)), ("greedy", (0, 1, 2, 3)), ("simple", (0, 1, 2, 3)),
    ("random", (0, 1, 2, 3)),
])
def test_the_reading_moves_toward_the_true_kind(kind: str, seeds: tuple[int, ...]) -> None:
    """Over a few hands of each kind, the posterior probability of the true kind at the
    reader's last decision is above its prior on average, and a random player is found
    out (the most likely kind in every hand)."""
    names = [n for n, _ in kind_params(new_game("gin").rules)]
    prior = 1.0 / len(names)
    got = []
    for seed in seeds:
        view = _last_view(kind, seed)
        reading = belief(view).kinds(1)
        assert list(reading) == names
        assert sum(reading.values()) == pytest.approx(1.0)
        got.append(reading[kind])
    assert np.mean(got) > prior, (kind, got)
    if kind == "random":  # found out: the most likely kind in every hand
        assert min(got) > 0.5 and np.mean(got) > 0.9, got
    else:
        assert max(belief(_last_view(kind, seeds[0])).kinds(1)["random"], 0.0) < 0.5


@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_mixed_probabilities_keep_the_unknown_count(kind: str) -> None:
    """Against each kind, the expected copies over the unknown cards add up to the
    opponent's unknown cards, every p is a probability, and sample_deals follow p."""
    view = _last_view(kind, 5)
    b = belief(view)
    unseen = sorted(set(b.facts.unseen))
    total = sum(b.expected(c, 1) for c in unseen)
    assert total == pytest.approx(b.facts.hidden[1], abs=1e-9)
    assert all(0.0 <= b.p(c, 1) <= 1.0 for c in unseen)
    assert isinstance(b._posterior, MixtureForm)
    k = 1200
    deals = b.sample_deals(k, random.Random(2))
    for c in unseen[:15]:
        freq = sum(c in d.hands[1] for d in deals) / k
        p = b.p(c, 1)
        assert abs(freq - p) <= 4.5 * np.sqrt(p * (1 - p) / k) + 0.02


def test_the_mixture_is_the_kinds_beliefs_weighted() -> None:
    """Each card's p is the kinds' posterior-weighted average of their own p."""
    b = belief(_last_view("random", 2))
    post = b._posterior
    assert isinstance(post, MixtureForm)
    parts = [c.marginals(np.random.default_rng(0))[0][0] for c in post.components]
    mixed = sum(w * p for w, p in zip(post.weights.tolist(), parts, strict=True))
    for c in sorted(set(b.facts.unseen)):
        assert b.p(c, 1) == pytest.approx(float(mixed[c.index]), abs=1e-12)


def test_kind_posterior_is_bayes_over_whole_histories() -> None:
    """Two kinds, two choices, two guesses: the posterior is each kind's average over
    the guesses of the product of its choices' likelihoods, normalised."""
    a = np.log(np.array([[0.5, 0.2], [0.3, 0.2]]))
    b = np.log(np.array([[0.6, 0.5], [0.2, 0.5]]))
    got = kind_posterior([[a, b]], 2)
    like = np.array([(0.5 * 0.6 + 0.3 * 0.2) / 2, (0.2 * 0.5 + 0.2 * 0.5) / 2])
    assert got[0] == pytest.approx(like / like.sum())


def test_uniform_model_and_first_move_readings() -> None:
    """Before any choice the reading is the prior; the uniform model reads nobody."""
    g = new_game("gin", seed=3)
    names = [n for n, _ in kind_params(g.rules)]
    assert belief(g.view_for(1)).kinds() == {n: 1.0 / len(names) for n in names}
    assert belief(g.view_for(1), model="uniform").kinds() == {"random": 1.0}
    assert [n for n, _ in kind_params(new_game("500").rules)] == ["expert", "greedy", "random"]


def test_kinds_in_rummy_500_with_three_players() -> None:
    """Several opponents: a reading per opponent, each a distribution over the kinds."""
    game = new_game("500", players=3, seed=2)
    bots = [GreedyTableBot(), make_bot("random", game.rules), GreedyTableBot()]
    rng = random.Random(2)
    for _ in range(25):
        if game.is_over:
            break
        p = game.current_player
        game.play(bots[p].choose(game.view_for(p), rng), player=p)
    b = belief(game.view_for(game.current_player))
    for q in b.opponents:
        reading = b.kinds(q)
        assert sum(reading.values()) == pytest.approx(1.0)
    unseen = sorted(set(b.facts.unseen))
    for q in b.opponents:
        assert sum(b.expected(c, q) for c in unseen) == pytest.approx(b.facts.hidden[q],
                                                                      abs=1e-6)


def test_kinds_bad_seat_is_named() -> None:
    b = belief(new_game("gin", seed=3).view_for(1))
    with pytest.raises(ValueError, match="player 1 is the viewer"):
        b.kinds(1)
    with pytest.raises(ValueError, match="out of range"):
        b.kinds(5)
    with pytest.raises(ValueError, match="seat number"):
        b.kinds("0")  # type: ignore[arg-type]


def test_the_greedy_model_is_the_single_kind_and_the_coach_reads_with_it() -> None:
    """``model="greedy"`` reads every opponent as the greedy kind: against a random player
    it keeps that reading while the mixture finds the random player out, and their cards
    differ. The coach's beliefs are the greedy model's, in Gin too; asked for the exact
    belief, the coach reads the same single kind exactly."""
    from rummy_lab.coach import beliefs
    from rummy_lab.engine.cards import make_deck

    view = _last_view("random", 2)
    single, mixed = belief(view, model="greedy"), belief(view)
    opp = 1 - view.player
    assert single.model == "greedy" and single.kinds(opp) == {"greedy": 1.0}
    reading = mixed.kinds(opp)
    assert max(reading, key=reading.__getitem__) == "random"
    unknown = sorted(set(single.facts.unseen))
    assert max(abs(single.p(c, opp) - mixed.p(c, opp)) for c in unknown) > 0.01
    assert sum(single.expected(c, opp) for c in make_deck()) == pytest.approx(
        view.hand_sizes[opp])
    assert beliefs.GIN_MODEL == "greedy" and beliefs.belief(view).model == "greedy"
    coach = beliefs.belief(view, model="exact")
    reading = coach.kinds(opp)  # the same single kind, read exactly
    assert reading["greedy"] == 1.0 and sum(reading.values()) == 1.0
    table = _last_view("random", 2, variant="500")
    assert beliefs.MODEL == "greedy" and beliefs.belief(table).model == "greedy"


def test_gin_deadwood_matches_the_kernel_on_hands_full_of_sets() -> None:
    """The vectorised deadwood (the knock check of every guessed history) agrees with the
    bitmask kernel on hands with one, two and three ranks held in three or four suits."""
    from rummy_lab.engine.rules import get_rules
    from rummy_lab.inference import model

    gin = get_rules("gin")
    gen = np.random.default_rng(1)
    rows = []
    for _ in range(3000):
        ranks = gen.choice(13, size=int(gen.integers(2, 5)), replace=False)
        pool = sorted({int(r) + 13 * s for r in ranks for s in range(4)}
                      | set(gen.choice(52, 6, replace=False).tolist()))
        hand = gen.choice(pool, size=min(int(gen.integers(10, 12)), len(pool)), replace=False)
        counts = np.zeros(53, dtype=np.int16)
        counts[hand] = 1
        rows.append(counts)
    hands = np.array(rows)
    pres = (hands[:, :52] > 0).reshape(-1, 4, 13)
    masks = [tuple(int(sum(1 << r for r in range(13) if pres[i, s, r])) for s in range(4))
             for i in range(len(hands))]
    want = np.array([model._sets_deadwood(m, gin) // 128 for m in masks])
    trips = [sum(sum(m[s] >> r & 1 for s in range(4)) >= 3 for r in range(13)) for m in masks]
    assert {1, 2, 3} <= set(trips)  # every case is exercised
    assert model.gin_deadwood(hands, gin).tolist() == want.tolist()
    for limit in (0, 10, 25, 45):  # the bound that skips hands far over the limit, too
        assert (model.gin_deadwood(hands, gin, limit) <= limit).tolist() == (
            want <= limit).tolist()
