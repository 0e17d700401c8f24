# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""The no-limit betting rule of the poker step cores, compiled: the one C copy of the rule.

``Bet`` (``betting.pxd``) is the betting state of one hand at a table of two to four seats; the
Hold'em and One Poker step cores hold one inside their own states and call the ``bt_*``
functions (``noexcept nogil``) for every betting decision: who acts, what may be raised, the
listed ids and their sizes, applying an id, the uncalled chips, the pots and the award. The
plain-Python twin ``cardcore._ref.betting`` documents the rule and the ids; the ``def``
functions here take and update its hand dict (two to four seats), so both are checked against
each other.
"""

from libc.string cimport memset
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t

from cardcore._fast.args cimport flag_arg, int_arg, or_none
from cardcore._fast.bits cimport insert_ascending

from cardcore.errors import CardcoreError, quote

NUM_IDS = BT_NUM_IDS
MAX_CHIPS = 4 * 10 ** 15
_I32 = (1 << 31) - 1


# ---------------------------------------------------------------- queries

cdef int64_t bt_owed(const Bet* b, int seat) noexcept nogil:
    """Chips ``seat`` needs to match the highest bet (before capping by its stack)."""
    return b.max_bet - b.bets[seat]


cdef int bt_n_live(const Bet* b) noexcept nogil:
    """Seats still in the hand (not folded)."""
    cdef int i, k = 0
    for i in range(b.n):
        if not b.folded[i]:
            k += 1
    return k


cdef inline bint _others_can_bet(const Bet* b, int seat) noexcept nogil:
    cdef int j
    for j in range(b.n):
        if j != seat and not b.folded[j] and b.bets[j] + b.stacks[j] > b.max_bet:
            return True
    return False


cdef bint bt_can_raise(const Bet* b, int seat) noexcept nogil:
    """Whether ``seat`` may bet or raise now (``betting.can_raise``)."""
    if b.folded[seat] or b.stacks[seat] <= bt_owed(b, seat):
        return False
    if not _others_can_bet(b, seat):
        return False
    return b.faced[seat] < 0 or b.max_bet - b.faced[seat] >= b.last_inc


cdef bint bt_has_decision(const Bet* b, int seat) noexcept nogil:
    """Whether ``seat`` still has to act this round and has something to decide."""
    return (b.pending[seat] and not b.folded[seat] and b.stacks[seat] > 0
            and (bt_owed(b, seat) > 0 or bt_can_raise(b, seat)))


cdef int64_t bt_min_raise_to(const Bet* b) noexcept nogil:
    """The smallest legal raise-to total of the actor (-1: no raise now)."""
    cdef int seat = b.actor
    cdef int64_t lo, hi
    if seat < 0 or not bt_can_raise(b, seat):
        return -1
    lo = b.max_bet + b.last_inc
    hi = b.bets[seat] + b.stacks[seat]
    return lo if lo < hi else hi


cdef int64_t bt_max_raise_to(const Bet* b) noexcept nogil:
    """The largest legal raise-to total (all-in) of the actor (-1: no raise now)."""
    cdef int seat = b.actor
    if seat < 0 or not bt_can_raise(b, seat):
        return -1
    return b.bets[seat] + b.stacks[seat]


# ---------------------------------------------------------------- the round

cdef int64_t bt_post(Bet* b, int seat, int64_t amount, bint as_bet) noexcept nogil:
    """``betting.post``: ``seat`` puts ``amount`` in before the round (an ante: ``as_bet``
    False; a blind: True), or every chip it has when that is less; returns the chips posted."""
    cdef int64_t paid = amount if amount < b.stacks[seat] else b.stacks[seat]
    b.stacks[seat] -= paid
    b.contrib[seat] += paid
    if as_bet:
        b.bets[seat] += paid
        if b.bets[seat] > b.max_bet:
            b.max_bet = b.bets[seat]
    return paid


cdef void bt_advance(Bet* b, int start) noexcept nogil:
    """The actor: the first seat from ``start`` clockwise with a decision, else -1."""
    cdef int k, i
    b.actor = -1
    if bt_n_live(b) <= 1:
        memset(b.pending, 0, sizeof(b.pending))
        return
    for k in range(b.n):
        i = (start + k) % b.n
        if bt_has_decision(b, i):
            b.actor = i
            return
        b.pending[i] = 0


cdef void bt_start_round(Bet* b, int first, bint keep_bets) noexcept nogil:
    """Open a betting round (``keep_bets``: posted blinds stay this round's bets)."""
    cdef int i
    if not keep_bets:
        memset(b.bets, 0, sizeof(b.bets))
        b.max_bet = 0
    b.last_inc = b.min_bet
    for i in range(b.n):
        b.faced[i] = -1
        b.pending[i] = not b.folded[i] and b.stacks[i] > 0
    b.actor = -1
    bt_advance(b, first)


cdef void bt_list_sizes(Bet* b) noexcept nogil:
    """The listed actions of the actor (``betting.sized``): ``legal`` bits and ``amounts``."""
    cdef int seat = b.actor
    cdef int64_t o, lo, hi, pot_after_call, half, full, stack
    cdef int i
    b.legal = 0
    memset(b.amounts, 0, sizeof(b.amounts))
    if seat < 0:
        return
    o = bt_owed(b, seat)
    if o > 0:
        b.legal = (1 << BT_FOLD) | (1 << BT_CALL)
    else:
        b.legal = 1 << BT_CHECK
    if not bt_can_raise(b, seat):
        return
    stack = b.stacks[seat]
    hi = b.bets[seat] + stack
    lo = b.max_bet + b.last_inc
    if lo > hi:
        lo = hi
    pot_after_call = o if o < stack else stack
    for i in range(b.n):
        pot_after_call += b.contrib[i]
    half = b.max_bet + pot_after_call // 2
    full = b.max_bet + pot_after_call
    if lo < hi:
        b.legal |= 1 << BT_RAISE_MIN
        b.amounts[BT_RAISE_MIN] = lo
    if lo <= half < hi and half != lo:
        b.legal |= 1 << BT_RAISE_HALF_POT
        b.amounts[BT_RAISE_HALF_POT] = half
    if lo <= full < hi and full != lo and full != half:
        b.legal |= 1 << BT_RAISE_POT
        b.amounts[BT_RAISE_POT] = full
    b.legal |= 1 << BT_ALL_IN
    b.amounts[BT_ALL_IN] = hi


cdef inline void _pay(Bet* b, int seat, int64_t chips) noexcept nogil:
    b.stacks[seat] -= chips
    b.bets[seat] += chips
    b.contrib[seat] += chips


cdef void bt_perform(Bet* b, int i, int64_t amount) noexcept nogil:
    """``betting.act_id`` for the actor, checked by the caller: fold, check, call, or a raise
    to ``amount`` (ids 3..6); then the turn moves on (``legal`` is not listed again)."""
    cdef int seat = b.actor
    cdef int j
    cdef int64_t o, inc
    if i == BT_FOLD:
        b.folded[seat] = 1
    elif i == BT_CALL:
        o = bt_owed(b, seat)
        _pay(b, seat, o if o < b.stacks[seat] else b.stacks[seat])
    elif i != BT_CHECK:
        inc = amount - b.max_bet
        _pay(b, seat, amount - b.bets[seat])
        if inc >= b.last_inc:
            b.last_inc = inc
        b.max_bet = amount
        for j in range(b.n):
            if j != seat and not b.folded[j] and b.stacks[j] > 0:
                b.pending[j] = 1
    b.pending[seat] = 0
    b.faced[seat] = b.max_bet
    bt_advance(b, (seat + 1) % b.n)


# ---------------------------------------------------------------- settling

cdef int64_t bt_return_uncalled(Bet* b) noexcept nogil:
    """Give the largest contributor back what no one else matched; returns the chips."""
    cdef int i, top = 0
    cdef int64_t second = -1, extra, m
    for i in range(1, b.n):
        if b.contrib[i] > b.contrib[top]:
            top = i
    for i in range(b.n):
        if i != top and b.contrib[i] > second:
            second = b.contrib[i]
    extra = b.contrib[top] - second
    if extra > 0:
        b.contrib[top] -= extra
        b.stacks[top] += extra
        b.bets[top] = b.bets[top] - extra if b.bets[top] > extra else 0
        m = b.bets[0]
        for i in range(1, b.n):
            if b.bets[i] > m:
                m = b.bets[i]
        b.max_bet = m
        return extra
    return 0


cdef int bt_pots(const Bet* b, int64_t* amount, uint8_t* elig) noexcept nogil:
    """``betting.pots``: main pot then side pots (chips, eligible seats as a bit mask; at
    most ``BT_MAX_POTS``); returns how many."""
    cdef int64_t levels[4]
    cdef int64_t lv, prev = 0, a, x, rest
    cdef int nl = 0, n = 0, i, j
    cdef uint8_t alive = 0, e
    for i in range(b.n):
        if not b.folded[i]:
            alive |= 1 << i
            x = b.contrib[i]
            if x > 0:
                for j in range(nl):
                    if levels[j] == x:
                        break
                else:
                    insert_ascending(levels, nl, x)
                    nl += 1
    for j in range(nl):
        lv = levels[j]
        a = 0
        e = 0
        for i in range(b.n):
            x = b.contrib[i]
            a += (x if x < lv else lv) - (x if x < prev else prev)
            if (alive >> i) & 1 and x >= lv:
                e |= 1 << i
        if n > 0 and elig[n - 1] == e:
            amount[n - 1] += a
        else:
            amount[n] = a
            elig[n] = e
            n += 1
        prev = lv
    rest = 0
    for i in range(b.n):
        x = b.contrib[i]
        rest += x - (x if x < prev else prev)
    if rest:
        if n > 0:
            amount[n - 1] += rest
        else:
            amount[n] = rest
            elig[n] = alive
            n += 1
    return n


cdef void bt_award(Bet* b, const int32_t* strength, int odd_from, int64_t* won) noexcept nogil:
    """``betting.award``: every pot to its eligible seats with the highest ``strength`` (0 or
    more), odd chips one by one clockwise from ``odd_from``; ``won`` (``n`` seats) gets the
    chips won, which go to the stacks; the contributions and bets are cleared."""
    cdef int64_t amount[BT_MAX_POTS]
    cdef uint8_t elig[BT_MAX_POTS]
    cdef int np = bt_pots(b, amount, elig)
    cdef int p, i, k, nw
    cdef int32_t best
    cdef uint8_t winners
    cdef int64_t share, odd
    for i in range(b.n):
        won[i] = 0
    for p in range(np):
        winners = elig[p]
        nw = 0
        for i in range(b.n):
            if (winners >> i) & 1:
                nw += 1
        if nw > 1:
            best = -1
            for i in range(b.n):
                if (winners >> i) & 1 and strength[i] > best:
                    best = strength[i]
            winners = 0
            nw = 0
            for i in range(b.n):
                if (elig[p] >> i) & 1 and strength[i] == best:
                    winners |= 1 << i
                    nw += 1
        share = amount[p] // nw
        odd = amount[p] - share * nw
        for i in range(b.n):
            if (winners >> i) & 1:
                won[i] += share
        for k in range(b.n):
            if odd <= 0:
                break
            i = (odd_from + k) % b.n
            if (winners >> i) & 1:
                won[i] += 1
                odd -= 1
    for i in range(b.n):
        b.stacks[i] += won[i]
        b.contrib[i] = 0
        b.bets[i] = 0
    b.max_bet = 0


# ---------------------------------------------------------------- the Python face
# The twin's hand dict (``cardcore._ref.betting.new_hand``) read into a ``Bet`` (every value
# checked: ``CardcoreError`` names it) and written back after a change.

cdef list _seat_list(dict h, str key, int n):
    x = h.get(key)
    if type(x) is not list or (n and len(x) != n) or not 2 <= len(x) <= BT_MAX_SEATS:
        raise CardcoreError(f"hand[{key!r}] {quote(x)}: expected a list of 2..{BT_MAX_SEATS} "
                            "values, one a seat")
    return <list>x


cdef int _seat_arg(object x, str what, int n) except -1:
    return <int>int_arg(x, what, 0, n - 1, CardcoreError)


cdef int _read(object h, Bet* b) except -1:
    cdef int i, n
    if type(h) is not dict:
        raise CardcoreError(f"hand {quote(h)}: expected the betting rule's hand dict")
    memset(b, 0, sizeof(Bet))
    stacks = _seat_list(h, "stacks", 0)
    n = len(stacks)
    b.n = n
    bets, contrib = _seat_list(h, "bets", n), _seat_list(h, "contrib", n)
    folded, pending = _seat_list(h, "folded", n), _seat_list(h, "pending", n)
    faced = _seat_list(h, "faced", n)
    for i in range(n):
        b.stacks[i] = int_arg(stacks[i], "hand['stacks']: a stack", 0, MAX_CHIPS, CardcoreError)
        b.bets[i] = int_arg(bets[i], "hand['bets']: a bet", 0, MAX_CHIPS, CardcoreError)
        b.contrib[i] = int_arg(contrib[i], "hand['contrib']: a contribution", 0, MAX_CHIPS,
                               CardcoreError)
        b.folded[i] = flag_arg(folded[i], "hand['folded']: a flag")
        b.pending[i] = flag_arg(pending[i], "hand['pending']: a flag")
        b.faced[i] = -1 if faced[i] is None else int_arg(faced[i], "hand['faced']: a bet", 0,
                                                         MAX_CHIPS, CardcoreError)
    b.max_bet = int_arg(h.get("max_bet"), "hand['max_bet']", 0, MAX_CHIPS, CardcoreError)
    b.last_inc = int_arg(h.get("last_inc"), "hand['last_inc']", 0, MAX_CHIPS, CardcoreError)
    b.min_bet = int_arg(h.get("min_bet"), "hand['min_bet']", 0, MAX_CHIPS, CardcoreError)
    actor = h.get("actor")
    b.actor = -1 if actor is None else _seat_arg(actor, "hand['actor']", n)
    for i in range(n):
        if b.bets[i] > b.max_bet:
            raise CardcoreError(f"hand: seat {i}: bet {b.bets[i]} above the highest bet "
                                f"{b.max_bet}")
    if b.actor >= 0 and not bt_has_decision(b, b.actor):
        raise CardcoreError(f"hand['actor'] {b.actor}: the seat has no decision to make")
    bt_list_sizes(b)
    return 0


cdef dict bt_view(const Bet* b):
    """The betting state as the twin's hand dict (``cardcore._ref.betting.new_hand``) but its
    ``rounds``, which the caller counts."""
    cdef int i, n = b.n
    return {
        "stacks": [b.stacks[i] for i in range(n)],
        "bets": [b.bets[i] for i in range(n)],
        "contrib": [b.contrib[i] for i in range(n)],
        "folded": [bool(b.folded[i]) for i in range(n)],
        "pending": [bool(b.pending[i]) for i in range(n)],
        "faced": [or_none(b.faced[i]) for i in range(n)],
        "max_bet": b.max_bet, "last_inc": b.last_inc, "min_bet": b.min_bet,
        "actor": or_none(b.actor),
    }


cdef void _write(dict h, const Bet* b):
    h.update(bt_view(b))


def start_round(h, first, keep_bets=False):
    """``betting.start_round``: open a betting round from seat ``first`` (``h`` updated)."""
    cdef Bet b
    _read(h, &b)
    f = _seat_arg(first, "first", b.n)
    keep = flag_arg(keep_bets, "keep_bets")
    rounds = int_arg(h.get("rounds"), "hand['rounds']", 0, _I32 - 1, CardcoreError)
    bt_start_round(&b, f, keep)
    _write(h, &b)
    h["rounds"] = rounds + 1


def can_raise(h, seat):
    """``betting.can_raise``: whether ``seat`` may bet or raise now."""
    cdef Bet b
    _read(h, &b)
    return bt_can_raise(&b, _seat_arg(seat, "seat", b.n))


def min_raise_to(h):
    """``betting.min_raise_to`` of the actor (``None``: no raise now)."""
    cdef Bet b
    _read(h, &b)
    return or_none(bt_min_raise_to(&b))


def max_raise_to(h):
    """``betting.max_raise_to`` of the actor (``None``: no raise now)."""
    cdef Bet b
    _read(h, &b)
    return or_none(bt_max_raise_to(&b))


def sized(h):
    """``betting.sized``: the actor's listed ids as ``(id, raise_to)`` pairs."""
    cdef Bet b
    cdef int i
    _read(h, &b)
    return [(i, b.amounts[i] if i >= BT_RAISE_MIN else None)
            for i in range(BT_NUM_IDS) if (b.legal >> i) & 1]


def act_id(h, i, amount=None):
    """``betting.act_id`` for a listed id ``i`` (``amount``: its listed raise-to total, else
    ``CardcoreError``); ``h`` updated."""
    cdef Bet b
    _read(h, &b)
    k = int_arg(i, "action id", 0, BT_NUM_IDS - 1, CardcoreError)
    if not (b.legal >> <int>k) & 1:
        raise CardcoreError(f"action id {quote(i)}: not listed now")
    if k >= BT_RAISE_MIN and amount != b.amounts[<int>k]:
        raise CardcoreError(f"amount {quote(amount)}: id {k} raises to {b.amounts[<int>k]}")
    bt_perform(&b, <int>k, b.amounts[<int>k])
    _write(h, &b)


def return_uncalled(h):
    """``betting.return_uncalled``: the uncalled chips back to the largest contributor."""
    cdef Bet b
    _read(h, &b)
    extra = bt_return_uncalled(&b)
    _write(h, &b)
    return extra


def pots(h):
    """``betting.pots``: main pot then side pots, ``{"amount", "eligible"}`` each."""
    cdef Bet b
    cdef int64_t amount[BT_MAX_POTS]
    cdef uint8_t elig[BT_MAX_POTS]
    cdef int p, i, np
    _read(h, &b)
    np = bt_pots(&b, amount, elig)
    return [{"amount": amount[p], "eligible": [i for i in range(b.n) if (elig[p] >> i) & 1]}
            for p in range(np)]


def award(h, strength, odd_from):
    """``betting.award`` with ``strength`` ints 0..2**31-1 a seat: the chips won per seat
    (``h`` updated)."""
    cdef Bet b
    cdef int32_t st[BT_MAX_SEATS]
    cdef int64_t won[BT_MAX_SEATS]
    cdef int i
    _read(h, &b)
    if type(strength) not in (list, tuple) or len(strength) != b.n:
        raise CardcoreError(f"strength {quote(strength)}: expected {b.n} ints")
    for i in range(b.n):
        st[i] = int_arg(strength[i], "strength", 0, _I32, CardcoreError)
    o = _seat_arg(odd_from, "odd_from", b.n)
    bt_award(&b, st, o, won)
    _write(h, &b)
    return [won[i] for i in range(b.n)]
