"""The batched stepper's loop, plain Python (twin of ``cardcore._fast.vector``).

``Stepper(cores, make, first_episode)`` holds ``n`` cores of one game and the arrays a
``cardcore.vector.VectorGame`` shows, and steps them through the core contract's names
(``is_legal``, ``apply``, ``legal_ids``, ``observation_tensor``, ``returns``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..errors import CardcoreError, IllegalAction, quote


class Stepper:
    """The loop over ``cores`` (see ``cardcore._fast.vector.Stepper``)."""

    def __init__(self, cores: list, make: Callable[[int], Any], first_episode: int) -> None:
        if not isinstance(cores, list) or not cores:
            raise CardcoreError("a batch holds at least one game")
        for x in cores:
            if not hasattr(x, "observation_tensor") or not hasattr(x, "legal_ids"):
                raise CardcoreError(f"cores: {quote(x)} is not a core")
            _check_live(x)
            if type(x) is not type(cores[0]):
                raise CardcoreError("cores: every game of a batch is of one game")
        c = cores[0]
        self.cores = list(cores)
        self.make = make
        self.n = n = len(cores)
        self.na = c.num_distinct_actions
        self.nplayers = c.num_players
        self.next_episode_index = first_episode
        self.player = np.zeros(n, dtype=np.int32)
        self.obs = np.zeros((n, *c.observation_shape), dtype=np.float32)
        self.mask = np.zeros((n, self.na), dtype=np.bool_)
        self.rewards = np.zeros((n, self.nplayers), dtype=np.float64)
        self.terminated = np.zeros(n, dtype=np.bool_)
        self.episode = np.zeros(n, dtype=np.int64)
        self.offsets = np.zeros(n + 1, dtype=np.int64)
        self.ids = np.zeros(max(16, n * 8), dtype=np.int32)
        self.history: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):
            self.episode[i] = self.next_episode_index
            self.next_episode_index += 1
        self._refresh()

    def core(self, i: int):
        return self.cores[i]

    def actions(self, i: int) -> list[int]:
        return list(self.history[i])

    def reset(self) -> None:
        for i in range(self.n):
            self._restart(i)
        self._refresh()

    def step(self, actions: Any) -> None:
        acts = _actions(actions, self.n)
        for i in range(self.n):
            if self.terminated[i]:
                continue
            a = int(acts[i])
            c = self.cores[i]
            if not c.is_legal(a):
                raise IllegalAction(f"game {i}: action id {a} is not legal now (the legal ids: "
                                    f"{quote(c.legal_ids(), 120)}); no game of the batch "
                                    "changed")
        for i in range(self.n):
            if self.terminated[i]:
                self._restart(i)
                continue
            self.cores[i].apply(int(acts[i]))
            self.history[i].append(int(acts[i]))
        self._refresh()

    def _restart(self, i: int) -> None:
        made = self.make(self.next_episode_index)
        if type(made) is not type(self.cores[0]):
            raise CardcoreError(f"make({self.next_episode_index}) returned {quote(made)}, not a "
                                "core of this batch's game")
        _check_live(made)
        self.cores[i] = made
        self.episode[i] = self.next_episode_index
        self.next_episode_index += 1
        self.terminated[i] = False
        self.history[i] = []

    def _refresh(self) -> None:
        self.mask[:] = False
        self.obs[:] = 0.0
        total = 0
        for i, c in enumerate(self.cores):
            self.offsets[i] = total
            if c.is_over:
                self.player[i] = -1
                if not self.terminated[i]:
                    self.terminated[i] = True
                    self.rewards[i] = c.returns()
                continue
            self.rewards[i] = 0.0
            p = c.current_player
            self.player[i] = p
            c.observation_tensor(p, self.obs[i])
            ids = c.legal_ids()
            if total + len(ids) > len(self.ids):
                size = len(self.ids)
                while size < total + len(ids):
                    size *= 2
                bigger = np.zeros(size, dtype=np.int32)
                bigger[:len(self.ids)] = self.ids
                self.ids = bigger
            self.ids[total:total + len(ids)] = ids
            self.mask[i, ids] = True
            total += len(ids)
        self.offsets[self.n] = total


def _check_live(core: Any) -> None:
    """Raise the core's ``CardcoreError`` if it holds no deal (every name of such a core
    raises)."""
    if not isinstance(core.is_over, bool):
        raise CardcoreError(f"cores: {quote(core)} is not a core")


def _actions(actions: Any, n: int) -> np.ndarray:
    """``actions`` as an int64 vector of ``n`` ids, else ``IllegalAction`` (as the kernel)."""
    if isinstance(actions, np.ndarray):
        arr = actions
    else:
        try:
            arr = np.asarray(actions)
        except (TypeError, ValueError):
            raise IllegalAction(f"actions {quote(actions)}: expected an integer array of shape "
                                f"({n},)") from None
    if arr.dtype == np.bool_ or arr.dtype.kind not in "iu":
        raise IllegalAction(f"actions: expected an integer array of shape ({n},), got dtype "
                            f"{arr.dtype}")
    if arr.shape != (n,):
        raise IllegalAction(f"actions: expected shape ({n},), got {arr.shape}")
    if arr.dtype.kind == "u" and arr.size and int(arr.max()) > 2**62:
        bad = int(np.argmax(arr))
        raise IllegalAction(f"game {bad}: action id {int(arr[bad])} is not legal now; no game "
                            "of the batch changed")
    return np.ascontiguousarray(arr, dtype=np.int64)
