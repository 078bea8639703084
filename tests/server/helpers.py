"""Small helpers for driving the server through Starlette's TestClient."""

from __future__ import annotations

import json
import time
from typing import Any

import anyio
from starlette.testclient import TestClient, WebSocketTestSession


def create_room(client: TestClient, game: str = "toy", **body: Any) -> str:
    response = client.post("/api/rooms", json={"game": game, **body})
    assert response.status_code == 201, response.text
    code = response.json()["code"]
    assert isinstance(code, str)
    return code


async def _receive(ws: WebSocketTestSession, timeout: float) -> Any:
    with anyio.fail_after(timeout):
        return await ws._send_rx.receive()


def recv(ws: WebSocketTestSession, timeout: float = 5.0) -> dict[str, Any]:
    """The next frame, or a failure after ``timeout`` seconds (TestClient would wait forever)."""
    message = ws.portal.call(_receive, ws, timeout)
    ws._raise_on_close(message)
    frame = json.loads(message["text"])
    assert isinstance(frame, dict)
    return frame


def until(ws: WebSocketTestSession, kind: str, check: Any = None, limit: int = 200) -> dict[str, Any]:
    """Read frames until one of ``kind`` (passing ``check``) arrives."""
    for _ in range(limit):
        frame = recv(ws)
        if frame["type"] == kind and (check is None or check(frame)):
            return frame
    raise AssertionError(f"no {kind} frame within {limit} frames")


def hello(ws: WebSocketTestSession, room: str, **fields: Any) -> dict[str, Any]:
    ws.send_json({"type": "hello", "room": room, **fields})
    frame = recv(ws)
    assert frame["type"] == "welcome", frame
    return frame


def wait_for(predicate: Any, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.01)
    raise AssertionError("condition not reached in time")


def open_ws(client: TestClient) -> WebSocketTestSession:
    """A WebSocket that the fixture closes even if the test fails (else TestClient waits forever)."""
    stack = client.stack  # type: ignore[attr-defined]
    ws: WebSocketTestSession = stack.enter_context(client.websocket_connect("/ws"))
    return ws
