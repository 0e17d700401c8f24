"""One owner for each scoring rule of the shedding games and Tractor.

Zheng Shangyou's bomb bonus and Dou Dizhu's spring and multiplier are written once in the
shedding step kernel (``_fast/shedding_step.pyx``, declared in ``shedding_step.pxd``; the twin
``_ref/shedding_step.py``), Tractor's card points once in the Tractor rule kernel
(``tr_card_points`` in ``_fast/tractor.pxd``, exported as ``CARD_POINTS``; the twin
``_ref/tractor.py``). These tests check that the games, their public helpers and the AI read
those definitions, that the compiled kernels and their twins agree over every input, and that
played games follow them.
"""

from __future__ import annotations

import random

import pytest

import cardcore
from cardcore import CardcoreError
from cardcore._backend import kernel
from cardcore._ref import shedding_step as RS
from cardcore._ref import tractor as RT

FS = pytest.importorskip("cardcore._fast.shedding_step", reason="compiled kernel not built")
FT = pytest.importorskip("cardcore._fast.tractor", reason="compiled kernel not built")

STEP = kernel("shedding_step")
TRACTOR = kernel("tractor")


def _outcome(fn, *args):
    try:
        return "ok", fn(*args)
    except CardcoreError as e:
        return type(e), str(e)


JUNK = [None, "x", 1.5, 2**70, -1, 3, True, [0, 0, 0], object()]


# ------------------------------------------------------------------ Zheng Shangyou's bomb bonus

def test_zhengshangyou_reads_the_bomb_bonus_from_the_step_kernel():
    from cardcore.agents.shedding import ZSY
    from cardcore.zhengshangyou import state as zs

    assert zs.BOMB_BONUS == STEP.BOMB_BONUS == 20
    assert zs.BONUS_KINDS == STEP.ZSY_BONUS_KINDS == ("bomb", "ace_bomb")
    assert zs.claims_bonus is STEP.zsy_claims_bonus
    assert zs.bomb_bonus is STEP.zsy_bonus_share
    assert zs.settle_bonus is STEP.zsy_settle_bonus
    # the AI's rollouts keep no copy of the claim and the settlement: they play on the core
    assert not hasattr(ZSY, "claims") and not hasattr(ZSY, "settle")


def test_bomb_bonus_twins_agree():
    assert FS.BOMB_BONUS == RS.BOMB_BONUS and FS.ZSY_BONUS_KINDS == RS.ZSY_BONUS_KINDS
    for i, kind in enumerate(FS.ZSY_KINDS):
        for answering in (True, False, 0, 1):
            got = FS.zsy_claims_bonus(kind, answering)
            assert got == RS.zsy_claims_bonus(kind, answering) == FS.zsy_claims_bonus(i, answering)
            assert got == (bool(answering) and kind in ("bomb", "ace_bomb"))
    for seat in range(3):
        share = FS.zsy_bonus_share(seat)
        assert share == RS.zsy_bonus_share(seat) and sum(share) == 0
        assert share[seat] == 20 and sorted(share) == [-10, -10, 20]
    rng = random.Random(7)
    for _ in range(300):
        start = [rng.randrange(-100, 100) for _ in range(3)]
        seat = rng.randrange(3)
        a, b = list(start), list(start)
        assert FS.zsy_settle_bonus(a, seat) is None and RS.zsy_settle_bonus(b, seat) is None
        assert a == b == [x + y for x, y in zip(start, FS.zsy_bonus_share(seat))]


@pytest.mark.parametrize("name, good", [("zsy_claims_bonus", ("bomb", True)),
                                        ("zsy_bonus_share", (1,)),
                                        ("zsy_settle_bonus", ([0, 0, 0], 1)),
                                        ("ddz_spring", (0, 0, [3, 0, 0])),
                                        ("ddz_multiplier", (2, True))])
