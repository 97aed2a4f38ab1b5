"""Small helpers shared by the widgets: figure refresh, status messages, option lists."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from ..engine.cards import RANK_SYMBOLS
from ..engine.rules import PRESETS

__all__ = [
    "RANK_OPTIONS",
    "RULE_PRESETS",
    "html_list",
    "refresh_figure",
    "set_status",
    "styled",
]

RULE_PRESETS: tuple[str, ...] = tuple(PRESETS)
"""Every rules preset name, in the engine's order."""

RANK_OPTIONS: list[tuple[str, int]] = [("none", 0)] + [
    (RANK_SYMBOLS[r], r) for r in range(1, 14)
]
"""Dropdown options for a wild rank: none (0), A, 2 ... K (a dropdown shows None as blank)."""

_LAYOUT_LISTS = ("shapes", "annotations", "updatemenus", "sliders")


def styled(widget: Any, *classes: str) -> Any:
    """``widget`` with CSS classes added (hooks for browser tests and notebook CSS)."""
    for c in classes:
        widget.add_class(c)
    return widget


def refresh_figure(target: go.FigureWidget, fig: go.Figure) -> None:
    """Make ``target`` show ``fig``, in one message to the browser.

    Traces are updated in place when the new figure has the same trace types in the same
    order (the front end then redraws without flicker), else replaced. The template is
    kept (every rummy_lab figure uses the same one), and shape/annotation lists are set
    even when empty, so nothing stale stays behind.
    """
    same = len(target.data) == len(fig.data) and all(
        a.type == b.type for a, b in zip(target.data, fig.data, strict=True)
    )
    layout = fig.layout.to_plotly_json()
    if target.data:  # the template came with the first figure; skip resending it
        layout.pop("template", None)
    for key in _LAYOUT_LISTS:
        layout.setdefault(key, [])
    with target.batch_update():
        if same:
            for old, new in zip(target.data, fig.data, strict=True):
                old.update(new.to_plotly_json(), overwrite=True)
        else:
            target.data = ()
            target.add_traces(list(fig.data))
        target.layout.update(layout, overwrite=True)


def set_status(label: W.HTML, message: str = "", *, error: bool = False) -> None:
    """Show ``message`` in a status line (red for an error; empty hides it)."""
    if not message:
        label.value = ""
        label.remove_class("rl-error")
        return
    color = "#b00020" if error else "#333333"
    label.value = f'<span style="color:{color}">{escape(message)}</span>'
    if error:
        label.add_class("rl-error")
    else:
        label.remove_class("rl-error")


def html_list(lines: Iterable[str], cls: str) -> str:
    """Lines as an HTML bullet list with a class."""
    items = "".join(f"<li>{escape(x)}</li>" for x in lines)
    return f'<ul class="{cls}" style="margin:4px 0 4px 18px;padding:0">{items}</ul>'
