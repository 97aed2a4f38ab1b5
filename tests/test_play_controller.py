"""The play table's controller, without a widget: the game, the bots, what a click means,
the coach's hint, review and reasons (a fake coach at the controller's boundary)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import rummy_lab as rl
from rummy_lab.engine.game import Game
from rummy_lab.widgets.play_controller import ACTIONS, PlayController, seat_names


def stacked_knock_game() -> Game:
    """Player 1 (first to move) draws AS from the stock and can knock at once."""
    hands = ["3H 7H KD KC QS JS 10D 8C 8D 2S", "4H 5H 6H 9C 9D 9S 2C 3C 4C 5S"]
    used = set(rl.parse_cards(" ".join(hands) + " AD AS"))
    stock = ["AS"] + [c.code for c in rl.make_deck() if c not in used]
    return rl.new_game("gin", hands=hands, discard="AD", stock=" ".join(stock))


class Coach:
    """What the controller asks of the coach: the legal moves in the engine's order,
    a fixed reason for each bot move, and a review that records who asked."""

    HINT_SHOWN = 2

    def __init__(self, reason: str = "because") -> None:
        self.reason = reason
        self.reviewed: list[int] = []

    def hint(self, game: Game) -> list[rl.coach.Advice]:
        return [rl.coach.Advice(m, -i, (f"reason {i}",), rank=i + 1, choice=i == 0)
                for i, m in enumerate(game.legal_moves())]

    def explain(self, view: object, move: object, voice: str = "you") -> str:
        assert voice == "they"
        return f"{move}: {self.reason}"

    def review(self, game: Game, player: int) -> object:
        self.reviewed.append(player)
        return "a review"


def test_the_controller_loads_no_widget_library() -> None:
    code = (
        "import sys, json\n"
        "from rummy_lab.widgets.play_controller import PlayController\n"
        "c = PlayController('gin', seed=3, coach=None)\n"
        "c.play(c.view.legal_moves[0])\n"
        "print(json.dumps(sorted(m for m in ('ipywidgets', 'IPython', 'plotly') "
        "if m in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_seats_are_named_for_you_and_the_bots() -> None:
    assert seat_names(2, 1) == ["Bot", "You"]
    assert PlayController("basic", players=3, seed=1, human=2, coach=None).names == [
        "Bot 1", "Bot 2", "You"]
    with pytest.raises(ValueError, match=r"human must be a seat 0\.\.1, got 2"):
        PlayController("gin", human=2, coach=None)


def test_the_bots_open_and_reply_with_the_coachs_reasons() -> None:
    coach = Coach()
    c = PlayController(game=stacked_knock_game(), human=1, coach=coach)
    assert c.view.is_my_turn and c.last_events == []  # player 1 moves first
    events = c.play(rl.moves.PassUpcard())
    assert events[0].player == 1 and all(e.player == 0 for e in events[1:])
    assert c.last_events == events and c.view.is_my_turn
    assert all(e.drawn is None for e in events[1:])  # the bots' draws, as you see them
    bot = [e for e in c.game.history if e.player == 0]
    assert bot and all(c.reasons[e.index] == "because" for e in bot)


def test_a_buttons_meaning_with_the_selected_cards() -> None:
    c = PlayController(game=stacked_knock_game(), human=1, coach=None)
    assert c.actions() == [n for n in ACTIONS if n in c.actions()]  # table order
    states = c.button_states(())
    assert {n for n, s in states.items() if s.primary} == {"take_upcard", "pass_upcard"}
    assert states["take_upcard"].label == "Take the A♦"
    assert not states["discard"].visible and not states["knock"].enabled
    c.play(rl.moves.PassUpcard())
    c.play(rl.moves.DrawStock())
    ace = rl.Card.parse("AS")
    assert c.move_for("discard", ()) == "Select exactly one card to discard."
    assert c.move_for("knock", [ace]) == rl.moves.Knock(ace)
    assert c.move_for("gin", []) == rl.moves.Gin()
    assert c.is_listed(rl.moves.Knock(ace))
    states = c.button_states([ace])
    knock = states["knock"]
    assert knock.visible and knock.enabled and knock.primary
    assert knock.label == "Knock, throwing the A♠"
    assert states["discard"].label == "Discard the A♠" and states["discard"].primary
    assert not states["gin"].visible  # deadwood 1: no gin, so no gin button
    assert "select" in c.button_states([])["discard"].label
    assert c.what_to_do().startswith("select a card and discard it, or knock")


def test_an_illegal_move_changes_nothing() -> None:
    c = PlayController("gin", seed=3, coach=None)
    before, opening = c.game.to_json(), list(c.last_events)
    with pytest.raises(rl.IllegalMove):
        c.play(rl.moves.DrawStock())  # the upcard is offered first
    assert c.game.to_json() == before and c.last_events == opening
    assert c.why_not(rl.moves.DrawStock()) != ""


def test_the_hint_and_the_review_come_from_the_coach() -> None:
    coach = Coach()
    c = PlayController(game=stacked_knock_game(), human=1, coach=coach)
    advice = c.hint()
    assert advice == c.advice and len(advice) == Coach.HINT_SHOWN
    assert [a.move for a in advice] == list(c.view.legal_moves)[:2]
    assert advice[0].reasons == ("reason 0",)
    c.play(rl.moves.PassUpcard())
    c.play(rl.moves.DrawStock())
    c.play(rl.moves.Knock(rl.Card.parse("AS")))
    assert c.view.is_over and c.hint() is None and c.advice is None
    assert c.review() == "a review" and coach.reviewed == [1]
    assert c.move_count() == 3


def test_without_a_coach_there_is_no_hint_reason_or_review() -> None:
    c = PlayController(game=stacked_knock_game(), human=1, coach=None)
    assert not c.has_coach and c.hint() is None and c.review() is None
    c.play(rl.moves.PassUpcard())
    assert c.reasons == {}


def test_a_reason_naming_hidden_cards_waits_for_the_end() -> None:
    coach = Coach("keeps K♦ K♣ together; the upcard is public")
    c = PlayController(game=stacked_knock_game(), human=1, coach=coach)
    c.play(rl.moves.PassUpcard())
    bot = [e for e in c.log_entries() if e.event.player == 0]
    assert bot and all(e.fresh for e in bot)
    assert bot[0].reason == "the upcard is public; more when the hand is over"
    c.play(rl.moves.DrawStock())
    c.play(rl.moves.Knock(rl.Card.parse("AS")))
    assert c.view.is_over
    assert any("keeps K♦ K♣ together" in e.reason for e in c.log_entries())


def test_a_new_hand_keeps_the_rules_and_moves_the_seed_on() -> None:
    c = PlayController("oklahoma", seed=4, coach=None)
    rules = c.game.rules
    c.new_hand()
    assert c.seed == 5 and c.game.rules == rules and c.game.seed == 5
    assert c.advice is None and c.reasons == {}


@pytest.mark.parametrize("variant", ["gin", "basic", "500", "indian"])
def test_random_clicks_through_the_controller_finish_a_hand(variant: str) -> None:
    """Every listed legal move is what some action means with its cards selected, and
    its button is primary."""
    c = PlayController(variant, seed=7, bot=rl.bots.RandomBot(), coach=None)
    rng = random.Random(1)
    for _ in range(600):
        if c.game.is_over:
            break
        move = rng.choice(list(c.view.legal_moves))
        name = next(n for n, (_, kind, _) in ACTIONS.items() if type(move) is kind)
        cards = [move.card] if getattr(move, "card", None) else list(getattr(move, "cards", ()))
        depth = getattr(move, "depth", 1)
        target = getattr(move, "meld_index", 0)
        assert c.move_for(name, cards, depth=depth, meld_index=target) == move
        state = c.button_states(cards, depth=depth, meld_index=target)[name]
        assert state.visible and state.enabled and state.primary, (name, move)
        c.play(move)
    assert c.game.is_over and c.view.result is not None


class PickingCoach(Coach):
    """Every move of rank 1 but the last; the rule of thumb picks the third; match chances
    from a fixed table."""

    HINT_SHOWN = 2

    def hint(self, game: Game) -> list[rl.coach.Advice]:
        moves = list(game.legal_moves())
        return [rl.coach.Advice(m, 5.0 - i, (f"reason {i}",), se=1.0,
                                rank=1 if i < len(moves) - 1 else 2, choice=i == 2)
                for i, m in enumerate(moves)]

    def match_win_probability(self, rules: object, scores: tuple[int, ...], *,
                              dealer: int | None = None) -> tuple[float, float]:
        if rules == rl.get_rules("hollywood"):
            raise ValueError("no match chances for Hollywood")
        return (0.25, 0.75) if dealer == 0 else (0.3, 0.7)


def test_the_hint_keeps_every_ranked_move_and_shows_the_coachs_pick() -> None:
    c = PlayController(game=stacked_knock_game(), human=1, coach=PickingCoach())
    c.play(rl.moves.PassUpcard())
    c.play(rl.moves.DrawStock())
    advice = c.hint()
    assert c.ranked is not None and len(c.ranked) == len(c.view.legal_moves)
    assert advice == [*c.ranked[:2], c.ranked[2]]  # HINT_SHOWN moves, then the pick
    assert c.choice is c.ranked[2] and c.choice.choice
    c.clear_hint()
    assert c.advice is None and c.ranked is None and c.choice is None


def test_the_match_chance_of_a_match_hand() -> None:
    game = rl.new_match("gin", seed=4).current_game
    c = PlayController(game=game, coach=PickingCoach())
    chance = c.match_chance()
    assert chance == (0.25 if game.dealer == 0 else 0.3)  # with this hand's dealer
    assert c.match_chance_range() is None  # a coach without ranges: none shown
    assert PlayController("gin", seed=4, coach=PickingCoach()).match_chance() is None
    assert PlayController(game=game, coach=None).match_chance() is None
    hollywood = rl.new_match("hollywood", seed=4).current_game
    assert PlayController(game=hollywood, coach=PickingCoach()).match_chance() is None


def _finish_hand(c: PlayController, rng: random.Random) -> None:
    """Play your moves with the variant's greedy bot until the hand is over."""
    bot = rl.bots.make_bot("greedy", c.game.rules)
    while not c.game.is_over:
        c.play(bot.choose(c.view, rng))


