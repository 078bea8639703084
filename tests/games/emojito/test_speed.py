"""Emojito's fast paths (``Emojito.speed``) agree with the plain methods on every step of a few playouts."""

from __future__ import annotations

import random

import pytest

from tischrunde.core.game import Action, Config, NextRound, Timeout
from tischrunde.core.playout import random_playout
from tischrunde.games.emojito import GAME, SkipDial, SkipPerformance, State

CONFIGS = [
    *GAME.example_configs(),
    Config(
        game="emojito", players=5, seed=21, options={"mode": "each", "dial_timeout_s": 2, "each_target": 2}
    ),
    Config(game="emojito", players=6, seed=22, options={"mode": "teams", "perform_timeout_s": 1}),
    Config(game="emojito", players=3, seed=23, options={"secret_message": True, "round_pause_ms": 0}),
]


def check_fast_paths(state: State) -> None:
    speed = GAME.speed
    assert speed is not None and speed.due_at is not None and speed.step_info is not None
    deadline = GAME.deadline(state)
    due = deadline.t if deadline is not None else None
    assert speed.due_at(state) == due
    expected = None if GAME.outcome(state) is not None else (due, tuple(sorted(GAME.active_seats(state))))
    assert speed.step_info(state) == expected


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.seed}")
def test_due_at_and_step_info_agree_with_deadline_outcome_and_active_seats(config: Config) -> None:
    """Played through ``Game.apply`` with deadlines, stand-ins' skips and early next rounds, so every phase
    (round_over and over too) is checked; every transition stamps ``last_t`` itself (``stamps_time``)."""
    pick = random.Random(config.seed)
    state = GAME.new(config)
    t = 0
    phases = set()
    for _ in range(5000):
        check_fast_paths(state)
        phases.add(state.phase)
        if GAME.outcome(state) is not None:
            break
        deadline = GAME.deadline(state)
        t += pick.randrange(0, 1500)
        seats = sorted(GAME.active_seats(state))
        seat: int | None
        action: Action
        if deadline is not None and t >= deadline.t:
            seat, action = None, Timeout()
        elif state.phase == "round_over":
            seat, action = state.performers[-1], NextRound()
        elif seats:
            seat = pick.choice(seats)
            action = pick.choice(GAME.legal_actions(state, seat))
            if pick.random() < 0.05 and state.phase in ("perform", "dial"):  # a stand-in skips
                action = SkipPerformance() if state.phase == "perform" else SkipDial()
        else:
            assert deadline is not None
            t = max(t, deadline.t)
            seat, action = None, Timeout()
        if state.phase != "round_over":  # the core's round pause stamps it itself
            assert GAME.transition(state, seat, action, t)[0].last_t == t
        state, _ = GAME.apply(state, seat, action, t)
    assert GAME.outcome(state) is not None
    assert {"perform", "dial", "over"} <= phases


def test_random_playouts_end_and_agree_with_the_plain_step_info() -> None:
    for seed in range(10):
        stats = random_playout(Config(game="emojito", players=4, seed=seed), seed)
        check_fast_paths(stats.state)
        assert GAME.outcome(stats.state) is not None and stats.decisions > 0
