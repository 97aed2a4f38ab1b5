"""Plotly figures for probabilities and simulations: engine values in, ``go.Figure`` out.

Why: a chart answers "how does this change when I turn a rule knob?" at a glance, and
hovering a point shows the exact fraction behind it. Every function here is pure: it
computes (or receives) the numbers, builds a figure and returns it; nothing is
displayed, so notebooks, widgets and tests all use the same builders.

Every builder takes ``theme`` (``"light"`` or ``"dark"``, see :mod:`rummy_lab.viz.theme`;
None follows the page): backgrounds are transparent and the ink, grid and marker colours
read on that page. Legends sit right of the plot, clear of the title and the axis
titles; percentages never repeat a tick label; big numbers carry thousands separators.

>>> fig = meld_probability_figure("set", sizes=range(3, 6), series=["gin"])
>>> [round(y, 5) for y in fig.data[0].y]
[0.00235, 0.00927, 0.02281]
>>> fig.data[0].customdata[0][0]
'1/425'
>>> draw_odds_figure(4, 40, max_draws=3).data[0].customdata[0][0]
'1/10'
>>> meld_probability_figure("flush")
Traceback (most recent call last):
...
ValueError: kind must be one of 'set', 'run', 'meld', got 'flush'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

import numpy as np
import numpy.typing as npt
import plotly.graph_objects as go
import sympy

from ..display import MELD_COLORS, count_words
from ..engine.cards import RANK_SYMBOLS, SUITS, Card, CardsLike, clean_cards
from ..engine.rules import Rules, RulesLike, get_rules
from ..probability.exact import p_draw_out, p_hand_contains
from .theme import template, theme_colors

__all__ = [
    "COLORS",
    "PERCENT_TICKS",
    "RuleChoice",
    "convergence_figure",
    "deadwood_by_turn_figure",
    "deadwood_histogram",
    "draw_odds_figure",
    "fraction_text",
    "meld_probability_figure",
    "outcome_bars",
    "outs_heatmap",
    "rule_choices",
]

COLORS: tuple[str, ...] = MELD_COLORS
"""Trace colours, in order (Okabe-Ito, the meld outline colours of the card views)."""

_KINDS = ("set", "run", "meld")
_KIND_WORDS = {"set": "a set", "run": "a run", "meld": "a meld (set or run)"}


def _color(i: int, theme: str | None = None) -> str:
    series = theme_colors(theme).series
    return series[i % len(series)]


def _fraction(p: sympy.Rational) -> str:
    """``"1/425"``; ``"0"`` and ``"1"`` for the ends."""
    return str(sympy.Rational(p))


def fraction_text(p: sympy.Rational | int) -> str:
    """A fraction with thousands separators, for people to read.

    >>> fraction_text(sympy.Rational(1573725206, 3955006055)), fraction_text(0)
    ('1,573,725,206/3,955,006,055', '0')
    """
    q = sympy.Rational(p)
    if q.q == 1:
        return f"{int(q.p):,}"
    return f"{int(q.p):,}/{int(q.q):,}"


PERCENT_TICKS = ".2~%"
"""Tick format of percentage axes: up to two decimals, trailing zeros trimmed, so ticks
0.5 % apart read "0.5%", "1%", "1.5%" (never "1%", "1%")."""


def _base_layout(
    fig: go.Figure, title: str, x: str, y: str, *, theme: str | None = None,
    **extra: object,
) -> go.Figure:
    fig.update_layout(
        template=template(theme),
        title={"text": title, "x": 0, "xanchor": "left", "y": 0.98, "yanchor": "top",
               "yref": "container"},
        xaxis_title=x,
        yaxis_title=y,
        hovermode="closest",
        margin={"l": 64, "r": 16, "t": 56, "b": 52},
        legend={"orientation": "v", "x": 1.02, "xanchor": "left", "y": 1, "yanchor": "top"},
        **extra,
    )
    return fig


# --------------------------------------------------------------------------- rule knobs


@dataclass(frozen=True)
class RuleChoice:
    """One line of a comparison chart: a label, the rules and an optional deck count.

    >>> RuleChoice.of("500").label, RuleChoice.of(("gin", 2)).label
    ('500', 'gin, 2 decks')
    """

    label: str
    rules: Rules
    decks: int | None = None

    @classmethod
    def of(
        cls, spec: RuleChoice | RulesLike | tuple[RulesLike, int | None], label: str | None = None
    ) -> RuleChoice:
        """A choice from a preset name, Rules, ``(rules, decks)`` or a choice.

        :raises ValueError: for an unknown preset or a bad deck count.
        """
        if isinstance(spec, RuleChoice):
            return spec if label is None else RuleChoice(label, spec.rules, spec.decks)
        decks: int | None = None
        if isinstance(spec, tuple):
            spec, decks = spec
        r = get_rules(spec)
        if decks is not None and (
            isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 4
        ):
            raise ValueError(f"decks must be a whole number from 1 to 4, got {decks!r}")
        if label is None:
            label = r.name if decks is None else f"{r.name}, {decks} deck{'s' * (decks > 1)}"
        return cls(label, r, decks)


def rule_choices(
    base: RulesLike = "gin",
    *,
    aces: Sequence[str] = ("low", "high_or_low"),
    decks: Sequence[int] = (1, 2),
) -> list[RuleChoice]:
    """Every combination of ace rule and deck count on top of a preset, labelled.

    Why: the knobs that change meld odds most are the ace rule and the number of decks;
    one line per combination shows both effects on one chart.

    >>> [c.label for c in rule_choices("gin")]
    ['ace low, 1 deck', 'ace low, 2 decks', 'ace high or low, 1 deck', 'ace high or low, 2 decks']

    :param base: the preset the knobs start from.
    :param aces: ace rules (``"low"``, ``"high_or_low"``).
    :param decks: deck counts.
    :return: the choices, ace rule first.
    :raises ValueError: for an invalid ace rule or deck count.
    """
    r = get_rules(base)
    out = []
    for ace, d in product(aces, decks):
        label = f"ace {ace.replace('_', ' ')}, {d} deck{'s' * (d > 1)}"
        out.append(RuleChoice.of((r.replace(ace=ace), d), label))
    return out


@lru_cache(maxsize=4096)
def _p_contains(kind: str, n: int, rules: Rules, decks: int | None) -> sympy.Rational:
    return p_hand_contains(kind, n, rules, decks=decks)


def _choices(
    series: Mapping[str, RuleChoice | RulesLike | tuple[RulesLike, int | None]]
    | Iterable[RuleChoice | RulesLike | tuple[RulesLike, int | None]]
    | None,
) -> list[RuleChoice]:
    if series is None:
        return rule_choices("gin")
    if isinstance(series, Mapping):
        return [RuleChoice.of(spec, label) for label, spec in series.items()]
    if isinstance(series, str | Rules | RuleChoice):
        return [RuleChoice.of(series)]
    return [RuleChoice.of(spec) for spec in series]


def meld_probability_figure(
    kind: str = "meld",
    sizes: Iterable[int] = range(3, 15),
    series: Mapping[str, RuleChoice | RulesLike | tuple[RulesLike, int | None]]
    | Iterable[RuleChoice | RulesLike | tuple[RulesLike, int | None]]
    | None = None,
    *,
    mark: int | None = None,
    title: str | None = None,
    theme: str | None = None,
) -> go.Figure:
    """Chance that a random hand holds a set / run / meld, by hand size, one line per rules.

    The values are :func:`~rummy_lab.probability.p_hand_contains` (exact fractions, plotted
    as floats); hovering a point shows the fraction. ``series`` compares rules: preset
    names, Rules, ``(rules, decks)`` pairs or :class:`RuleChoice` objects, or a mapping
    label -> any of those; by default the ace rule and deck-count knobs of Gin.

    >>> fig = meld_probability_figure("meld", [10], {"gin": "gin", "500": "500"}, mark=10)
    >>> [t.name for t in fig.data], fig.data[0].customdata[0][0]
    (['gin', '500', 'hand of 10 cards'], '1573725206/3955006055')

    :param kind: ``"set"``, ``"run"`` or ``"meld"``.
    :param sizes: hand sizes (x axis).
    :param series: the rule choices to compare.
    :param mark: a hand size to mark on every line (the value a widget's slider shows).
    :param title: the title (a default names the kind).
    :param theme: ``"light"`` or ``"dark"`` (None: the page's, :mod:`rummy_lab.viz.theme`).
    :return: the figure.
    :raises ValueError: for an unknown kind, preset, or a size that does not fit the deck.
    """
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of 'set', 'run', 'meld', got {kind!r}")
    xs = list(sizes)
    choices = _choices(series)
    ink = theme_colors(theme).ink
    fig = go.Figure()
    marks_x: list[int] = []
    marks_y: list[float] = []
    marks_text: list[list[str]] = []
    for i, choice in enumerate(choices):
        ps = [_p_contains(kind, n, choice.rules, choice.decks) for n in xs]
        ys = [float(p) for p in ps]
        fig.add_trace(
            go.Scatter(
                x=xs, y=ys, name=choice.label, mode="lines+markers",
                line={"color": _color(i, theme), "width": 2},
                customdata=[[_fraction(p), choice.label, fraction_text(p)] for p in ps],
                hovertemplate=(
                    "%{customdata[1]}<br>hand of %{x} cards<br>P = %{customdata[2]}"
                    "<br>≈ %{y:.2%}<extra></extra>"
                ),
            )
        )
        if mark is not None and mark in xs:
            j = xs.index(mark)
            marks_x.append(mark)
            marks_y.append(ys[j])
            marks_text.append([_fraction(ps[j]), choice.label, fraction_text(ps[j])])
    if marks_x:
        fig.add_trace(
            go.Scatter(
                x=marks_x, y=marks_y, name=f"hand of {mark} cards", mode="markers",
                marker={"size": 14, "symbol": "circle-open", "color": ink,
                        "line": {"width": 2.5}},
                customdata=marks_text,
                hovertemplate="%{customdata[1]}: P = %{customdata[2]}<extra></extra>",
            )
        )
    default = f"Chance that a random hand holds {_KIND_WORDS[kind]}"
    return _base_layout(
        fig, title or default, "cards in hand", "chance", theme=theme,
        yaxis={"range": [0, 1.02], "tickformat": ".0%"}, xaxis={"dtick": 1},
    )


# --------------------------------------------------------------------------- draws


def draw_odds_figure(
    outs: int | Sequence[int],
    unseen: int,
    max_draws: int = 10,
    *,
    mark: int | None = None,
    title: str | None = None,
    theme: str | None = None,
) -> go.Figure:
    """Chance of drawing at least one out within k draws, for k = 1..``max_draws``.

    Values from :func:`~rummy_lab.probability.p_draw_out`; one line per outs count, so
    "4 outs versus 8 outs" reads off one chart. Hover shows the exact fraction.

    >>> fig = draw_odds_figure([4, 8], 31, max_draws=2, mark=2)
    >>> [t.name for t in fig.data], fig.data[1].customdata[1][0]
    (['4 outs', '8 outs', '2 draws'], '212/465')

    :param outs: one outs count or several.
    :param unseen: cards that could be drawn.
    :param max_draws: the last number of draws shown (capped at ``unseen``).
    :param mark: a number of draws to mark on every line.
    :param title: the title.
    :param theme: ``"light"`` or ``"dark"`` (None: the page's).
    :return: the figure.
    :raises ValueError: for counts out of range (as :func:`p_draw_out`).
    """
    counts = [outs] if isinstance(outs, int) else list(outs)
    if isinstance(max_draws, bool) or not isinstance(max_draws, int) or max_draws < 1:
        raise ValueError(f"max_draws must be a whole number >= 1, got {max_draws!r}")
    ks = list(range(1, min(max_draws, unseen) + 1)) if unseen > 0 else []
    ink = theme_colors(theme).ink
    fig = go.Figure()
    mx: list[int] = []
    my: list[float] = []
    mt: list[list[str]] = []
    for i, o in enumerate(counts):
        ps = [p_draw_out(o, unseen, k) for k in ks]
        label = f"{o} out{'s' * (o != 1)}"
        fig.add_trace(
            go.Scatter(
                x=ks, y=[float(p) for p in ps], name=label, mode="lines+markers",
                line={"color": _color(i, theme), "width": 2},
                customdata=[[_fraction(p), label, fraction_text(p)] for p in ps],
                hovertemplate=(
                    "%{customdata[1]} among " + f"{unseen:,}" + " unseen cards<br>"
                    "within %{x} draws<br>P = %{customdata[2]}<br>≈ %{y:.2%}<extra></extra>"
                ),
            )
        )
        if mark is not None and mark in ks:
            mx.append(mark)
            p_mark = ps[ks.index(mark)]
            my.append(float(p_mark))
            mt.append([_fraction(p_mark), label, fraction_text(p_mark)])
    if mx:
        fig.add_trace(
            go.Scatter(
                x=mx, y=my, name=f"{mark} draw{'s' * (mark != 1)}", mode="markers",
                marker={"size": 14, "symbol": "circle-open", "color": ink,
                        "line": {"width": 2.5}},
                customdata=mt,
                hovertemplate="%{customdata[1]}: P = %{customdata[2]}<extra></extra>",
            )
        )
    return _base_layout(
        fig, title or f"Chance to draw one of your outs ({unseen:,} unseen cards)",
        "cards drawn", "chance of at least one out", theme=theme,
        yaxis={"range": [0, 1.02], "tickformat": ".0%"}, xaxis={"dtick": 1},
    )


# --------------------------------------------------------------------------- outs grid


def outs_heatmap(
    outs: Mapping[Card, int],
    *,
    hand: CardsLike = (),
    seen: CardsLike = (),
    title: str | None = None,
    theme: str | None = None,
) -> go.Figure:
    """The outs as a 4 x 13 grid (suits by ranks), coloured by unseen copies.

    ``outs`` is what :func:`~rummy_lab.probability.outs` returns (card -> live copies);
    cards in ``hand`` are ringed and ``seen`` cards crossed, so the grid reads like the
    deck laid out on a table. Printed-joker outs are named in the title.

    >>> fig = outs_heatmap({Card.parse("6S"): 1, Card.parse("9S"): 1}, hand="7S 8S")
    >>> fig.data[0].z[0][5], fig.data[0].z[0][8], fig.data[0].z[1][0]
    (1, 1, 0)
    >>> fig.data[1].name, list(fig.data[1].x)
    ('in hand', ['7', '8'])

    :param outs: out card -> unseen copies.
    :param hand: the hand (marked). :param seen: seen cards (marked).
    :param title: the title. :param theme: ``"light"`` or ``"dark"`` (None: the page's).
    :return: the figure (a heatmap plus marker traces).
    """
    c = theme_colors(theme)
    ranks = list(RANK_SYMBOLS[1:])
    suit_names = [f"{s.glyph} {s.value}" for s in SUITS]
    z = [[0] * 13 for _ in SUITS]
    text = [[""] * 13 for _ in SUITS]
    hover = [[f"{RANK_SYMBOLS[r + 1]}{s.glyph}: not an out" for r in range(13)] for s in SUITS]
    jokers = 0
    for card, copies in outs.items():
        if card.suit is None:
            jokers += copies
            continue
        row, col = card.suit.order, card.rank - 1
        z[row][col] = copies
        text[row][col] = card.glyph + ("" if copies == 1 else f"×{copies}")
        unseen = count_words(copies, "unseen copy", "unseen copies")
        hover[row][col] = f"{card.glyph}: out, {unseen}"
    fig = go.Figure(
        go.Heatmap(
            z=z, x=ranks, y=suit_names, text=text, texttemplate="%{text}",
            customdata=hover, hovertemplate="%{customdata}<extra></extra>",
            colorscale=[[0, c.empty], [0.5, "#8fd1b7"], [1, "#009E73"]],
            zmin=0, zmax=max(2, *(v for row in z for v in row)), xgap=2, ygap=2,
            colorbar={"title": {"text": "copies"}, "dtick": 1}, name="outs",
        )
    )
    for name, cards, symbol, color in (
        ("in hand", clean_cards(hand), "square-open", c.series[0]),
        ("seen", clean_cards(seen), "x-thin-open", "#D55E00"),
    ):
        pts = [card for card in dict.fromkeys(cards) if card.suit is not None]
        fig.add_trace(
            go.Scatter(
                x=[RANK_SYMBOLS[card.rank] for card in pts],
                y=[suit_names[card.suit.order] for card in pts if card.suit is not None],
                mode="markers", name=name,
                marker={"symbol": symbol, "size": 26, "color": color, "line": {"width": 2.5}},
                hovertext=[f"{card.glyph}: {name}" for card in pts], hoverinfo="text",
            )
        )
    total = sum(outs.values())
    head = title or (f"Outs: {count_words(len(outs), 'card')}, "
                     f"{count_words(total, 'unseen copy', 'unseen copies')}")
    if jokers:
        head += f" (incl. {count_words(jokers, 'printed joker')})"
    return _base_layout(
        fig, head, "rank", "suit", theme=theme,
        yaxis={"autorange": "reversed", "type": "category"},
        xaxis={"type": "category", "side": "top"},
        height=320,
    )


# --------------------------------------------------------------------------- deadwood


def _distribution(values: npt.ArrayLike) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    arr = np.asarray(values).ravel()
    if arr.size == 0:
        raise ValueError("a histogram needs at least one value")
    if not np.issubdtype(arr.dtype, np.integer):
        if not np.all(np.equal(np.mod(arr, 1), 0)):
            raise ValueError("deadwood values must be whole numbers")
        arr = arr.astype(np.int64)
    if arr.min() < 0:
        raise ValueError("deadwood values must be >= 0")
    counts = np.bincount(arr.astype(np.int64))
    xs = np.nonzero(counts)[0]
    return xs, counts[xs] / arr.size


def deadwood_histogram(
    values: npt.ArrayLike,
    *,
    exact: Mapping[int, float | sympy.Rational] | None = None,
    simulated: npt.ArrayLike | None = None,
    labels: tuple[str, str, str] = ("dealt hands", "exact", "second sample"),
    title: str | None = None,
    theme: str | None = None,
) -> go.Figure:
    """Distribution of deadwood points as bars (relative frequency), with overlays.

    ``values`` is typically :func:`~rummy_lab.probability.deal_deadwood` output. ``exact``
    (deadwood -> probability) is drawn as a line with markers; ``simulated`` (another
    sample, e.g. other rules or another seed) as a step line. The mean is a dashed line.

    >>> fig = deadwood_histogram([0, 2, 2, 5], exact={0: 0.25, 2: 0.5, 5: 0.25})
    >>> list(fig.data[0].x), list(fig.data[0].y), fig.data[1].name
    ([0, 2, 5], [0.25, 0.5, 0.25], 'exact')

    :param values: deadwood per hand (whole numbers >= 0).
    :param exact: an exact distribution to overlay.
    :param simulated: a second sample to overlay.
    :param labels: names of the bars, the exact line and the second sample.
    :param title: the title. :param theme: ``"light"`` or ``"dark"`` (None: the page's).
    :return: the figure.
    :raises ValueError: for an empty sample or values that are not whole numbers >= 0.
    """
    c = theme_colors(theme)
    xs, freq = _distribution(values)
    arr = np.asarray(values, dtype=np.float64).ravel()
    fig = go.Figure(
        go.Bar(
            x=xs.tolist(), y=freq.tolist(), name=labels[0], marker_color=_color(0, theme),
            opacity=0.8,
            hovertemplate="deadwood %{x}: %{y:.2%} of " + f"{arr.size:,}" + " hands<extra></extra>",
        )
    )
    if exact is not None:
        ex = sorted(exact)
        fig.add_trace(
            go.Scatter(
                x=ex, y=[float(exact[k]) for k in ex], name=labels[1], mode="lines+markers",
                line={"color": c.ink, "width": 1.5}, marker={"size": 5},
                customdata=[str(exact[k]) for k in ex],
                hovertemplate="deadwood %{x}: P = %{customdata}<extra>" + labels[1] + "</extra>",
            )
        )
    if simulated is not None:
        sx, sf = _distribution(simulated)
        fig.add_trace(
            go.Scatter(
                x=sx.tolist(), y=sf.tolist(), name=labels[2], mode="lines",
                line={"color": _color(1, theme), "width": 2, "shape": "hvh"},
                hovertemplate="deadwood %{x}: %{y:.2%}<extra>" + labels[2] + "</extra>",
            )
        )
    mean = float(arr.mean())
    fig.add_vline(x=mean, line={"dash": "dash", "color": c.muted},
                  annotation_text=f"mean {mean:.1f}", annotation_position="top right",
                  annotation_font_color=c.ink)
    return _base_layout(
        fig, title or f"Deadwood of {arr.size:,} dealt hands", "deadwood points",
        "share of hands", theme=theme, yaxis={"tickformat": PERCENT_TICKS}, bargap=0.05,
    )


def deadwood_by_turn_figure(
    per_player: Sequence[Sequence[int | None]],
    *,
    names: Sequence[str] | None = None,
    turn: int | None = None,
    title: str | None = None,
    theme: str | None = None,
) -> go.Figure:
    """Each player's deadwood after every turn, one line per player.

    ``per_player[p][t]`` is player p's deadwood after move t (``None`` where unknown).
    ``turn`` draws a vertical marker (the turn an animation or slider shows); it is the
    figure's only shape, so a widget moves it with ``fig.layout.shapes[0].x0``.

    >>> fig = deadwood_by_turn_figure([[30, 22, 22], [41, 41, 35]], turn=1)
    >>> [t.name for t in fig.data], fig.layout.shapes[0].x0
    (['player 0', 'player 1'], 1)

    :param per_player: deadwood lists, one per player.
    :param names: the players' names.
    :param turn: the turn to mark.
    :param title: the title. :param theme: ``"light"`` or ``"dark"`` (None: the page's).
    :return: the figure.
    """
    if names is not None and len(names) != len(per_player):
        raise ValueError(f"{len(names)} names for {len(per_player)} players")
    fig = go.Figure()
    for p, values in enumerate(per_player):
        name = names[p] if names is not None else f"player {p}"
        fig.add_trace(
            go.Scatter(
                x=list(range(len(values))), y=list(values), name=name, mode="lines+markers",
                line={"color": _color(p, theme), "width": 2.5, "shape": "hv"},
                marker={"size": 6},
                connectgaps=False,
                hovertemplate="after move %{x}: %{y} deadwood<extra>" + name + "</extra>",
            )
        )
    if turn is not None:
        fig.add_vline(x=turn, line={"color": theme_colors(theme).muted, "width": 2,
                                    "dash": "dot"})
    return _base_layout(
        fig, title or "Deadwood after each move", "move", "deadwood points", theme=theme,
        yaxis={"rangemode": "tozero"},
    )


# --------------------------------------------------------------------------- simulation


def convergence_figure(
    estimates: npt.ArrayLike,
    stderrs: npt.ArrayLike,
    *,
    samples: npt.ArrayLike | None = None,
    exact: float | sympy.Rational | None = None,
    z: float = 1.96,
    title: str | None = None,
    theme: str | None = None,
) -> go.Figure:
    """A Monte Carlo estimate converging: the running estimate in a ± z·stderr band.

    Feed it :func:`~rummy_lab.probability.running_estimates` (samples, means, stderrs).
    With ``exact`` a horizontal line shows the true value (its fraction on hover).

    >>> fig = convergence_figure([0.5, 0.4, 0.45], [0.2, 0.1, 0.05], samples=[10, 20, 40],
    ...                          exact=sympy.Rational(9, 20))
    >>> [t.name for t in fig.data], [round(v, 3) for v in fig.data[1].y]
    (['upper', 'lower', 'estimate', 'exact'], [0.108, 0.204, 0.352])

    :param estimates: running estimates.
    :param stderrs: their standard errors (same length).
    :param samples: sample counts (x axis); default 1, 2, ...
    :param exact: the exact value, if known.
    :param z: band half-width in standard errors (1.96: 95 %); the band is clipped to
        0..1, the range of a probability.
    :param title: the title. :param theme: ``"light"`` or ``"dark"`` (None: the page's).
    :return: the figure (the sample axis is logarithmic, labelled at powers of ten only).
    :raises ValueError: for arrays of different lengths.
    """
    c = theme_colors(theme)
    est = np.asarray(estimates, dtype=np.float64).ravel()
    se = np.asarray(stderrs, dtype=np.float64).ravel()
    if est.shape != se.shape:
        raise ValueError(f"{est.size} estimates but {se.size} standard errors")
    xs = (np.arange(1, est.size + 1) if samples is None
          else np.asarray(samples, dtype=np.int64).ravel())
    if xs.shape != est.shape:
        raise ValueError(f"{xs.size} sample counts for {est.size} estimates")
    upper = np.minimum(est + z * se, 1.0)  # a probability's band stays within 0..1
    lower = np.maximum(est - z * se, 0.0)
    band = c.band
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=xs.tolist(), y=upper.tolist(), name="upper", mode="lines",
                             line={"width": 0}, showlegend=False, hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=xs.tolist(), y=lower.tolist(), name="lower", mode="lines",
                             line={"width": 0}, fill="tonexty", fillcolor=band,
                             showlegend=False, hoverinfo="skip"))
    fig.add_trace(
        go.Scatter(
            x=xs.tolist(), y=est.tolist(), name="estimate", mode="lines",
            line={"color": _color(0, theme), "width": 2},
            customdata=np.stack([lower, upper], axis=1).tolist(),
            hovertemplate=(
                "%{x:,} samples: %{y:.5f}<br>" + f"{z:g}" + "·stderr band "
                "%{customdata[0]:.5f}..%{customdata[1]:.5f}<extra></extra>"
            ),
        )
    )
    if exact is not None:
        fig.add_trace(
            go.Scatter(
                x=[xs[0].item(), xs[-1].item()], y=[float(exact)] * 2, name="exact",
                mode="lines", line={"color": c.ink, "dash": "dash", "width": 1.5},
                hovertemplate="exact " + _exact_text(exact) + " ≈ %{y:.5f}<extra></extra>",
            )
        )
    return _base_layout(fig, title or "Monte Carlo estimate converging", "samples",
                        "estimate", theme=theme,
                        xaxis={"type": "log", "dtick": 1, "tickformat": ",d",
                               "minor": {"showgrid": False}})


def _exact_text(exact: float | sympy.Rational) -> str:
    if isinstance(exact, sympy.Rational | int):
        return fraction_text(exact)
    return str(exact)


def outcome_bars(
    outcomes: Mapping[str, tuple[float, float]],
    *,
    z: float = 1.96,
    title: str | None = None,
    percent: bool = True,
    value_label: str | None = None,
    theme: str | None = None,
) -> go.Figure:
    """Simulated rates, or other simulated means, as bars with ± z·stderr error bars (one
    bar per outcome).

    The y-axis says what the bars measure: ``value_label`` when given, else ``"rate"`` for
    rates (``percent=True``). Other numbers (cards drawn, points) have no default name, so
    ``percent=False`` needs ``value_label``.

    >>> fig = outcome_bars({"knock": (0.6, 0.01), "gin": (0.1, 0.005)})
    >>> list(fig.data[0].x), [round(e, 4) for e in fig.data[0].error_y.array]
    (['knock', 'gin'], [0.0196, 0.0098])
    >>> outcome_bars({"limit 10": (9.5, 0.3)}, percent=False,
    ...              value_label="cards drawn per hand").layout.yaxis.title.text
    'cards drawn per hand'

    :param outcomes: name -> (rate or mean, standard error).
    :param z: error-bar half-width in standard errors.
    :param title: the title. :param percent: format the axis as percentages.
    :param value_label: the y-axis title, what the numbers are (default ``"rate"`` when
        ``percent`` is true).
    :param theme: ``"light"`` or ``"dark"`` (None: the page's).
    :return: the figure.
    :raises ValueError: when ``percent`` is false and ``value_label`` is not given, or
        ``value_label`` is blank.
    """
    if value_label is None:
        if not percent:
            raise ValueError(
                "outcome_bars(percent=False) needs value_label=, the name of what the bars "
                "measure (such as 'cards drawn per hand'); only rates default to 'rate'")
        value_label = "rate"
    elif not isinstance(value_label, str) or not value_label.strip():
        raise ValueError(f"value_label must be a non-blank string, got {value_label!r}")
    names = list(outcomes)
    rates = [float(outcomes[k][0]) for k in names]
    errs = [z * float(outcomes[k][1]) for k in names]
    fig = go.Figure(
        go.Bar(
            x=names, y=rates, error_y={"type": "data", "array": errs, "visible": True},
            marker_color=[_color(i, theme) for i in range(len(names))], name=value_label,
            error_y_color=theme_colors(theme).ink,
            customdata=errs,
            hovertemplate=("%{x}: %{y:.2%} ± %{customdata:.2%}<extra></extra>" if percent
                           else "%{x}: %{y:.4f} ± %{customdata:.4f}<extra></extra>"),
        )
    )
    return _base_layout(fig, title or "Simulated outcomes", "", value_label, theme=theme,
                        yaxis={"tickformat": PERCENT_TICKS if percent else None,
                               "rangemode": "tozero"})
