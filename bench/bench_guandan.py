"""Guandan combination search: the compiled kernel against its plain-Python twin.

    python bench/bench_guandan.py [--hands 2000] [--seed 1] [--repeat 5] [--ref-hands 200]
                                  [--selfplay 200] [--selfplay-repeats 5]

Random 27-card hands are dealt from two decks (108 cards) at a random level (so a hand holds
0, 1 or 2 wild cards as the deal falls). For each hand we time

- ``lead``: ``moves(hand, level)``, every distinct play from the hand, returned as an
  (n, 23) uint8 numpy array (building the array included);
- ``count``: ``count(hand, level)``, the same enumeration without building the array;
- ``answer``: ``moves(hand, level, beat=key)`` against the key of a random play of another
  random hand;
- the public API on the same hands (``Card`` lists, a level name): ``guandan.moves`` (a list of
  ``Move``), and ``guandan.move_ids``, the action ids of the same plays straight from the kernel
  (an int32 array, no ``Move`` built; checked equal to the ids of ``moves``' texts); the table
  ends with the ratio of the two.

Then (``--selfplay``, 0 to skip) random self-play of whole single deals, ``new_game("guandan",
single_deal=True)`` to ``scores()``, a uniformly random legal action at each turn, played two
ways interleaved batch by batch: ``legal_ids()``/``apply_id(i)`` (the integer step path: the
kernel lists a hand's ids and checks and takes the one applied; no ``Action`` or ``Move``) and
``legal_actions()``/``apply(action)``; deals/s medians (CPU time).

Each hand is timed over ``--repeat`` calls (the per-call mean); the table shows medians over
hands in microseconds. The plain-Python twin (``cardcore._ref.guandan``) is timed on the first
``--ref-hands`` hands, and its rows are checked equal to the kernel's there. The play counts
(mean and max distinct plays per lead) are over all hands, and split by the number of wild
cards held.

Design notes (``src/cardcore/_fast/guandan.pyx``)
-------------------------------------------------
- The hand is summarised once per call: natural cards per rank, a per-suit bitmask of ranks
  held (straight flushes), wild and joker counts. Every generator then works on 13 counts.
- Plays are identified by (kind, rank, length, suit for straight flushes, wild cards used,
  natural cards used per rank), so suit permutations never arise and no dedup pass is needed;
  wild-card choices are enumerated as stand-in multisets in ascending order, which also makes
  the rows come out sorted without a sort.
- Rows (23 bytes) are written by ``noexcept nogil`` C functions into a 1024-row stack buffer,
  then copied into one ``PyArray_SimpleNew`` array; a larger hand regenerates into an
  exact-size array (the sink counts rows past its capacity).
- ``beat=`` generates only the table play's kind and the bomb kinds, filtering each row by the
  comparison (so answers are exactly the beating sub-list of the lead, in the same order).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import numpy as np

from cardcore import guandan as public
from cardcore._fast import guandan as F
from cardcore._ref import guandan as R
from cardcore.cards import Card

DECK2 = [c for c in range(54) for _ in range(2)]


def deal(rng: random.Random) -> tuple[np.ndarray, int]:
    hand = np.zeros(54, dtype=np.uint8)
    for c in rng.sample(DECK2, 27):
        hand[c] += 1
    return hand, rng.randrange(13)


def per_call_us(fn, repeat: int) -> float:
    t = time.perf_counter_ns()
    for _ in range(repeat):
        fn()
    return (time.perf_counter_ns() - t) / repeat / 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000, help="random 27-card hands (2000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5, help="timed calls per hand (5)")
    ap.add_argument("--ref-hands", type=int, default=200,
                    help="hands also run on the plain-Python twin (200)")
    ap.add_argument("--selfplay", type=int, default=200,
                    help="single deals per self-play batch (200; 0 skips self-play)")
    ap.add_argument("--selfplay-repeats", type=int, default=5)
    args = ap.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        ap.error("--hands and --repeat must be positive")

    rng = random.Random(args.seed)
    hands = [deal(rng) for _ in range(args.hands)]
    tables = []
    for _ in range(args.hands):
        other, _lv = deal(rng)
        tables.append(other)

    lead, cnt, ans, plays, answers = [], [], [], [], []
    pub, pub_read, pub_ids = [], [], []
    moves_mod = sys.modules["cardcore.guandan.moves"]
    names = "23456789TJQKA"
    by_wild: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for (hand, level), other in zip(hands, tables):
        rows = F.moves(hand, level)
        plays.append(len(rows))
        by_wild[int(hand[level * 4 + 2])].append(len(rows))
        table_rows = F.moves(other, level)
        k = tuple(int(x) for x in table_rows[rng.randrange(len(table_rows))][:3])
        lead.append(per_call_us(lambda h=hand, lv=level: F.moves(h, lv), args.repeat))
        cnt.append(per_call_us(lambda h=hand, lv=level: F.count(h, lv), args.repeat))
        ans.append(per_call_us(lambda h=hand, lv=level, k=k: F.moves(h, lv, k), args.repeat))
        answers.append(len(F.moves(hand, level, k)))
        cards = [Card(c) for c in range(54) for _ in range(int(hand[c]))]
        lv = names[level]
        pub.append(per_call_us(lambda c=cards, lv=lv: public.moves(c, lv), args.repeat))
        pub_ids.append(per_call_us(lambda c=cards, lv=lv: public.move_ids(c, lv), args.repeat))
        want = sorted(moves_mod.text_id(str(m)) for m in public.moves(cards, lv))
        if public.move_ids(cards, lv).tolist() != want:
            print("MISMATCH between move_ids and the ids of moves", file=sys.stderr)
            return 1

        def read_all(c=cards, lv=lv):
            for m in public.moves(c, lv):
                _ = m.kind, m.cards

        pub_read.append(per_call_us(read_all, args.repeat))

    ref_lead, ref_ans = [], []
    for (hand, level), other in list(zip(hands, tables))[: args.ref_hands]:
        table_rows = F.moves(other, level)
        k = tuple(int(x) for x in table_rows[0][:3])
        got = R.moves(hand, level)
        fast = F.moves(hand, level)
        if got.shape != fast.shape or not (got == fast).all():
            print("MISMATCH between the kernel and the reference twin", file=sys.stderr)
            return 1
        ref_lead.append(per_call_us(lambda h=hand, lv=level: R.moves(h, lv), 1))
        ref_ans.append(per_call_us(lambda h=hand, lv=level, k=k: R.moves(h, lv, k), 1))

    def med(xs):
        return statistics.median(xs) if xs else float("nan")

    def p90(xs):
        return sorted(xs)[int(0.9 * (len(xs) - 1))] if xs else float("nan")

    print(f"Guandan combination search: {args.hands} random 27-card hands, seed {args.seed}, "
          f"{args.repeat} calls per hand")
    print()
    print("| measure | kernel median | kernel p90 | reference median | ratio |")
    print("|---|---|---|---|---|")
    for name, xs, ref in (("public guandan.moves(cards, level)", pub, []),
                          ("public, every move's kind and cards read", pub_read, []),
                          ("public guandan.move_ids(cards, level)", pub_ids, []),
                          ("lead: kernel moves(hand, level)", lead, ref_lead),
                          ("count(hand, level)", cnt, []),
                          ("answer: moves(hand, level, beat)", ans, ref_ans)):
        r = med(ref)
        ratio = f"{r / med(xs):.0f}x" if ref else "-"
        rtxt = f"{r:,.0f} us" if ref else "-"
        print(f"| {name} | {med(xs):.2f} us | {p90(xs):.2f} us | {rtxt} | {ratio} |")
    print()
    print(f"move_ids against moves (public API, same hands): {med(pub) / med(pub_ids):.1f}x "
          f"faster ({med(pub_ids):.2f} us vs {med(pub):.2f} us median); against moves with "
          f"every move read: {med(pub_read) / med(pub_ids):.1f}x")
    print()
    print(f"distinct plays per lead: mean {statistics.mean(plays):.1f}, "
          f"median {statistics.median(plays):.0f}, max {max(plays)}")
    for w, xs in by_wild.items():
        if xs:
            print(f"  holding {w} wild card(s): {len(xs)} hands, mean {statistics.mean(xs):.1f}, "
                  f"max {max(xs)}")
    print(f"plays per answer: mean {statistics.mean(answers):.1f}, max {max(answers)}")
    print(f"reference twin checked equal on {min(args.ref_hands, args.hands)} hands")
    if args.selfplay > 0:
        selfplay(args.selfplay, max(1, args.selfplay_repeats))
    return 0


def selfplay(deals: int, repeats: int) -> None:
    from cardcore.bench.selfplay import compare_ways

    print()
    print("\n".join(compare_ways("guandan", deals, repeats, "Guandan")))


if __name__ == "__main__":
    sys.exit(main())
