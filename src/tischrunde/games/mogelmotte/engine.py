"""Mogel-Motte's engine: the ``Game`` subclass (``MogelMotte``, at the end) and the rule functions behind it:
dealing, turns, action cards, races, cheating, accusations, scoring, deadlines and legal actions.

Every function takes a frozen :class:`State` and returns a new one; events are appended to ``ev``.
The rules text lives in the package docstring (``tischrunde.games.mogelmotte``).

One implementation of each rule (no second copy for speed). The frequent actions (cheat and fidget:
``_tell``; ``_play``, ``_draw``, ``_accuse``, the old guard's gift ``_settle_give``, and ``_timeout``)
each have one handler that checks, raises its errors and builds the whole transition; in the usual case
that is a single ``replace`` which also stamps time, deadline and log (and, where the turn passes on, the
new turn's wait: ``wait_from``; every other path gets its wait from ``wait_until`` in ``_finish`` or the
timeout loop), and the unusual cases (action cards, a reshuffle, a random or pending gift, several things
due at once) continue from there through the shared rule functions and ``_finish``. The rarer actions (``_RULES``) return a state that ``_finish``
stamps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from msgspec.structs import replace

from tischrunde.core import rng
from tischrunde.core.errors import ConfigError, IllegalActionError, MalformedActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Event, Game, NextRound, Outcome, Timeout
from tischrunde.games.mogelmotte import SPEC, view
from tischrunde.games.mogelmotte.actions import (
    ACCUSE,
    CHEAT,
    DRAW,
    FIDGET,
    GIVE,
    MAX_SEATS,
    PLAY,
    SLAP,
    SPIDER_GIVE,
    SPIDER_SKIP,
    THROW,
    Accuse,
    Cheat,
    Draw,
    Fidget,
    Give,
    MogelMotteAction,
    Play,
    Slap,
    SpiderGive,
    SpiderSkip,
    Throw,
)
from tischrunde.games.mogelmotte.content import (
    ALL_CARDS,
    CLASS,
    CONTENT,
    DECK_SIZE,
    FITS,
    IS_MOTH,
    IS_NUMBER,
    KIND,
    PENALTY,
    VALUE,
    neighbours,
)
from tischrunde.games.mogelmotte.state import (
    CHEAT_PHASES,
    FIDGET_TELL,
    NO_DUE,
    NO_TELL,
    NO_WAIT,
    NOBODY,
    WAIT_PHASES,
    Rules,
    State,
    giveable,
    totals,
)

#: how many recent events the state keeps for views
LOG_SIZE: Final = 16
#: later than any deadline (the largest int that mypyc keeps unboxed)
_NEVER: Final = NO_WAIT
#: every subset of seats as a frozenset, indexed by its bit mask (active_seats builds no sets)
_SEAT_SETS: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(s for s in range(MAX_SEATS) if mask >> s & 1) for mask in range(1 << MAX_SEATS)
)

#: the same subsets as sorted tuples (the order random playouts draw from)
_SEAT_TUPLES: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(sorted(seats)) for seats in _SEAT_SETS)
#: each sorted tuple back to its frozenset
_SEAT_SET_OF: Final[dict[tuple[int, ...], frozenset[int]]] = dict(zip(_SEAT_TUPLES, _SEAT_SETS, strict=True))
_NO_SEATS: Final[frozenset[int]] = frozenset()

Events = list[Event]

#: _PLAYABLE[top value][may play moths][card id]: the card may be played on that top (being cheated aside)
_PLAYABLE: Final[tuple[tuple[tuple[bool, ...], ...], ...]] = tuple(
    tuple(
        tuple(fits[c] and (moth_ok or not IS_MOTH[c]) for c in range(len(fits))) for moth_ok in (False, True)
    )
    for fits in FITS
)
#: _THROWABLE[top value][card id]: a number card of that value
_THROWABLE: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(IS_NUMBER[c] and VALUE[c] == value for c in range(DECK_SIZE)) for value in range(len(FITS))
)

# Events that come out the same every time are built once here and shared between states (their data
# dicts must never be mutated; views copy them). Indexed by seat, then by the other seat or the card.
_SEATS = range(MAX_SEATS)
_CARDS = range(DECK_SIZE)
_EV_DRAW: Final[dict[str, tuple[Event, ...]]] = {
    reason: tuple(Event("draw", s, {"reason": reason}) for s in _SEATS)
    for reason in ("turn", "ant", "wrong_accusation")
}
_EV_DREW: Final = tuple(tuple(Event("drew", s, {"card": c}, (s,)) for c in _CARDS) for s in _SEATS)
_EV_PLAY: Final = tuple(tuple(Event("play", s, {"card": c}) for c in _CARDS) for s in _SEATS)
_EV_CHEAT_STARTED: Final = tuple(
    tuple(Event("cheat_started", s, {"card": c}, (s,)) for c in _CARDS) for s in _SEATS
)
_EV_FIDGET_STARTED: Final = tuple(Event("fidget_started", s, {}, (s,)) for s in _SEATS)
_EV_GUARD_GIVE: Final = tuple(tuple(Event("guard_give", g, {"to": to}) for to in _SEATS) for g in _SEATS)
_EV_GIFT: Final = tuple(
    tuple(tuple(Event("gift", g, {"to": to, "card": c}, (g, to)) for c in _CARDS) for to in _SEATS)
    for g in _SEATS
)
_EV_CAUGHT: Final = tuple(
    tuple(tuple(Event("caught", s, {"guard": g, "card": c}) for c in _CARDS) for g in _SEATS) for s in _SEATS
)
_EV_WRONG: Final = tuple(
    tuple(
        tuple(Event("wrong_accusation", s, {"guard": g, "fidget": f}) for f in (False, True)) for g in _SEATS
    )
    for s in _SEATS
)
_EV_TELL_END: Final = tuple(
    tuple(Event("tell_end", s, {"vanished": v}) for v in (False, True)) for s in _SEATS
)
_EV_VANISHED: Final = tuple(tuple(Event("vanished", s, {"card": c}, (s,)) for c in _CARDS) for s in _SEATS)


#: the rulebook section behind each error code (``GameError.rule``)
_RULE_OF: Final[dict[str, str]] = {
    "needs_neighbour_value": "turn",
    "not_in_hand": "turn",
    "wrong_phase": "turn",
    "moth_only_guard": "moths",
    "moth_not_giveable": "moths",
    "last_card": "last_card",
    "guard_cannot_cheat": "cheating",
    "one_at_a_time": "cheating",
    "no_cheating_now": "cheating",
    "being_cheated": "cheating",
    "settling": "accusation",
    "bad_seat": "seats",
    "own_mosquito": "mosquito",
    "already_slapped": "mosquito",
    "already_chosen": "mosquito",
    "needs_cockroach_value": "cockroach",
    "too_early": "time",
    "deadline_passed": "time",
    "time_backwards": "time",
    "round_over": "scoring",
    "game_over": "scoring",
}


def _illegal(message: str, code: str) -> IllegalActionError:
    return IllegalActionError(message, code=code, rule=_RULE_OF.get(code, "mogelmotte"))


# The tuple edits below go through a list (``[*items]``, then ``tuple``): in CPython that is cheaper than
# slicing and concatenating, and cheaper than ``list(items)``.


def _put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    out = [*items]
    out[index] = value
    return tuple(out)


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    out = [*hand]
    out.remove(card)
    return tuple(out)


def _with(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    out = [*hand, card]
    out.sort()
    return tuple(out)


# --------------------------------------------------------------------------------------------- setup


def stacked_deck(config: Config, hand_size: int) -> tuple[int, ...] | None:
    """The validated stacked deck (``config.decks["main"]``, top card first), or None."""
    if config.decks is None or "main" not in config.decks:
        return None
    order = config.decks["main"]
    need = config.players * hand_size + 1
    if (
        not isinstance(order, list)
        or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < DECK_SIZE for c in order)
        or len(set(order)) != len(order)
        or len(order) < need
    ):
        raise ConfigError(
            "decks.main",
            order,
            f"distinct card ids 0..{DECK_SIZE - 1}, at least {need} of them (hands plus the first discard)",
        )
    return tuple(order)


def new_state(config: Config, options: dict[str, Any]) -> State:
    """A fresh game: ``config.first_seat`` (None = seat 0, the oldest) has the guard bug and starts; the
    first round is dealt."""
    n = config.players
    rules = Rules(
        cheat_ms=options["cheat_ms"],
        slap_window_ms=options["slap_window_ms"],
        throw_window_ms=options["throw_window_ms"],
        rounds=options["rounds"] or n,
        hand_size=options["hand_size"],
        last_card_action=options["last_card_action"],
        give_last_card=options["give_last_card"],
        guard_chooses_card=options["guard_chooses_card"],
        cockroach_continue=options["cockroach_continue"],
        slowest_rule=options["slowest_rule"],
        round_pause_ms=options["round_pause_ms"],
        turn_timeout_ms=options["turn_timeout_s"] * 1000,
    )
    stacked = stacked_deck(config, rules.hand_size)
    if stacked is None and n * rules.hand_size + 1 > DECK_SIZE:
        raise ConfigError("options.hand_size", rules.hand_size, "a hand size that leaves cards to deal")
    zeros = (0,) * n
    state = State(
        config=config,
        rules=rules,
        stacked=stacked,
        rng=rng.seed_state(config.seed),
        t=0,
        phase="turn",
        round=0,
        start_seat=0,
        turn=0,
        guard=0,
        hands=((),) * n,
        draw=(),
        discard=(),
        vanished=((),) * n,
        cheat_card=(NO_TELL,) * n,
        cheat_until=zeros,
        cheats=zeros,
        caught=zeros,
        wrong_accusations=zeros,
    )
    ev: Events = []
    dealt = _deal(state, config.first_seat or 0, ev)
    dealt = replace(dealt, wait_until=wait_until(state, dealt, 0))
    return _logged(replace(dealt, due=next_due(dealt)), ev)


def _deal(state: State, start_seat: int, ev: Events) -> State:
    n = len(state.hands)
    size = state.rules.hand_size
    r = state.rng
    if state.stacked is not None:
        order = state.stacked
    else:
        order, r = rng.shuffled(r, ALL_CARDS)
    hands = tuple(tuple(sorted(order[i * size : (i + 1) * size])) for i in range(n))
    top = order[n * size]
    ev.append(Event("deal", start_seat, {"round": state.round + 1, "start_seat": start_seat, "top": top}))
    return replace(
        state,
        rng=r,
        phase="turn",
        start_seat=start_seat,
        turn=start_seat,
        guard=start_seat,
        hands=hands,
        draw=tuple(reversed(order[n * size + 1 :])),
        discard=(top,),
        vanished=((),) * n,
        cheat_card=(NO_TELL,) * n,
        cheat_until=(0,) * n,
        actor=NOBODY,
        race_until=0,
        slapped=(),
        slowest=NOBODY,
        givers=(),
        gifts=(),
        settle_from=NOBODY,
        settle_to=NOBODY,
        finisher=NOBODY,
        round_until=0,
        passes=0,
    )


def _logged(state: State, ev: Events) -> State:
    if not ev:
        return state
    log = state.log + tuple(ev)
    drop = len(log) - LOG_SIZE
    if drop > 0:
        return replace(state, log=log[drop:], log_start=state.log_start + drop)
    return replace(state, log=log)


# ------------------------------------------------------------------------------------------- helpers


def _draw_for(state: State, seat: int, reason: str, ev: Events) -> State:
    """``seat`` draws the top card (see ``_take_card``)."""
    taken = _take_card(state, seat, reason, ev)
    if taken is None:
        return state
    hands, draw, discard, r = taken
    return replace(state, hands=hands, draw=draw, discard=discard, rng=r)


def _take_card(
    state: State, seat: int, reason: str, ev: Events
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], int] | None:
    """``seat`` draws the top card: the new hands, draw pile, discard pile and rng, or None when there is
    nothing to draw. An empty draw pile is refilled from the discard pile (all but its top)."""
    draw = state.draw
    discard = state.discard
    r = state.rng
    if not draw:
        if len(discard) <= 1:
            ev.append(Event("draw_impossible", seat, {"reason": reason}))
            return None
        draw, r = rng.shuffled(r, discard[:-1])
        discard = discard[-1:]
        ev.append(Event("reshuffle", None, {"count": len(draw)}))
    card = draw[-1]
    ev.append(_EV_DRAW[reason][seat])
    ev.append(_EV_DREW[seat][card])
    hands = state.hands
    changed = [*hands]
    changed[seat] = _with(hands[seat], card)
    return tuple(changed), draw[:-1], discard, r


def _advance(state: State, after: int, t: int, ev: Events) -> State:
    """The action is over: the next turn is the left neighbour of ``after`` (or the round ends)."""
    if state.finisher != NOBODY:
        return _end_round(state, state.finisher, t, ev)
    if state.phase == "turn":
        return replace(state, turn=(after + 1) % len(state.hands))
    return replace(
        state,
        phase="turn",
        turn=(after + 1) % len(state.hands),
        actor=NOBODY,
        slapped=(),
        slowest=NOBODY,
        givers=(),
        gifts=(),
    )


def _end_round(state: State, finisher: int, t: int, ev: Events) -> State:
    n = len(state.hands)
    points = tuple(sum(PENALTY[c] for c in hand) for hand in state.hands)
    round_points = (*state.round_points, points)
    ev.append(
        Event(
            "round_end",
            None if finisher == NOBODY else finisher,
            {
                "round": len(round_points),
                "finisher": None if finisher == NOBODY else finisher,
                "points": list(points),
            },
        )
    )
    state = replace(
        state,
        round_points=round_points,
        round=len(round_points),
        cheat_card=(NO_TELL,) * n,
        actor=NOBODY,
        slapped=(),
        slowest=NOBODY,
        givers=(),
        gifts=(),
        settle_from=NOBODY,
        settle_to=NOBODY,
        finisher=NOBODY,
    )
    if len(round_points) >= state.rules.rounds:
        scores = totals(state)
        best = min(scores)
        ev.append(
            Event(
                "game_over", None, {"totals": scores, "winners": [s for s in range(n) if scores[s] == best]}
            )
        )
        return replace(state, phase="over")
    if state.rules.round_pause_ms > 0:
        return replace(state, phase="round_over", round_until=t + state.rules.round_pause_ms)
    return _deal(state, (state.start_seat + 1) % n, ev)


def _not_own(state: State, seat: int, card: int) -> IllegalActionError:
    """The error for a card that is not ``seat``'s to use: not in the hand, or being cheated away.
    Every handler that takes a card from a hand tests ``card not in hand or cheat_card[seat] == card``."""
    if card not in state.hands[seat]:
        return _illegal(f"Card {card} is not in your hand.", "not_in_hand")
    return _illegal("That card is off the table: you are cheating it away.", "being_cheated")


def _wrong_phase(state: State) -> IllegalActionError:
    phase = state.phase
    if phase == "turn":
        return _illegal(
            f"Now seat {state.turn} plays or draws; that action is not possible now.", "wrong_phase"
        )
    if phase == "spider":
        return _illegal(f"Wait: seat {state.actor} decides whom to give a card (spider).", "wrong_phase")
    if phase == "mosquito_race":
        return _illegal("Wait: the mosquito race is on; everyone but its player slaps.", "wrong_phase")
    if phase == "mosquito_give":
        return _illegal(f"Wait: everyone gives seat {state.slowest} a card (mosquito).", "wrong_phase")
    if phase == "cockroach_race":
        return _illegal(
            "Wait: the cockroach race is on; only a matching number card may be thrown.", "wrong_phase"
        )
    return _illegal("Wait: the round is over and the next one is being dealt.", "round_over")


# ------------------------------------------------------------------------------------------ handlers


def _play(state: State, seat: int, action: Play, t: int) -> tuple[State, Events]:
    """The card goes from the hand onto the discard pile; then a number card or moth passes the turn on
    (in the same ``replace`` that stamps time and log: the usual case), and an action card does what it
    does (``_card_effect``), as does the last card of a hand."""
    if state.phase != "turn":
        raise _wrong_phase(state)
    if seat != state.turn:
        raise NotYourTurnError(f"It is seat {state.turn}'s turn: you may only play on your own turn.")
    card = action.card
    hands = state.hands
    hand = hands[seat]
    if card not in hand or state.cheat_card[seat] == card:
        raise _not_own(state, seat, card)
    if IS_MOTH[card] and seat != state.guard:
        raise _illegal(
            "Only the guard may play a moth; everyone else must cheat moths away.", "moth_only_guard"
        )
    discard = state.discard
    top = VALUE[discard[-1]]
    if not FITS[top][card]:
        low, high = sorted(neighbours(top))
        raise _illegal(f"You can only play a {low} or a {high} on a {top}.", "needs_neighbour_value")
    rest = _without(hand, card)
    changed = [*hands]
    changed[seat] = rest
    new_hands = tuple(changed)
    new_discard = discard + (card,)  # noqa: RUF005 - concatenation is cheaper here
    ev = [_EV_PLAY[seat][card]]
    if rest and CLASS[card] != "action" and state.finisher == NOBODY:
        # nothing more happens: the left neighbour's turn (``_advance`` in phase "turn", no finisher) and its
        # wait (what ``wait_until`` says for a turn passing on)
        log, log_start = _logged_fields(state, ev)
        wait = wait_from(state.rules, t)
        new = replace(
            state,
            hands=new_hands,
            discard=new_discard,
            passes=0,
            turn=(seat + 1) % len(hands),
            wait_until=wait,
            due=_due_with_wait(state, wait),
            t=t,
            log=log,
            log_start=log_start,
        )
        return new, ev
    new = replace(state, hands=new_hands, discard=new_discard, passes=0)
    return _finish(state, _card_effect(new, seat, card, t, ev), t, ev)


def _card_effect(state: State, seat: int, card: int, t: int, ev: Events) -> State:
    """What the card ``seat`` has just played does, or the end of the round it brings."""
    kind = KIND[card]
    if not state.hands[seat]:
        if not (state.rules.last_card_action and CLASS[card] == "action"):
            return _end_round(state, seat, t, ev)
        state = replace(state, finisher=seat)
    if kind == "ant":
        n = len(state.hands)
        for step in range(1, n):
            state = _draw_for(state, (seat + step) % n, "ant", ev)
        return _advance(state, seat, t, ev)
    if kind == "spider":
        if not state.hands[seat]:
            return _advance(state, seat, t, ev)
        return replace(state, phase="spider", actor=seat)
    if kind == "mosquito":
        until = t + state.rules.slap_window_ms
        ev.append(Event("mosquito_race", seat, {"until": until}))
        return replace(state, phase="mosquito_race", actor=seat, race_until=until, slapped=())
    if kind == "cockroach":
        until = t + state.rules.throw_window_ms
        ev.append(Event("cockroach_race", seat, {"value": VALUE[card], "until": until}))
        return replace(state, phase="cockroach_race", actor=seat, race_until=until)
    return _advance(state, seat, t, ev)


def _draw(state: State, seat: int, action: Draw, t: int) -> tuple[State, Events]:
    """The top card goes into the hand and the turn passes on (in one ``replace`` that stamps time and log:
    the usual case). With nothing to draw the turn passes too; a whole circle of seats that could neither
    play nor draw blocks the round."""
    if state.phase != "turn":
        raise _wrong_phase(state)
    if seat != state.turn:
        raise NotYourTurnError(f"It is seat {state.turn}'s turn: you may only draw on your own turn.")
    ev: Events = []
    taken = _take_card(state, seat, "turn", ev)
    if taken is None or state.finisher != NOBODY:
        return _finish(state, _drawn(state, seat, taken, False, t, ev), t, ev)
    hands, draw, discard, r = taken
    log, log_start = _logged_fields(state, ev)
    # the left neighbour's turn (``_drawn`` then ``_finish``: ``_advance`` in phase "turn" with no finisher,
    # and a new turn's wait, ``wait_until``)
    wait = wait_from(state.rules, t)
    new = replace(
        state,
        passes=0,
        hands=hands,
        draw=draw,
        discard=discard,
        rng=r,
        turn=(seat + 1) % len(hands),
        wait_until=wait,
        due=_due_with_wait(state, wait),
        t=t,
        log=log,
        log_start=log_start,
    )
    return new, ev


def _timed_out_draw(state: State, seat: int, t: int, ev: Events) -> State:
    """The turn's time has run out: the seat draws as ``Draw`` does (unstamped: see ``_drawn``)."""
    return _drawn(state, seat, _take_card(state, seat, "turn", ev), True, t, ev)


