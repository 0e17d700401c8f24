# The step of the shedding games on integer action ids: C-level declarations.
#
# The functions of ``shedding_step.pyx`` work on the game state's attribute dict; the only
# C-level helper others may use reads a hand kept by a state (a list of distinct card ids) as a
# card mask (bit ``id`` for card id ``id``).

from libc.stdint cimport uint64_t

cdef int _mask_of(object hand, uint64_t* out) except -1
