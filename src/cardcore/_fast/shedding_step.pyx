# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""The step of the shedding games (Dou Dizhu, Zheng Shangyou) on integer action ids, compiled.

A deal is a typed C record (``Deal`` in ``shedding_step.pxd``: hands and the bottom as card
masks, the auction, the plays and passes in order, the play on the table, bombs, bonuses) behind
the class ``Core``: its ``legal_ids``, ``is_legal`` and ``apply`` are every transition of the
deal, and the games' states are views over it. The legal ids come straight from the move
kernel's id generator for the hand and the table play. The plain-Python twin
``cardcore._ref.shedding_step`` documents the API and the export.

The scoring rules the step applies are written here once (``shedding_step.pxd`` declares them)
and exported for the games' states and the AI: Zheng Shangyou's bomb bonus (``BOMB_BONUS``,
``ZSY_BONUS_KINDS``, ``zsy_claims_bonus``, ``zsy_bonus_share``, ``zsy_settle_bonus``) and Dou
Dizhu's spring and multiplier (``ddz_spring``, ``ddz_multiplier``).
"""

from libc.stdint cimport uint8_t, int32_t, uint64_t
from libc.string cimport memset
from cpython.ref cimport PyObject, Py_INCREF
from cpython.list cimport PyList_New, PyList_SET_ITEM, PyList_GET_ITEM, PyList_GET_SIZE
from cpython.unicode cimport PyUnicode_DecodeASCII
from cpython.long cimport PyLong_Check, PyLong_AsLongAndOverflow, PyLong_FromLong

from cardcore._fast.bits cimport cc_popcount, cc_ctz
from cardcore._fast.args cimport int_arg, flag_arg
from cardcore._fast.shedding cimport (
    SHED_NRANKS, DDZ_FIRST_PLAY, ZSY_FIRST_PLAY, DDZ_NPLAYS, ZSY_NPLAYS,
    ddz_gen_ids, zsy_gen_ids, ddz_beats_c, zsy_beats_c, ddz_id_row, zsy_id_row,
    shed_rank_mask, shed_counts, shed_pick, shed_order, shed_text)

cdef extern from "Python.h":
    PyObject* PyTuple_GET_ITEM(object t, Py_ssize_t i)

from cardcore.errors import CardcoreError, CardError, quote

DDZ_KINDS = ("single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_run",
             "airplane", "airplane_singles", "airplane_pairs", "four_two_singles",
             "four_two_pairs", "bomb", "rocket")
ZSY_KINDS = ("single", "pair", "trio", "straight", "pair_run", "bomb", "ace_bomb",
             "heavenly_bomb")
#: Zheng Shangyou's bomb bonus (``ZSY_BOMB_BONUS`` in ``shedding_step.pxd``): the bomber wins it,
#: each opponent pays half of it
BOMB_BONUS = ZSY_BOMB_BONUS

cdef tuple _DDZ_K = DDZ_KINDS
cdef tuple _ZSY_K = ZSY_KINDS
cdef tuple _BID_TEXT = ("pass", "bid 1", "bid 2", "bid 3")
# the Python int of every action id, made once (a legal-id list then costs no allocation)
cdef tuple _ID_OBJ = tuple(range(DDZ_FIRST_PLAY + DDZ_NPLAYS))

cdef enum:
    D_BOMB = 12
    D_ROCKET = 13
    Z_BOMB = 5
    Z_ACE_BOMB = 6
    Z_HEAVENLY_BOMB = 7
    THREE_HEARTS = 6
    MAX_IDS = 1024

#: the Zheng Shangyou kinds that claim the bomb bonus when played as an answer
ZSY_BONUS_KINDS = tuple([k for i, k in enumerate(ZSY_KINDS) if zsy_claims_bonus_c(i, True)])


# ------------------------------------------------------------------ scoring rules
#
# The one definition of each scoring rule the step applies (declared in ``shedding_step.pxd``);
# the games' states and the AI read them through the ``def`` functions below.

cdef bint zsy_claims_bonus_c(int kind, bint answering) noexcept nogil:
    return answering and (kind == Z_BOMB or kind == Z_ACE_BOMB)


cdef int zsy_bonus_share_c(int bomber, int s) noexcept nogil:
    return ZSY_BOMB_BONUS if s == bomber else -(ZSY_BOMB_BONUS // 2)


cdef int ddz_spring_c(int landlord, int winner, const long* num_plays) noexcept nogil:
    cdef int s
    if winner == landlord:
        for s in range(3):
            if s != landlord and num_plays[s] != 0:
                return DDZ_NO_SPRING
        return DDZ_SPRING
    if num_plays[landlord] == 1:
        return DDZ_REVERSE_SPRING
    return DDZ_NO_SPRING


cdef long ddz_multiplier_c(int bombs, bint doubled) noexcept nogil:
    return (<long>1) << (bombs + (1 if doubled else 0))


cdef tuple _SPRING_NAME = (None, "spring", "reverse")


def zsy_claims_bonus(kind, answering) -> bool:
    """Whether a Zheng Shangyou play of ``kind`` (a name of ``ZSY_KINDS`` or its index) claims
    the bomb bonus: a bomb or an ace bomb played as an answer (``answering``), never a lead and
    never the heavenly bomb. A later bomb of the same round takes the claim over."""
    cdef int k
    if isinstance(kind, str):
        if kind not in _ZSY_K:
            raise CardcoreError(f"kind {quote(kind)}: expected a Zheng Shangyou kind")
        k = _ZSY_K.index(kind)
    else:
        k = int_arg(kind, "kind", 0, len(_ZSY_K) - 1, CardcoreError)
    return zsy_claims_bonus_c(k, flag_arg(answering, "answering"))


def zsy_bonus_share(seat) -> tuple:
    """The score changes of seats 0, 1, 2 when seat ``seat``'s bomb bonus is settled: the
    bomber wins ``BOMB_BONUS``, each opponent pays half of it."""
    cdef int b = int_arg(seat, "seat", 0, 2, CardError)
    return (zsy_bonus_share_c(b, 0), zsy_bonus_share_c(b, 1), zsy_bonus_share_c(b, 2))


cdef int _settle_into(object bonus, object seat) except -1:
    cdef int b = int_arg(seat, "seat", 0, 2, CardError)
    cdef int s
    if type(bonus) is not list or PyList_GET_SIZE(bonus) != 3:
        raise CardcoreError(f"bonus {quote(bonus)}: expected a list of the 3 seats' bonuses")
    for s in range(3):
        if type((<list>bonus)[s]) is not int:
            raise CardcoreError(f"bonus {quote(bonus)}: expected a list of the 3 seats' bonuses")
    for s in range(3):
        (<list>bonus)[s] = (<list>bonus)[s] + zsy_bonus_share_c(b, s)
    return 0


def zsy_settle_bonus(bonus, seat) -> None:
    """Settle seat ``seat``'s bomb bonus into ``bonus`` (a list of the 3 seats' bonuses,
    updated in place by ``zsy_bonus_share(seat)``)."""
    _settle_into(bonus, seat)


cdef int _num_plays(object num_plays, long* out) except -1:
    cdef int s
    if not isinstance(num_plays, (list, tuple)) or len(num_plays) != 3:
        raise CardcoreError(f"num_plays {quote(num_plays)}: expected the plays of seats 0, 1, 2")
    for s in range(3):
        out[s] = int_arg(num_plays[s], "num_plays", 0, 20, CardcoreError)
    return 0


def ddz_spring(landlord, winner, num_plays):
    """How a finished Dou Dizhu deal doubles: ``"spring"`` (the landlord went out before
    either farmer played a card), ``"reverse"`` (a farmer went out while the landlord had played
    only the opening lead) or ``None``. ``num_plays``: the plays of seats 0, 1, 2."""
    cdef int ll = int_arg(landlord, "landlord", 0, 2, CardError)
    cdef int w = int_arg(winner, "winner", 0, 2, CardError)
    cdef long n[3]
    _num_plays(num_plays, n)
    return _SPRING_NAME[ddz_spring_c(ll, w, n)]


def ddz_multiplier(bombs, spring=False) -> int:
    """A Dou Dizhu deal's multiplier: doubled on every bomb and rocket played (``bombs``,
    0..14) and once more for a spring or reverse spring (``spring``)."""
    return ddz_multiplier_c(int_arg(bombs, "bombs", 0, 14, CardcoreError),
                            flag_arg(spring, "spring"))


# ------------------------------------------------------------------ helpers

cdef list _ids_list(const int32_t* ids, Py_ssize_t n, bint with_pass):
    cdef Py_ssize_t i, k = 1 if with_pass else 0
    cdef list out = PyList_New(n + k)
    cdef PyObject* x
    if with_pass:
        x = PyTuple_GET_ITEM(_ID_OBJ, 0)
        Py_INCREF(<object>x)
        PyList_SET_ITEM(out, 0, <object>x)
    for i in range(n):
        x = PyTuple_GET_ITEM(_ID_OBJ, ids[i])
        Py_INCREF(<object>x)
        PyList_SET_ITEM(out, i + k, <object>x)
    return out


cdef list _sorted_list(uint64_t m):
    """The cards of a mask in the games' order: by rank, then by id."""
    cdef list out = PyList_New(cc_popcount(m))
    cdef Py_ssize_t k = 0
    cdef int r
    cdef uint64_t mm
    cdef object x
    for r in range(SHED_NRANKS):
        mm = m & shed_rank_mask(r)
        while mm:
            x = PyLong_FromLong(cc_ctz(mm))
            PyList_SET_ITEM(out, k, x)
            Py_INCREF(x)
            k += 1
            mm &= mm - 1
    return out


