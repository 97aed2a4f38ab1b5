"""Rich display of cards, hands and partitions as inline SVG and HTML.

Why: a learner reads a hand faster as playing cards than as ``7S 8S 9S``, and a
partition faster when the melds sit together, each outlined in its own colour, and the
deadwood follows, sorted by suit and rank, at full contrast with a quiet marker (a grey
bar at the foot of the card). Everything here is plain strings built with the standard
library, so the engine stays importable without IPython; Jupyter calls these functions
through the ``_repr_svg_`` / ``_repr_html_`` methods of :class:`Card`, :class:`Hand`,
``Meld`` and ``Partition``.

Each card is a self-contained ``<svg>`` (no images, no fonts needed for the suit
shapes, which are drawn as paths) carrying CSS classes and data attributes that
browser tests and widgets can select on: ``svg.rl-card[data-card="7S"]``; melds are
``.rl-meld`` groups and the deadwood is ``.rl-deadwood``. All output is well-formed
XML.

Card faces are white with dark ink, as real cards are; everything around them (captions,
borders, points) takes its colours from JupyterLab's CSS variables (:data:`THEME`), with
fallbacks for pages without them, so light, dark and high-contrast themes all read well.

>>> from .cards import parse_cards
>>> svg = card_svg(parse_cards("7S")[0])
>>> svg.startswith("<svg") and 'data-card="7S"' in svg and "<title>7♠</title>" in svg
True
>>> set_display(palette="four-color").palette
'four-color'
>>> reset_display().palette
'classic'
>>> set_display(palette="sepia")
Traceback (most recent call last):
...
ValueError: unknown palette 'sepia'; valid palettes: classic, four-color, colorblind
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, TypeAlias

from .cards import RICH_RENDERERS, Card, CardsLike, Suit, clean_cards
from .rules import Rules, RulesLike, get_rules

if TYPE_CHECKING:
    from .melds import Meld
    from .solver import Partition

__all__ = [
    "HAND_ORDERS",
    "MELD_COLORS",
    "PALETTES",
    "SIZES",
    "THEME",
    "CardKey",
    "DisplayOptions",
    "Palette",
    "ResultTable",
    "card_back_svg",
    "card_svg",
    "cards_html",
    "count_words",
    "deadwood_sort_key",
    "display_order",
    "get_display",
    "glyph_text",
    "grouped_hand_html",
    "hand_html",
    "html_table",
    "install_rich_display",
    "meld_caption",
    "meld_html",
    "meld_positions",
    "partition_html",
    "reset_display",
    "result_table",
    "set_display",
]


# --------------------------------------------------------------------------- palettes


@dataclass(frozen=True)
class Palette:
    """Colours of one card style.

    :ivar name: the palette's name (``"classic"``, ``"four-color"``, ``"colorblind"``).
    :ivar spades: colour of spades (and so on for the other suits).
    :ivar joker: colour of printed jokers and of the wild-card badge.
    :ivar face: card background; :ivar border: card edge; :ivar back: card back colour.
    """

    name: str
    spades: str
    hearts: str
    diamonds: str
    clubs: str
    joker: str
    face: str = "#ffffff"
    border: str = "#4a4a4a"
    back: str = "#1f4e79"

    def suit_color(self, suit: Suit | None) -> str:
        """Colour of a suit's pips and rank (the joker colour for ``None``).

        >>> PALETTES["four-color"].suit_color(Suit.DIAMONDS)
        '#0057b8'
        """
        if suit is None:
            return self.joker
        return {
            Suit.SPADES: self.spades,
            Suit.HEARTS: self.hearts,
            Suit.DIAMONDS: self.diamonds,
            Suit.CLUBS: self.clubs,
        }[suit]


# Okabe & Ito (2008), "Color Universal Design": distinguishable under the common
# colour-vision deficiencies.
_OI_BLACK = "#000000"
_OI_ORANGE = "#E69F00"
_OI_SKY = "#56B4E9"
_OI_GREEN = "#009E73"
_OI_YELLOW = "#F0E442"
_OI_BLUE = "#0072B2"
_OI_VERMILLION = "#D55E00"
_OI_PURPLE = "#CC79A7"

PALETTES: dict[str, Palette] = {
    "classic": Palette(
        name="classic", spades="#111111", hearts="#c8102e", diamonds="#c8102e",
        clubs="#111111", joker="#6a1b9a",
    ),
    "four-color": Palette(
        name="four-color", spades="#111111", hearts="#c8102e", diamonds="#0057b8",
        clubs="#1a7f37", joker="#6a1b9a",
    ),
    "colorblind": Palette(
        name="colorblind", spades=_OI_BLACK, hearts=_OI_VERMILLION, diamonds=_OI_BLUE,
        clubs=_OI_GREEN, joker=_OI_PURPLE, back=_OI_BLUE,
    ),
}
"""The card styles: ``classic`` (red/black), ``four-color`` and ``colorblind`` (Okabe-Ito)."""

MELD_COLORS: tuple[str, ...] = (
    _OI_BLUE, _OI_ORANGE, _OI_GREEN, _OI_PURPLE, _OI_VERMILLION, _OI_SKY, _OI_BLACK, _OI_YELLOW,
)
"""Outline colours for melds, in order: Okabe-Ito, safe for colour-blind readers."""

THEME: dict[str, str] = {
    "ink": "var(--jp-content-font-color1, rgba(0, 0, 0, 0.87))",
    "muted": "var(--jp-content-font-color2, rgba(0, 0, 0, 0.6))",
    "page": "var(--jp-layout-color0, #ffffff)",
    "surface": "var(--jp-layout-color1, #ffffff)",
    "panel": "var(--jp-layout-color2, #eeeeee)",
    "border": "var(--jp-border-color1, #bdbdbd)",
    "brand": "var(--jp-brand-color1, #1976d2)",
    "warn": "var(--jp-warn-color1, #f57c00)",
    "error": "var(--jp-error-color1, #d32f2f)",
    "success": "var(--jp-success-color1, #388e3c)",
}
"""Colours around the cards, as JupyterLab CSS variables with fallbacks for other pages.

