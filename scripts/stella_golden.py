"""Regenerate Stella's golden records (tests/golden/stella_*.json), reviewed as diffs.

    .venv/bin/python scripts/stella_golden.py

Each case is one game of association bots (fixed seed) saved as a record that ``tischrunde replay``
accepts, plus ``*.outcome.json`` with its outcome; tests/games/test_golden_records.py replays them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from tischrunde.bots import make_bot
from tischrunde.bots.driver import play_game
from tischrunde.core.game import Config
from tischrunde.core.records import save

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
KINDS = ["cautious", "balanced", "greedy"]

#: name -> (players, options, decks)
CASES: dict[str, tuple[int, dict[str, Any], dict[str, list[Any]] | None]] = {
    "official": (4, {}, None),
    "one_per_card": (3, {"dark_fall": "one_per_card"}, None),
    "half": (5, {"dark_fall": "half", "row_order": "bottom,middle,top"}, None),
    "own_pictures": (6, {"rounds": 5}, {"pictures": list(range(1000, 1050))}),
}


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, (players, options, decks) in CASES.items():
        seed = 21
        config = Config(game="stella", players=players, seed=seed, options=options, decks=decks)
        bots = [make_bot("stella", KINDS[s % len(KINDS)], s, seed) for s in range(players)]
        result = play_game(config, bots)
        save(result.record, GOLDEN / f"stella_{name}.json")
        outcome = msgspec.to_builtins(result.outcome)
        (GOLDEN / f"stella_{name}.outcome.json").write_text(json.dumps(outcome, indent=1) + "\n")
        print(f"{name}: {result.decisions} actions, scores {result.outcome.scores}")


if __name__ == "__main__":
    main()
