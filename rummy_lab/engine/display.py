"""Rich display of cards as inline SVG (placeholder until the full renderer lands)."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from .cards import Card


def card_svg(card: Card) -> str:
    """A card as a small inline SVG."""
    color = "#c00" if card.suit is not None and card.suit.is_red else "#111"
    return (
        '<svg class="card" width="40" height="56" xmlns="http://www.w3.org/2000/svg">'
        '<rect x="1" y="1" width="38" height="54" rx="4" fill="white" stroke="#333"/>'
        f'<text x="6" y="20" fill="{color}">{html.escape(card.glyph)}</text></svg>'
    )


def cards_html(cards: Iterable[Card]) -> str:
    """Cards side by side."""
    return "<div>" + "".join(card_svg(c) for c in cards) + "</div>"


def partition_html(partition: Any) -> str:
    """A partition: melds then deadwood."""
    parts = [cards_html(m.cards) for m in partition.melds]
    parts.append(cards_html(partition.deadwood))
    return "<div>" + "".join(parts) + f"<p>deadwood {partition.deadwood_points}</p></div>"
