"""Mogel-Motte's rules as pure functions over the frozen :class:`State` (the rules text: the package
docstring, ``tischrunde.games.mogelmotte``).

- ``new_state(config, options)``: a fresh game, its first round dealt.
- ``refusal(state, seat, action)``: why the action is not allowed now (a ``GameError``), or None: every
  condition of every rule, stated once; ``apply`` raises it and the view's reasons come from it.
- ``apply(state, seat, action, t)``: the transition of an allowed action: the action's rule (a small
  function per action, appending its events), then ``commit``, the one step every action ends with (the
  mosquito's stuck givers, the time and the wait for a person, in one ``replace``). A round that has been
  scored ends through the core's ``end_round`` (the game, the pause or the next deal).
- ``next_round``, ``active``, ``due``, ``deadline``, ``legal_actions``, ``outcome_of``,
  ``rerandomize_hidden``: the rest of what the ``Game`` adapter wires.
"""

from __future__ import annotations

from typing import Any, Final

from msgspec.structs import replace

from tischrunde.core import rng
from tischrunde.core.errors import (
    ConfigError,
    GameError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
)
from tischrunde.core.game import Action, Config, Deadline, Event, NextRound, Outcome, Timeout, end_round
from tischrunde.games.mogelmotte.content import (
    ALL_CARDS,
    CLASS,
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
    ACCUSE,
    CHEAT,
    DRAW,
    FIDGET,
    FIDGET_TELL,
    GIVE,
    MAX_SEATS,
    NO_TELL,
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
    Play,
    Rules,
    Slap,
    SpiderGive,
    SpiderSkip,
    State,
    Throw,
)

Events = list[Event]

#: phases that wait for a person to act (the turn's seat, the spider's player, the mosquito's givers):
#: ``turn_timeout_s`` limits each such wait
WAIT_PHASES: Final = frozenset({"turn", "spider", "mosquito_give"})

#: phases in which a seat may start a cheat or a fidget (not while a give choice is pending)
CHEAT_PHASES: Final = frozenset({"turn", "mosquito_race", "cockroach_race"})

#: later than any deadline (the largest int that mypyc keeps unboxed)
_NEVER: Final = (1 << 62) - 1

#: every subset of seats as a frozenset, indexed by its bit mask (active seats build no sets)
_SEAT_SETS: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(s for s in range(MAX_SEATS) if mask >> s & 1) for mask in range(1 << MAX_SEATS)
)
#: the same subsets as sorted tuples (the order random playouts draw from)
_SEAT_TUPLES: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(sorted(seats)) for seats in _SEAT_SETS)

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

# Events that come out the same every time are built once here and shared between transitions (their data
# dicts must never be mutated). Indexed by seat, then by the other seat or the card.
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


# ------------------------------------------------------------------------------------ tuple edits
# Through a list (``[*items]``, then ``tuple``): in CPython cheaper than slicing and concatenating.


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
        last_t=0,
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
    return _deal(state, config.first_seat or 0, 0, [])


def _deal(state: State, start_seat: int, t: int, ev: Events) -> State:
    """Deal a round at ``t``: ``start_seat`` gets the guard bug and starts; its turn's wait begins."""
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
        last_t=t,
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
        actor=None,
        race_until=0,
        slapped=(),
        slowest=None,
        givers=(),
        gifts=(),
        settle_from=None,
        settle_to=None,
        finisher=None,
        round_until=0,
        passes=0,
        wait_until=wait_from(state.rules, t),
    )


def next_round(state: State, t: int) -> tuple[State, Events]:
    """The next round (after the pause, or at once): its start player is the left neighbour of the last."""
    ev: Events = []
    return _deal(state, (state.start_seat + 1) % len(state.hands), t, ev), ev


# ------------------------------------------------------------------------------------ small queries


def can_cheat(state: State, seat: int) -> bool:
    """Whether ``seat`` may start a cheat or a fidget now."""
    return refusal(state, seat, FIDGET) is None


def giveable(state: State, seat: int) -> list[int]:
    """Cards ``seat`` may give (spider, mosquito): no moth, not the card being cheated, never the last card."""
    hand = state.hands[seat]
    if len(hand) < 2 and not (state.rules.give_last_card and hand):
        return []
    held = state.cheat_card[seat]
    return [c for c in hand if not IS_MOTH[c] and c != held]


def guard_giveable(state: State, seat: int) -> list[int]:
    """Cards the old guard ``seat`` may give a caught cheater: no moth, never the last card."""
    hand = state.hands[seat]
    return [c for c in hand if not IS_MOTH[c]] if len(hand) >= 2 else []


def totals(state: State) -> list[int]:
    """Penalty points per seat over the rounds played so far."""
    n = len(state.hands)
    return [sum(points[s] for points in state.round_points) for s in range(n)]


