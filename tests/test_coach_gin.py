"""The coach's Gin arithmetic on bitmasks against the engine, and its Gin belief."""

from __future__ import annotations

import random

import pytest

import rummy_lab as rl
from rummy_lab.bots import GreedyGinBot, RandomBot
from rummy_lab.coach.beliefs import deals, unseen
from rummy_lab.coach.gin.kit import cards_of, kit_for, mask_of
from rummy_lab.coach.gin.playout import DRAW, GinPos, playout
from rummy_lab.coach.gin.policy import ASAP, melds_after_throw
from rummy_lab.engine.solver import best_discard, deadwood

RULES = [rl.get_rules("gin"), rl.get_rules("gin", big_gin_bonus=None, tie_is_undercut=False),
         rl.get_rules("oklahoma")]


@pytest.mark.parametrize("rules", RULES[:1])
def test_deadwood_and_best_discard_agree_with_the_solver(rules: rl.Rules) -> None:
    kit = kit_for(rules)
    rng = random.Random(1)
    deck = rl.make_deck()
    for _ in range(1500):
        n = rng.choice([10, 11])
        hand = rng.sample(deck, n)
        assert kit.deadwood(mask_of(hand)) == deadwood(hand, rules)
        if n == 11:
            _, part = best_discard(hand, rules)
            assert kit.best_discard(mask_of(hand))[1] == part.deadwood_points
    # hands crowded with sets (several ranks held three or four times)
    for _ in range(500):
        ranks = rng.sample(range(1, 14), 4)
        cards = [rl.Card(r, s) for r in ranks for s in "SHDC" if rng.random() < 0.8][:11]
        assert kit.deadwood(mask_of(cards)) == deadwood(cards, rules)


def test_the_best_throw_is_the_solvers_card() -> None:
    """The kit's best throw (the greedy policy's, for the bot and the playouts) is the card
    the solver's best_discard picks, ties included, with and without a card that may not
    be thrown."""
    rules = rl.get_rules("gin")
    kit = kit_for(rules)
    rng = random.Random(5)
    deck = rl.make_deck()
    for _ in range(3000):
        hand = rng.sample(deck, 11)
        pick = rng.choice(hand) if rng.random() < 0.5 else None
        card, _ = best_discard(hand, rules, exclude=(pick,) if pick else ())
        forbid = mask_of([pick]) if pick else 0
        assert kit.best_discard(mask_of(hand), forbid)[0] == card._index, (hand, pick)


def test_the_bots_meld_test_on_masks_is_the_solvers() -> None:
    """melds_after_throw (the greedy bot's take) agrees with the same test on the solver:
    the card is melded after the best other throw (the first of equal ones, in hand
    order), by deadwood points."""
    rules = rl.get_rules("gin")
    kit = kit_for(rules)
    rng = random.Random(6)
    deck = rl.make_deck()
    takes = 0
    for _ in range(3000):
        *hand, card = rng.sample(deck, 11)
        best = min(range(10), key=lambda i: deadwood([*hand[:i], *hand[i + 1:], card], rules))
        rest = hand[:best] + hand[best + 1:]
        want = deadwood([*rest, card], rules) < deadwood(rest, rules) + rules.card_value(card)
        got = melds_after_throw(kit, [c._index for c in hand], card._index)
        assert got == want, (hand, card)
        takes += got
    assert 0 < takes < 3000


def _knockable(rng: random.Random, rules: rl.Rules) -> tuple[list[rl.Card], list[rl.Card]]:
    """A ten-card hand within the knock limit (built from melds), and a defender hand."""
    deck = rl.make_deck()
    while True:
        suit = rng.choice("SHDC")
        start = rng.randint(1, 9)
        run = [rl.Card(r, suit) for r in range(start, start + rng.choice([3, 4, 5]))]
        rank = rng.randint(1, 13)
        group = [rl.Card(rank, s) for s in "SHDC" if rl.Card(rank, s) not in run][:3]
        rest = [c for c in deck if c not in run and c not in group]
        extra = rng.sample(rest, 10 - len(run) - len(group))
        hand = run + group + extra
        if deadwood(hand, rules) <= 10:
            others = [c for c in deck if c not in hand]
            return hand, rng.sample(others, 10)