def _drawn(
    state: State,
    seat: int,
    taken: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], int] | None,
    timed_out: bool,
    t: int,
    ev: Events,
) -> State:
    """After the turn's draw (``taken``, from ``_take_card``): the turn passes on. With nothing to draw it
    passes too, and a whole circle of seats that could neither play nor draw blocks the round; a seat whose
    time ran out (``timed_out``) played nothing and counts as one that could not play."""
    if taken is None:
        fits = FITS[VALUE[state.discard[-1]]]
        held = state.cheat_card[seat]
        moth_ok = seat == state.guard
        could_play = not timed_out and any(
            fits[c] and c != held and (moth_ok or not IS_MOTH[c]) for c in state.hands[seat]
        )
        passes = 0 if could_play else state.passes + 1
        if passes >= len(state.hands):
            return _end_round(state, NOBODY, t, ev)
        return _advance(replace(state, passes=passes), seat, t, ev)
    hands, draw, discard, r = taken
    return _advance(replace(state, passes=0, hands=hands, draw=draw, discard=discard, rng=r), seat, t, ev)


def _spider_give(state: State, seat: int, action: SpiderGive, t: int, ev: Events) -> State:
    if state.phase != "spider":
        raise _wrong_phase(state)
    if seat != state.actor:
        raise NotYourTurnError("Only the spider's player may give a card now.")
    card, to = action.card, action.to_seat
    if not 0 <= to < len(state.hands) or to == seat:
        raise _illegal("The spider gives a card to another seat at the table.", "bad_seat")
    if card not in state.hands[seat] or state.cheat_card[seat] == card:
        raise _not_own(state, seat, card)
    if IS_MOTH[card]:
        raise _illegal("Moths can never be given away.", "moth_not_giveable")
    if card not in giveable(state, seat):
        raise _illegal("You may not give away your last card.", "last_card")
    hand = _without(state.hands[seat], card)
    hands = _put(_put(state.hands, seat, hand), to, _with(state.hands[to], card))
    ev.append(Event("spider_give", seat, {"to": to}))
    ev.append(_EV_GIFT[seat][to][card])
    state = replace(state, hands=hands)
    if not hand:
        return _end_round(state, seat, t, ev)
    return _advance(state, seat, t, ev)


