"""Emojito in a room: the table does not wait for the dial of a guesser whose person is away."""

from __future__ import annotations

import asyncio
from typing import Any

from tischrunde.bots import standin_kind
from tischrunde.bots.emojito import AwayBot
from tischrunde.games.emojito import (
    GAME,
    Challenge,
    NoChallenge,
    Performed,
    SetDial,
    SkipDial,
    SkipPerformance,
)
from tischrunde.server.lobby import start_game
from tischrunde.server.manager import RoomManager
from tischrunde.server.room import AWAY_GRACE_MS
from tischrunde.server.store import MemoryStore, RoomRow, SeatRow


async def wait_until(check: Any, timeout: float = 5.0) -> None:
    """Wait for ``check()`` to hold (polling the event loop), or fail after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


async def test_an_away_guessers_dial_is_skipped_by_a_stand_in_after_a_short_grace() -> None:
    now = [1_000_000]
    manager = RoomManager(MemoryStore(), clock=lambda: now[0], tick_s=3600)
    await manager.start()
    try:
        seats = [SeatRow(name=n, kind="human", token_hash=n, connected=True) for n in ("A", "B", "C")]
        room = await manager.create(
            RoomRow(code="EMOJI", game="emojito", language="de", options={}, created_ms=now[0], seats=seats)
        )
        assert room is not None and room.row.takeover_s == 60
        await room.mutate(lambda r: start_game(r, room.game, now[0]))
        performer = next(iter(room.game.active_seats(room.state)))
        away = (performer + 1) % 3
        here = (performer + 2) % 3

        def leave(r: RoomRow) -> None:
            r.seats[away].connected = False
            r.seats[away].away_since_ms = now[0]

        await room.mutate(leave)
        await room.act(performer, Performed(), None)
        await wait_until(lambda: room.state.phase == "dial")
        await room.act(here, SetDial(1), None)
        assert room.state.phase == "dial", "the away guesser has not dialled yet"
        now[0] += AWAY_GRACE_MS - 1
        await room.housekeeping(now[0], 20_000)
        assert room.row.seats[away].standin is None, "a short absence is waited for"
        now[0] += 1
        await room.housekeeping(now[0], 20_000)
        # the room frame tells the table: the seat is away and has its stand-in
        seat = room.info().seats[away]
        assert seat.connected is False and seat.bot == "away"
        await wait_until(lambda: room.state.phase != "dial", timeout=10.0)
        entries = await manager.store.entries("EMOJI", room.row.game_no)
        dialled = [(e.seat, e.action.get("type")) for e in entries if "dial" in str(e.action.get("type"))]
        assert dialled == [(here, "set_dial"), (away, "skip_dial")], "the stand-in skipped the away dial"
        last = room.state.last
        assert last is not None and last.skipped == (away,)
        # co-op: one guesser right or wrong, the skipped one moves neither marker
        assert sum(last.moves) == 1
    finally:
        await manager.stop()


async def test_games_with_room_bots_still_wait_the_takeover_time() -> None:
    manager = RoomManager(MemoryStore(), tick_s=3600)
    await manager.start()
    try:
        seats = [SeatRow(name=n, kind="human", token_hash=n) for n in ("A", "B", "C")]
        row = RoomRow(code="MOTTE", game="mogelmotte", language="de", options={}, created_ms=0, seats=seats)
        room = await manager.create(row)
        assert room is not None and room.takeover_ms() == 60_000
        emojito = await manager.create(
            RoomRow(code="EMOJ2", game="emojito", language="de", options={}, created_ms=0, seats=seats)
        )
        assert emojito is not None and emojito.takeover_ms() == AWAY_GRACE_MS
    finally:
        await manager.stop()


def test_the_emojito_stand_in_skips_at_once_but_lets_a_performer_act() -> None:
    assert standin_kind("emojito") == "away" and standin_kind("mogelmotte") == "heuristic"
    bot = AwayBot(1, 3)
    view = {"layout": list(range(7)), "round": 0, "performer": 0, "players": 3, "mode": "coop"}
    view |= {"secret_message": False, "challenge": None}
    dial = bot.decide(view, [SetDial(n) for n in range(1, 8)], 0)
    assert dial is not None and dial.action == SkipDial() and dial.delay_ms < 5000
    declined = bot.decide(view, [Challenge(), NoChallenge()], 0)
    assert declined is not None and declined.action == NoChallenge()
    performed = bot.decide(view, [Performed()], 0)
    assert performed is not None and performed.action == SkipPerformance() and performed.delay_ms == 55_000
    assert GAME.spec.bots_in_rooms is False
