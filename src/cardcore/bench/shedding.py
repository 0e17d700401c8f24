"""``cardcore bench shedding``: Dou Dizhu / Zheng Shangyou move generation, per hand."""

from __future__ import annotations

import random
import statistics
import time

import numpy as np

from .._backend import kernel
from ..engines.shedding import RANK_OF


def _hands(rng: random.Random, deck: list[int], size: int, n: int) -> list[np.ndarray]:
    out = []
    for _ in range(n):
        c = np.zeros(15, dtype=np.uint8)
        for i in rng.sample(deck, size):
            c[RANK_OF[i]] += 1
        out.append(c)
    return out


def _median_us(fn, args_list, reps: int) -> float:
    ts = []
    for args in args_list:
        t0 = time.perf_counter_ns()
        for _ in range(reps):
            fn(*args)
        ts.append((time.perf_counter_ns() - t0) / reps / 1000.0)
    return statistics.median(ts)


def run(quick: bool = True) -> list[tuple[str, float, str]]:
    k = kernel("shedding", "fast")
    from ..cards import Card
    from ..doudizhu import moves as ddz_moves

    rng = random.Random(1)
    n = 300 if quick else 3000
    ddz_deck = list(range(54))
    zsy_deck = [c for c in range(52) if c != 50 and (c >= 4 or c == 3)]
    h20 = _hands(rng, ddz_deck, 20, n)
    h17 = _hands(rng, ddz_deck, 17, n)
    h16 = _hands(rng, zsy_deck, 16, n)
    # a random table play from another hand for each hand
    tables = []
    for _ in range(n):
        rows = k.ddz_moves(_hands(rng, ddz_deck, 17, 1)[0])
        row = rows[rng.randrange(len(rows))]
        tables.append((int(row[0]), int(row[1]), int(row[2])))
    cards20 = [[Card(c) for c in sorted(rng.sample(ddz_deck, 20))] for _ in range(n // 3)]
    reps = 10
    med = _median_us
    return [
        ("ddz lead, 20 cards (rows)", med(k.ddz_moves, [(h,) for h in h20], reps), "us/hand"),
        ("ddz lead, 17 cards (rows)", med(k.ddz_moves, [(h,) for h in h17], reps), "us/hand"),
        ("ddz answer, 20 cards (rows)", med(k.ddz_moves, list(zip(h20, tables)), reps),
         "us/hand"),
        ("zsy lead, 16 cards (rows)", med(k.zsy_moves, [(h,) for h in h16], reps), "us/hand"),
        ("ddz moves(), 20 cards (Move objects)", med(ddz_moves, [(h,) for h in cards20], 2),
         "us/hand"),
    ]