``ink`` is body text and ``muted`` secondary text (both readable on ``page`` and
``surface``; on a ``panel`` background use ``ink``); ``border`` draws frames; ``brand``
marks what to do next; ``warn``, ``error`` and ``success`` are for borders and markers.
Card faces keep their own white face and dark ink (:class:`Palette`).
"""

_DEADWOOD_MARK = "#8c8c8c"  # the grey bar at the foot of a deadwood card (on its white face)

SIZES: dict[str, int] = {"small": 40, "medium": 60, "large": 84}
"""Named card widths in pixels (a card is 1.4 times as tall as it is wide)."""

_MIN_SIZE, _MAX_SIZE = 16, 400
_ASPECT = 1.4


# --------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class DisplayOptions:
    """The current display choice: a palette name and a card width in pixels.

    >>> DisplayOptions().palette, DisplayOptions().size
    ('classic', 60)
    """

    palette: str = "classic"
    size: int = SIZES["medium"]

    @property
    def colors(self) -> Palette:
        """The :class:`Palette` object of :attr:`palette`."""
        return PALETTES[self.palette]


_current = DisplayOptions()


def _check_palette(palette: str | Palette) -> Palette:
    if isinstance(palette, Palette):
        return palette
    if not isinstance(palette, str) or palette.strip().lower() not in PALETTES:
        raise ValueError(
            f"unknown palette {palette!r}; valid palettes: {', '.join(PALETTES)}"
        )
    return PALETTES[palette.strip().lower()]


def _check_size(size: int | str) -> int:
    if isinstance(size, str):
        key = size.strip().lower()
        if key in SIZES:
            return SIZES[key]
        raise ValueError(f"unknown card size {size!r}; use {', '.join(SIZES)} or pixels")
    if isinstance(size, bool) or not isinstance(size, int) or not _MIN_SIZE <= size <= _MAX_SIZE:
        raise ValueError(
            f"card size must be a width in pixels from {_MIN_SIZE} to {_MAX_SIZE} "
            f"or one of {', '.join(SIZES)}, got {size!r}"
        )
    return size


def set_display(
    palette: str | None = None, size: int | str | None = None
) -> DisplayOptions:
    """Choose how cards look from now on (every later render uses it).

    Why: one call at the top of a notebook switches a whole lesson to four-colour or
    colour-blind-safe cards, or to bigger cards for a projector.

    >>> set_display(palette="colorblind", size="large")
    DisplayOptions(palette='colorblind', size=84)
    >>> set_display(size=50)
    DisplayOptions(palette='colorblind', size=50)
    >>> _ = reset_display()

    :param palette: ``"classic"``, ``"four-color"`` or ``"colorblind"``; None keeps it.
    :param size: card width in pixels (16..400) or ``"small"``/``"medium"``/``"large"``.
    :return: the new options.
    :raises ValueError: for an unknown palette or a bad size, naming it.
    """
    global _current
    new_palette = _current.palette if palette is None else _check_palette(palette).name
    new_size = _current.size if size is None else _check_size(size)
    _current = DisplayOptions(palette=new_palette, size=new_size)
    return _current


def get_display() -> DisplayOptions:
    """The current display options.

    >>> isinstance(get_display(), DisplayOptions)
    True
    """
    return _current


def reset_display() -> DisplayOptions:
    """Back to the defaults (classic palette, medium cards).

    >>> reset_display()
    DisplayOptions(palette='classic', size=60)
    """
    global _current
    _current = DisplayOptions()
    return _current


def _resolve(palette: str | Palette | None, size: int | str | None) -> tuple[Palette, int]:
    pal = _current.colors if palette is None else _check_palette(palette)
    px = _current.size if size is None else _check_size(size)
    return pal, px


# --------------------------------------------------------------------------- shapes

# Suit shapes in a 100 x 100 box, drawn as paths so they need no font.
_SUIT_SHAPES: dict[Suit, str] = {
    Suit.HEARTS: (
        '<path d="M50 92 C35 78 4 58 4 32 C4 16 16 6 29 6 C39 6 46 12 50 20 '
        'C54 12 61 6 71 6 C84 6 96 16 96 32 C96 58 65 78 50 92 Z"/>'
    ),
    Suit.DIAMONDS: '<path d="M50 3 L86 50 L50 97 L14 50 Z"/>',
    Suit.SPADES: (
        '<path d="M50 3 C62 22 95 40 95 62 C95 76 85 84 72 84 C64 84 57 80 53 74 '
        'C55 84 60 91 68 97 L32 97 C40 91 45 84 47 74 C43 80 36 84 28 84 '
        'C15 84 5 76 5 62 C5 40 38 22 50 3 Z"/>'
    ),
    Suit.CLUBS: (
        '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="59" r="21"/>'
        '<circle cx="74" cy="59" r="21"/><circle cx="50" cy="52" r="12"/>'
        '<path d="M46 56 C46 76 40 88 30 97 L70 97 C60 88 54 76 54 56 Z"/>'
    ),
}

_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
               Suit.CLUBS: "clubs"}
_RANK_NAMES = ("joker", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen",
               "king")
_FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, Helvetica, sans-serif"


def _num(x: float) -> str:
    """Short decimal for SVG coordinates."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _pip(suit: Suit, x: float, y: float, size: float, color: str, cls: str = "rl-pip") -> str:
    """A suit shape with its top-left corner at (x, y) and the given side length."""
    return (
        f'<g class="{cls}" fill="{color}" '
        f'transform="translate({_num(x)} {_num(y)}) scale({_num(size / 100)})">'
        f"{_SUIT_SHAPES[suit]}</g>"
    )


