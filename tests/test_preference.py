"""Preference: every line and Decision of docs/rules/preference.md pinned with stacked decks."""

import json

import pytest

from cardcore import OptionError

import cardcore
from cardcore import CardError, IllegalAction
from cardcore.agents import RandomAgent
from cardcore.cards import deck_vienna32, parse
from cardcore.preference import legal_cards, sort_hand, trick_winner
from cardcore.cards import format as fmt


def ids(text):
    return [int(c) for c in parse(text)]


def stacked(h0, h1, h2, talon):
    deck = ids(h0) + ids(h1) + ids(h2) + ids(talon)
    assert sorted(deck) == sorted(int(c) for c in deck_vienna32()), "test deck is not 32 cards"
    return deck


def game(h0, h1, h2, talon, **kw):
    kw.setdefault("single_deal", True)
    return cardcore.new_game("preference", seed=11, deck=stacked(h0, h1, h2, talon), **kw)


def texts(s):
    return [a.text for a in s.legal_actions()]


def run(s, *moves):
    for m in moves:
        s.apply(m)
    return s


# Deal M: seat 0 is strong in clubs (8 tricks in the line below).
M = ("Ac Kc Qc Jc Tc 9c 7d 7h As Ks", "Ad Kd Qd Jd Td 9d 8d 8c 7c Qs",
     "Ah Kh Qh Jh Th 9h 8h Js Ts 9s", "8s 7s")
# the three-handed line of deal M: seat 0 takes 8, seats 1 and 2 one each
M_LINE = ["Ac", "7c", "9s", "Kc", "8c", "Ts", "As", "Qs", "Js", "Ks", "8d", "8h",
          "7d", "9d", "9h", "Ad", "Th", "9c", "7h", "Kd", "Jh", "Ah", "Tc", "Qd",
          "Qc", "Jd", "Kh", "Jc", "Td", "Qh"]
# Deal F: seat 0 holds nothing (no ace); seat 1 takes every trick in the line below.
F = ("7c 8c 9c 7d 8d 9d 7h 8h 9h 7s", "Ac Kc Qc Jc Tc Ad Kd Qd Jd Td",
     "Ah Kh Qh Jh Th As Ks Qs Js Ts", "9s 8s")
F_LINE = ["7s", "Tc", "Ts", "Ac", "Js", "7c", "Kc", "Qs", "8c", "Qc", "Ks", "9c",
          "Jc", "As", "7d", "Ad", "Th", "8d", "Kd", "Jh", "9d", "Qd", "Qh", "7h",
          "Jd", "Kh", "8h", "Td", "Ah", "9h"]
# Deal G: seat 0 holds the four aces.
G = ("Ac Ad Ah As Kc Qc Jc Tc 9c 8c", "7c Kd Qd Jd Td 9d 8d 7d Kh Qh",
     "Jh Th 9h 8h 7h Ks Qs Js Ts 9s", "8s 7s")
# Deal A: seat 0 has no ace, the talon has two.
A = ("Kc Qc Jc Tc 9c 8c Kd Qd Jd Td", "7c 9d 8d 7d Ah Kh Qh Jh Th 9h",
     "8h 7h As Ks Qs Js Ts 9s 8s 7s", "Ac Ad")


# ---------------------------------------------------------------- setup

def test_deck_order_is_hands_then_talon():
    s = game(*M)
    for seat in range(3):
        assert sorted(s.hands[seat]) == sorted(ids(M[seat]))
    assert sorted(s.talon) == sorted(ids(M[3]))
    assert len(deck_vienna32()) == 32


def test_bad_decks_and_options_are_rejected():
    with pytest.raises(CardError, match="32"):
        cardcore.new_game("preference", deck="As Ks")
    with pytest.raises(CardError, match="wrong content"):
        cardcore.new_game("preference", deck=ids(" ".join(M)) [:-1] + ids("2c"))
    for bad in ({"deals": 0}, {"deals": True}, {"deals": "9"}, {"single_deal": 1},
                {"dealer": 3}, {"single_deal": True, "deals": 4}):
        with pytest.raises(OptionError):
            cardcore.new_game("preference", seed=1, **bad)


