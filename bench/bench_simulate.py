"""cardcore.simulate at scale: games/s on 1 and 2 workers, Ray's overhead per task, and the
cost of one Bridge AI deal (the base of docs/scale.md's cluster estimate).

    python bench/bench_simulate.py [--quick] [--no-ray] [--bridge 4] [--scale 1.0]

1. Scaling: AI against AI in three games, the same games (same seeds) once in this process
   (``workers=1``) and once on two spawned worker processes (``workers=2``); games/s, wall
   time, CPU time (this process and its children: ``getrusage``), speed-up, and a check that
   both runs played the same games. Worker start-up (about a second: each process imports
   cardcore) counts in the two-worker wall time; it is also timed alone (two trivial games on
   a fresh pool) and the speed-up without it is printed.
2. Ray: the start of a local Ray (2 CPUs), the round trip of an empty task (one at a time,
   and many at once), and ``simulate`` with one very cheap game per task (One Poker single
   deals between random players, ``chunk=1``) on Ray against the local process pool: the
   overhead per task is (wall x 2 workers - time in games) / tasks.
   Also printed: the machine's own two-process speed-up at that moment (the same pure-Python
   loop twice in one process, then once in each of two processes), the ceiling for 1.
3. Bridge: seconds (wall and CPU) per deal of ``play_match("bridge", ["ai"] * 4, seed=k)``,
   and what one million such deals cost in CPU-hours.

The machine's load average is printed: on a shared machine the two-worker speed-up is lower
than the 2x the cores allow.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time

import cardcore

GAMES = [
    # (label, game, agents, games at --scale 1, options)
    ("onepoker match, ai vs ai", "onepoker", ["ai", "ai"], 24, {}),
    ("schnapsen deal, ai(samples=4) x2", "schnapsen", ["ai:samples=4"], 120, {"single_deal": True}),
    ("guandan deal, ai(samples=2) x4", "guandan", ["ai:samples=2"], 24, {"single_deal": True}),
]


def cpu() -> float:
    s = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def timed(fn, *args, **kwargs):
    c0, t0 = cpu(), time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t0, cpu() - c0


def spin(n: int) -> int:
    s = 0
    for i in range(n):
        s += i * i
    return s


def ceiling(n: int = 6_000_000) -> float:
    """The machine's two-process speed-up right now: the same pure-Python loop twice in this
    process, then once in each of two (already started) processes."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    t0 = time.perf_counter()
    spin(n)
    spin(n)
    serial = time.perf_counter() - t0
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as ex:
        list(ex.map(spin, [10, 10]))
        t0 = time.perf_counter()
        list(ex.map(spin, [n, n]))
        both = time.perf_counter() - t0
    return serial / both


def pool_start() -> float:
    """Wall seconds of two trivial games on two fresh worker processes: the pool's start-up."""
    _, wall, _ = timed(cardcore.simulate, "onepoker", ["random", "random"], 2, workers=2,
                       chunk=1, single_deal=True)
    return wall


def scaling(scale: float) -> list[dict]:
    rows = []
    start = pool_start()
    for label, game, agents, n, options in GAMES:
        n = max(4, int(n * scale))
        r1, wall1, cpu1 = timed(cardcore.simulate, game, agents, n, workers=1, **options)
        r2, wall2, cpu2 = timed(cardcore.simulate, game, agents, n, workers=2, **options)
        rows.append({"label": label, "games": n, "wall1": wall1, "cpu1": cpu1,
                     "rate1": n / wall1, "wall2": wall2, "cpu2": cpu2, "rate2": n / wall2,
                     "speedup": wall1 / wall2, "same": r1.scores() == r2.scores(),
                     "start": start, "steady": n / max(wall2 - start, 1e-9),
                     "steady_speedup": wall1 / max(wall2 - start, 1e-9)})
    return rows


