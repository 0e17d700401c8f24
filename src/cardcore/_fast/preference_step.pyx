# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, nonecheck=False
"""Preference step kernel, compiled: the play of one deal as a C struct.

``Core`` holds one deal of Preference (the deal, the auction, the talon and the discard, the
contract, the defence, the tricks and the settlement against the pot); it is a step core of the
one core contract (``cardcore._fast.core.Core``: ``legal_ids``, ``apply``, ``returns``,
``observation_tensor``, ``copy`` and pickling come from the base, over the C methods filled
here) and the deal of ``cardcore.preference.PreferenceState``. ``from_seed(seed)`` is the core
``new_game("preference", seed=seed)`` starts with. The plain-Python twin
``cardcore._ref.preference_step`` documents the encoding (seats, card and action ids,
``export`` fields, ``returns``, the observation layout); both give the same answers and raise
the same errors.
"""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from cardcore._fast.bits cimport cc_ctz, cc_popcount, cc_pop_lowest, deck_shuffle
from cardcore._fast.args cimport card_mask, int_arg, mask_cards, or_none
from cardcore._fast.stepcore cimport id_among, made, shuffled_ids

from cardcore.errors import CardcoreError, CardError, quote

NUM_PLAYERS = 3
N_ACTIONS = PF_N_ACTIONS
PLAY0 = 0
DISCARD0 = PF_DISCARD0
BID0 = PF_BID0
HOLD = PF_HOLD
GAME0 = PF_GAME0
HEARTS_BID = PF_HEARTS_BID
PASS = PF_PASS
TRUMP0 = PF_TRUMP0
NO_ACES = PF_NO_ACES
NO_ANNOUNCEMENT = PF_NO_ANNOUNCEMENT
STAY = PF_STAY
DROP = PF_DROP
INVITE = PF_INVITE
ALONE = PF_ALONE
PHASES = ("auction", "discard", "trump", "announce", "defence", "invite", "play", "over")
KINDS = ("number", "game", "hearts")
DEFENCES = (None, "stay", "drop", "invited")
BONUSES = ("hearts", "four aces", "no aces")
FIRST_DEALER = 2
DEFAULT_DEALS = 9
MAX_LEGAL = PF_MAX_LEGAL
MAX_HISTORY = PF_MAX_HISTORY

cdef enum:
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    ACE = 12
    STAKE = 30
    TAKE = 10
    FAIL = 20
    PENALTY = 10
    BONUS = 10
    NEED = 6
    DEFENDER_NEED = 2
    HOST_NEED = 4
    TRICKS = 10
    # the observation tensor's layout (the twin and docs/actions/preference.md name them)
    O_HAND_PLANE = 0
    O_DISCARD_PLANE = 32
    O_PLAYED_PLANE = 64
    O_TRICK_PLANE = 160
    O_PHASE = 256
    O_TO_ACT = 264
    O_DEALER = 267
    O_NUMBER = 270
    O_NUMBER_HOLDER = 275
    O_GAME_SUIT = 278
    O_GAME_HOLDER = 281
    O_PASSED = 284
    O_SPOKEN = 287
    O_KIND = 290
    O_DECLARER = 293
    O_LEVEL = 296
    O_TRUMP = 300
    O_NO_ACES = 304
    O_DEFENCE = 305
    O_HOST = 314
    O_ACTIVE = 317
    O_LEADER = 320
    O_WON = 323
    O_TRICKS = 326
    O_POT = 327
    O_BALANCE = 328
    O_DEAL = 331
    O_SIZE = 333
    # the export's head (EXPORT_FIELDS), then MAX_HISTORY action ids
    X_DEALER = 0
    X_DEAL_NO = 1
    X_DEALS = 2
    X_BALANCES = 3
    X_POT = 6
    X_WON = 7
    X_CARDS = 10
    X_ACTIONS = 42
    X_HEAD = 43
    X_SIZE = X_HEAD + PF_MAX_HISTORY

HAND_PLANE = O_HAND_PLANE
DISCARD_PLANE = O_DISCARD_PLANE
PLAYED_PLANE = O_PLAYED_PLANE
TRICK_PLANE = O_TRICK_PLANE
PHASE_SLOT = O_PHASE
TO_ACT_SLOT = O_TO_ACT
DEALER_SLOT = O_DEALER
NUMBER_SLOT = O_NUMBER
NUMBER_HOLDER_SLOT = O_NUMBER_HOLDER
GAME_SUIT_SLOT = O_GAME_SUIT
GAME_HOLDER_SLOT = O_GAME_HOLDER
PASSED_SLOT = O_PASSED
SPOKEN_SLOT = O_SPOKEN
KIND_SLOT = O_KIND
DECLARER_SLOT = O_DECLARER
LEVEL_SLOT = O_LEVEL
TRUMP_SLOT = O_TRUMP
NO_ACES_SLOT = O_NO_ACES
DEFENCE_SLOT = O_DEFENCE
HOST_SLOT = O_HOST
ACTIVE_SLOT = O_ACTIVE
LEADER_SLOT = O_LEADER
WON_SLOT = O_WON
TRICKS_SLOT = O_TRICKS
POT_SLOT = O_POT
BALANCE_SLOT = O_BALANCE
DEAL_SLOT = O_DEAL
OBS_SIZE = O_SIZE