def test_ten_ranks_below_the_jack_and_ace_highest():
    assert trick_winner(ids("Ts Js"), None) == 1
    assert trick_winner(ids("Ks As Qs"), None) == 1
    assert trick_winner(ids("7s 8s 9s Ts"), None) == 3
    assert trick_winner(ids("As 7h"), 2) == 1          # hearts trumps beat the ace
    assert trick_winner(ids("Ks 7h"), None) == 0       # an off-suit card never wins


def test_first_dealer_is_seat_2_and_seat_0_speaks_first():
    s = game(*M)
    assert s.dealer == 2 and s.current_player == 0
    s2 = game(*M, dealer=0)
    assert s2.dealer == 0 and s2.current_player == 1


def test_all_pass_is_void_next_player_deals_no_settlement():
    s = game(*M, single_deal=False, deals=2)
    run(s, "pass", "pass", "pass")
    assert s.deal_no == 2 and s.dealer == 0 and s.current_player == 1
    assert s.past[0]["void"] is True
    assert s.balances == [-30, -30, -30] and s.pot == 90
    one = game(*M)
    run(one, "pass", "pass", "pass")
    assert one.is_over and one.scores() == (-30.0, -30.0, -30.0)


# ---------------------------------------------------------------- auction

def test_number_bids_only_the_next_number():
    s = game(*M)
    assert texts(s) == ["1", "game clubs", "game spades", "game diamonds", "hearts", "pass"]
    s.apply("1")
    assert texts(s)[0] == "2"
    with pytest.raises(IllegalAction):
        s.apply("3")                      # no jumps
    s.apply("bid 2")                      # "bid N" is accepted too
    assert s.history[-1].action.text == "2"


def test_overcalled_earlier_bidder_may_hold_with_priority():
    s = game(*M)
    run(s, "1", "2")
    assert texts(s) == ["3", "game clubs", "game spades", "game diamonds", "hearts", "pass"]
    s.apply("pass")                       # seat 2 passes
    assert s.current_player == 0
    assert texts(s) == ["hold", "pass"]   # no Game after the first turn, no next number
    s.apply("hold")
    assert s.number == 2 and s.number_holder == 0
    assert s.current_player == 1 and texts(s) == ["3", "pass"]   # the later bidder cannot hold
    run(s, "3", "hold", "4", "hold")
    assert s.current_player == 1 and texts(s) == ["pass"]        # no 5
    s.apply("pass")
    assert s.contract == {"kind": "number", "declarer": 0, "level": 4, "trump": None}
    assert s.phase == "discard"


def test_pass_is_final_and_auction_skips_the_holder():
    s = game(*M)
    run(s, "pass", "1", "2")
    assert s.current_player == 1          # seat 0 passed: never asked again
    run(s, "hold", "3", "pass")
    assert s.contract["declarer"] == 2 and s.contract["level"] == 3
    assert list(s.auction) == [[0, "pass"], [1, "1"], [2, "2"], [1, "hold"],
                                       [2, "3"], [1, "pass"]]


def test_single_bidder_wins_when_others_pass():
    s = run(game(*M), "1", "pass", "pass")
    assert s.contract["declarer"] == 0 and s.contract["level"] == 1 and s.phase == "discard"


def test_game_beats_numbers_and_only_at_first_turn():
    s = run(game(*M), "1", "game spades")
    # seat 2 at its first turn: only a higher Game or Hearts, or pass; no numbers now
    assert texts(s) == ["game diamonds", "hearts", "pass"]
    s.apply("pass")
    assert texts(s) == ["pass"]           # seat 0 bid before: no Game any more
    s.apply("pass")
    assert s.contract == {"kind": "game", "declarer": 1, "level": 2, "trump": 3}
    assert s.phase == "announce" and len(s.hands[1]) == 10  # no talon for a Game
    assert s.current_player == 1 and texts(s) == ["no announcement"]  # it holds Ad
    s.apply("no announcement")
    assert s.phase == "defence" and s.current_player == 2
    assert sorted(s.hands[1]) == sorted(ids(M[1]))


def test_competing_games_by_suit_then_seat_priority():
    s = run(game(*M), "game spades")
    assert "game clubs" not in texts(s) and "game spades" not in texts(s)  # equal: seat 0 first
    s.apply("game diamonds")
    assert texts(s) == ["hearts", "pass"]
    run(s, "pass", "pass")
    assert s.contract["declarer"] == 1 and s.contract["trump"] == 1


