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
            raise CardcoreError("a batch holds at least one game (cores: a list of cores)")
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
        # the arrays the loop writes (``_player`` ...); it shows them read-only, refreshed in
        # place by every step: views of those it only writes, copies of those it reads too
        # (``_shown_copies``)
        self._player = np.zeros(n, dtype=np.int32)
        self._obs = np.zeros((n, *c.observation_shape), dtype=np.float32)
        self._mask = np.zeros((n, self.na), dtype=np.bool_)
        self._rewards = np.zeros((n, self.nplayers), dtype=np.float64)
        self._terminated = np.zeros(n, dtype=np.bool_)
        self._episode = np.zeros(n, dtype=np.int64)
        self._offsets = np.zeros(n + 1, dtype=np.int64)
        self._ids = np.zeros(max(16, n * 8), dtype=np.int32)
        self.player, self.obs, self.mask, self.rewards = (
            _shown(self._player), _shown(self._obs), _shown(self._mask), _shown(self._rewards))
        self._copies = [np.zeros_like(a) for a in (self._terminated, self._episode,
                                                   self._offsets, self._ids)]
        self.terminated, self.episode, self.offsets, self.ids = map(_shown, self._copies)
        self.history: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):
            self._episode[i] = self.next_episode_index
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
            if self._terminated[i]:
                continue
            a = int(acts[i])
            c = self.cores[i]
            if not c.is_legal(a):
                raise IllegalAction(f"game {i}: action id {a} is not legal now (the legal ids: "
                                    f"{quote(c.legal_ids(), 120)}); no game of the batch "
                                    "changed")
        for i in range(self.n):
            if self._terminated[i]:
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
        self._episode[i] = self.next_episode_index
        self.next_episode_index += 1
        self._terminated[i] = False
        self.history[i] = []

    def _refresh(self) -> None:
        self._mask[:] = False
        self._obs[:] = 0.0
        total = 0
        for i, c in enumerate(self.cores):
            self._offsets[i] = total
            if c.is_over:
                self._player[i] = -1
                if not self._terminated[i]:
                    self._terminated[i] = True
                    self._rewards[i] = c.returns()
                continue
            self._rewards[i] = 0.0
            p = c.current_player
            self._player[i] = p
            c.observation_tensor(p, self._obs[i])
            ids = c.legal_ids()
            if total + len(ids) > len(self._ids):
                size = len(self._ids)
                while size < total + len(ids):
                    size *= 2
                bigger = np.zeros(size, dtype=np.int32)
                bigger[:len(self._ids)] = self._ids
                self._ids = bigger
                self._copies[3] = np.zeros_like(bigger)
                self.ids = _shown(self._copies[3])
            self._ids[total:total + len(ids)] = ids
            self._mask[i, ids] = True
            total += len(ids)
        self._offsets[self.n] = total
        self._show_copies()

    def _show_copies(self) -> None:
        """The copies of ``terminated``, ``episode``, ``offsets`` and the ids it shows."""
        for own, copy in zip((self._terminated, self._episode, self._offsets), self._copies):
            copy[:] = own
        total = int(self._offsets[self.n])
        self._copies[3][:total] = self._ids[:total]


def _shown(a: np.ndarray) -> np.ndarray:
    """A read-only view of the array ``a``: what the stepper shows of an array it writes. It
    is made over a read-only buffer of ``a`` (``memoryview.toreadonly``), so that it cannot be
    made writable again (numpy refuses ``flags.writeable = True``)."""
    return np.asarray(a.data.toreadonly())


def _check_live(core: Any) -> None:
    """Raise the core's ``CardcoreError`` if it holds no deal (every name of such a core
    raises)."""
    if not isinstance(core.is_over, bool):
        raise CardcoreError(f"cores: {quote(core)} is not a core")


def _actions(actions: Any, n: int) -> np.ndarray:
    """``actions`` as an int64 vector of ``n`` ids, else ``IllegalAction`` (as the kernel)."""
    try:                        # (an array subclass too: read as the plain array it holds)
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
