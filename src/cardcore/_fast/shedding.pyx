# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Shedding-game move kernel (Dou Dizhu, Zheng Shangyou), compiled.

A hand or a play is a rank count vector: 15 small ints in the order
``3 4 5 6 7 8 9 T J Q K A 2 BJ RJ``. A move is a row of 18 uint8:
``[kind, rank, length, c0 .. c14]`` (kind indexes ``DDZ_KINDS`` / ``ZSY_KINDS``; rank is the
main rank, the highest core rank of a sequence; length the number of core ranks of a sequence,
else 1). The plain-Python twin ``cardcore._ref.shedding`` documents the generation order; both
produce the same rows in the same order.

Action ids: every play a hand of the game can make (at most ``DDZ_MAX_CARDS`` = 20 cards in
Dou Dizhu, ``ZSY_MAX_CARDS`` = 16 in Zheng Shangyou) has one id, in the generation order of the
whole deck (kinds in code order, then ranks, sequences by lowest core rank then length, then
attachments). Dou Dizhu: 0 = pass, 1..3 = bid 1..3, plays from ``DDZ_FIRST_PLAY`` = 4;
Zheng Shangyou: 0 = pass, plays from ``ZSY_FIRST_PLAY`` = 1, the heavenly bomb last. The id
generators (``*_gen_ids``) run the same generators and write ids, so a hand's ids come out
ascending. The tables (rows of every id, first id of each kind/rank/length block, the
attachment rankings) are built once at import and checked against the generators.

