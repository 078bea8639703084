"""Wordland's fast paths (``Wordland.speed``) agree with the plain methods on every step of random games,
the round pause included: ``due_at`` is the deadline's time, ``step_info`` is None exactly when the game is
over and else the deadline's time with the sorted active seats, and every transition stamps ``last_t``."""

from __future__ import annotations

import random

import pytest

from tischrunde.core.game import Config, Timeout
from tischrunde.games.wordland import GAME, State

CONFIGS = [
    *GAME.example_configs(),
    Config(game="wordland", players=4, seed=21, options={"wrong_word": "retry"}),
    Config(game="wordland", players=5, seed=22, options={"round_pause_ms": 0}),
]


def _plain_step_info(state: State) -> tuple[int | None, tuple[int, ...]] | None:
    if GAME.outcome(state) is not None:
        return None
    deadline = GAME.deadline(state)
    return (None if deadline is None else deadline.t), tuple(sorted(GAME.active_seats(state)))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{sorted(c.options.items())}")
def test_the_fast_paths_agree_with_the_plain_methods_along_random_games(config: Config) -> None:
    speed = GAME.speed
    assert speed is not None and speed.stamps_time and speed.due_at and speed.step_info
    rand = random.Random(config.seed)
    state = GAME.new(config)
    t = 0
    phases = set()
    for _ in range(5_000):
        plain = _plain_step_info(state)
        assert speed.step_info(state) == plain
        deadline = GAME.deadline(state)
        assert speed.due_at(state) == (None if deadline is None else deadline.t)
        if plain is None:
            break
        phases.add(state.phase)
        due, seats = plain
        t += rand.randrange(0, 600)
        movers = [s for s in seats if GAME.legal_actions(state, s)]
        if due is not None and (t >= due or not movers):
            t = max(t, due)
            seat, action = None, Timeout()
        else:
            seat = rand.choice(movers)
            action = rand.choice(GAME.legal_actions(state, seat))
        if state.phase == "round_over":
            state, _ = GAME.apply(state, seat, action, t)  # the core's pause
        else:
            state, _ = GAME.transition(state, seat, action, t)
        assert state.last_t == t  # the transition stamped its time (Speed.stamps_time)
    assert state.phase == "over"
    pause = config.options.get("round_pause_ms", 6000) and state.options.rounds > 1
    assert phases >= {"choose", "play"} | ({"round_over"} if pause else set())
