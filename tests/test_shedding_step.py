"""Differential tests: the compiled shedding step kernel against its plain-Python twin.

Random Dou Dizhu and Zheng Shangyou games are played through the game states; at every
position both twins list the same legal ids, judge random ids alike, show the same
observations and returns, and applying the same id (or a played Action's exact cards) leaves
the same export. The core's own rules are checked too: the deal from a seed, the redeal inside
the core, the scores it returns, its export refused when it is no position."""

from __future__ import annotations

import pickle
import random
import sys

import numpy as np
import pytest

import cardcore
import cardcore.doudizhu.state
import cardcore.zhengshangyou.state
from cardcore import CardcoreError, IllegalAction
from cardcore._ref import shedding_step as R
from cardcore.rng import Rng

F = pytest.importorskip("cardcore._fast.shedding_step", reason="compiled kernel not built")

GAMES = {"doudizhu": ("ddz", 24643), "zhengshangyou": ("zsy", 142)}
TWINS = (F, R)


def test_twins_expose_the_same_public_functions():
    def public(mod):
        return {n for n in dir(mod) if not n.startswith("_") and callable(getattr(mod, n))
                and getattr(getattr(mod, n), "__module__", mod.__name__) == mod.__name__}

    assert public(F) == public(R)
    assert F.DDZ_KINDS == R.DDZ_KINDS and F.ZSY_KINDS == R.ZSY_KINDS
    assert F.BOMB_BONUS == R.BOMB_BONUS == cardcore.zhengshangyou.state.BOMB_BONUS
    assert F.NUM_ACTIONS == R.NUM_ACTIONS == (24643, 142)
    assert F.OBS_SIZE == R.OBS_SIZE == (399, 281)
    assert F.MAX_LEGAL == R.MAX_LEGAL == (1 + F.DDZ_MAX_LEADS, 142)
    assert F.DDZ_MAX_LEADS == R.DDZ_MAX_LEADS == 2531
    assert F.GAMES == R.GAMES == ("doudizhu", "zhengshangyou")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_core_sizes_are_the_games(name):
    n = GAMES[name][1]
    s = cardcore.new_game(name, seed=1)
    assert s.num_distinct_actions == n == s.core.num_distinct_actions
    for mod in TWINS:
        core = mod.from_seed(1, game=name)
        assert core.num_players == 3 and core.num_distinct_actions == n
        assert core.observation_shape == s.observation_shape == (F.OBS_SIZE[F.GAMES.index(name)],)


def test_no_dou_dizhu_hand_leads_more_plays_than_the_bound():
    """``DDZ_MAX_LEADS`` is derived kind by kind (the kernel's comment); here random 20-card
    hands and hands improved by moving a card while the count grows stay under it."""
    from cardcore._fast import shedding as K

    caps = [4] * 13 + [1, 1]
    rng = random.Random(8)
    best = 0
    for _ in range(6):
        c = [0] * 15
        while sum(c) < 20:
            r = rng.randrange(15)
            c[r] += c[r] < caps[r]
        n = K.ddz_count(c)
        for _ in range(400):
            a, b = rng.randrange(15), rng.randrange(15)
            if a == b or not c[a] or c[b] >= caps[b]:
                continue
            c[a] -= 1
            c[b] += 1
            m = K.ddz_count(c)
            if m >= n:
                n = m
            else:
                c[a] += 1
                c[b] -= 1
        best = max(best, n)
    assert 300 < best <= F.DDZ_MAX_LEADS
    hand = [4 * r + s for r in range(1, 7) for s in range(3)][:17]     # trios, an airplane
    bottom = [28, 32, 36]
    deck = hand + [c for c in range(54) if c not in hand + bottom] + bottom
    for mod in TWINS:                   # the landlord's 20 cards lead many plays, listed whole
        core = mod.Core(0, deck, 0)
        core.apply(3)
        ids = core.legal_ids()
        assert len(ids) == K.ddz_count(_counts(core.hand(0))) > 200
        assert len(ids) <= F.DDZ_MAX_LEADS and all(core.is_legal(i) for i in ids)


