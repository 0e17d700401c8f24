"""Preference's integer actions and observation tensor: the id table pinned, the step path
(``legal_ids`` / ``apply_id``) checked against the rules functions, the tensor's layout.

The tables here are the ones documented in ``docs/actions/preference.md``; a change to them is a
change of the public id scheme."""

import random
from itertools import combinations

import numpy as np
import pytest

import cardcore
from cardcore import IllegalAction
from cardcore.cards import parse
from cardcore.preference import legal_cards
from cardcore.preference import state as pref

CARDS = [                                                               # ids 0..31
    "7c", "7d", "7h", "7s", "8c", "8d", "8h", "8s", "9c", "9d", "9h", "9s",
    "Tc", "Td", "Th", "Ts", "Jc", "Jd", "Jh", "Js", "Qc", "Qd", "Qh", "Qs",
    "Kc", "Kd", "Kh", "Ks", "Ac", "Ad", "Ah", "As",
]
OTHER_IDS = {
    528: "1", 529: "2", 530: "3", 531: "4", 532: "hold", 533: "game clubs",
    534: "game spades", 535: "game diamonds", 536: "hearts", 537: "pass",
    538: "trump clubs", 539: "trump spades", 540: "trump diamonds", 541: "trump hearts",
    542: "no aces", 543: "no announcement", 544: "stay", 545: "drop", 546: "invite",
    547: "alone",
}


def ids(text):
    return [int(c) for c in parse(text)]


# Deal M of test_preference.py: seat 0 strong in clubs; Deal A: seat 0 without an ace
M = ("Ac Kc Qc Jc Tc 9c 7d 7h As Ks", "Ad Kd Qd Jd Td 9d 8d 8c 7c Qs",
     "Ah Kh Qh Jh Th 9h 8h Js Ts 9s", "8s 7s")
A = ("Kc Qc Jc Tc 9c 8c Kd Qd Jd Td", "7c 9d 8d 7d Ah Kh Qh Jh Th 9h",
     "8h 7h As Ks Qs Js Ts 9s 8s 7s", "Ac Ad")


def game(deal, **kw):
    kw.setdefault("single_deal", True)
    deck = [c for part in deal for c in ids(part)]
    return cardcore.new_game("preference", seed=11, deck=deck, **kw)


def texts_of(s, ids_):
    return [s.action_from_id(i).text for i in ids_]


@pytest.mark.parametrize("options", [{}, {"single_deal": True}, {"deals": 3},
                                     {"deals": 12, "dealer": 0}])
def test_548_ids_with_every_option(options):
    s = cardcore.new_game("preference", seed=1, **options)
    assert s.num_distinct_actions == 548 == pref.N_ACTIONS
    assert s.legal_mask().shape == (548,)


def test_the_discard_ids_are_the_pairs_in_lexicographic_order():
    pairs = list(combinations(range(32), 2))
    assert len(pairs) == 496
    table = {32 + k: f"discard {CARDS[a]} {CARDS[b]}" for k, (a, b) in enumerate(pairs)}
    assert table[32] == "discard 7c 7d" and table[62] == "discard 7c As"
    assert table[63] == "discard 7d 7h" and table[527] == "discard Ah As"
    assert {i: pref._describe(i) for i in range(32, 528)} == table
    assert [pref._describe(i) for i in range(32)] == CARDS
    assert {i: pref._describe(i) for i in range(528, 548)} == OTHER_IDS


def test_auction_ids_and_hold_through_the_api():
    s = game(M)
    assert s.legal_ids() == [528, 533, 534, 535, 536, 537]
    assert texts_of(s, s.legal_ids()) == ["1", "game clubs", "game spades", "game diamonds",
                                          "hearts", "pass"]
    assert [a.text for a in s.legal_actions()] == texts_of(s, s.legal_ids())
    for t in ("1", "2", "pass"):
        s.apply(t)
    assert s.current_player == 0 and s.legal_ids() == [532, 537]
    hold = s.action_from_id(532)
    assert hold.kind == "hold" and hold.amount == 2 and s.action_to_id("hold") == 532
    s.apply_id(532)
    assert s.log[-1] == [0, "hold", "hold", [], 2, []]
    assert s.legal_ids() == [530, 537]                   # seat 1 may only go on to 3
    s.apply_id(530)
    s.apply_id(532)
    assert s.log[-1] == [0, "hold", "hold", [], 3, []]
    s.apply_id(537)
    assert s.phase == "discard" and s.contract["level"] == 3


