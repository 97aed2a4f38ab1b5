"""Bots by name: ``make_bot("greedy", rules)`` picks the variant's greedy player.

The names are what :func:`rummy_lab.simulate`, the widgets and ``rummy-lab simulate
--bots`` accept.

>>> from rummy_lab.engine.rules import get_rules
>>> make_bot("greedy", get_rules("500"))
GreedyTableBot()
>>> make_bot("expert", get_rules("indian"))
ExpertBot()
>>> make_bot("eaai-simple", get_rules("oklahoma"))
SimpleGinRummyPlayer()
>>> make_bot("greedy-ish", get_rules("gin"))
Traceback (most recent call last):
...
ValueError: unknown bot 'greedy-ish'; use one of random, greedy, expert, eaai-simple or a Bot object
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.errors import quote
from ..engine.rules import Rules, Variant
from .base import Bot, RandomBot
from .eaai import SimpleGinRummyPlayer, check_gin_rules
from .expert import ExpertBot
from .gin import GreedyGinBot
from .indian import GreedyIndianBot
from .table import GreedyTableBot

__all__ = ["BOT_NAMES", "BotSpec", "make_bot"]

BotSpec = str | Bot
"""A bot name (``"random"``, ``"greedy"``, ``"expert"``, Gin's ``"eaai-simple"``) or any
object with ``choose(view, rng)``."""

_GREEDY: dict[Variant, Callable[[], Bot]] = {
    Variant.GIN: GreedyGinBot,
    Variant.BASIC: GreedyTableBot,
    Variant.RUMMY500: GreedyTableBot,
    Variant.INDIAN: GreedyIndianBot,
}

_FACTORIES: dict[str, Callable[[Rules], Bot]] = {
    "random": lambda rules: RandomBot(),
    "greedy": lambda rules: _GREEDY[rules.variant](),
    "expert": lambda rules: ExpertBot(),
    "eaai-simple": lambda rules: _gin_only(SimpleGinRummyPlayer, rules),
}


def _gin_only(factory: Callable[[], Bot], rules: Rules) -> Bot:
    check_gin_rules(rules)
    return factory()

BOT_NAMES: tuple[str, ...] = tuple(_FACTORIES)
"""The names :func:`make_bot` knows."""


def make_bot(spec: BotSpec, rules: Rules) -> Bot:
    """A bot from a name (see :data:`BOT_NAMES`) or a bot object (returned as is).

    :param spec: the bot's name, any case, or an object with ``choose(view, rng)``.
    :param rules: the rules it will play (a name picks the variant's own bot).
    :raises ValueError: for an unknown name, naming it and the known ones, an object
        without a ``choose`` method, or ``"eaai-simple"`` (the EAAI challenge's
        :class:`~rummy_lab.bots.SimpleGinRummyPlayer`) for rules other than Gin's.
    """
    if not isinstance(spec, str):
        if not callable(getattr(spec, "choose", None)):
            raise ValueError(f"a bot needs a choose(view, rng) method, got {quote(spec)}")
        return spec
    factory = _FACTORIES.get(spec.strip().lower())
    if factory is None:
        raise ValueError(
            f"unknown bot {quote(spec)}; use one of {', '.join(BOT_NAMES)} or a Bot object"
        )
    return factory(rules)
