"""pytest-benchmark cases for the shedding-game move kernel (run with --benchmark-enable)."""

import random

import numpy as np

from cardcore._backend import kernel
from cardcore.cards import Card
from cardcore.doudizhu import Move, moves
from cardcore.zhengshangyou import moves as zsy_moves

fast = kernel("shedding", "fast")


def _counts(ids):
    c = np.zeros(15, dtype=np.uint8)
    for i in ids:
        c[12 if i < 4 else (i >> 2) - 1 if i < 52 else i - 39] += 1
    return c


_rng = random.Random(5)
HANDS20 = [_counts(_rng.sample(range(54), 20)) for _ in range(64)]
CARDS20 = [[Card(c) for c in sorted(_rng.sample(range(54), 20))] for _ in range(16)]
ZSY_DECK = [c for c in range(52) if c != 50 and (c >= 4 or c == 3)]
CARDS16 = [[Card(c) for c in sorted(_rng.sample(ZSY_DECK, 16))] for _ in range(16)]
TABLE = Move.from_cards("3c 3d 3h 4s")  # a trio with a single
TABLE_KEY = (Move.KINDS.index(TABLE.kind), TABLE.rank, TABLE.length)


def test_bench_ddz_lead_rows_64_hands(benchmark):
    def go():
        return sum(len(fast.ddz_moves(h)) for h in HANDS20)

    n = benchmark(go)
    assert n == sum(fast.ddz_count(h) for h in HANDS20) and n > 64 * 20


def test_bench_ddz_answer_rows_64_hands(benchmark):
    def go():
        return [fast.ddz_moves(h, TABLE_KEY) for h in HANDS20]

    out = benchmark(go)
    for rows in out:
        assert all(fast.ddz_beats(tuple(r[:3]), TABLE_KEY) for r in rows)


def test_bench_ddz_moves_objects_16_hands(benchmark):
    out = benchmark(lambda: [moves(h) for h in CARDS20])
    assert all(len(ms) == len(set(ms)) > 20 for ms in out)


def test_bench_zsy_moves_objects_16_hands(benchmark):
    out = benchmark(lambda: [zsy_moves(h) for h in CARDS16])
    for hand, ms in zip(CARDS16, out):
        assert len(ms) == len(set(ms)) and all(set(m.cards) <= set(hand) for m in ms)
        assert sum(m.kind == "single" for m in ms) == len({(c >> 2) for c in hand})
