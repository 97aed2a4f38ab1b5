"""Rules: one frozen, keyword-only dataclass, with a preset per variant and format.

Rules are data, not a class tree: every point that the rulebooks leave open (see the
project's rules decisions) is a field with its documented default, so a teacher can turn
a knob and watch a probability or a score change.

>>> r = get_rules("oklahoma")
>>> r.variant, r.knock_limit, r.oklahoma
(<Variant.GIN: 'gin'>, 10, True)
>>> get_rules("gin", gin_bonus=20).gin_bonus
20
>>> get_rules("canasta")
Traceback (most recent call last):
...
ValueError: unknown rules preset 'canasta'; valid names: basic, gin, oklahoma, hollywood, 500, ...
"""

from __future__ import annotations

import dataclasses
import math
import operator
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import Card
from .errors import CardError, quote, quote_each

__all__ = ["PRESETS", "Rules", "RulesLike", "Variant", "get_rules"]


class Variant(StrEnum):
    """The rummy variants rummy_lab implements."""

    BASIC = "basic"
    GIN = "gin"
    RUMMY500 = "500"
    INDIAN = "indian"


_ACE_MODES = ("low", "high_or_low")
_OKLAHOMA_ACE = ("one", "gin_only")
_PICK_MODES = ("any", "deep_only")
_SHUTOUT = ("double_game_bonus", "double_total")
_INDIAN_FORMATS = ("points", "pool", "deals")

# The variant of every preset name, so that rules named after a preset are of its variant
# (checked when rules are made, before PRESETS exists; a test keeps the two in step).
_PRESET_VARIANTS: dict[str, Variant] = {
    "basic": Variant.BASIC, "gin": Variant.GIN, "oklahoma": Variant.GIN,
    "hollywood": Variant.GIN, "500": Variant.RUMMY500, "500-pagat": Variant.RUMMY500,
    "indian": Variant.INDIAN, "indian-points": Variant.INDIAN,
    "indian-pool-101": Variant.INDIAN, "indian-pool-201": Variant.INDIAN,
    "indian-deals": Variant.INDIAN,
}

