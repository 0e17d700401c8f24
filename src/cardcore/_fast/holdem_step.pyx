# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Hold'em step kernel, compiled: one hand of no-limit Texas Hold'em as a C struct.

``Core`` holds the betting state, the cards, the streets and the showdown of one hand at a
table of four seats, and what a match carries between hands (stacks, button, last big blind);
it is a step core of the one core contract (``cardcore._fast.core.Core``: ``legal_ids``,
``apply``, ``returns``, ``observation_tensor``, ``copy`` and pickling come from the base, over
the C methods filled here) and the step path of ``cardcore.holdem.HoldemState``.
``from_seed(seed)`` is the core ``new_game("holdem", seed=seed)`` starts with. The plain-Python
twin ``cardcore._ref.holdem_step`` documents the encoding and runs on the betting rule
(``cardcore._ref.betting``, which the shared engine ``cardcore.engines.betting`` re-exports);
both give the same answers.
"""

from libc.string cimport memset, memcpy
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t

from cardcore._fast.bits cimport cc_bit_ids, deck_shuffle
from cardcore._fast.args cimport action_id, int_arg, or_none
from cardcore._fast.betting cimport (Bet, BT_FOLD, BT_CHECK, BT_CALL, BT_RAISE_MIN,
                                     BT_RAISE_HALF_POT, BT_RAISE_POT, BT_ALL_IN, bt_award,
                                     bt_list_sizes, bt_max_raise_to, bt_min_raise_to, bt_n_live,
                                     bt_perform, bt_post, bt_return_uncalled, bt_start_round,
                                     bt_view)
from cardcore._fast.core cimport Core as CoreBase
from cardcore._fast.stepcore cimport made
from cardcore._fast.poker cimport eval_ids


from cardcore.errors import CardcoreError, CardError, IllegalAction, quote

NUM_ACTIONS = HS_NUM_ACTIONS
SEATS = HS_SEATS
FOLD = BT_FOLD
CHECK = BT_CHECK
CALL = BT_CALL
RAISE_MIN = BT_RAISE_MIN
RAISE_HALF_POT = BT_RAISE_HALF_POT
RAISE_POT = BT_RAISE_POT
ALL_IN = BT_ALL_IN
START_STACK = HS_START_STACK
SMALL_BLIND = HS_SMALL_BLIND
BIG_BLIND = HS_BIG_BLIND
OBS_HOLE = HS_OBS_HOLE
OBS_BOARD = HS_OBS_BOARD
OBS_STREET = HS_OBS_STREET
OBS_PLAYER = HS_OBS_PLAYER
OBS_BUTTON = HS_OBS_BUTTON
OBS_SB = HS_OBS_SB
OBS_BB = HS_OBS_BB
OBS_TO_ACT = HS_OBS_TO_ACT
OBS_STACKS = HS_OBS_STACKS
OBS_BETS = HS_OBS_BETS
OBS_CONTRIB = HS_OBS_CONTRIB
OBS_POT = HS_OBS_POT
OBS_FOLDED = HS_OBS_FOLDED
OBS_ALL_IN = HS_OBS_ALL_IN
OBS_IN_HAND = HS_OBS_IN_HAND
OBS_TO_CALL = HS_OBS_TO_CALL
OBS_MIN_RAISE = HS_OBS_MIN_RAISE
OBS_MAX_RAISE = HS_OBS_MAX_RAISE
OBS_SIZE = HS_OBS_SIZE

MAX_CHIPS = 10 ** 15
MAX_RAISE_TO = 4 * 10 ** 15
_U64 = (1 << 64) - 1

_I32 = (1 << 31) - 1
_I64 = (1 << 63) - 1
_SEATED = ("stack", "bet", "contrib", "folded", "pending", "faced_set", "faced", "hand_stack",
           "value", "won", "pot_contrib")
EXPORT_FIELDS = (
    "hands", "button_set", "button", "sb", "bb", "last_bb", "last_players", "seated", "small",
    "big",
    "street", "pos", "nact", "rounds", "hand_over", "showdown", "actor_set", "actor", "max_bet",
    "last_inc", "min_bet", "legal", "amount_3", "amount_4", "amount_5", "amount_6",
    "street_at_1", "street_at_2", "street_at_3", "ncards",
    *(f"{name}_{k}" for name in _SEATED for k in range(HS_SEATS)),
)
EXPORT_HEAD = len(EXPORT_FIELDS)
# the range of every field of ``EXPORT_FIELDS`` (flags 0..1, seats 0..3, chips 0..4 * 10**15)
_FLAGS = ("button_set", "hand_over", "showdown", "actor_set", "folded", "pending", "faced_set")
_SEAT_FIELDS = ("button", "sb", "bb", "last_bb", "actor")
_RANGES = {"hands": _I32, "last_players": HS_SEATS, "seated": HS_SEATS, "small": MAX_CHIPS,
           "big": MAX_CHIPS, "street": 3, "pos": 52, "nact": _I64, "rounds": 4, "min_bet": MAX_CHIPS,
           "legal": (1 << HS_NUM_ACTIONS) - 1, "street_at": _I64, "ncards": 52, "value": _I32,
           **dict.fromkeys(_FLAGS, 1), **dict.fromkeys(_SEAT_FIELDS, HS_SEATS - 1)}


# ---------------------------------------------------------------- betting and settling
# (the rule is ``betting.pyx``'s, over the betting state ``s.b``)

cdef inline void _start_round(HState* s, int first, bint keep_bets) noexcept nogil:
    s.rounds += 1
    bt_start_round(&s.b, first, keep_bets)


cdef void _show_values(HState* s) noexcept nogil:
    """The showdown value of every seat still in (hole cards and the full board)."""
    cdef uint8_t seven[7]
    cdef int i
    memcpy(&seven[2], s.board, 5)
    for i in range(HS_SEATS):
        if not s.b.folded[i]:
            seven[0] = s.cards[2 * _hole_index(s, i)]
            seven[1] = s.cards[2 * _hole_index(s, i) + 1]
            s.values[i] = eval_ids(seven, 7)


cdef void _settle(HState* s, bint showdown) noexcept nogil:
    bt_return_uncalled(&s.b)
    memcpy(s.pot_contrib, s.b.contrib, sizeof(s.pot_contrib))
    memset(s.values, 0, sizeof(s.values))
    if showdown:
        _show_values(s)
    s.showdown = showdown
    bt_award(&s.b, s.values, (s.button + 1) % HS_SEATS, s.won)
    s.hand_over = 1
    s.b.actor = -1
    s.b.legal = 0


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
    while s.b.actor < 0:
        if bt_n_live(&s.b) <= 1:
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
    bt_list_sizes(&s.b)


cdef void hs_perform(HState* s, int i, int64_t amount) noexcept nogil:
    """Apply id ``i`` (a raise to ``amount`` for ids 3..5, all-in's total for 6) for the
    actor, checked by the caller, then move the hand on."""
    bt_perform(&s.b, i, amount)
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
    memcpy(s.hand_stacks, s.b.stacks, sizeof(s.b.stacks))
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
    memset(s.b.amounts, 0, sizeof(s.b.amounts))
    s.b.legal = 0


cdef void hs_init(HState* s, const int64_t* stacks, int button, int64_t small,
                  int64_t big) noexcept nogil:
    """A match before its first hand (``button`` -1: the first seat with chips from 0)."""
    cdef int i
    memset(s, 0, sizeof(HState))
    s.b.n = HS_SEATS
    s.small = small
    s.big = big
    s.button = button
    s.sb = -1
    s.bb = -1
    s.last_bb = -1
    s.b.actor = -1
    s.b.min_bet = big
    s.b.last_inc = big
    for i in range(HS_SEATS):
        s.b.stacks[i] = stacks[i]
        s.b.folded[i] = 1
        s.b.faced[i] = -1
        s.seated += stacks[i] > 0
    _clear_hand(s)
    s.hand_over = 1


cdef uint64_t hs_start_hand(HState* s, const uint8_t* cards, uint64_t rng) noexcept nogil:
    """Start the next hand: button and blinds, the cards (``cards``, or a shuffle drawn from
    ``rng`` when NULL), blinds posted, the first actor (or the hand settled at once). Returns
    the generator state."""
    cdef int i, n_alive = 0, sb, bb, t
    for i in range(HS_SEATS):
        s.dealt[i] = s.b.stacks[i] > 0
        n_alive += s.dealt[i]
    if s.hands == 0:
        if s.button < 0:
            s.button = 0 if s.dealt[0] else _next_alive(s.b.stacks, 0)
    else:
        s.button = _next_alive(s.b.stacks, s.button)
    s.hands += 1
    if n_alive == 2:
        sb = s.button
        bb = _next_alive(s.b.stacks, sb)
        if s.last_players > 2 and bb == s.last_bb:
            s.button = bb
            t = sb
            sb = bb
            bb = t
    else:
        sb = _next_alive(s.b.stacks, s.button)
        bb = _next_alive(s.b.stacks, sb)
    s.sb = sb
    s.bb = bb
    if cards != NULL:
        memcpy(s.cards, cards, 52)
    else:
        deck_shuffle(s.cards, 52, 0, &rng)
    _clear_hand(s)
    s.pos = 2 * n_alive
    # a new betting state
    for i in range(HS_SEATS):
        s.b.bets[i] = 0
        s.b.contrib[i] = 0
        s.b.folded[i] = not s.dealt[i]
        s.b.pending[i] = 0
        s.b.faced[i] = -1
    s.b.max_bet = 0
    s.b.min_bet = s.big
    s.b.last_inc = s.big
    s.b.actor = -1
    s.rounds = 0
    bt_post(&s.b, sb, s.small, True)
    bt_post(&s.b, bb, s.big, True)
    s.last_bb = bb
    s.last_players = n_alive
    _start_round(s, _next_alive(s.b.stacks, bb) if n_alive > 2 else sb, True)
    _progress(s)
    return rng


# ---------------------------------------------------------------- the Python face

cdef inline object _int_arg(object x, str what, object lo, object hi, type err=CardcoreError):
    """``x`` as a Python int in ``lo..hi``, else ``err`` naming ``what``."""
    return int_arg(x, what, lo, hi, err)


include "holdem_step_fields.pxi"  # _Fields: the record, the stored reads


cdef class Core(_Fields):
    """One hand of Hold'em and the match state between hands (see the twin's docstring).

    A step core of the one core contract (``cardcore._fast.core.Core``): ids, legality,
    ``apply`` (ids 0..6 as listed; ``amount(i)`` is the raise-to total of a listed raise),
    ``observation_tensor`` and pickling come from the base. The core is over when its hand is
    settled (``hand_over``); ``start_hand`` starts the match's next hand in it. ``returns()`` is
    the hand's chip result per seat: the stacks once the hand is settled minus the stacks it
    started with (``hand_stacks``), as floats (zeros until the hand is settled); for a
    single-hand game that is ``HoldemState.scores()``."""

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
        _made(self)

    # ------------------------------------------------------------ the C contract
    cdef int c_player(self) noexcept nogil:
        return self.s.b.actor

    cdef bint c_over(self) noexcept nogil:
        return self.s.hand_over != 0

    cdef int c_legal(self, int32_t* out) noexcept nogil:
        cdef uint64_t legal = self.s.b.legal      # bit i: betting id i (the action id)
        return cc_bit_ids(&legal, 1, 0, out)

    cdef bint c_is_legal(self, long i) noexcept nogil:
        return 0 <= i < HS_NUM_ACTIONS and (self.s.b.legal >> i) & 1

    cdef void c_apply(self, int i) noexcept nogil:
        hs_perform(&self.s, i, self.s.b.amounts[i])

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int i
        for i in range(HS_SEATS):
            out[i] = <double>(self.s.b.stacks[i] - self.s.hand_stacks[i]) if self.s.hand_over \
                else 0.0

    cdef void c_observe(self, int p, float* out) noexcept nogil:
        """What seat ``p`` sees (``docs/actions/holdem.md``): chips in units of the chips at the
        table over the seats that began the match (``seated``)."""
        cdef const HState* s = &self.s
        cdef int64_t total = 0, lo, hi, owed, pot = 0
        cdef double unit
        cdef int i, k, a = s.b.actor
        for i in range(HS_SEATS):
            total += s.hand_stacks[i]          # every chip of the match, at the hand's start
        unit = <double>total / s.seated
        out[HS_OBS_PLAYER + p] = 1.0
        if s.hands:
            out[HS_OBS_BUTTON + s.button] = 1.0
            out[HS_OBS_SB + s.sb] = 1.0
            out[HS_OBS_BB + s.bb] = 1.0
        for i in range(HS_SEATS):
            out[HS_OBS_STACKS + i] = <float>(s.b.stacks[i] / unit)
        if a < 0:
            return
        if s.dealt[p]:
            k = _hole_index(s, p)
            out[HS_OBS_HOLE + s.cards[2 * k]] = 1.0
            out[HS_OBS_HOLE + s.cards[2 * k + 1]] = 1.0
        for i in range(s.nboard):
            out[HS_OBS_BOARD + s.board[i]] = 1.0
        out[HS_OBS_STREET + s.street] = 1.0
        out[HS_OBS_TO_ACT + a] = 1.0
        for i in range(HS_SEATS):
            out[HS_OBS_BETS + i] = <float>(s.b.bets[i] / unit)
            out[HS_OBS_CONTRIB + i] = <float>(s.b.contrib[i] / unit)
            pot += s.b.contrib[i]
            if s.dealt[i]:
                out[HS_OBS_IN_HAND + i] = 1.0
                if s.b.folded[i]:
                    out[HS_OBS_FOLDED + i] = 1.0
                elif s.b.stacks[i] == 0:
                    out[HS_OBS_ALL_IN + i] = 1.0
        out[HS_OBS_POT] = <float>(pot / unit)
        owed = s.b.max_bet - s.b.bets[p]
        out[HS_OBS_TO_CALL] = <float>((owed if owed < s.b.stacks[p] else s.b.stacks[p]) / unit)
        lo = bt_min_raise_to(&s.b)
        if lo >= 0:
            out[HS_OBS_MIN_RAISE] = <float>(lo / unit)
            out[HS_OBS_MAX_RAISE] = <float>(bt_max_raise_to(&s.b) / unit)

    cdef void c_copy_into(self, CoreBase new) noexcept:
        (<Core>new).s = self.s

    def start_hand(self, cards, rng_state):
        """Start the next hand (``cards``: the 52 ids in dealing order, else a shuffle drawn
        from ``rng_state``); returns the generator state after the shuffle."""
        self.live()
        cdef uint8_t buf[52]
        cdef uint64_t rng = <uint64_t>_int_arg(rng_state, "rng_state", 0, _U64)
        cdef uint64_t seen = 0
        cdef int i, c
        if not self.s.hand_over:
            raise IllegalAction("start_hand: a hand is in progress (the next starts once it is "
                                "settled: hand_over)")
        if sum(1 for i in range(HS_SEATS) if self.s.b.stacks[i] > 0) < 2:
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
    def amount(self, i):
        """The raise-to total of listed id ``i`` (``None`` for fold, check, call or an id not
        listed)."""
        self.live()
        cdef long k = action_id(i)
        if k < BT_RAISE_MIN or k >= HS_NUM_ACTIONS or not (self.s.b.legal >> k) & 1:
            return None
        return self.s.b.amounts[k]

    def perform(self, i, amount):
        """Apply id 0, 1, 2 or 6, or (``i`` = 3) a raise to any legal ``amount`` below all-in
        (``amount`` is ignored for the other ids). Anything else raises ``IllegalAction`` and
        changes nothing."""
        self.live()
        cdef long k = action_id(i)
        cdef int64_t a = 0, lo, hi
        if k == BT_RAISE_MIN:
            a = _int_arg(amount, "raise to", 0, MAX_RAISE_TO, IllegalAction)
            lo = bt_min_raise_to(&self.s.b)
            hi = bt_max_raise_to(&self.s.b)
            if lo < 0:
                raise IllegalAction(f"raise {a}: no raise is possible now")
            if not lo <= a < hi:
                raise IllegalAction(f"raise {a}: expected {lo}..{hi - 1} (all-in is id 6)")
        elif k in (BT_FOLD, BT_CHECK, BT_CALL, BT_ALL_IN) and (self.s.b.legal >> k) & 1:
            a = self.s.b.amounts[k]
        else:
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        hs_perform(&self.s, <int>k, a)

    # ------------------------------------------------------------ computed reads
    @property
    def cards(self):
        self.live()
        return [self.s.cards[i] for i in range(52)] if self.s.hands else []

    @property
    def holes(self):
        self.live()
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
    def legal(self):
        self.live()
        return [(i, self.s.b.amounts[i] if i >= BT_RAISE_MIN else None)
                for i in range(HS_NUM_ACTIONS) if (self.s.b.legal >> i) & 1]

    def min_raise_to(self):
        self.live()
        return or_none(bt_min_raise_to(&self.s.b))

    def max_raise_to(self):
        self.live()
        return or_none(bt_max_raise_to(&self.s.b))

    def deck(self):
        """The cards not dealt yet this hand, in dealing order."""
        self.live()
        return [self.s.cards[i] for i in range(self.s.pos, 52)] if self.s.hands else []

    def bet_view(self):
        """The betting state in the betting rule's dict form (``cardcore._ref.betting``)."""
        self.live()
        view = bt_view(&self.s.b)
        view["rounds"] = self.s.rounds
        return view

    def export(self):
        """The whole state as a list of ints: ``EXPORT_FIELDS``, then the hand's cards (the
        twin's docstring gives the encoding)."""
        self.live()
        cdef const HState* s = &self.s
        cdef int i
        cdef bint started = s.hands > 0
        out = [s.hands, int(s.button >= 0), s.button if s.button >= 0 else 0,
               s.sb if started else 0, s.bb if started else 0, s.last_bb if started else 0,
               s.last_players, s.seated, s.small, s.big, s.street, s.pos, s.nact, s.rounds,
               s.hand_over, s.showdown, int(s.b.actor >= 0), s.b.actor if s.b.actor >= 0 else 0,
               s.b.max_bet, s.b.last_inc, s.b.min_bet, s.b.legal]
        out += [s.b.amounts[i] if (s.b.legal >> i) & 1 else 0
                for i in range(BT_RAISE_MIN, HS_NUM_ACTIONS)]
        out += [s.street_at[i] if i <= s.street else 0 for i in range(1, 4)]
        out.append(52 if started else 0)
        out += [s.b.stacks[i] for i in range(HS_SEATS)]
        out += [s.b.bets[i] for i in range(HS_SEATS)]
        out += [s.b.contrib[i] for i in range(HS_SEATS)]
        out += [s.b.folded[i] for i in range(HS_SEATS)]
        out += [s.b.pending[i] for i in range(HS_SEATS)]
        out += [int(s.b.faced[i] >= 0) for i in range(HS_SEATS)]
        out += [s.b.faced[i] if s.b.faced[i] >= 0 else 0 for i in range(HS_SEATS)]
        out += [s.hand_stacks[i] for i in range(HS_SEATS)]
        out += [s.values[i] for i in range(HS_SEATS)]
        out += [s.won[i] for i in range(HS_SEATS)]
        out += [s.pot_contrib[i] for i in range(HS_SEATS)]
        if started:
            out += [s.cards[i] for i in range(52)]
        return out


