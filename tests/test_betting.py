"""The no-limit betting engine shared by Hold'em and One Poker."""

import pytest

from cardcore._ref import betting as rule
from cardcore.engines import betting as bt
from cardcore.errors import IllegalAction


def hand3(stacks=(1000, 1000, 1000), min_bet=20):
    h = bt.new_hand(list(stacks), min_bet=min_bet)
    bt.start_round(h, 0)
    return h


def kinds(h):
    return [k for k, _ in bt.legal(h)]


def test_open_round_check_or_bet():
    h = hand3()
    assert h["actor"] == 0
    assert bt.legal(h) == [("check", None), ("raise", 20), ("all-in", 1000)]
    assert bt.min_raise_to(h) == 20
    assert bt.max_raise_to(h) == 1000
    with pytest.raises(IllegalAction, match="below the minimum raise to 20"):
        bt.act(h, "raise", 10)
    with pytest.raises(IllegalAction, match="nothing is owed"):
        bt.act(h, "fold")
    with pytest.raises(IllegalAction, match="above the maximum"):
        bt.act(h, "raise", 1001)


def test_min_raise_is_last_full_increment():
    h = hand3()
    bt.act(h, "raise", 50)       # bet 50
    assert bt.min_raise_to(h) == 100
    bt.act(h, "raise", 130)      # raise by 80
    assert bt.min_raise_to(h) == 210
    with pytest.raises(IllegalAction, match="raise 200: below the minimum raise to 210"):
        bt.act(h, "raise", 200)
    bt.act(h, "raise", 210)
    assert h["actor"] == 0 and bt.owed(h, 0) == 160


def test_round_ends_when_all_matched():
    h = hand3()
    bt.act(h, "check")
    bt.act(h, "raise", 40)
    bt.act(h, "call")
    assert h["actor"] == 0
    bt.act(h, "call")
    assert bt.round_over(h)
    assert h["contrib"] == [40, 40, 40]


def test_short_allin_does_not_reopen_for_player_who_acted():
    h = hand3(stacks=(1000, 1000, 70))
    bt.act(h, "raise", 50)          # seat 0 bets 50 (full increment 50)
    bt.act(h, "call")               # seat 1 calls
    bt.act(h, "all-in")             # seat 2 all-in 70: +20, short
    assert h["last_inc"] == 50
    assert h["actor"] == 0
    assert not bt.can_raise(h, 0)
    assert kinds(h) == ["fold", "call"]
    assert bt.min_raise_to(h) is None and bt.max_raise_to(h) is None
    with pytest.raises(IllegalAction, match="not reopened"):
        bt.act(h, "raise", 200)
    bt.act(h, "call")
    assert not bt.can_raise(h, 1)
    bt.act(h, "call")
    assert bt.round_over(h)


def test_short_allin_still_lets_a_player_who_has_not_acted_raise():
    h = bt.new_hand([1000, 70, 1000], min_bet=20)
    bt.start_round(h, 0)
    bt.act(h, "raise", 50)
    bt.act(h, "all-in")             # 70, short
    assert h["actor"] == 2
    assert bt.min_raise_to(h) == 120  # 70 + last full increment 50
    bt.act(h, "raise", 120)
    assert bt.can_raise(h, 0)         # a full raise reopens


def test_short_allins_add_up_to_a_full_raise_reopen():
    h = bt.new_hand([1000, 1000, 65, 80], min_bet=20)
    bt.start_round(h, 0)
    bt.act(h, "raise", 50)
    bt.act(h, "call")
    bt.act(h, "all-in")             # 65: +15
    bt.act(h, "all-in")             # 80: +15 more, total increase 30 < 50
    assert h["actor"] == 0 and not bt.can_raise(h, 0)
    h2 = bt.new_hand([1000, 1000, 65, 101], min_bet=20)
    bt.start_round(h2, 0)
    bt.act(h2, "raise", 50)
    bt.act(h2, "call")
    bt.act(h2, "all-in")            # 65
    bt.act(h2, "all-in")            # 101: total increase 51 >= 50 reopens
    assert h2["actor"] == 0 and bt.can_raise(h2, 0)
    assert bt.min_raise_to(h2) == 151


