"""The One Poker step core (``cardcore._fast.onepoker_step``, twin ``cardcore._ref.onepoker_step``):
the twins agree at every step of random matches, the state starts from ``from_seed``, the
returns are the single-deal scores, bad arguments and bad exports are refused alike, copies and
pickles are independent."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, CardError, IllegalAction
from cardcore._backend import BACKEND, kernel

FAST, REF = kernel("onepoker_step", "fast"), kernel("onepoker_step", "ref")
TWINS = (FAST, REF)
DECK = [c for c in range(52) for _ in range(2)]


def position(core) -> tuple:
    """Everything a core shows, for both seats."""
    return (core.current_player, core.is_over, core.legal_ids(), core.returns(),
            [core.observation_tensor(s).tobytes() for s in range(2)], core.export(),
            core.phase, core.first, core.locked, core.pile, core.discards, core.signals,
            core.deal_chips, core.stacks(), core.bet_view(), core.min_raise_to,
            core.max_raise_to, core.pot, core.folder, core.winner, core.won, core.final_pot,
            core.reshuffled, core.rng, core.hand(0), core.hand(1),
            [core.is_legal(i) for i in range(-1, 60)])


def step(cores, rng: random.Random) -> None:
    """One random move on every core alike: a listed id, or now and then any legal raise."""
    a = cores[0]
    if a.phase == "bet" and a.min_raise_to is not None and rng.random() < 0.2:
        amount = rng.randint(a.min_raise_to, a.max_raise_to)
        for c in cores:
            c.raise_to(amount)
        return
    i = rng.choice(a.legal_ids())
    for c in cores:
        c.apply(i)


def random_match(seed: int, stacks=None, limit: int = 100):
    """Yields the twins' cores at every position of a random match from ``seed``."""
    rng = random.Random(seed)
    cores = [m.from_seed(seed, stacks) for m in TWINS]
    for _ in range(limit):
        yield cores
        if cores[0].is_over:
            if min(cores[0].stacks()) == 0:
                return
            cores = [c.next_deal() for c in cores]
            continue
        step(cores, rng)


# ---------------------------------------------------------------------------- the twins

@pytest.mark.parametrize("seed", range(40))
def test_the_twins_agree_at_every_step_of_random_matches(seed):
    stacks = [None, [20, 20], [3, 7], [1, 50], [200, 200]][seed % 5]
    steps = 0
    for fast, ref in random_match(seed, stacks, limit=400):
        assert position(fast) == position(ref), (seed, steps)
        for mod in TWINS:
            assert mod.from_export(fast.export()).export() == fast.export()
        steps += 1
    assert steps >= 3


def test_raise_to_any_legal_amount_and_the_listed_amounts():
    for fast, ref in random_match(3, [100, 100], limit=200):
        if fast.phase != "bet":
            continue
        for i in fast.legal_ids():
            assert fast.amount(i) == ref.amount(i)
            if 3 <= i <= 6:
                assert fast.min_raise_to <= fast.amount(i) <= fast.max_raise_to
            else:
                assert fast.amount(i) is None
        for bad in (-1, 7, 20, 2**70):
            for c in (fast, ref):
                with pytest.raises(IllegalAction):
                    c.amount(bad)
        lo, hi = fast.min_raise_to, fast.max_raise_to
        for c in (fast, ref):
            before = c.export()
            for bad in ([lo - 1, hi + 1, 2**70, -5, "3", 1.5, None] if lo is not None
                        else [1, 5]):
                with pytest.raises(IllegalAction):
                    c.raise_to(bad)
                assert c.export() == before


def test_a_lock_phase_has_no_betting():
    for c in (m.from_seed(5) for m in TWINS):
        assert c.phase == "lock" and c.min_raise_to is None and c.pot == 2
        with pytest.raises(IllegalAction):
            c.raise_to(3)
        with pytest.raises(IllegalAction):
            c.amount(1)
        assert all(i >= 7 for i in c.legal_ids())


# ---------------------------------------------------------------------------- the state

@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 - 1])
def test_the_state_starts_from_from_seed(seed):
    mod = kernel("onepoker_step", BACKEND)
    assert cardcore.new_game("onepoker", seed=seed).core == mod.from_seed(seed)
    s = cardcore.new_game("onepoker", seed=seed, stacks=[3, 9])
    assert s.core == mod.from_seed(seed, [3, 9])
    assert s.core.export() == FAST.from_seed(seed, [3, 9]).export()



