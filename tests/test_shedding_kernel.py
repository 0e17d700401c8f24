"""Differential tests: the compiled shedding kernel against its plain-Python twin."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from cardcore import CardcoreError, CardError
from cardcore._ref import shedding as R

F = pytest.importorskip("cardcore._fast.shedding", reason="compiled kernel not built")

DDZ_DECK = list(range(54))
ZSY_DECK = [c for c in range(52) if c != 50 and (c >= 4 or c == 3)]


def counts(ids) -> list[int]:
    c = [0] * 15
    for i in ids:
        c[12 if i < 4 else (i >> 2) - 1 if i < 52 else i - 39] += 1
    return c


def same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype == np.uint8 and a.shape == b.shape and bool((a == b).all())


def dense_ddz(rng: random.Random, n: int) -> list[int]:
    """A hand rich in trios and bombs (airplanes with wings, fours with attachments)."""
    lo = rng.randrange(0, 9)
    core = [c for c in range(52) if lo <= ((c >> 2) - 1) % 13 < lo + 4]
    pick = rng.sample(core, min(len(core), rng.randrange(10, 15)))
    rest = [c for c in DDZ_DECK if c not in pick]
    return pick + rng.sample(rest, n - len(pick))


def test_twins_expose_the_same_public_functions():
    def public(mod):
        return {n for n in dir(mod) if not n.startswith("_") and callable(getattr(mod, n))
                and getattr(getattr(mod, n), "__module__", mod.__name__) == mod.__name__}

    assert public(F) == public(R)
    assert {"ddz_moves", "ddz_classify", "zsy_moves", "zsy_can_beat", "ddz_build"} <= public(F)


def test_constants_match():
    for name in ("ROW", "NRANKS", "DDZ_KINDS", "ZSY_KINDS", "DDZ_CAPS", "ZSY_CAPS"):
        assert getattr(F, name) == getattr(R, name), name


def test_ddz_random_hands_leads_responses_classify():
    rng = random.Random(20240601)
    total_rows = 0
    for i in range(8_000):
        n = 20 if i % 2 else 17
        ids = dense_ddz(rng, n) if i % 5 == 0 else rng.sample(DDZ_DECK, n)
        h = counts(ids)
        hv = np.array(h, dtype=np.uint8)
        fast = F.ddz_moves(hv)
        assert same(fast, R.ddz_moves(h)), h
        assert F.ddz_count(bytes(h)) == len(fast)
        total_rows += len(fast)
        # classification of some generated plays (both twins) gives back that play
        for row in fast[:: max(1, len(fast) // 4)]:
            got = F.ddz_classify(row[3:])
            assert same(got, R.ddz_classify(row[3:]))
            assert any((g == row).all() for g in got)
        # responses to random table plays from the other cards
        other = rng.sample([c for c in DDZ_DECK if c not in ids], 17)
        tables = R.ddz_moves(counts(other)) if i % 4 == 0 else F.ddz_moves(counts(other))
        for row in tables[rng.sample(range(len(tables)), min(3, len(tables)))]:
            key = tuple(int(x) for x in row[:3])
            ans = F.ddz_moves(h, key)
            assert same(ans, R.ddz_moves(h, key)), (h, key)
            beating = [r for r in fast if F.ddz_beats(tuple(r[:3]), key)]
            assert len(beating) == len(ans)
    assert total_rows > 8_000 * 30


def test_zsy_random_hands_leads_responses_classify():
    rng = random.Random(77)
    for i in range(10_000):
        ids = rng.sample(ZSY_DECK, 16)
        h = counts(ids)
        for first in (False, True):
            assert same(F.zsy_moves(h, None, first), R.zsy_moves(h, None, first)), h
        other = counts(rng.sample([c for c in ZSY_DECK if c not in ids], 16))
        tables = F.zsy_moves(other)
        for row in tables[rng.sample(range(len(tables)), min(4, len(tables)))]:
            key = tuple(int(x) for x in row[:3])
            ans = F.zsy_moves(h, key)
            assert same(ans, R.zsy_moves(h, key)), (h, key)
            assert F.zsy_can_beat(h, key) == R.zsy_can_beat(h, key) == (len(ans) > 0)
        if i % 20 == 0:
            for row in F.zsy_moves(h):
                for first in (False, True):
                    assert same(F.zsy_classify(row[3:], first), R.zsy_classify(row[3:], first))


def _all_counts(ranks, caps):
    for combo in itertools.product(*[range(caps[r] + 1) for r in ranks]):
        c = [0] * 15
        for r, x in zip(ranks, combo):
            c[r] = x
        yield c


def test_exhaustive_small_windows():
    # Every hand over Q K A 2 BJ RJ, and over 9 T J Q K (sequences end at A).
    for ranks in ((9, 10, 11, 12, 13, 14), (6, 7, 8, 9, 10)):
        for c in _all_counts(ranks, R.DDZ_CAPS):
            assert same(F.ddz_moves(c), R.ddz_moves(c)), c
            assert same(F.ddz_classify(c), R.ddz_classify(c)), c
            for key in ((0, 10, 1), (1, 9, 1), (3, 9, 1), (5, 10, 5), (12, 8, 1), (13, 14, 1),
                        (8, 10, 2), (10, 9, 1)):
                assert same(F.ddz_moves(c, key), R.ddz_moves(c, key)), (c, key)
    for ranks in ((8, 9, 10, 11, 12), (0, 1, 2, 3, 4)):
        for c in _all_counts(ranks, R.ZSY_CAPS):
            for first in (False, True):
                assert same(F.zsy_moves(c, None, first), R.zsy_moves(c, None, first)), c
                assert same(F.zsy_classify(c, first), R.zsy_classify(c, first)), c
            for key in ((0, 9, 1), (1, 8, 1), (2, 1, 1), (3, 4, 5), (4, 10, 2), (5, 2, 1),
                        (6, 11, 1)):
                assert same(F.zsy_moves(c, key), R.zsy_moves(c, key)), (c, key)


def test_exhaustive_classify_of_small_plays():
    # every multiset of up to 4 cards from the 54-card ranks
    for size in range(1, 5):
        for combo in itertools.combinations_with_replacement(range(15), size):
            c = counts([])
            for r in combo:
                c[r] += 1
            if any(x > cap for x, cap in zip(c, R.DDZ_CAPS)):
                continue
            assert same(F.ddz_classify(c), R.ddz_classify(c)), c
            if all(x <= cap for x, cap in zip(c, R.ZSY_CAPS)):
                for first in (False, True):
                    assert same(F.zsy_classify(c, first), R.zsy_classify(c, first)), c


def test_beats_tables_agree():
    keys = [(k, r, n) for k in range(14) for r in range(15) for n in (1, 2, 5)]
    for a in keys:
        for b in keys[::7]:
            assert F.ddz_beats(a, b) == R.ddz_beats(a, b), (a, b)
    zkeys = [(k, r, n) for k in range(8) for r in range(13) for n in (1, 2, 5)]
    for a in zkeys:
        for b in zkeys:
            assert F.zsy_beats(a, b) == R.zsy_beats(a, b), (a, b)


def test_large_output_grows_past_the_first_buffer():
    h = [4] * 6 + [0] * 7 + [1, 1]  # 26 cards, 552 plays: more than the first buffer holds
    fast = F.ddz_moves(h)
    assert len(fast) > 512 and same(fast, R.ddz_moves(h))
    whole = [4] * 13 + [1, 1]  # the whole deck
    fast = F.ddz_moves(whole)
    assert len(fast) == F.ddz_count(whole) > 30_000
    assert len({bytes(r) for r in fast}) == len(fast)


@pytest.mark.parametrize("mod", [F, R], ids=["fast", "ref"])
def test_bad_input_is_rejected(mod):
    with pytest.raises(CardError):
        mod.ddz_moves([0] * 14)
    with pytest.raises(CardError):
        mod.ddz_moves([5] + [0] * 14)
    with pytest.raises(CardError):
        mod.ddz_moves([0] * 13 + [2, 0])
    with pytest.raises(CardError):
        mod.ddz_moves(np.zeros(16, dtype=np.uint8))
    with pytest.raises(CardError):
        mod.ddz_moves("abc")
    with pytest.raises(CardcoreError):
        mod.ddz_moves([0] * 15, beat=(14, 0, 1))
    with pytest.raises(CardcoreError):
        mod.ddz_moves([0] * 15, beat=(0, 0))
    with pytest.raises(CardError):
        mod.zsy_moves([0] * 11 + [4, 0, 0, 0])  # only three aces in the deck
    with pytest.raises(CardError):
        mod.zsy_moves([0] * 13 + [1, 0])
    with pytest.raises(CardcoreError):
        mod.zsy_moves([1] + [0] * 14, beat=(0, 0, 1), first_play=True)
    with pytest.raises(CardcoreError):
        mod.zsy_moves([0] * 15, beat=(8, 0, 1))
    assert mod.ddz_moves([0] * 15).shape == (0, 18)
    assert mod.ddz_classify([0] * 15).shape == (0, 18)


class _Rec(tuple):
    __slots__ = ()


def test_build_records_agree():
    from cardcore.cards import Card

    rng = random.Random(3)
    for i in range(400):
        game = i % 2
        deck = DDZ_DECK if game == 0 else ZSY_DECK
        ids = sorted(rng.sample(deck, 20 if game == 0 else 16))
        if i % 10 == 0 and game == 0:
            ids = sorted(dense_ddz(rng, 20))
        by = [[] for _ in range(15)]
        for c in ids:
            by[counts([c]).index(1)].append(Card(c))
        rng.shuffle(by[0])  # any preference order per rank is honoured
        h = counts(ids)
        rows = F.ddz_moves(h) if game == 0 else F.zsy_moves(h)
        build_f = F.ddz_build if game == 0 else F.zsy_build
        build_r = R.ddz_build if game == 0 else R.zsy_build
        got = build_f(rows, by, _Rec)
        assert got == build_r(rows, by, _Rec)
        assert all(type(m) is _Rec for m in got)
        for m, row in zip(got, rows):
            assert m[4] == tuple(int(x) for x in row[3:]) and len(m[3]) == sum(m[4])
            assert m[5].replace(" ", "").replace("BJ", "B").replace("RJ", "R") != ""


@pytest.mark.parametrize("mod", [F, R], ids=["fast", "ref"])
def test_build_rejects_bad_input(mod):
    rows = mod.ddz_moves([2] + [0] * 14)
    with pytest.raises(CardcoreError):
        mod.ddz_build(rows, [[]] * 15, _Rec)  # not enough cards of rank 3
    with pytest.raises(CardcoreError):
        mod.ddz_build(rows, [[0, 1]] + [[]] * 13, _Rec)
    with pytest.raises(CardcoreError):
        mod.ddz_build(rows, [[0, 1]] + [[]] * 14, list)
    with pytest.raises(CardcoreError):
        mod.ddz_build(rows.astype(np.int64), [[0, 1]] + [[]] * 14, _Rec)
    bad = rows.copy()
    bad[0, 0] = 99
    with pytest.raises(CardcoreError):
        mod.ddz_build(bad, [[0, 1]] + [[]] * 14, _Rec)
    assert mod.ddz_build(rows, [[0, 1]] + [[]] * 14, _Rec) == [
        _Rec(("single", 0, 1, (0,), (1,) + (0,) * 14, "3")),
        _Rec(("pair", 0, 1, (0, 1), (2,) + (0,) * 14, "33"))]
