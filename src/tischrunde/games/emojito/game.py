"""Emojito's ``Game``: the thin adapter that wires the spec, the structs, the rules and the view to the core."""

from __future__ import annotations

from typing import Any, ClassVar

from tischrunde.core.game import Action, Config, Event, Game, GameSpec, Speed
from tischrunde.games.emojito import rules
from tischrunde.games.emojito.content import CONTENT
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
    content = CONTENT
    speed: ClassVar[Speed[Any] | None] = Speed(stamps_time=True, due_at=rules.due, step_info=rules.step_info)

    def check_config(self, config: Config, options: dict[str, Any]) -> None:
        rules.check_config(config, options)

    def new(self, config: Config) -> State:
        return rules.new_state(config, self.resolve_options(config))

    def transition(self, state: State, seat: int | None, action: Action, t: int) -> tuple[State, list[Event]]:
        new, events = rules.apply(state, seat, action, t)
        if new.last is state.last:
            return new, events
        # the step revealed and scored a round: the game ends, or the core pauses or deals the next round
        last = rules.game_ends(new)
        if last:
            new, more = rules.end_of_game(new, t)
            events += more
        new, more = self.end_round(new, t, last=last, pause_ms=new.round_pause_ms)
        return new, events + more if more else events

    def active_seats(self, state: State) -> frozenset[int]:
        return frozenset(rules.active(state))

    # the rest is the rules' and the view's functions as they are
    next_round = staticmethod(rules.next_round)
    round_starter = staticmethod(rules.round_starter)
    starts_next_round = staticmethod(rules.starts_next_round)
    legal_actions = staticmethod(rules.legal_actions)
    play_deadline = staticmethod(rules.play_deadline)
    outcome = staticmethod(rules.outcome)
    view = staticmethod(view)
    rerandomize_hidden = staticmethod(rules.rerandomize_hidden)

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
