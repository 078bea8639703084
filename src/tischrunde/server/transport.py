"""uvicorn's HTTP and WebSocket protocols with the limits ``tischrunde serve`` needs against slow or
malformed clients (the ASGI app cannot see a connection before its request headers are complete).

- ``GuardedH11``: a connection must finish its request headers within ``header_timeout_s`` of opening
  (or of its previous response), however slowly it trickles bytes in: a slowloris client is closed
  instead of holding a socket; the 400 for a malformed request carries the security headers.
- ``QuietWebSockets``: a text frame that is not UTF-8 closes the connection with 1007 as before, but
  logs one short rate-limited line instead of a traceback; a frame over uvicorn's ``ws_max_size`` gets
  a close 1009 that names the limit, and the connection ends with the client's close, not a TCP reset.
"""

from __future__ import annotations

import asyncio
import logging
import struct
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from tischrunde.server.gcpolicy import TidyWebSocket
from tischrunde.server.protocol import MAX_FRAME_BYTES
from tischrunde.server.security import SECURITY_HEADERS, QuietLog

log = logging.getLogger("tischrunde.server")
quiet = QuietLog(log)

HEADER_TIMEOUT_S = 10.0
#: how long a connection closed for an oversized frame may go on sending before it is cut off
LINGER_S = 2.0
TOO_LARGE = f"frames are limited to {MAX_FRAME_BYTES} bytes"


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's headers."""

    header_timeout_s = HEADER_TIMEOUT_S

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout_s, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if self.cycle is not None and not self.cycle.response_complete:
            return  # the app has the request (its body has a timeout of its own); re-armed after it
        if not self.transport.is_closing():
            quiet.note("slow_client", "closed a connection that did not send its request in time")
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()
        super().handle_websocket_upgrade(event)

    def send_400_response(self, msg: str) -> None:
        reason = b"Bad Request"
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"connection", b"close"),
            *SECURITY_HEADERS,
        ]
        try:
            for event in (
                h11.Response(status_code=400, headers=headers, reason=reason),
                h11.Data(data=msg.encode("ascii")),
                h11.EndOfMessage(),
            ):
                output = self.conn.send(event)
                if output:
                    self.transport.write(output)
        except h11.LocalProtocolError:
            pass  # a response had already begun: closing is all that is left
        self.transport.close()


def guarded_h11(header_timeout_s: float) -> type[GuardedH11]:
    """``GuardedH11`` with another header deadline."""
    return type("GuardedH11", (GuardedH11,), {"header_timeout_s": header_timeout_s})


class QuietWebSockets(TidyWebSocket):
    """uvicorn's websockets-sansio protocol; a text frame that is not UTF-8 is an expected attack, and so
    is a frame too large to read."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lingering: asyncio.TimerHandle | None = None

    def handle_parser_exception(self) -> None:
        if self.lingering is not None:
            return  # more of the oversized frame: read and dropped (websockets discards it)
        close = self.conn.close_sent
        if close is None or close.code != 1009:
            super().handle_parser_exception()
            return
        # uvicorn closes the socket at once, the rest of the frame unread: the kernel then sends a TCP
        # reset, which can overtake the close frame and the client sees a broken connection. Instead:
        # the close frame with the app's own limit, then a half-close; the rest is read and dropped
        # until the client closes too (``eof_received`` closes then), at most LINGER_S
        self.conn.data_to_send()  # websockets' close frame (its reason names uvicorn's limit)
        quiet.note("too_large", "closed a WebSocket (1009) that sent a frame over the size limit")
        self.queue.put_nowait({"type": "websocket.disconnect", "code": 1009, "reason": TOO_LARGE})
        payload = struct.pack("!H", 1009) + TOO_LARGE.encode()
        self.transport.write(bytes((0x88, len(payload))) + payload)
        self.close_sent = True
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.lingering = self.loop.call_later(LINGER_S, self.transport.close)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.lingering is not None:
            self.lingering.cancel()
            self.lingering = None
        super().connection_lost(exc)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type != "text":
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:
            return  # as uvicorn: past the app's close, messages are dropped
        try:
            text = data.decode()
        except UnicodeDecodeError:
            quiet.note("bad_utf8", "closed a WebSocket (1007) that sent a text frame not in UTF-8")
            self.conn.send_close(1007)
            self.handle_parser_exception()
            return
        self.queue.put_nowait({"type": "websocket.receive", "text": text})


#: uvicorn's own log lines that any client can cause, one per request
NOISY = frozenset(
    {"Invalid HTTP request received.", "Unsupported upgrade request.", "Exceeded concurrency limit."}
)


class QuietFilter(logging.Filter):
    """Lets each of uvicorn's ``NOISY`` lines through at most once per ``every_s``."""

    def __init__(self, every_s: float = 10.0) -> None:
        super().__init__()
        self.every_s = every_s
        self.last: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.msg
        if not isinstance(message, str) or message not in NOISY:
            return True
        last = self.last.get(message)
        if last is not None and record.created - last < self.every_s:
            return False
        self.last[message] = record.created
        return True


def quiet_uvicorn() -> None:
    """Rate-limit uvicorn's ``NOISY`` lines (once per process)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, QuietFilter) for f in logger.filters):
        logger.addFilter(QuietFilter())
