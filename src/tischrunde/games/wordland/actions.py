"""Wordland's actions: one msgspec struct per move, tagged for the wire, and their union."""

from __future__ import annotations

from tischrunde.core.game import Action, NextRound


class ChooseCategory(Action, frozen=True, tag="choose_category"):
    """The Queen picks one of the two drawn category cards (0 or 1)."""

    index: int


class Bet(Action, frozen=True, tag="bet"):
    """The Caterpillar's secret bet on another seat, before the round."""

    seat: int


class Say(Action, frozen=True, tag="say"):
    """The active player's word (typed input)."""

    word: str


class SaidIt(Action, frozen=True, tag="said_it"):
    """The active player confirms a spoken word (spoken input, one table)."""


class Object(Action, frozen=True, tag="object"):
    """Object to the word of turn ``turn_id`` within its objection window."""

    turn_id: int


class Vote(Action, frozen=True, tag="vote"):
    """A ballot in the running vote: against = the word is invalid."""

    against: bool


class PlaceLetter(Action, frozen=True, tag="place_letter"):
    """Queen / White Rabbit lay out their secret letter right after their own turn."""

    replace_red: bool = False


class Extend(Action, frozen=True, tag="extend"):
    """Tweedles: spend a time token to add one timer length to the running turn."""


class CatPass(Action, frozen=True, tag="cat_pass"):
    """Cheshire Cat: end the own turn without a word, once per round."""


class HatterIgnore(Action, frozen=True, tag="hatter_ignore"):
    """Mad Hatter: ignore one displayed letter for the rest of the round."""

    letter: str


class GuardForce(Action, frozen=True, tag="guard_force"):
    """Royal Guard: make another player take a turn at once."""

    seat: int


WordlandAction = (
    ChooseCategory
    | Bet
    | Say
    | SaidIt
    | Object
    | Vote
    | PlaceLetter
    | Extend
    | CatPass
    | HatterIgnore
    | GuardForce
    | NextRound  # the Queen's tap that ends the round_over pause (the engine handles it; not in legal_actions)
)