def _spider_skip(state: State, seat: int, action: SpiderSkip, t: int, ev: Events) -> State:
    if state.phase != "spider":
        raise _wrong_phase(state)
    if seat != state.actor:
        raise NotYourTurnError("Only the spider's player decides whether to give a card.")
    ev.append(Event("spider_skip", seat))
    return _advance(state, seat, t, ev)


def _slowest_of(state: State, left: list[int]) -> tuple[int, State]:
    if len(left) == 1 or state.rules.slowest_rule == "clockwise_last":
        n = len(state.hands)
        return max(left, key=lambda s: (s - state.actor) % n), state
    seat, r = rng.choice(state.rng, left)
    return seat, replace(state, rng=r)


def _start_gifts(state: State, slowest: int, t: int, ev: Events) -> State:
    ev.append(Event("slowest", slowest))
    givers = tuple(s for s in range(len(state.hands)) if s != slowest and giveable(state, s))
    if not givers:
        return _advance(replace(state, slowest=slowest), state.actor, t, ev)
    return replace(
        state, phase="mosquito_give", slowest=slowest, givers=givers, gifts=(-1,) * len(state.hands)
    )


def _not_slapped(state: State) -> list[int]:
    actor = state.actor
    slapped = state.slapped
    return [s for s in range(len(state.hands)) if s != actor and s not in slapped]


