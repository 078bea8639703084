"""Scenario tests for Emojito, one or more per rule of ../shared/rules/emojito.md, on stacked decks."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import msgspec
import pytest

from tischrunde.core import registry
from tischrunde.core.errors import ConfigError, GameError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import Config, Deadline, NextRound, Timeout
from tischrunde.games.emojito import (
    GAME,
    Challenge,
    NoChallenge,
    PassedOn,
    Performed,
    RoundResult,
    SetDial,
    SkipDial,
    SkipPerformance,
    State,
    content,
    field_of,
    laps,
    presentation_at,
    rules,
)

ALL = list(range(100))


def stacked(*top: int) -> list[int]:
    """A full deck whose first cards are ``top`` in this order."""
    return [*top, *(c for c in ALL if c not in top)]


def new(players: int, *, deck: list[int] | None = None, seed: int = 1, **options: Any) -> State:
    decks = {"main": deck} if deck is not None else None
    # no round pause unless asked: tests/games/test_start_and_round_end.py covers round_over
    options = {"round_pause_ms": 0, **options}
    return GAME.new(Config(game="emojito", players=players, seed=seed, options=options, decks=decks))


def act(state: State, seat: int | None, action: Any, t: int = 0) -> State:
    before = msgspec.json.encode(state)
    after, _ = GAME.apply(state, seat, action, t)
    assert msgspec.json.encode(state) == before
    return after


def perform(state: State) -> State:
    """All performers confirm; a secret message is passed on to the end."""
    for p in state.performers:
        state = act(state, p, Performed())
    while state.phase == "chain":
        pair = rules.chain_pair(state)
        assert pair is not None
        state = act(state, pair[0], PassedOn())
    return state


def declare(state: State, challengers: Iterable[int] = ()) -> State:
    chosen = set(challengers)
    if state.phase != "challenge":
        assert not chosen, f"no challenge phase (eligible {state.eligible})"
        return state
    for s in state.eligible:
        state = act(state, s, Challenge() if s in chosen else NoChallenge())
    return state


def truth_for(state: State, guesser: int) -> int:
    if state.mode == "teams":
        partner = (guesser + state.config.players // 2) % state.config.players
        return state.answers[state.performers.index(partner)]
    return state.answers[0]


def dial(state: State, right: Iterable[int]) -> State:
    """Guessers in ``right`` dial the truth, the others a wrong number."""
    right_set = set(right)
    assert state.phase == "dial"
    for g in state.guessers:
        truth = truth_for(state, g)
        number = truth if g in right_set else truth % 7 + 1
        state = act(state, g, SetDial(number))
    return state


def play_round(state: State, right: Iterable[int], challengers: Iterable[int] = ()) -> State:
    return dial(declare(perform(state), challengers), right)


def with_sides(state: State, **changes: Any) -> State:
    return msgspec.structs.replace(state, **changes)


# ---------------------------------------------------------------- content


def test_deck_has_100_distinct_cards_named_in_both_languages() -> None:
    cards = content.cards()
    assert len(cards) == 100
    assert len({c.id for c in cards}) == 100
    assert len({(c.face, c.emotion) for c in cards}) == 100
    for card in cards:
        assert card.emoji.strip() and card.name_de.strip() and card.name_en.strip()
        assert card.face and card.emotion
    assert {"joy", "anger", "fear", "disgust", "surprise", "sadness"} <= {c.emotion for c in cards}
    by_key = {(c.face, c.emotion): c for c in cards}
    assert by_key[("cat", "anger")].name_de == "wütende Katze"
    assert by_key[("cat", "anger")].name_en == "angry cat"


def test_board_symbols_match_the_rulebook() -> None:
    symbols = [f.symbols for f in content.board()]
    assert symbols == [
        ("face", "sound"),
        ("face",),
        ("face", "sound"),
        ("face",),
        ("sound",),
        ("face", "sound"),
        ("sound",),
    ]


def test_track_fields_and_laps() -> None:
    assert (field_of(0), laps(0)) == (0, 0)
    assert (field_of(1), laps(1)) == (1, 0)
    assert (field_of(7), laps(7)) == (7, 0)
    assert (field_of(8), laps(8)) == (1, 1)
    assert (field_of(15), laps(15)) == (1, 2)
    assert presentation_at(0) == "face"
    assert [presentation_at(p) for p in range(1, 8)] == [
        "face_sound",
        "face",
        "face_sound",
        "face",
        "sound",
        "face_sound",
        "sound",
    ]


# ---------------------------------------------------------------- config


@pytest.mark.parametrize(
    ("mode", "players", "ok"),
    [
        ("coop", 1, False),
        ("coop", 2, True),
        ("coop", 7, True),
        ("coop", 8, False),
        ("each", 2, False),
        ("each", 3, True),
        ("each", 7, True),
        ("each", 8, False),
        ("teams", 4, True),
        ("teams", 5, False),
        ("teams", 14, True),
        ("teams", 3, False),
    ],
)
def test_player_counts_depend_on_the_mode(mode: str, players: int, ok: bool) -> None:
    config = Config(game="emojito", players=players, options={"mode": mode})
    if ok:
        assert GAME.new(config).mode == mode
    else:
        with pytest.raises(ConfigError, match="players"):
            GAME.new(config)


def test_secret_message_only_in_coop() -> None:
    with pytest.raises(ConfigError, match=r"options\.secret_message"):
        new(4, mode="each", secret_message=True)


@pytest.mark.parametrize("deck", [[1, 2, 3], [*range(13), 0], [*range(20), 100], ["a", *range(20)]])
def test_bad_stacked_deck_names_the_field(deck: list[Any]) -> None:
    with pytest.raises(ConfigError, match=r"decks\.main"):
        new(3, deck=deck)


def test_options_have_defaults_and_both_languages() -> None:
    spec = registry.get("emojito").spec
    defaults = {o.name: o.default for o in spec.options}
    assert defaults == {
        "mode": "coop",
        "wrong_step": 1,
        "trophy_target": 3,
        "secret_message": False,
        "each_target": 5,
        "teams_target": 3,
        "performer_challengeable": False,
        "challenger_bonus_stacks": True,
        "perform_timeout_s": 120,
        "dial_timeout_s": 60,
        "round_pause_ms": 6000,
    }
    assert spec.bots_in_rooms is False
    assert (spec.min_players, spec.max_players) == (2, 14)


# ---------------------------------------------------------------- a round


def test_performer_draws_the_top_card_and_lays_out_seven() -> None:
    state = new(3, deck=stacked(10, 11, 12, 13, 14, 15, 16, 17))
    assert state.phase == "perform"
    assert state.performers == (0,)
    assert state.cards == (10,)
    assert GAME.view(state, 0)["my_card"] == 10
    assert GAME.view(state, 1)["my_card"] is None
    assert GAME.active_seats(state) == {0}
    state = act(state, 0, Performed())
    assert state.phase == "dial"
    assert sorted(state.layout) == [10, 11, 12, 13, 14, 15, 16]
    assert state.layout[state.answers[0] - 1] == 10
    assert state.guessers == (1, 2)
    assert state.dials[0] == state.answers[0]  # the performer's dial is the true number
    assert GAME.active_seats(state) == {1, 2}


def test_performer_role_passes_clockwise_and_cards_go_to_discard() -> None:
    state = new(3)
    seen = []
    for _ in range(4):
        seen.append(state.performers[0])
        layout = state.layout
        state = play_round(state, right=[])
        assert len(state.discard) + sum(len(t) for t in state.trophies) == 7 * len(seen)
        assert layout == ()
    assert seen == [0, 1, 2, 0]


def test_wrong_seat_phase_and_number_raise_and_change_nothing() -> None:
    state = new(3)
    with pytest.raises(NotYourTurnError):
        act(state, 1, Performed())
    with pytest.raises(IllegalActionError):
        act(state, 1, SetDial(1))
    with pytest.raises(GameError):
        act(state, 5, Performed())
    state = act(state, 0, Performed())
    with pytest.raises(NotYourTurnError):
        act(state, 0, SetDial(1))
    with pytest.raises(IllegalActionError, match="1 to 7"):
        act(state, 1, SetDial(8))
    state = act(state, 1, SetDial(3))
    with pytest.raises(IllegalActionError, match="already set"):
        act(state, 1, SetDial(4))
    with pytest.raises(IllegalActionError):
        act(state, 1, Challenge())


# ---------------------------------------------------------------- co-op


@pytest.mark.parametrize("step", [1, 2, 3])
def test_coop_team_moves_per_right_dial_game_per_wrong_dial(step: int) -> None:
    state = new(5, wrong_step=step)
    state = play_round(state, right=[1, 2, 4])
    assert state.progress == (3, step)
    assert state.last is not None and state.last.correct == (1, 2, 4)


def test_coop_trophy_per_crossing_taken_from_the_discard_pile() -> None:
    state = new(5, deck=stacked(*range(30, 44)))
    state = play_round(state, right=[1, 2, 3, 4])  # team 4 fields
    assert state.progress == (4, 0)
    assert state.trophies == ((), ())
    discard_before = state.discard
    layout = perform(state).layout
    state = play_round(state, right=range(5))  # team 8: crosses the line once
    assert state.progress == (8, 0)
    assert len(state.trophies[0]) == 1
    trophy = state.trophies[0][0]
    assert trophy == layout[-1]  # the top of the discard pile, after this round's cards went there
    assert state.discard == discard_before + layout[:-1]
    assert GAME.view(state, None)["sides"][0]["trophies"] == [trophy]


def test_coop_several_crossings_in_one_round() -> None:
    state = new(7, wrong_step=3)
    state = play_round(state, right=[])  # game 6 x 3 = 18 fields: two crossings
    assert state.progress == (0, 18)
    assert len(state.trophies[1]) == 2
    assert state.last is not None and state.last.trophies_won == (0, 2)


def test_coop_game_ends_at_trophy_target_and_team_wins() -> None:
    state = new(2, trophy_target=1)
    for _ in range(7):
        state = play_round(state, right=[1 - state.performers[0]])
    assert state.progress == (7, 0) and state.phase == "perform"
    state = play_round(state, right=[1 - state.performers[0]])
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == [0, 1]
    assert outcome.details["team_won"] is True
    assert outcome.details["team_trophies"] == 1
    assert outcome.details["game_trophies"] == 0
    assert outcome.details["rounds"] == 8
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalActionError, match="over"):
        act(state, 0, Performed())


def test_coop_game_wins_with_more_trophies() -> None:
    state = new(3, trophy_target=1, wrong_step=3)
    state = play_round(state, right=[])  # game +6
    assert state.phase == "perform"
    state = play_round(state, right=[])  # game +12: a trophy
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [] and outcome.details["team_won"] is False


@pytest.mark.parametrize(
    ("start", "right", "end", "won"),
    [((6, 7), [1, 2, 3], (9, 8), True), ((7, 6), [1], (8, 9), False), ((7, 7), [1, 2], (9, 9), False)],
)
def test_coop_tie_on_trophies_further_ahead_wins_same_field_team_loses(
    start: tuple[int, int], right: list[int], end: tuple[int, int], won: bool
) -> None:
    state = new(5, trophy_target=1)
    state = with_sides(state, progress=start)
    # both markers cross the line in the same round: one trophy each
    state = play_round(state, right=right)
    assert state.progress == end
    assert state.phase == "over"
    assert [len(t) for t in state.trophies] == [1, 1]
    assert rules.team_won(state) is won
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.details["team_won"] is won


def test_presentation_face_first_then_the_team_markers_field() -> None:
    state = new(3)
    view = GAME.view(state, 1)
    assert (view["presentation"], view["eyes_closed"], view["close_eyes"]) == ("face", False, [])
    for progress, expected in [(1, "face_sound"), (2, "face"), (5, "sound"), (7, "sound"), (8, "face_sound")]:
        shown = GAME.view(with_sides(state, progress=(progress, 0)), 1)
        assert shown["presentation"] == expected
        assert shown["eyes_closed"] is (expected == "sound")
    sound = GAME.view(with_sides(state, progress=(5, 3)), 2)
    assert sound["close_eyes"] == [1, 2]
    # the game marker does not decide
    assert GAME.view(with_sides(state, progress=(2, 5)), 1)["presentation"] == "face"


def test_secret_message_chain_step_by_step() -> None:
    state = new(4, secret_message=True)
    view = GAME.view(state, 2)
    assert view["presentation"] == "face"
    assert view["chain"] == {"shower": 0, "watcher": 1, "received": 0, "steps": 3}
    assert view["close_eyes"] == [2, 3]
    state = act(state, 0, Performed())
    assert state.phase == "chain"
    assert GAME.active_seats(state) == {1}
    view = GAME.view(state, 0)
    assert view["chain"] == {"shower": 1, "watcher": 2, "received": 1, "steps": 3}
    assert view["close_eyes"] == [0, 3]
    with pytest.raises(NotYourTurnError, match="seat 1"):
        act(state, 2, PassedOn())
    state = act(state, 1, PassedOn())
    assert GAME.view(state, 0)["chain"]["shower"] == 2
    assert GAME.view(state, 0)["close_eyes"] == [0, 1]
    state = act(state, 2, PassedOn())
    assert state.phase == "dial"
    assert state.guessers == (1, 2, 3)
    assert GAME.view(state, 0)["chain"] is None


def test_secret_message_sound_fields_are_ignored_and_two_players_skip_the_chain() -> None:
    state = new(2, secret_message=True)
    state = with_sides(state, progress=(5, 0))
    assert GAME.view(state, 1)["presentation"] == "face"
    state = act(state, 0, Performed())
    assert state.phase == "dial" and state.guessers == (1,)


# ---------------------------------------------------------------- each for themselves


def test_each_performer_two_per_right_guesser_capped_at_six_guessers_three() -> None:
    state = new(5, mode="each")
    state = play_round(state, right=[1, 2])
    assert state.progress == (4, 3, 3, 0, 0)
    state = play_round(state, right=[0, 2, 3, 4])  # performer seat 1
    assert state.progress == (7, 9, 6, 3, 3)  # 2 x 4 = 8, capped at 6
    assert state.last is not None and state.last.moves == (3, 6, 3, 3, 3)


def test_each_presentation_follows_the_performers_own_marker() -> None:
    state = new(3, mode="each")
    state = with_sides(state, progress=(5, 2, 0))
    assert GAME.view(state, 1)["presentation"] == "sound"
    assert GAME.view(state, 1)["eyes_closed"] is True
    state = with_sides(state, progress=(2, 5, 0))
    assert GAME.view(state, 1)["presentation"] == "face"


def each_with_trophies(players: int, trophies: list[int], progress: list[int], **options: Any) -> State:
    """Each for themselves with given face-up trophy counts (cards 90..) and progress."""
    state = new(players, mode="each", **options)
    cards = iter(range(90, 100))
    hands = tuple(tuple(next(cards) for _ in range(k)) for k in trophies)
    deck = tuple(c for c in state.deck if c < 90)
    return with_sides(state, deck=deck, trophies=hands, flipped=((),) * players, progress=tuple(progress))


def test_challenge_eligibility() -> None:
    # seat 0 performs; seat 1 leads; seats 2 holds a trophy; seat 3 holds none
    state = each_with_trophies(4, [1, 2, 1, 0], [7, 14, 7, 0])
    state = perform(state)
    assert state.phase == "challenge"
    assert state.leaders == (1,)
    assert state.eligible == (2,)  # not the performer, not the leader alone, not without a trophy
    assert GAME.active_seats(state) == {2}
    with pytest.raises(NotYourTurnError, match="trophy"):
        act(state, 3, Challenge())
    with pytest.raises(NotYourTurnError):
        act(state, 0, Challenge())


def test_no_challenge_phase_without_eligible_players() -> None:
    state = new(4, mode="each")
    state = perform(state)
    assert state.phase == "dial"


def test_performer_cannot_be_challenged_by_default() -> None:
    # the performer (seat 0) is the only leader: nobody to challenge
    state = each_with_trophies(3, [2, 1, 1], [14, 7, 7])
    assert perform(state).phase == "dial"
    option = each_with_trophies(3, [2, 1, 1], [14, 7, 7], performer_challengeable=True)
    option = declare(perform(option), [1])
    assert option.challengers == (1,)
    option = dial(option, right=[1])
    # the performer's dial is always right: the challenge cannot make them fall
    assert option.last is not None and option.last.fallen == ()
    assert option.progress[0] == 14 + 2
    assert option.last.challenged == (0,)


def test_successful_challenge_leader_back_three_challenger_three_more() -> None:
    state = each_with_trophies(4, [0, 2, 1, 0], [0, 16, 10, 0])
    state = perform(state)
    before = GAME.view(state, 2)
    state = declare(state, [2])
    assert state.challengers == (2,)
    assert state.flipped[2] == state.trophies[2]  # the challenger's only trophy is flipped
    assert GAME.view(state, 0)["sides"][2]["count"] == 0
    state = dial(state, right=[2])  # leader 1 wrong, challenger 2 right
    result = state.last
    assert result is not None
    assert result.fallen == (1,)
    assert state.progress[1] == 13
    assert state.progress[2] == 10 + 3 + 3
    assert before["challenge"]["leaders"] == [1]


def test_challenge_bonus_does_not_stack_when_option_is_off() -> None:
    state = each_with_trophies(4, [0, 2, 1, 0], [0, 16, 10, 0], challenger_bonus_stacks=False)
    state = dial(declare(perform(state), [2]), right=[2])
    assert state.progress[2] == 13
    assert state.progress[1] == 13


def test_failed_challenge_leader_right_costs_the_challenger_a_trophy() -> None:
    state = each_with_trophies(4, [0, 2, 1, 0], [0, 16, 10, 0])
    state = dial(declare(perform(state), [2]), right=[1, 2])
    assert state.last is not None and state.last.fallen == ()
    assert state.progress[1] == 19 and state.progress[2] == 13
    assert len(state.flipped[2]) == 1


def test_challenge_nobody_right_changes_nothing_but_the_flip() -> None:
    state = each_with_trophies(4, [0, 2, 1, 0], [0, 16, 10, 0])
    state = dial(declare(perform(state), [2]), right=[])
    assert state.progress == (0, 16, 10, 0)
    assert len(state.flipped[2]) == 1


def test_fallen_leader_loses_a_trophy_crossing_the_line_backwards() -> None:
    state = each_with_trophies(4, [0, 2, 1, 0], [0, 15, 10, 0])
    discard_before = len(state.discard)
    state = dial(declare(perform(state), [2]), right=[2])
    assert state.progress[1] == 12  # 15 -> 12: back over the line between laps 2 and 1
    assert len(state.trophies[1]) == 1
    assert state.last is not None and state.last.trophies_won[1] == -1
    assert len(state.discard) == discard_before + 7 + 1 - 1  # layout, lost trophy back; challenger's crossing
    assert state.last.trophies_won[2] == 1  # 10 -> 16 crosses the line


def test_leader_ties_all_tied_leaders_are_challenged() -> None:
    state = each_with_trophies(5, [0, 2, 2, 1, 1], [0, 14, 14, 7, 7])
    state = perform(state)
    assert state.leaders == (1, 2)
    assert state.eligible == (1, 2, 3, 4)  # a tied leader may challenge the other leader
    state = declare(state, [3])
    state = dial(state, right=[3, 2])
    assert state.last is not None
    assert state.last.challenged == (1, 2)
    assert state.last.fallen == (1,)  # leader 2 guessed right
    assert state.progress[1] == 11 and state.progress[2] == 17 and state.progress[3] == 13


def test_trophies_break_leadership_then_progress() -> None:
    state = each_with_trophies(4, [0, 1, 1, 1], [0, 8, 12, 9])
    assert rules.leaders(state) == (2,)
    flipped = with_sides(state, flipped=((), (), state.trophies[2], ()))
    assert rules.leaders(flipped) == (3,)  # a flipped trophy no longer counts


def test_challenge_declarations_are_secret_until_all_declared() -> None:
    state = each_with_trophies(5, [0, 2, 1, 1, 0], [0, 14, 7, 7, 0])
    state = perform(state)
    assert state.eligible == (2, 3)
    state = act(state, 2, Challenge())
    mine = GAME.view(state, 2)["challenge"]
    other = GAME.view(state, 3)["challenge"]
    assert mine["my_declaration"] is True and mine["declared"] == [2]
    assert other["my_declaration"] is None and other["declared"] == [2]
    assert other["challengers"] is None
    # the other seat's view does not depend on seat 2's choice
    flipped_choice = msgspec.structs.replace(state, declarations=(-1, -1, 0, -1, -1))
    assert GAME.view(flipped_choice, 3) == GAME.view(state, 3)
    state = act(state, 3, NoChallenge())
    assert GAME.view(state, 4)["challenge"]["challengers"] == [2]


def test_each_ends_at_five_most_trophies_wins() -> None:
    state = each_with_trophies(3, [0, 4, 3], [0, 28, 21])
    state = play_round(state, right=[1])  # seat 1: 28 -> 31, fifth trophy
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == [1]
    assert outcome.details["trophies"] == [0, 5, 3]
    assert outcome.ranks == [3, 1, 2]


def test_each_tie_on_trophies_furthest_ahead_wins() -> None:
    state = each_with_trophies(3, [0, 4, 4], [0, 28, 28])
    state = play_round(state, right=[1, 2])  # both 31; performer 0 +4
    outcome = GAME.outcome(state)
    assert outcome is not None and sorted(outcome.winners) == [1, 2]  # same progress: shared win
    state = each_with_trophies(3, [0, 4, 4], [0, 28, 27])
    state = with_sides(state, round=1)  # seat 1 performs, seat 2 guesses right
    state = rules.start_round(state, 0, state.round)
    state = play_round(state, right=[0, 2])  # seat 2: 27 -> 30 (5th); seat 1 +4 -> 32 (5th)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1]
    assert outcome.details["progress"] == [3, 32, 30]


# ---------------------------------------------------------------- teams


def test_teams_partners_opposite_all_performers_at_once_layout_topped_up() -> None:
    state = new(6, mode="teams", deck=stacked(50, 51, 52, 53, 54, 55, 56, 57))
    assert state.performers == (0, 1, 2)
    assert state.cards == (50, 51, 52)
    assert GAME.active_seats(state) == {0, 1, 2}
    view = GAME.view(state, 3)
    assert view["teams"] == [[0, 3], [1, 4], [2, 5]]
    assert view["presentation"] == "face"
    assert view["my_card"] is None
    assert GAME.view(state, 1)["my_card"] == 51
    state = act(state, 1, Performed())
    assert state.phase == "perform" and GAME.active_seats(state) == {0, 2}
    state = act(state, 0, Performed())
    state = act(state, 2, Performed())
    assert state.phase == "dial"
    assert sorted(state.layout) == [50, 51, 52, 53, 54, 55, 56]
    assert state.guessers == (3, 4, 5)
    assert [state.layout[a - 1] for a in state.answers] == [50, 51, 52]
    state = dial(state, right=[3, 5])
    assert state.progress == (2, 0, 2)
    # performers alternate within each team
    assert state.performers == (3, 4, 5)
    assert state.guessers == ()


def test_teams_of_seven_need_no_top_up_and_sound_fields_are_ignored() -> None:
    state = new(14, mode="teams")
    state = with_sides(state, progress=(5,) * 7)
    assert GAME.view(state, 0)["presentation"] == "face"
    state = perform(state)
    assert sorted(state.layout) == sorted(state.cards)


def teams_state(trophies: list[int], progress: list[int], players: int = 6) -> State:
    state = new(players, mode="teams")
    cards = iter(range(90, 100))
    hands = tuple(tuple(next(cards) for _ in range(k)) for k in trophies)
    deck = tuple(c for c in state.deck if c < 90)
    return with_sides(state, deck=deck, trophies=hands, progress=tuple(progress))


def test_teams_end_at_three_trophies() -> None:
    state = teams_state([2, 2, 0], [20, 19, 0])
    state = play_round(state, right=[3])  # team 0: 22, third trophy
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == [0, 3]
    assert outcome.details["trophies"] == [3, 2, 0, 3, 2, 0]
    assert outcome.ranks == [1, 2, 3, 1, 2, 3]


def test_teams_tied_teams_play_on_alone() -> None:
    state = teams_state([2, 2, 0], [20, 20, 0])
    state = play_round(state, right=[3, 4])  # both 22: tied on trophies and progress
    assert state.phase == "perform"
    assert state.contenders == (0, 1)
    assert state.performers == (3, 4)  # team 2 no longer plays
    state = play_round(state, right=[])
    assert state.phase == "perform" and state.contenders == (0, 1)
    assert state.performers == (0, 1)
    state = play_round(state, right=[4])  # team 1 pulls ahead
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1, 4]
    assert outcome.ranks == [2, 1, 3, 2, 1, 3]


def test_teams_tie_broken_by_progress() -> None:
    state = teams_state([2, 2, 0], [20, 19, 0])
    state = play_round(state, right=[3, 4])  # 22 vs 21: both three trophies
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 3]


# ---------------------------------------------------------------- deck and secrecy


def test_empty_deck_reshuffles_the_discard_pile_never_trophies() -> None:
    state = new(2, deck=list(range(20)), trophy_target=10)
    state = play_round(state, right=[1])
    state = play_round(state, right=[0])
    assert len(state.deck) == 5 and len(state.discard) == 14  # the third card is drawn already
    state = with_sides(state, progress=(7, 0))
    state = play_round(state, right=[1])  # 5 from the deck, then a reshuffle; team crosses: a trophy
    trophy = state.trophies[0]
    assert len(trophy) == 1
    assert (len(state.discard), len(state.deck)) == (6, 12)  # the old discard pile became the deck
    in_play = set(state.deck) | set(state.discard) | set(state.cards) | set(trophy)
    assert in_play == set(range(20))
    for _ in range(6):
        state = play_round(state, right=[])
        assert trophy[0] not in state.layout
        assert trophy[0] not in state.deck + state.discard + state.cards
    trophies = {c for t in state.trophies for c in t}
    assert set(state.deck) | set(state.discard) | set(state.cards) | trophies == set(range(20))


def test_dials_are_secret_until_all_are_set() -> None:
    state = perform(new(4))
    state = act(state, 1, SetDial(4))
    for seat in (None, 0, 2, 3):
        view = GAME.view(state, seat)
        assert view["dials_set"] == [1]
        assert view["my_dial"] is None if seat != 0 else view["my_dial"] == state.answers[0]
        assert "4" not in json.dumps(view.get("last_round"))
    assert GAME.view(state, 1)["my_dial"] == 4
    changed = msgspec.structs.replace(state, dials=(state.dials[0], 6, 0, 0))
    assert GAME.view(changed, 2) == GAME.view(state, 2)
    state = act(state, 2, SetDial(2))
    state = act(state, 3, SetDial(5))
    last = GAME.view(state, 2)["last_round"]
    assert last["dials"][1:] == [4, 2, 5]


def test_performed_card_hidden_from_all_but_the_performer_until_the_reveal() -> None:
    state = new(3, deck=stacked(42))
    state = act(state, 0, Performed())
    for seat in (None, 1, 2):
        view = GAME.view(state, seat)
        assert view["my_card"] is None
        other = GAME.rerandomize_hidden(state, seat, 5)
        assert GAME.view(other, seat) == view
    assert GAME.view(state, 0)["my_card"] == 42
    answer = state.answers[0]
    state = dial(state, right=[1])
    last = GAME.view(state, 2)["last_round"]
    assert last["cards"] == [42] and last["answers"] == [answer]


def test_dial_timeout_counts_unset_dials_as_wrong() -> None:
    state = perform(new(3, dial_timeout_s=20))
    state = msgspec.structs.replace(state, phase_t=1000)
    assert GAME.due_at(state) == 21_000
    state = act(state, 1, SetDial(state.answers[0]))
    with pytest.raises(IllegalActionError, match="Nothing is due yet"):
        act(state, None, Timeout(), 20_999)
    with pytest.raises(NotYourTurnError):
        act(state, 2, Timeout(), 30_000)
    state = act(state, None, Timeout(), 21_000)
    assert state.last is not None and state.last.correct == (1,)
    assert state.progress == (1, 1)
    assert GAME.due_at(state) == 21_000 + 120_000  # the next performance has the default 120 s


def test_a_skipped_dial_is_neither_right_nor_wrong_in_coop() -> None:
    state = perform(new(4, wrong_step=2))
    assert state.phase == "dial" and state.guessers == (1, 2, 3)
    assert SkipDial() not in GAME.legal_actions(state, 1), "no player model skips by chance"
    state = act(state, 1, SkipDial())
    assert GAME.view(state, None)["dials_skipped"] == [1] and 1 in GAME.view(state, None)["dials_set"]
    assert GAME.view(state, 1)["my_dial"] is None
    assert GAME.active_seats(state) == frozenset({2, 3})
    with pytest.raises(IllegalActionError, match="already set"):
        act(state, 1, SetDial(1))
    state = act(state, 2, SetDial(state.answers[0]))
    wrong = state.answers[0] % 7 + 1
    state = act(state, 3, SetDial(wrong))
    assert state.last is not None and state.last.skipped == (1,)
    assert state.last.correct == (2,) and state.last.dials[1] == 0
    # team +1 for the right dial, game +2 for the one wrong dial; the skipped dial moves nothing
    assert state.progress == (1, 2)


def test_skip_dial_only_from_a_guesser_with_an_open_dial() -> None:
    state = new(3)
    with pytest.raises(IllegalActionError, match="once the cards are laid out"):
        act(state, 1, SkipDial())
    state = perform(state)
    with pytest.raises(NotYourTurnError, match="only guessers"):
        act(state, 0, SkipDial())


def test_all_dials_skipped_moves_nobody_and_a_skipped_leader_does_not_fall() -> None:
    state = perform(new(3))
    state = act(act(state, 1, SkipDial()), 2, SkipDial())
    assert state.last is not None and state.last.skipped == (1, 2) and state.progress == (0, 0)
    # each for themselves: seat 1 leads and is challenged by seat 2, who guesses right; seat 1 is skipped
    state = each_with_trophies(4, [0, 2, 1, 0], [0, 14, 7, 0])
    state = perform(state)
    assert state.phase == "challenge" and 2 in state.eligible
    for s in state.eligible:
        state = act(state, s, Challenge() if s == 2 else NoChallenge())
    before = state.progress
    state = act(state, 1, SkipDial())
    state = act(state, 2, SetDial(state.answers[0]))
    state = act(state, 3, SetDial(state.answers[0] % 7 + 1))
    assert state.last is not None and state.last.fallen == () and state.last.skipped == (1,)
    assert state.progress[1] == before[1], "the skipped leader neither falls nor moves"


def test_no_deadline_with_the_timers_off() -> None:
    state = perform(new(3, dial_timeout_s=0))
    assert GAME.due_at(state) is None
    with pytest.raises(IllegalActionError):
        act(state, None, Timeout(), 10**9)


def test_a_seat_whose_player_left_is_taken_over_by_anyone_acting_for_it() -> None:
    # the engine never waits for a particular person: whoever now sits at the seat may act
    state = perform(new(3))
    assert GAME.legal_actions(state, 2) == [SetDial(n) for n in range(1, 8)]


def test_views_are_json_and_document_their_shape() -> None:
    state = perform(new(4, mode="each"))
    view = GAME.view(state, 1)
    assert json.loads(json.dumps(view)) == view
    for key in (
        "mode",
        "phase",
        "performer",
        "performers",
        "presentation",
        "eyes_closed",
        "layout",
        "my_card",
        "dials_set",
        "my_dial",
        "sides",
        "challenge",
        "chain",
        "scores",
        "deck_count",
        "discard_count",
        "last_round",
    ):
        assert key in view
    assert view["my_role"] == "guesser"
    assert GAME.view(state, 0)["my_role"] == "performer"


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {}), (4, {"secret_message": True}), (5, {"mode": "each"}), (6, {"mode": "teams"})],
)
def test_rerandomized_hidden_state_looks_the_same_but_differs(players: int, options: dict[str, Any]) -> None:
    state = new(players, seed=3, **options)
    if options.get("mode") == "each":
        state = each_with_trophies(5, [0, 2, 1, 1, 0], [0, 14, 7, 7, 0])
    changed = 0
    for step in range(3):
        if step == 1:
            state = perform(state)
            if state.phase == "challenge":
                state = act(state, state.eligible[0], Challenge())
        if step == 2 and state.phase == "dial":
            state = act(state, state.guessers[0], SetDial(3))
        for seat in [None, *range(players)]:
            view = GAME.view(state, seat)
            for k in range(4):
                other = GAME.rerandomize_hidden(state, seat, k)
                assert GAME.view(other, seat) == view
                changed += (other.cards, other.answers, other.dials) != (
                    state.cards,
                    state.answers,
                    state.dials,
                )
    assert changed > 0


def test_outcome_details_per_mode() -> None:
    coop = new(2, trophy_target=1, wrong_step=3)
    for _ in range(3):  # 3 fields a round: the game crosses the line in the third
        coop = play_round(coop, right=[])
    outcome = GAME.outcome(coop)
    assert outcome is not None
    assert set(outcome.details) == {
        "team_won",
        "team_trophies",
        "game_trophies",
        "team_progress",
        "game_progress",
        "rounds",
    }
    each = play_round(each_with_trophies(3, [0, 4, 3], [0, 28, 21]), right=[1])
    outcome = GAME.outcome(each)
    assert outcome is not None
    assert set(outcome.details) == {"trophies", "progress", "flipped", "rounds"}
    assert all(len(outcome.details[k]) == 3 for k in ("trophies", "progress", "flipped"))


def test_game_ends_when_fewer_than_seven_cards_are_left_to_play() -> None:
    state = new(2, deck=list(range(14)), trophy_target=10)
    # seven cards are out of play as trophies; six remain in the deck besides the performed card
    state = with_sides(state, deck=state.deck[:6], trophies=(tuple(range(7, 14)), ()), progress=(49, 0))
    state = play_round(state, right=[1])  # the team crosses the line: one more card becomes a trophy
    assert len(state.deck) + len(state.discard) == 6
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.details["team_trophies"] == 8


def test_the_revealed_round_is_sent_as_its_whole_json_form() -> None:
    """``round_json`` (built field by field for speed) is exactly the struct's JSON form, every field."""
    from tischrunde.games.emojito.state import round_json
    from tischrunde.games.emojito.view import plain

    state = play_round(new(4, deck=stacked(5, 6, 7, 8, 9, 10, 11)), right=[1, 2])
    assert state.last is not None
    assert round_json(state.last) == plain(state.last)
    assert list(round_json(state.last)) == list(RoundResult.__struct_fields__)
    fields = RoundResult.__struct_fields__
    every = msgspec.convert({f: 7 if f == "round" else [i] for i, f in enumerate(fields)}, RoundResult)
    assert round_json(every) == plain(every)


