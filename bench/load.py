"""Server load generator: N rooms of M bot clients over real WebSockets against one server process.

    .venv/bin/python bench/load.py --rooms 1000 --clients 5 --seconds 20

The script starts the server itself (``uvicorn`` on 127.0.0.1, a fresh data folder in a temporary
directory, the real app and SQLite store, pinned to ``--server-cpus``), creates the rooms over HTTP,
and forks ``--workers`` generator processes (pinned to ``--client-cpus``) that connect every client,
start the games and let the clients play: each client runs a bot of the game (``--bot``, default the
game's default bot) on the view and legal actions it receives, and sends the bot's action after the
bot's reaction time (times ``--think-scale``), exactly as a person's browser would. Latency is measured
per action, from the moment the client sends it to the moment the *last* client of the room has
received the view of the resulting version. Games that end are restarted by their host. Only loopback;
every loop is bounded in count and time.

The clients speak WebSocket through a small ``asyncio.Protocol`` of their own rather than a client
library: a library's task per connection made the generator, not the server, the limit at a few
hundred rooms.

Two switches for the server, by environment: ``LOAD_WATCHDOG=1`` notes the server's main-thread stack
whenever its event loop misses a beat by 40 ms; ``LOAD_FULL_GC_AFTER=S`` runs the server's 15-minute
full garbage collection S seconds after the server started (70 puts it inside a default window), so its
pause shows in ``server_gc_long``.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
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
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, cast

import msgspec

from tischrunde.bots import Bot, make_bot
from tischrunde.core import registry
from tischrunde.core.game import Action, encode_action
from tischrunde.server.gcpolicy import tune_gc

HOST = "127.0.0.1"

#: the room options a game is played with unless ``--options`` says otherwise (Mogel-Motte: 20 rounds, so
#: that a game lasts minutes, as in every figure measured so far; the other games: their defaults)
GAME_OPTIONS: dict[str, dict[str, Any]] = {"mogelmotte": {"rounds": 20}}
#: games whose clients keep a planned action while it stays among their legal actions, as the server's
#: own bots do (``Room.plan``): their bots think for seconds, and rethinking on every version would
#: start a slow guesser's or word-finder's thought again whenever anyone else acts. Mogel-Motte's
#: clients rethink on every version, as they always have, so that its figures stay comparable.
KEEP_PLANS = frozenset({"emojito", "stella", "wordland"})

_encode = msgspec.json.Encoder().encode
_decode_view = msgspec.json.Decoder(dict[str, Any]).decode


def serve(port: int, data: str, store_kind: str, cpus: set[int]) -> None:
    """The server process: the real app, with the limits per client and of all clients lifted for the
    bench (its thousands of connections all come from one address)."""
    import uvicorn

    if cpus:
        os.sched_setaffinity(0, cpus)  # before any thread starts: the SQLite writer inherits it

    from tischrunde.server.app import create_app
    from tischrunde.server.gcpolicy import FREEZE_S
    from tischrunde.server.main import WS_OPTIONS
    from tischrunde.server.store import MemoryStore

    store = MemoryStore() if store_kind == "memory" else None
    dump = instrument_server(Path(data) / "server-latency.json")
    unlimited = 1_000_000
    app = create_app(
        Path(data),
        store=store,
        room_limit=unlimited,
        join_limit=unlimited,
        creation_cap=unlimited,
        lookup_cap=unlimited,
        max_per_client=unlimited,
        max_connections=unlimited,
        gc_freeze_s=FREEZE_S,
    )
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
    tune_gc()  # as ``tischrunde serve`` does
    uvicorn.run(
        app,
        host=HOST,
        port=port,
        **WS_OPTIONS,  # as ``tischrunde serve``
        log_level="warning",
        access_log=False,
        backlog=8192,
        ws_ping_interval=None,
    )


def instrument_server(path: Path) -> Callable[[], None]:
    """Time ``Room.act`` inside the server: frame decoded -> validated -> committed -> every view queued."""
    from tischrunde.server.manager import RoomManager
    from tischrunde.server.room import Room

    samples: list[tuple[float, float]] = []
    original = Room.act

    async def timed(self: Room, seat: int | None, action: Any, version: int | None) -> None:
        started = time.perf_counter()  # CLOCK_MONOTONIC: the same clock as the generator's
        await original(self, seat, action, version)
        samples.append((started, time.perf_counter() - started))

    Room.act = timed  # type: ignore[method-assign]
    pauses = watch_gc()

    # the server's event-loop lag: how late a 10 ms timer fires (a stalled loop delays every room)
    lags: list[tuple[float, float]] = []
    tasks: list[asyncio.Task[None]] = []
    start = RoomManager.start

    beat = [time.perf_counter()]
    stalls: list[tuple[float, str]] = []

    async def watch_loop() -> None:
        while True:
            planned = time.perf_counter() + 0.01
            await asyncio.sleep(0.01)
            beat[0] = time.perf_counter()
            lags.append((planned, beat[0] - planned))

    def watchdog(main: int) -> None:
        """When the event loop has not beaten for 40 ms, note where the main thread is (once per stall)."""
        import traceback

        noted = 0.0
        while True:
            time.sleep(0.005)
            last = beat[0]
            if time.perf_counter() - last > 0.04 and noted != last:
                noted = last
                frame = sys._current_frames().get(main)
                if frame is not None:
                    stalls.append((last, "".join(traceback.format_stack(frame, limit=12))))

    async def start_and_watch(self: RoomManager) -> None:
        await start(self)
        tasks.append(asyncio.create_task(watch_loop()))
        full_after = os.environ.get("LOAD_FULL_GC_AFTER")
        if full_after:
            # the pause of gcpolicy's periodic full collection, at a chosen moment (seconds after start)
            import gc

            def full() -> None:
                gc.unfreeze()
                gc.collect()
                gc.freeze()

            asyncio.get_running_loop().call_later(float(full_after), full)
        if os.environ.get("LOAD_WATCHDOG"):
            import threading

            main = threading.get_ident()
            threading.Thread(target=watchdog, args=(main,), daemon=True).start()

    RoomManager.start = start_and_watch  # type: ignore[method-assign]

    def dump() -> None:
        path.write_text(
            json.dumps({"act": samples[-200_000:], "gc": pauses, "lag": lags[-100_000:], "stalls": stalls})
        )

    return dump


def watch_gc() -> list[tuple[float, float, int, int]]:
    """Record every pause of the cyclic garbage collector in the returned list: (start, seconds,
    generation, objects collected)."""
    import gc

    pauses: list[tuple[float, float, int, int]] = []
    started = [0.0]

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pauses.append(
                (started[0], time.perf_counter() - started[0], info["generation"], info["collected"])
            )

    gc.callbacks.append(callback)
    return pauses


class Stats:
    """Counters of one worker process."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.refused = 0
        self.errors: dict[str, int] = {}  # refusals by error code (the whole run, not only the window)
        self.frames = 0
        self.frame_bytes = 0
        self.games_over = 0
        self.sent: dict[str, int] = {}  # actions sent, by type (the whole run)


