"""Preference AI strength: average balance change per deal of one AI seat against two
``random`` players and against two ``simple`` (rule-of-thumb) players.

Usage: ``python bench/bench_preference_ai.py [--deals 300] [--seed 0] [--nodes N]
[--budget MS] [--match 9]``. The AI thinks with its default work budget (``nodes`` search
nodes per card play) unless ``--nodes`` or the clock (``--budget`` ms per card play) is given.
Each deal is a seeded single deal; the AI's seat and the dealer rotate. With
``--match N`` the deals are played as matches of N deals instead (the AI then also reads the
earlier deals of its match), and the interval is taken over the matches. A deal's value is
its settlement for the seat (a pot refill is not counted: it costs every seat the same). The same deal is also
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
from cardcore.agents.preference import DEFAULT_NODES, PreferenceAI, SimplePreferenceAgent


def ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return m, h


def opponent(kind: str, seed: int):
    return RandomAgent(seed=seed) if kind == "random" else SimplePreferenceAgent()


def deal(kind: str, seed: int, seat: int, ai: PreferenceAI | None, times: list[float],
         match: int = 1):
    if match > 1:
        s = new_game("preference", seed=seed, deals=match, dealer=seed % 3)
    else:
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
    roles = []
    total = 0.0
    for rec in s.past:
        role = "void" if rec["void"] else (
            "declarer" if rec["contract"]["declarer"] == seat else "defender")
        value = 0.0 if rec["void"] else float(rec["delta"][seat])
        roles.append((role, value))
        total += value
    return total / len(s.past), roles


def run(kind: str, deals: int, seed0: int, budget: float | None, match: int = 1,
        nodes: int | None = None) -> dict:
    ai_res, ref_res, diff = [], [], []
    roles: dict[str, list[float]] = {"declarer": [], "defender": [], "void": []}
    times: list[float] = []
    t0 = time.perf_counter()
    for i in range(max(1, deals // match)):
        seed = seed0 + i
        seat = i % 3
        ai = PreferenceAI(seed=seed, budget_ms=budget, nodes=nodes)
        a, rs = deal(kind, seed, seat, ai, times, match)
        r, _ = deal(kind, seed, seat, None, [], match)
        ai_res.append(a)
        ref_res.append(r)
        diff.append(a - r)
        for role, value in rs:
            roles[role].append(value)
    return {"kind": kind, "deals": deals, "ai": ci(ai_res), "ref": ci(ref_res),
            "diff": ci(diff), "roles": {k: (len(v), statistics.mean(v) if v else 0.0)
                                         for k, v in roles.items()},
            "move_ms": (1000 * statistics.median(times), 1000 * max(times)),
            "sec": time.perf_counter() - t0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=None,
                    help="opt-in: ms per AI card play by the clock")
    ap.add_argument("--nodes", type=int, default=None,
                    help="search nodes per AI card play (default: the AI's own)")
    ap.add_argument("--opponents", default="random,simple")
    ap.add_argument("--match", type=int, default=1, help="deals per match (1: single deals)")
    args = ap.parse_args()
    how = "single deals" if args.match == 1 else f"deals in matches of {args.match}"
    print(f"Preference AI, {args.deals} {how} per opponent type, seeds from "
          f"{args.seed}, budget " + (f"{args.budget:g} ms" if args.budget else
                                      f"{args.nodes or DEFAULT_NODES} nodes")
          + " per card play; balance change per deal")
    print(f"{'opponents':<10} {'AI per deal':>16} {'same seat, opp.':>16} {'AI - opp.':>16}"
          f"  {'as declarer':>14} {'as defender':>14} {'void':>5}  {'ms/play med/max':>16}")
    for kind in args.opponents.split(","):
        r = run(kind, args.deals, args.seed, args.budget, args.match, args.nodes)
        f = lambda t: f"{t[0]:+6.2f} ± {t[1]:4.2f}"  # noqa: E731
        ro = r["roles"]
        print(f"{kind:<10} {f(r['ai']):>16} {f(r['ref']):>16} {f(r['diff']):>16}  "
              f"{ro['declarer'][0]:>4} {ro['declarer'][1]:+7.2f}  "
              f"{ro['defender'][0]:>4} {ro['defender'][1]:+7.2f}  {ro['void'][0]:>5}  "
              f"{r['move_ms'][0]:7.1f}/{r['move_ms'][1]:6.1f}")


if __name__ == "__main__":
    main()
