# Shedding-game move kernel (Dou Dizhu, Zheng Shangyou): C-level declarations.
#
# A hand or play is a rank count vector of 15 uint8 (ranks 3 4 5 6 7 8 9 T J Q K A 2 BJ RJ).
# A move is a row of 18 uint8: kind, rank, length, then the 15 counts. Generators write rows
# into a caller-owned buffer (a Sink) and return how many rows exist; rows past ``cap`` are
# counted but not written, so a caller can retry with a buffer of the returned size. A sink
# with ``ids`` set writes the plays' action ids (int32, ascending) instead of rows.
#
# Action ids: Dou Dizhu 0 = pass, 1..3 = bid 1..3, then DDZ_FIRST_PLAY + the play's index in
# the enumeration of every play of at most DDZ_MAX_CARDS cards (the generator's order on the
# whole deck); Zheng Shangyou 0 = pass, then ZSY_FIRST_PLAY + the play's index (every play of
# at most ZSY_MAX_CARDS cards, then the heavenly bomb).

from libc.stdint cimport uint8_t, int32_t, uint64_t

cdef enum:
    SHED_ROW = 18
    SHED_NRANKS = 15
    DDZ_MAX_CARDS = 20
    ZSY_MAX_CARDS = 16
    DDZ_FIRST_PLAY = 4
    ZSY_FIRST_PLAY = 1
    DDZ_NPLAYS = 24639
    ZSY_NPLAYS = 141

ctypedef struct Sink:
    uint8_t* buf
    Py_ssize_t cap
    Py_ssize_t n
    int32_t* ids      # not NULL: write action ids here instead of rows into ``buf``
    int game          # 0 Dou Dizhu, 1 Zheng Shangyou (for ``ids``)

# bk < 0: leading (every play); else only plays beating the move (bk, br, bl).
cdef Py_ssize_t ddz_gen(const uint8_t* h, int bk, int br, int bl,
                        uint8_t* out, Py_ssize_t cap) noexcept nogil
cdef Py_ssize_t ddz_gen_ids(const uint8_t* h, int bk, int br, int bl,
                            int32_t* out, Py_ssize_t cap) noexcept nogil
cdef Py_ssize_t ddz_classify_c(const uint8_t* h, uint8_t* out, Py_ssize_t cap) noexcept nogil
cdef bint ddz_beats_c(int ak, int ar, int al, int bk, int br, int bl) noexcept nogil

cdef Py_ssize_t zsy_gen(const uint8_t* h, int bk, int br, int bl, bint first,
                        uint8_t* out, Py_ssize_t cap) noexcept nogil
cdef Py_ssize_t zsy_gen_ids(const uint8_t* h, int bk, int br, int bl, bint first,
                            int32_t* out, Py_ssize_t cap) noexcept nogil
cdef Py_ssize_t zsy_classify_c(const uint8_t* h, bint first,
                               uint8_t* out, Py_ssize_t cap) noexcept nogil
cdef bint zsy_beats_c(int ak, int ar, int al, int bk, int br, int bl) noexcept nogil

# Action ids <-> plays. ``*_id_row`` gives the row of a play action id (NULL when ``i`` is no
# play id); ``*_row_id`` the action id of a row's play (-1 when it has none).
cdef const uint8_t* ddz_id_row(int i) noexcept nogil
cdef const uint8_t* zsy_id_row(int i) noexcept nogil
cdef int ddz_row_id(int kind, int rank, int length, const uint8_t* c) noexcept nogil
cdef int zsy_row_id(int kind, int rank, int length, const uint8_t* c) noexcept nogil

# Card masks (bit ``id`` for card id ``id``): the cards of each rank index, the hand's rank
# counts, and the cards a play of counts ``c`` takes from a hand (the lowest ids of each rank;
# Zheng Shangyou takes the 3 of hearts first among the 3s).
cdef uint64_t shed_rank_mask(int r) noexcept nogil
cdef void shed_counts(uint64_t mask, uint8_t* h) noexcept nogil
cdef uint64_t shed_pick(uint64_t hand, const uint8_t* c, int game) noexcept nogil
# The cards of a play in its canonical order (core ranks first, then the others, each
# ascending; the rank's cards ascending, the 3 of hearts first in Zheng Shangyou): fills ``out``
# and returns the number of cards.
cdef int shed_order(uint64_t mask, int game, int kind, int rank, int length,
                    uint8_t* out) noexcept nogil
# The rank notation of a play (``"33344455"``, ``"333 BJ"``) into ``out``;
# returns its length (``out`` holds at least 128 bytes).
cdef int shed_text(int game, int kind, int rank, int length, const uint8_t* c,
                   char* out) noexcept nogil


# The storage of a Dou Dizhu or Zheng Shangyou move record: the fields, read-only to Python
# (the record types of cardcore._fast.shedding_moves derive from it; the kernel fills them).
cdef class ShedRecord:
    cdef readonly object kind      # the kind's name (str)
    cdef readonly object rank      # int
    cdef readonly object length    # int
    cdef readonly object cards     # tuple of Card
    cdef readonly object _code     # the kind code (int)
