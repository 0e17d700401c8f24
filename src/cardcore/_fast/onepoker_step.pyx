# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""One Poker step kernel, compiled: one deal of One Poker as a C struct.

``Core`` holds the two players' hands, the draw pile and the discards, the locks, the one
no-limit betting round (the rule of ``cardcore._ref.betting``, for two seats) and the showdown
of one deal; ``core.next_deal()`` starts the deal that follows a settled one. The plain-Python
twin ``cardcore._ref.onepoker_step`` documents the ids, the observation and the export; both
give the same answers.

``returns()``: once the deal is settled, each seat's chips after the deal minus its chips
before the deal (antes included: what ``OnePokerState.scores()`` gives for one deal with
``single_deal=True``); zeros before.
"""

from libc.string cimport memset, memmove
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from cardcore._fast.bits cimport cc_bit_ids, rng_shuffle
from cardcore._fast.args cimport int_arg, or_none
from cardcore._fast.betting cimport (Bet, BT_RAISE_MIN, bt_has_decision, bt_list_sizes,
                                     bt_max_raise_to, bt_min_raise_to, bt_owed, bt_perform,
                                     bt_post, bt_return_uncalled, bt_start_round, bt_view)
from cardcore._fast.core cimport Core as CoreBase
from cardcore._fast.stepcore cimport made

from collections.abc import Sequence

from cardcore.errors import CardcoreError, CardError, IllegalAction, quote

LOCK0 = OP_LOCK0
NUM_ACTIONS = OP_NUM_ACTIONS
OBS_SIZE = OP_OBS_SIZE
ANTE = OP_ANTE
UP_MIN_RANK = OP_UP_MIN_RANK
MAX_CHIPS = 10 ** 15
_U64 = (1 << 64) - 1
_I64 = (1 << 63) - 1
_SEATED = ("start", "stack", "bet", "contrib", "faced", "pending", "folded", "locked", "won",
           "nhand")
EXPORT_FIELDS = (
    "first", "settled", "reshuffled", "actor", "max_bet", "last_inc", "pot", "rng", "npile",
    "ndiscards", *(f"{name}_{s}" for name in _SEATED for s in range(2)),
)
EXPORT_HEAD = len(EXPORT_FIELDS)
_RANGES = {
    "first": (0, 1), "settled": (0, 1), "reshuffled": (0, 1), "actor": (-1, 1),
    "max_bet": (0, MAX_CHIPS), "last_inc": (1, MAX_CHIPS), "pot": (0, 2 * MAX_CHIPS),
    "rng": (0, _U64), "npile": (0, OP_DECK), "ndiscards": (0, OP_DECK),
    "start": (1, MAX_CHIPS), "stack": (0, 2 * MAX_CHIPS), "bet": (0, MAX_CHIPS),
    "contrib": (0, MAX_CHIPS), "faced": (-1, MAX_CHIPS), "pending": (0, 1), "folded": (0, 1),
    "locked": (-1, 51), "won": (0, 2 * MAX_CHIPS), "nhand": (1, 2),
}
_PHASES = ("lock", "bet", "over")
_ID_KINDS = ("fold", "check", "call", "raise", "raise", "raise", "all-in")


# ---------------------------------------------------------------- betting
# (the rule is ``betting.pyx``'s, over the betting state ``s.b``: two seats, increments from 1)

cdef inline void _clear_bet(Bet* b) noexcept nogil:
    """The betting state of a deal before its antes."""
    memset(b, 0, sizeof(Bet))
    b.n = 2
    b.min_bet = 1
    b.last_inc = 1
    b.faced[0] = -1
    b.faced[1] = -1
    b.actor = -1


# ---------------------------------------------------------------- the deal

cdef inline int _compare_ranks(int ra, int rb) noexcept nogil:
    """+1 if rank ``ra`` beats ``rb``, -1 if it loses, 0 for equal ranks (2 beats A)."""
    if ra == rb:
        return 0
    if ra == 0 and rb == 12:
        return 1
    if ra == 12 and rb == 0:
        return -1
    return 1 if ra > rb else -1


cdef int op_winner(const OPState* s) noexcept nogil:
    """The seat that won the settled deal (-1: a tie)."""
    cdef int c
    if s.b.folded[0]:
        return 1
    if s.b.folded[1]:
        return 0
    c = _compare_ranks(s.locked[0] >> 2, s.locked[1] >> 2)
    return -1 if c == 0 else (0 if c > 0 else 1)


cdef void _settle(OPState* s) noexcept nogil:
    """Return the uncalled chips, share the pot out, move the played cards to the discards."""
    cdef int seat, w
    cdef int64_t share
    bt_return_uncalled(&s.b)
    s.pot = s.b.contrib[0] + s.b.contrib[1]
    w = op_winner(s)
    if w < 0:
        share = s.pot // 2
        s.won[0] = share
        s.won[1] = share
        s.won[s.first] += s.pot - 2 * share  # an odd chip (never: both put in the same)
    else:
        s.won[w] = s.pot
        s.won[1 - w] = 0
    for seat in range(2):
        s.b.stacks[seat] += s.won[seat]
        s.b.contrib[seat] = 0
        s.b.bets[seat] = 0
        s.b.pending[seat] = 0
        s.b.faced[seat] = -1
        # the played card goes to the discards; the other stays first in the hand
        if s.hands[seat][0] == s.locked[seat]:
            s.hands[seat][0] = s.hands[seat][1]
        s.nhand[seat] = 1
        s.discards[s.ndiscards] = <uint8_t>s.locked[seat]
        s.ndiscards += 1
    s.b.max_bet = 0
    s.b.last_inc = 1
    s.b.actor = -1
    s.b.legal = 0
    s.settled = 1


cdef void op_start(OPState* s) noexcept nogil:
    """Open the deal whose cards, ``start`` chips, ``first`` seat and generator are set: the
    antes posted (the first player's first), nothing locked."""
    cdef int seat, k
    _clear_bet(&s.b)
    for seat in range(2):
        s.b.stacks[seat] = s.start[seat]
        s.won[seat] = 0
        s.locked[seat] = -1
        s.nhand[seat] = 2
    for k in range(2):
        bt_post(&s.b, (s.first + k) % 2, OP_ANTE, False)
    s.pot = 0
    s.settled = 0


cdef bint op_next(const OPState* old, OPState* s) noexcept nogil:
    """The deal after the settled deal ``old`` into ``s`` (False, ``s`` untouched, when
    ``old`` is not settled or a player has no chips left)."""
    cdef int nxt, seat, k, w
    if not old.settled or old.b.stacks[0] <= 0 or old.b.stacks[1] <= 0:
        return False
    s[0] = old[0]
    w = op_winner(old)
    nxt = w if w >= 0 else 1 - old.first
    s.reshuffled = s.npile < 2
    if s.reshuffled:
        for k in range(s.ndiscards):
            s.pile[s.npile + k] = s.discards[k]
        s.npile += s.ndiscards
        s.ndiscards = 0
        rng_shuffle(s.pile, s.npile, &s.rng)
    for k in range(2):
        seat = (nxt + k) % 2
        s.hands[seat][1] = s.pile[0]
        s.npile -= 1
        memmove(s.pile, s.pile + 1, s.npile)
    s.start[0] = old.b.stacks[0]
    s.start[1] = old.b.stacks[1]
    s.first = nxt
    op_start(s)
    return True


cdef inline int _locker(const OPState* s) noexcept nogil:
    return s.first if s.locked[s.first] < 0 else 1 - s.first


cdef int op_player(const OPState* s) noexcept nogil:
    if s.settled:
        return -1
    if s.locked[1 - s.first] < 0:
        return _locker(s)
    return s.b.actor


cdef void op_lock(OPState* s, int card) noexcept nogil:
    """The seat to lock locks ``card`` (one it holds); after both locks the betting opens
    (settled at once when nobody can bet: a player all-in from the ante)."""
    s.locked[_locker(s)] = card
    if s.locked[0] >= 0 and s.locked[1] >= 0:
        bt_start_round(&s.b, s.first, False)
        if s.b.actor < 0:
            _settle(s)
        else:
            bt_list_sizes(&s.b)


cdef void op_act(OPState* s, int i, int64_t amount) noexcept nogil:
    """``betting.perform`` for the actor: fold, check, call, or a raise to ``amount`` (ids
    3..6), checked by the caller; then the deal moves on."""
    bt_perform(&s.b, i, amount)
    if s.b.actor < 0:
        _settle(s)
    else:
        bt_list_sizes(&s.b)


cdef inline int _ups(const OPState* s, int seat) noexcept nogil:
    """The UP count of the two cards ``seat`` holds this deal (the played one counted after
    the showdown)."""
    cdef int n = (s.hands[seat][0] >> 2) >= OP_UP_MIN_RANK
    if s.settled:
        n += (s.locked[seat] >> 2) >= OP_UP_MIN_RANK
    else:
        n += (s.hands[seat][1] >> 2) >= OP_UP_MIN_RANK
    return n


# ---------------------------------------------------------------- the Python face

cdef list _cards_arg(object x, str what, object length):
    """A list of card ids 0..51 (``length`` of them when given), else ``CardError``."""
    if isinstance(x, (str, bytes)) or not isinstance(x, Sequence):
        raise CardError(f"{what} {quote(x)}: expected a list of card ids")
    if length is not None and len(x) != length:
        raise CardError(f"{what} {quote(x)}: expected {length} card ids")
    return [int_arg(c, f"{what}: card", 0, 51, CardError) for c in x]


cdef Core _wrap(const OPState* s):
    """A ready core holding a copy of ``s``."""
    cdef Core core = Core.__new__(Core)
    core.s = s[0]
    _made(core)
    return core


cdef inline void _made(Core core):
    """``core`` ready (sizes set, marked as holding a deal)."""
    made(core, 2, OP_NUM_ACTIONS, OP_OBS_SIZE, OP_MAX_LEGAL)


include "onepoker_step_fields.pxi"  # _Fields: the record, the stored reads


cdef class Core(_Fields):
    """One deal of One Poker (see the twin's docstring). ``Core(hands, pile, discards, chips,
    first, rng)``: the two players' two cards each, the draw pile (top first), the discards
    (oldest first), each seat's chips before the deal (1..``MAX_CHIPS``), the seat that locks
    and bets first, the generator state; every card of the double deck twice among them. The
    antes are posted at once."""

    def __init__(self, hands, pile, discards, chips, first, rng):
        cdef int k, seat
        self._ready = False     # (a core whose constructor raises holds no deal)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != 2:
            raise CardError(f"hands {quote(hands)}: expected two hands of two card ids")
        hs = [_cards_arg(hands[j], f"hands[{j}]", 2) for j in range(2)]
        pl = _cards_arg(pile, "pile", None)
        ds = _cards_arg(discards, "discards", None)
        cdef int64_t cs[2]
        _chips_arg(chips, cs)
        f = int_arg(first, "first", 0, 1, CardcoreError)
        r = int_arg(rng, "rng", 0, _U64, CardcoreError)
        counts = [0] * 52
        for c in hs[0] + hs[1] + pl + ds:
            counts[c] += 1
        if any(n != 2 for n in counts):
            raise CardError(f"hands, pile and discards {quote([hs, pl, ds], 200)}: expected "
                            "every card of the double deck twice")
        memset(&self.s, 0, sizeof(OPState))
        for seat in range(2):
            self.s.hands[seat][0] = hs[seat][0]
            self.s.hands[seat][1] = hs[seat][1]
            self.s.start[seat] = cs[seat]
        for k in range(len(pl)):
            self.s.pile[k] = pl[k]
        for k in range(len(ds)):
            self.s.discards[k] = ds[k]
        self.s.npile = len(pl)
        self.s.ndiscards = len(ds)
        self.s.first = f
        self.s.rng = r
        op_start(&self.s)
        _made(self)

    # ------------------------------------------------------------------ the C contract
    cdef int c_player(self) noexcept nogil:
        return op_player(&self.s)

    cdef bint c_over(self) noexcept nogil:
        return self.s.settled

    cdef int c_legal(self, int32_t* out) noexcept nogil:
        cdef int seat, a, b
        cdef uint64_t legal
        if self.s.settled:
            return 0
        if self.s.locked[1 - self.s.first] < 0:
            seat = _locker(&self.s)
            a = self.s.hands[seat][0]
            b = self.s.hands[seat][1]
            if a > b:
                a, b = b, a
            out[0] = OP_LOCK0 + a
            if a == b:
                return 1
            out[1] = OP_LOCK0 + b
            return 2
        legal = self.s.b.legal                    # bit i: betting id i (the action id)
        return cc_bit_ids(&legal, 1, 0, out)

    cdef bint c_is_legal(self, long i) noexcept nogil:
        cdef int seat
        if self.s.settled:
            return False
        if self.s.locked[1 - self.s.first] < 0:
            if i < OP_LOCK0 or i >= OP_NUM_ACTIONS:
                return False
            seat = _locker(&self.s)
            return self.s.hands[seat][0] == i - OP_LOCK0 or self.s.hands[seat][1] == i - OP_LOCK0
        return 0 <= i < OP_NUM_BET_IDS and (self.s.b.legal >> i) & 1

    cdef void c_apply(self, int i) noexcept nogil:
        if i >= OP_LOCK0:
            op_lock(&self.s, i - OP_LOCK0)
        else:
            op_act(&self.s, i, self.s.b.amounts[i])

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int p
        for p in range(2):
            out[p] = <double>(self.s.b.stacks[p] - self.s.start[p]) if self.s.settled else 0.0

    cdef void c_observe(self, int seat, float* out) noexcept nogil:
        """``docs/actions/onepoker.md``'s tensor for ``seat`` into ``out`` (zeroed)."""
        cdef const OPState* s = &self.s
        cdef double unit = <double>(s.start[0] + s.start[1]) / 2.0
        cdef int k, p, up, to_act
        cdef int64_t o, lo, hi
        for k in range(s.nhand[seat]):
            out[OP_OBS_HAND + s.hands[seat][k]] += 1.0
        for k in range(s.ndiscards):
            out[OP_OBS_DISCARDS + s.discards[k]] += 1.0
        out[OP_OBS_PLAYER + seat] = 1.0
        out[OP_OBS_PILE] = <float>(<double>s.npile / <double>OP_DECK)
        for p in range(2):
            out[OP_OBS_CHIPS + p] = <float>(<double>s.b.stacks[p] / unit)
            up = _ups(s, p)
            out[OP_OBS_SIGNALS + 2 * p] = up
            out[OP_OBS_SIGNALS + 2 * p + 1] = 2 - up
        if s.settled:
            return
        out[OP_OBS_FIRST + s.first] = 1.0
        if s.locked[seat] >= 0:
            out[OP_OBS_LOCKED + s.locked[seat]] = 1.0
        for p in range(2):
            if s.locked[p] >= 0:
                out[OP_OBS_HAS_LOCKED + p] = 1.0
        to_act = op_player(s)
        out[OP_OBS_TO_ACT + to_act] = 1.0
        out[OP_OBS_POT] = <float>(<double>(s.b.contrib[0] + s.b.contrib[1]) / unit)
        if s.locked[1 - s.first] < 0:
            out[OP_OBS_PHASE] = 1.0
            return
        out[OP_OBS_PHASE + 1] = 1.0
        for p in range(2):
            out[OP_OBS_BETS + p] = <float>(<double>s.b.bets[p] / unit)
        o = bt_owed(&s.b, seat)
        if o > s.b.stacks[seat]:
            o = s.b.stacks[seat]
        out[OP_OBS_TO_CALL] = <float>(<double>o / unit)
        lo = bt_min_raise_to(&s.b)
        hi = bt_max_raise_to(&s.b)
        if lo >= 0 and hi >= 0:
            out[OP_OBS_MIN_RAISE] = <float>(<double>lo / unit)
            out[OP_OBS_MAX_RAISE] = <float>(<double>hi / unit)

    cdef void c_copy_into(self, CoreBase new) noexcept:
        (<Core>new).s = self.s

    # ------------------------------------------------------------------ computed reads
    @property
    def phase(self):
        """``"lock"``, ``"bet"`` or ``"over"`` (settled)."""
        self.live()
        if self.s.settled:
            return "over"
        return "bet" if self.s.locked[1 - self.s.first] >= 0 else "lock"

    def hand(self, seat):
        """The cards ``seat`` holds (two; after the showdown the kept one)."""
        self.live()
        cdef int p = <int>int_arg(seat, "seat", 0, 1, CardcoreError)
        return [self.s.hands[p][k] for k in range(self.s.nhand[p])]

    @property
    def locked(self):
        """Each seat's locked card (``None`` before its lock)."""
        self.live()
        return [or_none(self.s.locked[0]), or_none(self.s.locked[1])]

    @property
    def signals(self):
        """Each seat's public signal: how many of its two cards are UP and DOWN."""
        self.live()
        out = []
        for p in range(2):
            up = _ups(&self.s, p)
            out.append({"up": up, "down": 2 - up})
        return out

    def stacks(self):
        """Each seat's chips behind now (after the showdown: its chips after the deal)."""
        self.live()
        return [self.s.b.stacks[0], self.s.b.stacks[1]]

    def bet_view(self):
        """The betting state as the betting rule's hand dict (``cardcore._ref.betting``)."""
        self.live()
        view = bt_view(&self.s.b)
        view["rounds"] = 0 if self.s.locked[1 - self.s.first] < 0 else 1
        return view

    @property
    def min_raise_to(self):
        """The smallest legal ``raise N`` of the seat to act (``None``: no raise now)."""
        self.live()
        return or_none(bt_min_raise_to(&self.s.b))

    @property
    def max_raise_to(self):
        """The largest legal ``raise N`` (all-in) of the seat to act, or ``None``."""
        self.live()
        return or_none(bt_max_raise_to(&self.s.b))

    @property
    def pot(self):
        """The chips in the pot (antes and bets; 0 once settled)."""
        self.live()
        return self.s.b.contrib[0] + self.s.b.contrib[1]

    def amount(self, i):
        """The raise-to total of the betting id ``i`` (``None`` for fold, check and call);
        ``IllegalAction`` unless ``i`` is a legal betting id now."""
        self.live()
        cdef object v = int_arg(i, "action id", -_I64 - 1, _I64, IllegalAction)
        if (self.s.settled or self.s.locked[1 - self.s.first] < 0 or not 0 <= v < OP_NUM_BET_IDS
                or not (self.s.b.legal >> <int>v) & 1):
            raise IllegalAction(f"action id {quote(i)}: not a legal betting id now")
        return self.s.b.amounts[<int>v] if v >= BT_RAISE_MIN else None

    def raise_to(self, amount):
        """Raise (or bet) to ``amount``, the total bet of the round: any legal amount, from
        ``min_raise_to`` to ``max_raise_to``; otherwise ``IllegalAction`` and no change."""
        self.live()
        if self.s.settled or self.s.locked[1 - self.s.first] < 0:
            raise IllegalAction(f"raise {quote(amount)}: no betting round is open")
        cdef object v = int_arg(amount, "raise", -_I64 - 1, _I64, IllegalAction)
        cdef int64_t lo = bt_min_raise_to(&self.s.b), hi = bt_max_raise_to(&self.s.b)
        if lo < 0:
            raise IllegalAction(f"raise {quote(amount)}: no raise now")
        if not lo <= v <= hi:
            raise IllegalAction(f"raise {quote(amount)}: expected a raise to {lo}..{hi}")
        op_act(&self.s, BT_RAISE_MIN, <int64_t>v)

    @property
    def folder(self):
        """The seat that folded this deal, or ``None``."""
        self.live()
        return 0 if self.s.b.folded[0] else 1 if self.s.b.folded[1] else None

    @property
    def winner(self):
        """The seat that won the settled deal (``None``: a tie, or not settled)."""
        self.live()
        return or_none(op_winner(&self.s)) if self.s.settled else None

    # ------------------------------------------------------------------ the next deal
    def next_deal(self):
        """The deal after this settled deal (both players still have chips): the winner
        (after a tie: the other player than this deal's first) goes first; when fewer than two
        cards are left the discards are shuffled into the pile (with the generator state the
        core carries); the first player draws first, then the other; the antes are posted.
        This core is left as it is."""
        self.live()
        cdef OPState s
        if not self.s.settled:
            raise CardcoreError("next_deal: the deal is not settled yet")
        if not op_next(&self.s, &s):
            raise CardcoreError(f"next_deal: a player has no chips left "
                                f"({[self.s.b.stacks[0], self.s.b.stacks[1]]}): the match is over")
        return _wrap(&s)

    # ------------------------------------------------------------------ copying
    def export(self):
        """The whole position as a flat list of ints (``EXPORT_FIELDS``, then the cards)."""
        self.live()
        cdef const OPState* s = &self.s
        out = [s.first, s.settled, s.reshuffled, s.b.actor, s.b.max_bet, s.b.last_inc, s.pot, s.rng,
               s.npile, s.ndiscards]
        out += [s.start[0], s.start[1], s.b.stacks[0], s.b.stacks[1], s.b.bets[0], s.b.bets[1],
                s.b.contrib[0], s.b.contrib[1], s.b.faced[0], s.b.faced[1], s.b.pending[0], s.b.pending[1],
                s.b.folded[0], s.b.folded[1], s.locked[0], s.locked[1], s.won[0], s.won[1],
                s.nhand[0], s.nhand[1]]
        for p in range(2):
            out += [s.hands[p][k] for k in range(s.nhand[p])]
        out += [s.pile[k] for k in range(s.npile)]
        out += [s.discards[k] for k in range(s.ndiscards)]
        return out


# ---------------------------------------------------------------------- module functions

def from_seed(seed, stacks=None):
    """The first deal of ``new_game("onepoker", seed=seed, stacks=stacks)``: the double deck
    shuffled with the SplitMix64 generator of ``seed``, two cards to seat 0, two to seat 1, the
    rest the pile; seat 0 first; each seat's ``stacks`` (default 20 and 20) before the antes."""
    cdef uint64_t rng = <uint64_t>int_arg(seed, "seed", 0, _U64, CardcoreError)
    cdef int64_t chips[2]
    chips[0] = chips[1] = 20
    if stacks is not None:
        _chips_arg(stacks, chips)
    cdef Core core = Core.__new__(Core)
    _first_deal(&core.s, rng, chips)
    _made(core)
    return core


cdef int _chips_arg(object chips, int64_t* out) except -1:
    """Each seat's chips before a deal (two counts, 1..``MAX_CHIPS``) into ``out``, else
    ``CardcoreError``."""
    if isinstance(chips, (str, bytes)) or not isinstance(chips, Sequence) or len(chips) != 2:
        raise CardcoreError(f"chips {quote(chips)}: expected two chip counts")
    out[0] = int_arg(chips[0], "chips", 1, MAX_CHIPS, CardcoreError)
    out[1] = int_arg(chips[1], "chips", 1, MAX_CHIPS, CardcoreError)
    return 0


cdef void _first_deal(OPState* s, uint64_t rng, const int64_t* chips) noexcept nogil:
    """The first deal from the generator state ``rng``: the double deck shuffled, two cards to
    seat 0, two to seat 1, the rest the pile, seat 0 first, the antes posted."""
    cdef uint8_t cards[OP_DECK]
    cdef int k, seat
    for k in range(OP_DECK):
        cards[k] = k % 52
    rng_shuffle(cards, OP_DECK, &rng)
    memset(s, 0, sizeof(OPState))
    for seat in range(2):
        s.hands[seat][0] = cards[2 * seat]
        s.hands[seat][1] = cards[2 * seat + 1]
        s.start[seat] = chips[seat]
    for k in range(4, OP_DECK):
        s.pile[k - 4] = cards[k]
    s.npile = OP_DECK - 4
    s.first = 0
    s.rng = rng
    op_start(s)


def from_export(values):
    """The core whose ``export()`` is ``values``: every field's range checked, then the fields
    against each other (``CardcoreError`` for anything a deal cannot reach)."""
    if not isinstance(values, list):
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    if len(values) < EXPORT_HEAD:
        raise CardcoreError(f"values: expected at least {EXPORT_HEAD} ints, got {len(values)}")
    f = {}
    for k, name in enumerate(EXPORT_FIELDS):
        lo, hi = _RANGES[name[:len(name) - 2] if name.endswith(("_0", "_1")) else name]
        f[name] = int_arg(values[k], f"values[{k}] ({name})", lo, hi, CardcoreError)
    n = EXPORT_HEAD + f["nhand_0"] + f["nhand_1"] + f["npile"] + f["ndiscards"]
    if len(values) != n:
        raise CardcoreError(f"values: expected {n} ints (the fields and the cards they count), "
                            f"got {len(values)}")
    cards = [int_arg(values[k], f"values[{k}] (a card)", 0, 51, CardError)
             for k in range(EXPORT_HEAD, n)]
    a = f["nhand_0"]
    b = a + f["nhand_1"]
    c = b + f["npile"]
    hands, pile, discards = [cards[:a], cards[a:b]], cards[b:c], cards[c:]
    seat = {name: [f[f"{name}_0"], f[f"{name}_1"]] for name in _SEATED}
    why = _contradiction(f, seat, hands, cards)
    cdef OPState s
    cdef int p, k2
    memset(&s, 0, sizeof(OPState))
    _clear_bet(&s.b)
    if not why:
        s.first = f["first"]
        s.settled = f["settled"]
        s.reshuffled = f["reshuffled"]
        s.b.actor = f["actor"]
        s.b.max_bet = f["max_bet"]
        s.b.last_inc = f["last_inc"]
        s.pot = f["pot"]
        s.rng = <uint64_t>f["rng"]
        s.npile = f["npile"]
        s.ndiscards = f["ndiscards"]
        for p in range(2):
            s.start[p] = seat["start"][p]
            s.b.stacks[p] = seat["stack"][p]
            s.b.bets[p] = seat["bet"][p]
            s.b.contrib[p] = seat["contrib"][p]
            s.b.faced[p] = seat["faced"][p]
            s.b.pending[p] = seat["pending"][p]
            s.b.folded[p] = seat["folded"][p]
            s.locked[p] = seat["locked"][p]
            s.won[p] = seat["won"][p]
            s.nhand[p] = seat["nhand"][p]
            for k2 in range(s.nhand[p]):
                s.hands[p][k2] = hands[p][k2]
        for k2 in range(s.npile):
            s.pile[k2] = pile[k2]
        for k2 in range(s.ndiscards):
            s.discards[k2] = discards[k2]
        if not s.settled and s.locked[1 - s.first] >= 0:
            if s.b.actor < 0 or not bt_has_decision(&s.b, s.b.actor):
                why = "the betting round is open but nobody has a decision"
            else:
                bt_list_sizes(&s.b)
    if why:
        raise CardcoreError(f"values {quote(values, 200)}: {why}")
    return _wrap(&s)


def _contradiction(f, seat, hands, cards):
    """What in an export's fields contradicts the rest (``""``: nothing); the open betting
    round's actor is checked by the caller."""
    counts = [0] * 52
    for x in cards:
        counts[x] += 1
    if any(k != 2 for k in counts):
        return "the hands, the pile and the discards must hold every card twice"
    first, locked, start = f["first"], seat["locked"], seat["start"]
    stack, bet, contrib = seat["stack"], seat["bet"], seat["contrib"]
    if f["settled"]:
        if seat["nhand"] != [1, 1] or min(locked) < 0:
            return "a settled deal has both locks and one card in each hand"
        if (f["actor"] >= 0 or f["max_bet"] or f["last_inc"] != 1 or any(bet) or any(contrib)
                or any(seat["pending"]) or max(seat["faced"]) >= 0):
            return "a settled deal has no betting state left"
        if sum(seat["folded"]) > 1:
            return "both players folded"
        if sum(seat["won"]) != f["pot"] or sum(stack) != sum(start):
            return "the pot and the chips do not add up"
        put = [start[p] - stack[p] + seat["won"][p] for p in range(2)]
        if put[0] != put[1] or put[0] < ANTE:
            return "the players' contributions to the pot differ"
        if any(seat["folded"]):
            winner = 1 - seat["folded"].index(1)
        else:
            c = _compare_ranks(locked[0] >> 2, locked[1] >> 2)
            winner = None if c == 0 else (0 if c > 0 else 1)
        share = ([f["pot"] // 2] * 2 if winner is None
                 else [f["pot"] * (p == winner) for p in range(2)])
        if seat["won"] != share:
            return "the pot went to the wrong player"
        return ""
    if seat["nhand"] != [2, 2] or any(seat["won"]) or f["pot"]:
        return "a deal in play has two cards in each hand and no result"
    for p in range(2):
        if locked[p] >= 0 and locked[p] not in hands[p]:
            return f"seat {p} locked a card it does not hold"
        if contrib[p] != ANTE + bet[p] or stack[p] != start[p] - contrib[p]:
            return f"seat {p}'s chips do not add up"
    if locked[1 - first] >= 0 and locked[first] < 0:
        return "the second player locked before the first"
    if any(seat["folded"]):
        return "a fold ends the deal"
    if locked[1 - first] < 0:
        if (f["actor"] >= 0 or f["max_bet"] or f["last_inc"] != 1 or any(bet)
                or any(seat["pending"]) or max(seat["faced"]) >= 0):
            return "no betting before both locks"
        return ""
    if f["max_bet"] != max(bet) or any(x > f["max_bet"] for x in seat["faced"]):
        return "the bets do not match the highest bet"
    return ""
