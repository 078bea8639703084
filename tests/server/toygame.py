"""A tiny counting game for server tests: seats take turns adding 1-3 to a total.

Each seat holds a secret (hidden from everyone else), so tests can prove views never leak it. The
seat to move has ``turn_ms`` to act; then the server's Timeout adds 1 for it.
"""

from __future__ import annotations

from typing import Any

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import IllegalActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Event, Game, GameSpec, OptionSpec, Outcome, Timeout


class Add(Action, frozen=True, tag="add"):
    n: int


class ToyState(msgspec.Struct, frozen=True):
    config: Config
    secrets: tuple[str, ...]
    total: int = 0
    turn: int = 0
    moves: int = 0
    since: int = 0
    winner: int | None = None
    rng: int = 0
    last_t: int = 0


SPEC = GameSpec(
    name="toy",
    title_de="Zählspiel",
    title_en="Counting game",
    min_players=2,
    max_players=5,
    options=(
        OptionSpec(
            "target", 15, "Total that ends the game", "Summe, die das Spiel beendet", minimum=3, maximum=100
        ),
        OptionSpec("turn_ms", 30_000, "Time per turn (ms)", "Zeit pro Zug (ms)", minimum=0, maximum=600_000),
    ),
    rules_version=1,
    max_decisions=1000,
)


class ToyGame(Game[ToyState]):
    spec = SPEC
    action_type = Add | Timeout

    def new(self, config: Config) -> ToyState:
        options = self.resolve_options(config)
        state = rng.seed_state(config.seed)
        secrets = []
        for seat in range(config.players):
            value, state = rng.randbelow(state, 10**9)
            secrets.append(f"SECRET{seat}x{value:09d}")
        del options
        return ToyState(config=config, secrets=tuple(secrets), rng=state)

    def _options(self, state: ToyState) -> dict[str, Any]:
        return {o.name: state.config.options.get(o.name, o.default) for o in SPEC.options}

    def active_seats(self, state: ToyState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.turn})

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        if state.winner is not None or seat != state.turn:
            return []
        return [Add(n) for n in (1, 2, 3)]

    def transition(
        self, state: ToyState, seat: int | None, action: Action, t: int
    ) -> tuple[ToyState, list[Event]]:
        if state.winner is not None:
            raise IllegalActionError("the game is over", rule="end")
        if isinstance(action, Timeout):
            deadline = self.due_at(state)
            if seat is not None or deadline is None or t < deadline:
                raise IllegalActionError("only the server's clock can time a turn out", rule="timer")
            n = 1
        elif isinstance(action, Add):
            if seat != state.turn:
                raise NotYourTurnError(f"it is seat {state.turn}'s turn", rule="turns")
            if action.n not in (1, 2, 3):
                raise IllegalActionError("add 1, 2 or 3", rule="add")
            n = action.n
        else:
            raise IllegalActionError("not a counting game action")
        mover = state.turn
        total = state.total + n
        winner = mover if total >= self._options(state)["target"] else None
        events = [
            Event("added", mover, {"n": n, "total": total}),
            Event("secret_reminder", mover, {"secret": state.secrets[mover]}, visible_to=(mover,)),
        ]
        new = msgspec.structs.replace(
            state,
            total=total,
            turn=(mover + 1) % state.config.players,
            moves=state.moves + 1,
            since=t,
            winner=winner,
        )
        return new, events

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {
            "total": state.total,
            "turn": state.turn,
            "moves": state.moves,
            "winner": state.winner,
            "secret": state.secrets[seat] if seat is not None else None,
        }

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner is None:
            return None
        n = state.config.players
        scores = [1.0 if s == state.winner else 0.0 for s in range(n)]
        return Outcome(scores, [1 if s == state.winner else 2 for s in range(n)], [state.winner])

    def play_deadline(self, state: ToyState) -> Deadline | None:
        turn_ms = self._options(state)["turn_ms"]
        if state.winner is not None or turn_ms == 0:
            return None
        return Deadline(int(state.since + turn_ms), "turn", state.turn)

    def rerandomize_hidden(self, state: ToyState, seat: int | None, seed: int) -> ToyState:
        r = rng.seed_state(seed)
        secrets = []
        for s, secret in enumerate(state.secrets):
            value, r = rng.randbelow(r, 10**9)
            secrets.append(secret if s == seat else f"SECRET{s}x{value:09d}")
        return msgspec.structs.replace(state, secrets=tuple(secrets))


GAME = ToyGame()


class PeopleOnlyGame(ToyGame):
    spec = msgspec.structs.replace(SPEC, name="toypeople", title_en="People only", bots_in_rooms=False)


PEOPLE_GAME = PeopleOnlyGame()
