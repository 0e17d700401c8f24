# The Preference step kernel's state and its C functions (``preference_step.pyx``; the
# plain-Python twin ``cardcore._ref.preference_step`` documents the encoding).
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t

from cardcore._fast.core cimport Core as CoreBase

cdef enum:
    PF_N_ACTIONS = 548
    PF_DISCARD0 = 32        # 32..527: the discards (a pair of cards, lexicographic)
    PF_BID0 = 527           # 528..531: bid 1..4
    PF_HOLD = 532
    PF_GAME0 = 532          # 533..535: game clubs, spades, diamonds (GAME0 + level)
    PF_HEARTS_BID = 536
    PF_PASS = 537
    PF_TRUMP0 = 537         # 538..541: trump clubs, spades, diamonds, hearts (TRUMP0 + level)
    PF_NO_ACES = 542
    PF_NO_ANNOUNCEMENT = 543
    PF_STAY = 544
    PF_DROP = 545
    PF_INVITE = 546
    PF_ALONE = 547
    PF_FIRST_CARD = 20
    PF_MAX_LEGAL = 66       # the 66 discards of a 12-card hand
    PF_MAX_HISTORY = 64     # room for the actions of one deal (at most 45)
    # phases
    PF_AUCTION = 0
    PF_DISCARD = 1
    PF_TRUMP = 2
    PF_ANNOUNCE = 3
    PF_DEFENCE = 4
    PF_INVITE_PHASE = 5
    PF_PLAY = 6
    PF_OVER = 7
    # contract kinds
    PF_NUMBER = 0
    PF_GAME = 1
    PF_HEARTS_GAME = 2
    # a seat's defence
    PF_NOT_ASKED = 0
    PF_STAYED = 1
    PF_DROPPED = 2
    PF_INVITED = 3
    # the bonus bits of a settlement
    PF_BONUS_HEARTS = 1
    PF_BONUS_FOUR_ACES = 2
    PF_BONUS_NO_ACES = 4

cdef struct PState:
    uint64_t dealt[3]       # the hands as dealt (masks over card ids)
    uint64_t talon
    uint64_t hand[3]        # the cards each seat holds now
    uint64_t discards
    uint64_t played[3]      # the cards each seat played to finished tricks
    int64_t start_balances[3]   # the balances and the pot the deal started with
    int64_t start_pot
    int64_t balances[3]
    int64_t pot
    int64_t deal_no
    int64_t deals
    int64_t delta[3]        # the settlement's balance changes (before a refill)
    int64_t pot_before      # the pot before the settlement
    int8_t start_won[3]     # the trick counts the deal started with (0 unless edited)
    int8_t won[3]
    int8_t dealer
    int8_t phase
    int8_t turn             # the seat to act outside the play (-1 once over)
    int8_t passed[3]
    int8_t spoken[3]
    int8_t number           # the highest number bid, 0 for none
    int8_t number_holder    # -1 for none
    int8_t game_level       # the level of the Game bid (clubs 1, spades 2, diamonds 3), 0
    int8_t game_holder
    int8_t kind             # the contract's kind, -1 before it is fixed
    int8_t declarer
    int8_t level
    int8_t trump            # -1 until named
    int8_t defence[3]
    int8_t invited
    int8_t host
    int8_t no_aces
    int8_t decl_aces
    int8_t active           # bit s: seat s plays the tricks
    int8_t n_active
    int8_t leader
    int8_t trick_n          # cards on the current trick
    int8_t trick_seat[3]
    int8_t trick_card[3]
    int8_t n_tricks
    int8_t made
    int8_t penalties        # bit s: seat s paid a penalty
    int8_t bonuses
    int8_t refill
    int16_t n_hist
    int16_t hist[PF_MAX_HISTORY]
    int8_t hist_seat[PF_MAX_HISTORY]

cdef void pf_init(PState* s, const uint8_t* cards, int dealer, const int64_t* balances,
                  int64_t pot, int64_t deal_no, int64_t deals,
                  const int8_t* start_won) noexcept nogil
cdef int pf_player(const PState* s) noexcept nogil
cdef int pf_trick_winner_index(const int8_t* cards, int n, int trump) noexcept nogil


# The core's C record and its fields that read as it stores them (``_Fields``, which the build
# writes from ``core_fields.py``), then the core of the one core contract (``core.pxd``).
cdef class _Fields(CoreBase):
    cdef PState s


cdef class Core(_Fields):
    pass
