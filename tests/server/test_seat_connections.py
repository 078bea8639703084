"""A seat has one truth: it is connected while any connection holds it (a refresh whose old socket
closes while the new one says hello keeps it connected), and leaving closes every connection of its
token (no tab plays on beside the stand-in)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import create_room, hello, open_ws, recv, until, wait_for
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tischrunde.server.app import create_app
from tischrunde.server.store import MemoryStore, RoomRow


class GatedStore(MemoryStore):
    """A memory store whose room saves wait while ``gate`` is closed (``entered`` says one is waiting):
    the test decides what happens while a seat change is on its way to the store."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.gate.set()
        self.entered = threading.Event()

    async def save_room(self, room: RoomRow, expected_rev: int) -> bool:
        if not self.gate.is_set():
            self.entered.set()
            while not self.gate.is_set():
                await asyncio.sleep(0.005)
        return await super().save_room(room, expected_rev)


@pytest.fixture
def gated(web_dir: Path) -> Iterator[tuple[TestClient, GatedStore]]:
    store = GatedStore()
    app = create_app(store=store, web_dir=web_dir, tick_s=0.05)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        client.stack = stack  # type: ignore[attr-defined]
        yield client, store


def test_a_refresh_whose_old_socket_closes_during_the_new_hello_keeps_the_seat_connected(
    gated: tuple[TestClient, GatedStore],
) -> None:
    client, store = gated
    code = create_room(client)
    old = open_ws(client)
    token = hello(old, code, name="Ada")["token"]
    room = client.app.state.manager.rooms[code]  # type: ignore[attr-defined]
    new = open_ws(client)
    store.gate.clear()
    new.send_json({"type": "hello", "room": code, "token": token})
    assert store.entered.wait(5), "the new hello's seat change did not reach the store"
    # the old socket of the refresh closes while the new hello's seat change is being saved
    old.close()
    wait_for(lambda: not room.conns)  # its detach has begun (and waits for the room)
    store.gate.set()
    assert until(new, "welcome")["seat"] == 0
    # a room change after the old socket's: the seat is still connected then
    new.send_json({"type": "host", "op": "set_takeover", "value": 30})
    info = until(new, "room", lambda f: f["room"]["takeover_s"] == 30)["room"]
    assert info["seats"][0]["connected"] is True
    assert client.get(f"/api/rooms/{code}").json()["seats"][0]["connected"] is True


def test_leaving_closes_the_other_tabs_of_the_same_seat(gated: tuple[TestClient, GatedStore]) -> None:
    client, _ = gated
    code = create_room(client, options={"target": 3, "turn_ms": 0})
    tab_a = open_ws(client)
    token = hello(tab_a, code, name="Ada")["token"]
    bea = open_ws(client)
    hello(bea, code, name="Bea")
    tab_b = open_ws(client)
    assert hello(tab_b, code, token=token)["seat"] == 0
    tab_a.send_json({"type": "host", "op": "start"})
    until(tab_b, "state")
    tab_a.send_json({"type": "leave"})
    error = until(tab_b, "error")
    assert error["code"] == "left_elsewhere" and "left" in error["message"]
    with pytest.raises(WebSocketDisconnect):
        for _ in range(50):
            recv(tab_b)
    seat = client.get(f"/api/rooms/{code}").json()["seats"][0]
    assert seat["connected"] is False
