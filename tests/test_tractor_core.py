"""The Tractor step core on the one core contract (``cardcore._fast.tractor_step``, twin
``cardcore._ref.tractor_step``): the deal made inside the core from the seed, each next deal of
a match from the generator state the finished deal's core carries, ``returns()`` as the
single-deal ``scores()``, the observation tensor written by the core, the deal's result (kitty
bonus, rise, the levels after it) and the state as a view of its core, on both backends."""

from __future__ import annotations

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, IllegalAction
from cardcore._backend import BACKEND, kernel
from cardcore.cards import Card, deck108
from cardcore.rng import Rng
from cardcore.tractor import TractorState, rules
from cardcore.tractor.state import ID_BURY

BACKENDS = ("fast", "ref")


@pytest.fixture(params=BACKENDS)
def mod(request):
    return kernel("tractor_step", request.param)


def play_random(target, seed: int, limit: int = 10_000) -> None:
    """Random legal ids on a state or a core until it is over."""
    rng = Rng(seed)
    for _ in range(limit):
        if target.is_over:
            return
        ids = target.legal_ids()
        i = ids[rng.below(len(ids))]
        if isinstance(target, cardcore.State):
            target.apply_id(i)
        else:
            target.apply(i)
    raise AssertionError("not over")


def test_the_state_names_its_core_and_keeps_no_encoder():
    assert TractorState.CORE == "tractor_step" and TractorState.CORE_OPTIONS == {}
    for name in ("_observation_tensor", "_observation_shape", "_num_distinct_actions"):
        assert name not in TractorState.__dict__, name
    s = cardcore.new_game("tractor", seed=3)
    assert s.core is s._core and "levels" not in s.__dict__


def test_from_seed_is_the_core_new_game_starts_with(mod):
    core = mod.from_seed(7)
    assert core.num_players == 4 and core.observation_shape == (mod.OBS_SIZE,)
    for seed in (0, 1, 5, 2**63, 2**64 - 1):
        state = cardcore.new_game("tractor", seed=seed)
        assert kernel("tractor_step", BACKEND).from_seed(seed) == state.core
        assert mod.from_seed(seed).export() == state.core.export()
    # the options the core knows: the starting level (a rank index) and the first speaker
    for level, first in (("K", None), ("5", 2), ("2", 0)):
        state = cardcore.new_game("tractor", seed=11, level=level, first=first)
        core = mod.from_seed(11, rules.LEVELS.index(level), first)
        assert core.export() == state.core.export()
        assert core.level == state.level and core.speaker == state.current_player


def test_the_deal_is_the_seeded_shuffle_the_state_made_before():
    """The draws the state made itself before the deal moved into the core: the first speaker
    from ``Rng(seed)``, then ``Rng.shuffle`` of the two decks; the core carries the state after
    them."""
    for seed in (0, 9, 123456789):
        rng = Rng(seed)
        speaker = rng.below(4)
        cards = [int(c) for c in deck108()]
        rng.shuffle(cards)
        for back in BACKENDS:
            core = kernel("tractor_step", back).from_seed(seed)
            assert core.speaker == speaker and core.rng == rng.state
            assert core.hands() == [sorted(cards[25 * k:25 * (k + 1)]) for k in range(4)]
            assert core.kitty() == cards[100:]
            again = kernel("tractor_step", back).deal(core.rng, 1, 1, (0, 0))
            follow = Rng(core.rng)
            nxt = [int(c) for c in deck108()]
            follow.shuffle(nxt)
            assert again.kitty() == nxt[100:] and again.rng == follow.state


def test_a_stacked_deck_starts_a_core_with_the_generator_after_the_speaker_draw():
    deck = [int(c) for c in deck108()]
    state = cardcore.new_game("tractor", seed=4, deck=deck)
    rng = Rng(4)
    speaker = rng.below(4)
    core = kernel("tractor_step", BACKEND).Core(deck, speaker, None, 0, rng.state)
    assert state.core == core
    fixed = cardcore.new_game("tractor", seed=4, deck=deck, first=2, level="3")
    assert fixed.core == kernel("tractor_step", BACKEND).Core(deck, 2, None, 1, 4)


def test_returns_are_the_single_deal_scores():
    seen = set()
    for seed in range(24):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        assert s.core.returns() == (0.0,) * 4
        play_random(s, seed)
        core = s.core
        r = core.returns()
        assert r == tuple(float(x) for x in s.scores()) and all(type(v) is float for v in r)
        rec = s.past[-1]
        team, rise, decides = core.result()
        assert team == rec["winner_team"] and rise == rec["result"][1]
        assert decides == (rec["match_winner"] is not None)
        assert core.kitty_bonus == rec["kitty_bonus"]
        assert core.points + core.kitty_bonus == rec["points"]
        assert rules.deal_result(rec["points"]) == tuple(rec["result"])
        assert core.levels_after() == s.levels == [rules.LEVELS.index(x) for x in rec["levels"]]
        seen.add(rise)
        ref = kernel("tractor_step", "ref").from_export(core.export())
        assert ref.returns() == r
    assert len(seen) >= 3