@pytest.mark.parametrize("bad", [[20], [20, 0], "ab", [20, 10**16], [20, True], 7])
def test_from_seed_refuses_bad_stacks_alike(bad):
    errors = []
    for mod in TWINS:
        with pytest.raises(CardcoreError) as e:
            mod.from_seed(1, bad)
        errors.append(type(e.value))
    assert errors[0] is errors[1]

def test_the_first_deal_is_the_shuffle_the_state_always_made():
    from cardcore.rng import Rng

    for seed in (0, 4, 123456789):
        cards = list(range(52)) * 2
        rng = Rng(seed)
        rng.shuffle(cards)
        for mod in TWINS:
            c = mod.from_seed(seed)
            assert [c.hand(0), c.hand(1), c.pile] == [cards[0:2], cards[2:4], cards[4:]]
            assert c.rng == rng.state and c.first == 0 and c.deal_chips == [20, 20]


@pytest.mark.parametrize("seed", range(25))
def test_returns_are_the_single_deal_scores(seed):
    s = cardcore.new_game("onepoker", seed=seed, single_deal=True,
                          stacks=[[20, 20], [2, 30], [1, 1]][seed % 3])
    rng = random.Random(seed)
    while not s.is_over:
        assert s.core.returns() == (0.0, 0.0)
        s.apply_id(rng.choice(s.legal_ids()))
    assert s.core.returns() == s.scores()
    assert sum(s.core.returns()) == 0


def test_the_state_follows_its_core_over_a_match():
    s = cardcore.new_game("onepoker", seed=13)
    rng = random.Random(13)
    while not s.is_over:
        core = s.core
        assert s.hands == [core.hand(0), core.hand(1)] and s.pile == core.pile
        assert s.discards == core.discards and s.locked == core.locked
        for p in range(2):
            assert np.array_equal(s.observation_tensor(p), core.observation_tensor(p))
        s.apply_id(rng.choice(s.legal_ids()))
    assert s.chips == s.core.stacks() and sum(s.scores()) == 0


def test_reshuffles_happen_in_next_deal():
    for mod in TWINS:
        core = mod.from_seed(11, [1000, 1000])
        deals = 1
        while True:
            core.apply(core.legal_ids()[0])
            core.apply(core.legal_ids()[0])
            while not core.is_over:
                core.apply(1)                # check, check
            core = core.next_deal()
            deals += 1
            if core.reshuffled:
                break
        assert deals == 52 and core.discards == []
        held = Counter(core.hand(0) + core.hand(1) + core.pile)
        assert held == Counter(DECK) and len(core.pile) == 100


def test_next_deal_refuses_what_cannot_go_on():
    for mod in TWINS:
        core = mod.from_seed(2)
        with pytest.raises(CardcoreError, match="not settled"):
            core.next_deal()
        out = mod.from_seed(2, [1, 20])      # seat 0 all-in from the ante: the deal is shown
        out.apply(out.legal_ids()[0])
        out.apply(out.legal_ids()[0])
        assert out.is_over
        if min(out.stacks()) == 0:
            with pytest.raises(CardcoreError, match="no chips"):
                out.next_deal()


# ---------------------------------------------------------------------------- arguments

GOOD = ([[0, 1], [2, 3]], [0, 1, 2, 3] + [c for c in range(4, 52) for _ in range(2)], [],
        [20, 20], 0, 5)


@pytest.mark.parametrize("mod", TWINS, ids=("fast", "ref"))
def test_the_constructor_checks_every_argument(mod):
    core = mod.Core(*GOOD)
    assert core.phase == "lock" and core.stacks() == [19, 19] and core.pot == 2
    bad = {
        0: [None, "ab", [[0, 1]], [[0, 1], [2]], [[0, 1], [2, 52]], [[0, 1], [2, -1]],
            [[0, 1], [2, True]], [[0, 1], [2, 3.0]], [[0, 1], [2, 3], [4, 5]]],
        1: [None, "x", [60], GOOD[1][:-1], GOOD[1] + [0], [True] + GOOD[1][1:]],
        2: [None, "x", [0], [-1]],
        3: [None, [20], [20, 0], [20, -3], [20, 10**15 + 1], [20, True], [20, "20"],
            [20, 20, 20], "20"],
        4: [None, -1, 2, True, "0", 0.0],
        5: [None, -1, 2**64, True, "5", 5.0],
    }
    for k, values in bad.items():
        for v in values:
            args = list(GOOD)
            args[k] = v
            with pytest.raises(CardcoreError):
                mod.Core(*args)


