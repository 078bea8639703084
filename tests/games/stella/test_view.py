"""What each seat and the table screen see of Stella: hidden marks stay hidden, in every phase."""

from __future__ import annotations

import json

import msgspec
from stella_stacked import act, config, marked, reveal

from tischrunde.core.game import NextRound
from tischrunde.games.stella import GAME, ChooseWord, Mark, View
from tischrunde.games.stella.rules import seat_marks
from tischrunde.games.stella.state import lane, positions_in


def test_marks_stay_secret_until_named() -> None:
    state = act(GAME.new(config()), 0, ChooseWord(0))
    state = act(state, 1, Mark([4, 7]))
    assert GAME.view(state, 1)["my_marks"] == [4, 7]
    for seat in (0, 2, 3, None):
        view = GAME.view(state, seat)
        assert view["my_marks"] is None
        assert view["marked"] == [False, True, False, False]
        assert view["counts"] is None
        assert "4, 7" not in json.dumps(view)


def test_views_hide_marks_deck_order_and_upcoming_words() -> None:
    state = marked(GAME.new(config()), {0: [0, 1], 1: [0, 11], 2: [12], 3: [13, 14]})
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        text = json.dumps(view)
        assert "picture_deck" not in text and "word_cards" not in text
        assert view["reveals"] == []
        if seat is not None:
            assert view["my_marks"] == list(seat_marks(state, seat) or ())
        for k in range(3):
            assert GAME.view(GAME.rerandomize_hidden(state, seat, k), seat) == view
    other = GAME.rerandomize_hidden(state, 0, 1)
    assert seat_marks(other, 0) == seat_marks(state, 0) and other.marks != state.marks


def test_rerandomized_marks_keep_every_view_while_cards_are_named() -> None:
    """In the reveals the others' unnamed marks are hidden: drawing them anew changes no view, and the
    marks still to name follow the new marks (a fallen seat keeps none to name)."""
    state = marked(GAME.new(config()), {0: [0, 1, 2], 1: [0, 5, 6], 2: [3, 7], 3: [0, 8, 9]})
    state = reveal(state, 0, 0)  # a spark for 0, 1 and 3
    state = reveal(state, 1, 5)  # seat 1 falls: its mark 6 is never named
    assert state.reveal_turn == 2
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        for k in range(4):
            other = GAME.rerandomize_hidden(state, seat, k)
            assert GAME.view(other, seat) == view
            for s in range(4):
                marks = set(seat_marks(other, s) or ())
                assert set(positions_in(lane(other.unnamed, s))) == (set() if s == 1 else marks - {0, 5})
            if seat == 2:  # the revealer's own marks stay: the same cards to name
                assert GAME.legal_actions(other, 2) == GAME.legal_actions(state, 2)


def test_every_view_converts_to_the_view_type() -> None:
    state = GAME.new(config(round_pause_ms=6000))
    seen = set()
    while state.phase != "over":
        for seat in (None, 0, 1, 2, 3):
            msgspec.convert(GAME.view(state, seat), View)
        seen.add(state.phase)
        if state.phase == "round_over":
            state = act(state, state.scout, NextRound(), state.last_t)
        elif state.phase == "word":
            state = act(state, state.scout, ChooseWord(1), state.last_t)
        elif state.phase == "mark":
            for seat in range(4):
                state = act(state, seat, Mark([seat, 4]), state.last_t)
        else:
            turn = state.reveal_turn
            assert turn is not None
            state = act(state, turn, GAME.legal_actions(state, turn)[0], state.last_t)
    for seat in (None, 0):
        msgspec.convert(GAME.view(state, seat), View)
    assert seen == {"word", "mark", "reveal", "round_over"}
