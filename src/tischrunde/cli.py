"""The ``tischrunde`` command: serve, games, simulate, replay, bench, demo."""

from __future__ import annotations

import json
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from tischrunde.bots import bot_kinds, make_bot
from tischrunde.bots.driver import play_game
from tischrunde.core import registry
from tischrunde.core.errors import GameError
from tischrunde.core.game import Config
from tischrunde.core.playout import random_playout
from tischrunde.core.records import load, replay, save

app = typer.Typer(add_completion=False, no_args_is_help=True, help="tischrunde: four party games.")
console = Console()
err = Console(stderr=True)


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _parse_pairs(pairs: list[str], what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise typer.BadParameter(f"{what} must look like NAME=VALUE, got {pair!r}")
        key, value = pair.split("=", 1)
        out[key.strip()] = _parse_value(value.strip())
    return out


def _fail(exc: GameError) -> None:
    err.print(f"[red]error:[/red] {exc.message}")
    raise typer.Exit(2)


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False) -> None:
    """List the games, their player counts and every option with its default."""
    specs = [registry.get(name).spec for name in registry.available()]
    if as_json:
        console.print_json(data=[msgspec.to_builtins(s) for s in specs])
        return
    for spec in specs:
        table = Table(title=f"{spec.title_en} ({spec.name}), {spec.min_players}-{spec.max_players} players")
        table.add_column("option")
        table.add_column("default")
        table.add_column("allowed")
        table.add_column("source")
        table.add_column("description")
        for o in spec.options:
            allowed = (
                ", ".join(map(str, o.choices))
                if o.choices
                else ("true, false" if isinstance(o.default, bool) else f"{o.minimum}..{o.maximum}")
            )
            table.add_row(o.name, str(o.default), allowed, o.source, o.description_en)
        bots = ", ".join(bot_kinds(spec.name))
        console.print(table)
        console.print(f"  bots: {bots}\n")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game name, see `tischrunde games`")],
    players: Annotated[int, typer.Option(help="number of players")] = 4,
    games_: Annotated[int, typer.Option("--games", help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="first seed; game i uses seed + i")] = 1,
    bots: Annotated[str, typer.Option(help="comma-separated bot kinds per seat, cycled")] = "",
    option: Annotated[list[str], typer.Option("--option", help="rule option NAME=VALUE")] = [],  # noqa: B006
    mode: Annotated[str | None, typer.Option(help="shortcut for --option mode=MODE")] = None,
    param: Annotated[list[str], typer.Option("--param", help="bot parameter NAME=VALUE")] = [],  # noqa: B006
    accuracy: Annotated[float | None, typer.Option(help="shortcut for --param accuracy=P")] = None,
    language: Annotated[str, typer.Option(help="de or en")] = "de",
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable summary")] = False,
    save_records: Annotated[Path | None, typer.Option(help="folder to write every game record to")] = None,
) -> None:
    """Play bot games and summarise win rates, game length and per-seat statistics."""
    options = _parse_pairs(option, "--option")
    if mode is not None:
        options["mode"] = mode
    params = _parse_pairs(param, "--param")
    if accuracy is not None:
        params["accuracy"] = accuracy
    kinds = [k.strip() for k in bots.split(",") if k.strip()] or [_default_bot(game)]
    seat_kinds = [kinds[i % len(kinds)] for i in range(players)]
    try:
        registry.get(game).new(
            Config(game=game, players=players, seed=seed, options=options, language=language)  # type: ignore[arg-type]
        )
        for seat, kind in enumerate(seat_kinds):
            make_bot(game, kind, seat, seed, **params)
    except GameError as exc:
        _fail(exc)
    except TypeError as exc:
        err.print(f"[red]error:[/red] bad bot parameter: {exc}")
        raise typer.Exit(2) from exc
    summary = _Summary(players, seat_kinds)
    if save_records is not None:
        save_records.mkdir(parents=True, exist_ok=True)
    with Progress(
        TextColumn(f"simulating {game}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=as_json,
    ) as progress:
        task = progress.add_task("games", total=games_)
        for i in range(games_):
            config = Config(game=game, players=players, seed=seed + i, options=options, language=language)  # type: ignore[arg-type]
            seat_bots = [make_bot(game, kind, s, seed + i, **params) for s, kind in enumerate(seat_kinds)]
            result = play_game(config, seat_bots)
            summary.add(result.outcome, result.decisions, result.time_ms)
            if save_records is not None:
                save(result.record, save_records / f"{game}-{seed + i}.json")
            progress.advance(task)
    data = summary.as_dict(game, games_)
    if as_json:
        print(json.dumps(data, indent=1))
    else:
        summary.print(data)


def _default_bot(game: str) -> str:
    kinds = list(bot_kinds(game))
    return kinds[1] if len(kinds) > 1 else kinds[0]


class _Summary:
    def __init__(self, players: int, seat_kinds: list[str]) -> None:
        self.players = players
        self.seat_kinds = seat_kinds
        self.wins = [0.0] * players
        self.scores: list[list[float]] = [[] for _ in range(players)]
        self.lengths: list[int] = []
        self.times: list[int] = []
        self.seat_stats: dict[str, list[list[float]]] = defaultdict(lambda: [[] for _ in range(players)])
        self.game_stats: dict[str, list[float]] = defaultdict(list)

    def add(self, outcome: Any, decisions: int, time_ms: int) -> None:
        for w in outcome.winners:
            self.wins[w] += 1
        for seat, score in enumerate(outcome.scores):
            self.scores[seat].append(float(score))
        self.lengths.append(decisions)
        self.times.append(time_ms)
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

    def as_dict(self, game: str, n: int) -> dict[str, Any]:
        def mean(xs: list[float]) -> float:
            return round(statistics.fmean(xs), 4) if xs else 0.0

        seats = []
        for seat in range(self.players):
            row: dict[str, Any] = {
                "seat": seat,
                "bot": self.seat_kinds[seat],
                "win_rate": round(self.wins[seat] / n, 4),
                "mean_score": mean(self.scores[seat]),
            }
            for key, per_seat in self.seat_stats.items():
                row[f"mean_{key}"] = mean(per_seat[seat])
            seats.append(row)
        by_bot: dict[str, dict[str, float]] = {}
        for kind in dict.fromkeys(self.seat_kinds):
            idx = [s for s in range(self.players) if self.seat_kinds[s] == kind]
            entry = {
                "seats": float(len(idx)),
                "win_rate": round(sum(self.wins[s] for s in idx) / (n * len(idx)), 4),
                "mean_score": mean([x for s in idx for x in self.scores[s]]),
            }
            for key, per_seat in self.seat_stats.items():
                entry[f"mean_{key}"] = mean([x for s in idx for x in per_seat[s]])
            by_bot[kind] = entry
        return {
            "game": game,
            "games": n,
            "players": self.players,
            "seats": seats,
            "bots": by_bot,
            "mean_decisions": mean([float(x) for x in self.lengths]),
            "mean_game_time_s": round(mean([float(x) for x in self.times]) / 1000, 2),
            "stats": {k: mean(v) for k, v in self.game_stats.items()},
        }

    def print(self, data: dict[str, Any]) -> None:
        table = Table(title=f"{data['game']}: {data['games']} games, {data['players']} players")
        keys = [k for k in data["seats"][0] if k not in ("seat", "bot")]
        table.add_column("seat")
        table.add_column("bot")
        for k in keys:
            table.add_column(k.replace("_", " "))
        for row in data["seats"]:
            table.add_row(str(row["seat"]), row["bot"], *(f"{row[k]:g}" for k in keys))
        console.print(table)
        bot_table = Table(title="per bot")
        bot_keys = list(next(iter(data["bots"].values())))
        bot_table.add_column("bot")
        for k in bot_keys:
            bot_table.add_column(k.replace("_", " "))
        for kind, entry in data["bots"].items():
            bot_table.add_row(kind, *(f"{entry[k]:g}" for k in bot_keys))
        console.print(bot_table)
        console.print(
            f"game length: {data['mean_decisions']:g} decisions, {data['mean_game_time_s']:g} s of play on average"
        )
        for key, value in data["stats"].items():
            console.print(f"{key}: {value:g}")


@app.command(name="replay")
def replay_cmd(
    path: Annotated[Path, typer.Argument(help="a game record (JSON)", exists=True, dir_okay=False)],
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Check a game record by replaying every action, and print its outcome."""
    try:
        record = load(path)
        _, outcome = replay(record)
    except GameError as exc:
        _fail(exc)
        return
    if as_json:
        print(
            json.dumps(
                {
                    "game": record.game,
                    "actions": len(record.entries),
                    "outcome": msgspec.to_builtins(outcome),
                },
                indent=1,
            )
        )
        return
    console.print(f"[green]ok[/green]: {record.game}, {len(record.entries)} actions replayed")
    if outcome is None:
        console.print("the game is not over yet")
        return
    table = Table(title="outcome")
    table.add_column("seat")
    table.add_column("score")
    table.add_column("rank")
    for seat, (score, rank) in enumerate(zip(outcome.scores, outcome.ranks, strict=True)):
        mark = " (winner)" if seat in outcome.winners else ""
        table.add_row(str(seat), f"{score:g}", f"{rank}{mark}")
    console.print(table)


def bench_game(name: str, seconds: float) -> dict[str, Any]:
    """Random-playout speed of one game over its example configs (every mode)."""
    game = registry.get(name)
    configs = game.example_configs()
    per_config = []
    total_games = 0
    total_decisions = 0
    total_time = 0.0
    for index, config in enumerate(configs):
        budget = seconds / len(configs)
        start = time.perf_counter()
        n = 0
        decisions = 0
        while True:
            stats = random_playout(msgspec.structs.replace(config, seed=index * 100_000 + n), n)
            n += 1
            decisions += stats.decisions
            elapsed = time.perf_counter() - start
            if elapsed >= budget:
                break
        per_config.append(
            {
                "players": config.players,
                "options": config.options,
                "games_per_s": round(n / elapsed, 2),
                "decisions_per_s": round(decisions / elapsed, 1),
            }
        )
        total_games += n
        total_decisions += decisions
        total_time += elapsed
    return {
        "game": name,
        "games_per_s": round(total_games / total_time, 2),
        "decisions_per_s": round(total_decisions / total_time, 1),
        "configs": per_config,
    }


@app.command()
def bench(
    game: Annotated[str | None, typer.Argument(help="one game, or all")] = None,
    seconds: Annotated[float, typer.Option(help="seconds per game")] = 3.0,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Measure random-playout speed: games/s and decisions/s per game."""
    names = [game] if game else registry.available()
    try:
        results = [bench_game(name, seconds) for name in names]
    except GameError as exc:
        _fail(exc)
        return
    if as_json:
        for r in results:
            print(json.dumps(r))
        return
    table = Table(title=f"random playouts, {seconds:g} s per game")
    table.add_column("game")
    table.add_column("players / options")
    table.add_column("games/s", justify="right")
    table.add_column("decisions/s", justify="right")
    for r in results:
        table.add_row(r["game"], "all", f"{r['games_per_s']:,.1f}", f"{r['decisions_per_s']:,.0f}")
        for c in r["configs"]:
            opts = " ".join(f"{k}={v}" for k, v in c["options"].items())
            table.add_row(
                "", f"{c['players']} {opts}", f"{c['games_per_s']:,.1f}", f"{c['decisions_per_s']:,.0f}"
            )
    console.print(table)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    data: Annotated[Path, typer.Option(help="folder for the SQLite store")] = Path("data"),
    redis_url: Annotated[str | None, typer.Option(help="share rooms through Redis (redis://...)")] = None,
    redis_volatile: Annotated[
        bool,
        typer.Option(help="accept a Redis without AOF or RDB persistence (its restart loses every room)"),
    ] = False,
    lobby_ttl: Annotated[
        float, typer.Option(help="seconds after which a lobby nobody joined expires")
    ] = 3600.0,
    room_ttl: Annotated[
        float, typer.Option(help="seconds after which a room nobody is connected to expires")
    ] = 86400.0,
) -> None:
    """Run the web app and the game server."""
    from tischrunde.server.main import run

    run(
        host=host,
        port=port,
        data_dir=data,
        redis_url=redis_url,
        redis_volatile=redis_volatile,
        lobby_ttl_s=lobby_ttl,
        room_ttl_s=room_ttl,
    )


@app.command()
def demo(
    game: Annotated[str, typer.Argument()] = "mogelmotte",
    players: Annotated[int, typer.Option()] = 4,
    seed: Annotated[int, typer.Option()] = 1,
) -> None:
    """Play one bot game in the terminal and show its events."""
    kinds = [_default_bot(game)] * players
    config = Config(game=game, players=players, seed=seed)
    result = play_game(config, [make_bot(game, k, s, seed) for s, k in enumerate(kinds)])
    console.print(f"{game}: {result.decisions} decisions, winners {result.outcome.winners}")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
