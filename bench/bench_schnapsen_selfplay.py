"""Random self-play speed of Schnapsen (with the VU ``schnapsen`` engine as the anchor) and of
Preference, through the integer actions.

cardcore: ``new_game("schnapsen", seed=k, single_deal=True)`` (the shuffle and the deal
included), then ``legal_ids()`` / ``apply_id`` with a uniformly random id at every turn until
the deal ends, then ``scores()``. The anchor: the VU engine's own random-vs-random games,
``SchnapsenGamePlayEngine().play_game(RandBot, RandBot, rng)`` (one deal each: the deck
shuffled, played to its end). Both use Python's ``random.Random`` for their choices. Batches
alternate between the two in one process; the table gives the median deals/s of the batches
(CPU time of this process) and the ratio. Preference: whole single deals the same way
(auction, exchange, defence, tricks, settlement).

    python bench/bench_schnapsen_selfplay.py [--deals 2000] [--repeats 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import cardcore


def ours(game: str, deals: int, seed: int) -> float:
    """Deals per second of one batch of random single deals through the integer actions."""
    rng = random.Random(seed)
    randrange = rng.randrange
    new_game = cardcore.new_game
    t = time.process_time()
    for k in range(deals):
        s = new_game(game, seed=seed * 1_000_003 + k, single_deal=True)
        while s.current_player is not None:
            ids = s.legal_ids()
            s.apply_id(ids[randrange(len(ids))])
        s.scores()
    return deals / (time.process_time() - t)


def anchor(deals: int, seed: int) -> float | None:
    """Deals per second of the VU engine's random games (``None`` when it is not installed)."""
    try:
        from schnapsen.bots import RandBot
        from schnapsen.game import SchnapsenGamePlayEngine
    except ImportError:
        return None
    engine = SchnapsenGamePlayEngine()
    rng = random.Random(seed)
    bot1, bot2 = RandBot(random.Random(seed + 1)), RandBot(random.Random(seed + 2))
    t = time.process_time()
    for _ in range(deals):
        engine.play_game(bot1, bot2, rng)
    return deals / (time.process_time() - t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=2000, help="Schnapsen deals per timed batch")
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args(argv)
    ours("schnapsen", 50, 0)                        # imports and warm-up
    ours("preference", 20, 0)
    anchor(20, 0)
    mine: list[float] = []
    theirs: list[float] = []
    pref: list[float] = []
    for r in range(args.repeats):
        mine.append(ours("schnapsen", args.deals, r + 1))
        a = anchor(args.deals, r + 1)
        if a is not None:
            theirs.append(a)
        pref.append(ours("preference", max(1, args.deals // 2), r + 1))
    m = statistics.median(mine)
    print(f"random single deals, median of {args.repeats} batches (CPU time)")
    print(f"  schnapsen, cardcore legal_ids/apply_id: {m:10,.0f} deals/s")
    if theirs:
        t = statistics.median(theirs)
        print(f"  schnapsen, VU engine RandBot games:     {t:10,.0f} deals/s   "
              f"ratio {m / t:.2f}x")
    else:
        print("  schnapsen, VU engine: not installed (pip install schnapsen)")
    print(f"  preference, cardcore legal_ids/apply_id: {statistics.median(pref):9,.0f} deals/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
