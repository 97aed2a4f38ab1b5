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

from collections.abc import Sequence
from dataclasses import dataclass

import plotly.graph_objects as go

from ..engine.cards import Card, Hand
from ..engine.display import MELD_COLORS, PALETTES
from ..engine.game import Game
from ..engine.scoring.indian import wild_rank_of
from ..engine.solver import Partition, best_discard, best_partition
from ..engine.state import PlayerView

__all__ = [
    "TableFrame",
    "animate_game",
    "deadwood_by_turn",
    "held_partition",
    "meld_positions",
    "move_caption",
    "replay_views",
    "table_frame",
    "view_wild_rank",
]

_CARD_PX = 36
_TABLE_LEFT, _TABLE_RIGHT = 4.5, 14.0  # where table melds go, in table units
_DIM_TEXT = {"#111111": "rgba(17,17,17,0.35)", "#c8102e": "rgba(200,16,46,0.35)"}


def _check_player(game: Game, player: int | None) -> None:
    if player is not None and (
        isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < game.players
    ):
        raise ValueError(f"player must be None or a seat 0..{game.players - 1}, got {player!r}")


def meld_positions(hand: Sequence[Card], partition: Partition) -> dict[int, int]:
    """Which meld each card of ``hand`` belongs to, by position (deadwood positions absent).

    Duplicates (two-deck games) are matched to positions in hand order, so every
    position is used at most once.

    >>> from rummy_lab.engine.cards import parse_cards
    >>> hand = parse_cards("KD 7S 8S 9S 7H 7D 7C")
    >>> meld_positions(hand, best_partition(hand))
    {4: 0, 5: 0, 6: 0, 1: 1, 2: 1, 3: 1}

    :param hand: the cards in the order shown.
    :param partition: a partition of exactly these cards.
    :return: position -> meld index.
    :raises ValueError: when a meld card is not in the hand.
    """
    out: dict[int, int] = {}
    for m_i, meld in enumerate(partition.melds):
        for c in meld.cards:
            pos = next((i for i, h in enumerate(hand) if h == c and i not in out), None)
            if pos is None:
                raise ValueError(f"{c.code} of meld {m_i} is not in the hand")
            out[pos] = m_i
    return out


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


def held_partition(view: PlayerView, hand: Sequence[Card]) -> Partition:
    """The best partition of a held hand; one card over the deal size, after the best discard.

    >>> from rummy_lab.engine.game import new_game
    >>> v = new_game("gin", seed=1).view_for(0)
    >>> held_partition(v, v.hand) == best_partition(v.hand)
    True
    """
    size = view.rules.hand_size_for(view.players)
    wild = view_wild_rank(view)
    if len(hand) > size:
        return best_discard(hand, view.rules, wild_rank=wild)[1]
    return best_partition(hand, view.rules, wild_rank=wild)


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
    """What one animation frame draws: card points, card backs, labels and a caption.

    Coordinates are table units: players' rows at ``y = 2, 4, ...`` (player 0 lowest),
    the stock, discard pile and table melds at ``y = 0``.
    """

    step: int
    caption: str
    faces: tuple[tuple[float, float, Card, str | None, bool], ...]
    backs: tuple[tuple[float, float], ...]
    labels: tuple[tuple[float, float, str], ...]


def _face_color(card: Card, dim: bool) -> str:
    pal = PALETTES["classic"]
    color = pal.suit_color(card.suit)
    return _DIM_TEXT.get(color, color) if dim else color


def move_caption(views: Sequence[PlayerView], player: int | None = None) -> str:
    """The caption of the last move, as ``player`` saw it (None: as its mover saw it, so
    a stock draw names the card).

    >>> from rummy_lab.engine.game import new_game
    >>> g = new_game("gin", seed=3)
    >>> _ = g.play("pass_upcard"); _ = g.play("pass_upcard"); _ = g.play("draw_stock")
    >>> views = [g.view_for(p) for p in range(2)]
    >>> move_caption(views), move_caption(views, 0)
    ('player 1: draw from the stock (3♠)', 'player 1: draw from the stock')
    """
    base = views[0 if player is None else player]
    if not base.history:
        return ""
    mover = base.history[-1].player if player is None else player
    return views[mover].history[-1].caption()


def table_frame(views: Sequence[PlayerView], step: int, *, player: int | None = None) -> TableFrame:
    """One frame from every player's view at one step (see :func:`replay_views`).

    :param views: the players' views at this step.
    :param step: the step number (0 = the deal).
    :param player: show only what this player sees (None: every hand face up).
    :return: the frame's contents.
    """
    base = views[0 if player is None else player]
    faces: list[tuple[float, float, Card, str | None, bool]] = []
    backs: list[tuple[float, float]] = []
    labels: list[tuple[float, float, str]] = []
    for p in range(base.players):
        y = 2.0 * (p + 1)
        hand: Hand | None
        if player is None or p == player:
            hand = views[p].hand
        elif base.revealed is not None:
            hand = Hand(base.revealed[p])
        else:
            hand = None
        if hand is None:
            known = list(base.known[p])
            for i in range(base.hand_sizes[p]):
                if i < len(known):
                    faces.append((float(i), y, known[i], None, False))
                else:
                    backs.append((float(i), y))
            labels.append((-0.8, y, f"player {p}<br>{base.hand_sizes[p]} cards"))
            continue
        part = held_partition(base, hand)
        colors = {
            pos: MELD_COLORS[m_i % len(MELD_COLORS)]
            for pos, m_i in meld_positions(hand, part).items()
        }
        for i, c in enumerate(hand):
            faces.append((float(i), y, c, colors.get(i), i not in colors))
        turn = " ◀" if base.current_player == p and base.result is None else ""
        labels.append((-0.8, y, f"player {p}{turn}<br>deadwood {part.deadwood_points}"))
    if base.stock_count:
        backs.append((0.0, 0.0))
    labels.append((0.0, -0.85, f"stock {base.stock_count}"))
    top = base.discard_top
    if top is not None:
        faces.append((1.5, 0.0, top, None, False))
    labels.append((1.5, -0.85, f"discard {len(base.discard_pile)}"))
    if base.wild_card is not None:
        faces.append((3.0, 0.0, base.wild_card, "#CC79A7", False))
        labels.append((3.0, -0.85, "wild"))
    x, y = _TABLE_LEFT, 0.0
    for m_i, tm in enumerate(base.table):
        color = MELD_COLORS[m_i % len(MELD_COLORS)]
        width = 0.75 * (len(tm.cards) - 1)
        if x > _TABLE_LEFT and x + width > _TABLE_RIGHT:  # wrap to a new row of melds
            x, y = _TABLE_LEFT, y - 0.95
        for c in tm.cards:
            faces.append((x, y, c, color, False))
            x += 0.75
        x += 0.5
    caption = "the deal" if step == 0 else f"move {step}: {move_caption(views, player)}"
    if base.result is not None:
        caption += f". {base.result.reason}"
    return TableFrame(step, caption, tuple(faces), tuple(backs), tuple(labels))


