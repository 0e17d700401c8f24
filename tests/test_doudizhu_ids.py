"""Dou Dizhu integer actions and observation tensor: the id table pinned (ids stay stable across
versions), ids <-> action texts in real positions, ``move_ids`` against ``moves``, and the
tensor layout of docs/actions/doudizhu.md."""

from __future__ import annotations

import hashlib
import random
import sys

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, CardError, IllegalAction
from cardcore.cards import Card, parse
from cardcore.doudizhu import move_ids, moves

dm = sys.modules["cardcore.doudizhu.moves"]


def ids(text: str) -> list[int]:
    return [int(c) for c in parse(text)]


# ------------------------------------------------------------------ the id table

#: kind -> (first id, last id, text of the first, text of the last)
BLOCKS = {
    "single": (4, 18, "3", "RJ"),
    "pair": (19, 31, "33", "22"),
    "trio": (32, 44, "333", "222"),
    "trio_single": (45, 226, "3334", "222 RJ"),
    "trio_pair": (227, 382, "33344", "222AA"),
    "straight": (383, 418, "34567", "TJQKA"),
    "pair_run": (419, 470, "334455", "QQKKAA"),
    "airplane": (471, 515, "333444", "KKKAAA"),
    "airplane_singles": (516, 19505, "33344455", "KKKAAA2 RJ"),
    "airplane_pairs": (19506, 22444, "3334445566", "KKKAAAQQ22"),
    "four_two_singles": (22445, 23770, "333344", "2222A RJ"),
    "four_two_pairs": (23771, 24628, "33334455", "2222KKAA"),
    "bomb": (24629, 24641, "3333", "2222"),
    "rocket": (24642, 24642, "BJ RJ", "BJ RJ"),
}

#: some ids, pinned
EXAMPLES = {
    0: "pass", 1: "bid 1", 2: "bid 2", 3: "bid 3", 4: "single 3", 15: "single A", 16: "single 2",
    17: "single BJ", 18: "single RJ", 20: "pair 44", 46: "trio_single 3335",
    58: "trio_single 333 RJ", 228: "trio_pair 33355", 384: "straight 345678",
    390: "straight 3456789TJQKA", 419: "pair_run 334455", 471: "airplane 333444",
    517: "airplane_singles 33344456", 19506: "airplane_pairs 3334445566",
    22446: "four_two_singles 333345", 23771: "four_two_pairs 33334455", 24629: "bomb 3333",
}


def test_the_id_space():
    assert dm.NUM_ACTIONS == 24643 and dm.FIRST_PLAY == 4
    for opts in ({}, {"first": 0}, {"first": 2}):
        s = cardcore.new_game("doudizhu", seed=1, **opts)
        assert s.num_distinct_actions == 24643
        assert s.legal_mask().shape == (24643,)


def test_the_id_table_is_pinned():
    texts = [dm.id_text(i) for i in range(dm.NUM_ACTIONS)]
    blob = "\n".join(f"{i} {t}" for i, t in enumerate(texts))
    assert hashlib.sha256(blob.encode()).hexdigest()[:16] == "f8b9f954af07652f"
    for i, t in EXAMPLES.items():
        assert texts[i] == t, i
    for kind, (a, b, first, last) in BLOCKS.items():
        assert texts[a] == f"{kind} {first}" and texts[b] == f"{kind} {last}"
        assert {t.split()[0] for t in texts[a:b + 1]} == {kind}
    assert sum(b - a + 1 for a, b, _, _ in BLOCKS.values()) == dm.NUM_ACTIONS - 4
    for bad in (-1, dm.NUM_ACTIONS, 10**5000, "4"):
        with pytest.raises(CardcoreError):
            dm.id_text(bad)


def test_ids_and_action_texts_in_a_game():
    s = cardcore.new_game("doudizhu", seed=7, first=0)
    assert s.legal_ids() == [0, 1, 2, 3]
    assert [str(s.action_from_id(i)) for i in s.legal_ids()] == ["pass", "bid 1", "bid 2",
                                                                 "bid 3"]
    assert s.action_to_id("bid 2") == 2
    s.apply_id(1)
    assert s.legal_ids() == [0, 2, 3]
    with pytest.raises(IllegalAction, match="bid 1"):
        s.apply_id(1)
    s.apply_id(3)                                     # seat 1 takes it at 3
    assert s.phase == "play" and s.landlord == 1 and s.current_player == 1
    lead = s.legal_ids()
    assert 0 not in lead and lead == sorted(lead)
    for i in lead:
        a = s.action_from_id(i)
        assert f"{a.kind} {a.text}" == dm.id_text(i)
        assert s.action_to_id(a) == i and s.action_to_id(a.text) == i
    single = min(lead)
    s.apply_id(single)
    assert s.table[-1] == single and s.log[-1][1] == "single"
    follow = s.legal_ids()
    assert follow[0] == 0                              # pass first when following
    assert all(dm.id_text(i).split()[0] in ("single", "bomb", "rocket") for i in follow[1:])


