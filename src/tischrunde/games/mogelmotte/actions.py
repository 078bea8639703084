"""Mogel-Motte actions (JSON form ``{"type": tag, ...}``) and prebuilt instances for the hot paths."""

from __future__ import annotations

from typing import Final, Union

from tischrunde.core.game import Action, NextRound, Timeout
from tischrunde.games.mogelmotte.content import DECK_SIZE

MAX_SEATS: Final = 5


class Play(Action, frozen=True, tag="play"):
    """On your turn: play a card whose value is a neighbour of the discard pile's top."""

    card: int


class Draw(Action, frozen=True, tag="draw"):
    """On your turn: draw one card; the turn ends."""


class SpiderGive(Action, frozen=True, tag="spider_give"):
    """After playing a spider: give one card (not a moth) to another seat."""

    card: int
    to_seat: int


class SpiderSkip(Action, frozen=True, tag="spider_skip"):
    """After playing a spider: give nothing."""


class Slap(Action, frozen=True, tag="slap"):
    """Slap the mosquito (everyone but its player, as fast as possible)."""


class Throw(Action, frozen=True, tag="throw"):
    """Throw a number card of the cockroach's value onto it (the fastest throw counts)."""

    card: int


class Give(Action, frozen=True, tag="give"):
    """Choose the card you give: to the mosquito's slowest slapper, or as guard to the cheater you caught."""

    card: int


class Cheat(Action, frozen=True, tag="cheat"):
    """Start making a card vanish; it is gone after ``cheat_ms`` unless the guard catches you."""

    card: int


class Fidget(Action, frozen=True, tag="fidget"):
    """Show the cheating tell without a card, to bait a wrong accusation."""


class Accuse(Action, frozen=True, tag="accuse"):
    """The guard's "Caught!" at a seat."""

    seat: int


MogelMotteAction = Union[  # noqa: UP007 - msgspec needs a runtime union object
    Play, Draw, SpiderGive, SpiderSkip, Slap, Throw, Give, Cheat, Fidget, Accuse, NextRound, Timeout
]

PLAY: Final[tuple[Play, ...]] = tuple(Play(c) for c in range(DECK_SIZE))
THROW: Final[tuple[Throw, ...]] = tuple(Throw(c) for c in range(DECK_SIZE))
GIVE: Final[tuple[Give, ...]] = tuple(Give(c) for c in range(DECK_SIZE))
CHEAT: Final[tuple[Cheat, ...]] = tuple(Cheat(c) for c in range(DECK_SIZE))
SPIDER_GIVE: Final[tuple[tuple[SpiderGive, ...], ...]] = tuple(
    tuple(SpiderGive(c, s) for s in range(MAX_SEATS)) for c in range(DECK_SIZE)
)
ACCUSE: Final[tuple[Accuse, ...]] = tuple(Accuse(s) for s in range(MAX_SEATS))
DRAW: Final = Draw()
SPIDER_SKIP: Final = SpiderSkip()
SLAP: Final = Slap()
FIDGET: Final = Fidget()
