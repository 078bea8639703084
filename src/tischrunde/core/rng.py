"""A tiny deterministic PRNG whose whole state is one int, so it can live inside a frozen game state.

SplitMix64: fast in pure Python, good enough for shuffling cards, and independent of the global
``random`` module (seeded games never touch it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

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

    Written for speed, with exactly those draws: SplitMix64's k-th state after ``state`` is
    ``state + k * GAMMA``, so the values of up to ``_LANES`` draws are computed at once in one big int
    holding one draw per 128-bit lane (a lane's 64-bit value times a 64-bit constant stays in its lane;
    each shift is masked back to the lanes). ``randbelow`` rejects a value only when it is at least
    ``2**64 - 2**64 % n`` (so at least ``2**64 - n``, probability below 1e-16 per draw); a batch with such a
    value is drawn again one by one with ``randbelow`` itself.
    """
    out = list(items)
    size = len(out)
    top = size - 1  # the highest index still to place
    while top > 0:
        count = top if top < _LANES else _LANES
        ones, steps, mask, high = _batch(count)
        z = (state * ones + steps) & mask
        z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
        z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
        z = (z ^ (z >> 31)) & mask
        if (z + size * ones) & high:  # some value is >= 2**64 - size: maybe a rejection
            for _ in range(count):
                j, state = randbelow(state, top + 1)
                out[top], out[j] = out[j], out[top]
                top -= 1
            continue
        values = memoryview(z.to_bytes(16 * count, "little")).cast("Q")[::2]
        low = top - count
        for i, value in zip(range(top, low, -1), values, strict=True):
            j = value % (i + 1)
            out[i], out[j] = out[j], out[i]
        top = low
        state = (state + count * _GAMMA) & _MASK
    return tuple(out), state


#: the most draws computed in one big int (a 160-card deck needs one batch)
_LANES = 256
_BATCHES: dict[int, tuple[int, int, int, int]] = {}


def _batch(count: int) -> tuple[int, int, int, int]:
    """For ``count`` lanes of 128 bits: 1 in every lane, ``k * GAMMA mod 2**64`` in lane k - 1, the 64-bit
    mask of every lane, and bit 64 of every lane."""
    batch = _BATCHES.get(count)
    if batch is None:
        ones = sum(1 << (128 * k) for k in range(count))
        steps = sum((((k + 1) * _GAMMA) & _MASK) << (128 * k) for k in range(count))
        batch = _BATCHES[count] = (ones, steps, _MASK * ones, ones << 64)
    return batch


def choice(state: int, items: Sequence[T]) -> tuple[T, int]:
    """Return (one item picked uniformly, new state)."""
    i, state = randbelow(state, len(items))
    return items[i], state


def uniform(state: int) -> tuple[float, int]:
    """Return (float in [0, 1), new state)."""
    value, state = next_u64(state)
    return (value >> 11) / float(1 << 53), state
