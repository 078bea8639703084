"""A Redis that blinks: real redis-server and server processes, started and stopped by pid.

- kill -9 of a Redis with AOF and a restart on the same folder: the servers subscribe again and catch
  up, a move on one process reaches the other's client; while Redis is down an action gets ``busy``
  (the connection stays) and creating a room answers 503 ``busy``; nothing acknowledged is lost.
- a Redis that persists nothing is refused at start unless ``--redis-volatile``.
- a room whose store copy vanished (a volatile Redis restarted empty) is closed for its clients.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from procs import free_port, post_json, start_server, stop
from wsclient import Client

REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"

pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(not os.path.exists(REDIS), reason="needs redis-server (make system-deps)"),
]

AOF = ["--appendonly", "yes", "--appendfsync", "always", "--save", ""]
VOLATILE = ["--appendonly", "no", "--save", ""]


class RedisServer:
    """One redis-server on a fixed loopback port and folder, which can be killed and started again."""

    def __init__(self, folder: Path, persistence: list[str]) -> None:
        self.port = free_port()
        self.folder = folder
        self.persistence = persistence
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        args = [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)]
        self.proc = subprocess.Popen(
            [*args, *self.persistence], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                with self.client() as client:
                    if client.ping():
                        return
            except (OSError, redis.ConnectionError, redis.BusyLoadingError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            os.kill(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)
            self.proc = None

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=2)


@pytest.fixture
def redis_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[RedisServer]:
    folder = tmp_path / "redis"
    folder.mkdir()
    server = RedisServer(folder, getattr(request, "param", AOF))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def wait_until(check: Callable[[], bool], timeout: float = 15.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def subscribers(server: RedisServer) -> int:
    """Clients subscribed to a pattern (``PUBSUB NUMPAT`` counts patterns, not clients)."""
    try:
        with server.client() as client:
            return sum(1 for c in client.client_list() if int(c.get("psub", 0)) > 0)
    except redis.RedisError:
        return -1


def post_status(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    try:
        return 201, post_json(url, body)
    except urllib.error.HTTPError as exc:
        with exc:
            data = json.loads(exc.read())
        assert isinstance(data, dict)
        return exc.code, data


async def act_until_accepted(mover: Client, version: int, others: list[Client]) -> dict[str, Any]:
    """``mover`` adds 1 on ``version``; every client then sees the next version. Returns its state."""
    await mover.send(type="act", version=version, action={"type": "add", "n": 1})
    state: dict[str, Any] = {}
    for client in [mover, *others]:
        state = await client.until("state", lambda f, v=version: f["version"] > v)
    return state


async def next_reply(client: Client, version: int) -> dict[str, Any]:
    """The next error, or the state of a version after ``version``."""
    while True:
        frame = await client.recv(10)
        if frame["type"] == "error" or (frame["type"] == "state" and frame["version"] > version):
            return frame


async def test_after_a_redis_restart_moves_cross_processes_again_and_acts_meanwhile_are_busy(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    port_a, port_b = free_port(), free_port()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    # the Redis persists (AOF): no --redis-volatile needed
    proc_a = start_server(tmp_path / "a" / "data", port_a, redis_server.url)
    proc_b = start_server(tmp_path / "b" / "data", port_b, redis_server.url)
    try:
        wait_until(lambda: subscribers(redis_server) == 2, what="both processes subscribed")
        rooms_url = f"http://127.0.0.1:{port_a}/api/rooms"
        status, body = post_status(rooms_url, {"game": "toy", "options": {"target": 90, "turn_ms": 600_000}})
        assert status == 201
        code = body["code"]
        anna, ben = await Client.open(port_a), await Client.open(port_b)
        seats = {0: anna, 1: ben}
        assert (await anna.hello(code, name="Anna"))["seat"] == 0
        assert (await ben.hello(code, name="Ben"))["seat"] == 1
        await anna.until("room", lambda f: len(f["room"]["seats"]) == 2)
        await anna.send(type="host", op="start")
        state = await ben.until("state", lambda f: f["active"] != [])
        await anna.until("state", lambda f: f["active"] != [])
        mover = seats[state["active"][0]]
        state = await act_until_accepted(mover, state["version"], [c for c in (anna, ben) if c is not mover])
        version = state["version"]
        mover = seats[state["active"][0]]

        redis_server.kill9()
        await mover.send(type="act", version=version, action={"type": "add", "n": 1})
        error = await mover.until("error", timeout=15)
        assert error["code"] == "busy", error
        status, body = post_status(rooms_url, {"game": "toy"})
        assert (status, body["code"]) == (503, "busy")

        redis_server.start()  # the same folder: the AOF brings every room back
        wait_until(lambda: subscribers(redis_server) == 2, timeout=30, what="both processes subscribed again")
        # the same connection acts again on the version nobody committed meanwhile
        for _ in range(50):
            await mover.send(type="act", version=version, action={"type": "add", "n": 1})
            frame = await next_reply(mover, version)
            if frame["type"] == "state":
                break
            assert frame["code"] == "busy", frame  # a pooled connection may still be finding Redis again
            await asyncio.sleep(0.1)
        other = next(c for c in (anna, ben) if c is not mover)
        state = await other.until("state", lambda f, v=version: f["version"] > v)
        version = state["version"]
        # and the other player's move, made on the other process, comes back across
        assert seats[state["active"][0]] is other
        state = await act_until_accepted(other, version, [mover])
        with redis_server.client() as client:
            log = client.lrange(f"tr:log:{code}:1", 0, -1)
        assert len(log) == state["version"] == version + 1, "every acknowledged move is logged, no other"
        await anna.close()
        await ben.close()
    finally:
        stop(proc_a)
        stop(proc_b)


@pytest.mark.parametrize("redis_server", [VOLATILE], indirect=True)
def test_a_redis_without_persistence_is_refused_unless_volatile_is_allowed(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    port = free_port()
    data = tmp_path / "data"
    with pytest.raises(RuntimeError, match="exited with 2"):
        start_server(data, port, redis_server.url)
    log = (tmp_path / f"server-{port}.log").read_text()
    assert "persists nothing" in log and "--redis-volatile" in log
    assert "Traceback" not in log
    proc = start_server(data, port, redis_server.url, extra=("--redis-volatile",))
    stop(proc)


@pytest.mark.parametrize("redis_server", [VOLATILE], indirect=True)
async def test_a_room_the_store_lost_is_closed_for_its_clients(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    port = free_port()
    proc = start_server(tmp_path / "data", port, redis_server.url, extra=("--redis-volatile",))
    try:
        code = post_json(f"http://127.0.0.1:{port}/api/rooms", {"game": "toy"})["code"]
        anna = await Client.open(port)
        await anna.hello(code, name="Anna")
        redis_server.kill9()
        redis_server.start()  # empty: it kept nothing
        error = await anna.until("error", timeout=30)
        assert error["code"] == "unknown_room" and "no longer exists" in error["message"]
        with pytest.raises(Exception):  # noqa: B017 (the server closed the connection)
            await anna.recv(5)
        await anna.close()
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rooms/{code}", timeout=5)
        missing.value.close()
        assert missing.value.code == 404
    finally:
        stop(proc)
