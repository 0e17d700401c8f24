# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Guandan step core, compiled: one deal as a C struct, its tribute included.

``Core`` (a ``cardcore._fast.core.Core``: the one core contract) holds the hands, the tribute
and its returns, the table, the passes, the plays and the seats out; its C methods are every
transition of a deal of ``cardcore.guandan.GuandanState``: a return of the tribute (ids 1..54),
a play, a pass, the new lead after a round of passes (the partner of a player who went out
leads for them), going out and the finishing order. ``deal`` and ``from_seed`` shuffle and draw
the first leader from a SplitMix64 state and pay the tribute from the last deal's places; the
match around the deals stays with the game. ``returns()``: once over, the levels the deal's
winners advance (3, 2 or 1), plus for first place's team and minus for the others
(``state.scores()`` of a single deal); zeros until over. The plays come from the guandan
kernel's id functions (``cardcore._fast.guandan``). The plain-Python twin
``cardcore._ref.guandan_step`` documents the encoding; both give the same answers and raise the
same errors.
"""

from libc.stdint cimport uint8_t, uint64_t, int32_t
from libc.string cimport memset, memcpy

from cardcore._fast.bits cimport cc_bit_ids, rng_below, rng_shuffle
from cardcore._fast.args cimport action_id, flag_arg, int_arg, int_list, seq_arg
from cardcore._fast.core cimport Core as CoreBase
from cardcore._fast.stepcore cimport export_fields, set_sizes
from cardcore._fast.guandan cimport (GHand, GD_ROW, gd_hand, gd_gen_bits, gd_index_ok,
                                     gd_level_row, gd_take, gd_nplays)

from cardcore._fast.guandan import id_texts as _id_texts
from cardcore.errors import CardcoreError, IllegalAction, quote
from cardcore.options import parse_level

cdef enum:
    ID_WORDS = 64
    RED_JOKER = 53
    # the observation tensor (``docs/actions/guandan.md``): where each part starts
    OBS_SIZE_C = 512
    OBS_HAND = 0            # my hand (54 counts)
    OBS_PLAYED = 54         # cards played per relative seat (4 x 54 counts)
    OBS_TABLE = 270         # the play on the table (54 counts)
    OBS_TRIBUTE = 324       # cards paid as tribute (54 counts)
    OBS_RETURNED = 378      # cards returned (54 counts)
    OBS_TABLE_SEAT = 432    # who played the table play (relative seat one-hot)
    OBS_TABLE_KIND = 436    # the table play's kind one-hot (10)
    OBS_SIZES = 446         # cards left per relative seat / 27
    OBS_PLACES = 450        # finishing place per relative seat (4 x 4 one-hot)
    OBS_LEVEL = 466         # the deal's level one-hot (13)
    OBS_MY_LEVEL = 479      # my team's level one-hot (13)
    OBS_THEIR_LEVEL = 492   # the other team's level one-hot (13)
    OBS_PHASE = 505         # play, return, over
    OBS_MY_TURN = 508
    OBS_PASSES = 509        # passes since the table play / 3
    OBS_CANCELLED = 510     # the tribute was cancelled
    OBS_LEAD = 511          # my turn and I lead
    PHASE_PLAY = 0
    PHASE_RETURN = 1
    PHASE_OVER = 2

cdef int _NUM_ACTIONS = GS_FIRST_PLAY + gd_nplays()
NUM_ACTIONS = _NUM_ACTIONS
FIRST_PLAY = GS_FIRST_PLAY
OBS_SIZE = OBS_SIZE_C
KINDS = ("single", "pair", "trio", "full_house", "straight", "tube", "plate", "bomb",
         "straight_flush", "joker_bomb")
PHASES = ("play", "return", "over")
SEED_MAX = 2**64 - 1
EXPORT_FIELDS = ("turn", "level", "passes", "nplaces", "place_0", "place_1", "place_2",
                 "place_3", "tseat", "tid", "tn", "nplays", "ncards", "npasses", "rng",
                 "level_0", "level_1", "cancelled", "ntribute",
                 *(f"tribute_{k}_{x}" for k in range(2)
                   for x in ("from", "to", "card", "returned")),
                 *(f"count_{s}_{c}" for s in range(4) for c in range(GS_NCARDS)))
EXPORT_HEAD = len(EXPORT_FIELDS)

cdef tuple _KINDS = KINDS
# the Python int of every action id (and card id, seat), made once
cdef tuple _INT = tuple(range(_NUM_ACTIONS))
cdef list _TEXTS = []


cdef list _texts():
    """The text of every action id (the guandan kernel's ``id_texts``, read on first use)."""
    if not _TEXTS:
        _TEXTS.extend(_id_texts())
    return _TEXTS


# ---------------------------------------------------------------------------- rules

cdef inline bint _out(const GState* s, int seat) noexcept nogil:
    cdef int k
    for k in range(s.nplaces):
        if s.places[k] == seat:
            return True
    return False


cdef inline int _strength(int card, int level) noexcept nogil:
    """Single-card strength at ``level``: 2..A = 0..12 except the level rank 13, BJ 14, RJ 15."""
    if card >= 52:
        return 14 if card == 52 else 15
    return 13 if (card >> 2) == level else (card >> 2)


cdef inline int _pending(const GState* s) noexcept nogil:
    """The tribute record whose return is due next, -1 when none is."""
    cdef int k
    for k in range(s.ntrib):
        if s.tret[k] == GS_NO_RETURN:
            return k
    return -1


cdef inline int _phase(const GState* s) noexcept nogil:
    if s.nplaces >= 4:
        return PHASE_OVER
    return PHASE_RETURN if _pending(s) >= 0 else PHASE_PLAY


cdef int _return_cards(const GState* s, uint8_t* out) noexcept nogil:
    """The cards the seat to act may return, ascending, into ``out``; returns how many: a
    non-wild card ranked 2..10, else one of its weakest cards."""
    cdef const uint8_t* hand = s.cnt[s.turn]
    cdef int wild = s.level * 4 + 2, n = 0, c, weakest = 99
    for c in range(52):
        if hand[c] and c != wild and (c >> 2) <= 8:
            out[n] = <uint8_t>c
            n += 1
    if n:
        return n
    for c in range(GS_NCARDS):
        if hand[c] and _strength(c, s.level) < weakest:
            weakest = _strength(c, s.level)
    for c in range(GS_NCARDS):
        if hand[c] and _strength(c, s.level) == weakest:
            out[n] = <uint8_t>c
            n += 1
    return n


cdef int _tribute_card(const GState* s, int seat) noexcept nogil:
    """The strongest card of ``seat`` that is not a wild card (of equal ones the lowest id);
    -1 when it holds none."""
    cdef int wild = s.level * 4 + 2, best = -1, card = -1, c
    for c in range(GS_NCARDS):
        if s.cnt[seat][c] and c != wild and _strength(c, s.level) > best:
            best = _strength(c, s.level)
            card = c
    return card


cdef int _pay_tribute(GState* s, const int* previous) noexcept nogil:
    """The tribute from the last deal's places (see the module docstring of the twin); -1
    (nothing changed) when a payer holds no card to pay, else 0."""
    cdef int first = previous[0], second = previous[1]
    cdef int payers[2]
    cdef int cards[2]
    cdef int npay, k, a, b, sa, sb, card
    if (first & 1) == (second & 1):
        payers[0] = previous[2]
        payers[1] = previous[3]
        npay = 2
    else:
        payers[0] = previous[3]
        npay = 1
    cdef int jokers = 0
    for k in range(npay):
        jokers += s.cnt[payers[k]][RED_JOKER]
    if jokers == 2:
        s.cancelled = 1
        s.turn = first
        return 0
    for k in range(npay):
        cards[k] = _tribute_card(s, payers[k])
        if cards[k] < 0:
            return -1
    if npay == 2:
        a, b = 0, 1
        sa, sb = _strength(cards[0], s.level), _strength(cards[1], s.level)
        if sa == sb:    # the payer first in turn order after first place gives to first
            if ((payers[1] - first) & 3) < ((payers[0] - first) & 3):
                a, b = 1, 0
        elif sb > sa:
            a, b = 1, 0
        s.tfrom[0], s.tcard[0], s.tto[0] = payers[a], cards[a], first
        s.tfrom[1], s.tcard[1], s.tto[1] = payers[b], cards[b], second
    else:
        s.tfrom[0], s.tcard[0], s.tto[0] = payers[0], cards[0], first
    s.ntrib = npay
    for k in range(npay):
        card = s.tcard[k]
        s.cnt[s.tfrom[k]][card] -= 1
        s.cnt[s.tto[k]][card] += 1
        s.tret[k] = GS_NO_RETURN
    s.turn = first
    return 0


cdef int _next_active(const GState* s, int seat) noexcept nogil:
    """The next seat after ``seat`` still in (``seat`` itself when no other is)."""
    cdef int t = (seat + 1) & 3, k
    for k in range(4):
        if not _out(s, t):
            return t
        t = (t + 1) & 3
    return seat


cdef inline void _beat(const GState* s, int* bk, int* br, int* bl) noexcept nogil:
    """The key of the play on the table (bk = -1 when the seat to act leads)."""
    cdef uint8_t row[GD_ROW]
    if s.tid == 0:
        bk[0] = -1
        br[0] = 0
        bl[0] = 0
        return
    gd_level_row(s.tid - GS_FIRST_PLAY, s.level, row)
    bk[0] = row[0]
    br[0] = row[1]
    bl[0] = row[2]


cdef bint gs_is_legal(const GState* s, long i) noexcept nogil:
    cdef GHand h
    cdef uint8_t choice[GS_NCARDS]
    cdef int bk, br, bl, n, k
    if s.nplaces >= 4:
        return False                    # (nothing once the deal is over)
    if _pending(s) >= 0:
        if i < 1 or i > GS_NCARDS:
            return False
        n = _return_cards(s, choice)
        for k in range(n):
            if choice[k] == i - 1:
                return True
        return False
    if i == 0:
        return s.tid != 0
    if i < GS_FIRST_PLAY or i >= _NUM_ACTIONS:
        return False
    _beat(s, &bk, &br, &bl)
    gd_hand(s.cnt[s.turn], s.level, &h)
    return gd_index_ok(&h, <int>(i - GS_FIRST_PLAY), bk, br, bl)


cdef void _pass(GState* s) noexcept nogil:
    cdef int seat = s.turn, last = s.tseat, others
    s.passes += 1
    if s.nq < GS_MAX_PASSES:
        s.qseat[s.nq] = <uint8_t>seat
        s.qon[s.nq] = s.nplays - 1
        s.nq += 1
    # the seats still in other than ``last``
    others = 4 - s.nplaces - (0 if _out(s, last) else 1)
    if s.passes >= others:              # everyone else passed: a new lead
        s.tid = 0
        s.tn = 0
        s.tseat = 0
        s.passes = 0
        if not _out(s, last):
            s.turn = last
        elif not _out(s, (last + 2) & 3):
            s.turn = (last + 2) & 3         # the partner of a player who went out leads
        else:
            s.turn = _next_active(s, last)
    else:
        s.turn = _next_active(s, seat)


cdef void _return(GState* s, int card) noexcept nogil:
    cdef int k = _pending(s)
    s.cnt[s.tto[k]][card] -= 1
    s.cnt[s.tfrom[k]][card] += 1
    s.tret[k] = card
    k = _pending(s)
    # the next receiver returns; after the last, who gave to first place leads
    s.turn = s.tto[k] if k >= 0 else s.tfrom[0]


cdef int gs_apply(GState* s, int i, const uint8_t* cards, int n) noexcept nogil:
    cdef uint8_t row[GD_ROW]
    cdef uint8_t o[GS_NCARDS]
    cdef uint8_t need[GS_NCARDS]
    cdef uint8_t taken[GS_PLAY_CAP]
    cdef int seat = s.turn, k, c, total = 0, left
    if not gs_is_legal(s, i):
        return -1
    if i == 0:
        _pass(s)
        return 0
    if i < GS_FIRST_PLAY:
        _return(s, i - 1)
        return 0
    gd_level_row(i - GS_FIRST_PLAY, s.level, row)
    if gd_take(s.cnt[seat], s.level, row, o, NULL) != 0:
        return -1
    for c in range(GS_NCARDS):
        total += o[c]
    if total > GS_PLAY_CAP or s.ncards + total > GS_CARDS or s.nplays >= GS_CARDS:
        return -1
    if cards == NULL:
        n = 0
        for c in range(GS_NCARDS):
            for k in range(o[c]):
                taken[n] = <uint8_t>c
                n += 1
        cards = taken
    else:                               # the given cards: as many as the play's, all held
        if n != total:
            return -1
        memset(need, 0, sizeof(need))
        for k in range(n):
            c = cards[k]
            if c >= GS_NCARDS:
                return -1
            need[c] += 1
            if need[c] > s.cnt[seat][c]:
                return -1
    left = 0
    for k in range(n):
        s.cnt[seat][cards[k]] -= 1
        s.cards[s.ncards + k] = cards[k]
        s.tcards[k] = cards[k]
    for c in range(GS_NCARDS):
        left += s.cnt[seat][c]
    s.pseat[s.nplays] = <uint8_t>seat
    s.pid[s.nplays] = <uint16_t>i
    s.pn[s.nplays] = <uint8_t>n
    s.nplays += 1
    s.ncards += n
    s.tid = i
    s.tseat = seat
    s.tn = n
    s.passes = 0
    if left == 0:
        s.places[s.nplaces] = seat
        s.nplaces += 1
        if s.nplaces == 3:
            for k in range(4):
                if not _out(s, k):
                    s.places[3] = k
                    s.nplaces = 4
                    break
            return 0
    s.turn = _next_active(s, seat)
    return 0


cdef int _advance(const GState* s) noexcept nogil:
    """The levels the deal's winners advance (partner 2nd, 3rd, 4th: 3, 2, 1), 0 until over."""
    cdef int k
    if s.nplaces < 4:
        return 0
    for k in range(1, 4):
        if s.places[k] == ((s.places[0] + 2) & 3):
            return 4 - k
    return 0


cdef void _new_levels(const GState* s, int* out) noexcept nogil:
    """The teams' levels after the deal: the winners advanced (capped at A) once over."""
    cdef int adv = _advance(s), team
    out[0] = s.levels[0]
    out[1] = s.levels[1]
    if adv:
        team = s.places[0] & 1
        out[team] = out[team] + adv if out[team] + adv < 12 else 12


# ---------------------------------------------------------------------------- arguments

cdef int _cards_arg(object cards, str what, uint8_t* out, int cap) except -1:
    """A list of card ids (at most ``cap``) into ``out``; returns how many."""
    cdef int n = 0
    items = seq_arg(cards, what, "a list of card ids", CardcoreError)
    if len(items) > cap:
        raise CardcoreError(f"{what}: {len(items)} cards, at most {cap}")
    for x in items:
        out[n] = <uint8_t>int_arg(x, f"{what}: card id", 0, 53, CardcoreError)
        n += 1
    return n




cdef list _key(const GState* s, int i):
    cdef uint8_t row[GD_ROW]
    gd_level_row(i - GS_FIRST_PLAY, s.level, row)
    return [_INT[row[0]], _INT[row[1]], _INT[row[2]]]


cdef list _seats_arg(object x, str what, int n):
    """``n`` distinct seats."""
    seats = [int_arg(t, f"{what}: seat", 0, 3, CardcoreError)
             for t in seq_arg(x, what, f"{n} seats", CardcoreError)]
    if len(seats) != n or len(set(seats)) != n:
        raise CardcoreError(f"{what} {quote(x)}: expected {n} distinct seats")
    return seats


# ---------------------------------------------------------------------------- the core

include "guandan_step_fields.pxi"  # _Fields: the record, the stored reads


cdef class Core(_Fields):
    """One deal of Guandan, its tribute included: ``Core(hands, level, turn, places=(),
    table=None, passes=0, *, previous=None, levels=None, rng_state=0)`` with ``hands`` four
    lists of card ids (each id at most twice in all), ``level`` the deal's level rank (0..12),
    ``turn`` the seat to act; for a position in the middle of a deal, ``places`` the seats out
    (in order, at most 3), ``table`` ``None`` or ``(seat, action id, cards)`` of the play to
    beat and ``passes`` the passes since it (0..2). ``previous`` (the last deal's four seats in
    the order they went out; ``turn`` then ``None``) starts the deal with the tribute paid by
    the rules; ``levels`` are the teams' levels as the deal starts (default both ``level``);
    ``rng_state`` the generator state after the deal's draws.

    The contract's names come from ``cardcore._fast.core.Core``; ``returns()`` is, once over,
    the levels the deal's winners advance (3, 2 or 1: first place's partner second, third or
    last), plus for the seats of first place's team and minus for the others (``scores()`` of
    a single-deal game); zeros until over. ``apply_cards`` is ``apply`` with given cards."""

    def __init__(self, hands, level, turn, places=(), table=None, passes=0, *, previous=None,
                 levels=None, rng_state=0):
        self._ready = False
        self._sizes()
        cdef GState* s = &self.s
        cdef uint8_t buf[GS_CARDS]
        cdef int tot[GS_NCARDS]
        cdef int prev[4]
        cdef int n, k, seat
        memset(s, 0, sizeof(GState))
        memset(tot, 0, sizeof(tot))
        hs = seq_arg(hands, "hands", "four lists of card ids", CardcoreError)
        if len(hs) != 4:
            raise CardcoreError(f"hands: expected four lists of card ids, got {len(hs)}")
        for seat in range(4):
            n = _cards_arg(hs[seat], "hands", buf, GS_CARDS)
            for k in range(n):
                tot[buf[k]] += 1
                if tot[buf[k]] > 2:
                    raise CardcoreError(f"hands: card id {buf[k]} more than twice")
                s.cnt[seat][buf[k]] += 1
        s.level = <int>int_arg(level, "level", 0, 12, CardcoreError)
        if levels is None:
            s.levels[0] = s.levels[1] = s.level
        else:
            lv = seq_arg(levels, "levels", "two levels 0..12", CardcoreError)
            if len(lv) != 2:
                raise CardcoreError(f"levels {quote(levels)}: expected two levels 0..12")
            for k in range(2):
                s.levels[k] = <int>int_arg(lv[k], "levels: level", 0, 12, CardcoreError)
        s.rng = <uint64_t>int_arg(rng_state, "rng_state", 0, SEED_MAX, CardcoreError)
        if previous is None:
            s.turn = <int>int_arg(turn, "turn", 0, 3, CardcoreError)
        elif turn is not None:
            raise CardcoreError(f"turn {quote(turn)}: with previous places the tribute says "
                                "who acts (give None)")
        ps = seq_arg(places, "places", "a list of seats", CardcoreError)
        if len(ps) > 3:
            raise CardcoreError(f"places {quote(places)}: at most three seats are out")
        for x in ps:
            seat = <int>int_arg(x, "places: seat", 0, 3, CardcoreError)
            if _out(s, seat):
                raise CardcoreError(f"places {quote(places)}: seat {seat} twice")
            for k in range(GS_NCARDS):
                if s.cnt[seat][k]:
                    raise CardcoreError(f"places {quote(places)}: seat {seat} is out but holds "
                                        "cards")
            s.places[s.nplaces] = seat
            s.nplaces += 1
        s.passes = <int>int_arg(passes, "passes", 0, 2, CardcoreError)
        if previous is not None:
            if s.nplaces or table is not None or s.passes:
                raise CardcoreError("previous: the tribute starts a deal (no places, table or "
                                    "passes)")
            seats = _seats_arg(previous, "previous", 4)
            for k in range(4):
                prev[k] = seats[k]
            if _pay_tribute(s, prev) < 0:
                raise CardcoreError(f"previous {quote(previous)}: a payer holds no card to pay")
        if table is None:
            if s.passes:
                raise CardcoreError(f"passes {quote(passes)}: no play is on the table")
            self._ready = True
            return
        try:
            seat_x, id_x, cards_x = table
        except (TypeError, ValueError):
            raise CardcoreError(f"table {quote(table)}: expected (seat, action id, cards)") \
                from None
        s.tseat = <int>int_arg(seat_x, "table: seat", 0, 3, CardcoreError)
        s.tid = <int>int_arg(id_x, "table: action id", GS_FIRST_PLAY, _NUM_ACTIONS - 1,
                             CardcoreError)
        s.tn = _cards_arg(cards_x, "table: cards", s.tcards, GS_PLAY_CAP)
        if not _exact(s, s.tid, s.tcards, s.tn):
            raise CardcoreError(f"table {quote(table)}: the cards are not that play at level "
                                f"index {s.level}")
        self._ready = True

    cdef void _sizes(self):
        set_sizes(self, 4, _NUM_ACTIONS, OBS_SIZE_C, _NUM_ACTIONS)

    # ------------------------------------------------------------------ the contract in C
    cdef int c_player(self) noexcept nogil:
        return -1 if self.s.nplaces >= 4 else self.s.turn

    cdef bint c_over(self) noexcept nogil:
        return self.s.nplaces >= 4

    cdef int c_legal(self, int32_t* out) noexcept nogil:
        """The legal ids, ascending, into ``out`` (room for every id); returns how many."""
        cdef const GState* s = &self.s
        cdef GHand h
        cdef uint64_t bits[ID_WORDS]
        cdef uint8_t choice[GS_NCARDS]
        cdef int bk, br, bl, n = 0
        cdef Py_ssize_t nb, k
        if s.nplaces >= 4:
            return 0
        if _pending(s) >= 0:
            nb = _return_cards(s, choice)
            for k in range(nb):
                out[k] = 1 + choice[k]
            return <int>nb
        _beat(s, &bk, &br, &bl)
        gd_hand(s.cnt[s.turn], s.level, &h)
        memset(bits, 0, sizeof(bits))
        gd_gen_bits(&h, bk, br, bl, bits)
        if bk >= 0:
            out[0] = 0
            n = 1
        return n + cc_bit_ids(bits, ID_WORDS, GS_FIRST_PLAY, out + n)

    cdef bint c_is_legal(self, long i) noexcept nogil:
        return gs_is_legal(&self.s, i)

    cdef void c_apply(self, int i) noexcept nogil:
        gs_apply(&self.s, i, NULL, 0)

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int adv = _advance(&self.s), t
        cdef int team = self.s.places[0] & 1
        for t in range(4):
            out[t] = 0.0 if adv == 0 else (<double>adv if (t & 1) == team else <double>-adv)

    cdef void c_observe(self, int seat, float* out) noexcept nogil:
        cdef const GState* s = &self.s
        cdef uint8_t row[GD_ROW]
        cdef int levels[2]
        cdef int k, j, c, t, rel, n, at = 0, phase = _phase(s), mine = seat & 1
        for c in range(GS_NCARDS):
            out[OBS_HAND + c] = s.cnt[seat][c]
        for k in range(s.nplays):
            rel = (s.pseat[k] - seat) & 3
            for j in range(s.pn[k]):
                out[OBS_PLAYED + GS_NCARDS * rel + s.cards[at + j]] += 1
            at += s.pn[k]
        if s.tid:
            for k in range(s.tn):
                out[OBS_TABLE + s.tcards[k]] += 1
            out[OBS_TABLE_SEAT + ((s.tseat - seat) & 3)] = 1
            gd_level_row(s.tid - GS_FIRST_PLAY, s.level, row)
            out[OBS_TABLE_KIND + row[0]] = 1
        for k in range(s.ntrib):
            out[OBS_TRIBUTE + s.tcard[k]] += 1
            if s.tret[k] != GS_NO_RETURN:
                out[OBS_RETURNED + s.tret[k]] += 1
        for rel in range(4):
            t = (seat + rel) & 3
            n = 0
            for c in range(GS_NCARDS):
                n += s.cnt[t][c]
            out[OBS_SIZES + rel] = <float>(<double>n / GS_HAND)
            for k in range(s.nplaces):
                if s.places[k] == t:
                    out[OBS_PLACES + 4 * rel + k] = 1
        _new_levels(s, levels)
        out[OBS_LEVEL + s.level] = 1
        out[OBS_MY_LEVEL + levels[mine]] = 1
        out[OBS_THEIR_LEVEL + levels[1 - mine]] = 1
        out[OBS_PHASE + phase] = 1
        if phase != PHASE_OVER and s.turn == seat:
            out[OBS_MY_TURN] = 1
            out[OBS_LEAD] = 1 if phase == PHASE_PLAY and s.tid == 0 else 0
        out[OBS_PASSES] = <float>(<double>s.passes / 3.0)
        out[OBS_CANCELLED] = s.cancelled

    cdef void c_copy_into(self, CoreBase new) noexcept:
        (<Core>new).s = self.s

    # ------------------------------------------------------------------ playing
    def apply_cards(self, i, cards):
        """``apply(i)`` made with exactly ``cards`` (card ids, in the order kept): a pass takes
        no cards, a return its card, a play as many cards as it has, all in the hand of the
        seat to act and together exactly that play. Anything else raises ``IllegalAction`` and
        changes nothing."""
        self.live()
        cdef uint8_t buf[GS_PLAY_CAP]
        cdef long v = action_id(i)
        cdef int n = _cards_arg(cards, "cards", buf, GS_PLAY_CAP), r = -1
        cdef bint ok = False
        if gs_is_legal(&self.s, v):
            if v == 0:
                ok = n == 0
            elif v < GS_FIRST_PLAY:
                ok = n == 1 and buf[0] == v - 1
            else:
                ok = _exact(&self.s, <int>v, buf, n)
        if ok:
            r = gs_apply(&self.s, <int>v, buf if v >= GS_FIRST_PLAY else NULL, n)
        if r < 0:
            raise IllegalAction(f"action id {quote(i)} with cards {quote(cards)}: not legal now "
                                "(a pass takes no cards, a return its card, a play exactly the "
                                "cards of that play, all held)")

    # ------------------------------------------------------------------ computed reads
    @property
    def turn(self):
        """The seat to act (the last to act once the deal is over)."""
        self.live()
        return _INT[self.s.turn]

    @property
    def level(self):
        self.live()
        return _INT[self.s.level]

    @property
    def levels(self):
        """The two teams' levels as the deal started (team 0: seats 0 and 2)."""
        self.live()
        return [_INT[self.s.levels[0]], _INT[self.s.levels[1]]]

    @property
    def new_levels(self):
        """The two teams' levels after the deal: ``levels`` with the winners' advance (capped
        at A) once the deal is over."""
        self.live()
        cdef int out[2]
        _new_levels(&self.s, out)
        return [_INT[out[0]], _INT[out[1]]]

    @property
    def advance(self):
        """The levels the deal's winners advance (3, 2 or 1), 0 until the deal is over."""
        self.live()
        return _INT[_advance(&self.s)]

    @property
    def phase(self):
        """``"return"`` while a tribute return is due, ``"over"`` once the deal is over, else
        ``"play"``."""
        self.live()
        return PHASES[_phase(&self.s)]

    @property
    def passes(self):
        """Passes since the play on the table."""
        self.live()
        return _INT[self.s.passes]

    def tribute(self):
        """``[payer, receiver, card, returned card or None]`` of each tribute this deal (the one
        to first place first)."""
        self.live()
        cdef const GState* s = &self.s
        return [[_INT[s.tfrom[k]], _INT[s.tto[k]], _INT[s.tcard[k]],
                 None if s.tret[k] == GS_NO_RETURN else _INT[s.tret[k]]]
                for k in range(s.ntrib)]

    def hand(self, seat):
        """The cards of ``seat``, ascending (a card held twice appears twice)."""
        self.live()
        cdef int t = <int>int_arg(seat, "seat", 0, 3, CardcoreError)
        return _hand(&self.s, t)

    def hands(self):
        self.live()
        return [_hand(&self.s, t) for t in range(4)]

    def hand_sizes(self):
        self.live()
        cdef int t, c, n
        out = []
        for t in range(4):
            n = 0
            for c in range(GS_NCARDS):
                n += self.s.cnt[t][c]
            out.append(_INT[n])
        return out

    def table(self):
        """``[seat, kind, text, cards, key]`` of the play to beat, ``None`` when the seat to
        act leads."""
        self.live()
        cdef const GState* s = &self.s
        if s.tid == 0:
            return None
        key = _key(s, s.tid)
        return [_INT[s.tseat], _KINDS[key[0]], _texts()[s.tid], int_list(s.tcards, s.tn), key]

    def plays(self):
        """``[seat, kind, text, cards]`` of every play of the deal, in order."""
        self.live()
        cdef const GState* s = &self.s
        cdef int k, at = 0
        cdef list texts = _texts(), out = []
        for k in range(s.nplays):
            out.append([_INT[s.pseat[k]], _KINDS[_key(s, s.pid[k])[0]], texts[s.pid[k]],
                        int_list(&s.cards[at], s.pn[k])])
            at += s.pn[k]
        return out

    def played(self):
        """Per seat, the cards it played this deal, in order."""
        self.live()
        cdef const GState* s = &self.s
        cdef int k, j, at = 0
        out = [[], [], [], []]
        for k in range(s.nplays):
            seat_list = out[s.pseat[k]]
            for j in range(s.pn[k]):
                seat_list.append(_INT[s.cards[at + j]])
            at += s.pn[k]
        return out

    def passes_on(self):
        """``[seat, index of the play passed on]`` of every pass, in order."""
        self.live()
        return [[_INT[self.s.qseat[k]], self.s.qon[k]] for k in range(self.s.nq)]

    def places(self):
        """The seats out, in order (all four once the deal is over)."""
        self.live()
        return [_INT[self.s.places[k]] for k in range(self.s.nplaces)]

    def export(self):
        """The whole state as a list of ints (see ``EXPORT_FIELDS``), then the table's cards,
        ``[seat, id, n]`` of each play, the plays' cards and ``[seat, play index]`` of each
        pass."""
        self.live()
        cdef const GState* s = &self.s
        cdef int k, t, c
        out = [s.turn, s.level, s.passes, s.nplaces]
        out += [s.places[k] if k < s.nplaces else -1 for k in range(4)]
        out += [s.tseat, s.tid, s.tn, s.nplays, s.ncards, s.nq]
        out += [s.rng, s.levels[0], s.levels[1], s.cancelled, s.ntrib]
        for k in range(2):
            if k < s.ntrib:
                out += [s.tfrom[k], s.tto[k], s.tcard[k], s.tret[k]]
            else:
                out += [-1, -1, -1, -1]
        for t in range(4):
            for c in range(GS_NCARDS):
                out.append(s.cnt[t][c])
        out += [s.tcards[k] for k in range(s.tn)]
        for k in range(s.nplays):
            out += [s.pseat[k], s.pid[k], s.pn[k]]
        out += [s.cards[k] for k in range(s.ncards)]
        for k in range(s.nq):
            out += [s.qseat[k], s.qon[k]]
        return out


cdef list _hand(const GState* s, int seat):
    cdef int c, k
    cdef list out = []
    for c in range(GS_NCARDS):
        for k in range(s.cnt[seat][c]):
            out.append(_INT[c])
    return out


cdef bint _exact(const GState* s, int i, const uint8_t* cards, int n):
    """Whether ``cards`` are exactly a way to make play id ``i`` at the level."""
    cdef uint8_t cnt[GS_NCARDS]
    cdef uint8_t o[GS_NCARDS]
    cdef uint8_t row[GD_ROW]
    cdef GHand h
    cdef int k
    memset(cnt, 0, sizeof(cnt))
    for k in range(n):
        cnt[cards[k]] += 1
        if cnt[cards[k]] > 2:
            return False
    gd_hand(cnt, s.level, &h)
    if not gd_index_ok(&h, i - GS_FIRST_PLAY, -1, 0, 0):
        return False
    gd_level_row(i - GS_FIRST_PLAY, s.level, row)
    if gd_take(cnt, s.level, row, o, NULL) != 0:
        return False
    for k in range(GS_NCARDS):
        if o[k] != cnt[k]:
            return False
    return True


def _tribute_fields(get, played):
    """The tribute records of an export (checked: seats, cards, returns in order, and no play
    before the returns are made); ``played`` is nonzero once anything was played."""
    n = get("ntribute", 0, 2)
    if get("cancelled", 0, 1) and n:
        raise CardcoreError("values: a cancelled tribute with tribute records")
    out = []
    for k in range(2):
        if k >= n:
            for x in ("from", "to", "card", "returned"):
                get(f"tribute_{k}_{x}", -1, -1)
            continue
        payer, receiver = get(f"tribute_{k}_from", 0, 3), get(f"tribute_{k}_to", 0, 3)
        card, returned = get(f"tribute_{k}_card", 0, 53), get(f"tribute_{k}_returned", -1, 53)
        if payer == receiver:
            raise CardcoreError(f"values: tribute {k} paid by seat {payer} to itself")
        out.append([payer, receiver, card, returned])
    if n == 2 and (out[0][0] == out[1][0] or out[0][1] == out[1][1]):
        raise CardcoreError("values: two tributes from or to the same seat")
    if n == 2 and out[0][3] < 0 and out[1][3] >= 0:
        raise CardcoreError("values: the second tribute returned before the first")
    if any(r[3] < 0 for r in out) and played:
        raise CardcoreError("values: a play before the tribute returns")
    return out


def from_export(values):
    """The ``Core`` whose ``export()`` is ``values`` (every field checked)."""
    cdef Core core
    cdef GState* s
    cdef int k, t, c, at, n, total
    cdef int tot[GS_NCARDS]
    cdef uint8_t choice[GS_NCARDS]
    v, f = export_fields(values, EXPORT_FIELDS)

    def get(name, lo, hi):
        return int_arg(f[name], f"values: {name}", lo, hi, CardcoreError)

    nplaces = get("nplaces", 0, 4)
    places = [get(f"place_{k}", 0, 3) for k in range(nplaces)]
    for k in range(nplaces, 4):
        get(f"place_{k}", -1, -1)
    tid = get("tid", 0, _NUM_ACTIONS - 1)
    tn, npl, ncards, nq = (get("tn", 0, GS_PLAY_CAP), get("nplays", 0, GS_CARDS),
                           get("ncards", 0, GS_CARDS), get("npasses", 0, GS_MAX_PASSES))
    want = EXPORT_HEAD + tn + 3 * npl + ncards + 2 * nq
    if len(v) != want:
        raise CardcoreError(f"values: expected {want} ints, got {len(v)}")
    trib = _tribute_fields(get, nplaces + npl + nq + tid)
    hands = [[c for c in range(GS_NCARDS)
              for _ in range(get(f"count_{t}_{c}", 0, 2))] for t in range(4)]
    at = EXPORT_HEAD
    tcards = [int_arg(x, "values: card", 0, 53, CardcoreError) for x in v[at:at + tn]]
    at += tn
    if tid == 0:
        if tn:
            raise CardcoreError("values: table cards without a play on the table")
        get("tseat", 0, 0)
        get("passes", 0, 0)
        table = None
    else:
        if tid < GS_FIRST_PLAY:
            raise CardcoreError(f"values: tid {tid} is no play id")
        table = (get("tseat", 0, 3), tid, tcards)
    core = Core(hands, get("level", 0, 12), get("turn", 0, 3), places[:3], table, 0,
                levels=[get("level_0", 0, 12), get("level_1", 0, 12)],
                rng_state=get("rng", 0, SEED_MAX))
    s = &core.s
    s.passes = <int>get("passes", 0, 2)
    s.cancelled = <int>get("cancelled", 0, 1)
    s.ntrib = len(trib)
    for k in range(s.ntrib):
        s.tfrom[k], s.tto[k], s.tcard[k], s.tret[k] = trib[k]
    if nplaces == 4:
        if sorted(places) != [0, 1, 2, 3]:
            raise CardcoreError(f"values: places {places} are not the four seats")
        for k in range(4):
            s.places[k] = places[k]
        s.nplaces = 4
    total = 0
    memset(tot, 0, sizeof(tot))
    for t in range(4):
        for c in range(GS_NCARDS):
            tot[c] += s.cnt[t][c]
    for k in range(npl):
        s.pseat[k] = <int>int_arg(v[at], "values: play seat", 0, 3, CardcoreError)
        s.pid[k] = <int>int_arg(v[at + 1], "values: play id", GS_FIRST_PLAY,
                                _NUM_ACTIONS - 1, CardcoreError)
        s.pn[k] = <int>int_arg(v[at + 2], "values: play size", 1, GS_PLAY_CAP, CardcoreError)
        total += s.pn[k]
        at += 3
    if total != ncards:
        raise CardcoreError(f"values: the plays have {total} cards, not {ncards}")
    for k in range(ncards):
        c = <int>int_arg(v[at + k], "values: card", 0, 53, CardcoreError)
        s.cards[k] = c
        tot[c] += 1
        if tot[c] > 2:
            raise CardcoreError(f"values: card id {c} more than twice")
    at += ncards
    n = 0
    for k in range(npl):
        if not _exact(s, s.pid[k], &s.cards[n], s.pn[k]):
            raise CardcoreError(f"values: the cards {int_list(&s.cards[n], s.pn[k])} are not "
                                "that play")
        n += s.pn[k]
    s.nplays = npl
    s.ncards = ncards
    for k in range(nq):
        s.qseat[k] = <int>int_arg(v[at], "values: pass seat", 0, 3, CardcoreError)
        s.qon[k] = <int>int_arg(v[at + 1], "values: pass on", -1, npl - 1, CardcoreError)
        at += 2
    s.nq = nq
    k = _pending(s)
    if k >= 0 and (s.turn != s.tto[k] or _return_cards(s, choice) == 0):
        raise CardcoreError("values: a tribute return is due but the turn is not the "
                            "receiver's, or it holds no card")
    if core.export() != v:
        raise CardcoreError("values: the fields do not agree with each other")
    return core


# ---------------------------------------------------------------------------- dealing

def deal(rng_state, level, *, deck=None, first=None, previous=None, levels=None):
    """A new deal at ``level`` (0..12) from the SplitMix64 state ``rng_state``: ``deck`` (108
    card ids: two decks, dealt 27 a seat in order) or the deck shuffled from the generator;
    for a first deal (no ``previous``) the seat ``first`` leads, or one drawn from the
    generator; with ``previous`` (the last deal's four seats in the order they went out) the
    deal starts with the tribute. ``levels``: the teams' levels (default both ``level``). The
    core carries the generator state after these draws."""
    cdef uint64_t st = <uint64_t>int_arg(rng_state, "rng_state", 0, SEED_MAX, CardcoreError)
    cdef int lv = <int>int_arg(level, "level", 0, 12, CardcoreError)
    cdef uint8_t d[GS_CARDS]
    cdef int cnt[GS_NCARDS]
    cdef int i, n
    if deck is None:
        for i in range(GS_CARDS):
            d[i] = <uint8_t>(i % GS_NCARDS)
        rng_shuffle(d, GS_CARDS, &st)      # ``cardcore.rng.Rng.shuffle``
    else:
        n = _cards_arg(deck, "deck", d, GS_CARDS)
        memset(cnt, 0, sizeof(cnt))
        for i in range(n):
            cnt[d[i]] += 1
        for i in range(GS_NCARDS):
            if cnt[i] != 2 or n != GS_CARDS:
                raise CardcoreError("deck: expected 108 card ids, each of 0..53 twice")
    hands = [[_INT[d[GS_HAND * t + i]] for i in range(GS_HAND)] for t in range(4)]
    if previous is None:
        turn = (_INT[rng_below(&st, 4)] if first is None
                else int_arg(first, "first", 0, 3, CardcoreError))
    elif first is not None:
        raise CardcoreError(f"first {quote(first)}: a deal after the first starts with the "
                            "tribute (give None)")
    else:
        turn = None
    return Core(hands, lv, turn, previous=previous, levels=levels, rng_state=st)


def from_seed(seed, *, level="2", first=None, single_deal=False):
    """The core of ``cardcore.new_game("guandan", seed=seed, ...)``: the first deal at
    ``level`` (``"2".."A"`` as the game's option; both teams start there), the deck shuffled
    and, unless ``first`` names the leader, the leader drawn from the seed. ``single_deal``
    (the game's option) does not change the deal."""
    s = int_arg(seed, "seed", 0, SEED_MAX, CardcoreError)
    lv = parse_level(level)
    flag_arg(single_deal, "single_deal")
    return deal(s, lv, first=first)
