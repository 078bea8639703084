"""The app factory: the whole server as one ASGI app (``create_app``), its parts wired together.

Middleware (``middleware``) around Starlette's routes: the web files (``static``), the rooms, games,
pictures and decks as HTTP resources (``routes``), and the game socket (``sessions``, the protocol in
``protocol``). Rooms live in the manager (``manager``, ``room``), which keeps them in a store.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp as StarletteASGIApp
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from tischrunde.server import security
from tischrunde.server.gcpolicy import keep_gc
from tischrunde.server.manager import RoomManager
from tischrunde.server.middleware import App, ASGIApp, Guard, RawSend, SecurityHeaders, fd_budget
from tischrunde.server.room import Clock, wall_ms
from tischrunde.server.routes.decks import deck_routes
from tischrunde.server.routes.games import game_routes
from tischrunde.server.routes.pictures import Pictures
from tischrunde.server.routes.rooms import room_routes
from tischrunde.server.server import Server
from tischrunde.server.sessions import Sessions
from tischrunde.server.store import SQLiteStore, Store

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def create_app(
    data_dir: Path | str | None = None,
    redis_url: str | None = None,
    clock: Clock = wall_ms,
    *,
    store: Store | None = None,
    web_dir: Path | None = None,
    host_grace_s: float = 20.0,
    tick_s: float = 1.0,
    msg_rate: float = 20.0,
    msg_burst: float = 40.0,
    join_limit: int = 100,
    join_window_s: float = 60.0,
    room_limit: int = 60,
    gc_freeze_s: float | None = None,
    unload_idle_s: float = 600.0,
    heartbeat_s: float = 6.0,
    public_url: str | None = None,
    listen_host: str | None = None,
    allowed_hosts: Sequence[str] | None = None,
    proxy_headers: bool = False,
    forwarded_allow_ips: str = "127.0.0.1",
    conn_miss_limit: int = 5,
    lookup_cap: int = 300,
    creation_cap: int = 300,
    hello_timeout_s: float = 10.0,
    body_timeout_s: float = 10.0,
    max_per_client: int = 64,
    max_connections: int | None = None,
    max_spectators: int = 200,
    spectator_every_s: float = 0.25,
    lobby_ttl_s: float = 3600.0,
    room_ttl_s: float = 86400.0,
    redis_volatile: bool = False,
    pressure_delay_s: float = 1.0,
) -> Starlette:
    """The whole server as an ASGI app; rooms are rebuilt from the store when it starts.
    ``gc_freeze_s``: run ``gcpolicy.keep_gc`` with this period (the real server process does).
    ``heartbeat_s``: how long a pinging connection may be silent; ``public_url`` and ``listen_host``
    (the address the server listens on) decide the join link (``publicurl.join_link``).
    ``lobby_ttl_s``, ``room_ttl_s``: when rooms expire (``manager.expiry_reason``). ``redis_volatile``:
    accept a Redis that persists nothing.

    Limits against abuse: ``join_limit`` misses (unknown codes, bad tokens) per address and
    ``join_window_s`` (a budget that refills), ``conn_miss_limit`` per connection (then it is closed);
    past ``lookup_cap`` misses a minute of all clients a miss is answered up to ``pressure_delay_s``
    later (never refused); ``room_limit`` new rooms per address and window (refilling), past
    ``creation_cap`` a minute of all a new room takes up to ``pressure_delay_s`` longer;
    a hello within ``hello_timeout_s``, a request body within ``body_timeout_s``; ``max_per_client``
    WebSockets per address and ``max_connections`` in all (default: what the file limit allows);
    ``max_spectators`` per room, whose count is sent at most every ``spectator_every_s``.
    ``allowed_hosts``: the Host headers served (default ``security.default_allowed_hosts``: loopback,
    this machine's names and addresses, ``public_url``'s host). ``proxy_headers``: take the client
    address from X-Forwarded-For when the peer is one of ``forwarded_allow_ips``."""
    if store is None:
        if redis_url is not None:
            from tischrunde.server.store_redis import RedisStore

            store = RedisStore(redis_url, volatile=redis_volatile)
        else:
            store = SQLiteStore(Path(data_dir if data_dir is not None else "data") / "tischrunde.sqlite3")
    manager = RoomManager(
        store,
        clock=clock,
        host_grace_s=host_grace_s,
        tick_s=tick_s,
        unload_idle_s=unload_idle_s,
        lobby_ttl_s=lobby_ttl_s,
        room_ttl_s=room_ttl_s,
    )
    web = web_dir if web_dir is not None else WEB_DIR
    server = Server(
        manager,
        web,
        join_limit=join_limit,
        join_window_s=join_window_s,
        room_limit=room_limit,
        public_url=public_url,
        listen_host=listen_host,
        lookup_cap=lookup_cap,
        creation_cap=creation_cap,
        body_timeout_s=body_timeout_s,
        pressure_delay_s=pressure_delay_s,
    )
    sessions = Sessions(
        server,
        msg_rate=msg_rate,
        msg_burst=msg_burst,
        heartbeat_s=heartbeat_s,
        conn_miss_limit=conn_miss_limit,
        hello_timeout_s=hello_timeout_s,
        max_spectators=max_spectators,
        spectator_every_s=spectator_every_s,
    )
    pictures = Pictures(server)
    if allowed_hosts is None:
        hosts = security.HostList(security.default_allowed_hosts(public_url), own_addresses=True)
    else:
        hosts = security.HostList(allowed_hosts)
    total = fd_budget() if max_connections is None else max_connections

    def outer(app: StarletteASGIApp) -> StarletteASGIApp:
        inner: ASGIApp = Guard(RawSend(app), hosts=hosts, per_client=max_per_client, total=total)
        if proxy_headers:
            inner = ProxyHeadersMiddleware(inner, trusted_hosts=forwarded_allow_ips)  # type: ignore[arg-type,assignment]
        return SecurityHeaders(inner)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await manager.start()
        keeper = asyncio.create_task(keep_gc(gc_freeze_s)) if gc_freeze_s else None
        try:
            yield
        finally:
            if keeper is not None:
                keeper.cancel()
            await pictures.close()
            await manager.stop()

    routes = [
        Route("/", server.web.page),
        Route("/r/{code}", server.web.page),
        *game_routes(),
        *room_routes(server),
        *pictures.routes(),
        *deck_routes(server),
        WebSocketRoute("/ws", sessions.websocket),
        Route("/static/{path:path}", server.web.static, methods=["GET", "HEAD"]),
        Route("/sw.js", server.web.service_worker),
        Route("/manifest.webmanifest", server.web.manifest),
    ]
    app = App(routes=routes, lifespan=lifespan)
    app.outer = outer
    app.state.server = server
    app.state.sessions = sessions
    app.state.pictures = pictures
    app.state.manager = manager
    return app