def _star_points(cx: float, cy: float, outer: float, inner: float) -> str:
    pts = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = math.pi / 2 + i * math.pi / 5
        pts.append(f"{_num(cx + r * math.cos(a))},{_num(cy - r * math.sin(a))}")
    return " ".join(pts)


def _svg_open(classes: list[str], attrs: dict[str, str], width: int, style: str) -> str:
    height = round(width * _ASPECT)
    extra = "".join(f' {k}="{escape(v)}"' for k, v in attrs.items())
    style_attr = f' style="{style}"' if style else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{" ".join(classes)}"{extra} '
        f'width="{width}" height="{height}" viewBox="0 0 100 140" role="img"{style_attr}>'
    )


def _outline(color: str | None, selected: bool, deadwood: bool) -> str:
    parts = []
    if deadwood:
        parts.append(
            f'<rect class="rl-deadwood-mark" x="32" y="127" width="36" height="6" rx="3" '
            f'fill="{_DEADWOOD_MARK}"/>'
        )
    if color is not None:
        parts.append(
            f'<rect class="rl-outline" x="3" y="3" width="94" height="134" rx="8" '
            f'fill="none" stroke="{escape(color)}" stroke-width="4"/>'
        )
    if selected:
        parts.append(
            '<rect class="rl-select-mark" x="1.5" y="1.5" width="97" height="137" rx="9" '
            'fill="none" stroke="#111111" stroke-width="3" stroke-dasharray="8 5"/>'
        )
    return "".join(parts)


def card_svg(
    card: Card,
    *,
    palette: str | Palette | None = None,
    size: int | str | None = None,
    highlight: str | None = None,
    deadwood: bool = False,
    selected: bool = False,
    wild_rank: int | None = None,
    index: int | None = None,
) -> str:
    """One card as a self-contained inline SVG.

    A rounded white card with the rank and a suit pip in two opposite corners and a big
    pip in the centre (a framed pip for J, Q, K); a printed joker is a ``JK`` card with
    a star. Suit shapes are paths, so the card reads the same in every browser. The
    corner labels keep clear of the meld outline, so ``10`` and ``JK`` are never cut.

    >>> from .cards import Card
    >>> s = card_svg(Card.parse("10H"), palette="four-color", highlight="#0072B2")
    >>> 'class="rl-card rl-highlight"' in s, 'data-card="10H"' in s, "#c8102e" in s
    (True, True, True)
    >>> "rl-joker" in card_svg(Card.parse("JK"))
    True
    >>> card_svg(Card.parse("7S"), size=5)
    Traceback (most recent call last):
    ...
    ValueError: card size must be a width in pixels from 16 to 400 or one of ..., got 5

    :param card: the card.
    :param palette: palette name or :class:`Palette`; None uses :func:`get_display`.
    :param size: card width in pixels or a size name; None uses :func:`get_display`.
    :param highlight: outline colour (a meld colour), or None.
    :param deadwood: mark the card as deadwood: a quiet grey bar at its foot; the card
        stays at full contrast.
    :param selected: mark the card as selected (dashed dark edge).
    :param wild_rank: Indian Rummy's wild rank: those cards get a star badge.
    :param index: position in a hand, written as ``data-index``.
    :return: the ``<svg>`` element as a string.
    :raises ValueError: for an unknown palette or bad size.
    """
    pal, width = _resolve(palette, size)
    is_wild = wild_rank is not None and not card.is_joker and card.rank == wild_rank
    classes = ["rl-card"]
    if card.is_joker:
        classes.append("rl-joker")
    if is_wild:
        classes.append("rl-wild")
    if highlight is not None:
        classes.append("rl-highlight")
    if deadwood:
        classes.append("rl-deadwood-card")
    if selected:
        classes.append("rl-selected")
    attrs = {"data-card": card.code, "data-rank": str(card.rank)}
    if card.suit is not None:
        attrs["data-suit"] = card.suit.value
    if index is not None:
        attrs["data-index"] = str(index)
    if highlight is not None:
        attrs["data-color"] = highlight
    if card.suit is None:
        label = "joker"
    else:
        label = f"{_RANK_NAMES[card.rank]} of {_SUIT_NAMES[card.suit]}"
    if is_wild:
        label += " (wild)"
    if deadwood:
        label += ", deadwood"
    attrs["aria-label"] = label
    style = ""
    color = pal.suit_color(card.suit)
    out = [_svg_open(classes, attrs, width, style), f"<title>{escape(card.glyph)}</title>"]
    out.append(
        f'<rect class="rl-face" x="1.5" y="1.5" width="97" height="137" rx="9" '
        f'fill="{pal.face}" stroke="{pal.border}" stroke-width="2"/>'
    )
    rank_text = "JK" if card.suit is None else card.glyph[:-1]
    squeeze = ' textLength="21" lengthAdjust="spacingAndGlyphs"' if len(rank_text) > 1 else ""
    corner_text = (
        f'<text x="17" y="31" font-size="28" font-weight="700" text-anchor="middle" '
        f'font-family="{_FONT}"{squeeze}>{rank_text}</text>'
    )
    if card.suit is None:
        corner_mark = f'<polygon points="{_star_points(17, 45, 9, 3.8)}"/>'
        centre = (
            f'<g class="rl-star" fill="{color}">'
            f'<polygon points="{_star_points(50, 72, 30, 12.5)}"/></g>'
            f'<text x="50" y="121" font-size="11" font-weight="700" text-anchor="middle" '
            f'fill="{color}" font-family="{_FONT}" letter-spacing="0.5">JOKER</text>'
        )
    else:
        corner_mark = _pip(card.suit, 9, 36, 16, color, "rl-pip rl-corner-pip")
        big = 56 if card.rank == 1 else 46
        centre = _pip(card.suit, 50 - big / 2, 70 - big / 2, big, color, "rl-pip rl-center-pip")
        if card.rank >= 11:
            centre = (
                f'<rect class="rl-court" x="28" y="22" width="44" height="96" rx="4" '
                f'fill="none" stroke="{color}" stroke-width="2" opacity="0.55"/>' + centre
            )
    corner = f'<g class="rl-corner" fill="{color}">{corner_text}{corner_mark}</g>'
    out.append(corner)
    out.append(f'<g transform="rotate(180 50 70)">{corner}</g>')
    out.append(centre)
    if is_wild:
        out.append(
            f'<g class="rl-wild-badge"><circle cx="80" cy="20" r="13" fill="{pal.joker}"/>'
            f'<polygon points="{_star_points(80, 20.5, 10, 4.2)}" fill="#ffffff"/></g>'
        )
    out.append(_outline(highlight, selected, deadwood))
    out.append("</svg>")
    return "".join(out)


