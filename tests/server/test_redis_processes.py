"""Two real server processes share one room through a real redis-server."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from procs import free_port, post_json, start_server, stop
from wsclient import Client

REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"

pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(not os.path.exists(REDIS), reason="needs redis-server (make system-deps)"),
]


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen(
        [
            REDIS,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        import socket

        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)


async def test_players_on_two_processes_play_in_one_room(tmp_path: Path, redis_url: str) -> None:
    port_a, port_b = free_port(), free_port()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    # the fixture's redis persists nothing
    proc_a = start_server(tmp_path / "a" / "data", port_a, redis_url, extra=("--redis-volatile",))
    proc_b = start_server(tmp_path / "b" / "data", port_b, redis_url, extra=("--redis-volatile",))
    try:
        code = post_json(f"http://127.0.0.1:{port_a}/api/rooms", {"game": "toy", "options": {"target": 60}})[
            "code"
        ]
        anna, ben = await Client.open(port_a), await Client.open(port_b)
        assert (await anna.hello(code, name="Anna"))["seat"] == 0
        assert (await ben.hello(code, name="Ben"))["seat"] == 1
        room = await anna.until("room", lambda f: len(f["room"]["seats"]) == 2)
        assert [s["name"] for s in room["room"]["seats"]] == ["Anna", "Ben"]
        await anna.send(type="host", op="add_bot")
        await ben.until("room", lambda f: len(f["room"]["seats"]) == 3)
        await anna.send(type="host", op="start")
        players = {0: anna, 1: ben}
        version = 0
        for _ in range(6):
            state = await ben.until("state", lambda f, v=version: f["version"] >= v and f["active"] != [2])
            version = state["version"]
            mover = players[state["active"][0]]
            # the mover acts on a version its own process has shown it: Ben's process may be ahead of
            # Anna's by an entry that has not yet arrived there
            if mover is anna:
                await anna.until("state", lambda f, v=version: f["version"] >= v)
            await mover.send(type="act", version=version, action={"type": "add", "n": 1})
            version += 1
        state_a = await anna.until("state", lambda f, v=version: f["version"] >= v)
        state_b = await ben.until("state", lambda f, v=state_a["version"]: f["version"] == v)
        assert state_a["view"]["total"] == state_b["view"]["total"] >= 6
        assert state_a["view"]["secret"] != state_b["view"]["secret"]
        # a stale action through the other process changes nothing
        await ben.send(type="act", version=0, action={"type": "add", "n": 1})
        assert (await ben.until("error"))["code"] in ("stale_version", "not_your_turn")
        await asyncio.gather(anna.close(), ben.close(), return_exceptions=True)
    finally:
        stop(proc_a)
        stop(proc_b)
