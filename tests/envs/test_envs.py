"""The PettingZoo environments (optional `rl` extra): PettingZoo's own API and seed tests for every game,
observations made of the seat's own view only, and whole games played by random agents."""

from __future__ import annotations

import importlib
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from pettingzoo.test import api_test, seed_test

from tischrunde.core.errors import ConfigError
from tischrunde.envs.aec import _FIXED, OBS_SIZE, TischrundeEnv, encode

GAMES = ["mogelmotte", "emojito", "stella", "wordland"]

#: PettingZoo's api_test whitelists its own dict-observation environments by name; for any other
#: environment with the recommended {"observation", "action_mask"} dict it warns about these two.
DICT_OBSERVATION_NOTES = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


def _module(game: str) -> Any:
    return importlib.import_module(f"tischrunde.envs.{game}_v0")


@pytest.mark.parametrize("game", GAMES)
def test_api_and_seed_tests_pass(game: str) -> None:
    module = _module(game)
    with warnings.catch_warnings():
        for note in DICT_OBSERVATION_NOTES:
            warnings.filterwarnings("ignore", message=note)
        api_test(module.env(players=4), num_cycles=1000)
        seed_test(lambda: module.env(players=4), num_cycles=500)


@pytest.mark.parametrize("game", GAMES)
def test_random_agents_play_a_whole_game(game: str) -> None:
    env = _module(game).env(players=4)
    env.reset(seed=3)
    space = env.action_space("player_0")
    space.seed(3)
    final: dict[str, tuple[float, dict[str, Any]]] = {}
    for agent in env.agent_iter(max_iter=50_000):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            final[agent] = (reward, info)
            env.step(None)
            continue
        assert obs["action_mask"].any() and info["legal_actions"]
        assert obs["action_mask"][: len(info["legal_actions"])].all()
        env.step(env.action_space(agent).sample(obs["action_mask"]))
    assert set(final) == {f"player_{s}" for s in range(4)}, "every seat is told the end"
    winners = final["player_0"][1]["winners"]
    for seat in range(4):
        reward, info = final[f"player_{seat}"]
        assert reward == (1.0 if seat in winners else -1.0)
        assert info["winners"] == winners
    assert not env.agents


def test_the_observation_is_the_seats_own_view_and_nothing_more() -> None:
    env = TischrundeEnv("mogelmotte", 4, max_actions=64)
    env.reset(seed=5)
    for _ in range(40):
        agent = env.agent_selection
        seat = env.possible_agents.index(agent)
        obs = env.observe(agent)
        expected = encode(env.game.view(env.state, seat), OBS_SIZE, _FIXED)
        np.testing.assert_array_equal(obs["observation"][_FIXED:], expected[_FIXED:])
        other = env.observe(env.possible_agents[(seat + 1) % 4])
        assert not np.array_equal(other["observation"][_FIXED:], obs["observation"][_FIXED:]), "hands differ"
        assert other["action_mask"][:-1].sum() == 0, "only the seat to move has legal actions"
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_the_documented_random_agents_run(capsys: pytest.CaptureFixture[str]) -> None:
    import tischrunde.envs

    doc = tischrunde.envs.__doc__ or ""
    code = "\n".join(
        line[4:] for line in doc.split("::", 1)[1].splitlines() if line.startswith("    ") or not line
    )
    assert code.count("\n") >= 9
    exec(compile(code, "tischrunde.envs docstring", "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and sum("won" in line for line in lines) >= 1


def test_bad_input_is_refused_with_the_field_named() -> None:
    with pytest.raises(ConfigError, match=r"options\.hand_size"):
        TischrundeEnv("mogelmotte", 4, options={"hand_size": 99})
    with pytest.raises(ConfigError, match="players"):
        TischrundeEnv("mogelmotte", 9)
    env = TischrundeEnv("mogelmotte", 4, max_actions=64)
    env.reset(seed=1)
    legal = int(env.observe(env.agent_selection)["action_mask"][:-1].sum())
    with pytest.raises(ValueError, match=f"{legal} legal actions"):
        env.step(63)


def test_same_seed_same_game_other_seed_other_deal() -> None:
    a, b, c = (TischrundeEnv("stella", 4, max_actions=64) for _ in range(3))
    a.reset(seed=11)
    b.reset(seed=11)
    c.reset(seed=12)
    obs = [e.observe("player_0")["observation"] for e in (a, b, c)]
    np.testing.assert_array_equal(obs[0], obs[1])
    assert not np.array_equal(obs[0], obs[2])
