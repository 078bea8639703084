"""The server's garbage-collector policy: start-up objects frozen, survivors frozen periodically, and a
full collection of everything now and then so cyclic garbage among frozen objects is reclaimed."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from tischrunde.server.gcpolicy import GC_THRESHOLDS, keep_gc, tune_gc


@pytest.fixture
def restore_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_tune_gc_freezes_start_up_and_raises_thresholds(restore_gc: None) -> None:
    gc.unfreeze()
    tune_gc()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == GC_THRESHOLDS


async def test_keep_gc_freezes_survivors_and_reclaims_frozen_cycles(restore_gc: None) -> None:
    gc.unfreeze()
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle: only the cyclic collector can free it
    ref = weakref.ref(a)
    keeper = asyncio.create_task(keep_gc(freeze_s=0.05, full_s=0.5))
    try:
        await asyncio.sleep(0.12)
        assert gc.get_freeze_count() > 0, "survivors are frozen after freeze_s"
        del a, b  # garbage now, but frozen: no automatic collection looks at it
        gc.collect()
        assert ref() is not None, "a frozen cycle survives an ordinary collection"
        await asyncio.sleep(0.6)
        assert ref() is None, "the periodic full collection freed the frozen cycle"
    finally:
        keeper.cancel()
