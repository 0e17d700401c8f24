# Shedding-game move kernel (Dou Dizhu, Zheng Shangyou): C-level declarations.
#
# A hand or play is a rank count vector of 15 uint8 (ranks 3 4 5 6 7 8 9 T J Q K A 2 BJ RJ).
# A move is a row of 18 uint8: kind, rank, length, then the 15 counts. Generators write rows
# into a caller-owned buffer (a Sink) and return how many rows exist; rows past ``cap`` are
# counted but not written, so a caller can retry with a buffer of the returned size.

from libc.stdint cimport uint8_t

cdef enum:
    SHED_ROW = 18
    SHED_NRANKS = 15

ctypedef struct Sink:
    uint8_t* buf
    Py_ssize_t cap
    Py_ssize_t n

# bk < 0: leading (every play); else only plays beating the move (bk, br, bl).
cdef Py_ssize_t ddz_gen(const uint8_t* h, int bk, int br, int bl,
                        uint8_t* out, Py_ssize_t cap) noexcept nogil
cdef Py_ssize_t ddz_classify_c(const uint8_t* h, uint8_t* out, Py_ssize_t cap) noexcept nogil
cdef bint ddz_beats_c(int ak, int ar, int al, int bk, int br, int bl) noexcept nogil

cdef Py_ssize_t zsy_gen(const uint8_t* h, int bk, int br, int bl, bint first,
                        uint8_t* out, Py_ssize_t cap) noexcept nogil
cdef Py_ssize_t zsy_classify_c(const uint8_t* h, bint first,
                               uint8_t* out, Py_ssize_t cap) noexcept nogil
cdef bint zsy_beats_c(int ak, int ar, int al, int bk, int br, int bl) noexcept nogil
