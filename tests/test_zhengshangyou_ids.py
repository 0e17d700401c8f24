"""Zheng Shangyou integer actions and observation tensor: the id table pinned (ids stay stable
across versions), ids <-> action texts in real positions (the opening play, must-beat passes),
``move_ids`` against ``moves``, and the tensor layout of docs/actions/zhengshangyou.md."""

from __future__ import annotations

import hashlib
import random
import sys

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, CardError, IllegalAction
from cardcore.cards import Card, parse
from cardcore.zhengshangyou import ZhengShangyouState, move_ids, moves
from cardcore.zhengshangyou.state import deck48, zsy_rank

zm = sys.modules["cardcore.zhengshangyou.moves"]


def ids(text: str) -> list[int]:
    return [int(c) for c in parse(text)]


#: kind -> (first id, last id, text of the first, text of the last)
BLOCKS = {
    "single": (1, 13, "3", "2"),
    "pair": (14, 25, "33", "AA"),
    "trio": (26, 36, "333", "KKK"),
    "straight": (37, 72, "34567", "TJQKA"),
    "pair_run": (73, 128, "3344", "KKAA"),
    "bomb": (129, 139, "3333", "KKKK"),
    "ace_bomb": (140, 140, "AAA", "AAA"),
    "heavenly_bomb": (141, 141, "3333", "3333"),
}


def test_the_id_space_and_table():
    assert zm.NUM_ACTIONS == 142 and zm.FIRST_PLAY == 1
    assert cardcore.new_game("zhengshangyou", seed=1).num_distinct_actions == 142
    texts = [zm.id_text(i) for i in range(zm.NUM_ACTIONS)]
    blob = "\n".join(f"{i} {t}" for i, t in enumerate(texts))
    assert hashlib.sha256(blob.encode()).hexdigest()[:16] == "d6db10e56be0d065"
    assert texts[0] == "pass"
    for kind, (a, b, first, last) in BLOCKS.items():
        assert texts[a] == f"{kind} {first}" and texts[b] == f"{kind} {last}"
        assert {t.split()[0] for t in texts[a:b + 1]} == {kind}
    assert texts[38] == "straight 345678" and texts[74] == "pair_run 334455"
    # pair runs reach 8 pairs (16 cards, a whole hand), not more
    assert max(len(t.split()[1]) for t in texts[73:129]) == 16
    for bad in (-1, 142, 10**5000, None):
        with pytest.raises(CardcoreError):
            zm.id_text(bad)


def test_the_opening_play_and_must_beat_in_ids():
    deck = [int(c) for c in deck48()]
    random.Random(2).shuffle(deck)
    s = cardcore.new_game("zhengshangyou", seed=1, deck=deck)
    opening = s.legal_ids()
    assert opening and 0 not in opening
    for i in opening:
        a = s.action_from_id(i)
        assert 6 in [int(c) for c in a.cards]                       # the 3 of hearts
        assert f"{a.kind} {a.text}" == zm.id_text(i)
    assert opening[0] == 1                                           # the single 3 (3h)
    s.apply_id(1)
    assert s.log[-1][:4] == [s.first, "single", "3", [6]]
    # must beat: pass is listed only with no answer
    rng = random.Random(5)
    seen_pass = False
    while not s.is_over:
        legal = s.legal_ids()
        if 0 in legal:
            assert legal == [0] and s.table is not None
            seen_pass = True
        else:
            assert all(s.action_from_id(i).kind != "pass" for i in legal)
        s.apply_id(rng.choice(legal))
    assert seen_pass


def test_the_heavenly_bomb_has_its_own_id():
    hand0 = ids("3c 3d 3h 3s 5c 6c 7c 8c 9c Tc Jc Qc Kc 4c 4d 5d")
    rest = [int(c) for c in deck48() if int(c) not in hand0]
    s = cardcore.new_game("zhengshangyou", seed=1, deck=hand0 + rest)
    legal = s.legal_ids()
    assert 141 in legal and 129 not in legal                         # four 3s: heavenly only
    assert str(s.action_from_id(141)) == "3333" and s.action_from_id(141).kind == "heavenly_bomb"
    s.apply_id(141)
    assert s.table[1] == "heavenly_bomb" and s.legal_ids() == [0]    # nothing beats it


