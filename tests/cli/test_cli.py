"""The command line as a new user tries it: games, simulate, replay, bench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tischrunde.cli import app
from tischrunde.core import registry
from tischrunde.core.game import view_schema
from tischrunde.core.records import load

runner = CliRunner()


def test_games_lists_every_game_with_options() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    specs = {spec["name"]: spec for spec in json.loads(result.output)}
    assert "mogelmotte" in specs
    names = {o["name"] for o in specs["mogelmotte"]["options"]}
    assert "cheat_ms" in names
    table = runner.invoke(app, ["games"])
    assert table.exit_code == 0 and "cheat_ms" in table.output


def test_simulate_json_reports_win_rates_per_seat_and_bot(tmp_path: Path) -> None:
    args = [
        "simulate",
        "mogelmotte",
        "--players",
        "4",
        "--games",
        "6",
        "--seed",
        "1",
        "--bots",
        "heuristic,random",
        "--json",
        "--save-records",
        str(tmp_path),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 6 and len(data["seats"]) == 4
    assert [s["bot"] for s in data["seats"]] == ["heuristic", "random", "heuristic", "random"]
    assert set(data["bots"]) == {"heuristic", "random"}
    assert sum(s["win_rate"] for s in data["seats"]) >= 1.0
    assert "mean_penalty_points" in data["seats"][0]
    assert data["mean_decisions"] > 0
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 6
    again = runner.invoke(app, args)
    assert json.loads(again.output) == data, "same seed, same summary"


def test_simulate_rejects_bad_input_with_the_field_named() -> None:
    result = runner.invoke(app, ["simulate", "mogelmotte", "--players", "9", "--games", "1"])
    assert result.exit_code == 2 and "players" in result.output
    result = runner.invoke(app, ["simulate", "mogelmotte", "--games", "1", "--option", "cheat_ms=fast"])
    assert result.exit_code == 2 and "options.cheat_ms" in result.output
    result = runner.invoke(app, ["simulate", "mogelmotte", "--games", "1", "--bots", "genius"])
    assert result.exit_code == 2 and "genius" in result.output
    result = runner.invoke(app, ["simulate", "nosuchgame", "--games", "1"])
    assert result.exit_code == 2 and "mogelmotte" in result.output


def test_replay_checks_a_record_and_prints_its_outcome(tmp_path: Path) -> None:
    runner.invoke(
        app,
        ["simulate", "mogelmotte", "--games", "1", "--seed", "5", "--json", "--save-records", str(tmp_path)],
    )
    path = next(tmp_path.glob("*.json"))
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["actions"] == len(load(path).entries)
    assert data["outcome"]["winners"]
    pretty = runner.invoke(app, ["replay", str(path)])
    assert "winner" in pretty.output
    # a tampered record is refused with the entry named
    raw = json.loads(path.read_text())
    raw["entries"][3]["action"] = {"type": "play", "card": 999}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw))
    refused = runner.invoke(app, ["replay", str(bad)])
    assert refused.exit_code == 2 and "entry 3" in refused.output
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{nope")
    assert runner.invoke(app, ["replay", str(garbage)]).exit_code == 2


def test_bench_json_has_one_object_per_game() -> None:
    result = runner.invoke(app, ["bench", "mogelmotte", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines() if line.strip()]
    assert [r["game"] for r in rows] == ["mogelmotte"]
    assert rows[0]["games_per_s"] > 0 and rows[0]["decisions_per_s"] > rows[0]["games_per_s"]


@pytest.mark.parametrize("name", [n for n in registry.available() if registry.get(n).view_type is not None])
def test_schema_prints_the_views_json_schema(name: str) -> None:
    result = runner.invoke(app, ["schema", name])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.stdout)
    assert schema == view_schema(registry.get(name))
    root = schema["$ref"].rsplit("/", 1)[-1]
    assert "phase" in schema["$defs"][root]["properties"]


def test_schema_of_an_unknown_game_names_the_known_ones() -> None:
    result = runner.invoke(app, ["schema", "chess"])
    assert result.exit_code == 2
    assert "mogelmotte" in result.output
