"""What one seat (or a spectator) sees of a Mogel-Motte game: ``view`` builds it as plain dicts (the hot path),
``View`` (at the end) is its type, field by field."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta

from tischrunde.games.mogelmotte.content import VALUE, card_json
from tischrunde.games.mogelmotte.rules import (
    can_cheat,
    giveable,
    guard_giveable,
    refusal,
    totals,
    waiting_givers,
)
from tischrunde.games.mogelmotte.state import FIDGET_TELL, NO_TELL, PLAY, Phase, Rules, State


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
        "turn_timeout_s": rules.turn_timeout_ms // 1000,
    }


@functools.cache
def _hand_entry(card: int, reason: str | None) -> dict[str, Any]:
    """A card in a hand with whether it may be played now and why not (shared: never mutate it)."""
    return {**card_json(card), "playable": reason is None, "reason": reason}


#: a hand card's reason (what the UI says) for each code the refusal of its play may give
_REASON_OF: Final[dict[str, str]] = {
    "being_cheated": "being_cheated",
    "moth_only_guard": "moth_only_guard",
    "not_your_turn": "not_your_turn",
    "needs_neighbour_value": "needs_neighbour_value",
}


def unplayable_reason(state: State, seat: int, card: int) -> str | None:
    """Why ``seat`` cannot play ``card`` of its hand now (a stable key the UI translates), or None if it
    can: the refusal of ``Play(card)``, where every "not now" (another phase, an accusation being settled,
    the round or game over) is ``not_now``."""
    error = refusal(state, seat, PLAY[card])
    return None if error is None else _REASON_OF.get(error.code, "not_now")


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
        "round_until": state.round_until if phase == "round_over" else None,
        "act_until": state.wait_until,
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
            "waiting": waiting_givers(state),
            "my_choice": None,
        }
    if state.settle_from is not None:
        out["settling"] = {"guard": state.settle_from, "to": state.settle_to}
    return out


def _personal(state: State, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
    """``public`` (left unchanged) completed for ``seat``: its hand, tell and choices."""
    out = dict(public)
    out["seat"] = seat
    if seat is None:
        return out
    phase = state.phase
    hand = state.hands[seat]
    out["hand"] = [_hand_entry(card, unplayable_reason(state, seat, card)) for card in hand]
    if state.settle_from == seat:
        out["giveable"] = guard_giveable(state, seat)
    elif state.settle_from is None and (
        (phase == "spider" and seat == state.actor)
        or (phase == "mosquito_give" and seat in state.givers and state.gifts[seat] is None)
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
    choice = state.gifts[seat] if out["gifts"] is not None else None
    if choice is not None:
        out["gifts"] = {**out["gifts"], "my_choice": card_json(choice)}
    return out


# ------------------------------------------------------------------------------------------ the view type
# What ``view`` returns, as types (``MogelMotte.view_type``; ``tischrunde schema mogelmotte`` prints the JSON
# Schema). ``view`` itself builds plain dicts (faster); the conformance suite checks that they fit exactly.

CardKind = Literal["number", "ant", "spider", "mosquito", "cockroach", "moth"]
Reason = Literal["being_cheated", "moth_only_guard", "not_now", "not_your_turn", "needs_neighbour_value"]


class CardView(msgspec.Struct, forbid_unknown_fields=True):
    """A card face up: its id (index into the deck, 0..70), kind and value (1-5)."""

    id: Annotated[int, Meta(description="the card id (index into games/data/mogelmotte/deck.json)")]
    kind: Annotated[CardKind, Meta(description="number card, one of the four action animals, or moth")]
    value: Annotated[int, Meta(description="1-5; an action card is played by its value")]


class HandCardView(msgspec.Struct, forbid_unknown_fields=True):
    """A card in the seat's own hand, with whether it may be played now and why not."""

    id: Annotated[int, Meta(description="the card id")]
    kind: Annotated[CardKind, Meta(description="the card's kind")]
    value: Annotated[int, Meta(description="the card's value (1-5)")]
    playable: Annotated[bool, Meta(description="the seat may play this card now")]
    reason: Annotated[
        Reason | None,
        Meta(
            description="null when playable; else why not: the card is being cheated away, only the guard "
            "plays moths, no turn is being played (race, gifts, settling), another seat's turn, or the "
            'value is not a neighbour of the discard pile\'s top (no "drawn this turn": drawing ends the '
            "turn, so a drawn card shows not_your_turn)"
        ),
    ]


