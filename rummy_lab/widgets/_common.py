"""Small helpers shared by the widgets: theme, style sheet, figures, status lines, lists."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

import anywidget
import ipywidgets as W
import plotly.graph_objects as go
import traitlets

from ..display import MELD_COLORS, THEME, glyph_text
from ..engine.cards import RANK_SYMBOLS
from ..engine.rules import PRESETS
from ..viz.theme import note_page_theme

__all__ = [
    "RANK_OPTIONS",
    "RULE_PRESETS",
    "STYLE_SHEET",
    "ThemeProbe",
    "figure_widget",
    "html_list",
    "refresh_figure",
    "set_status",
    "style_sheet",
    "styled",
]

RULE_PRESETS: tuple[str, ...] = tuple(PRESETS)
"""Every rules preset name, in the engine's order."""

RANK_OPTIONS: list[tuple[str, int]] = [("none", 0)] + [
    (RANK_SYMBOLS[r], r) for r in range(1, 14)
]
"""Dropdown options for a wild rank: none (0), A, 2 ... K (a dropdown shows None as blank)."""

_LAYOUT_LISTS = ("shapes", "annotations", "updatemenus", "sliders")

_MELD_RULES = "".join(
    f".rl-group.rl-meld-color-{i}{{border-color:{c}}}" for i, c in enumerate(MELD_COLORS)
)
STYLE_SHEET = (
    "<style>"
    # hand groups: melds outlined in their colours (dashed with a joker), deadwood dashed grey
    ".rl-group{border:3px solid transparent;border-radius:10px;padding:2px 4px 1px;"
    "margin:0 8px 4px 0}"
    ".rl-group.rl-impure{border-style:dashed}"
    f".rl-group.rl-deadwood-group{{border:2px dashed {THEME['border']}}}"
    ".rl-group.rl-plain{border-color:transparent;padding:0}"
    + _MELD_RULES
    + f".rl-group-caption{{font:600 12px sans-serif;color:{THEME['ink']};text-align:center}}"
    # the hinted card: a brand-coloured ring and a tag above it
    f".rl-card-slot.rl-hinted{{outline:3px dashed {THEME['brand']};outline-offset:1px;"
    "border-radius:8px}"
    f".rl-hint-tag{{font:700 12px sans-serif;color:{THEME['brand']};text-align:center;"
    "line-height:16px}"
    ".rl-hint-tag.rl-none{visibility:hidden}"
    # the line that says whose turn it is
    f".rl-turn-line{{font-size:15px;color:{THEME['ink']};padding:6px 10px;"
    f"border-left:5px solid {THEME['brand']};margin:4px 0}}"
    f".rl-turn-line.rl-over{{border-left-color:{THEME['success']}}}"
    f".rl-panel{{background:{THEME['panel']};color:{THEME['ink']};border-radius:6px;"
    "padding:6px 10px;font-size:13px}"
    f".rl-note{{color:{THEME['muted']};font-size:12px}}"
    f".rl-play-table .rl-log-box summary,.rl-play-table .rl-log-box li{{color:{THEME['ink']}}}"
    # the hint's folded reasons: a quiet, clickable line under each move
    f".rl-why summary{{color:{THEME['ink']};cursor:pointer;font-size:12px}}"
    ".rl-why{margin:0 0 2px 0}"
    # the hint's ranks: the moves of one rank side by side, the coach's pick framed
    ".rl-rank-group{margin:6px 0 0}"
    ".rl-rank-label{font-weight:600;font-size:12px;margin:0 0 2px}"
    ".rl-rank-moves{display:flex;flex-wrap:wrap;gap:6px}"
    f".rl-move-card{{flex:1 1 240px;max-width:460px;background:{THEME['surface']};"
    f"color:{THEME['ink']};border:1px solid {THEME['border']};border-radius:6px;"
    "padding:4px 8px;box-sizing:border-box}"
    f".rl-move-card.rl-pick{{border:2px solid {THEME['brand']}}}"
    ".rl-value{font-weight:700;white-space:nowrap;font-variant-numeric:tabular-nums;"
    "margin-left:4px}"
    f".rl-pick-tag{{font-size:11px;font-weight:700;color:{THEME['ink']};"
    f"border:1px solid {THEME['brand']};border-radius:8px;padding:0 6px;margin-left:4px;"
    "white-space:nowrap}"
    # the review: the figures first, then the key moments, the chart and the table
    ".rl-review-stats{display:flex;flex-wrap:wrap;gap:6px 18px;align-items:baseline;"
    "margin:4px 0}"
    ".rl-big{font-size:22px;font-weight:700;font-variant-numeric:tabular-nums}"
    ".rl-key-moments ol{margin:2px 0 6px 18px;padding:0}"
    ".rl-key-moments li{margin:0 0 4px}"
    ".rl-review-scroll{overflow-x:auto;max-width:100%}"
    ".rl-review-table{border-collapse:collapse;font-size:12px;margin-top:4px}"
    f".rl-review-table th,.rl-review-table td{{border-bottom:1px solid {THEME['border']};"
    "padding:2px 6px;text-align:left;vertical-align:top}"
    ".rl-review-table td.rl-num{white-space:nowrap;font-variant-numeric:tabular-nums}"
    # notes inside a panel: the panel's ink (the muted grey is too faint on its shade)
    f".rl-panel .rl-note{{color:{THEME['ink']};margin:6px 0 0}}"
    # toggle buttons: the label beside the buttons (ipywidgets puts it above), and the
    # chosen button marked by more than a shade of grey
    ".rl-root .widget-toggle-buttons{display:flex;align-items:center}"
    ".rl-root .widget-toggle-buttons>.widget-label{flex:0 0 auto;margin-right:4px}"
    ".rl-root .widget-toggle-buttons>div{display:flex;flex-wrap:wrap}"
    f".rl-root .jupyter-button.mod-active{{box-shadow:inset 0 -3px 0 {THEME['brand']}}}"
    ".rl-root .widget-html-content{line-height:1.45}"
    "</style>"
)
"""CSS of the widgets (classes prefixed ``rl-``), themed with JupyterLab's variables."""


