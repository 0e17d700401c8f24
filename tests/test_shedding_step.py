"""Differential tests: the compiled shedding step kernel against its plain-Python twin.

Random Dou Dizhu and Zheng Shangyou games are played through the game states; at every
position both twins list the same legal ids, judge random ids alike, and applying the same id
(with the log entry, or with given cards and no log entry) leaves the same state dict."""

from __future__ import annotations

import json
import random

import pytest

import cardcore
import cardcore.doudizhu.state
import cardcore.zhengshangyou.state
from cardcore import CardcoreError
from cardcore._ref import shedding_step as R
from cardcore.game import _copy_native

F = pytest.importorskip("cardcore._fast.shedding_step", reason="compiled kernel not built")

GAMES = {"doudizhu": ("ddz", 24643), "zhengshangyou": ("zsy", 142)}


def state_dict(state) -> dict:
    return _copy_native(state._state_dict())


def dump(d: dict) -> str:
    return json.dumps(d, sort_keys=True)


def test_twins_expose_the_same_public_functions():
    def public(mod):
        return {n for n in dir(mod) if not n.startswith("_") and callable(getattr(mod, n))
                and getattr(getattr(mod, n), "__module__", mod.__name__) == mod.__name__}

    assert public(F) == public(R)
    assert F.DDZ_KINDS == R.DDZ_KINDS and F.ZSY_KINDS == R.ZSY_KINDS
    assert F.BOMB_BONUS == R.BOMB_BONUS == cardcore.zhengshangyou.state.BOMB_BONUS


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_games_step_alike(name):
    pre, n = GAMES[name]
    legal_f, legal_r = getattr(F, f"{pre}_legal_ids"), getattr(R, f"{pre}_legal_ids")
    ok_f, ok_r = getattr(F, f"{pre}_id_is_legal"), getattr(R, f"{pre}_id_is_legal")
    ap_f, ap_r = getattr(F, f"{pre}_apply"), getattr(R, f"{pre}_apply")
    step_f, step_r = getattr(F, f"{pre}_step"), getattr(R, f"{pre}_step")
    rng = random.Random(2024)
    steps = plays = 0
    for seed in range(40):
        s = cardcore.new_game(name, seed=seed)
        while not s.is_over:
            d = state_dict(s)
            ids = legal_f(d)
            assert ids == legal_r(state_dict(s)) == s.legal_ids()
            assert sorted(s.action_to_id(a) for a in s.legal_actions()) == ids
            probe = rng.sample(range(n), 12) + ids[:3] + [n, -1]
            assert [ok_f(d, i) for i in probe] == [ok_r(d, i) for i in probe]
            assert all(ok_f(d, i) for i in ids)
            assert not any(ok_f(d, i) for i in probe if i not in ids)
            assert dump(d) == dump(state_dict(s))          # (asking changes nothing)
            i = rng.choice(ids)
            # with the log entry
            a, b = state_dict(s), state_dict(s)
            assert ap_f(a, i) == ap_r(b, i)
            assert dump(a) == dump(b)
            # checked steps: an illegal id leaves the dict as it was
            c, e = state_dict(s), state_dict(s)
            bad = next(x for x in probe if x not in ids)
            assert step_f(c, bad) == step_r(e, bad) == -1 and dump(c) == dump(state_dict(s))
            assert step_f(c, i) == step_r(e, i) and dump(c) == dump(a) == dump(e)
            # with the action's own cards (no log entry): what ``apply`` does
            action = s.action_from_id(i)
            if action.cards:
                plays += 1
                cards = [int(c) for c in action.cards]
                f, g = state_dict(s), state_dict(s)
                ap_f(f, i, cards)
                ap_r(g, i, cards)
                assert dump(f) == dump(g)
                assert f["log"] == d["log"] and dump({**f, "log": a["log"]}) == dump(a)
            s.apply_id(i)
            assert dump(state_dict(s)) == dump(a) or s.redeals
            steps += 1
        if name == "doudizhu":   # the kernel's ending agrees with the rule functions
            ds = cardcore.doudizhu.state
            how = ds.spring(s.landlord, s.winner_seat, s.num_plays)
            assert (s.spring, s.reverse_spring) == (how == "spring", how == "reverse")
            assert s.multiplier == ds.multiplier(s.bombs, how is not None)
            assert s.scores() == ds.deal_scores(s.landlord, s.winner_seat,
                                                s.bid * s.multiplier)
        else:
            zs = cardcore.zhengshangyou.state
            assert s.scores() == zs.deal_scores(s.winner_seat, s.penalties(), s.bonus)
            assert s.bonus == [sum(x if b == seat else -x // 2 for b, x in s.bomb_log)
                               for seat in range(3)]
    assert steps > 1000 and plays > 300


def test_sort_cards_agree():
    rng = random.Random(1)
    for _ in range(300):
        cards = rng.sample(range(54), rng.randrange(0, 21))
        assert F.sort_cards(cards) == R.sort_cards(cards)
        assert F.sort_cards(cards) == sorted(cards, key=lambda c: (R._rank(c), c))
    assert F.sort_cards([5, 5, 0]) == R.sort_cards([5, 5, 0]) == [5, 5, 0]
    for mod in (F, R):
        for bad in ([54], [-1], ["3c"], [True], [10**5000]):
            with pytest.raises(CardcoreError):
                mod.sort_cards(bad)


@pytest.mark.parametrize("mod", [F, R], ids=["fast", "ref"])
def test_a_corrupt_hand_raises_the_library_error(mod):
    s = cardcore.new_game("zhengshangyou", seed=3)
    for bad in ([1, 1], [60], ["3c"], (4, 5)):
        d = state_dict(s)
        d["hands"][d["turn"]] = bad
        with pytest.raises(CardcoreError):
            mod.zsy_legal_ids(d)
    s = cardcore.new_game("doudizhu", seed=3, first=0)
    s.apply("bid 3")
    d = state_dict(s)
    d["hands"][0] = [10**5000]
    with pytest.raises(CardcoreError) as err:
        mod.ddz_legal_ids(d)
    assert len(str(err.value)) < 200
