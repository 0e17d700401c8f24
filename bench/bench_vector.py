"""Batched stepping for learners: ``cardcore.vector`` against OpenSpiel and RLCard.

Run: ``python bench/bench_vector.py [--seconds S] [--rounds R] [--n N] [--only GAME]
[--scaling] [--json FILE]``.

What every contender does, per step of every game: read the acting seat's legal actions and
its observation, choose uniformly at random among the legal actions in numpy, apply it; a game
that ends is started again. Rates are games finished (and steps) per second of this process's
CPU time, the median of ``R`` rounds of about ``S`` CPU seconds each, the contenders
interleaved in every round; the ratio is cardcore's batch rate over the contender's.

- cardcore ``vector(game, n)`` (the batch, ``--n`` games, 256 by default): each step reads
  ``legal_offsets`` / ``legal_ids`` (the legal ids flat) and ``observation`` (the acting seat's,
  refreshed by the step), draws one id a game in numpy, and calls ``step(actions)``; finished
  games restart by themselves.
- cardcore, one game at a time through the ``State`` API: ``legal_mask()``,
  ``observation_tensor(seat)``, a numpy choice, ``apply_id``.
- OpenSpiel's Python API (``pyspiel``): ``legal_actions_mask()`` and ``observation_tensor()``
  (as a float32 array) every decision, the choice drawn from ``legal_actions()`` (cheaper than
  turning the mask, a Python list as long as the id space, into an array), ``apply_action``;
  chance nodes sampled from ``chance_outcomes()``. Games: ``dou_dizhu``, ``bridge`` (auction and
  play, ``use_double_dummy_result=false``), ``universal_poker`` (4 seats, no-limit, stacks 1000,
  blinds 10/20, the fcpa menu).
- RLCard's environments (``rlcard.make``): ``doudizhu``, ``bridge`` (auction and play) and
  ``no-limit-holdem`` (4 players), whose ``step`` returns the next state with its observation
  and legal actions.

``--scaling`` adds how the batch rate grows with ``n`` (1, 16, 256, 4096) for Dou Dizhu,
Bridge and Hold'em, and the memory a batch holds (its arrays, and the bytes its cores and
arrays allocate, traced).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import numpy as np

GAMES = ("doudizhu", "zhengshangyou", "guandan", "tractor", "holdem", "onepoker", "bridge",
         "schnapsen", "preference")
HOLDEM = {"num_players": 4, "stacks": [1000] * 4, "single_deal": True}
UNIVERSAL_POKER = {"numPlayers": 4, "betting": "nolimit", "stack": "1000 1000 1000 1000",
                   "blind": "10 20 0 0", "firstPlayer": "3 1 1 1", "numRounds": 4,
                   "numSuits": 4, "numRanks": 13, "numHoleCards": 2,
                   "numBoardCards": "0 3 1 1", "bettingAbstraction": "fcpa"}

#: ``run(cpu_seconds) -> (games finished, steps)``: play until about that much CPU time is used
Runner = Callable[[float], tuple[int, int]]


class NotInstalled(Exception):
    """The contender's library cannot be imported."""


def _need(module: str):
    import importlib

    try:
        return importlib.import_module(module)
    except Exception as exc:  # noqa: BLE001 - a broken install is "not installed" too
        raise NotInstalled(f"{module}: {exc}") from None


def _options(game: str) -> dict[str, Any]:
    import cardcore

    declared = cardcore.get_game(game).options
    if game == "holdem":
        return {k: v for k, v in HOLDEM.items() if k in declared}
    return {"single_deal": True} if "single_deal" in declared else {}


