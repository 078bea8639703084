"""The stella AEC environment: ``stella_v0.env(players=4)`` (see ``tischrunde.envs.aec``)."""

from __future__ import annotations

from typing import Any

from tischrunde.envs.aec import TischrundeEnv, make_env

#: the fixed action space offers this many legal actions (plus "wait")
MAX_ACTIONS = 64


def raw_env(players: int = 4, **kwargs: Any) -> TischrundeEnv:
    """The unwrapped environment; keyword arguments as :class:`TischrundeEnv` (options, reaction_ms, ...)."""
    return TischrundeEnv("stella", players, **{"max_actions": MAX_ACTIONS, **kwargs})


def env(players: int = 4, **kwargs: Any) -> Any:
    """The environment with PettingZoo's order and bounds checks."""
    return make_env("stella", players, **{"max_actions": MAX_ACTIONS, **kwargs})
