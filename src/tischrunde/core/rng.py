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
    """Return (a Fisher-Yates shuffled copy of items, new state)."""
    out = list(items)
    # randbelow(state, i + 1) for i = len - 1 .. 1, inlined (the same draws, bit for bit)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _SPAN - _SPAN % n
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                break
        j = value % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def choice(state: int, items: Sequence[T]) -> tuple[T, int]:
    """Return (one item picked uniformly, new state)."""
    i, state = randbelow(state, len(items))
    return items[i], state


def uniform(state: int) -> tuple[float, int]:
    """Return (float in [0, 1), new state)."""
    value, state = next_u64(state)
    return (value >> 11) / float(1 << 53), state
