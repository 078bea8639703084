"""Every protocol path through Starlette's TestClient: joins, acts, host controls and each error."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import create_room, hello, open_ws, recv, until, wait_for
from starlette.testclient import TestClient

from tischrunde.server import security
from tischrunde.server.app import create_app
from tischrunde.server.protocol import MAX_FRAME_BYTES
from tischrunde.server.security import CSP
from tischrunde.server.store import MemoryStore


@pytest.fixture
def client(web_dir: Path) -> Iterator[TestClient]:
    app = create_app(store=MemoryStore(), web_dir=web_dir, tick_s=0.05, host_grace_s=0.3, join_limit=5)
    with TestClient(app) as c, contextlib.ExitStack() as stack:
        c.stack = stack  # type: ignore[attr-defined]
        yield c


def started_room(client: TestClient, players: int = 2, **body: Any) -> tuple[str, list[Any], list[str]]:
    """A room with ``players`` people, started; returns code, their sockets and tokens."""
    code = create_room(client, **body)
    sockets = []
    tokens = []
    for i in range(players):
        ws = open_ws(client)
        welcome = hello(ws, code, name=f"P{i}")
        assert welcome["seat"] == i
        sockets.append(ws)
        tokens.append(welcome["token"])
    sockets[0].send_json({"type": "host", "op": "start"})
    for ws in sockets:
        until(ws, "state")
    return code, sockets, tokens


def close_all(sockets: list[Any]) -> None:
    for ws in sockets:
        ws.__exit__(None, None, None)


# ---- HTTP ----------------------------------------------------------------------------------------


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    code = create_room(client)
    for path in ["/", f"/r/{code}", "/api/games", f"/api/rooms/{code}", "/static/app.js", "/nowhere"]:
        response = client.get(path)
        assert response.headers["content-security-policy"] == CSP, path
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"
    assert "script-src 'self'" in CSP and "frame-ancestors 'none'" in CSP


def test_the_web_app_is_served_at_root_and_room_links(client: TestClient) -> None:
    assert "placeholder" in client.get("/").text
    assert "placeholder" in client.get("/r/ACDEF").text
    assert client.get("/static/app.js").text == "console.log('hi');"


def test_games_lists_specs_options_and_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    toy = games["toy"]
    assert toy["min_players"] == 2 and toy["max_players"] == 5
    target = next(o for o in toy["options"] if o["name"] == "target")
    assert target["default"] == 15 and target["description_de"] and target["description_en"]
    assert toy["bots"] == ["random", "fast"] and toy["default_bot"] == "fast"
    assert games["toypeople"]["bots_in_rooms"] is False


def test_create_room_returns_code_link_and_qr(client: TestClient) -> None:
    response = client.post("/api/rooms", json={"game": "toy", "language": "en", "options": {"target": 9}})
    assert response.status_code == 201
    body = response.json()
    code = body["code"]
    assert len(code) == 5 and all(c in security.CODE_ALPHABET for c in code)
    assert body["url"] == f"http://testserver/r/{code}"
    info = client.get(f"/api/rooms/{code.lower()}").json()
    assert info["options"] == {"target": 9, "turn_ms": 30_000}
    assert info["language"] == "en" and info["status"] == "lobby" and info["seats"] == []
    qr = client.get(body["qr_svg_url"])
    assert qr.headers["content-type"].startswith("image/svg+xml")
    assert qr.text.lstrip().startswith("<svg") and "<path" in qr.text


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"game": "chess"}, "bad_config", "game"),
        ({"game": "toy", "options": {"target": 1}}, "bad_config", "options.target"),
        ({"game": "toy", "options": {"colour": "red"}}, "bad_config", "options.colour"),
        ({"game": "toy", "language": "fr"}, "bad_config", "language"),
        ({"game": "toy", "takeover_s": -1}, "bad_config", "takeover_s"),
        ({"game": "toy", "evil": 1}, "bad_frame", "evil"),
    ],
)
def test_create_room_refuses_bad_requests(
    client: TestClient, body: dict[str, Any], code: str, field: str
) -> None:
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["field"] == field
    assert response.json()["message"]


def test_create_room_refuses_non_json_and_huge_bodies(client: TestClient) -> None:
    json_type = {"content-type": "application/json"}
    assert client.post("/api/rooms", content=b"{nope", headers=json_type).json()["code"] == "bad_frame"
    assert client.post("/api/rooms", content=b"[1]", headers=json_type).json()["code"] == "bad_frame"
    huge = client.post("/api/rooms", content=b"x" * (20 * 1024), headers=json_type)
    assert huge.status_code == 413 and huge.json()["code"] == "too_large"


def test_room_lookups_by_unknown_codes_are_throttled(client: TestClient) -> None:
    code = create_room(client)
    for _ in range(5):  # join_limit=5 in this fixture
        assert client.get("/api/rooms/XXXXX").json()["code"] == "unknown_room"
    response = client.get(f"/api/rooms/{code}")
    assert response.status_code == 429 and response.json()["code"] == "rate_limited"
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "room": code, "name": "A"})
        assert recv(ws)["code"] == "rate_limited"


# ---- joining -------------------------------------------------------------------------------------


def test_players_join_seats_and_the_first_is_host(client: TestClient) -> None:
    code = create_room(client)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        wa = hello(a, code, name="Anna")
        assert wa["seat"] == 0 and wa["role"] == "player" and len(wa["token"]) >= 30
        room = until(a, "room")["room"]
        assert room["host_seat"] == 0 and room["seats"][0]["name"] == "Anna"
        wb = hello(b, code, name="  Bo\u0000b\u202e  ")
        assert wb["seat"] == 1
        room = until(a, "room", lambda f: len(f["room"]["seats"]) == 2)["room"]
        assert room["seats"][1]["name"] == "Bob"
        assert room["seats"][1]["connected"] is True and room["seats"][1]["kind"] == "human"


def test_names_are_cut_and_hostile_names_kept_as_text(client: TestClient) -> None:
    code = create_room(client)
    with client.websocket_connect("/ws") as a:
        hello(a, code, name="<img src=x onerror=alert(1)>" + "y" * 40)
        room = until(a, "room")["room"]
        assert room["seats"][0]["name"] == "<img src=x onerror=alert(1)>"[:24]
    with client.websocket_connect("/ws") as b:
        b.send_json({"type": "hello", "room": code, "name": "\u0000\u0007 "})
        error = recv(b)
        assert error == {"type": "error", "code": "bad_frame", "message": error["message"], "field": "name"}


def test_a_token_resumes_its_seat_and_gets_the_view_at_once(client: TestClient) -> None:
    code, sockets, tokens = started_room(client)
    a, b = sockets
    a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 2}})
    until(b, "state", lambda f: f["version"] == 1)
    b.__exit__(None, None, None)
    with client.websocket_connect("/ws") as again:
        welcome = hello(again, code.lower(), token=tokens[1])
        assert welcome["seat"] == 1 and welcome["role"] == "player" and welcome["token"] is None
        assert recv(again)["type"] == "room"
        state = recv(again)
        assert state["type"] == "state" and state["version"] == 1
        assert state["view"]["total"] == 2 and state["view"]["secret"].startswith("SECRET1x")
        assert state["legal"] == [{"type": "add", "n": n} for n in (1, 2, 3)]
    close_all([a])


def test_spectators_and_table_screens_get_the_public_view(client: TestClient) -> None:
    code, sockets, _ = started_room(client)
    for role in ("spectator", "table"):
        with client.websocket_connect("/ws") as ws:
            welcome = hello(ws, code, role=role)
            assert welcome["seat"] is None and welcome["role"] == role and welcome["token"] is None
            state = until(ws, "state")
            assert state["view"]["secret"] is None and state["legal"] == []
    # a player arriving after the start watches this game from the waiting list (test_game_night.py)
    with client.websocket_connect("/ws") as late:
        welcome = hello(late, code, name="Late")
        assert welcome["seat"] is None and welcome["waiting"] is True
        state = until(late, "state")
        assert state["view"]["secret"] is None and state["legal"] == []
    close_all(sockets)


def test_full_and_locked_rooms_refuse_new_players(client: TestClient) -> None:
    code = create_room(client)
    sockets = [open_ws(client) for _ in range(6)]
    for i in range(5):
        hello(sockets[i], code, name=f"P{i}")
    sockets[5].send_json({"type": "hello", "room": code, "name": "Six"})
    assert until(sockets[5], "error")["code"] == "room_full"
    sockets[0].send_json({"type": "host", "op": "kick", "seat": 4})
    until(sockets[0], "room", lambda f: len(f["room"]["seats"]) == 4)
    sockets[0].send_json({"type": "host", "op": "lock"})
    until(sockets[0], "room", lambda f: f["room"]["locked"])
    sockets[5].send_json({"type": "hello", "room": code, "name": "Six"})
    assert until(sockets[5], "error")["code"] == "room_locked"
    sockets[0].send_json({"type": "host", "op": "unlock"})
    until(sockets[0], "room", lambda f: not f["room"]["locked"])
    assert hello(sockets[5], code, name="Six")["seat"] == 4
    close_all(sockets)


# ---- errors that change nothing ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("frame", "code", "field"),
    [
        ("{not json", "bad_frame", None),
        ("[1, 2]", "bad_frame", None),
        ('{"type": "dance"}', "bad_frame", "type"),
        ('{"type": "hello"}', "bad_frame", "room"),
        ('{"type": "hello", "room": 5}', "bad_frame", "room"),
        ('{"type": "hello", "room": "ACDEF", "colour": "red"}', "bad_frame", "colour"),
        ('{"type": "hello", "room": "ACDEF", "role": "god"}', "bad_frame", "role"),
        ('{"type": "hello", "room": "ACDEF", "v": 2}', "bad_frame", "v"),
        ('{"type": "act", "version": 0, "action": {"type": "add", "n": 1}}', "bad_frame", "type"),
        ('{"type": "hello", "room": "ACDEF"}', "unknown_room", "room"),
        ('{"type": "hello", "room": "0O1IL"}', "unknown_room", "room"),
    ],
)
def test_bad_frames_get_a_clear_error(client: TestClient, frame: str, code: str, field: str | None) -> None:
    with client.websocket_connect("/ws") as ws:
        ws.send_text(frame)
        error = recv(ws)
        assert error["type"] == "error" and error["code"] == code, error
        assert error["field"] == field
        assert error["message"]
        ws.send_json({"type": "ping"})
        assert recv(ws) == {"type": "pong"}


def test_oversized_frames_are_refused(client: TestClient) -> None:
    _code, sockets, _ = started_room(client)
    a = sockets[0]
    a.send_text(
        json.dumps(
            {"type": "act", "version": 0, "action": {"type": "add", "n": 1, "x": "y" * MAX_FRAME_BYTES}}
        )
    )
    assert recv(a)["code"] == "too_large"
    a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 1}})
    assert until(a, "state")["version"] == 1
    close_all(sockets)


def test_act_errors_change_nothing(client: TestClient) -> None:
    code, sockets, _tokens = started_room(client)
    a, b = sockets
    cases = [
        (b, {"type": "act", "version": 0, "action": {"type": "add", "n": 1}}, "not_your_turn"),
        (a, {"type": "act", "version": 0, "action": {"type": "add", "n": 7}}, "illegal_action"),
        (a, {"type": "act", "version": 0, "action": {"type": "jump"}}, "malformed_action"),
        (a, {"type": "act", "version": 0, "action": {"type": "add", "n": "two"}}, "malformed_action"),
        (a, {"type": "act", "version": 0, "action": {"type": "timeout"}}, "malformed_action"),
        (a, {"type": "act", "version": 3, "action": {"type": "add", "n": 1}}, "stale_version"),
        (a, {"type": "act", "version": "0", "action": {}}, "bad_frame"),
        (a, {"type": "host", "op": "start"}, "game_running"),
        (b, {"type": "host", "op": "lock"}, "not_host"),
        (a, {"type": "host", "op": "fly"}, "bad_frame"),
    ]
    for ws, frame, code_ in cases:
        ws.send_json(frame)
        error = until(ws, "error")
        assert error["code"] == code_, (frame, error)
    with client.websocket_connect("/ws") as spectator:
        hello(spectator, code, role="spectator")
        state = until(spectator, "state")
        assert state["version"] == 0 and state["view"]["total"] == 0
        spectator.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 1}})
        assert until(spectator, "error")["code"] == "not_seated"
    a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 3}})
    state = until(b, "state")
    assert state["version"] == 1 and state["view"]["total"] == 3
    assert state["events"] == [{"kind": "added", "seat": 0, "data": {"n": 3, "total": 3}}]
    a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 3}})
    assert until(a, "error", lambda f: f["code"] == "stale_version")["field"] == "version"
    close_all(sockets)


def test_bad_tokens_are_refused_and_count_as_misses(client: TestClient) -> None:
    code, sockets, _ = started_room(client)
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "room": code, "token": "forged"})
        assert recv(ws)["code"] == "bad_token"
        ws.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 1}})
        assert recv(ws)["code"] == "bad_frame"
    close_all(sockets)


def test_acting_before_the_start_is_refused(client: TestClient) -> None:
    code = create_room(client)
    with client.websocket_connect("/ws") as a:
        hello(a, code, name="A")
        a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 1}})
        assert until(a, "error")["code"] == "game_not_running"
        a.send_json({"type": "host", "op": "start"})
        error = until(a, "error")
        assert error["code"] == "bad_config" and error["field"] == "players"
        a.send_json({"type": "host", "op": "restart"})
        assert until(a, "error")["code"] == "game_running"


def test_messages_are_rate_limited_per_connection(web_dir: Path) -> None:
    app = create_app(store=MemoryStore(), web_dir=web_dir, msg_rate=1, msg_burst=5)
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        for _ in range(8):
            ws.send_json({"type": "ping"})
        frames = [recv(ws) for _ in range(8)]
        assert [f["type"] for f in frames].count("pong") == 5
        assert {
            "type": "error",
            "code": "rate_limited",
            "message": "too many messages, slow down",
            "field": None,
        } in frames


def test_other_sites_cannot_open_the_websocket(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect("/ws", headers={"origin": "https://evil.example"}),
    ):
        pass
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "ping"})
        assert recv(ws)["type"] == "pong"


# ---- host controls -------------------------------------------------------------------------------


def test_host_controls_in_the_lobby(client: TestClient) -> None:
    code = create_room(client)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        hello(a, code, name="A")
        hello(b, code, name="B")
        a.send_json({"type": "host", "op": "add_bot"})
        room = until(a, "room", lambda f: len(f["room"]["seats"]) == 3)["room"]
        assert room["seats"][2]["kind"] == "bot" and room["seats"][2]["bot"] == "fast"
        a.send_json({"type": "host", "op": "add_bot", "bot": "genius"})
        assert until(a, "error")["field"] == "bot"
        a.send_json({"type": "host", "op": "remove_bot", "seat": 1})
        assert until(a, "error")["field"] == "seat"
        a.send_json({"type": "host", "op": "remove_bot", "seat": 2})
        until(a, "room", lambda f: len(f["room"]["seats"]) == 2)
        a.send_json({"type": "host", "op": "set_options", "options": {"target": 5}})
        assert until(a, "room", lambda f: f["room"]["options"]["target"] == 5)
        a.send_json({"type": "host", "op": "set_options", "options": {"target": "five"}})
        error = until(a, "error")
        assert error["code"] == "bad_config" and error["field"] == "options.target"
        a.send_json({"type": "host", "op": "set_takeover", "value": 5})
        until(a, "room", lambda f: f["room"]["takeover_s"] == 5)
        a.send_json({"type": "host", "op": "set_takeover", "value": 99999})
        assert until(a, "error")["field"] == "value"
        a.send_json({"type": "host", "op": "hand_host", "seat": 1})
        until(b, "room", lambda f: f["room"]["host_seat"] == 1)
        a.send_json({"type": "host", "op": "lock"})
        assert until(a, "error")["code"] == "not_host"
        b.send_json({"type": "host", "op": "kick", "seat": 1})
        assert until(b, "error")["field"] == "seat"
        b.send_json({"type": "leave"})
        room = until(a, "room", lambda f: len(f["room"]["seats"]) == 1)["room"]
        assert room["host_seat"] == 0 and room["seats"][0]["name"] == "A"


def test_people_only_games_refuse_bots(client: TestClient) -> None:
    code = create_room(client, game="toypeople")
    with client.websocket_connect("/ws") as a:
        hello(a, code, name="A")
        a.send_json({"type": "host", "op": "add_bot"})
        error = until(a, "error")
        assert error["code"] == "bots_not_allowed" and "people" in error["message"]


def test_kicking_a_player_in_game_hands_the_seat_to_a_bot(client: TestClient) -> None:
    code, sockets, tokens = started_room(client, options={"target": 40})
    a, b = sockets
    a.send_json({"type": "host", "op": "kick", "seat": 1})
    assert until(b, "error")["code"] == "kicked"
    room = until(a, "room", lambda f: f["room"]["seats"][1]["bot"] == "fast")["room"]
    assert room["seats"][1]["kind"] == "human" and room["seats"][1]["connected"] is False
    a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 1}})
    until(a, "state", lambda f: f["version"] == 2)  # the stand-in answered at once
    with client.websocket_connect("/ws") as again:
        again.send_json({"type": "hello", "room": code, "token": tokens[1]})
        assert recv(again)["code"] == "bad_token"
    close_all(sockets)


def test_whole_game_with_bots_then_restart(client: TestClient) -> None:
    code = create_room(client, options={"target": 12})
    with client.websocket_connect("/ws") as a:
        hello(a, code, name="A")
        a.send_json({"type": "host", "op": "add_bot"})
        a.send_json({"type": "host", "op": "add_bot"})
        until(a, "room", lambda f: len(f["room"]["seats"]) == 3)
        a.send_json({"type": "host", "op": "start"})
        final = None
        for _ in range(400):
            frame = recv(a)
            if frame["type"] != "state":
                continue
            if frame["outcome"] is not None:
                final = frame
                break
            if frame["legal"]:
                a.send_json({"type": "act", "version": frame["version"], "action": frame["legal"][-1]})
        assert final is not None and final["view"]["total"] >= 12 and final["active"] == []
        room = until(a, "room", lambda f: f["room"]["status"] == "over")["room"]
        assert room["status"] == "over"
        a.send_json({"type": "host", "op": "restart"})
        state = until(a, "state", lambda f: f["version"] == 0)
        assert state["view"]["total"] == 0 and state["outcome"] is None


# ---- time: deadlines, stand-ins and the host role -------------------------------------------------


def test_deadlines_inject_timeouts(client: TestClient) -> None:
    _code, sockets, _ = started_room(client, options={"turn_ms": 200})
    a, b = sockets
    state = until(b, "state", lambda f: f["version"] == 1)
    assert state["events"][0] == {"kind": "added", "seat": 0, "data": {"n": 1, "total": 1}}
    assert state["deadline_ms"] is not None and state["deadline_ms"] >= 400
    until(a, "state", lambda f: f["version"] == 2)
    close_all(sockets)


def test_an_absent_player_is_played_by_a_bot_until_they_return(client: TestClient) -> None:
    code, sockets, tokens = started_room(client, options={"target": 100}, takeover_s=1)
    a, b = sockets
    b.__exit__(None, None, None)
    until(a, "room", lambda f: not f["room"]["seats"][1]["connected"])
    room = until(a, "room", lambda f: f["room"]["seats"][1]["bot"] == "fast")["room"]
    assert room["seats"][1]["kind"] == "human"
    a.send_json({"type": "act", "version": 0, "action": {"type": "add", "n": 1}})
    until(a, "state", lambda f: f["version"] == 2)
    with client.websocket_connect("/ws") as back:
        assert hello(back, code, token=tokens[1])["seat"] == 1
        room = until(back, "room")["room"]
        assert room["seats"][1]["bot"] is None and room["seats"][1]["connected"]
        a.send_json({"type": "act", "version": 2, "action": {"type": "add", "n": 1}})
        state = until(back, "state", lambda f: f["version"] == 3)
        assert state["active"] == [1] and len(state["legal"]) == 3
    close_all([a])


def test_the_host_role_moves_on_when_the_host_is_away(client: TestClient) -> None:
    code = create_room(client)
    a = open_ws(client)
    b = open_ws(client)
    hello(a, code, name="A")
    hello(b, code, name="B")
    a.__exit__(None, None, None)
    room = until(b, "room", lambda f: f["room"]["host_seat"] == 1)["room"]
    assert room["seats"][0]["connected"] is False
    b.send_json({"type": "host", "op": "lock"})
    until(b, "room", lambda f: f["room"]["locked"])
    close_all([b])


def test_store_keeps_hashes_not_tokens(web_dir: Path) -> None:
    store = MemoryStore()
    app = create_app(store=store, web_dir=web_dir)
    with TestClient(app) as client:
        code = create_room(client)
        with client.websocket_connect("/ws") as ws:
            token = hello(ws, code, name="A")["token"]
            wait_for(lambda: b"token_hash" in store.rooms[code])
    data = store.rooms[code]
    assert token.encode() not in data
    assert security.hash_token(token).encode() in data


def test_lobby_rooms_survive_a_restart_and_tokens_still_hold_their_seats(
    web_dir: Path, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    with TestClient(create_app(data, web_dir=web_dir)) as client:
        code = create_room(client, options={"target": 7})
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            token = hello(a, code, name="Anna")["token"]
            hello(b, code, name="Ben")
            until(a, "room", lambda f: len(f["room"]["seats"]) == 2)
    with TestClient(create_app(data, web_dir=web_dir)) as client:
        info = client.get(f"/api/rooms/{code}").json()
        assert [s["name"] for s in info["seats"]] == ["Anna", "Ben"]
        assert info["options"]["target"] == 7 and info["status"] == "lobby"
        with client.websocket_connect("/ws") as a:
            assert hello(a, code, token=token)["seat"] == 0
            room = until(a, "room")["room"]
            assert room["seats"][0]["connected"] and room["host_seat"] == 0
            assert room["seats"][1]["connected"] is False
