"""The Starlette app: web files, the HTTP API and the WebSocket game protocol (see ``protocol``)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import math
import re
import resource
import struct
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from pathlib import Path
from typing import Any

import msgspec
import segno
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp as StarletteASGIApp
from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from tischrunde.bots import LEVELS, bot_kinds, check_bot
from tischrunde.core import registry
from tischrunde.core.errors import ConfigError, GameError
from tischrunde.core.game import Config, Game, Timeout
from tischrunde.core.records import Entry, Record, dumps
from tischrunde.server import pictures, publicurl, security
from tischrunde.server.content import CONTENT_ROUTES
from tischrunde.server.gcpolicy import keep_gc
from tischrunde.server.owncontent import owncontent_routes
from tischrunde.server.pictures import picture_routes
from tischrunde.server.protocol import (
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
    Act,
    ClientFrame,
    Error,
    Hello,
    Host,
    Leave,
    Ping,
    Pong,
    Welcome,
)
from tischrunde.server.rooms import (
    Clock,
    Conn,
    ProtocolError,
    Room,
    RoomManager,
    back_to_lobby,
    default_bot,
    error_frame,
    join_room,
    next_badge,
    pass_host,
    remove_seat,
    require_lobby,
    set_first_seat,
    set_more_time,
    start_game,
    switch_game,
    wall_ms,
)
from tischrunde.server.security import CSP as CSP
from tischrunde.server.security import SECURITY_HEADERS
from tischrunde.server.static import WebFiles
from tischrunde.server.store import RoomRow, SeatRow, SQLiteStore, Store

log = logging.getLogger("tischrunde.server")
quiet = security.QuietLog(log)

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

MAX_TAKEOVER_S = 3600
MAX_BODY_BYTES = 16 * 1024
WRITER_GRACE_S = 2.0
HELLO_LATE = "no hello within {:g} s: the connection is closed"

_frame_decoder = msgspec.json.Decoder(ClientFrame)
_json = msgspec.json.Encoder()
_FIELD = re.compile(r"at `\$\.([A-Za-z_][\w.\[\]]*)`|missing required field `(\w+)`|unknown field `(\w+)`")

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
    socket's writers (``_write``, ``direct_writer``). The middleware outside it (``App``) passes a
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


class Server:
    """State shared by the routes: the room manager and the per-client limits."""

    def __init__(
        self,
        manager: RoomManager,
        web_dir: Path,
        *,
        msg_rate: float,
        msg_burst: float,
        join_limit: int,
        join_window_s: float,
        room_limit: int,
        heartbeat_s: float = 6.0,
        public_url: str | None = None,
        listen_host: str | None = None,
        conn_miss_limit: int = 5,
        lookup_cap: int = 300,
        creation_cap: int = 300,
        hello_timeout_s: float = 10.0,
        body_timeout_s: float = 10.0,
        max_spectators: int = 200,
        spectator_every_s: float = 0.25,
        pressure_delay_s: float = 1.0,
    ) -> None:
        self.manager = manager
        self.web = WebFiles(web_dir)
        self.heartbeat_s = heartbeat_s
        self.public_url = public_url
        self.listen_host = listen_host
        self.msg_rate = msg_rate
        self.msg_burst = msg_burst
        # misses (unknown codes, bad tokens): a refilling budget per address (spent: its lookups are
        # refused), a limit per connection (then it is closed), and of all clients together a rate past
        # which misses are answered later (never refused: others' misses must not lock anyone out)
        self.throttle = security.Budgets(join_limit, join_window_s)
        self.conn_miss_limit = conn_miss_limit
        self.conn_misses: dict[Conn, int] = {}
        self.all_misses = security.Pressure(lookup_cap, 60.0, pressure_delay_s)
        # room creations: a refilling budget per address; of all clients together a rate past which
        # creating a room takes a little longer
        self.creations = security.Budgets(room_limit, join_window_s)
        self.all_creations = security.Pressure(creation_cap, 60.0, pressure_delay_s)
        self.hello_timeout_s = hello_timeout_s
        self.body_timeout_s = body_timeout_s
        self.max_spectators = max_spectators
        self.spectator_every_s = spectator_every_s
        self.count_due: dict[Room, asyncio.TimerHandle] = {}
        # token hellos between their seat change and joining the room's connections (see ``detach``)
        self.arriving: dict[Conn, tuple[Room, str]] = {}

    # ---- throttles -----------------------------------------------------------------------------

    def _throttled(self, client: str, now: float) -> str | None:
        """Why lookups by code from ``client`` are refused now, or None: only its own address's misses
        count (what other clients do slows their misses, ``_miss``, and never refuses anyone)."""
        if not self.throttle.allowed(client, now):
            wait = math.ceil(self.throttle.wait_s(client, now))
            return f"too many unknown room codes or tokens from your address, try again in {wait} s"
        return None

    async def _miss(self, client: str, now: float, conn: Conn | None = None) -> None:
        """Count a miss against ``client`` (and ``conn``); while all clients together miss more than
        ``lookup_cap`` a minute, the answer to a miss waits a little (a hit never does)."""
        self.throttle.spend(client, now)
        if conn is not None:
            self.conn_misses[conn] = self.conn_misses.get(conn, 0) + 1
        delay = self.all_misses.delay_s(now)
        if delay > 0:
            await asyncio.sleep(delay)

    async def _find_room(self, conn: Conn, hello: Hello, now: float) -> Room:
        """The room a hello names. A hello whose token holds a seat there is never throttled; any other
        is refused while its address (or the whole server) has too many misses, whether its room exists
        or not (else the refusal would tell codes apart)."""
        refusal = self._throttled(conn.client, now)
        if refusal is not None and hello.token is None:
            raise ProtocolError("rate_limited", refusal)
        code = security.normalize_code(hello.room)
        room = None if code is None else await self.manager.get(code)
        if refusal is not None:
            assert hello.token is not None
            token_hash = security.hash_token(hello.token)
            if room is None or (room.seat_of(token_hash) is None and room.row.table_token_hash != token_hash):
                raise ProtocolError("rate_limited", refusal)
        if room is None:
            await self._miss(conn.client, now, conn)
            raise ProtocolError("unknown_room", "there is no room with this code", "room")
        return room

    # ---- spectators ----------------------------------------------------------------------------

    def spectators_changed(self, room: Room) -> None:
        """A spectator came or went: the room hears its new count within ``spectator_every_s``, one
        RoomMsg for all the changes meanwhile (a thousand spectators joining at once would otherwise
        cost half a million frames)."""
        if room not in self.count_due:
            loop = asyncio.get_running_loop()
            self.count_due[room] = loop.call_later(self.spectator_every_s, self._send_count, room)

    def _send_count(self, room: Room) -> None:
        self.count_due.pop(room, None)
        room.broadcast_room()

    def room_is_full_of_spectators(self, room: Room) -> bool:
        return sum(1 for c in room.conns if room.seat_of(c.token_hash) is None) >= self.max_spectators

    # ---- HTTP ----------------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        return await self.web.page(request)

    async def games(self, request: Request) -> Response:
        out = []
        for name, game in loadable_games().items():
            spec = game.spec
            entry = msgspec.to_builtins(spec)
            entry["bots"] = list(bot_kinds(name))
            entry["default_bot"] = default_bot(name)
            entry["bot_levels"] = list(LEVELS)
            out.append(entry)
        return Response(_json.encode(out), media_type="application/json")

    async def create_room(self, request: Request) -> Response:
        client = _client(request)
        now = time.monotonic()
        if not self.creations.allowed(client, now):
            wait = math.ceil(self.creations.wait_s(client, now))
            return _error(429, "rate_limited", f"too many new rooms from your address, try again in {wait} s")
        media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if media != "application/json":
            return _error(415, "bad_frame", "the body must be JSON sent as Content-Type: application/json")
        try:
            body = await _read_body(request, self.body_timeout_s)
        except ClientDisconnect:
            quiet.note("client_left", "a client left while sending a request body")
            return _error(400, "bad_frame", "the request body did not arrive")
        except TimeoutError:
            quiet.note("slow_body", "a client did not finish its request body in time")
            return _error(408, "bad_frame", f"the request body must arrive within {self.body_timeout_s:g} s")
        if body is None:
            return _error(413, "too_large", f"the request is larger than {MAX_BODY_BYTES} bytes")
        if security.json_too_deep(body):
            return _error(400, "bad_frame", f"JSON may nest at most {security.MAX_JSON_DEPTH} levels")
        try:
            data = msgspec.json.decode(body)
        except msgspec.DecodeError:
            return _error(400, "bad_frame", "the body must be a JSON object")
        if not isinstance(data, dict):
            return _error(400, "bad_frame", "the body must be a JSON object")
        unknown = sorted(set(data) - {"game", "language", "options", "takeover_s", "table"})
        if unknown:
            return _error(400, "bad_frame", f"unknown field {unknown[0]!r}", unknown[0])
        name = data.get("game")
        games = loadable_games()
        if not isinstance(name, str) or name not in games:
            return _error(400, "bad_config", f"unknown game {name!r}; games: {', '.join(games)}", "game")
        language = data.get("language", "de")
        if language not in ("de", "en"):
            return _error(400, "bad_config", "language must be 'de' or 'en'", "language")
        options = data.get("options", {})
        if not isinstance(options, dict):
            return _error(400, "bad_config", "options must be an object", "options")
        takeover = data.get("takeover_s", 60)
        if not isinstance(takeover, int) or isinstance(takeover, bool) or not 0 <= takeover <= MAX_TAKEOVER_S:
            return _error(400, "bad_config", f"takeover_s must be 0..{MAX_TAKEOVER_S} seconds", "takeover_s")
        table = data.get("table", False)
        if not isinstance(table, bool):
            return _error(400, "bad_config", "table must be true or false", "table")
        game = games[name]
        try:
            resolved = check_options(game, options)
        except GameError as exc:
            frame = error_frame(exc)
            return _error(400, frame.code, frame.message, frame.field)
        self.creations.spend(client, now)
        delay = self.all_creations.delay_s(now)
        if delay > 0:  # many rooms made everywhere at once: slower, never refused
            await asyncio.sleep(delay)
        # a room made for the table screen: its token lets that screen act as host without a seat
        table_token = security.new_token() if table else None
        for _ in range(20):
            row = RoomRow(
                code=security.new_room_code(),
                game=name,
                language=language,
                options=resolved,
                created_ms=self.manager.clock(),
                takeover_s=takeover,
                table_token_hash=None if table_token is None else security.hash_token(table_token),
            )
            try:
                room = await self.manager.create(row)
            except ProtocolError as exc:  # the store is unreachable: busy
                return _error(503, exc.code, exc.message)
            if room is not None:
                url = self.join_link(request, row.code).url
                made: dict[str, Any] = {
                    "code": row.code,
                    "url": url,
                    "qr_svg_url": f"/api/rooms/{row.code}/qr.svg",
                }
                if table_token is not None:
                    made["table_token"] = table_token
                return JSONResponse(made, status_code=201)
        return _error(503, "busy", "no free room code found, try again")

    async def _lookup(self, request: Request) -> Room | Response:
        client = _client(request)
        now = time.monotonic()
        refusal = self._throttled(client, now)
        if refusal is not None:
            return _error(429, "rate_limited", refusal)
        code = security.normalize_code(str(request.path_params["code"]))
        try:
            room = None if code is None else await self.manager.get(code)
        except ProtocolError as exc:  # the store is unreachable: busy
            return _error(503, exc.code, exc.message)
        if room is None:
            await self._miss(client, now)
            return _error(404, "unknown_room", "there is no room with this code")
        return room

    async def room_info(self, request: Request) -> Response:
        room = await self._lookup(request)
        if isinstance(room, Response):
            return room
        return Response(_json.encode(room.info()), media_type="application/json")

    async def room_qr(self, request: Request) -> Response:
        room = await self._lookup(request)
        if isinstance(room, Response):
            return room
        buffer = io.BytesIO()
        segno.make(self.join_link(request, room.code).url, error="m").save(
            buffer, kind="svg", scale=8, border=2, xmldecl=False, svgns=True, title=room.code
        )
        return Response(buffer.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-cache"})

    async def room_page(self, request: Request) -> Response:
        return await self.index(request)

    # ---- HTTP: the game night (join link, records of finished games) -------------------------

    def join_link(self, request: Request, code: str) -> publicurl.JoinLink:
        """The room's join link by the rules of ``publicurl.join_link``."""
        wildcard = self.listen_host is not None and self.listen_host.strip("[]") in publicurl.ALL_INTERFACES
        return publicurl.join_link(
            f"/r/{code}",
            request_link=_room_url(request, code),
            public_url=self.public_url,
            listen_host=self.listen_host,
            lan_ip=publicurl.cached_lan_ipv4() if wildcard else None,
        )

    async def room_join(self, request: Request) -> Response:
        room = await self._lookup(request)
        if isinstance(room, Response):
            return room
        link = self.join_link(request, room.code)
        return JSONResponse({"url": link.url, "reachable": link.reachable, "hint": link.hint})

    async def game_record(self, request: Request) -> Response:
        room = await self._lookup(request)
        if isinstance(room, Response):
            return room
        number = int(request.path_params["n"])
        past = next((p for p in room.row.evening if p.result.n == number), None)
        if past is None:
            return _error(404, "unknown_game", f"game {number} of this room is not finished (or never was)")
        entries = await self.manager.store.entries(room.code, number)
        record = Record(
            game=past.config.game,
            rules_version=past.rules_version,
            config=past.config,
            entries=[Entry(e.seat, e.action, e.t) for e in entries],
            id=f"{room.code}-{number}",
            names=list(past.result.names),
        )
        filename = f"tischrunde-{room.code}-{number}-{past.config.game}.json"
        return Response(
            dumps(record),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{filename}"'},
        )

    # ---- WebSocket -----------------------------------------------------------------------------

    async def websocket(self, ws: WebSocket) -> None:
        origin = ws.headers.get("origin")
        host = ws.headers.get("host")
        if origin is not None and host is not None and origin.split("://", 1)[-1] != host:
            # another site's page may not use a visitor's browser to play here
            await ws.close(code=1008)
            return
        await ws.accept()
        conn = Conn(_client(ws))
        conn.direct = direct_writer(ws)
        writer = asyncio.create_task(_write(ws, conn))
        bucket = security.TokenBucket(self.msg_rate, self.msg_burst, time.monotonic())
        hello_by = time.monotonic() + self.hello_timeout_s
        try:
            while not conn.closed:
                message = await self.receive(ws, conn, hello_by)
                if message is None:
                    if conn.room is None:
                        # a connection that never joins only holds a socket
                        conn.send(
                            Error(
                                code="bad_frame",
                                message=HELLO_LATE.format(self.hello_timeout_s),
                                field="type",
                            )
                        )
                        conn.close()
                    break
                if message["type"] == "websocket.disconnect":
                    break
                data = message.get("text")
                if data is None:
                    data = message.get("bytes") or b""
                if not bucket.take(time.monotonic()):
                    conn.send(Error(code="rate_limited", message="too many messages, slow down"))
                    continue
                await self.handle(conn, data)
        except WebSocketDisconnect:
            pass
        finally:
            conn.close()
            self.conn_misses.pop(conn, None)
            await self.detach(conn)
            # the writer sends what is queued (a refusal's error frame) and the close; a client that
            # reads nothing any more is not waited for long
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(writer, WRITER_GRACE_S)

    async def receive(self, ws: WebSocket, conn: Conn, hello_by: float) -> Message | None:
        """The next ASGI message, or None at a deadline: ``hello_by`` for a connection that has not
        joined yet, ``heartbeat_s`` of silence for one that has pinged (the web app's heartbeat: its
        network is gone). Joined connections that never ping wait forever."""
        if conn.room is None:
            timeout = hello_by - time.monotonic()
        elif conn.pinged:
            timeout = self.heartbeat_s
        else:
            return await ws.receive()
        try:
            async with asyncio.timeout(timeout):
                return await ws.receive()
        except TimeoutError:
            return None

    async def handle(self, conn: Conn, data: str | bytes) -> None:
        """Answer one client frame; on any refusal send an Error and change nothing."""
        size = len(data) if isinstance(data, bytes) else len(data.encode())
        if size > MAX_FRAME_BYTES:
            conn.send(Error(code="too_large", message=f"frames are limited to {MAX_FRAME_BYTES} bytes"))
            return
        if security.json_too_deep(data):
            conn.send(
                Error(code="bad_frame", message=f"JSON may nest at most {security.MAX_JSON_DEPTH} levels")
            )
            return
        try:
            frame = _frame_decoder.decode(data)
        except msgspec.ValidationError as exc:
            match = _FIELD.search(str(exc))
            field = next((g for g in match.groups() if g), None) if match else None
            conn.send(Error(code="bad_frame", message=str(exc), field=field))
            return
        except msgspec.DecodeError as exc:
            conn.send(Error(code="bad_frame", message=f"not a JSON object: {exc}"))
            return
        try:
            if isinstance(frame, Hello):
                await self.hello(conn, frame)
            elif isinstance(frame, Ping):
                conn.pinged = True
                conn.send(Pong())
            elif conn.room is None:
                raise ProtocolError("bad_frame", "the first frame must be a hello", "type")
            elif isinstance(frame, Act):
                await self.act(conn, conn.room, frame)
            elif isinstance(frame, Host):
                await self.host(conn, conn.room, frame)
            elif isinstance(frame, Leave):
                await self.leave(conn, conn.room)
        except ProtocolError as exc:
            conn.send(exc.frame())
            if self.conn_misses.get(conn, 0) >= self.conn_miss_limit:
                conn.send(
                    Error(
                        code="rate_limited", message="too many unknown room codes or tokens on one connection"
                    )
                )
                conn.close()
        except GameError as exc:
            conn.send(error_frame(exc))

    async def hello(self, conn: Conn, hello: Hello) -> None:
        try:
            await self._hello(conn, hello)
        finally:
            self.arriving.pop(conn, None)

    def _seat_held(self, room: Room, token_hash: str) -> bool:
        """Whether a connection holds (or is just taking up) the seat of ``token_hash`` in ``room``."""
        return any(c.token_hash == token_hash for c in room.conns) or any(
            r is room and t == token_hash for r, t in self.arriving.values()
        )

    async def _hello(self, conn: Conn, hello: Hello) -> None:
        if conn.room is not None:
            raise ProtocolError("bad_frame", "this connection has already joined a room", "type")
        if hello.v != PROTOCOL_VERSION:
            raise ProtocolError("bad_frame", f"this server speaks protocol version {PROTOCOL_VERSION}", "v")
        now = time.monotonic()
        room = await self._find_room(conn, hello, now)
        token: str | None = None
        role = hello.role
        if hello.token is not None and role == "table":
            await self._table_hello(conn, room, hello.token, now)
        elif hello.token is not None:
            token_hash = security.hash_token(hello.token)
            if room.seat_of(token_hash) is None and not room.is_waiting(token_hash):
                await self._miss(conn.client, now, conn)
                raise ProtocolError("bad_token", "this token holds no seat in this room", "token")
            role = "player"

            def back(row: RoomRow) -> None:
                for seat in [*row.seats, *row.waiting]:
                    if seat.token_hash == token_hash:
                        seat.connected = True
                        seat.away_since_ms = None
                        seat.standin = None
                if row.host_seat is None:
                    pass_host(row)

            # from here the seat counts as held: a refresh's old socket may close meanwhile (detach)
            self.arriving[conn] = (room, token_hash)
            await room.mutate(back)
            conn.token_hash = token_hash
        elif role == "player" and hello.name is not None:
            # a seat in the lobby; during a game a place on the waiting list (rooms.join_room)
            try:
                name = security.clean_name(hello.name)
            except security.BadNameError as exc:
                raise ProtocolError("bad_frame", str(exc), "name") from exc
            token = security.new_token()
            token_hash = security.hash_token(token)
            await room.mutate(lambda row: join_room(row, name, token_hash))
            conn.token_hash = token_hash
        else:
            role = "table" if role == "table" else "spectator"
            if self.room_is_full_of_spectators(room):
                raise ProtocolError(
                    "room_full", f"this room has its {self.max_spectators} spectators already"
                )
        if room.unloaded:
            # the room went idle and out of memory while this hello waited: take the one loaded now
            # (the store already holds this hello's seat change)
            reloaded = await self.manager.get(room.code)
            if reloaded is None:
                raise ProtocolError("unknown_room", "there is no room with this code", "room")
            room = reloaded
        conn.role = role
        conn.room = room
        room.conns.add(conn)
        conn.send(
            Welcome(
                room=room.code,
                seat=room.seat_of(conn.token_hash),
                token=token,
                role=role,
                waiting=room.is_waiting(conn.token_hash),
                table_host=room.is_table(conn),
            )
        )
        room.send_snapshot(conn)
        if room.seat_of(conn.token_hash) is None:  # one more watching (waiting people count too)
            self.spectators_changed(room)

    async def _table_hello(self, conn: Conn, room: Room, token: str, now: float) -> None:
        """A table screen says hello with the table token its room was made with: host rights, no seat
        (it gets the public view). Any other token is refused and counts as a miss."""
        table_hash = security.hash_token(token)
        if room.row.table_token_hash is None or room.row.table_token_hash != table_hash:
            await self._miss(conn.client, now, conn)
            raise ProtocolError("bad_token", "this token is not the table token of this room", "token")
        conn.table_hash = table_hash

    async def act(self, conn: Conn, room: Room, frame: Act) -> None:
        seat = room.seat_of(conn.token_hash)
        if seat is None:
            raise ProtocolError("not_seated", "only a seated player can act")
        if room.row.status == "playing" and room.state is not None:
            # a stale frame is refused before its action is decoded: fast bots (and busy tables) send
            # many; Room.act checks again under the room's lock
            room.check_version(frame.version)
        action = room.game.decode_action(frame.action)
        if isinstance(action, Timeout):
            raise ProtocolError("malformed_action", "timeouts come from the server's clock", "action.type")
        await room.act(seat, action, frame.version)

    async def host(self, conn: Conn, room: Room, frame: Host) -> None:
        me = room.seat_of(conn.token_hash)
        if (me is None or me != room.row.host_seat) and not room.is_table(conn):
            if conn.role == "table":
                raise ProtocolError(
                    "not_host",
                    "this table screen holds no host rights: only the host, or the table screen the room "
                    "was made on, can do this",
                )
            raise ProtocolError("not_host", "only the host can do this")
        game = room.game
        spec = game.spec
        clock = self.manager.clock
        op = frame.op

        def target(row: RoomRow) -> int:
            if frame.seat is None or not 0 <= frame.seat < len(row.seats):
                raise ProtocolError("bad_frame", f"seat must be 0..{len(row.seats) - 1}", "seat")
            return frame.seat

        in_lobby = require_lobby
        # --- a Stella room's own pictures (issue 14): dealt at start, no bots on them (pictures.deal)
        stella = spec.name == "stella" and op in ("start", "restart", "add_bot")
        uploads = await self.manager.store.picture_ids(room.code) if stella else []

        def begin(row: RoomRow) -> None:
            start_game(row, game, clock())
            try:
                pictures.deal(row, uploads)
            except pictures.DealRefused as exc:
                raise ProtocolError(exc.code, exc.message) from exc

        if op == "add_bot" and spec.name == "stella":
            why = pictures.bots_refused(room.row.options, len(uploads))
            if why is not None:
                raise ProtocolError("bots_need_tags", why)
        # --- end of own pictures

        if op == "stand_in":  # "let a bot play for Anna now" (Room.call_stand_in checks and hurries it)
            await room.call_stand_in(frame.seat)
            return

        if op == "start":

            def change(row: RoomRow) -> None:
                in_lobby(row)
                begin(row)

        elif op == "restart":

            def change(row: RoomRow) -> None:
                if row.status != "over":
                    raise ProtocolError("game_running", "a new game can start once this one is over")
                begin(row)

        elif op == "kick":

            def change(row: RoomRow) -> None:
                index = target(row)
                if index == me:
                    raise ProtocolError(
                        "bad_frame", "the host cannot kick itself; hand the host role on", "seat"
                    )
                if row.status == "lobby":
                    remove_seat(row, index)
                else:
                    seat = row.seats[index]
                    seat.token_hash = None
                    seat.connected = False
                    seat.away_since_ms = clock()
                    if seat.kind == "human":
                        seat.standin = default_bot(row.game)

        elif op == "add_bot":
            if not spec.bots_in_rooms:
                raise ProtocolError(
                    "bots_not_allowed",
                    f"{spec.title_en} is played by people only: its bots cannot take a seat",
                )
            kind = check_bot(spec.name, frame.bot or default_bot(spec.name), "bot").text

            def change(row: RoomRow) -> None:
                in_lobby(row)
                if len(row.seats) >= spec.max_players:
                    raise ProtocolError("room_full", f"all {spec.max_players} seats are taken")
                number = 1 + sum(1 for s in row.seats if s.kind == "bot")
                badge = next_badge(row)
                row.seats.append(
                    SeatRow(name=f"Bot {number}", kind="bot", bot=kind, connected=True, badge=badge)
                )

        elif op == "remove_bot":

            def change(row: RoomRow) -> None:
                in_lobby(row)
                index = target(row)
                if row.seats[index].kind != "bot":
                    raise ProtocolError("bad_frame", "this seat holds no bot", "seat")
                remove_seat(row, index)

        elif op == "set_options":
            if frame.options is None:
                raise ProtocolError("bad_frame", "set_options needs options", "options")
            options = frame.options

            def change(row: RoomRow) -> None:
                in_lobby(row)
                row.options = check_options(game, {**row.options, **options})

        elif op in NIGHT_OPS:
            night = night_change(frame)

            def change(row: RoomRow) -> None:
                night(row)

        elif op in ("lock", "unlock"):
            locked = op == "lock"

            def change(row: RoomRow) -> None:
                row.locked = locked

        elif op == "hand_host":

            def change(row: RoomRow) -> None:
                index = target(row)
                seat = row.seats[index]
                if seat.kind != "human" or seat.token_hash is None:
                    raise ProtocolError("bad_frame", "only a person can be host", "seat")
                row.host_seat = index

        else:  # set_takeover
            value = frame.value
            if value is None or not 0 <= value <= MAX_TAKEOVER_S:
                raise ProtocolError("bad_frame", f"value must be 0..{MAX_TAKEOVER_S} seconds", "value")

            def change(row: RoomRow) -> None:
                row.takeover_s = value

        if stella and op != "add_bot":  # the deal reads the room's pictures under its lock (pictures.dealing)
            await pictures.dealing(room, uploads, change)
        else:
            await room.mutate(change)
        if op == "kick":
            for other in list(room.conns):
                if (
                    other.token_hash is not None
                    and room.seat_of(other.token_hash) is None
                    and not room.is_waiting(other.token_hash)
                ):
                    other.send(Error(code="kicked", message="the host has taken your seat away"))
                    other.token_hash = None
                    room.send_snapshot(other)

    async def leave(self, conn: Conn, room: Room) -> None:
        token_hash = conn.token_hash
        if token_hash is None:
            raise ProtocolError("not_seated", "you hold no seat")
        clock = self.manager.clock

        def change(row: RoomRow) -> None:
            if any(w.token_hash == token_hash for w in row.waiting):
                row.waiting = [w for w in row.waiting if w.token_hash != token_hash]
                return
            index = next(i for i, s in enumerate(row.seats) if s.token_hash == token_hash)
            if row.status == "lobby":
                remove_seat(row, index)
                return
            seat = row.seats[index]
            seat.connected = False
            seat.away_since_ms = clock()
            seat.standin = default_bot(row.game)
            if row.host_seat == index:
                pass_host(row)

        waiting = room.is_waiting(token_hash)
        if room.seat_of(token_hash) is None and not waiting:
            raise ProtocolError("not_seated", "you hold no seat")
        await room.mutate(change)
        conn.token_hash = None if room.row.status == "lobby" or waiting else conn.token_hash
        conn.role = "spectator"
        room.conns.discard(conn)
        conn.room = None
        conn.close()
        # one seat, one truth: every other connection of this token (another tab) is closed too, or a
        # person would play on beside the stand-in
        for other in [c for c in room.conns if c.token_hash == token_hash]:
            other.send(Error(code="left_elsewhere", message="this seat was left on another connection"))
            room.conns.discard(other)
            other.room = None
            other.token_hash = None
            other.close()

    async def detach(self, conn: Conn) -> None:
        """A connection ended: its seat is away once no other connection holds it (one saying hello with
        its token counts from before its seat change)."""
        room = conn.room
        if room is None:
            return
        room.conns.discard(conn)
        conn.room = None
        token_hash = conn.token_hash
        if token_hash is None or any(c.token_hash == token_hash for c in room.conns):
            self.spectators_changed(room)
            return
        clock = self.manager.clock

        def away(row: RoomRow) -> None:
            if self._seat_held(room, token_hash):
                return  # asked again under the room's lock: a refresh's new socket took the seat meanwhile
            for seat in [*row.seats, *row.waiting]:
                if seat.token_hash == token_hash:
                    seat.connected = False
                    seat.away_since_ms = clock()

        with contextlib.suppress(ProtocolError):
            await room.mutate(away)