def _traces(frame: TableFrame) -> list[go.Scatter]:
    fx = [f[0] for f in frame.faces]
    fy = [f[1] for f in frame.faces]
    faces = go.Scatter(
        x=fx, y=fy, mode="markers+text", name="cards",
        text=[f[2].glyph for f in frame.faces],
        textfont={"size": 14, "color": [_face_color(f[2], f[4]) for f in frame.faces]},
        marker={
            "symbol": "square", "size": _CARD_PX, "color": "#ffffff",
            "line": {"color": [f[3] or "#9a9a9a" for f in frame.faces],
                     "width": [4 if f[3] else 1 for f in frame.faces]},
        },
        hovertext=[
            f[2].glyph + (" (deadwood)" if f[4] else " (in a meld)" if f[3] else "")
            for f in frame.faces
        ],
        hoverinfo="text", showlegend=False,
    )
    backs = go.Scatter(
        x=[b[0] for b in frame.backs], y=[b[1] for b in frame.backs], mode="markers",
        name="hidden", marker={"symbol": "square", "size": _CARD_PX, "color": "#1f4e79",
                               "line": {"color": "#ffffff", "width": 2}},
        hoverinfo="skip", showlegend=False,
    )
    labels = go.Scatter(
        x=[lb[0] for lb in frame.labels], y=[lb[1] for lb in frame.labels], mode="text",
        text=[lb[2] for lb in frame.labels],
        textposition=["middle left" if lb[0] < 0 else "middle center" for lb in frame.labels],
        textfont={"size": 12, "color": "#333333"}, hoverinfo="skip", showlegend=False,
        name="labels",
    )
    return [faces, backs, labels]


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
) -> go.Figure:
    """A plotly animation of a hand: one frame per move, with play/pause and a slider.

    Each frame shows the hands (melds of the best partition outlined in colour, deadwood
    faded, deadwood points beside each hand), the stock with its count, the discard
    pile's top card, table melds and a caption naming the move (and, at the end, how
    the hand ended). It animates in static HTML (``fig.write_html``) without a kernel.

    :param game: a played (or partly played) game.
    :param player: replay from this player's seat (others' hands hidden until the
        showdown); None shows every hand face up.
    :param by: ``"move"`` (a frame per move) or ``"turn"`` (a frame when the turn passes).
    :param frame_ms: milliseconds per frame when playing.
    :param title: the figure title.
    :return: the figure, showing the first frame.
    :raises ValueError: for a bad seat, ``by`` or frame time.
    """
    _check_player(game, player)
    if isinstance(frame_ms, bool) or not isinstance(frame_ms, int) or frame_ms < 10:
        raise ValueError(f"frame_ms must be a whole number >= 10, got {frame_ms!r}")
    keep = _keep_steps(game, by)
    all_views = replay_views(game)
    frames = [table_frame(all_views[s], s, player=player) for s in keep]
    players = game.players
    bottom = min([-1.4] + [f[1] - 0.6 for fr in frames for f in fr.faces])
    first = frames[0]
    fig = go.Figure(data=_traces(first))
    fig.frames = [
        go.Frame(data=_traces(f), name=str(f.step),
                 layout={"title": {"text": f.caption}})
        for f in frames
    ]
    step_args = {"mode": "immediate", "frame": {"duration": 0, "redraw": True},
                 "transition": {"duration": 0}}
    fig.update_layout(
        template="plotly_white",
        title={"text": title or first.caption, "x": 0.02, "font": {"size": 15}},
        xaxis={"visible": False, "range": [-3.2, 14.2], "fixedrange": True},
        yaxis={"visible": False, "range": [bottom, 2.0 * players + 1.0], "fixedrange": True},
        height=150 + round(48 * (2.0 * players + 1.0 - bottom)), width=900,
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
        updatemenus=[{
            "type": "buttons", "direction": "left", "x": 0.0, "y": -0.02,
            "xanchor": "left", "yanchor": "top", "showactive": False,
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
            "active": 0, "x": 0.2, "len": 0.8, "y": -0.02, "yanchor": "top",
            "currentvalue": {"prefix": "move ", "visible": True},
            "steps": [{"label": str(f.step), "method": "animate",
                       "args": [[str(f.step)], step_args]} for f in frames],
        }],
    )
    if title is not None:
        for fr in fig.frames:
            fr.layout.title.text = f"{title}: {fr.layout.title.text}"
    return fig
