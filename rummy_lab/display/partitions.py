"""Melds and partitions as HTML: each meld outlined in its colour and named, then the deadwood.

Why: seeing the melds as coloured groups and the leftovers apart (each with a quiet grey
mark, at full contrast) is how a learner checks the solver's answer at a glance. Melds
are ``.rl-meld`` groups and the deadwood is ``.rl-deadwood``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from ..engine.cards import Card, CardsLike, clean_cards
from ..engine.rules import Rules, RulesLike, get_rules
from .hands import _row_html, _Slot, cards_html
from .layout import _check_order, _groups
from .style import _FONT, MELD_COLORS, THEME, Palette, _resolve
from .text import count_words, glyph_text

if TYPE_CHECKING:
    from ..engine.melds import Meld
    from ..engine.solver import Partition

__all__ = ["grouped_hand_html", "meld_caption", "meld_html", "partition_html"]


def grouped_hand_html(
    cards: CardsLike,
    partition: Partition,
    *,
    order: str = "melds",
    rules: RulesLike | None = None,
    wild_rank: int | None = None,
    indian: bool | None = None,
    palette: str | Palette | None = None,
    size: int | str | None = None,
    extra: Mapping[int, Sequence[Card]] | None = None,
    extra_label: str = "laid off",
) -> str:
    """A held hand laid out for reading: melds together, then the sorted deadwood.

    With ``order="melds"`` each meld is a group outlined in its colour and captioned
    (set, run; pure or impure sequence in Indian Rummy), followed by a dashed
    ``deadwood`` group (card values under the cards when ``rules`` is given); with
    ``order="dealt"`` the cards stay as held, melds outlined in place and deadwood
    marked. ``extra`` draws other cards attached to a meld (lay-offs: meld index ->
    cards), captioned ``extra_label``. Cards keep their hand position in ``data-index``.

    >>> from rummy_lab.engine.solver import best_partition
    >>> h = "KD 7S 8S 9S 2H 7H 7D 7C"
    >>> html = grouped_hand_html(h, best_partition(h), extra={1: clean_cards("10S")})
    >>> html.count('class="rl-meld '), html.count("rl-deadwood-mark"), html.count("rl-laid-off")
    (2, 2, 1)

    :param cards: the hand as held (may hold cards the partition leaves out: deadwood).
    :param partition: its partition.
    :param order: ``"melds"`` or ``"dealt"`` (see :func:`display_order`).
    :param rules: rules for the deadwood card values. :param wild_rank: the wild rank.
    :param indian: name runs as sequences (default: with a wild rank or Indian rules).
    :param palette: palette override. :param size: card width override.
    :param extra: cards attached to melds (lay-offs), by meld index.
    :param extra_label: their caption.
    :return: an HTML ``<div class="rl-grouped-hand">``.
    :raises ValueError: for an unknown order or a meld card missing from the hand.
    """
    hand = clean_cards(cards)
    _check_order(order)
    pal, width = _resolve(palette, size)
    r = None if rules is None else get_rules(rules)
    if indian is None:
        indian = wild_rank is not None or (r is not None and r.variant.value == "indian")
    melds, dead = _groups(hand, partition)
    if not hand:
        return cards_html((), palette=pal, size=width)
    if order == "dealt":
        where = {p: i for i, slots in enumerate(melds) for p in slots}
        items = [
            _Slot(i, c, MELD_COLORS[where[i] % len(MELD_COLORS)] if i in where else None,
                  i not in where)
            for i, c in enumerate(hand)
        ]
        return (
            f'<div class="rl-grouped-hand" data-order="dealt" '
            f'data-deadwood-points="{partition.deadwood_points}">'
            + _row_html(items, pal, width, wild_rank) + "</div>"
        )
    out = [
        f'<div class="rl-grouped-hand rl-groups" data-order="melds" '
        f'data-deadwood-points="{partition.deadwood_points}" style="display:flex;'
        'flex-wrap:wrap;gap:8px;align-items:flex-end">'
    ]
    attached = extra or {}
    for i, (meld, slots) in enumerate(zip(partition.melds, melds, strict=True)):
        color = MELD_COLORS[i % len(MELD_COLORS)]
        items = [_Slot(p, hand[p], color) for p in slots]
        out.append(_meld_group(meld, items, color, i, pal, width, wild_rank, indian,
                               attached.get(i, ()), extra_label))
    if dead:
        values = [None if r is None else str(r.card_value(hand[p], wild_rank)) for p in dead]
        items = [_Slot(p, hand[p], None, True, caption=v) for p, v in zip(dead, values,
                                                                         strict=True)]
        out.append(_deadwood_group(items, pal, width, wild_rank, partition.deadwood_points))
    out.append("</div>")
    return "".join(out)


def _caption_html(text: str, width: int) -> str:
    return (
        f'<div class="rl-caption" style="font:600 {max(11, round(width * 0.2))}px '
        f'{escape(_FONT)};color:{THEME["ink"]};margin-top:2px">{escape(text)}</div>'
    )


def _meld_group(
    meld: Meld, items: Sequence[_Slot], color: str, index: int, pal: Palette, width: int,
    wild_rank: int | None, indian: bool, extra: Sequence[Card] = (), extra_label: str = "",
) -> str:
    style = "solid" if meld.is_pure else "dashed"
    codes = " ".join(c.code for c in meld.cards)
    body = _row_html(items, pal, width, wild_rank)
    if extra:
        more = [_Slot(None, c, color) for c in extra]
        body = (
            '<div style="display:flex;align-items:flex-end;gap:4px">' + body
            + '<div class="rl-laid-off" data-cards="'
            + escape(" ".join(c.code for c in extra))
            + f'" style="display:flex;flex-direction:column;align-items:center;'
            f'border-left:2px dashed {escape(color)};padding-left:4px">'
            + _row_html(more, pal, width, wild_rank)
            + _caption_html(extra_label, width) + "</div></div>"
        )
    return (
        f'<div class="rl-meld rl-meld-{escape(meld.kind)}" data-kind="{escape(meld.kind)}" '
        f'data-pure="{str(meld.is_pure).lower()}" data-meld-index="{index}" '
        f'data-color="{escape(color)}" data-cards="{escape(codes)}" '
        f'title="{escape(glyph_text(meld.describe(wild_rank)))}" '
        f'style="display:inline-flex;flex-direction:column;align-items:center;'
        f'border:3px {style} {escape(color)};border-radius:10px;padding:3px 5px 2px">'
        + body + _caption_html(meld_caption(meld, indian), width) + "</div>"
    )


def _deadwood_group(
    items: Sequence[_Slot], pal: Palette, width: int, wild_rank: int | None, points: int
) -> str:
    codes = " ".join(s.card.code for s in items)
    return (
        f'<div class="rl-deadwood" data-points="{points}" data-cards="{escape(codes)}" '
        'style="display:inline-flex;flex-direction:column;align-items:center;'
        f'border:2px dashed {THEME["border"]};border-radius:10px;padding:3px 5px 2px">'
        + _row_html(items, pal, width, wild_rank)
        + _caption_html("deadwood", width) + "</div>"
    )


# --------------------------------------------------------------------------- melds


def meld_caption(meld: Meld, indian: bool = False) -> str:
    """What a meld is called under it: ``set``, ``run`` (``run with joker``) or, in Indian
    Rummy (``indian``), ``pure sequence`` / ``impure sequence``.

    >>> from rummy_lab.engine.melds import classify_meld
    >>> meld_caption(classify_meld("4C 5C 6C")), meld_caption(classify_meld("4C 5C 6C"), True)
    ('run', 'pure sequence')
    """
    if meld.kind == "set":
        return "set" if meld.is_pure else "set with joker"
    if indian:
        return "pure sequence" if meld.is_pure else "impure sequence"
    return "run" if meld.is_pure else "run with joker"


def meld_html(
    meld: Meld,
    *,
    color: str = MELD_COLORS[0],
    index: int = 0,
    palette: str | Palette | None = None,
    size: int | str | None = None,
    wild_rank: int | None = None,
    indian: bool | None = None,
) -> str:
    """One meld as a group outlined in ``color`` (dashed when a joker stands in).

    The caption names the meld: ``set``, ``run`` or, in Indian Rummy terms (``indian``;
    by default when ``wild_rank`` is given), ``pure sequence`` / ``impure sequence``.

    >>> from rummy_lab.engine.melds import classify_meld
    >>> m = classify_meld("7S 7H 7D")
    >>> h = meld_html(m, color="#E69F00")
    >>> 'class="rl-meld rl-meld-set"' in h, 'data-color="#E69F00"' in h
    (True, True)
    """
    pal, width = _resolve(palette, size)
    if indian is None:
        indian = wild_rank is not None
    items = [_Slot(i, c, color) for i, c in enumerate(meld.cards)]
    return _meld_group(meld, items, color, index, pal, width, wild_rank, indian)


def partition_html(
    partition: Partition,
    *,
    palette: str | Palette | None = None,
    size: int | str | None = None,
    rules: RulesLike | None = None,
    wild_rank: int | None = None,
    explain: bool = False,
) -> str:
    """A partition: each meld outlined in its own colour, then the deadwood, sorted.

    Why: seeing the melds as coloured groups and the leftovers apart (each with a quiet
    grey mark, at full contrast) is how a learner checks the solver's answer at a glance.
    The deadwood points are printed under it; with ``rules`` each deadwood card is
    labelled with its value, and ``explain=True`` adds the solver's one-line reason per
    meld (cards named with their suit symbols).

    >>> from rummy_lab.engine.solver import best_partition
    >>> h = partition_html(best_partition("7S 7H 7D 4C 5C 6C 7C KD QH 2S"), rules="gin")
    >>> h.count('class="rl-meld '), h.count("rl-deadwood-mark"), 'data-deadwood-points="22"' in h
    (2, 3, True)

    :param partition: a :class:`~rummy_lab.engine.solver.Partition`.
    :param palette: palette override. :param size: card width override.
    :param rules: the rules the partition was made under (for card values and reasons).
    :param wild_rank: Indian Rummy's wild rank (badges and reasons).
    :param explain: list the reason for each meld and the deadwood sum.
    :return: an HTML ``<div class="rl-partition">``.
    """
    pal, width = _resolve(palette, size)
    r: Rules | None = None
    if rules is not None:
        r = get_rules(rules)
    cards = [c for m in partition.melds for c in m.cards] + list(partition.deadwood)
    out = [
        f'<div class="rl-partition" data-deadwood-points="{partition.deadwood_points}" '
        f'data-meld-count="{len(partition.melds)}" style="font-family:{escape(_FONT)};'
        f'color:{THEME["ink"]}">',
        grouped_hand_html(cards, partition, rules=r, wild_rank=wild_rank, palette=pal,
                          size=width) if cards else "",
    ]
    if partition.deadwood:
        total = (
            f"Deadwood: <b>{partition.deadwood_points}</b> point"
            f"{'' if partition.deadwood_points == 1 else 's'}"
            f" ({count_words(len(partition.deadwood), 'card')})"
        )
    else:
        total = "No deadwood: every card is melded (<b>0</b> points)"
    out.append(f'<div class="rl-points" style="margin-top:4px;font-size:14px">{total}</div>')
    if explain:
        lines = partition.explain(r if r is not None else "gin", wild_rank=wild_rank)
        out.append('<ul class="rl-explain" style="margin:4px 0;font-size:13px">')
        out.extend(f"<li>{escape(glyph_text(line))}</li>" for line in lines)
        out.append("</ul>")
    out.append("</div>")
    return "".join(out)
