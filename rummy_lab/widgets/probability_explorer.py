"""ProbabilityExplorer: controls beside a chart: exact odds, their formula and a simulation.

Why: a learner sees at once the exact answer (a fraction and a percentage), the formula
behind it, how it moves with the hand size and the rules, and that a seeded simulation
lands on it. The controls sit beside the chart, so the question and the answer fit on one
screen.

>>> pe = ProbabilityExplorer()
>>> pe.size.value = 3; pe.kind.value = "set"
>>> pe.exact, round(pe.figure.data[-1].y[0], 5)
(1/425, 0.00235)
>>> pe.mode.value = "draw"; pe.unseen.value = 40; pe.outs.value = 4; pe.draws.value = 1
>>> pe.exact
1/10
>>> pe.mc_button.click(); pe.estimate.contains(0.1)
True
>>> pe.outs.value = 0; "no card can help" in pe.exact_view.value
True
"""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as W
import sympy

from ..display import THEME, count_words
from ..engine.rules import Rules, get_rules
from ..probability.exact import formula, p_draw_out, p_hand_contains
from ..probability.montecarlo import Estimate
from ..viz.figures import (
    RuleChoice,
    convergence_figure,
    draw_odds_figure,
    fraction_text,
    meld_probability_figure,
)
from ..viz.theme import template
from ._common import ThemeProbe, figure_widget, refresh_figure, style_sheet, styled
from ._sampling import Run, run_draw_out, run_hand_contains

__all__ = ["ProbabilityExplorer"]

_PRESETS = ("gin", "basic", "500", "indian")
_LABEL_WIDTH = "96px"
_STYLE = {"description_width": _LABEL_WIDTH}
_TOGGLE_STYLE = {"description_width": _LABEL_WIDTH, "button_width": "auto"}
_ACES = [("low only (A-2-3)", "low"), ("high or low", "high_or_low")]
_KINDS = [("a set", "set"), ("a run", "run"), ("a set or a run", "meld")]
_CHART_WIDTH = 520  # beside the 410 px controls: both fit a notebook at 1400 px


def _full() -> W.Layout:
    """A full-width layout (a new object each time: layouts are shared state)."""
    return W.Layout(width="100%")


def latex_number(latex: str) -> str:
    """LaTeX with thousands separators in every whole number of four digits or more.

    >>> latex_number(r"\\frac{1573725206}{3955006055}")
    '\\\\frac{1{,}573{,}725{,}206}{3{,}955{,}006{,}055}'
    """
    return re.sub(r"\d{4,}", lambda m: f"{int(m.group()):,}".replace(",", "{,}"), latex)


