"""Fast random playouts (uniform active seat, then uniform legal action) for tests and benchmarks."""

from __future__ import annotations

from typing import Any

from tischrunde.core import registry, rng
from tischrunde.core.game import Action, Config, Timeout


class PlayoutStats:
    __slots__ = ("decisions", "state", "time_ms")

    def __init__(self, state: Any, decisions: int, time_ms: int) -> None:
        self.state = state
        self.decisions = decisions
        self.time_ms = time_ms


def random_playout(config: Config, seed: int, *, max_decisions: int | None = None) -> PlayoutStats:
    """Play random legal moves until the game ends. Time advances 0-499 ms per decision."""
    game = registry.get(config.game)
    state = game.new(config)
    limit = max_decisions if max_decisions is not None else game.spec.max_decisions
    r = rng.seed_state(seed)
    t = 0
    decisions = 0
    while game.outcome(state) is None:
        if decisions >= limit:
            raise RuntimeError(f"{config.game}: random playout did not end within {limit} decisions")
        step, r = rng.randbelow(r, 500)
        t += step
        deadline = game.deadline(state)
        seats = sorted(game.active_seats(state))
        moves: list[tuple[int, list[Action]]] = []
        for seat in seats:
            legal = game.legal_actions(state, seat)
            if legal:
                moves.append((seat, legal))
        if deadline is not None and (t >= deadline or not moves):
            t = max(t, deadline)
            state, _ = game.apply(state, None, Timeout(), t)
        elif moves:
            i, r = rng.randbelow(r, len(moves))
            seat, legal = moves[i]
            j, r = rng.randbelow(r, len(legal))
            state, _ = game.apply(state, seat, legal[j], t)
        else:
            raise RuntimeError(f"{config.game}: live game with no legal action and no deadline")
        decisions += 1
    return PlayoutStats(state, decisions, t)
