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


def test_stella_pictures_are_revalidated_by_etag_and_cannot_run_anything(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path)) as client:
        first = client.get("/api/pictures/stella/159.svg")
        assert first.status_code == 200
        assert "immutable" not in first.headers["cache-control"]
        assert first.headers["x-content-type-options"] == "nosniff"
        assert "default-src 'none'" in first.headers["content-security-policy"]
        again = client.get("/api/pictures/stella/159.svg", headers={"If-None-Match": first.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        other = client.get("/api/pictures/stella/158.svg")
        assert other.headers["etag"] != first.headers["etag"]
