"""Exceptions raised by rummy_lab.

Every error is a :class:`ValueError` subclass so that callers who only care about
"bad input" can catch one thing, while the message always names the offending value
and the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sized

__all__ = ["QUOTE_LIMIT", "CardError", "IllegalMove", "RummyError", "quote", "quote_each"]

QUOTE_LIMIT = 80
"""The most characters of a bad input an error message quotes (:func:`quote`)."""


class RummyError(ValueError):
    """Base class of every rummy_lab error."""


class CardError(RummyError):
    """A card token or card collection is malformed (``"11H"``, ``"7X"``, an empty token)."""


class IllegalMove(RummyError):
    """A move breaks a rule of the game; the game is left exactly as it was."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters.

    Why: a message names the bad input, but a 100,000-character token echoed whole buries
    the reason. A longer repr keeps its first characters, then an ellipsis and how long
    the input was (characters of a string, items of a collection, digits of a number).

    >>> quote("7X")
    "'7X'"
    >>> print(quote("Q" * 100_000, limit=12))
    'QQQQQQQQQQQ… (a string of 100,000 characters)
    >>> quote(10 ** 5000, limit=20)
    '10000000000000000000… (a number of 5,001 digits)'

    :param value: the input to quote.
    :param limit: the most characters of its repr to keep (at least 8).
    :return: the repr, or its first ``limit`` characters with a note of the full length.
    """
    limit = max(8, limit)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        digits = _digit_count(value)
        head = str(value)[:limit] if digits <= 4000 else _leading_digits(value, limit)
        return f"{head}… (a number of {digits:,} digits)"
    text = repr(value)
    if len(text) <= limit:
        return text
    if isinstance(value, str):
        size = f"a string of {len(value):,} characters"
    elif isinstance(value, bytes):
        size = f"{len(value):,} bytes"
    elif isinstance(value, Sized):
        size = f"{type(value).__name__} of {len(value):,} items"
    else:
        size = f"{type(value).__name__} written in {len(text):,} characters"
    return f"{text[:limit]}… ({size})"


def quote_each(values: Iterable[object], most: int = 5) -> str:
    """The first ``most`` values, each through :func:`quote`, then how many more there are.

    >>> quote_each(["a", "b"]), quote_each(range(100), most=2)
    ("'a', 'b'", '0, 1 and 98 more')
    """
    items = list(values)
    shown = ", ".join(quote(v) for v in items[:most])
    return shown if len(items) <= most else f"{shown} and {len(items) - most:,} more"


def _digit_count(value: int) -> int:
    """Decimal digits of ``abs(value)`` without converting it to text (Python refuses to
    print an int of more than 4,300 digits)."""
    n = abs(value)
    digits = max(1, int(n.bit_length() * 0.30102999566398120))
    return digits + 1 if n >= 10 ** digits else digits


def _leading_digits(value: int, count: int) -> str:
    """The first ``count`` digits of a huge int (with its sign)."""
    n = abs(value)
    shift = _digit_count(n) - count
    head = str(n // 10 ** shift) if shift > 0 else str(n)
    return ("-" if value < 0 else "") + head
