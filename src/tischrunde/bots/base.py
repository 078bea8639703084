"""Bots see only their seat's view and legal actions, and carry their own seeded PRNG."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import msgspec

from tischrunde.core import rng
from tischrunde.core.game import Action


class Decision(msgspec.Struct, frozen=True):
    """What a bot wants to do and how long after ``now`` it acts (its reaction time)."""

    action: Action
    delay_ms: int = 0


class Bot(ABC):
    """A seat's player. ``decide`` is called when the seat may act; None means "wait"."""

    name: str = "bot"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = rng.seed_state(seed * 1_000_003 + seat)

    def random(self) -> float:
        value, self.rng = rng.uniform(self.rng)
        return value

    def randbelow(self, n: int) -> int:
        value, self.rng = rng.randbelow(self.rng, n)
        return value

    @abstractmethod
    def decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        """Pick an action from ``legal`` (or wait). Must not look at anything but its arguments."""


class RandomBot(Bot):
    """Plays a uniformly random legal action after a short random delay."""

    name = "random"

    def __init__(self, seat: int, seed: int, *, min_delay_ms: int = 100, max_delay_ms: int = 1500) -> None:
        super().__init__(seat, seed)
        self.min_delay_ms = min_delay_ms
        self.max_delay_ms = max_delay_ms

    def decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        if not legal:
            return None
        action = legal[self.randbelow(len(legal))]
        delay = self.min_delay_ms + self.randbelow(self.max_delay_ms - self.min_delay_ms + 1)
        return Decision(action, delay)
