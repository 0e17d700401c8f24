"""pytest-benchmark cases for the poker kernel (run with --benchmark-enable)."""

import numpy as np
import pytest

from cardcore import poker
from cardcore._backend import kernel

fast = kernel("poker", "fast")
HANDS = np.argpartition(np.random.default_rng(5).random((200_000, 52)), 7,
                        axis=1)[:, :7].astype(np.uint8)
ROW = HANDS[0].tolist()


def test_bench_evaluate_one(benchmark):
    v = benchmark(fast.evaluate, ROW)
    assert v == poker.evaluate(ROW)


def test_bench_public_evaluate_list(benchmark):
    v = benchmark(poker.evaluate, ROW)
    assert v == fast.evaluate(ROW)


def test_bench_public_evaluate_string(benchmark):
    v = benchmark(poker.evaluate, "As Ks Qs Js Ts 2c 3d")
    assert v == 7462


def test_bench_evaluate_many(benchmark):
    out = benchmark(fast.evaluate_many, HANDS)
    assert out.shape == (len(HANDS),) and int(out.min()) >= 1


def test_bench_evaluate_many_unchecked(benchmark):
    out = benchmark(fast.evaluate_many, HANDS, False)
    assert (out == fast.evaluate_many(HANDS)).all()


def test_bench_evaluate_many_int64(benchmark):
    wide = HANDS.astype(np.int64)
    out = benchmark(fast.evaluate_many, wide)
    assert (out == fast.evaluate_many(HANDS)).all()


def test_bench_exact_equity_preflop(benchmark):
    eq = benchmark(poker.equity, ["AhKh", "QsQd"])
    assert round(eq[0], 8) == 0.46214457


def test_bench_monte_carlo_ranges(benchmark):
    res = benchmark(poker.range_equity, ["AhKh", "QQ+, AKs", "any"], samples=20_000, seed=1)
    assert res.total == 20_000


@pytest.mark.bench
def test_bench_enumeration_5(benchmark):
    hist = benchmark(fast.category_histogram, 5)
    assert hist["straight flush"] == 40
