"""Issue 11's fuzz test: a few thousand generated malformed frames and requests (Hypothesis, a fixed
seed, bounded), each answered by an error frame or a clean close, the connection usable afterwards
where the protocol allows, no traceback logged, and a normal client served at the end."""

from __future__ import annotations

import contextlib
import json
import logging
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from helpers import create_room, hello, open_ws, recv, until
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from procs import free_port, start_server, stop
from rawws import RawWebSocket, connect, read_response
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tischrunde.server.app import create_app
from tischrunde.server.protocol import MAX_FRAME_BYTES
from tischrunde.server.security import CSP
from tischrunde.server.store import MemoryStore

SEED = 20261201
UNLIMITED = 10**9
#: asked after every fuzz frame: its (unique) error marks the end of that frame's answers
SENTINEL = json.dumps({"type": "ping", "fuzz_sentinel": 1})
CLEAN_CLOSES = {1000, 1007, 1008, 1009}
FIELDS = [
    "type",
    "room",
    "v",
    "token",
    "name",
    "role",
    "version",
    "action",
    "op",
    "seat",
    "bot",
    "options",
    "value",
]
TYPES = ["hello", "act", "host", "ping", "leave", "welcome", "error", "pong", ""]
OPS = ["start", "kick", "add_bot", "remove_bot", "set_options", "lock", "unlock", "hand_host", "set_takeover"]

leaf = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=16)
)
value = st.recursive(
    leaf,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
fields = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), value, max_size=5)


def _frame(kind: str, extra: dict[str, Any]) -> str:
    return json.dumps({"type": kind, **extra})


def _deep(levels: int, opener: str, where: str) -> str:
    closer = "]" if opener == "[" else "}"
    body = (opener if opener == "[" else '{"a":') * levels + "1" + closer * levels
    return where.replace("@", body)


structured = st.builds(_frame, st.sampled_from(TYPES) | st.text(max_size=8), fields)
host_ops = st.builds(lambda op, extra: _frame("host", {**extra, "op": op}), st.sampled_from(OPS), fields)
acts = st.builds(lambda version, action: _frame("act", {"version": version, "action": action}), value, value)
deep = st.builds(
    _deep,
    st.integers(1, 3000),
    st.sampled_from(["[", "{"]),
    st.sampled_from(
        [
            '{"type":"act","version":0,"action":@}',
            '{"type":"host","op":"set_options","options":{"x":@}}',
            '{"type":"hello","room":@}',
            "@",
        ]
    ),
)
truncated = structured.flatmap(lambda text: st.integers(0, len(text)).map(lambda cut: text[:cut]))
huge = st.integers(MAX_FRAME_BYTES - 40, MAX_FRAME_BYTES + 2000).map(
    lambda n: '{"type":"ping","x":"' + "a" * n + '"}'
)
ws_frames = st.one_of(
    structured, host_ops, acts, deep, truncated, huge, st.text(max_size=100), st.binary(max_size=100)
)


@pytest.fixture
def client(web_dir: Path) -> Iterator[TestClient]:
    app = create_app(
        store=MemoryStore(),
        web_dir=web_dir,
        tick_s=0.05,
        msg_rate=UNLIMITED,
        msg_burst=UNLIMITED,
        join_limit=UNLIMITED,
        conn_miss_limit=UNLIMITED,
        lookup_cap=UNLIMITED,
        room_limit=UNLIMITED,
        creation_cap=UNLIMITED,
    )
    with TestClient(app) as c, contextlib.ExitStack() as stack:
        c.stack = stack  # type: ignore[attr-defined]
        yield c


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.exc_info is not None or r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage() for r in bad]
    assert "Traceback" not in caplog.text


