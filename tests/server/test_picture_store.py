"""The store keeps a room's own pictures: the same for memory, SQLite and Redis, and shared through Redis."""

from __future__ import annotations

import fakeredis
from test_stores import store  # noqa: F401  (the fixture: memory, SQLite, Redis)

from tischrunde.server.store import Store
from tischrunde.server.store_redis import RedisStore


async def test_pictures_are_kept_once_in_order_up_to_a_limit_and_dropped_with_the_room(store: Store) -> None:  # noqa: F811
    assert await store.picture_ids("ACDEF") == []
    assert await store.add_picture("ACDEF", "a" * 32, b"\xff\xd8one", 3) == 1
    assert await store.add_picture("ACDEF", "b" * 32, b"\x89PNGtwo", 3) == 2
    assert await store.add_picture("ACDEF", "a" * 32, b"\xff\xd8one", 3) == 2  # the same picture again
    assert await store.add_picture("ACDEF", "c" * 32, b"three", 3) == 3
    assert await store.add_picture("ACDEF", "d" * 32, b"four", 3) is None  # full
    assert await store.picture_ids("ACDEF") == ["a" * 32, "b" * 32, "c" * 32]
    assert await store.picture("ACDEF", "b" * 32) == b"\x89PNGtwo"
    assert await store.picture("ZZZZZ", "b" * 32) is None  # another room does not have it
    assert await store.add_picture("ZZZZZ", "b" * 32, b"\x89PNGtwo", 3) == 1
    assert await store.remove_picture("ACDEF", "b" * 32)
    assert not await store.remove_picture("ACDEF", "b" * 32)
    assert await store.picture("ACDEF", "b" * 32) is None
    assert await store.add_picture("ACDEF", "d" * 32, b"four", 3) == 3  # room again after a removal
    assert await store.picture_ids("ACDEF") == ["a" * 32, "c" * 32, "d" * 32]
    await store.drop_pictures("ACDEF")
    assert await store.picture_ids("ACDEF") == []
    assert await store.picture("ACDEF", "a" * 32) is None
    assert await store.picture_ids("ZZZZZ") == ["b" * 32]


async def test_the_bytes_of_pictures_are_counted_per_room_and_in_all(store: Store) -> None:  # noqa: F811
    assert await store.picture_bytes() == 0 and await store.picture_bytes("ACDEF") == 0
    await store.add_picture("ACDEF", "a" * 32, b"x" * 100, 10)
    await store.add_picture("ACDEF", "b" * 32, b"y" * 50, 10)
    await store.add_picture("ACDEF", "b" * 32, b"y" * 50, 10)  # kept once, counted once
    await store.add_picture("ZZZZZ", "a" * 32, b"x" * 100, 10)
    assert (await store.picture_bytes("ACDEF"), await store.picture_bytes("ZZZZZ")) == (150, 100)
    assert await store.picture_bytes() == 250
    assert await store.remove_picture("ACDEF", "a" * 32)
    assert not await store.remove_picture("ACDEF", "a" * 32)  # gone already: nothing more taken off
    assert (await store.picture_bytes("ACDEF"), await store.picture_bytes()) == (50, 150)
    await store.drop_pictures("ACDEF")
    assert (await store.picture_bytes("ACDEF"), await store.picture_bytes()) == (0, 100)
    await store.delete_room("ZZZZZ")  # a room that goes takes its pictures and their bytes with it
    assert await store.picture_bytes() == 0 and await store.picture_ids("ZZZZZ") == []


async def test_redis_shares_pictures_between_processes() -> None:
    server = fakeredis.FakeServer()
    one = RedisStore(client=fakeredis.FakeAsyncRedis(server=server), volatile=True)
    two = RedisStore(client=fakeredis.FakeAsyncRedis(server=server), volatile=True)
    await one.open()
    await two.open()
    try:
        data = bytes(range(256)) * 100
        assert await one.add_picture("ACDEF", "e" * 32, data, 300) == 1
        assert await two.picture("ACDEF", "e" * 32) == data
        assert await two.picture_ids("ACDEF") == ["e" * 32]
        assert await two.add_picture("ACDEF", "f" * 32, b"x", 2) == 2
        assert await one.add_picture("ACDEF", "0" * 32, b"y", 2) is None  # the limit holds across processes
        await two.drop_pictures("ACDEF")
        assert await one.picture_ids("ACDEF") == []
    finally:
        await one.close()
        await two.close()