def test_rule_functions_refuse_bad_arguments_alike(name, good):
    for i in range(len(good)):
        for junk in JUNK + ["bombs", [1, 2], (0, 0, 0, 0)]:
            args = list(good)
            args[i] = junk
            args_f = [list(a) if type(a) is list else a for a in args]
            args_r = [list(a) if type(a) is list else a for a in args]
            got_f = _outcome(getattr(FS, name), *args_f)
            got_r = _outcome(getattr(RS, name), *args_r)
            assert got_f == got_r, (name, i, junk, got_f, got_r)
            if isinstance(args_f[0], list):                  # (a settled bonus list alike)
                assert args_f[0] == args_r[0]
    assert _outcome(FS.zsy_claims_bonus, "rocket", True)[0] is CardcoreError
    assert _outcome(FS.zsy_bonus_share, 3)[0] is cardcore.CardError
    assert _outcome(FS.zsy_settle_bonus, (0, 0, 0), 1)[0] is CardcoreError


def _replay_bonus(state):
    """The bomb bonus of a finished Zheng Shangyou game replayed from its log with the state
    module's rule functions: (settled bonus per seat, the settled claims)."""
    from cardcore.zhengshangyou import state as zs

    bonus, log = [0, 0, 0], []
    pending, table, passes = None, False, 0
    left = [16, 16, 16]
    for seat, kind, _text, cards, _amount, _data in state.log:
        if kind == "pass":
            passes += 1
            if passes == 2:
                if pending is not None:
                    zs.settle_bonus(bonus, pending)
                    log.append([pending, zs.BOMB_BONUS])
                    pending = None
                table, passes = False, 0
            continue
        if zs.claims_bonus(kind, table):
            pending = seat
        table, passes = True, 0
        left[seat] -= len(cards)
        if not left[seat] and pending == seat:
            zs.settle_bonus(bonus, pending)
            log.append([pending, zs.BOMB_BONUS])
    return bonus, log


