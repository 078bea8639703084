"""Server load generator: N rooms of M bot clients over real WebSockets against one server process.

    .venv/bin/python bench/load.py --rooms 200 --clients 5 --seconds 30

The script starts the server itself (``uvicorn`` on 127.0.0.1, a fresh data folder in a temporary
directory, the real app and SQLite store), creates the rooms over HTTP, connects every client, starts
the games and lets the clients play: a client whose seat may act picks a random legal action after a
random think time (``--think-ms``). Latency is measured per action, from the moment the client sends it
to the moment the *last* client of the room has received the view of the resulting version. Games that
end are restarted by their host. Only loopback; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"


def serve(port: int, data: str, store_kind: str) -> None:
    """The server process: the real app, with the per-client room-creation limit lifted for the bench."""
    import uvicorn

    from tischrunde.server.app import create_app
    from tischrunde.server.protocol import MAX_FRAME_BYTES
    from tischrunde.server.store import MemoryStore

    store = MemoryStore() if store_kind == "memory" else None
    app = create_app(Path(data), store=store, room_limit=1_000_000, join_limit=1_000_000)
    uvicorn.run(
        app,
        host=HOST,
        port=port,
        ws_max_size=4 * MAX_FRAME_BYTES,
        log_level="warning",
        access_log=False,
        backlog=8192,
        ws_ping_interval=None,
    )


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.refused = 0
        self.frames = 0
        self.games_over = 0
        self.recording = False
        self.stop = False


class RoomRun:
    """One room: its clients and the actions in flight (version -> send time)."""

    def __init__(self, code: str, size: int, stats: Stats) -> None:
        self.code = code
        self.size = size
        self.stats = stats
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.restarting = False

    def delivered(self, version: int, now: float) -> None:
        if version not in self.sent:
            return
        count = self.seen.get(version, 0) + 1
        if count < self.size:
            self.seen[version] = count
            return
        started = self.sent.pop(version)
        self.seen.pop(version, None)
        if self.stats.recording:
            self.stats.latencies.append(now - started)
            self.stats.actions += 1


async def client(
    room: RoomRun, index: int, port: int, think_ms: int, rng: random.Random, ready: asyncio.Event
) -> None:
    from websockets.asyncio.client import connect

    stats = room.stats
    async with connect(f"ws://{HOST}:{port}/ws", max_size=2**22, ping_interval=None, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "room": room.code, "name": f"Bot{index}"}))
        seat: int | None = None
        latest: dict[str, Any] | None = None
        plan: asyncio.Task[None] | None = None
        mine: list[tuple[int, float]] = []

        async def act_later() -> None:
            await asyncio.sleep(rng.uniform(0, think_ms) / 1000)
            frame = latest
            if frame is None or not frame["legal"] or frame["outcome"] is not None:
                return
            version = frame["version"]
            stamp = room.sent.setdefault(version + 1, time.perf_counter())
            mine.append((version + 1, stamp))
            await ws.send(
                json.dumps({"type": "act", "version": version, "action": rng.choice(frame["legal"])})
            )

        while not stats.stop:
            try:
                data = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.perf_counter()
            stats.frames += 1
            frame = json.loads(data)
            kind = frame["type"]
            if kind == "welcome":
                seat = frame["seat"]
                ready.set()
            elif kind == "room":
                info = frame["room"]
                if seat == 0 and info["status"] == "lobby" and len(info["seats"]) == room.size:
                    await ws.send(json.dumps({"type": "host", "op": "start"}))
            elif kind == "state":
                room.delivered(frame["version"], now)
                while mine and mine[0][0] <= frame["version"]:
                    mine.pop(0)
                latest = frame
                if frame["outcome"] is not None:
                    if seat == 0 and not room.restarting:
                        room.restarting = True
                        stats.games_over += 1
                        await ws.send(json.dumps({"type": "host", "op": "restart"}))
                    continue
                if frame["version"] == 0:
                    room.restarting = False
                if frame["legal"] and (plan is None or plan.done()):
                    plan = asyncio.create_task(act_later())
            elif kind == "error":
                stats.refused += 1
                if mine:
                    version, stamp = mine.pop(0)
                    if room.sent.get(version) == stamp:
                        # refused (stale or no longer legal): this send did not cause that version
                        del room.sent[version]
        if plan is not None:
            plan.cancel()


async def run_load(args: argparse.Namespace, port: int) -> dict[str, Any]:
    import httpx

    stats = Stats()
    rng = random.Random(args.seed)
    options = json.loads(args.options)
    async with httpx.AsyncClient(base_url=f"http://{HOST}:{port}", timeout=60) as http:
        codes = []
        for start in range(0, args.rooms, 50):
            batch = [
                http.post("/api/rooms", json={"game": args.game, "options": options})
                for _ in range(min(50, args.rooms - start))
            ]
            for response in await asyncio.gather(*batch):
                response.raise_for_status()
                codes.append(response.json()["code"])
    loop = asyncio.get_running_loop()
    setup_started = loop.time()
    rooms = [RoomRun(code, args.clients, stats) for code in codes]
    tasks: list[asyncio.Task[None]] = []

    async def fill(room: RoomRun) -> None:
        for index in range(args.clients):
            ready = asyncio.Event()
            task = asyncio.create_task(
                client(room, index, port, args.think_ms, random.Random(rng.random()), ready)
            )
            tasks.append(task)
            await asyncio.wait_for(ready.wait(), 120)  # seats in order: the first client is the host

    for start in range(0, len(rooms), 25):
        await asyncio.gather(*(fill(room) for room in rooms[start : start + 25]))
        if start % 200 == 175:
            print(f"  {start + 25} rooms connected", file=sys.stderr)
    connected_s = loop.time() - setup_started
    await asyncio.sleep(args.warmup)
    stats.recording = True
    frames_before = stats.frames
    cpu_before = cpu_seconds(args.server_pid)
    measured_from = loop.time()
    await asyncio.sleep(args.seconds)
    measured = loop.time() - measured_from
    stats.recording = False
    stats.stop = True
    cpu_after = cpu_seconds(args.server_pid)
    frames = stats.frames - frames_before
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else float("nan")

    return {
        "rooms": len(rooms),
        "clients_per_room": args.clients,
        "connections": len(rooms) * args.clients,
        "game": args.game,
        "think_ms": args.think_ms,
        "store": args.store,
        "connect_s": round(connected_s, 1),
        "measured_s": round(measured, 1),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / measured, 1) if measured else 0,
        "frames_per_s": round(frames / measured, 1) if measured else 0,
        "p50_ms": pct(0.50),
        "p90_ms": pct(0.90),
        "p99_ms": pct(0.99),
        "max_ms": round(1000 * lat[-1], 2) if lat else float("nan"),
        "mean_ms": round(1000 * statistics.fmean(lat), 2) if lat else float("nan"),
        "refused": stats.refused,
        "games_over": stats.games_over,
        "server_cpu_pct": round(100 * (cpu_after - cpu_before) / measured, 1) if measured else 0,
    }


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--clients", type=int, default=5, help="clients (seats) per room")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--think-ms", type=int, default=2000, help="a client waits 0..think_ms before acting")
    parser.add_argument("--game", default="mogelmotte")
    parser.add_argument(
        "--options",
        default='{"cheat_ms": 2000, "rounds": 20}',
        help="room options as JSON",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--store", choices=["sqlite", "memory"], default="sqlite", help="memory: no fsync (for comparison)"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    parser.add_argument("--server-pid", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.data, args.store)
        return
    if not 1 <= args.rooms <= 2000 or not 1 <= args.clients <= 8 or not 0 < args.seconds <= 600:
        parser.error("--rooms 1..2000, --clients 1..8, --seconds up to 600")
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(port), "--data", data, "--store", args.store],
            stdout=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(f"http://{HOST}:{port}/api/games", timeout=1):
                        break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            args.server_pid = server.pid
            result = asyncio.run(run_load(args, port))
        finally:
            if server.poll() is None:
                os.kill(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(server.pid, signal.SIGKILL)
                server.wait()
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>18}: {value}")


if __name__ == "__main__":
    main()
