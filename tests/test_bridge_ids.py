"""Bridge's integer actions and observation tensor: the id table pinned (ids must stay stable),
the id space per option set, the step path against the Action path, and tensor layout facts
(docs/actions/bridge.md)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import cardcore
from cardcore import IllegalAction
from cardcore.bridge import Deal
from cardcore.cards import Card, parse

S, W, N, E = 0, 1, 2, 3

# ---------------------------------------------------------------------------- the id table

PINNED_CALLS = {
    0: "pass", 1: "X", 2: "XX", 3: "1C", 4: "1D", 5: "1H", 6: "1S", 7: "1NT", 8: "2C",
    12: "2NT", 17: "3NT", 20: "4H", 21: "4S", 22: "4NT", 27: "5NT", 32: "6NT", 33: "7C",
    36: "7S", 37: "7NT",
}
PINNED_CARDS = {38: "2c", 39: "2d", 40: "2h", 41: "2s", 42: "3c", 70: "Tc", 80: "Qh",
                86: "Ac", 87: "Ad", 88: "Ah", 89: "As"}


def fresh(**options):
    return cardcore.new_game("bridge", seed=11, **options)


def test_the_call_ids_are_pinned():
    s = fresh()
    assert s.num_distinct_actions == 90
    assert s.legal_ids() == [0] + list(range(3, 38))     # no double before a bid
    for i, text in PINNED_CALLS.items():
        if i in (1, 2):
            continue
        assert s.action_from_id(i).text == text
        assert s.action_to_id(text) == i
    # every bid: 3 + 5 * (level - 1) + strain
    for level in range(1, 8):
        for k, strain in enumerate(("C", "D", "H", "S", "NT")):
            assert s.action_to_id(f"{level}{strain}") == 3 + 5 * (level - 1) + k
    s.apply("1NT")
    assert s.legal_ids() == [0, 1] + list(range(8, 38))
    assert s.action_from_id(1).text == "X" and s.action_from_id(1).kind == "double"
    s.apply_id(1)
    assert s.legal_ids() == [0, 2] + list(range(8, 38))
    a = s.action_from_id(2)
    assert (a.kind, a.text) == ("redouble", "XX")
    assert s.action_to_id("rdbl") == 2 and s.action_to_id("p") == 0


def test_the_card_ids_are_pinned():
    s = fresh()
    for call in ("1C", "pass", "pass", "pass"):
        s.apply(call)
    assert s.phase == "play"
    for i, text in PINNED_CARDS.items():
        assert i == 38 + int(parse(text)[0])
    # the leader (West: South declares) may lead any card: ids are 38 + card id
    hand = s.hands[W]
    assert s.current_player == W
    assert s.legal_ids() == sorted(38 + c for c in hand)
    for c in hand:
        assert s.action_to_id(str(Card(c))) == 38 + c
        assert s.action_from_id(38 + c).cards == (Card(c),)
    # legal_actions keeps the display order (spades first, high cards first)
    assert [int(a.cards[0]) for a in s.legal_actions()] == hand
    assert hand == sorted(hand, key=lambda c: (-(c & 3), -(c >> 2)))


@pytest.mark.parametrize("options", [
    {}, {"vulnerability": "both"}, {"vulnerability": "ns", "dealer": "E"}, {"dealer": 3},
    {"deal": Deal.random(4).to_pbn()},
])
def test_the_id_space_is_the_same_for_every_option_set(options):
    s = fresh(**options)
    assert s.num_distinct_actions == 90
    assert s.observation_shape == (856,)
    rng = random.Random(2)
    while not s.is_over:
        assert s.num_distinct_actions == 90
        s.apply_id(rng.choice(s.legal_ids()))
    assert s.legal_ids() == [] and s.num_distinct_actions == 90


def test_dummy_cards_are_chosen_by_the_declarer_by_id():
    s = fresh()
    for call in ("pass", "1S", "pass", "pass", "pass"):     # West declares: North leads
        s.apply(call)
    assert s.declarer == W and s.current_player == N
    s.apply_id(s.legal_ids()[0])
    assert s.playing_hand == E and s.current_player == W    # dummy East, chosen by West
    assert s.legal_ids() and all(i - 38 in s.hands[E] for i in s.legal_ids())
    i = s.legal_ids()[-1]
    s.apply_id(i)
    assert s.log[-1][0] == W and s.log[-1][1:4] == ["play", str(Card(i - 38)), [i - 38]]


def test_following_suit_limits_the_ids():
    s = fresh()
    for call in ("1C", "pass", "pass", "pass"):
        s.apply(call)
    lead = s.legal_ids()[0]
    s.apply_id(lead)
    suit = (lead - 38) & 3
    hand = s.hands[s.playing_hand]
    follow = [c for c in hand if c & 3 == suit]
    assert s.legal_ids() == sorted(38 + c for c in (follow or hand))
    bad = [38 + c for c in hand if c & 3 != suit]
    if follow and bad:
        before = s.to_json()
        with pytest.raises(IllegalAction, match="must follow|not legal"):
            s.apply_id(bad[0])
        assert s.to_json() == before


def test_ids_and_texts_write_the_same_log_and_json():
    rng = random.Random(5)
    for seed in range(6):
        a = cardcore.new_game("bridge", seed=seed, vulnerability="ew")
        b = cardcore.new_game("bridge", seed=seed, vulnerability="ew")
        while not a.is_over:
            i = rng.choice(a.legal_ids())
            assert b.action_to_id(a.action_from_id(i)) == i
            b.apply(a.action_from_id(i).text)
            a.apply_id(i)
            assert a.log[-1] == b.log[-1]
        assert a.log == b.log and a.scores() == b.scores() == b.clone().scores()
        back = cardcore.from_json(a.to_json())
        assert back.log == a.log and back.scores() == a.scores()
        assert json.loads(a.to_json())["actions"] == a.log


def test_illegal_and_malformed_ids_raise_and_change_nothing():
    s = fresh()
    s.apply("2H")
    before = s.to_json()
    assert s.legal_ids() == [0, 1] + list(range(11, 38))   # above 2H (id 10)
    for bad in (2, 3, 9, 10, 38, 89, 90, -1, 10**40, "7", None, 1.0, True):
        with pytest.raises(IllegalAction):
            s.apply_id(bad)
        assert s.to_json() == before
    with pytest.raises(IllegalAction, match=r"action id 9 \(call 2D\) is not legal"):
        s.apply_id(9)
    s.apply_id(np.int64(13))                                # numpy ints are ids too
    assert s.calls == ["2H", "3C"]


# ---------------------------------------------------------------------------- the tensor

def obs(s, p):
    return s.observation_tensor(p)


def test_tensor_at_the_start():
    s = cardcore.new_game("bridge", seed=3, vulnerability="ns")
    for p in range(4):
        t = obs(s, p)
        assert t.shape == (856,) and t.dtype == np.float32
        assert t[0] == 1 and t[1] == t[2] == 0                       # auction
        assert list(t[3:5]) == ([1, 0] if p % 2 == 0 else [0, 1])   # NS vulnerable
        assert t[5 + (S - p) % 4] == 1 and t[5:9].sum() == 1          # dealer South
        assert t[9 + (S - p) % 4] == 1 and t[9:13].sum() == 1         # South to call
        assert sorted(np.flatnonzero(t[13:65]).tolist()) == sorted(s.hands[p])
        assert t[65:856].sum() == 3                                   # trailing passes 0, won 0/0
        assert t[541] == 1 and t[828] == 1 and t[842] == 1


def test_tensor_auction_and_contract_slots():
    s = fresh()
    for call in ("pass", "1H", "X", "XX", "2C", "pass", "pass", "pass"):
        s.apply(call)
    # calls by S, W, N, E, S, W, N, E: West bid 1H, North doubled, East redoubled, South 2C
    assert s.contract == "2C" and s.declarer == S
    t = obs(s, N)                                     # North: W = 3 (RHO), E = 1 (LHO), S = 2
    h1, c2 = 2, 5                                     # bid indexes of 1H and 2C
    assert t[117 + 12 * h1 + 3] == 1                  # 1H by RHO (West)
    assert t[117 + 12 * h1 + 4 + 0] == 1              # doubled by North itself
    assert t[117 + 12 * h1 + 8 + 1] == 1              # redoubled by LHO (East)
    assert t[117 + 12 * c2 + 2] == 1                  # 2C by partner (South)
    assert t[117:537].sum() == 4
    assert t[537 + 2] == 1 and t[537:541].sum() == 1  # South passed before the first bid
    assert t[541 + 3] == 1                            # three passes end it
    assert t[545 + 1] == 1 and t[552 + 0] == 1 and t[557 + 0] == 1   # level 2, clubs, undoubled
    assert t[560 + 2] == 1                            # declarer: partner
    assert t[0:3].tolist() == [0, 1, 0]
    assert t[65:117].sum() == 0                       # dummy not faced before the lead


def test_tensor_trick_dummy_and_won_slots():
    s = fresh()
    for call in ("1NT", "pass", "pass", "pass"):
        s.apply(call)
    assert s.declarer == S and s.dummy == N
    t0 = obs(s, W)
    assert t0[65:117].sum() == 0
    lead = s.legal_ids()[0] - 38                      # West leads
    s.apply_id(38 + lead)
    for p in range(4):
        t = obs(s, p)
        assert sorted(np.flatnonzero(t[65:117]).tolist()) == sorted(s.hands[N])
        rel_w = (W - p) % 4
        assert t[564 + 52 * rel_w + lead] == 1 and t[564:772].sum() == 1
        assert t[772 + rel_w] == 1 and t[776 + lead] == 1
    while len(s.tricks) < 2 or s.tricks[-1]["winner"] is None:
        s.apply_id(s.legal_ids()[0])
        if s.tricks[-1]["winner"] is not None:
            break
    t = obs(s, E)
    assert t[564:776].sum() == 0                      # between tricks: no trick in progress
    ns, ew = s.won
    assert t[828 + ew] == 1 and t[842 + ns] == 1      # East's side first
    assert t[776:828].sum() == 4


def test_tensor_once_over():
    s = fresh()
    rng = random.Random(9)
    while not s.is_over:
        s.apply_id(rng.choice(s.legal_ids()))
    for p in range(4):
        t = obs(s, p)
        assert t[2] == 1 and t[9:13].sum() == 0
        assert t[13:65].sum() == (13 if s.passed_out else 0)
        assert t[776:828].sum() == (0 if s.passed_out else 52)
        assert t[828:856].sum() == 2


def test_passed_out_deal_has_no_contract_slots():
    s = fresh()
    for _ in range(4):
        s.apply_id(0)
    assert s.is_over and s.passed_out and s.scores() == (0, 0, 0, 0)
    t = obs(s, S)
    assert t[545:564].sum() == 0 and t[537:541].sum() == 4 and t[541 + 3] == 1


def test_tensor_hides_the_closed_hands():
    """Two deals that differ only in East's and West's cards (swapped between them) look the
    same to North-South until a card of those hands shows; dummy's cards show to everyone
    after the opening lead."""
    base = Deal.random(21)
    d2 = Deal({"N": base.hand("N"), "S": base.hand("S"), "E": base.hand("W"),
               "W": base.hand("E")})
    a = cardcore.new_game("bridge", deal=base)
    b = cardcore.new_game("bridge", deal=d2)
    for call in ("1NT", "pass", "pass", "pass"):      # South declares, West leads
        a.apply(call)
        b.apply(call)
        for p in (S, N):
            assert np.array_equal(obs(a, p), obs(b, p))
        assert not np.array_equal(obs(a, E), obs(b, E))
