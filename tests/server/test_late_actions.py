"""An action that arrives after a deadline passed, before its timer ran: the timeout comes first."""

from __future__ import annotations

import contextlib
from pathlib import Path

from helpers import create_room, hello, open_ws, until
from starlette.testclient import TestClient

from tischrunde.server.app import create_app
from tischrunde.server.store import MemoryStore


def test_a_due_deadline_fires_before_a_late_action(web_dir: Path) -> None:
    now = [1_000_000]
    app = create_app(store=MemoryStore(), web_dir=web_dir, clock=lambda: now[0])
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        client.stack = stack  # type: ignore[attr-defined]
        code = create_room(client, options={"turn_ms": 600_000})
        a, b = open_ws(client), open_ws(client)
        hello(a, code, name="A")
        hello(b, code, name="B")
        a.send_json({"type": "host", "op": "start"})
        until(a, "state")
        until(b, "state")
        now[0] += 700_000  # the turn timer (sleeping in real time) has not fired yet
        a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 3}})
        timed_out = until(b, "state", lambda f: f["version"] == 1)
        assert timed_out["events"][0]["data"] == {"n": 1, "total": 1}, "the timeout was logged first"
        assert until(a, "error")["code"] == "not_your_turn", "A's late action meets the new turn"
        b.send_json({"type": "act", "version": 1, "action": {"type": "add", "n": 2}})
        assert until(a, "state", lambda f: f["version"] == 2)["view"]["total"] == 3
