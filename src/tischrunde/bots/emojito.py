"""Emojito bots: models of players for simulation (bots cannot act or watch a face).

Design: the performance travels outside the engine, as it does at a real table. A performing
:class:`ModelBot` reads its own card from its own view and puts a :class:`Performance` (card and
clarity) on a :class:`Stage`; a guessing ModelBot watches the stage for the performance it is meant
to see (its round and performer) and is right with probability ``accuracy`` x the performer's
``clarity`` (x ``chain_fidelity`` per extra link in a secret-message chain), else it picks one of the
other numbers uniformly. The engine's views never carry the answer; the stage is the only path, and
it only holds what a performer bot chose to act.

Bots of one simulated game share a stage: pass ``stage=Stage()`` to every bot explicitly, or let
them share the default stage of their ``seed`` (``make_bot`` gives every seat of one game the same
seed, so ``tischrunde simulate`` works through the generic ``play_game`` unchanged). Creating the
seat-0 bot of a seed clears that seed's default stage, so each game starts with an empty stage; a
guesser that finds no performance, or one whose card is not in the layout, guesses uniformly.

Each-for-themselves strategy: an eligible bot challenges with probability ``challenge_rate`` when it
is not a leader itself (it is behind the leader and holds a face-up trophy, which eligibility
already demands); otherwise it declines.

Parameters: ``accuracy`` (0.6), ``clarity`` (1.0), ``chain_fidelity`` (0.9), ``challenge_rate`` (0.5),
``stage`` (None = the seed's default stage), ``min_delay_ms``/``max_delay_ms`` scale the reaction times,
``level`` (easy, normal, hard) makes them longer or shorter.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import msgspec

from tischrunde.bots.base import Bot, Decision
from tischrunde.bots.pace import DEFAULT_LEVEL, SLOWER
from tischrunde.core.game import Action
from tischrunde.games.emojito import (
    Challenge,
    NoChallenge,
    PassedOn,
    Performed,
    SetDial,
    SkipDial,
    SkipPerformance,
)


class Performance(msgspec.Struct, frozen=True):
    """What a performer acted: the card and how clearly (the guessers' accuracy is scaled by it)."""

    round: int
    performer: int
    card: int
    clarity: float


class Stage:
    """The space between a performer and the guessers, outside the engine."""

    def __init__(self) -> None:
        self.performances: dict[tuple[int, int], Performance] = {}

    def perform(self, performance: Performance) -> None:
        self.performances[(performance.round, performance.performer)] = performance

    def watch(self, round_number: int, performer: int) -> Performance | None:
        return self.performances.get((round_number, performer))

    def clear(self) -> None:
        self.performances.clear()


_STAGES: OrderedDict[int, Stage] = OrderedDict()
_MAX_STAGES = 256


def stage_for(seed: int) -> Stage:
    """The default stage shared by the bots created with this seed (one game of a simulation)."""
    stage = _STAGES.get(seed)
    if stage is None:
        stage = _STAGES[seed] = Stage()
        while len(_STAGES) > _MAX_STAGES:
            _STAGES.popitem(last=False)
    else:
        _STAGES.move_to_end(seed)
    return stage


def _check_probability(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
        raise TypeError(f"emojito bot parameter {name} must be a number from 0 to 1, got {value!r}")
    return float(value)


class ModelBot(Bot):
    """A player model: performs, passes on, challenges and guesses with a given accuracy."""

    name = "model"

    def __init__(
        self,
        seat: int,
        seed: int,
        *,
        accuracy: float = 0.6,
        clarity: float = 1.0,
        chain_fidelity: float = 0.9,
        challenge_rate: float = 0.5,
        stage: Stage | None = None,
        min_delay_ms: int = 1000,
        max_delay_ms: int = 6000,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        super().__init__(seat, seed, level=level)
        self.accuracy = _check_probability("accuracy", accuracy)
        self.clarity = _check_probability("clarity", clarity)
        self.chain_fidelity = _check_probability("chain_fidelity", chain_fidelity)
        self.challenge_rate = _check_probability("challenge_rate", challenge_rate)
        if stage is None:
            stage = stage_for(seed)
            if seat == 0:
                stage.clear()
        self.stage = stage
        self.min_delay_ms = min_delay_ms
        self.max_delay_ms = max(min_delay_ms, max_delay_ms)

    def _delay(self, factor: float = 1.0) -> int:
        spread = self.max_delay_ms - self.min_delay_ms
        return int(factor * SLOWER[self.level] * (self.min_delay_ms + self.randbelow(spread + 1)))

    def decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        if not legal:
            return None
        first = legal[0]
        if isinstance(first, Performed):
            if view["my_card"] is not None:
                self.stage.perform(Performance(view["round"], self.seat, view["my_card"], self.clarity))
            return Decision(first, self._delay(1.2))
        if isinstance(first, PassedOn):
            return Decision(first, self._delay(0.8))
        if isinstance(first, (Challenge, NoChallenge)):
            return Decision(self._declare(view), self._delay(0.3))
        if isinstance(first, SetDial):
            return Decision(SetDial(self._guess(view)), self._delay())
        return Decision(legal[self.randbelow(len(legal))], self._delay())

    def _declare(self, view: dict[str, Any]) -> Action:
        challenge = view["challenge"]
        behind = challenge is not None and self.seat not in challenge["leaders"]
        if behind and self.random() < self.challenge_rate:
            return Challenge()
        return NoChallenge()

    def _my_performer(self, view: dict[str, Any]) -> int:
        n = int(view["players"])
        if view["mode"] == "teams":
            return (self.seat + n // 2) % n
        return int(view["performer"])

    def _guess(self, view: dict[str, Any]) -> int:
        layout: list[int] = view["layout"]
        performer = self._my_performer(view)
        performance = self.stage.watch(int(view["round"]), performer)
        if performance is None or performance.card not in layout:
            return 1 + self.randbelow(len(layout))
        truth = layout.index(performance.card) + 1
        p = self.accuracy * performance.clarity
        if view["secret_message"]:
            links = (self.seat - performer) % int(view["players"])
            p *= self.chain_fidelity ** max(0, links - 1)
        if self.random() < p:
            return truth
        others = [k for k in range(1, len(layout) + 1) if k != truth]
        return others[self.randbelow(len(others))]


class AwayBot(ModelBot):
    """The stand-in for a person who is away (it sees no performance: its own stage stays empty).

    It does not hold the table up: an away guesser's dial is skipped within a moment (``SkipDial``: no
    blind guess, a skipped dial is neither right nor wrong), a challenge is declined at once. An away
    performer's performance it leaves out (``SkipPerformance``: the next performer goes), a message it
    passes on, both only after ``perform_wait_ms`` (55 s): a performer acting with a sleeping phone must
    not have the performance cut short (the host can call the stand-in in at once).
    """

    name = "away"

    def __init__(self, seat: int, seed: int, *, perform_wait_ms: int = 55_000, **params: Any) -> None:
        super().__init__(seat, seed, stage=Stage(), **params)
        self.perform_wait_ms = perform_wait_ms

    def decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        if not legal:
            return None
        first = legal[0]
        if isinstance(first, Performed):
            return Decision(SkipPerformance(), self.perform_wait_ms)
        if isinstance(first, PassedOn):
            return Decision(first, self.perform_wait_ms)
        if isinstance(first, (Challenge, NoChallenge)):
            return Decision(NoChallenge(), self.sample(self.pace.choose))
        if isinstance(first, SetDial):
            return Decision(SkipDial(), self.sample(self.pace.choose))
        return super().decide(view, legal, now)


BOTS = {"model": ModelBot, "away": AwayBot}
#: the kind that stands in for a person who is away (see ``tischrunde.bots.standin_kind``)
STANDIN = "away"