EXPORT_FIELDS = (
    "dealer", "deal_no", "deals", "balance_0", "balance_1", "balance_2", "pot",
    "won_0", "won_1", "won_2", *(f"card_{k}" for k in range(32)), "actions",
)
EXPORT_HEAD = X_HEAD
EXPORT_SIZE = X_SIZE
EXPORT_BALANCES = X_BALANCES
EXPORT_POT = X_POT
EXPORT_WON = X_WON
EXPORT_CARDS = X_CARDS
EXPORT_ACTIONS = X_ACTIONS

#: the bounds of the balances and the pot a core is made with, and of the match's length
MONEY_MAX = 10 ** 15
MAX_DEALS = 10 ** 15
#: the bound ``from_export`` reads them with (a core made at ``MONEY_MAX`` may have settled)
EXPORT_MONEY_MAX = 1 << 62
_U64 = (1 << 64) - 1

# the bidding level of each suit (by suit id) and the suit of each level
cdef int SUIT_LEVEL[4]
SUIT_LEVEL[:] = [1, 3, 4, 2]
cdef int LEVEL_SUIT[5]
LEVEL_SUIT[:] = [-1, CLUBS, SPADES, DIAMONDS, HEARTS]
# the cards 7..A of each suit, and the four aces (masks over card ids)
cdef uint64_t SUIT_BITS = 0x1111111100000   # the clubs 7..A: ids 20, 24, ..., 48
cdef uint64_t ACES = (<uint64_t>0xF) << (4 * ACE)


cdef inline uint64_t _suit(int s) noexcept nogil:
    return SUIT_BITS << s


# ---------------------------------------------------------------------------- the deal

cdef inline int _pair_id(int a, int b) noexcept nogil:
    """The discard id of the cards ``a`` < ``b`` (lexicographic over the 32 cards)."""
    cdef int x = a - PF_FIRST_CARD, y = b - PF_FIRST_CARD
    return PF_DISCARD0 + x * 31 - x * (x - 1) // 2 + (y - x - 1)


cdef inline void _pair_of(int i, int* a, int* b) noexcept nogil:
    """The two cards of the discard id ``i``."""
    cdef int k = i - PF_DISCARD0, x = 0
    while k >= 31 - x:
        k -= 31 - x
        x += 1
    a[0] = x + PF_FIRST_CARD
    b[0] = x + k + 1 + PF_FIRST_CARD


cdef void pf_init(PState* s, const uint8_t* cards, int dealer, const int64_t* balances,
                  int64_t pot, int64_t deal_no, int64_t deals,
                  const int8_t* start_won) noexcept nogil:
    cdef int k, p
    memset(s, 0, sizeof(PState))
    for p in range(3):
        for k in range(10):
            s.dealt[p] |= (<uint64_t>1) << cards[10 * p + k]
        s.hand[p] = s.dealt[p]
        s.start_balances[p] = balances[p]
        s.balances[p] = balances[p]
        s.start_won[p] = start_won[p]
        s.won[p] = start_won[p]
    s.talon = ((<uint64_t>1) << cards[30]) | ((<uint64_t>1) << cards[31])
    s.start_pot = pot
    s.pot = pot
    s.deal_no = deal_no
    s.deals = deals
    s.dealer = <int8_t>dealer
    s.phase = PF_AUCTION
    s.turn = <int8_t>((dealer + 1) % 3)
    s.number_holder = -1
    s.game_holder = -1
    s.kind = -1
    s.declarer = -1
    s.trump = -1
    s.invited = -1
    s.host = -1
    s.leader = -1


cdef int pf_player(const PState* s) noexcept nogil:
    cdef int t
    if s.phase == PF_PLAY:
        if s.trick_n == 0:
            return s.leader
        t = (s.trick_seat[s.trick_n - 1] + 1) % 3
        return t if (s.active >> t) & 1 else (t + 1) % 3
    if s.phase == PF_OVER:
        return -1
    return s.turn


cdef inline int _priority(const PState* s, int seat) noexcept nogil:
    return (seat - s.dealer + 5) % 3


cdef int _auction_ids(const PState* s, int seat, int32_t* out) noexcept nogil:
    cdef int n = 0, lv
    if s.game_level == 0:
        if s.number_holder >= 0 and _priority(s, seat) < _priority(s, s.number_holder):
            out[n] = PF_HOLD
            n += 1
        elif s.number < 4:
            out[n] = PF_BID0 + s.number + 1
            n += 1
    if not s.spoken[seat]:
        for lv in range(s.game_level + 1, 4):
            out[n] = PF_GAME0 + lv
            n += 1
        out[n] = PF_HEARTS_BID
        n += 1
    out[n] = PF_PASS
    return n + 1


