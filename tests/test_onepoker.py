"""One Poker: every line of docs/rules/onepoker.md pinned with stacked decks."""

from collections import Counter

import pytest

from cardcore import OptionError

import cardcore
from cardcore import CardError, IllegalAction
from cardcore.cards import deck104, parse
from cardcore.onepoker import compare, is_up


def stacked(first4, pile=""):
    """A full 104-card deck: seat 0's 2 cards, seat 1's 2 cards, ``pile`` on top of the rest."""
    head = [int(c) for c in parse(first4)] + [int(c) for c in parse(pile)]
    rest = Counter(int(c) for c in deck104()) - Counter(head)
    return head + sorted(rest.elements())


def game(first4, pile="", **kw):
    return cardcore.new_game("onepoker", seed=7, deck=stacked(first4, pile), **kw)


def texts(s):
    return [a.text for a in s.legal_actions()]


# ---------------------------------------------------------------- card ranks

@pytest.mark.parametrize("other", ["3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"])
def test_two_beats_ace_but_loses_to_three_to_king(other):
    two, ace, x = (int(parse(t)[0]) for t in ("2c", "As", other + "h"))
    assert compare(two, ace) == 1 and compare(ace, two) == -1
    assert compare(two, x) == -1 and compare(x, two) == 1
    assert compare(ace, x) == 1


def test_suits_do_not_matter_and_equal_ranks_tie():
    a, b = (int(parse(t)[0]) for t in ("Kc", "Ks"))
    assert compare(a, b) == 0 == compare(b, a)


def test_up_and_down_groups():
    assert [is_up(int(parse(r + "c")[0])) for r in "23456789TJQKA"] == [False] * 6 + [True] * 7


def test_showdown_two_beats_ace_in_play():
    s = game("2c 9d As Kh", single_deal=True)
    s.apply("lock 2c")
    s.apply("lock As")
    s.apply("check")
    s.apply("check")
    assert s.is_over and s.scores() == (1.0, -1.0)
    assert s.past[0]["locked"] == [int(parse("2c")[0]), int(parse("As")[0])]


# ---------------------------------------------------------------- setup, signals, locking

def test_deal_antes_and_signals_are_public_but_cards_hidden():
    s = game("2c Jd As Kh")
    assert s.current_player == 0
    obs1 = s.observation(1)
    assert obs1["signals"] == [{"up": 1, "down": 1}, {"up": 2, "down": 0}]
    assert obs1["hand"] == [int(c) for c in parse("As Kh")]
    assert obs1["chips"] == [19, 19] and obs1["pot"] == 2
    s.apply("Jd")                      # the card text alone locks it
    obs1 = s.observation(1)
    assert obs1["opponent_locked"] is True
    assert obs1["locked"] is None       # seat 1 has not locked; seat 0's card is not shown
    jd = int(parse("Jd")[0])
    assert all(jd not in v for v in obs1.values() if isinstance(v, list) and v
               and isinstance(v[0], int))
    assert obs1["signals"][0] == {"up": 1, "down": 1}   # the signal does not tell what was locked
    assert "Jd" not in s.render(1) and "2c" not in s.render(1)
    assert "locked Jd" in s.render(0)


def test_lock_order_and_betting_only_after_both_locked():
    s = game("2c Jd As Kh")
    assert texts(s) == ["lock 2c", "lock Jd"]
    with pytest.raises(IllegalAction):
        s.apply("check")               # no betting before both locked
    with pytest.raises(IllegalAction, match="holds 2c Jd"):
        s.apply("lock As")             # not your card
    s.apply("lock 2c")
    assert s.current_player == 1 and texts(s) == ["lock As", "lock Kh"]
    s.apply("lock Kh")
    assert s.current_player == 0       # the first player starts the betting
    with pytest.raises(IllegalAction):
        s.apply("lock Jd")             # a locked card cannot be changed; locking is over
    assert s.min_raise_to == 1 and s.max_raise_to == 19


def test_identical_cards_give_one_lock_action():
    s = game("7c 7c As Kh")
    assert texts(s) == ["lock 7c"]
    s.apply("7c")
    assert s.locked[0] == int(parse("7c")[0])


# ---------------------------------------------------------------- betting

