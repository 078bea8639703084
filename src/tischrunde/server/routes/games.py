"""The games as HTTP resources: their specs, their public content and their built-in picture art, each
asked of the game itself (its ``spec`` and its content hook, ``core.content``).

    GET /api/games                         [GameSpec + {"bots", "default_bot", "bot_levels"}, ...]
    GET /api/games/NAME/content            the game's public content for the UI (see ``game_content``)
    GET /api/games/NAME/pictures/ID.svg    one built-in picture of the game (see ``game_picture``)

Content and pictures change only with a new server version: they are cached for an hour and then
revalidated by their ETag (a hash of the body), as the web app's files without a version are.
"""

from __future__ import annotations

import hashlib

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tischrunde.bots import LEVELS, bot_kinds
from tischrunde.server.errors import error_response
from tischrunde.server.lobby import default_bot, loadable_games

_json = msgspec.json.Encoder()


async def games(request: Request) -> Response:
    """Every game that loads, with its bots."""
    out = []
    for name, game in loadable_games().items():
        entry = msgspec.to_builtins(game.spec)
        entry["bots"] = list(bot_kinds(name))
        entry["default_bot"] = default_bot(name)
        entry["bot_levels"] = list(LEVELS)
        out.append(entry)
    return Response(_json.encode(out), media_type="application/json")


def _revalidated(request: Request, body: bytes, media_type: str, headers: dict[str, str]) -> Response:
    """``body`` cached for an hour, then revalidated by its ETag (304 when the client has it)."""
    etag = '"' + hashlib.blake2b(body, digest_size=8).hexdigest() + '"'
    headers = {"Cache-Control": "public, max-age=3600", "ETag": etag, **headers}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


async def game_content(request: Request) -> Response:
    """A game's public content (``GameContent.public``), the same for every room: what the UI would
    otherwise copy by hand. A JSON object whose keys the game chooses (its ``content.public_content`` names
    them): the deck in card-id order (``{"cards": [...]}``, each card an object or an
    ``[emoji, name_de, name_en]`` triple), the board (``"board"``: the symbols of each field in order, and
    ``"symbols"``), the table's shape (``"rows"``, ``"columns"``, ``"row_names"``, ``"picture_count"``),
    letter colours and foldings (``"colours"``, ``"umlauts"``); ``{}`` for a game that has none.

    404 ``unknown_game`` for a game that is not served."""
    name = str(request.path_params["name"])
    game = loadable_games().get(name)
    if game is None:
        return error_response(404, "unknown_game", f"there is no game {name!r}", "name")
    body = _json.encode(game.content.public())
    return _revalidated(request, body, "application/json", {})


async def game_picture(request: Request) -> Response:
    """One built-in picture of a game as a self-contained SVG (no scripts, no outside references).

    A deck's art is regenerated now and then (same ids, new scenes), so it is revalidated rather than kept
    forever. 404 ``unknown_picture`` for a game without art or an id it does not have."""
    name = str(request.path_params["name"])
    raw = str(request.path_params["card_id"])
    game = loadable_games().get(name)
    draw = None if game is None else game.content.picture_svg
    svg: str | None = None
    if draw is not None and raw.isdigit():
        try:
            svg = draw(int(raw))
        except (ValueError, KeyError, IndexError):
            svg = None
    if svg is None:
        return error_response(404, "unknown_picture", f"there is no picture {raw!r} of the game {name!r}")
    csp = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"}
    return _revalidated(request, svg.encode(), "image/svg+xml", csp)


def game_routes() -> list[Route]:
    """The routes above, for the app's route list."""
    return [
        Route("/api/games", games),
        Route("/api/games/{name}/content", game_content),
        Route("/api/games/{name}/pictures/{card_id}.svg", game_picture),
    ]
