"""The uniform engine API every game implements.

A game is a :class:`Game` object: pure functions over a frozen state. The driver (CLI, server,
tests) owns time: it stamps every action with ``t`` (ms since game start) and injects
:class:`Timeout` when ``deadline(state)`` has passed.

The rules every game follows, enforced here in :meth:`Game.apply` (one implementation for all games):

- **Time never runs backwards.** An action (a Timeout included) stamped earlier than the last applied
  one is refused with code ``time_backwards``.
- **Deadlines.** ``deadline(state)`` is a :class:`Deadline` ``(t, kind, seat)`` or None. A seat's action
  stamped at or after ``deadline.t`` is refused with code ``deadline_passed`` (state unchanged) until the
  driver has applied ``Timeout()`` (seat None, stamped at or after ``t``); the driver then sends the
  action again. The one exception are deadlines of a kind in :data:`LAPSING_KINDS` (windows nobody needs
  to use, such as an objection window): such a window closes by itself, i.e. ``apply`` first applies the
  Timeout at the window's ``t`` (its events come first) and then the action. A ``Timeout`` before the
  deadline (or with none) is refused with ``too_early``, a Timeout from a seat with ``timeout_from_seat``.
- **Round ends** (:meth:`Game.end_round`, the branch every game with rounds takes): the last round ends
  the game (phase ``over``); any other stops in phase ``round_over`` (the round's result in the view) until
  the deadline of kind ``round_pause`` (``state.round_until``) or the start player's :class:`NextRound`,
  and with no pause the next round starts at once. ``apply`` alone handles the pause: ``NextRound`` from
  the seat ``round_starter`` names (``not_start_player`` from others, ``not_round_over`` outside the pause),
  every other action refused with ``round_over``; then the game's ``next_round``.
- **Time.** Every state keeps the time of the last applied action in ``last_t``.
- **Speed.** A game may hand the driver fast equivalents of the plain methods in one optional
  :class:`Speed` object (``Game.speed``); the conformance suite checks that they agree.
- **Who starts.** ``Config.first_seat`` (None = seat 0) is the seat the rules name first: the guard bug
  in Mogel-Motte (the oldest), the Queen in Wordland's round 1 (the youngest), the start player in
  Emojito and Stella. Rounds count from 1 in every view.

    game = registry.get("mogelmotte")
    state = game.new(Config(game="mogelmotte", players=4, seed=1))
    seats = game.active_seats(state)
    actions = game.legal_actions(state, seat)
    state, events = game.apply(state, seat, actions[0], t=1200)
    game.view(state, seat)          # JSON-safe dict; seat None = spectator / table screen
    game.outcome(state)             # Outcome once the game is over, else None
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final, Generic, Literal, TypeVar

import msgspec

from tischrunde.core.content import NO_CONTENT, GameContent
from tischrunde.core.errors import ConfigError, IllegalActionError, MalformedActionError, NotYourTurnError

S = TypeVar("S")

Language = Literal["de", "en"]
Source = Literal["seed", "official", "ours"]


class Action(msgspec.Struct, frozen=True, tag_field="type"):
    """Base of every action. Subclasses set ``tag="..."``; JSON form is ``{"type": tag, ...}``."""


class Timeout(Action, frozen=True, tag="timeout"):
    """Injected by the driver (seat ``None``) once ``deadline(state)`` has passed."""


class NextRound(Action, frozen=True, tag="next_round"):
    """The start player's tap that ends the ``round_over`` pause early (every game with rounds)."""


#: the phase between two rounds (``Game.end_round``)
ROUND_OVER: Final = "round_over"

#: deadline kinds that are windows nobody needs to use: an action after one closes it by itself
LAPSING_KINDS = frozenset({"objection"})


class Deadline(msgspec.Struct, frozen=True):
    """When the driver must inject Timeout: at ``t`` (ms); ``kind`` says what runs out (e.g. "turn",
    "vote", "objection", "round_pause"), ``seat`` whose time it is (None: nobody's in particular)."""

    t: int
    kind: str
    seat: int | None = None

    @property
    def lapses(self) -> bool:
        """A window nobody needs to use: an action after it closes it by itself (see module docstring)."""
        return self.kind in LAPSING_KINDS


