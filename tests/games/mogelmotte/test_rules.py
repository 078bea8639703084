"""Scenario tests for every Mogel-Motte rule (shared/rules/mogelmotte.md), built on stacked decks."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from tischrunde.core.errors import ConfigError, GameError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Timeout
from tischrunde.games.mogelmotte import (
    GAME,
    Accuse,
    Cheat,
    Draw,
    Fidget,
    Give,
    Play,
    Slap,
    SpiderGive,
    SpiderSkip,
    State,
    Throw,
)
from tischrunde.games.mogelmotte.content import DECK_SIZE, KIND, VALUE


def cards(kind: str, value: int) -> list[int]:
    return [c for c in range(DECK_SIZE) if KIND[c] == kind and VALUE[c] == value]


class Pool:
    """Hands out distinct card ids of a kind and value, so stacked decks never repeat a card."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def __call__(self, kind: str, value: int) -> int:
        for c in cards(kind, value):
            if c not in self.used:
                self.used.add(c)
                return c
        raise AssertionError(f"no {kind} {value} left")

    def n(self, value: int) -> int:
        return self("number", value)


def new(hands: list[list[int]], top: int, draw: list[int] | None = None, **options: Any) -> State:
    """A game dealt from a stacked deck: these hands, this discard top, then the draw pile (next first)."""
    size = len(hands[0])
    assert all(len(h) == size for h in hands)
    order = [c for h in hands for c in h] + [top] + list(draw or [])
    options.setdefault("hand_size", size)
    config = Config(game="mogelmotte", players=len(hands), seed=7, options=options, decks={"main": order})
    return GAME.new(config)


def act(state: State, seat: int | None, action: Action, t: int = 0) -> State:
    new_state, _ = GAME.apply(state, seat, action, t)
    return new_state


def events(state: State, seat: int | None, action: Action, t: int = 0) -> tuple[State, list[str]]:
    new_state, evs = GAME.apply(state, seat, action, t)
    return new_state, [e.kind for e in evs]


def refused(
    state: State, seat: int | None, action: Action, t: int = 0, match: str | None = None
) -> GameError:
    before = msgspec.json.encode(state)
    with pytest.raises(GameError, match=match) as info:
        GAME.apply(state, seat, action, t)
    assert msgspec.json.encode(state) == before
    return info.value


def entry(view: dict[str, Any], card: int) -> dict[str, Any]:
    """The hand entry of ``card`` in a seat's view."""
    found = [e for e in view["hand"] if e["id"] == card]
    assert len(found) == 1
    return found[0]


# ---------------------------------------------------------------------------------------- the deck


def test_deck_composition_is_the_rulebooks() -> None:
    kinds = [KIND[c] for c in range(DECK_SIZE)]
    assert DECK_SIZE == 71  # plus the guard bug, a role marker: 72 in the box
    assert [
        sum(1 for c in range(DECK_SIZE) if KIND[c] == "number" and VALUE[c] == v) for v in range(1, 6)
    ] == [
        9,
        9,
        9,
        8,
        8,
    ]
    for animal in ("ant", "spider", "mosquito", "cockroach"):
        assert sorted(VALUE[c] for c in range(DECK_SIZE) if KIND[c] == animal) == [1, 2, 3, 4, 5]
    assert sorted(VALUE[c] for c in range(DECK_SIZE) if KIND[c] == "moth") == [1, 1, 2, 2, 3, 3, 4, 5]
    assert kinds.count("moth") == 8


def test_setup_deals_hands_turns_a_card_and_seat_0_is_guard_and_starts() -> None:
    state = GAME.new(Config(game="mogelmotte", players=4, seed=3))
    view = GAME.view(state, 0)
    assert view["hand_counts"] == [8, 8, 8, 8]
    assert view["discard_count"] == 1
    assert view["draw_count"] == 71 - 33
    assert view["guard_seat"] == 0 and view["turn_seat"] == 0 and view["start_seat"] == 0
    assert view["rounds"] == 4


def test_an_action_card_as_first_discard_counts_only_by_value() -> None:
    p = Pool()
    ant3 = p("ant", 3)
    state = new([[p.n(2), p.n(5)], [p.n(1), p.n(1)], [p.n(1), p.n(1)]], top=ant3, draw=[p.n(1)])
    assert GAME.view(state, 0)["phase"] == "turn"
    state = act(state, 0, Play(state.hands[0][0]))  # a 2 on the ant's 3: nobody draws
    assert [len(h) for h in state.hands] == [1, 2, 2]


# ------------------------------------------------------------------------------------------ a turn


@pytest.mark.parametrize(
    ("top", "ok", "bad"),
    [(3, (2, 4), (1, 3, 5)), (1, (2, 5), (1, 3, 4)), (5, (4, 1), (2, 3, 5)), (2, (1, 3), (2, 4, 5))],
)
def test_plus_minus_one_with_1_and_5_as_neighbours(
    top: int, ok: tuple[int, ...], bad: tuple[int, ...]
) -> None:
    p = Pool()
    hand = [p.n(v) for v in (1, 2, 3, 4, 5)]
    others = [[p.n(v) for v in (1, 2, 3, 4, 5)], [p.n(v) for v in (1, 2, 3, 4, 4)]]
    state = new([hand, *others], top=p.n(top))
    playable = {VALUE[c] for c in hand if GAME.view(state, 0)["hand"][hand.index(c)]["playable"]}
    assert playable == set(ok)
    for card in hand:
        if VALUE[card] in bad:
            err = refused(
                state, 0, Play(card), match=f"You can only play a {min(ok)} or a {max(ok)} on a {top}"
            )
            assert err.code == "needs_neighbour_value"
        else:
            assert act(state, 0, Play(card)).discard[-1] == card


