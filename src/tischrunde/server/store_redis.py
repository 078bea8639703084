"""A Redis store: the same interface as SQLite, plus what lets several server processes share rooms.

Keys (``prefix`` defaults to ``tr``): ``tr:room:CODE`` the room row (JSON, with its ``rev``),
``tr:rooms`` the set of codes, ``tr:log:CODE:GAME_NO`` the log (a list of JSON entries),
``tr:lease:CODE`` which process drives the room's timers and bots (expires unless renewed),
``tr:pic:CODE`` a room's own pictures (a hash: id -> image bytes) and ``tr:pics:CODE`` their order (a list).
Every committed change is announced on ``tr:ev:CODE``; processes holding connections of that room
apply it and push views. Writes are optimistic (WATCH/MULTI): two processes can never both append
entry n, nor both save revision n of a room.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import msgspec
from redis.asyncio import Redis
from redis.exceptions import WatchError

from tischrunde.server.store import Listener, LogEntry, RoomRow, Store, decode_room, encode_room

log = logging.getLogger("tischrunde.server")

_entry_decoder = msgspec.json.Decoder(LogEntry)


class RedisStore(Store):
    """Rooms and logs in Redis (redis-py asyncio)."""

    shared = True

    def __init__(self, url: str | None = None, *, client: Redis | None = None, prefix: str = "tr") -> None:
        if client is None:
            if url is None:
                raise ValueError("RedisStore needs a URL or a client")
            client = Redis.from_url(url)
        self.redis: Redis = client
        self.prefix = prefix
        self._listener: Listener | None = None
        self._reader: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self._subscribed = asyncio.Event()

    def _room(self, code: str) -> str:
        return f"{self.prefix}:room:{code}"

    def _log(self, code: str, game_no: int) -> str:
        return f"{self.prefix}:log:{code}:{game_no}"

    def _lease(self, code: str) -> str:
        return f"{self.prefix}:lease:{code}"

    def _pictures(self, code: str) -> tuple[str, str]:
        return f"{self.prefix}:pic:{code}", f"{self.prefix}:pics:{code}"

    def _channel(self, code: str) -> str:
        return f"{self.prefix}:ev:{code}"

    def _note(self, **fields: Any) -> bytes:
        return msgspec.json.encode({**fields, "origin": self.origin})

    async def open(self) -> None:
        await self.redis.ping()
        self._reader = asyncio.create_task(self._read())
        await asyncio.wait_for(self._subscribed.wait(), 10)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        for task in list(self._handlers):
            task.cancel()
        await self.redis.aclose()

    def set_listener(self, listener: Listener) -> None:
        self._listener = listener

    async def _read(self) -> None:
        pubsub = self.redis.pubsub()
        try:
            await pubsub.psubscribe(f"{self.prefix}:ev:*")
            self._subscribed.set()
            start = len(self.prefix) + 4
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None or message.get("type") != "pmessage" or self._listener is None:
                    continue
                channel = message["channel"]
                code = (channel.decode() if isinstance(channel, bytes) else str(channel))[start:]
                data = message["data"]
                task = asyncio.create_task(
                    self._handle(code, data if isinstance(data, bytes) else str(data).encode())
                )
                self._handlers.add(task)
                task.add_done_callback(self._handlers.discard)
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def _handle(self, code: str, data: bytes) -> None:
        assert self._listener is not None
        try:
            await self._listener(code, data)
        except Exception:
            log.exception("room %s: applying a change from another process failed", code)

    async def create_room(self, room: RoomRow) -> bool:
        created = await self.redis.set(self._room(room.code), encode_room(room), nx=True)
        if created:
            await self.redis.sadd(f"{self.prefix}:rooms", room.code)
        return bool(created)

    async def load_room(self, code: str) -> RoomRow | None:
        data = await self.redis.get(self._room(code))
        return None if data is None else decode_room(data)

    async def save_room(self, room: RoomRow, expected_rev: int) -> bool:
        key = self._room(room.code)
        async with self.redis.pipeline(transaction=True) as pipe:
            try:
                await pipe.watch(key)
                data = await pipe.get(key)
                if data is None or decode_room(data).rev != expected_rev:
                    await pipe.unwatch()  # type: ignore[no-untyped-call]
                    return False
                pipe.multi()  # type: ignore[no-untyped-call]
                pipe.set(key, encode_room(room))
                pipe.publish(self._channel(room.code), self._note(kind="room", rev=room.rev))
                await pipe.execute()
                return True
            except WatchError:
                return False

    async def room_codes(self, *, playing: bool = False) -> list[str]:
        codes = sorted(
            c.decode() if isinstance(c, bytes) else str(c)
            for c in await self.redis.smembers(f"{self.prefix}:rooms")
        )
        if not playing:
            return codes
        out = []
        for code in codes:
            room = await self.load_room(code)
            if room is not None and room.status == "playing":
                out.append(code)
        return out

    async def append(self, code: str, game_no: int, index: int, entry: LogEntry) -> bool:
        key = self._log(code, game_no)
        async with self.redis.pipeline(transaction=True) as pipe:
            try:
                await pipe.watch(key)
                if await pipe.llen(key) != index:
                    await pipe.unwatch()  # type: ignore[no-untyped-call]
                    return False
                pipe.multi()  # type: ignore[no-untyped-call]
                pipe.rpush(key, msgspec.json.encode(entry))
                pipe.publish(self._channel(code), self._note(kind="entry", game_no=game_no, index=index))
                await pipe.execute()
                return True
            except WatchError:
                return False

    async def entries(self, code: str, game_no: int, start: int = 0) -> list[LogEntry]:
        items = await self.redis.lrange(self._log(code, game_no), start, -1)
        return [_entry_decoder.decode(item) for item in items]

    async def add_picture(self, code: str, picture_id: str, data: bytes, limit: int) -> int | None:
        blobs, order = self._pictures(code)
        for _ in range(20):
            async with self.redis.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(order)
                    count = int(await pipe.llen(order))
                    if await pipe.hexists(blobs, picture_id):
                        await pipe.unwatch()  # type: ignore[no-untyped-call]
                        return count
                    if count >= limit:
                        await pipe.unwatch()  # type: ignore[no-untyped-call]
                        return None
                    pipe.multi()  # type: ignore[no-untyped-call]
                    pipe.hset(blobs, picture_id, data)
                    pipe.rpush(order, picture_id)
                    await pipe.execute()
                    return count + 1
                except WatchError:
                    continue  # another upload to the same room came first: count again
        raise RuntimeError(f"room {code}: too many uploads at once")

    async def picture(self, code: str, picture_id: str) -> bytes | None:
        data = await self.redis.hget(self._pictures(code)[0], picture_id)
        return None if data is None else data if isinstance(data, bytes) else str(data).encode()

    async def picture_ids(self, code: str) -> list[str]:
        items = await self.redis.lrange(self._pictures(code)[1], 0, -1)
        return [i.decode() if isinstance(i, bytes) else str(i) for i in items]

    async def remove_picture(self, code: str, picture_id: str) -> bool:
        blobs, order = self._pictures(code)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hdel(blobs, picture_id)
            pipe.lrem(order, 0, picture_id)
            removed, _ = await pipe.execute()
        return bool(removed)

    async def drop_pictures(self, code: str) -> None:
        await self.redis.delete(*self._pictures(code))

    async def acquire_lease(self, code: str, owner: str, ttl_ms: int) -> bool:
        key = self._lease(code)
        if await self.redis.set(key, owner, nx=True, px=ttl_ms):
            return True
        async with self.redis.pipeline(transaction=True) as pipe:
            try:
                await pipe.watch(key)
                holder = await pipe.get(key)
                if holder is None:
                    pipe.multi()  # type: ignore[no-untyped-call]
                    pipe.set(key, owner, px=ttl_ms)
                    await pipe.execute()
                    return True
                if (holder.decode() if isinstance(holder, bytes) else str(holder)) != owner:
                    await pipe.unwatch()  # type: ignore[no-untyped-call]
                    return False
                pipe.multi()  # type: ignore[no-untyped-call]
                pipe.pexpire(key, ttl_ms)
                await pipe.execute()
                return True
            except WatchError:
                return False

    async def release_lease(self, code: str, owner: str) -> None:
        key = self._lease(code)
        async with self.redis.pipeline(transaction=True) as pipe:
            try:
                await pipe.watch(key)
                holder = await pipe.get(key)
                if (
                    holder is not None
                    and (holder.decode() if isinstance(holder, bytes) else str(holder)) == owner
                ):
                    pipe.multi()  # type: ignore[no-untyped-call]
                    pipe.delete(key)
                    await pipe.execute()
                else:
                    await pipe.unwatch()  # type: ignore[no-untyped-call]
            except WatchError:
                return