def test_discard_trump_defence_ids_through_the_api():
    s = game(M)
    for t in ("1", "pass", "pass"):
        s.apply(t)
    hand = sorted(s.hands[0])
    assert len(hand) == 12
    want = [f"discard {CARDS[a - 20]} {CARDS[b - 20]}" for a, b in combinations(hand, 2)]
    got = s.legal_ids()
    assert len(got) == 66 and got == sorted(got) and texts_of(s, got) == want
    i = s.action_to_id("discard 7h 7d")                 # any order of the two cards
    assert i == s.action_to_id("discard 7d 7h") == 32 + list(
        combinations(range(32), 2)).index((1, 2))
    s.apply_id(i)
    assert s.log[-1] == [0, "discard", "discard 7d 7h", ids("7d 7h"), None, []]
    assert s.legal_ids() == [538, 539, 540, 541]        # number 1: any trump suit
    s.apply_id(539)
    assert s.log[-1] == [0, "trump", "trump spades", [], 2, []] and s.trump == 3
    assert s.phase == "announce" and s.current_player == 0
    assert s.legal_ids() == [543]                        # an ace kept: no "no aces"
    s.apply_id(543)
    assert s.log[-1] == [0, "announce", "no announcement", [], None, []]
    assert s.legal_ids() == [544, 545]
    s.apply_id(544)
    s.apply_id(545)
    assert s.phase == "invite" and s.legal_ids() == [546, 547]
    s.apply_id(546)
    assert s.log[-1] == [1, "invite", "invite", [], None, []]
    assert s.invited == 2 and s.host == 1 and s.phase == "play"
    assert s.legal_ids() == sorted(c - 20 for c in s.hands[0])


def test_trump_ids_at_least_the_number_and_no_aces_ids():
    s = game(A)
    for t in ("1", "2", "3", "pass", "pass"):
        s.apply(t)
    assert s.contract["declarer"] == 2 and s.phase == "discard"
    s.apply(s.legal_actions()[0])
    assert s.legal_ids() == [540, 541]
    s = game(A)
    s.apply("game clubs")
    s.apply("pass")
    s.apply("pass")
    assert s.phase == "announce" and s.legal_ids() == [542, 543]
    s.apply_id(542)
    assert s.log[-1] == [0, "announce", "no aces", [], None, []] and s.no_aces


def test_illegal_ids_raise_naming_the_action_and_leave_the_state():
    s = game(M)
    before = s.to_json()
    for bad, words in ((532, "hold"), (0, "7c"), (100, "discard"), (544, "stay")):
        with pytest.raises(IllegalAction, match=words):
            s.apply_id(bad)
    for bad in (-1, 548, 10**30, "528", 528.0, None, False):
        with pytest.raises(IllegalAction):
            s.apply_id(bad)
    assert s.to_json() == before
    s.apply_id(np.int32(537))
    assert s.log[-1] == [0, "pass", "pass", [], None, []]


def _auction_reference(s, seat):
    """The auction's legal calls straight from the rules page (texts)."""
    out = []
    if s.game_suit is None:
        n, holder = s.number, s.number_holder
        if holder is not None and s.priority(seat) < s.priority(holder):
            out.append("hold")
        elif n < 4:
            out.append(str(n + 1))
    if not s.spoken[seat]:
        floor = pref.SUIT_LEVEL[s.game_suit] if s.game_suit is not None else 0
        for name, level in (("clubs", 1), ("spades", 2), ("diamonds", 3)):
            if level > floor:
                out.append(f"game {name}")
        out.append("hearts")
    out.append("pass")
    return out


@pytest.mark.parametrize("single_deal", [True, False])
def test_step_path_equals_the_rules_over_random_games(single_deal):
    """The ids are computed on their own: over random games and whole matches they are the
    rules functions' answers (module ``legal_cards``, the auction rules, every discard pair),
    and playing by ids writes the same game as playing by texts."""
    plays = auctions = 0
    for seed in range(30 if single_deal else 4):
        opts = {"single_deal": True} if single_deal else {"deals": 3}
        s = cardcore.new_game("preference", seed=seed, **opts)
        twin = cardcore.new_game("preference", seed=seed, **opts)
        rng = random.Random(seed)
        while not s.is_over:
            got = s.legal_ids()
            assert got == sorted(set(got))
            p = s.current_player
            if s.phase == "play":
                trick = [c for _, c in s.trick]
                lowest = (len(s.active) == 3 and len(s.trick) == 1
                          and s.trick[0][0] == s.declarer)
                want = legal_cards(s.hands[p], trick, s.trump, lowest_beat=lowest)
                assert got == sorted(c - 20 for c in want)
                plays += 1
            elif s.phase == "auction":
                assert texts_of(s, got) == _auction_reference(s, p)
                auctions += 1
            elif s.phase == "discard":
                assert len(got) == 66
            assert [a.text for a in s.legal_actions()] == texts_of(s, got)
            i = got[rng.randrange(len(got))]
            twin.apply(s.action_from_id(i).text)
            s.apply_id(i)
            assert s.log[-1] == twin.log[-1]
        assert s.to_json() == twin.to_json() and s.scores() == twin.scores()
        assert cardcore.from_json(s.to_json()).log == s.log
    assert plays > 100 and auctions > 20