def is_last_round(state: State) -> bool:
    """Whether the round just scored was the game's last."""
    return len(state.round_points) >= state.rules.rounds


def waiting_givers(state: State) -> list[int]:
    """The mosquito's givers still choosing."""
    gifts = state.gifts
    return [s for s in state.givers if gifts[s] is None]


def _not_slapped(state: State) -> list[int]:
    actor = state.actor
    slapped = state.slapped
    return [s for s in range(len(state.hands)) if s != actor and s not in slapped]


def _seat(seat: int | None) -> int:
    """A seat field that the phase guarantees is set (actor, slowest, settle_from, ...)."""
    assert seat is not None
    return seat


# ------------------------------------------------------------------------------------------ refusals

#: the rulebook section behind each error code (``GameError.rule``)
_RULE_OF: Final[dict[str, str]] = {
    "needs_neighbour_value": "turn",
    "not_in_hand": "turn",
    "wrong_phase": "turn",
    "not_your_turn": "turn",
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
    "round_over": "scoring",
    "game_over": "scoring",
}


def _illegal(message: str, code: str) -> IllegalActionError:
    return IllegalActionError(message, code=code, rule=_RULE_OF.get(code, "mogelmotte"))


def _not_yours(message: str) -> NotYourTurnError:
    return NotYourTurnError(message, code="not_your_turn", rule=_RULE_OF["not_your_turn"])


def _closed(state: State) -> GameError | None:
    """Nothing but the old guard's gift happens now: the game or the round is over, or an accusation is
    being settled."""
    phase = state.phase
    if phase == "over":
        return _illegal("The game is over.", "game_over")
    if phase == "round_over":
        return _illegal("Wait: the round is over and the next one is being dealt.", "round_over")
    if state.settle_from is not None:
        return _illegal(
            f"Wait: the guard (seat {state.settle_from}) chooses a card for the caught cheater; "
            "nothing else happens while an accusation is settled.",
            "settling",
        )
    return None


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
    return _illegal(
        "Wait: the cockroach race is on; only a matching number card may be thrown.", "wrong_phase"
    )


def _not_own(state: State, seat: int, card: int) -> GameError | None:
    """The card is not ``seat``'s to use: not in the hand, or being cheated away."""
    if card not in state.hands[seat]:
        return _illegal(f"Card {card} is not in your hand.", "not_in_hand")
    if state.cheat_card[seat] == card:
        return _illegal("That card is off the table: you are cheating it away.", "being_cheated")
    return None


def _no_gift(state: State, seat: int, card: int) -> GameError | None:
    """The spider's and the mosquito's gift: the seat's own card, no moth, never the last card."""
    error = _not_own(state, seat, card)
    if error is not None:
        return error
    if IS_MOTH[card]:
        return _illegal("Moths can never be given away.", "moth_not_giveable")
    if card not in giveable(state, seat):
        return _illegal("You may not give away your last card.", "last_card")
    return None


# Each action's own conditions, for a seat at the table (``refusal`` asks them): all but a play and a gift
# are asked once the table is open (``_closed`` is None).


def _refuse_play(state: State, seat: int, action: Play) -> GameError | None:
    """A play: the seat's own card (not being cheated; a moth only by the guard), on its turn, of a value
    next to the discard pile's top. In this order, which is also the order of the reasons a hand shows."""
    card = action.card
    error = _not_own(state, seat, card)
    if error is not None:
        return error
    if IS_MOTH[card] and seat != state.guard:
        return _illegal(
            "Only the guard may play a moth; everyone else must cheat moths away.", "moth_only_guard"
        )
    error = _closed(state)
    if error is not None:
        return error
    if state.phase != "turn":
        return _wrong_phase(state)
    if seat != state.turn:
        return _not_yours(f"It is seat {state.turn}'s turn: you may only play on your own turn.")
    top = VALUE[state.discard[-1]]
    if not FITS[top][card]:
        low, high = sorted(neighbours(top))
        return _illegal(f"You can only play a {low} or a {high} on a {top}.", "needs_neighbour_value")
    return None


def _refuse_draw(state: State, seat: int, action: Draw) -> GameError | None:
    if state.phase != "turn":
        return _wrong_phase(state)
    if seat != state.turn:
        return _not_yours(f"It is seat {state.turn}'s turn: you may only draw on your own turn.")
    return None


def _refuse_spider_give(state: State, seat: int, action: SpiderGive) -> GameError | None:
    error = _refuse_spider_skip(state, seat, SPIDER_SKIP)
    if error is not None:
        return error
    to = action.to_seat
    if not 0 <= to < len(state.hands) or to == seat:
        return _illegal("The spider gives a card to another seat at the table.", "bad_seat")
    return _no_gift(state, seat, action.card)