def _slap(state: State, seat: int, action: Slap, t: int, ev: Events) -> State:
    if state.phase != "mosquito_race":
        raise _wrong_phase(state)
    if seat == state.actor:
        raise _illegal("The mosquito's player does not slap it.", "own_mosquito")
    if seat in state.slapped:
        raise _illegal("You have already slapped this mosquito.", "already_slapped")
    ev.append(Event("slap", seat))
    state = replace(state, slapped=(*state.slapped, seat))
    left = _not_slapped(state)
    if len(left) == 1:
        return _start_gifts(state, left[0], t, ev)
    return state


def _resolve_gifts(state: State, t: int, ev: Events) -> State:
    hands = list(state.hands)
    to = state.slowest
    last_ok = state.rules.give_last_card
    for giver in state.givers:
        card = state.gifts[giver]
        hand = hands[giver]
        # a cheat that completed meanwhile may have made the choice the giver's last card
        if card in hand and card != state.cheat_card[giver] and (len(hand) >= 2 or last_ok):
            hands[giver] = _without(hand, card)
            hands[to] = _with(hands[to], card)
            ev.append(Event("mosquito_give", giver, {"to": to}))
            ev.append(_EV_GIFT[giver][to][card])
    givers = state.givers
    state = replace(state, hands=tuple(hands), givers=(), gifts=())
    for giver in givers:
        if not hands[giver]:
            return _end_round(state, giver, t, ev)
    return _advance(state, state.actor, t, ev)


def _recheck_gifts(state: State, t: int, ev: Events) -> State:
    """Drop givers who have nothing left to give (a cheat completed meanwhile); resolve when all chose."""
    gifts = state.gifts
    waiting = [s for s in state.givers if gifts[s] == -1]
    stuck = [s for s in waiting if not giveable(state, s)]
    if waiting and not stuck:
        return state
    state = replace(state, givers=tuple(s for s in state.givers if s not in stuck))
    return _resolve_gifts(state, t, ev)


def _give(state: State, seat: int, action: Give, t: int, ev: Events) -> State:
    if state.phase != "mosquito_give":
        raise _wrong_phase(state)
    if seat not in state.givers:
        raise NotYourTurnError(f"You do not give a card now: seat {state.slowest} receives from the others.")
    if state.gifts[seat] != -1:
        raise _illegal("You have already chosen the card you give.", "already_chosen")
    card = action.card
    if card not in state.hands[seat] or state.cheat_card[seat] == card:
        raise _not_own(state, seat, card)
    if IS_MOTH[card]:
        raise _illegal("Moths can never be given away.", "moth_not_giveable")
    if card not in giveable(state, seat):
        raise _illegal("You may not give away your last card.", "last_card")
    gifts = _put(state.gifts, seat, card)
    ev.append(Event("gift_chosen", seat))
    state = replace(state, gifts=gifts)
    if all(gifts[s] != -1 for s in state.givers):
        return _resolve_gifts(state, t, ev)
    return state


def _guard_gift(state: State, card: int, ev: Events) -> tuple[tuple[int, ...], ...]:
    """The hands after the old guard (``settle_from``) gave ``card`` to the caught cheater (``settle_to``)."""
    seat, to = state.settle_from, state.settle_to
    hands = state.hands
    changed = [*hands]
    changed[seat] = _without(hands[seat], card)
    changed[to] = _with(hands[to], card)
    ev.append(_EV_GUARD_GIVE[seat][to])
    ev.append(_EV_GIFT[seat][to][card])
    return tuple(changed)


