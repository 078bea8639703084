"""The web app's files: versioned and cached for a year, gzip when accepted, the shell and worker fresh."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tischrunde.server.app import WEB_DIR, create_app
from tischrunde.server.static import WebFiles
from tischrunde.server.store import MemoryStore


@pytest.fixture()
def client() -> TestClient:
    return TestClient(create_app(store=MemoryStore(), web_dir=WEB_DIR))


def test_the_shell_names_versioned_files_and_is_revalidated(client: TestClient) -> None:
    version = WebFiles(WEB_DIR).version
    page = client.get("/r/ABCDE")
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-cache"
    assert f'src="/static/{version}/app.js"' in page.text
    assert f'href="/static/{version}/style.css"' in page.text
    assert 'href="/manifest.webmanifest"' in page.text
    assert "/static/app.js" not in page.text


def test_versioned_files_are_immutable_and_gzipped(client: TestClient) -> None:
    version = WebFiles(WEB_DIR).version
    raw = (WEB_DIR / "app.js").read_bytes()
    res = client.get(f"/static/{version}/app.js", headers={"accept-encoding": "gzip"})
    assert res.status_code == 200
    assert res.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert res.headers["content-encoding"] == "gzip"
    assert res.headers["content-type"].startswith("text/javascript")
    assert res.headers["vary"] == "accept-encoding"
    assert int(res.headers["content-length"]) < len(raw) / 2
    assert res.content == raw  # httpx undoes the gzip
    plain = client.get(f"/static/{version}/app.js", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content == raw


def test_plain_paths_revalidate_with_an_etag(client: TestClient) -> None:
    first = client.get("/static/style.css")
    assert first.headers["cache-control"] == "no-cache"
    again = client.get("/static/style.css", headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304
    assert again.content == b""


def test_an_old_version_gets_current_bytes_not_cached_long(client: TestClient) -> None:
    res = client.get("/static/0123456789ab/net.js")
    assert res.status_code == 200
    assert res.headers["cache-control"] == "no-cache"
    assert res.content == (WEB_DIR / "net.js").read_bytes()


def test_unknown_files_and_path_tricks_are_404(client: TestClient) -> None:
    for path in ["/static/nope.js", "/static/../server/app.py", "/static/%2e%2e/cli.py", "/static/games/"]:
        assert client.get(path).status_code == 404, path


def test_the_service_worker_carries_the_version_and_skips_the_api(client: TestClient) -> None:
    version = WebFiles(WEB_DIR).version
    res = client.get("/sw.js")
    assert res.status_code == 200
    assert res.headers["cache-control"] == "no-cache"
    assert res.headers["service-worker-allowed"] == "/"
    assert f'const VERSION = "{version}"' in res.text
    assert '"/api/"' in res.text and '"/ws"' in res.text


def test_the_manifest_is_installable_data(client: TestClient) -> None:
    res = client.get("/manifest.webmanifest")
    assert res.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(res.content)
    assert manifest["display"] == "standalone"
    assert manifest["short_name"] and manifest["name"] and manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert re.fullmatch(r"/static/[0-9a-f]{12}/icons/app-\d+(-maskable)?\.png", icon["src"]), icon
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
        assert "content-encoding" not in png.headers  # already compressed


def test_the_version_follows_the_files(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('<script src="/static/app.js"></script>')
    (tmp_path / "app.js").write_text("let a = 1;")
    before = WebFiles(tmp_path).version
    (tmp_path / "app.js").write_text("let a = 2;")
    assert WebFiles(tmp_path).version != before


def test_the_first_load_of_a_room_page_is_small(client: TestClient) -> None:
    """What the phone must fetch before the join form: the shell, its style sheet and modules, gzipped."""
    page = client.get("/r/ABCDE")
    total = len(gzip.compress(page.content))
    for url in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        res = client.get(url, headers={"accept-encoding": "gzip"})
        total += int(res.headers["content-length"])
    assert total < 120_000