def _refuse_spider_skip(state: State, seat: int, action: SpiderSkip) -> GameError | None:
    if state.phase != "spider":
        return _wrong_phase(state)
    if seat != state.actor:
        return _not_yours("Only the spider's player may give a card now.")
    return None


def _refuse_slap(state: State, seat: int, action: Slap) -> GameError | None:
    if state.phase != "mosquito_race":
        return _wrong_phase(state)
    if seat == state.actor:
        return _illegal("The mosquito's player does not slap it.", "own_mosquito")
    if seat in state.slapped:
        return _illegal("You have already slapped this mosquito.", "already_slapped")
    return None


def _refuse_throw(state: State, seat: int, action: Throw) -> GameError | None:
    if state.phase != "cockroach_race":
        return _wrong_phase(state)
    card = action.card
    error = _not_own(state, seat, card)
    if error is not None:
        return error
    value = VALUE[state.discard[-1]]
    if not _THROWABLE[value][card]:
        return _illegal(
            f"Only a number card {value} may be thrown onto this cockroach.", "needs_cockroach_value"
        )
    return None


def _refuse_give(state: State, seat: int, action: Give) -> GameError | None:
    """The old guard's gift to a caught cheater (while an accusation is settled), else a mosquito gift."""
    card = action.card
    if state.settle_from is not None:
        if seat != state.settle_from:
            return _closed(state)
        error = _not_own(state, seat, card)
        if error is not None:
            return error
        if IS_MOTH[card]:
            return _illegal("Moths can never be given away.", "moth_not_giveable")
        if len(state.hands[seat]) < 2:
            return _illegal("You may not give away your last card.", "last_card")
        return None
    error = _closed(state)
    if error is not None:
        return error
    if state.phase != "mosquito_give":
        return _wrong_phase(state)
    if seat not in state.givers:
        return _not_yours(f"You do not give a card now: seat {state.slowest} receives from the others.")
    if state.gifts[seat] is not None:
        return _illegal("You have already chosen the card you give.", "already_chosen")
    return _no_gift(state, seat, card)


def _refuse_tell(state: State, seat: int, action: Cheat | Fidget) -> GameError | None:
    """A cheat or a fidget: never the guard, not while a card is being given, one at a time, never with
    the last card in hand (and a cheat's card from the hand)."""
    if seat == state.guard:
        return _illegal("The guard may not cheat.", "guard_cannot_cheat")
    if state.phase not in CHEAT_PHASES:
        return _illegal("Nobody may cheat while a card is being given.", "no_cheating_now")
    if state.cheat_card[seat] != NO_TELL:
        return _illegal("One card at a time: you are already cheating or fidgeting.", "one_at_a_time")
    hand = state.hands[seat]
    if len(hand) < 2:
        return _illegal("You may not cheat away your last card.", "last_card")
    if type(action) is Cheat and action.card not in hand:
        return _illegal(f"Card {action.card} is not in your hand.", "not_in_hand")
    return None


def _refuse_accuse(state: State, seat: int, action: Accuse) -> GameError | None:
    if seat != state.guard:
        return _not_yours("Only the guard may accuse.")
    target = action.seat
    if not 0 <= target < len(state.hands) or target == seat:
        return _illegal("The guard accuses another seat at the table.", "bad_seat")
    return None


def _refuse_next_round(state: State, seat: int, action: NextRound) -> GameError | None:
    # the core runs the round pause (``Game.apply``): outside it, a NextRound never reaches the rules
    return _illegal("The next round starts once a round is over.", "not_round_over")


def refusal(state: State, seat: int | None, action: Action) -> GameError | None:
    """Why ``seat`` may not take ``action`` now (the error ``apply`` raises), or None if it may.

    The core's ``Game.apply`` has already refused a time running backwards, a Timeout that is not due and
    a seat's action at or after the deadline, and it runs the round pause (phase ``round_over``)."""
    kind = type(action)
    if kind is Timeout:
        return _illegal("The game is over.", "game_over") if state.phase == "over" else None
    check = _REFUSALS.get(kind)
    if check is None:
        return MalformedActionError(f"not a Mogel-Motte action: {action!r}")
    if seat is None or not 0 <= seat < len(state.hands):
        if state.phase == "over":
            return _illegal("The game is over.", "game_over")
        return NotYourTurnError(f"There is no seat {seat} at this table.", code="not_your_turn", rule="seats")
    phase = state.phase
    if (
        state.settle_from is not None or phase == "over" or phase == "round_over"
    ) and kind not in _OPEN_FIRST:
        return _closed(state)
    error: GameError | None = check(state, seat, action)
    return error


