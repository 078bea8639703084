"""Bots for every game. ``make_bot(game, "kind[:level]", seat, seed)``; "random" works for every game.

A game's own bots live in ``tischrunde.bots.<game>``, which defines ``BOTS: dict[str, BotFactory]``.
A level (``easy``, ``normal``, ``hard``; see :mod:`tischrunde.bots.pace`) is passed to the factory as
``level=`` when the string names one; otherwise the factory's default (``normal``) holds.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from tischrunde.bots.base import Bot, Decision, RandomBot
from tischrunde.bots.pace import DEFAULT_LEVEL, LEVELS, BotSpec, parse_bot

BotFactory = Callable[..., Bot]


def bot_kinds(game: str) -> dict[str, BotFactory]:
    """Every bot kind available for a game, "random" first."""
    kinds: dict[str, BotFactory] = {"random": RandomBot}
    module_name = f"tischrunde.bots.{game}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return kinds
    kinds.update(module.BOTS)
    return kinds


def check_bot(game: str, text: str, field: str = "bots") -> BotSpec:
    """Parse ``kind[:level]`` for a game; ConfigError naming ``field`` lists the kinds or the levels."""
    return parse_bot(text, bot_kinds(game), field)


def make_bot(game: str, kind: str, seat: int, seed: int, **params: Any) -> Bot:
    """A bot of ``kind`` (``kind[:level]``) for ``seat``; raises ConfigError listing the kinds or levels."""
    kinds = bot_kinds(game)
    spec = parse_bot(kind, kinds)
    if spec.level is not None:
        params["level"] = spec.level
    return kinds[spec.kind](seat, seed, **params)


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "BotFactory",
    "BotSpec",
    "Decision",
    "RandomBot",
    "bot_kinds",
    "check_bot",
    "make_bot",
    "parse_bot",
]
