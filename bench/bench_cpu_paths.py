"""The cost of the baseline CPU path: the DD solver, the move lists and the evaluator, run on the
default path and with ``CARDCORE_CPU=baseline`` in the same run.

    python bench/bench_cpu_paths.py [--rounds 3] [--deals 3] [--hands 400] [--eval 1000000]

The compiled kernels exist twice on x86-64 (``setup.py``): a baseline build for any CPU and a
build with ``popcnt``, BMI1/BMI2 and ``lzcnt``, chosen at import. Each round starts one worker
process per path (the order alternates from round to round), and each worker times, in CPU
seconds of its own process (``time.process_time``):

- ``dd_table``: a full double-dummy table (20 entries, one thread, cold transposition table) of
  each of ``--deals`` random deals (``Deal.random(seed)``, seeds 0..), as in
  ``bench/bench_dds.py``;
- move lists: ``doudizhu.move_ids``, ``guandan.move_ids(hand, "2")`` and
  ``zhengshangyou.move_ids`` on ``--hands`` random hands (20, 27 and 16 cards), each hand timed
  over 5 calls after one untimed call, median per call, as in ``bench/bench_shedding.py``;
- the evaluator: ``poker.evaluate_many`` on ``--eval`` random 7-card hands (uint8), and the
  kernel's per-call ``evaluate`` on 20,000 of them, as in ``bench/bench_poker.py``.

Reported: per path the median over rounds of each worker's median, and the ratio baseline /
default (above 1: the baseline path is slower). Both paths must give the same tables and move
counts; the script checks it and exits 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def _per_call(fn, arg, reps: int = 5) -> float:
    fn(*arg)
    t = time.process_time()
    for _ in range(reps):
        fn(*arg)
    return (time.process_time() - t) / reps


def worker(deals: int, hands: int, n_eval: int) -> dict:
    import numpy as np

    import cardcore
    from cardcore import doudizhu, guandan, zhengshangyou
    from cardcore._fast import poker as kernel
    from cardcore.bridge.deal import Deal
    from cardcore.bridge.solver import dd_table
    from cardcore.zhengshangyou.state import deck48

    out: dict = {"path": cardcore.build_info()["cpu_path"]}
    dd_times, tables = [], []
    for seed in range(deals):
        deal = Deal.random(seed)
        t = time.process_time()
        table = dd_table(deal, threads=1)
        dd_times.append(time.process_time() - t)
        tables.append(table)
    out["dd_table s"] = statistics.median(dd_times)
    out["check dd"] = tables

    rng = random.Random(1)
    checks = []
    for name, deck, size, fn in (
        ("doudizhu.move_ids", list(range(54)), 20, doudizhu.move_ids),
        ("guandan.move_ids", list(range(54)) * 2, 27, lambda h: guandan.move_ids(h, "2")),
        ("zhengshangyou.move_ids", [int(c) for c in deck48()], 16, zhengshangyou.move_ids),
    ):
        times = []
        for _ in range(hands):
            hand = rng.sample(deck, size)
            times.append(_per_call(fn, (hand,)))
            checks.append(len(fn(hand)))
        out[f"{name} us"] = statistics.median(times) * 1e6
    out["check moves"] = checks

    r = np.random.default_rng(7)
    hands7 = np.argsort(r.random((n_eval, 52)), axis=1)[:, :7].astype(np.uint8)
    kernel.evaluate_many(hands7[:1000])
    t = time.process_time()
    values = kernel.evaluate_many(hands7)
    out["evaluate_many ns/hand"] = (time.process_time() - t) / n_eval * 1e9
    rows = [list(map(int, h)) for h in hands7[:20000]]
    ev = kernel.evaluate
    for h in rows[:1000]:
        ev(h)
    t = time.process_time()
    for h in rows:
        ev(h)
    out["evaluate ns/call"] = (time.process_time() - t) / len(rows) * 1e9
    out["check eval"] = int(np.asarray(values, dtype=np.int64).sum())
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--eval", type=int, default=1_000_000)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.deals, args.hands, args.eval)))
        return 0
    runs: dict[str, list[dict]] = {"default": [], "baseline": []}
    for rnd in range(args.rounds):
        order = ["default", "baseline"] if rnd % 2 == 0 else ["baseline", "default"]
        for which in order:
            env = dict(os.environ)
            env["CARDCORE_CPU"] = "auto" if which == "default" else "baseline"
            cmd = [sys.executable, __file__, "--worker", "--deals", str(args.deals),
                   "--hands", str(args.hands), "--eval", str(args.eval)]
            res = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            runs[which].append(json.loads(res.stdout))
            print(f"round {rnd + 1}/{args.rounds} {which}: path {runs[which][-1]['path']}",
                  file=sys.stderr, flush=True)
    same = all(a[k] == b[k] for a in runs["default"] for b in runs["baseline"]
               for k in a if k.startswith("check"))
    print(f"paths: default = {runs['default'][0]['path']}, baseline = "
          f"{runs['baseline'][0]['path']}; {args.rounds} rounds, {args.deals} deals, "
          f"{args.hands} hands per game, {args.eval} hands evaluated; CPU time, medians")
    print("| measure | default | baseline | baseline / default |")
    print("| --- | ---: | ---: | ---: |")
    for key in runs["default"][0]:
        if key in ("path",) or key.startswith("check"):
            continue
        d = statistics.median(r[key] for r in runs["default"])
        b = statistics.median(r[key] for r in runs["baseline"])
        print(f"| {key} | {d:.3g} | {b:.3g} | {b / d:.2f}x |")
    print("same results on both paths:", "yes" if same else "NO")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
