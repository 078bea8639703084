"""A tiny deterministic PRNG whose whole state is one int, so it can live inside a frozen game state.

SplitMix64: cheap in pure Python (``shuffled`` computes a deck's draws at once), good enough for shuffling
cards, and independent of the global ``random`` module (seeded games never touch it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import numpy as np
import numpy.typing as npt

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_SPAN = 1 << 64


def seed_state(seed: int) -> int:
    """Turn any int seed into a 64-bit PRNG state."""
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (random 64-bit value, new state)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Return (uniform int in [0, n), new state). Uses rejection to avoid modulo bias."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = _SPAN - _SPAN % n
    while True:
        # next_u64, inlined: this is the hot path of every shuffle
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        value = z ^ (z >> 31)
        if value < limit:
            return value % n, state


def shuffled(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """Return (a Fisher-Yates shuffled copy of items, new state).

    The definition: for i = len - 1 down to 1, ``j, state = randbelow(state, i + 1)`` and swap items i and j.

    Written for speed, with exactly those draws, all computed at once: SplitMix64's k-th state after
    ``state`` is ``state + k * GAMMA``. A deck of ``_VECTOR_FROM`` items or more gets them from numpy (its
    ``uint64`` arithmetic wraps modulo 2**64 as the definition's ``& _MASK`` does), a smaller one from one
    big int. ``randbelow`` rejects a value only when it is at least ``2**64 - 2**64 % n`` (so at least
    ``2**64 - n``; probability below 1e-16 per draw): a deck with such a value is shuffled one draw at a
    time, with ``randbelow`` itself.
    """
    out = list(items)
    size = len(out)
    if size >= _VECTOR_FROM:
        z = _steps(size - 1) + np.uint64(state)
        z ^= z >> _S30
        z *= _C1
        z ^= z >> _S27
        z *= _C2
        z ^= z >> _S31
        if int(z.max()) < _SPAN - size:  # no value randbelow could reject
            i = size - 1
            for j in (z % _bounds(size)).tolist():  # j = randbelow's value % (i + 1)
                out[i], out[j] = out[j], out[i]
                i -= 1
            return tuple(out), (state + (size - 1) * _GAMMA) & _MASK
    elif size > 2:
        # a small deck: its draws at once in one big int, one draw per 128-bit lane (a lane's 64-bit value
        # times a 64-bit constant stays in its lane; each shift is masked back to the lanes)
        ones, steps, mask, high = _lanes(size - 1)
        x = (state * ones + steps) & mask
        x = (((x ^ (x >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
        x = (((x ^ (x >> 27)) & mask) * 0x94D049BB133111EB) & mask
        x = (x ^ (x >> 31)) & mask
        if not (x + size * ones) & high:  # no value is >= 2**64 - size: none randbelow could reject
            i = size - 1
            for value in memoryview(x.to_bytes(16 * i, "little")).cast("Q")[::2]:
                j = value % (i + 1)
                out[i], out[j] = out[j], out[i]
                i -= 1
            return tuple(out), (state + (size - 1) * _GAMMA) & _MASK
    for i in range(size - 1, 0, -1):
        j, state = randbelow(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


#: decks this long or longer are shuffled with numpy (below it one big int is faster)
_VECTOR_FROM = 32
_C1 = np.uint64(0xBF58476D1CE4E5B9)
_C2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)
_STEPS: list[npt.NDArray[np.uint64]] = [np.arange(1, 1, dtype=np.uint64)]
_BOUNDS: dict[int, npt.NDArray[np.uint64]] = {}
_LANES: dict[int, tuple[int, int, int, int]] = {}


def _steps(count: int) -> npt.NDArray[np.uint64]:
    """``k * GAMMA mod 2**64`` for k = 1 .. count (a read-only view of one table that grows as needed)."""
    table = _STEPS[0]
    if len(table) < count:
        table = np.arange(1, max(count, 256) + 1, dtype=np.uint64) * np.uint64(_GAMMA)
        table.flags.writeable = False
        _STEPS[0] = table
    return table[:count]


def _lanes(count: int) -> tuple[int, int, int, int]:
    """For ``count`` lanes of 128 bits: 1 in every lane, ``k * GAMMA mod 2**64`` in lane k - 1, the 64-bit
    mask of every lane, and bit 64 of every lane."""
    lanes = _LANES.get(count)
    if lanes is None:
        ones = sum(1 << (128 * k) for k in range(count))
        steps = sum((((k + 1) * _GAMMA) & _MASK) << (128 * k) for k in range(count))
        lanes = _LANES[count] = (ones, steps, _MASK * ones, ones << 64)
    return lanes


def _bounds(size: int) -> npt.NDArray[np.uint64]:
    """``size, size - 1, .., 2``: the n of each draw of a shuffle of ``size`` items."""
    bounds = _BOUNDS.get(size)
    if bounds is None:
        bounds = _BOUNDS[size] = np.arange(size, 1, -1, dtype=np.uint64)
        bounds.flags.writeable = False
    return bounds


def choice(state: int, items: Sequence[T]) -> tuple[T, int]:
    """Return (one item picked uniformly, new state)."""
    i, state = randbelow(state, len(items))
    return items[i], state


def uniform(state: int) -> tuple[float, int]:
    """Return (float in [0, 1), new state)."""
    value, state = next_u64(state)
    return (value >> 11) / float(1 << 53), state
