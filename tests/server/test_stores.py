"""The store interface, the same for SQLite, memory and Redis (fakeredis), and rooms shared via Redis."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import fakeredis
import msgspec
import pytest

from tischrunde.core.game import Config
from tischrunde.server.conn import Conn
from tischrunde.server.lobby import start_game
from tischrunde.server.manager import RoomManager
from tischrunde.server.store import LogEntry, MemoryStore, RoomRow, SeatRow, SQLiteStore, Store
from tischrunde.server.store_redis import RedisStore


def make_row(code: str = "ACDEF") -> RoomRow:
    return RoomRow(
        code=code, game="toy", language="de", options={"target": 30, "turn_ms": 30_000}, created_ms=1
    )


@pytest.fixture(params=["memory", "sqlite", "redis"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    kind = request.param
    s: Store
    if kind == "memory":
        s = MemoryStore()
    elif kind == "sqlite":
        s = SQLiteStore(tmp_path / "db.sqlite3")
    else:
        s = RedisStore(client=fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer()), volatile=True)
    await s.open()
    yield s
    await s.close()


async def test_rooms_are_created_once_and_saved_with_a_revision_check(store: Store) -> None:
    row = make_row()
    assert await store.create_room(row)
    assert not await store.create_room(make_row())
    assert await store.load_room("ACDEF") == row
    assert await store.load_room("XXXXX") is None
    row.seats.append(SeatRow(name="A", kind="human", token_hash="h"))
    row.rev = 1
    assert await store.save_room(row, 0)
    stale = make_row()
    stale.rev = 1
    assert not await store.save_room(stale, 0)
    loaded = await store.load_room("ACDEF")
    assert loaded is not None and loaded.rev == 1 and loaded.seats[0].name == "A"
    assert await store.room_codes() == ["ACDEF"]
    assert await store.room_codes(playing=True) == []
    row.status = "playing"
    row.rev = 2
    assert await store.save_room(row, 1)
    assert await store.room_codes(playing=True) == ["ACDEF"]


async def test_the_log_appends_each_index_once(store: Store) -> None:
    await store.create_room(make_row())
    first = LogEntry(0, {"type": "add", "n": 2}, 10)
    assert await store.append("ACDEF", 1, 0, first)
    assert not await store.append("ACDEF", 1, 0, LogEntry(1, {"type": "add", "n": 3}, 11))
    assert not await store.append("ACDEF", 1, 2, first)
    assert await store.append("ACDEF", 1, 1, LogEntry(None, {"type": "timeout"}, 30_010))
    assert await store.entries("ACDEF", 1) == [first, LogEntry(None, {"type": "timeout"}, 30_010)]
    assert await store.entries("ACDEF", 1, 1) == [LogEntry(None, {"type": "timeout"}, 30_010)]
    assert await store.entries("ACDEF", 2) == []


async def test_concurrent_appends_of_one_index_let_exactly_one_win(store: Store) -> None:
    await store.create_room(make_row())
    results = await asyncio.gather(
        *(store.append("ACDEF", 1, 0, LogEntry(s, {"type": "add", "n": 1}, s)) for s in range(5))
    )
    assert sorted(results) == [False, False, False, False, True]
    assert len(await store.entries("ACDEF", 1)) == 1


async def test_sqlite_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    import sqlite3

    s = SQLiteStore(tmp_path / "db.sqlite3")
    await s.open()
    await s.create_room(make_row())
    await s.close()
    db = sqlite3.connect(tmp_path / "db.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    s2 = SQLiteStore(tmp_path / "db.sqlite3")
    await s2.open()
    assert s2._db is not None and s2._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert await s2.load_room("ACDEF") == make_row()
    await s2.close()


async def test_sqlite_checkpoints_run_beside_the_writer_not_inside_commits(tmp_path: Path) -> None:
    """Commits never checkpoint (that stalled them under load); a thread of its own copies the WAL into
    the database file, so the WAL does not grow without end."""
    path = tmp_path / "db.sqlite3"
    s = SQLiteStore(path)
    s.checkpoint_s = 0.05
    await s.open()
    assert s._db is not None and s._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    await s.create_room(make_row())
    size_before = path.stat().st_size
    for index in range(300):
        assert await s.append("ACDEF", 1, index, LogEntry(index % 4, {"type": "add", "n": index}, index))
    deadline = asyncio.get_running_loop().time() + 5
    while path.stat().st_size <= size_before and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    assert path.stat().st_size > size_before, (
        "the log reached the database file without any commit checkpointing"
    )
    assert len(await s.entries("ACDEF", 1)) == 300
    await s.close()


async def test_leases_belong_to_one_process_until_they_expire() -> None:
    server = fakeredis.FakeServer()
    a = RedisStore(client=fakeredis.FakeAsyncRedis(server=server), volatile=True)
    b = RedisStore(client=fakeredis.FakeAsyncRedis(server=server), volatile=True)
    assert await a.acquire_lease("ACDEF", "a", 200)
    assert not await b.acquire_lease("ACDEF", "b", 200)
    assert await a.acquire_lease("ACDEF", "a", 200)  # renewal
    await asyncio.sleep(0.3)
    assert await b.acquire_lease("ACDEF", "b", 200)  # a died: b takes over
    assert not await a.acquire_lease("ACDEF", "a", 200)
    await a.release_lease("ACDEF", "a")  # not a's to release
    assert not await a.acquire_lease("ACDEF", "a", 200)
    await b.release_lease("ACDEF", "b")
    assert await a.acquire_lease("ACDEF", "a", 200)
    await a.redis.aclose()
    await b.redis.aclose()


# ---- two processes (two managers) sharing rooms through one Redis --------------------------------


def frames(conn: Conn) -> list[dict[str, Any]]:
    out = []
    for data in conn.take():
        if data is not None:
            out.append(msgspec.json.decode(data))
    return out


async def wait_state(
    conn: Conn, version: int, seen: list[dict[str, Any]], timeout: float = 3.0
) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        seen.extend(frames(conn))
        for frame in seen:
            if frame["type"] == "state" and frame["version"] == version:
                return frame
        await asyncio.sleep(0.01)
    raise AssertionError(f"no state version {version}; got {[f.get('version') for f in seen]}")


async def test_two_processes_play_one_room_through_redis() -> None:
    server = fakeredis.FakeServer()
    a = RoomManager(
        RedisStore(client=fakeredis.FakeAsyncRedis(server=server), volatile=True), tick_s=0.05, lease_ms=300
    )
    b = RoomManager(
        RedisStore(client=fakeredis.FakeAsyncRedis(server=server), volatile=True), tick_s=0.05, lease_ms=300
    )
    await a.start()
    await b.start()
    try:
        room_a = await a.create(make_row())
        assert room_a is not None
        room_b = await b.get("ACDEF")
        assert room_b is not None and room_b is not room_a

        def join(name: str, token: str) -> Any:
            def change(row: RoomRow) -> None:
                row.seats.append(SeatRow(name=name, kind="human", token_hash=token, connected=True))
                row.host_seat = 0 if row.host_seat is None else row.host_seat

            return change

        # both join at once, one through each process: the revision check serialises them
        await asyncio.gather(room_a.mutate(join("Anna", "ha")), room_b.mutate(join("Ben", "hb")))
        await asyncio.sleep(0.1)
        assert sorted(s.name for s in room_a.row.seats) == ["Anna", "Ben"]
        assert [s.name for s in room_b.row.seats] == [s.name for s in room_a.row.seats]
        conn_a, conn_b = Conn("a"), Conn("b")
        conn_a.token_hash, conn_b.token_hash = "ha", "hb"
        room_a.conns.add(conn_a)
        room_b.conns.add(conn_b)
        game = room_a.game
        await room_a.mutate(lambda row: start_game(row, game, a.clock()))
        seen_a: list[dict[str, Any]] = []
        seen_b: list[dict[str, Any]] = []
        state_b = await wait_state(conn_b, 0, seen_b)
        assert state_b["view"]["total"] == 0
        first = room_a.seat_of("ha") if state_b["active"] == [room_a.seat_of("ha")] else room_b.seat_of("hb")
        assert first == 0
        mover = {room_a.seat_of("ha"): (room_a, "ha"), room_b.seat_of("hb"): (room_b, "hb")}
        for version in range(4):
            seat = version % 2
            room, token = mover[seat]
            await room.act(room.seat_of(token), game.decode_action({"type": "add", "n": 2}), version)
            state_a = await wait_state(conn_a, version + 1, seen_a)
            state_b = await wait_state(conn_b, version + 1, seen_b)
            assert state_a["view"]["total"] == state_b["view"]["total"] == 2 * (version + 1)
        # a stale act through the other process is refused by the store's optimistic append
        assert room_a.version == room_b.version == 4
        # exactly one process drives timers and bots
        assert [room_a.driving, room_b.driving].count(True) == 1
        assert Config  # the engine config type is shared by both
    finally:
        await a.stop()
        await b.stop()


async def _until(condition: Callable[[], bool], seconds: float) -> None:
    """Wait for ``condition`` with a generous deadline (a busy machine starves the event loop)."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.02)