@pytest.mark.parametrize("rules", RULES[:2])
def test_showdown_agrees_with_the_engine(rules: rl.Rules) -> None:
    kit = kit_for(rules)
    rng = random.Random(2)
    kinds = set()
    for _ in range(600):
        k, d = _knockable(rng, rules)
        sd = rl.gin.showdown(k, d, rules)
        got = kit.showdown(mask_of(k), mask_of(d))
        pts = sd.points if sd.winner == "knocker" else -sd.points if sd.winner else 0
        assert (got.kind, got.knocker_points, got.defender_deadwood) == (
            sd.kind, pts, sd.defender_deadwood), (k, d)
        assert cards_of(got.layoffs) == sorted(sd.layoffs)
        kinds.add(sd.kind)
    assert {"knock", "gin"} <= kinds and kinds & {"undercut", "tie"}


def test_the_rulebook_layoff_example() -> None:
    kit = kit_for(rl.get_rules("gin"))
    k = mask_of(rl.parse_cards("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S"))
    d = mask_of(rl.parse_cards("3H 7H KD KC QS JS 10D 8C 8D 2S"))
    out = kit.showdown(k, d)
    assert (out.kind, out.knocker_points) == ("knock", 63)
    assert [c.code for c in cards_of(out.layoffs)] == ["3H", "7H"]


def test_a_playout_ends_in_a_gin_score() -> None:
    kit = kit_for(rl.get_rules("gin"))
    me = mask_of(rl.parse_cards("AS 2S 3S 4H 5H 6H 7D 7C 7H KS"))
    opp = mask_of(rl.parse_cards("2H 3H 8H 9D 9C JC QC QD 10S 5C"))
    stock = [c._index for c in rl.parse_cards("KD QH JS 10H 9S 8S 4C 3C")]
    pos = GinPos([me, opp], [stock[::-1], stock[::-1]], len(stock), -1, 0, DRAW, 1)
    # 0 draws K♦, throws it and knocks with 10 against 71 (2♥ 3♥ laid off): 61
    assert playout(kit, pos, 0, (ASAP, ASAP), limit=10) == 61


@pytest.mark.parametrize("seed", range(6))
def test_the_belief_never_gives_the_opponent_a_card_seen_elsewhere(seed: int) -> None:
    g = rl.new_game("gin", seed=seed, dealer=seed % 2)
    bots = [GreedyGinBot(), RandomBot() if seed % 3 == 0 else GreedyGinBot()]
    rng = random.Random(seed)
    while not g.is_over:
        p = g.current_player
        view = g.view_for(p)
        q = 1 - p
        hidden = mask_of(unseen(view))
        known = mask_of(view.known[q])
        for det in deals(view, 30, random.Random(0)):
            h = mask_of(det.hands[q])
            assert h.bit_count() == view.hand_sizes[q] == len(det.hands[q])
            assert len(det.stock) == view.stock_count
            assert not h & mask_of(det.stock)
            assert h & known == known
            assert not h & ~known & ~hidden
        g.play(bots[p].choose(view, rng))


