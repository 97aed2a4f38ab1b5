"""HTML of a card table's parts, drawn from player views: seats (hands face up or as
backs), the piles and table melds, the whole table at one moment, and the result box."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..display import (
    MELD_COLORS,
    THEME,
    card_back_svg,
    card_svg,
    cards_html,
    count_words,
    glyph_text,
    grouped_hand_html,
)
from ..engine.cards import Card
from ..engine.scoring.gin import Showdown
from ..engine.solver import Partition
from ..engine.state import PlayerView
from ..viz.game import held_partition, name_players, view_wild_rank

__all__ = [
    "hand_block",
    "hidden_hand_block",
    "piles_html",
    "result_html",
    "seat_html",
    "table_html",
]

_FONT = "font-family:'DejaVu Sans',Arial,sans-serif"
_TITLE = f"font-weight:600;font-size:14px;color:{THEME['ink']};margin:2px 0"
_SMALL = f"font-size:13px;color:{THEME['ink']}"


def hand_block(
    cards: Sequence[Card], partition: Partition, *, wild_rank: int | None, size: int,
    title: str = "", order: str = "melds",
) -> str:
    """A face-up hand: melds together and outlined, then the deadwood (or as held)."""
    head = (
        f'<div class="rl-seat-title" style="{_TITLE}">{escape(title)}'
        f" &middot; deadwood <b>{partition.deadwood_points}</b></div>" if title else ""
    )
    return (
        f'<div class="rl-seat rl-face-up" data-deadwood="{partition.deadwood_points}" '
        f'style="{_FONT};margin:4px 0">{head}'
        + grouped_hand_html(list(cards), partition, order=order, wild_rank=wild_rank, size=size)
        + "</div>"
    )


def hidden_hand_block(count: int, known: Sequence[Card], *, size: int, title: str) -> str:
    """Another player's hand as card backs, with the cards everybody knows face up."""
    known_html = cards_html(list(known), size=size) if known else ""
    backs = "".join(card_back_svg(size=size) for _ in range(max(0, count - len(known))))
    return (
        f'<div class="rl-seat rl-hidden" data-count="{count}" style="{_FONT};margin:4px 0">'
        f'<div class="rl-seat-title" style="{_TITLE}">{escape(title)}'
        f" &middot; {count_words(count, 'card')}</div>"
        f'<div style="display:flex;gap:3px;align-items:flex-end">{known_html}'
        f'<div class="rl-backs" style="display:flex;gap:3px">{backs}</div></div></div>'
    )


def seat_html(
    view: PlayerView, seat: int, *, size: int, you: bool = False,
    names: Sequence[str] | None = None, order: str = "melds",
) -> str:
    """One seat as ``view`` sees it: its own hand, a hand revealed at the end, or backs."""
    name = names[seat] if names is not None else f"Player {seat}" + (" (you)" if you else "")
    if view.current_player == seat and view.result is None:
        name += " ▸ to move"
    hand: Sequence[Card] | None = None
    if seat == view.player:
        hand = view.hand
    elif view.revealed is not None:
        hand = view.revealed[seat]
    if hand is None:
        return hidden_hand_block(view.hand_sizes[seat], view.known[seat], size=size, title=name)
    return hand_block(hand, held_partition(view, hand), wild_rank=view_wild_rank(view),
                      size=size, title=name, order=order)


def _placeholder(size: int) -> str:
    return (
        f'<div style="width:{size}px;height:{round(size * 1.4)}px;'
        f'border:2px dashed {THEME["border"]};border-radius:6px"></div>'
    )


def piles_html(view: PlayerView, *, size: int, names: Sequence[str] | None = None) -> str:
    """The stock (a back and its count), the discard pile's top cards, the wild card and
    the table melds (cards laid off by another player captioned with their name)."""
    who = list(names) if names is not None else [f"player {p}" for p in range(view.players)]
    caption = f"font-size:13px;color:{THEME['ink']};margin-top:2px"
    parts = []
    stock = card_back_svg(size=size) if view.stock_count else _placeholder(size)
    parts.append(
        f'<div class="rl-stock" data-count="{view.stock_count}" style="text-align:center">'
        f'{stock}<div style="{caption}">stock · {view.stock_count}</div></div>'
    )
    pile = view.discard_pile
    top = cards_html(list(pile[-3:]), size=size, overlap=True) if pile else _placeholder(size)
    top_code = pile[-1].code if pile else ""
    parts.append(
        f'<div class="rl-discard" data-count="{len(pile)}" data-top="{top_code}" '
        f'style="text-align:center">{top}<div style="{caption}">discard pile · '
        f"{len(pile)}</div></div>"
    )
    if view.wild_card is not None:
        wild = view_wild_rank(view)
        parts.append(
            '<div class="rl-wild-card" style="text-align:center">'
            + card_svg(view.wild_card, size=size, wild_rank=wild)
            + f'<div style="{caption}">wild card</div></div>'
        )
    for i, meld in enumerate(view.table):
        color = MELD_COLORS[i % len(MELD_COLORS)]
        laid = meld.laid_by or (meld.owner,) * len(meld.cards)
        labels = [None if by == meld.owner else who[by] for by in laid]
        parts.append(
            f'<div class="rl-table-meld" data-meld-index="{i}" style="text-align:center">'
            + cards_html(list(meld.cards), highlight=dict.fromkeys(range(len(meld.cards)), color),
                         size=size, labels=labels if any(labels) else None)
            + f'<div style="{caption}">meld {i + 1} · {escape(who[meld.owner])}</div></div>'
        )
    return (
        f'<div class="rl-piles" style="{_FONT};display:flex;gap:18px;align-items:flex-end;'
        f'flex-wrap:wrap;margin:6px 0">{"".join(parts)}</div>'
    )


