from libc.stdint cimport uint64_t, uint32_t, int8_t, uint8_t, uint16_t, int64_t

ctypedef uint64_t u64

# Cards inside the solver are *bit indices* 16 * suit + rank (suits c, d, h, s = 0..3, ranks
# 2..A = 0..12), so a hand is one u64 with each suit in its own 16-bit lane.

cdef enum:
    CHUNK = 8          # entries per chunk of the transposition table

cdef struct TTChunk:
    # Up to CHUNK stored positions of one group, struct-of-arrays.
    u64 key[CHUNK][2]      # holders (2 bits each) of the named top cards, suits in 32-bit
                           # lanes (suit s in word s // 2 at bit 32 * (s % 2)), top card highest
    uint16_t named[CHUNK]  # per suit (4 bits each): how many top cards the entry names
    u64 mask[CHUNK][2]     # the key bits those cards take (from ``named``, kept for the probes)
    int8_t lb[CHUNK]       # lower bound of the side-0 tricks still to take from the position
    int8_t ub[CHUNK]       # upper bound
    uint8_t best[CHUNK]    # 1 + best lead as 16 * suit + cards held above it; 0 = none
    uint32_t older         # the group's previous chunk (0: none)
    uint8_t n              # entries in use

cdef struct TTGroup:
    # The positions stored for one set of suit lengths and one leader.
    u64 lens           # suit lengths of every hand (nibble 4 * (4 * seat + suit))
    uint32_t newest    # the group's newest chunk (0: none)
    uint8_t leader
    uint8_t gen        # the table's generation when the group was made (else: empty slot)

cdef struct TTable:
    TTGroup* g         # open-addressed group slots
    TTChunk* c         # the chunk pool; chunk 0 is never handed out
    u64 groups_mask    # number of group slots - 1 (a power of two - 1)
    uint32_t chunks    # chunks in the pool
    uint32_t max_chunks  # the pool grows up to this many chunks before it is cleared
    uint32_t used      # chunks handed out so far (the next one is c[used])
    uint8_t gen        # groups of another generation are empty (clearing = a new generation)

cdef struct SearchStats:
    # Pure profiling (no effect on results); counted only when built with CARDCORE_STATS=1.
    int64_t probes     # trick-start transposition-table probes
    int64_t hits       # probes that decided the search
    int64_t cut[4][4]  # cutoffs per position in the trick and index of the move (3 = later)
    int64_t nocut[4]   # nodes where every move failed, per position in the trick
    int64_t by_left[14]  # trick-start nodes per number of tricks left
    int64_t tricks     # tricks completed during the search

cdef struct Pos:
    u64 hand[4]        # seats 0..3 clockwise; sides are {0, 2} and {1, 3}
    u64 gone           # cards of completed tricks
    int trick[4]       # cards of the current trick, in play order
    int leader         # seat that led the current trick
    int trump          # 0..3 = suit, 4 = no trump
    int64_t nodes      # search nodes visited (the budget below counts them; node_count_table)
    int64_t max_nodes  # stop the search after this many nodes (0 = no limit)
    int aborted        # set when max_nodes was reached: results are void
    int flags          # debugging: 1 = no partner quick tricks, 2 = no quick tricks, 4 = no TT, 8 = no top-trump rule
    SearchStats st     # profiling counters, kept only in a CARDCORE_STATS=1 build (dds.pyx)
    TTable tt
    int hist[4][64]    # history heuristic: cutoffs per (seat, card)
    int killer[14]     # per tricks left: the lead of the last cutoff at a trick start

cdef int trick_winner_index(int c0, int c1, int c2, int c3, int trump) noexcept nogil
cdef int quick_tricks(const Pos* P, int leader, int need, u64* win) noexcept nogil
cdef int gen_moves(Pos* P, int player, int pos, int prefer, int prefer2, int* out) noexcept nogil
cdef bint search(Pos* P, int pos, int target, u64* win) noexcept nogil
cdef int solve_ns(Pos* P, int pos, int guess) noexcept nogil
