"""Schnapsen: every line and Decision of docs/rules/schnapsen.md pinned with stacked decks."""

import json

import pytest

from cardcore import OptionError

import cardcore
from cardcore import CardError, IllegalAction
from cardcore.agents import RandomAgent
from cardcore.cards import deck_vienna20, parse
from cardcore.schnapsen import beats, card_points, game_points, strict_follows


def ids(text):
    return [int(c) for c in parse(text)]


def stacked(h0, h1, stock="", trump="Jc"):
    """A 20-card deck: seat 0's hand, seat 1's hand, the stock from the top (``stock`` first,
    then the remaining cards in deck order), the trump card ``trump`` last."""
    head = ids(h0) + ids(h1) + ids(stock)
    t = ids(trump)[0]
    rest = [int(c) for c in deck_vienna20() if int(c) not in head and int(c) != t]
    return head + rest + [t]


def game(h0, h1, stock="", trump="Jc", **kw):
    return cardcore.new_game("schnapsen", seed=5, deck=stacked(h0, h1, stock, trump), **kw)


def play(s, *actions):
    for a in actions:
        s.apply(a)
    return s


def texts(s):
    return [a.text for a in s.legal_actions()]


def hand(s, seat):
    return sorted(s.hands[seat])


# ---------------------------------------------------------------- cards and setup

def test_card_points_and_order():
    assert [card_points(c) for c in ids("As Ts Ks Qs Js")] == [11, 10, 4, 3, 2]
    assert sum(card_points(int(c)) for c in deck_vienna20()) == 120
    ah, th, kh, qh, jh = ids("Ah Th Kh Qh Jh")
    assert beats(th, ah, 0) and beats(kh, th, 0) and beats(qh, kh, 0) and beats(jh, qh, 0)
    assert not beats(ah, th, 0) and not beats(th, kh, 0)


def test_deal_layout_trump_card_and_first_lead():
    deck = stacked("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", "Td Ad", trump="Jc")
    s = cardcore.new_game("schnapsen", seed=1, deck=deck)
    assert hand(s, 0) == sorted(deck[0:5]) and hand(s, 1) == sorted(deck[5:10])
    assert s.stock == deck[10:] and len(s.stock) == 10
    assert s.trump_card == ids("Jc")[0] and s.trump == 0
    assert s.dealer == 1 and s.current_player == 0 and s.leader == 0   # Decision
    obs = s.observation(1)
    assert obs["trump_card"] == ids("Jc")[0] and obs["stock_size"] == 10 and obs["trump"] == "c"


def test_bad_decks_and_options():
    with pytest.raises(CardError):
        cardcore.new_game("schnapsen", deck="As Ks")
    with pytest.raises(CardError):   # right size, wrong content (a 9 is not in the deck)
        cardcore.new_game("schnapsen", deck=stacked("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th")[:-1]
                          + ids("9c"))
    with pytest.raises(OptionError):
        cardcore.new_game("schnapsen", single_deal="yes")
    with pytest.raises(OptionError):
        cardcore.new_game("schnapsen", stacks=[1, 2])


# ---------------------------------------------------------------- tricks with the stock open

def test_open_stock_no_duty_to_follow_and_trick_winner():
    s = game("Ah Kh Qd Jd Js", "Th Qh As Ks Kd", single_deal=True)
    s.apply("Ah")
    assert texts(s) == ["Kd", "Th", "Qh", "As", "Ks"]       # any card
    s.apply("Kd")
    assert s.leader == 0 and s.points == [15, 0]             # off-suit does not win


def test_higher_card_of_led_suit_wins_and_trump_wins():
    s = game("Jh Kh Qd Jd Js", "Th Qh As Ks Jc", stock="Tc", trump="Ac", single_deal=True)
    play(s, "Jh", "Th")
    assert s.leader == 1 and s.points == [0, 12]
    s = game("Ah Kh Qd Jd Js", "Th Qh As Ks Jc", trump="Ac", single_deal=True)
    play(s, "Ah", "Jc")                                       # trumped
    assert s.leader == 1 and s.points == [0, 13]