def test_hearts_ends_the_auction_and_outranks_game():
    s = run(game(*M), "game diamonds", "hearts")
    assert s.contract == {"kind": "hearts", "declarer": 1, "level": 4, "trump": 2}
    assert [seat for seat, _ in s.auction] == [0, 1]    # seat 2 never spoke
    assert s.phase == "announce" and s.current_player == 1  # the declarer answers first
    assert texts(s) == ["no announcement"]                  # it holds Ad
    s.apply("no announcement")
    assert s.phase == "defence" and s.current_player == 2   # left of the declarer


# ---------------------------------------------------------------- exchange

def test_exchange_talon_discards_and_trump_at_least_the_number():
    s = run(game(*M), "1", "2", "3", "pass", "pass")      # seat 2 declares 3
    assert s.contract["declarer"] == 2 and s.phase == "discard"
    assert len(s.hands[2]) == 12 and set(ids("8s 7s")) <= set(s.hands[2])
    acts = s.legal_actions()
    assert len(acts) == 66 and len({a.text for a in acts}) == 66
    assert s.observation(2)["hand"] == sort_hand(s.hands[2])
    for p in (0, 1):                       # the talon stays unseen by the others
        obs = s.observation(p)
        assert obs["discards"] is None and "talon" not in obs
        assert not set(ids("8s 7s")) & set(obs["hand"])
    s.apply("8s 7s")                       # the two cards alone are accepted
    assert s.history[-1].action.text == "discard 7s 8s"
    assert sorted(s.discards) == sorted(ids("8s 7s")) and len(s.hands[2]) == 10
    assert texts(s) == ["trump diamonds", "trump hearts"]
    with pytest.raises(IllegalAction):
        s.apply("trump spades")
    s.apply("trump hearts")
    assert s.contract["trump"] == 2 and s.phase == "announce" and s.current_player == 2
    assert texts(s) == ["no announcement"]                   # seat 2 holds Ah
    s.apply("no announcement")
    assert s.phase == "defence" and s.current_player == 0
    assert s.observation(2)["discards"] == sorted(ids("8s 7s"))
    assert s.observation(1)["discards"] is None


def test_discard_other_cards_keeps_the_talon_cards():
    s = run(game(*M), "1", "pass", "pass")
    s.apply("discard 7d 7h")
    assert set(ids("8s 7s")) <= set(s.hands[0]) and not set(ids("7d 7h")) & set(s.hands[0])
    assert texts(s) == ["trump clubs", "trump spades", "trump diamonds", "trump hearts"]


# ---------------------------------------------------------------- defence

def test_both_drop_declarer_credited_ten_tricks():
    s = run(game(*M), "game clubs", "pass", "pass")
    assert s.current_player == 0 and texts(s) == ["no announcement"]   # the declarer first
    s.apply("no announcement")
    assert s.current_player == 1          # then the left defender
    s.apply("drop")
    assert s.current_player == 2
    s.apply("drop out")                   # alias
    assert s.is_over
    rec = s.past[-1]
    assert rec["tricks"] == [10, 0, 0] and rec["made"]
    assert rec["delta"] == [10, 0, 0] and s.pot == 80
    assert s.scores() == (-20.0, -30.0, -30.0)


def test_one_stays_alone_two_card_tricks_dropped_player_does_not_play():
    s = run(game(*M), "game clubs", "pass", "pass", "no announcement", "stay", "drop")
    assert s.current_player == 1 and texts(s) == ["invite", "alone"]
    s.apply("alone")
    assert s.active == [0, 1] and s.current_player == 0
    run(s, "Ac", "7c")
    assert s.trick == [] and s.won == [1, 0, 0] and s.current_player == 0
    assert len(s.hands[2]) == 10          # seat 2 plays no card
    run(s, "Kc", "8c", "As", "Qs", "7d")
    # two players: no lowest-card duty for the defender, any beating diamond
    assert set(texts(s)) == {"8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad"}


def _three_handed(s):
    for card in M_LINE:
        assert card in texts(s), (card, texts(s))
        s.apply(card)
    return s


