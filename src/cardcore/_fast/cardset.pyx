# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Card-set helpers: 54-bit masks, per-card multiplicities and rank count vectors.

Card ids follow ``cardcore.cards``: ``rank * 4 + suit`` for 0..51, 52 = BJ, 53 = RJ.
Inputs are validated by the Python wrappers here (ids must be < 54); the ``cdef`` parts assume
valid ids.
"""

from libc.stdint cimport uint8_t, uint64_t, int64_t
import numpy as np
cimport numpy as cnp

cnp.import_array()

DEF NCARDS = 54


cdef int popcount64(uint64_t x) noexcept nogil:
    # SWAR popcount; portable across compilers (no builtin needed).
    x = x - ((x >> 1) & 0x5555555555555555ULL)
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    return <int>((x * 0x0101010101010101ULL) >> 56)


cdef uint64_t mask_of_ids(const uint8_t[:] ids) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint64_t m = 0
    for i in range(ids.shape[0]):
        m |= (<uint64_t>1) << ids[i]
    return m


cdef int ids_of_mask(uint64_t mask, uint8_t* out) noexcept nogil:
    cdef int n = 0
    cdef int b
    for b in range(64):
        if (mask >> b) & 1:
            out[n] = <uint8_t>b
            n += 1
    return n


cdef inline void _check(const uint8_t[:] ids) except *:
    cdef Py_ssize_t i
    for i in range(ids.shape[0]):
        if ids[i] >= NCARDS:
            raise ValueError(f"card id {ids[i]} at index {i}: out of range 0..53")


def _as_ids(ids):
    arr = np.ascontiguousarray(ids, dtype=np.uint8) if not isinstance(ids, np.ndarray) or ids.dtype != np.uint8 else np.ascontiguousarray(ids)
    if arr.ndim != 1:
        raise ValueError(f"card ids: expected a 1-d sequence, got shape {arr.shape}")
    return arr


def popcount(unsigned long long mask) -> int:
    """Number of cards in a mask."""
    return popcount64(mask)


def mask(ids) -> int:
    """The 54-bit mask of a set of card ids (duplicates collapse)."""
    cdef const uint8_t[:] v = _as_ids(ids)
    _check(v)
    with nogil:
        m = mask_of_ids(v)
    return m


def from_mask(unsigned long long mask):
    """The card ids of a mask, ascending, as a uint8 array."""
    if mask >> NCARDS:
        raise ValueError(f"mask {mask:#x}: bits above 53 are set")
    out = np.empty(popcount64(mask), dtype=np.uint8)
    cdef uint8_t[::1] o = out
    cdef uint8_t buf[64]
    cdef int n, i
    with nogil:
        n = ids_of_mask(mask, buf)
        for i in range(n):
            o[i] = buf[i]
    return out


def card_counts(ids):
    """Multiplicity of each card id 0..53 (a multiset as a count vector), uint8[54]."""
    cdef const uint8_t[:] v = _as_ids(ids)
    _check(v)
    out = np.zeros(NCARDS, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(v.shape[0]):
            o[v[i]] += 1
    return out


def rank_counts(ids):
    """Count vector over 15 ranks: 2..A = 0..12, BJ = 13, RJ = 14 (uint8[15])."""
    cdef const uint8_t[:] v = _as_ids(ids)
    _check(v)
    out = np.zeros(15, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    cdef Py_ssize_t i
    cdef uint8_t c
    with nogil:
        for i in range(v.shape[0]):
            c = v[i]
            if c < 52:
                o[c >> 2] += 1
            else:
                o[c - 39] += 1
    return out


def suit_masks(unsigned long long mask):
    """Split a 52-card mask into four 13-bit rank masks (clubs, diamonds, hearts, spades)."""
    cdef int s, r
    cdef unsigned int sm
    out = []
    for s in range(4):
        sm = 0
        for r in range(13):
            if mask >> (r * 4 + s) & 1:
                sm |= 1u << r
        out.append(sm)
    return tuple(out)


def same_multiset(a, b) -> bool:
    """True when two id sequences are the same multiset."""
    cdef const uint8_t[:] va = _as_ids(a)
    cdef const uint8_t[:] vb = _as_ids(b)
    _check(va)
    _check(vb)
    if va.shape[0] != vb.shape[0]:
        return False
    cdef int cnt[NCARDS]
    cdef Py_ssize_t i
    cdef bint ok = True
    with nogil:
        for i in range(NCARDS):
            cnt[i] = 0
        for i in range(va.shape[0]):
            cnt[va[i]] += 1
        for i in range(vb.shape[0]):
            cnt[vb[i]] -= 1
        for i in range(NCARDS):
            if cnt[i] != 0:
                ok = False
                break
    return ok
