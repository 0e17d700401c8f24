# cdef helpers on card sets that other kernels can cimport.
# (Bit helpers shared by every kernel are in bits.pxd; popcount64 is its cc_popcount.)
from libc.stdint cimport uint8_t, uint64_t

cdef int popcount64(uint64_t x) noexcept nogil
cdef uint64_t mask_of_ids(const uint8_t[:] ids) noexcept nogil
cdef int ids_of_mask(uint64_t mask, uint8_t* out) noexcept nogil
