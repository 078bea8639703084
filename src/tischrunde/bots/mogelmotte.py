"""Mogel-Motte bots. "random" comes from the core; ``heuristic`` plays, races, cheats and guards sensibly.

The heuristic bot sees only its seat's view and legal actions:

- On its turn it plays the card that helps most: a moth (as guard), then action cards (ant, mosquito,
  spider, cockroach: all make others suffer or let it shed a card), then number cards; with nothing
  playable it draws.
- Spider, mosquito gifts and the guard's gift: it gives away its highest-penalty card (the spider's to
  the seat with the fewest cards).
- Races: it slaps or throws a person's reaction time after the card landed (its level's ``react``
  distribution, see :mod:`tischrunde.bots.pace`: median 1250 ms at ``normal``), and now and then it
  misses a race altogether.
- Its move comes the level's ``think`` time (1-3 s) after its turn began. When an accusation and the
  guard's gift interrupt the turn it keeps that time (at least 1 s after it may move again) rather than
  thinking anew; when it was busy cheating or accusing as the turn began, the thinking counts from then.
- Casual choices: with the level's ``slip`` (easy 25 %, normal 20 %, hard never) the card it plays or
  gives is any legal one rather than the best.
- Cheating comes in urges, as with people: after each cheat the next urge comes an exponential time
  later (mean ``cheat_gap_ms``). With the urge, it cheats its worst card (moths first) at a chance where
  the guard seems busy (the guard's own turn, a race, a spider choice: the guard must then act before
  it can accuse) with ``busy_cheat_rate``, otherwise with ``cheat_rate``. Fidgets (to bait a wrong
  accusation) come the same way, mean ``fidget_gap_ms`` apart.
- As guard it watches the public tells. It estimates, per seat, how often that seat's tells were real
  (from the public events the driver hands it, ``observe``: vanished cards, catches, accused fidgets) and accuses with that probability
  times ``alertness`` (less when it is busy itself), if it notices the tell in time (the level's
  ``notice`` time after the tell began, which sometimes misses). It never peeks at whether a tell is
  real: the view does not say.

Levels (``heuristic:easy`` ...) set the pace and :data:`HABITS`; every parameter can be given on its own.
``reaction_ms`` and ``think_ms`` replace the level's distributions by a fixed base plus up to as much
again (for fast test bots).
"""

from __future__ import annotations

import math
from typing import Any

import msgspec