cdef uint64_t _play_cards(const PState* s, int seat) noexcept nogil:
    """The cards ``seat`` may play (``pf_follows`` on the trick in progress)."""
    return pf_follows(s.hand[seat], s.trick_card, s.trick_n, s.trump,
                      s.n_active == 3 and s.trick_n == 1 and s.trick_seat[0] == s.declarer)


cdef uint64_t pf_follows(uint64_t hand, const int8_t* trick, int n, int trump,
                         bint lowest) noexcept nogil:
    """The cards of ``hand`` (a mask) that may go on the ``n`` cards (0..2) of ``trick``, lead
    first, ``trump`` the trump suit (0..3): follow suit, else trump, else any; among those one
    that beats the card winning the trick if it can (``lowest``: the lowest such, the rule
    for the first defender after the declarer's lead when three play)."""
    cdef uint64_t pool, heads
    cdef int lead, best, c, low
    if n == 0:
        return hand
    lead = trick[0]
    pool = hand & _suit(lead & 3)
    if not pool:
        pool = hand & _suit(trump) if trump < 4 else 0
        if not pool:
            pool = hand
    best = lead
    if n == 2:
        c = trick[1]
        if (c & 3) == (best & 3):
            if c > best:
                best = c
        elif (c & 3) == trump:
            best = c
    low = cc_ctz(pool)
    if (low & 3) == (best & 3):
        heads = pool & ~(((<uint64_t>2) << best) - 1)
    elif (low & 3) == trump:
        heads = pool
    else:
        heads = 0
    if heads:
        if lowest:
            return heads & (~heads + 1)
        return heads
    return pool


cdef int pf_trick_winner_index(const int8_t* cards, int n, int trump) noexcept nogil:
    """The index (in play order) of the card that wins a trick: the highest trump, else the
    highest card of the suit led."""
    cdef int w = 0, k, c, best = cards[0]
    for k in range(1, n):
        c = cards[k]
        if (c & 3) == (best & 3):
            if c > best:
                w = k
                best = c
        elif (c & 3) == trump:
            w = k
            best = c
    return w


# ---------------------------------------------------------------------------- the rules

cdef void _settle(PState* s) noexcept nogil:
    """The declarer's pot move first (takes ``min(10, pot)`` on success, puts 20 in on
    failure), then the 1-per-trick payments, the defenders' 10-point penalties into the pot,
    the bonuses; an emptied pot is refilled with 30 from each seat."""
    cdef int d = s.declarer, k, t, to, sign, bit
    cdef int defenders[2]
    cdef int64_t take
    cdef bint made = s.won[d] >= NEED
    defenders[0] = (d + 1) % 3
    defenders[1] = (d + 2) % 3
    for k in range(3):
        s.delta[k] = 0
    s.pot_before = s.pot
    if made:
        take = TAKE if s.pot > TAKE else s.pot
        s.pot -= take
        s.delta[d] += take
    else:
        s.pot += FAIL
        s.delta[d] -= FAIL
    for k in range(2):
        t = defenders[k]
        to = s.host if s.invited >= 0 else t
        s.delta[d] -= s.won[t]
        s.delta[to] += s.won[t]
    s.penalties = 0
    if s.invited >= 0:
        if s.won[defenders[0]] + s.won[defenders[1]] < HOST_NEED:
            s.penalties = <int8_t>(1 << s.host)
    else:
        for k in range(2):
            t = defenders[k]
            if s.defence[t] == PF_STAYED and s.won[t] < DEFENDER_NEED:
                s.penalties |= <int8_t>(1 << t)
    for k in range(2):
        t = defenders[k]
        if (s.penalties >> t) & 1:
            s.delta[t] -= PENALTY
            s.pot += PENALTY
    s.bonuses = 0
    if s.kind == PF_HEARTS_GAME:
        s.bonuses |= PF_BONUS_HEARTS
    if made and s.decl_aces == 4:
        s.bonuses |= PF_BONUS_FOUR_ACES
    if s.no_aces:
        s.bonuses |= PF_BONUS_NO_ACES
    bit = 1
    while bit <= PF_BONUS_NO_ACES:
        if s.bonuses & bit:
            sign = 1 if (made or bit == PF_BONUS_FOUR_ACES) else -1
            for k in range(2):
                s.delta[defenders[k]] -= sign * BONUS
                s.delta[d] += sign * BONUS
        bit <<= 1
    for k in range(3):
        s.balances[k] += s.delta[k]
    s.refill = s.pot == 0
    if s.refill:
        s.pot = 3 * STAKE
        for k in range(3):
            s.balances[k] -= STAKE
    s.made = made
    s.phase = PF_OVER
    s.turn = -1


cdef void _start_defence(PState* s) noexcept nogil:
    s.phase = PF_DEFENCE
    s.turn = <int8_t>((s.declarer + 1) % 3)