def table_html(
    views: Sequence[PlayerView], *, player: int | None, size: int,
    names: Sequence[str] | None = None, order: str = "melds",
) -> str:
    """Every seat and the piles at one moment; ``player`` None shows every hand face up."""
    base = views[0 if player is None else player]
    seats = []
    for seat in range(base.players):
        if player is None:
            seats.append(seat_html(views[seat], seat, size=size, names=names, order=order))
        else:
            seats.append(seat_html(base, seat, size=size, you=seat == player, names=names,
                                   order=order))
    return (
        '<div class="rl-table">' + seats[0] + piles_html(base, size=size, names=names)
        + "".join(seats[1:]) + "</div>"
    )


def _showdown_hands(view: PlayerView, names: Sequence[str], size: int) -> list[str]:
    """Gin: the knocker's melds with the defender's lay-offs attached, and the rest."""
    res = view.result
    sd = res.detail if res is not None else None
    if not isinstance(sd, Showdown) or view.revealed is None or res is None:
        return []
    if res.knocker is None:
        return []
    knocker = res.knocker
    defender = next(p for p in range(view.players) if p != knocker)
    attached: dict[int, list[Card]] = {}
    for card, meld_index in getattr(sd, "layoff_targets", ()):
        attached.setdefault(meld_index, []).append(card)
    knocker_html = grouped_hand_html(
        view.revealed[knocker], sd.knocker_partition, size=size, extra=attached,
        extra_label=f"laid off by {names[defender]}",
    )
    rest = list(view.revealed[defender])
    for c in sd.layoffs:
        rest.remove(c)
    defender_html = grouped_hand_html(rest, sd.defender_partition, size=size)
    blocks = {
        knocker: (f"{names[knocker]} (knocked) · deadwood {sd.knocker_deadwood}", knocker_html),
        defender: (f"{names[defender]} · deadwood {sd.defender_deadwood}"
                   + (f" after laying off {' '.join(c.glyph for c in sd.layoffs)}"
                      if sd.layoffs else ""), defender_html),
    }
    first = res.winner if res.winner is not None else knocker
    ordered = [first] + [p for p in (knocker, defender) if p != first]
    return [
        f'<div class="rl-seat rl-face-up rl-result-hand" data-seat="{p}" style="margin:4px 0">'
        f'<div class="rl-seat-title" style="{_TITLE}">{escape(blocks[p][0])}</div>'
        f"{blocks[p][1]}</div>"
        for p in ordered
    ]


def result_html(view: PlayerView, *, human: int, names: Sequence[str], size: int) -> str:
    """The end of the hand, for the top of the table: who won and how, the scores, the
    winner's hand grouped by meld (Gin: with the lay-offs attached to the melds they
    extend), then the other hands, and the table melds in the variants that have them."""
    res = view.result
    if res is None:
        return ""
    if res.winner is None:
        head = "Nobody won this hand"
    elif res.winner == human:
        head = "You won!"
    else:
        head = f"{names[res.winner]} won"
    kind = res.kind.replace("_", " ")
    scores = " · ".join(f"{names[p]}: {s}" for p, s in enumerate(res.scores))
    hands = _showdown_hands(view, names, size)
    if not hands and view.revealed is not None:
        order = [p for p in range(view.players) if p == res.winner] + [
            p for p in range(view.players) if p != res.winner]
        hands = [
            f'<div class="rl-result-hand" data-seat="{p}">'
            + seat_html(view, p, size=size, names=names) + "</div>"
            for p in order if view.revealed[p]
        ]
    table = ""
    if view.table:
        table = (f'<div style="{_TITLE}">The table</div>'
                 + piles_html(view, size=size, names=names))
    return (
        f'<div class="rl-result-box" data-kind="{escape(res.kind)}" data-winner="'
        f'{"" if res.winner is None else res.winner}" style="{_FONT};font-size:14px;'
        f'color:{THEME["ink"]};border:3px solid {THEME["success"]};border-radius:10px;'
        f'padding:8px 12px;margin:4px 0 8px">'
        f'<div style="font-size:20px;font-weight:700">{escape(head)} '
        f'<span style="font-size:15px;font-weight:600">({escape(kind)})</span></div>'
        f"<div>{escape(name_players(glyph_text(res.reason), names))}</div>"
        f'<div style="{_SMALL};margin:2px 0 6px">Scores: {escape(scores)}</div>'
        + "".join(hands) + table + "</div>"
    )
