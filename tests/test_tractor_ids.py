"""Tractor action ids (``docs/actions/tractor.md``): the pinned ids and tractor table, the
kernel's id functions against the plain-Python twin, the game's ids per phase and the
observation tensor's layout."""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, CardError, IllegalAction
from cardcore._ref import tractor as R
from cardcore.cards import Card, parse
from cardcore.tractor.state import NUM_ACTIONS, id_text

F = pytest.importorskip("cardcore._fast.tractor", reason="compiled kernel not built")

DECK2 = [c for c in range(54) for _ in range(2)]


def ids(text: str) -> list[int]:
    return [int(c) for c in parse(text)]


def cards_of(mask: int) -> list[int]:
    return [c for c in range(54) if (mask >> c) & 1]


# ------------------------------------------------------------------ pinned ids

PINNED = {
    0: "pass", 1: "declare single c", 4: "declare single s", 5: "declare pair c",
    8: "declare pair s", 9: "declare BJ BJ", 10: "declare RJ RJ",
    11: "bury 2c", 33: "bury 7h", 64: "bury RJ",
    65: "play 2c", 87: "play 7h", 118: "play RJ",
    119: "lead 2c 2c", 172: "lead RJ RJ",
    173: "lead 2c 2c 2d 2d", 266: "lead 5c 5c 6c 6c", 539: "lead BJ BJ RJ RJ",
    540: "lead 2c 2c 2d 2d Ac Ac",
    9439: "lead 2s 2s 3s 3s 4s 4s 5s 5s 6s 6s 7s 7s 8s 8s 9s 9s Ts Ts Js Js Qs Qs Ks Ks "
          "Ah Ah As As BJ BJ RJ RJ",
}
# the first and last ids of the tractors of each number of pairs
PAIR_RANGES = {2: (173, 539), 3: (540, 1105), 4: (1106, 1799), 5: (1800, 2587),
               6: (2588, 3383), 7: (3384, 4179), 8: (4180, 4967), 9: (4968, 5739),
               10: (5740, 6487), 11: (6488, 7203), 12: (7204, 7879), 13: (7880, 8503),
               14: (8504, 8971), 15: (8972, 9283), 16: (9284, 9439)}


def test_the_id_space_is_fixed_for_every_option_set():
    for options in ({}, {"single_deal": True}, {"level": "A"}, {"level": 10, "first": 1}):
        s = cardcore.new_game("tractor", seed=2, **options)
        assert s.num_distinct_actions == 9440 == NUM_ACTIONS == F.NUM_ACTIONS
        assert s.legal_mask().shape == (9440,)
    assert (F.DECLARE_ID, F.BURY_ID, F.PLAY_ID, F.PAIR_ID, F.TRACTOR_ID) == (1, 11, 65, 119, 173)
    assert F.NUM_TRACTORS == 9267


def test_ids_are_pinned():
    for i, text in PINNED.items():
        assert id_text(i) == text, i
    masks = F.tractor_masks()
    for pairs, (lo, hi) in PAIR_RANGES.items():
        assert {bin(m).count("1") for m in masks[lo - 173:hi - 172]} == {pairs}
    digest = hashlib.sha256(",".join(map(str, masks)).encode()).hexdigest()[:16]
    assert digest == "4b783d471add8479"


def test_the_tractor_table_is_ordered_and_every_entry_is_a_tractor_somewhere():
    masks = F.tractor_masks()
    keys = [(len(cards_of(m)), cards_of(m)) for m in masks]
    assert keys == sorted(keys) and len(set(masks)) == len(masks)
    found = set()
    full = DECK2
    for trump in range(5):
        for level in range(13):
            for p in F.lead_plays(full, trump, level):
                if len(p) >= 4:
                    found.add(sum(1 << c for c in set(p)))
                    assert F.lead_id(list(p)) >= 173
    assert found == set(masks)


def test_the_twins_build_the_same_table():
    assert R.tractor_masks() == F.tractor_masks()
    assert R.NUM_ACTIONS == F.NUM_ACTIONS and R.NUM_TRACTORS == F.NUM_TRACTORS
    for name in ("DECLARE_ID", "BURY_ID", "PLAY_ID", "PAIR_ID", "TRACTOR_ID"):
        assert getattr(R, name) == getattr(F, name)


# ------------------------------------------------------------------ kernel vs twin

