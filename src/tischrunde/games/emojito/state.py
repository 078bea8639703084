"""Emojito's structs: the frozen game state, the revealed round and the actions (JSON form
``{"type": tag, ...}``, the tagged union the server decodes).

Never compiled (setup.py): mypyc would drop a ``msgspec.Struct``'s class keywords (``frozen=True``,
``gc=False``).
"""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec

from tischrunde.core.game import Action, Config, NextRound, Timeout

Mode = Literal["coop", "each", "teams"]
Phase = Literal["perform", "chain", "challenge", "dial", "round_over", "over"]

#: ``State.dials``: 0 = not set yet, 1..7 = set, SKIPPED = left out (SkipDial)
SKIPPED: Final = -1


class RoundResult(msgspec.Struct, frozen=True, gc=False):
    """A revealed round: what was performed, the dials, and how the markers moved."""

    round: int
    performers: tuple[int, ...]
    cards: tuple[int, ...]
    layout: tuple[int, ...]
    answers: tuple[int, ...]
    dials: tuple[int, ...]
    correct: tuple[int, ...]
    moves: tuple[int, ...]
    trophies_won: tuple[int, ...]
    challengers: tuple[int, ...] = ()
    challenged: tuple[int, ...] = ()
    fallen: tuple[int, ...] = ()
    skipped: tuple[int, ...] = ()


def round_json(result: RoundResult) -> dict[str, Any]:
    """The JSON form of a revealed round (``msgspec`` would give the same, built directly: once a round)."""
    return {
        "round": result.round,
        "performers": list(result.performers),
        "cards": list(result.cards),
        "layout": list(result.layout),
        "answers": list(result.answers),
        "dials": list(result.dials),
        "correct": list(result.correct),
        "moves": list(result.moves),
        "trophies_won": list(result.trophies_won),
        "challengers": list(result.challengers),
        "challenged": list(result.challenged),
        "fallen": list(result.fallen),
        "skipped": list(result.skipped),
    }


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole game. ``cards``/``answers`` (per performer) and ``dials`` are secret until the reveal.

    A side is what has a marker: co-op 0 = the team, 1 = the game; each a seat; teams a team (seats i and
    i + n/2). ``declarations`` per seat: -1 undecided, 0 no challenge, 1 challenge."""

    config: Config
    mode: Mode
    secret_message: bool
    wrong_step: int
    target: int
    performer_challengeable: bool
    challenger_bonus_stacks: bool
    dial_timeout_ms: int
    rng: int
    deck: tuple[int, ...]
    progress: tuple[int, ...]
    trophies: tuple[tuple[int, ...], ...]
    flipped: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...] = ()
    phase: Phase = "perform"
    round: int = 0
    performers: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    done: tuple[int, ...] = ()
    chain: int = 0
    layout: tuple[int, ...] = ()
    answers: tuple[int, ...] = ()
    guessers: tuple[int, ...] = ()
    dials: tuple[int, ...] = ()
    leaders: tuple[int, ...] = ()
    eligible: tuple[int, ...] = ()
    declarations: tuple[int, ...] = ()
    challengers: tuple[int, ...] = ()
    turns: tuple[int, ...] = ()
    contenders: tuple[int, ...] = ()
    phase_t: int = 0
    last: RoundResult | None = None
    first_seat: int = 0
    round_pause_ms: int = 0
    round_until: int = 0  # phase round_over: when the next round starts
    last_t: int = 0
    perform_timeout_ms: int = 0  # 0 = the performance (and each showing of a secret message) has no limit


# ---------------------------------------------------------------------- the actions


class Performed(Action, frozen=True, tag="performed"):
    """The performer has acted the card (in secret message: shown it to the left neighbour)."""


class PassedOn(Action, frozen=True, tag="passed_on"):
    """Secret message: the current shower has shown the emotion to the next player."""


class Challenge(Action, frozen=True, tag="challenge"):
    """Each for themselves: challenge the leader(s), flipping one of your trophies."""


class NoChallenge(Action, frozen=True, tag="no_challenge"):
    """Each for themselves: decline to challenge this round."""


class SetDial(Action, frozen=True, tag="set_dial"):
    """Set your (team's) secret dial to the number of the card you think was performed."""

    number: int


class SkipDial(Action, frozen=True, tag="skip_dial"):
    """Leave your dial out this round (sent by the stand-in of a guesser whose person is away)."""


class SkipPerformance(Action, frozen=True, tag="skip_performance"):
    """Leave your performance out this round: the next performer goes (sent by the stand-in of a
    performer whose person is away)."""


EmojitoAction = (
    Performed
    | PassedOn
    | Challenge
    | NoChallenge
    | SetDial
    | SkipDial
    | SkipPerformance
    | NextRound
    | Timeout
)
