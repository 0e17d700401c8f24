# Declarations other kernels can cimport from the poker evaluator.
from libc.stdint cimport uint8_t, uint16_t

# Value (1..7462, higher is stronger) of k = 5..7 valid, distinct card ids at c.
cdef uint16_t eval_ids(const uint8_t* c, int k) noexcept nogil
