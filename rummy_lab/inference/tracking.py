"""Exact card tracking: what one seat knows for certain, replayed from its view.

Why a module of its own: both models start from the same hard facts (which cards the viewer
has seen where, which cards each opponent is known to hold, how many unknown cards sit in
each hand and in the stock), and the behaviour model also needs each opponent's history as
a sequence of steps (cards in, cards out, choices made) to ask "how likely was that choice
with this hand?". Everything here is read from a :class:`~rummy_lab.engine.state.PlayerView`
alone: its own hand, the discard pile, the table and the history, where other players'
stock draws carry no card.

The replay mirrors the engine's public mechanics: Gin's upcard option, Basic Rummy's stock
rebuilt from the discard pile (turned over unshuffled, so the viewer knows its order and
therefore every card drawn from it), Indian Rummy's open pile reshuffled into a new stock
(the viewer knows which cards, not their order), Rummy 500's deep picks, melds and lay-offs,
Indian declarations (a wrong one shows the 13 cards). The first upcard of the non-Gin
variants is not stored in a view; it is recovered from the first record that shows it (a
pick, or the bottom of the pile today). If nothing shows it (it went back into a stock
unseen and an opponent drew it) it counts as one more unknown card.

>>> from rummy_lab.engine.game import new_game
>>> g = new_game("gin", seed=3)
>>> f = replay(g.view_for(1))
>>> f.hidden, len(f.unseen), f.stock_hidden
((10, 0), 41, 31)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card, Hand
from ..engine.moves import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    LayOff,
    Meld,
    PassUpcard,
    TakeUpcard,
)
from ..engine.rules import Rules, Variant
from ..engine.state import PlayerView, TableMeld
from ..engine.variants import engine_for
from ..engine.variants.tabled import arrange_meld, extend_meld

__all__ = [
    "CARD_TYPES",
    "DECIDE",
    "DRAW",
    "OUT",
    "REVEAL",
    "TAKE",
    "DiscardChoice",
    "DrawChoice",
    "Facts",
    "StayChoice",
    "StopChoice",
    "replay",
    "wild_rank",
]

CARD_TYPES = 53
"""Card types by :attr:`Card.index`: 0..51 the naturals (suit-major), 52 the printed joker."""

# Step kinds of an opponent's history (see :attr:`Facts.steps`).
DRAW = 0  # an unknown card came in from the stock: (DRAW, pool, event index); pool 0 is the
# deal's stock, k > 0 the k-th reshuffled pile
TAKE = 1  # known cards came in: (TAKE, cards)
OUT = 2  # a card left the hand face up: (OUT, card, was_hidden)
REVEAL = 3  # an unknown card was shown and stays in the hand: (REVEAL, card)
DECIDE = 4  # a choice was made with the hand as it is at this point: (DECIDE, choice)


@dataclass(frozen=True, slots=True)
class DrawChoice:
    """Take a card from the discard pile (or the upcard), or not.

    :ivar card: the card offered: the top of the pile, or in Rummy 500 the card picked
        from deeper in it.
    :ivar above: the cards taken together with it (Rummy 500 deep picks), else empty.
    :ivar took: whether the player took it.
    :ivar table: the table melds at that moment (lay-offs count as a use of the card).
    :ivar may_lay_off: whether that player was allowed to lay off then.
    """

    card: Card
    above: Hand
    took: bool
    table: tuple[TableMeld, ...]
    may_lay_off: bool


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """The card a player threw, out of the cards they held.

    :ivar card: the card thrown.
    :ivar banned: cards the player could not throw (taken from the discard pile this turn).
    """

    card: Card
    banned: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class StopChoice:
    """Basic Rummy and Rummy 500: the player stopped melding and laying off, held cards.

    :ivar table: the table melds at that moment.
    :ivar may_lay_off: whether that player was allowed to lay off then.
    """

    table: tuple[TableMeld, ...]
    may_lay_off: bool


@dataclass(frozen=True, slots=True)
class StayChoice:
    """Gin: the player discarded without knocking (evaluated on the hand after the discard).

    :ivar limit: the hand's knock limit.
    """

    limit: int


Choice = DrawChoice | DiscardChoice | StopChoice | StayChoice
Step = tuple[object, ...]


@dataclass(frozen=True)
class Facts:
    """The hard facts one seat has about the hidden cards.

    :ivar view: the view they come from.
    :ivar rules: the rules.
    :ivar wild_rank: Indian Rummy's wild rank (its cards play as jokers), else ``None``.
    :ivar known: per seat, the cards known to be in that hand (the viewer's entry is
        empty): taken from the discard pile and not thrown since, drawn from a stock whose
        order the viewer knows, or shown in a wrong declaration.
    :ivar hidden: per seat, how many of its cards the viewer does not know (0 for the
        viewer).
    :ivar unseen: the cards whose place the viewer does not know (a multiset, deck order):
        exactly ``sum(hidden) + stock_hidden`` cards.
    :ivar stock: the stock, top card first: a card where the viewer knows it (Basic Rummy's
        rebuilt stock), ``None`` for an unknown card.
    :ivar stock_hidden: how many stock places hold unknown cards.
    :ivar stock_pool: after an Indian reshuffle, the cards the unknown stock places can
        hold (the reshuffled pile not seen since); ``None`` when any unseen card can be there.
    :ivar steps: per seat, that player's history as steps (empty for the viewer), see
        :data:`DRAW` ... :data:`DECIDE`.
    :ivar pools: the reshuffled piles in order (the pool of a :data:`DRAW` step > 0).
    :ivar revealed: every hand, when the view shows them all (after a showdown).
    """

    view: PlayerView
    rules: Rules
    wild_rank: int | None
    known: tuple[Hand, ...]
    hidden: tuple[int, ...]
    unseen: Hand
    stock: tuple[Card | None, ...]
    stock_hidden: int
    stock_pool: Hand | None
    steps: tuple[tuple[Step, ...], ...]
    pools: tuple[Hand, ...]
    revealed: tuple[Hand, ...] | None

    @property
    def viewer(self) -> int:
        """The seat whose knowledge this is."""
        return self.view.player

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.view.players


def wild_rank(view: PlayerView) -> int | None:
    """The wild rank of a view's deal (Indian Rummy), else ``None``.

    >>> from rummy_lab.engine.game import new_game
    >>> wild_rank(new_game("indian", seed=1, wild_card="7D").view_for(0))
    7
    """
    if view.wild_card is None or not view.rules.wild_joker:
        return None
    return 1 if view.wild_card.is_joker else view.wild_card.rank


class _Replay:
    """The forward replay; ``upcard`` is the first pile card when already known."""

    def __init__(self, view: PlayerView, upcard: Card | None) -> None:
        self.view = view
        self.rules = view.rules
        self.variant = view.rules.variant
        self.me = view.player
        n = view.players
        rules = self.rules
        engine = engine_for(rules)
        deck = engine.deck(rules, n)
        size = rules.hand_size_for(n)
        if self.variant is Variant.INDIAN:
            seated = [view.hand_sizes[p] > 0 for p in range(n)]
        else:
            seated = [True] * n
        self.sizes = [size if s else 0 for s in seated]
        dealt = sum(self.sizes) + 1 + (1 if view.wild_card is not None else 0)
        self.pile: list[Card | None] = [upcard]
        self.stock: list[Card | None] = [None] * (len(deck) - dealt)  # top card last
        self.pool_index = 0  # 0: the deal's stock; k: the k-th reshuffled pile
        self.pools: list[Hand] = []
        self.pool_left: Counter[Card | None] | None = None
        self.known: list[list[Card]] = [[] for _ in range(n)]
        self.hidden = [0 if p == self.me else self.sizes[p] for p in range(n)]
        self.steps: list[list[Step]] = [[] for _ in range(n)]
        self.table: list[TableMeld] = []
        self.melded = [False] * n
        self.pickup: tuple[Card, ...] = ()
        self.set_aside: list[Card] = []
        self.upcard = upcard
        self.gin_forced_stock = False
        self.known_order = False  # Basic Rummy: the stock was rebuilt face down, unshuffled
        self.deck = deck

    # ------------------------------------------------------------------ helpers
    def may_lay_off(self, p: int) -> bool:
        return self.variant in (Variant.BASIC, Variant.RUMMY500) and (
            self.rules.layoff_before_first_meld or self.melded[p]
        )

    def resolve(self, card: Card) -> None:
        """The first upcard turned out to be ``card``."""
        if self.upcard is None:
            self.upcard = card

    def leave(self, p: int, card: Card) -> None:
        """``card`` left seat ``p``'s hand face up."""
        self.sizes[p] -= 1
        if p == self.me:
            return
        known = self.known[p]
        if card in known:
            known.remove(card)
            self.steps[p].append((OUT, card, False))
        else:
            self.hidden[p] -= 1
            self.steps[p].append((OUT, card, True))

    def decide(self, p: int, choice: Choice) -> None:
        if p != self.me:
            self.steps[p].append((DECIDE, choice))

    def offer_decision(self, p: int, took: bool, taken: Sequence[Card] = ()) -> None:
        """Record a draw choice when taking from the pile was open to ``p``."""
        if p == self.me:
            return
        if took:
            card, above = taken[0], Hand(taken[1:])
        else:
            if not self.pile or self.gin_forced_stock:
                return
            top = self.pile[-1]
            if top is None:  # the unknown first upcard: nothing to weigh
                return
            card, above = top, Hand(())
        self.decide(p, DrawChoice(card, above, took, tuple(self.table), self.may_lay_off(p)))

    # ------------------------------------------------------------------ moves
    def take(self, p: int, shown: Sequence[Card]) -> None:
        depth = len(shown)
        gone = self.pile[-depth:]
        del self.pile[-depth:]
        for was, card in zip(gone, shown, strict=True):
            if was is None:
                self.resolve(card)
        self.offer_decision(p, True, shown)
        self.sizes[p] += depth
        self.pickup = tuple(shown)
        if p != self.me:
            self.known[p].extend(shown)
            self.steps[p].append((TAKE, tuple(shown)))

    def draw_stock(self, p: int, drawn: Card | None, index: int) -> None:
        self.offer_decision(p, False)
        self.gin_forced_stock = False
        slot = self.stock.pop()
        self.sizes[p] += 1
        self.pickup = ()
        if p == self.me:
            if drawn is None:  # pragma: no cover - a view always shows its own draws
                raise RuntimeError("the viewer's own stock draw carries no card")
            if slot is None and self.known_order:  # the unknown first upcard, turned over
                self.resolve(drawn)
            elif slot is None and self.pool_left is not None:
                if self.pool_left[drawn] > 0:
                    self.pool_left[drawn] -= 1
                elif self.pool_left[None] > 0:
                    self.pool_left[None] -= 1
                    self.resolve(drawn)
            return
        if slot is not None:  # a stock whose order the viewer knows
            self.known[p].append(slot)
            self.steps[p].append((TAKE, (slot,)))
            return
        self.hidden[p] += 1
        self.steps[p].append((DRAW, self.pool_index, index))

    def discard(self, p: int, card: Card, *, last: bool) -> None:
        if p != self.me:
            if self.variant in (Variant.BASIC, Variant.RUMMY500):
                self.decide(p, StopChoice(tuple(self.table), self.may_lay_off(p)))
            banned = self.pickup if self.rules.no_discard_of_pickup else ()
            if card in banned:
                banned = ()
            self.decide(p, DiscardChoice(card, tuple(banned)))
        self.leave(p, card)
        self.pile.append(card)
        self.pickup = ()
        if self.variant is Variant.GIN and not last and p != self.me:
            limit = self.view.knock_limit
            if limit is not None:
                self.decide(p, StayChoice(limit))

    def end_turn(self, ended: bool) -> None:
        """Refill an empty stock as the engine does (Basic: turned over; Indian: shuffled)."""
        if ended or self.stock or len(self.pile) < 2:
            return
        if self.variant is Variant.BASIC:
            self.known_order = True
            self.stock = self.pile[-2::-1]  # top card last: the first discard comes up first
            del self.pile[:-1]
        elif self.variant is Variant.INDIAN:
            cards = self.pile[:-1]
            del self.pile[:-1]
            self.stock = [None] * len(cards)
            self.pool_index += 1
            self.pool_left = Counter(cards)
            self.pools.append(Hand(c for c in cards if c is not None))

    def meld(self, p: int, shown: Sequence[Card]) -> None:
        arranged = arrange_meld(shown, self.rules)
        kind = arranged[1] if arranged is not None else "set"
        self.table.append(TableMeld(p, Hand(shown), kind, (p,) * len(shown)))
        self.melded[p] = True
        for c in shown:
            self.leave(p, c)

    def lay_off(self, p: int, cards: Sequence[Card], index: int) -> None:
        after = extend_meld(self.table[index], cards, p, self.rules)
        if after is not None:
            self.table[index] = after
        for c in cards:
            self.leave(p, c)

    def declare(self, p: int, finish: Card, shown: Sequence[Card], ended: bool) -> None:
        self.leave(p, finish)
        self.set_aside.append(finish)
        self.pickup = ()
        if p == self.me or ended:
            return
        known = Counter(self.known[p])
        for c in shown:
            if known[c] > 0:
                known[c] -= 1
                continue
            self.hidden[p] -= 1
            self.known[p].append(c)
            self.steps[p].append((REVEAL, c))

    # ------------------------------------------------------------------ the run
    def run(self) -> None:
        view = self.view
        history = view.history
        over = view.result is not None
        for i, e in enumerate(history):
            p, m = e.player, e.move
            last = i == len(history) - 1
            ended = last and over
            if isinstance(m, PassUpcard):
                self.offer_decision(p, False)
                if p == view.dealer:
                    self.gin_forced_stock = True
            elif isinstance(m, TakeUpcard | DrawDiscard):
                self.take(p, e.shown)
            elif isinstance(m, DrawStock):
                self.draw_stock(p, e.drawn, e.index)
            elif isinstance(m, Discard):
                self.discard(p, m.card, last=ended)
                self.end_turn(ended)
            elif isinstance(m, Knock | Gin):
                if m.card is not None:
                    self.discard(p, m.card, last=True)
            elif isinstance(m, Meld):
                self.meld(p, e.shown)
            elif isinstance(m, LayOff):
                self.lay_off(p, m.cards, m.meld_index)
            elif isinstance(m, Declare):
                self.declare(p, m.card, e.shown, ended)
                self.end_turn(ended)
            else:  # Drop, EndRound: nothing moves
                self.end_turn(ended)


