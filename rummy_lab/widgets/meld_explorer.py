"""MeldExplorer: build a hand, see every optimal partition, turn the rule knobs.

Why: "why is this my best arrangement, and would it change under other rules?" is the
question behind every meld lesson. The learner types cards or clicks them in a 4 x 13
picker, steps through tied optimal partitions, and switches the variant, the ace rule or
Indian Rummy's wild rank to watch the answer move. The hand is drawn once, melds first;
under Indian rules a note computed by the engine says why melds the hand holds may still
count as deadwood (a set counts only with two sequences, one of them pure) and whether
the hand could be declared.

>>> ex = MeldExplorer("5S 6S 7S 6H 6D")
>>> len(ex.partitions), ex.partition.deadwood_points
(2, 12)
>>> ex.next_button.click(); ex.tie_index
1
>>> ex.text.value = "7S 8S 9S KD"
>>> ex.partition.deadwood_points, ex.counts[ex.cards[0]]
(10, 1)
>>> ex.text.value = "7S 7X"
>>> ex.status.value.count("7X") > 0, ex.cards.codes  # a bad token keeps the last hand
(True, '7S 8S 9S KD')
>>> ex.set_cards("6S 6H 6D KS KH KD 2C 3C 4C 9D 10D 5H 8C"); ex.preset.value = "indian"
>>> "second sequence" in ex.note
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from ..display import THEME, count_words, glyph_text, grouped_hand_html
from ..engine.cards import SUITS, Card, CardsLike, Hand, clean_cards, format_cards
from ..engine.errors import CardError
from ..engine.rules import Rules, RulesLike, Variant, get_rules
from ..engine.scoring.indian import check_declaration, count_note
from ..engine.solver import Partition, all_best_partitions, deadwood
from ._common import RANK_OPTIONS, RULE_PRESETS, html_list, set_status, style_sheet, styled
from .hand import order_control

__all__ = ["COMPARE_PRESETS", "MeldExplorer"]

COMPARE_PRESETS: tuple[str, ...] = ("basic", "gin", "500", "indian")
"""Presets whose deadwood the explorer lists side by side."""

_ACE_OPTIONS = [("ace low (A-2-3)", "low"), ("ace high or low (Q-K-A too)", "high_or_low")]


class MeldExplorer(W.VBox):  # type: ignore[misc]
    """Type or click a hand; see each optimal partition with reasons, under chosen rules.

    Controls: a text box (``rl-cards-input``), a 4 x 13 card picker (``rl-picker``; each
    click adds a copy of the card up to the deck count, then clears it), the rules preset,
    the ace rule, the wild rank (Indian Rummy), the deck count of the picker and buttons to
    step through tied partitions. Output: the hand, drawn once: the melds of the partition
    together (or the cards as typed, melds outlined in place), one line of explanation
    per meld and for the deadwood sum, under Indian rules a note on the count tiers and
    the declaration, and the deadwood under other presets.

    Typed input is checked by the engine's parser; a bad token is shown in the status line
    (``rl-status``) and the last good hand stays.

    :ivar cards: the current hand.
    :ivar rules: the rules in force (preset plus the ace knob).
    :ivar wild_rank: the wild rank (None unless chosen).
    :ivar partitions: every optimal partition (the last result).
    :ivar tie_index: which of them is shown.
    :ivar counts: card -> copies in the hand (what the picker shows).
    :ivar explanation: the shown partition's explanation lines.
    :ivar note: under Indian rules, why held melds count as deadwood and whether the hand
        can be declared (from :func:`rummy_lab.indian.count_note` and
        :func:`rummy_lab.indian.check_declaration`); else empty.
    :ivar comparison: preset -> deadwood of the hand under it (``None`` when that
        preset's deck does not hold the cards).
    :ivar order: the layout control (melds first or as typed).
    """

    def __init__(
        self,
        cards: CardsLike = "7S 7H 7D 4C 5C 6C 7C KD QH 2S",
        rules: RulesLike = "gin",
        *,
        wild_rank: int | None = None,
        max_partitions: int = 50,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        base = get_rules(rules)
        self.max_partitions = max_partitions
        self.cards: Hand = clean_cards(cards)
        self.rules: Rules = base
        self.wild_rank: int | None = wild_rank
        self.partitions: list[Partition] = []
        self.tie_index = 0
        self.explanation: list[str] = []
        self.note = ""
        self.comparison: dict[str, int | None] = {}
        self._syncing = False

        preset = base.name if base.name in RULE_PRESETS else "gin"
        self.text = styled(
            W.Text(value=format_cards(self.cards), description="Cards",
                   placeholder="e.g. 7S 8S 9S KD", continuous_update=False,
                   layout=W.Layout(width="560px")),
            "rl-cards-input",
        )
        self.preset = styled(W.Dropdown(options=list(RULE_PRESETS), value=preset,
                                        description="Rules", layout=W.Layout(width="280px")),
                             "rl-preset")
        self.ace = styled(W.Dropdown(options=_ACE_OPTIONS, value=base.ace, description="Ace",
                                     layout=W.Layout(width="320px")), "rl-ace")
        self.wild = styled(W.Dropdown(options=RANK_OPTIONS, value=wild_rank or 0,
                                      description="Wild rank", layout=W.Layout(width="200px")),
                           "rl-wild")
        self.decks = styled(W.Dropdown(options=[1, 2], value=base.decks_for(base.max_players),
                                       description="Decks", layout=W.Layout(width="160px")),
                            "rl-decks")
        self.order = order_control()
        self.clear_button = styled(W.Button(description="Clear hand", icon="trash"),
                                   "rl-clear-button")
        self.prev_button = styled(W.Button(description="◀ previous", layout=W.Layout(
            width="110px")), "rl-prev-button")
        self.next_button = styled(W.Button(description="next ▶", layout=W.Layout(
            width="110px")), "rl-next-button")
        self.tie_label = styled(W.HTML(), "rl-tie-label")
        self.status = styled(W.HTML(), "rl-status")
        self.partition_view = styled(W.HTML(), "rl-partition-view")
        self.note_view = styled(W.HTML(), "rl-indian-note")
        self.compare_view = styled(W.HTML(), "rl-compare")
        self.picker_buttons: dict[Card, W.Button] = {}
        self.picker = styled(self._build_picker(), "rl-picker")

        self.text.observe(self._on_text_change, names="value")
        self.preset.observe(self._on_preset_change, names="value")
        self.ace.observe(self._on_ace_change, names="value")
        self.wild.observe(self._on_wild_change, names="value")
        self.decks.observe(self._on_decks_change, names="value")
        self.order.observe(self._on_order_change, names="value")
        self.clear_button.on_click(self._on_clear_click)
        self.prev_button.on_click(self._on_prev_click)
        self.next_button.on_click(self._on_next_click)

        self.children = [
            style_sheet(),
            W.HBox([self.text, self.clear_button]),
            W.HBox([self.preset, self.ace, self.wild, self.decks],
                   layout=W.Layout(flex_flow="row wrap")),
            self.picker,
            self.status,
            W.HBox([self.prev_button, self.tie_label, self.next_button, self.order],
                   layout=W.Layout(align_items="center", flex_flow="row wrap")),
            self.partition_view,
            self.note_view,
            self.compare_view,
        ]
        styled(self, "rl-meld-explorer", "rl-root")
        self._solve()
        self._render()

    # ------------------------------------------------------------------ results
    @property
    def partition(self) -> Partition:
        """The partition shown (one of :attr:`partitions`)."""
        return self.partitions[self.tie_index]

    @property
    def counts(self) -> dict[Card, int]:
        """Copies of each card in the hand."""
        out: dict[Card, int] = {}
        for c in self.cards:
            out[c] = out.get(c, 0) + 1
        return out

    def set_cards(self, cards: CardsLike) -> None:
        """Show another hand (as if typed).

        :raises CardError: for malformed cards.
        """
        self.cards = clean_cards(cards)
        self._sync_text()
        self._solve()
        self._render()

    # ------------------------------------------------------------------ building
    def _build_picker(self) -> W.VBox:
        rows = []
        for suit in SUITS:
            buttons = []
            for rank in range(1, 14):
                card = Card(rank, suit)
                b = W.Button(description=card.glyph, tooltip=f"add {card.glyph}",
                             layout=W.Layout(width="46px", height="28px", padding="0"))
                b.card = card
                b.on_click(self._on_pick_click)
                styled(b, "rl-pick", f"rl-pick-{card.code}")
                self.picker_buttons[card] = b
                buttons.append(b)
            rows.append(W.HBox(buttons))
        joker = Card(0, None)
        jb = W.Button(description="JK", tooltip="add a printed joker",
                      layout=W.Layout(width="46px", height="28px", padding="0"))
        jb.card = joker
        jb.on_click(self._on_pick_click)
        styled(jb, "rl-pick", "rl-pick-JK")
        self.picker_buttons[joker] = jb
        rows.append(W.HBox([jb, W.HTML(
            f'<span style="font-size:13px;color:{THEME["ink"]}">&nbsp;click a card to add a '
            "copy; click again at the deck's limit to remove it</span>")]))
        return W.VBox(rows)

    # ------------------------------------------------------------------ engine calls
    def _compose_rules(self) -> Rules:
        base = get_rules(self.preset.value)
        if self.ace.value != base.ace:
            return base.replace(ace=self.ace.value)
        return base

    def _solve(self) -> None:
        self.partitions = all_best_partitions(
            self.cards, self.rules, wild_rank=self.wild_rank, limit=self.max_partitions
        )
        self.tie_index = 0
        self.comparison = {}
        for name in COMPARE_PRESETS:
            r = get_rules(name)
            wild = self.wild_rank if r.wild_joker else None
            try:
                self.comparison[name] = deadwood(self.cards, r, wild_rank=wild)
            except CardError:  # a joker or a second copy that deck does not have
                self.comparison[name] = None

    def _copies_allowed(self, card: Card) -> int:
        if card.is_joker:
            return self.rules.printed_jokers
        return min(int(self.decks.value), self.rules.max_copies)

    def _fit_to_deck(self) -> list[Card]:
        """Take out of the hand the cards the current rules' deck does not hold."""
        kept: list[Card] = []
        dropped: list[Card] = []
        seen: dict[Card, int] = {}
        for c in self.cards:
            seen[c] = seen.get(c, 0) + 1
            (kept if seen[c] <= self._copies_allowed(c) else dropped).append(c)
        self.cards = Hand(kept)
        return dropped

    # ------------------------------------------------------------------ drawing
    def _sync_text(self) -> None:
        self._syncing = True
        try:
            self.text.value = format_cards(self.cards)
        finally:
            self._syncing = False

    def _render(self) -> None:
        """Redraw picker, hand, partition, tie stepper and comparison from the state."""
        counts = self.counts
        for card, b in self.picker_buttons.items():
            k = counts.get(card, 0)
            text = card.glyph if card.suit is not None else "JK"
            b.description = text if k <= 1 else f"{text}×{k}"
            b.button_style = "" if k == 0 else "primary"
            b.tooltip = f"add {text}" if k < self._copies_allowed(card) else f"remove {text}"
        self.wild.disabled = not self.rules.wild_joker
        self.picker_buttons[Card(0, None)].disabled = self.rules.printed_jokers == 0
        p = self.partition
        n = len(self.partitions)
        self.tie_label.value = (
            f'<span style="padding:0 8px;color:{THEME["ink"]}">best arrangement '
            f"<b>{self.tie_index + 1}</b> of {n}{'+' if n >= self.max_partitions else ''}"
            "</span>"
        )
        self.prev_button.disabled = self.tie_index == 0
        self.next_button.disabled = self.tie_index >= n - 1
        self.explanation = p.explain(self.rules, wild_rank=self.wild_rank)
        points = (
            f"Deadwood: <b>{p.deadwood_points}</b> point{'s' * (p.deadwood_points != 1)} "
            f"({count_words(len(p.deadwood), 'card')})" if p.deadwood
            else "No deadwood: every card is melded (<b>0</b> points)"
        )
        hand = (grouped_hand_html(self.cards, p, order=self.order.value, rules=self.rules,
                                  wild_rank=self.wild_rank, size=52)
                if self.cards else "<i>no cards: type some or click the picker</i>")
        self.partition_view.value = (
            f'<div class="rl-partition" data-deadwood-points="{p.deadwood_points}" '
            f'data-meld-count="{len(p.melds)}" style="color:{THEME["ink"]}">{hand}'
            f'<div class="rl-points" style="margin-top:4px;font-size:14px">{points}</div>'
            + html_list(self.explanation, "rl-explanation") + "</div>"
        )
        self.note = self._indian_note()
        self.note_view.value = (
            f'<div class="rl-panel">{escape(self.note)}</div>' if self.note else "")
        cells = " · ".join(
            f"<b>{escape(name)}</b>: {'not its deck' if pts is None else pts}"
            for name, pts in self.comparison.items()
        )
        wild_note = (
            f" (wild rank {RANK_OPTIONS[self.wild_rank][0]})" if self.wild_rank else ""
        )
        self.compare_view.value = (
            f'<div style="font-size:13px;color:{THEME["ink"]}">Deadwood of this hand under '
            f"other rules{escape(wild_note)}: {cells}</div>"
        )

    def _indian_note(self) -> str:
        """The count tiers and the declaration, in the engine's words (Indian rules only)."""
        r = self.rules
        if r.variant is not Variant.INDIAN or not self.cards:
            return ""
        parts = []
        held = count_note(self.cards, wild_rank=self.wild_rank, rules=r)
        if held:
            parts.append(held[:1].upper() + held[1:] + ".")
        if self.wild_rank is not None and len(self.cards) == r.hand_size:
            verdict = check_declaration(self.cards, wild_rank=self.wild_rank, rules=r)
            parts.append("Declaring this hand: valid." if verdict.valid
                         else f"Declaring this hand: not valid: {verdict.reason}.")
        return glyph_text(" ".join(parts))

    # ------------------------------------------------------------------ handlers
    def _on_text_change(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        try:
            cards = clean_cards(change["new"])
            self.rules.check_cards(cards)
        except CardError as err:
            set_status(self.status, str(err), error=True)
            return
        set_status(self.status)
        self.cards = cards
        self._solve()
        self._render()

    def _on_pick_click(self, button: W.Button) -> None:
        card: Card = button.card
        k = self.counts.get(card, 0)
        cards = list(self.cards)
        if k < self._copies_allowed(card):
            cards.append(card)
        else:
            cards = [c for c in cards if c != card]
        self.cards = Hand(cards)
        set_status(self.status)
        self._sync_text()
        self._solve()
        self._render()

    def _on_clear_click(self, _: W.Button) -> None:
        self.cards = Hand(())
        set_status(self.status)
        self._sync_text()
        self._solve()
        self._render()

    def _on_preset_change(self, change: dict[str, Any]) -> None:
        base = get_rules(change["new"])
        self._syncing = True
        try:
            self.ace.value = base.ace
            self.decks.value = base.decks_for(base.max_players)
            if not base.wild_joker:
                self.wild.value = 0
        finally:
            self._syncing = False
        self.rules = self._compose_rules()
        self.wild_rank = (self.wild.value or None) if self.rules.wild_joker else None
        dropped = self._fit_to_deck()
        if dropped:
            set_status(self.status, f"not in the {self.rules.name} deck, taken out of the "
                       f"hand: {format_cards(dropped)}", error=True)
            self._sync_text()
        self._solve()
        self._render()

    def _on_ace_change(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self.rules = self._compose_rules()
        self._solve()
        self._render()

    def _on_wild_change(self, change: dict[str, Any]) -> None:
        if self._syncing or not self.rules.wild_joker:
            return
        self.wild_rank = change["new"] or None
        self._solve()
        self._render()

    def _on_decks_change(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self._render()

    def _on_order_change(self, _: dict[str, Any]) -> None:
        self._render()

    def _on_prev_click(self, _: W.Button) -> None:
        if self.tie_index > 0:
            self.tie_index -= 1
            self._render()

    def _on_next_click(self, _: W.Button) -> None:
        if self.tie_index < len(self.partitions) - 1:
            self.tie_index += 1
            self._render()
