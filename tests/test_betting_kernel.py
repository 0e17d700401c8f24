"""The compiled no-limit betting rule (``cardcore._fast.betting``, the C copy the Hold'em and
One Poker step cores share) against its plain-Python twin ``cardcore._ref.betting``: the same
hand dicts after every step of random hands of two to four seats, the same listed ids, raise
bounds, pots and awards; junk hand dicts and arguments refused with ``CardcoreError``."""

from __future__ import annotations

import copy
import random

import pytest

from cardcore._fast import betting as fast
from cardcore._ref import betting as ref
from cardcore.errors import CardcoreError


def _hand(rng: random.Random) -> dict:
    """A hand of 2..4 seats (some may sit out) with antes or blinds posted, before its first
    round."""
    while True:
        n = rng.randint(2, 4)
        stacks = [rng.choice([0, 1, 3, rng.randint(1, 60), rng.randint(1, 2000)])
                  for _ in range(n)]
        if sum(1 for s in stacks if s > 0) >= 2:
            break
    h = ref.new_hand(stacks, [s > 0 for s in stacks], min_bet=rng.choice([1, 2, 20]))
    dealt = [i for i in range(n) if stacks[i] > 0]
    if rng.random() < 0.5:
        for i in dealt:
            ref.post(h, i, 1, as_bet=False)
    else:
        ref.post(h, dealt[0], h["min_bet"] // 2, as_bet=True)
        ref.post(h, dealt[1], h["min_bet"], as_bet=True)
    return h


def _same_queries(h: dict) -> None:
    assert fast.sized(h) == ref.sized(h)
    assert fast.min_raise_to(h) == ref.min_raise_to(h)
    assert fast.max_raise_to(h) == ref.max_raise_to(h)
    for seat in range(len(h["stacks"])):
        assert fast.can_raise(h, seat) == ref.can_raise(h, seat)


def _play(seed: int) -> int:
    rng = random.Random(seed)
    a = _hand(rng)
    b = copy.deepcopy(a)
    keep = any(a["bets"])
    first = rng.randrange(len(a["stacks"]))
    ref.start_round(a, first, keep_bets=keep)
    fast.start_round(b, first, keep)
    assert a == b
    steps = 0
    while True:
        _same_queries(b)
        if a["actor"] is None:
            if not ref.hand_decided(a) and not ref.betting_closed(a) and a["rounds"] < 4:
                first = rng.randrange(len(a["stacks"]))
                ref.start_round(a, first)
                fast.start_round(b, first)
                assert a == b
                continue
            break
        i, amount = rng.choice(ref.sized(a))
        ref.act_id(a, i, amount)
        fast.act_id(b, i, amount)
        assert a == b
        steps += 1
    assert fast.pots(b) == ref.pots(a)
    assert fast.return_uncalled(b) == ref.return_uncalled(a)
    assert a == b
    assert fast.pots(b) == ref.pots(a)
    strength = [rng.randint(0, 3) for _ in a["stacks"]]
    odd_from = rng.randrange(len(a["stacks"]))
    assert fast.award(b, strength, odd_from) == ref.award(a, strength, odd_from)
    assert a == b
    return steps


@pytest.mark.parametrize("block", range(4))
def test_compiled_rule_equals_twin_on_random_hands(block):
    steps = sum(_play(seed) for seed in range(block * 500, block * 500 + 500))
    assert steps > 1000


def test_the_ids_agree():
    assert fast.NUM_IDS == ref.NUM_IDS


@pytest.mark.parametrize("change", [
    lambda h: "not a dict",
    lambda h: {**h, "stacks": [1000]},
    lambda h: {**h, "stacks": [1] * 5},
    lambda h: {**h, "bets": [0, 0]},
    lambda h: {**h, "stacks": [1000, -1, 1000]},
    lambda h: {**h, "stacks": [1000, 1.5, 1000]},
    lambda h: {**h, "folded": [False, "no", False]},
    lambda h: {**h, "faced": [None, "x", None]},
    lambda h: {**h, "max_bet": None},
    lambda h: {**h, "max_bet": 10 ** 30},
    lambda h: {**h, "actor": 3},
    lambda h: {**h, "actor": True},
    lambda h: {**h, "bets": [0, 0, 5]},
    lambda h: {k: v for k, v in h.items() if k != "contrib"},
])
def test_junk_hands_are_refused(change):
    h = ref.new_hand([1000, 1000, 1000], min_bet=20)
    ref.start_round(h, 0)
    bad = change(h)
    for f in (fast.sized, fast.min_raise_to, fast.max_raise_to, fast.pots,
              fast.return_uncalled):
        with pytest.raises(CardcoreError):
            f(bad)
    with pytest.raises(CardcoreError):
        fast.start_round(bad, 0)


@pytest.mark.parametrize("call", [
    lambda h: fast.start_round(h, 3),
    lambda h: fast.start_round(h, 0, 2),
    lambda h: fast.can_raise(h, -1),
    lambda h: fast.act_id(h, 0),                 # nothing owed: fold is not listed
    lambda h: fast.act_id(h, 7),
    lambda h: fast.act_id(h, 3, 21),             # not the listed size
    lambda h: fast.award(h, [1, 2], 0),
    lambda h: fast.award(h, [1, 2, -1], 0),
    lambda h: fast.award(h, [1, 2, 3], 5),
])
def test_bad_arguments_are_refused_and_change_nothing(call):
    h = ref.new_hand([1000, 1000, 1000], min_bet=20)
    ref.start_round(h, 0)
    before = copy.deepcopy(h)
    with pytest.raises(CardcoreError):
        call(h)
    assert h == before
