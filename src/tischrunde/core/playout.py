"""Fast random playouts (uniform active seat, then uniform legal action) for tests and benchmarks."""

from __future__ import annotations

from typing import Any

from tischrunde.core import registry, rng
from tischrunde.core.game import Action, Config, Timeout


class PlayoutStats:
    __slots__ = ("decisions", "state", "steps", "time_ms")

    def __init__(self, state: Any, decisions: int, steps: int, time_ms: int) -> None:
        self.state = state
        self.decisions = decisions
        self.steps = steps
        self.time_ms = time_ms


def random_playout(config: Config, seed: int, *, max_decisions: int | None = None) -> PlayoutStats:
    """Play random legal moves until the game ends. Time advances 0-499 ms per step.

    ``decisions`` counts seat actions; injected timeouts are steps but not decisions.

    A due deadline fires first; otherwise a uniformly chosen active seat (among those with a legal
    action) plays a uniformly chosen legal action.
    """
    game = registry.get(config.game)
    state = game.new(config)
    limit = max_decisions if max_decisions is not None else game.spec.max_decisions
    r = rng.seed_state(seed)
    t = 0
    decisions = 0
    steps = 0
    while game.outcome(state) is None:
        if steps >= limit:
            raise RuntimeError(f"{config.game}: random playout did not end within {limit} decisions")
        step, r = rng.randbelow(r, 500)
        t += step
        deadline = game.deadline(state)
        if deadline is not None and t >= deadline:
            state, _ = game.apply(state, None, Timeout(), t)
            steps += 1
            continue
        seats = sorted(game.active_seats(state))
        legal: list[Action] = []
        while seats:
            i, r = rng.randbelow(r, len(seats))
            seat = seats.pop(i)
            legal = game.legal_actions(state, seat)
            if legal:
                break
        if legal:
            j, r = rng.randbelow(r, len(legal))
            state, _ = game.apply(state, seat, legal[j], t)
            decisions += 1
        elif deadline is not None:
            t = max(t, deadline)
            state, _ = game.apply(state, None, Timeout(), t)
        else:
            raise RuntimeError(f"{config.game}: live game with no legal action and no deadline")
        steps += 1
    return PlayoutStats(state, decisions, steps, t)
