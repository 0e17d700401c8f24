# cython: language_level=3, boundscheck=True, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""The burying and the play phase of Tractor on integer action ids, compiled.

The state is the game state's attribute dict (``state.__dict__``): the JSON-native values the
game keeps. ``legal_ids(d)`` lists the ids of the burying and of the play phase and
``step(d, i)`` applies one in place exactly as the game's ``apply`` of the same action does (the log entry included), so the
game's Python code and these functions keep one state and no ``Action`` is built. The rules come
from the tractor kernel (``cardcore._fast.tractor``: following, leads, the trick winner, the
table of tractor ids). The plain-Python twin ``cardcore._ref.tractor_step`` documents the keys
and the semantics.
"""

from libc.stdint cimport uint64_t
from cpython.list cimport PyList_New, PyList_SET_ITEM, PyList_GET_ITEM, PyList_GET_SIZE
from cpython.long cimport PyLong_Check, PyLong_AsLongAndOverflow
from cpython.ref cimport Py_INCREF

from cardcore._fast.bits cimport cc_popcount, cc_ctz, cc_drop_lowest
from cardcore._fast.args cimport kept_list as _L, kept_seat4 as _seat
from cardcore._fast.tractor cimport (TrCtx, TR_TRACTOR, tr_ctx, tr_strength, tr_shape,
                                     tr_next_mask, tr_winner, tr_leads, tr_tractor_index,
                                     tr_tractor_mask, tr_num_tractors, tr_card_points)

cdef extern from "Python.h":
    int PyList_Append(object lst, object item) except -1
    int PySequence_DelItem(object o, Py_ssize_t i) except -1

from cardcore.errors import CardcoreError, quote

cdef enum:
    ID_BURY = 11
    ID_PLAY = 65
    ID_PAIR = 119
    ID_TRACTOR = 173
    LEADS_CAP = 1024

cdef tuple _NAMES = tuple([r + s for r in "23456789TJQKA" for s in "cdhs"] + ["BJ", "RJ"])
cdef tuple _PAIR_TEXT = tuple(f"{n} {n}" for n in _NAMES)
cdef tuple _BURY_TEXT = tuple(f"bury {n}" for n in _NAMES)
cdef int _NUM_ACTIONS = ID_TRACTOR + tr_num_tractors()
# the Python int of every action id (and card id), made once
cdef tuple _INT = tuple(range(ID_TRACTOR + tr_num_tractors()))
cdef str _MEMO = "_legal_memo"


cdef int _ms(object cards, uint64_t* lo, uint64_t* hi) except -1:
    """A list of card ids kept by the state as the masks (lo, hi); returns the number."""
    cdef Py_ssize_t i, n
    cdef object o
    cdef long c
    cdef int ovf = 0
    cdef uint64_t l = 0, h = 0, bit
    if type(cards) is not list:
        raise CardcoreError(f"state: {quote(cards)} is not a list of card ids")
    n = PyList_GET_SIZE(cards)
    for i in range(n):
        o = <object>PyList_GET_ITEM(cards, i)
        if not PyLong_Check(o) or isinstance(o, bool):
            raise CardcoreError(f"state: {quote(o)} is not a card id")
        c = PyLong_AsLongAndOverflow(o, &ovf)
        if ovf or c < 0 or c > 53:
            raise CardcoreError(f"state: {quote(o)} is not a card id")
        bit = (<uint64_t>1) << c
        if h & bit:
            raise CardcoreError(f"state: card id {c} more than twice")
        if l & bit:
            h |= bit
        else:
            l |= bit
    lo[0] = l
    hi[0] = h
    return <int>n


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


cdef int _ctx(dict d, TrCtx* x) except -1:
    cdef object t = d["trump"], lv = d["level"]
    if type(t) is not int or type(lv) is not int or not 0 <= t <= 4 or not 0 <= lv <= 12:
        raise CardcoreError(f"state: trump {quote(t)} / level {quote(lv)}")
    tr_ctx(x, <int>t, <int>lv)
    return 0


cdef uint64_t _follow_mask(TrCtx* x, object hand, object lead, object picked) except? 0:
    cdef uint64_t hlo, hhi, plo, phi, llo, lhi
    _ms(hand, &hlo, &hhi)
    _ms(picked, &plo, &phi)
    _ms(lead, &llo, &lhi)
    if (hlo & plo) & (hhi | phi):
        raise CardcoreError("state: a card more than twice in the hand and the picked cards")
    return tr_next_mask(x, hlo | plo, hhi | phi | (hlo & plo), llo, lhi, plo, phi)


cdef list _lead_ids(TrCtx* x, object hand):
    cdef uint64_t lo, hi
    cdef uint64_t buf[2 * LEADS_CAP]
    cdef int tr[LEADS_CAP]
    cdef int n, i, k = 0, j, v
    cdef list out
    _ms(hand, &lo, &hi)
    out = _bits_list(lo, ID_PLAY)
    out.extend(_bits_list(hi, ID_PAIR))
    if cc_popcount(hi) < 2:
        return out
    n = tr_leads(x, lo, hi, buf, LEADS_CAP)
    if n > LEADS_CAP:
        n = LEADS_CAP
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
        out.append(_INT[ID_TRACTOR + tr[i]])
    return out


cdef object _legal_ids(dict d):
    cdef TrCtx x
    cdef list trick
    cdef uint64_t lo, hi
    phase = d["phase"]
    if phase == "bury":
        _ms(_L(d["hands"])[_seat(d["turn"])], &lo, &hi)
        return _bits_list(lo, ID_BURY)
    if phase != "play":
        return None
    _ctx(d, &x)
    hand = _L(d["hands"])[_seat(d["turn"])]
    trick = _L(d["trick"])
    if trick:
        return _bits_list(_follow_mask(&x, hand, trick[0][1], d["picked"]), ID_PLAY)
    return _lead_ids(&x, hand)


cdef int _remove(list hand, int c) except -1:
    """Remove one copy of card ``c`` from the list (its first, as ``list.remove``)."""
    cdef Py_ssize_t i, n = PyList_GET_SIZE(hand)
    for i in range(n):
        if <object>PyList_GET_ITEM(hand, i) == _INT[c]:
            PySequence_DelItem(hand, i)
            return 0
    raise CardcoreError(f"state: card id {c} is not in the hand")


cdef int _finish(dict d, list trick, TrCtx* x) except -1:
    """The trick is complete: its winner, points and record; 1 when the deal's cards are out."""
    cdef uint64_t lo[4]
    cdef uint64_t hi[4]
    cdef int k, w, pts = 0
    cdef list played = _L(d["played"]), cards
    cdef object dealer = d["dealer"]
    for k in range(4):
        cards = trick[k][1]
        _ms(cards, &lo[k], &hi[k])
        for o in cards:
            pts += tr_card_points(<int>o)
        played.extend(cards)
    w = _seat(trick[tr_winner(x, lo, hi, 4)][0])
    if (w & 1) != (_seat(dealer) & 1):
        d["points"] = d["points"] + pts
    PyList_Append(_L(d["tricks"]), {"leader": trick[0][0], "plays": trick, "winner": _INT[w],
                                "points": _INT[pts]})
    d["trick"] = []
    d["leader"] = _INT[w]
    d["turn"] = _INT[w]
    return 0 if len(d["hands"][w]) else 1


