"""The ``tischrunde`` command: serve, games, schema, simulate, compare, replay, bench, demo, contact-sheet."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from tischrunde.bots import bot_kinds, default_kind, make_bot
from tischrunde.bots.compare import Tally, check_variants, game_tasks, parse_variants, run_compare
from tischrunde.bots.compare import parse_value as _parse_value
from tischrunde.bots.driver import play_game
from tischrunde.bots.parallel import default_jobs, run_tasks
from tischrunde.bots.report import compare_grids, summary_grids, to_rich, write_report
from tischrunde.core import registry
from tischrunde.core.errors import GameError
from tischrunde.core.game import Config, view_schema
from tischrunde.core.playout import random_playout
from tischrunde.core.records import load, replay

app = typer.Typer(add_completion=False, no_args_is_help=True, help="tischrunde: four party games.")
console = Console()
err = Console(stderr=True)


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
def schema(
    game: Annotated[str, typer.Argument(help="the game's name, as `tischrunde games` lists it")],
) -> None:
    """Print the JSON Schema of GAME's view (what the server sends each seat and the table screen)."""
    try:
        found = registry.get(game)
    except GameError as exc:
        _fail(exc)
        return
    sys.stdout.write(json.dumps(view_schema(found), indent=2, ensure_ascii=False) + "\n")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game name, see `tischrunde games`")],
    players: Annotated[int, typer.Option(help="number of players")] = 4,
    games_: Annotated[int, typer.Option("--games", help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="first seed; game i uses seed + i")] = 1,
    bots: Annotated[
        str,
        typer.Option(help="comma-separated bots per seat, cycled: kind or kind:level (easy, normal, hard)"),
    ] = "",
    option: Annotated[list[str], typer.Option("--option", help="rule option NAME=VALUE")] = [],  # noqa: B006
    mode: Annotated[str | None, typer.Option(help="shortcut for --option mode=MODE")] = None,
    param: Annotated[list[str], typer.Option("--param", help="bot parameter NAME=VALUE")] = [],  # noqa: B006
    accuracy: Annotated[float | None, typer.Option(help="shortcut for --param accuracy=P")] = None,
    language: Annotated[str, typer.Option(help="de or en")] = "de",
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable summary")] = False,
    save_records: Annotated[Path | None, typer.Option(help="folder to write every game record to")] = None,
    jobs: Annotated[int | None, typer.Option(min=1, help="processes to play on (default: all cores)")] = None,
) -> None:
    """Play bot games and summarise win rates, game length and per-seat statistics."""
    options = _parse_pairs(option, "--option")
    if mode is not None:
        options["mode"] = mode
    params = _parse_pairs(param, "--param")
    if accuracy is not None:
        params["accuracy"] = accuracy
    seat_kinds = _seat_kinds(game, bots, players)
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
    if save_records is not None:
        save_records.mkdir(parents=True, exist_ok=True)
    tasks = game_tasks(
        game,
        players,
        games_,
        seed,
        options,
        seat_kinds,
        params,
        language,  # type: ignore[arg-type]
        None if save_records is None else str(save_records),
    )
    with _progress(f"simulating {game}", len(tasks), as_json) as advance:
        results = run_tasks(tasks, jobs or default_jobs(), advance)
    summary = Tally(players, seat_kinds)
    for result in results:
        summary.add(result)
    data = summary.as_dict(game)
    if as_json:
        print(json.dumps(data, indent=1))
        return
    for grid in summary_grids(data):
        console.print(to_rich(grid))


