"""Seconds a move of the built-in AI, for the games' AI bench scripts.

Positions are reached as in the positions test (``tests/test_ai_positions.py``): whole games or
matches played by mixed seats (random and the easy AI). Times are CPU seconds of this process
(``time.process_time``): what a move costs on an otherwise idle core, whatever else the
machine is doing.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

import cardcore

from .. import agents
from ..agents import seat_to_act
from ..rng import Rng


def summary(times: Sequence[float]) -> dict:
    """``n``, ``median``, ``p99`` and ``max`` of ``times`` (seconds)."""
    ts = sorted(times)
    if not ts:
        return {"n": 0, "median": 0.0, "p99": 0.0, "max": 0.0}
    return {"n": len(ts), "median": statistics.median(ts), "p99": ts[int(0.99 * (len(ts) - 1))],
            "max": ts[-1]}


def position_times(game: str, n: int, seed: int,
                   strengths: Sequence[str] = agents.STRENGTHS) -> dict[str, list[float]]:
    """CPU seconds of one decision of the AI at each strength over ``n`` reachable positions
    of ``game`` (whole games cut after a random number of actions by mixed seats; decisions
    with a single legal action left out), each position timed once per strength."""
    rng = Rng(seed)
    out: dict[str, list[float]] = {s: [] for s in strengths}
    made = 0
    while made < n:
        g = rng.below(1 << 30)
        state = cardcore.new_game(game, seed=g)
        seats = [agents.get("random", game, seed=g + p) if rng.below(2) else
                 agents.get("ai", game, seed=g + p, strength="easy")
                 for p in range(state.num_players)]
        for _ in range(rng.below(400)):
            if state.is_over:
                break
            state.apply(seats[seat_to_act(state)].act(state))
        if state.is_over or len(state.legal_actions()) < 2:
            continue
        made += 1
        for s in strengths:
            ai = agents.get("ai", game, seed=g + 7, strength=s)
            t0 = time.process_time()
            ai.act(state)
            out[s].append(time.process_time() - t0)
    return out


def print_position_times(game: str, n: int, seed: int) -> None:
    """Print the median, p99 and largest CPU milliseconds a decision at every strength."""
    times = position_times(game, n, seed)
    print(f"{game}: AI CPU seconds per decision over {n} reachable positions (seed {seed})")
    print(f"  {'strength':10s} {'median ms':>10s} {'p99 ms':>10s} {'max ms':>10s}")
    for s, ts in times.items():
        r = summary(ts)
        print(f"  {s:10s} {1e3 * r['median']:10.3f} {1e3 * r['p99']:10.3f} "
              f"{1e3 * r['max']:10.3f}", flush=True)


def move_times(game: str, strength: str, n: int, seed: int = 99) -> dict:
    """CPU seconds of the AI at ``strength`` per decision (forced ones left out) over ``n``
    positions met along whole matches of ``game`` played by random and easy-AI seats (about
    one position in three is timed): :func:`summary` of them."""
    rng = Rng(seed)
    ts: list[float] = []
    g = 0
    while len(ts) < n:
        g += 1
        st = cardcore.new_game(game, seed=g)
        seats = [agents.get("random", game, seed=g + p) if rng.below(2) else
                 agents.get("ai", game, seed=g + p, strength="easy")
                 for p in range(st.num_players)]
        while not st.is_over and len(ts) < n:
            if len(st.legal_actions()) > 1 and rng.below(3) == 0:
                ai = agents.get("ai", game, seed=g, strength=strength)
                t = time.process_time()
                ai.act(st)
                ts.append(time.process_time() - t)
            st.apply(seats[seat_to_act(st)].act(st))
    return summary(ts)


def print_move_times(game: str, strengths: Sequence[str], n: int, label: str = "") -> None:
    """Print :func:`move_times` of each strength (``label`` names the game; its name else)."""
    print(f"{label or game} AI CPU seconds a decision (forced ones left out), {n} positions "
          "each")
    for st in strengths:
        t = move_times(game, st, n)
        print(f"{st:7} median {t['median']:.4f}  p99 {t['p99']:.4f}  max {t['max']:.4f}",
              flush=True)


__all__ = ["summary", "position_times", "print_position_times", "move_times",
           "print_move_times"]
