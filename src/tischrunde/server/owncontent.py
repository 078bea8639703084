"""A room's own content as a deck file: save it from one room, load it in another.

Own content itself lives in the game options (checked by the engines, so the protocol's ``set_options`` takes
it too): Stella's ``own_words`` (word cards of one or two words, dealt before the built-in cards) and
Wordland's ``own_categories`` (``{"title", "words"}``; the words are optional and are what bots say and
``could_have_said`` shows). A deck file holds both::

    {"tischrunde_deck": 1,
     "stella_words": [["Oma", "Garten"], ["Urlaub"]],
     "wordland_categories": [{"title": "Onkel Karls Hobbys", "words": ["angeln", "kegeln"]}]}

    GET  /api/rooms/CODE/deck   any seat's ``Authorization: Bearer TOKEN``: the room's own content as a file
                                (``content-disposition: attachment``)
    POST /api/rooms/CODE/deck   the host, in the lobby: the body is a deck file (at most ``MAX_DECK_BYTES``);
                                the part for the room's game replaces its own content (the room's options;
                                every seat gets the new RoomInfo). 200 {"game", "count"}.

A bad file changes nothing and is refused with ``bad_deck_file`` and a message naming the line (JSON that
does not parse) or the field (``stella_words[3]``, ``wordland_categories[0].title``); ``empty_deck`` when the
file holds nothing for the room's game.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tischrunde.core.errors import ConfigError
from tischrunde.games.stella.content import check_own_words
from tischrunde.games.wordland.content import check_own_categories

if TYPE_CHECKING:
    from tischrunde.server.app import Server
    from tischrunde.server.store import RoomRow

FORMAT = "tischrunde_deck"
VERSION = 1
MAX_DECK_BYTES = 64 * 1024
#: the deck file's key for each game and the option it fills
PARTS = {"stella": ("stella_words", "own_words"), "wordland": ("wordland_categories", "own_categories")}
_json = msgspec.json.Encoder()


class DeckError(Exception):
    """A deck file the server refuses; ``field`` names where (or None for the whole file)."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field


def parse_deck(data: bytes) -> dict[str, Any]:
    """A deck file's content, checked: ``{"stella_words": [...], "wordland_categories": [...]}``."""
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
    known = {FORMAT, *(key for key, _ in PARTS.values())}
    for key in raw:
        if key not in known:
            raise DeckError(
                "bad_deck_file", f"unknown field {key!r} (known: {', '.join(sorted(known))})", key
            )
    words, categories = raw.get("stella_words", []), raw.get("wordland_categories", [])
    try:
        check_own_words(words)
        check_own_categories(categories)
    except ConfigError as exc:
        field = exc.field.replace("options.own_words", "stella_words").replace(
            "options.own_categories", "wordland_categories"
        )
        raise DeckError("bad_deck_file", f"{field}: {exc.allowed}", field) from exc
    return {"stella_words": words, "wordland_categories": categories}


def deck_file(options: dict[str, Any], game: str) -> dict[str, Any]:
    """The deck file of a room's options (its own content; empty parts for the other game)."""
    out: dict[str, Any] = {FORMAT: VERSION}
    for name, (key, option) in PARTS.items():
        out[key] = list(options.get(option, [])) if name == game else []
    return out


def owncontent_routes(server: Server) -> list[Route]:
    """The two routes above, for the app's route list."""
    from tischrunde.server.app import _error, check_options
    from tischrunde.server.pictures import seat_and_room
    from tischrunde.server.rooms import ProtocolError, require_lobby

    async def download(request: Request) -> Response:
        found = await seat_and_room(server, request)
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
        found = await seat_and_room(server, request)
        if isinstance(found, Response):
            return found
        room, seat = found
        if seat != room.row.host_seat:
            return _error(403, "not_host", "only the host loads a deck file")
        if room.row.game not in PARTS:
            return _error(409, "no_own_content", "only Stella and Wordland take own words and categories")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_DECK_BYTES:
                return _error(413, "too_large", f"a deck file may be at most {MAX_DECK_BYTES // 1024} KB")
            chunks.append(chunk)
        try:
            deck = parse_deck(b"".join(chunks))
        except DeckError as exc:
            return _error(400, exc.code, exc.message, exc.field)
        key, option = PARTS[room.row.game]
        if not deck[key]:
            return _error(400, "empty_deck", f"the file has no {key} for this game", key)
        game = room.game

        def change(row: RoomRow) -> None:
            require_lobby(row)
            row.options = check_options(game, {**row.options, option: deck[key]})

        try:
            await room.mutate(change)
        except ProtocolError as exc:
            return _error(409, exc.code, exc.message)
        except ConfigError as exc:
            return _error(400, "bad_deck_file", f"{key}: {exc.allowed}", exc.field)
        body = {"game": room.row.game, "count": len(deck[key])}
        return Response(_json.encode(body), media_type="application/json")

    return [
        Route("/api/rooms/{code}/deck", download, methods=["GET"]),
        Route("/api/rooms/{code}/deck", upload, methods=["POST"]),
    ]