cdef void _contract_fixed(PState* s) noexcept nogil:
    # every declarer is asked (the question put only to one who may announce No Aces would
    # tell the defenders that it holds no ace): ``no aces`` is legal only for that one
    cdef int d = s.declarer
    s.decl_aces = <int8_t>cc_popcount(s.hand[d] & ACES)
    s.phase = PF_ANNOUNCE
    s.turn = <int8_t>d


cdef inline bint _may_announce(const PState* s) noexcept nogil:
    """Whether the declarer may announce No Aces: it holds no ace and put none away."""
    return not (s.hand[s.declarer] & ACES) and not (s.discards & ACES)


cdef void _set_contract(PState* s, int kind, int seat, int trump) noexcept nogil:
    s.kind = <int8_t>kind
    s.declarer = <int8_t>seat
    if kind == PF_NUMBER:
        s.level = s.number
    elif kind == PF_HEARTS_GAME:
        s.level = 4
    else:
        s.level = <int8_t>SUIT_LEVEL[trump]
    s.trump = <int8_t>trump
    s.turn = <int8_t>seat
    if kind == PF_NUMBER:
        s.hand[seat] |= s.talon
        s.phase = PF_DISCARD
    else:
        _contract_fixed(s)


cdef void _auction(PState* s, int seat, int i) noexcept nogil:
    cdef int top, k, t
    s.spoken[seat] = 1
    if i == PF_PASS:
        s.passed[seat] = 1
    elif i <= PF_HOLD:
        if i != PF_HOLD:
            s.number = <int8_t>(i - PF_BID0)
        s.number_holder = <int8_t>seat
    elif i < PF_HEARTS_BID:
        s.game_level = <int8_t>(i - PF_GAME0)
        s.game_holder = <int8_t>seat
    else:
        _set_contract(s, PF_HEARTS_GAME, seat, HEARTS)
        return
    top = s.game_holder if s.game_level else s.number_holder
    for k in range(1, 4):
        t = (seat + k) % 3
        if not s.passed[t] and t != top:
            s.turn = <int8_t>t
            return
    if top < 0:
        s.phase = PF_OVER           # everyone passed: a void deal, nothing settled
        s.turn = -1
    elif s.game_level:
        _set_contract(s, PF_GAME, top, LEVEL_SUIT[s.game_level])
    else:
        _set_contract(s, PF_NUMBER, top, -1)


cdef void _start_play(PState* s) noexcept nogil:
    cdef int d = s.declarer, t
    s.active = 0
    for t in range(3):
        if t == d or s.defence[t] == PF_STAYED or s.defence[t] == PF_INVITED:
            s.active |= <int8_t>(1 << t)
    s.n_active = <int8_t>cc_popcount(<uint64_t>s.active)
    s.phase = PF_PLAY
    s.leader = <int8_t>d
    s.turn = <int8_t>d


cdef void _after_defence(PState* s) noexcept nogil:
    cdef int d = s.declarer
    cdef int first = (d + 1) % 3, second = (d + 2) % 3
    cdef bint a = s.defence[first] == PF_STAYED, b = s.defence[second] == PF_STAYED
    if not a and not b:
        s.won[d] += TRICKS          # both drop out: the declarer is credited ten tricks
        _settle(s)
    elif a and b:
        _start_play(s)
    else:
        s.phase = PF_INVITE_PHASE
        s.turn = <int8_t>(first if a else second)


cdef void _play(PState* s, int seat, int card) noexcept nogil:
    cdef int k, w
    s.hand[seat] &= ~((<uint64_t>1) << card)
    s.trick_seat[s.trick_n] = <int8_t>seat
    s.trick_card[s.trick_n] = <int8_t>card
    s.trick_n += 1
    if s.trick_n < s.n_active:
        return
    w = s.trick_seat[pf_trick_winner_index(s.trick_card, s.trick_n, s.trump)]
    for k in range(s.trick_n):
        s.played[s.trick_seat[k]] |= (<uint64_t>1) << s.trick_card[k]
    s.won[w] += 1
    s.n_tricks += 1
    s.trick_n = 0
    s.leader = <int8_t>w
    if s.n_tricks == TRICKS:
        _settle(s)


# ---------------------------------------------------------------------------- the observation

cdef inline int _rel(int seat, int p) noexcept nogil:
    return (seat - p + 3) % 3


cdef inline void _plane(float* out, int base, uint64_t m) noexcept nogil:
    while m:
        out[base + cc_pop_lowest(&m) - PF_FIRST_CARD] = 1.0


# ---------------------------------------------------------------------------- arguments

cdef list _int_list(object x, str what, int n, object lo, object hi, type err=CardcoreError):
    """``x`` as a list of ``n`` ints in ``lo..hi`` (a list or tuple), else ``err``."""
    if not isinstance(x, (list, tuple)):
        raise err(f"{what} {quote(x)}: expected a list of {n} ints")
    if len(x) != n:
        raise err(f"{what} {quote(x)}: expected {n} ints, got {len(x)}")
    return [int_arg(v, what, lo, hi, err) for v in x]


