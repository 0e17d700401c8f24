"""Schnapsen's integer actions and observation tensor: the id table pinned, the step path
(``legal_ids`` / ``apply_id``) checked against the listed actions, the tensor's layout.

The tables here are the ones documented in ``docs/actions/schnapsen.md``; a change to them is a
change of the public id scheme."""

import json
import random

import numpy as np
import pytest

import cardcore
from cardcore import IllegalAction
from cardcore.cards import deck_vienna20, parse
from cardcore.schnapsen import strict_follows
from cardcore.schnapsen import state as sch

# the id of every action, pinned as text
PLAY_IDS = ["Tc", "Td", "Th", "Ts", "Jc", "Jd", "Jh", "Js", "Qc", "Qd", "Qh", "Qs",
            "Kc", "Kd", "Kh", "Ks", "Ac", "Ad", "Ah", "As"]                  # ids 0..19
MARRY_IDS = ["marry Qc", "marry Qd", "marry Qh", "marry Qs",
             "marry Kc", "marry Kd", "marry Kh", "marry Ks"]                 # ids 20..27
OTHER_IDS = {28: "exchange", 29: "close"}


def ids(text):
    return [int(c) for c in parse(text)]


def stacked(h0, h1, stock="", trump="Jc"):
    head = ids(h0) + ids(h1) + ids(stock)
    t = ids(trump)[0]
    rest = [int(c) for c in deck_vienna20() if int(c) not in head and int(c) != t]
    return head + rest + [t]


def game(h0, h1, stock="", trump="Jc", **kw):
    kw.setdefault("single_deal", True)
    return cardcore.new_game("schnapsen", seed=5, deck=stacked(h0, h1, stock, trump), **kw)


@pytest.mark.parametrize("options", [{}, {"single_deal": True}, {"single_deal": False}])
def test_thirty_ids_with_every_option(options):
    s = cardcore.new_game("schnapsen", seed=1, **options)
    assert s.num_distinct_actions == 30 == sch.N_ACTIONS
    assert s.legal_mask().shape == (30,)


def test_every_card_play_has_its_pinned_id():
    seen = {}
    for k in range(4):                    # four deals give seat 0 all twenty cards to lead
        hand = " ".join(PLAY_IDS[k * 5:(k + 1) * 5])
        others = [c for c in PLAY_IDS if c not in hand.split()]
        s = game(hand, " ".join(others[:5]), trump=others[-1])
        for text in hand.split():
            i = s.action_to_id(text)
            seen[i] = text
            assert s.action_from_id(i).text == text and s.action_from_id(i).kind == "play"
    assert seen == dict(enumerate(PLAY_IDS))


def test_every_marriage_exchange_and_close_has_its_pinned_id():
    s = game("Kc Qc Kd Qd Jh", "Ac Tc Ad Td Th", trump="Ah")
    t = cardcore.new_game("schnapsen", seed=5, deck=stacked("Kh Qh Ks Qs Jc", "Ac Tc Ad Td Th",
                                                            trump="Ah"), single_deal=True)
    got = {}
    for state in (s, t):
        for i in state.legal_ids():
            got[i] = state.action_from_id(i).text
    for k, text in enumerate(MARRY_IDS):
        assert got[20 + k] == text
    assert got[29] == "close"
    u = game("Jh Kc Qc Ad As", "Ac Tc Td Th Ts", trump="Ah")       # holds the trump jack
    assert u.action_to_id("exchange") == 28 and u.action_from_id(28).text == "exchange"
    assert {i: u.action_from_id(i).text for i in (28, 29)} == OTHER_IDS


