"""Fixtures for the browser tests: a real ``tischrunde serve`` process and Debian's headless Chromium."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))  # the shared helpers in browsing.py

from browsing import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """One ``tischrunde serve`` process on a fixed loopback port and data folder; restartable."""

    def __init__(self, data: Path, port: int | None = None) -> None:
        self.data = data
        self.port = port or _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = data / "server.log"

    def start(self) -> None:
        cmd = [
            sys.executable,
            "-m",
            "tischrunde.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
        ]
        with self.log_path.open("ab") as log_file:
            self.proc = subprocess.Popen(
                [*cmd, "--data", str(self.data)],
                stdout=log_file,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited early:\n{self.log_path.read_text(errors='replace')}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=2) as res:
                    if res.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"server did not come up:\n{self.log_path.read_text(errors='replace')}")
            time.sleep(0.05)

    def kill(self) -> None:
        """``kill -9``: no goodbye to anyone."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of one server process for the whole run (every test makes its own room); stopped by pid."""
    pytest.importorskip("tischrunde.server.main", reason="the server is not built yet")
    process = ServerProcess(tmp_path_factory.mktemp("data"))
    try:
        process.start()
        yield process.url
    finally:
        process.stop()


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server the test starts, kills and restarts itself (same port, same data folder)."""
    pytest.importorskip("tischrunde.server.main", reason="the server is not built yet")
    process = ServerProcess(tmp_path)
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the whole run (Debian's binary, never a downloaded one); tests open
    their own contexts, so nothing leaks from one test to the next."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make system-deps)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
