# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Tractor step kernel, compiled: one deal (the declaration, the burying and the play) as a C
struct.

``Core`` holds the state of a deal; ``legal_ids`` and ``apply`` are every transition of a deal
of ``cardcore.tractor.TractorState`` (the match around the deals stays with the game). The
rules come from the tractor kernel (``cardcore._fast.tractor``: following, leads, the trick
winner, the table of tractor ids). The plain-Python twin ``cardcore._ref.tractor_step``
documents the encoding (action ids, ``export`` fields); both give the same answers and raise
the same errors.
"""

from libc.string cimport memset
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF

from cardcore._fast.bits cimport cc_popcount, cc_ctz, cc_drop_lowest
from cardcore._fast.args cimport action_id, int_arg
from cardcore._fast.tractor cimport (TrCtx, TR_TRACTOR, tr_ctx, tr_strength, tr_shape,
                                     tr_next_mask, tr_winner, tr_leads, tr_tractor_index,
                                     tr_tractor_mask, tr_num_tractors, tr_card_points)

from cardcore.errors import CardcoreError, IllegalAction, quote

cdef int _NUM_ACTIONS = TS_TRACTOR + tr_num_tractors()
NUM_ACTIONS = _NUM_ACTIONS
DECLARING = TS_DECLARING
BURYING = TS_BURYING
PLAYING = TS_PLAYING
OVER = TS_OVER
MAX_ACTIONS = TS_MAX_ACTIONS

EXPORT_FIELDS = (
    "phase", "turn", "speaker", "dealer0", "dealer", "level", "trump", "decl_seat", "decl_id",
    "passes", "first_declarer", "revealed", "leader", "points", "ntricks", "nplays", "size",
    "npicked", "nburied", "ndecls", "nplayed", "nhist",
    "lo_0", "lo_1", "lo_2", "lo_3", "hi_0", "hi_1", "hi_2", "hi_3",
    *(f"dealt_{k}" for k in range(TS_DECK)),
)
EXPORT_HEAD = len(EXPORT_FIELDS)

cdef tuple _NAMES = tuple([r + s for r in "23456789TJQKA" for s in "cdhs"] + ["BJ", "RJ"])
# the Python int of every action id (and card id), made once
cdef tuple _INT = tuple(range(_NUM_ACTIONS))
cdef uint64_t _ONE = 1


# ---------------------------------------------------------------------------- rules

cdef inline int _count(const TState* s, int seat, int c) noexcept nogil:
    return <int>((s.lo[seat] >> c) & 1) + <int>((s.hi[seat] >> c) & 1)


cdef inline void _add(TState* s, int seat, int c) noexcept nogil:
    cdef uint64_t bit = _ONE << c
    if s.lo[seat] & bit:
        s.hi[seat] |= bit
    else:
        s.lo[seat] |= bit


cdef inline void _remove(TState* s, int seat, int c) noexcept nogil:
    cdef uint64_t bit = _ONE << c
    if s.hi[seat] & bit:
        s.hi[seat] &= ~bit
    else:
        s.lo[seat] &= ~bit


cdef inline int _rung(int decl_id) noexcept nogil:
    """The rung of declaration id 1..10 (1 single, 2 pair, 3 Black Jokers, 4 Red Jokers)."""
    if decl_id <= 4:
        return 1
    if decl_id <= 8:
        return 2
    return decl_id - 6


cdef inline int _decl_trump(int decl_id) noexcept nogil:
    return 4 if decl_id >= 9 else (decl_id - 1) & 3


cdef int _declare_ids(const TState* s, int* out) noexcept nogil:
    """The declaration ids of the seat to speak (pass first), ascending; returns how many."""
    cdef int rung = _rung(s.decl_id) if s.decl_seat >= 0 else 0
    cdef int seat = s.turn, lv = s.level * 4, n = 1, k
    out[0] = TS_PASS
    if rung < 1:
        for k in range(4):
            if _count(s, seat, lv + k):
                out[n] = TS_DECLARE + k
                n += 1
    if rung < 2:
        for k in range(4):
            if _count(s, seat, lv + k) == 2:
                out[n] = TS_DECLARE + 4 + k
                n += 1
    if rung < 3 and _count(s, seat, 52) == 2:
        out[n] = TS_DECLARE + 8
        n += 1
    if rung < 4 and _count(s, seat, 53) == 2:
        out[n] = TS_DECLARE + 9
        n += 1
    return n


cdef inline void _lead_masks(const TState* s, uint64_t* llo, uint64_t* lhi) noexcept nogil:
    """The lead of the trick in progress as (lo, hi)."""
    cdef int k, c
    cdef uint64_t l = 0, h = 0, bit
    for k in range(s.size):
        c = s.cards[s.nplayed + k]
        bit = _ONE << c
        if l & bit:
            h |= bit
        else:
            l |= bit
    llo[0] = l
    lhi[0] = h


cdef uint64_t _follow_mask(const TState* s) noexcept nogil:
    """The cards the follower to act may pick next (one-card ids)."""
    cdef TrCtx x
    cdef uint64_t llo, lhi, plo = 0, phi = 0, bit, hlo, hhi
    cdef int k
    tr_ctx(&x, s.trump, s.level)
    _lead_masks(s, &llo, &lhi)
    for k in range(s.npicked):
        bit = _ONE << s.picked[k]
        if plo & bit:
            phi |= bit
        else:
            plo |= bit
    hlo = s.lo[s.turn]
    hhi = s.hi[s.turn]
    return tr_next_mask(&x, hlo | plo, hhi | phi | (hlo & plo), llo, lhi, plo, phi)


cdef bint _tractor_ok(const TState* s, long v) noexcept nogil:
    cdef TrCtx x
    cdef uint64_t m
    cdef int suit, top
    if v < TS_TRACTOR or v >= _NUM_ACTIONS:
        return False
    m = tr_tractor_mask(<int>(v - TS_TRACTOR))
    if m & ~s.hi[s.turn]:
        return False
    tr_ctx(&x, s.trump, s.level)
    return tr_shape(&x, m, m, &suit, &top) == TR_TRACTOR


cdef bint ts_is_legal(const TState* s, long i) noexcept nogil:
    cdef int ids[12]
    cdef int n, k
    if i < 0 or i >= _NUM_ACTIONS:
        return False
    if s.phase == TS_DECLARING:
        if i >= TS_BURY:
            return False
        n = _declare_ids(s, ids)
        for k in range(n):
            if ids[k] == i:
                return True
        return False
    if s.phase == TS_BURYING:
        return TS_BURY <= i < TS_PLAY and (s.lo[s.turn] >> (i - TS_BURY)) & 1
    if s.phase != TS_PLAYING or i < TS_PLAY:
        return False
    if s.nplays:
        return i < TS_PAIR and (_follow_mask(s) >> (i - TS_PLAY)) & 1
    if i < TS_PAIR:
        return (s.lo[s.turn] >> (i - TS_PLAY)) & 1
    if i < TS_TRACTOR:
        return (s.hi[s.turn] >> (i - TS_PAIR)) & 1
    return _tractor_ok(s, i)


cdef int ts_init(TState* s, const uint8_t* deck, int speaker, int dealer,
                 int level) noexcept nogil:
    """A new deal of the checked ``deck`` (108 card ids in deal order)."""
    cdef int k
    memset(s, 0, sizeof(TState))
    for k in range(TS_DECK):
        s.dealt[k] = deck[k]
    for k in range(4 * TS_HAND):
        _add(s, k // TS_HAND, deck[k])
    s.phase = TS_DECLARING
    s.speaker = speaker
    s.turn = speaker
    s.dealer0 = dealer
    s.dealer = dealer
    s.level = level
    s.trump = -1
    s.decl_seat = -1
    s.first_declarer = -1
    return 0


cdef void _settle(TState* s, int trump) noexcept nogil:
    cdef int d, k
    s.trump = trump
    if s.dealer < 0:                # the first deal
        s.dealer = s.first_declarer if s.first_declarer >= 0 else s.speaker
    d = s.dealer
    for k in range(TS_KITTY):
        _add(s, d, s.dealt[4 * TS_HAND + k])
    s.phase = TS_BURYING
    s.turn = d


cdef void _declare(TState* s, int i) noexcept nogil:
    cdef int seat = s.turn, k, c
    s.decls[s.ndecls] = <uint8_t>(seat * 16 + i)
    s.ndecls += 1
    if i != TS_PASS:
        if s.first_declarer < 0:
            s.first_declarer = seat
        s.decl_seat = seat
        s.decl_id = i
        s.passes = 0
        s.turn = (seat + 1) & 3
        return
    s.passes += 1
    if s.decl_seat >= 0 and s.passes == 3:
        _settle(s, _decl_trump(s.decl_id))
    elif s.decl_seat < 0 and s.passes == 4:
        s.revealed = 1
        for k in range(TS_KITTY):
            c = s.dealt[4 * TS_HAND + k]
            if c < 52:
                _settle(s, c & 3)
                return
    else:
        s.turn = (seat + 1) & 3


cdef int _finish(TState* s) noexcept nogil:
    """The trick in progress is complete: its winner, points and record; 1 when the deal's
    cards are out."""
    cdef TrCtx x
    cdef uint64_t lo[4]
    cdef uint64_t hi[4]
    cdef uint64_t bit
    cdef int k, j, c, w, pts = 0, n = s.size
    tr_ctx(&x, s.trump, s.level)
    for k in range(4):
        lo[k] = 0
        hi[k] = 0
        for j in range(n):
            c = s.cards[s.nplayed + k * n + j]
            pts += tr_card_points(c)
            bit = _ONE << c
            if lo[k] & bit:
                hi[k] |= bit
            else:
                lo[k] |= bit
    w = (s.leader + tr_winner(&x, lo, hi, 4)) & 3
    if (w & 1) != (s.dealer & 1):
        s.points += pts
    k = s.ntricks
    s.t_leader[k] = s.leader
    s.t_winner[k] = w
    s.t_points[k] = pts
    s.t_size[k] = n
    s.ntricks += 1
    s.nplayed += 4 * n
    s.nplays = 0
    s.leader = w
    s.turn = w
    if s.lo[w] == 0:
        s.phase = TS_OVER
        return 1
    return 0


cdef int _lead(TState* s, int i) noexcept nogil:
    cdef TrCtx x
    cdef int seat = s.turn, base = s.nplayed, n = 0, c, j, k, v
    cdef int order[TS_HAND]
    cdef uint64_t m
    if i < TS_PAIR:
        s.cards[base] = <uint8_t>(i - TS_PLAY)
        n = 1
    elif i < TS_TRACTOR:
        s.cards[base] = s.cards[base + 1] = <uint8_t>(i - TS_PAIR)
        n = 2
    else:
        # from low to high in the deal's order (strength, then id), as the listed action
        tr_ctx(&x, s.trump, s.level)
        m = tr_tractor_mask(i - TS_TRACTOR)
        k = 0
        while m:
            c = cc_ctz(m)
            v = tr_strength(&x, c) * 64 + c
            j = k
            while j > 0 and order[j - 1] > v:
                order[j] = order[j - 1]
                j -= 1
            order[j] = v
            k += 1
            m = cc_drop_lowest(m)
        for j in range(k):
            c = order[j] & 63
            s.cards[base + 2 * j] = s.cards[base + 2 * j + 1] = <uint8_t>c
        n = 2 * k
    for j in range(n):
        _remove(s, seat, s.cards[base + j])
    s.size = n
    s.nplays = 1
    s.leader = seat
    s.turn = (seat + 1) & 3
    return 0


cdef int _follow(TState* s, int c) noexcept nogil:
    cdef int seat = s.turn, base, j, k, v
    _remove(s, seat, c)
    s.picked[s.npicked] = <uint8_t>c
    s.npicked += 1
    if s.npicked < s.size:
        return 0
    base = s.nplayed + s.nplays * s.size
    for k in range(s.npicked):       # the answer joins the trick sorted
        v = s.picked[k]
        j = k
        while j > 0 and s.cards[base + j - 1] > v:
            s.cards[base + j] = s.cards[base + j - 1]
            j -= 1
        s.cards[base + j] = <uint8_t>v
    s.npicked = 0
    s.nplays += 1
    if s.nplays < 4:
        s.turn = (seat + 1) & 3
        return 0
    return _finish(s)


cdef int ts_apply(TState* s, int i) noexcept nogil:
    """Make legal id ``i`` (the caller checked it); returns 1 when it completes the deal's last
    trick, else 0."""
    cdef int seat = s.turn, c
    s.hist[s.nhist] = <uint16_t>i
    s.nhist += 1
    if s.phase == TS_DECLARING:
        _declare(s, i)
        return 0
    if s.phase == TS_BURYING:
        c = i - TS_BURY
        _remove(s, seat, c)
        s.buried[s.nburied] = <uint8_t>c
        s.nburied += 1
        if s.nburied == TS_KITTY:
            s.phase = TS_PLAYING
            s.leader = s.dealer
            s.turn = s.dealer
        return 0
    if s.nplays:
        return _follow(s, i - TS_PLAY)
    return _lead(s, i)


# ---------------------------------------------------------------------------- lists

cdef list _bits_list(uint64_t m, int base):
    cdef Py_ssize_t n = cc_popcount(m), i = 0
    cdef list out = PyList_New(n)
    cdef object o
    while m:
        o = _INT[base + cc_ctz(m)]
        Py_INCREF(o)
        PyList_SET_ITEM(out, i, o)
        i += 1
        m = cc_drop_lowest(m)
    return out


cdef list _hand_list(uint64_t lo, uint64_t hi):
    """The multiset (lo, hi) as a sorted list of card ids."""
    cdef Py_ssize_t n = cc_popcount(lo) + cc_popcount(hi), i = 0
    cdef list out = PyList_New(n)
    cdef object o
    cdef int c
    while lo:
        c = cc_ctz(lo)
        o = _INT[c]
        Py_INCREF(o)
        PyList_SET_ITEM(out, i, o)
        i += 1
        if (hi >> c) & 1:
            Py_INCREF(o)
            PyList_SET_ITEM(out, i, o)
            i += 1
        lo = cc_drop_lowest(lo)
    return out


cdef list _u8_list(const uint8_t* a, int n):
    cdef list out = PyList_New(n)
    cdef object o
    cdef int k
    for k in range(n):
        o = _INT[a[k]]
        Py_INCREF(o)
        PyList_SET_ITEM(out, k, o)
    return out


cdef list _lead_ids(const TState* s):
    cdef TrCtx x
    cdef uint64_t lo = s.lo[s.turn], hi = s.hi[s.turn]
    cdef uint64_t buf[2 * TS_LEADS_CAP]
    cdef int tr[TS_LEADS_CAP]
    cdef int n, i, k = 0, j, v
    cdef list out = _bits_list(lo, TS_PLAY)
    out.extend(_bits_list(hi, TS_PAIR))
    if cc_popcount(hi) < 2:
        return out
    tr_ctx(&x, s.trump, s.level)
    n = tr_leads(&x, lo, hi, buf, TS_LEADS_CAP)
    if n > TS_LEADS_CAP:
        n = TS_LEADS_CAP
    for i in range(n):
        if buf[2 * i + 1] and cc_popcount(buf[2 * i]) >= 2:
            v = tr_tractor_index(buf[2 * i])
            if v >= 0:
                j = k
                while j > 0 and tr[j - 1] > v:      # (insertion: few tractors)
                    tr[j] = tr[j - 1]
                    j -= 1
                tr[j] = v
                k += 1
    for i in range(k):
        out.append(_INT[TS_TRACTOR + tr[i]])
    return out


cdef str _decl_text(int i, int level):
    cdef str name
    if i == TS_PASS:
        return "pass"
    if i == TS_DECLARE + 8:
        return "declare BJ BJ"
    if i == TS_DECLARE + 9:
        return "declare RJ RJ"
    name = _NAMES[level * 4 + (i - TS_DECLARE) % 4]
    if i < TS_DECLARE + 4:
        return f"declare {name}"
    return f"declare {name} {name}"


cdef list _decl_cards(int i, int level):
    cdef int c
    if i == TS_DECLARE + 8:
        return [52, 52]
    if i == TS_DECLARE + 9:
        return [53, 53]
    c = level * 4 + (i - TS_DECLARE) % 4
    return [c] if i < TS_DECLARE + 4 else [c, c]


cdef object _opt(int v):
    return None if v < 0 else v


cdef int _deck_arg(object cards, uint8_t* out) except -1:
    """The 108 card ids of a deal (each of the 54 twice) into ``out``."""
    cdef int counts[54]
    cdef int k
    cdef long c
    if isinstance(cards, (str, bytes)):
        raise CardcoreError(f"cards {quote(cards)}: expected the 108 card ids")
    try:
        items = list(cards)
    except TypeError:
        raise CardcoreError(f"cards {quote(cards)}: expected the 108 card ids") from None
    if len(items) != TS_DECK:
        raise CardcoreError(f"cards: expected the 108 card ids, got {len(items)}")
    memset(counts, 0, sizeof(counts))
    for k in range(TS_DECK):
        c = int_arg(items[k], "card", 0, 53, CardcoreError)
        counts[c] += 1
        if counts[c] > 2:
            raise CardcoreError(f"cards: card id {c} more than twice")
        out[k] = <uint8_t>c
    return 0


# ---------------------------------------------------------------------------- the state

cdef class Core:
    """One deal: ``Core(cards, speaker, dealer, level)`` with ``cards`` the 108 card ids in deal
    order (each id twice: 25 cards for each of seats 0..3, then the 8 kitty cards), ``speaker``
    the seat that speaks first (0..3), ``dealer`` the deal's dealer (0..3) or ``None`` when the
    declaration decides it (the first deal), ``level`` the deal's level rank (0..12)."""

    cdef TState s
    cdef bint _ready        # set by the constructor (``_live``)

    def __init__(self, cards, speaker, dealer, level):
        self._ready = False
        cdef uint8_t deck[TS_DECK]
        _deck_arg(cards, deck)
        sp = int_arg(speaker, "speaker", 0, 3, CardcoreError)
        d = -1 if dealer is None else int_arg(dealer, "dealer", 0, 3, CardcoreError)
        lv = int_arg(level, "level", 0, 12, CardcoreError)
        ts_init(&self.s, deck, <int>sp, <int>d, <int>lv)
        self._ready = True

    # ------------------------------------------------------------------ legality
    def legal_ids(self):
        """The legal action ids, ascending (empty once over)."""
        _live(self)
        cdef const TState* s = &self.s
        cdef int ids[12]
        cdef int n, k
        if s.phase == TS_PLAYING:
            if s.nplays:
                return _bits_list(_follow_mask(s), TS_PLAY)
            return _lead_ids(s)
        if s.phase == TS_BURYING:
            return _bits_list(s.lo[s.turn], TS_BURY)
        if s.phase == TS_DECLARING:
            n = _declare_ids(s, ids)
            return [_INT[ids[k]] for k in range(n)]
        return []

    def is_legal(self, i):
        """Whether ``i`` (any int) is a legal action id now."""
        _live(self)
        return ts_is_legal(&self.s, action_id(i))

    def apply(self, i):
        """Make legal action ``i``; returns 1 when it completes the deal's last trick (the deal
        is over), else 0. An id that is not legal raises ``IllegalAction`` and changes
        nothing."""
        _live(self)
        cdef long v = action_id(i)
        if not ts_is_legal(&self.s, v):
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        return ts_apply(&self.s, <int>v)

    # ------------------------------------------------------------------ reading
    @property
    def phase(self):
        """0 declaring, 1 burying, 2 playing, 3 over."""
        _live(self)
        return self.s.phase

    @property
    def turn(self):
        """The seat to act (the last trick's winner once over)."""
        _live(self)
        return self.s.turn

    @property
    def player(self):
        """The seat to act, ``None`` once over."""
        _live(self)
        return None if self.s.phase == TS_OVER else self.s.turn

    @property
    def speaker(self):
        _live(self)
        return self.s.speaker

    @property
    def dealer(self):
        """The deal's dealer, ``None`` while the first deal's declaration has not fixed it."""
        _live(self)
        return _opt(self.s.dealer)

    @property
    def level(self):
        _live(self)
        return self.s.level

    @property
    def trump(self):
        """0..3 (c d h s), 4 no-trump, ``None`` while not settled."""
        _live(self)
        return _opt(self.s.trump)

    @property
    def passes(self):
        _live(self)
        return self.s.passes

    @property
    def first_declarer(self):
        _live(self)
        return _opt(self.s.first_declarer)

    @property
    def revealed(self):
        _live(self)
        return self.s.revealed != 0

    @property
    def leader(self):
        _live(self)
        return self.s.leader

    @property
    def points(self):
        _live(self)
        return self.s.points

    @property
    def size(self):
        """Cards per play of the trick in progress (of the last trick between tricks)."""
        _live(self)
        return self.s.size

    @property
    def ntricks(self):
        _live(self)
        return self.s.ntricks

    @property
    def nplays(self):
        """Complete plays in the trick in progress."""
        _live(self)
        return self.s.nplays

    @property
    def npicked(self):
        _live(self)
        return self.s.npicked

    def hand(self, seat):
        """The cards of ``seat``, ascending."""
        _live(self)
        cdef int p = <int>int_arg(seat, "seat", 0, 3, CardcoreError)
        return _hand_list(self.s.lo[p], self.s.hi[p])

    def hands(self):
        _live(self)
        return [_hand_list(self.s.lo[k], self.s.hi[k]) for k in range(4)]

    def hand_sizes(self):
        _live(self)
        return [cc_popcount(self.s.lo[k]) + cc_popcount(self.s.hi[k]) for k in range(4)]

    def kitty(self):
        """The kitty as dealt."""
        _live(self)
        return _u8_list(&self.s.dealt[4 * TS_HAND], TS_KITTY)

    def buried(self):
        _live(self)
        return _u8_list(self.s.buried, self.s.nburied)

    def picked(self):
        _live(self)
        return _u8_list(self.s.picked, self.s.npicked)

    def played(self):
        """The cards of the finished tricks, in play order."""
        _live(self)
        return _u8_list(self.s.cards, self.s.nplayed)

    def trick(self):
        """The complete plays of the trick in progress, ``[[seat, cards], ...]``, lead first."""
        _live(self)
        cdef int k, n = self.s.size, base = self.s.nplayed
        return [[_INT[(self.s.leader + k) & 3], _u8_list(&self.s.cards[base + k * n], n)]
                for k in range(self.s.nplays)]

    def tricks(self):
        """The finished tricks: ``{"leader", "plays", "winner", "points"}`` each."""
        _live(self)
        cdef int t, k, n, base = 0, ld
        out = []
        for t in range(self.s.ntricks):
            n = self.s.t_size[t]
            ld = self.s.t_leader[t]
            out.append({"leader": ld,
                        "plays": [[_INT[(ld + k) & 3], _u8_list(&self.s.cards[base + k * n], n)]
                                  for k in range(4)],
                        "winner": self.s.t_winner[t], "points": self.s.t_points[t]})
            base += 4 * n
        return out

    def trick_winners(self):
        _live(self)
        return [self.s.t_winner[t] for t in range(self.s.ntricks)]

    def decl(self):
        """The standing declaration ``[seat, rung, trump, cards]``, or ``None``."""
        _live(self)
        cdef int i = self.s.decl_id
        if self.s.decl_seat < 0:
            return None
        return [self.s.decl_seat, _rung(i), _decl_trump(i), _decl_cards(i, self.s.level)]

    def decls(self):
        """Every declaration-phase action as ``[seat, text]``."""
        _live(self)
        cdef int k, v
        out = []
        for k in range(self.s.ndecls):
            v = self.s.decls[k]
            out.append([v >> 4, _decl_text(v & 15, self.s.level)])
        return out

    def history(self):
        """The action ids applied in this deal, in order."""
        _live(self)
        return [self.s.hist[k] for k in range(self.s.nhist)]

    def copy(self):
        _live(self)
        cdef Core new = Core.__new__(Core)
        new.s = self.s
        new._ready = True
        return new

    def export(self):
        """The whole state as a list of ints (see ``EXPORT_FIELDS``), then the action ids
        applied."""
        _live(self)
        cdef const TState* s = &self.s
        cdef int k
        out = [s.phase, s.turn, s.speaker, s.dealer0, s.dealer, s.level, s.trump, s.decl_seat,
               s.decl_id, s.passes, s.first_declarer, s.revealed, s.leader, s.points,
               s.ntricks, s.nplays, s.size, s.npicked, s.nburied, s.ndecls, s.nplayed,
               s.nhist]
        out += [s.lo[k] for k in range(4)]
        out += [s.hi[k] for k in range(4)]
        out += [s.dealt[k] for k in range(TS_DECK)]
        out += [s.hist[k] for k in range(s.nhist)]
        return out

    def __reduce__(self):
        return (from_export, (self.export(),))

    def __eq__(self, other):
        if not isinstance(other, Core):
            return NotImplemented
        return self.export() == other.export()

    __hash__ = None


