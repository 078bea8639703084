"""A discrete-event driver that plays a whole game with bots, in simulated time.

Each active seat's bot is asked for a decision (an action plus a reaction time); the earliest
decision or deadline happens first. A pending decision survives other seats' actions as long as it
is still among the seat's legal actions, so slow bots are not starved by fast ones. After every applied
action each bot is handed the events its seat may see (``Bot.observe``, ``seen_by``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from tischrunde.bots.base import Bot, seen_by
from tischrunde.core import registry
from tischrunde.core.errors import GameError
from tischrunde.core.game import Action, Config, Outcome, Timeout, encode_action
from tischrunde.core.records import Entry, Record


class StalledError(RuntimeError):
    """No seat acts and no deadline is pending, or the decision bound was exceeded."""


class PlayResult(msgspec.Struct):
    state: Any
    outcome: Outcome
    record: Record
    decisions: int
    time_ms: int


def play_game(config: Config, bots: Sequence[Bot], *, max_decisions: int | None = None) -> PlayResult:
    """Play one game to its end; return final state, outcome and the full record."""
    game = registry.get(config.game)
    state = game.new(config)
    limit = max_decisions if max_decisions is not None else game.spec.max_decisions
    entries: list[Entry] = []
    pending: dict[int, tuple[int, Action]] = {}
    now = 0
    while (outcome := game.outcome(state)) is None:
        if len(entries) >= limit:
            raise StalledError(f"{config.game}: no end after {limit} decisions")
        active = game.active_seats(state)
        for seat in list(pending):
            if seat not in active:
                del pending[seat]
        for seat in sorted(active):
            if seat in pending:
                continue
            legal = game.legal_actions(state, seat)
            if not legal:
                continue
            decision = bots[seat].decide(game.view(state, seat), legal, now)
            if decision is not None:
                pending[seat] = (now + max(0, decision.delay_ms), decision.action)
        deadline = game.due_at(state)
        best_seat: int | None = None
        best_time: int | None = None
        for seat, (due, _) in sorted(pending.items()):
            if best_time is None or due < best_time:
                best_seat, best_time = seat, due
        if deadline is not None and (best_time is None or deadline <= best_time):
            now = max(now, deadline)
            seat_acting: int | None = None
            action: Action = Timeout()
        elif best_seat is not None and best_time is not None:
            now = max(now, best_time)
            seat_acting = best_seat
            action = pending.pop(best_seat)[1]
        else:
            raise StalledError(f"{config.game}: nobody can act and no deadline is pending")
        try:
            new_state, events = game.apply(state, seat_acting, action, now)
        except GameError:
            continue
        state = new_state
        entries.append(Entry(seat_acting, encode_action(action), now))
        if events:
            for seat, bot in enumerate(bots):
                bot.observe(seen_by(events, seat))
        for seat in list(pending):
            if pending[seat][1] not in game.legal_actions(state, seat):
                del pending[seat]
    record = Record(config.game, game.spec.rules_version, config, entries)
    return PlayResult(state, outcome, record, len(entries), now)
