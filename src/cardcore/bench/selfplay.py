"""``cardcore bench selfplay``: uniform random self-play of every game through the integer
actions (``legal_ids`` / ``apply_id``): games per second and microseconds per action, one deal
per game (``single_deal=True`` where the game has matches). The side-by-side comparison with
other libraries is ``bench/bench_selfplay.py``."""

from __future__ import annotations

import random
import time

from ..game import GAMES, get_game, new_game


def play(name: str, games: int, seed: int = 0) -> tuple[float, float]:
    """``(games per second, microseconds per action)`` over ``games`` random games."""
    opts: dict[str, object] = {}
    if "single_deal" in get_game(name).options:
        opts["single_deal"] = True
    rng = random.Random(seed)
    randrange = rng.randrange
    steps = 0
    t = time.perf_counter()
    for k in range(games):
        s = new_game(name, seed=seed + k, **opts)  # type: ignore[arg-type]
        while s.current_player is not None:
            ids = s.legal_ids()
            s.apply_id(ids[randrange(len(ids))])
            steps += 1
        s.scores()
    dt = time.perf_counter() - t
    return games / dt, dt / max(1, steps) * 1e6


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
