"""The rummy_lab engine: cards, rules, melds, the exact solver and the game state machine.

Standard library only, data and rules only (no markup: :mod:`rummy_lab.display` draws the
HTML and SVG): importing it never loads numpy, plotly, ipywidgets or IPython.
The module map and the layers above the engine are in ``docs/architecture.md``.
"""

from __future__ import annotations

from .cards import (
    Card,
    CardsLike,
    Hand,
    Rank,
    Suit,
    clean_cards,
    format_cards,
    make_deck,
    parse_cards,
)
from .errors import CardError, IllegalMove, RummyError
from .rules import PRESETS, Rules, RulesLike, Variant, get_rules

__all__ = [
    "PRESETS",
    "Card",
    "CardError",
    "CardsLike",
    "Hand",
    "IllegalMove",
    "Rank",
    "Rules",
    "RulesLike",
    "RummyError",
    "Suit",
    "Variant",
    "clean_cards",
    "format_cards",
    "get_rules",
    "make_deck",
    "parse_cards",
]
