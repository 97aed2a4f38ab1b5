"""HTML pieces of a card table, drawn from player views: hands, piles, table melds."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..engine.cards import Card
from ..engine.display import MELD_COLORS, card_back_svg, card_svg, cards_html
from ..engine.solver import Partition
from ..engine.state import PlayerView
from ..viz.game import held_partition, meld_positions, view_wild_rank

__all__ = ["hand_block", "hidden_hand_block", "piles_html", "seat_html", "table_html"]

_FONT = "font-family:'DejaVu Sans',Arial,sans-serif"


def hand_block(
    cards: Sequence[Card], partition: Partition, *, wild_rank: int | None, size: int,
    title: str = "",
) -> str:
    """A face-up hand, melds outlined in their colours and deadwood faded."""
    where = meld_positions(cards, partition)
    colors = {i: MELD_COLORS[m % len(MELD_COLORS)] for i, m in where.items()}
    dim = [i for i in range(len(cards)) if i not in where]
    head = (
        f'<div class="rl-seat-title" style="font-weight:600;font-size:13px">{escape(title)}'
        f" &middot; deadwood <b>{partition.deadwood_points}</b></div>" if title else ""
    )
    return (
        f'<div class="rl-seat rl-face-up" data-deadwood="{partition.deadwood_points}" '
        f'style="{_FONT};margin:4px 0">{head}'
        + cards_html(list(cards), highlight=colors, dim=dim, size=size, wild_rank=wild_rank)
        + "</div>"
    )


def hidden_hand_block(count: int, known: Sequence[Card], *, size: int, title: str) -> str:
    """Another player's hand as card backs, with the cards everybody knows face up."""
    known_html = cards_html(list(known), size=size) if known else ""
    backs = "".join(card_back_svg(size=size) for _ in range(max(0, count - len(known))))
    return (
        f'<div class="rl-seat rl-hidden" data-count="{count}" style="{_FONT};margin:4px 0">'
        f'<div class="rl-seat-title" style="font-weight:600;font-size:13px">{escape(title)}'
        f" &middot; {count} cards</div>"
        f'<div style="display:flex;gap:3px;align-items:flex-end">{known_html}'
        f'<div class="rl-backs" style="display:flex;gap:3px">{backs}</div></div></div>'
    )


def seat_html(view: PlayerView, seat: int, *, size: int, you: bool = False) -> str:
    """One seat as ``view`` sees it: its own hand, a hand revealed at the end, or backs."""
    name = f"Player {seat}" + (" (you)" if you else "")
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
                      size=size, title=name)


def piles_html(view: PlayerView, *, size: int) -> str:
    """The stock (a back and its count), the discard pile's top cards, the wild card and
    the table melds."""
    parts = []
    stock = card_back_svg(size=size) if view.stock_count else (
        f'<div style="width:{size}px;height:{round(size * 1.4)}px;border:2px dashed #bbb;'
        'border-radius:6px"></div>'
    )
    parts.append(
        f'<div class="rl-stock" data-count="{view.stock_count}" style="text-align:center">'
        f'{stock}<div style="font-size:12px">stock {view.stock_count}</div></div>'
    )
    pile = view.discard_pile
    top = cards_html(list(pile[-3:]), size=size, overlap=True) if pile else (
        f'<div style="width:{size}px;height:{round(size * 1.4)}px;border:2px dashed #bbb;'
        'border-radius:6px"></div>'
    )
    top_code = pile[-1].code if pile else ""
    parts.append(
        f'<div class="rl-discard" data-count="{len(pile)}" data-top="{top_code}" '
        f'style="text-align:center">{top}<div style="font-size:12px">discard pile '
        f"{len(pile)}</div></div>"
    )
    if view.wild_card is not None:
        wild = view_wild_rank(view)
        parts.append(
            '<div class="rl-wild-card" style="text-align:center">'
            + card_svg(view.wild_card, size=size, wild_rank=wild)
            + '<div style="font-size:12px">wild card</div></div>'
        )
    for i, meld in enumerate(view.table):
        color = MELD_COLORS[i % len(MELD_COLORS)]
        parts.append(
            f'<div class="rl-table-meld" data-meld-index="{i}" style="text-align:center">'
            + cards_html(list(meld.cards), highlight=dict.fromkeys(range(len(meld.cards)), color),
                         size=size, overlap=True)
            + f'<div style="font-size:12px">meld {i} (player {meld.owner})</div></div>'
        )
    return (
        f'<div class="rl-piles" style="{_FONT};display:flex;gap:18px;align-items:flex-end;'
        f'flex-wrap:wrap;margin:6px 0">{"".join(parts)}</div>'
    )


def table_html(views: Sequence[PlayerView], *, player: int | None, size: int) -> str:
    """Every seat and the piles at one moment; ``player`` None shows every hand face up."""
    base = views[0 if player is None else player]
    seats = []
    for seat in range(base.players):
        if player is None:
            seats.append(seat_html(views[seat], seat, size=size))
        else:
            seats.append(seat_html(base, seat, size=size, you=seat == player))
    return (
        '<div class="rl-table">' + seats[0] + piles_html(base, size=size)
        + "".join(seats[1:]) + "</div>"
    )