def test_min_raise_capped_only_by_own_stack():
    h = bt.new_hand([1000, 30], min_bet=20)
    bt.start_round(h, 1)
    bt.act(h, "raise", 20)
    # seat 0 may raise far beyond what seat 1 can call; the excess comes back later
    assert bt.min_raise_to(h) == 40 and bt.max_raise_to(h) == 1000
    h = bt.new_hand([1000, 30], min_bet=20)
    bt.start_round(h, 0)
    bt.act(h, "raise", 25)
    assert h["actor"] == 1
    assert bt.min_raise_to(h) == 30 == bt.max_raise_to(h)  # short: only all-in
    assert kinds(h) == ["fold", "call", "all-in"]
    assert bt.check_action(h, "raise", 30) == ("all-in", 30)


def test_no_raise_when_no_other_player_can_bet():
    h = bt.new_hand([1000, 100], min_bet=1)
    bt.start_round(h, 1)
    bt.act(h, "all-in")
    assert h["actor"] == 0
    assert kinds(h) == ["fold", "call"]
    with pytest.raises(IllegalAction, match="no other player can still bet"):
        bt.act(h, "raise", 500)
    bt.act(h, "call")
    assert bt.round_over(h) and bt.betting_closed(h)


def test_call_for_less_is_allin_and_excess_returned():
    h = bt.new_hand([1000, 100], min_bet=1)
    bt.start_round(h, 0)
    bt.act(h, "raise", 400)
    bt.act(h, "call")               # seat 1 can only put 100 in
    assert h["stacks"][1] == 0 and h["contrib"] == [400, 100]
    assert bt.round_over(h)
    assert bt.return_uncalled(h) == 300
    assert h["contrib"] == [100, 100] and h["stacks"][0] == 900


def test_allin_alias_of_call_when_it_cannot_raise():
    h = bt.new_hand([1000, 100], min_bet=1)
    bt.start_round(h, 0)
    bt.act(h, "raise", 400)
    assert bt.check_action(h, "all-in") == ("call", None)


def test_no_decision_is_skipped():
    h = bt.new_hand([100, 500], min_bet=1)
    bt.start_round(h, 0)
    bt.act(h, "all-in")
    bt.act(h, "call")
    assert bt.round_over(h)
    bt.start_round(h, 0)            # next street: nobody can bet
    assert bt.round_over(h)


def test_side_pots_and_folded_chips():
    h = bt.new_hand([50, 200, 1000, 1000], min_bet=20)
    bt.start_round(h, 0)
    bt.act(h, "all-in")             # 50
    bt.act(h, "all-in")             # 200
    bt.act(h, "raise", 400)
    bt.act(h, "fold")               # seat 3 folds, nothing in
    assert bt.round_over(h)
    assert bt.return_uncalled(h) == 200
    assert bt.pots(h) == [
        {"amount": 150, "eligible": [0, 1, 2]},
        {"amount": 300, "eligible": [1, 2]},
    ]
    h = bt.new_hand([1000, 1000, 1000], min_bet=20)
    bt.start_round(h, 0)
    bt.act(h, "raise", 100)
    bt.act(h, "call")
    bt.act(h, "raise", 300)
    bt.act(h, "fold")               # seat 0: its 100 stays in
    bt.act(h, "call")
    assert bt.pots(h) == [{"amount": 700, "eligible": [1, 2]}]


def test_award_split_and_odd_chips_clockwise():
    h = bt.new_hand([100, 100, 100], min_bet=1)
    for s in range(3):
        bt.post(h, s, 11, as_bet=False)
    won = bt.award(h, [5, 9, 9], odd_from=2)
    # 33 chips to seats 1 and 2: 16 each, the odd chip to seat 2 (first clockwise from 2)
    assert won == [0, 16, 17]
    h = bt.new_hand([100, 100, 100], min_bet=1)
    for s in range(3):
        bt.post(h, s, 11, as_bet=False)
    assert bt.award(h, [9, 5, 9], odd_from=1) == [16, 0, 17]
    h = bt.new_hand([100, 100, 100], min_bet=1)
    for s in range(3):
        bt.post(h, s, 11, as_bet=False)
    assert bt.award(h, [9, 9, 9], odd_from=1) == [11, 11, 11]


def test_award_side_pot_winner_differs():
    h = bt.new_hand([50, 200, 200], min_bet=20)
    bt.start_round(h, 0)
    bt.act(h, "all-in")
    bt.act(h, "all-in")
    bt.act(h, "call")
    won = bt.award(h, [10, 3, 5], odd_from=1)
    assert won == [150, 0, 300]
    assert h["stacks"] == [150, 0, 300]


