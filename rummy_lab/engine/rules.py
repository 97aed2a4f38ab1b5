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
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import Card

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


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Everything that decides how one variant is played and scored.

    Build one with :func:`get_rules` (a preset plus overrides). Fields are validated on
    creation: an invalid value raises :class:`ValueError` naming the field.

    >>> Rules(name="x", variant="gin", knock_limit=-1)
    Traceback (most recent call last):
    ...
    ValueError: invalid rules: knock_limit must be a whole number >= 0, got -1
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
        problems: list[str] = []

        def whole(name: str, lo: int, hi: int | None = None, *, optional: bool = False) -> None:
            v = getattr(self, name)
            if v is None and optional:
                return
            ok = isinstance(v, int) and not isinstance(v, bool) and v >= lo
            if ok and hi is not None:
                ok = v <= hi
            if not ok:
                rng = f">= {lo}" if hi is None else f"from {lo} to {hi}"
                problems.append(f"{name} must be a whole number {rng}, got {v!r}")

        def choice(name: str, options: tuple[str, ...]) -> None:
            v = getattr(self, name)
            if v not in options:
                problems.append(f"{name} must be one of {', '.join(options)}, got {v!r}")

        def flag(name: str) -> None:
            if not isinstance(getattr(self, name), bool):
                problems.append(f"{name} must be True or False, got {getattr(self, name)!r}")

        try:
            object.__setattr__(self, "variant", Variant(self.variant))
        except ValueError:
            problems.append(
                f"variant must be one of {', '.join(v.value for v in Variant)}, "
                f"got {self.variant!r}"
            )
        whole("min_players", 2, 8)
        whole("max_players", 2, 8)
        if not problems and self.min_players > self.max_players:
            problems.append("min_players must not exceed max_players")
        whole("decks", 1, 4, optional=True)
        whole("two_decks_from", 2, 8, optional=True)
        whole("printed_jokers", 0, 8)
        whole("hand_size", 1, 20, optional=True)
        if self.hand_size is None and not self.hand_size_by_players:
            problems.append("hand_size is None but hand_size_by_players is empty")
        choice("ace", _ACE_MODES)
        whole("min_meld", 2, 5)
        whole("max_set_size", 3, 16, optional=True)
        whole("max_run_length", 3, 13)
        for name in ("ace_value", "face_value", "joker_value", "wild_value", "knock_limit",
                     "undercut_bonus", "gin_bonus", "game_bonus", "box_bonus",
                     "wrong_declaration", "max_points", "first_drop", "middle_drop"):
            whole(name, 0)
        whole("big_gin_bonus", 0, optional=True)
        whole("max_turns", 1)
        whole("stock_end", 0, 10)
        whole("target", 1)
        whole("hollywood_games", 1, 5)
        whole("rummy_multiplier", 1, 10)
        whole("min_sequences", 0, 5)
        whole("min_pure_sequences", 0, 5)
        whole("point_value", 0)
        whole("pool_limit", 1)
        whole("deals", 1, 50)
        choice("oklahoma_ace", _OKLAHOMA_ACE)
        choice("shutout", _SHUTOUT)
        choice("discard_pick_must_meld", _PICK_MODES)
        choice("indian_format", _INDIAN_FORMATS)
        for name in ("set_distinct_suits", "allow_all_wild", "wild_joker", "no_discard_of_pickup",
                     "tie_is_undercut", "oklahoma", "spade_doubles", "spade_doubles_bonuses",
                     "hollywood", "hollywood_carry_shutout", "layoff_before_first_meld", "rejoin"):
            flag(name)
        if problems:
            raise ValueError("invalid rules: " + "; ".join(problems))
        object.__setattr__(self, "hand_size_by_players", tuple(self.hand_size_by_players))
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
        """Raise :class:`ValueError` unless the variant allows this many players."""
        if isinstance(players, bool) or not isinstance(players, int) or not (
            self.min_players <= players <= self.max_players
        ):
            span = (
                f"exactly {self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"{self.name} is for {span} players, got {players!r}")

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some fields changed (validated; unknown fields raise ValueError)."""
        _check_fields(overrides)
        return dataclasses.replace(self, **_aliases(overrides))


_HASH_FIELDS = tuple(f for f in dataclasses.fields(Rules) if f.hash is not False)

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
    return {_ALIASES.get(k, k): v for k, v in overrides.items()}


def _check_fields(overrides: Mapping[str, Any]) -> None:
    unknown = [k for k in overrides if k not in _FIELD_NAMES and k not in _ALIASES]
    if unknown:
        raise ValueError(
            f"unknown rules field{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(map(repr, unknown))}; "
            f"valid fields: {', '.join(_FIELD_NAMES)}"
        )


RulesLike = str | Rules


def get_rules(name: RulesLike = "gin", **overrides: Any) -> Rules:
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
                f"unknown rules preset {name!r}; valid names: {', '.join(PRESETS)}"
            )
        base = PRESETS[key]
    else:
        raise ValueError(f"rules must be a preset name or a Rules object, got {name!r}")
    if not overrides:
        return base
    return base.replace(**overrides)
