"""One Poker integer actions and observation tensor (docs/actions/onepoker.md), pinned."""

import random
from collections import Counter

import numpy as np
import pytest

import cardcore
from cardcore import IllegalAction
from cardcore.cards import deck104, parse
from cardcore.onepoker import state as ops


def card(text):
    return int(parse(text)[0])


def stacked(first4, pile=""):
    head = [int(c) for c in parse(first4)] + [int(c) for c in parse(pile)]
    rest = Counter(int(c) for c in deck104()) - Counter(head)
    return head + sorted(rest.elements())


def game(first4, pile="", **kw):
    return cardcore.new_game("onepoker", seed=7, deck=stacked(first4, pile), **kw)


def texts(s):
    return [str(s.action_from_id(i)) for i in s.legal_ids()]


def test_the_id_table():
    assert ops.LOCK0 == 7 and ops.NUM_ACTIONS == 59
    s = game("2c As Kd Kd", single_deal=True)
    assert s.legal_ids() == [7, 7 + 51]
    assert texts(s) == ["lock 2c", "lock As"]
    for c in (0, 1, 2, 3, 4, 30, 51):
        assert s._action_of_id(7 + c).text == f"lock {cardcore.Card(c)}"
        assert s._describe_id(7 + c) == f"lock {cardcore.Card(c)}"
    assert [s._describe_id(i) for i in range(7)] == [
        "fold", "check", "call", "raise min", "raise 1/2 pot", "raise pot", "all-in"]


@pytest.mark.parametrize("options", [{}, {"single_deal": True}, {"stacks": [3, 50]}])
def test_num_distinct_actions_is_fixed(options):
    s = cardcore.new_game("onepoker", seed=2, **options)
    assert s.num_distinct_actions == 59 and s.observation_shape == (179,)
    rng = random.Random(1)
    while not s.is_over and len(s.log) < 200:
        s.apply_id(rng.choice(s.legal_ids()))
        assert s.num_distinct_actions == 59


def test_the_documented_example():
    s = cardcore.new_game("onepoker", seed=1, single_deal=True)
    assert s.legal_ids() == [38, 39] and texts(s) == ["lock 9s", "lock Tc"]
    s.apply_id(38)
    assert s.log[-1] == [0, "lock", "lock 9s", [31], None, []]
    s.apply_id(s.legal_ids()[0])
    assert s.current_player == 0
    assert s.legal_ids() == [1, 3, 5, 6]
    assert texts(s) == ["check", "raise 1", "raise 2", "all-in"]   # half pot = min: once
    s.apply("raise 3")
    assert s.legal_ids() == [0, 2, 3, 4, 5, 6]
    assert texts(s) == ["fold", "call", "raise 6", "raise 7", "raise 11", "all-in"]
    assert s.action_to_id("raise 7") == 4 and s.action_to_id("call") == 2


def test_equal_cards_have_one_lock_id():
    s = game("Kd Kd 2c 3c", single_deal=True)
    kd = card("Kd")
    assert s.legal_ids() == [7 + kd]
    assert s.action_to_id("lock Kd") == 7 + kd and s.action_to_id("Kd") == 7 + kd
    with pytest.raises(IllegalAction, match=r"action id 7 \(lock 2c\) is not legal"):
        s.apply_id(7)                     # seat 1's card, not seat 0's
    with pytest.raises(IllegalAction):
        s.apply_id(2)                     # no betting while locking


def test_unlisted_amounts_have_no_id_but_apply():
    s = game("9s Tc 3s 4h", single_deal=True)
    s.apply("lock 9s")
    s.apply("lock 3s")
    with pytest.raises(IllegalAction, match="cover only the listed sizes"):
        s.action_to_id("raise 7")
    s.apply("raise 7")
    assert s.log[-1] == [0, "raise", "raise 7", [], 7, []]


def test_apply_id_logs_what_apply_logs_over_matches():
    rng = random.Random(9)
    for seed in range(12):
        a = cardcore.new_game("onepoker", seed=seed)
        b = a.clone()
        while not a.is_over and len(a.log) < 400:
            i = rng.choice(a.legal_ids())
            b.apply(a.action_from_id(i))
            a.apply_id(i)
            assert a.log == b.log and a.legal_ids() == b.legal_ids()
        assert a.to_json() == b.to_json()
        back = cardcore.from_json(a.to_json())
        assert back._state_dict() == a._state_dict()


# ---------------------------------------------------------------- the tensor

def test_tensor_layout_while_locking_and_betting():
    s = game("9s Tc 3s 3s")
    t = s.observation_tensor(1)
    assert t.shape == (179,) and t.dtype == np.float32
    assert np.flatnonzero(t[0:52]).tolist() == [card("3s")] and t[card("3s")] == 2
    assert not t[52:104].any() and not t[104:156].any()
    assert t[156:158].tolist() == [1, 0]                  # locking
    assert t[158:160].tolist() == [0, 1]                  # seat 1 observes
    assert t[160:162].tolist() == [1, 0] and t[162:164].tolist() == [1, 0]
    assert t[166:170].tolist() == [2, 0, 0, 2]            # UP/DOWN signals
    assert t[170:172].tolist() == pytest.approx([19 / 20, 19 / 20])
    assert t[174] == pytest.approx(2 / 20)
    assert t[178] == pytest.approx(100 / 104)
    s.apply("lock Tc")
    t = s.observation_tensor(1)
    assert t[164:166].tolist() == [1, 0] and not t[52:104].any()   # not which card
    assert s.observation_tensor(0)[52 + card("Tc")] == 1
    s.apply("lock 3s")
    s.apply("raise 4")
    t = s.observation_tensor(1)
    assert t[156:158].tolist() == [0, 1] and t[162:164].tolist() == [0, 1]
    assert t[52 + card("3s")] == 1
    assert t[172:174].tolist() == pytest.approx([4 / 20, 0])
    assert t[175] == pytest.approx(4 / 20)
    assert t[176] == pytest.approx(8 / 20) and t[177] == pytest.approx(19 / 20)


def test_tensor_discards_and_hidden_cards():
    a = game("9s Tc 3s 4h", "5c 6c")
    b = game("9s Tc 2d 4h", "5c 6c")      # seat 1 holds another card
    for s in (a, b):
        s.apply("lock 9s")
        s.apply("lock 4h")
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    assert not np.array_equal(a.observation_tensor(1), b.observation_tensor(1))
    a.apply("raise 2")
    a.apply("fold")
    assert a.deal_no == 2
    t = a.observation_tensor(0)
    assert np.flatnonzero(t[104:156]).tolist() == sorted([card("9s"), card("4h")])
    # the winner (seat 0) draws first: 5c
    assert np.flatnonzero(t[0:52]).tolist() == sorted([card("Tc"), card("5c")])
