"""``cardcore bench poker``: the poker kernel's own numbers (no other library needed)."""

from __future__ import annotations

import statistics
import time

import numpy as np


def _median(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def run(quick: bool = True) -> list[tuple[str, float, str]]:
    """Rows of (label, value, unit)."""
    from cardcore import poker
    from cardcore._backend import kernel

    k = kernel("poker", "fast")
    repeat = 3 if quick else 7
    n = 1_000_000 if quick else 4_000_000
    hands = np.argpartition(np.random.default_rng(1).random((n, 52)), 7,
                            axis=1)[:, :7].astype(np.uint8)
    rows = hands[:20_000].tolist()
    ev = k.evaluate
    t_call = _median(lambda: [ev(h) for h in rows], repeat) / len(rows)
    t_many = _median(lambda: k.evaluate_many(hands), repeat)
    t_raw = _median(lambda: k.evaluate_many(hands, False), repeat)
    out = [
        ("evaluate, one 7-card hand (kernel, from Python)", t_call * 1e9, "ns"),
        ("evaluate_many, 7-card hands, validated", n / t_many / 1e6, "M hands/s"),
        ("evaluate_many, 7-card hands, check=False", n / t_raw / 1e6, "M hands/s"),
    ]
    out.append(("exact equity AhKh vs QsQd preflop (1,712,304 boards)",
                _median(lambda: poker.equity(["AhKh", "QsQd"]), repeat) * 1e3, "ms"))
    out.append(("Monte Carlo equity vs 2 ranges, 20,000 samples",
                _median(lambda: poker.range_equity(["AhKh", "QQ+, AKs", "any"],
                                                   samples=20_000, seed=1), repeat) * 1e3, "ms"))
    if not quick:
        out.append(("all 133,784,560 seven-card hands (category_histogram7)",
                    _median(k.category_histogram7, 3), "s"))
    else:
        out.append(("all 2,598,960 five-card hands (category_histogram(5))",
                    _median(lambda: k.category_histogram(5), repeat) * 1e3, "ms"))
    return out