from tischrunde.bots.base import Bot, Decision
from tischrunde.bots.pace import DEFAULT_LEVEL, TURN_MAX_MS, TURN_MIN_MS, check_level
from tischrunde.core.game import Action, Event
from tischrunde.games.mogelmotte.content import KIND, PENALTY
from tischrunde.games.mogelmotte.state import (
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

#: how much playing each kind of card is worth beyond shedding its penalty points
PLAY_BONUS = {"number": 0.0, "ant": 8.0, "mosquito": 6.0, "spider": 5.0, "cockroach": 3.0, "moth": 0.0}

#: the longest a cheat or a fidget takes to start
QUICK_MAX_MS = 2000

#: how late after a busy decision was due the bot may still be asked for the first time since (the
#: server's commit of its act)
BUSY_SLACK_MS = 250

#: public events after which play moves on to a (new) turn; a catch's gift in between does not
TURN_MOVES = frozenset(
    {"deal", "play", "draw_impossible", "race_over", "throw", "spider_give", "spider_skip", "mosquito_give"}
)


class Habits(msgspec.Struct, frozen=True):
    """How often a level cheats, fidgets and accuses (see the module docstring)."""

    alertness: float
    cheat_gap_ms: int
    busy_cheat_rate: float
    cheat_rate: float
    fidget_gap_ms: int
    #: the chance that a choice (which card to play, which to give) is a casual one: any legal card
    slip: float = 0.0


#: per level. A normal bot cheats a little less than once a minute of play (5-6 times in a four-player
#: game of four rounds, 6-7 minutes), an easy one less often (about 4) and clumsily, a hard one about as
#: often as a normal one but mostly while the guard is busy (bench/README.md, "Bots at a person's pace")
HABITS: dict[str, Habits] = {
    "easy": Habits(
        alertness=0.45,
        cheat_gap_ms=90_000,
        busy_cheat_rate=0.3,
        cheat_rate=0.15,
        fidget_gap_ms=300_000,
        slip=0.25,
    ),
    "normal": Habits(
        alertness=0.65,
        cheat_gap_ms=50_000,
        busy_cheat_rate=0.6,
        cheat_rate=0.1,
        fidget_gap_ms=200_000,
        slip=0.2,
    ),
    "hard": Habits(
        alertness=0.85,
        cheat_gap_ms=40_000,
        busy_cheat_rate=0.9,
        cheat_rate=0.04,
        fidget_gap_ms=150_000,
        slip=0.0,
    ),
}


class HeuristicBot(Bot):
    """A reasonable Mogel-Motte player (see the module docstring)."""

    name = "heuristic"

    def __init__(
        self,
        seat: int,
        seed: int,
        *,
        level: str = DEFAULT_LEVEL,
        reaction_ms: int | None = None,
        think_ms: int | None = None,
        alertness: float | None = None,
        cheat_gap_ms: int | None = None,
        cheat_rate: float | None = None,
        busy_cheat_rate: float | None = None,
        fidget_gap_ms: int | None = None,
        slip: float | None = None,
    ) -> None:
        super().__init__(seat, seed, level=level)
        habits = HABITS[check_level(level)]
        self.reaction_ms = reaction_ms
        self.think_ms = think_ms
        self.alertness = habits.alertness if alertness is None else alertness
        self.cheat_gap_ms = habits.cheat_gap_ms if cheat_gap_ms is None else cheat_gap_ms
        self.cheat_rate = habits.cheat_rate if cheat_rate is None else cheat_rate
        self.busy_cheat_rate = habits.busy_cheat_rate if busy_cheat_rate is None else busy_cheat_rate
        self.fidget_gap_ms = habits.fidget_gap_ms if fidget_gap_ms is None else fidget_gap_ms
        self.slip = habits.slip if slip is None else slip
        #: the number of events observed so far (the last one's number)
        self.seen = -1
        #: per seat: [real tells, fake tells] seen so far (starting from a prior)
        self.tell_record: dict[int, list[float]] = {}
        #: tells (seat, until) this bot has already decided about as guard
        self.judged: set[tuple[int, int]] = set()
        #: the race (kind, until) this bot has timed, and when it acts in it (None: it missed the race)
        self.race: tuple[tuple[str, int], int | None] | None = None
        #: game times from which the next cheat and fidget may come (set on the first decision)
        self.cheat_after: int | None = None
        self.fidget_after: int | None = None
        #: the turn this bot is thinking about (``turn_moved``) and when it means to move
        self.turn_plan: tuple[int, int] | None = None
        #: the number of the last event that moved play on to a turn (the key of ``turn_plan``)
        self.turn_moved = -1
        #: when the bot last decided something other than its move and when that was due (it is not
        #: asked again until then)
        self.busy: tuple[int, int] | None = None

    # ------------------------------------------------------------------------------------ helpers

    def _fixed(self, base: int) -> int:
        return base + self.randbelow(max(1, base))

    def _think(self) -> int:
        return self._fixed(self.think_ms) if self.think_ms is not None else self.sample(self.pace.think)

    def _choose(self) -> int:
        if self.think_ms is not None:
            return self._fixed(self.think_ms // 2)
        return self.sample(self.pace.choose)

    def _quick(self) -> int:
        """A fast but unhurried act (a cheat, a fidget): fixed base, or the level's choose time (at most
        QUICK_MAX_MS, so a turn that begins meanwhile is not held up long)."""
        if self.reaction_ms is not None:
            return self._fixed(self.reaction_ms)
        return min(QUICK_MAX_MS, self.sample(self.pace.choose))

    def _turn_delay(self, now: int) -> int:
        """How long after ``now`` the bot makes its move on its turn: the level's ``think`` time (1-3 s)
        from the moment it first saw the turn. Asked again in the same turn (an accusation and the
        guard's gift came in between and dropped its plan) it keeps its time, at least ``TURN_MIN_MS``
        and at most ``TURN_MAX_MS`` from now: the thinking is not started over (that stacked up turns
        of 7 s). When it was busy with something else (a cheat, an accusation) the turn may have begun
        before it could think of it: the thinking counts from when it got busy, at least ``TURN_MIN_MS``
        from now."""
        plan = self.turn_plan
        if self.think_ms is not None:
            return self._think()
        if plan is not None and plan[0] == self.turn_moved:
            return min(TURN_MAX_MS, max(TURN_MIN_MS, plan[1] - now))
        delay = self._think()
        if self.busy is not None and now <= self.busy[1] + BUSY_SLACK_MS:
            delay = max(TURN_MIN_MS, delay - (now - self.busy[0]))
        self.turn_plan = (self.turn_moved, now + delay)
        return delay

    def _slipped(self) -> bool:
        """Whether this choice is a casual one (the level's ``slip``)."""
        return self.slip > 0 and self.random() < self.slip

    def _gap(self, mean_ms: int) -> int:
        """An exponential waiting time with this mean (the next urge)."""
        return int(-mean_ms * math.log(1.0 - self.random())) if mean_ms > 0 else 0

    def observe(self, events: list[Event]) -> None:
        """Learn from what this seat saw happen: turns moving on, tells that were real or fake."""
        for event in events:
            self.seen += 1
            kind, seat, data = event.kind, event.seat, event.data
            if kind in TURN_MOVES or (kind == "draw" and data.get("reason") == "turn"):
                self.turn_moved = self.seen
            if seat is None:
                continue
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
        decision = self._decide(view, legal, now)
        turn = decision is not None and isinstance(decision.action, (Play, Draw))
        # a decision other than the move on its turn keeps the bot from being asked until it acts: its
        # turn may begin meanwhile (see _turn_delay)
        self.busy = None if decision is None or turn else (now, now + decision.delay_ms)
        return decision

    def _decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        if not legal:
            return None
        if self.cheat_after is None:
            self.cheat_after = now + self._gap(self.cheat_gap_ms)
            self.fidget_after = now + self._gap(self.fidget_gap_ms)
        hand = {c["id"]: c for c in view["hand"]}
        gives = [a for a in legal if isinstance(a, Give)]
        if gives:
            if self._slipped():
                return Decision(gives[self.randbelow(len(gives))], self._choose())
            return Decision(max(gives, key=lambda a: (PENALTY[a.card], a.card)), self._choose())
        spider = [a for a in legal if isinstance(a, SpiderGive)]
        if spider or any(isinstance(a, SpiderSkip) for a in legal):
            return Decision(self._spider(view, spider), self._choose())
        for action in legal:
            if isinstance(action, (Slap, Throw)):
                due = self._race_due(view, now)
                if due is not None:
                    return Decision(action, max(0, due - now))
                break
        if view["phase"] == "turn" and view["turn_seat"] == self.seat:
            move = Decision(self._turn(legal, hand), self._turn_delay(now))
            # on its own turn the guard accuses only if it would do so before its move
            accusation = self._accusation(view, legal, now)
            return accusation if accusation is not None and accusation.delay_ms < move.delay_ms else move
        accusation = self._accusation(view, legal, now)
        if accusation is not None:
            return accusation
        return self._cheat(view, legal, hand, now)

    def _race_due(self, view: dict[str, Any], now: int) -> int | None:
        """When this bot slaps or throws in the running race (None: it missed this one)."""
        race = view["race"]
        key = (str(race["kind"]), int(race["until"]))
        if self.race is None or self.race[0] != key:
            if self.reaction_ms is not None:
                due: int | None = now + self._fixed(self.reaction_ms)
            else:
                window = view["options"]["slap_window_ms" if key[0] == "mosquito" else "throw_window_ms"]
                landed = key[1] - int(window)
                reaction = self.react(self.pace.react)
                due = None if reaction is None else landed + reaction
            self.race = (key, due)
        return self.race[1]

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
        if len(plays) > 1 and self._slipped():
            return plays[self.randbelow(len(plays))]
        return max(plays, key=lambda a: (PENALTY[a.card] + PLAY_BONUS[KIND[a.card]], a.card))

    def _accusation(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        accusations = [a for a in legal if isinstance(a, Accuse)]
        if not accusations:
            return None
        until = {tell["seat"]: tell["until"] for tell in view["tells"]}
        busy = view["phase"] != "turn" or view["turn_seat"] == self.seat
        cheat_ms = int(view["options"]["cheat_ms"])
        for action in accusations:
            key = (action.seat, until.get(action.seat, -1))
            if key in self.judged:
                continue
            self.judged.add(key)
            chance = self.alertness * self._real_rate(action.seat) * (0.35 if busy else 1.0)
            if self.random() >= chance:
                continue
            if self.reaction_ms is not None:
                due: int | None = now + self._fixed(self.reaction_ms + 150)
            else:
                noticed = self.react(self.pace.notice)
                due = None if noticed is None else key[1] - cheat_ms + noticed
            if due is not None and max(now, due) < key[1]:
                return Decision(action, max(0, due - now))
        return None

    def _cheat(
        self, view: dict[str, Any], legal: list[Action], hand: dict[int, dict[str, Any]], now: int
    ) -> Decision | None:
        cheats = [a for a in legal if isinstance(a, Cheat)]
        if not cheats:
            return None
        worst = max(cheats, key=lambda a: (PENALTY[a.card], not hand[a.card]["playable"], a.card))
        rate = self.busy_cheat_rate if self._guard_busy(view) else self.cheat_rate
        if PENALTY[worst.card] >= 10:
            rate = min(1.0, rate * 1.5)
        assert self.cheat_after is not None and self.fidget_after is not None
        if now >= self.cheat_after and self.random() < rate:
            self.cheat_after = now + self._gap(self.cheat_gap_ms)
            return Decision(worst, self._quick())
        if now >= self.fidget_after and any(isinstance(a, Fidget) for a in legal) and self.random() < rate:
            self.fidget_after = now + self._gap(self.fidget_gap_ms)
            return Decision(Fidget(), self._quick())
        return None


BOTS = {"heuristic": HeuristicBot}
