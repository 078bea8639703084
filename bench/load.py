"""Server load generator: N rooms of M bot clients over real WebSockets against one server process.

    .venv/bin/python bench/load.py --rooms 200 --clients 5 --seconds 30

The script starts the server itself (``uvicorn`` on 127.0.0.1, a fresh data folder in a temporary
directory, the real app and SQLite store), creates the rooms over HTTP, connects every client, starts
the games and lets the clients play: each client runs a bot of the game (``--bot``, default the game's
default bot) on the view and legal actions it receives, and sends the bot's action after the bot's
reaction time, exactly as a person's browser would. Latency is measured per action, from the moment the client sends it
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
from collections.abc import Callable
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
    dump = instrument_server(Path(data) / "server-latency.json")
    app = create_app(Path(data), store=store, room_limit=1_000_000, join_limit=1_000_000)
    manager = app.state.manager
    stop = manager.stop

    profiler = None
    if os.environ.get("TISCHRUNDE_PROFILE"):
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()

    async def stop_and_dump() -> None:
        dump()
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(os.environ["TISCHRUNDE_PROFILE"])
        await stop()

    manager.stop = stop_and_dump
    uvicorn.run(
        app,
        host=HOST,
        port=port,
        ws_max_size=4 * MAX_FRAME_BYTES,
        # compressing every view for every connection costs more CPU than the bytes it saves on a LAN
        ws_per_message_deflate=False,
        log_level="warning",
        access_log=False,
        backlog=8192,
        ws_ping_interval=None,
    )


def instrument_server(path: Path) -> Callable[[], None]:
    """Time ``Room.act`` inside the server: frame decoded -> validated -> committed -> every view queued."""
    from tischrunde.server.rooms import Room

    samples: list[float] = []
    original = Room.act

    async def timed(self: Room, seat: int | None, action: Any, version: int | None) -> None:
        started = time.perf_counter()
        await original(self, seat, action, version)
        samples.append(time.perf_counter() - started)

    Room.act = timed  # type: ignore[method-assign]

    def dump() -> None:
        path.write_text(json.dumps(samples[-200_000:]))

    return dump


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

    def __init__(self, code: str, game: str, size: int, stats: Stats) -> None:
        self.code = code
        self.game = game
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
    room: RoomRun, index: int, port: int, bot_kind: str, seed: int, ready: asyncio.Event
) -> None:
    """One player: joins, and plays through a bot that sees only what this client receives."""
    import msgspec
    from websockets.asyncio.client import connect

    from tischrunde.bots import Bot, make_bot
    from tischrunde.core import registry
    from tischrunde.core.game import encode_action

    decode = msgspec.json.Decoder(dict[str, Any]).decode
    stats = room.stats
    game = registry.get(room.game)
    async with connect(f"ws://{HOST}:{port}/ws", max_size=2**22, ping_interval=None, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "room": room.code, "name": f"Bot{index}"}))
        seat: int | None = None
        bot: Bot | None = None
        plan: asyncio.Task[None] | None = None
        mine: list[tuple[int, float]] = []

        async def act_later(version: int, action: dict[str, Any], delay_ms: int) -> None:
            await asyncio.sleep(delay_ms / 1000)
            stamp = room.sent.setdefault(version + 1, time.perf_counter())
            mine.append((version + 1, stamp))
            await ws.send(json.dumps({"type": "act", "version": version, "action": action}))

        while not stats.stop:
            try:
                data = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.perf_counter()
            stats.frames += 1
            frame = decode(data)
            kind = frame["type"]
            if kind == "welcome":
                seat = frame["seat"]
                assert seat is not None
                bot = make_bot(room.game, bot_kind, seat, seed)
                ready.set()
            elif kind == "room":
                info = frame["room"]
                if seat == 0 and info["status"] == "lobby" and len(info["seats"]) == room.size:
                    await ws.send(json.dumps({"type": "host", "op": "start"}))
            elif kind == "state":
                room.delivered(frame["version"], now)
                while mine and mine[0][0] <= frame["version"]:
                    mine.pop(0)
                if plan is not None:
                    plan.cancel()
                    plan = None
                if frame["outcome"] is not None:
                    if seat == 0 and not room.restarting:
                        room.restarting = True
                        stats.games_over += 1
                        await ws.send(json.dumps({"type": "host", "op": "restart"}))
                    continue
                if frame["version"] == 0:
                    room.restarting = False
                if frame["legal"] and bot is not None:
                    legal = [game.decode_action(a) for a in frame["legal"]]
                    decision = bot.decide(frame["view"], legal, frame["now_ms"])
                    if decision is not None:
                        plan = asyncio.create_task(
                            act_later(
                                frame["version"], encode_action(decision.action), max(0, decision.delay_ms)
                            )
                        )
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

    async def create(http: httpx.AsyncClient) -> str:
        for attempt in range(5):
            try:
                response = await http.post("/api/rooms", json={"game": args.game, "options": options})
                response.raise_for_status()
                code: str = response.json()["code"]
                return code
            except httpx.TransportError:
                await asyncio.sleep(0.2 * (attempt + 1))
        raise SystemExit("could not create a room")

    limits = httpx.Limits(max_connections=20, keepalive_expiry=1.0)
    async with httpx.AsyncClient(base_url=f"http://{HOST}:{port}", timeout=60, limits=limits) as http:
        codes = []
        for start in range(0, args.rooms, 50):
            codes += await asyncio.gather(*(create(http) for _ in range(min(50, args.rooms - start))))
    loop = asyncio.get_running_loop()
    setup_started = loop.time()
    rooms = [RoomRun(code, args.game, args.clients, stats) for code in codes]
    tasks: list[asyncio.Task[None]] = []

    async def fill(room: RoomRun) -> None:
        ready = [asyncio.Event() for _ in range(args.clients)]
        for index in range(args.clients):
            task = asyncio.create_task(
                client(room, index, port, args.bot, rng.randrange(2**31), ready[index])
            )
            tasks.append(task)
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 300)

    for start in range(0, len(rooms), 100):
        await asyncio.gather(*(fill(room) for room in rooms[start : start + 100]))
        if start % 200 == 100:
            print(f"  {start + 100} rooms connected", file=sys.stderr)
    connected_s = loop.time() - setup_started
    await asyncio.sleep(args.warmup)
    stats.recording = True
    frames_before = stats.frames
    cpu_before = cpu_seconds(args.server_pid)
    own_before = cpu_seconds(os.getpid())
    wait_before = waiting_seconds(args.server_pid), waiting_seconds(os.getpid())
    load_before = os.getloadavg()[0]
    measured_from = loop.time()
    await asyncio.sleep(args.seconds)
    measured = loop.time() - measured_from
    stats.recording = False
    stats.stop = True
    cpu_after = cpu_seconds(args.server_pid)
    own_after = cpu_seconds(os.getpid())
    wait_after = waiting_seconds(args.server_pid), waiting_seconds(os.getpid())
    load = round((load_before + os.getloadavg()[0]) / 2, 1)
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
        "bot": args.bot,
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
        "bench_cpu_pct": round(100 * (own_after - own_before) / measured, 1) if measured else 0,
        # share of the measured time the event loops were ready to run but got no CPU (a busy machine)
        "server_cpu_wait_pct": round(100 * (wait_after[0] - wait_before[0]) / measured, 1) if measured else 0,
        "bench_cpu_wait_pct": round(100 * (wait_after[1] - wait_before[1]) / measured, 1) if measured else 0,
        "load_average": load,
        "cpus": os.cpu_count(),
    }


def waiting_seconds(pid: int) -> float:
    """Time the process's main thread (the event loop) spent runnable but waiting for a CPU."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


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
    parser.add_argument(
        "--bot", default="", help="bot kind the clients play with (default: the game's default)"
    )
    parser.add_argument("--game", default="mogelmotte")
    parser.add_argument(
        "--options",
        default='{"rounds": 20}',
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
    if not args.bot:
        from tischrunde.server.rooms import default_bot

        args.bot = default_bot(args.game)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # so the server is stopped too
    port = free_port()
    result: dict[str, Any] | None = None
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
            samples_path = Path(data) / "server-latency.json"
            if samples_path.exists() and result is not None:
                inside = sorted(json.loads(samples_path.read_text()))
                if inside:
                    for name, p in (("p50", 0.5), ("p99", 0.99)):
                        value = inside[min(len(inside) - 1, int(p * len(inside)))]
                        result[f"server_act_{name}_ms"] = round(1000 * value, 2)
    assert result is not None
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>18}: {value}")


if __name__ == "__main__":
    main()
