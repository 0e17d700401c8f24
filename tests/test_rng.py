"""The deterministic generator: fixed outputs (platform independence), uniformity, shuffles."""

from collections import Counter

import pytest

from cardcore import CardcoreError
from cardcore.rng import Rng


def test_splitmix64_known_values():
    # SplitMix64 from seed 0: the published first outputs of the algorithm.
    r = Rng(0)
    assert [r.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_same_seed_same_stream_and_state_restores():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    saved = a.state
    x = [a.next_u64() for _ in range(5)]
    c = Rng(0)
    c.state = saved
    assert [c.next_u64() for _ in range(5)] == x


def test_below_is_uniform_enough():
    r = Rng(7)
    counts = Counter(r.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(v - 10_000) < 500 for v in counts.values())


def test_shuffle_is_a_permutation_and_seeded():
    deck = list(range(52))
    a, b = deck[:], deck[:]
    Rng(3).shuffle(a)
    Rng(3).shuffle(b)
    assert a == b and sorted(a) == deck and a != deck


def test_bad_seed():
    with pytest.raises(CardcoreError):
        Rng("x")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Rng(1).below(0)
