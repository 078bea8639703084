"""PettingZoo environments, one per game (optional: ``pip install -e '.[rl]'``).

    from tischrunde.envs import mogelmotte_v0
    env = mogelmotte_v0.env(players=4)

Likewise ``emojito_v0``, ``stella_v0`` and ``wordland_v0``. Time, observations, actions and rewards
are described in ``tischrunde.envs.aec``.
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
