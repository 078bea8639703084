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
  them, do not come round in normal operation (the thresholds stay as a bound for a burst); every
  ``full_s`` (15 minutes) unfreeze everything and collect it all once, so cyclic garbage (closed
  connections, finished rooms) is still reclaimed: one pause every quarter of an hour (about 0.6 s at
  1,000 rooms, 0.07 % of the time) instead of one every few seconds.
"""

from __future__ import annotations

import asyncio
import gc
import time

#: net allocations between young collections (CPython's default is 700), young collections between
#: middle ones (10), middle ones between full ones (10)
GC_THRESHOLDS = (50_000, 50, 100)
FREEZE_S = 1.0
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