def test_move_ids_are_the_moves_ids():
    rng = random.Random(4)
    deck = [Card(c) for c in deck48()]
    for _ in range(300):
        hand = rng.sample(deck, rng.choice((16, 8)))
        first = rng.random() < 0.3
        assert move_ids(hand, None, first).tolist() == [m.id for m in moves(hand, None, first)]
        beat = rng.choice(moves(rng.sample(deck, 16)))
        assert move_ids(hand, beat).tolist() == [m.id for m in moves(hand, beat)]
    assert move_ids("3h 3c 4c 5d", first_play=True).tolist() == [1, 14]
    assert move_ids("3c 3d", first_play=True).tolist() == []         # no 3 of hearts
    with pytest.raises(CardError, match="at most 16"):
        move_ids(deck[:17])
    with pytest.raises(CardError, match="48-card"):
        move_ids("BJ")
    with pytest.raises(CardcoreError, match="nothing to beat"):
        move_ids("3h", moves("4c")[0], True)


def test_numpy_ids_and_bad_ids():
    s = cardcore.new_game("zhengshangyou", seed=3)
    i = s.legal_ids()[0]
    before = s.to_json()
    for bad in (0, -1, 142, 10**5000, "1", 1.0, None, True):
        with pytest.raises(IllegalAction):
            s.apply_id(bad)
    assert s.to_json() == before
    s.apply_id(np.int32(i))
    assert len(s.log) == 1


L = ZhengShangyouState.TENSOR_LAYOUT


def cells(t, name):
    a, b = L[name]
    return t[a:b]


def test_tensor_layout():
    assert ZhengShangyouState.TENSOR_SIZE == 281
    spans = sorted(L.values())
    assert spans[0][0] == 0 and spans[-1][1] == 281
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
    s = cardcore.new_game("zhengshangyou", seed=8)
    p = s.first
    t = s.observation_tensor(p)
    assert t.shape == s.observation_shape == (281,) and t.dtype == np.float32
    hand = cells(t, "hand").reshape(13, 4)
    want = np.zeros(13, int)
    for c in s.hands[p]:
        want[zsy_rank(c)] += 1
    assert (hand.sum(axis=1) == want).all()
    assert all((row[:k] == 1).all() and (row[k:] == 0).all() for row, k in zip(hand, want))
    assert cells(t, "opening")[0] == 1 and cells(t, "to_act").tolist() == [1, 0, 0]
    assert cells(t, "cards_left").tolist() == [1.0, 1.0, 1.0]
    assert cells(t, "played").sum() == 0 and cells(t, "table").sum() == 0
    s.apply_id(s.legal_ids()[0])
    nxt = (p + 1) % 3
    t = s.observation_tensor(nxt)
    assert cells(t, "opening")[0] == 0 and cells(t, "to_act").tolist() == [1, 0, 0]
    assert cells(t, "table_seat").tolist() == [0, 0, 1]               # the opener sat before
    assert cells(t, "has_played").tolist() == [0, 0, 1]
    assert cells(t, "played")[104:156].sum() == cells(t, "table").sum() == 1
    assert cells(t, "cards_left").tolist() == pytest.approx([1.0, 1.0, 15 / 16])


def test_tensor_shows_bonuses_and_the_end():
    rng = random.Random(1)
    saw_bonus = saw_pending = False
    for seed in range(60):
        s = cardcore.new_game("zhengshangyou", seed=seed)
        while not s.is_over:
            saw_bonus |= any(s.bonus)
            saw_pending |= s.pending_bomb is not None
            t = s.observation_tensor(0)
            assert cells(t, "passes")[0] == s.passes / 2
            assert cells(t, "bonus").tolist() == pytest.approx([s.bonus[r] / 20 for r in range(3)])
            if s.pending_bomb is not None:
                assert cells(t, "pending_bomb")[s.pending_bomb] == 1
            s.apply_id(rng.choice(s.legal_ids()))
        t = s.observation_tensor(1)
        assert cells(t, "over")[0] == 1 and cells(t, "to_act").sum() == 0
    assert saw_bonus and saw_pending
