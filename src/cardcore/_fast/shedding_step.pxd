# The step of the shedding games on integer action ids: C-level declarations.
#
# A deal of Dou Dizhu or Zheng Shangyou is the typed record ``Deal`` behind the class ``Core``;
# the scoring rules the step applies are declared here (their one definition is in
# ``shedding_step.pyx``; the plain-Python twin ``_ref.shedding_step`` keeps the same).

from libc.stdint cimport uint8_t, int16_t, int32_t, uint64_t

cdef enum:
    # the phases of a deal
    PH_BID = 0
    PH_PLAY = 1
    PH_OVER = 2
    # the actions a deal can hold (auction words, plays, passes) and the plays
    MAX_EVENTS = 256
    MAX_PLAYS = 64
    MAX_BOMB_LOG = 16

# One deal. Cards are masks (bit ``id`` for card id ``id``). The actions applied are kept in
# order (``ev_*``; the first ``nauction`` are Dou Dizhu's auction); a play also keeps its
# event index and its cards (``play_*``), and each seat its cards in the order played.
ctypedef struct Deal:
    int game            # 0 Dou Dizhu, 1 Zheng Shangyou
    int phase           # PH_*
    int turn
    int first           # Dou Dizhu: the first bidder; Zheng Shangyou: the holder of the 3h
    int redeal          # three passes ended the auction without a bid
    uint64_t hand[3]
    uint64_t bottom
    uint8_t dealt[54]   # the cards as dealt (for the export)
    int bid, bidder, bid_passes, landlord, bombs, spring
    int passes
    int table           # index of the play to beat in play_*, -1 when leading
    int winner
    int opening, pending          # Zheng Shangyou: no card played yet; the bomb to settle
    int bonus[3]
    int nbomblog
    uint8_t bomb_seat[MAX_BOMB_LOG]
    int nplayed[3]
    uint8_t played[3][20]
    int num_plays[3]
    int nev, nauction
    int16_t ev_id[MAX_EVENTS]
    uint8_t ev_seat[MAX_EVENTS]
    int nplays
    int16_t play_ev[MAX_PLAYS]
    uint64_t play_mask[MAX_PLAYS]

cdef bint deal_is_legal(const Deal* s, long i) noexcept
cdef Py_ssize_t deal_legal_ids(const Deal* s, int32_t* out) noexcept
cdef int deal_apply(Deal* s, int i, uint64_t pick, const uint8_t* order, int n) noexcept

cdef class Core:
    cdef Deal s
    cdef bint _ready        # set by the constructor (``_live``)
    cdef tuple _kind_text(self, int i)
    cdef list _play(self, int k)

cdef enum:
    # Zheng Shangyou's bomb bonus: the bomber wins it, each opponent pays half of it
    ZSY_BOMB_BONUS = 20
    # Dou Dizhu's ways a finished deal doubles (``ddz_spring_c``)
    DDZ_NO_SPRING = 0
    DDZ_SPRING = 1
    DDZ_REVERSE_SPRING = 2

# Zheng Shangyou: whether a play of kind ``kind`` (an index of ``ZSY_KINDS``) claims the bomb
# bonus: a bomb or an ace bomb played as an answer (``answering``), never a lead
cdef bint zsy_claims_bonus_c(int kind, bint answering) noexcept nogil
# Zheng Shangyou: the score change of seat ``s`` when seat ``bomber``'s bomb bonus is settled
cdef int zsy_bonus_share_c(int bomber, int s) noexcept nogil
# Dou Dizhu: how a finished deal doubles (DDZ_*): a spring when the landlord went out before
# either farmer played a card, a reverse spring when a farmer went out while the landlord had
# played only the opening lead; ``num_plays``: the plays of seats 0, 1, 2
cdef int ddz_spring_c(int landlord, int winner, const long* num_plays) noexcept nogil
# Dou Dizhu: the multiplier, doubled on every bomb and rocket played and once more for a spring
# or reverse spring
cdef long ddz_multiplier_c(int bombs, bint doubled) noexcept nogil
