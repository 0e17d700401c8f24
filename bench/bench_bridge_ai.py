"""Bridge AI benchmark: the auction against par, the card play against double dummy.

    python bench/bench_bridge_ai.py [--deals 200] [--play-deals 200] [--samples 24]
                                    [--max-nodes N] [--budget S] [--seed 1]
                                    [--dd cardcore|endplay] [--rule-tricks 1]
                                    [--versus A B] [--versus-auction A B]
                                    [--versus-deals 40]
                                    [--dd-cache FILE] [--anchor] [--workers K] [--ray [ADDRESS]]

Runs on ``cardcore.simulate``, every seat the same AI (the built-in bidding system, PIMC card
play). Deal ``i`` (``i = 0 .. n - 1``, ``n`` the deals of the part) is
``cardcore.new_game("bridge", seed=seed + i, vulnerability=v)``, dealer South, and the agent in
seat ``s`` is seeded with ``cardcore.simulate.agent_seed(seed + i, s)``. The vulnerability goes
by quarters of the part: the first ``ceil(n / 4)`` deals none, then NS, EW and both (the
vulnerability does not change the cards, so both parts play the same deals from the same
seeds).

* **Auction vs par** (``--deals``). Par here is simple: for each side, the best-scoring
  contract it can make double dummy (each strain, each partner as declarer, each level the
  double-dummy trick count makes, scored undoubled; among equal scores the lowest level); the
  par contract is the better of the two sides' (no sacrifices, no doubles). The *level* of a
  contract is its scoring level: part score, game, small slam or grand slam. Reported: how
  often the auction reaches the par level for the par side (any strain), the par contract
  exactly, a contract whose double-dummy score equals par, and the median absolute score gap
  to par. The bidding does not search, so these deals are played out by the AI's card rules
  alone (``rule_tricks=13``, no PIMC; the play is not measured). The double-dummy tables are
  solved in the workers, after each deal; their CPU time per deal is printed.
* **Card play vs double dummy** (``--play-deals``). For the contract reached, the double-dummy
  tricks of the declarer (full deal, the opening lead by the left-hand opponent) minus the
  tricks our declarer actually took against PIMC defenders: the average tricks lost, with a
  95% interval over the deals played (normal approximation, mean +- 1.96 standard errors).
  Also the contracts made, the seconds per card (the card decisions of every seat, dummy's
  cards chosen by declarer) and the sampled deals per searched card.

* **Strength against strength** (``--versus A B``, e.g. ``--versus strong normal``; may be
  repeated). ``cardcore.simulate`` with ``duplicate=True``: each deal is played twice, ``A``
  North-South at one table and East-West at the other, with the same cards (a quarter of
  the deals at each vulnerability). ``A``'s net score over the two tables, in IMPs, is the
  result of the deal; reported: the mean IMPs a deal with its 95% interval, and each
  strength's seconds per card (median / p99, the card decisions only; wall clock).
* **Auctions of strength against strength** (``--versus-auction A B``, e.g. ``--versus-auction
  strong normal``; may be repeated; ``--versus-deals`` deals from ``--seed``, a quarter at
  each vulnerability). Each deal is bid twice in this process, ``A`` North-South at one
  table and East-West at the other, the agents seeded as ``cardcore.simulate`` seeds them;
  each contract is scored at its double-dummy tricks (the tables from ``--dd-cache`` or
  solved here). Reported: ``A``'s mean IMPs a deal with its 95% interval, the deals where the
  two tables' contracts differ, and ``A``'s CPU seconds a call (median / p99 / max). For
  strengths that bid differently (e.g. one with ``bid_samples``, the simulation check of
  placing calls), this isolates the bidding from the noise of the card play.
* The auction part also reports the **IMPs a deal against par**: the IMPs of the
  double-dummy score of our contract minus the par score, for North-South (both sides are
  the same AI, so the mean is near 0), and their absolute value (what the two sides give
  away against par together), each with a 95% interval; and the par-level rate's interval.

The AI's work per card is counted (``--samples`` deals of at most ``--max-nodes`` search
nodes each, so a run gives the same numbers on any machine); ``--budget`` seconds per card is
the opt-in to think by the clock instead.

``--dd endplay`` takes the double-dummy tables from endplay's DDS binding instead of our
solver (the numbers are the same; DDS is faster on the hardest deals), DDS in one thread per
process as our solver. ``--anchor`` also checks our double-dummy tables against DDS on the
first deals of the auction part and times both (in this process, one thread each).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import logging
import math
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:  # worker processes import this file by name (SampleProbe below)
    sys.path.insert(0, _HERE)

import cardcore  # noqa: E402
from cardcore._backend import kernel  # noqa: E402
from cardcore.agents.bridge import MAX_NODES as MAX_NODES_DEFAULT  # noqa: E402
from cardcore.agents.bridge import BridgeAI  # noqa: E402
from cardcore.bridge import Deal, score  # noqa: E402
from cardcore.bridge.seats import SEATS, STRAINS  # noqa: E402
from cardcore.simulate import SimulationInterrupted, simulate  # noqa: E402

#: the module name the workers import this file by (for SampleProbe and bridge_record)
MODULE = Path(__file__).stem
VULS = ("none", "ns", "ew", "both")


@functools.cache
def _dds_one_thread() -> None:
    """DDS solves in one thread per process, as our solver does (one worker per core)."""
    import endplay._dds as raw

    raw.SetMaxThreads(1)


def dd_table_by_seat(deal: Deal, engine: str = "cardcore") -> list[list[int]]:
    """``t[strain][seat]``: tricks of ``seat``'s side declaring ``strain`` (game seats), from
    our solver or (``engine="endplay"``) from endplay's binding of DDS."""
    if engine == "endplay":
        from endplay.dds import calc_dd_table

        _dds_one_thread()
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


IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
             1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(diff: int) -> int:
    """The IMPs of a score difference (the standard scale, 20-40 points = 1 IMP ... 4000+ =
    24 IMPs), with its sign."""
    k = sum(1 for step in IMP_STEPS if abs(diff) >= step)
    return k if diff >= 0 else -k


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    if len(xs) < 2:
        return (xs[0] if xs else math.nan), math.inf
    return statistics.mean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


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


# ---------------------------------------------------------------- in the workers

#: per game in play (keyed by the state's id): the sampled deals of each searched card
_SAMPLES: dict[int, list[int]] = {}


class SampleProbe(BridgeAI):
    """``BridgeAI`` that notes how many sampled deals each searched card used (read back by
    :func:`bridge_record` at the end of the game, in the same worker)."""

    def act(self, state):
        self.last_info = {}
        action = super().act(state)
        if "samples" in self.last_info:
            _SAMPLES.setdefault(id(state), []).append(self.last_info["samples"])
        return action


def bridge_record(state, *, table: bool = False, dd: str = "cardcore",
                  known: frozenset = frozenset()) -> dict:
    """``stats=``: the deal, the contract reached, the declarer's tricks, each seat's number of
    calls and the searched cards' samples; for a deal not in ``known``, the full double-dummy
    table and its seconds (``table=True``) or the double-dummy tricks of the contract."""
    deal = state.deal()
    pbn = deal.to_pbn()
    calls = [0, 0, 0, 0]
    for j in range(len(state.calls)):
        calls[(state.dealer + j) % 4] += 1
    rec: dict[str, Any] = {"deal": pbn, "vul": state.vulnerability,
                           "passed_out": state.passed_out, "contract": state.contract,
                           "declarer": state.declarer, "tricks": state.declarer_tricks,
                           "calls": calls, "samples": _SAMPLES.pop(id(state), [])}
    if pbn in known or "*" in known:  # ("*": no double dummy at all)
        return rec
    if table:
        t0 = time.process_time()  # CPU time: both solvers run in one thread here
        rec["table"] = dd_table_by_seat(deal, dd)
        rec["dd_seconds"] = time.process_time() - t0
    elif not state.passed_out:
        strain = STRAINS.index(state.trump)
        if dd == "endplay":
            rec["table"] = dd_table_by_seat(deal, dd)
            rec["dd"] = rec["table"][strain][state.declarer]
        else:
            masks = [deal.mask(SEATS[k]) for k in range(4)]
            rec["dd"] = kernel("dds").solve(masks, strain, state.declarer)
    return rec


