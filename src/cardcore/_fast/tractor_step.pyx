# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Tractor step kernel, compiled: one deal (the deal itself, the declaration, the kitty taken
and buried, and the play) as a C struct.

``Core`` is the step core of ``cardcore.tractor.TractorState`` (the one core contract,
``cardcore._fast.core.Core``): its ids, legality, ``apply``, ``returns`` and observation are
every transition of a deal, written in C; ``from_seed(seed)`` is the core
``new_game("tractor", seed=seed)`` starts with, ``deal(rng, speaker, dealer, levels)`` a later
deal of a match (the match around the deals stays with the game). The rules come from the
tractor kernel (``cardcore._fast.tractor``: following, leads, the trick winner, the table of
tractor ids). The plain-Python twin ``cardcore._ref.tractor_step`` documents the encoding
(action ids, ``export`` fields, the observation, ``returns``); both give the same answers and
raise the same errors.
"""

from libc.stdint cimport int32_t, uint64_t
from libc.string cimport memset
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF

from cardcore._fast.bits cimport (cc_popcount, cc_ctz, cc_drop_lowest, insert_ascending, rng_below,
                                  rng_shuffle)
from cardcore._fast.args cimport int_arg, int_list, list_arg, or_none
from cardcore._fast.core cimport Core as CoreBase
from cardcore._fast.stepcore cimport export_fields, made
from cardcore._fast.tractor cimport (TrCtx, TR_TRACTOR, tr_ctx, tr_strength, tr_shape,
                                     tr_next_mask, tr_winner, tr_leads, tr_tractor_index,
                                     tr_tractor_mask, tr_num_tractors, tr_card_points)

from cardcore.errors import CardcoreError, quote

cdef int _NUM_ACTIONS = TS_TRACTOR + tr_num_tractors()
NUM_ACTIONS = _NUM_ACTIONS
DECLARING = TS_DECLARING
BURYING = TS_BURYING
PLAYING = TS_PLAYING
OVER = TS_OVER
MAX_ACTIONS = TS_MAX_ACTIONS

# the observation (docs/actions/tractor.md; the twin names them alike): a card plane is 54
# counts, one per card id
cdef enum:
    PLANE = 54
    OBS_HAND = 0                # my hand
    OBS_PLAYED = 54             # the finished tricks' cards, a plane per relative seat
    OBS_TRICK = 270             # the trick in progress, a plane per relative seat
    OBS_KITTY = 486             # the kitty as I know it
    OBS_BURIED = 540            # the cards I buried
    OBS_DECL_CARDS = 594        # the cards of the standing declaration
    OBS_TRUMP = 648             # c d h s, no-trump
    OBS_LEVEL = 653             # the deal's level rank
    OBS_MY_LEVEL = 666          # my team's level
    OBS_THEIR_LEVEL = 679       # the other team's level
    OBS_DEALER = 692            # relative seat
    OBS_DECLARER = 696          # relative seat of the standing declaration
    OBS_RUNG = 700              # its rung
    OBS_PHASE = 704             # declare, bury, play, over
    OBS_LEADER = 708            # relative seat (play phase)
    OBS_HAND_SIZES = 712        # per relative seat / 33
    OBS_MY_TURN = 716
    OBS_DEFENDING = 717         # my team defends
    OBS_POINTS = 718            # the attackers' card points / 200
    OBS_ATTACKER_TRICKS = 719   # / 25
    OBS_PASSES = 720            # / 4 (declaration)
    OBS_REVEALED = 721
    OBS_TRICKS = 722            # / 25
    OBS_PICKED = 723            # / 24

OBS_SIZE = TS_OBS_SIZE
cdef object _U64 = (1 << 64) - 1

EXPORT_FIELDS = (
    "phase", "turn", "speaker", "dealer0", "dealer", "level", "trump", "decl_seat", "decl_id",
    "passes", "first_declarer", "revealed", "leader", "points", "ntricks", "nplays", "size",
    "npicked", "nburied", "ndecls", "nplayed", "nhist", "team_level_0", "team_level_1",
    "kitty_bonus", "rng",
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


cdef int ts_init(TState* s, const uint8_t* deck, int speaker, int dealer, int level0,
                 int level1, uint64_t rng) noexcept nogil:
    """A new deal of the checked ``deck`` (108 card ids in deal order); the teams' levels
    (equal when ``dealer`` is -1), the generator state carried for the next deal."""
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
    s.levels[0] = level0
    s.levels[1] = level1
    s.level = level1 if dealer >= 0 and dealer & 1 else level0
    s.rng = rng
    s.trump = -1
    s.decl_seat = -1
    s.first_declarer = -1
    return 0


cdef uint64_t ts_shuffle(uint8_t* deck, uint64_t rng) noexcept nogil:
    """The two decks (ids 0..53, twice) into ``deck`` (108), shuffled by the SplitMix64
    generator whose state is ``rng`` (the draws of ``cardcore.rng.Rng(rng).shuffle``); returns
    the generator's new state."""
    cdef int i
    for i in range(TS_DECK):
        deck[i] = <uint8_t>(i % 54)
    rng_shuffle(deck, TS_DECK, &rng)
    return rng


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


