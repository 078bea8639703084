"""A room's own content as a deck file: save it from one room, load it in another.

Own content itself lives in the game options (checked by the engines, so the protocol's ``set_options``
takes it too): each game that takes own words or categories names the option and its key in a deck file
(``GameContent.own_part``). A deck file holds a part for every such game::

    {"tischrunde_deck": 1, "<deck key>": [...], "<another deck key>": [...]}

    GET  /api/rooms/CODE/deck   any seat's ``Authorization: Bearer TOKEN``: the room's own content as a file
                                (``content-disposition: attachment``)
    POST /api/rooms/CODE/deck   the host, in the lobby: the body is a deck file (at most ``MAX_DECK_BYTES``);
                                the part for the room's game replaces its own content (the room's options;
                                every seat gets the new RoomInfo). 200 {"game", "count"}.

A bad file changes nothing and is refused with ``bad_deck_file`` and a message naming the line (JSON that
does not parse) or the field (``<deck key>[3]``, ``<deck key>[0].title``); ``empty_deck`` when the file
holds nothing for the room's game, ``no_own_content`` when the room's game takes none.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tischrunde.core.content import OwnPart
from tischrunde.core.errors import ConfigError
from tischrunde.server.errors import ProtocolError, error_response
from tischrunde.server.lobby import check_options, loadable_games, require_lobby
from tischrunde.server.server import Server
from tischrunde.server.store import RoomRow

FORMAT = "tischrunde_deck"
VERSION = 1
MAX_DECK_BYTES = 64 * 1024
_json = msgspec.json.Encoder()


def deck_parts() -> dict[str, OwnPart]:
    """The own part of every game that takes one, by game name."""
    parts = {name: game.content.own_part for name, game in loadable_games().items()}
    return {name: part for name, part in parts.items() if part is not None}


class DeckError(ProtocolError):
    """A deck file the server refuses; ``field`` names where (or None for the whole file)."""


def parse_deck(data: bytes) -> dict[str, Any]:
    """A deck file's content, checked: every game's part by its deck key (``[]`` where the file has none)."""
    if len(data) > MAX_DECK_BYTES:
        raise DeckError("bad_deck_file", f"a deck file may be at most {MAX_DECK_BYTES // 1024} KB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DeckError("bad_deck_file", f"line {line}: the file is not UTF-8 text") from exc
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeckError(
            "bad_deck_file", f"line {exc.lineno}, column {exc.colno}: not JSON ({exc.msg})"
        ) from exc
    except RecursionError as exc:
        raise DeckError("bad_deck_file", "the JSON nests too deeply") from exc
    if not isinstance(raw, dict):
        raise DeckError("bad_deck_file", "a deck file is one JSON object {...}")
    if raw.get(FORMAT) != VERSION:
        raise DeckError(
            "bad_deck_file", f'"{FORMAT}": {VERSION} is missing: not a tischrunde deck file', FORMAT
        )
    parts = deck_parts().values()
    known = {FORMAT, *(part.deck_key for part in parts)}
    for key in raw:
        if key not in known:
            raise DeckError(
                "bad_deck_file", f"unknown field {key!r} (known: {', '.join(sorted(known))})", key
            )
    content = {part.deck_key: raw.get(part.deck_key, []) for part in parts}
    for part in parts:
        try:
            part.check(content[part.deck_key])
        except ConfigError as exc:
            field = exc.field.replace(f"options.{part.option}", part.deck_key)
            raise DeckError("bad_deck_file", f"{field}: {exc.allowed}", field) from exc
    return content


def deck_file(options: dict[str, Any], game: str) -> dict[str, Any]:
    """The deck file of a room's options (its own content; empty parts for the other games)."""
    out: dict[str, Any] = {FORMAT: VERSION}
    for name, part in deck_parts().items():
        out[part.deck_key] = list(options.get(part.option, [])) if name == game else []
    return out


def deck_routes(server: Server) -> list[Route]:
    """The two routes above, for the app's route list."""

    async def download(request: Request) -> Response:
        found = await server.seated(request)
        if isinstance(found, Response):
            return found
        room, _ = found
        body = json.dumps(deck_file(room.row.options, room.row.game), ensure_ascii=False, indent=1)
        return Response(
            body.encode(),
            media_type="application/json",
            headers={
                "content-disposition": f'attachment; filename="tischrunde-{room.row.game}-deck.json"',
                "cache-control": "no-store",
            },
        )

    async def upload(request: Request) -> Response:
        found = await server.seated(request)
        if isinstance(found, Response):
            return found
        room, seat = found
        if seat != room.row.host_seat:
            return error_response(403, "not_host", "only the host loads a deck file")
        part = room.game.content.own_part
        if part is None:
            return error_response(409, "no_own_content", "this room's game takes no own words or categories")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_DECK_BYTES:
                return error_response(
                    413, "too_large", f"a deck file may be at most {MAX_DECK_BYTES // 1024} KB"
                )
            chunks.append(chunk)
        try:
            deck = parse_deck(b"".join(chunks))
        except DeckError as exc:
            return error_response(400, exc.code, exc.message, exc.field)
        key, option = part.deck_key, part.option
        if not deck[key]:
            return error_response(400, "empty_deck", f"the file has no {key} for this game", key)
        game = room.game

        def change(row: RoomRow) -> None:
            require_lobby(row)
            row.options = check_options(game, {**row.options, option: deck[key]})

        try:
            await room.mutate(change)
        except ProtocolError as exc:
            return error_response(409, exc.code, exc.message)
        except ConfigError as exc:
            return error_response(400, "bad_deck_file", f"{key}: {exc.allowed}", exc.field)
        body = {"game": room.row.game, "count": len(deck[key])}
        return Response(_json.encode(body), media_type="application/json")

    return [
        Route("/api/rooms/{code}/deck", download, methods=["GET"]),
        Route("/api/rooms/{code}/deck", upload, methods=["POST"]),
    ]
