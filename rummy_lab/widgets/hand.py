"""HandView: a hand as playing cards, melds together, then the sorted deadwood.

Why: the picture a learner checks first is "which of my cards are already melds, and what
is left". Each meld sits together, outlined in its colour, in the solver's meld order;
the deadwood follows, sorted by suit and rank, at full contrast with a quiet grey mark.
A control switches to the order the cards were dealt in. When the hand is selectable, a
toggle under each card lets other widgets ask "which cards do you mean?" (discard this,
meld these) without any custom JavaScript.

>>> view = HandView("7S 7H 7D 4C 5C 6C 7C KD QH 2S")
>>> view.partition.deadwood_points, len(view.toggles)
(22, 10)
>>> [view.cards[i].code for i in view.shown_order]
['7S', '7H', '7D', '4C', '5C', '6C', '7C', '2S', 'QH', 'KD']
>>> view.toggles[7].value = True
>>> view.selected, view.selected_cards
((7,), (Card('KD'),))
>>> view.order = "dealt"; view.shown_order[:3]
[0, 1, 2]
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W
import traitlets

from ..display import (
    HAND_ORDERS,
    MELD_COLORS,
    THEME,
    card_svg,
    count_words,
    display_order,
    glyph_text,
    grouped_hand_html,
    meld_caption,
    meld_positions,
)
from ..engine.cards import Card, CardsLike, Hand, clean_cards
from ..engine.rules import Rules, RulesLike, Variant, get_rules
from ..engine.scoring.indian import count_note
from ..engine.solver import Partition, best_partition
from ._common import style_sheet, styled

__all__ = ["ORDER_OPTIONS", "HandView", "order_control"]

ORDER_OPTIONS: list[tuple[str, str]] = [("melds first", "melds"), ("as dealt", "dealt")]
"""The choices of a hand-order control (labels, values of :data:`HAND_ORDERS`)."""


def order_control(value: str = "melds") -> W.ToggleButtons:
    """The control that switches hands between melds-first and dealt order."""
    return styled(W.ToggleButtons(
        options=ORDER_OPTIONS, value=value, description="Show hand",
        tooltips=["melds together, then the deadwood by suit and rank",
                  "the cards in the order they were dealt and drawn"],
        style={"button_width": "auto", "description_width": "initial"},
    ), "rl-order")


class HandView(W.VBox):  # type: ignore[misc]
    """A hand of playing cards with its optimal partition.

    The melds of the partition (the solver's best, unless one is given) are shown
    together, each outlined in its colour and captioned, in meld order; the deadwood
    follows, sorted by suit and rank (:attr:`order` ``"melds"``), or every card stays
    where it is held (``"dealt"``), melds outlined in place. Deadwood cards keep full
    contrast and carry a quiet grey mark. A line underneath gives the deadwood points.

    With ``selectable=True`` each card has a toggle under it; :attr:`selected` (a trait,
    so other widgets can ``observe`` it) holds the selected positions in the hand (not
    on screen). :attr:`marked` positions get a ring and a tag (:attr:`mark_label`), as a
    hint marks the card to throw. Without selection the hand is drawn as one picture.

    CSS hooks: the widget ``rl-hand rl-hand-widget``; each card slot ``rl-card-slot`` plus
    ``rl-in-meld`` or ``rl-deadwood-card``; groups ``rl-group``; toggles
    ``rl-card-toggle``; the order control ``rl-order``; the points line
    ``rl-hand-points``. (The card pictures carry the engine's own classes, ``svg.rl-card``,
    ``rl-highlight``, ``rl-deadwood-card``, ``rl-selected``.)

    :ivar cards: the hand shown (a :class:`Hand`, duplicates allowed).
    :ivar rules: the rules used for the partition and card values.
    :ivar wild_rank: Indian Rummy's wild rank, or None.
    :ivar partition: the partition shown (the last result).
    :ivar shown_order: the hand positions in the order shown.
    :ivar slots: one VBox per position (tag, card picture, toggle).
    :ivar toggles: the toggle buttons, one per position.
    :ivar points: the HTML line with the deadwood points.
    :ivar order_toggle: the order control (hidden with ``show_order=False``).
    """

    selected = traitlets.Tuple()
    """Selected card positions, ascending."""
    marked = traitlets.Tuple()
    """Positions to mark (the hinted card), ascending."""
    order = traitlets.Unicode("melds")
    """``"melds"`` (melds together, then the sorted deadwood) or ``"dealt"``."""

    def __init__(
        self,
        cards: CardsLike = (),
        rules: RulesLike = "gin",
        *,
        wild_rank: int | None = None,
        partition: Partition | None = None,
        size: int | str = 60,
        selectable: bool = True,
        show_points: bool = True,
        show_order: bool = True,
        order: str = "melds",
        mark_label: str = "hint",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.size = size
        self.selectable = selectable
        self.mark_label = mark_label
        self.cards: Hand = Hand(())
        self.rules: Rules = get_rules(rules)
        self.wild_rank: int | None = wild_rank
        self.partition: Partition = best_partition((), self.rules)
        self.shown_order: list[int] = []
        self.slots: list[W.VBox] = []
        self.toggles: list[W.ToggleButton] = []
        self._tags: list[W.HTML] = []
        self._pictures: list[W.HTML] = []
        self._groups: list[W.VBox] = []
        self._group_rows: list[W.HBox] = []
        self._captions: list[W.HTML] = []
        self._syncing = False
        self._row = styled(
            W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="flex-end")), "rl-cards-row"
        )
        self._picture = styled(W.HTML(), "rl-hand-picture")
        self.points = styled(W.HTML(), "rl-hand-points")
        self.points.layout.display = None if show_points else "none"
        self.order_toggle = order_control(order)
        self.order_toggle.layout.display = None if show_order else "none"
        W.link((self.order_toggle, "value"), (self, "order"))
        self.children = [
            style_sheet(), self.order_toggle,
            self._row if selectable else self._picture, self.points,
        ]
        styled(self, "rl-hand", "rl-hand-widget", "rl-root")
        self.observe(self._on_selected_change, names=["selected", "marked", "order"])
        self.set_hand(cards, rules=self.rules, wild_rank=wild_rank, partition=partition)

    # ------------------------------------------------------------------ public
    @property
    def selected_cards(self) -> Hand:
        """The selected cards, in hand order."""
        return Hand(self.cards[i] for i in self.selected)

    def set_hand(
        self,
        cards: CardsLike,
        *,
        rules: RulesLike | None = None,
        wild_rank: int | None = None,
        partition: Partition | None = None,
        keep_selection: bool = False,
        marked: tuple[int, ...] = (),
    ) -> None:
        """Show another hand (and optionally other rules or a given partition).

        :param cards: the new hand.
        :param rules: new rules (None keeps the current ones).
        :param wild_rank: Indian Rummy's wild rank.
        :param partition: the partition to show; None asks the solver for the best one.
        :param keep_selection: keep selected positions that still exist.
        :param marked: positions to mark (see :attr:`marked`).
        :raises CardError: for malformed cards.
        """
        hand = clean_cards(cards)
        if rules is not None:
            self.rules = get_rules(rules)
        self.wild_rank = wild_rank
        self.cards = hand
        self.partition = (
            partition if partition is not None
            else best_partition(hand, self.rules, wild_rank=wild_rank)
        )
        if self.selectable:
            self._ensure_slots(len(hand))
        keep = tuple(i for i in self.selected if i < len(hand)) if keep_selection else ()
        marks = tuple(sorted(i for i in marked if 0 <= i < len(hand)))
        self._syncing = True
        try:
            self.selected = keep
            self.marked = marks
        finally:
            self._syncing = False
        self._render()

    def clear_selection(self) -> None:
        """Unselect every card."""
        self.selected = ()

    # ------------------------------------------------------------------ drawing
    def _ensure_slots(self, n: int) -> None:
        while len(self.slots) < n:
            i = len(self.slots)
            tag = styled(W.HTML(), "rl-hint-slot")
            picture = styled(W.HTML(), "rl-card-picture")
            toggle = styled(
                W.ToggleButton(value=False, layout=W.Layout(width="auto", min_width="44px",
                                                            height="28px", padding="0 4px")),
                "rl-card-toggle",
            )
            toggle.observe(self._on_toggle_change, names="value")
            toggle.position = i
            slot = styled(W.VBox([tag, picture, toggle], layout=W.Layout(
                align_items="center", margin="0 2px 0 0")), "rl-card-slot")
            self._tags.append(tag)
            self._pictures.append(picture)
            self.toggles.append(toggle)
            self.slots.append(slot)

    def _group_box(self, k: int) -> W.VBox:
        while len(self._groups) <= k:
            row = W.HBox(layout=W.Layout(align_items="flex-end"))
            caption = styled(W.HTML(), "rl-group-caption")
            self._group_rows.append(row)
            self._captions.append(caption)
            self._groups.append(styled(W.VBox([row, caption]), "rl-group"))
        return self._groups[k]

    def _set_group(self, k: int, slots: list[int], classes: set[str], caption: str) -> None:
        box = self._group_box(k)
        for c in [c for c in box._dom_classes if c.startswith("rl-") and c != "rl-group"]:
            if c not in classes:
                box.remove_class(c)
        for c in classes:
            box.add_class(c)
        self._group_rows[k].children = tuple(self.slots[p] for p in slots)
        self._captions[k].value = caption
        self._captions[k].layout.display = None if caption else "none"

    def _render(self) -> None:
        """Redraw from :attr:`cards`, :attr:`partition`, :attr:`order`, :attr:`selected`
        and :attr:`marked`."""
        hand, part = self.cards, self.partition
        self.shown_order = display_order(hand, part, self.order)
        self.points.value = self._points_html()
        if not self.selectable:
            self._picture.value = grouped_hand_html(
                hand, part, order=self.order, rules=self.rules, wild_rank=self.wild_rank,
                size=self.size) if hand else '<span class="rl-empty">no cards</span>'
            return
        in_meld = meld_positions(hand, part)
        chosen, marks = set(self.selected), set(self.marked)
        self._syncing = True
        try:
            for i, card in enumerate(hand):
                meld = in_meld.get(i)
                color = None if meld is None else MELD_COLORS[meld % len(MELD_COLORS)]
                self._pictures[i].value = card_svg(
                    card, size=self.size, highlight=color, deadwood=meld is None,
                    selected=i in chosen, wild_rank=self.wild_rank, index=i,
                )
                self._tags[i].value = (
                    f'<div class="rl-hint-tag">▼ {self.mark_label}</div>' if i in marks
                    else '<div class="rl-hint-tag rl-none">·</div>'
                )
                slot = self.slots[i]
                slot.add_class("rl-deadwood-card" if meld is None else "rl-in-meld")
                slot.remove_class("rl-in-meld" if meld is None else "rl-deadwood-card")
                if i in marks:
                    slot.add_class("rl-hinted")
                else:
                    slot.remove_class("rl-hinted")
                toggle = self.toggles[i]
                toggle.description = card.glyph
                toggle.tooltip = self.card_tooltip(card)
                toggle.value = i in chosen
        finally:
            self._syncing = False
        groups: list[tuple[list[int], set[str], str]] = []
        if self.order == "dealt":
            groups.append((self.shown_order, {"rl-plain"}, ""))
        else:
            indian = self.wild_rank is not None or self.rules.variant.value == "indian"
            start = 0
            for m_i, group in enumerate(part.melds):
                n = len(group.cards)
                classes = {f"rl-meld-color-{m_i % len(MELD_COLORS)}"}
                if not group.is_pure:
                    classes.add("rl-impure")
                groups.append((self.shown_order[start:start + n], classes,
                               meld_caption(group, indian)))
                start += n
            dead = self.shown_order[start:]
            if dead:
                spare = self._spare_positions(dead)
                dead = [i for i in dead if i not in spare] + spare  # the throw last
                self.shown_order = self.shown_order[:start] + dead
                word = "count" if self.rules.variant is Variant.INDIAN else "deadwood"
                thrown = " ".join(hand[i].glyph for i in spare)
                groups.append((dead, {"rl-deadwood-group"},
                               f"{word} {part.deadwood_points}"
                               + (f" + {thrown} to throw" if spare else "")))
        for k, (slots, classes, caption) in enumerate(groups):
            self._set_group(k, slots, classes, caption)
        row = tuple(self._groups[: len(groups)])
        if self._row.children != row:
            self._row.children = row

    def card_tooltip(self, card: Card) -> str:
        """The tooltip of a card's toggle (what a click does)."""
        return f"select {card.glyph}"

    def _spare_positions(self, dead: list[int]) -> list[int]:
        """Of the positions outside the melds, those the partition leaves out (the card to
        throw), counted card by card: two decks may hold a card twice."""
        left = list(self.partition.deadwood)
        spare = []
        for i in dead:
            if self.cards[i] in left:
                left.remove(self.cards[i])
            else:
                spare.append(i)
        return spare

    def _spare(self) -> int:
        """Cards the partition leaves out (one over the deal: the card to throw)."""
        return len(self.cards) - self.partition.melded_count - len(self.partition.deadwood)

    def _points_html(self) -> str:
        p = self.partition
        if not self.cards:
            return '<span class="rl-empty">no cards</span>'
        melded = p.melded_count
        indian = self.rules.variant is Variant.INDIAN
        word = "Count" if indian else "Deadwood"  # Indian Rummy's own word
        head = f"{word} once you throw the best card" if self._spare() == 1 else word
        held = self._held_note() if indian else ""
        return (
            f'<div data-deadwood-points="{p.deadwood_points}" style="font-size:14px;'
            f'color:{THEME["ink"]}">'
            f"{head}: <b>{p.deadwood_points}</b> point{'s' * (p.deadwood_points != 1)}"
            + (f" ({count_words(len(p.deadwood), 'card')})" if p.deadwood
               else " (every card melded)")
            + (f" · {count_words(len(p.melds), 'meld')} holding "
               f"{count_words(melded, 'card')}" if p.melds else "")
            + (f" · {escape(held)}" if held else "" if p.melds else " · no melds yet")
            + "</div>"
        )

    def _held_note(self) -> str:
        """Indian Rummy: the melds held that still count (the count tiers), in the
        engine's words (:func:`rummy_lab.indian.count_note`), for the hand without the
        card the partition leaves to throw."""
        p = self.partition
        kept = [*(c for m in p.melds for c in m.cards), *p.deadwood]
        return glyph_text(count_note(kept, wild_rank=self.wild_rank, rules=self.rules))

    @traitlets.validate("selected", "marked")
    def _check_selected(self, proposal: dict[str, Any]) -> tuple[int, ...]:
        value = tuple(sorted(set(proposal["value"])))
        bad = [i for i in value if isinstance(i, bool) or not isinstance(i, int)
               or not 0 <= i < len(self.cards)]
        if bad:
            raise traitlets.TraitError(
                f"{proposal['trait'].name} positions must be 0..{len(self.cards) - 1}, "
                f"got {bad}"
            )
        return value

    @traitlets.validate("order")
    def _check_order(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in HAND_ORDERS:
            raise traitlets.TraitError(
                f"order must be one of {', '.join(HAND_ORDERS)}, got {proposal['value']!r}")
        return str(proposal["value"])

    # ------------------------------------------------------------------ handlers
    def _on_toggle_change(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        pos = change["owner"].position
        chosen = set(self.selected)
        if change["new"]:
            chosen.add(pos)
        else:
            chosen.discard(pos)
        self.selected = tuple(sorted(chosen))

    def _on_selected_change(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._render()
