"""A Redis store: the same interface as SQLite, plus what lets several server processes share rooms.

Keys (``prefix`` defaults to ``tr``): ``tr:room:CODE`` the room row (JSON, with its ``rev``),
``tr:rooms`` the set of codes, ``tr:log:CODE:GAME_NO`` the log (a list of JSON entries),
``tr:lease:CODE`` which process drives the room's timers and bots (expires unless renewed).
Every committed change is announced on ``tr:ev:CODE``; processes holding connections of that room
apply it and push views. Writes are optimistic (WATCH/MULTI): two processes can never both append
entry n, nor both save revision n of a room.

A Redis that blinks (a restart, a network cut): every call then raises ``StoreUnavailable`` (the
rooms answer ``busy``, nothing is acknowledged), the subscriber tries again with backoff and, once it
is subscribed again, calls the store's ``resync`` so that every room held in memory catches up on what
was missed (or is closed if its row is gone). ``open`` refuses a Redis without persistence (no AOF, no
RDB snapshots: a restart would wipe every room) unless ``volatile``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError, WatchError
from redis.exceptions import TimeoutError as RedisTimeoutError

from tischrunde.server.store import (
    Listener,
    LogEntry,
    Resync,
    RoomRow,
    Store,
    StoreConfigError,
    StoreUnavailable,
    decode_room,
    encode_room,
)

log = logging.getLogger("tischrunde.server")

_entry_decoder = msgspec.json.Decoder(LogEntry)

#: what a Redis that is down or restarting raises (BusyLoadingError, while it reads its AOF, is one)
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
#: the subscriber's wait before it tries again, doubled each time up to the maximum
BACKOFF_S = (0.1, 5.0)


@contextlib.contextmanager
def reachable() -> Iterator[None]:
    """Turn Redis's connection errors into ``StoreUnavailable``."""
    try:
        yield
    except UNREACHABLE as exc:
        raise StoreUnavailable(f"redis is not reachable: {exc}") from None


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


async def check_persistence(redis: Redis) -> None:
    """Refuse a Redis that keeps the rooms in memory only (``StoreConfigError``)."""
    try:
        settings = {
            _text(k): _text(v)
            for name in ("appendonly", "save")
            for k, v in (await redis.config_get(name)).items()
        }
    except ResponseError as exc:
        raise StoreConfigError(
            f"cannot read the Redis server's persistence settings (CONFIG GET: {exc}); "
            "start with --redis-volatile to run without that check"
        ) from None
    if settings.get("appendonly", "no") != "yes" and not settings.get("save", "").strip():
        raise StoreConfigError(
            "the Redis server persists nothing (appendonly no, save ''): a restart would lose every "
            "room. Turn on AOF (appendonly yes) or RDB snapshots (save), or start with --redis-volatile"
        )


async def persistence_problem(url: str) -> str | None:
    """Why ``tischrunde serve`` must not start on the Redis at ``url`` (unreachable, or persisting
    nothing), or None."""
    redis = Redis.from_url(url, socket_timeout=5, socket_connect_timeout=2)
    try:
        with reachable():
            await redis.ping()
            await check_persistence(redis)
    except (StoreConfigError, StoreUnavailable) as exc:
        return str(exc)
    finally:
        await redis.aclose()
    return None


class _PubSub(PubSub):
    """redis-py's subscriber, telling when it has connected again by itself inside a read (it then
    subscribes again on its own: what was published meanwhile is lost, so the rooms must catch up)."""

    def __init__(self, pool: Any, *, on_reconnect: Callable[[], None]) -> None:
        super().__init__(pool)
        self._on_reconnect = on_reconnect

    async def on_connect(self, connection: Any) -> None:
        await super().on_connect(connection)
        self._on_reconnect()