def sort_cards(cards) -> list:
    """Card ids in the shedding games' order: by rank (3 .. A, 2, BJ, RJ), then by id."""
    cdef uint64_t m = 0, bit
    cdef long v
    cdef int overflow = 0
    cdef list extra = []
    for c in cards:
        if not PyLong_Check(c) or isinstance(c, bool):
            raise CardcoreError(f"cards: {quote(c)} is not a card id 0..53")
        v = PyLong_AsLongAndOverflow(c, &overflow)
        if overflow or v < 0 or v > 53:
            raise CardcoreError(f"cards: {quote(c)} is not a card id 0..53")
        bit = (<uint64_t>1) << v
        if m & bit:
            extra.append(v)
        m |= bit
    if extra:   # (a multiset: not a state's hand, but sorted all the same)
        from cardcore._ref.shedding_step import sort_cards as slow
        return slow(cards)
    return _sorted_list(m)



# ------------------------------------------------------------------ the deal

DOUDIZHU = 0
ZHENGSHANGYOU = 1
#: the phases of a deal (Zheng Shangyou has no auction)
BIDDING = PH_BID
PLAYING = PH_PLAY
OVER = PH_OVER
#: the action ids of each game (``NUM_ACTIONS[game]``)
NUM_ACTIONS = (DDZ_FIRST_PLAY + DDZ_NPLAYS, ZSY_FIRST_PLAY + ZSY_NPLAYS)
_NDEALT = (54, 48)
_NHAND = (17, 16)
_ZSY_DECK = frozenset([c for c in range(52) if c != 50 and (c >> 2 != 0 or c == 3)])


