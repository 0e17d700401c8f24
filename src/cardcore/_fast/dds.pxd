from libc.stdint cimport uint64_t, uint32_t, int8_t, uint8_t

ctypedef uint64_t u64

# Cards inside the solver are *bit indices* 16 * suit + rank (suits c, d, h, s = 0..3, ranks
# 2..A = 0..12), so a hand is one u64 with each suit in its own 16-bit lane.

cdef struct TTBucket:
    # Up to 128 stored positions (BUCKET in dds.pyx), struct-of-arrays so a probe scans the
    # suit lengths first. Positions with the same suit lengths and leader share a bucket.
    u64 lens[128]       # suit lengths of every hand (nibble 4 * (4 * seat + suit))
    u64 key[128][2]     # holders (2 bits each) of the top cards that matter, suits in 32-bit
                       # lanes (suit s in word s // 2 at bit 32 * (s % 2)), top card highest
    u64 mask[128][2]    # the bits of ``key`` that matter: per suit the top 2 * d bits
    int8_t lb[128]      # lower bound of the side-0 tricks still to take from this position
    int8_t ub[128]      # upper bound
    uint8_t leader[128]
    uint8_t best[128]   # 1 + best lead as 16 * suit + cards held above it; 0 = none
    uint8_t n          # slots in use (when ``gen`` is the table's)
    uint8_t next       # slot to replace next when the bucket is full
    uint8_t gen        # the table's generation when the bucket was last written

cdef struct TTable:
    TTBucket* b
    u64 nbuckets_mask  # number of buckets - 1 (a power of two - 1)
    uint8_t gen        # buckets of another generation are empty (clearing = a new generation)

cdef struct Pos:
    u64 hand[4]        # seats 0..3 clockwise; sides are {0, 2} and {1, 3}
    u64 gone           # cards of completed tricks
    int trick[4]       # cards of the current trick, in play order
    int leader         # seat that led the current trick
    int trump          # 0..3 = suit, 4 = no trump
    long nodes
    long max_nodes     # stop the search after this many nodes (0 = no limit)
    int aborted        # set when max_nodes was reached: results are void
    int flags          # debugging: 1 = no partner quick tricks, 2 = no quick tricks, 4 = no TT, 8 = no top-trump rule
    long probes
    long hits
    long cut[4][4]
    long nocut[4]
    long by_left[14]   # trick-start nodes per number of tricks left (profiling)
    long tricks        # tricks completed during the search (profiling)
    TTable tt
    int hist[4][128]    # history heuristic: cutoffs per (seat, card)
    int killer[14]     # per tricks left: the lead of the last cutoff at a trick start

cdef int trick_winner_index(int c0, int c1, int c2, int c3, int trump) noexcept nogil
cdef int quick_tricks(const Pos* P, int leader, int need, u64* win) noexcept nogil
cdef int gen_moves(Pos* P, int player, int pos, int prefer, int prefer2, int* out) noexcept nogil
cdef bint search(Pos* P, int pos, int target, u64* win) noexcept nogil
cdef int solve_ns(Pos* P, int pos, int guess) noexcept nogil