def test_winner_draws_first_then_loser_and_leads():
    s = game("Jh Kh Qd Jd Js", "Th Qh As Ks Kd", stock="Td Ad", single_deal=True)
    play(s, "Jh", "Th")                                       # seat 1 wins
    assert ids("Td")[0] in s.hands[1] and ids("Ad")[0] in s.hands[0]
    assert s.current_player == 1 and len(s.stock) == 8


def test_last_draw_loser_takes_the_trump_card():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad Ts As Kh Qh Ah Ks Qs",
             trump="Jc", single_deal=True)
    # seat 0 leads weak cards and loses four tricks; seat 1 stays below 66
    play(s, "Jh", "Th")                 # seat 1: 12; draws Td, seat 0 Ad
    play(s, "Jd", "Ad")                 # seat 0 wins 13; draws Ts, seat 1 As
    play(s, "Ts", "As")                 # seat 1 wins: 12 + 21 = 33; draws Kh, seat 0 Qh
    play(s, "Qd", "Qh")                 # seat 1 leads Qd, seat 0 throws Qh: seat 1 39
    assert s.stock == ids("Qs Jc")      # seat 1 drew Ah, seat 0 Ks
    assert s.observation(1)["opponent_known"] == []
    play(s, "Kd", "Ac")                 # seat 0 trumps and wins; draws Qs, loser takes Jc
    assert s.stock == [] and ids("Jc")[0] in s.hands[1] and ids("Qs")[0] in s.hands[0]
    assert s.observation(0)["opponent_known"] == ids("Jc")    # the trump card was public
    assert "trump card taken" in s.render(0)


# ---------------------------------------------------------------- strict rules

@pytest.mark.parametrize("lead,hand_,want", [
    ("Kh", "Ah Qh Jh Ac Ts", "Ah"),          # follow and beat
    ("Ah", "Th Qh Ac Ts Jd", "Th Qh"),       # cannot beat: follow lower
    ("Ah", "Ac Tc Ts Jd Kd", "Ac Tc"),       # no led suit: trump (trumps clubs)
    ("Ah", "Ts Jd Kd Qs As", "Ts Jd Kd Qs As"),   # neither: any card
    ("Qc", "Kc Jc Ah Th As", "Kc"),          # trump led: beat with a higher trump
])
def test_strict_follow_rules(lead, hand_, want):
    assert sorted(strict_follows(ids(hand_), ids(lead)[0], 0)) == sorted(ids(want))


def test_strict_rules_once_the_stock_is_exhausted():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad Ts As Kh Qh Ah Ks Qs",
             trump="Jc", single_deal=True)
    play(s, "Jh", "Th", "Jd", "Ad", "Ts", "As", "Qd", "Qh", "Kd", "Ac")
    # seat 0: Tc Kc Qc Ks Qs; seat 1: Jc Td Ah Kh Js; seat 0 leads
    assert s.stock == [] and s.strict and s.leader == 0
    assert hand(s, 1) == sorted(ids("Jc Td Ah Kh Js"))
    s.apply("Qs")
    assert texts(s) == ["Js"]                                  # cannot beat: follow lower
    s.apply("Js")
    s.apply("Ks")
    assert texts(s) == ["Jc"]                                  # no spades: must trump


def test_strict_rules_at_once_after_closing():
    s = game("Jc Ah Kh Qd Js", "Td Ad Ts As Th", stock="Qh Kd Ks Qs Jh Jd Kc Qc Ac",
             trump="Tc", single_deal=True)
    play(s, "close", "Ah")
    assert texts(s) == ["Th"]                                  # follow with a lower heart


# ---------------------------------------------------------------- exchange

def test_exchange_trump_jack_before_leading():
    s = game("Jc Ah Kh Qd Js", "Td Ad Ts As Th", trump="Tc", single_deal=True)
    assert texts(s)[0] == "exchange"                           # allowed before the first trick
    s.apply("exchange")
    assert ids("Tc")[0] in s.hands[0] and ids("Jc")[0] not in s.hands[0]
    assert s.stock[-1] == ids("Jc")[0] and s.trump_card == ids("Jc")[0] and s.trump == 0
    assert s.observation(1)["opponent_known"] == ids("Tc")    # the taken card is public
    assert "exchange" not in texts(s) and "close" in texts(s)  # exchange, then close allowed
    s.apply("Tc")
    assert "exchange" not in texts(s)                          # the follower cannot exchange


