"""Rooms: seats, the running game, timers, bots and the connections that watch them.

One path changes a game, whoever acts (a person, a bot, the server's timer): decode, check the
version, ``game.apply``, append the entry to the store and commit, and only then update the room and
send every connection its own view. Rooms are rebuilt from the store by replaying their log.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import secrets
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import msgspec

from tischrunde.bots import Bot, check_bot, default_kind, make_bot, standin_kind
from tischrunde.core import registry
from tischrunde.core.errors import ConfigError, GameError
from tischrunde.core.game import MORE_TIME, Action, Config, Event, Game, Outcome, Timeout, encode_action
from tischrunde.server import security
from tischrunde.server.protocol import (
    Error,
    GameResult,
    RoomInfo,
    RoomMsg,
    Seated,
    SeatInfo,
    ServerMsg,
    StateMsg,
)
from tischrunde.server.store import LogEntry, PastGame, RoomRow, SeatRow, Store, StoreUnavailable

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


class ProtocolError(Exception):
    """A refused frame: stable ``code``, a sentence for people, optionally the offending field."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def frame(self) -> Error:
        return Error(code=self.code, message=self.message, field=self.field)


@contextlib.contextmanager
def store_reachable() -> Iterator[None]:
    """A store that cannot be reached (Redis restarting) is ``busy``: the client may try again."""
    try:
        yield
    except StoreUnavailable:
        raise ProtocolError("busy", "the game's storage cannot be reached right now, try again") from None


#: what the clients of a room hear when its store copy is gone (deleted elsewhere, or lost by the store)
ROOM_GONE = Error(code="unknown_room", message="this room no longer exists (it is gone from the store)")


def error_frame(exc: GameError) -> Error:
    """The Error frame of an engine error (its code, sentence and field if it names one)."""
    field = exc.field if isinstance(exc, ConfigError) else None
    return Error(code=exc.code, message=exc.message, field=field)


def default_bot(game: str) -> str:
    """The bot kind that fills seats and plays for people who left: a game's own first bot, else
    "random" (a person who is only away gets ``standin_kind``)."""
    return default_kind(game)


_encoder = msgspec.json.Encoder()


class Conn:
    """One WebSocket connection: its role, its seat (by token hash) and its frames waiting to be written.

    ``send`` never blocks. When the connection can write at once (``direct``, see ``app.direct_writer``)
    and nothing is queued or being written, the frame goes out right away. Otherwise it is appended to
    ``outbox`` and the connection's writer is woken, which takes everything queued at once
    (``next_batch``); ``writing`` is set from then until the writer asks for the next batch, so frames
    never overtake each other. ``None`` in the outbox means: close after what came before.
    """

    __slots__ = (
        "_waiter",
        "client",
        "closed",
        "direct",
        "outbox",
        "pinged",
        "role",
        "room",
        "table_hash",
        "token_hash",
        "writing",
    )

    MAX_QUEUED = 512

    def __init__(self, client: str) -> None:
        self.client = client
        self.room: Room | None = None
        self.token_hash: str | None = None
        # the hash of the table token this table screen said hello with (host rights, no seat), or None
        self.table_hash: str | None = None
        self.role = "spectator"
        self.outbox: collections.deque[bytes | None] = collections.deque()
        self.closed = False
        self._waiter: asyncio.Future[None] | None = None
        # writes one frame now and says True, or says False when it cannot (the socket is paused)
        self.direct: Callable[[bytes], bool] | None = None
        self.writing = False
        # the client has sent a ping: it keeps a heartbeat, and a silent spell means it is gone
        self.pinged = False

    def send(self, frame: ServerMsg | bytes) -> None:
        if self.closed:
            return
        data = frame if isinstance(frame, bytes) else _encoder.encode(frame)
        if self.direct is not None and not self.outbox and not self.writing and self.direct(data):
            return
        if len(self.outbox) >= self.MAX_QUEUED:
            # a client that does not read its frames is dropped, it would only fall further behind
            self.close()
            return
        self.outbox.append(data)
        self._wake()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.outbox.append(None)
            self._wake()

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def take(self) -> list[bytes | None]:
        """Everything queued, in order (and the outbox emptied)."""
        batch = list(self.outbox)
        self.outbox.clear()
        return batch

    async def next_batch(self) -> list[bytes | None]:
        """Wait until something is queued, then take it all (the writer has written the batch before)."""
        self.writing = False
        while not self.outbox:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        self.writing = True
        return self.take()


