"""The join link phones can open: its rules, the HTTP routes that carry it, and what
``tischrunde serve --host 0.0.0.0`` prints when it starts. Only 127.0.0.1 receives test traffic."""

from __future__ import annotations

import contextlib
import io
import os
import re
import selectors
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from helpers import create_room
from procs import free_port, stop
from starlette.testclient import TestClient
from typer.testing import CliRunner

from tischrunde.cli import app as cli_app
from tischrunde.server import publicurl
from tischrunde.server.app import create_app
from tischrunde.server.publicurl import LOOPBACK_HINT, NO_LAN_HINT, JoinLink, is_local_host, join_link
from tischrunde.server.store import MemoryStore

LAN = "192.168.7.9"


# ---- the rules, one by one -------------------------------------------------------------------------


def test_public_url_comes_first() -> None:
    for request in ("http://127.0.0.1:8000/r/ACDEF", "http://192.168.1.5:8000/r/ACDEF"):
        link = join_link(
            "/r/ACDEF",
            request_link=request,
            public_url="https://games.example.org/",
            listen_host="0.0.0.0",
            lan_ip=LAN,
        )
        assert link == JoinLink("https://games.example.org/r/ACDEF", True, None)


@pytest.mark.parametrize(
    "request_link",
    [
        "http://192.168.1.5:8000/r/ACDEF",
        "http://laptop.fritz.box:8000/r/ACDEF",
        "http://[fe80::1]:8000/r/ACDEF",
    ],
)
def test_a_request_host_that_is_not_loopback_is_used_as_it_is(request_link: str) -> None:
    for listen in ("0.0.0.0", "127.0.0.1", None):
        assert join_link("/r/ACDEF", request_link=request_link, listen_host=listen, lan_ip=LAN) == JoinLink(
            request_link, True, None
        )


