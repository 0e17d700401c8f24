# cython: language_level=3, boundscheck=False, wraparound=False
"""The batched stepper's loop: many cores of one game stepped in one call, in C.

``Stepper`` holds ``n`` cores (``cardcore._fast.core.Core`` subtypes) and the arrays a
``cardcore.vector.VectorGame`` shows; ``step(actions)`` checks every game's id first (a bad one
raises ``IllegalAction`` naming the game and changes no game), then applies them and refreshes
the arrays through the cores' C methods, with the GIL released: no Python call per game per
step, and other Python threads (another batch's, say) run meanwhile. A game that ended on the
last step restarts on this one from a new core (``make(episode)``, a Python call once per
episode, made before the GIL is let go). The plain-Python twin is ``cardcore._ref.vector``.

While the GIL is released the loop reaches the cores through borrowed pointers: ``cores``, the
list, owns them, and nothing changes the list then.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.ref cimport PyObject
from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.string cimport memcpy, memset

from cardcore._fast.core cimport Core

import numpy as np

from cardcore.errors import CardcoreError, IllegalAction, quote


cdef class Stepper:
    """``Stepper(cores, make, first_episode)``: the loop over ``cores`` (a list of cores of one
    game), ``make(episode)`` the core a new episode starts with. The arrays are its attributes
    (``player``, ``obs``, ``mask``, ``rewards``, ``terminated``, ``episode``, ``offsets`` and
    the id buffer ``ids``, whose first ``offsets[n]`` entries are the legal ids), read-only
    (``_shown``) and refreshed in place by every step: views of the arrays the loop only
    writes (``player``, ``obs``, ``mask``, ``rewards``), copies of those it reads too
    (``terminated``, ``episode``, ``offsets``, ``ids``: its own are ``v_*``). So nothing
    written into what it shows (an array made writable again) reaches the loop or the games:
    it shows again what it wrote at the next step (a mask entry set from outside at an id that
    is not legal stays set)."""

    cdef list cores
    cdef PyObject** ptrs          # borrowed: cores[i], for the loops without the GIL
    cdef object make
    cdef Py_ssize_t n
    cdef int na, nobs, nplayers
    cdef int64_t next_episode
    cdef readonly object player, obs, mask, rewards, terminated, episode, offsets, ids
    cdef int32_t[::1] v_player
    cdef float[:, ::1] v_obs
    cdef uint8_t[:, ::1] v_mask
    cdef double[:, ::1] v_rewards
    cdef uint8_t[::1] v_terminated
    cdef int64_t[::1] v_episode
    cdef int64_t[::1] v_offsets
    cdef int32_t[::1] v_ids
    # the copies of those four it shows, written through these (``_show_copies``)
    cdef uint8_t[::1] o_terminated
    cdef int64_t[::1] o_episode
    cdef int64_t[::1] o_offsets
    cdef int32_t[::1] o_ids
    cdef int32_t[::1] v_scratch
    # the ids each game applied in its episode: row i, its first v_played[i] entries
    cdef object history
    cdef int32_t[:, ::1] v_history
    cdef int64_t[::1] v_played

    def __cinit__(self):
        self.ptrs = NULL

    def __dealloc__(self):
        PyMem_Free(self.ptrs)

    def __init__(self, cores, make, first_episode):
        cdef Core c
        cdef Py_ssize_t i
        if not isinstance(cores, list) or not cores:
            raise CardcoreError("a batch holds at least one game (cores: a list of cores)")
        for x in cores:
            if not isinstance(x, Core):
                raise CardcoreError(f"cores: {quote(x)} is not a core")
        c = <Core>cores[0]
        c.live()
        for x in cores:
            (<Core>x).live()
            if type(x) is not type(c):
                raise CardcoreError("cores: every game of a batch is of one game")
        if self.ptrs != NULL:
            raise CardcoreError("a Stepper is set up once")
        n = len(cores)
        self.ptrs = <PyObject**>PyMem_Malloc(n * sizeof(PyObject*))
        if self.ptrs == NULL:
            raise MemoryError()
        self.cores = list(cores)
        for i in range(n):
            self.ptrs[i] = <PyObject*>self.cores[i]
        self.make = make
        self.n = n
        self.na = c.num_distinct_actions
        self.nobs = c.obs_size
        self.nplayers = c.num_players
        self.next_episode = first_episode
        self.player = np.zeros(n, dtype=np.int32)
        self.obs = np.zeros((n, *c.observation_shape), dtype=np.float32)
        self.mask = np.zeros((n, self.na), dtype=np.bool_)
        self.rewards = np.zeros((n, self.nplayers), dtype=np.float64)
        self.terminated = np.zeros(n, dtype=np.bool_)
        self.episode = np.zeros(n, dtype=np.int64)
        self.offsets = np.zeros(n + 1, dtype=np.int64)
        self.ids = np.zeros(max(16, n * 8), dtype=np.int32)
        self.o_terminated = self.terminated.view(np.uint8)
        self.o_episode = self.episode
        self.o_offsets = self.offsets
        self.o_ids = self.ids
        self.history = np.zeros((n, 64), dtype=np.int32)
        self.v_player = self.player
        self.v_obs = self.obs.reshape(n, -1)
        self.v_mask = self.mask.view(np.uint8)
        self.v_rewards = self.rewards
        self.v_terminated = np.zeros(n, dtype=np.uint8)
        self.v_episode = np.zeros(n, dtype=np.int64)
        self.v_offsets = np.zeros(n + 1, dtype=np.int64)
        self.v_ids = np.zeros(max(16, n * 8), dtype=np.int32)
        self.player, self.obs, self.mask, self.rewards = (
            _shown(self.player), _shown(self.obs), _shown(self.mask), _shown(self.rewards))
        self.terminated, self.episode, self.offsets, self.ids = (
            _shown(self.terminated), _shown(self.episode), _shown(self.offsets),
            _shown(self.ids))
        self.v_scratch = np.zeros(max(c.max_legal, 1), dtype=np.int32)
        self.v_history = self.history
        self.v_played = np.zeros(n, dtype=np.int64)
        for i in range(n):
            self.v_episode[i] = self.next_episode
            self.next_episode += 1
        self._refresh()

    # ------------------------------------------------------------------ reading
    def core(self, i):
        """The core of game ``i``."""
        return self.cores[i]

    def actions(self, i):
        """The ids game ``i`` has applied in its current episode."""
        return self.history[i, :self.v_played[i]].tolist()

    @property
    def next_episode_index(self):
        return self.next_episode

    # ------------------------------------------------------------------ stepping
    def reset(self):
        """Every game restarts with a new episode."""
        cdef Py_ssize_t i
        for i in range(self.n):
            self._restart(i)
        self._refresh()

    def step(self, actions):
        """One id a game (an integer array of shape (n,)); a game that ended on the last step
        restarts instead (its id is not read). A bad id raises ``IllegalAction`` naming the
        game index and the id, and no game changes."""
        cdef int64_t[::1] acts = _actions(actions, self.n)
        cdef Py_ssize_t i, bad
        with nogil:
            bad = self._first_illegal(&acts[0])
        if bad < self.n:
            raise IllegalAction(
                f"game {bad}: action id {acts[bad]} is not legal now (the legal ids: "
                f"{quote(self.cores[bad].legal_ids(), 120)}); no game of the batch changed")
        self._room_for_one_more()
        with nogil:
            self._apply(&acts[0])
        for i in range(self.n):
            if self.v_terminated[i]:
                self._restart(i)
        self._refresh()

    cdef Py_ssize_t _first_illegal(self, const int64_t* acts) noexcept nogil:
        """The first game whose id is not legal (a game that ended is not read), else n."""
        cdef Py_ssize_t i
        for i in range(self.n):
            if not self.v_terminated[i] and not (<Core>self.ptrs[i]).c_is_legal(acts[i]):
                return i
        return self.n

    cdef void _apply(self, const int64_t* acts) noexcept nogil:
        """Every live game's id, applied (checked legal) and written in its history (that has
        room: ``_room_for_one_more``). A game that ended on the last step is not read (it
        restarts after this)."""
        cdef Py_ssize_t i
        for i in range(self.n):
            if self.v_terminated[i]:
                continue
            (<Core>self.ptrs[i]).c_apply(<int>acts[i])
            self.v_history[i, self.v_played[i]] = <int32_t>acts[i]
            self.v_played[i] += 1

    cdef int _room_for_one_more(self) except -1:
        """Widens the history rows when a game's episode fills its row."""
        cdef Py_ssize_t i, width = self.v_history.shape[1]
        for i in range(self.n):
            if self.v_played[i] >= width:
                bigger = np.zeros((self.n, 2 * width), dtype=np.int32)
                bigger[:, :width] = self.history
                self.history = bigger
                self.v_history = bigger
                return 0
        return 0

    cdef int _restart(self, Py_ssize_t i) except -1:
        cdef Core c
        made = self.make(self.next_episode)
        if type(made) is not type(self.cores[0]):
            raise CardcoreError(f"make({self.next_episode}) returned {quote(made)}, not a core "
                                "of this batch's game")
        c = <Core>made
        c.live()
        self.cores[i] = c
        self.ptrs[i] = <PyObject*>c
        self.v_episode[i] = self.next_episode
        self.next_episode += 1
        self.v_terminated[i] = 0
        self.v_played[i] = 0
        return 0

    cdef int _refresh(self) except -1:
        """Every array from the cores (see ``_refresh_from``), the GIL released; the id
        buffer grows between two passes when the legal ids outgrow it."""
        cdef Py_ssize_t start = 0
        with nogil:
            self._clear_mask()
            start = self._refresh_from(0)
        while start < self.n:
            self._grow(self.v_offsets[start] + (<Core>self.cores[start]).max_legal)
            with nogil:
                start = self._refresh_from(start)
        self._show_copies()
        return 0

    cdef void _show_copies(self) noexcept nogil:
        """The copies of ``terminated``, ``episode``, ``offsets`` and the ids it shows."""
        memcpy(&self.o_terminated[0], &self.v_terminated[0], self.n)
        memcpy(&self.o_episode[0], &self.v_episode[0], self.n * sizeof(int64_t))
        memcpy(&self.o_offsets[0], &self.v_offsets[0], (self.n + 1) * sizeof(int64_t))
        memcpy(&self.o_ids[0], &self.v_ids[0], self.v_offsets[self.n] * sizeof(int32_t))

    cdef void _clear_mask(self) noexcept nogil:
        """The mask cleared where the last refresh set it."""
        cdef Py_ssize_t i, k
        for i in range(self.n):
            for k in range(self.v_offsets[i], self.v_offsets[i + 1]):
                self.v_mask[i, self.v_ids[k]] = 0

    cdef Py_ssize_t _refresh_from(self, Py_ssize_t start) noexcept nogil:
        """The arrays of games ``start`` on: the seat to act, its observation, the legal ids
        (the mask and the flat ids), the rewards and ``terminated`` of a game that ended.
        Returns n, or the first game whose ids did not fit in the id buffer."""
        cdef Py_ssize_t i, k, total = self.v_offsets[start]
        cdef int m, p
        cdef int32_t* scratch = &self.v_scratch[0]
        for i in range(start, self.n):
            self.v_offsets[i] = total
            memset(&self.v_obs[i, 0], 0, self.nobs * sizeof(float))
            if (<Core>self.ptrs[i]).c_over():
                self.v_player[i] = -1
                if not self.v_terminated[i]:
                    self.v_terminated[i] = 1
                    (<Core>self.ptrs[i]).c_returns(&self.v_rewards[i, 0])
                continue
            for p in range(self.nplayers):
                self.v_rewards[i, p] = 0.0
            p = (<Core>self.ptrs[i]).c_player()
            self.v_player[i] = p
            (<Core>self.ptrs[i]).c_observe(p, &self.v_obs[i, 0])
            m = (<Core>self.ptrs[i]).c_legal(scratch)
            if total + m > self.v_ids.shape[0]:
                return i
            memcpy(&self.v_ids[total], scratch, m * sizeof(int32_t))
            for k in range(m):
                self.v_mask[i, scratch[k]] = 1
            total += m
        self.v_offsets[self.n] = total
        return self.n

    cdef int _grow(self, Py_ssize_t need) except -1:
        cdef Py_ssize_t size = self.v_ids.shape[0]
        while size < need:
            size *= 2
        bigger = np.zeros(size, dtype=np.int32)
        bigger[:self.v_ids.shape[0]] = self.v_ids
        self.v_ids = bigger
        shown = np.zeros(size, dtype=np.int32)
        self.o_ids = shown
        self.ids = _shown(shown)
        return 0


cdef object _shown(object a):
    """A read-only view of the array ``a``: what the stepper shows of an array it writes. It
    is made over a read-only buffer of ``a`` (``memoryview.toreadonly``), so that it cannot be
    made writable again (numpy refuses ``flags.writeable = True``)."""
    return np.asarray(a.data.toreadonly())


cdef int64_t[::1] _actions(object actions, Py_ssize_t n) except *:
    """``actions`` as a contiguous int64 vector of ``n`` ids (an integer numpy array, or a
    sequence of ints), else ``IllegalAction`` saying what is wrong."""
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
