"""``tischrunde serve``: run the app with uvicorn."""

from __future__ import annotations

import gc
import logging
from pathlib import Path

import uvicorn

from tischrunde.server.app import create_app
from tischrunde.server.protocol import MAX_FRAME_BYTES

#: allocations (net) between young collections: far above CPython's 700, see ``tune_gc``
GC_THRESHOLDS = (50_000, 50, 100)


def tune_gc() -> None:
    """Make the cyclic garbage collector pause rarely. A server with thousands of connections and rooms
    allocates views and frames at a high rate; with CPython's default thresholds the collector ran
    young collections all the time and full collections of every room and connection often, which
    stopped the event loop for up to half a second (measured with ``bench/load.py``: 9 s of GC in a
    minute at 1,000 rooms). Objects made at start-up are frozen (never scanned again) and the thresholds
    raised; nearly everything the game loop makes is freed by reference counting anyway."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def run(
    *, host: str = "127.0.0.1", port: int = 8000, data_dir: Path | str = "data", redis_url: str | None = None
) -> None:
    """Serve the web app and the game protocol until interrupted."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    app = create_app(Path(data_dir), redis_url=redis_url)
    tune_gc()
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=4 * MAX_FRAME_BYTES,
        # compressing every view for every connection costs more CPU than the bytes it saves on a LAN
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        proxy_headers=False,
        log_level="info",
        access_log=False,
    )
