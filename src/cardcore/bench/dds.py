"""``cardcore bench dds``: double-dummy solver timings (cardcore only, no anchors)."""

from __future__ import annotations

import statistics
import time


def run(quick: bool = True) -> list[tuple[str, float, str]]:
    from ..bridge.deal import Deal
    from ..bridge.solver import dd_table, solve, solve_cards

    rows: list[tuple[str, float, str]] = []
    # single NT solves on full deals (the cheapest full-deal strain)
    times = []
    for seed in range(3 if quick else 20):
        d = Deal.random(1000 + seed)
        t0 = time.process_time()
        solve(d, "N", "S")
        times.append(time.process_time() - t0)
    rows.append(("solve, full deal, NT (median)", 1e3 * statistics.median(times), "ms CPU"))
    # mid-play card values on 7-card endings (what a card-play AI asks per sample)
    times = []
    for seed in range(20 if quick else 200):
        d = Deal.random(2000 + seed)
        hands = [[c for c in d.hand(x)][:7] for x in "NESW"]
        t0 = time.process_time()
        solve_cards(hands, "S", 3)
        times.append(time.process_time() - t0)
    rows.append(("solve_cards, 7-card ending (median)", 1e3 * statistics.median(times), "ms CPU"))
    if not quick:
        times = []
        for seed in range(10):
            d = Deal.random(3000 + seed)
            t0 = time.process_time()
            dd_table(d)
            times.append(time.process_time() - t0)
        rows.append(("dd_table, full deal (median)", 1e3 * statistics.median(times), "ms CPU"))
    return rows