cdef int _bury(dict d, object i) except -9:
    """Bury card ``i - ID_BURY`` from the dealer's hand (the eighth card starts the play)."""
    cdef long v
    cdef int ovf = 0, seat, c
    cdef uint64_t lo, hi
    cdef list hand, buried
    v = PyLong_AsLongAndOverflow(i, &ovf)
    if ovf or v < ID_BURY or v >= ID_PLAY:
        return -1
    seat = _seat(d["turn"])
    hand = _L(d["hands"])[seat]
    _ms(hand, &lo, &hi)
    c = v - ID_BURY
    if not (lo >> c) & 1:
        return -1
    buried = _L(d["buried"])
    _remove(hand, c)
    PyList_Append(buried, _INT[c])
    if PyList_GET_SIZE(buried) == 8:
        d["phase"] = "play"
        d["leader"] = d["turn"] = _INT[_seat(d["dealer"])]
    PyList_Append(_L(d["log"]), [_INT[seat], "bury", _BURY_TEXT[c], [_INT[c]], None, []])
    if _MEMO in d:
        del d[_MEMO]
    return 0


cdef int _step(dict d, object i) except -9:
    cdef TrCtx x
    cdef long v
    cdef int ovf = 0, seat, c, s, top
    cdef uint64_t lo, hi, m
    cdef list hand, trick, picked, cards, lead
    cdef str text
    if type(i) is not int:
        return -1
    phase = d["phase"]
    if phase == "bury":
        return _bury(d, i)
    if phase != "play":
        return -1
    v = PyLong_AsLongAndOverflow(i, &ovf)
    if ovf or v < ID_PLAY or v >= _NUM_ACTIONS:
        return -1
    _ctx(d, &x)
    seat = _seat(d["turn"])
    hand = _L(d["hands"])[seat]
    trick = _L(d["trick"])
    if trick:
        if v >= ID_PAIR:
            return -1
        lead = trick[0][1]
        picked = _L(d["picked"])
        c = v - ID_PLAY
        if not (_follow_mask(&x, hand, lead, picked) >> c) & 1:
            return -1
        _remove(hand, c)
        PyList_Append(picked, _INT[c])
        PyList_Append(_L(d["log"]), [_INT[seat], "play", _NAMES[c], [_INT[c]], None, []])
        if _MEMO in d:
            del d[_MEMO]
        if PyList_GET_SIZE(picked) < PyList_GET_SIZE(lead):
            return 0
        PyList_Append(trick, [_INT[seat], sorted(picked)])
        d["picked"] = []
        if PyList_GET_SIZE(trick) < 4:
            d["turn"] = _INT[(seat + 1) & 3]
            return 0
        return _finish(d, trick, &x)
    _ms(hand, &lo, &hi)
    if v < ID_PAIR:
        c = v - ID_PLAY
        if not (lo >> c) & 1:
            return -1
        cards = [_INT[c]]
        text = _NAMES[c]
    elif v < ID_TRACTOR:
        c = v - ID_PAIR
        if not (hi >> c) & 1:
            return -1
        cards = [_INT[c], _INT[c]]
        text = _PAIR_TEXT[c]
    else:
        m = tr_tractor_mask(v - ID_TRACTOR)
        if (m & ~hi) or tr_shape(&x, m, m, &s, &top) != TR_TRACTOR:
            return -1
        # from low to high in the deal's order (strength, then id), as the listed action
        order = []
        while m:
            c = cc_ctz(m)
            order.append((tr_strength(&x, c), c))
            m = cc_drop_lowest(m)
        order.sort()
        cards = []
        for _, c in order:
            cards.append(_INT[c])
            cards.append(_INT[c])
        text = " ".join([_NAMES[<int>o] for o in cards])
    for o in cards:
        _remove(hand, <int>o)
    d["leader"] = _INT[seat]
    PyList_Append(trick, [_INT[seat], cards])
    d["turn"] = _INT[(seat + 1) & 3]
    PyList_Append(_L(d["log"]), [_INT[seat], "play", text, list(cards), None, []])
    if _MEMO in d:
        del d[_MEMO]
    return 0


cdef object _malformed(object d):
    return CardcoreError(f"state: {quote(d)} is not a game state's attribute dict")


def legal_ids(d):
    """The legal ids when burying or in the play phase (ascending), else ``None`` (in the
    declaration or once over: the game lists those)."""
    if type(d) is not dict:
        raise _malformed(d)
    try:
        return _legal_ids(<dict>d)
    except CardcoreError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError,
            OverflowError) as e:
        raise CardcoreError(f"state: malformed ({type(e).__name__})") from None


def step(d, i):
    """Apply id ``i`` (a burial, or an id of the play phase) if it is legal: 0 done, 1 done and
    the deal's last trick is complete (the game ends the deal), -1 nothing done (the
    declaration, or ``i`` is no legal id: the game's own path answers it)."""
    if type(d) is not dict:
        raise _malformed(d)
    try:
        return _step(<dict>d, i)
    except CardcoreError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError,
            OverflowError) as e:
        raise CardcoreError(f"state: malformed ({type(e).__name__})") from None
