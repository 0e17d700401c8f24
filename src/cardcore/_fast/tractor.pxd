# Tractor (Shengji) rule kernel: C-level declarations.
#
# A multiset of card ids (two decks: each id at most twice) is a pair of 54-bit masks
# (lo, hi): bit c of ``lo`` is set when card c is held at least once, bit c of ``hi`` when it is
# held twice (so hi is a subset of lo). A TrCtx holds, for one trump (0..3 = c d h s,
# 4 = no-trump) and level rank (0..12 = 2..A), the five effective-suit masks (4 = trumps); it is
# built per call on the stack (no mutable module state). Strengths are compared within one
# effective suit only: a plain suit 0..11 (A = 11, the level rank removed), trumps: the trump
# suit's plain cards 0..11, other-suit level cards 12 (equal to each other), trump-suit level
# cards 13 (in no-trump every level card is 13), BJ 14, RJ 15. Consecutive strengths are
# consecutive pairs for a tractor; equal strengths (the 12 group, the no-trump 13 group) never
# are.

from libc.stdint cimport uint64_t

cdef enum:
    TR_NONE = 0        # not a single, pair or tractor of one effective suit
    TR_SINGLE = 1
    TR_PAIR = 2
    TR_TRACTOR = 3
    TR_TRUMP = 4       # the effective suit of trumps (and the no-trump value of ``trump``)

ctypedef struct TrCtx:
    uint64_t em[5]     # effective-suit masks, em[4] = the trumps
    int trump
    int level

# The card points, the one definition of the rule (the plain-Python twin ``_ref.tractor`` keeps
# ``CARD_POINTS`` equal): every 5 is 5, every 10 and K 10, other cards and the jokers 0 (200 in
# the two decks). Card id ``c`` = rank * 4 + suit with 2..A = 0..12, 52/53 the jokers.
cdef inline int tr_card_points(int c) noexcept nogil:
    if c < 0 or c >= 52:
        return 0
    if (c >> 2) == 3:
        return 5
    if (c >> 2) == 8 or (c >> 2) == 11:
        return 10
    return 0

cdef void tr_ctx(TrCtx* x, int trump, int level) noexcept nogil
cdef int tr_esuit(const TrCtx* x, int c) noexcept nogil
cdef int tr_strength(const TrCtx* x, int c) noexcept nogil
# kind (TR_*); suit = the effective suit (-1 when mixed or empty); top = the highest strength
# of a valid shape (-1 for TR_NONE)
cdef int tr_shape(const TrCtx* x, uint64_t lo, uint64_t hi, int* suit, int* top) noexcept nogil
# the play (plo, phi) is a legal answer to the valid lead (llo, lhi) from the hand (hlo, hhi)
cdef bint tr_legal_follow(const TrCtx* x, uint64_t hlo, uint64_t hhi, uint64_t llo,
                          uint64_t lhi, uint64_t plo, uint64_t phi) noexcept nogil
# the cards that may be chosen next after (clo, chi) so that a legal answer can still be
# completed (0 when the chosen cards are complete or already a dead end)
cdef uint64_t tr_next_mask(const TrCtx* x, uint64_t hlo, uint64_t hhi, uint64_t llo,
                           uint64_t lhi, uint64_t clo, uint64_t chi) noexcept nogil
# the index of the winning play among n plays (lead first, a valid shape, all the same size)
cdef int tr_winner(const TrCtx* x, const uint64_t* lo, const uint64_t* hi, int n) noexcept nogil
# every legal lead as ``lo`` masks (``hi`` 0 for a single, = lo otherwise) into ``out``
# (2 words per lead); returns how many (leads past ``cap`` are counted, not written)
cdef int tr_leads(const TrCtx* x, uint64_t lo, uint64_t hi, uint64_t* out, int cap) noexcept nogil
# the tractor index of a pair mask (-1 when it is in no tractor of the id table)
cdef int tr_tractor_index(uint64_t mask) noexcept nogil
# the pair mask of tractor ``index`` (0..NUM_TRACTORS-1; not checked)
cdef uint64_t tr_tractor_mask(int index) noexcept nogil
# the number of tractors in the id table
cdef int tr_num_tractors() noexcept nogil
