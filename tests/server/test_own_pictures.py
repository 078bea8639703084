"""A Stella game dealt from the room's uploaded pictures: the grid shows them, a restart replays the same game,
and bots (who choose by tags the uploads do not have) are refused."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import create_room, hello, open_ws, until
from PIL import Image
from starlette.testclient import TestClient

from tischrunde.games.stella.content import OWN_PICTURE_BASE as OWN_BASE
from tischrunde.games.stella.content import PICTURE_COUNT, only_own
from tischrunde.server.app import create_app


def photo_bytes(i: int, fmt: str = "JPEG") -> bytes:
    """A small real photo, different for every ``i``: a gradient in a colour of its own with a block."""
    image = Image.linear_gradient("L").resize((96, 64)).convert("RGB")
    image.paste((40 + 13 * i % 200, 255 - 7 * i % 250, 90 + 29 * i % 160), (8 + i % 40, 8, 40 + i % 40, 40))
    out = io.BytesIO()
    image.save(out, fmt)
    return out.getvalue()


@contextlib.contextmanager
def serving(data: Path, web_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(data, web_dir=web_dir)) as c, contextlib.ExitStack() as stack:
        c.stack = stack  # type: ignore[attr-defined]
        yield c


@pytest.fixture
def client(web_dir: Path, tmp_path: Path) -> Iterator[TestClient]:
    with serving(tmp_path / "data", web_dir) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def room_with_uploads(client: TestClient, count: int, **options: Any) -> tuple[str, list[str], list[Any]]:
    code = create_room(client, "stella", options=options)
    sockets = [open_ws(client) for _ in range(3)]
    tokens = [hello(ws, code, name=f"P{i}")["token"] for i, ws in enumerate(sockets)]
    for i in range(count):
        answer = client.post(f"/api/rooms/{code}/pictures", content=photo_bytes(i), headers=auth(tokens[0]))
        assert answer.status_code == 201, answer.text
    return code, tokens, sockets


def uploaded(client: TestClient, code: str, token: str) -> list[str]:
    return [
        p["id"] for p in client.get(f"/api/rooms/{code}/pictures", headers=auth(token)).json()["pictures"]
    ]


def cards(view: dict[str, Any]) -> list[int]:
    return [card for row in view["grid"] for card in row]


def test_a_game_deals_the_15_uploaded_pictures_and_phones_can_load_them(client: TestClient) -> None:
    code, tokens, sockets = room_with_uploads(client, 15)
    ids = uploaded(client, code, tokens[0])
    sockets[0].send_json({"type": "host", "op": "start"})
    room = until(sockets[1], "room", lambda f: f["room"]["status"] == "playing")["room"]
    state = until(sockets[1], "state")
    grid = cards(state["view"])
    assert all(card >= OWN_BASE for card in grid)  # the whole grid is the room's own
    shown = [room["pictures"][card - OWN_BASE] for card in grid]
    assert sorted(shown) == sorted(ids)  # each upload once
    # the card numbers follow the pictures' ids, not the pile: RoomInfo tells nobody what comes next
    assert room["pictures"] == sorted(room["pictures"])
    for picture_id in shown[:3]:
        served = client.get(f"/api/rooms/{code}/pictures/{picture_id}")
        assert served.status_code == 200 and served.headers["content-type"] == "image/jpeg"
    # 15 uploads fill one grid: round 2's new row is built-in (none has left the table yet), round 3 gets
    # back the row that left after round 1
    row = client.app.state.manager.rooms[code].row  # type: ignore[attr-defined]
    stacked = row.decks["pictures"]
    assert all(c < PICTURE_COUNT for c in stacked[15:20])
    shows = [row.game_pictures[c - OWN_BASE] for c in stacked[20:25]]  # a card of its own, the same photo
    assert sorted(shows) == sorted(row.game_pictures[c - OWN_BASE] for c in stacked[0:5])
    assert not set(stacked[20:25]) & set(stacked[0:5])  # cards of their own


def test_the_deal_survives_a_restart(web_dir: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with serving(data, web_dir) as client:
        code, tokens, sockets = room_with_uploads(client, 16, rounds=2)
        sockets[0].send_json({"type": "host", "op": "start"})
        room_before = until(sockets[0], "room", lambda f: f["room"]["status"] == "playing")["room"]
        before = until(sockets[0], "state")["view"]
    with serving(data, web_dir) as client:
        ws = open_ws(client)
        assert hello(ws, code, token=tokens[0])["seat"] == 0
        room_after = until(ws, "room")["room"]
        after = until(ws, "state")["view"]
        assert after["grid"] == before["grid"]
        assert room_after["pictures"] == room_before["pictures"] and len(set(room_after["pictures"])) == 16
        assert client.get(f"/api/rooms/{code}/pictures/{room_after['pictures'][0]}").status_code == 200


def test_bots_are_refused_while_the_room_deals_its_own_pictures(client: TestClient) -> None:
    _, _, sockets = room_with_uploads(client, 1)
    host = sockets[0]
    host.send_json({"type": "host", "op": "add_bot"})
    error = until(host, "error")
    assert error["code"] == "bots_need_tags" and "tags" in error["message"]
    host.send_json({"type": "host", "op": "start"})
    assert until(host, "error")["code"] == "too_few_pictures"  # 1 upload, own_pictures "only"
    host.send_json({"type": "host", "op": "set_options", "options": {"own_pictures": "off"}})
    until(host, "room", lambda f: f["room"]["options"]["own_pictures"] == "off")
    host.send_json({"type": "host", "op": "add_bot"})
    until(host, "room", lambda f: any(s["kind"] == "bot" for s in f["room"]["seats"]))
    # a bot is seated: switching back to the room's pictures keeps the game from starting
    host.send_json({"type": "host", "op": "set_options", "options": {"own_pictures": "mixed"}})
    until(host, "room", lambda f: f["room"]["options"]["own_pictures"] == "mixed")
    host.send_json({"type": "host", "op": "start"})
    assert until(host, "error")["code"] == "bots_need_tags"


def test_mixed_shuffles_the_uploads_into_the_built_in_deck(client: TestClient) -> None:
    code, tokens, sockets = room_with_uploads(client, 3, own_pictures="mixed")
    sockets[0].send_json({"type": "host", "op": "start"})
    room = until(sockets[0], "room", lambda f: f["room"]["status"] == "playing")["room"]
    assert sorted(room["pictures"]) == sorted(uploaded(client, code, tokens[0]))
    state = until(sockets[0], "state")
    assert state["view"]["pictures_left"] == PICTURE_COUNT + 3 - 15


@pytest.mark.parametrize("count", [15, 20, 33])
def test_only_own_never_shows_a_picture_twice_at_once(count: int) -> None:
    own = [f"{i:032x}" for i in range(count)]
    options = {"rounds": 10, "row_order": "top,middle,bottom"}
    dealt = only_own(own, list(range(PICTURE_COUNT)), options)
    assert len(dealt) == 15 + 5 * 9
    grid = dealt[:15]
    for done in range(9):
        start = (done % 3) * 5
        grid[start : start + 5] = dealt[15 + 5 * done : 20 + 5 * done]
        assert len(set(grid)) == 15, (done, grid)
    builtin = [c for c in dealt if isinstance(c, int)]
    # with fewer than 20, a row is built-in whenever every upload is on the table (round 2 first)
    assert (len(builtin) > 0) == (count < 20) and (count >= 20 or dealt[15:20] == builtin[:5])
    assert set(own) <= set(dealt)
