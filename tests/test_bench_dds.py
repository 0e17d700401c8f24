"""Micro-benchmarks of the double-dummy solver (run with --benchmark-enable)."""

import pytest

from cardcore._fast import dds as fast
from cardcore.bridge import solver
from cardcore.bridge.deal import Deal
from cardcore.bridge.solver import solve, solve_cards

pytestmark = pytest.mark.bench


@pytest.fixture(autouse=True)
def _compiled_solver(monkeypatch):
    """Benchmarks time the compiled kernel whatever CARDCORE_BACKEND says."""
    monkeypatch.setattr(solver, "_k", fast)


def test_bench_solve_full_deal_nt(benchmark):
    d = Deal.random(1001)
    v = benchmark.pedantic(solve, args=(d, "N", "S"), rounds=2, iterations=1)
    assert 0 <= v <= 13


def test_bench_solve_cards_ending(benchmark):
    d = Deal.random(2001)
    hands = [list(d.hand(x))[:7] for x in "NESW"]
    vals = benchmark(solve_cards, hands, "S", 3)
    assert len(vals) == 7 and all(0 <= v <= 7 for v in vals.values())
