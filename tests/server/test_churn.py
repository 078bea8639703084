"""Closed connections leave no reference cycles (``gcpolicy``): the server freezes its survivors every
second and never collects frozen objects, so whatever a closed connection left in a cycle would stay
for good (+354 MB a minute of connect-and-close before). A real uvicorn serves the real app (the
protocols and loop of ``tischrunde serve``) in a thread; clients connect and close in every way they
can, and afterwards the collector must find nothing of theirs, and nothing of theirs may be alive."""

from __future__ import annotations

import asyncio
import base64
import gc
import json
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from procs import free_port
from starlette.websockets import WebSocket
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.server import ServerProtocol

from tischrunde.server import app as app_module
from tischrunde.server import middleware, sessions
from tischrunde.server.conn import Conn
from tischrunde.server.main import WS_OPTIONS
from tischrunde.server.store import MemoryStore
from tischrunde.server.transport import HEADER_TIMEOUT_S, guarded_h11

OURS = ("tischrunde.", "uvicorn.", "websockets.", "starlette.", "uvloop.", "asyncio.")


def _is_ours(obj: object) -> bool:
    module = type(obj).__module__
    return module.startswith(OURS) or type(obj).__name__ in ("Task", "Future", "coroutine")


@pytest.fixture
def served(web_dir: Path) -> Iterator[int]:
    port = free_port()
    app = app_module.create_app(store=MemoryStore(), web_dir=web_dir, join_limit=10**6, room_limit=10**6)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="on",
        http=guarded_h11(HEADER_TIMEOUT_S),  # as ``tischrunde serve``
        **WS_OPTIONS,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(20)


def _post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        data = json.loads(response.read())
        assert isinstance(data, dict)
        return data


class RawClient:
    """A WebSocket client on a plain socket, so that the client side makes no garbage of its own."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        key = base64.b64encode(os.urandom(16))
        self.sock.sendall(
            b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (port, key)
        )
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self._recv()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def _recv(self) -> bytes:
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("closed")
        return data

    def send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        assert len(payload) < 126
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes((0x80 | opcode, 0x80 | len(payload))) + mask + masked)

    def send_json(self, **frame: Any) -> None:
        self.send(0x1, json.dumps(frame).encode())

    def until(self, kind: str) -> dict[str, Any]:
        for _ in range(50):
            while (frame_size := self._frame()) is None:
                self.buffer += self._recv()
            start, size = frame_size
            opcode, payload = self.buffer[0] & 0x0F, self.buffer[start : start + size]
            self.buffer = self.buffer[start + size :]
            if opcode == 0x1:
                frame = json.loads(payload)
                assert isinstance(frame, dict)
                if frame["type"] == kind:
                    return frame
        raise AssertionError(f"no {kind} frame")

    def _frame(self) -> tuple[int, int] | None:
        """(header length, payload length) of the buffer's first frame once it is whole, else None."""
        if len(self.buffer) < 2:
            return None
        size, start = self.buffer[1] & 0x7F, 2
        assert size < 127, "a frame of 64 KiB or more"
        if size == 126:
            if len(self.buffer) < 4:
                return None
            size, start = int.from_bytes(self.buffer[2:4], "big"), 4
        return (start, size) if len(self.buffer) >= start + size else None

    def close_cleanly(self) -> None:
        self.send(0x8, (1000).to_bytes(2, "big"))
        try:
            while self.sock.recv(65536):
                pass
        except OSError:
            pass
        self.sock.close()

    def drop(self) -> None:
        self.sock.close()


def _one_of_each(port: int, code: str, round_no: int) -> None:
    """One round of the ways a connection comes and goes."""
    watcher = RawClient(port)  # a spectator that stays while the others come and go
    watcher.send_json(type="hello", room=code, role="spectator")
    watcher.until("welcome")
    spectator = RawClient(port)
    spectator.send_json(type="hello", room=code, role="spectator")
    spectator.until("welcome")
    spectator.close_cleanly()
    player = RawClient(port)
    player.send_json(type="hello", room=code, name=f"P{round_no}")
    token = player.until("welcome")["token"]
    player.drop()  # away, seat kept
    back = RawClient(port)
    back.send_json(type="hello", room=code, token=token)
    back.until("welcome")
    back.send_json(type="leave")  # leaves the lobby: the server closes
    back.until("room")
    back.drop()
    stranger = RawClient(port)
    stranger.send_json(type="hello", room="QQQQQ")
    stranger.until("error")
    stranger.send(0x1, b"[[[")
    stranger.until("error")
    stranger.drop()
    silent = RawClient(port)
    silent.drop()  # never said hello
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rooms/{code}", timeout=5) as response:
        assert response.status == 200
    watcher.drop()


def _leftovers() -> list[str]:
    """Names of our objects the cyclic collector finds unreachable (all of which it then frees)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = [f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage if _is_ours(o)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    return found


def _connections_alive() -> list[str]:
    kinds = (Conn, WebSocket, WebSocketsSansIOProtocol, ServerProtocol)
    # by type, not isinstance: a dead weakref.proxy that another test left raises on ``__class__``
    return [type(o).__qualname__ for o in gc.get_objects() if issubclass(type(o), kinds)]


def test_closed_connections_leave_no_cycles_and_nothing_alive(served: int) -> None:
    port = served
    code = _post(port, "/api/rooms", {"game": "toy"})["code"]
    _one_of_each(port, code, 0)  # warm up: lazy imports and caches made once
    deadline = time.monotonic() + 10
    while _connections_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    _leftovers()
    # whatever exists now (an earlier test's leftovers included) is held, so that only what the
    # connections of this window make can turn up as a cycle
    before = gc.get_objects()
    gc.disable()  # as in the server, where they would be frozen: no automatic collection hides a cycle
    try:
        for round_no in range(1, 16):
            _one_of_each(port, code, round_no)
        deadline = time.monotonic() + 10
        while _connections_alive() and time.monotonic() < deadline:
            time.sleep(0.02)  # the server notices the last closes
        alive = _connections_alive()
        leftovers = _leftovers()
    finally:
        gc.enable()
        del before
    assert alive == []
    assert leftovers == [], f"closed connections left reference cycles: {sorted(set(leftovers))}"


async def test_the_writer_ends_without_an_exception_when_the_client_is_gone() -> None:
    """A task that ends with an exception holds its traceback, whose frames hold the task: a cycle."""

    async def raw_send(message: Any) -> None:
        raise ClientDisconnected

    class FakeSocket:
        def __init__(self) -> None:
            self.scope = {middleware.RAW_SEND: raw_send}

        async def close(self) -> None:
            return None

    conn = Conn("127.0.0.1")
    conn.send(b'{"type":"pong"}')
    task = asyncio.create_task(sessions.write_frames(FakeSocket(), conn))  # type: ignore[arg-type]
    await asyncio.wait_for(task, 5)
    assert task.exception() is None