def card_back_svg(
    *, palette: str | Palette | None = None, size: int | str | None = None
) -> str:
    """The back of a card (an opponent's hidden card, the stock).

    >>> 'class="rl-card rl-back"' in card_back_svg()
    True
    """
    pal, width = _resolve(palette, size)
    diamonds = "".join(
        f"M{x} {y - 4}l4 4l-4 4l-4 -4z"
        for x in range(20, 81, 10) for y in range(22, 121, 10)
    )
    return (
        _svg_open(["rl-card", "rl-back"], {"data-card": "back", "aria-label": "card back"},
                  width, "")
        + "<title>card back</title>"
        + f'<rect class="rl-face" x="1.5" y="1.5" width="97" height="137" rx="9" '
        f'fill="{pal.face}" stroke="{pal.border}" stroke-width="2"/>'
        + f'<rect x="9" y="9" width="82" height="122" rx="5" fill="{pal.back}"/>'
        + f'<path d="{diamonds}" fill="#ffffff" fill-opacity="0.3"/>'
        + '<rect x="13" y="13" width="74" height="114" rx="3" fill="none" stroke="#ffffff" '
        + 'stroke-width="2"/></svg>'
    )


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


# --------------------------------------------------------------------------- order

HAND_ORDERS: tuple[str, ...] = ("melds", "dealt")
"""How a hand is laid out: ``"melds"`` (each meld together, in meld order, then the
deadwood sorted by suit and rank) or ``"dealt"`` (the order the cards are held in)."""

_SUIT_SORT = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}


def deadwood_sort_key(card: Card) -> tuple[int, int, int]:
    """Sort key for loose cards: by suit (♠ ♥ ♣ ♦, colours alternating), then rank, jokers last.

    >>> [c.glyph for c in sorted(clean_cards("KD 2H JK 9S 3H 4C"), key=deadwood_sort_key)]
    ['9♠', '2♥', '3♥', '4♣', 'K♦', 'JK']
    """
    if card.suit is None:
        return (1, 0, 0)
    return (0, _SUIT_SORT[card.suit], card.rank)


def _meld_slots(hand: Sequence[Card], partition: Partition) -> list[list[int]]:
    """For each meld, the positions in ``hand`` of its cards, in meld order."""
    used: set[int] = set()
    out: list[list[int]] = []
    for m_i, meld in enumerate(partition.melds):
        slots = []
        for c in meld.cards:
            pos = next((i for i, h in enumerate(hand) if h == c and i not in used), None)
            if pos is None:
                raise ValueError(f"{c.code} of meld {m_i} is not in the hand")
            used.add(pos)
            slots.append(pos)
        out.append(slots)
    return out


