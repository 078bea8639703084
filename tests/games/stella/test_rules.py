"""Scenario tests for every Stella rule (shared/rules/stella.md), on stacked decks."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from stella_stacked import PICTURES, WORDS, act, config, marked, quick_round, reveal

from tischrunde.bots import RandomBot
from tischrunde.bots.driver import play_game
from tischrunde.core.errors import ConfigError, GameError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import Config, Deadline, Timeout
from tischrunde.core.records import states
from tischrunde.games import stella
from tischrunde.games.stella import (
    GAME,
    PICTURE_COUNT,
    ChooseWord,
    Mark,
    Reveal,
    State,
    dark_fall_points,
    word_cards,
)
from tischrunde.games.stella.rules import fallen_seats, seat_marks, unnamed_marks

# --- setup ---


def test_layout_is_three_rows_of_five_from_the_stacked_deck() -> None:
    state = GAME.new(config())
    view = GAME.view(state, None)
    assert view["grid"] == [PICTURES[0:5], PICTURES[5:10], PICTURES[10:15]]
    assert view["round"] == 1 and view["rounds"] == 4 and view["phase"] == "word"
    assert view["pictures_left"] == 30
    assert state.word_cards == tuple(WORDS[:4])


def test_shuffled_decks_depend_on_the_seed_only() -> None:
    a = GAME.new(Config(game="stella", players=3, seed=1))
    b = GAME.new(Config(game="stella", players=3, seed=1))
    c = GAME.new(Config(game="stella", players=3, seed=2))
    assert a == b and a.grid != c.grid
    assert sorted(a.grid + a.picture_deck) == list(range(PICTURE_COUNT))
    assert len(set(a.word_cards)) == 4


@pytest.mark.parametrize(
    ("options", "decks", "field"),
    [
        ({"min_marks": 5, "max_marks": 4}, None, "options.min_marks"),
        ({"picture_count": 20}, None, "options.picture_count"),
        ({"rounds": 0}, None, "options.rounds"),
        ({"max_marks": 16}, None, "options.max_marks"),
        ({"dark_fall": "double"}, None, "options.dark_fall"),
        ({"row_order": "top,top,middle"}, None, "options.row_order"),
        ({}, {"pictures": list(range(20))}, "decks.pictures"),
        ({}, {"pictures": [1] * 30}, "decks.pictures"),
        ({}, {"words": [1, 2, 3]}, "decks.words"),
        ({}, {"words": [1, 2, 3, 96]}, "decks.words"),
        ({}, {"cards": [1]}, "decks.cards"),
    ],
)
def test_bad_configs_name_the_field(options: dict[str, Any], decks: Any, field: str) -> None:
    with pytest.raises(ConfigError) as info:
        GAME.new(Config(game="stella", players=4, options=options, decks=decks))
    assert info.value.field == field


def test_player_count_is_three_to_six() -> None:
    for n in (3, 6):
        assert GAME.new(Config(game="stella", players=n)).config.players == n
    for n in (2, 7):
        with pytest.raises(ConfigError, match="players"):
            GAME.new(Config(game="stella", players=n))


# --- word ---


def test_only_the_scout_chooses_and_only_the_scout_sees_both_words() -> None:
    state = GAME.new(config())
    card = word_cards()[WORDS[0]]
    assert GAME.active_seats(state) == {0}
    assert GAME.view(state, 0)["word_choices"] == {"de": list(card.de), "en": list(card.en)}
    for seat in (1, 2, 3, None):
        assert GAME.view(state, seat)["word_choices"] is None
        assert GAME.view(state, seat)["word"] is None
    with pytest.raises(NotYourTurnError):
        act(state, 1, ChooseWord(0))
    with pytest.raises(IllegalActionError, match="word 0 or word 1"):
        act(state, 0, ChooseWord(2))
    state = act(state, 0, ChooseWord(1))
    assert state.phase == "mark"
    for seat in (0, 1, None):
        assert GAME.view(state, seat)["word"] == {"de": card.de[1], "en": card.en[1]}
    assert GAME.view(state, 1)["word_choices"] is None
    with pytest.raises(IllegalActionError):
        act(state, 0, ChooseWord(0))


# --- marks ---


def test_marks_are_one_to_ten_distinct_positions_sent_once() -> None:
    state = act(GAME.new(config()), 0, ChooseWord(0))
    assert GAME.active_seats(state) == {0, 1, 2, 3}
    for bad in ([], list(range(11)), [3, 3], [15], [-1]):
        with pytest.raises(IllegalActionError):
            act(state, 1, Mark(bad))
    state = act(state, 1, Mark(list(range(10))))
    assert GAME.active_seats(state) == {0, 2, 3}
    with pytest.raises(NotYourTurnError, match="already marked"):
        act(state, 1, Mark([0]))
    with pytest.raises(IllegalActionError):
        act(state, 1, Reveal(0))


def test_min_and_max_marks_options() -> None:
    state = act(GAME.new(config(min_marks=2, max_marks=3)), 0, ChooseWord(0))
    with pytest.raises(IllegalActionError, match="at least 2 and at most 3"):
        act(state, 1, Mark([0]))
    with pytest.raises(IllegalActionError):
        act(state, 1, Mark([0, 1, 2, 3]))
    act(state, 1, Mark([0, 1]))
    legal = GAME.legal_actions(state, 1)
    assert legal and all(isinstance(a, Mark) and 2 <= len(a.cards) <= 3 for a in legal)


def test_mark_sample_is_finite_and_does_not_touch_the_prng() -> None:
    state = act(GAME.new(Config(game="stella", players=4, seed=3)), 0, ChooseWord(0))
    first = GAME.legal_actions(state, 2)
    assert GAME.legal_actions(state, 2) == first
    assert len(first) <= 15 + 8
    assert all(isinstance(a, Mark) and 1 <= len(a.cards) <= 10 for a in first)
    assert any(isinstance(a, Mark) and len(a.cards) > 1 for a in first)
    assert GAME.legal_actions(state, 1) != first


def test_the_mark_sample_follows_its_definition() -> None:
    """``legal_actions`` while marking: the single marks (min_marks 1) and up to 8 distinct subsets of
    max(2, min_marks)..max_marks cards, one of 128 samples per option pair picked by seed, round and seat;
    here written out plainly over ``rng``."""
    from tischrunde.core import rng

    def index(seed: int, round_: int, seat: int) -> int:
        folded = (seed ^ (seed >> 24) ^ (seed >> 48)) % (1 << 24)
        x = ((folded * 128 + (round_ % 16) * 8 + seat) * 73244475) % (1 << 32)
        x = ((x ^ (x >> 16)) * 73244475) % (1 << 32)
        return x // (1 << 25)

    def sample(min_marks: int, max_marks: int, i: int) -> list[list[int]]:
        out = [[p] for p in range(15)] if min_marks <= 1 else []
        low = max(2, min_marks)
        subsets: list[list[int]] = []
        r = rng.seed_state(i)
        for _ in range(32):
            if low > max_marks or len(subsets) == 8:
                break
            bits, r = rng.next_u64(r)
            size = low + (bits >> 60) % (max_marks - low + 1)
            nibbles = [(bits >> (4 * p)) & 15 for p in range(15)]
            order = sorted(range(15), key=lambda p: (nibbles[p], p))
            subset = sorted(order[:size])
            if subset not in subsets:
                subsets.append(subset)
        return out + subsets

    checked = 0
    for options, seed in [({}, 3), ({}, 2**40 + 5), ({"min_marks": 3, "max_marks": 6}, 11)]:
        for min_marks, max_marks in [(1, 1), (2, 2), (14, 15), (15, 15)]:
            checked += 1
            state = GAME.new(
                Config(
                    game="stella",
                    players=3,
                    seed=seed,
                    options={"min_marks": min_marks, "max_marks": max_marks},
                )
            )
            state = act(state, 0, ChooseWord(0))
            for seat in range(3):
                expected = sample(min_marks, max_marks, index(seed, 0, seat))
                assert [a.cards for a in GAME.legal_actions(state, seat) if isinstance(a, Mark)] == expected
        state = act(GAME.new(Config(game="stella", players=6, seed=seed, options=options)), 0, ChooseWord(0))
        marks = state.min_marks, state.max_marks
        for seat in range(6):
            legal = GAME.legal_actions(state, seat)
            assert [a.cards for a in legal if isinstance(a, Mark)] == sample(*marks, index(seed, 0, seat))
            assert len(legal) == (15 if state.min_marks <= 1 else 0) + 8
            assert len({tuple(a.cards) for a in legal if isinstance(a, Mark)}) == len(legal)
    assert checked == 12
    # later rounds too, and the sample varies with seat, round and seed
    seen = set()
    for seed in range(6):
        config = Config(game="stella", players=4, seed=seed, options={"round_pause_ms": 0})
        state = GAME.new(config)
        for round_ in range(4):
            state = act(state, state.scout, ChooseWord(0))
            for seat in range(4):
                cards = [a.cards for a in GAME.legal_actions(state, seat) if isinstance(a, Mark)]
                assert cards == sample(1, 10, index(seed, round_, seat))
                seen.add(str(cards))
            for seat in range(4):
                state = act(state, seat, Mark([seat]))  # everyone falls alone: the round ends
            while (turn := state.reveal_turn) is not None:
                state = act(state, turn, Reveal(unnamed_marks(state, turn)[0]))
    assert len(seen) > 70  # of 96 (seed, round, seat)


def test_any_valid_subset_is_accepted_even_outside_the_sample() -> None:
    state = act(GAME.new(config()), 0, ChooseWord(0))
    unusual = Mark([14, 13, 12, 11, 10, 9, 8, 7, 6])
    assert unusual not in GAME.legal_actions(state, 2)
    state = act(state, 2, unusual)
    assert GAME.view(state, 2)["my_marks"] == [6, 7, 8, 9, 10, 11, 12, 13, 14]


def test_mark_timeout_marks_nothing_for_late_players() -> None:
    state = GAME.new(config(mark_timeout_s=30))
    state = act(state, 0, ChooseWord(0), t=5000)
    assert GAME.due_at(state) == 35000
    state = act(state, 1, Mark([0]), t=6000)
    state = act(state, 2, Mark([0, 1]), t=7000)
    with pytest.raises(GameError):
        act(state, None, Timeout(), t=34999)
    with pytest.raises(GameError):
        act(state, 3, Timeout(), t=40000)
    state = act(state, None, Timeout(), t=35000)
    assert state.phase == "reveal"
    assert GAME.view(state, None)["counts"] == [0, 1, 2, 0]
    assert state.dark == 2
    assert state.reveal_turn == 1  # the scout marked nothing and is skipped


def test_no_timeout_with_the_timers_off() -> None:
    state = act(GAME.new(config(mark_timeout_s=0, turn_timeout_s=0)), 0, ChooseWord(0))
    assert GAME.due_at(state) is None
    with pytest.raises(IllegalActionError):
        act(state, None, Timeout(), t=10**9)


# --- count and the dark ---


def test_alone_at_the_top_is_in_the_dark() -> None:
    state = marked(GAME.new(config()), {0: [0], 1: [0, 1, 2], 2: [0, 1], 3: [5]})
    view = GAME.view(state, 3)
    assert view["counts"] == [1, 3, 2, 1]
    assert view["dark"] == 1
    assert view["marked"] == [True] * 4


def test_a_tie_at_the_top_puts_nobody_in_the_dark() -> None:
    state = marked(GAME.new(config()), {0: [0, 1], 1: [0, 1, 2], 2: [0, 3, 4], 3: [5]})
    assert GAME.view(state, None)["dark"] is None
    assert state.dark is None


# --- reveals ---


def test_reveals_go_clockwise_from_the_scout_and_score_spark_super_spark_and_fall() -> None:
    state = marked(GAME.new(config()), {0: [0, 1, 2], 1: [0, 1, 3], 2: [0, 4], 3: [5]})
    assert GAME.active_seats(state) == {0}
    assert GAME.legal_actions(state, 0) == [Reveal(0), Reveal(1), Reveal(2)]
    with pytest.raises(NotYourTurnError):
        act(state, 1, Reveal(3))
    with pytest.raises(IllegalActionError, match="your own marked cards"):
        act(state, 0, Reveal(3))
    state = reveal(state, 0, 0)  # marked by 0, 1, 2: a spark
    assert state.reveals[-1].kind == "spark" and state.reveals[-1].markers == (0, 1, 2)
    with pytest.raises(IllegalActionError):
        act(state, 1, Reveal(0))  # already named
    state = reveal(state, 1, 1)  # marked by 0 and 1: a super-spark
    assert state.reveals[-1].kind == "super_spark"
    state = reveal(state, 2, 4)  # only seat 2: falls
    assert fallen_seats(state) == (False, False, True, False)
    state = reveal(state, 3, 5)  # only seat 3: falls
    state = reveal(state, 0, 2)  # seat 0 falls too
    state = reveal(state, 1, 3)  # and seat 1
    assert state.round == 1 and state.phase == "word"
    assert state.history[0].points == (5, 5, 2, 0)
    assert state.scores == (5, 5, 2, 0)
    view = GAME.view(state, None)
    assert view["score_table"] == [[5, 5, 2, 0]]
    assert [r["kind"] for r in view["history"][0]["reveals"]] == [
        "spark",
        "super_spark",
        "fall",
        "fall",
        "fall",
        "fall",
    ]
    assert view["history"][0]["word"]["de"] == word_cards()[WORDS[0]].de[0]


def test_players_without_unnamed_marks_are_skipped() -> None:
    state = marked(GAME.new(config()), {0: [0, 1], 1: [0], 2: [0, 1, 2], 3: [2, 3]})
    state = reveal(state, 0, 0)  # spark for 0, 1, 2; seat 1 has nothing left
    assert state.reveal_turn == 2
    state = reveal(state, 2, 2)  # super-spark for 2 and 3
    state = reveal(state, 3, 3)  # seat 3 falls
    state = reveal(state, 0, 1)  # super-spark for 0 and 2; nobody standing has an unnamed mark
    assert state.round == 1
    assert state.history[0].points == (5, 2, 8, 3)


def test_fallen_players_take_no_turns_score_nothing_more_but_their_marks_still_count() -> None:
    state = marked(GAME.new(config()), {0: [0, 1], 1: [2, 3], 2: [1, 2, 4], 3: [0, 4, 5]})
    state = reveal(state, 0, 0)  # 0 and 3: super-spark
    state = reveal(state, 1, 3)  # only 1: falls
    state = reveal(state, 2, 4)  # 2 and 3: super-spark
    state = reveal(state, 3, 5)  # only 3: falls
    state = reveal(state, 0, 1)  # 0 and 2: super-spark
    # seat 1 has fallen and keeps an unnamed mark (2); it takes no turn, seat 2 names it
    assert state.reveal_turn == 2
    view = GAME.view(state, 3)
    assert view["fallen"] == [False, True, False, True]
    assert view["unnamed_left"] == [0, 1, 1, 0]
    state = reveal(state, 2, 2)  # 1 and 2 marked it: m == 2 counts the fallen seat 1, only 2 scores
    last = state.history[0].reveals[-1]
    assert last.markers == (1, 2) and last.kind == "super_spark" and last.scorers == (2,)
    assert state.history[0].points == (6, 0, 9, 6)


def test_unnamed_marks_of_fallen_players_are_never_shown() -> None:
    state = marked(GAME.new(config()), {0: [0], 1: [0], 2: [0], 3: [7, 9]})
    state = reveal(state, 0, 0)  # spark for 0, 1, 2
    state = reveal(state, 3, 7)  # seat 3 falls; its mark 9 stays unnamed and the round ends
    assert state.round == 1
    for seat in (0, 1, 2, None):
        text = json.dumps(GAME.view(state, seat)["history"])
        assert '"position": 9' not in text
    assert GAME.view(state, 3)["my_marks"] is None  # marks reset for the new round


# --- scoring of the player in the dark ---

DARK_MARKS = {0: [0, 1, 2, 3, 4], 1: [0, 1, 5], 2: [0, 2, 6], 3: [7]}


def play_dark_round(dark_fall: str) -> State:
    state = marked(GAME.new(config(dark_fall=dark_fall)), DARK_MARKS)
    assert state.dark == 0
    state = reveal(state, 0, 0)  # spark for 0, 1, 2
    state = reveal(state, 1, 1)  # super-spark for 0 and 1
    state = reveal(state, 2, 2)  # super-spark for 0 and 2
    state = reveal(state, 3, 7)  # 3 falls
    state = reveal(state, 0, 3)  # the player in the dark falls
    state = reveal(state, 1, 5)
    state = reveal(state, 2, 6)
    assert state.round == 1
    return state


@pytest.mark.parametrize(("dark_fall", "points"), [("official", 5), ("one_per_card", 3), ("half", 4)])
def test_the_player_in_the_dark_who_fell_scores_by_dark_fall(dark_fall: str, points: int) -> None:
    state = play_dark_round(dark_fall)
    assert state.history[0].fallen[0]
    assert state.history[0].points == (points, 5, 5, 0)


def test_dark_fall_points_table() -> None:
    assert dark_fall_points("official", 2, 1) == 4
    assert dark_fall_points("one_per_card", 2, 1) == 3
    assert dark_fall_points("half", 2, 1) == 3
    assert dark_fall_points("half", 0, 1) == 1


def test_the_player_in_the_dark_who_did_not_fall_scores_everything() -> None:
    state = marked(GAME.new(config(dark_fall="half")), {0: [0, 1, 2], 1: [0, 1], 2: [0, 2], 3: [7]})
    assert state.dark == 0
    state = reveal(state, 0, 0)
    state = reveal(state, 1, 1)
    state = reveal(state, 2, 2)
    state = reveal(state, 3, 7)
    assert state.round == 1
    assert state.history[0].points == (8, 5, 5, 0)
    assert not state.history[0].fallen[0]


# --- next round and the end ---


def test_rows_are_replaced_top_middle_bottom_and_the_scout_passes() -> None:
    state = GAME.new(config())
    state = quick_round(state)
    assert state.scout == 1 and state.round == 1
    assert state.grid[:5] == tuple(PICTURES[15:20]) and state.grid[5:] == tuple(PICTURES[5:15])
    assert [seat_marks(state, s) for s in range(4)] == [None] * 4
    assert state.reveals == () and fallen_seats(state) == (False,) * 4
    state = quick_round(state)
    assert state.scout == 2
    assert state.grid[5:10] == tuple(PICTURES[20:25])
    state = quick_round(state)
    assert state.scout == 3
    assert state.grid[10:15] == tuple(PICTURES[25:30])
    assert state.grid[:5] == tuple(PICTURES[15:20])


def test_row_order_option() -> None:
    state = GAME.new(config(row_order="bottom,top,middle", rounds=5))
    rows = []
    for _ in range(4):
        before = state.grid
        state = quick_round(state)
        rows.append([r for r in range(3) if before[r * 5 : r * 5 + 5] != state.grid[r * 5 : r * 5 + 5]])
    assert rows == [[2], [0], [1], [2]]


def test_each_round_uses_the_next_word_card() -> None:
    state = GAME.new(config())
    words = []
    for _ in range(4):
        state = act(state, state.scout, ChooseWord(1))
        words.append(GAME.view(state, None)["word"]["en"])
        for s in range(4):
            state = act(state, s, Mark([0]))
        state = reveal(state, state.scout, 0)
    assert words == [word_cards()[w].en[1] for w in WORDS[:4]]


def test_four_rounds_then_the_game_ends_and_a_tie_shares_the_win() -> None:
    state = GAME.new(config())
    for _ in range(4):
        assert GAME.outcome(state) is None
        state = quick_round(state)
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == [8.0] * 4
    assert outcome.winners == [0, 1, 2, 3] and outcome.ranks == [1, 1, 1, 1]
    assert outcome.details == {"falls": [0] * 4, "dark": [0] * 4, "sparks": [4] * 4, "super_sparks": [0] * 4}
    assert GAME.active_seats(state) == frozenset()
    assert all(GAME.legal_actions(state, s) == [] for s in range(4))
    assert GAME.view(state, 0)["winners"] == [0, 1, 2, 3]
    with pytest.raises(IllegalActionError, match="over"):
        act(state, 0, ChooseWord(0))


def test_most_points_wins_and_details_count_falls_and_dark() -> None:
    state = GAME.new(config(rounds=1))
    state = marked(state, {0: [0, 1, 2], 1: [0, 1], 2: [0, 3], 3: [9]})
    state = reveal(state, 0, 0)  # spark 0, 1, 2
    state = reveal(state, 1, 1)  # super 0, 1
    state = reveal(state, 2, 3)  # 2 falls
    state = reveal(state, 3, 9)  # 3 falls
    state = reveal(state, 0, 2)  # 0 (in the dark) falls: official 1 + 2
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == [3.0, 5.0, 2.0, 0.0]
    assert outcome.winners == [1] and outcome.ranks == [2, 1, 3, 4]
    assert outcome.details["falls"] == [1, 0, 1, 1]
    assert outcome.details["dark"] == [1, 0, 0, 0]
    assert outcome.details["sparks"] == [1, 1, 1, 0]
    assert outcome.details["super_sparks"] == [1, 1, 0, 0]


# --- a room's own pictures ---


def test_custom_picture_ids_beyond_our_deck() -> None:
    ids = list(range(1000, 1100, 2))
    state = GAME.new(
        Config(game="stella", players=3, seed=4, options={"round_pause_ms": 0}, decks={"pictures": ids})
    )
    assert GAME.view(state, None)["grid"][0] == ids[:5]
    state = quick_round(state)
    assert state.grid[:5] == tuple(ids[15:20])
    small = GAME.new(Config(game="stella", players=3, seed=4, options={"picture_count": 40}))
    assert sorted(small.grid + small.picture_deck) == list(range(40))
    # picture_count is bounded by the pictures that exist (ids from PICTURE_COUNT have no picture)
    with pytest.raises(ConfigError, match=r"options\.picture_count"):
        GAME.new(Config(game="stella", players=3, seed=4, options={"picture_count": 100_000}))


def test_every_error_code_has_a_text_in_the_web_app() -> None:
    """The rules raise errors with a stable code; the words a player reads are the web app's, by code, in
    German and English (no text in Python)."""
    source = Path(stella.rules.__file__).with_name("rules.py")  # beside the module, compiled or not
    codes = set(re.findall(r'code="([a-z_]+)"', source.read_text(encoding="utf-8")))
    web = Path(stella.__file__).resolve().parents[2] / "web"
    texts = "\n".join(p.read_text(encoding="utf-8") for p in web.rglob("*.js"))
    assert codes and {"bad_reveal", "mark_count", "not_scout"} <= codes
    for code in codes:
        assert len(re.findall(rf'[."]err\.{code}"', texts)) >= 2, f"{code}: no German and English text"
    with pytest.raises(NotYourTurnError) as info:
        act(GAME.new(config()), 2, ChooseWord(0))
    assert info.value.code == "not_scout"
    assert info.value.to_dict()["rule"] == "word"


# --- invariants along random games ---


@pytest.mark.parametrize("config_index", range(len(GAME.example_configs())))
def test_invariants_hold_along_random_games(config_index: int) -> None:
    base = GAME.example_configs()[config_index]
    for seed in range(4):
        config = msgspec.structs.replace(base, seed=seed)
        result = play_game(config, [RandomBot(s, seed) for s in range(config.players)])
        for state, _ in states(result.record):
            assert len(state.grid) == 15 and len(set(state.grid)) == 15
            assert not set(state.grid) & set(state.picture_deck)
            assert state.scores == tuple(
                sum(h.points[s] for h in state.history) for s in range(config.players)
            )
            named = [r.position for r in state.reveals]
            assert len(named) == len(set(named))
            if state.phase == "reveal":
                turn = state.reveal_turn
                assert not fallen_seats(state)[turn]
                assert any(p not in named for p in seat_marks(state, turn) or ())
            if state.phase != "over":
                assert len(state.history) == state.round + (state.phase == "round_over")
        assert len(result.state.history) == result.state.rounds
        outcome = GAME.outcome(result.state)
        assert outcome is not None
        assert sum(outcome.details["dark"]) <= result.state.rounds


def test_turn_timeout_chooses_the_first_word_and_names_the_first_unnamed_mark() -> None:
    state = GAME.new(config(turn_timeout_s=10))
    assert GAME.due_at(state) == 10_000
    with pytest.raises(IllegalActionError, match="Nothing is due yet"):
        act(state, None, Timeout(), t=9_999)
    state = act(state, None, Timeout(), t=10_000)
    assert state.phase == "mark" and state.word_index == 0
    assert GAME.due_at(state) == 130_000  # marking has the default mark_timeout_s, 120 s
    for seat, cards in {0: [3, 4], 1: [4], 2: [4, 5], 3: [9]}.items():
        state = act(state, seat, Mark(cards), t=20_000)
    assert state.reveal_turn == 0 and GAME.due_at(state) == 30_000
    state = act(state, None, Timeout(), t=30_000)  # seat 0 names its first mark, 3: it falls
    assert state.reveals[-1].position == 3 and fallen_seats(state)[0]
    assert state.reveal_turn == 1 and GAME.due_at(state) == 40_000
    state = act(state, 1, Reveal(4), t=35_000)  # in time: a spark for 1 and 2 (seat 0 has fallen)
    assert state.reveal_turn == 2 and GAME.due_at(state) == 45_000  # each turn starts with the last action
    state = act(state, None, Timeout(), t=45_000)  # seat 2 names 5 and falls
    state = act(state, 3, Reveal(9), t=46_000)
    assert state.round == 1 and state.phase == "word"
    assert state.history[0].points == (0, 2, 2, 0)
    assert GAME.due_at(state) == 56_000  # the next scout's time starts when the round ends


# --- deadlines by default: no phase waits for ever ---


def test_every_phase_has_a_relaxed_deadline_by_default() -> None:
    """Word 60 s, marks 120 s, each reveal 60 s: an absent scout gets the first word, an absent marker
    marks nothing, an absent revealer names their first unnamed mark."""
    state = GAME.new(config())
    assert GAME.deadline(state) == Deadline(60_000, "word", 0)
    state = act(state, None, Timeout(), t=60_000)
    assert state.phase == "mark" and state.word_index == 0
    assert GAME.deadline(state) == Deadline(180_000, "mark")
    for seat, cards in {0: [3, 4], 1: [4], 2: [4, 5]}.items():  # seat 3 never marks
        state = act(state, seat, Mark(cards), t=70_000)
    assert state.phase == "mark"
    with pytest.raises(IllegalActionError, match="Nothing is due yet"):
        act(state, None, Timeout(), t=179_999)
    state = act(state, None, Timeout(), t=180_000)
    assert state.phase == "reveal" and state.counts == (2, 1, 2, 0)
    assert GAME.deadline(state) == Deadline(240_000, "reveal", 0)
    state = act(state, None, Timeout(), t=240_000)  # seat 0 names 3, its first mark: it falls
    assert state.reveals[-1].position == 3 and fallen_seats(state)[0]
    assert GAME.deadline(state) == Deadline(300_000, "reveal", 1)


def test_more_time_scales_the_default_deadlines_and_zero_turns_them_off() -> None:
    slow = GAME.new(msgspec.structs.replace(config(), more_time=200))
    assert GAME.due_at(slow) == 120_000
    slow = act(slow, 0, ChooseWord(1), t=1_000)
    assert GAME.due_at(slow) == 241_000
    off = GAME.new(msgspec.structs.replace(config(), more_time=0))
    assert GAME.due_at(off) is None
    assert GAME.due_at(act(off, 0, ChooseWord(1), t=1_000)) is None
