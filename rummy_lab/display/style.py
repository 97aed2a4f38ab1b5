"""Card styles and the colours around the cards: palettes, sizes, the theme, the current choice.

Card faces are white with dark ink, as real cards are; everything around them (captions,
borders, points) takes its colours from JupyterLab's CSS variables (:data:`THEME`), with
fallbacks for pages without them, so light, dark and high-contrast themes all read well.
Plain data and settings: the markup is drawn in the other modules of this package.

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

from dataclasses import dataclass

from ..engine.cards import Suit

__all__ = [
    "MELD_COLORS",
    "PALETTES",
    "SIZES",
    "THEME",
    "DisplayOptions",
    "Palette",
    "get_display",
    "reset_display",
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


_FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, Helvetica, sans-serif"  # captions and card labels