def meld_positions(hand: Sequence[Card], partition: Partition) -> dict[int, int]:
    """Which meld each card of ``hand`` belongs to, by position (deadwood positions absent).

    Duplicates (two-deck games) are matched to positions in hand order, so every
    position is used at most once. ``hand`` may hold cards the partition leaves out
    (the card a player is about to discard); they count as deadwood.

    >>> from .cards import parse_cards
    >>> from .solver import best_partition
    >>> hand = parse_cards("KD 7S 8S 9S 7H 7D 7C")
    >>> meld_positions(hand, best_partition(hand))
    {4: 0, 5: 0, 6: 0, 1: 1, 2: 1, 3: 1}

    :param hand: the cards in the order shown.
    :param partition: a partition of these cards (or of all but some of them).
    :return: position -> meld index.
    :raises ValueError: when a meld card is not in the hand.
    """
    return {pos: m_i for m_i, slots in enumerate(_meld_slots(hand, partition)) for pos in slots}


def _groups(
    hand: Sequence[Card], partition: Partition
) -> tuple[list[list[int]], list[int]]:
    melds = _meld_slots(hand, partition)
    in_meld = {p for slots in melds for p in slots}
    dead = sorted((i for i in range(len(hand)) if i not in in_meld),
                  key=lambda i: (deadwood_sort_key(hand[i]), i))
    return melds, dead


def display_order(
    hand: Sequence[Card], partition: Partition, order: str = "melds"
) -> list[int]:
    """The positions of ``hand`` in the order a view shows them.

    ``"melds"``: the cards of each meld together, melds in the partition's order, then the
    deadwood sorted by suit and rank (:func:`deadwood_sort_key`); ``"dealt"``: as held.

    >>> from .cards import parse_cards
    >>> from .solver import best_partition
    >>> hand = parse_cards("KD 7S 8S 9S 2H 7H 7D 7C")
    >>> [hand[i].code for i in display_order(hand, best_partition(hand))]
    ['7H', '7D', '7C', '7S', '8S', '9S', '2H', 'KD']
    >>> display_order(hand, best_partition(hand), "dealt")
    [0, 1, 2, 3, 4, 5, 6, 7]
    >>> display_order(hand, best_partition(hand), "suits")
    Traceback (most recent call last):
    ...
    ValueError: order must be one of 'melds', 'dealt', got 'suits'

    :param hand: the cards as held. :param partition: their partition (see
        :func:`meld_positions`). :param order: ``"melds"`` or ``"dealt"``.
    :return: positions, each once.
    :raises ValueError: for an unknown order or a meld card missing from the hand.
    """
    _check_order(order)
    if order == "dealt":
        return list(range(len(hand)))
    melds, dead = _groups(hand, partition)
    return [p for slots in melds for p in slots] + dead


def _check_order(order: str) -> None:
    if order not in HAND_ORDERS:
        raise ValueError(
            f"order must be one of {', '.join(repr(o) for o in HAND_ORDERS)}, got {order!r}"
        )


def grouped_hand_html(
    cards: CardsLike,
    partition: Partition,
    *,
    order: str = "melds",
    rules: RulesLike | None = None,
    wild_rank: int | None = None,
    indian: bool | None = None,
    palette: str | Palette | None = None,
    size: int | str | None = None,
    extra: Mapping[int, Sequence[Card]] | None = None,
    extra_label: str = "laid off",
) -> str:
    """A held hand laid out for reading: melds together, then the sorted deadwood.

    With ``order="melds"`` each meld is a group outlined in its colour and captioned
    (set, run; pure or impure sequence in Indian Rummy), followed by a dashed
    ``deadwood`` group (card values under the cards when ``rules`` is given); with
    ``order="dealt"`` the cards stay as held, melds outlined in place and deadwood
    marked. ``extra`` draws other cards attached to a meld (lay-offs: meld index ->
    cards), captioned ``extra_label``. Cards keep their hand position in ``data-index``.

    >>> from .solver import best_partition
    >>> h = "KD 7S 8S 9S 2H 7H 7D 7C"
    >>> html = grouped_hand_html(h, best_partition(h), extra={1: clean_cards("10S")})
    >>> html.count('class="rl-meld '), html.count("rl-deadwood-mark"), html.count("rl-laid-off")
    (2, 2, 1)

    :param cards: the hand as held (may hold cards the partition leaves out: deadwood).
    :param partition: its partition.
    :param order: ``"melds"`` or ``"dealt"`` (see :func:`display_order`).
    :param rules: rules for the deadwood card values. :param wild_rank: the wild rank.
    :param indian: name runs as sequences (default: with a wild rank or Indian rules).
    :param palette: palette override. :param size: card width override.
    :param extra: cards attached to melds (lay-offs), by meld index.
    :param extra_label: their caption.
    :return: an HTML ``<div class="rl-grouped-hand">``.
    :raises ValueError: for an unknown order or a meld card missing from the hand.
    """
    hand = clean_cards(cards)
    _check_order(order)
    pal, width = _resolve(palette, size)
    r = None if rules is None else get_rules(rules)
    if indian is None:
        indian = wild_rank is not None or (r is not None and r.variant.value == "indian")
    melds, dead = _groups(hand, partition)
    if not hand:
        return cards_html((), palette=pal, size=width)
    if order == "dealt":
        where = {p: i for i, slots in enumerate(melds) for p in slots}
        items = [
            _Slot(i, c, MELD_COLORS[where[i] % len(MELD_COLORS)] if i in where else None,
                  i not in where)
            for i, c in enumerate(hand)
        ]
        return (
            f'<div class="rl-grouped-hand" data-order="dealt" '
            f'data-deadwood-points="{partition.deadwood_points}">'
            + _row_html(items, pal, width, wild_rank) + "</div>"
        )
    out = [
        f'<div class="rl-grouped-hand rl-groups" data-order="melds" '
        f'data-deadwood-points="{partition.deadwood_points}" style="display:flex;'
        'flex-wrap:wrap;gap:8px;align-items:flex-end">'
    ]
    attached = extra or {}
    for i, (meld, slots) in enumerate(zip(partition.melds, melds, strict=True)):
        color = MELD_COLORS[i % len(MELD_COLORS)]
        items = [_Slot(p, hand[p], color) for p in slots]
        out.append(_meld_group(meld, items, color, i, pal, width, wild_rank, indian,
                               attached.get(i, ()), extra_label))
    if dead:
        values = [None if r is None else str(r.card_value(hand[p], wild_rank)) for p in dead]
        items = [_Slot(p, hand[p], None, True, caption=v) for p, v in zip(dead, values,
                                                                         strict=True)]
        out.append(_deadwood_group(items, pal, width, wild_rank, partition.deadwood_points))
    out.append("</div>")
    return "".join(out)


