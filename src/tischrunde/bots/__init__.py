"""Bots for every game. ``make_bot(game, "kind[:level]", seat, seed)``; "random" works for every game.

A game's own bots live in ``tischrunde.bots.<game>``, which defines ``BOTS: dict[str, BotFactory]``.
A level (``easy``, ``normal``, ``hard``; see :mod:`tischrunde.bots.pace`) is passed to the factory as
``level=`` when the string names one; otherwise the factory's default (``normal``) holds. A module may
name in ``STANDIN`` the kind that stands in for a person who is away (``standin_kind``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from tischrunde.bots.base import Bot, Decision, RandomBot
from tischrunde.bots.pace import DEFAULT_LEVEL, LEVELS, BotSpec, parse_bot

BotFactory = Callable[..., Bot]


def _game_bots(game: str) -> ModuleType | None:
    """``tischrunde.bots.<game>``, or None when the game has no bots of its own."""
    module_name = f"tischrunde.bots.{game}"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return None


def bot_kinds(game: str) -> dict[str, BotFactory]:
    """Every bot kind available for a game, "random" first."""
    kinds: dict[str, BotFactory] = {"random": RandomBot}
    module = _game_bots(game)
    if module is not None:
        kinds.update(module.BOTS)
    return kinds


def default_kind(game: str) -> str:
    """The bot kind that fills seats: a game's own first bot, else "random"."""
    kinds = list(bot_kinds(game))
    return kinds[1] if len(kinds) > 1 else kinds[0]


def standin_kind(game: str) -> str:
    """The bot kind that stands in for a person who is away: the game's ``STANDIN`` if its bots module
    names one (Emojito: a stand-in that only keeps the table going), else ``default_kind``."""
    standin = getattr(_game_bots(game), "STANDIN", None)
    return standin if isinstance(standin, str) and standin in bot_kinds(game) else default_kind(game)


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
    "default_kind",
    "make_bot",
    "parse_bot",
    "standin_kind",
]
