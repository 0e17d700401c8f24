# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Guandan combination kernel, compiled.

Same public functions, signatures and results (row for row, in the same order) as the
plain-Python twin ``cardcore._ref.guandan``, whose docstring is the full reference; in short:

- A hand or a set of cards is a **count vector** of 54 small ints, one per card id
  (``0..51 = rank * 4 + suit``, ranks 2..A = 0..12, suits c d h s = 0..3; 52 BJ, 53 RJ), each
  0..2 (two decks), as a list, ``bytes`` or uint8 array. ``level`` is the level rank index
  0..12; the two hearts of the level rank (card id ``level * 4 + 2``) are the wild cards.
- A play is a row of ``ROW`` = 23 uint8::

      0 kind    index into KINDS
      1 rank    level-aware value (single, pair, trio, full house, bomb: natural rank index
                0..12, the level rank 13, BJ 14, RJ 15; joker bomb 15) or, for sequences
                (straight, tube, plate, straight flush), the natural index of the top card
                (A-2-3-4-5 -> 3)
      2 length  number of cards (a bomb's size)
      3 suit    straight flush suit 0..3, else NONE (255)
      4 nwild   wild cards used 0..2
      5 aux     full house: value of its pair (0..15), else NONE
      6 wild1   natural rank index each wild card stands for, ascending, NONE when unused
      7 wild2
      8..20     natural cards used per rank index 0..12 (wild cards never counted here)
      21 bj     Black Jokers used
      22 rj     Red Jokers used

  Its key is ``(kind, rank, length)``. A play is identified by
  ``(kind, rank, length, suit, nwild, c0..c12, bj, rj)``; rows are sorted lexicographically.

Action ids (``docs/actions/guandan.md``): 0 pass, 1..54 return card ``id - 1``, plays from
``FIRST_PLAY`` = 55 by a table of every distinct play, built once at import from the full
two-deck hand at the 13 levels (``id_rows``, ``id_levels``; ``id_texts``: every id's text,
which the step core and ``cardcore.guandan.moves`` read); ``move_ids`` lists the ids of
``moves`` without building rows, and ``hand_ids``, ``id_ok`` and ``take`` are the game's step
on a hand kept as a list of card ids.

The generators are ``noexcept nogil`` C functions over a small hand summary (natural counts
per rank, per-suit rank bitmasks, wild and joker counts) writing rows into a caller-owned
buffer; the Python wrappers validate input, allocate the result array and retry once with the
exact size when a hand has more plays than the first buffer holds.
"""

cimport cython
from libc.stdint cimport uint8_t, int16_t, uint16_t, int32_t, uint32_t, uint64_t
from libc.string cimport memset, memcpy, memcmp
from libc.stdlib cimport malloc, free, qsort
from cpython.long cimport PyLong_Check, PyLong_AsLongAndOverflow
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE, PyList_New, PyList_SET_ITEM
from cpython.tuple cimport (PyTuple_New, PyTuple_SET_ITEM, PyTuple_GET_ITEM, PyTuple_GET_SIZE,
                            PyTuple_CheckExact)
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.ref cimport Py_INCREF
from cpython.object cimport PyObject, PyTypeObject
from cpython.type cimport PyType_IsSubtype

from cardcore._fast.bits cimport cc_bit_ids, cc_popcount, cc_ctz

import operator

import numpy as np
cimport numpy as cnp
from cardcore._fast.shedargs cimport count_vector, index_or_none, key_arg, rows_array

from cardcore.cards import Card as _Card
from cardcore.errors import CardcoreError, CardError, quote

cnp.import_array()

#: the most of each card a hand holds (the double deck)
cdef uint8_t[54] _CAPS
for _i in range(54):
    _CAPS[_i] = 2

ROW = GD_ROW
NCARDS = GD_NCARDS
NONE = GD_NONE
KINDS = ("single", "pair", "trio", "full_house", "straight", "tube", "plate", "bomb",
         "straight_flush", "joker_bomb")
(SINGLE, PAIR, TRIO, FULL_HOUSE, STRAIGHT, TUBE, PLATE, BOMB, STRAIGHT_FLUSH,
 JOKER_BOMB) = range(10)
COL_KIND, COL_RANK, COL_LENGTH, COL_SUIT, COL_NWILD, COL_AUX, COL_WILD1, COL_WILD2 = range(8)
COL_COUNTS = GD_COUNTS
COL_BJ = GD_BJ
COL_RJ = GD_RJ
LEVEL_VALUE = 13
BJ_VALUE = 14
RJ_VALUE = 15

cdef enum:
    K_SINGLE = 0
    K_PAIR = 1
    K_TRIO = 2
    K_FULL = 3
    K_STRAIGHT = 4
    K_TUBE = 5
    K_PLATE = 6
    K_BOMB = 7
    K_SF = 8
    K_JOKERS = 9
    K_NKINDS = 10

cdef enum:
    V_LEVEL = 13
    V_BJ = 14
    V_RJ = 15

# rank and length range of a key, per kind
cdef int _KRLO[10]
cdef int _KRHI[10]
cdef int _KLLO[10]
cdef int _KLHI[10]
for _i, (_a, _b, _c, _d) in enumerate((
        (0, 15, 1, 1), (0, 15, 2, 2), (0, 13, 3, 3), (0, 13, 5, 5), (3, 12, 5, 5),
        (1, 12, 6, 6), (0, 12, 6, 6), (0, 13, 4, 10), (3, 12, 5, 5), (15, 15, 4, 4))):
    _KRLO[_i] = _a
    _KRHI[_i] = _b
    _KLLO[_i] = _c
    _KLHI[_i] = _d


# ------------------------------------------------------------------ comparison

cdef inline int _power(int kind, int length) noexcept nogil:
    # the bomb order, written once (``power`` and ``Play.power`` give it to Python): 0 for an
    # ordinary play; else the bomb class: 4-bomb 1, 5-bomb 2, straight flush 3,
    # 6-bomb 4 ... 10-bomb 8, four jokers 9
    if kind == K_BOMB:
        return length - 3 if length <= 5 else length - 2
    if kind == K_SF:
        return 3
    if kind == K_JOKERS:
        return 9
    return 0


cdef bint gd_beats_c(int ak, int ar, int al, int bk, int br, int bl) noexcept nogil:
    cdef int pa = _power(ak, al), pb = _power(bk, bl)
    if pa:
        return pa > pb or (pa == pb and ar > br)
    return pb == 0 and ak == bk and al == bl and ar > br


# ------------------------------------------------------------------ hand summary and output

cdef void gd_hand(const uint8_t* cards, int level, GHand* h) noexcept nogil:
    cdef int c, x, wid = level * 4 + 2
    memset(h, 0, sizeof(GHand))
    h.level = level
    for c in range(52):
        x = cards[c]
        if x:
            h.total += x
            if c == wid:
                h.w = x
            else:
                h.n[c >> 2] += x
                h.suit[c & 3] |= <uint16_t>(1 << (c >> 2))
    h.bj = cards[52]
    h.rj = cards[53]
    h.total += h.bj + h.rj


cdef inline void _row(uint8_t* r, int kind, int rank, int length, int suit, int nwild,
                      int aux) noexcept nogil:
    r[0] = <uint8_t>kind
    r[1] = <uint8_t>rank
    r[2] = <uint8_t>length
    r[3] = <uint8_t>suit
    r[4] = <uint8_t>nwild
    r[5] = <uint8_t>aux
    r[6] = GD_NONE
    r[7] = GD_NONE
    memset(r + GD_COUNTS, 0, GD_ROW - GD_COUNTS)


cdef inline void _push(GSink* s, const uint8_t* r) noexcept nogil:
    cdef int i
    cdef const GHand* e = s.exact
    if s.bk >= 0 and not gd_beats_c(r[0], r[1], r[2], s.bk, s.br, s.bl):
        return
    if e != NULL:
        if r[2] != e.total or r[4] != e.w or r[GD_BJ] != e.bj or r[GD_RJ] != e.rj:
            return
        for i in range(13):
            if r[GD_COUNTS + i] != e.n[i]:
                return
    if s.ids != NULL or s.bits != NULL:
        _push_index(s, _fast_index(r, s.level))
        return
    if s.n < s.cap:
        memcpy(s.buf + s.n * GD_ROW, r, GD_ROW)
    s.n += 1


cdef inline void _push_index(GSink* s, int i) noexcept nogil:
    # a play's index into a sink of ids or of index bits
    if s.ids != NULL:
        if s.n < s.cap:
            s.ids[s.n] = i
    elif i >= 0:
        s.bits[i >> 6] |= (<uint64_t>1) << (i & 63)
    s.n += 1


cdef inline int _direct(int kind, int nat, int length, int suit) noexcept nogil:
    # the index of a play without wild cards (``nat``: the natural rank index of its rank,
    # the jokers 13 and 14; ``suit``: a straight flush's, else GD_NONE), as _fast_index
    return _D0[((kind * 16 + nat) * 11 + length) * 5 + (suit if suit < 4 else 4)]


cdef inline bint _indexes_only(const GSink* s) noexcept nogil:
    # the sink takes plays' indexes, unfiltered: a generator may give an index without a row
    return s.bk < 0 and s.exact == NULL and (s.ids != NULL or s.bits != NULL)


cdef inline int _fast_index(const uint8_t* r, int level) noexcept nogil:
    # The play index of a generated row (a play by construction): a play without wild cards is
    # fixed by its kind, natural rank, length and suit (and a full house's pair), so those
    # are read from the direct tables; the others from the hash table.
    cdef int kind = r[0], rank
    if r[4] == 0:
        rank = r[1] if _seq(kind) else _to_nat(r[1], level)
        if kind == K_FULL:
            return _DFH[rank * 16 + _to_nat(r[5], level)]
        return _D0[((kind * 16 + rank) * 11 + r[2]) * 5 + (r[3] if r[3] < 4 else 4)]
    return gd_row_index(r, level)


cdef inline int _nat(int v, int level) noexcept nogil:
    """The natural rank index of a non-joker value (13 -> the level rank)."""
    return level if v == V_LEVEL else v


# ------------------------------------------------------------------ groups of one rank

cdef inline void _plain(GSink* s, bint direct, int kind, int v, int q, int n) noexcept nogil:
    # the play of ``n`` natural cards of rank index ``q`` (value ``v``), no wild card; with
    # ``direct`` (a sink of indexes) its index without a row
    cdef uint8_t r[GD_ROW]
    if direct:
        _push_index(s, _direct(kind, q, n, GD_NONE))
        return
    _row(r, kind, v, n, GD_NONE, 0, GD_NONE)
    r[GD_COUNTS + q] = <uint8_t>n
    _push(s, r)


cdef inline void _jokers(GSink* s, int kind, int v, int n) noexcept nogil:
    # the single or the pair of ``n`` jokers of value ``v`` (V_BJ or V_RJ)
    cdef uint8_t r[GD_ROW]
    _row(r, kind, v, n, GD_NONE, 0, GD_NONE)
    r[GD_BJ if v == V_BJ else GD_RJ] = <uint8_t>n
    _push(s, r)


cdef inline void _of_rank(uint8_t* r, int kind, int v, int n, int q, int k) noexcept nogil:
    # the row of ``n`` cards of value ``v``: ``n - k`` natural cards of rank index ``q`` and
    # ``k`` (0..2) wild cards standing for it
    _row(r, kind, v, n, GD_NONE, k, GD_NONE)
    r[GD_COUNTS + q] = <uint8_t>(n - k)
    if k >= 1:
        r[6] = <uint8_t>q
    if k == 2:
        r[7] = <uint8_t>q


cdef void _sets(const GHand* h, GSink* s, int kind, int n) noexcept nogil:
    # the singles, pairs or trios (``kind``, of ``n`` = 1, 2, 3 cards): by value, its natural
    # cards, then with one and two wild cards standing for it (``n`` wild cards alone: as the
    # level rank, themselves); then the single or the pair of each joker
    cdef uint8_t r[GD_ROW]
    cdef int v, q, k, lv = h.level
    cdef bint direct = _indexes_only(s)
    for v in range(14):
        if v == lv:
            continue
        q = _nat(v, lv)
        if h.n[q] >= n:
            _plain(s, direct, kind, v, q, n)
        for k in range(1, min(h.w, n) + 1):
            if h.n[q] >= n - k and (k < n or v == V_LEVEL):
                _of_rank(r, kind, v, n, q, k)
                _push(s, r)
    if h.bj >= n:
        _jokers(s, kind, V_BJ, n)
    if h.rj >= n:
        _jokers(s, kind, V_RJ, n)


cdef void _bombs(const GHand* h, GSink* s) noexcept nogil:
    cdef uint8_t r[GD_ROW]
    cdef int v, q, k, size, m, top, lv = h.level
    for v in range(14):
        if v == lv:
            continue
        q = _nat(v, lv)
        m = h.n[q]
        top = m + h.w
        if top < 4:
            continue
        if top > 10:
            top = 10
        for size in range(4, top + 1):
            for k in range(h.w + 1):
                if size - k <= m:
                    _of_rank(r, K_BOMB, v, size, q, k)
                    _push(s, r)


cdef void _full_houses(const GHand* h, GSink* s) noexcept nogil:
    # Rows by trio value, wild cards used, pair value, then wild stand-ins ascending. A pair of
    # both wild cards is one play, its pair the level rank (the lowest other rank when the
    # trio is the level rank).
    cdef uint8_t r[GD_ROW]
    cdef int vt, vp, t, p, k, kt, kp, j, m, lo, nlo, step, first, last, pc
    cdef int lv = h.level, w = h.w
    cdef uint32_t by_need[3]        # the pair values holding at least 2, 1 and 0 natural cards
    cdef uint32_t jokers = 0, cand
    cdef bint direct = _indexes_only(s)
    by_need[0] = by_need[1] = by_need[2] = 0
    for vp in range(14):
        if vp != lv:
            m = h.n[_nat(vp, lv)]
            by_need[2] |= <uint32_t>1 << vp
            if m >= 1:
                by_need[1] |= <uint32_t>1 << vp
            if m >= 2:
                by_need[0] |= <uint32_t>1 << vp
    if h.bj == 2:
        jokers |= <uint32_t>1 << V_BJ
    if h.rj == 2:
        jokers |= <uint32_t>1 << V_RJ
    for vt in range(14):
        if vt == lv:
            continue
        t = _nat(vt, lv)
        if h.n[t] == 0 or h.n[t] + w < 3:
            continue
        if t != lv:
            pc = lv
        else:
            pc = 1 if lv == 0 else 0
        for k in range(w + 1):
            # the pair values in ascending order (the jokers last): a pair value needs
            # 2 - k natural cards at least, a joker pair both jokers of its colour
            cand = by_need[k] & ~(<uint32_t>1 << vt)
            if h.n[t] >= 3 - k:
                cand |= jokers
            if k == 0 and direct:
                # no wild card: natural trio and pair, the index from the direct table
                if h.n[t] >= 3:
                    while cand:
                        vp = cc_ctz(cand)
                        cand &= cand - 1
                        _push_index(s, _DFH[t * 16 + _to_nat(vp, lv)])
                continue
            while cand:
                vp = cc_ctz(cand)
                cand &= cand - 1
                if vp >= V_BJ:
                    _row(r, K_FULL, vt, 5, GD_NONE, k, vp)
                    r[GD_COUNTS + t] = <uint8_t>(3 - k)
                    if k >= 1:
                        r[6] = <uint8_t>t
                    if k == 2:
                        r[7] = <uint8_t>t
                    r[GD_BJ if vp == V_BJ else GD_RJ] = 2
                    _push(s, r)
                    continue
                p = _nat(vp, lv)
                # kt from high to low when t < p (stand-ins t.. before p..), else low to high
                if t < p:
                    first = k
                    last = -1
                    step = -1
                else:
                    first = 0
                    last = k + 1
                    step = 1
                kt = first
                while kt != last:
                    kp = k - kt
                    if (h.n[t] >= 3 - kt and h.n[p] >= 2 - kp
                            and (kp < 2 or p == pc)):
                        _row(r, K_FULL, vt, 5, GD_NONE, k, vp)
                        r[GD_COUNTS + t] = <uint8_t>(3 - kt)
                        r[GD_COUNTS + p] = <uint8_t>(2 - kp)
                        # the k stand-ins ascending: nlo of the lower rank lo, then the other
                        lo = t if t < p else p
                        nlo = kt if t < p else kp
                        for j in range(k):
                            r[6 + j] = <uint8_t>(lo if j < nlo else t + p - lo)
                        _push(s, r)
                    kt += step


# ------------------------------------------------------------------ sequences

cdef void _window(const GHand* h, GSink* s, int kind, int top, int width, int need,
                  int suit) noexcept nogil:
    """Every play of one window (and suit, for a straight flush): wild stand-ins ascending."""
    cdef uint8_t r[GD_ROW]
    cdef int rk[5]
    cdef int d[5]
    cdef int nr = 0, low = top - width + 1, p, i, j, x, tot = 0, k, a
    for p in range(low, top + 1):
        if p >= 0:
            rk[nr] = p
            nr += 1
    if low < 0:
        rk[nr] = 12
        nr += 1
    for i in range(nr):
        if suit == GD_NONE:
            a = h.n[rk[i]]
        else:
            a = (h.suit[suit] >> rk[i]) & 1
        d[i] = need - a if a < need else 0
        tot += d[i]
    if tot > h.w:
        return
    for k in range(tot, h.w + 1):
        if k == 0 and _indexes_only(s):
            _push_index(s, _direct(kind, top, width * need, suit))
        elif k == 0:
            _row(r, kind, top, width * need, suit, 0, GD_NONE)
            for x in range(nr):
                r[GD_COUNTS + rk[x]] = <uint8_t>need
            _push(s, r)
        elif k == 1:
            for i in range(nr):
                if d[i] <= 1 and tot - d[i] == 0:
                    _row(r, kind, top, width * need, suit, 1, GD_NONE)
                    for x in range(nr):
                        r[GD_COUNTS + rk[x]] = <uint8_t>need
                    r[GD_COUNTS + rk[i]] -= 1
                    r[6] = <uint8_t>rk[i]
                    _push(s, r)
        else:
            for i in range(nr):
                for j in range(i, nr):
                    if i == j:
                        if need < 2 or tot - d[i] != 0:
                            continue
                    elif d[i] > 1 or d[j] > 1 or tot - d[i] - d[j] != 0:
                        continue
                    _row(r, kind, top, width * need, suit, 2, GD_NONE)
                    for x in range(nr):
                        r[GD_COUNTS + rk[x]] = <uint8_t>need
                    r[GD_COUNTS + rk[i]] -= 1
                    r[GD_COUNTS + rk[j]] -= 1
                    r[6] = <uint8_t>rk[i]
                    r[7] = <uint8_t>rk[j]
                    _push(s, r)


cdef inline uint32_t _win_mask(int top, int width) noexcept nogil:
    # the natural ranks of the window ending at ``top`` (an ace-low window holds rank 12)
    if top - width + 1 < 0:
        return ((<uint32_t>1 << (top + 1)) - 1) | (<uint32_t>1 << 12)
    return ((<uint32_t>1 << width) - 1) << (top - width + 1)


cdef void _sequences(const GHand* h, GSink* s, int kind, int width, int need) noexcept nogil:
    # (a window with more ranks short of ``need`` than wild cards has no play: skipped unread)
    cdef int top, q
    cdef uint32_t full = 0, win
    for q in range(13):
        if h.n[q] >= need:
            full |= <uint32_t>1 << q
    for top in range(width - 2, 13):
        win = _win_mask(top, width)
        if width - cc_popcount(full & win) > h.w:
            continue
        _window(h, s, kind, top, width, need, GD_NONE)


cdef void _straight_flushes(const GHand* h, GSink* s) noexcept nogil:
    cdef int top, suit
    cdef uint32_t win
    for top in range(3, 13):
        win = _win_mask(top, 5)
        for suit in range(4):
            if 5 - cc_popcount(h.suit[suit] & win) > h.w:
                continue
            _window(h, s, K_SF, top, 5, 1, suit)


cdef void _joker_bomb(const GHand* h, GSink* s) noexcept nogil:
    cdef uint8_t r[GD_ROW]
    if h.bj == 2 and h.rj == 2:
        _row(r, K_JOKERS, V_RJ, 4, GD_NONE, 0, GD_NONE)
        r[GD_BJ] = 2
        r[GD_RJ] = 2
        _push(s, r)


# ------------------------------------------------------------------ generators

cdef void _all(const GHand* h, GSink* s, bint lead, int only, int size) noexcept nogil:
    # ``lead``: every kind; else the ordinary kind ``only`` (when >= 0) and the bombs.
    # ``size`` > 0: only kinds that can have that many cards (classification).
    if lead or only == K_SINGLE:
        if size <= 0 or size == 1:
            _sets(h, s, K_SINGLE, 1)
    if lead or only == K_PAIR:
        if size <= 0 or size == 2:
            _sets(h, s, K_PAIR, 2)
    if lead or only == K_TRIO:
        if size <= 0 or size == 3:
            _sets(h, s, K_TRIO, 3)
    if lead or only == K_FULL:
        if size <= 0 or size == 5:
            _full_houses(h, s)
    if lead or only == K_STRAIGHT:
        if size <= 0 or size == 5:
            _sequences(h, s, K_STRAIGHT, 5, 1)
    if lead or only == K_TUBE:
        if size <= 0 or size == 6:
            _sequences(h, s, K_TUBE, 3, 2)
    if lead or only == K_PLATE:
        if size <= 0 or size == 6:
            _sequences(h, s, K_PLATE, 2, 3)
    if size <= 0 or 4 <= size <= 10:
        _bombs(h, s)
    if size <= 0 or size == 5:
        _straight_flushes(h, s)
    if size <= 0 or size == 4:
        _joker_bomb(h, s)


cdef Py_ssize_t _generate(const GHand* h, int bk, int br, int bl, uint8_t* rows,
                          int32_t* ids, uint64_t* bits, Py_ssize_t cap) noexcept nogil:
    # every play of ``h`` (the ones beating (bk, br, bl) when bk >= 0) into one sink: rows
    # (up to ``cap``), else play indexes (up to ``cap``), else index bits; returns the count
    cdef GSink s = GSink(buf=rows, cap=cap, n=0, bk=bk, br=br, bl=bl, exact=NULL, ids=ids,
                         bits=bits, level=h.level)
    if bk < 0:
        _all(h, &s, True, -1, 0)
    else:
        _all(h, &s, False, bk if _power(bk, bl) == 0 else -1, 0)
    return s.n


cdef Py_ssize_t gd_gen(const GHand* h, int bk, int br, int bl,
                       uint8_t* out, Py_ssize_t cap) noexcept nogil:
    return _generate(h, bk, br, bl, out, NULL, NULL, cap)


cdef Py_ssize_t gd_classify_c(const GHand* h, uint8_t* out, Py_ssize_t cap) noexcept nogil:
    cdef GSink s = GSink(buf=out, cap=cap, n=0, bk=-1, br=0, bl=0, exact=h, ids=NULL, bits=NULL,
                         level=h.level)
    if h.total < 1 or h.total > 10:
        return 0
    _all(h, &s, True, -1, h.total)
    return s.n


# ------------------------------------------------------------------ action ids
#
# A play's level-independent identity is its row with the rank (except for sequences, whose
# rank is already a natural top) and the full house's pair value written as natural indexes
# (0..12 the ranks, 13 BJ, 14 RJ): the *natural row*. Its first eight columns, packed
# big-endian into a uint64, are unique per play (the counts follow from them), so the plays of
# the full two-deck hand at the 13 levels, sorted by that key and deduplicated, are the table
# of play ids (built once at import, read-only afterwards). Play index ``p`` is action id
# ``FIRST_PLAY + p``.

cdef enum:
    ID_CAP = 4096            # room for the distinct plays (2,355)
    ID_WORDS = 64            # ID_CAP / 64: words of a per-level validity bitmap
    GEN_CAP = 4096           # room for the plays of the full hand at one level (2,140)
    FIRST_PLAY_ID = 55       # action ids: 0 pass, 1..54 return card id - 1, plays from 55

cdef uint64_t _KEYS[ID_CAP]
cdef uint8_t _NROW[ID_CAP * GD_ROW]
cdef uint64_t _VALID[13 * ID_WORDS]
cdef int _KSTART[K_NKINDS + 1]
cdef int _NPLAYS = 0

ctypedef struct _Entry:
    uint64_t key
    int level
    uint8_t row[GD_ROW]


cdef inline bint _seq(int kind) noexcept nogil:
    return kind == K_STRAIGHT or kind == K_TUBE or kind == K_PLATE or kind == K_SF


cdef inline int _to_nat(int v, int level) noexcept nogil:
    """A level-aware value as a natural index (the level rank 13 -> level; BJ 13, RJ 14)."""
    if v == V_LEVEL:
        return level
    if v > V_LEVEL:
        return v - 1
    return v


cdef inline int _to_val(int n, int level) noexcept nogil:
    """A natural index as the level-aware value."""
    if n == level:
        return V_LEVEL
    if n >= 13:
        return n + 1
    return n


cdef inline uint64_t _pack(const uint8_t* r, int rank, int aux) noexcept nogil:
    return ((<uint64_t>r[0] << 56) | (<uint64_t>rank << 48) | (<uint64_t>r[2] << 40)
            | (<uint64_t>r[3] << 32) | (<uint64_t>r[4] << 24) | (<uint64_t>aux << 16)
            | (<uint64_t>r[6] << 8) | <uint64_t>r[7])


cdef inline uint64_t _natkey(const uint8_t* r, int level) noexcept nogil:
    cdef int rank = r[1], aux = r[5]
    if not _seq(r[0]):
        rank = _to_nat(rank, level)
    if aux != GD_NONE:
        aux = _to_nat(aux, level)
    return _pack(r, rank, aux)


# The packed keys are also kept in an open-addressing hash table (HSIZE slots, a multiplicative
# hash, linear probing; a key is never 0, so 0 marks an empty slot): one or two probes per row
# instead of a binary search (an empty slot's index is -1).
cdef enum:
    HBITS = 13
    HSIZE = 8192

cdef uint64_t _HKEY[HSIZE]
cdef int32_t _HIDX[HSIZE]
# the plays without wild cards: by (kind, natural rank, length, suit or 4), and full houses by
# (natural trio rank, natural pair index); -1 where there is no such play
cdef int16_t _D0[10 * 16 * 11 * 5]
cdef int16_t _DFH[16 * 16]


cdef inline uint32_t _hslot(uint64_t key) noexcept nogil:
    return <uint32_t>((key * <uint64_t>0x9E3779B97F4A7C15ULL) >> (64 - HBITS))


cdef int gd_row_index(const uint8_t* row, int level) noexcept nogil:
    cdef uint64_t key, k
    cdef uint32_t slot
    if row[0] >= K_NKINDS:
        return -1
    key = _natkey(row, level)
    slot = _hslot(key)
    while True:
        k = _HKEY[slot]
        if k == key:
            return _HIDX[slot]
        if k == 0:
            return -1
        slot = (slot + 1) & (HSIZE - 1)


cdef Py_ssize_t gd_gen_bits(const GHand* h, int bk, int br, int bl,
                            uint64_t* bits) noexcept nogil:
    # gd_gen_ids into a bitmap of play indexes (ID_WORDS words, zeroed by the caller)
    return _generate(h, bk, br, bl, NULL, NULL, bits, 0)


cdef Py_ssize_t gd_gen_ids(const GHand* h, int bk, int br, int bl,
                           int32_t* out, Py_ssize_t cap) noexcept nogil:
    return _generate(h, bk, br, bl, NULL, out, NULL, cap if out != NULL else 0)


cdef inline bint _valid(int level, int p) noexcept nogil:
    return (_VALID[level * ID_WORDS + (p >> 6)] >> (p & 63)) & 1


cdef bint gd_index_ok(const GHand* h, int p, int bk, int br, int bl) noexcept nogil:
    cdef const uint8_t* r
    cdef int lv = h.level, kind, rank, q, su
    if p < 0 or p >= _NPLAYS or not _valid(lv, p):
        return 0
    r = _NROW + p * GD_ROW
    kind = r[0]
    rank = r[1] if _seq(kind) else _to_val(r[1], lv)
    if bk >= 0 and not gd_beats_c(kind, rank, r[2], bk, br, bl):
        return 0
    if r[4] > h.w or r[GD_BJ] > h.bj or r[GD_RJ] > h.rj:
        return 0
    su = r[3]
    for q in range(13):
        if su == GD_NONE:
            if r[GD_COUNTS + q] > h.n[q]:
                return 0
        elif r[GD_COUNTS + q] and not (h.suit[su] >> q) & 1:
            return 0
    return 1


cdef void gd_level_row(int p, int level, uint8_t* out) noexcept nogil:
    """The level-aware row of play index ``p`` at ``level``."""
    memcpy(out, _NROW + p * GD_ROW, GD_ROW)
    if not _seq(out[0]):
        out[1] = <uint8_t>_to_val(out[1], level)
    if out[5] != GD_NONE:
        out[5] = <uint8_t>_to_val(out[5], level)


cdef int gd_take(const uint8_t* hand, int level, const uint8_t* row, uint8_t* o,
                 int* lack) noexcept nogil:
    """The physical cards ``row`` takes from ``hand`` as 54 counts in ``o`` (the order of
    ``pick``); -1 and -3 when the hand lacks one (``guandan.pxd``), -2 for a bad suit."""
    cdef int wid = level * 4 + 2, q, x, s0, s1, need, take, cid, su = row[3]
    memset(o, 0, GD_NCARDS)
    if su == GD_NONE:
        s0 = 0
        s1 = 4
    elif su < 4:
        s0 = su
        s1 = su + 1
    else:
        return -2
    for q in range(13):
        need = row[GD_COUNTS + q]
        if not need:
            continue
        for x in range(s0, s1):
            cid = q * 4 + x
            if cid == wid or not need:
                continue
            take = need if need < hand[cid] else hand[cid]
            o[cid] = <uint8_t>take
            need -= take
        if need:
            if lack != NULL:
                lack[0] = q
            return -1
    cdef int cids[3]
    cids[:] = [wid, 52, 53]         # the wild card's id, the jokers'
    for q in range(3):
        cid = cids[q]
        need = row[4] if q == 0 else row[GD_BJ + q - 1]
        if need > hand[cid]:
            if lack != NULL:
                lack[0] = cid
            return -3
        o[cid] = <uint8_t>need
    return 0


cdef int gd_nplays() noexcept nogil:
    return _NPLAYS


cdef int _cmp_entry(const void* a, const void* b) noexcept nogil:
    cdef uint64_t x = (<const _Entry*>a).key, y = (<const _Entry*>b).key
    if x < y:
        return -1
    if x > y:
        return 1
    return (<const _Entry*>a).level - (<const _Entry*>b).level


cdef int _build_ids() except -1:
    global _NPLAYS
    cdef uint8_t full[GD_NCARDS]
    cdef GHand h
    cdef uint8_t* buf = <uint8_t*>malloc(GEN_CAP * GD_ROW)
    cdef _Entry* ents = <_Entry*>malloc(13 * GEN_CAP * sizeof(_Entry))
    cdef _Entry* e
    cdef Py_ssize_t n, i, m = 0
    cdef int lv, p = -1, kind, rank, aux
    cdef uint32_t slot
    cdef const uint8_t* e_row
    cdef int16_t* d
    try:
        if buf == NULL or ents == NULL:
            raise MemoryError()
        memset(full, 2, GD_NCARDS)
        for lv in range(13):
            gd_hand(full, lv, &h)
            n = gd_gen(&h, -1, 0, 0, buf, GEN_CAP)
            if n > GEN_CAP:
                raise RuntimeError("guandan: the play table outgrew its buffer")
            for i in range(n):
                e = &ents[m]
                memcpy(e.row, buf + i * GD_ROW, GD_ROW)
                rank = e.row[1] if _seq(e.row[0]) else _to_nat(e.row[1], lv)
                aux = e.row[5] if e.row[5] == GD_NONE else _to_nat(e.row[5], lv)
                e.row[1] = <uint8_t>rank
                e.row[5] = <uint8_t>aux
                e.key = _pack(e.row, rank, aux)
                e.level = lv
                m += 1
        qsort(ents, m, sizeof(_Entry), _cmp_entry)
        memset(_VALID, 0, sizeof(_VALID))
        for i in range(m):
            if p < 0 or ents[i].key != _KEYS[p]:
                p += 1
                if p >= ID_CAP:
                    raise RuntimeError("guandan: more plays than the id table holds")
                _KEYS[p] = ents[i].key
                memcpy(_NROW + p * GD_ROW, ents[i].row, GD_ROW)
            elif memcmp(_NROW + p * GD_ROW, ents[i].row, GD_ROW) != 0:
                raise RuntimeError("guandan: one play key with two natural rows")
            _VALID[ents[i].level * ID_WORDS + (p >> 6)] |= (<uint64_t>1) << (p & 63)
        _NPLAYS = p + 1
        memset(_HKEY, 0, sizeof(_HKEY))
        memset(_HIDX, 0xff, sizeof(_HIDX))     # -1: what an all-zero key (no play) finds
        for i in range(_NPLAYS):
            slot = _hslot(_KEYS[i])
            while _HKEY[slot] != 0:
                slot = (slot + 1) & (HSIZE - 1)
            _HKEY[slot] = _KEYS[i]
            _HIDX[slot] = <int32_t>i
        memset(_D0, 0xff, sizeof(_D0))
        memset(_DFH, 0xff, sizeof(_DFH))
        for i in range(_NPLAYS):
            e_row = _NROW + i * GD_ROW
            if e_row[4] != 0:
                continue
            if e_row[0] == K_FULL:
                d = &_DFH[e_row[1] * 16 + e_row[5]]
            elif e_row[5] == GD_NONE:
                d = &_D0[((e_row[0] * 16 + e_row[1]) * 11 + e_row[2]) * 5
                         + (e_row[3] if e_row[3] < 4 else 4)]
            else:
                raise RuntimeError("guandan: a play with a pair value outside full houses")
            if d[0] != -1:
                raise RuntimeError("guandan: two plays without wild cards share a direct slot")
            d[0] = <int16_t>i
        i = 0
        for kind in range(K_NKINDS + 1):
            while i < _NPLAYS and (_KEYS[i] >> 56) < <uint64_t>kind:
                i += 1
            _KSTART[kind] = <int>i
    finally:
        free(buf)
        free(ents)
    return 0


_build_ids()

#: action ids: 0 pass, 1..54 return card ``id - 1``, plays from ``FIRST_PLAY``
FIRST_PLAY = FIRST_PLAY_ID
#: the number of distinct plays (play ids ``FIRST_PLAY .. FIRST_PLAY + NUM_PLAYS - 1``)
NUM_PLAYS = _NPLAYS
#: the size of the action id space
NUM_ACTIONS = FIRST_PLAY_ID + _NPLAYS
# the Python int of every action id, made once (a legal-id list then allocates no ints)
cdef tuple _ID_OBJ = tuple(range(FIRST_PLAY_ID + _NPLAYS))
# the kind names (a C-level reference: no module lookup per record)
cdef tuple _KINDS_T = KINDS


# ------------------------------------------------------------------ Python API

# Argument checks: every ``def`` raises CardError (cards: counts, or a hand lacking the cards a
# row needs) or CardcoreError (level, keys, rows) naming the argument, never a bare TypeError,
# ValueError or OverflowError; ints are ints or numpy integers (never bools, floats or strings).

cdef int _level(object level) except -1:
    x = index_or_none(level)
    if x is None or not 0 <= x <= 12:
        raise CardcoreError(f"level {quote(level)}: expected a rank index 0..12")
    return <int>x


cdef tuple _key(object key, str what):
    # (indexing is unchecked in this module, so the length is checked first)
    k, r, n = key_arg(key, what)
    if not 0 <= k < K_NKINDS:
        raise CardcoreError(f"{what} {quote(key)}: kind outside 0..{K_NKINDS - 1}")
    if not (_KRLO[k] <= r <= _KRHI[k] and _KLLO[k] <= n <= _KLHI[k]):
        raise CardcoreError(f"{what} {quote(key)}: rank or length impossible for a {KINDS[k]}")
    return k, r, n


cdef object _rows_arg(object rows, bint one_row_ok):
    """Rows as a C-contiguous uint8 array: (n, 23), or (23,) when ``one_row_ok``; values are
    ints 0..255 (any dtype of ints; an empty array of any dtype)."""
    try:
        arr = np.asarray(rows)
    except (TypeError, ValueError, OverflowError):
        arr = None
    if arr is None or not (arr.ndim == 2 and arr.shape[1] == GD_ROW
                           or one_row_ok and arr.ndim == 1 and arr.shape[0] == GD_ROW):
        raise CardcoreError("rows: expected a row of 23 ints or an (n, 23) array" if one_row_ok
                            else "rows: expected an (n, 23) array")
    if arr.dtype != np.uint8 and arr.size:
        if arr.dtype.kind not in "iu":
            raise CardcoreError(f"rows: expected ints, got dtype {arr.dtype}")
        if arr.min() < 0 or arr.max() > 255:
            raise CardcoreError("rows: values outside 0..255")
    return np.ascontiguousarray(arr, dtype=np.uint8)


cdef enum:
    STACK_ROWS = 1024


cdef inline Py_ssize_t _rows(const GHand* h, int bk, int br, int bl, bint classify,
                             uint8_t* buf, Py_ssize_t cap) noexcept nogil:
    # the rows of ``h`` into ``buf`` (up to ``cap``: the generators count past it): its
    # readings (``classify``) or its plays (beating (bk, br, bl) when bk >= 0); their number
    if classify:
        return gd_classify_c(h, buf, cap)
    return gd_gen(h, bk, br, bl, buf, cap)


cdef object _run(const GHand* h, int bk, int br, int bl, bint classify):
    # The rows as an exact-size array: generated into a stack buffer and copied, or, when they
    # do not fit, generated again into an array of their number. (No GIL release: a call takes
    # a few microseconds.)
    cdef uint8_t stack[STACK_ROWS * GD_ROW]
    cdef Py_ssize_t n = _rows(h, bk, br, bl, classify, stack, STACK_ROWS)
    if n <= STACK_ROWS:
        return rows_array(n, GD_ROW, stack)
    cdef cnp.ndarray arr = rows_array(n, GD_ROW, NULL)
    _rows(h, bk, br, bl, classify, <uint8_t*>cnp.PyArray_DATA(arr), n)
    return arr


cdef int _hand_at(object counts, object level, str what, GHand* h) except -1:
    """The 54 card counts ``counts`` (``what`` names them) at ``level``, into ``h``."""
    cdef uint8_t c[GD_NCARDS]
    count_vector(counts, GD_NCARDS, _CAPS, c, what, "card", "card id")
    gd_hand(c, _level(level), h)
    return 0


def moves(hand, level, beat=None):
    """Every distinct play from ``hand`` (54 card counts) at ``level`` (rank index 0..12), as an
    (n, 23) uint8 array of rows sorted lexicographically; with ``beat`` a key
    ``(kind, rank, length)``, only the plays that beat it."""
    cdef GHand h
    _hand_at(hand, level, "hand", &h)
    if beat is None:
        return _run(&h, -1, 0, 0, False)
    k, r, n = _key(beat, "beat")
    return _run(&h, k, r, n, False)


def count(hand, level, beat=None) -> int:
    """The number of rows ``moves`` returns (no array is built)."""
    cdef GHand h
    cdef int k = -1, r = 0, n = 0
    _hand_at(hand, level, "hand", &h)
    if beat is not None:
        k, r, n = _key(beat, "beat")
    return gd_gen(&h, k, r, n, NULL, 0)


def classify(cards, level):
    """Every reading of exactly the cards ``cards`` (54 card counts) at ``level``, as rows
    (empty when the cards form no combination); a row's counts and nwild are those of
    ``cards``."""
    cdef GHand h
    _hand_at(cards, level, "cards", &h)
    return _run(&h, -1, 0, 0, True)


def beats(a, b) -> bool:
    """Whether the play with key ``a = (kind, rank, length)`` beats the play with key ``b``."""
    ak, ar, al = _key(a, "a")
    bk, br, bl = _key(b, "b")
    return bool(gd_beats_c(ak, ar, al, bk, br, bl))


def power(key) -> tuple:
    """The strength of the play with key ``(kind, rank, length)`` across kinds, as a sort key
    ``(bomb class, rank)``: bomb class 0 for an ordinary play (which beats only its own kind),
    else 4-bomb 1, 5-bomb 2, straight flush 3, 6-bomb 4 ... 10-bomb 8, four jokers 9; a higher
    class beats a lower one, and within a class the higher rank wins."""
    k, r, n = _key(key, "key")
    return (_power(k, n), r)


def pick(hand, level, rows):
    """The physical cards a row takes from ``hand``: 54 card counts (an (n, 54) array for an
    (n, 23) array of rows). Natural cards of each rank are taken by suit c, d, h, s (the heart of
    the level rank is never natural), a straight flush's from its suit; then ``nwild`` wild
    cards and the jokers. Raises ``CardError`` when the hand lacks a card the row needs,
    ``CardcoreError`` for a malformed row."""
    cdef uint8_t c[GD_NCARDS]
    cdef int lv, why, lack = 0
    cdef Py_ssize_t i, nrows
    cdef cnp.ndarray src, out
    cdef const uint8_t* row
    count_vector(hand, GD_NCARDS, _CAPS, c, "hand", "card", "card id")
    lv = _level(level)
    src = _rows_arg(rows, True)
    if src.ndim == 1:
        return pick(bytes(c[:GD_NCARDS]), lv, src[None, :])[0]
    nrows = src.shape[0]
    out = np.zeros((nrows, GD_NCARDS), dtype=np.uint8)
    for i in range(nrows):
        row = <const uint8_t*>cnp.PyArray_DATA(src) + i * GD_ROW
        why = gd_take(c, lv, row, <uint8_t*>cnp.PyArray_DATA(out) + i * GD_NCARDS, &lack)
        if why == -2:
            raise CardcoreError(f"row {i}: bad suit {row[3]}")
        if why == -1:
            raise CardError(f"row {i}: the hand lacks natural cards of rank index {lack}")
        if why == -3:
            raise CardError(f"row {i}: the hand lacks card id {lack}")
    return out


cdef inline uint32_t _nonzero8(const uint8_t* b, int n) noexcept nogil:
    # bit i set when b[i] != 0, for i < n <= 8 (the bytes packed in a word, a carry test per
    # byte, the bytes' high bits gathered by one multiplication)
    cdef uint64_t w = 0, t
    cdef int i
    for i in range(n):
        w |= (<uint64_t>b[i]) << (8 * i)
    t = (((w & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | w) & 0x8080808080808080ULL
    return <uint32_t>(((t >> 7) * 0x0102040810204080ULL) >> 56)


cdef int _pick_one(const uint8_t* c, int wid, const uint8_t* row, uint8_t* dst,
                   Py_ssize_t i) except -1:
    """The ascending card ids row ``i`` takes from the counts ``c``, written to ``dst`` (room
    for 10); returns how many (raises like ``pick_ids``). One pass in card id order: natural
    cards of each rank by suit (a straight flush's from its suit only), the wild cards at their
    own id, then the jokers; the checks come in ``pick``'s order."""
    cdef uint8_t buf[128]
    cdef int q, su, need, take, cid, x, k, s0, s1, pos = 0, nw
    cdef uint32_t ranks
    su = row[3]
    if su == GD_NONE:
        s0, s1 = 0, 4
    elif su < 4:
        s0, s1 = su, su + 1
    else:
        raise CardcoreError(f"row {i}: bad suit {su}")
    nw = row[4] if row[4] < c[wid] else c[wid]      # (more is an error, raised below)
    ranks = _nonzero8(row + GD_COUNTS, 8) | (_nonzero8(row + GD_COUNTS + 8, 5) << 8)
    if nw:
        ranks |= <uint32_t>1 << (wid >> 2)
    while ranks:
        q = cc_ctz(ranks)
        ranks &= ranks - 1
        need = row[GD_COUNTS + q]
        for x in range(4):
            cid = q * 4 + x
            if cid == wid:
                for k in range(nw):
                    buf[pos] = <uint8_t>cid
                    pos += 1
                continue
            if x < s0 or x >= s1 or not need:
                continue
            take = need if need < c[cid] else c[cid]
            for k in range(take):
                buf[pos] = <uint8_t>cid
                pos += 1
            need -= take
        if need:
            raise CardError(f"row {i}: the hand lacks natural cards of rank index {q}")
    if row[4] > c[wid] or row[GD_BJ] > c[52] or row[GD_RJ] > c[53]:
        raise CardError(f"row {i}: the hand lacks a wild card or a joker")
    for k in range(row[GD_BJ]):
        buf[pos] = 52
        pos += 1
    for k in range(row[GD_RJ]):
        buf[pos] = 53
        pos += 1
    if pos > 10:
        raise CardcoreError(f"row {i}: more than 10 cards")
    memcpy(dst, buf, pos)
    return pos


def pick_ids(hand, level, rows):
    """The physical cards of each row as card ids, flat: ``(ids, ends)`` where row ``i``'s
    cards are ``ids[ends[i-1]:ends[i]]`` (ascending ids; the same cards as ``pick``). The
    game layer's fast path: no (n, 54) matrix. Raises like ``pick`` (and ``CardcoreError`` for
    a row of more than 10 cards)."""
    cdef uint8_t c[GD_NCARDS]
    cdef int lv, wid
    cdef Py_ssize_t i, nrows, pos = 0
    cdef cnp.ndarray src, ids, ends
    cdef const uint8_t* row
    cdef uint8_t* dst
    cdef long long* e
    count_vector(hand, GD_NCARDS, _CAPS, c, "hand", "card", "card id")
    lv = _level(level)
    wid = lv * 4 + 2
    src = _rows_arg(rows, False)
    nrows = src.shape[0]
    ids = np.empty(nrows * 10 + 1, dtype=np.uint8)
    ends = np.empty(nrows, dtype=np.int64)
    dst = <uint8_t*>cnp.PyArray_DATA(ids)
    e = <long long*>cnp.PyArray_DATA(ends)
    for i in range(nrows):
        row = <const uint8_t*>cnp.PyArray_DATA(src) + i * GD_ROW
        pos += _pick_one(c, wid, row, dst + pos, i)
        e[i] = pos
    return ids[:pos], ends


# ------------------------------------------------------------------ action ids: Python API

cdef Py_ssize_t gd_count_list(list hand, uint8_t* out, int* why) except -2:
    # 54 counts from a list of card ids into ``out``: -1 when every item is a card id held
    # at most twice, else the index of the first item that is not (``why``: GD_NOT_ID,
    # GD_OUT_OF_RANGE or GD_THIRD_COPY); the callers word the error
    cdef Py_ssize_t i
    cdef object o
    cdef long v
    cdef int ovf = 0
    memset(out, 0, GD_NCARDS)
    for i in range(PyList_GET_SIZE(hand)):
        o = <object>PyList_GET_ITEM(hand, i)
        if not PyLong_Check(o) or isinstance(o, bool):
            why[0] = GD_NOT_ID
            return i
        v = PyLong_AsLongAndOverflow(o, &ovf)
        if ovf or v < 0 or v > 53:
            why[0] = GD_OUT_OF_RANGE
            return i
        if out[v] >= 2:
            why[0] = GD_THIRD_COPY
            return i
        out[v] += 1
    return -1


cdef int _load_list(object hand, uint8_t* out, str what) except -1:
    """54 counts from a list of card ids (each id 0..53, at most twice)."""
    cdef int why = 0
    cdef Py_ssize_t i
    if type(hand) is not list:
        raise CardError(f"{what} {quote(hand)}: expected a list of card ids")
    i = gd_count_list(hand, out, &why)
    if i < 0:
        return 0
    o = hand[i]
    if why == GD_NOT_ID:
        raise CardError(f"{what}: {quote(o)} is not a card id")
    if why == GD_OUT_OF_RANGE:
        raise CardError(f"{what}: card id {quote(o)} out of range 0..53")
    raise CardError(f"{what}: card id {int(o)} three or more times (two decks)")


cdef int _play_index(object i) except -1:
    x = index_or_none(i)
    if x is None or not FIRST_PLAY_ID <= x < FIRST_PLAY_ID + _NPLAYS:
        raise CardcoreError(f"action id {quote(i)}: not a play id "
                            f"({FIRST_PLAY_ID}..{FIRST_PLAY_ID + _NPLAYS - 1})")
    return <int>(x - FIRST_PLAY_ID)


cdef int _beat_of(object beat, int* bk, int* br, int* bl) except -1:
    if beat is None:
        bk[0] = -1
        br[0] = 0
        bl[0] = 0
        return 0
    k, r, n = _key(beat, "beat")
    bk[0] = k
    br[0] = r
    bl[0] = n
    return 0


cdef list _id_list(const int32_t* ps, Py_ssize_t n, bint with_pass):
    """The action ids of play indexes ``ps`` as an ascending list of ints (pass first)."""
    cdef uint64_t bits[ID_WORDS]
    cdef Py_ssize_t i
    cdef int w, p
    cdef uint64_t m
    cdef list out = [0] if with_pass else []
    memset(bits, 0, sizeof(bits))
    for i in range(n):
        p = ps[i]
        bits[p >> 6] |= (<uint64_t>1) << (p & 63)
    for w in range(ID_WORDS):
        m = bits[w]
        while m:
            out.append(_ID_OBJ[FIRST_PLAY_ID + w * 64 + cc_ctz(m)])
            m &= m - 1
    return out


def id_rows():
    """The table of plays: an (NUM_PLAYS, 23) uint8 array of natural rows in play id order
    (play index ``p`` is action id ``FIRST_PLAY + p``). A natural row is a row with its rank
    (but a sequence's) and a full house's pair value as natural indexes: 0..12 the ranks 2..A,
    13 BJ, 14 RJ."""
    cdef cnp.ndarray arr = np.empty((_NPLAYS, GD_ROW), dtype=np.uint8)
    memcpy(cnp.PyArray_DATA(arr), _NROW, _NPLAYS * GD_ROW)
    return arr


def id_levels():
    """A (13, NUM_PLAYS) bool array: whether play index ``p`` is a play at level ``L`` (some
    readings exist at one level only: a lone wild card is the level single)."""
    cdef cnp.ndarray arr = np.zeros((13, _NPLAYS), dtype=np.bool_)
    cdef int lv, p
    for lv in range(13):
        for p in range(_NPLAYS):
            if _valid(lv, p):
                arr[lv, p] = True
    return arr


cdef object _ids_array(const GHand* h, int bk, int br, int bl):
    """The ascending int32 array of the action ids of the plays of ``h`` (beating the key)."""
    cdef uint64_t bits[ID_WORDS]
    cdef int w
    cdef cnp.npy_intp dim = 0
    cdef cnp.ndarray arr
    memset(bits, 0, sizeof(bits))
    gd_gen_bits(h, bk, br, bl, bits)
    for w in range(ID_WORDS):
        dim += cc_popcount(bits[w])
    arr = cnp.PyArray_SimpleNew(1, &dim, cnp.NPY_INT32)
    cc_bit_ids(bits, ID_WORDS, FIRST_PLAY_ID, <int32_t*>cnp.PyArray_DATA(arr))
    return arr


def move_ids(hand, level, beat=None):
    """The action ids of ``moves(hand, level, beat)`` (54 card counts, a level index 0..12, an
    optional key ``(kind, rank, length)``): an ascending int32 array, no rows built."""
    cdef GHand h
    cdef int bk, br, bl
    _hand_at(hand, level, "hand", &h)
    _beat_of(beat, &bk, &br, &bl)
    return _ids_array(&h, bk, br, bl)


def move_ids_of(hand, level, beat=None):
    """``move_ids`` of a hand given as a list of card ids (each id 0..53, at most twice)."""
    cdef uint8_t c[GD_NCARDS]
    cdef GHand h
    cdef int lv, bk, br, bl
    _load_list(hand, c, "hand")
    lv = _level(level)
    _beat_of(beat, &bk, &br, &bl)
    gd_hand(c, lv, &h)
    return _ids_array(&h, bk, br, bl)


def row_ids(rows, level):
    """The action id of each level-aware row at ``level`` (an int32 array; -1 for a row that is
    no play); one row of 23 gives an int."""
    cdef cnp.ndarray src = _rows_arg(rows, True)
    cdef int lv = _level(level)
    cdef Py_ssize_t i, n
    cdef cnp.ndarray out
    cdef int32_t* dst
    cdef const uint8_t* base
    cdef int p
    if src.ndim == 1:
        p = gd_row_index(<const uint8_t*>cnp.PyArray_DATA(src), lv)
        return -1 if p < 0 else FIRST_PLAY_ID + p
    n = src.shape[0]
    out = np.empty(n, dtype=np.int32)
    dst = <int32_t*>cnp.PyArray_DATA(out)
    base = <const uint8_t*>cnp.PyArray_DATA(src)
    for i in range(n):
        p = gd_row_index(base + i * GD_ROW, lv)
        dst[i] = -1 if p < 0 else FIRST_PLAY_ID + p
    return out


def id_row(i, level):
    """The level-aware row (23 uint8) of play id ``i`` at ``level``; ``CardcoreError`` when
    ``i`` is no play id or names no play at that level."""
    cdef int p = _play_index(i)
    cdef int lv = _level(level)
    cdef cnp.ndarray out
    if not _valid(lv, p):
        raise CardcoreError(f"action id {quote(i)}: no such play at level index {lv}")
    out = np.empty(GD_ROW, dtype=np.uint8)
    gd_level_row(p, lv, <uint8_t*>cnp.PyArray_DATA(out))
    return out


def hand_ids(hand, level, beat=None):
    """The game's legal ids of a hand (a list of card ids) at ``level``: the ascending list of
    the plays' action ids, led by 0 (pass) when ``beat`` (the key on the table) is given."""
    cdef uint8_t c[GD_NCARDS]
    cdef GHand h
    cdef int32_t buf[ID_CAP]
    cdef int lv, bk, br, bl
    cdef Py_ssize_t n
    _load_list(hand, c, "hand")
    lv = _level(level)
    _beat_of(beat, &bk, &br, &bl)
    gd_hand(c, lv, &h)
    n = gd_gen_ids(&h, bk, br, bl, buf, ID_CAP)
    return _id_list(buf, n, bk >= 0)


def id_ok(hand, level, beat, i) -> bool:
    """Whether play id ``i`` is among ``hand_ids(hand, level, beat)`` (no list is built);
    False for any other value of ``i``."""
    cdef uint8_t c[GD_NCARDS]
    cdef GHand h
    cdef int lv, bk, br, bl
    x = index_or_none(i)
    _load_list(hand, c, "hand")
    lv = _level(level)
    _beat_of(beat, &bk, &br, &bl)
    if x is None or not FIRST_PLAY_ID <= x < FIRST_PLAY_ID + _NPLAYS:
        return False
    gd_hand(c, lv, &h)
    return bool(gd_index_ok(&h, <int>(x - FIRST_PLAY_ID), bk, br, bl))


def take(hand, level, i):
    """``(cards, key)`` of play id ``i`` from ``hand`` (a list of card ids) at ``level``: the
    physical cards it takes (ascending ids, the cards ``pick_ids`` gives) and its key
    ``[kind, rank, length]``. Raises ``CardcoreError`` for an id that is no play at the level,
    ``CardError`` when the hand lacks a card."""
    cdef uint8_t c[GD_NCARDS]
    cdef uint8_t o[GD_NCARDS]
    cdef uint8_t row[GD_ROW]
    cdef int p, lv, cid, k
    cdef list cards = []
    _load_list(hand, c, "hand")
    lv = _level(level)
    p = _play_index(i)
    if not _valid(lv, p):
        raise CardcoreError(f"action id {quote(i)}: no such play at level index {lv}")
    gd_level_row(p, lv, row)
    if gd_take(c, lv, row, o, NULL) != 0:
        raise CardError(f"action id {quote(i)}: the hand lacks a card of this play")
    for cid in range(GD_NCARDS):
        for k in range(o[cid]):
            cards.append(_ID_OBJ[cid])
    return cards, [_ID_OBJ[row[0]], _ID_OBJ[row[1]], _ID_OBJ[row[2]]]


# ------------------------------------------------------------------ play records

@cython.final
@cython.freelist(256)
cdef class Play:
    """A Guandan play (``cardcore.guandan.Move``): the kernel's row, the level, the kind's name
    and the physical cards, a tuple of ``table`` items (``Card`` objects) built with the record.
    Built in bulk by ``Play.build`` or one at a time by ``Play(row, level, cards=None)`` (or
    ``Play.make``; ``cards`` is ``None`` for a record made from a row alone). A plain extension
    type: ``level``, ``kind`` and ``cards`` (the physical cards, wild cards as themselves,
    ascending by card id) are read-only fields read through Cython's own descriptors, ``row``,
    ``rank``, ``length`` and ``key`` C-level getters; ``suit``, ``power``, ``wilds``,
    ``is_bomb``, ``beats(other)`` and ``str()`` (the notation) read the row. Equal (and hashed)
    by row and level. Final (no subtype), with a free list of its own."""

    cdef uint8_t _row[GD_ROW]
    cdef readonly int level
    cdef readonly object kind   # the kind's name
    cdef readonly object cards  # the tuple of cards, or None (made from a row alone)

    def __init__(self, row, level, cards=None):
        _fill(self, row, level, cards)

    @classmethod
    def make(cls, row, level, cards=None):
        """A record for one row (23 ints, or 23 bytes) at ``level``, with ``cards`` (any
        tuple, returned as is) or without (then ``cards`` is ``None``)."""
        _play_type(cls)
        cdef Play p = _new_play(cls)
        _fill(p, row, level, cards)
        return p

    @property
    def row(self) -> bytes:
        """The kernel's row (23 bytes)."""
        return PyBytes_FromStringAndSize(<char*>self._row, GD_ROW)

    @property
    def rank(self) -> int:
        return self._row[1]

    @property
    def length(self) -> int:
        return self._row[2]

    @property
    def key(self) -> tuple:
        """``(kind index, rank, length)``."""
        return (self._row[0], self._row[1], self._row[2])

    @property
    def suit(self):
        """A straight flush's suit (``"c" "d" "h" "s"``), else ``None``."""
        s = self._row[3]
        return None if s == GD_NONE else _SUITS[s]

    @property
    def power(self) -> tuple:
        """``power(self.key)``: ``(bomb class, rank)``, a sort key in the order of strength
        across kinds (bombs by size, the straight flush between 5- and 6-card bombs, the
        four-joker bomb on top; ordinary plays, class 0, by their own rank only)."""
        return (_power(self._row[0], self._row[2]), self._row[1])

    @property
    def wilds(self) -> tuple:
        """What each wild card stands for: ``(wild card, the card it stands for)`` pairs."""
        wild = _CARD_OBJ[self.level * 4 + 2]
        out = []
        for col in (6, 7):
            r = self._row[col]
            if r == GD_NONE:
                continue
            suit = self._row[3] if self._row[3] != GD_NONE else 2
            out.append((wild, _CARD_OBJ[r * 4 + suit]))
        return tuple(out)

    @property
    def is_bomb(self) -> bool:
        return _power(self._row[0], self._row[2]) != 0

    def beats(self, other) -> bool:
        """True when this play beats ``other`` (a ``Move`` or a key) on the table."""
        key = other.key if isinstance(other, Play) else tuple(other)
        return bool(beats(self.key, key))

    def __str__(self):
        return _notation(self.row)

    @staticmethod
    def row_text(row):
        """The text of a kernel row (23 ints or bytes): its ranks in reading order, ``B``/``R``
        for the jokers, a wild card as what it stands for in brackets, a straight flush with
        its suits."""
        return _notation(row)

    def __repr__(self):
        return f"Move({self.kind}, {str(self)!r})"

    def __eq__(self, other):
        return isinstance(other, Play) and self.row == other.row and self.level == other.level

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((self.row, self.level))

    def __reduce__(self):
        return (Play, (self.row, self.level, self.cards))

    @classmethod
    def build(cls, hand, level, rows, table):
        """A record of ``cls`` for each row of ``rows`` (from ``moves`` of ``hand`` at
        ``level``), holding the cards ``pick_ids`` gives it; ``table`` is a tuple of 54 card
        objects (``cards`` is a tuple of its items). Raises like ``pick_ids``."""
        cdef uint8_t c[GD_NCARDS]
        cdef int lv
        cdef cnp.ndarray src
        count_vector(hand, GD_NCARDS, _CAPS, c, "hand", "card", "card id")
        lv = _level(level)
        _check_table(table)
        src = _rows_arg(rows, False)
        return _records(cls, c, lv, <const uint8_t*>cnp.PyArray_DATA(src), src.shape[0], table)

    @classmethod
    def of_hand(cls, hand, level, beat, table):
        """``build`` of the rows ``moves`` gives for ``hand``, a list of card ids (each id
        0..53, at most twice), at ``level``, with ``beat`` (a key, or ``None``)."""
        cdef uint8_t c[GD_NCARDS]
        cdef uint8_t stack[STACK_ROWS * GD_ROW]
        cdef GHand h
        cdef int lv, k = -1, r = 0, n = 0
        cdef Py_ssize_t nrows
        cdef cnp.ndarray src
        _load_list(hand, c, "hand")
        lv = _level(level)
        if beat is not None:
            k, r, n = _key(beat, "beat")
        _check_table(table)
        gd_hand(c, lv, &h)
        nrows = gd_gen(&h, k, r, n, stack, STACK_ROWS)
        if nrows <= STACK_ROWS:     # (the common case: no rows array)
            return _records(cls, c, lv, stack, nrows, table)
        src = _run(&h, k, r, n, False)
        return _records(cls, c, lv, <const uint8_t*>cnp.PyArray_DATA(src), src.shape[0], table)


cdef tuple _NOARGS = ()


cdef tuple _CARD_OBJ = tuple(_Card(i) for i in range(GD_NCARDS))


cdef int _fill(Play p, object row, object level, object cards) except -1:
    cdef cnp.ndarray arr
    cdef int lv
    if isinstance(row, (bytes, bytearray)):
        row = np.frombuffer(row, dtype=np.uint8)
    arr = _rows_arg(row, True)
    lv = _level(level)
    if arr.ndim != 1:
        raise CardcoreError("rows: expected a row of 23 ints")
    memcpy(p._row, cnp.PyArray_DATA(arr), GD_ROW)
    if p._row[0] >= K_NKINDS:
        raise CardcoreError(f"row: kind {p._row[0]} outside 0..{K_NKINDS - 1}")
    p.level = lv
    p.kind = KINDS[p._row[0]]
    p.cards = None if cards is None else tuple(cards)
    return 0


cdef int _play_type(object cls) except -1:
    # raise unless ``cls`` is a ``Play`` subtype (``_new_play`` makes an object of ``cls``'s
    # size and writes a ``Play`` into it)
    if not isinstance(cls, type) or not PyType_IsSubtype(<type>cls, Play):
        raise CardcoreError(f"{quote(cls)}: expected a record type (a Play subtype)")
    return 0


cdef inline Play _new_play(object cls):
    # ``Play.__new__(cls)`` through Play's slot (its freelist): written as Python
    # it would be a Python-level method call per record; ``cls`` checked by ``_play_type``
    return <Play>(<PyTypeObject*>Play).tp_new(<type>cls, <PyObject*>_NOARGS, NULL)


# a table's length with the cards' 1-tuples, and with those and the 2-tuples too
cdef enum:
    TABLE_ONES = 2 * GD_NCARDS
    TABLE_PAIRS = 2 * GD_NCARDS + GD_NCARDS * GD_NCARDS


cdef int _check_table(object table) except -1:
    if type(table) is not tuple or len(table) not in (GD_NCARDS, TABLE_ONES, TABLE_PAIRS):
        raise CardcoreError("table: expected a tuple of 54 cards (optionally then their 1-tuples, "
                            "then the 2-tuples of card a and card b at 54 * a + b)")
    return 0


cdef object _shared(tuple table, const uint8_t* ids, int n):
    # The table's tuple of the ``n`` (1 or 2) cards ``ids`` when the table carries it (and it
    # is that tuple), else None.
    cdef Py_ssize_t size = PyTuple_GET_SIZE(table), at
    cdef object x
    if n == 1:
        at = GD_NCARDS + ids[0]
    elif n == 2 and size == TABLE_PAIRS:
        at = TABLE_ONES + ids[0] * GD_NCARDS + ids[1]
    else:
        return None
    x = <object>PyTuple_GET_ITEM(table, at)
    if not PyTuple_CheckExact(x) or PyTuple_GET_SIZE(x) != n:
        return None
    if PyTuple_GET_ITEM(x, 0) != PyTuple_GET_ITEM(table, ids[0]):
        return None
    if n == 2 and PyTuple_GET_ITEM(x, 1) != PyTuple_GET_ITEM(table, ids[1]):
        return None
    return x


cdef object _card_tuple(tuple table, const uint8_t* ids, int n):
    # the tuple of the table's items ``ids`` (a single's or a pair's prebuilt tuple when the
    # table carries it)
    cdef object t, x
    cdef int i
    if n <= 2 and PyTuple_GET_SIZE(table) > GD_NCARDS:
        x = _shared(table, ids, n)
        if x is not None:
            return x
    t = PyTuple_New(n)
    for i in range(n):
        x = <object>PyTuple_GET_ITEM(table, ids[i])
        Py_INCREF(x)
        PyTuple_SET_ITEM(t, i, x)
    return t


cdef list _records(object cls, const uint8_t* c, int lv, const uint8_t* rows, Py_ssize_t nrows,
                   tuple table):
    cdef int wid = lv * 4 + 2, n
    cdef Py_ssize_t i
    cdef const uint8_t* row
    cdef uint8_t ids[10]
    cdef Play p
    _play_type(cls)
    cdef list out = PyList_New(nrows)
    for i in range(nrows):
        row = rows + i * GD_ROW
        if row[0] >= K_NKINDS:
            raise CardcoreError(f"row {i}: kind {row[0]} outside 0..{K_NKINDS - 1}")
        n = _pick_one(c, wid, row, ids, i)
        p = _new_play(cls)
        memcpy(p._row, row, GD_ROW)
        p.level = lv
        p.kind = <object>PyTuple_GET_ITEM(_KINDS_T, row[0])
        p.cards = _card_tuple(table, ids, n)
        Py_INCREF(p)
        PyList_SET_ITEM(out, i, p)
    return out


# ------------------------------------------------------------------ notation

_NAT = "23456789TJQKA"
_SUITS = "cdhs"


cdef object _notation(object row):
    """The text of a row (23 ints or bytes): its ranks in reading order, ``B``/``R`` for the
    jokers, a wild card as what it stands for in brackets, a straight flush with its suits."""
    kind = row[0]
    nat = row[COL_COUNTS:COL_COUNTS + 13]
    wild = [r for r in (row[6], row[7]) if r != NONE]
    jokers = "B" * row[21] + "R" * row[22]
    if kind == JOKER_BOMB:
        return jokers
    if kind == STRAIGHT_FLUSH:
        s = _SUITS[row[3]]
        top = row[1]
        out = []
        for r in _seq_ranks(top, 5):
            out.append(f"[{_NAT[r]}{s}]" if r in wild and nat[r] == 0 else f"{_NAT[r]}{s}")
        return "".join(out)
    if kind in (STRAIGHT, TUBE, PLATE):
        width = {STRAIGHT: 5, TUBE: 3, PLATE: 2}[kind]
        out = []
        for r in _seq_ranks(row[1], width):
            out.append(_NAT[r] * nat[r] + "".join([f"[{_NAT[r]}]" for w in wild if w == r]))
        return "".join(out)
    if kind == FULL_HOUSE:
        trio = _trio_rank(row[1], row)
        pair_nat = [r for r in range(13) if nat[r] and r != trio]
        parts = [_NAT[trio] * nat[trio] + "".join([f"[{_NAT[w]}]" for w in wild if w == trio])]
        pair_w = [w for w in wild if w != trio]
        if jokers:
            parts.append(jokers)
        else:
            pr = pair_nat[0] if pair_nat else (pair_w[0] if pair_w else None)
            if pr is not None:
                parts.append(_NAT[pr] * nat[pr] + "".join([f"[{_NAT[w]}]" for w in pair_w]))
        return "".join(parts)
    # single, pair, trio, bomb: one rank (or jokers, or wild cards alone)
    if jokers:
        return jokers
    text = "".join([_NAT[r] * nat[r] for r in range(13)])
    return text + "".join([f"[{_NAT[w]}]" for w in wild])


def id_texts():
    """The text of every action id, in id order: ``"pass"``, ``"return 5c"`` for ids 1..54
    (the card given back), then each play's notation (``Play.row_text`` of its row in
    ``id_rows``); the plays' texts do not depend on the level. A new list each call
    (``cardcore.guandan.moves.id_texts`` keeps one)."""
    cdef int p
    cdef list texts = ["pass"] + [f"return {c}" for c in _CARD_OBJ]
    for p in range(_NPLAYS):
        texts.append(_notation(PyBytes_FromStringAndSize(<char*>(_NROW + p * GD_ROW), GD_ROW)))
    return texts


cdef list _seq_ranks(int top, int width):
    """The natural rank indexes of a sequence ending at ``top`` (an ace-low one starts on A)."""
    lo = top - width + 1
    return [12 if r < 0 else r for r in range(lo, top + 1)]


cdef int _trio_rank(int value, object row):
    """The natural rank index behind a level-aware value (the level rank is 13)."""
    if value != 13:
        return value
    cdef int r, c, best = 0, most = -1
    nat = row[COL_COUNTS:COL_COUNTS + 13]
    # the level rank: the rank whose cards (natural or stood for) make the trio (the first
    # such rank, as max() picks it)
    for r in range(13):
        c = nat[r] + (row[6] == r) + (row[7] == r)
        if c > most:
            best, most = r, c
    return best