class TellView(msgspec.Struct, forbid_unknown_fields=True):
    """A running cheat or fidget as every screen sees it (never saying which of the two it is)."""

    seat: Annotated[int, Meta(description="the seat showing the tell")]
    until: Annotated[int, Meta(description="when the tell ends (ms)")]


class MyTellView(msgspec.Struct, forbid_unknown_fields=True):
    """The seat's own running cheat or fidget."""

    cheat: Annotated[bool, Meta(description="true: a cheat (a card vanishing); false: a fidget")]
    card: Annotated[CardView | None, Meta(description="the card being cheated away; null for a fidget")]
    until: Annotated[int, Meta(description="when the cheat completes or the fidget ends (ms)")]


class RaceView(msgspec.Struct, forbid_unknown_fields=True):
    """A running race: the mosquito's slaps or the cockroach's throws."""

    kind: Annotated[Literal["mosquito", "cockroach"], Meta(description="which action card started the race")]
    player: Annotated[int, Meta(description="the seat that played the action card")]
    value: Annotated[
        int, Meta(description="the action card's value (a cockroach is answered with this value)")
    ]
    until: Annotated[int, Meta(description="when the race window ends (ms)")]
    slapped: Annotated[list[int], Meta(description="seats that have slapped the mosquito, in order")]


class SpiderView(msgspec.Struct, forbid_unknown_fields=True):
    """A spider was played: its player gives one card (not a moth) to another seat, or nothing."""

    player: Annotated[int, Meta(description="the seat that played the spider")]


class GiftsView(msgspec.Struct, forbid_unknown_fields=True):
    """The mosquito's gifts: every other seat secretly chooses a card for the slowest slapper."""

    kind: Annotated[Literal["mosquito"], Meta(description="always mosquito")]
    to: Annotated[int, Meta(description="the slowest slapper, who receives the gifts")]
    givers: Annotated[list[int], Meta(description="the seats that give a card")]
    waiting: Annotated[list[int], Meta(description="givers still choosing")]
    my_choice: Annotated[
        CardView | None,
        Meta(description="the card this seat has chosen to give (null: none yet, or spectator)"),
    ]


class SettlingView(msgspec.Struct, forbid_unknown_fields=True):
    """A caught cheater waits for the old guard's gift (nothing else happens meanwhile)."""

    guard: Annotated[int, Meta(description="the old guard, who chooses the card")]
    to: Annotated[int, Meta(description="the caught cheater, the new guard")]


class PenaltyPointsView(msgspec.Struct, forbid_unknown_fields=True):
    """Penalty points (lower is better): number card 1, action card 5, moth 10 per card left in hand."""

    rounds: Annotated[list[list[int]], Meta(description="per finished round, the points per seat")]
    totals: Annotated[list[int], Meta(description="the sum over the finished rounds, per seat")]


class OptionsView(msgspec.Struct, forbid_unknown_fields=True):
    """The resolved rules of this game (``rounds`` already a number; timers after ``more_time``)."""

    cheat_ms: Annotated[int, Meta(description="how long a cheat takes (ms)")]
    slap_window_ms: Annotated[int, Meta(description="how long the mosquito race waits for slaps (ms)")]
    throw_window_ms: Annotated[int, Meta(description="how long anyone may throw onto a cockroach (ms)")]
    rounds: Annotated[int, Meta(description="rounds to play")]
    hand_size: Annotated[int, Meta(description="cards dealt per seat")]
    last_card_action: Annotated[bool, Meta(description="an action card played as the last card still acts")]
    give_last_card: Annotated[bool, Meta(description="spider and mosquito gifts may give the last card")]
    guard_chooses_card: Annotated[bool, Meta(description="the guard chooses the card for a caught cheater")]
    cockroach_continue: Annotated[
        Literal["after_player", "after_thrower"], Meta(description="who plays after a cockroach")
    ]
    slowest_rule: Annotated[
        Literal["clockwise_last", "random"], Meta(description="who is slowest when several have not slapped")
    ]
    round_pause_ms: Annotated[int, Meta(description="the pause after a round's scoring (ms; 0 = none)")]
    turn_timeout_s: Annotated[
        int, Meta(description="seconds for a turn, a spider's gift or a mosquito gift (0 = no limit)")
    ]


