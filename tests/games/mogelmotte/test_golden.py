"""Mogel-Motte's golden records: views along them (the replay itself: test_golden_records.py).

Regenerate (then review the diff) with, for example::

    tischrunde simulate mogelmotte --players 4 --games 1 --seed 1 --bots heuristic,random --save-records DIR
    tischrunde simulate mogelmotte --players 3 --games 1 --seed 2 --bots heuristic --save-records DIR
    tischrunde simulate mogelmotte --players 5 --games 1 --seed 3 --bots random --option rounds=2 \\
        --option give_last_card=true --option cockroach_continue=after_thrower \\
        --option guard_chooses_card=false --save-records DIR

copying ``DIR/mogelmotte-N.json`` to ``tests/golden/mogelmotte-seed*.json`` and writing each replayed
outcome to the ``.outcome.json`` beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tischrunde.core.records import load, states
from tischrunde.games.mogelmotte import GAME

GOLDEN = Path(__file__).resolve().parent.parent.parent / "golden"
CASES = sorted(p for p in GOLDEN.glob("mogelmotte-*.json") if not p.name.endswith(".outcome.json"))


@pytest.mark.parametrize("path", CASES[:1], ids=[p.stem for p in CASES[:1]])
def test_golden_record_views_never_show_other_hands(path: Path) -> None:
    record = load(path)
    for index, (state, _) in enumerate(states(record)):
        if index % 25:
            continue
        for seat in range(record.config.players):
            view = GAME.view(state, seat)
            assert [c["id"] for c in view["hand"]] == list(state.hands[seat])
            assert json.dumps(GAME.view(state, None)).count('"playable"') == 0