cdef inline void _made(Core core):
    """``core`` ready (sizes set, marked as holding a hand)."""
    made(core, HS_SEATS, HS_NUM_ACTIONS, HS_OBS_SIZE, HS_NUM_ACTIONS)


cdef int _next_in(list stacks, int seat) except -1:
    """The next seat after ``seat`` clockwise with chips in ``stacks``."""
    cdef int k
    for k in range(1, HS_SEATS + 1):
        if stacks[(seat + k) % HS_SEATS] > 0:
            return (seat + k) % HS_SEATS
    return seat


cdef tuple _field_range(str name):
    """The range of an export field (chips unless ``_RANGES`` says otherwise)."""
    base = name.rstrip("0123456789_")      # the seat or street number dropped
    return ((1 if base in ("big", "min_bet") else 2 if base == "seated" else 0),
            _RANGES.get(base, MAX_RAISE_TO))


cdef tuple _read_export(values):
    """An export as a list, its fields (each in its range) and its cards (52 distinct ids or
    none)."""
    if not isinstance(values, (list, tuple)):
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    v = list(values)
    if len(v) < EXPORT_HEAD:
        raise CardcoreError(f"values: expected at least {EXPORT_HEAD} ints, got {len(v)}")
    f = {}
    for name, x in zip(EXPORT_FIELDS, v):
        lo, hi = _field_range(name)
        f[name] = _int_arg(x, f"values: {name}", lo, hi)
    n = f["ncards"]
    if n != (52 if f["hands"] else 0):
        raise CardcoreError(f"values: ncards {n}: expected 52 once a hand has started, else 0")
    if len(v) != EXPORT_HEAD + n:
        raise CardcoreError(f"values: expected {EXPORT_HEAD + n} ints ({n} cards), "
                            f"got {len(v)}")
    cards = []
    seen = 0
    for x in v[EXPORT_HEAD:]:
        c = _int_arg(x, "values: card id", 0, 51)
        if (seen >> c) & 1:
            raise CardcoreError(f"values: card id {c} appears twice")
        seen |= 1 << c
        cards.append(c)
    for name in _SEATED:
        f[name] = [f[f"{name}_{k}"] for k in range(SEATS)]
    f["street_at"] = [0, f["street_at_1"], f["street_at_2"], f["street_at_3"]]
    return v, f, cards


