"""What the HTTP routes share: the room manager, the web files, the limits on misses and new rooms, the
lookup of a room by the code in a URL, and the join link."""

from __future__ import annotations

import asyncio
import math
import time
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket

from tischrunde.server import publicurl, security
from tischrunde.server.errors import ProtocolError, error_response
from tischrunde.server.manager import RoomManager
from tischrunde.server.room import Room
from tischrunde.server.static import WebFiles


class Server:
    """State shared by the routes: the room manager, the web files and the per-client limits.

    Misses (unknown codes, bad tokens): a refilling budget per address (``join_limit`` per
    ``join_window_s``; spent: its lookups are refused), and of all clients together a rate
    (``lookup_cap`` a minute) past which misses are answered up to ``pressure_delay_s`` later (never
    refused: others' misses must not lock anyone out). New rooms: ``room_limit`` per address and window
    (refilling); past ``creation_cap`` a minute of all clients a new room takes a little longer."""

    def __init__(
        self,
        manager: RoomManager,
        web_dir: Path,
        *,
        join_limit: int,
        join_window_s: float,
        room_limit: int,
        public_url: str | None = None,
        listen_host: str | None = None,
        lookup_cap: int = 300,
        creation_cap: int = 300,
        body_timeout_s: float = 10.0,
        pressure_delay_s: float = 1.0,
    ) -> None:
        self.manager = manager
        self.web = WebFiles(web_dir)
        self.public_url = public_url
        self.listen_host = listen_host
        self.throttle = security.Budgets(join_limit, join_window_s)
        self.all_misses = security.Pressure(lookup_cap, 60.0, pressure_delay_s)
        self.creations = security.Budgets(room_limit, join_window_s)
        self.all_creations = security.Pressure(creation_cap, 60.0, pressure_delay_s)
        self.body_timeout_s = body_timeout_s

    def throttled(self, client: str, now: float) -> str | None:
        """Why lookups by code from ``client`` are refused now, or None: only its own address's misses
        count (what other clients do slows their misses, ``miss``, and never refuses anyone)."""
        if not self.throttle.allowed(client, now):
            wait = math.ceil(self.throttle.wait_s(client, now))
            return f"too many unknown room codes or tokens from your address, try again in {wait} s"
        return None

    async def miss(self, client: str, now: float) -> None:
        """Count a miss against ``client``; while all clients together miss more than ``lookup_cap`` a
        minute, the answer to a miss waits a little (a hit never does)."""
        self.throttle.spend(client, now)
        delay = self.all_misses.delay_s(now)
        if delay > 0:
            await asyncio.sleep(delay)

    async def lookup(self, request: Request) -> Room | Response:
        """The room of the URL's ``code``, or the refusal to send (throttled, unknown, store away)."""
        client = client_of(request)
        now = time.monotonic()
        refusal = self.throttled(client, now)
        if refusal is not None:
            return error_response(429, "rate_limited", refusal)
        code = security.normalize_code(str(request.path_params["code"]))
        try:
            room = None if code is None else await self.manager.get(code)
        except ProtocolError as exc:  # the store is unreachable: busy
            return error_response(503, exc.code, exc.message)
        if room is None:
            await self.miss(client, now)
            return error_response(404, "unknown_room", "there is no room with this code")
        return room

    def join_link(self, request: Request, code: str) -> publicurl.JoinLink:
        """The room's join link by the rules of ``publicurl.join_link``."""
        wildcard = self.listen_host is not None and self.listen_host.strip("[]") in publicurl.ALL_INTERFACES
        return publicurl.join_link(
            f"/r/{code}",
            request_link=_room_url(request, code),
            public_url=self.public_url,
            listen_host=self.listen_host,
            lan_ip=publicurl.cached_lan_ipv4() if wildcard else None,
        )

    async def seated(self, request: Request) -> tuple[Room, int] | Response:
        """The room of the URL and the seat of the request's ``Authorization: Bearer TOKEN``, or a refusal."""
        room = await self.lookup(request)
        if isinstance(room, Response):
            return room
        token = _bearer(request)
        seat = None if token is None else room.seat_of(security.hash_token(token))
        if seat is None:
            return error_response(
                401, "not_a_seat", "send the Authorization: Bearer token of a seat in this room"
            )
        return room, seat


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def client_of(connection: Request | WebSocket) -> str:
    """The client's address (behind a trusted proxy: the forwarded one), or "unknown"."""
    return connection.client.host if connection.client is not None else "unknown"


def _room_url(request: Request, code: str) -> str:
    return str(request.base_url).rstrip("/") + f"/r/{code}"
