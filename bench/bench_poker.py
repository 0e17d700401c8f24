"""Poker hand evaluation: cardcore against eval7, phevaluator, treys and pokerkit.

Run: ``python bench/bench_poker.py [--quick]``. Every library evaluates the same random
7-card hands in one run; the script first checks that all of them order those hands the same
way, then prints medians (of several repeats) and ratios. Anchors that are not installed are
skipped (``pip install ".[bench]"``).

Rows:
- per-call ``evaluate`` from Python on one 7-card hand (our public ``poker.evaluate`` on a
  list of ids, our kernel's ``evaluate`` directly, phevaluator ``evaluate_cards(*ids)``,
  eval7 ``evaluate(list of eval7.Card)``, treys ``Evaluator.evaluate(board, hand)``, pokerkit
  ``StandardHighHand.from_game``); each anchor gets its own native card objects, built
  outside the timing;
- ``evaluate_many`` throughput on a 4M x 7 uint8 array (validated, and ``check=False``),
  compared with phevaluator's per-call loop;
- the full enumeration of all 133,784,560 seven-card hands (``category_histogram7``);
- exact AhKh vs QsQd preflop (1,712,304 boards): ours against eval7 evaluating both hands on
  every board from a Python loop (eval7's ``py_hand_vs_range_exact`` does not enumerate
  preflop boards).

What was tried (timed here; instruction counts from valgrind --tool=callgrind):
- Evaluation = sum of 64-bit card keys (greedy rank keys whose sums are unique over all rank
  multisets of up to 7 cards, plus 4-bit suit counters started at 3 so bit 3 of a nibble is
  the flush test) -> flush table on the suit's 13-bit rank mask, or a row-displacement perfect
  hash of the rank-key sum. Callgrind: 42 instructions per 7-card hand in the
  ``evaluate_many(check=False)`` loop.
- Hash split: shifts 8, 10 and 12 were built and timed (101k / 142k / 225k value cells plus
  72k / 18k / 4.5k row offsets). On this shared 2-core machine the differences stayed inside
  the run-to-run noise (about +-30%); 10 is kept as the middle (~350 kB, L2-sized).
- Table build at import: a naive first-fit displacement took 1.7 s; testing 64 candidate
  offsets at once with bit windows, densest rows first, brought it to ~0.05-0.1 s (callgrind:
  ~0.9 G instructions, nearly all in that search), so no table is shipped as data.
- The flush path recomputes the suit's rank mask from the row only when the flush bit is set
  (3% of 7-card hands), instead of carrying four suit masks for every hand.
- Validity check in ``evaluate_many``: a popcount test needs the POPCNT instruction, which
  the portable -O3 build does not enable (GCC calls __popcountdi2). The check compares the
  sum and the OR of one-bit-per-card masks (a repeated bit carries), fused into the
  evaluation loop; callgrind shows it takes the loop from 42 to 79 instructions per hand,
  hence ``check=False`` for callers whose ids are known good. A bytewise SWAR check with no
  table loads (the row against its rotations by 1, 2, 3 bytes) was tried instead: slower in
  two of three interleaved runs, reverted. Making the one-bit masks with shifts
  (``1 << id``, invalid ids caught by a poison count in the key sum) instead of a table was
  clearly slower (about 52 vs 95 M hands/s interleaved), reverted.
- The 7-card enumeration keeps partial key sums and packed suit masks per loop level, so the
  innermost loop is one add, the flush test and one hash lookup per hand.
- Two-hand exact equity counts wins/ties only and derives shares afterwards; boards are
  enumerated with the same incremental partial sums.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from itertools import combinations

import numpy as np

from cardcore import poker
from cardcore._fast import poker as kernel

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def timeit(fn, repeat: int) -> float:
    """Median wall time of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argpartition(rng.random((n, 52)), k, axis=1)[:, :k].astype(np.uint8)


def same_order(ours: np.ndarray, theirs: np.ndarray, lower_is_better: bool) -> bool:
    """True when two value lists order every pair of hands the same way (ties included)."""
    o = np.asarray(ours, dtype=np.int64)
    t = np.asarray(theirs, dtype=np.int64)
    if lower_is_better:
        t = -t
    idx = np.argsort(o, kind="stable")
    o, t = o[idx], t[idx]
    same = o[1:] == o[:-1]
    return bool(np.all((t[1:] == t[:-1]) == same) and np.all(t[1:][~same] > t[:-1][~same]))


