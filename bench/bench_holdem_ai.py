"""Hold'em AI against baselines: bb/100 with a 95% confidence interval.

Run: ``python bench/bench_holdem_ai.py [--hands 2000] [--seed 1]
[--opponents random,calling-station] [--workers K] [--ray [ADDRESS]]``

Format (explicit): independent ``single_deal=True`` hands at a 4-seat table, every stack
1000 chips (50 big blinds) at the start of each hand, blinds 10/20, the button on seat 0. The
AI sits in one seat and three copies of the baseline in the others. Runs on
``cardcore.simulate`` with duplicate deals to cut card luck: each deal (seed ``seed + deal``)
is played four times, the AI in each seat in turn, so every seat sees the same cards equally
often (``--hands`` counts every play and is rounded up to a multiple of 4). Every hand starts
with fresh agents seeded from the deal (so hands can run in any order on any worker): the AI
keeps no per-seat action counts from earlier hands.

Result per hand: the AI's chips won or lost, in big blinds. bb/100 = 100 x mean; the 95%
interval is 100 x (mean +- 1.96 x standard error), the error taken over deals (the mean of a
deal's four plays). Baselines: ``random`` (uniform over the legal actions, seeded) and
``calling-station`` (always check or call). Also printed: the share of hands the AI won, its
number of decisions, their median and 95th-percentile time, and the wall time.
"""

from __future__ import annotations

import argparse
import statistics
import sys

import cardcore

BIG_BLIND = 20


def play(opponent: str, hands: int, seed: int, workers: int | None = None,
         engine: str = "local", address: str | None = None):
    """``(results in big blinds per hand, AI decision seconds, Results)``."""
    res = cardcore.simulate("holdem", ["ai", opponent, opponent, opponent], -(-hands // 4),
                            seed=seed, duplicate=True, single_deal=True, timings=True,
                            workers=workers, engine=engine, address=address)
    results: list[float] = []
    times: list[float] = []
    for row in res.rows:
        me = row["agents"].index("ai")
        results.append(row["scores"][me] / BIG_BLIND)
        times += row["times"][me]
    return results, times, res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponents", default="random,calling-station")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args(argv)
    engine = "local" if args.ray is None else "ray"
    print(f"HoldemAI vs 3 baseline players, {args.hands} single-deal hands each, 50 bb stacks")
    print(f"  {'opponents':16s} {'bb/100':>9s} {'95% CI':>22s} {'won hands':>10s} "
          f"{'decisions':>10s} {'median ms':>10s} {'p95 ms':>8s} {'wall s':>7s}")
    ok = True
    for opp in args.opponents.split(","):
        res, times, out = play(opp, args.hands, args.seed, args.workers, engine,
                               args.ray or None)
        ai = out["ai"]
        bb100 = 100 * ai.mean / BIG_BLIND
        lo, hi = (100 * x / BIG_BLIND for x in ai.ci95)
        won = sum(1 for r in res if r > 0) / len(res)
        times.sort()
        med = statistics.median(times) * 1e3 if times else 0.0
        p95 = times[int(0.95 * (len(times) - 1))] * 1e3 if times else 0.0
        print(f"  {opp:16s} {bb100:9.1f} {f'[{lo:.1f}, {hi:.1f}]':>22s} {won:10.1%} "
              f"{len(times):10d} {med:10.2f} {p95:8.2f} {out.wall_seconds:7.1f}")
        ok = ok and lo > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
