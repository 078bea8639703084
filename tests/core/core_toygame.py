"""A tiny two-phase game used to test the core without a real game: seats take turns adding 1 or 2
to a hidden-from-others private counter; the first to reach the target wins. A turn times out."""

from __future__ import annotations

from typing import Any

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import IllegalActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Event, Game, GameSpec, OptionSpec, Outcome, Timeout


class Add(Action, frozen=True, tag="add"):
    amount: int


class ToyState(msgspec.Struct, frozen=True):
    config: Config
    totals: tuple[int, ...]
    secret: tuple[int, ...]
    turn: int
    deadline: int
    target: int
    rng: int
    last_t: int = 0


class ToyGame(Game[ToyState]):
    spec = GameSpec(
        name="coretoy",
        title_de="Spielzeug",
        title_en="Toy",
        min_players=2,
        max_players=4,
        options=(
            OptionSpec("target", 5, "points to win", "Punkte zum Sieg", minimum=2, maximum=20),
            OptionSpec("turn_ms", 1000, "turn time", "Zugzeit", minimum=100, maximum=5000),
        ),
        rules_version=1,
        max_decisions=1000,
    )
    action_type = Add | Timeout

    def new(self, config: Config) -> ToyState:
        options = self.resolve_options(config)
        r = rng.seed_state(config.seed)
        secret = []
        for _ in range(config.players):
            value, r = rng.randbelow(r, 100)
            secret.append(value)
        return ToyState(
            config, (0,) * config.players, tuple(secret), 0, options["turn_ms"], options["target"], r
        )

    def active_seats(self, state: ToyState) -> frozenset[int]:
        return frozenset() if self.outcome(state) else frozenset({state.turn})

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        return [Add(1), Add(2)] if seat in self.active_seats(state) else []

    def transition(
        self, state: ToyState, seat: int | None, action: Action, t: int
    ) -> tuple[ToyState, list[Event]]:
        nxt = (state.turn + 1) % len(state.totals)
        turn_ms = self.resolve_options(state.config)["turn_ms"]
        if isinstance(action, Timeout):
            if seat is not None or t < state.deadline:
                raise IllegalActionError("no timeout is due", rule="turn timer")
            return msgspec.structs.replace(state, turn=nxt, deadline=t + turn_ms), [Event("timeout")]
        if seat not in self.active_seats(state):
            raise NotYourTurnError("it is not your turn")
        if not isinstance(action, Add) or action.amount not in (1, 2):
            raise IllegalActionError("add 1 or 2", rule="add")
        totals = list(state.totals)
        totals[state.turn] += action.amount
        new = msgspec.structs.replace(state, totals=tuple(totals), turn=nxt, deadline=t + turn_ms)
        return new, [Event("add", seat, {"amount": action.amount})]

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {"totals": list(state.totals), "turn": state.turn}
        if seat is not None:
            view["secret"] = state.secret[seat]
        return view

    def outcome(self, state: ToyState) -> Outcome | None:
        best = max(state.totals)
        if best < state.target:
            return None
        winners = [s for s, v in enumerate(state.totals) if v == best]
        ranks = [1 if s in winners else 2 for s in range(len(state.totals))]
        return Outcome([float(v) for v in state.totals], ranks, winners, {"totals": list(state.totals)})

    def play_deadline(self, state: ToyState) -> Deadline | None:
        return None if self.outcome(state) else Deadline(state.deadline, "turn", state.turn)

    def rerandomize_hidden(self, state: ToyState, seat: int | None, seed: int) -> ToyState:
        r = rng.seed_state(seed)
        secret = list(state.secret)
        for s in range(len(secret)):
            if s != seat:
                secret[s], r = rng.randbelow(r, 100)
        return msgspec.structs.replace(state, secret=tuple(secret))


GAME = ToyGame()
