"""Dealing: the rules of a new hand, a shuffled or stacked deal, and the starting state.

Why a module of its own: :class:`~rummy_lab.engine.game.Game`,
:mod:`~rummy_lab.engine.serialize` (which rebuilds a saved deal) and the matches of
:mod:`~rummy_lab.engine.match` all start hands the same way, and none of them should
import the others to do it.

>>> from rummy_lab.engine.variants import engine_for
>>> r = resolve_rules("gin")
>>> deal = stacked_deal(r, engine_for(r), 2, 0, random.Random(0),
...                     ["7S 7H 7D 4C 5C 6C 7C KD QH 2S", "AH 2H 3H 4H 5H 6H 8H 9H 10H JH"],
...                     stock_top="KS QS")
>>> deal.stock[:2], len(deal.stock), len(deal.discard)
((Card('KS'), Card('QS')), 31, 1)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import Card, CardsLike, Hand, clean_cards
from .errors import quote
from .rules import Rules, RulesLike, get_rules
from .state import Deal, GameState
from .variants import VariantEngine

__all__ = ["resolve_rules", "stacked_deal", "start_state"]

def resolve_rules(variant: RulesLike, rules: RulesLike | Mapping[str, Any] | None = None) -> Rules:
    """The rules for ``new_game(variant, rules=...)``.

    ``variant`` is a preset name (or Rules); ``rules`` is ``None``, a Rules object (used as
    is, and it must be of the same variant), a preset name, or a mapping of overrides.

    >>> resolve_rules("oklahoma", {"gin_bonus": 20}).gin_bonus
    20
    >>> resolve_rules("gin", "500")
    Traceback (most recent call last):
    ...
    ValueError: rules '500' are for the 500 variant, not gin
    """
    base = get_rules(variant)
    if rules is None:
        return base
    if isinstance(rules, Mapping):
        return base.replace(**dict(rules))
    r = get_rules(rules)
    if r.variant is not base.variant:
        raise ValueError(
            f"rules {quote(r.name)} are for the {r.variant.value} variant, not {base.variant.value}"
        )
    return r


def start_state(
    rules: Rules, engine: VariantEngine, players: int, deal: Deal, seed: int | None
) -> GameState:
    """The state of a hand just dealt: cards in place, the variant's first phase and player."""
    state = GameState.dealt(rules, players, deal, seed)
    engine.start(state)
    return state


def stacked_deal(
    rules: Rules,
    engine: VariantEngine,
    players: int,
    dealer: int,
    rng: random.Random,
    hands: Sequence[CardsLike] | None = None,
    *,
    stock: CardsLike | None = None,
    discard: CardsLike | None = None,
    wild_card: Card | str | None = None,
    stock_top: CardsLike | None = None,
) -> Deal:
    """A deal exactly as given, with the gaps filled from ``rng``'s shuffle.

    ``hands`` are each player's cards; ``stock`` is the whole stock, top card first, or
    ``stock_top`` just its top cards (the rest of the deck, shuffled, goes under them);
    ``discard`` the discard pile, top card last; ``wild_card`` Indian Rummy's card under
    the stock. What is left out comes from the cards not given, shuffled with ``rng``.

    :raises ValueError: when the cards are not exactly the variant's deck (naming the
        missing and extra cards), or the parts do not fit together.
    """
    if stock is not None and stock_top is not None:
        raise ValueError("give either stock (the whole stock) or stock_top (its top cards)")
    if hands is None:
        if stock is not None or stock_top is not None or discard is not None:
            raise ValueError("a stacked deal needs hands (stock and discard are optional)")
        # only the wild card is fixed: deal everything else from the seeded shuffle
        wild_only = clean_cards(wild_card) if wild_card is not None else Hand(())
        if len(wild_only) != 1:
            raise ValueError(f"wild_card must be one card, got {quote(wild_card)}")
        rest = list((Counter(engine.deck(rules, players)) - Counter(wild_only)).elements())
        if len(rest) + 1 != len(engine.deck(rules, players)):
            raise ValueError(f"wild card {wild_only[0].code} is not in this variant's deck")
        rng.shuffle(rest)
        size = rules.hand_size_for(players)
        hands = [Hand(rest[i * size : (i + 1) * size]) for i in range(players)]
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise ValueError("hands must be a list with one hand (cards) per player")
    hs = tuple(clean_cards(h) for h in hands)
    wild = None
    if wild_card is not None:
        wild_cards = clean_cards(wild_card)
        if len(wild_cards) != 1:
            raise ValueError(f"wild_card must be one card, got {quote(wild_card)}")
        wild = wild_cards[0]
    st = clean_cards(stock) if stock is not None else None
    top = clean_cards(stock_top) if stock_top is not None else Hand(())
    dp = clean_cards(discard) if discard is not None else None
    if st is None or dp is None or (wild is None and rules.wild_joker):
        given = [c for h in hs for c in h]
        given.extend(st or top)
        given.extend(dp or ())
        if wild is not None:
            given.append(wild)
        rest = list((Counter(engine.deck(rules, players)) - Counter(given)).elements())
        rng.shuffle(rest)
        if wild is None and rules.wild_joker and rest:
            wild = rest.pop()
        if dp is None:
            dp = Hand(rest[: engine.upcards])
            rest = rest[engine.upcards :]
        if st is None:
            st = Hand((*top, *rest))
    deal = Deal(hs, st, dp, wild, dealer)
    engine.check_deal(rules, players, deal)
    return deal
