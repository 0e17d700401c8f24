# The Hold'em step kernel's state and its C functions (``holdem_step.pyx``; the plain-Python
# twin ``cardcore._ref.holdem_step`` documents the encoding).
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from cardcore._fast.betting cimport Bet
from cardcore._fast.core cimport Core as CoreBase

cdef enum:
    HS_NUM_ACTIONS = 7
    HS_SEATS = 4
    # the match's defaults (``HoldemState``): chips per seat, the blinds
    HS_START_STACK = 1000
    HS_SMALL_BLIND = 10
    HS_BIG_BLIND = 20
    # the observation (``docs/actions/holdem.md``): the first slot of each part
    HS_OBS_HOLE = 0
    HS_OBS_BOARD = 52
    HS_OBS_STREET = 104
    HS_OBS_PLAYER = 108
    HS_OBS_BUTTON = 112
    HS_OBS_SB = 116
    HS_OBS_BB = 120
    HS_OBS_TO_ACT = 124
    HS_OBS_STACKS = 128
    HS_OBS_BETS = 132
    HS_OBS_CONTRIB = 136
    HS_OBS_POT = 140
    HS_OBS_FOLDED = 141
    HS_OBS_ALL_IN = 145
    HS_OBS_IN_HAND = 149
    HS_OBS_TO_CALL = 153
    HS_OBS_MIN_RAISE = 154
    HS_OBS_MAX_RAISE = 155
    HS_OBS_SIZE = 156

cdef struct HState:
    Bet b                   # the betting state (``betting.pxd``)
    int64_t hand_stacks[4]  # the stacks when the hand started
    int64_t won[4]          # chips won per seat (once the hand is settled)
    int64_t pot_contrib[4]  # the contributions the pots were built from (settled hand)
    int64_t street_at[4]    # actions of the hand taken before street k was dealt; -1: not yet
    int64_t small
    int64_t big
    int64_t nact            # actions taken in this hand
    int32_t values[4]       # showdown values (0: not shown)
    int32_t rounds
    int32_t hands           # hands started
    uint8_t dealt[4]        # has hole cards this hand
    int8_t button
    int8_t sb
    int8_t bb
    int8_t last_bb
    int8_t last_players
    int8_t seated           # the seats with chips when the match began (the observation's unit)
    int8_t street           # 0 preflop .. 3 river
    int8_t pos              # the next card of ``cards`` to deal
    int8_t nboard
    int8_t nburns
    uint8_t hand_over
    uint8_t showdown
    uint8_t cards[52]       # the hand's cards in dealing order
    uint8_t board[5]
    uint8_t burns[3]

cdef void hs_init(HState* s, const int64_t* stacks, int button, int64_t small,
                  int64_t big) noexcept nogil
cdef uint64_t hs_start_hand(HState* s, const uint8_t* cards, uint64_t rng) noexcept nogil
cdef void hs_perform(HState* s, int i, int64_t amount) noexcept nogil


# The core's C record and its fields that read as it stores them (``_Fields``, which the build
# writes from ``core_fields.py``), then the core of the one core contract (``core.pxd``).
cdef class _Fields(CoreBase):
    cdef HState s


cdef class Core(_Fields):
    pass
