"""rummy_lab: learn, teach and analyse the rummy family of card games in Jupyter.

``import rummy_lab`` loads the engine behind the names below (cards, rules, melds, the
solver, games and matches, their display) and nothing else; :func:`simulate` with its
:class:`Report` and the layers above the engine (``rl.bots``, ``rl.coach``,
``rl.probability``, ``rl.viz``, ``rl.widgets`` ...) load on first use (PEP 562).

>>> import rummy_lab as rl
>>> rl.parse_cards("7S 8S 9S")
(Card('7S'), Card('8S'), Card('9S'))
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:  # what __getattr__ loads on first use, as type checkers should see it
    from . import app as app
    from . import bots as bots
    from . import cli as cli
    from . import coach as coach
    from . import gin as gin
    from . import indian as indian
    from . import inference as inference
    from . import moves as moves
    from . import practice as practice
    from . import probability as probability
    from . import simulation as simulation
    from . import viz as viz
    from . import widgets as widgets
    from .simulation import Report as Report
    from .simulation import simulate as simulate

__version__ = "0.1.0"

_LAZY_MODULES = frozenset({
    "app", "bots", "cli", "coach", "gin", "indian", "inference", "moves", "practice",
    "probability", "simulation", "viz", "widgets",
})
"""Subpackages and modules loaded on first attribute access (``rl.viz``)."""

_LAZY_NAMES = {"Report": "simulation", "simulate": "simulation"}
"""Public names loaded on first access: name -> the module (under rummy_lab) holding it."""

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
    """Load a lazy module or name on first use and keep it (PEP 562)."""
    if name in _LAZY_MODULES:
        value: Any = importlib.import_module(f".{name}", __name__)
    elif name in _LAZY_NAMES:
        value = getattr(importlib.import_module(f".{_LAZY_NAMES[name]}", __name__), name)
    else:
        raise AttributeError(f"module 'rummy_lab' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Every public name, the lazy ones included, before they are loaded."""
    return sorted(set(globals()) | set(__all__) | _LAZY_MODULES)
