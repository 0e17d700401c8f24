"""The Bridge game: dealing, seats, the auction inside the game, dummy, following suit, tricks,
scores, the record, observations and rendering."""

import json

import pytest

from cardcore import OptionError

import cardcore
from cardcore import CardError, IllegalAction
from cardcore.agents import RandomAgent
from cardcore.bridge import Deal
from cardcore.bridge.state import BridgeState
from cardcore.cards import Card, parse

S, W, N, E = 0, 1, 2, 3

# S holds all spades, W all hearts, N all diamonds, E all clubs
SUITED = Deal.from_pbn("N:..AKQJT98765432. ...AKQJT98765432 AKQJT98765432... .AKQJT98765432..")


def finish_auction(state, calls):
    for c in calls:
        state.apply(c)


def test_deck_order_is_s_w_n_e_and_shuffle_deals_from_west():
    deck = [str(Card(c)) for c in range(52)]
    s = cardcore.new_game("bridge", seed=1, deck=" ".join(deck))
    for seat in range(4):
        assert sorted(s.hands[seat]) == list(range(13 * seat, 13 * seat + 13))
    assert sorted(s.deal().hand("S")) == list(range(13))
    assert sorted(s.deal().hand("E")) == list(range(39, 52))
    with pytest.raises(CardError):
        cardcore.new_game("bridge", deck=" ".join(deck[:51]))
    with pytest.raises(CardError):
        cardcore.new_game("bridge", deck=" ".join(deck[:51] + deck[:1]))
    # a shuffled deal is deterministic per seed and uses every card once
    a = cardcore.new_game("bridge", seed=7)
    b = cardcore.new_game("bridge", seed=7)
    assert a.hands == b.hands
    assert sorted(c for h in a.hands for c in h) == list(range(52))
    assert all(len(h) == 13 for h in a.hands)


def test_options():
    assert SUITED.hand("N")[0] == Card(parse("Ad")[0])
    s = cardcore.new_game("bridge", deal=SUITED, vulnerability="ns")
    assert s.vulnerable == [True, False, True, False]
    assert cardcore.new_game("bridge", deal=SUITED.to_pbn()).hands == s.hands
    assert cardcore.new_game("bridge", seed=1, vulnerability="both").vulnerable == [True] * 4
    assert cardcore.new_game("bridge", seed=1, vulnerability="ew").vulnerable == \
        [False, True, False, True]
    with pytest.raises(OptionError, match="vulnerability"):
        cardcore.new_game("bridge", seed=1, vulnerability="all")
    with pytest.raises(OptionError, match="deal"):
        cardcore.new_game("bridge", seed=1, deal=42)
    with pytest.raises(OptionError, match="dealer"):
        cardcore.new_game("bridge", seed=1, dealer="Q")


def test_south_calls_first_and_aliases():
    s = cardcore.new_game("bridge", seed=2)
    assert s.current_player == S and s.phase == "auction"
    kinds = {a.text: a.kind for a in s.legal_actions()}
    assert kinds["pass"] == "pass" and kinds["1NT"] == "bid" and "X" not in kinds
    s.apply("1N")
    assert s.calls == ["1NT"] and s.current_player == W
    s.apply("dbl")
    s.apply("rdbl")
    assert s.calls == ["1NT", "X", "XX"]
    before = s.to_json()
    for bad in ("1C", "X", "XX", "As", "banana", ""):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before
    with pytest.raises(IllegalAction, match="higher than 1NT"):
        s.apply("1S")
    s.apply("p")
    s.apply("pass")
    s.apply("PASS")
    assert s.phase == "play" and s.contract == "1NTXX" and s.declarer == S


def test_passed_out_scores_zero():
    s = cardcore.new_game("bridge", seed=3)
    for _ in range(4):
        s.apply("pass")
    assert s.is_over and s.passed_out and s.scores() == (0.0, 0.0, 0.0, 0.0)
    assert s.record()["result"] == "passed out"
    assert "Passed out" in s.render(0)


def test_dummy_is_played_by_declarer_and_south_dummy_by_north():
    s = cardcore.new_game("bridge", deal=SUITED)
    # N declares 1NT: E leads, S is dummy, N plays S's cards
    finish_auction(s, ["pass", "pass", "1NT", "pass", "pass", "pass"])
    assert s.declarer == N and s.dummy == S
    assert s.current_player == E and s.playing_hand == E
    assert not s.dummy_visible and s.observation(W)["dummy_hand"] is None
    s.apply("Ac")
    assert s.dummy_visible
    assert s.observation(W)["dummy_hand"] == sorted(s.hands[S], reverse=True)
    # dummy's turn: North chooses, South's cards are played
    assert s.playing_hand == S and s.current_player == N
    assert all(a.cards[0] & 3 == 3 for a in s.legal_actions())
    s.apply("SA")  # suit-first spelling
    assert s.tricks[0]["cards"][-1] == int(parse("As")[0])
    assert s.current_player == W and s.playing_hand == W
    with pytest.raises(IllegalAction, match="does not hold"):
        s.apply("Kc")
    s.apply("Ah")
    s.apply("Ad")
    # NT: only the led suit wins -> East's club ace
    assert s.tricks[0]["winner"] == E and s.won == [0, 1]
    assert s.current_player == E


