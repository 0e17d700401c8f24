"""Hold'em AI against baselines and against its other strengths: bb/100 with a 95% interval.

Run: ``python bench/bench_holdem_ai.py [--hands 2000] [--seed 1]
[--opponents random,calling-station,equity] [--strengths normal] [--ladder] [--positions N]
[--workers K] [--ray [ADDRESS]]``

Format (explicit): independent ``single_deal=True`` hands at a 4-seat table, every stack
1000 chips (50 big blinds) at the start of each hand, blinds 10/20, the button on seat 0. The
AI sits in one seat and three copies of the opponent in the others. Runs on
``cardcore.simulate`` with duplicate deals to cut card luck: each deal (seed ``seed + deal``)
is played four times, the AI in each seat in turn, so every seat sees the same cards equally
often (``--hands`` counts every play and is rounded up to a multiple of 4). Every hand starts
with fresh agents seeded from the deal (so hands can run in any order on any worker): the AI
keeps no per-seat action counts from earlier hands.

Opponents: ``random`` (uniform over the legal actions, seeded), ``calling-station`` (always
check or call), ``equity`` (``cardcore.agents.holdem.EquityBot``: Monte Carlo equity against
random hands of the players still in, on pot odds), or any agent string. ``--strengths``
names the AI's strengths to seat (``easy,normal,strong``). ``--ladder`` plays each strength
against three seats of the strength below (strong against normal, normal against easy).
``--positions N`` only times every strength over N reachable positions of whole matches
(median, 99th percentile and largest seconds per decision).

Result per hand: the AI's chips won or lost, in big blinds. bb/100 = 100 x mean; the 95%
interval is 100 x (mean +- 1.96 x standard error), the error taken over deals (the mean of a
deal's four plays). Also printed: the share of hands the AI won, its number of decisions,
their median, 99th-percentile and largest time, and the wall time.
"""

from __future__ import annotations

import argparse
import statistics
import sys

import cardcore
from cardcore.bench.ai import print_position_times

BIG_BLIND = 20


def ai_string(strength: str) -> str:
    return "ai" if strength == "normal" else f"ai:strength={strength}"


def play(opponent: str, hands: int, seed: int, workers: int | None = None,
         engine: str = "local", address: str | None = None, ai: str = "ai"):
    """``(results in big blinds per hand, AI decision seconds, Results)``."""
    res = cardcore.simulate("holdem", [ai, opponent, opponent, opponent], -(-hands // 4),
                            seed=seed, duplicate=True, single_deal=True, timings=True,
                            workers=workers, engine=engine, address=address)
    results: list[float] = []
    times: list[float] = []
    for row in res.rows:
        me = row["agents"].index(ai)
        results.append(row["scores"][me] / BIG_BLIND)
        times += row["times"][me]
    return results, times, res


def report(label: str, ai: str, opp: str, hands: int, seed: int, workers, engine, address):
    res, times, out = play(opp, hands, seed, workers, engine, address, ai)
    r = out[ai]
    bb100 = 100 * r.mean / BIG_BLIND
    lo, hi = (100 * x / BIG_BLIND for x in r.ci95)
    won = sum(1 for x in res if x > 0) / len(res)
    times.sort()
    med = statistics.median(times) * 1e3 if times else 0.0
    p99 = times[int(0.99 * (len(times) - 1))] * 1e3 if times else 0.0
    top = times[-1] * 1e3 if times else 0.0
    print(f"  {label:10s} {opp:22s} {len(res):6d} {bb100:9.1f} {f'[{lo:.1f}, {hi:.1f}]':>20s} "
          f"{won:6.1%} {len(times):9d} {med:8.2f} {p99:8.2f} {top:8.2f} "
          f"{out.wall_seconds:7.1f}", flush=True)
    return lo > 0


def print_positions(n: int, seed: int) -> None:
    print_position_times("holdem", n, seed)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponents", default="random,calling-station,equity")
    ap.add_argument("--strengths", default="normal")
    ap.add_argument("--ladder", action="store_true",
                    help="only strong vs normal and normal vs easy")
    ap.add_argument("--positions", type=int, default=0, metavar="N",
                    help="only time every strength over N reachable positions")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args(argv)
    engine = "local" if args.ray is None else "ray"
    if args.positions:
        print_positions(args.positions, args.seed)
        return 0
    print(f"HoldemAI vs 3 opponent seats, {args.hands} single-deal hands each, 50 bb stacks, "
          f"seed {args.seed}")
    print(f"  {'strength':10s} {'opponents':22s} {'hands':>6s} {'bb/100':>9s} {'95% CI':>20s} "
          f"{'won':>6s} {'decisions':>9s} {'med ms':>8s} {'p99 ms':>8s} {'max ms':>8s} "
          f"{'wall s':>7s}")
    ok = True
    if args.ladder:
        pairs = [("strong", ai_string("normal")), ("normal", ai_string("easy"))]
    else:
        pairs = [(s, o) for s in args.strengths.split(",") for o in args.opponents.split(",")]
    for strength, opp in pairs:
        ok = report(strength, ai_string(strength), opp, args.hands, args.seed, args.workers,
                    engine, args.ray or None) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
