"""Light and dark looks for rummy_lab figures, and which one the page is showing.

Why: JupyterLab has light, dark and high-contrast themes; a chart drawn with dark ink on a
white slab breaks a dark page. Every figure builder takes ``theme`` (``"light"`` or
``"dark"``); without it the figure follows :func:`page_theme`. Backgrounds are transparent,
so the page shows through, and the template supplies ink, grid and accent colours that
read on that page.

:func:`page_theme` answers, in order: the theme set with :func:`set_theme`; the theme a
rummy_lab widget last reported from the browser (widgets watch the page and redraw their
charts when it changes); JupyterLab's saved theme setting; else light.

>>> set_theme("dark")
'dark'
>>> page_theme(), template().layout.font.color
('dark', '#f2f2f2')
>>> set_theme("auto") in THEMES
True
>>> set_theme("sepia")
Traceback (most recent call last):
...
ValueError: theme must be one of 'light', 'dark', 'auto', got 'sepia'
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import plotly.graph_objects as go
import plotly.io as pio

from ..display import MELD_COLORS

__all__ = [
    "THEMES",
    "ThemeColors",
    "note_page_theme",
    "page_theme",
    "set_theme",
    "template",
    "theme_colors",
]

THEMES: tuple[str, ...] = ("light", "dark")
"""The two looks: dark ink on a light page, light ink on a dark page."""


@dataclass(frozen=True)
class ThemeColors:
    """The colours of one look.

    :ivar ink: text, and marks that must stand out (the marked point, the exact line).
    :ivar muted: secondary lines (a mean, the current-move marker).
    :ivar grid: grid lines. :ivar axis: axis lines.
    :ivar empty: an empty heatmap cell.
    :ivar band: the fill of a confidence band.
    :ivar series: line and bar colours, in order.
    """

    ink: str
    muted: str
    grid: str
    axis: str
    empty: str
    band: str
    series: tuple[str, ...]


_LIGHT = ThemeColors(
    ink="#1f1f1f", muted="#5c5c5c", grid="#e4e4e4", axis="#9e9e9e", empty="#f0f0f0",
    band="rgba(0, 114, 178, 0.18)", series=MELD_COLORS,
)
_DARK = ThemeColors(
    ink="#f2f2f2", muted="#bdbdbd", grid="#3b3b3b", axis="#757575", empty="#2b2b2b",
    band="rgba(86, 180, 233, 0.25)",
    # Okabe-Ito with the sky blue first and white for black, so every line shows on dark
    series=("#56B4E9", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#0072B2", "#f2f2f2",
            "#F0E442"),
)

_chosen: str = "auto"
_reported: str | None = None


def _check(theme: str, allow_auto: bool) -> str:
    allowed = (*THEMES, "auto") if allow_auto else THEMES
    if theme not in allowed:
        raise ValueError(
            f"theme must be one of {', '.join(repr(t) for t in allowed)}, got {theme!r}"
        )
    return theme


def set_theme(theme: str = "auto") -> str:
    """Choose the look of figures built from now on: ``"light"``, ``"dark"`` or ``"auto"``.

    :param theme: a look, or ``"auto"`` to follow the page (see :func:`page_theme`).
    :return: the look now in force.
    :raises ValueError: for another value.
    """
    global _chosen
    _chosen = _check(theme, allow_auto=True)
    return page_theme()


def note_page_theme(theme: str | None) -> None:
    """Record the look a widget saw in the browser (figures built later follow it);
    None forgets it.

    >>> note_page_theme("light"); note_page_theme(None)
    """
    global _reported
    _reported = None if theme is None else _check(theme, allow_auto=False)


def _lab_settings_file() -> Path:
    base = os.environ.get("JUPYTERLAB_SETTINGS_DIR")
    if not base:
        config = os.environ.get("JUPYTER_CONFIG_DIR") or str(Path.home() / ".jupyter")
        base = str(Path(config) / "lab" / "user-settings")
    return Path(base) / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings"


def _lab_theme() -> str | None:
    """The theme saved in JupyterLab's settings, or None (unknown or following the system)."""
    path = _lab_settings_file()
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(re.sub(r"^\s*//.*$", "", text, flags=re.MULTILINE))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("adaptive-theme"):
        return None
    name = data.get("theme")
    if not isinstance(name, str):
        return None
    return "dark" if "dark" in name.lower() else "light"


def page_theme() -> str:
    """The look figures take when none is given.

    :return: ``"light"`` or ``"dark"``.
    """
    if _chosen != "auto":
        return _chosen
    if _reported is not None:
        return _reported
    return _lab_theme() or "light"


def _resolve(theme: str | None) -> str:
    return page_theme() if theme is None else _check(theme, allow_auto=False)


def theme_colors(theme: str | None = None) -> ThemeColors:
    """The colours of a look (the page's when ``theme`` is None).

    >>> theme_colors("light").ink, theme_colors("dark").ink
    ('#1f1f1f', '#f2f2f2')
    """
    return _DARK if _resolve(theme) == "dark" else _LIGHT


@lru_cache(maxsize=2)
def _template(theme: str) -> go.layout.Template:
    c = theme_colors(theme)
    base = pio.templates["plotly_dark" if theme == "dark" else "plotly_white"]
    t = go.layout.Template(base)
    axis = {"gridcolor": c.grid, "linecolor": c.axis, "zerolinecolor": c.grid,
            "tickcolor": c.axis, "title": {"font": {"color": c.ink}},
            "tickfont": {"color": c.ink}}
    t.layout.update(
        paper_bgcolor="rgba(0,0,0,0)",
        plot_bgcolor="rgba(0,0,0,0)",
        font={"color": c.ink, "size": 13},
        title={"x": 0, "xanchor": "left", "font": {"color": c.ink, "size": 16}},
        colorway=list(c.series),
        xaxis=axis,
        yaxis=axis,
        legend={"bgcolor": "rgba(0,0,0,0)", "font": {"color": c.ink}},
        hoverlabel={"font": {"size": 13}},
        modebar={"bgcolor": "rgba(0,0,0,0)", "color": c.muted, "activecolor": c.ink},
        separators=".,",
    )
    return t


def template(theme: str | None = None) -> go.layout.Template:
    """The plotly template of a look: transparent backgrounds, the look's ink and grid.

    >>> template("light").layout.paper_bgcolor
    'rgba(0,0,0,0)'

    :param theme: ``"light"`` or ``"dark"``; None follows :func:`page_theme`.
    :return: the template (shared; do not modify it).
    :raises ValueError: for an unknown look.
    """
    return _template(_resolve(theme))
