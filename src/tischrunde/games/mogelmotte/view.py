"""What one seat (or a spectator) sees of a Mogel-Motte game. The shape is documented in the package docstring."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from tischrunde.games.mogelmotte.content import FITS, IS_MOTH, VALUE, card_json
from tischrunde.games.mogelmotte.state import (
    FIDGET_TELL,
    NO_TELL,
    NOBODY,
    Rules,
    State,
    can_cheat,
    giveable,
    totals,
)


@functools.lru_cache(maxsize=64)
def _options(rules: Rules) -> dict[str, Any]:
    """The options part of the view: one dict per rule set, shared by every view (never mutate it)."""
    return {
        "cheat_ms": rules.cheat_ms,
        "slap_window_ms": rules.slap_window_ms,
        "throw_window_ms": rules.throw_window_ms,
        "rounds": rules.rounds,
        "hand_size": rules.hand_size,
        "last_card_action": rules.last_card_action,
        "give_last_card": rules.give_last_card,
        "guard_chooses_card": rules.guard_chooses_card,
        "cockroach_continue": rules.cockroach_continue,
        "slowest_rule": rules.slowest_rule,
        "round_pause_ms": rules.round_pause_ms,
    }


@functools.cache
def _hand_entry(card: int, reason: str | None) -> dict[str, Any]:
    """A card in a hand with whether it may be played now and why not (shared: never mutate it)."""
    return {**card_json(card), "playable": reason is None, "reason": reason}


def unplayable_reason(state: State, seat: int, card: int) -> str | None:
    """Why ``seat`` cannot play ``card`` now (a stable key the UI translates), or None if it can."""
    if state.cheat_card[seat] == card:
        return "being_cheated"
    if IS_MOTH[card] and seat != state.guard:
        return "moth_only_guard"
    if state.phase != "turn" or state.settle_from != NOBODY:
        return "not_now"
    if seat != state.turn:
        return "not_your_turn"
    if not FITS[VALUE[state.discard[-1]]][card]:
        return "needs_neighbour_value"
    return None


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The JSON-safe view of ``seat`` (None: spectator or table screen)."""
    return _personal(state, seat, _public(state))


def views(state: State, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """``view`` of several seats, with the part every seat shares built once (equal to ``view`` per seat)."""
    public = _public(state)
    return {seat: _personal(state, seat, public) for seat in seats}


def _public(state: State) -> dict[str, Any]:
    """Everything of the view that does not depend on the seat. Shared between seats: never mutate it."""
    n = len(state.hands)
    rules = state.rules
    phase = state.phase
    top = state.discard[-1] if state.discard else None
    out: dict[str, Any] = {
        "game": "mogelmotte",
        "seat": None,
        "players": n,
        "phase": phase,
        "round": min(state.round + 1, rules.rounds),
        "rounds": rules.rounds,
        "start_seat": state.start_seat,
        "turn_seat": state.turn,
        "guard_seat": state.guard,
        "hand": None,
        "hand_counts": [len(h) for h in state.hands],
        "discard_top": None if top is None else card_json(top),
        "discard_count": len(state.discard),
        "draw_count": len(state.draw),
        "tells": [
            {"seat": s, "until": state.cheat_until[s]} for s in range(n) if state.cheat_card[s] != NO_TELL
        ],
        "my_tell": None,
        "can_cheat": False,
        "race": None,
        "spider": None,
        "gifts": None,
        "settling": None,
        "penalty_points": {"rounds": [list(p) for p in state.round_points], "totals": totals(state)},
        "cheats": list(state.cheats),
        "caught": list(state.caught),
        "wrong_accusations": list(state.wrong_accusations),
        "events": [
            {
                "n": state.log_start + i,
                "kind": e.kind,
                "seat": e.seat,
                "data": dict(e.data),
                "private": e.visible_to is not None,
            }
            for i, e in enumerate(state.log)
        ],
        "round_until": state.round_until if phase == "round_over" else None,
        "options": _options(rules),
        "winners": None,
        "giveable": [],
    }
    if phase == "over":
        scores = out["penalty_points"]["totals"]
        best = min(scores)
        out["winners"] = [s for s in range(n) if scores[s] == best]
    if phase == "mosquito_race" or phase == "cockroach_race":
        out["race"] = {
            "kind": "mosquito" if phase == "mosquito_race" else "cockroach",
            "player": state.actor,
            "value": VALUE[state.discard[-1]],
            "until": state.race_until,
            "slapped": list(state.slapped),
        }
    if phase == "spider":
        out["spider"] = {"player": state.actor}
    if phase == "mosquito_give":
        out["gifts"] = {
            "kind": "mosquito",
            "to": state.slowest,
            "givers": list(state.givers),
            "waiting": [s for s in state.givers if state.gifts[s] == -1],
            "my_choice": None,
        }
    if state.settle_from != NOBODY:
        out["settling"] = {"guard": state.settle_from, "to": state.settle_to}
    return out


def _personal(state: State, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
    """``public`` (left unchanged) completed for ``seat``: its events, hand, tell and choices."""
    out = dict(public)
    out["seat"] = seat
    if any(e.visible_to is not None for e in state.log):
        out["events"] = [
            entry
            for entry, e in zip(public["events"], state.log, strict=True)
            if e.visible_to is None or (seat is not None and seat in e.visible_to)
        ]
    else:
        out["events"] = public["events"]  # the same list for every seat, not a copy (views are read-only)
    if seat is None:
        return out
    phase = state.phase
    hand = state.hands[seat]
    out["hand"] = [_hand_entry(card, unplayable_reason(state, seat, card)) for card in hand]
    if state.settle_from == seat:
        out["giveable"] = [c for c in hand if not IS_MOTH[c]] if len(hand) >= 2 else []
    elif state.settle_from == NOBODY and (
        (phase == "spider" and seat == state.actor)
        or (phase == "mosquito_give" and seat in state.givers and state.gifts[seat] == -1)
    ):
        out["giveable"] = giveable(state, seat)
    held = state.cheat_card[seat]
    if held != NO_TELL:
        out["my_tell"] = {
            "cheat": held != FIDGET_TELL,
            "card": None if held == FIDGET_TELL else card_json(held),
            "until": state.cheat_until[seat],
        }
    out["can_cheat"] = can_cheat(state, seat)
    if out["gifts"] is not None and state.gifts[seat] >= 0:
        out["gifts"] = {**out["gifts"], "my_choice": card_json(state.gifts[seat])}
    return out
