"""Real server processes for end-to-end tests: start on a free loopback port, stop by pid."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    data: Path, port: int, redis_url: str | None = None, *, toy: bool = True, extra: tuple[str, ...] = ()
) -> subprocess.Popen[bytes]:
    """``tischrunde serve`` through the CLI (with the toy games registered unless ``toy`` is False),
    with ``extra`` options."""
    launcher = [str(HERE / "serve_toy.py")] if toy else ["-m", "tischrunde.cli"]
    args = [sys.executable, *launcher, "serve", "--port", str(port), "--data", str(data)]
    if redis_url is not None:
        args += ["--redis-url", redis_url]
    args += extra
    with open(data.parent / f"server-{port}.log", "ab") as log:
        proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1) as response:
                if response.status == 200:
                    return proc
        except OSError:
            time.sleep(0.05)
    stop(proc)
    raise RuntimeError("server did not come up")


def kill9(proc: subprocess.Popen[bytes]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        data = json.loads(response.read())
        assert isinstance(data, dict)
        return data
