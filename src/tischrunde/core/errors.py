"""Typed errors. Every rejected action names the rule that forbids it and carries a stable code."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class GameError(ValueError):
    """Base of every error a game raises; the state it was raised from is unchanged."""

    code: str = "game_error"

    def __init__(self, message: str, *, code: str | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.rule = rule

    def to_dict(self) -> dict[str, Any]:
        """The JSON form the server sends to a client."""
        return {"code": self.code, "message": self.message, "rule": self.rule}


class ConfigError(GameError):
    """A game config names an unknown option, a bad value or a wrong player count."""

    code = "bad_config"

    def __init__(self, field: str, value: object, allowed: str | Iterable[object]) -> None:
        allowed_text = allowed if isinstance(allowed, str) else ", ".join(repr(a) for a in allowed)
        super().__init__(f"config field {field!r}: {value!r} is not allowed (allowed: {allowed_text})")
        self.field = field
        self.value = value
        self.allowed = allowed_text

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "field": self.field, "allowed": self.allowed}


class IllegalActionError(GameError):
    """A well-formed action that the rules forbid now (wrong seat, wrong phase, wrong card...)."""

    code = "illegal_action"


class NotYourTurnError(IllegalActionError):
    """The seat may not act at this moment."""

    code = "not_your_turn"


class MalformedActionError(GameError):
    """An action that cannot be decoded or does not belong to this game."""

    code = "malformed_action"
