"""Stella's actions (JSON form ``{"type": tag, ...}``) and the ``StellaAction`` union."""

from __future__ import annotations

from tischrunde.core.game import Action, NextRound, Timeout


class ChooseWord(Action, frozen=True, tag="choose_word"):
    """The scout picks word 0 or 1 of the round's word card."""

    index: int


class Mark(Action, frozen=True, tag="mark"):
    """A player's secret marks: grid positions 0..14 (row by row from the top left)."""

    cards: list[int]


class Reveal(Action, frozen=True, tag="reveal"):
    """The player whose reveal turn it is names one of their marked, not yet named positions."""

    position: int


StellaAction = ChooseWord | Mark | Reveal | NextRound | Timeout