def _caption_html(text: str, width: int) -> str:
    return (
        f'<div class="rl-caption" style="font:600 {max(11, round(width * 0.2))}px '
        f'{escape(_FONT)};color:{THEME["ink"]};margin-top:2px">{escape(text)}</div>'
    )


def _meld_group(
    meld: Meld, items: Sequence[_Slot], color: str, index: int, pal: Palette, width: int,
    wild_rank: int | None, indian: bool, extra: Sequence[Card] = (), extra_label: str = "",
) -> str:
    style = "solid" if meld.is_pure else "dashed"
    codes = " ".join(c.code for c in meld.cards)
    body = _row_html(items, pal, width, wild_rank)
    if extra:
        more = [_Slot(None, c, color) for c in extra]
        body = (
            '<div style="display:flex;align-items:flex-end;gap:4px">' + body
            + '<div class="rl-laid-off" data-cards="'
            + escape(" ".join(c.code for c in extra))
            + f'" style="display:flex;flex-direction:column;align-items:center;'
            f'border-left:2px dashed {escape(color)};padding-left:4px">'
            + _row_html(more, pal, width, wild_rank)
            + _caption_html(extra_label, width) + "</div></div>"
        )
    return (
        f'<div class="rl-meld rl-meld-{escape(meld.kind)}" data-kind="{escape(meld.kind)}" '
        f'data-pure="{str(meld.is_pure).lower()}" data-meld-index="{index}" '
        f'data-color="{escape(color)}" data-cards="{escape(codes)}" '
        f'title="{escape(glyph_text(meld.describe(wild_rank)))}" '
        f'style="display:inline-flex;flex-direction:column;align-items:center;'
        f'border:3px {style} {escape(color)};border-radius:10px;padding:3px 5px 2px">'
        + body + _caption_html(meld_caption(meld, indian), width) + "</div>"
    )


def _deadwood_group(
    items: Sequence[_Slot], pal: Palette, width: int, wild_rank: int | None, points: int
) -> str:
    codes = " ".join(s.card.code for s in items)
    return (
        f'<div class="rl-deadwood" data-points="{points}" data-cards="{escape(codes)}" '
        'style="display:inline-flex;flex-direction:column;align-items:center;'
        f'border:2px dashed {THEME["border"]};border-radius:10px;padding:3px 5px 2px">'
        + _row_html(items, pal, width, wild_rank)
        + _caption_html("deadwood", width) + "</div>"
    )


# --------------------------------------------------------------------------- words

_GLYPH_TOKEN = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([SHDC])(?![\w♠♥♦♣])")


def glyph_text(text: str) -> str:
    """``text`` with every card token written with its suit symbol (``7S`` -> ``7♠``).

    Why: the engine's sentences name cards in ASCII notation (what the command line
    prints); views show glyphs, so a learner reads every card the same way.

    >>> glyph_text("deadwood: 2S(2) + QH(10) + 10D(10) = 22; JK stands in for 7H")
    'deadwood: 2♠(2) + Q♥(10) + 10♦(10) = 22; JK stands in for 7♥'
    """
    return _GLYPH_TOKEN.sub(lambda m: m.group(1) + Suit(m.group(2)).glyph, text)


def count_words(n: int, word: str, plural: str | None = None) -> str:
    """``"1 card"``, ``"2 cards"``, ``"9,525 cards"``: a count with its noun in the right number.

    >>> count_words(1, "card"), count_words(31, "card"), count_words(2, "copy", "copies")
    ('1 card', '31 cards', '2 copies')
    """
    noun = word if n == 1 else (plural or word + "s")
    return f"{n:,} {noun}"


# --------------------------------------------------------------------------- tables


_NUMBER = re.compile(r"[+\-−]?[\d,]*\.?\d+\s*%?")