#: the actions whose own conditions come before a closed table (``_closed``): a play (the reasons a hand
#: shows: the card, then the moment) and a gift (the old guard's, while an accusation is settled)
_OPEN_FIRST: Final = frozenset({Play, Give})


_REFUSALS: Final[dict[type, Any]] = {
    Play: _refuse_play,
    Draw: _refuse_draw,
    SpiderGive: _refuse_spider_give,
    SpiderSkip: _refuse_spider_skip,
    Slap: _refuse_slap,
    Throw: _refuse_throw,
    Give: _refuse_give,
    Cheat: _refuse_tell,
    Fidget: _refuse_tell,
    Accuse: _refuse_accuse,
    NextRound: _refuse_next_round,
}


# ----------------------------------------------------------------------------------------- apply


def apply(state: State, seat: int | None, action: Action, t: int) -> tuple[State, Events]:
    """The transition of one action (``Game.transition``): refused (``refusal``) or the action's rule, then
    ``commit``."""
    error = refusal(state, seat, action)
    if error is not None:
        raise error
    ev: Events = []
    return commit(state, _RULES[type(action)](state, seat, action, t, ev), t, ev), ev


def commit(state: State, new: State, t: int, ev: Events) -> State:
    """The one step every action ends with, for the state ``new`` its rule made from ``state``: givers left
    with nothing to give drop out of the mosquito's gifts, then the action's time and the wait for a person,
    in one ``replace``.

    The wait: a phase that waits for a person (``WAIT_PHASES``: the turn's seat, the spider's player, the
    mosquito's givers) waits ``turn_timeout_ms`` from when the wait began: when the phase, the turn or the
    round changed. Nothing else moves it: cheats, fidgets, accusations and the old guard's gifts never
    extend it (the clock runs on while an accusation is settled, like every deadline: random play showed
    that cheaters and guards catching each other could otherwise hold a table for ever)."""
    phase = new.phase
    if phase == "mosquito_give" and new.settle_from is None:
        new = _recheck_gifts(new, t, ev)
        phase = new.phase
    if phase not in WAIT_PHASES:
        wait = None
    elif (
        phase != state.phase or new.turn != state.turn or new.round != state.round or state.wait_until is None
    ):
        wait = wait_from(new.rules, t)
    else:
        wait = state.wait_until
    return replace(new, last_t=t, wait_until=wait)


def wait_from(rules: Rules, t: int) -> int | None:
    """The end of a wait for a person that begins at ``t`` (None without a limit)."""
    limit = rules.turn_timeout_ms
    return None if limit == 0 else t + limit


# ------------------------------------------------------------------------------------------ the rules


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
    return _put(state.hands, seat, _with(state.hands[seat], card)), draw[:-1], discard, r


def _draw_for(state: State, seat: int, reason: str, ev: Events) -> State:
    """``seat`` draws the top card (see ``_take_card``), if there is one."""
    taken = _take_card(state, seat, reason, ev)
    if taken is None:
        return state
    hands, draw, discard, r = taken
    return replace(state, hands=hands, draw=draw, discard=discard, rng=r)


def _advance(state: State, after: int, t: int, ev: Events, **changes: Any) -> State:
    """The action is over (with the state's last ``changes``, in the same ``replace``): the next turn is
    the left neighbour of ``after``, or the round ends (a last card that was still acting)."""
    if state.finisher is not None:
        return _end_round(replace(state, **changes), state.finisher, t, ev)
    turn = (after + 1) % len(state.hands)
    if state.phase == "turn":
        return replace(state, turn=turn, **changes)
    return replace(
        state, phase="turn", turn=turn, actor=None, slapped=(), slowest=None, givers=(), gifts=(), **changes
    )


def _end_round(state: State, finisher: int | None, t: int, ev: Events) -> State:
    """Score the round (``finisher`` emptied their hand; None: the round is blocked), then the core's round
    end (``core.game.end_round``): the last round ends the game, any other pauses (phase ``round_over``)
    or the next round is dealt at once."""
    n = len(state.hands)
    points = tuple(sum(PENALTY[c] for c in hand) for hand in state.hands)
    round_points = (*state.round_points, points)
    ev.append(
        Event(
            "round_end", finisher, {"round": len(round_points), "finisher": finisher, "points": list(points)}
        )
    )
    state = replace(
        state,
        round_points=round_points,
        round=len(round_points),
        cheat_card=(NO_TELL,) * n,
        actor=None,
        slapped=(),
        slowest=None,
        givers=(),
        gifts=(),
        settle_from=None,
        settle_to=None,
        finisher=None,
    )
    last = is_last_round(state)
    if last:
        scores = totals(state)
        best = min(scores)
        ev.append(
            Event(
                "game_over", None, {"totals": scores, "winners": [s for s in range(n) if scores[s] == best]}
            )
        )
    state, dealt = end_round(state, t, last=last, pause_ms=state.rules.round_pause_ms, next_round=next_round)
    ev += dealt
    return state


