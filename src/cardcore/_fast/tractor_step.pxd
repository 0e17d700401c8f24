# The Tractor step kernel's state and its C functions (``tractor_step.pyx``; the plain-Python
# twin ``cardcore._ref.tractor_step`` documents the encoding). The rules it applies are the
# tractor kernel's (``tractor.pxd``).
from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t, uint64_t

from cardcore._fast.core cimport Core as CoreBase

cdef enum:
    TS_PASS = 0
    TS_DECLARE = 1
    TS_BURY = 11
    TS_PLAY = 65
    TS_PAIR = 119
    TS_TRACTOR = 173
    TS_DECLARING = 0
    TS_BURYING = 1
    TS_PLAYING = 2
    TS_OVER = 3
    TS_HAND = 25
    TS_KITTY = 8
    TS_DECK = 108
    TS_CARDS = 100          # the cards played in a deal (4 hands of 25)
    TS_MAX_DECLS = 16       # declaration-phase actions (the rung rises with each declaration)
    TS_MAX_ACTIONS = 128    # actions of one deal: declarations, 8 burials, at most 100 plays
    TS_LEADS_CAP = 1024     # the tractor leads kept from one hand
    TS_MAX_LEGAL = 2 * 54 + TS_LEADS_CAP   # one-card ids and pairs, then the tractor leads
    TS_LEVEL_A = 12         # the top level (rank A)
    TS_OBS_SIZE = 724       # the observation's floats (docs/actions/tractor.md)

cdef struct TState:
    uint64_t lo[4]          # the hands as (lo, hi) masks: bit c of lo when card c is held at
    uint64_t hi[4]          # least once, of hi when twice
    uint8_t dealt[108]      # the deck in deal order: 25 cards per seat 0..3, then the kitty
    uint16_t hist[128]      # the action ids applied, in order
    uint8_t buried[8]       # in burial order
    uint8_t decls[16]       # seat * 16 + id of each declaration-phase action
    uint8_t picked[25]      # the cards a follower has picked so far, in pick order
    uint8_t cards[100]      # the plays of the finished tricks, then of the trick in progress
    int8_t t_leader[25]     # per finished trick: its leader, winner, card points, play size
    int8_t t_winner[25]
    int16_t t_points[25]
    uint8_t t_size[25]
    int16_t nhist
    int16_t nplayed         # cards of the finished tricks (the start of the trick in progress)
    int16_t points          # card points won by the attackers
    int8_t phase
    int8_t turn
    int8_t speaker
    int8_t dealer0          # the dealer given at the start (-1: the first deal's, not known)
    int8_t dealer           # -1 while not known
    int8_t level
    int8_t trump            # -1 while not settled, 4 no-trump
    int8_t decl_seat        # the standing declaration: its seat (-1: none) and id (1..10)
    int8_t decl_id
    int8_t passes
    int8_t first_declarer
    int8_t revealed
    int8_t leader
    int8_t ntricks
    int8_t nplays           # complete plays in the trick in progress
    int8_t size             # cards per play of the trick in progress (or of the last one)
    int8_t npicked
    int8_t nburied
    int8_t ndecls
    int8_t levels[2]        # the teams' levels at the deal's start (team 0: seats 0 & 2)
    int16_t bonus           # the kitty bonus the attackers add (set when the deal is over)
    uint64_t rng            # the generator state after the deal's draws (for the next deal)

cdef int ts_init(TState* s, const uint8_t* deck, int speaker, int dealer, int level0,
                 int level1, uint64_t rng) noexcept nogil
cdef uint64_t ts_shuffle(uint8_t* deck, uint64_t rng) noexcept nogil

# The core's C record and its fields that read as it stores them (``_Fields``, which the build
# writes from ``core_fields.py``), then the core of the one core contract (``core.pxd``).
cdef class _Fields(CoreBase):
    cdef TState s


cdef class Core(_Fields):
    pass
