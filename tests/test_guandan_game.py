"""Guandan: every line of docs/rules/guandan.md pinned with stacked decks and set positions.

Positions are set up either from a stacked deck (``deck=``: seat 0's 27 cards, then seat 1's,
...) or by giving the seats small hands directly, to reach a rule in a few plays.
"""

from __future__ import annotations

import pytest

import cardcore
from cardcore import IllegalAction, OptionError
from cardcore._backend import kernel
from cardcore.agents import RandomAgent
from cardcore.cards import Card, deck108, parse
from cardcore.guandan import (GuandanState, classify, moves, partner, return_choices, team_of,
                              tribute_card)
from cardcore.guandan.state import LEVEL_NAMES


def ids(text: str) -> list[int]:
    return [int(c) for c in parse(text)]


def position(hands: list[str], *, level: str = "2", turn: int = 0,
             single_deal: bool = True) -> GuandanState:
    """A deal in progress with the given (small) hands, ``turn`` to lead."""
    s = cardcore.new_game("guandan", seed=1, level=level, first=turn, single_deal=single_deal)
    s.hands = [s._sort(ids(h)) for h in hands]
    return s


def stacked(*hands: str) -> list[int]:
    """A 108-card deck whose first hands are given; the rest fills up from what is left."""
    rest = [int(c) for c in deck108()]
    out: list[int] = []
    for h in hands:
        cards = ids(h)
        for c in cards:
            rest.remove(c)
        out += cards
    return out + rest


# ---------------------------------------------------------------- setup

def test_two_decks_27_each_first_deal_at_level_2_with_heart_wild_cards():
    s = cardcore.new_game("guandan", seed=3)
    assert [len(h) for h in s.hands] == [27] * 4
    assert sorted(c for h in s.hands for c in h) == sorted(int(c) for c in deck108())
    assert s.level == 0 and s.levels == [0, 0] and LEVEL_NAMES[s.level] == "2"
    assert s.wild == ids("2h")[0]
    obs = s.observation(0)
    assert obs["level"] == "2" and obs["team_levels"] == ["2", "2"]


def test_stacked_deck_deals_seat_by_seat():
    deck = stacked("BJ BJ RJ RJ " + "Ac " * 2 + "Ad Ad As As Ah Ah " + "Kc Kc Kd Kd Ks Ks Kh Kh "
                   + "Qc Qc Qd Qd Qs Qs Qh")
    s = cardcore.new_game("guandan", seed=1, deck=deck, first=2)
    assert sorted(s.hands[0]) == sorted(deck[:27])
    assert sorted(s.hands[3]) == sorted(deck[81:108])
    assert s.current_player == 2


