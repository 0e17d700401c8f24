"""The Bridge step kernel (``cardcore._fast.bridge_step``) against its plain-Python twin
(``cardcore._ref.bridge_step``): the same legal ids, states, tensors and scores along many
random deals, the same errors for bad input, and the scores of ``cardcore.bridge.scoring``."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

from cardcore import CardcoreError, CardError, IllegalAction
from cardcore._backend import kernel
from cardcore.bridge import scoring

FAST = kernel("bridge_step", "fast")
REF = kernel("bridge_step", "ref")
HUGE = 10**5000


def random_hands(rng: random.Random) -> list[int]:
    cards = list(range(52))
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[13 * s: 13 * s + 13]) for s in range(4)]


def tensors(core) -> list[np.ndarray]:
    return [core.observation_tensor(p) for p in range(4)]


def same(a, b) -> None:
    assert a.export() == b.export()
    assert a.legal_ids() == b.legal_ids()
    assert (a.current_player, a.playing, a.phase, a.passed_out, a.is_over) == \
        (b.current_player, b.playing, b.phase, b.passed_out, b.is_over)
    assert a.call_ids() == b.call_ids() and a.played_cards() == b.played_cards()
    assert a.trick_winners() == b.trick_winners() and a.tricks_won() == b.tricks_won()
    assert a.hands() == b.hands() and a.contract() == b.contract()
    assert a.ns_score() == b.ns_score() and a.returns() == b.returns()
    assert np.array_equal(a.legal_mask(), b.legal_mask())
    for x, y in zip(tensors(a), tensors(b)):
        assert np.array_equal(x, y)


def pick(rng: random.Random, core) -> int:
    ids = core.legal_ids()
    if core.phase == FAST.AUCTION and rng.random() < 0.5:
        # longer, more varied auctions: often pass, double or redouble when allowed
        low = [i for i in ids if i < FAST.BID0]
        return rng.choice(low)
    return rng.choice(ids)


def test_constants_agree():
    for name in ("NUM_ACTIONS", "PASS", "DOUBLE", "REDOUBLE", "BID0", "CARD0", "AUCTION", "PLAY",
                 "OVER", "MAX_CALLS", "OBS_SIZE", "EXPORT_FIELDS", "EXPORT_HEAD"):
        assert getattr(FAST, name) == getattr(REF, name), name
    for name in dir(REF):
        if name.startswith("OBS_"):
            assert getattr(FAST, name) == getattr(REF, name), name
    assert FAST.NUM_ACTIONS == 90 and FAST.CARD0 == 38 and FAST.OBS_SIZE == 856


def test_random_deals_agree_step_by_step():
    rng = random.Random(20261203)
    games = 0
    contracts = set()
    for _ in range(250):
        hands, dealer, vul = random_hands(rng), rng.randrange(4), rng.randrange(4)
        a, b = FAST.Core(hands, dealer, vul), REF.Core(hands, dealer, vul)
        while True:
            same(a, b)
            legal = set(a.legal_ids())
            probe = rng.sample(range(-2, 92), 12)
            assert [a.is_legal(i) for i in probe] == [b.is_legal(i) for i in probe] == \
                [i in legal for i in probe]
            if not legal:
                break
            i = pick(rng, a)
            assert a.apply(i) == b.apply(i)
        games += 1
        contracts.add(a.contract() and a.contract()[2])
        assert FAST.from_export(a.export()) == a
        assert REF.from_export(b.export()).export() == b.export()
    assert games == 250 and {0, 1, 2} <= contracts        # undoubled, doubled, redoubled seen


def test_a_deal_follows_the_rules():
    rng = random.Random(4)
    for _ in range(40):
        hands = random_hands(rng)
        c = FAST.Core(hands, 0, 0)
        while c.phase == FAST.AUCTION:
            c.apply(pick(rng, c))
        if c.passed_out:
            assert c.call_ids() == [0, 0, 0, 0] and c.ns_score() == 0
            continue
        level, strain, doubled, decl = c.contract()
        while c.phase == FAST.PLAY:
            ph = c.playing
            assert c.current_player == (decl if ph == (decl + 2) % 4 else ph)
            ids = c.legal_ids()
            assert all(c.hands()[ph] >> (i - 38) & 1 for i in ids)
            c.apply(rng.choice(ids))
        played = c.played_cards()
        assert sorted(played) == list(range(52)) and sum(c.tricks_won()) == 13
        assert c.hands() == [0, 0, 0, 0] and c.dealt_hands() == hands
        tricks = c.tricks_won()[decl % 2]
        want = scoring.score(f"{level}{'CDHSN'[strain]}" + "X" * doubled, decl, tricks, False)
        assert c.ns_score() == (want if decl % 2 == 0 else -want)


def test_scores_match_the_scoring_module():
    for backend in (FAST, REF):
        for level in range(1, 8):
            for strain in range(5):
                for doubled in range(3):
                    for tricks in range(14):
                        for vul in (False, True):
                            text = f"{level}{'CDHSN'[strain]}" + "X" * doubled
                            assert backend.score(level, strain, doubled, tricks, vul) == \
                                scoring.score(text, "N", tricks, vul), (text, tricks, vul)


def test_from_seed_gives_each_seat_every_fourth_card_from_the_dealers_left():
    rng = random.Random(8)
    for _ in range(20):
        seed, dealer = rng.getrandbits(64), rng.randrange(4)
        cards = FAST.shuffled_deck(seed)[0]
        want = [0, 0, 0, 0]
        for i, c in enumerate(cards):
            want[(dealer + 1 + i) % 4] |= 1 << c
        for k in (FAST, REF):
            core = k.from_seed(seed, dealer, 1)
            assert core.hands() == want and core.dealer == dealer and core.vul == 1
            assert core.current_player == dealer


def test_copies_and_pickles_are_independent():
    rng = random.Random(6)
    for k in (FAST, REF):
        a = k.Core(random_hands(rng), 0, 3)
        for _ in range(9):
            a.apply(pick(rng, a))
        b, c, d = a.copy(), pickle.loads(pickle.dumps(a)), copy.deepcopy(a)
        assert b == a and c == a and d == a
        snap = a.export()
        while b.legal_ids():
            b.apply(b.legal_ids()[0])
        assert a.export() == snap and b != a


BAD_CORE_ARGS = [
    ("x", 0, 0), ([1, 2, 3], 0, 0), ([0, 0, 0, 0], 0, 0), (None, 0, 0), ([HUGE, 0, 0, 0], 0, 0),
    ([1.5, 0, 0, 0], 0, 0), ([True, 0, 0, 0], 0, 0),
]


@pytest.mark.parametrize("k", [FAST, REF], ids=["fast", "ref"])
def test_bad_input_raises_the_same_errors(k):
    good = random_hands(random.Random(1))
    for args in BAD_CORE_ARGS:
        with pytest.raises(CardError):
            k.Core(*args)
    overlap = [good[0], good[0], good[2], good[3]]
    with pytest.raises(CardError, match="shares cards"):
        k.Core(overlap, 0, 0)
    for dealer in (-1, 4, HUGE, "S", None, True):
        with pytest.raises(CardError, match="dealer"):
            k.Core(good, dealer, 0)
    for vul in (-1, 4, HUGE, 1.0):
        with pytest.raises(CardcoreError, match="vul"):
            k.Core(good, 0, vul)
    core = k.Core(good, 0, 0)
    before = core.export()
    for i in (38, 1, 2, 90, -1, HUGE, -HUGE):
        assert core.is_legal(i) is False
        with pytest.raises(IllegalAction):
            core.apply(i)
    for i in ("0", None, 0.0, True):
        with pytest.raises(IllegalAction, match="expected an int"):
            core.is_legal(i)
        with pytest.raises(IllegalAction):
            core.apply(i)
    assert core.export() == before
    for out in (np.zeros(10, np.float32), np.zeros(856, np.float64), [0.0] * 856,
                np.zeros((2, 856), np.float32)[:, 0]):
        with pytest.raises(CardcoreError, match="out"):
            core.observation_tensor(0, out)
    for p in (-1, 4, HUGE, "0"):
        with pytest.raises(CardcoreError, match="seat"):
            core.observation_tensor(p)
    for args in ((0, 0, 0, 0, 0), (8, 0, 0, 0, 0), (1, 5, 0, 0, 0), (1, 0, 3, 0, 0),
                 (1, 0, 0, 14, 0), (1, 0, 0, 0, 2), (HUGE, 0, 0, 0, 0)):
        with pytest.raises(CardcoreError):
            k.score(*args)
    for bad in ([], [0] * 60, "x", None, before[:-1] + [5], before[:5] + [9] + before[6:]):
        with pytest.raises(CardcoreError):
            k.from_export(bad)
    with pytest.raises(CardError):
        k.trick_winner_index([0, 1, 2], 0)
    with pytest.raises(CardcoreError):
        k.trick_winner_index([0, 1, 2, 3], 5)


def test_trick_winner_index_agrees():
    rng = random.Random(2)
    for _ in range(500):
        cards = rng.sample(range(52), 4)
        trump = rng.randrange(5)
        w = FAST.trick_winner_index(cards, trump)
        assert w == REF.trick_winner_index(cards, trump)
        led = cards[0] & 3
        trumps = [c for c in cards if c & 3 == trump]
        best = max(trumps) if trumps else max(c for c in cards if c & 3 == led)
        assert cards[w] == best


def test_from_seed_is_the_games_first_core():
    import cardcore

    for seed in (0, 1, 7, 2**64 - 1):
        state = cardcore.new_game("bridge", seed=seed)
        for k in (FAST, REF):
            core = k.from_seed(seed)
            assert core.export() == state.core.export()
            cards, after = k.shuffled_deck(seed)
            assert sorted(cards) == list(range(52))
            assert core.hands() == [sum(1 << c for c in cards[(i + 3) % 4::4]) for i in range(4)]
        assert FAST.shuffled_deck(seed) == REF.shuffled_deck(seed)
        assert state.rng_state == FAST.shuffled_deck(seed)[1]
        assert FAST.from_seed(seed, 2, 3).export() == REF.from_seed(seed, 2, 3).export()
    for k in (FAST, REF):
        for bad in (-1, 2**64, None, "1", 1.5, True):
            with pytest.raises(CardcoreError, match="seed"):
                k.from_seed(bad)
            with pytest.raises(CardcoreError, match="seed"):
                k.shuffled_deck(bad)
        with pytest.raises(CardError, match="dealer"):
            k.from_seed(1, 4)
        with pytest.raises(CardcoreError, match="vul"):
            k.from_seed(1, 0, 9)


def test_returns_are_the_states_scores():
    import cardcore

    rng = random.Random(11)
    for seed in range(30):
        state = cardcore.new_game("bridge", seed=seed, vulnerability="both")
        while not state.is_over:
            assert state.core.returns() == (0.0, 0.0, 0.0, 0.0)
            ids = state.legal_ids()
            low = [i for i in ids if i < FAST.BID0]
            state.apply_id(rng.choice(low) if state.core.phase == FAST.AUCTION and
                           rng.random() < 0.7 else rng.choice(ids))
        got = state.core.returns()
        assert all(type(x) is float for x in got)
        assert got == tuple(float(x) for x in state.scores())
        ns = state.ns_score()
        assert got == (ns, -ns, ns, -ns)
        assert REF.from_export(state.core.export()).returns() == got


def test_auction_is_the_cores_auction_on_both_backends():
    rng = random.Random(12)
    for _ in range(200):
        dealer = rng.randrange(4)
        real = FAST.Core(random_hands(rng), dealer, 0)
        calls = []
        while real.phase == FAST.AUCTION:
            calls.append(pick(rng, real))
            real.apply(calls[-1])
        for n in range(len(calls) + 1):
            a, b = FAST.auction(dealer, calls[:n]), REF.auction(dealer, calls[:n])
            assert a.export()[:FAST.EXPORT_FIELDS.index("hand_s")] == \
                b.export()[:FAST.EXPORT_FIELDS.index("hand_s")]
            assert a.call_ids() == b.call_ids() == calls[:n]
            assert (a.last_bid, a.last_bidder, a.doubled_now, a.passes, a.phase) == \
                (b.last_bid, b.last_bidder, b.doubled_now, b.passes, b.phase)
            if a.phase == FAST.AUCTION:
                assert a.legal_ids() == b.legal_ids()
        assert a.contract() == real.contract() and a.passed_out == real.passed_out
    for k in (FAST, REF):
        with pytest.raises(IllegalAction, match="call 2"):
            k.auction(0, [5, 4])                 # 1H then 1D: not higher
        with pytest.raises(IllegalAction, match="call 5"):
            k.auction(0, [0, 0, 0, 0, 0])        # passed out: no fifth call
        for bad in ([38], [-1], ["pass"], [None], "x", None):
            with pytest.raises(IllegalAction):
                k.auction(0, bad)
        with pytest.raises(CardError, match="dealer"):
            k.auction(4, [])