def _compare(fc, rc) -> None:
    for f in ("phase", "turn", "current_player", "is_over", "bid", "bidder", "bid_passes",
              "landlord", "bombs", "multiplier", "spring", "passes", "winner", "opening",
              "pending_bomb", "nplays", "first", "redeals", "rng_state", "game"):
        assert getattr(fc, f) == getattr(rc, f), f
    for f in ("hands", "bottom", "played", "num_plays", "plays", "passes_on", "table",
              "table_id", "bid_log", "bonus", "bomb_log", "history", "export", "last_entry",
              "hand_sizes", "legal_ids", "returns"):
        assert getattr(fc, f)() == getattr(rc, f)(), f
    for seat in range(3):
        assert fc.observation_tensor(seat).tobytes() == rc.observation_tensor(seat).tobytes()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_games_step_alike(name):
    """The game's own core and a twin core of the other backend fed the same actions (ids, or
    a played Action's exact cards) agree on legal ids, legality, entries, observations,
    returns and every accessor; the state's log entry is the core's."""
    n = GAMES[name][1]
    rng = random.Random(2024)
    steps = redeals = 0
    for seed in range(30):
        s = cardcore.new_game(name, seed=seed)
        fc = s.core
        other = R if type(fc) is F.Core else F
        rc = other.from_export(fc.export())
        while not s.is_over:
            ids = s.legal_ids()
            assert ids == fc.legal_ids() == rc.legal_ids()
            assert sorted(s.action_to_id(a) for a in s.legal_actions()) == ids
            probe = rng.sample(range(n), 12) + ids[:3] + [n, -1, 2**70]
            assert [fc.is_legal(j) for j in probe] == [rc.is_legal(j) for j in probe]
            _compare(fc, rc)
            if name == "doudizhu" and fc.phase == R.BIDDING and rng.random() < 0.5:
                s.apply("pass")                 # (three passes redeal inside the core)
                rc.apply(0)
            elif rng.random() < 0.5:
                a = rng.choice(s.legal_actions())
                i, cards = s.action_to_id(a), [int(c) for c in a.cards]
                s.apply(a)
                rc.apply_cards(i, cards)
            else:
                i = rng.choice(ids)
                s.apply_id(i)
                rc.apply(i)
            assert s.core is fc                 # one core for the whole deal
            assert rc.last_entry() == fc.last_entry()
            assert s.log[-1][:2] == fc.last_entry()[:2]
            steps += 1
        _compare(fc, rc)
        redeals += fc.redeals
        assert tuple(float(x) for x in s.scores()) == fc.returns()
        # the game's own core type (the compiled one, or the twin on CARDCORE_BACKEND=ref)
        again = sys.modules[type(fc).__module__].from_export(fc.export())
        assert again == fc and type(fc).from_export(fc.export()) == fc
        assert pickle.loads(pickle.dumps(fc)) == fc
    assert steps > 1000
    assert name != "doudizhu" or redeals > 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_state_is_dealt_by_from_seed(name):
    for seed in (0, 3, 2**64 - 1):
        s = cardcore.new_game(name, seed=seed)
        assert s.core == type(s.core).from_export(F.from_seed(seed, game=name).export())
        assert F.from_seed(seed, game=name).export() == R.from_seed(seed, game=name).export()
    # the draws: the deck shuffled by the seed's generator, then (Dou Dizhu) the first bidder
    rng = Rng(77)
    deck = list(range(54)) if name == "doudizhu" else sorted(R._ZSY_DECK)
    rng.shuffle(deck)
    first = rng.below(3) if name == "doudizhu" else None
    for mod in TWINS:
        core = mod.from_seed(77, game=name)
        assert core.export()[4:4 + len(deck)] == deck and core.rng_state == rng.state
        if first is not None:
            assert core.first == first


def test_from_seed_takes_the_first_bidder_and_refuses_bad_options():
    for mod in TWINS:
        assert mod.from_seed(5, game="doudizhu", first=2).first == 2
        assert mod.from_seed(5).game == 0
        s = cardcore.new_game("doudizhu", seed=5, first=2)
        assert mod.from_seed(5, first=2).export() == s.core.export()
        for bad in ({"game": "bridge"}, {"game": 0}, {"game": None}, {"first": 3},
                    {"first": "0"}, {"game": "zhengshangyou", "first": 1}):
            with pytest.raises(CardcoreError):
                mod.from_seed(5, **bad)
        with pytest.raises(CardcoreError):
            mod.Core(0, list(range(54)), 0, -1)
        with pytest.raises(CardcoreError):
            mod.Core(0, list(range(54)), 0, 2**64)


