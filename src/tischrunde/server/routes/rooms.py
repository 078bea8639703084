"""The rooms as HTTP resources: make one, its public info, its QR code and join link, the records of
its finished games.

    POST /api/rooms                          {"game", "language"?, "options"?, "takeover_s"?, "table"?}:
                                             201 {"code", "url", "qr_svg_url", "table_token"?}
    GET  /api/rooms/CODE                     the RoomInfo (what the join page shows)
    GET  /api/rooms/CODE/qr.svg              the join link as a QR code
    GET  /api/rooms/CODE/join                {"url", "reachable", "hint"}: the link phones open
    GET  /api/rooms/CODE/games/N/record.json the record of finished game N (a download)
"""

from __future__ import annotations

import asyncio
import io
import logging
import math
import time
from typing import Any

import msgspec
import segno
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tischrunde.core.errors import GameError
from tischrunde.core.records import Entry, Record, dumps
from tischrunde.server import security
from tischrunde.server.errors import ProtocolError, error_frame, error_response
from tischrunde.server.lobby import MAX_TAKEOVER_S, check_options, loadable_games
from tischrunde.server.server import Server, client_of
from tischrunde.server.store import RoomRow

quiet = security.QuietLog(logging.getLogger("tischrunde.server"))
_json = msgspec.json.Encoder()

MAX_BODY_BYTES = 16 * 1024


def room_routes(server: Server) -> list[Route]:
    """The routes above, for the app's route list."""

    async def create_room(request: Request) -> Response:
        client = client_of(request)
        now = time.monotonic()
        if not server.creations.allowed(client, now):
            wait = math.ceil(server.creations.wait_s(client, now))
            return error_response(
                429, "rate_limited", f"too many new rooms from your address, try again in {wait} s"
            )
        media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if media != "application/json":
            return error_response(
                415, "bad_frame", "the body must be JSON sent as Content-Type: application/json"
            )
        try:
            body = await read_body(request, server.body_timeout_s)
        except ClientDisconnect:
            quiet.note("client_left", "a client left while sending a request body")
            return error_response(400, "bad_frame", "the request body did not arrive")
        except TimeoutError:
            quiet.note("slow_body", "a client did not finish its request body in time")
            return error_response(
                408, "bad_frame", f"the request body must arrive within {server.body_timeout_s:g} s"
            )
        if body is None:
            return error_response(413, "too_large", f"the request is larger than {MAX_BODY_BYTES} bytes")
        if security.json_too_deep(body):
            return error_response(400, "bad_frame", f"JSON may nest at most {security.MAX_JSON_DEPTH} levels")
        try:
            data = msgspec.json.decode(body)
        except msgspec.DecodeError:
            return error_response(400, "bad_frame", "the body must be a JSON object")
        if not isinstance(data, dict):
            return error_response(400, "bad_frame", "the body must be a JSON object")
        unknown = sorted(set(data) - {"game", "language", "options", "takeover_s", "table"})
        if unknown:
            return error_response(400, "bad_frame", f"unknown field {unknown[0]!r}", unknown[0])
        name = data.get("game")
        games = loadable_games()
        if not isinstance(name, str) or name not in games:
            return error_response(
                400, "bad_config", f"unknown game {name!r}; games: {', '.join(games)}", "game"
            )
        language = data.get("language", "de")
        if language not in ("de", "en"):
            return error_response(400, "bad_config", "language must be 'de' or 'en'", "language")
        options = data.get("options", {})
        if not isinstance(options, dict):
            return error_response(400, "bad_config", "options must be an object", "options")
        takeover = data.get("takeover_s", 60)
        if not isinstance(takeover, int) or isinstance(takeover, bool) or not 0 <= takeover <= MAX_TAKEOVER_S:
            return error_response(
                400, "bad_config", f"takeover_s must be 0..{MAX_TAKEOVER_S} seconds", "takeover_s"
            )
        table = data.get("table", False)
        if not isinstance(table, bool):
            return error_response(400, "bad_config", "table must be true or false", "table")
        game = games[name]
        try:
            resolved = check_options(game, options)
        except GameError as exc:
            frame = error_frame(exc)
            return error_response(400, frame.code, frame.message, frame.field)
        server.creations.spend(client, now)
        delay = server.all_creations.delay_s(now)
        if delay > 0:  # many rooms made everywhere at once: slower, never refused
            await asyncio.sleep(delay)
        # a room made for the table screen: its token lets that screen act as host without a seat
        table_token = security.new_token() if table else None
        for _ in range(20):
            row = RoomRow(
                code=security.new_room_code(),
                game=name,
                language=language,
                options=resolved,
                created_ms=server.manager.clock(),
                takeover_s=takeover,
                table_token_hash=None if table_token is None else security.hash_token(table_token),
            )
            try:
                room = await server.manager.create(row)
            except ProtocolError as exc:  # the store is unreachable: busy
                return error_response(503, exc.code, exc.message)
            if room is not None:
                url = server.join_link(request, row.code).url
                made: dict[str, Any] = {
                    "code": row.code,
                    "url": url,
                    "qr_svg_url": f"/api/rooms/{row.code}/qr.svg",
                }
                if table_token is not None:
                    made["table_token"] = table_token
                return JSONResponse(made, status_code=201)
        return error_response(503, "busy", "no free room code found, try again")

    async def room_info(request: Request) -> Response:
        room = await server.lookup(request)
        if isinstance(room, Response):
            return room
        return Response(_json.encode(room.info()), media_type="application/json")

    async def room_qr(request: Request) -> Response:
        room = await server.lookup(request)
        if isinstance(room, Response):
            return room
        buffer = io.BytesIO()
        segno.make(server.join_link(request, room.code).url, error="m").save(
            buffer, kind="svg", scale=8, border=2, xmldecl=False, svgns=True, title=room.code
        )
        return Response(buffer.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-cache"})

    async def room_join(request: Request) -> Response:
        room = await server.lookup(request)
        if isinstance(room, Response):
            return room
        link = server.join_link(request, room.code)
        return JSONResponse({"url": link.url, "reachable": link.reachable, "hint": link.hint})

    async def game_record(request: Request) -> Response:
        room = await server.lookup(request)
        if isinstance(room, Response):
            return room
        number = int(request.path_params["n"])
        past = next((p for p in room.row.evening if p.result.n == number), None)
        if past is None:
            return error_response(
                404, "unknown_game", f"game {number} of this room is not finished (or never was)"
            )
        entries = await server.manager.store.entries(room.code, number)
        record = Record(
            game=past.config.game,
            rules_version=past.rules_version,
            config=past.config,
            entries=[Entry(e.seat, e.action, e.t) for e in entries],
            id=f"{room.code}-{number}",
            names=list(past.result.names),
        )
        filename = f"tischrunde-{room.code}-{number}-{past.config.game}.json"
        return Response(
            dumps(record),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{filename}"'},
        )

    return [
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{code}", room_info),
        Route("/api/rooms/{code}/qr.svg", room_qr),
        Route("/api/rooms/{code}/join", room_join),
        Route("/api/rooms/{code}/games/{n:int}/record.json", game_record),
    ]


async def read_body(request: Request, timeout_s: float) -> bytes | None:
    """The body, or None if it is too large; TimeoutError if it takes longer than ``timeout_s``."""
    chunks = []
    size = 0
    async with asyncio.timeout(timeout_s):
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                return None
            chunks.append(chunk)
    return b"".join(chunks)
