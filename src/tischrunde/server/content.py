"""Card art served by id: the browser shows pictures the engine only knows as numbers."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tischrunde.games.stella_art import picture_svg


async def stella_picture(request: Request) -> Response:
    """One Stella picture as a self-contained SVG (no scripts, no outside references)."""
    raw = request.path_params["card_id"]
    try:
        svg = picture_svg(int(raw))
    except (ValueError, KeyError, IndexError):
        return JSONResponse(
            {"code": "unknown_picture", "message": f"there is no Stella picture {raw!r}"}, status_code=404
        )
    return Response(
        svg,
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400, immutable"},
    )


CONTENT_ROUTES = [Route("/api/pictures/stella/{card_id}.svg", stella_picture)]
