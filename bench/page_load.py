"""A room page's first load and warm reload on a slow phone network (a benchmark, not a test).

Starts `tischrunde serve` on a free loopback port (or uses --url), creates a room, then in Debian's
Chromium with the network throttled through the DevTools protocol (default 1.6 Mbit/s down, 750 kbit/s
up, 150 ms round trip) measures, for a fresh profile:
- the bytes transferred for the room page's first load until the join form is shown (encoded, as on
  the wire), and the time until the join form is visible;
- a reload with a warm cache (the same profile), time until the join form is visible again.

    .venv/bin/python bench/page_load.py [--runs 5] [--url http://127.0.0.1:8000] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
from browsing import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _serve(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    cmd = [sys.executable, "-m", "tischrunde.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(
        [*cmd, "--data", str(data)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=1):
                return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def _room(url: str) -> str:
    body = json.dumps({"game": "mogelmotte"}).encode()
    request = urllib.request.Request(
        url + "/api/rooms", data=body, headers={"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request) as res:
        code: str = json.load(res)["code"]
        return code


def measure(url: str, code: str, *, down_kbit: float, up_kbit: float, rtt_ms: float) -> dict[str, Any]:
    """One fresh profile: first load (bytes, ms) and a warm reload (ms)."""
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, viewport=PHONE
        )
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": rtt_ms,
                "downloadThroughput": down_kbit * 1000 / 8,
                "uploadThroughput": up_kbit * 1000 / 8,
            },
        )
        sizes: dict[str, float] = {}
        cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
        start = time.perf_counter()
        page.goto(f"{url}/r/{code}", wait_until="commit")
        page.wait_for_selector("#ask-name", state="visible", timeout=60_000)
        first_ms = (time.perf_counter() - start) * 1000
        first_bytes = sum(sizes.values())
        requests = len(sizes)
        page.wait_for_load_state("networkidle")
        sizes.clear()
        start = time.perf_counter()
        page.reload(wait_until="commit")
        page.wait_for_selector("#ask-name", state="visible", timeout=60_000)
        warm_ms = (time.perf_counter() - start) * 1000
        warm_bytes = sum(sizes.values())
        context.close()
    return {
        "first_ms": first_ms,
        "first_bytes": first_bytes,
        "requests": requests,
        "warm_ms": warm_ms,
        "warm_bytes": warm_bytes,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--down-kbit", type=float, default=1600)
    parser.add_argument("--up-kbit", type=float, default=750)
    parser.add_argument("--rtt-ms", type=float, default=150)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    proc = None
    with tempfile.TemporaryDirectory() as data:
        if args.url:
            url = args.url.rstrip("/")
        else:
            proc, url = _serve(Path(data))
        try:
            code = _room(url)
            runs = [
                measure(url, code, down_kbit=args.down_kbit, up_kbit=args.up_kbit, rtt_ms=args.rtt_ms)
                for _ in range(args.runs)
            ]
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=10)
    summary = {
        key: statistics.median(run[key] for run in runs)
        for key in ("first_ms", "first_bytes", "requests", "warm_ms", "warm_bytes")
    }
    out = {"network": vars(args), "median": summary, "runs": runs, "pid": os.getpid()}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(
        f"first load: {summary['first_bytes'] / 1000:.1f} KB in {summary['requests']:.0f} requests, "
        f"join form after {summary['first_ms']:.0f} ms; warm reload: {summary['warm_ms']:.0f} ms "
        f"({summary['warm_bytes'] / 1000:.1f} KB) - median of {len(runs)} runs"
    )


if __name__ == "__main__":
    main()
