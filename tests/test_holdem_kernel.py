"""The Hold'em step kernel (``cardcore._fast.holdem_step``) against its plain-Python twin
(``cardcore._ref.holdem_step``, which runs on the shared betting engine): the same state after
every step of many random matches, short stacks, stacked decks and free raise amounts."""

import random

import pytest

from cardcore._fast import holdem_step as fast
from cardcore._ref import holdem_step as ref
from cardcore.errors import CardcoreError, CardError, IllegalAction
from cardcore.rng import Rng


def random_stacks(rng):
    while True:
        out = [rng.choice([0, 5, 15, 30, 100, 1000, rng.randrange(1, 3000)]) for _ in range(4)]
        if sum(1 for s in out if s > 0) >= 2:
            return out


def test_constants_agree():
    for name in ("NUM_ACTIONS", "SEATS", "FOLD", "CHECK", "CALL", "RAISE_MIN",
                 "RAISE_HALF_POT", "RAISE_POT", "ALL_IN", "EXPORT_FIELDS"):
        assert getattr(fast, name) == getattr(ref, name), name


@pytest.mark.parametrize("block", range(4))
def test_kernel_equals_twin_on_random_matches(block):
    counts = {"steps": 0, "free_raises": 0, "hands": 0, "showdowns": 0, "split": 0}
    for seed in range(block * 400, block * 400 + 400):
        rng = random.Random(seed)
        stacks = random_stacks(rng)
        button = rng.choice([-1] + [i for i in range(4) if stacks[i] > 0])
        a, b = fast.Core(stacks, button, 10, 20), ref.Core(stacks, button, 10, 20)
        assert a.export() == b.export()
        state = rng.getrandbits(64)
        for _ in range(rng.randrange(1, 6)):
            if sum(1 for s in a.stacks() if s > 0) < 2:
                break
            cards = None
            if rng.random() < 0.3:
                cards = list(range(52))
                rng.shuffle(cards)
            s1, s2 = a.start_hand(cards, state), b.start_hand(cards, state)
            assert s1 == s2
            state = s1
            assert a.export() == b.export(), seed
            counts["hands"] += 1
            while not a.hand_over:
                ids = a.legal_ids()
                assert ids == b.legal_ids() and ids == sorted(ids)
                assert [a.is_legal(i) for i in range(-2, 9)] == [b.is_legal(i)
                                                                 for i in range(-2, 9)]
                assert [a.amount(i) for i in range(7)] == [b.amount(i) for i in range(7)]
                lo, hi = a.min_raise_to(), a.max_raise_to()
                assert (lo, hi) == (b.min_raise_to(), b.max_raise_to())
                if lo is not None and lo < hi and rng.random() < 0.3:
                    amount = rng.randrange(lo, hi)
                    a.perform(3, amount)
                    b.perform(3, amount)
                    counts["free_raises"] += 1
                else:
                    i = rng.choice(ids)
                    assert a.apply(i) == b.apply(i)
                counts["steps"] += 1
                ea = a.export()
                assert ea == b.export(), (seed, ea)
                assert a.copy().export() == ea
            assert b.hand_over and a.export() == b.export()
            counts["showdowns"] += a.showdown
            counts["split"] += sum(1 for w in a.won if w) > 1
    assert counts["steps"] > 2000 and counts["free_raises"] > 300
    assert counts["showdowns"] > 100 and counts["split"] > 20


def test_copy_is_independent():
    a = fast.Core([1000] * 4, -1, 10, 20)
    a.start_hand(None, 7)
    b = a.copy()
    b.apply(b.legal_ids()[0])
    assert a.export() != b.export()
    assert a.nact == 0 and b.nact == 1


def test_shuffle_draws_are_the_generators():
    for seed in (0, 5, 2**63, 2**64 - 1):
        cards = list(range(52))
        rng = Rng(seed)
        rng.shuffle(cards)
        for mod in (fast, ref):
            core = mod.Core([1000] * 4, -1, 10, 20)
            assert core.start_hand(None, seed) == rng.state
            assert core.cards == cards
        assert ref.shuffled_deck(seed) == (cards, rng.state)


BAD_CORE_ARGS = [
    ([1000] * 3, -1, 10, 20), ([1000, 0, 0, 0], -1, 10, 20), ([1000, "5", 10, 10], -1, 10, 20),
    ([1000, 1.5, 10, 10], -1, 10, 20), ([1000, True, 10, 10], -1, 10, 20),
    ([10**15 + 1, 5, 5, 5], -1, 10, 20), ([-1, 5, 5, 5], -1, 10, 20), (5, -1, 10, 20),
    ([1000] * 4, 4, 10, 20), ([1000] * 4, -2, 10, 20), ([1000, 0, 5, 5], 1, 10, 20),
    ([1000] * 4, None, 10, 20), ([1000] * 4, -1, -10, 20), ([1000] * 4, -1, 10, 0),
    ([1000] * 4, -1, 10, 2**70),
]


@pytest.mark.parametrize("mod", [fast, ref], ids=["fast", "ref"])
@pytest.mark.parametrize("args", BAD_CORE_ARGS)
def test_bad_core_arguments(mod, args):
    with pytest.raises(CardcoreError) as err:
        mod.Core(*args)
    assert type(err.value) is CardcoreError


@pytest.mark.parametrize("mod", [fast, ref], ids=["fast", "ref"])
def test_bad_step_arguments_change_nothing(mod):
    core = mod.Core([1000] * 4, -1, 10, 20)
    for cards in ([1, 2, 3], [0] * 52, list(range(1, 53)), [str(c) for c in range(52)], 7):
        with pytest.raises(CardError):
            core.start_hand(cards, 0)
    for state in (-1, 2**64, "1", 1.0, True):
        with pytest.raises(CardcoreError):
            core.start_hand(None, state)
    core.start_hand(None, 3)
    before = core.export()
    assert core.legal_ids() == [0, 2, 3, 4, 5, 6]
    for i in (1, 7, -1, 2**80, -(2**80)):
        assert not core.is_legal(i) and core.amount(i) is None
        with pytest.raises(IllegalAction):
            core.apply(i)
    for i in ("0", 1.0, None, True):
        with pytest.raises(IllegalAction):
            core.is_legal(i)
        with pytest.raises(IllegalAction):
            core.apply(i)
    for i, amount in [(3, 39), (3, 1000), (3, 1001), (3, "50"), (3, None), (3, 50.0), (3, True),
                      (3, 2**80), (1, None), (4, 45), (5, 70), (9, None), ("3", 50)]:
        with pytest.raises(IllegalAction):
            core.perform(i, amount)
    assert core.export() == before
    core.perform(3, 999)
    assert core.bet_view()["max_bet"] == 999


def test_fewer_than_two_seats_cannot_start_a_hand():
    for mod in (fast, ref):
        core = mod.Core([20, 5, 0, 0], -1, 10, 20)
        # seat 1 is all-in with its blind: the hand is settled at once; AA beats 22
        core.start_hand([51, 50, *range(50)], 0)
        assert core.hand_over and core.showdown and core.stacks() == [25, 0, 0, 0]
        with pytest.raises(IllegalAction, match="fewer than two seats"):
            core.start_hand(None, 0)
