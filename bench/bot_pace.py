"""Bots at a person's pace: what the levels look like in simulated games (a benchmark, not a test).

    PYTHONPATH=src python bench/bot_pace.py [--games N] [--seed S] [--json]

1. Mogel-Motte, four ``heuristic:<level>`` bots per game, for each level: the slap and throw latency
   after the card lands (median, p10, p90, from the game records: the race card's entry to each
   slap or throw entry), the share of races a seat missed (no slap before the window closed), and
   cheats, fidgets and accusations per bot and game.
2. Mogel-Motte, one ``heuristic`` (normal) bot against three simulated people: a player model with the
   same strategy but a person's timing from another family of distributions (ex-Gaussian reaction
   times, the classic fit of human reaction times: Gaussian + exponential tail). The bot's win rate
   should be near a fair share (25 %).
3. Wordland, ``word:easy``, ``word`` and ``word:hard`` at one table: turn time (the turn's start to the
   typed word; an objection's vote in between counts too), the share of words written capitalised (German), and the share of fitting words that met an
   objection.
4. Stella: the win rate of each kind (cautious, balanced, greedy) at 3, 4 and 5 players.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Sequence
from typing import Any

import msgspec

from tischrunde.bots import Bot, make_bot
from tischrunde.bots.driver import play_game
from tischrunde.bots.mogelmotte import HeuristicBot
from tischrunde.bots.pace import LEVELS, Reaction
from tischrunde.core import registry
from tischrunde.core.game import Config
from tischrunde.core.records import Record
from tischrunde.games.mogelmotte.content import KIND
from tischrunde.games.wordland.content import category_index, word_key


def quantiles(values: Sequence[float]) -> dict[str, float]:
    """Median, p10 and p90 (0 for no values)."""
    if len(values) < 2:
        return {"n": len(values), "median": values[0] if values else 0.0, "p10": 0.0, "p90": 0.0}
    deciles = statistics.quantiles(values, n=10)
    return {"n": len(values), "median": statistics.median(values), "p10": deciles[0], "p90": deciles[-1]}


# ---- 1. reaction times from the records ----------------------------------------------------------


class RaceStats(msgspec.Struct):
    slap: list[int] = msgspec.field(default_factory=list)
    throw: list[int] = msgspec.field(default_factory=list)
    slap_chances: int = 0
    slap_missed: int = 0
    cheats: int = 0
    fidgets: int = 0
    accusations: int = 0


def race_latencies(record: Record, seats: set[int], stats: RaceStats) -> None:
    """Add the record's slap/throw latencies (of ``seats``) after the card landed, and its tells."""
    players = record.config.players
    race: tuple[str, int, int, set[int]] | None = None  # kind, landed at, player, seats that acted
    for entry in record.entries:
        action = entry.action
        kind = action.get("type")
        if race is not None and kind in ("play", "draw", "spider_give", "spider_skip", "give", "timeout"):
            if race[0] == "mosquito":
                chances = [s for s in range(players) if s != race[2] and s in seats]
                stats.slap_chances += len(chances)
                # the one who had not slapped when the last slap came is the slowest, not a miss
                stats.slap_missed += max(0, sum(1 for s in chances if s not in race[3]) - 1)
            race = None
        if entry.seat in seats:
            if kind == "cheat":
                stats.cheats += 1
            elif kind == "fidget":
                stats.fidgets += 1
            elif kind == "accuse":
                stats.accusations += 1
        if kind == "play" and KIND[action["card"]] in ("mosquito", "cockroach"):
            assert entry.seat is not None
            race = (KIND[action["card"]], entry.t, entry.seat, set())
        elif race is not None and kind in ("slap", "throw") and entry.seat is not None:
            race[3].add(entry.seat)
            if entry.seat in seats:
                (stats.slap if kind == "slap" else stats.throw).append(entry.t - race[1])
            if kind == "throw":
                race = None


