"""Run ``tischrunde serve`` (the real CLI) with the toy games registered: ``python serve_toy.py serve ...``."""

from __future__ import annotations

import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tischrunde.bots import RandomBot
from tischrunde.cli import main
from tischrunde.core import registry


class FastBot(RandomBot):
    name = "fast"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed, min_delay_ms=0, max_delay_ms=30)


registry.GAME_MODULES["toy"] = "toygame"
registry.GAME_MODULES["toypeople"] = "toypeople"
bots = types.ModuleType("tischrunde.bots.toy")
bots.BOTS = {"fast": FastBot}  # type: ignore[attr-defined]
sys.modules["tischrunde.bots.toy"] = bots

if __name__ == "__main__":
    sys.argv[0] = "tischrunde"
    main()