def test_first_defender_lowest_beating_card_only_after_declarer_lead():
    s = run(game(*M), "game clubs", "pass", "pass", "no announcement", "stay", "stay")
    assert s.active == [0, 1, 2]
    s.apply("Ac")
    assert texts(s) == ["7c", "8c"]       # cannot beat the ace: any club
    for c in M_LINE[1:12]:
        s.apply(c)
    s.apply("7d")                          # declarer leads, three play
    assert texts(s) == ["9d"]             # the lowest card that beats the lead
    s.apply("9d")
    assert texts(s) == sorted(texts(s), key=lambda t: ids(t)[0])  # seat 2: any card (void)
    s.apply("9h")
    assert s.won[1] == 1 and s.current_player == 1
    s.apply("Ad")                          # a defender leads: no lowest-card duty
    s.apply("Th")
    assert set(texts(s)) == {"Qc", "Jc", "Tc", "9c"}   # declarer must trump, any trump
    s.apply("9c")
    s.apply("7h")                          # declarer leads; seat 1 is void and trumpless
    s.apply("Kd")
    assert set(texts(s)) == {"Jh", "Qh", "Kh", "Ah"}   # second defender: any beating heart


def test_made_contract_both_stay_each_defender_under_two_pays_ten():
    s = _three_handed(run(game(*M), "game clubs", "pass", "pass", "no announcement", "stay",
                          "stay"))
    rec = s.past[-1]
    assert rec["tricks"] == [8, 1, 1] and rec["made"]
    # declarer +10 from the pot, pays 1 per trick; each defender +1, -10 into the pot
    assert rec["delta"] == [8, -9, -9] and rec["penalties"] == [1, 2]
    assert s.pot == 90 - 10 + 20
    assert sum(s.balances) + s.pot == 0


def test_invited_defence_host_gets_payments_and_answers_for_four_tricks():
    s = run(game(*M), "game clubs", "pass", "pass", "no announcement", "stay", "drop",
            "invite")
    assert s.active == [0, 1, 2] and s.invited == 2 and s.host == 1
    assert s.defence == [None, "stay", "invited"]
    s = _three_handed(s)
    rec = s.past[-1]
    assert rec["tricks"] == [8, 1, 1]
    # both defender tricks pay the host; together 2 < 4: the host pays 10; no guest penalty
    assert rec["delta"] == [8, -8, 0] and rec["penalties"] == [1]
    assert s.pot == 90


def test_right_defender_may_invite_the_left_one():
    s = run(game(*M), "game clubs", "pass", "pass", "no announcement", "drop", "stay")
    assert s.current_player == 2 and texts(s) == ["invite", "alone"]
    s.apply("invite")
    assert s.host == 2 and s.invited == 1 and s.active == [0, 1, 2]


def _line_f(s):
    for card in F_LINE:
        assert card in texts(s), (card, texts(s))
        s.apply(card)
    return s


def test_failed_declarer_pays_twenty_and_tricks_voluntary_defender_pays_ten():
    s = run(game(*F), "game clubs", "pass", "pass")
    assert s.phase == "announce"
    s.apply("no announcement")
    run(s, "stay", "stay")
    s.apply("7s")
    assert texts(s) == ["Tc"]              # void: must trump, the lowest beating trump
    s.apply("Tc")
    assert set(texts(s)) == {"As", "Ks", "Qs", "Js", "Ts"}   # cannot beat a trump: any spade
    for c in F_LINE[2:]:
        s.apply(c)
    rec = s.past[-1]
    assert rec["tricks"] == [0, 10, 0] and not rec["made"]
    assert rec["delta"] == [-30, 10, -10] and rec["penalties"] == [2]
    assert s.pot == 120 and s.scores() == (-60.0, -20.0, -40.0)


def test_invited_guest_without_tricks_pays_nothing_and_host_with_four_is_safe():
    s = run(game(*F), "game clubs", "pass", "pass", "no announcement", "stay", "drop",
            "invite")
    s = _line_f(s)
    rec = s.past[-1]
    assert rec["tricks"] == [0, 10, 0]
    assert rec["delta"] == [-30, 10, 0] and rec["penalties"] == []
    assert s.pot == 110


# ---------------------------------------------------------------- trick rules