def test_kernel_id_functions_match_the_twin():
    rng = random.Random(77)
    for _ in range(300):
        trump, level = rng.randrange(5), rng.randrange(13)
        hand = sorted(rng.sample(DECK2, rng.choice([33, 25, 12, 5])))
        leads = F.lead_plays(hand, trump, level)
        got = F.lead_ids(hand, trump, level)
        assert got == R.lead_ids(hand, trump, level)
        assert got == sorted(F.lead_id(list(p)) for p in leads)
        for i in rng.sample(range(-2, 9445), 40) + got[:8]:
            ok = F.play_ok(hand, None, [], trump, level, i)
            assert ok == R.play_ok(hand, None, [], trump, level, i) == (i in set(got))
        for i in got[:12]:
            assert F.play_cards(i) == R.play_cards(i)
            assert F.lead_id(F.play_cards(i)) == R.lead_id(R.play_cards(i)) == i
        # follow one card at a time from another hand
        lead = list(rng.choice(leads))
        rest = list(DECK2)
        for c in hand:
            rest.remove(c)
        if any(rest.count(c) < lead.count(c) for c in set(lead)):
            continue
        for c in lead:
            rest.remove(c)
        other = sorted(rng.sample(rest, max(len(lead), rng.choice([25, 8]))))
        picked: list[int] = []
        while True:
            f = F.follow_ids(other, lead, picked, trump, level)
            assert f == R.follow_ids(other, lead, picked, trump, level)
            m = F.next_mask(other + picked, lead, picked, trump, level)
            assert f == [65 + c for c in cards_of(m)]
            for i in (*f[:4], 64, 65, 118, 119, 200):
                assert (F.play_ok(other, lead, picked, trump, level, i)
                        == R.play_ok(other, lead, picked, trump, level, i) == (i in set(f)))
            if not f:
                break
            c = rng.choice(f) - 65
            other.remove(c)
            picked.append(c)
        assert len(picked) == len(lead)


def _same_error(call):
    got = []
    for mod in (F, R):
        with pytest.raises(CardcoreError) as info:
            call(mod)
        got.append(type(info.value))
    assert got[0] is got[1], got
    return got[0]


def test_kernel_id_functions_reject_bad_input():
    hand = ids("7c 7c 8c 8c 9h")
    for bad in ([54], [-1], [7, 7, 7], "7c", None, [True]):
        assert _same_error(lambda m, x=bad: m.lead_ids(x, 0, 5)) is CardError
        assert _same_error(lambda m, x=bad: m.follow_ids(x, [20], [], 0, 5)) is CardError
    assert _same_error(lambda m: m.lead_ids(hand, 5, 5)) is CardcoreError
    assert _same_error(lambda m: m.lead_ids(hand, 0, 13)) is CardcoreError
    # a lead that is no single, pair or tractor
    assert _same_error(lambda m: m.follow_ids(hand, [20, 24], [], 0, 5)) is IllegalAction
    for bad_id in (64, 9440, -1, "65", 65.0, None, True):
        assert _same_error(lambda m, x=bad_id: m.play_cards(x)) is CardcoreError
        assert not F.play_ok(hand, None, [], 0, 5, bad_id)
        assert not R.play_ok(hand, None, [], 0, 5, bad_id)
    assert F.lead_id(ids("7c 8c")) == R.lead_id(ids("7c 8c")) == -1
    assert F.lead_id(ids("7c 7c 8c")) == R.lead_id(ids("7c 7c 8c")) == -1


# ------------------------------------------------------------------ the game's ids

def _to_phase(s, phase, rng):
    while s.phase != phase:
        s.apply_id(rng.choice(s.legal_ids()))


def test_declaration_ids_name_the_suit():
    deck = list(range(54)) * 2
    # seat 0 holds both 7h (level 7): a single and a pair declaration of hearts
    hand0 = ids("7h 7h 7c BJ BJ") + list(range(20))
    rest = list(deck)
    for c in hand0:
        rest.remove(c)
    s = cardcore.new_game("tractor", seed=1, deck=hand0 + rest, level="7", first=0,
                          single_deal=True)
    assert s.legal_ids() == [0, 1, 3, 7, 9]
    assert [str(s.action_from_id(i)) for i in s.legal_ids()] == [
        "pass", "declare 7c", "declare 7h", "declare 7h 7h", "declare BJ BJ"]
    assert s.action_from_id(7).amount == 2
    s.apply_id(7)
    assert s.log[-1] == [0, "declare", "declare 7h 7h", ids("7h 7h"), 2, []]
    assert s.legal_ids()[0] == 0 and all(i >= 9 for i in s.legal_ids()[1:])


def test_bury_ids_are_card_ids():
    rng = random.Random(3)
    s = cardcore.new_game("tractor", seed=5, single_deal=True)
    _to_phase(s, "bury", rng)
    hand = s.hands[s.turn]
    assert s.legal_ids() == sorted({11 + c for c in hand})
    i = s.legal_ids()[0]
    seat = s.turn
    s.apply_id(i)
    assert s.log[-1] == [seat, "bury", f"bury {Card(i - 11)}", [i - 11], None, []]
    while s.phase == "bury":
        s.apply_id(rng.choice(s.legal_ids()))
    assert len(s.buried) == 8


