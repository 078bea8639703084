"""Bots at a person's pace: what the levels look like in simulated games (a benchmark, not a test).

    PYTHONPATH=src python bench/bot_pace.py [--games N] [--seed S] [--json]

1. Mogel-Motte, four ``heuristic:<level>`` bots per game, for each level: the slap and throw latency
   after the card lands (median, p10, p90, from the game records: the race card's entry to each
   slap or throw entry), the share of races a seat missed (no slap before the window closed), and
   cheats, fidgets and accusations per bot and game.
2. Mogel-Motte, one ``heuristic:<level>`` bot of each level against simulated people (``--players``,
   default 4; the bot's seat rotating over seeded games): people with the heuristic player's habits,
   casual choices (15 % of the cards they play or give are any legal one) and a person's timing: each
   person's own median race time drawn uniformly from 0.9-2.1 s, every slap or throw log-normal around
   it (another family than the bots' floor + log-normal). The bot's win rate with its Wilson 95 %
   interval (``bots/compare.py``) against the fair share 1/n, penalty points, race times and the bot's
   turn times (from when it could move, and from the turn's start, an accusation settled in between
   included). ``--only people`` runs just this part.
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
from tischrunde.bots.compare import wilson
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


def tail(values: Sequence[float]) -> dict[str, float]:
    """``quantiles`` plus p99, the largest value and the share above 3 s."""
    out = quantiles(values)
    if len(values) >= 100:
        out["p99"] = statistics.quantiles(values, n=100)[-1]
    out["max"] = max(values, default=0)
    out["over_3s"] = sum(1 for v in values if v > 3000) / max(1, len(values))
    return out


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


# ---- 2. one bot of each level against three simulated people -------------------------------------


class Timing(msgspec.Struct, frozen=True):
    """A person's time for one kind of act: log-normal around ``median_ms``, clipped; ``miss`` share."""

    median_ms: float
    sigma: float
    low_ms: int
    high_ms: int
    miss: float = 0.0


#: the people's race times (slap or throw after the card lands): each person has a median of their own,
#: drawn uniformly from this range (the evening: people took 0.9-2.1 s to slap)
PEOPLE_RACE_MS = (900, 2100)
#: how often a person's choice of a card to play or give is a casual one (any legal card)
PEOPLE_SLIP = 0.15


class Person(HeuristicBot):
    """A simulated person at the table: the heuristic player's habits (as ``normal``), casual choices
    (``PEOPLE_SLIP``) and a person's timing, log-normal around the person's own race median ``race_ms``
    (``PEOPLE_RACE_MS``), not the bots' distributions (floor + log-normal, ``bots/pace.py``)."""

    name = "person"

    def __init__(self, seat: int, seed: int, *, race_ms: float | None = None) -> None:
        super().__init__(seat, seed, slip=PEOPLE_SLIP)
        low, high = PEOPLE_RACE_MS
        race = low + (high - low) * self.random() if race_ms is None else race_ms
        self.race_ms = race
        self.timings = {
            "react": Timing(race, 0.25, 450, 4000, miss=0.04),
            "notice": Timing(race + 250, 0.30, 550, 5000, miss=0.3),
            "think": Timing(2200, 0.40, 900, 9000),
            "choose": Timing(1700, 0.35, 700, 6000),
        }

    def _timing(self, reaction: Reaction) -> Timing:
        for name in ("react", "notice", "think", "choose"):
            if reaction is getattr(self.pace, name):
                return self.timings[name]
        raise ValueError(f"no person timing for {reaction}")

    def sample(self, reaction: Reaction) -> int:
        t = self._timing(reaction)
        u1 = 1.0 - self.random()
        u2 = self.random()
        z = math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)
        return int(min(t.high_ms, max(t.low_ms, t.median_ms * math.exp(t.sigma * z))))

    def react(self, reaction: Reaction) -> int | None:
        if self.random() < self._timing(reaction).miss:
            return None
        return self.sample(reaction)


def against_people_section(
    games: int, seed: int, players: int = 4, levels: Sequence[str] = LEVELS
) -> dict[str, Any]:
    """For each level: one ``heuristic:<level>`` bot (seat rotating) and ``players - 1`` people, ``games``
    seeded games; the bot's win rate (a shared win counts as a share) with its Wilson 95 % interval, the
    fair share 1/n, the bot's and the people's race times and penalty points, the bot's turn times."""
    out: dict[str, Any] = {"players": players, "games": games, "fair_share": 1 / players}
    for level in levels:
        wins = 0.0
        people, bot = RaceStats(), RaceStats()
        bot_points: list[int] = []
        people_points: list[int] = []
        turns: list[int] = []
        spans: list[int] = []
        for i in range(games):
            bot_seat = i % players
            game_seed = seed + i
            config = Config(game="mogelmotte", players=players, seed=game_seed)
            seats: list[Bot] = [
                make_bot("mogelmotte", f"heuristic:{level}", s, game_seed)
                if s == bot_seat
                else Person(s, game_seed)
                for s in range(players)
            ]
            result = play_game(config, seats)
            if bot_seat in result.outcome.winners:
                wins += 1 / len(result.outcome.winners)
            race_latencies(result.record, {bot_seat}, bot)
            race_latencies(result.record, {s for s in range(players) if s != bot_seat}, people)
            totals = result.outcome.scores
            bot_points.append(int(totals[bot_seat]))
            people_points.extend(int(totals[s]) for s in range(players) if s != bot_seat)
            moves, whole = turn_times(result.record, bot_seat)
            turns.extend(moves)
            spans.extend(whole)
        low, high = wilson(wins, games)
        out[level] = {
            "bot_win_rate": wins / games,
            "interval95": [low, high],
            "bot_slap_or_throw_ms": quantiles(bot.slap + bot.throw),
            "people_slap_or_throw_ms": quantiles(people.slap + people.throw),
            "bot_penalty_mean": statistics.fmean(bot_points),
            "people_penalty_mean": statistics.fmean(people_points),
            "bot_turn_ms": tail(turns),
            "bot_turn_span_ms": tail(spans),
        }
    return out