cdef void _finish(TState* s) noexcept nogil:
    """The trick in progress is complete: its winner, points and record; the deal is over when
    the cards are out (the attackers who win the last trick add the kitty bonus)."""
    cdef TrCtx x
    cdef uint64_t lo[4]
    cdef uint64_t hi[4]
    cdef uint64_t bit
    cdef int k, j, c, w, pts = 0, n = s.size
    cdef bint attackers
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
    attackers = (w & 1) != (s.dealer & 1)
    if attackers:
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
        if attackers:
            pts = 0
            for k in range(TS_KITTY):
                pts += tr_card_points(s.buried[k])
            s.bonus = <int16_t>(pts * 2 * n)


cdef void _lead(TState* s, int i) noexcept nogil:
    cdef TrCtx x
    cdef int seat = s.turn, base = s.nplayed, n = 0, c, j, k
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
            insert_ascending(order, k, tr_strength(&x, c) * 64 + c)
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


cdef void _follow(TState* s, int c) noexcept nogil:
    cdef int seat = s.turn, base, k
    _remove(s, seat, c)
    s.picked[s.npicked] = <uint8_t>c
    s.npicked += 1
    if s.npicked < s.size:
        return
    base = s.nplayed + s.nplays * s.size
    for k in range(s.npicked):       # the answer joins the trick sorted
        insert_ascending(s.cards + base, k, s.picked[k])
    s.npicked = 0
    s.nplays += 1
    if s.nplays < 4:
        s.turn = (seat + 1) & 3
        return
    _finish(s)


cdef int _bits_ids(uint64_t m, int base, int32_t* out) noexcept nogil:
    cdef int n = 0
    while m:
        out[n] = base + cc_ctz(m)
        n += 1
        m = cc_drop_lowest(m)
    return n


cdef int _lead_ids(const TState* s, int32_t* out) noexcept nogil:
    """The legal leads: the singles, the pairs, then the tractors, each ascending."""
    cdef TrCtx x
    cdef uint64_t lo = s.lo[s.turn], hi = s.hi[s.turn]
    cdef uint64_t buf[2 * TS_LEADS_CAP]
    cdef int n = 0, m, i, j, k, v
    n = _bits_ids(lo, TS_PLAY, out)
    n += _bits_ids(hi, TS_PAIR, out + n)
    if cc_popcount(hi) < 2:
        return n
    tr_ctx(&x, s.trump, s.level)
    m = tr_leads(&x, lo, hi, buf, TS_LEADS_CAP)
    if m > TS_LEADS_CAP:
        m = TS_LEADS_CAP
    k = n
    for i in range(m):
        if buf[2 * i + 1] and cc_popcount(buf[2 * i]) >= 2:
            v = tr_tractor_index(buf[2 * i])
            if v >= 0 and k < TS_MAX_LEGAL:
                v += TS_TRACTOR
                j = k
                while j > n and out[j - 1] > v:      # (insertion: few tractors)
                    out[j] = out[j - 1]
                    j -= 1
                out[j] = v
                k += 1
    return k


# ---------------------------------------------------------------------------- the result

cdef inline void _result(const TState* s, int* team, int* rise) noexcept nogil:
    """The team that wins the deal and the levels it rises (the deal is over): from the
    attackers' points with the kitty bonus (``cardcore.tractor.rules.deal_result``)."""
    cdef int p = s.points + s.bonus, defending = s.dealer & 1
    if p < 80:
        team[0] = defending
        rise[0] = 3 if p == 0 else 2 if p < 40 else 1
    else:
        team[0] = 1 - defending
        rise[0] = (p - 80) // 40 if p < 200 else 3


