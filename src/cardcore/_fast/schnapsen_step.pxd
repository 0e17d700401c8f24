# The Schnapsen step kernel's state and its C functions (``schnapsen_step.pyx``; the plain-Python
# twin ``cardcore._ref.schnapsen_step`` documents the encoding).
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint64_t

from cardcore._fast.core cimport Core as CoreBase

cdef enum:
    SCH_NUM_ACTIONS = 30
    SCH_MARRY0 = 20         # ids 20..27: lead card ``20 + id`` announcing its marriage
    SCH_EXCHANGE = 28
    SCH_CLOSE = 29
    SCH_FIRST_CARD = 32     # Tc: ids 0..19 play card ``32 + id``
    SCH_DECK = 20
    SCH_HAND = 5
    SCH_STOCK = 10
    SCH_TRICKS = 10
    SCH_MAX_ACTIONS = 22    # 20 cards, an exchange and a close at most in a deal
    SCH_TARGET = 66
    SCH_MATCH_POINTS = 7
    SCH_OBS_SIZE = 213
    SCH_LEAD = 0            # phases
    SCH_FOLLOW = 1
    SCH_OVER = 2
    SCH_REASON_66 = 0       # why a deal ended
    SCH_REASON_MARRIAGE = 1
    SCH_REASON_LAST = 2

cdef struct SchState:
    uint64_t rng                # the generator state after the deal
    uint64_t hand[2]            # bit c: card id c in the seat's hand
    uint64_t known[2]           # the cards of each hand that are publicly known
    uint8_t deal[20]            # the 20 cards in dealing order
    uint8_t stock[10]           # the stock, top first; stock[9] the trump card
    uint8_t ids[22]             # the action ids applied
    uint8_t nids
    uint8_t pos                 # the next card of ``stock`` to draw
    int8_t trump                # the trump suit
    int8_t dealer
    int8_t leader
    int8_t phase                # SCH_LEAD, SCH_FOLLOW, SCH_OVER
    int8_t lead                 # the card led to the current trick, -1 when none
    uint8_t closed
    int8_t closer               # -1: not closed
    int16_t close_points        # the closer's opponent's points at closing
    int8_t close_tricks         # ... and tricks
    int16_t points[2]           # card points of the tricks won plus marriages that count
    int16_t pending[2]          # marriage points waiting for the seat's first trick
    int8_t won[2]               # tricks won
    uint8_t married[2][4]       # suits announced, in order
    uint8_t nmarried[2]
    uint8_t tricks[10][4]       # finished tricks: leader, lead, follow, winner
    uint8_t ntricks
    uint8_t start_counts[2]     # the match counts when the deal started
    uint8_t counts[2]           # the match counts (the winner's lowered once over)
    int8_t winner               # -1 until over
    int8_t game_points          # 0 until over
    int8_t reason               # -1 until over

cdef int sch_points(int card) noexcept nogil
cdef bint sch_beats(int lead, int follow, int trump) noexcept nogil
cdef uint64_t sch_strict_mask(uint64_t hand, int lead, int trump) noexcept nogil
cdef int sch_deal_game_points(int winner, int closer, int close_points, int close_tricks,
                              bint last_trick, int loser_points, int loser_tricks) noexcept nogil
cdef void sch_init(SchState* s, const uint8_t* deck, int dealer, const uint8_t* counts,
                   uint64_t rng) noexcept nogil
cdef int sch_legal(const SchState* s, int32_t* out) noexcept nogil

# The core's C record and its fields that read as it stores them (``_Fields``, which the build
# writes from ``core_fields.py``), then the core of the one core contract (``core.pxd``).
cdef class _Fields(CoreBase):
    cdef SchState s


cdef class Core(_Fields):
    pass
