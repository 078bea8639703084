"""A room's own pictures for Stella: the host uploads photos, the server cleans them, the room sees them.

    POST   /api/rooms/CODE/pictures        the host seat's ``Authorization: Bearer TOKEN``, in the lobby of a
                                           Stella room; the body is one JPEG, PNG or WebP file (at most 8 MB).
                                           201 {"id", "url", "count"}: the cleaned picture and how many the room
                                           has now (200 with the same answer when the room has it already)
    GET    /api/rooms/CODE/pictures        any seat's token: {"pictures": [{"id", "url"}], "count", "min", "max"}
    DELETE /api/rooms/CODE/pictures/ID     the host, in the lobby: 200 {"count"}
    GET    /api/rooms/CODE/pictures/ID     the picture itself (no token: its id is the capability)

Every upload is decoded and drawn anew with Pillow: the server never serves the uploaded bytes. The copy it
keeps has no metadata at all (no EXIF with where a phone photo was taken, no ICC profile, no text chunks), is
turned upright by its EXIF orientation first, and is at most ``MAX_SIDE`` pixels on its longer side; an opaque
picture is kept as JPEG, one with transparency as PNG. Its id is a hash of the kept bytes (content-addressed,
128 bits): a URL that names the room and an id nobody can guess, so only the room's connections, who are told
the ids, can fetch it. Refused, with a code and a message naming the reason: files that are not JPEG, PNG or
WebP (``unsupported_type``; SVG and HTML get ``not_an_image``), ``too_large`` bodies, ``truncated`` and
``corrupt`` files, ``too_many_pixels`` and ``decompression_bomb``. The pictures live in the store (SQLite or
Redis, so every process serves them) until ``Store.drop_pictures``.

Dealing (``deal``, when a Stella game starts): Stella's option ``own_pictures`` says how the room's uploads
are used. ``only`` (the default; it needs at least ``MIN_PICTURES``): the game's picture deck is the uploads,
shuffled; when a game needs more pictures than were uploaded, pictures that have left the table come back
(the row that leaves now never comes straight back); with fewer than 20 uploads, built-in pictures fill a
row whenever every upload is on the table. ``mixed``: the uploads shuffled into the built-in deck. ``off`` (or no
uploads): the built-in deck. The deck goes to the engine as ``Config.decks["pictures"]``: an own picture
card is ``OWN_BASE + k`` and shows ``RoomRow.game_pictures[k]`` (the list the room's ``RoomInfo.pictures``
carries, sorted by picture id so that it tells nobody the order of the face-down pile), a built-in one keeps
its id. Both are kept in the room row, so a restart replays the same game.
Bots score pictures by their tags, which uploads do not have: ``add_bot`` and ``start`` refuse bots while
the room would deal its own pictures (``bots_need_tags``).
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import re
import time
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec
from PIL import Image, ImageOps, UnidentifiedImageError
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tischrunde.core import rng
from tischrunde.games.stella.content import COLUMNS, GRID_SIZE, PICTURE_COUNT, ROW_NAMES
from tischrunde.server import security
from tischrunde.server.rooms import store_reachable
from tischrunde.server.store import RoomRow

if TYPE_CHECKING:
    from tischrunde.server.app import Server
    from tischrunde.server.rooms import Room

MAX_UPLOAD_BYTES = 8 * 1024 * 1024
#: the most pixels an upload may have (a 50-megapixel phone photo is fine)
MAX_PIXELS = 50_000_000
#: more pixels per byte of file than this, and a file over the pixel cap is a decompression bomb
BOMB_PIXELS_PER_BYTE = 1_000
MAX_SIDE = 1600
#: uploads a room may send per minute (each one is decoded: this bounds the work one host can cause)
UPLOADS_PER_MINUTE = 120
MIN_PICTURES = 15
MAX_PICTURES = 300
JPEG_QUALITY = 85
#: the card id of the first own picture of a game (built-in pictures are 0..PICTURE_COUNT-1)
OWN_BASE = 1000
NOT_IN_LOBBY = "pictures are added and removed in the lobby, before the game"
_ID = re.compile(r"[0-9a-f]{32}")
_FORMATS = {b"\xff\xd8\xff": "JPEG", b"\x89PNG\r\n\x1a\n": "PNG"}
_json = msgspec.json.Encoder()


class PictureError(Exception):
    """An upload the server refuses; ``code`` names the reason."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


class CleanPicture(msgspec.Struct, frozen=True):
    id: str
    data: bytes
    media_type: str


