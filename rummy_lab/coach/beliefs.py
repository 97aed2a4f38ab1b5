"""Where the coach's beliefs come from: :mod:`rummy_lab.inference`, in one place.

The coach asks a belief for determinizations (:func:`deals`) and for the danger of a
discard (:func:`danger`). Both come from ``rl.inference.belief(view, model=MODEL)`` (in
Gin, :data:`GIN_MODEL`); these are the lines to change to switch models. A belief is
computed once per view and kept for the rest of the evaluation (the last few are cached).

>>> import random, rummy_lab as rl
>>> v = rl.new_game("gin", seed=3).view_for(1)
>>> [len(d.hands[0]) for d in deals(v, 2, random.Random(0))], len(unseen(v))
([10, 10], 41)
"""

from __future__ import annotations

import random
from collections import Counter, OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from ..engine.cards import Card, make_deck
from ..engine.moves import Declare, Discard, DrawDiscard, DrawStock, Drop, LayOff, Meld
from ..engine.rules import Variant
from ..engine.state import Deal, GameState, Phase, PlayerView

if TYPE_CHECKING:  # rl.inference (and numpy) load with the first belief asked for
    from ..inference import Belief, Determinization
    from ..inference.sampling import ProductForm, WeightedHands

__all__ = ["GIN_MODEL", "HISTORIES", "MODEL", "belief", "danger", "deals", "model_for",
           "reading", "state_for", "unseen"]

MODEL = "greedy"
"""The inference model behind the coach's determinizations and dangers in every variant
but Gin (:data:`GIN_MODEL`): the behaviour model with the greedy kind of player alone
(``rl.inference.belief(view, model="greedy")``). The mixture over kinds (``"behaviour"``,
the inference default) reads a random or an unusual opponent far better, but it reads the
bots the coach is measured against no better and costs about twice the time; the exact
model (below) did not play better in Rummy 500 or Indian Rummy either
(``docs/coach.md``)."""

GIN_MODEL = "greedy"
"""The model in Gin (Oklahoma and Hollywood too), :data:`MODEL` as in the other variants.
``"exact"`` computes the same greedy kind without the product form's approximation
(:func:`~rummy_lab.inference.sampling.exact_posterior` with the ``EXACT_`` settings
below): its card probabilities are closer to an enumeration of every hand, but it takes
about twice the time per decision and plays no measurably better (over 1,200 duplicate
deals against the greedy bot, +0.67 ± 0.45 points per deal; ``docs/coach.md``, "The exact
belief"). ``ExpertBot(exact=True)`` and :func:`reading` ask for it."""

HISTORIES = 1024
"""Histories the behaviour model scores per belief for the coach: half the default, about
1.6 times as fast cold; the beliefs lose little (``python benchmarks/bench_inference.py
--gin 60 --r500 20 --indian 10 --histories 1024`` against the default: Gin Brier 0.1843
against 0.1839, Rummy 500 0.0880 against 0.0871, Indian 0.1584 against 0.1577). The exact
model proposes its guesses from this product form."""

EXACT_GUESSES = 2048
"""The exact model's guesses (half the inference default, for speed)."""
EXACT_MIXTURE = False
"""The exact model's kinds: the greedy kind alone (``False``, as the product form here) or
the mixture over every kind (``True``: no better against the greedy bot, 1.5 times the
time)."""
EXACT_MOVES = 2
"""The exact model's Metropolis-Hastings moves per guess."""
EXACT_MOVED: int | None = None
"""How many of the weighted guesses the exact model resamples and moves (``None``: all)."""
EXACT_GUIDED = True
"""Whether the exact model guides the attribution of unseen draws
(:func:`~rummy_lab.inference.sampling.history_loglik`): unguided weights are noisier, and
the coach played no better with them (+0.29 ± 0.78 per deal on 400 deals where guided
ones made +2.60 ± 0.78; over 1,200 deals the guided ones made +0.67 ± 0.45)."""


_READING: ContextVar[str | None] = ContextVar("rummy_lab_coach_reading", default=None)


@contextmanager
def reading(model: str | None) -> Iterator[None]:
    """Within the block, the coach reads every variant with ``model`` (``None``: the
    defaults, :func:`model_for`). ``ExpertBot(exact=True)`` reads Gin this way with
    ``"exact"``.

    >>> import rummy_lab as rl
    >>> v = rl.new_game("gin", seed=3).view_for(1)
    >>> with reading("exact"):
    ...     model_for(v)
    'exact'
    >>> model_for(v)
    'greedy'
    """
    token = _READING.set(model)
    try:
        yield
    finally:
        _READING.reset(token)


def model_for(view: PlayerView) -> str:
    """The coach's model for ``view``: :data:`GIN_MODEL` in Gin, else :data:`MODEL`
    (within :func:`reading`, the model it names)."""
    forced = _READING.get()
    if forced is not None:
        return forced
    if view.rules.variant is not Variant.GIN:
        return MODEL
    return GIN_MODEL


_BELIEFS: OrderedDict[tuple[int, str, int], tuple[PlayerView, Belief]] = OrderedDict()
_DANGERS: dict[tuple[PlayerView, str, Card, int | None], float] = {}
"""Dangers by position (equal views share them: a review replaying a hand finds the
dangers the hint computed at each decision)."""