def turn_times(record: Record, seat: int) -> tuple[list[int], list[int]]:
    """The seat's turn times in a Mogel-Motte record, to its play or draw: from the last entry after which
    it could make its move (its turn, no give or catch's gift pending), and from the start of the turn (an accusation
    settled in between included)."""
    game = registry.get("mogelmotte")
    state = game.new(record.config)
    since = start = 0 if (state.phase == "turn" and state.turn == seat) else None
    moves: list[int] = []
    spans: list[int] = []
    for entry in record.entries:
        state, _ = game.apply(state, entry.seat, game.decode_action(entry.action), entry.t)
        if entry.seat == seat and entry.action.get("type") in ("play", "draw") and since is not None:
            assert start is not None
            moves.append(entry.t - since)
            spans.append(entry.t - start)
            since = start = None
        if state.phase == "turn" and state.turn == seat and state.settle_from is None:
            since = entry.t if since is None else since
            start = entry.t if start is None else start
        else:
            since = None
            if state.turn != seat:
                start = None
    return moves, spans


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


SECTIONS = ("levels", "people", "wordland", "stella")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, help="table size of the bot-against-people games")
    parser.add_argument("--level", choices=LEVELS, action="append", help="bot levels against the people")
    parser.add_argument("--only", choices=SECTIONS, action="append", help="run only these parts")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    only = set(args.only or SECTIONS)
    report: dict[str, Any] = {}
    if "levels" in only:
        report["mogelmotte_levels"] = levels_section(args.games, args.seed)
    if "people" in only:
        report["mogelmotte_bot_vs_people"] = against_people_section(
            args.games, args.seed, args.players, args.level or LEVELS
        )
    if "wordland" in only:
        report["wordland"] = wordland_section(max(1, args.games // 4), args.seed)
    if "stella" in only:
        report["stella_win_rates"] = stella_section(args.games, args.seed)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for level, row in report.get("mogelmotte_levels", {}).items():
        q = row["slap_or_throw_ms"]
        print(
            f"mogelmotte {level:6}: slap/throw after the card median {q['median']:.0f} ms "
            f"(p10 {q['p10']:.0f}, p90 {q['p90']:.0f}, n {q['n']}); missed slaps {row['missed_slaps']:.1%}; "
            f"per bot and game: cheats {row['cheats_per_game']:.1f}, fidgets {row['fidgets_per_game']:.1f}, "
            f"accusations {row['accusations_per_game']:.1f}"
        )
    vs = report.get("mogelmotte_bot_vs_people")
    for level in LEVELS if vs is not None else ():
        assert vs is not None
        if level not in vs:
            continue
        row = vs[level]
        bq, pq, tq, sq = (
            row["bot_slap_or_throw_ms"],
            row["people_slap_or_throw_ms"],
            row["bot_turn_ms"],
            row["bot_turn_span_ms"],
        )
        low, high = row["interval95"]
        print(
            f"mogelmotte {level:6} bot vs {vs['players'] - 1} people: win rate {row['bot_win_rate']:.1%} "
            f"[{low:.1%}, {high:.1%}] (fair {vs['fair_share']:.0%}) over {vs['games']} games; penalty "
            f"{row['bot_penalty_mean']:.1f} vs people {row['people_penalty_mean']:.1f}; race median bot "
            f"{bq['median']:.0f} ms (p10 {bq['p10']:.0f}, p90 {bq['p90']:.0f}), people {pq['median']:.0f} ms "
            f"(p10 {pq['p10']:.0f}, p90 {pq['p90']:.0f}); bot turn median {tq['median']:.0f} ms "
            f"(p10 {tq['p10']:.0f}, p90 {tq['p90']:.0f}, max {tq['max']}), from the turn's start "
            f"median {sq['median']:.0f} (p90 {sq['p90']:.0f}, p99 {sq.get('p99', 0):.0f}, max {sq['max']}, "
            f"{sq['over_3s']:.1%} over 3 s)"
        )
    wl = report.get("wordland")
    if wl is not None:
        tq = wl["turn_ms"]
        print(
            f"wordland: turn median {tq['median']:.0f} ms (p10 {tq['p10']:.0f}, p90 {tq['p90']:.0f}), "
            f"{wl['turns_2_to_6_s']:.1%} within 2-6 s; {wl['words']} words, {wl['capitalised']:.1%} "
            f"capitalised, {wl['fitting']:.1%} fitting, {wl['objected_fitting']:.1%} of fitting words objected to"
        )
    for players, rates in report.get("stella_win_rates", {}).items():
        print(f"stella {players}: " + ", ".join(f"{k} {v:.1%}" for k, v in rates.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
