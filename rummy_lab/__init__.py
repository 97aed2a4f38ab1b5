"""rummy_lab: learn, teach and analyse the rummy family of card games in Jupyter.

>>> import rummy_lab as rl
>>> rl.parse_cards("7S 8S 9S")
(Card('7S'), Card('8S'), Card('9S'))
"""

from __future__ import annotations

import importlib
from typing import Any

from .display import (
    ResultTable,
    get_display,
    reset_display,
    result_table,
    set_display,
)
from .engine import (
    PRESETS,
    Card,
    CardError,
    CardsLike,
    Hand,
    IllegalMove,
    Rank,
    Rules,
    RulesLike,
    RummyError,
    Suit,
    Variant,
    clean_cards,
    format_cards,
    get_rules,
    make_deck,
    parse_cards,
)
from .engine.game import Game, new_game
from .engine.match import Match, new_match
from .engine.melds import Meld, classify_meld, is_meld
from .engine.rulebook import (
    RulesCard,
    TurnPicture,
    VariantTable,
    compare_variants,
    rules_card,
    turn_picture,
)
from .engine.solver import (
    Partition,
    all_best_partitions,
    best_discard,
    best_partition,
    deadwood,
)
from .engine.state import Event, GameResult, Phase, PlayerView
from .simulation import Report, simulate

__version__ = "0.1.0"

_LAZY_MODULES = {
    "gin", "indian", "inference", "probability", "viz", "widgets", "moves", "bots", "cli",
    "coach",
}

__all__ = [
    "PRESETS",
    "Card",
    "CardError",
    "CardsLike",
    "Event",
    "Game",
    "GameResult",
    "Hand",
    "IllegalMove",
    "Match",
    "Meld",
    "Partition",
    "Phase",
    "PlayerView",
    "Rank",
    "Report",
    "ResultTable",
    "Rules",
    "RulesCard",
    "RulesLike",
    "RummyError",
    "Suit",
    "TurnPicture",
    "Variant",
    "VariantTable",
    "__version__",
    "all_best_partitions",
    "best_discard",
    "best_partition",
    "classify_meld",
    "clean_cards",
    "compare_variants",
    "deadwood",
    "format_cards",
    "get_display",
    "get_rules",
    "is_meld",
    "make_deck",
    "new_game",
    "new_match",
    "parse_cards",
    "reset_display",
    "result_table",
    "rules_card",
    "set_display",
    "simulate",
    "turn_picture",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        module = importlib.import_module(f".{name}", __name__)
        globals()[name] = module
        return module
    raise AttributeError(f"module 'rummy_lab' has no attribute {name!r}")
