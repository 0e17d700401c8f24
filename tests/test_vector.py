"""The batched stepper, ``cardcore.vector``: many games of one game stepped in one call.

Game ``i`` of a batch is the game ``new_game(game, seed=seed_of(episode))`` plays with the same
ids (a differential test for every registered game, the compiled loop and its plain-Python twin
alike); the arrays agree with each other (the mask and the flat ids); a finished game reports
its rewards on the step that ends it and restarts on the next one as a new episode; a bad batch
raises ``IllegalAction`` naming the game and the id, with no game changed.
"""

from __future__ import annotations

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, IllegalAction, OptionError
from cardcore._backend import BACKEND, kernel
from cardcore.game import available_games
from cardcore.vector import VectorGame

GAMES = available_games()


def pick(v: VectorGame, rng: np.random.Generator) -> np.ndarray:
    """One random legal id a game, drawn from the flat ids (0 for a game that ended)."""
    off, ids = v.legal_offsets, v.legal_ids
    out = np.zeros(v.n, dtype=np.int64)
    for i in range(v.n):
        if off[i + 1] > off[i]:
            out[i] = ids[off[i] + rng.integers(off[i + 1] - off[i])]
    return out


def check_arrays(v: VectorGame) -> None:
    """The arrays of ``v`` agree with each other and with each game's core."""
    assert v.current_player.shape == (v.n,) and v.terminated.shape == (v.n,)
    assert v.observation.shape == (v.n, *v.observation_shape)
    assert v.legal_mask.shape == (v.n, v.num_distinct_actions)
    assert v.rewards.shape == (v.n, v.num_players) and v.legal_offsets.shape == (v.n + 1,)
    for i in range(v.n):
        ids = v.legal_ids[v.legal_offsets[i]:v.legal_offsets[i + 1]].tolist()
        assert np.flatnonzero(v.legal_mask[i]).tolist() == ids
        core = v.core(i)
        if v.terminated[i]:
            assert ids == [] and v.current_player[i] == -1 and core.is_over
            assert tuple(v.rewards[i]) == core.returns()
            assert not v.observation[i].any()
        else:
            p = int(v.current_player[i])
            assert ids == core.legal_ids() and p == core.current_player
            assert np.array_equal(v.observation[i], core.observation_tensor(p))
            assert not v.rewards[i].any()


@pytest.fixture(params=GAMES)
def game(request):
    return request.param


#: the loops a batch of this backend's cores runs on: the compiled loop takes compiled cores
#: (it calls their C methods); the plain-Python loop takes any core
LOOPS = ["fast", "ref"] if BACKEND == "fast" else ["ref"]


@pytest.fixture(params=LOOPS)
def stepper(request, monkeypatch):
    """Run the batch on the compiled loop or on its plain-Python twin."""
    import cardcore.vector as vec

    mod = kernel("vector", request.param)
    monkeypatch.setattr(vec, "kernel", lambda name: mod if name == "vector" else kernel(name))
    return request.param


def test_each_game_of_a_batch_is_the_game_new_game_plays_with_the_same_ids(game, stepper):
    seed, n = 17, 3
    v = cardcore.vector(game, n, seed=seed)
    rng = np.random.default_rng(5)
    states = [cardcore.new_game(game, seed=v.seed_of(e)) for e in v.episode]
    check_arrays(v)
    ended = 0
    for _ in range(400):
        acts = pick(v, rng)
        was_over, episodes = v.terminated.copy(), v.episode.copy()
        cores = [s.core.copy() for s in states]          # (a state may go on to a next deal)
        v.step(acts)
        for i in range(n):
            if was_over[i]:
                assert v.episode[i] > episodes.max()
                states[i] = cardcore.new_game(game, seed=v.seed_of(v.episode[i]))
                assert states[i].core == v.core(i)
                continue
            states[i].apply_id(int(acts[i]))
            if v.terminated[i]:
                ended += 1
                cores[i].apply(int(acts[i]))
                assert cores[i].is_over and tuple(v.rewards[i]) == cores[i].returns()
            else:
                s = states[i]
                assert s.current_player == v.current_player[i]
                assert s.legal_ids() == v.legal_ids[v.legal_offsets[i]:
                                                    v.legal_offsets[i + 1]].tolist()
                p = s.current_player
                assert np.array_equal(s.observation_tensor(p), v.observation[i])
        check_arrays(v)
        if ended >= 4:
            break
    assert ended >= 1, "no game of the batch ended"
    assert len(set(v.episode.tolist())) == n


