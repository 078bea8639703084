"""PettingZoo environments, one per game (optional: ``pip install -e '.[rl]'``).

One AEC environment per game: ``mogelmotte_v0``, ``emojito_v0``, ``stella_v0`` and ``wordland_v0``, each
with ``env(players=4, options={...}, reaction_ms=1000)`` (and ``raw_env`` without PettingZoo's checks).
Time, observations, actions and rewards are described in ``tischrunde.envs.aec``. Random agents,
training nothing (``tests/envs`` runs these lines)::

    from tischrunde.envs import mogelmotte_v0

    env = mogelmotte_v0.env(players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)
        if terminated:
            print(agent, "won" if reward > 0 else "lost", info["scores"])
"""

from __future__ import annotations

try:
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - depends on the install
    raise ModuleNotFoundError(
        "tischrunde.envs needs the optional rl extra: pip install -e '.[rl]'", name=exc.name
    ) from exc

from tischrunde.envs import emojito_v0, mogelmotte_v0, stella_v0, wordland_v0

__all__ = ["emojito_v0", "mogelmotte_v0", "stella_v0", "wordland_v0"]
