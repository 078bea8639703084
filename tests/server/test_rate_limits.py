"""Rate limits that a handful of addresses cannot turn against everybody: per-address budgets that
refill, and server-wide rates that only slow misses and new rooms down, never refuse them.

Each test sends from several client addresses through X-Forwarded-For (TestClient's peer,
"testclient", is the trusted proxy)."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import hello, recv, wait_for
from starlette.testclient import TestClient, WebSocketTestSession

from tischrunde.server import security
from tischrunde.server.app import create_app
from tischrunde.server.store import MemoryStore

PROXY = {"proxy_headers": True, "forwarded_allow_ips": "testclient"}


@pytest.fixture
def serve(web_dir: Path) -> Iterator[Callable[..., TestClient]]:
    with contextlib.ExitStack() as stack:

        def start(**options: Any) -> TestClient:
            app = create_app(store=MemoryStore(), web_dir=web_dir, tick_s=0.05, **PROXY, **options)
            client = stack.enter_context(TestClient(app))
            client.stack = stack  # type: ignore[attr-defined]
            return client

        yield start


def get(client: TestClient, code: str, address: str) -> Any:
    return client.get(f"/api/rooms/{code}", headers={"x-forwarded-for": address})


def new_room(client: TestClient, address: str) -> Any:
    return client.post("/api/rooms", json={"game": "toy"}, headers={"x-forwarded-for": address})


def ws_from(client: TestClient, address: str) -> WebSocketTestSession:
    stack = client.stack  # type: ignore[attr-defined]
    ws: WebSocketTestSession = stack.enter_context(
        client.websocket_connect("/ws", headers={"x-forwarded-for": address})
    )
    return ws


def test_misses_from_a_few_addresses_never_lock_out_anyone_else(serve: Callable[..., TestClient]) -> None:
    # the attack, scaled down: 4 addresses x 3 misses, each under its own limit of 4 (an hour,
    # so nothing comes back during the test), all together past the server-wide 6 a minute
    client = serve(join_limit=4, join_window_s=3600, lookup_cap=6, pressure_delay_s=0.2)
    created = new_room(client, "10.0.9.1")
    assert created.status_code == 201
    code = created.json()["code"]
    seat = ws_from(client, "10.0.9.1")
    token = hello(seat, code, name="Ada")["token"]
    for attacker in range(4):
        for _ in range(3):
            assert get(client, "XXXXX", f"10.0.0.{attacker}").status_code == 404
    bystander = "10.0.5.5"
    # a lookup of an existing code is served, at once
    info = get(client, code, bystander)
    assert info.status_code == 200 and info.json()["code"] == code
    # a join by name and a token hello are served
    assert hello(ws_from(client, bystander), code, name="Bea")["seat"] == 1
    assert hello(ws_from(client, bystander), code, token=token)["seat"] == 0
    # the bystander's own typo is answered (404, not 429), only later: misses are slowed, not refused
    started = time.monotonic()
    typo = get(client, "YYYYY", bystander)
    assert typo.status_code == 404 and typo.json()["code"] == "unknown_room"
    assert time.monotonic() - started >= 0.15
    ws = ws_from(client, bystander)
    ws.send_json({"type": "hello", "room": "YYYYY", "name": "Cleo"})
    assert recv(ws)["code"] == "unknown_room"
    # each attacker is still held to its own budget: one more miss is fine, then its lookups stop
    assert get(client, "XXXXX", "10.0.0.0").status_code == 404
    refused = get(client, code, "10.0.0.0")
    assert refused.status_code == 429 and "your address" in refused.json()["message"]


def test_a_spent_address_budget_refills_gradually(serve: Callable[..., TestClient]) -> None:
    # 2 misses per 6 s: one comes back every 3 s (a sliding window would give nothing back for 6 s)
    client = serve(join_limit=2, join_window_s=6.0)
    code = new_room(client, "10.0.8.1").json()["code"]
    for _ in range(2):
        assert get(client, "XXXXX", "10.0.0.1").status_code == 404
    started = time.monotonic()
    refused = get(client, code, "10.0.0.1")
    assert refused.status_code == 429
    assert re.search(r"try again in [1-3] s", refused.json()["message"]), refused.json()
    wait_for(lambda: get(client, code, "10.0.0.1").status_code == 200, timeout=5.5)
    assert time.monotonic() - started < 5.5
    # one miss came back, not two
    assert get(client, "XXXXX", "10.0.0.1").status_code == 404
    assert get(client, "XXXXX", "10.0.0.1").status_code == 429


def test_new_rooms_from_a_few_addresses_never_stop_anyone_else(serve: Callable[..., TestClient]) -> None:
    # 5 addresses at their limit of 2 (an hour) make 10 rooms, past the server-wide 4 a minute
    client = serve(room_limit=2, join_window_s=3600, creation_cap=4, pressure_delay_s=0.2)
    for address in range(5):
        for _ in range(2):
            assert new_room(client, f"10.0.1.{address}").status_code == 201
    refused = new_room(client, "10.0.1.0")
    assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
    assert "your address" in refused.json()["message"]
    started = time.monotonic()
    assert new_room(client, "10.0.7.7").status_code == 201  # slower, not refused
    assert time.monotonic() - started >= 0.15


def test_budgets_refill_go_into_debt_and_forget_clients_in_tenths() -> None:
    budgets = security.Budgets(3, 60.0, max_clients=10)
    for _ in range(4):  # concurrent requests all count: one into debt
        budgets.spend("a", 0.0)
    assert not budgets.allowed("a", 0.0) and budgets.wait_s("a", 0.0) == pytest.approx(40.0)
    assert budgets.allowed("a", 40.0)
    for i in range(25):
        budgets.spend(f"c{i}", 100.0)
    assert len(budgets.spent) <= 10 and "c24" in budgets.spent
    pressure = security.Pressure(300, 60.0, max_delay_s=1.0)
    delays = [pressure.delay_s(0.0) for _ in range(306)]
    assert delays[:300] == [0.0] * 300 and delays[300:] == pytest.approx([0.2, 0.4, 0.6, 0.8, 1.0, 1.0])
    assert pressure.delay_s(120.0) == 0.0  # a quiet minute later: at once again