def test_three_passes_redeal_inside_the_core():
    for mod in TWINS:
        core = mod.from_seed(9, first=1)
        state = core.rng_state
        for _ in range(3):
            core.apply(0)
        deck = list(range(54))
        rng = Rng(state)
        rng.shuffle(deck)
        assert core.redeals == 1 and core.rng_state == rng.state
        assert core.phase == mod.BIDDING and core.current_player == 1 and core.first == 1
        assert core.export()[4:58] == deck and core.history() == []
        assert core.last_entry() == [0, "pass", "pass", [], None, []]     # seat 0 passed last
        assert mod.from_export(core.export()) == core
    a, b = F.from_seed(9, first=1), R.from_seed(9, first=1)
    for _ in range(9):
        a.apply(0)
        b.apply(0)
    assert a.redeals == b.redeals == 3 and a.export() == b.export()
    # the state: the same deal as the core's, the pass logged for the seat that made it
    s = cardcore.new_game("doudizhu", seed=9, first=1)
    for seat in (1, 2, 0):
        s.apply_id(0)
        assert s.log[-1] == [seat, "pass", "pass", [], None, []]
    assert s.redeals == 1 and s.first_bidder == 1
    once = F.from_seed(9, first=1)
    for _ in range(3):
        once.apply(0)
    assert s.core.export() == once.export()


def test_a_redeal_within_an_export_is_refused():
    for mod in TWINS:
        v = mod.from_seed(9, first=1).export()
        v[58] = 3                       # three passes: a redeal, not a position
        v[59:] = [0, 0, 0, 0, 0, 0]
        with pytest.raises(CardcoreError, match="redeal"):
            mod.from_export(v)


@pytest.mark.parametrize("mod", TWINS, ids=("fast", "ref"))
def test_bad_exports_are_refused(mod):
    good = mod.from_seed(4).export()
    zsy = mod.from_seed(4, game="zhengshangyou").export()
    cases = []
    for k, bad in ((0, 2), (1, 3), (1, -1), (2, -1), (2, 2**64), (3, -1), (3, True),
                   (4, 54), (4, good[5]), (58, 1)):
        v = list(good)
        v[k] = bad
        cases.append(v)
    v = list(zsy)
    v[3] = 1                            # Zheng Shangyou never redeals
    cases.append(v)
    v = list(zsy)
    v[1] = 0                            # nor has a first bidder
    cases.append(v)
    cases += [good[:-1], good + [0], "x", None, [], good[:4]]
    for v in cases:
        with pytest.raises(CardcoreError):
            mod.from_export(v)


def test_tampered_exports_are_refused_or_loaded_alike():
    rng = random.Random(1)
    junk = [-1, 0, 1, 2, 3, 4, 53, 54, 2**64, 2**63, None, "x", 1.5, True]

    def load(mod, v):
        try:
            return mod.from_export(v).export()
        except CardcoreError:
            return "refused"

    loaded = 0
    for _ in range(400):
        core = F.from_seed(rng.randrange(1000), game=rng.choice(sorted(GAMES)))
        for _ in range(rng.randrange(60)):
            if core.is_over:
                break
            ids = core.legal_ids()
            core.apply(ids[rng.randrange(len(ids))])
        v = core.export()
        for _ in range(rng.randrange(1, 4)):
            k = rng.randrange(len(v))
            op = rng.randrange(3)
            if op == 0:
                v[k] = rng.choice(junk + [v[rng.randrange(len(v))]])
            elif op == 1:
                del v[k]
            else:
                v.insert(k, rng.randrange(-1, 60))
        got = load(F, v)
        assert got == load(R, v), v
        loaded += got != "refused"
    assert loaded < 400