def _play(state: State, seat: int, action: Play, t: int, ev: Events) -> State:
    """The card goes from the hand onto the discard pile; a number card or moth passes the turn on, an
    action card does what it does (``_card_effect``), as does the last card of a hand."""
    card = action.card
    rest = _without(state.hands[seat], card)
    hands = _put(state.hands, seat, rest)
    discard = (*state.discard, card)
    ev.append(_EV_PLAY[seat][card])
    if rest and CLASS[card] != "action":
        return _advance(state, seat, t, ev, hands=hands, discard=discard, passes=0)
    return _card_effect(replace(state, hands=hands, discard=discard, passes=0), seat, card, t, ev)


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


def _draw(state: State, seat: int, action: Draw, t: int, ev: Events) -> State:
    """The top card goes into the hand and the turn passes on (see ``_drawn``)."""
    return _drawn(state, seat, _take_card(state, seat, "turn", ev), False, t, ev)


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
        playable = _PLAYABLE[VALUE[state.discard[-1]]][seat == state.guard]
        held = state.cheat_card[seat]
        could_play = not timed_out and any(playable[c] and c != held for c in state.hands[seat])
        passes = 0 if could_play else state.passes + 1
        if passes >= len(state.hands):
            return _end_round(state, None, t, ev)
        return _advance(state, seat, t, ev, passes=passes)
    hands, draw, discard, r = taken
    return _advance(state, seat, t, ev, passes=0, hands=hands, draw=draw, discard=discard, rng=r)


def _spider_give(state: State, seat: int, action: SpiderGive, t: int, ev: Events) -> State:
    card, to = action.card, action.to_seat
    hand = _without(state.hands[seat], card)
    hands = _put(_put(state.hands, seat, hand), to, _with(state.hands[to], card))
    ev.append(Event("spider_give", seat, {"to": to}))
    ev.append(_EV_GIFT[seat][to][card])
    if not hand:
        return _end_round(replace(state, hands=hands), seat, t, ev)
    return _advance(state, seat, t, ev, hands=hands)


def _spider_skip(state: State, seat: int, action: SpiderSkip, t: int, ev: Events) -> State:
    ev.append(Event("spider_skip", seat))
    return _advance(state, seat, t, ev)


def _slowest_of(state: State, left: list[int]) -> tuple[int, State]:
    if len(left) == 1 or state.rules.slowest_rule == "clockwise_last":
        n = len(state.hands)
        actor = _seat(state.actor)
        return max(left, key=lambda s: (s - actor) % n), state
    seat, r = rng.choice(state.rng, left)
    return seat, replace(state, rng=r)


def _start_gifts(state: State, slowest: int, t: int, ev: Events) -> State:
    ev.append(Event("slowest", slowest))
    givers = tuple(s for s in range(len(state.hands)) if s != slowest and giveable(state, s))
    if not givers:
        return _advance(state, _seat(state.actor), t, ev)
    return replace(
        state, phase="mosquito_give", slowest=slowest, givers=givers, gifts=(None,) * len(state.hands)
    )


def _slap(state: State, seat: int, action: Slap, t: int, ev: Events) -> State:
    ev.append(Event("slap", seat))
    state = replace(state, slapped=(*state.slapped, seat))
    left = _not_slapped(state)
    if len(left) == 1:
        return _start_gifts(state, left[0], t, ev)
    return state


def _resolve_gifts(state: State, t: int, ev: Events) -> State:
    hands = list(state.hands)
    to = _seat(state.slowest)
    last_ok = state.rules.give_last_card
    for giver in state.givers:
        card = state.gifts[giver]
        hand = hands[giver]
        # a cheat that completed meanwhile may have made the choice the giver's last card
        if (
            card is not None
            and card in hand
            and card != state.cheat_card[giver]
            and (len(hand) >= 2 or last_ok)
        ):
            hands[giver] = _without(hand, card)
            hands[to] = _with(hands[to], card)
            ev.append(Event("mosquito_give", giver, {"to": to}))
            ev.append(_EV_GIFT[giver][to][card])
    givers = state.givers
    state = replace(state, hands=tuple(hands), givers=(), gifts=())
    for giver in givers:
        if not hands[giver]:
            return _end_round(state, giver, t, ev)
    return _advance(state, _seat(state.actor), t, ev)


def _recheck_gifts(state: State, t: int, ev: Events) -> State:
    """Drop givers who have nothing left to give (a cheat completed meanwhile); resolve when all chose."""
    waiting = waiting_givers(state)
    stuck = [s for s in waiting if not giveable(state, s)]
    if waiting and not stuck:
        return state
    state = replace(state, givers=tuple(s for s in state.givers if s not in stuck))
    return _resolve_gifts(state, t, ev)


