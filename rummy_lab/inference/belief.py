"""What one player can infer about the others' cards: :func:`belief` and :class:`Belief`.

Why: "what does my opponent hold?" is conditional probability with cards. A belief
answers it card by card (:meth:`Belief.p`, :meth:`Belief.expected`), lists what is
certain (:meth:`Belief.known`), says how dangerous a discard is (:meth:`Belief.danger`)
and hands a coach complete guesses of every hidden card (:meth:`Belief.sample_deals`).

>>> import rummy_lab as rl
>>> g = rl.new_game("gin", seed=3)
>>> b = belief(g.view_for(1), model="uniform")
>>> b.p(next(c for c in rl.make_deck() if c not in g.hand(1) and c != g.upcard))
0.24390243902439024
>>> round(sum(b.expected(c) for c in rl.make_deck()), 9), b.known()
(10.0, ())
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from math import comb

import numpy as np
import numpy.typing as npt

from ..engine.cards import RANK_SYMBOLS, SUITS, Card, Hand, clean_cards
from ..engine.errors import CardError
from ..engine.rules import Variant
from ..engine.state import PlayerView
from .model import feature_table, kind_params, layoff_mask, offer_melds, usable
from .sampling import (
    EXACT_GUESSES,
    HISTORIES,
    MixtureForm,
    ProductForm,
    WeightedHands,
    behaviour_posterior,
    exact_posterior,
    uniform_posterior,
)
from .tracking import CARD_TYPES, DECIDE, Facts, replay

__all__ = ["MODELS", "Belief", "Determinization", "belief"]

MODELS = ("behaviour", "greedy", "exact", "uniform")
"""The models :func:`belief` knows: ``"behaviour"`` reads which kind of player each
opponent is and mixes the kinds' beliefs, ``"greedy"`` reads every opponent as the greedy
kind alone (the behaviour model before the mixture; the coach's model), ``"exact"`` is
the behaviour model computed without the fast product form (importance sampling of whole
histories: sharper, and tens of times slower), ``"uniform"`` reads no choices."""

DANGER_SAMPLES = 2048
"""Posterior draws behind :meth:`Belief.danger` (seeded; about one point of accuracy)."""

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Determinization:
    """One complete guess of every hidden card, consistent with everything the viewer saw.

    Why: a coach that wants to try moves plays them out in many such guesses
    (determinized rollouts), weighting each guess as the belief does.

    :ivar hands: every player's full hand: the viewer's as it is, each other player's
        known cards followed by guessed ones (sizes as in ``view.hand_sizes``).
    :ivar stock: the stock, top card first, with the unknown places filled by guesses
        (length ``view.stock_count``).

    >>> import random, rummy_lab as rl
    >>> g = rl.new_game("gin", seed=3)
    >>> d = belief(g.view_for(1), model="uniform").sample_deals(1, random.Random(0))[0]
    >>> [len(h) for h in d.hands], len(d.stock), d.hands[1] == g.hand(1)
    ([10, 10], 31, True)
    """

    hands: tuple[Hand, ...]
    stock: Hand


@dataclass(frozen=True, eq=False)
class Belief:
    """The viewer's belief about every other hand (build it with :func:`belief`).

    :ivar view: the view it was computed from.
    :ivar model: ``"behaviour"``, ``"greedy"``, ``"exact"`` or ``"uniform"`` (:data:`MODELS`).
    :ivar seed: the seed of its random draws.
    :ivar facts: the hard facts (:class:`~rummy_lab.inference.tracking.Facts`).

    >>> import rummy_lab as rl
    >>> b = belief(rl.new_game("gin", seed=3).view_for(0), model="uniform")
    >>> b.opponents, b.p("KS", 1) == b.expected("KS", 1)
    ((1,), True)
    """

    view: PlayerView
    model: str
    seed: int
    facts: Facts
    _p: Floats = field(repr=False)
    _e: Floats = field(repr=False)
    _posterior: ProductForm | WeightedHands | MixtureForm = field(repr=False)
    _cache: dict[str, object] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ seats
    @property
    def opponents(self) -> tuple[int, ...]:
        """The other seats that hold cards, in turn order after the viewer."""
        n = self.view.players
        me = self.view.player
        seats = [(me + i) % n for i in range(1, n)]
        return tuple(s for s in seats if self.view.hand_sizes[s] > 0)

    def _seat(self, player: int | None) -> int:
        view = self.view
        if player is None:
            return self.opponents[0] if self.opponents else (view.player + 1) % view.players
        if isinstance(player, bool) or not isinstance(player, int):
            raise ValueError(f"player must be a seat number, got {player!r}")
        if not 0 <= player < view.players:
            raise ValueError(
                f"player {player} is out of range: this hand has seats 0..{view.players - 1}"
            )
        if player == view.player:
            raise ValueError(
                f"player {player} is the viewer: a belief is about the other hands "
                f"(opponents: {', '.join(map(str, self.opponents)) or 'none'})"
            )
        return player

    @staticmethod
    def _card(card: Card | str) -> Card:
        try:
            cards = clean_cards(card)
        except CardError as err:
            raise ValueError(f"not a card: {err}") from None
        if len(cards) != 1:
            raise ValueError(f"expected one card, got {card!r}")
        return cards[0]

    # ------------------------------------------------------------------ queries
    def p(self, card: Card | str, player: int | None = None) -> float:
        """Probability that ``player`` holds at least one copy of ``card``.

        ``player`` defaults to the next opponent in turn order after the viewer.

        >>> import rummy_lab as rl
        >>> g = rl.new_game("gin", seed=3)
        >>> b = belief(g.view_for(1), model="uniform")
        >>> b.p(g.hand(1)[0]), b.p(g.upcard)
        (0.0, 0.0)
        >>> b.p("7S", player=1)
        Traceback (most recent call last):
        ...
        ValueError: player 1 is the viewer: a belief is about the other hands (opponents: 0)

        :param card: a card (or its token, ``"7S"``).
        :param player: whose hand (default: the next opponent).
        :return: the probability.
        :raises ValueError: for a bad card or seat.
        """
        c = self._card(card)
        return float(self._p[self._seat(player), c.index])

    def expected(self, card: Card | str, player: int | None = None) -> float:
        """Expected number of copies of ``card`` that ``player`` holds (``p`` in one deck).

        >>> import rummy_lab as rl
        >>> b = belief(rl.new_game("indian", seed=3).view_for(0), model="uniform")
        >>> max(b.expected(c) - b.p(c) for c in rl.make_deck()) > 0  # two copies unseen
        True

        :param card: a card (or its token).
        :param player: whose hand (default: the next opponent).
        :return: the expected count; summed over every card it is the hand size.
        :raises ValueError: for a bad card or seat.
        """
        c = self._card(card)
        return float(self._e[self._seat(player), c.index])

    def known(self, player: int | None = None) -> tuple[Card, ...]:
        """The cards known to be in ``player``'s hand (picked up and not thrown since, ...).

        >>> import rummy_lab as rl
        >>> g = rl.new_game("gin", seed=3)
        >>> _ = g.play("take_upcard")
        >>> belief(g.view_for(0)).known() == (g.upcard,)
        True

        :param player: whose hand (default: the next opponent).
        :return: the cards, in deck order.
        :raises ValueError: for a bad seat.
        """
        return tuple(sorted(self.facts.known[self._seat(player)]))

    def kinds(self, player: int | None = None) -> dict[str, float]:
        """How likely ``player`` is each kind of player, given its choices so far.

        The behaviour model weighs the kinds it knows (``"expert"``, ``"greedy"``,
        ``"simple"``: the EAAI challenge's simple Gin player, Gin only; ``"random"``: one
        who picks any legal move) by Bayes' rule from a uniform prior, with the
        likelihood of each recorded take, pass and discard under each kind's weights;
        its card probabilities are the kinds' beliefs mixed by these probabilities. Before
        any choice, or for an opponent whose every card is known, it is the prior. The
        uniform model reads no choices: it treats every opponent as a random player; the
        greedy model treats every opponent as the greedy kind.

        >>> import rummy_lab as rl
        >>> g = rl.new_game("gin", seed=3)
        >>> belief(g.view_for(1)).kinds()
        {'expert': 0.25, 'greedy': 0.25, 'simple': 0.25, 'random': 0.25}
        >>> belief(g.view_for(1), model="uniform").kinds()
        {'random': 1.0}
        >>> belief(g.view_for(1), model="greedy").kinds()
        {'greedy': 1.0}

        :param player: whose kind (default: the next opponent).
        :return: probability by kind name (they sum to 1).
        :raises ValueError: for a bad seat.
        """
        seat = self._seat(player)
        if self.model == "uniform":
            return {"random": 1.0}
        if self.model == "greedy":
            return {"greedy": 1.0}
        names = [name for name, _ in kind_params(self.view.rules)]
        post = self._posterior
        lay = post.lay
        if post.kinds is None or seat not in lay.seats or post.kinds.shape[1] != len(names):
            return {name: 1.0 / len(names) for name in names}
        row = post.kinds[lay.seats.index(seat)]
        return {name: float(x) for name, x in zip(names, row.tolist(), strict=True)}

    def probabilities(self, player: int | None = None) -> dict[Card, float]:
        """``p`` of every card type of the deck, as a dict (deck order).

        >>> import rummy_lab as rl
        >>> b = belief(rl.new_game("gin", seed=3).view_for(1), model="uniform")
        >>> len(b.probabilities()), round(max(b.probabilities().values()), 4)
        (52, 0.2439)
        """
        seat = self._seat(player)
        return {c: float(self._p[seat, c.index]) for c in _deck_types(self.view)}

    def danger(self, card: Card | str, player: int | None = None) -> float:
        """Probability that ``player`` could use ``card`` if it were thrown now.

        "Use" means meld it with cards they hold (a set or a run of three, jokers
        filling in where the rules have them) or, in Basic Rummy and Rummy 500, lay it
        off on a table meld (then the danger is 1). Averaged over the belief's hands.

        >>> import rummy_lab as rl
        >>> g = rl.new_game("gin", seed=3)
        >>> b = belief(g.view_for(1), model="uniform")
        >>> 0 < b.danger("7S") < 1
        True

        :param card: the card you consider throwing.
        :param player: who might use it (default: the next opponent).
        :return: the probability.
        :raises ValueError: for a bad card or seat.
        """
        c = self._card(card)
        seat = self._seat(player)
        if self._fits_table(c, seat):
            return 1.0
        hands, weights = self._hands_of(seat)
        table = feature_table(self.view.rules, self.facts.wild_rank)
        if table.joker[c.index]:
            ok = usable(hands, c, table, False)
        else:  # the meld features of the hands, once for every card asked about
            key = f"offer-{seat}"
            melds = self._cache.get(key)
            if melds is None:
                melds = self._cache[key] = offer_melds(hands, table)
            assert isinstance(melds, np.ndarray)
            suit, bit = divmod(c.index, 13)
            ok = ((melds[:, suit] >> (bit + 1)) & 1).astype(bool)
        return float(np.clip((weights * ok).sum(), 0.0, 1.0))

    def _fits_table(self, card: Card, seat: int) -> bool:
        view = self.view
        if view.rules.variant not in (Variant.BASIC, Variant.RUMMY500) or not view.table:
            return False
        melded = any(m.owner == seat for m in view.table)
        if not (view.rules.layoff_before_first_meld or melded):
            return False
        return layoff_mask(view.table, view.rules)[card.index]

    def _hands_of(self, seat: int) -> tuple[npt.NDArray[np.int16], Floats]:
        """Weighted full hands of ``seat`` (known cards plus guesses) for averages."""
        key = f"hands-{seat}"
        cached = self._cache.get(key)
        if cached is None:
            lay = self._posterior.lay
            known = lay.known[seat]
            if seat not in lay.seats:
                cached = (known[None, :].copy(), np.ones(1))
            else:
                k = lay.seats.index(seat)
                gen = np.random.default_rng([self.seed, 1, seat])
                post = self._posterior
                if isinstance(post, WeightedHands):
                    hands, weights = post.hands[:, k, :], post.weights
                elif post.simple:
                    hands = post.sample(DANGER_SAMPLES, gen)[:, k, :]
                    weights = np.full(DANGER_SAMPLES, 1.0 / DANGER_SAMPLES)
                else:
                    w = post.weighted(DANGER_SAMPLES, gen)
                    hands, weights = w.hands[:, k, :], w.weights
                cached = (hands + known[None, :], weights)
            self._cache[key] = cached
        assert isinstance(cached, tuple)
        return cached

    # ------------------------------------------------------------------ guesses
    def sample_deals(self, k: int, rng: random.Random) -> list[Determinization]:
        """``k`` complete guesses of the hidden cards, drawn from this belief.

        Each guess is consistent with every hard fact (known cards in their hands, no
        card the viewer has seen elsewhere, hand sizes and the stock count as in the
        view) and the guesses are drawn from the same posterior as :meth:`p`, so over
        many guesses each card turns up in a hand about ``p`` of the time.

        >>> import random, rummy_lab as rl
        >>> g = rl.new_game("gin", seed=3)
        >>> deals = belief(g.view_for(1)).sample_deals(3, random.Random(7))
        >>> len(deals), all(len(d.hands[0]) == 10 and len(d.stock) == 31 for d in deals)
        (3, True)
        >>> belief(g.view_for(1)).sample_deals(-1, random.Random(7))
        Traceback (most recent call last):
        ...
        ValueError: k must be a whole number >= 0, got -1

        :param k: how many guesses.
        :param rng: the random generator (a seeded ``random.Random`` replays them).
        :return: the guesses.
        :raises ValueError: for a bad ``k`` or ``rng``.
        """
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise ValueError(f"k must be a whole number >= 0, got {k!r}")
        if not isinstance(rng, random.Random):
            raise ValueError(f"rng must be a random.Random, got {type(rng).__name__}")
        if k == 0:
            return []
        facts = self.facts
        lay = self._posterior.lay
        gen = np.random.default_rng(rng.getrandbits(64))
        hidden = (
            self._posterior.sample(k, gen)
            if lay.seats
            else np.zeros((k, 0, CARD_TYPES), dtype=np.int16)
        )
        unseen = Counter(facts.unseen)
        cards = _TYPES
        out = []
        for row in hidden:
            left = unseen.copy()
            hands: list[Hand] = []
            for seat in range(self.view.players):
                if seat == self.view.player:
                    hands.append(Hand(self.view.hand))
                    continue
                guessed: list[Card] = []
                if seat in lay.seats:
                    counts = row[lay.seats.index(seat)]
                    for i in np.nonzero(counts)[0]:
                        guessed.extend([cards[i]] * int(counts[i]))
                left.subtract(guessed)
                hands.append(Hand((*facts.known[seat], *guessed)))
            rest = list(left.elements())
            rng.shuffle(rest)
            stock = [c if c is not None else rest.pop() for c in facts.stock]
            out.append(Determinization(tuple(hands), Hand(stock)))
        return out

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        seat = self._seat(None)
        return (
            f"<Belief of player {self.view.player} ({self.model} model): player {seat} "
            f"holds {len(self.facts.known[seat])} known and {self.facts.hidden[seat]} "
            f"unknown cards>"
        )

    def _repr_html_(self) -> str:
        return belief_html(self)


_TYPES = tuple(Card(0) if i == 52 else Card(i % 13 + 1, "SHDC"[i // 13]) for i in range(53))


def _deck_types(view: PlayerView) -> list[Card]:
    out = list(_TYPES[:52])
    if view.rules.printed_jokers:
        out.append(_TYPES[52])
    return out


# --------------------------------------------------------------------------- the uniform model


def uniform_marginals(facts: Facts) -> tuple[Floats, Floats]:
    """Exact P(at least one copy) and expected copies for every seat, uniform model.

    Every unseen card is equally likely to be in any unknown place (hypergeometric):
    ``p = 1 - C(U - u, n) / C(U, n)`` for ``u`` unseen copies among ``U`` unknown places
    and ``n`` unknown cards in that hand. After an Indian reshuffle the stock may only
    hold cards of the reshuffled pile; the two kinds of unseen card are then counted
    apart.

    >>> import rummy_lab as rl
    >>> p, e = uniform_marginals(replay(rl.new_game("gin", seed=3).view_for(1)))
    >>> round(float(p[0].max()), 6), round(float(e[0].sum()), 6), float(p[1].max())
    (0.243902, 10.0, 0.0)
    """
    n_seats = facts.players
    p = np.zeros((n_seats, CARD_TYPES))
    e = np.zeros((n_seats, CARD_TYPES))
    unseen = Counter(c.index for c in facts.unseen)
    places = sum(facts.hidden) + facts.stock_hidden
    pool = Counter(c.index for c in facts.stock_pool) if facts.stock_pool is not None else None
    s = facts.stock_hidden
    for seat in range(n_seats):
        known = Counter(c.index for c in facts.known[seat])
        n = facts.hidden[seat]
        for i in range(CARD_TYPES):
            u = unseen.get(i, 0)
            if n and u:
                if pool is None or not s:
                    none = comb(places - u, n) / comb(places, n)
                    mean = u * n / places
                else:
                    size_a = sum(pool.values())
                    u_a = pool.get(i, 0)
                    u_b = u - u_a
                    rest = places - s  # the unknown hand places
                    none = 0.0
                    for kept in range(u_a + 1):  # A-copies outside the stock
                        h = comb(u_a, kept) * comb(size_a - u_a, size_a - s - kept) / comb(
                            size_a, size_a - s
                        )
                        none += h * comb(rest - kept - u_b, n) / comb(rest, n)
                    mean = (u_a * (size_a - s) / size_a + u_b) * n / rest
            else:
                none, mean = 1.0, 0.0
            k = known.get(i, 0)
            p[seat, i] = 1.0 if k else 1.0 - none
            e[seat, i] = k + mean
    return p, e


# --------------------------------------------------------------------------- entry point


Posterior = ProductForm | WeightedHands | MixtureForm
"""What a model's posterior over the opponents' unknown cards can be."""


def belief(view: PlayerView, *, model: str = "behaviour", seed: int = 0,
           histories: int | None = None) -> Belief:
    """What ``view.player`` can infer about the other hands, from the view alone.

    ``model="uniform"``: hard facts only, exact; every unseen card is equally likely to
    be in any unknown place. ``model="behaviour"``: Bayes with the likelihood of each
    recorded choice (takes and passes, discards, melds) under the behaviour model of
    :mod:`rummy_lab.inference.model`, for each kind of player it knows, mixed by how
    likely each kind is (:meth:`Belief.kinds`), computed as
    :mod:`rummy_lab.inference.sampling` explains. ``model="greedy"``: the same with the
    greedy kind alone. ``model="exact"``: the behaviour model without the product form's
    approximation, by importance sampling of whole histories
    (:func:`~rummy_lab.inference.sampling.exact_posterior`): sharper and tens of times
    slower (``docs/inference.md`` has both measured). The same view, model and seed
    always give the same belief.

    >>> import rummy_lab as rl
    >>> b = belief(rl.new_game("gin", seed=3).view_for(1))
    >>> b.model, round(b.p("KS"), 4) if b.p("KS") else 0.0
    ('behaviour', 0.2439)
    >>> belief("not a view")
    Traceback (most recent call last):
    ...
    ValueError: belief needs a PlayerView (game.view_for(player)), got str
    >>> belief(rl.new_game("gin", seed=3).view_for(1), model="psychic")
    Traceback (most recent call last):
    ...
    ValueError: unknown model 'psychic'; choose 'behaviour', 'greedy', 'exact' or 'uniform'

    :param view: a player's view (``game.view_for(player)``), at any moment of the hand.
    :param model: ``"behaviour"``, ``"greedy"``, ``"exact"`` or ``"uniform"``
        (:data:`MODELS`).
    :param seed: seeds the behaviour model's draws (and the samples behind ``danger``).
    :param histories: backward histories the model scores the choices on (default
        :data:`~rummy_lab.inference.sampling.HISTORIES`, and for ``"exact"``
        :data:`~rummy_lab.inference.sampling.EXACT_GUESSES`); fewer are faster and a
        little noisier (the coach uses half as many).
    :return: the belief.
    :raises ValueError: for a view that is not a PlayerView, an unknown model, a bad
        seed or fewer than 16 histories.
    """
    if not isinstance(view, PlayerView):
        raise ValueError(
            f"belief needs a PlayerView (game.view_for(player)), got {type(view).__name__}"
        )
    if model not in MODELS:
        raise ValueError(
            f"unknown model {model!r}; choose 'behaviour', 'greedy', 'exact' or 'uniform'")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    if histories is None:
        histories = EXACT_GUESSES if model == "exact" else HISTORIES
    if isinstance(histories, bool) or not isinstance(histories, int) or histories < 16:
        raise ValueError(f"histories must be a whole number >= 16, got {histories!r}")
    n = histories

    def posterior(facts: Facts) -> Posterior:
        if model == "exact":
            return exact_posterior(facts, seed=seed, guesses=n)
        return behaviour_posterior(facts, seed=seed, histories=n,
                                   mixture=model == "behaviour")

    return belief_from(view, model, seed, posterior)


def belief_from(view: PlayerView, model: str, seed: int,
                posterior: Callable[[Facts], Posterior]) -> Belief:
    """The belief of ``view.player`` with the posterior ``posterior(facts)`` (the hard
    facts alone before any opponent has made a choice, or with ``model="uniform"``),
    labelled ``model``: :func:`belief` with a model's settings of the caller's choosing
    (the coach's exact model: :mod:`rummy_lab.coach.beliefs`)."""
    facts = replay(view)
    post: Posterior
    informative = any(
        step[0] == DECIDE for seat in range(view.players) for step in facts.steps[seat]
    )
    if model == "uniform" or not informative:
        p, e = uniform_marginals(facts)
        post = uniform_posterior(facts)
    else:
        post = posterior(facts)
        p, e = uniform_marginals(facts)  # seats without unknown cards keep exact values
        ps, es = post.marginals(np.random.default_rng([seed, 2]))
        for k, seat in enumerate(post.lay.seats):
            p[seat], e[seat] = ps[k], es[k]
    return Belief(view, model, seed, facts, p, e, post)


# --------------------------------------------------------------------------- rich display

_BAR = "#D55E00"  # Okabe-Ito vermillion: the bar, never behind text
_MARK = "var(--jp-brand-color1, #1976d2)"


def belief_html(b: Belief, player: int | None = None) -> str:
    """The belief as HTML: a 4 x 13 grid of probabilities (a second grid for a second
    deck), known cards outlined and starred, cards the viewer holds or sees dashed.

    Text uses the JupyterLab theme colours (``--jp-ui-font-color1`` on
    ``--jp-layout-color1``), so it reads in light and dark themes; the probability is
    also drawn as a bar under each number.

    >>> import rummy_lab as rl
    >>> html = belief_html(belief(rl.new_game("gin", seed=3).view_for(1), model="uniform"))
    >>> html.count("<tr"), "24%" in html, "var(--jp-ui-font-color1" in html
    (5, True, True)
    """
    seat = b._seat(player)
    view = b.view
    decks = view.rules.decks_for(view.players)
    known = Counter(b.facts.known[seat])
    mine = Counter(view.hand)
    seen = Counter(view.discard_pile)
    for m in view.table:
        seen.update(m.cards)
    if view.wild_card is not None:
        seen[view.wild_card] += 1
    head = (
        f"Player {seat}'s hand as player {view.player} sees it ({b.model} model): "
        f"{len(b.facts.known[seat])} known, {b.facts.hidden[seat]} unknown of "
        f"{view.hand_sizes[seat]} cards"
    )
    style = (
        "font-family:var(--jp-ui-font-family, sans-serif);font-size:12px;"
        "color:var(--jp-ui-font-color1, #111);background:var(--jp-layout-color1, #fff);"
        "padding:6px;display:inline-block"
    )
    parts = [f'<div class="rl-belief" style="{style}"><div style="margin-bottom:4px">'
             f"{escape(head)}</div>"]
    grids = [("at least one copy", 1)] + ([("both copies", 2)] if decks > 1 else [])
    for title, copies in grids:
        if decks > 1:
            parts.append(f'<div style="margin:4px 0 2px">{title}</div>')
        parts.append(_grid_html(b, seat, copies, known, mine, seen))
    if view.rules.printed_jokers:
        pj = b._p[seat, 52]
        parts.append(f"<div>printed joker: {pj:.0%} (expected copies "
                     f"{b._e[seat, 52]:.2f})</div>")
    parts.append(
        '<div style="margin-top:4px">★ known to be there; — you hold or see every '
        "copy; the bar under each number is the probability.</div></div>"
    )
    return "".join(parts)


def _grid_html(
    b: Belief, seat: int, copies: int, known: Counter[Card], mine: Counter[Card],
    seen: Counter[Card],
) -> str:
    decks = b.view.rules.decks_for(b.view.players)
    cell = ("padding:2px 4px;text-align:center;min-width:30px;color:inherit;"
            "border:1px solid var(--jp-border-color2, #ccc)")
    rows = ['<table class="rl-belief-grid" style="border-collapse:collapse;color:inherit;'
            'font-size:inherit"><tr><th></th>']
    rows.extend(f'<th style="{cell}">{RANK_SYMBOLS[r]}</th>' for r in range(1, 14))
    rows.append("</tr>")
    for suit in SUITS:
        rows.append(f'<tr><th style="{cell}" aria-label="{suit.name.lower()}">'
                    f"{suit.glyph}</th>")
        for r in range(1, 14):
            c = Card(r, suit)
            if copies == 1:
                value = b._p[seat, c.index]
            else:
                value = max(0.0, b._e[seat, c.index] - b._p[seat, c.index])
            gone = mine[c] + seen[c] >= decks - (copies - 1) and known[c] < copies
            is_known = known[c] >= copies
            text = "—" if gone and not is_known else f"{value:.0%}"
            extra = f";outline:2px solid {_MARK};outline-offset:-2px" if is_known else ""
            star = " ★" if is_known else ""
            bar = (f'<div style="height:3px;width:{value * 100:.0f}%;background:{_BAR}">'
                   "</div>")
            rows.append(f'<td style="{cell}{extra}" title="{c.glyph}: {value:.1%}">'
                        f"{text}{star}{bar}</td>")
        rows.append("</tr>")
    rows.append("</table>")
    return "".join(rows)
