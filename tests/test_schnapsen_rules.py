"""Schnapsen's rules on plain values (``cardcore.schnapsen.rules``): the one owner that the game
and the AI's search both call."""

import pytest

from cardcore.agents import schnapsen as ai
from cardcore.schnapsen import rules, state
from cardcore.cards import parse


def ids(text):
    return [int(c) for c in parse(text)]


def test_the_game_and_the_ai_take_the_rules_from_one_module():
    for name in ("TARGET", "beats", "strict_follows", "card_points", "game_points",
                 "marriage_points"):
        assert getattr(state, name) is getattr(rules, name)
    assert ai._BEATS is rules.FOLLOW_WINS and ai._PT is rules.CARD_POINTS


@pytest.mark.parametrize("closer, close_pts, close_tricks, last, loser_pts, loser_tricks, "
                         "winner, want", [
                             (None, 0, 0, True, 50, 3, 0, 1),       # last trick, not closed
                             (None, 0, 0, False, 33, 1, 1, 1),      # loser at 33
                             (None, 0, 0, False, 32, 1, 1, 2),      # loser below 33
                             (None, 0, 0, False, 0, 0, 0, 3),       # loser without a trick
                             (0, 40, 2, False, 50, 4, 0, 1),        # closer wins: at the close
                             (0, 20, 1, False, 50, 4, 0, 2),
                             (0, 0, 0, False, 50, 4, 0, 3),
                             (0, 20, 1, True, 60, 4, 1, 2),         # closer fails
                             (0, 0, 0, False, 66, 4, 1, 3),
                         ])
def test_deal_game_points(closer, close_pts, close_tricks, last, loser_pts, loser_tricks,
                          winner, want):
    assert rules.deal_game_points(winner, closer, close_pts, close_tricks, last, loser_pts,
                                  loser_tricks) == want


def test_marriages_wait_for_the_first_trick():
    assert rules.announce(0, 0, 0, 20) == (0, 20)
    assert rules.announce(10, 0, 1, 40) == (50, 0)
    kh, ah = ids("Kh Ah")
    assert rules.take_trick(0, 20, 0, kh, ah) == (35, 0, 1)
    assert rules.take_trick(35, 0, 1, kh, ah) == (50, 0, 2)


def test_tricks_marriages_closing_and_the_last_trick():
    th, ah, ks, qs, jh = ids("Th Ah Ks Qs Jh")
    trump = 3                                   # spades
    assert rules.trick_winner(0, th, ah, 0) == 1
    assert rules.trick_winner(0, ah, ks, 0) == 0
    assert rules.trick_winner(1, ah, ks, trump) == 0
    assert rules.marriage_partner(ks) == qs and rules.marriage_partner(qs) == ks
    assert rules.marriage_partner(jh) is None
    assert rules.may_marry(ks, [ks, qs], 0) and not rules.may_marry(ks, [ks, qs], 1 << 3)
    assert not rules.may_marry(ks, [ks, th], 0)
    assert rules.may_close(False, 2) and not rules.may_close(False, 0)
    assert not rules.may_close(True, 6)
    assert rules.may_exchange(False, 4, [rules.trump_jack(1)], 1)
    assert not rules.may_exchange(False, 2, [rules.trump_jack(1)], 1)
    assert rules.strict(True, 6) and rules.strict(False, 0) and not rules.strict(False, 2)
    assert rules.last_trick_winner(1, None) == 1 and rules.last_trick_winner(1, 1) == 0
