from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from tischrunde.server.app import create_app


def test_rooms_accept_modes_that_need_other_player_counts(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path)) as client:
        for mode in ("coop", "each", "teams"):
            response = client.post(
                "/api/rooms", json={"game": "emojito", "language": "de", "options": {"mode": mode}}
            )
            assert response.status_code == 201, response.text
        bad = client.post(
            "/api/rooms", json={"game": "emojito", "language": "de", "options": {"mode": "solo"}}
        )
        assert bad.status_code == 400
        assert "options.mode" in bad.text