cdef inline const uint8_t* _row_of(int game, int i) noexcept:
    return ddz_id_row(i) if game == 0 else zsy_id_row(i)


cdef inline bint _is_play(int game, int i) noexcept:
    if game == 0:
        return DDZ_FIRST_PLAY <= i < DDZ_FIRST_PLAY + DDZ_NPLAYS
    return ZSY_FIRST_PLAY <= i < ZSY_FIRST_PLAY + ZSY_NPLAYS


cdef inline const uint8_t* _table_row(const Deal* s) noexcept:
    # the kernel row of the play on the table, NULL for an empty table
    if s.table < 0:
        return NULL
    return _row_of(s.game, s.ev_id[s.play_ev[s.table]])


cdef inline bint _covers(const uint8_t* row, const uint8_t* h) noexcept:
    # the hand's rank counts ``h`` hold the play of ``row``
    cdef int r
    for r in range(SHED_NRANKS):
        if row[3 + r] > h[r]:
            return False
    return True


cdef bint deal_is_legal(const Deal* s, long i) noexcept:
    """Whether action id ``i`` is legal for the seat to act."""
    cdef uint8_t h[15]
    cdef uint64_t m
    cdef const uint8_t* row
    cdef const uint8_t* t
    if s.phase == PH_BID:
        return i == 0 or s.bid < i <= 3
    if s.phase != PH_PLAY:
        return False
    t = _table_row(s)
    m = s.hand[s.turn]
    if i == 0:
        if s.game == 0:
            return t != NULL
        if t == NULL:
            return False
        shed_counts(m, h)
        return zsy_gen_ids(h, t[0], t[1], t[2], False, NULL, 0) == 0
    if not _is_play(s.game, i):
        return False
    row = _row_of(s.game, i)
    shed_counts(m, h)
    if not _covers(row, h):
        return False
    if s.game == 0:
        return t == NULL or ddz_beats_c(row[0], row[1], row[2], t[0], t[1], t[2])
    if t != NULL:
        return zsy_beats_c(row[0], row[1], row[2], t[0], t[1], t[2])
    if s.opening:
        return bool((m >> THREE_HEARTS) & 1) and row[3] > 0 and row[0] != Z_BOMB
    return row[0] != Z_HEAVENLY_BOMB


