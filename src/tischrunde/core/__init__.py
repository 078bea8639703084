"""The engine core: the uniform game API, errors, PRNG, records and the registry."""

from __future__ import annotations

from tischrunde.core.errors import (
    ConfigError,
    GameError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
)
from tischrunde.core.game import (
    Action,
    Config,
    Event,
    Game,
    GameSpec,
    NextRound,
    OptionSpec,
    Outcome,
    Speed,
    Timeout,
    encode_action,
)

__all__ = [
    "Action",
    "Config",
    "ConfigError",
    "Event",
    "Game",
    "GameError",
    "GameSpec",
    "IllegalActionError",
    "MalformedActionError",
    "NextRound",
    "NotYourTurnError",
    "OptionSpec",
    "Outcome",
    "Speed",
    "Timeout",
    "encode_action",
]
