"""The EAAI Gin Rummy challenge's reference opponent, ``SimpleGinRummyPlayer``.

The challenge (Todd Neller's EAAI-21 Gin Rummy competition) ranks entries by games to
100 won against this player, so its strength is the field's common yardstick. This is a
re-implementation of the published Java player's decisions on rummy_lab's views; the
rules of the challenge's games are ``benchmarks/bench_strength.py eaai``'s.

>>> import random
>>> from rummy_lab.engine.game import new_game
>>> from rummy_lab.bots.base import play_hand
>>> g = new_game("gin", seed=11)
>>> r = play_hand(g, [SimpleGinRummyPlayer(), SimpleGinRummyPlayer()], random.Random(0))
>>> r is g.result and g.is_over
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from ..coach.gin.kit import kit_for, mask_of
from ..engine.cards import Card
from ..engine.melds import is_meld
from ..engine.moves import (
    DRAW_DISCARD,
    DRAW_STOCK,
    PASS_UPCARD,
    TAKE_UPCARD,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Move,
    TakeUpcard,
    discard_of,
    gin_of,
    knock_of,
)
from ..engine.rules import Rules, Variant
from ..engine.state import Event, Phase, PlayerView

__all__ = ["SimpleGinRummyPlayer", "check_gin_rules", "joins_meld", "played_pairs"]


def check_gin_rules(rules: Rules) -> None:
    """Raise :class:`ValueError` unless ``rules`` are Gin rules (Gin, Oklahoma, Hollywood
    or any Gin variation): the challenge's player knows only Gin's moves.

    >>> from rummy_lab.engine.rules import get_rules
    >>> check_gin_rules(get_rules("oklahoma"))
    >>> check_gin_rules(get_rules("500"))
    Traceback (most recent call last):
    ...
    ValueError: SimpleGinRummyPlayer plays Gin rummy only (Gin, Oklahoma, Hollywood); the '500' ...
    """
    if rules.variant is not Variant.GIN:
        kind = {Variant.BASIC: "Basic Rummy", Variant.RUMMY500: "Rummy 500",
                Variant.INDIAN: "Indian Rummy"}.get(rules.variant, rules.variant.value)
        raise ValueError(
            "SimpleGinRummyPlayer plays Gin rummy only (Gin, Oklahoma, Hollywood); the "
            f"'{rules.name}' rules are {kind}"
        )


def joins_meld(hand: Sequence[Card], card: Card, rules: Rules) -> bool:
    """True when ``card`` would be part of a meld with ``hand``: some meld of the cards
    ``hand + [card]`` contains it (the published ``cardsToAllMelds`` test).

    Every meld holding the card holds one of ``rules.min_meld`` cards that holds it (a
    set's subset, or a window of a run), so those small melds are the ones checked, each
    with :func:`~rummy_lab.engine.melds.is_meld`: ``min_meld - 1`` cards of the card's
    rank, or ``min_meld`` consecutive ranks of its suit around it (ace high too where the
    rules allow Q-K-A). Whether the meld is part of the hand's best arrangement does not
    matter.

    >>> from rummy_lab.engine.cards import Card, parse_cards
    >>> from rummy_lab.engine.rules import get_rules
    >>> hand = parse_cards("5H 7H 9S 9D KC QD 2C 3S AD 4D")
    >>> [joins_meld(hand, Card.parse(c), get_rules("gin")) for c in ("6H", "9C", "8H", "3D")]
    [True, True, False, False]
    """
    need = rules.min_meld
    same_rank = [c for c in hand if c.rank == card.rank and c != card]
    for others in itertools.combinations(same_rank, need - 1):
        if is_meld([card, *others], rules):
            return True
    if card.suit is None:
        return False
    by_place: dict[int, Card] = {}
    for c in hand:
        if c.suit == card.suit and c != card and c.rank:
            by_place[c.rank] = c
            if c.rank == 1 and rules.ace_high:
                by_place[14] = c
    top = 14 if rules.ace_high else 13
    places = [card.rank, 14] if card.rank == 1 and rules.ace_high else [card.rank]
    for place in places:
        for start in range(max(1, place - need + 1), min(place, top - need + 1) + 1):
            window = [card if p == place else by_place.get(p) for p in range(start, start + need)]
            cards = [c for c in window if c is not None]
            if len(cards) == need and is_meld(cards, rules):
                return True
    return False


def played_pairs(history: Sequence[Event], player: int) -> set[frozenset[Card]]:
    """The (drawn card, discarded card) pairs ``player`` has played in a hand, from its
    own records (which show its stock draws), each as the set of its cards: the published
    guard stores a pair as a card set, so drawing A and discarding B also rules out
    drawing B and discarding A later, and drawing a card and throwing it back is the set
    of that one card.

    >>> import random
    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("gin", hands=["AS 2S 3H 4H 6C 8C 10C JH QS KH",
    ...                            "5H 7H 9S 9D KC QD 2C 3S AD 4D"], discard="6H", seed=2)
    >>> _ = g.play("take_upcard"); _ = g.play("discard KC")
    >>> sorted(sorted(c.code for c in pair) for pair in played_pairs(g.view_for(1).history, 1))
    [['6H', 'KC']]
    """
    pairs: set[frozenset[Card]] = set()
    drawn: Card | None = None
    for e in history:
        if e.player != player:
            continue
        move = e.move
        if isinstance(move, TakeUpcard | DrawDiscard | DrawStock):
            drawn = _drawn_by(e)
        elif isinstance(move, Discard | Knock | Gin) and move.card is not None:
            if drawn is not None:
                pairs.add(frozenset((drawn, move.card)))
            drawn = None
    return pairs


class SimpleGinRummyPlayer:
    """The EAAI Gin Rummy challenge's ``SimpleGinRummyPlayer``, as published.

    * **Draw.** Takes the face-up card (the upcard, or later the top discard) only when it
      would be part of a meld with the hand (:func:`joins_meld`: some meld of the hand
      plus the card contains it, whether or not the hand's best arrangement uses it);
      otherwise draws from the stock (passes the upcard on the first turn).
    * **Discard.** Among the cards other than a face-up card taken this turn, one whose
      discard leaves the least deadwood (the best arrangement of the ten cards kept);
      ties are broken at random with the ``rng`` passed to :meth:`choose`. The loop
      guard: a card whose discard repeats a (drawn card, discarded card) pair already
      played in this hand is not a candidate; pairs compare as card sets, as the
      published player's bitstrings do (:func:`played_pairs`). If every card is ruled
      out (the published player would fail there), the guard is dropped for that discard.
    * **Knock.** Right after that discard: gin when it leaves no deadwood, a knock when it
      leaves deadwood within the hand's knock limit (the legal :class:`Knock` moves, so
      Oklahoma's limit applies), else a plain discard. The discard is chosen first, as
      published: it never trades a lower deadwood for a knock, and it never goes big gin
      (with eleven melded cards some discard leaves none, and it goes gin with it).
    * **Showdown.** Lay-offs after the other player knocks are the engine's, as for every
      bot.

    The per-hand state (the pairs played) is read from the view's own records, so a
    player object can play any number of hands, or both seats, and a seeded game replays
    exactly.

    >>> import random
    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("gin", hands=["AS 2S 3H 4H 6C 8C 10C JH QS KH",
    ...                            "5H 7H 9S 9D KC QD 2C 3S AD 4D"], discard="6H", seed=2)
    >>> bot = SimpleGinRummyPlayer()
    >>> str(bot.choose(g.view_for(1), random.Random(0)))  # 6H melds with 5H 7H
    'take the upcard'
    >>> _ = g.play("take_upcard")
    >>> str(bot.choose(g.view_for(1), random.Random(0)))  # KC or QD: 10 points either way
    'discard Q♦'

    :raises ValueError: from :meth:`choose`, for a view of rules other than Gin's
        (:func:`check_gin_rules`).
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The published player's move for this view."""
        check_gin_rules(view.rules)
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"player {view.player} has no legal move now")
        phase = view.phase
        if phase is Phase.UPCARD or phase is Phase.DRAW:
            take = TAKE_UPCARD if phase is Phase.UPCARD else DRAW_DISCARD
            top = view.discard_top
            if take in legal and top is not None and joins_meld(view.hand, top, view.rules):
                return take
            if phase is Phase.UPCARD:
                return PASS_UPCARD
            return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
        card = self.discard(view, rng)
        for move in (gin_of(card), knock_of(card), discard_of(card)):
            if move in legal:
                return move
        return legal[0]  # pragma: no cover - a card of the hand can always be thrown

    def discard(self, view: PlayerView, rng: random.Random) -> Card:
        """The card to throw: least deadwood left, not a face-up card taken this turn,
        no repeated (drawn, discarded) pair, ties at random (see the class notes)."""
        hand = view.hand
        taken = set(view.pickup)
        candidates = [c for c in dict.fromkeys(hand) if c not in taken] or list(hand)
        drawn = _drawn_this_turn(view)
        if drawn is not None:
            played = played_pairs(view.history, view.player)
            fresh = [c for c in candidates if frozenset((drawn, c)) not in played]
            candidates = fresh or candidates
        kit = kit_for(view.rules)
        full = mask_of(hand)
        left = [kit.deadwood(full & ~(1 << c._index)) for c in candidates]
        least = min(left)
        best = [c for c, d in zip(candidates, left, strict=True) if d == least]
        return best[0] if len(best) == 1 else rng.choice(best)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SimpleGinRummyPlayer)

    def __hash__(self) -> int:
        return hash("SimpleGinRummyPlayer")

    def __repr__(self) -> str:
        return "SimpleGinRummyPlayer()"


def _drawn_by(e: Event) -> Card | None:
    """The card a draw record took: the face-up card shown, or the stock card (seen in
    the drawer's own records); None for any other move."""
    if isinstance(e.move, TakeUpcard | DrawDiscard):
        return e.shown[-1] if e.shown else None
    if isinstance(e.move, DrawStock):
        return e.drawn
    return None


def _drawn_this_turn(view: PlayerView) -> Card | None:
    """The card ``view.player`` drew this turn (its last record, when that is a draw)."""
    last = view.history[-1] if view.history else None
    return _drawn_by(last) if last is not None and last.player == view.player else None
