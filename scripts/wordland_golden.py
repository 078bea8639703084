"""Regenerate Wordland's golden records (tests/golden/wordland_*.json), reviewed as diffs.

    .venv/bin/python scripts/wordland_golden.py

Each case is one game of word bots (easy, normal, hard by seat, fixed seed) saved as a record that
``tischrunde replay`` accepts, plus ``*.outcome.json``; tests/games/test_golden_records.py replays them.
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
KINDS = ("word:easy", "word", "word:hard")

CASES: dict[str, tuple[int, str, dict[str, Any]]] = {
    "three_de": (3, "de", {}),
    "five_en_hard": (5, "en", {"difficulty": "hard", "timer_s": 10}),
    "eight_de_easy": (8, "de", {"difficulty": "easy", "hatter_scope": "all", "rounds": 3}),
    "four_en_spoken": (4, "en", {"input": "spoken"}),
}


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, (players, language, options) in CASES.items():
        seed = 21
        config = Config(game="wordland", players=players, seed=seed, language=language, options=options)  # type: ignore[arg-type]
        bots = [make_bot("wordland", KINDS[s % 3], s, seed) for s in range(players)]
        result = play_game(config, bots)
        save(result.record, GOLDEN / f"wordland_{name}.json")
        outcome = msgspec.to_builtins(result.outcome)
        (GOLDEN / f"wordland_{name}.outcome.json").write_text(json.dumps(outcome, indent=1) + "\n")
        print(f"{name}: {result.decisions} actions, winners {result.outcome.winners}")


if __name__ == "__main__":
    main()
