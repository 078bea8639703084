"""The registry of games: name -> Game object, imported lazily from ``tischrunde.games``."""

from __future__ import annotations

import importlib
from typing import Any

from tischrunde.core.errors import ConfigError
from tischrunde.core.game import Game

#: registered game names and the module that defines ``GAME`` for each
GAME_MODULES: dict[str, str] = {
    "mogelmotte": "tischrunde.games.mogelmotte",
    "emojito": "tischrunde.games.emojito",
    "stella": "tischrunde.games.stella",
    "wordland": "tischrunde.games.wordland",
}

_cache: dict[str, Game[Any]] = {}


def get(name: str) -> Game[Any]:
    """The game called ``name``; raises ConfigError listing the known games."""
    if name not in GAME_MODULES:
        raise ConfigError("game", name, sorted(GAME_MODULES))
    if name not in _cache:
        module = importlib.import_module(GAME_MODULES[name])
        game = module.GAME
        assert isinstance(game, Game)
        _cache[name] = game
    return _cache[name]


def available() -> list[str]:
    """Names of games whose module is installed (all four once the engines exist)."""
    names = []
    for name, module in GAME_MODULES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        names.append(name)
    return names