def test_first_leader_is_drawn_at_random_unless_given():
    leaders = {cardcore.new_game("guandan", seed=k).current_player for k in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert cardcore.new_game("guandan", seed=5, first=3).current_player == 3


def test_level_option_sets_both_teams_and_the_wild_card():
    s = cardcore.new_game("guandan", seed=2, level="7")
    assert s.levels == [5, 5] and s.level == 5 and s.wild == 5 * 4 + 2
    assert cardcore.new_game("guandan", seed=2, level="10").level == 8
    assert cardcore.new_game("guandan", seed=2, level="t").level == 8
    with pytest.raises(OptionError, match="level"):
        cardcore.new_game("guandan", seed=2, level="1")
    with pytest.raises(OptionError, match="first"):
        cardcore.new_game("guandan", seed=2, first=4)


def test_teams_and_partners():
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [partner(s) for s in range(4)] == [2, 3, 0, 1]


# ---------------------------------------------------------------- plays and readings

def test_the_leader_must_play_and_followers_may_pass():
    s = position(["3c 4c", "5c 6c", "7c 8c", "9c Tc"])
    assert "pass" not in [a.text for a in s.legal_actions()]
    s.apply("3")
    assert "pass" in [a.text for a in s.legal_actions()]


def test_a_lone_wild_card_is_a_level_single_and_two_a_level_pair():
    s = position(["7h 7h 3c", "5c", "6c", "8c"], level="7")
    texts = [a.text for a in s.legal_actions()]
    assert "[7]" in texts and "[7][7]" in texts
    s.apply("7h")
    assert s.table[1] == "single" and s.table_key[1] == 13  # the level rank's value


def test_exact_cards_with_one_reading_are_accepted_and_several_are_refused():
    # level 2: 3h4h5h6h7h is a straight flush and a straight
    s = position(["3h 4h 5h 6h 7h 9c", "5c", "6c", "8c"])
    with pytest.raises(IllegalAction, match="ambiguous") as exc:
        s.apply("3h 4h 5h 6h 7h")
    assert "straight_flush" in str(exc.value) and "straight (" in str(exc.value)
    s.apply("3h4h5h6h7h")          # the listed straight-flush text
    assert s.table[1] == "straight_flush"
    t = position(["Kc Kd Ks 9c", "5c", "6c", "8c"])
    t.apply("Kc Kd Ks")            # one reading: a trio
    assert t.table[1] == "trio" and sorted(t.table[3]) == sorted(ids("Kc Kd Ks"))


def test_a_play_must_beat_the_table_with_the_same_shape_or_a_bomb():
    s = position(["9c 9d 3c", "Tc Td Jc", "4c 4d 4h 4s 5c", "6c"], turn=0)
    s.apply("99")
    legal = {a.text for a in s.legal_actions()}
    assert "TT" in legal and "J" not in legal and "pass" in legal
    s.apply("pass")
    legal = {a.text for a in s.legal_actions()}
    assert "4444" in legal and "44" not in legal


def test_order_of_singles_level_rank_above_ace_jokers_on_top():
    level = 5  # level 7
    keys = {str(m): m for m in moves("Ac 7c BJ RJ 6c", "7") if m.kind == "single"}
    assert keys["7"].beats(keys["A"]) and keys["B"].beats(keys["7"])
    assert keys["R"].beats(keys["B"]) and not keys["6"].beats(keys["A"])
    assert level == keys["7"].level


def test_readings_are_listed_in_classify():
    kinds = sorted(m.kind for m in classify("3h 4h 5h 6h 7h", "2"))
    assert kinds == ["straight", "straight_flush"]
    assert classify("BJ RJ", "2") == []
    assert [m.kind for m in classify("Ac 2d 3s 4c 5h", "9")] == ["straight"]


# ---------------------------------------------------------------- turn order

def test_everyone_else_passes_then_the_last_player_leads_again():
    s = position(["3c 9c", "5c 6c", "7c 8c", "Tc Jc"])
    s.apply("3")
    s.apply("5")
    for _ in range(3):
        s.apply("pass")
    assert s.table is None and s.current_player == 1


def test_a_finished_leaders_partner_takes_the_lead():
    s = position(["Ac", "3c 4c", "5c 6c", "7c 8c"])
    s.apply("A")                   # seat 0 goes out
    assert s.places == [0]
    for seat in (1, 2, 3):
        assert s.current_player == seat
        s.apply("pass")
    assert s.table is None and s.current_player == 2   # the partner leads


def test_when_both_partners_are_out_the_next_active_player_leads():
    s = position(["Ac", "3c 4c", "Kc", "7c 8c"])
    s.apply("A")                   # seat 0 out
    s.apply("pass")                # seat 1
    s.apply("pass")                # seat 2 passes (cannot beat)
    s.apply("pass")                # seat 3 -> seat 2 (partner of 0) leads
    assert s.current_player == 2
    s.apply("K")                   # seat 2 out
    s.apply("pass")                # seat 3
    s.apply("pass")                # seat 1: both 0 and 2 out -> next active after 2 is 3
    assert s.table is None and s.current_player == 3


def test_finished_players_are_skipped():
    s = position(["Ac", "3c 4c", "5c 6c", "7c 8c"])
    s.apply("A")
    s.apply("pass")
    s.apply("pass")
    s.apply("pass")
    s.apply("5")                   # seat 2 leads
    assert s.current_player == 3
    s.apply("pass")
    assert s.current_player == 1   # seat 0 skipped
    s.apply("pass")
    assert s.current_player == 2


# ---------------------------------------------------------------- end of a deal and levels

def _finish(s: GuandanState, order: list[int]) -> None:
    """Let the seats in ``order`` go out one by one, each leading its one card (the lead is
    handed to it directly: turn order has tests of its own)."""
    for seat in order:
        s.turn, s.table, s.passes = seat, None, 0
        s.apply(str(Card(s.hands[seat][0])))


@pytest.mark.parametrize("order,advance", [
    ([0, 2, 1], 3), ([0, 1, 2], 2), ([0, 1, 3], 1), ([1, 3, 0], 3), ([3, 0, 1], 2),
])
def test_advance_3_2_1_by_the_partners_place_and_third_out_ends_the_deal(order, advance):
    s = position(["Ac", "Kc", "Qc", "Jc"], turn=order[0])
    _finish(s, order)
    assert s.is_over and len(s.places) == 4 and s.places[:3] == order
    first = order[0]
    assert s.past[-1]["advance"] == advance
    win = team_of(first)
    assert s.scores() == tuple(advance if team_of(x) == win else -advance for x in range(4))
    assert s.levels[win] == advance and s.levels[1 - win] == 0


def test_next_deal_is_played_at_the_winners_new_level_and_levels_are_separate():
    s = position(["Ac", "Kc", "Qc", "Jc"], single_deal=False)
    _finish(s, [1, 3, 0])          # team 1 first and second: +3 -> level 5
    assert s.levels == [0, 3] and s.level == 3 and s.deal_no == 2
    assert s.observation(0)["team_levels"] == ["2", "5"]
    assert s.wild == 3 * 4 + 2


def test_levels_are_capped_at_ace():
    s = position(["Ac", "Kc", "Qc", "Jc"], single_deal=False, level="K")
    _finish(s, [0, 2, 1])
    assert s.levels[0] == 12 and s.level == 12 and not s.is_over


def test_a_team_at_ace_wins_the_match_at_ace_with_partner_not_last():
    s = position(["Ac", "Kc", "Qc", "Jc"], single_deal=False, level="A")
    _finish(s, [0, 1, 2])          # partner third: not last
    assert s.is_over and s.winner_team == 0 and s.scores() == (1, -1, 1, -1)


def test_at_ace_with_partner_last_the_match_goes_on():
    s = position(["Ac", "Kc", "Qc", "Jc"], single_deal=False, level="A")
    _finish(s, [0, 1, 3])          # partner (seat 2) last
    assert not s.is_over and s.levels[0] == 12 and s.deal_no == 2


def test_a_deal_not_played_at_ace_cannot_win_the_match():
    s = position(["Ac", "Kc", "Qc", "Jc"], single_deal=False, level="A")
    s.levels = [12, 10]
    s.level = 10                   # the deal is at team 1's level Q
    _finish(s, [0, 2, 1])
    assert not s.is_over and s.levels[0] == 12


# ---------------------------------------------------------------- tribute and return

def _after_deal(places: list[int], hands: list[str], level: int = 0) -> GuandanState:
    """A state at the start of a later deal: ``places`` of the previous deal, these hands (the
    deal's core starts with the tribute paid from them)."""
    s = cardcore.new_game("guandan", seed=4, single_deal=False)
    s._core = kernel("guandan_step").Core([ids(h) for h in hands], level, None,
                                          previous=places)
    s.deal_no = 2
    return s


def test_tribute_card_is_the_strongest_not_a_wild_card():
    assert tribute_card(ids("2h 2h RJ 9c"), 0) == ids("RJ")[0]
    assert tribute_card(ids("2h 2h Ac 9c"), 0) == ids("Ac")[0]
    assert tribute_card(ids("7h 7c Ac"), 5) == ids("7c")[0]   # level rank above A, not wild


def test_single_tribute_last_pays_first_and_first_returns_then_last_leads():
    s = _after_deal([0, 1, 2, 3], ["3c 4c", "5c 6c", "7c 8c", "Ac 9d Kd"])
    assert s.tribute == [{"from": 3, "to": 0, "card": ids("Ac")[0], "returned": None}]
    assert ids("Ac")[0] in s.hands[0] and ids("Ac")[0] not in s.hands[3]
    assert s.phase == "return" and s.current_player == 0
    assert [a.text for a in s.legal_actions()] == ["return 3c", "return 4c"]
    s.apply("return 4c")
    assert ids("4c")[0] in s.hands[3] and s.tribute[0]["returned"] == ids("4c")[0]
    assert s.phase == "play" and s.current_player == 3     # got first place's return


def test_double_tribute_stronger_to_first_and_return_order():
    # seats 1 and 3 took first and second; 0 and 2 pay
    s = _after_deal([1, 3, 0, 2], ["9c 4c", "5c 6c", "Kc 8c", "7c 3d"])
    assert [(r["from"], r["to"]) for r in s.tribute] == [(2, 1), (0, 3)]
    assert s.current_player == 1   # first place returns first
    s.apply("return 5c")
    assert s.current_player == 3
    s.apply("return 3d")
    assert s.phase == "play" and s.current_player == 2      # paid first place: leads


def test_equal_double_tribute_goes_first_from_the_payer_next_after_first_place():
    # first place seat 3; payers 0 and 2 both give an ace; seat 0 is next after 3 in turn order
    s = _after_deal([3, 1, 2, 0], ["Ac 4c", "5c 6c", "Ad 8c", "7c 3d"])
    assert [(r["from"], r["to"]) for r in s.tribute] == [(0, 3), (2, 1)]
    # first place seat 1; payers 0 and 2: seat 2 comes first after seat 1
    t = _after_deal([1, 3, 0, 2], ["Ac 4c", "5c 6c", "Ad 8c", "7c 3d"])
    assert [(r["from"], r["to"]) for r in t.tribute] == [(2, 1), (0, 3)]


def test_payers_holding_both_red_jokers_cancel_the_tribute_and_first_leads():
    s = _after_deal([0, 1, 2, 3], ["3c", "5c", "7c", "RJ RJ 9d"])
    assert s.tribute_cancelled and s.tribute == [] and s.phase == "play"
    assert s.current_player == 0
    t = _after_deal([1, 3, 0, 2], ["RJ 4c", "5c", "RJ 8c", "7c"])  # together
    assert t.tribute_cancelled and t.current_player == 1
    u = _after_deal([1, 3, 0, 2], ["RJ 4c", "5c", "Ac 8c", "7c"])  # only one: paid
    assert not u.tribute_cancelled and len(u.tribute) == 2


def test_return_choices_non_wild_2_to_10_else_weakest():
    assert return_choices(ids("2h 3c Tc Jc"), 0) == ids("3c Tc")      # 2h is wild at 2
    assert return_choices(ids("2c 9d Qs"), 5) == ids("2c 9d")
    assert return_choices(ids("Jc Jd Qs Ac"), 0) == ids("Jc Jd")       # none 2..10: weakest
    assert return_choices(ids("Jc 7h Ac"), 5) == ids("Jc")             # the wild is not weakest


def test_tribute_happens_every_deal_after_the_first_in_a_played_match():
    s = cardcore.new_game("guandan", seed=8)
    agent = RandomAgent(seed=8)
    seen = 0
    while not s.is_over and s.deal_no < 4:
        before = s.deal_no
        s.apply(agent.act(s))
        if s.deal_no != before:
            prev = s.past[-1]["places"]
            assert s.tribute or s.tribute_cancelled
            payers = {r["from"] for r in s.tribute}
            if team_of(prev[0]) == team_of(prev[1]):
                assert payers <= {prev[2], prev[3]}
            else:
                assert payers <= {prev[3]}
            seen += 1
    assert seen >= 2


def test_observation_never_shows_other_hands():
    s = cardcore.new_game("guandan", seed=6)
    obs = s.observation(1)
    assert obs["hand"] == s.hands[1] and "hands" not in obs
    assert obs["card_counts"] == [27, 27, 27, 27]
    lines = s.render(1).splitlines()
    seat_lines = [x for x in lines[1:] if " team " in x and "card" in x]
    assert len(seat_lines) == 4
    for line in seat_lines:
        shows_cards = ": " in line.split("]", 1)[1]
        assert shows_cards == ("you" in line), line


def test_a_position_for_search_plays_by_the_rules_but_cannot_be_saved():
    hands = [ids("3c 4c"), ids("5c 6c"), ids("7c 8c"), ids("9c Tc")]
    s = GuandanState.position(hands, level=0, turn=2, places=[],
                              table={"seat": 1, "kind": "single", "text": "6",
                                     "cards": ids("6c"), "key": [0, 4, 1]}, passes=0)
    assert s.current_player == 2
    assert {a.text for a in s.legal_actions()} == {"7", "8", "pass"}
    with pytest.raises(cardcore.FormatError, match="position"):
        s.to_json()


def test_rank_notation_in_any_order_takes_the_one_play_and_lists_several():
    """Ranks in any order and case, as Dou Dizhu takes them: the one legal play standing for
    them, or the plays that do (a straight and a straight flush; natural and wild cards)."""
    g = cardcore.new_game("guandan", seed=0)
    assert {"9TJQK", "TJQKA", "TsJsQsKsAs", "33"} <= {a.text for a in g.legal_actions()}
    for text, want in (("kqjt9", "9TJQK"), ("K Q J 10 9", "9TJQK"), ("3 3", "33"),
                       ("77 3 3 7", "77733"), ("bj", "B")):
        s = g.clone()
        s.apply(text)
        assert s.history[-1].action.text == want, text
    with pytest.raises(IllegalAction) as info:
        g.clone().apply("akqjt")
    assert str(info.value) == (
        "action 'akqjt' is ambiguous: it can be read as straight (TJQKA), straight_flush "
        "(TsJsQsKsAs); type the one you mean: 'TJQKA' or 'TsJsQsKsAs'")
    with pytest.raises(IllegalAction, match="'44' is not legal"):
        g.clone().apply("44")  # no 4s pair in the hand: the game's own answer
    w = cardcore.new_game("guandan", seed=1)  # level 2: the 2h are wild
    with pytest.raises(IllegalAction, match=r"'333' is ambiguous.*'33\[3\]' or '3\[3\]\[3\]'"):
        w.clone().apply("333")
