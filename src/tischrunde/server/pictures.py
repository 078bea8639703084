"""A room's own pictures for Stella: the host uploads photos, the server cleans them, the room sees them.

    POST   /api/rooms/CODE/pictures        the host seat's ``Authorization: Bearer TOKEN``, in the lobby of a
                                           Stella room; the body is one JPEG, PNG or WebP file (at most 8 MB).
                                           201 {"id", "url", "count"}: the cleaned picture and how many the room
                                           has now (200 with the same answer when the room has it already)
    GET    /api/rooms/CODE/pictures        any seat's token: {"pictures": [{"id", "url"}], "count", "min", "max"}
    DELETE /api/rooms/CODE/pictures/ID     the host, in the lobby: 200 {"count"}
    GET    /api/rooms/CODE/pictures/ID     the picture itself (no token: its id is the capability)

Every upload is decoded and drawn anew with Pillow, in a worker process (``decoding``): the server never
serves the uploaded bytes. The copy it keeps has no metadata at all (no EXIF with where a phone photo was
taken, no ICC profile, no text chunks), is turned upright by its EXIF orientation, and is at most
``decoding.MAX_SIDE`` (1024) pixels on its longer side and ``decoding.MAX_STORED_BYTES``; an opaque picture is
kept as JPEG, one with transparency as lossy WebP (pictures kept as PNG by earlier versions are served as
they are). Its id is a hash of the kept bytes (content-addressed, 128 bits): a URL that names the room and an
id nobody can guess, so only the room's connections, who are told the ids, can fetch it. Refused, with a code
and a message naming the reason: files that are not JPEG, PNG or WebP (``unsupported_type``; SVG and HTML get
``not_an_image``), ``too_large`` bodies, ``truncated`` and ``corrupt`` files, ``too_many_pixels``,
``aspect_ratio`` and ``decompression_bomb`` (from the header, before decoding), ``picture_too_large`` (more
memory than a worker has), ``decode_timeout``, ``decode_budget`` (429: the room has used its decoding time),
``uploads_busy`` (503 with ``Retry-After``, before the body is read: ``UPLOADS_PER_ROOM``,
``UPLOADS_PER_ADDRESS``, ``UPLOADS_TOTAL`` uploads under way), ``quota_room`` (409: the room's pictures would
take more than ``ROOM_QUOTA_BYTES``) and ``quota_total`` (507: all rooms' pictures, ``TOTAL_QUOTA_BYTES``).
Additions and removals take the room's lock and are refused once the game has begun (``not_in_lobby``); the
start reads the pictures it deals under that lock (``dealing``). The pictures live in the store (SQLite or
Redis, so every process serves them) until ``Store.drop_pictures`` or the room is deleted.

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

import collections
import re
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tischrunde.core import rng
from tischrunde.games.stella.content import COLUMNS, GRID_SIZE, PICTURE_COUNT, ROW_NAMES
from tischrunde.server import security
from tischrunde.server.decoding import MAX_UPLOAD_BYTES, Decoder, PictureError, media_type
from tischrunde.server.rooms import store_reachable
from tischrunde.server.store import RoomRow

if TYPE_CHECKING:
    from tischrunde.server.app import Server
    from tischrunde.server.rooms import Room

#: uploads a room may send per minute (each one is decoded: this bounds the work one host can cause)
UPLOADS_PER_MINUTE = 120
#: uploads being received or decoded at once, per room, per address and in all (more: 503 uploads_busy)
UPLOADS_PER_ROOM = 2
UPLOADS_PER_ADDRESS = 4
UPLOADS_TOTAL = 8
#: the bytes of kept pictures one room may hold, and all rooms together (more: quota_room, quota_total)
ROOM_QUOTA_BYTES = 64 * 2**20
TOTAL_QUOTA_BYTES = 2 * 2**30
MIN_PICTURES = 15
MAX_PICTURES = 300
#: the card id of the first own picture of a game (built-in pictures are 0..PICTURE_COUNT-1)
OWN_BASE = 1000
NOT_IN_LOBBY = "pictures are added and removed in the lobby, before the game"
_ID = re.compile(r"[0-9a-f]{32}")
_json = msgspec.json.Encoder()
#: each server's decoder, stopped with the server (``close``)
_decoders: weakref.WeakKeyDictionary[Server, Decoder] = weakref.WeakKeyDictionary()


class Uploads:
    """How many uploads are under way per room, per address and in all; ``enter`` says no beyond the caps."""

    def __init__(self, per_room: int, per_address: int, total: int) -> None:
        self.caps = (per_room, per_address, total)
        self.rooms: collections.Counter[str] = collections.Counter()
        self.addresses: collections.Counter[str] = collections.Counter()
        self.total = 0

    def enter(self, room: str, address: str) -> bool:
        per_room, per_address, total = self.caps
        if self.rooms[room] >= per_room or self.addresses[address] >= per_address or self.total >= total:
            return False
        self.rooms[room] += 1
        self.addresses[address] += 1
        self.total += 1
        return True

    def leave(self, room: str, address: str) -> None:
        self.total -= 1
        for counter, key in ((self.rooms, room), (self.addresses, address)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]


async def close(server: Server) -> None:
    """Stop the server's picture workers (when the server stops)."""
    decoder = _decoders.pop(server, None)
    if decoder is not None:
        await decoder.close()


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
    decoder = _decoders[server] = Decoder()  # worker processes, rooms in turn (decoding.Decoder)
    uploads = security.Throttle(UPLOADS_PER_MINUTE, 60.0)  # per room
    under_way = Uploads(UPLOADS_PER_ROOM, UPLOADS_PER_ADDRESS, UPLOADS_TOTAL)

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
        address = request.client.host if request.client else "unknown"
        if not under_way.enter(room.code, address):  # before the body is read: bounded memory
            busy = _error(
                503,
                "uploads_busy",
                f"at most {UPLOADS_PER_ROOM} uploads at once per room, {UPLOADS_PER_ADDRESS} per address and "
                f"{UPLOADS_TOTAL} in all: try again in a moment",
            )
            busy.headers["retry-after"] = "2"
            return busy
        try:
            return await receive(request, room)
        finally:
            under_way.leave(room.code, address)

    async def over_quota(room: Room, adding: int) -> Response | None:
        """A refusal if ``adding`` more bytes would take the room or the server over its quota."""
        if await store.picture_bytes(room.code) + adding > ROOM_QUOTA_BYTES:
            return _error(
                409,
                "quota_room",
                f"a room's pictures may take at most {ROOM_QUOTA_BYTES // 2**20} MB: remove some",
            )
        if await store.picture_bytes() + adding > TOTAL_QUOTA_BYTES:
            return _error(
                507, "quota_total", "the server's room for pictures is full: try again later, or play without"
            )
        return None

    async def receive(request: Request, room: Room) -> Response:
        now = time.monotonic()
        if not uploads.allowed(room.code, now):
            return _error(
                429, "rate_limited", f"at most {UPLOADS_PER_MINUTE} uploads a minute, wait a moment"
            )
        uploads.miss(room.code, now)
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_UPLOAD_BYTES:
            return _error(413, "too_large", f"a picture may be at most {MAX_UPLOAD_BYTES // 2**20} MB")
        full = await over_quota(room, 1)
        if full is not None:
            return full
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_UPLOAD_BYTES:
                return _error(413, "too_large", f"a picture may be at most {MAX_UPLOAD_BYTES // 2**20} MB")
            chunks.append(chunk)
        data = b"".join(chunks)
        del chunks
        try:
            picture = await decoder.clean(room.code, data)
        except PictureError as exc:
            refused = _error(exc.status, exc.code, exc.message)
            if exc.retry_after is not None:
                refused.headers["retry-after"] = str(exc.retry_after)
            return refused
        del data
        async with room.lock:  # not while a game is being dealt (``dealing``)
            if room.row.status != "lobby":
                return _error(409, "not_in_lobby", NOT_IN_LOBBY)
            before = await store.picture_ids(room.code)
            full = None if picture.id in before else await over_quota(room, len(picture.data))
            if full is not None:
                return full
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