def test_exchange_needs_three_cards_in_the_stock():
    # over random deals: a leader holding the trump Jack may exchange exactly while the
    # open stock holds 4 or more cards (at least 3; its size is always even)
    yes = no = 0
    for seed in range(150):
        s = cardcore.new_game("schnapsen", seed=seed, single_deal=True)
        agent = RandomAgent(seed=seed)
        while not s.is_over:
            if s.phase == "lead" and not s.closed and s.stock:
                p = s.current_player
                holds = 9 * 4 + s.trump in s.hands[p]
                can = "exchange" in texts(s)
                assert can == (holds and len(s.stock) >= 3)
                yes += can
                no += holds and not can
            a = agent.act(s)
            if a.kind in ("exchange", "close"):
                a = next(x for x in s.legal_actions() if x.kind == "play")
            s.apply(a)
    assert yes > 0 and no > 0


def test_no_exchange_after_closing():
    s = game("Jc Ah Kh Qd Js", "Td Ad Ts As Th", trump="Tc", single_deal=True)
    s.apply("close")
    assert "exchange" not in texts(s) and "close" not in texts(s)
    with pytest.raises(IllegalAction):
        s.apply("exchange")


# ---------------------------------------------------------------- marriages

def test_marriage_points_wait_for_the_first_trick():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad Ts As Kh Qh Ah Ks Qs",
             trump="Jc", single_deal=True)
    a = s.legal_actions()[texts(s).index("marry Kc")]
    assert a.kind == "marry" and a.amount == 40
    play(s, "Jh", "Th")                                 # seat 1 wins a trick first
    assert [t for t in texts(s) if t.startswith("marry")] == ["marry Kd", "marry Qd"]
    assert s.legal_actions()[texts(s).index("marry Kd")].amount == 20
    s2 = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad", trump="Jc", single_deal=True)
    s2.apply("marry Qc")                                # no trick yet: 40 pending
    assert s2.points == [0, 0] and s2.pending == [40, 0]
    assert s2.observation(1)["opponent_known"] == ids("Kc")   # the partner was shown
    s2.apply("Th")                                      # seat 0's Qc is the only trump: wins
    assert s2.points == [40 + 3 + 10, 0] and s2.pending == [0, 0]
    assert s2.marriages[0] == [0]
    assert not any(t.startswith("marry") for t in texts(s2))  # each suit once per player


def test_pending_marriage_never_counts_without_a_trick():
    s = game("Kh Qh Jd Js Qs", "Ac Tc Ah Th As", stock="Kc Qc Jh Td Ad Ts Ks Kd Qd",
             trump="Jc", single_deal=True)
    play(s, "marry Kh", "Ah")                           # 20 pending, seat 1 wins
    assert s.pending == [20, 0] and s.points == [0, 15]


def test_plain_lead_of_a_marriage_card_and_aliases():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", trump="Jc", single_deal=True)
    probe = s.clone()
    probe.apply("Kc")
    assert probe.pending == [0, 0]                      # led without announcing
    for alias in ("marriage Kc", "Kc marriage", "MARRY kc", "marry K\u2663"):
        p = s.clone()
        p.apply(alias)
        assert p.pending == [40, 0] and p.history[-1].action.text == "marry Kc"
    with pytest.raises(IllegalAction, match="marriage"):
        s.apply("marry Ac")


def test_marriage_reaching_66_ends_the_deal_at_once():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad Ts As Kh Qh Ah Ks Qs",
             trump="Jc", single_deal=True)
    play(s, "Ac", "Th", "Tc", "Js")                     # seat 0: 21 + 12 = 33
    assert s.points == [33, 0] and s.leader == 0
    s.apply("marry Kc")                                  # 33 + 40 = 73 at once
    assert s.is_over and s.result["reason"] == "66 by a marriage"
    assert s.scores() == (3.0, -3.0)                     # seat 1 has no trick
    assert len(s.hands[0]) == 5                          # the Kc was not played


def test_marriage_allowed_after_closing():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", trump="Jc", single_deal=True)
    s.apply("close")
    assert "marry Kc" in texts(s)


# ---------------------------------------------------------------- end of deal and scoring