def _settle_give(state: State, seat: int, action: Action, t: int) -> tuple[State, Events]:
    """The old guard gives the caught cheater a card of their choice (``guard_chooses_card``), in one
    ``replace`` that stamps time and log; nothing else happens meanwhile."""
    if seat != state.settle_from or not isinstance(action, Give):
        raise _illegal(
            f"Wait: the guard (seat {state.settle_from}) chooses a card for the caught cheater; "
            "nothing else happens while an accusation is settled.",
            "settling",
        )
    card = action.card
    hands = state.hands
    hand = hands[seat]
    if card not in hand or state.cheat_card[seat] == card:
        raise _not_own(state, seat, card)
    if IS_MOTH[card]:
        raise _illegal("Moths can never be given away.", "moth_not_giveable")
    if len(hand) < 2:
        raise _illegal("You may not give away your last card.", "last_card")
    ev: Events = []
    hands = _guard_gift(state, card, ev)
    log, log_start = _logged_fields(state, ev)
    new = replace(
        state,
        hands=hands,
        settle_from=NOBODY,
        settle_to=NOBODY,
        t=t,
        log=log,
        log_start=log_start,
    )
    if new.phase == "mosquito_give":
        return _then((new, ev), new, t, [])  # _finish rechecks the pending gifts
    return new, ev


def _throw(state: State, seat: int, action: Throw, t: int, ev: Events) -> State:
    if state.phase != "cockroach_race":
        raise _wrong_phase(state)
    card = action.card
    if card not in state.hands[seat] or state.cheat_card[seat] == card:
        raise _not_own(state, seat, card)
    value = VALUE[state.discard[-1]]
    if not IS_NUMBER[card] or VALUE[card] != value:
        raise _illegal(
            f"Only a number card {value} may be thrown onto this cockroach.", "needs_cockroach_value"
        )
    hand = _without(state.hands[seat], card)
    ev.append(Event("throw", seat, {"card": card}))
    state = replace(state, hands=_put(state.hands, seat, hand), discard=(*state.discard, card))
    if not hand:
        return _end_round(state, seat, t, ev)
    after = state.actor if state.rules.cockroach_continue == "after_player" else seat
    return _advance(state, after, t, ev)


def _tell(state: State, seat: int, action: Cheat | Fidget, t: int) -> tuple[State, Events]:
    """A cheat (of ``action.card``) or a fidget starts: the tell shows until ``t + cheat_ms``.

    The most frequent transition in random play, so it is done in one ``replace`` that also stamps time,
    deadline and log (``_put`` and ``_logged_fields`` written out). Only a tell is added, in a phase
    that is not ``over`` or ``round_over``, so the new deadline is the earlier of the old one and this
    tell's end (what ``next_due`` would say)."""
    if seat == state.guard:
        raise _illegal("The guard may not cheat.", "guard_cannot_cheat")
    if state.phase not in CHEAT_PHASES:
        raise _illegal("Nobody may cheat while a card is being given.", "no_cheating_now")
    cheat_card = state.cheat_card
    if cheat_card[seat] != NO_TELL:
        raise _illegal("One card at a time: you are already cheating or fidgeting.", "one_at_a_time")
    hand = state.hands[seat]
    if len(hand) < 2:
        raise _illegal("You may not cheat away your last card.", "last_card")
    if action.__class__ is Cheat:
        card = action.card
        if card not in hand:
            raise _illegal(f"Card {card} is not in your hand.", "not_in_hand")
        started = _EV_CHEAT_STARTED[seat][card]
    else:
        card = FIDGET_TELL
        started = _EV_FIDGET_STARTED[seat]
    until = t + state.rules.cheat_ms
    tell = Event("tell", seat, {"until": until})
    due = state.due
    if due == NO_DUE or until < due:
        due = until
    log = state.log
    drop = len(log) + 2 - LOG_SIZE
    if drop > 0:
        log = log[drop:] + (tell, started)  # noqa: RUF005 - concatenation is cheaper here
        log_start = state.log_start + drop
    else:
        log = log + (tell, started)  # noqa: RUF005 - concatenation is cheaper here
        log_start = state.log_start
    tells = [*cheat_card]
    tells[seat] = card
    untils = [*state.cheat_until]
    untils[seat] = until
    new = replace(
        state,
        cheat_card=tuple(tells),
        cheat_until=tuple(untils),
        t=t,
        due=due,
        log=log,
        log_start=log_start,
    )
    return new, [tell, started]


def _accuse(state: State, seat: int, action: Accuse, t: int) -> tuple[State, Events]:
    """The guard's "Caught!": a running cheat is caught (the cheater becomes the guard and gets a card from
    the old guard, chosen by the old guard when ``guard_chooses_card``, else at random); otherwise the
    guard draws a card. The tell ends either way. Done in one ``replace`` that stamps time, deadline and
    log, unless a random gift or a pending mosquito gift follows."""
    guard = state.guard
    if seat != guard:
        raise NotYourTurnError("Only the guard may accuse.")
    target = action.seat
    hands = state.hands
    if not 0 <= target < len(hands) or target == guard:
        raise _illegal("The guard accuses another seat at the table.", "bad_seat")
    held = state.cheat_card[target]
    tells = [*state.cheat_card]
    tells[target] = NO_TELL
    cheat_card = tuple(tells)
    phase = state.phase  # never "over" or "round_over" here (see apply)
    due = state.due
    if held != NO_TELL and state.cheat_until[target] == due:  # the deadline was this tell's end
        due = _due_in_play(phase, state.race_until, cheat_card, state.cheat_until, state.wait_until)
    if held >= 0:
        ev = [_EV_CAUGHT[target][guard][held]]
        # whether the old guard has a card to give: no moth, never the last card
        guard_hand = hands[guard]
        gives = False
        if len(guard_hand) >= 2:
            for c in guard_hand:
                if not IS_MOTH[c]:
                    gives = True
                    break
        log, log_start = _logged_fields(state, ev)
        caught = [*state.caught]
        caught[target] += 1
        new = replace(
            state,
            cheat_card=cheat_card,
            guard=target,
            caught=tuple(caught),
            settle_from=guard if gives else NOBODY,
            settle_to=target if gives else NOBODY,
            t=t,
            due=due,
            log=log,
            log_start=log_start,
        )
        if gives:
            if state.rules.guard_chooses_card:
                return new, ev
            # the old guard's gift is settled at once, with a card drawn at random
            card, r = rng.choice(new.rng, [c for c in guard_hand if not IS_MOTH[c]])
            new, more = _settle_give(replace(new, rng=r), guard, GIVE[card], t)
            ev.extend(more)
            return new, ev
    else:
        ev = [_EV_WRONG[target][guard][held == FIDGET_TELL]]
        taken = _take_card(state, guard, "wrong_accusation", ev)
        if taken is None:
            new_hands, draw, discard, r = hands, state.draw, state.discard, state.rng
        else:
            new_hands, draw, discard, r = taken
        log, log_start = _logged_fields(state, ev)
        new = replace(
            state,
            cheat_card=cheat_card,
            wrong_accusations=_put(state.wrong_accusations, guard, state.wrong_accusations[guard] + 1),
            hands=new_hands,
            draw=draw,
            discard=discard,
            rng=r,
            t=t,
            due=due,
            log=log,
            log_start=log_start,
        )
    if phase == "mosquito_give" and new.settle_from == NOBODY:
        return _then((new, ev), new, t, [])  # _finish rechecks the pending gifts
    return new, ev


Handler = Callable[[State, int, Any, int], "tuple[State, Events]"]

