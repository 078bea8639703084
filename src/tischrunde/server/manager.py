"""The rooms this process holds: loading them from the store, the housekeeping loop (leases, stand-ins,
the host role, unloading idle rooms) and expiry."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid

import msgspec

from tischrunde.core import registry
from tischrunde.server.errors import ROOM_GONE, ProtocolError, expired_frame, store_reachable
from tischrunde.server.protocol import Error
from tischrunde.server.room import Clock, Room, wall_ms
from tischrunde.server.store import RoomRow, Store, StoreUnavailable

log = logging.getLogger("tischrunde.server")


class RoomManager:
    """The rooms this process holds, the store behind them and the housekeeping loop."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = wall_ms,
        host_grace_s: float = 20.0,
        tick_s: float = 1.0,
        lease_ms: int = 5000,
        unload_idle_s: float = 600.0,
        lobby_ttl_s: float = 3600.0,
        room_ttl_s: float = 86400.0,
        expiry_sweep_s: float = 60.0,
    ) -> None:
        self.store = store
        self.lobby_ttl_ms = int(lobby_ttl_s * 1000)
        self.room_ttl_ms = int(room_ttl_s * 1000)
        self.expiry_sweep_ms = int(expiry_sweep_s * 1000)
        self._swept = clock()
        self._store_warned = 0.0
        self.clock = clock
        self.unload_idle_ms = int(unload_idle_s * 1000)
        self.host_grace_ms = int(host_grace_s * 1000)
        self.tick_s = tick_s
        self.lease_ms = lease_ms
        self.owner = uuid.uuid4().hex
        store.origin = self.owner
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._ticker: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.store.open()
        self.store.set_listener(self._remote_change)
        self.store.set_resync(self.resync)
        if not self.store.shared:
            # one process owns the data: rebuild running games now and resume their timers and bots
            # (other rooms are loaded when someone asks for them)
            for code in await self.store.room_codes(playing=True):
                await self.get(code)
        self._ticker = asyncio.create_task(self._tick_loop())

    async def stop(self) -> None:
        if self._ticker is not None:
            # a cancel is only a request: one that lands while a store call completes can be lost (seen
            # with redis under load), so ask again until the ticker is over
            while not self._ticker.done():
                self._ticker.cancel()
                await asyncio.wait({self._ticker}, timeout=0.1)
        stopping: list[asyncio.Task[None]] = []
        for room in self.rooms.values():
            room.unloaded = True  # out of memory: a last commit's plan() starts no new timer or bot
            stopping.extend(room.cancel_tasks())
            for conn in room.conns:
                conn.close()
            if self.store.shared and room.driving:
                with contextlib.suppress(Exception):
                    await self.store.release_lease(room.code, self.owner)
        if stopping:
            # a timer or bot cancelled inside a commit finishes it before the store closes (else its
            # append meets a closed store and the task ends in an error nobody retrieves)
            await asyncio.wait(stopping, timeout=10)
        await self.store.close()

    async def create(self, row: RoomRow) -> Room | None:
        """A new room, None if its code is taken (ProtocolError ``busy`` if the store is unreachable)."""
        with store_reachable():
            return await self._create(row)

    async def _create(self, row: RoomRow) -> Room | None:
        if not await self.store.create_room(row):
            return None
        room = Room(self, row)
        if self.store.shared:
            room.driving = await self.store.acquire_lease(row.code, self.owner, self.lease_ms)
        self.rooms[row.code] = room
        return room

    async def get(self, code: str) -> Room | None:
        """The room with this code, loaded from the store and replayed if needed (ProtocolError
        ``busy`` if the store is unreachable)."""
        with store_reachable():
            return await self._get(code)

    async def _get(self, code: str) -> Room | None:
        room = self.rooms.get(code)
        if room is not None:
            room.touched = self.clock()
            return room
        loading = self._loading.get(code)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[code] = future
        try:
            row = await self.store.load_room(code)
            if row is None or row.game not in registry.GAME_MODULES:
                future.set_result(None)
                return None
            room = Room(self, row)
            await room.rebuild()
            if self.store.shared:
                room.driving = await self.store.acquire_lease(code, self.owner, self.lease_ms)
            elif any(s.kind == "human" and s.connected for s in row.seats):
                # this process alone serves the room and has no connections yet: everyone is away
                now = self.clock()
                await room.mutate(lambda r: _all_away(r, now))
            self.rooms[code] = room
            room.plan()
            future.set_result(room)
            return room
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved
            raise
        finally:
            del self._loading[code]

    async def _remote_change(self, code: str, message: bytes) -> None:
        room = self.rooms.get(code)
        if room is None:
            return
        note = msgspec.json.decode(message)
        if not isinstance(note, dict) or note.get("origin") == self.owner:
            return
        if note.get("kind") == "entry":
            await room.entry_arrived(int(note.get("game_no", 0)), int(note.get("index", 0)))
        elif note.get("kind") == "gone":
            await self.close_room(room, ROOM_GONE)
        else:
            await room.refresh()

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(self.tick_s)
            try:
                await self.tick()
            except StoreUnavailable as exc:
                self._store_warning(exc)
            except Exception:
                log.exception("housekeeping failed")

    async def unload(self, room: Room) -> bool:
        """Take a room nobody uses out of memory (it stays in the store; ``get`` loads it again, as
        after a restart: missed deadlines fire then). False if someone came back meanwhile."""
        async with room.lock:
            if room.conns or self.rooms.get(room.code) is not room:
                return False
            room.cancel_tasks()
            room.unloaded = True
            del self.rooms[room.code]
        if self.store.shared and room.driving:
            with contextlib.suppress(Exception):
                await self.store.release_lease(room.code, self.owner)
        return True

    async def tick(self) -> None:
        """Renew leases, let bots stand in for absent people, move the host role on, and unload rooms
        nobody has used for ``unload_idle_s`` (no connection, no lookup)."""
        now = self.clock()
        if now - self._swept >= self.expiry_sweep_ms:
            await self.expire(now)
        for room in list(self.rooms.values()):
            if room.conns:
                room.touched = now
            elif now - room.touched >= self.unload_idle_ms:
                await self.unload(room)
                continue
            if self.store.shared and room.row.status == "playing":
                driving = await self.store.acquire_lease(room.code, self.owner, self.lease_ms)
                if driving != room.driving:
                    async with room.lock:
                        room.driving = driving
                        if driving:
                            await room.catch_up()
                        room.plan()
            try:
                await room.housekeeping(now, self.host_grace_ms)
            except ProtocolError as exc:
                log.debug("room %s: housekeeping: %s", room.code, exc.message)

    # ---- rooms that end: expiry, store copies that vanished, a shared store that blinked -------

    def close_held(self, room: Room, error: Error) -> None:
        """Take a room out of memory and close its connections with ``error`` (its lock held)."""
        room.cancel_tasks()
        room.unloaded = True
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        for conn in list(room.conns):
            conn.send(error)
            conn.close()
            conn.part()
        room.conns.clear()

    async def close_room(self, room: Room, error: Error) -> None:
        async with room.lock:
            self.close_held(room, error)

    async def expire(self, now: int | None = None) -> list[str]:
        """Delete the rooms that have expired (``expiry_reason``) from the store, logs included, and from
        memory; their connections get an ``unknown_room`` error saying why. Returns their codes."""
        now = self.clock() if now is None else now
        self._swept = now
        expired: list[str] = []
        for code in await self.store.room_codes():
            if code in self._loading:
                continue
            room = self.rooms.get(code)
            row = room.row if room is not None else await self.store.load_room(code)
            if row is None:
                continue
            ttls = (self.lobby_ttl_ms, self.room_ttl_ms)
            if expiry_reason(row, now, *ttls, watched=room is not None and bool(room.conns)) is None:
                continue
            if room is None:
                await self.store.delete_room(code)
            else:
                async with room.lock:
                    # again under the lock: someone may have joined or connected meanwhile
                    reason = expiry_reason(room.row, now, *ttls, watched=bool(room.conns))
                    if reason is None:
                        continue
                    await self.store.delete_room(code)
                    self.close_held(room, expired_frame(reason))
            expired.append(code)
        if expired:
            log.info("%d rooms expired: %s", len(expired), ", ".join(expired))
        return expired

    async def resync(self) -> None:
        """The shared store was unreachable and changes may have been missed: every room held in memory
        catches up from the store, and one whose row is gone is closed for its clients."""
        for room in list(self.rooms.values()):
            await room.refresh()
            if not room.unloaded:
                room.plan()  # a deadline or a bot's move that failed meanwhile is due again

    def _store_warning(self, exc: Exception) -> None:
        """One line at most every few seconds while the store is unreachable (an expected condition)."""
        now = time.monotonic()
        if now - self._store_warned >= 5.0:
            self._store_warned = now
            log.warning("housekeeping waits for the store: %s", exc)


def _all_away(row: RoomRow, now: int) -> None:
    for seat in row.seats:
        if seat.kind == "human" and seat.connected:
            seat.connected = False
            seat.away_since_ms = now


# ---- expiry: when a room's time is over ----------------------------------------------------------


def expiry_reason(row: RoomRow, now: int, lobby_ttl_ms: int, room_ttl_ms: int, watched: bool) -> str | None:
    """Why a room has expired, or None. A lobby nobody joined expires ``lobby_ttl_ms`` after it was made,
    even if a table screen shows it; any other room once nobody has been connected to it (``watched``:
    connections of this process, spectators included) for ``room_ttl_ms``."""
    people = [s for s in row.seats if s.kind == "human" and s.token_hash is not None]
    if row.status == "lobby" and not people:
        if now - row.created_ms >= lobby_ttl_ms:
            return f"nobody joined it within {lobby_ttl_ms / 60_000:g} minutes"
        return None
    if watched or any(s.connected for s in people):
        return None
    last = max([row.created_ms, row.started_ms or 0, *(s.away_since_ms or 0 for s in row.seats)])
    if now - last >= room_ttl_ms:
        return f"nobody has used it for {room_ttl_ms / 3_600_000:g} hours"
    return None