def test_follow_suit_then_trump_then_any_and_must_beat():
    hand = ids("Qh 8h 7c Kc 9s")
    trump = 0  # clubs
    # follow suit, must beat the jack if able
    assert legal_cards(hand, ids("Jh"), trump) == ids("Qh")
    # cannot beat the ace: any heart
    assert sorted(legal_cards(hand, ids("Ah"), trump)) == sorted(ids("8h Qh"))
    # a heart lead already trumped: following suit cannot beat, any heart
    assert sorted(legal_cards(hand, ids("Jh 8c"), trump)) == sorted(ids("8h Qh"))
    # void in diamonds: must trump, any trump beats
    assert sorted(legal_cards(hand, ids("Ad"), trump)) == sorted(ids("7c Kc"))
    # must overtrump a trump already on the trick
    assert legal_cards(hand, ids("Ad 9c"), trump) == ids("Kc")
    # cannot overtrump: still must trump (under-trump)
    assert legal_cards(ids("7c 9s"), ids("Ad Ac"), trump) == ids("7c")
    # void in the led suit and in trumps: anything
    assert sorted(legal_cards(ids("9s 7h"), ids("Ad"), trump)) == sorted(ids("9s 7h"))
    # the first defender after the declarer's lead: the lowest beating card
    assert legal_cards(ids("Ah Qh 9h 7h"), ids("Th"), trump, lowest_beat=True) == ids("Qh")
    assert legal_cards(hand, ids("Ad"), trump, lowest_beat=True) == ids("7c")
    # unable to beat: the usual choice
    assert sorted(legal_cards(ids("9h 7h"), ids("Th"), trump, lowest_beat=True)) == \
        sorted(ids("7h 9h"))


def test_illegal_card_is_rejected_with_reason_and_state_unchanged():
    s = run(game(*M), "game clubs", "pass", "pass", "no announcement", "stay", "stay", "Ac")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="must play one of 7c 8c"):
        s.apply("Ad")
    with pytest.raises(IllegalAction):
        s.apply("Ah")                      # not in this hand
    assert s.to_json() == before


# ---------------------------------------------------------------- bonuses

def test_hearts_success_each_opponent_pays_ten_even_dropped():
    s = run(game(*G), "hearts", "no announcement", "drop", "drop")
    rec = s.past[-1]
    assert rec["bonuses"] == ["hearts", "four aces"]     # bonuses add up
    assert rec["delta"] == [50, -20, -20]


def test_hearts_failure_without_announcement():
    s = run(game(*F), "hearts", "no announcement", "stay", "drop", "alone")
    for c in ["7c", "Ac", "Kc", "8c", "Qc", "9c", "Jc", "7h", "7s", "Tc", "7d", "Td",
              "Jd", "8d", "Qd", "9d", "Kd", "8h", "9h", "Ad"]:
        s.apply(c)
    rec = s.past[-1]
    assert rec["tricks"] == [4, 6, 0] and rec["bonuses"] == ["hearts"]
    assert rec["delta"] == [-46, 16, 10] and s.pot == 110


def test_four_aces_bonus_only_for_the_ten_playing_cards():
    s = run(game(*G), "game clubs", "pass", "pass", "no announcement", "drop", "drop")
    assert s.past[-1]["bonuses"] == ["four aces"] and s.past[-1]["delta"] == [30, -10, -10]
    s = run(game(*G), "1", "pass", "pass", "discard As 7s", "trump clubs",
            "no announcement", "drop", "drop")
    assert s.past[-1]["bonuses"] == [] and s.past[-1]["delta"] == [10, 0, 0]


def test_no_aces_success_paid_by_dropped_opponents():
    s = run(game(*F), "game clubs", "pass", "pass")
    assert texts(s) == ["no aces", "no announcement"]
    run(s, "no aces", "drop", "drop")
    rec = s.past[-1]
    assert rec["bonuses"] == ["no aces"] and rec["delta"] == [30, -10, -10]
    assert s.observation(1)["no_aces"] is True


def test_no_aces_failure_pays_each_opponent():
    s = run(game(*F), "game clubs", "pass", "pass", "no aces", "stay", "stay")
    s = _line_f(s)
    rec = s.past[-1]
    assert rec["delta"] == [-50, 20, 0] and s.pot == 120


def _only_no_announcement(s, declarer):
    """The declarer is asked but may not announce: "no aces" is refused, nothing changes."""
    assert s.phase == "announce" and s.current_player == declarer
    assert texts(s) == ["no announcement"]
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply("no aces")
    assert s.to_json() == before
    s.apply("no announcement")
    assert s.phase == "defence" and s.current_player == (declarer + 1) % 3


