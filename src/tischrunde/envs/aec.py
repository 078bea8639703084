"""One PettingZoo AEC environment for any tischrunde game (needs the optional ``rl`` extra).

Agents are ``player_0`` .. ``player_{n-1}``, one per seat. Time runs as in ``bots/driver.py``: every
active seat with legal actions is asked in turn (lowest seat first) and either picks one of its legal
actions, which happens ``reaction_ms`` after the moment it was asked (the bots' reaction time, so races
and cheats are decided by who chose first and by the game's deadlines), or waits (the last action
index) until the state changes. Once every active seat has decided, the earliest pending action or
the game's deadline (a ``Timeout``) happens, and the seats are asked again. A pending action that is
no longer legal after another seat's action is dropped and its seat asked again.

Observation of an agent (a ``Dict`` space):

- ``observation``: the seat's own view, exactly what the server sends that seat, as a fixed-length
  float vector: a few fixed features (time to the deadline, number of legal actions, the seat) and the
  view's leaves hashed into buckets (numbers log-scaled at their path, strings and booleans as
  path=value indicators, list elements both at their position and as a bag);
- ``action_mask``: int8 over the fixed action space ``Discrete(max_actions + 1)``: index i < n is the
  seat's i-th legal action, index ``max_actions`` is "wait" (allowed while a deadline or another seat
  can still move the game on);
- ``actions``: the legal actions themselves, one hashed row per action index (its JSON form).

``infos[agent]["legal_actions"]`` holds the JSON form of the legal actions of the agent to move. The
reward is +1 for every winner and -1 for every other seat when the game ends; the final ``infos`` hold
the outcome. Games with more legal actions than ``max_actions`` offer the first ``max_actions``.
"""

from __future__ import annotations

import functools
import json
import math
import zlib
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tischrunde.core import registry
from tischrunde.core.errors import GameError
from tischrunde.core.game import Action, Config, Timeout, encode_action

#: length of the observation vector and of one action's row
OBS_SIZE = 512
ACTION_FEATURES = 32
#: fixed features before the hashed ones
_FIXED = 4
#: every feature is clipped to this bound
LIMIT = 100.0


def _squash(x: float) -> float:
    return math.copysign(math.log1p(abs(x)), x)


@functools.lru_cache(maxsize=1 << 16)
def _bucket(key: str, size: int, offset: int = 0) -> int:
    return offset + zlib.crc32(key.encode()) % (size - offset)


def _leaves(value: Any, path: str, out: list[tuple[str, float]], positional: bool = True) -> None:
    """(key, value) features of a JSON value. The elements of a list count as a bag (``path/*``); the
    first 16 of a list that is not itself inside a list also at their position."""
    kind = type(value)
    if kind is int or kind is float:
        out.append((path, math.copysign(math.log1p(abs(value)), value)))
    elif kind is str or kind is bool:
        out.append((f"{path}={value}", 1.0))
    elif kind is dict:
        for key, item in value.items():
            _leaves(item, f"{path}/{key}", out, positional)
    elif kind is list or kind is tuple:
        out.append((f"{path}#len", math.log1p(len(value))))
        bag = f"{path}/*"
        for index, item in enumerate(value):
            _leaves(item, bag, out, False)
            if positional and index < 16:
                _leaves(item, f"{path}/{index}", out, False)


def _features(value: Any, size: int, offset: int, base: int, idx: list[int], weights: list[float]) -> None:
    leaves: list[tuple[str, float]] = []
    _leaves(value, "", leaves)
    for key, x in leaves:
        idx.append(base + _bucket(key, size, offset))
        weights.append(x)


def encode(value: Any, size: int, offset: int = 0) -> np.ndarray[Any, Any]:
    """A JSON value hashed into a float32 vector of ``size`` (hashed features from ``offset`` on)."""
    idx: list[int] = []
    weights: list[float] = []
    _features(value, size, offset, 0, idx, weights)
    vector = np.bincount(idx, weights, minlength=size).astype(np.float32)
    return np.clip(vector, -LIMIT, LIMIT, out=vector)


