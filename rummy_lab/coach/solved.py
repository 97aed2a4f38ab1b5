"""The solver's answers the coach asks for again and again, memoised by hand.

The coach's policies, estimates and principles solve the same hands many times in one
evaluation (every move, every deal); these wrappers keep the answers (up to 50,000 of
them, then start afresh). They return exactly what :mod:`rummy_lab.engine.solver` does.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.rules import Rules
from ..engine.solver import Partition
from ..engine.solver import best_discard as _best_discard
from ..engine.solver import best_partition as _best_partition
from ..engine.solver import deadwood as _deadwood
from ..engine.state import GameState, PlayerView

__all__ = ["best_discard", "best_partition", "deadwood", "free_rules", "wild_rank"]

_MEMO: dict[tuple[object, ...], object] = {}


def _memo(key: tuple[object, ...], make: object) -> object:
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) > 50_000:
            _MEMO.clear()
        got = _MEMO[key] = make()  # type: ignore[operator]
    return got


def deadwood(hand: Sequence[Card], rules: Rules, *, wild_rank: int | None = None) -> int:
    """:func:`rummy_lab.engine.solver.deadwood`, memoised by hand."""
    key = ("d", tuple(sorted(hand)), rules, wild_rank)
    out = _memo(key, lambda: _deadwood(list(hand), rules, wild_rank=wild_rank))
    assert isinstance(out, int)
    return out


def best_partition(hand: Sequence[Card], rules: Rules, *, wild_rank: int | None = None
                   ) -> Partition:
    """:func:`rummy_lab.engine.solver.best_partition`, memoised by hand."""
    key = ("p", tuple(sorted(hand)), rules, wild_rank)
    out = _memo(key, lambda: _best_partition(list(hand), rules, wild_rank=wild_rank))
    assert isinstance(out, Partition)
    return out


def best_discard(hand: Sequence[Card], rules: Rules, *, wild_rank: int | None = None,
                 exclude: Sequence[Card] = ()) -> tuple[Card, Partition]:
    """:func:`rummy_lab.engine.solver.best_discard`, memoised by hand."""
    key = ("b", tuple(sorted(hand)), rules, wild_rank, tuple(sorted(exclude)))
    got = _MEMO.get(key)
    if got is None:
        card, part = _best_discard(list(hand), rules, wild_rank=wild_rank,
                                   exclude=tuple(exclude))
        got = _memo(key, lambda: (card, part))
        # the hand left is solved too: its partition and deadwood for later look-ups
        rest = list(hand)
        rest.remove(card)
        after = tuple(sorted(rest))
        _memo(("p", after, rules, wild_rank), lambda: part)
        _memo(("d", after, rules, wild_rank), lambda: part.deadwood_points)
    return got  # type: ignore[return-value]


def wild_rank(view_or_state: PlayerView | GameState) -> int | None:
    """Indian Rummy's wild rank (``None`` elsewhere)."""
    card = view_or_state.wild_card
    if card is None:
        return None
    return 1 if card.is_joker else card.rank



def free_rules(rules: Rules) -> Rules:
    """Indian rules without the declaration's sequence requirement (melds as melds)."""
    got = _FREE.get(rules)
    if got is None:
        got = _FREE[rules] = rules.replace(min_sequences=0, min_pure_sequences=0)
    return got


_FREE: dict[Rules, Rules] = {}

