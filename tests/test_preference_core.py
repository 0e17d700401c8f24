"""Preference's step core (``cardcore._fast.preference_step``, twin
``cardcore._ref.preference_step``): the twins agree at every step of many random deals (ids,
observations, returns, exports and every reader), the core is what the state starts with, bad
arguments and tampered exports are refused alike, copies and pickles are independent, and the
returns are the balances after the deal.
"""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, CardError, IllegalAction
from cardcore._backend import BACKEND, kernel

FAST = kernel("preference_step", "fast")
REF = kernel("preference_step", "ref")
BACKENDS = ("fast", "ref")
DECK = list(range(20, 52))
STAY, DROP, INVITE, PASS, HOLD = REF.STAY, REF.DROP, REF.INVITE, REF.PASS, REF.HOLD


def view(core) -> tuple:
    """Everything a core shows: the contract's names and every reader."""
    return (
        core.current_player, core.is_over, core.legal_ids(), core.returns(),
        [core.observation_tensor(s).tobytes() for s in range(3)], core.export(),
        core.hands(), core.talon(), core.discards(), core.trick(), core.tricks(),
        core.history(), core.settlement(), core.phase, core.phase_name, core.number,
        core.number_holder, core.game_level, core.game_holder, core.kind, core.declarer,
        core.level, core.trump, core.invited, core.host, core.leader, core.no_aces,
        core.decl_aces, core.n_tricks, core.passed, core.spoken, core.defence, core.active,
        core.won, core.balances, core.pot, core.dealer, core.deal_no, core.deals,
    )


def pick(ids: list[int], rng: random.Random, mode: str = "lean") -> int:
    """A random legal id: ``lean`` leans to the choices that reach the rarer parts of a deal
    (bids and holds over passes, staying, invitations and No Aces), ``pass`` passes whenever
    it may (a void deal), ``any`` is uniform."""
    if mode == "pass" and PASS in ids:
        return PASS
    if mode == "any":
        return rng.choice(ids)
    r = rng.random()
    for want in (HOLD, STAY, INVITE, REF.NO_ACES):
        if want in ids and r < 0.6:
            return want
    if PASS in ids and len(ids) > 1 and r < 0.5:
        return ids[0]
    return rng.choice(ids)


def random_start(rng: random.Random) -> tuple:
    deck = DECK[:]
    rng.shuffle(deck)
    deals = rng.choice((1, 3, 9, 10 ** 15))
    return (deck, rng.randrange(3), [rng.randrange(-500, 500) for _ in range(3)],
            rng.choice((0, 5, 10, 20, 90, 10 ** 15)), rng.randint(1, min(deals, 12)), deals)


def play_twins(a, b, rng: random.Random, mode: str, reload_every: int = 7) -> int:
    steps = 0
    while True:
        va, vb = view(a), view(b)
        assert va == vb, steps
        if steps % reload_every == 0:
            v = a.export()
            for mod in (FAST, REF):
                assert mod.from_export(v).export() == v
        if a.is_over:
            return steps
        i = pick(a.legal_ids(), rng, mode)
        a.apply(i)
        b.apply(i)
        steps += 1


def test_the_twins_agree_at_every_step_of_many_random_deals():
    rng = random.Random(1)
    kinds = set()
    total = 0
    for seed in range(150):
        if seed % 3:
            a, b = FAST.from_seed(seed), REF.from_seed(seed)
        else:
            args = random_start(rng)
            a, b = FAST.Core(*args), REF.Core(*args)
        mode = ("pass", "any", "lean", "lean", "lean")[seed % 5]
        total += play_twins(a, b, random.Random(seed), mode)
        kinds.add((a.kind, a.invited is not None, a.no_aces, len(a.active)))
    assert total > 3000
    assert {k for k, *_ in kinds} == {None, 0, 1, 2}       # void, number, game, hearts
    assert any(inv for _, inv, _, _ in kinds) and any(na for _, _, na, _ in kinds)


def test_the_state_starts_from_the_core_its_seed_makes():
    mod = kernel("preference_step", BACKEND)
    for seed in (0, 1, 77, 2 ** 64 - 1):
        assert cardcore.new_game("preference", seed=seed).core == mod.from_seed(seed)
        s = cardcore.new_game("preference", seed=seed, dealer=0, deals=4)
        assert s.core == mod.from_seed(seed, 0, 4)
    assert FAST.shuffled_deck(9) == REF.shuffled_deck(9)
    cards, _ = FAST.shuffled_deck(9)
    s = cardcore.new_game("preference", deck=[cardcore.Card(c) for c in cards])
    assert s.core == mod.from_seed(9)


def test_the_state_is_a_view_of_its_core_along_a_match():
    s = cardcore.new_game("preference", seed=3, deals=4)
    rng = random.Random(3)
    while not s.is_over:
        core = s.core
        assert s.legal_ids() == core.legal_ids() and s.current_player == core.current_player
        for p in range(3):
            assert np.array_equal(s.observation_tensor(p), core.observation_tensor(p))
        assert s.deal_no == core.deal_no and s.balances == core.balances and s.pot == core.pot
        s.apply_id(pick(s.legal_ids(), rng))
    assert s.core.is_over and s.core.returns() == s.scores()