def pick(off: np.ndarray, ids: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id a game from the flat ids (0 for a game with none)."""
    counts = off[1:] - off[:-1]
    if not len(ids):
        return np.zeros(len(counts), dtype=np.int64)
    at = off[:-1] + (rng.random(len(counts)) * counts).astype(np.int64)
    acts = ids[np.minimum(at, len(ids) - 1)].astype(np.int64)
    acts[counts == 0] = 0
    return acts


# ---------------------------------------------------------------- cardcore

def cardcore_batch(game: str, n: int) -> Runner:
    import cardcore

    v = cardcore.vector(game, n, seed=1, **_options(game))
    rng = np.random.default_rng(1)

    def run(budget: float) -> tuple[int, int]:
        games = steps = 0
        t0 = time.process_time()
        while True:
            for _ in range(16):
                obs = v.observation                   # (refreshed by every step)
                acts = pick(v.legal_offsets, v.legal_ids, rng)
                steps += v.n - int(np.count_nonzero(v.terminated))   # (those restart)
                v.step(acts)
                games += int(np.count_nonzero(v.terminated))
                del obs
            if time.process_time() - t0 >= budget:
                return games, steps

    return run


def cardcore_single(game: str) -> Runner:
    import cardcore

    opts = _options(game)
    rng = np.random.default_rng(2)
    seed = [0]

    def run(budget: float) -> tuple[int, int]:
        games = steps = 0
        t0 = time.process_time()
        while time.process_time() - t0 < budget:
            s = cardcore.new_game(game, seed=seed[0], **opts)
            seed[0] += 1
            while s.current_player is not None:
                mask = s.legal_mask()
                s.observation_tensor(s.current_player)
                legal = np.flatnonzero(mask)
                s.apply_id(int(legal[rng.integers(len(legal))]))
                steps += 1
            games += 1
        return games, steps

    return run


# ---------------------------------------------------------------- OpenSpiel

def openspiel(name: str, params: dict | None = None) -> Callable[[], Runner]:
    def make() -> Runner:
        pyspiel = _need("pyspiel")
        game = pyspiel.load_game(name, params or {})
        rng = np.random.default_rng(3)

        def run(budget: float) -> tuple[int, int]:
            games = steps = 0
            t0 = time.process_time()
            while time.process_time() - t0 < budget:
                s = game.new_initial_state()
                while not s.is_terminal():
                    if s.is_chance_node():
                        outs = s.chance_outcomes()
                        s.apply_action(outs[rng.integers(len(outs))][0])
                        continue
                    s.legal_actions_mask()
                    np.asarray(s.observation_tensor(), dtype=np.float32)
                    legal = s.legal_actions()       # (the choice from the short list, not
                    s.apply_action(legal[rng.integers(len(legal))])  # the mask: faster)
                    steps += 1
                games += 1
            return games, steps

        return run

    return make


# ---------------------------------------------------------------- RLCard

def rlcard(name: str, config: dict | None = None) -> Callable[[], Runner]:
    def make() -> Runner:
        rl = _need("rlcard")
        env = rl.make(name, config=config or {})
        rng = np.random.default_rng(4)

        def run(budget: float) -> tuple[int, int]:
            games = steps = 0
            t0 = time.process_time()
            while time.process_time() - t0 < budget:
                state, _ = env.reset()
                while True:
                    legal = list(state["legal_actions"].keys())
                    np.asarray(state["obs"])
                    state, _ = env.step(legal[rng.integers(len(legal))])
                    steps += 1
                    if env.is_over():
                        break
                games += 1
            return games, steps

        return run

    return make


PEERS: dict[str, list[tuple[str, Callable[[], Runner]]]] = {
    "doudizhu": [("OpenSpiel dou_dizhu", openspiel("dou_dizhu")),
                 ("RLCard doudizhu env", rlcard("doudizhu"))],
    "bridge": [("OpenSpiel bridge", openspiel("bridge", {"use_double_dummy_result": False})),
               ("RLCard bridge env", rlcard("bridge"))],
    "holdem": [("OpenSpiel universal_poker fcpa", openspiel("universal_poker", UNIVERSAL_POKER)),
               ("RLCard no-limit-holdem env", rlcard("no-limit-holdem",
                                                     {"game_num_players": 4}))],
}


# ---------------------------------------------------------------- the run

def _contenders(game: str, n: int) -> list[tuple[str, Callable[[], Runner]]]:
    return ([(f"cardcore vector (n={n})", lambda: cardcore_batch(game, n)),
             ("cardcore State API, one game", lambda: cardcore_single(game))]
            + PEERS.get(game, []))


def compare(games: list[str], n: int, seconds: float, rounds: int, out=sys.stdout) -> dict:
    report: dict = {"n": n, "seconds": seconds, "rounds": rounds, "timer": "process_time",
                    "results": {}}
    print(f"random play reading the acting seat's legal actions and observation every step; "
          f"games/s and steps/s of CPU time, median of {rounds} rounds of ~{seconds:g} s; "
          "ratio = the cardcore batch's games/s over the contender's", file=out)
    for game in games:
        runners: list[tuple[str, Runner | None, str]] = []
        for name, make in _contenders(game, n):
            try:
                r = make()
                r(min(0.05, seconds))                 # (imports and first calls, untimed)
                runners.append((name, r, "ok"))
            except NotInstalled as exc:
                runners.append((name, None, f"not installed ({exc})"))
            except Exception as exc:  # noqa: BLE001 - a broken peer is reported, not fatal
                runners.append((name, None, f"failed: {type(exc).__name__}: {exc}"))
        rates: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in runners}
        for _ in range(rounds):
            for name, r, _status in runners:
                if r is None:
                    continue
                t0 = time.process_time()
                g, st = r(seconds)
                dt = time.process_time() - t0
                rates[name].append((g / dt, st / dt))
        ours = statistics.median(x[0] for x in rates[runners[0][0]])
        print(f"\n{game}", file=out)
        print(f"  {'contender':36s} {'games/s':>10s} {'steps/s':>12s} {'ratio':>8s}", file=out)
        rows = []
        for name, r, status in runners:
            if r is None:
                print(f"  {name:36s} {status}", file=out)
                rows.append({"contender": name, "status": status})
                continue
            gps = statistics.median(x[0] for x in rates[name])
            sps = statistics.median(x[1] for x in rates[name])
            ratio = ours / gps if gps else None
            rtxt = f"{ratio:7.1f}x" if ratio else f"{'-':>8s}"
            print(f"  {name:36s} {gps:10,.0f} {sps:12,.0f} {rtxt}", file=out)
            rows.append({"contender": name, "status": status, "games_per_s": gps,
                         "steps_per_s": sps, "cardcore_over_peer": ratio})
        report["results"][game] = rows
    return report


def scaling(games: list[str], seconds: float, rounds: int, out=sys.stdout) -> dict:
    import cardcore

    report: dict = {}
    print("\nbatch size: games/s and steps/s of CPU time (median of rounds), and memory "
          "(the arrays; all the batch allocated, traced)", file=out)
    for game in games:
        print(f"\n{game}", file=out)
        print(f"  {'n':>6s} {'games/s':>10s} {'steps/s':>12s} {'arrays MB':>10s} "
              f"{'traced MB':>10s}", file=out)
        rows = []
        for n in (1, 16, 256, 4096):
            tracemalloc.start()
            v = cardcore.vector(game, n, seed=1, **_options(game))
            traced = tracemalloc.get_traced_memory()[0]
            tracemalloc.stop()
            arrays = sum(a.nbytes for a in (v.current_player, v.observation, v.legal_mask,
                                            v.rewards, v.terminated, v.episode,
                                            v.legal_offsets, v._stepper.ids))
            del v
            run = cardcore_batch(game, n)
            run(0.05)
            vals = []
            for _ in range(rounds):
                t0 = time.process_time()
                g, st = run(seconds)
                dt = time.process_time() - t0
                vals.append((g / dt, st / dt))
            gps = statistics.median(x[0] for x in vals)
            sps = statistics.median(x[1] for x in vals)
            print(f"  {n:6d} {gps:10,.0f} {sps:12,.0f} {arrays / 1e6:10.2f} "
                  f"{traced / 1e6:10.2f}", file=out)
            rows.append({"n": n, "games_per_s": gps, "steps_per_s": sps,
                         "array_bytes": arrays, "traced_bytes": traced})
        report[game] = rows
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per round")
    ap.add_argument("--rounds", type=int, default=3, help="rounds (the median is reported)")
    ap.add_argument("--n", type=int, default=256, help="games in cardcore's batch")
    ap.add_argument("--only", choices=GAMES, action="append", help="this game only")
    ap.add_argument("--scaling", action="store_true", help="also the rate against n")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.n < 1:
        ap.error("--seconds, --rounds and --n must be positive")
    games = list(args.only) if args.only else list(GAMES)
    report = {"compare": compare(games, args.n, args.seconds, args.rounds)}
    if args.scaling:
        report["scaling"] = scaling([g for g in ("doudizhu", "bridge", "holdem") if g in games],
                                    args.seconds, args.rounds)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