cdef int _check_hand(dict f) except -1:
    """Refuse the fields of a started hand that no play reaches (the seats dealt in, the
    blinds, the streets, the chips and the betting state; the derived fields are compared
    after the rebuild)."""
    hs, folded, pending = f["hand_stack"], f["folded"], f["pending"]
    stack, bet, contrib = f["stack"], f["bet"], f["contrib"]
    dealt = [x > 0 for x in hs]
    n = sum(dealt)
    if n < 2:
        raise CardcoreError(f"values: hand stacks {hs}: fewer than two seats dealt in")
    if f["seated"] < n or (f["hands"] == 1 and f["seated"] != n):
        raise CardcoreError(f"values: seated {f['seated']}: fewer seats than the {n} dealt in, "
                            "or not the seats dealt in the first hand")
    b = f["button"]
    if not f["button_set"] or not dealt[b]:
        raise CardcoreError(f"values: button {b}: not a seat dealt in")
    sb = b if n == 2 else _next_in(hs, b)
    bb = _next_in(hs, sb)
    if (f["sb"], f["bb"], f["last_bb"], f["last_players"]) != (sb, bb, bb, n):
        raise CardcoreError(f"values: sb {f['sb']}, bb {f['bb']}, last_bb {f['last_bb']}, "
                            f"last_players {f['last_players']}: expected {sb}, {bb}, {bb}, "
                            f"{n} from the button and the hand stacks")
    street, nact = f["street"], f["nact"]
    prev = 0
    for k in range(1, 4):
        at = f["street_at"][k]
        if (k <= street and not prev <= at <= nact) or (k > street and at):
            raise CardcoreError(f"values: street_at_{k} {at}: not the action count at which "
                                f"street {k} was dealt (street {street}, {nact} actions)")
        prev = at
    for i in range(SEATS):
        if (pending[i] and (folded[i] or not stack[i])) or (not dealt[i] and not folded[i]):
            raise CardcoreError(f"values: seat {i}: folded {folded[i]}, pending "
                                f"{pending[i]}, stack {stack[i]}, hand stack {hs[i]}")
        if not f["faced_set"][i] and f["faced"][i]:
            raise CardcoreError(f"values: faced_{i} {f['faced'][i]}: faced_set_{i} is 0")
    n_live = SEATS - sum(folded)
    if n_live < 1:
        raise CardcoreError("values: every seat folded")
    if f["hand_over"]:
        return _check_settled(f, n_live)
    if f["actor_set"] == 0 or n_live < 2 or f["showdown"] or any(
            f["value"] + f["won"] + f["pot_contrib"]):
        raise CardcoreError(f"values: hand_over 0: the hand has {n_live} seats in, actor_set "
                            f"{f['actor_set']}, no showdown, values, winnings or pots yet")
    for i in range(SEATS):
        if (stack[i] + contrib[i] != hs[i] or bet[i] > contrib[i]
                or (street == 0 and bet[i] != contrib[i])
                or (f["faced_set"][i] and f["faced"][i] > f["max_bet"])):
            raise CardcoreError(f"values: seat {i}: stack {stack[i]}, bet {bet[i]}, contrib "
                                f"{contrib[i]}, faced {f['faced'][i]} do not add up to its hand "
                                f"stack {hs[i]} on street {street}")
    big, last_inc, max_bet = f["big"], f["last_inc"], f["max_bet"]
    if max_bet != max(bet) or not (last_inc == big or big <= last_inc <= max_bet):
        raise CardcoreError(f"values: max_bet {max_bet}, last_inc {last_inc}: expected the "
                            f"highest bet and a raise increment of at least {big}")
    if contrib[sb] < min(f["small"], hs[sb]) or contrib[bb] < min(big, hs[bb]):
        raise CardcoreError(f"values: contrib {contrib}: the blinds are not in")
    a = f["actor"]
    owed = max_bet - bet[a]
    others = False              # another seat in the hand could still call a raise
    for j in range(SEATS):
        if j != a and not folded[j] and bet[j] + stack[j] > max_bet:
            others = True
    can_raise = (stack[a] > owed and others
                 and (not f["faced_set"][a] or max_bet - f["faced"][a] >= last_inc))
    if not pending[a] or not (owed > 0 or can_raise):
        raise CardcoreError(f"values: actor {a}: the seat has no decision to make")
    return 0


