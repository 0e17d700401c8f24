"""Poker hand evaluation: cardcore against eval7, phevaluator, treys and pokerkit.

Run: ``python bench/bench_poker.py [--quick]``. Every library evaluates the same random
7-card hands in one run; the script first checks that all of them order those hands the same
way, then prints medians and ratios. The per-call and ``evaluate_many`` rows are measured
interleaved: each round times every contender once, in turn, and the median over the rounds
is reported (7 rounds, 3 with ``--quick``). In the per-call rows each timed pass follows an
untimed pass of the same contender, so that every evaluator runs with its tables in cache
(without it the first one timed after pokerkit paid about 100 ns a hand in cache misses).
Times are CPU time of this process (``time.process_time``), which other jobs on a shared
machine disturb less than wall time. Anchors that are not installed are skipped
(``pip install ".[bench]"``).

Rows:
- per-call ``evaluate`` from Python on one 7-card hand: our public ``poker.evaluate`` on a
  list of ids, a tuple of ids, a list of ``Card`` and a card string; our kernel's
  ``evaluate`` directly; phevaluator ``evaluate_cards(*ids)``, eval7 ``evaluate(list of
  eval7.Card)``, treys ``Evaluator.evaluate(board, hand)``, pokerkit
  ``StandardHighHand.from_game`` (each anchor gets its own native card objects, built outside
  the timing); and ``len(hand)`` in the same loop, the cost of the loop and of one call of a
  builtin, which no evaluator called from Python can go below;
- ``evaluate_many`` throughput on the same 4M x 7 random hands as uint8, uint16, int32 and
  int64 arrays (validated, and ``check=False``), with the ratio to uint8 and to
  phevaluator's per-call loop;
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
- Per-call ``evaluate`` (callgrind, instructions per call beyond the loop's own): the
  argument checks used ``isinstance(x, (int, np.integer))`` and Python comparisons per card
  (about 450 ns a call); a list or tuple is now read with the C API (one type-flag test per
  card, the int's digit read directly on CPython <= 3.11, ``PyLong_AsLongAndOverflow``
  after), and anything else (numpy ints, strings, other iterables, every error) takes the old
  path. ``PyLong_AsLongAndOverflow`` itself was ~120 of ~410 instructions per call; reading
  the digit brought the call to ~290 (~58 of them the evaluation). The public
  ``poker.evaluate`` was a Python function around the kernel (~40 ns more); it is now a
  function built by the kernel (``_Wrappers.evaluate``) that runs the same C test first and
  calls the Python parser only for the other inputs. Hand values are returned as stored int
  objects (no allocation). Card strings of two-character tokens are read with a table of
  the 288 tokens (the parser itself builds it) instead of the general parser (about 5 us ->
  0.7 us for ``"As Kd 7h 7c 2s 9d Tc"``).
- ``evaluate_many`` on int64/int32/uint16: converting to uint8 first (a min, a max and a
  cast pass) ran int64 at about a third of the uint8 rate; a fused-type loop reads every
  integer dtype in place (low byte indexes the tables, an OR of all ids catches ids >= 256
  and negative ones). In place, int64 was still at a third of uint8 on 1M hands (75 vs 215
  M/s): the reads stall. Prefetching the ids 4 kB ahead in each row brought int64 to 139
  and int32 from 130 to 170 (uint8 rows gain nothing, so they do not prefetch); a
  non-temporal prefetch 16 rows ahead did not help, and narrowing blocks of 1024 rows into
  an L1 buffer first was no faster than reading in place. Arrays that fit in cache run
  int64 at about 0.8 of the uint8 rate.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from itertools import combinations

import numpy as np

from cardcore import poker
from cardcore._fast import poker as kernel
from cardcore.cards import Card

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


_clock = time.process_time


def timeit(fn, repeat: int) -> float:
    """Median CPU time of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t0 = _clock()
        fn()
        times.append(_clock() - t0)
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

    # ---- per call: every contender in turn, ``repeat`` rounds, medians
    ev_pub = poker.evaluate
    ev_k = kernel.evaluate
    tuples = [tuple(h) for h in rows]
    card_rows = [[Card(c) for c in h] for h in rows]
    texts = [" ".join(NAMES[c] for c in h) for h in rows]
    calls: dict[str, tuple[Callable[[], object], int]] = {
        "Python's own call cost (len)": (lambda: [len(h) for h in rows], len(rows)),
        "cardcore poker.evaluate(list of ids)": (lambda: [ev_pub(h) for h in rows], len(rows)),
        "cardcore poker.evaluate(tuple of ids)": (lambda: [ev_pub(h) for h in tuples],
                                                  len(rows)),
        "cardcore poker.evaluate(list of Card)": (lambda: [ev_pub(h) for h in card_rows],
                                                  len(rows)),
        "cardcore poker.evaluate('As Kd ...')": (lambda: [ev_pub(h) for h in texts],
                                                 len(rows)),
        "cardcore kernel evaluate(list of ids)": (lambda: [ev_k(h) for h in rows], len(rows)),
    }
    for name, fn in prepared.items():
        calls[name] = (fn, n_call // 10 if name == "pokerkit" else n_call)
    samples: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(repeat):
        for name, (fn, n) in calls.items():
            fn()  # untimed: the evaluator's tables back in cache after the others ran
            t0 = _clock()
            fn()
            samples[name].append((_clock() - t0) / max(1, n))
    per_call = {name: statistics.median(v) for name, v in samples.items()}
    ph = per_call.get("phevaluator")
    e7 = per_call.get("eval7")
    print(f"\nper-call evaluate, one 7-card hand from Python ({len(rows):,} hands, median of "
          f"{repeat} interleaved rounds)")
    print(f"  {'evaluator':40s} {'ns/call':>9s} {'phevaluator/this':>17s} {'eval7/this':>11s}")
    for name, t in per_call.items():
        r1 = f"{ph / t:16.2f}x" if ph else "-"
        r2 = f"{e7 / t:10.2f}x" if e7 else "-"
        print(f"  {name:40s} {t * 1e9:9.0f} {r1:>17s} {r2:>11s}")

    # ---- evaluate_many: the same hands in four dtypes, interleaved
    big8 = random_hands(n_many, 7, seed=2)
    arrays = {dt: big8.astype(dt) for dt in ("uint8", "uint16", "int32", "int64")}
    many = {(dt, chk): [] for dt in arrays for chk in (True, False)}  # type: ignore[var-annotated]
    for _ in range(repeat):
        for (dt, chk), times in many.items():
            arr = arrays[dt]
            t0 = _clock()
            kernel.evaluate_many(arr, chk)
            times.append(_clock() - t0)
    rate = {key: n_many / statistics.median(v) for key, v in many.items()}
    print(f"\nevaluate_many on {n_many:,} random 7-card hands (median of {repeat} interleaved "
          "rounds, M hands/s)")
    print(f"  {'dtype':8s} {'validated':>10s} {'vs uint8':>9s} {'check=False':>12s} "
          f"{'vs uint8':>9s}" + (f" {'validated vs phevaluator loop':>30s}" if ph else ""))
    for dt in arrays:
        v, u = rate[(dt, True)], rate[(dt, False)]
        line = (f"  {dt:8s} {v / 1e6:10.1f} {v / rate[('uint8', True)]:8.2f}x "
                f"{u / 1e6:12.1f} {u / rate[('uint8', False)]:8.2f}x")
        if ph:
            line += f" {ph * v:29.0f}x"
        print(line)

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
        t0 = _clock()
        eq7 = loop()
        t_e7 = _clock() - t0
        print(f"   eval7 loop {t_e7 * 1e3:.0f} ms ({eq7:.8f})   ratio {t_e7 / t_eq:.0f}x")
    else:
        print()
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