def levels_section(games: int, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for level in LEVELS:
        stats = RaceStats()
        for i in range(games):
            config = Config(game="mogelmotte", players=4, seed=seed + i)
            bots = [make_bot("mogelmotte", f"heuristic:{level}", s, seed + i) for s in range(4)]
            race_latencies(play_game(config, bots).record, {0, 1, 2, 3}, stats)
        both = stats.slap + stats.throw
        per_bot_game = 4 * games
        out[level] = {
            "slap_or_throw_ms": quantiles(both),
            "slap_ms": quantiles(stats.slap),
            "throw_ms": quantiles(stats.throw),
            "missed_slaps": stats.slap_missed / max(1, stats.slap_chances),
            "cheats_per_game": stats.cheats / per_bot_game,
            "fidgets_per_game": stats.fidgets / per_bot_game,
            "accusations_per_game": stats.accusations / per_bot_game,
        }
    return out


# ---- 2. one bot against three simulated people ----------------------------------------------------


class ExGauss(msgspec.Struct, frozen=True):
    """A person's reaction time: Gaussian (mu, sigma) plus an exponential tail (tau); ``miss`` share."""

    mu: float
    sigma: float
    tau: float
    miss: float = 0.0
    floor: float = 150.0


#: the people's timing, by the bot pace it replaces (react, notice, think, choose)
PEOPLE = {
    "react": ExGauss(600, 80, 280, miss=0.04),
    "notice": ExGauss(750, 120, 380, miss=0.12),
    "think": ExGauss(1100, 200, 650),
    "choose": ExGauss(850, 150, 450),
}


class Person(HeuristicBot):
    """The heuristic player's choices with a person's (ex-Gaussian) timing instead of the bot pace."""

    name = "person"

    def _exgauss(self, dist: ExGauss) -> int:
        u1 = 1.0 - self.random()
        u2 = self.random()
        z = math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)
        tail = -dist.tau * math.log(1.0 - self.random())
        return int(max(dist.floor, dist.mu + dist.sigma * z + tail))

    def _which(self, reaction: Reaction) -> ExGauss:
        for name in ("react", "notice", "think", "choose"):
            if reaction is getattr(self.pace, name):
                return PEOPLE[name]
        raise ValueError(f"no person timing for {reaction}")

    def sample(self, reaction: Reaction) -> int:
        return self._exgauss(self._which(reaction))

    def react(self, reaction: Reaction) -> int | None:
        dist = self._which(reaction)
        if self.random() < dist.miss:
            return None
        return self._exgauss(dist)


def against_people_section(games: int, seed: int) -> dict[str, Any]:
    wins = 0.0
    people = RaceStats()
    bot = RaceStats()
    for i in range(games):
        bot_seat = i % 4
        config = Config(game="mogelmotte", players=4, seed=seed + i)
        seats: list[Bot] = [
            make_bot("mogelmotte", "heuristic", s, seed + i) if s == bot_seat else Person(s, seed + i)
            for s in range(4)
        ]
        result = play_game(config, seats)
        if bot_seat in result.outcome.winners:
            wins += 1 / len(result.outcome.winners)
        race_latencies(result.record, {bot_seat}, bot)
        race_latencies(result.record, {s for s in range(4) if s != bot_seat}, people)
    return {
        "games": games,
        "bot_win_rate": wins / games,
        "fair_share": 0.25,
        "bot_slap_or_throw_ms": quantiles(bot.slap + bot.throw),
        "people_slap_or_throw_ms": quantiles(people.slap + people.throw),
    }


# ---- 3. Wordland ----------------------------------------------------------------------------------


