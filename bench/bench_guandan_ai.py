"""Guandan AI strength: the team win rate of deals against ``random`` and the ``greedy``
baseline, with 95% confidence intervals (Wilson).

    python bench/bench_guandan_ai.py [--deals 1000] [--samples 6] [--opponents random,greedy]
        [--seed 0] [--workers K] [--ray [ADDRESS]]

Runs on ``cardcore.simulate`` with duplicate deals: deal ``k`` uses seed ``seed + k`` and is
played twice, the AI team in seats 0+2 and then in seats 1+3 over the same cards (so neither
side keeps the first lead or the seat order; ``--deals`` counts both plays and is rounded up
to an even number). Each deal is a single deal at level 2.
"""

from __future__ import annotations

import argparse
import math

import cardcore


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def run(opponent: str, deals: int, samples: int, seed: int = 0, workers: int | None = None,
        engine: str = "local", address: str | None = None) -> tuple[int, int, float, float]:
    ai_name = f"ai:samples={samples}"
    res = cardcore.simulate("guandan", [ai_name, opponent], -(-deals // 2), seed=seed,
                            duplicate=True, single_deal=True, workers=workers, engine=engine,
                            address=address)
    ai = res[ai_name]
    return ai.wins, ai.games, ai.mean, res.cpu_seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--samples", type=int, default=6)
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args()
    engine = "local" if args.ray is None else "ray"
    print(f"{'opponent':<10}{'deals':>7}{'wins':>7}{'win rate':>10}{'95% CI':>18}"
          f"{'levels/deal':>13}{'s/deal':>8}")
    for opp in args.opponents.split(","):
        wins, n, lv, secs = run(opp, args.deals, args.samples, args.seed, args.workers, engine,
                                args.ray or None)
        lo, hi = wilson(wins, n)
        print(f"{opp:<10}{n:>7}{wins:>7}{wins / n:>10.1%}{f'[{lo:.1%}, {hi:.1%}]':>18}"
              f"{lv:>+13.2f}{secs / n:>8.2f}")


if __name__ == "__main__":
    main()
