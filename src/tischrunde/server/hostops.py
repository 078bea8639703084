"""The host's ops (protocol ``Host`` frames) as a table: each op checks its frame and returns the change
of the room row it makes (a pure edit from ``lobby``, run through ``Room.mutate``); ``host`` checks who
asks, runs the op and tells kicked people.

A start deals the room's own pictures when the game takes them (``GameContent.own_pictures``): their ids
are read under the room's lock, which every picture upload and removal takes too, so each of them comes
wholly before the deal (and is dealt, or not) or after it (and is refused: the game has started).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tischrunde.bots import check_bot
from tischrunde.server.conn import Conn
from tischrunde.server.errors import ProtocolError, store_reachable
from tischrunde.server.lobby import (
    MAX_TAKEOVER_S,
    back_to_lobby,
    check_options,
    deal,
    default_bot,
    loadable_games,
    next_badge,
    remove_seat,
    require_lobby,
    set_first_seat,
    set_more_time,
    start_game,
    switch_game,
)
from tischrunde.server.manager import RoomManager
from tischrunde.server.protocol import Error, Host
from tischrunde.server.room import Room
from tischrunde.server.store import RoomRow, SeatRow

Change = Callable[[RoomRow], None]


@dataclass
class HostCall:
    """One host op under way: the room, the frame, the host's seat (None: the table screen), and the
    room's own pictures a start deals (read under the room's lock, see the module docstring)."""

    manager: RoomManager
    room: Room
    frame: Host
    me: int | None
    uploads: list[str] = field(default_factory=list)

    def target(self, row: RoomRow) -> int:
        """The seat the frame names, or a refusal naming the field."""
        seat = self.frame.seat
        if seat is None or not 0 <= seat < len(row.seats):
            raise ProtocolError("bad_frame", f"seat must be 0..{len(row.seats) - 1}", "seat")
        return seat

    def begin(self, row: RoomRow) -> None:
        """Start a game with the seats as they are, its decks dealt."""
        start_game(row, self.room.game, self.manager.clock())
        deal(row, self.room.game, self.uploads)


def _start(call: HostCall) -> Change:
    def change(row: RoomRow) -> None:
        require_lobby(row)
        call.begin(row)

    return change


def _restart(call: HostCall) -> Change:
    def change(row: RoomRow) -> None:
        if row.status != "over":
            raise ProtocolError("game_running", "a new game can start once this one is over")
        call.begin(row)

    return change


def _kick(call: HostCall) -> Change:
    clock = call.manager.clock

    def change(row: RoomRow) -> None:
        index = call.target(row)
        if index == call.me:
            raise ProtocolError("bad_frame", "the host cannot kick itself; hand the host role on", "seat")
        if row.status == "lobby":
            remove_seat(row, index)
        else:
            seat = row.seats[index]
            seat.token_hash = None
            seat.connected = False
            seat.away_since_ms = clock()
            if seat.kind == "human":
                seat.standin = default_bot(row.game)

    return change


def _add_bot(call: HostCall) -> Change:
    spec = call.room.game.spec
    if not spec.bots_in_rooms:
        raise ProtocolError(
            "bots_not_allowed", f"{spec.title_en} is played by people only: its bots cannot take a seat"
        )
    kind = check_bot(spec.name, call.frame.bot or default_bot(spec.name), "bot").text

    def change(row: RoomRow) -> None:
        require_lobby(row)
        if len(row.seats) >= spec.max_players:
            raise ProtocolError("room_full", f"all {spec.max_players} seats are taken")
        number = 1 + sum(1 for s in row.seats if s.kind == "bot")
        badge = next_badge(row)
        row.seats.append(SeatRow(name=f"Bot {number}", kind="bot", bot=kind, connected=True, badge=badge))

    return change


def _remove_bot(call: HostCall) -> Change:
    def change(row: RoomRow) -> None:
        require_lobby(row)
        index = call.target(row)
        if row.seats[index].kind != "bot":
            raise ProtocolError("bad_frame", "this seat holds no bot", "seat")
        remove_seat(row, index)

    return change


def _set_options(call: HostCall) -> Change:
    options = call.frame.options
    if options is None:
        raise ProtocolError("bad_frame", "set_options needs options", "options")
    game = call.room.game

    def change(row: RoomRow) -> None:
        require_lobby(row)
        row.options = check_options(game, {**row.options, **options})

    return change


def _to_lobby(call: HostCall) -> Change:
    return back_to_lobby


def _set_game(call: HostCall) -> Change:
    games = loadable_games()
    name = call.frame.game
    if name is None or name not in games:
        raise ProtocolError("bad_config", f"unknown game {name!r}; games: {', '.join(games)}", "game")
    game = games[name]
    options = check_options(game, call.frame.options or {})

    def change(row: RoomRow) -> None:
        require_lobby(row)
        switch_game(row, game, options)

    return change


def _first_seat(call: HostCall) -> Change:
    seat = call.frame.seat
    return lambda row: set_first_seat(row, seat)


def _more_time(call: HostCall) -> Change:
    percent = call.frame.value
    return lambda row: set_more_time(row, percent)


def _locking(locked: bool) -> Callable[[HostCall], Change]:
    def op(call: HostCall) -> Change:
        def change(row: RoomRow) -> None:
            row.locked = locked

        return change

    return op


def _hand_host(call: HostCall) -> Change:
    def change(row: RoomRow) -> None:
        index = call.target(row)
        seat = row.seats[index]
        if seat.kind != "human" or seat.token_hash is None:
            raise ProtocolError("bad_frame", "only a person can be host", "seat")
        row.host_seat = index

    return change


def _set_takeover(call: HostCall) -> Change:
    value = call.frame.value
    if value is None or not 0 <= value <= MAX_TAKEOVER_S:
        raise ProtocolError("bad_frame", f"value must be 0..{MAX_TAKEOVER_S} seconds", "value")

    def change(row: RoomRow) -> None:
        row.takeover_s = value

    return change


#: every host op but ``stand_in`` (not a change of the row: ``Room.call_stand_in``)
OPS: dict[str, Callable[[HostCall], Change]] = {
    "start": _start,
    "restart": _restart,
    "kick": _kick,
    "add_bot": _add_bot,
    "remove_bot": _remove_bot,
    "set_options": _set_options,
    "to_lobby": _to_lobby,
    "set_game": _set_game,
    "first_seat": _first_seat,
    "more_time": _more_time,
    "lock": _locking(True),
    "unlock": _locking(False),
    "hand_host": _hand_host,
    "set_takeover": _set_takeover,
}
#: the ops that start a game (and deal its decks)
DEALING = frozenset({"start", "restart"})


async def host(manager: RoomManager, conn: Conn[Room], room: Room, frame: Host) -> None:
    """Run one host op for ``conn``: refused unless it holds the host seat or is the room's table screen."""
    me = room.seat_of(conn.token_hash)
    if (me is None or me != room.row.host_seat) and not room.is_table(conn):
        if conn.role == "table":
            raise ProtocolError(
                "not_host",
                "this table screen holds no host rights: only the host, or the table screen the room "
                "was made on, can do this",
            )
        raise ProtocolError("not_host", "only the host can do this")
    op = frame.op
    own = room.game.content.own_pictures
    if op == "add_bot" and own is not None:
        with store_reachable():
            uploads = await manager.store.picture_ids(room.code)
        why = own.bots_refused(room.row.options, len(uploads))
        if why is not None:
            raise ProtocolError("bots_need_tags", why)
    if op == "stand_in":  # "let a bot play for Anna now" (Room.call_stand_in checks and hurries it)
        await room.call_stand_in(frame.seat)
        return
    call = HostCall(manager, room, frame, me)
    change = OPS[op](call)
    if op in DEALING and own is not None:
        await _dealing(call, change)
    else:
        await room.mutate(change)
    if op == "kick":
        _tell_kicked(room)


async def _dealing(call: HostCall, change: Change) -> None:
    """``room.mutate(change)`` for a start that deals the room's own pictures, read under its lock."""
    room = call.room
    with store_reachable():
        async with room.lock:
            call.uploads[:] = await call.manager.store.picture_ids(room.code)
            await room.mutate_held(change)


def _tell_kicked(room: Room) -> None:
    """Connections whose seat the host has just taken away hear it and watch on as spectators."""
    for other in list(room.conns):
        if (
            other.token_hash is not None
            and room.seat_of(other.token_hash) is None
            and not room.is_waiting(other.token_hash)
        ):
            other.send(Error(code="kicked", message="the host has taken your seat away"))
            other.token_hash = None
            room.send_snapshot(other)