class Frame(msgspec.Struct):
    """The parts of a server frame a load client reads; the view is decoded only when the seat must act."""

    type: str
    version: int = -1
    seat: int | None = None
    legal: msgspec.Raw = msgspec.Raw(b"[]")
    view: msgspec.Raw = msgspec.Raw(b"null")
    now_ms: int = 0
    outcome: Any = None
    room: msgspec.Raw = msgspec.Raw(b"null")


class ErrorFrame(msgspec.Struct):
    code: str = ""


_decode_frame = msgspec.json.Decoder(Frame).decode
_decode_error = msgspec.json.Decoder(ErrorFrame).decode
_decode_legal = msgspec.json.Decoder(list[dict[str, Any]]).decode
_NO_LEGAL = msgspec.Raw(b"[]")
_LEGAL_CACHE: dict[str, dict[bytes, list[Action]]] = {}
#: how many decoded legal lists a generator keeps per game: Mogel-Motte's lists repeat across rooms;
#: the other games' lists are mostly one state's own (Stella's sample of marks, Wordland's sample words)
_LEGAL_CACHE_SIZE = {"mogelmotte": 100_000}


class RoomRun:
    """One room: its clients and the actions in flight (resulting version -> send time)."""

    def __init__(self, code: str, game: str, size: int, stats: Stats, recording: Any) -> None:
        self.code = code
        self.game = game
        self.size = size
        self.stats = stats
        self.recording = recording
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.restarting = False
        # Emojito: what a performer acts reaches the guessers across the table, not through the server;
        # the room's model bots share one stage for it (see bots/emojito.py)
        self.stage: Any = None
        if game == "emojito":
            from tischrunde.bots.emojito import Stage

            self.stage = Stage()

    def delivered(self, version: int, now: float) -> None:
        if version not in self.sent:
            return
        count = self.seen.get(version, 0) + 1
        if count < self.size:
            self.seen[version] = count
            return
        started = self.sent.pop(version)
        self.seen.pop(version, None)
        if self.recording.value:
            self.stats.latencies.append(now - started)
            self.stats.actions += 1


