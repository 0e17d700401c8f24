# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Tractor (Shengji) rule kernel, compiled.

Encoding (shared with the plain-Python twin ``cardcore._ref.tractor``, which documents it in
full): card ids ``0..51 = rank * 4 + suit``, 52 = BJ, 53 = RJ; ``trump`` 0..3 (c d h s) or
``NO_TRUMP`` = 4; ``level`` the level rank 0..12 (2..A). Effective suits 0..3, ``TRUMP`` = 4.
Strength within an effective suit: plain suit 0..11 (the level rank removed); trumps: the
trump suit's plain cards 0..11, other-suit level cards 12 (equal), trump-suit level card 13
(in no-trump every level card 13), BJ 14, RJ 15.

Inside, a multiset of cards (each id at most twice) is a pair of 54-bit masks ``(lo, hi)``:
bit c of ``lo`` when card c is there once or twice, of ``hi`` when twice. The effective-suit
masks of a (trump, level) are built on the stack per call (``TrCtx``); no mutable module
state. The C functions (``tr_*``, declared in ``tractor.pxd``) are ``noexcept nogil`` and loop
over at most the set bits of a mask; the Python wrappers validate input and convert card sequences.

Action ids (``docs/actions/tractor.md``): the play phase's ids are one card (``PLAY_ID + c``),
a pair lead (``PAIR_ID + c``) and a tractor lead (``TRACTOR_ID + index`` in a table of every
tractor of the full two-deck hand under the 65 trumps and levels, built once at import and
read-only afterwards): ``lead_ids``, ``follow_ids``, ``play_ok``, ``play_cards``, ``lead_id``.
"""

from libc.stdint cimport uint64_t, int32_t
from libc.stdlib cimport malloc, free, qsort
from cpython.long cimport PyLong_Check, PyLong_AsLongAndOverflow
from cpython.bool cimport PyBool_Check
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF

from cardcore._fast.bits cimport cc_popcount, cc_ctz, cc_msb, cc_lowest, cc_drop_lowest
from cardcore._fast.args cimport seq_arg

import operator

from cardcore.errors import CardcoreError, CardError, IllegalAction, quote

NO_TRUMP = 4
TRUMP = TR_TRUMP
NONE = TR_NONE
SINGLE = TR_SINGLE
PAIR = TR_PAIR
TRACTOR = TR_TRACTOR
KINDS = ("none", "single", "pair", "tractor")
#: the card points by card id 0..53 (every 5 is 5, every 10 and K 10, 200 in the two decks): the
#: rule's one definition is ``tr_card_points`` in ``tractor.pxd``, which the step kernel reads too
CARD_POINTS = tuple([tr_card_points(c) for c in range(54)])

cdef tuple _NAMES = tuple([r + s for r in "23456789TJQKA" for s in "cdhs"] + ["BJ", "RJ"])

cdef tuple _PLAY = ("lead", "play 1", "play 2", "play 3")

cdef enum:
    LEADS_CAP = 1024   # > 54 singles + 54 pairs + 360 trump and 4 * 66 plain-suit tractors

cdef uint64_t SUIT0 = 0x1111111111111ULL      # the clubs: bits 0, 4, ..., 48
cdef uint64_t JOKERS = 3ULL << 52


# ------------------------------------------------------------------ C core

cdef void tr_ctx(TrCtx* x, int trump, int level) noexcept nogil:
    cdef uint64_t lv = 0xFULL << (4 * level)
    cdef int s
    x.trump = trump
    x.level = level
    for s in range(4):
        x.em[s] = (SUIT0 << s) & ~lv
    x.em[4] = JOKERS | lv
    if trump < 4:
        x.em[4] |= x.em[trump]
        x.em[trump] = 0


cdef int tr_esuit(const TrCtx* x, int c) noexcept nogil:
    cdef int s
    if c >= 52:
        return TR_TRUMP
    s = c & 3
    if (c >> 2) == x.level or s == x.trump:
        return TR_TRUMP
    return s


cdef int tr_strength(const TrCtx* x, int c) noexcept nogil:
    cdef int r
    if c >= 52:
        return c - 38          # BJ 14, RJ 15
    r = c >> 2
    if r == x.level:
        return 13 if (x.trump == 4 or (c & 3) == x.trump) else 12
    return r - 1 if r > x.level else r


cdef int tr_shape(const TrCtx* x, uint64_t lo, uint64_t hi, int* suit, int* top) noexcept nogil:
    cdef int s, k, c
    cdef uint64_t sm, m
    suit[0] = -1
    top[0] = -1
    if lo == 0:
        return TR_NONE
    c = cc_ctz(lo)
    s = tr_esuit(x, c)
    if lo & ~x.em[s]:
        return TR_NONE
    suit[0] = s
    if hi == 0:
        if cc_drop_lowest(lo):
            return TR_NONE
        top[0] = tr_strength(x, c)
        return TR_SINGLE
    if lo != hi:
        return TR_NONE
    k = cc_popcount(lo)
    if k == 1:
        top[0] = tr_strength(x, c)
        return TR_PAIR
    sm = 0
    m = lo
    while m:
        sm |= 1ULL << tr_strength(x, cc_ctz(m))
        m = cc_drop_lowest(m)
    if cc_popcount(sm) == k and (sm >> cc_ctz(sm)) == ((1ULL << k) - 1):
        top[0] = cc_msb(sm)
        return TR_TRACTOR
    return TR_NONE


cdef bint tr_legal_follow(const TrCtx* x, uint64_t hlo, uint64_t hhi, uint64_t llo,
                          uint64_t lhi, uint64_t plo, uint64_t phi) noexcept nogil:
    cdef int s, top, kind, n, have, played, need
    cdef uint64_t sm
    kind = tr_shape(x, llo, lhi, &s, &top)
    if kind == TR_NONE:
        return 0
    n = cc_popcount(llo) + cc_popcount(lhi)
    if cc_popcount(plo) + cc_popcount(phi) != n or (plo & ~hlo) or (phi & ~hhi):
        return 0
    sm = x.em[s]
    have = cc_popcount(hlo & sm) + cc_popcount(hhi & sm)
    played = cc_popcount(plo & sm) + cc_popcount(phi & sm)
    if have < n:
        return played == have          # short: all of the suit, the rest free
    if played != n:
        return 0
    if kind == TR_SINGLE:
        return 1
    need = cc_popcount(hhi & sm)
    if need > (n >> 1):
        need = n >> 1
    return cc_popcount(phi) >= need


cdef inline int _maxpairs(int p, int a, int b, int room) noexcept nogil:
    """Most pairs reachable: ``p`` made, ``a`` started (one card away), ``b`` untouched."""
    cdef int done = a if a < room else room
    cdef int more = (room - done) >> 1
    return p + done + (b if b < more else more)


cdef uint64_t tr_next_mask(const TrCtx* x, uint64_t hlo, uint64_t hhi, uint64_t llo,
                           uint64_t lhi, uint64_t clo, uint64_t chi) noexcept nogil:
    cdef int s, top, kind, n, size, have, chosen_in, need, p, a, b, room
    cdef uint64_t sm, rest, half, whole, loose, out
    kind = tr_shape(x, llo, lhi, &s, &top)
    if kind == TR_NONE:
        return 0
    n = cc_popcount(llo) + cc_popcount(lhi)
    size = cc_popcount(clo) + cc_popcount(chi)
    if size >= n or (clo & ~hlo) or (chi & ~hhi):
        return 0
    sm = x.em[s]
    rest = (hlo & ~clo) | (hhi & ~chi)          # cards still in the hand
    have = cc_popcount(hlo & sm) + cc_popcount(hhi & sm)
    chosen_in = cc_popcount(clo & sm) + cc_popcount(chi & sm)
    if have < n:
        # every card of the suit must come; n - have places are free
        if size - chosen_in > n - have:
            return 0
        if size - chosen_in < n - have:
            return rest
        return rest & sm
    if chosen_in != size:
        return 0
    if kind == TR_SINGLE:
        return rest & sm
    need = cc_popcount(hhi & sm)
    if need > (n >> 1):
        need = n >> 1
    half = hhi & clo & ~chi & sm
    whole = hhi & ~clo & sm
    loose = hlo & ~hhi & ~clo & sm
    p = cc_popcount(chi & sm)
    a = cc_popcount(half)
    b = cc_popcount(whole)
    room = n - size
    if _maxpairs(p, a, b, room) < need:
        return 0
    out = 0
    if half and _maxpairs(p + 1, a - 1, b, room - 1) >= need:
        out |= half
    if whole and _maxpairs(p, a + 1, b - 1, room - 1) >= need:
        out |= whole
    if loose and _maxpairs(p, a, b, room - 1) >= need:
        out |= loose
    return out


cdef int tr_winner(const TrCtx* x, const uint64_t* lo, const uint64_t* hi, int n) noexcept nogil:
    cdef int kind, bsuit, btop, k, s, top, i, best = 0
    kind = tr_shape(x, lo[0], hi[0], &bsuit, &btop)
    for i in range(1, n):
        k = tr_shape(x, lo[i], hi[i], &s, &top)
        if k != kind or (cc_popcount(lo[i]) + cc_popcount(hi[i])
                         != cc_popcount(lo[0]) + cc_popcount(hi[0])):
            continue                            # only the same shape and size can win
        if s == bsuit:
            if top > btop:                      # equal: the earlier play keeps the trick
                best = i
                btop = top
        elif s == TR_TRUMP:                     # trumping a plain-suit lead
            best = i
            bsuit = s
            btop = top
    return best


cdef int tr_leads(const TrCtx* x, uint64_t lo, uint64_t hi, uint64_t* out, int cap) noexcept nogil:
    """Every legal lead as a ``lo`` mask (``hi`` = 0 for a single, = lo otherwise), in the
    order of ``lead_plays``; returns how many (rows past ``cap`` are counted, not written)."""
    cdef int n = 0, s, st, a, b, j
    cdef uint64_t m, pairs, bit, run
    cdef uint64_t gm[16]
    cdef uint64_t pick[16]
    m = lo
    while m:
        if n < cap:
            out[2 * n] = cc_lowest(m)
            out[2 * n + 1] = 0
        n += 1
        m = cc_drop_lowest(m)
    m = hi
    while m:
        if n < cap:
            out[2 * n] = cc_lowest(m)
            out[2 * n + 1] = out[2 * n]
        n += 1
        m = cc_drop_lowest(m)
    for s in range(5):
        pairs = hi & x.em[s]
        if cc_popcount(pairs) < 2:
            continue
        for st in range(16):
            gm[st] = 0
        m = pairs
        while m:
            bit = cc_lowest(m)
            gm[tr_strength(x, cc_ctz(m))] |= bit
            m = cc_drop_lowest(m)
        for a in range(16):
            if not gm[a]:
                continue
            b = a + 1
            while b < 16 and gm[b]:
                # the product of the choices at strengths a..b, earlier strengths major
                for st in range(a, b + 1):
                    pick[st] = cc_lowest(gm[st])
                while True:
                    run = 0
                    for st in range(a, b + 1):
                        run |= pick[st]
                    if n < cap:
                        out[2 * n] = run
                        out[2 * n + 1] = run
                    n += 1
                    j = b
                    while j >= a:
                        m = gm[j] & ~((pick[j] << 1) - 1)   # the choices above pick[j]
                        if m:
                            pick[j] = cc_lowest(m)
                            break
                        pick[j] = cc_lowest(gm[j])
                        j -= 1
                    if j < a:
                        break
                b += 1
    return n


# ------------------------------------------------------------------ action ids
#
# Ids (``docs/actions/tractor.md``): 0 pass; 1..4 declare a single level card of suit c d h s;
# 5..8 a level pair of that suit; 9 BJ BJ; 10 RJ RJ; 11..64 bury card ``id - 11``; 65..118
# play card ``id - 65`` (a single lead, or one card of a follow); 119..172 lead the pair of card
# ``id - 119``; from 173 lead tractor ``id - 173``. The tractors are every tractor of the full
# two-deck hand under the 65 (trump, level) pairs, as card sets (a pair mask), ordered by their
# number of pairs, then by their card ids (lexicographically); built once at import and
# read-only afterwards.

cdef enum:
    ID_DECLARE = 1
    ID_BURY = 11
    ID_PLAY = 65
    ID_PAIR = 119
    ID_TRACTOR = 173
    TRACTOR_CAP = 12288        # room for the distinct tractors (9,267)
    FULL_CAP = 2048            # room for the leads of the full hand under one trump and level

cdef uint64_t _TMASK[TRACTOR_CAP]      # tractor index -> pair mask
cdef uint64_t _BYMASK[TRACTOR_CAP]     # the masks ascending (for the lookup)
cdef int32_t _BYMASK_INDEX[TRACTOR_CAP]
cdef int _NTRACTORS = 0


cdef int _cmp_mask(const void* a, const void* b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t*>a)[0], y = (<const uint64_t*>b)[0]
    return -1 if x < y else (1 if x > y else 0)


cdef int _cmp_tractor(const void* a, const void* b) noexcept nogil:
    """Fewer pairs first, then by card ids: the set holding the lowest card where they differ
    comes first."""
    cdef uint64_t x = (<const uint64_t*>a)[0], y = (<const uint64_t*>b)[0], d
    cdef int px = cc_popcount(x), py = cc_popcount(y)
    if px != py:
        return -1 if px < py else 1
    d = x ^ y
    if d == 0:
        return 0
    return -1 if (x & cc_lowest(d)) else 1


cdef int tr_tractor_index(uint64_t mask) noexcept nogil:
    cdef int pos = _bymask_pos(mask)
    return -1 if pos < 0 else _BYMASK_INDEX[pos]


cdef uint64_t tr_tractor_mask(int index) noexcept nogil:
    return _TMASK[index]


cdef int tr_num_tractors() noexcept nogil:
    return _NTRACTORS


cdef int _build_tractors() except -1:
    global _NTRACTORS
    cdef TrCtx x
    cdef uint64_t full = (1ULL << 54) - 1
    cdef uint64_t* buf = <uint64_t*>malloc(2 * FULL_CAP * sizeof(uint64_t))
    cdef uint64_t* found = <uint64_t*>malloc(65 * FULL_CAP * sizeof(uint64_t))
    cdef int t, lv, n, i, m = 0, k = 0
    try:
        if buf == NULL or found == NULL:
            raise MemoryError()
        for t in range(5):
            for lv in range(13):
                tr_ctx(&x, t, lv)
                n = tr_leads(&x, full, full, buf, FULL_CAP)
                if n > FULL_CAP:
                    raise RuntimeError("tractor: the leads of the full hand outgrew the buffer")
                for i in range(n):
                    if buf[2 * i + 1] and cc_popcount(buf[2 * i]) >= 2:
                        found[m] = buf[2 * i]
                        m += 1
        qsort(found, m, sizeof(uint64_t), _cmp_mask)
        for i in range(m):
            if k == 0 or found[i] != _BYMASK[k - 1]:
                if k >= TRACTOR_CAP:
                    raise RuntimeError("tractor: more tractors than the id table holds")
                _BYMASK[k] = found[i]
                k += 1
        _NTRACTORS = k
        for i in range(k):
            _TMASK[i] = _BYMASK[i]
        qsort(_TMASK, k, sizeof(uint64_t), _cmp_tractor)
        for i in range(k):
            _BYMASK_INDEX[i] = -1
        for i in range(k):
            n = _bymask_pos(_TMASK[i])
            _BYMASK_INDEX[n] = i
    finally:
        free(buf)
        free(found)
    return 0


cdef int _bymask_pos(uint64_t mask) noexcept nogil:
    cdef int lo = 0, hi = _NTRACTORS - 1, mid
    while lo <= hi:
        mid = (lo + hi) >> 1
        if _BYMASK[mid] < mask:
            lo = mid + 1
        elif _BYMASK[mid] > mask:
            hi = mid - 1
        else:
            return mid
    return -1


cdef int _sort_small(int32_t* a, int n) noexcept nogil:
    cdef int i, j
    cdef int32_t v
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v
    return 0


# ------------------------------------------------------------------ Python wrappers

cdef int _small(object v, int hi, str what, str expect) except -1:
    cdef int ovf = 0
    cdef long r
    if not PyLong_Check(v) or PyBool_Check(v):
        raise CardcoreError(f"{what} {quote(v)}: expected {expect}")
    r = PyLong_AsLongAndOverflow(v, &ovf)
    if ovf or r < 0 or r > hi:
        raise CardcoreError(f"{what} {quote(v)}: expected {expect}")
    return <int>r


cdef inline int _check_tl(object trump, object level, TrCtx* x) except -1:
    cdef int t = _small(trump, 4, "trump", "0..3 (c d h s) or 4 (no-trump)")
    cdef int l = _small(level, 12, "level", "a rank index 0..12 (2..A)")
    tr_ctx(x, t, l)
    return 0


cdef inline int _add(object v, str what, uint64_t* l, uint64_t* h) except -1:
    """Add one card id to the multiset (l, h)."""
    cdef int ovf = 0
    cdef long c
    cdef uint64_t bit
    if not PyLong_Check(v) or PyBool_Check(v):
        raise CardError(f"{what}: card id {quote(v)} out of range 0..53")
    c = PyLong_AsLongAndOverflow(v, &ovf)
    if ovf or c < 0 or c > 53:
        raise CardError(f"{what}: card id {quote(v)} out of range 0..53")
    bit = 1ULL << c
    if h[0] & bit:
        raise CardError(f"{what}: card {_NAMES[c]} more than twice (two decks)")
    if l[0] & bit:
        h[0] |= bit
    else:
        l[0] |= bit
    return 0


cdef int _ms(object cards, str what, uint64_t* lo, uint64_t* hi) except -1:
    """Read a sequence of card ids into (lo, hi); returns the number of cards."""
    cdef uint64_t l = 0, h = 0
    cdef Py_ssize_t i, n = 0
    if type(cards) is list:
        n = PyList_GET_SIZE(cards)
        for i in range(n):
            _add(<object>PyList_GET_ITEM(cards, i), what, &l, &h)
    elif type(cards) is tuple:
        n = PyTuple_GET_SIZE(cards)
        for i in range(n):
            _add(<object>PyTuple_GET_ITEM(cards, i), what, &l, &h)
    else:
        for v in seq_arg(cards, what, "a sequence of card ids", CardError):
            _add(v, what, &l, &h)
            n += 1
    lo[0] = l
    hi[0] = h
    return <int>n


cdef int _check_sum(uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi, str what) except -1:
    cdef uint64_t over = (ahi & blo) | (alo & bhi)
    if over:
        raise CardError(f"{what}: card {_NAMES[cc_ctz(over)]} more than twice (two decks)")
    return 0


cdef list _names(uint64_t lo, uint64_t hi):
    cdef list out = []
    cdef int c
    for c in range(54):
        if (lo >> c) & 1:
            out.append(_NAMES[c])
            if (hi >> c) & 1:
                out.append(_NAMES[c])
    return out


cdef int _lead(const TrCtx* x, object lead, uint64_t* lo, uint64_t* hi, int* n) except -1:
    cdef int s, top, kind
    n[0] = _ms(lead, "lead", lo, hi)
    kind = tr_shape(x, lo[0], hi[0], &s, &top)
    if kind == TR_NONE:
        raise IllegalAction(
            f"lead {_names(lo[0], hi[0])}: not a single, a pair or a tractor of one suit")
    return kind


def table(trump, level):
    """Per card id: the effective suit (4 = trump) and the strength within that suit."""
    cdef TrCtx x
    cdef int c
    cdef list suits = [], strengths = []
    _check_tl(trump, level, &x)
    for c in range(54):
        suits.append(tr_esuit(&x, c))
        strengths.append(tr_strength(&x, c))
    return tuple(suits), tuple(strengths)


cdef int _card_in(object card, object trump, object level, TrCtx* x) except -1:
    """The card id ``card`` (checked) with ``x`` set for ``trump`` and ``level``."""
    cdef uint64_t lo, hi
    _ms((card,), "card", &lo, &hi)
    _check_tl(trump, level, x)
    return cc_ctz(lo)


def effective_suit(card, trump, level):
    """The effective suit of a card: 0..3, or 4 for a trump."""
    cdef TrCtx x
    cdef int c = _card_in(card, trump, level, &x)
    return tr_esuit(&x, c)


def strength(card, trump, level):
    """The strength of a card within its effective suit."""
    cdef TrCtx x
    cdef int c = _card_in(card, trump, level, &x)
    return tr_strength(&x, c)


def masks(cards):
    """``(lo, hi)``: bit c of lo set when card c is held, of hi when it is held twice."""
    cdef uint64_t lo, hi
    _ms(cards, "cards", &lo, &hi)
    return lo, hi


def shape(cards, trump, level):
    """``(kind, suit, size, top)`` of a play."""
    cdef TrCtx x
    cdef uint64_t lo, hi
    cdef int n, s, top, kind
    _check_tl(trump, level, &x)
    n = _ms(cards, "cards", &lo, &hi)
    kind = tr_shape(&x, lo, hi, &s, &top)
    return kind, s, n, top


cdef int _follow_args(object hand, object lead, object trump, object level, TrCtx* x,
                      uint64_t* hlo, uint64_t* hhi, uint64_t* llo, uint64_t* lhi) except -1:
    """``x`` for ``trump`` and ``level``, the ``hand`` and the ``lead`` it answers (the hand
    before playing: apart from the lead, and of at least as many cards); returns the lead's
    number of cards."""
    cdef int n, hn
    _check_tl(trump, level, x)
    hn = _ms(hand, "hand", hlo, hhi)
    _lead(x, lead, llo, lhi, &n)
    _check_sum(hlo[0], hhi[0], llo[0], lhi[0], "hand and lead")
    if hn < n:
        raise IllegalAction(f"hand: {hn} cards, fewer than the lead's {n}")
    return n


def is_legal_follow(hand, lead, play, trump, level):
    """Whether ``play`` (cards from ``hand``, the whole hand before playing) answers ``lead``."""
    cdef TrCtx x
    cdef uint64_t hlo, hhi, llo, lhi, plo, phi
    _follow_args(hand, lead, trump, level, &x, &hlo, &hhi, &llo, &lhi)
    _ms(play, "play", &plo, &phi)
    return tr_legal_follow(&x, hlo, hhi, llo, lhi, plo, phi)


def next_mask(hand, lead, chosen, trump, level):
    """The cards that may be chosen next toward a legal answer to ``lead``, as a 54-bit mask
    (0 once complete or when the chosen cards admit no legal completion)."""
    cdef TrCtx x
    cdef uint64_t hlo, hhi, llo, lhi, clo, chi
    cdef int n = _follow_args(hand, lead, trump, level, &x, &hlo, &hhi, &llo, &lhi)
    cdef int cn = _ms(chosen, "chosen", &clo, &chi)
    if (clo & ~hlo) or (chi & ~hhi):
        raise IllegalAction("chosen: cards not all taken from the hand")
    if cn > n:
        raise IllegalAction(f"chosen: {cn} cards, more than the lead's {n}")
    return tr_next_mask(&x, hlo, hhi, llo, lhi, clo, chi)


def trick_winner(plays, trump, level):
    """The index of the winning play among 1..4 plays in play order, the lead first."""
    cdef TrCtx x
    cdef uint64_t lo[4]
    cdef uint64_t hi[4]
    cdef uint64_t tlo, thi, over
    cdef int n, m, i, k
    _check_tl(trump, level, &x)
    if isinstance(plays, (str, bytes)):
        raise IllegalAction("plays: expected a sequence of 1 to 4 plays")
    if type(plays) is not list and type(plays) is not tuple:
        try:
            plays = list(plays)
        except TypeError:
            raise IllegalAction(
                f"plays {quote(plays)}: expected a sequence of 1 to 4 plays") from None
    k = len(plays)
    if k < 1 or k > 4:
        raise IllegalAction(f"plays: {k} plays, expected 1 to 4")
    _lead(&x, plays[0], &lo[0], &hi[0], &n)
    tlo = lo[0]
    thi = hi[0]
    for i in range(1, k):
        m = _ms(plays[i], _PLAY[i], &lo[i], &hi[i])
        if m != n:
            raise IllegalAction(f"play {i}: {m} cards, the lead has {n}")
        _check_sum(tlo, thi, lo[i], hi[i], _PLAY[i])
        thi |= hi[i] | (tlo & lo[i])
        tlo |= lo[i]
    return tr_winner(&x, lo, hi, k)


def lead_plays(hand, trump, level):
    """Every legal lead from ``hand`` as tuples of card ids (see the reference twin's order)."""
    cdef TrCtx x
    cdef uint64_t lo, hi, m
    cdef uint64_t buf[2 * LEADS_CAP]
    cdef int n, i, c
    cdef list out = []
    cdef list row
    _check_tl(trump, level, &x)
    _ms(hand, "hand", &lo, &hi)
    n = tr_leads(&x, lo, hi, buf, LEADS_CAP)
    for i in range(n if n < LEADS_CAP else LEADS_CAP):
        m = buf[2 * i]
        if buf[2 * i + 1] == 0:
            out.append((cc_ctz(m),))
            continue
        row = []
        while m:
            c = cc_ctz(m)
            row.append(c)
            row.append(c)
            m = cc_drop_lowest(m)
        out.append(tuple(row))
    return out


# ------------------------------------------------------------------ action ids: Python API

_build_tractors()

DECLARE_ID = ID_DECLARE
BURY_ID = ID_BURY
PLAY_ID = ID_PLAY
PAIR_ID = ID_PAIR
TRACTOR_ID = ID_TRACTOR
#: the number of tractors in the id table
NUM_TRACTORS = _NTRACTORS
#: the size of the action id space
NUM_ACTIONS = ID_TRACTOR + _NTRACTORS
# the Python int of every action id, made once (a legal-id list then allocates no ints)
cdef tuple _ID_OBJ = tuple(range(ID_TRACTOR + _NTRACTORS))


cdef list _bits_list(uint64_t m, int base):
    """The ids ``base + c`` of the set bits ``c`` of ``m``, ascending."""
    cdef Py_ssize_t n = cc_popcount(m), i = 0
    cdef list out = PyList_New(n)
    cdef object o
    while m:
        o = _ID_OBJ[base + cc_ctz(m)]
        Py_INCREF(o)
        PyList_SET_ITEM(out, i, o)
        i += 1
        m = cc_drop_lowest(m)
    return out


def tractor_masks():
    """The tractors of the id table as pair masks (bit ``c``: the pair of card ``c``), in
    tractor index order (action id ``TRACTOR_ID + index``)."""
    return [_TMASK[i] for i in range(_NTRACTORS)]


def lead_ids(hand, trump, level):
    """The action ids of ``lead_plays(hand, trump, level)``, ascending: singles
    ``PLAY_ID + c``, pairs ``PAIR_ID + c``, tractors ``TRACTOR_ID + index``."""
    cdef TrCtx x
    cdef uint64_t lo, hi
    cdef uint64_t buf[2 * LEADS_CAP]
    cdef int32_t tr[LEADS_CAP]
    cdef int n, i, k = 0, j
    cdef list out
    _check_tl(trump, level, &x)
    _ms(hand, "hand", &lo, &hi)
    out = _bits_list(lo, ID_PLAY)
    out.extend(_bits_list(hi, ID_PAIR))
    if cc_popcount(hi) < 2:
        return out
    n = tr_leads(&x, lo, hi, buf, LEADS_CAP)
    if n > LEADS_CAP:
        n = LEADS_CAP
    for i in range(n):
        if buf[2 * i + 1] and cc_popcount(buf[2 * i]) >= 2:
            j = tr_tractor_index(buf[2 * i])
            if j >= 0:
                tr[k] = j
                k += 1
    _sort_small(tr, k)
    for i in range(k):
        out.append(_ID_OBJ[ID_TRACTOR + tr[i]])
    return out


cdef int _follow(TrCtx* x, object rest, object lead, object picked, uint64_t* mask) except -1:
    cdef uint64_t rlo, rhi, plo, phi, llo, lhi, wlo, whi
    cdef int n, rn, pn
    rn = _ms(rest, "hand", &rlo, &rhi)
    pn = _ms(picked, "picked", &plo, &phi)
    _check_sum(rlo, rhi, plo, phi, "hand and picked")
    whi = rhi | phi | (rlo & plo)
    wlo = rlo | plo
    _lead(x, lead, &llo, &lhi, &n)
    _check_sum(wlo, whi, llo, lhi, "hand and lead")
    if rn + pn < n:
        raise IllegalAction(f"hand: {rn + pn} cards, fewer than the lead's {n}")
    if pn > n:
        raise IllegalAction(f"picked: {pn} cards, more than the lead's {n}")
    mask[0] = tr_next_mask(x, wlo, whi, llo, lhi, plo, phi)
    return 0


def follow_ids(rest, lead, picked, trump, level):
    """The action ids ``PLAY_ID + c`` of the cards the follower may pick next: ``rest`` is what
    is left of the hand, ``picked`` the cards already played to ``lead`` (``next_mask`` of the
    whole hand ``rest + picked``), ascending."""
    cdef TrCtx x
    cdef uint64_t m
    _check_tl(trump, level, &x)
    _follow(&x, rest, lead, picked, &m)
    return _bits_list(m, ID_PLAY)


cdef object _id_int(object i):
    if type(i) is int:
        return i
    if isinstance(i, bool):
        return None
    try:
        return operator.index(i)
    except TypeError:
        return None


def play_ok(rest, lead, picked, trump, level, i) -> bool:
    """Whether play-phase id ``i`` is legal: a lead from ``rest`` (``lead`` None or an empty list
    or tuple), else the next card of the answer to ``lead`` (as ``follow_ids``); False for any
    other value of ``i``."""
    cdef TrCtx x
    cdef uint64_t lo, hi, m
    cdef int s, top, j
    cdef long v
    _check_tl(trump, level, &x)
    x_ = _id_int(i)
    if x_ is None or not ID_PLAY <= x_ < ID_TRACTOR + _NTRACTORS:
        return False
    v = x_
    if lead is None or (type(lead) is list or type(lead) is tuple) and len(lead) == 0:
        _ms(rest, "hand", &lo, &hi)
        if v < ID_PAIR:
            return bool((lo >> (v - ID_PLAY)) & 1)
        if v < ID_TRACTOR:
            return bool((hi >> (v - ID_PAIR)) & 1)
        m = _TMASK[v - ID_TRACTOR]
        return (m & ~hi) == 0 and tr_shape(&x, m, m, &s, &top) == TR_TRACTOR
    if v >= ID_PAIR:
        return False
    _follow(&x, rest, lead, picked, &m)
    return bool((m >> (v - ID_PLAY)) & 1)


def play_cards(i):
    """The cards of play-phase id ``i`` (a single card, a pair, a tractor's pairs), ascending
    card ids; ``CardcoreError`` for another id."""
    cdef uint64_t m
    cdef long v
    cdef int c
    cdef list out
    x_ = _id_int(i)
    if x_ is None or not ID_PLAY <= x_ < ID_TRACTOR + _NTRACTORS:
        raise CardcoreError(f"action id {quote(i)}: not a play id "
                            f"({ID_PLAY}..{ID_TRACTOR + _NTRACTORS - 1})")
    v = x_
    if v < ID_PAIR:
        return [_ID_OBJ[v - ID_PLAY]]
    if v < ID_TRACTOR:
        return [_ID_OBJ[v - ID_PAIR], _ID_OBJ[v - ID_PAIR]]
    m = _TMASK[v - ID_TRACTOR]
    out = []
    while m:
        c = cc_ctz(m)
        out.append(_ID_OBJ[c])
        out.append(_ID_OBJ[c])
        m = cc_drop_lowest(m)
    return out


def lead_id(cards):
    """The action id of a lead's cards: ``PLAY_ID + c`` for one card, ``PAIR_ID + c`` for a pair,
    ``TRACTOR_ID + index`` for the pairs of a tractor of the table; -1 for anything else."""
    cdef uint64_t lo, hi
    cdef int n = _ms(cards, "cards", &lo, &hi), j
    if n == 1:
        return ID_PLAY + cc_ctz(lo)
    if n < 2 or lo != hi:
        return -1
    if n == 2:
        return ID_PAIR + cc_ctz(lo)
    j = tr_tractor_index(lo)
    return -1 if j < 0 else ID_TRACTOR + j


__all__ = [
    "NO_TRUMP", "TRUMP", "NONE", "SINGLE", "PAIR", "TRACTOR", "KINDS", "CARD_POINTS", "table",
    "effective_suit", "strength", "masks", "shape", "is_legal_follow", "next_mask",
    "trick_winner", "lead_plays", "DECLARE_ID", "BURY_ID", "PLAY_ID", "PAIR_ID", "TRACTOR_ID",
    "NUM_TRACTORS", "NUM_ACTIONS", "tractor_masks", "lead_ids", "follow_ids", "play_ok",
    "play_cards", "lead_id",
]