def sniff(data: bytes) -> str:
    """The format the file's first bytes say it is (JPEG, PNG, WEBP), or a refusal."""
    for magic, name in _FORMATS.items():
        if data.startswith(magic):
            return name
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith(b"<"):
        kind = "SVG" if b"<svg" in head else "HTML or XML"
        raise PictureError("not_an_image", f"this is {kind}, not a photo: upload a JPEG, PNG or WebP file")
    raise PictureError("unsupported_type", "upload a JPEG, PNG or WebP file (this is none of them)")


def media_type(data: bytes) -> str:
    """The content type of bytes the server made (JPEG or PNG)."""
    return "image/png" if data.startswith(b"\x89PNG") else "image/jpeg"


def clean(data: bytes) -> CleanPicture:
    """Decode an upload and draw it anew: upright, at most ``MAX_SIDE`` px, no metadata. Raises PictureError."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise PictureError("too_large", f"a picture may be at most {MAX_UPLOAD_BYTES // 2**20} MB", 413)
    if not data:
        raise PictureError("corrupt", "the upload is empty")
    kind = sniff(data)
    if kind == "WEBP" and int.from_bytes(data[4:8], "little") + 8 > len(data):
        raise PictureError("truncated", "the file ends too early (truncated)")
    try:
        result = _redraw(_decode(data, kind))
    except PictureError:
        raise
    except Image.DecompressionBombError as exc:  # Pillow's own cap, far above ours
        if len(data) * BOMB_PIXELS_PER_BYTE < 2 * (Image.MAX_IMAGE_PIXELS or MAX_PIXELS):
            raise PictureError("decompression_bomb", f"refused as a decompression bomb ({exc})") from exc
        raise PictureError(
            "too_many_pixels", f"more than {MAX_PIXELS // 1_000_000} megapixels ({exc})"
        ) from exc
    except OSError as exc:
        if "truncated" in str(exc).lower() or "end of file" in str(exc).lower():
            raise PictureError("truncated", "the file ends too early (truncated)") from exc
        raise PictureError("corrupt", f"the {kind} file cannot be read ({exc})") from exc
    except (UnidentifiedImageError, SyntaxError, ValueError, EOFError, IndexError, TypeError) as exc:
        if "decompressed data too large" in str(exc).lower():
            raise PictureError("decompression_bomb", "a chunk unpacks to too much data") from exc
        raise PictureError("corrupt", f"the {kind} file cannot be read ({exc})") from exc
    return CleanPicture(hashlib.sha256(result).hexdigest()[:32], result, media_type(result))


def _decode(data: bytes, kind: str) -> Image.Image:
    """The upload's first frame, decoded and turned upright, once its size is known to be within the caps."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the caps here are ours
        image = Image.open(io.BytesIO(data), formats=[kind])
        width, height = image.size
        if width * height > MAX_PIXELS:
            if width * height > BOMB_PIXELS_PER_BYTE * len(data):
                raise PictureError(
                    "decompression_bomb",
                    f"{width}x{height} pixels packed into {len(data)} bytes: refused as a decompression bomb",
                )
            raise PictureError(
                "too_many_pixels", f"{width}x{height} is more than {MAX_PIXELS // 1_000_000} megapixels"
            )
        if kind == "JPEG":
            image.draft("RGB", (MAX_SIDE, MAX_SIDE))  # decode at a smaller scale: less memory and time
        image.load()
        upright: Image.Image = ImageOps.exif_transpose(image)
        return upright


def _redraw(image: Image.Image) -> bytes:
    """A new picture with the pixels only (no metadata), at most ``MAX_SIDE`` px: PNG if see-through, else JPEG."""
    if image.mode in ("I", "F") or image.mode.startswith("I;16"):  # 16-bit grey: 0..65535
        if _band_range(image)[1] > 255:
            image = image.convert("I").point(lambda v: v / 257)
        image = image.convert("L")
    image.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    alpha = image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)
    if alpha:  # an animated WebP is RGBA even when nothing in it is see-through
        alpha = _band_range(image.convert("RGBA").getchannel("A"))[0] < 255
    fresh = Image.new("RGBA" if alpha else "RGB", image.size)  # a new image: nothing of the old one's info
    fresh.paste(image.convert(fresh.mode))
    out = io.BytesIO()
    if alpha:
        fresh.save(out, "PNG", optimize=True)
    else:
        fresh.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue()


def _band_range(image: Image.Image) -> tuple[float, float]:
    """The lowest and highest value of a one-band image."""
    low, high = image.getextrema()
    assert isinstance(low, (int, float)) and isinstance(high, (int, float))
    return low, high


# --- dealing -------------------------------------------------------------------------------------