cdef list _check_deck(object deck):
    cdef list cards = _int_list(deck, "deck", 32, PF_FIRST_CARD, 51, CardError)
    if len(set(cards)) != 32:
        raise CardError(f"deck {quote(deck)}: a card appears twice (expected the 32 cards "
                        "7..A, ids 20..51, each once)")
    return cards


cdef int _start(Core core, list cards, int dealer, list balances, int64_t pot, int64_t deal_no,
                int64_t deals, list won) except -1:
    """``core`` ready with the deal of ``cards`` (``pf_init``; the arguments checked)."""
    cdef uint8_t cs[32]
    cdef int64_t bal[3]
    cdef int8_t w[3]
    cdef int k
    for k in range(32):
        cs[k] = <uint8_t>cards[k]
    for k in range(3):
        bal[k] = balances[k]
        w[k] = <int8_t>won[k]
    pf_init(&core.s, cs, dealer, bal, pot, deal_no, deals, w)
    _made(core)
    return 0


cdef Core _make(list cards, int dealer, list balances, int64_t pot, int64_t deal_no,
                int64_t deals, list won):
    cdef Core core = Core.__new__(Core)
    _start(core, cards, dealer, balances, pot, deal_no, deals, won)
    return core


cdef inline void _made(Core core):
    """``core`` ready (sizes set, marked as holding a deal)."""
    made(core, 3, PF_N_ACTIONS, O_SIZE, PF_MAX_LEGAL)


# ---------------------------------------------------------------------------- the core

include "preference_step_fields.pxi"  # _Fields: the record, the stored reads


