"""What ``core/playout.random_playout`` itself costs per step: a game whose every query is a constant.

    PYTHONPATH=src .venv/bin/python bench/driver_overhead.py            # pure Python
    PYTHONPATH=$(echo build/lib.*) .venv/bin/python bench/driver_overhead.py   # the compiled build

Prints nanoseconds of CPU time per step (1,000 steps a playout, 200 playouts).
"""

from __future__ import annotations

import time
from typing import Any

from tischrunde.core import playout, registry
from tischrunde.core.game import Action, Config, Event, Game

_LEGAL: list[Action] = [Action(), Action(), Action()]
_SEATS = (0, 1, 2, 3)
_STEPS = 1000


class _Null(Game[int]):
    """Every query a constant; the state counts the steps."""

    transition_stamps_time = True
    time_field = "t"

    def new(self, config: Config) -> int:
        return 0

    def playout_step_info(self, state: int) -> tuple[int | None, tuple[int, ...]] | None:
        return None if state >= _STEPS else (None, _SEATS)

    def legal_actions(self, state: int, seat: int) -> list[Action]:
        return _LEGAL

    def transition(self, state: int, seat: int | None, action: Action, t: int) -> tuple[int, list[Event]]:
        return state + 1, []

    # what a playout never asks
    def active_seats(self, state: int) -> frozenset[int]:
        return frozenset(_SEATS)

    def deadline(self, state: int) -> None:
        return None

    def outcome(self, state: int) -> None:
        return None

    def rerandomize_hidden(self, state: int, seat: int | None, seed: int) -> int:
        return state

    def view(self, state: int, seat: int | None) -> dict[str, Any]:
        return {}


def main() -> None:
    game: Any = _Null()
    game.spec = type("Spec", (), {"max_decisions": 10 * _STEPS})()
    registry.get = lambda name: game  # this process plays only the null game
    playouts = 200
    start = time.process_time()
    for seed in range(playouts):
        playout.random_playout(Config(game="null", players=4, seed=seed), seed)
    spent = time.process_time() - start
    print(f"{playout.__file__}: {spent / (playouts * _STEPS) * 1e9:.0f} ns per step")


if __name__ == "__main__":
    main()
