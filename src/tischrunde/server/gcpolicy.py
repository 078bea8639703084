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

The young generation's threshold sets the length of the pauses that remain. In this server most young
objects are still alive when the collector looks at them (the log window of a game, its hands, the
connections' coroutines), and it found no garbage there in whole load runs; each one costs a few
microseconds to scan, because it points into objects all over the heap. At 50,000 a young collection
stopped everything for 70-130 ms every few seconds at 1,000 rooms; at 5,000 it stops for about 10 ms
(rarely 30 ms), more often, for about the same total. Freezing every 10 s keeps the middle generation,
which is scanned together with the young one every 50 young collections, just as small.
"""

from __future__ import annotations

import asyncio
import gc
import time

#: net allocations between young collections (CPython's default is 700), young collections between
#: middle ones (10), middle ones between full ones (10)
GC_THRESHOLDS = (5_000, 50, 100)
FREEZE_S = 10.0
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
