"""Stacked Stella games for the tests of this folder: fixed pictures and word cards, no round pause."""

from __future__ import annotations

from typing import Any

from tischrunde.core.game import Action, Config
from tischrunde.games.stella import GAME, ChooseWord, Mark, Reveal, State

PICTURES = list(range(500, 545))  # 45 custom ids: 15 on the table, 30 to replace rows
WORDS = [10, 20, 30, 40, 50, 60]


def config(players: int = 4, **options: Any) -> Config:
    """A stacked game; without a round pause unless asked (test_game.py covers the pause)."""
    return Config(
        game="stella",
        players=players,
        seed=9,
        options={"round_pause_ms": 0, **options},
        decks={"pictures": PICTURES, "words": WORDS},
    )


def act(state: State, seat: int | None, action: Action, t: int = 1000) -> State:
    new, _ = GAME.apply(state, seat, action, t)
    return new


def marked(state: State, marks: dict[int, list[int]], word: int = 0) -> State:
    """The scout chooses ``word``, then every seat marks its cards."""
    state = act(state, state.scout, ChooseWord(word))
    for seat, cards in marks.items():
        state = act(state, seat, Mark(cards))
    return state


def reveal(state: State, seat: int, position: int) -> State:
    assert state.reveal_turn == seat, f"expected seat {seat} to name a card, it is seat {state.reveal_turn}"
    return act(state, seat, Reveal(position))


def quick_round(state: State) -> State:
    """Everyone marks card 0; the scout names it (a spark for all) and the round ends."""
    n = state.config.players
    state = marked(state, {s: [0] for s in range(n)})
    return reveal(state, state.scout, 0)
