"""A raw HTTP/WebSocket client on a plain socket, for sending what no well-behaved client library
would (frames that are not UTF-8, bodies that stop half way, headers that trickle in)."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import time
from typing import Any


def connect(port: int, timeout: float = 10.0) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of one HTTP response (Content-Length bodies)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before the response ended: {data[:200]!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, body[:length]


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (whatever it sends before)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        sock.settimeout(max(0.01, end - time.monotonic()))
        try:
            if not sock.recv(65536):
                return True
        except TimeoutError:
            return False
        except OSError:
            return True
    return False


class RawWebSocket:
    """A client WebSocket (RFC 6455) that sends frames exactly as given."""

    def __init__(self, port: int, headers: dict[str, str] | None = None) -> None:
        self.sock = connect(port)
        try:
            self._handshake(port, headers)
        except BaseException:
            self.sock.close()
            raise

    def _handshake(self, port: int, headers: dict[str, str] | None) -> None:
        key = base64.b64encode(os.urandom(16)).decode()
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        if "host" not in {k.lower() for k in (headers or {})}:
            extra += f"Host: 127.0.0.1:{port}\r\n"
        self.sock.sendall(
            (
                "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n"
            ).encode()
        )
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            data += chunk
        head, _, self.buffer = data.partition(b"\r\n\r\n")
        self.status = int(head.split()[1])

    def send_frame(self, payload: bytes, opcode: int = 1) -> None:
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send_json(self, frame: dict[str, Any]) -> None:
        self.send_frame(json.dumps(frame).encode())

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def recv_frame(self, timeout: float = 10.0) -> tuple[int, bytes]:
        """The next frame from the server: (opcode, payload); opcode 8 is a close."""
        self.sock.settimeout(timeout)
        first, second = self._read(2)
        n = second & 0x7F
        if n == 126:
            (n,) = struct.unpack("!H", self._read(2))
        elif n == 127:
            (n,) = struct.unpack("!Q", self._read(8))
        return first & 0x0F, self._read(n)

    def recv_json(self, timeout: float = 10.0) -> dict[str, Any]:
        opcode, payload = self.recv_frame(timeout)
        if opcode == 8:
            code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
            raise ConnectionError(f"closed by the server with {code}")
        frame = json.loads(payload)
        assert isinstance(frame, dict)
        return frame

    def close_code(self, timeout: float = 10.0) -> int | None:
        """Read frames until the server's close; its code."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            opcode, payload = self.recv_frame(max(0.01, end - time.monotonic()))
            if opcode == 8:
                return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
        raise AssertionError("no close frame in time")

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> RawWebSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
