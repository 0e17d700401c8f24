# The One Poker step kernel's state and its C functions (``onepoker_step.pyx``; the plain-Python
# twin ``cardcore._ref.onepoker_step`` documents the encoding).
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from cardcore._fast.betting cimport Bet
from cardcore._fast.core cimport Core as CoreBase

cdef enum:
    OP_NUM_BET_IDS = 7           # betting ids 0..6 (fold .. all-in)
    OP_LOCK0 = 7                 # LOCK0 + card: lock that card
    OP_NUM_ACTIONS = 59
    OP_DECK = 104                # the double deck
    OP_MAX_LEGAL = 7
    OP_UP_MIN_RANK = 6           # ranks 6.. (8 .. A) are UP, 0..5 (2..7) DOWN
    # observation_tensor layout: the first slot of each part (docs/actions/onepoker.md)
    OP_OBS_HAND = 0
    OP_OBS_LOCKED = 52
    OP_OBS_DISCARDS = 104
    OP_OBS_PHASE = 156
    OP_OBS_PLAYER = 158
    OP_OBS_FIRST = 160
    OP_OBS_TO_ACT = 162
    OP_OBS_HAS_LOCKED = 164
    OP_OBS_SIGNALS = 166
    OP_OBS_CHIPS = 170
    OP_OBS_BETS = 172
    OP_OBS_POT = 174
    OP_OBS_TO_CALL = 175
    OP_OBS_MIN_RAISE = 176
    OP_OBS_MAX_RAISE = 177
    OP_OBS_PILE = 178
    OP_OBS_SIZE = 179
    OP_ANTE = 1                  # each seat's ante

cdef struct OPState:
    Bet b                   # the betting state (``betting.pxd``)
    int64_t start[2]        # chips before the deal (before the antes)
    int64_t won[2]          # chips taken from the pot (settled deal)
    int64_t pot             # the pot shared out (settled deal)
    uint64_t rng            # the generator state for a later reshuffle
    int32_t npile
    int32_t ndiscards
    int8_t locked[2]        # the locked card; -1: none yet
    uint8_t nhand[2]        # 2 during the deal, 1 after the showdown
    uint8_t hands[2][2]
    uint8_t pile[104]       # the draw pile, top first
    uint8_t discards[104]   # the played cards since the last reshuffle, oldest first
    int8_t first            # the seat that locks and bets first
    uint8_t settled
    uint8_t reshuffled      # the pile was reshuffled before this deal's draws

cdef void op_start(OPState* s) noexcept nogil
cdef bint op_next(const OPState* old, OPState* s) noexcept nogil
cdef void op_lock(OPState* s, int card) noexcept nogil
cdef void op_act(OPState* s, int i, int64_t amount) noexcept nogil
cdef int op_player(const OPState* s) noexcept nogil
cdef int op_winner(const OPState* s) noexcept nogil


# The core's C record and its fields that read as it stores them (``_Fields``, which the build
# writes from ``core_fields.py``), then the core of the one core contract (``core.pxd``).
cdef class _Fields(CoreBase):
    cdef OPState s


cdef class Core(_Fields):
    pass
