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
