"""Texas Hold'em integer actions and observation tensor (docs/actions/holdem.md), pinned."""

import random
from collections import Counter

import numpy as np
import pytest

import cardcore
from cardcore import IllegalAction
from cardcore.cards import deck52, parse
from cardcore.engines import betting as bt
from cardcore.holdem import state as hs

#: the id table of docs/actions/holdem.md: id -> what it stands for (stable across versions)
ID_TABLE = {0: "fold", 1: "check", 2: "call", 3: "raise min", 4: "raise 1/2 pot",
            5: "raise pot", 6: "all-in"}


def ids(text):
    return [int(c) for c in parse(text)]


def stacked(holes, board):
    h, b = ids(" ".join(holes)), ids(board)
    rest = [c for c in range(52) if c not in h and c not in b]
    deck = h + [rest[0], *b[:3], rest[1], b[3], rest[2], b[4]] + rest[3:]
    assert Counter(deck) == Counter(range(52))
    return deck


def texts(s):
    return [str(s.action_from_id(i)) for i in s.legal_ids()]


def test_the_id_table():
    assert dict(enumerate(bt.ID_NAMES)) == ID_TABLE
    assert (bt.FOLD, bt.CHECK, bt.CALL, bt.RAISE_MIN, bt.RAISE_HALF_POT, bt.RAISE_POT,
            bt.ALL_IN) == (0, 1, 2, 3, 4, 5, 6)
    assert hs.NUM_ACTIONS == 7


@pytest.mark.parametrize("options", [
    {}, {"single_deal": True}, {"stacks": [0, 300, 0, 50]}, {"button": 2, "hand_no": 9},
    {"stacks": [10**15, 1, 1, 1]},
])
def test_num_distinct_actions_is_fixed(options):
    s = cardcore.new_game("holdem", seed=4, **options)
    assert s.num_distinct_actions == 7
    assert s.observation_shape == (hs.OBS_SIZE,) == (156,)
    rng = random.Random(0)
    while not s.is_over and len(s.log) < 60:
        s.apply_id(rng.choice(s.legal_ids()))
        assert s.num_distinct_actions == 7


def test_preflop_ids_and_sizes():
    s = cardcore.new_game("holdem", seed=1, single_deal=True)
    assert s.current_player == 3
    assert s.legal_ids() == [0, 2, 3, 4, 5, 6]
    assert texts(s) == ["fold", "call", "raise 40", "raise 45", "raise 70", "all-in"]
    assert [a.text for a in s.legal_actions()] == texts(s)
    s.apply("raise 70")
    s.apply_id(0)
    # seat 1 (small blind, 10 in): min 70 + 50, half pot 70 + 160 // 2, pot 70 + 160
    assert s.current_player == 1
    assert texts(s) == ["fold", "call", "raise 120", "raise 150", "raise 230", "all-in"]
    assert s.action_to_id("raise 150") == 4 and s.action_to_id("raise 230") == 5
    assert s.action_to_id("all-in") == 6 and s.action_to_id("raise 1000") == 6
    assert s.action_to_id("bet 120") == 3
    assert s.legal_mask().tolist() == [True, False, True, True, True, True, True]


def test_check_has_its_own_id():
    s = cardcore.new_game("holdem", seed=1, single_deal=True)
    for _ in range(3):
        s.apply_id(2)                      # everyone calls; the big blind may check
    assert s.current_player == 2
    assert s.legal_ids() == [1, 3, 4, 5, 6]
    assert texts(s) == ["check", "raise 40", "raise 60", "raise 100", "all-in"]
    s.apply_id(1)
    assert s.log[-1] == [2, "check", "check", [], None, []]
    assert s.street_name == "flop"


def test_unlisted_amounts_have_no_id_but_apply():
    s = cardcore.new_game("holdem", seed=1, single_deal=True)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="cover only the listed sizes") as err:
        s.action_to_id("raise 137")
    assert "raise min 40" in str(err.value) and "apply('raise 137')" in str(err.value)
    assert s.to_json() == before and s.legal_ids() == [0, 2, 3, 4, 5, 6]
    s.apply("raise 137")
    assert s.log[-1] == [3, "raise", "raise 137", [], 137, []]
    # an illegal amount is an illegal action, not a missing id
    with pytest.raises(IllegalAction, match="below the minimum raise"):
        s.action_to_id("raise 150")