async def test_the_lease_moves_when_its_holder_dies() -> None:
    server = fakeredis.FakeServer()
    # a lease of 1 s renewed every 50 ms: a starved event loop does not lose it by accident
    a = RoomManager(
        RedisStore(client=fakeredis.FakeAsyncRedis(server=server), volatile=True), tick_s=0.05, lease_ms=1000
    )
    b = RoomManager(
        RedisStore(client=fakeredis.FakeAsyncRedis(server=server), volatile=True), tick_s=0.05, lease_ms=1000
    )
    await a.start()
    await b.start()
    try:
        row = make_row()
        row.options["target"] = 100  # random bots answer in 0.1-1.5 s: the game outlasts the test
        row.seats = [
            SeatRow(name="Bot 1", kind="bot", bot="random"),
            SeatRow(name="Bot 2", kind="bot", bot="random"),
        ]
        room_a = await a.create(row)
        assert room_a is not None
        await room_a.mutate(lambda r: start_game(r, room_a.game, a.clock()))
        room_b = await b.get("ACDEF")
        assert room_b is not None
        assert room_a.driving and not room_b.driving
        # a's bots play and b follows the game while a holds the lease
        await _until(lambda: room_b.version >= 1, 30)
        assert room_a.driving and not room_b.driving and room_b.version >= 1, (room_a.driving, room_b.version)
        # process a dies without a word: its ticker and bots stop, its lease runs out. A cancel is only a
        # request (one that lands while a lease call completes can be lost), so cancel until it is over.
        ticker = a._ticker
        assert ticker is not None
        deadline = time.monotonic() + 30
        while not ticker.done() and time.monotonic() < deadline:
            ticker.cancel()
            await asyncio.sleep(0.02)
        assert ticker.done()
        room_a.cancel_tasks()
        room_a.driving = False
        version = room_b.version
        await _until(lambda: room_b.driving and room_b.version >= version + 1, 60)
        assert room_b.driving and room_b.version >= version + 1, (
            room_b.driving,
            room_b.version,
            version,
            room_b.row.status,
        )
        assert not room_a.driving
        assert room_b.row.status == "playing"
    finally:
        await a.stop()
        await b.stop()
