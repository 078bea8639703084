"""Regenerate Emojito's golden records (tests/golden/emojito_*.json), reviewed as diffs.

    .venv/bin/python scripts/emojito_golden.py

Each case is one bot game (model bots, fixed seed) saved as a record that ``tischrunde replay``
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

CASES: dict[str, tuple[int, dict[str, Any]]] = {
    "coop": (5, {"wrong_step": 2}),
    "secret_message": (4, {"secret_message": True}),
    "each": (4, {"mode": "each"}),
    "teams": (6, {"mode": "teams"}),
}


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, (players, options) in CASES.items():
        seed = 11
        config = Config(game="emojito", players=players, seed=seed, options=options)
        bots = [
            make_bot("emojito", "model", s, seed, accuracy=0.6, challenge_rate=0.7) for s in range(players)
        ]
        result = play_game(config, bots)
        save(result.record, GOLDEN / f"emojito_{name}.json")
        outcome = msgspec.to_builtins(result.outcome)
        (GOLDEN / f"emojito_{name}.outcome.json").write_text(json.dumps(outcome, indent=1) + "\n")
        print(f"{name}: {result.decisions} actions, winners {result.outcome.winners}")


if __name__ == "__main__":
    main()
