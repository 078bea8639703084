"""Frames over uvicorn's size limit (``ws_max_size``, 4 x MAX_FRAME_BYTES) against a real server: a
close 1009 that names the limit, then an orderly end of the connection, never a TCP reset (which can
overtake the close frame, so a browser would only see a broken connection)."""

from __future__ import annotations

import struct
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from procs import free_port, start_server, stop
from rawws import RawWebSocket

from tischrunde.server.protocol import MAX_FRAME_BYTES


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    data = tmp_path_factory.mktemp("frames") / "data"
    port = free_port()
    proc = start_server(data, port)
    try:
        yield port, data.parent / f"server-{port}.log"
    finally:
        stop(proc)


def ends_cleanly(ws: RawWebSocket, timeout: float = 5.0) -> bool:
    """Whether the server ends the connection with a FIN (recv says b"") rather than a reset."""
    ws.sock.settimeout(timeout)
    try:
        while ws.sock.recv(65536):
            pass
    except ConnectionResetError:
        return False
    return True


@pytest.mark.parametrize("size", [70_000, 1_000_000])
def test_an_oversized_frame_gets_a_close_1009_naming_the_limit_and_no_reset(
    real: tuple[int, Path], size: int
) -> None:
    port, log = real
    for _ in range(3):
        with RawWebSocket(port) as ws:
            assert ws.status == 101
            ws.send_json({"type": "hello", "room": "XXXXX", "name": "A" * size})
            opcode, payload = ws.recv_frame()
            assert opcode == 8
            code = struct.unpack("!H", payload[:2])[0]
            assert code == 1009
            assert payload[2:].decode() == f"frames are limited to {MAX_FRAME_BYTES} bytes"
            ws.send_frame(struct.pack("!H", 1009), opcode=8)  # the client's closing handshake
            assert ends_cleanly(ws), "the server reset the connection instead of closing it"
    # the server serves on, and said it in one short line without a traceback
    with RawWebSocket(port) as ws:
        ws.send_json({"type": "ping"})
        assert ws.recv_json()["type"] == "pong"
    end = time.monotonic() + 5
    while "too_large" not in log.read_text() and time.monotonic() < end:
        time.sleep(0.05)
    text = log.read_text()
    assert "too_large: closed a WebSocket (1009)" in text and "Traceback" not in text
