"""The ``Game`` adapter of Mogel-Motte (``GAME``): wires the spec, the actions, the view and the rules
(``rules.py``) to the core's API; the round end goes through the core's ``end_round``."""

from __future__ import annotations

from typing import Any

from tischrunde.core.game import Action, Config, Deadline, Event, Game, Outcome, Speed
from tischrunde.games.mogelmotte import rules, view
from tischrunde.games.mogelmotte.spec import SPEC
from tischrunde.games.mogelmotte.state import MogelMotteAction, State


class MogelMotte(Game[State]):
    """The Mogel-Motte rules (the package docstring, ``tischrunde.games.mogelmotte``, states them)."""

    spec = SPEC
    action_type = MogelMotteAction
    view_type = view.View
    rounds = True
    # every transition stamps ``last_t`` (``rules.commit``, ``rules.next_round``)
    speed = Speed(stamps_time=True, due_at=rules.due, step_info=rules.step_info, views=view.views)

    def new(self, config: Config) -> State:
        return rules.new_state(config, self.resolve_options(config))

    def transition(self, state: State, seat: int | None, action: Action, t: int) -> tuple[State, list[Event]]:
        new, events = rules.apply(state, seat, action, t)
        if new.phase == "round_over":  # the round has just been scored
            new, more = self.end_round(
                new, t, last=rules.is_last_round(new), pause_ms=new.rules.round_pause_ms
            )
            events += more
        return new, events

    def next_round(self, state: State, t: int) -> tuple[State, list[Event]]:
        return rules.next_round(state, t)

    def round_starter(self, state: State) -> int:
        return state.start_seat

    def active_seats(self, state: State) -> frozenset[int]:
        return rules.active(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def play_deadline(self, state: State) -> Deadline | None:
        return rules.deadline(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome_of(state)

    def rerandomize_hidden(self, state: State, seat: int | None, seed: int) -> State:
        return rules.rerandomize_hidden(state, seat, seed)

    def example_configs(self) -> list[Config]:
        return [
            Config(game="mogelmotte", players=3, seed=1),
            Config(game="mogelmotte", players=5, seed=2, language="en"),
            Config(
                game="mogelmotte",
                players=4,
                seed=3,
                options={
                    "cheat_ms": 800,
                    "rounds": 2,
                    "last_card_action": True,
                    "give_last_card": True,
                    "guard_chooses_card": False,
                    "cockroach_continue": "after_thrower",
                    "slowest_rule": "random",
                    "round_pause_ms": 0,
                },
            ),
        ]


GAME = MogelMotte()
