"""One SplitMix64: ``cardcore.rng.Rng`` is the definition; the poker kernel's generator (the
``splitmix64_next`` of ``_fast/bits.pxd``) and the plain-Python twin give the same stream."""

from __future__ import annotations

import numpy as np
import pytest

from cardcore import CardcoreError
from cardcore._ref import poker as ref
from cardcore.rng import Rng

fast = pytest.importorskip("cardcore._fast.poker", reason="compiled kernel not built")

SEEDS = [0, 1, 2, 42, 12345, 0x9E3779B97F4A7C15, 2**63, 2**64 - 1, -1, -(2**40), 2**70 + 3,
         np.uint64(2**64 - 1), np.int64(-5)]
N = 1000


def rng_stream(seed, n: int = N) -> list[int]:
    r = Rng(int(seed))
    return [r.next_u64() for _ in range(n)]


@pytest.mark.parametrize("seed", SEEDS, ids=[str(s) for s in SEEDS])
def test_kernel_stream_is_rng_stream(seed):
    want = rng_stream(seed)
    got = fast.splitmix_stream(seed, N)
    assert got.dtype == np.uint64 and got.shape == (N,)
    assert [int(x) for x in got] == want


@pytest.mark.parametrize("seed", SEEDS, ids=[str(s) for s in SEEDS])
def test_reference_stream_is_rng_stream(seed):
    assert [int(x) for x in ref.splitmix_stream(seed, N)] == rng_stream(seed)
    g = ref._SplitMix(int(seed) & (2**64 - 1))
    assert [g.next() for _ in range(N)] == rng_stream(seed)


def test_published_first_outputs():
    # SplitMix64 from seed 0 (also pinned for Rng in tests/test_rng.py)
    first = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert [int(x) for x in fast.splitmix_stream(0, 3)] == first
    assert [int(x) for x in ref.splitmix_stream(0, 3)] == first


def test_stream_prefixes_and_empty():
    assert fast.splitmix_stream(7, 0).shape == (0,)
    assert ref.splitmix_stream(7, 0).shape == (0,)
    long = fast.splitmix_stream(7, 50)
    assert (fast.splitmix_stream(7, 10) == long[:10]).all()


def test_reference_generator_is_built_on_rng():
    """The plain-Python twin keeps no SplitMix64 of its own: its generator is Rng."""
    g = ref._SplitMix(99)
    assert isinstance(g._rng, Rng)


def test_monte_carlo_uses_the_same_stream():
    """The kernel's and the twin's Monte Carlo draw the same boards from the same seed."""
    holes = np.array([[48, 49], [0, 5]], np.uint8)          # Ac Ad against 2c 3d
    empty = np.zeros(0, np.uint8)
    for seed in (0, 5, 2**64 - 1, -3):
        assert fast.equity_sample(holes, empty, empty, 300, seed) == \
            ref.equity_sample(holes, empty, empty, 300, seed)
    combos = np.array([[48, 49], [44, 45], [0, 5], [1, 6]], np.uint8)
    cum = np.array([1.0, 3.0, 2.0, 2.5])
    off = np.array([0, 2, 4], np.int64)
    for seed in (1, 2**63 + 1):
        assert fast.equity_ranges(combos, cum, off, empty, empty, 300, seed) == \
            ref.equity_ranges(combos, cum, off, empty, empty, 300, seed)


@pytest.mark.parametrize("mod", [fast, ref], ids=["fast", "ref"])
@pytest.mark.parametrize("seed, n", [("1", 5), (1.5, 5), (True, 5), (None, 5), (1, -1),
                                     (1, 2**70), (1, "5"), (1, 1.0), (1, (1 << 26) + 1)])
def test_stream_arguments(mod, seed, n):
    with pytest.raises(CardcoreError):
        mod.splitmix_stream(seed, n)


def _python_shuffle(seq: list, seed: int) -> tuple[list, int]:
    r = Rng(seed)
    seq = list(seq)
    for i in range(len(seq) - 1, 0, -1):
        j = r.below(i + 1)
        seq[i], seq[j] = seq[j], seq[i]
    return seq, r.state


@pytest.mark.parametrize("n", [0, 1, 2, 3, 13, 32, 52, 54, 108, 1000])
def test_shuffle_kernel_draws_like_rng(n):
    """The card-set kernel's shuffle, its twin and ``Rng.shuffle`` give the same order and leave
    the generator in the same state (so games dealt before and after the move are the same)."""
    from cardcore._fast import cardset as fast_cs
    from cardcore._ref import cardset as ref_cs

    for seed in [0, 1, 7, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15]:
        want, state = _python_shuffle(list(range(n)), seed)
        a, b = list(range(n)), list(range(n))
        assert fast_cs.shuffle(a, seed) == state and a == want
        assert ref_cs.shuffle(b, seed) == state and b == want
        r = Rng(seed)
        c = list(range(n))
        r.shuffle(c)
        assert c == want and r.state == state
        d = tuple(range(n))  # a non-list sequence takes the Python loop, same draws
        r2 = Rng(seed)
        e = bytearray(d) if n <= 255 else None
        if e is not None:
            r2.shuffle(e)
            assert list(e) == want and r2.state == state


def test_shuffle_kernel_rejects_bad_state():
    from cardcore._fast import cardset as fast_cs
    from cardcore._ref import cardset as ref_cs

    for mod in (fast_cs, ref_cs):
        for bad in ("1", 1.5, None, True, [10**5000]):
            with pytest.raises(CardcoreError):
                mod.shuffle([1, 2, 3], bad)
        # an int of any size is taken modulo 2**64, as ``Rng(seed)`` takes it
        assert mod.shuffle([1, 2, 3], 10**5000) == fast_cs.shuffle([1, 2, 3], 10**5000 % 2**64)
