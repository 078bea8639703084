"""Emojito's golden records replay to the recorded outcome (regenerate: scripts/emojito_golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from tischrunde.core.records import load, replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = sorted(p for p in GOLDEN.glob("emojito_*.json") if not p.name.endswith(".outcome.json"))


def test_golden_records_exist_for_every_mode() -> None:
    names = {p.stem for p in CASES}
    assert {"emojito_coop", "emojito_secret_message", "emojito_each", "emojito_teams"} <= names


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_record_replays_to_its_outcome(path: Path) -> None:
    record = load(path)
    final, outcome = replay(record)
    assert outcome is not None
    expected = json.loads(path.with_suffix(".outcome.json").read_text())
    assert json.loads(json.dumps(msgspec.to_builtins(outcome))) == expected
    assert final.phase == "over"