cdef inline void _levels_after(const TState* s, int* out) noexcept nogil:
    """The teams' levels once the deal's result is applied (the start's until it is over)."""
    cdef int team, rise
    out[0] = s.levels[0]
    out[1] = s.levels[1]
    if s.phase == TS_OVER:
        _result(s, &team, &rise)
        out[team] = out[team] + rise if out[team] + rise < TS_LEVEL_A else TS_LEVEL_A


# ---------------------------------------------------------------------------- the observation

cdef inline void _plane(float* out, int base, const uint8_t* cards, int n) noexcept nogil:
    cdef int k
    for k in range(n):
        out[base + cards[k]] += 1


cdef inline void _plane_masks(float* out, int base, uint64_t lo, uint64_t hi) noexcept nogil:
    while lo:
        out[base + cc_ctz(lo)] += 1
        lo = cc_drop_lowest(lo)
    while hi:
        out[base + cc_ctz(hi)] += 1
        hi = cc_drop_lowest(hi)


# ---------------------------------------------------------------------------- lists

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


cdef int _deck_arg(object cards, uint8_t* out) except -1:
    """The 108 card ids of a deal (each of the 54 twice) into ``out``."""
    cdef int counts[54]
    cdef int k
    cdef long c
    items = list_arg(cards, "cards", TS_DECK, "the 108 card ids", CardcoreError)
    memset(counts, 0, sizeof(counts))
    for k in range(TS_DECK):
        c = int_arg(items[k], "card", 0, 53, CardcoreError)
        counts[c] += 1
        if counts[c] > 2:
            raise CardcoreError(f"cards: card id {c} more than twice")
        out[k] = <uint8_t>c
    return 0


cdef int _levels_arg(object levels, int dealer, int* out) except -1:
    """The two teams' levels: a pair, or one int for both; equal while the dealer is not
    known (``dealer`` -1)."""
    if isinstance(levels, (list, tuple)):
        if len(levels) != 2:
            raise CardcoreError(f"levels {quote(levels)}: expected one level or a pair")
        out[0] = int_arg(levels[0], "levels: team 0", 0, TS_LEVEL_A, CardcoreError)
        out[1] = int_arg(levels[1], "levels: team 1", 0, TS_LEVEL_A, CardcoreError)
    else:
        out[0] = out[1] = int_arg(levels, "levels", 0, TS_LEVEL_A, CardcoreError)
    if dealer < 0 and out[0] != out[1]:
        raise CardcoreError(f"levels {quote(levels)}: the teams' levels differ, but no dealer "
                            "says whose level the deal is played at")
    return 0


# ---------------------------------------------------------------------------- the core

include "tractor_step_fields.pxi"  # _Fields: the record, the stored reads