def test_illegal_ids_and_cards_are_refused_alike():
    for g, first in ((0, 1), (1, None)):
        deck = list(range(54)) if g == 0 else sorted(R._ZSY_DECK)
        a, b = F.Core(g, deck, first), R.Core(g, deck, first)
        if g == 0:
            a.apply(3)
            b.apply(3)
        for i in (-1, 10**6, 5000, 140, 2**70):
            for core in (a, b):
                with pytest.raises(IllegalAction):
                    core.apply(i)
                with pytest.raises(IllegalAction):
                    core.apply_cards(i, [])
        play = a.legal_ids()[0]
        lowest = a.copy()
        lowest.apply(play)
        cards = lowest.last_entry()[3]
        for bad in ([], [cards[0], cards[0]], [53 if g == 1 else 0], "3c", None, [True], 7):
            for core in (a, b):
                with pytest.raises(CardcoreError):
                    core.apply_cards(play, bad)
        assert a.export() == b.export()
        for core in (a, b):
            core.apply_cards(play, cards)
        assert a.export() == b.export() == lowest.export()


def test_a_pass_or_a_bid_takes_no_cards():
    for mod in TWINS:
        core = mod.from_seed(2)
        with pytest.raises(CardcoreError):
            core.apply_cards(0, [core.hand(core.turn)[0]])
        core.apply_cards(0, [])
        assert core.history() == [0]


def test_returns_are_the_scoring_rules():
    rng = random.Random(5)
    for name in GAMES:
        for seed in range(20):
            for mod in TWINS:
                core = mod.from_seed(seed, game=name)
                while not core.is_over:
                    assert core.returns() == (0.0, 0.0, 0.0)
                    ids = core.legal_ids()
                    core.apply(ids[rng.randrange(len(ids))])
                w = core.winner
                if name == "doudizhu":
                    want = mod.ddz_deal_scores(core.landlord, w, core.bid * core.multiplier)
                else:
                    pen = [0 if s == w else
                           mod.zsy_penalty(_counts(core.hand(s)), core.num_plays()[s] > 0)
                           for s in range(3)]
                    want = mod.zsy_deal_scores(w, pen, core.bonus())
                assert core.returns() == want and sum(want) == 0


def _counts(cards) -> list[int]:
    c = [0] * 15
    for x in cards:
        c[R._rank(x)] += 1
    return c


def test_rule_functions_agree():
    rng = random.Random(3)
    for _ in range(300):
        counts = [rng.randrange(5) for _ in range(13)]
        played = rng.random() < 0.5
        assert F.zsy_penalty(counts, played) == R.zsy_penalty(counts, played)
        assert F.zsy_count_bombs(counts + [0, 1]) == R.zsy_count_bombs(counts + [0, 1])
        w, pen = rng.randrange(3), [rng.randrange(60) for _ in range(3)]
        bonus = [rng.randrange(-40, 41) for _ in range(3)]
        assert F.zsy_deal_scores(w, pen, bonus) == R.zsy_deal_scores(w, pen, bonus)
        ll, stake = rng.randrange(3), rng.randrange(1, 3 << 10)
        assert F.ddz_deal_scores(ll, w, stake) == R.ddz_deal_scores(ll, w, stake)
    assert F.zsy_penalty([0] * 11 + [3, 1], False) == 8 + 10 + 10
    assert F.ddz_deal_scores(1, 1, 6) == (-6.0, 12.0, -6.0)
    for mod in TWINS:
        for bad in ([5] * 13, [1] * 12, "x" * 13, None):
            with pytest.raises(CardcoreError):
                mod.zsy_penalty(bad, True)
        with pytest.raises(CardcoreError):
            mod.zsy_deal_scores(0, [0, 1], [0, 0, 0])


def test_observations_match_the_documented_layout():
    """A few cells of the layout read by hand (the whole vector is compared between the twins
    and the states elsewhere)."""
    L = cardcore.doudizhu.DouDizhuState.TENSOR_LAYOUT
    for mod in TWINS:
        core = mod.Core(0, list(range(54)), 0)
        core.apply(2)                   # seat 0 bids 2
        obs = core.observation_tensor(1)
        assert obs[L["bid"][0] + 2] == 1.0 and obs[L["bidder"][0] + 2] == 1.0
        assert obs[L["to_act"][0] + 0] == 1.0 and obs[L["phase"][0]] == 1.0
        assert obs[L["auction"][0] + 5 * 2 + 3] == 1.0     # seat 0 (two seats on): bid 2
        assert obs[L["cards_left"][0]] == np.float32(17 / 20)


