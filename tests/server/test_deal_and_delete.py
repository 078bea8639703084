"""A start and removals of pictures at the same time: each removal comes wholly before the deal (and its
picture is not dealt) or after it (and is refused with 409), so no phone is ever dealt a picture that is gone."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from helpers import until, wait_for
from starlette.testclient import TestClient
from test_own_pictures import auth, client, room_with_uploads, uploaded  # noqa: F401  (client: a fixture)

from tischrunde.games.stella.content import OWN_PICTURE_BASE as OWN_BASE


def test_a_removal_while_the_game_is_dealt_is_refused_and_never_dealt(client: TestClient) -> None:  # noqa: F811
    code, tokens, sockets = room_with_uploads(client, 18)
    ids = uploaded(client, code, tokens[0])
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    # the start reads the room's pictures and is held there until the removals have had their chance: the
    # widest window a slow store could give them
    reading, proceed = threading.Event(), threading.Event()
    real = store.picture_ids
    armed = [True]

    async def held_picture_ids(room_code: str) -> list[str]:
        found: list[str] = await real(room_code)
        if armed[0]:
            armed[0] = False
            reading.set()
            await asyncio.to_thread(proceed.wait, 10)
        return found

    store.picture_ids = held_picture_ids
    sockets[0].send_json({"type": "host", "op": "start"})
    assert reading.wait(10)
    doomed = ids[:3]
    with ThreadPoolExecutor(3) as pool:
        answers = [
            pool.submit(client.delete, f"/api/rooms/{code}/pictures/{i}", headers=auth(tokens[0]))
            for i in doomed
        ]
        # a removal that has to wait for the deal does not answer before it: give up waiting then
        with contextlib.suppress(AssertionError):
            wait_for(lambda: all(a.done() for a in answers), timeout=1.0)
        proceed.set()
        results: list[Any] = [a.result(timeout=10) for a in answers]
    room = until(sockets[1], "room", lambda f: f["room"]["status"] == "playing")["room"]
    grid = [card for row in until(sockets[1], "state")["view"]["grid"] for card in row]
    dealt = {room["pictures"][card - OWN_BASE] for card in grid if card >= OWN_BASE} | set(room["pictures"])
    for picture_id, answer in zip(doomed, results, strict=True):
        if answer.status_code == 200:
            assert picture_id not in dealt, "a picture removed with 200 was dealt"
        else:
            assert (answer.status_code, answer.json()["code"]) == (409, "not_in_lobby"), answer.text
    # every picture the game shows is there for the phones to load
    for picture_id in room["pictures"]:
        assert client.get(f"/api/rooms/{code}/pictures/{picture_id}").status_code == 200, picture_id
    # and once the game runs, a removal is refused and removes nothing
    late = client.delete(f"/api/rooms/{code}/pictures/{ids[5]}", headers=auth(tokens[0]))
    assert (late.status_code, late.json()["code"]) == (409, "not_in_lobby")
    assert ids[5] in uploaded(client, code, tokens[0])


def test_removals_before_the_start_are_not_dealt(web_dir: Path, client: TestClient) -> None:  # noqa: F811
    code, tokens, sockets = room_with_uploads(client, 18)
    ids = uploaded(client, code, tokens[0])
    for picture_id in ids[:3]:
        assert (
            client.delete(f"/api/rooms/{code}/pictures/{picture_id}", headers=auth(tokens[0])).status_code
            == 200
        )
    sockets[0].send_json({"type": "host", "op": "start"})
    room = until(sockets[0], "room", lambda f: f["room"]["status"] == "playing")["room"]
    assert set(room["pictures"]) == set(ids[3:])