def test_drawing_ends_the_turn_and_the_drawn_card_cannot_be_played() -> None:
    p = Pool()
    fitting = p.n(3)
    state = new([[p.n(5), p.n(5)], [p.n(5), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), draw=[fitting, p.n(1)])
    state, kinds = events(state, 0, Draw())
    assert "draw" in kinds
    assert fitting in state.hands[0] and state.turn == 1
    err = refused(state, 0, Play(fitting))
    assert isinstance(err, NotYourTurnError)
    assert entry(GAME.view(state, 0), fitting)["reason"] == "not_your_turn"


def test_a_seat_may_draw_even_when_it_could_play() -> None:
    p = Pool()
    state = new([[p.n(3), p.n(5)], [p.n(5), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), draw=[p.n(1)])
    assert Draw() in GAME.legal_actions(state, 0)
    state = act(state, 0, Draw())
    assert len(state.hands[0]) == 3


def test_empty_draw_pile_is_refilled_from_the_discard_pile_except_its_top() -> None:
    p = Pool()
    one, two = p.n(1), p.n(2)
    state = new(
        [[one, p.n(3), p.n(5)], [two, p.n(5), p.n(5)], [p.n(3), p.n(5), p.n(5)]], top=p.n(2), draw=[p.n(4)]
    )
    state = act(state, 0, Play(one))  # 1 on 2
    state = act(state, 1, Play(two))  # 2 on 1
    state = act(state, 2, Draw())  # takes the last draw card
    assert GAME.view(state, 0)["draw_count"] == 0 and GAME.view(state, 0)["discard_count"] == 3
    top = state.discard[-1]
    state, kinds = events(state, 0, Draw())
    assert "reshuffle" in kinds
    assert state.discard == (top,)
    assert len(state.draw) == 1 and len(state.hands[0]) == 3


def test_when_nothing_can_be_drawn_the_turn_passes_and_a_blocked_circle_ends_the_round() -> None:
    p = Pool()
    state = new([[p.n(5), p.n(5)], [p.n(5), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), rounds=1)
    state, kinds = events(state, 0, Draw())
    assert "draw_impossible" in kinds and state.turn == 1 and len(state.hands[0]) == 2
    state = act(state, 1, Draw())
    state, kinds = events(state, 2, Draw())
    assert "round_end" in kinds and state.phase == "over"
    assert GAME.outcome(state) is not None and GAME.outcome(state).scores == [2.0, 2.0, 2.0]  # type: ignore[union-attr]


def test_only_the_guard_may_play_a_moth_and_only_when_it_fits() -> None:
    p = Pool()
    guard_moth, wrong_moth = p("moth", 3), p("moth", 5)
    state = new(
        [[guard_moth, wrong_moth, p.n(5)], [p.n(5), p.n(5), p.n(5)], [p.n(5), p.n(5), p.n(4)]],
        top=p.n(2),
        draw=[p.n(5)],
    )
    refused(state, 0, Play(wrong_moth), match="only play a 1 or a 3 on a 2")
    assert Play(guard_moth) in GAME.legal_actions(state, 0)
    state = act(state, 0, Play(guard_moth))
    assert state.discard[-1] == guard_moth


def test_a_non_guard_may_not_play_a_fitting_moth() -> None:
    p = Pool()
    moth = p("moth", 3)
    state = new([[p.n(5), p.n(5)], [moth, p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), draw=[p.n(1)])
    state = act(state, 0, Draw())
    err = refused(state, 1, Play(moth), match="Only the guard may play a moth")
    assert err.code == "moth_only_guard"
    assert entry(GAME.view(state, 1), moth)["reason"] == "moth_only_guard"
    assert Play(moth) not in GAME.legal_actions(state, 1)


# ------------------------------------------------------------------------------------- action cards


def test_ant_makes_every_other_player_draw_one_card() -> None:
    p = Pool()
    ant = p("ant", 3)
    state = new(
        [[ant, p.n(5)], [p.n(5), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), draw=[p.n(1), p.n(1), p.n(1)]
    )
    state, kinds = events(state, 0, Play(ant))
    assert kinds.count("draw") == 2
    assert [len(h) for h in state.hands] == [1, 3, 3]
    assert state.turn == 1


def test_spider_gives_one_non_moth_card_to_any_other_seat() -> None:
    p = Pool()
    spider, moth, keep, gift = p("spider", 3), p("moth", 1), p.n(5), p.n(4)
    state = new(
        [
            [spider, moth, keep, gift],
            [p.n(5), p.n(5), p.n(5), p.n(5)],
            [p.n(1), p.n(1), p.n(1), p.n(1)],
        ],
        top=p.n(2),
        draw=[p.n(1)],
    )
    state = act(state, 0, Play(spider))
    assert state.phase == "spider" and GAME.active_seats(state) == frozenset({0})
    legal = GAME.legal_actions(state, 0)
    assert SpiderSkip() in legal and SpiderGive(gift, 2) in legal and SpiderGive(moth, 1) not in legal
    assert refused(state, 0, SpiderGive(moth, 1)).code == "moth_not_giveable"
    assert refused(state, 0, SpiderGive(gift, 0)).code == "bad_seat"
    assert isinstance(refused(state, 1, SpiderSkip()), NotYourTurnError)
    assert refused(state, 1, Cheat(state.hands[1][0])).code == "no_cheating_now"
    given, evs = GAME.apply(state, 0, SpiderGive(gift, 2), 0)
    assert gift in given.hands[2] and gift not in given.hands[0] and given.turn == 1
    # the public event does not name the card: that stays between giver and receiver
    assert [(e.kind, e.visible_to) for e in evs] == [("spider_give", None), ("gift", (0, 2))]
    assert "card" not in evs[0].data and evs[1].data["card"] == gift
    skipped = act(state, 0, SpiderSkip())
    assert skipped.hands == state.hands and skipped.turn == 1


def test_spider_never_gives_the_last_card() -> None:
    p = Pool()
    spider, last = p("spider", 3), p.n(5)
    state = new([[spider, last], [p.n(5), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), draw=[p.n(1)])
    state = act(state, 0, Play(spider))
    assert GAME.legal_actions(state, 0) == [SpiderSkip()]
    assert refused(state, 0, SpiderGive(last, 1), match="last card").code == "last_card"


def mosquito_table(**options: Any) -> tuple[State, dict[str, int]]:
    """4 seats: seat 0 holds a mosquito; seat 1 only moths; seat 3 moths and number cards."""
    p = Pool()
    named = {"mosquito": p("mosquito", 3), "a": p.n(4), "b": p.n(4), "m3": p("moth", 1), "n3": p.n(5)}
    hands = [
        [named["mosquito"], named["a"], named["b"]],
        [p("moth", 1), p("moth", 2), p("moth", 2)],
        [p.n(1), p.n(1), p.n(1)],
        [named["m3"], named["n3"], p.n(5)],
    ]
    state = new(hands, top=p.n(2), draw=[p.n(1), p.n(1)], **options)
    return act(state, 0, Play(named["mosquito"]), t=1000), named


def test_mosquito_race_slowest_gets_a_card_from_everyone_else_who_can_give() -> None:
    state, c = mosquito_table()
    assert state.phase == "mosquito_race" and state.race_until == 1000 + 3000
    assert GAME.legal_actions(state, 2)[0] == Slap()
    assert refused(state, 0, Slap(), t=1100).code == "own_mosquito"
    state = act(state, 1, Slap(), t=1200)
    assert refused(state, 1, Slap(), t=1250).code == "already_slapped"
    state, kinds = events(state, 3, Slap(), t=1300)
    assert "slowest" in kinds and state.slowest == 2 and state.phase == "mosquito_give"
    # seat 1 holds only moths: nothing to give; the mosquito's player gives too
    assert state.givers == (0, 3)
    assert isinstance(refused(state, 1, Give(state.hands[1][0]), t=1400), NotYourTurnError)
    assert refused(state, 3, Give(c["m3"]), t=1400).code == "moth_not_giveable"
    state = act(state, 0, Give(c["a"]), t=1500)
    assert GAME.view(state, 0)["gifts"]["my_choice"]["id"] == c["a"]
    assert GAME.view(state, 2)["gifts"]["my_choice"] is None
    assert GAME.view(state, 2)["gifts"]["waiting"] == [3]
    assert c["a"] in state.hands[0]  # gifts move together once all have chosen
    assert refused(state, 0, Give(c["b"]), t=1550).code == "already_chosen"
    state = act(state, 3, Give(c["n3"]), t=1600)
    assert c["a"] in state.hands[2] and c["n3"] in state.hands[2] and len(state.hands[2]) == 5
    assert state.phase == "turn" and state.turn == 1


def test_mosquito_gifts_never_give_the_last_card() -> None:
    p = Pool()
    mosquito, last = p("mosquito", 3), p.n(5)
    state = new([[mosquito, last], [p.n(5), p.n(5)], [p.n(1), p.n(1)]], top=p.n(2), draw=[p.n(1)])
    state = act(state, 0, Play(mosquito))
    state = act(state, 1, Slap(), t=10)
    assert state.slowest == 2 and state.givers == (1,)
    state = act(state, 1, Give(state.hands[1][0]), t=20)
    assert state.hands[0] == (last,) and len(state.hands[2]) == 3


@pytest.mark.parametrize(("slapped", "slowest"), [((), 3), ((3,), 2), ((2,), 3)])
def test_slap_window_end_picks_the_last_non_slapper_clockwise(slapped: tuple[int, ...], slowest: int) -> None:
    state, _ = mosquito_table()
    for seat in slapped:
        state = act(state, seat, Slap(), t=2000)
    assert refused(state, None, Timeout(), t=3999).code == "too_early"
    assert refused(state, 1, Slap(), t=4000).code == "deadline_passed"
    state = act(state, None, Timeout(), t=4000)
    assert state.slowest == slowest


def test_cockroach_race_fastest_throw_counts_and_play_goes_on_after_its_player() -> None:
    p = Pool()
    roach, own3, a3, b3 = p("cockroach", 3), p.n(3), p.n(3), p.n(3)
    hands = [[roach, own3, p.n(5)], [a3, p.n(5), p.n(5)], [b3, p.n(5), p.n(5)], [p.n(5), p.n(5), p.n(5)]]
    state = new(hands, top=p.n(2), draw=[p.n(1)])
    state = act(state, 0, Play(roach), t=100)
    assert state.phase == "cockroach_race" and GAME.due_at(state) == 100 + 2500
    assert GAME.active_seats(state) >= {0, 1, 2, 3}
    assert GAME.legal_actions(state, 1)[0] == Throw(a3)
    assert refused(state, 3, Throw(state.hands[3][0]), t=200).code == "needs_cockroach_value"
    thrown = act(state, 2, Throw(b3), t=300)
    assert thrown.discard[-1] == b3 and b3 not in thrown.hands[2]
    assert thrown.phase == "turn" and thrown.turn == 1
    assert refused(thrown, 1, Throw(a3), t=310).code == "wrong_phase"  # only the fastest counts
    assert a3 in thrown.hands[1]
    # the cockroach's player may throw too
    own = act(state, 0, Throw(own3), t=300)
    assert own.discard[-1] == own3 and own.turn == 1
    # nobody throws: the window closes and play goes on after the player
    late = act(state, None, Timeout(), t=2600)
    assert late.phase == "turn" and late.turn == 1 and late.discard[-1] == roach


def test_throwing_the_last_card_ends_the_round() -> None:
    p = Pool()
    one, two, last3, roach = p.n(1), p.n(2), p.n(3), p("cockroach", 3)
    state = new([[one, p.n(5)], [two, last3], [roach, p.n(5)]], top=p.n(2), draw=[p.n(1)], rounds=1)
    state = act(state, 0, Play(one))
    state = act(state, 1, Play(two))
    state = act(state, 2, Play(roach), t=10)
    state, kinds = events(state, 1, Throw(last3), t=20)
    assert "round_end" in kinds and state.phase == "over"
    assert state.round_points == ((1, 0, 1),)


def test_last_card_ends_the_round_at_once_and_its_action_does_not_happen() -> None:
    p = Pool()
    ant = p("ant", 3)
    state = new([[ant], [p.n(5)], [p("moth", 1)]], top=p.n(2), draw=[p.n(1), p.n(1)], rounds=1)
    state, kinds = events(state, 0, Play(ant))
    assert "draw" not in kinds and "round_end" in kinds
    assert state.round_points == ((0, 1, 10),)


# ------------------------------------------------------------------------------------------ cheating


def cheat_table(**options: Any) -> tuple[State, dict[str, int]]:
    """3 seats, seat 0 guard and to move; seat 1 holds a moth it wants to get rid of."""
    p = Pool()
    c = {"moth": p("moth", 1), "x": p.n(5), "y": p.n(5), "g1": p.n(4), "gmoth": p("moth", 3)}
    hands = [[c["g1"], c["gmoth"], p.n(5)], [c["moth"], c["x"], c["y"]], [p.n(5), p.n(5), p.n(5)]]
    return new(hands, top=p.n(2), draw=[p.n(1), p.n(1), p.n(1), p.n(1)], **options), c


def test_a_cheat_takes_cheat_ms_shows_a_tell_and_then_the_card_is_gone() -> None:
    state, c = cheat_table()
    state, kinds = events(state, 1, Cheat(c["moth"]), t=100)
    assert "tell" in kinds
    assert GAME.due_at(state) == 2100
    for seat in (None, 0, 2):
        view = GAME.view(state, seat)
        assert view["tells"] == [{"seat": 1, "until": 2100}]
        assert view["my_tell"] is None and view["hand_counts"][1] == 3
    mine = GAME.view(state, 1)
    assert mine["my_tell"] == {
        "cheat": True,
        "card": {"id": c["moth"], "kind": "moth", "value": 1},
        "until": 2100,
    }
    assert entry(mine, c["moth"])["reason"] == "being_cheated"
    refused(state, None, Timeout(), t=2099, match="Nothing is due yet")
    assert refused(state, 0, Draw(), t=2100).code == "deadline_passed"
    state, kinds = events(state, None, Timeout(), t=2100)
    assert "tell_end" in kinds
    assert c["moth"] not in state.hands[1] and len(state.hands[1]) == 2
    assert state.cheats == (0, 1, 0)
    assert GAME.view(state, 2)["tells"] == []


def test_a_tell_does_not_say_whether_it_is_a_cheat_or_a_fidget() -> None:
    state, c = cheat_table()
    cheating = act(state, 1, Cheat(c["x"]), t=100)
    fidgeting = act(state, 1, Fidget(), t=100)
    for seat in (None, 0, 2):
        assert json.dumps(GAME.view(cheating, seat)) == json.dumps(GAME.view(fidgeting, seat))
    assert GAME.view(fidgeting, 1)["my_tell"] == {"cheat": False, "card": None, "until": 2100}


def test_the_guard_catches_a_cheater_in_the_act() -> None:
    state, c = cheat_table()
    state = act(state, 1, Cheat(c["moth"]), t=100)
    assert Accuse(1) in GAME.legal_actions(state, 0) and Accuse(2) not in GAME.legal_actions(state, 0)
    assert isinstance(
        refused(state, 2, Accuse(1), t=500, match="Only the guard may accuse"), NotYourTurnError
    )
    state, kinds = events(state, 0, Accuse(1), t=500)
    assert "caught" in kinds
    assert c["moth"] in state.hands[1]  # the card goes back into the hand
    assert state.guard == 1 and state.caught == (0, 1, 0)
    # the tell's end is no deadline any more; the turn's wait (from the deal at 0) runs on
    assert GAME.deadline(state) == Deadline(60_000, "turn", 0) and GAME.view(state, 2)["tells"] == []
    # the old guard chooses the card (not a moth); nothing else happens meanwhile
    assert GAME.active_seats(state) == frozenset({0})
    assert GAME.legal_actions(state, 0) == [Give(c["g1"]), Give(state.hands[0][1])]
    assert refused(state, 2, Cheat(state.hands[2][0]), t=600).code == "settling"
    assert refused(state, 0, Draw(), t=600).code == "settling"
    assert refused(state, 0, Give(c["gmoth"]), t=600).code == "moth_not_giveable"
    assert GAME.view(state, 2)["settling"] == {"guard": 0, "to": 1}
    state = act(state, 0, Give(c["g1"]), t=700)
    assert c["g1"] in state.hands[1] and len(state.hands[1]) == 4 and len(state.hands[0]) == 2
    assert state.phase == "turn" and state.turn == 0
    # the new guard may not cheat; the old one may
    assert (
        refused(state, 1, Cheat(c["x"]), t=800, match="The guard may not cheat").code == "guard_cannot_cheat"
    )
    assert GAME.view(state, 0)["can_cheat"] is True
    assert act(state, 0, Cheat(c["gmoth"]), t=800).cheat_card[0] == c["gmoth"]


def test_a_wrong_accusation_costs_the_guard_a_penalty_card() -> None:
    state, _ = cheat_table()
    idle, kinds = events(state, 0, Accuse(2), t=100)
    assert "wrong_accusation" in kinds
    assert len(idle.hands[0]) == 4 and idle.guard == 0 and idle.wrong_accusations == (1, 0, 0)
    fidget = act(state, 2, Fidget(), t=100)
    fidget, kinds = events(fidget, 0, Accuse(2), t=200)
    assert "wrong_accusation" in kinds and fidget.guard == 0 and len(fidget.hands[0]) == 4
    assert GAME.view(fidget, 1)["tells"] == []  # an accused fidget ends


def test_a_completed_cheat_can_no_longer_be_caught() -> None:
    state, c = cheat_table()
    state = act(state, 1, Cheat(c["moth"]), t=100)
    state = act(state, None, Timeout(), t=2100)
    assert Accuse(1) not in GAME.legal_actions(state, 0)
    state = act(state, 0, Accuse(1), t=2200)
    assert state.guard == 0 and state.wrong_accusations == (1, 0, 0) and c["moth"] not in state.hands[1]


def test_cheating_limits_guard_last_card_one_at_a_time() -> None:
    state, c = cheat_table()
    assert refused(state, 0, Cheat(c["g1"]), match="The guard may not cheat").code == "guard_cannot_cheat"
    assert refused(state, 0, Fidget()).code == "guard_cannot_cheat"
    running = act(state, 1, Cheat(c["x"]), t=10)
    assert refused(running, 1, Cheat(c["y"]), t=20, match="One card at a time").code == "one_at_a_time"
    assert refused(running, 1, Fidget(), t=20).code == "one_at_a_time"
    p = Pool()
    single = new([[p.n(5)], [p.n(5)], [p.n(5)]], top=p.n(2), draw=[p.n(1)])
    err = refused(single, 1, Cheat(single.hands[1][0]), match="You may not cheat away your last card")
    assert err.code == "last_card"
    assert GAME.legal_actions(single, 1) == []


def test_cheating_is_possible_at_any_moment_even_during_races() -> None:
    state, c = mosquito_table()
    assert Cheat(state.hands[3][0]) in GAME.legal_actions(state, 3)
    state = act(state, 3, Cheat(c["m3"]), t=1100)
    assert state.cheat_card[3] == c["m3"]


def test_a_cheat_whose_hand_shrank_to_one_card_fails() -> None:
    p = Pool()
    one, two, three = p.n(1), p.n(2), p.n(3)
    state = new([[one, p.n(5)], [two, p.n(5)], [three, p.n(5)]], top=p.n(2), draw=[p.n(4)], cheat_ms=5000)
    state = act(state, 1, Cheat(state.hands[1][1]), t=0)
    state = act(state, 0, Play(one), t=10)
    state = act(state, 1, Play(two), t=20)  # seat 1 now holds only the card it is cheating
    state = act(state, None, Timeout(), t=5000)
    assert len(state.hands[1]) == 1 and state.cheats == (0, 0, 0)


# ------------------------------------------------------------------------------- scoring and rounds


def test_penalty_points_number_1_action_5_moth_10_and_fewest_points_win() -> None:
    p = Pool()
    one, last = p.n(1), p.n(2)
    hands = [[one, last], [p("ant", 5), p.n(5)], [p("moth", 4), p("mosquito", 5)]]
    state = new(hands, top=p.n(2), draw=[p.n(4), p.n(3)], rounds=1)
    state = act(state, 0, Play(one))
    state = act(state, 1, Draw())
    state = act(state, 2, Draw())
    state, kinds = events(state, 0, Play(last))
    assert kinds[-2:] == ["round_end", "game_over"]
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.details["penalty_points"] == [0, 5 + 1 + 1, 10 + 5 + 1]
    assert outcome.scores == [0.0, 7.0, 16.0]
    assert outcome.winners == [0] and outcome.ranks == [1, 2, 3]
    assert outcome.details["rounds"] == 1


def one_card_table(**options: Any) -> State:
    """3 seats with one card each: seat 0 a 3, seat 1 an ant 3, seat 2 a moth 3; the top is a 2."""
    p = Pool()
    return new([[p.n(3)], [p("ant", 3)], [p("moth", 3)]], top=p.n(2), draw=[p.n(1), p.n(1)], **options)


def test_rounds_equal_players_and_the_next_round_starts_left_of_the_last_start_player() -> None:
    state = one_card_table()
    state = act(state, 0, Play(state.hands[0][0]), t=100)
    assert state.phase == "round_over" and GAME.due_at(state) == 100 + 4000
    assert GAME.active_seats(state) == frozenset()
    assert refused(state, 1, Fidget(), t=200).code == "round_over"
    state = act(state, None, Timeout(), t=4100)
    view = GAME.view(state, 1)
    assert (
        view["round"] == 2 and view["start_seat"] == 1 and view["guard_seat"] == 1 and view["turn_seat"] == 1
    )
    state = act(state, 1, Play(state.hands[1][0]), t=4200)  # the ant is the last card: no action
    state = act(state, None, Timeout(), t=8200)
    assert GAME.view(state, 2)["guard_seat"] == 2
    state = act(state, 2, Play(state.hands[2][0]), t=8300)  # the guard plays the moth
    assert state.phase == "over"
    assert state.round_points == ((0, 5, 10), (1, 0, 10), (1, 5, 0))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == [2.0, 10.0, 20.0] and outcome.details["rounds"] == 3
    with pytest.raises(IllegalActionError, match="Nothing is due"):
        GAME.apply(state, None, Timeout(), 9000)


def test_ties_share_the_win() -> None:
    p = Pool()
    state = new([[p.n(3)], [p.n(1)], [p("moth", 1)]], top=p.n(2), draw=[p.n(5)], rounds=2, round_pause_ms=0)
    state = act(state, 0, Play(state.hands[0][0]))
    assert state.phase == "turn" and state.turn == 1  # round_pause_ms=0 deals at once
    state = act(state, 1, Play(state.hands[1][0]))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == [1.0, 1.0, 20.0] and outcome.winners == [0, 1] and outcome.ranks == [1, 1, 3]


# ------------------------------------------------------------------------------ every option matters


def test_option_cheat_ms() -> None:
    state, c = cheat_table(cheat_ms=500)
    state = act(state, 1, Cheat(c["x"]), t=100)
    assert GAME.due_at(state) == 600


def test_option_slap_and_throw_windows() -> None:
    state, _ = mosquito_table(slap_window_ms=700)
    assert GAME.due_at(state) == 1700
    p = Pool()
    roach = p("cockroach", 3)
    state = new([[roach, p.n(5)], [p.n(5), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), throw_window_ms=900)
    assert GAME.due_at(act(state, 0, Play(roach), t=50)) == 950


def test_option_rounds_and_hand_size() -> None:
    state = one_card_table(rounds=1)
    assert act(state, 0, Play(state.hands[0][0])).phase == "over"
    assert GAME.view(GAME.new(Config(game="mogelmotte", players=3, options={"hand_size": 5})), 0)[
        "hand_counts"
    ] == [5, 5, 5]


def test_option_last_card_action() -> None:
    p = Pool()
    ant = p("ant", 3)
    state = new(
        [[ant], [p.n(5)], [p.n(5)]], top=p.n(2), draw=[p.n(1), p.n(1)], rounds=1, last_card_action=True
    )
    state, kinds = events(state, 0, Play(ant))
    assert kinds.count("draw") == 2 and "round_end" in kinds
    assert state.round_points == ((0, 2, 2),)


def test_option_give_last_card() -> None:
    p = Pool()
    spider, last = p("spider", 3), p.n(5)
    state = new(
        [[spider, last], [p.n(5), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), rounds=1, give_last_card=True
    )
    state = act(state, 0, Play(spider))
    assert SpiderGive(last, 2) in GAME.legal_actions(state, 0)
    state = act(state, 0, SpiderGive(last, 2))
    assert state.phase == "over" and state.round_points == ((0, 2, 3),)


def test_option_guard_chooses_card_off_gives_a_random_non_moth_card() -> None:
    state, c = cheat_table(guard_chooses_card=False)
    state = act(state, 1, Cheat(c["moth"]), t=100)
    state = act(state, 0, Accuse(1), t=200)
    assert GAME.view(state, 0)["settling"] is None and len(state.hands[1]) == 4
    assert c["gmoth"] in state.hands[0]


@pytest.mark.parametrize(("mode", "turn"), [("after_player", 1), ("after_thrower", 3)])
def test_option_cockroach_continue(mode: str, turn: int) -> None:
    p = Pool()
    roach, three = p("cockroach", 3), p.n(3)
    hands = [[roach, p.n(5)], [p.n(5), p.n(5)], [three, p.n(5)], [p.n(5), p.n(5)]]
    state = new(hands, top=p.n(2), cockroach_continue=mode)
    state = act(act(state, 0, Play(roach)), 2, Throw(three), t=10)
    assert state.turn == turn


def test_option_slowest_rule_random() -> None:
    seen = set()
    for seed in range(12):
        state, _ = mosquito_table(slowest_rule="random")
        state = msgspec.structs.replace(state, rng=seed * 7919 + 1)
        seen.add(act(state, None, Timeout(), t=4000).slowest)
    assert seen == {1, 2, 3}


def test_option_round_pause_ms() -> None:
    state = one_card_table(round_pause_ms=1000)
    state = act(state, 0, Play(state.hands[0][0]), t=100)
    assert GAME.due_at(state) == 1100 and GAME.view(state, None)["round_until"] == 1100


# --------------------------------------------------------------------------- config, time and JSON


def test_bad_stacked_decks_name_the_field() -> None:
    config = Config(game="mogelmotte", players=3, decks={"main": [1, 1, 2]})
    with pytest.raises(ConfigError, match=r"decks\.main"):
        GAME.new(config)
    with pytest.raises(ConfigError, match=r"decks\.main"):
        GAME.new(Config(game="mogelmotte", players=3, decks={"main": list(range(10))}))
    with pytest.raises(ConfigError, match=r"options\.cockroach_continue"):
        GAME.new(Config(game="mogelmotte", players=3, options={"cockroach_continue": "sideways"}))


def test_time_never_runs_backwards_and_only_the_clock_sends_timeouts() -> None:
    state, c = cheat_table()
    state = act(state, 1, Cheat(c["x"]), t=500)
    assert refused(state, 2, Fidget(), t=400).code == "time_backwards"
    assert isinstance(refused(state, 1, Timeout(), t=3000), NotYourTurnError)
    assert isinstance(refused(state, 7, Fidget(), t=600), NotYourTurnError)


def test_actions_decode_from_json() -> None:
    assert GAME.decode_action({"type": "spider_give", "card": 3, "to_seat": 1}) == SpiderGive(3, 1)
    assert GAME.decode_action(b'{"type":"accuse","seat":2}') == Accuse(2)
    assert GAME.decode_action({"type": "timeout"}) == Timeout()


def test_rerandomize_keeps_own_hand_counts_and_hides_others_cheat_cards() -> None:
    state, c = cheat_table()
    state = act(state, 1, Cheat(c["moth"]), t=100)
    for seed in range(5):
        other = GAME.rerandomize_hidden(state, 0, seed)
        assert other.hands[0] == state.hands[0]
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert other.cheat_card[1] in other.hands[1]
        assert sorted([*other.draw, *(x for h in other.hands for x in h)]) == sorted(
            [*state.draw, *(x for h in state.hands for x in h)]
        )
        assert GAME.view(other, 0) == GAME.view(state, 0)
    mine = GAME.rerandomize_hidden(state, 1, 3)
    assert mine.hands[1] == state.hands[1] and mine.cheat_card[1] == c["moth"]


def test_a_giver_whose_cheat_completes_to_one_card_is_skipped() -> None:
    p = Pool()
    mosquito, n1, n2, gift = p("mosquito", 3), p.n(5), p.n(4), p.n(4)
    hands = [[mosquito, p.n(5)], [p("moth", 1), gift], [p.n(1), p.n(1)], [n1, n2]]
    state = new(hands, top=p.n(2), draw=[p.n(1)])
    state = act(state, 3, Cheat(n1), t=100)
    state = act(state, 0, Play(mosquito), t=150)
    state = act(state, 1, Slap(), t=200)
    state = act(state, 3, Slap(), t=300)
    assert state.slowest == 2 and state.givers == (1, 3)
    assert refused(state, 3, Give(n1), t=350).code == "being_cheated"
    state = act(state, 1, Give(gift), t=400)
    state = act(state, None, Timeout(), t=2100)  # the cheat completes: seat 3 keeps only its last card
    assert state.hands[3] == (n2,) and gift in state.hands[2]
    assert state.phase == "turn" and state.turn == 1


def test_the_guard_never_gives_away_its_last_card_when_catching() -> None:
    p = Pool()
    one, two = p.n(1), p.n(2)
    state = new([[one, p.n(5)], [two, p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), draw=[p.n(1)])
    state = act(state, 0, Play(one))  # the guard keeps one card
    state = act(state, 2, Cheat(state.hands[2][0]), t=10)
    state = act(state, 0, Accuse(2), t=20)
    assert state.guard == 2 and GAME.view(state, 1)["settling"] is None and len(state.hands[0]) == 1


def test_errors_carry_a_stable_code_and_the_rule_behind_them() -> None:
    state, c = cheat_table()
    err = refused(state, 0, Cheat(c["g1"]))
    assert err.to_dict() == {
        "code": "guard_cannot_cheat",
        "message": "The guard may not cheat.",
        "rule": "cheating",
    }


def test_a_seat_that_could_play_does_not_help_block_the_round() -> None:
    p = Pool()
    state = new([[p.n(5), p.n(5)], [p.n(3), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), rounds=1)
    for seat in (0, 1, 2, 0):
        state = act(state, seat, Draw())
    assert state.phase == "turn"  # seat 1 could have played its 3: no blocked circle yet
    state = act(state, 1, Draw())
    state = act(state, 2, Draw())
    assert state.phase == "turn"
    state = act(state, 0, Draw())
    assert state.phase == "turn"


def test_the_view_has_the_documented_shape_for_seats_and_spectators() -> None:
    keys = {
        "game", "seat", "players", "phase", "round", "rounds", "start_seat", "turn_seat", "guard_seat", "hand",
        "giveable", "hand_counts", "discard_top", "discard_count", "draw_count", "tells", "my_tell", "can_cheat",
        "race", "spider", "gifts", "settling", "penalty_points", "cheats", "caught", "wrong_accusations",
        "round_until", "act_until", "winners", "options",
    }  # fmt: skip
    state, _ = mosquito_table()
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert set(view) == keys
        assert set(view["race"]) == {"kind", "player", "value", "until", "slapped"}
        assert set(view["options"]) == {o.name for o in GAME.spec.options}
    assert set(GAME.view(state, 0)["hand"][0]) == {"id", "kind", "value", "playable", "reason"}
    assert GAME.view(state, 0)["hand"][0]["reason"] == "not_now"


# ------------------------------------------------------------------------- the wait for a person


def test_a_turn_whose_time_runs_out_draws_one_card_and_passes_on() -> None:
    p = Pool()
    drawn, next_draw = p.n(1), p.n(1)
    state = new([[p.n(3), p.n(5)], [p.n(5), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), draw=[drawn, next_draw])
    assert GAME.deadline(state) == Deadline(60_000, "turn", 0)
    assert all(GAME.view(state, seat)["act_until"] == 60_000 for seat in (None, 0, 1))
    assert refused(state, None, Timeout(), t=59_999).code == "too_early"
    assert refused(state, 0, Draw(), t=60_000).code == "deadline_passed"
    state, evs = GAME.apply(state, None, Timeout(), 60_000)
    assert [e.kind for e in evs] == ["time_up", "draw", "drew"] and evs[0].seat == 0
    assert drawn in state.hands[0] and len(state.hands[0]) == 3 and state.draw == (next_draw,)
    # the next seat's wait starts now, and the table screen shows it
    assert state.turn == 1 and GAME.deadline(state) == Deadline(120_000, "turn", 1)
    assert GAME.view(state, None)["act_until"] == 120_000
    # the table sees whose time ran out and the draw, not the card
    assert [(e.kind, e.visible_to) for e in evs] == [("time_up", None), ("draw", None), ("drew", (0,))]


def test_cheats_fidgets_and_accusations_by_others_never_extend_a_turns_time() -> None:
    state, c = cheat_table()  # seat 0 is the guard and to move; its time ends at 60 s
    state = act(state, 1, Cheat(c["x"]), t=10_000)
    assert GAME.deadline(state) == Deadline(12_000, "cheat", 1)
    state = act(state, None, Timeout(), t=12_000)  # the cheat completes
    assert GAME.deadline(state) == Deadline(60_000, "turn", 0)
    state = act(state, 2, Fidget(), t=30_000)
    state = act(state, 0, Accuse(2), t=31_000)  # wrong: the guard draws, the fidget ends
    assert GAME.deadline(state) == Deadline(60_000, "turn", 0)
    state = act(state, 1, Cheat(c["moth"]), t=40_000)
    state = act(state, 0, Accuse(1), t=41_000)  # caught: the old guard's gift is due, the clock runs on
    assert state.settle_from == 0 and GAME.deadline(state) == Deadline(60_000, "turn", 0)
    state = act(state, 0, Give(c["g1"]), t=42_000)
    state = act(state, 2, Cheat(state.hands[2][0]), t=59_000)  # ends after the turn's time
    assert GAME.deadline(state) == Deadline(60_000, "turn", 0)
    state, kinds = events(state, None, Timeout(), t=60_000)
    assert kinds[:2] == ["time_up", "draw"] and state.turn == 1
    assert GAME.deadline(state) == Deadline(61_000, "cheat", 2)


def test_a_spiders_time_running_out_gives_nothing() -> None:
    p = Pool()
    spider = p("spider", 3)
    hands = [[spider, p.n(4), p.n(5)], [p.n(5), p.n(5), p.n(5)], [p.n(1), p.n(1), p.n(1)]]
    state = act(new(hands, top=p.n(2), draw=[p.n(1)]), 0, Play(spider), t=5_000)
    assert state.phase == "spider" and GAME.deadline(state) == Deadline(65_000, "choose", 0)
    assert GAME.view(state, 1)["act_until"] == 65_000
    before = state.hands
    state, kinds = events(state, None, Timeout(), t=65_000)
    assert kinds == ["time_up", "spider_skip"]
    assert state.hands == before and state.phase == "turn" and state.turn == 1
    assert GAME.deadline(state) == Deadline(125_000, "turn", 1)


def test_a_givers_time_running_out_gives_its_first_giveable_card() -> None:
    state, c = mosquito_table()
    state = act(state, 1, Slap(), t=1200)
    state = act(state, 3, Slap(), t=1300)  # seat 2 is the slowest; seats 0 and 3 give
    assert state.phase == "mosquito_give" and GAME.deadline(state) == Deadline(61_300, "choose", None)
    state = act(state, 0, Give(c["b"]), t=2000)  # seat 0 chooses; only seat 3 is waited for
    assert GAME.deadline(state) == Deadline(61_300, "choose", 3)
    first = min(card for card in state.hands[3] if card != c["m3"])  # no moth; hands are sorted
    state, kinds = events(state, None, Timeout(), t=61_300)
    assert kinds[0] == "time_up" and "gift" in kinds
    assert first in state.hands[2] and c["b"] in state.hands[2] and first not in state.hands[3]
    assert state.phase == "turn" and state.turn == 1


def test_more_time_scales_the_turns_time_and_0_turns_it_off() -> None:
    p = Pool()
    hands = [[p.n(3), p.n(5)], [p.n(5), p.n(5)], [p.n(5), p.n(5)]]
    order = [card for hand in hands for card in hand] + [p.n(2), p.n(1)]

    def start(more_time: int = 100, **options: Any) -> State:
        config = Config(
            game="mogelmotte", players=3, seed=7, options={"hand_size": 2, **options}, decks={"main": order},
            more_time=more_time,
        )  # fmt: skip
        return GAME.new(config)

    assert GAME.deadline(start(200)) == Deadline(120_000, "turn", 0)
    assert GAME.view(start(150), 0)["options"]["turn_timeout_s"] == 90
    assert GAME.deadline(start(turn_timeout_s=20)) == Deadline(20_000, "turn", 0)
    for off in (start(0), start(turn_timeout_s=0)):
        assert GAME.deadline(off) is None and GAME.view(off, None)["act_until"] is None
        state = act(off, 0, Draw(), t=3_600_000)  # no limit: an hour later the draw still counts
        assert state.turn == 1 and GAME.deadline(state) is None


def test_a_seat_whose_time_runs_out_with_nothing_to_draw_helps_block_the_round() -> None:
    p = Pool()
    # seat 0 could play its 3 but is away; the others cannot play; nothing can be drawn
    state = new([[p.n(3), p.n(5)], [p.n(5), p.n(5)], [p.n(5), p.n(5)]], top=p.n(2), rounds=1)
    state, kinds = events(state, None, Timeout(), t=60_000)
    assert kinds == ["time_up", "draw_impossible"] and state.passes == 1
    state = act(state, 1, Draw(), t=61_000)
    state, kinds = events(state, 2, Draw(), t=62_000)
    assert "round_end" in kinds and state.phase == "over"


def test_an_old_guard_who_does_not_choose_in_time_gives_the_first_card_it_may() -> None:
    """The old guard's gift to a caught cheater waits no longer than the phase's wait (``turn_timeout_s``):
    then the first card it may give goes (no moth), the accusation is settled, and the turn's time is up."""
    state, c = cheat_table()
    state = act(state, 1, Cheat(c["moth"]), t=100)
    state = act(state, 0, Accuse(1), t=500)
    assert GAME.view(state, 2)["settling"] == {"guard": 0, "to": 1}
    assert GAME.deadline(state) == Deadline(60_000, "turn", 0)
    first = min(card for card in state.hands[0] if card != c["gmoth"])
    before = len(state.hands[1])
    state, kinds = events(state, None, Timeout(), t=60_000)
    assert kinds[:3] == ["time_up", "guard_give", "gift"], kinds
    assert first in state.hands[1] and first not in state.hands[0] and c["gmoth"] in state.hands[0]
    assert GAME.view(state, 2)["settling"] is None
    # then the turn's own wait is over too: the turn's seat drew one card and the turn passed on
    assert kinds.count("time_up") == 2 and len(state.hands[1]) == before + 1
    assert state.phase == "turn" and state.turn == 1
