"""Moves for :meth:`rummy_lab.Game.play`: ``DrawStock()``, ``Discard("8H")``, ``Knock("3C")``...

Frozen dataclasses; cards may be given as :class:`~rummy_lab.Card` or tokens. Each move
has a short ``str()`` caption and an ASCII ``code`` that :func:`parse_move` reads back.

>>> import rummy_lab as rl
>>> rl.moves.Knock("3c"), str(rl.moves.Gin())
(Knock(card=Card('3C')), 'big gin')
"""

from __future__ import annotations

from .engine.moves import (
    MOVE_TYPES,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    EndRound,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    MoveLike,
    PassUpcard,
    TakeUpcard,
    clean_move,
    parse_move,
)

__all__ = [
    "MOVE_TYPES",
    "Declare",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "EndRound",
    "Gin",
    "Knock",
    "LayOff",
    "Meld",
    "Move",
    "MoveLike",
    "PassUpcard",
    "TakeUpcard",
    "clean_move",
    "parse_move",
]