def test_ids_of_a_position_are_ascending_and_name_the_listed_actions():
    s = game("Jc Ah Kh Qh Kc", "Td Ad Ts As Th", trump="Qc")
    assert [a.text for a in s.legal_actions()] == [
        "exchange", "close", "Kc", "Jc", "Ah", "Kh", "marry Kh", "Qh", "marry Qh"]
    assert s.legal_ids() == [4, 10, 12, 14, 18, 22, 26, 28, 29]
    mask = s.legal_mask()
    assert mask.dtype == np.bool_ and np.flatnonzero(mask).tolist() == s.legal_ids()
    # the marriage's amount is part of the action (20 here, 40 in trumps)
    a = s.action_from_id(22)
    assert a.kind == "marry" and a.amount == 20 and a.cards == tuple(parse("Qh"))
    s.apply_id(22)
    assert s.log[-1] == [0, "marry", "marry Qh", ids("Qh"), 20, []]
    assert s.pending == [20, 0]
    assert s.legal_ids() == [ids(c)[0] - 32 for c in ("Td", "Th", "Ts", "Ad", "As")]


def test_marriage_in_trumps_carries_forty():
    s = game("Kc Qc Ah Ad As", "Ac Tc Td Th Ts", trump="Jc")
    assert s.action_from_id(24).amount == 40 and s.action_from_id(20).amount == 40
    s.apply_id(24)
    assert s.log[-1] == [0, "marry", "marry Kc", ids("Kc"), 40, []]


def test_illegal_ids_raise_naming_the_action_and_leave_the_state():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", trump="Jc")
    before = s.to_json()
    for bad, words in ((28, "exchange"), (21, "marry Qd"), (1, "Td")):
        with pytest.raises(IllegalAction, match=words):
            s.apply_id(bad)
    for bad in (-1, 30, 2**70, "4", 4.0, None, True):
        with pytest.raises(IllegalAction):
            s.apply_id(bad)
    assert s.to_json() == before and s.legal_ids() == [0, 6, 8, 12, 16, 20, 24, 29]
    s.apply_id(np.int16(16))                        # numpy ints are ids
    assert s.log[-1][2] == "Ac"


def test_strict_follow_ids_match_the_rules_function():
    # closing makes the rules strict at once: follow and beat, else follow, else trump
    s = game("Jc Ah Kh Qd Js", "Td Ad Ts As Th", stock="Qh Kd Ks Qs Jh Jd Kc Qc Ac",
             trump="Tc")
    s.apply_id(29)
    s.apply_id(ids("Ah")[0] - 32)
    assert s.legal_ids() == [ids("Th")[0] - 32]


def _random_game(seed, single_deal):
    s = cardcore.new_game("schnapsen", seed=seed, single_deal=single_deal)
    return s, random.Random(seed)


@pytest.mark.parametrize("single_deal", [True, False])
def test_step_path_equals_the_listed_actions_over_random_games(single_deal):
    """The ids are computed on their own (not from ``legal_actions``): over random games and
    whole matches (new deals started by ``apply_id``) they are exactly the listed actions, and
    each follow under the strict rules is ``strict_follows``."""
    strict_checked = 0
    for seed in range(40 if single_deal else 8):
        s, rng = _random_game(seed, single_deal)
        twin = cardcore.new_game("schnapsen", seed=seed, single_deal=single_deal)
        while not s.is_over:
            ids_ = s.legal_ids()
            acts = s.legal_actions()
            assert ids_ == sorted(s.action_to_id(a) for a in acts)
            if s.phase == "follow" and s.strict:
                p = s.current_player
                want = strict_follows(s.hands[p], s.trick[0][1], s.trump)
                assert ids_ == sorted(c - 32 for c in want)
                strict_checked += 1
            i = ids_[rng.randrange(len(ids_))]
            twin.apply(s.action_from_id(i).text)
            s.apply_id(i)
            assert s.log[-1] == twin.log[-1]
        assert s.to_json() == twin.to_json() and s.scores() == twin.scores()
        assert cardcore.from_json(s.to_json()).log == s.log
    assert strict_checked > 50


# ---------------------------------------------------------------- the tensor