def test_returns_are_the_balances_after_the_deal():
    for seed in range(40):
        for mod in (FAST, REF):
            core = mod.from_seed(seed)
            rng = random.Random(seed)
            while not core.is_over:
                assert core.returns() == (0.0, 0.0, 0.0)
                core.apply(pick(core.legal_ids(), rng))
            r = core.returns()
            assert all(type(x) is float for x in r) and r == tuple(map(float, core.balances))
            assert sum(core.balances) + core.pot == 0
        s = cardcore.new_game("preference", seed=seed, single_deal=True)
        for _, i in core.history():
            s.apply_id(i)
        assert s.is_over and s.scores() == core.returns()
        made, pens, bonuses, delta, pot_before, refill = core.settlement()
        if core.kind is None:                       # a void deal: nothing settled
            assert core.returns() == (-30.0,) * 3 and delta == [0, 0, 0] and not made
        else:
            assert pot_before == 90 and not refill
            assert [b + 30 for b in core.balances] == delta


def test_a_refill_and_the_pot_that_holds_less_than_ten():
    for mod in (FAST, REF):
        core = mod.Core(DECK, 2, [-30, -30, -35], 5, 1, 1)
        for i in (mod.GAME0 + 1, PASS, PASS):           # seat 0: game clubs
            core.apply(i)
        while not core.is_over:
            core.apply(DROP if DROP in core.legal_ids() else core.legal_ids()[-1])
        made, pens, bonuses, delta, pot_before, refill = core.settlement()
        assert made and pot_before == 5 and refill and core.pot == 90
        assert core.balances == [-30 + delta[0] - 30, -60 + delta[1], -65 + delta[2]]


def test_edits_before_the_settlement_are_exported_and_replayed():
    for mod in (FAST, REF):
        core = mod.from_seed(8)
        rng = random.Random(8)
        while core.phase_name != "play" or core.n_tricks < 9:
            if core.is_over:
                core = mod.from_seed(rng.randrange(10 ** 6))
                continue
            core.apply(pick(core.legal_ids(), rng))
        core.set_money([-40, -20, -35], 5)
        won = core.won
        edited = won[::-1] if sum(won[::-1]) == sum(won) and len(core.active) == 3 else won
        core.set_won(edited)
        assert core.won == edited and core.pot == 5
        v = core.export()
        assert mod.from_export(v).export() == v and mod.from_export(v) == core
        other = REF if mod is FAST else FAST
        assert other.from_export(v).export() == v
        while not core.is_over:
            core.apply(core.legal_ids()[0])
        assert mod.from_export(core.export()) == core
        assert core.settlement()[4] == 5
        with pytest.raises(CardcoreError, match="over"):
            core.set_money([0, 0, 0], 90)
        with pytest.raises(CardcoreError, match="over"):
            core.set_won(core.won)


@pytest.mark.parametrize("backend", BACKENDS)
def test_set_won_keeps_the_total(backend):
    core = kernel("preference_step", backend).from_seed(1)
    with pytest.raises(CardcoreError, match="tricks in all"):
        core.set_won([1, 0, 0])
    for bad in ([0, 0], [0, 0, 11], [0, 0, -1], "000", None, [0, 0, 0.0]):
        with pytest.raises(CardcoreError):
            core.set_won(bad)
    for bad in (([0, 0, 0], -1), ([0, 0, 0], 10 ** 16), ([0, 0], 5), (None, 5)):
        with pytest.raises(CardcoreError):
            core.set_money(*bad)
    assert core == kernel("preference_step", backend).from_seed(1)


GOOD = (DECK, 2, [-30, -30, -30], 90, 1, 9)
BAD_ARGS = [
    (0, DECK[:-1], CardError), (0, DECK[:-1] + [20], CardError), (0, DECK[:-1] + [52], CardError),
    (0, DECK[:-1] + [19], CardError), (0, "7c 8c", CardError), (0, None, CardError),
    (0, DECK[:-1] + [51.0], CardError), (0, set(DECK), CardError),
    (1, 3, CardcoreError), (1, -1, CardcoreError), (1, True, CardcoreError),
    (1, "2", CardcoreError), (2, [0, 0], CardcoreError), (2, [0, 0, 10 ** 16], CardcoreError),
    (2, None, CardcoreError), (3, -1, CardcoreError), (3, 10 ** 16, CardcoreError),
    (4, 0, CardcoreError), (4, 10, CardcoreError), (5, 0, CardcoreError),
    (5, 10 ** 16, CardcoreError), (5, 2 ** 70, CardcoreError),
]


@pytest.mark.parametrize("where, bad, err", BAD_ARGS)
def test_the_constructor_refuses_bad_arguments_alike(where, bad, err):
    args = list(GOOD)
    args[where] = bad
    for mod in (FAST, REF):
        with pytest.raises(err):
            mod.Core(*args)


def test_from_seed_refuses_what_is_no_seed():
    for mod in (FAST, REF):
        for bad in ((-1,), (2 ** 64,), ("1",), (None,), (True,), (1, 3), (1, 0, 0), (1, 2, 0)):
            with pytest.raises(CardcoreError):
                mod.from_seed(*bad)