def anchors() -> dict[str, object]:
    found = {}
    for name in ("phevaluator", "eval7", "treys", "pokerkit"):
        try:
            found[name] = __import__(name)
        except ImportError:
            print(f"  ({name} not installed: skipped)")
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    args = ap.parse_args(argv)
    repeat = 3 if args.quick else 7
    n_call = 5_000 if args.quick else 20_000
    n_many = 1_000_000 if args.quick else 4_000_000
    libs = anchors()
    hands = random_hands(n_call, 7, seed=1)
    rows = hands.tolist()

    # ---- correctness: everyone orders the same hands the same way
    ours = kernel.evaluate_many(hands)
    checks = {}
    prepared = {}
    if "phevaluator" in libs:
        ev = libs["phevaluator"].evaluate_cards
        prepared["phevaluator"] = (lambda ev=ev: [ev(*h) for h in rows])
        checks["phevaluator"] = same_order(ours, [ev(*h) for h in rows], True)
    if "eval7" in libs:
        e7 = libs["eval7"]
        cards7 = [[e7.Card(NAMES[c]) for c in h] for h in rows]
        prepared["eval7"] = (lambda e=e7.evaluate, cs=cards7: [e(h) for h in cs])
        checks["eval7"] = same_order(ours, [e7.evaluate(h) for h in cards7], False)
    if "treys" in libs:
        tr = libs["treys"]
        tc = [[tr.Card.new(NAMES[c]) for c in h] for h in rows]
        tev = tr.Evaluator()
        prepared["treys"] = (lambda e=tev.evaluate, cs=tc: [e(h[:5], h[5:]) for h in cs])
        checks["treys"] = same_order(ours, [tev.evaluate(h[:5], h[5:]) for h in tc], True)
    if "pokerkit" in libs:
        pk = libs["pokerkit"]
        few = rows[: max(1, n_call // 10)]
        pkc = [list(pk.Card.parse("".join(NAMES[c] for c in h))) for h in few]
        hh = pk.StandardHighHand.from_game
        prepared["pokerkit"] = (lambda f=hh, cs=pkc: [f(h[:2], h[2:]) for h in cs])
        pk_hands = [hh(h[:2], h[2:]) for h in pkc]
        # pokerkit hands compare with < and ==: rank them by sorting
        order = sorted(range(len(pk_hands)), key=lambda i: pk_hands[i])
        rank = [0] * len(pk_hands)
        for j in range(1, len(order)):
            a, b = pk_hands[order[j - 1]], pk_hands[order[j]]
            rank[order[j]] = rank[order[j - 1]] + (0 if a == b else 1)
        checks["pokerkit"] = same_order(ours[: len(few)], rank, False)
    print("same ordering of the same random 7-card hands as ours:",
          ", ".join(f"{k}={'yes' if v else 'NO'}" for k, v in checks.items()) or "-")

    # ---- per call
    ev_pub = poker.evaluate
    ev_k = kernel.evaluate
    per_call: dict[str, float] = {}
    per_call["cardcore poker.evaluate"] = (timeit(lambda: [ev_pub(h) for h in rows], repeat)
                                           / len(rows))
    per_call["cardcore kernel evaluate"] = (timeit(lambda: [ev_k(h) for h in rows], repeat)
                                            / len(rows))
    for name, fn in prepared.items():
        n = n_call // 10 if name == "pokerkit" else n_call
        per_call[name] = timeit(fn, 3 if name == "pokerkit" else repeat) / max(1, n)
    ph = per_call.get("phevaluator")
    e7 = per_call.get("eval7")
    print("\nper-call evaluate, one 7-card hand from Python (median ns/call)")
    print(f"  {'evaluator':28s} {'ns/call':>10s} {'vs phevaluator':>15s} {'vs eval7':>10s}")
    for name, t in per_call.items():
        r1 = f"{ph / t:14.2f}x" if ph else "-"
        r2 = f"{e7 / t:9.2f}x" if e7 else "-"
        print(f"  {name:28s} {t * 1e9:10.0f} {r1:>15s} {r2:>10s}")

    # ---- evaluate_many
    big = random_hands(n_many, 7, seed=2)
    t_many = timeit(lambda: kernel.evaluate_many(big), repeat)
    t_fast = timeit(lambda: kernel.evaluate_many(big, False), repeat)
    print(f"\nevaluate_many on {n_many:,} random 7-card hands (median)")
    print(f"  validated   : {n_many / t_many / 1e6:8.1f} M hands/s", end="")
    if ph:
        print(f"   {ph / (t_many / n_many):6.0f}x phevaluator's per-call loop", end="")
    print(f"\n  check=False : {n_many / t_fast / 1e6:8.1f} M hands/s", end="")
    if ph:
        print(f"   {ph / (t_fast / n_many):6.0f}x phevaluator's per-call loop", end="")
    print()

    # ---- enumeration
    t_enum = timeit(kernel.category_histogram7, 3)
    print(f"\nall 133,784,560 seven-card hands (category_histogram7): {t_enum:.3f} s median"
          f" = {133_784_560 / t_enum / 1e6:.0f} M hands/s")

    # ---- exact equity
    t_eq = timeit(lambda: poker.equity(["AhKh", "QsQd"]), repeat)
    eq = poker.equity(["AhKh", "QsQd"])
    print(f"\nexact AhKh vs QsQd preflop: {eq[0]:.8f} / {eq[1]:.8f}   cardcore {t_eq * 1e3:.2f} ms",
          end="")
    if "eval7" in libs and not args.quick:
        e = libs["eval7"]
        h1 = [e.Card(s) for s in ("Ah", "Kh")]
        h2 = [e.Card(s) for s in ("Qs", "Qd")]
        rest = [e.Card(NAMES[c]) for c in range(52) if NAMES[c] not in ("Ah", "Kh", "Qs", "Qd")]

        def loop() -> float:
            ev = e.evaluate
            w = t = 0
            n = 0
            for b in combinations(rest, 5):
                b = list(b)
                a, c = ev(h1 + b), ev(h2 + b)
                n += 1
                if a > c:
                    w += 1
                elif a == c:
                    t += 1
            return (w + t / 2) / n
        t0 = time.perf_counter()
        eq7 = loop()
        t_e7 = time.perf_counter() - t0
        print(f"   eval7 loop {t_e7 * 1e3:.0f} ms ({eq7:.8f})   ratio {t_e7 / t_eq:.0f}x")
    else:
        print()
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