# Sane ranges of the whole-number fields: (lowest, highest).
_POINTS = 10_000
_RANGES: dict[str, tuple[int, int]] = {
    "min_players": (2, 8), "max_players": (2, 8), "decks": (1, 4), "two_decks_from": (2, 8),
    "printed_jokers": (0, 8), "hand_size": (1, 20), "min_meld": (2, 5),
    "max_set_size": (3, 16), "max_run_length": (3, 13),
    "ace_value": (0, 100), "face_value": (0, 100), "joker_value": (0, 100),
    "wild_value": (0, 100), "max_turns": (1, 100_000), "knock_limit": (0, 1_000),
    "undercut_bonus": (0, _POINTS), "gin_bonus": (0, _POINTS), "big_gin_bonus": (0, _POINTS),
    "stock_end": (0, 10), "hollywood_games": (1, 5), "target": (1, 100_000),
    "game_bonus": (0, _POINTS), "box_bonus": (0, _POINTS), "rummy_multiplier": (1, 10),
    "min_sequences": (0, 3), "min_pure_sequences": (0, 2), "wrong_declaration": (0, _POINTS),
    "max_points": (0, _POINTS), "first_drop": (0, _POINTS), "middle_drop": (0, _POINTS),
    "point_value": (0, _POINTS), "pool_limit": (1, 100_000), "deals": (1, 50),
}
_OPTIONAL = frozenset({"decks", "two_decks_from", "hand_size", "max_set_size", "big_gin_bonus"})
_CHOICES: dict[str, tuple[str, ...]] = {
    "ace": _ACE_MODES, "oklahoma_ace": _OKLAHOMA_ACE, "shutout": _SHUTOUT,
    "discard_pick_must_meld": _PICK_MODES, "indian_format": _INDIAN_FORMATS,
}
_FLAGS = (
    "set_distinct_suits", "allow_all_wild", "wild_joker", "no_discard_of_pickup",
    "tie_is_undercut", "oklahoma", "spade_doubles", "spade_doubles_bonuses", "hollywood",
    "hollywood_carry_shutout", "layoff_before_first_meld", "rejoin", "alternate_deal",
)
UPCARDS = 1
"""Cards turned face up to start the discard pile, in every variant."""


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Everything that decides how one variant is played and scored.

    Build one with :func:`get_rules` (a preset plus overrides). Fields are validated on
    creation: an invalid value raises :class:`ValueError` naming the field and what it
    allows; so do fields that do not fit together or do not fit the variant (Gin: two
    players, one deck, no jokers), and a deck too small for the smallest table.

    >>> Rules(name="x", variant="gin", knock_limit=-1)
    Traceback (most recent call last):
    ...
    ValueError: invalid rules: knock_limit must be a whole number from 0 to 1000, got -1
    """

    name: str = "custom"
    variant: Variant = Variant.GIN
    # Players and cards
    min_players: int = 2
    max_players: int = 2
    decks: int | None = 1
    """Number of 52-card decks; ``None`` picks 1, or 2 from ``two_decks_from`` players on."""
    two_decks_from: int | None = None
    printed_jokers: int = 0
    hand_size: int | None = 10
    """Cards dealt to each player; ``None`` uses ``hand_size_by_players``."""
    hand_size_by_players: tuple[tuple[int, int], ...] = ()
    # Melds
    ace: str = "low"
    """``"low"`` (A-2-3 only) or ``"high_or_low"`` (Q-K-A too); K-A-2 never."""
    min_meld: int = 3
    max_set_size: int | None = 4
    set_distinct_suits: bool = True
    max_run_length: int = 13
    allow_all_wild: bool = True
    wild_joker: bool = False
    """Indian Rummy: a card turned under the stock makes its rank wild."""
    # Card values
    ace_value: int = 1
    face_value: int = 10
    joker_value: int = 0
    wild_value: int = 0
    # Turn rules (all variants)
    no_discard_of_pickup: bool = True
    max_turns: int = 1000
    # Gin
    knock_limit: int = 10
    undercut_bonus: int = 25
    tie_is_undercut: bool = True
    gin_bonus: int = 25
    big_gin_bonus: int | None = 31
    stock_end: int = 2
    oklahoma: bool = False
    oklahoma_ace: str = "one"
    spade_doubles: bool = True
    spade_doubles_bonuses: bool = False
    hollywood: bool = False
    hollywood_games: int = 3
    hollywood_carry_shutout: bool = False
    target: int = 100
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: str = "double_game_bonus"
    alternate_deal: bool = False
    """Gin: the deal passes to the other player after every hand that is scored (a drawn
    hand is dealt again by the same dealer), as in the EAAI Gin Rummy challenge; ``False``:
    the winner of a hand deals the next."""
    # Basic
    layoff_before_first_meld: bool = True
    rummy_multiplier: int = 2
    # Rummy 500
    discard_pick_must_meld: str = "any"
    # Indian
    min_sequences: int = 0
    min_pure_sequences: int = 0
    wrong_declaration: int = 80
    max_points: int = 80
    first_drop: int = 20
    middle_drop: int = 40
    point_value: int = 1
    indian_format: str = "points"
    pool_limit: int = 101
    rejoin: bool = False
    deals: int = 2
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        problems = _field_problems(self)
        if not problems:
            problems = _combination_problems(self)
        if problems:
            raise ValueError("invalid rules: " + "; ".join(problems))
        object.__setattr__(self, "extra", dict(self.extra))

    def __hash__(self) -> int:
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, f.name) for f in _HASH_FIELDS))
            object.__setattr__(self, "_hash", cached)
        return cached

    # ------------------------------------------------------------------ derived values
    @property
    def jokers(self) -> int:
        """Alias of :attr:`printed_jokers` (the name the Basic Rummy rules use)."""
        return self.printed_jokers

    @property
    def ace_high(self) -> bool:
        """True when Q-K-A is a valid run."""
        return self.ace == "high_or_low"

    @property
    def rank_values(self) -> tuple[int, ...]:
        """Point value by rank index 0..13 (index 0 is the printed joker)."""
        return _rank_values(self.ace_value, self.face_value, self.joker_value)

    def card_value(self, card: Card, wild_rank: int | None = None) -> int:
        """Deadwood value of a card; wild-rank cards are worth ``wild_value``.

        >>> from .cards import Card
        >>> ace = Card.parse("AS")
        >>> get_rules("500").card_value(ace), get_rules("indian").card_value(ace)
        (15, 10)
        """
        if wild_rank is not None and card.rank == wild_rank:
            return self.wild_value
        return self.rank_values[card.rank]

    def decks_for(self, players: int) -> int:
        """Decks used for a given number of players."""
        if self.decks is not None:
            return self.decks
        if self.two_decks_from is not None and players >= self.two_decks_from:
            return 2
        return 1

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each player for a given number of players."""
        if self.hand_size is not None:
            return self.hand_size
        for upto, size in self.hand_size_by_players:
            if players <= upto:
                return size
        return self.hand_size_by_players[-1][1]

    def check_players(self, players: int) -> None:
        """Raise :class:`ValueError` unless the variant allows this many players and the
        deck can deal to them.

        >>> get_rules("500", decks=1).check_players(8)
        Traceback (most recent call last):
        ...
        ValueError: 8 players x 7 cards (hand_size) + the upcard + a stock of at least 1 ...
        """
        if isinstance(players, bool) or not isinstance(players, int) or not (
            self.min_players <= players <= self.max_players
        ):
            span = (
                f"exactly {self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"{self.name} is for {span} players, got {quote(players)}")
        problem = self.deal_problem(players)
        if problem:
            raise ValueError(problem)

    def deal_problem(self, players: int) -> str:
        """Why the deck cannot deal to ``players`` players (empty when it can).

        The deck must cover every hand, the upcard, Indian Rummy's wild card and a stock
        of at least one card (Gin: more than ``stock_end`` cards, so the hand can be
        played).
        """
        size = self.hand_size_for(players)
        decks = self.decks_for(players)
        have = 52 * decks + self.printed_jokers
        stock = self.stock_end + 1 if self.variant is Variant.GIN else 1
        need = players * size + UPCARDS + (1 if self.wild_joker else 0) + stock
        if need <= have:
            return ""
        wild = " + the wild card" if self.wild_joker else ""
        more = f" (more than stock_end={self.stock_end})" if self.variant is Variant.GIN else ""
        return (
            f"{players} players x {size} cards (hand_size) + the upcard{wild} + a stock of "
            f"at least {stock}{more} need {need} cards, more than the {have} of the deck "
            f"(decks={decks}, printed_jokers={self.printed_jokers})"
        )

    @property
    def max_copies(self) -> int:
        """The most copies of one natural card in this variant's deck (at any table size)."""
        if self.decks is not None:
            return self.decks
        if self.two_decks_from is not None and self.two_decks_from <= self.max_players:
            return 2
        return 1

    def check_cards(self, cards: Iterable[Card]) -> None:
        """Raise :class:`CardError` naming the cards this variant's deck does not hold.

        Cheap (a microsecond or two for a hand). Why: the solver and the analysis
        functions would otherwise answer for hands no deal can produce.

        >>> get_rules("gin").check_cards(Card.parse(t) for t in "JK 7S 7S".split())
        Traceback (most recent call last):
        ...
        rummy_lab.engine.errors.CardError: cards outside the gin deck (1 deck, no printed ...
        """
        hand = cards if isinstance(cards, tuple | list) else tuple(cards)
        copies = self.max_copies
        jokers = self.printed_jokers
        if len(hand) < 64:
            if copies == 1 and not jokers:
                # one bit per card: as many bits as cards when none repeats, no joker bit
                m = sum(map(_BIT_OF, hand))
                if m.bit_count() == len(hand) and not m >> 52:
                    return
            else:
                # one 7-bit count per card in a single integer: a count above ``copies``
                # reaches its field's top bit once (63 - copies) is added to every field
                m = sum(map(_SPREAD_OF, map(_INDEX_OF, hand)))
                if m >> _JOKER_SHIFT <= jokers and not (m + _FILL[copies]) & _GUARD:
                    return
        counts = [0] * 53  # by card index; 52 is the printed joker
        for c in hand:
            counts[c._index] += 1
        if counts[52] <= jokers and max(counts[:52]) <= copies:
            return
        bad = {c: counts[c._index] for c in hand
               if counts[c._index] > (jokers if c._index == 52 else copies)}
        held = "no printed jokers" if not jokers else (
            f"{jokers} printed joker{'s' * (jokers != 1)}"
        )
        raise CardError(
            f"cards outside the {self.name} deck ({copies} deck{'s' * (copies != 1)}, "
            f"{held}): "
            + ", ".join(f"{n} x {c.code}" if n > 1 else c.code for c, n in sorted(bad.items()))
        )

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some fields changed (validated; unknown fields raise ValueError).

        The variant stays the preset's: start from another preset to play another variant.
        """
        _check_fields(overrides)
        changes = _aliases(overrides)
        if "variant" in changes:
            try:
                wanted = Variant(changes["variant"])
            except (ValueError, TypeError):
                wanted = None  # reported by the field check
            if wanted is not None and wanted is not self.variant:
                raise ValueError(
                    f"invalid rules: variant is {self.variant.value} for the {quote(self.name)} "
                    f"rules and cannot be changed by an override; start from that "
                    f"variant's preset instead (get_rules({quote(wanted.value)}))"
                )
        return dataclasses.replace(self, **changes)


_HASH_FIELDS = tuple(f for f in dataclasses.fields(Rules) if f.hash is not False)

# Rules.check_cards counts copies in 7-bit fields of one integer, by card index.
_SPREAD_OF = tuple(1 << (7 * i) for i in range(53)).__getitem__
_INDEX_OF = operator.attrgetter("_index")
_BIT_OF = operator.attrgetter("_bit")
_JOKER_SHIFT = 7 * 52
_GUARD = sum(1 << (7 * i + 6) for i in range(52))
_FILL = {k: sum((63 - k) << (7 * i) for i in range(52)) for k in range(1, 5)}


def _is_whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _field_problems(r: Rules) -> list[str]:
    """Each field on its own: its type and its allowed values (one sentence per field)."""
    problems: list[str] = []
    try:
        object.__setattr__(r, "variant", Variant(r.variant))
    except (ValueError, TypeError):
        problems.append(
            f"variant must be one of {', '.join(v.value for v in Variant)}, got {quote(r.variant)}"
        )
    name = r.name
    if not isinstance(name, str) or not name.strip() or len(name) > 60 or (
        not name.isprintable()
    ):
        problems.append(
            f"name must be a short label (1 to 60 printable characters), got {quote(name)}")
    for key, (lo, hi) in _RANGES.items():
        v = getattr(r, key)
        if v is None and key in _OPTIONAL:
            continue
        if not _is_whole(v) or not lo <= v <= hi:
            none = " or None" if key in _OPTIONAL else ""
            problems.append(f"{key} must be a whole number from {lo} to {hi}{none}, got {quote(v)}")
    for key, options in _CHOICES.items():
        v = getattr(r, key)
        if not isinstance(v, str) or v not in options:
            problems.append(f"{key} must be one of {', '.join(options)}, got {quote(v)}")
    for key in _FLAGS:
        v = getattr(r, key)
        if not isinstance(v, bool):
            problems.append(f"{key} must be True or False, got {quote(v)}")
    given: object = r.hand_size_by_players
    lo, hi = _RANGES["hand_size"]
    pairs: list[tuple[Any, ...]] = []
    ok = not isinstance(given, str | bytes | Mapping) and isinstance(given, Iterable)
    if ok:
        pairs = [
            tuple(p) if not isinstance(p, str | bytes | Mapping) and isinstance(p, Iterable)
            else (p,)
            for p in given  # type: ignore[attr-defined]
        ]
        ok = all(
            len(p) == 2 and all(_is_whole(x) for x in p) and 2 <= p[0] <= 8
            and lo <= p[1] <= hi
            for p in pairs
        )
    if ok:
        ups = [p[0] for p in pairs]
        ok = ups == sorted(set(ups))
    if not ok:
        problems.append(
            "hand_size_by_players must be (players, cards) pairs with players rising "
            f"from 2 to 8 and cards from {lo} to {hi}, like ((2, 10), (4, 7), (6, 6)); "
            f"got {quote(r.hand_size_by_players)}"
        )
    else:
        object.__setattr__(r, "hand_size_by_players", tuple(pairs))
    if not isinstance(r.extra, Mapping) or not _json_value(r.extra):
        problems.append(
            "extra must be a mapping of names (strings) to JSON values (numbers, strings, "
            f"True/False/None, lists and mappings of them), got {quote(r.extra)}"[:300]
        )
    return problems


def _json_value(v: object, depth: int = 0) -> bool:
    """True for what a saved game can hold: JSON values, mappings with string keys."""
    if depth > 20:
        return False
    if v is None or isinstance(v, bool | int | str):
        return True
    if isinstance(v, float):
        return math.isfinite(v)
    if isinstance(v, list | tuple):
        return all(_json_value(x, depth + 1) for x in v)
    if isinstance(v, Mapping):
        return all(isinstance(k, str) and _json_value(x, depth + 1) for k, x in v.items())
    return False


def _combination_problems(r: Rules) -> list[str]:
    """Fields that are each fine but do not fit together (or with the variant)."""
    problems: list[str] = []
    variant = r.variant
    preset = _PRESET_VARIANTS.get(r.name)
    if preset is not None and preset is not variant:
        problems.append(
            f"name {quote(r.name)} is a {preset.value} preset, but variant is {variant.value}: "
            "rules named after a preset must be of its variant"
        )
    if r.min_players > r.max_players:
        problems.append(
            f"min_players ({r.min_players}) must not exceed max_players ({r.max_players})"
        )
    if r.hand_size is None and not r.hand_size_by_players:
        problems.append(
            "hand_size must be a whole number when hand_size_by_players is empty (give one "
            "of them)"
        )
    if r.max_set_size is not None and r.max_set_size < r.min_meld:
        problems.append(
            f"max_set_size ({r.max_set_size}) must be at least min_meld ({r.min_meld}), "
            "or no set could be made"
        )
    if r.max_run_length < r.min_meld:
        problems.append(
            f"max_run_length ({r.max_run_length}) must be at least min_meld ({r.min_meld}), "
            "or no run could be made"
        )
    if variant is Variant.GIN:
        if (r.min_players, r.max_players) != (2, 2):
            problems.append(
                "gin rummy is for two players: min_players and max_players must be 2, got "
                f"{r.min_players} and {r.max_players}"
            )
        elif r.decks_for(2) != 1:
            problems.append(
                "gin rummy is played with one deck: decks must be 1 (or None without "
                f"two_decks_from), got decks={r.decks}, two_decks_from={r.two_decks_from}"
            )
        if r.printed_jokers:
            problems.append(
                f"gin rummy is played without jokers: printed_jokers must be 0, got "
                f"{r.printed_jokers}"
            )
    if variant is not Variant.GIN and r.alternate_deal:
        problems.append(
            f"alternate_deal (the Gin deal passes after every scored hand) is a Gin rule; it "
            f"must be False for {variant.value}, whose deal passes to the left anyway"
        )
    if variant is not Variant.INDIAN and (r.min_sequences or r.min_pure_sequences):
        problems.append(
            f"min_sequences and min_pure_sequences (the sequences a declaration needs) are "
            f"Indian Rummy rules; they must be 0 for {variant.value}, got "
            f"{r.min_sequences} and {r.min_pure_sequences}"
        )
    if variant is not Variant.INDIAN and r.wild_joker:
        problems.append(
            f"wild_joker (a card turned under the stock makes its rank wild) is an Indian "
            f"Rummy rule; it must be False for {variant.value}"
        )
    if variant is Variant.INDIAN:
        if r.hand_size is None:
            problems.append(
                "Indian Rummy deals a fixed number of cards: hand_size must be set "
                "(hand_size_by_players is not used)"
            )
        elif r.min_sequences * r.min_meld > r.hand_size:
            problems.append(
                f"min_sequences={r.min_sequences} sequences of min_meld={r.min_meld} cards "
                f"do not fit in a hand of hand_size={r.hand_size}: no declaration could "
                "be valid"
            )
        if r.min_pure_sequences > r.min_sequences:
            problems.append(
                f"min_pure_sequences ({r.min_pure_sequences}) must not exceed min_sequences "
                f"({r.min_sequences}): a pure sequence is a sequence"
            )
    if not problems:
        problem = r.deal_problem(r.min_players)
        if problem:
            problems.append(problem)
    return problems

_VALUE_CACHE: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _rank_values(ace: int, face: int, joker: int) -> tuple[int, ...]:
    key = (ace, face, joker)
    vals = _VALUE_CACHE.get(key)
    if vals is None:
        vals = (joker, ace, 2, 3, 4, 5, 6, 7, 8, 9, 10, face, face, face)
        _VALUE_CACHE[key] = vals
    return vals


_GIN = Rules(name="gin", variant=Variant.GIN)
PRESETS: dict[str, Rules] = {
    "basic": Rules(
        name="basic", variant=Variant.BASIC, min_players=2, max_players=6, decks=None,
        two_decks_from=5, hand_size=None, hand_size_by_players=((2, 10), (4, 7), (6, 6)),
        max_set_size=4, set_distinct_suits=False, joker_value=15, target=100,
    ),
    "gin": _GIN,
    "oklahoma": dataclasses.replace(_GIN, name="oklahoma", oklahoma=True),
    "hollywood": dataclasses.replace(_GIN, name="hollywood", hollywood=True),
    "500": Rules(
        name="500", variant=Variant.RUMMY500, min_players=2, max_players=8, decks=None,
        two_decks_from=5, hand_size=7, ace="high_or_low", ace_value=15, max_set_size=None,
        set_distinct_suits=False, joker_value=15, target=500, discard_pick_must_meld="any",
    ),
    "500-pagat": Rules(
        name="500-pagat", variant=Variant.RUMMY500, min_players=2, max_players=8, decks=None,
        two_decks_from=5, hand_size=None, hand_size_by_players=((2, 13), (8, 7)),
        ace="high_or_low", ace_value=15, max_set_size=None, set_distinct_suits=False,
        joker_value=15, target=500, discard_pick_must_meld="deep_only",
    ),
}
_INDIAN = Rules(
    name="indian-points", variant=Variant.INDIAN, min_players=2, max_players=6, decks=2,
    printed_jokers=4, hand_size=13, ace="high_or_low", ace_value=10, joker_value=0,
    wild_value=0, max_set_size=4, set_distinct_suits=True, wild_joker=True,
    indian_format="points", target=101, min_sequences=2, min_pure_sequences=1,
)
PRESETS["indian"] = _INDIAN
PRESETS["indian-points"] = _INDIAN
PRESETS["indian-pool-101"] = dataclasses.replace(
    _INDIAN, name="indian-pool-101", indian_format="pool", pool_limit=101
)
PRESETS["indian-pool-201"] = dataclasses.replace(
    _INDIAN, name="indian-pool-201", indian_format="pool", pool_limit=201, first_drop=25,
    middle_drop=50,
)
PRESETS["indian-deals"] = dataclasses.replace(_INDIAN, name="indian-deals", indian_format="deals")

_FIELD_NAMES = tuple(f.name for f in dataclasses.fields(Rules))
_ALIASES = {"jokers": "printed_jokers", "joker_count": "printed_jokers", "target_score": "target"}


def _aliases(overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Overrides by field name; two names of one field must give the same value."""
    out: dict[str, Any] = {}
    given: dict[str, str] = {}
    for k, v in overrides.items():
        name = _ALIASES.get(k, k)
        if name in out and not _same_value(out[name], v):
            raise ValueError(
                f"invalid rules: {given[name]}={quote(out[name])} and {k}={quote(v)} disagree "
                f"(both set the {name} field)"
            )
        out[name] = v
        given.setdefault(name, k)
    return out


def _same_value(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _check_fields(overrides: Mapping[str, Any]) -> None:
    unknown = [k for k in overrides if k not in _FIELD_NAMES and k not in _ALIASES]
    if unknown:
        raise ValueError(
            f"unknown rules field{'s' if len(unknown) > 1 else ''} "
            f"{quote_each(unknown)}; "
            f"valid fields: {', '.join(_FIELD_NAMES)}"
        )


RulesLike = str | Rules


def get_rules(name: RulesLike = "gin", /, **overrides: Any) -> Rules:
    """A preset by name (or a :class:`Rules` object) with optional field overrides.

    >>> get_rules("indian-pool-201").pool_limit, get_rules("basic", jokers=2).printed_jokers
    (201, 2)
    >>> get_rules("gin", knock_limt=5)
    Traceback (most recent call last):
    ...
    ValueError: unknown rules field 'knock_limt'; valid fields: ...

    :param name: ``basic gin oklahoma hollywood 500 500-pagat indian indian-points
        indian-pool-101 indian-pool-201 indian-deals``, or a Rules object.
    :param overrides: field values to change; checked like the preset's own.
    :raises ValueError: for an unknown name, an unknown field or an invalid value.
    """
    if isinstance(name, Rules):
        base = name
    elif isinstance(name, str):
        key = name.strip().lower()
        if key not in PRESETS:
            raise ValueError(
                f"unknown rules preset {quote(name)}; valid names: {', '.join(PRESETS)}"
            )
        base = PRESETS[key]
    else:
        raise ValueError(f"rules must be a preset name or a Rules object, got {quote(name)}")
    if not overrides:
        return base
    return base.replace(**overrides)