# ---- host ops of the game night (to_lobby, set_game, first_seat) -------------------------------

NIGHT_OPS = ("to_lobby", "set_game", "first_seat", "more_time")


def night_change(frame: Host) -> Callable[[RoomRow], None]:
    """The room change of a game-night host op; a bad game or option is refused here already."""
    if frame.op == "to_lobby":
        return back_to_lobby
    if frame.op == "first_seat":
        seat = frame.seat
        return lambda row: set_first_seat(row, seat)
    if frame.op == "more_time":
        percent = frame.value
        return lambda row: set_more_time(row, percent)
    games = loadable_games()
    name = frame.game
    if name is None or name not in games:
        raise ProtocolError("bad_config", f"unknown game {name!r}; games: {', '.join(games)}", "game")
    game = games[name]
    options = check_options(game, frame.options or {})

    def switch(row: RoomRow) -> None:
        require_lobby(row)
        switch_game(row, game, options)

    return switch


def loadable_games() -> dict[str, Game[Any]]:
    """The registered games whose engine loads (one being written must not break the others)."""
    out: dict[str, Game[Any]] = {}
    for name in registry.available():
        try:
            out[name] = registry.get(name)
        except Exception:
            log.warning("game %s does not load", name, exc_info=True)
    return out


def check_options(game: Game[Any], options: dict[str, Any]) -> dict[str, Any]:
    """Options with defaults filled in, valid for at least one player count (the engine decides)."""
    spec = game.spec
    error: ConfigError | None = None
    for players in range(spec.min_players, spec.max_players + 1):
        try:
            return game.resolve_options(Config(game=spec.name, players=players, options=options))
        except ConfigError as exc:
            # a mode may need other player counts (Emojito teams: even counts from 4): try them all,
            # and report the error that names an option rather than the count when there is one
            if error is None or error.field == "players":
                error = exc
    assert error is not None
    raise error