def wordland_section(games: int, seed: int) -> dict[str, Any]:
    game = registry.get("wordland")
    turn_times: list[int] = []
    words = capitalised = fitting = objected_fitting = 0
    kinds = ["word:easy", "word", "word:hard", "word"]
    for i in range(games):
        config = Config(game="wordland", players=4, seed=seed + i, language="de")
        record = play_game(config, [make_bot("wordland", k, s, seed + i) for s, k in enumerate(kinds)]).record
        state = game.new(config)
        said: dict[int, bool] = {}  # turn id -> the word fits its category
        objected: set[int] = set()
        turn_started = 0
        for entry in record.entries:
            action = game.decode_action(entry.action)
            before = state
            state, _ = game.apply(state, entry.seat, action, entry.t)
            if entry.action.get("type") == "say":
                word = entry.action["word"]
                category = game.view(before, None)["category"]["id"]
                words += 1
                capitalised += word[:1].isupper()
                turn_times.append(entry.t - turn_started)
                fits = word_key(word) in {word_key(w) for w in category_index()[category].words["de"]}
                said[before.turn_id] = fits
            elif entry.action.get("type") == "object":
                objected.add(entry.action["turn_id"])
            if state.turn_id != before.turn_id:
                turn_started = entry.t
        fitting += sum(said.values())
        objected_fitting += sum(1 for turn_id, fits in said.items() if fits and turn_id in objected)
    return {
        "games": games,
        "turn_ms": quantiles(turn_times),
        "turns_2_to_6_s": sum(1 for t in turn_times if 2000 <= t <= 6000) / max(1, len(turn_times)),
        "words": words,
        "capitalised": capitalised / max(1, words),
        "fitting": fitting / max(1, words),
        "objected_fitting": objected_fitting / max(1, fitting),
    }


# ---- 4. Stella ------------------------------------------------------------------------------------


def stella_section(games: int, seed: int) -> dict[str, Any]:
    kinds = ["cautious", "balanced", "greedy"]
    out: dict[str, Any] = {}
    for players in (3, 4, 5):
        wins = dict.fromkeys(kinds, 0.0)
        seats = dict.fromkeys(kinds, 0)
        for i in range(games):
            table = [kinds[(i + s) % 3] for s in range(players)]
            config = Config(game="stella", players=players, seed=seed + i)
            result = play_game(config, [make_bot("stella", k, s, seed + i) for s, k in enumerate(table)])
            for s, kind in enumerate(table):
                seats[kind] += 1
                if s in result.outcome.winners:
                    wins[kind] += 1 / len(result.outcome.winners)
        out[f"{players}p"] = {k: wins[k] / seats[k] for k in kinds}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = {
        "mogelmotte_levels": levels_section(args.games, args.seed),
        "mogelmotte_bot_vs_people": against_people_section(args.games, args.seed),
        "wordland": wordland_section(max(1, args.games // 4), args.seed),
        "stella_win_rates": stella_section(args.games, args.seed),
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for level, row in report["mogelmotte_levels"].items():
        q = row["slap_or_throw_ms"]
        print(
            f"mogelmotte {level:6}: slap/throw after the card median {q['median']:.0f} ms "
            f"(p10 {q['p10']:.0f}, p90 {q['p90']:.0f}, n {q['n']}); missed slaps {row['missed_slaps']:.1%}; "
            f"per bot and game: cheats {row['cheats_per_game']:.1f}, fidgets {row['fidgets_per_game']:.1f}, "
            f"accusations {row['accusations_per_game']:.1f}"
        )
    vs = report["mogelmotte_bot_vs_people"]
    bq, pq = vs["bot_slap_or_throw_ms"], vs["people_slap_or_throw_ms"]
    print(
        f"mogelmotte normal bot vs 3 people: win rate {vs['bot_win_rate']:.1%} (fair 25%) over {vs['games']}"
        f" games; bot median {bq['median']:.0f} ms (p10 {bq['p10']:.0f}, p90 {bq['p90']:.0f}), people median "
        f"{pq['median']:.0f} ms (p10 {pq['p10']:.0f}, p90 {pq['p90']:.0f})"
    )
    wl = report["wordland"]
    tq = wl["turn_ms"]
    print(
        f"wordland: turn median {tq['median']:.0f} ms (p10 {tq['p10']:.0f}, p90 {tq['p90']:.0f}), "
        f"{wl['turns_2_to_6_s']:.1%} within 2-6 s; {wl['words']} words, {wl['capitalised']:.1%} capitalised, "
        f"{wl['fitting']:.1%} fitting, {wl['objected_fitting']:.1%} of fitting words objected to"
    )
    for players, rates in report["stella_win_rates"].items():
        print(f"stella {players}: " + ", ".join(f"{k} {v:.1%}" for k, v in rates.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
