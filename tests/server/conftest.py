"""Server test fixtures: the toy games are registered for every test in this folder."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from tischrunde.bots import RandomBot
from tischrunde.core import registry

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "toygame")
    monkeypatch.setitem(registry.GAME_MODULES, "toypeople", "toypeople")
    yield


@pytest.fixture
def web_dir(tmp_path: Path) -> Path:
    """A placeholder web app (the real one is written by the web engineer)."""
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>tischrunde</title><p>placeholder</p>")
    (web / "app.js").write_text("console.log('hi');")
    return web


class FastBot(RandomBot):
    """A random bot that answers within 0-30 ms, so whole bot games take a moment."""

    name = "fast"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed, min_delay_ms=0, max_delay_ms=30)


@pytest.fixture(autouse=True)
def fast_toy_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("tischrunde.bots.toy")
    module.BOTS = {"fast": FastBot}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tischrunde.bots.toy", module)


@pytest.fixture(autouse=True)
def testclient_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starlette's TestClient sends ``Host: testserver``: let the servers of these tests answer it."""
    from tischrunde.server import security

    monkeypatch.setattr(security, "LOOPBACK_HOSTS", (*security.LOOPBACK_HOSTS, "testserver"))