cdef inline int _live(Core core) except -1:
    # every method of ``Core`` starts here: a core made by ``Core.__new__`` without its
    # constructor, or whose constructor raised, holds no deal
    if not core._ready:
        raise CardcoreError(f"{type(core).__name__}: the core is not initialised (made without "
                            "its constructor, or its constructor raised)")
    return 0


def from_export(values):
    """The ``Core`` whose ``export()`` is ``values`` (rebuilt from the deal and its actions,
    then checked field by field)."""
    if isinstance(values, (str, bytes)):
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    try:
        v = list(values)
    except TypeError:
        raise CardcoreError(f"values {quote(values)}: expected a list of ints") from None
    if len(v) < EXPORT_HEAD:
        raise CardcoreError(f"values: expected at least {EXPORT_HEAD} ints, got {len(v)}")
    f = dict(zip(EXPORT_FIELDS, v))

    def get(name, lo, hi):
        return int_arg(f[name], f"values: {name}", lo, hi, CardcoreError)

    d = get("dealer0", -1, 3)
    core = Core([f[f"dealt_{k}"] for k in range(TS_DECK)], get("speaker", 0, 3),
                None if d < 0 else d, get("level", 0, 12))
    n = get("nhist", 0, TS_MAX_ACTIONS)
    if len(v) != EXPORT_HEAD + n:
        raise CardcoreError(f"values: expected {EXPORT_HEAD + n} ints ({n} actions), "
                            f"got {len(v)}")
    for x in v[EXPORT_HEAD:]:
        i = int_arg(x, "values: action id", 0, _NUM_ACTIONS - 1, CardcoreError)
        if not core.is_legal(i):
            raise CardcoreError(f"values: action id {i} is not legal where it stands")
        core.apply(i)
    if core.export() != v:
        raise CardcoreError("values: the fields do not match the deal and the actions they list")
    return core
