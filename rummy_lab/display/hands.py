"""Cards side by side as HTML: outlines, deadwood marks, selection and captions per card.

Cards are picked by position (for duplicates in two-deck games), by card or by token.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TypeAlias

from ..engine.cards import Card, CardsLike, clean_cards
from .cards import card_svg
from .style import _FONT, MELD_COLORS, THEME, Palette, _resolve

__all__ = ["CardKey", "cards_html", "hand_html"]


# --------------------------------------------------------------------------- hands

CardKey: TypeAlias = int | Card | str
"""A card selector: a position in the hand (int), a :class:`Card` or a card token."""


def _positions(spec: object, hand: Sequence[Card], what: str) -> list[int]:
    """Positions in ``hand`` picked by ``spec`` (positions, cards, tokens or a card string)."""
    if spec is None:
        return []
    items: Iterable[object]
    if isinstance(spec, str):
        items = clean_cards(spec)
    elif isinstance(spec, Card | int):
        items = (spec,)
    elif isinstance(spec, Iterable):
        items = spec
    else:
        raise ValueError(f"{what} must be positions, cards or card tokens, got {spec!r}")
    out: list[int] = []
    for item in items:
        if isinstance(item, bool):
            raise ValueError(f"{what}: expected a position or a card, got {item!r}")
        if isinstance(item, int):
            if not -len(hand) <= item < len(hand):
                raise ValueError(
                    f"{what}: position {item} is outside a hand of {len(hand)} cards"
                )
            out.append(item % len(hand))
            continue
        card = Card.parse(item) if isinstance(item, str) else item
        if not isinstance(card, Card):
            raise ValueError(f"{what}: expected a position or a card, got {item!r}")
        found = [i for i, c in enumerate(hand) if c == card]
        if not found:
            raise ValueError(f"{what}: {card.code} is not among the cards shown")
        out.extend(found)
    return out


def _color_map(
    highlight: Mapping[CardKey, str] | Iterable[CardKey] | str | Card | None,
    hand: Sequence[Card],
) -> dict[int, str]:
    if highlight is None:
        return {}
    if isinstance(highlight, Mapping):
        colors: dict[int, str] = {}
        for key, color in highlight.items():
            if not isinstance(color, str):
                raise ValueError(f"highlight: colour for {key!r} must be a string, got {color!r}")
            for i in _positions((key,), hand, "highlight"):
                colors[i] = color
        return colors
    return dict.fromkeys(_positions(highlight, hand, "highlight"), MELD_COLORS[0])


def _label_map(
    labels: Sequence[str | None] | Mapping[CardKey, str] | None, hand: Sequence[Card]
) -> dict[int, str]:
    if labels is None:
        return {}
    if isinstance(labels, str):
        raise ValueError("labels must be a sequence (one per card) or a mapping, not a string")
    if isinstance(labels, Mapping):
        out: dict[int, str] = {}
        for key, text in labels.items():
            for i in _positions((key,), hand, "labels"):
                out[i] = str(text)
        return out
    seq = list(labels)
    if len(seq) > len(hand):
        raise ValueError(f"labels: {len(seq)} labels for {len(hand)} cards")
    return {i: str(t) for i, t in enumerate(seq) if t is not None}


def cards_html(
    cards: CardsLike,
    *,
    highlight: Mapping[CardKey, str] | Iterable[CardKey] | str | Card | None = None,
    deadwood: Iterable[CardKey] | str | Card | None = None,
    selected: Iterable[CardKey] | str | Card | None = None,
    labels: Sequence[str | None] | Mapping[CardKey, str] | None = None,
    palette: str | Palette | None = None,
    size: int | str | None = None,
    wild_rank: int | None = None,
    overlap: bool = False,
) -> str:
    """Cards side by side, with optional outlines, deadwood marks, selection and captions.

    Why: the building block of every view; widgets outline melds with ``highlight``,
    mark deadwood with ``deadwood`` (a quiet grey bar; the card keeps full contrast) and
    raise the cards a learner picked with ``selected``. Cards are picked by position
    (int, for duplicates in two-deck games), by card or by token; a string is read as
    cards (``deadwood="KD QH"``).

    >>> html = cards_html("7S 8S 9S KD", highlight={0: "#E69F00", "8S": "#E69F00"},
    ...                   deadwood="KD", labels=["", "", "", "10"])
    >>> html.count('class="rl-card'), html.count("rl-highlight"), html.count("rl-deadwood-mark")
    (4, 2, 1)
    >>> cards_html("7S", deadwood="8S")
    Traceback (most recent call last):
    ...
    ValueError: deadwood: 8S is not among the cards shown

    :param cards: the cards (string, cards or tokens).
    :param highlight: cards to outline: a mapping to colours, or a collection (first
        meld colour).
    :param deadwood: cards to mark as deadwood. :param selected: cards to raise and mark.
    :param labels: a caption under each card (sequence, ``None`` to skip) or a mapping.
    :param palette: palette override. :param size: card width override.
    :param wild_rank: mark cards of this rank as wild (Indian Rummy).
    :param overlap: fan the cards (each covering part of the previous) to save room.
    :return: an HTML ``<div class="rl-hand">``.
    :raises ValueError: for a selector that matches no card, or bad display options.
    """
    hand = clean_cards(cards)
    pal, width = _resolve(palette, size)
    colors = _color_map(highlight, hand)
    marked = set(_positions(deadwood, hand, "deadwood"))
    chosen = set(_positions(selected, hand, "selected"))
    captions = _label_map(labels, hand)
    if not hand:
        return (
            '<div class="rl-hand rl-empty" data-count="0" style="display:inline-block;'
            f'font-family:{escape(_FONT)};color:{THEME["muted"]};font-style:italic">'
            "no cards</div>"
        )
    items = [
        _Slot(i, card, colors.get(i), i in marked, i in chosen, captions.get(i))
        for i, card in enumerate(hand)
    ]
    return _row_html(items, pal, width, wild_rank, overlap=overlap)


@dataclass(frozen=True)
class _Slot:
    """One card of a row: its position in the hand and how it is drawn."""

    index: int | None
    card: Card
    color: str | None = None
    deadwood: bool = False
    selected: bool = False
    caption: str | None = None


def _row_html(
    items: Sequence[_Slot], pal: Palette, width: int, wild_rank: int | None,
    *, overlap: bool = False,
) -> str:
    gap = -round(width * 0.45) if overlap else max(2, round(width * 0.06))
    lift = round(width * 0.18)
    raise_room = lift if any(s.selected for s in items) else 0
    out = [
        f'<div class="rl-hand" data-count="{len(items)}" data-palette="{pal.name}" '
        f'style="display:inline-flex;flex-wrap:wrap;align-items:flex-end;'
        f'padding-top:{raise_room}px;line-height:1">'
    ]
    for k, slot in enumerate(items):
        margin = f"margin-left:{gap}px;" if k else ""
        shift = f"transform:translateY(-{lift}px);" if slot.selected else ""
        where = "" if slot.index is None else f' data-index="{slot.index}"'
        out.append(
            f'<div class="rl-slot"{where} style="{margin}{shift}'
            'display:flex;flex-direction:column;align-items:center">'
        )
        out.append(
            card_svg(slot.card, palette=pal, size=width, highlight=slot.color,
                     deadwood=slot.deadwood, selected=slot.selected, wild_rank=wild_rank,
                     index=slot.index)
        )
        if slot.caption is not None:
            out.append(
                f'<div class="rl-label" style="font:{max(11, round(width * 0.2))}px '
                f'{escape(_FONT)};color:{THEME["ink"]};margin-top:2px">'
                f"{escape(slot.caption)}</div>"
            )
        out.append("</div>")
    out.append("</div>")
    return "".join(out)


def hand_html(
    cards: CardsLike,
    *,
    title: str | None = None,
    highlight: Mapping[CardKey, str] | Iterable[CardKey] | str | Card | None = None,
    deadwood: Iterable[CardKey] | str | Card | None = None,
    selected: Iterable[CardKey] | str | Card | None = None,
    labels: Sequence[str | None] | Mapping[CardKey, str] | None = None,
    palette: str | Palette | None = None,
    size: int | str | None = None,
    wild_rank: int | None = None,
    overlap: bool = False,
) -> str:
    """A hand with an optional title line; the other options are those of :func:`cards_html`.

    >>> hand_html("AS 2S 3S", title="Your hand").count("rl-card")
    3

    :param cards: the hand. :param title: a caption above the cards.
    :return: an HTML ``<div class="rl-hand-view">``.
    """
    head = ""
    if title is not None:
        head = (
            f'<div class="rl-title" style="font:600 14px {escape(_FONT)};margin:2px 0;'
            f'color:{THEME["ink"]}">{escape(title)}</div>'
        )
    body = cards_html(
        cards, highlight=highlight, deadwood=deadwood, selected=selected, labels=labels,
        palette=palette, size=size, wild_rank=wild_rank, overlap=overlap,
    )
    return f'<div class="rl-hand-view">{head}{body}</div>'
