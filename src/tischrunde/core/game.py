"""The uniform engine API every game implements.

A game is a :class:`Game` object: pure functions over a frozen state. The driver (CLI, server,
tests) owns time: it stamps every action with ``t`` (ms since game start) and injects
:class:`Timeout` when ``deadline(state)`` has passed.

    game = registry.get("mogelmotte")
    state = game.new(Config(game="mogelmotte", players=4, seed=1))
    seats = game.active_seats(state)
    actions = game.legal_actions(state, seat)
    state, events = game.apply(state, seat, actions[0], t=1200)
    game.view(state, seat)          # JSON-safe dict; seat None = spectator / table screen
    game.outcome(state)             # Outcome once the game is over, else None
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar, Generic, Literal, TypeVar

import msgspec

from tischrunde.core.errors import ConfigError, MalformedActionError

S = TypeVar("S")

Language = Literal["de", "en"]
Source = Literal["seed", "official", "ours"]


class Action(msgspec.Struct, frozen=True, tag_field="type"):
    """Base of every action. Subclasses set ``tag="..."``; JSON form is ``{"type": tag, ...}``."""


class Timeout(Action, frozen=True, tag="timeout"):
    """Injected by the driver (seat ``None``) once ``deadline(state)`` has passed."""


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


class OptionSpec(msgspec.Struct, frozen=True):
    """One configurable rule. ``choices`` for enumerations; ``minimum``/``maximum`` for ints."""

    name: str
    default: Any
    description_en: str
    description_de: str
    source: Source = "ours"
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        """Return the value if allowed, else raise ConfigError naming this option."""
        field = f"options.{self.name}"
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ConfigError(field, value, (True, False))
            return value
        if self.choices is not None:
            if value not in self.choices or isinstance(value, bool) != isinstance(self.default, bool):
                raise ConfigError(field, value, self.choices)
            return value
        if isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigError(field, value, f"an integer {self.minimum}..{self.maximum}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise ConfigError(field, value, f"an integer {self.minimum}..{self.maximum}")
            return value
        if isinstance(self.default, float):
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise ConfigError(field, value, f"a number {self.minimum}..{self.maximum}")
            return float(value)
        if not isinstance(value, type(self.default)):
            raise ConfigError(field, value, f"a {type(self.default).__name__}")
        return value


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


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses are stateless; all state lives in ``S`` (frozen)."""

    spec: ClassVar[GameSpec]
    #: the tagged union of this game's actions (msgspec decodes into it)
    action_type: ClassVar[Any]

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
        if config.decks is not None:
            for name in config.decks:
                if name not in spec.deck_names:
                    raise ConfigError(f"decks.{name}", "...", spec.deck_names or "no decks")
        self.check_config(config, resolved)
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

    @abstractmethod
    def apply(self, state: S, seat: int | None, action: Action, t: int) -> tuple[S, list[Event]]:
        """Pure transition. Raises GameError (state untouched) when the action is not allowed."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """JSON-safe view of one seat (None: spectator / table screen). Never holds others' secrets."""

    def views(self, state: S, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view`` of several seats at once (the server's broadcast). Must equal ``view`` per seat; a game
        may override it to build the part all seats share only once."""
        return {seat: self.view(state, seat) for seat in seats}

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Scores, ranks and winners once the game is over, else None."""

    @abstractmethod
    def deadline(self, state: S) -> int | None:
        """The earliest time (ms) at which the driver must inject Timeout, if any."""

    def playout_step_info(self, state: S) -> tuple[int | None, tuple[int, ...]] | None:
        """What a fast driver needs before each step, in one call: None once the game is over, else
        ``(deadline(state), sorted active seats)``.

        Optional fast path for ``core/playout.py``: a game may override it with a cheaper equivalent, which
        must agree with ``outcome``, ``deadline`` and ``active_seats``.
        """
        if self.outcome(state) is not None:
            return None
        return self.deadline(state), _sorted_seats(self.active_seats(state))

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
