"""How the server process uses CPython's cyclic garbage collector.

A server with thousands of connections and rooms allocates views and frames at a high rate and keeps
many objects alive for a while (the log window of every game, its hands, the connections' coroutines).
Reference counting frees nearly all of it; the cyclic collector found no garbage at all among the young
objects in whole load runs, yet every young collection scanned them all, a few microseconds each because
they point into objects all over the heap. With CPython's default thresholds that meant 9 s of pauses a
minute at 1,000 rooms x 5 clients (``bench/load.py``); with a young threshold of 50,000 a pause of
70-130 ms every few seconds, and of 5,000 one of 25-50 ms every second or two: the server's stalls. So:

- ``tune_gc`` (at start): freeze what start-up made (never scanned again) and raise the thresholds.
- ``keep_gc`` (a background task): every ``freeze_s`` (1 s) freeze the survivors. Freezing is a constant
  time list splice that also restarts the young count, so the automatic collections, which would scan
  them, do not come round in normal operation (the thresholds stay as a bound for a burst).
- Frozen objects are never scanned again, so what is freed must be freed by reference counting: a
  closed connection leaves no reference cycle (``TidyHttp``, ``TidyWebSocket``, ``RawSend`` in ``app``;
  ``tests/server/test_churn.py`` keeps it so). Before the closed connections of a churn made garbage
  faster than anything else: +354 MB a minute, and the quarter-hourly full collection that reclaimed
  it stopped a loaded server for 0.6-1.7 s.
- Two cheap nets for cycles made elsewhere: when at most ``young_max`` objects are young (a quiet
  second: a few milliseconds of work) they are collected before they are frozen; and every ``full_s``
  everything is collected once if the whole heap is small (``full_max`` objects, a pause within the
  budget). A loaded server skips both: no pause over 100 ms (``bench/churn.py``, ``bench/load.py``).

Set ``TISCHRUNDE_GC_STATS`` to a file path and ``keep_gc`` writes the collector's pauses to it every
tick (JSON: count, longest and total seconds, by generation): ``bench/churn.py`` reads it.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import time
from pathlib import Path
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

#: net allocations between young collections (CPython's default is 700), young collections between
#: middle ones (10), middle ones between full ones (10)
GC_THRESHOLDS = (50_000, 50, 100)
FREEZE_S = 1.0
#: young objects collected before each freeze when there are no more than this many
YOUNG_MAX = 2_000
#: a full collection (every ``FULL_S``) only while no more objects than this are tracked
FULL_S = 900.0
FULL_MAX = 100_000
STATS_ENV = "TISCHRUNDE_GC_STATS"


def tune_gc() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class Pauses:
    """The collector's pauses, timed through ``gc.callbacks`` while installed."""

    def __init__(self) -> None:
        self.count = 0
        self.longest_s = 0.0
        self.total_s = 0.0
        #: the longest pause in CPU time of the thread: on a machine short of cores the wall-clock pause
        #: also counts the time the process waited for one
        self.longest_cpu_s = 0.0
        self.by_generation = [0, 0, 0]
        self._started = (0.0, 0.0)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = (time.perf_counter(), time.thread_time())
            return
        pause = time.perf_counter() - self._started[0]
        self.count += 1
        self.total_s += pause
        self.longest_s = max(self.longest_s, pause)
        self.longest_cpu_s = max(self.longest_cpu_s, time.thread_time() - self._started[1])
        self.by_generation[info["generation"]] += 1

    def as_dict(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "longest_s": self.longest_s,
            "longest_cpu_s": self.longest_cpu_s,
            "total_s": self.total_s,
            "by_generation": self.by_generation,
            "frozen": gc.get_freeze_count(),
        }


def collect_now(young_max: int, full_max: int, full: bool) -> int:
    """One tick of ``keep_gc``: collect what is cheap to collect, then freeze the survivors. Returns
    the number of young objects (net allocations since the last tick)."""
    young = gc.get_count()[0]
    if full and gc.get_freeze_count() + young <= full_max:
        gc.unfreeze()
        gc.collect()
    elif young <= young_max:
        gc.collect()  # scans only the objects made since the last freeze: frozen ones are not looked at
    gc.freeze()
    return young


async def keep_gc(
    freeze_s: float = FREEZE_S,
    full_s: float = FULL_S,
    *,
    young_max: int = YOUNG_MAX,
    full_max: int = FULL_MAX,
) -> None:
    stats_path = os.environ.get(STATS_ENV)
    pauses = Pauses() if stats_path else None
    if pauses is not None:
        gc.callbacks.append(pauses)
    last_full = time.monotonic()
    ticks = young_seen = young_collected = 0
    tick_cpu_s = 0.0
    try:
        while True:
            await asyncio.sleep(freeze_s)
            full = time.monotonic() - last_full >= full_s
            if full:
                last_full = time.monotonic()
            started = time.thread_time()
            young = collect_now(young_max, full_max, full)
            if pauses is not None and stats_path:
                ticks += 1
                young_seen = max(young_seen, young)
                if young <= young_max:
                    young_collected += 1
                    tick_cpu_s = max(tick_cpu_s, time.thread_time() - started)
                report = {**pauses.as_dict(), "ticks": ticks, "young_max_seen": young_seen}
                report["young_collected_ticks"] = young_collected
                report["young_tick_longest_cpu_s"] = tick_cpu_s
                part = Path(stats_path + ".part")
                part.write_text(json.dumps(report))
                part.replace(stats_path)  # readers never see half a file
    finally:
        if pauses is not None:
            gc.callbacks.remove(pauses)


# ---- connections that leave no reference cycles ---------------------------------------------------
# A closed connection must be freed by reference counting alone: its objects are usually frozen by
# then (it lived longer than ``freeze_s``), and frozen cyclic garbage stays until a full collection.


def untie_transport(transport: object) -> None:
    """Break the cycle a closed asyncio socket transport keeps to itself: its read callback is one of
    its own bound methods (``_read_ready_cb``). Called once the transport no longer reads."""
    if getattr(transport, "_read_ready_cb", None) is not None:
        transport._read_ready_cb = None  # type: ignore[attr-defined]


def untie_websocket(protocol: WebSocketsSansIOProtocol) -> None:
    """Break the cycles a lost connection of uvicorn's websockets-sansio protocol would leave: the
    transport's (``untie_transport``), and that of websockets' own protocol with its parser, a generator
    whose frame holds it and which stays suspended after the end of the stream (or before it, when the
    connection was only dropped) unless it is closed. For ``connection_lost`` of any subclass."""
    untie_transport(protocol.transport)
    protocol.conn.parser.close()


class TidyWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets-sansio), leaving no cycle behind (``untie_websocket``)."""

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        untie_websocket(self)


class TidyHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools), leaving no cycle behind: its parser calls back into it, and
    uvicorn drops the parser on connection loss only, never after handing the connection on to a
    WebSocket protocol."""

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        untie_transport(self.transport)