cdef class Core(_Fields):
    """One deal of Tractor: ``Core(cards, speaker, dealer, levels, rng=0)`` with ``cards`` the
    108 card ids in deal order (each id twice: 25 cards for each of seats 0..3, then the 8
    kitty cards), ``speaker`` the seat that speaks first (0..3), ``dealer`` the deal's dealer
    (0..3) or ``None`` when the declaration decides it (the first deal), ``levels`` the two
    teams' levels (rank 0..12 for 2..A) as a pair or one int for both (equal while the dealer
    is not known; the deal's level is the dealer's team's), ``rng`` the generator state carried
    for the next deal.

    A step core of the one core contract (``cardcore._fast.core.Core``): ids, legality,
    ``apply``, ``observation_tensor`` and pickling come from the base. ``returns()`` is the
    deal's result as ``TractorState.scores()`` gives it with ``single_deal=True``: ``+rise`` for
    both seats of the team that wins the deal, ``-rise`` for the other two (``rise`` the levels
    it rises: 0..3 from the attackers' points with the kitty bonus; zeros until the deal is
    over)."""

    def __init__(self, cards, speaker, dealer, levels, rng=0):
        self._ready = False
        cdef uint8_t deck[TS_DECK]
        cdef int lv[2]
        _deck_arg(cards, deck)
        sp = int_arg(speaker, "speaker", 0, 3, CardcoreError)
        d = -1 if dealer is None else int_arg(dealer, "dealer", 0, 3, CardcoreError)
        _levels_arg(levels, <int>d, lv)
        cdef uint64_t st = int_arg(rng, "rng", 0, _U64, CardcoreError)
        ts_init(&self.s, deck, <int>sp, <int>d, lv[0], lv[1], st)
        _made(self)

    # ------------------------------------------------------------------ the C contract
    cdef int c_player(self) noexcept nogil:
        return -1 if self.s.phase == TS_OVER else self.s.turn

    cdef bint c_over(self) noexcept nogil:
        return self.s.phase == TS_OVER

    cdef int c_legal(self, int32_t* out) noexcept nogil:
        """The legal ids into ``out`` (room for ``TS_MAX_LEGAL``), ascending; returns how many."""
        cdef const TState* s = &self.s
        cdef int ids[12]
        cdef int n, k
        if s.phase == TS_PLAYING:
            if s.nplays:
                return _bits_ids(_follow_mask(s), TS_PLAY, out)
            return _lead_ids(s, out)
        if s.phase == TS_BURYING:
            return _bits_ids(s.lo[s.turn], TS_BURY, out)
        if s.phase == TS_DECLARING:
            n = _declare_ids(s, ids)
            for k in range(n):
                out[k] = ids[k]
            return n
        return 0

    cdef bint c_is_legal(self, long i) noexcept nogil:
        cdef const TState* s = &self.s
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

    cdef void c_apply(self, int i) noexcept nogil:
        """Make legal id ``i`` (the caller checked it); the deal is over once its last trick is
        complete."""
        cdef TState* s = &self.s
        cdef int seat = s.turn, c
        s.hist[s.nhist] = <uint16_t>i
        s.nhist += 1
        if s.phase == TS_DECLARING:
            _declare(s, i)
            return
        if s.phase == TS_BURYING:
            c = i - TS_BURY
            _remove(s, seat, c)
            s.buried[s.nburied] = <uint8_t>c
            s.nburied += 1
            if s.nburied == TS_KITTY:
                s.phase = TS_PLAYING
                s.leader = s.dealer
                s.turn = s.dealer
            return
        if s.nplays:
            _follow(s, i - TS_PLAY)
        else:
            _lead(s, i)

    cdef void c_returns(self, double* out) noexcept nogil:
        """``+rise`` for the two seats of the deal's winning team, ``-rise`` for the others (zeros
        until the deal is over)."""
        cdef const TState* s = &self.s
        cdef int team, rise, k
        for k in range(4):
            out[k] = 0.0
        if s.phase != TS_OVER:
            return
        _result(s, &team, &rise)
        for k in range(4):
            out[k] = <double>(rise if (k & 1) == team else -rise)

    cdef void c_observe(self, int p, float* out) noexcept nogil:
        """What seat ``p`` sees (``docs/actions/tractor.md``) into ``out`` (zeroed, 724 floats)."""
        cdef const TState* s = &self.s
        cdef int t, k, n, base = 0, ld, d = s.dealer, won = 0, c
        cdef int lv[2]
        cdef bint mine
        _plane_masks(out, OBS_HAND, s.lo[p], s.hi[p])
        for t in range(s.ntricks):
            n = s.t_size[t]
            ld = s.t_leader[t]
            for k in range(4):
                _plane(out, OBS_PLAYED + PLANE * ((ld + k - p) & 3), &s.cards[base + k * n], n)
            base += 4 * n
            if d >= 0 and (s.t_winner[t] & 1) != (d & 1):
                won += 1
        for k in range(s.nplays):
            _plane(out, OBS_TRICK + PLANE * ((s.leader + k - p) & 3),
                   &s.cards[s.nplayed + k * s.size], s.size)
        _plane(out, OBS_TRICK + PLANE * ((s.turn - p) & 3), s.picked, s.npicked)
        mine = d == p and (s.phase == TS_BURYING or s.phase == TS_PLAYING)
        if mine or s.revealed:
            _plane(out, OBS_KITTY, &s.dealt[4 * TS_HAND], TS_KITTY)
        if mine:
            _plane(out, OBS_BURIED, s.buried, s.nburied)
        if s.decl_seat >= 0:
            if s.decl_id >= TS_DECLARE + 8:
                c = 52 if s.decl_id == TS_DECLARE + 8 else 53
                out[OBS_DECL_CARDS + c] = 2
            else:
                c = s.level * 4 + (s.decl_id - TS_DECLARE) % 4
                out[OBS_DECL_CARDS + c] = 1 if s.decl_id < TS_DECLARE + 4 else 2
            out[OBS_DECLARER + ((s.decl_seat - p) & 3)] = 1
            out[OBS_RUNG + _rung(s.decl_id) - 1] = 1
        if s.trump >= 0:
            out[OBS_TRUMP + s.trump] = 1
        out[OBS_LEVEL + s.level] = 1
        _levels_after(s, lv)
        out[OBS_MY_LEVEL + lv[p & 1]] = 1
        out[OBS_THEIR_LEVEL + lv[1 - (p & 1)]] = 1
        if d >= 0:
            out[OBS_DEALER + ((d - p) & 3)] = 1
            out[OBS_DEFENDING] = 1 if (d & 1) == (p & 1) else 0
        out[OBS_PHASE + s.phase] = 1
        if s.phase == TS_PLAYING:
            out[OBS_LEADER + ((s.leader - p) & 3)] = 1
        for k in range(4):
            n = cc_popcount(s.lo[(p + k) & 3]) + cc_popcount(s.hi[(p + k) & 3])
            out[OBS_HAND_SIZES + k] = <float>(n / 33.0)
        if s.phase != TS_OVER and s.turn == p:
            out[OBS_MY_TURN] = 1
        out[OBS_POINTS] = <float>(s.points / 200.0)
        if d >= 0:
            out[OBS_ATTACKER_TRICKS] = <float>(won / 25.0)
        if s.phase == TS_DECLARING:
            out[OBS_PASSES] = <float>(s.passes / 4.0)
        out[OBS_REVEALED] = 1 if s.revealed else 0
        out[OBS_TRICKS] = <float>(s.ntricks / 25.0)
        out[OBS_PICKED] = <float>(s.npicked / 24.0)

    cdef void c_copy_into(self, CoreBase new) noexcept:
        (<Core>new).s = self.s

    # ------------------------------------------------------------------ the deal's result
    def result(self):
        """The deal's result once it is over: ``(team, rise, decides_match)``, the team that
        wins it (0: seats 0 & 2), the levels that team rises, and whether the rise takes it
        past A (it wins the match); ``None`` until the deal is over."""
        self.live()
        cdef int team, rise
        if self.s.phase != TS_OVER:
            return None
        _result(&self.s, &team, &rise)
        return team, rise, self.s.levels[team] + rise > TS_LEVEL_A

    def levels_after(self):
        """The two teams' levels once the deal's result is applied (the winners' rise, at most
        to A); the levels at the start until the deal is over."""
        self.live()
        cdef int lv[2]
        _levels_after(&self.s, lv)
        return [lv[0], lv[1]]

    # ------------------------------------------------------------------ computed reads
    @property
    def revealed(self):
        self.live()
        return self.s.revealed != 0

    def hand(self, seat):
        """The cards of ``seat``, ascending."""
        self.live()
        cdef int p = <int>int_arg(seat, "seat", 0, 3, CardcoreError)
        return _hand_list(self.s.lo[p], self.s.hi[p])

    def hands(self):
        self.live()
        return [_hand_list(self.s.lo[k], self.s.hi[k]) for k in range(4)]

    def hand_sizes(self):
        self.live()
        return [cc_popcount(self.s.lo[k]) + cc_popcount(self.s.hi[k]) for k in range(4)]

    def kitty(self):
        """The kitty as dealt."""
        self.live()
        return int_list(&self.s.dealt[4 * TS_HAND], TS_KITTY)

    def trick(self):
        """The complete plays of the trick in progress, ``[[seat, cards], ...]``, lead first."""
        self.live()
        cdef int k, n = self.s.size, base = self.s.nplayed
        return [[_INT[(self.s.leader + k) & 3], int_list(&self.s.cards[base + k * n], n)]
                for k in range(self.s.nplays)]

    def tricks(self):
        """The finished tricks: ``{"leader", "plays", "winner", "points"}`` each."""
        self.live()
        cdef int t, k, n, base = 0, ld
        out = []
        for t in range(self.s.ntricks):
            n = self.s.t_size[t]
            ld = self.s.t_leader[t]
            out.append({"leader": ld,
                        "plays": [[_INT[(ld + k) & 3], int_list(&self.s.cards[base + k * n], n)]
                                  for k in range(4)],
                        "winner": self.s.t_winner[t], "points": self.s.t_points[t]})
            base += 4 * n
        return out

    def decl(self):
        """The standing declaration ``[seat, rung, trump, cards]``, or ``None``."""
        self.live()
        cdef int i = self.s.decl_id
        if self.s.decl_seat < 0:
            return None
        return [self.s.decl_seat, _rung(i), _decl_trump(i), _decl_cards(i, self.s.level)]

    def decls(self):
        """Every declaration-phase action as ``[seat, text]``."""
        self.live()
        cdef int k, v
        out = []
        for k in range(self.s.ndecls):
            v = self.s.decls[k]
            out.append([v >> 4, _decl_text(v & 15, self.s.level)])
        return out

    def export(self):
        """The whole state as a list of ints (see ``EXPORT_FIELDS``), then the action ids
        applied."""
        self.live()
        cdef const TState* s = &self.s
        cdef int k
        out = [s.phase, s.turn, s.speaker, s.dealer0, s.dealer, s.level, s.trump, s.decl_seat,
               s.decl_id, s.passes, s.first_declarer, s.revealed, s.leader, s.points,
               s.ntricks, s.nplays, s.size, s.npicked, s.nburied, s.ndecls, s.nplayed,
               s.nhist, s.levels[0], s.levels[1], s.bonus, s.rng]
        out += [s.lo[k] for k in range(4)]
        out += [s.hi[k] for k in range(4)]
        out += [s.dealt[k] for k in range(TS_DECK)]
        out += [s.hist[k] for k in range(s.nhist)]
        return out


