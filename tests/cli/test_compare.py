"""`tischrunde compare` and `--jobs` through the real command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tischrunde.bots.compare import wilson
from tischrunde.bots.report import Grid, _html_table
from tischrunde.cli import app

runner = CliRunner()

BASE = ["--players", "3", "--games", "4", "--seed", "7", "--bots", "heuristic,random"]


def _json(args: list[str]) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_variants_are_the_cross_product_on_the_same_seeds() -> None:
    data = _json(
        ["compare", "mogelmotte", "--option", "hand_size=4,6", "--option", "rounds=1,2", *BASE, "--jobs", "1"]
    )
    assert data["options"] == {"hand_size": [4, 6], "rounds": [1, 2]}
    assert data["seeds"] == [7, 10]
    assert [v["options"] for v in data["variants"]] == [
        {"hand_size": 4, "rounds": 1},
        {"hand_size": 4, "rounds": 2},
        {"hand_size": 6, "rounds": 1},
        {"hand_size": 6, "rounds": 2},
    ]
    assert [v["name"] for v in data["variants"]] == ["v1", "v2", "v3", "v4"]
    assert data["variants"][1]["label"] == "hand_size=4 rounds=2"
    for variant in data["variants"]:
        assert variant["games"] == 4
        assert [s["bot"] for s in variant["seats"]] == ["heuristic", "random", "heuristic"]
        assert variant["figures"]["rounds"]["mean"] == variant["options"]["rounds"]
    # every variant is exactly what `simulate` reports for those options on those seeds
    alone = _json(["simulate", "mogelmotte", "--option", "hand_size=6", "--option", "rounds=2", *BASE])
    third = data["variants"][3]
    for key in ("seats", "bots", "mean_decisions", "length", "score_spread", "figures", "first_player"):
        assert third[key] == alone[key], key


def test_json_shape_and_intervals_contain_the_rates() -> None:
    data = _json(["compare", "stella", "--option", "dark_fall=official,half", "--games", "6", "--jobs", "1"])
    assert set(data) >= {"game", "players", "games", "bots", "options", "variants", "run"}
    assert data["bots"] == ["cautious"] * 4
    for variant in data["variants"]:
        rows = [*variant["seats"], *variant["bots"].values(), variant["first_player"]]
        for row in rows:
            lo, hi = row["win_ci"]
            assert 0.0 <= lo <= row["win_rate"] <= hi <= 1.0 and lo < hi
        assert sum(s["wins"] for s in variant["seats"]) >= variant["games"]
        assert variant["length"]["decisions"]["min"] <= variant["length"]["decisions"]["mean"]
        assert variant["length"]["minutes"]["mean"] > 0
        assert variant["score_spread"]["mean"] >= 0
        falls = variant["figures"]["falls"]
        assert len(falls["per_seat"]) == 4
        assert falls["total"] == pytest.approx(sum(falls["per_seat"]), abs=1e-3)
        fp = variant["first_player"]
        assert fp["advantage"] == pytest.approx(fp["win_rate"] - fp["fair_share"], abs=1e-4)


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(3.8415 / 23.8415, abs=1e-4)
    lo, hi = wilson(12, 40)
    assert lo == pytest.approx(0.1807, abs=1e-4) and hi == pytest.approx(0.4543, abs=1e-4)
    assert wilson(5, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("option", "named", "allowed"),
    [
        ("nosuch=1,2", "options.nosuch", "hand_size"),
        ("hand_size=6,99", "options.hand_size", "1..12"),
        ("cockroach_continue=after_player,sideways", "options.cockroach_continue", "after_thrower"),
        ("hand_size", "NAME=V1,V2", "hand_size"),
        ("hand_size=6,6", "hand_size", "twice"),
    ],
)
def test_bad_option_names_the_option_and_allowed_values(option: str, named: str, allowed: str) -> None:
    result = runner.invoke(app, ["compare", "mogelmotte", "--option", option, "--games", "1", "--jobs", "1"])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert named in text and allowed in text
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


def test_a_variant_the_game_does_not_allow_is_named() -> None:
    result = runner.invoke(
        app, ["compare", "emojito", "--option", "mode=coop,teams", "--players", "3", "--games", "1"]
    )
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "variant mode=teams" in text and "players" in text


def test_choices_with_commas_and_json_values() -> None:
    data = _json(
        [
            "compare",
            "stella",
            "--option",
            "row_order=top,middle,bottom,bottom,middle,top",
            "--games",
            "1",
            "--jobs",
            "1",
        ]
    )
    assert data["options"] == {"row_order": ["top,middle,bottom", "bottom,middle,top"]}
    # values that are JSON objects: a JSON list of them
    tables = '[{"3": [0, 1, 3]}, {"3": [0, 2, 5]}]'
    data = _json(["compare", "wordland", "--option", f"scoring={tables}", "--players", "3", "--games", "1"])
    assert [v["options"]["scoring"] for v in data["variants"]] == [{"3": [0, 1, 3]}, {"3": [0, 2, 5]}]


def test_report_writes_the_page_and_its_plots(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = runner.invoke(
        app,
        ["compare", "mogelmotte", "--option", "hand_size=4,6", *BASE, "--jobs", "1", "--report", str(out)],
    )
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text()
    for png in ("winrate_by_seat.png", "scores.png", "length.png"):
        assert f'src="{png}"' in page
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "hand_size=4" in page and "heuristic" in page
    assert "http" not in page and "<script" not in page and "<link" not in page
    grid = Grid("t", ["a<b", "n"], [["<script>x</script>", "1"]])
    assert "&lt;script&gt;" in _html_table(grid) and "<script>" not in _html_table(grid)


def test_tables_fit_80_columns_and_keep_bot_names_whole() -> None:
    args = ["compare", "stella", "--option", "dark_fall=official,one_per_card,half", "--option", "rounds=2,4"]
    args += ["--games", "2", "--players", "5", "--bots", "cautious,balanced,greedy", "--jobs", "1"]
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert sum("balanced" in line.split() for line in lines) >= 6
    assert "v6" in result.stdout and "95 % CI" in result.stdout
    eight = runner.invoke(app, ["simulate", "wordland", "--players", "8", "--games", "1", "--jobs", "1"])
    assert eight.exit_code == 0, eight.output
    assert max(len(line) for line in eight.stdout.splitlines()) <= 80
    assert "seat 7" in eight.stdout


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_jobs_2_gives_the_same_results_as_jobs_1(command: str, tmp_path: Path) -> None:
    args = [
        command,
        "mogelmotte",
        "--players",
        "4",
        "--games",
        "12",
        "--seed",
        "3",
        "--bots",
        "heuristic,random",
    ]
    if command == "compare":
        args += ["--option", "slowest_rule=clockwise_last,random"]
    one = _json([*args, "--jobs", "1"])
    records = ["--save-records", str(tmp_path)] if command == "simulate" else []
    two = _json([*args, "--jobs", "2", *records])
    assert one.pop("run", {"jobs": 1})["jobs"] == 1
    assert two.pop("run", {"jobs": 2})["jobs"] == 2
    assert one == two
    if command == "simulate":  # the workers write the records
        assert sorted(p.name for p in tmp_path.glob("*.json")) == sorted(
            f"mogelmotte-{s}.json" for s in range(3, 15)
        )


def test_bad_bot_or_bot_parameter_is_named() -> None:
    result = runner.invoke(
        app, ["compare", "mogelmotte", "--option", "rounds=1", "--bots", "genius", "--games", "1"]
    )
    assert result.exit_code == 2 and "genius" in result.output and "heuristic" in result.output
    result = runner.invoke(
        app, ["compare", "mogelmotte", "--option", "rounds=1", "--param", "nosuch=1", "--games", "1"]
    )
    assert result.exit_code == 2 and "nosuch" in result.output
