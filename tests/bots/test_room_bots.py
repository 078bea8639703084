"""Bot levels through the server: /api/games lists them, add_bot takes ``kind:level`` and refuses others."""

from __future__ import annotations

import sys
from pathlib import Path

from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from helpers import create_room, hello, until  # type: ignore[import-not-found]

from tischrunde.server.app import create_app
from tischrunde.server.store import MemoryStore


def test_games_list_the_levels_and_add_bot_takes_one(tmp_path: Path) -> None:
    app = create_app(store=MemoryStore(), web_dir=tmp_path)
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