def belief(view: PlayerView, *, model: str | None = None, seed: int = 0) -> Belief:
    """``rl.inference.belief(view, model=model or model_for(view), seed=seed)`` (the exact
    model with the ``EXACT_`` settings), kept per view."""
    m = model or model_for(view)
    key = (id(view), m, seed)
    got = _BELIEFS.get(key)
    if got is not None and got[0] is view:
        _BELIEFS.move_to_end(key)
        return got[1]
    if m == "exact":
        from ..inference.belief import belief_from
        from ..inference.sampling import exact_posterior
        from ..inference.tracking import Facts

        def posterior(facts: Facts) -> WeightedHands | ProductForm:
            return exact_posterior(facts, seed=seed, guesses=EXACT_GUESSES,
                                   mixture=EXACT_MIXTURE, moves=EXACT_MOVES,
                                   guided=EXACT_GUIDED, proposal=HISTORIES,
                                   moved=EXACT_MOVED)

        b = belief_from(view, m, seed, posterior)
    else:
        from ..inference import belief as inference_belief

        b = inference_belief(view, model=m, seed=seed, histories=HISTORIES)
    _BELIEFS[key] = (view, b)
    while len(_BELIEFS) > 8:
        _BELIEFS.popitem(last=False)
    return b


def deals(view: PlayerView, k: int, rng: random.Random, *, model: str | None = None
          ) -> list[Determinization]:
    """``k`` determinizations of ``view`` drawn from its belief."""
    return belief(view, model=model).sample_deals(k, rng)


def seen_cards(view: PlayerView, extra: Sequence[Card] = ()) -> list[Card]:
    """The cards ``view.player`` sees where they are, other than its hand: the discard
    pile, ``extra``, the table's melds, the cards known to be in other hands and the wild
    card."""
    out = [*view.discard_pile, *extra]
    for m in view.table:
        out.extend(m.cards)
    for q, known in enumerate(view.known):
        if q != view.player:
            out.extend(known)
    if view.wild_card is not None:
        out.append(view.wild_card)
    return out


def unseen(view: PlayerView) -> tuple[Card, ...]:
    """The physical cards ``view.player`` has not seen where they are, in deck order."""
    r = view.rules
    left = Counter(make_deck(r.decks_for(view.players), r.printed_jokers))
    for c in seen_cards(view, view.hand):
        if left[c] > 0:
            left[c] -= 1
    return tuple(c for c in sorted(left) for _ in range(left[c]))


def danger(view: PlayerView, card: Card, player: int | None = None) -> float:
    """The chance that ``player`` (default: the next opponent) can use ``card`` if it is
    thrown now: :meth:`rl.inference.Belief.danger`, except that in Rummy 500 a card that
    makes a meld with cards of the discard pile is certain to be usable (a deep pick
    brings those cards along)."""
    key = (view, model_for(view), card, player)
    got = _DANGERS.get(key)
    if got is not None:
        return got
    if view.rules.variant is Variant.RUMMY500 and _melds_with(view, card, view.discard_pile):
        out = 1.0
    else:
        out = belief(view).danger(card, player)
    if len(_DANGERS) > 4096:
        _DANGERS.clear()
    _DANGERS[key] = out
    return out


def _melds_with(view: PlayerView, card: Card, pool: tuple[Card, ...]) -> bool:
    """True when ``card`` and two cards of ``pool`` make a meld."""
    from ..engine.melds import is_meld

    cands = [c for c in pool if c.rank == card.rank or c.suit is card.suit or c.is_joker]
    for i, a in enumerate(cands):
        for b in cands[i + 1:]:
            if is_meld([card, a, b], view.rules):
                return True
    return False


def state_for(view: PlayerView, det: Determinization) -> GameState:
    """An engine state equal to the real one wherever the view can see, with the hidden
    cards as ``det`` places them. Variant bookkeeping is rebuilt from the history."""
    r = view.rules
    n = view.players
    data: dict[str, object] = {}
    first_laid: list[int | None] = [None] * n
    melded = [False] * n
    out: list[str | None] = [None if view.hand_sizes[q] or q == view.player else "sitting_out"
                             for q in range(n)]
    drawn = [False] * n
    turns = 0
    for e in view.history:
        m = e.move
        if isinstance(m, Meld | LayOff) and first_laid[e.player] is None:
            first_laid[e.player] = turns
        if isinstance(m, Meld):
            melded[e.player] = True
        if isinstance(m, DrawStock | DrawDiscard):
            drawn[e.player] = True
        if isinstance(m, Drop):
            out[e.player] = "middle_drop" if drawn[e.player] else "first_drop"
        if isinstance(m, Declare) and e is not view.history[-1]:
            out[e.player] = "wrong_declaration"
        if isinstance(m, Discard | Drop | Declare):
            turns += 1
    if r.variant in (Variant.BASIC, Variant.RUMMY500):
        data["first_laid"] = first_laid
        data["melded"] = melded
        if r.variant is Variant.BASIC:
            data["restocks"] = 0
        else:
            need = None
            if view.pickup and view.phase is Phase.DISCARD and (
                len(view.pickup) > 1 or r.discard_pick_must_meld == "any"
            ) and view.pickup[0] in view.hand:
                need = view.pickup[0].code
            data["must_meld"] = need
    elif r.variant is Variant.INDIAN:
        data["out"] = out
        data["has_drawn"] = drawn
        data["reshuffles"] = 0
        data["wrong_declarations"] = []
    deal = Deal(det.hands, det.stock, view.discard_pile, view.wild_card, view.dealer)
    return GameState(
        rules=r, players=n, deal=deal, seed=None,
        hands=[list(h) for h in det.hands], stock=list(reversed(det.stock)),
        discard=list(view.discard_pile), phase=view.phase, current=view.current_player,
        upcard=view.upcard, wild_card=view.wild_card, table=list(view.table),
        known=[list(k) for k in view.known], pickup=view.pickup,
        turn_count=view.turn_count, history=list(view.history), data=data,
    )

