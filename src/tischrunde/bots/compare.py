"""What a rule does: play the same seeds under rule variants and summarise each variant.

:class:`Tally` is the summary of a set of bot games (``tischrunde simulate`` prints one):
win rate per seat and per bot with 95 % Wilson intervals, the first player's advantage, game length in
decisions and in minutes of play (simulated time from the record's times), score spread and the
game's own figures from ``Outcome.details``. :func:`parse_variants` turns ``--option NAME=V1,V2``
lists into the cross product of variants, :func:`run_compare` plays every variant on the same seeds
(game i of every variant uses seed + i), over several processes if asked (``bots/parallel.py``).

Win rates count a shared win as a win for every winner, so the rates of a game with ties add up to
more than one. The first player's advantage is seat 0's win rate minus its *fair share*, the mean win
rate of the seats played by the same bot (seat 0 starts in every game). The interval of a bot that
sits in several seats treats its seat-games as independent trials, which they are not quite.
"""

from __future__ import annotations

import itertools
import json
import math
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from tischrunde.bots.parallel import GameResult, GameTask, run_tasks
from tischrunde.core import registry
from tischrunde.core.errors import ConfigError, GameError
from tischrunde.core.game import Config, GameSpec, Language

#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion; (0, 1) without trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_value(text: str) -> Any:
    """A command-line value: JSON if it parses (numbers, true/false, lists), else the text itself."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _r(x: float) -> float:
    return round(x, 4)


def _describe(xs: Sequence[float]) -> dict[str, float]:
    if not xs:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "median": 0.0, "max": 0.0}
    return {
        "mean": _r(statistics.fmean(xs)),
        "sd": _r(statistics.pstdev(xs)),
        "min": _r(min(xs)),
        "median": _r(statistics.median(xs)),
        "max": _r(max(xs)),
    }


def _mean(xs: Sequence[float]) -> float:
    return _r(statistics.fmean(xs)) if xs else 0.0


class Tally:
    """Running summary of games with the same seats; ``as_dict`` is ``simulate``'s JSON."""

    def __init__(self, players: int, seat_kinds: Sequence[str]) -> None:
        self.players = players
        self.seat_kinds = list(seat_kinds)
        self.games = 0
        self.wins = [0] * players
        self.scores: list[list[float]] = [[] for _ in range(players)]
        self.spreads: list[float] = []
        self.lengths: list[int] = []
        self.times: list[int] = []
        self.seat_stats: dict[str, list[list[float]]] = defaultdict(lambda: [[] for _ in range(players)])
        self.game_stats: dict[str, list[float]] = defaultdict(list)

    def add(self, result: GameResult) -> None:
        outcome = result.outcome
        self.games += 1
        for w in outcome.winners:
            self.wins[w] += 1
        for seat, score in enumerate(outcome.scores):
            self.scores[seat].append(float(score))
        if outcome.scores:
            self.spreads.append(float(max(outcome.scores) - min(outcome.scores)))
        self.lengths.append(result.decisions)
        self.times.append(result.time_ms)
        for key, value in outcome.details.items():
            if (
                isinstance(value, list)
                and len(value) == self.players
                and all(isinstance(v, (int, float)) for v in value)
            ):
                for seat, v in enumerate(value):
                    self.seat_stats[key][seat].append(float(v))
            elif isinstance(value, (int, float)):
                self.game_stats[key].append(float(value))
            elif isinstance(value, dict):
                for sub, v in value.items():
                    if isinstance(v, (int, float)):
                        self.game_stats[f"{key}.{sub}"].append(float(v))

    def minutes(self) -> list[float]:
        return [t / 60_000 for t in self.times]

    def as_dict(self, game: str) -> dict[str, Any]:
        n = self.games
        seats = []
        for seat in range(self.players):
            lo, hi = wilson(self.wins[seat], n)
            row: dict[str, Any] = {
                "seat": seat,
                "bot": self.seat_kinds[seat],
                "wins": self.wins[seat],
                "win_rate": _r(self.wins[seat] / n) if n else 0.0,
                "win_ci": [_r(lo), _r(hi)],
                "mean_score": _mean(self.scores[seat]),
                "sd_score": _r(statistics.pstdev(self.scores[seat])) if self.scores[seat] else 0.0,
            }
            for key, per_seat in self.seat_stats.items():
                row[f"mean_{key}"] = _mean(per_seat[seat])
            seats.append(row)
        by_bot: dict[str, dict[str, Any]] = {}
        for kind in dict.fromkeys(self.seat_kinds):
            idx = [s for s in range(self.players) if self.seat_kinds[s] == kind]
            wins = sum(self.wins[s] for s in idx)
            lo, hi = wilson(wins, n * len(idx))
            entry: dict[str, Any] = {
                "seats": len(idx),
                "wins": wins,
                "win_rate": _r(wins / (n * len(idx))) if n else 0.0,
                "win_ci": [_r(lo), _r(hi)],
                "mean_score": _mean([x for s in idx for x in self.scores[s]]),
            }
            for key, per_seat in self.seat_stats.items():
                entry[f"mean_{key}"] = _mean([x for s in idx for x in per_seat[s]])
            by_bot[kind] = entry
        first = seats[0]
        fair = by_bot[first["bot"]]["win_rate"]
        figures: dict[str, dict[str, Any]] = {}
        for key, per_seat in self.seat_stats.items():
            totals = [sum(values) for values in zip(*per_seat, strict=True)]
            figures[key] = {
                "mean": _mean([x for values in per_seat for x in values]),
                "per_seat": [_mean(values) for values in per_seat],
                "total": _mean(totals),
            }
        for key, values in self.game_stats.items():
            figures[key] = {"mean": _mean(values)}
        return {
            "game": game,
            "games": n,
            "players": self.players,
            "seats": seats,
            "bots": by_bot,
            "first_player": {
                "seat": 0,
                "win_rate": first["win_rate"],
                "win_ci": first["win_ci"],
                "fair_share": _r(fair),
                "advantage": _r(first["win_rate"] - fair),
            },
            "mean_decisions": _mean([float(x) for x in self.lengths]),
            "mean_game_time_s": round(_mean([float(x) for x in self.times]) / 1000, 2),
            "length": {
                "decisions": _describe([float(x) for x in self.lengths]),
                "minutes": _describe(self.minutes()),
            },
            "score_spread": _describe(self.spreads),
            "stats": {k: _mean(v) for k, v in self.game_stats.items()},
            "figures": figures,
        }


