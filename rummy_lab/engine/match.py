"""Matches: a sequence of hands with the variant's match scoring.

Gin and Oklahoma play a game to ``rules.target`` with box and game bonuses, Hollywood
three games at once, Basic Rummy and Rummy 500 to their targets; Indian Rummy's Points,
Pool (with rejoin) and Deals formats are an :class:`IndianMatch`, whose seats stay fixed
through the match: in a Pool match a player out of the pool is dealt no cards and sits the
deals out, so ``match.play(move, player=seat)``, bots listed by seat and saved games all
keep the same seat numbers.

Why above :mod:`~rummy_lab.engine.game`: a match deals games; the variant engines only
supply the scoring (:meth:`~rummy_lab.engine.variants.VariantEngine.match_standing`).

>>> m = new_match("indian-pool-101", players=3, seed=1)
>>> type(m).__name__, m.totals, m.is_over
('IndianMatch', (0, 0, 0), False)
>>> _ = m.play("drop"); _ = m.play("drop")
>>> m.totals, m.standing.remaining, m.current_game.result.winner
((0, 20, 20), (0, 1, 2), 0)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from .dealing import resolve_rules, start_state
from .errors import IllegalMove, quote
from .game import Game, new_game
from .moves import MoveLike
from .rules import Rules, RulesLike, Variant
from .scoring.indian import DealsStanding, PointsStanding, PoolStanding, match_standing
from .state import Event, GameResult
from .variants import MatchStanding, engine_for
from .variants.indian import IndianEngine

__all__ = ["IndianMatch", "IndianStanding", "Match", "new_match"]

class Match:
    """A sequence of hands scored by the variant's match rules.

    Gin and Oklahoma: a game to ``rules.target`` with box and game bonuses
    (:func:`rummy_lab.gin.game_totals`); Hollywood: three games at once. The dealer of
    each next hand comes from the variant (Gin: the winner of the last hand deals).

    >>> m = new_match("gin", seed=3)
    >>> m.current_game.dealer, m.is_over, m.totals
    (0, False, (0, 0))
    """

    def __init__(
        self, rules: Rules, players: int, seed: int | None, dealer: int = 0
    ) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.engine = engine_for(rules)
        self._rng = random.Random(seed)
        self.games: list[Game] = []
        self._standing: tuple[int, MatchStanding] | None = None
        self._deal_next(dealer)

    def _deal_next(self, dealer: int) -> Game:
        game = new_game(
            self.rules, players=self.players, seed=self._rng.getrandbits(63), dealer=dealer
        )
        game.match_scores = self.totals if self.games else (0,) * self.players
        self.games.append(game)
        return game

    @property
    def current_game(self) -> Game:
        """The hand being played (or the last one, once the match is over)."""
        return self.games[-1]

    @property
    def results(self) -> list[GameResult]:
        """Results of the finished hands, in order."""
        return [g.state.result for g in self.games if g.state.result is not None]

    @property
    def standing(self) -> MatchStanding:
        """The variant's score sheet after the finished hands."""
        results = self.results
        cached = self._standing
        if cached is None or cached[0] != len(results):
            cached = self._standing = (
                len(results), self.engine.match_standing(self.rules, self.players, results)
            )
        return cached[1]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's match total so far (bonuses included once settled)."""
        return tuple(self.standing.totals)

    @property
    def winner(self) -> int | None:
        """The match winner, once decided."""
        return self.standing.winner

    @property
    def is_over(self) -> bool:
        """True once the match is decided."""
        return bool(self.standing.finished)

    def play(self, move: MoveLike, *, player: int | None = None) -> Event:
        """Play a move in the current hand."""
        return self.current_game.play(move, player=player)

    def next_hand(self) -> Game:
        """Deal the next hand (the variant picks the dealer).

        :raises IllegalMove: while the current hand goes on, or once the match is over.
        """
        game = self.current_game
        if not game.is_over:
            raise IllegalMove("the current hand is not over yet")
        if self.is_over:
            raise IllegalMove(f"the match is over (winner: player {self.winner})")
        return self._deal_next(self.engine.next_dealer(game.state))

    def __repr__(self) -> str:
        return (
            f"<Match {self.rules.name} hands={len(self.games)} totals={self.totals} "
            f"over={self.is_over}>"
        )


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
        engine = cast(IndianEngine, self.engine)
        deal = engine.deal_seats(self.rules, n, dealer, random.Random(seed), seats)
        game = Game(start_state(self.rules, engine, n, deal, seed), engine,
                    tuple(self.standing.totals) if self.games else (0,) * n)
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


def new_match(
    variant: RulesLike = "gin",
    *,
    players: int = 2,
    seed: int | None = None,
    rules: RulesLike | Mapping[str, Any] | None = None,
    dealer: int = 0,
) -> Match:
    """Start a match: the first hand is dealt, ``seed`` fixes every later deal too.

    >>> m = new_match("hollywood", seed=1)
    >>> m.rules.hollywood, len(m.games)
    (True, 1)
    """
    r = resolve_rules(variant, rules)
    r.check_players(players)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0..{players - 1}, got {quote(dealer)}")
    match_type = IndianMatch if r.variant is Variant.INDIAN else Match
    return match_type(r, players, seed, dealer)
