from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from tischrunde.server.app import create_app


def test_stella_pictures_are_served_as_svg_by_id(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path)) as client:
        ok = client.get("/api/pictures/stella/3.svg")
        assert ok.status_code == 200
        assert ok.headers["content-type"].startswith("image/svg+xml")
        assert ok.text.startswith("<svg") and "<script" not in ok.text
        missing = client.get("/api/pictures/stella/9999.svg")
        assert missing.status_code == 404 and missing.json()["code"] == "unknown_picture"
        assert client.get("/api/pictures/stella/abc.svg").status_code == 404
