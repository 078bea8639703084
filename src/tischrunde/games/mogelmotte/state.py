"""Every msgspec Struct of Mogel-Motte: the frozen game state, its resolved rules, the actions (JSON form
``{"type": tag, ...}``) with their union, and prebuilt action instances for the hot paths.

Never compiled (mypyc drops Struct options such as ``frozen`` and ``gc``): the rules live in ``rules.py``.
"""

from __future__ import annotations

from typing import Final, Literal, Union

import msgspec

from tischrunde.core.game import Action, Config, NextRound, Timeout
from tischrunde.games.mogelmotte.content import DECK_SIZE

Phase = Literal["turn", "spider", "mosquito_race", "mosquito_give", "cockroach_race", "round_over", "over"]

MAX_SEATS: Final = 5

#: ``State.cheat_card`` entries: no tell showing, or a fidget (a tell without a card); else the card id
NO_TELL: Final = -2
FIDGET_TELL: Final = -1


class Rules(msgspec.Struct, frozen=True):
    """The resolved options of one game (``rounds`` already turned into a number)."""

    cheat_ms: int
    slap_window_ms: int
    throw_window_ms: int
    rounds: int
    hand_size: int
    last_card_action: bool
    give_last_card: bool
    guard_chooses_card: bool
    cockroach_continue: str
    slowest_rule: str
    round_pause_ms: int
    #: ``turn_timeout_s`` in ms (0 = no limit)
    turn_timeout_ms: int


class State(msgspec.Struct, frozen=True, gc=False):
    """Everything about one game. Piles are tuples of card ids; ``draw[-1]`` and ``discard[-1]`` are the tops."""

    config: Config
    rules: Rules
    stacked: tuple[int, ...] | None
    rng: int
    #: the time of the last applied action (ms)
    last_t: int
    phase: Phase
    round: int
    start_seat: int
    turn: int
    guard: int
    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    #: cards each seat has cheated away for good (hidden from the others)
    vanished: tuple[tuple[int, ...], ...]
    #: per seat: NO_TELL, FIDGET_TELL or the card being cheated
    cheat_card: tuple[int, ...]
    #: per seat: when the running cheat or fidget ends
    cheat_until: tuple[int, ...]
    #: seat that played the action card being resolved (spider, mosquito, cockroach)
    actor: int | None = None
    race_until: int = 0
    #: seats that slapped the mosquito, in order
    slapped: tuple[int, ...] = ()
    slowest: int | None = None
    #: mosquito gifts: seats that still owe a choice, and each seat's committed card (None: none yet)
    givers: tuple[int, ...] = ()
    gifts: tuple[int | None, ...] = ()
    #: a caught cheater (``settle_to``) waits for the old guard's (``settle_from``) card
    settle_from: int | None = None
    settle_to: int | None = None
    #: with last_card_action: the seat whose last card is still acting; the round ends afterwards
    finisher: int | None = None
    #: during phase round_over: when the next round is dealt (the core's round pause)
    round_until: int = 0
    #: consecutive turns on which nothing could be drawn or played (a whole circle blocks the round)
    passes: int = 0
    round_points: tuple[tuple[int, ...], ...] = ()
    cheats: tuple[int, ...] = ()
    caught: tuple[int, ...] = ()
    wrong_accusations: tuple[int, ...] = ()
    #: when the wait for the seats the phase waits for ends (``rules.commit``), None if unlimited
    wait_until: int | None = None


# ------------------------------------------------------------------------------------------- actions


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

#: prebuilt actions by card id (and seat), shared by every legal-action list
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