def test_apply_id_logs_what_apply_logs():
    rng = random.Random(5)
    for seed in range(30):
        a = cardcore.new_game("holdem", seed=seed)
        b = a.clone()
        while not a.is_over and len(a.log) < 120:
            i = rng.choice(a.legal_ids())
            b.apply(a.action_from_id(i))
            a.apply_id(i)
            assert a.log == b.log
            assert a.legal_ids() == b.legal_ids()
        assert a.to_json() == b.to_json()
        assert cardcore.from_json(a.to_json()).log == a.log


def test_a_listed_size_equal_to_another_is_listed_once():
    # a short stack whose pot-size raise is its all-in: the pot size is not listed apart
    s = cardcore.new_game("holdem", seed=1, single_deal=True, stacks=[1000, 1000, 1000, 70])
    assert texts(s) == ["fold", "call", "raise 40", "raise 45", "all-in"]
    assert s.legal_ids() == [0, 2, 3, 4, 6]
    with pytest.raises(IllegalAction, match=r"action id 5 \(raise pot\) is not legal"):
        s.apply_id(5)
    assert s.action_from_id(6).amount == 70


def test_ids_of_a_whole_match_and_numpy_ids():
    rng = random.Random(2)
    s = cardcore.new_game("holdem", seed=11, stacks=[60, 80, 0, 100])
    hands = set()
    while not s.is_over:
        hands.add(s.hand_no)
        s.apply_id(np.int64(rng.choice(s.legal_ids())))
    assert len(hands) > 1 and sum(s.scores()) == 0
    assert s.legal_ids() == [] and not s.legal_mask().any()
    with pytest.raises(IllegalAction, match="over"):
        s.apply_id(2)


# ---------------------------------------------------------------- the tensor

HOLES = ["As Ad", "Kc Kd", "7h 2c", "9s 9d"]


def test_tensor_layout_preflop():
    s = cardcore.new_game("holdem", seed=3, deck=stacked(HOLES, "Qh 8c 4d 3s Jc"))
    t = s.observation_tensor(3)
    assert t.shape == (156,) and t.dtype == np.float32
    assert np.flatnonzero(t[0:52]).tolist() == sorted(ids("9s 9d"))
    assert not t[52:104].any()
    assert t[104:108].tolist() == [1, 0, 0, 0]                       # preflop
    assert t[108:112].tolist() == [0, 0, 0, 1]                       # seat 3 observes
    assert t[112:116].tolist() == [1, 0, 0, 0]                       # button seat 0
    assert t[116:120].tolist() == [0, 1, 0, 0] and t[120:124].tolist() == [0, 0, 1, 0]
    assert t[124:128].tolist() == [0, 0, 0, 1]                       # seat 3 to act
    assert t[128:132].tolist() == pytest.approx([1.0, 0.99, 0.98, 1.0])
    assert t[132:136].tolist() == pytest.approx([0, 0.01, 0.02, 0])
    assert t[136:140].tolist() == pytest.approx([0, 0.01, 0.02, 0])
    assert t[140] == pytest.approx(0.03)
    assert not t[141:149].any() and t[149:153].tolist() == [1, 1, 1, 1]
    assert t[153] == pytest.approx(0.02)
    assert t[154] == pytest.approx(0.04) and t[155] == pytest.approx(1.0)
    # seat 0 sees its own cards only
    t0 = s.observation_tensor(0)
    assert np.flatnonzero(t0[0:52]).tolist() == sorted(ids("As Ad"))
    assert t0[153] == pytest.approx(0.02)


