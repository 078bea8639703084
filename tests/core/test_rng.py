from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tischrunde.core import rng


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=1, max_value=1000))
def test_randbelow_is_in_range_and_deterministic(seed: int, n: int) -> None:
    state = rng.seed_state(seed)
    a, s1 = rng.randbelow(state, n)
    b, s2 = rng.randbelow(state, n)
    assert a == b and s1 == s2
    assert 0 <= a < n


@given(st.integers(min_value=0, max_value=2**32), st.lists(st.integers(), max_size=50))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    out, _ = rng.shuffled(rng.seed_state(seed), items)
    assert sorted(out) == sorted(items)


def test_shuffle_distribution_is_roughly_uniform() -> None:
    counts = [0, 0, 0]
    state = rng.seed_state(1)
    for _ in range(3000):
        out, state = rng.shuffled(state, [0, 1, 2])
        counts[out[0]] += 1
    assert all(900 < c < 1100 for c in counts)


def _reference_shuffle(state: int, items: list[int]) -> tuple[tuple[int, ...], int]:
    """The definition of ``rng.shuffled``, one draw at a time."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = rng.randbelow(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def _state_before(value: int) -> int:
    """The PRNG state whose next ``next_u64`` value is ``value`` (SplitMix64's mix is invertible)."""
    mask = (1 << 64) - 1
    z = value
    for shift, factor in ((31, 0x94D049BB133111EB), (27, 0xBF58476D1CE4E5B9), (30, None)):
        # undo z ^= z >> shift (repeat until every bit is fixed), then undo the multiplication before it
        y = z
        for _ in range(64 // shift + 1):
            y = z ^ (y >> shift)
        z = y
        if factor is not None:
            z = (z * pow(factor, -1, 1 << 64)) & mask
    return (z - rng._GAMMA) & mask


def test_state_before_inverts_the_mix() -> None:
    for value in (0, 1, 12345, (1 << 64) - 1, 0xDEADBEEF << 20):
        assert rng.next_u64(_state_before(value))[0] == value


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=600))
def test_shuffle_is_exactly_the_one_draw_at_a_time_definition(state: int, size: int) -> None:
    items = list(range(size))
    assert rng.shuffled(state, items) == _reference_shuffle(state, items)


def test_shuffle_matches_the_definition_on_every_size_of_a_deck() -> None:
    for size in range(0, 300):
        for state in (0, rng.seed_state(size), (1 << 64) - 1 - size):
            assert rng.shuffled(state, list(range(size))) == _reference_shuffle(state, list(range(size)))


def test_shuffle_redraws_a_rejected_value_like_randbelow() -> None:
    # a state whose k-th draw is 2**64 - 1: randbelow rejects it for every n that is no power of two
    # sizes on both fast paths: one big int (below 32 items) and numpy (32 or more)
    for size, k in ((7, 1), (7, 4), (20, 3), (31, 1), (100, 1), (100, 37), (160, 99), (300, 5), (300, 290)):
        state = (_state_before((1 << 64) - 1) - (k - 1) * rng._GAMMA) & ((1 << 64) - 1)
        n = size - (k - 1)  # the draw k is for index n - 1, so randbelow(., n)
        if n & (n - 1) == 0:
            continue
        value, _ = rng.next_u64((state + (k - 1) * rng._GAMMA) & ((1 << 64) - 1))
        assert value == (1 << 64) - 1
        items = list(range(size))
        expected = _reference_shuffle(state, items)
        assert rng.shuffled(state, items) == expected
        # the rejection really happened: the definition used one draw more than size - 1
        assert expected[1] == (state + size * rng._GAMMA) & ((1 << 64) - 1)
