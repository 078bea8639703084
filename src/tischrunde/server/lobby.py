"""The pure changes of a room row, used through ``Room.mutate``: seats and the host, the lobby, starting
and finishing a game, the evening's scoreboard, switching games. Each refuses with a ``ProtocolError``
(or the engine's ``ConfigError``) and then changes nothing, since the room changes a copy."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from typing import Any

from tischrunde.bots import check_bot, default_kind
from tischrunde.core import registry
from tischrunde.core.content import DealRefused
from tischrunde.core.errors import ConfigError
from tischrunde.core.game import MORE_TIME, Config, Game, Outcome
from tischrunde.server import security
from tischrunde.server.errors import ProtocolError
from tischrunde.server.protocol import GameResult
from tischrunde.server.store import PastGame, RoomRow, SeatRow

log = logging.getLogger("tischrunde.server")

#: the longest wait for a stand-in a host may set (``RoomRow.takeover_s``)
MAX_TAKEOVER_S = 3600


def default_bot(game: str) -> str:
    """The bot kind that fills seats and plays for people who left: a game's own first bot, else
    "random" (a person who is only away gets ``standin_kind``)."""
    return default_kind(game)


def pass_host(row: RoomRow) -> None:
    """Give the host role to the next connected person clockwise (or any person, or nobody)."""
    n = len(row.seats)
    start = row.host_seat if row.host_seat is not None else -1
    order = [(start + k) % n for k in range(1, n + 1)]
    people = [i for i in order if row.seats[i].kind == "human" and row.seats[i].token_hash is not None]
    connected = [i for i in people if row.seats[i].connected]
    row.host_seat = connected[0] if connected else (people[0] if people else None)


def remove_seat(row: RoomRow, index: int) -> None:
    """Take a seat out of a lobby; later seats move up by one, the host and the first seat follow
    their seat (a first seat that is removed goes back to random)."""
    was_host = row.host_seat == index
    del row.seats[index]
    if row.first_seat is not None:
        row.first_seat = None if row.first_seat == index else row.first_seat - (row.first_seat > index)
    if row.host_seat is not None and row.host_seat > index:
        row.host_seat -= 1
    if was_host:
        row.host_seat = None
        for i, seat in enumerate(row.seats):
            if seat.kind == "human" and seat.token_hash is not None:
                row.host_seat = i
                break


def start_game(row: RoomRow, game: Game[Any], now: int) -> None:
    """Begin a new game with the seats as they are; the engine checks options and player count.
    The first seat is the host's choice, else drawn here (and kept in the row: replays need it)."""
    if game.spec.name != row.game:
        game = registry.get(row.game)
    config = Config(
        game=row.game,
        players=len(row.seats),
        language="en" if row.language == "en" else "de",
        options=row.options,
    )
    try:
        row.options = game.resolve_options(config)
    except ConfigError as exc:
        if exc.field == "players":
            spec = game.spec
            raise ProtocolError(
                "bad_config",
                f"{spec.title_en} needs {spec.min_players} to {spec.max_players} players, "
                f"the room has {len(row.seats)}",
                "players",
            ) from exc
        raise
    row.status = "playing"
    row.game_no += 1
    row.seed = secrets.randbits(31)
    first = row.first_seat
    row.game_first_seat = first if first is not None and 0 <= first < len(row.seats) else None
    if row.game_first_seat is None:
        row.game_first_seat = secrets.randbelow(len(row.seats))
    row.started_ms = now
    row.note = None
    for seat in row.seats:
        if seat.kind == "human" and not seat.connected and seat.away_since_ms is None:
            seat.away_since_ms = now