class RedisStore(Store):
    """Rooms and logs in Redis (redis-py asyncio)."""

    shared = True

    def __init__(
        self,
        url: str | None = None,
        *,
        client: Redis | None = None,
        prefix: str = "tr",
        volatile: bool = False,
    ) -> None:
        if client is None:
            if url is None:
                raise ValueError("RedisStore needs a URL or a client")
            client = Redis.from_url(
                url,
                socket_timeout=5,
                socket_connect_timeout=2,
                # a command while Redis is down fails within a few tenths of a second (the room answers
                # ``busy``), one stale pooled connection after a restart costs one quick retry
                retry=Retry(ExponentialWithJitterBackoff(base=0.02, cap=0.2), 2),
            )
        self.redis: Redis = client
        self.prefix = prefix
        self.volatile = volatile
        self._listener: Listener | None = None
        self._resync: Resync | None = None
        self._reader: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self._subscribed = asyncio.Event()
        #: subscriptions made so far (the first one needs no catching up)
        self.subscriptions = 0
        self._last_warning = 0.0

    def _room(self, code: str) -> str:
        return f"{self.prefix}:room:{code}"

    def _log(self, code: str, game_no: int) -> str:
        return f"{self.prefix}:log:{code}:{game_no}"

    def _lease(self, code: str) -> str:
        return f"{self.prefix}:lease:{code}"

    def _pictures(self, code: str) -> tuple[str, str]:
        return f"{self.prefix}:pic:{code}", f"{self.prefix}:pics:{code}"

    def _sizes(self) -> str:
        """The hash of each room's picture bytes (the quotas' measure)."""
        return f"{self.prefix}:picbytes"

    def _channel(self, code: str) -> str:
        return f"{self.prefix}:ev:{code}"

    def _note(self, **fields: Any) -> bytes:
        return msgspec.json.encode({**fields, "origin": self.origin})

    async def open(self) -> None:
        with reachable():
            await self.redis.ping()
            if not self.volatile:
                await check_persistence(self.redis)
        self._reader = asyncio.create_task(self._read())
        await asyncio.wait_for(self._subscribed.wait(), 10)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            # bounded: a pubsub whose close never answers (seen with redis 8 on fakeredis) must not hold
            # the shutdown for ever
            await asyncio.wait({self._reader}, timeout=2.0)
        for task in list(self._handlers):
            task.cancel()
        await self.redis.aclose()

    def set_listener(self, listener: Listener) -> None:
        self._listener = listener

    def set_resync(self, resync: Resync) -> None:
        self._resync = resync

    def _warn(self, message: str, *args: Any) -> None:
        """One line, at most every few seconds: a Redis that is down is an expected condition."""
        now = time.monotonic()
        if now - self._last_warning >= 5.0:
            self._last_warning = now
            log.warning(message, *args)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    async def _read(self) -> None:
        """Subscribe to every room's changes; when the connection is lost, subscribe again (backoff)."""
        delay = BACKOFF_S[0]
        while True:
            before = self.subscriptions
            try:
                await self._subscribe_and_listen()
            except UNREACHABLE as exc:
                self._subscribed.clear()
                self._warn("redis: the subscription is lost (%s); trying again", exc)
            if self.subscriptions != before:
                delay = BACKOFF_S[0]  # it was subscribed: the backoff starts again
            await asyncio.sleep(delay)
            delay = min(delay * 2, BACKOFF_S[1])

    async def _subscribe_and_listen(self) -> None:
        pubsub = _PubSub(self.redis.connection_pool, on_reconnect=self._connected)
        try:
            await pubsub.psubscribe(f"{self.prefix}:ev:*")
            self._connected()
            start = len(self.prefix) + 4
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None or message.get("type") != "pmessage" or self._listener is None:
                    continue
                code = _text(message["channel"])[start:]
                data = message["data"]
                self._spawn(self._handle(code, data if isinstance(data, bytes) else str(data).encode()))
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pubsub.aclose(), 1.0)  # type: ignore[no-untyped-call, unused-ignore]

    def _connected(self) -> None:
        """A subscription is (again) in place; after the first one, catch up on everything missed."""
        self.subscriptions += 1
        self._subscribed.set()
        if self.subscriptions > 1:
            log.info("redis: subscribed again; the rooms catch up")
            self._spawn(self._resynced())

    async def _resynced(self) -> None:
        if self._resync is None:
            return
        try:
            await self._resync()
        except StoreUnavailable as exc:
            self._warn("redis: catching up failed (%s); the next reconnection tries again", exc)
        except Exception:
            log.exception("redis: catching up after a reconnection failed")

    async def _handle(self, code: str, data: bytes) -> None:
        assert self._listener is not None
        try:
            await self._listener(code, data)
        except StoreUnavailable as exc:
            self._warn("room %s: a change from another process waits for redis (%s)", code, exc)
        except Exception:
            log.exception("room %s: applying a change from another process failed", code)

    async def create_room(self, room: RoomRow) -> bool:
        with reachable():
            created = await self.redis.set(self._room(room.code), encode_room(room), nx=True)
            if created:
                await self.redis.sadd(f"{self.prefix}:rooms", room.code)
            return bool(created)

    async def load_room(self, code: str) -> RoomRow | None:
        with reachable():
            data = await self.redis.get(self._room(code))
            return None if data is None else decode_room(data)

    async def save_room(self, room: RoomRow, expected_rev: int) -> bool:
        with reachable():
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
        with reachable():
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
        with reachable():
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
        with reachable():
            items = await self.redis.lrange(self._log(code, game_no), start, -1)
            return [_entry_decoder.decode(item) for item in items]

    async def add_picture(self, code: str, picture_id: str, data: bytes, limit: int) -> int | None:
        with reachable():
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
                        pipe.hincrby(self._sizes(), code, len(data))
                        await pipe.execute()
                        return count + 1
                    except WatchError:
                        continue  # another upload to the same room came first: count again
            raise RuntimeError(f"room {code}: too many uploads at once")

    async def picture(self, code: str, picture_id: str) -> bytes | None:
        with reachable():
            data = await self.redis.hget(self._pictures(code)[0], picture_id)
            return None if data is None else data if isinstance(data, bytes) else str(data).encode()

    async def picture_ids(self, code: str) -> list[str]:
        with reachable():
            items = await self.redis.lrange(self._pictures(code)[1], 0, -1)
            return [i.decode() if isinstance(i, bytes) else str(i) for i in items]

    async def remove_picture(self, code: str, picture_id: str) -> bool:
        with reachable():
            blobs, order = self._pictures(code)
            for _ in range(20):
                async with self.redis.pipeline(transaction=True) as pipe:
                    try:
                        await pipe.watch(blobs)
                        size = int(await pipe.hstrlen(blobs, picture_id))
                        pipe.multi()  # type: ignore[no-untyped-call]
                        pipe.hdel(blobs, picture_id)
                        pipe.lrem(order, 0, picture_id)
                        pipe.hincrby(self._sizes(), code, -size)
                        removed, _, _ = await pipe.execute()
                        return bool(removed)
                    except WatchError:
                        continue
            raise RuntimeError(f"room {code}: too many changes at once")

    async def drop_pictures(self, code: str) -> None:
        with reachable():
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.delete(*self._pictures(code))
                pipe.hdel(self._sizes(), code)
                await pipe.execute()

    async def picture_bytes(self, code: str | None = None) -> int:
        with reachable():
            if code is not None:
                return int(await self.redis.hget(self._sizes(), code) or 0)
            return sum(int(v) for v in await self.redis.hvals(self._sizes()))

    async def acquire_lease(self, code: str, owner: str, ttl_ms: int) -> bool:
        with reachable():
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
        with reachable():
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

    async def delete_room(self, code: str) -> None:
        with reachable():
            data = await self.redis.get(self._room(code))
            game_no = decode_room(data).game_no if data is not None else 0
            keys = [self._room(code), self._lease(code), *(self._log(code, n) for n in range(game_no + 1))]
            keys.extend(self._pictures(code))  # the room's own pictures leave with it
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.delete(*keys)
                pipe.hdel(self._sizes(), code)
                pipe.srem(f"{self.prefix}:rooms", code)
                # processes holding the room close it for their clients
                pipe.publish(self._channel(code), self._note(kind="gone"))
                await pipe.execute()