def test_lead_and_follow_ids():
    rng = random.Random(9)
    s = cardcore.new_game("tractor", seed=12, single_deal=True)
    _to_phase(s, "play", rng)
    leader = s.turn
    legal = s.legal_ids()
    assert legal == F.lead_ids(s.hands[leader], s.trump, s.level)
    assert all(65 <= i < 9440 for i in legal)
    pairs = [i for i in legal if 119 <= i < 173]
    lead = pairs[0] if pairs else legal[0]
    a = s.action_from_id(lead)
    s.apply_id(lead)
    assert s.log[-1] == [leader, "play", a.text, [int(c) for c in a.cards], None, []]
    # the follower answers one card per id
    follower = s.turn
    for _ in range(len(a.cards)):
        assert s.turn == follower
        f = s.legal_ids()
        assert f and all(65 <= i < 119 for i in f)
        s.apply_id(f[0])
        assert s.log[-1][3] == [f[0] - 65]
    assert s.turn == (follower + 1) % 4


def test_a_tractor_id_is_legal_only_where_it_is_a_tractor():
    # 5c 5c 7c 7c is a tractor at level 6 only
    i = F.lead_id(ids("5c 5c 7c 7c"))
    assert i >= 173
    for level in range(13):
        assert F.play_ok(ids("5c 5c 7c 7c"), None, [], 3, level, i) == (level == 4)
    assert F.play_cards(i) == ids("5c 5c 7c 7c")


def test_a_several_card_follow_has_no_id():
    rng = random.Random(1)
    for seed in range(40):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        _to_phase(s, "play", rng)
        pair = [i for i in s.legal_ids() if 119 <= i < 173]
        if not pair:
            continue
        s.apply_id(pair[0])
        follow = s.legal_ids()
        if len(follow) < 2:
            continue
        a, b = follow[0] - 65, follow[1] - 65
        if s.legal_ids() and (F.next_mask(s.hands[s.turn], s.trick[0][1], [a], s.trump,
                                          s.level) >> b) & 1:
            with pytest.raises(IllegalAction, match="no id"):
                s.action_to_id(f"{Card(a)} {Card(b)}")
            return
    pytest.fail("no position with a two-card follow found")


# ------------------------------------------------------------------ tensor layout

def test_tensor_layout():
    rng = random.Random(6)
    s = cardcore.new_game("tractor", seed=31, single_deal=True, first=2, level="5")
    t = s.observation_tensor(1)
    assert t.shape == (724,) and t.dtype == np.float32
    hand = np.bincount(s.hands[1], minlength=54)
    assert np.array_equal(t[:54], hand) and t[:54].sum() == 25
    assert t[653 + 3] == 1 and t[666 + 3] == 1 and t[679 + 3] == 1     # level 5
    assert t[704] == 1 and t[716] == 0                                 # declare; seat 2 acts
    assert t[648:653].sum() == 0 and t[692:696].sum() == 0             # no trump, no dealer
    _to_phase(s, "bury", rng)
    dealer = s.dealer
    td = s.observation_tensor(dealer)
    other = s.observation_tensor((dealer + 1) % 4)
    assert td[486:540].sum() == 8 and td[692] == 1 and td[717] == 1    # the dealer's kitty
    if not s.revealed:
        assert other[486:540].sum() == 0
    assert other[692 + 3] == 1 and other[717] == 0
    assert td[648 + s.trump] == 1 and td[705] == 1
    _to_phase(s, "play", rng)
    td = s.observation_tensor(dealer)
    assert td[540:594].sum() == 8 and s.observation_tensor((dealer + 2) % 4)[540:594].sum() == 0
    s.apply_id(s.legal_ids()[0])                       # the dealer leads a single
    card = s.log[-1][3][0]
    assert s.observation_tensor(dealer)[270 + card] == 1
    assert s.observation_tensor((dealer + 1) % 4)[270 + 3 * 54 + card] == 1
    assert s.observation_tensor((dealer + 1) % 4)[708 + 3] == 1        # led by relative 3
    while s.trick:
        s.apply_id(s.legal_ids()[0])
    t = s.observation_tensor(0)
    assert t[54:270].sum() == 4 * len(s.tricks[0]["plays"][0][1]) and t[722] == 1 / 25


# ------------------------------------------------------------------ the step kernel vs twin

def _core_view(core) -> list:
    """Everything a core answers, for comparing the kernel with its twin."""
    return [core.export(), core.hands(), core.kitty(), core.buried(), core.picked(),
            core.played(), core.trick(), core.tricks(), core.decl(), core.decls(),
            core.history(), core.hand_sizes(), core.trick_winners(), core.legal_ids(),
            core.returns(), core.levels, core.levels_after(),
            [core.observation_tensor(p).tobytes() for p in range(4)],
            [core.phase, core.turn, core.current_player, core.speaker, core.dealer, core.level,
             core.trump, core.passes, core.first_declarer, core.revealed, core.leader,
             core.points, core.size, core.ntricks, core.nplays, core.npicked, core.is_over,
             core.kitty_bonus, core.result(), core.rng]]


