"""One card as a self-contained inline SVG: the face (rank, suit shapes as paths) and the back.

Each card carries CSS classes and data attributes that browser tests and widgets select
on (``svg.rl-card[data-card="7S"]``); all output is well-formed XML.

>>> from rummy_lab.engine.cards import parse_cards
>>> svg = card_svg(parse_cards("7S")[0])
>>> svg.startswith("<svg") and 'data-card="7S"' in svg and "<title>7♠</title>" in svg
True
"""

from __future__ import annotations

import math
from html import escape

from ..engine.cards import Card, Suit
from .style import _ASPECT, _DEADWOOD_MARK, _FONT, Palette, _resolve

__all__ = ["card_back_svg", "card_svg"]


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

    >>> from rummy_lab.engine.cards import Card
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