#: the actions whose handler does the whole transition: it returns the new state with time, deadline and
#: log stamped, and its events
_HANDLERS: Final[dict[type, Handler]] = {
    Cheat: _tell,
    Fidget: _tell,
    Play: _play,
    Draw: _draw,
    Accuse: _accuse,
}

#: the other actions: the handler returns the new state and ``_finish`` stamps it
_RULES: Final[dict[type, Callable[[State, int, Any, int, Events], State]]] = {
    SpiderGive: _spider_give,
    SpiderSkip: _spider_skip,
    Slap: _slap,
    Throw: _throw,
    Give: _give,
}


# ------------------------------------------------------------------------------------------- timeouts


def wait_until(state: State, new: State, t: int) -> int:
    """``new.wait_until`` for the state ``new`` that a transition at ``t`` made from ``state``: the one rule
    for when the wait for a person (``turn_timeout_s``) ends.

    A phase that waits for a person (``WAIT_PHASES``: the turn's seat, the spider's player, the mosquito's
    givers) waits ``turn_timeout_ms`` from when the wait began: when the phase, the turn or the round
    changed. Nothing else moves it: cheats, fidgets, accusations and the old guard's gifts never extend it
    (the clock runs on while an accusation is settled, like every deadline: random play showed that
    cheaters and guards catching each other could otherwise hold a table for ever)."""
    if new.phase not in WAIT_PHASES:
        return NO_WAIT
    if (
        state.wait_until == NO_WAIT
        or new.phase != state.phase
        or new.turn != state.turn
        or new.round != state.round
    ):
        return wait_from(new.rules, t)
    return state.wait_until


def wait_from(rules: Rules, t: int) -> int:
    """The end of a wait for a person that begins at ``t`` (NO_WAIT without a limit)."""
    limit = rules.turn_timeout_ms
    return NO_WAIT if limit == 0 else t + limit


def _due_with_wait(state: State, wait: int) -> int:
    """``state.due`` if the wait ended at ``wait`` instead of ``state.wait_until`` (a phase in play; all else
    a deadline depends on as in ``state``)."""
    due = state.due
    if due == NO_DUE or due == state.wait_until:
        return _due_in_play(state.phase, state.race_until, state.cheat_card, state.cheat_until, wait)
    return due if due <= wait else wait


def next_due(state: State) -> int:
    """The earliest of: a running cheat or fidget ending, a race window closing, the wait for a person
    ending, the round pause ending."""
    phase = state.phase
    if phase == "over":
        return NO_DUE
    if phase == "round_over":
        return state.round_until
    return _due_in_play(phase, state.race_until, state.cheat_card, state.cheat_until, state.wait_until)


def _due_in_play(
    phase: str, race_until: int, cheat_card: tuple[int, ...], cheat_until: tuple[int, ...], wait: int
) -> int:
    """``next_due`` for a phase other than ``over`` and ``round_over``, from the fields it depends on
    (``wait``: ``wait_until``, NO_WAIT in a race)."""
    best = race_until if phase == "mosquito_race" or phase == "cockroach_race" else wait
    seat = 0
    for held in cheat_card:
        if held != NO_TELL:
            until = cheat_until[seat]
            if until < best:
                best = until
        seat += 1  # noqa: SIM113 - a counter is cheaper than enumerate here
    return NO_DUE if best == _NEVER else best


def due_at(state: State) -> int | None:
    """``deadline(state).t`` (kept in the state, see ``next_due``), or None."""
    due = state.due
    return None if due == NO_DUE else due


def deadline(state: State) -> Deadline | None:
    """When the driver must send ``Timeout``: the round pause ending (kind ``round_pause``), a race window
    closing (``race``, seat = the card's player), a cheat or fidget ending (``cheat``, seat = the cheater),
    or the wait for a person ending (``turn``, seat = the turn's seat; ``choose`` for the spider's player,
    that seat, and the mosquito's givers, the one giver still choosing or None for several)."""
    due = state.due
    if due == NO_DUE:
        return None
    phase = state.phase
    if phase == "round_over":
        return Deadline(due, "round_pause", state.start_seat)
    if phase in ("mosquito_race", "cockroach_race") and state.race_until == due:
        return Deadline(due, "race", state.actor)
    for seat, held in enumerate(state.cheat_card):
        if held != NO_TELL and state.cheat_until[seat] == due:
            return Deadline(due, "cheat", seat)
    if state.wait_until == due:
        if phase == "turn":
            return Deadline(due, "turn", state.turn)
        if phase == "spider":
            return Deadline(due, "choose", state.actor)
        waiting = [s for s in state.givers if state.gifts[s] == -1]
        return Deadline(due, "choose", waiting[0] if len(waiting) == 1 else None)
    return Deadline(due, "race", None)  # pragma: no cover - due is always one of the above


def _timeout(state: State, t: int) -> tuple[State, Events]:
    """Resolve everything due at ``t``, earliest first (cheats before races at the same time).

    The usual timeout, exactly one tell ending and nothing else due, is done in one ``replace`` that also
    stamps time, deadline and log."""
    ev: Events = []
    new = state
    while True:
        phase = new.phase
        if phase == "over":
            break
        if phase == "round_over":
            if new.round_until <= t:
                new = _deal(new, (new.start_seat + 1) % len(new.hands), ev)
            break
        due_seat = NOBODY
        due = t + 1
        count = 0  # tells due
        cheat_until = new.cheat_until
        seat = 0
        for held in new.cheat_card:
            if held != NO_TELL:
                until = cheat_until[seat]
                if until <= t:
                    count += 1
                    if until < due:
                        due_seat, due = seat, until
            seat += 1  # noqa: SIM113 - a counter is cheaper than enumerate here
        racing = phase == "mosquito_race" or phase == "cockroach_race"
        race_until = new.race_until
        if racing and race_until < due:
            if phase == "mosquito_race":
                slowest, new = _slowest_of(new, _not_slapped(new))
                ev.append(Event("race_over", None, {"kind": "mosquito"}))
                new = _start_gifts(new, slowest, t, ev)
            else:
                ev.append(Event("race_over", None, {"kind": "cockroach"}))
                new = _advance(new, new.actor, t, ev)
            continue
        if new.wait_until < due:  # the wait for a person is over (ends after the earlier tells)
            after = _time_up(new, t, ev)
            new = replace(after, wait_until=wait_until(new, after, t))
            continue
        if due_seat == NOBODY:
            break
        # the tell ends: a cheated card vanishes (unless it has become the last card in the hand)
        held = new.cheat_card[due_seat]
        tells = [*new.cheat_card]
        tells[due_seat] = NO_TELL
        cheat_card = tuple(tells)
        hands = new.hands
        vanished = new.vanished
        cheats = new.cheats
        hand = hands[due_seat]
        if held >= 0 and len(hand) >= 2:
            ev.append(_EV_TELL_END[due_seat][True])
            ev.append(_EV_VANISHED[due_seat][held])
            # the three per-seat tuples edited through lists (``_put`` written out)
            changed = [*hands]
            changed[due_seat] = _without(hand, held)
            hands = tuple(changed)
            changed_vanished = [*vanished]
            changed_vanished[due_seat] = vanished[due_seat] + (held,)
            vanished = tuple(changed_vanished)
            counts = [*cheats]
            counts[due_seat] += 1
            cheats = tuple(counts)
        else:
            ev.append(_EV_TELL_END[due_seat][False])
        if (
            count == 1
            and new is state
            and phase != "mosquito_give"
            and not (racing and race_until <= t)
            and state.wait_until > t
        ):
            # the usual timeout, nothing else due: one ``replace`` that also stamps deadline and log
            log, log_start = _logged_fields(state, ev)
            return replace(
                state,
                cheat_card=cheat_card,
                hands=hands,
                vanished=vanished,
                cheats=cheats,
                t=t,
                due=_due_in_play(phase, race_until, cheat_card, cheat_until, state.wait_until),
                log=log,
                log_start=log_start,
            ), ev
        new = replace(new, cheat_card=cheat_card, hands=hands, vanished=vanished, cheats=cheats)
    return _finish(state, new, t, ev)


