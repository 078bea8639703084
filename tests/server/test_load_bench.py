"""The load generator still works end to end (a tiny run; the figures themselves live in bench/README.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

LOAD = Path(__file__).resolve().parents[2] / "bench" / "load.py"


def test_load_generator_plays_rooms_and_reports_latency() -> None:
    run = subprocess.run(
        [
            *(sys.executable, str(LOAD), "--rooms", "3", "--clients", "4", "--seconds", "3"),
            *("--warmup", "1", "--think-scale", "0.5", "--server-cpus", "none", "--json"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["connections"] == 12
    assert result["actions"] > 0, "clients played and every view of their actions arrived"
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["frames_per_s"] >= result["actions_per_s"] * 4, "each action reaches all four clients"
    assert result["server_cpu_pct"] > 0
    assert "server_act_p99_ms" in result
