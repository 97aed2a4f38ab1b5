"""Rich display: cards, hands, melds, partitions and results as inline SVG and HTML.

Why: a learner reads a hand faster as playing cards than as ``7S 8S 9S``, and a
partition faster when the melds sit together, each outlined in its own colour, and the
deadwood follows, sorted by suit and rank, at full contrast with a quiet marker (a grey
bar at the foot of the card). Everything here is plain strings built with the standard
library, so ``import rummy_lab`` stays light (no IPython, numpy or plotly).

This package sits just above the engine: the engine holds data and rules and no markup.
Importing it (``import rummy_lab`` does) connects the two in two ways, as sympy's
printing does:

- it fills :data:`rummy_lab.engine.cards.RICH_RENDERERS`, which the ``_repr_html_`` (and
  ``Card._repr_svg_``) of the engine's types look up, so code that calls them directly
  gets the HTML;
- when IPython is already loaded with a shell running (a notebook), it registers the same
  renderers as the shell's display formatters (:func:`register_ipython_formatters`).

Both give the same string. Each card is a self-contained ``<svg>`` (no images, no fonts
needed for the suit shapes) carrying CSS classes and data attributes that browser tests
and widgets can select on: ``svg.rl-card[data-card="7S"]``; melds are ``.rl-meld``
groups and the deadwood is ``.rl-deadwood``. All output is well-formed XML.

The modules: :mod:`~rummy_lab.display.style` (palettes, sizes, :data:`THEME`,
:func:`set_display`), :mod:`~rummy_lab.display.cards` (one card's SVG),
:mod:`~rummy_lab.display.hands` (cards side by side), :mod:`~rummy_lab.display.layout`
(the order a hand is shown in, melds first; no markup), :mod:`~rummy_lab.display.partitions`
(melds and partitions), :mod:`~rummy_lab.display.text` (words for views),
:mod:`~rummy_lab.display.tables` (result tables) and :mod:`~rummy_lab.display.results`
(the engine's showdowns, score sheets, standings and rules cards).

>>> from rummy_lab.engine.solver import best_partition
>>> p = best_partition("7S 7H 7D 4C 5C 6C 7C KD QH 2S")
>>> p._repr_html_() == partition_html(p)
True
>>> set_display(palette="four-color").palette
'four-color'
>>> reset_display().palette
'classic'
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.cards import RICH_RENDERERS, Card
from .cards import card_back_svg, card_svg
from .hands import CardKey, cards_html, hand_html
from .layout import HAND_ORDERS, deadwood_sort_key, display_order, meld_positions
from .partitions import grouped_hand_html, meld_caption, meld_html, partition_html
from .results import (
    count_explanation_html,
    deals_standing_html,
    game_totals_html,
    hollywood_totals_html,
    points_standing_html,
    pool_standing_html,
    rules_card_html,
    showdown_html,
    table_score_html,
    table_standing_html,
    turn_picture_html,
    variant_table_html,
)
from .style import (
    MELD_COLORS,
    PALETTES,
    SIZES,
    THEME,
    DisplayOptions,
    Palette,
    get_display,
    reset_display,
    set_display,
)
from .tables import ResultTable, html_table, result_table
from .text import count_words, glyph_text

if TYPE_CHECKING:
    from ..engine.melds import Meld

__all__ = [
    "HAND_ORDERS",
    "MELD_COLORS",
    "PALETTES",
    "RENDERERS",
    "SIZES",
    "THEME",
    "CardKey",
    "DisplayOptions",
    "Palette",
    "ResultTable",
    "card_back_svg",
    "card_svg",
    "cards_html",
    "count_explanation_html",
    "count_words",
    "deadwood_sort_key",
    "deals_standing_html",
    "display_order",
    "game_totals_html",
    "get_display",
    "glyph_text",
    "grouped_hand_html",
    "hand_html",
    "hollywood_totals_html",
    "html_table",
    "install_rich_display",
    "meld_caption",
    "meld_html",
    "meld_positions",
    "partition_html",
    "points_standing_html",
    "pool_standing_html",
    "register_ipython_formatters",
    "reset_display",
    "result_table",
    "rules_card_html",
    "set_display",
    "showdown_html",
    "table_score_html",
    "table_standing_html",
    "turn_picture_html",
    "variant_table_html",
]


def _card_html(card: Card) -> str:
    return cards_html((card,))


def _meld_cards_html(meld: Meld) -> str:
    return cards_html(meld.cards)


_ENGINE = "rummy_lab.engine"

RENDERERS: dict[tuple[str, str], Callable[[Any], str]] = {
    ("image/svg+xml", f"{_ENGINE}.cards.Card"): card_svg,
    ("text/html", f"{_ENGINE}.cards.Card"): _card_html,
    ("text/html", f"{_ENGINE}.cards.Hand"): cards_html,
    ("text/html", f"{_ENGINE}.melds.Meld"): _meld_cards_html,
    ("text/html", f"{_ENGINE}.partition.Partition"): partition_html,
    ("text/html", f"{_ENGINE}.scoring.gin.Showdown"): showdown_html,
    ("text/html", f"{_ENGINE}.scoring.gin.GameTotals"): game_totals_html,
    ("text/html", f"{_ENGINE}.scoring.gin.HollywoodTotals"): hollywood_totals_html,
    ("text/html", f"{_ENGINE}.scoring.indian.CountExplanation"): count_explanation_html,
    ("text/html", f"{_ENGINE}.scoring.indian.PointsStanding"): points_standing_html,
    ("text/html", f"{_ENGINE}.scoring.indian.PoolStanding"): pool_standing_html,
    ("text/html", f"{_ENGINE}.scoring.indian.DealsStanding"): deals_standing_html,
    ("text/html", f"{_ENGINE}.variants.tabled.TableScore"): table_score_html,
    ("text/html", f"{_ENGINE}.variants.tabled.TableStanding"): table_standing_html,
    ("text/html", f"{_ENGINE}.rulebook.RulesCard"): rules_card_html,
    ("text/html", f"{_ENGINE}.rulebook.VariantTable"): variant_table_html,
    ("text/html", f"{_ENGINE}.rulebook.TurnPicture"): turn_picture_html,
}
"""Every renderer of an engine type, by (MIME type, the class's ``module.qualname``).

Classes are named, not imported, so importing the display loads no engine module beyond
the cards and rules (IPython's ``for_type_by_name`` takes the same names).
"""


def install_rich_display() -> None:
    """Make the engine's cards, hands, melds, partitions and results display as HTML.

    Fills :data:`rummy_lab.engine.cards.RICH_RENDERERS` from :data:`RENDERERS` and, in a
    running IPython shell, registers them as its formatters. Importing
    :mod:`rummy_lab.display` calls it (``import rummy_lab`` does), so users never need to.
    """
    RICH_RENDERERS.update(RENDERERS)
    register_ipython_formatters()


def register_ipython_formatters(shell: Any = None) -> bool:
    """Register :data:`RENDERERS` as the display formatters of an IPython shell.

    IPython is never imported here: without ``shell``, the running shell is found only when
    the ``IPython`` module is already loaded (as it is in a notebook) and a shell is active.
    The formatters give the same strings as the types' ``_repr_html_``.

    >>> register_ipython_formatters(object())
    Traceback (most recent call last):
    ...
    TypeError: expected an IPython shell with a display_formatter, got object

    :param shell: an IPython ``InteractiveShell``; None finds the running one.
    :return: True when formatters were registered, False when there is no shell.
    :raises TypeError: for a ``shell`` that has no display formatters.
    """
    if shell is None:
        ipython = sys.modules.get("IPython")
        get_ipython = getattr(ipython, "get_ipython", None)
        shell = get_ipython() if callable(get_ipython) else None
        if shell is None:
            return False
    formatters = getattr(getattr(shell, "display_formatter", None), "formatters", None)
    if not isinstance(formatters, dict):
        raise TypeError(
            f"expected an IPython shell with a display_formatter, got {type(shell).__name__}"
        )
    for (mime, path), render in RENDERERS.items():
        module, _, name = path.rpartition(".")
        formatters[mime].for_type_by_name(module, name, render)
    return True


install_rich_display()
