"""Mogel-Motte bots. "random" comes from the core; ``heuristic`` plays, races, cheats and guards sensibly.

The heuristic bot sees only its seat's view and legal actions:

- On its turn it plays the card that helps most: a moth (as guard), then action cards (ant, mosquito,
  spider, cockroach: all make others suffer or let it shed a card), then number cards; with nothing
  playable it draws.
- Spider, mosquito gifts and the guard's gift: it gives away its highest-penalty card (the spider's to
  the seat with the fewest cards). It slaps and throws fast (``reaction_ms``).
- Cheating: with two or more cards and not guard, it cheats its worst card (moths first) when the guard
  seems busy (the guard's own turn, a race, a spider choice): the guard must then act before it can
  accuse. Otherwise it cheats rarely, and fidgets sometimes to bait a wrong accusation.
- As guard it watches the public tells. It estimates, per seat, how often that seat's tells were real
  (from the public events: vanished cards, catches, accused fidgets) and accuses with that probability
  times ``alertness`` after a reaction time; less when it is busy itself. It never peeks at whether a
  tell is real: the view does not say.

Parameters: ``reaction_ms`` (250), ``alertness`` (0.9), ``cheat_rate`` (0.05: per chance when the guard
is attentive), ``busy_cheat_rate`` (0.6), ``fidget_rate`` (0.02), ``think_ms`` (700: delay of turn
decisions).
"""

from __future__ import annotations

from typing import Any

from tischrunde.bots.base import Bot, Decision
from tischrunde.core.game import Action
from tischrunde.games.mogelmotte.actions import (
    Accuse,
    Cheat,
    Draw,
    Fidget,
    Give,
    Play,
    Slap,
    SpiderGive,
    SpiderSkip,
    Throw,
)
from tischrunde.games.mogelmotte.cards import KIND, PENALTY

#: how much playing each kind of card is worth beyond shedding its penalty points
PLAY_BONUS = {"number": 0.0, "ant": 8.0, "mosquito": 6.0, "spider": 5.0, "cockroach": 3.0, "moth": 0.0}


class HeuristicBot(Bot):
    """A reasonable Mogel-Motte player (see the module docstring)."""

    name = "heuristic"

    def __init__(
        self,
        seat: int,
        seed: int,
        *,
        reaction_ms: int = 250,
        alertness: float = 0.9,
        cheat_rate: float = 0.05,
        busy_cheat_rate: float = 0.6,
        fidget_rate: float = 0.02,
        think_ms: int = 700,
    ) -> None:
        super().__init__(seat, seed)
        self.reaction_ms = reaction_ms
        self.alertness = alertness
        self.cheat_rate = cheat_rate
        self.busy_cheat_rate = busy_cheat_rate
        self.fidget_rate = fidget_rate
        self.think_ms = think_ms
        self.seen = -1
        #: per seat: [real tells, fake tells] seen so far (starting from a prior)
        self.tell_record: dict[int, list[float]] = {}
        #: tells (seat, until) this bot has already decided about as guard
        self.judged: set[tuple[int, int]] = set()

    # ------------------------------------------------------------------------------------ helpers

    def _reaction(self, base: int) -> int:
        return base + self.randbelow(max(1, base))

    def _learn(self, view: dict[str, Any]) -> None:
        for event in view["events"]:
            if event["n"] <= self.seen:
                continue
            self.seen = event["n"]
            kind, seat, data = event["kind"], event["seat"], event["data"]
            if kind == "tell_end":
                self._record(seat, real=bool(data["vanished"]))
            elif kind == "caught":
                self._record(seat, real=True)
            elif kind == "wrong_accusation" and data.get("fidget"):
                self._record(seat, real=False)

    def _record(self, seat: int, *, real: bool) -> None:
        counts = self.tell_record.setdefault(seat, [2.0, 1.0])
        counts[0 if real else 1] += 1.0

    def _real_rate(self, seat: int) -> float:
        real, fake = self.tell_record.get(seat, [2.0, 1.0])
        return real / (real + fake)

    @staticmethod
    def _guard_busy(view: dict[str, Any]) -> bool:
        guard = view["guard_seat"]
        phase = view["phase"]
        if phase in ("mosquito_race", "cockroach_race", "mosquito_give"):
            return True
        return view["turn_seat"] == guard and phase in ("turn", "spider")

    # ----------------------------------------------------------------------------------- deciding

    def decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        if not legal:
            return None
        self._learn(view)
        hand = {c["id"]: c for c in view["hand"]}
        gives = [a for a in legal if isinstance(a, Give)]
        if gives:
            return Decision(
                max(gives, key=lambda a: (PENALTY[a.card], a.card)), self._reaction(self.reaction_ms)
            )
        spider = [a for a in legal if isinstance(a, SpiderGive)]
        if spider or any(isinstance(a, SpiderSkip) for a in legal):
            return Decision(self._spider(view, spider), self._reaction(self.think_ms // 2))
        for action in legal:
            if isinstance(action, (Slap, Throw)):
                return Decision(action, self._reaction(self.reaction_ms))
        accusation = self._accusation(view, legal, now)
        if accusation is not None:
            return accusation
        if view["phase"] == "turn" and view["turn_seat"] == self.seat:
            return Decision(self._turn(legal, hand), self._reaction(self.think_ms))
        return self._cheat(view, legal, hand)

    def _spider(self, view: dict[str, Any], options: list[SpiderGive]) -> Action:
        if not options:
            return SpiderSkip()
        counts = view["hand_counts"]
        target = min((s for s in range(view["players"]) if s != self.seat), key=lambda s: (counts[s], s))
        best = max(
            (a for a in options if a.to_seat == target), key=lambda a: (PENALTY[a.card], a.card), default=None
        )
        return best if best is not None else options[0]

    def _turn(self, legal: list[Action], hand: dict[int, dict[str, Any]]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return Draw()
        if len(hand) == 1:
            return plays[0]
        return max(plays, key=lambda a: (PENALTY[a.card] + PLAY_BONUS[KIND[a.card]], a.card))

    def _accusation(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        accusations = [a for a in legal if isinstance(a, Accuse)]
        if not accusations:
            return None
        until = {tell["seat"]: tell["until"] for tell in view["tells"]}
        busy = view["phase"] != "turn" or view["turn_seat"] == self.seat
        for action in accusations:
            key = (action.seat, until.get(action.seat, -1))
            if key in self.judged:
                continue
            self.judged.add(key)
            chance = self.alertness * self._real_rate(action.seat) * (0.35 if busy else 1.0)
            if self.random() < chance:
                delay = self._reaction(self.reaction_ms + 150)
                if now + delay < key[1]:
                    return Decision(action, delay)
        return None

    def _cheat(
        self, view: dict[str, Any], legal: list[Action], hand: dict[int, dict[str, Any]]
    ) -> Decision | None:
        cheats = [a for a in legal if isinstance(a, Cheat)]
        if not cheats:
            return None
        worst = max(cheats, key=lambda a: (PENALTY[a.card], not hand[a.card]["playable"], a.card))
        rate = self.busy_cheat_rate if self._guard_busy(view) else self.cheat_rate
        if PENALTY[worst.card] >= 10:
            rate = min(1.0, rate * 1.5)
        roll = self.random()
        if roll < rate:
            return Decision(worst, self._reaction(self.reaction_ms))
        if roll < rate + self.fidget_rate and any(isinstance(a, Fidget) for a in legal):
            return Decision(Fidget(), self._reaction(self.reaction_ms))
        return None


BOTS = {"heuristic": HeuristicBot}