def test_tensor_board_folds_and_all_in():
    s = cardcore.new_game("holdem", seed=3, deck=stacked(HOLES, "Qh 8c 4d 3s Jc"),
                          stacks=[1000, 1000, 1000, 500])
    s.apply("all-in")        # seat 3: 500
    s.apply("fold")          # seat 0
    s.apply("call")          # seat 1
    s.apply("call")          # seat 2; the flop
    t = s.observation_tensor(1)
    assert np.flatnonzero(t[52:104]).tolist() == sorted(ids("Qh 8c 4d"))
    assert t[104:108].tolist() == [0, 1, 0, 0]
    assert t[141:145].tolist() == [1, 0, 0, 0]                       # seat 0 folded
    assert t[145:149].tolist() == [0, 0, 0, 1]                       # seat 3 all-in
    assert t[140] == pytest.approx(1500 / 875)                       # unit: 3500 / 4
    assert t[136:140].tolist() == pytest.approx([0, 500 / 875, 500 / 875, 500 / 875])


def test_tensor_sits_out_and_game_over():
    s = cardcore.new_game("holdem", seed=3, single_deal=True, stacks=[0, 300, 0, 100])
    t = s.observation_tensor(1)
    assert t[149:153].tolist() == [0, 1, 0, 1]
    assert t[128:132].tolist() == pytest.approx([0, 290 / 200, 0, 80 / 200])
    while not s.is_over:
        s.apply_id(s.legal_ids()[-1])    # all-in, calls
    t = s.observation_tensor(3)
    final = s.stacks
    assert t[128:132].tolist() == pytest.approx([x / 200 for x in final])
    assert not t[0:108].any() and not t[124:128].any() and not t[132:].any()
    assert t[108:112].tolist() == [0, 0, 0, 1]


def test_tensor_is_the_same_for_hidden_cards():
    """Two deals that differ only in other seats' hole cards give seat 3 the same tensor."""
    a = cardcore.new_game("holdem", seed=3, deck=stacked(HOLES, "Qh 8c 4d 3s Jc"))
    b = cardcore.new_game("holdem", seed=3,
                          deck=stacked(["Ac 2d", "Qs Jd", "5h 5c", "9s 9d"], "Qh 8c 4d 3s Jc"))
    for s in (a, b):
        for t in ("call", "call", "call", "check"):
            s.apply(t)
    assert np.array_equal(a.observation_tensor(3), b.observation_tensor(3))
    assert not np.array_equal(a.observation_tensor(0), b.observation_tensor(0))


def test_default_deck_is_the_seeded_shuffle():
    """The kernel shuffles exactly as ``Rng.shuffle`` does (the same seeds, the same deals)."""
    from cardcore.rng import Rng

    for seed in (0, 1, 99, 2**64 - 1):
        s = cardcore.new_game("holdem", seed=seed, single_deal=True)
        cards = [int(c) for c in deck52()]
        Rng(seed).shuffle(cards)
        assert s.holes == [cards[0:2], cards[2:4], cards[4:6], cards[6:8]]
        assert s.deck == cards[8:]


def test_stacks_are_capped():
    s = cardcore.new_game("holdem", seed=1, single_deal=True, stacks=[10**15, 10**15, 0, 0])
    assert s.legal_ids() == [0, 2, 3, 5, 6]       # heads-up: half pot is the minimum raise
    assert s.action_from_id(6).amount == 10**15
    s.apply_id(6)
    s.apply_id(2)
    assert s.is_over and sorted(s.scores()) == [-10**15, 0, 0, 10**15]
    with pytest.raises(cardcore.OptionError, match="at least two players"):
        cardcore.new_game("holdem", seed=1, stacks=[10**15 + 1, 5, 0, 0])


def test_pickle_and_deepcopy_continue_the_same_hand():
    import copy
    import pickle

    s = cardcore.new_game("holdem", seed=4, single_deal=True)
    s.apply_id(s.legal_ids()[-1])
    for other in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s), copy.copy(s)):
        assert other.log == s.log and other.legal_ids() == s.legal_ids()
        assert other.to_json() == s.to_json()
        i = other.legal_ids()[0]
        other.apply_id(i)
        assert other.log != s.log  # independent of the original