# -- variants -------------------------------------------------------------------------------------


def _split_values(spec: GameSpec, name: str, text: str) -> list[Any]:
    """``V1,V2,...`` of one option. A JSON list gives its elements, a JSON object is one value; a choice
    that holds commas (Stella's row orders) is matched whole."""
    if text.startswith(("[", "{")):
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError:
            parsed = None
        if isinstance(parsed, list):
            return parsed
        if isinstance(parsed, dict):
            return [parsed]
    tokens = text.split(",")
    choices = [c for c in spec.option(name).choices or () if isinstance(c, str)]
    if not any("," in c for c in choices):
        return [parse_value(t.strip()) for t in tokens]
    values: list[Any] = []
    i = 0
    while i < len(tokens):
        for j in range(len(tokens), i, -1):
            joined = ",".join(t.strip() for t in tokens[i:j])
            if joined in choices:
                values.append(joined)
                i = j
                break
        else:
            raise ConfigError(f"options.{name}", tokens[i].strip(), spec.option(name).choices or ())
    return values


def parse_variants(game: str, texts: Sequence[str]) -> list[tuple[str, list[Any]]]:
    """``NAME=V1,V2,...`` per option, checked against the game's options: [(name, values)]."""
    spec = registry.get(game).spec
    known = sorted(o.name for o in spec.options)
    out: list[tuple[str, list[Any]]] = []
    for text in texts:
        if "=" not in text:
            raise GameError(
                f"--option must look like NAME=V1,V2,... (got {text!r}); options: {', '.join(known)}"
            )
        name, raw = (part.strip() for part in text.split("=", 1))
        if name not in known:
            raise ConfigError(f"options.{name}", raw, known or "no options")
        if any(name == seen for seen, _ in out):
            raise GameError(f"--option {name} is given twice; list all its values once: {name}=V1,V2")
        option = spec.option(name)
        if raw == "":
            raise GameError(f"--option {name} has no values; give one or more: {name}=V1,V2")
        values = [option.check(v) for v in _split_values(spec, name, raw)]
        for a, b in itertools.combinations(values, 2):
            if a == b and type(a) is type(b):
                raise GameError(f"--option {name} lists {a!r} twice")
        out.append((name, values))
    return out


def variant_label(options: dict[str, Any]) -> str:
    """``name=value`` pairs as typed on the command line."""
    return " ".join(
        f"{k}={v if isinstance(v, str) else json.dumps(v, separators=(',', ':'))}" for k, v in options.items()
    )


