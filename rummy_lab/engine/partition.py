"""A partition of a hand: its melds, its deadwood and the deadwood's points.

The solver's answer (:mod:`.solver`); kept in its own module so that every layer of the
search can build one.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, rich_display
from .melds import Meld
from .rules import RulesLike, get_rules


@dataclass(frozen=True)
class Partition:
    """A split of a hand into disjoint valid melds plus deadwood.

    :ivar melds: the melds, sets and runs.
    :ivar deadwood: the cards left over (for Indian Rummy: the cards that count).
    :ivar deadwood_points: their point total under the rules.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand: the melds' cards, then the deadwood."""
        return tuple(c for m in self.melds for c in m.cards) + self.deadwood

    @property
    def melded_count(self) -> int:
        """Number of cards in melds."""
        return sum(len(m.cards) for m in self.melds)

    @property
    def is_complete(self) -> bool:
        """True when every card is in a meld (gin, going out, a full declaration)."""
        return not self.deadwood

    def _key(self) -> tuple[object, ...]:
        return (
            tuple(sorted((m.kind, tuple(sorted(m.cards))) for m in self.melds)),
            tuple(sorted(self.deadwood)),
        )

    def __str__(self) -> str:
        parts = ["[" + " ".join(c.code for c in m.cards) + "]" for m in self.melds]
        if self.deadwood:
            parts.append("deadwood " + " ".join(c.code for c in self.deadwood))
        parts.append(f"= {self.deadwood_points}")
        return " ".join(parts)

    def explain(self, rules: RulesLike = "gin", *, wild_rank: int | None = None) -> list[str]:
        """One line per meld and one for the deadwood sum, for learners."""
        r = get_rules(rules)
        lines = [m.describe(wild_rank) for m in self.melds]
        if self.deadwood:
            terms = " + ".join(
                f"{c.code}({r.card_value(c, wild_rank)})" for c in self.deadwood
            )
            lines.append(f"deadwood: {terms} = {self.deadwood_points}")
        else:
            lines.append("no deadwood: every card is melded")
        return lines

    def _repr_html_(self) -> str | None:
        return rich_display(self)


