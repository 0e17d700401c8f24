"""Load time of saved games: ``from_json`` replays every action through ``apply``.

    python bench/bench_json.py [--repeat 20]

Times ``to_json`` and ``from_json`` of a finished 9-deal Preference match and a finished
7-point Schnapsen match (random seats, fixed seeds), and prints the median and the number of
actions replayed.
"""

from __future__ import annotations

import argparse
import statistics
import time

import cardcore


def finished(game: str, seats: int, seed: int, **options):
    return cardcore.play_match(game, ["random"] * seats, seed=seed, **options)


def timed(fn, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    cases = [("preference", finished("preference", 3, 1, deals=9), "9-deal match"),
             ("schnapsen", finished("schnapsen", 2, 1), "7-point match")]
    print(f"{'game':<12}{'what':<15}{'actions':>8}{'bytes':>8}{'to_json ms':>12}"
          f"{'from_json ms':>14}{'us/action':>11}")
    for game, state, what in cases:
        text = state.to_json()
        dump = timed(state.to_json, args.repeat)
        load = timed(lambda text=text: cardcore.from_json(text), args.repeat)
        n = len(state.history)
        print(f"{game:<12}{what:<15}{n:>8}{len(text):>8}{dump * 1e3:>12.3f}"
              f"{load * 1e3:>14.2f}{load / n * 1e6:>11.1f}")


if __name__ == "__main__":
    main()