@pytest.mark.parametrize("listen", ["0.0.0.0", "::", "[::]"])
@pytest.mark.parametrize("request_host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "0.0.0.0:8000"])
def test_listening_on_all_interfaces_gives_the_lan_address(listen: str, request_host: str) -> None:
    link = join_link(
        "/r/ACDEF", request_link=f"http://{request_host}/r/ACDEF", listen_host=listen, lan_ip=LAN
    )
    assert link == JoinLink(f"http://{LAN}:8000/r/ACDEF", True, None)


def test_listening_on_all_interfaces_without_a_network_says_so() -> None:
    link = join_link(
        "/r/ACDEF", request_link="http://127.0.0.1:8000/r/ACDEF", listen_host="0.0.0.0", lan_ip=None
    )
    assert link == JoinLink("http://127.0.0.1:8000/r/ACDEF", False, NO_LAN_HINT)


@pytest.mark.parametrize("listen", ["127.0.0.1", "localhost", "::1", None])
def test_loopback_only_is_not_reachable_and_says_how_to_start(listen: str | None) -> None:
    link = join_link("/r/ACDEF", request_link="http://localhost:8000/r/ACDEF", listen_host=listen, lan_ip=LAN)
    assert link == JoinLink("http://localhost:8000/r/ACDEF", False, LOOPBACK_HINT)
    assert "make run" in LOOPBACK_HINT and "--host 0.0.0.0" in LOOPBACK_HINT


@pytest.mark.parametrize(
    ("host", "local"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("localhost", True),
        ("LOCALHOST.", True),
        ("tisch.localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", True),
        ("::", True),
        ("192.168.1.5", False),
        ("10.0.0.2", False),
        ("fe80::1", False),
        ("laptop.local", False),
        ("testserver", False),
    ],
)
def test_loopback_names_and_addresses(host: str, local: bool) -> None:
    assert is_local_host(host) is local


def test_the_lan_address_is_found_without_traffic_or_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    found = publicurl.lan_ipv4()
    assert found is None or not is_local_host(found)

    class NoRoute:
        def __init__(self, *args: Any) -> None:
            pass

        def __enter__(self) -> NoRoute:
            return self

        def __exit__(self, *args: Any) -> None:
            pass

        def connect(self, address: Any) -> None:
            raise OSError("network is unreachable")

    monkeypatch.setattr(publicurl.socket, "socket", NoRoute)
    monkeypatch.setattr(
        publicurl.socket, "gethostbyname_ex", lambda name: (name, [], ["127.0.1.1", "10.1.2.3"])
    )
    assert publicurl.lan_ipv4() == "10.1.2.3"
    monkeypatch.setattr(publicurl.socket, "gethostbyname_ex", lambda name: (name, [], ["127.0.1.1"]))
    assert publicurl.lan_ipv4() is None


# ---- the HTTP routes carry the link ----------------------------------------------------------------


@contextlib.contextmanager
def serving(web_dir: Path, monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> Iterator[TestClient]:
    monkeypatch.setattr(publicurl, "cached_lan_ipv4", lambda: LAN)
    # the request hosts these tests send stand for this machine's LAN address (--allowed-hosts)
    kwargs.setdefault("allowed_hosts", ["127.0.0.1", "testserver", "192.168.1.20", "games.example.org"])
    app = create_app(store=MemoryStore(), web_dir=web_dir, **kwargs)
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        yield client


def _links(client: TestClient, **headers: str) -> tuple[str, dict[str, Any], str]:
    response = client.post("/api/rooms", json={"game": "toy"}, headers=headers)
    assert response.status_code == 201, response.text
    body = response.json()
    code = body["code"]
    join = client.get(f"/api/rooms/{code}/join", headers=headers).json()
    qr = client.get(body["qr_svg_url"], headers=headers).text
    assert body["url"] == join["url"]
    return str(body["url"]), join, qr


def _svg(url: str, code: str) -> str:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer, kind="svg", scale=8, border=2, xmldecl=False, svgns=True, title=code
    )
    return buffer.getvalue().decode()


def test_the_routes_use_the_public_url(web_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(
        web_dir, monkeypatch, public_url="https://games.example.org", listen_host="0.0.0.0"
    ) as client:
        url, join, qr = _links(client)
        code = url.rsplit("/", 1)[1]
        assert url == f"https://games.example.org/r/{code}"
        assert join == {"url": url, "reachable": True, "hint": None}
        assert qr == _svg(url, code)


def test_the_routes_use_a_request_host_phones_reached(web_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(web_dir, monkeypatch, listen_host="0.0.0.0") as client:
        url, join, qr = _links(client, host="192.168.1.20:8000")
        code = url.rsplit("/", 1)[1]
        assert url == f"http://192.168.1.20:8000/r/{code}" and join["reachable"] is True
        assert qr == _svg(url, code)


def test_the_routes_use_the_lan_address_when_listening_everywhere(
    web_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serving(web_dir, monkeypatch, listen_host="0.0.0.0") as client:
        url, join, qr = _links(client)
        code = url.rsplit("/", 1)[1]
        assert url == f"http://{LAN}:8000/r/{code}"
        assert join == {"url": url, "reachable": True, "hint": None}
        assert qr == _svg(url, code)


def test_the_routes_say_when_phones_cannot_reach_the_server(
    web_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serving(web_dir, monkeypatch, listen_host="127.0.0.1") as client:
        url, join, qr = _links(client)
        code = url.rsplit("/", 1)[1]
        assert url == f"http://127.0.0.1:8000/r/{code}"
        assert join == {"url": url, "reachable": False, "hint": LOOPBACK_HINT}
        assert qr == _svg(url, code)
        assert client.get("/api/rooms/XXXXX/join").json()["code"] == "unknown_room"
        assert create_room(client)  # rooms still work, of course


# ---- tischrunde serve --host 0.0.0.0 ----------------------------------------------------------------


def _read_until(proc: subprocess.Popen[bytes], pattern: re.Pattern[str], seconds: float) -> str:
    """stdout of ``proc`` until ``pattern`` appears (a deadline, no fixed wait)."""
    assert proc.stdout is not None
    text = ""
    deadline = time.monotonic() + seconds
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        while not pattern.search(text):
            left = deadline - time.monotonic()
            assert left > 0, f"no match for {pattern.pattern!r} in: {text!r}"
            if selector.select(left):
                chunk = os.read(proc.stdout.fileno(), 65536)
                assert chunk, f"the server exited: {text!r}"
                text += chunk.decode("utf-8", "replace")
    return text


@pytest.mark.skipif(publicurl.lan_ipv4() is None, reason="this machine has no network address")
def test_serve_on_all_interfaces_prints_a_lan_url_and_its_qr_code(tmp_path: Path) -> None:
    port = free_port()
    args = [sys.executable, "-m", "tischrunde.cli", "serve", "--host", "0.0.0.0", "--port", str(port)]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen(
        [*args, "--data", str(tmp_path / "data")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env
    )
    try:
        text = _read_until(proc, re.compile(r"open (http://\S+) .*\n(.*\n){8}"), 20)
        found = re.search(r"open (http://\S+)", text)
        assert found is not None
        url = found.group(1)
        host = url.split("//", 1)[1].rsplit(":", 1)[0]
        assert not is_local_host(host), url
        assert url == f"http://{publicurl.lan_ipv4()}:{port}/"
        assert "█" in text or "▀" in text  # the QR code, drawn with block characters
        # the server is up (asked on loopback only: no test traffic to the LAN address)
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1) as response:
                    assert response.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "the server did not come up"
                time.sleep(0.05)
    finally:
        stop(proc)
        if proc.stdout is not None:
            proc.stdout.close()


def test_serve_on_loopback_says_phones_cannot_join(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tischrunde.cli", "serve", "--port", str(port), "--data", str(tmp_path / "d")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        text = _read_until(proc, re.compile(r"Phones cannot reach"), 20)
        assert f"http://127.0.0.1:{port}/" in text and "--host 0.0.0.0" in text
    finally:
        stop(proc)
        if proc.stdout is not None:
            proc.stdout.close()


def test_serve_refuses_a_public_url_without_scheme() -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--public-url", "games.example.org"])
    assert result.exit_code == 2 and "http://" in result.output
