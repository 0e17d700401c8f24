# The Bridge step kernel's state and its C functions (``bridge_step.pyx``; the plain-Python
# twin ``cardcore._ref.bridge_step`` documents the encoding).
from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t

from cardcore._fast.core cimport Core as CoreBase

cdef enum:
    BS_NUM_ACTIONS = 90
    BS_PASS = 0
    BS_DOUBLE = 1
    BS_REDOUBLE = 2
    BS_BID0 = 3
    BS_CARD0 = 38
    BS_AUCTION = 0
    BS_PLAY = 1
    BS_OVER = 2
    BS_MAX_CALLS = 319
    BS_MAX_LEGAL = 37       # the most legal ids: pass, double or redouble, the 35 bids
    # the parts of a score (``bs_score_parts``; ``SCORE_PARTS`` names them)
    BS_SP_TRICK_POINTS = 0
    BS_SP_GAME = 1
    BS_SP_PARTSCORE = 2
    BS_SP_SLAM = 3
    BS_SP_INSULT = 4
    BS_SP_OVERTRICKS = 5
    BS_SP_UNDERTRICKS = 6
    BS_NPARTS = 7

cdef struct BState:
    uint64_t hand[4]        # the cards each seat holds now (52-bit masks)
    uint64_t dealt[4]       # the hands as dealt
    int8_t dealer
    int8_t vul              # bit 0: North-South vulnerable, bit 1: East-West
    int8_t phase
    int8_t player           # the seat that chooses (-1 once over)
    int8_t playing          # the seat whose card is played next (-1 outside the play)
    int16_t ncalls
    int8_t last_bid         # 0 (1C) .. 34 (7NT), -1 before the first bid
    int8_t last_bidder
    int8_t doubled_now      # 0, 1 doubled, 2 redoubled: the status of the last bid
    int8_t passes           # passes in a row at the end of the auction
    int8_t first[10]        # side * 5 + strain -> the side's first seat to name it, or -1
    int8_t level            # the contract (0 / -1 until the auction ends with a bid)
    int8_t strain
    int8_t doubled
    int8_t declarer
    int8_t nplayed
    int8_t leader           # the seat that led (leads) the current trick
    int8_t won[2]           # tricks won by North-South, East-West
    int8_t winners[13]
    uint8_t played[52]      # the cards in play order
    uint8_t calls[320]      # the call ids in order

cdef void bs_init(BState* s, const uint64_t* hands, int dealer, int vul) noexcept nogil
cdef uint64_t bs_legal_cards(const BState* s) noexcept nogil
cdef void bs_score_parts(int level, int strain, int doubled, int tricks, bint vulnerable,
                         int* parts) noexcept nogil
cdef int bs_score(int level, int strain, int doubled, int tricks, bint vulnerable) noexcept nogil
cdef int bs_ns_score(const BState* s) noexcept nogil
cdef int bs_trick_winner_index(const uint8_t* cards, int trump) noexcept nogil


# The core's C record and its fields that read as it stores them (``_Fields``, which the build
# writes from ``core_fields.py``), then the core of the one core contract (``core.pxd``).
cdef class _Fields(CoreBase):
    cdef BState s


cdef class Core(_Fields):
    pass