# ---------------------------------------------------------------- deadlines by default


def test_a_performer_out_of_time_is_skipped_and_the_next_performer_goes() -> None:
    state = new(3, deck=stacked(10, 11, 12, 13, 14, 15, 16, 17))
    assert GAME.deadline(state) == Deadline(120_000, "perform", 0)
    with pytest.raises(IllegalActionError, match="Nothing is due yet"):
        act(state, None, Timeout(), 119_999)
    after, events = GAME.apply(state, None, Timeout(), 120_000)
    assert [e.kind for e in events] == ["timeout", "performance_skipped"]
    assert events[1].data == {"seats": [0]}
    assert after.phase == "perform" and after.performers == (1,) and after.round == 1
    assert after.cards == (11,) and 10 in after.discard, "the skipped card goes to the discard pile"
    assert after.progress == (0, 0), "a skipped performance moves no marker"
    assert GAME.deadline(after) == Deadline(240_000, "perform", 1)


def test_an_away_performers_stand_in_skips_and_only_a_performer_may() -> None:
    state = new(3, deck=stacked(10, 11, 12, 13, 14, 15, 16, 17))
    assert SkipPerformance() not in GAME.legal_actions(state, 0), "no player model skips by chance"
    with pytest.raises(IllegalActionError, match="only a performer"):
        act(state, 1, SkipPerformance())
    state = act(state, 0, SkipPerformance())
    assert state.performers == (1,) and state.phase == "perform" and state.round == 1
    state = perform(state)
    with pytest.raises(IllegalActionError, match="only a performer"):
        act(state, 1, SkipPerformance())