class ProbabilityExplorer(W.VBox):  # type: ignore[misc]
    """Exact meld and draw odds under chosen rules, with formula, chart and Monte Carlo.

    Two questions (``mode``): *melds in a hand* ("does a random hand of n cards hold a
    set / run / either?", with the variant, ace rule and deck count as knobs) and
    *drawing a card that helps* ("at least one of my outs within k draws from the unseen
    cards?"). The controls (full-width sliders, one label width) sit left of the chart;
    the chart compares the rule knobs (or outs counts) and marks the current value; the
    answer is shown as a fraction (thousands separated) and a percentage with its formula;
    **Estimate** runs a seeded Monte Carlo and shows the estimate, its 95 % interval and
    its convergence in the chart below. Charts follow the page's light or dark theme.

    CSS hooks: ``rl-probability-explorer``, ``rl-exact``, ``rl-figure``, ``rl-mc-button``,
    ``rl-mc-result``, ``rl-mc-figure``, ``rl-size-slider``, ``rl-controls``.

    :ivar exact: the exact probability shown (``sympy.Rational``).
    :ivar latex: its formula in LaTeX (empty when no formula is needed, e.g. no outs).
    :ivar estimate: the last Monte Carlo estimate, or None.
    :ivar run: the last Monte Carlo run (with checkpoints), or None.
    :ivar figure: the chart (a ``FigureWidget``).
    :ivar mc_figure: the convergence chart.
    :ivar probe: reports the page's theme (the charts follow it).
    """

    def __init__(self, *, mode: str = "meld", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.exact: sympy.Rational = sympy.Rational(0)
        self.latex = ""
        self.estimate: Estimate | None = None
        self.run: Run | None = None

        self.mode = styled(W.ToggleButtons(
            options=[("Melds in a hand", "meld"), ("Drawing a card that helps", "draw")],
            value=mode, tooltips=["the chance that a random hand holds a meld",
                                  "the chance to draw one of your outs"],
            style={"button_width": "auto"},
        ), "rl-mode")
        self.kind = styled(W.ToggleButtons(options=_KINDS, value="meld",
                                           description="Holds", style=_TOGGLE_STYLE),
                           "rl-kind")
        self.preset = styled(W.Dropdown(options=list(_PRESETS), value="gin",
                                        description="Rules", style=_STYLE,
                                        layout=W.Layout(width="100%")), "rl-preset")
        self.ace = styled(W.ToggleButtons(options=_ACES, value="low", description="Ace",
                                          style=_TOGGLE_STYLE), "rl-ace")
        self.decks = styled(W.ToggleButtons(options=[("1 deck", 1), ("2 decks", 2)], value=1,
                                            description="Decks", style=_TOGGLE_STYLE),
                            "rl-decks")
        self.size = styled(W.IntSlider(value=10, min=3, max=20, description="Hand size",
                                       continuous_update=False, style=_STYLE,
                                       layout=_full()), "rl-size-slider")
        self.outs = styled(W.IntSlider(value=8, min=0, max=31, description="Outs",
                                       continuous_update=False, style=_STYLE,
                                       layout=_full(), tooltip="cards that would help you"),
                           "rl-outs-slider")
        self.unseen = styled(W.IntSlider(value=31, min=1, max=104, description="Unseen cards",
                                         continuous_update=False, style=_STYLE,
                                         layout=_full()), "rl-unseen-slider")
        self.draws = styled(W.IntSlider(value=2, min=1, max=20, description="Draws",
                                        continuous_update=False, style=_STYLE,
                                        layout=_full()), "rl-draws-slider")
        self.samples = styled(W.Dropdown(options=[("1,000", 1_000), ("10,000", 10_000),
                                                  ("100,000", 100_000)], value=10_000,
                                         description="Samples", style=_STYLE,
                                         layout=W.Layout(width="230px")), "rl-samples")
        self.seed = styled(W.BoundedIntText(value=0, min=0, max=2**31 - 1, description="Seed",
                                            style={"description_width": "40px"},
                                            layout=W.Layout(width="130px")), "rl-seed")
        self.mc_button = styled(W.Button(description="Estimate", icon="random",
                                         button_style="primary",
                                         tooltip="simulate the question with seeded samples"),
                                "rl-mc-button")
        self.exact_view = styled(W.HTMLMath(), "rl-exact")
        self.mc_result = styled(W.HTML(), "rl-mc-result")
        self.probe = ThemeProbe()
        self.figure = figure_widget(420, "rl-figure")
        self.mc_figure = figure_widget(300, "rl-mc-figure")
        self._mc_box = W.VBox([self.mc_result])

        self._meld_box = W.VBox([self.kind, self.preset, self.size, self.ace, self.decks],
                                layout=_full())
        self._draw_box = W.VBox([self.outs, self.unseen, self.draws], layout=_full())
        self._syncing = False
        self.mode.observe(self._on_mode_change, names="value")
        self.kind.observe(self._on_kind_change, names="value")
        self.preset.observe(self._on_preset_change, names="value")
        self.ace.observe(self._on_ace_change, names="value")
        self.decks.observe(self._on_decks_change, names="value")
        self.size.observe(self._on_size_change, names="value")
        self.outs.observe(self._on_outs_change, names="value")
        self.unseen.observe(self._on_unseen_change, names="value")
        self.draws.observe(self._on_draws_change, names="value")
        self.samples.observe(self._on_samples_change, names="value")
        self.seed.observe(self._on_seed_change, names="value")
        self.probe.observe(self._on_theme_change, names="theme")
        self.mc_button.on_click(self._on_mc_click)
        controls = styled(W.VBox([
            self.mode, self._meld_box, self._draw_box, self.exact_view,
            W.HBox([self.samples, self.seed, self.mc_button],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self._mc_box,
        ], layout=W.Layout(width="410px", min_width="410px", margin="0 12px 0 0")),
            "rl-controls")
        charts = styled(W.VBox([self.figure, self.mc_figure],
                               layout=W.Layout(width=f"{_CHART_WIDTH}px")), "rl-charts")
        self.children = [
            style_sheet(), self.probe,
            W.HBox([controls, charts], layout=W.Layout(width="100%", flex_flow="row wrap",
                                                        align_items="flex-start")),
        ]
        styled(self, "rl-probability-explorer", "rl-root")
        self._render()
        self._draw_mc()

    # ------------------------------------------------------------------ state
    @property
    def rules(self) -> Rules:
        """The rules of the meld question (preset plus ace knob)."""
        base = get_rules(self.preset.value)
        return base if base.ace == self.ace.value else base.replace(ace=self.ace.value)

    @property
    def theme(self) -> str:
        """The page's theme as the probe last reported it (``"light"`` or ``"dark"``)."""
        return str(self.probe.theme)

    def _choices(self) -> list[RuleChoice]:
        r = self.rules
        cur_ace, cur_decks = self.ace.value, self.decks.value
        out = [RuleChoice.of((r, cur_decks),
                             f"{_label(cur_ace, cur_decks, '<br>')}<br>(your choice)")]
        for ace in ("low", "high_or_low"):
            for d in (1, 2):
                if (ace, d) != (cur_ace, cur_decks):
                    other = get_rules(self.preset.value).replace(ace=ace)
                    out.append(RuleChoice.of((other, d), _label(ace, d, "<br>")))
        return out

    # ------------------------------------------------------------------ drawing
    def _render(self) -> None:
        """Recompute the exact value and formula and redraw the chart for the controls.

        The answer is sent first and the chart after it: the browser handles the messages
        in order, and a chart takes longer to draw than a line of text."""
        meld = self.mode.value == "meld"
        self._meld_box.layout.display = None if meld else "none"
        self._draw_box.layout.display = "none" if meld else None
        theme = self.theme
        if meld:
            n, kind, d = self.size.value, self.kind.value, self.decks.value
            self.exact = p_hand_contains(kind, n, self.rules, decks=d)
            f = formula(kind, n, self.rules, decks=d)
            self.latex = f.latex
            note = f.description
            words = dict(_KINDS_TEXT)[kind]
            question = (f"The chance that a random {n}-card hand holds {words} "
                        f"({self.rules.name}, {_label(self.ace.value, d)})")
        else:
            o, u, k = self.outs.value, self.unseen.value, self.draws.value
            self.exact = p_draw_out(o, u, k)
            question = (f"The chance that at least one of your {count_words(o, 'out')} "
                        f"comes within {count_words(k, 'draw')} from "
                        f"{count_words(u, 'unseen card')}")
            if o == 0:
                self.latex = ""
                note = "With no outs, no card can help: the chance is 0."
            elif o == u or k > u - o:
                self.latex = ""
                note = ("Every way of drawing the cards takes an out: the chance is 1 "
                        "(certain).")
            else:
                expr = 1 - sympy.binomial(u - o, k, evaluate=False) / sympy.binomial(
                    u, k, evaluate=False)
                self.latex = sympy.latex(expr, order="none")
                note = ("The draws miss every out in C(unseen − outs, draws) of the "
                        "C(unseen, draws) equally likely ways (hypergeometric).")
        value = sympy.Rational(self.exact)
        answer = (f"<b>{fraction_text(value)}</b> ≈ <b>{_percent(value)}</b>"
                  if value not in (0, 1) else f"<b>{fraction_text(value)}</b>")
        maths = (f"$$P = {latex_number(self.latex)} = {latex_number(sympy.latex(value))}$$"
                 if self.latex else "")
        self.exact_view.value = (
            f'<div style="font-size:15px;color:{THEME["ink"]}">{question}: {answer}'
            f'{maths}<div class="rl-note" style="font-size:13px;color:{THEME["muted"]}">'
            f"{note}</div></div>"
        )
        self._show_estimate()
        if meld:
            words = dict(_KINDS_TEXT)[self.kind.value]
            fig = meld_probability_figure(
                self.kind.value, range(3, max(14, self.size.value) + 1), self._choices(),
                mark=self.size.value, theme=theme,
                title=f"Hands holding {words}, by hand size ({self.rules.name})")
        else:
            o, u, k = self.outs.value, self.unseen.value, self.draws.value
            others = sorted({max(1, o // 2), max(o, 1), min(u, 2 * o) or 1})
            fig = draw_odds_figure(others, u, max_draws=max(10, k), mark=k, theme=theme,
                                   title="Chance of at least one out, by cards drawn")
        fig.update_layout(width=_CHART_WIDTH)
        refresh_figure(self.figure, fig, theme)

    def _show_estimate(self) -> None:
        if self.estimate is None:
            self.mc_result.value = (
                f'<div class="rl-note" style="font-size:13px;color:{THEME["muted"]}">'
                "Press <b>Estimate</b> to deal the question out with seeded random "
                "samples and watch the estimate close in on the exact value.</div>")
            return
        e = self.estimate
        lo, hi = e.interval(0.95)
        inside = lo <= float(self.exact) <= hi
        verdict = "inside" if inside else "outside"
        self.mc_result.value = (
            f'<div style="font-size:14px;color:{THEME["ink"]}">Simulation '
            f"({e.samples:,} samples, seed {self.seed.value}): <b>{e.value:.2%}</b> "
            f"± {(hi - lo) / 2:.2%} (95% interval {lo:.2%} … {hi:.2%}; "
            f"SE {e.stderr:.2%}). The exact value "
            f'{float(self.exact):.2%} is <b class="rl-mc-{verdict}">{verdict}</b> it.</div>'
        )

    def _draw_mc(self) -> None:
        theme = self.theme
        run = self.run
        if run is None:
            fig = convergence_figure([], [], samples=[], theme=theme,
                                     title="Simulated estimate")
            fig.add_annotation(text="Press <b>Estimate</b> to run a simulation", x=0.5,
                               y=0.5, xref="paper", yref="paper", showarrow=False,
                               font={"size": 15})
        else:
            fig = convergence_figure(run.values, run.stderrs, samples=run.samples,
                                     exact=self.exact, theme=theme,
                                     title="Simulated estimate with its 95 % band")
        fig.update_layout(yaxis_tickformat=".2~%", width=_CHART_WIDTH, showlegend=False)
        refresh_figure(self.mc_figure, fig, theme)

    def _clear_estimate(self) -> None:
        self.estimate = None
        self.run = None

    # ------------------------------------------------------------------ handlers
    def _changed(self, _: dict[str, Any]) -> None:
        if self._syncing:
            return
        had = self.run is not None
        self._clear_estimate()
        self._render()
        if had:
            self._draw_mc()

    _on_mode_change = _on_kind_change = _on_ace_change = _changed
    _on_decks_change = _on_size_change = _on_outs_change = _on_draws_change = _changed

    def _on_preset_change(self, change: dict[str, Any]) -> None:
        base = get_rules(change["new"])
        self._syncing = True
        try:  # the knobs start at the preset's own values
            self.ace.value = base.ace
            self.decks.value = base.decks_for(base.min_players)
        finally:
            self._syncing = False
        self._changed(change)

    def _on_unseen_change(self, change: dict[str, Any]) -> None:
        u = change["new"]
        self._syncing = True
        try:  # a slider clamps its value to a lower max
            self.outs.max = u
            self.draws.max = min(u, 20)
        finally:
            self._syncing = False
        self._changed(change)

    def _on_samples_change(self, _: dict[str, Any]) -> None:
        had = self.run is not None
        self._clear_estimate()
        self._show_estimate()
        if had:
            self._draw_mc()

    _on_seed_change = _on_samples_change

    def _on_theme_change(self, _: dict[str, Any]) -> None:
        theme = self.theme
        for fig in (self.figure, self.mc_figure):
            fig.layout.template = template(theme)
            fig._rl_theme = None
        self._render()
        self._draw_mc()

    def _on_mc_click(self, _: W.Button) -> None:
        if self.mc_button.disabled:  # button.click() from code ignores "disabled"
            return
        samples, seed = int(self.samples.value), int(self.seed.value)
        if self.mode.value == "meld":
            run = run_hand_contains(self.kind.value, self.size.value, self.rules,
                                    samples=samples, seed=seed, decks=self.decks.value)
        else:
            run = run_draw_out(self.outs.value, self.unseen.value, self.draws.value,
                               samples=samples, seed=seed)
        self.run = run
        self.estimate = run.estimate
        self._show_estimate()  # the numbers first, then the chart
        self._draw_mc()


_KINDS_TEXT = [("set", "a set"), ("run", "a run"), ("meld", "a set or a run")]


def _percent(p: sympy.Rational) -> str:
    """A probability as a percentage with enough digits to be non-zero."""
    x = float(p)
    for digits in (1, 2, 3, 4, 5, 6):
        text = f"{x:.{digits}%}"
        if float(text.rstrip("%")) != 0:
            return text
    return f"{x:.2e}"


_ACE_WORDS = {"low": "low", "high_or_low": "high or low"}


def _label(ace: str, decks: int, sep: str = ", ") -> str:
    return f"ace {_ACE_WORDS[ace]}{sep}{count_words(decks, 'deck')}"
