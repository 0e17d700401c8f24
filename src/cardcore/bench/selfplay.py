"""``cardcore bench selfplay``: uniform random self-play of every game through the integer
actions (``legal_ids`` / ``apply_id``): games per second and microseconds per action, one deal
per game (``single_deal=True`` where the game has matches). The side-by-side comparison with
other libraries is ``bench/bench_selfplay.py``."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from ..game import GAMES, get_game, new_game


def batch(name: str, games: int, seed: int = 0, *, ids: bool = True,
          clock: Callable[[], float] = time.perf_counter) -> tuple[float, int]:
    """``(seconds by clock, actions)`` of ``games`` uniform random games of ``name`` (game
    ``k`` dealt with seed ``seed + k``, one deal where the game has matches), played through
    ``legal_ids``/``apply_id`` (``ids``) or through ``legal_actions``/``apply``."""
    opts: dict[str, object] = {}
    if "single_deal" in get_game(name).options:
        opts["single_deal"] = True
    randrange = random.Random(seed).randrange
    steps = 0
    t = clock()
    for k in range(games):
        s = new_game(name, seed=seed + k, **opts)  # type: ignore[arg-type]
        if ids:
            while s.current_player is not None:
                legal = s.legal_ids()
                s.apply_id(legal[randrange(len(legal))])
                steps += 1
        else:
            while not s.is_over:
                acts = s.legal_actions()
                s.apply(acts[randrange(len(acts))])
                steps += 1
        s.scores()
    return clock() - t, steps


def play(name: str, games: int, seed: int = 0) -> tuple[float, float]:
    """``(games per second, microseconds per action)`` over ``games`` random games."""
    dt, steps = batch(name, games, seed)
    return games / dt, dt / max(1, steps) * 1e6


def compare_ways(name: str, games: int, repeats: int, title: str | None = None) -> list[str]:
    """The lines of a table (headed ``title``, else ``name``) of ``name``'s random self-play
    both ways (``legal_ids``/
    ``apply_id`` and ``legal_actions``/``apply``), interleaved batch by batch: games/s and
    actions/s, the median of ``repeats`` timed batches per way (CPU time of this process)."""
    batch(name, 5, 0, ids=True)                     # import and warm up
    batch(name, 5, 0, ids=False)
    runs: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
    for r in range(repeats):
        for ids in (True, False):
            dt, steps = batch(name, games, (r + 1) * 100_003, ids=ids, clock=time.process_time)
            runs[ids].append((games / dt, steps / dt))
    out = [f"{title or name} random self-play, {games} single deals per batch, median "
           f"of {repeats} batches per way, interleaved (CPU time)"]
    med = {}
    for ids, label in ((True, "legal_ids/apply_id"), (False, "legal_actions/apply")):
        dps = statistics.median(r[0] for r in runs[ids])
        aps = statistics.median(r[1] for r in runs[ids])
        med[ids] = dps
        out.append(f"  {label:20s} deals/s: {dps:9.1f}   actions/s: {aps:9.0f}   "
                   f"({aps / dps:.1f} actions per deal; batches: "
                   f"{', '.join(f'{r[0]:.0f}' for r in runs[ids])})")
    out.append(f"  ids over actions: {med[True] / med[False]:.2f}x")
    return out


def run(quick: bool = True) -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    for name in GAMES:
        n = 200 if quick else 2000
        if name in ("guandan", "tractor", "preference"):
            n //= 4
        rate, per_step = play(name, n)
        rows.append((f"{name} random self-play (ids)", rate, "games/s"))
        rows.append((f"{name} legal_ids + apply_id", per_step, "us/action"))
    return rows
