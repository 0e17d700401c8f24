"""Many games in one call: ``cardcore.vector(game, n, seed=...)``, a batch stepped together.

A ``VectorGame`` holds ``n`` independent games of one game, each in its core (the one core
contract, ``docs/architecture.md``), and numpy arrays it refreshes in place after every call:

- ``current_player`` (n,) int32: the seat to act in each game (``-1`` in a game that ended on
  the last step: read ``terminated``);
- ``observation`` ``(n, *observation_shape)`` float32: what that seat sees
  (``state.observation_tensor(seat)``; zeros in a game that ended);
- ``legal_mask`` (n, num_distinct_actions) bool, and the same ids flat: ``legal_ids`` holds
  the legal ids of every game one after another, game ``i``'s at
  ``legal_ids[legal_offsets[i]:legal_offsets[i + 1]]`` (CSR, ``legal_offsets`` has n + 1
  entries): what a learner samples from where the action space is large;
- ``rewards`` (n, num_players) float64: each seat's result in a game that ended on the last
  step (the core's ``returns()``), zeros otherwise;
- ``terminated`` (n,) bool: the game ended on the last step;
- ``episode`` (n,) int64: the index of the episode each game plays.

The arrays are read-only views (``step`` and ``reset`` write them; a learner that wants to
change one copies it first).

``step(actions)`` takes one id a game (an integer array of shape (n,)). Auto-reset: a game that
ends reports its rewards and ``terminated`` on the step that ends it; on the next ``step`` its
id is not read and it restarts, as the next episode. The episode with index ``e`` is the game
``cardcore.new_game(game, seed=(seed + e) % 2**64, **options)`` plays (its first deal, for a
game whose match spans deals: a core holds one deal); the first ``n`` episodes are
``0 .. n - 1``, and each restart takes the next unused index. ``state(i)`` is the ``State`` of
game ``i`` (that game rebuilt from its seed and the ids it has applied: the same rules, for
inspection). A bad batch (an id that is not legal, a wrong shape or dtype) raises
``IllegalAction`` naming the game index and the id, and no game changes.

The loop over the games is in C (``cardcore._fast.vector``): per step no Python call per game;
a restart makes its new core with one Python call.

>>> import numpy as np, cardcore
>>> v = cardcore.vector("onepoker", 4, seed=1)
>>> rng = np.random.default_rng(0)
>>> for _ in range(3):
...     choice = [rng.choice(v.legal_ids[v.legal_offsets[i]:v.legal_offsets[i + 1]])
...               for i in range(4)]
...     v.step(np.array(choice))
>>> v.observation.shape == (4, *v.observation_shape)
True
"""

from __future__ import annotations

import copy
import inspect
import sys
import types
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from ._backend import kernel
from .errors import CardcoreError, OptionError, int_arg, quote
from .game import State, game_class, new_game

if TYPE_CHECKING:  # the stub (.pyi) of the compiled kernel
    from ._fast.vector import Stepper

__all__ = ["VectorGame", "vector"]

SEED_MOD = 2**64


def _array(name: str, doc: str) -> Any:
    """A read-only attribute of ``VectorGame``: the stepper's array ``name`` as it is (each
    call refreshes it in place); declared ``Final[np.ndarray]`` where it is used, for mypy."""
    return property(attrgetter("_stepper." + name), doc=doc)


