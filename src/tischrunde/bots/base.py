"""Bots see only their seat's view and legal actions (and the events their seat may see, handed on by the
driver after every action: ``Bot.observe``), and carry their own seeded PRNG."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any

import msgspec

from tischrunde.bots.pace import DEFAULT_LEVEL, Pace, Reaction, check_level, pace
from tischrunde.core import rng
from tischrunde.core.game import Action, Event


class Decision(msgspec.Struct, frozen=True):
    """What a bot wants to do and how long after ``now`` it acts (its reaction time)."""

    action: Action
    delay_ms: int = 0


class Bot(ABC):
    """A seat's player. ``decide`` is called when the seat may act; None means "wait".

    ``level`` (easy, normal, hard) selects the bot's :class:`~tischrunde.bots.pace.Pace`: its reaction
    times, drawn from its own PRNG by ``sample`` and ``react``.
    """

    name: str = "bot"

    def __init__(self, seat: int, seed: int, *, level: str = DEFAULT_LEVEL) -> None:
        self.seat = seat
        self.rng = rng.seed_state(seed * 1_000_003 + seat)
        self.level = check_level(level)
        self.pace: Pace = pace(level)

    def sample(self, reaction: Reaction) -> int:
        """A reaction time (ms) from the bot's own PRNG."""
        return reaction.sample(self)

    def react(self, reaction: Reaction) -> int | None:
        """A reaction time, or None when the bot misses the moment (the reaction's ``miss``)."""
        return reaction.react(self)

    def random(self) -> float:
        value, self.rng = rng.uniform(self.rng)
        return value

    def randbelow(self, n: int) -> int:
        value, self.rng = rng.randbelow(self.rng, n)
        return value

    @abstractmethod
    def decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        """Pick an action from ``legal`` (or wait). Must not look at anything but its arguments (and the
        events it was given by ``observe``)."""

    def observe(self, events: list[Event]) -> None:  # noqa: B027 - an optional hook, empty by default
        """The events of one applied action that this bot's seat may see (``seen_by``), in order: the
        driver hands them on after every action, whoever acted. A bot that learns from what happens
        overrides this; the default ignores them."""


def seen_by(events: Iterable[Event], seat: int) -> list[Event]:
    """The events ``seat`` may see: the public ones and those ``visible_to`` names it."""
    return [e for e in events if e.visible_to is None or seat in e.visible_to]


class RandomBot(Bot):
    """Plays a uniformly random legal action after a short random delay.

    Without a level the delay is uniform from ``min_delay_ms`` to ``max_delay_ms``; with one
    (``random:hard``) it is the level's ``think`` time.
    """

    name = "random"

    def __init__(
        self,
        seat: int,
        seed: int,
        *,
        min_delay_ms: int = 100,
        max_delay_ms: int = 1500,
        level: str | None = None,
    ) -> None:
        super().__init__(seat, seed, level=level or DEFAULT_LEVEL)
        self.paced = level is not None
        self.min_delay_ms = min_delay_ms
        self.max_delay_ms = max_delay_ms

    def decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        if not legal:
            return None
        action = legal[self.randbelow(len(legal))]
        if self.paced:
            return Decision(action, self.sample(self.pace.think))
        delay = self.min_delay_ms + self.randbelow(self.max_delay_ms - self.min_delay_ms + 1)
        return Decision(action, delay)
