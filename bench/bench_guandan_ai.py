"""Guandan AI strength: the team win rate of deals against ``random``, the ``greedy`` baseline
and the AI at another strength, with 95% confidence intervals, and the AI's seconds a move.

    python bench/bench_guandan_ai.py [--deals 1000] [--strength normal]
        [--opponents random,greedy,ai@easy] [--samples N] [--seed 0] [--workers K]
        [--ray [ADDRESS]]

Runs on ``cardcore.simulate`` with duplicate deals: deal ``k`` uses seed ``seed + k`` and is
played twice, the AI team in seats 0+2 and then in seats 1+3 over the same cards (so neither
side keeps the first lead or the seat order; ``--deals`` counts both plays and is rounded up
to an even number). Each deal is a single deal at level 2. An opponent ``ai@S`` is the AI at
strength ``S`` (``"ai:strength=S"``): ``--strength strong --opponents ai@normal`` measures
``strong`` against ``normal``.

Prints per opponent: the AI team's win rate (a deal is won by the team whose player goes out
first) with its 95% Wilson interval over the plays, the mean levels a play (the AI team's rise
minus the other team's) with its 95% interval over the deals (the mean of a deal's two plays,
mean +- 1.96 standard errors), and the AI's wall seconds a move (median, 99th percentile,
maximum; the machine's load is included). The AI's work is counted in worlds and candidate
plays, never in seconds, so a run gives the same games on every machine.
"""

from __future__ import annotations

import argparse
import math
import statistics

import cardcore


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def agent_name(spec: str) -> str:
    """``ai@S`` -> ``ai:strength=S``; anything else as given."""
    name, at, strength = spec.partition("@")
    return f"{name}:strength={strength}" if at else spec


def run(opponent: str, deals: int, strength: str = "normal", samples: int | None = None,
        seed: int = 0, workers: int | None = None, engine: str = "local",
        address: str | None = None) -> dict:
    opts = [f"strength={strength}"] + ([f"samples={samples}"] if samples is not None else [])
    ai_name = "ai:" + ",".join(opts)
    opp = agent_name(opponent)
    res = cardcore.simulate("guandan", [ai_name, opp], -(-deals // 2), seed=seed,
                            duplicate=True, single_deal=True, timings=True, workers=workers,
                            engine=engine, address=address)
    ai = res[ai_name]
    times: list[float] = []
    for row in res.rows:
        team = row["agents"].index(ai_name) & 1
        for s in (team, team + 2):
            times += row["times"][s]
    times.sort()
    lo, hi = wilson(ai.wins, ai.games)
    return {"opponent": opponent, "plays": ai.games, "wins": ai.wins, "rate": ai.wins / ai.games,
            "lo": lo, "hi": hi, "levels": ai.mean, "levels_ci": ai.ci95,
            "median": statistics.median(times), "p99": times[int(0.99 * (len(times) - 1))],
            "max": times[-1], "cpu": res.cpu_seconds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--strength", default="normal", help="the AI's strength")
    ap.add_argument("--samples", type=int, default=None, help="override the strength's worlds")
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args()
    engine = "local" if args.ray is None else "ray"
    print(f"Guandan AI ({args.strength}) team against two opponents, single deals at level 2, "
          f"duplicate, seeds from {args.seed}")
    print(f"{'opponent':<12}{'plays':>7}{'wins':>7}{'win rate':>10}{'95% CI':>18}"
          f"{'levels/play':>13}{'95% CI':>18}{'s/move med':>12}{'p99':>8}{'max':>8}")
    for opp in args.opponents.split(","):
        r = run(opp, args.deals, args.strength, args.samples, args.seed, args.workers, engine,
                args.ray or None)
        lo, hi = r["levels_ci"]
        ci = f"[{r['lo']:.1%}, {r['hi']:.1%}]"
        print(f"{opp:<12}{r['plays']:>7}{r['wins']:>7}{r['rate']:>10.1%}{ci:>18}"
              f"{r['levels']:>+13.2f}{f'[{lo:+.2f}, {hi:+.2f}]':>18}"
              f"{r['median']:>12.4f}{r['p99']:>8.3f}{r['max']:>8.3f}", flush=True)


if __name__ == "__main__":
    main()
