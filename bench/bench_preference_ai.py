"""Preference AI strength: average balance change per deal of one AI seat against two
``random`` players and against two ``simple`` (rule-of-thumb) players.

Usage: ``python bench/bench_preference_ai.py [--deals 300] [--seed 0] [--strength normal]
[--nodes N] [--budget MS] [--opponents random,simple] [--match 9] [--workers K]
[--ray [ADDRESS]]``. The AI plays at ``--strength`` (``easy``, ``normal``, ``strong``) with
that level's work budget (``nodes`` search nodes per card play) unless ``--nodes`` or the
clock (``--budget`` ms per card play) is given. An opponent type is any agent string, also
another strength of the AI (``--opponents ai:strength=easy``: a level against the one below).

Runs on ``cardcore.simulate`` with duplicate deals: deal ``k`` (seed ``seed + k``, a seeded
single deal, dealer seat 2) is played three times, the AI in each seat in turn (``--deals``
counts every play and is rounded up to a multiple of 3). With ``--match N`` the deals are
played as matches of N deals instead (the AI then also reads the earlier deals of its match),
and the interval is taken over the matches. A deal's value is its settlement for the seat (a
pot refill is not counted: it costs every seat the same). The same deal is also played with
the opponent type in the AI's seat (same cards; every seat's agent is seeded from the deal and
the seat, so the opponents are the same players), which gives the reference level and a
paired difference. Prints means with 95 % confidence intervals (normal approximation), the
AI's results as declarer and as defender, and the time per AI card play.
"""

from __future__ import annotations

import argparse
import math
import statistics

import cardcore
from cardcore.bench.ai import print_move_times


def ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return m, h


def deal_record(state) -> dict:
    """``stats=`` (run in the workers): per deal ``[void, declarer, settlement per seat]``,
    and the kind of every action in order (to tell the AI's card plays apart)."""
    return {"deals": [[True, None, None] if rec["void"] else
                      [False, rec["contract"]["declarer"], [float(x) for x in rec["delta"]]]
                      for rec in state.past],
            "kinds": [[e.seat, e.action.kind] for e in state.history]}


def _value(stats: dict, seat: int, roles: dict | None = None) -> float:
    total = 0.0
    for void, declarer, delta in stats["deals"]:
        value = 0.0 if void else delta[seat]
        if roles is not None:
            roles["void" if void else ("declarer" if declarer == seat else "defender")].append(
                value)
        total += value
    return total / len(stats["deals"])


