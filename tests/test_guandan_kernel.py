"""The Guandan combination kernel: compiled against its plain-Python twin, brute force, pins."""

from __future__ import annotations

import itertools
import pickle
import random

import numpy as np
import pytest

from cardcore import CardcoreError, CardError
from cardcore._backend import kernel
from cardcore._ref import guandan as R

F = pytest.importorskip("cardcore._fast.guandan", reason="compiled kernel not built")

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK2 = [c for c in range(54) for _ in range(2)]  # two decks
(SINGLE, PAIR, TRIO, FULL_HOUSE, STRAIGHT, TUBE, PLATE, BOMB, SF, JOKERS) = range(10)
NONE = 255


def cid(tok: str) -> int:
    if tok in ("BJ", "RJ"):
        return 52 if tok == "BJ" else 53
    return RANKS.index(tok[0]) * 4 + SUITS.index(tok[1])


def cv(cards) -> np.ndarray:
    """54 card counts from card ids or a string of tokens ("7c 7d BJ")."""
    h = np.zeros(54, dtype=np.uint8)
    for c in cards.split() if isinstance(cards, str) else cards:
        h[cid(c) if isinstance(c, str) else c] += 1
    return h


def wild(level: int) -> int:
    return level * 4 + 2


def lvl(ch: str) -> int:
    return RANKS.index(ch)


def same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype == np.uint8 and a.shape == b.shape and bool((a == b).all())


def rowset(rows) -> set[bytes]:
    return {bytes(r) for r in rows}


def deal(rng: random.Random, n: int, level: int, nwild: int) -> np.ndarray:
    """A random ``n``-card hand from two decks holding exactly ``nwild`` wild cards."""
    w = wild(level)
    rest = [c for c in DECK2 if c != w]
    return cv(rng.sample(rest, n - nwild) + [w] * nwild)


def dense(rng: random.Random, n: int, level: int, nwild: int) -> np.ndarray:
    """A hand rich in bombs, tubes, plates and straight flushes: most cards from 4-6 ranks."""
    w = wild(level)
    lo = rng.randrange(-1, 9)
    ranks = {12 if r < 0 else r for r in range(lo, lo + rng.randrange(4, 7))}
    core = [c for c in DECK2 if c < 52 and c >> 2 in ranks and c != w]
    k = min(len(core), n - nwild - rng.randrange(0, 4))
    pick = rng.sample(core, k)
    rest = list(DECK2)
    for c in pick + [w, w]:
        rest.remove(c)
    return cv(pick + rng.sample(rest, n - nwild - k) + [w] * nwild)


def key(row) -> tuple[int, int, int]:
    return int(row[0]), int(row[1]), int(row[2])


def rows_of(rows, kind):
    return [r for r in rows if r[0] == kind]


# ------------------------------------------------------------------ shape of the API

def test_twins_expose_the_same_public_api_and_constants():
    def public(mod):
        return {n for n in dir(mod) if not n.startswith("_")
                and not isinstance(getattr(mod, n), type(np))}

    names = public(F) - {"np", "cnp"}
    assert names == public(R) - {"annotations", "itertools", "lru_cache", "np"}
    assert {"moves", "count", "classify", "beats", "pick", "ROW", "KINDS"} <= names
    for name in names:
        if not callable(getattr(F, name)):
            assert getattr(F, name) == getattr(R, name), name
    assert F.ROW == 23 and F.KINDS[F.STRAIGHT_FLUSH] == "straight_flush"
    assert kernel("guandan", "fast") is F
    assert kernel("guandan", "ref") is R


def _same_error(call, *args):
    """``call(mod, *args)`` raises the same library error class with the same message on
    both."""
    got = []
    for mod in (F, R):
        with pytest.raises(CardcoreError) as info:
            call(mod, *args)
        got.append((type(info.value), str(info.value)))
    assert got[0] == got[1], got
    return got[0][0]