cdef inline void _made(Core core):
    """``core`` ready (sizes set, marked as holding a deal)."""
    made(core, 4, _NUM_ACTIONS, TS_OBS_SIZE, TS_MAX_LEGAL)


def from_export(values):
    """The ``Core`` whose ``export()`` is ``values`` (rebuilt from the deal and its actions,
    then checked field by field)."""
    v, f = export_fields(values, EXPORT_FIELDS)

    def get(name, lo, hi):
        return int_arg(f[name], f"values: {name}", lo, hi, CardcoreError)

    d = get("dealer0", -1, 3)
    cdef Core core = Core([f[f"dealt_{k}"] for k in range(TS_DECK)], get("speaker", 0, 3),
                          or_none(d),
                          (get("team_level_0", 0, TS_LEVEL_A), get("team_level_1", 0, TS_LEVEL_A)),
                          get("rng", 0, _U64))
    n = get("nhist", 0, TS_MAX_ACTIONS)
    if len(v) != EXPORT_HEAD + n:
        raise CardcoreError(f"values: expected {EXPORT_HEAD + n} ints ({n} actions), "
                            f"got {len(v)}")
    for x in v[EXPORT_HEAD:]:
        i = int_arg(x, "values: action id", 0, _NUM_ACTIONS - 1, CardcoreError)
        if core.s.phase == TS_OVER or not core.c_is_legal(i):
            raise CardcoreError(f"values: action id {i} is not legal where it stands")
        core.c_apply(<int>i)
    if core.export() != v:
        raise CardcoreError("values: the fields do not match the deal and the actions they list")
    return core


