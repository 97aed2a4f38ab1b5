"""Indian Rummy matches: Points (one deal), Pool 101/201 (with rejoin) and Deals.

:func:`~rummy_lab.engine.game.new_match` builds an :class:`IndianMatch` for the Indian
presets (the engine's ``match_type``). Seats stay fixed through the match: in a Pool match
a player out of the pool is dealt no cards and sits the deals out, so ``match.play(move,
player=seat)``, bots listed by seat and saved games all keep the same seat numbers.
The scoring is the pure functions of :mod:`rummy_lab.indian`
(:func:`~rummy_lab.indian.points_standings`, :func:`~rummy_lab.indian.pool_standings`,
:func:`~rummy_lab.indian.deals_standings`) on the finished deals' results.

>>> from rummy_lab.engine.game import new_match
>>> m = new_match("indian-pool-101", players=3, seed=1)
>>> type(m).__name__, m.totals, m.is_over
('IndianMatch', (0, 0, 0), False)
>>> _ = m.play("drop"); _ = m.play("drop")
>>> m.totals, m.standing.remaining, m.current_game.result.winner
((0, 20, 20), (0, 1, 2), 0)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from ...indian import (
    DealsStanding,
    PointsStanding,
    PoolStanding,
    match_standing,
)
from ..errors import IllegalMove
from ..game import Game, Match, _start
from ..rules import Rules

if TYPE_CHECKING:
    from .indian import IndianEngine

__all__ = ["IndianMatch", "IndianStanding"]

IndianStanding = PointsStanding | PoolStanding | DealsStanding


class IndianMatch(Match):
    """A Points, Pool or Deals match (``rules.indian_format``).

    * Points: one deal (a void ``max_turns`` deal is dealt again); :attr:`standing` is a
      :class:`~rummy_lab.indian.PointsStanding` with the winnings.
    * Pool: deals until one player is left below ``pool_limit``;
      :meth:`rejoin` brings an eliminated player back when the rules allow it.
    * Deals: ``rules.deals`` deals for chips, plus one more deal while the most chips are
      tied.

    The deal passes to the left, skipping players out of the pool.
    """

    def __init__(self, rules: Rules, players: int, seed: int | None, dealer: int = 0) -> None:
        self._rejoins: list[tuple[int, int]] = []
        self._indian_standing: tuple[tuple[int, int], IndianStanding] | None = None
        super().__init__(rules, players, seed, dealer)

    # ------------------------------------------------------------------ dealing
    def _deal_next(self, dealer: int) -> Game:
        seats = self.seats_for_next_deal()
        n = self.players
        while dealer not in seats:
            dealer = (dealer + 1) % n
        seed = self._rng.getrandbits(63)
        engine = cast("IndianEngine", self.engine)
        deal = engine.deal_seats(self.rules, n, dealer, random.Random(seed), seats)
        game = _start(self.rules, engine, n, deal, seed)
        self.games.append(game)
        return game

    def seats_for_next_deal(self) -> tuple[int, ...]:
        """The seats dealt into the next deal: everyone, or in Pool those still in."""
        st = self.standing
        if isinstance(st, PoolStanding):
            return st.remaining
        return tuple(range(self.players))

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt into the current deal."""
        return tuple(p for p, h in enumerate(self.current_game.state.deal.hands) if h)

    # ------------------------------------------------------------------ scoring
    @property
    def standing(self) -> IndianStanding:
        """The score sheet: :class:`~rummy_lab.indian.PointsStanding`,
        :class:`~rummy_lab.indian.PoolStanding` or :class:`~rummy_lab.indian.DealsStanding`.
        """
        results = self.results
        key = (len(results), len(self._rejoins))
        cached = self._indian_standing
        if cached is None or cached[0] != key:
            st = match_standing(results, self.rules, players=self.players,
                                rejoins=self._rejoins)
            cached = self._indian_standing = (key, st)
        return cached[1]

    @property
    def rejoins(self) -> tuple[tuple[int, int], ...]:
        """``(deals played before, seat)`` for each rejoin so far."""
        return tuple(self._rejoins)

    def can_rejoin(self, player: int) -> bool:
        """True when ``player`` may rejoin the pool now (see :meth:`rejoin`)."""
        st = self.standing
        return (
            isinstance(st, PoolStanding) and self.current_game.is_over
            and st.can_rejoin(player)
        )

    def rejoin(self, player: int) -> int:
        """Bring an eliminated Pool player back for the next deal; return their new score.

        Allowed between deals, when the rules have ``rejoin=True`` and no remaining player
        is above 79 (101 Pool) / 174 (201 Pool); the player re-enters at the highest
        remaining score plus one.

        :raises IllegalMove: naming the reason when the player may not rejoin now.
        """
        st = self.standing
        if not isinstance(st, PoolStanding):
            raise IllegalMove(
                f"rejoining is a Pool rule; {self.rules.name} is {self.rules.indian_format} rummy"
            )
        if not self.current_game.is_over:
            raise IllegalMove("a player rejoins between deals; the current deal is not over")
        why = st.why_not_rejoin(player)
        if why:
            raise IllegalMove(f"player {player} cannot rejoin: {why}")
        self._rejoins.append((len(self.results), player))
        return self.standing.totals[player]
