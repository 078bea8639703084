"""Fast random playouts (uniform active seat, then uniform legal action) for tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec

from tischrunde.core import registry
from tischrunde.core.game import ROUND_OVER, Action, Config, Event, Game, Timeout


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
    seeded, so a playout is reproducible, and apart from both the global RNG and the game's own PRNG
    (which lives in the game state).
    """
    game = registry.get(config.game)
    state = game.new(config)
    limit = max_decisions if max_decisions is not None else game.spec.max_decisions
    # everything the loop touches is a local: it runs once per step
    rand = random.Random(seed).random
    to_int = int
    # one call per step tells whether the game is over, the deadline and the sorted active seats
    speed = game.speed
    step_info = speed.step_info if speed is not None and speed.step_info is not None else game.step_info
    legal_actions = game.legal_actions
    apply = _applier(game)
    apply_timeout = _timeout_applier(game, apply)
    timeout = Timeout()
    t = 0
    steps = 0
    timeouts = 0
    while (info := step_info(state)) is not None:
        if steps >= limit:
            raise RuntimeError(f"{config.game}: random playout did not end within {limit} decisions")
        steps += 1
        t += to_int(rand() * 500)
        due, seats = info
        if due is not None and t >= due:
            state = apply_timeout(state, None, timeout, t)[0]
            timeouts += 1
            continue
        if seats:
            seat = seats[to_int(rand() * len(seats))]
            legal = legal_actions(state, seat)
            if legal:
                state = apply(state, seat, legal[to_int(rand() * len(legal))], t)[0]
                continue
            # rare: that seat has nothing to do; draw again among the other active seats
            seat, legal = _other_seat(state, seats, seat, rand, legal_actions)
            if legal:
                state = apply(state, seat, legal[to_int(rand() * len(legal))], t)[0]
                continue
        if due is None:
            raise RuntimeError(f"{config.game}: live game with no legal action and no deadline")
        t = max(t, due)
        state = apply_timeout(state, None, timeout, t)[0]
        timeouts += 1
    return PlayoutStats(state, steps - timeouts, steps, t)


def _applier(game: Game[Any]) -> Callable[[Any, int | None, Action, int], tuple[Any, list[Event]]]:
    """``game.apply`` for this driver, as cheap as the contract allows.

    The loop above keeps every rule that ``Game.apply`` checks by construction: its time never runs
    backwards, it sends a Timeout exactly when one is due (``t >= due``) and a seat's action only before the
    deadline. So for a game that keeps ``Game.apply`` as it is, the driver may call the game's
    ``transition`` itself, skipping the checks (and the ``due_at`` call) that cannot fail here, and stamp
    ``last_t`` as ``Game.apply`` would (nothing to do for a game whose transition stamps it itself,
    ``Speed.stamps_time``). The round pause is the core's: nobody acts in phase ``round_over``, so only a
    Timeout reaches it, and ``_timeout_applier`` sends that one through ``Game.apply``. A game with its own
    ``apply`` gets it called as ever.
    """
    full = game.apply
    if type(game).apply is not Game.apply:
        return full
    transition = game.transition
    speed = game.speed
    stamps = speed is not None and speed.stamps_time
    replace = msgspec.structs.replace
    if stamps:
        return transition

    def apply(state: Any, seat: int | None, action: Action, t: int) -> tuple[Any, list[Event]]:
        new, events = transition(state, seat, action, t)
        if new.last_t != t:
            new = replace(new, last_t=t)
        return new, events

    return apply


def _timeout_applier(
    game: Game[Any], apply: Callable[[Any, int | None, Action, int], tuple[Any, list[Event]]]
) -> Callable[[Any, int | None, Action, int], tuple[Any, list[Event]]]:
    """What applies the loop's Timeouts: ``apply``, except in the round pause of a game with rounds, which
    is the core's (``Game.apply``; nobody acts in it, so only a Timeout ends it there)."""
    if not game.rounds:
        return apply
    full = game.apply

    def apply_timeout(state: Any, seat: int | None, action: Action, t: int) -> tuple[Any, list[Event]]:
        return (full if state.phase == ROUND_OVER else apply)(state, seat, action, t)

    return apply_timeout


def _other_seat(
    state: Any,
    seats: tuple[int, ...],
    tried: int,
    rand: Callable[[], float],
    legal_actions: Callable[[Any, int], list[Action]],
) -> tuple[int, list[Action]]:
    """A uniformly drawn seat among ``seats`` other than ``tried`` that has a legal action, or (-1, [])."""
    rest = [s for s in seats if s != tried]
    while rest:
        seat = rest.pop(int(rand() * len(rest)))
        legal = legal_actions(state, seat)
        if legal:
            return seat, legal
    return -1, []