def deal(rng, speaker, dealer, levels):
    """A new deal shuffled by the SplitMix64 generator whose state is ``rng`` (the two decks
    ``[0..53, 0..53]`` in ``cardcore.rng.Rng(rng).shuffle`` order, dealt 25 a seat from seat 0,
    then the kitty); the core carries the generator state after the shuffle. ``speaker``,
    ``dealer`` and ``levels`` as for ``Core``."""
    cdef uint64_t st = int_arg(rng, "rng", 0, _U64, CardcoreError)
    cdef uint8_t deck[TS_DECK]
    cdef int lv[2]
    sp = int_arg(speaker, "speaker", 0, 3, CardcoreError)
    d = -1 if dealer is None else int_arg(dealer, "dealer", 0, 3, CardcoreError)
    _levels_arg(levels, <int>d, lv)
    st = ts_shuffle(deck, st)
    cdef Core core = Core.__new__(Core)
    ts_init(&core.s, deck, <int>sp, <int>d, lv[0], lv[1], st)
    _made(core)
    return core


def from_seed(seed, level=0, first=None):
    """The core ``cardcore.new_game("tractor", seed=seed)`` starts with (``level`` the rank
    index 0..12 of the option ``level``, ``first`` the option ``first``): the first speaker
    drawn from ``Rng(seed)`` (unless ``first`` gives it), then the deal shuffled as by
    ``deal``, the dealer not known yet, both teams at ``level``."""
    cdef uint64_t st = int_arg(seed, "seed", 0, _U64, CardcoreError)
    lv = int_arg(level, "level", 0, TS_LEVEL_A, CardcoreError)
    if first is None:
        sp = <int>rng_below(&st, 4)
    else:
        sp = int_arg(first, "first", 0, 3, CardcoreError)
    return deal(st, sp, None, lv)
