"""Small shared fixtures: the documented example hands and a clean display state."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_lab.engine.cards import Hand, parse_cards
from rummy_lab.engine.display import reset_display

# The hand used across the docs: 7S 7H 7D + 4C 5C 6C (+7C either way), deadwood KD QH 2S = 22.
GIN_HAND = "7S 7H 7D 4C 5C 6C 7C KD QH 2S"
# Eleven gin cards (after a draw): discarding 6H leaves deadwood 4.
GIN_ELEVEN = "5D 7H 4S 4D 6D 7C 4C 7S 5C 6H 6C"


@pytest.fixture
def gin_hand() -> Hand:
    """Ten gin cards with two optimal partitions of 22 deadwood points."""
    return parse_cards(GIN_HAND)


@pytest.fixture
def gin_eleven() -> Hand:
    """Eleven gin cards: one over the deal, so there is a best discard."""
    return parse_cards(GIN_ELEVEN)


@pytest.fixture
def clean_display() -> Iterator[None]:
    """Display settings reset before and after the test (they are module state)."""
    reset_display()
    yield
    reset_display()
