"""What one seat (or the table screen) sees of a Stella game.

``view`` builds the plain dict the server sends (the hot path); ``View`` is its type: every view of
a seat and of the table screen (seat None) converts to it exactly (``tischrunde schema stella``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from tischrunde.core.game import Language
from tischrunde.games.stella.content import COLUMNS, ROWS
from tischrunde.games.stella.rules import (
    card_words,
    due,
    fallen_seats,
    reveal_data,
    round_points,
    seat_marks,
    winners,
)
from tischrunde.games.stella.state import RevealResult, RoundSummary, State

Seat = Annotated[int, Meta(ge=0)]


class WordView(msgspec.Struct, forbid_unknown_fields=True):
    """A word in both languages (a room's own word is the same in both)."""

    de: str
    en: str


class WordChoicesView(msgspec.Struct, forbid_unknown_fields=True):
    """The round's word card as the scout sees it: its one or two words, in the same order in both
    languages (``de[i]`` and ``en[i]`` are word ``i`` of ``ChooseWord(i)``)."""

    de: list[str]
    en: list[str]


class RevealView(msgspec.Struct, forbid_unknown_fields=True):
    """One named card and what it gave."""

    position: Annotated[int, Meta(ge=0, le=14, description="grid position, row * 5 + column")]
    card: Annotated[int, Meta(ge=0, description="the picture id at that position")]
    revealer: Annotated[Seat, Meta(description="the seat that named it")]
    markers: Annotated[list[int], Meta(description="every seat that had marked it, fallen ones included")]
    kind: Annotated[
        Literal["spark", "super_spark", "fall"],
        Meta(description="3+ markers: spark; 2: super_spark; only the revealer: fall"),
    ]
    scorers: Annotated[list[int], Meta(description="the markers who scored (those not fallen)")]
    points: Annotated[int, Meta(description="points to each scorer (2 a spark, 3 a super-spark, 0 a fall)")]


class RoundView(msgspec.Struct, forbid_unknown_fields=True):
    """A finished round as the table saw it (no unnamed marks)."""

    round: Annotated[int, Meta(ge=1, description="1-based")]
    scout: Annotated[Seat, Meta(description="who chose the word")]
    word: Annotated[WordView | None, Meta(description="the chosen word (null if none was chosen)")]
    counts: Annotated[list[int], Meta(description="each seat's number of marks")]
    dark: Annotated[int | None, Meta(description="the player in the dark (null on a tie at the top)")]
    reveals: Annotated[list[RevealView], Meta(description="the named cards in order")]
    fallen: Annotated[list[bool], Meta(description="per seat: fell this round")]
    points: Annotated[list[int], Meta(description="per seat: the round's points (the dark rule applied)")]


class View(msgspec.Struct, forbid_unknown_fields=True):
    """What one seat sees of a Stella game, or the table screen (``seat`` null). Only the own seat's view
    has ``my_marks`` and only the scout's has ``word_choices``; everything else is the same for all."""

    game: Annotated[Literal["stella"], Meta(description="the game's name")]
    players: Annotated[int, Meta(ge=3, le=6, description="number of seats")]
    language: Annotated[Language, Meta(description="the room's language")]
    seat: Annotated[int | None, Meta(description="whose view this is; null for the table screen")]
    round: Annotated[int, Meta(ge=1, description="the current round, 1-based")]
    rounds: Annotated[int, Meta(ge=1, description="rounds in the game (one word card each)")]
    phase: Annotated[
        Literal["word", "mark", "reveal", "round_over", "over"],
        Meta(
            description="word: the scout chooses; mark: everyone marks in secret; reveal: cards are named "
            "in turn; round_over: the round's result stays on the table; over: the game has ended"
        ),
    ]
    scout: Annotated[Seat, Meta(description="the round's scout (the start player of the round)")]
    word: Annotated[WordView | None, Meta(description="the chosen word, once chosen (null when over)")]
    word_choices: Annotated[
        WordChoicesView | None, Meta(description="the scout's own view only (null for others and when over)")
    ]
    grid: Annotated[
        list[list[int]],
        Meta(description="3 rows of 5 picture ids, top row first; a position is row * 5 + column"),
    ]
    min_marks: Annotated[int, Meta(description="fewest marks a player sends")]
    max_marks: Annotated[int, Meta(description="most marks a player sends")]
    my_marks: Annotated[
        list[int] | None, Meta(description="the own seat's marked positions once sent, sorted; else null")
    ]
    marked: Annotated[
        list[bool],
        Meta(description="per seat: has sent marks (while marking; all true once counted), never what"),
    ]
    counts: Annotated[list[int] | None, Meta(description="per seat: number of marks, once everyone marked")]
    dark: Annotated[int | None, Meta(description="the player in the dark, once counted (null on a tie)")]
    reveal_turn: Annotated[int | None, Meta(description="whose turn it is to name a card (phase reveal)")]
    reveals: Annotated[list[RevealView], Meta(description="this round's named cards in order, once counted")]
    named: Annotated[list[int], Meta(description="the positions named this round, once counted")]
    unnamed_left: Annotated[
        list[int] | None, Meta(description="per seat: marks not named yet (counts minus named), once counted")
    ]
    fallen: Annotated[list[bool], Meta(description="per seat: has fallen this round")]
    round_points: Annotated[list[int], Meta(description="per seat: this round so far, before the dark rule")]
    score_table: Annotated[list[list[int]], Meta(description="per finished round: the points per seat")]
    scores: Annotated[list[int], Meta(description="per seat: total points")]
    history: Annotated[list[RoundView], Meta(description="the finished rounds")]
    deadline: Annotated[
        int | None, Meta(description="ms: when time runs out (marking, a turn or the round pause), if timed")
    ]
    round_until: Annotated[int | None, Meta(description="phase round_over: ms when the next round starts")]
    last_round: Annotated[RoundView | None, Meta(description="phase round_over: the round just finished")]
    pictures_left: Annotated[int, Meta(ge=0, description="pictures still in the face-down pile")]
    winners: Annotated[list[int] | None, Meta(description="once over: the seats with the most points")]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The view (a ``View`` as a dict) of ``seat`` (None = spectator / table screen)."""
    n = state.config.players
    over = state.phase == "over"
    de, en = card_words(state, state.word_cards[state.round])
    word = None
    if state.word_index is not None and not over:
        word = {"de": de[state.word_index], "en": en[state.word_index]}
    choices = None
    if seat == state.scout and not over:
        choices = {"de": list(de), "en": list(en)}
    my_marks = None
    if seat is not None and not over:
        mine = seat_marks(state, seat)
        if mine is not None:
            my_marks = list(mine)
    counted = state.phase in ("reveal", "round_over")
    named = [r.position for r in state.reveals]
    unnamed_left = None
    if counted:
        unnamed_left = [state.counts[s] - sum(1 for r in state.reveals if s in r.markers) for s in range(n)]
    return {
        "game": "stella",
        "players": n,
        "language": state.config.language,
        "seat": seat,
        "round": state.round + 1,
        "rounds": state.rounds,
        "phase": state.phase,
        "scout": state.scout,
        "word": word,
        "word_choices": choices,
        "grid": [list(state.grid[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS)],
        "min_marks": state.min_marks,
        "max_marks": state.max_marks,
        "my_marks": my_marks,
        "marked": [state.marked >> s & 1 == 1 for s in range(n)] if state.phase == "mark" else [counted] * n,
        "counts": list(state.counts) if counted else None,
        "dark": state.dark if counted else None,
        "reveal_turn": state.reveal_turn if state.phase == "reveal" else None,
        "reveals": [reveal_view(r) for r in state.reveals] if counted else [],
        "named": named if counted else [],
        "unnamed_left": unnamed_left,
        "fallen": list(fallen_seats(state)) if counted else [False] * n,
        "round_points": round_points(state),
        "score_table": [list(h.points) for h in state.history],
        "scores": list(state.scores),
        "history": [summary_view(state, h) for h in state.history],
        "deadline": due(state),
        "round_until": state.round_until if state.phase == "round_over" else None,
        "last_round": summary_view(state, state.history[-1]) if state.phase == "round_over" else None,
        "pictures_left": len(state.picture_deck),
        "winners": winners(state),
    }


def reveal_view(r: RevealResult) -> dict[str, Any]:
    """A named card as a view (``RevealView``)."""
    return reveal_data(r.position, r.card, r.revealer, r.markers, r.kind, r.scorers, r.points)


def summary_view(state: State, h: RoundSummary) -> dict[str, Any]:
    """A finished round as a view (``RoundView``)."""
    de, en = card_words(state, h.word_card)
    return {
        "round": h.round + 1,
        "scout": h.scout,
        "word": {"de": de[h.word_index], "en": en[h.word_index]} if h.word_index is not None else None,
        "counts": list(h.counts),
        "dark": h.dark,
        "reveals": [reveal_view(r) for r in h.reveals],
        "fallen": list(h.fallen),
        "points": list(h.points),
    }