def style_sheet() -> W.HTML:
    """An invisible HTML widget carrying :data:`STYLE_SHEET` (each widget adds one)."""
    sheet = W.HTML(STYLE_SHEET, layout=W.Layout(display="none"))
    sheet.add_class("rl-style")
    return sheet


class ThemeProbe(anywidget.AnyWidget):
    """Reports the page's theme to Python: ``"light"`` or ``"dark"`` (invisible).

    In JupyterLab it reads ``body[data-jp-theme-light]`` and watches it, so switching the
    theme redraws the charts; elsewhere it reads VS Code's body classes or, failing that,
    the lightness of the page background. Widgets observe :attr:`theme`.

    It also names, inside the outermost rummy_lab widget holding it (class ``rl-root``), the
    standard controls ipywidgets leaves without an accessible name: a slider's handle
    takes the slider's label, the Play widget's icon buttons are called play, pause,
    stop and repeat (screen readers and axe-core need a name for every control).
    """

    _esm = """
function lightness(el) {
  for (let node = el; node; node = node.parentElement) {
    const m = getComputedStyle(node).backgroundColor.match(/[\\d.]+/g);
    if (m && (m.length < 4 || +m[3] > 0.5)) {
      return (0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]) / 255;
    }
  }
  return 1;
}
function detect(el) {
  const body = document.body;
  const light = body.dataset.jpThemeLight;
  if (light === "false") return "dark";
  if (light === "true") return "light";
  const cls = body.classList;
  if (cls.contains("vscode-dark") || cls.contains("vscode-high-contrast")) return "dark";
  if (cls.contains("vscode-light")) return "light";
  return lightness(el.parentElement || body) < 0.5 ? "dark" : "light";
}
const PLAY = ["play", "pause", "stop", "repeat"];
function nameControls(root) {
  for (const handle of root.querySelectorAll('[role="slider"]:not([aria-label])')) {
    const box = handle.closest(".widget-slider, .jupyter-widget-slider, .widget-hslider");
    const label = box && box.querySelector(".widget-label");
    handle.setAttribute("aria-label", (label && label.textContent.trim()) || "value");
  }
  for (const play of root.querySelectorAll(".widget-play, .jupyter-widget-play")) {
    play.querySelectorAll("button").forEach((b, i) => {
      if (!b.getAttribute("aria-label")) b.setAttribute("aria-label", PLAY[i] || "control");
      if (!b.title) b.title = PLAY[i] || "control";
    });
  }
}
function render({ model, el }) {
  const report = () => {
    const theme = detect(el);
    if (model.get("theme") !== theme) { model.set("theme", theme); model.save_changes(); }
  };
  report();
  const watch = new MutationObserver(report);
  watch.observe(document.body, { attributes: true,
    attributeFilter: ["data-jp-theme-light", "data-jp-theme-name", "class"] });
  let names = null, frame = 0;
  const attach = () => {
    let root = el.isConnected && el.closest(".rl-root");
    if (!root) { if (frame++ < 600) requestAnimationFrame(attach); return; }
    for (let up = root.parentElement && root.parentElement.closest(".rl-root"); up;
         up = root.parentElement && root.parentElement.closest(".rl-root")) root = up;
    report();
    nameControls(root);
    names = new MutationObserver(() => nameControls(root));
    names.observe(root, { childList: true, subtree: true });
  };
  attach();
  return () => { watch.disconnect(); if (names) names.disconnect(); };
}
export default { render };
"""
    theme = traitlets.Unicode("light").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.display = "none"
        self.add_class("rl-theme-probe")
        self.observe(self._on_theme_change, names="theme")

    def _on_theme_change(self, change: dict[str, Any]) -> None:
        if change["new"] in ("light", "dark"):
            note_page_theme(change["new"])