def test_no_aces_not_offered_with_an_ace_kept_or_discarded():
    s = run(game(*A), "1", "pass", "pass", "discard Ac Ad", "trump clubs")
    _only_no_announcement(s, 0)           # an ace was discarded: no announcement
    s = run(game(*A), "1", "pass", "pass", "discard 8c Td", "trump clubs")
    _only_no_announcement(s, 0)           # an ace kept
    s = run(game(*A), "game clubs", "pass", "pass")
    assert s.phase == "announce"          # no talon, no ace in hand
    assert s.current_player == 0 and texts(s) == ["no aces", "no announcement"]
    s = run(game(*M), "game clubs", "pass", "pass")
    _only_no_announcement(s, 0)


def test_every_declarer_is_asked_so_the_defenders_learn_nothing_of_its_aces():
    # seat 0 holds As (its only ace) in D; B and C swap it with a plain card of seat 2 (9c)
    # or of seat 1 (8c): the declarer then holds no ace, and the other defender's hand is
    # the same as in D, so nothing of what that defender is shown may differ
    d = ("7h 9d Tc Td Th Qc Qd Kc Kd As", "7s 8c 8h 9s Jh Js Qh Kh Ks Ac",
         "7c 8d 8s 9c 9h Ts Jc Jd Ad Ah", "7d Qs")

    def swapped(a, b):
        return tuple(" ".join({a: b, b: a}.get(c, c) for c in part.split()) for part in d)

    def deal(parts):
        s = cardcore.new_game("preference", seed=1, deck=stacked(*parts))
        return run(s, "game spades", "pass", "pass")

    def views(s, seat):
        return (s.observation(seat), list(s.observation_tensor(seat)), s.render(seat),
                s.render(None))

    for parts, observer in ((swapped("As", "9c"), 1), (swapped("As", "8c"), 2)):
        with_ace, without = deal(d), deal(parts)
        for s in (with_ace, without):
            assert s.contract == {"kind": "game", "declarer": 0, "level": 2, "trump": 3}
            assert s.phase == "announce" and s.current_player == 0
            assert s.hands[observer] == with_ace.hands[observer]
        assert ids("As")[0] in with_ace.hands[0]
        assert not set(ids("Ac Ad Ah As")) & set(without.hands[0])   # no ace at all
        assert texts(with_ace) == ["no announcement"]
        assert texts(without) == ["no aces", "no announcement"]
        assert views(with_ace, observer) == views(without, observer)
        # the same answer leaves the views equal too
        for s in (with_ace, without):
            s.apply("no announcement")
            assert s.phase == "defence" and s.current_player == 1
        assert views(with_ace, observer) == views(without, observer)


# ---------------------------------------------------------------- pot and match

def test_declarer_takes_only_what_the_pot_holds():
    s = run(game(*M), "game clubs", "pass", "pass", "no announcement", "drop")
    s.pot = 5
    s.balances = [-30, -30, -35]          # an edited state: the pot holds 5
    s.apply("drop")
    rec = s.past[-1]
    assert rec["delta"] == [5, 0, 0]
    assert rec["refill"] and s.pot == 90  # emptied: everyone puts in 30 more
    assert s.balances == [-55, -60, -65]


def _game_bid_everyone_drops(s):
    """First speaker bids Game clubs, the others pass, both defenders drop."""
    while not s.is_over:
        t = texts(s)
        if "game clubs" in t:
            s.apply("game clubs")
        elif "no announcement" in t:
            s.apply("no announcement")
        elif "drop" in t:
            s.apply("drop")
        else:
            s.apply("pass")
        if s.phase == "auction" and s.deal_no > 9:
            break


def test_pot_is_refilled_when_empty_and_balances_carry_over():
    s = cardcore.new_game("preference", seed=4)
    assert s.deals == 9
    _game_bid_everyone_drops(s)
    assert s.is_over and len(s.past) == 9
    assert [r["dealer"] for r in s.past] == [2, 0, 1] * 3
    assert [r["pot_after"] for r in s.past[:8]] == [80, 70, 60, 50, 40, 30, 20, 10]
    assert s.past[8]["refill"] and s.pot == 90 and s.refills == 1
    assert sum(s.balances) == -90 and sum(s.balances) + s.pot == 0
    # each seat declared three times: +30 from the pot, less the refill
    bonus = [0, 0, 0]
    for r in s.past:
        for seat in range(3):
            bonus[seat] += r["delta"][seat]
    assert s.balances == [-30 + bonus[k] - 30 for k in range(3)]
    assert s.winners == tuple(k for k in range(3) if s.balances[k] == max(s.balances))


