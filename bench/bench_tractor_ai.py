"""Tractor (Shengji) AI strength and speed: single deals, the AI's team against a baseline.

    python bench/bench_tractor_ai.py [--deals 1000] [--opponents random,greedy] [--seed 1]

Two ``TractorAI`` partners (seats 0 & 2 in even deals, 1 & 3 in odd ones) play
``single_deal=True`` deals against two copies of the opponent; the first speaker is drawn per
deal, so the AI's team declares, deals and defends about as often as it attacks. A deal is won
by the side that keeps it (the defenders below 80 points) or takes it over (the attackers with
80 or more). Prints the AI team's deal win rate with a 95% Wilson interval, its mean score per
deal (the levels its side rises, minus the levels the other side rises), how often it defended,
and the AI's time per decision (median, 95th percentile, maximum). The AI's work per decision
is counted in samples and search nodes, so a run is the same on every machine; only the times
differ. Only cardcore is needed (no anchor library plays Tractor).
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
from cardcore.agents.tractor import TractorAI  # noqa: E402


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def run(opponent: str, deals: int, seed: int, ai_options: dict) -> dict:
    wins = defended = 0
    score = 0.0
    times: list[float] = []
    for i in range(deals):
        team = i % 2
        seats = []
        for s in range(4):
            if (s & 1) == team:
                seats.append(TractorAI(seed=seed * 100_003 + i * 4 + s, **ai_options))
            else:
                seats.append(get(opponent, "tractor", seed=seed * 7_919 + i * 4 + s))
        st = cardcore.new_game("tractor", seed=seed * 1_000_003 + i, single_deal=True)
        while not st.is_over:
            p = st.current_player
            if (p & 1) == team:
                t0 = time.perf_counter()
                a = seats[p].act(st)
                times.append(time.perf_counter() - t0)
            else:
                a = seats[p].act(st)
            st.apply(a)
        rec = st.past[-1]
        wins += rec["winner_team"] == team
        defended += (rec["dealer"] & 1) == team
        score += st.scores()[team]
    times.sort()
    lo, hi = wilson(wins, deals)
    return {"opponent": opponent, "deals": deals, "wins": wins, "rate": wins / deals,
            "lo": lo, "hi": hi, "score": score / deals, "defended": defended / deals,
            "median_ms": 1e3 * statistics.median(times),
            "p95_ms": 1e3 * times[int(0.95 * (len(times) - 1))], "max_ms": 1e3 * times[-1]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--samples", type=int, default=None, help="AI worlds per endgame decision")
    ap.add_argument("--nodes", type=int, default=None, help="AI search nodes per decision")
    ap.add_argument("--endgame", type=int, default=None, help="AI search from this hand size")
    args = ap.parse_args(argv)
    opts = {k: v for k, v in (("samples", args.samples), ("nodes", args.nodes),
                              ("endgame", args.endgame)) if v is not None}
    rows = [run(o, args.deals, args.seed, opts) for o in args.opponents.split(",")]
    print(f"Tractor AI team vs two baseline players, {args.deals} single deals each "
          f"(seed {args.seed}{', ' + str(opts) if opts else ''})")
    print(f"{'opponent':10} {'deals':>6} {'win rate':>9} {'95% CI':>15} {'score/deal':>11} "
          f"{'defended':>9} {'median ms':>10} {'p95 ms':>7} {'max ms':>7}")
    for r in rows:
        ci = f"[{r['lo']:.3f}, {r['hi']:.3f}]"
        print(f"{r['opponent']:10} {r['deals']:6d} {r['rate']:9.3f} "
              f"{ci:>15} {r['score']:11.2f} "
              f"{r['defended']:9.2f} {r['median_ms']:10.2f} {r['p95_ms']:7.1f} "
              f"{r['max_ms']:7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
