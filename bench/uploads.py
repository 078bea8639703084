"""Memory of the server while it takes pictures: decompression bombs and many uploads at once.

    .venv/bin/python bench/uploads.py [--json]

The script starts one ``tischrunde serve`` process (loopback, a free port, a temporary data folder), makes
Stella rooms over HTTP, takes each room's host seat over a WebSocket, and uploads:

- ``tall``: a 1 x 49,999,999 PNG (8-bit grey, about 97 KB),
- ``square``: a 7000 x 7000 RGBA PNG (about 190 KB),
- ``big_ok``: a 6000 x 4000 RGBA PNG (24 MP, within every cap: decoded),
- ``sixty``: 60 uploads at once (three each to 20 rooms) of a 7-8 MB JPEG of noise,
- ``fair``: 20 uploads at once of a slow 24 MP PNG to one room, and 0.3 s later a 64 x 64 JPEG to another
  room: ``small_wait_s`` is how long that one took.

For each case it samples, every 10 ms, the resident memory (VmRSS) of the server process and of its
children (the picture workers, when the server has them), and reports the server's RSS before, its peak
during the case, and after (once the answers are in), the workers' peak, and the answers by status.
Run it with ``PYTHONPATH`` naming the source to measure (an older checkout for the figures before).
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import os
import random
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import warnings
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image
from websockets.sync.client import ClientConnection, connect

HOST = "127.0.0.1"
warnings.filterwarnings("ignore", r"connect\(\) must be used as a context manager", DeprecationWarning)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_of_rows(width: int, height: int, colour: int, channels: int) -> bytes:
    """A real PNG of ``height`` equal rows (every pixel 0), compressed as tight as zlib goes."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    row = b"\x00" * (1 + width * channels)
    packer = zlib.compressobj(9)
    parts: list[bytes] = []
    block = row * max(1, 1_000_000 // len(row))
    rows_per_block = len(block) // len(row)
    left = height
    while left:
        take = min(left, rows_per_block)
        parts.append(packer.compress(block if take == rows_per_block else row * take))
        left -= take
    parts.append(packer.flush())
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b"")
    )


def noise_jpeg(target: int) -> bytes:
    rnd = random.Random(7)
    width, height = 2600, 2000
    image = Image.frombytes("RGB", (width, height), rnd.randbytes(width * height * 3))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=97)
    data = out.getvalue()
    return data[:target] if len(data) > target else data


def slow_png() -> bytes:
    """A 24 MP PNG of coarse noise (about 1.4 MB) that takes the decoder a while."""
    rnd = random.Random(1)
    tile = Image.frombytes("RGB", (600, 400), rnd.randbytes(600 * 400 * 3))
    out = io.BytesIO()
    tile.resize((6000, 4000), Image.Resampling.NEAREST).save(out, "PNG", compress_level=1)
    return out.getvalue()


def small_jpeg() -> bytes:
    out = io.BytesIO()
    Image.linear_gradient("L").resize((64, 64)).convert("RGB").save(out, "JPEG")
    return out.getvalue()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def status_kb(pid: int, field: str) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    """The process's children (of any of its threads: the workers are started from one)."""
    found: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found.extend(int(p) for p in f.read().split())
    except OSError:
        pass
    return found