cdef class Core(_Fields):
    """One deal of Preference: ``Core(deck, dealer, balances, pot, deal_no, deals)`` (see the
    twin's module docstring). A step core of the one core contract
    (``cardcore._fast.core.Core``): ids, legality, ``apply``, ``observation_tensor`` and
    pickling come from the base. ``returns()`` is each seat's balance once the deal is over
    (for a first deal, what ``new_game("preference", single_deal=True).scores()`` gives),
    zeros until then."""

    def __init__(self, deck, dealer, balances, pot, deal_no, deals):
        self._ready = False
        cdef list cards = _check_deck(deck)
        cdef int d = <int>int_arg(dealer, "dealer", 0, 2, CardcoreError)
        cdef list bal = _int_list(balances, "balances", 3, -MONEY_MAX, MONEY_MAX)
        cdef int64_t p = int_arg(pot, "pot", 0, MONEY_MAX, CardcoreError)
        cdef int64_t n = int_arg(deals, "deals", 1, MAX_DEALS, CardcoreError)
        cdef int64_t k = int_arg(deal_no, "deal_no", 1, n, CardcoreError)
        _start(self, cards, d, bal, p, k, n, [0, 0, 0])

    # ------------------------------------------------------------------ the C contract
    cdef int c_player(self) noexcept nogil:
        return pf_player(&self.s)

    cdef bint c_over(self) noexcept nogil:
        return self.s.phase == PF_OVER

    cdef int c_legal(self, int32_t* out) noexcept nogil:
        cdef const PState* s = &self.s
        cdef int n = 0, seat, a, b, lv
        cdef uint64_t m, rest
        if s.phase == PF_PLAY:
            m = _play_cards(s, pf_player(s))
            while m:
                out[n] = cc_pop_lowest(&m) - PF_FIRST_CARD
                n += 1
            return n
        seat = s.turn
        if s.phase == PF_AUCTION:
            return _auction_ids(s, seat, out)
        if s.phase == PF_DISCARD:
            m = s.hand[seat]
            while m:
                a = cc_pop_lowest(&m)
                rest = m
                while rest:
                    b = cc_pop_lowest(&rest)
                    out[n] = _pair_id(a, b)
                    n += 1
            return n
        if s.phase == PF_TRUMP:
            for lv in range(s.number if s.number > 1 else 1, 5):
                out[n] = PF_TRUMP0 + lv
                n += 1
            return n
        if s.phase == PF_ANNOUNCE:
            if _may_announce(s):
                out[n] = PF_NO_ACES
                n += 1
            out[n] = PF_NO_ANNOUNCEMENT
            return n + 1
        if s.phase == PF_DEFENCE:
            out[0] = PF_STAY
            out[1] = PF_DROP
            return 2
        if s.phase == PF_INVITE_PHASE:
            out[0] = PF_INVITE
            out[1] = PF_ALONE
            return 2
        return 0

    cdef bint c_is_legal(self, long i) noexcept nogil:
        cdef const PState* s = &self.s
        cdef int32_t ids[PF_MAX_LEGAL]
        if i < 0 or i >= PF_N_ACTIONS or s.phase == PF_OVER:
            return False
        if s.phase == PF_PLAY:
            if i >= PF_DISCARD0:
                return False
            return (_play_cards(s, pf_player(s)) >> (i + PF_FIRST_CARD)) & 1
        return id_among(i, ids, self.c_legal(ids))

    cdef void c_apply(self, int i) noexcept nogil:
        """Make the legal id ``i`` (checked by the caller)."""
        cdef PState* s = &self.s
        cdef int seat = pf_player(s), a, b, d
        s.hist[s.n_hist] = <int16_t>i
        s.hist_seat[s.n_hist] = <int8_t>seat
        s.n_hist += 1
        if i < PF_DISCARD0:
            _play(s, seat, i + PF_FIRST_CARD)
        elif i <= PF_BID0:
            _pair_of(i, &a, &b)
            s.discards = ((<uint64_t>1) << a) | ((<uint64_t>1) << b)
            s.hand[seat] &= ~s.discards
            s.phase = PF_TRUMP
        elif i <= PF_PASS:
            _auction(s, seat, i)
        elif i < PF_NO_ACES:
            s.trump = <int8_t>LEVEL_SUIT[i - PF_TRUMP0]
            _contract_fixed(s)
        elif i < PF_STAY:
            s.no_aces = i == PF_NO_ACES
            _start_defence(s)
        elif i < PF_INVITE:
            s.defence[seat] = PF_STAYED if i == PF_STAY else PF_DROPPED
            d = s.declarer
            if seat == (d + 1) % 3:
                s.turn = <int8_t>((d + 2) % 3)
            else:
                _after_defence(s)
        else:
            if i == PF_INVITE:
                a = 3 - seat - s.declarer
                s.invited = <int8_t>a
                s.host = <int8_t>seat
                s.defence[a] = PF_INVITED
            _start_play(s)

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef const PState* s = &self.s
        cdef int k
        for k in range(3):
            out[k] = <double>s.balances[k] if s.phase == PF_OVER else 0.0

    cdef void c_observe(self, int p, float* out) noexcept nogil:
        """What seat ``p`` sees into ``out`` (``OBS_SIZE`` zeros; the layout of
        ``docs/actions/preference.md``)."""
        cdef const PState* s = &self.s
        cdef bint over = s.phase == PF_OVER
        cdef int k, r, to_act
        if not over:
            _plane(out, O_HAND_PLANE, s.hand[p])
            if s.declarer == p:
                _plane(out, O_DISCARD_PLANE, s.discards)
        for k in range(3):
            _plane(out, O_PLAYED_PLANE + 32 * _rel(k, p), s.played[k])
        for k in range(s.trick_n):
            out[O_TRICK_PLANE + 32 * _rel(s.trick_seat[k], p) + s.trick_card[k]
                - PF_FIRST_CARD] = 1.0
        out[O_PHASE + s.phase] = 1.0
        to_act = pf_player(s)
        if to_act >= 0:
            out[O_TO_ACT + _rel(to_act, p)] = 1.0
        out[O_DEALER + _rel(s.dealer, p)] = 1.0
        out[O_NUMBER + s.number] = 1.0
        if s.number_holder >= 0:
            out[O_NUMBER_HOLDER + _rel(s.number_holder, p)] = 1.0
        if s.game_level:
            out[O_GAME_SUIT + s.game_level - 1] = 1.0
        if s.game_holder >= 0:
            out[O_GAME_HOLDER + _rel(s.game_holder, p)] = 1.0
        for k in range(3):
            r = _rel(k, p)
            if s.passed[k]:
                out[O_PASSED + r] = 1.0
            if s.spoken[k]:
                out[O_SPOKEN + r] = 1.0
            if s.defence[k]:
                out[O_DEFENCE + 3 * r + s.defence[k] - 1] = 1.0
            out[O_WON + r] = <float>(<double>s.won[k] / 10.0)
            out[O_BALANCE + r] = <float>(<double>s.balances[k] / 100.0)
        if s.kind >= 0:
            out[O_KIND + s.kind] = 1.0
            out[O_DECLARER + _rel(s.declarer, p)] = 1.0
            out[O_LEVEL + s.level - 1] = 1.0
            if s.trump >= 0:
                out[O_TRUMP + SUIT_LEVEL[s.trump] - 1] = 1.0
        if s.no_aces:
            out[O_NO_ACES] = 1.0
        if s.host >= 0:
            out[O_HOST + _rel(s.host, p)] = 1.0
        for k in range(3):
            if (s.active >> k) & 1:
                out[O_ACTIVE + _rel(k, p)] = 1.0
        if s.leader >= 0:
            out[O_LEADER + _rel(s.leader, p)] = 1.0
        out[O_TRICKS] = <float>(<double>s.n_tricks / 10.0)
        out[O_POT] = <float>(<double>s.pot / 100.0)
        out[O_DEAL] = <float>(<double>s.deal_no / <double>s.deals)
        out[O_DEAL + 1] = <float>(<double>(s.deals - s.deal_no) / <double>s.deals)

    cdef void c_copy_into(self, CoreBase new) noexcept:
        (<Core>new).s = self.s

    # ------------------------------------------------------------------ computed reads
    @property
    def phase_name(self):
        """The phase as a word of ``PHASES``."""
        self.live()
        return PHASES[self.s.phase]

    @property
    def passed(self):
        self.live()
        return [bool(self.s.passed[k]) for k in range(3)]

    @property
    def spoken(self):
        self.live()
        return [bool(self.s.spoken[k]) for k in range(3)]

    @property
    def active(self):
        """The seats that play the tricks, ascending (none before the play)."""
        self.live()
        return [k for k in range(3) if (self.s.active >> k) & 1]

    def trick(self):
        """The current trick as ``[seat, card]`` pairs in play order."""
        self.live()
        return [[self.s.trick_seat[k], self.s.trick_card[k]] for k in range(self.s.trick_n)]

    def tricks(self):
        """The finished tricks: ``[leader, [[seat, card], ...], winner]`` each, in order."""
        self.live()
        cdef int n = self.s.n_active, k, j, w
        cdef int8_t cards[3]
        cdef list out = [], trick
        cdef list plays = [[self.s.hist_seat[k], self.s.hist[k] + PF_FIRST_CARD]
                           for k in range(self.s.n_hist) if self.s.hist[k] < PF_DISCARD0]
        for k in range(self.s.n_tricks):
            trick = plays[n * k:n * k + n]
            for j in range(n):
                cards[j] = <int8_t>trick[j][1]
            w = pf_trick_winner_index(cards, n, self.s.trump)
            out.append([trick[0][0], trick, trick[w][0]])
        return out

    def history(self):
        """The deal's actions so far: ``[seat, id]`` each, in order."""
        self.live()
        return [[self.s.hist_seat[k], self.s.hist[k]] for k in range(self.s.n_hist)]

    def settlement(self):
        """The deal's settlement once it is settled: ``(made, penalties, bonuses, delta,
        pot_before, refill)`` (see the twin). All zero before it."""
        self.live()
        cdef int d = self.s.declarer
        pens = [t for t in ((d + 1) % 3, (d + 2) % 3) if (self.s.penalties >> t) & 1]
        return (bool(self.s.made), pens, self.s.bonuses,
                [self.s.delta[k] for k in range(3)], self.s.pot_before, bool(self.s.refill))

    # ------------------------------------------------------------------ edits
    def set_money(self, balances, pot):
        """Set the balances and the pot of a deal not yet settled (an edited position: the
        deal then settles against them)."""
        self.live()
        cdef list bal = _int_list(balances, "balances", 3, -MONEY_MAX, MONEY_MAX)
        cdef int64_t p = int_arg(pot, "pot", 0, MONEY_MAX, CardcoreError)
        cdef int k
        if self.s.phase == PF_OVER:
            raise CardcoreError("set_money: the deal is over (its settlement is made)")
        for k in range(3):
            self.s.start_balances[k] = bal[k]
            self.s.balances[k] = bal[k]
        self.s.start_pot = p
        self.s.pot = p

    def set_won(self, won):
        """Set the tricks each seat has won in a deal not yet settled (an edited position; the
        total must stay what it is)."""
        self.live()
        cdef list w = _int_list(won, "won", 3, 0, TRICKS)
        cdef int k, total = self.s.won[0] + self.s.won[1] + self.s.won[2]
        if self.s.phase == PF_OVER:
            raise CardcoreError("set_won: the deal is over (its settlement is made)")
        if w[0] + w[1] + w[2] != total:
            raise CardcoreError(f"won {quote(won)}: expected {total} tricks in all")
        for k in range(3):
            self.s.start_won[k] += <int8_t>(w[k] - self.s.won[k])
            self.s.won[k] = <int8_t>w[k]

    # ------------------------------------------------------------------ export
    def export(self):
        """The whole position as a list of ints (``EXPORT_FIELDS``, then the action ids)."""
        self.live()
        cdef list out = [self.s.dealer, self.s.deal_no, self.s.deals]
        cdef int k
        out += [self.s.start_balances[k] for k in range(3)]
        out.append(self.s.start_pot)
        out += [self.s.start_won[k] for k in range(3)]
        for k in range(3):
            out += mask_cards(self.s.dealt[k])
        out += mask_cards(self.s.talon)
        out.append(self.s.n_hist)
        out += [self.s.hist[k] for k in range(self.s.n_hist)]
        out += [-1] * (PF_MAX_HISTORY - self.s.n_hist)
        return out


