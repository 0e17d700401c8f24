"""The Hold'em step kernel (``cardcore._fast.holdem_step``) against its plain-Python twin
(``cardcore._ref.holdem_step``, which runs on the shared betting engine): the same state after
every step of many random matches, short stacks, stacked decks and free raise amounts."""

import copy
import pickle
import random

import pytest

from cardcore._fast import holdem_step as fast
from cardcore._ref import holdem_step as ref
from cardcore.errors import CardcoreError, CardError, IllegalAction
from cardcore.rng import Rng


TWINS = ((fast, ref), (ref, fast))


def random_stacks(rng):
    while True:
        out = [rng.choice([0, 5, 15, 30, 100, 1000, rng.randrange(1, 3000)]) for _ in range(4)]
        if sum(1 for s in out if s > 0) >= 2:
            return out


def random_match(seed, small=10):
    """The random generator of ``seed`` and a compiled core and its twin of a random match."""
    rng = random.Random(seed)
    stacks = random_stacks(rng)
    button = rng.choice([-1] + [i for i in range(4) if stacks[i] > 0])
    return rng, fast.Core(stacks, button, small, 20), ref.Core(stacks, button, small, 20)


def next_hand(rng, a, b, state):
    """Start the next hand on both cores (a shuffle from ``state`` or a drawn deck); the new
    generator state, or None when fewer than two seats have chips."""
    if sum(1 for s in a.stacks() if s > 0) < 2:
        return None
    cards = None
    if rng.random() < 0.3:
        cards = list(range(52))
        rng.shuffle(cards)
    s1, s2 = a.start_hand(cards, state), b.start_hand(cards, state)
    assert s1 == s2
    return s1


def test_constants_agree():
    for name in ("NUM_ACTIONS", "SEATS", "FOLD", "CHECK", "CALL", "RAISE_MIN",
                 "RAISE_HALF_POT", "RAISE_POT", "ALL_IN", "EXPORT_FIELDS"):
        assert getattr(fast, name) == getattr(ref, name), name


@pytest.mark.parametrize("block", range(4))
def test_kernel_equals_twin_on_random_matches(block):
    counts = {"steps": 0, "free_raises": 0, "hands": 0, "showdowns": 0, "split": 0}
    for seed in range(block * 400, block * 400 + 400):
        rng, a, b = random_match(seed)
        assert a.export() == b.export()
        state = rng.getrandbits(64)
        for _ in range(rng.randrange(1, 6)):
            state = next_hand(rng, a, b, state)
            if state is None:
                break
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


@pytest.mark.parametrize("mod", [fast, ref], ids=["fast", "ref"])
def test_a_hand_in_progress_cannot_be_restarted(mod):
    core = mod.from_seed(3)
    core.apply(6)                       # all-in: the chips in front of the seats are bets
    chips = sum(core.stacks()) + sum(core.bet_view()["contrib"])
    before = core.export()
    with pytest.raises(IllegalAction, match="a hand is in progress"):
        core.start_hand(None, 7)
    assert core.export() == before
    while not core.hand_over:           # the hand played out, the next one may start
        core.apply(core.legal_ids()[0])
    core.start_hand(None, 7)
    assert sum(core.stacks()) + sum(core.bet_view()["contrib"]) == chips


# ---------------------------------------------------------------- export, copies, pickling

def _same_in_every_form(a, b):
    """``a`` (compiled) and ``b`` (twin) export alike, and each core's copies, pickle round
    trip and rebuilds from its export (by both backends) equal it; a copy played on leaves the
    core as it was."""
    ea = a.export()
    assert type(ea) is list and all(type(x) is int for x in ea)
    assert len(ea) == fast.EXPORT_HEAD + (52 if a.hands else 0)
    assert b.export() == ea
    for core, (mod, other) in zip((a, b), TWINS):
        twins = [core.copy(), copy.copy(core), copy.deepcopy(core),
                 pickle.loads(pickle.dumps(core)), mod.from_export(ea)]
        for twin in twins:
            assert type(twin) is type(core) and twin == core and twin is not core
        assert other.from_export(ea).export() == ea
        for twin in twins:
            if not twin.hand_over:
                twin.apply(twin.legal_ids()[-1])
            elif sum(1 for x in twin.stacks() if x > 0) >= 2:
                twin.start_hand(None, 1)
            else:
                continue
            assert twin != core and core.export() == ea
    assert a.__eq__(b) is NotImplemented and a != b


@pytest.mark.parametrize("block", range(3))
def test_export_copies_and_pickles_along_random_matches(block):
    counts = {"steps": 0, "settled": 0, "showdowns": 0}
    for seed in range(block * 50, block * 50 + 50):
        rng, a, b = random_match(seed, small=seed % 2 * 10)
        _same_in_every_form(a, b)
        state = rng.getrandbits(64)
        for _ in range(rng.randrange(1, 4)):
            state = next_hand(rng, a, b, state)
            if state is None:
                break
            while True:
                _same_in_every_form(a, b)
                if a.hand_over:
                    break
                lo, hi = a.min_raise_to(), a.max_raise_to()
                if lo is not None and lo < hi and rng.random() < 0.3:
                    amount = rng.randrange(lo, hi)
                    a.perform(3, amount)
                    b.perform(3, amount)
                else:
                    i = rng.choice(a.legal_ids())
                    assert a.apply(i) == b.apply(i)
                counts["steps"] += 1
            counts["settled"] += 1
            counts["showdowns"] += a.showdown
    assert counts["steps"] > 200 and counts["settled"] > 60 and counts["showdowns"] > 30, counts


