"""The laptop is the table, the host plays from the phone: a room made for the table screen gives that
screen a table token (host rights, no seat, the public view only); the first person to join by name is
the host seat; nobody else's table screen or spectator gets host rights."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import hello, open_ws, recv, until
from starlette.testclient import TestClient, WebSocketTestSession

from tischrunde.server.app import create_app
from tischrunde.server.store import MemoryStore

#: a toy game that one "add 3" ends, without a turn timer
QUICK = {"target": 3, "turn_ms": 0}


@pytest.fixture
def client(web_dir: Path) -> Iterator[TestClient]:
    app = create_app(store=MemoryStore(), web_dir=web_dir, tick_s=0.05)
    with TestClient(app) as c, contextlib.ExitStack() as stack:
        c.stack = stack  # type: ignore[attr-defined]
        yield c


def table_room(client: TestClient, **body: Any) -> tuple[str, str]:
    """A room made on the laptop for the table screen: its code and table token."""
    response = client.post("/api/rooms", json={"game": "toy", "table": True, **body})
    assert response.status_code == 201, response.text
    made = response.json()
    assert isinstance(made["table_token"], str) and len(made["table_token"]) >= 24
    return made["code"], made["table_token"]


def info(client: TestClient, code: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/rooms/{code}").json()
    return body


def host_op(ws: WebSocketTestSession, op: str, **fields: Any) -> None:
    ws.send_json({"type": "host", "op": op, **fields})


def refused(ws: WebSocketTestSession, code: str, field: str | None = None) -> dict[str, Any]:
    error = until(ws, "error")
    assert error["code"] == code, error
    assert error["field"] == field, error
    assert error["message"]
    return error


def room_where(ws: WebSocketTestSession, check: Any) -> dict[str, Any]:
    room: dict[str, Any] = until(ws, "room", lambda f: check(f["room"]))["room"]
    return room


def test_a_room_made_for_the_table_has_no_seat_and_its_screen_is_host(client: TestClient) -> None:
    code, token = table_room(client)
    assert info(client, code)["seats"] == []
    table = open_ws(client)
    welcome = hello(table, code, role="table", token=token)
    assert welcome["seat"] is None and welcome["token"] is None
    assert welcome["role"] == "table" and welcome["table_host"] is True
    room = room_where(table, lambda r: True)
    assert room["table_host"] is True and room["seats"] == [] and room["host_seat"] is None


def test_the_creators_name_joins_from_the_phone_as_host_and_the_table_starts(client: TestClient) -> None:
    code, token = table_room(client, options=QUICK)
    table = open_ws(client)
    hello(table, code, role="table", token=token)
    # the person who made the room on the laptop scans the QR code with her own name: no name_taken
    eva = open_ws(client)
    assert hello(eva, code, name="Eva")["seat"] == 0
    ben = open_ws(client)
    assert hello(ben, code, name="Ben")["seat"] == 1
    room = info(client, code)
    assert room["host_seat"] == 0 and room["seats"][0]["host"] is True
    # the table screen adds and removes a bot, sets an option, starts
    host_op(table, "add_bot")
    room_where(table, lambda r: len(r["seats"]) == 3)
    host_op(table, "remove_bot", seat=2)
    room_where(table, lambda r: len(r["seats"]) == 2)
    host_op(table, "set_options", options={**room["options"], "target": 4})
    room_where(table, lambda r: r["options"]["target"] == 4)
    host_op(table, "set_options", options={**room["options"], "target": 3})
    room_where(table, lambda r: r["options"]["target"] == 3)
    host_op(table, "start")
    state = until(table, "state")
    # the table screen gets the public view (seat None): no secret, no legal moves
    assert "SECRET" not in json.dumps(state) and state["legal"] == []
    assert info(client, code)["status"] == "playing"
    # back to the lobby from the table screen; the host's phone can still run the evening too
    host_op(table, "to_lobby")
    room_where(table, lambda r: r["status"] == "lobby")
    host_op(eva, "start")
    until(eva, "state")
    assert info(client, code)["status"] == "playing"


def test_a_refreshed_table_screen_keeps_its_rights(client: TestClient) -> None:
    code, token = table_room(client)
    first = open_ws(client)
    hello(first, code, role="table", token=token)
    first.close()
    again = open_ws(client)
    assert hello(again, code, role="table", token=token)["table_host"] is True
    host_op(again, "add_bot")
    room_where(again, lambda r: len(r["seats"]) == 1)


def test_a_wrong_table_token_is_refused_and_gets_no_rights(client: TestClient) -> None:
    code, token = table_room(client)
    (other_code, _other_token) = table_room(client)
    for wrong in (token[:-2] + "xx", _other_token, "x"):
        ws = open_ws(client)
        ws.send_json({"type": "hello", "room": code, "role": "table", "token": wrong})
        refused(ws, "bad_token", "token")
    # a seat token is no table token either
    eva = open_ws(client)
    seat_token = hello(eva, code, name="Eva")["token"]
    ws = open_ws(client)
    ws.send_json({"type": "hello", "room": code, "role": "table", "token": seat_token})
    refused(ws, "bad_token", "token")
    # and the table token of one room is nothing in another
    ws = open_ws(client)
    ws.send_json({"type": "hello", "room": other_code, "role": "table", "token": token})
    refused(ws, "bad_token", "token")
    assert info(client, code)["seats"][0]["name"] == "Eva" and len(info(client, code)["seats"]) == 1


@pytest.mark.parametrize("role", ["table", "spectator"])
@pytest.mark.parametrize(
    "frame",
    [
        {"op": "start"},
        {"op": "add_bot"},
        {"op": "set_options", "options": {"target": 4}},
        {"op": "lock"},
        {"op": "first_seat", "seat": 0},
    ],
)
def test_a_screen_without_the_table_token_has_no_host_rights(
    client: TestClient, role: str, frame: dict[str, Any]
) -> None:
    code, _token = table_room(client, options=QUICK)
    people = [open_ws(client), open_ws(client)]
    for ws, name in zip(people, ("Eva", "Ben"), strict=True):
        hello(ws, code, name=name)
    before = info(client, code)
    watcher = open_ws(client)
    welcome = hello(watcher, code, role=role)
    assert welcome["table_host"] is False and welcome["seat"] is None
    host_op(watcher, **frame)
    error = refused(watcher, "not_host")
    if role == "table":
        assert "table screen" in error["message"]
    after = info(client, code)
    assert {**after, "spectators": 0} == before


def test_a_room_made_on_a_phone_has_no_table_token(client: TestClient) -> None:
    response = client.post("/api/rooms", json={"game": "toy"})
    assert response.status_code == 201
    assert "table_token" not in response.json()
    code = response.json()["code"]
    assert info(client, code)["table_host"] is False
    ws = open_ws(client)
    ws.send_json({"type": "hello", "room": code, "role": "table", "token": "anything-at-all-here-xx"})
    refused(ws, "bad_token", "token")


def test_table_must_be_a_bool(client: TestClient) -> None:
    response = client.post("/api/rooms", json={"game": "toy", "table": "yes"})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad_config" and body["field"] == "table"


def test_the_table_token_survives_a_restart_of_the_room(client: TestClient, web_dir: Path) -> None:
    store = MemoryStore()
    app = create_app(store=store, web_dir=web_dir, tick_s=0.05)
    with TestClient(app) as first:
        made = first.post("/api/rooms", json={"game": "toy", "table": True}).json()
    # a new server process on the same store: the hash came back with the room (never the token itself)
    row_json = json.dumps(info_row(store, made["code"]))
    assert made["table_token"] not in row_json
    app = create_app(store=store, web_dir=web_dir, tick_s=0.05)
    with TestClient(app) as second, second.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "room": made["code"], "role": "table", "token": made["table_token"]})
        welcome = recv(ws)
        assert welcome["type"] == "welcome" and welcome["table_host"] is True


def info_row(store: MemoryStore, code: str) -> Any:
    import anyio
    import msgspec

    row = anyio.run(store.load_room, code)
    assert row is not None and row.table_token_hash is not None
    return msgspec.to_builtins(row)
