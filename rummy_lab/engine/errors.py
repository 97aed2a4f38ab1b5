"""Exceptions raised by rummy_lab.

Every error is a :class:`ValueError` subclass so that callers who only care about
"bad input" can catch one thing, while the message always names the offending value
and the rule it breaks.
"""

from __future__ import annotations

__all__ = ["CardError", "IllegalMove", "RummyError"]


class RummyError(ValueError):
    """Base class of every rummy_lab error."""


class CardError(RummyError):
    """A card token or card collection is malformed (``"11H"``, ``"7X"``, an empty token)."""


class IllegalMove(RummyError):
    """A move breaks a rule of the game; the game is left exactly as it was."""
