"""Emojito's rules as pure functions over :class:`State` (the rules themselves: ``__init__``'s docstring).

``new_state`` deals, ``apply`` is the game's transition (``refusal``, the one place that says who may do
what, refuses an action or the steps below play it; ``legal_actions`` lists what it allows), ``active``,
``due`` and ``play_deadline`` say who acts and when time runs out, ``score`` reveals and scores a round, ``next_round`` deals the next, ``outcome`` ranks.
The round end (over / pause / next round) is the core's (``Game.end_round``, called by ``game.py`` once a
step has scored a round).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import ConfigError, GameError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Event, Outcome, Timeout
from tischrunde.games.emojito import content
from tischrunde.games.emojito.spec import PLAYERS
from tischrunde.games.emojito.state import (
    SKIPPED,
    Challenge,
    NoChallenge,
    PassedOn,
    Performed,
    RoundResult,
    SetDial,
    SkipDial,
    SkipPerformance,
    State,
    round_json,
)

LAYOUT_SIZE: Final = 7
FIELDS: Final = 7
PERFORMER_CAP: Final = 6  # each for themselves: the performer moves at most 6 fields per round [seed]
PERFORMER_STEP: Final = 2
GUESSER_STEP: Final = 3
CHALLENGE_STEP: Final = 3
TEAM_STEP: Final = 2

Events = list[Event]

_replace: Final = msgspec.structs.replace

#: the actions without parameters, and the dials, built once (frozen, so they can be shared)
_PERFORM: Final[tuple[Action, ...]] = (Performed(),)
_PASS_ON: Final[tuple[Action, ...]] = (PassedOn(),)
_DECLARE: Final[tuple[Action, ...]] = (Challenge(), NoChallenge())
#: _DIALS[k]: SetDial(1) .. SetDial(k), the dials of a layout of k cards
_DIALS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(SetDial(number) for number in range(1, k + 1)) for k in range(LAYOUT_SIZE + 1)
)

_MAX_PLAYERS: Final = max(high for _, high in PLAYERS.values())
_SEATS: Final = range(_MAX_PLAYERS)

#: _OTHERS[n][p]: the seats 0..n-1 but p, in order
_OTHERS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(s for s in range(n) if s != p) for p in range(n)) for n in range(_MAX_PLAYERS + 1)
)

#: the events that are always the same, built once (never mutate their data)
_PERFORMED_EVENT: Final = tuple(Event("performed", s) for s in _SEATS)
_DIAL_SET: Final = tuple(Event("dial_set", s) for s in _SEATS)
_DIAL_SKIPPED: Final = tuple(Event("dial_skipped", s) for s in _SEATS)
_MY_DIAL: Final = tuple(
    tuple(Event("my_dial", s, {"number": n}, visible_to=(s,)) for n in range(LAYOUT_SIZE + 1)) for s in _SEATS
)
_TIMEOUT_EVENT: Final = Event("timeout")
_GAME_OVER: Final = Event("game_over")


# ---------------------------------------------------------------------- the board


def laps(progress: int) -> int:
    """Line crossings behind a marker with this total progress (0 = on the start line)."""
    return 0 if progress <= 0 else (progress - 1) // FIELDS


def field_of(progress: int) -> int:
    """The field 1..7 a marker stands on; 0 while it is still on the start line."""
    return 0 if progress <= 0 else (progress - 1) % FIELDS + 1


def presentation_at(progress: int) -> str:
    """ "face", "sound" or "face_sound" for a marker with this progress (face only on the line)."""
    if progress <= 0:
        return "face"
    symbols = content.board()[field_of(progress) - 1].symbols
    return "face_sound" if len(symbols) > 1 else symbols[0]


def trophy_count(state: State, side: int) -> int:
    """The face-up trophies of a side: what counts for the end and the win (flipped ones do not)."""
    return len(state.trophies[side]) - len(state.flipped[side])


# ---------------------------------------------------------------------- setup


def check_config(config: Config, options: dict[str, Any]) -> None:
    """The player count of the mode, secret message only in co-op, a stacked deck of distinct cards."""
    mode = options["mode"]
    low, high = PLAYERS[mode]
    if not low <= config.players <= high or (mode == "teams" and config.players % 2):
        extra = ", even" if mode == "teams" else ""
        raise ConfigError("players", config.players, f"{low}..{high}{extra} for options.mode {mode!r}")
    if options["secret_message"] and mode != "coop":
        raise ConfigError("options.secret_message", True, "true only with options.mode 'coop'")
    if config.decks is not None and "main" in config.decks:
        deck = config.decks["main"]
        known = len(content.cards())
        if (
            not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < known for c in deck)
            or len(set(deck)) != len(deck)
            or len(deck) < 2 * LAYOUT_SIZE
        ):
            raise ConfigError(
                "decks.main", "...", f"at least {2 * LAYOUT_SIZE} distinct card ids 0..{known - 1}"
            )


def new_state(config: Config, options: dict[str, Any]) -> State:
    """The deck shuffled (or stacked), every marker on the start line, the first round's cards drawn."""
    mode = options["mode"]
    r = rng.seed_state(config.seed)
    if config.decks is not None and "main" in config.decks:
        deck = tuple(int(c) for c in config.decks["main"])
    else:
        deck, r = rng.shuffled(r, range(len(content.cards())))
    n = config.players
    sides = 2 if mode == "coop" else n if mode == "each" else n // 2
    first = config.first_seat or 0
    target = {"coop": options["trophy_target"], "each": options["each_target"]}.get(
        mode, options["teams_target"]
    )
    state = State(
        config=config,
        mode=mode,
        secret_message=options["secret_message"],
        wrong_step=options["wrong_step"],
        target=target,
        performer_challengeable=options["performer_challengeable"],
        challenger_bonus_stacks=options["challenger_bonus_stacks"],
        dial_timeout_ms=options["dial_timeout_s"] * 1000,
        perform_timeout_ms=options["perform_timeout_s"] * 1000,
        rng=r,
        deck=deck,
        progress=(0,) * sides,
        trophies=((),) * sides,
        flipped=((),) * sides,
        # teams: the start player's team begins with the start player (seat s or s + n/2)
        turns=tuple(int(i == first % sides and first >= sides) for i in range(sides))
        if mode == "teams"
        else (),
        contenders=tuple(range(sides)) if mode == "teams" else (),
        first_seat=first,
        round_pause_ms=options["round_pause_ms"],
    )
    return start_round(state, 0, 0)


