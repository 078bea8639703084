"""Stella's state: the frozen ``StellaState``, the records of named cards and finished rounds, and small pure
helpers over them."""

from __future__ import annotations

import msgspec

from tischrunde.core.game import Config
from tischrunde.games.stella.content import OWN_WORD_BASE, word_cards


class RevealResult(msgspec.Struct, frozen=True, gc=False):
    """One named card: who named it, who had marked it, and what it gave."""

    position: int
    card: int
    revealer: int
    markers: tuple[int, ...]
    kind: str  # "spark", "super_spark" or "fall"
    scorers: tuple[int, ...]
    points: int


class RoundSummary(msgspec.Struct, frozen=True, gc=False):
    """A finished round as the table saw it (no unnamed marks)."""

    round: int
    scout: int
    word_card: int
    word_index: int
    counts: tuple[int, ...]
    dark: int
    reveals: tuple[RevealResult, ...]
    fallen: tuple[bool, ...]
    points: tuple[int, ...]


class StellaState(msgspec.Struct, frozen=True, gc=False):  # gc=False: no reference cycles
    """A whole Stella game between two actions (the marks of every seat included: the view hides them)."""

    config: Config
    rng: int
    dark_fall: str
    row_order: tuple[int, ...]
    rounds: int
    min_marks: int
    max_marks: int
    mark_timeout_ms: int
    turn_timeout_ms: int
    picture_deck: tuple[int, ...]  # the face-down pile, next picture first
    word_cards: tuple[int, ...]  # this game's word cards, one per round
    grid: tuple[int, ...]
    round: int = 0  # 0-based
    scout: int = 0
    phase: str = "word"
    word_index: int = -1
    marks: tuple[tuple[int, ...] | None, ...] = ()
    counts: tuple[int, ...] = ()
    dark: int = -1
    reveal_turn: int = -1
    reveals: tuple[RevealResult, ...] = ()
    fallen: tuple[bool, ...] = ()
    sparks: tuple[int, ...] = ()  # this round, scored while standing
    super_sparks: tuple[int, ...] = ()
    mark_deadline: int | None = None
    turn_deadline: int | None = None  # the scout's word choice or the current reveal turn
    history: tuple[RoundSummary, ...] = ()
    scores: tuple[int, ...] = ()
    total_falls: tuple[int, ...] = ()
    total_dark: tuple[int, ...] = ()
    total_sparks: tuple[int, ...] = ()
    total_super_sparks: tuple[int, ...] = ()
    round_pause_ms: int = 0
    round_until: int = 0  # phase round_over: when the next round starts
    last_t: int = 0
    own_words: tuple[tuple[str, ...], ...] = ()  # option own_words: card OWN_WORD_BASE + i


def card_words(state: StellaState, card: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words (German, English) of a word card: a built-in one, or one of the room's own (the same words
    in both languages; one or two)."""
    if card >= OWN_WORD_BASE:
        own = state.own_words[card - OWN_WORD_BASE]
        return own, own
    built = word_cards()[card]
    return built.de, built.en


def word_ids(own: int) -> list[int]:
    """Every word card id of a game with ``own`` own cards."""
    return [*range(len(word_cards())), *range(OWN_WORD_BASE, OWN_WORD_BASE + own)]
