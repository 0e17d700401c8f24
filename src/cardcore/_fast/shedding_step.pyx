# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""The step of the shedding games (Dou Dizhu, Zheng Shangyou) on integer action ids, compiled.

The state is the game state's attribute dict (``state.__dict__``): the JSON-native values the
game keeps (``hands`` as lists of card ids, ``table``, ``plays``, ``log``, ...). These functions
read it and apply an action id to it in place, exactly as the game's ``apply`` of the same
action does (the log entry included), so the game's Python code and the kernel keep one state
and no Action or Move object is built on the step path. The legal ids come straight from the
move kernel's id generator for the hand and the table play (whose id the table record keeps).
The plain-Python twin ``cardcore._ref.shedding_step`` documents the keys and the semantics.

The scoring rules the step applies are written here once (``shedding_step.pxd`` declares them)
and exported for the games' states and the AI: Zheng Shangyou's bomb bonus (``BOMB_BONUS``,
``ZSY_BONUS_KINDS``, ``zsy_claims_bonus``, ``zsy_bonus_share``, ``zsy_settle_bonus``) and Dou
Dizhu's spring and multiplier (``ddz_spring``, ``ddz_multiplier``).
"""

from libc.stdint cimport uint8_t, int32_t, uint64_t
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
    object PyObject_GenericGetDict(object o, void* context)
    int PyList_SetSlice(object lst, Py_ssize_t lo, Py_ssize_t hi, PyObject* items) except -1
    int PyList_Append(object lst, object item) except -1
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

cdef int _mask_of(object hand, uint64_t* out) except -1:
    """The card mask of a hand kept by the state (a list of distinct card ids)."""
    cdef Py_ssize_t i, n
    cdef object o
    cdef long v
    cdef int overflow = 0
    cdef uint64_t m = 0, bit
    if type(hand) is not list:
        raise CardcoreError(f"state: hand {quote(hand)} is not a list of card ids")
    n = PyList_GET_SIZE(hand)
    for i in range(n):
        o = <object>PyList_GET_ITEM(hand, i)
        if not PyLong_Check(o) or isinstance(o, bool):
            raise CardcoreError(f"state: {quote(o)} in a hand is not a card id")
        v = PyLong_AsLongAndOverflow(o, &overflow)
        if overflow or v < 0 or v > 53:
            raise CardcoreError(f"state: {quote(o)} in a hand is not a card id")
        bit = (<uint64_t>1) << v
        if m & bit:
            raise CardcoreError(f"state: card id {v} twice in a hand")
        m |= bit
    out[0] = m
    return 0


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


cdef list _card_list(const uint8_t* ids, int n):
    cdef list out = PyList_New(n)
    cdef int j
    cdef object x
    for j in range(n):
        x = PyLong_FromLong(ids[j])
        PyList_SET_ITEM(out, j, x)
        Py_INCREF(x)
    return out


cdef int _take(list hand, uint64_t gone) except -1:
    """Remove the cards of ``gone`` from the hand list in place (order of the rest kept)."""
    cdef Py_ssize_t i = PyList_GET_SIZE(hand) - 1
    while i >= 0:
        if (gone >> <long><object>PyList_GET_ITEM(hand, i)) & 1:
            PyList_SetSlice(hand, i, i + 1, NULL)
        i -= 1
    return 0


cdef int _cards_mask(object cards, uint64_t hmask, uint64_t* out) except -1:
    cdef uint64_t m = 0, bit
    cdef long v
    for c in cards:
        v = c
        if v < 0 or v > 53:
            raise CardcoreError(f"cards: {quote(c)} is not a card id")
        bit = (<uint64_t>1) << v
        if not hmask & bit or m & bit:
            raise CardcoreError(f"cards: card id {v} is not in the hand")
        m |= bit
    out[0] = m
    return 0


cdef tuple _take_play(dict d, int seat, int game, const uint8_t* row, object cards,
                      uint64_t known):
    """Take the play ``row`` (a row of game ``game``'s id table) from ``seat``'s hand and record
    it in ``played``, ``num_plays`` and ``plays``. ``cards``: the exact cards (else the hand's
    cards are picked); ``known``: the hand's mask when the caller just read it (else 0).
    Returns (kind, text, the cards in play order, the cards sorted, the hand left)."""
    cdef uint64_t hmask, pick
    cdef uint8_t order[54]
    cdef char text[128]
    cdef int n
    cdef list hand, chosen, played, num_plays, sorted_cards
    hand = d["hands"][seat]
    if known:
        hmask = known
    else:
        _mask_of(hand, &hmask)
    if cards is None:
        pick = shed_pick(hmask, row + 3, game)
        n = shed_order(pick, game, row[0], row[1], row[2], order)
        chosen = _card_list(order, n)
    else:
        chosen = [int(c) for c in cards]
        _cards_mask(chosen, hmask, &pick)
    _take(hand, pick)
    kind = <object>PyTuple_GET_ITEM(_DDZ_K if game == 0 else _ZSY_K, row[0])
    n = shed_text(game, row[0], row[1], row[2], row + 3, text)
    txt = PyUnicode_DecodeASCII(text, n, NULL)
    played = <list>d["played"][seat]
    played.extend(chosen)
    num_plays = <list>d["num_plays"]
    num_plays[seat] = num_plays[seat] + 1
    sorted_cards = _sorted_list(pick)
    PyList_Append(d["plays"], [seat, kind, txt, sorted_cards])
    return kind, txt, chosen, sorted_cards, hand


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


# ------------------------------------------------------------------ Dou Dizhu

cdef const uint8_t* _table_row(dict d, int game) except? NULL:
    # the kernel row of the play on the table (Dou Dizhu keeps its id at t[6], Zheng Shangyou
    # at t[4]); NULL for an empty table
    t = d["table"]
    if t is None:
        return NULL
    cdef const uint8_t* row = ddz_id_row(t[6]) if game == 0 else zsy_id_row(t[4])
    if row == NULL:
        raise CardcoreError(f"state: table {quote(t)} holds no play id")
    return row


cdef inline bint _covers(const uint8_t* row, const uint8_t* h) noexcept:
    # the hand's rank counts ``h`` hold the play of ``row``
    cdef int r
    for r in range(SHED_NRANKS):
        if row[3 + r] > h[r]:
            return False
    return True


def ddz_legal_ids(dict d) -> list:
    """The legal action ids of the seat to act, ascending (empty once over)."""
    return _ddz_legal(d)


cdef list _ddz_legal(dict d):
    cdef int32_t ids[MAX_IDS]
    cdef uint8_t h[15]
    cdef uint64_t m
    cdef Py_ssize_t n
    cdef const uint8_t* row
    cdef int b
    phase = d["phase"]
    if phase == "bid":
        b = d["bid"]
        return [0] + list(range(b + 1, 4))
    if phase != "play":
        return []
    _mask_of(d["hands"][d["turn"]], &m)
    shed_counts(m, h)
    row = _table_row(d, 0)
    if row == NULL:
        n = ddz_gen_ids(h, -1, 0, 0, ids, MAX_IDS)
    else:
        n = ddz_gen_ids(h, row[0], row[1], row[2], ids, MAX_IDS)
    if n > MAX_IDS:
        raise CardcoreError("state: a hand of more than 20 cards")
    return _ids_list(ids, n, row != NULL)


def ddz_id_is_legal(dict d, i) -> bool:
    """Whether action id ``i`` (an int) is legal for the seat to act (``False`` for anything
    that is not an int)."""
    return type(i) is int and _ddz_is_legal(d, i, NULL)


cdef bint _ddz_is_legal(dict d, object i, uint64_t* mout) except -1:
    cdef uint8_t h[15]
    cdef uint64_t m
    cdef const uint8_t* row
    cdef const uint8_t* t
    cdef int x
    phase = d["phase"]
    if phase == "bid":
        return i == 0 or d["bid"] < i <= 3
    if phase != "play":
        return False
    t = _table_row(d, 0)
    if i == 0:
        return t != NULL
    if not DDZ_FIRST_PLAY <= i < DDZ_FIRST_PLAY + DDZ_NPLAYS:
        return False
    x = i
    row = ddz_id_row(x)
    _mask_of(d["hands"][d["turn"]], &m)
    if mout != NULL:
        mout[0] = m
    shed_counts(m, h)
    if not _covers(row, h):
        return False
    return t == NULL or ddz_beats_c(row[0], row[1], row[2], t[0], t[1], t[2])


def ddz_step(dict d, i) -> int:
    """Apply action id ``i`` with the log entry if it is an int and legal for the seat to act
    (0, or 1 when the auction ended without a bid: the caller redeals); -1 (the state left as
    it was) for anything else."""
    return _ddz_step(d, i)


cdef int _ddz_step(dict d, object i) except -2:
    cdef uint64_t m = 0
    if type(i) is not int or d["phase"] == "over" or not _ddz_is_legal(d, i, &m):
        return -1
    return _ddz_apply(d, i, None, m)


cdef int _ddz_start_play(dict d) except -1:
    landlord = d["bidder"]
    d["landlord"] = landlord
    hands = d["hands"]
    hands[landlord] = sort_cards(hands[landlord] + d["bottom"])
    d["phase"] = "play"
    d["turn"] = landlord
    d["table"] = None
    d["passes"] = 0
    return 0


def ddz_apply(dict d, i, cards=None) -> int:
    """Apply action id ``i`` for the seat to act (see ``cardcore._ref.shedding_step``): an int
    id of the game (``CardcoreError`` otherwise), whose legality the caller checked."""
    return _ddz_apply(d, int_arg(i, "action id", 0, DDZ_FIRST_PLAY + DDZ_NPLAYS - 1,
                                 CardcoreError), cards, 0)


cdef int _ddz_apply(dict d, int i, object cards, uint64_t known) except -1:
    # ``known``: the hand's mask when the caller just read it (else 0)
    cdef int seat = d["turn"]
    cdef int nxt = (seat + 1) % 3
    cdef bint log = cards is None
    cdef const uint8_t* row
    cdef int bombs, s, how
    cdef long nplays[3]
    cdef list hand, chosen, sorted_cards, num_plays
    if d["phase"] == "bid":
        if i == 0:
            PyList_Append(d["bid_log"], [seat, 0])
            if log:
                PyList_Append(d["log"], [seat, "pass", "pass", [], None, []])
            d["bid_passes"] += 1
            if d["bidder"] is None and d["bid_passes"] == 3:
                return 1
            if d["bidder"] is not None and d["bid_passes"] == 2:
                _ddz_start_play(d)
                return 0
        else:
            PyList_Append(d["bid_log"], [seat, i])
            if log:
                PyList_Append(d["log"], [seat, "bid", _BID_TEXT[i], [], i, []])
            d["bid"] = i
            d["bidder"] = seat
            d["bid_passes"] = 0
            if i == 3:
                _ddz_start_play(d)
                return 0
        d["turn"] = nxt
        return 0
    if i == 0:
        PyList_Append(d["passes_on"], [seat, PyList_GET_SIZE(d["plays"]) - 1])
        if log:
            PyList_Append(d["log"], [seat, "pass", "pass", [], None, []])
        d["turn"] = nxt
        if d["passes"] == 1:
            d["table"] = None
            d["passes"] = 0
        else:
            d["passes"] = d["passes"] + 1
        return 0
    row = ddz_id_row(i)
    if row == NULL:
        raise CardcoreError(f"action id {i}: no Dou Dizhu play")
    kind, txt, chosen, sorted_cards, hand = _take_play(d, seat, 0, row, cards, known)
    d["table"] = [seat, kind, txt, sorted_cards, row[1], row[2], i]
    d["passes"] = 0
    if row[0] == D_BOMB or row[0] == D_ROCKET:
        bombs = d["bombs"] + 1
        d["bombs"] = bombs
        d["multiplier"] = ddz_multiplier_c(bombs, False)
    if log:
        PyList_Append(d["log"], [seat, kind, txt, chosen, None, []])
    if PyList_GET_SIZE(hand) == 0:
        landlord = d["landlord"]
        num_plays = d["num_plays"]
        for s in range(3):
            nplays[s] = num_plays[s]
        how = ddz_spring_c(landlord, seat, nplays)
        d["winner_seat"] = seat
        d["phase"] = "over"
        d["spring"] = how == DDZ_SPRING
        d["reverse_spring"] = how == DDZ_REVERSE_SPRING
        d["multiplier"] = ddz_multiplier_c(d["bombs"], how != DDZ_NO_SPRING)
        return 0
    d["turn"] = nxt
    return 0


# ------------------------------------------------------------------ Zheng Shangyou

def zsy_legal_ids(dict d) -> list:
    """The legal action ids of the seat to act, ascending (empty once over); ``[0]`` (pass)
    only when the seat cannot beat the table."""
    return _zsy_legal(d)


cdef list _zsy_legal(dict d):
    cdef int32_t ids[MAX_IDS]
    cdef uint8_t h[15]
    cdef uint64_t m
    cdef Py_ssize_t n
    cdef const uint8_t* row
    cdef bint first
    if d["over"]:
        return []
    _mask_of(d["hands"][d["turn"]], &m)
    shed_counts(m, h)
    row = _table_row(d, 1)
    if row == NULL:
        first = d["opening"]
        if first and not (m >> THREE_HEARTS) & 1:
            return []
        n = zsy_gen_ids(h, -1, 0, 0, first, ids, MAX_IDS)
    else:
        n = zsy_gen_ids(h, row[0], row[1], row[2], False, ids, MAX_IDS)
        if n == 0:
            return [0]
    if n > MAX_IDS:
        raise CardcoreError("state: a hand of more than 16 cards")
    return _ids_list(ids, n, False)


def zsy_id_is_legal(dict d, i) -> bool:
    """Whether action id ``i`` (an int) is legal for the seat to act (``False`` for anything
    that is not an int)."""
    return type(i) is int and _zsy_is_legal(d, i, NULL)


cdef bint _zsy_is_legal(dict d, object i, uint64_t* mout) except -1:
    cdef uint8_t h[15]
    cdef uint64_t m
    cdef const uint8_t* row
    cdef const uint8_t* t
    cdef int x
    if d["over"]:
        return False
    t = _table_row(d, 1)
    _mask_of(d["hands"][d["turn"]], &m)
    if mout != NULL:
        mout[0] = m
    shed_counts(m, h)
    if i == 0:
        return t != NULL and zsy_gen_ids(h, t[0], t[1], t[2], False, NULL, 0) == 0
    if not ZSY_FIRST_PLAY <= i < ZSY_FIRST_PLAY + ZSY_NPLAYS:
        return False
    x = i
    row = zsy_id_row(x)
    if not _covers(row, h):
        return False
    if t != NULL:
        return zsy_beats_c(row[0], row[1], row[2], t[0], t[1], t[2])
    if d["opening"]:
        return bool((m >> THREE_HEARTS) & 1) and row[3] > 0 and row[0] != Z_BOMB
    return row[0] != Z_HEAVENLY_BOMB


def zsy_step(dict d, i) -> int:
    """Apply action id ``i`` with the log entry if it is an int and legal for the seat to act
    (0); -1 (the state left as it was) for anything else."""
    return _zsy_step(d, i)


cdef int _zsy_step(dict d, object i) except -2:
    cdef uint64_t m = 0
    if type(i) is not int or d["over"] or not _zsy_is_legal(d, i, &m):
        return -1
    return _zsy_apply(d, i, None, m)


cdef int _zsy_settle(dict d) except -1:
    b = d["pending_bomb"]
    if b is None:
        return 0
    _settle_into(d["bonus"], b)
    PyList_Append(d["bomb_log"], [b, BOMB_BONUS])
    d["pending_bomb"] = None
    return 0


def zsy_apply(dict d, i, cards=None) -> int:
    """Apply action id ``i`` for the seat to act (see ``cardcore._ref.shedding_step``): an int
    id of the game (``CardcoreError`` otherwise), whose legality the caller checked; returns
    0."""
    return _zsy_apply(d, int_arg(i, "action id", 0, ZSY_FIRST_PLAY + ZSY_NPLAYS - 1,
                                 CardcoreError), cards, 0)


cdef int _zsy_apply(dict d, int i, object cards, uint64_t known) except -1:
    # ``known``: the hand's mask when the caller just read it (else 0)
    cdef int seat = d["turn"]
    cdef int nxt = (seat + 1) % 3
    cdef bint log = cards is None
    cdef const uint8_t* row
    cdef bint answering
    cdef list hand, chosen, sorted_cards, num_plays
    if i == 0:
        PyList_Append(d["passes_on"], [seat, PyList_GET_SIZE(d["plays"]) - 1])
        if log:
            PyList_Append(d["log"], [seat, "pass", "pass", [], None, []])
        d["turn"] = nxt
        if d["passes"] == 1:        # the round ends; the last player leads
            _zsy_settle(d)
            d["table"] = None
            d["passes"] = 0
        else:
            d["passes"] = d["passes"] + 1
        return 0
    row = zsy_id_row(i)
    if row == NULL:
        raise CardcoreError(f"action id {i}: no Zheng Shangyou play")
    answering = d["table"] is not None
    kind, txt, chosen, sorted_cards, hand = _take_play(d, seat, 1, row, cards, known)
    d["table"] = [seat, kind, txt, sorted_cards, i]
    d["passes"] = 0
    d["opening"] = False
    if zsy_claims_bonus_c(row[0], answering):
        d["pending_bomb"] = seat          # a beaten earlier bomb loses its claim
    if log:
        PyList_Append(d["log"], [seat, kind, txt, chosen, None, []])
    if PyList_GET_SIZE(hand) == 0:
        if d["pending_bomb"] == seat:
            _zsy_settle(d)
        d["winner_seat"] = seat
        d["over"] = True
        return 0
    d["turn"] = nxt
    return 0


# ------------------------------------------------------------------ bound as state methods
#
# A game state binds these as its methods (``legal_ids = ddz_state_legal_ids``): the call goes
# straight to C with the state, whose attribute dict the step reads and updates. Anything that
# is not a legal int id goes to the state's ``_apply_id_checked(i)`` (the base class's checked
# path, which converts numpy ints or raises ``IllegalAction``); a Dou Dizhu auction without a
# bid calls ``state._redeal()``. (The legal-action memo of the base class is keyed on the log
# length, which every step advances.)

def ddz_state_legal_ids(state) -> list:
    """The legal action ids of a Dou Dizhu state, ascending (``state.legal_ids()``)."""
    return _ddz_legal(<dict>PyObject_GenericGetDict(state, NULL))


def ddz_state_apply_id(state, i) -> None:
    """Apply action id ``i`` to a Dou Dizhu state (``state.apply_id(i)``)."""
    cdef int r = _ddz_step(<dict>PyObject_GenericGetDict(state, NULL), i)
    if r < 0:
        state._apply_id_checked(i)
    elif r:
        state._redeal()


def ddz_state_current_player(state):
    """The seat to act in a Dou Dizhu state, or ``None`` once over."""
    cdef dict d = <dict>PyObject_GenericGetDict(state, NULL)
    return None if d["phase"] == "over" else d["turn"]


def zsy_state_legal_ids(state) -> list:
    """The legal action ids of a Zheng Shangyou state, ascending (``state.legal_ids()``)."""
    return _zsy_legal(<dict>PyObject_GenericGetDict(state, NULL))


def zsy_state_apply_id(state, i) -> None:
    """Apply action id ``i`` to a Zheng Shangyou state (``state.apply_id(i)``)."""
    if _zsy_step(<dict>PyObject_GenericGetDict(state, NULL), i) < 0:
        state._apply_id_checked(i)


def zsy_state_current_player(state):
    """The seat to act in a Zheng Shangyou state, or ``None`` once over."""
    cdef dict d = <dict>PyObject_GenericGetDict(state, NULL)
    return None if d["over"] else d["turn"]
