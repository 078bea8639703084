"""kill -9 the real server mid-game, restart it on the same data, and find every room as it was."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from procs import free_port, kill9, post_json, start_server, stop
from wsclient import Client

from tischrunde.server.lobby import loadable_games


async def test_kill_9_and_restart_resumes_state_views_and_timers(tmp_path: Path) -> None:
    data = tmp_path / "data"
    port = free_port()
    proc = start_server(data, port)
    try:
        room = post_json(
            f"http://127.0.0.1:{port}/api/rooms",
            {"game": "toy", "options": {"target": 100, "turn_ms": 6000}, "takeover_s": 0},
        )
        code = room["code"]
        a, b = await Client.open(port), await Client.open(port)
        token_a = (await a.hello(code, name="Anna"))["token"]
        token_b = (await b.hello(code, name="Ben"))["token"]
        await a.send(type="host", op="start")
        players = [a, b]
        state = await a.until("state")
        for step in range(5):
            mover = players[step % 2]
            await mover.send(type="act", version=step, action={"type": "add", "n": 1 + step % 3})
            state = await a.until("state", lambda f, v=step + 1: f["version"] == v)
        before_a = state
        before_b = await b.until("state", lambda f: f["version"] == 5)
        assert before_a["deadline_ms"] is not None
        kill9(proc)
        await asyncio.gather(a.close(), b.close(), return_exceptions=True)

        proc = start_server(data, port)
        a, b = await Client.open(port), await Client.open(port)
        assert (await a.hello(code, token=token_a))["seat"] == 0
        assert (await b.hello(code, token=token_b))["seat"] == 1
        after_a = await a.until("state")
        after_b = await b.until("state")
        for before, after in ((before_a, after_a), (before_b, after_b)):
            for key in ("version", "view", "legal", "active", "deadline_ms"):
                assert after[key] == before[key], key
        assert after_a["view"]["secret"] == before_a["view"]["secret"]
        # the pending timer was rescheduled: the turn times out on the server's clock
        timed_out = await a.until("state", lambda f: f["version"] == 6, timeout=15)
        assert timed_out["events"][0]["kind"] == "added" and timed_out["events"][0]["data"]["n"] == 1
        assert timed_out["events"][0]["seat"] == before_a["active"][0]
        await asyncio.gather(a.close(), b.close(), return_exceptions=True)
    finally:
        stop(proc)


@pytest.mark.skipif("mogelmotte" not in loadable_games(), reason="Mogel-Motte engine not available")
async def test_kill_9_mid_cheat_in_mogelmotte_keeps_the_cheat_timer(tmp_path: Path) -> None:
    """``python -m tischrunde.cli serve``, a real game: a cheat is running when the server dies."""
    data = tmp_path / "data"
    port = free_port()
    proc = start_server(data, port, toy=False)
    try:
        options = {"cheat_ms": 9000, "rounds": 1}
        code = post_json(f"http://127.0.0.1:{port}/api/rooms", {"game": "mogelmotte", "options": options})[
            "code"
        ]
        clients = [await Client.open(port) for _ in range(3)]
        tokens = [(await c.hello(code, name=f"P{i}"))["token"] for i, c in enumerate(clients)]
        await clients[0].send(type="host", op="start")
        latest = [await c.until("state") for c in clients]
        cheated = False
        for _ in range(40):
            version = max(f["version"] for f in latest)
            cheats = [(i, a) for i, f in enumerate(latest) for a in f["legal"] if a["type"] == "cheat"]
            moves = [
                (i, a) for i, f in enumerate(latest) for a in f["legal"] if a["type"] in ("play", "draw")
            ]
            if version >= 3 and cheats:
                seat, action = cheats[0]
                cheated = True
            elif moves:
                seat, action = moves[-1]
            else:
                seat, action = next((i, f["legal"][0]) for i, f in enumerate(latest) if f["legal"])
            await clients[seat].send(type="act", version=version, action=action)
            latest = [await c.until("state", lambda f, v=version: f["version"] > v) for c in clients]
            if cheated:
                break
        assert cheated, "no cheat became legal"
        before = latest
        assert all(f["deadline_ms"] is not None and f["version"] == before[0]["version"] for f in before)
        kill9(proc)
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)

        proc = start_server(data, port, toy=False)
        clients = [await Client.open(port) for _ in range(3)]
        for i, c in enumerate(clients):
            assert (await c.hello(code, token=tokens[i]))["seat"] == i
        after = [await c.until("state") for c in clients]
        for b, a in zip(before, after, strict=True):
            for key in ("version", "view", "legal", "active", "deadline_ms"):
                assert a[key] == b[key], key
        # the cheat's timer runs on: its end arrives as the next version, for everyone
        ended = [
            await c.until("state", lambda f, v=before[0]["version"]: f["version"] > v, 20) for c in clients
        ]
        assert all(f["now_ms"] >= before[0]["deadline_ms"] for f in ended)
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
    finally:
        stop(proc)
