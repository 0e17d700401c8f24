"""Schnapsen AI strength and speed: seven-point matches against ``random`` and ``greedy``.

    python bench/bench_schnapsen_ai.py [--matches 200] [--samples 16] [--seed 1]

The AI plays seat 0 in even matches and seat 1 in odd ones (each seat leads the first deal
half the time). Prints the match win rate with a 95% Wilson interval, the mean game points per
deal, and the AI's time per decision (median, 95th percentile, maximum). Only cardcore is
needed (no anchor library plays Schnapsen).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import cardcore  # noqa: E402
from cardcore.agents import get  # noqa: E402
from cardcore.agents.schnapsen import SchnapsenAI  # noqa: E402


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def run(opponent: str, matches: int, samples: int, seed: int) -> dict:
    wins = 0
    deal_gp: list[float] = []
    times: list[float] = []
    for i in range(matches):
        seat = i % 2
        ai = SchnapsenAI(seed=seed * 100_003 + i, samples=samples)
        opp = get(opponent, "schnapsen", seed=seed * 7_919 + i)
        s = cardcore.new_game("schnapsen", seed=seed * 1_000_003 + i)
        while not s.is_over:
            if s.current_player == seat:
                t0 = time.perf_counter()
                a = ai.act(s)
                times.append(time.perf_counter() - t0)
            else:
                a = opp.act(s)
            s.apply(a)
        wins += s.scores()[seat] > 0
        for d in s.past:
            deal_gp.append(d["game_points"] if d["winner"] == seat else -d["game_points"])
    times.sort()
    lo, hi = wilson(wins, matches)
    return {"opponent": opponent, "matches": matches, "wins": wins, "rate": wins / matches,
            "lo": lo, "hi": hi, "deals": len(deal_gp), "gp": statistics.fmean(deal_gp),
            "median_ms": 1e3 * statistics.median(times),
            "p95_ms": 1e3 * times[int(0.95 * (len(times) - 1))], "max_ms": 1e3 * times[-1]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponents", default="random,greedy")
    args = ap.parse_args()
    rows = [run(o, args.matches, args.samples, args.seed) for o in args.opponents.split(",")]
    print(f"Schnapsen AI (samples={args.samples}) in seven-point matches")
    print(f"{'opponent':10} {'matches':>7} {'win rate':>9} {'95% CI':>15} {'deals':>6} "
          f"{'gp/deal':>8} {'median ms':>10} {'p95 ms':>7} {'max ms':>7}")
    for r in rows:
        print(f"{r['opponent']:10} {r['matches']:7d} {r['rate']:9.3f} "
              f"{'[%.3f, %.3f]' % (r['lo'], r['hi']):>15} {r['deals']:6d} {r['gp']:8.2f} "
              f"{r['median_ms']:10.1f} {r['p95_ms']:7.1f} {r['max_ms']:7.1f}")


if __name__ == "__main__":
    main()
