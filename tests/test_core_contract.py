"""The one core contract, walked for every registered game on both backends.

Every game keeps the play of a deal in a core (``state.core``) with the same names
(``cardcore._fast.core.Core``, twin ``cardcore._ref.core.Core``; ``docs/architecture.md``). One
suite, parametrized over the games, replaces the per-core runners: the contract's names and
their behaviour, the twins' agreement step by step, the state as a view of its core, and bad
input refused with the core unchanged.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, IllegalAction
from cardcore._backend import BACKEND, kernel
from cardcore.game import available_games, game_class
from cardcore.rng import Rng

GAMES = available_games()
BACKENDS = ("fast", "ref")
#: random plays to the end, each from its own seed (the twins compared at every step)
TWIN_SEEDS = range(3)
MAX_STEPS = 5_000


def core_kernel(game: str, backend: str):
    cls = game_class(game)
    return kernel(cls.CORE, backend)


def from_seed(game: str, backend: str, seed: int):
    cls = game_class(game)
    return core_kernel(game, backend).from_seed(seed, **cls.CORE_OPTIONS)


def base_type(backend: str) -> type:
    return kernel("core", backend).Core


def position(core) -> tuple:
    """Everything the contract shows of a core, for every seat."""
    return (core.current_player, core.is_over, core.legal_ids(), core.returns(),
            [core.observation_tensor(s).tobytes() for s in range(core.num_players)],
            core.export())


def random_ids(core, seed: int, limit: int = MAX_STEPS):
    """Play ``core`` to the end with random legal ids; yields each id before applying it."""
    rng = Rng(seed)
    for _ in range(limit):
        if core.is_over:
            return
        ids = core.legal_ids()
        i = ids[rng.below(len(ids))]
        yield i
        core.apply(i)
    raise AssertionError(f"not over after {limit} random ids")


@pytest.fixture(params=GAMES)
def game(request):
    return request.param


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


def test_every_game_names_a_core_kernel_with_from_seed(game, backend):
    cls = game_class(game)
    assert cls.CORE, f"{game}: State.CORE names no core kernel"
    core = from_seed(game, backend, 1)
    assert isinstance(core, base_type(backend))
    assert core.num_players == cls.NUM_PLAYERS


def test_the_state_starts_from_the_core_its_seed_makes(game):
    for seed in (0, 5, 2**64 - 1):
        state = cardcore.new_game(game, seed=seed)
        assert isinstance(state.core, base_type(BACKEND))
        assert state.core == from_seed(game, BACKEND, seed)


def test_the_contract_holds_at_every_step_of_a_random_deal(game, backend):
    core = from_seed(game, backend, 11)
    na = core.num_distinct_actions
    shape = tuple(core.observation_shape)
    assert isinstance(na, int) and na > 0 and isinstance(shape, tuple)
    assert core.returns() == (0.0,) * core.num_players
    steps = 0
    for i in random_ids(core, 3):
        steps += 1
        p = core.current_player
        assert isinstance(p, int) and 0 <= p < core.num_players and not core.is_over
        ids = core.legal_ids()
        assert ids == sorted(set(ids)) and i in ids and all(0 <= x < na for x in ids)
        mask = core.legal_mask()
        assert mask.dtype == np.bool_ and mask.shape == (na,)
        assert np.flatnonzero(mask).tolist() == ids
        assert core.is_legal(i) and not core.is_legal(-1) and not core.is_legal(na)
        obs = core.observation_tensor(p)
        assert obs.dtype == np.float32 and obs.shape == shape
        assert core.returns() == (0.0,) * core.num_players
    assert steps > 0
    assert core.is_over and core.current_player is None and core.legal_ids() == []
    assert not core.legal_mask().any()
    r = core.returns()
    assert len(r) == core.num_players and all(type(v) is float for v in r)
    with pytest.raises(IllegalAction, match="over"):
        core.apply(0)


def test_an_illegal_id_raises_and_changes_nothing(game, backend):
    core = from_seed(game, backend, 4)
    for step, i in enumerate(random_ids(core, 8)):
        if step % 5:
            continue
        before = core.export()
        illegal = [x for x in range(core.num_distinct_actions) if not core.is_legal(x)][:3]
        for bad in [*illegal, -1, core.num_distinct_actions, 2**70]:
            with pytest.raises(IllegalAction):
                core.apply(bad)
            assert core.export() == before
        for junk in ("1", 1.0, None, True, [i]):
            with pytest.raises(IllegalAction):
                core.apply(junk)
            assert core.export() == before


def test_out_buffers_are_filled_or_refused(game, backend):
    core = from_seed(game, backend, 2)
    na, shape = core.num_distinct_actions, tuple(core.observation_shape)
    p = core.current_player
    mask = np.ones(na, dtype=np.bool_)
    assert core.legal_mask(mask) is mask
    assert np.flatnonzero(mask).tolist() == core.legal_ids()
    strided = np.ones(2 * na, dtype=np.bool_)
    assert core.legal_mask(strided[::2]) is not None
    assert np.flatnonzero(strided[::2]).tolist() == core.legal_ids() and strided[1::2].all()
    out = np.full(shape, 7.0, dtype=np.float32)
    assert core.observation_tensor(p, out) is out
    assert np.array_equal(out, core.observation_tensor(p))
    for bad in (np.zeros(na, dtype=np.int8), np.zeros(na + 1, dtype=np.bool_), [False] * na):
        with pytest.raises(CardcoreError):
            core.legal_mask(bad)
    for bad in (np.zeros(shape, dtype=np.float64), np.zeros((1, *shape), dtype=np.float32)):
        with pytest.raises(CardcoreError):
            core.observation_tensor(p, bad)
    for seat in (-1, core.num_players, "0", None, True):
        with pytest.raises(CardcoreError):
            core.observation_tensor(seat)
    if na > 1:                          # (one byte for every id: set, it reads as one)
        same_byte = np.lib.stride_tricks.as_strided(np.zeros(1, np.bool_), (na,), (0,))
        with pytest.raises(CardcoreError, match="same byte"):
            core.legal_mask(same_byte)


class _Lying(np.ndarray):
    """An array whose methods answer for another, smaller array (``reshape``, ``view``)."""

    def reshape(self, *args, **kwargs):
        return np.zeros(1, np.float32)

    def view(self, *args, **kwargs):
        return np.zeros(1, np.uint8)


def test_out_buffers_of_an_array_subclass_are_filled_in_their_own_memory(game, backend):
    # the core reads the memory of the array it is given, not what the array's methods say
    core = from_seed(game, backend, 2)
    p = core.current_player
    mask = np.ones(core.num_distinct_actions, np.bool_).view(_Lying)
    assert core.legal_mask(mask) is mask
    assert np.flatnonzero(np.asarray(mask)).tolist() == core.legal_ids()
    out = np.full(core.observation_shape, 7.0, np.float32).view(_Lying)
    assert core.observation_tensor(p, out) is out
    assert np.array_equal(np.asarray(out), core.observation_tensor(p))


def test_ids_are_read_as_stored_and_index_likes_are_no_ids(game, backend):
    core = from_seed(game, backend, 3)
    i = core.legal_ids()[0]
    illegal = next(x for x in range(core.num_distinct_actions) if not core.is_legal(x))

    class Odd(int):                     # an int whose methods say another number
        def __index__(self):
            return illegal

        def __int__(self):
            return illegal

    class Index:                        # no int, though it has an index (that fails)
        def __index__(self):
            raise ValueError("no index")

    assert core.is_legal(Odd(i))
    before = core.export()
    for junk in (np.array(i), Index(), np.array([i])):
        with pytest.raises(IllegalAction, match="expected an int"):
            core.is_legal(junk)
        with pytest.raises(IllegalAction, match="expected an int"):
            core.apply(junk)
    with pytest.raises(CardcoreError, match="seat"):
        core.observation_tensor(Index())
    assert core.export() == before
    core.apply(Odd(i))
    assert core.export() != before


def test_a_copy_of_a_subclass_is_one_or_refused(backend):
    # (the copy is written once, in the base: one game's core shows it)
    k = kernel("bridge_step", backend)

    class Sub(k.Core):
        pass

    class Junk(k.Core):
        def __new__(cls, *args, **kwargs):
            return 0

    hands = k.from_seed(1).dealt_hands()
    sub, junk = k.Core.__new__(Sub), k.Core.__new__(Junk)
    sub.__init__(hands, 0, 0)
    junk.__init__(hands, 0, 0)
    assert type(sub.copy()) is Sub and sub.copy() == sub
    if backend == "fast":               # (the twin makes its copies with object.__new__)
        with pytest.raises(CardcoreError, match="a copy needs"):
            junk.copy()
    else:
        assert junk.copy() == junk


def test_unpickling_makes_only_cores(game, backend):
    core = from_seed(game, backend, 5)
    rebuild, (cls, values) = core.__reduce__()
    assert rebuild(cls, values) == core
    for bad in (object, int, None, np.ndarray):
        with pytest.raises(CardcoreError, match="core type"):
            rebuild(bad, values)

def test_copies_and_pickles_are_independent_and_equal(game, backend):
    core = from_seed(game, backend, 9)
    ids = random_ids(core, 1)
    for _ in range(7):
        next(ids, None)
    twin = core.copy()
    again = pickle.loads(pickle.dumps(core))
    assert type(twin) is type(core) and twin == core and again == core
    assert position(twin) == position(core) == position(again)
    before = position(core)
    for _ in random_ids(twin, 5):
        pass
    assert twin.is_over and position(core) == before



def test_core_from_export_is_its_kernels_function_and_the_base_has_none(game, backend):
    k = core_kernel(game, backend)
    core = from_seed(game, backend, 4)
    ids = random_ids(core, 2)
    for _ in range(5):
        next(ids, None)
    values = core.export()
    again = k.Core.from_export(values)
    assert type(again) is k.Core and again == core == k.from_export(values)
    assert again is not core and position(again) == position(core)
    with pytest.raises(CardcoreError, match="must define its from_export"):
        base_type(backend).from_export(values)
    with pytest.raises(CardcoreError):
        k.Core.from_export(values[:2])

def test_the_twins_agree_at_every_step(game):
    for seed in TWIN_SEEDS:
        fast, ref = from_seed(game, "fast", seed), from_seed(game, "ref", seed)
        assert fast.export() == ref.export()
        rng = Rng(seed + 100)
        steps = 0
        while True:
            assert position(fast) == position(ref), f"{game} seed {seed} step {steps}"
            if fast.is_over:
                break
            ids = fast.legal_ids()
            i = ids[rng.below(len(ids))]
            fast.apply(i)
            ref.apply(i)
            steps += 1
            assert steps < MAX_STEPS


def test_the_state_is_a_view_of_its_core(game):
    state = cardcore.new_game(game, seed=21)
    rng = Rng(21)
    while not state.is_over:
        core = state.core
        if core.current_player == state.current_player:
            assert state.legal_ids() == core.legal_ids()
            assert np.array_equal(state.legal_mask(), core.legal_mask())
        p = state.current_player
        assert np.array_equal(state.observation_tensor(p), core.observation_tensor(p))
        ids = state.legal_ids()
        state.apply_id(ids[rng.below(len(ids))])
    assert state.num_distinct_actions == state.core.num_distinct_actions
    assert tuple(state.observation_shape) == tuple(state.core.observation_shape)


def test_a_core_made_without_its_constructor_refuses_every_name(game, backend):
    cls = core_kernel(game, backend).Core
    core = cls.__new__(cls)
    for call in (lambda: core.legal_ids(), lambda: core.apply(0), lambda: core.returns(),
                 lambda: core.observation_tensor(0), lambda: core.copy(),
                 lambda: core.legal_mask(), lambda: core.current_player,
                 lambda: core.is_over, lambda: core.export()):
        with pytest.raises(CardcoreError, match="not initialised"):
            call()


def test_from_seed_refuses_what_is_no_seed(game, backend):
    k = core_kernel(game, backend)
    opts = game_class(game).CORE_OPTIONS
    for bad in (-1, 2**64, "1", 1.5, None, True):
        with pytest.raises(CardcoreError):
            k.from_seed(bad, **opts)


def test_numpy_integer_ids_are_ids_and_bools_are_not(game, backend):
    import numpy as np

    core = from_seed(game, backend, 6)
    i = core.legal_ids()[0]
    for as_int in (np.int64(i), np.int32(i), np.uint16(i)):
        assert core.is_legal(as_int)
    twin = core.copy()
    core.apply(np.int64(i))
    twin.apply(i)
    assert core == twin
    before = core.export()
    for junk in (np.bool_(True), True, False, np.float64(i), "1"):
        with pytest.raises(IllegalAction):
            core.apply(junk)
        with pytest.raises(IllegalAction):
            core.is_legal(junk)
    assert core.export() == before