def _positions(mod):
    """Cores of ``mod``: before the first hand, in a hand (on the flop, a raise faced), settled
    at a showdown, settled by folds."""
    fresh = mod.Core([1000, 0, 500, 300], -1, 10, 20)
    live = mod.Core([1000, 0, 500, 300], 2, 10, 20)
    live.start_hand(None, 5)
    while live.street == 0:
        live.apply(2 if live.is_legal(2) else 1)
    live.apply(live.legal_ids()[1])                     # a raise
    shown = mod.Core([1000, 0, 500, 300], 2, 10, 20)
    shown.start_hand(list(range(52)), 0)
    while not shown.hand_over:
        shown.apply(2 if shown.is_legal(2) else 1)
    folded = mod.Core([1000, 0, 500, 300], 2, 10, 20)
    folded.start_hand(None, 9)
    while not folded.hand_over:
        folded.apply(0)
    assert live.current_player is not None and live.street == 1 and shown.showdown
    assert folded.hand_over and not folded.showdown
    return {"fresh": fresh, "live": live, "shown": shown, "folded": folded}


def _with(v, **changes):
    out = list(v)
    for name, x in changes.items():
        k = fast.EXPORT_FIELDS.index(name)
        out[k] = x(out[k]) if callable(x) else x
    return out


def _unreachable(name, v):
    """In-range exports of position ``name`` that no play reaches."""
    def up(x):
        return x + 1

    def nxt(x):
        return (x + 1) % 4

    def flip(x):
        return 1 - x

    cards = v[fast.EXPORT_HEAD:]
    out = [_with(v, stack_0=up), _with(v, sb=nxt), _with(v, bb=nxt), _with(v, last_bb=nxt),
           _with(v, button=nxt), _with(v, last_players=up), _with(v, pos=up),
           _with(v, rounds=up), _with(v, min_bet=up), _with(v, folded_1=0),
           _with(v, pending_1=1), _with(v, legal=lambda x: x ^ 2), _with(v, street_at_3=1),
           _with(v, showdown=flip), _with(v, hand_over=flip), _with(v, value_0=up),
           _with(v, won_2=up), _with(v, faced_1=7)]
    if name == "fresh":
        out.append(_with(v, hands=1))                                   # no cards
        return out
    out += [_with(v, ncards=0)[:-52], _with(v, button_set=0),
            v[:fast.EXPORT_HEAD] + [cards[1]] + cards[1:],             # a card twice
            _with(v, pot_contrib_0=up, stack_0=lambda x: x - 1)]
    if name == "live":
        out += [_with(v, actor=1), _with(v, actor_set=0), _with(v, max_bet=up),
                _with(v, amount_6=up), _with(v, last_inc=1), _with(v, street=0),
                _with(v, street_at_1=10**6), _with(v, won_0=up)]
    else:
        out += [_with(v, actor_set=1), _with(v, pending_0=1), _with(v, street=2),
                _with(v, won_0=up, stack_0=up)]
    return out


@pytest.mark.parametrize("mod", [fast, ref], ids=["fast", "ref"])
def test_bad_exports_are_refused(mod):
    for name, core in _positions(mod).items():
        good = core.export()
        assert mod.from_export(good) == core and mod.from_export(tuple(good)) == core
        head = fast.EXPORT_HEAD
        bad = [None, "x", b"x", 5, 1.5, {"a": 1}, [], good[:-1], good + [0], good[:head - 1],
               [str(x) for x in good], [float(x) for x in good]]
        for k in range(len(good)):
            for junk in (True, False, "1", 1.5, None, -1, 10**20, 2**64):
                bad.append([*good[:k], junk, *good[k + 1:]])
        bad += _unreachable(name, good)
        for v in bad:
            with pytest.raises(CardcoreError) as err:
                mod.from_export(v)
            assert str(err.value).startswith("values"), (name, v, err.value)
        assert core.export() == good


def test_from_seed_is_the_games_first_hand():
    import cardcore

    for seed in (0, 3, 2**64 - 1):
        state = cardcore.new_game("holdem", seed=seed)
        for mod in (fast, ref):
            assert mod.from_seed(seed).export() == state.core.export()
        stacks = [0, 300, 50, 1000]
        state = cardcore.new_game("holdem", seed=seed, stacks=stacks, button=2)
        assert fast.from_seed(seed, stacks, 2).export() == \
            ref.from_seed(seed, stacks, 2).export() == state.core.export()
    for mod in (fast, ref):
        for bad in (-1, 2**64, None, "1", 1.5, True):
            with pytest.raises(CardcoreError, match="seed"):
                mod.from_seed(bad)
        with pytest.raises(CardcoreError, match="button"):
            mod.from_seed(1, [0, 100, 100, 0], 0)


def test_returns_observation_and_sizes_agree_with_the_twin_and_the_state():
    import cardcore
    import numpy as np

    rng = random.Random(21)
    for seed in range(40):
        stacks = random_stacks(rng)
        state = cardcore.new_game("holdem", seed=seed, stacks=stacks, single_deal=True)
        core = state.core
        assert (core.num_players, core.num_distinct_actions, core.observation_shape) == \
            (4, 7, (fast.OBS_SIZE,))
        while True:
            twin = ref.from_export(core.export())
            assert twin.returns() == core.returns()
            assert twin.current_player == core.current_player
            for p in range(4):
                assert np.array_equal(twin.observation_tensor(p), core.observation_tensor(p))
                assert np.array_equal(state.observation_tensor(p), core.observation_tensor(p))
            if state.is_over:
                break
            assert core.returns() == (0.0, 0.0, 0.0, 0.0)
            i = rng.choice(state.legal_ids())
            amount = core.amount(i)
            state.apply_id(i)
            assert state.log[-1][4] == amount
        assert core.returns() == tuple(float(x) for x in state.scores())
        assert sum(core.returns()) == 0.0
