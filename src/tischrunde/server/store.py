"""The store: rooms and their action logs. The log is the truth; a room's state is its replay.

``Store`` is the interface; ``SQLiteStore`` the embedded default (WAL, ``synchronous=FULL``). Every
write goes through one writer thread that commits a whole batch of queued writes at once (group
commit), so a slow fsync delays only the actions waiting for it, never the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

import msgspec

from tischrunde.core.game import Config
from tischrunde.server.protocol import GameResult

T = TypeVar("T")

Status = Literal["lobby", "playing", "over"]


class SeatRow(msgspec.Struct):
    """One seat. ``standin`` is the bot kind playing for a person who is away; ``badge`` the person's
    colour and avatar (a number the web app draws, given at join and kept all evening; None in rooms
    stored before badges, see ``lobby.badges``)."""

    name: str
    kind: Literal["human", "bot"]
    token_hash: str | None = None
    bot: str | None = None
    connected: bool = False
    away_since_ms: int | None = None
    standin: str | None = None
    badge: int | None = None


class PastGame(msgspec.Struct, frozen=True):
    """A finished game of the room: its result for the scoreboard, and what its record needs besides
    the log (the log itself stays in the store under the game's number)."""

    result: GameResult
    config: Config
    rules_version: int


class RoomRow(msgspec.Struct):
    """Everything about a room except its log. ``rev`` grows with every saved change.

    ``waiting``: people who joined during a game (seated when the room is back in the lobby);
    ``first_seat``: the host's choice of who begins (None = random); ``game_first_seat``: the seat that
    began the current game (drawn at start, needed to replay it); ``evening``: the finished games;
    ``note``: what the last ``set_game`` removed; ``decks``: the current game's stacked decks (a room's
    own pictures, dealt at start: ``lobby.deal``); ``game_pictures``: the content ids of that game's own
    picture cards (its k-th own card shows ``game_pictures[k]``, ``core.content.Deal``); ``more_time``:
    relaxed timers in percent (``Config.more_time``); ``table_token_hash``: the hash of the table token
    the room was made with (a table screen holding it has host rights and no seat), or None."""

    code: str
    game: str
    language: str
    options: dict[str, Any]
    created_ms: int
    seats: list[SeatRow] = []
    host_seat: int | None = None
    locked: bool = False
    status: Status = "lobby"
    takeover_s: int = 60
    game_no: int = 0
    seed: int = 0
    started_ms: int | None = None
    rev: int = 0
    waiting: list[SeatRow] = []
    first_seat: int | None = None
    game_first_seat: int | None = None
    more_time: int = 100
    evening: list[PastGame] = []
    note: str | None = None
    decks: dict[str, list[Any]] | None = None
    game_pictures: list[str] = []
    table_token_hash: str | None = None


class LogEntry(msgspec.Struct, frozen=True):
    """One applied action: seat (None = the server's Timeout), action JSON, ms since game start."""

    seat: int | None
    action: dict[str, Any]
    t: int


Listener = Callable[[str, bytes], Awaitable[None]]
Resync = Callable[[], Awaitable[None]]


class StoreUnavailable(Exception):
    """The store cannot be reached right now (a Redis restart, a network blink): nothing was committed
    that the caller could tell apart from nothing; try again."""


class StoreConfigError(Exception):
    """The store is set up in a way the server must not run on (a Redis without persistence)."""


_room_encoder = msgspec.json.Encoder()
_room_decoder = msgspec.json.Decoder(RoomRow)
_action_decoder = msgspec.json.Decoder(dict[str, Any])


def encode_room(room: RoomRow) -> bytes:
    return _room_encoder.encode(room)


def decode_room(data: bytes | str) -> RoomRow:
    return _room_decoder.decode(data)


class Store(ABC):
    """Where rooms and logs live. ``shared`` stores (Redis) also connect server processes."""

    shared: bool = False
    #: the id of the process using the store; changes it announces carry it
    origin: str = ""

    async def open(self) -> None:
        """Connect / create tables."""
        return None

    async def close(self) -> None:
        """Flush and disconnect."""
        return None

    @abstractmethod
    async def create_room(self, room: RoomRow) -> bool:
        """Insert a new room; False if its code is taken."""

    @abstractmethod
    async def load_room(self, code: str) -> RoomRow | None:
        """The room's latest saved row."""

    @abstractmethod
    async def save_room(self, room: RoomRow, expected_rev: int) -> bool:
        """Replace the row if the stored one still has ``expected_rev`` (optimistic check)."""

    @abstractmethod
    async def room_codes(self, *, playing: bool = False) -> list[str]:
        """Codes of every stored room (only those with a game running if ``playing``)."""

    @abstractmethod
    async def append(self, code: str, game_no: int, index: int, entry: LogEntry) -> bool:
        """Commit entry ``index`` of a game's log; False if that index exists already."""

    @abstractmethod
    async def entries(self, code: str, game_no: int, start: int = 0) -> list[LogEntry]:
        """A game's log from ``start`` on."""

    @abstractmethod
    async def add_picture(self, code: str, picture_id: str, data: bytes, limit: int) -> int | None:
        """Keep one of a room's own pictures (content-addressed: the same id is kept once) unless the room
        has ``limit`` already; the number the room has after it, or None when it is full."""

    @abstractmethod
    async def picture(self, code: str, picture_id: str) -> bytes | None:
        """The bytes of one of the room's pictures."""

    @abstractmethod
    async def picture_ids(self, code: str) -> list[str]:
        """The ids of the room's pictures, in the order they were added."""

    @abstractmethod
    async def remove_picture(self, code: str, picture_id: str) -> bool:
        """Forget one picture; False if the room did not have it."""

    @abstractmethod
    async def drop_pictures(self, code: str) -> None:
        """Forget all of the room's pictures (when the room goes)."""

    @abstractmethod
    async def picture_bytes(self, code: str | None = None) -> int:
        """The bytes the pictures of room ``code`` take, or of all rooms (None): the quotas' measure."""

    @abstractmethod
    async def delete_room(self, code: str) -> None:
        """Remove the room, the logs of all its games and its pictures (an expired room); nothing if it
        is unknown."""

    async def acquire_lease(self, code: str, owner: str, ttl_ms: int) -> bool:
        """Take or renew the right to drive a room's timers and bots (always, for one process)."""
        return True

    async def release_lease(self, code: str, owner: str) -> None:
        """Give the lease up (shutdown)."""
        return None

    def set_listener(self, listener: Listener) -> None:
        """Call ``listener(code, message)`` for changes made by other processes."""
        return None

    def set_resync(self, resync: Resync) -> None:
        """Call ``resync()`` when changes of other processes may have been missed (a shared store whose
        connection was lost and is back): everything held in memory must be checked against the store."""
        return None


def _resolve(done: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    """Hand the writer thread's results to their waiters (on the waiters' event loop)."""
    for future, value, error in done:
        if future.done():  # the waiter went away (cancelled); the write itself is committed
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)


class SQLiteStore(Store):
    """Rooms and logs in one SQLite file (WAL, ``synchronous=FULL``) under the data folder."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._queue: list[tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]] = []
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closing = False
        self._idle = False
        self._db: sqlite3.Connection | None = None
        self.checkpoint_s = 1.0
        self._checkpointer: threading.Thread | None = None
        self._stop_checkpoints = threading.Event()

    async def open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA busy_timeout=5000")
        db.executescript(
            """
            CREATE TABLE IF NOT EXISTS rooms (
                code TEXT PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL,
                rev INTEGER NOT NULL, row TEXT NOT NULL, updated_ms INTEGER NOT NULL
            );
            CREATE TABLE IF NOT EXISTS log (
                code TEXT NOT NULL, game_no INTEGER NOT NULL, idx INTEGER NOT NULL,
                seat INTEGER, action TEXT NOT NULL, t INTEGER NOT NULL,
                PRIMARY KEY (code, game_no, idx)
            ) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS pictures (
                code TEXT NOT NULL, id TEXT NOT NULL, idx INTEGER NOT NULL, data BLOB NOT NULL,
                PRIMARY KEY (code, id)
            );
            """
        )
        # checkpoints (copying the WAL into the database file, with its own fsync) run in a thread of
        # their own, not inside a commit: an automatic checkpoint stalled every waiting commit for up to
        # a few hundred ms under load (bench/load.py)
        db.execute("PRAGMA wal_autocheckpoint=0")
        self._db = db
        self._thread = threading.Thread(target=self._run, name="sqlite-writer", daemon=True)
        self._thread.start()
        self._stop_checkpoints.clear()
        self._checkpointer = threading.Thread(target=self._checkpoints, name="sqlite-checkpoint", daemon=True)
        self._checkpointer.start()

    def _checkpoints(self) -> None:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA busy_timeout=5000")
        try:
            while not self._stop_checkpoints.wait(self.checkpoint_s):
                with contextlib.suppress(sqlite3.Error):
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    async def close(self) -> None:
        with self._wake:
            self._closing = True
            self._wake.notify()
        self._stop_checkpoints.set()
        if self._thread is not None:
            await asyncio.to_thread(self._join_writer, self._thread)
        if self._checkpointer is not None:
            await asyncio.to_thread(self._checkpointer.join)
            self._checkpointer = None
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.close()
            self._db = None

    def _join_writer(self, thread: threading.Thread) -> None:
        """Wait for the writer to finish its queue and stop, telling it again while it lives (a close
        that waited on a writer still asleep was seen to hang a shutdown)."""
        while thread.is_alive():
            with self._wake:
                self._closing = True
                self._wake.notify_all()
            thread.join(0.2)

    def _run(self) -> None:
        db = self._db
        assert db is not None
        while True:
            with self._wake:
                while not self._queue and not self._closing:
                    self._idle = True
                    self._wake.wait()
                self._idle = False
                batch, self._queue = self._queue, []
                if not batch and self._closing:
                    return
            results: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
            db.execute("BEGIN IMMEDIATE")
            for job, future in batch:
                try:
                    results.append((future, job(db), None))
                except Exception as exc:
                    results.append((future, None, exc))
            try:
                db.execute("COMMIT")
            except Exception as exc:
                with contextlib.suppress(Exception):
                    db.execute("ROLLBACK")
                results = [(f, None, exc) for f, _, _ in results]
            # one wake-up per event loop and batch (not one per write): cheaper under load
            by_loop: dict[
                asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any, BaseException | None]]
            ]
            by_loop = {}
            for result in results:
                by_loop.setdefault(result[0].get_loop(), []).append(result)
            for loop, done in by_loop.items():
                # a loop that is gone (shutdown) has no waiters left; the writes themselves are committed
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(_resolve, done)

    async def _call(self, job: Callable[[sqlite3.Connection], T]) -> T:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        with self._wake:
            if self._closing or self._thread is None:
                raise RuntimeError("the store is closed")
            self._queue.append((job, future))
            if self._idle:  # a busy writer takes the queue when it is done: no wake-up needed
                self._wake.notify()
        return await future

    async def create_room(self, room: RoomRow) -> bool:
        data = encode_room(room).decode()

        def job(db: sqlite3.Connection) -> bool:
            cur = db.execute(
                "INSERT OR IGNORE INTO rooms (code, game, status, rev, row, updated_ms) VALUES (?,?,?,?,?,?)",
                (room.code, room.game, room.status, room.rev, data, room.created_ms),
            )
            return cur.rowcount == 1

        return await self._call(job)

    async def load_room(self, code: str) -> RoomRow | None:
        def job(db: sqlite3.Connection) -> str | None:
            row = db.execute("SELECT row FROM rooms WHERE code = ?", (code,)).fetchone()
            return None if row is None else str(row[0])

        data = await self._call(job)
        return None if data is None else decode_room(data)

    async def save_room(self, room: RoomRow, expected_rev: int) -> bool:
        data = encode_room(room).decode()

        def job(db: sqlite3.Connection) -> bool:
            cur = db.execute(
                "UPDATE rooms SET status = ?, rev = ?, row = ?, updated_ms = ? WHERE code = ? AND rev = ?",
                (room.status, room.rev, data, room.started_ms or room.created_ms, room.code, expected_rev),
            )
            return cur.rowcount == 1

        return await self._call(job)

    async def room_codes(self, *, playing: bool = False) -> list[str]:
        where = "WHERE status = 'playing' " if playing else ""

        def job(db: sqlite3.Connection) -> list[str]:
            return [str(r[0]) for r in db.execute(f"SELECT code FROM rooms {where}ORDER BY code")]

        return await self._call(job)

    async def append(self, code: str, game_no: int, index: int, entry: LogEntry) -> bool:
        action = msgspec.json.encode(entry.action).decode()

        def job(db: sqlite3.Connection) -> bool:
            (length,) = db.execute(
                "SELECT COALESCE(MAX(idx) + 1, 0) FROM log WHERE code = ? AND game_no = ?", (code, game_no)
            ).fetchone()
            if length != index:
                return False
            cur = db.execute(
                "INSERT OR IGNORE INTO log (code, game_no, idx, seat, action, t) VALUES (?,?,?,?,?,?)",
                (code, game_no, index, entry.seat, action, entry.t),
            )
            return cur.rowcount == 1

        return await self._call(job)

    async def delete_room(self, code: str) -> None:
        def job(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM log WHERE code = ?", (code,))
            db.execute("DELETE FROM pictures WHERE code = ?", (code,))
            db.execute("DELETE FROM rooms WHERE code = ?", (code,))

        await self._call(job)

    async def entries(self, code: str, game_no: int, start: int = 0) -> list[LogEntry]:
        def job(db: sqlite3.Connection) -> list[tuple[Any, ...]]:
            return db.execute(
                "SELECT seat, action, t FROM log WHERE code = ? AND game_no = ? AND idx >= ? ORDER BY idx",
                (code, game_no, start),
            ).fetchall()

        rows = await self._call(job)
        return [LogEntry(seat, _action_decoder.decode(action), t) for seat, action, t in rows]

    async def add_picture(self, code: str, picture_id: str, data: bytes, limit: int) -> int | None:
        def job(db: sqlite3.Connection) -> int | None:
            (count,) = db.execute("SELECT COUNT(*) FROM pictures WHERE code = ?", (code,)).fetchone()
            if db.execute("SELECT 1 FROM pictures WHERE code = ? AND id = ?", (code, picture_id)).fetchone():
                return int(count)
            if count >= limit:
                return None
            (last,) = db.execute(
                "SELECT COALESCE(MAX(idx), -1) FROM pictures WHERE code = ?", (code,)
            ).fetchone()
            db.execute(
                "INSERT INTO pictures (code, id, idx, data) VALUES (?,?,?,?)",
                (code, picture_id, last + 1, data),
            )
            return int(count) + 1

        return await self._call(job)

    async def picture(self, code: str, picture_id: str) -> bytes | None:
        def job(db: sqlite3.Connection) -> bytes | None:
            row = db.execute(
                "SELECT data FROM pictures WHERE code = ? AND id = ?", (code, picture_id)
            ).fetchone()
            return None if row is None else bytes(row[0])

        return await self._call(job)

    async def picture_ids(self, code: str) -> list[str]:
        def job(db: sqlite3.Connection) -> list[str]:
            return [
                str(r[0]) for r in db.execute("SELECT id FROM pictures WHERE code = ? ORDER BY idx", (code,))
            ]

        return await self._call(job)

    async def remove_picture(self, code: str, picture_id: str) -> bool:
        def job(db: sqlite3.Connection) -> bool:
            cur = db.execute("DELETE FROM pictures WHERE code = ? AND id = ?", (code, picture_id))
            return cur.rowcount == 1

        return await self._call(job)

    async def drop_pictures(self, code: str) -> None:
        def job(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM pictures WHERE code = ?", (code,))

        await self._call(job)

    async def picture_bytes(self, code: str | None = None) -> int:
        def job(db: sqlite3.Connection) -> int:
            where, args = ("WHERE code = ?", (code,)) if code is not None else ("", ())
            (total,) = db.execute(
                f"SELECT COALESCE(SUM(LENGTH(data)), 0) FROM pictures {where}", args
            ).fetchone()
            return int(total)

        return await self._call(job)


class MemoryStore(Store):
    """A store in memory, for tests that need no files."""

    def __init__(self) -> None:
        self.rooms: dict[str, bytes] = {}
        self.logs: dict[tuple[str, int], list[LogEntry]] = {}
        self.pictures: dict[str, dict[str, bytes]] = {}  # code -> id -> bytes, in the order added

    async def create_room(self, room: RoomRow) -> bool:
        if room.code in self.rooms:
            return False
        self.rooms[room.code] = encode_room(room)
        return True

    async def load_room(self, code: str) -> RoomRow | None:
        data = self.rooms.get(code)
        return None if data is None else decode_room(data)

    async def save_room(self, room: RoomRow, expected_rev: int) -> bool:
        data = self.rooms.get(room.code)
        if data is None or decode_room(data).rev != expected_rev:
            return False
        self.rooms[room.code] = encode_room(room)
        return True

    async def room_codes(self, *, playing: bool = False) -> list[str]:
        return sorted(
            c for c, data in self.rooms.items() if not playing or decode_room(data).status == "playing"
        )

    async def append(self, code: str, game_no: int, index: int, entry: LogEntry) -> bool:
        log = self.logs.setdefault((code, game_no), [])
        if index != len(log):
            return False
        log.append(entry)
        return True

    async def entries(self, code: str, game_no: int, start: int = 0) -> list[LogEntry]:
        return list(self.logs.get((code, game_no), [])[start:])

    async def add_picture(self, code: str, picture_id: str, data: bytes, limit: int) -> int | None:
        room = self.pictures.setdefault(code, {})
        if picture_id not in room:
            if len(room) >= limit:
                return None
            room[picture_id] = data
        return len(room)

    async def picture(self, code: str, picture_id: str) -> bytes | None:
        return self.pictures.get(code, {}).get(picture_id)

    async def picture_ids(self, code: str) -> list[str]:
        return list(self.pictures.get(code, {}))

    async def remove_picture(self, code: str, picture_id: str) -> bool:
        return self.pictures.get(code, {}).pop(picture_id, None) is not None

    async def drop_pictures(self, code: str) -> None:
        self.pictures.pop(code, None)

    async def picture_bytes(self, code: str | None = None) -> int:
        rooms = self.pictures.values() if code is None else [self.pictures.get(code, {})]
        return sum(len(data) for room in rooms for data in room.values())

    async def delete_room(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.pictures.pop(code, None)
        for key in [k for k in self.logs if k[0] == code]:
            del self.logs[key]