cdef Py_ssize_t deal_legal_ids(const Deal* s, int32_t* out) noexcept:
    """The legal ids of the seat to act, ascending, into ``out`` (room for ``MAX_IDS``)."""
    cdef uint8_t h[15]
    cdef uint64_t m
    cdef Py_ssize_t n, k
    cdef const uint8_t* t
    cdef int b
    if s.phase == PH_BID:
        out[0] = 0
        n = 1
        for b in range(s.bid + 1, 4):
            out[n] = b
            n += 1
        return n
    if s.phase != PH_PLAY:
        return 0
    m = s.hand[s.turn]
    shed_counts(m, h)
    t = _table_row(s)
    if s.game == 0:
        if t == NULL:
            return ddz_gen_ids(h, -1, 0, 0, out, MAX_IDS)
        out[0] = 0
        return 1 + ddz_gen_ids(h, t[0], t[1], t[2], out + 1, MAX_IDS - 1)
    if t == NULL:
        if s.opening and not (m >> THREE_HEARTS) & 1:
            return 0
        return zsy_gen_ids(h, -1, 0, 0, s.opening, out, MAX_IDS)
    n = zsy_gen_ids(h, t[0], t[1], t[2], False, out, MAX_IDS)
    if n == 0:
        out[0] = 0
        return 1
    return n


cdef void _event(Deal* s, int seat, int i) noexcept:
    s.ev_seat[s.nev] = seat
    s.ev_id[s.nev] = i
    s.nev += 1


cdef void _settle(Deal* s) noexcept:
    # Zheng Shangyou: settle the pending bomb bonus
    cdef int b = s.pending, k
    if b < 0:
        return
    for k in range(3):
        s.bonus[k] += zsy_bonus_share_c(b, k)
    s.bomb_seat[s.nbomblog] = b
    s.nbomblog += 1
    s.pending = -1


cdef int deal_apply(Deal* s, int i, uint64_t pick, const uint8_t* order, int n) noexcept:
    """Apply the legal id ``i`` for the seat to act; a play takes the cards ``pick`` (a mask of
    the hand) in the order ``order`` (``n`` cards). Returns 1 when three passes ended the
    auction without a bid (the deal is redealt), else 0."""
    cdef int seat = s.turn
    cdef int nxt = (seat + 1) % 3
    cdef const uint8_t* row
    cdef bint answering
    cdef int k, how
    cdef long nplays[3]
    _event(s, seat, i)
    if s.phase == PH_BID:
        s.nauction += 1
        if i == 0:
            s.bid_passes += 1
            if s.bidder < 0 and s.bid_passes == 3:
                return 1
            if s.bidder >= 0 and s.bid_passes == 2:
                _start_play(s)
                return 0
        else:
            s.bid = i
            s.bidder = seat
            s.bid_passes = 0
            if i == 3:
                _start_play(s)
                return 0
        s.turn = nxt
        return 0
    if i == 0:
        s.turn = nxt
        if s.passes == 1:          # the round ends; the last player leads
            if s.game == 1:
                _settle(s)
            s.table = -1
            s.passes = 0
        else:
            s.passes += 1
        return 0
    row = _row_of(s.game, i)
    answering = s.table >= 0
    s.hand[seat] &= ~pick
    for k in range(n):
        s.played[seat][s.nplayed[seat] + k] = order[k]
    s.nplayed[seat] += n
    s.num_plays[seat] += 1
    s.play_ev[s.nplays] = s.nev - 1
    s.play_mask[s.nplays] = pick
    s.table = s.nplays
    s.nplays += 1
    s.passes = 0
    if s.game == 0:
        if row[0] == D_BOMB or row[0] == D_ROCKET:
            s.bombs += 1
        if s.hand[seat] == 0:
            for k in range(3):
                nplays[k] = s.num_plays[k]
            s.spring = ddz_spring_c(s.landlord, seat, nplays)
            s.winner = seat
            s.phase = PH_OVER
            return 0
    else:
        s.opening = False
        if zsy_claims_bonus_c(row[0], answering):
            s.pending = seat          # a beaten earlier bomb loses its claim
        if s.hand[seat] == 0:
            if s.pending == seat:
                _settle(s)
            s.winner = seat
            s.phase = PH_OVER
            return 0
    s.turn = nxt
    return 0


