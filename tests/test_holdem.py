"""Texas Hold'em: every line of docs/rules/holdem.md pinned with stacked decks."""

from collections import Counter

import pytest

from cardcore import OptionError

import cardcore
from cardcore import CardError, IllegalAction
from cardcore.cards import deck52, parse


def ids(text):
    return [int(c) for c in parse(text)]


def stacked(holes, board="", burns=""):
    """A full deck: the hole cards of the dealt seats in seat order, then burn, flop, burn,
    turn, burn, river (``board`` 5 cards, ``burns`` up to 3), then the rest."""
    h = ids(" ".join(holes))
    b = ids(board)
    rest = [c for c in ids(" ".join(str(c) for c in deck52()))
            if c not in h and c not in b and c not in ids(burns)]
    bu = ids(burns) + rest[:3 - len(ids(burns))]
    rest = [c for c in rest if c not in bu]
    tail = []
    if b:
        tail = [bu[0], *b[:3], bu[1], b[3], bu[2], b[4]]
    deck = h + tail + rest
    assert Counter(deck) == Counter(range(52))
    return deck


def game(holes, board="", **kw):
    return cardcore.new_game("holdem", seed=3, deck=stacked(holes, board), **kw)


HOLES4 = ["As Ad", "Kc Kd", "7h 2c", "9s 9d"]
DRY = "Qh 8c 4d 3s Jc"


def test_setup_blinds_button_and_first_to_act():
    s = game(HOLES4, DRY)
    assert (s.button, s.sb, s.bb) == (0, 1, 2)
    obs = s.observation(3)
    assert obs["stacks"] == [1000, 990, 980, 1000] and obs["bets"] == [0, 10, 20, 0]
    assert s.current_player == 3          # after the big blind
    assert obs["hole"] == ids("9s 9d") and obs["board"] == []
    assert s.min_raise_to == 40 and s.max_raise_to == 1000
    assert [a.text for a in s.legal_actions()] == ["fold", "call", "raise 40", "raise 45",
                                                   "raise 70", "all-in"]


def test_observation_and_render_never_leak_hole_cards():
    a = game(HOLES4, DRY)
    b = game(["Ac 2d", "Qs Jd", "5h 5c", "9s 9d"], DRY)   # others hold different cards
    for s in (a, b):
        s.apply("call"), s.apply("call")
    assert a.observation(3) == b.observation(3)
    assert a.render(3) == b.render(3)
    assert "9s 9d" in a.render(3) and "As" not in a.render(3)


def test_big_blind_option_preflop_and_flop_order():
    s = game(HOLES4, DRY)
    for _ in range(3):
        s.apply("call")                    # 3, 0, 1 (the small blind completes)
    assert s.current_player == 2
    assert [a.kind for a in s.legal_actions()][:1] == ["check"]   # the option
    assert s.min_raise_to == 40
    s.apply("check")
    assert s.street_name == "flop" and s.board == ids("Qh 8c 4d")
    assert s.current_player == 1          # first clockwise from the button
    assert s.min_raise_to == 20           # the minimum opening bet
    with pytest.raises(IllegalAction, match="below the minimum raise to 20"):
        s.apply("raise 10")


def test_burn_cards_and_streets():
    s = game(HOLES4, DRY)
    for _ in range(3):
        s.apply("call")
    s.apply("check")
    for street, board in (("turn", "Qh 8c 4d 3s"), ("river", DRY)):
        for _ in range(4):
            s.apply("check")
        assert s.street_name == street and s.board == ids(board)
    assert len(s.burns) == 3


def test_showdown_best_hand_wins_and_hands_are_shown():
    s = game(HOLES4, DRY)
    for _ in range(3):
        s.apply("call")
    s.apply("check")
    for _ in range(12):
        s.apply("check")
    # the match goes on with hand 2; hand 1 is recorded
    last = s.last_hand
    assert last["showdown"] and last["won"] == [80, 0, 0, 0]
    assert s.observation(2)["last_hand"]["shown"]["1"] == ids("Kc Kd")
    assert s.hand_no == 2 and (s.button, s.sb, s.bb) == (1, 2, 3)
    assert s.stacks == [1060, 980, 980, 980]


def test_fold_to_one_player_wins_at_once_no_more_cards():
    s = game(HOLES4, DRY, single_deal=True)
    s.apply("raise 60")
    s.apply("fold"), s.apply("fold"), s.apply("fold")
    assert s.is_over and s.scores() == (-0.0, -10.0, -20.0, 30.0)
    assert s.last_hand["board"] == [] and s.last_hand["shown"] == []