def test_a_finished_game_restarts_as_the_next_episode_on_the_next_step(stepper):
    v = cardcore.vector("onepoker", 2, seed=3)
    rng = np.random.default_rng(1)
    while not v.terminated.any():
        v.step(pick(v, rng))
    i = int(np.flatnonzero(v.terminated)[0])
    before = v.episode.copy()
    rewards = v.rewards[i].copy()
    assert rewards.any() and sum(rewards) == 0.0          # (One Poker is zero-sum)
    v.step(pick(v, rng))
    assert not v.terminated[i] and v.episode[i] == before.max() + 1
    assert not v.rewards[i].any() and v.current_player[i] >= 0
    fresh = cardcore.new_game("onepoker", seed=v.seed_of(v.episode[i]))
    assert v.core(i) == fresh.core and v.state(i).core == fresh.core


def test_reset_restarts_every_game_with_new_episodes(stepper):
    v = cardcore.vector("bridge", 3, seed=9)
    v.step(pick(v, np.random.default_rng(0)))
    v.reset()
    assert v.episode.tolist() == [3, 4, 5]
    for i in range(3):
        assert v.core(i) == cardcore.new_game("bridge", seed=v.seed_of(3 + i)).core
    check_arrays(v)


def test_a_bad_batch_raises_naming_the_game_and_changes_nothing(game, stepper):
    v = cardcore.vector(game, 3, seed=2)
    rng = np.random.default_rng(2)
    v.step(pick(v, rng))
    before = [v.core(i).export() for i in range(3)]
    arrays = [a.copy() for a in (v.current_player, v.observation, v.legal_mask, v.rewards,
                                 v.terminated, v.episode, v.legal_offsets)]
    good = pick(v, rng)
    live = [i for i in range(3) if not v.terminated[i]]
    if live:
        i = live[-1]
        for bad_id in (-1, v.num_distinct_actions, 2**40,
                       next(x for x in range(v.num_distinct_actions)
                            if not v.legal_mask[i, x])):
            bad = good.copy()
            bad[i] = bad_id
            with pytest.raises(IllegalAction, match=f"game {i}: action id {bad_id}"):
                v.step(bad)
    for junk in (good.astype(np.float64), good.astype(bool), good[:2], np.stack([good, good]),
                 "012", None, [1.5, 2, 3]):
        with pytest.raises(IllegalAction):
            v.step(junk)
    assert [v.core(i).export() for i in range(3)] == before
    for a, b in zip(arrays, (v.current_player, v.observation, v.legal_mask, v.rewards,
                             v.terminated, v.episode, v.legal_offsets)):
        assert np.array_equal(a, b)
    v.step(good)                                       # (the batch still steps)


def test_the_batch_takes_any_integer_dtype_and_a_list(stepper):
    v = cardcore.vector("onepoker", 2, seed=4)
    w = cardcore.vector("onepoker", 2, seed=4)
    rng = np.random.default_rng(3)
    for dtype in (np.int32, np.uint16, np.int64):
        acts = pick(v, rng)
        v.step(acts.astype(dtype))
        w.step([int(a) for a in acts])
        assert [v.core(i) == w.core(i) for i in range(2)] == [True, True]


