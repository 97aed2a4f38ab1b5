"""The bot protocol, the random bot, and helpers that let bots play hands and matches.

Every bot follows one small protocol, :class:`Bot`: ``choose(view, rng) -> Move``. It
gets a :class:`~rummy_lab.engine.state.PlayerView` (never the game itself, so it cannot
peek) and a :class:`random.Random` for any randomness, so a seed replays a whole game.

>>> from rummy_lab.engine.game import new_game
>>> g = new_game("gin", seed=11)
>>> r = play_hand(g, [RandomBot(), RandomBot()], random.Random(0))
>>> r is g.result and g.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..engine.moves import Move
from ..engine.state import Event, GameResult, PlayerView

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.match import Match

__all__ = ["Bot", "RandomBot", "play_hand", "play_match", "play_until_turn"]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view, rng) -> Move``."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """Pick one of ``view.legal_moves``."""
        ...


class RandomBot:
    """Plays a uniformly random legal move.

    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("gin", seed=2)
    >>> RandomBot().choose(g.view_for(1), random.Random(0)) in g.legal_moves()
    True
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A random legal move."""
        if not view.legal_moves:
            raise ValueError(f"player {view.player} has no legal move now")
        return rng.choice(view.legal_moves)

    def __repr__(self) -> str:
        return "RandomBot()"


def play_hand(game: Game, bots: Sequence[Bot], rng: random.Random) -> GameResult:
    """Let the bots (one per seat) play the hand to its end; return the result.

    Each bot sees only ``game.view_for(its seat)``.
    """
    if len(bots) != game.players:
        raise ValueError(f"need {game.players} bots, one per seat, got {len(bots)}")
    state = game.state
    while state.result is None:
        p = state.current
        move = bots[p].choose(game.view_for(p), rng)
        game.play(move, player=p)
    return state.result


def play_until_turn(game: Game, player: int, bots: Bot | Sequence[Bot],
                    rng: random.Random) -> list[Event]:
    """Let the bots play the other seats until it is ``player``'s turn or the hand is over.

    Lessons use it between the learner's moves: the learner plays, the bots answer.

    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("gin", seed=3)
    >>> played = play_until_turn(g, 0, RandomBot(), random.Random(1))
    >>> g.current_player == 0 or g.is_over, [e.player for e in played]
    (True, [1, 1])

    :param bots: one bot for every other seat, or a sequence with a bot per seat (the
        entry at ``player`` is never asked).
    :return: the records of the moves played, as ``player`` sees them.
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < game.players:
        raise ValueError(f"player must be a seat 0..{game.players - 1}, got {player!r}")
    seats: Sequence[Bot] = [bots] * game.players if not isinstance(bots, Sequence) else bots
    if len(seats) != game.players:
        raise ValueError(f"need one bot or {game.players} bots, one per seat, got {len(seats)}")
    start = len(game.history)
    state = game.state
    while state.result is None and state.current != player:
        p = state.current
        game.play(seats[p].choose(game.view_for(p), rng), player=p)
    return list(game.view_for(player).history[start:])


def play_match(match: Match, bots: Sequence[Bot], rng: random.Random,
               *, max_hands: int = 10_000) -> Match:
    """Play hands until the match is decided (or ``max_hands`` hands, a safeguard)."""
    for _ in range(max_hands):
        play_hand(match.current_game, bots, rng)
        if match.is_over:
            return match
        match.next_hand()
    raise RuntimeError(f"the match was not decided within {max_hands} hands")
