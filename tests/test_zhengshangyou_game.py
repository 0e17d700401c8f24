"""Zheng Shangyou game rules, each Decision pinned with a stacked deck."""

from __future__ import annotations

import json

import numpy as np
import pytest

import cardcore
from cardcore.cards import parse
from cardcore.errors import CardError, IllegalAction
from cardcore.zhengshangyou.state import deck48, hand_bombs


def ids(text: str) -> list[int]:
    return [int(c) for c in parse(text)]


def stacked(seat0: str, seat1: str) -> list[int]:
    a, b = ids(seat0), ids(seat1)
    assert len(a) == 16 and len(b) == 16
    rest = [int(c) for c in deck48() if int(c) not in set(a) | set(b)]
    assert len(rest) == 16
    return a + b + rest


def new(deck=None, seed=3):
    return cardcore.new_game("zhengshangyou", seed=seed, deck=deck)


def texts(st):
    return [a.text for a in st.legal_actions()]


# seat 0 holds the straight 3h..Kh, the three aces and 2s: nobody can answer anything
RUNAWAY = stacked("3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh 2s Ac Ad As 3c",
                  "3d 4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c 9d Tc Td Jc")
# seat 1 holds 8888; nobody else has a bomb
BOMB_B = stacked("3h 4c 4d 5c 5d 6c 6d 7c 7d 9c 9d Tc Td Jc Jd Ac",
                 "8c 8d 8h 8s 3c 4h 5h 6h 7h 9h Th Jh Qh Kh Kc Kd")
# seat 1 holds 8888, seat 2 holds 9999
BOMB_C = stacked("3h 4c 4d 5c 5d 6c 6d 7c 7d Tc Td Jc Jd Qc Ac Kc",
                 "8c 8d 8h 8s 3c 4h 5h 6h 7h Th Jh Qh Kh Kd Qd 3d")
HEAVEN = stacked("3c 3d 3h 3s 4c 4d 5c 5d 6c 6d 7c 7d Tc Td Jc Ac",
                 "8c 8d 8h 8s 4h 5h 6h 7h 9h Th Jh Qh Kh Kc Kd Qc")


def test_deck48():
    d = [int(c) for c in deck48()]
    assert len(d) == 48 and len(set(d)) == 48
    assert 52 not in d and 53 not in d and 50 not in d          # no jokers, no Ah
    assert [c for c in d if c < 4] == [3]                       # of the 2s only 2s
    with pytest.raises(CardError):
        new(list(range(48)))


def test_three_of_hearts_holder_leads_and_includes_it():
    for seed in range(6):
        st = new(seed=seed)
        p = st.current_player
        assert 6 in st.hands[p]
        for a in st.legal_actions():
            assert 6 in [int(c) for c in a.cards]
    st = new(RUNAWAY)
    assert st.current_player == 0
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply("3c")
    with pytest.raises(IllegalAction):
        st.apply("pass")
    assert st.to_json() == before


def test_must_beat_and_pass_only_without_answer():
    st = new(BOMB_C)
    st.apply("3h")
    assert st.current_player == 1
    assert "pass" not in texts(st)                              # has answers: must play
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply("pass")
    assert st.to_json() == before
    st.apply("8c 8d 8h 8s")                                     # answering bomb
    assert [a.kind for a in st.legal_actions()] == ["bomb"]     # must beat with the bomb
    st.apply("9c 9d 9h 9s")
    assert texts(st) == ["pass"]                                # seat 0 has no answer
    st.apply("pass")
    assert texts(st) == ["pass"]                                # 8888 does not beat 9999
    st.apply("pass")
    # round over: only the standing (stronger) bomb earns the bonus
    assert st.bonus == [-10, -10, 20] and st.current_player == 2 and st.table is None


def test_answering_bomb_bonus_settled_when_round_ends():
    st = new(BOMB_B)
    st.apply("3h")
    st.apply("8c 8d 8h 8s")
    assert st.pending_bomb == 1 and st.bonus == [0, 0, 0]       # not settled yet
    assert texts(st) == ["pass"]
    st.apply("pass")
    st.apply("pass")
    assert st.bonus == [-10, 20, -10] and st.pending_bomb is None
    assert st.current_player == 1 and "pass" not in texts(st)


def test_heavenly_bomb_only_in_opening_and_unbeatable():
    st = new(HEAVEN)
    kinds = {a.kind for a in st.legal_actions() if len(a.cards) == 4 and
             all(int(c) >> 2 == 1 for c in a.cards)}
    assert kinds == {"heavenly_bomb"}                            # four 3s open: only heavenly
    st.apply("3c 3d 3h 3s")
    assert texts(st) == ["pass"]                                 # 8888 cannot beat it
    st.apply("pass")
    st.apply("pass")
    assert st.bonus == [0, 0, 0]                                 # no bonus for it
    assert st.current_player == 0
    from cardcore.zhengshangyou import classify

    assert [m.kind for m in classify("3c 3d 3h 3s")] == ["bomb"]  # later: ordinary bomb


