"""The Starlette app: web files, the HTTP API and the WebSocket game protocol (see ``protocol``)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
import struct
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

import msgspec
import segno
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from tischrunde.bots import bot_kinds
from tischrunde.core import registry
from tischrunde.core.errors import ConfigError, GameError
from tischrunde.core.game import Config, Game, Timeout
from tischrunde.server import security
from tischrunde.server.content import CONTENT_ROUTES
from tischrunde.server.gcpolicy import keep_gc
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
    default_bot,
    error_frame,
    pass_host,
    remove_seat,
    start_game,
    wall_ms,
)
from tischrunde.server.store import RoomRow, SeatRow, SQLiteStore, Store

log = logging.getLogger("tischrunde.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
MAX_TAKEOVER_S = 3600
MAX_BODY_BYTES = 16 * 1024

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
    socket's writers (``_write``, ``direct_writer``). Added last, it is the outermost of our middleware,
    and Starlette's error middleware outside it passes a WebSocket's ``send`` on as it is."""

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
    """Adds the Content-Security-Policy and friends to every HTTP response."""

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
    ) -> None:
        self.manager = manager
        self.web_dir = web_dir
        self.msg_rate = msg_rate
        self.msg_burst = msg_burst
        self.throttle = security.Throttle(join_limit, join_window_s)
        self.creations = security.Throttle(room_limit, join_window_s)

    # ---- HTTP ----------------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        path = self.web_dir / "index.html"
        if not path.is_file():
            return PlainTextResponse("the web app is not installed", status_code=503)
        return FileResponse(path, headers={"cache-control": "no-cache"})

    async def games(self, request: Request) -> Response:
        out = []
        for name, game in loadable_games().items():
            spec = game.spec
            entry = msgspec.to_builtins(spec)
            entry["bots"] = list(bot_kinds(name))
            entry["default_bot"] = default_bot(name)
            out.append(entry)
        return Response(_json.encode(out), media_type="application/json")

    async def create_room(self, request: Request) -> Response:
        client = _client(request)
        now = time.monotonic()
        if not self.creations.allowed(client, now):
            return _error(429, "rate_limited", "too many new rooms, wait a minute")
        body = await _read_body(request)
        if body is None:
            return _error(413, "too_large", f"the request is larger than {MAX_BODY_BYTES} bytes")
        try:
            data = msgspec.json.decode(body)
        except msgspec.DecodeError:
            return _error(400, "bad_frame", "the body must be a JSON object")
        if not isinstance(data, dict):
            return _error(400, "bad_frame", "the body must be a JSON object")
        unknown = sorted(set(data) - {"game", "language", "options", "takeover_s"})
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
        game = games[name]
        try:
            resolved = check_options(game, options)
        except GameError as exc:
            frame = error_frame(exc)
            return _error(400, frame.code, frame.message, frame.field)
        self.creations.miss(client, now)
        for _ in range(20):
            row = RoomRow(
                code=security.new_room_code(),
                game=name,
                language=language,
                options=resolved,
                created_ms=self.manager.clock(),
                takeover_s=takeover,
            )
            try:
                room = await self.manager.create(row)
            except ProtocolError as exc:  # the store is unreachable: busy
                return _error(503, exc.code, exc.message)
            if room is not None:
                url = _room_url(request, row.code)
                return JSONResponse(
                    {"code": row.code, "url": url, "qr_svg_url": f"/api/rooms/{row.code}/qr.svg"},
                    status_code=201,
                )
        return _error(503, "busy", "no free room code found, try again")

    async def _lookup(self, request: Request) -> Room | Response:
        client = _client(request)
        now = time.monotonic()
        if not self.throttle.allowed(client, now):
            return _error(429, "rate_limited", "too many unknown room codes, wait a minute")
        code = security.normalize_code(str(request.path_params["code"]))
        try:
            room = None if code is None else await self.manager.get(code)
        except ProtocolError as exc:  # the store is unreachable: busy
            return _error(503, exc.code, exc.message)
        if room is None:
            self.throttle.miss(client, now)
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
        segno.make(_room_url(request, room.code), error="m").save(
            buffer, kind="svg", scale=8, border=2, xmldecl=False, svgns=True, title=room.code
        )
        return Response(buffer.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-cache"})

    async def room_page(self, request: Request) -> Response:
        return await self.index(request)

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
        try:
            while not conn.closed:
                message = await ws.receive()
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
            await self.detach(conn)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def handle(self, conn: Conn, data: str | bytes) -> None:
        """Answer one client frame; on any refusal send an Error and change nothing."""
        size = len(data) if isinstance(data, bytes) else len(data.encode())
        if size > MAX_FRAME_BYTES:
            conn.send(Error(code="too_large", message=f"frames are limited to {MAX_FRAME_BYTES} bytes"))
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
        except GameError as exc:
            conn.send(error_frame(exc))

    async def hello(self, conn: Conn, hello: Hello) -> None:
        if conn.room is not None:
            raise ProtocolError("bad_frame", "this connection has already joined a room", "type")
        if hello.v != PROTOCOL_VERSION:
            raise ProtocolError("bad_frame", f"this server speaks protocol version {PROTOCOL_VERSION}", "v")
        now = time.monotonic()
        if not self.throttle.allowed(conn.client, now):
            raise ProtocolError("rate_limited", "too many unknown room codes or tokens, wait a minute")
        code = security.normalize_code(hello.room)
        room = None if code is None else await self.manager.get(code)
        if room is None:
            self.throttle.miss(conn.client, now)
            raise ProtocolError("unknown_room", "there is no room with this code", "room")
        token: str | None = None
        role = hello.role
        if hello.token is not None:
            token_hash = security.hash_token(hello.token)
            if room.seat_of(token_hash) is None:
                self.throttle.miss(conn.client, now)
                raise ProtocolError("bad_token", "this token holds no seat in this room", "token")
            role = "player"

            def back(row: RoomRow) -> None:
                for seat in row.seats:
                    if seat.token_hash == token_hash:
                        seat.connected = True
                        seat.away_since_ms = None
                        seat.standin = None
                if row.host_seat is None:
                    pass_host(row)

            await room.mutate(back)
            conn.token_hash = token_hash
        elif role == "player" and hello.name is not None and room.row.status == "lobby":
            try:
                name = security.clean_name(hello.name)
            except security.BadNameError as exc:
                raise ProtocolError("bad_frame", str(exc), "name") from exc
            token = security.new_token()
            token_hash = security.hash_token(token)
            max_players = room.game.spec.max_players

            def join(row: RoomRow) -> None:
                if row.locked:
                    raise ProtocolError("room_locked", "the host has locked this room")
                if len(row.seats) >= max_players:
                    raise ProtocolError("room_full", f"all {max_players} seats are taken")
                row.seats.append(SeatRow(name=name, kind="human", token_hash=token_hash, connected=True))
                if row.host_seat is None:
                    row.host_seat = len(row.seats) - 1

            await room.mutate(join)
            conn.token_hash = token_hash
        else:
            role = "table" if role == "table" else "spectator"
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
        conn.send(Welcome(room=room.code, seat=room.seat_of(conn.token_hash), token=token, role=role))
        room.send_snapshot(conn)
        if conn.token_hash is None:
            room.broadcast_room(exclude=conn)

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
        if me is None or me != room.row.host_seat:
            raise ProtocolError("not_host", "only the host can do this")
        game = room.game
        spec = game.spec
        clock = self.manager.clock
        op = frame.op

        def target(row: RoomRow) -> int:
            if frame.seat is None or not 0 <= frame.seat < len(row.seats):
                raise ProtocolError("bad_frame", f"seat must be 0..{len(row.seats) - 1}", "seat")
            return frame.seat

        def in_lobby(row: RoomRow) -> None:
            if row.status != "lobby":
                raise ProtocolError("game_running", "only possible in the lobby, before the game starts")

        if op == "start":

            def change(row: RoomRow) -> None:
                in_lobby(row)
                start_game(row, game, clock())

        elif op == "restart":

            def change(row: RoomRow) -> None:
                if row.status != "over":
                    raise ProtocolError("game_running", "a new game can start once this one is over")
                start_game(row, game, clock())

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
            kinds = bot_kinds(spec.name)
            kind = frame.bot if frame.bot is not None else default_bot(spec.name)
            if kind not in kinds:
                raise ProtocolError("bad_config", f"unknown bot {kind!r}; bots: {', '.join(kinds)}", "bot")

            def change(row: RoomRow) -> None:
                in_lobby(row)
                if len(row.seats) >= spec.max_players:
                    raise ProtocolError("room_full", f"all {spec.max_players} seats are taken")
                number = 1 + sum(1 for s in row.seats if s.kind == "bot")
                row.seats.append(SeatRow(name=f"Bot {number}", kind="bot", bot=kind, connected=True))

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

        await room.mutate(change)
        if op == "kick":
            for other in list(room.conns):
                if other.token_hash is not None and room.seat_of(other.token_hash) is None:
                    other.send(Error(code="kicked", message="the host has taken your seat away"))
                    other.token_hash = None
                    room.send_snapshot(other)

    async def leave(self, conn: Conn, room: Room) -> None:
        token_hash = conn.token_hash
        if token_hash is None:
            raise ProtocolError("not_seated", "you hold no seat")
        clock = self.manager.clock

        def change(row: RoomRow) -> None:
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

        if room.seat_of(token_hash) is None:
            raise ProtocolError("not_seated", "you hold no seat")
        await room.mutate(change)
        conn.token_hash = None if room.row.status == "lobby" else conn.token_hash
        conn.role = "spectator"
        room.conns.discard(conn)
        conn.room = None
        conn.close()

    async def detach(self, conn: Conn) -> None:
        """A connection ended: its seat is away once no other connection holds it."""
        room = conn.room
        if room is None:
            return
        room.conns.discard(conn)
        conn.room = None
        token_hash = conn.token_hash
        if token_hash is None or any(c.token_hash == token_hash for c in room.conns):
            room.broadcast_room()
            return
        clock = self.manager.clock

        def away(row: RoomRow) -> None:
            for seat in row.seats:
                if seat.token_hash == token_hash:
                    seat.connected = False
                    seat.away_since_ms = clock()

        with contextlib.suppress(ProtocolError):
            await room.mutate(away)


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


async def _read_body(request: Request) -> bytes | None:
    chunks = []
    size = 0
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
    join_limit: int = 20,
    join_window_s: float = 60.0,
    room_limit: int = 60,
    gc_freeze_s: float | None = None,
    unload_idle_s: float = 600.0,
    lobby_ttl_s: float = 3600.0,
    room_ttl_s: float = 86400.0,
    redis_volatile: bool = False,
) -> Starlette:
    """The whole server as an ASGI app; rooms are rebuilt from the store when it starts.
    ``gc_freeze_s``: run ``gcpolicy.keep_gc`` with this period (the real server process does).
    ``lobby_ttl_s``, ``room_ttl_s``: when rooms expire (``rooms.expiry_reason``). ``redis_volatile``:
    accept a Redis that persists nothing."""
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
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await manager.start()
        keeper = asyncio.create_task(keep_gc(gc_freeze_s)) if gc_freeze_s else None
        try:
            yield
        finally:
            if keeper is not None:
                keeper.cancel()
            await manager.stop()

    routes = [
        Route("/", server.index),
        Route("/r/{code}", server.room_page),
        Route("/api/games", server.games),
        Route("/api/rooms", server.create_room, methods=["POST"]),
        Route("/api/rooms/{code}", server.room_info),
        Route("/api/rooms/{code}/qr.svg", server.room_qr),
        *CONTENT_ROUTES,
        WebSocketRoute("/ws", server.websocket),
        Mount("/static", app=StaticFiles(directory=web, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    app.state.manager = manager
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RawSend)  # added last: the outermost of ours
    return app