class View(msgspec.Struct, forbid_unknown_fields=True):
    """What one seat (or, with ``seat`` null, a spectator or the table screen) sees of a Mogel-Motte game."""

    game: Annotated[Literal["mogelmotte"], Meta(description="the game's name")]
    seat: Annotated[int | None, Meta(description="whose view this is; null: spectator or table screen")]
    players: Annotated[int, Meta(description="number of seats (3-5)")]
    phase: Annotated[
        Phase,
        Meta(
            description="turn (play or draw), spider (its player gives), mosquito_race (slapping), "
            "mosquito_give (gifts to the slowest), cockroach_race (throwing), round_over (the round's "
            "result until the pause ends), over"
        ),
    ]
    round: Annotated[int, Meta(description="the round being played (from 1)")]
    rounds: Annotated[int, Meta(description="rounds in the game")]
    start_seat: Annotated[int, Meta(description="the round's start player (got the guard bug at the deal)")]
    turn_seat: Annotated[int, Meta(description="whose turn it is (or was, during a race or gifts)")]
    guard_seat: Annotated[int, Meta(description="the guard, who may not cheat but accuses")]
    hand: Annotated[
        list[HandCardView] | None, Meta(description="the seat's cards, sorted; null for spectators")
    ]
    giveable: Annotated[
        list[int],
        Meta(description="card ids this seat may give now (spider, mosquito gift, guard's gift), else []"),
    ]
    hand_counts: Annotated[
        list[int], Meta(description="cards in hand per seat (a card being cheated counts)")
    ]
    discard_top: Annotated[CardView | None, Meta(description="the discard pile's top card")]
    discard_count: Annotated[int, Meta(description="cards in the discard pile")]
    draw_count: Annotated[int, Meta(description="cards in the draw pile")]
    tells: Annotated[list[TellView], Meta(description="every running cheat or fidget, by seat")]
    my_tell: Annotated[MyTellView | None, Meta(description="this seat's own running cheat or fidget")]
    can_cheat: Annotated[bool, Meta(description="this seat may start a cheat or fidget now")]
    race: Annotated[RaceView | None, Meta(description="the running race, if any")]
    spider: Annotated[SpiderView | None, Meta(description="the spider being resolved, if any")]
    gifts: Annotated[GiftsView | None, Meta(description="the mosquito's gifts being chosen, if any")]
    settling: Annotated[
        SettlingView | None, Meta(description="the old guard's gift to a caught cheater, if due")
    ]
    penalty_points: Annotated[PenaltyPointsView, Meta(description="penalty points per round and in total")]
    cheats: Annotated[list[int], Meta(description="completed cheats per seat")]
    caught: Annotated[list[int], Meta(description="times caught cheating per seat")]
    wrong_accusations: Annotated[list[int], Meta(description="wrong accusations per seat (as guard)")]
    round_until: Annotated[
        int | None, Meta(description="during round_over: when the next round is dealt (ms)")
    ]
    act_until: Annotated[
        int | None,
        Meta(
            description="when the time of the seats being waited for runs out (ms): the turn's seat, the "
            "spider's player, the mosquito's givers still choosing; then a turn draws a card, the spider "
            "gives nothing, a giver gives its first giveable card; null: no limit (or nobody is waited for)"
        ),
    ]
    options: Annotated[OptionsView, Meta(description="the resolved rules")]
    winners: Annotated[list[int] | None, Meta(description="once over: the seats with the fewest points")]
