"""The ``Stella`` game on the core: its fast paths (``Speed``) agree with the plain methods, and the round
end is the core's (pause, the scout's NextRound, the last round)."""

from __future__ import annotations

import msgspec
import pytest
from stella_stacked import act, config, quick_round

from tischrunde.bots import RandomBot
from tischrunde.bots.driver import play_game
from tischrunde.core.errors import GameError
from tischrunde.core.game import Deadline, Game, NextRound, Timeout
from tischrunde.core.playout import random_playout
from tischrunde.core.records import states
from tischrunde.games.stella import GAME, ChooseWord, Mark, State


def refused(state: State, seat: int | None, action: object, t: int) -> str:
    with pytest.raises(GameError) as info:
        GAME.apply(state, seat, action, t)  # type: ignore[arg-type]
    return info.value.code


@pytest.mark.parametrize("config_index", range(len(GAME.example_configs())))
def test_the_fast_paths_agree_with_the_plain_methods_along_games(config_index: int) -> None:
    speed = GAME.speed
    assert (
        speed is not None and speed.due_at is not None and speed.step_info is not None and speed.stamps_time
    )
    base = GAME.example_configs()[config_index]
    checked = 0
    for seed in range(3):
        game_config = msgspec.structs.replace(base, seed=seed)
        result = play_game(game_config, [RandomBot(s, seed) for s in range(game_config.players)])
        for state, _ in states(result.record):
            deadline = Game.deadline(GAME, state)
            assert speed.due_at(state) == (None if deadline is None else deadline.t)
            info = speed.step_info(state)
            if GAME.outcome(state) is not None:
                assert info is None
            else:
                assert info == (Game.due_at(GAME, state), tuple(sorted(GAME.active_seats(state))))
            if state.phase != "round_over":  # the pause is the core's: the transition never sees it
                for seat in sorted(GAME.active_seats(state)):
                    for action in GAME.legal_actions(state, seat)[:2]:
                        t = state.last_t + 1
                        if deadline is not None and t >= deadline.t:
                            continue
                        assert GAME.transition(state, seat, action, t)[0].last_t == t
                        checked += 1
    assert checked > 0


def test_a_random_playout_ends_as_the_same_loop_through_apply() -> None:
    for seed in range(4):
        stats = random_playout(GAME.example_configs()[seed], seed)
        assert stats.state.phase == "over" and len(stats.state.history) == stats.state.rounds


def test_the_round_pause_is_the_cores_and_the_scout_ends_it() -> None:
    state = quick_round(GAME.new(config(round_pause_ms=6000)))
    assert state.phase == "round_over" and state.round_until == 1000 + 6000
    assert GAME.deadline(state) == Deadline(7000, "round_pause", 0)
    view = GAME.view(state, 1)
    assert view["round_until"] == 7000 and view["deadline"] == 7000 and view["last_round"]["round"] == 1
    assert GAME.active_seats(state) == frozenset()
    assert refused(state, 1, NextRound(), 2000) == "not_start_player"
    assert refused(state, 0, ChooseWord(0), 2000) == "round_over"
    assert refused(state, None, Timeout(), 6999) == "too_early"
    assert refused(state, 0, NextRound(), 7000) == "deadline_passed"
    for nxt in (act(state, 0, NextRound(), 2000), act(state, None, Timeout(), 7000)):
        assert nxt.phase == "word" and nxt.round == 1 and nxt.scout == 1 and nxt.word_index is None
    assert refused(act(state, 0, NextRound(), 2000), 1, NextRound(), 3000) == "not_round_over"


def test_without_a_pause_the_next_round_starts_at_once_and_the_last_round_ends_the_game() -> None:
    state = GAME.new(config(rounds=2))
    state = quick_round(state)
    assert state.phase == "word" and state.round == 1 and len(state.history) == 1
    state = quick_round(state)
    assert state.phase == "over" and len(state.history) == 2
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1, 2, 3]
    assert refused(state, 0, Mark([1]), 2000) == "game_over"
