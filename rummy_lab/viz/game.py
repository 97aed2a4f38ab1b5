"""Figures of a played hand: a replay animation and per-move deadwood.

Why: a recorded game is easiest to study move by move, and a plotly animation (its own
play button and slider) plays in a static HTML page, a rendered notebook or a slide,
with no Python kernel behind it.

Everything is read from the public engine API: :meth:`Game.replay` rebuilds the state
after each move through the rules engine, and :meth:`Game.view_for` gives what a player
may see, so a one-player replay never shows a card that player could not see.

>>> import random
>>> from rummy_lab.engine.game import new_game
>>> from rummy_lab.bots import GreedyGinBot, play_hand
>>> g = new_game("gin", seed=3)
>>> _ = play_hand(g, [GreedyGinBot(), GreedyGinBot()], random.Random(0))
>>> fig = animate_game(g)
>>> len(fig.frames) == len(g.history) + 1, fig.layout.updatemenus[0].buttons[0].label
(True, '▶ Play')
>>> dw = deadwood_by_turn(g)
>>> len(dw), len(dw[0]) == len(g.history) + 1, dw[0][-1] == g.result.deadwood[0]
(2, True, True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import plotly.graph_objects as go

from ..display import (
    MELD_COLORS,
    PALETTES,
    count_words,
    display_order,
    glyph_text,
    meld_positions,
)
from ..engine.cards import Card, Hand
from ..engine.game import Game
from ..engine.scoring.indian import wild_rank_of
from ..engine.solver import Partition, best_discard, best_partition
from ..engine.state import Event, PlayerView

__all__ = [
    "TableFrame",
    "animate_game",
    "deadwood_by_turn",
    "event_caption",
    "held_partition",
    "meld_positions",
    "move_caption",
    "name_players",
    "replay_views",
    "table_frame",
    "table_rows",
    "view_wild_rank",
]

_TABLE_LEFT, _TABLE_RIGHT = 4.5, 14.0  # where table melds go, in table units


def _check_player(game: Game, player: int | None) -> None:
    if player is not None and (
        isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < game.players
    ):
        raise ValueError(f"player must be None or a seat 0..{game.players - 1}, got {player!r}")


def replay_views(game: Game) -> list[tuple[PlayerView, ...]]:
    """Every player's view at the deal and after each move: ``[step][player]``.

    >>> from rummy_lab.engine.game import new_game
    >>> views = replay_views(new_game("gin", seed=1))
    >>> len(views), len(views[0]), views[0][0].stock_count
    (1, 2, 31)
    """
    return [tuple(g.view_for(p) for p in range(g.players)) for g in game.replay()]


def view_wild_rank(view: PlayerView) -> int | None:
    """The wild rank in force for a view (Indian Rummy's wild-joker card), else None."""
    if view.wild_card is None or not view.rules.wild_joker:
        return None
    return wild_rank_of(view.wild_card)


def held_partition(view: PlayerView, hand: Sequence[Card], *,
                   throw: Card | str | None = None) -> Partition:
    """The best partition of a held hand; one card over the deal size, after the best discard.

    Several throws may leave the same least deadwood; ``throw`` picks the one to show (the
    card a hint names, say) when it is one of them, and is ignored otherwise.

    >>> from rummy_lab.engine.game import new_game
    >>> v = new_game("gin", seed=1).view_for(0)
    >>> held_partition(v, v.hand) == best_partition(v.hand)
    True
    >>> from rummy_lab.engine.moves import TakeUpcard
    >>> g = new_game("gin", hands=["AS AH AD 2C 2D 2H 3C 3D 3H 4C",
    ...                            "2S 3S 4S 5H 6H 7H 9C 9D KC JH"], discard="QD")
    >>> _ = g.play(TakeUpcard())          # 11 cards: the KC, QD or JH leaves 38
    >>> v = g.view_for(1)
    >>> held_partition(v, v.hand).deadwood_points, len(held_partition(v, v.hand).deadwood)
    (38, 4)
    >>> sorted(held_partition(v, v.hand, throw="QD").deadwood)  # the QD is the one left out
    [Card('JH'), Card('9D'), Card('9C'), Card('KC')]
    >>> held_partition(v, v.hand, throw="9C") == held_partition(v, v.hand)  # leaves more
    True
    """
    size = view.rules.hand_size_for(view.players)
    wild = view_wild_rank(view)
    if len(hand) <= size:
        return best_partition(hand, view.rules, wild_rank=wild)
    best = best_discard(hand, view.rules, wild_rank=wild)[1]
    card = Card.parse(throw) if isinstance(throw, str) else throw
    if card is None or card not in hand:
        return best
    rest = list(hand)
    rest.remove(card)
    mine = best_partition(rest, view.rules, wild_rank=wild)
    return mine if mine.deadwood_points == best.deadwood_points else best


def deadwood_by_turn(game: Game, *, player: int | None = None) -> list[list[int | None]]:
    """Each player's deadwood at the deal and after every move (``[player][step]``).

    A hand holding one card over the deal (after a draw) counts the deadwood left after
    its best discard, so the lines show what the player could keep. With ``player`` set,
    the other players' values are ``None`` until their hands are revealed at the end.

    :param game: a game (played or in progress).
    :param player: whose knowledge to respect, or None for all hands face up.
    :return: one list per player, one value per step.
    :raises ValueError: for a seat that is not at the table.
    """
    _check_player(game, player)
    out: list[list[int | None]] = [[] for _ in range(game.players)]
    for views in replay_views(game):
        for p in range(game.players):
            view = views[p]
            if player is not None and p != player:
                shown = views[player].revealed
                if shown is None:
                    out[p].append(None)
                    continue
                out[p].append(held_partition(view, Hand(shown[p])).deadwood_points)
                continue
            out[p].append(held_partition(view, view.hand).deadwood_points)
    return out


@dataclass(frozen=True)
class TableFrame:
    """What one animation frame draws: cards face up, card backs, labels and a caption.

    Coordinates are table units (one card pitch): the viewer's hand (``player``, or player
    0) in the lowest row at ``y = 0``, the stock, discard pile, wild card and table melds
    in the row above, the other players above that. Each face is ``(x, y, card, meld
    colour or None, deadwood)``; hands are laid out melds first, then the sorted deadwood.
    """

    step: int
    caption: str
    faces: tuple[tuple[float, float, Card, str | None, bool], ...]
    backs: tuple[tuple[float, float], ...]
    labels: tuple[tuple[float, float, str], ...]


def _names(players: int, names: Sequence[str] | None) -> list[str]:
    if names is None:
        return [f"player {p}" for p in range(players)]
    if len(names) != players:
        raise ValueError(f"{len(names)} names for {players} players")
    return [str(n) for n in names]


def event_caption(event: Event, names: Sequence[str] | None = None) -> str:
    """A move as one line, its player named: ``"You: discard 8♥"``.

    >>> from rummy_lab.engine.moves import DrawStock
    >>> from rummy_lab.engine.state import Phase
    >>> e = Event(0, 1, DrawStock(), Phase.DRAW, (), Card.parse("7H"))
    >>> event_caption(e), event_caption(e.redacted(), ["You", "Bot"])
    ('player 1: draw from the stock (7♥)', 'Bot: draw from the stock')
    """
    who = f"player {event.player}" if names is None else names[event.player]
    text = f"{who}: {event.move}"
    if event.drawn is not None:
        text += f" ({event.drawn.glyph})"
    return text


def move_caption(
    views: Sequence[PlayerView], player: int | None = None, names: Sequence[str] | None = None
) -> str:
    """The caption of the last move, as ``player`` saw it (None: as its mover saw it, so
    a stock draw names the card).

    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("gin", seed=3)
    >>> _ = g.play("pass_upcard"); _ = g.play("pass_upcard"); _ = g.play("draw_stock")
    >>> views = [g.view_for(p) for p in range(2)]
    >>> move_caption(views), move_caption(views, 0, ["You", "Bot"])
    ('player 1: draw from the stock (3♠)', 'Bot: draw from the stock')
    """
    base = views[0 if player is None else player]
    if not base.history:
        return ""
    mover = base.history[-1].player if player is None else player
    return event_caption(views[mover].history[-1], names)


_ROW = 2.0  # vertical pitch of the rows, in card pitches
_GROUP_GAP = 0.35  # extra room between melds and between melds and deadwood


def _laid_out(hand: Sequence[Card], part: Partition) -> list[tuple[float, int, int | None]]:
    """(x, position, meld index) for each card: melds together, then the sorted deadwood."""
    where = meld_positions(hand, part)
    x, prev = 0.0, -2
    out: list[tuple[float, int, int | None]] = []
    for pos in display_order(hand, part):
        group = where.get(pos, -1)
        if out and group != prev:
            x += _GROUP_GAP
        out.append((x, pos, where.get(pos)))
        prev = group
        x += 1.0
    return out


_MELD_PITCH, _MELD_GAP, _MELD_ROW = 0.7, 0.55, 1.4  # table melds: card pitch, gaps, rows


def _table_slots(view: PlayerView) -> list[tuple[float, int]]:
    """(x, row) of each table meld's first card: melds side by side, wrapping to new rows."""
    out, x, row = [], _TABLE_LEFT, 0
    for tm in view.table:
        width = _MELD_PITCH * (len(tm.cards) - 1)
        if x > _TABLE_LEFT and x + width > _TABLE_RIGHT:
            x, row = _TABLE_LEFT, row + 1
        out.append((x, row))
        x += width + _MELD_PITCH + _MELD_GAP
    return out


def table_rows(view: PlayerView) -> int:
    """How many rows the table melds of ``view`` take (at least one: the piles' row)."""
    slots = _table_slots(view)
    return 1 + max((row for _, row in slots), default=0)


def name_players(text: str, names: Sequence[str] | None) -> str:
    """An engine sentence with ``player N`` replaced by the players' names.

    A name ``"You"`` reads ``you`` inside a sentence and ``your`` for ``player N's``.

    >>> name_players("player 0 knocked; 4 points to player 0, player 1's turn", ["You", "Bot"])
    "You knocked; 4 points to you, Bot's turn"
    """
    if names is None:
        return text

    def one(m: re.Match[str]) -> str:
        name = names[int(m.group(1))]
        start = m.start() == 0 or text[max(0, m.start() - 2):m.start()] in (". ", "; ")
        if name == "You":
            word = "Your" if m.group(2) else "You"
            return word if start else word.lower()
        return name + (m.group(2) or "")

    return re.sub(r"\bplayer (\d+)('s)?", one, text)


def _caption_lines(text: str, width: int = 95) -> str:
    """Break a long caption into lines (plotly titles do not wrap)."""
    lines: list[str] = []
    for part in text.split("\n"):
        words, line = part.split(" "), ""
        for w in words:
            if line and len(line) + 1 + len(w) > width:
                lines.append(line)
                line = w
            else:
                line = f"{line} {w}" if line else w
        lines.append(line)
    return "<br>".join(lines)


def table_frame(
    views: Sequence[PlayerView], step: int, *, player: int | None = None,
    names: Sequence[str] | None = None, meld_rows: int = 1,
) -> TableFrame:
    """One frame from every player's view at one step (see :func:`replay_views`).

    :param views: the players' views at this step.
    :param step: the step number (0 = the deal).
    :param player: show only what this player sees (None: every hand face up).
    :param names: the players' names (default ``"player 0"``, ...).
    :param meld_rows: rows kept for the piles and table melds (see :func:`table_rows`),
        so the hands stay in place while the table fills.
    :return: the frame's contents.
    """
    base = views[0 if player is None else player]
    who = _names(base.players, names)
    meld_rows = max(meld_rows, table_rows(base))
    bottom = 0 if player is None else player
    rows = [bottom] + [p for p in range(base.players) if p != bottom]
    faces: list[tuple[float, float, Card, str | None, bool]] = []
    backs: list[tuple[float, float]] = []
    labels: list[tuple[float, float, str]] = []
    wild = view_wild_rank(base)
    for k, p in enumerate(rows):
        y = 0.0 if k == 0 else _ROW * (k + 1) + _MELD_ROW * (meld_rows - 1)
        hand: Hand | None
        if player is None or p == player:
            hand = views[p].hand
        elif base.revealed is not None:
            hand = Hand(base.revealed[p])
        else:
            hand = None
        turn = " ◀" if base.current_player == p and base.result is None else ""
        if hand is None:
            known = list(base.known[p])
            for i in range(base.hand_sizes[p]):
                if i < len(known):
                    faces.append((float(i), y, known[i], None, False))
                else:
                    backs.append((float(i), y))
            labels.append((-0.75, y, f"<b>{who[p]}</b>{turn}<br>"
                                     f"{count_words(base.hand_sizes[p], 'card')}"))
            continue
        part = held_partition(base, hand)
        for x, pos, m_i in _laid_out(hand, part):
            color = None if m_i is None else MELD_COLORS[m_i % len(MELD_COLORS)]
            faces.append((x, y, hand[pos], color, m_i is None))
        labels.append((-0.75, y, f"<b>{who[p]}</b>{turn}<br>deadwood {part.deadwood_points}"))
    y = _ROW
    if base.stock_count:
        backs.append((0.0, y))
    labels.append((0.0, y - 0.85, f"stock {base.stock_count}"))
    top = base.discard_top
    if top is not None:
        faces.append((1.25, y, top, None, False))
    labels.append((1.25, y - 0.85, f"discard {len(base.discard_pile)}"))
    if base.wild_card is not None:
        faces.append((2.5, y, base.wild_card, "#CC79A7", False))
        labels.append((2.5, y - 0.85, "wild" if wild is None else "wild card"))
    for m_i, (tm, (x, row)) in enumerate(zip(base.table, _table_slots(base), strict=True)):
        color = MELD_COLORS[m_i % len(MELD_COLORS)]
        for k, c in enumerate(tm.cards):
            faces.append((x + _MELD_PITCH * k, y + _MELD_ROW * row, c, color, False))
    caption = "the deal" if step == 0 else f"move {step}: {move_caption(views, player, names)}"
    if base.result is not None:
        caption += f"\n{name_players(glyph_text(base.result.reason), names)}"
    caption = _caption_lines(caption)
    return TableFrame(step, caption, tuple(faces), tuple(backs), tuple(labels))


# card geometry in table units
_W, _H, _CUT = 0.86, 1.2, 0.1
_FELT = "#1d5c3a"
_FELT_INK = "#ffffff"
_BACK = "#1f4e79"
_MARK = "#8c8c8c"


def _outline_xy(x: float, y: float, inset: float = 0.0) -> tuple[list[float | None], ...]:
    """A card's outline (corners cut) around (x, y), closed, followed by a gap."""
    x0, x1 = x - _W / 2 + inset, x + _W / 2 - inset
    y0, y1 = y - _H / 2 + inset, y + _H / 2 - inset
    c = _CUT
    xs: list[float | None] = [x0 + c, x1 - c, x1, x1, x1 - c, x0 + c, x0, x0, x0 + c, None]
    ys: list[float | None] = [y0, y0, y0 + c, y1 - c, y1, y1, y1 - c, y0 + c, y0, None]
    return xs, ys


def _polygons(
    points: Sequence[tuple[float, float]], inset: float = 0.0
) -> tuple[list[float | None], list[float | None]]:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for x, y in points:
        px, py = _outline_xy(x, y, inset)
        xs.extend(px)
        ys.extend(py)
    return xs, ys


def _traces(frame: TableFrame) -> list[go.Scatter]:
    """The frame as a fixed list of traces (same count and order in every frame)."""
    pal = PALETTES["classic"]
    fx, fy = _polygons([(f[0], f[1]) for f in frame.faces])
    bx, by = _polygons(frame.backs)
    traces = [
        go.Scatter(x=fx, y=fy, mode="lines", fill="toself", fillcolor="#ffffff",
                   line={"color": "#4a4a4a", "width": 1}, hoverinfo="skip",
                   showlegend=False, name="card faces"),
        go.Scatter(x=bx, y=by, mode="lines", fill="toself", fillcolor=_BACK,
                   line={"color": "#ffffff", "width": 2}, hoverinfo="skip",
                   showlegend=False, name="card backs"),
    ]
    for k, color in enumerate(MELD_COLORS):
        pts = [(f[0], f[1]) for f in frame.faces if f[3] == color]
        ox, oy = _polygons(pts, inset=0.05)
        traces.append(go.Scatter(x=ox, y=oy, mode="lines", line={"color": color, "width": 4},
                                 hoverinfo="skip", showlegend=False, name=f"meld {k}"))
    mx: list[float | None] = []
    my: list[float | None] = []
    for f in frame.faces:
        if f[4]:
            mx.extend([f[0] - 0.2, f[0] + 0.2, None])
            my.extend([f[1] - _H / 2 + 0.12] * 2 + [None])
    traces.append(go.Scatter(x=mx, y=my, mode="lines", line={"color": _MARK, "width": 5},
                             hoverinfo="skip", showlegend=False, name="deadwood marks"))
    traces.append(go.Scatter(
        x=[f[0] for f in frame.faces], y=[f[1] + 0.08 for f in frame.faces],
        mode="text", name="cards", showlegend=False,
        text=[f"<b>{_face_label(f[2])}</b>" for f in frame.faces],
        textfont={"size": 23, "color": [pal.suit_color(f[2].suit) for f in frame.faces],
                  "family": "DejaVu Sans, Arial, sans-serif"},
        hovertext=[f[2].glyph + (" (deadwood)" if f[4] else " (in a meld)" if f[3] else "")
                   for f in frame.faces],
        hoverinfo="text",
    ))
    traces.append(go.Scatter(
        x=[lb[0] for lb in frame.labels], y=[lb[1] for lb in frame.labels], mode="text",
        text=[lb[2] for lb in frame.labels],
        textposition=["middle left" if lb[0] < 0 else "middle center" for lb in frame.labels],
        textfont={"size": 15, "color": _FELT_INK}, hoverinfo="skip", showlegend=False,
        name="labels",
    ))
    return traces


def _face_label(card: Card) -> str:
    """Rank over suit, as on a card's corner."""
    if card.suit is None:
        return "JK<br>★"
    return f"{card.glyph[:-1]}<br>{card.suit.glyph}"


def _keep_steps(game: Game, by: str) -> list[int]:
    steps = list(range(len(game.history) + 1))
    if by == "move":
        return steps
    if by != "turn":
        raise ValueError(f"by must be 'move' or 'turn', got {by!r}")
    hist = game.history
    keep = [0]
    for i, e in enumerate(hist):
        last = i == len(hist) - 1
        if last or hist[i + 1].player != e.player:
            keep.append(i + 1)
    return keep


def animate_game(
    game: Game,
    *,
    player: int | None = None,
    by: str = "move",
    frame_ms: int = 800,
    title: str | None = None,
    names: Sequence[str] | None = None,
    width: int | None = None,
) -> go.Figure:
    """A plotly animation of a hand: one frame per move, with play/pause and a slider.

    Drawn to be read from the back of a classroom, in light and dark pages alike: white
    cards with large rank and suit on a green table (the figure paints its own
    background), each hand laid out melds first (outlined in their colours) and then the
    deadwood (marked with a grey bar), the deadwood points beside each hand, the stock
    with its count, the discard pile's top card, table melds and a caption naming the
    move (and, at the end, how the hand ended). It animates in static HTML
    (``fig.write_html``) without a kernel.

    :param game: a played (or partly played) game.
    :param player: replay from this player's seat (others' hands hidden until the
        showdown); None shows every hand face up.
    :param by: ``"move"`` (a frame per move) or ``"turn"`` (a frame when the turn passes).
    :param frame_ms: milliseconds per frame when playing.
    :param title: the figure title.
    :param names: the players' names (default ``"player 0"``, ...).
    :param width: the figure width in pixels; None fits the page (the height is set for
        about 1,000 pixels of width, and the cards keep their shape either way).
    :return: the figure, showing the first frame.
    :raises ValueError: for a bad seat, ``by``, frame time or number of names.
    """
    _check_player(game, player)
    if isinstance(frame_ms, bool) or not isinstance(frame_ms, int) or frame_ms < 10:
        raise ValueError(f"frame_ms must be a whole number >= 10, got {frame_ms!r}")
    _names(game.players, names)
    keep = _keep_steps(game, by)
    all_views = replay_views(game)
    rows = max(table_rows(views[0]) for views in all_views)
    frames = [table_frame(all_views[s], s, player=player, names=names, meld_rows=rows)
              for s in keep]
    points = [(f[0], f[1]) for fr in frames for f in fr.faces] + [
        b for fr in frames for b in fr.backs]
    x_lo, x_hi = -3.7, max(9.6, max(x for x, _ in points) + 0.7)
    y_lo = min(-0.75, min(y for _, y in points) - 0.75)
    y_hi = max(y for _, y in points) + 0.75
    captions = [f.caption if title is None else f"<b>{title}</b><br>{f.caption}"
                for f in frames]
    lines = max(c.count("<br>") for c in captions) + 1
    margin = {"l": 10, "r": 10, "t": 30 + 26 * lines, "b": 96}
    unit = ((width or 1000) - margin["l"] - margin["r"]) / (x_hi - x_lo)
    height = round((y_hi - y_lo) * unit) + margin["t"] + margin["b"]
    first = frames[0]
    fig = go.Figure(data=_traces(first))
    fig.frames = [
        go.Frame(data=_traces(f), name=str(f.step), layout={"title": {"text": text}})
        for f, text in zip(frames, captions, strict=True)
    ]
    step_args = {"mode": "immediate", "frame": {"duration": 0, "redraw": True},
                 "transition": {"duration": 0}}
    button = {"bgcolor": "#ffffff", "bordercolor": "#ffffff", "font": {"color": "#1f1f1f",
                                                                          "size": 14}}
    fig.update_layout(
        template="plotly_white",
        paper_bgcolor=_FELT, plot_bgcolor=_FELT,
        font={"color": _FELT_INK, "size": 14},
        title={"text": captions[0], "x": 0.01, "xanchor": "left", "y": 1, "yref": "container",
               "yanchor": "top", "pad": {"t": 22},
               "font": {"size": 20, "color": _FELT_INK}},
        xaxis={"visible": False, "range": [x_lo, x_hi], "fixedrange": True},
        yaxis={"visible": False, "range": [y_lo, y_hi], "fixedrange": True,
               "scaleanchor": "x", "scaleratio": 1},
        height=height, width=width, autosize=width is None,
        margin=margin,
        updatemenus=[{
            "type": "buttons", "direction": "left", "x": 0.0, "y": 0,
            "xanchor": "left", "yanchor": "top", "showactive": False, "pad": {"t": 30},
            **button,
            "buttons": [
                {"label": "▶ Play", "method": "animate",
                 "args": [None, {"frame": {"duration": frame_ms, "redraw": True},
                                 "fromcurrent": True, "transition": {"duration": 0}}]},
                {"label": "❚❚ Pause", "method": "animate",
                 "args": [[None], {"frame": {"duration": 0, "redraw": False},
                                   "mode": "immediate", "transition": {"duration": 0}}]},
            ],
        }],
        sliders=[{
            "active": 0, "x": 0.2, "len": 0.8, "y": 0, "yanchor": "top",
            "pad": {"t": 20}, "font": {"color": _FELT_INK, "size": 11},
            "bgcolor": "#ffffff", "activebgcolor": "#F0E442", "bordercolor": "#ffffff",
            "tickcolor": _FELT_INK,
            "currentvalue": {"prefix": "move ", "visible": True,
                             "font": {"color": _FELT_INK, "size": 15}},
            "steps": [{"label": str(f.step), "method": "animate",
                       "args": [[str(f.step)], step_args]} for f in frames],
        }],
    )
    return fig