# ---------------------------------------------------------------------------- module functions

def legal_follows(hand, trick, trump, lowest_beat=False):
    """The cards of ``hand`` (card ids of the 32-card deck) that may go on ``trick`` (its cards
    so far, lead first, at most two), ascending, ``trump`` the trump suit (0..3, ``None``: no
    trumps): the Preference core's rule (follow suit, else trump, else any; among those a
    card that beats the one winning the trick where the hand has one; ``lowest_beat``: the
    lowest such, as the first defender after the declarer's lead plays when three play), for
    a hand the caller holds, a sampled one say."""
    cdef uint64_t h = card_mask(hand, "hand", PF_FIRST_CARD, 12)
    cdef uint64_t t = card_mask(trick, "trick", PF_FIRST_CARD, 2)
    cdef int8_t cs[2]
    cdef int k, n = len(trick)
    cdef int tr = 4 if trump is None else <int>int_arg(trump, "trump", 0, 3, CardcoreError)
    if h & t:
        raise CardError(f"hand {quote(hand)} and trick {quote(trick)}: a card in both")
    if not isinstance(lowest_beat, bool):
        raise CardcoreError(f"lowest_beat {quote(lowest_beat)}: expected True or False")
    for k in range(n):
        cs[k] = <int8_t>trick[k]
    return mask_cards(pf_follows(h, cs, n, tr, lowest_beat))