def _time_up(state: State, t: int, ev: Events) -> State:
    """The wait for a person is over (``turn_timeout_s``): the turn's seat draws one card as ``Draw`` does,
    the spider's player gives nothing (``SpiderSkip``), and every giver still choosing gives the first card
    it may give (``Give``; hands are sorted, so the lowest card id)."""
    phase = state.phase
    if state.settle_from != NOBODY:
        # the old guard has not chosen the caught cheater's card in time: the first card it may give goes
        # (the accusation is settled first; the phase's own wait is over too and goes on below)
        guard = state.settle_from
        ev.append(Event("time_up", guard, {"phase": "settle"}))
        card = next(c for c in state.hands[guard] if not IS_MOTH[c] and c != state.cheat_card[guard])
        state = replace(state, hands=_guard_gift(state, card, ev), settle_from=NOBODY, settle_to=NOBODY)
    if phase == "turn":
        ev.append(Event("time_up", state.turn, {"phase": phase}))
        return _timed_out_draw(state, state.turn, t, ev)
    if phase == "spider":
        ev.append(Event("time_up", state.actor, {"phase": phase}))
        return _spider_skip(state, state.actor, SPIDER_SKIP, t, ev)
    for giver in [s for s in state.givers if state.gifts[s] == -1]:
        cards = giveable(state, giver)
        if cards:  # else a cheat that has just completed left nothing to give: ``_finish`` drops the giver
            ev.append(Event("time_up", giver, {"phase": phase}))
            state = _give(state, giver, GIVE[cards[0]], t, ev)
    return _recheck_gifts(state, t, ev) if state.phase == "mosquito_give" else state


def _logged_fields(state: State, ev: Events) -> tuple[tuple[Event, ...], int]:
    """The new ``log`` and ``log_start`` after appending ``ev``."""
    log = state.log
    drop = len(log) + len(ev) - LOG_SIZE
    if drop > 0:
        return log[drop:] + tuple(ev), state.log_start + drop
    return log + tuple(ev), state.log_start


# -------------------------------------------------------------------------------------------- apply


#: the phases in which seats act by the handlers (not "over", not "round_over")
_IN_PLAY: Final = frozenset({"turn", "spider", "mosquito_race", "mosquito_give", "cockroach_race"})


def apply(state: State, seat: int | None, action: Action, t: int) -> tuple[State, Events]:
    """The game's own transition (``Game.transition``): ``Game.apply`` has already refused a time running
    backwards, a Timeout that is not due and a seat's action at or after the deadline."""
    kind = type(action)
    phase = state.phase
    if kind is Timeout:
        if phase == "over":
            raise _illegal("The game is over.", "game_over")
        return _timeout(state, t)
    if seat is not None and phase in _IN_PLAY and 0 <= seat < len(state.hands):
        if state.settle_from == NOBODY:
            handler = _HANDLERS.get(kind)
            if handler is not None:
                return handler(state, seat, action, t)
        if kind is NextRound:
            raise _illegal("The next round starts once a round is over.", "not_round_over")
        if state.settle_from != NOBODY:
            return _settle_give(state, seat, action, t)
        rule = _RULES.get(kind)
        if rule is None:
            raise MalformedActionError(f"not a Mogel-Motte action: {action!r}")
        ev: Events = []
        return _finish(state, rule(state, seat, action, t, ev), t, ev)
    if phase == "over":
        raise _illegal("The game is over.", "game_over")
    if seat is None or not 0 <= seat < len(state.hands):
        raise NotYourTurnError(f"There is no seat {seat} at this table.")
    if phase == "round_over":
        if kind is not NextRound:
            raise _wrong_phase(state)
        if seat != state.start_seat:
            raise NotYourTurnError(
                f"Seat {state.start_seat} (who started the round) starts the next round.",
                code="not_start_player",
            )
        ev = []
        return _finish(state, _deal(state, (state.start_seat + 1) % len(state.hands), ev), t, ev)
    raise _illegal("The next round starts once a round is over.", "not_round_over")  # pragma: no cover


def _finish(state: State, new: State, t: int, ev: Events) -> tuple[State, Events]:
    """Stamp the state ``new`` (made from ``state`` by a handler that appended ``ev``): givers left with
    nothing to give drop out of a mosquito's gifts, then the wait for a person, time, deadline and log."""
    if new.phase == "mosquito_give" and new.settle_from == NOBODY:
        new = _recheck_gifts(new, t, ev)
    wait = wait_until(state, new, t)
    if wait != new.wait_until:
        new = replace(new, wait_until=wait)
    if (
        new.cheat_card is state.cheat_card
        and new.phase == state.phase
        and new.race_until == state.race_until
        and new.round_until == state.round_until
        and wait == state.wait_until
    ):
        due = state.due  # nothing a deadline depends on has changed
    else:
        due = next_due(new)
    log = new.log + tuple(ev)
    drop = len(log) - LOG_SIZE
    if drop > 0:
        return replace(new, t=t, due=due, log=log[drop:], log_start=new.log_start + drop), ev
    return replace(new, t=t, due=due, log=log), ev


def _then(first: tuple[State, Events], new: State, t: int, more: Events) -> tuple[State, Events]:
    """A transition done in two parts: ``first`` (stamped, with its events), then ``new`` made from it
    with the further events ``more``, stamped by ``_finish``."""
    state, ev = first
    new, more = _finish(state, new, t, more)
    ev.extend(more)
    return new, ev


# ------------------------------------------------------------------------------------ who may act


def active_seats(state: State) -> frozenset[int]:
    info = playout_step_info(state)
    return _NO_SEATS if info is None else _SEAT_SET_OF[info[1]]