def _draw(state: State, k: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """Draw k cards from the top, reshuffling the discard pile (never trophies) when the deck is empty:
    (the cards drawn, the deck, the discard pile, the PRNG state) after it."""
    deck, discard, r = state.deck, state.discard, state.rng
    if len(deck) >= k:  # the usual case: no reshuffle
        return deck[:k], deck[k:], discard, r
    out: list[int] = []
    while len(out) < k:
        if not deck:
            if not discard:
                break
            deck, r = rng.shuffled(r, discard)
            discard = ()
        take = min(k - len(out), len(deck))
        out.extend(deck[:take])
        deck = deck[take:]
    return tuple(out), deck, discard, r


def start_round(state: State, t: int, round: int) -> State:
    """Round ``round`` (from 0): its performers draw their cards. The role passes clockwise; in teams
    every team still playing performs, the partners taking turns."""
    if state.mode == "teams":
        teams = team_count(state)
        performers = tuple(i + teams * (state.turns[i] % 2) for i in state.contenders)
    else:
        performers = ((state.first_seat + round) % state.config.players,)
    cards, deck, discard, r = _draw(state, len(performers))
    return _replace(
        state,
        deck=deck,
        discard=discard,
        rng=r,
        round=round,
        round_until=0,
        last_t=t,
        phase="perform",
        performers=performers[: len(cards)],
        cards=cards,
        done=(),
        chain=0,
        layout=(),
        answers=(),
        guessers=(),
        dials=(),
        leaders=(),
        eligible=(),
        declarations=(),
        challengers=(),
        phase_t=t,
    )


def next_round(state: State, t: int) -> tuple[State, Events]:
    """The next round (teams: once a team reached the target, only the teams tied for first play on)."""
    if state.mode == "teams":
        state = _narrow_contenders(state)
    return start_round(state, t, state.round + 1), []


def round_starter(state: State) -> int | None:
    """Who may end the round pause besides the clock: the (first) performer of the round."""
    return state.performers[0] if state.performers else None


def starts_next_round(state: State, seat: int | None) -> bool:
    """Whether ``seat``'s NextRound ends the round pause: whoever performed this round."""
    return seat in state.performers


# ---------------------------------------------------------------------- structure


def team_count(state: State) -> int:
    return state.config.players // 2


def team_of(state: State, seat: int) -> int:
    """Teams mode: partners sit opposite, team i = seats i and i + n/2."""
    return seat % team_count(state)


def side_of(state: State, seat: int) -> int:
    """The marker a seat plays: co-op the team's (0), each their own, teams their team's."""
    if state.mode == "coop":
        return 0
    if state.mode == "each":
        return seat
    return team_of(state, seat)


def presentation(state: State) -> str:
    """How this round's performance must be shown: "face", "sound" or "face_sound"."""
    if state.mode == "teams" or state.secret_message:
        return "face"
    side = 0 if state.mode == "coop" else state.performers[0]
    return presentation_at(state.progress[side])


def leaders(state: State) -> tuple[int, ...]:
    """Each for themselves: the seats with the most face-up trophies, ties broken by progress."""
    keys = [(trophy_count(state, s), state.progress[s]) for s in range(state.config.players)]
    best = max(keys)
    return tuple(s for s, k in enumerate(keys) if k == best)


def targets(state: State, challenger: int, leaders: tuple[int, ...]) -> tuple[int, ...]:
    """The leaders a challenger's challenge is aimed at (not themself, not the performer by default)."""
    performer = state.performers[0]
    return tuple(s for s in leaders if s != challenger and (state.performer_challengeable or s != performer))


def chain_pair(state: State) -> tuple[int, int] | None:
    """Secret message: (shower, watcher) of the showing under way now, or None."""
    if not state.secret_message or state.phase not in ("perform", "chain"):
        return None
    n = state.config.players
    performer = state.performers[0]
    return (performer + state.chain) % n, (performer + state.chain + 1) % n


# ---------------------------------------------------------------------- who acts, and when time runs out


def active(state: State) -> tuple[int, ...]:
    """The seats that may act now, in seat order: the guessers whose dial is open, the performers who have
    not performed, the one showing the secret message, the eligible seats that have not declared."""
    phase = state.phase
    if phase == "dial":
        dials = state.dials
        waiting: list[int] = []
        for g in state.guessers:
            if dials[g] == 0:
                waiting.append(g)
        return tuple(waiting) if state.mode != "teams" else tuple(sorted(waiting))
    if phase == "perform":
        done = state.done
        if not done and len(state.performers) == 1:
            return state.performers
        return tuple(sorted([p for p in state.performers if p not in done]))
    if phase == "chain":
        pair = chain_pair(state)
        assert pair is not None
        return (pair[0],)
    if phase == "challenge":
        declarations = state.declarations
        return tuple([s for s in state.eligible if declarations[s] < 0])
    return ()


def legal_actions(state: State, seat: int) -> list[Action]:
    """What a seat may do now: the phase's actions, if ``refusal`` allows them (an active seat's).
    SkipPerformance and SkipDial are for stand-ins: never listed."""
    phase = state.phase
    if phase == "dial":
        listed = _DIALS[len(state.layout)]
    elif phase == "perform":
        listed = _PERFORM
    elif phase == "chain":
        listed = _PASS_ON
    elif phase == "challenge":
        listed = _DECLARE
    else:
        return []
    # every action listed for a phase is allowed to the same seats (a dial's number is in range)
    return list(listed) if refusal(state, seat, listed[0]) is None else []


def due(state: State) -> int | None:
    """When the phase's time runs out (None: never): the performance and each showing have
    ``perform_timeout_ms``, dials and challenge decisions ``dial_timeout_ms``; the round pause ends at
    ``round_until``."""
    phase = state.phase
    if phase == "dial" or phase == "challenge":
        return state.phase_t + state.dial_timeout_ms if state.dial_timeout_ms > 0 else None
    if phase == "perform" or phase == "chain":
        return state.phase_t + state.perform_timeout_ms if state.perform_timeout_ms > 0 else None
    if phase == "round_over":
        return state.round_until
    return None


def play_deadline(state: State) -> Deadline | None:
    """The deadline of the phase (the round pause's is the core's), naming the one seat it waits for."""
    at = due(state)
    if at is None:
        return None
    phase = state.phase
    if phase == "dial" or phase == "challenge":
        return Deadline(at, phase)
    if phase == "perform":
        seats = active(state)
        return Deadline(at, "perform", seats[0] if len(seats) == 1 else None)
    pair = chain_pair(state)
    return Deadline(at, "perform", pair[0] if pair is not None else None)


def step_info(state: State) -> tuple[int | None, tuple[int, ...]] | None:
    """``Speed.step_info``: None once over, else (due, active seats)."""
    if state.phase == "over":  # the one phase with an outcome
        return None
    return due(state), active(state)


# ---------------------------------------------------------------------- why an action is not allowed


def refusal(state: State, seat: int | None, action: Action) -> GameError | None:
    """Why ``seat`` may not take ``action`` now (None: it may): the one place every rule of who may do
    what is written; ``apply`` raises it. Timeouts are the clock's (``Game.apply`` checks them)."""
    if seat is None or not 0 <= seat < state.config.players:
        return NotYourTurnError(f"there is no seat {seat!r} at this table", code="no_such_seat", rule="seat")
    phase = state.phase
    if phase == "over":
        return IllegalActionError("the game is over", code="game_over", rule="game_end")
    kind = type(action)
    if kind is SetDial or kind is SkipDial:  # a guesser's dial, once, 1..7 (SkipDial: left out)
        if phase != "dial":
            return IllegalActionError(
                "the dials are set once the cards are laid out", code="not_dial_time", rule="dial"
            )
        if seat not in state.guessers:
            return NotYourTurnError(
                "the performer's dial is set to the true number by the game; only guessers set dials",
                code="not_guesser",
                rule="dial",
            )
        if state.dials[seat] != 0:
            return IllegalActionError("your dial is already set", code="dial_set", rule="dial")
        if kind is SetDial:
            number = action.number  # type: ignore[attr-defined]
            if number != SKIPPED and (not isinstance(number, int) or not 1 <= number <= len(state.layout)):
                return IllegalActionError(
                    f"a dial shows a number from 1 to {len(state.layout)}", code="bad_number", rule="dial"
                )
        return None
    if kind is Performed:  # a performer of the round, once
        if phase != "perform":
            return IllegalActionError(
                "nobody is performing right now", code="not_performing", rule="performer"
            )
        if seat not in state.performers:
            return NotYourTurnError("only the performer performs", code="not_performer", rule="performer")
        if seat in state.done:
            return IllegalActionError(
                "you have already performed this round", code="already_performed", rule="performer"
            )
        return None
    if kind is PassedOn:  # secret message: the one showing it now
        pair = chain_pair(state)
        if phase != "chain" or pair is None:
            return IllegalActionError(
                "no secret message is being passed on", code="no_chain", rule="secret_message"
            )
        if seat != pair[0]:
            return NotYourTurnError(
                f"seat {pair[0]} is showing the secret message now", code="not_shower", rule="secret_message"
            )
        return None
    if kind is Challenge or kind is NoChallenge:  # each: an eligible seat, once, before the layout
        if phase != "challenge":
            return IllegalActionError(
                "challenges are declared after the performance and before the layout",
                code="not_challenge_time",
                rule="challenge",
            )
        if seat not in state.eligible:
            return NotYourTurnError(
                "only a player who is not the performer, holds a face-up trophy and has a leader to "
                "challenge may challenge",
                code="not_eligible",
                rule="challenge",
            )
        if state.declarations[seat] >= 0:
            return IllegalActionError("you have already declared", code="already_declared", rule="challenge")
        return None
    if kind is SkipPerformance:  # a performer who has not performed (their stand-in, when away)
        if phase != "perform" or seat not in state.performers or seat in state.done:
            return IllegalActionError(
                "only a performer who has not performed yet can leave the performance out",
                code="not_performing",
                rule="performer",
            )
        return None
    return IllegalActionError(
        f"{kind.__name__} is not an Emojito action", code="unknown_action", rule="action"
    )


# ---------------------------------------------------------------------- the transition


def apply(state: State, seat: int | None, action: Action, t: int) -> tuple[State, Events]:
    """The game's transition (``Game.transition``): a Timeout (``Game.apply`` checked it is due) ends the
    phase; a seat's action is refused (``refusal``) or played. Every step sets ``last_t``."""
    kind = type(action)
    if kind is Timeout:  # due: Game.apply checked it
        return time_up(state, t)
    error = refusal(state, seat, action)
    if error is not None:
        raise error
    assert seat is not None
    return _STEPS[kind](state, seat, action, t)


def time_up(state: State, t: int) -> tuple[State, Events]:
    """The phase's time ran out: late performers are skipped, a secret message stops where it is, who has
    not decided does not challenge, an unset dial is wrong."""
    phase = state.phase
    events = [_TIMEOUT_EVENT]
    if phase == "perform":
        return _skip_performers(state, [p for p in state.performers if p not in state.done], t, events)
    if phase == "chain":
        return _after_performance(state, t, events, state.done, state.chain)
    if phase == "challenge":
        return _declare_rest(state, t, events)
    return score(state, t, events, state.dials)


def _perform(state: State, seat: int, action: Any, t: int) -> tuple[State, Events]:
    """A performer has performed; once all have, the secret message starts its way or the cards are laid out."""
    performers = state.performers
    done = (*state.done, seat)
    events = [_PERFORMED_EVENT[seat]]
    if len(done) < len(performers):
        return _replace(state, done=done, last_t=t), events
    chain = state.chain
    if state.secret_message:
        chain = 1
        if chain < state.config.players - 1:
            return _replace(state, done=done, chain=chain, phase="chain", phase_t=t, last_t=t), events
    return _after_performance(state, t, events, done, chain)


def _pass_on(state: State, seat: int, action: Any, t: int) -> tuple[State, Events]:
    """Secret message: the shower has shown it to the left neighbour; the last showing lays the cards out."""
    chain = state.chain + 1
    events = [Event("passed_on", seat, {"to": (seat + 1) % state.config.players})]
    if chain < state.config.players - 1:
        return _replace(state, chain=chain, phase_t=t, last_t=t), events
    return _after_performance(state, t, events, state.done, chain)


def _skip_performance(state: State, seat: int, action: Any, t: int) -> tuple[State, Events]:
    return _skip_performers(state, [seat], t, [])


def _skip_performers(state: State, seats: list[int], t: int, events: Events) -> tuple[State, Events]:
    """Performers ``seats`` leave their performance out (away or out of time) [ours]: their cards go to
    the discard pile and, in teams, their team's turn passes to the partner. The performers left who
    have performed go on to the layout; with none left the next performer's round begins."""
    keep = [j for j, p in enumerate(state.performers) if p not in seats]
    skipped = tuple(p for p in state.performers if p in seats)
    events = [*events, Event("performance_skipped", data={"seats": list(skipped)})]
    turns = state.turns
    if state.mode == "teams":
        more = list(turns)
        for p in skipped:
            more[team_of(state, p)] += 1
        turns = tuple(more)
    state = _replace(
        state,
        performers=tuple(state.performers[j] for j in keep),
        cards=tuple(state.cards[j] for j in keep),
        discard=state.discard + tuple(state.cards[j] for j, p in enumerate(state.performers) if p in seats),
        turns=turns,
        last_t=t,
    )
    if not state.performers:
        return next_round(state, t)[0], events
    if len(state.done) < len(state.performers):
        return state, events
    return _after_performance(state, t, events, state.done, state.chain)


def _after_performance(
    state: State, t: int, events: Events, done: tuple[int, ...], chain: int
) -> tuple[State, Events]:
    """The performance is over (``done`` and ``chain``: their values now, for the state to come): each for
    themselves opens the challenge if anyone may challenge, else the cards are laid out."""
    if state.mode != "each":
        return _lay_out(state, t, events, done, chain, state.leaders)
    now_leading = leaders(state)
    performer = state.performers[0]
    eligible = tuple(
        s
        for s in range(state.config.players)
        if s != performer and trophy_count(state, s) >= 1 and targets(state, s, now_leading)
    )
    if not eligible:
        return _lay_out(state, t, events, done, chain, now_leading)
    state = _replace(
        state,
        done=done,
        chain=chain,
        phase="challenge",
        leaders=now_leading,
        eligible=eligible,
        declarations=(-1,) * state.config.players,
        phase_t=t,
        last_t=t,
    )
    return state, [*events, Event("challenge_open", data={"leaders": list(now_leading)})]


def _declare_step(state: State, seat: int, action: Any, t: int) -> tuple[State, Events]:
    return _declare(state, seat, type(action) is Challenge, t)


def _declare(state: State, seat: int, challenge: bool, t: int) -> tuple[State, Events]:
    """A seat's secret declaration; once all declared, each challenger flips a face-up trophy and the
    cards are laid out."""
    eligible = state.eligible
    declarations = list(state.declarations)
    declarations[seat] = 1 if challenge else 0
    events = [
        Event("declared", seat),
        Event("my_declaration", seat, {"challenge": challenge}, visible_to=(seat,)),
    ]
    if any(declarations[s] < 0 for s in eligible):
        return _replace(state, declarations=tuple(declarations), last_t=t), events
    challengers = tuple(s for s in eligible if declarations[s] == 1)
    flipped = list(state.flipped)
    for c in challengers:
        face_up = [card for card in state.trophies[c] if card not in flipped[c]]
        flipped[c] = (*flipped[c], face_up[0])
    state = _replace(state, declarations=tuple(declarations), challengers=challengers, flipped=tuple(flipped))
    events.append(
        Event("challenges", data={"challengers": list(challengers), "leaders": list(state.leaders)})
    )
    return _lay_out(state, t, events, state.done, state.chain, state.leaders)


def _declare_rest(state: State, t: int, events: Events) -> tuple[State, Events]:
    """The challenge time is up: every seat that has not declared declines (its turn is done)."""
    for s in state.eligible:
        if state.declarations[s] < 0:
            state, more = _declare(state, s, False, t)
            events = [*events, *more]
    return state, events


def _lay_out(
    state: State, t: int, events: Events, done: tuple[int, ...], chain: int, leaders: tuple[int, ...]
) -> tuple[State, Events]:
    """Lay out the cards: the performed ones topped up to seven and shuffled (a stacked deck keeps the order
    drawn); the dials open, the performer's set to the true number (``done``, ``chain``, ``leaders``:
    their values now)."""
    cards = state.cards
    extra, deck, discard, r = _draw(state, LAYOUT_SIZE - len(cards))
    decks = state.config.decks
    if decks is not None and "main" in decks:
        layout = cards + extra  # a stacked deck fixes the layout too
    else:
        layout, r = rng.shuffled(r, cards + extra)
    n = state.config.players
    dials = [0] * n
    performers = state.performers
    if state.mode == "teams":
        answers = tuple([layout.index(card) + 1 for card in cards])
        teams = team_count(state)
        guessers = tuple([(p + teams) % n for p in performers])
    else:
        answers = (layout.index(cards[0]) + 1,)
        performer = performers[0]
        guessers = _OTHERS[n][performer]
        dials[performer] = answers[0]
    state = _replace(
        state,
        deck=deck,
        discard=discard,
        rng=r,
        done=done,
        chain=chain,
        leaders=leaders,
        last_t=t,
        phase="dial",
        layout=layout,
        answers=answers,
        guessers=guessers,
        dials=tuple(dials),
        phase_t=t,
    )
    events.append(Event("laid_out", data={"layout": list(layout)}))
    return state, events


def _set_dial(state: State, seat: int, action: Any, t: int) -> tuple[State, Events]:
    """A guesser's secret dial (SkipDial: left out); the last one reveals the round."""
    number = SKIPPED if type(action) is SkipDial else action.number
    dials = list(state.dials)
    dials[seat] = number
    events = [_DIAL_SKIPPED[seat]] if number == SKIPPED else [_DIAL_SET[seat], _MY_DIAL[seat][number]]
    for g in state.guessers:
        if dials[g] == 0:
            return _replace(state, dials=tuple(dials), last_t=t), events
    return score(state, t, events, tuple(dials))


_STEPS: Final[dict[type, Callable[[State, int, Any, int], tuple[State, Events]]]] = {
    SetDial: _set_dial,
    Performed: _perform,
    PassedOn: _pass_on,
    Challenge: _declare_step,
    NoChallenge: _declare_step,
    SkipDial: _set_dial,
    SkipPerformance: _skip_performance,
}


# ---------------------------------------------------------------------- scoring


def score(state: State, t: int, events: Events, dials: tuple[int, ...]) -> tuple[State, Events]:
    """Reveal the dials (``dials``: as set now) and score the round: the markers move, every crossing of
    the line wins a trophy from the discard pile, the seven cards go to the discard pile. The state comes
    back in its phase with ``last`` the revealed round; ``game.py`` then ends the round (``game_ends``,
    ``end_of_game``, the core's ``Game.end_round``)."""
    n = state.config.players
    mode = state.mode
    guessers = state.guessers
    performers = state.performers
    if mode == "teams":
        teams = team_count(state)
        correct = tuple(
            [
                (p + teams) % n
                for p, answer in zip(performers, state.answers, strict=True)
                if dials[(p + teams) % n] == answer
            ]
        )
    else:
        answer = state.answers[0]
        hits: list[int] = []
        for g in guessers:
            if dials[g] == answer:
                hits.append(g)
        correct = tuple(hits)
    any_skipped = SKIPPED in dials
    skipped = tuple([g for g in guessers if dials[g] == SKIPPED]) if any_skipped else ()
    moves, challenged, fallen = _moves(state, correct, skipped)
    progress = list(state.progress)
    discard = state.discard + state.layout
    deck = state.deck
    trophies = list(state.trophies)
    flipped = state.flipped
    won = [0] * len(progress)
    for side, delta in enumerate(moves):
        if delta == 0:
            continue
        old = progress[side]
        new = max(0, old + delta)  # never behind the start line [ours]
        progress[side] = new
        crossings = laps(new) - laps(old)
        if crossings == 0:
            continue
        mine = list(trophies[side])
        for _ in range(crossings):  # a trophy from the discard pile (the deck, when it is empty)
            if discard:
                mine.append(discard[-1])
                discard = discard[:-1]
            elif deck:
                mine.append(deck[0])
                deck = deck[1:]
            else:
                mine.append(-1)
            won[side] += 1
        for _ in range(-crossings):  # backwards over the line: a face-up trophy back onto the pile [ours]
            face_up = [c for c in mine if c not in flipped[side]]
            if face_up:
                lost = face_up[-1]
                mine.remove(lost)
                if lost >= 0:
                    discard = (*discard, lost)
                won[side] -= 1
        trophies[side] = tuple(mine)
    result = RoundResult(
        round=state.round + 1,
        performers=performers,
        cards=state.cards,
        layout=state.layout,
        answers=state.answers,
        dials=dials if not any_skipped else tuple([max(0, d) for d in dials]),
        correct=correct,
        moves=moves,
        trophies_won=tuple(won),
        challengers=state.challengers,
        challenged=challenged,
        fallen=fallen,
        skipped=skipped,
    )
    turns = state.turns
    if mode == "teams":
        more = list(turns)
        for p in performers:
            more[team_of(state, p)] += 1
        turns = tuple(more)
    scored = _replace(
        state,
        deck=deck,
        discard=discard,
        progress=tuple(progress),
        trophies=tuple(trophies),
        dials=dials,
        last=result,
        turns=turns,
        last_t=t,
    )
    events.append(Event("revealed", data=round_json(result)))
    return scored, events


def end_of_game(state: State, t: int) -> tuple[State, Events]:
    """After the last round (``game_ends``): the round's secrets are put away; the outcome is what is left."""
    return _replace(state, performers=(), cards=(), answers=(), phase_t=t), [_GAME_OVER]


def _moves(
    state: State, correct: tuple[int, ...], skipped: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """How far each side moves this round, and (each for themselves) the leaders challenged and those of
    them who fell back."""
    moves = [0] * len(state.progress)
    challenged: tuple[int, ...] = ()
    fallen: list[int] = []
    if state.mode == "coop":
        moves[0] = len(correct)
        moves[1] = (len(state.guessers) - len(correct) - len(skipped)) * state.wrong_step
    elif state.mode == "each":
        performer = state.performers[0]
        moves[performer] += min(PERFORMER_CAP, PERFORMER_STEP * len(correct))
        for g in correct:
            moves[g] += GUESSER_STEP
        aims = {c: targets(state, c, state.leaders) for c in state.challengers}
        challenged = tuple(sorted({s for aimed in aims.values() for s in aimed}))
        for leader in challenged:
            right = leader == performer or leader in correct or leader in skipped
            if not right and any(c in correct and leader in aimed for c, aimed in aims.items()):
                fallen.append(leader)
                moves[leader] -= CHALLENGE_STEP
        if state.challenger_bonus_stacks:
            for c, aimed in aims.items():
                if c in correct and any(s in fallen for s in aimed):
                    moves[c] += CHALLENGE_STEP
    else:
        for g in correct:
            moves[team_of(state, g)] += TEAM_STEP
    return tuple(moves), challenged, tuple(fallen)


def game_ends(state: State) -> bool:
    """After a scored round: a side has the target's trophies (teams: one team alone first), or deck and
    discard pile together hold fewer than seven cards [ours]."""
    if len(state.deck) + len(state.discard) < LAYOUT_SIZE:
        return True
    counts = [trophy_count(state, side) for side in range(len(state.progress))]
    if state.mode != "teams":
        return max(counts) >= state.target
    if max(counts[i] for i in state.contenders) < state.target:
        return False
    keys = _side_keys(state)
    best = max(keys[i] for i in state.contenders)
    return sum(1 for i in state.contenders if keys[i] == best) == 1


def _side_keys(state: State) -> list[tuple[int, int]]:
    return [(trophy_count(state, side), state.progress[side]) for side in range(len(state.progress))]


def _narrow_contenders(state: State) -> State:
    """Teams: once a team reached the target, only the teams tied for first play on."""
    counts = [trophy_count(state, i) for i in state.contenders]
    if max(counts) < state.target:
        return state
    keys = _side_keys(state)
    best = max(keys[i] for i in state.contenders)
    return _replace(state, contenders=tuple(i for i in state.contenders if keys[i] == best))


def team_won(state: State) -> bool:
    """Co-op: more trophies than the game, or equal trophies and strictly further ahead."""
    team, game = trophy_count(state, 0), trophy_count(state, 1)
    if team != game:
        return team > game
    return state.progress[0] > state.progress[1]


def outcome(state: State) -> Outcome | None:
    """Co-op: everyone wins or loses together; each and teams: ranked by face-up trophies, then progress
    (teams that did not play on after a tie for first rank behind those that did)."""
    if state.phase != "over":
        return None
    n = state.config.players
    rounds = state.round + 1
    counts = [trophy_count(state, side) for side in range(len(state.progress))]
    if state.mode == "coop":
        won = team_won(state)
        return Outcome(
            scores=[1.0 if won else 0.0] * n,
            ranks=[1] * n,
            winners=list(range(n)) if won else [],
            details={
                "team_won": won,
                "team_trophies": counts[0],
                "game_trophies": counts[1],
                "team_progress": state.progress[0],
                "game_progress": state.progress[1],
                "rounds": rounds,
            },
        )
    seat_side = [side_of(state, s) for s in range(n)]
    keys = [
        (state.mode != "teams" or side in state.contenders, counts[side], state.progress[side])
        for side in range(len(counts))
    ]
    side_ranks = [1 + sum(1 for other in keys if other > k) for k in keys]
    ranks = [side_ranks[seat_side[s]] for s in range(n)]
    details: dict[str, Any] = {
        "trophies": [counts[seat_side[s]] for s in range(n)],
        "progress": [state.progress[seat_side[s]] for s in range(n)],
        "rounds": rounds,
    }
    if state.mode == "each":
        details["flipped"] = [len(state.flipped[s]) for s in range(n)]
    return Outcome(
        scores=[float(counts[seat_side[s]]) for s in range(n)],
        ranks=ranks,
        winners=[s for s in range(n) if ranks[s] == 1],
        details=details,
    )


# ---------------------------------------------------------------------- hidden information


def rerandomize_hidden(state: State, seat: int | None, seed: int) -> State:
    """A state ``seat`` cannot tell from this one: the others' cards, the deck order, the others' dials
    and declarations drawn anew."""
    r = rng.seed_state(seed * 7919 + 11)
    n = state.config.players
    hidden = [j for j, p in enumerate(state.performers) if p != seat]
    cards = list(state.cards)
    deck = state.deck
    answers = list(state.answers)
    dials = list(state.dials)
    declarations = list(state.declarations)
    if state.phase in ("perform", "chain", "challenge"):
        pool, r = rng.shuffled(r, [cards[j] for j in hidden] + list(deck))
        for k, j in enumerate(hidden):
            cards[j] = pool[k]
        deck = pool[len(hidden) :]
        for s in range(len(declarations)):
            if s != seat and declarations[s] >= 0:
                declarations[s], r = rng.randbelow(r, 2)
    else:
        deck, r = rng.shuffled(r, deck)
    if state.phase == "dial":
        known = {answers[j] for j in range(len(answers)) if j not in hidden}
        free = [a for a in range(1, len(state.layout) + 1) if a not in known]
        picks, r = rng.shuffled(r, free)
        for k, j in enumerate(hidden):
            answers[j] = picks[k]
            cards[j] = state.layout[picks[k] - 1]
        for s in range(n):
            if s == seat or dials[s] <= 0:
                continue
            if state.mode != "teams" and s == state.performers[0]:
                dials[s] = answers[0]
            else:
                value, r = rng.randbelow(r, len(state.layout))
                dials[s] = value + 1
    return _replace(
        state,
        cards=tuple(cards),
        deck=tuple(deck),
        answers=tuple(answers),
        dials=tuple(dials),
        declarations=tuple(declarations),
        rng=r,
    )