cdef int _check_settled(dict f, int n_live) except -1:
    hs, pc = f["hand_stack"], f["pot_contrib"]
    if (f["actor_set"] or f["max_bet"] or any(f["pending"] + f["bet"] + f["contrib"])
            or (f["showdown"] and (f["street"] != 3 or n_live < 2))
            or (not f["showdown"] and n_live != 1)):
        raise CardcoreError(f"values: hand_over 1: no actor, pending seat, bet or contribution "
                            f"left, and a showdown (street 3) exactly when {n_live} seats "
                            "are in")
    for i in range(SEATS):
        if pc[i] > hs[i] or f["stack"][i] != hs[i] - pc[i] + f["won"][i]:
            raise CardcoreError(f"values: seat {i}: stack {f['stack'][i]}, pot contribution "
                                f"{pc[i]}, won {f['won'][i]} do not add up to its hand stack "
                                f"{hs[i]}")
    top = sorted(pc)
    if top[SEATS - 1] != top[SEATS - 2]:
        raise CardcoreError(f"values: pot contributions {pc}: the uncalled chips were not "
                            "returned")
    return 0


def from_seed(seed, stacks=None, button=-1):
    """The core ``cardcore.new_game("holdem", seed=seed)`` starts with (``stacks`` default
    ``START_STACK`` a seat, ``button`` -1 the first seat with chips from seat 0, blinds
    ``SMALL_BLIND``/``BIG_BLIND``): its first hand dealt from a shuffle drawn from the
    generator state ``seed``, as ``start_hand(None, seed)`` deals it."""
    st = int_arg(seed, "seed", 0, _U64, CardcoreError)
    core = Core([HS_START_STACK] * HS_SEATS if stacks is None else stacks, button,
                HS_SMALL_BLIND, HS_BIG_BLIND)
    core.start_hand(None, st)
    return core


