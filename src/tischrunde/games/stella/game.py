"""The ``Stella`` game: the core's ``Game`` wired to the rules (``rules``), the view (``view``) and the
spec (``spec``)."""

from __future__ import annotations

from typing import Any

from tischrunde.core.game import Action, Config, Deadline, Event, Game, Outcome, Speed
from tischrunde.games.stella import rules
from tischrunde.games.stella.spec import SPEC
from tischrunde.games.stella.state import State, StellaAction
from tischrunde.games.stella.view import View, view


class Stella(Game[State]):
    """Stella over the frozen :class:`State`. After each round but the last the phase is ``round_over`` for
    ``round_pause_ms`` or until the round's scout sends ``NextRound()`` (the core's round end); then a row
    is replaced and the next scout chooses. ``Config.first_seat`` (None = 0) is the first scout."""

    spec = SPEC
    action_type = StellaAction
    view_type = View
    rounds = True
    #: every step sets ``last_t`` itself; the turn (deadline and active seats) is read off the state
    speed = Speed(stamps_time=True, due_at=rules.due, step_info=rules.step_info)

    def check_config(self, config: Config, options: dict[str, Any]) -> None:
        rules.check_config(config, options)

    def new(self, config: Config) -> State:
        return rules.new_state(config, self.resolve_options(config))

    def example_configs(self) -> list[Config]:
        return rules.example_configs()

    def active_seats(self, state: State) -> frozenset[int]:
        return frozenset(rules.active(state))

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def play_deadline(self, state: State) -> Deadline | None:
        return rules.deadline(state)

    def transition(self, state: State, seat: int | None, action: Action, t: int) -> tuple[State, list[Event]]:
        new, events = rules.apply(state, seat, action, t)
        if rules.scored(new):
            new, more = self.end_round(new, t, last=rules.last_round(new), pause_ms=new.round_pause_ms)
            events += more
        return new, events

    def next_round(self, state: State, t: int) -> tuple[State, list[Event]]:
        return rules.next_round(state, t)

    def round_starter(self, state: State) -> int:
        return state.scout

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome(state)

    def rerandomize_hidden(self, state: State, seat: int | None, seed: int) -> State:
        return rules.rerandomize_hidden(state, seat, seed)


GAME = Stella()