# ---------------------------------------------------------------- the tensor

def test_tensor_shape_hand_and_auction_slots():
    s = game(M)
    assert s.observation_shape == (333,) == (pref.OBS_SIZE,)
    for p in range(3):
        t = s.observation_tensor(p)
        assert t.dtype == np.float32 and t.shape == (333,)
        assert np.flatnonzero(t[0:32]).tolist() == sorted(c - 20 for c in ids(M[p]))
        assert t[256] == 1.0 and t[257:264].sum() == 0                  # phase: auction
        assert t[264 + (0 - p) % 3] == 1.0                              # seat 0 to act
        assert t[267 + (2 - p) % 3] == 1.0                              # seat 2 deals
        assert t[270] == 1.0                                            # no number bid yet
        assert t[327] == pytest.approx(0.9)                             # pot 90
        assert t[328:331].tolist() == pytest.approx([-0.3] * 3)
        assert t[331] == 1.0 and t[332] == 0.0                          # deal 1 of 1
    for text in ("1", "bid 2", "pass"):
        s.apply(text)
    t = s.observation_tensor(2)
    assert t[270:275].tolist() == [0, 0, 1, 0, 0]                      # number 2 ...
    assert t[275:278].tolist() == [0, 0, 1]                            # ... by my right
    assert t[284:287].tolist() == [1, 0, 0]                            # I passed
    assert t[287:290].tolist() == [1, 1, 1]                            # everyone spoke
    assert t[264:267].tolist() == [0, 1, 0]                            # seat 0 (left) acts


def test_tensor_discards_only_for_the_declarer_and_contract_slots():
    s = game(M)
    for t in ("1", "pass", "pass", "discard 7d 7h", "trump clubs"):
        s.apply(t)
    for p in (0, 1, 2):                  # every declarer answers: its seat acts for all
        t = s.observation_tensor(p)
        assert t[256 + 3] == 1.0 and t[256:264].sum() == 1              # phase: announce
        assert t[264 + (0 - p) % 3] == 1.0 and t[264:267].sum() == 1    # seat 0 to act
    s.apply("no announcement")
    t0, t1 = s.observation_tensor(0), s.observation_tensor(1)
    assert np.flatnonzero(t0[32:64]).tolist() == [c - 20 for c in ids("7d 7h")]
    assert t1[32:64].sum() == 0
    assert t0[0:32].sum() == 10 and ids("8s")[0] - 20 in np.flatnonzero(t0[0:32])
    for p, t in ((0, t0), (1, t1)):
        assert t[256 + 4] == 1.0                                        # phase: defence
        assert t[290] == 1.0 and t[293 + (0 - p) % 3] == 1.0            # number, declarer 0
        assert t[296] == 1.0 and t[300] == 1.0                          # level 1, trump clubs


def test_tensor_tricks_by_relative_seat():
    s = game(M)
    for t in ("game clubs", "pass", "pass", "no announcement", "stay", "stay", "Ac", "7c",
              "9s", "Kc", "8c"):
        s.apply(t)
    t1 = s.observation_tensor(1)
    # finished trick Ac (seat 0 = right of seat 1), 7c (seat 1 = me), 9s (seat 2 = left)
    assert t1[64 + ids("7c")[0] - 20] == 1.0
    assert t1[96 + ids("9s")[0] - 20] == 1.0
    assert t1[128 + ids("Ac")[0] - 20] == 1.0
    # current trick: Kc by seat 0 (right), 8c by seat 1 (me)
    assert t1[160 + ids("8c")[0] - 20] == 1.0 and t1[224 + ids("Kc")[0] - 20] == 1.0
    assert t1[160:256].sum() == 2
    assert t1[317:320].tolist() == [1, 1, 1]                            # all three play
    assert t1[320 + 2] == 1.0                                           # seat 0 led
    assert t1[323 + 2] == pytest.approx(0.1) and t1[326] == pytest.approx(0.1)
    assert t1[262] == 1.0 and t1[264 + 1] == 1.0                        # play, seat 2 next
    assert t1[305:314].tolist() == [1, 0, 0, 1, 0, 0, 0, 0, 0]          # me, left stayed


def test_tensor_once_over_shows_no_hand():
    s = game(M)
    for t in ("game clubs", "pass", "pass", "no announcement", "drop", "drop"):
        s.apply(t)
    assert s.is_over
    t = s.observation_tensor(0)
    assert t[0:64].sum() == 0 and t[263] == 1.0 and t[264:267].sum() == 0
    assert t[323] == 1.0                                                # credited ten tricks