def playout_step_info(state: State) -> tuple[int | None, tuple[int, ...]] | None:
    """``Game.playout_step_info`` in one call: None once over, else (deadline, sorted active seats).

    The one implementation of who may act now (``active_seats`` is built on it): the seat whose turn it
    is, the spider's player, the slappers still to slap, the givers still to choose, everyone in a
    cockroach race, the old guard settling; plus every seat that may start a cheat or fidget, and the
    guard while a tell shows.

    Asked before every step, so the usual case (a turn, no accusation being settled) comes first and
    loops over the seats without ``enumerate``."""
    phase = state.phase
    settle_from = state.settle_from
    if phase == "turn" and settle_from == NOBODY:
        mask = 1 << state.turn
        cheat_phase = True  # "turn" is one of CHEAT_PHASES
    elif phase == "over":
        return None
    elif phase == "round_over":
        due = state.due
        return (None if due == NO_DUE else due), ()
    elif settle_from != NOBODY:
        due = state.due
        return (None if due == NO_DUE else due), _SEAT_TUPLES[1 << settle_from]
    elif phase == "spider":
        mask = 1 << state.actor
        cheat_phase = False  # "spider" is not one of CHEAT_PHASES
    elif phase == "cockroach_race":
        mask = (1 << len(state.hands)) - 1
        cheat_phase = True
    else:
        mask = 0
        racing = phase == "mosquito_race"
        waiting = _not_slapped(state) if racing else state.givers
        gifts = state.gifts
        for s in waiting:
            if racing or gifts[s] == -1:
                mask |= 1 << s
        cheat_phase = racing
    guard = state.guard
    cheat_card = state.cheat_card
    tell = False
    if cheat_phase:
        hands = state.hands
        seat = 0
        for held in cheat_card:
            if held != NO_TELL:
                tell = True
            elif seat != guard and len(hands[seat]) >= 2:
                mask |= 1 << seat
            seat += 1  # noqa: SIM113 - a counter is cheaper than enumerate here
    else:
        tell = cheat_card.count(NO_TELL) != len(cheat_card)
    if tell:
        mask |= 1 << guard
    due = state.due
    return (None if due == NO_DUE else due), _SEAT_TUPLES[mask]


def legal_actions(state: State, seat: int) -> list[Action]:
    """The seat's actions for the phase (plays and the draw on its turn, a spider's gift, a slap, a
    mosquito gift, a throw; the old guard's gift while an accusation is settled), then, in every phase, the
    guard's accusations of the seats showing a tell, or the seat's cheats and fidget where it may start one.

    Asked on nearly every step: plain loops (no ``map``, ``enumerate`` or comprehension frames), and the
    usual case (a turn, nothing being settled) first."""
    phase = state.phase
    cheat_card = state.cheat_card
    out: list[Action] = []
    if phase == "turn" and state.settle_from == NOBODY:
        cheat_phase = True  # "turn" is one of CHEAT_PHASES
        hand = state.hands[seat]
        held = cheat_card[seat]
        if seat == state.turn:
            playable = _PLAYABLE[VALUE[state.discard[-1]]][seat == state.guard]
            if held < 0:
                for c in hand:
                    if playable[c]:
                        out.append(PLAY[c])
            else:
                for c in hand:
                    if playable[c] and c != held:
                        out.append(PLAY[c])
            out.append(DRAW)
    elif phase == "over" or phase == "round_over":
        return out
    else:
        hand = state.hands[seat]
        if state.settle_from != NOBODY:
            if seat == state.settle_from and len(hand) >= 2:
                for c in hand:  # the old guard's gift
                    if not IS_MOTH[c]:
                        out.append(GIVE[c])
            return out
        held = cheat_card[seat]
        cheat_phase = phase in CHEAT_PHASES
        if phase == "spider":
            if seat == state.actor:
                others = [s for s in range(len(state.hands)) if s != seat]
                out = [SPIDER_GIVE[c][s] for c in giveable(state, seat) for s in others]
                out.append(SPIDER_SKIP)
        elif phase == "mosquito_race":
            if seat != state.actor and seat not in state.slapped:
                out.append(SLAP)
        elif phase == "mosquito_give":
            if seat in state.givers and state.gifts[seat] == -1:
                out = [GIVE[c] for c in giveable(state, seat)]
        else:
            throwable = _THROWABLE[VALUE[state.discard[-1]]]
            out = [THROW[c] for c in hand if throwable[c] and c != held]
    if seat == state.guard:
        other = 0
        for other_held in cheat_card:
            if other_held != NO_TELL:
                out.append(ACCUSE[other])
            other += 1  # noqa: SIM113 - a counter is cheaper than enumerate here
    elif held == NO_TELL and cheat_phase and len(hand) >= 2:
        for c in hand:
            out.append(CHEAT[c])
        out.append(FIDGET)
    return out


# ------------------------------------------------------------------------------------ no-leak support


def rerandomize_hidden(state: State, seat: int | None, seed: int) -> State:
    """Re-deal every card ``seat`` cannot see (others' hands and vanished cards, the draw pile)."""
    n = len(state.hands)
    others = [s for s in range(n) if s != seat]
    pool = list(state.draw)
    for s in others:
        pool.extend(state.hands[s])
        pool.extend(state.vanished[s])
    r = rng.seed_state(seed ^ 0x6D6F7468)
    shuffled, r = rng.shuffled(r, pool)
    hands = list(state.hands)
    vanished = list(state.vanished)
    cheat_card = list(state.cheat_card)
    gifts = list(state.gifts)
    pos = 0
    for s in others:
        old = state.hands[s]
        new = tuple(sorted(shuffled[pos : pos + len(old)]))
        pos += len(old)
        # a running cheat or a committed gift keeps its position in the (sorted) hand
        if cheat_card[s] >= 0:
            cheat_card[s] = new[old.index(cheat_card[s])]
        if gifts and gifts[s] >= 0 and gifts[s] in old:
            gifts[s] = new[old.index(gifts[s])]
        hands[s] = new
        count = len(state.vanished[s])
        vanished[s] = tuple(shuffled[pos : pos + count])
        pos += count
    draw = tuple(shuffled[pos:])
    return replace(
        state,
        hands=tuple(hands),
        vanished=tuple(vanished),
        cheat_card=tuple(cheat_card),
        gifts=tuple(gifts),
        draw=draw,
        rng=r,
    )


# --------------------------------------------------------------------------------------- the game


class MogelMotte(Game[State]):
    """The Mogel-Motte rules (the package docstring, ``tischrunde.games.mogelmotte``, states them)."""

    spec = SPEC
    content = CONTENT
    action_type = MogelMotteAction
    view_type = view.MogelMotteView

    def new(self, config: Config) -> State:
        return new_state(config, self.resolve_options(config))

    time_field = "t"
    transition_stamps_time = True  # every path of ``apply`` sets ``t``
    active_seats = staticmethod(active_seats)
    legal_actions = staticmethod(legal_actions)
    transition = staticmethod(apply)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def views(self, state: State, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        return view.views(state, seats)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = totals(state)
        best = min(scores)
        ranks = [1 + sum(1 for other in scores if other < own) for own in scores]
        return Outcome(
            scores=[float(s) for s in scores],
            ranks=ranks,
            winners=[s for s, score in enumerate(scores) if score == best],
            details={
                "penalty_points": scores,
                "caught": list(state.caught),
                "cheats": list(state.cheats),
                "wrong_accusations": list(state.wrong_accusations),
                "rounds": len(state.round_points),
            },
        )

    deadline = staticmethod(deadline)
    due_at = staticmethod(due_at)
    playout_step_info = staticmethod(playout_step_info)
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
