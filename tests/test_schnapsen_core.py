"""The Schnapsen step core (``cardcore._fast.schnapsen_step``, twin
``cardcore._ref.schnapsen_step``): the twins step by step over many random deals (ids,
observations, returns, exports and what the core shows), the rule functions the game and the AI
read, argument checks, copies and pickles, and the game's state as a view of its core across a
match."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, CardError, IllegalAction
from cardcore._backend import BACKEND, kernel
from cardcore.schnapsen import rules

FAST = kernel("schnapsen_step", "fast")
REF = kernel("schnapsen_step", "ref")
BOTH = (FAST, REF)
DECK = list(range(32, 52))


def shown(core) -> tuple:
    """Everything a core shows, for both seats."""
    return (core.current_player, core.is_over, core.legal_ids(), core.returns(),
            [core.observation_tensor(s).tobytes() for s in (0, 1)], core.export(),
            core.hands, core.known, core.stock, core.points, core.pending, core.tricks_won,
            core.marriages, core.tricks, core.counts, core.lead_card, core.phase, core.leader,
            core.dealer, core.trump, core.trump_card, core.closed, core.closer,
            core.close_points, core.close_tricks, core.strict, core.winner, core.game_points,
            core.reason, core.rng, core.deck, core.actions, core.stock_size)


def random_args(rng: random.Random) -> tuple:
    """Constructor arguments: a seed, maybe a stacked deck, a dealer and match counts."""
    deck = None
    if rng.random() < 0.5:
        deck = DECK[:]
        rng.shuffle(deck)
    return (rng.getrandbits(64), deck, rng.randrange(2), [rng.randint(1, 7), rng.randint(1, 7)])


def pick(rng: random.Random, ids: list[int]) -> int:
    """A random legal id, closing now and then only (so that most deals draw the stock)."""
    if 29 in ids and len(ids) > 1 and rng.random() < 0.8:
        ids = ids[:-1]
    return rng.choice(ids)


# ---------------------------------------------------------------- the twins

@pytest.mark.parametrize("chunk", range(4))
def test_the_twins_agree_at_every_step_of_random_deals(chunk):
    steps = ends = 0
    reasons = set()
    for seed in range(chunk * 60, chunk * 60 + 60):
        rng = random.Random(seed)
        args = (seed,) if seed % 3 == 0 else random_args(rng)
        a, b = FAST.Core(*args), REF.Core(*args)
        while True:
            assert shown(a) == shown(b), (seed, steps)
            probe = [rng.randrange(-2, 32) for _ in range(6)]
            assert [a.is_legal(j) for j in probe] == [b.is_legal(j) for j in probe]
            if a.is_over:
                break
            i = pick(rng, a.legal_ids())
            a.apply(i)
            b.apply(i)
            steps += 1
        ends += 1
        reasons.add(a.reason)
        g = a.game_points
        assert g in (1, 2, 3) and a.returns() == ((g, -g) if a.winner == 0 else (-g, g))
        for mod in BOTH:                        # the export loads again on both backends
            assert mod.from_export(a.export()).export() == a.export()
    assert ends == 60 and steps > 60 * 12 and reasons == {0, 1, 2}



def strict_follows_oracle(hand: list[int], lead: int, trump: int, strength) -> list[int]:
    """The strict follow rule stated plainly, in the hand's order: the led suit if held, else
    trumps if held, else any card; among those, the ones that beat the lead where there are."""
    from cardcore.engines import tricks

    pool = ([c for c in hand if c & 3 == lead & 3] or [c for c in hand if c & 3 == trump]
            or list(hand))
    heads = [c for c in pool if tricks.beats(c, lead, trump, strength=strength)]
    return heads or pool

def test_from_seed_is_the_first_deal_of_new_game():
    for seed in (0, 1, 5, 12345, 2**64 - 1):
        for mod in BOTH:
            core = mod.from_seed(seed)
            assert core == mod.Core(seed, None, 1, [7, 7])
            assert core.dealer == 1 and core.leader == 0 and core.counts == [7, 7]
        assert FAST.from_seed(seed).export() == REF.from_seed(seed).export()
        state = cardcore.new_game("schnapsen", seed=seed)
        assert state.core.export() == FAST.from_seed(seed).export()
        # the same draws as the generator's shuffle of the Vienna deck
        cards = DECK[:]
        rng = cardcore.rng.Rng(seed)
        rng.shuffle(cards)
        assert state.core.deck == cards and state.core.rng == rng.state


def test_a_stacked_deck_is_dealt_as_given_and_draws_nothing():
    deck = DECK[::-1]
    for mod in BOTH:
        core = mod.Core(77, deck, 0, (3, 5))
        assert core.hands == [sorted(deck[:5]), sorted(deck[5:10])]
        assert core.stock == deck[10:] and core.trump_card == deck[-1]
        assert core.trump == deck[-1] & 3 and core.rng == 77
        assert core.dealer == 0 and core.leader == 1 and core.current_player == 1
        assert core.counts == [3, 5] and core.export()[:4] == [0, 3, 5, 77]


def test_returns_are_the_deal_game_points_and_lower_the_winners_count():
    for seed in range(30):
        for mod in BOTH:
            core = mod.Core(seed, None, seed % 2, [2, 7])
            rng = random.Random(seed)
            while not core.is_over:
                assert core.returns() == (0.0, 0.0)
                core.apply(pick(rng, core.legal_ids()))
            w, g = core.winner, core.game_points
            r = core.returns()
            assert r[w] == g and r[1 - w] == -g and all(type(v) is float for v in r)
            start = [2, 7]
            assert core.counts[w] == max(0, start[w] - g) and core.counts[1 - w] == start[1 - w]
            assert core.current_player is None and core.legal_ids() == []


# ---------------------------------------------------------------- the rules

def test_the_rules_module_names_the_kernels_rules():
    k = kernel("schnapsen_step")
    for name in rules.__all__:
        assert getattr(rules, name) is getattr(k, name), name


def test_rule_functions_agree_with_their_twins_and_the_trick_rule():
    from cardcore.engines import tricks

    assert FAST.CARD_POINTS == REF.CARD_POINTS and FAST.FOLLOW_WINS == REF.FOLLOW_WINS
    strength = REF.CARD_POINTS.__getitem__
    for t in range(4):
        for lead in DECK:
            for follow in DECK:
                want = tricks.beats(follow, lead, t, strength=strength) if follow != lead \
                    else False
                for mod in BOTH:
                    assert mod.beats(lead, follow, t) == want
                    assert mod.FOLLOW_WINS[t][lead * 52 + follow] == want
                    assert mod.trick_winner(1, lead, follow, t) == (0 if want else 1)
    rng = random.Random(3)
    for _ in range(2000):
        hand = rng.sample(DECK, rng.randint(0, 6))
        lead = rng.choice([c for c in DECK if c not in hand])
        t = rng.randrange(4)
        want = strict_follows_oracle(hand, lead, t, strength) if hand else []
        closed, n, ann = rng.random() < 0.5, rng.choice([0, 2, 4, 10]), rng.randrange(16)
        for mod in BOTH:
            assert mod.strict_follows(hand, lead, t) == want
            assert mod.strict_follows(tuple(hand), lead, t) == want
            assert mod.may_exchange(closed, n, hand, t) == (
                not closed and n >= 3 and 36 + t in hand)
            for c in hand:
                p = mod.marriage_partner(c)
                assert mod.may_marry(c, hand, ann) == (
                    p is not None and p in hand and not ann >> (c & 3) & 1)
        args = [(rng.randrange(120), rng.randrange(80), rng.randrange(3), rng.choice([20, 40])),
                (rng.randrange(120), rng.randrange(80), rng.randrange(3), lead, rng.choice(DECK)),
                (rng.randrange(2), rng.choice([None, 0, 1]), rng.randrange(66),
                 rng.randrange(5), rng.random() < 0.5, rng.randrange(120), rng.randrange(10))]
        for name, a in zip(("announce", "take_trick", "deal_game_points"), args):
            assert getattr(FAST, name)(*a) == getattr(REF, name)(*a), (name, a)


# (function, valid arguments) of every rule function
RULES = [
    ("card_points", (51,)), ("beats", (50, 51, 0)), ("trick_winner", (0, 50, 51, 0)),
    ("strict", (False, 4)), ("strict_follows", ([32, 36, 51], 50, 0)),
    ("may_close", (False, 4)), ("trump_jack", (2,)), ("may_exchange", (False, 6, [38], 2)),
    ("marriage_partner", (44,)), ("may_marry", (44, [40, 44], 0)),
    ("marriage_points", (1, 1)), ("announce", (10, 0, 1, 20)),
    ("take_trick", (0, 20, 0, 44, 51)), ("last_trick_winner", (1, None)),
    ("game_points", (33, True)), ("deal_game_points", (0, None, 0, 0, True, 50, 3)),
]
JUNK = [None, "x", 1.5, True, -1, 2**70, 10**5000, [], [32, 32], [31], (60,), object(),
        np.int64(40), np.float64(1.0)]


def _outcome(fn, args):
    try:
        return "ok", fn(*args)
    except CardcoreError as e:
        return type(e), str(e)


@pytest.mark.parametrize("name, args", RULES, ids=[r[0] for r in RULES])
def test_rule_functions_refuse_junk_alike(name, args):
    assert _outcome(getattr(FAST, name), args)[0] == "ok"
    for i in range(len(args)):
        for junk in JUNK:
            bad = list(args)
            bad[i] = junk
            got = [_outcome(getattr(mod, name), bad) for mod in BOTH]
            assert got[0] == got[1], (name, i, junk, got)


# ---------------------------------------------------------------- argument checks

def test_the_constructor_refuses_bad_arguments_alike():
    good = (5, DECK, 1, [7, 7])
    bad = {0: [-1, 2**64, "5", 1.5, True, None],
           1: ["As", DECK[:-1], DECK + [32], DECK[:-1] + [31], DECK[:-1] + [32], 5,
               [float(c) for c in DECK], dict.fromkeys(DECK, 1)],
           2: [2, -1, None, True, "0"],
           3: [[7], [7, 7, 7], [0, 7], [8, 7], 7, None, ["7", 7], [True, 7]]}
    for k, values in bad.items():
        for v in values:
            args = list(good)
            args[k] = v
            got = [_outcome(mod.Core, args) for mod in BOTH]
            assert got[0][0] != "ok" and got[0] == got[1], (k, v, got)
    with pytest.raises(CardError, match="deck"):
        FAST.Core(5, DECK[:-1])
    for mod in BOTH:
        for seed in (-1, 2**64, "1", 1.5, None, True):
            with pytest.raises(CardcoreError):
                mod.from_seed(seed)
        assert mod.Core(np.uint64(2**64 - 1), tuple(DECK), np.int8(0), (np.int64(2), 3))


def test_from_export_refuses_what_no_play_reaches():
    core = FAST.from_seed(8)
    rng = random.Random(8)
    for _ in range(9):
        core.apply(pick(rng, core.legal_ids()))
    v = core.export()
    head = FAST.EXPORT_HEAD
    illegal = next(i for i in range(30) if not core.is_legal(i))
    tampered = [
        "x", 5, None, v[:head - 1], v + [0] * 30, [True] + v[1:], v[:1] + [0] + v[2:],
        v[:3] + [-1] + v[4:], v[:3] + [2**64] + v[4:], v[:4] + [v[5]] + v[5:],
        v[:4] + [31] + v[5:], v + [illegal], v[:head] + [v[head] + 40], v[:-1] + [1.0],
        v[:head] + [v[-1]] + v[head:],
    ]
    for t in tampered:
        got = [_outcome(mod.from_export, (t,)) for mod in BOTH]
        assert got[0][0] is CardcoreError and got[0] == got[1], (t, got)
    for mod in BOTH:
        again = mod.from_export(v)
        assert again.export() == v and mod.from_export(tuple(v)).export() == v
        assert type(again).from_export(v).export() == v


def test_tampered_exports_load_alike_or_are_refused_alike():
    """An export with one element changed, dropped or repeated: both twins refuse it with the
    same ``CardcoreError``, or both load it and export it unchanged."""
    rng = random.Random(12)
    loaded = 0
    for k in range(300):
        core = FAST.Core(*random_args(rng))
        for _ in range(rng.randrange(0, 22)):
            if core.is_over:
                break
            core.apply(pick(rng, core.legal_ids()))
        v = core.export()
        j = rng.randrange(len(v))
        op = k % 3
        if op == 0:
            v[j] = rng.choice([rng.randrange(-1, 54), rng.randrange(30), 2**64, None, 1.5])
        elif op == 1:
            del v[j]
        else:
            v.append(v[j])
        got = [_outcome(mod.from_export, (v,)) for mod in BOTH]
        if got[0][0] == "ok":
            assert got[1][0] == "ok" and got[0][1].export() == got[1][1].export() == v
            loaded += 1
        else:
            assert got[0] == got[1], (v, got)
    assert 0 < loaded < 300


def test_illegal_ids_raise_and_change_nothing():
    for mod in BOTH:
        core = mod.from_seed(3)
        before = core.export()
        for bad in [x for x in range(30) if not core.is_legal(x)] + [-1, 30, 2**70]:
            with pytest.raises(IllegalAction):
                core.apply(bad)
        for junk in ("1", 1.0, None, True, [1]):
            with pytest.raises(IllegalAction):
                core.apply(junk)
        assert core.export() == before


def test_a_core_made_without_its_constructor_refuses_every_name():
    for mod in BOTH:
        core = mod.Core.__new__(mod.Core)
        for name in ("hands", "stock", "points", "counts", "rng", "trump_card", "tricks",
                     "winner", "lead_card", "known", "marriages", "deck", "actions"):
            with pytest.raises(CardcoreError, match="not initialised"):
                getattr(core, name)
        with pytest.raises(CardcoreError, match="not initialised"):
            core.export()


# ---------------------------------------------------------------- copies and pickles

@pytest.mark.parametrize("mod", BOTH, ids=["fast", "ref"])
def test_copies_and_pickles_are_independent_and_equal(mod):
    rng = random.Random(4)
    core = mod.Core(*random_args(rng))
    for _ in range(8):
        core.apply(pick(rng, core.legal_ids()))
    before = shown(core)
    for twin in (core.copy(), copy.copy(core), copy.deepcopy(core),
                 pickle.loads(pickle.dumps(core)), mod.from_export(core.export())):
        assert type(twin) is mod.Core and twin == core and shown(twin) == before
        while not twin.is_over:
            twin.apply(pick(rng, twin.legal_ids()))
        assert twin != core and shown(core) == before


# ---------------------------------------------------------------- the state is a view

def test_the_state_shows_its_core_and_starts_each_deal_of_the_match():
    k = kernel("schnapsen_step", BACKEND)
    for seed in range(6):
        s = cardcore.new_game("schnapsen", seed=seed)
        rng = random.Random(seed)
        deals = 1
        while not s.is_over:
            core = s.core
            assert s.hands == core.hands and s.stock == core.stock and s.counts == core.counts
            assert s.dealer == core.dealer and s.rng_state == core.rng
            for p in (0, 1):
                assert np.array_equal(s.observation_tensor(p), core.observation_tensor(p))
            assert s.legal_ids() == core.legal_ids()
            s.apply_id(rng.choice(s.legal_ids()))
            if s.core is not core and not s.is_over:       # the next deal started
                deals += 1
                assert core.is_over and s.deal_no == deals
                assert s.core == k.Core(core.rng, None, 1 - core.dealer, core.counts)
                assert s.past[-1]["game_points"] == core.game_points
        assert s.core.is_over and s.counts[s.match_winner] == 0
        assert s.scores() == ((1, -1) if s.match_winner == 0 else (-1, 1))


def test_a_single_deal_scores_what_its_core_returns():
    for seed in range(20):
        s = cardcore.new_game("schnapsen", seed=seed, single_deal=True)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply_id(rng.choice(s.legal_ids()))
        assert s.scores() == s.core.returns()
        assert s.result["game_points"] == s.core.game_points
        assert s.result["reason"] == FAST.REASONS[s.core.reason]