async def _write(ws: WebSocket, conn: Conn) -> None:
    """Write the connection's queued frames in order; close after a None.

    Frames go straight to the ASGI server's ``send`` (``RawSend``): they are finished JSON, and
    Starlette's layers in between cost more than the write itself at a thousand rooms (their checks
    matter for accept and close, which still go through ``ws``)."""
    raw_send: Send = ws.scope[RAW_SEND]
    while True:
        for frame in await conn.next_batch():
            if frame is None:
                with contextlib.suppress(Exception):
                    await ws.close()
                return
            try:
                await raw_send({"type": "websocket.send", "text": frame.decode()})
            except OSError:
                # the client is gone (uvicorn's ClientDisconnected). Not raised on: a task that ends with
                # an exception makes a reference cycle through it (gcpolicy)
                return


def direct_writer(ws: WebSocket) -> Callable[[bytes], bool] | None:
    """A function that writes one text frame to the socket at once, for uvicorn's WebSocket protocol
    (``websockets-sansio``, which ``tischrunde serve`` selects); None under any other ASGI server.

    At a thousand rooms most of the server's time went into handing each finished frame through
    asyncio: a writer task woken per frame and an ASGI ``send`` coroutine per frame. A server-to-client
    frame is only a header and the payload (RFC 6455 5.2: unmasked, FIN, opcode 1 for text), so while the
    connection is open and its transport not paused it is written directly; the function says False
    otherwise, and the frame then takes the queued path, which waits for the transport (or the close).
    """
    proto = getattr(ws.scope[RAW_SEND], "__self__", None)
    if not isinstance(proto, WebSocketsSansIOProtocol):
        return None
    transport = proto.transport
    writable = proto.writable
    pack = struct.pack

    def write(payload: bytes) -> bool:
        if proto.close_sent or proto.disconnected or not writable.is_set() or transport.is_closing():
            return False
        n = len(payload)
        if n < 126:
            header = bytes((0x81, n))
        elif n < 65536:
            header = pack("!BBH", 0x81, 126, n)
        else:
            header = pack("!BBQ", 0x81, 127, n)
        transport.write(header + payload)
        return True

    return write


