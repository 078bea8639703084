"""A room held by this process: its seats (the row), the running game, its timers and bots, and the
connections that watch it.

One path changes a game, whoever acts (a person, a bot, the server's timer): decode, check the
version, ``game.apply``, append the entry to the store and commit, and only then update the room and
send every connection its own view. Rooms are rebuilt from the store by replaying their log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import msgspec

from tischrunde.bots import Bot, make_bot, standin_kind
from tischrunde.bots.base import seen_by
from tischrunde.core import registry
from tischrunde.core.errors import ConfigError, GameError
from tischrunde.core.game import Action, Config, Event, Game, Timeout, encode_action
from tischrunde.server.conn import Conn
from tischrunde.server.errors import ROOM_GONE, ProtocolError, store_reachable
from tischrunde.server.lobby import (
    badges,
    default_bot,
    evening_wins,
    finish_game,
    game_config,
    pass_host,
    seat_waiting,
)
from tischrunde.server.protocol import Error, RoomInfo, RoomMsg, Seated, SeatInfo, StateMsg
from tischrunde.server.store import LogEntry, RoomRow, SeatRow, Store

log = logging.getLogger("tischrunde.server")
T = TypeVar("T")

Clock = Callable[[], int]

#: in games without room bots, how long an away person's seat waits before a stand-in acts for it
AWAY_GRACE_MS = 5000
#: a stand-in the host called in ("let a bot play now") acts within this time, whatever its own pace
HURRY_MS = 1500


def wall_ms() -> int:
    """Milliseconds since the epoch: the server's clock."""
    return time.time_ns() // 1_000_000


class Keeper(Protocol):
    """What a room needs of the manager that holds it (``manager.RoomManager``)."""

    store: Store
    clock: Clock

    def close_held(self, room: Room, error: Error) -> None:
        """Take the room out of memory and close its connections with ``error`` (its lock held)."""


_encoder = msgspec.json.Encoder()


def _event_dict(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, "seat": event.seat, "data": event.data}


def _visible(event: Event, seat: int | None) -> bool:
    return event.visible_to is None or (seat is not None and seat in event.visible_to)