def deal(row: RoomRow, game: Game[Any], uploads: Sequence[str]) -> None:
    """Stack the decks of the game that ``start_game`` has just begun from the room's own pictures, by the
    game's own rules (``GameContent.own_pictures``); the built-in decks otherwise. Both are kept in the row,
    so a restart replays the same game. Refused (``DealRefused``'s code) for too few pictures or bots."""
    row.decks, row.game_pictures = None, []
    if game.spec.name != row.game:
        game = registry.get(row.game)
    own = game.content.own_pictures
    if own is None:
        return
    bots = any(seat.kind == "bot" for seat in row.seats)
    try:
        dealt = own.deal(row.options, row.seed, uploads, bots)
    except DealRefused as exc:
        raise ProtocolError(exc.code, exc.message) from exc
    if dealt is not None:
        row.decks, row.game_pictures = dealt.decks, list(dealt.pictures)


# ---- the game night: one room for the whole evening -------------------------------------------

#: finished games a room remembers (scoreboard and records); older ones drop off
MAX_EVENING = 100


def game_config(row: RoomRow) -> Config:
    """The Config of the room's current game (as started: seats, seed, options, first seat)."""
    return Config(
        game=row.game,
        players=len(row.seats),
        seed=row.seed,
        language="en" if row.language == "en" else "de",
        options=row.options,
        decks=row.decks,
        first_seat=row.game_first_seat,
        more_time=row.more_time,
    )


def require_lobby(row: RoomRow) -> None:
    if row.status != "lobby":
        raise ProtocolError("game_running", "only possible in the lobby, before the game starts")


def held_names(row: RoomRow) -> list[str]:
    return [s.name for s in row.seats] + [w.name for w in row.waiting]


def next_badge(row: RoomRow) -> int:
    """The badge (colour and avatar) for someone new: the lowest one nobody in the room holds."""
    held = {*badges(row), *(w.badge for w in row.waiting)}
    return next(k for k in range(len(held) + 1) if k not in held)


def badges(row: RoomRow) -> list[int]:
    """The badge of each seat: its own, or (rooms stored before badges) the lowest free ones in seat order,
    the same on every call while the seats stay as they are."""
    held = {p.badge for p in (*row.seats, *row.waiting) if p.badge is not None}
    free = (k for k in range(len(held) + len(row.seats) + 1) if k not in held)
    return [s.badge if s.badge is not None else next(free) for s in row.seats]


def join_room(row: RoomRow, name: str, token_hash: str) -> None:
    """A person joins by name: a seat in the lobby, else a place on the waiting list."""
    if row.locked:
        raise ProtocolError("room_locked", "the host has locked this room")
    max_players = registry.get(row.game).spec.max_players
    person = SeatRow(name=name, kind="human", token_hash=token_hash, connected=True, badge=next_badge(row))
    lobby = row.status == "lobby"
    if len(row.seats if lobby else row.waiting) >= max_players:
        what = "seats are taken" if lobby else "places for the next game are taken"
        raise ProtocolError("room_full", f"all {max_players} {what}")
    why = security.name_taken(name, held_names(row))
    if why is not None:
        raise ProtocolError("name_taken", why, "name")
    if not lobby:
        row.waiting.append(person)
        return
    row.seats.append(person)
    if row.host_seat is None:
        row.host_seat = len(row.seats) - 1


def seat_waiting(row: RoomRow) -> None:
    """In the lobby, waiting people take the free seats, first come first seated."""
    max_players = registry.get(row.game).spec.max_players
    while row.waiting and len(row.seats) < max_players:
        row.seats.append(row.waiting.pop(0))
        if row.host_seat is None and row.seats[-1].token_hash is not None:
            row.host_seat = len(row.seats) - 1


def back_to_lobby(row: RoomRow) -> None:
    """``to_lobby``: end the room's game (finished or not) and go back to the lobby with the seats.
    Seats of people the host kicked during the game (nobody can claim them) are removed."""
    if row.status == "lobby":
        raise ProtocolError("game_not_running", "the room is in the lobby already")
    row.status = "lobby"
    for index in reversed(range(len(row.seats))):
        seat = row.seats[index]
        if seat.kind == "human" and seat.token_hash is None:
            remove_seat(row, index)


