"""One room for the whole evening: the host ops to_lobby, set_game and first_seat, the waiting
list, name_taken, the evening scoreboard and its records, and the heartbeat that drops a silent phone."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import fakeredis
import pytest
import uvicorn
from helpers import create_room, hello, open_ws, recv, until
from procs import free_port, post_json
from starlette.testclient import TestClient, WebSocketTestSession
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from wsclient import Client

from tischrunde.cli import app as cli_app
from tischrunde.core.records import load
from tischrunde.server import security
from tischrunde.server.app import create_app
from tischrunde.server.lobby import loadable_games
from tischrunde.server.main import WS_OPTIONS
from tischrunde.server.store import MemoryStore, Store
from tischrunde.server.store_redis import RedisStore

#: a toy game that one "add 3" ends, without a turn timer
QUICK = {"target": 3, "turn_ms": 0}


@contextlib.contextmanager
def serving(web_dir: Path, store: Store | None = None, **kwargs: Any) -> Iterator[TestClient]:
    app = create_app(store=store or MemoryStore(), web_dir=web_dir, tick_s=0.05, **kwargs)
    with TestClient(app) as c, contextlib.ExitStack() as stack:
        c.stack = stack  # type: ignore[attr-defined]
        yield c


@pytest.fixture
def client(web_dir: Path) -> Iterator[TestClient]:
    with serving(web_dir) as c:
        yield c


def join(client: TestClient, code: str, *names: str) -> tuple[list[WebSocketTestSession], list[str]]:
    """People joining by name, in order; their sockets and tokens."""
    sockets, tokens = [], []
    for name in names:
        ws = open_ws(client)
        welcome = hello(ws, code, name=name)
        sockets.append(ws)
        tokens.append(welcome["token"])
    return sockets, tokens


def host_op(ws: WebSocketTestSession, op: str, **fields: Any) -> None:
    ws.send_json({"type": "host", "op": op, **fields})


def room_where(ws: WebSocketTestSession, check: Any) -> dict[str, Any]:
    """The next RoomInfo (from a room frame) that passes ``check``."""
    room: dict[str, Any] = until(ws, "room", lambda f: check(f["room"]))["room"]
    return room


def refused(ws: WebSocketTestSession, code: str, field: str | None = None) -> dict[str, Any]:
    error = until(ws, "error")
    assert error["code"] == code, error
    assert error["field"] == field, error
    assert error["message"]
    return error


def info(client: TestClient, code: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/rooms/{code}").json()
    return body


def win_with_three(ws: WebSocketTestSession, version: int = 0) -> None:
    ws.send_json({"type": "act", "version": version, "action": {"type": "add", "n": 3}})


# ---- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "held", "taken"),
    [
        ("Eva", ["Eva"], True),
        ("eva", ["Eva"], True),
        ("EVA", [" eva "], True),
        ("Straße", ["STRASSE"], True),  # casefold, not lower
        ("Eva", ["Evi", "Ben"], False),
        ("Bot", [], True),
        ("Bot 3", [], True),
        ("bot7", [], True),
        ("BOT-2", [], True),
        ("Botan", [], False),
        ("Robot", [], False),
        ("Bo 1", [], False),
    ],
)
def test_name_taken_compares_without_case_and_spaces_and_refuses_bot_labels(
    name: str, held: list[str], taken: bool
) -> None:
    why = security.name_taken(name, held)
    assert (why is not None) is taken
    if why is not None:
        assert name in why


def test_a_name_held_in_the_room_or_like_a_bot_is_refused_and_nothing_changes(client: TestClient) -> None:
    code = create_room(client)
    (eva,), _ = join(client, code, "Eva")
    host_op(eva, "add_bot")
    room_where(eva, lambda r: len(r["seats"]) == 2)
    before = info(client, code)
    for name in (" eva ", "EVA", "Bot 1", "bot7", "Bot", "Bot\u200b 2"):
        ws = open_ws(client)
        ws.send_json({"type": "hello", "room": code, "name": name})
        error = refused(ws, "name_taken", "name")
        assert "pick another name" in error["message"] or "already in this room" in error["message"]
    assert info(client, code) == before
    # another name is welcome
    assert hello(open_ws(client), code, name="Evi")["seat"] == 2


def test_a_name_on_the_waiting_list_is_taken_too(client: TestClient) -> None:
    code = create_room(client, options=QUICK)
    (a, _b), _ = join(client, code, "Anna", "Ben")
    host_op(a, "start")
    until(a, "state")
    assert hello(open_ws(client), code, name="Cleo")["waiting"] is True
    for name in ("cleo", "ANNA"):
        ws = open_ws(client)
        ws.send_json({"type": "hello", "room": code, "name": name})
        refused(ws, "name_taken", "name")
    assert info(client, code)["waiting"] == ["Cleo"]


def test_the_join_page_gets_the_rooms_game_and_people(client: TestClient) -> None:
    code = create_room(client)
    join(client, code, "Anna", "Ben")
    body = info(client, code)
    assert body["game"] == "toy"
    assert [(s["name"], s["kind"]) for s in body["seats"]] == [("Anna", "human"), ("Ben", "human")]
    assert body["waiting"] == [] and body["first_seat"] is None and body["evening"] == []
    assert body["wins"] == {} and body["note"] is None


# ---- host ops: who may, when, and what they refuse ------------------------------------------------


@pytest.mark.parametrize(
    "frame",
    [
        {"op": "to_lobby"},
        {"op": "set_game", "game": "toypeople"},
        {"op": "first_seat", "seat": 0},
    ],
)
def test_only_the_host_may_use_the_game_night_ops(client: TestClient, frame: dict[str, Any]) -> None:
    code = create_room(client)
    (_, ben), _ = join(client, code, "Anna", "Ben")
    before = info(client, code)
    host_op(ben, **frame)
    refused(ben, "not_host")
    assert info(client, code) == before


def test_to_lobby_in_the_lobby_is_refused(client: TestClient) -> None:
    code = create_room(client)
    (a,), _ = join(client, code, "Anna")
    host_op(a, "to_lobby")
    refused(a, "game_not_running")
    assert info(client, code)["status"] == "lobby"


def test_set_game_and_first_seat_are_lobby_only(client: TestClient) -> None:
    code = create_room(client, options=QUICK)
    (a, _), _ = join(client, code, "Anna", "Ben")
    host_op(a, "start")
    until(a, "state")
    before = info(client, code)
    host_op(a, "set_game", game="toypeople")
    refused(a, "game_running")
    host_op(a, "first_seat", seat=1)
    refused(a, "game_running")
    win_with_three(a)
    room_where(a, lambda r: r["status"] == "over")
    host_op(a, "set_game", game="toypeople")
    refused(a, "game_running")
    after = info(client, code)
    assert after["game"] == before["game"] == "toy" and after["first_seat"] is None


@pytest.mark.parametrize(
    ("frame", "code", "field"),
    [
        ({"game": "chess"}, "bad_config", "game"),
        ({}, "bad_config", "game"),
        ({"game": "toy", "options": {"target": 1}}, "bad_config", "options.target"),
        ({"game": "toy", "options": {"colour": "red"}}, "bad_config", "options.colour"),
    ],
)
def test_set_game_refuses_unknown_games_and_bad_options(
    client: TestClient, frame: dict[str, Any], code: str, field: str
) -> None:
    room = create_room(client, options={"target": 9})
    (a,), _ = join(client, room, "Anna")
    before = info(client, room)
    host_op(a, "set_game", **frame)
    refused(a, code, field)
    assert info(client, room) == before


def test_first_seat_refuses_a_seat_that_is_not_there(client: TestClient) -> None:
    code = create_room(client)
    (a, _), _ = join(client, code, "Anna", "Ben")
    host_op(a, "first_seat", seat=2)
    refused(a, "bad_frame", "seat")
    assert info(client, code)["first_seat"] is None


def test_set_game_switches_the_game_and_removes_the_bots_it_cannot_use(client: TestClient) -> None:
    code = create_room(client, options={"target": 9})
    (a, _), _ = join(client, code, "Anna", "Ben")
    host_op(a, "add_bot", bot="fast")
    host_op(a, "add_bot", bot="random")
    room_where(a, lambda r: len(r["seats"]) == 4)
    host_op(a, "set_game", game="toypeople", options={"target": 20})
    room = room_where(a, lambda r: r["game"] == "toypeople")
    assert [s["name"] for s in room["seats"]] == ["Anna", "Ben"]
    assert room["options"] == {"target": 20, "turn_ms": 30_000}
    assert room["note"] == "Bot 1 and Bot 2 removed: People only is played by people only"
    # back to a game with bots: nothing to remove, no note
    host_op(a, "set_game", game="toy")
    room = room_where(a, lambda r: r["game"] == "toy")
    assert room["options"] == {"target": 15, "turn_ms": 30_000} and room["note"] is None


@pytest.mark.skipif("stella" not in loadable_games(), reason="Stella engine not available")
def test_set_game_keeps_bots_the_new_game_knows_and_plays_the_new_game(client: TestClient) -> None:
    code = create_room(client)
    (a, _), _ = join(client, code, "Anna", "Ben")
    host_op(a, "add_bot", bot="fast")
    host_op(a, "add_bot", bot="random")
    room_where(a, lambda r: len(r["seats"]) == 4)
    host_op(a, "set_game", game="stella", options={"rounds": 1})
    room = room_where(a, lambda r: r["game"] == "stella")
    assert [(s["name"], s["bot"]) for s in room["seats"]] == [
        ("Anna", None),
        ("Ben", None),
        ("Bot 2", "random"),
    ]
    assert room["note"] == "Bot 1 removed: Stella has no bot 'fast'"
    assert room["options"]["rounds"] == 1
    host_op(a, "start")
    state = until(a, "state")
    assert "total" not in state["view"]  # a Stella view, not the counting game's
    # the host ends it early: back in the lobby, no result for an unfinished game
    host_op(a, "to_lobby")
    room = room_where(a, lambda r: r["status"] == "lobby")
    assert len(room["seats"]) == 3 and room["evening"] == []
    assert client.get(f"/api/rooms/{code}/games/1/record.json").json()["code"] == "unknown_game"


def test_first_seat_is_passed_to_the_game_and_follows_its_seat(client: TestClient) -> None:
    code = create_room(client, options=QUICK)
    (a, _), _ = join(client, code, "Anna", "Ben")
    host_op(a, "add_bot")
    room_where(a, lambda r: len(r["seats"]) == 3)
    host_op(a, "first_seat", seat=2)
    assert room_where(a, lambda r: r["first_seat"] is not None)["first_seat"] == 2
    host_op(a, "remove_bot", seat=2)
    assert room_where(a, lambda r: len(r["seats"]) == 2)["first_seat"] is None
    host_op(a, "first_seat", seat=1)
    room_where(a, lambda r: r["first_seat"] == 1)
    host_op(a, "start")
    until(a, "state")
    win_with_three(a)
    room_where(a, lambda r: r["status"] == "over")
    record = client.get(f"/api/rooms/{code}/games/1/record.json").json()
    assert record["config"]["first_seat"] == 1
    # null: drawn at random at the start, and the game still gets an int
    host_op(a, "to_lobby")
    host_op(a, "first_seat", seat=None)
    room_where(a, lambda r: r["status"] == "lobby" and r["first_seat"] is None)
    host_op(a, "start")
    until(a, "state", lambda f: f["view"]["total"] == 0)
    win_with_three(a)
    room_where(a, lambda r: r["status"] == "over" and len(r["evening"]) == 2)
    record = client.get(f"/api/rooms/{code}/games/2/record.json").json()
    assert record["config"]["first_seat"] in (0, 1)


# ---- the waiting list --------------------------------------------------------------------------------


def test_a_person_joining_during_a_game_waits_and_is_seated_in_the_lobby(client: TestClient) -> None:
    code = create_room(client, options={"target": 50, "turn_ms": 0})
    (a, b, c), _ = join(client, code, "Anna", "Ben", "Cleo")
    host_op(a, "start")
    until(a, "state")
    late = open_ws(client)
    welcome = hello(late, code, name="Dora")
    assert welcome["seat"] is None and welcome["role"] == "player" and welcome["waiting"] is True
    token = welcome["token"]
    assert isinstance(token, str) and token
    room = recv(late)
    assert room["type"] == "room" and room["room"]["waiting"] == ["Dora"]
    assert len(room["room"]["seats"]) == 3
    state = recv(late)
    assert state["type"] == "state" and state["view"]["secret"] is None and state["legal"] == []
    # a waiting person watches: no acting, no host ops
    late.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 1}})
    refused(late, "not_seated")
    # the token resumes the place on the waiting list
    again = open_ws(client)
    assert hello(again, code, token=token) == {**welcome, "token": None}
    # back to the lobby: Dora takes seat 3, each of her connections hears it first
    host_op(a, "to_lobby")
    for ws in (late, again):
        assert until(ws, "seated") == {"type": "seated", "seat": 3}
        room = recv(ws)
        assert room["type"] == "room" and room["room"]["status"] == "lobby"
        assert [s["name"] for s in room["room"]["seats"]] == ["Anna", "Ben", "Cleo", "Dora"]
        assert room["room"]["waiting"] == []
    host_op(a, "start")
    state = until(late, "state")
    assert state["view"]["secret"].startswith("SECRET3x")
    assert len(info(client, code)["seats"]) == 4
    for ws in (a, b, c):
        assert until(ws, "state")["view"]["secret"] is not None


def test_the_waiting_list_is_as_long_as_the_game_has_seats(client: TestClient) -> None:
    code = create_room(client, options={"target": 50, "turn_ms": 0})
    (a, _), _ = join(client, code, "Anna", "Ben")
    host_op(a, "start")
    until(a, "state")
    waiting, _ = join(client, code, "W1", "W2", "W3", "W4", "W5")  # toy: 5 players at most
    ws = open_ws(client)
    ws.send_json({"type": "hello", "room": code, "name": "W6"})
    refused(ws, "room_full")
    # the lobby seats the first three; two keep waiting, and take seats as they free up
    host_op(a, "to_lobby")
    room = room_where(a, lambda r: r["status"] == "lobby")
    assert [s["name"] for s in room["seats"]] == ["Anna", "Ben", "W1", "W2", "W3"]
    assert room["waiting"] == ["W4", "W5"]
    assert until(waiting[2], "seated")["seat"] == 4
    host_op(a, "kick", seat=1)
    room = room_where(a, lambda r: "Ben" not in [s["name"] for s in r["seats"]])
    assert [s["name"] for s in room["seats"]] == ["Anna", "W1", "W2", "W3", "W4"]
    assert room["waiting"] == ["W5"]
    assert until(waiting[3], "seated")["seat"] == 4
    # one who waits can leave the list
    waiting[4].send_json({"type": "leave"})
    assert room_where(a, lambda r: r["waiting"] == [])["seats"][4]["name"] == "W4"


def test_a_locked_room_takes_nobody_onto_the_waiting_list(client: TestClient) -> None:
    code = create_room(client, options={"target": 50, "turn_ms": 0})
    (a, _), _ = join(client, code, "Anna", "Ben")
    host_op(a, "lock")
    host_op(a, "start")
    until(a, "state")
    ws = open_ws(client)
    ws.send_json({"type": "hello", "room": code, "name": "Cleo"})
    refused(ws, "room_locked")
    assert info(client, code)["waiting"] == []


def test_restart_keeps_waiting_people_waiting_until_the_lobby(client: TestClient) -> None:
    code = create_room(client, options=QUICK)
    (a, _), _ = join(client, code, "Anna", "Ben")
    host_op(a, "start")
    until(a, "state")
    win_with_three(a)
    room_where(a, lambda r: r["status"] == "over")
    (cleo,), _ = join(client, code, "Cleo")
    host_op(a, "restart")
    room = room_where(a, lambda r: r["status"] == "playing")
    assert len(room["seats"]) == 2 and room["waiting"] == ["Cleo"]
    host_op(a, "to_lobby")
    assert until(cleo, "seated")["seat"] == 2


def test_to_lobby_removes_seats_the_host_kicked_during_the_game(client: TestClient) -> None:
    code = create_room(client, options={"target": 50, "turn_ms": 0})
    (a, _, _), _ = join(client, code, "Anna", "Ben", "Cleo")
    host_op(a, "start")
    until(a, "state")
    host_op(a, "kick", seat=1)
    room_where(a, lambda r: r["seats"][1]["bot"] is not None)
    host_op(a, "to_lobby")
    room = room_where(a, lambda r: r["status"] == "lobby")
    assert [s["name"] for s in room["seats"]] == ["Anna", "Cleo"] and room["host_seat"] == 0


# ---- the evening: results, wins and records --------------------------------------------------------


def play_two_games(client: TestClient, code: str) -> list[WebSocketTestSession]:
    """Anna wins game 1 (add 3 at once); Ben wins game 2 (1 + 2)."""
    (a, b), _ = join(client, code, "Anna", "Ben")
    host_op(a, "start")
    until(a, "state")
    win_with_three(a)
    room_where(a, lambda r: r["status"] == "over" and len(r["evening"]) == 1)
    host_op(a, "to_lobby")
    room_where(a, lambda r: r["status"] == "lobby")
    host_op(a, "start")
    for ws in (a, b):  # past game 1's frames
        room_where(ws, lambda r: r["status"] == "playing" and len(r["evening"]) == 1)
        until(ws, "state", lambda f: f["version"] == 0)
    a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 1}})
    until(b, "state", lambda f: f["version"] == 1)
    b.send_json({"type": "act", "version": 1, "action": {"type": "add", "n": 2}})
    room_where(a, lambda r: r["status"] == "over" and len(r["evening"]) == 2)
    return [a, b]


def check_evening(body: dict[str, Any]) -> None:
    evening = body["evening"]
    assert [(g["n"], g["game"], g["winners"], g["names"], g["scores"]) for g in evening] == [
        (1, "toy", ["Anna"], ["Anna", "Ben"], [1, 0]),
        (2, "toy", ["Ben"], ["Anna", "Ben"], [0, 1]),
    ]
    assert evening[0]["finished_ms"] <= evening[1]["finished_ms"]
    assert body["wins"] == {"Anna": 1, "Ben": 1}


def test_the_evening_scoreboard_lists_every_finished_game(client: TestClient) -> None:
    code = create_room(client, options=QUICK)
    play_two_games(client, code)
    check_evening(info(client, code))


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
def test_the_evening_and_its_records_survive_a_restart(web_dir: Path, tmp_path: Path, kind: str) -> None:
    redis = fakeredis.FakeServer()

    def store() -> Store:
        if kind == "redis":
            return RedisStore(client=fakeredis.FakeAsyncRedis(server=redis), volatile=True)
        from tischrunde.server.store import SQLiteStore

        return SQLiteStore(tmp_path / "db.sqlite3")

    with serving(web_dir, store()) as client:
        code = create_room(client, options=QUICK)
        play_two_games(client, code)
        record = client.get(f"/api/rooms/{code}/games/2/record.json").content
    with serving(web_dir, store()) as client:
        check_evening(info(client, code))
        assert client.get(f"/api/rooms/{code}/games/2/record.json").content == record


def test_finished_games_download_as_records_that_replay(client: TestClient, tmp_path: Path) -> None:
    code = create_room(client, options=QUICK)
    a, _ = play_two_games(client, code)
    host_op(a, "restart")
    until(a, "state", lambda f: f["view"]["total"] == 0)
    response = client.get(f"/api/rooms/{code}/games/2/record.json")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    assert record["game"] == "toy" and record["config"]["players"] == 2
    assert [e["action"] for e in record["entries"]] == [{"type": "add", "n": 1}, {"type": "add", "n": 2}]
    path = tmp_path / "game2.json"
    path.write_bytes(response.content)
    result = CliRunner().invoke(cli_app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    replayed = json.loads(result.output)
    assert replayed["actions"] == 2 and replayed["outcome"]["winners"] == [1]
    # game 3 is running (its record would show every hidden card), game 9 never was
    for n in (3, 9, 0):
        missing = client.get(f"/api/rooms/{code}/games/{n}/record.json")
        assert missing.status_code == 404 and missing.json()["code"] == "unknown_game"
    assert client.get("/api/rooms/ACDEF/games/1/record.json").json()["code"] == "unknown_room"


def test_a_rooms_record_names_the_people_and_replay_prints_them(client: TestClient, tmp_path: Path) -> None:
    code = create_room(client, options=QUICK)
    play_two_games(client, code)
    response = client.get(f"/api/rooms/{code}/games/2/record.json")
    assert response.json()["names"] == ["Anna", "Ben"]
    path = tmp_path / "game2.json"
    path.write_bytes(response.content)
    assert load(path).names == ["Anna", "Ben"]
    replayed = CliRunner().invoke(cli_app, ["replay", str(path), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["names"] == ["Anna", "Ben"]
    pretty = CliRunner().invoke(cli_app, ["replay", str(path)], terminal_width=200)
    assert pretty.exit_code == 0, pretty.output
    rows = [line for line in pretty.output.splitlines() if "Anna" in line or "Ben" in line]
    # seat 1 (Ben) won game 2: the name stands in the winner's row
    assert len(rows) == 2 and "Ben" in rows[1] and "winner" in rows[1] and "winner" not in rows[0]


# ---- the heartbeat, through a real server and real sockets ----------------------------------------


@contextlib.asynccontextmanager
async def real_server(web_dir: Path, **kwargs: Any) -> AsyncIterator[int]:
    """The app under uvicorn on a free loopback port, in this event loop."""
    port = free_port()
    app = create_app(store=MemoryStore(), web_dir=web_dir, tick_s=0.05, **kwargs)
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **WS_OPTIONS)
    )
    task = asyncio.create_task(server.serve())
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and not task.done(), "the server did not start"
        await asyncio.sleep(0.01)
    try:
        yield port
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 10)


async def test_a_connection_that_pinged_and_went_silent_is_closed_and_shows_away(web_dir: Path) -> None:
    async with real_server(web_dir, heartbeat_s=0.5) as port:
        room = await asyncio.to_thread(post_json, f"http://127.0.0.1:{port}/api/rooms", {"game": "toy"})
        code = room["code"]
        anna, never, ben = await Client.open(port), await Client.open(port), await Client.open(port)
        try:
            await anna.hello(code, name="Anna")
            await never.hello(code, name="Old client")  # never pings: no heartbeat for it
            await ben.hello(code, name="Ben")
            await anna.until("room", lambda f: len(f["room"]["seats"]) == 3)
            await ben.send(type="ping")
            await ben.until("pong")
            silent_since = time.monotonic()
            # Ben's phone goes silent: the server closes his connection after heartbeat_s
            with pytest.raises(ConnectionClosed):
                await ben.until("never", timeout=5)
            assert time.monotonic() - silent_since >= 0.45
            room = await anna.until("room", lambda f: not f["room"]["seats"][2]["connected"], timeout=5)
            assert room["room"]["seats"][0]["connected"] and room["room"]["seats"][1]["connected"]
            # the connection that never pinged was silent as long, and is still served
            await never.send(type="ping")
            assert (await never.until("pong"))["type"] == "pong"
        finally:
            await asyncio.gather(anna.close(), never.close(), ben.close(), return_exceptions=True)
