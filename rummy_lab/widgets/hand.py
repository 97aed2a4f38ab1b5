"""HandView: a hand as playing cards, its best melds outlined, deadwood faded, cards selectable.

Why: the picture a learner checks first is "which of my cards are already melds, and what
is left"; a toggle under each card lets other widgets ask "which cards do you mean?"
(discard this, meld these) without any custom JavaScript.

>>> view = HandView("7S 7H 7D 4C 5C 6C 7C KD QH 2S")
>>> view.partition.deadwood_points, len(view.toggles)
(22, 10)
>>> view.toggles[7].value = True
>>> view.selected, view.selected_cards
((7,), (Card('KD'),))
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W
import traitlets

from ..engine.cards import CardsLike, Hand, clean_cards
from ..engine.display import MELD_COLORS, card_svg
from ..engine.rules import Rules, RulesLike, get_rules
from ..engine.solver import Partition, best_partition
from ..viz.game import meld_positions
from ._common import styled

__all__ = ["HandView"]


class HandView(W.VBox):  # type: ignore[misc]
    """A hand of playing cards with its optimal partition, and a toggle under each card.

    The melds of the partition (the solver's best, unless one is given) are outlined in
    distinct colours, deadwood cards are faded, and a line underneath gives the deadwood
    points. Cards are selected with the toggle buttons under them; :attr:`selected` (a
    trait, so other widgets can ``observe`` it) holds the selected positions.

    CSS hooks: the widget ``rl-hand rl-hand-widget``; each card slot ``rl-card-slot`` plus
    ``rl-in-meld`` or ``rl-deadwood-card``; toggles ``rl-card-toggle``; the points line
    ``rl-hand-points``. (The card pictures inside carry the engine's own classes,
    ``svg.rl-card``, ``rl-highlight``, ``rl-dim``, ``rl-selected``.)

    :ivar cards: the hand shown (a :class:`Hand`, duplicates allowed).
    :ivar rules: the rules used for the partition and card values.
    :ivar wild_rank: Indian Rummy's wild rank, or None.
    :ivar partition: the partition shown (the last result).
    :ivar slots: one VBox per card (card picture + toggle).
    :ivar toggles: the toggle buttons, one per card.
    :ivar points: the HTML line with the deadwood points.
    """

    selected = traitlets.Tuple()
    """Selected card positions, ascending."""

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
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.size = size
        self.selectable = selectable
        self.cards: Hand = Hand(())
        self.rules: Rules = get_rules(rules)
        self.wild_rank: int | None = wild_rank
        self.partition: Partition = best_partition((), self.rules)
        self.slots: list[W.VBox] = []
        self.toggles: list[W.ToggleButton] = []
        self._pictures: list[W.HTML] = []
        self._syncing = False
        self._row = styled(
            W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="flex-end")), "rl-cards-row"
        )
        self.points = styled(W.HTML(), "rl-hand-points")
        self.points.layout.display = None if show_points else "none"
        self.children = [self._row, self.points]
        styled(self, "rl-hand", "rl-hand-widget")
        self.observe(self._on_selected_change, names="selected")
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
    ) -> None:
        """Show another hand (and optionally other rules or a given partition).

        :param cards: the new hand.
        :param rules: new rules (None keeps the current ones).
        :param wild_rank: Indian Rummy's wild rank.
        :param partition: the partition to show; None asks the solver for the best one.
        :param keep_selection: keep selected positions that still exist.
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
        self._ensure_slots(len(hand))
        keep = tuple(i for i in self.selected if i < len(hand)) if keep_selection else ()
        if keep != self.selected:
            self.selected = keep  # observer renders
        else:
            self._render()

    def clear_selection(self) -> None:
        """Unselect every card."""
        self.selected = ()

    # ------------------------------------------------------------------ drawing
    def _ensure_slots(self, n: int) -> None:
        while len(self.slots) < n:
            i = len(self.slots)
            picture = styled(W.HTML(), "rl-card-picture")
            toggle = styled(
                W.ToggleButton(value=False, layout=W.Layout(width="auto", min_width="40px",
                                                            height="26px", padding="0 4px")),
                "rl-card-toggle",
            )
            toggle.observe(self._on_toggle_change, names="value")
            toggle.position = i
            slot = styled(W.VBox([picture, toggle], layout=W.Layout(
                align_items="center", margin="0 3px 0 0")), "rl-card-slot")
            self._pictures.append(picture)
            self.toggles.append(toggle)
            self.slots.append(slot)
        if len(self._row.children) != n:
            self._row.children = tuple(self.slots[:n])

    def _render(self) -> None:
        """Redraw every card from :attr:`cards`, :attr:`partition` and :attr:`selected`."""
        hand = self.cards
        in_meld = meld_positions(hand, self.partition)
        chosen = set(self.selected)
        self._syncing = True
        try:
            for i, card in enumerate(hand):
                meld = in_meld.get(i)
                color = None if meld is None else MELD_COLORS[meld % len(MELD_COLORS)]
                self._pictures[i].value = card_svg(
                    card, size=self.size, highlight=color, dim=meld is None,
                    selected=i in chosen, wild_rank=self.wild_rank, index=i,
                )
                slot = self.slots[i]
                if meld is None:
                    slot.remove_class("rl-in-meld")
                    slot.add_class("rl-deadwood-card")
                else:
                    slot.remove_class("rl-deadwood-card")
                    slot.add_class("rl-in-meld")
                toggle = self.toggles[i]
                toggle.description = card.glyph
                toggle.tooltip = f"select {card.glyph}"
                toggle.value = i in chosen
                toggle.disabled = not self.selectable
                toggle.layout.display = None if self.selectable else "none"
                toggle.button_style = "info" if i in chosen else ""
        finally:
            self._syncing = False
        self.points.value = self._points_html()

    def _points_html(self) -> str:
        p = self.partition
        if not self.cards:
            return '<span class="rl-empty">no cards</span>'
        melds = " ".join(
            f'<span style="border:2px solid {MELD_COLORS[i % len(MELD_COLORS)]};'
            f'border-radius:4px;padding:0 3px;margin-right:4px">{m}</span>'
            for i, m in enumerate(p.melds)
        )
        dead = " ".join(c.code for c in p.deadwood)
        return (
            f'<div data-deadwood-points="{p.deadwood_points}" style="font-size:14px">'
            f"Deadwood: <b>{p.deadwood_points}</b> point{'s' * (p.deadwood_points != 1)}"
            + (f" ({dead})" if dead else " (every card melded)")
            + (f"<br>Melds: {melds}" if melds else "<br>No melds yet")
            + "</div>"
        )

    @traitlets.validate("selected")
    def _check_selected(self, proposal: dict[str, Any]) -> tuple[int, ...]:
        value = tuple(sorted(set(proposal["value"])))
        bad = [i for i in value if isinstance(i, bool) or not isinstance(i, int)
               or not 0 <= i < len(self.cards)]
        if bad:
            raise traitlets.TraitError(
                f"selected positions must be 0..{len(self.cards) - 1}, got {bad}"
            )
        return value

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
        self._render()
