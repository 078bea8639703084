"""``tischrunde serve``: run the app with uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
from pathlib import Path
from typing import Any

import uvicorn

from tischrunde.server.app import create_app
from tischrunde.server.gcpolicy import FREEZE_S, tune_gc
from tischrunde.server.middleware import fd_budget
from tischrunde.server.protocol import MAX_FRAME_BYTES
from tischrunde.server.transport import HEADER_TIMEOUT_S, QuietWebSockets, guarded_h11, quiet_uvicorn

#: how uvicorn speaks WebSocket for this app (also used by ``bench/load.py``'s instrumented server)
WS_OPTIONS: dict[str, Any] = {
    # uvicorn's websockets-sansio protocol (the one sessions.direct_writer knows how to write frames to at
    # once), logging a text frame that is not UTF-8 in one short line
    "ws": QuietWebSockets,
    "ws_max_size": 4 * MAX_FRAME_BYTES,
    # compressing every view for every connection costs more CPU than the bytes it saves on a LAN
    "ws_per_message_deflate": False,
}


def raise_file_limit() -> int:
    """Raise the soft limit of open files to the hard one (each connection is one); the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def run(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    data_dir: Path | str = "data",
    redis_url: str | None = None,
    redis_volatile: bool = False,
    lobby_ttl_s: float = 3600.0,
    room_ttl_s: float = 86400.0,
    public_url: str | None = None,
    header_timeout_s: float = HEADER_TIMEOUT_S,
    max_connections: int | None = None,
    **app_options: Any,
) -> None:
    """Serve the web app and the game protocol until interrupted; ``app_options`` go to ``create_app``."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if redis_url is not None and not redis_volatile:
        from tischrunde.server.store_redis import persistence_problem

        problem = asyncio.run(persistence_problem(redis_url))
        if problem is not None:
            logging.getLogger("tischrunde.server").error("not starting: %s", problem)
            raise SystemExit(2)
    raise_file_limit()
    quiet_uvicorn()
    total = fd_budget() if max_connections is None else max_connections
    app = create_app(
        Path(data_dir),
        redis_url=redis_url,
        gc_freeze_s=FREEZE_S,
        max_connections=total,
        public_url=public_url,
        listen_host=host,
        **app_options,
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
        # request headers within header_timeout_s however slowly they come (slowloris)
        http=guarded_h11(header_timeout_s),
        # past the file limit a client would get a reset: before it, uvicorn answers 503
        limit_concurrency=total + 16,
        timeout_keep_alive=5,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        proxy_headers=False,  # create_app reads X-Forwarded-For itself when asked (--proxy-headers)
        log_level="info",
        access_log=False,
    )