def run(kind: str, deals: int, seed0: int, budget: float | None, match: int = 1,
        nodes: int | None = None, workers: int | None = None, engine: str = "local",
        address: str | None = None, strength: str = "normal", chunk: int = 0,
        progress=None) -> dict:
    """The AI against two ``kind`` seats; with ``chunk``, played ``chunk`` deals at a time
    (seeds in order), ``progress(summary)`` after each."""
    opts = ([f"strength={strength}"] + ([f"budget_ms={budget:g}"] if budget else [])
            + ([f"nodes={nodes}"] if nodes else []))
    ai_name = "ai:" + ",".join(opts)
    game_opts = {"deals": match} if match > 1 else {"single_deal": True}
    n = max(1, -(-max(1, deals // match) // 3))
    step = max(1, chunk // (3 * match)) if chunk else n
    acc: dict = {"ai": [], "ref": [], "diff": [], "times": [], "sec": 0.0,
                 "roles": {"declarer": [], "defender": [], "void": []}}
    out: dict = {}
    for start in range(0, n, step):
        common = dict(seed=seed0 + start, stats=deal_record, workers=workers, engine=engine,
                      address=address, **game_opts)
        count = min(step, n - start)
        with_ai = cardcore.simulate("preference", [ai_name, kind, kind], count, duplicate=True,
                                    timings=True, **common)
        reference = cardcore.simulate("preference", [kind], count, **common)
        ref_by_seed = {row["seed"]: row for row in reference.rows}
        for row in with_ai.rows:
            seat = row["agents"].index(ai_name)
            a = _value(row["stats"], seat, acc["roles"])
            r = _value(ref_by_seed[row["seed"]]["stats"], seat)
            acc["ai"].append(a)
            acc["ref"].append(r)
            acc["diff"].append(a - r)
            kinds = [k for s, k in row["stats"]["kinds"] if s == seat]
            acc["times"] += [t for t, k in zip(row["times"][seat], kinds) if k == "play"]
        acc["sec"] += with_ai.wall_seconds + reference.wall_seconds
        out = summary(kind, acc, match)
        if progress is not None:
            progress(out)
    return out


def summary(kind: str, acc: dict, match: int) -> dict:
    times = sorted(acc["times"]) or [0.0]
    return {"kind": kind, "deals": len(acc["ai"]) * match, "ai": ci(acc["ai"]),
            "ref": ci(acc["ref"]), "diff": ci(acc["diff"]),
            "roles": {k: (len(v), statistics.mean(v) if v else 0.0)
                      for k, v in acc["roles"].items()},
            "move_ms": (1000 * statistics.median(times), 1000 * max(times)),
            "p99_ms": 1000 * times[int(0.99 * (len(times) - 1))],
            "sec": acc["sec"]}


def line(r: dict) -> str:
    f = lambda t: f"{t[0]:+6.2f} ± {t[1]:4.2f}"  # noqa: E731
    ro = r["roles"]
    return (f"{r['kind']:<18} {r['deals']:>6} {f(r['ai']):>16} {f(r['ref']):>16} "
            f"{f(r['diff']):>16}  {ro['declarer'][0]:>4} {ro['declarer'][1]:+7.2f}  "
            f"{ro['defender'][0]:>4} {ro['defender'][1]:+7.2f}  {ro['void'][0]:>5}  "
            f"{r['move_ms'][0]:7.1f}/{r['p99_ms']:6.1f}/{r['move_ms'][1]:6.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--strength", default="normal", help="easy, normal or strong")
    ap.add_argument("--budget", type=float, default=None,
                    help="opt-in: ms per AI card play by the clock")
    ap.add_argument("--nodes", type=int, default=None,
                    help="search nodes per AI card play (default: the AI's own)")
    ap.add_argument("--opponents", default="random,simple")
    ap.add_argument("--match", type=int, default=1, help="deals per match (1: single deals)")
    ap.add_argument("--chunk", type=int, default=0,
                    help="play this many deals at a time, printing the running result")
    ap.add_argument("--times", type=int, default=0, metavar="N",
                    help="only time the AI's decisions (CPU seconds) over N positions")
    ap.add_argument("--times-strengths", default="easy,normal,strong")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args()
    engine = "local" if args.ray is None else "ray"
    if args.times:
        print_move_times("preference", args.times_strengths.split(","), args.times, "Preference")
        return
    how = "single deals" if args.match == 1 else f"deals in matches of {args.match}"
    budget = (f"{args.budget:g} ms" if args.budget else
              f"{args.nodes} nodes" if args.nodes else "the strength's nodes")
    print(f"Preference AI ({args.strength}), {args.deals} {how} per opponent type, seeds from "
          f"{args.seed}, budget {budget}"
          + " per card play; balance change per deal")
    print(f"{'opponents':<18} {'deals':>6} {'AI per deal':>16} {'same seat, opp.':>16} "
          f"{'AI - opp.':>16}  {'as declarer':>14} {'as defender':>14} {'void':>5}  "
          f"{'ms/play med/p99/max':>20}", flush=True)
    for kind in args.opponents.split(","):
        r = run(kind, args.deals, args.seed, args.budget, args.match, args.nodes, args.workers,
                engine, args.ray or None, args.strength, args.chunk,
                (lambda r: print("  so far: " + line(r), flush=True)) if args.chunk else None)
        print(line(r), flush=True)


if __name__ == "__main__":
    main()
