"""How fast and how often bots act like people: difficulty levels and reaction-time distributions.

A seat's bot is named ``kind[:level]`` (``heuristic:easy``, ``random``, ``word:hard``); the level is
``easy``, ``normal`` (the default) or ``hard``. :func:`parse_bot` is the one parser of that string (the
CLI's ``--bots`` and the server's ``add_bot`` both use it).

Reaction times are drawn from a :class:`Reaction`: a floor (the fastest a person gets on a phone: seeing,
deciding, reaching the screen) plus a log-normal part, the usual shape of human reaction times (skewed,
a long tail of slow answers). ``median_ms`` is the median of the whole time, ``sigma`` the spread of
the log-normal part, ``miss`` the chance that the person does not react at all (looked away), and
``cap_ms`` an optional longest time. Every bot draws from its own seeded PRNG (``Bot.random``), so a
seed gives the same times in the simulation driver and in a server room: both wait for the
``Decision.delay_ms`` the bot returns, there is no second source of delays.

Levels at a glance (Mogel-Motte, the game where speed matters most), graded against simulated people
who slap 0.9-2.1 s after the card lands (``bench/bot_pace.py``, bench/README.md "Bots graded against
people"): the median slap or throw comes 1450 ms after the card at ``easy``, 1250 ms at ``normal`` and
850 ms at ``hard``, log-normal with a person's spread; an easy bot misses one race in 10, a normal one
in 12, a hard one in 60. An easy bot loses most games to such people, a normal one wins about its share
(1/n), a hard one more. A turn's move (``think``) always comes 1-3 s after the bot could make it
(``TURN_MIN_MS``, ``TURN_MAX_MS``); a pick (``choose``) at most 3 s.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Protocol

import msgspec

from tischrunde.core.errors import ConfigError

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


class Uniform(Protocol):
    """Anything with a seeded uniform source in [0, 1) (a Bot)."""

    def random(self) -> float: ...


class Reaction(msgspec.Struct, frozen=True):
    """A person-like reaction time: ``floor_ms`` + log-normal, with median ``median_ms`` in all."""

    median_ms: int
    floor_ms: int
    sigma: float
    miss: float = 0.0
    cap_ms: int | None = None

    def sample(self, source: Uniform) -> int:
        """One reaction time in ms (never a miss; see :meth:`react`)."""
        # Box-Muller from two uniforms of the bot's own PRNG
        u1 = 1.0 - source.random()
        u2 = source.random()
        z = math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)
        spread = max(1, self.median_ms - self.floor_ms)
        value = self.floor_ms + int(spread * math.exp(self.sigma * z))
        return value if self.cap_ms is None else min(self.cap_ms, value)

    def react(self, source: Uniform) -> int | None:
        """A reaction time, or None when the person misses the moment altogether."""
        if self.miss > 0 and source.random() < self.miss:
            return None
        return self.sample(source)


class Pace(msgspec.Struct, frozen=True):
    """One level's timing: ``react`` for races (slap, throw), ``notice`` for spotting a tell or an
    odd word, ``think`` for an ordinary move, ``choose`` for a quick pick (a card to give)."""

    react: Reaction
    notice: Reaction
    think: Reaction
    choose: Reaction


#: an ordinary move (a Mogel-Motte turn, a pick): never quicker than this, never slower (issue "The
#: evening, second pass": turns took a median 1.7 s with outliers of 7.6 s)
TURN_MIN_MS = 1000
TURN_MAX_MS = 3000

PACES: dict[str, Pace] = {
    "easy": Pace(
        react=Reaction(1450, 600, 0.40, miss=1 / 10, cap_ms=3500),
        notice=Reaction(1800, 700, 0.40, miss=0.35, cap_ms=4000),
        think=Reaction(2100, TURN_MIN_MS, 0.35, cap_ms=TURN_MAX_MS),
        choose=Reaction(1700, 800, 0.35, cap_ms=TURN_MAX_MS),
    ),
    "normal": Pace(
        react=Reaction(1250, 550, 0.45, miss=1 / 12, cap_ms=3000),
        notice=Reaction(1500, 600, 0.35, miss=0.2, cap_ms=3500),
        think=Reaction(1800, TURN_MIN_MS, 0.40, cap_ms=TURN_MAX_MS),
        choose=Reaction(1400, 700, 0.35, cap_ms=2600),
    ),
    "hard": Pace(
        react=Reaction(850, 450, 0.30, miss=1 / 60, cap_ms=2500),
        notice=Reaction(950, 450, 0.30, miss=0.08, cap_ms=3000),
        think=Reaction(1500, TURN_MIN_MS, 0.40, cap_ms=TURN_MAX_MS),
        choose=Reaction(1100, 600, 0.30, cap_ms=2200),
    ),
}


#: how much longer than at ``normal`` a level takes for moves a game times on its own scale
SLOWER: dict[str, float] = {"easy": 1.35, "normal": 1.0, "hard": 0.75}


def check_level(level: str, field: str = "level") -> str:
    """``level`` if it is one of LEVELS, else a ConfigError naming ``field``."""
    if level not in LEVELS:
        raise ConfigError(field, level, LEVELS)
    return level


def pace(level: str) -> Pace:
    return PACES[check_level(level)]


class BotSpec(msgspec.Struct, frozen=True):
    """A parsed ``kind[:level]``; ``level`` is None when the string names none (the bot's default)."""

    kind: str
    level: str | None = None

    @property
    def text(self) -> str:
        return self.kind if self.level is None else f"{self.kind}:{self.level}"


def parse_bot(text: str, kinds: Iterable[str], field: str = "bots") -> BotSpec:
    """Parse ``kind[:level]`` against the kinds of a game (a game's ``bot_kinds`` or a list).

    Raises ConfigError naming ``field``: for an unknown kind (allowed: the kinds) or an unknown level
    (allowed: the levels).
    """
    kind, sep, level = text.strip().partition(":")
    kind = kind.strip()
    names = list(kinds)
    if kind not in names:
        raise ConfigError(field, kind, names)
    if not sep:
        return BotSpec(kind)
    return BotSpec(kind, check_level(level.strip(), field))