def _give(state: State, seat: int, action: Give, t: int, ev: Events) -> State:
    """The old guard's gift to the caught cheater, or a mosquito gift chosen (they move together once all
    givers have chosen)."""
    if state.settle_from is not None:
        return _guard_gives(state, action.card, ev)
    gifts = _put(state.gifts, seat, action.card)
    ev.append(Event("gift_chosen", seat))
    state = replace(state, gifts=gifts)
    if all(gifts[s] is not None for s in state.givers):
        return _resolve_gifts(state, t, ev)
    return state


def _guard_gives(state: State, card: int, ev: Events) -> State:
    """The old guard (``settle_from``) gives ``card`` to the caught cheater (``settle_to``): settled."""
    seat, to = _seat(state.settle_from), _seat(state.settle_to)
    hands = _put(state.hands, seat, _without(state.hands[seat], card))
    ev.append(_EV_GUARD_GIVE[seat][to])
    ev.append(_EV_GIFT[seat][to][card])
    return replace(state, hands=_put(hands, to, _with(hands[to], card)), settle_from=None, settle_to=None)


def _throw(state: State, seat: int, action: Throw, t: int, ev: Events) -> State:
    card = action.card
    hand = _without(state.hands[seat], card)
    ev.append(Event("throw", seat, {"card": card}))
    hands = _put(state.hands, seat, hand)
    discard = (*state.discard, card)
    if not hand:
        return _end_round(replace(state, hands=hands, discard=discard), seat, t, ev)
    after = _seat(state.actor) if state.rules.cockroach_continue == "after_player" else seat
    return _advance(state, after, t, ev, hands=hands, discard=discard)


def _tell(state: State, seat: int, action: Cheat | Fidget, t: int, ev: Events) -> State:
    """A cheat (of ``action.card``) or a fidget starts: the tell shows until ``t + cheat_ms``."""
    if type(action) is Cheat:
        card = action.card
        started = _EV_CHEAT_STARTED[seat][card]
    else:
        card = FIDGET_TELL
        started = _EV_FIDGET_STARTED[seat]
    until = t + state.rules.cheat_ms
    ev.append(Event("tell", seat, {"until": until}))
    ev.append(started)
    return replace(
        state, cheat_card=_put(state.cheat_card, seat, card), cheat_until=_put(state.cheat_until, seat, until)
    )


def _accuse(state: State, seat: int, action: Accuse, t: int, ev: Events) -> State:
    """The guard's "Caught!": a running cheat is caught (the cheater becomes the guard and gets a card from
    the old guard, chosen by the old guard when ``guard_chooses_card``, else at random); otherwise the
    guard draws a card. The tell ends either way."""
    guard, target = seat, action.seat
    held = state.cheat_card[target]
    cheat_card = _put(state.cheat_card, target, NO_TELL)
    if held < 0:
        ev.append(_EV_WRONG[target][guard][held == FIDGET_TELL])
        state = _draw_for(state, guard, "wrong_accusation", ev)
        wrong = _put(state.wrong_accusations, guard, state.wrong_accusations[guard] + 1)
        return replace(state, cheat_card=cheat_card, wrong_accusations=wrong)
    ev.append(_EV_CAUGHT[target][guard][held])
    cards = guard_giveable(state, guard)
    state = replace(
        state,
        cheat_card=cheat_card,
        guard=target,
        caught=_put(state.caught, target, state.caught[target] + 1),
        settle_from=guard if cards else None,
        settle_to=target if cards else None,
    )
    if cards and not state.rules.guard_chooses_card:
        # the old guard's gift is settled at once, with a card drawn at random
        card, r = rng.choice(state.rng, cards)
        return _guard_gives(replace(state, rng=r), card, ev)
    return state


def _timeout(state: State, seat: int | None, action: Timeout, t: int, ev: Events) -> State:
    """Resolve everything due at ``t``, earliest first (cheats before races at the same time); a round that
    ends on the way stops it (nothing of the next round is due at once)."""
    while True:
        phase = state.phase
        if phase == "over" or phase == "round_over":
            return state
        due_seat: int | None = None
        due = t + 1
        cheat_until = state.cheat_until
        for s, held in enumerate(state.cheat_card):
            if held != NO_TELL and cheat_until[s] <= t and cheat_until[s] < due:
                due_seat, due = s, cheat_until[s]
        if (phase == "mosquito_race" or phase == "cockroach_race") and state.race_until < due:
            state = _race_over(state, t, ev)
        elif state.wait_until is not None and state.wait_until < due:
            # the wait for a person is over (it ends after the earlier tells)
            state = commit(state, _time_up(state, t, ev), t, ev)
        elif due_seat is not None:
            state = _tell_ends(state, due_seat, ev)
        else:
            return state