def test_fuzzed_frames_get_an_error_or_a_clean_close(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    session: dict[str, Any] = {}

    def join() -> Any:
        """A fresh room hosted by the fuzzing connection (a fuzzed frame may lock or leave it)."""
        ws = open_ws(client)
        hello(ws, create_room(client), name="Fuzz")
        session["ws"] = ws
        return ws

    join()
    counts = {"frames": 0, "closed": 0}

    @seed(SEED)
    @settings(max_examples=1200, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(frame=ws_frames)
    def one(frame: str | bytes) -> None:
        counts["frames"] += 1
        ws = session["ws"]
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        ws.send_text(SENTINEL)
        answers = []
        try:
            while True:
                answer = recv(ws)
                if answer["type"] == "error" and "fuzz_sentinel" in answer["message"]:
                    break
                answers.append(answer)
        except WebSocketDisconnect as exc:
            assert exc.code in CLEAN_CLOSES, (frame, exc.code)
            counts["closed"] += 1
            join()
            return
        assert answers, f"no answer to {frame!r}"
        assert {a["type"] for a in answers} <= {"error", "pong", "room", "state"}, (frame, answers)
        for answer in answers:
            if answer["type"] == "error":
                assert answer["code"] and answer["message"], answer

    one()
    assert counts["frames"] >= 1000
    no_tracebacks(caplog)
    # a normal client is served afterwards
    code = create_room(client)
    ws = open_ws(client)
    assert hello(ws, code, name="Ada")["seat"] == 0
    ws.send_json({"type": "ping"})
    assert until(ws, "pong")["type"] == "pong"


PATHS = [
    "/",
    "/api/games",
    "/api/rooms",
    "/api/rooms/{code}",
    "/api/rooms/{code}/qr.svg",
    "/r/{code}",
    "/static/x",
]
path_text = st.text(alphabet=string.ascii_letters + string.digits + "-._~%/?&=+[]{}", max_size=30)
requests = st.tuples(
    st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]),
    st.sampled_from(PATHS) | path_text.map(lambda p: "/" + p.lstrip("/")),
    st.sampled_from(
        ["application/json", "application/json; charset=latin-1", "text/plain", "", "multipart/form-data"]
    ),
    st.one_of(structured, deep, truncated, st.text(max_size=60)).map(lambda t: t.encode())
    | st.binary(max_size=60),
)


def test_fuzzed_http_requests_get_a_clear_answer(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    code = create_room(client)
    statuses: dict[int, int] = {}

    @seed(SEED)
    @settings(max_examples=800, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(request=requests)
    def one(request: tuple[str, str, str, bytes]) -> None:
        method, path, content_type, body = request
        path = quote(path.replace("{code}", code), safe="/?&=%")
        headers = {"content-type": content_type} if content_type else {}
        response = client.request(method, path, content=body, headers=headers)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code < 500, (request, response.status_code, response.text[:200])
        assert response.headers["content-security-policy"] == CSP
        if path.startswith("/api/") and response.status_code not in (200, 201, 405) and method != "HEAD":
            error = response.json()
            assert error.get("code") or error.get("detail") is not None, error

    one()
    assert sum(statuses.values()) >= 600 and len(statuses) > 3, statuses
    no_tracebacks(caplog)
    assert client.get(f"/api/rooms/{code}").status_code == 200


# ---- the real server: bytes no client library would send -------------------------------------------


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    data = tmp_path_factory.mktemp("fuzz") / "data"
    port = free_port()
    options = ("--header-timeout", "2", "--join-limit", str(UNLIMITED), "--lookup-cap", str(UNLIMITED))
    proc = start_server(data, port, extra=options)
    try:
        yield port, data.parent / f"server-{port}.log"
    finally:
        stop(proc)


raw_http = st.one_of(
    st.binary(min_size=1, max_size=200).map(lambda b: b + b"\r\n\r\n"),
    st.tuples(st.binary(max_size=12), st.binary(max_size=40), st.binary(max_size=60)).map(
        lambda t: t[0] + b" /" + t[1] + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n" + t[2] + b"\r\n\r\n"
    ),
)
raw_ws = st.tuples(st.integers(0, 15), st.binary(max_size=80))


def test_raw_bytes_at_a_real_server(real: tuple[int, Path]) -> None:
    port, log = real

    @seed(SEED)
    @settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(request=raw_http)
    def http_one(request: bytes) -> None:
        with connect(port) as sock:
            sock.sendall(request)
            # an HTTP answer, or a close: never a connection left hanging
            sock.settimeout(8)
            try:
                first = sock.recv(65536)
            except ConnectionResetError:
                first = b""
            assert first == b"" or first.startswith(b"HTTP/1.1 "), (request, first[:100])

    @seed(SEED)
    @settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(frame=raw_ws)
    def ws_one(frame: tuple[int, bytes]) -> None:
        opcode, payload = frame
        with RawWebSocket(port) as ws:
            assert ws.status == 101
            ws.send_frame(payload, opcode)
            ws.send_json({"type": "ping"})
            # a pong (the frame was harmless or answered), or a close
            while True:
                kind, data = ws.recv_frame()
                if kind == 8:
                    return
                if kind == 1 and json.loads(data)["type"] == "pong":
                    return

    http_one()
    ws_one()
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text[-3000:]
    # a normal client is served afterwards
    with connect(port) as sock:
        sock.sendall(
            b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 14\r\n\r\n{"game":"toy"}'
        )
        status, _, body = read_response(sock)
    assert status == 201
    with RawWebSocket(port) as ws:
        ws.send_json({"type": "hello", "room": json.loads(body)["code"], "name": "Ada"})
        assert ws.recv_json()["type"] == "welcome"
