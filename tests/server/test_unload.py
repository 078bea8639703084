"""Rooms nobody uses leave memory after ``unload_idle_s`` and come back from the store when asked for."""

from __future__ import annotations

import contextlib
from pathlib import Path

from helpers import create_room, hello, open_ws, recv, until
from starlette.testclient import TestClient

from tischrunde.server.app import create_app
from tischrunde.server.store import MemoryStore

IDLE_S = 600


def test_an_idle_room_leaves_memory_and_comes_back_as_it_was(web_dir: Path) -> None:
    now = [1_000_000]
    app = create_app(store=MemoryStore(), web_dir=web_dir, clock=lambda: now[0], tick_s=3600)
    manager = app.state.manager
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        client.stack = stack  # type: ignore[attr-defined]
        assert client.portal is not None
        code = create_room(client, options={"turn_ms": 0}, takeover_s=0)  # no stand-in bot moves meanwhile
        a, b = open_ws(client), open_ws(client)
        token = hello(a, code, name="A")["token"]
        hello(b, code, name="B")
        a.send_json({"type": "host", "op": "start"})
        until(a, "state")
        a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 3}})
        until(b, "state", lambda f: f["version"] == 1)
        played = until(a, "state", lambda f: f["version"] == 1)

        now[0] += 2 * IDLE_S * 1000
        client.portal.call(manager.tick)
        assert code in manager.rooms, "a room with connections stays, however long"

        a.close()
        b.close()
        client.portal.call(manager.tick)  # the room was in use until now: its idle time starts here
        assert code in manager.rooms
        now[0] += (IDLE_S - 1) * 1000
        client.portal.call(manager.tick)
        assert code in manager.rooms, "not yet idle for unload_idle_s"
        now[0] += 2000
        client.portal.call(manager.tick)
        assert code not in manager.rooms, "idle for unload_idle_s: out of memory"

        # A comes back with its token: the room is loaded from the store with its game as it was
        back = open_ws(client)
        assert hello(back, code, token=token)["seat"] == 0
        state = until(back, "state")
        assert state["version"] == played["version"] and state["view"] == played["view"]
        assert code in manager.rooms
        back.send_json({"type": "act", "version": 1, "action": {"type": "add", "n": 1}})
        frame = recv(back)
        while frame["type"] != "state" and frame["type"] != "error":
            frame = recv(back)
        assert frame["type"] == "error" and frame["code"] == "not_your_turn", "B's turn after A's move"
