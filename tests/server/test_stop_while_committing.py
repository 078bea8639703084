"""Stopping the server while a timer's action is on its way to the store: it is committed, nothing fails.

Found by ``bench/load.py`` (Wordland, 1,000 rooms): at shutdown a deadline's Timeout whose append had
not reached the SQLite writer yet met the closed store, and the cancelled timer task ended with
``RuntimeError('the store is closed')``, logged as "Task exception was never retrieved".
"""

from __future__ import annotations

import asyncio
import time

import pytest

from tischrunde.server.lobby import start_game
from tischrunde.server.manager import RoomManager
from tischrunde.server.store import LogEntry, MemoryStore, RoomRow, SeatRow


class GatedStore(MemoryStore):
    """A memory store whose appends wait at a gate (the way to the writer) and, like SQLiteStore, refuse
    to start once the store is closing."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.gate.set()
        self.waiting = 0
        self.closing = False

    async def append(self, code: str, game_no: int, index: int, entry: LogEntry) -> bool:
        self.waiting += 1
        await self.gate.wait()
        self.waiting -= 1
        if self.closing:
            raise RuntimeError("the store is closed")
        return await super().append(code, game_no, index, entry)

    async def close(self) -> None:
        self.closing = True
        await super().close()


async def test_a_timeout_in_flight_at_stop_is_committed_and_its_task_ends_cleanly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = GatedStore()
    manager = RoomManager(store)
    await manager.start()
    row = RoomRow(
        code="ACDEF", game="toy", language="de", options={"target": 30, "turn_ms": 50}, created_ms=1
    )
    row.seats = [
        SeatRow(name="A", kind="human", token_hash="a"),
        SeatRow(name="B", kind="human", token_hash="b"),
    ]
    room = await manager.create(row)
    assert room is not None
    store.gate.clear()  # the turn's Timeout will wait on its way to the store
    await room.mutate(lambda r: start_game(r, room.game, manager.clock()))
    deadline = time.monotonic() + 30
    while not (store.waiting and room.firing is not None) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    firing = room.firing
    assert firing is not None and store.waiting == 1, "the timer fired and its append waits"
    cancel_tasks = room.cancel_tasks

    def cancel_and_open() -> list[asyncio.Task[None]]:
        """The append goes on its way the moment stop cancels the timer's task."""
        tasks = cancel_tasks()
        store.gate.set()
        return tasks

    monkeypatch.setattr(room, "cancel_tasks", cancel_and_open)
    await asyncio.wait_for(manager.stop(), 30)
    assert firing.done()
    assert firing.cancelled() or firing.exception() is None, firing.exception()
    assert [e.action for e in await store.entries("ACDEF", room.row.game_no)] == [{"type": "timeout"}]
    assert room.version == 1, "memory follows the log"
    assert room.timer is None and not room.pending, "no new timer after the stop"
