"""rummy_lab.widgets.static: a widget's state as static HTML for the rendered book."""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go
import pytest

import rummy_lab as rl
from rummy_lab.widgets.static import (
    count_controls,
    enable_static_widgets,
    static_caption,
    widget_html,
)


def test_a_hand_view_keeps_its_card_svgs() -> None:
    view = rl.widgets.HandView("7S 7H 7D 4C 5C 6C 7C KD QH 2S", "gin", selectable=False)
    html = widget_html(view)
    svgs = len(re.findall(r"<svg\b", html))
    assert svgs >= 10  # one picture per card at least
    controls = re.findall(r"<(?:button|select|input)\b[^>]*>", html)
    assert controls and all(" disabled" in tag for tag in controls)  # nothing clickable
    caption = static_caption(view)
    assert caption.startswith("HandView: live in JupyterLab")


def test_controls_are_counted_and_drawn_disabled() -> None:
    hidden = W.Button(description="secret", layout=W.Layout(display="none"))
    box = W.VBox([
        W.HBox([W.Button(description="Draw"), W.ToggleButtons(options=["a", "b"], value="b"),
                hidden]),
        W.IntSlider(value=7, min=3, max=13, description="cards"),
        W.Text(value='say "hi"', description="note"),
        W.Checkbox(value=True, description="aces high"),
    ])
    assert count_controls(box) == 5  # the hidden button is not counted
    html = widget_html(box)
    assert "secret" not in html
    assert html.count("disabled") == 5
    assert 'value="7"' in html and "selected>b</option>" in html
    assert "say &quot;hi&quot;" in html and "checked" in html
    assert "its 5 controls respond" in static_caption(box)
    assert "it redraws" in static_caption(W.HTML("x"))


def test_a_figure_widget_becomes_a_plotly_div_without_plotly_js() -> None:
    fig = go.FigureWidget(go.Scatter(y=[1, 3, 2]))
    html = widget_html(W.VBox([fig]))
    assert 'class="plotly-graph-div"' in html and "Plotly.newPlot" in html
    assert len(html) < 100_000  # the page's plotly.js draws it: no bundle inlined


class _Formatter:
    def __init__(self) -> None:
        self.types: dict[type, Any] = {}

    def for_type(self, typ: type, func: Any) -> None:
        self.types[typ] = func


class _Shell:
    def __init__(self) -> None:
        self.display_formatter = type("DF", (), {"formatters": {"text/html": _Formatter()}})()


def test_enable_registers_a_text_html_picture_for_every_widget() -> None:
    shell = _Shell()
    enable_static_widgets(shell)
    render = shell.display_formatter.formatters["text/html"].types[W.Widget]
    out = render(W.VBox([W.HTML("<b>K♦</b>"), W.Button(description="Knock")]))
    assert out.startswith('<div class="rl-static-widget" data-widget="VBox">')
    assert "<b>K♦</b>" in out and "live in JupyterLab" in out
    assert render(W.Button(layout=W.Layout(display="none"))) is None


@pytest.mark.parametrize("value", [None, 3, "text"])
def test_anything_else_is_escaped_text(value: object) -> None:
    assert widget_html(value) == f"<code>{value!r}</code>".replace("'", "&#x27;")
