"""The room's "more time" (relaxed timers): a lobby host op, shown in RoomInfo, and the game's deadlines
on the phones grow with it."""

from __future__ import annotations

import sys
from pathlib import Path

from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers import create_room, until
from test_game_night import client, host_op, info, join, refused, room_where  # noqa: F401


def test_more_time_in_the_lobby_only_and_checked(client: TestClient) -> None:  # noqa: F811
    code = create_room(client)
    (a, b), _ = join(client, code, "Anna", "Ben")
    assert info(client, code)["more_time"] == 100
    host_op(b, "more_time", value=200)
    refused(b, "not_host")
    host_op(a, "more_time", value=250)
    refused(a, "bad_config", "value")
    host_op(a, "more_time")
    refused(a, "bad_config", "value")
    host_op(a, "more_time", value=200)
    assert room_where(a, lambda r: r["more_time"] != 100)["more_time"] == 200
    host_op(a, "start")
    until(a, "state")
    host_op(a, "more_time", value=100)
    refused(a, "game_running")
    assert info(client, code)["more_time"] == 200


def test_the_phones_see_the_longer_deadline(client: TestClient) -> None:  # noqa: F811
    """Wordland's first deadline is the Queen's category choice (a courtesy timer: 30 s, 3x = 90 s)."""
    seen = {}
    for percent in (100, 300):
        code = create_room(client, game="wordland")
        (a, b, c), _ = join(client, code, "Anna", "Ben", "Cleo")
        host_op(a, "more_time", value=percent)
        room_where(a, lambda r, p=percent: r["more_time"] == p)
        host_op(a, "start")
        state = until(a, "state")
        assert state["deadline_ms"] is not None
        seen[percent] = state["deadline_ms"] - state["now_ms"]
        for ws in (a, b, c):
            ws.close()
    assert 88_000 <= seen[300] <= 90_000 and 28_000 <= seen[100] <= 30_000, seen