async def _read_body(request: Request, timeout_s: float) -> bytes | None:
    """The body, or None if it is too large; TimeoutError if it takes longer than ``timeout_s``."""
    chunks = []
    size = 0
    async with asyncio.timeout(timeout_s):
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                return None
            chunks.append(chunk)
    return b"".join(chunks)


def _client(connection: Request | WebSocket) -> str:
    return connection.client.host if connection.client is not None else "unknown"


def _room_url(request: Request, code: str) -> str:
    return str(request.base_url).rstrip("/") + f"/r/{code}"


def _error(status: int, code: str, message: str, field: str | None = None) -> Response:
    return Response(
        _json.encode(Error(code=code, message=message, field=field)),
        status_code=status,
        media_type="application/json",
    )


def create_app(
    data_dir: Path | str | None = None,
    redis_url: str | None = None,
    clock: Clock = wall_ms,
    *,
    store: Store | None = None,
    web_dir: Path | None = None,
    host_grace_s: float = 20.0,
    tick_s: float = 1.0,
    msg_rate: float = 20.0,
    msg_burst: float = 40.0,
    join_limit: int = 100,
    join_window_s: float = 60.0,
    room_limit: int = 60,
    gc_freeze_s: float | None = None,
    unload_idle_s: float = 600.0,
    heartbeat_s: float = 6.0,
    public_url: str | None = None,
    listen_host: str | None = None,
    allowed_hosts: Sequence[str] | None = None,
    proxy_headers: bool = False,
    forwarded_allow_ips: str = "127.0.0.1",
    conn_miss_limit: int = 5,
    lookup_cap: int = 300,
    creation_cap: int = 300,
    hello_timeout_s: float = 10.0,
    body_timeout_s: float = 10.0,
    max_per_client: int = 64,
    max_connections: int | None = None,
    max_spectators: int = 200,
    spectator_every_s: float = 0.25,
    lobby_ttl_s: float = 3600.0,
    room_ttl_s: float = 86400.0,
    redis_volatile: bool = False,
    pressure_delay_s: float = 1.0,
) -> Starlette:
    """The whole server as an ASGI app; rooms are rebuilt from the store when it starts.
    ``gc_freeze_s``: run ``gcpolicy.keep_gc`` with this period (the real server process does).
    ``heartbeat_s``: how long a pinging connection may be silent; ``public_url`` and ``listen_host``
    (the address the server listens on) decide the join link (``publicurl.join_link``).
    ``lobby_ttl_s``, ``room_ttl_s``: when rooms expire (``rooms.expiry_reason``). ``redis_volatile``:
    accept a Redis that persists nothing.

    Limits against abuse: ``join_limit`` misses (unknown codes, bad tokens) per address and
    ``join_window_s`` (a budget that refills), ``conn_miss_limit`` per connection (then it is closed);
    past ``lookup_cap`` misses a minute of all clients a miss is answered up to ``pressure_delay_s``
    later (never refused); ``room_limit`` new rooms per address and window (refilling), past
    ``creation_cap`` a minute of all a new room takes up to ``pressure_delay_s`` longer;
    a hello within ``hello_timeout_s``, a request body within ``body_timeout_s``; ``max_per_client``
    WebSockets per address and ``max_connections`` in all (default: what the file limit allows);
    ``max_spectators`` per room, whose count is sent at most every ``spectator_every_s``.
    ``allowed_hosts``: the Host headers served (default ``security.default_allowed_hosts``: loopback,
    this machine's names and addresses, ``public_url``'s host). ``proxy_headers``: take the client
    address from X-Forwarded-For when the peer is one of ``forwarded_allow_ips``."""
    if store is None:
        if redis_url is not None:
            from tischrunde.server.store_redis import RedisStore

            store = RedisStore(redis_url, volatile=redis_volatile)
        else:
            store = SQLiteStore(Path(data_dir if data_dir is not None else "data") / "tischrunde.sqlite3")
    manager = RoomManager(
        store,
        clock=clock,
        host_grace_s=host_grace_s,
        tick_s=tick_s,
        unload_idle_s=unload_idle_s,
        lobby_ttl_s=lobby_ttl_s,
        room_ttl_s=room_ttl_s,
    )
    web = web_dir if web_dir is not None else WEB_DIR
    server = Server(
        manager,
        web,
        msg_rate=msg_rate,
        msg_burst=msg_burst,
        join_limit=join_limit,
        join_window_s=join_window_s,
        room_limit=room_limit,
        heartbeat_s=heartbeat_s,
        public_url=public_url,
        listen_host=listen_host,
        conn_miss_limit=conn_miss_limit,
        lookup_cap=lookup_cap,
        creation_cap=creation_cap,
        hello_timeout_s=hello_timeout_s,
        body_timeout_s=body_timeout_s,
        max_spectators=max_spectators,
        spectator_every_s=spectator_every_s,
        pressure_delay_s=pressure_delay_s,
    )
    if allowed_hosts is None:
        hosts = security.HostList(security.default_allowed_hosts(public_url), own_addresses=True)
    else:
        hosts = security.HostList(allowed_hosts)
    total = fd_budget() if max_connections is None else max_connections

    def outer(app: StarletteASGIApp) -> StarletteASGIApp:
        inner: ASGIApp = Guard(RawSend(app), hosts=hosts, per_client=max_per_client, total=total)
        if proxy_headers:
            inner = ProxyHeadersMiddleware(inner, trusted_hosts=forwarded_allow_ips)  # type: ignore[arg-type,assignment]
        return SecurityHeaders(inner)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await manager.start()
        keeper = asyncio.create_task(keep_gc(gc_freeze_s)) if gc_freeze_s else None
        try:
            yield
        finally:
            if keeper is not None:
                keeper.cancel()
            await pictures.close(server)
            await manager.stop()

    routes = [
        Route("/", server.index),
        Route("/r/{code}", server.room_page),
        Route("/api/games", server.games),
        Route("/api/rooms", server.create_room, methods=["POST"]),
        Route("/api/rooms/{code}", server.room_info),
        Route("/api/rooms/{code}/qr.svg", server.room_qr),
        Route("/api/rooms/{code}/join", server.room_join),
        Route("/api/rooms/{code}/games/{n:int}/record.json", server.game_record),
        *CONTENT_ROUTES,
        *picture_routes(server),
        *owncontent_routes(server),
        WebSocketRoute("/ws", server.websocket),
        Route("/static/{path:path}", server.web.static, methods=["GET", "HEAD"]),
        Route("/sw.js", server.web.service_worker),
        Route("/manifest.webmanifest", server.web.manifest),
    ]
    app = App(routes=routes, lifespan=lifespan)
    app.outer = outer
    app.state.server = server
    app.state.manager = manager
    return app