def test_runaway_scores_doubles_for_never_played():
    st = new(RUNAWAY)
    st.apply("3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh")
    assert texts(st) == ["pass"]
    st.apply("pass")
    st.apply("pass")
    st.apply("2s")
    st.apply("pass")
    st.apply("pass")
    st.apply("Ac Ad As")                                         # a led ace bomb: no bonus
    assert st.legal_actions()[0].text == "pass" and st.pending_bomb is None
    st.apply("pass")
    st.apply("pass")
    assert st.bonus == [0, 0, 0]
    st.apply("3c")
    assert st.is_over and st.winner == 0
    assert st.penalties() == [0, 32, 32]                         # 16 cards, doubled
    assert st.scores() == (64.0, -32.0, -32.0)


def _counts(cards) -> list[int]:
    from cardcore.zhengshangyou.state import zsy_rank

    c = [0] * 13
    for x in cards:
        c[zsy_rank(x)] += 1
    return c


def test_penalty_extras_not_doubled():
    from cardcore.zhengshangyou.state import deal_scores, penalty

    # the arithmetic of the end penalties on a position written out
    assert hand_bombs(ids("2s 9c 9d 9h 9s Ac Ad As")) == 2
    pen = [0, penalty(_counts(ids("2s 9c 9d 9h 9s Ac Ad As")), False),   # never played: 8 x 2
           penalty(_counts(ids("4c 5c 6c")), True)]                      # played: 3 x 1
    assert pen == [0, 16 + 10 + 10 + 10, 3]
    s = deal_scores(0, pen, [0, 0, 0])
    assert s == (49.0, -46.0, -3.0) and sum(s) == 0


def test_bomb_as_last_play_settled_at_once():
    # a position set up directly in the reference core (its fields are plain Python): seat 1
    # answers 3h with its last four cards, a bomb, and goes out; the bonus is settled at once
    from cardcore._ref import shedding_step as R
    from cardcore.zhengshangyou.state import deal_scores, penalty

    st = new(BOMB_B)
    core = R.Core(1, [int(c) for c in BOMB_B], None)
    core.apply(st.action_to_id("3h"))
    core.hand_m[1] = sum(1 << c for c in ids("8c 8d 8h 8s"))
    bomb = [i for i in core.legal_ids() if core._kind_text(i)[0] == "bomb"]
    core.apply(bomb[0])
    assert core.current_player is None and core.winner == 1
    assert core.bonus() == [-10, 20, -10]
    pen = [0 if s == 1 else penalty(_counts(core.hand(s)), core.num_plays()[s] > 0)
           for s in range(3)]
    assert pen == [15, 0, 32 + 10]               # seat 0 played; seat 2 never, holds 2s
    assert deal_scores(1, pen, core.bonus()) == (-25.0, 20.0 + 57.0, -52.0)


def test_exact_cards_any_suits():
    st = new(BOMB_B)
    st.apply("3h")
    st.apply("Kd")                                               # listed rep may be Kc
    assert st.table[3] == ids("Kd")
    assert st.played[1] == ids("Kd")


def test_observation_encode_render():
    st = new(BOMB_B)
    st.apply("3h")
    obs = st.observation(2)
    json.dumps(obs)
    assert obs["hand"] == st.hands[2] and obs["card_counts"] == [15, 16, 16]
    assert obs["plays"] == [{"seat": 0, "kind": "single", "text": "3", "cards": ids("3h")}]
    assert json.dumps(st.hands[0]) not in json.dumps(obs)
    v = st.encode(1)
    assert v.shape == (st.ENCODING_SIZE,) and v.dtype == np.float32
    assert v[:48].sum() == 16 and v[192:240].sum() == 1          # own hand; table 3h
    assert v[48 * 3:48 * 4].sum() == 1                           # seat 0 is prev of seat 1
    r = st.render(1)
    assert "seat 1 [16]:" in r and r.count("cards]") == 2 and "3h" in r


def test_random_games_zero_sum_and_roundtrip():
    from cardcore.agents import play_match

    for seed in range(15):
        st = play_match("zhengshangyou", ["random"] * 3, seed=seed)
        s = st.scores()
        assert st.is_over and sum(s) == 0
        assert s[st.winner_seat] == max(s) or any(st.bonus)
        back = cardcore.from_json(st.to_json())
        assert back.scores() == s