@app.command()
def compare(
    game: Annotated[str, typer.Argument(help="game name, see `tischrunde games`")],
    option: Annotated[
        list[str],
        typer.Option("--option", help="rule option NAME=V1,V2,...; the variants are the cross product"),
    ],
    players: Annotated[int, typer.Option(help="number of players")] = 4,
    games_: Annotated[int, typer.Option("--games", min=1, help="games per variant")] = 100,
    seed: Annotated[int, typer.Option(help="first seed; game i of every variant uses seed + i")] = 1,
    bots: Annotated[str, typer.Option(help="comma-separated bot kinds per seat, cycled")] = "",
    param: Annotated[list[str], typer.Option("--param", help="bot parameter NAME=VALUE")] = [],  # noqa: B006
    language: Annotated[str, typer.Option(help="de or en")] = "de",
    jobs: Annotated[int | None, typer.Option(min=1, help="processes to play on (default: all cores)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object with a `variants` list")] = False,
    report: Annotated[Path | None, typer.Option(help="folder for an HTML report with plots")] = None,
) -> None:
    """Play the same seeds under each variant of the rules and compare win rates, length and figures."""
    params = _parse_pairs(param, "--param")
    seat_kinds = _seat_kinds(game, bots, players)
    try:
        axes = parse_variants(game, option)
        variants = check_variants(game, players, axes, language)  # type: ignore[arg-type]
        for seat, kind in enumerate(seat_kinds):
            make_bot(game, kind, seat, seed, **params)
    except GameError as exc:
        _fail(exc)
        return
    except TypeError as exc:
        err.print(f"[red]error:[/red] bad bot parameter: {exc}")
        raise typer.Exit(2) from exc
    with _progress(f"comparing {game}", games_ * len(variants), as_json) as advance:
        result = run_compare(
            game,
            axes,
            players=players,
            games=games_,
            seed=seed,
            seat_kinds=seat_kinds,
            params=params,
            language=language,  # type: ignore[arg-type]
            jobs=jobs or default_jobs(),
            advance=advance,
        )
    data = result.as_dict()
    if report is not None:
        page = write_report(result, report)
        err.print(f"report: {page}")
    if as_json:
        print(json.dumps(data, indent=1))
        return
    for grid in compare_grids(data):
        console.print(to_rich(grid))


@contextmanager
def _progress(label: str, total: int, quiet: bool) -> Iterator[Callable[[int], None]]:
    """One progress bar on stderr; none with --json or when stderr is not a terminal."""
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=quiet or not err.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=total)
        yield lambda n: progress.advance(task, n)


def _seat_kinds(game: str, bots: str, players: int) -> list[str]:
    """``--bots a,b`` cycled over the seats; the game's default bot without it."""
    kinds = [k.strip() for k in bots.split(",") if k.strip()] or [_default_bot(game)]
    return [kinds[i % len(kinds)] for i in range(players)]


