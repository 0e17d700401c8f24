"""Who may follow with what in single-card tricks: the rule each core plays by, exported by its
kernel for hands a caller holds (the Bridge and Preference AIs' sampled hands), so that no
layer above the kernels writes it again.

``bridge_step.legal_follows`` and ``preference_step.legal_follows`` (and their plain-Python
twins) agree with each other, with the legal card ids of their cores at every play step of
random deals, and refuse bad input alike; ``cardcore.bridge.legal_cards`` and
``cardcore.preference.legal_cards`` are those functions.
"""

from __future__ import annotations

import random

import pytest

import cardcore
from cardcore import CardcoreError, CardError
from cardcore._backend import BACKEND, kernel

TWINS = {"bridge_step": (kernel("bridge_step", "fast"), kernel("bridge_step", "ref")),
         "preference_step": (kernel("preference_step", "fast"),
                             kernel("preference_step", "ref"))}


def _random_play(game: str, seed: int):
    """The states of a random game, one after each step."""
    state = cardcore.new_game(game, seed=seed, **({"single_deal": True} if game == "preference"
                                                  else {}))
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state.apply_id(rng.choice(state.core.legal_ids()))


@pytest.mark.parametrize("seed", range(6))
def test_bridge_follows_are_the_cores_legal_cards(seed):
    card0 = kernel("bridge_step").CARD0
    seen = 0
    for state in _random_play("bridge", seed):
        core = state.core
        if core.phase != kernel("bridge_step").PLAY:
            continue
        hand = [c for c in range(52) if core.hands()[core.playing] >> c & 1]
        played = core.played_cards()
        trick = played[len(played) - len(played) % 4:]
        want = sorted(i - card0 for i in core.legal_ids())
        for mod in TWINS["bridge_step"]:
            assert mod.legal_follows(hand, trick) == want
        assert cardcore.bridge.legal_cards(hand, trick) == want
        seen += 1
    assert seen >= 40 or seen == 0       # (a deal passed out plays no card)


@pytest.mark.parametrize("seed", range(8))
def test_preference_follows_are_the_cores_legal_cards(seed):
    mod = kernel("preference_step")
    seen = 0
    for state in _random_play("preference", seed):
        core = state.core
        if core.phase_name != "play":
            continue
        seat, trick = core.current_player, core.trick()
        cards = [c for _, c in trick]
        lowest = (len(core.active) == 3 and len(trick) == 1 and trick[0][0] == core.declarer)
        want = sorted(i - mod.PLAY0 + 20 for i in core.legal_ids())
        for twin in TWINS["preference_step"]:
            assert twin.legal_follows(core.hands()[seat], cards, core.trump, lowest) == want
        assert cardcore.preference.legal_cards(core.hands()[seat], cards, core.trump,
                                               lowest_beat=lowest) == want
        seen += 1
    assert seen >= 10 or seen == 0       # (an all-pass deal plays no card)


@pytest.mark.parametrize("seed", range(3))
def test_the_twins_agree_on_drawn_hands_and_tricks(seed):
    rng = random.Random(seed)
    for _ in range(3000):
        deck = list(range(52))
        rng.shuffle(deck)
        hand, trick = sorted(deck[:rng.randint(0, 13)]), deck[13:13 + rng.randint(0, 3)]
        fast, ref = TWINS["bridge_step"]
        assert fast.legal_follows(hand, trick) == ref.legal_follows(hand, trick)
        small = [c for c in deck if c >= 20]
        hand, trick = sorted(small[:rng.randint(0, 12)]), small[12:12 + rng.randint(0, 2)]
        trump, lowest = rng.choice([0, 1, 2, 3, None]), rng.random() < 0.3
        fast, ref = TWINS["preference_step"]
        got = fast.legal_follows(hand, trick, trump, lowest)
        assert got == ref.legal_follows(hand, trick, trump, lowest)
        assert set(got) <= set(hand) and (got or not hand)


BAD_BRIDGE = [("5s", []), ([1, 1], []), ([1], [1]), ([60], []), (list(range(14)), []),
              ([1], [2, 3, 4, 5]), ([True], []), ([1], "x"), (None, [])]
BAD_PREFERENCE = [([20], [], 4), ([19], [], 0), ([20, 20], [], 0), ([20], [20], 0),
                  ([20], [21, 22, 23], 0), (list(range(20, 33)), [], 0), ([20], [], "h"),
                  ("7c", [], 0)]


@pytest.mark.parametrize("hand, trick", BAD_BRIDGE)
def test_bridge_follows_refuse_bad_input_alike(hand, trick):
    kinds = []
    for mod in TWINS["bridge_step"]:
        with pytest.raises(CardcoreError) as e:
            mod.legal_follows(hand, trick)
        kinds.append(type(e.value))
    assert kinds[0] is kinds[1]


@pytest.mark.parametrize("hand, trick, trump", BAD_PREFERENCE)
def test_preference_follows_refuse_bad_input_alike(hand, trick, trump):
    kinds = []
    for mod in TWINS["preference_step"]:
        with pytest.raises(CardcoreError) as e:
            mod.legal_follows(hand, trick, trump)
        kinds.append(type(e.value))
    assert kinds[0] is kinds[1]
    with pytest.raises(CardcoreError):
        TWINS["preference_step"][0].legal_follows([20], [], 0, lowest_beat=1)


def test_the_module_functions_are_the_kernels():
    assert BACKEND in ("fast", "ref")
    with pytest.raises(CardError):
        cardcore.bridge.legal_cards([1, 1], [])
    with pytest.raises(CardError):
        cardcore.preference.legal_cards([19], [], 0)