def test_game_point_scale():
    assert game_points(33, True) == 1 and game_points(32, True) == 2
    assert game_points(0, False) == 3


def test_66_with_a_trick_loser_without_trick_scores_three():
    s = game("Ac Tc Kc Qc Ah", "Jd Qd Kd Js Qs", stock="Td Ad Ts As Kh Qh Th Jh Ks",
             trump="Jc", single_deal=True)
    play(s, "marry Kc", "Jd")                           # 40 + 6 = 46
    play(s, "Ac", "Qd")                                 # 60
    assert not s.is_over
    play(s, "Tc", "Js")                                 # 72: over at once
    assert s.is_over and s.result["reason"] == "66" and s.result["game_points"] == 3
    assert s.scores() == (3.0, -3.0) and s.winner == 0


def test_66_loser_with_a_trick_below_33_scores_two():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad Ts As Kh Qh Ah Ks Qs",
             single_deal=True)
    play(s, "Jh", "Th", "Jd", "Ad", "marry Kc", "Qd", "Ac", "Kd")
    assert s.result["points"] == [75, 12] and s.scores() == (2.0, -2.0)


def test_66_loser_with_33_scores_one():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad Ts As Kh Qh Ah Ks Qs",
             single_deal=True)
    play(s, "Jh", "Th", "Jd", "Ad", "Ts", "As")          # seat 1: 12 + 21 = 33
    assert s.points == [13, 33] and s.leader == 1
    play(s, "Td", "Ac", "marry Kc")                      # seat 0: 13 + 21 + 40 = 74
    assert s.is_over and s.result["points"] == [74, 33] and s.scores() == (1.0, -1.0)


def test_last_trick_wins_one_point_when_nobody_reaches_66():
    # replayed random deals: whenever the stock was never closed and nobody reached 66,
    # the winner of the last trick wins 1 game point
    seen = 0
    for seed in range(300):
        s = cardcore.new_game("schnapsen", seed=seed, single_deal=True)
        agent = RandomAgent(seed=seed)
        while not s.is_over:
            a = agent.act(s)
            if a.kind == "close":
                a = next(x for x in s.legal_actions() if x.kind != "close")
            s.apply(a)
        r = s.result
        if max(r["points"]) < 66 and r["reason"] == "last trick":
            seen += 1
            assert r["winner"] == s.tricks[-1]["winner"] and r["game_points"] == 1
            assert len(s.tricks) == 10 and sum(r["points"]) >= 120
    assert seen > 0


def test_closer_success_scores_by_the_record_at_closing():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad Ts As Kh Qh Ah Ks Qs",
             single_deal=True)
    play(s, "Jh", "Th", "Jd", "Ad")                      # seat 1 has 12 and a trick
    assert s.leader == 0
    s.apply("close")
    assert s.close_record == {"points": 12, "tricks": 1}
    play(s, "marry Kc", "As")                            # 13 + 40 + 15 = 68: closer wins
    assert s.is_over and s.result["closer"] == 0 and s.scores() == (2.0, -2.0)


def test_closer_success_three_when_opponent_had_no_trick_then():
    s = game("Ac Tc Kc Qc Ah", "Jd Qd Kd Js Qs", stock="Td Ad Ts As Kh Qh Th Jh Ks",
             single_deal=True)
    s.apply("close")                                     # closing before the first trick
    assert s.close_record == {"points": 0, "tricks": 0}
    play(s, "marry Kc", "Jd", "Ac", "Qd", "Tc", "Js")
    assert s.is_over and s.scores() == (3.0, -3.0)


