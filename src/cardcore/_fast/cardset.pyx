# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Card-set helpers: 54-bit masks, per-card multiplicities and rank count vectors.

Card ids follow ``cardcore.cards``: ``rank * 4 + suit`` for 0..51, 52 = BJ, 53 = RJ.
Inputs are validated by the Python wrappers here (ids must be < 54); the ``cdef`` parts assume
valid ids.
"""

from libc.stdint cimport uint8_t, uint64_t, int64_t

from cardcore._fast.bits cimport cc_popcount, cc_pop_lowest, rng_below

import operator

import numpy as np
cimport numpy as cnp

from cardcore.errors import CardError, CardcoreError, quote

cnp.import_array()

cdef enum:
    NCARDS = 54


cdef int popcount64(uint64_t x) noexcept nogil:
    """Set bits of ``x`` (``cc_popcount`` of bits.pxd, kept here for the kernels that cimport
    it from this module)."""
    return cc_popcount(x)


cdef uint64_t mask_of_ids(const uint8_t[:] ids) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint64_t m = 0
    for i in range(ids.shape[0]):
        m |= (<uint64_t>1) << ids[i]
    return m


cdef int ids_of_mask(uint64_t mask, uint8_t* out) noexcept nogil:
    cdef int n = 0
    while mask:
        out[n] = <uint8_t>cc_pop_lowest(&mask)
        n += 1
    return n


cdef str _r(object x):
    """``repr(x)`` for messages (``quote`` where repr fails: an int too large to print)."""
    try:
        return repr(x)
    except ValueError:
        return quote(x)


# Argument checks: every ``def`` raises CardError naming the argument for input it cannot take
# (never a bare TypeError or OverflowError, never an id it silently wraps).

cdef object _as_ids(object ids):
    """Card ids as a 1-d uint8 array, each checked to be 0..53 before any conversion."""
    if isinstance(ids, (str, bytes)):
        raise CardError(f"card ids {_r(ids)}: expected a 1-d sequence of ints")
    try:
        arr = np.asarray(ids)
    except (TypeError, ValueError, OverflowError):
        raise CardError(f"card ids {_r(ids)}: expected a 1-d sequence of ints") from None
    if arr.ndim != 1:
        raise CardError(f"card ids: expected a 1-d sequence, got shape {arr.shape}")
    if arr.size == 0:
        return np.zeros(0, dtype=np.uint8)
    if arr.dtype.kind not in "iu":
        raise CardError(f"card ids: expected ints, got dtype {arr.dtype}")
    if arr.dtype != np.uint8:
        bad = np.flatnonzero((arr < 0) | (arr >= NCARDS))
        if bad.size:
            i = int(bad[0])
            raise CardError(f"card id {arr[i]} at index {i}: out of range 0..53")
    return np.ascontiguousarray(arr, dtype=np.uint8)


cdef inline void _check(const uint8_t[:] ids) except *:
    cdef Py_ssize_t i
    for i in range(ids.shape[0]):
        if ids[i] >= NCARDS:
            raise CardError(f"card id {ids[i]} at index {i}: out of range 0..53")


cdef uint64_t _mask_arg(object mask, int bits) except? 0:
    """A card mask: an int (or numpy integer, not a bool) of at most ``bits`` bits."""
    if isinstance(mask, (bool, np.bool_)) or not isinstance(mask, (int, np.integer)):
        raise CardError(f"mask {_r(mask)}: expected an int")
    v = operator.index(mask)
    if v < 0:
        raise CardError(f"mask {_r(mask)}: negative")
    if v >> bits:
        raise CardError(f"mask {v:#x}: bits above {bits - 1} are set")
    return <uint64_t>v


def popcount(mask) -> int:
    """Number of cards (set bits) in a mask (an int 0 <= mask < 2**64)."""
    return cc_popcount(_mask_arg(mask, 64))


def mask(ids) -> int:
    """The 54-bit mask of a set of card ids (duplicates collapse)."""
    cdef const uint8_t[:] v = _as_ids(ids)
    _check(v)
    with nogil:
        m = mask_of_ids(v)
    return m


def from_mask(mask):
    """The card ids of a 54-bit mask, ascending, as a uint8 array."""
    cdef uint64_t m = _mask_arg(mask, NCARDS)
    out = np.empty(cc_popcount(m), dtype=np.uint8)
    cdef uint8_t[::1] o = out
    cdef uint8_t buf[64]
    cdef int n, i
    with nogil:
        n = ids_of_mask(m, buf)
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


def suit_masks(mask):
    """Split a card mask into four 13-bit rank masks (clubs, diamonds, hearts, spades); the
    jokers (bits 52, 53) are in no suit."""
    cdef uint64_t m = _mask_arg(mask, NCARDS)
    cdef int s, r
    cdef unsigned int sm
    out = []
    for s in range(4):
        sm = 0
        for r in range(13):
            if m >> (r * 4 + s) & 1:
                sm |= 1u << r
        out.append(sm)
    return tuple(out)


def same_multiset(a, b) -> bool:
    """True when two id sequences are the same multiset."""
    # ``a`` is read and checked before ``b`` (the twin's order, so both name the same error)
    cdef const uint8_t[:] va = _as_ids(a)
    _check(va)
    cdef const uint8_t[:] vb = _as_ids(b)
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


# ---------------------------------------------------------------- shuffling

def shuffle(seq, state) -> int:
    """Fisher-Yates shuffle of ``seq`` in place with the SplitMix64 generator whose state is
    ``state``: the same draws and the same order as ``cardcore.rng.Rng(state).shuffle``.
    Returns the generator's new state."""
    if type(seq) is not list:
        raise CardcoreError(f"seq: expected a list, got {type(seq).__name__}")
    if isinstance(state, (bool, np.bool_)) or not isinstance(state, (int, np.integer)):
        raise CardcoreError(f"state {_r(state)}: expected an int")
    cdef uint64_t st = <uint64_t>(operator.index(state) & 0xFFFFFFFFFFFFFFFF)
    cdef list lst = seq
    cdef Py_ssize_t n = len(lst)
    cdef Py_ssize_t i, j
    if n < 2:
        return st
    for i in range(n - 1, 0, -1):
        j = <Py_ssize_t>rng_below(&st, <uint64_t>(i + 1))
        if i != j:
            lst[i], lst[j] = lst[j], lst[i]
    return st