def _race_over(state: State, t: int, ev: Events) -> State:
    """The race window has closed: the mosquito's slowest gets the gifts, the cockroach's race is lost."""
    if state.phase == "mosquito_race":
        slowest, state = _slowest_of(state, _not_slapped(state))
        ev.append(Event("race_over", None, {"kind": "mosquito"}))
        return _start_gifts(state, slowest, t, ev)
    ev.append(Event("race_over", None, {"kind": "cockroach"}))
    return _advance(state, _seat(state.actor), t, ev)


def _tell_ends(state: State, seat: int, ev: Events) -> State:
    """The tell ends: a cheated card vanishes (unless it has become the last card in the hand)."""
    held = state.cheat_card[seat]
    cheat_card = _put(state.cheat_card, seat, NO_TELL)
    hand = state.hands[seat]
    if held >= 0 and len(hand) >= 2:
        ev.append(_EV_TELL_END[seat][True])
        ev.append(_EV_VANISHED[seat][held])
        return replace(
            state,
            cheat_card=cheat_card,
            hands=_put(state.hands, seat, _without(hand, held)),
            vanished=_put(state.vanished, seat, (*state.vanished[seat], held)),
            cheats=_put(state.cheats, seat, state.cheats[seat] + 1),
        )
    ev.append(_EV_TELL_END[seat][False])
    return replace(state, cheat_card=cheat_card)


def _time_up(state: State, t: int, ev: Events) -> State:
    """The wait for a person is over (``turn_timeout_s``): the turn's seat draws one card as ``Draw`` does,
    the spider's player gives nothing (``SpiderSkip``), and every giver still choosing gives the first card
    it may give (``Give``; hands are sorted, so the lowest card id)."""
    phase = state.phase
    if state.settle_from is not None:
        # the old guard has not chosen the caught cheater's card in time: the first card it may give goes
        # (the accusation is settled first; the phase's own wait is over too and goes on below)
        guard = state.settle_from
        ev.append(Event("time_up", guard, {"phase": "settle"}))
        card = next(c for c in state.hands[guard] if not IS_MOTH[c] and c != state.cheat_card[guard])
        state = _guard_gives(state, card, ev)
    if phase == "turn":
        ev.append(Event("time_up", state.turn, {"phase": phase}))
        return _drawn(state, state.turn, _take_card(state, state.turn, "turn", ev), True, t, ev)
    if phase == "spider":
        actor = _seat(state.actor)
        ev.append(Event("time_up", actor, {"phase": phase}))
        return _spider_skip(state, actor, SPIDER_SKIP, t, ev)
    for giver in waiting_givers(state):
        cards = giveable(state, giver)
        if cards:  # else a cheat that has just completed left nothing to give: ``commit`` drops the giver
            ev.append(Event("time_up", giver, {"phase": phase}))
            state = _give(state, giver, GIVE[cards[0]], t, ev)
    return _recheck_gifts(state, t, ev) if state.phase == "mosquito_give" else state


#: each action's rule (``refusal`` has allowed it)
_RULES: Final[dict[type, Any]] = {
    Play: _play,
    Draw: _draw,
    SpiderGive: _spider_give,
    SpiderSkip: _spider_skip,
    Slap: _slap,
    Throw: _throw,
    Give: _give,
    Cheat: _tell,
    Fidget: _tell,
    Accuse: _accuse,
    Timeout: _timeout,
}


# ------------------------------------------------------------------------------------ who may act


def pending(state: State) -> tuple[int | None, int]:
    """What the game waits for now, in one pass over the seats: when the driver must send ``Timeout``
    next (``due``) and the seats that may act (``active``, as a bit mask).

    Due is the earliest of a running cheat or fidget ending, a race window closing, the wait for a person
    ending, the round pause ending (None: nothing pending). Active are the seat whose turn it is, the
    spider's player, the slappers still to slap, the givers still to choose, everyone in a cockroach race,
    the old guard settling; plus every seat that may start a cheat or fidget, and the guard while a tell
    shows; nobody in phases ``round_over`` and ``over``."""
    phase = state.phase
    settle_from = state.settle_from
    if phase == "turn" and settle_from is None:
        mask = 1 << state.turn
        cheat_phase = True  # "turn" is one of CHEAT_PHASES
    elif phase == "over":
        return None, 0
    elif phase == "round_over":
        return state.round_until, 0
    elif settle_from is not None:
        mask = -1  # only the old guard acts; the deadlines run on
        cheat_phase = False
    elif phase == "spider":
        mask = 1 << _seat(state.actor)
        cheat_phase = False  # "spider" is not one of CHEAT_PHASES
    elif phase == "cockroach_race":
        mask = (1 << len(state.hands)) - 1
        cheat_phase = True
    elif phase == "mosquito_race":
        mask = 0
        for s in _not_slapped(state):
            mask |= 1 << s
        cheat_phase = True
    else:
        mask = 0
        for s in waiting_givers(state):
            mask |= 1 << s
        cheat_phase = False
    if phase == "mosquito_race" or phase == "cockroach_race":
        best = state.race_until
    else:
        wait = state.wait_until
        best = _NEVER if wait is None else wait
    guard = state.guard
    hands = state.hands
    cheat_until = state.cheat_until
    tell = False
    seat = 0
    for held in state.cheat_card:
        if held != NO_TELL:
            tell = True
            if cheat_until[seat] < best:
                best = cheat_until[seat]
        elif cheat_phase and seat != guard and len(hands[seat]) >= 2:
            mask |= 1 << seat
        seat += 1  # noqa: SIM113 - a counter is cheaper than enumerate here
    if mask < 0:
        mask = 1 << _seat(settle_from)
    elif tell:
        mask |= 1 << guard
    return (None if best == _NEVER else best), mask


