"""Bots for every game. ``make_bot(game, kind, seat, seed)``; "random" works for every game.

A game's own bots live in ``tischrunde.bots.<game>``, which defines ``BOTS: dict[str, BotFactory]``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from tischrunde.bots.base import Bot, Decision, RandomBot
from tischrunde.core.errors import ConfigError

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


def make_bot(game: str, kind: str, seat: int, seed: int, **params: Any) -> Bot:
    """A bot of ``kind`` for ``seat``; raises ConfigError listing the kinds for that game."""
    kinds = bot_kinds(game)
    if kind not in kinds:
        raise ConfigError("bots", kind, sorted(kinds))
    return kinds[kind](seat, seed, **params)


__all__ = ["Bot", "BotFactory", "Decision", "RandomBot", "bot_kinds", "make_bot"]
