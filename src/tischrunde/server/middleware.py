"""The ASGI middleware around the app: security headers on every response, the Host check and the
WebSocket caps (``Guard``), and the raw ``send`` kept for the game socket's writers (``RawSend``)."""

from __future__ import annotations

import logging
import resource
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.types import ASGIApp as StarletteASGIApp

from tischrunde.server import security
from tischrunde.server.protocol import Error
from tischrunde.server.security import SECURITY_HEADERS

quiet = security.QuietLog(logging.getLogger("tischrunde.server"))
_json = msgspec.json.Encoder()

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Any]]
Send = Callable[[Any], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Middleware:
    """An ASGI middleware around ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app


RAW_SEND = "tischrunde.raw_send"


class RawSend(Middleware):
    """Keeps the ASGI server's own ``send`` of a WebSocket in its scope (``RAW_SEND``), for the game
    socket's writers (``sessions.write_frames``, ``direct_writer``). The middleware outside it (``App``) passes a
    WebSocket's ``send`` on as it is."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        scope[RAW_SEND] = send
        try:
            await self.app(scope, receive, send)
        finally:
            # uvicorn's protocol holds the scope and ``send`` is its bound method: a reference cycle
            # that would outlive the connection (gcpolicy)
            scope.pop(RAW_SEND, None)


class SecurityHeaders(Middleware):
    """Adds the Content-Security-Policy and friends to every HTTP response. The outermost middleware
    (``App``), so refusals and Starlette's own 500 carry them too."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                headers = list(message.get("headers", []))
                headers.extend((n, v) for n, v in SECURITY_HEADERS if n not in names)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


async def _refuse(
    scope: Scope, receive: Receive, send: Send, status: int, ws_code: int, error: Error, *, accept: bool
) -> None:
    """Answer an HTTP request with ``status`` and ``error``. A WebSocket is closed with ``ws_code``:
    with ``accept`` after its handshake, the message as reason, so the client can tell why; else
    before it (the client sees HTTP 403 and learns nothing)."""
    if scope["type"] == "http":
        body = _json.encode(error)
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
        return
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    if not accept:
        await send({"type": "websocket.close", "code": ws_code})
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": ws_code, "reason": error.message[:120]})


class Guard(Middleware):
    """Refuses, before any route runs: a Host header not in ``hosts`` (a DNS-rebinding page names its
    own host; HTTP 400, WebSocket 1008), and a WebSocket beyond ``per_client`` open ones from one
    address or ``total`` open ones in all (close 1013, "try again later")."""

    def __init__(self, app: ASGIApp, *, hosts: security.HostList, per_client: int, total: int) -> None:
        super().__init__(app)
        self.hosts = hosts
        self.per_client = per_client
        self.total = total
        self.open: dict[str, int] = {}
        self.open_total = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if not self.hosts.allows(host):
            quiet.note("bad_host", f"refused a request for host {str(host)[:80]!r} (see --allowed-hosts)")
            error = Error(
                code="bad_host", message="this server does not answer for this host name", field="host"
            )
            await _refuse(scope, receive, send, 400, 1008, error, accept=False)
            return
        if kind == "http":
            await self.app(scope, receive, send)
            return
        client = scope["client"][0] if scope.get("client") else "unknown"
        count = self.open.get(client, 0)
        if count >= self.per_client or self.open_total >= self.total:
            quiet.note("full", f"refused a WebSocket from {client}: the server or this address is full")
            error = Error(code="busy", message="too many connections, try again later")
            await _refuse(scope, receive, send, 503, 1013, error, accept=True)
            return
        self.open[client] = count + 1
        self.open_total += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open_total -= 1
            left = self.open[client] - 1
            if left:
                self.open[client] = left
            else:
                del self.open[client]


class App(Starlette):
    """Starlette with our middleware outside its own: ``SecurityHeaders`` outermost, then (behind a
    trusted proxy) the forwarded client address, the ``Guard``, and ``RawSend``."""

    outer: Callable[[StarletteASGIApp], StarletteASGIApp] | None = None

    def build_middleware_stack(self) -> StarletteASGIApp:
        stack = super().build_middleware_stack()
        return stack if self.outer is None else self.outer(stack)


def fd_budget(reserve: int = 128) -> int:
    """How many connections fit in this process's file limit, leaving ``reserve`` for the store,
    logs and the listening sockets."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 100_000
    return max(16, soft - reserve)