def _played_export(seed: int, steps: int) -> list[int]:
    core = FAST.from_seed(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if core.is_over:
            break
        core.apply(pick(core.legal_ids(), rng))
    return core.export()


def test_tampered_exports_are_refused_alike_or_load_alike():
    rng = random.Random(5)
    for k in range(400):
        v = _played_export(k % 20, rng.randrange(0, 50))
        bad = list(v)
        where = rng.randrange(len(bad))
        how = rng.randrange(5)
        if how == 0:
            bad[where] += rng.choice((-1, 1))
        elif how == 1:
            bad[where] = rng.choice((-2, 0, 1, 20, 51, 537, 547, 548, 10 ** 20))
        elif how == 2:
            bad[where] = rng.choice((1.0, "1", None, True, [1]))
        elif how == 3:
            del bad[where]
        else:
            bad = tuple(bad)
        got = []
        for mod in (FAST, REF):
            try:
                got.append(("ok", mod.from_export(bad).export()))
            except CardcoreError as e:
                got.append(("error", type(e)))
        assert got[0] == got[1], (k, where, how)
        if got[0][0] == "ok":
            assert got[0][1] == list(bad)


def test_exports_name_what_is_wrong():
    v = _played_export(3, 20)
    for mod in (FAST, REF):
        with pytest.raises(CardcoreError, match="expected 107 ints"):
            mod.from_export(v[:-1])
        with pytest.raises(CardcoreError, match="expected a list"):
            mod.from_export("v")
        bad = list(v)
        bad[mod.EXPORT_ACTIONS] = 0
        with pytest.raises(CardcoreError, match="-1 after the last action"):
            mod.from_export(bad)
        bad = list(v)
        bad[mod.EXPORT_HEAD] = 547
        with pytest.raises(CardcoreError, match="action 0"):
            mod.from_export(bad)
        bad = list(v)
        bad[mod.EXPORT_CARDS], bad[mod.EXPORT_CARDS + 1] = bad[mod.EXPORT_CARDS + 1], bad[
            mod.EXPORT_CARDS]
        with pytest.raises(CardcoreError, match="ascending"):
            mod.from_export(bad)
        bad = list(v)
        bad[mod.EXPORT_WON] = 1
        with pytest.raises(CardcoreError, match="total of 0"):
            mod.from_export(bad)


@pytest.mark.parametrize("backend", BACKENDS)
def test_copies_and_pickles_are_independent_and_equal(backend):
    mod = kernel("preference_step", backend)
    rng = random.Random(2)
    core = mod.from_seed(2)
    for _ in range(8):
        core.apply(pick(core.legal_ids(), rng))
    before = view(core)
    for twin in (core.copy(), copy.copy(core), copy.deepcopy(core),
                 pickle.loads(pickle.dumps(core)), mod.from_export(core.export())):
        assert type(twin) is type(core) and twin == core and view(twin) == before
        while not twin.is_over:
            twin.apply(twin.legal_ids()[0])
        assert view(core) == before and twin != core


@pytest.mark.parametrize("backend", BACKENDS)
def test_illegal_ids_change_nothing(backend):
    core = kernel("preference_step", backend).from_seed(6)
    rng = random.Random(6)
    while not core.is_over:
        before = core.export()
        ids = core.legal_ids()
        for bad in (-1, 548, 2 ** 70, *[x for x in range(548) if x not in ids][:5]):
            assert not core.is_legal(bad)
            with pytest.raises(IllegalAction):
                core.apply(bad)
        for junk in ("1", 1.0, None, True):
            with pytest.raises(IllegalAction):
                core.apply(junk)
        assert core.export() == before
        core.apply(pick(ids, rng))
    with pytest.raises(IllegalAction, match="over"):
        core.apply(0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_core_made_without_its_constructor_refuses_its_readers(backend):
    cls = kernel("preference_step", backend).Core
    core = cls.__new__(cls)
    for call in (lambda: core.hands(), lambda: core.phase, lambda: core.balances,
                 lambda: core.settlement(), lambda: core.set_won([0, 0, 0]),
                 lambda: core.export(), lambda: core.tricks()):
        with pytest.raises(CardcoreError, match="not initialised"):
            call()


def test_the_longest_auction_fits_the_history():
    # every auction from every dealer, searched whole: at most 9 calls
    def longest(core, memo) -> int:
        if core.phase_name != "auction":
            return 0
        key = (tuple(core.passed), tuple(core.spoken), core.number, core.number_holder,
               core.game_level, core.game_holder, core.current_player)
        if key not in memo:
            best = 0
            for i in core.legal_ids():
                c = core.copy()
                c.apply(i)
                best = max(best, 1 + longest(c, memo))
            memo[key] = best
        return memo[key]

    assert max(longest(FAST.Core(DECK, d, [0, 0, 0], 90, 1, 9), {}) for d in range(3)) == 9
    assert 9 + 6 + 30 <= FAST.MAX_HISTORY == REF.MAX_HISTORY