def test_scores_are_the_balances_not_zero_sum_with_pot_shared_view():
    s = run(game(*M), "game clubs", "pass", "pass", "no announcement", "drop", "drop")
    assert s.scores() == (-20.0, -30.0, -30.0) and s.pot == 80
    assert cardcore.game.game_class("preference").ZERO_SUM is False
    shared = s.scores_with_pot_shared()
    assert abs(sum(shared)) < 1e-9 and shared[0] > shared[1] == shared[2]
    assert s.winner == 0


def test_single_deal_and_deals_option():
    s = run(game(*M, single_deal=False, deals=2), "game clubs", "pass", "pass",
            "no announcement", "drop", "drop")
    assert not s.is_over and s.deal_no == 2 and s.dealer == 0 and s.current_player == 1
    assert s.balances == [-20, -30, -30] and s.pot == 80


# ---------------------------------------------------------------- views

def test_observation_and_render_never_leak_hidden_cards():
    s = run(game(*M), "1", "pass", "pass")
    s.apply("discard 7d 7h")
    for seat in range(3):
        obs = s.observation(seat)
        json.dumps(obs)
        assert obs["hand"] == sort_hand(s.hands[seat])
        text = s.render(seat)
        for other in range(3):
            if other != seat:
                for c in s.hands[other]:
                    assert f" {fmt([c])}" not in text.replace("  ", " ")
        if seat != 0:
            assert obs["discards"] is None and "7d" not in text and "7h" not in text
    assert "your discards: 7d 7h" in s.render(0)


def test_render_shows_sorted_hand_auction_contract_tricks_pot_balances():
    s = run(game(*M), "game clubs", "pass", "pass", "no announcement", "stay", "stay", "Ac",
            "7c", "9s")
    text = s.render(0)
    assert "Kc Qc Jc Tc 9c  As Ks  7d  7h" in text    # clubs, spades, diamonds, hearts
    assert "auction: seat 0 game clubs, seat 1 pass, seat 2 pass" in text
    assert "contract: seat 0 game clubs" in text
    assert "tricks taken: seat 0 1, seat 1 0, seat 2 0" in text
    assert "pot 90" in text and "seat 0 -30" in text
    pub = s.render(None)
    assert "Kc" not in pub


def test_random_matches_conserve_points():
    for seed in range(6):
        s = cardcore.new_game("preference", seed=seed)
        ag = RandomAgent(seed=seed)
        while not s.is_over:
            s.apply(ag.act(s))
        assert sum(s.balances) + s.pot == 0 and len(s.past) == 9
        back = cardcore.from_json(s.to_json())
        assert back.scores() == s.scores()


def _m_before_last_card(*defence):
    s = run(game(*M), "game clubs", "pass", "pass", "no announcement", *defence)
    for c in M_LINE[:-1]:
        s.apply(c)
    return s                                # the last card (seat 2's Qh) decides nothing


def test_settlement_order_declarer_takes_before_penalties_arrive():
    s = _m_before_last_card("stay", "stay")
    s.pot = 5                               # an edited state: only 5 in the pot
    s.balances = [-30, -30, -35]
    s.apply(M_LINE[-1])
    rec = s.past[-1]
    # the declarer takes the 5 first; then both 10-point penalties refill the pot to 20
    assert rec["delta"] == [3, -9, -9] and s.pot == 20 and not rec["refill"]


def test_six_tricks_make_five_fail():
    s = _m_before_last_card("stay", "stay")
    s.won = [5, 3, 1]                       # edited: the last trick (seat 0 wins) makes 6
    s.apply(M_LINE[-1])
    assert s.past[-1]["tricks"] == [6, 3, 1] and s.past[-1]["made"]
    assert s.past[-1]["delta"] == [10 - 4, 3, 1 - 10]
    s = _m_before_last_card("stay", "stay")
    s.won = [4, 4, 1]
    s.apply(M_LINE[-1])
    assert s.past[-1]["tricks"] == [5, 4, 1] and not s.past[-1]["made"]
    assert s.past[-1]["delta"] == [-20 - 5, 4, 1 - 10]