def test_vector_refuses_bad_arguments():
    for n in (0, -1, 1.5, "2", True, None):
        with pytest.raises(CardcoreError):
            cardcore.vector("onepoker", n, seed=1)
    for seed in (-1, 2**64, "1", None, 1.0):
        with pytest.raises(OptionError):
            cardcore.vector("onepoker", 2, seed=seed)
    with pytest.raises(OptionError):
        cardcore.vector("onepoker", 2, seed=1, no_such_option=3)
    with pytest.raises(cardcore.GameNotAvailable):
        cardcore.vector("chess", 2, seed=1)
    v = cardcore.vector("onepoker", 2, seed=1)
    for i in (-1, 2, "0", None, True):
        with pytest.raises(CardcoreError):
            v.state(i)


def test_the_arrays_are_read_only_and_cannot_be_made_writable(stepper):
    v = cardcore.vector("onepoker", 2, seed=1)
    arrays = (v.current_player, v.observation, v.legal_mask, v.legal_ids, v.legal_offsets,
              v.rewards, v.terminated, v.episode)
    for a in arrays:
        with pytest.raises(ValueError, match="read-only"):
            a.reshape(-1)[0] = a.reshape(-1)[0]
        with pytest.raises(ValueError, match="WRITEABLE"):
            a.flags.writeable = True
        with pytest.raises(ValueError, match="WRITEABLE"):
            a.setflags(write=True)
    v.step(v.legal_ids[v.legal_offsets[:-1]].copy())
    check_arrays(v)
    with pytest.raises(ValueError, match="WRITEABLE"):   # (the arrays shown after a step too)
        v.legal_ids.flags.writeable = True


def test_a_batch_is_not_copied_and_keeps_its_own_options():
    import copy
    import pickle

    stacks = [1000] * 4
    v = cardcore.vector("holdem", 1, seed=1, stacks=stacks, single_deal=True)
    stacks[0] = -5                      # (the caller's list, changed after the batch began)
    rng = np.random.default_rng(1)
    for _ in range(60):                 # many hands: every restart starts from 1000 chips each
        v.step(pick(v, rng))
    assert v.options["stacks"] == [1000] * 4 and v.episode[0] > 1
    for make_copy in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(CardcoreError, match="not copied or pickled"):
            make_copy(v)


def test_seed_of_takes_an_episode_index():
    v = cardcore.vector("onepoker", 1, seed=2**64 - 1)
    assert v.seed_of(0) == 2**64 - 1 and v.seed_of(1) == 0 and v.seed_of(np.int64(3)) == 2
    for bad in ("x", None, [1], 1.5, True, -1, 2**64):
        with pytest.raises(CardcoreError, match="episode"):
            v.seed_of(bad)


def test_the_stepper_refuses_what_is_no_batch_of_cores():
    for back in ("fast", "ref"):
        k = kernel("vector", back)
        core = cardcore.new_game("onepoker", seed=1).core
        other = cardcore.new_game("bridge", seed=1).core
        for cores in ([], [5], [core, other], "x", (core,)):
            with pytest.raises(CardcoreError):
                k.Stepper(cores, lambda e, made=core: made, 0)


def test_cardcore_vector_is_the_function_and_the_module():
    import cardcore.vector as module

    assert callable(cardcore.vector) and cardcore.vector is module
    assert isinstance(cardcore.vector("onepoker", 1, seed=0), cardcore.VectorGame)


def test_the_reinforce_example_learns_to_beat_random_one_poker():
    # (examples/vector_reinforce.py, the learning loop of docs/vector.md, at a small budget)
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "vector_reinforce.py"
    spec = importlib.util.spec_from_file_location("vector_reinforce", path)
    assert spec is not None and spec.loader is not None
    ex = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ex)
    W, b = ex.train(steps=400, n=128)
    learned, half = ex.evaluate(lambda o, m: np.where(m, o @ W + b, -np.inf).argmax(axis=1),
                                deals=1500)
    rng = np.random.default_rng(1)
    rand, rhalf = ex.evaluate(lambda o, m: ex.random_legal(m, rng), deals=1500)
    assert learned - half > rand + rhalf and learned > 2.0


