"""Emojito's actions (JSON form ``{"type": tag, ...}``): the tagged union the server decodes."""

from __future__ import annotations

from tischrunde.core.game import Action, NextRound, Timeout


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
