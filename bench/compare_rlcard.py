"""Mogel-Motte random playouts vs RLCard's raw UnoGame, side by side in one process on one core.

Run through ``bench/compare_rlcard.sh``, which builds a separate venv (``bench/.venv-rlcard``) holding
RLCard and this package, so RLCard never becomes a dependency of the product.

Both sides do the same work per decision: ask for the legal actions of the seat to move, pick one
uniformly at random, apply it. Trials alternate between the two engines so that machine noise hits both
alike; the median of the trials is reported.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable

from tischrunde.core.game import Config
from tischrunde.core.playout import random_playout


def mogelmotte_trial(seconds: float, seed: int) -> tuple[int, int, float]:
    games = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        stats = random_playout(Config(game="mogelmotte", players=4, seed=seed + games), seed + games)
        games += 1
        decisions += stats.decisions
    return games, decisions, elapsed


def uno_trial(seconds: float, seed: int) -> tuple[int, int, float]:
    from rlcard.games.uno.game import UnoGame  # the benchmark venv only

    game = UnoGame(num_players=4)
    game.np_random.seed(seed)
    pick = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[pick.randrange(len(legal))])
            decisions += 1
        games += 1
    return games, decisions, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per trial")
    parser.add_argument("--trials", type=int, default=5, help="trials per engine (alternating)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    engines: dict[str, Callable[[float, int], tuple[int, int, float]]] = {
        "mogelmotte": mogelmotte_trial,
        "rlcard_uno": uno_trial,
    }
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in engines}
    for trial in range(args.trials):
        for name, run in engines.items():
            games, decisions, elapsed = run(args.seconds, 1000 * trial + 1)
            results[name].append((games / elapsed, decisions / elapsed))
    summary = {
        name: {
            "games_per_s": round(statistics.median(g for g, _ in rows), 1),
            "decisions_per_s": round(statistics.median(d for _, d in rows), 0),
        }
        for name, rows in results.items()
    }
    ratio = summary["mogelmotte"]["decisions_per_s"] / summary["rlcard_uno"]["decisions_per_s"]
    out = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds_per_trial": args.seconds,
        "trials": args.trials,
        "results": summary,
        "decisions_ratio": round(ratio, 2),
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"one core, {args.trials} alternating trials of {args.seconds:g} s, median:")
    for name, row in summary.items():
        print(f"  {name:12s} {row['games_per_s']:10,.1f} games/s {row['decisions_per_s']:12,.0f} decisions/s")
    print(f"  mogelmotte / rlcard_uno decisions per second: {ratio:.2f}x (target >= 1.5x)")


if __name__ == "__main__":
    main()
