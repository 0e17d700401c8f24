"""One Poker AI strength: win rate over seeded matches against ``random`` and a rule of thumb.

Usage: ``python bench/bench_onepoker_ai.py [--matches 500] [--seed 0] [--workers K]
[--ray [ADDRESS]]``.

Runs on ``cardcore.simulate`` as duplicate matches: match ``k`` is dealt from seed ``seed + k``
and played twice, the AI as seat 0 and then as seat 1 over the same cards (so ``--matches``
is rounded up to an even number). Prints the win rate with a 95 % Wilson interval, the mean
chips won per match and the time per match (CPU seconds in the games / matches).
"""

from __future__ import annotations

import argparse
import math

import cardcore

OPPONENTS = {"random": "random", "rule": "rule"}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (mid - half, mid + half)


def run(opponent: str, matches: int, seed0: int, workers: int | None = None,
        engine: str = "local", address: str | None = None) -> dict:
    res = cardcore.simulate("onepoker", ["ai", OPPONENTS[opponent]], -(-matches // 2),
                            seed=seed0, duplicate=True, workers=workers, engine=engine,
                            address=address)
    ai = res["ai"]
    wins = ai.wins
    lo, hi = wilson(wins, ai.games)
    return {"opponent": opponent, "matches": ai.games, "wins": wins, "rate": ai.win_rate,
            "ci": (lo, hi), "chips": ai.mean, "ms": 1000 * res.cpu_seconds / ai.games,
            "wall": res.wall_seconds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=500)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args()
    engine = "local" if args.ray is None else "ray"
    print(f"{'opponent':<10} {'matches':>7} {'wins':>5} {'win rate':>9} {'95% CI':>15} "
          f"{'chips/match':>11} {'ms/match':>9}")
    for opp in ("random", "rule"):
        r = run(opp, args.matches, args.seed, args.workers, engine, args.ray or None)
        lo, hi = r["ci"]
        print(f"{opp:<10} {r['matches']:>7} {r['wins']:>5} {r['rate']:>9.3f} "
              f"{f'[{lo:.3f}, {hi:.3f}]':>15} {r['chips']:>+11.2f} {r['ms']:>9.1f}")


if __name__ == "__main__":
    main()
