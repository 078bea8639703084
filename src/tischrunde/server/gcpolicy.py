"""How the server process uses CPython's cyclic garbage collector.

A server with thousands of connections and rooms allocates views and frames at a high rate and keeps
many objects alive for long (room states, connections). With CPython's default thresholds the collector
ran young collections all the time and full collections over every room and connection often; each full
collection stopped the event loop for up to half a second (``bench/load.py`` at 1,000 rooms x 5 clients:
9 s of pauses in a minute). Nearly everything the game loop makes is freed by reference counting, so:

- ``tune_gc`` (at start): freeze what start-up made (never scanned again) and raise the thresholds.
- ``keep_gc`` (a background task): every ``freeze_s`` seconds freeze the survivors, so an automatic full
  collection only scans what was promoted since; every ``full_s`` seconds unfreeze everything and
  collect it all once, so cyclic garbage among frozen objects (closed connections, finished rooms) is
  still reclaimed: one longer pause every quarter of an hour instead of one every few seconds.
"""

from __future__ import annotations

import asyncio
import gc
import time

#: net allocations between young collections (CPython's default is 700), then as CPython: 10 and 10
GC_THRESHOLDS = (50_000, 50, 100)
FREEZE_S = 60.0
FULL_S = 900.0


def tune_gc() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def keep_gc(freeze_s: float = FREEZE_S, full_s: float = FULL_S) -> None:
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_s)
        if time.monotonic() - last_full >= full_s:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        gc.freeze()
