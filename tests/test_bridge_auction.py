"""The auction state machine: sufficiency, doubles, redoubles, the end, the declarer."""

import pytest

from cardcore import IllegalAction
from cardcore.bridge.auction import BIDS, CALLS, Auction, parse_call
from cardcore.rng import Rng

S, W, N, E = 0, 1, 2, 3


def test_parse_call_aliases():
    assert parse_call("p") == "pass" and parse_call("PASS") == "pass"
    assert parse_call("dbl") == "X" and parse_call("x") == "X"
    assert parse_call("rdbl") == "XX" and parse_call("xx") == "XX"
    assert parse_call("1N") == "1NT" and parse_call("3nt") == "3NT" and parse_call("4s") == "4S"
    assert parse_call("2\u2665") == "2H"
    for bad in ("8S", "0C", "1Z", "XXX", "", "1NTT", 3):
        with pytest.raises(IllegalAction):
            parse_call(bad)
    assert len(BIDS) == 35 and BIDS[0] == "1C" and BIDS[-1] == "7NT"


def test_passed_out_needs_four_passes():
    a = Auction(S, ["pass"] * 3)
    assert not a.is_over and a.next_seat == E
    a.add("pass")
    assert a.is_over and a.passed_out and a.contract is None and a.declarer is None
    assert a.legal_calls() == []
    with pytest.raises(IllegalAction, match="over"):
        a.add("1C")


def test_three_passes_after_a_bid_end_it():
    a = Auction(S, ["pass", "pass", "pass", "1C", "pass", "pass"])
    assert not a.is_over
    a.add("pass")
    assert a.is_over and a.contract == "1C" and a.declarer == E


def test_sufficiency():
    a = Auction(S, ["1H"])
    with pytest.raises(IllegalAction, match="higher than 1H"):
        a.add("1D")
    with pytest.raises(IllegalAction, match="higher than 1H"):
        a.add("1H")
    a.add("1S")
    assert a.legal_calls()[:4] == ["pass", "X", "1NT", "2C"]
    assert a.calls == ["1H", "1S"]


def test_double_rules():
    a = Auction(S, ["1H"])
    assert "X" in a.legal_calls() and "XX" not in a.legal_calls()  # W, an opponent
    a.add("pass")
    # N is the bidder's partner: may not double
    with pytest.raises(IllegalAction, match="opponent"):
        a.add("X")
    a.add("pass")
    a.add("X")  # E doubles
    # S (the bidder) may redouble, not double again
    assert "XX" in a.legal_calls() and "X" not in a.legal_calls()
    with pytest.raises(IllegalAction, match="already doubled"):
        Auction(S, ["1H", "X", "pass"]).add("X")
    # the doubler's partner may not redouble
    with pytest.raises(IllegalAction, match="only the side"):
        Auction(S, ["1H", "X", "pass"]).add("XX")
    Auction(S, ["1H", "X"]).add("XX")  # the bidder's partner may
    with pytest.raises(IllegalAction, match="no bid"):
        Auction(S).add("X")
    with pytest.raises(IllegalAction, match="not doubled"):
        Auction(S, ["1H", "pass"]).add("XX")
    b = Auction(S, ["1H", "X", "XX"])
    with pytest.raises(IllegalAction, match="already redoubled"):
        b.add("XX")
    with pytest.raises(IllegalAction, match="already redoubled"):
        b.add("X")


def test_doubles_reset_pass_count_and_higher_bid_cancels():
    a = Auction(S, ["1H", "pass", "pass", "X", "pass", "pass"])
    assert not a.is_over
    a.add("XX")
    a.add("pass")
    a.add("pass")
    assert not a.is_over
    a.add("pass")
    assert a.contract == "1HXX" and a.declarer == S
    # passes keep the double; a new bid cancels it
    b = Auction(S, ["1H", "X", "pass", "pass"])
    assert b.doubled == 1
    b.add("2C")
    assert b.doubled == 0
    b.add("pass")
    b.add("pass")
    b.add("pass")
    assert b.contract == "2C" and b.declarer == S


def test_declarer_is_first_of_side_to_name_strain():
    # S opens 1H, N raises: S declares; N named spades first and plays 4S.
    a = Auction(S, ["1H", "pass", "1S", "pass", "2H", "pass", "4H", "pass", "pass", "pass"])
    assert a.contract == "4H" and a.declarer == S
    a = Auction(S, ["1H", "pass", "1S", "pass", "3S", "pass", "4S", "pass", "pass", "pass"])
    assert a.declarer == N
    # opponents' earlier bid of the strain does not count
    a = Auction(S, ["1S", "2H", "pass", "pass", "2S", "pass", "pass", "3H", "pass", "pass",
                    "pass"])
    assert a.contract == "3H" and a.declarer == W
    a = Auction(S, ["1NT", "pass", "3NT", "X", "pass", "pass", "pass"])
    assert a.contract == "3NTX" and a.declarer == S


def test_dealer_other_than_south():
    a = Auction(E, ["1C"])
    assert a.seat_of(0) == E and a.next_seat == S
    assert a.legal_calls()[1] == "X"


def test_legal_calls_agree_with_why_illegal_on_random_auctions():
    rng = Rng(2024)
    for _ in range(300):
        a = Auction(rng.below(4))
        while not a.is_over:
            legal = a.legal_calls()
            for c in CALLS:
                assert (a.why_illegal(c) is None) == (c in legal), (a, c)
            # bias toward passes so auctions end
            c = "pass" if rng.below(3) == 0 else rng.choice(legal)
            a.add(c)
        if not a.passed_out:
            assert a.contract.rstrip("X") == a.last_bid
            assert a.declarer % 2 == a.last_bidder % 2
        assert len(a.calls) <= 319