def html_table(
    header: Sequence[object],
    rows: Iterable[Sequence[object]],
    *,
    caption: str | None = None,
    css_class: str = "rl-result-table",
    note: str | None = None,
) -> str:
    """A small labelled table for results (score sheets, standings, odds), theme-aware.

    Cells are escaped text; the first cell of each row is its label. Numbers get thousands
    separators; a column whose cells are all numbers aligns right, any other column left.
    Colours come from JupyterLab's CSS variables, so light and dark themes
    both read well.

    >>> html = html_table(["", "You", "Bot"], [["hand points", 1234, 0]], caption="Gin")
    >>> "<caption" in html and "1,234" in html and html.count("<tr>") == 2
    True

    :param header: the column titles (the first is the label column's).
    :param rows: one sequence per row, label first.
    :param caption: a title above the table. :param note: a line under it.
    :param css_class: extra CSS class for selecting the table.
    """
    cell = "padding:3px 10px;border-bottom:1px solid var(--jp-border-color2,#c8c8c8);"

    def text(v: object) -> str:
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, int):
            return f"{v:,}"
        if isinstance(v, float):
            return f"{v:,.3f}" if abs(v) < 1000 else f"{v:,.0f}"
        return str(v)

    def numeric(v: object) -> bool:
        return isinstance(v, int | float) or (
            isinstance(v, str) and (v.strip() == "" or _NUMBER.fullmatch(v.strip()) is not None))

    rows = [list(row) for row in rows]
    width = max([len(header), *(len(row) for row in rows)])
    # a column is right-aligned when every cell in it is a number (blanks allowed)
    side = ["left"] + ["right" if rows and all(numeric(row[i]) for row in rows if i < len(row))
                       else "left" for i in range(1, width)]
    head = "".join(
        f'<th style="{cell}text-align:{side[i]}">{escape(text(h))}</th>'
        for i, h in enumerate(header)
    )
    body = "".join(
        "<tr>" + "".join(
            (f'<th style="{cell}text-align:left;font-weight:600">{escape(text(v))}</th>'
             if i == 0 else
             f'<td style="{cell}text-align:{side[i]}">{escape(text(v))}</td>')
            for i, v in enumerate(row)
        ) + "</tr>"
        for row in rows
    )
    cap = (f'<caption style="text-align:left;font-weight:600;padding:2px 0 4px">'
           f"{escape(caption)}</caption>") if caption else ""
    foot = (f'<div class="rl-result-note" style="margin-top:4px">{escape(note)}</div>'
            if note else "")
    return (
        f'<div class="{escape(css_class)}" style="color:var(--jp-ui-font-color1,#1a1a1a);'
        f'font:13px {escape(_FONT)}"><table style="border-collapse:collapse">{cap}'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{foot}</div>"
    )


@dataclass(frozen=True)
class ResultTable:
    """A small labelled table of results: Jupyter shows it as :func:`html_table`.

    Why: a lesson that compares a few numbers (rule sets, table sizes, odds) ends its cell
    with a table whose rows and columns are named, not with a bare tuple or dict; the
    values stay plain Python, so the next line can assert them.

    >>> t = result_table(["rule", "points"], [["standard", 25], ["no bonus", 0]])
    >>> t.row("no bonus"), t.column("points")
    (('no bonus', 0), (25, 0))
    >>> print(t)
    rule      points
    standard      25
    no bonus       0

    :ivar header: the column titles (the first is the label column's).
    :ivar rows: one tuple per row, label first.
    :ivar caption: a title above the table. :ivar note: a line under it.
    """

    header: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    caption: str | None = None
    note: str | None = None

    def row(self, label: object) -> tuple[object, ...]:
        """The first row whose label (first cell) is ``label``.

        :raises KeyError: when no row has that label.
        """
        for r in self.rows:
            if r and r[0] == label:
                return r
        raise KeyError(f"no row labelled {label!r}; labels: {[r[0] for r in self.rows if r]}")

    def column(self, title: str) -> tuple[object, ...]:
        """The values under the column ``title``, one per row.

        :raises KeyError: when no column has that title.
        """
        if title not in self.header:
            raise KeyError(f"no column {title!r}; columns: {list(self.header)}")
        i = self.header.index(title)
        return tuple(r[i] if i < len(r) else None for r in self.rows)

    def __str__(self) -> str:
        lines = [[str(h) for h in self.header], *([str(v) for v in r] for r in self.rows)]
        widths = [max(len(line[i]) for line in lines if i < len(line))
                  for i in range(max(len(line) for line in lines))]
        out = []
        for line in lines:
            cells = [v.ljust(widths[0]) if i == 0 else v.rjust(widths[i])
                     for i, v in enumerate(line)]
            out.append("  ".join(cells).rstrip())
        text = "\n".join(out)
        if self.caption:
            text = self.caption + "\n" + text
        return text + ("\n" + self.note if self.note else "")

    def _repr_html_(self) -> str:
        return html_table(self.header, self.rows, caption=self.caption, note=self.note)


def result_table(
    header: Sequence[object],
    rows: Iterable[Sequence[object]],
    *,
    caption: str | None = None,
    note: str | None = None,
) -> ResultTable:
    """A :class:`ResultTable` from column titles and rows (label first), shown as HTML.

    >>> result_table(["players", "cards each"], [[2, 10], [3, 7]]).column("cards each")
    (10, 7)

    :param header: the column titles (the first is the label column's).
    :param rows: one sequence per row, label first.
    :param caption: a title above the table. :param note: a line under it.
    :raises ValueError: when a row has more cells than there are columns.
    """
    head = tuple(str(h) for h in header)
    body = tuple(tuple(r) for r in rows)
    for r in body:
        if len(r) > len(head):
            raise ValueError(f"a row has {len(r)} cells for {len(head)} columns: {r!r}")
    return ResultTable(head, body, caption, note)


