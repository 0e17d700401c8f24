# cython: language_level=3, boundscheck=False, wraparound=False
"""The one core contract: the base type of every game's step core.

A core holds the play of one deal: the seat to act, the legal action ids, what each seat sees,
the result. Chance (the deal, a redeal, a draw from a talon) happens inside it, from its seed, so
a core alone plays a whole deal. Every game's core answers the same names:

``num_players``, ``num_distinct_actions``, ``observation_shape``, ``current_player`` (the seat to
act, ``None`` once over), ``is_over``, ``legal_ids()``, ``legal_mask(out=None)``,
``is_legal(i)``, ``apply(i)`` (returns ``None``; an id that is not legal raises
``IllegalAction`` and changes nothing), ``returns()`` (one float a seat), ``observation_tensor(seat,
out=None)`` (float32), ``copy()``, and pickling (through the core's ``export()`` and
``from_export``).

Those names are written here once, on top of the C methods a game's core fills in (``core.pxd``).
The plain-Python twin is ``cardcore._ref.core.Core``.
"""

from libc.stdint cimport int32_t, uint64_t
from libc.string cimport memset
from cpython.mem cimport PyMem_Malloc, PyMem_Free
from cpython.object cimport PyObject, Py_TYPE

from cardcore._fast.args cimport action_id, int_arg, int_list, or_none

import sys

import numpy as np

from cardcore.errors import CardcoreError, IllegalAction, quote


cdef tuple _NO_ARGS = ()   # (the arguments a copy is made with: none, its deal is copied in)

cdef enum:
    STACK_IDS = 4096    # legal ids a position may have before the buffer comes from the heap


cdef object _ids_out(const int32_t* ids, int n, unsigned char* mask):
    """The ``n`` ids at ``ids`` as a list, or, given ``mask``, set to 1 there (``None``)."""
    cdef int k
    if mask == NULL:
        return int_list(ids, n)
    for k in range(n):
        mask[ids[k]] = 1
    return None


cdef object _writable(object out):
    """The array ``out`` (an ``ndarray``, a subclass's too) as a plain ``ndarray`` over the same
    memory: the checks and the kernel read that one, not what a subclass's methods say."""
    return out if type(out) is np.ndarray else np.asarray(out)


def _rebuild(cls, values):
    """Unpickle a core: ``cls.from_export(values)`` (``cls`` a core type)."""
    if not (isinstance(cls, type) and issubclass(cls, Core)):
        raise CardcoreError(f"core type {quote(cls)}: expected a subclass of {Core.__name__}")
    return cls.from_export(values)


