"""Connection churn: WebSocket clients connect, say hello, and close, again and again, against a real
``tischrunde serve`` on 127.0.0.1. Reports the server's RSS (start after a warm-up, end, max) and its
garbage collector's pauses (``gcpolicy`` writes them to the file named by ``TISCHRUNDE_GC_STATS``).

    .venv/bin/python bench/churn.py --seconds 60 --concurrency 16 --processes 2

Each client opens a TCP connection, upgrades it, sends a spectator's hello to one of ``--rooms`` rooms,
waits for its welcome and room frames, and closes: every second one with a close frame, the others by
dropping the socket. Only loopback; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def cpu_s(pid: int) -> float:
    """User and system CPU seconds the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(port: int, data: Path, stats: Path, src: str | None) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TISCHRUNDE_GC_STATS": str(stats)}
    if src is not None:
        env["PYTHONPATH"] = src
    args = [sys.executable, "-m", "tischrunde.cli", "serve", "--port", str(port), "--data", str(data)]
    log = open(data.parent / "server.log", "ab")  # noqa: SIM115 (kept open for the child's lifetime)
    proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}, see {data.parent / 'server.log'}")
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/api/games", timeout=1) as response:
                if response.status == 200:
                    return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not come up")


def create_room(port: int, game: str) -> str:
    request = urllib.request.Request(
        f"http://{HOST}:{port}/api/rooms",
        data=json.dumps({"game": game}).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        code = json.loads(response.read())["code"]
        assert isinstance(code, str)
        return code


def masked_frame(opcode: int, payload: bytes) -> bytes:
    mask = os.urandom(4)
    size = len(payload)
    header = (
        bytes((0x80 | opcode, 0x80 | size))
        if size < 126
        else bytes((0x80 | opcode, 0xFE)) + size.to_bytes(2, "big")
    )
    keys = (mask * (size // 4 + 1))[:size]
    return header + mask + bytes(a ^ b for a, b in zip(payload, keys, strict=True))


async def read_frame(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    head = await reader.readexactly(2)
    size = head[1] & 0x7F
    if size == 126:
        size = int.from_bytes(await reader.readexactly(2), "big")
    elif size == 127:
        size = int.from_bytes(await reader.readexactly(8), "big")
    return head[0] & 0x0F, await reader.readexactly(size)


async def one_connection(port: int, room: str, clean: bool) -> None:
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        key = base64.b64encode(os.urandom(16))
        writer.write(
            b"GET /ws HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (HOST.encode(), port, key)
        )
        status = await reader.readuntil(b"\r\n\r\n")
        if not status.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(status.split(b"\r\n", 1)[0].decode(errors="replace"))
        hello = {"type": "hello", "v": 1, "room": room, "role": "spectator"}
        writer.write(masked_frame(0x1, json.dumps(hello).encode()))
        seen: set[str] = set()
        while not {"welcome", "room"} <= seen:
            opcode, payload = await read_frame(reader)
            if opcode == 0x8:
                raise ConnectionError(f"closed by the server: {payload!r}")
            if opcode == 0x1:
                frame = json.loads(payload)
                if frame["type"] == "error":
                    raise ConnectionError(f"refused: {frame}")
                seen.add(frame["type"])
        if clean:
            writer.write(masked_frame(0x8, (1000).to_bytes(2, "big")))
            with_deadline = asyncio.wait_for(reader.read(), 5)
            await with_deadline
    finally:
        writer.close()


async def churn(port: int, rooms: list[str], seconds: float, concurrency: int, limit: int) -> dict[str, int]:
    counts = {"connections": 0, "failed": 0}
    end = time.monotonic() + seconds
    errors: list[str] = []

    async def worker(index: int) -> None:
        n = 0
        while time.monotonic() < end and counts["connections"] < limit:
            n += 1
            try:
                await asyncio.wait_for(one_connection(port, rooms[(index + n) % len(rooms)], n % 2 == 0), 10)
                counts["connections"] += 1
            except (TimeoutError, OSError, asyncio.IncompleteReadError) as exc:
                counts["failed"] += 1
                if len(errors) < 5:
                    errors.append(repr(exc))

    await asyncio.gather(*(worker(i) for i in range(concurrency)))
    for error in errors:
        print("connection failed:", error, file=sys.stderr)
    return counts


def _churn_process(job: tuple[int, list[str], float, int, int]) -> dict[str, int]:
    """One client process (the clients, not the server, were the limit with one)."""
    return asyncio.run(churn(*job))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="measured churn time")
    parser.add_argument("--warmup", type=float, default=5.0, help="churn before RSS start is taken")
    parser.add_argument("--concurrency", type=int, default=16, help="connections open at once per process")
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument("--rooms", type=int, default=8, help="rooms the clients spectate")
    parser.add_argument("--game", default="mogelmotte")
    parser.add_argument("--max-connections", type=int, default=10**9, help="stop after this many")
    parser.add_argument("--src", default=None, help="PYTHONPATH for the server (e.g. another checkout's src)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="churn-") as tmp:
        folder = Path(tmp)
        stats = folder / "gc.json"
        port = free_port()
        proc = start_server(port, folder / "data", stats, args.src)
        try:
            rooms = [create_room(port, args.game) for _ in range(args.rooms)]
            asyncio.run(churn(port, rooms, args.warmup, args.concurrency, args.max_connections))
            time.sleep(1.5)  # one keep_gc tick: the warm-up's survivors frozen
            gc_before = json.loads(stats.read_text()) if stats.exists() else {}
            start_mb = rss_mb(proc.pid)
            cpu_start = cpu_s(proc.pid)
            samples = [start_mb]
            job = (port, rooms, args.seconds, args.concurrency, args.max_connections // args.processes)
            started = time.monotonic()
            with multiprocessing.get_context("fork").Pool(args.processes) as pool:
                running = pool.map_async(_churn_process, [job] * args.processes)
                while not running.ready():
                    samples.append(rss_mb(proc.pid))
                    running.wait(0.5)
                parts = running.get()
            counts = {key: sum(part[key] for part in parts) for key in ("connections", "failed")}
            counts["elapsed_ms"] = int((time.monotonic() - started) * 1000)
            cpu_end = cpu_s(proc.pid)
            time.sleep(1.5)  # the last tick's stats written
            end_mb = rss_mb(proc.pid)
            samples.append(end_mb)
            gc_after: dict[str, Any] = json.loads(stats.read_text()) if stats.exists() else {}
        finally:
            os.kill(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
    elapsed = counts["elapsed_ms"] / 1000
    result = {
        "connections": counts["connections"],
        "failed": counts["failed"],
        "seconds": round(elapsed, 1),
        "connections_per_s": round(counts["connections"] / elapsed, 1),
        "rss_start_mb": round(start_mb, 1),
        "rss_end_mb": round(end_mb, 1),
        "rss_max_mb": round(max(samples), 1),
        "rss_growth_mb": round(end_mb - start_mb, 1),
        "gc_pauses": gc_after.get("count", 0) - gc_before.get("count", 0),
        "gc_longest_pause_ms": round(1000 * gc_after.get("longest_s", 0.0), 2),
        "gc_longest_pause_cpu_ms": round(1000 * gc_after.get("longest_cpu_s", 0.0), 2),
        "server_cpu_pct": round(100 * (cpu_end - cpu_start) / elapsed),
        "gc_young_max": gc_after.get("young_max_seen"),
        "gc_ticks_collected": f"{gc_after.get('young_collected_ticks')} of {gc_after.get('ticks')}",
        "gc_frozen_objects_start": gc_before.get("frozen"),
        "gc_frozen_objects_end": gc_after.get("frozen"),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
