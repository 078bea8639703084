"""kill -9 the real server mid-game, restart it on the same data, and find every room as it was."""

from __future__ import annotations

import asyncio
from pathlib import Path

from procs import free_port, kill9, post_json, start_server, stop
from wsclient import Client


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