def test_move_ids_are_the_moves_ids():
    rng = random.Random(3)
    for _ in range(300):
        hand = [Card(c) for c in rng.sample(range(54), rng.choice((17, 20, 6)))]
        ms = moves(hand)
        got = move_ids(hand)
        assert got.dtype == np.int32 and got.tolist() == [m.id for m in ms]
        assert got.tolist() == sorted(got.tolist())
        beat = rng.choice(moves([Card(c) for c in rng.sample(range(54), 17)]))
        assert move_ids(hand, beat).tolist() == [m.id for m in moves(hand, beat)]
        assert all(m.beats(beat) for m in moves(hand, beat))
    assert move_ids("3c 3d 4h").tolist() == [4, 5, 19]
    assert move_ids(["3c", "3d"]).tolist() == [4, 19]
    assert move_ids((Card(52), Card(53))).tolist() == [17, 18, 24642]
    with pytest.raises(CardError, match="at most 20"):
        move_ids(list(range(21)))
    with pytest.raises(CardError, match="twice"):
        move_ids([5, 5])
    with pytest.raises(CardcoreError, match="Dou Dizhu Move"):
        move_ids("3c", beat=(0, 0, 1))


def test_a_legal_id_list_matches_the_legal_actions_in_random_games():
    rng = random.Random(9)
    for seed in range(6):
        s = cardcore.new_game("doudizhu", seed=seed)
        while not s.is_over:
            ids_ = s.legal_ids()
            assert ids_ == sorted(s.action_to_id(a) for a in s.legal_actions())
            s.apply_id(rng.choice(ids_))
        assert s.legal_ids() == [] and s.scores()


def test_numpy_ids_and_bad_ids():
    s = cardcore.new_game("doudizhu", seed=2, first=1)
    s.apply_id(np.int64(2))
    assert s.bid == 2 and s.log[-1][:3] == [1, "bid", "bid 2"]
    before = s.to_json()
    for bad in (1, 2, -1, 24643, 10**5000, "3", 2.0, None, True):
        with pytest.raises(IllegalAction):
            s.apply_id(bad)
    assert s.to_json() == before


# ------------------------------------------------------------------ the tensor

L = cardcore.doudizhu.DouDizhuState.TENSOR_LAYOUT


def cells(t, name):
    a, b = L[name]
    return t[a:b]


def test_tensor_layout():
    assert cardcore.doudizhu.DouDizhuState.TENSOR_SIZE == 399
    assert sorted(L.values())[0][0] == 0 and sorted(L.values())[-1][1] == 399
    spans = sorted(L.values())
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))     # contiguous, no overlap
    deck = list(range(54))
    random.Random(4).shuffle(deck)
    s = cardcore.new_game("doudizhu", seed=1, deck=deck, first=0)
    t = s.observation_tensor(0)
    assert t.shape == s.observation_shape == (399,) and t.dtype == np.float32
    hand = cells(t, "hand").reshape(15, 4)
    want = np.zeros(15, int)
    for c in s.hands[0]:
        want[cardcore.doudizhu.state.ddz_rank(c)] += 1
    assert (hand.sum(axis=1) == want).all()                           # counts as 4 cells
    assert all((row[:k] == 1).all() and (row[k:] == 0).all() for row, k in zip(hand, want))
    assert cells(t, "played").sum() == 0 and cells(t, "bottom").sum() == 0   # hidden bottom
    assert cells(t, "phase").tolist() == [1, 0, 0] and cells(t, "bid")[0] == 1
    assert cells(t, "to_act").tolist() == [1, 0, 0]
    assert cells(s.observation_tensor(1), "to_act").tolist() == [0, 0, 1]   # relative seats
    assert cells(t, "cards_left").tolist() == pytest.approx([17 / 20] * 3)
    s.apply("bid 1")
    s.apply("bid 3")                                                 # seat 1 is the landlord
    t0, t1 = s.observation_tensor(0), s.observation_tensor(1)
    assert cells(t0, "landlord").tolist() == [0, 1, 0]
    assert cells(t1, "landlord").tolist() == [1, 0, 0]
    assert cells(t0, "bidder").tolist() == [0, 1, 0] and cells(t0, "bid")[3] == 1
    assert cells(t0, "auction").reshape(3, 5)[0].tolist() == [0, 0, 1, 0, 0]   # seat 0: bid 1
    assert cells(t0, "auction").reshape(3, 5)[1].tolist() == [0, 0, 0, 0, 1]   # seat 1: bid 3
    assert cells(t0, "bottom").sum() == 3 and cells(t0, "phase").tolist() == [0, 1, 0]
    assert cells(t1, "cards_left").tolist() == pytest.approx([1.0, 17 / 20, 17 / 20])
    lead = s.legal_actions()[0]                                      # the lowest single
    s.apply(lead)
    t2 = s.observation_tensor(2)
    # seat 1 sits before seat 2: relative seat 2 in seat 2's tensor
    assert cells(t2, "table").sum() == 1 and cells(t2, "table_seat").tolist() == [0, 0, 1]
    assert cells(t2, "played")[120:180].sum() == 1 and cells(t2, "played").sum() == 1
    assert cells(t2, "hand").sum() == 17


def test_tensor_counts_bombs_and_passes():
    s = cardcore.new_game("doudizhu", seed=5, first=0)
    s.apply("bid 3")
    rng = random.Random(0)
    saw_pass = saw_bomb = False
    while not s.is_over:
        t = s.observation_tensor(s.current_player)
        assert cells(t, "passes")[0] == s.passes / 2
        assert cells(t, "bombs")[0] == s.bombs / 4
        saw_pass |= s.passes > 0
        saw_bomb |= s.bombs > 0
        legal = s.legal_ids()
        bombs = [i for i in legal if dm.id_text(i).split()[0] in ("bomb", "rocket")]
        s.apply_id(bombs[0] if bombs else rng.choice(legal))
    assert saw_pass
    t = s.observation_tensor(0)
    assert cells(t, "phase").tolist() == [0, 0, 1] and cells(t, "to_act").sum() == 0