def from_export(values):
    """The ``Core`` whose ``export()`` is ``values`` (every field checked; see the twin's
    docstring)."""
    v, f, cards = _read_export(values)
    if not f["hands"]:
        try:
            core = Core(f["stack"], f["button"] if f["button_set"] else -1, f["small"],
                        f["big"])
        except CardcoreError as e:
            raise CardcoreError(f"values: {e}") from None
    else:
        _check_hand(f)
        core = _rebuild(f, cards)
    if core.export() != v:
        raise CardcoreError("values: the fields do not match the cards and the betting state "
                            "they list")
    return core


cdef Core _rebuild(dict f, list cards):
    """A core holding the checked fields of a started hand; the board, the burns, the listed
    actions, the showdown values and the winnings derived from them."""
    cdef Core core = Core.__new__(Core)
    cdef HState* s = &core.s
    cdef Bet pots
    cdef int i, k, street = f["street"], pos = 0
    memset(s, 0, sizeof(HState))
    s.b.n = HS_SEATS
    s.small = f["small"]
    s.big = f["big"]
    s.button = f["button"]
    s.sb = f["sb"]
    s.bb = f["bb"]
    s.hands = f["hands"]
    s.last_bb = f["last_bb"]
    s.last_players = f["last_players"]
    s.seated = f["seated"]
    for i in range(HS_SEATS):
        s.b.stacks[i] = f["stack"][i]
        s.b.bets[i] = f["bet"][i]
        s.b.contrib[i] = f["contrib"][i]
        s.b.folded[i] = f["folded"][i]
        s.b.pending[i] = f["pending"][i]
        s.b.faced[i] = f["faced"][i] if f["faced_set"][i] else -1
        s.hand_stacks[i] = f["hand_stack"][i]
        s.pot_contrib[i] = f["pot_contrib"][i]
        s.dealt[i] = s.hand_stacks[i] > 0
        s.street_at[i] = f["street_at"][i] if i <= street else -1
    s.b.max_bet = f["max_bet"]
    s.b.last_inc = f["last_inc"]
    s.b.min_bet = s.big
    s.rounds = street + 1
    s.b.actor = f["actor"] if f["actor_set"] else -1
    s.nact = f["nact"]
    s.hand_over = f["hand_over"]
    s.showdown = f["showdown"]
    for i in range(52):
        s.cards[i] = cards[i]
    for i in range(HS_SEATS):
        pos += 2 * s.dealt[i]
    for i in range(1, street + 1):
        k = 3 if i == 1 else 1
        s.burns[s.nburns] = s.cards[pos]
        s.nburns += 1
        memcpy(&s.board[s.nboard], &s.cards[pos + 1], k)
        s.nboard += k
        pos += 1 + k
    s.pos = pos
    s.street = street
    if s.hand_over:
        if s.showdown:
            _show_values(s)
        pots = s.b
        memcpy(pots.contrib, s.pot_contrib, sizeof(s.pot_contrib))
        bt_award(&pots, s.values, (s.button + 1) % HS_SEATS, s.won)
    else:
        bt_list_sizes(&s.b)
    _made(core)
    return core
