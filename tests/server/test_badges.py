"""People's badges (colour and avatar, issue "The evening, second pass" item 4): the server gives each
person a number at join, distinct within the room and kept by the person while others come and go; rooms
stored before badges load and get the lowest free numbers in seat order."""

from __future__ import annotations

from typing import Any

import msgspec
from helpers import create_room
from starlette.testclient import TestClient
from test_game_night import client, host_op, join, room_where  # noqa: F401  (client is a fixture)

from tischrunde.server.lobby import badges, next_badge
from tischrunde.server.store import RoomRow, SeatRow


def _badges(room: dict[str, Any]) -> dict[str, int]:
    return {s["name"]: s["badge"] for s in room["seats"]}


def test_each_person_keeps_a_badge_of_their_own_while_others_come_and_go(client: TestClient) -> None:  # noqa: F811
    code = create_room(client)
    (anna, ben, _cleo), _ = join(client, code, "Anna", "Ben", "Cleo")
    host_op(anna, "add_bot")
    room = room_where(anna, lambda r: len(r["seats"]) == 4)
    assert _badges(room) == {"Anna": 0, "Ben": 1, "Cleo": 2, "Bot 1": 3}
    ben.send_json({"type": "leave"})
    room = room_where(anna, lambda r: len(r["seats"]) == 3)
    # the seats moved up, the badges stayed with their people
    assert _badges(room) == {"Anna": 0, "Cleo": 2, "Bot 1": 3}
    join(client, code, "Dora")
    room = room_where(anna, lambda r: len(r["seats"]) == 4)
    assert _badges(room) == {"Anna": 0, "Cleo": 2, "Bot 1": 3, "Dora": 1}  # the lowest free one
    assert len(set(_badges(room).values())) == 4


def test_a_room_stored_before_badges_loads_and_gets_distinct_ones() -> None:
    old = {
        "code": "ABCD",
        "game": "toy",
        "language": "de",
        "options": {},
        "created_ms": 0,
        "seats": [
            {"name": "Anna", "kind": "human"},
            {"name": "Ben", "kind": "human"},
            {"name": "Bot 1", "kind": "bot"},
        ],
    }
    row = msgspec.json.decode(msgspec.json.encode(old), type=RoomRow)
    assert [s.badge for s in row.seats] == [None, None, None]
    assert badges(row) == [0, 1, 2] == badges(row)  # the same on every call
    # someone new gets a number nobody shows, and a stored badge is never handed out twice
    row.seats[1] = SeatRow(name="Ben", kind="human", badge=0)
    assert badges(row) == [1, 0, 2]
    assert next_badge(row) == 3
