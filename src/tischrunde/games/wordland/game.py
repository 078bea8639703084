"""Wordland's ``Game``: the thin adapter that wires the spec, the state and action types, the view and the
rules (``rules.py``) to the core."""

from __future__ import annotations

from typing import Any, ClassVar

from tischrunde.core.game import Action, Config, Event, Game, Speed, Timeout
from tischrunde.games.wordland import rules
from tischrunde.games.wordland.content import CONTENT
from tischrunde.games.wordland.spec import SPEC
from tischrunde.games.wordland.state import State, WordlandAction
from tischrunde.games.wordland.view import View, view


class Wordland(Game[State]):
    spec = SPEC
    # annotated: a bare union here is a type alias to mypy
    action_type: ClassVar[Any] = WordlandAction | Timeout
    view_type = View
    rounds = True
    # every rules step stamps last_t itself
    content = CONTENT
    speed = Speed(stamps_time=True, due_at=rules.due, step_info=rules.step_info)

    # the rules, wired as they are (no call in between on the driver's path)
    check_config = staticmethod(rules.check_config)
    legal_actions = staticmethod(rules.legal_actions)
    play_deadline = staticmethod(rules.play_deadline)
    outcome = staticmethod(rules.outcome)
    next_round = staticmethod(rules.next_round)
    round_starter = staticmethod(rules.round_starter)
    rerandomize_hidden = staticmethod(rules.rerandomize_hidden)
    view = staticmethod(view)
    sample_words = staticmethod(rules.sample_words)

    def new(self, config: Config) -> State:
        return rules.new_state(config, self.resolve_options(config))

    def active_seats(self, state: State) -> frozenset[int]:
        return frozenset(rules.active(state))

    def transition(self, state: State, seat: int | None, action: Action, t: int) -> tuple[State, list[Event]]:
        new, events = rules.apply(state, seat, action, t)
        if new.phase == "scored":  # the round's end is the core's: the game's end, the pause or the next
            new, more = self.end_round(
                new, t, last=rules.last_round(new), pause_ms=new.options.round_pause_ms
            )
            events += more
        return new, events

    def example_configs(self) -> list[Config]:
        name = self.spec.name
        return [
            Config(game=name, players=3, seed=1),
            Config(
                game=name, players=5, seed=2, language="en", options={"difficulty": "hard", "timer_s": 10}
            ),
            Config(game=name, players=8, seed=3, options={"difficulty": "easy", "hatter_scope": "all"}),
            Config(
                game=name,
                players=4,
                seed=4,
                language="en",
                options={"input": "spoken", "fold_umlauts": False},
            ),
            Config(
                game=name, players=6, seed=5, options={"objection_s": 0, "bonus_when_out": False, "rounds": 2}
            ),
        ]


GAME = Wordland()