def test_bet_raise_sizes_and_messages():
    s = game("2c Jd As Kh")
    s.apply("lock Jd")
    s.apply("lock As")
    s.apply("bet 3")                   # alias of raise 3
    assert s.history[-1].action.text == "raise 3"
    assert s.min_raise_to == 6 and s.max_raise_to == 19
    with pytest.raises(IllegalAction, match="raise 5: below the minimum raise to 6"):
        s.apply("raise 5")
    with pytest.raises(IllegalAction, match="above the maximum"):
        s.apply("raise 20")
    with pytest.raises(IllegalAction, match="whole number"):
        s.apply("raise lots")
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply("check")
    assert s.to_json() == before
    s.apply("raise 13")                # not a listed size: any legal raise is accepted
    assert s.current_player == 0 and s.min_raise_to == 19  # min would be 23: capped at all-in


def test_fold_still_reveals_both_locked_cards_and_loses_the_pot():
    s = game("2c Jd As Kh", single_deal=True)
    s.apply("lock Jd")
    s.apply("lock As")
    s.apply("raise 4")
    s.apply("fold")
    assert s.is_over and s.scores() == (1.0, -1.0)   # the ante; the uncalled bet came back
    rec = s.observation(1)["past"][0]
    assert rec["locked"] == [int(parse("Jd")[0]), int(parse("As")[0])]
    assert rec["folded"] == 1 and rec["winner"] == 0


def test_short_allin_does_not_reopen_and_facing_allin_only_call_or_fold():
    s = game("2c Jd As Kh", stacks=[20, 6])
    s.apply("lock Jd")
    s.apply("lock As")
    s.apply("raise 4")                  # seat 1 has 5 behind
    s.apply("all-in")                   # 5: an increase of 1 < 4, short
    assert texts(s) == ["fold", "call"]
    assert s.min_raise_to is None and s.max_raise_to is None
    with pytest.raises(IllegalAction, match="no other player can still bet"):
        s.apply("raise 12")
    s.apply("call")
    assert s.chips == [14, 12]          # A beats J: seat 1 wins 6 + 6


def test_call_for_less_is_allin_and_excess_returned():
    s = game("Ac Jd 3s Kh", stacks=[20, 5], single_deal=True)
    s.apply("lock Ac")
    s.apply("lock 3s")
    s.apply("raise 10")
    assert texts(s) == ["fold", "call"]
    s.apply("call")                      # only 4 left: all-in for less
    assert s.is_over and s.chips == [25, 0] and s.scores() == (5.0, -5.0)


def test_tie_splits_the_pot_exactly():
    s = game("9c 2d 9s Kh", single_deal=True)
    s.apply("lock 9c")
    s.apply("lock 9s")
    s.apply("raise 3")
    s.apply("call")
    assert s.is_over and s.scores() == (0.0, 0.0)
    assert s.past[-1]["winner"] is None and s.past[-1]["won"] == [4, 4]


def test_tie_split_when_one_player_is_allin_for_less():
    # Decision: the pot of each contribution level is even (both matched), the excess comes
    # back, so a tie never leaves an odd chip.
    s = game("9c 2d 9s Kh", stacks=[20, 4], single_deal=True)
    s.apply("lock 9c")
    s.apply("lock 9s")
    s.apply("raise 7")
    s.apply("call")
    assert s.chips == [20, 4] and s.past[-1]["won"] == [4, 4]


# ---------------------------------------------------------------- next deal

def test_next_deal_keeps_other_card_draws_and_winner_goes_first():
    s = game("2c Jd As Kh", pile="5h 6h 7h 8h")
    s.apply("lock Jd")
    s.apply("lock Kh")
    s.apply("check")
    s.apply("check")                     # K beats J: seat 1 wins
    assert s.deal_no == 2 and s.first == 1 and s.current_player == 1
    # the winner (next first player) draws first
    assert s.hands[1] == [int(c) for c in parse("As 5h")]
    assert s.hands[0] == [int(c) for c in parse("2c 6h")]
    assert s.discards == [int(c) for c in parse("Jd Kh")]
    assert s.chips == [19, 21] and s.observation(0)["chips"] == [18, 20]  # after the ante
    assert s.past[0]["net"] == [-1, 1]


def test_first_player_alternates_after_a_tie():
    s = game("9c 2d 9s Kh", pile="5h 6h 5d 6d")
    assert s.first == 0
    s.apply("lock 9c"), s.apply("lock 9s"), s.apply("check"), s.apply("check")
    assert s.past[-1]["winner"] is None and s.first == 1 and s.current_player == 1


