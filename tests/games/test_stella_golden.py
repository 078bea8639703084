"""Stella's golden records replay to the recorded outcome (regenerate: scripts/stella_golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from tischrunde.core.records import load, replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = sorted(p for p in GOLDEN.glob("stella_*.json") if not p.name.endswith(".outcome.json"))


def test_golden_records_exist_for_every_dark_fall_rule_and_own_pictures() -> None:
    names = {p.stem for p in CASES}
    assert {"stella_official", "stella_one_per_card", "stella_half", "stella_own_pictures"} <= names


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_record_replays_to_its_outcome(path: Path) -> None:
    record = load(path)
    final, outcome = replay(record)
    assert outcome is not None
    expected = json.loads(path.with_suffix(".outcome.json").read_text())
    assert json.loads(json.dumps(msgspec.to_builtins(outcome))) == expected
    assert final.phase == "over"
    assert len(final.history) == final.rounds
