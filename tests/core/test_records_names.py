"""Records carry the people's names (one per seat); records written before that still load and replay."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from tischrunde.core.records import ReplayError, dumps, load, loads, replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def test_a_record_with_names_round_trips_and_replays_like_one_without() -> None:
    old = load(GOLDEN / "wordland_three_de.json")
    assert "names" not in json.loads((GOLDEN / "wordland_three_de.json").read_text())
    assert old.names is None
    named = msgspec.structs.replace(old, names=["Anna", "Ben", "Cleo"])
    again = loads(dumps(named))
    assert again == named and again.names == ["Anna", "Ben", "Cleo"]
    assert json.loads(dumps(named))["names"] == ["Anna", "Ben", "Cleo"]
    # the names are for people only: the replay is the same game
    assert replay(again)[1] == replay(old)[1]


def test_names_that_are_not_a_list_of_strings_are_refused() -> None:
    raw = json.loads((GOLDEN / "stella_official.json").read_text())
    raw["names"] = [1, 2]
    with pytest.raises(ReplayError, match="names"):
        loads(json.dumps(raw))