class VectorGame:
    """``n`` games of one game stepped together (see the module docstring).
    Made by :func:`cardcore.vector`."""

    def __init__(self, game: str, n: int, seed: int, options: dict[str, Any]) -> None:
        cls = game_class(game)
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 1 <= n <= 2**24:
            raise CardcoreError(f"n {quote(n)}: expected a number of games 1..{2**24}")
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) \
                or not 0 <= seed < SEED_MOD:
            raise OptionError(f"seed {quote(seed)}: expected a whole number 0..2**64-1")
        self.game: str = cls.GAME
        self.n: int = int(n)
        self.seed: int = int(seed)
        # (a copy all the way down: a list the caller changes later changes no episode)
        self.options: dict[str, Any] = copy.deepcopy(dict(options))
        first = new_game(self.game, seed=self.seed, **self.options)     # (checks the options)
        self._from_seed, self._core_options = self._fast_restart(cls)
        cores = [first.core] + [self._make(e) for e in range(1, self.n)]
        self._stepper: Stepper = kernel("vector").Stepper(cores, self._make, 0)
        core = cores[0]
        #: seats at the table
        self.num_players: int = core.num_players
        #: ids are ``0 .. num_distinct_actions - 1``
        self.num_distinct_actions: int = core.num_distinct_actions
        #: the shape of one seat's observation
        self.observation_shape: tuple[int, ...] = tuple(core.observation_shape)

    # ------------------------------------------------------------------ seeds and games
    def seed_of(self, episode: int) -> int:
        """The seed of the episode with index ``episode`` (an int >= 0): ``(seed + episode) %
        2**64``."""
        e = int_arg(episode, "episode", 0, SEED_MOD - 1)
        return (self.seed + e) % SEED_MOD

    def _fast_restart(self, cls: type[State]) -> tuple[Any, dict[str, Any]]:
        """The kernel's ``from_seed`` and its keywords, when they make the core ``new_game``
        starts with for these options (the options it takes passed on, ``single_deal`` dropped
        where it does not: it decides only when a match ends); checked on the first two
        episodes. ``(None, {})`` otherwise: each restart then goes through ``new_game``."""
        from_seed = getattr(kernel(cls.CORE), "from_seed", None)
        if from_seed is None:
            return None, {}
        try:
            params = inspect.signature(from_seed).parameters
        except (TypeError, ValueError):
            return None, {}
        kwargs = {k: v for k, v in self.options.items() if k in params}
        if not set(self.options) - set(kwargs) <= {"single_deal"}:
            return None, {}
        kwargs.update(cls.CORE_OPTIONS)
        try:
            same = all(from_seed(self.seed_of(e), **kwargs)
                       == new_game(self.game, seed=self.seed_of(e), **self.options).core
                       for e in (0, 1))
        except CardcoreError:
            same = False
        return (from_seed, kwargs) if same else (None, {})

    def _make(self, episode: int) -> Any:
        # (a restart's core straight from its kernel's ``from_seed`` where that is the core
        # ``new_game`` starts with: ``_fast_restart``; tests/test_core_contract.py holds every
        # kernel to it for the default options)
        if self._from_seed is not None:
            return self._from_seed(self.seed_of(episode), **self._core_options)
        return new_game(self.game, seed=self.seed_of(episode), **self.options).core

    def state(self, i: int) -> State:
        """The ``State`` of game ``i`` in its current episode: the game rebuilt from its seed
        and the ids it has applied (``state(i).core == core(i)``, but for a game that ended on
        the last step whose match spans deals: its state has gone on to the match's next deal,
        while ``core(i)`` holds the deal that ended until the game restarts)."""
        i = self._index(i)
        s = new_game(self.game, seed=self.seed_of(int(self.episode[i])), **self.options)
        for a in self._stepper.actions(i):
            s.apply_id(a)
        return s

    def core(self, i: int) -> Any:
        """The core of game ``i`` (read it, or search on ``core(i).copy()``; applying ids to it
        directly bypasses the batch's arrays)."""
        return self._stepper.core(self._index(i))

    def _index(self, i: Any) -> int:
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < self.n:
            raise CardcoreError(f"game index {quote(i)}: expected 0..{self.n - 1}")
        return int(i)

    # ------------------------------------------------------------------ the arrays
    current_player: Final[np.ndarray] = _array(
        "player", "(n,) int32: the seat to act in each game (-1 in a game that ended on the "
        "last step).")
    observation: Final[np.ndarray] = _array(
        "obs", "``(n, *observation_shape)`` float32: what the seat to act sees, game by game.")
    legal_mask: Final[np.ndarray] = _array(
        "mask", "(n, num_distinct_actions) bool: the legal ids of each game.")
    legal_offsets: Final[np.ndarray] = _array(
        "offsets", "(n + 1,) int64: game ``i``'s legal ids are "
        "``legal_ids[legal_offsets[i]:legal_offsets[i + 1]]``.")
    rewards: Final[np.ndarray] = _array(
        "rewards", "(n, num_players) float64: each seat's result in a game that ended on the "
        "last step, zeros otherwise.")
    terminated: Final[np.ndarray] = _array(
        "terminated", "(n,) bool: the game ended on the last step (it restarts on the next).")
    episode: Final[np.ndarray] = _array(
        "episode", "(n,) int64: the index of the episode each game plays (its seed: "
        "``seed_of``).")

    @property
    def legal_ids(self) -> np.ndarray:
        """The legal ids of every game, flat (int32; a view of the batch's buffer)."""
        return self._stepper.ids[:int(self._stepper.offsets[self.n])]

    # ------------------------------------------------------------------ stepping
    def reset(self) -> None:
        """Every game restarts, each as the next unused episode."""
        self._stepper.reset()

    def step(self, actions: Any) -> None:
        """Apply one id a game (an integer array of shape (n,)); a game that ended on the last
        step restarts instead (its id is not read). A bad id, shape or dtype raises
        ``IllegalAction`` naming the game index and the id; no game changes."""
        self._stepper.step(actions)

    def __repr__(self) -> str:
        return f"<VectorGame game={self.game} n={self.n} seed={self.seed}>"

    def _not_copied(self, *args: Any) -> Any:
        raise CardcoreError(f"{self!r}: a batch is not copied or pickled (its games are: "
                            "core(i).copy(), state(i); or make another batch with "
                            "cardcore.vector and the same seed and options)")

    __copy__ = __deepcopy__ = __reduce_ex__ = _not_copied


def vector(game: str, n: int, *, seed: int, **options: Any) -> VectorGame:
    """``n`` games of ``game`` stepped together, every game's ``options`` as ``new_game`` takes
    them; episode ``e`` plays ``new_game(game, seed=(seed + e) % 2**64, **options)``."""
    return VectorGame(game, n, seed, options)


# ``cardcore.vector`` is this module (Python binds a package's submodule as its attribute),
# made callable as ``cardcore.simulate`` is: ``cardcore.vector(...)`` is
# ``cardcore.vector.vector(...)``.
class _CallableModule(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> VectorGame:
        return vector(*args, **kwargs)


__signature__ = inspect.signature(vector)
sys.modules[__name__].__class__ = _CallableModule