cdef class Core:
    """The base of every game's step core (see the module docstring). It holds no deal itself:
    made directly it is not initialised, and every name raises ``CardcoreError``."""

    # ------------------------------------------------------------------ the C contract
    cdef int c_player(self) noexcept nogil:
        return -1

    cdef bint c_over(self) noexcept nogil:
        return True

    cdef int c_legal(self, int32_t* out) noexcept nogil:
        return 0

    cdef bint c_is_legal(self, long i) noexcept nogil:
        return False

    cdef void c_apply(self, int i) noexcept nogil:
        pass

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int s
        for s in range(self.num_players):
            out[s] = 0.0

    cdef void c_observe(self, int seat, float* out) noexcept nogil:
        pass

    cdef void c_copy_into(self, Core new) noexcept:
        pass

    cdef Core c_copy(self):
        cdef type cls = type(self)
        made = Py_TYPE(self).tp_new(cls, <PyObject*>_NO_ARGS, NULL)
        if type(made) is not cls:      # (a subclass's ``__new__`` may return anything)
            raise CardcoreError(f"{cls.__name__}.__new__ gave {quote(made)}: a copy needs a "
                                f"{cls.__name__}")
        cdef Core new = <Core>made
        new.num_players = self.num_players
        new.num_distinct_actions = self.num_distinct_actions
        new.observation_shape = self.observation_shape
        new.obs_size = self.obs_size
        new.max_legal = self.max_legal
        self.c_copy_into(new)
        new._ready = True
        return new

    cdef int live(self) except -1:
        if not self._ready:
            raise CardcoreError(f"{type(self).__name__}: the core is not initialised (made "
                                "without its constructor, or its constructor raised)")
        return 0

    # ------------------------------------------------------------------ reading
    @property
    def current_player(self):
        """The seat to act, or ``None`` once the deal is over."""
        self.live()
        return or_none(self.c_player())

    @property
    def is_over(self):
        """Whether the deal is over."""
        self.live()
        return self.c_over()

    def legal_ids(self):
        """The legal ids, ascending (empty once over)."""
        self.live()
        return self._legal(NULL)

    def legal_mask(self, out=None):
        """A bool vector of ``num_distinct_actions``: ``True`` at each legal id. With ``out`` (a
        bool vector of that length) it is filled and returned."""
        self.live()
        cdef int na = self.num_distinct_actions
        if out is None:
            arr = out = np.zeros(na, dtype=np.bool_)
        else:
            arr = _writable(out) if isinstance(out, np.ndarray) else None
            if (arr is None or arr.dtype != np.bool_ or arr.ndim != 1 or arr.shape[0] != na
                    or not arr.flags.writeable or (na > 1 and arr.strides[0] == 0)):
                raise CardcoreError(f"out {quote(out)}: expected a writable bool vector of "
                                    f"{na} values (no two of them in the same byte)")
            arr[:] = False
        cdef unsigned char[::1] view
        if arr.flags.c_contiguous:
            view = arr.view(np.uint8)
            self._legal(&view[0])
        else:                           # (a strided vector: set through a contiguous one)
            flat = np.zeros(na, dtype=np.uint8)
            view = flat
            self._legal(&view[0])
            arr[:] = flat.view(np.bool_)
        return out

    cdef object _legal(self, unsigned char* mask):
        """The legal ids as a list, or, given ``mask`` (``num_distinct_actions`` bytes), set to
        1 there (returns ``None``)."""
        cdef int32_t small[STACK_IDS]
        cdef int32_t* buf
        if self.max_legal <= STACK_IDS:
            return _ids_out(small, self.c_legal(small), mask)
        buf = <int32_t*>PyMem_Malloc(self.max_legal * sizeof(int32_t))
        if buf == NULL:
            raise MemoryError()
        try:
            return _ids_out(buf, self.c_legal(buf), mask)
        finally:
            PyMem_Free(buf)

    def is_legal(self, i):
        """Whether ``i`` is a legal action id now (``False`` for any int that is not; anything
        but an int raises ``IllegalAction``)."""
        self.live()
        return self.c_is_legal(action_id(i))

    def returns(self):
        """The deal's result: one float a seat (zeros until the deal is over)."""
        self.live()
        cdef double vals[16]
        cdef int s
        self.c_returns(vals)
        return tuple([vals[s] for s in range(self.num_players)])

    def observation_tensor(self, seat, out=None):
        """What ``seat`` sees, as a float32 array of ``observation_shape``. With ``out`` (a
        writable, C-contiguous float32 array of that shape) it is filled and returned."""
        self.live()
        cdef int p = <int>int_arg(seat, "seat", 0, self.num_players - 1, CardcoreError)
        shape = self.observation_shape
        if out is None:
            arr = out = np.zeros(shape, dtype=np.float32)
        else:
            arr = _writable(out) if isinstance(out, np.ndarray) else None
            if (arr is None or arr.dtype != np.float32 or arr.shape != shape
                    or not arr.flags.c_contiguous or not arr.flags.writeable):
                raise CardcoreError(f"out {quote(out)}: expected a writable C-contiguous "
                                    f"float32 array of shape {shape}")
        cdef float[::1] view = arr.reshape(-1)
        memset(&view[0], 0, self.obs_size * sizeof(float))
        self.c_observe(p, &view[0])
        return out

    # ------------------------------------------------------------------ playing
    def apply(self, i):
        """Make the legal action id ``i`` (chance that follows included); returns ``None``. An
        id that is not legal now, or a deal that is over, raises ``IllegalAction`` and changes
        nothing."""
        self.live()
        cdef long v = action_id(i)
        if self.c_over():
            raise IllegalAction(f"action id {quote(i)}: the deal is over")
        if not self.c_is_legal(v):
            raise IllegalAction(f"action id {quote(i)}: not legal now (the legal ids: "
                                f"{quote(self.legal_ids(), 200)})")
        self.c_apply(<int>v)

    def copy(self):
        """An independent core in the same position."""
        self.live()
        return self.c_copy()

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    @classmethod
    def from_export(cls, values):
        """The core whose ``export()`` is ``values``: the ``from_export`` function of the kernel
        that defines ``cls`` (every game's core kernel has one; it checks every field)."""
        read = getattr(sys.modules.get(cls.__module__), "from_export", None)
        if read is None:
            raise CardcoreError(f"{cls.__name__}: a core type must define its from_export")
        return read(values)

    def export(self):  # overridden by every game's core
        """The core's whole position as a flat list of ints (``from_export`` reads it back)."""
        self.live()
        raise CardcoreError(f"{type(self).__name__}: a core type must define its export")

    def __reduce__(self):
        return (_rebuild, (type(self), self.export()))

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self.export() == other.export()

    __hash__ = None
