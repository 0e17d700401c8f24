# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Hold'em step kernel, compiled: one hand of no-limit Texas Hold'em as a C struct.

``Core`` holds the betting state, the cards, the streets and the showdown of one hand at a
table of four seats, and what a match carries between hands (stacks, button, last big blind);
``legal_ids`` and ``apply`` are the step path of ``cardcore.holdem.HoldemState`` (no Python
objects per action but the list of ids). The plain-Python twin ``cardcore._ref.holdem_step``
documents the encoding and runs on the shared betting engine; both give the same answers.
"""

from libc.string cimport memset, memcpy
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t

from cardcore._fast.bits cimport rng_below
from cardcore._fast.args cimport action_id, int_arg
from cardcore._fast.poker cimport eval_ids


from cardcore.errors import CardcoreError, CardError, IllegalAction, quote

NUM_ACTIONS = HS_NUM_ACTIONS
SEATS = HS_SEATS
FOLD = HS_FOLD
CHECK = HS_CHECK
CALL = HS_CALL
RAISE_MIN = HS_RAISE_MIN
RAISE_HALF_POT = HS_RAISE_HALF_POT
RAISE_POT = HS_RAISE_POT
ALL_IN = HS_ALL_IN

MAX_CHIPS = 10 ** 15
MAX_RAISE_TO = 4 * 10 ** 15
_U64 = (1 << 64) - 1

EXPORT_FIELDS = (
    "bet", "button", "sb", "bb", "hands", "last_bb", "last_players", "small", "big", "street",
    "cards", "pos", "holes", "board", "burns", "hand_stacks", "nact", "street_at", "hand_over",
    "showdown", "values", "won", "pot_contrib", "legal",
)

# the legal id lists per bit mask (immutable; ``legal_ids`` returns a fresh list)
_ID_LISTS = tuple(tuple(i for i in range(HS_NUM_ACTIONS) if (m >> i) & 1)
                  for m in range(1 << HS_NUM_ACTIONS))


# ---------------------------------------------------------------- betting (the engine's rules)

cdef inline int64_t _owed(const HState* s, int seat) noexcept nogil:
    return s.max_bet - s.bets[seat]


cdef inline int _n_live(const HState* s) noexcept nogil:
    cdef int i, n = 0
    for i in range(HS_SEATS):
        if not s.folded[i]:
            n += 1
    return n


cdef inline bint _others_can_bet(const HState* s, int seat) noexcept nogil:
    cdef int j
    for j in range(HS_SEATS):
        if j != seat and not s.folded[j] and s.bets[j] + s.stacks[j] > s.max_bet:
            return True
    return False


cdef bint hs_can_raise(const HState* s, int seat) noexcept nogil:
    """Whether ``seat`` may bet or raise now (``cardcore.engines.betting.can_raise``)."""
    if s.folded[seat] or s.stacks[seat] <= _owed(s, seat):
        return False
    if not _others_can_bet(s, seat):
        return False
    return s.faced[seat] < 0 or s.max_bet - s.faced[seat] >= s.last_inc


cdef inline bint _has_decision(const HState* s, int i) noexcept nogil:
    return (s.pending[i] and not s.folded[i] and s.stacks[i] > 0
            and (_owed(s, i) > 0 or hs_can_raise(s, i)))


cdef void _advance(HState* s, int start) noexcept nogil:
    """The actor: the first seat from ``start`` clockwise with a decision, else -1."""
    cdef int k, i
    s.actor = -1
    if _n_live(s) <= 1:
        memset(s.pending, 0, sizeof(s.pending))
        return
    for k in range(HS_SEATS):
        i = (start + k) % HS_SEATS
        if _has_decision(s, i):
            s.actor = i
            return
        s.pending[i] = 0


cdef void _start_round(HState* s, int first, bint keep_bets) noexcept nogil:
    cdef int i
    if not keep_bets:
        memset(s.bets, 0, sizeof(s.bets))
        s.max_bet = 0
    s.last_inc = s.min_bet
    for i in range(HS_SEATS):
        s.faced[i] = -1
        s.pending[i] = not s.folded[i] and s.stacks[i] > 0
    s.rounds += 1
    s.actor = -1
    _advance(s, first)


cdef void _list_sizes(HState* s) noexcept nogil:
    """The listed actions of the actor (``betting.sized``): ``legal`` bits and ``amounts``."""
    cdef int seat = s.actor
    cdef int64_t o, lo, hi, pot_after_call, half, full, stack
    cdef int i
    s.legal = 0
    for i in range(HS_NUM_ACTIONS):
        s.amounts[i] = 0
    if seat < 0:
        return
    o = _owed(s, seat)
    if o > 0:
        s.legal = (1 << HS_FOLD) | (1 << HS_CALL)
    else:
        s.legal = 1 << HS_CHECK
    if not hs_can_raise(s, seat):
        return
    stack = s.stacks[seat]
    hi = s.bets[seat] + stack
    lo = s.max_bet + s.last_inc
    if lo > hi:
        lo = hi
    pot_after_call = s.contrib[0] + s.contrib[1] + s.contrib[2] + s.contrib[3]
    pot_after_call += o if o < stack else stack
    half = s.max_bet + pot_after_call // 2
    full = s.max_bet + pot_after_call
    if lo < hi:
        s.legal |= 1 << HS_RAISE_MIN
        s.amounts[HS_RAISE_MIN] = lo
    if lo <= half < hi and half != lo:
        s.legal |= 1 << HS_RAISE_HALF_POT
        s.amounts[HS_RAISE_HALF_POT] = half
    if lo <= full < hi and full != lo and full != half:
        s.legal |= 1 << HS_RAISE_POT
        s.amounts[HS_RAISE_POT] = full
    s.legal |= 1 << HS_ALL_IN
    s.amounts[HS_ALL_IN] = hi


cdef inline void _pay(HState* s, int seat, int64_t chips) noexcept nogil:
    s.stacks[seat] -= chips
    s.bets[seat] += chips
    s.contrib[seat] += chips


cdef void _act(HState* s, int i, int64_t amount) noexcept nogil:
    """``betting.act_id``: fold, check, call, a raise to ``amount`` (ids 3..5) or all-in."""
    cdef int seat = s.actor
    cdef int j
    cdef int64_t o, inc
    if i == HS_FOLD:
        s.folded[seat] = 1
    elif i == HS_CALL:
        o = _owed(s, seat)
        _pay(s, seat, o if o < s.stacks[seat] else s.stacks[seat])
    elif i != HS_CHECK:
        inc = amount - s.max_bet
        _pay(s, seat, amount - s.bets[seat])
        if inc >= s.last_inc:
            s.last_inc = inc
        s.max_bet = amount
        for j in range(HS_SEATS):
            if j != seat and not s.folded[j] and s.stacks[j] > 0:
                s.pending[j] = 1
    s.pending[seat] = 0
    s.faced[seat] = s.max_bet
    _advance(s, (seat + 1) % HS_SEATS)


# ---------------------------------------------------------------- settling

cdef void _return_uncalled(HState* s) noexcept nogil:
    cdef int i, top = 0
    cdef int64_t second = -1, extra, m
    for i in range(1, HS_SEATS):
        if s.contrib[i] > s.contrib[top]:
            top = i
    for i in range(HS_SEATS):
        if i != top and s.contrib[i] > second:
            second = s.contrib[i]
    extra = s.contrib[top] - second
    if extra > 0:
        s.contrib[top] -= extra
        s.stacks[top] += extra
        s.bets[top] = s.bets[top] - extra if s.bets[top] > extra else 0
        m = s.bets[0]
        for i in range(1, HS_SEATS):
            if s.bets[i] > m:
                m = s.bets[i]
        s.max_bet = m


cdef int _pots(const HState* s, int64_t* amount, uint8_t* elig) noexcept nogil:
    """``betting.pots``: main pot then side pots (chips, eligible seats as a bit mask)."""
    cdef int64_t levels[4]
    cdef int64_t lv, prev = 0, a, x, rest
    cdef int nl = 0, n = 0, i, j, k
    cdef uint8_t alive = 0, e
    for i in range(HS_SEATS):
        if not s.folded[i]:
            alive |= 1 << i
            x = s.contrib[i]
            if x > 0:
                for j in range(nl):
                    if levels[j] == x:
                        break
                else:
                    # insert sorted
                    k = nl
                    while k > 0 and levels[k - 1] > x:
                        levels[k] = levels[k - 1]
                        k -= 1
                    levels[k] = x
                    nl += 1
    for j in range(nl):
        lv = levels[j]
        a = 0
        e = 0
        for i in range(HS_SEATS):
            x = s.contrib[i]
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
    for i in range(HS_SEATS):
        x = s.contrib[i]
        rest += x - (x if x < prev else prev)
    if rest:
        if n > 0:
            amount[n - 1] += rest
        else:
            amount[n] = rest
            elig[n] = alive
            n += 1
    return n


cdef void _award(HState* s, const int32_t* strength, int odd_from) noexcept nogil:
    cdef int64_t amount[5]
    cdef uint8_t elig[5]
    cdef int np = _pots(s, amount, elig)
    cdef int p, i, k, nw
    cdef int32_t best
    cdef uint8_t winners
    cdef int64_t share, odd
    memset(s.won, 0, sizeof(s.won))
    for p in range(np):
        winners = elig[p]
        nw = 0
        for i in range(HS_SEATS):
            if (winners >> i) & 1:
                nw += 1
        if nw > 1:
            best = -1
            for i in range(HS_SEATS):
                if (winners >> i) & 1 and strength[i] > best:
                    best = strength[i]
            winners = 0
            nw = 0
            for i in range(HS_SEATS):
                if (elig[p] >> i) & 1 and strength[i] == best:
                    winners |= 1 << i
                    nw += 1
        share = amount[p] // nw
        odd = amount[p] - share * nw
        for i in range(HS_SEATS):
            if (winners >> i) & 1:
                s.won[i] += share
        for k in range(HS_SEATS):
            if odd <= 0:
                break
            i = (odd_from + k) % HS_SEATS
            if (winners >> i) & 1:
                s.won[i] += 1
                odd -= 1
    for i in range(HS_SEATS):
        s.stacks[i] += s.won[i]
        s.contrib[i] = 0
        s.bets[i] = 0
    s.max_bet = 0


cdef void _settle(HState* s, bint showdown) noexcept nogil:
    cdef uint8_t seven[7]
    cdef int i
    _return_uncalled(s)
    memcpy(s.pot_contrib, s.contrib, sizeof(s.contrib))
    memset(s.values, 0, sizeof(s.values))
    if showdown:
        memcpy(&seven[2], s.board, 5)
        for i in range(HS_SEATS):
            if not s.folded[i]:
                seven[0] = s.cards[2 * _hole_index(s, i)]
                seven[1] = s.cards[2 * _hole_index(s, i) + 1]
                s.values[i] = eval_ids(seven, 7)
    s.showdown = showdown
    _award(s, s.values, (s.button + 1) % HS_SEATS)
    s.hand_over = 1
    s.actor = -1
    s.legal = 0


cdef inline int _hole_index(const HState* s, int seat) noexcept nogil:
    """How many dealt seats come before ``seat`` (its hole cards are ``cards[2k:2k+2]``)."""
    cdef int k = 0, i
    for i in range(seat):
        if s.dealt[i]:
            k += 1
    return k


cdef void _progress(HState* s) noexcept nogil:
    """After an action: the next street, the run-out or the settlement as due."""
    cdef int k, j
    while s.actor < 0:
        if _n_live(s) <= 1:
            _settle(s, False)
            return
        if s.street == 3:
            _settle(s, True)
            return
        s.burns[s.nburns] = s.cards[s.pos]
        s.nburns += 1
        k = 3 if s.street == 0 else 1
        for j in range(k):
            s.board[s.nboard] = s.cards[s.pos + 1 + j]
            s.nboard += 1
        s.pos += 1 + k
        s.street += 1
        s.street_at[s.street] = s.nact
        _start_round(s, (s.button + 1) % HS_SEATS, False)
    _list_sizes(s)


cdef void hs_perform(HState* s, int i, int64_t amount) noexcept nogil:
    """Apply id ``i`` (a raise to ``amount`` for ids 3..5, all-in's total for 6) for the
    actor, checked by the caller, then move the hand on."""
    _act(s, i, amount)
    s.nact += 1
    _progress(s)


# ---------------------------------------------------------------- a hand

cdef inline int _next_alive(const int64_t* stacks, int seat) noexcept nogil:
    cdef int k, i
    for k in range(1, HS_SEATS + 1):
        i = (seat + k) % HS_SEATS
        if stacks[i] > 0:
            return i
    return seat


cdef void _clear_hand(HState* s) noexcept nogil:
    s.street = 0
    s.pos = 0
    s.nboard = 0
    s.nburns = 0
    memcpy(s.hand_stacks, s.stacks, sizeof(s.stacks))
    s.nact = 0
    s.street_at[0] = 0
    s.street_at[1] = -1
    s.street_at[2] = -1
    s.street_at[3] = -1
    s.hand_over = 0
    s.showdown = 0
    memset(s.values, 0, sizeof(s.values))
    memset(s.won, 0, sizeof(s.won))
    memset(s.pot_contrib, 0, sizeof(s.pot_contrib))
    memset(s.amounts, 0, sizeof(s.amounts))
    s.legal = 0


cdef void hs_init(HState* s, const int64_t* stacks, int button, int64_t small,
                  int64_t big) noexcept nogil:
    """A match before its first hand (``button`` -1: the first seat with chips from 0)."""
    cdef int i
    memset(s, 0, sizeof(HState))
    s.small = small
    s.big = big
    s.button = button
    s.sb = -1
    s.bb = -1
    s.last_bb = -1
    s.actor = -1
    s.min_bet = big
    s.last_inc = big
    for i in range(HS_SEATS):
        s.stacks[i] = stacks[i]
        s.folded[i] = 1
        s.faced[i] = -1
    _clear_hand(s)
    s.hand_over = 1


cdef inline void _post(HState* s, int seat, int64_t amount) noexcept nogil:
    cdef int64_t paid = amount if amount < s.stacks[seat] else s.stacks[seat]
    s.stacks[seat] -= paid
    s.contrib[seat] += paid
    s.bets[seat] += paid
    if s.bets[seat] > s.max_bet:
        s.max_bet = s.bets[seat]


cdef uint64_t hs_start_hand(HState* s, const uint8_t* cards, uint64_t rng) noexcept nogil:
    """Start the next hand: button and blinds, the cards (``cards``, or a shuffle drawn from
    ``rng`` when NULL), blinds posted, the first actor (or the hand settled at once). Returns
    the generator state."""
    cdef int i, j, n_alive = 0, sb, bb, t
    cdef uint8_t tmp
    for i in range(HS_SEATS):
        s.dealt[i] = s.stacks[i] > 0
        n_alive += s.dealt[i]
    if s.hands == 0:
        if s.button < 0:
            s.button = 0 if s.dealt[0] else _next_alive(s.stacks, 0)
    else:
        s.button = _next_alive(s.stacks, s.button)
    s.hands += 1
    if n_alive == 2:
        sb = s.button
        bb = _next_alive(s.stacks, sb)
        if s.last_players > 2 and bb == s.last_bb:
            s.button = bb
            t = sb
            sb = bb
            bb = t
    else:
        sb = _next_alive(s.stacks, s.button)
        bb = _next_alive(s.stacks, sb)
    s.sb = sb
    s.bb = bb
    if cards != NULL:
        memcpy(s.cards, cards, 52)
    else:
        for i in range(52):
            s.cards[i] = i
        for i in range(51, 0, -1):
            j = <int>rng_below(&rng, <uint64_t>(i + 1))
            tmp = s.cards[i]
            s.cards[i] = s.cards[j]
            s.cards[j] = tmp
    _clear_hand(s)
    s.pos = 2 * n_alive
    # a new betting state
    for i in range(HS_SEATS):
        s.bets[i] = 0
        s.contrib[i] = 0
        s.folded[i] = not s.dealt[i]
        s.pending[i] = 0
        s.faced[i] = -1
    s.max_bet = 0
    s.min_bet = s.big
    s.last_inc = s.big
    s.actor = -1
    s.rounds = 0
    _post(s, sb, s.small)
    _post(s, bb, s.big)
    s.last_bb = bb
    s.last_players = n_alive
    _start_round(s, _next_alive(s.stacks, bb) if n_alive > 2 else sb, True)
    _progress(s)
    return rng


# ---------------------------------------------------------------- the Python face

cdef inline object _seat(int x):
    return None if x < 0 else x


cdef inline object _int_arg(object x, str what, object lo, object hi, type err=CardcoreError):
    """``x`` as a Python int in ``lo..hi``, else ``err`` naming ``what``."""
    return int_arg(x, what, lo, hi, err)


cdef class Core:
    """One hand of Hold'em and the match state between hands (see the twin's docstring)."""

    cdef HState s
    cdef bint _ready        # set by the constructor (``_live``)

    def __init__(self, stacks, button, small, big):
        self._ready = False
        cdef int64_t st[4]
        cdef int i
        try:
            items = list(stacks)
        except TypeError:
            raise CardcoreError(f"stacks {quote(stacks)}: expected {HS_SEATS} chip counts") \
                from None
        if len(items) != HS_SEATS:
            raise CardcoreError(f"stacks {quote(stacks)}: expected {HS_SEATS} chip counts")
        for i in range(HS_SEATS):
            st[i] = _int_arg(items[i], "stack", 0, MAX_CHIPS)
        if sum(1 for i in range(HS_SEATS) if st[i] > 0) < 2:
            raise CardcoreError(f"stacks {quote(stacks)}: at least two seats need chips")
        b = _int_arg(button, "button", -1, HS_SEATS - 1)
        if b >= 0 and st[b] == 0:
            raise CardcoreError(f"button {b}: the seat has no chips")
        hs_init(&self.s, st, b, _int_arg(small, "small blind", 0, MAX_CHIPS),
                _int_arg(big, "big blind", 1, MAX_CHIPS))
        self._ready = True

    def start_hand(self, cards, rng_state):
        """Start the next hand (``cards``: the 52 ids in dealing order, else a shuffle drawn
        from ``rng_state``); returns the generator state after the shuffle."""
        _live(self)
        cdef uint8_t buf[52]
        cdef uint64_t rng = <uint64_t>_int_arg(rng_state, "rng_state", 0, _U64)
        cdef uint64_t seen = 0
        cdef int i, c
        if sum(1 for i in range(HS_SEATS) if self.s.stacks[i] > 0) < 2:
            raise IllegalAction("start_hand: fewer than two seats have chips")
        if cards is None:
            return hs_start_hand(&self.s, NULL, rng)
        try:
            items = list(cards)
        except TypeError:
            raise CardError(f"cards {quote(cards)}: expected 52 card ids") from None
        if len(items) != 52:
            raise CardError(f"cards {quote(cards)}: expected 52 card ids")
        for i in range(52):
            c = _int_arg(items[i], "card id", 0, 51, CardError)
            if (seen >> c) & 1:
                raise CardError(f"cards: card id {c} appears twice")
            seen |= (<uint64_t>1) << c
            buf[i] = c
        return hs_start_hand(&self.s, buf, rng)

    # ------------------------------------------------------------ the step path
    @property
    def actor(self):
        _live(self)
        return None if self.s.actor < 0 else self.s.actor

    def legal_ids(self):
        _live(self)
        return list(_ID_LISTS[self.s.legal])

    def is_legal(self, i):
        """Whether ``i`` (any int) is a listed id now."""
        _live(self)
        cdef long k = action_id(i)
        return 0 <= k < HS_NUM_ACTIONS and (self.s.legal >> k) & 1 == 1

    def amount(self, i):
        """The raise-to total of listed id ``i`` (``None`` for fold, check, call or an id not
        listed)."""
        _live(self)
        cdef long k = action_id(i)
        if k < HS_RAISE_MIN or k >= HS_NUM_ACTIONS or not (self.s.legal >> k) & 1:
            return None
        return self.s.amounts[k]

    def apply(self, i):
        """Apply listed id ``i``; returns its raise-to total (``None`` for fold, check, call).
        An id not listed raises ``IllegalAction`` and changes nothing."""
        _live(self)
        cdef long k = action_id(i)
        cdef int64_t a
        if not (0 <= k < HS_NUM_ACTIONS and (self.s.legal >> k) & 1):
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        a = self.s.amounts[k]
        hs_perform(&self.s, <int>k, a)
        if k >= HS_RAISE_MIN:
            return a
        return None

    def perform(self, i, amount):
        """Apply id 0, 1, 2 or 6, or (``i`` = 3) a raise to any legal ``amount`` below all-in
        (``amount`` is ignored for the other ids). Anything else raises ``IllegalAction`` and
        changes nothing."""
        _live(self)
        cdef long k = action_id(i)
        cdef int seat = self.s.actor
        cdef int64_t a = 0, lo, hi
        if k == HS_RAISE_MIN:
            a = _int_arg(amount, "raise to", 0, MAX_RAISE_TO, IllegalAction)
            if seat < 0 or not hs_can_raise(&self.s, seat):
                raise IllegalAction(f"raise {a}: no raise is possible now")
            hi = self.s.bets[seat] + self.s.stacks[seat]
            lo = self.s.max_bet + self.s.last_inc
            if lo > hi:
                lo = hi
            if not lo <= a < hi:
                raise IllegalAction(f"raise {a}: expected {lo}..{hi - 1} (all-in is id 6)")
        elif k in (HS_FOLD, HS_CHECK, HS_CALL, HS_ALL_IN) and (self.s.legal >> k) & 1:
            a = self.s.amounts[k]
        else:
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        hs_perform(&self.s, <int>k, a)

    # ------------------------------------------------------------ reading
    @property
    def hand_over(self):
        _live(self)
        return bool(self.s.hand_over)

    @property
    def showdown(self):
        _live(self)
        return bool(self.s.showdown)

    @property
    def street(self):
        _live(self)
        return self.s.street

    @property
    def button(self):
        _live(self)
        return self.s.button

    @property
    def sb(self):
        _live(self)
        return self.s.sb

    @property
    def bb(self):
        _live(self)
        return self.s.bb

    @property
    def hands(self):
        _live(self)
        return self.s.hands

    @property
    def last_bb(self):
        _live(self)
        return self.s.last_bb

    @property
    def last_players(self):
        _live(self)
        return self.s.last_players

    @property
    def small(self):
        _live(self)
        return self.s.small

    @property
    def big(self):
        _live(self)
        return self.s.big

    @property
    def nact(self):
        _live(self)
        return self.s.nact

    @property
    def pos(self):
        _live(self)
        return self.s.pos

    @property
    def cards(self):
        _live(self)
        return [self.s.cards[i] for i in range(52)] if self.s.hands else []

    @property
    def holes(self):
        _live(self)
        cdef int i, k = 0
        out = []
        for i in range(HS_SEATS):
            if self.s.hands and self.s.dealt[i]:
                out.append([self.s.cards[2 * k], self.s.cards[2 * k + 1]])
                k += 1
            else:
                out.append([])
        return out

    @property
    def board(self):
        _live(self)
        return [self.s.board[i] for i in range(self.s.nboard)]

    @property
    def burns(self):
        _live(self)
        return [self.s.burns[i] for i in range(self.s.nburns)]

    @property
    def hand_stacks(self):
        _live(self)
        return [self.s.hand_stacks[i] for i in range(HS_SEATS)]

    @property
    def street_at(self):
        _live(self)
        return [self.s.street_at[i] for i in range(HS_SEATS)]

    @property
    def values(self):
        _live(self)
        return [self.s.values[i] for i in range(HS_SEATS)]

    @property
    def won(self):
        _live(self)
        return [self.s.won[i] for i in range(HS_SEATS)]

    @property
    def pot_contrib(self):
        _live(self)
        return [self.s.pot_contrib[i] for i in range(HS_SEATS)]

    @property
    def legal(self):
        _live(self)
        return [(i, self.s.amounts[i] if i >= HS_RAISE_MIN else None)
                for i in range(HS_NUM_ACTIONS) if (self.s.legal >> i) & 1]

    def min_raise_to(self):
        _live(self)
        cdef int seat = self.s.actor
        cdef int64_t lo, hi
        if seat < 0 or not hs_can_raise(&self.s, seat):
            return None
        lo = self.s.max_bet + self.s.last_inc
        hi = self.s.bets[seat] + self.s.stacks[seat]
        return lo if lo < hi else hi

    def max_raise_to(self):
        _live(self)
        cdef int seat = self.s.actor
        if seat < 0 or not hs_can_raise(&self.s, seat):
            return None
        return self.s.bets[seat] + self.s.stacks[seat]

    def stacks(self):
        _live(self)
        return [self.s.stacks[i] for i in range(HS_SEATS)]

    def deck(self):
        """The cards not dealt yet this hand, in dealing order."""
        _live(self)
        return [self.s.cards[i] for i in range(self.s.pos, 52)] if self.s.hands else []

    def bet_view(self):
        """The betting state in the engine's dict form (``cardcore.engines.betting``)."""
        _live(self)
        cdef const HState* s = &self.s
        return {
            "stacks": [s.stacks[i] for i in range(HS_SEATS)],
            "bets": [s.bets[i] for i in range(HS_SEATS)],
            "contrib": [s.contrib[i] for i in range(HS_SEATS)],
            "folded": [bool(s.folded[i]) for i in range(HS_SEATS)],
            "pending": [bool(s.pending[i]) for i in range(HS_SEATS)],
            "faced": [None if s.faced[i] < 0 else s.faced[i] for i in range(HS_SEATS)],
            "max_bet": s.max_bet, "last_inc": s.last_inc, "min_bet": s.min_bet,
            "actor": _seat(s.actor), "rounds": s.rounds,
        }

    def export(self):
        """Everything the core holds, JSON-native (``EXPORT_FIELDS``)."""
        _live(self)
        out = {}
        for name in EXPORT_FIELDS:
            if name == "bet":
                out[name] = self.bet_view()
            elif name == "legal":
                out[name] = [list(x) for x in self.legal]
            else:
                out[name] = getattr(self, name)
        return out

    def copy(self):
        _live(self)
        cdef Core new = Core.__new__(Core)
        new.s = self.s
        new._ready = True
        return new


cdef inline int _live(Core core) except -1:
    # every method of ``Core`` starts here: a core made by ``Core.__new__`` without its
    # constructor, or whose constructor raised, holds no deal
    if not core._ready:
        raise CardcoreError(f"{type(core).__name__}: the core is not initialised (made without "
                            "its constructor, or its constructor raised)")
    return 0
