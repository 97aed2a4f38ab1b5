"""Indian Rummy: checking a declaration and counting a losing hand.

A declaration shows 13 cards, all in melds, with at least two sequences (runs) of which at
least one is pure. Losers count their cards on their best arrangement: without a pure
sequence every card counts; with a pure sequence but no second sequence only that pure
sequence is excluded; otherwise every meld is excluded. The count is capped at 80.

>>> d = check_declaration("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH KS QS QH JH", wild_rank=7)
>>> d.valid, d.reason
(False, 'a declaration shows 13 cards, got 15')
>>> d = check_declaration("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH KS 8S", wild_rank=8)
>>> d.valid
True
>>> check_declaration("5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS", wild_rank=8).reason
'no pure sequence: 5H 6H JK is impure because JK stands in for 7H;
 also 3S QS 2C 4C are not part of any meld'
>>> count_points("5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS", wild_rank=8)
80
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .engine.cards import SUITS, Card, CardsLike, Hand, clean_cards
from .engine.errors import CardError
from .engine.melds import Meld, _check_wild_rank, classify_meld
from .engine.rules import Rules, RulesLike, Variant, get_rules
from .engine.solver import Partition, best_partition

__all__ = ["Declaration", "check_declaration", "count_points", "wild_rank_of"]


def _indian_rules(rules: RulesLike) -> Rules:
    r = get_rules(rules)
    if r.variant is not Variant.INDIAN:
        raise ValueError(f"Indian Rummy functions need Indian rules, got {r.name!r}")
    return r


def wild_rank_of(card: Card | str) -> int:
    """The wild-joker rank set by the card turned under the stock (a printed joker: aces).

    >>> wild_rank_of("7D"), wild_rank_of("JK")
    (7, 1)
    """
    c = Card.parse(card) if isinstance(card, str) else card
    return 1 if c.is_joker else c.rank


@dataclass(frozen=True)
class Declaration:
    """The verdict on a declaration.

    :ivar valid: True when the hand may be declared.
    :ivar reason: a sentence explaining what is wrong (empty when valid).
    :ivar partition: the arrangement checked (the best one found when none was given).
    """

    valid: bool
    reason: str
    partition: Partition

    def __bool__(self) -> bool:
        return self.valid


def _free_rules(r: Rules) -> Rules:
    return r.replace(min_sequences=0, min_pure_sequences=0)


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def _impure_note(m: Meld, wild_rank: int) -> str:
    jokers = [c for c in m.cards if c.is_joker or c.rank == wild_rank]
    if m.stands_for and jokers:
        pairs = ", ".join(
            f"{j.code} stands in for {s.code}" for j, s in zip(jokers, m.stands_for, strict=False)
        )
        return f"{_codes(m.cards)} is impure because {pairs}"
    return f"{_codes(m.cards)} is impure because it uses a joker"


def _leftover_hints(cards: Sequence[Card], wild_rank: int) -> list[str]:
    """Explain near-misses a learner often makes among unmelded cards."""
    hints = []
    naturals = [c for c in cards if not c.is_joker and c.rank != wild_rank]
    by_rank: dict[int, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
    for group in by_rank.values():
        suits = [c.suit for c in group]
        if len(group) >= 2 and len(set(suits)) < len(suits):
            hints.append(f"{_codes(group)} cannot be a set: a set needs different suits")
    for s in SUITS:
        have = {c.rank for c in naturals if c.suit is s}
        if {13, 1, 2} <= have:
            hints.append(
                f"K{s.value} A{s.value} 2{s.value} is not a sequence: "
                "the ace is high or low, never both"
            )
    return hints


def _check_groups(
    groups: Sequence[Sequence[Card]], r: Rules, wild_rank: int
) -> Declaration:
    melds: list[Meld] = []
    problems: list[str] = []
    for g in groups:
        m = classify_meld(Hand(g), r, wild_rank=wild_rank)
        if m is None:
            hint = _leftover_hints(g, wild_rank)
            extra = f" ({hint[0]})" if hint else ""
            problems.append(f"{_codes(g)} is not a valid set or sequence{extra}")
        else:
            melds.append(m)
    cards = tuple(c for g in groups for c in g)
    part = Partition(tuple(melds), (), 0)
    if len(cards) != r.hand_size:
        return Declaration(False, f"a declaration shows {r.hand_size} cards, got {len(cards)}",
                           part)
    if problems:
        return Declaration(False, "; ".join(problems), part)
    return _judge_complete(part, r, wild_rank)


def _judge_complete(part: Partition, r: Rules, wild_rank: int) -> Declaration:
    runs = [m for m in part.melds if m.kind == "run"]
    pure = [m for m in runs if m.is_pure]
    if len(pure) < r.min_pure_sequences:
        notes = [_impure_note(m, wild_rank) for m in runs]
        reason = "no pure sequence"
        if notes:
            reason += ": " + "; ".join(notes)
        return Declaration(False, reason, part)
    if len(runs) < r.min_sequences:
        have = ", ".join(_codes(m.cards) for m in runs) or "none"
        return Declaration(
            False,
            f"only {len(runs)} sequence ({have}); a declaration needs {r.min_sequences} "
            f"sequences, {r.min_pure_sequences} of them pure",
            part,
        )
    return Declaration(True, "", part)


def check_declaration(
    cards: CardsLike | Sequence[CardsLike],
    *,
    wild_rank: int,
    rules: RulesLike = "indian",
) -> Declaration:
    """Check whether a hand may be declared, and say why not in words a learner understands.

    ``cards`` is the 13 shown cards (the finish card already discarded). Give them as
    one string/iterable to let the engine find the best arrangement, or as groups
    (``"2C 3C 4C | 5H 6H JK | ..."`` or a list of card lists) to check a declared
    arrangement as laid out.

    >>> check_declaration("2C 3C 4C | 7S 7S 7H | 5H 6H JK | 9S 9D 9C 8S", wild_rank=8).reason
    '7S 7S 7H is not a valid set or sequence
    (7S 7S 7H cannot be a set: a set needs different suits)'

    :raises CardError: for malformed cards. :raises ValueError: for a bad wild rank/rules.
    """
    _check_wild_rank(wild_rank)
    if wild_rank is None:
        raise ValueError("wild_rank is required for Indian Rummy (1..13)")
    r = _indian_rules(rules)
    if isinstance(cards, str) and "|" in cards:
        groups = [clean_cards(part) for part in cards.split("|")]
        return _check_groups(groups, r, wild_rank)
    if (
        not isinstance(cards, str | Card)
        and isinstance(cards, Sequence)
        and cards
        and all(not isinstance(g, str | Card) for g in cards)
    ):
        groups = [clean_cards(g) for g in cards]
        return _check_groups(groups, r, wild_rank)
    hand = clean_cards(cards)  # type: ignore[arg-type]
    if len(hand) != r.hand_size:
        return Declaration(
            False,
            f"a declaration shows {r.hand_size} cards, got {len(hand)}",
            Partition((), tuple(hand), 0),
        )
    p = best_partition(hand, r, wild_rank=wild_rank)
    if not p.deadwood and p.melds:
        return _judge_complete(p, r, wild_rank)
    # Not declarable: explain from the arrangement that melds the most.
    free = best_partition(hand, _free_rules(r), wild_rank=wild_rank)
    if not free.deadwood:
        verdict = _judge_complete(free, r, wild_rank)
        if not verdict.valid:
            return Declaration(False, verdict.reason, p)
    runs = [m for m in free.melds if m.kind == "run"]
    pure = [m for m in runs if m.is_pure]
    parts = []
    if not pure:
        notes = [_impure_note(m, wild_rank) for m in runs]
        parts.append("no pure sequence" + (": " + "; ".join(notes) if notes else ""))
    elif len(runs) < r.min_sequences:
        parts.append(
            f"only {len(runs)} sequence ({', '.join(_codes(m.cards) for m in runs)}); "
            f"a declaration needs {r.min_sequences}"
        )
    left = tuple(sorted(free.deadwood or p.deadwood))
    if left:
        verb = "is" if len(left) == 1 else "are"
        parts.append(f"{_codes(left)} {verb} not part of any meld")
        parts.extend(_leftover_hints(left, wild_rank))
    reason = "; also ".join(parts[:2]) + ("; " + "; ".join(parts[2:]) if parts[2:] else "")
    return Declaration(False, reason, p)


def count_points(cards: CardsLike, *, wild_rank: int, rules: RulesLike = "indian") -> int:
    """A losing hand's count on its best arrangement, capped at ``rules.max_points``.

    >>> count_points("2C 3C 4C 9S 9D 9C KD KH KS QS QD 5S 8H", wild_rank=7)  # one pure only
    80
    >>> count_points("2C 3C 4C 5H 6H JK 9S 9D 9C KD KH QS 3D", wild_rank=8)
    33
    """
    _check_wild_rank(wild_rank)
    if wild_rank is None:
        raise ValueError("wild_rank is required for Indian Rummy (1..13)")
    r = _indian_rules(rules)
    hand = clean_cards(cards)
    if not hand:
        raise CardError("count_points needs the loser's cards")
    return min(best_partition(hand, r, wild_rank=wild_rank).deadwood_points, r.max_points)