# --------------------------------------------------------------------------- melds


def meld_caption(meld: Meld, indian: bool = False) -> str:
    """What a meld is called under it: ``set``, ``run`` (``run with joker``) or, in Indian
    Rummy (``indian``), ``pure sequence`` / ``impure sequence``.

    >>> from .melds import classify_meld
    >>> meld_caption(classify_meld("4C 5C 6C")), meld_caption(classify_meld("4C 5C 6C"), True)
    ('run', 'pure sequence')
    """
    if meld.kind == "set":
        return "set" if meld.is_pure else "set with joker"
    if indian:
        return "pure sequence" if meld.is_pure else "impure sequence"
    return "run" if meld.is_pure else "run with joker"


def meld_html(
    meld: Meld,
    *,
    color: str = MELD_COLORS[0],
    index: int = 0,
    palette: str | Palette | None = None,
    size: int | str | None = None,
    wild_rank: int | None = None,
    indian: bool | None = None,
) -> str:
    """One meld as a group outlined in ``color`` (dashed when a joker stands in).

    The caption names the meld: ``set``, ``run`` or, in Indian Rummy terms (``indian``;
    by default when ``wild_rank`` is given), ``pure sequence`` / ``impure sequence``.

    >>> from .melds import classify_meld
    >>> m = classify_meld("7S 7H 7D")
    >>> h = meld_html(m, color="#E69F00")
    >>> 'class="rl-meld rl-meld-set"' in h, 'data-color="#E69F00"' in h
    (True, True)
    """
    pal, width = _resolve(palette, size)
    if indian is None:
        indian = wild_rank is not None
    items = [_Slot(i, c, color) for i, c in enumerate(meld.cards)]
    return _meld_group(meld, items, color, index, pal, width, wild_rank, indian)


def partition_html(
    partition: Partition,
    *,
    palette: str | Palette | None = None,
    size: int | str | None = None,
    rules: RulesLike | None = None,
    wild_rank: int | None = None,
    explain: bool = False,
) -> str:
    """A partition: each meld outlined in its own colour, then the deadwood, sorted.

    Why: seeing the melds as coloured groups and the leftovers apart (each with a quiet
    grey mark, at full contrast) is how a learner checks the solver's answer at a glance.
    The deadwood points are printed under it; with ``rules`` each deadwood card is
    labelled with its value, and ``explain=True`` adds the solver's one-line reason per
    meld (cards named with their suit symbols).

    >>> from .solver import best_partition
    >>> h = partition_html(best_partition("7S 7H 7D 4C 5C 6C 7C KD QH 2S"), rules="gin")
    >>> h.count('class="rl-meld '), h.count("rl-deadwood-mark"), 'data-deadwood-points="22"' in h
    (2, 3, True)

    :param partition: a :class:`~rummy_lab.engine.solver.Partition`.
    :param palette: palette override. :param size: card width override.
    :param rules: the rules the partition was made under (for card values and reasons).
    :param wild_rank: Indian Rummy's wild rank (badges and reasons).
    :param explain: list the reason for each meld and the deadwood sum.
    :return: an HTML ``<div class="rl-partition">``.
    """
    pal, width = _resolve(palette, size)
    r: Rules | None = None
    if rules is not None:
        r = get_rules(rules)
    cards = [c for m in partition.melds for c in m.cards] + list(partition.deadwood)
    out = [
        f'<div class="rl-partition" data-deadwood-points="{partition.deadwood_points}" '
        f'data-meld-count="{len(partition.melds)}" style="font-family:{escape(_FONT)};'
        f'color:{THEME["ink"]}">',
        grouped_hand_html(cards, partition, rules=r, wild_rank=wild_rank, palette=pal,
                          size=width) if cards else "",
    ]
    if partition.deadwood:
        total = (
            f"Deadwood: <b>{partition.deadwood_points}</b> point"
            f"{'' if partition.deadwood_points == 1 else 's'}"
            f" ({count_words(len(partition.deadwood), 'card')})"
        )
    else:
        total = "No deadwood: every card is melded (<b>0</b> points)"
    out.append(f'<div class="rl-points" style="margin-top:4px;font-size:14px">{total}</div>')
    if explain:
        lines = partition.explain(r if r is not None else "gin", wild_rank=wild_rank)
        out.append('<ul class="rl-explain" style="margin:4px 0;font-size:13px">')
        out.extend(f"<li>{escape(glyph_text(line))}</li>" for line in lines)
        out.append("</ul>")
    out.append("</div>")
    return "".join(out)


def install_rich_display() -> None:
    """Make cards, hands, melds and partitions display as playing cards in Jupyter.

    Registers :func:`card_svg`, :func:`cards_html` and :func:`partition_html` in
    :data:`rummy_lab.engine.cards.RICH_RENDERERS`; importing :mod:`rummy_lab.engine` calls
    it, so users never need to.
    """
    RICH_RENDERERS.update(card=card_svg, cards=cards_html, partition=partition_html)
