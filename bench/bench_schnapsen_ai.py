"""Schnapsen AI strength and speed: seven-point matches against ``random``, ``greedy``, the
PIMC baseline ``rdeep`` (RdeepSchnapsen(16, 4), ``cardcore.agents.rdeep``) and other strengths.

    python bench/bench_schnapsen_ai.py [--matches 200] [--strength normal] [--samples N]
        [--opponents random,greedy,rdeep] [--seed 1] [--workers K] [--ray [ADDRESS]]

The interval of the game points a deal is taken over the duplicate pairs.
``--strength`` picks the AI's level (``easy``, ``normal``, ``strong``); ``--samples`` overrides
its sample count. An opponent is any agent string, also another strength of the AI
(``--opponents ai:strength=easy``: each level against the one below).

Runs on ``cardcore.simulate`` as duplicate matches: match ``k`` is dealt from seed ``seed + k``
and played twice, the AI in seat 0 and then in seat 1 over the same cards (so ``--matches`` is
rounded up to an even number). Prints the match win rate with a 95% Wilson interval, the mean
game points per deal (from the AI's side), and the AI's time per decision (median, 95th
percentile, 99th percentile, maximum; every decision, forced ones included). Only cardcore
is needed (no anchor library plays Schnapsen).
"""

from __future__ import annotations

import argparse
import math
import statistics

import cardcore
from cardcore.bench.ai import print_move_times


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def deal_points(state) -> list[list[int]]:
    """``stats=``: ``[winner, game points]`` of every deal of the match (run in the workers)."""
    return [[d["winner"], d["game_points"]] for d in state.past]


def ai_string(strength: str = "normal", samples: int | None = None) -> str:
    return f"ai:strength={strength}" + (f",samples={samples}" if samples else "")


def run(opponent: str, matches: int, samples: int | None, seed: int,
        workers: int | None = None, engine: str = "local", address: str | None = None,
        strength: str = "normal", chunk: int = 0, progress=None) -> dict:
    """The AI against ``opponent`` over ``matches`` duplicate matches; with ``chunk``, played
    ``chunk`` matches at a time (seeds in order), ``progress(summary)`` after each."""
    ai_name = ai_string(strength, samples)
    pairs = -(-matches // 2)
    step = max(1, chunk // 2) if chunk else pairs
    deal_gp: list[float] = []
    pair_gp: dict[int, list[float]] = {}    # seed -> the AI's game points, both seats
    times: list[float] = []
    wins = games = 0
    wall = 0.0
    for start in range(0, pairs, step):
        res = cardcore.simulate("schnapsen", [ai_name, opponent], min(step, pairs - start),
                                seed=seed + start, duplicate=True, stats=deal_points,
                                timings=True, workers=workers, engine=engine, address=address)
        for row in res.rows:
            seat = row["agents"].index(ai_name)
            times += row["times"][seat]
            gps = [gp if winner == seat else -gp for winner, gp in row["stats"]]
            deal_gp += gps
            pair_gp.setdefault(row["seed"], []).extend(gps)
        wins += res[ai_name].wins
        games += res[ai_name].games
        wall += res.wall_seconds
        if progress is not None:
            progress(summary(opponent, wins, games, deal_gp, times, wall, pair_gp))
    return summary(opponent, wins, games, deal_gp, times, wall, pair_gp)


def pair_interval(pair_gp: dict[int, list[float]]) -> tuple[float, float]:
    """A 95% interval of the game points a deal, taken over the duplicate pairs (each pair's
    deals averaged: the pairs are independent, the deals of one match are not)."""
    means = [statistics.fmean(v) for v in pair_gp.values() if v]
    if len(means) < 2:
        return -math.inf, math.inf
    m = statistics.fmean(means)
    h = 1.96 * statistics.stdev(means) / math.sqrt(len(means))
    return m - h, m + h


def summary(opponent: str, wins: int, games: int, deal_gp: list[float], times: list[float],
            wall: float, pair_gp: dict[int, list[float]] | None = None) -> dict:
    times = sorted(times)
    lo, hi = wilson(wins, games)
    gp_lo, gp_hi = pair_interval(pair_gp or {})
    return {"opponent": opponent, "matches": games, "wins": wins, "rate": wins / games,
            "lo": lo, "hi": hi, "deals": len(deal_gp), "gp": statistics.fmean(deal_gp),
            "gp_lo": gp_lo, "gp_hi": gp_hi,
            "median_ms": 1e3 * statistics.median(times),
            "p95_ms": 1e3 * times[int(0.95 * (len(times) - 1))],
            "p99_ms": 1e3 * times[int(0.99 * (len(times) - 1))], "max_ms": 1e3 * times[-1],
            "wall_s": wall}


def line(r: dict) -> str:
    ci = f"[{r['lo']:.3f}, {r['hi']:.3f}]"
    return (f"{r['opponent']:18} {r['matches']:7d} {r['rate']:9.3f} "
            f"{ci:>15} {r['deals']:6d} {r['gp']:8.2f} "
            f"{'[' + format(r['gp_lo'], '+.2f') + ', ' + format(r['gp_hi'], '+.2f') + ']':>16} "
            f"{r['median_ms']:10.1f} {r['p95_ms']:7.1f} {r['p99_ms']:7.1f} "
            f"{r['max_ms']:7.1f} {r['wall_s']:7.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--strength", default="normal", help="easy, normal or strong")
    ap.add_argument("--samples", type=int, default=None, help="override the strength's samples")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponents", default="random,greedy,rdeep")
    ap.add_argument("--chunk", type=int, default=0,
                    help="play this many matches at a time, printing the running result")
    ap.add_argument("--times", type=int, default=0, metavar="N",
                    help="only time the AI's decisions (CPU seconds) over N positions")
    ap.add_argument("--times-strengths", default="easy,normal,strong")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args()
    engine = "local" if args.ray is None else "ray"
    if args.times:
        print_move_times("schnapsen", args.times_strengths.split(","), args.times, "Schnapsen")
        return
    print(f"Schnapsen AI ({ai_string(args.strength, args.samples)}) in seven-point matches")
    print(f"{'opponent':18} {'matches':>7} {'win rate':>9} {'95% CI':>15} {'deals':>6} "
          f"{'gp/deal':>8} {'gp 95% CI':>16} {'median ms':>10} {'p95 ms':>7} {'p99 ms':>7} "
          f"{'max ms':>7} {'wall s':>7}", flush=True)
    for o in args.opponents.split(","):
        r = run(o, args.matches, args.samples, args.seed, args.workers, engine,
                args.ray or None, args.strength, args.chunk,
                (lambda r: print("  so far: " + line(r), flush=True)) if args.chunk else None)
        print(line(r), flush=True)


if __name__ == "__main__":
    main()
