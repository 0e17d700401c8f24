"""``cardcore bench dds``: double-dummy solver timings (cardcore only, no anchors)."""

from __future__ import annotations

import statistics
import time


def _ending(seed: int, k: int) -> list[list]:
    from ..bridge.deal import Deal

    d = Deal.random(seed)
    return [list(d.hand(x))[:k] for x in "NESW"]


def run(quick: bool = True) -> list[tuple[str, float, str]]:
    from ..bridge.deal import Deal
    from ..bridge.solver import dd_table, solve_cards, solve_position

    rows: list[tuple[str, float, str]] = []
    # mid-play card values on 7-card endings (what a card-play AI asks per sample)
    times = []
    for seed in range(20 if quick else 200):
        hands = _ending(2000 + seed, 7)
        t0 = time.process_time()
        solve_cards(hands, "S", 3)
        times.append(time.process_time() - t0)
    rows.append(("solve_cards, 7-card ending (median)", 1e3 * statistics.median(times), "ms CPU"))
    # whole-ending values, 9 cards per hand, every strain
    times = []
    for seed in range(6 if quick else 60):
        hands = _ending(4000 + seed, 9)
        t0 = time.process_time()
        for strain in "CDHSN":
            solve_position(hands, strain, seed % 4)
        times.append(time.process_time() - t0)
    rows.append(("solve_position x5 strains, 9-card ending (median)",
                 1e3 * statistics.median(times), "ms CPU"))
    if not quick:
        times = []
        for seed in range(10):
            d = Deal.random(3000 + seed)
            t0 = time.process_time()
            dd_table(d, threads=1)
            times.append(time.process_time() - t0)
        rows.append(("dd_table, full deal, one thread (median)", 1e3 * statistics.median(times),
                     "ms CPU"))
    return rows