def _python_blocks(path) -> list[str]:
    import re

    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def test_the_examples_of_docs_vector_md_run_document():
    # (a document check: the page's first example and its rollout function, run as written
    # but for the rollout's number of steps)
    from pathlib import Path

    blocks = _python_blocks(Path(__file__).resolve().parents[1] / "docs" / "vector.md")
    first: dict = {}
    exec(blocks[0], first)                              # noqa: S102 - the page's own code
    assert first["v"].episode.max() >= 256 and first["results"].shape[1] == 3
    pool: dict = {"__name__": "docs_vector"}
    exec(blocks[2], pool)                               # noqa: S102
    total = pool["rollouts"](7, steps=60)
    assert total.shape == (4,) and total.sum() == 0.0   # (Bridge scores are zero-sum)


@pytest.mark.parametrize("game, options", [
    ("holdem", {"stacks": [300, 0, 500, 800], "single_deal": True}),   # (restarts by from_seed)
    ("tractor", {"level": "5"}),                                      # (restarts by new_game)
    ("onepoker", {"stacks": [3, 40]}),
])
def test_a_batch_with_options_plays_new_games_with_those_options(game, options, stepper):
    v = cardcore.vector(game, 2, seed=11, **options)
    rng = np.random.default_rng(4)
    restarted = 0
    for _ in range(3000):
        was_over = v.terminated.copy()
        v.step(pick(v, rng))
        for i in np.flatnonzero(was_over):
            fresh = cardcore.new_game(game, seed=v.seed_of(v.episode[i]), **options)
            assert v.core(i) == fresh.core
            restarted += 1
        if restarted >= 2:
            break
    assert restarted >= 2



def test_a_long_episode_keeps_every_id_it_applied(stepper):
    # a Tractor deal is more than 100 ids: longer than the first width of the history's rows
    v = cardcore.vector("tractor", 1, seed=4, single_deal=True)
    rng = np.random.default_rng(4)
    played: list[int] = []
    while not v.terminated[0]:
        acts = pick(v, rng)
        v.step(acts)
        played.append(int(acts[0]))
    assert len(played) > 64
    assert v.state(0).core == v.core(0)
    replay = cardcore.new_game("tractor", seed=v.seed_of(v.episode[0]), single_deal=True)
    for a in played:
        replay.apply_id(a)
    assert replay.core == v.core(0)


@pytest.mark.skipif(BACKEND != "fast", reason="the plain-Python loop holds the GIL by nature; "
                    "releasing it is the compiled loop's property")
def test_the_compiled_loop_lets_other_threads_run_while_it_steps():
    import sys
    import threading
    import time

    v = cardcore.vector("bridge", 16384, seed=1)
    counter = [0]
    started, stop = threading.Event(), threading.Event()

    def spin() -> None:
        started.set()
        while not stop.is_set():
            counter[0] += 1
            if counter[0] % 512 == 0:
                time.sleep(0)           # lets the GIL go now and then (no forced switches)

    # no forced switches: the other thread runs only where this one lets the GIL go
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    spinner = threading.Thread(target=spin)
    try:
        spinner.start()
        started.wait()
        counts = []
        # a step right after a reset restarts no game: the whole call is the C loop. With the
        # GIL held through it the other thread counts nothing in it; released, it counts as
        # soon as the machine gives it a core (a few tries, for a busy machine)
        for _ in range(5):
            v.reset()
            acts = pick(v, np.random.default_rng(len(counts)))
            before = counter[0]
            v.step(acts)
            counts.append(counter[0] - before)
            if counts[-1] > 1000:
                break
    finally:
        stop.set()
        spinner.join()
        sys.setswitchinterval(interval)
    assert max(counts) > 1000, counts