def test_failing_closer_opponent_66_first_gives_two_or_three():
    # seat 0 closes with a poor hand; seat 1 (no trick at closing) reaches 66: 3 points
    s = game("Jh Th Kd Qs Js", "Ac Tc Kc Qc Ah", stock="Td Ad Ts As Kh Qh Jd Ks Qd",
             single_deal=True)
    s.apply("close")
    play(s, "Jh", "Ah", "marry Kc", "Kd", "Ac", "Qs")   # seat 1: 13 + 40 + 8 + 14 = 75
    assert s.is_over and s.result["winner"] == 1 and s.scores() == (-3.0, 3.0)
    # same, but the opponent had a trick at closing: 2 points
    s = game("Jh Th Kd Qs Js", "Ac Tc Kc Qc Ah", stock="Td Ad Ts As Kh Qh Jd Ks Qd",
             single_deal=True)
    play(s, "Jh", "Ah")                                  # seat 1 wins 13; draws Td, seat 0 Ad
    play(s, "Td", "Ad")                                  # seat 1 leads; seat 0 wins 21
    assert s.leader == 0 and s.close_record is None
    s.apply("close")
    assert s.close_record == {"points": 13, "tricks": 1}
    play(s, "Ts", "As", "marry Kc")                      # seat 1: 13 + 21 + 40 = 74
    assert s.is_over and s.result["winner"] == 1 and s.scores() == (-2.0, 2.0)


def test_closer_below_66_after_the_last_trick_loses():
    seen = 0
    for seed in range(400):
        s = cardcore.new_game("schnapsen", seed=seed, single_deal=True)
        agent = RandomAgent(seed=seed)
        s.apply("close")                                  # seat 0 closes at once
        while not s.is_over:
            s.apply(agent.act(s))
        r = s.result
        assert s.close_record == {"points": 0, "tricks": 0}
        if r["winner"] == 0:
            assert r["points"][0] >= 66 and r["game_points"] == 3
        else:
            assert r["game_points"] == 3                  # seat 1 had no trick at closing
            if r["reason"] == "last trick":
                seen += 1
                assert r["points"][0] < 66 and r["points"][1] < 66
                assert len(s.tricks) == 5 and len(s.stock) == 10
    assert seen > 0


# ---------------------------------------------------------------- the match

def test_match_counts_down_from_seven_and_dealer_alternates():
    s = cardcore.new_game("schnapsen", seed=11)
    agent = RandomAgent(seed=3)
    deals = 1
    assert s.dealer == 1 and s.leader == 0
    while not s.is_over:
        before = s.deal_no
        s.apply(agent.act(s))
        if s.deal_no != before:                           # a new deal started
            deals += 1
            assert s.dealer == (1 if s.deal_no % 2 else 0) and s.leader == 1 - s.dealer
            assert len(s.stock) == 10 and all(len(h) == 5 for h in s.hands)
            last = s.past[-1]
            assert s.counts[last["winner"]] == 7 - sum(
                d["game_points"] for d in s.past if d["winner"] == last["winner"])
    w = s.match_winner
    assert s.counts[w] == 0 and s.counts[1 - w] > 0
    assert s.scores() == ((1.0, -1.0) if w == 0 else (-1.0, 1.0))
    assert len(s.past) == deals >= 3


# ---------------------------------------------------------------- actions, views

def test_action_texts_ten_spelling_and_errors():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", single_deal=True)
    p = s.clone()
    p.apply("10c")
    assert p.trick == [[0, ids("Tc")[0]]]
    p = s.clone()
    p.apply("play Tc")
    assert p.trick == [[0, ids("Tc")[0]]]
    with pytest.raises(IllegalAction, match="does not hold"):
        s.apply("As")
    with pytest.raises(IllegalAction):
        s.apply("exchange")
    assert len(set(texts(s))) == len(texts(s))


def test_observation_and_render_hide_the_opponent_and_stock():
    s = game("Ac Tc Kc Qc Jh", "Jd Qd Kd Js Th", stock="Td Ad", single_deal=True)
    s.apply("Jh")
    obs = s.observation(1)
    dump = json.dumps(obs)
    assert obs["hand"] == sorted(ids("Jd Qd Kd Js Th"), key=lambda c: (c & 3, -card_points(c)))
    for c in ids("Ac Tc Kc Qc Td Ad"):
        assert str(c) not in dump.replace(str(obs["trump_card"]), "")   # not leaked
    assert obs["trick"] == [[0, ids("Jh")[0]]] and obs["stock_size"] == 10
    text = s.render(1)
    assert "Jd" in text and "Ac" not in text and "Td" not in text and "Jc" in text
    assert "stock 10 cards" in text and "points 0" in text and "match count" in text
    assert "on the table: Jh" in text
    public = s.render(None)
    assert "Jd" not in public and "Ac" not in public and "seat 1: 5 cards" in public
