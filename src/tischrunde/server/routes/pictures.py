"""A room's own pictures: the host uploads photos, the server cleans them, the room sees them.

    POST   /api/rooms/CODE/pictures        the host seat's ``Authorization: Bearer TOKEN``, in the lobby of a
                                           room whose game takes them; the body is one JPEG, PNG or WebP
                                           file (at most 8 MB).
                                           201 {"id", "url", "count"}: the cleaned picture and how many the room
                                           has now (200 with the same answer when the room has it already)
    GET    /api/rooms/CODE/pictures        any seat's token: {"pictures": [{"id", "url"}], "count", "min", "max"}
                                           (``min``: the fewest the game deals from alone)
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
start reads the pictures it deals under that lock. The pictures live in the store (SQLite or Redis, so
every process serves them) until ``Store.drop_pictures`` or the room is deleted.

Which rooms take pictures, how many a game needs and how a start deals them are the game's rules
(``GameContent.own_pictures``; the deal: ``lobby.deal``, under the room's lock: ``hostops``).
"""

from __future__ import annotations

import collections
import re
import time

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tischrunde.server import security
from tischrunde.server.decoding import MAX_UPLOAD_BYTES, Decoder, PictureError, media_type
from tischrunde.server.errors import error_response
from tischrunde.server.room import Room
from tischrunde.server.server import Server

#: uploads a room may send per minute (each one is decoded: this bounds the work one host can cause)
UPLOADS_PER_MINUTE = 120
#: uploads being received or decoded at once, per room, per address and in all (more: 503 uploads_busy)
UPLOADS_PER_ROOM = 2
UPLOADS_PER_ADDRESS = 4
UPLOADS_TOTAL = 8
#: the bytes of kept pictures one room may hold, and all rooms together (more: quota_room, quota_total)
ROOM_QUOTA_BYTES = 64 * 2**20
TOTAL_QUOTA_BYTES = 2 * 2**30
MAX_PICTURES = 300
NOT_IN_LOBBY = "pictures are added and removed in the lobby, before the game"
_ID = re.compile(r"[0-9a-f]{32}")
_json = msgspec.json.Encoder()


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


def picture_url(code: str, picture_id: str) -> str:
    return f"/api/rooms/{code}/pictures/{picture_id}"


class Pictures:
    """The routes above and what they keep: the decoding workers (``decoding.Decoder``, rooms in turn,
    stopped by ``close``), the uploads per minute of each room and the uploads under way."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.decoder = Decoder()

    async def close(self) -> None:
        """Stop the picture workers (when the server stops)."""
        await self.decoder.close()

    def routes(self) -> list[Route]:
        """The routes above, for the app's route list."""
        server = self.server
        store = server.manager.store
        decoder = self.decoder
        uploads = security.Throttle(UPLOADS_PER_MINUTE, 60.0)  # per room
        under_way = Uploads(UPLOADS_PER_ROOM, UPLOADS_PER_ADDRESS, UPLOADS_TOTAL)

        async def as_host(request: Request) -> Room | Response:
            found = await server.seated(request)
            if isinstance(found, Response):
                return found
            room, seat = found
            if seat != room.row.host_seat:
                return error_response(403, "not_host", "only the host adds or removes pictures")
            if room.game.content.own_pictures is None:
                return error_response(409, "no_own_pictures", "this room's game takes no pictures of its own")
            if room.row.status != "lobby":
                return error_response(409, "not_in_lobby", NOT_IN_LOBBY)
            return room

        async def upload(request: Request) -> Response:
            room = await as_host(request)
            if isinstance(room, Response):
                return room
            address = request.client.host if request.client else "unknown"
            if not under_way.enter(room.code, address):  # before the body is read: bounded memory
                busy = error_response(
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
                return error_response(
                    409,
                    "quota_room",
                    f"a room's pictures may take at most {ROOM_QUOTA_BYTES // 2**20} MB: remove some",
                )
            if await store.picture_bytes() + adding > TOTAL_QUOTA_BYTES:
                return error_response(
                    507,
                    "quota_total",
                    "the server's room for pictures is full: try again later, or play without",
                )
            return None

        async def receive(request: Request, room: Room) -> Response:
            now = time.monotonic()
            if not uploads.allowed(room.code, now):
                return error_response(
                    429, "rate_limited", f"at most {UPLOADS_PER_MINUTE} uploads a minute, wait a moment"
                )
            uploads.miss(room.code, now)
            declared = request.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > MAX_UPLOAD_BYTES:
                return error_response(
                    413, "too_large", f"a picture may be at most {MAX_UPLOAD_BYTES // 2**20} MB"
                )
            full = await over_quota(room, 1)
            if full is not None:
                return full
            chunks, size = [], 0
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_UPLOAD_BYTES:
                    return error_response(
                        413, "too_large", f"a picture may be at most {MAX_UPLOAD_BYTES // 2**20} MB"
                    )
                chunks.append(chunk)
            data = b"".join(chunks)
            del chunks
            try:
                picture = await decoder.clean(room.code, data)
            except PictureError as exc:
                refused = error_response(exc.status, exc.code, exc.message)
                if exc.retry_after is not None:
                    refused.headers["retry-after"] = str(exc.retry_after)
                return refused
            del data
            async with room.lock:  # not while a game is being dealt (``hostops``)
                if room.row.status != "lobby":
                    return error_response(409, "not_in_lobby", NOT_IN_LOBBY)
                before = await store.picture_ids(room.code)
                full = None if picture.id in before else await over_quota(room, len(picture.data))
                if full is not None:
                    return full
                count = await store.add_picture(room.code, picture.id, picture.data, MAX_PICTURES)
            if count is None:
                return error_response(409, "too_many_pictures", f"a room has at most {MAX_PICTURES} pictures")
            body = {"id": picture.id, "url": picture_url(room.code, picture.id), "count": count}
            status = 200 if picture.id in before else 201
            return Response(_json.encode(body), status_code=status, media_type="application/json")

        async def listing(request: Request) -> Response:
            found = await server.seated(request)
            if isinstance(found, Response):
                return found
            room, _ = found
            ids = await store.picture_ids(room.code)
            own = room.game.content.own_pictures
            body = {
                "pictures": [{"id": i, "url": picture_url(room.code, i)} for i in ids],
                "count": len(ids),
                "min": 0 if own is None else own.minimum,
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
            async with room.lock:  # a removal comes wholly before a deal (``hostops``) or is refused after it
                if room.row.status != "lobby":
                    return error_response(409, "not_in_lobby", NOT_IN_LOBBY)
                if not await store.remove_picture(room.code, picture_id):
                    return error_response(404, "unknown_picture", "this room has no such picture")
                count = len(await store.picture_ids(room.code))
            return Response(_json.encode({"count": count}), media_type="application/json")

        async def serve(request: Request) -> Response:
            room = await server.lookup(request)
            if isinstance(room, Response):
                return room
            picture_id = str(request.path_params["picture_id"])
            data = await store.picture(room.code, picture_id) if _ID.fullmatch(picture_id) else None
            if data is None:
                return error_response(404, "unknown_picture", "this room has no such picture")
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