class DealRefused(Exception):
    """The game cannot start on the room's pictures; ``code`` names the reason (see ``deal``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def own_mode(options: dict[str, Any], uploads: int) -> str:
    """How the room deals its uploads now: ``only``, ``mixed``, or ``off`` (also when there are none)."""
    mode = str(options.get("own_pictures", "only"))
    return "off" if uploads == 0 else mode


def bots_refused(options: dict[str, Any], uploads: int) -> str | None:
    """Why no bot may sit at this Stella table (the room deals own pictures), or None."""
    if own_mode(options, uploads) == "off":
        return None
    return (
        "bots choose pictures by their hidden tags, and uploaded pictures have none: remove the room's "
        "own pictures or set the option own_pictures to off to play with bots"
    )


def deal(row: RoomRow, uploads: list[str]) -> None:
    """Stack the picture deck of the game that ``rooms.start_game`` has just begun (rules: module docstring).

    Raises DealRefused (nothing saved: the room changes a copy) for too few pictures or seated bots."""
    row.decks, row.game_pictures = None, []
    if row.game != "stella":
        return
    mode = own_mode(row.options, len(uploads))
    if mode == "off":
        return
    if mode == "only" and len(uploads) < MIN_PICTURES:
        raise DealRefused(
            "too_few_pictures",
            f"upload at least {MIN_PICTURES} pictures (the room has {len(uploads)}), or set own_pictures "
            "to mixed or off",
        )
    if any(seat.kind == "bot" for seat in row.seats):
        raise DealRefused("bots_need_tags", bots_refused(row.options, len(uploads)) or "")
    state = rng.seed_state(row.seed * 31 + 7)
    own, state = rng.shuffled(state, uploads)
    builtin, state = rng.shuffled(state, range(PICTURE_COUNT))
    cards: list[str | int]
    if mode == "mixed":
        pool: list[str | int] = [*own, *builtin]
        mixed, state = rng.shuffled(state, pool)
        cards = list(mixed)
    else:
        cards = _only_own(list(own), list(builtin), row.options)
    # own cards are numbered in the order of their pictures' ids, not in the order they are dealt: every seat
    # sees RoomInfo.pictures, and the pile's order stays hidden in the engine
    seen: dict[str, int] = {}
    dealt: list[tuple[str, int] | int] = []
    for card in cards:
        if isinstance(card, str):
            seen[card] = seen.get(card, -1) + 1
            dealt.append((card, seen[card]))
        else:
            dealt.append(card)
    numbered = sorted(c for c in dealt if isinstance(c, tuple))
    number = {c: OWN_BASE + k for k, c in enumerate(numbered)}
    row.game_pictures = [picture for picture, _ in numbered]
    row.decks = {"pictures": [number[c] if isinstance(c, tuple) else c for c in dealt]}


def _only_own(own: list[str], builtin: list[int], options: dict[str, Any]) -> list[str | int]:
    """The cards a game of ``options["rounds"]`` rounds deals from ``own`` uploads, in order (the grid
    first, then one row per later round): fresh uploads first, then those that have been off the table
    longest; a built-in picture only when no upload is off the table."""
    order = [ROW_NAMES.index(name) for name in str(options["row_order"]).split(",")]
    grid: list[str | int] = list(own[:GRID_SIZE])
    waiting: list[str] = own[GRID_SIZE:]  # off the table, next first
    cards = list(grid)
    spare = iter(builtin)
    for done in range(int(options["rounds"]) - 1):
        start = order[done % len(order)] * COLUMNS
        leaving = grid[start : start + COLUMNS]
        fresh: list[str | int] = [waiting.pop(0) if waiting else next(spare) for _ in range(COLUMNS)]
        grid[start : start + COLUMNS] = fresh
        waiting.extend(card for card in leaving if isinstance(card, str))
        cards.extend(fresh)
    return cards


async def dealing(room: Room, uploads: list[str], change: Callable[[RoomRow], None]) -> None:
    """``room.mutate(change)`` for a start that deals (``change`` calls ``deal(row, uploads)``): ``uploads``
    is filled with the room's pictures under the room's lock, which every removal and addition takes too, so
    each of them comes wholly before the deal (and is dealt, or not) or after it (and is refused: the game
    has started)."""
    with store_reachable():
        async with room.lock:
            uploads[:] = await room.manager.store.picture_ids(room.code)
            await room._mutate(change)


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def seat_and_room(server: Server, request: Request) -> tuple[Room, int] | Response:
    """The room of the URL and the seat of the request's ``Authorization: Bearer TOKEN``, or a refusal."""
    from tischrunde.server.app import _error  # app imports this module

    room = await server._lookup(request)
    if isinstance(room, Response):
        return room
    token = _bearer(request)
    seat = None if token is None else room.seat_of(security.hash_token(token))
    if seat is None:
        return _error(401, "not_a_seat", "send the Authorization: Bearer token of a seat in this room")
    return room, seat


