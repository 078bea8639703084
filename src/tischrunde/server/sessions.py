"""The game socket (``/ws``): one connection's frames in (hello, ping, act, host, leave; see
``protocol``) and out (each connection's own writer, or straight to the socket), its limits (message
rate, misses, heartbeat, hello timeout) and the spectator count."""

from __future__ import annotations

import asyncio
import contextlib
import re
import struct
import time
from collections.abc import Callable

import msgspec
from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from tischrunde.core.errors import GameError
from tischrunde.core.game import Timeout
from tischrunde.server import hostops, security
from tischrunde.server.conn import Conn, ConnState
from tischrunde.server.errors import ProtocolError, error_frame
from tischrunde.server.lobby import default_bot, join_room, pass_host, remove_seat
from tischrunde.server.middleware import RAW_SEND, Send
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
from tischrunde.server.room import Room
from tischrunde.server.server import Server, client_of
from tischrunde.server.store import RoomRow

WRITER_GRACE_S = 2.0
HELLO_LATE = "no hello within {:g} s: the connection is closed"

_frame_decoder = msgspec.json.Decoder(ClientFrame)
_FIELD = re.compile(r"at `\$\.([A-Za-z_][\w.\[\]]*)`|missing required field `(\w+)`|unknown field `(\w+)`")


class Sessions:
    """The game socket's endpoint (``websocket``) and what it keeps across connections: misses per
    connection (``conn_miss_limit``, then it is closed), token hellos under way, spectator counts due.

    ``msg_rate`` and ``msg_burst``: a token bucket per connection; ``hello_timeout_s``: a connection that
    has not joined a room by then is closed; ``heartbeat_s``: how long a pinging connection may be
    silent; ``max_spectators`` per room, whose count is sent at most every ``spectator_every_s``."""

    def __init__(
        self,
        server: Server,
        *,
        msg_rate: float,
        msg_burst: float,
        heartbeat_s: float = 6.0,
        conn_miss_limit: int = 5,
        hello_timeout_s: float = 10.0,
        max_spectators: int = 200,
        spectator_every_s: float = 0.25,
    ) -> None:
        self.server = server
        self.manager = server.manager
        self.msg_rate = msg_rate
        self.msg_burst = msg_burst
        self.heartbeat_s = heartbeat_s
        self.conn_miss_limit = conn_miss_limit
        self.conn_misses: dict[Conn[Room], int] = {}
        self.hello_timeout_s = hello_timeout_s
        self.max_spectators = max_spectators
        self.spectator_every_s = spectator_every_s
        self.count_due: dict[Room, asyncio.TimerHandle] = {}
        # token hellos between their seat change and joining the room's connections (see ``detach``)
        self.arriving: dict[Conn[Room], tuple[Room, str]] = {}

    async def _miss(self, conn: Conn[Room], now: float) -> None:
        """A miss of ``conn`` (an unknown code, a bad token): it counts against its address and itself."""
        self.conn_misses[conn] = self.conn_misses.get(conn, 0) + 1
        await self.server.miss(conn.client, now)

    async def find_room(self, conn: Conn[Room], hello: Hello, now: float) -> Room:
        """The room a hello names. A hello whose token holds a seat there is never throttled; any other
        is refused while its address (or the whole server) has too many misses, whether its room exists
        or not (else the refusal would tell codes apart)."""
        refusal = self.server.throttled(conn.client, now)
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
            await self._miss(conn, now)
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

    # ---- WebSocket -----------------------------------------------------------------------------

    async def websocket(self, ws: WebSocket) -> None:
        origin = ws.headers.get("origin")
        host = ws.headers.get("host")
        if origin is not None and host is not None and origin.split("://", 1)[-1] != host:
            # another site's page may not use a visitor's browser to play here
            await ws.close(code=1008)
            return
        await ws.accept()
        conn: Conn[Room] = Conn(client_of(ws))
        conn.direct = direct_writer(ws)
        writer = asyncio.create_task(write_frames(ws, conn))
        bucket = security.TokenBucket(self.msg_rate, self.msg_burst, time.monotonic())
        hello_by = time.monotonic() + self.hello_timeout_s
        try:
            while not conn.closed:
                message = await self.receive(ws, conn, hello_by)
                if message is None:
                    if conn.state is ConnState.GREETING:
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

    async def receive(self, ws: WebSocket, conn: Conn[Room], hello_by: float) -> Message | None:
        """The next ASGI message, or None at a deadline: ``hello_by`` for a connection that has not
        joined yet, ``heartbeat_s`` of silence for one that has pinged (the web app's heartbeat: its
        network is gone). Joined connections that never ping wait forever."""
        if conn.state is ConnState.GREETING:
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

    async def handle(self, conn: Conn[Room], data: str | bytes) -> None:
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
                await hostops.host(self.manager, conn, conn.room, frame)
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

    async def hello(self, conn: Conn[Room], hello: Hello) -> None:
        try:
            await self._hello(conn, hello)
        finally:
            self.arriving.pop(conn, None)

    def _seat_held(self, room: Room, token_hash: str) -> bool:
        """Whether a connection holds (or is just taking up) the seat of ``token_hash`` in ``room``."""
        return any(c.token_hash == token_hash for c in room.conns) or any(
            r is room and t == token_hash for r, t in self.arriving.values()
        )

    async def _hello(self, conn: Conn[Room], hello: Hello) -> None:
        if conn.room is not None:
            raise ProtocolError("bad_frame", "this connection has already joined a room", "type")
        if hello.v != PROTOCOL_VERSION:
            raise ProtocolError("bad_frame", f"this server speaks protocol version {PROTOCOL_VERSION}", "v")
        now = time.monotonic()
        room = await self.find_room(conn, hello, now)
        token: str | None = None
        role = hello.role
        if hello.token is not None and role == "table":
            await self._table_hello(conn, room, hello.token, now)
        elif hello.token is not None:
            token_hash = security.hash_token(hello.token)
            if room.seat_of(token_hash) is None and not room.is_waiting(token_hash):
                await self._miss(conn, now)
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
        conn.join(room)
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

    async def _table_hello(self, conn: Conn[Room], room: Room, token: str, now: float) -> None:
        """A table screen says hello with the table token its room was made with: host rights, no seat
        (it gets the public view). Any other token is refused and counts as a miss."""
        table_hash = security.hash_token(token)
        if room.row.table_token_hash is None or room.row.table_token_hash != table_hash:
            await self._miss(conn, now)
            raise ProtocolError("bad_token", "this token is not the table token of this room", "token")
        conn.table_hash = table_hash

    async def act(self, conn: Conn[Room], room: Room, frame: Act) -> None:
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

    async def leave(self, conn: Conn[Room], room: Room) -> None:
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
        conn.part()
        conn.close()
        # one seat, one truth: every other connection of this token (another tab) is closed too, or a
        # person would play on beside the stand-in
        for other in [c for c in room.conns if c.token_hash == token_hash]:
            other.send(Error(code="left_elsewhere", message="this seat was left on another connection"))
            room.conns.discard(other)
            other.part()
            other.token_hash = None
            other.close()

    async def detach(self, conn: Conn[Room]) -> None:
        """A connection ended: its seat is away once no other connection holds it (one saying hello with
        its token counts from before its seat change)."""
        room = conn.room
        if room is None:
            return
        room.conns.discard(conn)
        conn.part()
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


async def write_frames(ws: WebSocket, conn: Conn[Room]) -> None:
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
