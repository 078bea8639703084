"""Rooms expire: a lobby nobody joined after ``lobby_ttl_s``, any other room once nobody has been
connected for ``room_ttl_s``. Expired rooms leave the store (row and every game's log) and memory,
and their connections get a clear error. For every store: SQLite, memory and Redis (fakeredis)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import fakeredis
import pytest
from helpers import create_room, hello, recv
from starlette.testclient import TestClient
from typer.testing import CliRunner

from tischrunde.cli import app as cli_app
from tischrunde.server.app import create_app
from tischrunde.server.conn import Conn
from tischrunde.server.manager import RoomManager, expiry_reason
from tischrunde.server.store import LogEntry, MemoryStore, RoomRow, SeatRow, SQLiteStore, Store
from tischrunde.server.store_redis import RedisStore

HOUR = 3_600_000
DAY = 24 * HOUR
T0 = 1_000_000_000_000


@pytest.fixture(params=["memory", "sqlite", "redis"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    s: Store
    if request.param == "memory":
        s = MemoryStore()
    elif request.param == "sqlite":
        s = SQLiteStore(tmp_path / "db.sqlite3")
    else:
        s = RedisStore(client=fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer()), volatile=True)
    await s.open()
    yield s
    await s.close()


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now


def row(code: str, *, status: str = "lobby", seats: list[SeatRow] | None = None, game_no: int = 0) -> RoomRow:
    return RoomRow(
        code=code,
        game="toy",
        language="de",
        options={"target": 30},
        created_ms=T0,
        seats=seats or [],
        status=status,  # type: ignore[arg-type]
        game_no=game_no,
        started_ms=T0 + 1000 if status != "lobby" else None,
    )


def person(*, connected: bool, away_since_ms: int | None = None) -> SeatRow:
    return SeatRow(
        name="Anna", kind="human", token_hash="h", connected=connected, away_since_ms=away_since_ms
    )


def frames(conn: Conn) -> list[dict[str, object] | None]:
    return [None if f is None else json.loads(f) for f in conn.take()]


async def test_delete_room_removes_the_row_and_every_games_log(store: Store) -> None:
    assert await store.create_room(row("ACDEF", status="over", game_no=2))
    assert await store.create_room(row("GHJKL"))
    for game_no in (1, 2):
        assert await store.append("ACDEF", game_no, 0, LogEntry(0, {"type": "add", "n": 1}, 5))
    assert await store.append("GHJKL", 1, 0, LogEntry(0, {"type": "add", "n": 2}, 5))
    await store.delete_room("ACDEF")
    await store.delete_room("QQQQQ")  # unknown: nothing happens
    assert await store.load_room("ACDEF") is None
    assert await store.room_codes() == ["GHJKL"]
    assert await store.entries("ACDEF", 1) == [] and await store.entries("ACDEF", 2) == []
    assert await store.entries("GHJKL", 1) == [LogEntry(0, {"type": "add", "n": 2}, 5)], "others stay"
    assert await store.create_room(row("ACDEF")), "the code is free again"


def test_expiry_reason_by_the_rules() -> None:
    lobby = row("ACDEF")
    assert expiry_reason(lobby, T0 + HOUR - 1, HOUR, DAY, watched=False) is None
    assert "nobody joined" in (expiry_reason(lobby, T0 + HOUR, HOUR, DAY, watched=True) or "")
    joined = row("ACDEF", seats=[person(connected=True)])
    assert expiry_reason(joined, T0 + 2 * DAY, HOUR, DAY, watched=False) is None, "someone is there"
    left = row("ACDEF", seats=[person(connected=False, away_since_ms=T0 + HOUR)])
    assert expiry_reason(left, T0 + HOUR + DAY - 1, HOUR, DAY, watched=False) is None
    assert expiry_reason(left, T0 + HOUR + DAY, HOUR, DAY, watched=True) is None, "a spectator is there"
    assert "nobody has used it" in (expiry_reason(left, T0 + HOUR + DAY, HOUR, DAY, watched=False) or "")
    over = row("ACDEF", status="over", seats=[person(connected=False, away_since_ms=T0 + 5 * HOUR)])
    assert expiry_reason(over, T0 + DAY, HOUR, DAY, watched=False) is None, "a day since the last one left"
    assert expiry_reason(over, T0 + 5 * HOUR + DAY, HOUR, DAY, watched=False) is not None


async def test_expired_rooms_leave_store_and_memory_and_their_connections_hear_why(store: Store) -> None:
    clock = Clock()
    manager = RoomManager(store, clock=clock, lobby_ttl_s=3600, room_ttl_s=86400, expiry_sweep_s=60)
    await manager.start()
    try:
        empty = await manager.create(row("ACDEF"))
        busy = await manager.create(row("GHJKL", seats=[person(connected=True)]))
        over = row("MNPQR", status="over", seats=[person(connected=False, away_since_ms=T0 + HOUR)])
        assert await store.create_room(over)  # in the store only (as after a restart)
        assert await store.append("MNPQR", 0, 0, LogEntry(0, {"type": "add", "n": 1}, 5))
        assert empty is not None and busy is not None
        table = Conn("127.0.0.1")
        table.room = empty
        empty.conns.add(table)
        clock.now = T0 + HOUR - 1
        assert await manager.expire() == []
        clock.now = T0 + HOUR
        assert await manager.expire() == ["ACDEF"]
        assert "ACDEF" not in manager.rooms and await store.load_room("ACDEF") is None
        assert empty.unloaded and table.closed and table.room is None
        sent = frames(table)
        assert sent[-1] is None, "closed after the error"
        error = sent[-2]
        assert error is not None and error["type"] == "error" and error["code"] == "unknown_room"
        assert "expired" in str(error["message"]) and "nobody joined" in str(error["message"])
        clock.now = T0 + HOUR + DAY
        assert await manager.expire() == ["MNPQR"]
        assert await store.load_room("MNPQR") is None and await store.entries("MNPQR", 0) == []
        assert await store.room_codes() == ["GHJKL"], "a room with someone in it stays"

        # the housekeeping tick sweeps by itself once a sweep is due
        def away(r: RoomRow) -> None:
            r.seats[0].connected = False
            r.seats[0].away_since_ms = T0

        await busy.mutate(away)
        clock.now += 59_000
        await manager.tick()
        assert await store.room_codes() == ["GHJKL"], "no sweep before expiry_sweep_s"
        clock.now += 1_000
        await manager.tick()
        assert await store.room_codes() == [] and manager.rooms == {}
    finally:
        await manager.stop()


def test_an_expired_room_is_gone_for_the_app_and_its_sockets(web_dir: Path) -> None:
    clock = Clock()
    app = create_app(store=MemoryStore(), web_dir=web_dir, clock=clock, lobby_ttl_s=60, room_ttl_s=600)
    with TestClient(app) as client:
        code = create_room(client)
        with client.websocket_connect("/ws") as ws:
            hello(ws, code, role="table")
            clock.now += 60_000
            manager = app.state.manager
            assert client.portal is not None
            assert client.portal.call(manager.expire) == [code]
            error = recv(ws)
            while error["type"] != "error":
                error = recv(ws)
            assert error["code"] == "unknown_room" and "1 minutes" in error["message"]
            assert ws.receive()["type"] == "websocket.close"
        response = client.get(f"/api/rooms/{code}")
        assert response.status_code == 404


def test_serve_has_the_expiry_and_redis_options() -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0
    for option in ("--lobby-ttl", "--room-ttl", "--redis-volatile"):
        assert option in result.output
