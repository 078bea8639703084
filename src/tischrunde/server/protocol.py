"""The WebSocket game protocol, version 1. Every frame is one JSON object with a ``type`` field.

HTTP (JSON):
    GET  /api/games                      -> [GameSpec + {bots:[kind...], default_bot, bot_levels}...]
                                            (options with defaults, de+en texts; add_bot's bot is
                                            "kind" or "kind:level", level one of bot_levels)
    POST /api/rooms {game, language, options, takeover_s?, table?}
                                         -> {code, url, qr_svg_url, table_token?}   (creating a room
                                            makes no seat). table true (a laptop or TV making the room
                                            for the table screen): table_token, a secret kept only as
                                            its hash, lets that device say hello as the table screen
                                            with host rights (Hello below)
                                            errors: HTTP 4xx with an Error body (code, message, field)
    GET  /api/rooms/{code}               -> RoomInfo (public; throttled per client to stop code scanning)
    GET  /api/rooms/{code}/join          -> {url, reachable, hint|null}: the join link phones can open
                                            (rules below); reachable false when the server listens on
                                            loopback only, and hint says in English how to start it
    GET  /api/rooms/{code}/qr.svg        -> QR code of that same join link
    GET  /api/rooms/{code}/games/{n}/record.json
                                         -> the record of finished game n (``tischrunde replay`` reads
                                            it), with the seats' names; 404 unknown_game while n is not
                                            finished (a record holds every hidden card)
    POST/GET/DELETE /api/rooms/{code}/pictures[/{id}]
                                         -> a room's own pictures (server/routes/pictures.py)
    GET/POST /api/rooms/{code}/deck      -> own words / categories as a deck file (server/routes/decks.py)
    GET  /api/games, /api/games/{name}/content, /api/games/{name}/pictures/{id}.svg
                                         -> the games, their public content and built-in art
                                            (server/routes/games.py)
    GET  /r/{code}                       -> the web app, opened on that room
    WS   /ws                             -> this protocol

The join link (``url`` of POST /api/rooms, /join, qr.svg) follows these rules, in order
(``publicurl.join_link``): the server's ``--public-url`` + ``/r/CODE``; else the request's own host
when it is not a loopback name or address; else, when the server listens on all interfaces,
``http://LAN_IPV4:PORT``; else the request's base URL (loopback: reachable false).

Client -> server:
    Hello    {type:"hello", v:1, room, token?, name?, role:"player"|"spectator"|"table"}
             first frame. A valid token resumes its seat (or its place on the waiting list). Otherwise a
             player with a name takes a free seat in the lobby (room unlocked); while a game is playing
             or over they get a place on the waiting list instead: Welcome{seat:null, token,
             waiting:true}, the public view of this game and a seat in the next one (see Seated).
             The waiting list holds at most max_players people (room_full beyond). A name already held
             in the room (seated or waiting; compared with casefold() after strip()) or one that looks
             like a bot's label ("Bot", "Bot 3", "bot7") is refused with name_taken (field "name").
             Anyone else watches (spectator/table get the public view).
             role "table" with token = the room's table_token (POST /api/rooms table true): the table
             screen with host rights and no seat, Welcome{seat:null, table_host:true}; it gets the public
             view like any table screen, and may send every Host op (checked against the room's stored
             hash for each op). Any other token with role "table" is bad_token (field "token"); a table
             screen or spectator without it gets not_host for every Host op. The first person to join by
             name is the host seat as always: the evening can be run from the phone and the table alike.
    Act      {type:"act", version, action:{type:..., ...}}   version = the state version the client saw
    Host     {type:"host", op, seat?, bot?, options?, value?, game?}
             op: start | kick | add_bot | remove_bot | set_options | lock | unlock | hand_host
                 | set_takeover (value = seconds an empty seat waits before a bot takes it; 0 = never)
                 | restart (status over: a new game, same game, options and seats; people on the
                   waiting list keep waiting until the room goes back to the lobby)
                 | to_lobby (status playing or over -> lobby; a running game is abandoned and records
                   no result. Seats, host, connections and options stay; seats of people the host
                   kicked during the game are removed; waiting people are seated while the game has
                   free seats. game_not_running in the lobby)
                 | set_game (lobby only: game = any game of GET /api/games, options = its options,
                   validated as at room creation, defaults for the rest. Bots the new game cannot use
                   are removed and RoomInfo.note says so; seats beyond its max_players stay, and
                   start refuses until there are few enough. game_running outside the lobby,
                   bad_config field "game" for an unknown game, "options.NAME" for a bad option)
                 | first_seat (lobby only: seat = who begins the next games, null = drawn at random
                   when each game starts; follows its seat when seats move up. The game gets it as
                   Config.first_seat)
                 | more_time (lobby only: value = relaxed timers in percent, 100 | 150 | 200 | 300, or 0
                   for the courtesy timers off; timers that are the game's point get at most 200. The
                   game gets it as Config.more_time; RoomInfo.more_time shows it. bad_config otherwise)
                 | stand_in (playing only: seat = an away person's seat; a bot plays for them now,
                   within 1.5 s, until they come back: "let a bot play for Anna now". bad_frame for a
                   person who is here or a bot, game_not_running outside a game)
             Waiting people take free seats in the lobby whenever seats free up (to_lobby, set_game,
             kick, remove_bot, leave).
    Ping     {type:"ping"}            answered by Pong. A connection that has sent a ping and then
                                      sends nothing at all for heartbeat_s (default 6 s) is closed:
                                      its seat shows connected false. Connections that never ping
                                      are not watched.
    Leave    {type:"leave"}                 gives the seat up (in the lobby) / marks it left (in a game,
                                            a bot plays it at once) / leaves the waiting list; the
                                            server then closes the socket

Server -> client:
    Welcome  {type:"welcome", v:1, room, seat|null, token|null, role, waiting, table_host}
             waiting true: the person holds a place on the waiting list (seat null, public view)
             table_host true: this table screen holds the room's table token (host rights, no seat)
    Seated   {type:"seated", seat}          to every connection of a waiting person the moment they
                                            take a seat (the room went back to the lobby); the
                                            usual RoomMsg follows. From then on they are that seat.
    RoomMsg  {type:"room", room: RoomInfo}    whenever seats, host, options or status change
             SeatInfo.bot: the bot kind of a bot seat, or of the stand-in bot playing for an absent
             person (kind "human", connected false) until they come back with their token.
             SeatInfo.standin_ms: for an away person during a game, when (game ms, the clock of
             StateMsg.now_ms and deadline_ms) a stand-in bot acts for them: the takeover while none
             stands in yet (takeover_s after they went away; in a game without room bots at most 5 s), then the stand-in's next
             decision; null otherwise (here, a bot, no game, takeover_s 0, a stand-in with nothing to
             do). A new RoomMsg goes out whenever it changes.
             RoomInfo.waiting: names on the waiting list; first_seat: the host's choice for the next
             game (null = random); evening: every finished game of the room, newest last (GameResult:
             n = its game number, game, winners and names (seat order) as names, scores (integers,
             rounded) or null, finished_ms); wins: wins per name across the evening (bots too);
             note: what the last set_game removed (English), or null. pictures: the current game's own
             picture cards (the room's uploads, dealt at start by the game's rules, core.content): its
             k-th own card shows GET /api/rooms/CODE/pictures/{pictures[k]} (server/routes/pictures.py). table_host: the room
             was made for a table screen, which holds host rights besides the host seat.
    StateMsg {type:"state", version, view, legal:[action...], active:[seat...], deadline_ms|null,
              now_ms, events:[...], outcome|null}
             per connection: the view of its own seat only (spectators/table: view(None)).
             ``events`` are those since the previous version that this seat may see.
    Error    {type:"error", code, message, field?}   the offending frame changed nothing
    Pong     {type:"pong"}

Error codes (stable): bad_frame, too_large, rate_limited, unknown_room, room_locked, room_full,
bad_token, not_host, not_seated, stale_version, game_not_running (also: to_lobby in the lobby),
game_running (a lobby-only host op during a game), bots_not_allowed (the game's spec.bots_in_rooms is
false), kicked (sent to the connections of a seat the host took away; they become spectators),
left_elsewhere (sent to the other connections of a token whose seat was left on one of them; they
forget the token),
name_taken (Hello: the name is held in the room or looks like a bot's), unknown_game (HTTP: no
finished game with that number), busy (retry), bots_need_tags (add_bot/start while the room
deals its uploaded pictures, which have no tags), too_few_pictures (a start with fewer uploads than the
game deals from alone), and every engine GameError code (illegal_action,
not_your_turn, malformed_action, bad_config, ...).
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
    "to_lobby",
    "set_game",
    "first_seat",
    "more_time",
    "stand_in",
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
    game: str | None = None


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
    standin_ms: int | None = None
    badge: int = 0  # the person's colour and avatar (web app: BADGES), distinct within the room


class GameResult(msgspec.Struct, frozen=True):
    """One finished game of the evening: its number, winners and seat names (names, not seats)."""

    n: int
    game: str
    winners: list[str]
    names: list[str]
    scores: list[int] | None
    finished_ms: int


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
    waiting: list[str] = []
    first_seat: int | None = None
    more_time: int = 100
    evening: list[GameResult] = []
    wins: dict[str, int] = {}
    note: str | None = None
    pictures: list[str] = []
    table_host: bool = False


class ServerMsg(msgspec.Struct, frozen=True, tag_field="type"):
    """Base of server frames."""


class Welcome(ServerMsg, frozen=True, tag="welcome"):
    room: str
    seat: int | None
    token: str | None
    role: Role
    v: int = PROTOCOL_VERSION
    waiting: bool = False
    table_host: bool = False


class Seated(ServerMsg, frozen=True, tag="seated"):
    seat: int


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
