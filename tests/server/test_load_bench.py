"""The load generator still works end to end (tiny runs; the figures themselves live in bench/README.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

LOAD = Path(__file__).resolve().parents[2] / "bench" / "load.py"

#: refusals a racing table expects: two clients acted on the same version (stale_version), or an action
#: was in flight when the game ended (game_not_running). Anything else means a client played illegally,
#: except in a game with a clock: there an action sent just before a deadline may arrive after it, and
#: the server lets the clock go first (the game's own error then), which a slow machine makes happen.
EXPECTED_REFUSALS = {"stale_version", "game_not_running"}


def check_refusals(result: dict[str, Any], *, clock: bool) -> None:
    assert sum(result["errors"].values()) == result["refused"]
    others = {code: n for code, n in result["errors"].items() if code not in EXPECTED_REFUSALS}
    late = sum(others.values())
    allowed = 2 + sum(result["sent"].values()) // 100 if clock else 0
    assert late <= allowed, f"{result['game']}: refused as illegal {others} of {result['sent']}"


def run_load(*args: str) -> dict[str, Any]:
    run = subprocess.run(
        [
            *(sys.executable, str(LOAD), "--warmup", "1", "--server-cpus", "none", "--json"),
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    result: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def test_load_generator_plays_rooms_and_reports_latency() -> None:
    result = run_load("--rooms", "3", "--clients", "4", "--seconds", "3", "--think-scale", "0.5")
    assert result["game"] == "mogelmotte"
    assert result["options"] == {"rounds": 20}, "Mogel-Motte's default options are those of every figure"
    assert result["connections"] == 12
    assert result["actions"] > 0, "clients played and every view of their actions arrived"
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    # each action reaches all four clients (those at the window's end have their frames after it)
    assert result["frames_per_s"] >= result["actions_per_s"] * 4 * 0.9, "each action reaches all four clients"
    assert result["server_cpu_pct"] > 0
    assert "server_act_p99_ms" in result
    check_refusals(result, clock=True)


@pytest.mark.parametrize(
    ("game", "bot", "clock"),
    [("emojito", "model", False), ("stella", "cautious", False), ("wordland", "word", True)],
)
def test_every_game_plays_under_load(game: str, bot: str, clock: bool) -> None:
    """Five clients per room play the game through the protocol with its own bots, at 5x their pace."""
    result = run_load("--game", game, "--rooms", "3", "--seconds", "4", "--think-scale", "0.2")
    assert (result["game"], result["bot"], result["options"]) == (game, bot, {})
    assert result["connections"] == 15
    assert result["actions"] > 0, "clients played and every view of their actions arrived"
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["frames_per_s"] >= result["actions_per_s"] * 5, "each action reaches all five clients"
    assert result["sent"], "the clients sent actions"
    check_refusals(result, clock=clock)


def test_finished_games_are_restarted_by_the_host() -> None:
    """One-round Stella games at ten times the bots' pace end within seconds; the host starts the next."""
    result = run_load(
        *("--game", "stella", "--options", '{"rounds": 1}', "--rooms", "3", "--seconds", "12"),
        *("--think-scale", "0.1"),
    )
    assert result["games_over"] > 3, "some room finished a game, restarted and finished the next"
    assert result["actions"] > 0
    check_refusals(result, clock=False)


def test_clients_must_fit_the_game() -> None:
    run = subprocess.run(
        [sys.executable, str(LOAD), "--game", "stella", "--clients", "7", "--rooms", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert "stella seats 3 to 6 players" in run.stderr
