"""pytest-benchmark cases for the card-set kernel (run with --benchmark-enable)."""

import numpy as np

from cardcore._backend import kernel

fast = kernel("cardset", "fast")
HAND = np.array([0, 5, 9, 13, 17, 22, 26, 31, 35, 39, 44, 48, 51, 52, 53, 2, 7], dtype=np.uint8)


def test_bench_rank_counts(benchmark):
    out = benchmark(fast.rank_counts, HAND)
    assert int(out.sum()) == len(HAND)


def test_bench_mask_round_trip(benchmark):
    def go():
        return fast.from_mask(fast.mask(HAND))

    out = benchmark(go)
    assert out.tolist() == sorted(HAND.tolist())
