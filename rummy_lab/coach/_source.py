"""Where the coach gets its belief about the hidden cards: one import to switch.

The coach asks a belief for determinizations (``sample_deals``) and for the danger of a
discard (``danger``). Until ``rummy_lab.inference`` is available the uniform stand-in of
:mod:`rummy_lab.coach._belief` answers.
"""

from __future__ import annotations

from ._belief import Determinization, UniformBelief, belief

__all__ = ["Determinization", "UniformBelief", "belief"]
