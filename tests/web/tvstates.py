"""Table-screen states made by the real engines, shown in the real web app without playing to them live.

``moments(game, ...)`` plays one seeded game with the game's own bots (``tischrunde.bots.driver``), replays
its record and keeps the frames the server would send at the first round's end (``round_over``) and at the
game's end: the view of one seat (None = the table screen), the events of the last steps (the log), the
outcome. ``serve(page, ...)`` answers the page's WebSocket itself with those frames (welcome, room, state),
so a test opens ``/r/CODE?table=1`` on the real server (its static files) and sees that moment at once.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import msgspec
from playwright.sync_api import Page, WebSocketRoute

from tischrunde.bots import default_kind, make_bot
from tischrunde.bots.driver import play_game
from tischrunde.core import registry
from tischrunde.core.game import Config, encode_action
from tischrunde.core.records import states

LOG_STEPS = 12  # the events of this many steps before a moment go into its frame (the log's lines)


@dataclass
class Moment:
    """One moment of a game: the engine state and the events that led to it."""

    game: str
    state: Any
    events: list[Any] = field(default_factory=list)


def moments(game: str, players: int, options: dict[str, Any], seed: int = 1) -> dict[str, Moment]:
    """Moments of one bot-played game: the first ``round_over``, the end (``over``) and, in Stella, the
    first reveal phase with two pictures named, the first turn (``start``), in Wordland a turn after seven words (``playing``), in
    Mogel-Motte a mosquito race with a slap (``race``)."""
    engine = registry.get(game)
    config = Config(game=game, players=players, seed=seed, options=options)
    bots = [make_bot(game, default_kind(game), seat, seed * 100 + seat) for seat in range(players)]
    record = play_game(config, bots).record
    found: dict[str, Moment] = {}
    recent: list[list[Any]] = []
    final: Any = None
    for state, events in states(record):
        recent = [*recent[-(LOG_STEPS - 1) :], events]
        final = state
        view = engine.view(state, None)
        if "start" not in found and view.get("phase") not in ("round_over", "over"):
            found["start"] = Moment(game, state, [])  # the first turn: someone's move awaited
        if "round_over" not in found and view.get("phase") == "round_over":
            found["round_over"] = Moment(game, state, [e for step in recent for e in step])
        # in the middle of a round: Stella's reveals begun, Wordland's words listed
        told = len(view.get("reveals") or []) >= 2 or len(view.get("words") or []) >= 7
        playing = view.get("phase") not in ("round_over", "over") and told
        if "playing" not in found and playing:
            found["playing"] = Moment(game, state, [e for step in recent for e in step])
        # Mogel-Motte: a mosquito race that someone has slapped already (its splash in the same frame)
        race = view.get("race") or {}
        if "race" not in found and race.get("kind") == "mosquito" and race.get("slapped"):
            found["race"] = Moment(game, state, [e for step in recent for e in step])
    found["over"] = Moment(game, final, [e for step in recent for e in step])
    return found


def state_frame(moment: Moment, seat: int | None, version: int = 7) -> dict[str, Any]:
    """The StateMsg the server sends ``seat`` at this moment (as ``Room.state_msg`` builds it)."""
    engine = registry.get(moment.game)
    state = moment.state
    outcome = engine.outcome(state)
    over = outcome is not None
    active = [] if over else sorted(engine.active_seats(state))
    legal = [encode_action(a) for a in engine.legal_actions(state, seat)] if seat in active else []
    visible = [
        e for e in moment.events if e.visible_to is None or (seat is not None and seat in e.visible_to)
    ]
    return {
        "type": "state",
        "version": version,
        "view": engine.view(state, seat),
        "legal": legal,
        "active": active,
        "deadline_ms": None if over else engine.due_at(state),
        "now_ms": getattr(state, "t", 0) or 0,
        "events": [{"kind": e.kind, "seat": e.seat, "data": e.data} for e in visible],
        "outcome": None if outcome is None else msgspec.to_builtins(outcome),
    }


def room_frame(
    code: str,
    game: str,
    names: list[str],
    over: bool,
    options: dict[str, Any],
    away: int | None = None,
    standin_ms: int | None = None,
) -> dict[str, Any]:
    """The RoomMsg of a room where ``names`` sit (the first one hosts), each with its badge; the seat
    ``away`` has no connection, its stand-in due at ``standin_ms`` (game ms)."""
    seats = [
        {"seat": k, "name": n, "kind": "human", "connected": True, "host": k == 0, "bot": None, "badge": k}
        for k, n in enumerate(names)
    ]
    if away is not None:
        seats[away].update(connected=False, standin_ms=standin_ms)
    info = {
        "code": code,
        "game": game,
        "language": "de",
        "options": options,
        "status": "over" if over else "playing",
        "locked": False,
        "seats": seats,
        "host_seat": 0,
        "takeover_s": 60,
    }
    return {"type": "room", "room": info}


class Served:
    """The page's socket, answered by ``serve``: ``again()`` sends the moment's state once more (a newer
    version with the same events), so the log holds them once the game's module is loaded."""

    def __init__(self, moment: Moment, seat: int | None) -> None:
        self.moment, self.seat = moment, seat
        self.ws: WebSocketRoute | None = None
        self.version = 7

    def again(self) -> None:
        assert self.ws is not None, "the page has not connected"
        self.version += 1
        self.ws.send(json.dumps(state_frame(self.moment, self.seat, self.version)))


def serve(
    page: Page,
    moment: Moment,
    names: list[str],
    options: dict[str, Any],
    seat: int | None = None,
    away: int | None = None,
) -> Served:
    """Answer this page's WebSocket with the moment's frames: welcome, room, state; pings get pongs.
    With ``away`` that seat has lost its connection (its stand-in due in 60 s) and the table screen is
    the host's (it may call the stand-in in now)."""
    code = "TVTEST"
    over = registry.get(moment.game).outcome(moment.state) is not None
    due = (getattr(moment.state, "t", 0) or 0) + 60_000 if away is not None else None
    served = Served(moment, seat)

    def route(ws: WebSocketRoute) -> None:
        served.ws = ws

        def message(raw: str | bytes) -> None:
            msg = json.loads(raw)
            if msg.get("type") == "hello":
                role = "table" if seat is None else "player"
                ws.send(
                    json.dumps(
                        {
                            "type": "welcome",
                            "room": code,
                            "seat": seat,
                            "token": None,
                            "role": role,
                            "table_host": seat is None and away is not None,
                            "v": msg.get("v", 1),
                        }
                    )
                )
                ws.send(json.dumps(room_frame(code, moment.game, names, over, options, away, due)))
                ws.send(json.dumps(state_frame(moment, seat)))
            elif msg.get("type") == "ping":
                ws.send(json.dumps({"type": "pong"}))

        ws.on_message(message)

    page.route_web_socket(re.compile(r"/ws$"), route)
    if seat is not None:  # a phone that holds a seat (else it would ask for a name first)
        page.add_init_script(f"localStorage.setItem('tischrunde.token.{code}', 'test-token')")
    return served
