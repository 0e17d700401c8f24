# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Poker hand evaluation kernel: 5, 6 and 7 cards, batch evaluation, enumeration and equity.

Hand values are dense ints 1..7462 (one per equivalence class of five-card hands; a higher
value is a stronger hand, equal values are exactly the ties).

How a hand is evaluated
-----------------------
Every card id (``rank * 4 + suit``) maps to a 64-bit key: the rank's *rank key* in the high 32
bits and a 4-bit suit counter ``1 << (4 * suit)`` in the low 16 bits. Sums start at ``0x3333``
so that a suit counter reaches 8 (bit 3 of its nibble) exactly when five cards of that suit are
present: ``sum & 0x8888`` is the flush test.

- Flush: the 13-bit rank mask of the flush suit indexes ``FLUSH_TAB`` (8192 entries). With at
  most 7 cards a flush excludes quads and full houses, so the flush table is final.
- Otherwise the sum of the rank keys identifies the rank multiset (the keys are chosen greedily
  so that every multiset of at most 7 ranks, each at most 4 times, has its own sum; max sum
  18,393,157). A row-displacement perfect hash maps that sum into ``HASH_TAB`` (~142k uint16):
  ``HASH_TAB[ROW_OFF[s >> 10] + (s & 1023)]``. Both tables are built at import (~0.05 s).
