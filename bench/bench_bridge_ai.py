"""Bridge AI benchmark: the auction against par, the card play against double dummy.

    python bench/bench_bridge_ai.py [--deals 200] [--play-deals 200] [--samples 24]
                                    [--max-nodes N] [--budget S] [--seed 1]
                                    [--dd cardcore|endplay]
                                    [--rule-tricks 1] [--dd-cache FILE] [--anchor]

For each deal (``Deal.random(seed + i)``, dealer South, vulnerability cycling none/ns/ew/both)
the four seats bid with the built-in system and play with PIMC (every seat the same AI).

* **Auction vs par.** Par here is simple: for each side, the best-scoring contract it can make
  double dummy (each strain, each partner as declarer, each level the double-dummy trick
  count makes, scored undoubled; among equal scores the lowest level); the par contract is
  the better of the two sides' (no sacrifices, no doubles). The *level* of a contract is its
  scoring level: part score, game, small slam or grand slam. Reported: how often the auction
  reaches the par level for the par side (any strain), the par contract exactly, a contract
  whose double-dummy score equals par, and the median absolute score gap to par.
* **Card play vs double dummy.** For the contract reached, the double-dummy tricks of the
  declarer (full deal, the opening lead by the left-hand opponent) minus the tricks our
  declarer actually took against PIMC defenders: the average tricks lost.

The AI's work per card is counted (``--samples`` deals of at most ``--max-nodes`` search
nodes each, so a run gives the same numbers on any machine); ``--budget`` seconds per card is
the opt-in to think by the clock instead.

``--dd endplay`` takes the double-dummy tables from endplay's DDS binding instead of our
solver (the numbers are the same; DDS is faster on the hardest deals). ``--anchor`` also checks
our double-dummy tables against DDS and times both.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import cardcore
from cardcore._backend import kernel
from cardcore.agents.bridge import MAX_NODES as MAX_NODES_DEFAULT
from cardcore.agents.bridge import BridgeAI
from cardcore.bridge import Deal, score
from cardcore.bridge.seats import SEATS, STRAINS

VULS = ("none", "ns", "ew", "both")


DD_ENGINE = "cardcore"


def dd_table_by_seat(deal: Deal, engine: str | None = None) -> list[list[int]]:
    """``t[strain][seat]``: tricks of ``seat``'s side declaring ``strain`` (game seats), from
    our solver or (``engine="endplay"``) from endplay's binding of DDS."""
    engine = engine or DD_ENGINE
    if engine == "endplay":
        from endplay.dds import calc_dd_table
        from endplay.types import Deal as EDeal
        from endplay.types import Denom, Player

        et = calc_dd_table(EDeal(deal.to_pbn("N")))
        denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
        players = [Player.south, Player.west, Player.north, Player.east]
        return [[et[d, p] for p in players] for d in denoms]
    masks = [deal.mask(SEATS[s]) for s in range(4)]
    return kernel("dds").dd_table(masks)


def vulnerable(vul: str, seat: int) -> bool:
    return vul == "both" or vul == ("ns" if seat % 2 == 0 else "ew")


def bonus_level(contract: str) -> str:
    """The scoring level of a contract: part score, game, small slam or grand slam."""
    level, strain = int(contract[0]), contract[1]
    if level == 7:
        return "grand"
    if level == 6:
        return "slam"
    if level >= {"C": 5, "D": 5, "H": 4, "S": 4, "N": 3}[strain]:
        return "game"
    return "part score"


def par(table: list[list[int]], vul: str) -> tuple[int, str, int]:
    """(NS score of par, par contract text, par declarer seat) -- see the module docstring."""
    best = {0: (0, "", -1), 1: (0, "", -1)}
    for side in (0, 1):
        for strain in range(5):
            for seat in (side, side + 2):
                tricks = table[strain][seat]
                for level in range(1, tricks - 5):
                    contract = f"{level}{'CDHSN'[strain]}" + ("T" if strain == 4 else "")
                    sc = score(contract, SEATS[seat], tricks, vulnerable(vul, seat))
                    old = best[side]
                    if sc > old[0] or (sc == old[0] and (old[2] < 0 or level < int(old[1][0]))):
                        best[side] = (sc, contract, seat)
    if best[0][0] >= best[1][0]:
        return best[0][0], best[0][1], best[0][2]
    return -best[1][0], best[1][1], best[1][2]


RULE_TRICKS = 1


MAX_NODES: int | None = None