def test_follow_suit_and_trumps():
    deal = Deal.from_pbn("N:AK32.AK32.AK32.A QJT9.QJT9.QJ.QJT 8765.8765.T98.98 4.4.7654.K765432")
    s = cardcore.new_game("bridge", deal=deal)
    # S opens 1S, all pass: S declares spades, W leads
    finish_auction(s, ["1S", "pass", "pass", "pass"])
    assert s.declarer == S and s.current_player == W
    s.apply("4h")
    # N (dummy, played by S) must follow hearts
    assert s.current_player == S and s.playing_hand == N
    assert sorted(str(a) for a in s.legal_actions()) == sorted(["Ah", "Kh", "3h", "2h"])
    with pytest.raises(IllegalAction, match="must follow suit"):
        s.apply("As")
    s.apply("2h")
    s.apply("Qh")
    s.apply("5h")
    assert s.tricks[0]["winner"] == E  # highest heart
    s.apply("Jh")  # E leads hearts again
    s.apply("6h")  # S follows
    # W is now void in hearts: may trump or discard freely
    legal = {str(a) for a in s.legal_actions()}
    assert "4s" in legal and "Kc" in legal and len(legal) == 12
    s.apply("4s")
    s.apply("Ah")
    assert s.tricks[1]["winner"] == W  # the only trump wins


def test_scores_are_equal_and_opposite_and_match_breakdown():
    s = cardcore.new_game("bridge", seed=11, vulnerability="both")
    finish_auction(s, ["4S", "X", "pass", "pass", "pass"])
    agent = RandomAgent(seed=5)
    while not s.is_over:
        s.apply(agent.act(s))
    sc = s.scores()
    assert sc[0] == sc[2] == -sc[1] == -sc[3]
    b = s.score_breakdown()
    assert b.contract == "4SX" and b.tricks == s.won[0] and b.vulnerable
    assert sc[0] == b.total == cardcore.bridge.score("4SX", "S", s.won[0], True)
    assert sum(s.won) == 13


def test_record_is_complete_and_json():
    s = cardcore.new_game("bridge", seed=4)
    finish_auction(s, ["1C", "1D", "2C", "X", "pass", "pass", "XX", "pass", "pass", "pass"])
    agent = RandomAgent(seed=9)
    while not s.is_over:
        s.apply(agent.act(s))
    r = json.loads(json.dumps(s.record()))
    assert [c["call"] for c in r["calls"]] == s.calls
    assert [c["seat"] for c in r["calls"][:5]] == ["S", "W", "N", "E", "S"]
    assert len(r["tricks"]) == 13 and all(len(t["cards"]) == 4 for t in r["tricks"])
    assert sum(1 for t in r["tricks"] if t["winner"] in ("N", "S")) == r["tricks_won"]["NS"]
    assert r["contract"] == "2CXX" and r["declarer"] == "S"
    assert r["breakdown"]["total"] == r["score"]["NS"]
    assert r["deal"] == s.deal().to_pbn("N")
    text = s.record_text()
    assert "Contract: 2CXX by South" in text and "Trick 13" in text and "total" in text
    for t in r["tricks"]:
        assert t["winner"] in [c["seat"] for c in t["cards"]]


def test_observation_never_leaks_hidden_cards():
    agent = RandomAgent(seed=3)
    for seed in range(6):
        s = cardcore.new_game("bridge", seed=seed)
        finish_auction(s, ["1H", "pass", "pass", "pass"])
        while not s.is_over:
            for p in range(4):
                obs = s.observation(p)
                json.dumps(obs)
                shown = set(obs["hand"]) | set(obs["dummy_hand"] or [])
                allowed = set(s.hands[p])
                if s.dummy_visible:
                    allowed |= set(s.hands[s.dummy])
                assert shown <= allowed
                assert obs["hand"] == sorted(obs["hand"], key=lambda c: (-(c & 3), -(c >> 2)))
                others = set().union(*(s.hands[q] for q in range(4) if q != p
                                       and not (s.dummy_visible and q == s.dummy)))
                assert not (others & shown)
                text = s.render(p)
                assert "Your hand" in text
            s.apply(agent.act(s))


def test_render_shows_auction_columns_dummy_trick_and_result():
    s = cardcore.new_game("bridge", deal=SUITED)
    text = s.render(S)
    assert "West   North  East   South" in text and "S: A K Q J T 9 8 7 6 5 4 3 2" in text
    assert "H: A" not in text  # no other hand shown
    finish_auction(s, ["1S", "pass", "pass", "pass"])
    assert "1S" in s.render(S).splitlines()[2]
    s.apply("Ah")  # W leads
    t = s.render(W)
    assert "Dummy (North)" in t and "D: A K Q" in t and "Trick 1: West Ah" in t
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    t = s.render(S)
    assert "Result: 1S+6" in t and "Score: NS +260" in t


def test_json_round_trip_mid_play():
    s = cardcore.new_game("bridge", seed=21)
    finish_auction(s, ["1NT", "pass", "3NT", "pass", "pass", "pass"])
    for _ in range(7):
        s.apply(s.legal_actions()[-1])
    t = cardcore.from_json(s.to_json())
    assert isinstance(t, BridgeState)
    assert t.legal_actions() == s.legal_actions() and t.current_player == s.current_player
    while not s.is_over:
        a = s.legal_actions()[0]
        s.apply(a)
        t.apply(a)
    assert t.scores() == s.scores() and t.record() == s.record()


def test_dummy_never_acts_and_declarer_chooses_for_dummy_in_random_games():
    for seed in range(15):
        s = cardcore.new_game("bridge", seed=seed)
        agent = RandomAgent(seed=seed)
        while s.phase == "auction":
            s.apply(agent.act(s))
        if s.passed_out:
            continue
        while not s.is_over:
            ph, cp = s.playing_hand, s.current_player
            assert cp != s.dummy
            assert cp == (s.declarer if ph == s.dummy else ph)
            assert all(int(a.cards[0]) in s.hands[ph] for a in s.legal_actions())
            s.apply(agent.act(s))
        assert sum(s.won) == 13 and s.current_player is None and s.playing_hand is None
        sc = s.scores()
        assert sc[0] == sc[2] == -sc[1] == -sc[3] == s.ns_score()
