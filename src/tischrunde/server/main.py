"""``tischrunde serve``: run the app with uvicorn."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import uvicorn

from tischrunde.server.app import create_app
from tischrunde.server.gcpolicy import FREEZE_S, TidyHttp, TidyWebSocket, tune_gc
from tischrunde.server.protocol import MAX_FRAME_BYTES

#: how uvicorn speaks WebSocket for this app (also used by ``bench/load.py``'s instrumented server)
WS_OPTIONS: dict[str, Any] = {
    # the protocol app.direct_writer knows how to write frames to at once (websockets-sansio), and
    # uvicorn's HTTP protocol, both leaving no reference cycles behind (see gcpolicy)
    "ws": TidyWebSocket,
    "http": TidyHttp,
    "ws_max_size": 4 * MAX_FRAME_BYTES,
    # compressing every view for every connection costs more CPU than the bytes it saves on a LAN
    "ws_per_message_deflate": False,
}


def run(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    data_dir: Path | str = "data",
    redis_url: str | None = None,
    redis_volatile: bool = False,
    lobby_ttl_s: float = 3600.0,
    room_ttl_s: float = 86400.0,
) -> None:
    """Serve the web app and the game protocol until interrupted."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if redis_url is not None and not redis_volatile:
        from tischrunde.server.store_redis import persistence_problem

        problem = asyncio.run(persistence_problem(redis_url))
        if problem is not None:
            logging.getLogger("tischrunde.server").error("not starting: %s", problem)
            raise SystemExit(2)
    app = create_app(
        Path(data_dir),
        redis_url=redis_url,
        gc_freeze_s=FREEZE_S,
        lobby_ttl_s=lobby_ttl_s,
        room_ttl_s=room_ttl_s,
        redis_volatile=redis_volatile,
    )
    tune_gc()
    uvicorn.run(
        app,
        host=host,
        port=port,
        **WS_OPTIONS,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        proxy_headers=False,
        log_level="info",
        access_log=False,
    )
