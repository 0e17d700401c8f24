# The step of the shedding games on integer action ids: C-level declarations.
#
# A deal of Dou Dizhu or Zheng Shangyou is the typed record ``Deal`` behind the class ``Core``
# (a subclass of the one core contract, ``core.pxd``); the scoring rules the step applies are
# declared here (their one definition is in ``shedding_step.pyx``; the plain-Python twin
# ``_ref.shedding_step`` keeps the same).

from libc.stdint cimport uint8_t, int16_t, uint64_t

from cardcore._fast.core cimport Core as CoreBase

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
    uint64_t rng        # the SplitMix64 state the Dou Dizhu redeals draw from
    int redeals         # auctions that ended in three passes, each redealt
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

# make the legal id ``i``, a play taking the cards ``pick`` in the order ``order`` (``n``
# cards); three passes that end a Dou Dizhu auction without a bid redeal from ``s.rng``
cdef void deal_apply(Deal* s, int i, uint64_t pick, const uint8_t* order, int n) noexcept nogil

# The core's C record and its fields that read as it stores them (``_Fields``, which the build
# writes from ``core_fields.py``), then the core of the one core contract (``core.pxd``).
cdef class _Fields(CoreBase):
    cdef Deal s


cdef class Core(_Fields):
    cdef int _sizes(self) except -1
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
# Dou Dizhu: the scores of seats 0, 1, 2 of a finished deal of ``stake`` (bid x multiplier)
# into ``out``: each farmer wins or loses the stake, the landlord twice that
cdef void ddz_scores_c(int landlord, int winner, long stake, double* out) noexcept nogil

cdef enum:
    # Zheng Shangyou's end penalties: a card left (doubled for a seat that never played), the
    # 2 of spades (the deck's only 2), each bomb in hand (four of a rank, or the three aces)
    ZSY_CARD_PENALTY = 1
    ZSY_TWO_PENALTY = 10
    ZSY_BOMB_PENALTY = 10

# Zheng Shangyou: the bombs in a hand of rank counts ``counts`` (``n`` = 13 or 15 ranks)
cdef long zsy_count_bombs_c(const long* counts, int n) noexcept nogil
# Zheng Shangyou: what a seat left with the hand ``counts`` pays at the end (``played``: it
# played a card)
cdef long zsy_penalty_c(const long* counts, int n, bint played) noexcept nogil
# Zheng Shangyou: the scores of seats 0, 1, 2 of a finished deal into ``out``: the settled
# bonuses, minus each loser's penalty, the winner collecting all the penalties
cdef void zsy_scores_c(int winner, const long* penalties, const long* bonus,
                       double* out) noexcept nogil
