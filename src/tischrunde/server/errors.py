"""Refusals in one scheme: a stable ``code`` (the web app holds the words for people by code), the
``field`` it names if any, and an English ``message`` for logs and developers.

A refused frame raises ``ProtocolError`` and is answered by its ``Error`` frame; an HTTP refusal is
``error_response`` (the same three fields as JSON); an engine's ``GameError`` becomes ``error_frame``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import msgspec
from starlette.responses import Response

from tischrunde.core.errors import ConfigError, GameError
from tischrunde.server.protocol import Error
from tischrunde.server.store import StoreUnavailable

_json = msgspec.json.Encoder()


class ProtocolError(Exception):
    """A refused frame or request: stable ``code``, an English sentence, optionally the offending field."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def frame(self) -> Error:
        return Error(code=self.code, message=self.message, field=self.field)


def error_frame(exc: GameError) -> Error:
    """The Error frame of an engine error (its code, sentence and field if it names one)."""
    field = exc.field if isinstance(exc, ConfigError) else None
    return Error(code=exc.code, message=exc.message, field=field)


def error_response(status: int, code: str, message: str, field: str | None = None) -> Response:
    """An HTTP refusal: ``status`` and the Error's JSON."""
    return Response(
        _json.encode(Error(code=code, message=message, field=field)),
        status_code=status,
        media_type="application/json",
    )


@contextlib.contextmanager
def store_reachable() -> Iterator[None]:
    """A store that cannot be reached (Redis restarting) is ``busy``: the client may try again."""
    try:
        yield
    except StoreUnavailable:
        raise ProtocolError("busy", "the game's storage cannot be reached right now, try again") from None


#: what the clients of a room hear when its store copy is gone (deleted elsewhere, or lost by the store)
ROOM_GONE = Error(code="unknown_room", message="this room no longer exists (it is gone from the store)")


def expired_frame(reason: str) -> Error:
    """What the clients of a room hear when it expires (``manager.expiry_reason`` says why)."""
    return Error(code="unknown_room", message=f"this room has expired: {reason}")