def styled(widget: Any, *classes: str) -> Any:
    """``widget`` with CSS classes added (hooks for browser tests and notebook CSS)."""
    for c in classes:
        widget.add_class(c)
    return widget


_MODEBAR_KEEP = {"toImage", "resetScale2d", "zoomIn2d", "zoomOut2d"}
_MODEBAR_DROP = [
    "zoom2d", "pan2d", "select2d", "lasso2d", "autoScale2d", "hoverClosestCartesian",
    "hoverCompareCartesian", "toggleSpikelines",
]


def figure_widget(height: int, *classes: str) -> go.FigureWidget:
    """An empty ``FigureWidget`` with a slim toolbar (no logo, few buttons), so the
    toolbar never covers a title."""
    fig = go.FigureWidget(layout={"height": height})
    fig._config = {"displaylogo": False, "modeBarButtonsToRemove": _MODEBAR_DROP,
                   "displayModeBar": "hover"}
    return styled(fig, *classes)


def refresh_figure(target: go.FigureWidget, fig: go.Figure, theme: str | None = None) -> None:
    """Make ``target`` show ``fig``, in one message to the browser.

    Traces are updated in place when the new figure has the same trace types in the same
    order (the front end then redraws without flicker), else replaced. The template is
    sent only with the first figure and when the ``theme`` changes, and shape/annotation
    lists are set even when empty, so nothing stale stays behind.
    """
    same = len(target.data) == len(fig.data) and all(
        a.type == b.type for a, b in zip(target.data, fig.data, strict=True)
    )
    layout = fig.layout.to_plotly_json()
    if target.data and getattr(target, "_rl_theme", None) == theme:
        layout.pop("template", None)
    target._rl_theme = theme
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
    """Show ``message`` in a status line (cards named with glyphs; an error is marked
    with a red bar; empty hides it)."""
    if not message:
        label.value = ""
        label.remove_class("rl-error")
        return
    bar = THEME["error"] if error else THEME["brand"]
    label.value = (
        f'<div style="color:{THEME["ink"]};border-left:5px solid {bar};padding:2px 8px">'
        f"{'<b>Not allowed:</b> ' if error else ''}{escape(glyph_text(message))}</div>"
    )
    if error:
        label.add_class("rl-error")
    else:
        label.remove_class("rl-error")


def html_list(lines: Iterable[str], cls: str) -> str:
    """Lines as an HTML bullet list with a class (cards named with glyphs)."""
    items = "".join(f"<li>{escape(glyph_text(x))}</li>" for x in lines)
    return (
        f'<ul class="{cls}" style="margin:4px 0 4px 18px;padding:0;color:{THEME["ink"]}">'
        f"{items}</ul>"
    )
