"""``cardcore bench preference``: the Preference game and AI's own numbers (no other library)."""

from __future__ import annotations

import statistics
import time


def run(quick: bool = True) -> list[tuple[str, float, str]]:
    """Rows of (label, value, unit): random deals per second, exact endings solved per
    second, and the AI's time per card play."""
    from cardcore import new_game
    from cardcore.agents import RandomAgent
    from cardcore.agents.preference import PreferenceAI, Solver
    from cardcore.cards import deck_vienna32
    from cardcore.preference.state import PreferenceState
    from cardcore.rng import Rng

    n = 40 if quick else 200
    t0 = time.perf_counter()
    for seed in range(n):
        s = new_game("preference", seed=seed, single_deal=True)
        ag = RandomAgent(seed=seed)
        while not s.is_over:
            s.apply(ag.act(s))
    random_rate = n / (time.perf_counter() - t0)

    rng = Rng(5)
    vienna = [int(c) for c in deck_vienna32()]
    m = 100 if quick else 500
    t0 = time.perf_counter()
    for _ in range(m):
        pool = list(vienna)
        rng.shuffle(pool)
        hands = [sum(1 << c for c in pool[i * 4:(i + 1) * 4]) for i in range(3)]
        Solver(rng.below(4), 0, [0, 1, 2]).trick_start(
            hands, 0, 4, -1.0, 99.0, {})
    solve_rate = m / (time.perf_counter() - t0)

    times = []
    for seed in range(3 if quick else 12):
        s = new_game("preference", seed=100 + seed, single_deal=True)
        assert isinstance(s, PreferenceState)
        ai = PreferenceAI(seed=seed)
        while not s.is_over:
            t0 = time.perf_counter()
            a = ai.act(s)
            if s.phase == "play":
                times.append(time.perf_counter() - t0)
            s.apply(a)
    return [
        ("random single deals (full API, legality checked)", random_rate, "deals/s"),
        ("exact 4-trick three-hand endings solved", solve_rate, "endings/s"),
        ("AI card play, median (default work budget)", 1000 * statistics.median(times), "ms"),
        ("AI card play, slowest", 1000 * max(times), "ms"),
    ]