def _check(r: _Replay, view: PlayerView) -> None:
    """The replay must land exactly on the view (else the mechanics drifted apart)."""
    problems = []
    if len(r.stock) != view.stock_count:
        problems.append(f"stock {len(r.stock)} != {view.stock_count}")
    if len(r.pile) != len(view.discard_pile) or any(
        a is not None and a is not b for a, b in zip(r.pile, view.discard_pile, strict=False)
    ):
        problems.append("discard pile differs")
    if tuple(r.sizes) != view.hand_sizes:
        problems.append(f"hand sizes {tuple(r.sizes)} != {view.hand_sizes}")
    for p in range(view.players):
        if p != view.player and Counter(view.known[p]) - Counter(r.known[p]):
            problems.append(f"player {p}'s known cards differ")
    if problems:
        raise RuntimeError(
            "inference could not replay this view's history: " + "; ".join(problems)
        )


def replay(view: PlayerView) -> Facts:
    """The hard facts of ``view``: known cards, unknown counts, unseen cards, histories.

    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("gin", seed=3)
    >>> _ = g.play("pass_upcard"); _ = g.play("take_upcard")
    >>> f = replay(g.view_for(1))
    >>> f.known[0] == (g.upcard,), f.hidden[0]
    (True, 10)

    :param view: any player's view, at any moment of the hand.
    :return: the facts.
    :raises RuntimeError: if the history cannot be replayed onto the view (a bug).
    """
    upcard = view.upcard
    r = _Replay(view, upcard)
    r.run()
    if r.upcard is None and None in r.pile:
        r.upcard = view.discard_pile[r.pile.index(None)]
    if upcard is None and r.upcard is not None:
        r = _Replay(view, r.upcard)
        r.run()
    _check(r, view)
    me = view.player
    known = [Hand(k) if p != me else Hand(()) for p, k in enumerate(r.known)]
    hidden = list(r.hidden)
    revealed = view.revealed
    if revealed is not None:
        known = [Hand(h) if p != me else Hand(()) for p, h in enumerate(revealed)]
        hidden = [0] * view.players
    counts = Counter(r.deck)
    seen: list[Card] = [*view.hand, *view.discard_pile, *r.set_aside]
    for m in view.table:
        seen.extend(m.cards)
    if view.wild_card is not None:
        seen.append(view.wild_card)
    for p in range(view.players):
        seen.extend(known[p])
    seen.extend(c for c in r.stock if c is not None)
    counts.subtract(seen)
    if any(v < 0 for v in counts.values()):  # pragma: no cover - guarded by _check
        raise RuntimeError("inference counted more copies of a card than the deck holds")
    unseen = Hand(sorted(counts.elements()))
    stock = tuple(reversed(r.stock))
    stock_hidden = sum(1 for c in stock if c is None)
    if len(unseen) != sum(hidden) + stock_hidden:
        raise RuntimeError(
            f"inference lost track of the cards: {len(unseen)} unseen for "
            f"{sum(hidden)} unknown hand places and {stock_hidden} stock places"
        )
    pool: Hand | None = None
    if r.pool_left is not None and r.pool_left[None] == 0 and stock_hidden:
        left = Counter({c: k for c, k in r.pool_left.items() if c is not None and k > 0})
        pool = Hand(sorted((left & Counter(unseen)).elements()))
        if len(pool) < stock_hidden:  # pragma: no cover - cannot happen; stay safe
            pool = None
    steps = tuple(tuple(s) if p != me else () for p, s in enumerate(r.steps))
    return Facts(
        view=view,
        rules=view.rules,
        wild_rank=wild_rank(view),
        known=tuple(known),
        hidden=tuple(hidden),
        unseen=unseen,
        stock=stock,
        stock_hidden=stock_hidden,
        stock_pool=pool,
        steps=steps,
        pools=tuple(r.pools),
        revealed=revealed,
    )