def test_zhengshangyou_games_settle_the_bomb_bonus_by_the_rule():
    settled = 0
    for seed in range(80):
        s = cardcore.new_game("zhengshangyou", seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply_id(rng.choice(s.legal_ids()))
        bonus, log = _replay_bonus(s)
        assert s.bonus == bonus and s.bomb_log == log, seed
        settled += len(log)
        assert sum(s.scores()) == 0
    assert settled >= 10


def test_the_ai_rollout_plays_the_deal_on_the_core_and_scores_by_it():
    # (the rollout's turn flow, bombs, bonus and result are the core's: the policy only
    # chooses; a playout's scores are the core's returns and its core is a legal deal)
    import cardcore
    from cardcore.agents.shedding import ZSY, Decomposer, Sim
    from cardcore.engines.shedding import rank_index

    state = cardcore.new_game("zhengshangyou", seed=12)
    state.apply_id(state.legal_ids()[-1])          # (the opening play, with the 3 of hearts)
    hands = state.core.hands()
    cnt = [[0] * 13 for _ in range(3)]
    for s, h in enumerate(hands):
        for c in h:
            cnt[s][rank_index(c)] += 1
    core = state.core.copy()
    sim = Sim(ZSY, Decomposer(ZSY), core, cnt)
    sim.run()
    assert core.is_over and sim.scores() == list(core.returns())
    assert sum(core.returns()) == 0 and state.core.hands() == hands   # (a copy was played)
    replay = cardcore._backend.kernel("shedding_step").from_export(core.export())
    assert replay == core and replay.bonus() == core.bonus()


# ------------------------------------------------------------------ Dou Dizhu's spring

def test_doudizhu_reads_the_spring_and_multiplier_from_the_step_kernel():
    from cardcore.doudizhu import state as ds

    assert ds.spring is STEP.ddz_spring
    assert ds.multiplier is STEP.ddz_multiplier


def test_spring_twins_agree_over_every_input():
    seen = set()
    for landlord in range(3):
        for winner in range(3):
            for n0 in range(5):
                for n1 in range(5):
                    for n2 in range(5):
                        plays = [n0, n1, n2]
                        how = FS.ddz_spring(landlord, winner, plays)
                        assert how == RS.ddz_spring(landlord, winner, tuple(plays))
                        seen.add(how)
                        farmers_idle = all(plays[s] == 0 for s in range(3) if s != landlord)
                        if winner == landlord:
                            assert how == ("spring" if farmers_idle else None)
                        else:
                            assert how == ("reverse" if plays[landlord] == 1 else None)
    assert seen == {None, "spring", "reverse"}
    for bombs in range(15):
        for doubled in (False, True):
            m = FS.ddz_multiplier(bombs, doubled)
            assert m == RS.ddz_multiplier(bombs, doubled) == 2 ** (bombs + doubled)
    assert FS.ddz_multiplier(3) == RS.ddz_multiplier(3) == 8


def test_doudizhu_games_double_by_the_rule():
    springs = 0
    for seed in range(120):
        s = cardcore.new_game("doudizhu", seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            ids = s.legal_ids()
            # mostly passing farmers make springs; the landlord plays
            if s.phase == "play" and s.current_player != s.landlord and 0 in ids \
                    and rng.random() < 0.9:
                s.apply_id(0)
            else:
                s.apply_id(rng.choice(ids))
            if s.phase == "play" and not s.is_over:
                assert s.multiplier == STEP.ddz_multiplier(s.bombs)
        for k in (FS, RS):
            how = k.ddz_spring(s.landlord, s.winner_seat, s.num_plays)
            assert s.spring == (how == "spring") and s.reverse_spring == (how == "reverse")
            assert s.multiplier == k.ddz_multiplier(s.bombs, how is not None)
        springs += s.spring or s.reverse_spring
    assert springs >= 3


# ------------------------------------------------------------------ Tractor's card points

def test_tractor_reads_the_card_points_from_the_rule_kernel():
    from cardcore.agents import tractor as ai
    from cardcore.tractor import rules
    from cardcore.tractor import state as ts

    assert rules._POINTS_BY_ID is TRACTOR.CARD_POINTS
    assert ts._POINTS is TRACTOR.CARD_POINTS
    assert ai._PTS is TRACTOR.CARD_POINTS
    assert rules.POINTS == {3: 5, 8: 10, 11: 10}


def test_card_points_twins_agree():
    assert FT.CARD_POINTS == RT.CARD_POINTS
    assert len(FT.CARD_POINTS) == 54 and 2 * sum(FT.CARD_POINTS) == 200
    for c, p in enumerate(FT.CARD_POINTS):
        rank = c >> 2 if c < 52 else None
        assert p == {3: 5, 8: 10, 11: 10}.get(rank, 0), c     # 5s, 10s and Ks
    from cardcore.tractor import rules
    rng = random.Random(3)
    deck = [c for c in range(54) for _ in range(2)]
    for _ in range(200):
        cards = rng.sample(deck, rng.randrange(0, 30))
        assert rules.card_points(cards) == sum(RT.CARD_POINTS[c] for c in cards)


def test_tractor_games_count_points_by_the_rule():
    from cardcore._ref import tractor_step as RTS

    assert RTS._POINTS is RT.CARD_POINTS
    scored = 0
    for seed in range(6):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply_id(rng.choice(s.legal_ids()))
        assert sum(len(cs) for t in s.tricks for _, cs in t["plays"]) == 100
        won = 0
        for t in s.tricks:
            assert t["points"] == sum(FT.CARD_POINTS[c] for _, cs in t["plays"] for c in cs)
            if (t["winner"] & 1) != (s.dealer & 1):
                won += t["points"]
        rec = s.past[-1]
        assert rec["card_points"] == won
        assert rec["kitty_points"] == sum(FT.CARD_POINTS[c] for c in rec["kitty"])
        # every counter of the two decks is in a trick or in the kitty
        assert sum(t["points"] for t in s.tricks) + rec["kitty_points"] == 200
        scored += won > 0
    assert scored >= 3
