"""Guandan AI strength: the team win rate of deals against ``random`` and the ``greedy``
baseline, with 95% confidence intervals (Wilson).

    python bench/bench_guandan_ai.py [--deals 1000] [--samples 6] [--opponents random,greedy]

Deal ``k`` uses seed ``k``; the AI team alternates between seats 0+2 and 1+3 so that neither
side keeps the first lead or the seat order. Each deal is a single deal at level 2.
"""

from __future__ import annotations

import argparse
import math
import time

import cardcore
from cardcore import agents


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def run(opponent: str, deals: int, samples: int) -> tuple[int, int, float, float]:
    wins = 0
    levels = 0.0
    t0 = time.perf_counter()
    for k in range(deals):
        ai_team = k % 2
        seats = []
        for s in range(4):
            if s % 2 == ai_team:
                seats.append(agents.get("ai", "guandan", seed=k * 8 + s, samples=samples))
            else:
                seats.append(agents.get(opponent, "guandan", seed=k * 8 + s))
        state = cardcore.new_game("guandan", seed=k, single_deal=True)
        while not state.is_over:
            state.apply(seats[state.current_player].act(state))
        score = state.scores()[ai_team]
        wins += score > 0
        levels += score
    return wins, deals, levels / deals, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--samples", type=int, default=6)
    ap.add_argument("--opponents", default="random,greedy")
    args = ap.parse_args()
    print(f"{'opponent':<10}{'deals':>7}{'wins':>7}{'win rate':>10}{'95% CI':>18}"
          f"{'levels/deal':>13}{'s/deal':>8}")
    for opp in args.opponents.split(","):
        wins, n, lv, secs = run(opp, args.deals, args.samples)
        lo, hi = wilson(wins, n)
        print(f"{opp:<10}{n:>7}{wins:>7}{wins / n:>10.1%}{f'[{lo:.1%}, {hi:.1%}]':>18}"
              f"{lv:>+13.2f}{secs / n:>8.2f}")


if __name__ == "__main__":
    main()
