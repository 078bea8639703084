"""Who starts (``Config.first_seat``), the visible round end (the core's round pause), stacked layouts and
card lookups in Stella, Mogel-Motte and Emojito (stacked decks and fixed seeds).

Each case asks the registry for its game and decodes its actions through the Game (``decode_action``), so
one game's cases run whatever shape the other games' packages have."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tischrunde.core import registry
from tischrunde.core.errors import ConfigError, GameError
from tischrunde.core.game import Action, Config, NextRound, Timeout
from tischrunde.games.mogelmotte import CLASS, KIND, VALUE, Play, cards_of

PICTURES = list(range(500, 545))
WORDS = [10, 20, 30, 40, 50, 60]


def act(game: Any, kind: str, **fields: Any) -> Action:
    """The game's action ``{"type": kind, **fields}``."""
    action: Action = game.decode_action({"type": kind, **fields})
    return action


def apply(game: Any, state: Any, seat: int | None, action: Action, t: int) -> Any:
    before = msgspec.json.encode(state)
    new, _ = game.apply(state, seat, action, t)
    assert msgspec.json.encode(state) == before
    return new


def refused(game: Any, state: Any, seat: int | None, action: Action, t: int) -> GameError:
    before = msgspec.json.encode(state)
    with pytest.raises(GameError) as info:
        game.apply(state, seat, action, t)
    assert msgspec.json.encode(state) == before
    return info.value


# ---------------------------------------------------------------- Stella


def stella_round(first_seat: int | None = None, **options: Any) -> Any:
    """A 3-player Stella round to its end: everyone marks card 0, the scout names it (a spark for all)."""
    game = registry.get("stella")
    config = Config(
        game="stella",
        players=3,
        seed=9,
        options=options,
        decks={"pictures": PICTURES, "words": WORDS},
        first_seat=first_seat,
    )
    state = game.new(config)
    scout = state.scout
    state = apply(game, state, scout, act(game, "choose_word", index=1), 100)
    for seat in range(3):
        state = apply(game, state, seat, act(game, "mark", cards=[0]), 200 + seat)
    return apply(game, state, scout, act(game, "reveal", position=0), 1_000)


def test_stella_first_seat_is_the_first_scout() -> None:
    assert registry.get("stella").new(Config(game="stella", players=4, first_seat=3)).scout == 3
    assert registry.get("stella").new(Config(game="stella", players=4)).scout == 0


def test_stella_the_last_reveal_stays_on_the_table_in_round_over() -> None:
    game = registry.get("stella")
    state = stella_round(first_seat=1)
    assert state.phase == "round_over"
    view = game.view(state, 2)
    assert view["round"] == 1 and view["phase"] == "round_over"
    assert [r["position"] for r in view["reveals"]] == [0] and view["reveals"][0]["kind"] == "spark"
    assert view["counts"] == [1, 1, 1] and view["grid"][0][0] == PICTURES[0]  # the row is not replaced yet
    assert view["last_round"] is not None and view["last_round"]["points"] == [2, 2, 2]
    assert view["round_until"] == 1_000 + 6_000
    deadline = game.deadline(state)
    assert deadline is not None and (deadline.kind, deadline.seat) == ("round_pause", 1)
    assert game.active_seats(state) == frozenset()
    assert refused(game, state, 2, NextRound(), 1_100).code == "not_start_player"
    assert refused(game, state, 1, act(game, "choose_word", index=0), 1_100).code == "round_over"
    for nxt in (apply(game, state, 1, NextRound(), 1_100), apply(game, state, None, Timeout(), 7_000)):
        assert nxt.phase == "word" and nxt.scout == 2 and game.view(nxt, None)["round"] == 2
        assert nxt.grid[:5] == tuple(PICTURES[15:20])


def test_stella_picture_count_is_bounded_by_the_pictures_that_exist() -> None:
    from tischrunde.games.stella import PICTURE_COUNT

    for bad in (PICTURE_COUNT + 1, 100_000, 10**30):
        with pytest.raises(ConfigError, match=r"options\.picture_count"):
            registry.get("stella").new(Config(game="stella", players=3, options={"picture_count": bad}))


# ---------------------------------------------------------------- Mogel-Motte


def test_mogelmotte_card_lookups_by_kind_and_value() -> None:
    assert len(cards_of("number")) == 43 and len(cards_of("moth")) == 8
    spiders = cards_of("spider")
    assert len(spiders) == 5 and sorted(VALUE[c] for c in spiders) == [1, 2, 3, 4, 5]
    (three,) = cards_of("spider", 3)
    assert KIND[three] == "spider" and VALUE[three] == 3 and CLASS[three] == "action"
    assert len(cards_of("number", 4)) == 8 and cards_of("moth", 5) == tuple(
        c for c in range(len(KIND)) if KIND[c] == "moth" and VALUE[c] == 5
    )
    with pytest.raises(KeyError):
        cards_of("dragon")


