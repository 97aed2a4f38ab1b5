"""ProbabilityExplorer: sliders and rule knobs driving exact odds, their formula and a simulation.

Why: a learner sees at once the exact answer (a fraction), the formula behind it, how it
moves with the hand size and the rules, and that a seeded simulation lands on it.

>>> pe = ProbabilityExplorer()
>>> pe.size.value = 3; pe.kind.value = "set"
>>> pe.exact, round(pe.figure.data[-1].y[0], 5)
(1/425, 0.00235)
>>> pe.mode.value = "draw"; pe.unseen.value = 40; pe.outs.value = 4; pe.draws.value = 1
>>> pe.exact
1/10
>>> pe.mc_button.click(); pe.estimate.contains(0.1)
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W
import plotly.graph_objects as go
import sympy

from ..engine.rules import Rules, get_rules
from ..probability.exact import formula, p_draw_out, p_hand_contains
from ..probability.montecarlo import Estimate
from ..viz.figures import (
    RuleChoice,
    convergence_figure,
    draw_odds_figure,
    meld_probability_figure,
)
from ._common import refresh_figure, styled
from ._sampling import Run, run_draw_out, run_hand_contains

__all__ = ["ProbabilityExplorer"]

_PRESETS = ("gin", "basic", "500", "indian")
_TOGGLE_STYLE = {"description_width": "80px", "button_width": "130px"}
_ACES = [("ace low", "low"), ("ace high or low", "high_or_low")]


class ProbabilityExplorer(W.VBox):  # type: ignore[misc]
    """Exact meld and draw odds under chosen rules, with formula, chart and Monte Carlo.

    Two questions (``mode``): *melds* ("does a random hand of n cards hold a set / run /
    meld?", with the variant, ace rule and deck count as knobs) and *draw* ("at least
    one of my outs within k draws from the unseen cards?"). The chart compares the rule
    knobs (or draw counts) and marks the current value; the exact value is shown as a
    fraction and a decimal with its formula; **Estimate** runs a seeded Monte Carlo and
    shows the estimate, its 95 % interval and its convergence.

    CSS hooks: ``rl-probability-explorer``, ``rl-exact``, ``rl-figure``, ``rl-mc-button``,
    ``rl-mc-result``, ``rl-mc-figure``, ``rl-size-slider``.

    :ivar exact: the exact probability shown (``sympy.Rational``).
    :ivar latex: its formula in LaTeX.
    :ivar estimate: the last Monte Carlo estimate, or None.
    :ivar run: the last Monte Carlo run (with checkpoints), or None.
    :ivar figure: the chart (a ``FigureWidget``).
    :ivar mc_figure: the convergence chart.
    """

    def __init__(self, *, mode: str = "meld", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.exact: sympy.Rational = sympy.Rational(0)
        self.latex = ""
        self.estimate: Estimate | None = None
        self.run: Run | None = None

        self.mode = styled(W.ToggleButtons(
            options=[("Melds in a hand", "meld"), ("Drawing an out", "draw")], value=mode,
        ), "rl-mode")
        self.kind = styled(W.ToggleButtons(options=["set", "run", "meld"], value="meld",
                                           description="Holds a", style=_TOGGLE_STYLE), "rl-kind")
        self.preset = styled(W.Dropdown(options=list(_PRESETS), value="gin",
                                        description="Rules"), "rl-preset")
        self.ace = styled(W.ToggleButtons(options=_ACES, value="low", description="Ace",
                                          style=_TOGGLE_STYLE), "rl-ace")
        self.decks = styled(W.ToggleButtons(options=[("1 deck", 1), ("2 decks", 2)], value=1,
                                            description="Decks", style=_TOGGLE_STYLE), "rl-decks")
        self.size = styled(W.IntSlider(value=10, min=3, max=20, description="Hand size",
                                       continuous_update=False), "rl-size-slider")
        self.outs = styled(W.IntSlider(value=8, min=0, max=31, description="Outs",
                                       continuous_update=False), "rl-outs-slider")
        self.unseen = styled(W.IntSlider(value=31, min=1, max=104, description="Unseen",
                                         continuous_update=False), "rl-unseen-slider")
        self.draws = styled(W.IntSlider(value=2, min=1, max=20, description="Draws",
                                        continuous_update=False), "rl-draws-slider")
        self.samples = styled(W.Dropdown(options=[1_000, 10_000, 100_000], value=10_000,
                                         description="Samples"), "rl-samples")
        self.seed = styled(W.BoundedIntText(value=0, min=0, max=2**31 - 1, description="Seed",
                                            layout=W.Layout(width="180px")), "rl-seed")
        self.mc_button = styled(W.Button(description="Estimate", icon="random",
                                         button_style="primary"), "rl-mc-button")
        self.exact_view = styled(W.HTMLMath(), "rl-exact")
        self.mc_result = styled(W.HTML(), "rl-mc-result")
        self.figure = styled(go.FigureWidget(layout={"height": 400}), "rl-figure")
        self.mc_figure = styled(go.FigureWidget(layout={"height": 320}), "rl-mc-figure")
        self._mc_box = W.VBox([self.mc_result, self.mc_figure])
        self._mc_box.layout.display = "none"

        self._meld_box = W.VBox([self.kind, W.HBox([self.preset, self.size]),
                                 self.ace, self.decks])
        self._draw_box = W.VBox([W.HBox([self.outs, self.unseen]), self.draws])
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
        self.mc_button.on_click(self._on_mc_click)
        self.children = [
            self.mode, self._meld_box, self._draw_box, self.exact_view, self.figure,
            W.HBox([self.samples, self.seed, self.mc_button]), self._mc_box,
        ]
        styled(self, "rl-probability-explorer")
        self._render()

    # ------------------------------------------------------------------ state
    @property
    def rules(self) -> Rules:
        """The rules of the meld question (preset plus ace knob)."""
        base = get_rules(self.preset.value)
        return base if base.ace == self.ace.value else base.replace(ace=self.ace.value)

    def _choices(self) -> list[RuleChoice]:
        r = self.rules
        cur_ace, cur_decks = self.ace.value, self.decks.value
        out = [RuleChoice.of((r, cur_decks), f"{r.name}: {_label(cur_ace, cur_decks)} (shown)")]
        for ace in ("low", "high_or_low"):
            for d in (1, 2):
                if (ace, d) != (cur_ace, cur_decks):
                    other = get_rules(self.preset.value).replace(ace=ace)
                    out.append(RuleChoice.of((other, d), _label(ace, d)))
        return out

    # ------------------------------------------------------------------ drawing
    def _render(self) -> None:
        """Recompute the exact value and formula and redraw the chart for the controls."""
        meld = self.mode.value == "meld"
        self._meld_box.layout.display = None if meld else "none"
        self._draw_box.layout.display = "none" if meld else None
        if meld:
            n, kind, d = self.size.value, self.kind.value, self.decks.value
            self.exact = p_hand_contains(kind, n, self.rules, decks=d)
            f = formula(kind, n, self.rules, decks=d)
            self.latex = f.latex
            note = f.description
            question = (f"P(a random {n}-card hand holds a {kind}; {self.rules.name}, "
                        f"{_label(self.ace.value, d)})")
            top = max(14, n)
            fig = meld_probability_figure(kind, range(3, top + 1), self._choices(), mark=n)
            self.mc_button.disabled = False
            self.mc_button.tooltip = ""
        else:
            o, u, k = self.outs.value, self.unseen.value, self.draws.value
            self.exact = p_draw_out(o, u, k)
            expr = 1 - sympy.binomial(u - o, k, evaluate=False) / sympy.binomial(
                u, k, evaluate=False)
            self.latex = sympy.latex(expr, order="none")
            note = ("Hypergeometric: the draws miss every out in C(unseen − outs, draws) of "
                    "the C(unseen, draws) equally likely ways.")
            question = f"P(at least one of {o} outs in {k} draws from {u} unseen cards)"
            others = sorted({max(0, o // 2), o, min(u, 2 * o)})
            fig = draw_odds_figure(others, u, max_draws=max(10, k), mark=k)
            self.mc_button.disabled = False
            self.mc_button.tooltip = ""
        refresh_figure(self.figure, fig)
        value = sympy.Rational(self.exact)
        self.exact_view.value = (
            f'<div style="font-size:15px">{question}<br>'
            f"$$P = {self.latex} = {sympy.latex(value)} \\approx {float(value):.6f}$$"
            f'<span style="font-size:12px;color:#555">{note}</span></div>'
        )
        self._show_estimate()

    def _show_estimate(self) -> None:
        if self.estimate is None:
            self._mc_box.layout.display = "none"
            return
        e = self.estimate
        lo, hi = e.interval(0.95)
        inside = lo <= float(self.exact) <= hi
        verdict = "inside" if inside else "outside"
        self.mc_result.value = (
            f'<div style="font-size:14px">Monte Carlo ({e.samples:,} samples, seed '
            f"{self.seed.value}): <b>{e.value:.5f}</b> ± {e.stderr:.5f}; 95 % interval "
            f"{lo:.5f} … {hi:.5f}. The exact value {float(self.exact):.5f} is "
            f'<b class="rl-mc-{verdict}">{verdict}</b> it.</div>'
        )
        self._mc_box.layout.display = None

    def _clear_estimate(self) -> None:
        self.estimate = None
        self.run = None

    # ------------------------------------------------------------------ handlers
    def _changed(self, _: dict[str, Any]) -> None:
        if self._syncing:
            return
        self._clear_estimate()
        self._render()

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
        self._clear_estimate()
        self._show_estimate()

    _on_seed_change = _on_samples_change

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
        refresh_figure(self.mc_figure, convergence_figure(
            run.values, run.stderrs, samples=run.samples, exact=self.exact,
            title="Monte Carlo estimate with a 95 % band",
        ))
        self._show_estimate()


def _label(ace: str, decks: int) -> str:
    return f"ace {ace.replace('_', ' ')}, {decks} deck{'s' * (decks > 1)}"