def test_sort_cards_agree():
    rng = random.Random(1)
    for _ in range(300):
        cards = rng.sample(range(54), rng.randrange(0, 21))
        assert F.sort_cards(cards) == R.sort_cards(cards)
        assert F.sort_cards(cards) == sorted(cards, key=lambda c: (R._rank(c), c))
    assert F.sort_cards([5, 5, 0]) == R.sort_cards([5, 5, 0]) == [5, 5, 0]
    for mod in TWINS:
        for bad in ([54], [-1], ["3c"], [True], [10**5000]):
            with pytest.raises(CardcoreError):
                mod.sort_cards(bad)


# ------------------------------------------------------------------ with_hands

def _played_pos(mod, game: str, seed: int, steps: int):
    """A core of ``game`` after ``steps`` random legal ids (the AI's decision points)."""
    rng = random.Random(seed)
    core = mod.from_seed(seed, game=game)
    for _ in range(steps):
        if core.is_over:
            break
        core.apply(rng.choice(core.legal_ids()))
    return core


def _others_dealt(core, me: int, rng) -> list:
    """The cards of the other seats dealt anew between them (a Dou Dizhu landlord keeps the
    bottom cards it has not played), ``None`` for ``me``."""
    ll = core.landlord
    keep = set(core.bottom()) - set(core.played()[ll]) if ll is not None else set()
    others = [s for s in range(3) if s != me]
    pool = [c for s in others for c in core.hand(s) if not (s == ll and c in keep)]
    rng.shuffle(pool)
    new: list = [None, None, None]
    k = 0
    for s in others:
        n = len(core.hand(s)) - (len(keep) if s == ll else 0)
        new[s] = pool[k:k + n] + (sorted(keep) if s == ll else [])
        k += n
    return new


@pytest.mark.parametrize("name", sorted(GAMES))
def test_with_hands_replaces_the_hidden_hands_and_nothing_else(name):
    rng = random.Random(3)
    changed = 0
    for seed in range(30):
        fc = _played_pos(F, name, seed, 4 + seed % 20)
        rc = _played_pos(R, name, seed, 4 + seed % 20)
        if fc.is_over:
            continue
        me = fc.current_player
        new = _others_dealt(fc, me, rng)
        fw, rw = fc.with_hands(new), rc.with_hands(new)
        _compare(fw, rw)                                   # the twins alike
        for s in range(3):                                 # the hands given, the own kept
            assert fw.hand(s) == (fc.hand(me) if s == me else R.sort_cards(new[s]))
        changed += fw.hands() != fc.hands()
        # everything but the hands (and the dealt cards of the export) is the original's
        for f in ("phase", "turn", "current_player", "bid", "landlord", "bombs", "passes",
                  "pending_bomb", "nplays", "first", "redeals", "rng_state", "opening"):
            assert getattr(fw, f) == getattr(fc, f), f
        for f in ("bottom", "played", "num_plays", "plays", "passes_on", "table", "bonus",
                  "history", "hand_sizes", "last_entry"):
            assert getattr(fw, f)() == getattr(fc, f)(), f
        # the seat's own view does not change
        assert fw.observation_tensor(me).tobytes() == fc.observation_tensor(me).tobytes()
        # the original is untouched, and the copy plays on alike in both twins
        assert fc.export() == rc.export()
        while not fw.is_over:
            i = rng.choice(fw.legal_ids())
            fw.apply(i)
            rw.apply(i)
        _compare(fw, rw)
    assert changed >= 20


def test_with_hands_exports_and_pickles():
    rng = random.Random(5)
    for mod in TWINS:
        for name in sorted(GAMES):
            core = _played_pos(mod, name, 2, 6)
            w = core.with_hands(_others_dealt(core, core.current_player, rng))
            try:
                back = mod.from_export(w.export())
            except CardcoreError as exc:
                # (Zheng Shangyou: a pass the new hands could have answered does not replay)
                assert name == "zhengshangyou" and "not legal" in str(exc)
                continue
            assert back.export() == w.export() and back.hands() == w.hands()
            assert pickle.loads(pickle.dumps(w)).export() == w.export()
            # before the auction ends: every seat's cards, the bottom kept
            fresh = mod.from_seed(9, game="doudizhu")
            hands = fresh.hands()
            w = fresh.with_hands([hands[1], hands[2], hands[0]])
            assert w.hands() == [hands[1], hands[2], hands[0]]
            assert w.bottom() == fresh.bottom() and mod.from_export(w.export()).hands() \
                == w.hands()