def test_a_match_starts_each_next_deal_from_the_core_it_finished():
    s = cardcore.new_game("tractor", seed=5)
    deals = 0
    rng = Rng(50)
    while not s.is_over and deals < 4:
        before, n = s.core, s.deal_no
        ids = s.legal_ids()
        s.apply_id(ids[rng.below(len(ids))])
        if s.deal_no != n:
            deals += 1
            rec = s.past[-1]
            assert before.is_over and rec["next_dealer"] is not None
            nd = rec["next_dealer"]
            want = kernel("tractor_step", BACKEND).deal(before.rng, nd, nd,
                                                        before.levels_after())
            assert s.core == want
            assert s.core.levels == before.levels_after() == s.levels
            assert s.level == s.levels[nd & 1] and s.dealer == nd
    assert deals >= 2


def test_the_observation_is_the_cores_and_the_twins_agree():
    fast, ref = kernel("tractor_step", "fast"), kernel("tractor_step", "ref")
    for seed in range(4):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        rng = Rng(seed + 7)
        while True:
            twin = ref.from_export(s.core.export()) if BACKEND == "fast" else \
                fast.from_export(s.core.export())
            for p in range(4):
                t = s.observation_tensor(p)
                assert t.dtype == np.float32 and t.shape == (724,)
                assert np.array_equal(t, s.core.observation_tensor(p))
                assert t.tobytes() == twin.observation_tensor(p).tobytes()
            if s.is_over:
                break
            ids = s.legal_ids()
            s.apply_id(ids[rng.below(len(ids))])
        # once over, the teams' levels shown are those after the deal's result
        t = s.observation_tensor(0)
        mine, theirs = s.levels
        assert t[666 + mine] == 1 and t[679 + theirs] == 1 and t[707] == 1


def test_at_level_a_a_rise_decides_the_match(mod):
    deck = [c for c in range(54) for _ in range(2)]
    for seed in range(40):
        Rng(seed).shuffle(deck)
        core = mod.Core(deck, seed % 4, seed % 4, (12, 12), seed)
        assert core.level == 12 and core.result() is None
        play_random(core, seed)
        team, rise, decides = core.result()
        assert decides == (rise > 0)
        assert core.levels_after() == [12, 12] and core.levels == [12, 12]
        if rise:
            assert core.returns() == tuple(float(rise if s & 1 == team else -rise)
                                           for s in range(4))
            return
    raise AssertionError("no deal rose")


def test_the_levels_decide_the_deals_level(mod):
    deck = [c for c in range(54) for _ in range(2)]
    assert mod.Core(deck, 0, 1, (3, 7)).level == 7
    assert mod.Core(deck, 0, 2, (3, 7)).level == 3
    assert mod.Core(deck, 0, None, 4).levels == [4, 4]
    with pytest.raises(CardcoreError, match="levels differ"):
        mod.Core(deck, 0, None, (3, 7))


def test_burying_in_one_input_applies_the_one_card_ids():
    s = cardcore.new_game("tractor", seed=2, single_deal=True)
    rng = Rng(1)
    while s.phase == "declare":
        s.apply_id(s.legal_ids()[rng.below(len(s.legal_ids()))])
    hand = s.hands[s.current_player]
    eight = hand[:8]
    before = len(s.core.history())
    s.apply("bury " + " ".join(str(Card(c)) for c in eight))
    assert s.phase == "play" and len(s.history) == len(s.log)
    added = s.core.history()[before:]
    assert sorted(added) == sorted(ID_BURY + c for c in eight) and len(added) == 8


def test_from_seed_and_deal_refuse_bad_arguments(mod):
    for args in ((-1,), (2**64,), ("1",), (1.5,), (None,), (True,), (1, 13), (1, -1),
                 (1, "2"), (1, 0, 4), (1, 0, True), (1, 0, "0")):
        with pytest.raises(CardcoreError):
            mod.from_seed(*args)
    for args in ((-1, 0, 0, 0), (2**64, 0, 0, 0), (None, 0, 0, 0), (1, 4, 0, 0),
                 (1, 0, 4, 0), (1, 0, None, (1, 2)), (1, 0, 0, (1, 2, 3)), (1, 0, 0, 13),
                 (1, 0, 0, None), (1, 0, 0, "1")):
        with pytest.raises(CardcoreError):
            mod.deal(*args)


def test_the_core_keeps_the_contract_names_from_its_base(mod):
    base = kernel("core", "fast" if mod.__name__.startswith("cardcore._fast") else "ref").Core
    for name in ("current_player", "is_over", "legal_ids", "legal_mask", "is_legal", "apply",
                 "returns", "observation_tensor", "__eq__", "__reduce__"):
        assert name not in mod.Core.__dict__, name
    core = mod.from_seed(3)
    assert isinstance(core, base)
    assert core.apply(core.legal_ids()[0]) is None
    with pytest.raises(IllegalAction):
        core.apply(ID_BURY)
