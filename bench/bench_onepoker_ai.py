"""One Poker AI strength: win rate over seeded matches against ``random`` and a rule of thumb.

Usage: ``python bench/bench_onepoker_ai.py [--matches 500] [--seed 0]``. The AI plays half the
matches as seat 0 and half as seat 1. Prints the win rate with a 95 % Wilson interval, the mean
chips won per match and the time per match.
"""

from __future__ import annotations

import argparse
import math
import time

from cardcore import new_game
from cardcore.agents import RandomAgent
from cardcore.agents.onepoker import OnePokerAI, RuleOfThumbAgent


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (mid - half, mid + half)


def play(opponent: str, seed: int, ai_seat: int, max_actions: int = 100_000) -> float:
    s = new_game("onepoker", seed=seed)
    ai = OnePokerAI(seed=seed * 2 + 1)
    opp = RandomAgent(seed=seed * 2 + 2) if opponent == "random" else RuleOfThumbAgent()
    agents = [ai, opp] if ai_seat == 0 else [opp, ai]
    for _ in range(max_actions):
        p = s.current_player
        if p is None:
            break
        s.apply(agents[p].act(s))
    else:
        raise RuntimeError(f"match {seed} did not end")
    return s.scores()[ai_seat]


def run(opponent: str, matches: int, seed0: int) -> dict:
    wins, total = 0, 0.0
    t0 = time.perf_counter()
    for i in range(matches):
        sc = play(opponent, seed0 + i, i % 2)
        wins += sc > 0
        total += sc
    dt = time.perf_counter() - t0
    lo, hi = wilson(wins, matches)
    return {"opponent": opponent, "matches": matches, "wins": wins, "rate": wins / matches,
            "ci": (lo, hi), "chips": total / matches, "ms": 1000 * dt / matches}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=500)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"{'opponent':<10} {'matches':>7} {'wins':>5} {'win rate':>9} {'95% CI':>15} "
          f"{'chips/match':>11} {'ms/match':>9}")
    for opp in ("random", "rule"):
        r = run(opp, args.matches, args.seed)
        lo, hi = r["ci"]
        print(f"{opp:<10} {r['matches']:>7} {r['wins']:>5} {r['rate']:>9.3f} "
              f"{f'[{lo:.3f}, {hi:.3f}]':>15} {r['chips']:>+11.2f} {r['ms']:>9.1f}")


if __name__ == "__main__":
    main()