def test_a_match_at_the_table_plays_hand_after_hand_to_the_end() -> None:
    c = PlayController("gin", seed=4, match=True, coach=PickingCoach())
    assert c.match is not None and c.game is c.match.current_game
    before = c.game
    with pytest.raises(rl.IllegalMove, match="cannot be abandoned"):
        c.new_hand()
    assert c.game is before and not before.is_over and len(c.match.games) == 1
    assert c.match_chance_now() is None  # during a hand
    rng = random.Random(0)
    hands = 0
    while True:
        _finish_hand(c, rng)
        hands += 1
        assert c.match_totals() == c.match.totals
        if c.match.is_over:
            break
        c.new_hand()
        assert c.game is c.match.current_game and c.game.match_scores == c.match.totals
        assert len(c.match.games) == hands + 1
    won = c.match.winner == 0
    assert c.match_chance_now() == (1.0 if won else 0.0)
    assert max(c.match.totals) >= 100
    old = c.match
    c.new_hand()  # the match is decided: a new one
    assert c.match is not old and c.match.totals == (0, 0) and len(c.match.games) == 1


def test_the_chance_after_a_match_hand_comes_from_the_totals_and_next_dealer() -> None:
    seen: list[tuple[tuple[int, ...], int | None]] = []

    class Recording(PickingCoach):
        def match_win_probability(self, rules: object, scores: tuple[int, ...], *,
                                  dealer: int | None = None) -> tuple[float, float]:
            seen.append((tuple(scores), dealer))
            return (0.625, 0.375)

    c = PlayController("gin", seed=4, match=True, coach=Recording())
    _finish_hand(c, random.Random(1))
    assert c.match is not None
    seen.clear()
    assert c.match_chance_now() == 0.625
    assert seen == [(c.match.totals, c.match.engine.next_dealer(c.game.state))]


def test_a_match_needs_two_players_and_no_game() -> None:
    with pytest.raises(ValueError, match="two players"):
        PlayController("basic", players=3, match=True)
    game = rl.new_game("gin", seed=1)
    with pytest.raises(ValueError, match="either game= or match="):
        PlayController(game=game, match=True)
    with pytest.raises(ValueError, match="match must be"):
        PlayController("gin", match="yes")  # type: ignore[arg-type]
    m = rl.new_match("500", seed=2)
    c = PlayController(match=m)
    assert c.match is m and c.game is m.current_game and c.variant == m.rules.name