def _default_bot(game: str) -> str:
    return default_kind(game)


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
                    "names": record.names,
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
    # a room's record says who sat where; older and simulated records know seats only
    names = record.names if record.names is not None and len(record.names) == len(outcome.scores) else None
    table = Table(title="outcome")
    table.add_column("seat")
    if names is not None:
        table.add_column("name")
    table.add_column("score")
    table.add_column("rank")
    for seat, (score, rank) in enumerate(zip(outcome.scores, outcome.ranks, strict=True)):
        mark = " (winner)" if seat in outcome.winners else ""
        who = [names[seat]] if names is not None else []
        table.add_row(str(seat), *who, f"{score:g}", f"{rank}{mark}")
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
    host: Annotated[
        str, typer.Option(help="address to listen on; 0.0.0.0 = every interface, so phones can join")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    data: Annotated[Path, typer.Option(help="folder for the SQLite store")] = Path("data"),
    redis_url: Annotated[str | None, typer.Option(help="share rooms through Redis (redis://...)")] = None,
    public_url: Annotated[
        str | None,
        typer.Option(help="the address phones open, e.g. https://games.example.org (behind a reverse proxy)"),
    ] = None,
    allowed_hosts: Annotated[
        str | None,
        typer.Option(
            help="comma-separated Host names to answer ('*': any, '.example.org': a domain); "
            "default: loopback, this machine's names and addresses, the public URL's host"
        ),
    ] = None,
    proxy_headers: Annotated[
        bool, typer.Option(help="take the client address from X-Forwarded-For (behind a reverse proxy)")
    ] = False,
    forwarded_allow_ips: Annotated[
        str, typer.Option(help="comma-separated proxy addresses/networks whose X-Forwarded-For counts")
    ] = "127.0.0.1",
    max_per_client: Annotated[int, typer.Option(help="open WebSockets per client address")] = 64,
    max_connections: Annotated[
        int | None, typer.Option(help="open connections in all (default: what the file limit allows)")
    ] = None,
    max_spectators: Annotated[int, typer.Option(help="spectators per room")] = 200,
    join_limit: Annotated[
        int, typer.Option(help="unknown room codes or bad tokens per address a minute")
    ] = 100,
    lookup_cap: Annotated[
        int,
        typer.Option(
            help="unknown room codes a minute, all clients together, before they are answered later"
        ),
    ] = 300,
    room_limit: Annotated[int, typer.Option(help="new rooms per address a minute")] = 60,
    creation_cap: Annotated[
        int, typer.Option(help="new rooms a minute, all clients together, before they take longer")
    ] = 300,
    hello_timeout: Annotated[float, typer.Option(help="seconds a new WebSocket has to say hello")] = 10.0,
    header_timeout: Annotated[float, typer.Option(help="seconds to send an HTTP request's headers")] = 10.0,
    body_timeout: Annotated[float, typer.Option(help="seconds to send an HTTP request's body")] = 10.0,
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

    if public_url is not None and not public_url.startswith(("http://", "https://")):
        raise typer.BadParameter("must start with http:// or https://", param_hint="--public-url")
    announce_join_address(host, port, public_url)
    run(
        host=host,
        port=port,
        data_dir=data,
        redis_url=redis_url,
        public_url=public_url,
        header_timeout_s=header_timeout,
        allowed_hosts=None if allowed_hosts is None else [h for h in allowed_hosts.split(",") if h.strip()],
        proxy_headers=proxy_headers,
        forwarded_allow_ips=forwarded_allow_ips,
        max_per_client=max_per_client,
        max_connections=max_connections,
        max_spectators=max_spectators,
        join_limit=join_limit,
        lookup_cap=lookup_cap,
        room_limit=room_limit,
        creation_cap=creation_cap,
        hello_timeout_s=hello_timeout,
        body_timeout_s=body_timeout,
        redis_volatile=redis_volatile,
        lobby_ttl_s=lobby_ttl,
        room_ttl_s=room_ttl,
    )


def announce_join_address(host: str, port: int, public_url: str | None) -> None:
    """Print the address the phones at the table open, and that address as a QR code to scan."""
    import segno

    from tischrunde.server.publicurl import startup_link

    link = startup_link(host, port, public_url)
    if not link.reachable:
        print(f"tischrunde: open {link.url} on this computer.", flush=True)
        print(f"tischrunde: {link.hint}", flush=True)
        return
    print(f"tischrunde: phones at the table open {link.url} (or scan this code):", flush=True)
    qr = segno.make(link.url, error="m")
    try:
        qr.terminal(out=sys.stdout, compact=True)
    except UnicodeEncodeError:  # a terminal without block characters: draw with colours instead
        qr.terminal(out=sys.stdout)
    sys.stdout.flush()


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


@app.command(name="contact-sheet")
def contact_sheet_cmd(
    out: Annotated[Path, typer.Argument(help="where to write it: .png (rendered by Chromium) or .html")],
    size: Annotated[int, typer.Option(help="width of one picture in pixels")] = 96,
    columns: Annotated[int, typer.Option(help="pictures per row (PNG)")] = 16,
    chromium: Annotated[str, typer.Option(help="the Chromium to render the PNG with")] = "/usr/bin/chromium",
) -> None:
    """Write a contact sheet of Stella's whole picture deck (ids and moods; the HTML also shows the tags)."""
    from tischrunde.art.stella import art

    if out.suffix == ".html":
        out.write_text(art.contact_sheet(), encoding="utf-8")
    elif out.suffix == ".png":
        art.render_contact_sheet(out, size=size, columns=columns, chromium=chromium)
    else:
        raise typer.BadParameter(f"OUT must end in .png or .html, not {out.name!r}")
    console.print(f"wrote {len(art.pictures())} pictures to {out}")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
