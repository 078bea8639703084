"""Wordland scenarios under the default options: a wrong word puts the player out, the Royal Guard's
immunity and force, the Queen at ``first_seat``, and the visible round end (stacked decks,
shared/rules/wordland.md)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tischrunde.core.errors import ConfigError, GameError
from tischrunde.core.game import Action, Config, NextRound, Timeout
from tischrunde.games.wordland import GAME, ChooseCategory, GuardForce, Say, State, binding_letters

T = 15_000
# English letter cards: table z (blue), b (purple), d (green); the Queen's red letter s
DECKS: dict[str, list[Any]] = {
    "categories": ["fruit", "colours", "mammals", "birds", "vegetables", "drinks", "sports", "clothing"],
    "letters_blue": ["z", "q", "j"],
    "letters_purple": ["b", "f", "y"],
    "letters_green": ["d", "c", "l"],
    "letters_red": ["s", "r", "i"],
}
FOUR = ["queen", "white_rabbit", "tweedles", "cheshire_cat"]


def started(characters: list[str] | None = None, *, first_seat: int | None = None, **options: Any) -> State:
    chars = characters or FOUR
    config = Config(
        game="wordland",
        players=len(chars),
        seed=7,
        language="en",
        options={"objection_s": 0, **options},
        decks={**DECKS, "characters": chars},
        first_seat=first_seat,
    )
    state = GAME.new(config)
    queen = state.characters.index("queen")
    state, _ = GAME.apply(state, queen, ChooseCategory(0), 0)
    assert state.phase == "play" and state.turn == queen
    return state


def act(state: State, seat: int | None, action: Action, t: int) -> tuple[State, list[Any]]:
    return GAME.apply(state, seat, action, t)


def refused(state: State, seat: int | None, action: Action, t: int) -> GameError:
    before = msgspec.json.encode(state)
    with pytest.raises(GameError) as info:
        GAME.apply(state, seat, action, t)
    assert msgspec.json.encode(state) == before
    return info.value


# ---------------------------------------------------------------- a wrong word puts the player out


def test_a_word_with_a_forbidden_letter_puts_the_player_out_at_once_shown_to_everyone() -> None:
    state = started()  # wrong_word defaults to "out" [seed]
    state, events = act(state, 0, Say("Banana"), 1_000)
    assert state.out == (True, False, False, False)
    assert [e.kind for e in events] == ["wrong_word", "out"]
    assert events[0].visible_to is None  # public
    assert events[0].data == {"word": "Banana", "reason": "forbidden_letter", "letter": "b", "turn_id": 1}
    assert events[1].data["reason"] == "wrong_word"
    # as if the timer had run out: the next player's turn starts at once with a full timer
    assert state.turn == 1 and state.turn_deadline == 1_000 + T
    view = GAME.view(state, 2)
    assert view["words"][-1] == {
        "turn_id": 1,
        "seat": 0,
        "word": "Banana",
        "status": "wrong",
        "reason": "forbidden_letter",
        "letter": "b",
    }
    assert view["scoring_cards"] == [1, None, None, None]
    assert view["characters"][0]["card"] == "down"


def test_a_repeat_puts_the_player_out_and_a_wrong_word_does_not_count_as_said() -> None:
    state, _ = act(started(), 0, Say("apple"), 1_000)
    state, events = act(state, 1, Say("APPLE"), 2_000)
    assert state.out[1] and events[0].data["reason"] == "repeated_word"
    assert events[0].data["letter"] is None
    # "kiwi" said wrongly by seat 2 (no: it has no forbidden letter); a wrong "Banana" leaves "banana" unsaid
    state, _ = act(state, 2, Say("banana"), 3_000)
    assert state.out[2]
    assert GAME.view(state, 3)["words"][-1]["status"] == "wrong"


def test_input_that_is_no_word_at_all_stays_a_refusal_that_changes_nothing() -> None:
    state = started()
    for junk in ("12", "two words", "x" * 5000, "ap\x00ple", "   ", "ap-ple"):
        error = refused(state, 0, Say(junk), 1_000)
        assert error.code in {
            "not_letters",
            "not_one_word",
            "word_too_long",
            "control_character",
            "empty_word",
        }
    assert state.out == (False,) * 4


def test_wrong_word_retry_keeps_todays_refusal() -> None:
    state = started(wrong_word="retry")
    assert refused(state, 0, Say("banana"), 1_000).code == "forbidden_letter"
    state, _ = act(state, 0, Say("apple"), 1_100)
    assert refused(state, 1, Say("apple"), 1_200).code == "repeated_word"
    assert GAME.view(state, None)["options"]["wrong_word"] == "retry"


def test_the_spoken_table_judges_by_vote_and_a_majority_against_puts_out_too() -> None:
    from tischrunde.games.wordland import Object, SaidIt, Vote

    state = started(input="spoken", objection_s=5)
    state, _ = act(state, 0, SaidIt(), 1_000)
    state, _ = act(state, 2, Object(1), 1_500)
    state, _ = act(state, 1, Vote(True), 1_600)
    state, _ = act(state, 3, Vote(True), 1_700)
    assert state.out[0]  # the same end as a typed wrong word


# ---------------------------------------------------------------- the Royal Guard


GUARDED = ["queen", "royal_guard", "tweedles", "cheshire_cat"]


def test_the_guard_may_not_force_before_the_queens_first_turn() -> None:
    state = started(GUARDED)
    assert not any(isinstance(a, GuardForce) for a in GAME.legal_actions(state, 1))
    assert 1 not in GAME.active_seats(state)
    assert refused(state, 1, GuardForce(2), 100).code == "queen_first"


def test_the_guard_may_not_force_the_player_whose_turn_it_is() -> None:
    state, _ = act(started(GUARDED), 0, Say("apple"), 100)
    state, _ = act(state, 1, Say("kiwi"), 200)
    assert state.turn == 2
    assert GuardForce(2) not in GAME.legal_actions(state, 1)
    assert refused(state, 1, GuardForce(2), 300).code == "force_own_turn"
    assert GuardForce(3) in GAME.legal_actions(state, 1)


def test_the_guard_ignores_the_red_letter_until_out() -> None:
    from tischrunde.games.wordland import PlaceLetter

    state, _ = act(started(GUARDED), 0, Say("apple"), 100)
    state, _ = act(state, 0, PlaceLetter(), 150)
    state, _ = act(state, 1, GuardForce(3), 200)  # sideways
    assert state.cards[1] == "sideways" and "s" not in binding_letters(state, 1)
    state, _ = act(state, 3, Say("kiwi"), 300)  # back to the interrupted Guard
    assert state.turn == 1
    state, _ = act(state, 1, Say("cherries"), 400)  # an s: the red letter does not bind the Guard
    assert not state.out[1] and state.turn == 2


# ---------------------------------------------------------------- the Queen goes to first_seat


def test_the_queen_goes_to_first_seat_and_the_stacked_characters_follow_clockwise() -> None:
    state = started(GUARDED, first_seat=2)
    assert state.characters == ("tweedles", "cheshire_cat", "queen", "royal_guard")
    assert state.turn == 2 and GAME.view(state, None)["turn"] == 2


def test_a_stacked_cast_places_the_queen_only_through_first_seat() -> None:
    config = Config(
        game="wordland", players=4, decks={"characters": ["white_rabbit", "queen", "tweedles", "alice"]}
    )
    with pytest.raises(ConfigError, match=r"decks\.characters"):
        GAME.new(config)
    for bad in (4, -1, True):
        with pytest.raises(ConfigError, match="first_seat"):
            GAME.new(Config(game="wordland", players=4, first_seat=bad))


def test_a_random_cast_puts_the_queen_at_first_seat() -> None:
    for seat in range(5):
        state = GAME.new(Config(game="wordland", players=5, seed=seat, first_seat=seat))
        assert state.characters[seat] == "queen"


# ---------------------------------------------------------------- the visible round end


def finish_round(state: State, t: int) -> tuple[State, int]:
    """Let the timer put out everyone but one."""
    while state.phase == "play":
        due = GAME.due_at(state)
        assert due is not None
        t = max(t, due)
        state, _ = act(state, None, Timeout(), t)
    return state, t


def test_a_round_ends_in_round_over_with_its_result_until_the_pause_or_the_queens_tap() -> None:
    state = started()
    state, _ = act(state, 0, Say("apple"), 1_000)
    state, t = finish_round(state, 1_000)
    assert state.phase == "round_over"
    view = GAME.view(state, 1)
    assert view["round"] == 1 and view["phase"] == "round_over"
    result = view["round_result"]
    assert result is not None and result["round"] == 1 and result["survivor"] == 0
    assert [w["word"] for w in result["words"]] == ["apple"]
    assert view["characters"][0]["character"] == "queen"  # characters pass only when the next round starts
    deadline = GAME.deadline(state)
    assert deadline is not None and (deadline.t, deadline.kind, deadline.seat) == (
        t + 6_000,
        "round_pause",
        0,
    )
    assert GAME.active_seats(state) == frozenset()  # bots and random play leave the pause to the clock
    assert refused(state, 1, NextRound(), t + 10).code == "not_start_player"
    assert refused(state, 1, Say("kiwi"), t + 10).code == "round_over"
    tapped, _ = act(state, 0, NextRound(), t + 10)
    timed, _ = act(state, None, Timeout(), t + 6_000)
    for nxt in (tapped, timed):
        assert nxt.phase == "choose" and GAME.view(nxt, None)["round"] == 2
        assert nxt.characters == ("cheshire_cat", "queen", "white_rabbit", "tweedles")


def test_no_round_over_after_the_last_round_and_none_with_a_zero_pause() -> None:
    state, _ = finish_round(started(rounds=1), 0)
    assert state.phase == "over"
    state, _ = finish_round(started(round_pause_ms=0), 0)
    assert state.phase == "choose"


def test_refusal_is_exactly_what_apply_raises_along_random_games() -> None:
    """One refusal: for every probe along random games, ``refusal`` names the error ``apply`` raises (code
    and rule), and None exactly when ``apply`` takes the action."""
    import random

    from tischrunde.games.wordland import (
        Bet,
        CatPass,
        Extend,
        HatterIgnore,
        Object,
        PlaceLetter,
        SaidIt,
        Vote,
        refusal,
    )

    checked = refused_seen = 0
    for seed, options in ((3, {}), (4, {"wrong_word": "retry"}), (5, {"input": "spoken"})):
        rand = random.Random(seed)
        config = Config(game="wordland", players=5, seed=seed, options=options)
        state = GAME.new(config)
        t = 0
        while state.phase != "over" and checked < 6_000:
            deadline = GAME.deadline(state)
            probes: list[Action] = [
                Say("Zebra"), Say("kiwi"), Say("a b"), SaidIt(), Vote(True), Object(state.turn_id - 1),
                PlaceLetter(), PlaceLetter(True), Extend(), CatPass(), HatterIgnore("q"), GuardForce(2),
                ChooseCategory(1), ChooseCategory(3), Bet(0), Bet(2),
            ]  # fmt: skip
            if state.phase != "round_over":  # the round pause is the core's
                for action in probes:
                    seat = rand.randrange(-1, 6)
                    expected = refusal(state, seat, action)
                    try:
                        GAME.transition(state, seat, action, t)
                    except GameError as error:
                        assert expected is not None, (action, seat)
                        assert (expected.code, expected.rule, str(expected)) == (
                            error.code,
                            error.rule,
                            str(error),
                        )
                        refused_seen += 1
                    else:
                        assert expected is None, (action, seat, expected)
                    checked += 1
            seats = [s for s in sorted(GAME.active_seats(state)) if GAME.legal_actions(state, s)]
            t += rand.randrange(0, 700)
            if deadline is not None and (t >= deadline.t or not seats):
                t = max(t, deadline.t)
                state, _ = GAME.apply(state, None, Timeout(), t)
            else:
                seat = rand.choice(seats)
                state, _ = GAME.apply(state, seat, rand.choice(GAME.legal_actions(state, seat)), t)
    assert checked >= 3_000 and 0 < refused_seen < checked
