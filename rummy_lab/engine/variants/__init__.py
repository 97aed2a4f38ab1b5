"""Variant engines: one :class:`VariantEngine` per :class:`~rummy_lab.engine.rules.Variant`.

A variant plugs in by subclassing :class:`VariantEngine` (the hooks for dealing, legal
moves, verifying and applying moves, ending a hand, dealer rotation and match scoring)
and registering an instance:

>>> from rummy_lab.engine.rules import get_rules
>>> type(engine_for(get_rules("oklahoma"))).__name__
'GinEngine'

Built-in variants live in modules of this package named in ``_BUILTIN`` and are imported
on first use; a new built-in adds its module there (``Variant.BASIC: "basic"``).
"""

from __future__ import annotations

import importlib

from ..rules import Rules, Variant
from .base import Effect, MatchStanding, VariantEngine, check_multiset

__all__ = [
    "Effect",
    "MatchStanding",
    "VariantEngine",
    "check_multiset",
    "engine_for",
    "register_variant",
]

_ENGINES: dict[Variant, VariantEngine] = {}
_BUILTIN: dict[Variant, str] = {
    Variant.GIN: "gin",
    Variant.BASIC: "basic",
    Variant.RUMMY500: "rummy500",
    Variant.INDIAN: "indian",
}


def register_variant(variant: Variant | str, engine: VariantEngine) -> None:
    """Make ``engine`` play every game whose rules have this ``variant``."""
    if not isinstance(engine, VariantEngine):
        raise TypeError(f"engine must be a VariantEngine, got {engine!r}")
    _ENGINES[Variant(variant)] = engine


def engine_for(rules: Rules) -> VariantEngine:
    """The engine playing ``rules.variant``.

    :raises NotImplementedError: for a variant whose game engine is not written yet.
    """
    engine = _ENGINES.get(rules.variant)
    if engine is None:
        module = _BUILTIN.get(rules.variant)
        if module is not None:
            loaded = importlib.import_module(f".{module}", __name__)
            engine = _ENGINES.get(rules.variant)
            default = getattr(loaded, "ENGINE", None)
            if engine is None and isinstance(default, VariantEngine):
                # unregistered since the import (a test swapped engines): restore it
                engine = _ENGINES[rules.variant] = default
    if engine is None:
        raise NotImplementedError(
            f"no game engine for the {rules.variant.value!r} variant yet "
            f"(engines: {', '.join(sorted(v.value for v in set(_ENGINES) | set(_BUILTIN)))})"
        )
    return engine
