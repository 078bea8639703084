"""Mogel-Motte's fast paths (``Speed``) agree with the plain methods, and the one ``refusal`` agrees with
``legal_actions`` and the view's reasons, on every step of a few random games."""

from __future__ import annotations

import random

from tischrunde.core.game import Action, Config, Timeout
from tischrunde.games.mogelmotte import GAME, State, rules
from tischrunde.games.mogelmotte.state import (
    DRAW,
    FIDGET,
    SLAP,
    SPIDER_SKIP,
    Accuse,
    Cheat,
    Give,
    Play,
    SpiderGive,
    Throw,
)

CONFIGS = [
    *GAME.example_configs(),
    Config(game="mogelmotte", players=4, seed=9, options={"turn_timeout_s": 5, "hand_size": 4, "rounds": 2}),
]


def candidates(state: State, seat: int) -> list[Action]:
    """Every action of the seat worth asking about: each card of its hand in each card action, the rest."""
    hand = state.hands[seat]
    out: list[Action] = [DRAW, FIDGET, SLAP, SPIDER_SKIP]
    for card in hand:
        out += [Play(card), Throw(card), Give(card), Cheat(card)]
        out += [SpiderGive(card, to) for to in range(len(state.hands)) if to != seat]
    return out


def check(state: State) -> None:
    info = GAME.speed.step_info(state)  # type: ignore[union-attr]
    deadline = GAME.deadline(state)
    if GAME.outcome(state) is not None:
        assert info is None and deadline is None
        return
    assert info == (None if deadline is None else deadline.t, tuple(sorted(GAME.active_seats(state))))
    assert GAME.due_at(state) == rules.due(state) == info[0]
    assert GAME.views(state, [None, *range(len(state.hands))]) == {
        seat: GAME.view(state, seat) for seat in [None, *range(len(state.hands))]
    }
    for seat in range(len(state.hands)):
        legal = GAME.legal_actions(state, seat)
        assert not legal or seat in GAME.active_seats(state)  # (an active seat may have nothing to do)
        for action in candidates(state, seat):
            assert (rules.refusal(state, seat, action) is None) == (action in legal), (seat, action)
        for action in legal:
            if not isinstance(action, Accuse):
                assert rules.refusal(state, seat, action) is None
        view = GAME.view(state, seat)
        for entry in view["hand"]:
            assert entry["playable"] == (Play(entry["id"]) in legal)


def test_fast_paths_and_the_one_refusal_agree_with_the_plain_rules_on_every_step() -> None:
    for config in CONFIGS:
        state = GAME.new(config)
        pick = random.Random(config.seed)
        t = 0
        for _ in range(400):
            check(state)
            info = GAME.step_info(state)
            if info is None:
                break
            due, seats = info
            t += pick.randrange(400)
            moves = [(s, a) for s in seats for a in GAME.legal_actions(state, s)]
            if due is not None and (t >= due or not moves):
                t = max(t, due)
                state, _ = GAME.apply(state, None, Timeout(), t)
                continue
            seat, action = moves[pick.randrange(len(moves))]
            state, _ = GAME.apply(state, seat, action, t)
