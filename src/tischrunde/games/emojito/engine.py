"""Emojito's rules: the ``Game`` subclass (setup, turn structure, transitions, scoring, outcome)."""

from __future__ import annotations

from typing import Any, ClassVar, Final

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import ConfigError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import (
    Action,
    Config,
    Deadline,
    Event,
    Game,
    GameSpec,
    NextRound,
    Outcome,
    Timeout,
)
from tischrunde.games.emojito import content
from tischrunde.games.emojito.actions import (
    Challenge,
    EmojitoAction,
    NoChallenge,
    PassedOn,
    Performed,
    SetDial,
    SkipDial,
    SkipPerformance,
)
from tischrunde.games.emojito.state import (
    CHALLENGE_STEP,
    GUESSER_STEP,
    LAYOUT_SIZE,
    PERFORMER_CAP,
    PERFORMER_STEP,
    PLAYERS,
    SKIPPED,
    TEAM_STEP,
    EmojitoState,
    RoundResult,
    laps,
    presentation_at,
    round_json,
    trophy_count,
)
from tischrunde.games.emojito.view import EmojitoView, view


def _draw(state: EmojitoState, k: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
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


_replace: Final = msgspec.structs.replace

#: the actions without parameters, and the dials, built once (frozen, so they can be shared)
_PERFORMED: Final = Performed()
_PASSED_ON: Final = PassedOn()
_CHALLENGE: Final = Challenge()
_NO_CHALLENGE: Final = NoChallenge()
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


class Emojito(Game[EmojitoState]):
    """The Emojito rules as pure functions over :class:`EmojitoState`."""

    spec: ClassVar[GameSpec]  # SPEC, set in __init__.py
    content = content.CONTENT
    action_type: ClassVar[Any] = EmojitoAction
    view_type: ClassVar[Any] = EmojitoView
    transition_stamps_time: ClassVar[bool] = True  # every transition sets last_t

    def __init__(self) -> None:
        #: the state ``_active`` answered last and its answer: a driver asks about the same state twice in a
        #: row (``playout_step_info``, then ``legal_actions``); one tuple, replaced whole, so no thread sees a
        #: torn pair
        self._active_memo: tuple[EmojitoState | None, tuple[int, ...]] = (None, ())

    # ------------------------------------------------------------------ setup

    def check_config(self, config: Config, options: dict[str, Any]) -> None:
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

    def new(self, config: Config) -> EmojitoState:
        options = self.resolve_options(config)
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
        state = EmojitoState(
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
        return self._start_round(state, 0)

    def example_configs(self) -> list[Config]:
        c = Config
        return [
            c(game="emojito", players=2, seed=1),
            c(game="emojito", players=7, seed=2, language="en", options={"wrong_step": 3}),
            c(game="emojito", players=4, seed=3, options={"secret_message": True, "dial_timeout_s": 20}),
            c(game="emojito", players=3, seed=4, options={"mode": "each"}),
            c(
                game="emojito",
                players=7,
                seed=5,
                options={"mode": "each", "performer_challengeable": True, "challenger_bonus_stacks": False},
            ),
            c(game="emojito", players=4, seed=6, options={"mode": "teams"}),
            c(game="emojito", players=14, seed=7, language="en", options={"mode": "teams"}),
        ]

    # ------------------------------------------------------------------ structure

    def team_count(self, state: EmojitoState) -> int:
        return state.config.players // 2

    def team_of(self, state: EmojitoState, seat: int) -> int:
        """Teams mode: partners sit opposite, team i = seats i and i + n/2."""
        return seat % self.team_count(state)

    def _side_of(self, state: EmojitoState, seat: int) -> int:
        if state.mode == "coop":
            return 0
        if state.mode == "each":
            return seat
        return self.team_of(state, seat)

    def _start_round(self, state: EmojitoState, t: int, round: int | None = None) -> EmojitoState:
        """The next round's performers draw their cards (``round``: its number from 0; None = state.round)."""
        n = state.config.players
        if round is None:
            round = state.round
        if state.mode == "teams":
            teams = self.team_count(state)
            performers = tuple(i + teams * (state.turns[i] % 2) for i in state.contenders)
        else:
            performers = ((state.first_seat + round) % n,)
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

    def presentation(self, state: EmojitoState) -> str:
        """How this round's performance must be shown: "face", "sound" or "face_sound"."""
        if state.mode == "teams" or state.secret_message:
            return "face"
        side = 0 if state.mode == "coop" else state.performers[0]
        return presentation_at(state.progress[side])

    def leaders(self, state: EmojitoState) -> tuple[int, ...]:
        """Each for themselves: the seats with the most face-up trophies, ties broken by progress."""
        keys = [(trophy_count(state, s), state.progress[s]) for s in range(state.config.players)]
        best = max(keys)
        return tuple(s for s, k in enumerate(keys) if k == best)

    def targets(self, state: EmojitoState, challenger: int, leaders: tuple[int, ...]) -> tuple[int, ...]:
        """The leaders a challenger's challenge is aimed at (not themself, not the performer by default)."""
        performer = state.performers[0]
        return tuple(
            s for s in leaders if s != challenger and (state.performer_challengeable or s != performer)
        )

    def chain_pair(self, state: EmojitoState) -> tuple[int, int] | None:
        """Secret message: (shower, watcher) of the showing under way now, or None."""
        if not state.secret_message or state.phase not in ("perform", "chain"):
            return None
        n = state.config.players
        performer = state.performers[0]
        return (performer + state.chain) % n, (performer + state.chain + 1) % n

    # ------------------------------------------------------------------ turn structure

    def _active(self, state: EmojitoState) -> tuple[int, ...]:
        """The seats that may act now, in seat order."""
        memo = self._active_memo
        if memo[0] is state:
            return memo[1]
        phase = state.phase
        active: tuple[int, ...]
        if phase == "dial":
            dials = state.dials
            waiting: list[int] = []
            for g in state.guessers:
                if dials[g] == 0:
                    waiting.append(g)
            active = tuple(waiting) if state.mode != "teams" else tuple(sorted(waiting))
        elif phase == "perform":
            done = state.done
            performers = state.performers
            if not done and len(performers) == 1:
                active = performers
            else:
                active = tuple(sorted([p for p in performers if p not in done]))
        elif phase == "chain":
            pair = self.chain_pair(state)
            assert pair is not None
            active = (pair[0],)
        elif phase == "challenge":
            declarations = state.declarations
            active = tuple([s for s in state.eligible if declarations[s] < 0])
        else:
            active = ()
        self._active_memo = (state, active)
        return active

    def active_seats(self, state: EmojitoState) -> frozenset[int]:
        return frozenset(self._active(state))

    def legal_actions(self, state: EmojitoState, seat: int) -> list[Action]:
        if seat not in self._active(state):
            return []
        phase = state.phase
        if phase == "dial":
            return list(_DIALS[len(state.layout)])
        if phase == "perform":
            return [_PERFORMED]
        if phase == "chain":
            return [_PASSED_ON]
        return [_CHALLENGE, _NO_CHALLENGE]

    def due_at(self, state: EmojitoState) -> int | None:
        phase = state.phase
        if phase == "dial" or phase == "challenge":
            return state.phase_t + state.dial_timeout_ms if state.dial_timeout_ms > 0 else None
        if phase == "perform" or phase == "chain":
            return state.phase_t + state.perform_timeout_ms if state.perform_timeout_ms > 0 else None
        if phase == "round_over":
            return state.round_until
        return None

    def deadline(self, state: EmojitoState) -> Deadline | None:
        due = self.due_at(state)
        if due is None:
            return None
        phase = state.phase
        if phase == "dial":
            return Deadline(due, "dial")
        if phase == "challenge":
            return Deadline(due, "challenge")
        if phase == "perform":
            active = self._active(state)
            return Deadline(due, "perform", active[0] if len(active) == 1 else None)
        if phase == "chain":
            pair = self.chain_pair(state)
            return Deadline(due, "perform", pair[0] if pair is not None else None)
        return Deadline(due, "round_pause", state.performers[0] if state.performers else None)

    def playout_step_info(self, state: EmojitoState) -> tuple[int | None, tuple[int, ...]] | None:
        if state.phase == "over":  # the one phase with an outcome
            return None
        return self.due_at(state), self._active(state)

    # ------------------------------------------------------------------ transitions

    def transition(
        self, state: EmojitoState, seat: int | None, action: Action, t: int
    ) -> tuple[EmojitoState, list[Event]]:
        kind = type(action)
        # due: Game.apply checked it (the usual SetDial and Performed skip the isinstance, slow when it fails)
        if kind is Timeout or (kind is not SetDial and kind is not Performed and isinstance(action, Timeout)):
            phase = state.phase
            if phase == "round_over":
                return self._next_round(state, t), []
            if phase == "perform":
                late = [p for p in state.performers if p not in state.done]
                return self._skip_performers(state, late, t, [_TIMEOUT_EVENT])
            if phase == "chain":  # the message stops where it is: the cards are laid out
                return self._after_performance(state, t, [_TIMEOUT_EVENT], state.done, state.chain)
            if phase == "challenge":  # who has not decided does not challenge
                return self._declare_rest(state, t, [_TIMEOUT_EVENT])
            return self._resolve(state, t, [_TIMEOUT_EVENT], state.dials)
        if seat is None or not 0 <= seat < state.config.players:
            raise NotYourTurnError(f"there is no seat {seat!r} at this table", code="no_such_seat")
        # the usual actions of their phase first (the checks below would pass them through unchanged)
        phase = state.phase
        if kind is SetDial and phase == "dial":
            return self._set_dial(state, seat, action.number, t)  # type: ignore[attr-defined]
        if kind is Performed and phase == "perform":
            return self._performed(state, seat, t)
        if phase == "over":
            raise IllegalActionError("the game is over", code="game_over")
        if isinstance(action, NextRound):
            if state.phase != "round_over":
                raise IllegalActionError(
                    "the next round starts once a round is over", code="not_round_over", rule="round_end"
                )
            if seat not in state.performers:
                raise NotYourTurnError(
                    "whoever performed this round starts the next one",
                    code="not_start_player",
                    rule="round_end",
                )
            return self._next_round(state, t), []
        if state.phase == "round_over":
            raise IllegalActionError(
                "the round is over: the next one starts in a moment", code="round_over", rule="round_end"
            )
        if isinstance(action, Performed):
            return self._performed(state, seat, t)
        if isinstance(action, PassedOn):
            return self._passed_on(state, seat, t)
        if isinstance(action, (Challenge, NoChallenge)):
            return self._declare(state, seat, isinstance(action, Challenge), t)
        if isinstance(action, SetDial):
            return self._set_dial(state, seat, action.number, t)
        if isinstance(action, SkipDial):
            return self._set_dial(state, seat, SKIPPED, t)
        if isinstance(action, SkipPerformance):
            if state.phase != "perform" or seat not in state.performers or seat in state.done:
                raise IllegalActionError(
                    "only a performer who has not performed yet can leave the performance out",
                    code="not_performing",
                    rule="performer",
                )
            return self._skip_performers(state, [seat], t, [])
        raise IllegalActionError(f"{type(action).__name__} is not an Emojito action", code="unknown_action")

    def _performed(self, state: EmojitoState, seat: int, t: int) -> tuple[EmojitoState, list[Event]]:
        if state.phase != "perform":
            raise IllegalActionError("nobody is performing right now", code="not_performing")
        performers = state.performers
        if seat not in performers:
            raise NotYourTurnError("only the performer performs", code="not_performer", rule="performer")
        if seat in state.done:
            raise IllegalActionError("you have already performed this round", code="already_performed")
        done = (*state.done, seat)
        events = [_PERFORMED_EVENT[seat]]
        if len(done) < len(performers):
            return _replace(state, done=done, last_t=t), events
        chain = state.chain
        if state.secret_message:
            chain = 1
            if chain < state.config.players - 1:
                return _replace(state, done=done, chain=chain, phase="chain", phase_t=t, last_t=t), events
        return self._after_performance(state, t, events, done, chain)

    def _passed_on(self, state: EmojitoState, seat: int, t: int) -> tuple[EmojitoState, list[Event]]:
        pair = self.chain_pair(state)
        if state.phase != "chain" or pair is None:
            raise IllegalActionError(
                "no secret message is being passed on", code="no_chain", rule="secret_message"
            )
        if seat != pair[0]:
            raise NotYourTurnError(
                f"seat {pair[0]} is showing the secret message now", code="not_shower", rule="secret_message"
            )
        chain = state.chain + 1
        events = [Event("passed_on", seat, {"to": pair[1]})]
        if chain < state.config.players - 1:
            return _replace(state, chain=chain, phase_t=t, last_t=t), events
        return self._after_performance(state, t, events, state.done, chain)

    def _skip_performers(
        self, state: EmojitoState, seats: list[int], t: int, events: list[Event]
    ) -> tuple[EmojitoState, list[Event]]:
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
                more[self.team_of(state, p)] += 1
            turns = tuple(more)
        state = _replace(
            state,
            performers=tuple(state.performers[j] for j in keep),
            cards=tuple(state.cards[j] for j in keep),
            discard=state.discard
            + tuple(state.cards[j] for j, p in enumerate(state.performers) if p in seats),
            turns=turns,
            last_t=t,
        )
        if not state.performers:
            return self._next_round(state, t), events
        if len(state.done) < len(state.performers):
            return state, events
        return self._after_performance(state, t, events, state.done, state.chain)

    def _declare_rest(
        self, state: EmojitoState, t: int, events: list[Event]
    ) -> tuple[EmojitoState, list[Event]]:
        """The challenge time is up: every seat that has not declared declines (its turn is done)."""
        for s in state.eligible:
            if state.declarations[s] < 0:
                state, more = self._declare(state, s, False, t)
                events = [*events, *more]
        return state, events

    def _after_performance(
        self, state: EmojitoState, t: int, events: list[Event], done: tuple[int, ...], chain: int
    ) -> tuple[EmojitoState, list[Event]]:
        """The performance is over (``done`` and ``chain``: their values now, for the state to come)."""
        if state.mode != "each":
            return self._lay_out(state, t, events, done, chain, state.leaders)
        leaders = self.leaders(state)
        performer = state.performers[0]
        eligible = tuple(
            s
            for s in range(state.config.players)
            if s != performer and trophy_count(state, s) >= 1 and self.targets(state, s, leaders)
        )
        if not eligible:
            return self._lay_out(state, t, events, done, chain, leaders)
        state = _replace(
            state,
            done=done,
            chain=chain,
            phase="challenge",
            leaders=leaders,
            eligible=eligible,
            declarations=(-1,) * state.config.players,
            phase_t=t,
            last_t=t,
        )
        return state, [*events, Event("challenge_open", data={"leaders": list(leaders)})]

    def _declare(
        self, state: EmojitoState, seat: int, challenge: bool, t: int
    ) -> tuple[EmojitoState, list[Event]]:
        if state.phase != "challenge":
            raise IllegalActionError(
                "challenges are declared after the performance and before the layout",
                code="not_challenge_time",
                rule="challenge",
            )
        eligible = state.eligible
        if seat not in eligible:
            raise NotYourTurnError(
                "only a player who is not the performer, holds a face-up trophy and has a leader to "
                "challenge may challenge",
                code="not_eligible",
                rule="challenge",
            )
        if state.declarations[seat] >= 0:
            raise IllegalActionError("you have already declared", code="already_declared", rule="challenge")
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
        state = _replace(
            state, declarations=tuple(declarations), challengers=challengers, flipped=tuple(flipped)
        )
        events.append(
            Event("challenges", data={"challengers": list(challengers), "leaders": list(state.leaders)})
        )
        return self._lay_out(state, t, events, state.done, state.chain, state.leaders)

    def _lay_out(
        self,
        state: EmojitoState,
        t: int,
        events: list[Event],
        done: tuple[int, ...],
        chain: int,
        leaders: tuple[int, ...],
    ) -> tuple[EmojitoState, list[Event]]:
        """Lay out the cards: the dials open (``done``, ``chain``, ``leaders``: their values now)."""
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
            teams = self.team_count(state)
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

    def _set_dial(
        self, state: EmojitoState, seat: int, number: int, t: int
    ) -> tuple[EmojitoState, list[Event]]:
        if state.phase != "dial":
            raise IllegalActionError("the dials are set once the cards are laid out", code="not_dial_time")
        guessers = state.guessers
        if seat not in guessers:
            raise NotYourTurnError(
                "the performer's dial is set to the true number by the game; only guessers set dials",
                code="not_guesser",
                rule="dial",
            )
        dials = list(state.dials)
        if dials[seat] != 0:
            raise IllegalActionError("your dial is already set", code="dial_set", rule="dial")
        if number != SKIPPED and (not isinstance(number, int) or not 1 <= number <= len(state.layout)):
            raise IllegalActionError(
                f"a dial shows a number from 1 to {len(state.layout)}", code="bad_number", rule="dial"
            )
        dials[seat] = number
        events = [_DIAL_SKIPPED[seat]] if number == SKIPPED else [_DIAL_SET[seat], _MY_DIAL[seat][number]]
        for g in guessers:
            if dials[g] == 0:
                return _replace(state, dials=tuple(dials), last_t=t), events
        return self._resolve(state, t, events, tuple(dials))

    # ------------------------------------------------------------------ scoring

    def _resolve(
        self, state: EmojitoState, t: int, events: list[Event], dials: tuple[int, ...]
    ) -> tuple[EmojitoState, list[Event]]:
        """Reveal the dials (``dials``: as set now) and score the round."""
        n = state.config.players
        mode = state.mode
        guessers = state.guessers
        performers = state.performers
        if mode == "teams":
            teams = self.team_count(state)
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
        progress = list(state.progress)
        moves = [0] * len(progress)
        challenged: tuple[int, ...] = ()
        fallen: list[int] = []
        if mode == "coop":
            moves[0] = len(correct)
            moves[1] = (len(guessers) - len(correct) - len(skipped)) * state.wrong_step
        elif mode == "each":
            performer = performers[0]
            moves[performer] += min(PERFORMER_CAP, PERFORMER_STEP * len(correct))
            for g in correct:
                moves[g] += GUESSER_STEP
            aims = {c: self.targets(state, c, state.leaders) for c in state.challengers}
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
                moves[self.team_of(state, g)] += TEAM_STEP
        layout = state.layout
        discard = state.discard + layout
        deck = state.deck
        trophies = list(state.trophies)
        flipped = state.flipped
        won = [0] * len(progress)
        for side, delta in enumerate(moves):
            if delta == 0:
                continue
            old = progress[side]
            new = max(0, old + delta)
            progress[side] = new
            crossings = laps(new) - laps(old)
            if crossings == 0:
                continue
            mine = list(trophies[side])
            for _ in range(crossings):
                if discard:
                    mine.append(discard[-1])
                    discard = discard[:-1]
                elif deck:
                    mine.append(deck[0])
                    deck = deck[1:]
                else:
                    mine.append(-1)
                won[side] += 1
            for _ in range(-crossings):
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
            layout=layout,
            answers=state.answers,
            dials=dials if not any_skipped else tuple([max(0, d) for d in dials]),
            correct=correct,
            moves=tuple(moves),
            trophies_won=tuple(won),
            challengers=state.challengers,
            challenged=challenged,
            fallen=tuple(fallen),
            skipped=skipped,
        )
        turns = state.turns
        if mode == "teams":
            more = list(turns)
            for p in performers:
                more[self.team_of(state, p)] += 1
            turns = tuple(more)
        pause = state.round_pause_ms
        # the revealed dials and the moves stay on the table until the pause ends or the performer goes on
        # (phase round_over, set here at once; the game's end or no pause below replace it)
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
            phase="round_over" if pause > 0 else state.phase,
            round_until=t + pause if pause > 0 else state.round_until,
        )
        events.append(Event("revealed", data=round_json(result)))
        if self._game_ends(scored) or len(deck) + len(discard) < LAYOUT_SIZE:
            scored = _replace(
                scored,
                phase="over",
                performers=(),
                cards=(),
                answers=(),
                phase_t=t,
                round_until=state.round_until,
            )
            events.append(_GAME_OVER)
            return scored, events
        if pause > 0:
            return scored, events
        return self._next_round(scored, t), events

    def _next_round(self, state: EmojitoState, t: int) -> EmojitoState:
        if state.mode == "teams":
            state = self._narrow_contenders(state)
        return self._start_round(state, t, state.round + 1)

    def _team_keys(self, state: EmojitoState) -> list[tuple[int, int]]:
        return [(trophy_count(state, side), state.progress[side]) for side in range(len(state.progress))]

    def _game_ends(self, state: EmojitoState) -> bool:
        if state.mode != "teams":
            target = state.target
            flipped = state.flipped
            for side, trophies in enumerate(state.trophies):
                if len(trophies) - len(flipped[side]) >= target:  # trophy_count
                    return True
            return False
        counts = [trophy_count(state, side) for side in range(len(state.progress))]
        if max(counts[i] for i in state.contenders) < state.target:
            return False
        keys = self._team_keys(state)
        best = max(keys[i] for i in state.contenders)
        return sum(1 for i in state.contenders if keys[i] == best) == 1

    def _narrow_contenders(self, state: EmojitoState) -> EmojitoState:
        """Teams: once a team reached the target, only the teams tied for first play on."""
        counts = [trophy_count(state, i) for i in state.contenders]
        if max(counts) < state.target:
            return state
        keys = self._team_keys(state)
        best = max(keys[i] for i in state.contenders)
        return _replace(state, contenders=tuple(i for i in state.contenders if keys[i] == best))

    def team_won(self, state: EmojitoState) -> bool:
        """Co-op: more trophies than the game, or equal trophies and strictly further ahead."""
        team, game = trophy_count(state, 0), trophy_count(state, 1)
        if team != game:
            return team > game
        return state.progress[0] > state.progress[1]

    def outcome(self, state: EmojitoState) -> Outcome | None:
        if state.phase != "over":
            return None
        n = state.config.players
        rounds = state.round + 1
        counts = [trophy_count(state, side) for side in range(len(state.progress))]
        if state.mode == "coop":
            won = self.team_won(state)
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
        seat_side = [self._side_of(state, s) for s in range(n)]
        # teams that did not play on after a tie for first place rank behind those that did
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

    # ------------------------------------------------------------------ views

    def view(self, state: EmojitoState, seat: int | None) -> dict[str, Any]:
        return view(self, state, seat)

    def rerandomize_hidden(self, state: EmojitoState, seat: int | None, seed: int) -> EmojitoState:
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
