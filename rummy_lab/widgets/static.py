"""A widget's state as static HTML, for pages without a Jupyter kernel (the rendered book).

Why: a rendered notebook has no kernel to talk to, so a live widget would show as a bare
``PlayTable(...)`` line. :func:`widget_html` draws the widget tree as it stands, with its
controls disabled: HTML panes as they are (cards stay SVG), buttons, menus with their
chosen item, sliders and text fields with their values, plotly figures as figures (their
``plotly.js`` is the page's). :func:`enable_static_widgets` makes IPython show widgets that
way next to their live view, so a book built from executed notebooks shows each widget's
rendered state with a line saying it is live in JupyterLab.

>>> import ipywidgets as W
>>> box = W.VBox([W.HTML("<b>7♠</b>"), W.Button(description="Draw"),
...               W.Dropdown(options=["gin", "basic"], value="basic", description="Game")])
>>> html = widget_html(box)
>>> "<b>7♠</b>" in html, "Draw</button>" in html, "selected>basic</option>" in html
(True, True, True)
>>> count_controls(box)
2
"""

from __future__ import annotations

import html as _html
from typing import Any

import ipywidgets as W

__all__ = ["count_controls", "enable_static_widgets", "static_caption", "widget_html"]

_CONTROLS = (W.Button, W.ToggleButton, W.ToggleButtons, W.Dropdown, W.IntSlider,
             W.FloatSlider, W.BoundedIntText, W.IntText, W.Text, W.Play, W.Checkbox,
             W.SelectMultiple, W.RadioButtons)


def _hidden(widget: Any) -> bool:
    layout = getattr(widget, "layout", None)
    return layout is not None and (
        getattr(layout, "display", None) == "none"
        or getattr(layout, "visibility", None) == "hidden")


def _label(widget: Any) -> str:
    desc = getattr(widget, "description", "") or ""
    return f'<span class="rl-static-label">{_html.escape(desc)}</span> ' if desc else ""


def _classes(widget: Any) -> str:
    return " ".join(getattr(widget, "_dom_classes", ()) or ())


def _figure_html(widget: Any) -> str:
    import plotly.graph_objects as go
    import plotly.io as pio

    fig = go.Figure(widget)
    text: str = pio.to_html(fig, full_html=False, include_plotlyjs=False,
                            config={"displaylogo": False})
    return text


def widget_html(widget: Any) -> str:
    """The widget and its children as static HTML, controls disabled.

    :param widget: an ipywidgets widget (any other object is shown as escaped text).
    :return: an HTML fragment.
    """
    if _hidden(widget):
        return ""
    cls = _classes(widget)
    if type(widget).__name__ == "FigureWidget":
        return f'<div class="rl-static-figure {cls}">{_figure_html(widget)}</div>'
    if isinstance(widget, W.Box):
        direction = "row" if isinstance(widget, W.HBox) else "column"
        if isinstance(widget, W.GridBox):
            direction = "row"
        inner = "".join(widget_html(child) for child in widget.children)
        wrap = "wrap" if direction == "row" else "nowrap"
        return (f'<div class="rl-static-box {cls}" style="display:flex;flex-direction:'
                f'{direction};flex-wrap:{wrap};gap:4px">{inner}</div>')
    if isinstance(widget, W.HTML | W.HTMLMath):
        return f'<div class="rl-static-html {cls}">{_label(widget)}{widget.value}</div>'
    if isinstance(widget, W.Label):
        return f'<span class="rl-static-label {cls}">{_html.escape(str(widget.value))}</span>'
    if isinstance(widget, W.Button | W.ToggleButton):
        pressed = ' aria-pressed="true"' if getattr(widget, "value", False) is True else ""
        return (f'<button class="rl-static-button {cls}" disabled{pressed}>'
                f'{_html.escape(widget.description or widget.tooltip or "")}</button>')
    if isinstance(widget, W.Dropdown | W.ToggleButtons | W.RadioButtons):
        chosen = widget.label
        options = "".join(
            f"<option{' selected' if lab == chosen else ''}>{_html.escape(str(lab))}</option>"
            for lab in widget._options_labels)
        return (f'<label class="rl-static-choice {cls}">{_label(widget)}'
                f"<select disabled>{options}</select></label>")
    if isinstance(widget, W.Checkbox):
        checked = " checked" if widget.value else ""
        return (f'<label class="rl-static-check {cls}"><input type="checkbox" disabled'
                f"{checked}> {_html.escape(widget.description)}</label>")
    if isinstance(widget, W.IntSlider | W.FloatSlider | W.Play):
        lo, hi = widget.min, widget.max
        return (f'<label class="rl-static-slider {cls}">{_label(widget)}<input type="range" '
                f'disabled min="{lo}" max="{hi}" value="{widget.value}"> '
                f"{_html.escape(str(widget.value))}</label>")
    if isinstance(widget, W.Text | W.BoundedIntText | W.IntText):
        return (f'<label class="rl-static-text {cls}">{_label(widget)}<input disabled '
                f'value="{_html.escape(str(widget.value), quote=True)}"></label>')
    if isinstance(widget, W.Output):
        return f'<div class="rl-static-output {cls}"></div>'
    if isinstance(widget, W.DOMWidget | W.Widget):
        return ""  # an invisible helper (the theme probe) or a control with no static look
    return f"<code>{_html.escape(repr(widget))}</code>"


def count_controls(widget: Any) -> int:
    """How many visible controls (buttons, menus, sliders, fields) the widget holds.

    :param widget: an ipywidgets widget.
    :return: the count, the widget itself included.
    """
    if _hidden(widget):
        return 0
    own = int(isinstance(widget, _CONTROLS))
    children = getattr(widget, "children", ()) if isinstance(widget, W.Box) else ()
    return own + sum(count_controls(child) for child in children)


def static_caption(widget: Any) -> str:
    """The line under a widget's static picture: what it is and that it is live in
    JupyterLab.

    >>> import ipywidgets as W
    >>> print(static_caption(W.HBox([W.Button(), W.Button()])))
    HBox: live in JupyterLab, where its 2 controls respond; shown here as it stood when
    this page was built.

    :param widget: an ipywidgets widget.
    :return: one sentence.
    """
    n = count_controls(widget)
    controls = f"its {n} control{'' if n == 1 else 's'} respond" if n else "it redraws"
    return (f"{type(widget).__name__}: live in JupyterLab, where {controls}; shown here as "
            "it stood when this page was built.")


def _static_repr(widget: Any) -> str | None:
    body = widget_html(widget)
    if not body:
        return None
    return (f'<div class="rl-static-widget" data-widget="{type(widget).__name__}">{body}'
            f'<p class="rl-static-caption"><em>{_html.escape(static_caption(widget))}'
            "</em></p></div>")


def enable_static_widgets(shell: Any) -> None:
    """Give every widget shown in the IPython ``shell`` a ``text/html`` picture of its
    state beside its live view (a page without a kernel shows the picture).

    :param shell: the running ``InteractiveShell`` (``get_ipython()``).
    """
    shell.display_formatter.formatters["text/html"].for_type(W.Widget, _static_repr)
