"""Fast random playouts (uniform active seat, then uniform legal action) for tests and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from tischrunde.core import registry
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

    The driver's own choices (time steps, seats, actions) come from a local ``random.Random(seed)``:
    it is seeded, so a playout is reproducible, and never touches the global RNG or the game's own
    PRNG (which lives in the game state).
    """
    game = registry.get(config.game)
    state = game.new(config)
    limit = max_decisions if max_decisions is not None else game.spec.max_decisions
    # bound methods in locals: this loop runs once per decision
    rand = random.Random(seed).random
    outcome = game.outcome
    deadline = game.deadline
    active_seats = game.active_seats
    legal_actions = game.legal_actions
    apply = game.apply
    timeout = Timeout()
    # active seat sets repeat all the time; sort each distinct one once
    orders: dict[frozenset[int], tuple[int, ...]] = {}
    t = 0
    decisions = 0
    steps = 0
    while outcome(state) is None:
        if steps >= limit:
            raise RuntimeError(f"{config.game}: random playout did not end within {limit} decisions")
        t += int(rand() * 500)
        due = deadline(state)
        if due is not None and t >= due:
            state = apply(state, None, timeout, t)[0]
            steps += 1
            continue
        active = active_seats(state)
        seats = orders.get(active)
        if seats is None:
            seats = orders[active] = tuple(sorted(active))
        legal: list[Action] = []
        if seats:
            seat = seats[int(rand() * len(seats))]
            legal = legal_actions(state, seat)
            if not legal:
                # rare: draw again among the other active seats until one can act
                rest = [s for s in seats if s != seat]
                while rest:
                    seat = rest.pop(int(rand() * len(rest)))
                    legal = legal_actions(state, seat)
                    if legal:
                        break
        if legal:
            state = apply(state, seat, legal[int(rand() * len(legal))], t)[0]
            decisions += 1
        elif due is not None:
            t = max(t, due)
            state = apply(state, None, timeout, t)[0]
        else:
            raise RuntimeError(f"{config.game}: live game with no legal action and no deadline")
        steps += 1
    return PlayoutStats(state, decisions, steps, t)