def switch_game(row: RoomRow, game: Game[Any], options: dict[str, Any]) -> None:
    """``set_game``: play ``game`` with ``options`` (checked) next; bots it cannot use leave, and the
    note says so. Stand-ins for absent people become the new game's default bot."""
    spec = game.spec
    gone: list[int] = [
        i
        for i, s in enumerate(row.seats)
        if s.kind == "bot" and (not spec.bots_in_rooms or not _bot_fits(spec.name, s.bot))
    ]
    note = None
    if gone:
        names = [row.seats[i].name for i in gone]
        label = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        if not spec.bots_in_rooms:
            reason = f"{spec.title_en} is played by people only"
        else:
            missing = sorted({str(row.seats[i].bot) for i in gone})
            reason = f"{spec.title_en} has no bot {', '.join(repr(k) for k in missing)}"
        note = f"{label} removed: {reason}"
    for index in reversed(gone):
        remove_seat(row, index)
    standin = default_bot(spec.name)
    for seat in row.seats:
        if seat.standin is not None:
            seat.standin = standin
    row.game = spec.name
    row.options = options
    row.note = note


def _bot_fits(game: str, bot: str | None) -> bool:
    """Whether ``game`` has the bot kind (``kind[:level]``) a seat holds."""
    try:
        check_bot(game, bot or "", "bot")
    except ConfigError:
        return False
    return True


def set_more_time(row: RoomRow, percent: int | None) -> None:
    """``more_time``: relaxed timers for the next games (``Config.more_time``: 100, 150, 200, 300, or 0
    for courtesy timers off)."""
    require_lobby(row)
    if percent not in MORE_TIME:
        raise ProtocolError(
            "bad_config", f"more time must be one of {', '.join(map(str, MORE_TIME))}", "value"
        )
    row.more_time = percent


def set_first_seat(row: RoomRow, seat: int | None) -> None:
    """``first_seat``: who begins the next games (None: drawn at random at each start)."""
    require_lobby(row)
    if seat is not None and not 0 <= seat < len(row.seats):
        raise ProtocolError("bad_frame", f"seat must be 0..{len(row.seats) - 1} or null", "seat")
    row.first_seat = seat


def finish_game(row: RoomRow, game: Game[Any], game_no: int, outcome: Outcome, now: int) -> None:
    """Game ``game_no`` is over: status over, and its result joins the evening (once)."""
    if row.status != "playing" or row.game_no != game_no:
        return
    row.status = "over"
    if any(past.result.n == game_no for past in row.evening):
        return
    names = [s.name for s in row.seats]
    scores = [round(x) for x in outcome.scores] if len(outcome.scores) == len(names) else None
    result = GameResult(
        n=game_no,
        game=row.game,
        winners=[names[w] for w in outcome.winners if 0 <= w < len(names)],
        names=names,
        scores=scores,
        finished_ms=now,
    )
    past = PastGame(result=result, config=game_config(row), rules_version=game.spec.rules_version)
    row.evening = [*row.evening, past][-MAX_EVENING:]


def evening_wins(row: RoomRow) -> dict[str, int]:
    """Wins per name across the room's finished games."""
    wins: dict[str, int] = {}
    for past in row.evening:
        for name in past.result.winners:
            wins[name] = wins.get(name, 0) + 1
    return wins


def loadable_games() -> dict[str, Game[Any]]:
    """The registered games whose engine loads (one being written must not break the others)."""
    out: dict[str, Game[Any]] = {}
    for name in registry.available():
        try:
            out[name] = registry.get(name)
        except Exception:
            log.warning("game %s does not load", name, exc_info=True)
    return out


def check_options(game: Game[Any], options: dict[str, Any]) -> dict[str, Any]:
    """Options with defaults filled in, valid for at least one player count (the engine decides)."""
    spec = game.spec
    error: ConfigError | None = None
    for players in range(spec.min_players, spec.max_players + 1):
        try:
            return game.resolve_options(Config(game=spec.name, players=players, options=options))
        except ConfigError as exc:
            # a mode may need other player counts (teams of two: even counts only): try them all,
            # and report the error that names an option rather than the count when there is one
            if error is None or error.field == "players":
                error = exc
    assert error is not None
    raise error