def _auction(deal: Deal, vul: str, seed: int, budget: float | None, samples: int):
    s = cardcore.new_game("bridge", deal=deal, vulnerability=vul)
    extra = {} if MAX_NODES is None else {"max_nodes": MAX_NODES}
    ais = [BridgeAI(seed=seed + k, time_budget=budget, samples=samples, rule_tricks=RULE_TRICKS,
                    **extra) for k in range(4)]
    while s.phase == "auction":
        s.apply(ais[s.current_player].act(s))
    return s, ais


def run_auctions(n_deals: int, seed: int, cache: dict) -> dict:
    """Bid every deal with the system and compare the contract with par."""
    st = {"deals": 0, "passed_out": 0, "level_hit": 0, "exact_hit": 0, "par_score": 0,
          "score_gap": [],
          "dd_time": [], "contracts": []}
    for i in range(n_deals):
        vul = VULS[i % 4]
        deal = Deal.random(seed + i)
        key = deal.to_pbn()
        if key not in cache:
            t0 = time.perf_counter()
            cache[key] = dd_table_by_seat(deal)
            st["dd_time"].append(time.perf_counter() - t0)
        table = cache[key]
        par_ns, par_contract, par_seat = par(table, vul)
        s, _ = _auction(deal, vul, seed * 100 + 4 * i, None, 1)
        st["deals"] += 1
        if s.passed_out:
            st["passed_out"] += 1
            st["score_gap"].append(abs(par_ns))
            continue
        dd = table[STRAINS.index(s.trump)][s.declarer]
        ours = score(s.contract, SEATS[s.declarer], dd, s.vulnerable[s.declarer])
        ours_ns = ours if s.declarer % 2 == 0 else -ours
        st["score_gap"].append(abs(ours_ns - par_ns))
        if ours_ns == par_ns:
            st["par_score"] += 1
        if par_seat >= 0 and s.declarer % 2 == par_seat % 2 and \
                bonus_level(s.contract) == bonus_level(par_contract):
            st["level_hit"] += 1
            if s.contract.rstrip("X") == par_contract:
                st["exact_hit"] += 1
        if (i + 1) % 20 == 0:
            print(f"  ... {i + 1} auctions", file=sys.stderr, flush=True)
    return st


def run_play(n_deals: int, seed: int, budget: float | None, samples: int, cache: dict) -> dict:
    """Bid, then play every deal with PIMC at all four seats; compare the declarer's tricks
    with the double-dummy tricks of the contract reached."""
    st = {"played": 0, "lost": [], "made": 0, "dd_made": 0, "card_times": [], "samples": []}
    try:
        _play_deals(n_deals, seed, budget, samples, cache, st)
    except KeyboardInterrupt:  # report the deals finished so far
        print("  interrupted", file=sys.stderr)
    return st


def _play_deals(n_deals: int, seed: int, budget: float | None, samples: int, cache: dict,
                st: dict) -> None:
    for i in range(n_deals):
        vul = VULS[i % 4]
        deal = Deal.random(seed + i)
        s, ais = _auction(deal, vul, seed * 100 + 4 * i, budget, samples)
        if s.passed_out:
            continue
        key = deal.to_pbn()
        if key in cache:
            dd = cache[key][STRAINS.index(s.trump)][s.declarer]
        elif DD_ENGINE == "endplay":
            cache[key] = dd_table_by_seat(deal)
            dd = cache[key][STRAINS.index(s.trump)][s.declarer]
        else:
            masks = [deal.mask(SEATS[k]) for k in range(4)]
            dd = kernel("dds").solve(masks, STRAINS.index(s.trump), s.declarer)
        while not s.is_over:
            t0 = time.perf_counter()
            ai = ais[s.current_player]
            s.apply(ai.act(s))
            st["card_times"].append(time.perf_counter() - t0)
            if "samples" in ai.last_info:
                st["samples"].append(ai.last_info["samples"])
        st["played"] += 1
        got = s.declarer_tricks
        level = int(s.contract[0])
        st["lost"].append(dd - got)
        st["made"] += got >= 6 + level
        st["dd_made"] += dd >= 6 + level
        print(f"  ... deal {i + 1}: {s.contract} by {SEATS[s.declarer]}, dd {dd}, took {got}; "
              f"slowest card {max(st['card_times'][-52:]):.2f} s", file=sys.stderr, flush=True)


