"""Card art served by id: the browser shows pictures the engine only knows as numbers."""

from __future__ import annotations

import hashlib

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tischrunde.games.stella.art import picture_svg


async def stella_picture(request: Request) -> Response:
    """One Stella picture as a self-contained SVG (no scripts, no outside references).

    The deck is regenerated now and then (same ids, new scenes), so a picture is cached for an hour and then
    revalidated by its ETag rather than kept forever.
    """
    raw = request.path_params["card_id"]
    try:
        svg = picture_svg(int(raw))
    except (ValueError, KeyError, IndexError):
        return JSONResponse(
            {"code": "unknown_picture", "message": f"there is no Stella picture {raw!r}"}, status_code=404
        )
    etag = '"' + hashlib.blake2b(svg.encode(), digest_size=8).hexdigest() + '"'
    headers = {
        "Cache-Control": "public, max-age=3600",
        "ETag": etag,
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    }
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(svg, media_type="image/svg+xml", headers=headers)


CONTENT_ROUTES = [Route("/api/pictures/stella/{card_id}.svg", stella_picture)]