class Sampler:
    """The server's and its children's RSS every 10 ms, in a thread."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.server_peak = 0
        self.worker_peak = 0
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while self.running:
            self.server_peak = max(self.server_peak, status_kb(self.pid, "VmRSS"))
            for child in children(self.pid):
                self.worker_peak = max(self.worker_peak, status_kb(child, "VmRSS"))
            time.sleep(0.01)

    def stop(self) -> None:
        self.running = False
        self.thread.join()


def request(port: int, method: str, path: str, body: bytes | None = None, token: str = "") -> tuple[int, Any]:
    conn = http.client.HTTPConnection(HOST, port, timeout=120)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if body is not None and method == "POST" and path == "/api/rooms":
        headers["content-type"] = "application/json"
    try:
        conn.request(method, path, body=body, headers=headers)
        answer = conn.getresponse()
        data = answer.read()
        return answer.status, json.loads(data) if data.startswith(b"{") else data
    except (ConnectionError, OSError) as exc:
        return 0, str(exc)
    finally:
        conn.close()


def stella_room(port: int) -> tuple[str, str, ClientConnection]:
    status, body = request(port, "POST", "/api/rooms", json.dumps({"game": "stella"}).encode())
    assert status == 201, body
    code = body["code"]
    ws = connect(f"ws://{HOST}:{port}/ws")  # kept open for the whole run (the host's seat), closed at its end
    ws.send(json.dumps({"type": "hello", "room": code, "name": "Host"}))
    while True:
        frame = json.loads(ws.recv(10))
        if frame["type"] == "welcome":
            return code, frame["token"], ws


def case(pid: int, uploads: Callable[[], list[int]]) -> dict[str, Any]:
    time.sleep(0.5)  # let the last case's memory settle before "before"
    before = status_kb(pid, "VmRSS")
    sampler = Sampler(pid)
    started = time.monotonic()
    statuses = uploads()
    seconds = time.monotonic() - started
    sampler.stop()
    time.sleep(0.5)
    after = status_kb(pid, "VmRSS")
    return {
        "server_rss_before_mb": round(before / 1024),
        "server_rss_peak_mb": round(sampler.server_peak / 1024),
        "server_rss_after_mb": round(after / 1024),
        "worker_rss_peak_mb": round(sampler.worker_peak / 1024),
        "seconds": round(seconds, 2),
        "answers": dict(Counter(statuses)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    tall = png_of_rows(1, 49_999_999, 0, 1)
    square = png_of_rows(7000, 7000, 6, 4)
    big_ok = png_of_rows(6000, 4000, 6, 4)
    noise = noise_jpeg(8 * 1024 * 1024 - 1)
    port = free_port()
    data = Path(tempfile.mkdtemp(prefix="bench-uploads-"))
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tischrunde.cli",
            "serve",
            "--host",
            HOST,
            "--port",
            str(port),
            "--data",
            str(data),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    sockets: list[ClientConnection] = []
    try:
        deadline = time.monotonic() + 30
        while request(port, "GET", "/api/games")[0] != 200:
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not come up")
            time.sleep(0.05)
        rooms = []
        for _ in range(21):
            code, token, ws = stella_room(port)
            rooms.append((code, token))
            sockets.append(ws)
        code, token = rooms[0]

        def one(body: bytes) -> Callable[[], list[int]]:
            return lambda: [request(port, "POST", f"/api/rooms/{code}/pictures", body, token)[0]]

        def sixty() -> list[int]:
            statuses: list[int] = []
            threads = [
                threading.Thread(
                    target=lambda c=c, t=t: statuses.append(
                        request(port, "POST", f"/api/rooms/{c}/pictures", noise, t)[0]
                    )
                )
                for c, t in rooms[1:]
                for _ in range(3)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            return statuses

        slow = slow_png()
        fair_code, fair_token = rooms[1]
        small_code, small_token = rooms[2]
        small = small_jpeg()

        def fair() -> list[int]:
            """20 slow uploads at once to one room; another room's small one 0.3 s later: its wait."""
            statuses: list[int] = []
            threads = [
                threading.Thread(
                    target=lambda: statuses.append(
                        request(port, "POST", f"/api/rooms/{fair_code}/pictures", slow, fair_token)[0]
                    )
                )
                for _ in range(20)
            ]
            for thread in threads:
                thread.start()
            time.sleep(0.3)
            started = time.monotonic()
            statuses.append(request(port, "POST", f"/api/rooms/{small_code}/pictures", small, small_token)[0])
            waits.append(time.monotonic() - started)
            for thread in threads:
                thread.join()
            return statuses

        waits: list[float] = []
        results = {
            "sizes_kb": {
                "tall": len(tall) // 1024,
                "square": len(square) // 1024,
                "big_ok": len(big_ok) // 1024,
                "noise": len(noise) // 1024,
            },
            "tall": case(server.pid, one(tall)),
            "square": case(server.pid, one(square)),
            "big_ok": case(server.pid, one(big_ok)),
            "sixty": case(server.pid, sixty),
            "fair": case(server.pid, fair),
            "server_rss_end_mb": round(status_kb(server.pid, "VmRSS") / 1024),
            "server_hwm_mb": round(status_kb(server.pid, "VmHWM") / 1024),
        }
        results["fair"]["small_wait_s"] = round(waits[0], 2)
    finally:
        for ws in sockets:
            ws.close()
        server.terminate()
        server.wait(10)
    if args.json:
        print(json.dumps(results))
    else:
        for name, value in results.items():
            print(f"{name}: {value}")


if __name__ == "__main__":
    main()