def test_posts_short_is_allin():
    h = bt.new_hand([15, 1000], min_bet=20)
    assert bt.post(h, 0, 20, as_bet=True) == 15
    assert h["stacks"][0] == 0 and h["max_bet"] == 15


def test_folded_player_never_acts_and_last_player_wins():
    h = hand3()
    bt.act(h, "raise", 20)
    bt.act(h, "fold")
    bt.act(h, "fold")
    assert bt.hand_decided(h) and bt.round_over(h)
    bt.return_uncalled(h)
    assert bt.award(h, [0, 0, 0], odd_from=0) == [0, 0, 0]
    assert h["stacks"] == [1000, 1000, 1000]


def test_legal_sizes():
    h = hand3()
    bt.act(h, "raise", 100)
    # seat 1: min raise 200, half pot (100 + (100+100)//2) = 200 (dup), pot 300, all-in 1000
    assert bt.legal(h) == [("fold", None), ("call", None), ("raise", 200), ("raise", 300),
                           ("all-in", 1000)]


def test_random_rounds_keep_every_invariant():
    from cardcore.rng import Rng

    rng = Rng(2024)
    for _trial in range(400):
        n = 2 + rng.below(5)
        stacks = [1 + rng.below(300) for _ in range(n)]
        total = sum(stacks)
        h = bt.new_hand(stacks, min_bet=1 + rng.below(20))
        bt.post(h, 0, 5, as_bet=True)
        bt.post(h, 1 % n, 10, as_bet=True)
        bt.start_round(h, 2 % n, keep_bets=True)
        for street in range(4):
            if street:
                bt.start_round(h, 0)
            for _ in range(200):
                a = h["actor"]
                if a is None:
                    break
                legal = bt.legal(h)
                assert legal and not h["folded"][a] and h["stacks"][a] > 0
                lo, hi = bt.min_raise_to(h), bt.max_raise_to(h)
                if lo is not None:
                    assert h["max_bet"] < lo <= hi == h["bets"][a] + h["stacks"][a]
                    assert lo == min(h["max_bet"] + h["last_inc"], hi)
                kind, amount = legal[rng.below(len(legal))]
                if kind == "raise" and lo is not None and rng.below(2):
                    amount = lo + rng.below(hi - lo + 1)
                bt.act(h, kind, amount)
                assert sum(h["stacks"]) + sum(h["contrib"]) == total
            else:
                raise AssertionError("a betting round did not end")
            # a closed round: everyone live and able to bet has matched the highest bet
            for i in bt.live(h):
                assert h["bets"][i] == h["max_bet"] or h["stacks"][i] == 0
            if bt.hand_decided(h):
                break
        bt.return_uncalled(h)
        pots = bt.pots(h)
        assert sum(p["amount"] for p in pots) == sum(h["contrib"])
        assert all(p["eligible"] for p in pots)
        strength = [rng.below(3) for _ in range(n)]
        won = bt.award(h, strength, odd_from=rng.below(n))
        assert sum(won) == sum(pots_amount["amount"] for pots_amount in pots)
        assert sum(h["stacks"]) == total


def test_resolve_texts_and_actions():
    from cardcore.game import Action

    h = hand3()
    assert bt.resolve(h, "Bet  40").text == "raise 40"
    assert bt.resolve(h, "raise to 40").text == "raise 40"
    assert bt.resolve(h, "allin").text == "all-in"
    assert bt.resolve(h, Action("raise", "raise 41")).text == "raise 41"
    for bad, why in [("raise 1e3", "whole number"), ("raise \u0664\u0660", "whole number"),
                     ("raise 10.5", "whole number"), ("jump", "not a betting action"),
                     ("call", "nothing is owed"), ("raise 5", "below the minimum raise to 20")]:
        with pytest.raises(IllegalAction, match=why):
            bt.resolve(h, bad)


def test_the_engine_re_exports_the_kernel_layers_rule():
    """The rule has one owner, ``cardcore._ref.betting`` (which the Hold'em step core's twin
    calls); the engine adds only the ``Action`` objects."""
    assert all(getattr(bt, n) is getattr(rule, n) for n in rule.__all__)
    assert set(bt.__all__) - set(rule.__all__) == {"action_of", "actions", "resolve"}