def test_mogelmotte_the_oldest_at_first_seat_gets_the_guard_bug_and_starts() -> None:
    state = registry.get("mogelmotte").new(Config(game="mogelmotte", players=4, seed=3, first_seat=2))
    view = registry.get("mogelmotte").view(state, None)
    assert (view["guard_seat"], view["turn_seat"], view["start_seat"]) == (2, 2, 2)
    with pytest.raises(ConfigError, match="first_seat"):
        registry.get("mogelmotte").new(Config(game="mogelmotte", players=4, first_seat=4))


def test_mogelmotte_the_start_player_may_end_the_round_pause_with_a_tap() -> None:
    game = registry.get("mogelmotte")
    numbers = {v: list(cards_of("number", v)) for v in range(1, 6)}
    # 3 seats, hand size 1: seat 1 (first_seat) holds a 3, the discard starts on a 2
    hands = [numbers[3][0], numbers[5][0], numbers[1][0]]
    deck = [*hands, numbers[2][0], *numbers[4][:3]]
    config = Config(
        game="mogelmotte",
        players=3,
        options={"hand_size": 1},
        decks={"main": [deck[1], deck[0], deck[2], *deck[3:]]},
        first_seat=1,
    )
    state = game.new(config)
    assert state.turn == 1 and state.hands[1] == (numbers[3][0],)
    state = apply(game, state, 1, Play(numbers[3][0]), 100)
    assert state.phase == "round_over" and game.deadline(state).kind == "round_pause"  # type: ignore[union-attr]
    assert refused(game, state, 0, NextRound(), 200).code == "not_start_player"
    state = apply(game, state, 1, NextRound(), 200)
    assert state.phase == "turn" and state.start_seat == 2 and state.guard == 2


# ---------------------------------------------------------------- Emojito


def test_emojito_rounds_count_from_one_and_the_start_player_performs_first() -> None:
    game = registry.get("emojito")
    state = game.new(Config(game="emojito", players=4, seed=2, first_seat=3))
    assert state.performers == (3,) and game.view(state, None)["round"] == 1
    teams = game.new(Config(game="emojito", players=6, options={"mode": "teams"}, first_seat=4))
    assert 4 in teams.performers  # seat 4 (team 1's second seat) starts for its team


def test_emojito_a_stacked_deck_fixes_the_order_of_the_seven_cards_laid_out() -> None:
    game = registry.get("emojito")
    deck = [40, 3, 17, 88, 5, 61, 12, 70, 9, 33, 21, 54, 77, 2]
    config = Config(game="emojito", players=3, seed=1, decks={"main": deck})
    for seed in (1, 2):
        state = game.new(msgspec.structs.replace(config, seed=seed))
        state = apply(game, state, 0, act(game, "performed"), 100)
        assert state.phase == "dial"
        assert state.layout == tuple(deck[:7])  # the performer's card first, then the six drawn, in order
        assert game.view(state, 1)["layout"] == deck[:7]


def test_emojito_the_reveal_stays_on_the_table_in_round_over() -> None:
    game = registry.get("emojito")
    deck = [40, 3, 17, 88, 5, 61, 12, 70, 9, 33, 21, 54, 77, 2, 60, 61 + 1]
    state = game.new(Config(game="emojito", players=3, seed=1, decks={"main": deck}, first_seat=1))
    state = apply(game, state, 1, act(game, "performed"), 100)
    answer = state.answers[0]
    state = apply(game, state, 0, act(game, "set_dial", number=answer), 200)
    state = apply(game, state, 2, act(game, "set_dial", number=answer % 7 + 1), 300)
    assert state.phase == "round_over"
    view = game.view(state, 0)
    assert view["round"] == 1 and view["last_round"]["round"] == 1 and view["last_round"]["correct"] == [0]
    assert view["round_until"] == 300 + 6_000
    deadline = game.deadline(state)
    assert deadline is not None and (deadline.kind, deadline.seat) == ("round_pause", 1)
    assert refused(game, state, 0, NextRound(), 400).code == "not_start_player"
    assert refused(game, state, 1, act(game, "performed"), 400).code == "round_over"
    for nxt in (apply(game, state, 1, NextRound(), 400), apply(game, state, None, Timeout(), 6_300)):
        assert nxt.phase == "perform" and nxt.performers == (2,) and game.view(nxt, None)["round"] == 2