class Room:
    """A room held by this process. All changes happen under ``lock``."""

    def __init__(self, manager: Keeper, row: RoomRow) -> None:
        self.manager = manager
        self.row = row
        self.game: Game[Any] = registry.get(row.game)
        self.lock = asyncio.Lock()
        self.conns: set[Conn[Room]] = set()
        self.state: Any = None
        self.version = 0
        self.last_t = 0
        self.driving = not manager.store.shared
        # the deadline timer: a cheap handle that starts ``firing`` (a task) only when it is due
        self.timer: asyncio.TimerHandle | None = None
        self.timer_due: tuple[int, int] | None = None  # (game_no, deadline) the handle is set for
        self.firing: asyncio.Task[None] | None = None
        self.pending: dict[int, tuple[asyncio.Task[None], Action]] = {}
        self.bots: dict[tuple[int, str], tuple[int, Bot]] = {}  # (seat, kind) -> (game_no, its bot)
        # stand-ins of away people: seat -> (game time its pending decision acts, the legal actions it was
        # decided on), shown as SeatInfo.standin_ms; and the seats whose stand-in the host called in now
        self.standin_plan: dict[int, tuple[int, list[Action]]] = {}
        self.hurry: set[int] = set()
        # the last time (manager clock) someone looked the room up or was connected; see ``manager.RoomManager.tick``
        self.touched = manager.clock()
        self.unloaded = False

    # ---- reading -------------------------------------------------------------------------------

    @property
    def code(self) -> str:
        return self.row.code

    def config(self) -> Config:
        return game_config(self.row)

    def seat_of(self, token_hash: str | None) -> int | None:
        if token_hash is None:
            return None
        for index, seat in enumerate(self.row.seats):
            if seat.token_hash == token_hash:
                return index
        return None

    def is_table(self, conn: Conn[Room]) -> bool:
        """True if ``conn`` is the table screen holding this room's table token (checked against the
        row on every call, never taken from the client)."""
        wanted = self.row.table_token_hash
        return wanted is not None and conn.table_hash is not None and conn.table_hash == wanted

    def is_waiting(self, token_hash: str | None) -> bool:
        """True if this token holds a place on the waiting list (a seat in the next game)."""
        return token_hash is not None and any(w.token_hash == token_hash for w in self.row.waiting)

    def info(self) -> RoomInfo:
        row = self.row
        badge = badges(row)
        seats = [
            SeatInfo(
                seat=i,
                name=s.name,
                kind=s.kind,
                connected=s.connected if s.kind == "human" else True,
                host=i == row.host_seat,
                bot=s.bot if s.kind == "bot" else s.standin,
                standin_ms=self.standin_ms(i, s),
                badge=badge[i],
            )
            for i, s in enumerate(row.seats)
        ]
        # the table screen is no person watching
        spectators = sum(1 for c in self.conns if c.role != "table" and self.seat_of(c.token_hash) is None)
        return RoomInfo(
            code=row.code,
            game=row.game,
            language=row.language,
            options=dict(row.options),
            status=row.status,
            locked=row.locked,
            seats=seats,
            host_seat=row.host_seat,
            takeover_s=row.takeover_s,
            spectators=spectators,
            waiting=[w.name for w in row.waiting],
            first_seat=row.first_seat,
            more_time=row.more_time,
            evening=[past.result for past in row.evening],
            wins=evening_wins(row),
            note=row.note,
            pictures=list(row.game_pictures),
            table_host=row.table_token_hash is not None,
        )

    def standin_ms(self, index: int, seat: SeatRow) -> int | None:
        """When (game time, the clock of StateMsg.now_ms) a stand-in bot acts for this away person: the
        takeover (``takeover_ms`` after they went away) while none stands in yet, then its next planned
        decision; None for people who are here, bots, outside a game, or with takeover off."""
        row = self.row
        if row.status != "playing" or seat.kind != "human" or seat.connected or row.started_ms is None:
            return None
        if seat.standin is None:
            if row.takeover_s <= 0 or seat.away_since_ms is None:
                return None
            return max(0, seat.away_since_ms + self.takeover_ms() - row.started_ms)
        planned = self.standin_plan.get(index)
        return None if planned is None else planned[0]

    def game_time(self) -> int:
        started = self.row.started_ms
        return 0 if started is None else max(0, self.manager.clock() - started)

    def _shared_state(self) -> tuple[list[int], int | None, dict[str, Any] | None, int]:
        """What every seat's StateMsg has in common: active seats, deadline, outcome, game time."""
        game, state = self.game, self.state
        playing = self.row.status == "playing"
        outcome = game.outcome(state)
        return (
            sorted(game.active_seats(state)) if playing else [],
            game.due_at(state) if playing else None,
            None if outcome is None else msgspec.to_builtins(outcome),
            self.game_time(),
        )

    def state_msg(
        self,
        seat: int | None,
        events: list[Event],
        shared: tuple[list[int], int | None, dict[str, Any] | None, int] | None = None,
        view: dict[str, Any] | None = None,
    ) -> StateMsg:
        """The StateMsg of one seat (None: spectators and table screens): its own view only."""
        game, state = self.game, self.state
        active, deadline, outcome, now = shared if shared is not None else self._shared_state()
        legal = (
            [encode_action(a) for a in game.legal_actions(state, seat)]
            if seat is not None and seat in active
            else []
        )
        return StateMsg(
            version=self.version,
            view=game.view(state, seat) if view is None else view,
            legal=legal,
            active=active,
            deadline_ms=deadline,
            now_ms=now,
            events=[_event_dict(e) for e in events if _visible(e, seat)],
            outcome=outcome,
        )

    # ---- sending -------------------------------------------------------------------------------

    def broadcast_room(self, exclude: Conn[Room] | None = None) -> None:
        frame = _encoder.encode(RoomMsg(room=self.info()))
        for conn in self.conns:
            if conn is not exclude:
                conn.send(frame)

    def broadcast_state(self, events: list[Event]) -> None:
        if self.state is None:
            return
        shared = self._shared_state()
        targets = [(conn, self.seat_of(conn.token_hash)) for conn in self.conns]
        views = self.game.views(self.state, dict.fromkeys(seat for _, seat in targets))
        frames = {
            seat: _encoder.encode(self.state_msg(seat, events, shared, view)) for seat, view in views.items()
        }
        for conn, seat in targets:
            conn.send(frames[seat])

    def send_snapshot(self, conn: Conn[Room]) -> None:
        conn.send(RoomMsg(room=self.info()))
        if self.state is not None:
            conn.send(self.state_msg(self.seat_of(conn.token_hash), []))

    # ---- the one path that changes a game -----------------------------------------------------

    def check_version(self, version: int | None) -> None:
        """Refuse an action on a version the game has left (versions only grow within a game)."""
        if version is not None and version != self.version:
            raise ProtocolError(
                "stale_version",
                f"you acted on version {version}, the game is at version {self.version}",
                "version",
            )

    async def act(self, seat: int | None, action: Action, version: int | None) -> None:
        """Validate, log, commit, then apply and broadcast. Raises ProtocolError or GameError."""
        with store_reachable():
            await self._act(seat, action, version)

    async def _act(self, seat: int | None, action: Action, version: int | None) -> None:
        async with self.lock:
            if self.row.status != "playing" or self.state is None:
                raise ProtocolError("game_not_running", "the game is not running")
            self.check_version(version)
            t = max(self.last_t, self.game_time())
            if isinstance(action, Timeout):
                deadline = self.game.due_at(self.state)
                if deadline is None:
                    return
                t = max(t, deadline)
            else:
                # a deadline that passed before this action arrived fires first, as its timer would have
                for _ in range(64):
                    due = self.game.due_at(self.state)
                    if due is None or due > t:
                        break
                    await self._commit(None, Timeout(), max(self.last_t, due))
                    if self.state is None or self.game.outcome(self.state) is not None:
                        raise ProtocolError("game_not_running", "the game is over")
            await self._commit(seat, action, t)

    async def _commit(self, seat: int | None, action: Action, t: int) -> None:
        """Apply one action, append it to the log and commit, then advance (lock held)."""
        assert self.state is not None
        new_state, events = self.game.apply(self.state, seat, action, t)
        entry = LogEntry(seat, encode_action(action), t)
        commit = asyncio.ensure_future(
            self.manager.store.append(self.code, self.row.game_no, self.version, entry)
        )
        try:
            committed = await asyncio.shield(commit)
        except asyncio.CancelledError:
            # the log may hold the entry now: memory must follow it even if our caller went away
            if await commit:
                await self._advance([(new_state, events, entry)])
            raise
        if not committed:
            if await self.manager.store.load_room(self.code) is None:
                self.manager.close_held(self, ROOM_GONE)
                raise ProtocolError(ROOM_GONE.code, ROOM_GONE.message)
            # another process appended this version first: take its entries, refuse ours
            await self.catch_up()
            raise ProtocolError("stale_version", f"the game moved on to version {self.version}", "version")
        await self._advance([(new_state, events, entry)])

    async def _advance(self, steps: list[tuple[Any, list[Event], LogEntry]]) -> None:
        """Take committed entries into memory, then tell everyone (lock held)."""
        events: list[Event] = []
        for state, step_events, entry in steps:
            self.state = state
            self.version += 1
            self.last_t = entry.t
            events.extend(step_events)
        self.broadcast_state(events)
        for (seat, _kind), (game_no, bot) in self.bots.items():  # each bot learns what its seat was told
            if game_no == self.row.game_no:
                bot.observe(seen_by(events, seat))
        outcome = self.game.outcome(self.state)
        if outcome is not None and self.row.status == "playing":
            game, game_no, now = self.game, self.row.game_no, self.manager.clock()
            with contextlib.suppress(ProtocolError):
                await self.mutate_held(lambda row: finish_game(row, game, game_no, outcome, now))
        self.plan()

    async def catch_up(self) -> None:
        """Apply entries other processes committed (lock held)."""
        entries = await self.manager.store.entries(self.code, self.row.game_no, self.version)
        steps: list[tuple[Any, list[Event], LogEntry]] = []
        state = self.state
        for entry in entries:
            try:
                state, events = self.game.apply(
                    state, entry.seat, self.game.decode_action(entry.action), entry.t
                )
            except GameError:
                log.exception("room %s: entry %d does not replay", self.code, self.version + len(steps))
                break
            steps.append((state, events, entry))
        if steps:
            await self._advance(steps)

    async def rebuild(self) -> None:
        """Replay the current game's log from the store (lock held or room not yet shared)."""
        self.cancel_tasks()
        self.state = None
        self.version = 0
        self.last_t = 0
        if self.row.status == "lobby" or self.row.started_ms is None:
            return
        state = self.game.new(self.config())
        for index, entry in enumerate(await self.manager.store.entries(self.code, self.row.game_no)):
            try:
                state, _ = self.game.apply(state, entry.seat, self.game.decode_action(entry.action), entry.t)
            except GameError:
                log.exception("room %s: entry %d does not replay; the game stops there", self.code, index)
                break
            self.version += 1
            self.last_t = entry.t
        self.state = state

    # ---- room changes (seats, host, options) -------------------------------------------------

    async def mutate(self, change: Callable[[RoomRow], T]) -> T:
        """Apply ``change`` to a copy of the row and save it (optimistic check, retried)."""
        with store_reachable():
            async with self.lock:
                return await self.mutate_held(change)

    async def mutate_held(self, change: Callable[[RoomRow], T]) -> T:
        """``mutate`` with the room's lock held already (and the store's outage not yet translated)."""
        store = self.manager.store
        for _ in range(8):
            row = msgspec.convert(msgspec.to_builtins(self.row), RoomRow)
            result = change(row)
            if row.status == "lobby" and row.waiting:
                seat_waiting(row)
            row.rev = self.row.rev + 1
            if await store.save_room(row, self.row.rev):
                await self._take_row(row)
                return result
            fresh = await store.load_room(self.code)
            if fresh is None:
                self.manager.close_held(self, ROOM_GONE)
                raise ProtocolError(ROOM_GONE.code, ROOM_GONE.message)
            await self._take_row(fresh)
        raise ProtocolError("busy", "the room is busy, please try again")

    async def _take_row(self, row: RoomRow) -> None:
        """Use a newer row (own or from another process); rebuild the game if a new one began."""
        old = self.row
        self.row = row
        if row.game != old.game:
            self.game = registry.get(row.game)
            self.bots.clear()
        if row.status == "lobby" and old.status != "lobby":
            # back in the lobby (to_lobby): the game is over for this room, its view goes
            self.cancel_tasks()
            self.state = None
            self.version = 0
            self.last_t = 0
        new_game = row.game_no != old.game_no or (row.status != "lobby" and self.state is None)
        if new_game:
            if row.game_no != old.game_no:
                self.bots.clear()  # a new game: bots start without memories of the last one
            await self.rebuild()
        if old.waiting:
            self._tell_seated(old)
        self.broadcast_room()
        if new_game:
            self.broadcast_state([])
            self.plan()
        elif [s.standin for s in old.seats] != [s.standin for s in row.seats] or old.status != row.status:
            self.plan()

    def _tell_seated(self, old: RoomRow) -> None:
        """Send Seated to the connections of people who were waiting in ``old`` and hold a seat now."""
        waited = {w.token_hash for w in old.waiting if w.token_hash is not None}
        for conn in self.conns:
            if conn.token_hash in waited:
                seat = self.seat_of(conn.token_hash)
                if seat is not None:
                    conn.send(Seated(seat=seat))

    async def refresh(self) -> None:
        """Another process changed the room: load its row and apply its entries."""
        async with self.lock:
            if self.unloaded:
                return
            fresh = await self.manager.store.load_room(self.code)
            if fresh is None:
                self.manager.close_held(self, ROOM_GONE)
                return
            if fresh.rev > self.row.rev:
                await self._take_row(fresh)
            if self.state is not None:
                await self.catch_up()

    async def entry_arrived(self, game_no: int, index: int) -> None:
        async with self.lock:
            if self.unloaded:
                return
            if game_no != self.row.game_no:
                fresh = await self.manager.store.load_room(self.code)
                if fresh is None:
                    self.manager.close_held(self, ROOM_GONE)
                    return
                if fresh.rev > self.row.rev:
                    await self._take_row(fresh)
            if self.state is not None and index >= self.version:
                await self.catch_up()

    # ---- timers and bots -----------------------------------------------------------------------

    def cancel_tasks(self) -> list[asyncio.Task[None]]:
        """Cancel the deadline timer and the bots' decisions; returns the tasks asked to stop (one
        caught inside a commit still finishes it, see ``_commit``)."""
        self._cancel_timer()
        cancelled: list[asyncio.Task[None]] = []
        if self.firing is not None:
            self.firing.cancel()
            cancelled.append(self.firing)
            self.firing = None
        for task, _ in self.pending.values():
            task.cancel()
            cancelled.append(task)
        self.pending.clear()
        self.standin_plan.clear()
        return cancelled

    def plan(self) -> None:
        """(Re)schedule the deadline timer and the bots' decisions for the current state."""
        if self.unloaded or not self.driving or self.state is None or self.row.status != "playing":
            self.cancel_tasks()
            return
        game, state = self.game, self.state
        deadline = game.due_at(state)
        due = None if deadline is None else (self.row.game_no, deadline)
        if due != self.timer_due or self.timer is None:
            self._cancel_timer()
            if due is not None:
                delay = (self.row.started_ms or 0) + due[1] - self.manager.clock()
                self.timer = asyncio.get_running_loop().call_later(max(0, delay) / 1000, self._timer_due, due)
                self.timer_due = due
        active = game.active_seats(state)
        now = self.game_time()
        shown = dict(self.standin_plan)
        for index, seat in enumerate(self.row.seats):
            kind = seat.bot if seat.kind == "bot" else seat.standin
            waiting = self.pending.get(index)
            legal = game.legal_actions(state, index) if kind is not None and index in active else []
            if seat.standin is None:
                self.hurry.discard(index)
            if waiting is not None:
                # still the same choice: a stand-in's skip (not among legal) keeps its time as well
                planned = self.standin_plan.get(index)
                if waiting[1] in legal or (legal and planned is not None and planned[1] == legal):
                    continue
                waiting[0].cancel()
                del self.pending[index]
            self.standin_plan.pop(index, None)
            if not legal or kind is None:
                continue
            bot = self._bot(index, kind)
            decision = bot.decide(game.view(state, index), legal, now)
            if decision is None:
                continue
            delay = max(0, decision.delay_ms)
            if index in self.hurry:
                delay = min(delay, HURRY_MS)
            task = asyncio.create_task(self._bot_acts(index, decision.action, delay))
            self.pending[index] = (task, decision.action)
            if seat.kind == "human":
                self.standin_plan[index] = (now + delay, legal)
        for index in [i for i in self.standin_plan if i not in self.pending]:
            del self.standin_plan[index]
        if {i: p[0] for i, p in shown.items()} != {i: p[0] for i, p in self.standin_plan.items()}:
            self.broadcast_room()  # every screen shows when the stand-in acts

    def _bot(self, seat: int, kind: str) -> Bot:
        """The seat's bot for ``kind[:level]`` in this game (a new game gets new bots, seeded by its seed;
        a kind this version no longer has: the default bot)."""
        game_no = self.row.game_no
        held = self.bots.get((seat, kind))
        if held is not None and held[0] == game_no:
            return held[1]
        game, seed = self.row.game, self.row.seed + seat
        try:
            bot = make_bot(game, kind, seat, seed)
        except ConfigError:
            bot = make_bot(game, default_bot(game), seat, seed)
        self.bots[(seat, kind)] = (game_no, bot)
        return bot

    def _cancel_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.timer_due = None

    def _timer_due(self, due: tuple[int, int]) -> None:
        self.timer = None
        self.timer_due = None
        task = asyncio.create_task(self._fire_timer(due[0]))
        self.firing = task
        task.add_done_callback(self._fired)

    def _fired(self, task: asyncio.Task[None]) -> None:
        if self.firing is task:
            self.firing = None

    async def _fire_timer(self, game_no: int) -> None:
        if game_no != self.row.game_no:
            return
        try:
            await self.act(None, Timeout(), None)
        except (GameError, ProtocolError) as exc:
            log.debug("room %s: timeout refused: %s", self.code, exc)
            if isinstance(exc, ProtocolError) and exc.code == "busy":
                # the store is unreachable: the deadline is still due, try again in a moment
                asyncio.get_running_loop().call_later(1.0, self.plan)

    async def _bot_acts(self, seat: int, action: Action, delay_ms: int) -> None:
        await asyncio.sleep(delay_ms / 1000)
        waiting = self.pending.get(seat)
        if waiting is not None and waiting[0] is asyncio.current_task():
            del self.pending[seat]
        try:
            await self.act(seat, action, None)
        except (GameError, ProtocolError) as exc:
            log.debug("room %s: bot at seat %d refused: %s", self.code, seat, exc)
            if self.lock.locked():
                return
            async with self.lock:
                if seat not in self.pending:
                    self.plan()

    # ---- housekeeping: stand-in bots and the host role ---------------------------------------

    def takeover_ms(self) -> int:
        """How long an away person's seat waits for a stand-in (``standin_kind``). In a game without
        room bots the table does not wait ``takeover_s``: after AWAY_GRACE_MS the stand-in
        acts for the away person as that game's stand-in bot does; the room
        frame shows the seat away with its stand-in, which ends when the person is back."""
        wait = self.row.takeover_s * 1000
        return wait if self.game.spec.bots_in_rooms else min(wait, AWAY_GRACE_MS)

    async def call_stand_in(self, index: int | None) -> None:
        """The host lets a bot play for an away person now (host op ``stand_in``): the seat gets its
        stand-in (``standin_kind``) at once, and the stand-in acts within ``HURRY_MS`` instead of its own
        pace. Until the person is
        back; refused for people who are here, bots and outside a game."""

        def change(row: RoomRow) -> None:
            if row.status != "playing":
                raise ProtocolError("game_not_running", "a bot stands in only while a game is running")
            if index is None or not 0 <= index < len(row.seats):
                raise ProtocolError("bad_frame", f"seat must be 0..{len(row.seats) - 1}", "seat")
            seat = row.seats[index]
            if seat.kind != "human" or seat.connected:
                raise ProtocolError("bad_frame", "a bot stands in only for a person who is away", "seat")
            if seat.standin is None:
                seat.standin = standin_kind(row.game)

        hurried = index in self.hurry
        if index is not None:
            self.hurry.add(index)  # before the change: the plan it sets off is hurried already
        try:
            await self.mutate(change)
        except BaseException:
            if index is not None and not hurried:
                self.hurry.discard(index)
            raise
        assert index is not None
        async with self.lock:
            waiting = self.pending.pop(index, None)
            if waiting is not None:  # a decision at the stand-in's own pace: take it again, hurried
                waiting[0].cancel()
            self.plan()

    async def housekeeping(self, now: int, host_grace_ms: int) -> None:
        row = self.row
        if not self.driving:
            return
        takeover = [
            i
            for i, s in enumerate(row.seats)
            if row.status == "playing"
            and row.takeover_s > 0
            and s.kind == "human"
            and s.standin is None
            and not s.connected
            and s.away_since_ms is not None
            and now - s.away_since_ms >= self.takeover_ms()
        ]
        host = (
            row.seats[row.host_seat] if row.host_seat is not None and row.host_seat < len(row.seats) else None
        )
        host_gone = (
            host is not None
            and not host.connected
            and host.away_since_ms is not None
            and now - host.away_since_ms >= host_grace_ms
            and any(s.kind == "human" and s.connected for s in row.seats)
        )
        if not takeover and not host_gone:
            return
        kind = standin_kind(row.game)

        def change(r: RoomRow) -> None:
            for i in takeover:
                r.seats[i].standin = kind
            if host_gone:
                pass_host(r)

        await self.mutate(change)
