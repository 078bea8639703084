"""Issue 11: hostile input, NAT-friendly throttles, resource limits, origins and hosts.

In-process tests use Starlette's TestClient; what only a real server shows (slow clients, uvicorn's
logging, many sockets) runs against ``tischrunde serve`` started by pid (``procs``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import create_room, hello, open_ws, recv, until
from procs import free_port, start_server, stop
from rawws import RawWebSocket, closed_within, connect, read_response
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from wsclient import Client

from tischrunde.server import app as app_module
from tischrunde.server import security
from tischrunde.server.app import create_app
from tischrunde.server.routes import games as game_routes
from tischrunde.server.security import CSP
from tischrunde.server.store import MemoryStore

JSON = {"content-type": "application/json"}


@pytest.fixture
def serve(web_dir: Path) -> Iterator[Callable[..., TestClient]]:
    """Start TestClients of apps with the given ``create_app`` options (closed after the test)."""
    with contextlib.ExitStack() as stack:

        def start(**options: Any) -> TestClient:
            app = create_app(store=MemoryStore(), web_dir=web_dir, tick_s=0.05, **options)
            client = stack.enter_context(TestClient(app))
            client.stack = stack  # type: ignore[attr-defined]
            return client

        yield start


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def seated(client: TestClient, code: str, name: str = "Ada") -> tuple[Any, str]:
    ws = open_ws(client)
    welcome = hello(ws, code, name=name)
    token = welcome["token"]
    assert isinstance(token, str)
    return ws, token


def ping_pong(ws: Any) -> None:
    ws.send_json({"type": "ping"})
    until(ws, "pong")


# ---- 1: deep JSON ----------------------------------------------------------------------------


def test_deep_frames_get_bad_frame_and_keep_the_connection_and_seat(serve: Callable[..., TestClient]) -> None:
    client = serve()
    code = create_room(client)
    ws, _ = seated(client, code)
    until(ws, "room")
    frames = [
        # the report's 964 levels in a 2 KB act, and the same depth in a host's options
        '{"type":"act","version":0,"action":' + deep(964) + "}",
        '{"type":"host","op":"set_options","options":{"target":' + deep(964) + "}}",
        '{"type":"hello","room":' + deep(5000) + "}",
    ]
    assert len(frames[0]) < 2048
    for frame in frames:
        ws.send_text(frame)
        error = until(ws, "error")
        assert error["code"] == "bad_frame" and "nest at most 32 levels" in error["message"], error
        ping_pong(ws)
    info = client.get(f"/api/rooms/{code}").json()
    assert info["seats"][0]["connected"] is True


def test_brackets_inside_strings_and_modest_depth_pass_the_depth_check(
    serve: Callable[..., TestClient],
) -> None:
    client = serve()
    code = create_room(client)
    ws = open_ws(client)
    welcome = hello(ws, code, name="[" * 200)
    assert welcome["seat"] == 0
    until(ws, "room")
    # 30 levels reach the engine, which names the option
    ws.send_json({"type": "host", "op": "set_options", "options": {"target": json.loads(deep(30))}})
    error = until(ws, "error")
    assert error["code"] == "bad_config" and error["field"] == "options.target", error


def test_a_deep_post_is_a_400_with_the_security_headers(serve: Callable[..., TestClient]) -> None:
    client = serve()
    body = '{"game":"toy","options":{"target":' + deep(968) + "}}"
    response = client.post("/api/rooms", content=body, headers=JSON)
    assert response.status_code == 400 and response.json()["code"] == "bad_frame"
    assert "nest" in response.json()["message"]
    assert response.headers["content-security-policy"] == CSP


def test_a_500_carries_the_security_headers(web_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(game_routes, "loadable_games", broken)
    app = create_app(store=MemoryStore(), web_dir=web_dir)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/api/games")
    assert response.status_code == 500
    assert response.headers["content-security-policy"] == CSP
    assert response.headers["x-frame-options"] == "DENY"


def test_json_depth_check() -> None:
    assert not security.json_too_deep(deep(32))
    assert security.json_too_deep(deep(33))
    assert security.json_too_deep(b'{"a":' + deep(40).encode() + b"}")
    assert not security.json_too_deep('{"a":"' + "[" * 40 + '"}')
    assert not security.json_too_deep('["\\"' + "[" * 40 + '"]')
    assert not security.json_too_deep("[1]," * 500)


# ---- 3: throttles that let a table behind one router play --------------------------------------


def test_a_valid_token_is_never_throttled(serve: Callable[..., TestClient]) -> None:
    client = serve(join_limit=5)
    code = create_room(client)
    ws, token = seated(client, code)
    ws.__exit__(None, None, None)
    for _ in range(5):  # one guest's typos, each on its own connection
        guest = open_ws(client)
        guest.send_json({"type": "hello", "room": "XXXXX", "name": "Typo"})
        assert recv(guest)["code"] == "unknown_room"
    others = open_ws(client)
    others.send_json({"type": "hello", "room": code, "name": "Bea"})
    assert recv(others)["code"] == "rate_limited"
    others.send_json({"type": "hello", "room": code, "token": "guessed"})
    assert recv(others)["code"] == "rate_limited"  # not bad_token: a throttled lookup tells nothing
    back = open_ws(client)
    welcome = hello(back, code, token=token)
    assert welcome["seat"] == 0


def test_a_connection_with_too_many_misses_is_closed(serve: Callable[..., TestClient]) -> None:
    client = serve(conn_miss_limit=3)
    code = create_room(client)
    ws = open_ws(client)
    for _ in range(2):
        ws.send_json({"type": "hello", "room": "XXXXX"})
        assert recv(ws)["code"] == "unknown_room"
    ws.send_json({"type": "hello", "room": "XXXXX"})
    assert recv(ws)["code"] == "unknown_room"
    assert recv(ws)["code"] == "rate_limited"
    with pytest.raises(WebSocketDisconnect):
        recv(ws)
    # the address is not locked out: another connection from it joins
    assert hello(open_ws(client), code, name="Ada")["seat"] == 0


def _lookup(client: TestClient, code: str, forwarded: str | None) -> int:
    headers = {} if forwarded is None else {"x-forwarded-for": forwarded}
    return client.get(f"/api/rooms/{code}", headers=headers).status_code


def test_forwarded_for_counts_only_behind_a_trusted_proxy(serve: Callable[..., TestClient]) -> None:
    # TestClient's peer address is "testclient"
    proxied = serve(join_limit=2, proxy_headers=True, forwarded_allow_ips="testclient")
    assert [_lookup(proxied, "XXXXX", "10.0.0.1") for _ in range(3)] == [404, 404, 429]
    assert _lookup(proxied, "XXXXX", "10.0.0.2") == 404  # another guest behind the proxy
    for options in ({}, {"proxy_headers": True, "forwarded_allow_ips": "10.9.9.9"}):
        direct = serve(join_limit=2, **options)
        assert [_lookup(direct, "XXXXX", f"10.0.0.{i}") for i in range(3)] == [404, 404, 429]


# ---- 4: global caps: test_rate_limits.py (they slow misses and new rooms down, refuse nobody) ---


# ---- 5: resource limits --------------------------------------------------------------------------


def test_a_connection_that_never_says_hello_is_closed(serve: Callable[..., TestClient]) -> None:
    client = serve(hello_timeout_s=0.3)
    code = create_room(client)
    ws = open_ws(client)
    error = recv(ws)
    assert error["code"] == "bad_frame" and "no hello within 0.3 s" in error["message"]
    with pytest.raises(WebSocketDisconnect):
        recv(ws)
    # one that said hello in time stays open past the deadline
    joined = open_ws(client)
    hello(joined, code, name="Ada")
    end = time.monotonic() + 0.6
    while time.monotonic() < end:  # pinged through the deadline, under the message rate
        ping_pong(joined)
        time.sleep(0.05)


def test_websockets_per_address_and_in_all_are_capped(serve: Callable[..., TestClient]) -> None:
    client = serve(max_per_client=2, max_connections=3, proxy_headers=True, forwarded_allow_ips="testclient")
    code = create_room(client)

    def ws_from(address: str) -> Any:
        return client.stack.enter_context(  # type: ignore[attr-defined]
            client.websocket_connect("/ws", headers={"x-forwarded-for": address})
        )

    first, _second = ws_from("10.0.3.1"), ws_from("10.0.3.1")
    third = ws_from("10.0.3.1")
    with pytest.raises(WebSocketDisconnect) as refused:
        recv(third)
    assert refused.value.code == 1013
    hello(ws_from("10.0.3.2"), code, name="Bea")  # another address still gets in: 3 open in all
    with pytest.raises(WebSocketDisconnect) as full:
        recv(ws_from("10.0.3.3"))
    assert full.value.code == 1013
    first.close()
    hello(open_ws_when_free(ws_from, "10.0.3.1"), code, name="Ada")


def open_ws_when_free(ws_from: Callable[[str], Any], address: str) -> Any:
    """A WebSocket from ``address`` once the server has seen a closed one go (within 5 s)."""
    end = time.monotonic() + 5
    while True:
        ws = ws_from(address)
        ws.send_json({"type": "ping"})
        try:
            assert recv(ws)["type"] == "pong"
            return ws
        except WebSocketDisconnect:
            if time.monotonic() > end:
                raise


def test_spectators_per_room_are_capped(serve: Callable[..., TestClient]) -> None:
    client = serve(max_spectators=2)
    code = create_room(client)
    for _ in range(2):
        assert hello(open_ws(client), code, role="spectator")["role"] == "spectator"
    ws = open_ws(client)
    ws.send_json({"type": "hello", "room": code, "role": "spectator"})
    error = recv(ws)
    assert error["code"] == "room_full" and "2 spectators" in error["message"]
    assert hello(open_ws(client), code, name="Ada")["seat"] == 0  # players do not count


# ---- 9: hosts and origins ----------------------------------------------------------------------


def test_other_hosts_are_refused_for_http_and_websocket(serve: Callable[..., TestClient]) -> None:
    client = serve()
    code = create_room(client)
    evil = client.get("/api/games", headers={"host": "evil.example"})
    assert evil.status_code == 400 and evil.json()["code"] == "bad_host"
    assert evil.headers["content-security-policy"] == CSP
    rebinding = {"host": "evil.example", "origin": "http://evil.example"}
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws", headers=rebinding):
        pass
    assert refused.value.code == 1008
    for host in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000", *sorted(security.own_addresses())):
        name = f"[{host}]" if ":" in host and not host.startswith(("[", "localhost", "127.")) else host
        assert client.get(f"/api/rooms/{code}", headers={"host": name}).status_code == 200, name
    anything = serve(allowed_hosts=["*"])
    assert anything.get("/api/games", headers={"host": "evil.example"}).status_code == 200


def test_host_lists() -> None:
    hosts = security.HostList([".example.org", "spiel.example", "192.168.1.20", "::1"])
    for ok in ("a.example.org", "example.org:8000", "Spiel.Example.", "192.168.1.20:8000", "[::1]:80"):
        assert hosts.allows(ok), ok
    for bad in ("evil.example", "example.org.evil.example", "192.168.1.2", "", None, "notexample.org"):
        assert not hosts.allows(bad), bad
    assert not security.HostList([]).allows("127.0.0.1")
    defaults = security.default_allowed_hosts("http://tisch.example:8000/")
    assert {"localhost", "127.0.0.1", "::1", "tisch.example"} <= set(defaults)
    assert security.own_addresses() <= set(defaults)


def test_the_machines_current_addresses_are_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    addresses = {"10.1.2.3"}
    monkeypatch.setattr(security, "own_addresses", lambda: set(addresses))
    own = security.HostList(["localhost"], own_addresses=True, recheck_s=0)
    assert own.allows("10.1.2.3:8000") and not own.allows("10.9.9.9:8000")
    addresses.clear()
    addresses.add("10.9.9.9")  # the laptop joined another network
    assert own.allows("10.9.9.9:8000") and not own.allows("10.1.2.3:8000")
    assert not own.allows("evil.example")  # names are never looked up


def test_creating_a_room_needs_a_json_content_type(serve: Callable[..., TestClient]) -> None:
    client = serve()
    body = json.dumps({"game": "toy"})
    for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {} if content_type is None else {"content-type": content_type}
        response = client.post("/api/rooms", content=body, headers=headers)
        assert response.status_code == 415 and response.json()["code"] == "bad_frame", content_type
        assert "application/json" in response.json()["message"]
    ok = client.post("/api/rooms", content=body, headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 201


def test_the_web_app_creates_rooms_with_a_json_content_type() -> None:
    source = (Path(app_module.WEB_DIR) / "shell" / "start.js").read_text()
    start = source.index('fetch("/api/rooms", {')
    assert '"content-type": "application/json"' in source[start : start + 300]


# ---- a real server: slow clients, uvicorn's log, many sockets ------------------------------------


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    data = tmp_path_factory.mktemp("hardening") / "data"
    port = free_port()
    options = ("--header-timeout", "1", "--body-timeout", "1", "--max-per-client", "400")
    proc = start_server(data, port, extra=options)
    try:
        yield port, data.parent / f"server-{port}.log"
    finally:
        stop(proc)


def log_text(path: Path) -> str:
    return path.read_text(errors="replace")


def wait_for_log(path: Path, *needles: str, timeout: float = 10.0) -> str:
    end = time.monotonic() + timeout
    while True:
        text = log_text(path)
        if all(n in text for n in needles) or time.monotonic() > end:
            return text
        time.sleep(0.05)


def test_slow_headers_and_bodies_are_cut_off(real: tuple[int, Path]) -> None:
    port, _ = real
    with connect(port) as slow:
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        started = time.monotonic()
        while not closed_within(slow, 0.1):  # a header byte every 0.1 s would hold it for ever
            slow.sendall(b"X")
            assert time.monotonic() - started < 5, "a slowloris connection was held"
    with connect(port) as body:
        body.sendall(
            b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"game":'
        )
        status, headers, payload = read_response(body)
    assert status == 408 and json.loads(payload)["code"] == "bad_frame"
    assert headers["content-security-policy"] == CSP


def test_aborted_bodies_bad_utf8_and_bad_requests_log_no_traceback(real: tuple[int, Path]) -> None:
    port, log = real
    for _ in range(20):
        with connect(port) as aborted:
            aborted.sendall(
                b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b'Content-Length: 1000\r\n\r\n{"game":'
            )
    for _ in range(20):
        with RawWebSocket(port) as ws:
            ws.send_frame(b'{"type":"ping"\xff\xfe}')
            assert ws.close_code() == 1007
    for _ in range(20):
        with connect(port) as bad:
            bad.sendall(b"\x16\x03\x01 not http\r\n\r\n")
            assert closed_within(bad, 5)
    text = wait_for_log(log, "client_left", "bad_utf8", "Invalid HTTP request")
    assert "Traceback" not in text and "ClientDisconnect" not in text and "UnicodeDecodeError" not in text
    for line in ("client_left", "bad_utf8", "Invalid HTTP request"):
        assert 1 <= text.count(line) <= 2, (line, text)
    # and the server serves on
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as response:
        assert response.status == 200


def test_a_rebinding_page_gets_nothing_from_the_real_server(real: tuple[int, Path]) -> None:
    port, _ = real
    with connect(port) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: evil.example\r\n\r\n")
        status, headers, _ = read_response(sock)
    assert status == 400 and headers["content-security-policy"] == CSP
    with RawWebSocket(port, {"Host": "evil.example", "Origin": "http://evil.example"}) as ws:
        assert ws.status == 403  # refused before the handshake completes


# ---- 6: spectator counts are coalesced -----------------------------------------------------------


async def test_two_hundred_spectators_cost_far_fewer_than_quadratic_frames(real: tuple[int, Path]) -> None:
    port, _ = real
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/rooms", data=b'{"game":"toy"}', headers=JSON, method="POST"
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        code = json.loads(response.read())["code"]
    n = 200

    async def spectate() -> Client:
        client = await Client.open(port)
        await client.hello(code, role="spectator")
        return client

    clients = await asyncio.gather(*(spectate() for _ in range(n)))
    try:
        # every spectator hears the final count
        await asyncio.gather(
            *(c.until("room", lambda f: f["room"]["spectators"] == n, timeout=20) for c in clients)
        )
        frames = sum(len(c.frames) for c in clients)
        assert frames < 10 * n, frames  # one RoomMsg per join to everyone would be n(n+1)/2 = 20,100
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)


def test_serve_options_reach_the_server(tmp_path: Path) -> None:
    port = free_port()
    options = (
        "--max-per-client",
        "2",
        "--hello-timeout",
        "0.5",
        "--allowed-hosts",
        "127.0.0.1,spiel.example",
    )
    proc = start_server(tmp_path / "data", port, extra=options)
    try:
        with contextlib.ExitStack() as stack:
            first = stack.enter_context(RawWebSocket(port))
            stack.enter_context(RawWebSocket(port))
            third = stack.enter_context(RawWebSocket(port))
            assert third.status == 101 and third.close_code() == 1013  # a clear refusal, not a reset
            late = first.recv_json()
            assert late["code"] == "bad_frame" and "no hello within 0.5 s" in late["message"]
            assert first.close_code() == 1000
        for host, status in (("spiel.example:8000", 200), ("localhost", 400)):
            with connect(port) as sock:
                sock.sendall(f"GET /api/games HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
                assert read_response(sock)[0] == status, host
    finally:
        stop(proc)
