# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Shedding-game move kernel (Dou Dizhu, Zheng Shangyou), compiled.

A hand or a play is a rank count vector: 15 small ints in the order
``3 4 5 6 7 8 9 T J Q K A 2 BJ RJ``. A move is a row of 18 uint8:
``[kind, rank, length, c0 .. c14]`` (kind indexes ``DDZ_KINDS`` / ``ZSY_KINDS``; rank is the
main rank, the highest core rank of a sequence; length the number of core ranks of a sequence,
else 1). The plain-Python twin ``cardcore._ref.shedding`` documents the generation order; both
produce the same rows in the same order.

The generators are ``noexcept nogil`` C functions writing into a caller-owned buffer; the
Python wrappers validate input, allocate the result array and retry once with the exact size
when a hand has more plays than the first buffer holds.
"""

from libc.stdint cimport uint8_t
from libc.string cimport memset, memcpy
from cpython.ref cimport PyObject, Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.unicode cimport PyUnicode_DecodeASCII
from cpython.object cimport PyTypeObject

cdef extern from "Python.h":
    object PyType_GenericAlloc(PyTypeObject* t, Py_ssize_t nitems)
import operator

import numpy as np
cimport numpy as cnp

from cardcore.errors import CardcoreError, CardError

cnp.import_array()

ROW = SHED_ROW
NRANKS = SHED_NRANKS

DDZ_KINDS = ("single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_run",
             "airplane", "airplane_singles", "airplane_pairs", "four_two_singles",
             "four_two_pairs", "bomb", "rocket")
ZSY_KINDS = ("single", "pair", "trio", "straight", "pair_run", "bomb", "ace_bomb",
             "heavenly_bomb")
DDZ_CAPS = (4,) * 13 + (1, 1)
ZSY_CAPS = (4,) * 11 + (3, 1, 0, 0)

cdef enum:
    D_SINGLE = 0
    D_PAIR = 1
    D_TRIO = 2
    D_TRIO_SINGLE = 3
    D_TRIO_PAIR = 4
    D_STRAIGHT = 5
    D_PAIR_RUN = 6
    D_AIRPLANE = 7
    D_AIRPLANE_SINGLES = 8
    D_AIRPLANE_PAIRS = 9
    D_FOUR_TWO_SINGLES = 10
    D_FOUR_TWO_PAIRS = 11
    D_BOMB = 12
    D_ROCKET = 13
    D_NKINDS = 14

cdef enum:
    Z_SINGLE = 0
    Z_PAIR = 1
    Z_TRIO = 2
    Z_STRAIGHT = 3
    Z_PAIR_RUN = 4
    Z_BOMB = 5
    Z_ACE_BOMB = 6
    Z_HEAVENLY_BOMB = 7
    Z_NKINDS = 8

cdef enum:
    ACE = 11
    TWO = 12
    BJ = 13
    RJ = 14

cdef uint8_t[15] _DDZ_CAP
cdef uint8_t[15] _ZSY_CAP
for _i in range(15):
    _DDZ_CAP[_i] = DDZ_CAPS[_i]
    _ZSY_CAP[_i] = ZSY_CAPS[_i]


# ------------------------------------------------------------------ output

cdef inline void emit(Sink* s, int kind, int rank, int length, const uint8_t* c) noexcept nogil:
    cdef uint8_t* p
    if s.n < s.cap:
        p = s.buf + s.n * SHED_ROW
        p[0] = <uint8_t>kind
        p[1] = <uint8_t>rank
        p[2] = <uint8_t>length
        memcpy(p + 3, c, SHED_NRANKS)
    s.n += 1


cdef inline void emit1(Sink* s, int kind, int rank, int r, int x) noexcept nogil:
    """A row whose counts hold ``x`` cards of rank ``r`` only."""
    cdef uint8_t* p
    if s.n < s.cap:
        p = s.buf + s.n * SHED_ROW
        memset(p, 0, SHED_ROW)
        p[0] = <uint8_t>kind
        p[1] = <uint8_t>rank
        p[2] = 1
        p[3 + r] = <uint8_t>x
    s.n += 1


cdef inline void emit2(Sink* s, int kind, int rank, int r1, int x1, int r2, int x2) noexcept nogil:
    cdef uint8_t* p
    if s.n < s.cap:
        p = s.buf + s.n * SHED_ROW
        memset(p, 0, SHED_ROW)
        p[0] = <uint8_t>kind
        p[1] = <uint8_t>rank
        p[2] = 1
        p[3 + r1] += <uint8_t>x1
        p[3 + r2] += <uint8_t>x2
    s.n += 1


# ------------------------------------------------------------------ Dou Dizhu

cdef void _single_wings(const uint8_t* cap, uint8_t* c, int lo, int need, int e, int n,
                        Sink* s) noexcept nogil:
    # Nondecreasing rank sequences, lexicographic; core ranks have cap 0 (c = 3 there).
    cdef int q
    if need == 0:
        emit(s, D_AIRPLANE_SINGLES, e, n, c)
        return
    for q in range(lo, SHED_NRANKS):
        if c[q] >= cap[q]:
            continue
        if q == RJ and c[BJ]:
            continue
        c[q] += 1
        _single_wings(cap, c, q, need - 1, e, n, s)
        c[q] -= 1


cdef void _pair_wings(const int* elig, int nelig, uint8_t* c, int i, int need, int e, int n,
                      Sink* s) noexcept nogil:
    cdef int j, r
    if need == 0:
        emit(s, D_AIRPLANE_PAIRS, e, n, c)
        return
    for j in range(i, nelig - need + 1):
        r = elig[j]
        c[r] = 2
        _pair_wings(elig, nelig, c, j + 1, need - 1, e, n, s)
        c[r] = 0


cdef void _ddz_runs(const uint8_t* h, int need, int minlen, int kind, Sink* s, int only_len,
                    int rmin, int total, int per) noexcept nogil:
    cdef uint8_t c[15]
    cdef uint8_t cap[15]
    cdef int elig[13]
    cdef int st, e, n, r, nelig
    memset(c, 0, 15)
    for st in range(12):
        for e in range(st, 12):
            if h[e] < need:
                break
            c[e] = <uint8_t>need
            n = e - st + 1
            if n < minlen or (only_len and n != only_len) or e < rmin:
                continue
            if n * per > total:
                break
            if kind == D_AIRPLANE_SINGLES:
                for r in range(SHED_NRANKS):
                    cap[r] = h[r] if h[r] < 2 else 2
                for r in range(st, e + 1):
                    cap[r] = 0
                _single_wings(cap, c, 0, n, e, n, s)
            elif kind == D_AIRPLANE_PAIRS:
                nelig = 0
                for r in range(13):
                    if h[r] >= 2 and not (st <= r <= e):
                        elig[nelig] = r
                        nelig += 1
                _pair_wings(elig, nelig, c, 0, n, e, n, s)
            else:
                emit(s, kind, e, n, c)
        memset(c, 0, 15)


cdef Py_ssize_t ddz_gen(const uint8_t* h, int bk, int br, int bl,
                        uint8_t* out, Py_ssize_t cap) noexcept nogil:
    cdef Sink s
    cdef int r, t, a, b, f, total = 0, rmin, only_len, bomb_min
    cdef bint lead = bk < 0
    cdef int tk = bk
    s.buf = out
    s.cap = cap
    s.n = 0
    for r in range(SHED_NRANKS):
        total += h[r]
    rmin = 0 if lead else br + 1
    only_len = 0 if lead else bl
    if bk == D_BOMB or bk == D_ROCKET:
        bk = D_NKINDS  # no ordinary kind answers a bomb or the rocket

    if lead or bk == D_SINGLE:
        for r in range(rmin, SHED_NRANKS):
            if h[r]:
                emit1(&s, D_SINGLE, r, r, 1)
    if lead or bk == D_PAIR:
        for r in range(rmin, 13):
            if h[r] >= 2:
                emit1(&s, D_PAIR, r, r, 2)
    if lead or bk == D_TRIO:
        for r in range(rmin, 13):
            if h[r] >= 3:
                emit1(&s, D_TRIO, r, r, 3)
    if lead or bk == D_TRIO_SINGLE:
        for t in range(rmin, 13):
            if h[t] >= 3:
                for a in range(SHED_NRANKS):
                    if a != t and h[a]:
                        emit2(&s, D_TRIO_SINGLE, t, t, 3, a, 1)
    if lead or bk == D_TRIO_PAIR:
        for t in range(rmin, 13):
            if h[t] >= 3:
                for a in range(13):
                    if a != t and h[a] >= 2:
                        emit2(&s, D_TRIO_PAIR, t, t, 3, a, 2)
    if lead or bk == D_STRAIGHT:
        _ddz_runs(h, 1, 5, D_STRAIGHT, &s, only_len, rmin, total, 1)
    if lead or bk == D_PAIR_RUN:
        _ddz_runs(h, 2, 3, D_PAIR_RUN, &s, only_len, rmin, total, 2)
    if lead or bk == D_AIRPLANE:
        _ddz_runs(h, 3, 2, D_AIRPLANE, &s, only_len, rmin, total, 3)
    if lead or bk == D_AIRPLANE_SINGLES:
        _ddz_runs(h, 3, 2, D_AIRPLANE_SINGLES, &s, only_len, rmin, total, 4)
    if lead or bk == D_AIRPLANE_PAIRS:
        _ddz_runs(h, 3, 2, D_AIRPLANE_PAIRS, &s, only_len, rmin, total, 5)
    if lead or bk == D_FOUR_TWO_SINGLES:
        for f in range(rmin, 13):
            if h[f] == 4:
                for a in range(SHED_NRANKS):
                    if a == f or not h[a]:
                        continue
                    for b in range(a, SHED_NRANKS):
                        if b == f or not h[b]:
                            continue
                        if a == b and h[a] < 2:
                            continue
                        if a == BJ and b == RJ:
                            continue
                        if s.n < s.cap:
                            emit2(&s, D_FOUR_TWO_SINGLES, f, f, 4, a, 1)
                            s.buf[(s.n - 1) * SHED_ROW + 3 + b] += 1
                        else:
                            s.n += 1
    if lead or bk == D_FOUR_TWO_PAIRS:
        for f in range(rmin, 13):
            if h[f] == 4:
                for a in range(13):
                    if a == f or h[a] < 2:
                        continue
                    for b in range(a + 1, 13):
                        if b == f or h[b] < 2:
                            continue
                        if s.n < s.cap:
                            emit2(&s, D_FOUR_TWO_PAIRS, f, f, 4, a, 2)
                            s.buf[(s.n - 1) * SHED_ROW + 3 + b] = 2
                        else:
                            s.n += 1
    if tk != D_ROCKET:
        bomb_min = br + 1 if tk == D_BOMB else 0
        for r in range(bomb_min, 13):
            if h[r] == 4:
                emit1(&s, D_BOMB, r, r, 4)
        if h[BJ] and h[RJ]:
            emit2(&s, D_ROCKET, RJ, BJ, 1, RJ, 1)
    return s.n


cdef Py_ssize_t ddz_classify_c(const uint8_t* h, uint8_t* out, Py_ssize_t cap) noexcept nogil:
    cdef Sink s
    cdef int r, n = 0, nnz = 0, lo = -1, hi = -1, k, st, e, kind, per, t, p
    cdef int nz[15]
    cdef uint8_t rest
    cdef bint same, ok
    s.buf = out
    s.cap = cap
    s.n = 0
    for r in range(SHED_NRANKS):
        if h[r]:
            n += h[r]
            nz[nnz] = r
            nnz += 1
    if n == 0:
        return 0
    lo = nz[0]
    hi = nz[nnz - 1]
    if n == 1:
        emit(&s, D_SINGLE, lo, 1, h)
    if n == 2 and nnz == 1 and lo < 13:
        emit(&s, D_PAIR, lo, 1, h)
    if n == 3 and nnz == 1:
        emit(&s, D_TRIO, lo, 1, h)
    if n == 4 and nnz == 2:
        for k in range(2):
            if h[nz[k]] == 3:
                emit(&s, D_TRIO_SINGLE, nz[k], 1, h)
    if n == 5 and nnz == 2:
        for k in range(2):
            t = nz[k]
            p = nz[1 - k]
            if h[t] == 3 and h[p] == 2:
                emit(&s, D_TRIO_PAIR, t, 1, h)
    if hi <= ACE and hi - lo + 1 == nnz:
        same = True
        for k in range(nnz):
            if h[nz[k]] != h[lo]:
                same = False
                break
        if same:
            if h[lo] == 1 and n >= 5:
                emit(&s, D_STRAIGHT, hi, n, h)
            if h[lo] == 2 and n >= 6:
                emit(&s, D_PAIR_RUN, hi, n // 2, h)
            if h[lo] == 3 and n >= 6:
                emit(&s, D_AIRPLANE, hi, n // 3, h)
    for kind in range(D_AIRPLANE_SINGLES, D_AIRPLANE_PAIRS + 1):
        per = 4 if kind == D_AIRPLANE_SINGLES else 5
        if n % per or n // per < 2:
            continue
        k = n // per
        for st in range(0, 12 - k + 1):
            e = st + k - 1
            ok = True
            for r in range(st, e + 1):
                if h[r] != 3:
                    ok = False
                    break
            if not ok:
                continue
            for r in range(SHED_NRANKS):
                if st <= r <= e:
                    continue
                rest = h[r]
                if kind == D_AIRPLANE_SINGLES:
                    if rest > 2:
                        ok = False
                elif rest != 0 and rest != 2:
                    ok = False
            if kind == D_AIRPLANE_SINGLES and h[BJ] and h[RJ]:
                ok = False
            if ok:
                emit(&s, kind, e, k, h)
    if n == 6:
        for k in range(nnz):
            f = nz[k]
            if h[f] == 4 and f < 13 and not (h[BJ] and h[RJ]):
                emit(&s, D_FOUR_TWO_SINGLES, f, 1, h)
    if n == 8 and nnz == 3:
        for k in range(nnz):
            f = nz[k]
            if h[f] == 4 and f < 13:
                ok = True
                for r in range(nnz):
                    if nz[r] != f and h[nz[r]] != 2:
                        ok = False
                if ok:
                    emit(&s, D_FOUR_TWO_PAIRS, f, 1, h)
    if n == 4 and nnz == 1:
        emit(&s, D_BOMB, lo, 1, h)
    if n == 2 and h[BJ] and h[RJ]:
        emit(&s, D_ROCKET, RJ, 1, h)
    return s.n


cdef bint ddz_beats_c(int ak, int ar, int al, int bk, int br, int bl) noexcept nogil:
    if ak == D_ROCKET:
        return bk != D_ROCKET
    if bk == D_ROCKET:
        return False
    if ak == D_BOMB:
        return bk != D_BOMB or ar > br
    return ak == bk and al == bl and ar > br


# ------------------------------------------------------------------ Zheng Shangyou

cdef inline void zemit1(Sink* s, bint first, int kind, int rank, int r, int x) noexcept nogil:
    if not first or r == 0:
        emit1(s, kind, rank, r, x)


cdef Py_ssize_t zsy_gen(const uint8_t* h, int bk, int br, int bl, bint first,
                        uint8_t* out, Py_ssize_t cap) noexcept nogil:
    cdef Sink s
    cdef uint8_t c[15]
    cdef int r, st, e, n, kind, need, minlen, bomb_min
    cdef bint lead = bk < 0
    cdef bint ordinary = lead or bk <= Z_PAIR_RUN
    cdef int rmin = 0 if lead else br + 1
    s.buf = out
    s.cap = cap
    s.n = 0
    if ordinary and (lead or bk == Z_SINGLE):
        for r in range(rmin, 13):
            if h[r]:
                zemit1(&s, first, Z_SINGLE, r, r, 1)
    if ordinary and (lead or bk == Z_PAIR):
        for r in range(rmin, 12):
            if h[r] >= 2:
                zemit1(&s, first, Z_PAIR, r, r, 2)
    if ordinary and (lead or bk == Z_TRIO):
        for r in range(rmin, ACE):
            if h[r] >= 3:
                zemit1(&s, first, Z_TRIO, r, r, 3)
    memset(c, 0, 15)
    for kind in range(Z_STRAIGHT, Z_PAIR_RUN + 1):
        if not (ordinary and (lead or bk == kind)):
            continue
        need = 1 if kind == Z_STRAIGHT else 2
        minlen = 5 if kind == Z_STRAIGHT else 2
        for st in range(12):
            if first and st > 0:
                break
            for e in range(st, 12):
                if h[e] < need:
                    break
                c[e] = <uint8_t>need
                n = e - st + 1
                if n < minlen or (not lead and (n != bl or e <= br)):
                    continue
                emit(&s, kind, e, n, c)
            memset(c, 0, 15)
    if ordinary or bk == Z_BOMB:
        bomb_min = br + 1 if bk == Z_BOMB else 0
        for r in range(bomb_min, ACE):
            if h[r] == 4 and not (first and r == 0):
                zemit1(&s, first, Z_BOMB, r, r, 4)
        if h[ACE] == 3:
            zemit1(&s, first, Z_ACE_BOMB, ACE, ACE, 3)
    if first and h[0] == 4:
        emit1(&s, Z_HEAVENLY_BOMB, 0, 0, 4)
    return s.n


cdef Py_ssize_t zsy_classify_c(const uint8_t* h, bint first,
                               uint8_t* out, Py_ssize_t cap) noexcept nogil:
    cdef Sink s
    cdef int r, n = 0, nnz = 0, lo = -1, hi = -1
    cdef bint same = True
    s.buf = out
    s.cap = cap
    s.n = 0
    for r in range(SHED_NRANKS):
        if h[r]:
            n += h[r]
            if lo < 0:
                lo = r
            elif h[r] != h[lo]:
                same = False
            hi = r
            nnz += 1
    if n == 0 or (first and not h[0]):
        return 0
    if n == 1:
        emit(&s, Z_SINGLE, lo, 1, h)
    if n == 2 and nnz == 1:
        emit(&s, Z_PAIR, lo, 1, h)
    if n == 3 and nnz == 1 and lo != ACE:
        emit(&s, Z_TRIO, lo, 1, h)
    if hi <= ACE and hi - lo + 1 == nnz and same:
        if h[lo] == 1 and n >= 5:
            emit(&s, Z_STRAIGHT, hi, n, h)
        if h[lo] == 2 and n >= 4:
            emit(&s, Z_PAIR_RUN, hi, n // 2, h)
    if n == 4 and nnz == 1 and not (first and lo == 0):
        emit(&s, Z_BOMB, lo, 1, h)
    if n == 3 and h[ACE] == 3:
        emit(&s, Z_ACE_BOMB, ACE, 1, h)
    if first and n == 4 and h[0] == 4:
        emit(&s, Z_HEAVENLY_BOMB, 0, 1, h)
    return s.n


cdef bint zsy_beats_c(int ak, int ar, int al, int bk, int br, int bl) noexcept nogil:
    if bk == Z_HEAVENLY_BOMB:
        return False
    if ak == Z_HEAVENLY_BOMB:
        return True
    if bk == Z_ACE_BOMB:
        return False
    if ak == Z_ACE_BOMB:
        return True
    if ak == Z_BOMB:
        return bk != Z_BOMB or ar > br
    if bk == Z_BOMB:
        return False
    return ak == bk and al == bl and ar > br


# ------------------------------------------------------------------ Python API

# Argument checks: every ``def`` raises CardError (hands: rank counts) or CardcoreError (move
# keys, rows, other arguments) naming the argument, never a bare TypeError / OverflowError.

cdef int _load(object counts, const uint8_t* caps, uint8_t* h, str what) except -1:
    # Fast paths: a contiguous uint8 numpy array or a bytes object of 15 counts.
    cdef Py_ssize_t i
    cdef const uint8_t* src = NULL
    cdef cnp.ndarray arr
    if type(counts) is bytes:
        if len(<bytes>counts) != SHED_NRANKS:
            raise CardError(f"{what}: expected 15 rank counts, got {len(<bytes>counts)}")
        src = <const uint8_t*><const char*>counts
    elif isinstance(counts, cnp.ndarray):
        arr = <cnp.ndarray>counts
        if (cnp.PyArray_TYPE(arr) == cnp.NPY_UINT8 and cnp.PyArray_NDIM(arr) == 1
                and cnp.PyArray_ISCARRAY_RO(arr)):
            if cnp.PyArray_DIM(arr, 0) != SHED_NRANKS:
                raise CardError(f"{what}: expected 15 rank counts, got {cnp.PyArray_DIM(arr, 0)}")
            src = <const uint8_t*>cnp.PyArray_DATA(arr)
    if src != NULL:
        for i in range(SHED_NRANKS):
            if src[i] > caps[i]:
                raise CardError(f"{what}: count {src[i]} at rank index {i} outside 0..{caps[i]}")
            h[i] = src[i]
        return 0
    if isinstance(counts, str):
        raise CardError(f"{what} {counts!r}: expected 15 small ints")
    try:
        seq = list(counts)
    except TypeError:
        raise CardError(f"{what} {counts!r}: expected 15 small ints") from None
    if len(seq) != SHED_NRANKS:
        raise CardError(f"{what}: expected 15 rank counts, got {len(seq)}")
    for i in range(SHED_NRANKS):
        x = _index(seq[i])
        if x is None:
            raise CardError(f"{what}: count {seq[i]!r} at rank index {i}: expected an int")
        if not 0 <= x <= caps[i]:
            raise CardError(f"{what}: count {x} at rank index {i} outside 0..{caps[i]}")
        h[i] = <uint8_t>x
    return 0


cdef object _index(object x):
    """``x`` as a Python int when it is an int or numpy integer (not a bool), else None."""
    if isinstance(x, (bool, np.bool_)):
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


cdef tuple _beat(object beat, int nkinds, str what="beat"):
    # (indexing is unchecked in this module, so the length is checked first)
    if isinstance(beat, (str, bytes)):
        raise CardcoreError(f"{what} {beat!r}: expected (kind, rank, length)")
    try:
        t = tuple(beat)
    except TypeError:
        raise CardcoreError(f"{what} {beat!r}: expected (kind, rank, length)") from None
    if len(t) != 3:
        raise CardcoreError(f"{what} {beat!r}: expected (kind, rank, length)")
    k, r, n = _index(t[0]), _index(t[1]), _index(t[2])
    if k is None or r is None or n is None:
        raise CardcoreError(f"{what} {beat!r}: expected three ints (kind, rank, length)")
    if not (0 <= k < nkinds and 0 <= r < SHED_NRANKS and 1 <= n <= SHED_NRANKS):
        raise CardcoreError(f"{what} {beat!r}: kind, rank or length out of range")
    return k, r, n


cdef bint _first_arg(object first_play) except -1:
    if not isinstance(first_play, (bool, np.bool_, int, np.integer)) or first_play not in (0, 1):
        raise CardcoreError(f"first_play {first_play!r}: expected True or False")
    return bool(first_play)


cdef enum:
    STACK_ROWS = 512


cdef object _run(int game, const uint8_t* h, int bk, int br, int bl, bint first, bint classify):
    # Generate into a stack buffer; copy into an exact-size array (regenerate when larger).
    cdef uint8_t stack[STACK_ROWS * SHED_ROW]
    cdef uint8_t* buf = stack
    cdef Py_ssize_t cap = STACK_ROWS, n
    cdef cnp.npy_intp dims[2]
    cdef cnp.ndarray arr
    while True:
        # (no GIL release: a call takes well under a microsecond)
        if game == 0:
            if classify:
                n = ddz_classify_c(h, buf, cap)
            else:
                n = ddz_gen(h, bk, br, bl, buf, cap)
        else:
            if classify:
                n = zsy_classify_c(h, first, buf, cap)
            else:
                n = zsy_gen(h, bk, br, bl, first, buf, cap)
        if n <= cap:
            dims[0] = n
            dims[1] = SHED_ROW
            if buf != stack:
                return arr
            arr = cnp.PyArray_SimpleNew(2, dims, cnp.NPY_UINT8)
            memcpy(cnp.PyArray_DATA(arr), stack, n * SHED_ROW)
            return arr
        dims[0] = n
        dims[1] = SHED_ROW
        arr = cnp.PyArray_SimpleNew(2, dims, cnp.NPY_UINT8)
        buf = <uint8_t*>cnp.PyArray_DATA(arr)
        cap = n


def ddz_moves(counts, beat=None):
    """Every Dou Dizhu play of the hand ``counts`` (15 rank counts), as an (n, 18) uint8 array.

    ``beat`` is ``None`` (leading) or a table move ``(kind, rank, length)``; then only the plays
    that beat it are listed (never a pass).
    """
    cdef uint8_t h[15]
    _load(counts, _DDZ_CAP, h, "hand")
    if beat is None:
        return _run(0, h, -1, 0, 0, False, False)
    k, r, n = _beat(beat, D_NKINDS)
    return _run(0, h, k, r, n, False, False)


def ddz_count(counts, beat=None) -> int:
    """The number of rows ``ddz_moves`` would return (no array is built)."""
    cdef uint8_t h[15]
    cdef int k = -1, r = 0, n = 0
    _load(counts, _DDZ_CAP, h, "hand")
    if beat is not None:
        k, r, n = _beat(beat, D_NKINDS)
    return ddz_gen(h, k, r, n, NULL, 0)


def ddz_classify(counts):
    """Every Dou Dizhu reading of exactly the cards ``counts``, as rows (empty if none)."""
    cdef uint8_t h[15]
    _load(counts, _DDZ_CAP, h, "cards")
    return _run(0, h, -1, 0, 0, False, True)


def ddz_beats(a, b) -> bool:
    """Whether Dou Dizhu move ``a = (kind, rank, length)`` beats ``b``."""
    ak, ar, al = _beat(a, D_NKINDS, "a")
    bk, br, bl = _beat(b, D_NKINDS, "b")
    return bool(ddz_beats_c(ak, ar, al, bk, br, bl))


def zsy_moves(counts, beat=None, first_play=False):
    """Every Zheng Shangyou play of the hand ``counts``, as an (n, 18) uint8 array.

    ``beat``: ``None`` (leading) or a table move ``(kind, rank, length)``. ``first_play``: the
    opening play of the deal, so every move holds a 3 (the caller supplies the 3 of hearts) and
    four 3s are the heavenly bomb; it cannot be combined with ``beat``.
    """
    cdef uint8_t h[15]
    cdef bint first = _first_arg(first_play)
    _load(counts, _ZSY_CAP, h, "hand")
    if beat is None:
        return _run(1, h, -1, 0, 0, first, False)
    if first:
        raise CardcoreError("first_play: the opening play is a lead, it has no move to beat")
    k, r, n = _beat(beat, Z_NKINDS)
    return _run(1, h, k, r, n, False, False)


def zsy_can_beat(counts, beat) -> bool:
    """Whether the hand ``counts`` holds any play that beats ``beat`` (must-beat rule)."""
    cdef uint8_t h[15]
    _load(counts, _ZSY_CAP, h, "hand")
    k, r, n = _beat(beat, Z_NKINDS)
    return zsy_gen(h, k, r, n, False, NULL, 0) > 0


def zsy_classify(counts, first_play=False):
    """Every Zheng Shangyou reading of exactly the cards ``counts`` (empty if none)."""
    cdef uint8_t h[15]
    cdef bint first = _first_arg(first_play)
    _load(counts, _ZSY_CAP, h, "cards")
    return _run(1, h, -1, 0, 0, first, True)


def zsy_beats(a, b) -> bool:
    """Whether Zheng Shangyou move ``a = (kind, rank, length)`` beats ``b``."""
    ak, ar, al = _beat(a, Z_NKINDS, "a")
    bk, br, bl = _beat(b, Z_NKINDS, "b")
    return bool(zsy_beats_c(ak, ar, al, bk, br, bl))



# ------------------------------------------------------------------ rows -> move records
#
# The boundary to Python objects (outside the generators): each row becomes a record
# ``cls((kind_name, rank, length, cards, counts, text))`` for a tuple subclass ``cls``, with
# ``cards`` picked from ``by`` (per rank, the hand's cards in preference order), core ranks
# first, then the attachments, each ascending; ``text`` is the rank notation.

cdef bytes _RANK_CHARS = b"3456789TJQKA2"
cdef tuple _SMALL = tuple(range(16))


cdef list _build(object rows, object by, object cls, tuple kinds, int game):
    cdef cnp.ndarray arr
    cdef const uint8_t* data
    cdef const uint8_t* row
    cdef const char* rc = _RANK_CHARS
    cdef PyObject* pick[15][4]
    cdef int have[15]
    cdef Py_ssize_t nrows, i, pos
    cdef int r, j, q, k, rank, length, lo, hi, total, x, nkinds = len(kinds), tl
    cdef char text[128]
    cdef list out = []
    cdef object cards, counts, rec, lst, item
    if not isinstance(rows, cnp.ndarray):
        raise CardcoreError("rows: expected a uint8 array of shape (n, 18)")
    arr = <cnp.ndarray>rows
    if (cnp.PyArray_TYPE(arr) != cnp.NPY_UINT8 or cnp.PyArray_NDIM(arr) != 2
            or cnp.PyArray_DIM(arr, 1) != SHED_ROW or not cnp.PyArray_ISCARRAY_RO(arr)):
        raise CardcoreError("rows: expected a C-contiguous uint8 array of shape (n, 18)")
    if not (isinstance(cls, type) and issubclass(cls, tuple)
            and cls.__basicsize__ == tuple.__basicsize__
            and cls.__itemsize__ == tuple.__itemsize__):
        raise CardcoreError(f"cls {cls!r}: expected a tuple subclass without instance fields")
    if type(by) is not list or len(by) != SHED_NRANKS:
        raise CardcoreError("by: expected a list of 15 lists of cards, one per rank")
    for r in range(SHED_NRANKS):
        lst = by[r]
        if type(lst) is not list:
            raise CardcoreError("by: expected a list of 15 lists of cards, one per rank")
        have[r] = <int>min(PyList_GET_SIZE(lst), 4)
        for j in range(have[r]):
            pick[r][j] = PyList_GET_ITEM(lst, j)
    nrows = cnp.PyArray_DIM(arr, 0)
    data = <const uint8_t*>cnp.PyArray_DATA(arr)
    for i in range(nrows):
        row = data + i * SHED_ROW
        k = row[0]
        rank = row[1]
        length = row[2]
        if k >= nkinds or rank >= SHED_NRANKS or length < 1 or length > rank + 1:
            raise CardcoreError(f"row {i}: bad kind, rank or length")
        if game == 0 and D_STRAIGHT <= k <= D_AIRPLANE_PAIRS or game == 1 and (
                k == Z_STRAIGHT or k == Z_PAIR_RUN):
            lo = rank - length + 1
            hi = rank
        elif game == 0 and k == D_ROCKET:
            lo = BJ
            hi = RJ
        else:
            lo = rank
            hi = rank
        total = 0
        for r in range(SHED_NRANKS):
            x = row[3 + r]
            if x > have[r]:
                raise CardcoreError(f"row {i}: needs {x} cards of rank index {r}, by has {have[r]}")
            total += x
        cards = PyTuple_New(total)
        counts = PyTuple_New(SHED_NRANKS)
        pos = 0
        tl = 0
        # core ranks, then the others (attachments), ascending; jokers as separate tokens
        for j in range(2):
            for r in range(SHED_NRANKS):
                if (j == 0) != (lo <= r <= hi):
                    continue
                x = row[3 + r]
                for q in range(x):
                    item = <object>pick[r][q]
                    Py_INCREF(item)
                    PyTuple_SET_ITEM(cards, pos, item)
                    pos += 1
                    if r < BJ:
                        text[tl] = rc[r]
                        tl += 1
        for r in range(BJ, RJ + 1):
            if row[3 + r]:
                if tl:
                    text[tl] = 32
                    tl += 1
                text[tl] = 66 if r == BJ else 82
                text[tl + 1] = 74
                tl += 2
        for r in range(SHED_NRANKS):
            item = _SMALL[row[3 + r]]
            Py_INCREF(item)
            PyTuple_SET_ITEM(counts, r, item)
        # the record: an instance of the tuple subclass ``cls`` filled in place (as
        # tuple.__new__(cls, ...) would, without the intermediate tuple)
        rec = PyType_GenericAlloc(<PyTypeObject*>cls, 6)
        _set(rec, 0, kinds[row[0]])
        _set(rec, 1, _SMALL[rank])
        _set(rec, 2, _SMALL[length])
        _set(rec, 3, cards)
        _set(rec, 4, counts)
        _set(rec, 5, PyUnicode_DecodeASCII(text, tl, NULL))
        out.append(rec)
    return out


cdef inline void _set(object t, Py_ssize_t i, object o):
    Py_INCREF(o)
    PyTuple_SET_ITEM(t, i, o)


def ddz_build(rows, by, cls):
    """Dou Dizhu move records ``cls((kind, rank, length, cards, counts, text))`` for ``rows``;
    ``by[r]`` lists the hand's cards of rank index ``r`` in the order they are to be chosen."""
    return _build(rows, by, cls, DDZ_KINDS, 0)


def zsy_build(rows, by, cls):
    """Zheng Shangyou move records, as ``ddz_build``."""
    return _build(rows, by, cls, ZSY_KINDS, 1)
