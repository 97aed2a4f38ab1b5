"""Words for views: card tokens with suit symbols, counts with their noun in the right number."""

from __future__ import annotations

import re

from ..engine.cards import Suit

__all__ = ["count_words", "glyph_text"]


# --------------------------------------------------------------------------- words

_GLYPH_TOKEN = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([SHDC])(?![\w♠♥♦♣])")


def glyph_text(text: str) -> str:
    """``text`` with every card token written with its suit symbol (``7S`` -> ``7♠``).

    Why: the engine's sentences name cards in ASCII notation (what the command line
    prints); views show glyphs, so a learner reads every card the same way.

    >>> glyph_text("deadwood: 2S(2) + QH(10) + 10D(10) = 22; JK stands in for 7H")
    'deadwood: 2♠(2) + Q♥(10) + 10♦(10) = 22; JK stands in for 7♥'
    """
    return _GLYPH_TOKEN.sub(lambda m: m.group(1) + Suit(m.group(2)).glyph, text)


def count_words(n: int, word: str, plural: str | None = None) -> str:
    """``"1 card"``, ``"2 cards"``, ``"9,525 cards"``: a count with its noun in the right number.

    >>> count_words(1, "card"), count_words(31, "card"), count_words(2, "copy", "copies")
    ('1 card', '31 cards', '2 copies')
    """
    noun = word if n == 1 else (plural or word + "s")
    return f"{n:,} {noun}"
