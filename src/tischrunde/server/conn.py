"""One WebSocket connection of the game protocol: its state, role and seat, and the frames waiting to be
written to it."""

from __future__ import annotations

import asyncio
import collections
import enum
from collections.abc import Callable
from typing import Generic, Literal, TypeVar

import msgspec

from tischrunde.server.protocol import ServerMsg

R = TypeVar("R")
Role = Literal["spectator", "player", "table"]
_encoder = msgspec.json.Encoder()


class ConnState(enum.Enum):
    """Where a connection is in its life: it moves GREETING -> JOINED -> CLOSED (or GREETING -> CLOSED);
    a connection that leaves its room (``part``) is closed right after."""

    #: accepted; no hello has joined it to a room yet (it must within the hello timeout)
    GREETING = "greeting"
    #: in ``room``: it hears the room's frames
    JOINED = "joined"
    #: closing: nothing more is sent; its writer writes what was queued, then closes the socket
    CLOSED = "closed"


_CLOSED = ConnState.CLOSED


class Conn(Generic[R]):
    """One WebSocket connection: its role, its seat (by token hash) and its frames waiting to be written.

    ``send`` never blocks. When the connection can write at once (``direct``, see ``sessions.direct_writer``)
    and nothing is queued or being written, the frame goes out right away. Otherwise it is appended to
    ``outbox`` and the connection's writer is woken, which takes everything queued at once
    (``next_batch``); ``writing`` is set from then until the writer asks for the next batch, so frames
    never overtake each other. ``None`` in the outbox means: close after what came before.
    """

    __slots__ = (
        "_waiter",
        "client",
        "direct",
        "outbox",
        "pinged",
        "role",
        "room",
        "state",
        "table_hash",
        "token_hash",
        "writing",
    )

    MAX_QUEUED = 512

    def __init__(self, client: str) -> None:
        self.client = client
        self.state = ConnState.GREETING
        self.room: R | None = None
        self.token_hash: str | None = None
        # the hash of the table token this table screen said hello with (host rights, no seat), or None
        self.table_hash: str | None = None
        self.role: Role = "spectator"
        self.outbox: collections.deque[bytes | None] = collections.deque()
        self._waiter: asyncio.Future[None] | None = None
        # writes one frame now and says True, or says False when it cannot (the socket is paused)
        self.direct: Callable[[bytes], bool] | None = None
        self.writing = False
        # the client has sent a ping: it keeps a heartbeat, and a silent spell means it is gone
        self.pinged = False

    @property
    def closed(self) -> bool:
        return self.state is _CLOSED

    def join(self, room: R) -> None:
        """The connection hears ``room`` from now on."""
        self.room = room
        if self.state is ConnState.GREETING:
            self.state = ConnState.JOINED

    def part(self) -> None:
        """The connection is out of its room (it is closed next, or already)."""
        self.room = None

    def send(self, frame: ServerMsg | bytes) -> None:
        if self.state is _CLOSED:
            return
        data = frame if isinstance(frame, bytes) else _encoder.encode(frame)
        if self.direct is not None and not self.outbox and not self.writing and self.direct(data):
            return
        if len(self.outbox) >= self.MAX_QUEUED:
            # a client that does not read its frames is dropped, it would only fall further behind
            self.close()
            return
        self.outbox.append(data)
        self._wake()

    def close(self) -> None:
        if self.state is not _CLOSED:
            self.state = _CLOSED
            self.outbox.append(None)
            self._wake()

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def take(self) -> list[bytes | None]:
        """Everything queued, in order (and the outbox emptied)."""
        batch = list(self.outbox)
        self.outbox.clear()
        return batch

    async def next_batch(self) -> list[bytes | None]:
        """Wait until something is queued, then take it all (the writer has written the batch before)."""
        self.writing = False
        while not self.outbox:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        self.writing = True
        return self.take()