class Event(msgspec.Struct, frozen=True):
    """Something that happened, for logs and animations. ``visible_to`` None means public."""

    kind: str
    seat: int | None = None
    data: dict[str, Any] = {}
    visible_to: tuple[int, ...] | None = None


class Outcome(msgspec.Struct, frozen=True):
    """Final result: score per seat, rank per seat (1 = best, shared on ties), winning seats."""

    scores: list[float]
    ranks: list[int]
    winners: list[int]
    details: dict[str, Any] = {}


class Config(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Everything needed to start a game. ``decks`` optionally fixes card orders (stacked decks)."""

    game: str
    players: int
    seed: int = 0
    language: Language = "de"
    options: dict[str, Any] = {}
    decks: dict[str, list[Any]] | None = None
    first_seat: int | None = None
    more_time: int = 100


#: ``Config.more_time``, relaxed timers (WCAG 2.2.1) in percent: 100 plays the game as set, 150/200/300
#: give every timer more time, 0 turns the courtesy timers off; a game timer (one that is the game's
#: point: the teapot, the races, cheating) gets at most double time (``GAME_TIMER_MAX``)
MORE_TIME = (100, 150, 200, 300, 0)
GAME_TIMER_MAX = 200

TimerKind = Literal["", "game", "courtesy"]


class ChoiceLabel(msgspec.Struct, frozen=True):
    """The plain words for one value of a choice option, shown instead of the value itself."""

    value: Any
    en: str
    de: str


class AppliesWhen(msgspec.Struct, frozen=True):
    """An option that matters only while another option has one of ``values`` (Emojito's mode)."""

    option: str
    values: tuple[Any, ...]


class OptionSpec(msgspec.Struct, frozen=True):
    """One configurable rule. ``choices`` for enumerations; ``minimum``/``maximum`` for numbers.

    ``timer`` says whether the option is a timer and which (``Config.more_time`` scales it): ``game``, a
    timer that is the game's point (the teapot, a race, a cheat's duration), or ``courtesy``, one that only
    keeps play moving (dials, marking, choosing, pauses); ``unlimited`` is the value that means "no limit"
    (what ``more_time`` 0 sets a courtesy timer to; without one it gets triple time).
    ``choice_labels`` give each choice plain words in both languages (the UI shows them, never the
    value); ``applies_when`` says that the option only matters under another option's values (the lobby
    hides it otherwise; the engine keeps and checks it as always).

    ``check`` holds an option to its real domain: a bool is a bool, a choice one of ``choices`` (of the
    default's type), a number within its bounds (finite); a structured option (dict, list) is checked for its
    type here and for its shape by the game's ``check_config``, which sees every option of every config."""

    name: str
    default: Any
    description_en: str
    description_de: str
    source: Source = "ours"
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    timer: TimerKind = ""
    unlimited: int | None = None
    choice_labels: tuple[ChoiceLabel, ...] = ()
    applies_when: AppliesWhen | None = None

    def check(self, value: Any) -> Any:
        """Return the value if allowed, else raise ConfigError naming this option."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise self._refused(value, (True, False))
            return value
        if self.choices is not None:
            # 10.0 == 10 and True == 1: a choice must also have the default's type
            if type(value) is not type(self.default) or value not in self.choices:
                raise self._refused(value, self.choices)
            return value
        if isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise self._refused(value, f"an integer {self.minimum}..{self.maximum}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise self._refused(value, f"an integer {self.minimum}..{self.maximum}")
            return value
        if isinstance(self.default, float):
            if (
                not isinstance(value, (int, float))
                or isinstance(value, bool)
                or not math.isfinite(value)
                or (self.minimum is not None and value < self.minimum)
                or (self.maximum is not None and value > self.maximum)
            ):
                raise self._refused(value, f"a number {self.minimum}..{self.maximum}")
            return float(value)
        if isinstance(self.default, str):
            # a free text option (none has one yet): short, printable
            if not isinstance(value, str) or len(value) > 200 or not value.isprintable():
                raise self._refused(value, "a short printable text")
            return value
        # a structured option (a dict or list): the type here, its real domain in the game's check_config
        if not isinstance(value, type(self.default)):
            raise self._refused(value, f"a {type(self.default).__name__}")
        return value

    def _refused(self, value: Any, allowed: Any) -> ConfigError:
        """The error for a value this option does not allow (its field named only when one is raised)."""
        return ConfigError(f"options.{self.name}", value, allowed)


def scale_timers(options: Iterable[OptionSpec], values: dict[str, Any], more_time: int) -> dict[str, Any]:
    """The options with every timer given more time (``Config.more_time``, in percent; 0 = courtesy
    timers off). A timer that is off (its ``unlimited`` value) stays off. Values grow, never shrink."""
    out = dict(values)
    for option in options:
        if not option.timer or option.name not in out:
            continue
        value = out[option.name]
        if value == option.unlimited:
            continue
        if option.timer == "game":
            percent = min(more_time or GAME_TIMER_MAX, GAME_TIMER_MAX)
        elif more_time == 0 and option.unlimited is not None:
            out[option.name] = option.unlimited
            continue
        else:
            percent = more_time or 300
        out[option.name] = -(-value * percent // 100)  # rounded up: more time, never less
    return out


class GameSpec(msgspec.Struct, frozen=True):
    """Static metadata of a game, shown by ``tischrunde games`` and the lobby."""

    name: str
    title_de: str
    title_en: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    rules_version: int
    summary_de: str = ""
    summary_en: str = ""
    simultaneous: bool = False
    hidden_information: bool = True
    max_decisions: int = 100_000
    bots_in_rooms: bool = True
    deck_names: tuple[str, ...] = ()

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)


class Speed(Generic[S]):
    """A game's optional fast paths, gathered in one place (``Game.speed``). Each must agree exactly with
    the plain methods it stands for (the conformance suite checks it on every step of its playouts):

    - ``stamps_time``: every ``transition`` sets ``last_t`` to the action's ``t`` itself, so ``apply`` and
      fast drivers need not stamp it;
    - ``due_at(state)``: ``deadline(state).t`` or None, without building the Deadline;
    - ``step_info(state)``: None once the game is over, else ``(due_at(state), sorted active seats)``;
    - ``views(state, seats)``: ``{seat: view(state, seat)}``, building what all seats share only once.
    """

    __slots__ = ("due_at", "stamps_time", "step_info", "views")

    def __init__(
        self,
        *,
        stamps_time: bool = False,
        due_at: Callable[[S], int | None] | None = None,
        step_info: Callable[[S], tuple[int | None, tuple[int, ...]] | None] | None = None,
        views: Callable[[S, Iterable[int | None]], dict[int | None, dict[str, Any]]] | None = None,
    ) -> None:
        self.stamps_time = stamps_time
        self.due_at = due_at
        self.step_info = step_info
        self.views = views


def end_round(
    state: S, t: int, *, last: bool, pause_ms: int, next_round: Callable[[S, int], tuple[S, list[Event]]]
) -> tuple[S, list[Event]]:
    """The round-end branch of every game with rounds (:meth:`Game.end_round`), for rules written as
    functions that reach it without the Game object: the last round ends the game (phase ``over``), any
    other pauses in phase ``round_over`` until ``t + pause_ms``, or ``next_round(state, t)`` deals at once
    when there is no pause."""
    replace = msgspec.structs.replace
    if last:
        return replace(state, phase="over"), []  # type: ignore[type-var]
    if pause_ms > 0:
        return replace(state, phase=ROUND_OVER, round_until=t + pause_ms), []  # type: ignore[type-var]
    return next_round(state, t)


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses are stateless; all state lives in ``S`` (frozen), which keeps its
    ``config``, the time of the last action in ``last_t`` and, in a game with rounds (``rounds``), its
    ``phase`` and ``round_until``."""

    spec: ClassVar[GameSpec]
    #: the tagged union of this game's actions (msgspec decodes into it)
    action_type: ClassVar[Any]
    #: the type of this game's view: a ``msgspec.Struct`` (``forbid_unknown_fields=True``) that every
    #: ``view(state, seat)`` converts to exactly. The server sends the plain dict (built without the type on
    #: the hot path); the type documents it, ``tischrunde schema GAME`` prints its JSON Schema and the
    #: conformance suite checks every view of every playout against it (:func:`check_view`).
    view_type: ClassVar[Any] = None

    def resolve_options(self, config: Config) -> dict[str, Any]:
        """Validate a config and return its options with defaults filled in."""
        spec = self.spec
        if config.game != spec.name:
            raise ConfigError("game", config.game, (spec.name,))
        if not isinstance(config.players, int) or not spec.min_players <= config.players <= spec.max_players:
            raise ConfigError("players", config.players, f"{spec.min_players}..{spec.max_players}")
        known = {o.name: o for o in spec.options}
        for name in config.options:
            if name not in known:
                raise ConfigError(f"options.{name}", config.options[name], sorted(known) or "no options")
        resolved = {o.name: o.check(config.options.get(o.name, o.default)) for o in spec.options}
        if config.first_seat is not None and (
            not isinstance(config.first_seat, int)
            or isinstance(config.first_seat, bool)
            or not 0 <= config.first_seat < config.players
        ):
            raise ConfigError("first_seat", config.first_seat, f"a seat 0..{config.players - 1} or None")
        if config.decks is not None:
            for name in config.decks:
                if name not in spec.deck_names:
                    raise ConfigError(f"decks.{name}", "...", spec.deck_names or "no decks")
        self.check_config(config, resolved)
        if config.more_time != 100:
            if config.more_time not in MORE_TIME:
                raise ConfigError("more_time", config.more_time, MORE_TIME)
            resolved = scale_timers(spec.options, resolved, config.more_time)
        return resolved

    def check_config(self, config: Config, options: dict[str, Any]) -> None:
        """Hook for rules that tie options to the player count (modes, team sizes)."""

    @abstractmethod
    def new(self, config: Config) -> S:
        """A fresh game; raises ConfigError naming the bad field."""

    @abstractmethod
    def active_seats(self, state: S) -> frozenset[int]:
        """Seats that may act now (several for simultaneous moves, races and cheating)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Legal actions of a seat. For open choices (a word, a set of cards) a finite sample."""

    #: what the game serves besides its rules (public content, picture art, a room's own content): the
    #: server asks this hook and knows no game by name (``core.content``)
    content: ClassVar[GameContent] = NO_CONTENT
    #: the game's optional fast paths (:class:`Speed`), None: the plain methods serve
    speed: ClassVar[Speed[Any] | None] = None
    #: a game of rounds: ``apply`` runs the pause between rounds (module docstring, :meth:`end_round`)
    rounds: ClassVar[bool] = False

    def apply(self, state: S, seat: int | None, action: Action, t: int) -> tuple[S, list[Event]]:
        """Pure transition. Raises GameError (state untouched) when the action is not allowed.

        Applies the common time, deadline and round-pause rules (module docstring), then the game's
        ``transition``.
        """
        # the hot path of every driver: a handful of attribute reads before the game's own transition
        last_t: int = state.last_t  # type: ignore[attr-defined]
        if t < last_t:
            raise IllegalActionError(
                f"Time cannot run backwards: this action came at {t} ms, the last one at {last_t} ms.",
                code="time_backwards",
                rule="time",
            )
        if self.rounds and state.phase == ROUND_OVER:  # type: ignore[attr-defined]
            return self._round_pause(state, seat, action, t)
        if type(action) is NextRound:
            raise IllegalActionError(
                "The next round starts once a round is over.", code="not_round_over", rule="round_end"
            )
        at = self.due_at(state)
        if isinstance(action, Timeout):
            if seat is not None:
                raise NotYourTurnError(
                    "Only the game's clock sends timeouts.", code="timeout_from_seat", rule="time"
                )
            if at is None or t < at:
                raise IllegalActionError(
                    "Nothing is due yet: a timeout waits for the deadline.", code="too_early", rule="time"
                )
        elif at is not None and t >= at:
            return self._after_deadline(state, seat, action, t)
        new, events = self.transition(state, seat, action, t)
        speed = self.speed
        if (speed is None or not speed.stamps_time) and new.last_t != t:  # type: ignore[attr-defined]
            new = msgspec.structs.replace(new, last_t=t)  # type: ignore[type-var]
        return new, events

    # ------------------------------------------------------------------ rounds (once for every game)

    def end_round(self, state: S, t: int, *, last: bool, pause_ms: int) -> tuple[S, list[Event]]:
        """The round-end branch of every game with rounds, for a state whose round has just been scored:
        the last round ends the game (phase ``over``), any other pauses in phase ``round_over`` until
        ``t + pause_ms`` (the deadline ``round_pause``), or starts the next round at once when there is no
        pause (``pause_ms`` 0). The same as the module's :func:`end_round` with this game's ``next_round``."""
        return end_round(state, t, last=last, pause_ms=pause_ms, next_round=self.next_round)

    def next_round(self, state: S, t: int) -> tuple[S, list[Event]]:
        """A game with rounds: deal the next round (after the pause, or at once)."""
        raise NotImplementedError(f"{self.spec.name} has no rounds")

    def round_starter(self, state: S) -> int | None:
        """A game with rounds: the seat whose ``NextRound`` ends the pause (None: nobody's but the clock)."""
        raise NotImplementedError(f"{self.spec.name} has no rounds")

    def starts_next_round(self, state: S, seat: int | None) -> bool:
        """A game with rounds: whether this seat's ``NextRound`` ends the pause (the ``round_starter``'s; a
        game may let more seats, e.g. every performer of the round)."""
        return seat == self.round_starter(state)

    def _round_pause(self, state: S, seat: int | None, action: Action, t: int) -> tuple[S, list[Event]]:
        """An action in phase ``round_over``: the pause ends by its deadline or by the start player."""
        kind = type(action)
        if kind is Timeout:
            if seat is not None:
                raise NotYourTurnError(
                    "Only the game's clock sends timeouts.", code="timeout_from_seat", rule="time"
                )
            if t < state.round_until:  # type: ignore[attr-defined]
                raise IllegalActionError(
                    "Nothing is due yet: a timeout waits for the deadline.", code="too_early", rule="time"
                )
        elif kind is NextRound:
            if t >= state.round_until:  # type: ignore[attr-defined]
                raise IllegalActionError(
                    f"Too late: the round_pause deadline passed at {state.round_until} ms; the driver "  # type: ignore[attr-defined]
                    "applies the timeout first.",
                    code="deadline_passed",
                    rule="time",
                )
            if not self.starts_next_round(state, seat):
                raise NotYourTurnError(
                    f"Seat {self.round_starter(state)} (who started the round) starts the next round.",
                    code="not_start_player",
                    rule="round_end",
                )
        else:
            raise IllegalActionError(
                "The round is over: the next one starts in a moment.", code="round_over", rule="round_end"
            )
        new, events = self.next_round(state, t)
        if new.last_t != t:  # type: ignore[attr-defined]
            new = msgspec.structs.replace(new, last_t=t)  # type: ignore[type-var]
        return new, events

    def _after_deadline(self, state: S, seat: int | None, action: Action, t: int) -> tuple[S, list[Event]]:
        """A seat's action at or after a due deadline: refused (``deadline_passed``), unless every deadline
        passed meanwhile is a lapsing window, which then closes first (its events come first)."""
        events: list[Event] = []
        for _ in range(64):
            due = self.deadline(state)
            if due is None or t < due.t:
                break
            if not due.lapses:
                raise IllegalActionError(
                    f"Too late: the {due.kind} deadline passed at {due.t} ms; the driver applies the "
                    "timeout first.",
                    code="deadline_passed",
                    rule="time",
                )
            state, lapsed = self.apply(state, None, _TIMEOUT, due.t)
            events += lapsed
        new, more = self.apply(state, seat, action, t)
        return new, events + more

    @abstractmethod
    def transition(self, state: S, seat: int | None, action: Action, t: int) -> tuple[S, list[Event]]:
        """The game's own rules for one action, called by ``apply`` once the common time and deadline rules
        hold (a Timeout is due, a seat's action comes before the deadline). Raises GameError."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """JSON-safe view of one seat (None: spectator / table screen). Never holds others' secrets."""

    def views(self, state: S, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view`` of several seats at once (the server's broadcast): ``Speed.views`` when the game has
        one, else ``view`` per seat."""
        speed = self.speed
        if speed is not None and speed.views is not None:
            return speed.views(state, seats)
        return {seat: self.view(state, seat) for seat in seats}

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Scores, ranks and winners once the game is over, else None."""

    def deadline(self, state: S) -> Deadline | None:
        """The earliest deadline: when (and why) the driver must inject Timeout, if any. The round pause is
        the core's (kind ``round_pause``); every other deadline is the game's ``play_deadline``."""
        if self.rounds and state.phase == ROUND_OVER:  # type: ignore[attr-defined]
            return Deadline(state.round_until, "round_pause", self.round_starter(state))  # type: ignore[attr-defined]
        return self.play_deadline(state)

    @abstractmethod
    def play_deadline(self, state: S) -> Deadline | None:
        """The game's own earliest deadline outside the round pause, if any."""

    def due_at(self, state: S) -> int | None:
        """``deadline(state).t``, or None: what a timer needs (``Speed.due_at`` when the game has one)."""
        speed = self.speed
        if speed is not None and speed.due_at is not None:
            return speed.due_at(state)
        due = self.deadline(state)
        return None if due is None else due.t

    def step_info(self, state: S) -> tuple[int | None, tuple[int, ...]] | None:
        """What a driver needs before each step, in one call: None once the game is over, else
        ``(due_at(state), sorted active seats)`` (``Speed.step_info`` when the game has one)."""
        speed = self.speed
        if speed is not None and speed.step_info is not None:
            return speed.step_info(state)
        if self.outcome(state) is not None:
            return None
        return self.due_at(state), _sorted_seats(self.active_seats(state))

    @abstractmethod
    def rerandomize_hidden(self, state: S, seat: int | None, seed: int) -> S:
        """A state that looks the same to ``seat`` but reshuffles everything it cannot see.

        Used by the no-leak test: ``view(state, seat) == view(rerandomize_hidden(state, seat, k), seat)``.
        """

    def example_configs(self) -> list[Config]:
        """Configs the conformance suite plays: every mode and the extreme player counts."""
        spec = self.spec
        return [
            Config(game=spec.name, players=spec.min_players, seed=1),
            Config(game=spec.name, players=spec.max_players, seed=2, language="en"),
        ]

    def config_of(self, state: S) -> Config:
        """The config the state was created from (every game state keeps it as ``config``)."""
        config = getattr(state, "config", None)
        if not isinstance(config, Config):
            raise TypeError("game state must keep its Config in a 'config' field")
        return config

    def decode_action(self, raw: Any) -> Action:
        """Decode a JSON-like dict (or JSON text: bytes, str or msgspec.Raw) into one of this game's actions."""
        try:
            if isinstance(raw, (bytes, str, msgspec.Raw)):
                decoder = _ACTION_DECODERS.get(type(self))
                if decoder is None:
                    decoder = _ACTION_DECODERS[type(self)] = msgspec.json.Decoder(self.action_type)
                action = decoder.decode(raw)
            else:
                action = msgspec.convert(raw, type=self.action_type)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise MalformedActionError(f"not a {self.spec.name} action: {exc}") from exc
        if not isinstance(action, Action):
            raise MalformedActionError(f"not a {self.spec.name} action")
        return action


_TIMEOUT = Timeout()

#: a JSON decoder of each game's actions, made on first use
_ACTION_DECODERS: dict[type[Any], msgspec.json.Decoder[Any]] = {}

#: sorted tuples of the active-seat sets seen so far (a handful per game: seats are small numbers)
_SORTED_SEATS: dict[frozenset[int], tuple[int, ...]] = {}


def _sorted_seats(seats: frozenset[int]) -> tuple[int, ...]:
    """``tuple(sorted(seats))``, cached."""
    found = _SORTED_SEATS.get(seats)
    if found is None:
        if len(_SORTED_SEATS) >= 4096:
            _SORTED_SEATS.clear()
        found = _SORTED_SEATS[seats] = tuple(sorted(seats))
    return found


def encode_action(action: Action) -> dict[str, Any]:
    """The JSON-safe dict form of an action (inverse of ``Game.decode_action``)."""
    out = msgspec.to_builtins(action)
    assert isinstance(out, dict)
    return out


def check_view(game: Game[Any], view: dict[str, Any]) -> Any:
    """``view`` converted to the game's :attr:`Game.view_type`; raises ``msgspec.ValidationError`` naming
    the first field that does not fit (a missing or unknown field, a wrong type)."""
    if game.view_type is None:
        raise TypeError(f"{game.spec.name} has no view_type")
    return msgspec.convert(view, game.view_type, strict=True)


def view_schema(game: Game[Any]) -> dict[str, Any]:
    """The JSON Schema of the game's view (``tischrunde schema GAME``)."""
    if game.view_type is None:
        raise TypeError(f"{game.spec.name} has no view_type")
    schema: dict[str, Any] = msgspec.json.schema(game.view_type)
    schema["title"] = f"{game.spec.title_en}: the view of one seat (or of the table screen)"
    return schema
