"""Invariants of Mogel-Motte along random games (Hypothesis picks table size, options and seeds)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tischrunde.core import rng
from tischrunde.core.game import Config, Timeout
from tischrunde.games.mogelmotte import GAME, State
from tischrunde.games.mogelmotte.content import DECK_SIZE
from tischrunde.games.mogelmotte.state import NO_TELL


def check(state: State) -> None:
    cards = [c for h in state.hands for c in h] + list(state.draw) + list(state.discard)
    cards += [c for v in state.vanished for c in v]
    assert sorted(cards) == list(range(DECK_SIZE))  # no card is lost or doubled
    for seat, held in enumerate(state.cheat_card):
        if held >= 0:
            assert held in state.hands[seat]
        if seat == state.guard:
            assert held == NO_TELL  # the guard never cheats
    assert all(state.hands[s] == tuple(sorted(state.hands[s])) for s in range(len(state.hands)))
    if state.phase == "turn" and state.settle_from is None:
        assert state.turn in GAME.active_seats(state)
    view = GAME.view(state, None)
    assert view["hand"] is None and view["hand_counts"] == [len(h) for h in state.hands]


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 10**6),
    last_card_action=st.booleans(),
    give_last_card=st.booleans(),
    guard_chooses_card=st.booleans(),
    hand_size=st.integers(2, 8),
)
def test_random_games_keep_every_card_and_every_rule(
    players: int,
    seed: int,
    last_card_action: bool,
    give_last_card: bool,
    guard_chooses_card: bool,
    hand_size: int,
) -> None:
    options = {
        "last_card_action": last_card_action,
        "give_last_card": give_last_card,
        "guard_chooses_card": guard_chooses_card,
        "hand_size": hand_size,
        "rounds": 1,
    }
    state = GAME.new(Config(game="mogelmotte", players=players, seed=seed, options=options))
    r = rng.seed_state(seed)
    t = 0
    for _ in range(3000):
        check(state)
        if GAME.outcome(state) is not None:
            break
        step, r = rng.randbelow(r, 400)
        t += step
        due = GAME.due_at(state)
        moves = [(s, a) for s in sorted(GAME.active_seats(state)) for a in GAME.legal_actions(state, s)]
        if due is not None and (t >= due or not moves):
            t = max(t, due)
            state, _ = GAME.apply(state, None, Timeout(), t)
            continue
        assert moves
        i, r = rng.randbelow(r, len(moves))
        seat, action = moves[i]
        state, _ = GAME.apply(state, seat, action, t)
    assert GAME.outcome(state) is not None
    outcome = GAME.outcome(state)
    assert outcome is not None and min(outcome.scores) == outcome.scores[outcome.winners[0]]
