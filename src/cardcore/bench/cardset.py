"""``cardcore bench cardset``: the card-set kernel's helpers, per call."""

from __future__ import annotations

import time

import numpy as np

from .._backend import kernel


def _per_call(fn, arg, n: int) -> float:
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(n):
            fn(arg)
        best = min(best, (time.perf_counter() - t0) / n)
    return best


def run(quick: bool = True) -> list[tuple[str, float, str]]:
    k = kernel("cardset", "fast")
    hand = np.arange(0, 54, 3, dtype=np.uint8)
    n = 20_000 if quick else 200_000
    m = k.mask(hand)
    return [
        ("rank_counts, 18 cards", _per_call(k.rank_counts, hand, n) * 1e9, "ns/call"),
        ("mask, 18 cards", _per_call(k.mask, hand, n) * 1e9, "ns/call"),
        ("from_mask, 18 cards", _per_call(k.from_mask, m, n) * 1e9, "ns/call"),
    ]
