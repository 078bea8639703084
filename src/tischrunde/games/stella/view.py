"""What one seat (or the table screen) sees of a Stella game: ``view`` builds the plain dict the server
sends."""

from __future__ import annotations

from typing import Any

from tischrunde.games.stella.content import COLUMNS, ROWS, SPARK_POINTS, SUPER_SPARK_POINTS
from tischrunde.games.stella.state import RevealResult, RoundSummary, StellaState, card_words


def view(
    state: StellaState, seat: int | None, deadline: int | None, winners: list[int] | None
) -> dict[str, Any]:
    """The view of ``seat`` (None = spectator / table screen); ``deadline`` is when time runs out (marking,
    turn or round pause) and ``winners`` the outcome's winners, both as the engine computes them."""
    n = state.config.players
    over = state.phase == "over"
    de, en = card_words(state, state.word_cards[state.round])
    word = None
    if state.word_index >= 0 and not over:
        word = {"de": de[state.word_index], "en": en[state.word_index]}
    choices = None
    if seat == state.scout and not over:
        choices = {"de": list(de), "en": list(en)}
    my_marks = None
    if seat is not None and not over and state.marks[seat] is not None:
        my_marks = list(state.marks[seat] or ())
    counted = state.phase in ("reveal", "round_over")
    named = [r.position for r in state.reveals]
    unnamed_left = None
    if counted:
        unnamed_left = [state.counts[s] - sum(1 for r in state.reveals if s in r.markers) for s in range(n)]
    round_points = [
        SPARK_POINTS * a + SUPER_SPARK_POINTS * b
        for a, b in zip(state.sparks, state.super_sparks, strict=True)
    ]
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
        "marked": [m is not None for m in state.marks] if state.phase == "mark" else [counted] * n,
        "counts": list(state.counts) if counted else None,
        "dark": state.dark if counted and state.dark >= 0 else None,
        "reveal_turn": state.reveal_turn if state.phase == "reveal" else None,
        "reveals": [reveal_view(r) for r in state.reveals] if counted else [],
        "named": named if counted else [],
        "unnamed_left": unnamed_left,
        "fallen": list(state.fallen) if counted else [False] * n,
        "round_points": round_points,
        "score_table": [list(h.points) for h in state.history],
        "scores": list(state.scores),
        "history": [summary_view(state, h) for h in state.history],
        "deadline": deadline,
        "round_until": state.round_until if state.phase == "round_over" else None,
        "last_round": summary_view(state, state.history[-1]) if state.phase == "round_over" else None,
        "pictures_left": len(state.picture_deck),
        "winners": winners,
    }


def reveal_view(r: RevealResult) -> dict[str, Any]:
    return {
        "position": r.position,
        "card": r.card,
        "revealer": r.revealer,
        "markers": list(r.markers),
        "kind": r.kind,
        "scorers": list(r.scorers),
        "points": r.points,
    }


def summary_view(state: StellaState, h: RoundSummary) -> dict[str, Any]:
    de, en = card_words(state, h.word_card)
    return {
        "round": h.round + 1,
        "scout": h.scout,
        "word": {"de": de[h.word_index], "en": en[h.word_index]} if h.word_index >= 0 else None,
        "counts": list(h.counts),
        "dark": h.dark if h.dark >= 0 else None,
        "reveals": [reveal_view(r) for r in h.reveals],
        "fallen": list(h.fallen),
        "points": list(h.points),
    }