def test_step_core_matches_the_twin_along_random_games():
    import copy
    import pickle

    FS = pytest.importorskip("cardcore._fast.tractor_step")
    from cardcore._ref import tractor_step as RS

    rng = random.Random(44)
    steps = 0
    for seed in range(12):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        deck = [c for c in range(54) for _ in range(2)]
        random.Random(seed).shuffle(deck)
        dealer = None if seed % 3 == 0 else seed % 4
        levels = seed % 13 if dealer is None else (seed % 13, (seed * 5) % 13)
        args = (deck, seed % 4, dealer, levels, seed * 977)
        a, b = FS.Core(*args), RS.Core(*args)
        while True:
            assert _core_view(a) == _core_view(b), (seed, steps)
            ids = a.legal_ids()
            assert ids == b.legal_ids()
            if not ids:
                assert a.phase == b.phase == FS.OVER and a.current_player is None
                break
            before = a.export()
            for bad in (-5, 9440, 10**30, *rng.sample(range(9440), 12)):
                assert a.is_legal(bad) == b.is_legal(bad) == (bad in ids)
                if bad not in ids:
                    for core in (a, b):
                        with pytest.raises(IllegalAction):
                            core.apply(bad)
            for junk in ("65", 65.5, None, True):
                for core in (a, b):
                    with pytest.raises(IllegalAction):
                        core.apply(junk)
            assert a.export() == before == b.export()
            if steps % 25 == 0:
                for core, mod in ((a, FS), (b, RS)):
                    for twin in (core.copy(), copy.copy(core), pickle.loads(pickle.dumps(core)),
                                 mod.from_export(core.export())):
                        assert twin == core and _core_view(twin) == _core_view(core)
            i = rng.choice(ids)
            assert a.apply(i) == b.apply(i)
            steps += 1
        # the state over the same kind of deal: its view is the core's
        while not s.is_over:
            d = s._core
            assert s.legal_ids() == d.legal_ids()
            if s.phase == "play":
                assert s.legal_ids() == sorted(s.action_to_id(a) for a in s.legal_actions())
            i = rng.choice(s.legal_ids())
            twin = s.clone()
            twin.apply(s.action_from_id(i))
            s.apply_id(i)
            assert s.log == twin.log and s._state_dict() == twin._state_dict()
            assert s.hands == s._core.hands() and s.trick == s._core.trick()
    assert steps > 1000


def test_step_core_refuses_bad_arguments():
    FS = pytest.importorskip("cardcore._fast.tractor_step")
    from cardcore._ref import tractor_step as RS

    deck = [c for c in range(54) for _ in range(2)]
    for mod in (FS, RS):
        mod.Core(deck, 0, None, 0)
        for args in ((deck[:-1], 0, None, 0), (deck[:-1] + [0], 0, None, 0),
                     ([99] * 108, 0, None, 0), ("x", 0, None, 0), (None, 0, None, 0),
                     (deck, 4, None, 0), (deck, 0, 5, 0), (deck, 0, None, 13),
                     (deck, True, None, 0), (deck, 0, "1", 0), (deck, 0, None, (1, 2)),
                     (deck, 0, 1, (1, 13)), (deck, 0, 1, (1,)), (deck, 0, 1, "12"),
                     (deck, 0, 1, (1, 2), -1), (deck, 0, 1, (1, 2), 2**64),
                     (deck, 0, 1, (1, 2), 1.0)):
            with pytest.raises(CardcoreError):
                mod.Core(*args)
        core = mod.Core(deck, 0, None, 0)
        good = core.export()
        head = FS.EXPORT_HEAD
        assert len(good) == head == RS.EXPORT_HEAD and FS.EXPORT_FIELDS == RS.EXPORT_FIELDS
        rng_at = FS.EXPORT_FIELDS.index("rng")
        for bad in (None, "x", [], good[:-1] + [999], good[:5], good + [0],
                    [*good[:22], 5, *good[23:]], [*good[:rng_at], -1, *good[rng_at + 1:]],
                    [*good[:rng_at], 2**64, *good[rng_at + 1:]],
                    [*good[:rng_at], 7, *good[rng_at + 1:]][:-1] + [99]):
            with pytest.raises(CardcoreError):
                mod.from_export(bad)
        core.apply(0)
        with pytest.raises(CardcoreError):
            mod.from_export(good + [0, 0])      # nhist says 0 actions
        with pytest.raises(CardcoreError):
            core.hand(4)