``ShedRecord`` is the storage of a move record (kind name, rank, length, card tuple, kind
code; read-only); each game's ``Move`` (``cardcore.doudizhu.moves.Move``,
``cardcore.zhengshangyou.moves.Move``) is a plain Python subclass of it that says what a move
does. The ``*_hand_moves`` / ``*_hand_classify`` functions and ``make_move`` build records of
the record type they are given (their first argument: a subtype of ``ShedRecord``, or of its
twin's, with the class attribute ``_GAME_CODE``) with their fields, and ``move_text`` and
``move_id`` answer on a move's ints and card tuple, ``mask_counts`` and ``core_range`` on its
ints.

The generators are ``noexcept nogil`` C functions writing into a caller-owned buffer; the
Python wrappers validate input, allocate the result array and retry once with the exact size
when a hand has more plays than the first buffer holds.
"""

cimport cython
from libc.stdint cimport uint8_t, int16_t, int32_t, uint64_t
from libc.string cimport memset, memcpy, memcmp
from cpython.ref cimport PyObject
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE, PyList_New, PyList_SET_ITEM
from cpython.unicode cimport PyUnicode_DecodeASCII
from cpython.object cimport PyTypeObject
from cpython.long cimport PyLong_Check, PyLong_AsLongAndOverflow, PyLong_AsLongLongAndOverflow

from cardcore._fast.bits cimport cc_popcount, cc_ctz

cdef extern from "Python.h":
    # (the same calls on plain pointers, for the record builder's inner loop: no temporary
    # references around each card and field)
    PyObject* _tuple_ptr "PyTuple_New"(Py_ssize_t n)
    void _incref_ptr "Py_INCREF"(PyObject* o)
    void _decref_ptr "Py_DECREF"(PyObject* o)
    void _tuple_set_ptr "PyTuple_SET_ITEM"(PyObject* t, Py_ssize_t i, PyObject* o)
    void _list_set_ptr "PyList_SET_ITEM"(object t, Py_ssize_t i, PyObject* o)
    PyObject* _item_ptr "PyTuple_GET_ITEM"(PyObject* t, Py_ssize_t i)
    PyObject* PyTuple_GET_ITEM(object t, Py_ssize_t i)
    Py_ssize_t PyTuple_GET_SIZE(object t)
    bint PyType_IsSubtype(PyTypeObject* a, PyTypeObject* b)

import operator

import numpy as np
cimport numpy as cnp
from cardcore._fast.shedargs cimport count_vector, index_or_none, key_arg, rows_array

from cardcore.cards import Card as _Card
from cardcore.errors import CardcoreError, CardError, quote

cnp.import_array()

ROW = SHED_ROW
NRANKS = SHED_NRANKS
#: the names of the 15 rank indexes of the shedding games (Zheng Shangyou uses the first
#: 13); the games' ``RANK_NAMES`` and the move records' are this tuple
RANK_NAMES = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "BJ", "RJ")

DDZ_KINDS = ("single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_run",
             "airplane", "airplane_singles", "airplane_pairs", "four_two_singles",
             "four_two_pairs", "bomb", "rocket")
ZSY_KINDS = ("single", "pair", "trio", "straight", "pair_run", "bomb", "ace_bomb",
             "heavenly_bomb")
DDZ_CAPS = (4,) * 13 + (1, 1)
ZSY_CAPS = (4,) * 11 + (3, 1, 0, 0)
DDZ_MAX = DDZ_MAX_CARDS
ZSY_MAX = ZSY_MAX_CARDS
DDZ_FIRST = DDZ_FIRST_PLAY
ZSY_FIRST = ZSY_FIRST_PLAY
#: the number of action ids of each game (pass, bids, every play)
DDZ_NUM_ACTIONS = DDZ_FIRST_PLAY + DDZ_NPLAYS
ZSY_NUM_ACTIONS = ZSY_FIRST_PLAY + ZSY_NPLAYS

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
    MAXLEN = 13        # lengths 1..12 index the block tables
    THREE_HEARTS = 6   # card id of the 3 of hearts

cdef uint8_t[15] _DDZ_CAP
cdef uint8_t[15] _ZSY_CAP
for _i in range(15):
    _DDZ_CAP[_i] = DDZ_CAPS[_i]
    _ZSY_CAP[_i] = ZSY_CAPS[_i]

# the card mask of the 48-card Zheng Shangyou deck (no jokers, no Ah, of the 2s only 2s)
cdef uint64_t _ZSY_DECK = ((<uint64_t>1 << 52) - 1) & ~(<uint64_t>0x7) & ~((<uint64_t>1) << 50)


# ------------------------------------------------------------------ output

# The id tables (filled once at import by ``_init_ids``, read-only afterwards): the row of
# every play in id order, the first play index of each (kind, rank, length) block (-1: none),
# the index of a four-with-two's attachments inside its block, and the attachment rankings of
# the airplanes with wings (see ``_wing_index``).
cdef uint8_t _DDZ_ROWS[DDZ_NPLAYS * SHED_ROW]
cdef uint8_t _ZSY_ROWS[ZSY_NPLAYS * SHED_ROW]
cdef int32_t _DDZ_BASE[D_NKINDS * SHED_NRANKS * MAXLEN]
cdef int32_t _ZSY_BASE[Z_NKINDS * SHED_NRANKS * MAXLEN]
cdef int16_t _DDZ_F2[2 * 13 * SHED_NRANKS * SHED_NRANKS]
cdef int32_t _WING[2 * 12 * 6 * 192]


cdef inline int _ddz_base(int kind, int rank, int length) noexcept nogil:
    return _DDZ_BASE[(kind * SHED_NRANKS + rank) * MAXLEN + length]


cdef inline void emit(Sink* s, int kind, int rank, int length, const uint8_t* c) noexcept nogil:
    cdef uint8_t* p
    if s.n < s.cap:
        if s.ids != NULL:
            s.ids[s.n] = (ddz_row_id(kind, rank, length, c) if s.game == 0
                          else zsy_row_id(kind, rank, length, c))
        if s.buf != NULL:
            p = s.buf + s.n * SHED_ROW
            p[0] = <uint8_t>kind
            p[1] = <uint8_t>rank
            p[2] = <uint8_t>length
            memcpy(p + 3, c, SHED_NRANKS)
    s.n += 1


cdef inline uint8_t* _new_row(Sink* s, int kind, int rank) noexcept nogil:
    """The sink's next row (there is room), cleared, for a play of kind ``kind``, rank
    ``rank``, length 1: its counts are the caller's to fill."""
    cdef uint8_t* p = s.buf + s.n * SHED_ROW
    memset(p, 0, SHED_ROW)
    p[0] = <uint8_t>kind
    p[1] = <uint8_t>rank
    p[2] = 1
    return p


cdef inline void emit1(Sink* s, int kind, int rank, int r, int x) noexcept nogil:
    """A row whose counts hold ``x`` cards of rank ``r`` only."""
    cdef int b
    if s.n < s.cap:
        if s.ids != NULL:
            if s.game == 0:
                b = _ddz_base(kind, rank, 1)
                s.ids[s.n] = -1 if b < 0 else DDZ_FIRST_PLAY + b
            else:
                b = _ZSY_BASE[(kind * SHED_NRANKS + rank) * MAXLEN + 1]
                s.ids[s.n] = -1 if b < 0 else ZSY_FIRST_PLAY + b
        if s.buf != NULL:
            _new_row(s, kind, rank)[3 + r] = <uint8_t>x
    s.n += 1


cdef inline void emit2(Sink* s, int kind, int rank, int r1, int x1, int r2, int x2) noexcept nogil:
    # (Dou Dizhu only: a trio with a single or a pair attached, the rocket)
    cdef uint8_t* p
    cdef int b
    if s.n < s.cap:
        if s.ids != NULL:
            b = _ddz_base(kind, rank, 1)
            if kind == D_TRIO_SINGLE or kind == D_TRIO_PAIR:
                b += r2 - (r2 > r1)
            s.ids[s.n] = DDZ_FIRST_PLAY + b
        if s.buf != NULL:
            p = _new_row(s, kind, rank)
            p[3 + r1] += <uint8_t>x1
            p[3 + r2] += <uint8_t>x2
    s.n += 1


cdef inline void emit_f2(Sink* s, int kind, int f, int a, int b) noexcept nogil:
    """Four of rank ``f`` with two singles (``a <= b``) or two pairs (``a < b``)."""
    cdef uint8_t* p
    cdef int x = 1 if kind == D_FOUR_TWO_SINGLES else 2
    if s.n < s.cap:
        if s.ids != NULL:
            s.ids[s.n] = (DDZ_FIRST_PLAY + _ddz_base(kind, f, 1)
                          + _DDZ_F2[(((kind - D_FOUR_TWO_SINGLES) * 13 + f) * SHED_NRANKS + a)
                                    * SHED_NRANKS + b])
        if s.buf != NULL:
            p = _new_row(s, kind, f)
            p[3 + f] = 4
            p[3 + a] += <uint8_t>x
            p[3 + b] += <uint8_t>x
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


cdef void _ddz_gen_sink(const uint8_t* h, int bk, int br, int bl, int total,
                       Sink* sp) noexcept nogil:
    # ``total``: the hand's number of cards (sequences longer than that are not tried)
    cdef Sink s = sp[0]
    cdef int r, t, a, b, f, rmin, only_len, bomb_min
    cdef bint lead = bk < 0
    cdef int tk = bk
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
                        emit_f2(&s, D_FOUR_TWO_SINGLES, f, a, b)
    if lead or bk == D_FOUR_TWO_PAIRS:
        for f in range(rmin, 13):
            if h[f] == 4:
                for a in range(13):
                    if a == f or h[a] < 2:
                        continue
                    for b in range(a + 1, 13):
                        if b == f or h[b] < 2:
                            continue
                        emit_f2(&s, D_FOUR_TWO_PAIRS, f, a, b)
    if tk != D_ROCKET:
        bomb_min = br + 1 if tk == D_BOMB else 0
        for r in range(bomb_min, 13):
            if h[r] == 4:
                emit1(&s, D_BOMB, r, r, 4)
        if h[BJ] and h[RJ]:
            emit2(&s, D_ROCKET, RJ, BJ, 1, RJ, 1)
    sp[0] = s


cdef inline Py_ssize_t _total(const uint8_t* h) noexcept nogil:
    cdef int r, total = 0
    for r in range(SHED_NRANKS):
        total += h[r]
    return total


cdef inline Sink _sink(uint8_t* rows, int32_t* ids, Py_ssize_t cap, int game) noexcept nogil:
    """An empty sink of room ``cap`` for ``game`` (0 Dou Dizhu, 1 Zheng Shangyou): rows into
    ``rows``, or, ``ids`` not NULL, action ids into ``ids``."""
    cdef Sink s
    s.buf = rows
    s.ids = ids
    s.cap = cap
    s.n = 0
    s.game = game
    return s


cdef inline Py_ssize_t _gen_into(int game, const uint8_t* h, int bk, int br, int bl, bint first,
                                 uint8_t* rows, int32_t* ids, Py_ssize_t cap) noexcept nogil:
    """The plays of ``game`` (see ``_sink``) from the hand ``h`` beating (bk, br, bl), into
    ``rows`` or ``ids``; returns their number."""
    cdef Sink s = _sink(rows, ids, cap, game)
    if game == 0:
        _ddz_gen_sink(h, bk, br, bl, <int>_total(h), &s)
    else:
        _zsy_gen_sink(h, bk, br, bl, first, &s)
    return s.n


cdef Py_ssize_t ddz_gen(const uint8_t* h, int bk, int br, int bl,
                        uint8_t* out, Py_ssize_t cap) noexcept nogil:
    return _gen_into(0, h, bk, br, bl, False, out, NULL, cap)


cdef Py_ssize_t ddz_gen_ids(const uint8_t* h, int bk, int br, int bl,
                            int32_t* out, Py_ssize_t cap) noexcept nogil:
    return _gen_into(0, h, bk, br, bl, False, NULL, out, cap)


cdef Py_ssize_t ddz_classify_c(const uint8_t* h, uint8_t* out, Py_ssize_t cap) noexcept nogil:
    cdef Sink s = _sink(out, NULL, cap, 0)
    cdef int r, n = 0, nnz = 0, lo = -1, hi = -1, k, st, e, kind, per, t, p
    cdef int nz[15]
    cdef uint8_t rest
    cdef bint same, ok
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


cdef void _zsy_gen_sink(const uint8_t* h, int bk, int br, int bl, bint first,
                       Sink* sp) noexcept nogil:
    cdef Sink s = sp[0]
    cdef uint8_t c[15]
    cdef int r, st, e, n, kind, need, minlen, bomb_min
    cdef bint lead = bk < 0
    cdef bint ordinary = lead or bk <= Z_PAIR_RUN
    cdef int rmin = 0 if lead else br + 1
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
    sp[0] = s


cdef Py_ssize_t zsy_gen(const uint8_t* h, int bk, int br, int bl, bint first,
                        uint8_t* out, Py_ssize_t cap) noexcept nogil:
    return _gen_into(1, h, bk, br, bl, first, out, NULL, cap)


cdef Py_ssize_t zsy_gen_ids(const uint8_t* h, int bk, int br, int bl, bint first,
                            int32_t* out, Py_ssize_t cap) noexcept nogil:
    return _gen_into(1, h, bk, br, bl, first, NULL, out, cap)


cdef Py_ssize_t zsy_classify_c(const uint8_t* h, bint first,
                               uint8_t* out, Py_ssize_t cap) noexcept nogil:
    cdef Sink s = _sink(out, NULL, cap, 1)
    cdef int r, n = 0, nnz = 0, lo = -1, hi = -1
    cdef bint same = True
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


# ------------------------------------------------------------------ action ids
#
# A Dou Dizhu play's index: the first index of its (kind, rank, length) block plus its place
# inside the block, which only plays with attachments have: a trio's single or pair (the
# attachment rank, skipping the trio's), a four's two singles or pairs (``_DDZ_F2``), an
# airplane's wings (``_wing_index``).

cdef int _wing_elig(int kas, int st, int e, int* E, int* cap) noexcept nogil:
    # the ranks an airplane's wings may use, ascending, and how many units each holds
    # (singles: 2 of a rank, 1 of a joker; pairs: 1 pair of a rank 3..2)
    cdef int r, n = 0
    cdef int top = SHED_NRANKS if kas else 13
    for r in range(top):
        if st <= r <= e:
            continue
        E[n] = r
        cap[n] = (2 if r < BJ else 1) if kas else 1
        n += 1
    return n


cdef inline int32_t* _wing_tab(int kas, int st, int k) noexcept nogil:
    # cnt[j][m][bj]: ways to place ``m`` more wing units on the eligible ranks from the j-th on,
    # ``bj``: the black joker is already a wing (then the red one may not be)
    return _WING + ((kas * 12 + st) * 6 + k) * 192


cdef void _wing_fill(int kas, int st, int k) noexcept nogil:
    cdef int E[15]
    cdef int cap[15]
    cdef int n, j, m, bj, v, r, nbj
    cdef int32_t tot
    cdef int32_t* t = _wing_tab(kas, st, k)
    n = _wing_elig(kas, st, st + k - 1, E, cap)
    for m in range(6):
        for bj in range(2):
            t[(n * 6 + m) * 2 + bj] = 1 if m == 0 else 0
    for j in range(n - 1, -1, -1):
        r = E[j]
        for m in range(6):
            for bj in range(2):
                tot = 0
                for v in range(cap[j] + 1):
                    if v > m:
                        break
                    if r == RJ and bj and v:
                        continue
                    nbj = (1 if v else 0) if r == BJ else bj
                    tot += t[((j + 1) * 6 + m - v) * 2 + nbj]
                t[(j * 6 + m) * 2 + bj] = tot


cdef int _wing_index(int kas, int st, int e, const uint8_t* c) noexcept nogil:
    # The wings' place among all wings of this core in the generation order (nondecreasing
    # rank sequences, lexicographic = the wing counts per eligible rank, descending): the
    # number of wing sets that agree on the ranks before some rank and hold more of it.
    cdef int E[15]
    cdef int cap[15]
    cdef int n, j, m, bj = 0, v, r, w, nbj, idx = 0
    cdef int k = e - st + 1
    cdef int32_t* t = _wing_tab(kas, st, k)
    n = _wing_elig(kas, st, e, E, cap)
    m = k
    for j in range(n):
        r = E[j]
        w = c[r] if kas else c[r] >> 1
        for v in range(w + 1, cap[j] + 1):
            if v > m or (r == RJ and bj):
                break
            nbj = 1 if r == BJ else bj
            idx += t[((j + 1) * 6 + m - v) * 2 + nbj]
        m -= w
        if m < 0:
            return -1
        if r == BJ and w:
            bj = 1
    return idx if m == 0 else -1


cdef int _ddz_pidx(int kind, int rank, int length, const uint8_t* c) noexcept nogil:
    """The play index of a valid Dou Dizhu play (-1 when it has more cards than any hand)."""
    cdef int base, r, a = -1, b = -1, x
    if kind < 0 or kind >= D_NKINDS or rank < 0 or rank >= SHED_NRANKS or length < 1 \
            or length >= MAXLEN:
        return -1
    base = _ddz_base(kind, rank, length)
    if base < 0:
        return -1
    if kind == D_TRIO_SINGLE or kind == D_TRIO_PAIR:
        for r in range(SHED_NRANKS):
            if r != rank and c[r]:
                return base + r - (r > rank)
        return -1
    if kind == D_FOUR_TWO_SINGLES or kind == D_FOUR_TWO_PAIRS:
        for r in range(SHED_NRANKS):
            if r == rank or not c[r]:
                continue
            if a < 0:
                a = r
                if kind == D_FOUR_TWO_SINGLES and c[r] == 2:
                    b = r
                    break
            else:
                b = r
                break
        if b < 0:
            return -1
        x = _DDZ_F2[(((kind - D_FOUR_TWO_SINGLES) * 13 + rank) * SHED_NRANKS + a)
                    * SHED_NRANKS + b]
        return -1 if x < 0 else base + x
    if kind == D_AIRPLANE_SINGLES or kind == D_AIRPLANE_PAIRS:
        x = _wing_index(kind == D_AIRPLANE_SINGLES, rank - length + 1, rank, c)
        return -1 if x < 0 else base + x
    return base


cdef int ddz_row_id(int kind, int rank, int length, const uint8_t* c) noexcept nogil:
    cdef int x = _ddz_pidx(kind, rank, length, c)
    return -1 if x < 0 else DDZ_FIRST_PLAY + x


cdef int zsy_row_id(int kind, int rank, int length, const uint8_t* c) noexcept nogil:
    cdef int x
    if kind < 0 or kind >= Z_NKINDS or rank < 0 or rank >= SHED_NRANKS or length < 1 \
            or length >= MAXLEN:
        return -1
    x = _ZSY_BASE[(kind * SHED_NRANKS + rank) * MAXLEN + length]
    return -1 if x < 0 else ZSY_FIRST_PLAY + x


cdef const uint8_t* ddz_id_row(int i) noexcept nogil:
    if i < DDZ_FIRST_PLAY or i >= DDZ_FIRST_PLAY + DDZ_NPLAYS:
        return NULL
    return _DDZ_ROWS + (i - DDZ_FIRST_PLAY) * SHED_ROW


cdef const uint8_t* zsy_id_row(int i) noexcept nogil:
    if i < ZSY_FIRST_PLAY or i >= ZSY_FIRST_PLAY + ZSY_NPLAYS:
        return NULL
    return _ZSY_ROWS + (i - ZSY_FIRST_PLAY) * SHED_ROW


cdef int _checked_id(int game, const uint8_t* row) noexcept nogil:
    """The action id of a row, or -1 unless the row is exactly that id's play."""
    cdef int i
    cdef const uint8_t* t
    if game == 0:
        i = ddz_row_id(row[0], row[1], row[2], row + 3)
        t = ddz_id_row(i)
    else:
        i = zsy_row_id(row[0], row[1], row[2], row + 3)
        t = zsy_id_row(i)
    if t == NULL or memcmp(t, row, SHED_ROW) != 0:
        return -1
    return i


# ------------------------------------------------------------------ card masks

cdef uint64_t shed_rank_mask(int r) noexcept nogil:
    if r < TWO:
        return (<uint64_t>0xF) << ((r + 1) * 4)
    if r == TWO:
        return 0xF
    return (<uint64_t>1) << (39 + r)


cdef void shed_counts(uint64_t mask, uint8_t* h) noexcept nogil:
    cdef int r
    for r in range(TWO):
        h[r] = <uint8_t>cc_popcount((mask >> ((r + 1) * 4)) & 0xF)
    h[TWO] = <uint8_t>cc_popcount(mask & 0xF)
    h[BJ] = <uint8_t>((mask >> 52) & 1)
    h[RJ] = <uint8_t>((mask >> 53) & 1)


cdef inline uint64_t _by_rank(uint64_t m) noexcept nogil:
    # The mask in rank order: bit 4 r + k for the (k+1)-th lowest id of rank r (0..12: card ids
    # 4..51 shifted down, the 2s above them), bits 52, 53 the jokers -- ascending bits are
    # ascending ranks, ids ascending within a rank.
    return ((m >> 4) & ((<uint64_t>1 << 48) - 1)) | ((m & 0xF) << 48) | (m & (<uint64_t>3 << 52))


# the lowest ``x`` set bits of a 4-bit ``nibble``: _LOWEST[nibble * 5 + x]
cdef uint8_t _LOWEST[16 * 5]
for _n in range(16):
    for _x in range(5):
        _m = 0
        _left = _x
        for _b in range(4):
            if _left and (_n >> _b) & 1:
                _m |= 1 << _b
                _left -= 1
        _LOWEST[_n * 5 + _x] = _m


cdef inline uint64_t _from_rank(uint64_t r) noexcept nogil:
    # the inverse of ``_by_rank``
    return ((r & ((<uint64_t>1 << 48) - 1)) << 4) | ((r >> 48) & 0xF) | (r & (<uint64_t>3 << 52))


cdef uint64_t shed_pick(uint64_t hand, const uint8_t* c, int game) noexcept nogil:
    return _from_rank(_pick_ranked(_by_rank(hand), c, game))


cdef inline uint64_t _pick_ranked(uint64_t r, const uint8_t* c, int game) noexcept nogil:
    # ``shed_pick`` on masks in the ``_by_rank`` order
    cdef uint64_t sel = 0, nib
    cdef int q, x
    for q in range(TWO + 1):
        x = c[q]
        if x:
            nib = (r >> (4 * q)) & 0xF
            if game == 1 and q == 0 and nib & 4:     # the 3 of hearts first among the 3s
                sel |= 4 | _LOWEST[(nib & ~4) * 5 + x - 1]
            else:
                sel |= (<uint64_t>_LOWEST[nib * 5 + x]) << (4 * q)
    if c[BJ]:
        sel |= r & ((<uint64_t>1) << 52)
    if c[RJ]:
        sel |= r & ((<uint64_t>1) << 53)
    return sel


cdef inline void _core(int game, int kind, int rank, int length, int* lo, int* hi) noexcept nogil:
    if (game == 0 and D_STRAIGHT <= kind <= D_AIRPLANE_PAIRS) or (
            game == 1 and (kind == Z_STRAIGHT or kind == Z_PAIR_RUN)):
        lo[0] = rank - length + 1
        hi[0] = rank
    elif game == 0 and kind == D_ROCKET:
        lo[0] = BJ
        hi[0] = RJ
    else:
        lo[0] = rank
        hi[0] = rank


cdef inline int _id_at(int p) noexcept nogil:
    # the card id of bit ``p`` of ``_by_rank``
    return p + 4 if p < 48 else (p - 48 if p < 52 else p)


cdef inline uint64_t _rank_bits(int lo, int hi) noexcept nogil:
    # ranks lo..hi in the ``_by_rank`` order (the jokers are bits 52 and 53)
    cdef uint64_t out = 0
    if lo <= TWO:
        out = ((<uint64_t>1 << (4 * ((hi if hi <= TWO else TWO) - lo + 1))) - 1) << (4 * lo)
    if lo <= BJ <= hi:
        out |= (<uint64_t>1) << 52
    if lo <= RJ <= hi:
        out |= (<uint64_t>1) << 53
    return out


cdef int shed_order(uint64_t mask, int game, int kind, int rank, int length,
                    uint8_t* out) noexcept nogil:
    cdef int lo, hi, n = 0
    cdef uint64_t r = _by_rank(mask), core, part
    _core(game, kind, rank, length, &lo, &hi)
    core = _rank_bits(lo, hi)
    part = r & core
    if game == 1 and (part >> 2) & 1:      # the 3 of hearts (bit 2) leads the 3s
        out[0] = THREE_HEARTS
        n = 1
        part &= ~(<uint64_t>4)
    while part:
        out[n] = <uint8_t>_id_at(cc_ctz(part))
        n += 1
        part &= part - 1
    part = r & ~core
    if game == 1 and (part >> 2) & 1:
        out[n] = THREE_HEARTS
        n += 1
        part &= ~(<uint64_t>4)
    while part:
        out[n] = <uint8_t>_id_at(cc_ctz(part))
        n += 1
        part &= part - 1
    return n


cdef const char* _RC = b"3456789TJQKA2"


cdef int shed_text(int game, int kind, int rank, int length, const uint8_t* c,
                   char* out) noexcept nogil:
    cdef int lo, hi, j, r, q, tl = 0
    _core(game, kind, rank, length, &lo, &hi)
    for j in range(2):
        for r in range(BJ):
            if (j == 0) != (lo <= r <= hi):
                continue
            for q in range(c[r]):
                out[tl] = _RC[r]
                tl += 1
    for r in range(BJ, RJ + 1):
        if c[r]:
            if tl:
                out[tl] = 32
                tl += 1
            out[tl] = 66 if r == BJ else 82
            out[tl + 1] = 74
            tl += 2
    return tl


# ------------------------------------------------------------------ the tables

cdef int _init_ids() except -1:
    cdef uint8_t h[15]
    cdef uint8_t zrows[256 * SHED_ROW]
    cdef Sink s
    cdef Py_ssize_t i, n, nz
    cdef int k, r, l, a, b, q, st, base, tot
    cdef uint8_t* row
    for i in range(D_NKINDS * SHED_NRANKS * MAXLEN):
        _DDZ_BASE[i] = -1
    for i in range(Z_NKINDS * SHED_NRANKS * MAXLEN):
        _ZSY_BASE[i] = -1
    for i in range(2 * 13 * SHED_NRANKS * SHED_NRANKS):
        _DDZ_F2[i] = -1
    # Dou Dizhu: every play of at most DDZ_MAX_CARDS cards, in the whole deck's order
    memcpy(h, _DDZ_CAP, SHED_NRANKS)
    s = _sink(_DDZ_ROWS, NULL, DDZ_NPLAYS, 0)
    _ddz_gen_sink(h, -1, 0, 0, DDZ_MAX_CARDS, &s)
    if s.n != DDZ_NPLAYS:
        raise RuntimeError(f"shedding kernel: {s.n} Dou Dizhu plays, the id table has {DDZ_NPLAYS}")
    for i in range(DDZ_NPLAYS):
        row = _DDZ_ROWS + i * SHED_ROW
        k = row[0]
        r = row[1]
        l = row[2]
        if _ddz_base(k, r, l) < 0:
            _DDZ_BASE[(k * SHED_NRANKS + r) * MAXLEN + l] = <int32_t>i
        base = _ddz_base(k, r, l)
        if k == D_FOUR_TWO_SINGLES or k == D_FOUR_TWO_PAIRS:
            a = -1
            b = -1
            for q in range(SHED_NRANKS):
                if q == r or not row[3 + q]:
                    continue
                if a < 0:
                    a = q
                    if row[3 + q] == 2 and k == D_FOUR_TWO_SINGLES:
                        b = q
                        break
                else:
                    b = q
                    break
            _DDZ_F2[(((k - D_FOUR_TWO_SINGLES) * 13 + r) * SHED_NRANKS + a) * SHED_NRANKS + b] = \
                <int16_t>(i - base)
    for k in range(2, 6):
        for st in range(0, 12 - k + 1):
            _wing_fill(1, st, k)
            if k <= 4:
                _wing_fill(0, st, k)
    for i in range(DDZ_NPLAYS):
        row = _DDZ_ROWS + i * SHED_ROW
        if ddz_row_id(row[0], row[1], row[2], row + 3) != DDZ_FIRST_PLAY + i:
            raise RuntimeError(f"shedding kernel: Dou Dizhu id table check failed at play {i}")
    # Zheng Shangyou: every play of at most ZSY_MAX_CARDS cards, then the heavenly bomb
    memcpy(h, _ZSY_CAP, SHED_NRANKS)
    n = zsy_gen(h, -1, 0, 0, False, zrows, 256)
    if n > 256:
        raise RuntimeError("shedding kernel: too many Zheng Shangyou plays")
    nz = 0
    for i in range(n):
        row = zrows + i * SHED_ROW
        tot = 0
        for q in range(SHED_NRANKS):
            tot += row[3 + q]
        if tot <= ZSY_MAX_CARDS and nz < ZSY_NPLAYS - 1:
            memcpy(_ZSY_ROWS + nz * SHED_ROW, row, SHED_ROW)
            _ZSY_BASE[(row[0] * SHED_NRANKS + row[1]) * MAXLEN + row[2]] = <int32_t>nz
            nz += 1
    row = _ZSY_ROWS + nz * SHED_ROW
    memset(row, 0, SHED_ROW)
    row[0] = Z_HEAVENLY_BOMB
    row[2] = 1
    row[3] = 4
    _ZSY_BASE[(Z_HEAVENLY_BOMB * SHED_NRANKS + 0) * MAXLEN + 1] = <int32_t>nz
    nz += 1
    if nz != ZSY_NPLAYS:
        raise RuntimeError(f"shedding kernel: {nz} Zheng Shangyou plays, the id table has {ZSY_NPLAYS}")
    for i in range(ZSY_NPLAYS):
        row = _ZSY_ROWS + i * SHED_ROW
        if zsy_row_id(row[0], row[1], row[2], row + 3) != ZSY_FIRST_PLAY + i:
            raise RuntimeError(f"shedding kernel: Zheng Shangyou id table check failed at play {i}")
    return 0


_init_ids()


# ------------------------------------------------------------------ Python API

# Argument checks: every ``def`` raises CardError (hands: rank counts) or CardcoreError (move
# keys, rows, other arguments) naming the argument, never a bare TypeError / OverflowError.

cdef tuple _beat(object beat, int nkinds, str what="beat"):
    # (indexing is unchecked in this module, so the length is checked first)
    cdef tuple bt
    if type(beat) is tuple and len(<tuple>beat) == 3:     # the common case: three small ints
        bt = <tuple>beat
        if type(bt[0]) is int and type(bt[1]) is int and type(bt[2]) is int \
                and 0 <= bt[0] < nkinds and 0 <= bt[1] < SHED_NRANKS and 1 <= bt[2] <= SHED_NRANKS:
            return bt
    k, r, n = key_arg(beat, what)
    if not (0 <= k < nkinds and 0 <= r < SHED_NRANKS and 1 <= n <= SHED_NRANKS):
        raise CardcoreError(f"{what} {quote(beat)}: kind, rank or length out of range")
    return k, r, n


cdef bint _first_arg(object first_play) except -1:
    if not isinstance(first_play, (bool, np.bool_, int, np.integer)) or first_play not in (0, 1):
        raise CardcoreError(f"first_play {quote(first_play)}: expected True or False")
    return bool(first_play)


cdef enum:
    STACK_ROWS = 512


cdef inline Py_ssize_t _rows(int game, const uint8_t* h, int bk, int br, int bl, bint first,
                             bint classify, uint8_t* buf, Py_ssize_t cap) noexcept nogil:
    # the rows of ``h`` in ``game`` (0 Dou Dizhu, 1 Zheng Shangyou) into ``buf`` (up to
    # ``cap``: the generators count past it): its readings (``classify``) or its plays (beating
    # (bk, br, bl) when bk >= 0); their number
    if game == 0:
        if classify:
            return ddz_classify_c(h, buf, cap)
        return ddz_gen(h, bk, br, bl, buf, cap)
    if classify:
        return zsy_classify_c(h, first, buf, cap)
    return zsy_gen(h, bk, br, bl, first, buf, cap)


cdef object _run(int game, const uint8_t* h, int bk, int br, int bl, bint first, bint classify):
    # The rows as an exact-size array: generated into a stack buffer and copied, or, when they
    # do not fit, generated again into an array of their number. (No GIL release: a call takes
    # well under a microsecond.)
    cdef uint8_t stack[STACK_ROWS * SHED_ROW]
    cdef Py_ssize_t n = _rows(game, h, bk, br, bl, first, classify, stack, STACK_ROWS)
    if n <= STACK_ROWS:
        return rows_array(n, SHED_ROW, stack)
    cdef cnp.ndarray arr = rows_array(n, SHED_ROW, NULL)
    _rows(game, h, bk, br, bl, first, classify, <uint8_t*>cnp.PyArray_DATA(arr), n)
    return arr


cdef int _counts(int game, object counts, str what, uint8_t* h) except -1:
    """The 15 rank counts ``counts`` of a hand or play of ``game`` (0 Dou Dizhu, 1 Zheng
    Shangyou) into ``h``, else ``CardError`` naming ``what``."""
    cdef const uint8_t* caps = _DDZ_CAP
    if game:
        caps = _ZSY_CAP
    return count_vector(counts, SHED_NRANKS, caps, h, what, "rank", "rank index")


cdef tuple _play_args(int game, object counts, object beat, bint first, bint ids, uint8_t* h):
    """The hand ``counts`` into ``h`` (``ids``: of at most the cards action ids cover) and the
    table move ``beat`` as ``(kind, rank, length)``, ``(-1, 0, 0)`` for ``None`` (a lead; an
    opening play, ``first``, is always one)."""
    _counts(game, counts, "hand", h)
    if ids:
        _check_size(h, ZSY_MAX_CARDS if game else DDZ_MAX_CARDS, "hand")
    if beat is None:
        return (-1, 0, 0)
    if first:
        raise CardcoreError("first_play: the opening play is a lead, it has no move to beat")
    return _beat(beat, Z_NKINDS if game else D_NKINDS)


cdef object _classify(int game, object counts, bint first):
    cdef uint8_t h[15]
    _counts(game, counts, "cards", h)
    return _run(game, h, -1, 0, 0, first, True)


cdef bint _beats(int game, object a, object b) except -1:
    cdef int nkinds = Z_NKINDS if game else D_NKINDS
    ak, ar, al = _beat(a, nkinds, "a")
    bk, br, bl = _beat(b, nkinds, "b")
    if game:
        return zsy_beats_c(ak, ar, al, bk, br, bl)
    return ddz_beats_c(ak, ar, al, bk, br, bl)


def ddz_moves(counts, beat=None):
    """Every Dou Dizhu play of the hand ``counts`` (15 rank counts), as an (n, 18) uint8 array.

    ``beat`` is ``None`` (leading) or a table move ``(kind, rank, length)``; then only the plays
    that beat it are listed (never a pass).
    """
    cdef uint8_t h[15]
    k, r, n = _play_args(0, counts, beat, False, False, h)
    return _run(0, h, k, r, n, False, False)


def ddz_count(counts, beat=None) -> int:
    """The number of rows ``ddz_moves`` would return (no array is built)."""
    cdef uint8_t h[15]
    k, r, n = _play_args(0, counts, beat, False, False, h)
    return ddz_gen(h, k, r, n, NULL, 0)


def ddz_classify(counts):
    """Every Dou Dizhu reading of exactly the cards ``counts``, as rows (empty if none)."""
    return _classify(0, counts, False)


def ddz_beats(a, b) -> bool:
    """Whether Dou Dizhu move ``a = (kind, rank, length)`` beats ``b``."""
    return _beats(0, a, b)


def zsy_moves(counts, beat=None, first_play=False):
    """Every Zheng Shangyou play of the hand ``counts``, as an (n, 18) uint8 array.

    ``beat``: ``None`` (leading) or a table move ``(kind, rank, length)``. ``first_play``: the
    opening play of the deal, so every move holds a 3 (the caller supplies the 3 of hearts) and
    four 3s are the heavenly bomb; it cannot be combined with ``beat``.
    """
    cdef uint8_t h[15]
    cdef bint first = _first_arg(first_play)
    k, r, n = _play_args(1, counts, beat, first, False, h)
    return _run(1, h, k, r, n, first, False)


def zsy_can_beat(counts, beat) -> bool:
    """Whether the hand ``counts`` holds any play that beats ``beat`` (must-beat rule)."""
    cdef uint8_t h[15]
    _counts(1, counts, "hand", h)
    k, r, n = _beat(beat, Z_NKINDS)
    return zsy_gen(h, k, r, n, False, NULL, 0) > 0


def zsy_classify(counts, first_play=False):
    """Every Zheng Shangyou reading of exactly the cards ``counts`` (empty if none)."""
    return _classify(1, counts, _first_arg(first_play))


def zsy_beats(a, b) -> bool:
    """Whether Zheng Shangyou move ``a = (kind, rank, length)`` beats ``b``."""
    return _beats(1, a, b)


# ------------------------------------------------------------------ rows (Python API)

cdef tuple _SMALL = tuple(range(16))


cdef cnp.ndarray _rows_arg(object rows):
    cdef cnp.ndarray arr
    if not isinstance(rows, cnp.ndarray):
        raise CardcoreError("rows: expected a uint8 array of shape (n, 18)")
    arr = <cnp.ndarray>rows
    if (cnp.PyArray_TYPE(arr) != cnp.NPY_UINT8 or cnp.PyArray_NDIM(arr) != 2
            or cnp.PyArray_DIM(arr, 1) != SHED_ROW or not cnp.PyArray_ISCARRAY_RO(arr)):
        raise CardcoreError("rows: expected a C-contiguous uint8 array of shape (n, 18)")
    return arr


# ------------------------------------------------------------------ action ids (Python API)

cdef enum:
    STACK_IDS = 1024


cdef object _ids_array(int game, const uint8_t* h, int bk, int br, int bl, bint first):
    cdef int32_t stack[STACK_IDS]
    cdef Py_ssize_t n
    cdef cnp.npy_intp dims[1]
    cdef cnp.ndarray arr
    n = _gen_into(game, h, bk, br, bl, first, NULL, stack, STACK_IDS)
    dims[0] = n
    arr = cnp.PyArray_SimpleNew(1, dims, cnp.NPY_INT32)
    if n <= STACK_IDS:
        memcpy(cnp.PyArray_DATA(arr), stack, n * sizeof(int32_t))
    else:
        _gen_into(game, h, bk, br, bl, first, NULL, <int32_t*>cnp.PyArray_DATA(arr), n)
    return arr


cdef int _check_size(const uint8_t* h, int most, str what) except -1:
    cdef Py_ssize_t n = _total(h)
    if n > most:
        raise CardError(f"{what}: {n} cards; action ids cover the plays of hands of at most "
                        f"{most} cards")
    return 0


def ddz_move_ids(counts, beat=None):
    """The action ids of every Dou Dizhu play of the hand ``counts`` (at most ``DDZ_MAX``
    cards), an ascending int32 array; with ``beat`` (a table move ``(kind, rank, length)``)
    only those of the plays that beat it."""
    cdef uint8_t h[15]
    k, r, n = _play_args(0, counts, beat, False, True, h)
    return _ids_array(0, h, k, r, n, False)


def zsy_move_ids(counts, beat=None, first_play=False):
    """The action ids of every Zheng Shangyou play of the hand ``counts`` (at most ``ZSY_MAX``
    cards), ascending; ``beat`` and ``first_play`` as in ``zsy_moves``."""
    cdef uint8_t h[15]
    cdef bint first = _first_arg(first_play)
    k, r, n = _play_args(1, counts, beat, first, True, h)
    return _ids_array(1, h, k, r, n, first)


cdef object _rows_ids(object rows, int game):
    cdef cnp.ndarray arr = _rows_arg(rows)
    cdef Py_ssize_t i, n = cnp.PyArray_DIM(arr, 0)
    cdef const uint8_t* data = <const uint8_t*>cnp.PyArray_DATA(arr)
    cdef cnp.npy_intp dims[1]
    dims[0] = n
    cdef cnp.ndarray out = cnp.PyArray_SimpleNew(1, dims, cnp.NPY_INT32)
    cdef int32_t* o = <int32_t*>cnp.PyArray_DATA(out)
    for i in range(n):
        o[i] = _checked_id(game, data + i * SHED_ROW)
    return out


def ddz_row_ids(rows):
    """The action id of each Dou Dizhu row (int32; -1 for a row that is no play of at most
    ``DDZ_MAX`` cards)."""
    return _rows_ids(rows, 0)


def zsy_row_ids(rows):
    """The action id of each Zheng Shangyou row (-1 for a row that is no play with an id; the
    heavenly bomb is ``(7, 0, 1, 4, 0, ...)``)."""
    return _rows_ids(rows, 1)


def ddz_id_rows():
    """The row of every Dou Dizhu play in id order (row ``i`` is action id ``DDZ_FIRST + i``)."""
    return rows_array(DDZ_NPLAYS, SHED_ROW, _DDZ_ROWS)


def zsy_id_rows():
    """The row of every Zheng Shangyou play in id order (row ``i``: action id
    ``ZSY_FIRST + i``)."""
    return rows_array(ZSY_NPLAYS, SHED_ROW, _ZSY_ROWS)


cdef int _id_arg(object i, int game) except -1:
    x = index_or_none(i)
    lo = DDZ_FIRST_PLAY if game == 0 else ZSY_FIRST_PLAY
    hi = lo + (DDZ_NPLAYS if game == 0 else ZSY_NPLAYS)
    if x is None or not lo <= x < hi:
        raise CardcoreError(f"play id {quote(i)}: expected an int {lo}..{hi - 1}")
    return x


def ddz_id_text(i) -> str:
    """The rank notation of Dou Dizhu play id ``i`` (``"33344455"``, ``"BJ RJ"``)."""
    cdef const uint8_t* row = ddz_id_row(_id_arg(i, 0))
    cdef char text[128]
    cdef int n = shed_text(0, row[0], row[1], row[2], row + 3, text)
    return PyUnicode_DecodeASCII(text, n, NULL)


def zsy_id_text(i) -> str:
    """The rank notation of Zheng Shangyou play id ``i``."""
    cdef const uint8_t* row = zsy_id_row(_id_arg(i, 1))
    cdef char text[128]
    cdef int n = shed_text(1, row[0], row[1], row[2], row + 3, text)
    return PyUnicode_DecodeASCII(text, n, NULL)


# ------------------------------------------------------------------ Move records
#
# A game's records are of the type the caller names (the game's ``Move``, a Python subclass
# of ``ShedRecord`` or of its twin's): built with every field set up front, the kind's name,
# rank, length, the card tuple and the kind code (the card mask is read from the tuple when
# asked for, ``cards_mask``: a Python int a record would rarely use). ``ShedRecord`` is the
# storage of those fields; a record of a subtype of it is allocated by ``ShedRecord``'s own
# ``__new__`` and filled in C, any other record type (the twin's) is built by its
# ``_from_fields``.

cdef tuple _CARD_OBJ = tuple(_Card(i) for i in range(54))
cdef object _CARD_TYPE = _Card
cdef tuple _DDZ_KIND_T = DDZ_KINDS
cdef tuple _ZSY_KIND_T = ZSY_KINDS


@cython.auto_pickle(False)
cdef class ShedRecord:
    """The fields of a Dou Dizhu or Zheng Shangyou play, read-only: ``kind`` (the kind's name),
    ``rank``, ``length``, ``cards`` (a tuple of ``Card``) and ``_code`` (the kind code). The
    storage of each game's ``Move``, a plain Python subclass that says what a move does. A
    plain extension type: its fields are read through their member descriptors, and it is
    allocated and tracked as any other."""

    @classmethod
    def _from_fields(type cls, kind, rank, length, cards, code):
        """A record of this type with these fields (unchecked as a reading of the cards)."""
        cdef ShedRecord rec
        if type(kind) is not str or type(rank) is not int or type(length) is not int \
                or type(cards) is not tuple or type(code) is not int:
            raise CardcoreError(f"_from_fields{quote((kind, rank, length, cards, code))}: "
                                "expected a kind name, two ints, a card tuple and a kind code")
        rec = _blank(cls)
        rec.kind = kind
        rec.rank = rank
        rec.length = length
        rec.cards = cards
        rec._code = code
        return rec


cdef ShedRecord _blank(type cls):
    # a new record of ``cls`` (a ``ShedRecord`` subtype) with no field set, allocated by
    # ``ShedRecord``'s own ``__new__`` (a ``__new__`` of the subtype, which may take arguments,
    # is not called)
    if not PyType_IsSubtype(<PyTypeObject*>cls, <PyTypeObject*>ShedRecord):
        raise CardcoreError(f"{quote(cls)}: expected a record type (a ShedRecord subtype)")
    return <ShedRecord>ShedRecord.__new__(cls)


cdef inline object _small(int x):
    return <object>PyTuple_GET_ITEM(_SMALL, x)


ctypedef struct MoveData:
    uint64_t mask
    uint8_t kind
    uint8_t rank
    uint8_t length
    uint8_t game


cdef type _record_type(object cls, int game, str what):
    # ``cls`` as the record type of ``game`` (0 Dou Dizhu, 1 Zheng Shangyou): a type whose
    # ``_GAME_CODE`` is ``game``, and a ``ShedRecord`` subtype or a type with ``_from_fields``
    # (the twin's records), else ``CardcoreError`` naming ``what``
    if not isinstance(cls, type) or getattr(cls, "_GAME_CODE", None) != game \
            or not (PyType_IsSubtype(<PyTypeObject*>cls, <PyTypeObject*>ShedRecord)
                    or callable(getattr(cls, "_from_fields", None))):
        raise CardcoreError(f"{what}: record type {quote(cls)}: expected the "
                            f"{('Dou Dizhu', 'Zheng Shangyou')[game]} Move type")
    return <type>cls


cdef PyObject* _record_ptr(const MoveData* d, uint64_t r, type cls, bint native) except NULL:
    # a new reference to the record of ``d`` (``r``: its cards, ``_by_rank(d.mask)``) of type
    # ``cls`` (``native``: a ``ShedRecord`` subtype, filled here)
    cdef ShedRecord rec
    cdef PyObject* cards
    cdef PyObject* small = <PyObject*>_SMALL    # (the tables by plain pointer: no reference
    cdef PyObject* kinds                        # taken around each lookup)
    kinds = <PyObject*>_DDZ_KIND_T if d.game == 0 else <PyObject*>_ZSY_KIND_T
    cards = _cards_ptr(d, r)
    if not native:
        try:
            out = cls._from_fields(<object>_item_ptr(kinds, d.kind), d.rank, d.length,
                                   <object>cards, d.kind)
        finally:
            _decref_ptr(cards)
        _incref_ptr(<PyObject*>out)
        return <PyObject*>out
    try:
        rec = _blank(cls)
    except BaseException:
        _decref_ptr(cards)
        raise
    rec.kind = <object>_item_ptr(kinds, d.kind)
    rec.rank = <object>_item_ptr(small, d.rank)
    rec.length = <object>_item_ptr(small, d.length)
    rec.cards = <object>cards
    _decref_ptr(cards)                          # (the record holds it now)
    rec._code = <object>_item_ptr(small, d.kind)
    _incref_ptr(<PyObject*>rec)
    return <PyObject*>rec


cdef inline bint _native(type cls):
    return PyType_IsSubtype(<PyTypeObject*>cls, <PyTypeObject*>ShedRecord)


cdef object _record(const MoveData* d, type cls):
    cdef object rec = <object>_record_ptr(d, _by_rank(d.mask), cls, _native(cls))
    _decref_ptr(<PyObject*>rec)                 # (a reference more: given back)
    return rec


cdef inline int _put_cards(PyObject* t, int j, uint64_t part, bint zsy) noexcept:
    # the cards of ``part`` (a ``_by_rank`` mask) into tuple ``t`` from position ``j``, in
    # rank order, ids ascending within a rank -- in Zheng Shangyou the 3 of hearts (bit 2)
    # first among the 3s
    cdef PyObject* c
    cdef PyObject* objs = <PyObject*>_CARD_OBJ
    if zsy and (part >> 2) & 1 and part & 3:
        c = _item_ptr(objs, THREE_HEARTS)
        _incref_ptr(c)
        _tuple_set_ptr(t, j, c)
        j += 1
        part &= ~(<uint64_t>4)
    while part:
        c = _item_ptr(objs, _id_at(cc_ctz(part)))
        _incref_ptr(c)
        _tuple_set_ptr(t, j, c)
        j += 1
        part &= part - 1
    return j


cdef tuple _one_rank_tuples(bint zsy):
    # the card tuples of ``_ONE_RANK`` for one game (None where no such cards exist)
    cdef list out = []
    cdef int q, nib
    cdef PyObject* t
    for q in range(14):
        for nib in range(16):
            if nib == 0 or (q == 13 and nib > 3):   # (rank 13 holds the two jokers only)
                out.append(None)
                continue
            t = _tuple_ptr(cc_popcount(nib))
            if t == NULL:
                raise MemoryError()
            _put_cards(t, 0, (<uint64_t>nib) << (4 * q), zsy)
            out.append(<object>t)
            _decref_ptr(t)                          # (the list holds it now)
    return tuple(out)


# The card tuples of the plays of one rank (a single, a pair, a trio, a bomb, both jokers), in
# each game's order, built once here and shared by every record of such a play (about a
# quarter of a hand's plays): ``_ONE_RANK[game][16 * q + nibble]``, the cards ``nibble`` of
# rank index ``q`` in a ``_by_rank`` mask.
cdef tuple _ONE_RANK = (_one_rank_tuples(False), _one_rank_tuples(True))


cdef PyObject* _cards_ptr(const MoveData* d, uint64_t r) except NULL:
    # a new reference to the card tuple of ``d`` (``r``: its cards, ``_by_rank(d.mask)``;
    # ``shed_order`` straight into the tuple: the core ranks come first only in the kinds with
    # attachments, all Dou Dizhu's; other plays are in plain rank order)
    cdef uint64_t core
    cdef int lo, hi, j
    cdef int q = cc_ctz(r) >> 2 if r else 0
    cdef PyObject* t
    if r and (r >> (4 * q)) < 16:                  # one rank: the shared tuple
        t = _item_ptr(_item_ptr(<PyObject*>_ONE_RANK, d.game), 16 * q + <int>(r >> (4 * q)))
        _incref_ptr(t)
        return t
    t = _tuple_ptr(cc_popcount(r))
    if t == NULL:
        raise MemoryError()
    if d.game == 0 and (D_TRIO_SINGLE <= d.kind <= D_TRIO_PAIR
                        or D_AIRPLANE_SINGLES <= d.kind <= D_FOUR_TWO_PAIRS):
        _core(0, d.kind, d.rank, d.length, &lo, &hi)
        core = _rank_bits(lo, hi)
        j = _put_cards(t, 0, r & core, False)
        _put_cards(t, j, r & ~core, False)
    else:
        _put_cards(t, 0, r, d.game == 1)
    return t


cdef inline bint _key_in_range(long long g, long long k, long long r, long long l,
                               long long m) noexcept nogil:
    # the one range check of a move's (game, kind code, rank, length, card mask)
    return ((g == 0 and 0 <= k < D_NKINDS) or (g == 1 and 0 <= k < Z_NKINDS)) \
        and 0 <= r < SHED_NRANKS and 1 <= l <= r + 1 and 0 <= m < (<long long>1 << 54)


cdef int _key_args(MoveData* d, object game, object kind, object rank, object length,
                   object mask, str what) except -1:
    # a move's (game, kind code, rank, length, card mask) as given (in range, not checked to
    # be a reading of the cards); plain ints are read without a Python call, other integers
    # (numpy's, ``__index__``) through ``operator.index`` first; one range check for both
    cdef long long v[5]
    cdef int o[5]
    cdef int ov = 0, i
    if type(game) is int and type(kind) is int and type(rank) is int and type(length) is int \
            and type(mask) is int:
        # (each call resets its flag: an overflow returns -1, out of every field's range, and
        # the flags are kept apart anyway)
        v[0] = PyLong_AsLongLongAndOverflow(game, &o[0])
        v[1] = PyLong_AsLongLongAndOverflow(kind, &o[1])
        v[2] = PyLong_AsLongLongAndOverflow(rank, &o[2])
        v[3] = PyLong_AsLongLongAndOverflow(length, &o[3])
        v[4] = PyLong_AsLongLongAndOverflow(mask, &o[4])
        ov = o[0] | o[1] | o[2] | o[3] | o[4]
    else:
        args = (game, kind, rank, length, mask)
        for i in range(5):
            x = index_or_none(args[i])
            if x is None:
                ov = 1
                break
            v[i] = PyLong_AsLongLongAndOverflow(x, &ov)
            if ov:
                break
    if ov or not _key_in_range(v[0], v[1], v[2], v[3], v[4]):
        raise CardcoreError(f"{what}{quote((game, kind, rank, length, mask))}: expected a game "
                            "0 or 1, a kind code, a rank, a length and a card mask")
    d.game = <uint8_t>v[0]
    d.kind = <uint8_t>v[1]
    d.rank = <uint8_t>v[2]
    d.length = <uint8_t>v[3]
    d.mask = <uint64_t>v[4]
    return 0


def move_text(game, kind, rank, length, cards) -> str:
    """The rank notation of the play (``kind`` code, ``rank``, ``length``) of the cards
    ``cards`` (a list or tuple of card ids: a move's card tuple) in game ``game``
    (``"33344455"``, ``"333 BJ"``)."""
    return _text_of(game, kind, rank, length, cards, "move_text")


cdef str _text_of(game, kind, rank, length, cards, str what):
    # ``move_text`` of these fields, its errors named after ``what`` (the public function)
    cdef MoveData d
    cdef uint8_t h[15]
    cdef char text[128]
    _key_args(&d, game, kind, rank, length, 0, what)
    _hand(cards, d.game, what, &d.mask)
    shed_counts(d.mask, h)
    cdef int n = shed_text(d.game, d.kind, d.rank, d.length, h, text)
    return PyUnicode_DecodeASCII(text, n, NULL)


def record_text(rec) -> str:
    """The rank notation of the move record ``rec`` (``move_text`` of its fields: how
    ``str(move)`` is answered); its game is its type's ``_GAME_CODE``."""
    cdef ShedRecord r
    try:
        game = rec._GAME_CODE
        if isinstance(rec, ShedRecord):
            r = <ShedRecord>rec
            kind, rank, length, cards = r._code, r.rank, r.length, r.cards
        else:
            kind, rank, length, cards = rec._code, rec.rank, rec.length, rec.cards
    except AttributeError:
        raise CardcoreError(f"record_text({quote(rec)}): expected a move record") from None
    return _text_of(game, kind, rank, length, cards, "record_text")


def move_id(game, kind, rank, length, cards) -> int:
    """The action id of the play (``kind`` code, ``rank``, ``length``) of the cards ``cards``
    (a list or tuple of card ids) (-1 for a play with more cards than any hand, or when the
    cards do not have that reading)."""
    cdef MoveData d
    cdef uint8_t row[SHED_ROW]
    _key_args(&d, game, kind, rank, length, 0, "move_id")
    _hand(cards, d.game, "move_id", &d.mask)
    row[0] = d.kind
    row[1] = d.rank
    row[2] = d.length
    shed_counts(d.mask, row + 3)
    return _checked_id(d.game, row)


def mask_counts(mask) -> tuple:
    """The rank count vector (15 ints) of the cards of bit mask ``mask``."""
    cdef uint8_t h[15]
    x = index_or_none(mask)
    if x is None or not 0 <= x < (1 << 54):
        raise CardcoreError(f"mask {quote(mask)}: expected a card mask (an int below 2**54)")
    shed_counts(<uint64_t>x, h)
    return tuple([_small(h[j]) for j in range(SHED_NRANKS)])


def core_range(game, kind, rank, length) -> tuple:
    """``(lo, hi)``: the rank indices of the core of a play (``kind`` code, ``rank``,
    ``length``) of game ``game`` (the run, the rank of a single/pair/trio/bomb and of the trio
    or four the attachments go with, both jokers of a rocket)."""
    cdef MoveData d
    cdef int lo, hi
    _key_args(&d, game, kind, rank, length, 0, "core_range")
    _core(d.game, d.kind, d.rank, d.length, &lo, &hi)
    return (lo, hi)


def make_move(cls, game, kind, rank, length, mask):
    """The move of game ``game`` (0 Dou Dizhu, 1 Zheng Shangyou) reading the cards of bit mask
    ``mask`` as (``kind`` code, ``rank``, ``length``), a record of the record type ``cls`` (the
    game's ``Move``) -- how moves are rebuilt (pickling, ``Move(...)``). Raises
    ``CardcoreError`` unless the cards have that reading."""
    cdef uint8_t h[15]
    cdef uint8_t rows[64 * SHED_ROW]
    cdef Py_ssize_t i, n
    cdef uint64_t m
    cdef MoveData d
    g, k, r, l, x = (index_or_none(v) for v in (game, kind, rank, length, mask))
    if g is None or g not in (0, 1) or k is None or r is None or l is None or x is None \
            or not 0 <= x < (1 << 54):
        raise CardcoreError(f"make_move{quote((game, kind, rank, length, mask))}: expected a game "
                            "0 or 1, three small ints and a card mask")
    cdef type t = _record_type(cls, g, "make_move")
    m = <uint64_t>x
    if g == 1 and m & ~_ZSY_DECK:
        raise CardcoreError(f"make_move: mask {quote(mask)} holds cards outside the Zheng "
                            "Shangyou deck")
    shed_counts(m, h)
    if g == 0:
        n = ddz_classify_c(h, rows, 64)
    else:
        n = zsy_classify_c(h, k == Z_HEAVENLY_BOMB, rows, 64)
    for i in range(min(n, 64)):
        if rows[i * SHED_ROW] == k and rows[i * SHED_ROW + 1] == r \
                and rows[i * SHED_ROW + 2] == l:
            d.mask = m
            d.kind = <uint8_t>k
            d.rank = <uint8_t>r
            d.length = <uint8_t>l
            d.game = <uint8_t>g
            return _record(&d, t)
    raise CardcoreError(f"make_move: the cards of mask {quote(mask)} have no reading "
                        f"{quote((kind, rank, length))}")

# ------------------------------------------------------------------ hands of cards

cdef int _hand(object cards, int game, str what, uint64_t* out) except -1:
    """The card mask of a list or tuple of card ids (``CardError`` naming a bad or repeated
    card, or a card outside the game's deck)."""
    cdef Py_ssize_t i, n
    cdef bint is_list = type(cards) is list
    cdef object o
    cdef long v
    cdef int overflow = 0, dup = -1
    cdef uint64_t m = 0, bit
    if is_list:
        n = PyList_GET_SIZE(cards)
    elif type(cards) is tuple:
        n = PyTuple_GET_SIZE(cards)
    else:
        raise CardError(f"{what} {quote(cards)}: expected a list or tuple of card ids")
    for i in range(n):
        o = <object>(PyList_GET_ITEM(cards, i) if is_list else PyTuple_GET_ITEM(cards, i))
        if not (type(o) is int or type(o) is _CARD_TYPE
                or (PyLong_Check(o) and not isinstance(o, bool))):
            raise CardError(f"{what}: {quote(o)} is not a card id")
        v = PyLong_AsLongAndOverflow(o, &overflow)
        if overflow or v < 0 or v > 53:
            raise CardError(f"{what}: card id {quote(o)} out of range 0..53")
        bit = (<uint64_t>1) << v
        if game == 1 and not (_ZSY_DECK & bit):
            raise CardError(f"{what}: card {_CARD_OBJ[v]} is not in the 48-card Zheng Shangyou "
                            "deck")
        if m & bit and dup < 0:
            dup = v
        m |= bit
    if dup >= 0:
        raise CardError(f"{what}: card {_CARD_OBJ[dup]} appears twice"
                        + (" (Dou Dizhu uses one 54-card deck)" if game == 0 else ""))
    out[0] = m
    return 0


def cards_mask(game, cards) -> int:
    """The bit mask of the cards ``cards`` (a list or tuple of card ids) of game ``game`` (0
    Dou Dizhu, 1 Zheng Shangyou): a move's ``mask``, from its card tuple. ``CardError`` names a
    bad or repeated card."""
    cdef uint64_t m
    g = index_or_none(game)
    if g is None or g not in (0, 1):
        raise CardcoreError(f"cards_mask: game {quote(game)}: expected 0 or 1")
    _hand(cards, g, "cards_mask", &m)
    return m


cdef list _moves_of(int game, uint64_t hand, const uint8_t* rows, Py_ssize_t n, bint whole,
                    type cls):
    cdef list out = PyList_New(n)
    cdef Py_ssize_t i
    cdef uint64_t ranked = _by_rank(hand), r
    cdef const uint8_t* row
    cdef MoveData d
    cdef bint native = _native(cls)
    d.game = <uint8_t>game
    for i in range(n):
        row = rows + i * SHED_ROW
        r = ranked if whole else _pick_ranked(ranked, row + 3, game)
        d.kind = row[0]
        d.rank = row[1]
        d.length = row[2]
        _list_set_ptr(out, i, _record_ptr(&d, r, cls, native))  # (the list takes it)
    return out


cdef list _hand_moves(int game, uint64_t hand, int bk, int br, int bl, bint first, type cls):
    cdef uint8_t h[15]
    cdef uint8_t rows[STACK_ROWS * SHED_ROW]
    cdef Py_ssize_t n
    cdef cnp.ndarray big_rows
    cdef cnp.npy_intp dims[1]
    shed_counts(hand, h)
    n = _gen_into(game, h, bk, br, bl, first, rows, NULL, STACK_ROWS)
    if n <= STACK_ROWS:
        return _moves_of(game, hand, rows, n, False, cls)
    dims[0] = n * SHED_ROW
    big_rows = cnp.PyArray_SimpleNew(1, dims, cnp.NPY_UINT8)
    _gen_into(game, h, bk, br, bl, first, <uint8_t*>cnp.PyArray_DATA(big_rows), NULL, n)
    return _moves_of(game, hand, <uint8_t*>cnp.PyArray_DATA(big_rows), n, False, cls)


cdef list _classify_moves(int game, uint64_t mask, bint first, type cls):
    cdef uint8_t h[15]
    cdef uint8_t rows[64 * SHED_ROW]
    cdef Py_ssize_t n
    shed_counts(mask, h)
    if not mask or (game == 1 and first and not (mask >> THREE_HEARTS) & 1):
        return []
    n = ddz_classify_c(h, rows, 64) if game == 0 else zsy_classify_c(h, first, rows, 64)
    return _moves_of(game, mask, rows, min(n, 64), True, cls)


cdef int _beat_key(object beat, int nkinds, int* k, int* r, int* l) except -1:
    if beat is None:
        k[0] = -1
        r[0] = 0
        l[0] = 0
    else:
        k[0], r[0], l[0] = _beat(beat, nkinds)
    return 0


def ddz_hand_moves(cls, cards, beat=None) -> list:
    """Every Dou Dizhu play of the hand ``cards`` (a list or tuple of card ids) as records of
    the record type ``cls`` (the game's ``Move``; cards taken from the hand, the lowest ids of
    each rank); ``beat`` as in ``ddz_moves``."""
    cdef uint64_t m
    cdef int k, r, l
    cdef type t = _record_type(cls, 0, "ddz_hand_moves")
    _hand(cards, 0, "hand", &m)
    _beat_key(beat, D_NKINDS, &k, &r, &l)
    return _hand_moves(0, m, k, r, l, False, t)


def ddz_hand_ids(cards, beat=None):
    """The action ids of ``ddz_hand_moves(cards, beat)``, an ascending int32 array (the hand
    holds at most ``DDZ_MAX`` cards)."""
    cdef uint64_t m
    cdef uint8_t h[15]
    cdef int k, r, l
    _hand(cards, 0, "hand", &m)
    _check_size_n(cc_popcount(m), DDZ_MAX_CARDS, "hand")
    _beat_key(beat, D_NKINDS, &k, &r, &l)
    shed_counts(m, h)
    return _ids_array(0, h, k, r, l, False)


def ddz_hand_classify(cls, cards) -> list:
    """Every Dou Dizhu reading of exactly the cards ``cards`` as records of type ``cls``."""
    cdef uint64_t m
    cdef type t = _record_type(cls, 0, "ddz_hand_classify")
    _hand(cards, 0, "cards", &m)
    return _classify_moves(0, m, False, t)


cdef int _cards_id(int game, object kind, object cards) except -2:
    """``ddz_cards_id`` (``game`` 0) or ``zsy_cards_id`` (1)."""
    cdef uint64_t m
    cdef uint8_t h[15]
    cdef uint8_t rows[64 * SHED_ROW]
    cdef const uint8_t* row
    cdef Py_ssize_t n, i
    cdef int nkinds = Z_NKINDS if game else D_NKINDS
    k = index_or_none(kind)
    if k is None or not 0 <= k < nkinds:
        raise CardcoreError(f"kind {quote(kind)}: expected a "
                            f"{('Dou Dizhu', 'Zheng Shangyou')[game]} kind code 0..{nkinds - 1}")
    _hand(cards, game, "cards", &m)
    shed_counts(m, h)
    n = zsy_classify_c(h, k == Z_HEAVENLY_BOMB, rows, 64) if game else ddz_classify_c(h, rows, 64)
    for i in range(min(n, 64)):
        row = rows + i * SHED_ROW
        if row[0] == k:
            return zsy_row_id(k, row[1], row[2], h) if game else ddz_row_id(k, row[1], row[2], h)
    return -1


def ddz_cards_id(kind, cards) -> int:
    """The action id of the Dou Dizhu reading of kind code ``kind`` of exactly these cards
    (-1 when they have no such reading or it has no id)."""
    return _cards_id(0, kind, cards)


cdef int _check_size_n(Py_ssize_t n, int most, str what) except -1:
    if n > most:
        raise CardError(f"{what}: {n} cards; action ids cover the plays of hands of at most "
                        f"{most} cards")
    return 0


cdef bint _zsy_first(object first_play, object beat) except -1:
    cdef bint first = _first_arg(first_play)
    if first and beat is not None:
        raise CardcoreError("first_play: the opening play is a lead, it has no move to beat")
    return first


def zsy_hand_moves(cls, cards, beat=None, first_play=False) -> list:
    """Every Zheng Shangyou play of the hand ``cards`` as records of type ``cls`` (the 3 of
    hearts first among the 3s); ``beat`` / ``first_play`` as in ``zsy_moves`` (an opening hand
    without the 3 of hearts has no play)."""
    cdef uint64_t m
    cdef int k, r, l
    cdef type t = _record_type(cls, 1, "zsy_hand_moves")
    cdef bint first = _zsy_first(first_play, beat)
    _hand(cards, 1, "hand", &m)
    _beat_key(beat, Z_NKINDS, &k, &r, &l)
    if first and not (m >> THREE_HEARTS) & 1:
        return []
    return _hand_moves(1, m, k, r, l, first, t)


def zsy_hand_ids(cards, beat=None, first_play=False):
    """The action ids of ``zsy_hand_moves(cards, beat, first_play)``, ascending int32 (the hand
    holds at most ``ZSY_MAX`` cards)."""
    cdef uint64_t m
    cdef uint8_t h[15]
    cdef int k, r, l
    cdef bint first = _zsy_first(first_play, beat)
    cdef cnp.npy_intp dims[1]
    _hand(cards, 1, "hand", &m)
    _check_size_n(cc_popcount(m), ZSY_MAX_CARDS, "hand")
    _beat_key(beat, Z_NKINDS, &k, &r, &l)
    if first and not (m >> THREE_HEARTS) & 1:
        dims[0] = 0
        return cnp.PyArray_SimpleNew(1, dims, cnp.NPY_INT32)
    shed_counts(m, h)
    return _ids_array(1, h, k, r, l, first)


def zsy_hand_classify(cls, cards, first_play=False) -> list:
    """Every Zheng Shangyou reading of exactly the cards ``cards`` as records of type ``cls``
    (with ``first_play`` the cards must hold the 3 of hearts)."""
    cdef uint64_t m
    cdef type t = _record_type(cls, 1, "zsy_hand_classify")
    cdef bint first = _first_arg(first_play)
    _hand(cards, 1, "cards", &m)
    return _classify_moves(1, m, first, t)


def zsy_cards_id(kind, cards) -> int:
    """The action id of the Zheng Shangyou reading of kind code ``kind`` of exactly these cards
    (-1 when none; the heavenly bomb is read as the opening play's)."""
    return _cards_id(1, kind, cards)