def test_min_raise_and_short_allin_does_not_reopen():
    s = game(HOLES4, DRY, stacks=[1000, 1000, 1000, 130])
    s.apply("raise 100")                  # seat 3 (stack 130) opens... a raise of 80
    s.apply("call")                       # seat 0
    s.apply("fold")                       # seat 1
    s.apply("call")                       # seat 2
    s.apply("check"), s.apply("check")    # flop: seat 2, then seat 3
    s.apply("raise 20")                   # seat 0 bets 20... (order 2, 3, 0): seat 0 bets
    assert s.current_player == 2
    s.apply("call")
    assert s.current_player == 3
    s.apply("all-in")                     # 30 total: +10 short of a full 20
    assert s.current_player == 0
    assert [a.kind for a in s.legal_actions()] == ["fold", "call"]
    with pytest.raises(IllegalAction, match="not reopened"):
        s.apply("raise 80")
    s.apply("call")
    assert s.current_player == 2 and s.min_raise_to is None
    s.apply("call")
    assert s.street_name == "turn"


def test_short_allin_reopens_for_player_who_has_not_acted():
    s = game(HOLES4, DRY, stacks=[1000, 1000, 1000, 50])
    s.apply("all-in")                     # seat 3: 50, a full raise of 30 (>= 20)
    assert s.min_raise_to == 80           # 50 + 30
    s.apply("raise 80")
    s.apply("call")                       # SB
    assert s.current_player == 2 and s.min_raise_to == 110


def test_no_raise_when_no_other_player_can_bet_and_uncalled_returned():
    s = game(HOLES4, DRY, stacks=[1000, 1000, 1000, 300], single_deal=True)
    s.apply("all-in")                     # seat 3 all-in 300
    s.apply("raise 900")                  # seat 0 raises beyond what anyone calls
    s.apply("fold")
    s.apply("fold")
    assert s.is_over
    # seat 0's uncalled 600 came back; 300 v 300 plus blinds; AA beats 99
    assert s.last_hand["won"] == [630, 0, 0, 0]
    assert s.scores() == (330.0, -10.0, -20.0, -300.0)


def test_facing_allin_with_no_one_left_to_bet_only_call_or_fold():
    s = game(["As Ad", "Kc Kd"] + ["7h 2c", "9s 9d"], DRY, stacks=[500, 0, 0, 300],
             single_deal=True)
    # heads-up: seat 0 is the button and small blind, seat 3 the big blind
    assert (s.button, s.sb, s.bb) == (0, 0, 3) and s.current_player == 0
    s.apply("raise 500")                  # all-in
    assert s.current_player == 3 and [a.kind for a in s.legal_actions()] == ["fold", "call"]
    s.apply("call")
    assert s.is_over and len(s.last_hand["board"]) == 5   # run out automatically


def test_side_pots_and_folded_chips_stay_in():
    s = game(["2c 2d", "As Ad", "Kc Kd", "Qc Qd"], "3h 7s 8d 9c Js", stacks=[100, 300, 600, 600],
             single_deal=True)
    s.apply("all-in")       # seat 3: 600
    s.apply("all-in")       # seat 0: 100
    s.apply("all-in")       # seat 1: 300
    s.apply("call")         # seat 2: 600
    assert s.is_over
    # pots: 400 (all), 600 (1,2,3), 600 (2,3): AA wins the first two, KK the last
    assert [p["amount"] for p in s.last_hand["pots"]] == [400, 600, 600]
    assert s.last_hand["won"] == [0, 1000, 600, 0]
    assert sum(s.stacks) == 1600


def test_folded_player_cannot_win_but_chips_stay():
    s = game(["As Ad", "2c 7d", "Kc Kd", "Tc Td"], DRY, single_deal=True)
    s.apply("raise 100")    # seat 3
    s.apply("call")         # seat 0
    s.apply("fold")         # seat 1: its 10 stay
    s.apply("call")         # seat 2
    for _ in range(9):
        s.apply("check")
    assert s.last_hand["won"] == [310, 0, 0, 0]


def test_odd_chips_clockwise_from_left_of_button():
    s = game(["2c 3d", "2d 3c", "2h 3s", "4c 4d"], "Ah Kh Qh Jh Th", single_deal=True)
    s.apply("raise 45")     # seat 3
    s.apply("call")         # seat 0
    s.apply("call")         # seat 1
    s.apply("fold")         # seat 2: 20 stay in
    for _ in range(9):
        s.apply("check")
    # 155 chips, three-way tie on the board's royal flush: 51 each, the 2 odd chips to seat 1
    # (left of the button) and then seat 3 (seat 2 folded)
    assert s.last_hand["won"] == [51, 52, 0, 52]


def test_short_blinds_post_allin():
    s = game(HOLES4, DRY, stacks=[1000, 5, 15, 1000], single_deal=True)
    obs = s.observation(0)
    assert obs["bets"] == [0, 5, 15, 0] and obs["stacks"] == [1000, 0, 0, 1000]
    assert s.current_player == 3 and s.min_raise_to == 35   # a full big blind above 15
    s.apply("call")
    s.apply("call")         # seat 0
    assert s.street_name == "flop" and s.current_player == 3
    for _ in range(6):
        s.apply("check")
    assert s.is_over
    # pots: 20 (everyone), 30 (seats 0, 2, 3): AA wins both
    assert [p["amount"] for p in s.last_hand["pots"]] == [20, 30]
    assert s.last_hand["won"] == [50, 0, 0, 0]