def test_tensor_shape_and_own_hand_cells():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", trump="Jc")
    assert s.observation_shape == (213,) == (sch.OBS_SIZE,)
    for p, hand in ((0, "Ac Tc Kc Qc Jh"), (1, "Jd Qd Kd Js Th")):
        t = s.observation_tensor(p)
        assert t.dtype == np.float32 and t.shape == (213,)
        assert sorted(np.flatnonzero(t[0:20]).tolist()) == sorted(c - 32 for c in ids(hand))
        assert t[40 + ids("Jc")[0] - 32] == 1.0                   # the trump card face up
        assert t[180:184].tolist() == [1, 0, 0, 0]                # trumps clubs
        assert t[184:187].tolist() == [1, 0, 0]                   # phase: lead
        assert t[187] == (1.0 if p == 0 else 0.0)                 # my turn
        assert t[189] == 1.0                                      # stock 10 / 10
        # the unseen cards: the opponent's five and the nine stock cards under the trump card
        assert t[160:180].sum() == 14
        assert t[212] == (1.0 if p == 1 else 0.0)                 # seat 1 deals the first deal
        assert t[210] == t[211] == 1.0                            # match counts 7 / 7


def test_tensor_tricks_points_marriages_known_cards_and_closing():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad", trump="Jc")
    s.apply("marry Qc")                        # 40 pending, Kc shown
    t1 = s.observation_tensor(1)
    assert t1[20 + ids("Kc")[0] - 32] == 1.0                      # seat 0 is known to hold Kc
    assert t1[60 + ids("Qc")[0] - 32] == 1.0                      # Qc on the table
    assert t1[204:208].tolist() == [1, 0, 0, 0]                   # the opponent married clubs
    assert t1[197] == pytest.approx(40 / 66)                      # opponent's pending points
    assert t1[185] == 1.0 and t1[187] == 1.0                      # follow, seat 1 to act
    s.apply("Th")                              # Qc (trump) wins: 40 + 3 + 10 for seat 0
    t0 = s.observation_tensor(0)
    assert t0[80 + ids("Qc")[0] - 32] == 1.0 and t0[100 + ids("Th")[0] - 32] == 1.0
    assert t0[120 + ids("Qc")[0] - 32] == t0[120 + ids("Th")[0] - 32] == 1.0   # my pile
    assert t0[194] == pytest.approx(53 / 66) and t0[195] == 0.0
    assert t0[198] == pytest.approx(0.1) and t0[199] == 0.0
    assert t0[60:80].sum() == 0 and t0[189] == pytest.approx(0.8)
    s.apply("close")
    t0, t1 = s.observation_tensor(0), s.observation_tensor(1)
    assert t0[190] == t0[191] == 1.0 and t0[192] == 0.0 and t0[193] == 1.0
    assert t1[190] == t1[192] == 1.0 and t1[191] == 0.0
    assert t0[208] == 0.0 and t0[209] == 0.0                      # seat 1: 0 points, no trick


def test_tensor_after_an_exchange_shows_the_taken_card():
    s = game("Jc Ah Kh Qd Js", "Td Ad Ts As Th", trump="Tc")
    s.apply_id(28)
    t1 = s.observation_tensor(1)
    assert t1[20 + ids("Tc")[0] - 32] == 1.0 and t1[40 + ids("Jc")[0] - 32] == 1.0
    assert t1[0:20].sum() == 5 and t1[160:180].sum() == 20 - 5 - 1 - 1


def test_tensor_is_the_same_for_hidden_card_swaps():
    # the opponent's hand and the stock order never show
    a = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad Ts As", trump="Jc")
    b = game("Ac Tc Kc Qc Jh", "As Ts Kd Js Th", stock="Ad Td Qd Jd", trump="Jc")
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    assert not np.array_equal(a.observation_tensor(1), b.observation_tensor(1))


def test_tensor_at_the_end_of_a_single_deal():
    s = game("Ac Tc Kc Qc Ah", "Jd Qd Kd Js Qs", stock="Td Ad Ts As Kh Qh Th Jh Ks",
             trump="Jc")
    for text in ("marry Kc", "Jd", "Ac", "Qd", "Tc", "Js"):
        s.apply(text)
    assert s.is_over and s.legal_ids() == []
    t = s.observation_tensor(1)
    assert t[186] == 1.0 and t[187] == 0.0 and t[188] == 0.0
    json.dumps(t.tolist())