def _event_dict(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, "seat": event.seat, "data": event.data}


def _visible(event: Event, seat: int | None) -> bool:
    return event.visible_to is None or (seat is not None and seat in event.visible_to)


class Room:
    """A room held by this process. All changes happen under ``lock``."""

    def __init__(self, manager: RoomManager, row: RoomRow) -> None:
        self.manager = manager
        self.row = row
        self.game: Game[Any] = registry.get(row.game)
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
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
        # the last time (manager clock) someone looked the room up or was connected; see RoomManager.tick
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

    def is_table(self, conn: Conn) -> bool:
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

    def broadcast_room(self, exclude: Conn | None = None) -> None:
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

    def send_snapshot(self, conn: Conn) -> None:
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
            await self._catch_up()
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
        outcome = self.game.outcome(self.state)
        if outcome is not None and self.row.status == "playing":
            game, game_no, now = self.game, self.row.game_no, self.manager.clock()
            with contextlib.suppress(ProtocolError):
                await self._mutate(lambda row: finish_game(row, game, game_no, outcome, now))
        self.plan()

    async def _catch_up(self) -> None:
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
                return await self._mutate(change)

    async def _mutate(self, change: Callable[[RoomRow], T]) -> T:
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
                await self._catch_up()

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
                await self._catch_up()

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
        room bots (Emojito) the table does not wait ``takeover_s``: after AWAY_GRACE_MS the stand-in
        sets the away guesser's dial (its performances it confirms only after a minute); the room
        frame shows the seat away with its stand-in, which ends when the person is back."""
        wait = self.row.takeover_s * 1000
        return wait if self.game.spec.bots_in_rooms else min(wait, AWAY_GRACE_MS)

    async def call_stand_in(self, index: int | None) -> None:
        """The host lets a bot play for an away person now (host op ``stand_in``): the seat gets its
        stand-in (``standin_kind``) at once, and the stand-in acts within ``HURRY_MS`` instead of its own
        pace (an Emojito performer's stand-in leaves the performance out at once). Until the person is
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


# ---- pure changes of a room row (used through Room.mutate) ---------------------------------------


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


class RoomManager:
    """The rooms this process holds, the store behind them and the housekeeping loop."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = wall_ms,
        host_grace_s: float = 20.0,
        tick_s: float = 1.0,
        lease_ms: int = 5000,
        unload_idle_s: float = 600.0,
        lobby_ttl_s: float = 3600.0,
        room_ttl_s: float = 86400.0,
        expiry_sweep_s: float = 60.0,
    ) -> None:
        self.store = store
        self.lobby_ttl_ms = int(lobby_ttl_s * 1000)
        self.room_ttl_ms = int(room_ttl_s * 1000)
        self.expiry_sweep_ms = int(expiry_sweep_s * 1000)
        self._swept = clock()
        self._store_warned = 0.0
        self.clock = clock
        self.unload_idle_ms = int(unload_idle_s * 1000)
        self.host_grace_ms = int(host_grace_s * 1000)
        self.tick_s = tick_s
        self.lease_ms = lease_ms
        self.owner = uuid.uuid4().hex
        store.origin = self.owner
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._ticker: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.store.open()
        self.store.set_listener(self._remote_change)
        self.store.set_resync(self.resync)
        if not self.store.shared:
            # one process owns the data: rebuild running games now and resume their timers and bots
            # (other rooms are loaded when someone asks for them)
            for code in await self.store.room_codes(playing=True):
                await self.get(code)
        self._ticker = asyncio.create_task(self._tick_loop())

    async def stop(self) -> None:
        if self._ticker is not None:
            # a cancel is only a request: one that lands while a store call completes can be lost (seen
            # with redis under load), so ask again until the ticker is over
            while not self._ticker.done():
                self._ticker.cancel()
                await asyncio.wait({self._ticker}, timeout=0.1)
        stopping: list[asyncio.Task[None]] = []
        for room in self.rooms.values():
            room.unloaded = True  # out of memory: a last commit's plan() starts no new timer or bot
            stopping.extend(room.cancel_tasks())
            for conn in room.conns:
                conn.close()
            if self.store.shared and room.driving:
                with contextlib.suppress(Exception):
                    await self.store.release_lease(room.code, self.owner)
        if stopping:
            # a timer or bot cancelled inside a commit finishes it before the store closes (else its
            # append meets a closed store and the task ends in an error nobody retrieves)
            await asyncio.wait(stopping, timeout=10)
        await self.store.close()

    async def create(self, row: RoomRow) -> Room | None:
        """A new room, None if its code is taken (ProtocolError ``busy`` if the store is unreachable)."""
        with store_reachable():
            return await self._create(row)

    async def _create(self, row: RoomRow) -> Room | None:
        if not await self.store.create_room(row):
            return None
        room = Room(self, row)
        if self.store.shared:
            room.driving = await self.store.acquire_lease(row.code, self.owner, self.lease_ms)
        self.rooms[row.code] = room
        return room

    async def get(self, code: str) -> Room | None:
        """The room with this code, loaded from the store and replayed if needed (ProtocolError
        ``busy`` if the store is unreachable)."""
        with store_reachable():
            return await self._get(code)

    async def _get(self, code: str) -> Room | None:
        room = self.rooms.get(code)
        if room is not None:
            room.touched = self.clock()
            return room
        loading = self._loading.get(code)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[code] = future
        try:
            row = await self.store.load_room(code)
            if row is None or row.game not in registry.GAME_MODULES:
                future.set_result(None)
                return None
            room = Room(self, row)
            await room.rebuild()
            if self.store.shared:
                room.driving = await self.store.acquire_lease(code, self.owner, self.lease_ms)
            elif any(s.kind == "human" and s.connected for s in row.seats):
                # this process alone serves the room and has no connections yet: everyone is away
                now = self.clock()
                await room.mutate(lambda r: _all_away(r, now))
            self.rooms[code] = room
            room.plan()
            future.set_result(room)
            return room
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved
            raise
        finally:
            del self._loading[code]

    async def _remote_change(self, code: str, message: bytes) -> None:
        room = self.rooms.get(code)
        if room is None:
            return
        note = msgspec.json.decode(message)
        if not isinstance(note, dict) or note.get("origin") == self.owner:
            return
        if note.get("kind") == "entry":
            await room.entry_arrived(int(note.get("game_no", 0)), int(note.get("index", 0)))
        elif note.get("kind") == "gone":
            await self.close_room(room, ROOM_GONE)
        else:
            await room.refresh()

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(self.tick_s)
            try:
                await self.tick()
            except StoreUnavailable as exc:
                self._store_warning(exc)
            except Exception:
                log.exception("housekeeping failed")

    async def unload(self, room: Room) -> bool:
        """Take a room nobody uses out of memory (it stays in the store; ``get`` loads it again, as
        after a restart: missed deadlines fire then). False if someone came back meanwhile."""
        async with room.lock:
            if room.conns or self.rooms.get(room.code) is not room:
                return False
            room.cancel_tasks()
            room.unloaded = True
            del self.rooms[room.code]
        if self.store.shared and room.driving:
            with contextlib.suppress(Exception):
                await self.store.release_lease(room.code, self.owner)
        return True

    async def tick(self) -> None:
        """Renew leases, let bots stand in for absent people, move the host role on, and unload rooms
        nobody has used for ``unload_idle_s`` (no connection, no lookup)."""
        now = self.clock()
        if now - self._swept >= self.expiry_sweep_ms:
            await self.expire(now)
        for room in list(self.rooms.values()):
            if room.conns:
                room.touched = now
            elif now - room.touched >= self.unload_idle_ms:
                await self.unload(room)
                continue
            if self.store.shared and room.row.status == "playing":
                driving = await self.store.acquire_lease(room.code, self.owner, self.lease_ms)
                if driving != room.driving:
                    async with room.lock:
                        room.driving = driving
                        if driving:
                            await room._catch_up()
                        room.plan()
            try:
                await room.housekeeping(now, self.host_grace_ms)
            except ProtocolError as exc:
                log.debug("room %s: housekeeping: %s", room.code, exc.message)

    # ---- rooms that end: expiry, store copies that vanished, a shared store that blinked -------

    def close_held(self, room: Room, error: Error) -> None:
        """Take a room out of memory and close its connections with ``error`` (its lock held)."""
        room.cancel_tasks()
        room.unloaded = True
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        for conn in list(room.conns):
            conn.send(error)
            conn.close()
            conn.room = None
        room.conns.clear()

    async def close_room(self, room: Room, error: Error) -> None:
        async with room.lock:
            self.close_held(room, error)

    async def expire(self, now: int | None = None) -> list[str]:
        """Delete the rooms that have expired (``expiry_reason``) from the store, logs included, and from
        memory; their connections get an ``unknown_room`` error saying why. Returns their codes."""
        now = self.clock() if now is None else now
        self._swept = now
        expired: list[str] = []
        for code in await self.store.room_codes():
            if code in self._loading:
                continue
            room = self.rooms.get(code)
            row = room.row if room is not None else await self.store.load_room(code)
            if row is None:
                continue
            ttls = (self.lobby_ttl_ms, self.room_ttl_ms)
            if expiry_reason(row, now, *ttls, watched=room is not None and bool(room.conns)) is None:
                continue
            if room is None:
                await self.store.delete_room(code)
            else:
                async with room.lock:
                    # again under the lock: someone may have joined or connected meanwhile
                    reason = expiry_reason(room.row, now, *ttls, watched=bool(room.conns))
                    if reason is None:
                        continue
                    await self.store.delete_room(code)
                    self.close_held(room, _expired_frame(reason))
            expired.append(code)
        if expired:
            log.info("%d rooms expired: %s", len(expired), ", ".join(expired))
        return expired

    async def resync(self) -> None:
        """The shared store was unreachable and changes may have been missed: every room held in memory
        catches up from the store, and one whose row is gone is closed for its clients."""
        for room in list(self.rooms.values()):
            await room.refresh()
            if not room.unloaded:
                room.plan()  # a deadline or a bot's move that failed meanwhile is due again

    def _store_warning(self, exc: Exception) -> None:
        """One line at most every few seconds while the store is unreachable (an expected condition)."""
        now = time.monotonic()
        if now - self._store_warned >= 5.0:
            self._store_warned = now
            log.warning("housekeeping waits for the store: %s", exc)


def _all_away(row: RoomRow, now: int) -> None:
    for seat in row.seats:
        if seat.kind == "human" and seat.connected:
            seat.connected = False
            seat.away_since_ms = now


# ---- expiry: when a room's time is over ----------------------------------------------------------


def expiry_reason(row: RoomRow, now: int, lobby_ttl_ms: int, room_ttl_ms: int, watched: bool) -> str | None:
    """Why a room has expired, or None. A lobby nobody joined expires ``lobby_ttl_ms`` after it was made,
    even if a table screen shows it; any other room once nobody has been connected to it (``watched``:
    connections of this process, spectators included) for ``room_ttl_ms``."""
    people = [s for s in row.seats if s.kind == "human" and s.token_hash is not None]
    if row.status == "lobby" and not people:
        if now - row.created_ms >= lobby_ttl_ms:
            return f"nobody joined it within {lobby_ttl_ms / 60_000:g} minutes"
        return None
    if watched or any(s.connected for s in people):
        return None
    last = max([row.created_ms, row.started_ms or 0, *(s.away_since_ms or 0 for s in row.seats)])
    if now - last >= room_ttl_ms:
        return f"nobody has used it for {room_ttl_ms / 3_600_000:g} hours"
    return None


def _expired_frame(reason: str) -> Error:
    return Error(code="unknown_room", message=f"this room has expired: {reason}")