def picture_url(code: str, picture_id: str) -> str:
    return f"/api/rooms/{code}/pictures/{picture_id}"


def picture_routes(server: Server) -> list[Route]:
    """The routes above, for the app's route list."""
    from tischrunde.server.app import _error  # app imports this module

    store = server.manager.store
    decoding = asyncio.Semaphore(1)  # one picture decoded at a time, in a thread: bounded memory, a free loop
    uploads = security.Throttle(UPLOADS_PER_MINUTE, 60.0)  # per room

    async def seat_of(request: Request) -> tuple[Room, int] | Response:
        return await seat_and_room(server, request)

    async def as_host(request: Request) -> Room | Response:
        found = await seat_of(request)
        if isinstance(found, Response):
            return found
        room, seat = found
        if seat != room.row.host_seat:
            return _error(403, "not_host", "only the host adds or removes pictures")
        if room.row.game != "stella":
            return _error(409, "not_stella", "only Stella rooms have pictures of their own")
        if room.row.status != "lobby":
            return _error(409, "not_in_lobby", NOT_IN_LOBBY)
        return room

    async def upload(request: Request) -> Response:
        room = await as_host(request)
        if isinstance(room, Response):
            return room
        now = time.monotonic()
        if not uploads.allowed(room.code, now):
            return _error(
                429, "rate_limited", f"at most {UPLOADS_PER_MINUTE} uploads a minute, wait a moment"
            )
        uploads.miss(room.code, now)
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_UPLOAD_BYTES:
            return _error(413, "too_large", f"a picture may be at most {MAX_UPLOAD_BYTES // 2**20} MB")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_UPLOAD_BYTES:
                return _error(413, "too_large", f"a picture may be at most {MAX_UPLOAD_BYTES // 2**20} MB")
            chunks.append(chunk)
        try:
            async with decoding:
                picture = await asyncio.to_thread(clean, b"".join(chunks))
        except PictureError as exc:
            return _error(exc.status, exc.code, exc.message)
        async with room.lock:  # not while a game is being dealt (``dealing``)
            if room.row.status != "lobby":
                return _error(409, "not_in_lobby", NOT_IN_LOBBY)
            before = await store.picture_ids(room.code)
            count = await store.add_picture(room.code, picture.id, picture.data, MAX_PICTURES)
        if count is None:
            return _error(409, "too_many_pictures", f"a room has at most {MAX_PICTURES} pictures")
        body = {"id": picture.id, "url": picture_url(room.code, picture.id), "count": count}
        status = 200 if picture.id in before else 201
        return Response(_json.encode(body), status_code=status, media_type="application/json")

    async def listing(request: Request) -> Response:
        found = await seat_of(request)
        if isinstance(found, Response):
            return found
        room, _ = found
        ids = await store.picture_ids(room.code)
        body = {
            "pictures": [{"id": i, "url": picture_url(room.code, i)} for i in ids],
            "count": len(ids),
            "min": MIN_PICTURES,
            "max": MAX_PICTURES,
        }
        return Response(
            _json.encode(body), media_type="application/json", headers={"cache-control": "no-store"}
        )

    async def remove(request: Request) -> Response:
        room = await as_host(request)
        if isinstance(room, Response):
            return room
        picture_id = str(request.path_params["picture_id"])
        async with room.lock:  # a removal comes wholly before a deal (``dealing``) or is refused after it
            if room.row.status != "lobby":
                return _error(409, "not_in_lobby", NOT_IN_LOBBY)
            if not await store.remove_picture(room.code, picture_id):
                return _error(404, "unknown_picture", "this room has no such picture")
            count = len(await store.picture_ids(room.code))
        return Response(_json.encode({"count": count}), media_type="application/json")

    async def serve(request: Request) -> Response:
        room = await server._lookup(request)
        if isinstance(room, Response):
            return room
        picture_id = str(request.path_params["picture_id"])
        data = await store.picture(room.code, picture_id) if _ID.fullmatch(picture_id) else None
        if data is None:
            return _error(404, "unknown_picture", "this room has no such picture")
        return Response(
            data,
            media_type=media_type(data),
            headers={
                "cache-control": "private, max-age=86400, immutable",
                "content-security-policy": "default-src 'none'; sandbox",
                "content-disposition": "inline",
                "cross-origin-resource-policy": "same-origin",
            },
        )

    return [
        Route("/api/rooms/{code}/pictures", upload, methods=["POST"]),
        Route("/api/rooms/{code}/pictures", listing, methods=["GET"]),
        Route("/api/rooms/{code}/pictures/{picture_id}", serve, methods=["GET"]),
        Route("/api/rooms/{code}/pictures/{picture_id}", remove, methods=["DELETE"]),
    ]