def anchor(n: int, seed: int) -> None:
    try:
        from endplay.dds import calc_dd_table
        from endplay.types import Deal as EDeal
        from endplay.types import Denom, Player
    except ImportError:
        print("endplay is not installed: no anchor run")
        return
    ours_t, theirs_t, bad = [], [], 0
    for i in range(n):
        d = Deal.random(seed + i)
        t0 = time.perf_counter()
        t = dd_table_by_seat(d, "cardcore")
        ours_t.append(time.perf_counter() - t0)
        ed = EDeal(d.to_pbn("N"))
        t0 = time.perf_counter()
        et = calc_dd_table(ed)
        theirs_t.append(time.perf_counter() - t0)
        denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
        players = [Player.south, Player.west, Player.north, Player.east]
        for s in range(5):
            for p in range(4):
                if et[denoms[s], players[p]] != t[s][p]:
                    bad += 1
    mo, mt = statistics.median(ours_t), statistics.median(theirs_t)
    print(f"dd_table, {n} deals: cardcore median {mo * 1e3:.1f} ms, endplay (DDS) median "
          f"{mt * 1e3:.1f} ms, ratio {mo / mt:.2f}; mismatching entries: {bad}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200, help="deals for the auction vs par")
    ap.add_argument("--play-deals", type=int, default=200, help="deals played out with PIMC")
    ap.add_argument("--budget", type=float, default=None,
                    help="opt-in: PIMC seconds per card by the clock")
    ap.add_argument("--samples", type=int, default=24, help="PIMC deals per card at most")
    ap.add_argument("--max-nodes", type=int, default=None,
                    help="search nodes per sampled deal (default: the AI's own)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dd-cache", default=None, help="JSON file to keep double-dummy tables in")
    ap.add_argument("--dd", choices=("cardcore", "endplay"), default="cardcore",
                    help="double-dummy engine for par and the yardstick (endplay = DDS)")
    ap.add_argument("--rule-tricks", type=int, default=1,
                    help="tricks the AI plays by rule before searching (BridgeAI rule_tricks)")
    ap.add_argument("--anchor", action="store_true")
    args = ap.parse_args(argv)
    global DD_ENGINE, RULE_TRICKS, MAX_NODES
    DD_ENGINE = args.dd
    RULE_TRICKS = args.rule_tricks
    MAX_NODES = args.max_nodes
    cache: dict = {}
    if args.dd_cache:
        try:
            with open(args.dd_cache) as f:
                cache = json.load(f)
        except (OSError, ValueError):
            cache = {}
    t0 = time.perf_counter()
    print(f"Bridge AI benchmark (seed {args.seed}, double dummy by {args.dd})")
    print(f"{'measure':<58} {'value':>12}")
    if args.deals:
        st = run_auctions(args.deals, args.seed, cache)
        if args.dd_cache:
            with open(args.dd_cache, "w") as f:
                json.dump(cache, f)
        n = st["deals"]
        print(f"{'deals bid':<58} {n:>12}")
        print(f"{'passed out':<58} {st['passed_out']:>12}")
        print(f"{'auction reaches the par level (par side; part/game/slam/grand)':<58} "
              f"{st['level_hit'] / n:>12.1%}")
        print(f"{'auction reaches the par contract exactly (side, strain, level)':<58} "
              f"{st['exact_hit'] / n:>12.1%}")
        print(f"{'our contract at double dummy scores exactly par':<58} "
              f"{st['par_score'] / n:>12.1%}")
        print(f"{'|our contract at double dummy - par|, median (points)':<58} "
              f"{statistics.median(st['score_gap']):>12.0f}")
        if st["dd_time"]:
            print(f"{'dd_table seconds per deal (median / max)':<58} "
                  f"{statistics.median(st['dd_time']):>5.2f} / {max(st['dd_time']):.1f}")
    if args.play_deals:
        st = run_play(args.play_deals, args.seed, args.budget, args.samples, cache)
        p = st["played"]
        how = (f"{args.budget} s/card" if args.budget is not None
               else f"<= {args.max_nodes or MAX_NODES_DEFAULT:,} nodes/deal")
        label = (f"deals played out (PIMC {how}, <= {args.samples} samples, "
                 f"{args.rule_tricks} trick(s) by rule)")
        print(f"{label:<70} {p:>4}")
        if p:
            print(f"{'declarer tricks lost vs double dummy (mean)':<58} "
                  f"{statistics.mean(st['lost']):>12.2f}")
            print(f"{'contracts made: PIMC play / double dummy':<58} "
                  f"{st['made'] / p:>6.0%} / {st['dd_made'] / p:.0%}")
            ct = st["card_times"]
            print(f"{'seconds per card (median / max)':<58} "
                  f"{statistics.median(ct):>5.3f} / {max(ct):.2f}")
            if st["samples"]:
                print(f"{'PIMC samples per searched card (median)':<58} "
                      f"{statistics.median(st['samples']):>12.0f}")
    print(f"{'total seconds':<58} {time.perf_counter() - t0:>12.0f}")
    if args.anchor:
        anchor(min(args.deals or 20, 50), args.seed)


if __name__ == "__main__":
    main()
