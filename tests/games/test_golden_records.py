"""Every golden record under tests/golden replays to the outcome recorded beside it.

Regenerate (then review the diff): scripts/emojito_golden.py, scripts/stella_golden.py,
scripts/wordland_golden.py, and for Mogel-Motte ``tischrunde simulate mogelmotte --games 1 --seed N
--save-records DIR`` (see tests/games/test_mogelmotte_golden.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from tischrunde.core import registry
from tischrunde.core.records import dumps, load, loads, replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".outcome.json"))

#: records each game must have: every mode or rule variant worth pinning down
REQUIRED = {
    "emojito": {"emojito_coop", "emojito_secret_message", "emojito_each", "emojito_teams"},
    "mogelmotte": {"mogelmotte-seed1", "mogelmotte-seed2-3p", "mogelmotte-seed3-options"},
    "stella": {"stella_official", "stella_one_per_card", "stella_half", "stella_own_pictures"},
    "wordland": {"wordland_three_de", "wordland_five_en_hard", "wordland_four_en_spoken"},
}


def _game_specific(game: str, final: Any, outcome: Any) -> None:
    if game == "stella":
        assert len(final.history) == final.rounds
    elif game == "mogelmotte":
        assert len(final.round_points) == outcome.details["rounds"]


def test_golden_records_exist_for_every_game_and_variant() -> None:
    names = {p.stem for p in CASES}
    for game, required in REQUIRED.items():
        assert required <= names, (game, required - names)
    assert set(REQUIRED) == set(registry.GAME_MODULES)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_record_replays_to_its_outcome(path: Path) -> None:
    record = load(path)
    assert record.rules_version == registry.get(record.game).spec.rules_version
    assert loads(dumps(record)) == record
    final, outcome = replay(record)
    assert outcome is not None and final.phase == "over"
    expected = json.loads(path.with_suffix(".outcome.json").read_text())
    assert json.loads(json.dumps(msgspec.to_builtins(outcome))) == expected
    _game_specific(record.game, final, outcome)
