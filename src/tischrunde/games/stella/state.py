"""Stella's Structs: the actions and their union, the frozen ``State`` with the records of named cards and
finished rounds, and the lanes the state packs its per-seat sets into (never compiled: mypyc would drop the
Struct options)."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from tischrunde.core.game import Action, Config, NextRound, Timeout
from tischrunde.games.stella.content import GRID_SIZE

# --- actions (JSON form ``{"type": tag, ...}``) -------------------------------------------------------


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

# --- lanes: the per-seat sets packed into one int -----------------------------------------------------
#
# A seat's marks are a set of grid positions: bit p of a 15-bit *lane*. The state packs the lanes of all
# seats into one int, seat s in bits ``LANE * s`` .. ``LANE * s + 14``, so an action copies a few small ints
# instead of tuples. A set of seats is the lowest bit of each seat's lane (``SEATS``): the markers of
# position p are ``marks >> p & SEATS``, and ``SEATS << p`` is position p in every lane. ``tally`` counts
# in the lanes (sparks in bits 0..3, super-sparks in bits 4..7: at most 15 each, one per reveal). Lanes are
# read and written through the functions and tables here; those two idioms and the tally's nibbles are the
# only other bit arithmetic on them.

#: the width of a seat's lane: one bit per grid position
LANE: Final = GRID_SIZE
#: the most seats a state packs (Stella's max_players)
MAX_SEATS: Final = 6
#: every position of one lane
POSITIONS: Final = (1 << LANE) - 1
#: by seat: the first bit of its lane
SHIFTS: Final = tuple(LANE * s for s in range(MAX_SEATS))
#: by seat: every bit of its lane
LANE_MASKS: Final = tuple(POSITIONS << shift for shift in SHIFTS)
#: every seat, as a set of seats (the lowest bit of each lane)
SEATS: Final = sum(1 << shift for shift in SHIFTS)
#: by a set of seats (lowest lane bits): its seats in order
_SEATS_IN: Final[dict[int, tuple[int, ...]]] = {
    sum(1 << SHIFTS[s] for s in seats): seats
    for seats in (tuple(s for s in range(MAX_SEATS) if m >> s & 1) for m in range(1 << MAX_SEATS))
}
#: by the low 8 and the high 7 bits of a lane: its positions in order
_POSITIONS_LOW: Final = tuple(tuple(p for p in range(8) if m >> p & 1) for m in range(256))
_POSITIONS_HIGH: Final = tuple(tuple(8 + p for p in range(LANE - 8) if m >> p & 1) for m in range(128))


def lane(bits: int, seat: int) -> int:
    """The seat's lane of ``bits``: its set of positions (or its counts in ``tally``)."""
    return bits >> SHIFTS[seat] & POSITIONS


def with_lane(bits: int, seat: int, value: int) -> int:
    """``bits`` with the seat's lane set to ``value`` (a lane: 0 <= value <= POSITIONS)."""
    return bits & ~LANE_MASKS[seat] | value << SHIFTS[seat]


def lanes(bits: int, seats: int) -> list[int]:
    """The lanes of ``bits`` of seats 0 .. seats - 1."""
    return [bits >> shift & POSITIONS for shift in SHIFTS[:seats]]


def seats_in(bits: int) -> tuple[int, ...]:
    """The seats of a set of seats (the lowest bit of each lane; other bits must be clear), in order."""
    return _SEATS_IN[bits]


def positions_in(bits: int) -> tuple[int, ...]:
    """The positions of a lane, in order."""
    return _POSITIONS_LOW[bits & 255] + _POSITIONS_HIGH[bits >> 8]


def lowest(bits: int) -> int:
    """The lowest set bit of non-empty ``bits``: of a lane, its lowest position; of packed lanes, the
    lowest seat with a non-empty lane is ``lowest(bits) // LANE``."""
    return (bits & -bits).bit_length() - 1


def lane_of(positions: tuple[int, ...] | list[int]) -> int:
    """The lane of a set of positions."""
    bits = 0
    for p in positions:
        bits |= 1 << p
    return bits


# --- the state ----------------------------------------------------------------------------------------

Phase = Literal["word", "mark", "reveal", "round_over", "over"]
RevealKind = Literal["spark", "super_spark", "fall"]


class RevealResult(msgspec.Struct, frozen=True, gc=False):
    """One named card: who named it, who had marked it, and what it gave."""

    position: int
    card: int
    revealer: int
    markers: tuple[int, ...]
    kind: RevealKind
    scorers: tuple[int, ...]
    points: int


class RoundSummary(msgspec.Struct, frozen=True, gc=False):
    """A finished round as the table saw it (no unnamed marks)."""

    round: int
    scout: int
    word_card: int
    word_index: int | None  # None: the round ended before a word was chosen
    counts: tuple[int, ...]
    dark: int | None
    reveals: tuple[RevealResult, ...]
    fallen: tuple[bool, ...]
    points: tuple[int, ...]


class State(msgspec.Struct, frozen=True, gc=False):  # gc=False: no reference cycles
    """A whole Stella game between two actions (the marks of every seat included: the view hides them).

    The round's marks and results are packed in lanes (above)."""

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
    phase: Phase = "word"
    word_index: int | None = None
    marks: int = 0  # lane of seat s: the positions it marked
    #: bit s (not a lane): seat s has sent marks this round (bits players..5 are always set)
    marked: int = 0
    counts: tuple[int, ...] = ()
    dark: int | None = None
    reveal_turn: int | None = None
    reveals: tuple[RevealResult, ...] = ()
    #: the marks still to name: each standing seat's marks not named yet (a seat that fell has none)
    unnamed: int = 0
    fallen: int = 0  # a set of seats: who fell this round
    #: this round's sparks (lane bits 0..3) and super-sparks (4..7) of each seat, scored while standing
    tally: int = 0
    #: when time runs out in phase word (the scout's choice), mark or reveal (the turn); None when untimed
    due: int | None = None
    history: tuple[RoundSummary, ...] = ()
    scores: tuple[int, ...] = ()
    round_pause_ms: int = 0
    round_until: int = 0  # phase round_over: when the next round starts
    last_t: int = 0
    own_words: tuple[tuple[str, ...], ...] = ()  # option own_words: card OWN_WORD_BASE + i