"""

from libc.stdint cimport (uint8_t, int8_t, uint16_t, int16_t, uint32_t, int32_t, int64_t,
                          uint64_t, INT64_MAX)
from cpython.ref cimport PyObject
from libc.stdlib cimport malloc, free, calloc
from libc.string cimport memset, memcpy
from libc.math cimport isfinite

from cardcore._fast.bits cimport (cc_popcount, cc_msb_or, cc_top_bits, splitmix64_next,
                                  rng_below_mulshift)
cimport cython
cimport numpy as cnp
from cardcore._fast.args cimport flag_arg

import operator

import numpy as np

from cardcore.errors import CardcoreError, CardError, quote

cnp.import_array()

# ---------------------------------------------------------------- constants

cdef enum:
    HASH_SHIFT = 10
    HASH_MASK = 1023
    MAX_RANK_SUM = 18393157
    N_ROWS = 17963          # (MAX_RANK_SUM >> HASH_SHIFT) + 1
    TABLE_CAP = 262144
    N_PATTERNS = 73775      # rank multisets of 5, 6 or 7 cards
    SUIT_INIT = 0x3333
    FLUSH_BITS = 0x8888
    MAX_PLAYERS = 10
    SHARE_UNIT = 2520       # lcm(1..10): a k-way tie gives each winner SHARE_UNIT / k

cdef enum:
    BASE_HIGH = 1
    BASE_PAIR = 1278
    BASE_TWO_PAIR = 4138
    BASE_TRIPS = 4996
    BASE_STRAIGHT = 5854
    BASE_FLUSH = 5864
    BASE_FULL_HOUSE = 7141
    BASE_QUADS = 7297
    BASE_STRAIGHT_FLUSH = 7453
    MAX_VALUE = 7462

CATEGORIES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush")
CATEGORY_BASES = (BASE_HIGH, BASE_PAIR, BASE_TWO_PAIR, BASE_TRIPS, BASE_STRAIGHT, BASE_FLUSH,
                  BASE_FULL_HOUSE, BASE_QUADS, BASE_STRAIGHT_FLUSH)
NUM_VALUES = MAX_VALUE

# ---------------------------------------------------------------- tables (built once at import)

cdef uint32_t RANK_KEY[13]
cdef uint64_t CARD_KEY[256]      # rank key << 32 | suit counter; 0 for an invalid id
cdef uint64_t CARD_BIT[256]      # 1 << id; bit 63 for an invalid id
cdef uint64_t SUIT_RANKBIT[256]  # (1 << rank) << (16 * suit)
cdef uint16_t RANK_BIT[256]      # 1 << rank; 0 for an invalid id (keeps FLUSH_TAB in bounds)
cdef uint16_t FLUSH_TAB[8192]
cdef int32_t ROW_OFF[N_ROWS]
cdef uint16_t HASH_TAB[TABLE_CAP]
cdef uint8_t CAT_OF[MAX_VALUE + 1]
cdef int32_t BINOM[14][6]
cdef int HASH_SIZE = 0

RANK_KEY[:] = [1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359,
               3453520]


cdef int _straight_index(uint32_t mask) noexcept nogil:
    """0 (wheel) .. 9 (ace high) for the best straight in a 13-bit rank mask, else -1."""
    cdef int top
    for top in range(12, 3, -1):
        if ((mask >> (top - 4)) & 0x1F) == 0x1F:
            return top - 3
    if (mask & 0x100F) == 0x100F:
        return 0
    return -1


cdef int _colex(uint32_t mask) noexcept nogil:
    """Rank of ``mask`` among the masks of the same popcount in numeric order."""
    cdef int i = 1, pos = 0, r = 0
    while mask:
        if mask & 1:
            r += BINOM[pos][i]
            i += 1
        mask >>= 1
        pos += 1
    return r


cdef inline uint32_t _drop_bit(uint32_t mask, int b) noexcept nogil:
    """Remove bit position ``b`` from ``mask``, shifting higher bits down."""
    return (mask & ((1u << b) - 1)) | ((mask >> (b + 1)) << b)


cdef int _high_index(uint32_t mask5) noexcept nogil:
    """Index 0..1276 of a five-rank mask that is not a straight (numeric order)."""
    cdef int below = 0
    cdef uint32_t s
    cdef int t
    for t in range(9):
        s = 0x1F << t
        if s < mask5:
            below += 1
    if 0x100F < mask5:
        below += 1
    return _colex(mask5) - below


cdef inline uint32_t _top_bits(uint32_t mask, int n) noexcept nogil:
    """The ``n`` highest ranks of a rank mask."""
    return <uint32_t>cc_top_bits(mask, n)


cdef int _flush_value(uint32_t mask) noexcept nogil:
    cdef int st = _straight_index(mask)
    if st >= 0:
        return BASE_STRAIGHT_FLUSH + st
    return BASE_FLUSH + _high_index(_top_bits(mask, 5))


cdef inline int _highest(uint32_t mask) noexcept nogil:
    """The highest rank of a rank mask, -1 for none."""
    return cc_msb_or(mask, -1)


cdef int _nonflush_value(int* counts) noexcept nogil:
    """Best five-card value of a rank multiset (5..7 cards) without a flush."""
    cdef uint32_t present = 0, quads = 0, trips = 0, pairs = 0
    cdef int r, q, t, p, h, l, k, st
    for r in range(13):
        if counts[r] >= 1:
            present |= 1u << r
        if counts[r] == 4:
            quads |= 1u << r
        elif counts[r] == 3:
            trips |= 1u << r
        elif counts[r] == 2:
            pairs |= 1u << r
    if quads:
        q = _highest(quads)
        k = _highest(present & ~(1u << q))
        return BASE_QUADS + q * 12 + (k - (k > q))
    if trips:
        t = _highest(trips)
        p = _highest((trips & ~(1u << t)) | pairs)
        if p >= 0:
            return BASE_FULL_HOUSE + t * 12 + (p - (p > t))
    st = _straight_index(present)
    if st >= 0:
        return BASE_STRAIGHT + st
    if trips:
        t = _highest(trips)
        return BASE_TRIPS + t * 66 + _colex(_drop_bit(_top_bits(present & ~(1u << t), 2), t))
    if pairs and (pairs & (pairs - 1)):
        h = _highest(pairs)
        l = _highest(pairs & ~(1u << h))
        k = _highest(present & ~((1u << h) | (1u << l)))
        return BASE_TWO_PAIR + _colex((1u << h) | (1u << l)) * 11 + (k - (k > h) - (k > l))
    if pairs:
        p = _highest(pairs)
        return BASE_PAIR + p * 220 + _colex(_drop_bit(_top_bits(present & ~(1u << p), 3), p))
    return BASE_HIGH + _high_index(_top_bits(present, 5))


cdef void _collect(int r, int size, uint32_t key, int* counts, uint32_t* keys,
                   uint16_t* vals, int* n_keys) noexcept nogil:
    cdef int c
    if r == 13:
        if size >= 5:
            keys[n_keys[0]] = key
            vals[n_keys[0]] = <uint16_t>_nonflush_value(counts)
            n_keys[0] += 1
        return
    for c in range(5):
        if size + c > 7:
            break
        counts[r] = c
        _collect(r + 1, size + c, key + c * RANK_KEY[r], counts, keys, vals, n_keys)
    counts[r] = 0


cdef inline uint64_t _window(const uint64_t* bm, int64_t pos) noexcept nogil:
    cdef int64_t w = pos >> 6
    cdef int b = pos & 63
    if b == 0:
        return bm[w]
    return (bm[w] >> b) | (bm[w + 1] << (64 - b))


cdef int _build_hash(uint32_t* keys, uint16_t* vals, int n) noexcept nogil:
    """Row-displacement perfect hash: densest rows first, each at the first offset where
    all its cells are free (64 candidate offsets tested per step with bit windows)."""
    global HASH_SIZE
    cdef int* cnt = <int*>calloc(N_ROWS + 1, sizeof(int))
    cdef int* start = <int*>calloc(N_ROWS + 1, sizeof(int))
    cdef int* fill = <int*>calloc(N_ROWS, sizeof(int))
    cdef int* cols = <int*>malloc(n * sizeof(int))
    cdef int* idx = <int*>malloc(n * sizeof(int))
    cdef int* order = <int*>malloc(N_ROWS * sizeof(int))
    cdef int64_t nwords = TABLE_CAP // 64 + 64
    cdef uint64_t* used = <uint64_t*>calloc(nwords, sizeof(uint64_t))
    cdef int i, r, j, q, maxc = 0, pos, size = 0, ok = 1
    cdef int64_t o, p
    cdef uint64_t bad
    cdef uint64_t ALL_ONES = ~(<uint64_t>0)
    for i in range(n):
        cnt[keys[i] >> HASH_SHIFT] += 1
    for r in range(N_ROWS):
        start[r + 1] = start[r] + cnt[r]
        if cnt[r] > maxc:
            maxc = cnt[r]
    for i in range(n):
        r = keys[i] >> HASH_SHIFT
        cols[start[r] + fill[r]] = keys[i] & HASH_MASK
        idx[start[r] + fill[r]] = i
        fill[r] += 1
    pos = 0
    for q in range(maxc, 0, -1):
        for r in range(N_ROWS):
            if cnt[r] == q:
                order[pos] = r
                pos += 1
    memset(ROW_OFF, 0, sizeof(ROW_OFF))
    memset(HASH_TAB, 0, sizeof(HASH_TAB))
    cdef int64_t free_word = 0
    cdef int mincol
    for q in range(pos):
        r = order[q]
        # every cell below the first word with a free bit is taken: start the search there
        while used[free_word] == ALL_ONES:
            free_word += 1
        mincol = HASH_MASK
        for j in range(start[r], start[r + 1]):
            if cols[j] < mincol:
                mincol = cols[j]
        o = free_word * 64 - mincol
        if o < 0:
            o = 0
        while True:
            if o + 64 + HASH_MASK + 64 >= TABLE_CAP:
                ok = 0
                break
            bad = 0
            for j in range(start[r], start[r + 1]):
                bad |= _window(used, o + cols[j])
                if bad == ALL_ONES:
                    break
            if bad != ALL_ONES:
                while bad & 1:
                    bad >>= 1
                    o += 1
                break
            o += 64
        if not ok:
            break
        ROW_OFF[r] = <int32_t>o
        for j in range(start[r], start[r + 1]):
            p = o + cols[j]
            used[p >> 6] |= (<uint64_t>1) << (p & 63)
            HASH_TAB[p] = vals[idx[j]]
            if p + 1 > size:
                size = <int>(p + 1)
    HASH_SIZE = size
    free(cnt)
    free(start)
    free(fill)
    free(cols)
    free(idx)
    free(order)
    free(used)
    return ok


cdef int _build_tables() except -1:
    cdef int i, r, s, n, k
    cdef uint32_t m
    cdef int counts[13]
    for n in range(14):
        for k in range(6):
            if k == 0:
                BINOM[n][k] = 1
            elif n == 0:
                BINOM[n][k] = 0
            else:
                BINOM[n][k] = BINOM[n - 1][k - 1] + BINOM[n - 1][k]
    for i in range(256):
        if i < 52:
            r = i >> 2
            s = i & 3
            CARD_KEY[i] = ((<uint64_t>RANK_KEY[r]) << 32) | ((<uint64_t>1) << (4 * s))
            CARD_BIT[i] = (<uint64_t>1) << i
            SUIT_RANKBIT[i] = ((<uint64_t>1) << r) << (16 * s)
            RANK_BIT[i] = <uint16_t>(1 << r)
        else:
            RANK_BIT[i] = 0
            CARD_KEY[i] = 0
            CARD_BIT[i] = (<uint64_t>1) << 63
            SUIT_RANKBIT[i] = 0
    for m in range(8192):
        FLUSH_TAB[m] = <uint16_t>_flush_value(m) if cc_popcount(m) >= 5 else 0
    cdef uint32_t* keys = <uint32_t*>malloc(N_PATTERNS * sizeof(uint32_t))
    cdef uint16_t* vals = <uint16_t*>malloc(N_PATTERNS * sizeof(uint16_t))
    n = 0
    memset(counts, 0, sizeof(counts))
    _collect(0, 0, 0, counts, keys, vals, &n)
    ok = _build_hash(keys, vals, n)
    free(keys)
    free(vals)
    if n != N_PATTERNS or not ok:
        raise RuntimeError("poker kernel: hash table build failed")
    for i in range(MAX_VALUE + 1):
        CAT_OF[i] = 0
        for k in range(9):
            if i >= CATEGORY_BASES[k]:
                CAT_OF[i] = k
    return 0


_build_tables()
TABLE_SIZE = HASH_SIZE
# the C enum values under their own names (a Python-level assignment of the same name
# would clash with the enum)
globals()['MAX_PLAYERS'] = <int>MAX_PLAYERS
globals()['SHARE_UNIT'] = <int>SHARE_UNIT

# ---------------------------------------------------------------- core evaluation


cdef inline int _flush_suit(uint32_t fl) noexcept nogil:
    return (fl >= 0x80) + (fl >= 0x800) + (fl >= 0x8000)


cdef inline uint16_t _value_from(uint64_t key, uint64_t suitmasks) noexcept nogil:
    """Value of a hand from its key sum (started at SUIT_INIT) and packed suit rank masks."""
    cdef uint32_t fl = <uint32_t>key & FLUSH_BITS
    cdef uint32_t rk
    if fl:
        return FLUSH_TAB[(suitmasks >> (16 * _flush_suit(fl))) & 0x1FFF]
    rk = <uint32_t>(key >> 32)
    return HASH_TAB[ROW_OFF[rk >> HASH_SHIFT] + (rk & HASH_MASK)]


cdef inline uint16_t _flush_of_row(const uint8_t* c, int k, uint32_t fl) noexcept nogil:
    cdef int fs = _flush_suit(fl)
    cdef uint32_t m = 0
    cdef int i
    for i in range(k):
        if (c[i] & 3) == fs:
            m |= RANK_BIT[c[i]]
    return FLUSH_TAB[m]


cdef uint16_t eval_ids(const uint8_t* c, int k) noexcept nogil:
    """Value of ``k`` (5..7) valid distinct card ids at ``c``."""
    cdef uint64_t key = SUIT_INIT
    cdef int i
    cdef uint32_t fl, rk
    for i in range(k):
        key += CARD_KEY[c[i]]
    fl = <uint32_t>key & FLUSH_BITS
    if fl:
        return _flush_of_row(c, k, fl)
    rk = <uint32_t>(key >> 32)
    return HASH_TAB[ROW_OFF[rk >> HASH_SHIFT] + (rk & HASH_MASK)]


cdef inline uint16_t _eval7_row(const uint8_t* c) noexcept nogil:
    cdef uint64_t key = (SUIT_INIT + CARD_KEY[c[0]] + CARD_KEY[c[1]] + CARD_KEY[c[2]]
                         + CARD_KEY[c[3]] + CARD_KEY[c[4]] + CARD_KEY[c[5]] + CARD_KEY[c[6]])
    cdef uint32_t fl = <uint32_t>key & FLUSH_BITS
    cdef uint32_t rk
    if fl:
        return _flush_of_row(c, 7, fl)
    rk = <uint32_t>(key >> 32)
    return HASH_TAB[ROW_OFF[rk >> HASH_SHIFT] + (rk & HASH_MASK)]


cdef inline uint64_t _row_check(const uint8_t* c, int k) noexcept nogil:
    """Nonzero when the row holds an invalid id or a repeated card: the sum and the OR of
    the one-bit-per-card masks differ exactly when a bit repeats (an invalid id sets bit 63,
    so one invalid id shows in the OR and two cancel in the sum)."""
    cdef uint64_t total = 0, anyb = 0, b
    cdef int i
    for i in range(k):
        b = CARD_BIT[c[i]]
        total += b
        anyb |= b
    return (total ^ anyb) | (anyb & ((<uint64_t>1) << 63))


cdef inline uint16_t _eval7_checked(const uint8_t* c, uint64_t* bad) noexcept nogil:
    """``_eval7_row`` plus the validity check of ``_row_check`` in the same pass."""
    cdef uint64_t b0 = CARD_BIT[c[0]], b1 = CARD_BIT[c[1]], b2 = CARD_BIT[c[2]]
    cdef uint64_t b3 = CARD_BIT[c[3]], b4 = CARD_BIT[c[4]], b5 = CARD_BIT[c[5]]
    cdef uint64_t b6 = CARD_BIT[c[6]]
    cdef uint64_t anyb = ((b0 | b1) | (b2 | b3)) | ((b4 | b5) | b6)
    cdef uint64_t total = ((b0 + b1) + (b2 + b3)) + ((b4 + b5) + b6)
    cdef uint64_t key = (((SUIT_INIT + CARD_KEY[c[0]]) + (CARD_KEY[c[1]] + CARD_KEY[c[2]]))
                         + ((CARD_KEY[c[3]] + CARD_KEY[c[4]]) + (CARD_KEY[c[5]] + CARD_KEY[c[6]])))
    cdef uint32_t fl = <uint32_t>key & FLUSH_BITS
    cdef uint32_t rk
    bad[0] |= (total ^ anyb) | (anyb & ((<uint64_t>1) << 63))
    if fl:
        return _flush_of_row(c, 7, fl)
    rk = <uint32_t>(key >> 32)
    return HASH_TAB[ROW_OFF[rk >> HASH_SHIFT] + (rk & HASH_MASK)]


_NAMES = tuple("23456789TJQKA"[i >> 2] + "cdhs"[i & 3] for i in range(52))


cdef str _fmt(object cards):
    """Card names for messages (ids outside 0..51 and non-ids shown quoted, cut short)."""
    out = []
    try:
        items = list(cards)
    except TypeError:
        return quote(cards)
    for x in items[:12]:
        if _is_int(x) and 0 <= x <= 51:
            out.append(_NAMES[operator.index(x)])
        else:
            out.append(quote(operator.index(x) if _is_int(x) else x, 24))
    if len(items) > 12:
        out.append("...")
    return "'" + " ".join(out) + "'"


# ---------------------------------------------------------------- argument checks
#
# Every ``def`` of this module checks its arguments and raises CardError (cards, hand values)
# or CardcoreError (other arguments) naming the argument (``quote``: cut short, and an int too
# large to print does not fail); ``cardcore._ref.poker`` raises the same classes for the same
# input.

cdef inline bint _is_int(object x):
    return not isinstance(x, (bool, np.bool_)) and isinstance(x, (int, np.integer))


cdef int64_t _int_arg(object x, str what, int64_t lo, int64_t hi) except? -1:
    if not _is_int(x):
        raise CardcoreError(f"{what} {quote(x)}: expected an int")
    v = operator.index(x)
    if not lo <= v <= hi:
        raise CardcoreError(f"{what} {quote(x)}: expected {lo}..{hi}")
    return <int64_t>v


cdef uint64_t _seed_arg(object seed) except? 0:
    """A seed as ``cardcore.rng.Rng`` takes it: any int, reduced modulo 2**64."""
    if not _is_int(seed):
        raise CardcoreError(f"seed {quote(seed)}: expected an int")
    return <uint64_t>(operator.index(seed) & 0xFFFFFFFFFFFFFFFF)


cdef object _id_array(object x, str what, int ndim):
    """Card ids as a C-contiguous uint8 array of ``ndim`` dimensions (checked: 0..51)."""
    try:
        a = np.asarray(x)
    except (TypeError, ValueError, OverflowError):
        raise CardError(f"{what}: expected an array of card ids") from None
    if a.ndim != ndim:
        raise CardError(f"{what}: expected a {ndim}-d array of card ids, got shape {a.shape}")
    if a.size:
        if a.dtype.kind not in "iu":
            raise CardError(f"{what}: card ids must be integers, got dtype {a.dtype}")
        if a.min() < 0 or a.max() > 51:
            raise CardError(f"{what}: card ids must be in 0..51")
    return np.ascontiguousarray(a, dtype=np.uint8)


# ---------------------------------------------------------------- evaluate (one hand)
#
# The per-call path: a list or tuple of 5..7 plain ints (or int subclasses such as ``Card``)
# is read straight from the sequence's item array with the C API, no Python-level comparison
# or isinstance call per card; anything else (numpy ints, other iterables, any error) takes
# ``_evaluate_slow``, which accepts the same inputs and writes the error messages.

cdef extern from "Python.h":
    int _cc_long_check "PyLong_Check"(PyObject* o) nogil
    int _cc_bool_check "PyBool_Check"(PyObject* o) nogil
    Py_ssize_t _cc_fast_size "PySequence_Fast_GET_SIZE"(PyObject* o) nogil
    PyObject** _cc_fast_items "PySequence_Fast_ITEMS"(PyObject* o) nogil

cdef extern from *:
    """
    /* The value of an int object (an int or int subclass) when it is one digit wide, i.e.
       0 <= value < 2**30 (2**15 on builds with 15-bit digits), else -1. Up to Python 3.11 the
       digit is read directly (the call to PyLong_AsLongAndOverflow was a quarter of the
       per-call cost of evaluate); later versions changed the int layout and use the API. */
    #if PY_VERSION_HEX >= 0x030C0000
    static inline long cc_small_int(PyObject* o) {
        int ovf = 0;
        long v = PyLong_AsLongAndOverflow(o, &ovf);
        return (ovf || v < 0) ? -1 : v;
    }
    #else
    #if PY_VERSION_HEX < 0x030B0000
    #include "longintrepr.h"
    #endif
    static inline long cc_small_int(PyObject* o) {
        Py_ssize_t size = Py_SIZE(o);
        if (size == 1) return (long)((PyLongObject*)o)->ob_digit[0];
        return size == 0 ? 0 : -1;
    }
    #endif
    """
    long cc_small_int(PyObject* o) noexcept nogil

cdef extern from *:
    """
    #if defined(__GNUC__)
    #define cc_prefetch_r(p) __builtin_prefetch((const void*)(p), 0, 3)
    #else
    #define cc_prefetch_r(p) ((void)0)
    #endif
    """
    void cc_prefetch_r(const void* p) noexcept nogil

# the hand values 0..7462 as Python ints, built once (immutable): returning a stored int
# saves an allocation per call
cdef tuple _VALUE_OBJS = tuple(range(MAX_VALUE + 1))


cdef inline int _id_of(PyObject* x) noexcept:
    """0..51 for an int card id (an int or int subclass such as ``Card``, not a bool); -1 for
    anything else (the caller then takes the slow path, which says what is wrong)."""
    cdef long v
    if not _cc_long_check(x) or _cc_bool_check(x):
        return -1
    v = cc_small_int(x)  # an int (subclass): never calls Python code, never fails
    if v < 0 or v > 51:
        return -1
    return <int>v


cdef inline int _fast_value(object cards) noexcept:
    """The value of a list or tuple of 5..7 distinct int ids in 0..51, else 0 (not read here:
    the caller's slow path says what is wrong or reads the other forms)."""
    cdef uint8_t c[7]
    cdef Py_ssize_t n, i
    cdef PyObject** items
    cdef uint64_t used = 0, b
    cdef int v
    if type(cards) is not list and type(cards) is not tuple:
        return 0
    n = _cc_fast_size(<PyObject*>cards)
    if n < 5 or n > 7:
        return 0
    items = _cc_fast_items(<PyObject*>cards)
    for i in range(n):
        v = _id_of(items[i])
        if v < 0:
            return 0
        b = (<uint64_t>1) << v
        if used & b:
            return 0
        used |= b
        c[i] = <uint8_t>v
    return eval_ids(c, <int>n)


def evaluate(cards):
    """Value (1..7462) of 5, 6 or 7 card ids (any sequence of ints). Raises ``CardError`` on a
    wrong count, an id outside 0..51 or a repeated card."""
    cdef int v = _fast_value(cards)
    if v:
        return _VALUE_OBJS[v]
    return _evaluate_slow(cards)


cdef class _Wrappers:
    """Builders of public functions whose common case runs here with no Python frame (a
    class, not a function, so that it is no kernel entry point)."""

    @staticmethod
    def evaluate(fallback):
        """A function equal to ``fallback`` on every input that evaluates a list or tuple of
        5..7 valid int ids itself first. ``cardcore.poker.evaluate`` is built this way, with
        its card-string and iterable parsing (and error messages) as ``fallback``. The
        function is a binding one (no ``self`` to check; its name and docstring are set by
        ``cardcore.poker``)."""
        @cython.binding(True)
        def evaluate(cards):
            cdef int v = _fast_value(cards)
            if v:
                return _VALUE_OBJS[v]
            return fallback(cards)
        return evaluate


cdef object _evaluate_slow(object cards):
    """``evaluate`` for every other input: numpy ints, iterables, and the error messages."""
    cdef uint8_t c[7]
    cdef Py_ssize_t n
    cdef uint64_t used = 0, b
    cdef int i, v
    if type(cards) is list or type(cards) is tuple:
        items = cards
    elif isinstance(cards, (str, bytes)):
        raise CardError(f"cards {quote(cards)}: expected a sequence of 5, 6 or 7 card ids")
    else:
        try:
            items = list(cards)
        except TypeError:
            raise CardError(f"cards {quote(cards)}: expected a sequence of 5, 6 or 7 card "
                            "ids") from None
    n = len(items)
    if n < 5 or n > 7:
        raise CardError(f"cards {_fmt(items)}: a poker hand has 5, 6 or 7 cards, got {n}")
    for i in range(n):
        x = items[i]
        if not _is_int(x):
            raise CardError(f"card {quote(x)}: expected an int card id")
        if not 0 <= x <= 51:
            raise CardError(f"cards {_fmt(items)}: card id {quote(operator.index(x))} is not "
                            "a card of the 52-card deck (ids 0..51)")
        v = x
        b = (<uint64_t>1) << v
        if used & b:
            raise CardError(f"cards {_fmt(items)}: {_NAMES[v]} appears twice")
        used |= b
        c[i] = <uint8_t>v
    return _VALUE_OBJS[eval_ids(c, <int>n)]


# ---------------------------------------------------------------- evaluate_many
#
# One loop per id dtype (a fused type), reading the caller's array in place: uint8 rows index
# the 256-entry tables directly (ids 52..255 carry the invalid marks there); wider rows index
# them with the id's low byte and OR every id into ``hi``, whose bits above the low byte
# catch ids >= 256 and negative ids (they sign-extend). Without the check only the low byte
# is used: meaningless values for bad ids, never an out-of-bounds read. (Converting a wide
# array to uint8 first, as before, cost a min, a max and a cast pass over it: int64 ran at a
# third of the uint8 rate; narrowing blocks of 1024 rows into an L1 buffer instead was no
# faster than reading in place.)

cdef enum:
    PF_BYTES = 4096   # how far ahead evaluate_many prefetches its input

ctypedef fused id_t:
    uint8_t
    int8_t
    uint16_t
    int16_t
    uint32_t
    int32_t
    uint64_t
    int64_t


cdef inline uint16_t _flush_of_row_t(const id_t* c, int k, uint32_t fl) noexcept nogil:
    cdef int fs = _flush_suit(fl)
    cdef uint32_t m = 0
    cdef int i
    for i in range(k):
        if (<int>(c[i] & 3)) == fs:
            m |= RANK_BIT[<uint8_t>c[i]]
    return FLUSH_TAB[m]


cdef inline uint16_t _eval7_wide(const id_t* c, uint64_t* hi, uint64_t* bad,
                                 bint chk) noexcept nogil:
    """``_eval7_checked`` (or ``_eval7_row`` without ``chk``) on ids of a wider type: the
    tables are indexed by each id's low byte, and ``hi`` collects every id's bits."""
    cdef uint8_t i0 = <uint8_t>c[0], i1 = <uint8_t>c[1], i2 = <uint8_t>c[2]
    cdef uint8_t i3 = <uint8_t>c[3], i4 = <uint8_t>c[4], i5 = <uint8_t>c[5]
    cdef uint8_t i6 = <uint8_t>c[6]
    cdef uint64_t b0, b1, b2, b3, b4, b5, b6, anyb, total
    cdef uint64_t key = (((SUIT_INIT + CARD_KEY[i0]) + (CARD_KEY[i1] + CARD_KEY[i2]))
                         + ((CARD_KEY[i3] + CARD_KEY[i4]) + (CARD_KEY[i5] + CARD_KEY[i6])))
    cdef uint32_t fl = <uint32_t>key & FLUSH_BITS
    cdef uint32_t rk
    if chk:
        hi[0] |= ((<uint64_t>c[0] | <uint64_t>c[1]) | (<uint64_t>c[2] | <uint64_t>c[3])
                  | ((<uint64_t>c[4] | <uint64_t>c[5]) | <uint64_t>c[6]))
        b0 = CARD_BIT[i0]
        b1 = CARD_BIT[i1]
        b2 = CARD_BIT[i2]
        b3 = CARD_BIT[i3]
        b4 = CARD_BIT[i4]
        b5 = CARD_BIT[i5]
        b6 = CARD_BIT[i6]
        anyb = ((b0 | b1) | (b2 | b3)) | ((b4 | b5) | b6)
        total = ((b0 + b1) + (b2 + b3)) + ((b4 + b5) + b6)
        bad[0] |= (total ^ anyb) | (anyb & ((<uint64_t>1) << 63))
    if fl:
        return _flush_of_row_t(c, 7, fl)
    rk = <uint32_t>(key >> 32)
    return HASH_TAB[ROW_OFF[rk >> HASH_SHIFT] + (rk & HASH_MASK)]


cdef inline uint16_t _eval_wide(const id_t* c, int k, uint64_t* hi, uint64_t* bad,
                                bint chk) noexcept nogil:
    """``eval_ids`` plus ``_row_check`` (with ``chk``) on k ids of a wider type."""
    cdef uint64_t key = SUIT_INIT, total = 0, anyb = 0, b, h = 0
    cdef int i
    cdef uint8_t x
    cdef uint32_t fl, rk
    for i in range(k):
        x = <uint8_t>c[i]
        key += CARD_KEY[x]
        if chk:
            h |= <uint64_t>c[i]
            b = CARD_BIT[x]
            total += b
            anyb |= b
    if chk:
        hi[0] |= h
        bad[0] |= (total ^ anyb) | (anyb & ((<uint64_t>1) << 63))
    fl = <uint32_t>key & FLUSH_BITS
    if fl:
        return _flush_of_row_t(c, k, fl)
    rk = <uint32_t>(key >> 32)
    return HASH_TAB[ROW_OFF[rk >> HASH_SHIFT] + (rk & HASH_MASK)]


cdef inline void _wide_rows(const id_t* p, Py_ssize_t i0, Py_ssize_t i1, int k, bint chk,
                            bint pf, Py_ssize_t ahead, uint16_t* o, uint64_t* hi,
                            uint64_t* bd) noexcept nogil:
    """Rows i0..i1-1 of wide ids; with ``pf`` each row prefetches the ids ``ahead`` further
    (the caller keeps that inside the array)."""
    cdef Py_ssize_t i
    if k == 7:
        if chk:
            for i in range(i0, i1):
                if pf:
                    cc_prefetch_r(p + 7 * i + ahead)
                o[i] = _eval7_wide(p + 7 * i, hi, bd, True)
        else:
            for i in range(i0, i1):
                if pf:
                    cc_prefetch_r(p + 7 * i + ahead)
                o[i] = _eval7_wide(p + 7 * i, hi, bd, False)
    elif chk:
        for i in range(i0, i1):
            if pf:
                cc_prefetch_r(p + k * i + ahead)
            o[i] = _eval_wide(p + k * i, k, hi, bd, True)
    else:
        for i in range(i0, i1):
            if pf:
                cc_prefetch_r(p + k * i + ahead)
            o[i] = _eval_wide(p + k * i, k, hi, bd, False)


cdef void _many(const id_t* p, Py_ssize_t n, int k, bint chk, uint16_t* o,
                uint64_t* bad) noexcept nogil:
    """``o[i]`` = the value of row i of the ``(n, k)`` ids at ``p``; with ``chk``, ``bad`` is
    set nonzero when some row holds a bad id or a repeated card."""
    cdef Py_ssize_t i, split
    cdef Py_ssize_t ahead = PF_BYTES // sizeof(id_t)
    cdef uint64_t hi = 0, bd = 0
    if id_t is uint8_t:
        if not chk:
            if k == 7:
                for i in range(n):
                    o[i] = _eval7_row(p + 7 * i)
            else:
                for i in range(n):
                    o[i] = eval_ids(p + k * i, k)
        elif k == 7:
            for i in range(n):
                o[i] = _eval7_checked(p + 7 * i, &bd)
        else:
            for i in range(n):
                bd |= _row_check(p + k * i, k)
                o[i] = eval_ids(p + k * i, k)
    else:
        # A wide array is several times the bytes of a uint8 one (8 times for int64) and
        # the loop stalls on reading it: each row prefetches the ids PF_BYTES ahead (1M int64
        # hands: 75 -> 139 M hands/s validated; uint8 rows gain nothing from it). The last
        # rows, whose prefetch would point past the array, run without it.
        split = (n * k - ahead) // k if n * k > ahead else 0
        _wide_rows(p, 0, split, k, chk, True, ahead, o, &hi, &bd)
        _wide_rows(p, split, n, k, chk, False, ahead, o, &hi, &bd)
        bd |= hi >> 8
    bad[0] = bd


cdef Py_ssize_t _first_bad(const id_t* p, Py_ssize_t n, int k) noexcept nogil:
    """The first row holding an id outside 0..51 or a repeated card, -1 for none."""
    cdef Py_ssize_t i
    cdef int j
    cdef uint64_t used, b
    for i in range(n):
        used = 0
        for j in range(k):
            if <uint64_t>p[k * i + j] > 51:  # a negative id sign-extends: huge
                return i
            b = (<uint64_t>1) << p[k * i + j]
            if used & b:
                return i
            used |= b
    return -1


cdef str _row_problem(list row):
    """Why a row of ids is not a poker hand (the first bad id, or the first repeated card)."""
    seen = set()
    for x in row:
        if not 0 <= x <= 51:
            return f"card id {quote(x)} is not a card of the 52-card deck (ids 0..51)"
        if x in seen:
            return f"{_NAMES[x]} appears twice"
        seen.add(x)
    return "no problem"  # pragma: no cover - only called on a bad row


cdef Py_ssize_t _rows(const id_t* p, Py_ssize_t n, int k, bint chk, uint16_t* o) noexcept nogil:
    """``_many`` over the ``(n, k)`` ids at ``p``; the first bad row (with ``chk``), else -1."""
    cdef uint64_t bad = 0
    _many(p, n, k, chk, o, &bad)
    return _first_bad(p, n, k) if bad else -1


_MANY_DTYPES = frozenset(np.dtype(t) for t in (np.uint8, np.int8, np.uint16, np.int16,
                                               np.uint32, np.int32, np.uint64, np.int64))


def evaluate_many(cards, check=True):
    """Values of every row of an ``(n, k)`` array of card ids (k = 5, 6 or 7) as a uint16
    array of length n.

    Any integer dtype is read in place (uint8 is the most compact; int64 and the others do not
    go through a converted copy). With ``check`` (the default) a row with an id outside 0..51
    or a repeated card raises ``CardError`` naming the row and the id. ``check=False`` skips
    the per-row test; bad ids then give meaningless values, never an out-of-bounds read.
    """
    cdef bint chk = flag_arg(check, "check")
    try:
        a0 = np.asarray(cards)
    except (TypeError, ValueError, OverflowError):
        raise CardError("evaluate_many: expected an (n, 5|6|7) array of card ids") from None
    if a0.ndim != 2 or a0.shape[1] not in (5, 6, 7):
        raise CardError(f"evaluate_many: expected an (n, 5|6|7) array, got shape {a0.shape}")
    cdef Py_ssize_t n = a0.shape[0], i
    cdef int k = a0.shape[1]
    out = np.empty(n, dtype=np.uint16)
    if n == 0:
        return out
    dt = a0.dtype
    if dt.kind not in "iu":
        raise CardError(f"evaluate_many: card ids must be integers, got dtype {dt}")
    if dt not in _MANY_DTYPES:  # a non-native byte order
        dt = dt.newbyteorder("=")
    arr = np.ascontiguousarray(a0, dtype=dt)
    cdef uint16_t[::1] ov = out
    cdef uint16_t* o = &ov[0]
    cdef const void* p = cnp.PyArray_DATA(arr)
    cdef int size = dt.itemsize
    cdef bint signed = dt.kind == "i"
    with nogil:                 # (one instance of ``_rows`` per integer type)
        if size == 1 and signed:
            i = _rows(<const int8_t*>p, n, k, chk, o)
        elif size == 1:
            i = _rows(<const uint8_t*>p, n, k, chk, o)
        elif size == 2 and signed:
            i = _rows(<const int16_t*>p, n, k, chk, o)
        elif size == 2:
            i = _rows(<const uint16_t*>p, n, k, chk, o)
        elif size == 4 and signed:
            i = _rows(<const int32_t*>p, n, k, chk, o)
        elif size == 4:
            i = _rows(<const uint32_t*>p, n, k, chk, o)
        elif signed:
            i = _rows(<const int64_t*>p, n, k, chk, o)
        else:
            i = _rows(<const uint64_t*>p, n, k, chk, o)
    if i >= 0:
        row = arr[i].tolist()
        raise CardError(f"evaluate_many: row {i} {_fmt(row)}: {_row_problem(row)}")
    return out


cdef int _value_arg(object value) except -1:
    if not _is_int(value):
        raise CardError(f"hand value {quote(value)}: expected an int")
    if not 1 <= value <= MAX_VALUE:
        raise CardError(f"hand value {quote(value)}: out of range 1..{MAX_VALUE}")
    return <int>value


def category(value):
    """Category name of a hand value."""
    return CATEGORIES[CAT_OF[_value_arg(value)]]


def category_index(value):
    """0 (high card) .. 8 (straight flush) for a hand value."""
    return CAT_OF[_value_arg(value)]


# ---------------------------------------------------------------- enumeration


cdef void _hist(int64_t* hist, int left, int first, uint64_t key, uint64_t suits) noexcept nogil:
    """Add to ``hist`` the value of every hand made of the cards summed so far (their key sum
    ``key``, their suits' rank bits ``suits``) and ``left`` more cards from ``first`` up."""
    cdef int c
    if left == 1:
        for c in range(first, 52):
            hist[_value_from(key + CARD_KEY[c], suits | SUIT_RANKBIT[c])] += 1
        return
    for c in range(first, 53 - left):
        _hist(hist, left - 1, c + 1, key + CARD_KEY[c], suits | SUIT_RANKBIT[c])


cdef int _k_arg(object k) except -1:
    if not _is_int(k) or k not in (5, 7):
        raise CardcoreError(f"value_histogram: k must be 5 or 7, got {quote(k)}")
    return <int>k


def value_histogram(k=7):
    """Number of k-card hands (k = 5 or 7) of each value: an int64 array indexed by value
    (index 0 unused), computed by visiting every hand with incremental key sums."""
    cdef int kk = _k_arg(k)
    out = np.zeros(MAX_VALUE + 1, dtype=np.int64)
    cdef int64_t[::1] h = out
    with nogil:
        _hist(&h[0], kk, 0, SUIT_INIT, 0)
    return out


def category_histogram(k=7):
    """Dict category name -> number of k-card hands (k = 5 or 7) in that category."""
    vals = value_histogram(k)
    return {CATEGORIES[i]: int(vals[CATEGORY_BASES[i]:(CATEGORY_BASES[i + 1] if i < 8
                                                       else MAX_VALUE + 1)].sum())
            for i in range(8, -1, -1)}


def category_histogram7():
    """Category counts over all 133,784,560 seven-card hands."""
    return category_histogram(7)


# ---------------------------------------------------------------- equity

cdef struct EqCtx:
    int np
    uint64_t hkey[MAX_PLAYERS]
    uint64_t hsuit[MAX_PLAYERS]
    int64_t wins[MAX_PLAYERS]
    int64_t ties[MAX_PLAYERS]
    int64_t shares[MAX_PLAYERS]
    int64_t total
    int nrem
    uint8_t rem[52]


cdef inline void _score(EqCtx* ctx, uint64_t bkey, uint64_t bsuit) noexcept nogil:
    cdef int p, best = -1, nbest = 0, n = ctx.np
    cdef int v[MAX_PLAYERS]
    for p in range(n):
        v[p] = _value_from(bkey + ctx.hkey[p], bsuit | ctx.hsuit[p])
        if v[p] > best:
            best = v[p]
            nbest = 1
        elif v[p] == best:
            nbest += 1
    ctx.total += 1
    if nbest == 1:
        for p in range(n):
            if v[p] == best:
                ctx.wins[p] += 1
                ctx.shares[p] += SHARE_UNIT
                break
    else:
        for p in range(n):
            if v[p] == best:
                ctx.ties[p] += 1
                ctx.shares[p] += SHARE_UNIT // nbest


cdef inline void _score2(EqCtx* ctx, uint64_t bkey, uint64_t bsuit) noexcept nogil:
    cdef int v0 = _value_from(bkey + ctx.hkey[0], bsuit | ctx.hsuit[0])
    cdef int v1 = _value_from(bkey + ctx.hkey[1], bsuit | ctx.hsuit[1])
    if v0 > v1:
        ctx.wins[0] += 1
    elif v1 > v0:
        ctx.wins[1] += 1
    else:
        ctx.ties[0] += 1


cdef void _enum(EqCtx* ctx, int need, int start, uint64_t bkey, uint64_t bsuit) noexcept nogil:
    cdef int i
    cdef uint8_t c
    if need == 1:
        if ctx.np == 2:
            for i in range(start, ctx.nrem):
                c = ctx.rem[i]
                _score2(ctx, bkey + CARD_KEY[c], bsuit | SUIT_RANKBIT[c])
        else:
            for i in range(start, ctx.nrem):
                c = ctx.rem[i]
                _score(ctx, bkey + CARD_KEY[c], bsuit | SUIT_RANKBIT[c])
        return
    for i in range(start, ctx.nrem - need + 1):
        c = ctx.rem[i]
        _enum(ctx, need - 1, i + 1, bkey + CARD_KEY[c], bsuit | SUIT_RANKBIT[c])


# The generator of the Monte Carlo functions is SplitMix64 (``splitmix64_next`` in bits.pxd),
# the same stream as ``cardcore.rng.Rng(seed).next_u64()``. Bounded draws here are the
# multiply-shift ``rng_below_mulshift`` of bits.pxd (``Rng.below_mulshift``, not the rejection
# of ``Rng.below``), as in ``cardcore._ref.poker``.


cdef object _result(EqCtx* ctx):
    cdef int p
    wins = [ctx.wins[p] for p in range(ctx.np)]
    ties = [ctx.ties[p] for p in range(ctx.np)]
    shares = [ctx.shares[p] for p in range(ctx.np)]
    return wins, ties, shares, ctx.total


cdef int _setup(EqCtx* ctx, const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                const uint8_t[::1] dead, uint64_t* bkey, uint64_t* bsuit) except -1:
    cdef uint64_t used = 0, b
    cdef int p, i, c
    cdef Py_ssize_t np_ = holes.shape[0]
    if np_ < 2 or np_ > MAX_PLAYERS or holes.shape[1] != 2:
        raise CardError(f"equity: 2..{MAX_PLAYERS} hands of 2 cards expected")
    if board.shape[0] > 5:
        raise CardError("equity: the board has at most 5 cards")
    memset(ctx, 0, sizeof(EqCtx))
    ctx.np = <int>np_
    for p in range(ctx.np):
        ctx.hkey[p] = CARD_KEY[holes[p, 0]] + CARD_KEY[holes[p, 1]]
        ctx.hsuit[p] = SUIT_RANKBIT[holes[p, 0]] | SUIT_RANKBIT[holes[p, 1]]
        for i in range(2):
            b = CARD_BIT[holes[p, i]]
            if used & b or holes[p, i] > 51:
                raise CardError("equity: invalid or repeated card in the hands")
            used |= b
    bkey[0] = SUIT_INIT
    bsuit[0] = 0
    for i in range(board.shape[0]):
        b = CARD_BIT[board[i]]
        if used & b or board[i] > 51:
            raise CardError("equity: invalid or repeated card on the board")
        used |= b
        bkey[0] += CARD_KEY[board[i]]
        bsuit[0] |= SUIT_RANKBIT[board[i]]
    for i in range(dead.shape[0]):
        b = CARD_BIT[dead[i]]
        if used & b or dead[i] > 51:
            raise CardError("equity: invalid or repeated dead card")
        used |= b
    ctx.nrem = 0
    for c in range(52):
        if not (used >> c) & 1:
            ctx.rem[ctx.nrem] = <uint8_t>c
            ctx.nrem += 1
    if ctx.nrem < 5 - board.shape[0]:
        raise CardError("equity: not enough cards left to complete the board")
    return 0


def equity_exact(holes, board, dead):
    """Enumerate every completion of the board. Returns ``(wins, ties, shares, total)``:
    per-hand lists of outright wins, tied wins and pot shares in units of 1/2520 of a board,
    and the number of boards. ``holes``: (players, 2) card ids; ``board`` (0..5 cards) and
    ``dead``: 1-d card ids (any integer arrays or sequences; checked)."""
    cdef EqCtx ctx
    cdef uint64_t bkey, bsuit
    cdef const uint8_t[:, ::1] hv = _id_array(holes, "equity: holes", 2)
    cdef const uint8_t[::1] bv = _id_array(board, "equity: board", 1)
    cdef const uint8_t[::1] dv = _id_array(dead, "equity: dead", 1)
    _setup(&ctx, hv, bv, dv, &bkey, &bsuit)
    cdef int need = 5 - <int>bv.shape[0]
    cdef int64_t n_boards = 1
    cdef int i
    with nogil:
        if need == 0:
            if ctx.np == 2:
                _score2(&ctx, bkey, bsuit)
            else:
                _score(&ctx, bkey, bsuit)
        else:
            _enum(&ctx, need, 0, bkey, bsuit)
    if ctx.np == 2:
        # the two-hand path counts outcomes only; fill in ties and shares
        for i in range(need):
            n_boards = n_boards * (ctx.nrem - i) // (i + 1)
        ctx.total = n_boards
        ctx.ties[1] = ctx.ties[0]
        ctx.shares[0] = ctx.wins[0] * SHARE_UNIT + ctx.ties[0] * (SHARE_UNIT // 2)
        ctx.shares[1] = ctx.wins[1] * SHARE_UNIT + ctx.ties[0] * (SHARE_UNIT // 2)
    return _result(&ctx)


def equity_sample(holes, board, dead, samples, seed):
    """Monte Carlo: ``samples`` (0..2**63-1) uniformly random completions of the board
    (SplitMix64 from ``seed``, any int taken modulo 2**64 as ``cardcore.rng.Rng`` does). Same
    arguments and result tuple as ``equity_exact``."""
    cdef EqCtx ctx
    cdef uint64_t bkey, bsuit, k, s
    cdef int64_t n_samples = _int_arg(samples, "equity: samples", 0, INT64_MAX)
    cdef uint64_t state = _seed_arg(seed)
    cdef const uint8_t[:, ::1] hv = _id_array(holes, "equity: holes", 2)
    cdef const uint8_t[::1] bv = _id_array(board, "equity: board", 1)
    cdef const uint8_t[::1] dv = _id_array(dead, "equity: dead", 1)
    _setup(&ctx, hv, bv, dv, &bkey, &bsuit)
    cdef int need = 5 - <int>bv.shape[0]
    cdef int64_t t
    cdef int i, j
    cdef uint8_t tmp
    with nogil:
        for t in range(n_samples):
            k = bkey
            s = bsuit
            for i in range(need):
                j = i + rng_below_mulshift(&state, ctx.nrem - i)
                tmp = ctx.rem[i]
                ctx.rem[i] = ctx.rem[j]
                ctx.rem[j] = tmp
                k += CARD_KEY[ctx.rem[i]]
                s |= SUIT_RANKBIT[ctx.rem[i]]
            _score(&ctx, k, s)
    return _result(&ctx)


cdef inline int _pick(const double* cum, int lo, int hi, double u) noexcept nogil:
    """First index in [lo, hi) whose cumulative weight exceeds ``u`` (the last one if none)."""
    cdef int mid
    hi -= 1
    while lo < hi:
        mid = (lo + hi) >> 1
        if cum[mid] > u:
            hi = mid
        else:
            lo = mid + 1
    return lo


def equity_ranges(combos, cumw, offsets, board, dead, samples, seed, max_tries=1000):
    """Monte Carlo equity of players holding weighted ranges.

    Player ``p`` holds one of ``combos[offsets[p]:offsets[p+1]]`` (rows of two card ids) with
    cumulative weights ``cumw`` over the same slice (each slice's weights cumulate from 0:
    finite, nondecreasing, the last one positive). Each sample draws a combo per player
    (rejecting conflicts), then the board. Returns ``(wins, ties, shares, total)`` as
    ``equity_exact``; ``total`` may fall short of ``samples`` only if the ranges conflict with
    each other too often (more than ``max_tries`` rejected draws per sample on average)."""
    cdef EqCtx ctx
    cdef int64_t n_samples = _int_arg(samples, "equity: samples", 0, INT64_MAX)
    cdef uint64_t state = _seed_arg(seed)
    cdef int64_t tries_cap = _int_arg(max_tries, "equity: max_tries", 0, INT64_MAX)
    cdef const uint8_t[:, ::1] cv = _id_array(combos, "equity: combos", 2)
    cdef const uint8_t[::1] bv = _id_array(board, "equity: board", 1)
    cdef const uint8_t[::1] dv = _id_array(dead, "equity: dead", 1)
    try:
        cw_arr = np.asarray(cumw)
        off_arr = np.asarray(offsets)
    except (TypeError, ValueError, OverflowError):
        raise CardcoreError("equity: cumw must be floats and offsets ints") from None
    if cw_arr.size and cw_arr.dtype.kind not in "iuf":
        # (complex, bool, text or objects: never cast to float behind the caller's back)
        raise CardcoreError(f"equity: cumw of dtype {cw_arr.dtype}: expected real numbers")
    cw_arr = np.ascontiguousarray(cw_arr, dtype=np.float64)
    if cw_arr.ndim != 1 or off_arr.ndim != 1 or (off_arr.size and off_arr.dtype.kind not in "iu"):
        raise CardcoreError("equity: cumw and offsets must be 1-d (offsets of integers)")
    cdef Py_ssize_t n_combos = cv.shape[0]
    if off_arr.size and (off_arr.min() < 0 or off_arr.max() > n_combos):
        raise CardcoreError(f"equity: offsets must be in 0..{n_combos} (the number of combos)")
    off_arr = np.ascontiguousarray(off_arr, dtype=np.int64)
    cdef const double[::1] cum = cw_arr
    cdef const int64_t[::1] off = off_arr
    cdef int np_ = <int>off.shape[0] - 1
    cdef uint64_t base = 0, used, b, k, s
    cdef uint64_t bkey = SUIT_INIT, bsuit = 0
    cdef int p, i, j, need, lo, hi, c0, c1, c
    cdef int64_t t, tries = 0
    cdef double u, top
    if np_ < 2 or np_ > MAX_PLAYERS:
        raise CardError(f"equity: 2..{MAX_PLAYERS} players expected")
    if cv.shape[1] != 2 or cum.shape[0] != n_combos:
        raise CardError("equity: combos must be (n, 2) with one weight each")
    if bv.shape[0] > 5:
        raise CardError("equity: the board has at most 5 cards")
    for p in range(np_):
        if off[p + 1] <= off[p] or off[p + 1] > n_combos:
            raise CardError(f"equity: player {p} has an empty range")
    for i in range(n_combos):
        if cv[i, 0] > 51 or cv[i, 1] > 51 or cv[i, 0] == cv[i, 1]:
            raise CardError("equity: invalid combo in a range")
    for p in range(np_):
        for i in range(<int>off[p], <int>off[p + 1]):
            if not isfinite(cum[i]) or (i > off[p] and cum[i] < cum[i - 1]):
                raise CardcoreError(f"equity: player {p}: cumulative weights must be finite "
                                    "and nondecreasing")
        if not cum[off[p + 1] - 1] > 0.0:
            raise CardcoreError(f"equity: player {p}: the range's total weight must be > 0")
    memset(&ctx, 0, sizeof(EqCtx))
    ctx.np = np_
    for i in range(bv.shape[0]):
        b = CARD_BIT[bv[i]]
        if base & b or bv[i] > 51:
            raise CardError("equity: invalid or repeated card on the board")
        base |= b
        bkey += CARD_KEY[bv[i]]
        bsuit |= SUIT_RANKBIT[bv[i]]
    for i in range(dv.shape[0]):
        b = CARD_BIT[dv[i]]
        if base & b or dv[i] > 51:
            raise CardError("equity: invalid or repeated dead card")
        base |= b
    need = 5 - <int>bv.shape[0]
    if 52 - cc_popcount(base) - 2 * np_ < need:
        raise CardError("equity: not enough cards left to deal the hands and complete the board")
    cdef bint failed = False
    with nogil:
        t = 0
        while t < n_samples and not failed:
            used = base
            for p in range(np_):
                lo = <int>off[p]
                hi = <int>off[p + 1]
                top = cum[hi - 1]
                while True:
                    u = (splitmix64_next(&state) >> 11) * (1.0 / 9007199254740992.0) * top
                    j = _pick(&cum[0], lo, hi, u)
                    c0 = cv[j, 0]
                    c1 = cv[j, 1]
                    if not (used & (((<uint64_t>1) << c0) | ((<uint64_t>1) << c1))):
                        break
                    tries += 1
                    # tries > tries_cap * (t + 1), without the overflow of the product
                    if (tries - 1) // (t + 1) >= tries_cap:
                        failed = True
                        break
                if failed:
                    break
                used |= ((<uint64_t>1) << c0) | ((<uint64_t>1) << c1)
                ctx.hkey[p] = CARD_KEY[c0] + CARD_KEY[c1]
                ctx.hsuit[p] = SUIT_RANKBIT[c0] | SUIT_RANKBIT[c1]
            if failed:
                break
            k = bkey
            s = bsuit
            for i in range(need):
                while True:
                    c = rng_below_mulshift(&state, 52)
                    if not (used >> c) & 1:
                        break
                used |= (<uint64_t>1) << c
                k += CARD_KEY[c]
                s |= SUIT_RANKBIT[c]
            _score(&ctx, k, s)
            t += 1
    return _result(&ctx)


def splitmix_stream(seed, n):
    """The first ``n`` (0..2**26) outputs of the kernel's SplitMix64 from ``seed`` (any int,
    modulo 2**64), as a uint64 array: the stream ``cardcore.rng.Rng(seed).next_u64()`` gives
    (a test hook pinning that the two generators are one)."""
    cdef uint64_t state = _seed_arg(seed)
    cdef int64_t count = _int_arg(n, "n", 0, 1 << 26), i
    out = np.empty(count, dtype=np.uint64)
    cdef uint64_t[::1] o = out
    with nogil:
        for i in range(count):
            o[i] = splitmix64_next(&state)
    return out