def test_bad_input_is_rejected_alike():
    good = cv("7c 7d")
    for bad_hand in ([0] * 53, [3] + [0] * 53, [-1] + [0] * 53, "x", None, 5,
                     [1.0] + [0] * 53, [True] + [0] * 53, [2**70] + [0] * 53,
                     ["1"] + [0] * 53, [None] + [0] * 53, np.zeros(54), np.zeros((54, 1), int),
                     bytes(53), b"\x03" + bytes(53), np.full(54, 3, np.uint8)):
        assert _same_error(lambda mod, x: mod.moves(x, 5), bad_hand) is CardError
        assert _same_error(lambda mod, x: mod.classify(x, 5), bad_hand) is CardError
        assert _same_error(lambda mod, x: mod.count(x, 5), bad_hand) is CardError
    for bad_level in (-1, 13, 2.5, 5.0, np.float64(5), "5", None, True, np.bool_(True), 2**70,
                      -(10**5000), [5]):
        assert _same_error(lambda mod, x: mod.moves(good, x), bad_level) is CardcoreError
        assert _same_error(lambda mod, x: mod.pick(good, x, []), bad_level) is CardcoreError
    for bad_key in ((0, 1), (0, 16, 1), (0, 3, 2), (4, 2, 5), (7, 3, 11), (11, 0, 1),
                    (9, 14, 4), "abc", b"abc", None, 5, (0.0, 3, 1), (0, 3.0, 1), (True, 3, 1),
                    (0, "3", 1), (2**70, 3, 1), (0, 3, -(2**70)), ((0,), 3, 1)):
        if bad_key is not None:     # (no key: the lead)
            assert _same_error(lambda mod, x: mod.moves(good, 5, x), bad_key) is CardcoreError
            assert _same_error(lambda mod, x: mod.count(good, 5, x), bad_key) is CardcoreError
        assert _same_error(lambda mod, x: mod.beats(x, (0, 3, 1)), bad_key) is CardcoreError
        assert _same_error(lambda mod, x: mod.beats((0, 3, 1), x), bad_key) is CardcoreError
    assert _same_error(lambda mod: mod.classify([0] * 54 + [1], 5)) is CardError
    bad_rows_1d = [0] * 22
    for bad_rows in (bad_rows_1d, [[0] * 22], [[0] * 23] * 2 + [[0] * 22], "x" * 23, None,
                     np.zeros((2, 23)), np.full((1, 23), 256), np.full((1, 23), -1),
                     np.array([["a"] * 23]), [[None] * 23], np.zeros((1, 1, 23), np.uint8)):
        assert _same_error(lambda mod, x: mod.pick(good, 5, x), bad_rows) is CardcoreError
        if bad_rows is not bad_rows_1d:
            assert _same_error(lambda mod, x: mod.pick_ids(good, 5, x), bad_rows) is CardcoreError
    row = F.moves(good, 5)[0].copy()
    row[3] = 7                                                      # a bad suit
    assert _same_error(lambda mod: mod.pick(good, 5, row)) is CardcoreError
    assert _same_error(lambda mod: mod.pick_ids(good, 5, row[None])) is CardcoreError
    # a trio of 7s from a hand of two 7s: the hand lacks a card
    trio = F.moves(cv("7c 7d 7s"), 5)[-1]
    assert _same_error(lambda mod: mod.pick(good, 5, trio)) is CardError
    assert _same_error(lambda mod: mod.pick_ids(good, 5, trio[None])) is CardError
    # a row taking more than 10 cards (never generated) is refused, whatever the other rows
    big = cv("3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 8c 8d")
    rows = np.zeros((3, 23), np.uint8)
    rows[:, 3] = 255
    rows[:, 5:8] = 255
    rows[0, 9:15] = 2                                               # 3s to 8s: 12 cards
    assert _same_error(lambda mod: mod.pick_ids(big, 12, rows)) is CardcoreError
    assert F.pick(big, 12, rows)[0].sum() == 12 == R.pick(big, 12, rows)[0].sum()
    # the inputs the compiled kernel reads directly: bytes and uint8 arrays, and lists
    assert same(F.moves(bytes(good), 5), F.moves(list(good), 5))
    assert same(F.moves(good, np.int64(5)), R.moves(good.tolist(), 5))


def test_empty_hand_and_empty_classify():
    for mod in (F, R):
        assert mod.moves([0] * 54, 0).shape == (0, 23)
        assert mod.count([0] * 54, 0) == 0
        assert mod.classify([0] * 54, 3).shape == (0, 23)
        assert mod.classify(cv("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc"), 3).shape == (0, 23)


# ------------------------------------------------------------------ differential

