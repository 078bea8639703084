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


#: a seat's lane in the packed per-seat ints (``marks``, ``fallen``, ``tally``): seat s owns bits 15s..15s+14
LANE = 15
#: bit s set for every seat that has not sent marks yet is how ``marked`` starts; seats 0..5 at most
ALL_SEATS = 63


class StellaState(msgspec.Struct, frozen=True, gc=False):  # gc=False: no reference cycles
    """A whole Stella game between two actions (the marks of every seat included: the view hides them).

    The round's marks and results are packed in ints (seat s owns bits ``LANE * s`` up; the helpers below
    unpack them), so an action copies a few small ints, not tuples."""

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
    marks: int = 0  # bit LANE * s + p: seat s marked grid position p (p 0..14)
    marked: int = 0  # bit s: seat s has sent marks this round (bits players..5 are always set)
    counts: tuple[int, ...] = ()
    dark: int = -1
    reveal_turn: int = -1
    reveals: tuple[RevealResult, ...] = ()
    named: int = 0  # bit p: grid position p was named this round
    fallen: int = 0  # bit LANE * s: seat s fell this round
    #: this round's sparks (bits LANE * s + 0..3) and super-sparks (LANE * s + 4..7) of seat s, scored while
    #: standing (a round has at most 15 reveals: 4 bits each)
    tally: int = 0
    #: when time runs out: the scout's word choice (phase word), the marking, the reveal turn, the round
    #: pause (phase round_over); None when untimed
    due: int | None = None
    history: tuple[RoundSummary, ...] = ()
    scores: tuple[int, ...] = ()
    round_pause_ms: int = 0
    last_t: int = 0
    own_words: tuple[tuple[str, ...], ...] = ()  # option own_words: card OWN_WORD_BASE + i


def seat_marks(state: StellaState, seat: int) -> tuple[int, ...] | None:
    """The seat's marked positions, sorted; None before it has sent marks this round."""
    if not state.marked >> seat & 1:
        return None
    lane = state.marks >> (LANE * seat)
    return tuple([p for p in range(LANE) if lane >> p & 1])


def fallen_seats(state: StellaState) -> tuple[bool, ...]:
    """Per seat: has fallen this round."""
    fallen = state.fallen
    return tuple([fallen >> (LANE * s) & 1 == 1 for s in range(state.config.players)])


def round_sparks(state: StellaState, seat: int) -> tuple[int, int]:
    """The seat's sparks and super-sparks this round, scored while standing."""
    lane = state.tally >> (LANE * seat)
    return lane & 15, lane >> 4 & 15


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
