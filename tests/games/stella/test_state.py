"""Stella's Structs: the actions' JSON form, and the lanes the state packs its per-seat sets into."""

from __future__ import annotations

import msgspec
import pytest

from tischrunde.core.game import Timeout
from tischrunde.games.stella import GAME, ChooseWord, Mark, Reveal
from tischrunde.games.stella.state import (
    LANE,
    MAX_SEATS,
    POSITIONS,
    SEATS,
    lane,
    lane_of,
    lanes,
    lowest,
    positions_in,
    seats_in,
    with_lane,
)


def test_actions_round_trip_through_json() -> None:
    for action in (ChooseWord(1), Mark([3, 4]), Reveal(7), Timeout()):
        assert GAME.decode_action(msgspec.json.encode(action)) == action


def test_a_lane_holds_one_seats_positions_and_nothing_of_its_neighbours() -> None:
    bits = 0
    for seat in range(MAX_SEATS):
        bits = with_lane(bits, seat, lane_of([seat, 14 - seat]))
    assert bits.bit_length() <= LANE * MAX_SEATS
    for seat in range(MAX_SEATS):
        assert positions_in(lane(bits, seat)) == tuple(sorted({seat, 14 - seat}))
    assert lanes(bits, 3) == [lane(bits, 0), lane(bits, 1), lane(bits, 2)]
    cleared = with_lane(bits, 2, 0)
    assert lane(cleared, 2) == 0 and all(lane(cleared, s) == lane(bits, s) for s in (0, 1, 3, 4, 5))
    assert lane(with_lane(bits, 5, POSITIONS), 5) == POSITIONS
    assert lane(with_lane(bits, 5, POSITIONS), 4) == lane_of([4, 10])


@pytest.mark.parametrize("value", [0, 1, 1 << 14, 0b101010101010101, POSITIONS, 0b11110000])
def test_positions_lowest_and_lane_of_agree(value: int) -> None:
    positions = positions_in(value)
    assert positions == tuple(p for p in range(LANE) if value >> p & 1)
    assert lane_of(positions) == value
    if value:
        assert lowest(value) == positions[0]


def test_a_set_of_seats_is_the_lowest_bit_of_each_lane() -> None:
    marks = with_lane(with_lane(with_lane(0, 0, lane_of([3, 4])), 2, lane_of([4])), 5, lane_of([4, 9]))
    assert seats_in(marks >> 4 & SEATS) == (0, 2, 5)  # who marked position 4
    assert seats_in(marks >> 3 & SEATS) == (0,)
    assert seats_in(marks >> 7 & SEATS) == ()
    assert seats_in(SEATS) == tuple(range(MAX_SEATS))