# ---------------------------------------------------------------- the driver

def play(agent: str, n_deals: int, seed: int, stats, *, timings: bool = False,
         workers: int | None = None, engine: str = "local", address: str | None = None,
         label: str = "") -> tuple[list[dict], bool]:
    """Play deals ``seed .. seed + n_deals - 1`` with ``agent`` in every seat, a quarter of
    them at each vulnerability: ``(rows, complete)`` (``complete`` False after Ctrl-C)."""
    rows: list[dict] = []
    start = seed
    for vul in VULS:
        k = min(-(-n_deals // 4), seed + n_deals - start)
        if k <= 0:
            break

        def progress(p, vul=vul):
            if label and p.done:
                print(f"  ... {label}, {vul} vulnerable: {p.done}/{p.total} deals",
                      file=sys.stderr, flush=True)

        try:
            res = simulate("bridge", [agent], k, seed=start, stats=stats, timings=timings,
                           workers=workers, engine=engine, address=address,
                           progress=progress, vulnerability=vul)
        except SimulationInterrupted as exc:  # report the deals finished so far
            print("  interrupted", file=sys.stderr)
            return rows + list(exc.results.rows or []), False
        rows += res.rows or []
        start += k
    return rows, True


def _agent(name: str, opts: dict) -> str:
    given = ",".join(f"{k}={v}" for k, v in opts.items() if v is not None)
    return name + (":" + given if given else "")


def run_auctions(n_deals: int, seed: int, cache: dict, dd: str = "cardcore",
                 workers: int | None = None, engine: str = "local",
                 address: str | None = None) -> dict:
    """Bid every deal with the system and compare the contract with par."""
    named = importlib.import_module(MODULE)
    stats = functools.partial(named.bridge_record, table=True, dd=dd, known=frozenset(cache))
    rows, _ = play("ai:rule_tricks=13", n_deals, seed, stats, workers=workers, engine=engine,
                   address=address, label="auctions")
    st: dict[str, Any] = {"deals": 0, "passed_out": 0, "level_hit": 0, "exact_hit": 0,
                          "par_score": 0, "score_gap": [], "dd_time": [], "contracts": [],
                          "hits": [], "imps": []}
    for row in rows:
        rec = row["stats"]
        if "table" in rec:
            cache[rec["deal"]] = rec["table"]
            st["dd_time"].append(rec["dd_seconds"])
        table = cache[rec["deal"]]
        par_ns, par_contract, par_seat = par(table, rec["vul"])
        st["deals"] += 1
        if rec["passed_out"]:
            st["passed_out"] += 1
            st["score_gap"].append(abs(par_ns))
            st["imps"].append(imps(-par_ns))
            st["hits"].append(0)
            continue
        contract, declarer = rec["contract"], rec["declarer"]
        st["contracts"].append(contract)
        dd_tricks = table[STRAINS.index(contract[1])][declarer]
        ours = score(contract, SEATS[declarer], dd_tricks, vulnerable(rec["vul"], declarer))
        ours_ns = ours if declarer % 2 == 0 else -ours
        st["score_gap"].append(abs(ours_ns - par_ns))
        st["imps"].append(imps(ours_ns - par_ns))
        st["hits"].append(0)
        if ours_ns == par_ns:
            st["par_score"] += 1
        if par_seat >= 0 and declarer % 2 == par_seat % 2 and \
                bonus_level(contract) == bonus_level(par_contract):
            st["level_hit"] += 1
            st["hits"][-1] = 1
            if contract.rstrip("X") == par_contract:
                st["exact_hit"] += 1
    return st


def run_play(n_deals: int, seed: int, budget: float | None, samples: int, cache: dict,
             dd: str = "cardcore", rule_tricks: int = 1, max_nodes: int | None = None,
             workers: int | None = None, engine: str = "local",
             address: str | None = None) -> dict:
    """Bid, then play every deal with PIMC at all four seats; compare the declarer's tricks
    with the double-dummy tricks of the contract reached."""
    named = importlib.import_module(MODULE)
    stats = functools.partial(named.bridge_record, dd=dd, known=frozenset(cache))
    agent = _agent(f"{MODULE}:SampleProbe", {"samples": samples, "rule_tricks": rule_tricks,
                                             "max_nodes": max_nodes, "time_budget": budget})
    rows, complete = play(agent, n_deals, seed, stats, timings=True, workers=workers,
                          engine=engine, address=address, label="play")
    st: dict[str, Any] = {"played": 0, "lost": [], "made": 0, "dd_made": 0, "card_times": [],
                          "samples": [], "complete": complete}
    for row in rows:
        rec = row["stats"]
        if rec["passed_out"]:
            continue
        if "table" in rec:
            cache[rec["deal"]] = rec["table"]
        strain = STRAINS.index(rec["contract"][1])
        dd_tricks = rec["dd"] if "dd" in rec else cache[rec["deal"]][strain][rec["declarer"]]
        got = rec["tricks"]
        level = int(rec["contract"][0])
        st["played"] += 1
        st["lost"].append(dd_tricks - got)
        st["made"] += got >= 6 + level
        st["dd_made"] += dd_tricks >= 6 + level
        for s in range(4):
            st["card_times"] += row["times"][s][rec["calls"][s]:]
        st["samples"] += rec["samples"]
    return st


def run_versus(first: str, second: str, n_deals: int, seed: int, workers: int | None = None,
               engine: str = "local", address: str | None = None) -> dict:
    """Duplicate IMPs of agent ``first`` against ``second``: each deal played twice, ``first``
    North-South at one table and East-West at the other (``simulate(duplicate=True)``), a
    quarter of the deals at each vulnerability. Per deal: ``first``'s net score over the two
    tables in IMPs. Also ``first``'s and ``second``'s seconds per card."""
    named = importlib.import_module(MODULE)
    stats = functools.partial(named.bridge_record, known=frozenset(["*"]))
    by_deal: dict[tuple[str, int], int] = {}
    times: dict[int, list[float]] = {0: [], 1: []}
    start = seed
    for vul in VULS:
        k = min(-(-n_deals // 4), seed + n_deals - start)
        if k <= 0:
            break
        complete = True
        try:
            rows = simulate("bridge", [first, second], k, seed=start, duplicate=True,
                            stats=stats, timings=True, workers=workers, engine=engine,
                            address=address, vulnerability=vul,
                            progress=lambda p, vul=vul: p.done and print(
                                f"  ... {first} vs {second}, {vul} vulnerable: {p.done}/"
                                f"{p.total} games", file=sys.stderr, flush=True)).rows or []
        except SimulationInterrupted as exc:  # report the deals finished so far
            print("  interrupted", file=sys.stderr)
            rows, complete = list(exc.results.rows or []), False
        done: dict[int, int] = {}
        for row in rows:
            done[row["seed"]] = done.get(row["seed"], 0) + 1
        for row in rows:
            if done[row["seed"]] < 2:  # only deals played at both tables
                continue
            rec = row["stats"]
            seat0 = row["seats"][0][0]
            key = (vul, row["seed"])
            by_deal[key] = by_deal.get(key, 0) + int(row["scores"][seat0])
            for e in (0, 1):
                for s in row["seats"][e]:
                    times[e] += row["times"][s][rec["calls"][s]:]
        start += k
        if not complete:
            break
    swing = [imps(v) for v in by_deal.values()]
    return {"deals": len(swing), "imps": swing, "times": times}


def run_versus_auction(first: str, second: str, n_deals: int, seed: int, cache: dict,
                       dd: str = "cardcore") -> dict:
    """Duplicate auctions of strength ``first`` against ``second``, scored double dummy:
    deal ``seed + i`` bid with ``first`` North-South, then East-West (the other strength in
    the other seats); per deal ``first``'s net score over the two tables in IMPs. Also
    ``first``'s CPU seconds a call and the deals whose two contracts differ."""
    from cardcore.agents import get
    from cardcore.simulate import agent_seed

    swing: list[int] = []
    times: list[float] = []
    differ = 0
    quarter = -(-n_deals // 4)
    for i in range(n_deals):
        game_seed = seed + i
        vul = VULS[i // quarter]
        contracts = []
        net = 0
        for first_side in (0, 1):
            state = cardcore.new_game("bridge", seed=game_seed, vulnerability=vul)
            ais = [get("ai", "bridge", seed=agent_seed(game_seed, s),
                       strength=first if s % 2 == first_side else second) for s in range(4)]
            while state.phase == "auction":
                seat = state.current_player
                t0 = time.process_time()
                action = ais[seat].act(state)
                if seat % 2 == first_side:
                    times.append(time.process_time() - t0)
                state.apply(action)
            deal = state.deal()
            pbn = deal.to_pbn()
            if pbn not in cache:
                cache[pbn] = dd_table_by_seat(deal, dd)
            contracts.append(state.contract)
            if state.passed_out:
                continue
            decl = state.declarer
            tricks = cache[pbn][STRAINS.index(state.trump)][decl]
            sc = score(state.contract, SEATS[decl], tricks, vulnerable(vul, decl))
            ns = sc if decl % 2 == 0 else -sc
            net += ns if first_side == 0 else -ns
        differ += contracts[0] != contracts[1]
        swing.append(imps(net))
    return {"deals": len(swing), "imps": swing, "times": times, "differ": differ}


def _times_line(xs: list[float]) -> str:
    xs = sorted(xs)
    if not xs:
        return "-"
    return f"{statistics.median(xs):.3f} / {xs[min(len(xs) - 1, int(0.99 * len(xs)))]:.2f}"


def anchor(n: int, seed: int) -> None:
    try:
        from endplay.dds import calc_dd_table
        from endplay.types import Deal as EDeal
        from endplay.types import Denom, Player
    except ImportError:
        print("endplay is not installed: no anchor run")
        return
    _dds_one_thread()
    ours_t, theirs_t, bad = [], [], 0
    for i in range(n):
        d = cardcore.new_game("bridge", seed=seed + i).deal()  # type: ignore[attr-defined]
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


def main(argv: list[str] | None = None) -> int:
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
    ap.add_argument("--versus", nargs=2, action="append", default=[], metavar=("A", "B"),
                    help="duplicate IMPs of strength A against B (e.g. strong normal), "
                         "--versus-deals deals; may be repeated")
    ap.add_argument("--versus-auction", nargs=2, action="append", default=[],
                    metavar=("A", "B"), help="duplicate auctions of strength A against B, "
                    "scored double dummy, --versus-deals deals; may be repeated")
    ap.add_argument("--versus-deals", type=int, default=40)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args(argv)
    # Ctrl-C (SIGINT) reports the deals finished so far, also when started in the background
    # by a shell (which would have it ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    engine = "local" if args.ray is None else "ray"
    run: dict[str, Any] = {"workers": args.workers, "engine": engine,
                           "address": args.ray or None}
    started_ray = False
    if engine == "ray":  # one Ray for all the runs below (each would start its own)
        import ray

        if not ray.is_initialized():
            ray.init(address=args.ray or None, include_dashboard=False,
                     logging_level=logging.WARNING,
                     **({} if args.ray else {"num_cpus": args.workers}))
            started_ray = True
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
    try:
        if args.deals:
            st = run_auctions(args.deals, args.seed, cache, args.dd, **run)
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
            m, h = mean_ci(st["hits"])
            print(f"{'par level, 95% interval':<58} {m:>8.1%} +- {h:.1%}")
            m, h = mean_ci(st["imps"])
            print(f"{'IMPs a deal vs par, North-South (mean, 95% interval)':<58} "
                  f"{m:>+6.2f} +- {h:.2f}")
            m, h = mean_ci([abs(x) for x in st["imps"]])
            print(f"{'|IMPs| a deal vs par (mean, 95% interval)':<58} {m:>6.2f} +- {h:.2f}")
            if st["dd_time"]:
                print(f"{'dd_table CPU seconds per deal (median / max)':<58} "
                      f"{statistics.median(st['dd_time']):>5.2f} / {max(st['dd_time']):.1f}")
        if args.play_deals:
            st = run_play(args.play_deals, args.seed, args.budget, args.samples, cache, args.dd,
                          args.rule_tricks, args.max_nodes, **run)
            p = st["played"]
            how = (f"{args.budget} s/card" if args.budget is not None
                   else f"<= {args.max_nodes or MAX_NODES_DEFAULT:,} nodes/deal")
            label = (f"deals played out (PIMC {how}, <= {args.samples} samples, "
                     f"{args.rule_tricks} trick(s) by rule)")
            print(f"{label:<70} {p:>4}")
            if p:
                lost = st["lost"]
                half = (1.96 * statistics.stdev(lost) / math.sqrt(p) if p > 1
                        else math.inf)
                print(f"{'declarer tricks lost vs double dummy (mean, 95% interval)':<58} "
                      f"{statistics.mean(lost):>+6.2f} +- {half:.2f}")
                print(f"{'contracts made: PIMC play / double dummy':<58} "
                      f"{st['made'] / p:>6.0%} / {st['dd_made'] / p:.0%}")
                ct = st["card_times"]
                print(f"{'seconds per card (median / max)':<58} "
                      f"{statistics.median(ct):>5.3f} / {max(ct):.2f}")
                if st["samples"]:
                    print(f"{'PIMC samples per searched card (median)':<58} "
                          f"{statistics.median(st['samples']):>12.0f}")
        for a, b in args.versus:
            st = run_versus(f"ai:strength={a}", f"ai:strength={b}", args.versus_deals,
                            args.seed, **run)
            m, h = mean_ci(st["imps"])
            print(f"{a} vs {b}, duplicate IMPs a deal for {a} ({st['deals']} deals)"
                  f"{'':<8} {m:>+6.2f} +- {h:.2f}")
            print(f"  seconds per card, median / p99: {a} {_times_line(st['times'][0])}, "
                  f"{b} {_times_line(st['times'][1])}")
        for a, b in args.versus_auction:
            st = run_versus_auction(a, b, args.versus_deals, args.seed, cache, args.dd)
            if args.dd_cache:
                with open(args.dd_cache, "w") as f:
                    json.dump(cache, f)
            m, h = mean_ci(st["imps"])
            ts = sorted(st["times"])
            print(f"{a} vs {b} auctions, duplicate IMPs a deal for {a} at double dummy "
                  f"({st['deals']} deals, {st['differ']} with different contracts) "
                  f"{m:>+6.2f} +- {h:.2f}")
            print(f"  CPU seconds a call for {a}, median / p99 / max: "
                  f"{statistics.median(ts):.4f} / {ts[min(len(ts) - 1, int(0.99 * len(ts)))]:.2f}"
                  f" / {ts[-1]:.2f}")
    finally:
        if started_ray:
            import ray

            ray.shutdown()
    print(f"{'total seconds':<58} {time.perf_counter() - t0:>12.0f}")
    if args.anchor:
        anchor(min(args.deals or 20, 50), args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
