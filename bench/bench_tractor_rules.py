"""Tractor (Shengji) rules: time per call of the trick and follow helpers.

    python bench/bench_tractor_rules.py [--tricks 2000] [--repeat 7] [--seed 1]

Random tricks from random deals of the two 108-card decks (random trump, no-trump included,
random level): the leader's lead is a random legal lead (a tractor when there is one, half the
time), each follower's answer is built card by card from ``next_mask``. Each row times one
function over all the tricks, ``--repeat`` times, and prints the median time per call:

- the kernel (``cardcore._fast.tractor``) on card-id lists, ints for trump and level;
- the public helpers (``cardcore.tractor.rules``) on lists of ``Card`` and on strings, which
  also parse the cards, the trump and the level;
- the plain-Python twin (``cardcore._ref.tractor``) for scale.

What the kernel does for speed: a multiset of cards (each id at most twice) is two 54-bit
masks (present once, present twice), so following counts (cards and pairs of the led suit in
hand and play) are popcounts of masked words; the effective-suit masks are derived from
(trump, level) on the stack per call (no table, no module state); a play's shape loops only
over its distinct cards to collect a strength bitmask, and a tractor is a run of set bits whose
count equals the number of pairs (equal-strength level pairs collapse onto one bit and fail).
The Python wrappers read card sequences straight into the masks; that conversion is most of
the kernel's per-call time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardcore._ref import tractor as R
from cardcore._fast import tractor as F
from cardcore.cards import Card, format as fmt
from cardcore.tractor import rules

TRUMPS = ("c", "d", "h", "s", None)
LEVELS = "23456789TJQKA"


def make_tricks(n: int, seed: int):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        trump, level = rng.randrange(5), rng.randrange(13)
        deck = list(range(54)) * 2
        rng.shuffle(deck)
        hands = [sorted(deck[i * 25:(i + 1) * 25]) for i in range(4)]
        leads = F.lead_plays(hands[0], trump, level)
        tractors = [p for p in leads if len(p) > 2]
        lead = list(rng.choice(tractors if tractors and rng.random() < 0.5 else leads))
        plays = [lead]
        for seat in (1, 2, 3):
            chosen: list[int] = []
            while m := F.next_mask(hands[seat], lead, chosen, trump, level):
                chosen.append(rng.choice([c for c in range(54) if m >> c & 1]))
            plays.append(chosen)
        out.append((trump, level, hands, plays))
    return out


def timed(fn, calls: int, repeat: int) -> float:
    """Median nanoseconds per call of ``fn()`` (which makes ``calls`` calls)."""
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - t0) / calls * 1e9)
    return statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tricks", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    tricks = make_tricks(args.tricks, args.seed)
    n = len(tricks)
    # public inputs: Card lists, strings, and the trump/level names
    pub = [(TRUMPS[t], LEVELS[lv], [[Card(c) for c in h] for h in hands],
            [[Card(c) for c in p] for p in plays]) for t, lv, hands, plays in tricks]
    txt = [(t, lv, [fmt(h) for h in hands], [fmt(p) for p in plays])
           for t, lv, hands, plays in pub]
    for (t, lv, _hands, plays), (_, _, _, pp) in zip(tricks, pub):
        w = F.trick_winner(plays, t, lv)
        assert w == R.trick_winner(plays, t, lv) == rules.trick_winner(pp, TRUMPS[t], LEVELS[lv])

    def k_winner(K):
        return lambda: [K.trick_winner(p, t, lv) for t, lv, _, p in tricks]

    def k_follow(K):
        return lambda: [K.is_legal_follow(h[1], p[0], p[1], t, lv) for t, lv, h, p in tricks]

    def k_next(K):
        return lambda: [K.next_mask(h[1], p[0], (), t, lv) for t, lv, h, p in tricks]

    def p_winner(data):
        return lambda: [rules.trick_winner(p, t, lv) for t, lv, _, p in data]

    def p_follow(data):
        return lambda: [rules.is_legal_follow(h[1], p[0], p[1], t, lv) for t, lv, h, p in data]

    def p_next(data):
        return lambda: [rules.follow_next_cards(h[1], p[0], (), t, lv) for t, lv, h, p in data]

    rows = [
        ("trick_winner", "kernel (fast)", k_winner(F)),
        ("trick_winner", "public, Card lists", p_winner(pub)),
        ("trick_winner", "public, strings", p_winner(txt)),
        ("trick_winner", "reference twin", k_winner(R)),
        ("is_legal_follow", "kernel (fast)", k_follow(F)),
        ("is_legal_follow", "public, Card lists", p_follow(pub)),
        ("is_legal_follow", "public, strings", p_follow(txt)),
        ("is_legal_follow", "reference twin", k_follow(R)),
        ("next card (first pick)", "kernel next_mask", k_next(F)),
        ("next card (first pick)", "public follow_next_cards", p_next(pub)),
        ("next card (first pick)", "reference twin", k_next(R)),
    ]
    sizes = [len(p[0]) for _, _, _, p in tricks]
    print(f"{n} tricks, lead sizes: mean {statistics.mean(sizes):.2f}, "
          f"tractor leads {sum(s > 2 for s in sizes)}; 25-card hands; median of {args.repeat}")
    print(f"| {'function':<22} | {'path':<26} | {'per call':>10} |")
    print(f"|{'-' * 24}|{'-' * 28}|{'-' * 12}|")
    for name, path, fn in rows:
        ns = timed(fn, n, args.repeat if "reference" not in path else max(1, args.repeat // 3))
        shown = f"{ns / 1000:.2f} us" if ns >= 1000 else f"{ns:.0f} ns"
        print(f"| {name:<22} | {path:<26} | {shown:>10} |")


if __name__ == "__main__":
    main()