def test_teams_a_skipped_performer_leaves_the_others_playing_and_the_partner_goes_next() -> None:
    state = new(4, mode="teams", deck=stacked(50, 51, 52, 53, 54, 55, 56, 57))
    assert state.performers == (0, 1) and GAME.deadline(state) == Deadline(120_000, "perform")
    state = act(state, 1, Performed(), 1_000)
    state = act(state, None, Timeout(), 120_000)  # seat 0 never performed
    assert state.phase == "dial" and state.performers == (1,) and state.guessers == (3,)
    assert 50 not in state.layout and 51 in state.layout
    state = act(state, 3, SetDial(truth_for(state, 3)), 121_000)
    assert state.last is not None and state.last.correct == (3,)
    assert state.phase == "perform" and state.performers == (2, 3), "team 0's turn passed to seat 2"


def test_a_secret_message_not_passed_on_in_time_stops_there() -> None:
    state = new(4, secret_message=True)
    state = act(state, 0, Performed(), 1_000)
    assert state.phase == "chain" and GAME.deadline(state) == Deadline(121_000, "perform", 1)
    state = act(state, 1, PassedOn(), 2_000)
    assert GAME.deadline(state) == Deadline(122_000, "perform", 2), "each showing has its own time"
    state = act(state, None, Timeout(), 122_000)
    assert state.phase == "dial" and state.guessers == (1, 2, 3)
    assert GAME.deadline(state) == Deadline(182_000, "dial")


