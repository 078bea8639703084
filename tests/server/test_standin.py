"""Nobody waits for ever for a person who is away: every screen learns when a stand-in bot acts for them
(SeatInfo.standin_ms), the host can call the stand-in in at once (host op ``stand_in``), and an away
Emojito performer is skipped: the next performer goes."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tischrunde.bots.emojito import AwayBot
from tischrunde.server.lobby import start_game
from tischrunde.server.manager import RoomManager
from tischrunde.server.room import AWAY_GRACE_MS
from tischrunde.server.store import MemoryStore, RoomRow, SeatRow

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers import create_room, until
from test_game_night import client, host_op, join, refused, room_where  # noqa: F401


async def wait_until(check: Any, timeout: float = 10.0) -> None:
    """Wait for ``check()`` to hold (polling the event loop), or fail after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


async def test_an_away_performer_is_skipped_after_the_countdown(monkeypatch: pytest.MonkeyPatch) -> None:
    # the stand-in's wait before it leaves a performance out, shortened from 55 s for the test
    monkeypatch.setitem(AwayBot.__init__.__kwdefaults__, "perform_wait_ms", 300)
    now = [1_000_000]
    manager = RoomManager(MemoryStore(), clock=lambda: now[0], tick_s=3600)
    await manager.start()
    try:
        seats = [SeatRow(name=n, kind="human", token_hash=n, connected=True) for n in ("A", "B", "C")]
        room = await manager.create(
            RoomRow(code="EMOJI", game="emojito", language="de", options={}, created_ms=now[0], seats=seats)
        )
        assert room is not None
        await room.mutate(lambda r: start_game(r, room.game, now[0]))
        performer = next(iter(room.game.active_seats(room.state)))
        assert room.info().seats[performer].standin_ms is None, "nobody is away"
        now[0] += 2_000

        def leave(r: RoomRow) -> None:
            r.seats[performer].connected = False
            r.seats[performer].away_since_ms = now[0]

        await room.mutate(leave)
        # every screen sees when the stand-in comes: 5 s after the performer went away (game time)
        assert room.info().seats[performer].standin_ms == 2_000 + AWAY_GRACE_MS
        assert [s.standin_ms for i, s in enumerate(room.info().seats) if i != performer] == [None, None]
        now[0] += AWAY_GRACE_MS
        await room.housekeeping(now[0], 20_000)
        assert room.row.seats[performer].standin == "away"
        # then the stand-in's own decision: leave the performance out, 300 ms from now
        assert room.info().seats[performer].standin_ms == 2_000 + AWAY_GRACE_MS + 300
        await wait_until(lambda: room.state.performers != (performer,))
        assert room.state.phase == "perform" and room.state.round == 1
        assert room.state.performers == ((performer + 1) % 3,), "the next performer goes"
        entries = await manager.store.entries("EMOJI", room.row.game_no)
        assert [(e.seat, e.action["type"]) for e in entries] == [(performer, "skip_performance")]
        assert room.info().seats[performer].standin_ms is None, "the stand-in has nothing to do now"
    finally:
        await manager.stop()


def test_the_host_lets_a_bot_play_for_an_away_player_now(client: TestClient) -> None:  # noqa: F811
    code = create_room(client, game="emojito")
    (anna, ben, cleo), _ = join(client, code, "Anna", "Ben", "Cleo")
    host_op(anna, "first_seat", seat=1)  # Ben performs first
    room_where(anna, lambda r: r["first_seat"] == 1)
    host_op(anna, "stand_in", seat=1)
    refused(anna, "game_not_running")
    host_op(anna, "start")
    state = until(anna, "state")
    assert state["active"] == [1]
    host_op(anna, "stand_in", seat=2)
    refused(anna, "bad_frame", "seat")  # Cleo is here
    ben.close()
    room = room_where(cleo, lambda r: not r["seats"][1]["connected"])
    due = room["seats"][1]["standin_ms"]
    assert due is not None and 0 < due - state["now_ms"] <= AWAY_GRACE_MS + 1_000, (due, state["now_ms"])
    assert room["seats"][0]["standin_ms"] is None and room["seats"][2]["standin_ms"] is None
    host_op(cleo, "stand_in", seat=1)
    refused(cleo, "not_host")
    host_op(anna, "stand_in", seat=1)
    # the stand-in comes at once and leaves Ben's performance out within moments: Cleo performs
    skipped = until(cleo, "state", lambda f: any(e["kind"] == "performance_skipped" for e in f["events"]))
    assert skipped["active"] == [2] and skipped["view"]["round"] == 2
    room = room_where(cleo, lambda r: r["seats"][1]["bot"] == "away")
    assert room["seats"][1]["connected"] is False
    cleo.send_json({"type": "act", "version": skipped["version"], "action": {"type": "performed"}})
    assert until(cleo, "state")["view"]["phase"] == "dial"
    anna.close()
    cleo.close()