def test_first_player_after_tie_in_later_deal():
    # deal 1: seat 1 wins (first of deal 2 is seat 1); deal 2 tie: deal 3 starts with seat 0
    s = game("2c Jd As Kh", pile="5h 5d")
    s.apply("Jd"), s.apply("Kh"), s.apply("check"), s.apply("check")
    assert s.first == 1
    s.apply("5h")                        # seat 1 locks first
    s.apply("5d")
    s.apply("check"), s.apply("check")
    assert s.past[-1]["winner"] is None and s.first == 0 and s.current_player == 0


def play_check_deal(s):
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    if s.phase == "bet":
        s.apply("check")
        s.apply("check")


def test_reshuffle_when_fewer_than_two_cards_keeps_held_cards_aside():
    s = cardcore.new_game("onepoker", seed=11, stacks=[1000, 1000])
    deals = 0
    while s.reshuffles == 0:
        pile_before = len(s.pile)
        play_check_deal(s)
        deals += 1
        if s.reshuffles == 0:
            assert len(s.pile) == pile_before - 2
            kept = [list(h) for h in s.hands]
    # 100 cards in the pile, 2 drawn after each deal: after deal 50 the pile is empty and the
    # reshuffle comes before the draws that follow deal 51
    assert deals == 51
    assert s.discards == []
    assert Counter(s.pile) + Counter(s.hands[0]) + Counter(s.hands[1]) == Counter(
        int(c) for c in deck104())
    assert len(s.pile) == 100
    # each player still holds the card they kept from deal 51 (it was not shuffled in)
    last = s.past[-1]["locked"]
    for seat in (0, 1):
        held = list(kept[seat])
        held.remove(last[seat])
        assert s.hands[seat][0] == held[0]


# ---------------------------------------------------------------- match end, antes

def test_ante_allin_goes_straight_to_showdown():
    s = game("2c Jd As Kh", stacks=[1, 20])
    assert s.observation(0)["chips"] == [0, 19]
    s.apply("lock Jd")
    s.apply("lock Kh")                   # nobody can bet: showdown at once
    assert s.is_over
    assert s.chips == [0, 21] and s.scores() == (-1.0, 1.0)
    assert s.winner == 1


def test_ante_allin_can_win():
    s = game("2c Jd As Kh", stacks=[1, 20])
    s.apply("lock 2c")
    s.apply("lock As")
    assert not s.is_over and s.chips == [2, 19] and s.deal_no == 2


def test_the_player_out_of_chips_loses_the_match_zero_sum():
    s = game("Ac Jd 3s Kh", single_deal=False)
    s.apply("lock Ac")
    s.apply("lock 3s")
    s.apply("all-in")
    s.apply("call")
    assert s.is_over and s.chips == [40, 0]
    assert s.scores() == (20.0, -20.0) and s.winner == 0
    assert s.legal_actions() == []


def test_single_deal_and_options():
    s = game("Ac Jd 3s Kh", single_deal=True)
    s.apply("Ac"), s.apply("3s"), s.apply("check"), s.apply("check")
    assert s.is_over and s.scores() == (1.0, -1.0)
    with pytest.raises(CardError):
        cardcore.new_game("onepoker", deck="As Kd")
    with pytest.raises(CardError):
        cardcore.new_game("onepoker", deck=[int(c) for c in deck104()][:-1] + [0])
    with pytest.raises(OptionError):
        cardcore.new_game("onepoker", stacks=[20])
    with pytest.raises(OptionError):
        cardcore.new_game("onepoker", stacks=[0, 20])


def test_random_matches_are_zero_sum_and_end():
    for seed in range(30):
        s = cardcore.play_match("onepoker", ["random", "random"], seed=seed)
        assert s.is_over and sum(s.scores()) == 0 and min(s.chips) == 0 and sum(s.chips) == 40


def test_render_public_view_shows_no_hand():
    s = game("2c Jd As Kh")
    s.apply("lock Jd")
    assert "2c" not in s.render() and "As" not in s.render() and "Jd" not in s.render()
    assert "2c Jd" in s.render(0) and "seat 1 to lock" in s.render(0)
    s.apply("lock As")
    assert "seat 0 to act: 0 to call; raise to 1..19" in s.render(1)
