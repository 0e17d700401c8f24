"""Preference AI strength: average balance change per deal of one AI seat against two
``random`` players and against two ``simple`` (rule-of-thumb) players.

Usage: ``python bench/bench_preference_ai.py [--deals 300] [--seed 0] [--budget 100]``.
Each deal is a seeded single deal; the AI's seat and the dealer rotate. The same deal is also
played with the opponent type in the AI's seat (same cards, same opponents' seeds), which gives
the reference level and a paired difference. Prints means with 95 % confidence intervals
(normal approximation), the AI's results as declarer and as defender, and the time per AI card
play.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from cardcore import new_game
from cardcore.agents import RandomAgent
from cardcore.agents.preference import PreferenceAI, SimplePreferenceAgent


def ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return m, h


def opponent(kind: str, seed: int):
    return RandomAgent(seed=seed) if kind == "random" else SimplePreferenceAgent()


def deal(kind: str, seed: int, seat: int, ai: PreferenceAI | None, times: list[float]):
    s = new_game("preference", seed=seed, single_deal=True, dealer=seed % 3)
    seats = [opponent(kind, seed * 7 + k) for k in range(3)]
    if ai is not None:
        seats[seat] = ai
    while not s.is_over:
        p = s.current_player
        t0 = time.perf_counter()
        a = seats[p].act(s)
        if ai is not None and p == seat and s.phase == "play":
            times.append(time.perf_counter() - t0)
        s.apply(a)
    rec = s.past[-1]
    role = "void" if rec["void"] else (
        "declarer" if rec["contract"]["declarer"] == seat else "defender")
    return (0.0 if rec["void"] else float(rec["delta"][seat])), role


def run(kind: str, deals: int, seed0: int, budget: float) -> dict:
    ai_res, ref_res, diff = [], [], []
    roles: dict[str, list[float]] = {"declarer": [], "defender": [], "void": []}
    times: list[float] = []
    t0 = time.perf_counter()
    for i in range(deals):
        seed = seed0 + i
        seat = i % 3
        ai = PreferenceAI(seed=seed, budget_ms=budget)
        a, role = deal(kind, seed, seat, ai, times)
        r, _ = deal(kind, seed, seat, None, [])
        ai_res.append(a)
        ref_res.append(r)
        diff.append(a - r)
        roles[role].append(a)
    return {"kind": kind, "deals": deals, "ai": ci(ai_res), "ref": ci(ref_res),
            "diff": ci(diff), "roles": {k: (len(v), statistics.mean(v) if v else 0.0)
                                         for k, v in roles.items()},
            "move_ms": (1000 * statistics.median(times), 1000 * max(times)),
            "sec": time.perf_counter() - t0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=100.0, help="ms per AI card play")
    ap.add_argument("--opponents", default="random,simple")
    args = ap.parse_args()
    print(f"Preference AI, {args.deals} single deals per opponent type, seeds from "
          f"{args.seed}, budget {args.budget:g} ms per card play")
    print(f"{'opponents':<10} {'AI per deal':>16} {'same seat, opp.':>16} {'AI - opp.':>16}"
          f"  {'as declarer':>14} {'as defender':>14} {'void':>5}  {'ms/play med/max':>16}")
    for kind in args.opponents.split(","):
        r = run(kind, args.deals, args.seed, args.budget)
        f = lambda t: f"{t[0]:+6.2f} ± {t[1]:4.2f}"  # noqa: E731
        ro = r["roles"]
        print(f"{kind:<10} {f(r['ai']):>16} {f(r['ref']):>16} {f(r['diff']):>16}  "
              f"{ro['declarer'][0]:>4} {ro['declarer'][1]:+7.2f}  "
              f"{ro['defender'][0]:>4} {ro['defender'][1]:+7.2f}  {ro['void'][0]:>5}  "
              f"{r['move_ms'][0]:7.1f}/{r['move_ms'][1]:6.1f}")


if __name__ == "__main__":
    main()
