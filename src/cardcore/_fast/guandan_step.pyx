# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Guandan step kernel, compiled: the play of one deal as a C struct.

``Core`` holds the hands, the table, the passes, the plays and the seats out; ``legal_ids``
and ``apply`` (``apply_cards`` for a play of given cards) are every per-deal transition of
``cardcore.guandan.GuandanState``: a play, a pass, the new lead after a round of passes (the
partner of a player who went out leads for them), going out and the finishing order. The
tribute and its returns only move cards (``give``) and the turn (``set_turn``); the match
around the deals stays with the game. The plays come from the guandan kernel's id functions
(``cardcore._fast.guandan``). The plain-Python twin ``cardcore._ref.guandan_step`` documents
the encoding; both give the same answers and raise the same errors.
"""

from libc.stdint cimport uint8_t, uint64_t, int32_t
from libc.string cimport memset, memcpy

from cardcore._fast.bits cimport cc_ctz
from cardcore._fast.args cimport action_id, int_arg
from cardcore._fast.guandan cimport (GHand, GD_ROW, gd_hand, gd_gen_ids, gd_index_ok,
                                     gd_level_row, gd_take, gd_nplays)

from cardcore._fast.guandan import id_texts as _id_texts
from cardcore.errors import CardcoreError, IllegalAction, quote

cdef enum:
    ID_CAP = 4096
    ID_WORDS = 64

cdef int _NUM_ACTIONS = GS_FIRST_PLAY + gd_nplays()
NUM_ACTIONS = _NUM_ACTIONS
FIRST_PLAY = GS_FIRST_PLAY
KINDS = ("single", "pair", "trio", "full_house", "straight", "tube", "plate", "bomb",
         "straight_flush", "joker_bomb")
EXPORT_FIELDS = ("turn", "level", "passes", "nplaces", "place_0", "place_1", "place_2",
                 "place_3", "tseat", "tid", "tn", "nplays", "ncards", "npasses",
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
    cdef int bk, br, bl
    if i == 0:
        return s.tid != 0
    if i < GS_FIRST_PLAY or i >= _NUM_ACTIONS or s.nplaces >= 4:
        return False                    # (no play once the deal is over)
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
    gd_level_row(i - GS_FIRST_PLAY, s.level, row)
    if gd_take(s.cnt[seat], s.level, row, o) != 0:
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
            return 1
    s.turn = _next_active(s, seat)
    return 0


# ---------------------------------------------------------------------------- arguments

cdef int _cards_arg(object cards, str what, uint8_t* out, int cap) except -1:
    """A list of card ids (at most ``cap``) into ``out``; returns how many."""
    cdef int n = 0
    if isinstance(cards, (str, bytes)):
        raise CardcoreError(f"{what} {quote(cards)}: expected a list of card ids")
    try:
        items = list(cards)
    except TypeError:
        raise CardcoreError(f"{what} {quote(cards)}: expected a list of card ids") from None
    if len(items) > cap:
        raise CardcoreError(f"{what}: {len(items)} cards, at most {cap}")
    for x in items:
        out[n] = <uint8_t>int_arg(x, f"{what}: card id", 0, 53, CardcoreError)
        n += 1
    return n


cdef list _ids_list(const GState* s):
    cdef GHand h
    cdef int32_t buf[ID_CAP]
    cdef uint64_t bits[ID_WORDS]
    cdef uint64_t m
    cdef int bk, br, bl, w, p
    cdef Py_ssize_t n, k
    cdef list out
    _beat(s, &bk, &br, &bl)
    if s.nplaces >= 4:                  # the deal is over: no play (a pass on the last play)
        return [0] if bk >= 0 else []
    gd_hand(s.cnt[s.turn], s.level, &h)
    n = gd_gen_ids(&h, bk, br, bl, buf, ID_CAP)
    memset(bits, 0, sizeof(bits))
    for k in range(n):
        p = buf[k]
        bits[p >> 6] |= (<uint64_t>1) << (p & 63)
    out = [0] if bk >= 0 else []
    for w in range(ID_WORDS):
        m = bits[w]
        while m:
            out.append(_INT[GS_FIRST_PLAY + w * 64 + cc_ctz(m)])
            m &= m - 1
    return out


cdef list _u8_list(const uint8_t* a, int n):
    return [_INT[a[k]] for k in range(n)]


cdef list _key(const GState* s, int i):
    cdef uint8_t row[GD_ROW]
    gd_level_row(i - GS_FIRST_PLAY, s.level, row)
    return [_INT[row[0]], _INT[row[1]], _INT[row[2]]]


# ---------------------------------------------------------------------------- the state

cdef class Core:
    """The play of one deal: ``Core(hands, level, turn, places=(), table=None, passes=0)`` with
    ``hands`` four lists of card ids (each id at most twice in all), ``level`` the deal's level
    rank (0..12), ``turn`` the seat to act; for a position in the middle of a deal, ``places``
    the seats out (in order, at most 3), ``table`` ``None`` or ``(seat, action id, cards)`` of
    the play to beat and ``passes`` the passes since it (0..2)."""

    cdef GState s
    cdef bint _ready        # set by the constructor (``_live``)

    def __init__(self, hands, level, turn, places=(), table=None, passes=0):
        self._ready = False
        cdef GState* s = &self.s
        cdef uint8_t buf[GS_CARDS]
        cdef int tot[GS_NCARDS]
        cdef int n, k, seat
        cdef GHand h
        memset(s, 0, sizeof(GState))
        memset(tot, 0, sizeof(tot))
        if isinstance(hands, (str, bytes)):
            raise CardcoreError(f"hands {quote(hands)}: expected four lists of card ids")
        try:
            hs = list(hands)
        except TypeError:
            raise CardcoreError(f"hands {quote(hands)}: expected four lists of card ids") from None
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
        s.turn = <int>int_arg(turn, "turn", 0, 3, CardcoreError)
        if isinstance(places, (str, bytes)):
            raise CardcoreError(f"places {quote(places)}: expected a list of seats")
        try:
            ps = list(places)
        except TypeError:
            raise CardcoreError(f"places {quote(places)}: expected a list of seats") from None
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

    # ------------------------------------------------------------------ legality
    def legal_ids(self):
        """The legal action ids, ascending (0 = pass first when a play is on the table)."""
        _live(self)
        return _ids_list(&self.s)

    def is_legal(self, i):
        """Whether ``i`` (any int) is a legal action id now."""
        _live(self)
        return gs_is_legal(&self.s, action_id(i))

    def apply(self, i):
        """Make legal action ``i`` (a play takes the kernel's choice of its cards); returns 1
        when the third seat went out (the deal is over), else 0. An id that is not legal
        raises ``IllegalAction`` and changes nothing."""
        _live(self)
        cdef long v = action_id(i)
        cdef int r = -1
        if gs_is_legal(&self.s, v):
            r = gs_apply(&self.s, <int>v, NULL, 0)
        if r < 0:
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        return r

    def apply_cards(self, i, cards):
        """``apply`` of play id ``i`` made with exactly ``cards`` (card ids, in the order kept:
        as many as the play has, all in the hand of the seat to act; id 0 with no cards is a
        pass)."""
        _live(self)
        cdef uint8_t buf[GS_PLAY_CAP]
        cdef long v = action_id(i)
        cdef int n = _cards_arg(cards, "cards", buf, GS_PLAY_CAP), r = -1
        if gs_is_legal(&self.s, v) and (n == 0 if v == 0 else _exact(&self.s, <int>v, buf, n)):
            r = gs_apply(&self.s, <int>v, buf if v else NULL, n)
        if r < 0:
            raise IllegalAction(f"action id {quote(i)} with cards {quote(cards)}: not legal now "
                                "(a pass takes no cards, a play exactly the cards of that play, "
                                "all held)")
        return r

    # ------------------------------------------------------------------ tribute
    def give(self, source, target, card):
        """Move one ``card`` from seat ``source``'s hand to seat ``target``'s (a tribute or a
        return)."""
        _live(self)
        cdef int a = <int>int_arg(source, "source", 0, 3, CardcoreError)
        cdef int b = <int>int_arg(target, "target", 0, 3, CardcoreError)
        cdef int c = <int>int_arg(card, "card", 0, 53, CardcoreError)
        if self.s.cnt[a][c] == 0:
            raise CardcoreError(f"card {c}: seat {a} does not hold it")
        if _out(&self.s, b):
            raise CardcoreError(f"target {b}: the seat is out")
        self.s.cnt[a][c] -= 1
        self.s.cnt[b][c] += 1

    def set_turn(self, seat):
        """Give the turn to ``seat`` (who leads once the tribute is settled)."""
        _live(self)
        self.s.turn = <int>int_arg(seat, "seat", 0, 3, CardcoreError)

    # ------------------------------------------------------------------ reading
    @property
    def turn(self):
        _live(self)
        return _INT[self.s.turn]

    @property
    def level(self):
        _live(self)
        return _INT[self.s.level]

    @property
    def passes(self):
        """Passes since the play on the table."""
        _live(self)
        return _INT[self.s.passes]

    def hand(self, seat):
        """The cards of ``seat``, ascending (a card held twice appears twice)."""
        _live(self)
        cdef int t = <int>int_arg(seat, "seat", 0, 3, CardcoreError)
        return _hand(&self.s, t)

    def hands(self):
        _live(self)
        return [_hand(&self.s, t) for t in range(4)]

    def hand_sizes(self):
        _live(self)
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
        _live(self)
        cdef const GState* s = &self.s
        if s.tid == 0:
            return None
        key = _key(s, s.tid)
        return [_INT[s.tseat], _KINDS[key[0]], _texts()[s.tid], _u8_list(s.tcards, s.tn), key]

    def plays(self):
        """``[seat, kind, text, cards]`` of every play of the deal, in order."""
        _live(self)
        cdef const GState* s = &self.s
        cdef int k, at = 0
        cdef list texts = _texts(), out = []
        for k in range(s.nplays):
            out.append([_INT[s.pseat[k]], _KINDS[_key(s, s.pid[k])[0]], texts[s.pid[k]],
                        _u8_list(&s.cards[at], s.pn[k])])
            at += s.pn[k]
        return out

    def played(self):
        """Per seat, the cards it played this deal, in order."""
        _live(self)
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
        _live(self)
        return [[_INT[self.s.qseat[k]], self.s.qon[k]] for k in range(self.s.nq)]

    def places(self):
        """The seats out, in order (all four once the deal is over)."""
        _live(self)
        return [_INT[self.s.places[k]] for k in range(self.s.nplaces)]

    def copy(self):
        _live(self)
        cdef Core new = Core.__new__(Core)
        memcpy(&new.s, &self.s, sizeof(GState))
        new._ready = True
        return new

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def export(self):
        """The whole state as a list of ints (see ``EXPORT_FIELDS``), then the table's cards,
        ``[seat, id, n]`` of each play, the plays' cards and ``[seat, play index]`` of each
        pass."""
        _live(self)
        cdef const GState* s = &self.s
        cdef int k, t, c
        out = [s.turn, s.level, s.passes, s.nplaces]
        out += [s.places[k] if k < s.nplaces else -1 for k in range(4)]
        out += [s.tseat, s.tid, s.tn, s.nplays, s.ncards, s.nq]
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
    if gd_take(cnt, s.level, row, o) != 0:
        return False
    for k in range(GS_NCARDS):
        if o[k] != cnt[k]:
            return False
    return True


def from_export(values):
    """The ``Core`` whose ``export()`` is ``values`` (every field checked)."""
    cdef Core core
    cdef GState* s
    cdef int k, t, c, at, n, total
    cdef int tot[GS_NCARDS]
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
    core = Core(hands, get("level", 0, 12), get("turn", 0, 3), places[:3], table, 0)
    s = &core.s
    s.passes = <int>get("passes", 0, 2)
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
            raise CardcoreError(f"values: the cards {_u8_list(&s.cards[n], s.pn[k])} are not "
                                "that play")
        n += s.pn[k]
    s.nplays = npl
    s.ncards = ncards
    for k in range(nq):
        s.qseat[k] = <int>int_arg(v[at], "values: pass seat", 0, 3, CardcoreError)
        s.qon[k] = <int>int_arg(v[at + 1], "values: pass on", -1, npl - 1, CardcoreError)
        at += 2
    s.nq = nq
    if core.export() != v:
        raise CardcoreError("values: the fields do not agree with each other")
    return core
