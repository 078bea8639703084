"""Wordland's golden records replay to the recorded outcome (regenerate: scripts/wordland_golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from tischrunde.core.records import load, replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = sorted(p for p in GOLDEN.glob("wordland_*.json") if not p.name.endswith(".outcome.json"))


def test_golden_records_exist() -> None:
    assert {p.stem for p in CASES} >= {
        "wordland_three_de",
        "wordland_five_en_hard",
        "wordland_four_en_spoken",
    }


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_record_replays_to_its_outcome(path: Path) -> None:
    record = load(path)
    final, outcome = replay(record)
    assert outcome is not None
    expected = json.loads(path.with_suffix(".outcome.json").read_text())
    assert json.loads(json.dumps(msgspec.to_builtins(outcome))) == expected
    assert final.phase == "over"
