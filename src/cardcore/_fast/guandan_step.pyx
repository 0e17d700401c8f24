# cython: language_level=3, boundscheck=True, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""The play phase of Guandan on integer action ids, compiled.

The state is the game state's attribute dict (``state.__dict__``): the JSON-native values the
game keeps. ``legal_ids(d)`` lists the ids of the play phase straight from the guandan kernel's
id generator, and ``step(d, i, texts)`` applies one in place exactly as the game's ``apply`` of
the same action does (the log entry included), so the game's Python code and these functions
keep one state and no ``Action`` or ``Move`` is built. The plain-Python twin
``cardcore._ref.guandan_step`` documents the keys and the semantics.
"""

from libc.stdint cimport uint8_t, uint64_t, int32_t
from libc.string cimport memset
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.long cimport PyLong_Check, PyLong_AsLongAndOverflow

from cardcore._fast.bits cimport cc_ctz
from cardcore._fast.args cimport kept_list as _L, kept_seat4 as _seat
from cardcore._fast.guandan cimport (GHand, GD_NCARDS, GD_ROW, GD_NOT_ID, gd_hand, gd_gen_ids,
                                     gd_index_ok, gd_level_row, gd_take, gd_nplays,
                                     gd_count_list)

cdef extern from "Python.h":
    int PyList_Append(object lst, object item) except -1
    int PySequence_DelItem(object o, Py_ssize_t i) except -1

from cardcore.errors import CardcoreError, quote

cdef enum:
    FIRST_PLAY = 55
    ID_CAP = 4096
    ID_WORDS = 64

cdef tuple KINDS = ("single", "pair", "trio", "full_house", "straight", "tube", "plate", "bomb",
                    "straight_flush", "joker_bomb")
cdef int _NUM_ACTIONS = FIRST_PLAY + gd_nplays()
# the Python int of every action id (and card id, seat, key value), made once
cdef tuple _INT = tuple(range(FIRST_PLAY + gd_nplays()))
cdef str _MEMO = "_legal_memo"


cdef int _count(object x) except -1:
    """A count the state keeps (an int 0..99)."""
    if type(x) is not int or not 0 <= x <= 99:
        raise CardcoreError(f"state: {quote(x)} where a count is kept")
    return <int>x


cdef int _load(object hand, uint8_t* out) except -1:
    """54 counts from a hand kept by the state (a list of card ids, each at most twice)."""
    cdef int why = 0
    cdef Py_ssize_t i
    if type(hand) is not list:
        raise CardcoreError(f"state: hand {quote(hand)} is not a list of card ids")
    i = gd_count_list(hand, out, &why)
    if i < 0:
        return 0
    o = hand[i]
    if why == GD_NOT_ID:
        raise CardcoreError(f"state: {quote(o)} in a hand is not a card id")
    raise CardcoreError(f"state: {quote(o)} in a hand is not a card id held at most twice")


cdef int _level(dict d) except -1:
    cdef object lv = d["level"]
    if type(lv) is not int or not 0 <= lv <= 12:
        raise CardcoreError(f"state: level {quote(lv)} is not 0..12")
    return <int>lv


cdef int _beat(object table, int* bk, int* br, int* bl) except -1:
    """The key of the table play (bk = -1 when the seat to act leads)."""
    cdef list key
    if table is None:
        bk[0] = -1
        return 0
    key = _L(table[4])
    if (PyList_GET_SIZE(key) != 3 or type(key[0]) is not int or type(key[1]) is not int
            or type(key[2]) is not int or not 0 <= key[0] <= 9 or not 0 <= key[1] <= 15
            or not 1 <= key[2] <= 10):
        raise CardcoreError(f"state: table key {quote(key)}")
    bk[0] = key[0]
    br[0] = key[1]
    bl[0] = key[2]
    return 0


cdef object _legal_ids(dict d):
    cdef uint8_t c[GD_NCARDS]
    cdef GHand h
    cdef int32_t buf[ID_CAP]
    cdef uint64_t bits[ID_WORDS]
    cdef uint64_t m
    cdef int bk, br = 0, bl = 0, w, p
    cdef Py_ssize_t n, k
    cdef list out
    if d["phase"] != "play":
        return None
    table = d["table"]
    _beat(table, &bk, &br, &bl)
    _load(_L(d["hands"])[_seat(d["turn"])], c)
    gd_hand(c, _level(d), &h)
    n = gd_gen_ids(&h, bk, br, bl, buf, ID_CAP)
    memset(bits, 0, sizeof(bits))
    for k in range(n):
        p = buf[k]
        bits[p >> 6] |= (<uint64_t>1) << (p & 63)
    out = [0] if bk >= 0 else []
    for w in range(ID_WORDS):
        m = bits[w]
        while m:
            out.append(_INT[FIRST_PLAY + w * 64 + cc_ctz(m)])
            m &= m - 1
    return out


cdef int _next_active(int seat, list places) except -1:
    cdef int s = (seat + 1) & 3, k
    for k in range(4):
        if _INT[s] not in places:
            return s
        s = (s + 1) & 3
    raise CardcoreError(f"state: places {quote(places)}: no seat is still in")


cdef int _remove(list hand, int c) except -1:
    cdef Py_ssize_t i, n = PyList_GET_SIZE(hand)
    for i in range(n):
        if <object>PyList_GET_ITEM(hand, i) == _INT[c]:
            PySequence_DelItem(hand, i)
            return 0
    raise CardcoreError(f"state: card id {c} is not in the hand")


cdef int _step(dict d, object i, list texts) except -9:
    cdef uint8_t c[GD_NCARDS]
    cdef uint8_t o[GD_NCARDS]
    cdef uint8_t row[GD_ROW]
    cdef GHand h
    cdef long v
    cdef int ovf = 0, seat, lv, bk, br = 0, bl = 0, last, passes, others, turn, cid, k, s
    cdef list hand, places, cards, key
    if type(i) is not int or d["phase"] != "play":
        return -1
    v = PyLong_AsLongAndOverflow(i, &ovf)
    if ovf or v < 0 or v >= _NUM_ACTIONS or 0 < v < FIRST_PLAY:
        return -1
    table = d["table"]
    seat = _seat(d["turn"])
    places = _L(d["places"])
    if PyList_GET_SIZE(texts) != _NUM_ACTIONS:
        raise CardcoreError(f"texts: {PyList_GET_SIZE(texts)} texts, not {_NUM_ACTIONS}")
    if v == 0:
        if table is None:
            return -1
        passes = _count(d["passes"]) + 1
        d["passes"] = passes
        PyList_Append(_L(d["passes_on"]), [_INT[seat], PyList_GET_SIZE(_L(d["plays"])) - 1])
        last = _seat(table[0])
        others = 4 - <int>PyList_GET_SIZE(places) - (0 if _INT[last] in places else 1)
        if passes >= others:             # everyone else passed: a new lead
            d["table"] = None
            d["passes"] = _INT[0]
            if _INT[last] not in places:
                turn = last
            elif _INT[(last + 2) & 3] not in places:
                turn = (last + 2) & 3
            else:
                turn = _next_active(last, places)
        else:
            turn = _next_active(seat, places)
        d["turn"] = _INT[turn]
        PyList_Append(_L(d["log"]), [_INT[seat], "pass", "pass", [], None, []])
        if _MEMO in d:
            del d[_MEMO]
        return 0
    hand = _L(_L(d["hands"])[seat])
    lv = _level(d)
    _beat(table, &bk, &br, &bl)
    _load(hand, c)
    gd_hand(c, lv, &h)
    if not gd_index_ok(&h, <int>(v - FIRST_PLAY), bk, br, bl):
        return -1
    gd_level_row(<int>(v - FIRST_PLAY), lv, row)
    if gd_take(c, lv, row, o) != 0:
        raise CardcoreError(f"state: the hand lacks a card of play id {v}")
    cards = []
    for cid in range(GD_NCARDS):
        for k in range(o[cid]):
            cards.append(_INT[cid])
    kind = KINDS[row[0]]
    text = texts[v]
    key = [_INT[row[0]], _INT[row[1]], _INT[row[2]]]
    for x in cards:
        _remove(hand, <int>x)
    d["table"] = [_INT[seat], kind, text, cards, key]
    PyList_Append(_L(d["plays"]), [_INT[seat], kind, text, cards])
    _L(_L(d["played"])[seat]).extend(cards)
    d["passes"] = _INT[0]
    PyList_Append(_L(d["log"]), [_INT[seat], kind, text, list(cards), None, list(key)])
    if _MEMO in d:
        del d[_MEMO]
    if not hand:
        PyList_Append(places, _INT[seat])
        if PyList_GET_SIZE(places) == 3:
            for s in range(4):
                if _INT[s] not in places:
                    PyList_Append(places, _INT[s])
                    break
            return 1
    d["turn"] = _INT[_next_active(seat, places)]
    return 0


cdef object _malformed(object d):
    return CardcoreError(f"state: {quote(d)} is not a game state's attribute dict")


def legal_ids(d):
    """The legal ids in the play phase (ascending; 0 = pass first when a play is on the
    table), else ``None`` (another phase: the game lists those)."""
    if type(d) is not dict:
        raise _malformed(d)
    try:
        return _legal_ids(<dict>d)
    except CardcoreError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError,
            OverflowError) as e:
        raise CardcoreError(f"state: malformed ({type(e).__name__})") from None


def step(d, i, texts):
    """Apply play-phase id ``i`` if it is legal (``texts``: the text of every id): 0 done,
    1 done and the third seat went out (the game ends the deal), -1 nothing done (another
    phase, or ``i`` is no legal id of the play phase: the game's own path answers it)."""
    if type(d) is not dict or type(texts) is not list:
        raise _malformed(d)
    try:
        return _step(<dict>d, i, <list>texts)
    except CardcoreError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError,
            OverflowError) as e:
        raise CardcoreError(f"state: malformed ({type(e).__name__})") from None
