"""Random playouts of every game (or those named by ``--games``) vs RLCard's raw UnoGame, side by side in one process on one core.

Run through ``bench/compare_rlcard.sh``, which builds a separate venv (``bench/.venv-rlcard``) holding
RLCard and this package, so RLCard never becomes a dependency of the product.

Both sides do the same work per decision: ask for the legal actions of the seat to move, pick one
uniformly at random, apply it. Trials alternate between the two engines so that machine noise hits both
alike; the median of the trials is reported.

With ``--source NAME=DIR`` (given twice or more, e.g. ``before=/tmp/old/src after=src``) every game runs
once per source tree, each trial in a fresh worker process whose ``PYTHONPATH`` is that tree, in the same
alternation: the figures of two versions of the engines come from one run under the same load, and the
report adds each version's speed against the first.

Every trial is timed twice: wall-clock (``time.perf_counter``) and CPU time of this process
(``time.process_time``). On a shared, loaded machine the wall-clock figure also counts the time the
process waited for a core, so it swings with the load of others; CPU time counts only the work done and
is the fairer comparison there. Both are reported.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from tischrunde.core.game import Config
from tischrunde.core.playout import random_playout

#: one trial's result: games, decisions, wall-clock seconds, CPU seconds
Trial = tuple[int, int, float, float]


GAMES = ("mogelmotte", "emojito", "stella", "wordland")


def game_trial(game: str) -> Callable[[float, int], Trial]:
    """Random playouts of ``game`` (4 players, default options, ``core/playout.py``)."""

    def trial(seconds: float, seed: int) -> Trial:
        games = decisions = 0
        start = time.perf_counter()
        cpu_start = time.process_time()
        while (elapsed := time.perf_counter() - start) < seconds:
            stats = random_playout(Config(game=game, players=4, seed=seed + games), seed + games)
            games += 1
            decisions += stats.decisions
        return games, decisions, elapsed, time.process_time() - cpu_start

    return trial


def source_trial(game: str, source: str) -> Callable[[float, int], Trial]:
    """``game_trial(game)`` run in a worker process on the sources in ``source`` (a ``src`` directory)."""

    def trial(seconds: float, seed: int) -> Trial:
        env = {**os.environ, "PYTHONPATH": os.path.abspath(source)}
        out = subprocess.run(
            [sys.executable, __file__, "--worker", game, str(seconds), str(seed)],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        games, decisions, wall, cpu = json.loads(out)
        return int(games), int(decisions), float(wall), float(cpu)

    return trial


def uno_trial(seconds: float, seed: int) -> Trial:
    from rlcard.games.uno.game import UnoGame  # the benchmark venv only

    game = UnoGame(num_players=4)
    game.np_random.seed(seed)
    pick = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[pick.randrange(len(legal))])
            decisions += 1
        games += 1
    return games, decisions, elapsed, time.process_time() - cpu_start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="wall-clock seconds per trial")
    parser.add_argument("--trials", type=int, default=5, help="trials per engine (alternating)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--source",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="a source tree to measure (repeat: before=OLD/src after=src); default: the one imported",
    )
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument(
        "--games",
        default=",".join(GAMES),
        help=f"comma-separated games to compare (default: {','.join(GAMES)})",
    )
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    if args.worker:  # one trial of one game on the sources of PYTHONPATH, for --source
        game, seconds, seed = args.worker
        print(json.dumps(game_trial(game)(float(seconds), int(seed))))
        return
    sources = [entry.partition("=")[::2] for entry in args.source]
    if any(not name or not path for name, path in sources):
        parser.error("--source: give NAME=DIR")
    names = [g for g in args.games.split(",") if g]
    unknown = sorted(set(names) - set(GAMES))
    if unknown:
        parser.error(f"--games: unknown {', '.join(unknown)}; choose from {', '.join(GAMES)}")
    engines: dict[str, Callable[[float, int], Trial]] = {}
    if sources:
        for name in list(names):
            for version, path in sources:
                engines[f"{name}@{version}"] = source_trial(name, path)
        names = [f"{name}@{version}" for name in names for version, _ in sources]
    else:
        engines = {name: game_trial(name) for name in names}
    engines["rlcard_uno"] = uno_trial
    results: dict[str, list[Trial]] = {name: [] for name in engines}
    for trial in range(args.trials):
        for name, run in engines.items():
            results[name].append(run(args.seconds, 1000 * trial + 1))
    summary = {
        name: {
            "games_per_s": round(statistics.median(g / wall for g, _, wall, _ in rows), 1),
            "decisions_per_s": round(statistics.median(d / wall for _, d, wall, _ in rows)),
            "games_per_cpu_s": round(statistics.median(g / cpu for g, _, _, cpu in rows), 1),
            "decisions_per_cpu_s": round(statistics.median(d / cpu for _, d, _, cpu in rows)),
            "cpu_share": round(statistics.median(cpu / wall for _, _, wall, cpu in rows), 2),
        }
        for name, rows in results.items()
    }
    theirs = summary["rlcard_uno"]
    ratios = {
        name: {
            "cpu": round(summary[name]["decisions_per_cpu_s"] / theirs["decisions_per_cpu_s"], 2),
            "wall": round(summary[name]["decisions_per_s"] / theirs["decisions_per_s"], 2),
        }
        for name in names
    }
    versions = {}
    if sources:
        first = sources[0][0]
        for name in names:
            game, _, version = name.partition("@")
            if version != first:
                base = summary[f"{game}@{first}"]["decisions_per_cpu_s"]
                versions[name] = round(summary[name]["decisions_per_cpu_s"] / base, 2)
    out = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "load_average": [round(x, 1) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
        "seconds_per_trial": args.seconds,
        "trials": args.trials,
        "results": summary,
        "ratios": ratios,
        "against_first_source": versions,
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"one core, {args.trials} alternating trials of {args.seconds:g} s (wall-clock), median:")
    print(
        f"  {'':20s} {'games/s':>10s} {'decisions/s':>12s} {'games/cpu-s':>12s} {'decisions/cpu-s':>16s} {'cpu/wall':>9s}"
    )
    for name, row in summary.items():
        print(
            f"  {name:20s} {row['games_per_s']:10,.1f} {row['decisions_per_s']:12,.0f}"
            f" {row['games_per_cpu_s']:12,.1f} {row['decisions_per_cpu_s']:16,.0f} {row['cpu_share']:9.2f}"
        )
    print("  decisions per second against rlcard_uno (target >= 1.5x for every game):")
    for name, ratio in ratios.items():
        print(f"  {name:20s} {ratio['cpu']:.2f}x by CPU time, {ratio['wall']:.2f}x by wall clock")
    for name, ratio in versions.items():
        print(f"  {name:20s} {ratio:.2f}x the decisions per CPU-s of {sources[0][0]}")
    print(
        "  CPU time (time.process_time) counts only this process's own work; wall-clock also counts waiting"
        " for a core,\n  so on a loaded, shared machine the CPU-time ratio is the fairer comparison."
        f" load average now: {out['load_average']}"
    )


if __name__ == "__main__":
    main()
