"""The server's garbage-collector policy: start-up objects frozen, survivors frozen every tick, young
cycles collected only while that is cheap, and a full collection only while the heap is small."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from tischrunde.server.gcpolicy import GC_THRESHOLDS, STATS_ENV, Pauses, collect_now, keep_gc, tune_gc


@pytest.fixture
def restore_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    gc.disable()  # no automatic collection in between: each test decides what is collected
    yield
    gc.enable()
    gc.unfreeze()
    gc.set_threshold(*thresholds)


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    """A dropped cycle: only the cyclic collector can free it."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_tune_gc_freezes_start_up_and_raises_thresholds(restore_gc: None) -> None:
    gc.unfreeze()
    tune_gc()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == GC_THRESHOLDS


def test_a_young_cycle_is_collected_before_the_freeze_while_few_objects_are_young(restore_gc: None) -> None:
    gc.collect()
    gc.freeze()
    ref = cycle()
    collect_now(young_max=10_000, full_max=0, full=False)
    assert ref() is None
    assert gc.get_count()[0] == 0, "the survivors are frozen"


def test_with_many_young_objects_nothing_is_scanned_only_frozen(restore_gc: None) -> None:
    gc.collect()
    gc.freeze()
    ref = cycle()
    frozen = gc.get_freeze_count()
    collect_now(young_max=0, full_max=0, full=False)
    assert ref() is not None, "no collection: the young cycle is frozen with the rest"
    assert gc.get_freeze_count() > frozen
    gc.collect()
    assert ref() is not None, "a frozen cycle survives an ordinary collection"


def test_the_full_collection_reclaims_frozen_cycles_only_while_the_heap_is_small(restore_gc: None) -> None:
    gc.collect()
    ref = cycle()
    gc.freeze()
    collect_now(young_max=0, full_max=0, full=True)
    assert ref() is not None, "too many objects for the pause budget: no full collection"
    collect_now(young_max=0, full_max=10**9, full=True)
    assert ref() is None, "the full collection freed the frozen cycle"
    assert gc.get_freeze_count() > 0, "and froze the survivors again"


async def test_keep_gc_ticks_and_reports_its_pauses(
    restore_gc: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stats = tmp_path / "gc.json"
    monkeypatch.setenv(STATS_ENV, str(stats))
    keeper = asyncio.create_task(keep_gc(freeze_s=0.02, full_s=3600))
    try:
        ref = cycle()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 10
        while (ref() is not None or not stats.exists()) and loop.time() < deadline:
            await asyncio.sleep(0.01)
        assert ref() is None, "a tick collected the young cycle"
        report = json.loads(stats.read_text())
        assert report["count"] >= 1 and report["longest_s"] > 0 and report["frozen"] > 0
    finally:
        keeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await keeper
    assert not any(isinstance(c, Pauses) for c in gc.callbacks), "the pause timer is removed again"