def test_heads_up_button_posts_small_blind_and_acts_first_preflop():
    s = game(["As Ad", "Kc Kd"] + ["7h 2c", "9s 9d"], DRY, stacks=[1000, 1000, 0, 0])
    assert (s.button, s.sb, s.bb) == (0, 0, 1)
    assert s.current_player == 0
    s.apply("call")
    assert s.current_player == 1
    s.apply("check")
    assert s.current_player == 1          # big blind first after the flop
    s.apply("check"), s.apply("check")
    assert s.street_name == "turn"


def test_eliminated_players_get_no_cards_and_button_skips_them():
    s = game(HOLES4, DRY, stacks=[1000, 0, 1000, 1000])
    assert (s.button, s.sb, s.bb) == (0, 2, 3) and s.holes[1] == []
    assert s.current_player == 0
    assert "out" in s.render(0)


def test_first_heads_up_hand_moves_button_so_no_big_blind_twice():
    # 3 players: button 0, SB 1, BB 2. Seat 0 busts. Next: button would go to 1 (SB) and 2
    # would post the big blind again, so the button moves to 2 and seat 1 posts it.
    s = game(["7h 2c", "Kc Kd", "As Ad", "9s 9d"], DRY, stacks=[100, 1000, 1000, 0])
    assert (s.button, s.sb, s.bb) == (0, 1, 2) and s.current_player == 0
    s.apply("all-in")
    s.apply("fold")
    s.apply("call")
    assert s.stacks[0] == 0 and s.hand_no == 2
    assert (s.button, s.sb, s.bb) == (2, 2, 1)
    assert s.current_player == 2


def test_button_moves_clockwise_each_hand():
    s = cardcore.new_game("holdem", seed=1)
    seen = []
    while s.hand_no <= 4:
        seen.append((s.hand_no, s.button, s.sb, s.bb))
        h = s.hand_no
        while s.hand_no == h:
            a = s.legal_actions()
            s.apply("fold" if a[0].kind == "fold" else "check")
    assert [x[1:] for x in seen] == [(0, 1, 2), (1, 2, 3), (2, 3, 0), (3, 0, 1)]


def test_match_ends_when_one_player_has_all_chips():
    s = cardcore.play_match("holdem", ["random"] * 4, seed=5)
    assert s.is_over and sorted(s.stacks)[:3] == [0, 0, 0] and sum(s.stacks) == 4000
    assert sum(s.scores()) == 0 and s.winner == s.stacks.index(4000)


def test_options_and_bad_input():
    with pytest.raises(CardError):
        cardcore.new_game("holdem", deck="As Kd")
    with pytest.raises(OptionError):
        cardcore.new_game("holdem", stacks=[1000, 0, 0, 0])
    with pytest.raises(OptionError):
        cardcore.new_game("holdem", stacks=[1000, 1000])
    s = game(HOLES4, DRY)
    before = s.to_json()
    for bad in ("check", "raise 39", "raise 1001", "raise x", "bet", "lock As", ""):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_json() == before
    s.apply("bet 77")       # an off-list size, the bet alias
    assert s.history[-1].action.text == "raise 77"


def test_sixth_and_seventh_cards_never_break_a_tie():
    # best five for both: A K Q J 9 from the board; their 8s and small cards do not play
    s = game(["8c 2d", "8d 3c", "5h 4h", "6c 6d"], "As Ks Qd Jc 9h", single_deal=True)
    s.apply("fold")          # seat 3
    s.apply("raise 40")      # seat 0
    s.apply("call")          # seat 1
    s.apply("fold")          # seat 2 (its 20 stay in)
    for _ in range(6):
        s.apply("check")
    assert s.last_hand["won"] == [50, 50, 0, 0]


def test_wheel_is_the_lowest_straight():
    s = game(["As 2d", "6c 7d", "Kh Kd", "Qc Qd"], "3s 4c 5h 9d Tc", single_deal=True)
    s.apply("fold"), s.apply("call"), s.apply("call"), s.apply("check")
    for _ in range(9):
        s.apply("check")
    assert s.last_hand["won"] == [0, 60, 0, 0]   # 3-7 beats A-5


def test_render_public_view_shows_no_hole_cards():
    s = game(HOLES4, DRY)
    r = s.render()
    assert all(c not in r for c in ("As", "Kc", "7h", "9s")) and "raise to 40..1000" in r


def test_render_reveals_hands_shown_at_showdown_only():
    s = game(HOLES4, DRY)
    for _ in range(3):
        s.apply("call")
    s.apply("check")
    for _ in range(12):
        s.apply("check")
    r = s.render(3)
    assert "seat 1 shows Kc Kd" in r and "seat 0 shows As Ad" in r
    s = game(HOLES4, DRY)
    s.apply("raise 60"), s.apply("fold"), s.apply("fold"), s.apply("fold")
    assert "shows" not in s.render(0)
