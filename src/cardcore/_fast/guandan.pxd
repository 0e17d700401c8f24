# Guandan combination kernel: C-level declarations.
#
# A hand or a set of cards is a count vector of 54 uint8 (one per card id, 0..2; two decks).
# ``level`` is the level rank index 0..12; the heart of that rank (id level*4+2) is wild.
# A play is a row of 23 uint8 (see the module docstring of cardcore._fast.guandan):
#   kind, rank, length, suit, nwild, aux, wild1, wild2, c0..c12 (natural cards per rank), bj, rj
# Generators write rows into a caller-owned buffer and return how many rows exist; rows past
# ``cap`` are counted but not written, so a caller can retry with a buffer of the returned size.

from libc.stdint cimport uint8_t, uint16_t, int32_t, uint64_t

cdef enum:
    GD_ROW = 23
    GD_NCARDS = 54
    GD_NONE = 255
    GD_COUNTS = 8
    GD_BJ = 21
    GD_RJ = 22

ctypedef struct GHand:
    uint8_t n[13]        # natural cards per rank (the two wild cards excluded)
    uint16_t suit[4]     # per suit: bit r set when a natural card (r, suit) is held
    int w                # wild cards held (0..2)
    int bj               # Black Jokers held
    int rj               # Red Jokers held
    int level            # level rank index 0..12
    int total            # all cards

ctypedef struct GSink:
    uint8_t* buf
    Py_ssize_t cap
    Py_ssize_t n
    int bk               # beat filter: only rows beating (bk, br, bl); bk < 0: none
    int br
    int bl
    const GHand* exact   # classify filter: only rows using exactly these cards; NULL: none
    int32_t* ids         # when not NULL: write each row's play index here instead of the row
    uint64_t* bits       # when not NULL (and ids NULL): set each row's play index bit here
    int level            # (the level of the rows, for ``ids``)

# Fills ``h`` from 54 card counts (each 0..2) and a level 0..12 (not checked).
cdef void gd_hand(const uint8_t* cards, int level, GHand* h) noexcept nogil
# bk < 0: every play (a lead); else only the plays beating the key (bk, br, bl).
cdef Py_ssize_t gd_gen(const GHand* h, int bk, int br, int bl,
                       uint8_t* out, Py_ssize_t cap) noexcept nogil
# Every reading of exactly the cards of ``h``.
cdef Py_ssize_t gd_classify_c(const GHand* h, uint8_t* out, Py_ssize_t cap) noexcept nogil
cdef bint gd_beats_c(int ak, int ar, int al, int bk, int br, int bl) noexcept nogil

# Action ids (see the module docstring): play index -> packed natural key / natural row.
# gd_gen_ids writes the play indexes (0..NUM_PLAYS-1, not yet offset by the first play id)
# of the plays gd_gen would list, in the same order; returns how many.
cdef Py_ssize_t gd_gen_ids(const GHand* h, int bk, int br, int bl,
                           int32_t* out, Py_ssize_t cap) noexcept nogil
# The same plays as bits of a bitmap of play indexes (bit ``p % 64`` of word ``p // 64``; 64
# words, zeroed by the caller).
cdef Py_ssize_t gd_gen_bits(const GHand* h, int bk, int br, int bl,
                            uint64_t* bits) noexcept nogil
# The play index of a level-aware row at ``level`` (-1 when it is no play).
cdef int gd_row_index(const uint8_t* row, int level) noexcept nogil
# Whether play index ``p`` is a play of ``h`` at its level beating (bk, br, bl) (bk < 0: lead).
cdef bint gd_index_ok(const GHand* h, int p, int bk, int br, int bl) noexcept nogil
# The number of plays in the id table.
cdef int gd_nplays() noexcept nogil
# The level-aware row of play index ``p`` at ``level`` (``p`` must exist at that level).
cdef void gd_level_row(int p, int level, uint8_t* out) noexcept nogil
# The physical cards ``row`` takes from ``hand`` (54 counts) as 54 counts in ``o``, in the order
# of ``pick``: 0; -1 when the hand lacks natural cards of the rank index ``lack[0]``, -3 when it
# lacks the card id ``lack[0]`` (the wild card or a joker; ``lack`` may be NULL); -2 for a bad
# suit.
cdef int gd_take(const uint8_t* hand, int level, const uint8_t* row, uint8_t* o,
                 int* lack) noexcept nogil

# What ``gd_count_list`` found wrong with an item of a card-id list.
cdef enum:
    GD_NOT_ID = 1            # not an int (or a bool)
    GD_OUT_OF_RANGE = 2      # an int outside 0..53
    GD_THIRD_COPY = 3        # a third copy of a card (two decks)
# 54 counts from a list of card ids into ``out``: -1 when every item is a card id held at most
# twice, else the index of the first item that is not, with ``why`` set (the callers word
# their own errors: bad input or a corrupt state).
cdef Py_ssize_t gd_count_list(list hand, uint8_t* out, int* why) except -2