def test_who_has_not_decided_on_a_challenge_in_time_does_not_challenge() -> None:
    state = each_with_trophies(4, [1, 2, 1, 0], [7, 14, 7, 0])
    state = act(state, 0, Performed(), 1_000)
    assert state.phase == "challenge" and state.eligible == (2,)
    assert GAME.deadline(state) == Deadline(61_000, "challenge")
    state = act(state, None, Timeout(), 61_000)
    assert state.phase == "dial" and state.challengers == () and state.declarations[2] == 0


def test_more_time_scales_the_performance_and_zero_turns_every_deadline_off() -> None:
    config = Config(game="emojito", players=3, seed=1, more_time=150)
    assert GAME.due_at(GAME.new(config)) == 180_000
    state = GAME.new(msgspec.structs.replace(config, more_time=0))
    assert GAME.due_at(state) is None
    assert GAME.due_at(perform(state)) is None


def test_teams_every_performer_of_the_round_may_end_the_round_pause() -> None:
    """The core's round pause asks ``starts_next_round``: in teams each team's performer may go on."""
    state = play_round(new(4, mode="teams", round_pause_ms=5000), right=[])
    assert state.phase == "round_over" and state.performers == (0, 1)
    deadline = GAME.deadline(state)
    assert deadline is not None and (deadline.kind, deadline.seat) == ("round_pause", 0)
    with pytest.raises(NotYourTurnError) as refused:
        GAME.apply(state, 2, NextRound(), 100)
    assert refused.value.code == "not_start_player"
    for performer in (0, 1):
        after = act(state, performer, NextRound(), 100)
        assert after.phase == "perform" and after.round == 1 and after.last_t == 100
