"""Emojito's ``Game``: the thin adapter that wires the spec, the structs, the rules and the view to the core."""

from __future__ import annotations

from typing import Any, ClassVar

from tischrunde.core.game import Action, Config, Deadline, Event, Game, GameSpec, Outcome, Speed
from tischrunde.games.emojito import rules
from tischrunde.games.emojito.spec import SPEC
from tischrunde.games.emojito.state import EmojitoAction, State
from tischrunde.games.emojito.view import View, view


class Emojito(Game[State]):
    """Emojito on the core: every rule is a function of ``rules.py``, the view ``view.py``'s."""

    spec: ClassVar[GameSpec] = SPEC
    action_type: ClassVar[Any] = EmojitoAction
    view_type: ClassVar[Any] = View
    rounds: ClassVar[bool] = True
    # every step of rules.apply sets last_t; due and step_info answer without building a Deadline
    speed: ClassVar[Speed[Any] | None] = Speed(stamps_time=True, due_at=rules.due, step_info=rules.step_info)

    def check_config(self, config: Config, options: dict[str, Any]) -> None:
        rules.check_config(config, options)

    def new(self, config: Config) -> State:
        return rules.new_state(config, self.resolve_options(config))

    def transition(self, state: State, seat: int | None, action: Action, t: int) -> tuple[State, list[Event]]:
        new, events = rules.apply(state, seat, action, t)
        if new.last is state.last:
            return new, events
        # the step revealed and scored a round: the round end is the core's
        new, more = self.end_round(new, t, last=rules.game_ends(new), pause_ms=new.round_pause_ms)
        return new, events + more if more else events

    def next_round(self, state: State, t: int) -> tuple[State, list[Event]]:
        return rules.next_round(state, t)

    def round_starter(self, state: State) -> int | None:
        return rules.round_starter(state)

    def starts_next_round(self, state: State, seat: int | None) -> bool:
        return rules.starts_next_round(state, seat)

    def active_seats(self, state: State) -> frozenset[int]:
        return frozenset(rules.active(state))

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def play_deadline(self, state: State) -> Deadline | None:
        return rules.play_deadline(state)

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def rerandomize_hidden(self, state: State, seat: int | None, seed: int) -> State:
        return rules.rerandomize_hidden(state, seat, seed)

    def example_configs(self) -> list[Config]:
        c = Config
        return [
            c(game="emojito", players=2, seed=1),
            c(game="emojito", players=7, seed=2, language="en", options={"wrong_step": 3}),
            c(game="emojito", players=4, seed=3, options={"secret_message": True, "dial_timeout_s": 20}),
            c(game="emojito", players=3, seed=4, options={"mode": "each"}),
            c(
                game="emojito",
                players=7,
                seed=5,
                options={"mode": "each", "performer_challengeable": True, "challenger_bonus_stacks": False},
            ),
            c(game="emojito", players=4, seed=6, options={"mode": "teams"}),
            c(game="emojito", players=14, seed=7, language="en", options={"mode": "teams"}),
        ]


GAME = Emojito()
