"""Emojito: the acting game (engine in ``engine``, cards and board in ``content``)."""

from __future__ import annotations

from tischrunde.games.emojito.engine import (
    Challenge,
    Emojito,
    EmojitoState,
    NoChallenge,
    PassedOn,
    Performed,
    RoundResult,
    SetDial,
    SkipDial,
    field_of,
    laps,
    presentation_at,
)

GAME = Emojito()

__all__ = [
    "GAME",
    "Challenge",
    "Emojito",
    "EmojitoState",
    "NoChallenge",
    "PassedOn",
    "Performed",
    "RoundResult",
    "SetDial",
    "SkipDial",
    "field_of",
    "laps",
    "presentation_at",
]
