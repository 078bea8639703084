"""Bot levels through the server: /api/games lists them, add_bot takes ``kind:level`` and refuses others."""

from __future__ import annotations

import sys
from pathlib import Path

from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from helpers import create_room, hello, until  # type: ignore[import-not-found]

from tischrunde.bots.mogelmotte import HeuristicBot
from tischrunde.server.app import create_app
from tischrunde.server.lobby import start_game
from tischrunde.server.manager import RoomManager
from tischrunde.server.store import MemoryStore, RoomRow, SeatRow


def test_games_list_the_levels_and_add_bot_takes_one(tmp_path: Path) -> None:
    app = create_app(store=MemoryStore(), web_dir=tmp_path, allowed_hosts=["testserver"])
    with TestClient(app) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
        assert games["mogelmotte"]["bots"] == ["random", "heuristic"]
        assert games["mogelmotte"]["bot_levels"] == ["easy", "normal", "hard"]
        assert games["wordland"]["default_bot"] == "word"
        code = create_room(client, game="mogelmotte")
        with client.websocket_connect("/ws") as ws:
            hello(ws, code, name="A")
            ws.send_json({"type": "host", "op": "add_bot", "bot": "heuristic:hard"})
            room = until(ws, "room", lambda f: len(f["room"]["seats"]) == 2)["room"]
            assert room["seats"][1]["bot"] == "heuristic:hard"
            ws.send_json({"type": "host", "op": "add_bot", "bot": "heuristic:pro"})
            error = until(ws, "error")
            assert error["field"] == "bot" and "'pro'" in error["message"] and "'easy'" in error["message"]
            ws.send_json({"type": "host", "op": "add_bot"})
            room = until(ws, "room", lambda f: len(f["room"]["seats"]) == 3)["room"]
            assert room["seats"][2]["bot"] == "heuristic"


async def test_a_room_gives_each_game_new_bots_of_the_seats_level() -> None:
    manager = RoomManager(MemoryStore(), tick_s=3600)
    await manager.start()
    try:
        seats = [SeatRow(name="A", kind="human", token_hash="a", connected=True)] + [
            SeatRow(name=f"Bot {i}", kind="bot", bot="heuristic:hard", connected=True) for i in (1, 2)
        ]
        room = await manager.create(
            RoomRow(code="LEVEL", game="mogelmotte", language="de", options={}, created_ms=0, seats=seats)
        )
        assert room is not None
        await room.mutate(lambda r: start_game(r, room.game, 0))
        first = room._bot(1, "heuristic:hard")
        assert isinstance(first, HeuristicBot) and first.level == "hard"
        assert room._bot(1, "heuristic:hard") is first
        await room.mutate(lambda r: start_game(r, room.game, 0))
        assert room._bot(1, "heuristic:hard") is not first, "a new game, new bots"
        assert room._bot(2, "word:hard").level == "normal", "an unknown kind falls back to the default bot"
    finally:
        await manager.stop()
