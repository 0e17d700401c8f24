"""Integer actions and observation tensors: one conformance suite over every registered game.

For each game, along random games (uniform over ``legal_ids``):
* ``legal_ids`` is ascending and is exactly the set of ids of ``legal_actions``; every legal
  action has its own id; ``legal_mask`` marks those ids;
* ``action_from_id`` and ``action_to_id`` round-trip (from the ``Action`` and from its text);
* ``apply_id(i)`` leaves the same state (log, legal ids, observations) as
  ``apply(action_from_id(i))``;
* ids that are out of range, not legal now, or not ints raise ``IllegalAction`` and leave the
  state exactly as it was;
* ``observation_tensor`` is float32 of the fixed ``observation_shape``, finite, and a function of
  what the seat may see: two games whose decks differ only in cards the seat cannot see give it
  the same tensor (checked wherever ``observation(seat)`` is equal in both), while the tensor
  does change with what the seat sees.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import cardcore
from cardcore import IllegalAction
from cardcore.cards import deck52, deck54, deck104, deck108, deck_vienna20, deck_vienna32
from cardcore.zhengshangyou.state import deck48

GAMES = list(cardcore.GAMES)

DECKS = {
    "doudizhu": deck54, "guandan": deck108, "zhengshangyou": deck48, "tractor": deck108,
    "holdem": deck52, "onepoker": deck104, "bridge": deck52, "schnapsen": deck_vienna20,
    "preference": deck_vienna32,
}


def options_for(name: str) -> dict:
    opts = cardcore.get_game(name).options
    return {"single_deal": True} if "single_deal" in opts else {}


def new(name: str, seed: int, deck=None):
    return cardcore.new_game(name, seed=seed, deck=deck, **options_for(name))


def snapshot(state) -> str:
    return json.dumps([json.loads(state.to_json()), state.legal_ids(),
                       [state.observation(p) for p in range(state.num_players)]],
                      sort_keys=True)


@pytest.mark.parametrize("name", GAMES)
def test_ids_are_the_legal_actions(name):
    rng = random.Random(7)
    for seed in range(3):
        s = new(name, seed)
        n = s.num_distinct_actions
        assert isinstance(n, int) and n > 0
        steps = 0
        while not s.is_over and steps < 400:
            ids = s.legal_ids()
            acts = s.legal_actions()
            assert ids == sorted(set(ids)), "legal_ids must be ascending and distinct"
            assert all(type(i) is int and 0 <= i < n for i in ids)
            assert len(ids) == len(acts)
            assert sorted(s.action_to_id(a) for a in acts) == ids
            mask = s.legal_mask()
            assert mask.dtype == np.bool_ and mask.shape == (n,)
            assert np.flatnonzero(mask).tolist() == ids
            for i in rng.sample(ids, min(len(ids), 6)):
                a = s.action_from_id(i)
                assert a in acts
                assert s.action_to_id(a) == i
                assert s.action_to_id(str(a)) == i
            i = rng.choice(ids)
            twin = s.clone()
            twin.apply(s.action_from_id(i))
            s.apply_id(i)
            assert s.log == twin.log
            assert s.num_distinct_actions == n
            assert snapshot(s) == snapshot(twin)
            steps += 1
        if s.is_over:
            assert s.legal_ids() == []
            assert not s.legal_mask().any()
            with pytest.raises(IllegalAction):
                s.apply_id(0)
            with pytest.raises(IllegalAction):
                s.action_from_id(0)


@pytest.mark.parametrize("name", GAMES)
def test_ids_replay_like_actions(name):
    """A game played by ids and the same game played by action texts are the same game, and
    the JSON of a game played by ids loads back."""
    rng = random.Random(11)
    a, b = new(name, 5), new(name, 5)
    while not a.is_over:
        i = rng.choice(a.legal_ids())
        b.apply(str(a.action_from_id(i)))
        a.apply_id(i)
    assert b.is_over and a.log == b.log and a.scores() == b.scores()
    c = cardcore.from_json(a.to_json())
    assert c.log == a.log and c.scores() == a.scores()


BAD_IDS = [-1, "3", 1.5, None, True, 10**5000, [0]]


@pytest.mark.parametrize("name", GAMES)
def test_bad_ids_raise_and_leave_the_state(name):
    rng = random.Random(3)
    s = new(name, 9)
    for _ in range(25):
        if s.is_over:
            break
        n = s.num_distinct_actions
        ids = s.legal_ids()
        illegal = [i for i in range(n) if i not in set(ids)][:3]
        before = snapshot(s)
        for bad in [*BAD_IDS, n, n + 7, *illegal]:
            with pytest.raises(IllegalAction) as err:
                s.apply_id(bad)
            assert str(err.value) and len(str(err.value)) < 600
            with pytest.raises(IllegalAction):
                s.action_from_id(bad)
            assert snapshot(s) == before
        for bad in (3, None, ["pass"]):
            with pytest.raises(IllegalAction):
                s.action_to_id(bad)
        # numpy integers are ids too
        s.apply_id(np.int64(rng.choice(ids)))


@pytest.mark.parametrize("name", GAMES)
def test_tensor_shape_and_type(name):
    rng = random.Random(1)
    s = new(name, 2)
    shape = s.observation_shape
    assert isinstance(shape, tuple) and all(isinstance(d, int) and d > 0 for d in shape)
    while True:
        for p in range(s.num_players):
            t = s.observation_tensor(p)
            assert t.dtype == np.float32 and t.shape == shape
            assert np.isfinite(t).all()
        if s.is_over:
            break
        s.apply_id(rng.choice(s.legal_ids()))
    assert s.observation_shape == shape
    for bad in (-1, s.num_players, "0", None, True):
        with pytest.raises(IllegalAction):
            s.observation_tensor(bad)


def _play_texts(name: str, deck, seed: int, steps: int, rng: random.Random):
    s = new(name, seed, deck)
    texts = []
    for _ in range(steps):
        if s.is_over:
            break
        a = s.action_from_id(rng.choice(s.legal_ids()))
        texts.append(str(a))
        s.apply(a)
    return s, texts


def _replay(name: str, deck, seed: int, texts):
    s = new(name, seed, deck)
    try:
        for t in texts:
            s.apply(t)
    except IllegalAction:
        return None
    return s


@pytest.mark.parametrize("name", GAMES)
def test_tensor_never_depends_on_hidden_cards(name):
    """Swap two cards of the deck, replay the same actions: wherever a seat's observation is the
    same in both games (the swap touched only cards it cannot see), its tensor is the same."""
    rng = random.Random(20261203)
    same_obs_hidden_swaps = 0
    tensor_changed = 0
    for trial in range(40):
        deck = [int(c) for c in DECKS[name]()]
        rng.shuffle(deck)
        seed = trial
        a, texts = _play_texts(name, deck, seed, rng.randrange(0, 30), random.Random(trial))
        i, j = rng.sample(range(len(deck)), 2)
        if deck[i] == deck[j]:
            continue
        other = list(deck)
        other[i], other[j] = other[j], other[i]
        b = _replay(name, other, seed, texts)
        if b is None:
            continue
        for p in range(a.num_players):
            ta, tb = a.observation_tensor(p), b.observation_tensor(p)
            if a.observation(p) == b.observation(p):
                same_obs_hidden_swaps += 1
                assert np.array_equal(ta, tb), (
                    f"{name}: seat {p}'s tensor changed with cards it cannot see "
                    f"(deck positions {i} and {j} swapped after {len(texts)} actions)")
            elif not np.array_equal(ta, tb):
                tensor_changed += 1
    assert same_obs_hidden_swaps >= 10, "the test needs swaps that a seat cannot see"
    assert tensor_changed >= 5, "the tensor must change with what the seat sees"


@pytest.mark.parametrize("name", GAMES)
def test_states_pickle_and_copy(name):
    """States hold compiled step cores in some games: pickle, copy and deepcopy still give the
    same game, independent of the original."""
    import copy
    import pickle

    rng = random.Random(4)
    s = new(name, 6)
    for _ in range(rng.randrange(3, 25)):
        if s.is_over:
            break
        s.apply_id(rng.choice(s.legal_ids()))
    for other in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s), copy.copy(s), s.clone()):
        assert other.to_json() == s.to_json() and other.legal_ids() == s.legal_ids()
        assert snapshot(other) == snapshot(s)
        if not other.is_over:
            other.apply_id(other.legal_ids()[0])
            assert other.log != s.log
