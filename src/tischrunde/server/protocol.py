"""The WebSocket game protocol, version 1. Every frame is one JSON object with a ``type`` field.

HTTP (JSON):
    GET  /api/games                      -> [GameSpec + {bots:[kind...], default_bot, bot_levels}...]
                                            (options with defaults, de+en texts; add_bot's bot is
                                            "kind" or "kind:level", level one of bot_levels)
    POST /api/rooms {game, language, options, takeover_s?}
                                         -> {code, url, qr_svg_url}   (creating a room makes no seat)
                                            errors: HTTP 4xx with an Error body (code, message, field)
    GET  /api/rooms/{code}               -> RoomInfo (public; throttled per client to stop code scanning)
    GET  /api/rooms/{code}/qr.svg        -> QR code of the join link
    GET  /r/{code}                       -> the web app, opened on that room
    WS   /ws                             -> this protocol

Client -> server:
    Hello    {type:"hello", v:1, room, token?, name?, role:"player"|"spectator"|"table"}
             first frame. A valid token resumes its seat. Otherwise a player with a name takes a free
             seat (lobby only, room unlocked); anyone else watches (spectator/table get the public view).
    Act      {type:"act", version, action:{type:..., ...}}   version = the state version the client saw
    Host     {type:"host", op, seat?, bot?, options?, value?}
             op: start | kick | add_bot | remove_bot | set_options | lock | unlock | hand_host
                 | set_takeover (value = seconds an empty seat waits before a bot takes it; 0 = never)
                 | restart (new game, same room and seats)
    Ping     {type:"ping"}
    Leave    {type:"leave"}                 gives the seat up (in the lobby) / marks it left (in a game,
                                            a bot plays it at once); the server then closes the socket

Server -> client:
    Welcome  {type:"welcome", v:1, room, seat|null, token|null, role}
    RoomMsg  {type:"room", room: RoomInfo}    whenever seats, host, options or status change
             SeatInfo.bot: the bot kind of a bot seat, or of the stand-in bot playing for an absent
             person (kind "human", connected false) until they come back with their token.
    StateMsg {type:"state", version, view, legal:[action...], active:[seat...], deadline_ms|null,
              now_ms, events:[...], outcome|null}
             per connection: the view of its own seat only (spectators/table: view(None)).
             ``events`` are those since the previous version that this seat may see.
    Error    {type:"error", code, message, field?}   the offending frame changed nothing
    Pong     {type:"pong"}

Error codes (stable): bad_frame, too_large, rate_limited, unknown_room, room_locked, room_full,
bad_token, not_host, not_seated, stale_version, game_not_running, game_running (a lobby-only host op
during a game), bots_not_allowed (the game's spec.bots_in_rooms is false), kicked (sent to the
connections of a seat the host took away; they become spectators), busy (retry), and every engine
GameError code (illegal_action, not_your_turn, malformed_action, bad_config, ...).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

PROTOCOL_VERSION = 1
MAX_FRAME_BYTES = 16 * 1024

Role = Literal["player", "spectator", "table"]
HostOp = Literal[
    "start",
    "kick",
    "add_bot",
    "remove_bot",
    "set_options",
    "lock",
    "unlock",
    "hand_host",
    "set_takeover",
    "restart",
]


class ClientMsg(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """Base of client frames."""


class Hello(ClientMsg, frozen=True, tag="hello"):
    room: str
    v: int = PROTOCOL_VERSION
    token: str | None = None
    name: str | None = None
    role: Role = "player"


class Act(ClientMsg, frozen=True, tag="act"):
    version: int
    action: msgspec.Raw  # the game's own decoder reads it (Game.decode_action), once the version is current


class Host(ClientMsg, frozen=True, tag="host"):
    op: HostOp
    seat: int | None = None
    bot: str | None = None
    options: dict[str, Any] | None = None
    value: int | None = None


class Ping(ClientMsg, frozen=True, tag="ping"):
    pass


class Leave(ClientMsg, frozen=True, tag="leave"):
    pass


ClientFrame = Hello | Act | Host | Ping | Leave


class SeatInfo(msgspec.Struct, frozen=True):
    seat: int
    name: str
    kind: Literal["human", "bot", "empty"]
    connected: bool
    host: bool = False
    bot: str | None = None


class RoomInfo(msgspec.Struct, frozen=True):
    code: str
    game: str
    language: str
    options: dict[str, Any]
    status: Literal["lobby", "playing", "over"]
    locked: bool
    seats: list[SeatInfo]
    host_seat: int | None
    takeover_s: int
    spectators: int = 0


class ServerMsg(msgspec.Struct, frozen=True, tag_field="type"):
    """Base of server frames."""


class Welcome(ServerMsg, frozen=True, tag="welcome"):
    room: str
    seat: int | None
    token: str | None
    role: Role
    v: int = PROTOCOL_VERSION


class RoomMsg(ServerMsg, frozen=True, tag="room"):
    room: RoomInfo


class StateMsg(ServerMsg, frozen=True, tag="state"):
    version: int
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    active: list[int]
    deadline_ms: int | None
    now_ms: int
    events: list[dict[str, Any]]
    outcome: dict[str, Any] | None = None


class Error(ServerMsg, frozen=True, tag="error"):
    code: str
    message: str
    field: str | None = None


class Pong(ServerMsg, frozen=True, tag="pong"):
    pass