def active(state: State) -> frozenset[int]:
    """The seats that may act now (``pending``)."""
    return _SEAT_SETS[pending(state)[1]]


def due(state: State) -> int | None:
    """When the driver must send ``Timeout`` next (``pending``), None if nothing is pending."""
    return pending(state)[0]


def step_info(state: State) -> tuple[int | None, tuple[int, ...]] | None:
    """``Game.step_info`` in one call: None once over, else (``due``, sorted active seats)."""
    if state.phase == "over":
        return None
    at, mask = pending(state)
    return at, _SEAT_TUPLES[mask]


def deadline(state: State) -> Deadline | None:
    """What runs out at ``due(state)`` outside the round pause (the core's): a race window closing
    (``race``, seat = the card's player), a cheat or fidget ending (``cheat``, seat = the cheater), or the
    wait for a person ending (``turn``, seat = the turn's seat; ``choose`` for the spider's player, that
    seat, and the mosquito's givers, the one giver still choosing or None for several)."""
    at = due(state)
    if at is None:
        return None
    phase = state.phase
    if (phase == "mosquito_race" or phase == "cockroach_race") and state.race_until == at:
        return Deadline(at, "race", state.actor)
    for seat, held in enumerate(state.cheat_card):
        if held != NO_TELL and state.cheat_until[seat] == at:
            return Deadline(at, "cheat", seat)
    if phase == "turn":
        return Deadline(at, "turn", state.turn)
    if phase == "spider":
        return Deadline(at, "choose", state.actor)
    waiting = waiting_givers(state)
    return Deadline(at, "choose", waiting[0] if len(waiting) == 1 else None)


def legal_actions(state: State, seat: int) -> list[Action]:
    """The seat's actions for the phase (plays and the draw on its turn, a spider's gift, a slap, a
    mosquito gift, a throw; the old guard's gift while an accusation is settled), then, in every phase, the
    guard's accusations of the seats showing a tell, or the seat's cheats and fidget where it may start one.

    Asked on nearly every step: plain loops, and the usual case (a turn, nothing being settled) first."""
    phase = state.phase
    cheat_card = state.cheat_card
    out: list[Action] = []
    if phase == "turn" and state.settle_from is None:
        cheat_phase = True  # "turn" is one of CHEAT_PHASES
        hand = state.hands[seat]
        held = cheat_card[seat]
        if seat == state.turn:
            playable = _PLAYABLE[VALUE[state.discard[-1]]][seat == state.guard]
            for c in hand:
                if playable[c] and c != held:
                    out.append(PLAY[c])
            out.append(DRAW)
    elif phase == "over" or phase == "round_over":
        return out
    else:
        hand = state.hands[seat]
        if state.settle_from is not None:
            if seat == state.settle_from:
                for c in guard_giveable(state, seat):
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
            if seat in state.givers and state.gifts[seat] is None:
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


# ------------------------------------------------------------------------------ outcome and no-leak


def outcome_of(state: State) -> Outcome | None:
    """Total penalty points (lower is better), ranks shared on ties, the seats with the fewest points."""
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
        gift = gifts[s] if gifts else None
        if gift is not None and gift in old:
            gifts[s] = new[old.index(gift)]
        hands[s] = new
        count = len(state.vanished[s])
        vanished[s] = tuple(shuffled[pos : pos + count])
        pos += count
    return replace(
        state,
        hands=tuple(hands),
        vanished=tuple(vanished),
        cheat_card=tuple(cheat_card),
        gifts=tuple(gifts),
        draw=tuple(shuffled[pos:]),
        rng=r,
    )
