"""Scenario tests for every Wordland rule and character, on stacked decks (shared/rules/wordland.md)."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tischrunde.core.errors import (
    ConfigError,
    GameError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
)
from tischrunde.core.game import Action, Config, Timeout
from tischrunde.games.wordland import (
    GAME,
    Bet,
    CatPass,
    ChooseCategory,
    Extend,
    GuardForce,
    HatterIgnore,
    Object,
    PlaceLetter,
    SaidIt,
    Say,
    State,
    Vote,
    binding_letters,
)
from tischrunde.games.wordland.content import category

T = 15_000  # default timer in ms
# English letter cards used below: blue z, purple b (table) / f (Rabbit), green d, red s
EN_DECKS: dict[str, list[Any]] = {
    "categories": ["fruit", "colours", "mammals", "birds", "vegetables", "drinks", "sports", "clothing"],
    "letters_blue": ["z", "q", "j"],
    "letters_purple": ["b", "f", "y"],
    "letters_green": ["d", "c", "l"],
    "letters_red": ["s", "r", "i"],
}
FOUR = ["queen", "white_rabbit", "tweedles", "cheshire_cat"]


def new(
    characters: list[str] | None = None,
    *,
    players: int | None = None,
    language: str = "en",
    options: dict[str, Any] | None = None,
    decks: dict[str, list[Any]] | None = None,
) -> State:
    chars = characters or FOUR
    all_decks = {**EN_DECKS, **(decks or {}), "characters": chars}
    if language == "de":
        all_decks = {k: v for k, v in all_decks.items() if not k.startswith("letters_")} | (decks or {})
    # the scenarios below test today's refusals (wrong_word=retry) without a round pause, unless they say
    # otherwise; tests/games/wordland/test_rules_defaults.py covers the defaults (out, round_over)
    config = Config(
        game="wordland",
        players=players or len(chars),
        seed=7,
        language=language,  # type: ignore[arg-type]
        options={"wrong_word": "retry", "round_pause_ms": 0, **(options or {})},
        decks=all_decks,
    )
    state = GAME.new(config)
    assert isinstance(state, State)
    return state


def act(state: State, seat: int | None, action: Action, t: int) -> State:
    out, _ = GAME.apply(state, seat, action, t)
    return out


def started(characters: list[str] | None = None, **kw: Any) -> State:
    """A game in its play phase: the Queen (seat 0) chose card 0 at t=0 (the Caterpillar bets on 1)."""
    state = act(new(characters, **kw), 0, ChooseCategory(0), 0)
    if state.phase == "bet":
        cat = state.characters.index("caterpillar")
        state = act(state, cat, Bet(1 if cat != 1 else 2), 0)
    assert state.phase == "play"
    return state


def rejects(state: State, seat: int | None, action: Action, t: int, match: str | None = None) -> GameError:
    before = msgspec.json.encode(state)
    with pytest.raises(GameError, match=match) as info:
        GAME.apply(state, seat, action, t)
    assert msgspec.json.encode(state) == before
    return info.value


def letters(state: State) -> list[str]:
    return [x["letter"] for x in GAME.view(state, None)["forbidden_letters"]]


# ---------------------------------------------------------------- setup


def test_queen_goes_to_seat_zero_and_three_players_have_no_caterpillar_or_alice() -> None:
    for seed in range(40):
        state = GAME.new(Config(game="wordland", players=3, seed=seed))
        assert state.characters[0] == "queen"
        assert not {"caterpillar", "alice"} & set(state.characters)
        assert len(set(state.characters)) == 3
    big = GAME.new(Config(game="wordland", players=8, seed=1))
    assert sorted(big.characters) == sorted(
        [
            "queen",
            "white_rabbit",
            "tweedles",
            "cheshire_cat",
            "caterpillar",
            "alice",
            "mad_hatter",
            "royal_guard",
        ]
    )


def test_stacked_characters_are_checked() -> None:
    with pytest.raises(ConfigError, match=r"decks\.characters"):
        new(["queen", "alice", "tweedles"])
    with pytest.raises(ConfigError, match=r"decks\.characters"):
        new(["white_rabbit", "tweedles", "cheshire_cat", "alice"])
    with pytest.raises(ConfigError, match=r"decks\.letters_blue"):
        new(decks={"letters_blue": ["e"]})
    with pytest.raises(ConfigError, match=r"decks\.categories"):
        new(decks={"categories": ["no_such_category"]})


def test_scoring_option_is_a_table_checked_against_the_player_count() -> None:
    with pytest.raises(ConfigError, match=r"options\.scoring"):
        new(options={"scoring": {"4": [0, 1, 2]}})
    state = new(options={"scoring": {"4": [0, 2, 4, 9]}})
    assert state.options.scoring == (0, 2, 4, 9)
    with pytest.raises(ConfigError, match=r"options\.scoring"):
        new(options={"scoring": {4: [0, 2, 4, 8]}})  # JSON keys are strings
    with pytest.raises(ConfigError, match=r"options\.scoring"):
        new(options={"scoring": {"4": [0, 1, 2, -3]}})
    assert GAME.spec.option("scoring").default["5"] == [0, 1, 2, 3, 5]


def test_the_default_scoring_table_passes_the_check_it_skips() -> None:
    from tischrunde.games.wordland.content import DEFAULT_SCORING
    from tischrunde.games.wordland.rules import check_scoring

    for players in range(GAME.spec.min_players, GAME.spec.max_players + 1):
        check_scoring(json.loads(json.dumps(DEFAULT_SCORING)), players)  # a copy: checked in full


def test_queen_chooses_one_of_two_cards_and_only_she_sees_them() -> None:
    state = new()
    assert state.phase == "choose"
    assert GAME.active_seats(state) == frozenset({0})
    queen = GAME.view(state, 0)
    assert [c["id"] for c in queen["category_choice"]] == ["fruit", "colours"]
    for seat in (None, 1, 2, 3):
        assert GAME.view(state, seat)["category_choice"] is None
    rejects(state, 1, ChooseCategory(0), 10, "Queen")
    rejects(state, 0, ChooseCategory(2), 10, "0 or 1")
    state = act(state, 0, ChooseCategory(1), 100)
    assert state.deal.category == "colours"
    assert GAME.view(state, 0)["declined_category"]["id"] == "fruit"
    assert GAME.view(state, 1)["declined_category"] is None
    assert "fruit" not in json.dumps(GAME.view(state, 2))


def test_choice_timeout_takes_the_first_card() -> None:
    state = new()
    assert GAME.due_at(state) == 30_000
    rejects(state, None, Timeout(), 29_999)
    state = act(state, None, Timeout(), 30_000)
    assert state.deal.category == "fruit"
    assert state.turn == 0


@pytest.mark.parametrize(
    ("difficulty", "expected"),
    [("easy", [("z", "blue")]), ("normal", [("z", "blue"), ("b", "purple"), ("d", "green")]),
     ("hard", [("b", "purple"), ("d", "green"), ("c", "green")])],
)  # fmt: skip
def test_difficulty_decides_the_forbidden_letters(difficulty: str, expected: list[tuple[str, str]]) -> None:
    state = new(options={"difficulty": difficulty})
    shown = [(x["letter"], x["colour"]) for x in GAME.view(state, 1)["forbidden_letters"]]
    assert shown == expected


# ---------------------------------------------------------------- turns, timer, out


def test_queen_starts_and_valid_words_pass_the_turn_clockwise_with_a_fresh_timer() -> None:
    state = started()
    assert state.turn == 0
    assert GAME.view(state, 0)["turn_deadline"] == T
    rejects(state, 1, Say("apple"), 100, "not your turn")
    state = act(state, 0, Say("apple"), 2_000)
    assert state.turn == 1
    assert state.turn_deadline == 2_000 + T
    state = act(state, 1, Say("Pear"), 3_000)
    assert state.turn == 2
    assert [w.word for w in state.words] == ["apple", "Pear"]


def test_timeout_puts_the_player_out_with_the_top_scoring_card_and_restarts_the_timer() -> None:
    state = started(options={"objection_s": 0})
    rejects(state, None, Timeout(), T - 1)
    rejects(state, 2, Timeout(), T, "clock")
    state = act(state, None, Timeout(), T)
    assert state.out == (True, False, False, False)
    assert GAME.view(state, 1)["scoring_cards"] == [1, None, None, None]
    assert GAME.view(state, 1)["characters"][0]["card"] == "down"
    assert state.turn == 1 and state.turn_deadline == 2 * T
    assert rejects(state, 1, Say("apple"), 2 * T, "Too late").code == "deadline_passed"


def test_last_one_standing_takes_the_last_card_and_scores_by_the_table() -> None:
    state = started(options={"objection_s": 0})
    for _ in range(3):
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    assert state.deal.round == 1
    result = state.deal.history[0]
    assert result.cards == (1, 2, 3, 4)
    assert result.card_points == (0, 1, 2, 4)
    assert state.deal.points == (0, 1, 2, 4)
    assert GAME.view(state, None)["last_round"]["cards"] == [1, 2, 3, 4]


def test_custom_scoring_table_is_used() -> None:
    state = started(options={"objection_s": 0, "scoring": {"4": [1, 3, 5, 10]}})
    for _ in range(3):
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    assert state.deal.points == (1, 3, 5, 10)


# ---------------------------------------------------------------- word checks


@pytest.mark.parametrize(
    ("word", "code"),
    [
        ("", "empty_word"),
        ("   ", "empty_word"),
        ("red apple", "not_one_word"),
        ("apple2", "not_letters"),
        ("apple-pie", "not_letters"),
        ("<b>apple</b>", "not_letters"),
        ("apple\x00", "control_character"),
        ("app\u200ble", "control_character"),
        ("a" * 41, "word_too_long"),
        ("zebra", "forbidden_letter"),
        ("banana", "forbidden_letter"),
        ("date", "forbidden_letter"),
    ],
)
def test_bad_words_are_rejected_with_a_reason_and_change_nothing(word: str, code: str) -> None:
    state = started()
    error = rejects(state, 0, Say(word), 100)
    assert error.code == code


def test_forbidden_letter_refusal_names_the_letter_in_english_whatever_the_table_language() -> None:
    # one scheme: an English sentence beside the code and the rule; the web app has the German words by code
    state = started()
    assert "Z" in rejects(state, 0, Say("Zebra"), 100).message
    german = started(language="de", decks={"letters_blue": ["q"], "letters_purple": ["w", "k"],
                                           "letters_green": ["o"], "letters_red": ["t"]})  # fmt: skip
    error = rejects(german, 0, Say("Sofa"), 100)
    assert (error.code, error.rule) == ("forbidden_letter", "forbidden_letters")
    assert error.message == "“Sofa” contains the forbidden letter O."


def test_repeats_are_rejected_case_insensitively_within_the_round() -> None:
    state = act(started(), 0, Say("apple"), 100)
    error = rejects(state, 1, Say("APPLE"), 200)
    assert error.code == "repeated_word"
    assert act(state, 1, Say("pear"), 200).turn == 2


def test_surrounding_spaces_are_trimmed() -> None:
    state = act(started(), 0, Say("  mango "), 100)
    assert state.words[-1].word == "mango"


@pytest.mark.parametrize(("fold", "accepted"), [(True, False), (False, True)])
def test_fold_umlauts_makes_umlauts_count_as_their_base_letter(fold: bool, accepted: bool) -> None:
    decks = {"categories": ["toys", "fruit"], "letters_blue": ["q"], "letters_purple": ["k", "m"],
             "letters_green": ["u"], "letters_red": ["t"]}  # fmt: skip
    state = started(language="de", options={"fold_umlauts": fold}, decks=decks)
    if accepted:
        assert act(state, 0, Say("Würfel"), 100).turn == 1
    else:
        assert rejects(state, 0, Say("Würfel"), 100).code == "forbidden_letter"


def test_eszett_folds_to_s() -> None:
    decks = {"categories": ["sports", "fruit"], "letters_blue": ["q"], "letters_purple": ["w", "k"],
             "letters_green": ["s"], "letters_red": ["t"]}  # fmt: skip
    state = started(language="de", decks=decks)
    assert rejects(state, 0, Say("Fußball"), 100).code == "forbidden_letter"
    assert act(
        started(language="de", decks=decks, options={"fold_umlauts": False}), 0, Say("Fußball"), 1
    ).turn


# ---------------------------------------------------------------- judging


def test_objection_opens_a_vote_and_a_majority_against_puts_the_word_player_out() -> None:
    state = act(started(), 0, Say("carrot"), 1_000)  # accepted at once, window until 6 000
    assert state.turn == 1
    window = GAME.view(state, 2)["objection_windows"]
    assert window == [{"turn_id": 1, "seat": 0, "word": "carrot", "closes_at": 6_000}]
    rejects(state, 0, Object(1), 2_000, "own word")
    state = act(state, 2, Object(1), 3_000)
    view = GAME.view(state, 1)
    assert view["vote"]["voters"] == [1, 2, 3]
    assert view["vote"]["ballots"] == [None, None, True, None]
    assert GAME.active_seats(state) == frozenset({1, 3})
    rejects(state, 1, Say("pear"), 3_500, "vote")
    rejects(state, 0, Vote(True), 3_500, "no vote")
    state = act(state, 1, Vote(True), 5_000)
    state = act(state, 3, Vote(False), 7_000)
    assert state.vote is None
    assert state.out[0]
    assert state.words[0].status == "rejected"
    assert GAME.view(state, 1)["scoring_cards"][0] == 1
    # the turn clock stood still for the 4 s of the vote
    assert state.turn == 1 and state.turn_deadline == 1_000 + T + 4_000


def test_a_tie_keeps_the_word() -> None:
    state = act(started(), 0, Say("carrot"), 1_000)
    state = act(state, 2, Object(1), 2_000)
    state = act(state, 1, Vote(False), 2_500)
    state = act(state, 3, Vote(True), 2_600)  # 2 against, 1 keep -> out; so use a 2-2 split below
    assert state.out[0]
    five = started(["queen", "white_rabbit", "tweedles", "cheshire_cat", "alice"])
    five = act(five, 0, Say("carrot"), 1_000)
    five = act(five, 2, Object(1), 2_000)
    five = act(five, 1, Vote(False), 2_500)
    five = act(five, 3, Vote(False), 2_600)
    five = act(five, 4, Vote(True), 2_700)
    assert not five.out[0]
    assert five.words[0].status == "kept"


def test_vote_deadline_counts_only_the_cast_ballots() -> None:
    state = act(started(options={"vote_s": 10}), 0, Say("carrot"), 1_000)
    state = act(state, 2, Object(1), 2_000)
    assert GAME.due_at(state) == 12_000
    state = act(state, 3, Vote(False), 3_000)
    state = act(state, None, Timeout(), 12_000)
    assert state.vote is None and not state.out[0]


def test_objection_window_closes_and_then_objections_are_refused() -> None:
    state = act(started(), 0, Say("carrot"), 1_000)
    assert GAME.due_at(state) == 6_000
    # an objection window is a window nobody needs to use: an action after it closes it by itself
    assert rejects(state, 2, Object(1), 6_000, "no longer").code == "no_objection_window"
    state = act(state, None, Timeout(), 6_000)
    assert state.windows == ()
    rejects(state, 2, Object(1), 6_500, "no longer")
    assert Object(1) not in GAME.legal_actions(state, 2)


def test_no_objections_when_the_window_is_zero() -> None:
    state = act(started(options={"objection_s": 0}), 0, Say("carrot"), 1_000)
    assert state.windows == ()
    assert GAME.due_at(state) == 1_000 + T


def test_spoken_table_confirms_words_and_still_allows_objections() -> None:
    state = started(options={"input": "spoken"})
    assert GAME.legal_actions(state, 0)[0] == SaidIt()
    rejects(state, 0, Say("apple"), 100, "spoken")
    state = act(state, 0, SaidIt(), 100)
    assert state.words[0].word is None and state.turn == 1
    state = act(state, 1, Object(1), 200)
    assert state.vote is not None
    typed = started()
    rejects(typed, 0, SaidIt(), 100, "Type")


# ---------------------------------------------------------------- characters


def test_queen_lays_out_her_secret_red_letter_after_her_turn_until_her_next_turn() -> None:
    state = started()
    assert GAME.view(state, 0)["my_letter"] == {"letter": "s", "colour": "red", "state": "held"}
    for seat in (None, 1, 2, 3):
        assert GAME.view(state, seat)["my_letter"] != {"letter": "s", "colour": "red", "state": "held"}
    assert PlaceLetter() not in GAME.legal_actions(state, 0)
    rejects(state, 0, PlaceLetter(), 100, "after your own turn")
    state = act(state, 0, Say("apple"), 100)
    state = act(state, 0, PlaceLetter(), 200)
    assert "s" in letters(state)
    assert rejects(state, 1, Say("cherries"), 300).code in ("forbidden_letter",)
    assert "s" not in binding_letters(state, 0)
    for seat, word in ((1, "pear"), (2, "lemon"), (3, "mango")):
        state = act(state, seat, Say(word), 400 + seat)
    assert state.turn == 0
    assert "s" not in letters(state)  # removed when her next turn starts
    assert PlaceLetter() not in GAME.legal_actions(act(state, 0, Say("melon"), 500), 0)


def test_queen_can_only_lay_out_during_the_next_turn() -> None:
    state = act(act(started(), 0, Say("apple"), 100), 1, Say("pear"), 200)
    assert PlaceLetter() not in GAME.legal_actions(state, 0)
    rejects(state, 0, PlaceLetter(), 300)


def test_white_rabbit_lays_out_its_purple_letter_and_may_replace_the_red_one() -> None:
    state = started()
    assert GAME.view(state, 1)["my_letter"] == {"letter": "f", "colour": "purple", "state": "held"}
    assert "f" not in letters(state)
    state = act(state, 0, Say("apple"), 100)
    state = act(state, 0, PlaceLetter(), 150)
    state = act(state, 1, Say("pear"), 200)
    assert PlaceLetter(replace_red=True) in GAME.legal_actions(state, 1)
    state = act(state, 1, PlaceLetter(replace_red=True), 300)
    shown = letters(state)
    assert "f" in shown and "s" not in shown
    assert state.red_state == "gone"
    assert "f" not in binding_letters(state, 1) and "f" in binding_letters(state, 2)


def test_rabbit_cannot_replace_a_red_letter_that_is_not_out() -> None:
    state = act(act(started(), 0, Say("apple"), 100), 1, Say("pear"), 200)
    rejects(state, 1, PlaceLetter(replace_red=True), 300, "red letter")


def test_tweedles_extend_their_turn_twice_while_the_timer_runs() -> None:
    state = act(act(started(), 0, Say("apple"), 0), 1, Say("pear"), 0)
    assert state.turn == 2 and state.turn_deadline == T
    assert Extend() in GAME.legal_actions(state, 2)
    rejects(state, 1, Extend(), 100)
    state = act(state, 2, Extend(), 1_000)
    state = act(state, 2, Extend(), 2_000)
    assert state.turn_deadline == 3 * T
    assert Extend() not in GAME.legal_actions(state, 2)
    rejects(state, 2, Extend(), 3_000, "time token")
    assert rejects(state, 2, Extend(), 3 * T, "Too late").code == "deadline_passed"


def test_cheshire_cat_passes_once_per_round() -> None:
    state = started()
    for seat, word in ((0, "apple"), (1, "pear"), (2, "lemon")):
        state = act(state, seat, Say(word), 100)
    state = act(state, 3, CatPass(), 200)
    assert state.turn == 0 and state.cards[3] == "sideways"
    assert state.words[-1].status == "pass"
    for seat, word in ((0, "mango"), (1, "melon"), (2, "lime")):
        state = act(state, seat, Say(word), 300)
    assert CatPass() not in GAME.legal_actions(state, 3)
    rejects(state, 3, CatPass(), 400, "Cheshire Cat")
    rejects(started(), 0, CatPass(), 100, "Cheshire Cat")


def test_caterpillar_bets_secretly_and_gains_half_of_its_target_points() -> None:
    chars = ["queen", "caterpillar", "alice", "tweedles"]
    state = act(new(chars, options={"objection_s": 0}), 0, ChooseCategory(0), 0)
    assert state.phase == "bet" and GAME.active_seats(state) == frozenset({1})
    rejects(state, 1, Bet(1), 10, "another")
    rejects(state, 2, Bet(3), 10, "Caterpillar")
    rejects(state, 0, Say("apple"), 10, "not started")
    state = act(state, 1, Bet(2), 100)
    assert GAME.view(state, 1)["caterpillar"]["bet"] == 2
    for seat in (None, 0, 2, 3):
        assert GAME.view(state, seat)["caterpillar"] == {"seat": 1, "bet_placed": True, "bet": None}
    # out order: 0 (timeout), 1, 3; survivor: Alice (seat 2)
    state = act(state, None, Timeout(), 100 + T)
    state = act(state, None, Timeout(), 100 + 2 * T)
    state = act(state, 2, Say("pear"), 100 + 2 * T + 10)
    state = act(state, None, Timeout(), 100 + 3 * T + 10)
    result = state.deal.history[0]
    assert result.cards == (1, 2, 4, 3)
    assert result.card_points == (0, 1, 4, 2)
    assert result.bonus == (0, 2, 2, 0)  # Caterpillar: 4 // 2 (even though it went out), Alice: 4 // 2
    assert GAME.view(state, 0)["last_round"]["caterpillar_bet"] == 2


def test_bonus_when_out_off_drops_bonuses_of_characters_that_went_out() -> None:
    chars = ["queen", "caterpillar", "alice", "tweedles"]
    state = act(new(chars, options={"objection_s": 0, "bonus_when_out": False}), 0, ChooseCategory(0), 0)
    state = act(state, 1, Bet(2), 0)
    for _ in range(3):
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    # out order 0, 1, 2; survivor 3
    assert state.deal.history[0].bonus == (0, 0, 0, 0)


def test_bet_timeout_places_no_bet() -> None:
    chars = ["queen", "caterpillar", "alice", "tweedles"]
    state = act(new(chars), 0, ChooseCategory(0), 0)
    state = act(state, None, Timeout(), 30_000)
    assert state.phase == "play" and state.deal.bet is None


def test_alice_gains_half_of_her_points() -> None:
    chars = ["queen", "tweedles", "cheshire_cat", "alice"]
    state = started(chars, options={"objection_s": 0})
    for _ in range(3):
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    assert state.deal.history[0].bonus == (0, 0, 0, 2)
    assert state.deal.points[3] == 6


def test_mad_hatter_ignores_one_displayed_letter_for_the_rest_of_the_round() -> None:
    chars = ["queen", "mad_hatter", "tweedles", "cheshire_cat"]
    state = act(started(chars), 0, Say("apple"), 100)
    assert HatterIgnore("b") in GAME.legal_actions(state, 1)
    rejects(state, 1, HatterIgnore("e"), 150, "not a displayed")
    rejects(state, 2, HatterIgnore("b"), 150, "Hatter")
    state = act(state, 1, HatterIgnore("B"), 200)
    assert state.cards[1] == "sideways"
    assert "b" not in binding_letters(state, 1) and "b" in binding_letters(state, 2)
    state = act(state, 1, Say("banana"), 300)
    assert rejects(state, 2, Say("blueberry"), 400).code == "forbidden_letter"
    assert not any(isinstance(a, HatterIgnore) for a in GAME.legal_actions(state, 1))


def test_hatter_scope_all_frees_the_letter_for_everyone() -> None:
    chars = ["queen", "mad_hatter", "tweedles", "cheshire_cat"]
    state = act(started(chars, options={"hatter_scope": "all"}), 1, HatterIgnore("b"), 100)
    assert "b" not in binding_letters(state, 0)
    assert act(state, 0, Say("banana"), 200).turn == 1


def test_royal_guard_ignores_the_red_letter_all_round_also_after_turning_sideways() -> None:
    chars = ["queen", "royal_guard", "tweedles", "cheshire_cat"]
    state = act(act(started(chars), 0, Say("apple"), 100), 0, PlaceLetter(), 150)
    assert "s" not in binding_letters(state, 1) and "s" in binding_letters(state, 2)
    guarded = act(state, 1, Say("cherries"), 200)
    assert guarded.turn == 2
    # the Guard may not force the player whose turn it is (itself here) but another one
    forced = act(state, 1, GuardForce(3), 200)
    assert forced.cards[1] == "sideways"
    assert "s" not in binding_letters(forced, 1)  # sideways pays for the force, not for the immunity


def test_royal_guard_forces_a_player_to_take_a_turn_at_once_then_play_resumes() -> None:
    chars = ["queen", "royal_guard", "tweedles", "cheshire_cat"]
    state = act(started(chars), 0, Say("apple"), 100)
    assert state.turn == 1
    rejects(state, 1, GuardForce(1), 200, "another player")
    state = act(state, 1, GuardForce(3), 1_000)
    assert state.turn == 3 and state.turn_deadline == 1_000 + T
    assert GAME.view(state, 0)["forced_turn"] is True
    assert not any(isinstance(a, GuardForce) for a in GAME.legal_actions(state, 1))
    state = act(state, 3, Say("pear"), 2_000)
    assert state.turn == 1  # the interrupted turn restarts with a full timer
    assert state.turn_deadline == 2_000 + T
    state = act(state, 1, Say("lemon"), 3_000)
    assert state.turn == 2


def test_forced_player_timing_out_is_out_and_play_resumes_with_the_interrupted_player() -> None:
    chars = ["queen", "royal_guard", "tweedles", "cheshire_cat"]
    state = act(act(started(chars, options={"objection_s": 0}), 0, Say("apple"), 100), 1, GuardForce(2), 200)
    state = act(state, None, Timeout(), 200 + T)
    assert state.out[2] and state.turn == 1


def test_out_means_the_ability_is_gone_and_a_laid_letter_is_removed() -> None:
    state = act(act(started(), 0, Say("apple"), 100), 0, PlaceLetter(), 150)
    state = act(state, 1, Object(1), 200)
    state = act(act(state, 2, Vote(True), 300), 3, Vote(True), 400)
    assert state.out[0] and state.cards[0] == "down"
    assert "s" not in letters(state)
    cat_out = act(started(options={"objection_s": 0}), 0, Say("apple"), 100)
    cat_out = act(act(cat_out, 1, Say("pear"), 200), 2, Say("lemon"), 300)
    cat_out = act(cat_out, None, Timeout(), 300 + T)
    assert cat_out.out[3] and CatPass() not in GAME.legal_actions(cat_out, 3)


# ---------------------------------------------------------------- rounds and end


def test_characters_pass_left_and_the_game_lasts_as_many_rounds_as_players() -> None:
    state = started(options={"objection_s": 0})
    for _ in range(3):
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    assert state.deal.round == 1 and state.phase == "choose"
    assert state.characters == ("cheshire_cat", "queen", "white_rabbit", "tweedles")
    assert GAME.active_seats(state) == frozenset({1})  # the new Queen chooses
    while GAME.outcome(state) is None:
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    assert len(state.deal.history) == 4
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sorted(outcome.scores) == [7.0, 7.0, 7.0, 7.0]  # everyone took cards 1..4 once
    assert outcome.winners == [0, 1, 2, 3] and outcome.ranks == [1, 1, 1, 1]
    assert set(outcome.details["character_points"]) == set(FOUR)
    assert GAME.legal_actions(state, 0) == [] and GAME.due_at(state) is None


def test_rounds_option_and_ties_share_the_win() -> None:
    state = started(options={"objection_s": 0, "rounds": 1})
    for _ in range(3):
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [3]
    assert outcome.details["outs"] == [1, 1, 1, 0]


def test_after_the_round_the_view_suggests_words_that_would_have_fitted() -> None:
    state = started(options={"objection_s": 0, "rounds": 1})
    for _ in range(3):
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    could = GAME.view(state, 2)["last_round"]["could_have_said"]
    assert 1 <= len(could) <= 5
    assert all(not set("zbd") & set(w) for w in could)


@pytest.mark.parametrize(
    ("language", "first", "capitalised"),
    [("de", "fruit", True), ("en", "fruit", False), ("de", "movement", False)],
)
def test_suggested_words_are_written_as_people_write_them(
    language: str, first: str, capitalised: bool
) -> None:
    """German nouns capitalised (Apfel), German verbs and English words in lower case; judging folds case."""
    cats = [first, *(c for c in EN_DECKS["categories"] if c != first)]
    state = started(language=language, options={"objection_s": 0, "rounds": 1}, decks={"categories": cats})
    assert state.deal.category == first
    for _ in range(3):
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    could = GAME.view(state, 2)["last_round"]["could_have_said"]
    assert could and all(w[:1].isupper() == capitalised for w in could), could
    lexicon = {w.casefold() for w in category(first).words[language]}
    assert all(w.casefold() in lexicon for w in could)


# ---------------------------------------------------------------- hidden information, legality


def test_views_do_not_show_the_hidden_letters_or_the_bet() -> None:
    chars = ["queen", "white_rabbit", "caterpillar", "alice", "royal_guard"]
    state = act(act(new(chars), 0, ChooseCategory(0), 0), 2, Bet(4), 10)
    for seat in (None, 1, 3, 4):
        text = json.dumps(GAME.view(state, seat))
        assert '"bet": 4' not in text
    assert '"letter": "s"' not in json.dumps(GAME.view(state, 1))
    assert '"letter": "f"' not in json.dumps(GAME.view(state, 0))
    for seat in (None, 0, 2, 3, 4):
        other = GAME.rerandomize_hidden(state, seat, 3)
        assert GAME.view(other, seat) == GAME.view(state, seat)


def test_legal_actions_are_all_accepted() -> None:
    state = started(["queen", "royal_guard", "mad_hatter", "tweedles", "cheshire_cat"])
    state = act(state, 0, Say("apple"), 100)
    for seat in range(5):
        for action in GAME.legal_actions(state, seat):
            GAME.apply(state, seat, action, 200)


def test_actions_from_no_seat_or_after_the_end_are_refused() -> None:
    state = started()
    with pytest.raises(IllegalActionError):
        GAME.apply(state, None, Say("apple"), 100)
    with pytest.raises(NotYourTurnError):
        GAME.apply(new(), 2, Say("apple"), 100)


# ---------------------------------------------------------------- more timing and judging details


def test_short_timer_option_and_tweedles_extend_by_one_timer_length() -> None:
    state = started(options={"timer_s": 10})
    assert state.turn_deadline == 10_000
    state = act(act(state, 0, Say("apple"), 0), 1, Say("pear"), 0)
    assert act(state, 2, Extend(), 500).turn_deadline == 20_000


def test_a_vote_freezes_every_other_objection_window_too() -> None:
    state = act(act(started(), 0, Say("carrot"), 1_000), 1, Say("pear"), 2_000)
    assert [w.closes_at for w in state.windows] == [6_000, 7_000]
    state = act(state, 3, Object(1), 3_000)
    assert GAME.due_at(state) == 3_000 + 20_000  # only the vote's deadline counts meanwhile
    state = act(act(state, 1, Vote(False), 4_000), 2, Vote(False), 5_000)
    assert [w.closes_at for w in state.windows] == [9_000]  # 7 000 + the 2 s the vote took
    assert state.turn_deadline == 2_000 + T + 2_000


def test_a_rejected_word_may_be_said_again() -> None:
    state = act(started(), 0, Say("carrot"), 1_000)
    state = act(act(act(state, 1, Object(1), 1_500), 2, Vote(True), 1_600), 3, Vote(True), 1_700)
    assert state.out[0] and state.turn == 1
    assert act(state, 1, Say("Carrot"), 2_000).turn == 2


def test_objection_windows_of_a_player_who_is_out_are_closed() -> None:
    state = act(started(options={"objection_s": 10}), 0, Say("apple"), 1_000)
    state = act(state, 1, Say("pear"), 2_000)
    # seat 0's word is voted out: the window on seat 0's word has gone, seat 1's remains
    state = act(act(act(state, 2, Object(1), 3_000), 1, Vote(True), 3_100), 3, Vote(True), 3_200)
    assert [w.seat for w in state.windows] == [1]


def test_letters_and_categories_are_renewed_every_round() -> None:
    state = started(options={"objection_s": 0})
    first = letters(state)
    for _ in range(3):
        state = act(state, None, Timeout(), GAME.due_at(state) or 0)
    assert state.deal.round == 1
    second = letters(act(state, 1, ChooseCategory(0), (state.deal.phase_deadline or 0) - 1))
    assert first == ["z", "b", "d"] and second == ["q", "y", "c"]
    assert [c["id"] for c in GAME.view(state, 1)["category_choice"]] == ["mammals", "birds"]


def test_same_config_and_actions_give_the_same_game() -> None:
    config = Config(game="wordland", players=5, seed=99, language="de")
    assert msgspec.json.encode(GAME.new(config)) == msgspec.json.encode(GAME.new(config))
    other = Config(game="wordland", players=5, seed=100, language="de")
    assert msgspec.json.encode(GAME.new(config)) != msgspec.json.encode(GAME.new(other))


def test_options_are_documented_and_every_ours_rule_is_an_option() -> None:
    names = {o.name for o in GAME.spec.options}
    assert names == {
        "difficulty", "timer_s", "objection_s", "vote_s", "choose_s", "fold_umlauts", "input", "scoring",
        "hatter_scope", "bonus_when_out", "rounds", "wrong_word", "round_pause_ms", "own_categories",
    }  # fmt: skip
    assert GAME.spec.option("wrong_word").default == "out"
    assert GAME.spec.option("wrong_word").source == "seed"
    assert GAME.spec.option("timer_s").choices == (10, 15)
    assert GAME.spec.option("fold_umlauts").default is True
    assert GAME.spec.deck_names == (
        "categories", "characters", "letters_blue", "letters_purple", "letters_green", "letters_red",
    )  # fmt: skip


# ---------------------------------------------------------------- hostile input


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_typed_text_is_accepted_or_refused_with_a_game_error(text: str) -> None:
    state = STARTED
    before = msgspec.json.encode(state)
    try:
        after = act(state, 0, Say(text), 100)
    except GameError as exc:
        assert exc.code in {
            "empty_word", "not_one_word", "not_letters", "control_character", "word_too_long", "forbidden_letter",
        }  # fmt: skip
    else:
        assert after.words[-1].word == unicodedata.normalize("NFC", text).strip()
        assert after.words[-1].word.isalpha()
    assert msgspec.json.encode(state) == before


def test_malformed_actions_are_refused_when_decoded() -> None:
    with pytest.raises(MalformedActionError):
        GAME.decode_action({"type": "say", "word": 42})
    with pytest.raises(MalformedActionError):
        GAME.decode_action(b'{"type": "vote"}')
    assert GAME.decode_action({"type": "say", "word": "<script>"}) == Say("<script>")


STARTED = started()


@pytest.mark.parametrize("config", GAME.example_configs(), ids=lambda c: f"{c.players}p-{c.options}")
def test_active_seats_are_the_seats_with_legal_actions_or_the_turn(config: Config) -> None:
    from tischrunde.bots import RandomBot
    from tischrunde.bots.driver import play_game
    from tischrunde.core.records import states

    result = play_game(config, [RandomBot(s, 1) for s in range(config.players)])
    for state, _ in states(result.record):
        expected = {
            s
            for s in range(config.players)
            if GAME.legal_actions(state, s)
            or (state.phase == "play" and state.vote is None and s == state.turn)
        }
        assert GAME.active_seats(state) == expected