def shuffled_deck(seed):
    """The 32 cards shuffled as ``cardcore.rng.Rng(seed).shuffle(list(range(20, 52)))`` does
    (the same draws), and the generator's state after them: ``(cards, state)``."""
    return shuffled_ids(seed, 32, PF_FIRST_CARD)


def from_seed(seed, dealer=FIRST_DEALER, deals=DEFAULT_DEALS):
    """The core ``cardcore.new_game("preference", seed=seed)`` starts with (for the game's
    default first dealer, seat 2, and match of 9 deals): the 32 cards shuffled from the
    generator state ``seed`` (``shuffled_deck``), the balances -30 each and a pot of 90,
    deal 1 of ``deals``."""
    cdef uint64_t st = <uint64_t>int_arg(seed, "seed", 0, _U64, CardcoreError)
    cdef int d = <int>int_arg(dealer, "dealer", 0, 2, CardcoreError)
    cdef int64_t n = int_arg(deals, "deals", 1, MAX_DEALS, CardcoreError)
    cdef uint8_t deck[32]
    deck_shuffle(deck, 32, PF_FIRST_CARD, &st)
    return _make([deck[i] for i in range(32)], d, [-STAKE] * 3, 3 * STAKE, 1, n, [0, 0, 0])


def from_export(values):
    """The ``Core`` whose ``export()`` is ``values``: every field checked, the deal rebuilt
    from its cards and its actions replayed (each must be legal where it stands)."""
    if not isinstance(values, (list, tuple)):
        raise CardcoreError(f"values {quote(values)}: expected a list of {X_SIZE} ints")
    if len(values) != X_SIZE:
        raise CardcoreError(f"values: expected {X_SIZE} ints, got {len(values)}")
    cdef list v = [int_arg(x, f"values: {EXPORT_FIELDS[k] if k < X_HEAD else 'action'}",
                           -EXPORT_MONEY_MAX, EXPORT_MONEY_MAX, CardcoreError)
                   for k, x in enumerate(values)]
    cdef int dealer = <int>int_arg(v[X_DEALER], "values: dealer", 0, 2, CardcoreError)
    cdef int64_t deals = int_arg(v[X_DEALS], "values: deals", 1, MAX_DEALS, CardcoreError)
    cdef int64_t deal_no = int_arg(v[X_DEAL_NO], "values: deal_no", 1, deals, CardcoreError)
    cdef int64_t pot = int_arg(v[X_POT], "values: pot", 0, EXPORT_MONEY_MAX, CardcoreError)
    cdef list won = [int_arg(x, "values: won", -TRICKS, TRICKS, CardcoreError)
                     for x in v[X_WON:X_WON + 3]]
    cdef int k, n, i
    if won[0] + won[1] + won[2] != 0:
        raise CardcoreError(f"values: won {quote(won)}: expected a total of 0")
    cdef list cards = _check_deck(v[X_CARDS:X_CARDS + 32])
    for lo, hi in ((0, 10), (10, 20), (20, 30), (30, 32)):
        if cards[lo:hi] != sorted(cards[lo:hi]):
            raise CardcoreError("values: the cards of each hand and of the talon must be "
                                "listed in ascending order")
    n = <int>int_arg(v[X_ACTIONS], "values: actions", 0, PF_MAX_HISTORY, CardcoreError)
    cdef list hist = v[X_HEAD:]
    for k in range(n, PF_MAX_HISTORY):
        if hist[k] != -1:
            raise CardcoreError("values: expected -1 after the last action")
    cdef Core core = _make(cards, dealer, v[X_BALANCES:X_BALANCES + 3], pot, deal_no, deals,
                           won)
    for k in range(n):
        i = -1 if not -1 <= hist[k] < PF_N_ACTIONS else hist[k]
        if core.s.phase == PF_OVER or not core.c_is_legal(i):
            raise CardcoreError(f"values: action {k} ({quote(hist[k])}) is not legal where it "
                                "stands")
        core.c_apply(i)
    for k in range(3):
        if not 0 <= core.s.won[k] <= TRICKS:
            raise CardcoreError(f"values: won {quote(won)}: the tricks won would be "
                                f"{quote([core.s.won[j] for j in range(3)])}")
    return core