def test_the_belief_reads_the_opponent_better_than_chance() -> None:
    """Against a greedy opponent the belief puts more weight on the cards truly held, and
    its hands are about as good as the opponent's (a uniform guess is far worse)."""
    held, other, bias, uniform_bias = [], [], [], []
    kit = kit_for(rl.get_rules("gin"))
    for seed in range(6):
        g = rl.new_game("gin", seed=seed)
        bot = GreedyGinBot()
        rng = random.Random(seed)
        while not g.is_over:
            p = g.current_player
            view = g.view_for(p)
            if p == 0 and view.turn_count >= 8 and view.phase is rl.Phase.DISCARD:
                truth = mask_of(g.hand(1))
                hands = [mask_of(d.hands[1]) for d in deals(view, 60, random.Random(1))]
                flat = [mask_of(d.hands[1])
                        for d in deals(view, 60, random.Random(1), model="uniform")]
                for c in unseen(view):
                    share = sum(1 for h in hands if h >> c._index & 1) / len(hands)
                    (held if truth >> c._index & 1 else other).append(share)
                true_dw = kit.deadwood(truth)
                bias.append(sum(kit.deadwood(h) for h in hands) / len(hands) - true_dw)
                uniform_bias.append(sum(kit.deadwood(h) for h in flat) / len(flat) - true_dw)
            g.play(bot.choose(view, rng))
    assert held and other
    assert sum(held) / len(held) > sum(other) / len(other) + 0.02
    mean_bias = sum(bias) / len(bias)
    mean_uniform = sum(uniform_bias) / len(uniform_bias)
    assert abs(mean_bias) < abs(mean_uniform) / 2, (mean_bias, mean_uniform)


def test_the_race_drops_hopeless_moves_after_one_batch_and_stops_when_settled() -> None:
    """Breaking a made meld is clearly worse after one batch of deals: it gets no more.
    The race stops as soon as no move left leads the principle's by the choice margin,
    so the bot's evaluation plays fewer deals than the schedule's maximum; a review
    (settle=False) plays the move kept for comparison on every batch."""
    from rummy_lab.coach.gin.values import DEFAULT_BATCH, DEFAULT_ROUNDS, gin_move_values
    from rummy_lab.coach.principle import principle_move

    from .helpers import play, stacked_gin

    game = stacked_gin("4H 5H 8S 9S QD QC 2D 3D 6C KH", "AS 2S 3S 7H 7D 7C 9C 10C JC KD",
                       "KS", stock_top="5D")
    play(game, "take_upcard")  # player 1, first to the upcard, takes it
    view = game.view_for(1)
    discards = [m for m in view.legal_moves if isinstance(m, rl.moves.Discard)]
    assert len(discards) == 10  # the king just taken may not be thrown
    principle = principle_move(view)
    values = {mv.move: mv for mv in gin_move_values(view, view.legal_moves, None, 0,
                                                    keep=(principle,))}
    breaking = [m for m in discards if m.card.code in ("2S", "7H", "10C")]
    for m in breaking:
        assert values[m].samples == DEFAULT_BATCH
        assert values[m].value < values[principle].value - 3
    assert DEFAULT_BATCH <= values[principle].samples < DEFAULT_BATCH * DEFAULT_ROUNDS
    review_values = {mv.move: mv for mv in gin_move_values(
        view, view.legal_moves, None, 0, keep=(principle, breaking[0]), settle=False)}
    assert review_values[breaking[0]].samples == DEFAULT_BATCH * DEFAULT_ROUNDS


def test_the_viewers_knock_threshold_in_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer waits for gin in its own playouts unless ``OWN_KNOCK_AT`` says
    otherwise; then it knocks with that much deadwood once the stock is down to
    ``OWN_KNOCK_STOCK`` cards, and the opponent still knocks as soon as it may."""
    from rummy_lab.coach.gin import values as gv
    from rummy_lab.coach.gin.policy import GIN_ONLY

    view = rl.new_game("gin", seed=4).view_for(1)
    moves = view.legal_moves
    assert gv.own_threshold() == GIN_ONLY
    assert gv.GinEvaluation(view, moves, 0).knock_at == (ASAP, GIN_ONLY)
    monkeypatch.setattr(gv, "OWN_KNOCK_AT", 7)
    monkeypatch.setattr(gv, "OWN_KNOCK_STOCK", 12)
    got = gv.own_threshold()
    assert [got[n] for n in (0, 12, 13, 31)] == [7, 7, 0, 0]
    assert len(got) == len(GIN_ONLY)
    assert gv.GinEvaluation(view, moves, 0).knock_at == (ASAP, got)
    assert gv.GinEvaluation(view, moves, 0, own_knock=GIN_ONLY).knock_at == (ASAP, GIN_ONLY)