def test_a_stacked_deal_holds_every_card_twice():
    # discards may hold cards, with the pile short of them
    pile = [c for c in range(4, 52) for _ in range(2)]
    for mod in TWINS:
        core = mod.Core([[0, 1], [2, 3]], pile, [0, 1, 2, 3], [5, 9], 1, 0)
        assert core.first == 1 and core.current_player == 1 and core.discards == [0, 1, 2, 3]
        with pytest.raises(CardError, match="twice"):
            mod.Core([[0, 1], [2, 3]], pile, [0, 1, 2, 2], [5, 9], 1, 0)


def _positions():
    """Exports of cores at many points of random matches (every phase, settled deals too)."""
    out = []
    for seed in range(8):
        for k, (fast, _) in enumerate(random_match(seed, [[20, 20], [2, 9]][seed % 2], 60)):
            if k % 3 == 0:
                out.append(fast.export())
    return out


POSITIONS = _positions()


def test_from_export_reads_back_every_position():
    phases = set()
    for v in POSITIONS:
        cores = [m.from_export(list(v)) for m in TWINS]
        assert [c.export() for c in cores] == [v, v]
        assert position(cores[0]) == position(cores[1])
        assert cores[0] == FAST.Core.from_export(v) and cores[1] == REF.Core.from_export(v)
        phases.add(cores[0].phase)
    assert phases == {"lock", "bet", "over"}


def test_from_export_refuses_junk_alike():
    base = POSITIONS[5]
    for junk in (None, "x", tuple(base), {}, [], base[:10], base[:-1], base + [0],
                 [True] + base[1:], [1.0] + base[1:], ["1"] + base[1:]):
        for mod in TWINS:
            with pytest.raises(CardcoreError):
                mod.from_export(junk)


def test_from_export_refuses_tampered_positions_alike():
    rng = random.Random(1)
    loaded = 0
    for v in POSITIONS:
        for _ in range(25):
            w = list(v)
            k = rng.randrange(len(w))
            w[k] = rng.choice([w[k] + 1, w[k] - 1, -1, -2, 0, 1, 2, 51, 52, 10**15, 2**64,
                               rng.randrange(0, 60)])
            got = []
            for mod in TWINS:
                try:
                    got.append(mod.from_export(list(w)).export())
                except CardcoreError:
                    got.append(None)
            assert got[0] == got[1], (v, k, w[k])
            if got[0] is not None:
                loaded += 1
                assert got[0] == w
                core = FAST.from_export(w)          # what loads plays on
                while not core.is_over:
                    core.apply(core.legal_ids()[-1])
    assert loaded < len(POSITIONS) * 25


# ---------------------------------------------------------------------------- copies

@pytest.mark.parametrize("mod", TWINS, ids=("fast", "ref"))
def test_copies_and_pickles_are_equal_and_independent(mod):
    core = mod.from_seed(9)
    core.apply(core.legal_ids()[0])
    core.apply(core.legal_ids()[-1])
    twins = [core.copy(), copy.copy(core), copy.deepcopy(core),
             pickle.loads(pickle.dumps(core)), mod.from_export(core.export())]
    before = position(core)
    for t in twins:
        assert type(t) is type(core) and t == core and position(t) == before
    for t in twins:
        while not t.is_over:
            t.apply(t.legal_ids()[0])
        assert t != core
    assert position(core) == before
    nxt = twins[0].next_deal() if min(twins[0].stacks()) > 0 else None
    if nxt is not None:
        assert twins[0].is_over and nxt.phase == "lock"


@pytest.mark.parametrize("mod", TWINS, ids=("fast", "ref"))
def test_a_core_without_its_constructor_refuses_every_name(mod):
    blank = mod.Core.__new__(mod.Core)
    raised = mod.Core.__new__(mod.Core)
    with pytest.raises(CardcoreError):
        raised.__init__(*GOOD[:-1], -1)
    again = mod.Core(*GOOD)
    with pytest.raises(CardcoreError):
        again.__init__(None, *GOOD[1:])
    fields = ("phase", "first", "locked", "pile", "discards", "signals", "deal_chips",
              "min_raise_to", "max_raise_to", "pot", "folder", "winner", "won", "final_pot",
              "reshuffled", "rng")
    calls = (("hand", 0), ("stacks",), ("bet_view",), ("amount", 1), ("raise_to", 3),
             ("export",), ("copy",), ("legal_ids",), ("apply", 7), ("next_deal",))
    for core in (blank, raised, again):
        for name in fields:
            with pytest.raises(CardcoreError, match="not initialised"):
                getattr(core, name)
        for name, *args in calls:
            with pytest.raises(CardcoreError, match="not initialised"):
                getattr(core, name)(*args)