class LoadClient(asyncio.Protocol):
    """One player over a minimal WebSocket client (RFC 6455, client side): joins and plays through a bot
    that sees only what this connection receives. Written on ``asyncio.Protocol`` callbacks, without a
    task per connection, so that one generator process can drive thousands of connections and still
    timestamp every frame as it arrives."""

    def __init__(
        self, room: RoomRun, index: int, port: int, bot_kind: str, seed: int, think_scale: float
    ) -> None:
        self.room = room
        self.think_scale = think_scale
        self.index = index
        self.port = port
        self.bot_kind = bot_kind
        self.seed = seed
        self.game = registry.get(room.game)
        self.loop = asyncio.get_running_loop()
        self.ready: asyncio.Future[None] = self.loop.create_future()
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.upgraded = False
        self.seat: int | None = None
        self.bot: Bot | None = None
        self.plan: asyncio.TimerHandle | None = None
        self.planned: Action | None = None  # the action self.plan will send
        self.version = -1  # the newest state version this client has seen
        self.keep_plans = room.game in KEEP_PLANS
        self.mine: list[tuple[int, float, bool]] = []
        self.rng = random.Random(seed)

    # ---- the WebSocket layer --------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports are not subclasses
        key = base64.b64encode(self.rng.randbytes(16))
        self.transport.write(
            b"GET /ws HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (HOST.encode(), self.port, key)
        )

    def connection_lost(self, exc: Exception | None) -> None:
        self.cancel_plan()
        if not self.ready.done():
            self.ready.set_exception(ConnectionError(f"connection lost before the welcome: {exc}"))

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        if not self.upgraded:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if not buffer.startswith(b"HTTP/1.1 101"):
                self.ready.set_exception(ConnectionError(bytes(buffer[:end]).decode(errors="replace")))
                return
            del buffer[: end + 4]
            self.upgraded = True
            self.send({"type": "hello", "room": self.room.code, "name": f"Load {self.index}"})
        now = time.perf_counter()
        while len(buffer) >= 2:
            length = buffer[1] & 0x7F
            start = 2
            if length == 126:
                if len(buffer) < 4:
                    return
                length, start = int.from_bytes(buffer[2:4], "big"), 4
            elif length == 127:
                if len(buffer) < 10:
                    return
                length, start = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < start + length:
                return
            opcode = buffer[0] & 0x0F
            payload = bytes(buffer[start : start + length])
            del buffer[: start + length]
            if opcode in (1, 2):
                self.frame(payload, now)
            elif opcode == 9:  # ping: answer with a pong carrying the same data
                self.write_frame(0xA, payload)
            elif opcode == 8 and self.transport is not None:
                self.transport.close()

    def write_frame(self, opcode: int, payload: bytes) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        size = len(payload)
        if size < 126:
            header = bytes((0x80 | opcode, 0x80 | size))
        else:
            header = bytes((0x80 | opcode, 0x80 | 126)) + size.to_bytes(2, "big")
        mask = self.rng.randbytes(4)
        keys = (mask * (size // 4 + 1))[:size]
        masked = (int.from_bytes(payload, "little") ^ int.from_bytes(keys, "little")).to_bytes(size, "little")
        self.transport.write(header + mask + masked)

    def send(self, message: dict[str, Any]) -> None:
        self.write_frame(0x1, _encode(message))

    # ---- the player -----------------------------------------------------------------------------

    def cancel_plan(self) -> None:
        if self.plan is not None:
            self.plan.cancel()
            self.plan = None
            self.planned = None

    def frame(self, payload: bytes, now: float) -> None:
        room = self.room
        stats = room.stats
        if room.recording.value:  # frames of the measured window only (until session 4: the whole run)
            stats.frames += 1
            stats.frame_bytes += len(payload)
        frame = _decode_frame(payload)
        kind = frame.type
        if kind == "state":
            version = frame.version
            room.delivered(version, now)
            mine = self.mine
            while mine and mine[0][0] <= version:
                mine.pop(0)
            self.version = version
            if frame.outcome is not None:
                self.cancel_plan()
                if self.seat == 0 and not room.restarting:
                    room.restarting = True
                    stats.games_over += 1
                    self.send({"type": "host", "op": "restart"})
                return
            if version == 0 and room.restarting:
                # a new game: versions count from 0 again, so the old game's sends time nothing
                room.restarting = False
                room.sent.clear()
                room.seen.clear()
            if frame.legal == _NO_LEGAL or self.bot is None:
                self.cancel_plan()
                return
            legal = self.decoded_legal(bytes(frame.legal))
            if self.keep_plans and self.plan is not None and self.planned in legal:
                return  # as the server's own bots do: a decision stands while it stays legal
            self.cancel_plan()
            decision = self.bot.decide(_decode_view(frame.view), legal, frame.now_ms)
            if decision is not None:
                self.planned = decision.action
                self.plan = self.loop.call_later(
                    max(0, decision.delay_ms) * self.think_scale / 1000,
                    self.act,
                    encode_action(decision.action),
                )
        elif kind == "error":
            stats.refused += 1
            code = _decode_error(payload).code
            stats.errors[code] = stats.errors.get(code, 0) + 1
            if self.mine:
                version, stamp, owner = self.mine.pop(0)
                if owner and room.sent.get(version) == stamp:
                    # refused (stale or no longer legal): the send that timed this version did not cause
                    # it (when another client's send on the same version was refused, the timing stands)
                    del room.sent[version]
        elif kind == "welcome":
            self.seat = frame.seat
            assert self.seat is not None, "every load client must get a seat"
            params = {"stage": room.stage} if room.stage is not None and self.bot_kind == "model" else {}
            self.bot = make_bot(room.game, self.bot_kind, self.seat, self.seed, **params)
            if not self.ready.done():
                self.ready.set_result(None)
        elif kind == "room" and self.seat == 0:
            info = _decode_view(frame.room)
            if info["status"] == "lobby" and len(info["seats"]) == room.size:
                self.send({"type": "host", "op": "start"})

    def decoded_legal(self, raw: bytes) -> list[Action]:
        """The legal actions of a frame; the same lists come again and again, so each is decoded once."""
        cache = _LEGAL_CACHE.setdefault(self.room.game, {})
        legal = cache.get(raw)
        if legal is None:
            if len(cache) > _LEGAL_CACHE_SIZE.get(self.room.game, 10_000):
                cache.clear()
            legal = cache[raw] = [self.game.decode_action(a) for a in _decode_legal(raw)]
        return legal

    def act(self, action: dict[str, Any]) -> None:
        """Send the planned action on the newest version seen (it was legal there when planned or kept)."""
        self.plan = None
        self.planned = None
        version = self.version
        sent = self.room.sent
        owner = version + 1 not in sent  # the first client to act on a version times it
        stamp = sent.setdefault(version + 1, time.perf_counter())
        self.mine.append((version + 1, stamp, owner))
        kinds = self.room.stats.sent
        kinds[action["type"]] = kinds.get(action["type"], 0) + 1
        self.send({"type": "act", "version": version, "action": action})

    def close(self) -> None:
        self.cancel_plan()
        if self.transport is not None:
            self.transport.abort()


def create_rooms(args: argparse.Namespace, port: int) -> list[str]:
    """Create the rooms over HTTP, as the start page does (standard library only, 20 at a time)."""
    from concurrent.futures import ThreadPoolExecutor

    body = json.dumps({"game": args.game, "options": json.loads(args.options)}).encode()

    def create(_: int) -> str:
        for attempt in range(5):
            request = urllib.request.Request(
                f"http://{HOST}:{port}/api/rooms", data=body, headers={"Content-Type": "application/json"}
            )
            try:
                with urllib.request.urlopen(request, timeout=60) as response:
                    code: str = json.loads(response.read())["code"]
                    return code
            except OSError:
                time.sleep(0.2 * (attempt + 1))
        raise SystemExit("could not create a room")

    with ThreadPoolExecutor(20) as pool:
        return list(pool.map(create, range(args.rooms)))


async def worker_main(
    codes: list[str], args: argparse.Namespace, port: int, seed: int, shared: Shared, pipe: Connection
) -> None:
    """One generator process: connects every client of its rooms, then plays until told to stop."""
    stats = Stats()
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    clients: list[LoadClient] = []

    async def fill(code: str) -> None:
        room = RoomRun(code, args.game, args.clients, stats, shared.recording)
        for index in range(args.clients):
            # one after the other within a room, so that the first client is the host (seat 0)
            client = LoadClient(room, index, port, args.bot, rng.randrange(2**31), args.think_scale)
            await loop.create_connection(lambda client=client: client, HOST, port)  # type: ignore[misc]
            await asyncio.wait_for(client.ready, 300)
            clients.append(client)

    for start in range(0, len(codes), 100):
        await asyncio.gather(*(fill(code) for code in codes[start : start + 100]))
    pipe.send("connected")
    tune_gc()  # the generator's own pauses would show as latency

    # the generator's own event-loop lag: if it is large, the generator (not the server) is the limit
    lags: list[float] = []
    pauses = watch_gc()
    while not shared.stop.value:
        planned = loop.time() + 0.05
        await asyncio.sleep(0.05)
        if shared.recording.value:
            lags.append(max(0.0, loop.time() - planned))
    for client in clients:
        client.close()
    pipe.send(
        {
            "latencies": stats.latencies,
            "actions": stats.actions,
            "refused": stats.refused,
            "errors": stats.errors,
            "sent": stats.sent,
            "frames": stats.frames,
            "frame_bytes": stats.frame_bytes,
            "games_over": stats.games_over,
            "lags": lags,
            "gc": pauses,
        }
    )


class Shared:
    """Flags every generator process reads (shared memory, set by the parent)."""

    def __init__(self, context: BaseContext) -> None:
        self.recording: Any = context.RawValue("b", 0)
        self.stop: Any = context.RawValue("b", 0)


def worker(
    codes: list[str],
    args: argparse.Namespace,
    port: int,
    seed: int,
    shared: Shared,
    pipe: Connection,
    cpus: set[int],
) -> None:
    if cpus:
        os.sched_setaffinity(0, cpus)
    try:
        import uvloop

        uvloop.run(worker_main(codes, args, port, seed, shared, pipe))
    except ImportError:
        asyncio.run(worker_main(codes, args, port, seed, shared, pipe))


def run_load(args: argparse.Namespace, port: int, server_pid: int, client_cpus: set[int]) -> dict[str, Any]:
    import multiprocessing

    loop_started = time.perf_counter()
    codes = create_rooms(args, port)
    context = multiprocessing.get_context("fork")
    shared = Shared(context)
    pipes: list[Connection] = []
    workers: list[BaseProcess] = []
    for index in range(args.workers):
        parent, child = context.Pipe()
        process: BaseProcess = context.Process(
            target=worker,
            args=(
                codes[index :: args.workers],
                args,
                port,
                args.seed * 1000 + index,
                shared,
                child,
                client_cpus,
            ),
            daemon=True,
        )
        process.start()
        pipes.append(parent)
        workers.append(process)
    try:
        for pipe in pipes:
            if not pipe.poll(600) or pipe.recv() != "connected":
                raise SystemExit("a generator process did not connect its clients")
        connected_s = time.perf_counter() - loop_started
        print(
            f"  {len(codes)} rooms x {args.clients} clients connected in {connected_s:.1f} s", file=sys.stderr
        )
        time.sleep(args.warmup)
        pids = [server_pid] + [w.pid or 0 for w in workers]
        cpu_before = [cpu_seconds(pid) for pid in pids]
        wait_before = [waiting_seconds(pid) for pid in pids]
        load_before = os.getloadavg()[0]
        steal_before = steal_seconds()
        shared.recording.value = 1
        measured_from = time.perf_counter()
        time.sleep(args.seconds)
        shared.recording.value = 0
        measured = time.perf_counter() - measured_from
        cpu_used = [cpu_seconds(pid) - before for pid, before in zip(pids, cpu_before, strict=True)]
        waited = [waiting_seconds(pid) - before for pid, before in zip(pids, wait_before, strict=True)]
        load = round((load_before + os.getloadavg()[0]) / 2, 1)
        steal = steal_seconds() - steal_before
        shared.stop.value = 1
        parts = []
        for pipe in pipes:
            if not pipe.poll(120):
                raise SystemExit("a generator process did not report")
            parts.append(pipe.recv())
    finally:
        shared.stop.value = 1
        for process in workers:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()
    lat = sorted(x for part in parts for x in part["latencies"])
    lags = sorted(x for part in parts for x in part["lags"])
    window = (measured_from, measured_from + measured)
    generator_gc = [d for part in parts for t, d, *_ in part["gc"] if window[0] <= t <= window[1]]
    total = {
        key: sum(part[key] for part in parts)
        for key in ("actions", "refused", "frames", "frame_bytes", "games_over")
    }
    errors: dict[str, int] = {}
    sent: dict[str, int] = {}
    for part in parts:
        for code, count in part["errors"].items():
            errors[code] = errors.get(code, 0) + count
        for kind, count in part["sent"].items():
            sent[kind] = sent.get(kind, 0) + count

    def pct(values: list[float], p: float) -> float:
        return round(1000 * values[min(len(values) - 1, int(p * len(values)))], 2) if values else float("nan")

    return {
        "rooms": len(codes),
        "clients_per_room": args.clients,
        "connections": len(codes) * args.clients,
        "game": args.game,
        "options": json.loads(args.options),
        "bot": args.bot,
        "think_scale": args.think_scale,
        "store": args.store,
        "workers": args.workers,
        "connect_s": round(connected_s, 1),
        "measured_s": round(measured, 1),
        "actions": total["actions"],
        "actions_per_s": round(total["actions"] / measured, 1),
        "frames_per_s": round(total["frames"] / measured, 1),
        # mean size of a frame the clients received: the views' weight per game
        "frame_bytes_mean": round(total["frame_bytes"] / max(1, total["frames"])),
        "p50_ms": pct(lat, 0.50),
        "p90_ms": pct(lat, 0.90),
        "p99_ms": pct(lat, 0.99),
        "max_ms": round(1000 * lat[-1], 2) if lat else float("nan"),
        "mean_ms": round(1000 * statistics.fmean(lat), 2) if lat else float("nan"),
        "refused": total["refused"],
        # every refusal by its code, over the whole run (connecting, warm-up and window)
        "errors": dict(sorted(errors.items())),
        "games_over": total["games_over"],
        # the actions the clients sent, by type, over the whole run (accepted or not)
        "sent": dict(sorted(sent.items(), key=lambda item: -item[1])),
        "server_cpu_pct": round(100 * cpu_used[0] / measured, 1),
        "generator_cpu_pct": round(100 * sum(cpu_used[1:]) / measured, 1),
        # share of the measured time the event loops were ready to run but got no CPU (a busy machine)
        "server_cpu_wait_pct": round(100 * waited[0] / measured, 1),
        "generator_cpu_wait_pct": round(100 * sum(waited[1:]) / measured, 1),
        # how late the generators' own timers fired: large values mean the generator is the limit
        "generator_lag_p99_ms": pct(lags, 0.99),
        "generator_gc_max_ms": round(1000 * max(generator_gc, default=0.0), 1),
        "generator_gc_total_ms": round(1000 * sum(generator_gc), 1),
        "load_average": load,
        # CPU time the hypervisor gave to other guests while this machine's CPUs wanted it (both CPUs)
        "steal_ms": round(1000 * steal),
        "cpus": os.cpu_count(),
        "window": window,
    }


def steal_seconds() -> float:
    """Steal time of all CPUs so far (``/proc/stat``): a virtual machine waiting for its host."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


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


def cpu_set(text: str) -> set[int]:
    """``0``, ``0,2`` or ``1-3`` -> a set of CPU numbers; ``none`` -> no pinning (empty set)."""
    if text in ("", "none"):
        return set()
    cpus: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        cpus.update(range(int(low), int(high or low) + 1))
    return cpus


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
    parser.add_argument("--game", default="mogelmotte", choices=sorted(registry.GAME_MODULES))
    parser.add_argument(
        "--options",
        default="",
        help='room options as JSON (default: {"rounds": 20} for Mogel-Motte, the defaults for the others)',
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--store", choices=["sqlite", "memory"], default="sqlite", help="memory: no fsync (for comparison)"
    )
    parser.add_argument(
        "--think-scale",
        type=float,
        default=1.0,
        help="multiplies every bot delay (1: the bots' own pace; 2-3: the pace of people at a table)",
    )
    parser.add_argument("--workers", type=int, default=1, help="generator processes")
    parser.add_argument(
        "--server-cpus",
        default="auto",
        help="CPUs the server may use, e.g. 0 or 0-1 (auto: CPU 0 when there are two or more; none: no pinning)",
    )
    parser.add_argument(
        "--client-cpus", default="auto", help="CPUs of the generator processes (auto: all but the server's)"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.data, args.store, cpu_set(args.server_cpus))
        return
    if not 1 <= args.rooms <= 2000 or not 1 <= args.clients <= 8 or not 0 < args.seconds <= 600:
        parser.error("--rooms 1..2000, --clients 1..8, --seconds up to 600")
    if not 1 <= args.workers <= 16 or not 0.1 <= args.think_scale <= 20:
        parser.error("--workers 1..16, --think-scale 0.1..20")
    spec = registry.get(args.game).spec
    if not spec.min_players <= args.clients <= spec.max_players:
        parser.error(f"--clients: {args.game} seats {spec.min_players} to {spec.max_players} players")
    if not args.options:
        args.options = json.dumps(GAME_OPTIONS.get(args.game, {}))
    cpus = os.cpu_count() or 1
    if args.server_cpus == "auto":
        args.server_cpus = "0" if cpus >= 2 else "none"
    if args.client_cpus == "auto":
        taken = cpu_set(args.server_cpus)
        args.client_cpus = ",".join(str(c) for c in range(cpus) if c not in taken) if taken else "none"
    if not args.bot:
        from tischrunde.server.lobby import default_bot

        args.bot = default_bot(args.game)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # so the server is stopped too
    port = free_port()
    result: dict[str, Any] | None = None
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [
                *(sys.executable, __file__, "--serve", str(port), "--data", data),
                *("--store", args.store, "--server-cpus", args.server_cpus),
            ],
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
            result = run_load(args, port, server.pid, cpu_set(args.client_cpus))
            result["server_cpus"] = args.server_cpus
            result["client_cpus"] = args.client_cpus
        finally:
            if server.poll() is None:
                os.kill(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(server.pid, signal.SIGKILL)
                server.wait()
            samples_path = Path(data) / "server-latency.json"
            window = result.pop("window") if result is not None else (0.0, 0.0)
            if samples_path.exists() and result is not None:
                dumped = json.loads(samples_path.read_text())
                pauses = [d for t, d, *_ in dumped["gc"] if window[0] <= t <= window[1]]
                result["server_gc_max_ms"] = round(1000 * max(pauses, default=0.0), 1)
                result["server_gc_total_ms"] = round(1000 * sum(pauses), 1)
                # the long pauses: (seconds into the window, ms, generation, objects collected)
                result["server_gc_long"] = [
                    (round(t - window[0], 2), round(1000 * d, 1), g, n)
                    for t, d, g, n in dumped["gc"]
                    if window[0] <= t <= window[1] and d >= 0.02
                ]
                for t, stack in dumped["stalls"]:
                    if window[0] <= t <= window[1]:
                        print(f"stall at +{t - window[0]:.2f} s:\n{stack}", file=sys.stderr)
                lag = sorted(d for t, d in dumped["lag"] if window[0] <= t <= window[1])
                if lag:
                    result["server_lag_p99_ms"] = round(1000 * lag[int(0.99 * (len(lag) - 1))], 1)
                    result["server_lag_max_ms"] = round(1000 * lag[-1], 1)
                inside = sorted(d for t, d in dumped["act"] if window[0] <= t <= window[1])
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
