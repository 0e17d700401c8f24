"""Tractor (Shengji) AI strength and speed: single deals, the AI's team against a baseline.

    python bench/bench_tractor_ai.py [--deals 1000] [--opponents random,greedy,ai@easy]
        [--strength normal] [--seed 1] [--samples N] [--nodes N] [--endgame N] [--workers K]
        [--ray [ADDRESS]]

Runs on ``cardcore.simulate`` with duplicate deals: deal ``k`` is
``cardcore.new_game("tractor", seed=seed + k, single_deal=True)`` and is played twice, two
``TractorAI`` partners in seats 0 & 2 against two copies of the opponent in seats 1 & 3, then
the other way round over the same cards (``--deals`` counts both plays and is rounded up to an
even number). ``--strength`` sets the AI's strength (``normal`` by default); an opponent
``ai@S`` is the AI at strength ``S``, so ``--strength strong --opponents ai@normal`` measures
``strong`` against ``normal``. The agent in seat ``s`` is seeded with
``cardcore.simulate.agent_seed(seed + k, s)``. The first speaker is drawn per deal, so the AI's
team declares, deals and defends about as often as it attacks. A deal is won by the side that
keeps it (the defenders below 80 points) or takes it over (the attackers with 80 or more).

Prints the AI team's deal win rate with a 95% Wilson interval (over the plays), its mean score
per play (the levels its side rises, minus the levels the other side rises) with a 95% interval
over the deals (the mean of a deal's two plays; normal approximation, mean +- 1.96 standard
errors), how often it defended, and the AI's time per decision (median, 95th and 99th
percentiles, maximum; wall time, the machine's load included). The exit code is 1 when the
lower end of a score interval is not above 0 (the AI is not shown to be better than that
opponent), else 0. The AI's work per decision is counted in samples and search nodes, so a
run is the same on every machine; only the times differ. Only cardcore is needed (no anchor
library plays Tractor).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys

import cardcore


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def deal_record(state) -> list[int]:
    """``stats=`` (run in the workers): ``[winning team, dealer]`` of the deal."""
    rec = state.past[-1]
    return [rec["winner_team"], rec["dealer"]]


def agent_name(spec: str) -> str:
    """``ai@S`` -> ``ai:strength=S``; anything else as given."""
    name, at, strength = spec.partition("@")
    return f"{name}:strength={strength}" if at else spec


def run(opponent: str, deals: int, seed: int, ai_options: dict, workers: int | None = None,
        engine: str = "local", address: str | None = None) -> dict:
    ai = "ai" + (":" + ",".join(f"{k}={v}" for k, v in ai_options.items()) if ai_options else "")
    res = cardcore.simulate("tractor", [ai, agent_name(opponent)], -(-deals // 2), seed=seed,
                            duplicate=True, single_deal=True, stats=deal_record, timings=True,
                            workers=workers, engine=engine, address=address)
    wins = defended = 0
    times: list[float] = []
    for row in res.rows:
        team = row["agents"].index(ai) & 1
        winner, dealer = row["stats"]
        wins += winner == team
        defended += (dealer & 1) == team
        for s in (team, team + 2):
            times += row["times"][s]
    times.sort()
    n = res.total_games
    lo, hi = wilson(wins, n)
    score = res[ai]
    return {"opponent": opponent, "deals": n, "wins": wins, "rate": wins / n,
            "lo": lo, "hi": hi, "score": score.mean, "score_ci": score.ci95,
            "defended": defended / n, "median_ms": 1e3 * statistics.median(times),
            "p95_ms": 1e3 * times[int(0.95 * (len(times) - 1))],
            "p99_ms": 1e3 * times[int(0.99 * (len(times) - 1))], "max_ms": 1e3 * times[-1],
            "wall": res.wall_seconds}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--strength", default=None, help="the AI's strength (default normal)")
    ap.add_argument("--samples", type=int, default=None, help="AI worlds per endgame decision")
    ap.add_argument("--nodes", type=int, default=None, help="AI search nodes per decision")
    ap.add_argument("--endgame", type=int, default=None, help="AI search from this hand size")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args(argv)
    engine = "local" if args.ray is None else "ray"
    opts = {k: v for k, v in (("strength", args.strength), ("samples", args.samples),
                              ("nodes", args.nodes),
                              ("endgame", args.endgame)) if v is not None}
    rows = [run(o, args.deals, args.seed, opts, args.workers, engine, args.ray or None)
            for o in args.opponents.split(",")]
    print(f"Tractor AI team vs two baseline players, {rows[0]['deals']} single-deal plays each "
          f"({rows[0]['deals'] // 2} duplicate deals, seeds from {args.seed}"
          f"{', ' + str(opts) if opts else ''})")
    print(f"{'opponent':10} {'plays':>6} {'win rate':>9} {'95% CI':>15} {'score/play':>11} "
          f"{'95% CI':>16} {'defended':>9} {'median ms':>10} {'p95 ms':>7} {'p99 ms':>7} "
          f"{'max ms':>7} "
          f"{'wall s':>7}")
    ok = True
    for r in rows:
        ci = f"[{r['lo']:.3f}, {r['hi']:.3f}]"
        lo, hi = r["score_ci"]
        sci = f"[{lo:+.2f}, {hi:+.2f}]"
        print(f"{r['opponent']:10} {r['deals']:6d} {r['rate']:9.3f} "
              f"{ci:>15} {r['score']:+11.2f} {sci:>16} "
              f"{r['defended']:9.2f} {r['median_ms']:10.2f} {r['p95_ms']:7.1f} "
              f"{r['p99_ms']:7.1f} "
              f"{r['max_ms']:7.1f} {r['wall']:7.1f}")
        ok = ok and lo > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
