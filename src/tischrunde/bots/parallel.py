"""Play many bot games over several processes, with exactly the seeds and results of one process.

A :class:`GameTask` says everything one game needs (its config, the bot kind of every seat, the bots'
parameters and where to save its record), so a worker process needs nothing from its parent but the
task. :func:`run_tasks` hands chunks of tasks to a pool of spawned processes and puts the results back in
task order, so every summary built from them is the same for any number of processes.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import msgspec

from tischrunde.bots import make_bot
from tischrunde.bots.driver import play_game
from tischrunde.core.game import Config, Outcome
from tischrunde.core.records import save


class GameTask(msgspec.Struct, frozen=True):
    """One game to play: bots are made per seat as ``make_bot(game, bots[seat], seat, config.seed, **params)``."""

    config: Config
    bots: tuple[str, ...]
    params: dict[str, Any] = {}
    #: write the game's record to this file (JSON), if given
    record_path: str | None = None


class GameResult(msgspec.Struct, frozen=True):
    """What a summary needs of a played game (the record stays in the worker, or on disk)."""

    outcome: Outcome
    decisions: int
    #: simulated time of the last action, ms since the start (the record's last time)
    time_ms: int


def default_jobs() -> int:
    """All cores."""
    return os.cpu_count() or 1


def play_task(task: GameTask) -> GameResult:
    """Play one task's game. A top-level function, so spawned workers can run it."""
    game = task.config.game
    bots = [
        make_bot(game, kind, seat, task.config.seed, **task.params) for seat, kind in enumerate(task.bots)
    ]
    result = play_game(task.config, bots)
    if task.record_path is not None:
        save(result.record, Path(task.record_path))
    return GameResult(result.outcome, result.decisions, result.time_ms)


def play_chunk(tasks: Sequence[GameTask]) -> list[GameResult]:
    """Play several tasks in order (one round trip to a worker for a few games)."""
    return [play_task(task) for task in tasks]


def chunk_size(total: int, jobs: int) -> int:
    """About eight chunks per process, at most 16 games each, so the progress bar moves and the
    processes finish close together."""
    return max(1, min(16, -(-total // (jobs * 8))))


def run_tasks(
    tasks: Sequence[GameTask], jobs: int = 1, advance: Callable[[int], None] | None = None
) -> list[GameResult]:
    """Play every task, on ``jobs`` processes (1: in this process); results in task order.

    ``advance(n)`` is called in this process whenever n more games are done (for a progress bar). The
    first error a game raises is raised here, and the games not started yet are cancelled.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if jobs == 1 or len(tasks) <= 1:
        results = []
        for task in tasks:
            results.append(play_task(task))
            if advance is not None:
                advance(1)
        return results
    size = chunk_size(len(tasks), jobs)
    starts = range(0, len(tasks), size)
    out: list[GameResult | None] = [None] * len(tasks)
    # spawn, not fork: the parent runs threads (the progress bar's refresh, the pool's own manager)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(jobs, len(starts)), mp_context=context) as pool:
        pending: dict[Future[list[GameResult]], int] = {
            pool.submit(play_chunk, list(tasks[start : start + size])): start for start in starts
        }
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_EXCEPTION)
                for future in done:
                    start = pending.pop(future)
                    chunk = future.result()
                    out[start : start + len(chunk)] = chunk
                    if advance is not None:
                        advance(len(chunk))
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    assert all(r is not None for r in out)
    return [r for r in out if r is not None]