def encode_rows(values: list[Any], rows: int, size: int) -> np.ndarray[Any, Any]:
    """One hashed row of ``size`` per value, ``rows`` rows (zeros below the last value)."""
    idx: list[int] = []
    weights: list[float] = []
    for row, value in enumerate(values[:rows]):
        _features(value, size, 0, row * size, idx, weights)
    flat = np.bincount(idx, weights, minlength=rows * size).astype(np.float32)
    return np.clip(flat, -LIMIT, LIMIT, out=flat).reshape(rows, size)


class TischrundeEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game; see the module docstring for time, observation and reward."""

    def __init__(
        self,
        game: str,
        players: int,
        *,
        options: dict[str, Any] | None = None,
        language: str = "de",
        max_actions: int = 64,
        reaction_ms: int = 1000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = registry.get(game)
        self.players = players
        self.options = dict(options or {})
        self.language = language
        self.max_actions = max_actions
        self.reaction_ms = reaction_ms
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {
            "render_modes": ["ansi"],
            "is_parallelizable": False,
            "name": f"{game}_v0",
        }
        # fail early on a bad player count or option, with the game's own message
        self.game.new(self._config(0))
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        bound = np.float32(LIMIT)
        space = spaces.Dict(
            {
                "observation": spaces.Box(-bound, bound, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (max_actions + 1,), np.int8),
                "actions": spaces.Box(-bound, bound, (max_actions, ACTION_FEATURES), np.float32),
            }
        )
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(max_actions + 1) for agent in self.possible_agents}
        self._np_random, _ = gymnasium.utils.seeding.np_random(None)
        self._reset_game(int(self._np_random.integers(2**31)))

    # -- the PettingZoo API ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes the deal. The rule options are the environment's own (``options``
        here is accepted and ignored, as PettingZoo passes it)."""
        if seed is not None:
            self._np_random, _ = gymnasium.utils.seeding.np_random(seed)
        self._reset_game(int(self._np_random.integers(2**31)))

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self.possible_agents.index(agent)
        view = self.game.view(self.state, seat)
        vector = encode(view, OBS_SIZE, _FIXED)
        deadline = self._deadline()
        legal = self._legal(seat) if agent == self.agent_selection and not self._over else []
        vector[0] = _squash(deadline - self.now) if deadline is not None else -1.0
        vector[1] = len(legal)
        vector[2] = seat
        vector[3] = 1.0 if seat in self.pending else 0.0
        mask = np.zeros(self.max_actions + 1, dtype=np.int8)
        mask[: len(legal)] = 1
        if not legal or self._may_wait(seat):
            mask[self.max_actions] = 1
        actions = encode_rows([encode_action(a) for a in legal], self.max_actions, ACTION_FEATURES)
        return {"observation": vector, "action_mask": mask, "actions": actions}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and must pick an action index, not None")
        index = int(action)
        seat = self.possible_agents.index(agent)
        legal = self._legal(seat)
        self._cumulative_rewards[agent] = 0
        if index == self.max_actions and self._may_wait(seat):
            self.pending.pop(seat, None)
        elif 0 <= index < len(legal):
            self.pending[seat] = (self.now + self.reaction_ms, legal[index])
        else:
            raise ValueError(
                f"action {index} is not allowed for {agent}: it has {len(legal)} legal actions (0..{len(legal) - 1})"
                + (f", or {self.max_actions} to wait" if self._may_wait(seat) else "")
            )
        self.asked.add(seat)
        self._clear_rewards()
        self._advance()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the table's public view (what a spectator sees) as JSON text."""
        if self.render_mode != "ansi":
            return None
        return json.dumps(self.game.view(self.state, None), ensure_ascii=False, sort_keys=True)

    def close(self) -> None:
        """Nothing to release."""

    # -- time and turns -------------------------------------------------------------------------

    def _config(self, seed: int) -> Config:
        return Config(
            game=self.game.spec.name,
            players=self.players,
            seed=seed,
            options=self.options,
            language=self.language,  # type: ignore[arg-type]
        )

    def _reset_game(self, seed: int) -> None:
        self.seed_used = seed
        self.state = self.game.new(self._config(seed))
        self.now = 0
        self.decisions = 0
        self.pending: dict[int, tuple[int, Action]] = {}
        self.asked: set[int] = set()
        self._legal_cache: dict[int, list[Action]] = {}
        self._over = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()

    def _deadline(self) -> int | None:
        """When the driver must inject Timeout (ms), if ever (the game's deadline, or its ``t``)."""
        deadline: Any = self.game.deadline(self.state)
        return None if deadline is None else int(getattr(deadline, "t", deadline))

    def _legal(self, seat: int) -> list[Action]:
        if seat not in self._legal_cache:
            self._legal_cache[seat] = self.game.legal_actions(self.state, seat)[: self.max_actions]
        return self._legal_cache[seat]

    def _unasked(self) -> list[int]:
        active = self.game.active_seats(self.state)
        return [s for s in sorted(active) if s not in self.asked and self._legal(s)]

    def _may_wait(self, seat: int) -> bool:
        """Waiting is allowed while something else can still move the game on."""
        if self._deadline() is not None:
            return True
        if any(s != seat for s in self.pending):
            return True
        return any(s != seat for s in self._unasked())

    def _advance(self) -> None:
        """Play pending actions and deadlines until a seat must decide or the game is over."""
        limit = self.game.spec.max_decisions
        while True:
            outcome = self.game.outcome(self.state)
            if outcome is not None:
                self._finish(outcome)
                return
            if self.decisions >= limit:
                self._truncate(f"no end after {limit} decisions")
                return
            active = self.game.active_seats(self.state)
            for seat in [s for s in self.pending if s not in active]:
                del self.pending[seat]
            unasked = self._unasked()
            if unasked:
                self.agent_selection = self.possible_agents[unasked[0]]
                for agent in self.agents:
                    self.infos[agent] = {}
                legal = self._legal(unasked[0])
                self.infos[self.agent_selection] = {"legal_actions": [encode_action(a) for a in legal]}
                return
            deadline = self._deadline()
            best: tuple[int, int] | None = None
            for seat, (due, _) in sorted(self.pending.items()):
                if best is None or due < best[0]:
                    best = (due, seat)
            seat_acting: int | None
            action: Action
            if deadline is not None and (best is None or deadline <= best[0]):
                self.now = max(self.now, deadline)
                seat_acting, action = None, Timeout()
            elif best is not None:
                self.now = max(self.now, best[0])
                seat_acting, action = best[1], self.pending.pop(best[1])[1]
            else:
                self._truncate("nobody can act and no deadline is pending")
                return
            try:
                self.state, _ = self.game.apply(self.state, seat_acting, action, self.now)
            except GameError as exc:
                if seat_acting is None:
                    self._truncate(f"the game refused its own deadline: {exc.message}")
                    return
                self.asked.discard(seat_acting)
                continue
            self.decisions += 1
            self._legal_cache = {}
            for seat in list(self.pending):
                if self.pending[seat][1] not in self._legal(seat):
                    del self.pending[seat]
            self.asked = set(self.pending)

    def _finish(self, outcome: Any) -> None:
        self._over = True
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = 1.0 if seat in outcome.winners else -1.0
            self.terminations[agent] = True
            self.infos[agent] = {
                "scores": list(outcome.scores),
                "ranks": list(outcome.ranks),
                "winners": list(outcome.winners),
            }

    def _truncate(self, why: str) -> None:
        self._over = True
        for agent in self.possible_agents:
            self.truncations[agent] = True
            self.infos[agent] = {"truncated": why}


def make_env(game: str, players: int, **kwargs: Any) -> Any:
    """The wrapped environment (PettingZoo's order and bounds checks around :class:`TischrundeEnv`)."""
    env: Any = TischrundeEnv(game, players, **kwargs)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
