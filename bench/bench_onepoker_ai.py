"""One Poker AI strength: win rate over seeded matches against ``random``, a rule of thumb and
its other strengths.

Usage: ``python bench/bench_onepoker_ai.py [--matches 500] [--seed 0]
[--strengths easy,normal,strong] [--opponents random,rule] [--ladder] [--single-deal]
[--positions N]
[--workers K] [--ray [ADDRESS]]``.

Runs on ``cardcore.simulate`` as duplicate matches: match ``k`` is dealt from seed ``seed + k``
and played twice, the AI as seat 0 and then as seat 1 over the same cards (so ``--matches``
is rounded up to an even number). Prints the win rate with a 95 % Wilson interval (over
matches), the mean chips won per match with its 95 % interval (over deals, the mean of the
two seatings), the time per match (CPU seconds in the games / matches) and the AI's seconds
per decision (median, 99th percentile, largest). ``--ladder`` plays strong against normal and
normal against easy. ``--positions N`` only times every strength over N reachable positions
(median, 99th percentile, largest seconds per decision). ``--single-deal`` plays single
deals (``single_deal=True``, 20 chips each) instead of matches: ``--matches`` then counts
deals, and the result to read is the mean chips won per deal with its interval (the win rate
counts deals won).
"""

from __future__ import annotations

import argparse
import math
import statistics

import cardcore
from cardcore.bench.ai import print_position_times


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (mid - half, mid + half)


def ai_string(strength: str) -> str:
    return "ai" if strength == "normal" else f"ai:strength={strength}"


def run(opponent: str, matches: int, seed0: int, workers: int | None = None,
        engine: str = "local", address: str | None = None, ai: str = "ai",
        single_deal: bool = False) -> dict:
    res = cardcore.simulate("onepoker", [ai, opponent], -(-matches // 2), seed=seed0,
                            duplicate=True, workers=workers, engine=engine, address=address,
                            timings=True, single_deal=single_deal)
    r = res[ai]
    times = sorted(t for row in res.rows for t in row["times"][row["agents"].index(ai)])
    lo, hi = wilson(r.wins, r.games)
    return {"opponent": opponent, "matches": r.games, "wins": r.wins, "rate": r.win_rate,
            "ci": (lo, hi), "chips": r.mean, "chips_ci": r.ci95,
            "ms": 1000 * res.cpu_seconds / r.games, "wall": res.wall_seconds,
            "med": statistics.median(times) if times else 0.0,
            "p99": times[int(0.99 * (len(times) - 1))] if times else 0.0,
            "max": times[-1] if times else 0.0}


def print_positions(n: int, seed: int) -> None:
    print_position_times("onepoker", n, seed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=500)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--strengths", default="normal")
    ap.add_argument("--opponents", default="random,rule")
    ap.add_argument("--ladder", action="store_true",
                    help="only strong vs normal and normal vs easy")
    ap.add_argument("--single-deal", action="store_true",
                    help="single deals (chips per deal) instead of matches")
    ap.add_argument("--positions", type=int, default=0, metavar="N",
                    help="only time every strength over N reachable positions")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args()
    engine = "local" if args.ray is None else "ray"
    if args.positions:
        print_positions(args.positions, args.seed)
        return
    if args.ladder:
        pairs = [("strong", ai_string("normal")), ("normal", ai_string("easy"))]
    else:
        pairs = [(s, o) for s in args.strengths.split(",") for o in args.opponents.split(",")]
    unit = "deal" if args.single_deal else "match"
    units = "deals" if args.single_deal else "matches"
    print(f"{'strength':<8} {'opponent':<18} {units:>7} {'wins':>5} {'win rate':>9} "
          f"{'95% CI':>15} {'chips/' + unit:>11} {'95% CI':>16} {'ms/' + unit:>9} "
          f"{'med ms':>7} {'p99 ms':>7} {'max ms':>7}")
    for strength, opp in pairs:
        r = run(opp, args.matches, args.seed, args.workers, engine, args.ray or None,
                ai_string(strength), args.single_deal)
        lo, hi = r["ci"]
        clo, chi = r["chips_ci"]
        print(f"{strength:<8} {opp:<18} {r['matches']:>7} {r['wins']:>5} {r['rate']:>9.3f} "
              f"{f'[{lo:.3f}, {hi:.3f}]':>15} {r['chips']:>+11.2f} "
              f"{f'[{clo:+.2f}, {chi:+.2f}]':>16} {r['ms']:>9.1f} {1e3 * r['med']:>7.3f} "
              f"{1e3 * r['p99']:>7.3f} {1e3 * r['max']:>7.3f}", flush=True)


if __name__ == "__main__":
    main()