def ray_overhead(tasks: int) -> dict:
    import ray

    t0 = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, logging_level="warning")
    start = time.perf_counter() - t0
    try:
        @ray.remote(num_cpus=1)
        def noop(x):
            return x

        ray.get([noop.remote(i) for i in range(20)])  # warm the workers
        t0 = time.perf_counter()
        for i in range(100):
            ray.get(noop.remote(i))
        one = (time.perf_counter() - t0) / 100
        t0 = time.perf_counter()
        ray.get([noop.remote(i) for i in range(tasks)])
        many = (time.perf_counter() - t0) / tasks
        opts = {"single_deal": True}
        res_ray, wall_ray, _ = timed(cardcore.simulate, "onepoker", ["random", "random"], tasks,
                                     engine="ray", chunk=1, **opts)
    finally:
        ray.shutdown()
    res_loc, wall_loc, _ = timed(cardcore.simulate, "onepoker", ["random", "random"], tasks,
                                 workers=2, chunk=1, **opts)
    per_game = res_loc.game_seconds / tasks
    return {"start": start, "one": one, "many": many, "tasks": tasks,
            "ray_task": (2 * (wall_ray - res_ray.startup_seconds) - res_ray.game_seconds) / tasks,
            "local_task": (2 * wall_loc - res_loc.game_seconds) / tasks, "game": per_game,
            "same": res_ray.scores() == res_loc.scores()}


def bridge(deals: int) -> dict:
    walls, cpus = [], []
    for k in range(deals):
        c0, t0 = time.process_time(), time.perf_counter()
        cardcore.play_match("bridge", ["ai"] * 4, seed=k)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return {"deals": deals, "wall": statistics.fmean(walls), "cpu": statistics.fmean(cpus),
            "max": max(walls)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a short run (half the games)")
    ap.add_argument("--scale", type=float, default=1.0, help="games x this (default 1)")
    ap.add_argument("--no-ray", action="store_true", help="skip the Ray measures")
    ap.add_argument("--bridge", type=int, default=4, help="Bridge AI deals to time (0: none)")
    args = ap.parse_args(argv)
    scale = args.scale * (0.5 if args.quick else 1.0)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"cardcore {cardcore.__version__}, {os.cpu_count()} cores, load average {load:.2f}")

    print("\n1. AI vs AI: workers=1 (in process) vs workers=2 (spawned processes)")
    print(f"  {'games':34s} {'n':>4s} {'1w games/s':>11s} {'wall s':>7s} {'CPU s':>6s} "
          f"{'2w games/s':>11s} {'wall s':>7s} {'CPU s':>6s} {'speed-up':>9s} "
          f"{'w/o start':>10s} {'same':>5s}")
    rows = scaling(scale)
    for r in rows:
        print(f"  {r['label']:34s} {r['games']:4d} {r['rate1']:11.2f} {r['wall1']:7.2f} "
              f"{r['cpu1']:6.2f} {r['rate2']:11.2f} {r['wall2']:7.2f} {r['cpu2']:6.2f} "
              f"{r['speedup']:8.2f}x {r['steady_speedup']:9.2f}x {str(r['same']):>5s}")
    print(f"  (start-up of two worker processes: {rows[0]['start']:.2f} s wall; 'w/o start' is "
          "the speed-up with it taken off the two-worker wall time)")
    print(f"  the machine's own two-process speed-up now (a pure-Python loop): {ceiling():.2f}x; "
          f"load average {os.getloadavg()[0]:.2f}")

    if not args.no_ray:
        try:
            import ray  # noqa: F401
        except ImportError:
            print("\n2. Ray: not installed (pip install \"cardcore[ray]\")")
        else:
            r = ray_overhead(max(100, int(400 * scale)))
            print(f"\n2. Ray (local, 2 CPUs): start {r['start']:.1f} s; empty task round trip "
                  f"{1e3 * r['one']:.2f} ms one at a time, {1e3 * r['many']:.2f} ms each "
                  f"of {r['tasks']} at once")
            print(f"   simulate, one game per task ({r['tasks']} One Poker single deals, "
                  f"{1e3 * r['game']:.2f} ms each): overhead per task {1e3 * r['ray_task']:.2f} "
                  f"ms on Ray, {1e3 * r['local_task']:.2f} ms on the local pool; same games: "
                  f"{r['same']}")

    if args.bridge:
        b = bridge(args.bridge)
        hours = 1e6 * b["cpu"] / 3600
        print(f"\n3. Bridge AI, {b['deals']} deals (play_match, 4 x ai): {b['wall']:.2f} s wall, "
              f"{b['cpu']:.2f} s CPU per deal (slowest {b['max']:.2f} s); one million deals = "
              f"{hours:,.0f} CPU-hours")
    return 0


if __name__ == "__main__":
    sys.exit(main())