def test_with_hands_refuses_bad_hands_alike():
    cores = [_played_pos(mod, "doudizhu", 6, 12) for mod in TWINS]
    zcores = [mod.from_seed(3, game="zhengshangyou") for mod in TWINS]
    c = cores[0]
    me = c.current_player
    ll = c.landlord
    a, b = [s for s in range(3) if s != me]
    ha, hb = c.hand(a), c.hand(b)
    played = [x for p in c.played() for x in p]
    keep = sorted(set(c.bottom()) - set(c.played()[ll]))
    z = zcores[0]
    z3h = [s for s in range(3) if 6 in z.hand(s)][0]
    zo = (z3h + 1) % 3
    bad = [
        ("x", "a list of 3 entries"), ([None, None], "a list of 3 entries"),
        (None, "3 entries"), ({"a": 1}, "a list of 3 entries"),
        ({0: None, 1: None, 2: None}, "a list of 3 entries"),
        ({None, (), (1,)}, "a list of 3 entries"), (np.array(2), "a list of 3 entries"),
        ([None, None, None, None], "a list of 3 entries"),
        (_seat(a, 5), "not a list"), (_seat(a, "3c"), "not a list"),
        (_seat(a, ha[:-1]), "holds"), (_seat(a, ha + [ha[0]]), "holds"),
        (_seat(a, ha[:-1] + [ha[0]]), "twice"),
        (_seat(a, ha[:-1] + [hb[0]]), "twice"),          # seat b keeps its card too
        (_seat(a, ha[:-1] + [played[0]]), "was played") if played else None,
        (_seat(a, ha[:-1] + [54]), "hands"), (_seat(a, ha[:-1] + [-1]), "hands"),
        (_seat(a, ha[:-1] + ["3c"]), "hands"), (_seat(a, ha[:-1] + [True]), "hands"),
        (_seat(a, ha[:-1] + [c.hand(me)[0]]), "twice"),
    ]
    assert keep and ll != me            # (the position has a bottom card to misplace)
    if keep and ll != me:
        other = [s for s in (a, b) if s != ll][0]
        hl, ho = c.hand(ll), c.hand(other)
        swap_l = [x for x in hl if x != keep[0]] + [ho[0]]
        swap_o = [keep[0]] + ho[1:]
        new = [None] * 3
        new[ll], new[other] = swap_l, swap_o
        bad.append((new, "bottom"))
    for args, what in [x for x in bad if x]:
        for core in cores:
            before = core.export()
            with pytest.raises(CardcoreError, match=what):
                core.with_hands(args)
            assert core.export() == before
        got = []
        for core in cores:
            try:
                core.with_hands(args)
            except CardcoreError as exc:
                got.append(str(exc))
        assert got[0] == got[1], args
    # Zheng Shangyou's opening: the 3 of hearts stays with the seat to lead
    new = [None] * 3
    h3, ho = z.hand(z3h), z.hand(zo)
    new[z3h] = [x for x in h3 if x != 6] + [ho[0]]
    new[zo] = [6] + ho[1:]
    msgs = []
    for core in zcores:
        with pytest.raises(CardcoreError, match="3 of hearts") as exc:
            core.with_hands(new)
        msgs.append(str(exc.value))
    assert msgs[0] == msgs[1]
    # a card of the deck that is not among the hands (the Dou Dizhu bottom in the auction)
    for mod in TWINS:
        fresh = mod.from_seed(9, game="doudizhu")
        h = fresh.hand(0)
        with pytest.raises(CardcoreError, match="not in the hands"):
            fresh.with_hands([h[:-1] + [fresh.bottom()[0]], None, None])
        zz = mod.from_seed(3, game="zhengshangyou")
        h = zz.hand(zo)
        with pytest.raises(CardcoreError, match="not in the hands"):
            zz.with_hands([h[:-1] + [0] if s == zo else None for s in range(3)])


def _seat(seat: int, cards) -> list:
    new: list = [None, None, None]
    new[seat] = cards
    return new