class Variant:
    """One combination of option values and the tally of its games."""

    def __init__(self, index: int, options: dict[str, Any], tally: Tally) -> None:
        self.index = index
        self.name = f"v{index + 1}"
        self.options = options
        self.label = variant_label(options) or "(defaults)"
        self.tally = tally


class Comparison:
    """The result of ``tischrunde compare``: every variant's tally, in the order of the cross product."""

    def __init__(
        self,
        game: str,
        players: int,
        games: int,
        seed: int,
        seat_kinds: Sequence[str],
        params: dict[str, Any],
        axes: Sequence[tuple[str, list[Any]]],
        variants: list[Variant],
        jobs: int,
        seconds: float,
    ) -> None:
        self.game = game
        self.players = players
        self.games = games
        self.seed = seed
        self.seat_kinds = list(seat_kinds)
        self.params = params
        self.axes = list(axes)
        self.variants = variants
        self.jobs = jobs
        self.seconds = seconds

    def as_dict(self) -> dict[str, Any]:
        variants = []
        for v in self.variants:
            summary = v.tally.as_dict(self.game)
            del summary["game"], summary["players"]
            variants.append({"name": v.name, "label": v.label, "options": v.options, **summary})
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seeds": [self.seed, self.seed + self.games - 1],
            "bots": self.seat_kinds,
            "params": self.params,
            "options": {name: values for name, values in self.axes},
            "variants": variants,
            # the only fields that depend on the machine and on --jobs
            "run": {"jobs": self.jobs, "seconds": round(self.seconds, 2)},
        }


def game_tasks(
    game: str,
    players: int,
    games: int,
    seed: int,
    options: dict[str, Any],
    seat_kinds: Sequence[str],
    params: dict[str, Any],
    language: Language = "de",
    record_dir: str | None = None,
) -> list[GameTask]:
    """Games seed, seed + 1, ... of one set of options."""
    return [
        GameTask(
            Config(game=game, players=players, seed=seed + i, options=options, language=language),
            tuple(seat_kinds),
            params,
            None if record_dir is None else f"{record_dir}/{game}-{seed + i}.json",
        )
        for i in range(games)
    ]


def check_setup(game: str, players: int, options: dict[str, Any], language: Language = "de") -> None:
    """Raise the game's ConfigError for a bad player count or option combination."""
    registry.get(game).new(Config(game=game, players=players, seed=0, options=options, language=language))


def variant_options(axes: Sequence[tuple[str, list[Any]]]) -> list[dict[str, Any]]:
    """The cross product of the axes, the first option varying slowest."""
    names = [name for name, _ in axes]
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*(v for _, v in axes))]


def check_variants(
    game: str, players: int, axes: Sequence[tuple[str, list[Any]]], language: Language = "de"
) -> list[dict[str, Any]]:
    """Every variant's options; raises the game's ConfigError, naming the variant, for a combination
    the game does not allow (a mode for another player count, ...)."""
    combos = variant_options(axes)
    for options in combos:
        try:
            check_setup(game, players, options, language)
        except ConfigError as exc:
            if options:
                exc.message = f"variant {variant_label(options)}: {exc.message}"
                exc.args = (exc.message,)
            raise
    return combos


def run_compare(
    game: str,
    axes: Sequence[tuple[str, list[Any]]],
    *,
    players: int,
    games: int,
    seed: int,
    seat_kinds: Sequence[str],
    params: dict[str, Any] | None = None,
    language: Language = "de",
    jobs: int = 1,
    advance: Callable[[int], None] | None = None,
) -> Comparison:
    """Play ``games`` games (seeds seed..seed+games-1) under every variant of the cross product of
    ``axes``. Raises ConfigError, naming the variant, if a combination is not allowed."""
    params = params or {}
    combos = check_variants(game, players, axes, language)
    tasks = [
        task
        for options in combos
        for task in game_tasks(game, players, games, seed, options, seat_kinds, params, language)
    ]
    start = time.perf_counter()
    results = run_tasks(tasks, jobs, advance)
    seconds = time.perf_counter() - start
    variants = []
    for index, options in enumerate(combos):
        tally = Tally(players, seat_kinds)
        for result in results[index * games : (index + 1) * games]:
            tally.add(result)
        variants.append(Variant(index, options, tally))
    return Comparison(game, players, games, seed, seat_kinds, params, axes, variants, jobs, seconds)
