# The one core contract (``core.pyx``; the plain-Python twin ``cardcore._ref.core``).
#
# Every game's step core is a subclass of ``Core``. A subclass fills the C methods below with its
# rules (Cython's cdef methods are a vtable: the batched stepper calls them in a C loop, without
# the GIL), sets the four sizes in its constructor and ends the constructor with
# ``self._ready = True``. The Python names (``legal_ids``, ``apply``, ``returns``, ...) are
# written once, in the base, on top of the C methods.
from libc.stdint cimport int32_t, uint64_t


cdef class Core:
    cdef readonly int num_players            # seats at the table
    cdef readonly int num_distinct_actions   # ids are 0 .. num_distinct_actions - 1
    cdef readonly tuple observation_shape    # the shape of one seat's observation
    cdef int obs_size                        # the product of observation_shape
    cdef int max_legal                       # the most legal ids a position can have
    cdef bint _ready                         # set last by the constructor

    # --- the contract in C: a game's core overrides every one of these
    # the seat to act; a negative value once the deal is over
    cdef int c_player(self) noexcept nogil
    # whether the deal is over
    cdef bint c_over(self) noexcept nogil
    # the legal ids, ascending, into ``out`` (room for ``max_legal``); returns their number
    cdef int c_legal(self, int32_t* out) noexcept nogil
    # whether ``i`` (any long) is a legal id now
    cdef bint c_is_legal(self, long i) noexcept nogil
    # make the legal id ``i``, chance that follows included
    cdef void c_apply(self, int i) noexcept nogil
    # the deal's result, one value a seat, into ``out`` (zeros until the deal is over)
    cdef void c_returns(self, double* out) noexcept nogil
    # what ``seat`` sees, into ``out`` (``obs_size`` floats, zeroed by the caller)
    cdef void c_observe(self, int seat, float* out) noexcept nogil
    # the deal into ``new``, a core of the same type just made (``c_copy`` makes it, sets its
    # sizes and readiness, then calls this): a deal is one plain C struct, so ``new.s = self.s``
    cdef void c_copy_into(self, Core new) noexcept

    # an independent core in the same position (written once, here: not overridden)
    cdef Core c_copy(self)

    # the checks every Python method starts with
    cdef int live(self) except -1
    # the legal ids as a list, or (``mask`` given) set in ``mask``
    cdef object _legal(self, unsigned char* mask)
