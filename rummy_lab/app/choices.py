"""What the app offers: each game with its rule schools, and the ``--variant`` names.

Kept apart from the page itself so ``rummy-lab app`` can check its arguments without
loading the widgets.
"""

from __future__ import annotations

from pathlib import Path

from ..engine.errors import quote

__all__ = ["CHOICES", "ENV_VARIANT", "NOTEBOOK", "variant_choice"]

NOTEBOOK = Path(__file__).with_name("app.ipynb")
"""The notebook Voila serves."""

ENV_VARIANT = "RUMMY_LAB_APP_VARIANT"
"""The environment variable through which ``rummy-lab app --variant`` reaches the page."""

CHOICES: dict[str, tuple[tuple[str, str], ...]] = {
    "Gin Rummy": (("Standard", "gin"), ("Oklahoma", "oklahoma"), ("Hollywood", "hollywood")),
    "Basic Rummy": (("Standard", "basic"),),
    "Rummy 500": (("Almanac", "500"), ("pagat / Bicycle", "500-pagat")),
    "Indian Rummy": (("Points", "indian"), ("Pool 101", "indian-pool-101"),
                     ("Pool 201", "indian-pool-201"), ("Deals", "indian-deals")),
}
"""Game -> its rule schools or formats, each a ``(label, preset)`` pair."""


def variant_choice(name: str) -> tuple[str, str]:
    """The game and preset for a ``--variant`` value (a preset name, any case).

    >>> variant_choice("oklahoma"), variant_choice("Indian-Deals")
    (('Gin Rummy', 'oklahoma'), ('Indian Rummy', 'indian-deals'))
    >>> variant_choice("canasta")
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'canasta'; choose one of gin, oklahoma, hollywood, basic, ...
    """
    wanted = str(name).strip().lower()
    if wanted == "indian-points":
        wanted = "indian"
    for game, schools in CHOICES.items():
        for _, preset in schools:
            if preset == wanted:
                return game, preset
    known = [preset for schools in CHOICES.values() for _, preset in schools]
    raise ValueError(f"unknown variant {quote(name)}; choose one of {', '.join(known)}")
