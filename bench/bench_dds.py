"""Double-dummy tables: cardcore's solver against DDS (via endplay), same deals, one run.

    python bench/bench_dds.py [--deals 100] [--seed 0]
    python bench/bench_dds.py --stored [tests/data/dd_reference.json]
    python bench/bench_dds.py --make-reference tests/data/dd_reference.json [--deals 200]

``--stored`` checks every stored DDS table against cardcore's (one thread, CPU time, and the
default threads, wall time) without needing DDS installed.

Both solvers run single-threaded in this process with a cold transposition table for every
table; times are CPU seconds (``time.process_time``) per full 20-entry table. Every table is
also compared, entry by entry, between the two solvers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from cardcore.bridge.deal import Deal
from cardcore.bridge.solver import STRAINS, dd_table


def dds_table(deal: Deal) -> dict[str, dict[str, int]]:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EDeal, Denom, Player

    dens = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    pls = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    t = calc_dd_table(EDeal(deal.to_pbn()))
    return {d: {STRAINS[i]: int(t[den, p]) for i, den in enumerate(dens)} for d, p in pls.items()}


def _single_thread() -> None:
    import endplay._dds as raw

    raw.SetMaxThreads(1)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def make_reference(path: str, deals: int, seed: int) -> None:
    _single_thread()
    out = []
    for i in range(deals):
        d = Deal.random(seed + i)
        out.append({"pbn": d.to_pbn(), "table": dds_table(d)})
    head = json.dumps("DDS double-dummy tables, table[declarer][strain]")
    body = ",\n".join(json.dumps(x, sort_keys=True) for x in out)
    Path(path).write_text(f'{{"source": {head}, "seed": {seed}, "deals": [\n{body}\n]}}\n')
    print(f"wrote {len(out)} tables to {path}")


def bench(deals: int, seed: int) -> int:
    _single_thread()
    ours, theirs, bad = [], [], 0
    for i in range(deals):
        d = Deal.random(seed + i)
        t0 = time.process_time()
        a = dd_table(d, threads=1)
        t1 = time.process_time()
        b = dds_table(d)
        t2 = time.process_time()
        ours.append(t1 - t0)
        theirs.append(t2 - t1)
        if a != b:
            bad += 1
            print(f"MISMATCH {d.to_pbn()}\n  ours {a}\n  dds  {b}")
    rows = [("cardcore dd_table", ours), ("DDS (endplay) CalcDDtable", theirs)]
    print(f"{deals} random deals (seeds {seed}..{seed + deals - 1}), CPU ms per full table")
    print(f"{'solver':28} {'median':>9} {'p90':>9} {'max':>9} {'mean':>9}")
    for name, xs in rows:
        print(f"{name:28} {1e3 * statistics.median(xs):9.1f} {1e3 * pct(xs, .9):9.1f} "
              f"{1e3 * max(xs):9.1f} {1e3 * statistics.mean(xs):9.1f}")
    print(f"ratio ours/DDS: median {statistics.median(ours) / statistics.median(theirs):.2f}x, "
          f"p90 {pct(ours, .9) / pct(theirs, .9):.2f}x, "
          f"total {sum(ours) / sum(theirs):.2f}x; mismatching tables: {bad}")
    slow = [x for x in ours if x > 10.0]
    print(f"cardcore tables over 10 s: {len(slow)} of {deals}"
          + (f" ({', '.join(f'{x:.1f} s' for x in sorted(slow))})" if slow else ""))
    return 1 if bad else 0


def stored(path: str) -> int:
    data = json.loads(Path(path).read_text())["deals"]
    cpu, wall, bad = [], [], 0
    for item in data:
        d = Deal.from_pbn(item["pbn"])
        t0 = time.process_time()
        a = dd_table(d, threads=1)
        cpu.append(time.process_time() - t0)
        t0 = time.perf_counter()
        b = dd_table(d)
        wall.append(time.perf_counter() - t0)
        if a != item["table"] or b != item["table"]:
            bad += 1
            print(f"MISMATCH {item['pbn']}\n  ours {a}\n  dds  {item['table']}")
    print(f"{len(data)} stored DDS tables from {path}")
    for name, xs in (("one thread, CPU s", cpu), ("default threads, wall s", wall)):
        print(f"{name:24} median {statistics.median(xs):.3f}  p90 {pct(xs, .9):.3f}  "
              f"max {max(xs):.2f}  over 10 s: {sum(x > 10.0 for x in xs)}")
    print(f"mismatching tables: {bad}")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--make-reference", metavar="PATH")
    ap.add_argument("--stored", metavar="PATH", nargs="?",
                    const=str(Path(__file__).resolve().parents[1] / "tests" / "data" /
                              "dd_reference.json"))
    a = ap.parse_args()
    if a.stored:
        return stored(a.stored)
    if a.make_reference:
        make_reference(a.make_reference, a.deals or 200, a.seed if a.seed else 20260)
        return 0
    return bench(a.deals or 100, a.seed)


if __name__ == "__main__":
    raise SystemExit(main())
