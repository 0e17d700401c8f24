"""Hold'em AI against baselines: bb/100 with a 95% confidence interval.

Run: ``python bench/bench_holdem_ai.py [--hands 2000] [--seed 1] [--opponents random,calling-station]``

Format (explicit): independent ``single_deal=True`` hands at a 4-seat table, every stack
1000 chips (50 big blinds) at the start of each hand, blinds 10/20. The AI sits in one seat
and three copies of the baseline in the others. Duplicate deals to cut card luck: each deal
(one shuffle seed, button on seat deal % 4) is played four times, the AI in each seat in
turn (hand h: deal h // 4, AI in seat h % 4), so every seat sees the same cards equally
often. One AI object plays all hands of a run (it keeps its per-seat action
counts across hands, as at a real table; seats are re-filled by the same kind of baseline).

Result per hand: the AI's chips won or lost, in big blinds. bb/100 = 100 x mean; the 95%
interval is 100 x (mean +- 1.96 x standard error). Baselines: ``random`` (uniform over the
legal actions, seeded) and ``calling-station`` (always check or call). Also printed: the AI's
median and 95th-percentile decision time.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

import cardcore
from cardcore.agents import RandomAgent
from cardcore.agents.holdem import CallingStation, HoldemAI

BIG_BLIND = 20


def play(opponent: str, hands: int, seed: int, ai_options: dict | None = None):
    ai = HoldemAI("holdem", seed=seed, **(ai_options or {}))
    results: list[float] = []
    times: list[float] = []
    for h in range(hands):
        me = h % 4
        deal = h // 4
        state = cardcore.new_game("holdem", seed=seed * 1_000_003 + deal, single_deal=True,
                                  button=deal % 4)
        seats = []
        for s in range(4):
            if s == me:
                seats.append(ai)
            elif opponent == "random":
                seats.append(RandomAgent("holdem", seed=seed * 7919 + deal * 4 + s))
            else:
                seats.append(CallingStation("holdem"))
        while not state.is_over:
            p = state.current_player
            if p == me:
                t0 = time.perf_counter()
                action = ai.act(state)
                times.append(time.perf_counter() - t0)
            else:
                action = seats[p].act(state)
            state.apply(action)
        results.append(state.scores()[me] / BIG_BLIND)
    return results, times


def summary(results: list[float]) -> tuple[float, float, float]:
    n = len(results)
    mean = statistics.fmean(results)
    sd = statistics.stdev(results) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return 100 * mean, 100 * (mean - half), 100 * (mean + half)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponents", default="random,calling-station")
    args = ap.parse_args(argv)
    print(f"HoldemAI vs 3 baseline players, {args.hands} single-deal hands each, 50 bb stacks")
    print(f"  {'opponents':16s} {'bb/100':>9s} {'95% CI':>22s} {'won hands':>10s} "
          f"{'decisions':>10s} {'median ms':>10s} {'p95 ms':>8s} {'wall s':>7s}")
    ok = True
    for opp in args.opponents.split(","):
        t0 = time.perf_counter()
        res, times = play(opp, args.hands, args.seed)
        wall = time.perf_counter() - t0
        bb100, lo, hi = summary(res)
        won = sum(1 for r in res if r > 0) / len(res)
        times.sort()
        med = statistics.median(times) * 1e3 if times else 0.0
        p95 = times[int(0.95 * (len(times) - 1))] * 1e3 if times else 0.0
        print(f"  {opp:16s} {bb100:9.1f} {f'[{lo:.1f}, {hi:.1f}]':>22s} {won:10.1%} "
              f"{len(times):10d} {med:10.2f} {p95:8.2f} {wall:7.1f}")
        ok = ok and lo > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
