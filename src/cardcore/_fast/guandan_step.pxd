# The Guandan step core's state and its C functions (``guandan_step.pyx``; the plain-Python
# twin ``cardcore._ref.guandan_step`` documents the encoding). The plays and their keys are the
# guandan kernel's (``guandan.pxd``).
from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t, uint64_t

from cardcore._fast.core cimport Core as CoreBase

cdef enum:
    GS_FIRST_PLAY = 55
    GS_NCARDS = 54
    GS_CARDS = 108          # cards of a deal (two decks): at most 108 plays
    GS_MAX_PASSES = 336     # at most 3 passes answer a play
    GS_PLAY_CAP = 16        # cards of one play (a bomb has at most 10)
    GS_HAND = 27            # cards dealt to a seat
    GS_NO_RETURN = -1       # a tribute whose card is not returned yet

cdef struct GState:
    uint8_t cnt[4][54]      # the hands: per seat, the count (0..2) of each card id
    uint8_t cards[108]      # the cards of the plays, in play order (each play's own order)
    uint8_t pseat[108]      # per play: its seat, its action id, its number of cards
    uint16_t pid[108]
    uint8_t pn[108]
    uint8_t qseat[336]      # per pass: its seat and the index of the play it passed on
    int16_t qon[336]
    uint8_t tcards[16]      # the play on the table: its cards, seat and id (tid 0: none)
    int16_t tid
    int8_t tseat
    int8_t tn
    int16_t nplays
    int16_t ncards
    int16_t nq
    int8_t turn
    int8_t level
    int8_t passes           # passes since the play on the table
    int8_t nplaces
    int8_t places[4]        # the seats out, in order
    uint64_t rng            # the generator state after the deal's draws
    int8_t levels[2]        # the teams' levels as the deal started (team 0: seats 0 and 2)
    int8_t cancelled        # the payers held both Red Jokers: no tribute
    int8_t ntrib            # tribute records: payer, receiver, card, returned card
    int8_t tfrom[2]
    int8_t tto[2]
    int8_t tcard[2]
    int8_t tret[2]          # GS_NO_RETURN until returned

cdef bint gs_is_legal(const GState* s, long i) noexcept nogil
# -1: not legal (nothing changed); 0 done
cdef int gs_apply(GState* s, int i, const uint8_t* cards, int n) noexcept nogil

# The core's C record and its fields that read as it stores them (``_Fields``, which the build
# writes from ``core_fields.py``), then the core of the one core contract (``core.pxd``).
cdef class _Fields(CoreBase):
    cdef GState s


cdef class Core(_Fields):
    cdef void _sizes(self)