@pytest.mark.parametrize("seed, hands", [
    (20240611, 312),                                             # every level and wild count 8x
    pytest.param(20240612, 1248, marks=pytest.mark.slow),        # 32x more, in the slow sweep
])
def test_random_hands_leads_and_answers_match_the_twin(seed, hands):
    rng = random.Random(seed)
    total = 0
    for i in range(hands):
        level = i % 13
        nwild = (i // 13) % 3
        h = dense(rng, 27, level, nwild) if i % 4 == 0 else deal(rng, 27, level, nwild)
        fast = F.moves(h, level)
        assert same(fast, R.moves(h, level)), (h.tolist(), level)
        assert F.count(h, level) == len(fast) == R.count(h, level)
        total += len(fast)
        # answers to random table plays (from another random hand)
        other = F.moves(deal(rng, 27, level, rng.randrange(3)), level)
        for j, row in enumerate(other[rng.sample(range(len(other)), min(2, len(other)))]):
            k = key(row)
            ans = F.moves(h, level, k)
            if j == 0:
                assert same(ans, R.moves(h, level, k)), (h.tolist(), level, k)
            assert F.count(h, level, k) == len(ans)
            want = [r for r in fast if F.beats(key(r), k)]
            assert same(ans, np.array(want, dtype=np.uint8).reshape(-1, 23))
    assert total > hands * 100


def test_every_play_classifies_as_itself_and_appears_once():
    rng = random.Random(7)
    for i in range(260):
        level = i % 13
        nwild = i % 3
        h = dense(rng, 27, level, nwild) if i % 2 else deal(rng, 27, level, nwild)
        rows = F.moves(h, level)
        assert len(rowset(rows)) == len(rows)  # each distinct play once ...
        ident = {bytes(r[:5]) + bytes(r[8:]) for r in rows}
        assert len(ident) == len(rows)  # ... identified by kind/rank/length/suit/wilds/counts
        assert all(bytes(a) < bytes(b) for a, b in zip(rows, rows[1:]))  # sorted
        phys = F.pick(h, level, rows)
        assert same(phys, R.pick(h, level, rows))
        assert (phys <= h).all()
        assert (phys.sum(axis=1) == rows[:, 2]).all()
        assert (phys[:, wild(level)] == rows[:, 4]).all()
        for j, (row, cards) in enumerate(zip(rows, phys)):
            got = F.classify(cards, level)
            assert rowset([row]) <= rowset(got), (row.tolist(), level)
            if j % 23 == i % 23:  # the brute-force twin on a sample
                assert same(got, R.classify(cards, level)), (cards.tolist(), level)


def test_classify_matches_the_brute_force_twin_on_random_card_sets():
    rng = random.Random(99)
    seen = 0
    for i in range(3000):
        level = i % 13
        w = wild(level)
        n = rng.randrange(1, 11)
        nwild = min(n, (i // 13) % 3)
        shape = i % 3
        if shape < 2:  # cards from 2 or 5 neighbouring ranks, where combinations are likely
            lo = rng.randrange(-1, 10)
            near = {12 if r < 0 else r for r in range(lo, lo + (2 if shape else 5))}
            pool = [c for c in DECK2 if c < 52 and c >> 2 in near and c != w]
            pool += [52, 52, 53, 53]
        else:
            pool = [c for c in DECK2 if c != w]
        cards = cv(rng.sample(pool, min(len(pool), n - nwild)) + [w] * nwild)
        got = F.classify(cards, level)
        assert same(got, R.classify(cards, level)), (cards.tolist(), level)
        seen += len(got) > 0
        for row in got:  # every reading is also a play of the hand made of those cards
            assert rowset([row]) <= rowset(F.moves(cards, level))
    assert seen > 600


def _sub_multisets(h: np.ndarray):
    ids = [c for c in range(54) if h[c]]
    for take in itertools.product(*(range(int(h[c]) + 1) for c in ids)):
        if 0 < sum(take) <= 10:
            sub = np.zeros(54, dtype=np.uint8)
            sub[ids] = take
            yield sub


def test_moves_are_exactly_the_readings_of_every_subset_of_small_hands():
    # Brute force: classify every sub-multiset of a small hand; the union of the readings must
    # be the plays ``moves`` lists (suits aside, which classify reports the same way).
    rng = random.Random(3)
    for i in range(156):
        level = i % 13
        nwild = i % 3
        w = wild(level)
        lo = rng.randrange(-1, 9)
        ranks = {12 if r < 0 else r for r in range(lo, lo + rng.randrange(3, 6))}
        pool = [c for c in DECK2 if c < 52 and c >> 2 in ranks and c != w]
        n = rng.randrange(7, 13) - nwild
        cards = rng.sample(pool, n) + [w] * nwild
        if i % 5 == 0:
            cards += [52, 52, 53] if i % 10 else [52, 52, 53, 53]
        h = cv(cards)
        want: set[bytes] = set()
        read = R.classify if i % 12 == 5 else F.classify  # the brute-force twin on some
        for sub in _sub_multisets(h):
            want |= rowset(read(sub, level))
        assert rowset(F.moves(h, level)) == want, (h.tolist(), level)


def test_more_plays_than_the_stack_buffer():
    # a hand of pairs of eleven consecutive ranks + both wild cards + jokers: > 1024 plays
    level = 0
    h = cv([c for r in range(1, 12) for c in (r * 4, r * 4, r * 4 + 1)]
           + [wild(level)] * 2 + [52, 52, 53, 53])
    fast = F.moves(h, level)
    assert len(fast) > 1024
    assert same(fast, R.moves(h, level))
    assert F.count(h, level) == len(fast)


def _all_keys():
    for k, (lo, hi) in enumerate(R._KEY_RANK):
        nlo, nhi = R._KEY_LEN[k]
        for r in range(lo, hi + 1):
            for n in range(nlo, nhi + 1):
                yield (k, r, n)


def test_beats_matches_the_twin_on_every_pair_of_keys():
    keys = list(_all_keys())
    for a in keys:
        for b in keys:
            assert F.beats(a, b) == R._beats(a, b), (a, b)
    assert R.beats((7, 3, 4), (0, 15, 1)) and not R.beats((0, 15, 1), (7, 3, 4))


# ------------------------------------------------------------------ pinned rules

@pytest.mark.parametrize("mod", [F, R], ids=["fast", "ref"])
class TestPinned:
    def test_a2345_is_the_lowest_straight(self, mod):
        level = lvl("9")
        low = mod.classify(cv("Ac 2d 3h 4s 5c"), level)
        assert [key(r) for r in low] == [(STRAIGHT, 3, 5)]
        high = mod.classify(cv("Tc Jd Qh Ks Ac"), level)
        assert [key(r) for r in high] == [(STRAIGHT, 12, 5)]
        assert mod.classify(cv("Qc Kd Ah 2s 3c"), level).shape[0] == 0  # no wrap
        h = cv("Ac 2d 3h 4s 5c 6d Kc Qh Js Td")
        tops = [int(r[1]) for r in mod.moves(h, level) if r[0] == STRAIGHT]
        assert tops == [3, 4, 12]
        assert mod.beats((STRAIGHT, 4, 5), (STRAIGHT, 3, 5))
        assert not mod.beats((STRAIGHT, 3, 5), (STRAIGHT, 12, 5))

    def test_level_rank_is_natural_in_sequences_and_high_in_groups(self, mod):
        level = lvl("5")
        assert [key(r) for r in mod.classify(cv("3c 4d 5s 6c 7d"), level)] == [(STRAIGHT, 5, 5)]
        assert [key(r) for r in mod.classify(cv("5c 5d"), level)] == [(PAIR, 13, 2)]
        assert mod.beats((PAIR, 13, 2), (PAIR, 12, 2))  # level pair over aces
        assert mod.beats((SINGLE, 14, 1), (SINGLE, 13, 1))  # BJ over the level rank
        assert mod.beats((SINGLE, 15, 1), (SINGLE, 14, 1))

    def test_ten_card_bomb(self, mod):
        level = lvl("2")
        cards = cv("8c 8c 8d 8d 8h 8h 8s 8s 2h 2h")
        got = mod.classify(cards, level)
        assert [key(r) for r in got] == [(BOMB, 6, 10)]
        assert got[0][4] == 2 and got[0][6] == got[0][7] == 6
        rows = mod.moves(cards, level)
        bombs = [(int(r[2]), int(r[4])) for r in rows if r[0] == BOMB]
        # sizes 4..10, with 0, 1, 2 wild cards where possible
        assert bombs == [(4, 0), (4, 1), (4, 2), (5, 0), (5, 1), (5, 2), (6, 0), (6, 1), (6, 2),
                         (7, 0), (7, 1), (7, 2), (8, 0), (8, 1), (8, 2), (9, 1), (9, 2),
                         (10, 2)]
        # the level rank: at most 6 natural + 2 wild cards
        lv = cv("2c 2c 2d 2d 2s 2s 2h 2h")
        assert max(int(r[2]) for r in mod.moves(lv, level) if r[0] == BOMB) == 8

    def test_nine_and_ten_card_bombs_with_wilds(self, mod):
        level = lvl("K")
        nine = mod.classify(cv("4c 4c 4d 4d 4h 4h 4s Kh Kh"), level)
        assert [key(r) for r in nine] == [(BOMB, 2, 9)]
        ten = mod.classify(cv("4c 4c 4d 4d 4h 4h 4s 4s Kh Kh"), level)
        assert [key(r) for r in ten] == [(BOMB, 2, 10)]
        assert mod.beats((BOMB, 0, 10), (BOMB, 13, 9))
        assert mod.beats((JOKERS, 15, 4), (BOMB, 13, 10))
        assert not mod.beats((BOMB, 13, 10), (JOKERS, 15, 4))

    def test_joker_pairs_and_never_bj_rj(self, mod):
        level = lvl("7")
        assert mod.classify(cv("BJ RJ"), level).shape[0] == 0
        assert [key(r) for r in mod.classify(cv("BJ BJ"), level)] == [(PAIR, 14, 2)]
        assert [key(r) for r in mod.classify(cv("RJ RJ"), level)] == [(PAIR, 15, 2)]
        rows = mod.moves(cv("BJ RJ 3c 3d"), level)
        assert [key(r) for r in rows_of(rows, PAIR)] == [(PAIR, 1, 2)]
        assert mod.classify(cv("BJ 7h"), level).shape[0] == 0  # a wild is never a joker
        assert mod.classify(cv("BJ BJ RJ 7h"), level).shape[0] == 0
        assert [key(r) for r in mod.classify(cv("BJ BJ RJ RJ"), level)] == [(JOKERS, 15, 4)]
        # full house with an identical joker pair, never a mixed one
        assert [(key(r), int(r[5])) for r in mod.classify(cv("9c 9d 9s BJ BJ"), level)] == [
            ((FULL_HOUSE, 7, 5), 14)]
        assert mod.classify(cv("9c 9d 9s BJ RJ"), level).shape[0] == 0

    def test_lone_wild_is_a_level_single_and_two_a_level_pair(self, mod):
        level = lvl("J")
        w = wild(level)
        one = mod.classify(cv([w]), level)
        assert one.tolist() == [[SINGLE, 13, 1, NONE, 1, NONE, level, NONE] + [0] * 15]
        two = mod.classify(cv([w, w]), level)
        assert two.tolist() == [[PAIR, 13, 2, NONE, 2, NONE, level, level] + [0] * 15]
        rows = mod.moves(cv([w, w, cid("Jc")]), level)
        assert [(key(r), int(r[4])) for r in rows_of(rows, SINGLE)] == [
            ((SINGLE, 13, 1), 0), ((SINGLE, 13, 1), 1)]
        assert [(key(r), int(r[4])) for r in rows_of(rows, PAIR)] == [
            ((PAIR, 13, 2), 1), ((PAIR, 13, 2), 2)]
        assert [(key(r), int(r[4])) for r in rows_of(rows, TRIO)] == [((TRIO, 13, 3), 2)]
        # a lone wild never stands for another rank
        assert not any(r[0] in (SINGLE, PAIR) and r[1] != 13 for r in mod.moves(cv([w, w]), level))

    def test_two_natural_sevens_and_a_wild_are_three_sevens(self, mod):
        level = lvl("3")
        w = wild(level)
        got = mod.classify(cv(["7c", "7d", w]), level)
        assert got.tolist() == [[TRIO, 5, 3, NONE, 1, NONE, 5, NONE]
                                + [0, 0, 0, 0, 0, 2] + [0] * 9]
        rows = mod.moves(cv(["7c", "7d", "7s", w]), level)
        trios = [(int(r[4]), int(r[8 + 5])) for r in rows_of(rows, TRIO)]
        assert trios == [(0, 3), (1, 2)]  # natural 777 and 77 + wild: two plays

    def test_wild_standing_for_a_card_the_hand_holds(self, mod):
        level = lvl("4")
        w = wild(level)
        # a bomb of five 9s from four natural 9s + a wild, and four 9s as 9 9 9 + wild
        rows = mod.moves(cv(["9c", "9d", "9h", "9s", w]), level)
        assert [(int(r[2]), int(r[4])) for r in rows_of(rows, BOMB)] == [(4, 0), (4, 1), (5, 1)]
        # a straight flush whose wild stands for the 5c the hand also holds
        rows = mod.moves(cv(["3c", "4c", "5c", "6c", "7c", w]), level)
        sf = [(int(r[4]), int(r[6])) for r in rows_of(rows, SF) if r[1] == 5]
        assert sf == [(0, NONE), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5)]
        assert all(r[3] == 0 for r in rows_of(rows, SF))

    def test_five_of_a_rank_are_only_a_bomb(self, mod):
        level = lvl("6")
        w = wild(level)
        assert [key(r) for r in mod.classify(cv("9c 9d 9h 9s 9c"), level)] == [(BOMB, 7, 5)]
        assert [key(r) for r in mod.classify(cv(["9c", "9d", "9h", w, w]), level)] == [
            (FULL_HOUSE, 7, 5), (BOMB, 7, 5)]  # the wild pair may stand for another rank
        fh = mod.classify(cv(["9c", "9d", "9h", w, w]), level)[0]
        assert int(fh[5]) == 13 and fh[6] == fh[7] == level  # ... canonically themselves
        h = cv("9c 9d 9h 9s 9c 3d 3s")
        fhs = [(int(r[1]), int(r[5])) for r in rows_of(mod.moves(h, level), FULL_HOUSE)]
        assert fhs == [(7, 1)]  # 999 + 33, never 999 + 99
        # at the level rank the wild pair stands for the lowest other rank
        lv = mod.classify(cv(["6c", "6d", "6s", w, w]), level)
        assert [(key(r), int(r[5])) for r in lv] == [((FULL_HOUSE, 13, 5), 0),
                                                     ((BOMB, 13, 5), NONE)]

    def test_straight_flush_also_a_straight(self, mod):
        level = lvl("2")
        got = mod.classify(cv("9d Td Jd Qd Kd"), level)
        assert [(key(r), int(r[3])) for r in got] == [((STRAIGHT, 11, 5), NONE),
                                                      ((SF, 11, 5), 1)]
        rows = mod.moves(cv("9d Td Jd Qd Kd 9s Ts Js Qs Ks"), level)
        assert [(int(r[1]), int(r[3])) for r in rows_of(rows, SF)] == [(11, 1), (11, 3)]
        assert len(rows_of(rows, STRAIGHT)) == 1  # suits aside, one plain straight
        # wilds in a straight flush; the heart of the level rank in a hearts flush
        level = lvl("7")
        got = mod.classify(cv("5h 6h 7h 8h 9h"), level)
        assert [(key(r), int(r[3]), int(r[4]), int(r[6])) for r in got] == [
            ((STRAIGHT, 7, 5), NONE, 1, 5), ((SF, 7, 5), 2, 1, 5)]

    def test_straight_flush_against_bombs(self, mod):
        sf = (SF, 7, 5)
        assert mod.beats(sf, (BOMB, 13, 4))
        assert mod.beats(sf, (BOMB, 13, 5))
        assert not mod.beats(sf, (BOMB, 0, 6))
        assert mod.beats((BOMB, 0, 6), sf)
        assert not mod.beats((BOMB, 13, 5), sf)
        assert mod.beats((SF, 8, 5), sf) and not mod.beats(sf, sf)
        assert mod.beats((BOMB, 0, 5), (BOMB, 13, 4))
        assert mod.beats((BOMB, 13, 4), (BOMB, 12, 4))
        assert mod.beats((BOMB, 0, 4), (STRAIGHT, 12, 5))
        assert not mod.beats((PAIR, 12, 2), (SINGLE, 3, 1))
        assert not mod.beats((TUBE, 12, 6), (PLATE, 3, 6))
        # answers: a 5-bomb hand against a straight flush, a straight flush against bombs
        level = lvl("2")
        h = cv("9d Td Jd Qd Kd 4c 4d 4h 4s 4c 4d")
        ans = mod.moves(h, level, (BOMB, 12, 5))
        assert sorted({key(r) for r in ans}) == [(BOMB, 2, 6), (SF, 11, 5)]
        ans = mod.moves(h, level, (SF, 12, 5))
        assert sorted({key(r) for r in ans}) == [(BOMB, 2, 6)]
        assert mod.moves(h, level, (BOMB, 13, 6)).shape[0] == 0
        assert len(mod.moves(h, level, (BOMB, 0, 6))) == 1

    def test_full_house_tube_plate_with_wilds(self, mod):
        level = lvl("8")
        w = wild(level)
        got = mod.classify(cv(["3c", "3d", "4c", "4d", w]), level)
        assert [(key(r), int(r[5]), int(r[6])) for r in got] == [
            ((FULL_HOUSE, 1, 5), 2, 1), ((FULL_HOUSE, 2, 5), 1, 2)]
        got = mod.classify(cv(["3c", "3d", "4c", "4d", w, w]), level)
        assert [key(r) for r in got] == [(TUBE, 2, 6), (TUBE, 3, 6), (PLATE, 2, 6)]
        got = mod.classify(cv("Ac Ad Ah 2c 2d 2h"), level)
        assert [key(r) for r in got] == [(PLATE, 0, 6)]  # A-2 is the lowest plate
        got = mod.classify(cv("Ac Ad 2c 2d 3c 3d"), level)
        assert [key(r) for r in got] == [(TUBE, 1, 6)]
        assert mod.classify(cv("Kc Kd Ac Ad 2c 2d"), level).shape[0] == 0  # no wrap


def test_pick_ids_gives_the_cards_of_pick_flat_in_both_twins():
    rng = random.Random(21)
    for _ in range(200):
        hand = cv(rng.sample(DECK2, 27))
        level = rng.randrange(13)
        rows = F.moves(hand, level)
        picks = F.pick(hand, level, rows)
        for mod in (F, R):
            ids, ends = mod.pick_ids(hand, level, rows)
            start = 0
            for i, end in enumerate(ends.tolist()):
                got = np.bincount(ids[start:end], minlength=54)
                assert (got == picks[i]).all()
                assert list(ids[start:end]) == sorted(ids[start:end])
                start = end
            assert start == len(ids)
    empty = F.moves(cv([]), 3)
    for mod in (F, R):
        ids, ends = mod.pick_ids(cv([]), 3, empty)
        assert len(ids) == 0 and len(ends) == 0
        with pytest.raises(CardError):
            mod.pick_ids(cv("3c"), 3, F.moves(cv("3c 3d"), 3))


def _record(p) -> tuple:
    return (type(p).__name__, p.kind, p.level, p.row, p.cards, p.key, p.rank, p.length)


def test_play_records_match_pick_ids_in_both_twins():
    """``Play.build`` (the records ``cardcore.guandan.moves`` returns): per row its kind
    name, level, row, key and the cards ``pick_ids`` gives, read through the table; the
    compiled records equal the twin's."""
    rng = random.Random(22)
    cards = tuple(f"card{i}" for i in range(54))
    # the table may carry the cards' 1-tuples after the cards, then the 2-tuples of cards a and
    # b at 54 * a + b (singles and pairs then share them); items that are not those tuples
    # are not read
    ones = tuple((c,) for c in cards)
    pairs = tuple((a, b) for a in cards for b in cards)
    tables = (cards, cards + ones, cards + tuple(("x",) for c in cards), cards + cards,
              cards + ones + pairs, cards + cards + tuple(("x", b) for a in cards for b in cards),
              cards + ones + tuple((b, a) for a in cards for b in cards))
    for _ in range(300):
        table = rng.choice(tables)
        hand = cv(rng.sample(DECK2, rng.choice([3, 12, 20, 27])))
        level = rng.randrange(13)
        beat = None
        rows = F.moves(hand, level)
        if len(rows) and rng.random() < 0.3:
            beat = tuple(int(x) for x in rows[rng.randrange(len(rows))][:3])
            rows = F.moves(hand, level, beat)
        ids, ends = F.pick_ids(hand, level, rows)
        got = {mod: mod.Play.build(hand, level, rows, table) for mod in (F, R)}
        assert [_record(p) for p in got[F]] == [_record(p) for p in got[R]]
        start = 0
        for i, (p, end) in enumerate(zip(got[F], ends.tolist())):
            assert type(p) is F.Play
            assert p.row == rows[i].tobytes() and p.level == level
            assert p.kind == F.KINDS[rows[i][0]] and p.key == tuple(int(x) for x in rows[i][:3])
            assert p.cards == tuple(cards[c] for c in ids[start:end].tolist())
            if end - start == 1 and table in (tables[1], tables[4]):
                assert p.cards is table[54 + ids[start]]
            if end - start == 2 and table is tables[4]:
                assert p.cards is table[108 + 54 * int(ids[start]) + int(ids[start + 1])]
            start = end


def test_play_records_made_one_at_a_time_and_bad_input_alike():
    row = F.moves(cv("7c 7d 7s"), 3)[-1]
    for mod in (F, R):
        for given in (row, row.tobytes(), row.tolist()):
            p = mod.Play.make(given, 3, ("a", "b", "c"))
            assert (p.kind, p.level, p.row, p.cards, p.key) == (
                "trio", 3, row.tobytes(), ("a", "b", "c"), (TRIO, 5, 3))
        bare = mod.Play.make(row, 3)
        assert bare.cards is None and bare.kind == "trio"
        assert pickle.loads(pickle.dumps(bare)).cards is None
    table = tuple(range(54))
    rows = F.moves(cv("7c 7d"), 3)
    bad_kind = rows.copy()
    bad_kind[0, 0] = 10
    assert _same_error(lambda mod: mod.Play.make(bad_kind[0], 3)) is CardcoreError
    assert _same_error(lambda mod: mod.Play.make(b"\x00" * 5, 3)) is CardcoreError
    assert _same_error(lambda mod: mod.Play.make(rows[0], 13)) is CardcoreError
    assert _same_error(lambda mod: mod.Play.build(cv("7c 7d"), 3, bad_kind, table)) \
        is CardcoreError
    assert _same_error(lambda mod: mod.Play.build(cv("7c 7d"), 3, rows, table[:53])) \
        is CardcoreError
    assert _same_error(lambda mod: mod.Play.build(cv("7c 7d"), 3, rows, list(table))) \
        is CardcoreError
    assert _same_error(lambda mod: mod.Play.build(cv("7c"), 3, rows, table)) is CardError
    assert _same_error(lambda mod: mod.Play.build(cv("7c 7d"), 3, rows[0], table)) \
        is CardcoreError
    assert _same_error(lambda mod: mod.Play.build([3] * 54, 3, rows, table)) is CardError
    for mod in (F, R):
        assert mod.Play.build(cv([]), 3, F.moves(cv([]), 3), table) == []


def test_play_records_of_a_card_list_are_those_of_its_counts_in_both_twins():
    rng = random.Random(23)
    table = tuple(range(100, 154))
    for _ in range(200):
        ids = rng.sample(DECK2, rng.choice([2, 10, 20, 27]))
        hand = cv(ids)
        level = rng.randrange(13)
        rows = F.moves(hand, level)
        beat = None
        if len(rows) and rng.random() < 0.4:
            beat = tuple(int(x) for x in rows[rng.randrange(len(rows))][:3])
        want = [_record(p) for p in F.Play.build(hand, level, F.moves(hand, level, beat), table)]
        for mod in (F, R):
            assert [_record(p) for p in mod.Play.of_hand(ids, level, beat, table)] == want
    for bad in ([0, 0, 0], [54], [-1], [True], "7c", (1, 2), [1.5]):
        assert _same_error(lambda mod, b: mod.Play.of_hand(b, 3, None, table), bad) is CardError
    assert _same_error(lambda mod: mod.Play.of_hand([1, 2], 3, (0, 99, 1), table)) \
        is CardcoreError
    assert _same_error(lambda mod: mod.Play.of_hand([1, 2], 3, None, table[:3])) \
        is CardcoreError
    assert _same_error(lambda mod: mod.Play.of_hand([1, 2], 13, None, table)) is CardcoreError


def test_move_ids_of_the_full_hand_are_every_play_of_the_level():
    """The full two-deck hand holds every play: at each level its ids are exactly the plays of
    that level (every entry of the id lookup is reached), as the twin lists them."""
    full = np.full(54, 2, dtype=np.uint8)
    valid = F.id_levels()
    for level in range(13):
        got = F.move_ids(full, level)
        expect = [F.FIRST_PLAY + p for p in np.flatnonzero(valid[level]).tolist()]
        assert got.tolist() == expect
        assert got.tolist() == R.move_ids(full, level).tolist()
        assert got.tolist() == sorted(F.row_ids(F.moves(full, level), level).tolist())
