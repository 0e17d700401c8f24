"""Differential tests: the compiled shedding kernel against its plain-Python twin."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from cardcore import CardcoreError, CardError
from cardcore.doudizhu.moves import Move as DM
from cardcore.zhengshangyou.moves import Move as ZM
from cardcore._ref import shedding as R

F = pytest.importorskip("cardcore._fast.shedding", reason="compiled kernel not built")
#: the record type of each game (0 Dou Dizhu, 1 Zheng Shangyou), handed to the builders
MOVES = {0: DM, 1: ZM}

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
    assert {"ddz_moves", "ddz_classify", "zsy_moves", "zsy_can_beat", "ddz_move_ids"} <= public(F)


def test_constants_match():
    for name in ("ROW", "NRANKS", "RANK_NAMES", "DDZ_KINDS", "ZSY_KINDS", "DDZ_CAPS", "ZSY_CAPS"):
        assert getattr(F, name) == getattr(R, name), name


def test_ddz_random_hands_leads_responses_classify():
    rng = random.Random(20240601)
    total_rows = 0
    for i in range(5_000):
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
    assert total_rows > 5_000 * 30


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


def _record(game: int, row, by) -> tuple:
    """The fields of the move record of ``row`` (kind name, rank, length, cards, counts, text),
    its cards picked from ``by`` (per rank, the hand's cards in preference order): core ranks
    first, then the attachments, each ascending."""
    k, rank, length = int(row[0]), int(row[1]), int(row[2])
    cnt = tuple(int(x) for x in row[3:])
    lo, hi = R._core(game, k, rank, length)
    order = [r for r in range(15) if lo <= r <= hi] + [r for r in range(15) if not lo <= r <= hi]
    cards = tuple(c for r in order for c in by[r][:cnt[r]])
    kinds = F.DDZ_KINDS if game == 0 else F.ZSY_KINDS
    return (kinds[k], rank, length, cards, cnt, R._text(game, k, rank, length, cnt))


# ------------------------------------------------------------------ action ids

def _ids(a) -> list[int]:
    assert a.dtype == np.int32 and a.ndim == 1
    return a.tolist()


def test_id_tables_agree_and_enumerate_every_play_once():
    assert F.DDZ_NUM_ACTIONS == R.DDZ_NUM_ACTIONS == 4 + 24639
    assert F.ZSY_NUM_ACTIONS == R.ZSY_NUM_ACTIONS == 1 + 141
    for fid, rid, fr, rr, first, most, caps in (
            (F.ddz_id_rows(), R.ddz_id_rows(), F.ddz_row_ids, R.ddz_row_ids, 4, 20, R.DDZ_CAPS),
            (F.zsy_id_rows(), R.zsy_id_rows(), F.zsy_row_ids, R.zsy_row_ids, 1, 16, R.ZSY_CAPS)):
        assert same(fid, rid)
        assert _ids(fr(fid)) == _ids(rr(rid)) == list(range(first, first + len(fid)))
        assert len({bytes(r) for r in fid}) == len(fid)          # each play once
        sizes = fid[:, 3:].sum(axis=1)
        assert sizes.max() == most and (fid[:, 3:] <= np.array(caps)).all()
        # kinds in code order, ids ascending within the generator's order
        assert (np.diff(fid[:, 0].astype(int)) >= 0).all()
    # every play of the whole deck with at most 20 cards has an id; larger ones have none
    whole = F.ddz_moves([4] * 13 + [1, 1])
    ids = _ids(F.ddz_row_ids(whole))
    small = whole[:, 3:].sum(axis=1) <= 20
    assert all(i >= 4 for i, s in zip(ids, small) if s)
    assert all(i == -1 for i, s in zip(ids, small) if not s)
    assert sorted(i for i in ids if i >= 0) == list(range(4, F.DDZ_NUM_ACTIONS))
    # the heavenly bomb is Zheng Shangyou's last id; bad rows have no id
    assert F.zsy_id_rows()[-1].tolist() == [7, 0, 1, 4] + [0] * 14
    bad = F.ddz_id_rows()[:3].copy()
    bad[0, 3] = 2            # a single whose count is 2
    bad[1, 0] = 99
    assert _ids(F.ddz_row_ids(bad)) == _ids(R.ddz_row_ids(bad)) == [-1, -1, 6]


def test_id_texts_agree():
    for i in list(range(4, 400)) + list(range(F.DDZ_NUM_ACTIONS - 3000, F.DDZ_NUM_ACTIONS)):
        assert F.ddz_id_text(i) == R.ddz_id_text(i)
    for i in range(1, F.ZSY_NUM_ACTIONS):
        assert F.zsy_id_text(i) == R.zsy_id_text(i)
    assert F.ddz_id_text(4) == "3" and F.ddz_id_text(F.DDZ_NUM_ACTIONS - 1) == "BJ RJ"
    for mod in (F, R):
        for bad in (0, 3, F.DDZ_NUM_ACTIONS, -1, "5", 2.0, 10**5000):
            with pytest.raises(CardcoreError):
                mod.ddz_id_text(bad)


def test_move_ids_are_the_ids_of_the_moves():
    rng = random.Random(5)
    for i in range(3_000):
        game = i % 2
        if game == 0:
            n = rng.choice((17, 20, 9))
            ids = dense_ddz(rng, 20) if i % 6 == 0 else rng.sample(DDZ_DECK, n)
        else:
            ids = rng.sample(ZSY_DECK, rng.choice((16, 10, 4)))
        h = counts(ids)
        if game == 0:
            fast, ref, rows = F.ddz_move_ids(h), R.ddz_move_ids(h), F.ddz_moves(h)
            row_ids = F.ddz_row_ids(rows)
        else:
            first = i % 3 == 1 and h[0] > 0
            fast, ref = F.zsy_move_ids(h, None, first), R.zsy_move_ids(h, None, first)
            rows = F.zsy_moves(h, None, first)
            row_ids = F.zsy_row_ids(rows)
        got = _ids(fast)
        assert got == _ids(ref) == _ids(row_ids), h
        assert got == sorted(got) and len(set(got)) == len(got) and min(got, default=5) > 0
        # answers: the same ids as the moves that beat the table play
        table = rows[rng.randrange(len(rows))] if len(rows) else None
        if table is not None:
            key = tuple(int(x) for x in table[:3])
            if game == 0:
                want = _ids(F.ddz_row_ids(F.ddz_moves(h, key)))
                assert _ids(F.ddz_move_ids(h, key)) == _ids(R.ddz_move_ids(h, key)) == want
            else:
                want = _ids(F.zsy_row_ids(F.zsy_moves(h, key)))
                assert _ids(F.zsy_move_ids(h, key)) == _ids(R.zsy_move_ids(h, key)) == want


def _view(m) -> tuple:
    return (type(m).__name__, m.kind, m.rank, m.length, m.cards, m.counts, str(m), m.id,
            m.mask, m.size, m.key, m.kernel_key, m.rank_name, m.core_ranks, tuple(m))


def test_hand_moves_agree_with_the_twin_and_with_the_row_records():
    from cardcore.cards import Card

    rng = random.Random(11)
    for i in range(800):
        game = i % 2
        if game == 0:
            ids = dense_ddz(rng, 20) if i % 10 == 0 else rng.sample(DDZ_DECK, 20)
        else:
            ids = rng.sample(ZSY_DECK, 16)
        hand = [Card(c) for c in ids] if i % 4 else list(ids)
        if game == 0:
            fm, rm = F.ddz_hand_moves(DM, hand), R.ddz_hand_moves(DM, tuple(hand))
            fi, ri = F.ddz_hand_ids(hand), R.ddz_hand_ids(hand)
            rows = F.ddz_moves(counts(ids))
        else:
            first = i % 3 == 1
            fm = F.zsy_hand_moves(ZM, hand, None, first)
            rm = R.zsy_hand_moves(ZM, hand, None, first)
            fi, ri = F.zsy_hand_ids(hand, None, first), R.zsy_hand_ids(hand, None, first)
            rows = F.zsy_moves(counts(ids), None, first) if (not first or 6 in ids) else \
                np.zeros((0, 18), np.uint8)
        assert [_view(m) for m in fm] == [_view(m) for m in rm]
        assert _ids(fi) == _ids(ri) == [m.id for m in fm]
        # the records of the rows (cards from the hand's lowest ids, Zheng Shangyou's 3 of
        # hearts first)
        by = [[] for _ in range(15)]
        for c in sorted(ids):
            by[counts([c]).index(1)].append(Card(c))
        if game == 1 and 6 in by[0]:
            by[0].remove(6)
            by[0].insert(0, Card(6))
        assert [tuple(m) for m in fm] == [_record(game, row, by) for row in rows]
        for m in fm[:: max(1, len(fm) // 5)]:
            extra = () if game == 0 else (m.kind == "heavenly_bomb",)
            cl = (F.ddz_hand_classify if game == 0 else F.zsy_hand_classify)(
                MOVES[game], list(m.cards), *extra)
            rl = (R.ddz_hand_classify if game == 0 else R.zsy_hand_classify)(
                MOVES[game], list(m.cards), *extra)
            assert [_view(x) for x in cl] == [_view(x) for x in rl] and m in cl
            cid = (F.ddz_cards_id if game == 0 else F.zsy_cards_id)(m.kernel_key[0], m.cards)
            rid = (R.ddz_cards_id if game == 0 else R.zsy_cards_id)(m.kernel_key[0], m.cards)
            assert cid == rid == m.id
            assert F.make_move(MOVES[game], game, *m.kernel_key, m.mask) == m
            assert _view(R.make_move(MOVES[game], game, *m.kernel_key, m.mask)) == _view(m)


def test_moves_of_large_hands_have_no_id_beyond_the_table():
    whole = list(range(54))
    moves = F.ddz_hand_moves(DM, whole)
    assert len(moves) == F.ddz_count([4] * 13 + [1, 1])
    assert {m.id for m in moves if m.size <= 20} >= set(range(4, 100))
    assert all(m.id is None for m in moves if m.size > 20)
    for mod in (F, R):
        with pytest.raises(CardError, match="at most 20 cards"):
            mod.ddz_hand_ids(whole)
        with pytest.raises(CardError, match="at most 20 cards"):
            mod.ddz_move_ids([4] * 5 + [1] + [0] * 9)
        with pytest.raises(CardError, match="at most 16 cards"):
            mod.zsy_hand_ids(ZSY_DECK[:17])


@pytest.mark.parametrize("mod", [F, R], ids=["fast", "ref"])
def test_hand_functions_reject_bad_input(mod):
    huge = 10**5000
    for bad in ([0, 0], [0, 54], [-1], [huge], [1.0], ["3c"], [True], "3c 4c", {1, 2}, 5):
        with pytest.raises(CardError) as err:
            mod.ddz_hand_moves(DM, bad)
        assert len(str(err.value)) < 200
        with pytest.raises(CardError):
            mod.ddz_hand_ids(bad)
        with pytest.raises(CardError):
            mod.zsy_hand_classify(ZM, bad)
    with pytest.raises(CardError, match="appears twice .Dou Dizhu"):
        mod.ddz_hand_classify(DM, [5, 9, 5])
    with pytest.raises(CardError, match="not in the 48-card"):
        mod.zsy_hand_moves(ZM, [6, 7, 52])
    with pytest.raises(CardError, match="not in the 48-card"):
        mod.zsy_hand_moves(ZM, [6, 6, 0])        # (the deck is checked before repeats)
    for bad_beat in (huge, (huge, 0, 1), (0, 0), "abc", (14, 0, 1)):
        with pytest.raises(CardcoreError) as err:
            mod.ddz_hand_moves(DM, [5, 9], bad_beat)
        assert len(str(err.value)) < 200
    for bad_first in (huge, 2, "yes", None):
        with pytest.raises(CardcoreError):
            mod.zsy_hand_moves(ZM, [6], None, bad_first)
    with pytest.raises(CardcoreError):
        mod.zsy_hand_ids([6], (0, 0, 1), True)
    for args in ((2, 0, 0, 1, 1 << 4), (0, 0, 0, 1, huge), (0, huge, 0, 1, 16), (0, 1, 0, 1, 16),
                 (1, 0, 0, 1, 1 << 52), ("0", 0, 0, 1, 16)):
        with pytest.raises(CardcoreError):
            mod.make_move(MOVES.get(args[0], DM), *args)
    for bad_kind in (14, -1, huge, "single"):
        with pytest.raises(CardcoreError):
            mod.ddz_cards_id(bad_kind, [4])
    assert mod.ddz_cards_id(1, [4]) == -1 and mod.ddz_cards_id(0, [4]) == 4
    assert mod.zsy_hand_moves(ZM, [7, 8], None, True) == []    # no 3 of hearts: no opening play
    assert mod.zsy_hand_ids([7, 8], None, True).tolist() == []


@pytest.mark.parametrize("mod", [F, R], ids=["fast", "ref"])
def test_counts_input_errors_never_fail_on_huge_ints(mod):
    huge = 10**5000
    with pytest.raises(CardError) as err:
        mod.ddz_moves([huge] + [0] * 14)
    assert len(str(err.value)) < 200
    with pytest.raises(CardError):
        mod.ddz_move_ids([0] * 14 + [huge])
    with pytest.raises(CardcoreError) as err:
        mod.ddz_moves([0] * 15, beat=(huge, huge, huge))
    assert len(str(err.value)) < 200
    with pytest.raises(CardcoreError):
        mod.zsy_moves([0] * 15, None, huge)
    with pytest.raises(CardError):
        mod.zsy_classify([1] * 14 + [huge])


def test_move_records_behave_like_the_game_moves():
    import copy
    import pickle

    for mod in (F, R):
        ms = mod.ddz_hand_moves(DM, [4, 5, 6, 8, 9, 10, 52, 53])
        m = next(x for x in ms if str(x) == "33344")
        assert (m.kind, m.id) == ("trio_pair", mod.ddz_cards_id(4, m.cards))
        other = next(x for x in ms if str(x) == "44433")
        assert ms[-2].kind == "airplane" and ms[-1].kind == "rocket"
        assert pickle.loads(pickle.dumps(m)) == m and copy.deepcopy(m) == m
        assert hash(copy.copy(m)) == hash(m) and m != tuple(m) and tuple(m) != m
        assert m[0] == "trio_pair" and m[:3] == ("trio_pair", 0, 1) and len(m) == 6
        assert not m.beats(other) and other.beats(m) and ms[-1].beats(m) and not ms[-2].beats(m)
        with pytest.raises(CardcoreError, match="Dou Dizhu Move"):
            m.beats(mod.zsy_hand_moves(ZM, [6])[0])
        with pytest.raises(AttributeError):
            m.kind = "pair"
        assert m.wing == "pair" and m.wing_counts[1] == 2 and sum(m.wing_counts) == 2
        assert ms[-1].core_ranks == (13, 14) and m.core_ranks == (0,)


def test_move_id_is_minus_one_unless_the_cards_have_the_reading():
    # a run of five singles 3..7 (mask bits of one card each of ranks 3..7) read as the run
    # 4..8 or 5..9 has no id; read as itself it has its id, on both backends alike
    cards = tuple(4 * r + 4 for r in range(5))
    rng = random.Random(11)
    for game in (0, 1):
        rows = F.ddz_moves(counts([4 * r + 4 for r in range(5)])) if game == 0 else \
            F.zsy_moves(counts([4 * r + 4 for r in range(5)]))
        run = [tuple(int(x) for x in r[:3]) for r in rows if int(r[2]) == 5]
        assert len(run) == 1
        kind, rank, length = run[0]
        want = F.move_id(game, kind, rank, length, cards)
        assert want > 0 and R.move_id(game, kind, rank, length, list(cards)) == want
        for other in range(length - 1, 15):
            if other != rank:
                assert F.move_id(game, kind, other, length, cards) == -1
                assert R.move_id(game, kind, other, length, cards) == -1
        # random readings of random cards: the twins agree, an id is the id of those cards
        for _ in range(2_000):
            m = rng.getrandbits(54) & rng.getrandbits(54) & rng.getrandbits(54)
            ids = [c for c in range(54) if m >> c & 1]
            try:
                assert F.cards_mask(game, ids) == R.cards_mask(game, ids) == m
            except CardError:                   # (a card outside Zheng Shangyou's deck)
                with pytest.raises(CardError):
                    R.cards_mask(game, ids)
                continue
            k = rng.randrange(8)
            r = rng.randrange(15)
            n = rng.randint(1, r + 1)
            got = F.move_id(game, k, r, n, ids)
            assert got == R.move_id(game, k, r, n, ids), (game, k, r, n, ids)
