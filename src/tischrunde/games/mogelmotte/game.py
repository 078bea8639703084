"""The ``Game`` adapter of Mogel-Motte (``GAME``): wires the spec, the actions, the view and the rules
(``rules.py``) to the core's API."""

from __future__ import annotations

from tischrunde.core.game import Config, Game, Speed
from tischrunde.games.mogelmotte.content import CONTENT
from tischrunde.games.mogelmotte.rules import (
    active,
    apply,
    deadline,
    due,
    legal_actions,
    new_state,
    next_round,
    outcome_of,
    rerandomize_hidden,
    step_info,
)
from tischrunde.games.mogelmotte.spec import SPEC
from tischrunde.games.mogelmotte.state import MogelMotteAction, State
from tischrunde.games.mogelmotte.view import View, view, views


class MogelMotte(Game[State]):
    """The Mogel-Motte rules (the package docstring, ``tischrunde.games.mogelmotte``, states them)."""

    spec = SPEC
    action_type = MogelMotteAction
    view_type = View
    rounds = True
    # every transition stamps ``last_t`` (``rules.commit``, ``rules.next_round``)
    content = CONTENT
    speed = Speed(stamps_time=True, due_at=due, step_info=step_info, views=views)

    def new(self, config: Config) -> State:
        return new_state(config, self.resolve_options(config))

    transition = staticmethod(apply)
    next_round = staticmethod(next_round)

    def round_starter(self, state: State) -> int:
        return state.start_seat

    # the rules' functions themselves (asked on every step: no method frame in between)
    active_seats = staticmethod(active)
    legal_actions = staticmethod(legal_actions)
    play_deadline = staticmethod(deadline)
    view = staticmethod(view)
    outcome = staticmethod(outcome_of)
    rerandomize_hidden = staticmethod(rerandomize_hidden)

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