cdef void _start_play(Deal* s) noexcept:
    s.landlord = s.bidder
    s.hand[s.landlord] |= s.bottom
    s.phase = PH_PLAY
    s.turn = s.landlord
    s.table = -1
    s.passes = 0


cdef list _int_list(const uint8_t* v, int n):
    cdef list out = PyList_New(n)
    cdef int j
    cdef object x
    for j in range(n):
        x = PyLong_FromLong(v[j])
        PyList_SET_ITEM(out, j, x)
        Py_INCREF(x)
    return out


cdef inline object _seat(int s):
    return None if s < 0 else s


cdef class Core:
    """One deal of Dou Dizhu (``game`` 0) or Zheng Shangyou (``game`` 1).

    ``Core(game, cards, first)``: ``cards`` the dealt cards, distinct card ids (Dou Dizhu: 54,
    seats 0, 1, 2 take 17 each in turn and the last 3 are the bottom; Zheng Shangyou: the 48 of
    its deck, 16 a seat); ``first`` the seat that bids first in Dou Dizhu, ``None`` in Zheng
    Shangyou (the holder of the 3 of hearts leads)."""

    def __init__(self, game, cards, first):
        self._ready = False
        cdef int g = int_arg(game, "game", 0, 1, CardcoreError)
        cdef int k, c, seat
        cdef uint64_t seen = 0, bit
        cdef int nd = _NDEALT[g], nh = _NHAND[g]
        if isinstance(cards, (str, bytes)):
            raise CardcoreError(f"cards {quote(cards)}: expected {nd} card ids")
        try:
            cs = list(cards)
        except TypeError:
            raise CardcoreError(f"cards {quote(cards)}: expected {nd} card ids") from None
        if len(cs) != nd:
            raise CardcoreError(f"cards: expected {nd} card ids, got {len(cs)}")
        memset(&self.s, 0, sizeof(Deal))
        self.s.game = g
        for k in range(nd):
            c = int_arg(cs[k], "cards", 0, 53, CardcoreError)
            if g == 1 and c not in _ZSY_DECK:
                raise CardcoreError(f"cards: card id {c} is not in the Zheng Shangyou deck")
            bit = (<uint64_t>1) << c
            if seen & bit:
                raise CardcoreError(f"cards: card id {c} twice")
            seen |= bit
            self.s.dealt[k] = c
            if k < 3 * nh:
                self.s.hand[k // nh] |= bit
            else:
                self.s.bottom |= bit
        if g == 0:
            self.s.first = int_arg(first, "first", 0, 2, CardError)
            self.s.phase = PH_BID
        else:
            if first is not None:
                raise CardcoreError(f"first {quote(first)}: Zheng Shangyou takes None (the "
                                    "holder of the 3 of hearts leads)")
            for seat in range(3):
                if (self.s.hand[seat] >> THREE_HEARTS) & 1:
                    self.s.first = seat
            self.s.phase = PH_PLAY
            self.s.opening = True
        self.s.turn = self.s.first
        self.s.bidder = -1
        self.s.landlord = -1
        self.s.winner = -1
        self.s.pending = -1
        self.s.table = -1
        self._ready = True

    # ------------------------------------------------------------ transitions
    def legal_ids(self):
        """The legal action ids of the seat to act, ascending (empty once over)."""
        _live(self)
        cdef int32_t ids[MAX_IDS]
        cdef Py_ssize_t n = deal_legal_ids(&self.s, ids)
        return _ids_list(ids, n, False)

    def is_legal(self, i):
        """Whether ``i`` (an int) is a legal action id for the seat to act."""
        _live(self)
        cdef long v
        cdef int overflow = 0
        if type(i) is not int:
            return False
        v = PyLong_AsLongAndOverflow(i, &overflow)
        return not overflow and deal_is_legal(&self.s, v)

    def apply(self, i, cards=None, log=None):
        """Apply the legal action id ``i`` (``CardcoreError`` for any other). A play takes from
        the hand the cards ``cards`` (the exact cards of the play, any suits, in the order
        played) or, with ``None``, the lowest ids of each rank (the 3 of hearts first among
        Zheng Shangyou's 3s); a pass or a bid ignores ``cards``. ``log``: a list to append
        the action's entry to (``last_entry()``), or ``None``. Returns 1 when three passes ended a Dou Dizhu auction without a
        bid (the cards are to be redealt; the core takes no more actions), else 0."""
        _live(self)
        cdef Deal* s = &self.s
        cdef int x = int_arg(i, "action id", 0, NUM_ACTIONS[s.game] - 1, CardcoreError)
        cdef const uint8_t* row
        cdef uint64_t pick = 0, bit
        cdef uint8_t order[54]
        cdef uint8_t h[15]
        cdef int n = 0, c
        if s.redeal or not deal_is_legal(s, x):
            raise CardcoreError(f"action id {x}: not legal now")
        if s.phase == PH_PLAY and x != 0:
            row = _row_of(s.game, x)
            if cards is None:
                pick = shed_pick(s.hand[s.turn], row + 3, s.game)
                n = shed_order(pick, s.game, row[0], row[1], row[2], order)
            else:
                if isinstance(cards, (str, bytes)):
                    raise CardcoreError(f"cards {quote(cards)}: expected card ids")
                try:
                    cs = list(cards)
                except TypeError:
                    raise CardcoreError(f"cards {quote(cards)}: expected card ids") from None
                if len(cs) > 20:
                    raise CardcoreError(f"cards {quote(cards)}: not the cards of the play")
                for v in cs:
                    c = int_arg(v, "cards", 0, 53, CardcoreError)
                    bit = (<uint64_t>1) << c
                    if not s.hand[s.turn] & bit or pick & bit:
                        raise CardcoreError(f"cards: card id {c} is not in the hand")
                    pick |= bit
                    order[n] = c
                    n += 1
                shed_counts(pick, h)
                for c in range(SHED_NRANKS):
                    if h[c] != row[3 + c]:
                        raise CardcoreError(f"cards {quote(cards)}: not the cards of action "
                                            f"id {x}")
        if log is not None and type(log) is not list:
            raise CardcoreError(f"log {quote(log)}: expected a list or None")
        s.redeal = deal_apply(s, x, pick, order, n)
        if log is not None:
            (<list>log).append(self.last_entry())
        return s.redeal

    def last_entry(self):
        """The log entry of the last action applied, ``[seat, kind, text, cards, amount,
        data]`` (``None`` before any)."""
        _live(self)
        cdef const Deal* s = &self.s
        cdef int seat, i, n
        if s.nev == 0:
            return None
        seat = s.ev_seat[s.nev - 1]
        i = s.ev_id[s.nev - 1]
        if i == 0:
            return [seat, "pass", "pass", [], None, []]
        if s.nev <= s.nauction:
            return [seat, "bid", _BID_TEXT[i], [], i, []]
        n = cc_popcount(s.play_mask[s.nplays - 1])
        kind, txt = self._kind_text(i)
        return [seat, kind, txt, _int_list(&s.played[seat][s.nplayed[seat] - n], n), None, []]

    cdef tuple _kind_text(self, int i):
        cdef char text[128]
        cdef const uint8_t* row = _row_of(self.s.game, i)
        cdef int n = shed_text(self.s.game, row[0], row[1], row[2], row + 3, text)
        kind = <object>PyTuple_GET_ITEM(_DDZ_K if self.s.game == 0 else _ZSY_K, row[0])
        return kind, PyUnicode_DecodeASCII(text, n, NULL)

    # ------------------------------------------------------------ accessors
    @property
    def game(self):
        _live(self)
        return self.s.game

    @property
    def phase(self):
        """``BIDDING``, ``PLAYING`` or ``OVER``."""
        _live(self)
        return self.s.phase

    @property
    def turn(self):
        _live(self)
        return self.s.turn

    @property
    def player(self):
        """The seat to act, ``None`` once over."""
        _live(self)
        return None if self.s.phase == PH_OVER else self.s.turn

    @property
    def first(self):
        """Dou Dizhu: the seat that bid first; Zheng Shangyou: the holder of the 3 of hearts."""
        _live(self)
        return self.s.first

    @property
    def redeal(self):
        """Whether three passes ended the auction without a bid."""
        _live(self)
        return bool(self.s.redeal)

    @property
    def bid(self):
        _live(self)
        return self.s.bid

    @property
    def bidder(self):
        _live(self)
        return _seat(self.s.bidder)

    @property
    def bid_passes(self):
        _live(self)
        return self.s.bid_passes

    @property
    def landlord(self):
        _live(self)
        return _seat(self.s.landlord)

    @property
    def bombs(self):
        _live(self)
        return self.s.bombs

    @property
    def multiplier(self):
        """Dou Dizhu's multiplier (``ddz_multiplier``), with the spring once over."""
        _live(self)
        return ddz_multiplier_c(self.s.bombs, self.s.spring != DDZ_NO_SPRING)

    @property
    def spring(self):
        """Dou Dizhu: ``DDZ_NO_SPRING`` (0), ``DDZ_SPRING`` (1) or ``DDZ_REVERSE_SPRING`` (2)."""
        _live(self)
        return self.s.spring

    @property
    def passes(self):
        _live(self)
        return self.s.passes

    @property
    def winner(self):
        _live(self)
        return _seat(self.s.winner)

    @property
    def opening(self):
        """Zheng Shangyou: no card played yet."""
        _live(self)
        return bool(self.s.opening)

    @property
    def pending_bomb(self):
        _live(self)
        return _seat(self.s.pending)

    @property
    def nplays(self):
        _live(self)
        return self.s.nplays

    def hand(self, seat):
        """Seat ``seat``'s cards, sorted (``sort_cards``)."""
        _live(self)
        return _sorted_list(self.s.hand[<int>int_arg(seat, "seat", 0, 2, CardError)])

    def hands(self):
        _live(self)
        return [_sorted_list(self.s.hand[0]), _sorted_list(self.s.hand[1]),
                _sorted_list(self.s.hand[2])]

    def hand_sizes(self):
        _live(self)
        return [cc_popcount(self.s.hand[k]) for k in range(3)]

    def bottom(self):
        """Dou Dizhu's three bottom cards, sorted (empty in Zheng Shangyou)."""
        _live(self)
        return _sorted_list(self.s.bottom)

    def played(self):
        """The cards each seat played, in the order played."""
        _live(self)
        return [_int_list(self.s.played[k], self.s.nplayed[k]) for k in range(3)]

    def num_plays(self):
        _live(self)
        return [self.s.num_plays[k] for k in range(3)]

    def bonus(self):
        """Zheng Shangyou: the settled bomb bonuses of seats 0, 1, 2."""
        _live(self)
        return [self.s.bonus[k] for k in range(3)]

    def bomb_log(self):
        """Zheng Shangyou: ``[seat, amount won]`` per settled bomb bonus."""
        _live(self)
        return [[self.s.bomb_seat[k], BOMB_BONUS] for k in range(self.s.nbomblog)]

    def bid_log(self):
        """Dou Dizhu: ``[seat, level or 0 for a pass]`` per word of the auction."""
        _live(self)
        return [[self.s.ev_seat[k], self.s.ev_id[k]] for k in range(self.s.nauction)]

    cdef list _play(self, int k):
        cdef int e = self.s.play_ev[k]
        kind, txt = self._kind_text(self.s.ev_id[e])
        return [self.s.ev_seat[e], kind, txt, _sorted_list(self.s.play_mask[k])]

    def plays(self):
        """``[seat, kind, text, cards sorted]`` of every play, in order."""
        _live(self)
        return [self._play(k) for k in range(self.s.nplays)]

    def passes_on(self):
        """``[seat, index in plays]`` of every pass of the play, in order."""
        _live(self)
        cdef const Deal* s = &self.s
        cdef int k, np = 0
        out = []
        for k in range(s.nauction, s.nev):
            if s.ev_id[k] == 0:
                out.append([s.ev_seat[k], np - 1])
            else:
                np += 1
        return out

    def table(self):
        """The play to beat, ``None`` when the seat to act leads: Dou Dizhu ``[seat, kind,
        text, cards, rank, length, id]``, Zheng Shangyou ``[seat, kind, text, cards, id]``."""
        _live(self)
        cdef int i
        cdef const uint8_t* row
        if self.s.table < 0:
            return None
        rec = self._play(self.s.table)
        i = self.s.ev_id[self.s.play_ev[self.s.table]]
        if self.s.game == 0:
            row = ddz_id_row(i)
            rec += [row[1], row[2], i]
        else:
            rec.append(i)
        return rec

    def table_id(self):
        """The action id of the play to beat, 0 when the seat to act leads."""
        _live(self)
        if self.s.table < 0:
            return 0
        return self.s.ev_id[self.s.play_ev[self.s.table]]

    def history(self):
        """The action ids applied in this deal, in order."""
        _live(self)
        return [self.s.ev_id[k] for k in range(self.s.nev)]

    # ------------------------------------------------------------ copying
    def copy(self):
        _live(self)
        cdef Core new = Core.__new__(Core)
        new.s = self.s
        new._ready = True
        return new

    def export(self):
        """The deal as a list of ints: ``game``, ``first`` (-1 for none), the dealt cards,
        the number of actions, then per action its id, its number of cards and its cards in
        the order played (see ``from_export``)."""
        _live(self)
        cdef const Deal* s = &self.s
        cdef int k, seat, n
        cdef int taken[3]
        out = [s.game, s.first if s.game == 0 else -1]
        out += [s.dealt[k] for k in range(_NDEALT[s.game])]
        out.append(s.nev)
        taken[0] = taken[1] = taken[2] = 0
        np = 0
        for k in range(s.nev):
            out.append(s.ev_id[k])
            if k >= s.nauction and s.ev_id[k] != 0:
                seat = s.ev_seat[k]
                n = cc_popcount(s.play_mask[np])
                np += 1
                out.append(n)
                out += [s.played[seat][taken[seat] + j] for j in range(n)]
                taken[seat] += n
            else:
                out.append(0)
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
    """The ``Core`` whose ``export()`` is ``values`` (the deal rebuilt, its actions replayed:
    anything that is no such list raises ``CardcoreError``)."""
    if isinstance(values, (str, bytes)):
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    try:
        v = list(values)
    except TypeError:
        raise CardcoreError(f"values {quote(values)}: expected a list of ints") from None
    if len(v) < 3:
        raise CardcoreError(f"values: expected at least 3 ints, got {len(v)}")
    g = int_arg(v[0], "values: game", 0, 1, CardcoreError)
    nd = _NDEALT[g]
    if len(v) < 3 + nd:
        raise CardcoreError(f"values: expected at least {3 + nd} ints, got {len(v)}")
    first = int_arg(v[1], "values: first", -1, 2, CardcoreError)
    core = Core(g, v[2:2 + nd], None if first < 0 else first)
    n = int_arg(v[2 + nd], "values: actions", 0, MAX_EVENTS, CardcoreError)
    p = 3 + nd
    for _ in range(n):
        if p + 2 > len(v):
            raise CardcoreError("values: the actions end early")
        i = v[p]
        k = int_arg(v[p + 1], "values: cards of an action", 0, 20, CardcoreError)
        if p + 2 + k > len(v):
            raise CardcoreError("values: the actions end early")
        cards = v[p + 2:p + 2 + k] if k else None
        p += 2 + k
        if not core.is_legal(i) or core.redeal:
            raise CardcoreError(f"values: action id {quote(i)} is not legal where it stands")
        core.apply(i, cards)
    if p != len(v):
        raise CardcoreError(f"values: {len(v) - p} ints after the actions")
    return core
