"""The ``Stella`` game: the core's ``Game`` wired to the rules (``rules``), the view (``view``) and the
spec (``spec``)."""

from __future__ import annotations

from tischrunde.core.game import Action, Config, Event, Game, Speed
from tischrunde.games.stella import rules
from tischrunde.games.stella.content import CONTENT
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
    #: every step sets ``last_t`` itself; the deadline and the active seats are read off the state
    content = CONTENT
    speed = Speed(stamps_time=True, due_at=rules.due, step_info=rules.step_info)

    check_config = staticmethod(rules.check_config)
    legal_actions = staticmethod(rules.legal_actions)
    play_deadline = staticmethod(rules.deadline)
    next_round = staticmethod(rules.next_round)
    view = staticmethod(view)
    outcome = staticmethod(rules.outcome)
    rerandomize_hidden = staticmethod(rules.rerandomize_hidden)

    def new(self, config: Config) -> State:
        return rules.new_state(config, self.resolve_options(config))

    def example_configs(self) -> list[Config]:
        return rules.example_configs()

    def active_seats(self, state: State) -> frozenset[int]:
        return frozenset(rules.active(state))

    def transition(self, state: State, seat: int | None, action: Action, t: int) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, action, t, self.end_round)

    def round_starter(self, state: State) -> int:
        return state.scout


GAME = Stella()
